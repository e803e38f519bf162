"""k-norm error moments of leaves and subtrees, and PruneTree (Zhong chapter 4).

* Leaf (4.29): E[r_l^k] = prod_{i<k} (b_l + c lam + i) / (n_l + J lam + i), with
  b_l = n_l - max_j n_{j,l} the training errors and c = J - 1 (Zhong's printed
  form, ``numerator="J-1"``) or c = 1 (``numerator="1"``, the convention under
  which the printed Figure B.1 breakpoint is reproduced; see errata).
* Subtree (4.28): E[r_d^k] = sum_c E[r_c^k] P*[A_c|A_d], with the child weights
  (4.11) P*[A_c|A_d] = (n_c + eta) / (n_d + eta K_d).
* Mean, variance and standard deviation (4.12)-(4.14); the k-norm E[r^k]^(1/k).
* PruneTree (Fig 4.1): bottom-up, keep a split iff R_tree < R_leaf - epsilon.
* The prediction error of an input (4.30): the leaf moments of its leaf.

Exactness.  Moments are exact Fractions up to ``EXACT_K_LIMIT``; beyond it
(k in the millions) :func:`moment` returns a certified ``flint.arb`` ball built
from certified lgamma (the Gamma extension (C.26), which also gives moments at
real k).  PruneTree decides every comparison exactly: a float64 filter with a
rigorous relative error bound settles clear cases, and only comparisons too
close to call fall back to exact rationals (``flint.fmpq``) - the robust
geometric-predicate pattern.  The number of fallbacks is reported.

Counts.  The class counts n_j are non-negative integers or exact rationals (Fractions: weighted
counts, sums of row weights); the moments (4.28)-(4.30) are those of a Dirichlet posterior with
parameters n_j + lam and hold for any n_j >= 0.  The float filter's bounds assume integer counts
(exact floats below 2**53), so PruneTree decides rational counts by exact rationals alone (arb
above ``EXACT_K_LIMIT``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence, Union

import flint
import numpy as np

from .certify import (TINY, U, Approx, Decider, float_greater_array, product_rel, quotient_rel,
                      rising_ratio_array, rising_ratio_rel, sum_rel, weighted_sum_rel)
from .limits import EXACT_K_LIMIT, check_counts_size, check_nonnegative, check_parameter
from .numbers import (arb_of, check_k, decimal_str, exact, exact_or_symbol, fraction_str, is_symbolic,
                      rational_count_values, rising, rising_ratio_arb, rising_ratio_fmpq, to_fmpq,
                      to_fraction)
from .pruning import Pruning, check_epsilon, prune_bottom_up
from .tree import Node, Tree, has_fractional_counts

__all__ = ["Prior", "EXACT_K_LIMIT", "leaf_terms", "leaf_moment_terms", "leaf_moment_floats", "leaf_moment", "leaf_moment_arb", "child_weight", "child_weights", "weighted_recursion", "moment",
           "subtree_moment", "subtree_moment_arb", "ErrorEstimate", "error_estimate", "leaf_error",
           "PruneResult", "prune", "prediction_error", "sqrt_decimal", "knorm_decimal"]

_NUMERATORS = ("J-1", "1")


@dataclass(frozen=True)
class Prior:
    """Parameters of the k-norm estimate: Lidstone ``lam`` (class probabilities),
    ``eta`` (child proportions, 4.11) and the error ``numerator`` convention.

    Values are exact: int, Fraction, ``"1/2"`` or ``"0.5"``; a float is a TypeError.
    ``lam`` may be a sympy Symbol for symbolic leaf moments.

    >>> Prior()
    Prior(lam=Fraction(1, 2), eta=Fraction(1, 2), numerator='J-1')
    >>> Prior(lam=0.5)
    Traceback (most recent call last):
    TypeError: lam must be exact: got the float 0.5; pass Fraction(1, 2) or the string '0.5'
    """

    lam: Any = Fraction(1, 2)
    eta: Any = Fraction(1, 2)
    numerator: str = "J-1"

    def __post_init__(self):
        lam = check_parameter(exact_or_symbol(self.lam, "lam"), "lam")
        eta = check_parameter(exact(self.eta, "eta"), "eta")
        check_nonnegative(lam, "lam"), check_nonnegative(eta, "eta")
        if self.numerator not in _NUMERATORS:
            raise ValueError(f"numerator must be 'J-1' (Zhong 4.29) or '1', got {self.numerator!r}")
        object.__setattr__(self, "lam", lam)
        object.__setattr__(self, "eta", eta)

    def error_offset(self, n_classes: int):
        """c lam: the prior mass added to the error count b (c = J-1 or 1).

        >>> Prior().error_offset(3), Prior(numerator="1").error_offset(3)      # lam = 1/2: 2 lam, 1 lam
        (Fraction(1, 1), Fraction(1, 2))
        """
        c = n_classes - 1 if self.numerator == "J-1" else 1
        return c * self.lam

    def term_offsets(self, n_classes: int) -> tuple:
        """(c lam, J lam): what the prior adds to a node's training errors and size in the terms
        of Zhong (4.29) (:func:`leaf_terms`), for ``n_classes`` = J classes.

        >>> Prior().term_offsets(3)                   # c = J - 1 = 2
        (Fraction(1, 1), Fraction(3, 2))
        """
        return self.error_offset(n_classes), n_classes * self.lam


def posterior_prior(prior: Any, pruner: str, why: str) -> Prior:
    """``prior`` checked for a pruner whose moments take the whole Lidstone posterior
    Dir(n_j + lam) (:func:`~exactprune.costs.prune_costs`, :func:`~exactprune.classprob.prune_pet`):
    a :class:`Prior` (TypeError otherwise) with the default ``numerator`` "J-1".  The numerator
    convention is a choice for the 0-1 error rate of (4.29) alone (c = J - 1 is the Dirichlet
    marginal of 1 - p_Label, c = 1 is not); ``why`` says what the pruner computes instead, for
    the ValueError refusing another numerator.

    >>> posterior_prior(Prior(lam=1), "prune_pet", "...")
    Prior(lam=Fraction(1, 1), eta=Fraction(1, 2), numerator='J-1')
    >>> posterior_prior(Prior(numerator="1"), "prune_pet", "its errors (7.17) have no error count")
    Traceback (most recent call last):
    ValueError: prune_pet takes only numerator 'J-1', got '1': the numerator convention belongs to the 0-1 error rate of (4.29); its errors (7.17) have no error count
    """
    if not isinstance(prior, Prior):
        raise TypeError(f"prior must be an exactprune Prior, got {type(prior).__name__}")
    if prior.numerator != "J-1":
        raise ValueError(f"{pruner} takes only numerator 'J-1', got {prior.numerator!r}: the numerator "
                         f"convention belongs to the 0-1 error rate of (4.29); {why}")
    return prior


# -- the leaf moment (4.29): one home for its terms and its exact, certified and float forms ------
# E[r_l^k] = a^(k) / d^(k) with a = b + c lam, d = n + J lam.  The terms: leaf_terms (the formula,
# for any arithmetic: exact, symbolic, float arrays) and leaf_moment_terms (from a node's counts,
# checked).  The ratio a^(k) / d^(k): exact numbers.rising_ratio_fmpq, certified
# numbers.rising_ratio_arb (any real k), float images with a rigorous bound certify.rising_ratio
# (one node) and certify.rising_ratio_array (many: leaf_moment_floats).

def leaf_terms(n, most, offsets: tuple) -> tuple[Any, Any]:
    """The terms (a, d) = (b + c lam, n + J lam) of Zhong (4.29) for nodes of ``n`` examples,
    ``most`` of them in the majority class (b = n - most the training errors), given ``offsets``
    = (c lam, J lam) (:meth:`Prior.term_offsets`) in the arithmetic wanted: Python ints with
    Fractions, fmpq or sympy values give exact terms; float64 arrays (counts below 2**53, so
    n - most is exact) give the float images, each term one rounding of the sum rule.

    Parameters
    ----------
    n, most : int or numpy array
        Node sizes and majority counts.
    offsets : tuple
        (c lam, J lam).

    Returns
    -------
    tuple
        (a, d), so that E[r_l^k] = a^(k) / d^(k), a ratio of rising factorials (C.26).

    Examples
    --------
    >>> leaf_terms(54, 49, Prior().term_offsets(3))      # Zhong (B.1): 6/55.5
    (Fraction(6, 1), Fraction(111, 2))
    """
    offset, jlam = offsets
    return n - most + offset, n + jlam


def leaf_moment_terms(counts: Sequence, prior: Prior = Prior(), where: str = "leaf") -> tuple[Any, Any]:
    """(B, M) of a node as a leaf, Zhong (4.29) in the notation of App C: B = b + c lam
    (b = n - max_j n_j the training errors, c from ``prior.numerator``) and M = n + J lam,
    so that E[r_l^k] = B^(k) / M^(k), a ratio of rising factorials (C.26): :func:`leaf_terms`
    of checked counts.  The counts are non-negative integers or exact rationals (Fractions:
    weighted counts; the Dirichlet moments are defined for any n_j >= 0,
    :func:`~exactprune.numbers.rational_count_values`); a float is a TypeError.

    ``where`` names the node in the error raised for an empty node with lam = 0.

    >>> leaf_moment_terms((0, 49, 5))             # Zhong (B.1): 6/55.5
    (Fraction(6, 1), Fraction(111, 2))
    >>> leaf_moment_terms((Fraction(1, 2), Fraction(3, 2)))      # (1/2 + 1/2, 2 + 1)
    (Fraction(1, 1), Fraction(3, 1))
    >>> leaf_moment_terms((0, 0), Prior(lam=0), "node c1")
    Traceback (most recent call last):
    ValueError: node c1: an empty node with lam = 0 has no defined error moment
    """
    counts = check_counts_size(rational_count_values(counts), where)
    a, d = leaf_terms(sum(counts), max(counts), prior.term_offsets(len(counts)))
    if not is_symbolic(d) and d == 0:
        raise ValueError(f"{where}: an empty node with lam = 0 has no defined error moment")
    return a, d


#: integers below this are exact float64 values
_FLOAT_EXACT_INT = 2 ** 53
#: bound of a float term of (4.29): an exact integer plus a correctly rounded c lam or J lam (sum rule)
_TERM_REL = sum_rel(0.0, U)


def leaf_moment_floats(sizes, majority, n_classes: int, prior: Prior, k: int) -> tuple:
    """Float images of the leaf moments (4.29) of many nodes (``sizes``, ``majority``: integer
    arrays) with rigorous relative bounds, as arrays ``(values, rels)`` (an infinite bound where
    the image cannot be vouched for): the terms by :func:`leaf_terms` in float64 from the
    correctly rounded floats of c lam and J lam, each with the bound ``sum_rel(0, U)`` (an exact
    integer plus one rounded float), and the ratio by
    :func:`~exactprune.certify.rising_ratio_array` (bound :func:`~exactprune.certify.rising_ratio_rel`).
    The bound assumes integer counts (an integer below 2**53 is an exact float, so n - most is
    exact): a node whose size or majority count is not an integer (rational counts, an object
    array holding Fractions) has no image, and nor has a node of 2**53 examples or more, or any
    node when c lam or J lam has a float neither 0 nor in [TINY, 2**1000].

    Parameters
    ----------
    sizes, majority : numpy integer arrays (or object arrays)
        Node sizes n and majority counts max_j n_j.
    n_classes : int
        J.
    prior : Prior
    k : int
        The moment's order.

    Returns
    -------
    tuple of numpy arrays
        (values, rels).

    Examples
    --------
    >>> v, r = leaf_moment_floats(np.array([54]), np.array([49]), 3, Prior(), 2)
    >>> abs(Fraction(v[0]) - Fraction(56, 4181)) <= Fraction(r[0]) * Fraction(v[0]), bool(r[0] < 20 * U)
    (True, True)
    >>> leaf_moment_floats(np.array([Fraction(109, 2)], dtype=object), np.array([49], dtype=object), 3, Prior(), 2)[1]
    array([inf])
    """
    return _leaf_images(sizes, majority, tuple(_float_or_inf(x) for x in prior.term_offsets(n_classes)), k)


def _leaf_images(sizes, majority, offsets: tuple, k: int) -> tuple:
    """:func:`leaf_moment_floats` given the floats of (c lam, J lam) (:func:`_float_or_inf`: inf
    when there is no image, which makes a or d inf): a caller imaging many blocks of nodes
    converts the parameters once."""
    if sizes.dtype == object or majority.dtype == object:
        sizes_f, majority_f = sizes.astype(np.float64), majority.astype(np.float64)
    else:       # integers: n - most exact in the integers, then one rounding adding the float offset, as in floats
        sizes_f, majority_f = sizes, majority
    a, d = leaf_terms(sizes_f, majority_f, offsets)
    values, rels = rising_ratio_array((a, _TERM_REL), (d, _TERM_REL), k)
    if sizes.dtype != object and majority.dtype != object and (not sizes.size or sizes.max() < _FLOAT_EXACT_INT):
        return values, rels                     # every node imaged
    imaged = sizes < _FLOAT_EXACT_INT
    if sizes.dtype == object or majority.dtype == object:      # only Python ints are exact floats here
        imaged &= np.fromiter((s.__class__ is int and m.__class__ is int for s, m in
                               zip(sizes.tolist(), majority.tolist())), dtype=bool, count=sizes.size)
    return values, np.where(imaged, rels, math.inf)


def leaf_moment(counts: Sequence[int], k, prior: Prior = Prior()):
    """E[r_l^k] of a node treated as a leaf, exactly (Zhong 4.29), for k <= ``EXACT_K_LIMIT``
    (above it: :func:`leaf_moment_arb`, or :func:`moment`).

    >>> leaf_moment((0, 49, 5), 1)            # Zhong (B.1): 6/55.5 = 0.1081
    Fraction(4, 37)
    >>> leaf_moment((0, 49, 5), 2)            # Zhong (B.2): 6*7/(55.5*56.5)
    Fraction(56, 4181)
    >>> leaf_moment((98, 1), 1)               # Zhong (4.16): 0.015
    Fraction(3, 200)
    """
    k = check_k(k, limit=EXACT_K_LIMIT, limit_name="EXACT_K_LIMIT (use leaf_moment_arb or moment above it)")
    a, d = leaf_moment_terms(counts, prior)
    if is_symbolic(a) or is_symbolic(d):
        import sympy
        return sympy.factor(sympy.sympify(rising(a, k)) / sympy.sympify(rising(d, k)))
    return to_fraction(rising_ratio_fmpq(a, d, k))


def leaf_moment_arb(counts: Sequence[int], k, prior: Prior = Prior()) -> flint.arb:
    """Certified ball for E[r_l^k] at any real k > 0 (Zhong 4.29 extended by (C.26)):
    Gamma(a+k) Gamma(d) / (Gamma(a) Gamma(d+k)), with about ``flint.ctx.prec`` correct bits at any
    size of k (:func:`~exactprune.numbers.log_rising_ratio_arb`); an integer k is limited by
    ``MAX_K``.

    >>> ball = leaf_moment_arb((0, 49, 5), 25680602)
    >>> 0 < ball < 1
    True
    >>> leaf_moment_arb((0, 49, 5), 2).overlaps(arb_of(Fraction(168, 12543)))
    True
    >>> leaf_moment_arb((0, 49, 5), 10 ** 22).rad() < 1e-300        # not vacuous at k = 1e22
    True
    """
    if not isinstance(k, (flint.arb, Fraction)):
        k = check_k(k)
    return rising_ratio_arb(*leaf_moment_terms(counts, prior), k)


def child_weight(child: Node, parent: Node, eta) -> Fraction:
    """P*[A_c|A_d] = (n_c + eta) / (n_d + eta K_d) (Zhong 4.11); ``eta`` exact and >= 0.

    >>> parent = Node((0, 50, 50), [Node((0, 49, 5)), Node((0, 1, 45))])
    >>> child_weight(parent.children[0], parent, Fraction(1, 2))   # Zhong (B.3): 0.5396
    Fraction(109, 202)
    """
    if not isinstance(eta, Fraction):
        eta = exact(eta, "eta")
    check_nonnegative(eta, "eta")
    den = parent.n + eta * len(parent.children)
    if den == 0:
        raise ValueError(f"node {parent.name}: n_t + eta K_t is 0 (no examples and eta = 0); use eta > 0")
    return (child.n + eta) / den


def child_weights(arrays, eta, order=None) -> np.ndarray:
    """The child weights (4.11) P*[A_c|A_t] = (n_c + eta) / (n_t + eta K_t) of every node c of
    count arrays (:class:`~exactprune.tree.CountArrays`) given its parent t, as an object array
    of Fractions (the root's entry is 1).  ``eta`` exact and >= 0; a parent with
    n_t + eta K_t = 0 is a ValueError naming it (the first in ``order``, an index array, if
    given).

    Parameters
    ----------
    arrays : CountArrays
    eta : exact number
    order : numpy integer array, optional
        The order in which to look for a parent of weight 0 (default: index order).

    Returns
    -------
    numpy object array
        The weight of every node (Fractions).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> a = iris_tree().arrays()
    >>> child_weights(a, Fraction(1, 2))[a.index("c1")]          # Zhong (B.3): (50 + 1/2)/(150 + 1)
    Fraction(101, 302)
    """
    if not isinstance(eta, Fraction):
        eta = exact(eta, "eta")
    check_nonnegative(eta, "eta")
    parent, sizes = arrays.parent, arrays.sizes.astype(object)
    den = sizes + eta * arrays.n_children.astype(object)
    zero = (den == 0) & (arrays.n_children > 0)
    if np.any(zero):
        where = np.flatnonzero(zero) if order is None else np.asarray(order)[zero[np.asarray(order)]]
        raise ValueError(f"node {arrays.name(int(where[0]))}: n_t + eta K_t is 0 (no examples and eta = 0); use eta > 0")
    weights = np.empty(arrays.n_nodes, dtype=object)
    weights[0] = Fraction(1)
    below = np.arange(1, arrays.n_nodes)
    weights[1:] = [Fraction(n + eta) / d for n, d in zip(sizes[below].tolist(), den[parent[below]].tolist())]
    return weights


def subtree_moment(node: Node, k, prior: Prior = Prior()):
    """E[r_d^k] of the subtree rooted at ``node`` as it stands (Zhong 4.28), exactly.

    >>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    >>> subtree_moment(t.root, 1)             # Zhong (4.25): 0.0087247
    Fraction(691, 79200)
    """
    k = check_k(k, limit=EXACT_K_LIMIT, limit_name="EXACT_K_LIMIT (use subtree_moment_arb or moment above it)")
    return weighted_recursion(node, lambda leaf: leaf_moment(leaf.counts, k, prior), prior.eta)


def weighted_recursion(node: Node, leaf_value: Callable[[Node], Any], eta) -> Any:
    """sum_c P*[A_c|A_d] v(c) applied bottom-up from v(leaf) = ``leaf_value(leaf)``: the subtree
    recursion shared by the error moments (4.28), the cost moments (7.4) and the class-probability
    errors (7.18), with the child weights (4.11).  Iterative (deep trees are fine).

    >>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    >>> weighted_recursion(t.root, lambda leaf: leaf.n, Fraction(1, 2))     # (98.5*98 + 1.5*1)/100
    Fraction(19309, 200)
    """
    values: dict = {}
    for current in node.postorder():
        if current.is_leaf:
            values[id(current)] = leaf_value(current)
        else:
            values[id(current)] = sum(child_weight(c, current, eta) * values[id(c)] for c in current.children)
    return values[id(node)]


def subtree_moment_arb(node: Node, k, prior: Prior = Prior()) -> flint.arb:
    """Certified ball for (4.28) at any real k > 0, at the current precision.

    >>> from exactprune.tree import iris_tree
    >>> c1 = iris_tree().node("c1")                     # (50, 0, 0): Zhong (B.11) 1*2/(51.5*52.5) at k = 2
    >>> (subtree_moment_arb(c1, 2) - flint.arb(8) / 10815).contains(0)
    True
    >>> (subtree_moment_arb(c1, 1) - flint.arb(2) / 103).contains(0)      # E[r] = (0 + 1)/(50 + 3/2)
    True
    """
    values: dict = {}
    for current in node.postorder():
        if current.is_leaf:
            values[id(current)] = leaf_moment_arb(current.counts, k, prior)
        else:
            total = flint.arb(0)
            for c in current.children:
                total += arb_of(child_weight(c, current, prior.eta)) * values[id(c)]
            values[id(current)] = total
    return values[id(node)]


def moment(node: Union[Node, Tree], k, prior: Prior = Prior()):
    """The k-th moment E[r^k] of ``node`` (a leaf by 4.29, a subtree by 4.28).

    Exact Fraction for k <= EXACT_K_LIMIT, otherwise a certified ``flint.arb``.

    >>> from exactprune.tree import iris_tree
    >>> moment(iris_tree().node("c1"), 2)       # Zhong (B.11): 1*2/(51.5*52.5)
    Fraction(8, 10815)
    """
    if isinstance(node, Tree):
        node = node.root
    k = check_k(k)
    if k <= EXACT_K_LIMIT:
        return subtree_moment(node, k, prior)
    return subtree_moment_arb(node, k, prior)


# -- mean, standard deviation, k-norm ------------------------------------------------

def sqrt_decimal(value: Fraction, places: int) -> str:
    """sqrt(value) correctly rounded (half-even) to ``places`` decimals, by integer arithmetic.

    >>> sqrt_decimal(Fraction(2), 5)
    '1.41421'
    """
    value = Fraction(value)
    if value < 0:
        raise ValueError("sqrt of a negative number")
    scaled = value * 10 ** (2 * places)
    root = math.isqrt(scaled.numerator // scaled.denominator)
    half = Fraction(2 * root + 1, 2) ** 2
    if scaled > half or (scaled == half and root % 2 == 1):
        root += 1
    text = str(root).rjust(places + 1, "0")
    return text[:-places] + "." + text[-places:] if places else text


def knorm_decimal(value, k: int, digits: int = 10) -> str:
    """value^(1/k) to ``digits`` significant digits: the exact midpoint of a certified arb root
    at 64 + 4 ``digits`` bits, rounded once (half-even); the digits are those of the root unless
    it lies within about 2^-(60 + 4 digits) of a rounding boundary.

    >>> knorm_decimal(Fraction(1, 4), 2, 3)
    '0.500'
    """
    with flint.ctx.workprec(64 + 4 * digits):
        mantissa, exponent = arb_of(value).root(k).mid().man_exp()
    return decimal_str(Fraction(int(mantissa)) * Fraction(2) ** int(exponent), digits)


@dataclass(frozen=True)
class ErrorEstimate:
    """E[r], E[r^2], the variance (exact) and the standard deviation and 2-norm
    (irrational: shown correctly rounded), Zhong (4.12)-(4.14), (B.13)-(B.16).

    >>> e = ErrorEstimate(Fraction(1, 4), Fraction(1, 8))
    >>> e.variance, e.sd(3), e.norm2(6), str(e)          # sqrt(1/16) = 0.25, sqrt(1/8) = 0.353553...
    (Fraction(1, 16), '0.250', '0.353553', '0.2500 +- 0.2500')
    """

    mean: Fraction
    second: Fraction

    @property
    def variance(self) -> Fraction:
        """E[r^2] - E[r]^2, exact (4.14).

        >>> ErrorEstimate(Fraction(1, 2), Fraction(1, 2)).variance      # r in {0, 1}, each with probability 1/2
        Fraction(1, 4)
        """
        return self.second - self.mean ** 2

    def sd(self, places: int = 6) -> str:
        """The standard deviation, correctly rounded to ``places`` decimals.

        >>> ErrorEstimate(Fraction(0), Fraction(2, 100)).sd(5)          # sqrt(0.02) = 0.1414213...
        '0.14142'
        """
        return sqrt_decimal(self.variance, places)

    def norm2(self, places: int = 6) -> str:
        """The 2-norm sqrt(E[r^2]), correctly rounded to ``places`` decimals.

        >>> ErrorEstimate(Fraction(1, 10), Fraction(1, 25)).norm2(3)    # sqrt(0.04)
        '0.200'
        """
        return sqrt_decimal(self.second, places)

    def __str__(self) -> str:
        return f"{decimal_str(self.mean, 4)} +- {self.sd(4)}"

    def as_dict(self) -> dict:
        """The JSON form: exact fractions as strings, the irrational ones correctly rounded.

        >>> out = ErrorEstimate(Fraction(1, 4), Fraction(1, 8)).as_dict()
        >>> out["variance"], out["sd_approx"], out["mean_approx"]
        ('1/16', '0.2500000000', 0.25)
        """
        return {"mean": fraction_str(self.mean), "second_moment": fraction_str(self.second),
                "variance": fraction_str(self.variance), "sd_approx": self.sd(10),
                "norm2_approx": self.norm2(10), "mean_approx": float(self.mean)}


def error_estimate(node: Union[Node, Tree], prior: Prior = Prior()) -> ErrorEstimate:
    """Mean and second moment of the error rate of a subtree (4.12)-(4.13).

    >>> e = error_estimate(Node((98, 1)))           # Zhong (4.16)-(4.18)
    >>> e.mean, e.sd(6)
    (Fraction(3, 200), '0.012095')
    """
    if isinstance(node, Tree):
        node = node.root
    return ErrorEstimate(subtree_moment(node, 1, prior), subtree_moment(node, 2, prior))


def leaf_error(node: Node, prior: Prior = Prior()) -> ErrorEstimate:
    """The error of a prediction made by ``node`` as a leaf (Zhong 4.30, B.17-B.25).

    >>> e = leaf_error(Node((50, 0, 0)))      # lam = 1/2, c = J - 1 = 2: (0 + 1)/(50 + 3/2), (B.11)
    >>> e.mean, e.second
    (Fraction(2, 103), Fraction(8, 10815))
    """
    return ErrorEstimate(leaf_moment(node.counts, 1, prior), leaf_moment(node.counts, 2, prior))


def prediction_error(tree: Tree, x: Sequence[float], prior: Prior = Prior()) -> dict:
    """Predicted class and its error (4.30) for input ``x`` routed through ``tree``.

    Returns ``{"leaf", "label", "estimate"}``; ``estimate`` is an :class:`ErrorEstimate`
    ("class 1, error 0.11 +- 0.04").

    >>> from exactprune.tree import iris_tree
    >>> out = prediction_error(iris_tree(), [1.4, 0.2])     # petal width 0.2 <= 0.8: the leaf c1 (50, 0, 0)
    >>> out["leaf"], out["label"], out["estimate"].mean
    ('c1', 'setosa', Fraction(2, 103))
    """
    leaf = tree.leaf_for(x)
    label = tree.class_names[leaf.label] if tree.class_names else leaf.label
    return {"leaf": leaf.name, "label": label, "estimate": leaf_error(leaf, prior)}


# -- PruneTree (Fig 4.1) -------------------------------------------------------------


class PruneResult(Pruning):
    """Outcome of PruneTree at order ``k`` (a :class:`~exactprune.pruning.Pruning`).

    ``tree`` is the pruned tree (a new Tree; the input is untouched), ``moment`` its k-th
    moment (Fraction, or arb for k > EXACT_K_LIMIT), ``pruned`` the names of the topmost
    splits turned into leaves (in index order), ``kept_splits`` the decision at every split,
    ``comparisons`` the number of decisions, ``routes`` how each was settled by the decision
    kernel (:class:`~exactprune.certify.Decider`: ``float``, ``arb`` or ``exact``) and
    ``fallbacks`` how many of them the float filter could not settle.  ``tree``, ``pruned`` and
    ``moment`` are built on first access, so the decisions themselves cost one pass.

    >>> from exactprune.tree import iris_tree
    >>> result = prune(iris_tree(), 2)                  # Zhong Figure B.1(d)
    >>> result.pruned, result.tree.n_leaves, result.comparisons
    (['c21', 'c22'], 3, 7)
    """

    k: int      # always an order here (the base class allows None)

    def __init__(self, source: Tree, k: int, evaluator: "_ArrayEvaluator"):
        super().__init__(source, k, evaluator.kept, evaluator.decider.routes)
        self._evaluator = evaluator

    @property
    def tree(self) -> Tree:
        """The pruned tree (:meth:`~exactprune.tree.Tree.pruned_tree` of the decisions, given the
        nodes that remain from the float pass's breadth-first positions when it ran).

        >>> from exactprune.tree import iris_tree
        >>> small = prune(iris_tree(), 2).tree             # Zhong Figure B.1(d): c21 and c22 made leaves
        >>> small.n_leaves, small.arrays().names()
        (3, ['root', 'c1', 'c2', 'c21', 'c22'])
        """
        if not hasattr(self, "_tree"):      # (the remaining nodes from the pass's own positions and decisions)
            self._tree = self._source.pruned_tree(self._kept_splits, remaining=self._evaluator.remaining())
        return self._tree

    @property
    def moment(self):
        """The k-th moment of the pruned tree by (4.28)-(4.29), exact for k <= EXACT_K_LIMIT.

        >>> from exactprune.tree import iris_tree
        >>> F = Fraction
        >>> leaf = lambda b, n: (b + 1) * (b + 2) / ((n + F(3, 2)) * (n + F(5, 2)))    # (4.29), k = 2, c lam = 1
        >>> c2 = F(109, 202) * leaf(5, 54) + F(93, 202) * leaf(1, 46)       # c21 (0, 49, 5), c22 (0, 1, 45)
        >>> prune(iris_tree(), 2).moment == F(101, 302) * leaf(0, 50) + F(201, 302) * c2     # weights (n + 1/2)/(N + 1)
        True
        """
        if not hasattr(self, "_moment"):
            self._moment = self._evaluator.root_moment()
        return self._moment

    @property
    def norm(self) -> str:
        """The k-norm E[r^k]^(1/k), certified, to 10 significant digits.

        >>> from exactprune.tree import iris_tree
        >>> result = prune(iris_tree(), 2)
        >>> abs(float(result.norm) ** 2 - float(result.moment)) < 1e-12
        True
        """
        return knorm_decimal(self.moment, self.k, 10)


#: PruneTree's float pass trusts a non-zero weight >= _WEIGHT_FLOOR and a non-zero moment >=
#: _VALUE_FLOOR, so that every non-zero product of the two is at least TINY (no underflow)
_WEIGHT_FLOOR = 2.0 ** -60
_VALUE_FLOOR = TINY / _WEIGHT_FLOOR


#: nodes whose leaf moments (and splits whose child weights) PruneTree's float pass makes at a time
_LEAF_BLOCK = 1 << 14


def _float_or_inf(value: Fraction) -> float:
    """float(value) (correctly rounded) if it is 0 or in [TINY, 2**1000], else inf."""
    if value == 0:
        return 0.0
    try:
        result = float(value)
    except OverflowError:
        return math.inf
    return result if TINY <= result <= 2.0 ** 1000 else math.inf


class _ArrayEvaluator:
    """PruneTree's bottom-up pass over the count arrays (:class:`~exactprune.tree.CountArrays`),
    numpy level by level from the deepest; every keep/prune decision is a sign settled by the
    decision kernel :class:`~exactprune.certify.Decider`.

    For k <= EXACT_K_LIMIT float64 arrays hold each node's leaf moment (4.29) and optimal
    subtree moment (4.28); their relative bounds come from certify's rules applied elementwise
    (:func:`leaf_moment_floats` for the leaf, :func:`~exactprune.certify.weighted_sum_rel` for
    the weighted sum of the children, :func:`~exactprune.certify.float_greater_array`, the rule of
    :func:`~exactprune.certify.float_sign_array`, for the filter).
    Comparisons the filter declines go one by one to exact rationals (``flint.fmpq``) of the
    optimally pruned subtrees.  For larger k every comparison is a certified arb sign of
    R_leaf - epsilon - R_tree (a tie there raises CertificationError).

    Rational counts (weighted counts, :func:`~exactprune.tree.has_fractional_counts`): the
    float filter's bounds assume integer counts (exact floats), so for k <= EXACT_K_LIMIT every
    comparison goes to exact rationals (the terms built from the counts as fmpq), and above it
    to certified arb signs as for integers (:func:`~exactprune.numbers.rising_ratio_arb` takes
    rational terms).
    """

    def __init__(self, k: int, prior: Prior, epsilon: Fraction):
        self.k, self.prior, self.epsilon = k, prior, epsilon
        self.decider = Decider(max_prec=1 << 16)
        self.exact_cache: dict = {}     # node index -> fmpq moment of the optimal subtree
        self.leaf_cache: dict = {}      # node index -> fmpq leaf moment
        #: every node's (size, majority) lists, made by :meth:`root_moment` only (it reads every node)
        self.every_node: Optional[tuple] = None

    # -- exact rationals (fallback, and the moment of the result) ---------------------
    @cached_property
    def _exact_terms(self) -> tuple:
        """eta as fmpq, (c lam, J lam) as fmpq (:meth:`Prior.term_offsets`) and whether the counts
        are fractional: what the exact rationals are built from, with :meth:`_size_majority` (made
        on the first exact evaluation)."""
        a = self.arrays
        offsets = tuple(to_fmpq(x) for x in self.prior.term_offsets(a.counts.shape[1]))
        return to_fmpq(self.prior.eta), offsets, has_fractional_counts(a)

    def _size_majority(self, i: int) -> tuple:
        """n_i and max_j n_{j,i} as Python ints (fmpq for rational counts), read from node i's row
        of counts (an exact fallback reads a few nodes, so no list over every node is made) or from
        :attr:`every_node` when the moment of the result made it."""
        if self.every_node is not None:
            return self.every_node[0][i], self.every_node[1][i]
        row = self.arrays.counts[i].tolist()
        size, majority = sum(row), max(row)
        if self._exact_terms[2]:        # Fractions as fmpq (fmpq and Fraction do not mix)
            return to_fmpq(size), to_fmpq(majority)
        return size, majority

    def _weights(self, i: int, children: list, one) -> list:
        """Child weights (4.11) (n_c + eta) / (n_i + eta K_i) as fmpq, passed through ``one``."""
        eta = self._exact_terms[0]
        den = self._size_majority(i)[0] + eta * len(children)
        if den == 0:
            raise ValueError(f"node {self.arrays.name(i)}: n_t + eta K_t is 0 (no examples and eta = 0); use eta > 0")
        return [one((self._size_majority(c)[0] + eta) / den) for c in children]

    def leaf_exact(self, i: int):
        """The leaf moment (4.29) of node ``i`` as fmpq: (b + c lam)^(k) / (n + J lam)^(k) (an empty
        node with lam = 0 was refused by :meth:`run`)."""
        if i not in self.leaf_cache:
            size, majority = self._size_majority(i)
            self.leaf_cache[i] = rising_ratio_fmpq(*leaf_terms(size, majority, self._exact_terms[1]), self.k)
        return self.leaf_cache[i]

    def tree_exact(self, i: int):
        children = self.arrays.children_of(i)
        return sum(w * self.pruned(c, self.leaf_exact, to_fmpq, self.exact_cache)
                   for w, c in zip(self._weights(i, children, to_fmpq), children))

    def pruned(self, root: int, leaf_value, one, cache: dict):
        """The moment of the optimally pruned subtree at node ``root`` (its decisions made),
        bottom-up without recursion: a kept split weighs its children (4.28), any other node is a
        leaf (4.29)."""
        order, stack = [], [root]
        while stack:
            i = stack.pop()
            if i not in cache:
                order.append(i)
                if self.kept[i]:
                    stack.extend(self.arrays.children_of(i))
        for i in sorted(order, reverse=True):      # children have larger indices
            if self.kept[i]:
                children = self.arrays.children_of(i)
                weights = self._weights(i, children, one)
                cache[i] = sum(w * cache[c] for w, c in zip(weights, children))
            else:
                cache[i] = leaf_value(i)
        return cache[root]

    # -- certified balls (large k) --------------------------------------------------------
    def leaf_arb(self, i: int):
        return leaf_moment_arb(tuple(self.arrays.counts[i].tolist()), self.k, self.prior)

    def tree_arb(self, i: int):
        children = self.arrays.children_of(i)
        cache: dict[int, flint.arb] = {}
        return sum(w * self.pruned(c, self.leaf_arb, arb_of, cache)
                   for w, c in zip(self._weights(i, children, arb_of), children))

    # -- the pass ---------------------------------------------------------------------------
    def run(self, tree: Tree) -> None:
        a = self.arrays = tree.arrays()
        self.kept = np.zeros(a.n_nodes, dtype=bool)
        if self.prior.lam == 0 and np.any(a.sizes == 0):
            name = a.name(int(np.flatnonzero(a.sizes == 0)[0]))
            raise ValueError(f"node {name}: an empty node with lam = 0 has no defined error moment")
        if not len(a.indices):      # no split
            return
        if self.k > EXACT_K_LIMIT:
            self._arb_pass(a)
        elif has_fractional_counts(a):
            self._exact_pass(a)
        else:
            self._float_pass(a, tree.n_classes)

    def _one_by_one(self, a, sign: Callable[[int], int]) -> None:
        """A pass deciding the splits one by one (a level at a time from the deepest): the split at
        i is kept iff ``sign(i)``, the kernel's sign of R_leaf - epsilon - R_tree, is positive."""
        prune_bottom_up(a, np.zeros(a.n_nodes), lambda splits, best, level: best[splits],
                        lambda splits, tree, level: np.array([sign(i) > 0 for i in splits.tolist()], dtype=bool),
                        self.kept)

    def _exact_pass(self, a) -> None:
        """The pass for rational counts at k <= EXACT_K_LIMIT: every decision between exact
        rationals (fmpq), no float filter (its bounds assume integer counts)."""
        eps, decider = to_fmpq(self.epsilon), self.decider
        self._one_by_one(a, lambda i: decider.sign(
            None, None, exact=lambda: self.leaf_exact(i) - eps - self.tree_exact(i)))

    def _arb_pass(self, a) -> None:
        """The pass for k > EXACT_K_LIMIT: every decision a certified arb sign of R_leaf -
        epsilon - R_tree, the balls recomputed at each precision the kernel asks for (the values
        the engine carries are not used)."""
        eps, decider = arb_of(self.epsilon), self.decider
        self._one_by_one(a, lambda i: decider.sign(
            None, None, ball=lambda: self.leaf_arb(i) - eps - self.tree_arb(i)))

    def _float_pass(self, a, n_classes: int) -> None:
        """The pass for k <= EXACT_K_LIMIT (:func:`~exactprune.pruning.prune_bottom_up`, a level
        at a time from the deepest) over breadth-first positions
        (:meth:`~exactprune.tree.CountArrays.split_positions`): the children of a level's splits
        are one slice of positions, each split's children consecutive, so a level costs a fixed
        number of numpy calls on slices (a binary tree's pairs are two strided views).

        Bounds (certify's rules): a non-zero leaf moment has the bound ``leaf_rel``.  A term w_c
        v_c has the product rule's bound of weight_rel and rel_c, and the sum of at most K terms
        the sum rule applied K - 1 times to their largest bound: f(r) =
        :func:`~exactprune.certify.weighted_sum_rel` (weight_rel, r, K), monotone and above r.  A
        node decided in the t-th level (t = 0 the deepest level with splits) has a kept subtree
        of height at most t + 1, so every subtree value of that level has the bound
        f^(t+1)(leaf_rel), one number per level.  An approximation that cannot be vouched for is
        NaN, which every comparison declines and every sum keeps: a leaf moment that is neither 0
        nor at least ``_VALUE_FLOOR`` (or whose node size passes 2**53), the weights of a node
        with a weight neither 0 nor at least ``_WEIGHT_FLOOR``, a subtree value that is neither 0
        nor at least ``_VALUE_FLOOR``; so every non-zero term is at least TINY (no underflow).
        The sum of a split's terms is taken left to right (a missing term of a narrower split
        adds nothing).  The decisions the filter declines go to exact rationals, one by one."""
        order, _ = a.breadth_first()
        splits, levels = a.splits_by_position()     # split positions in breadth-first order, and by level
        binary = len(a.indices) == 2 * len(splits)
        arity = np.broadcast_to(2, splits.shape) if binary else a.n_children[order[splits]]    # children per split
        first = None if binary else np.cumsum(arity) - arity + 1     # each split's first child (binary: 2 s + 1)
        sizes_f, value, leaf_rel, weight_rel = self._leaf_floats(a.counts, order, n_classes)
        eta_f = _float_or_inf(self.prior.eta)
        with np.errstate(all="ignore"):
            weight = sizes_f        # position p > 0: P*[A_p | A_parent] (4.11), made in place over the sizes
            del sizes_f
            for stop in range(len(splits), 0, -_LEAF_BLOCK):     # a block of splits at a time, the last first:
                begin = max(0, stop - _LEAF_BLOCK)      # their children lie past every earlier split's own entry
                den = weight.take(splits[begin:stop]) + eta_f * arity[begin:stop]
                if binary:
                    kids = weight[2 * begin + 1:2 * stop + 1]
                    np.add(kids, eta_f, out=kids)
                    np.divide(kids.reshape(-1, 2), den[:, None], out=kids.reshape(-1, 2))
                else:
                    assert first is not None        # made when the tree is not binary
                    kids = weight[first[begin]:first[stop - 1] + arity[stop - 1]]
                    np.add(kids, eta_f, out=kids)
                    np.divide(kids, np.repeat(den, arity[begin:stop]), out=kids)
            weight[0] = 0.0
            if not weight[1:].min() >= _WEIGHT_FLOOR:      # some weight is NaN, or below the floor (0 included)
                low = (weight != 0.0) & ~(weight >= _WEIGHT_FLOOR)
                starts = np.arange(1, 2 * len(splits), 2) if first is None else first
                weight[starts[np.logical_or.reduceat(low[1:], starts - 1)]] = math.nan    # an untrusted weight: NaN subtree
        eps = Approx.of(self.epsilon)       # NaN with an infinite bound if it has no float image
        bounds, bound, width = [], leaf_rel, int(arity.max())     # bounds[t]: f^(t+1)(leaf_rel) plus epsilon (sum rule)
        for _ in levels:
            bound = weighted_sum_rel(weight_rel, bound, width)
            bounds.append(sum_rel(bound, eps.rel))
        n_splits = len(splits)
        del splits
        runs, stop = [], n_splits           # runs[t]: the level's splits and children as slices
        for positions in levels:
            begin = stop - len(positions)
            if first is None:               # binary
                runs.append((slice(begin, stop), 2 * begin + 1, 2 * stop + 1))
            else:
                runs.append((slice(begin, stop), int(first[begin]), int(first[stop - 1] + arity[stop - 1])))
            stop = begin
        slots = None if binary else self._slots(arity, first, runs)
        eps_exact, decider, kept = to_fmpq(self.epsilon), self.decider, np.zeros(len(order), dtype=bool)
        shift = eps.value != 0.0 or eps.rel != 0.0      # epsilon's float image is not the exact 0

        def subtree(positions, best, t):
            _, low_child, high_child = runs[t]
            terms = weight[low_child:high_child] * best[low_child:high_child]
            if binary:
                tree_v = terms[0::2] + terms[1::2]
            else:
                terms = np.append(terms, 0.0)       # the missing terms of narrower splits
                tree_v = terms[slots[t][0]]
                for slot in slots[t][1:]:
                    tree_v += terms[slot]
            if np.fmin.reduce(tree_v) < _VALUE_FLOOR:
                tree_v[(tree_v < _VALUE_FLOOR) & (tree_v != 0.0)] = math.nan
            return tree_v

        def decide(positions, tree_v, t):
            if shift:
                tree_v = tree_v + eps.value
            leaf_v = value.take(positions)      # (not yet overwritten: the splits' leaf moments)
            keep, settled = float_greater_array(leaf_v, leaf_v * leaf_rel, tree_v, bounds[t])
            if not np.logical_and.reduce(settled):
                declined = np.flatnonzero(~settled)
                below = runs[t][1]          # the positions of the levels below, decided: for the exact walk
                self.kept[order[below:]] = kept[below:]
                for position in declined.tolist():
                    i = int(order[positions[position]])
                    keep[position] = decider.sign(None, None, exact=lambda: self.leaf_exact(i) - eps_exact
                                                  - self.tree_exact(i)) > 0
                decider.routes["float"] += positions.size - declined.size
            else:
                decider.routes["float"] += positions.size
            return keep

        with np.errstate(all="ignore"):
            prune_bottom_up(a, value, subtree, decide, kept, levels, in_place=True)
        self.kept[order] = kept
        self._positions = (order, levels, runs, None if binary else arity, kept)

    def remaining(self) -> Optional[np.ndarray]:
        """Which nodes remain in the pruned tree (:meth:`~exactprune.tree.CountArrays.subtree_mask`
        of the decisions) from the float pass's breadth-first positions, top-down a level at a
        time: a kept split's children are one slice of positions.  Asked once (by
        :attr:`PruneResult.tree`): the positions are dropped then; None after another pass."""
        if not hasattr(self, "_positions"):
            return None
        order, levels, runs, arity, kept = self._positions
        del self._positions
        remains = np.empty(len(order), dtype=bool)
        remains[0] = True
        for positions, (span, low_child, high_child) in zip(reversed(levels), reversed(runs)):
            open_splits = remains.take(positions) & kept.take(positions)
            remains[low_child:high_child] = open_splits.repeat(2 if arity is None else arity[span])
        alive = np.empty(self.arrays.n_nodes, dtype=bool)
        alive[order] = remains
        return alive

    @staticmethod
    def _sizes_by_position(counts, order) -> tuple:
        """``(sizes, majority)``: n_t = sum_j n_{j,t} and max_j n_{j,t} of the nodes ``order``
        (:attr:`~exactprune.tree.CountArrays.sizes` and ``majority`` of those rows), a class
        column at a time, left to right (no (n_nodes, n_classes) temporary).

        >>> s, m = _ArrayEvaluator._sizes_by_position(np.array([[3, 2, 1], [0, 4, 4]]), np.array([1, 0]))
        >>> s.tolist(), m.tolist()
        ([8, 6], [4, 3])
        """
        sizes = counts[:, 0][order]                # (np.take would copy the whole strided column first)
        majority = sizes.copy()
        for j in range(1, counts.shape[1]):
            column = counts[:, j][order]
            sizes += column
            np.maximum(majority, column, out=majority)
        return sizes, majority

    @staticmethod
    def _slots(arity, first, runs) -> list:
        """For a tree with a split of other than 2 children: per level, the slot arrays of
        :meth:`_float_pass`'s sum, slot j giving each split's j-th child as an index into the
        level's terms (the children's slice, one 0 term appended) or the appended 0 term."""
        out = []
        for span, low_child, high_child in runs:
            width, start = arity[span], first[span] - low_child
            out.append([np.where(width > j, start + j, high_child - low_child) for j in range(int(width.max()))])
        return out

    def _leaf_floats(self, counts, order, n_classes: int) -> tuple:
        """``(sizes, values, leaf_rel, weight_rel)``: the sizes n_t (as floats) of the nodes
        ``order`` (rows of ``counts``), the float images of their leaf moments (4.29)
        (:func:`leaf_moment_floats`, a block of nodes at a time: small temporaries), the bound
        ``leaf_rel`` of a non-zero one and the bound of every child weight, by certify's rules: a
        child weight (n_c + eta) / (n + eta K) is a sum over a sum of a product (quotient rule),
        the counts exact floats and eta correctly rounded.  Each bound is the same for every
        node (a zero image has the bound 0, and ``leaf_rel`` times 0 is 0), so no bound is kept
        per node: an image that cannot be vouched for is NaN instead (an infinite bound from
        :func:`leaf_moment_floats`).  A parameter whose float is not 0 exactly or in [TINY,
        2**1000] voids every bound (every image NaN: the filter declines everywhere); so does a
        leaf moment that is neither 0 exactly nor at least ``_VALUE_FLOOR``."""
        offsets = tuple(_float_or_inf(x) for x in self.prior.term_offsets(n_classes))
        usable = all(math.isfinite(x) for x in (*offsets, _float_or_inf(self.prior.eta)))
        leaf_rel = rising_ratio_rel(_TERM_REL, _TERM_REL, self.k) if usable else math.inf
        weight_rel = quotient_rel(sum_rel(0.0, U), sum_rel(0.0, product_rel(U, 0.0))) if usable else math.inf
        sizes_f, leaf_v = np.empty(len(order)), np.empty(len(order))
        for start in range(0, len(order), _LEAF_BLOCK):
            block = slice(start, start + _LEAF_BLOCK)
            sizes, majority = self._sizes_by_position(counts, order[block])
            sizes_f[block] = sizes
            values, rels = _leaf_images(sizes, majority, offsets, self.k)     # (leaf_moment_floats)
            if not rels.max() < math.inf:
                values[np.isinf(rels)] = math.nan
            leaf_v[block] = values
        if usable and (not leaf_v.size or leaf_v.min() >= _VALUE_FLOOR):
            return sizes_f, leaf_v, leaf_rel, weight_rel         # every moment trusted
        with np.errstate(invalid="ignore"):
            leaf_v[~(((leaf_v >= _VALUE_FLOOR) | (leaf_v == 0.0)) & usable)] = math.nan
        return sizes_f, leaf_v, leaf_rel, weight_rel

    def root_moment(self):
        if self.k <= EXACT_K_LIMIT:
            a = self.arrays         # the moment reads every node: its sizes and majorities in one pass
            sizes, majority = a.sizes.tolist(), a.majority.tolist()
            if self._exact_terms[2]:
                sizes, majority = [to_fmpq(x) for x in sizes], [to_fmpq(x) for x in majority]
            self.every_node = sizes, majority
            return to_fraction(self.pruned(0, self.leaf_exact, to_fmpq, self.exact_cache))
        with flint.ctx.workprec(128):
            return self.pruned(0, self.leaf_arb, arb_of, {})


def prune(tree: Union[Tree, Node], k: Any, *, prior: Prior = Prior(), epsilon: Any = 0) -> PruneResult:
    """PruneTree (Zhong Fig 4.1): the pruning of ``tree`` that minimises E[r^k].

    A split at t is kept iff R_tree < R_leaf - epsilon, R_leaf the k-th moment of t as a leaf
    (4.29) and R_tree that of its subtree pruned optimally below (4.28); one bottom-up pass
    (:func:`~exactprune.pruning.prune_bottom_up`).  Decisions are exact (see the module
    docstring).  The input is not modified.  Called as every pruner
    (:mod:`exactprune.pruning`): the tree, the order ``k``, the options keyword-only.

    Parameters
    ----------
    tree : Tree or Node
        The tree to prune (a Node is taken as the root of a Tree).  Its counts are non-negative
        integers or exact rationals (weighted counts: decided without the float filter, every
        comparison between exact rationals).
    k : int
        The order of the norm minimised: the pruning minimises E[r^k], the k-th moment of the
        error rate r (so also the k-norm E[r^k]^(1/k)); k = 1 is the expected error rate, a
        larger k weighs the uncertainty of the estimate more.  A positive integer (an int, or an
        exact integer such as ``"2"``; a float is refused) up to ``MAX_K``; the moments are exact
        rationals up to ``EXACT_K_LIMIT`` and decided by certified arb signs above it.
    prior : Prior, default ``Prior()``
        The parameters of (4.29) and (4.11): ``lam`` (class probabilities), ``eta`` (child
        proportions) and the error ``numerator`` convention.  The default is lam = eta = 1/2
        with numerator ``"J-1"`` (Zhong's printed (4.29): c = J - 1 in b + c lam).
    epsilon : exact number, default 0
        The margin of Fig 4.1: a split is kept iff R_tree < R_leaf - epsilon.  Exact (int,
        Fraction, ``"1/1000"``; a float is a TypeError), >= 0 (a negative one is a ValueError),
        at most ``MAX_EPSILON_DIGITS`` digits (:func:`~exactprune.pruning.check_epsilon`).  With
        epsilon = 0 a split whose subtree ties with its leaf is pruned.

    Returns
    -------
    PruneResult
        The decisions (``kept_splits``, over the input's :meth:`~exactprune.tree.Tree.arrays`
        indices) and how each was settled (``routes``, ``fallbacks``); the pruned tree
        (``tree``, a new Tree), the names of the splits turned into leaves (``pruned``) and its
        k-th moment (``moment``: a Fraction, or an arb ball above ``EXACT_K_LIMIT``).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> result = prune(iris_tree(), 2)
    >>> result.tree.n_leaves, sorted(result.pruned)     # Zhong Figure B.1(d)
    (3, ['c21', 'c22'])
    >>> result.moment                                   # Zhong (B.14): 0.005856
    Fraction(...)
    >>> half = Fraction(1, 2)                           # rational counts: every comparison exact
    >>> weighted = prune(Node((Fraction(11, 2), Fraction(11, 2)), [Node((5, half)), Node((half, 5))]), 2)
    >>> weighted.routes, weighted.pruned
    ({'float': 0, 'arb': 0, 'exact': 1}, [])
    """
    if isinstance(tree, Node):
        tree = Tree(tree)
    if not isinstance(tree, Tree):
        raise TypeError(f"prune needs a Tree, got {type(tree).__name__}")
    if not isinstance(prior, Prior):
        raise TypeError(f"prior must be an exactprune Prior, got {type(prior).__name__}")
    k = check_k(k)
    epsilon = check_epsilon(epsilon)
    evaluator = _ArrayEvaluator(k, prior, epsilon)
    evaluator.run(tree)
    return PruneResult(tree, k, evaluator)
