"""The formulas of the k-norm error estimate (Zhong chapter 4), each in one place.

* :class:`Prior`: lam, eta and the numerator convention.
* Leaf (4.29): ``E[r_l^k] = prod_{i<k} (b_l + c lam + i) / (n_l + J lam + i)``: its terms
  (:func:`leaf_terms`, :func:`leaf_moment_terms`) and its exact (:func:`leaf_moment`), certified
  (:func:`leaf_moment_arb`) and float (:func:`leaf_moment_floats`) forms.
* The child weights (4.11) ``P*[A_c|A_d] = (n_c + eta) / (n_d + eta K_d)``: :func:`child_weights`, in
  the arithmetic asked for (exact, certified ball or float image), with its one refusal.
* Subtree (4.28): ``E[r_d^k] = sum_c E[r_c^k] P*[A_c|A_d]``, :func:`weighted_recursion` in exact or
  ball arithmetic (:func:`subtree_moment`, :func:`subtree_moment_arb`, :func:`moment`).

The mean, variance and standard deviation (4.12)-(4.14) and the prediction error (4.30) built
from these are :mod:`exactprune.knorm.estimates`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence, Union

import flint
import numpy as np

from ..certify import TINY, U, rising_ratio_array, rising_ratio_gamma_array, sum_rel
from ..limits import EXACT_K_LIMIT, check_counts_size, check_nonnegative, check_parameter
from ..numbers import (arb_of, check_k, exact, exact_or_symbol, is_symbolic, rational_count_values, rising,
                       rising_ratio_arb, rising_ratio_fmpq, to_fmpq, to_fraction)
from ..tree import Node, Tree

__all__ = ["Prior", "posterior_prior", "EXACT_K_LIMIT", "GAMMA_IMAGE_FROM", "leaf_terms", "leaf_moment_terms", "leaf_moment_floats",
           "leaf_moment", "leaf_moment_arb", "zero_weight_refusal", "child_weights", "child_weight", "tree_child_weights",
           "weighted_recursion", "subtree_moment", "subtree_moment_arb", "moment"]

_NUMERATORS = ("J-1", "1")


@dataclass(frozen=True)
class Prior:
    """Parameters of the k-norm estimate: Lidstone ``lam`` (class probabilities),
    ``eta`` (child proportions, 4.11) and the error ``numerator`` convention.

    Values are exact: int, Fraction, ``"1/2"`` or ``"0.5"``; a float is a TypeError.
    ``lam`` may be a sympy Symbol for symbolic leaf moments.

    Parameters
    ----------
    lam : int, Fraction, str or sympy Symbol
        Lidstone lambda of the class probabilities (default 1/2).
    eta : int, Fraction or str
        Lidstone eta of the child proportions (4.11) (default 1/2).
    numerator : str
        The error numerator: ``"J-1"`` (Zhong (4.29) as printed, the default) or ``"1"``.

    Examples
    --------
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

        Parameters
        ----------
        n_classes : int
            J, the number of classes.

        Returns
        -------
        exact number
            c lam, c = J - 1 or 1 by the numerator convention.

        See Also
        --------
        term_offsets : (c lam, J lam).

        Examples
        --------
        >>> Prior().error_offset(3), Prior(numerator="1").error_offset(3)      # lam = 1/2: 2 lam, 1 lam
        (Fraction(1, 1), Fraction(1, 2))
        """
        c = n_classes - 1 if self.numerator == "J-1" else 1
        return c * self.lam

    def term_offsets(self, n_classes: int) -> tuple:
        """(c lam, J lam): what the prior adds to a node's training errors and size in the terms
        of Zhong (4.29) (:func:`leaf_terms`), for ``n_classes`` = J classes.

        Parameters
        ----------
        n_classes : int
            J, the number of classes.

        Returns
        -------
        tuple
            (c lam, J lam).

        See Also
        --------
        error_offset : c lam alone.
        leaf_terms : the terms of (4.29) they enter.

        Examples
        --------
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

    Parameters
    ----------
    prior : Prior
        The prior given to the pruner.
    pruner : str
        The pruner's name, for the messages.
    why : str
        What the pruner computes instead of the 0-1 error rate, for the ValueError.

    Returns
    -------
    Prior
        ``prior`` itself, checked.

    Examples
    --------
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

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.
    where : str, default "leaf"
        The node's name in the error raised for an empty node with lam = 0.

    Returns
    -------
    tuple
        (B, M): E[r_l^k] = B^(k) / M^(k).

    See Also
    --------
    leaf_terms : the same terms from (n, max_j n_j), in any arithmetic.
    leaf_moment, leaf_moment_arb, leaf_moment_floats : the exact, certified and float forms of (4.29).

    Examples
    --------
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
#: above this order the float images of (4.29) are made by log-Gamma differences
#: (:func:`~exactprune.certify.rising_ratio_gamma_array`, a cost that does not grow with k), at or
#: below it by the float loop of k factors (:func:`~exactprune.certify.rising_ratio_array`, cheaper
#: there on trees of a few hundred nodes, and its bound tighter)
GAMMA_IMAGE_FROM = 192


def _float_or_inf(value: Fraction) -> float:
    """float(value) (correctly rounded) if it is 0 or in [TINY, 2**1000], else inf."""
    if value == 0:
        return 0.0
    try:
        result = float(value)
    except OverflowError:
        return math.inf
    return result if TINY <= result <= 2.0 ** 1000 else math.inf


def leaf_moment_floats(sizes, majority, n_classes: int, prior: Prior, k: int) -> tuple:
    """Float images of the leaf moments (4.29) of many nodes (``sizes``, ``majority``: integer
    arrays) with rigorous relative bounds, as arrays ``(values, rels)`` (an infinite bound where
    the image cannot be vouched for): the terms by :func:`leaf_terms` in float64 from the
    correctly rounded floats of c lam and J lam, each with the bound ``sum_rel(0, U)`` (an exact
    integer plus one rounded float), and the ratio by :func:`~exactprune.certify.rising_ratio_array`
    (the loop of k factors, bound :func:`~exactprune.certify.rising_ratio_rel`) for k <=
    ``GAMMA_IMAGE_FROM`` and by :func:`~exactprune.certify.rising_ratio_gamma_array` (log-Gamma
    differences, a bound per node) above it.
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


def _leaf_images(sizes, majority, offsets: tuple, k) -> tuple:
    """:func:`leaf_moment_floats` given the floats of (c lam, J lam) (:func:`_float_or_inf`: inf
    when there is no image, which makes a or d inf): a caller imaging many blocks of nodes
    converts the parameters once.  ``k`` may be an array of orders, all at most
    ``GAMMA_IMAGE_FROM`` or all above, broadcasting against the sizes (PruneTree's columns: sizes
    of shape (n, 1)), every element the image its order alone gives."""
    if sizes.dtype == object or majority.dtype == object:
        sizes_f, majority_f = sizes.astype(np.float64), majority.astype(np.float64)
    else:       # integers: n - most exact in the integers, then one rounding adding the float offset, as in floats
        sizes_f, majority_f = sizes, majority
    a, d = leaf_terms(sizes_f, majority_f, offsets)
    image = rising_ratio_array if (k if np.ndim(k) == 0 else np.max(k)) <= GAMMA_IMAGE_FROM else rising_ratio_gamma_array
    values, rels = image((a, _TERM_REL), (d, _TERM_REL), k)
    if sizes.dtype != object and majority.dtype != object and (not sizes.size or sizes.max() < _FLOAT_EXACT_INT):
        return values, rels                     # every node imaged
    imaged = sizes < _FLOAT_EXACT_INT
    if sizes.dtype == object or majority.dtype == object:      # only Python ints are exact floats here
        imaged &= np.fromiter((s.__class__ is int and m.__class__ is int for s, m in
                               zip(sizes.ravel().tolist(), majority.ravel().tolist())),
                              dtype=bool, count=sizes.size).reshape(sizes.shape)
    return values, np.where(imaged, rels, math.inf)


def leaf_moment(counts: Sequence[int], k, prior: Prior = Prior()):
    """E[r_l^k] of a node treated as a leaf, exactly (Zhong 4.29), for k <= ``EXACT_K_LIMIT``
    (above it: :func:`leaf_moment_arb`, or :func:`moment`).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    k : int
        The order, 1 <= k <= EXACT_K_LIMIT.
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.

    Returns
    -------
    Fraction
        E[r_l^k] (a sympy expression for a symbolic lam).

    See Also
    --------
    leaf_moment_arb : the certified ball, any real k > 0.
    leaf_moment_floats : float images with rigorous bounds, many nodes at once.
    subtree_moment : (4.28) of a subtree.

    Examples
    --------
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

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    k : int, Fraction or flint.arb
        The order k > 0 (a real k through (C.26)); an integer up to MAX_K.
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.

    Returns
    -------
    flint.arb
        A ball containing E[r_l^k].

    See Also
    --------
    leaf_moment : the exact value, k <= EXACT_K_LIMIT.
    leaf_moment_floats : float images with rigorous bounds.
    subtree_moment_arb : (4.28) as a ball.

    Examples
    --------
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


# -- the child weights (4.11) and the subtree recursion (4.28): one home each ---------------------

def zero_weight_refusal(node: str) -> str:
    """The one message refusing a split whose child weights (4.11) are undefined: n_t + eta K_t
    is 0 when the node has no examples and eta = 0.

    Parameters
    ----------
    node : str
        The split's name.

    Returns
    -------
    str
        The message of the ValueError every form of (4.11) raises.

    See Also
    --------
    child_weights : the weights, which raise it.

    Examples
    --------
    >>> zero_weight_refusal("c21")
    'node c21: n_t + eta K_t is 0 (no examples and eta = 0); use eta > 0'
    """
    return f"node {node}: n_t + eta K_t is 0 (no examples and eta = 0); use eta > 0"


def child_weights(child_sizes, parent_size, eta, arithmetic: Callable = Fraction, *, n_children=None,
                  node: Union[str, Callable[..., str]] = "t"):
    """The child weights P*[A_c|A_t] = (n_c + eta) / (n_t + eta K_t) of Zhong (4.11) of the
    children of one split, in the arithmetic asked for: the one home of (4.11).

    Parameters
    ----------
    child_sizes : sequence, or numpy array
        The children's sizes n_c (ints or exact rationals).  A numpy array is taken elementwise,
        its values already in the arithmetic (float64 images, or objects holding exact numbers),
        with ``parent_size`` and ``n_children`` arrays broadcasting against it, each child's own
        parent's.
    parent_size : number, or numpy array
        n_t.
    eta : exact number (a float for the float form)
        The prior of the child proportions, >= 0 (checked by :class:`Prior`).
    arithmetic : callable, default Fraction
        ``Fraction`` or ``flint.fmpq`` (:func:`~exactprune.numbers.to_fmpq`): exact weights;
        :func:`~exactprune.numbers.arb_of`: certified balls, each the exact weight rounded once;
        ``float``: float64 images (two roundings: n_c + eta and the quotient; a zero denominator
        gives inf or NaN, which a float filter declines, instead of the refusal).
    n_children : int or numpy array, optional
        K_t (default ``len(child_sizes)``; required with arrays).
    node : str or callable, default "t"
        The split's name for the refusal, or a function making it (called with no argument, or,
        with arrays, with the position of the first child whose n_t + eta K_t is 0).

    Returns
    -------
    list, or numpy array for arrays
        The weights, in the order of ``child_sizes``.

    Raises
    ------
    ValueError
        :func:`zero_weight_refusal` when n_t + eta K_t = 0 (every form but float arrays).

    See Also
    --------
    child_weight : one child's exact weight, from nodes.
    tree_child_weights : every node's exact weight, from count arrays.
    weighted_recursion : the subtree recursion (4.28) these weights drive.

    Examples
    --------
    >>> child_weights([54, 46], 100, Fraction(1, 2))             # Zhong (B.3): 0.5396 and 0.4604
    [Fraction(109, 202), Fraction(93, 202)]
    >>> child_weights([54, 46], 100, Fraction(1, 2), arb_of)[0].overlaps(arb_of(Fraction(109, 202)))
    True
    >>> child_weights(np.array([54.0, 46.0]), np.array([100.0]), 0.5, float, n_children=2).tolist()
    [0.5396039603960396, 0.4603960396039604]
    >>> child_weights(np.array([54, 46], dtype=object), np.array([100, 100], dtype=object), 1, to_fmpq, n_children=2)
    array([55/102, 47/102], dtype=object)
    >>> child_weights([0, 0], 0, 0, node="c2")
    Traceback (most recent call last):
    ValueError: node c2: n_t + eta K_t is 0 (no examples and eta = 0); use eta > 0
    """
    if arithmetic is arb_of:        # a ball: the exact weight, rounded once
        return [arb_of(w) for w in child_weights(child_sizes, parent_size, eta, to_fmpq, n_children=n_children,
                                                 node=node)]
    if isinstance(child_sizes, np.ndarray):    # elementwise, the arrays in the arithmetic already
        eta = np.float64(eta) if arithmetic is float else arithmetic(eta)
        den = parent_size + eta * n_children
        if den.dtype == object and np.any(den == 0):      # exact values: the first zero refused
            first = int(np.argmax(den == 0))
            raise ValueError(zero_weight_refusal(node(first) if callable(node) else node))
        return (child_sizes + eta) / den        # float images: inf or NaN where den = 0, declined by the filter
    eta = arithmetic(eta)
    den = arithmetic(parent_size) + eta * (len(child_sizes) if n_children is None else n_children)
    if den == 0:
        raise ValueError(zero_weight_refusal(node() if callable(node) else node))
    return [(arithmetic(n) + eta) / den for n in child_sizes]


def _checked_eta(eta) -> Fraction:
    """``eta`` exact and non-negative (the check of the public forms taking a bare eta)."""
    if not isinstance(eta, Fraction):
        eta = exact(eta, "eta")
    return check_nonnegative(eta, "eta")


def child_weight(child: Node, parent: Node, eta) -> Fraction:
    """P*[A_c|A_d] = (n_c + eta) / (n_d + eta K_d) (Zhong 4.11) of one child, exactly: the
    :func:`child_weights` of ``child`` alone.

    Parameters
    ----------
    child, parent : Node
        The child and its parent.
    eta : exact number
        >= 0; a float is a TypeError.

    Returns
    -------
    Fraction

    See Also
    --------
    child_weights : the weights of a split's children in any arithmetic.

    Examples
    --------
    >>> parent = Node((0, 50, 50), [Node((0, 49, 5)), Node((0, 1, 45))])
    >>> child_weight(parent.children[0], parent, Fraction(1, 2))   # Zhong (B.3): 0.5396
    Fraction(109, 202)
    """
    return child_weights([child.n], parent.n, _checked_eta(eta), n_children=len(parent.children),
                         node=lambda: parent.name)[0]


def tree_child_weights(arrays, eta, order=None) -> np.ndarray:
    """The child weights (4.11) P*[A_c|A_t] = (n_c + eta) / (n_t + eta K_t) of every node c of
    count arrays (:class:`~exactprune.tree.CountArrays`) given its parent t, as an object array
    of Fractions (the root's entry is 1): :func:`child_weights` of each split.

    Parameters
    ----------
    arrays : CountArrays
    eta : exact number
        >= 0; a float is a TypeError.
    order : numpy integer array, optional
        The order in which the splits are weighed, so that the refusal names the first split of
        ``order`` with n_t + eta K_t = 0 (default: index order).

    Returns
    -------
    numpy object array
        The weight of every node (Fractions).

    See Also
    --------
    child_weights : the weights of one split's children in any arithmetic.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> a = iris_tree().arrays()
    >>> tree_child_weights(a, Fraction(1, 2))[a.index("c1")]          # Zhong (B.3): (50 + 1/2)/(150 + 1)
    Fraction(101, 302)
    """
    eta = _checked_eta(eta)
    sizes = arrays.sizes.tolist()
    weights = np.empty(arrays.n_nodes, dtype=object)
    weights[0] = Fraction(1)
    splits = np.flatnonzero(arrays.n_children > 0) if order is None else np.asarray(order)
    for t in splits.tolist():
        children = arrays.children_of(t)
        if children:
            weights[children] = child_weights([sizes[c] for c in children], sizes[t], eta,
                                              node=lambda: arrays.name(t))
    return weights


def weighted_recursion(node: Node, leaf_value: Callable[[Node], Any], eta, arithmetic: Callable = Fraction) -> Any:
    """sum_c P*[A_c|A_d] v(c) applied bottom-up from v(leaf) = ``leaf_value(leaf)``: the subtree
    recursion shared by the error moments (4.28), the cost moments (7.4) and the class-probability
    errors (7.18), with the child weights (4.11) in ``arithmetic``.  Iterative (deep trees are
    fine).

    Parameters
    ----------
    node : Node
        The subtree's root.
    leaf_value : callable
        Node -> the value of a leaf, in the arithmetic of the weights.
    eta : exact number
        The prior of the child proportions (4.11), >= 0.
    arithmetic : callable, default Fraction
        The weights' arithmetic (:func:`child_weights`): ``Fraction`` exact, ``arb_of`` balls.

    Returns
    -------
    The subtree's value.

    See Also
    --------
    subtree_moment, subtree_moment_arb : (4.28) exactly and as a ball.

    Examples
    --------
    >>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    >>> weighted_recursion(t.root, lambda leaf: leaf.n, Fraction(1, 2))     # (98.5*98 + 1.5*1)/100
    Fraction(19309, 200)
    """
    eta = _checked_eta(eta)
    values: dict = {}
    for current in node.postorder():
        if current.is_leaf:
            values[id(current)] = leaf_value(current)
        else:
            weights = child_weights([c.n for c in current.children], current.n, eta, arithmetic,
                                    node=lambda: current.name)
            total = arithmetic(0) if arithmetic is arb_of else 0
            for w, c in zip(weights, current.children):
                total += w * values[id(c)]
            values[id(current)] = total
    return values[id(node)]


def subtree_moment(node: Node, k, prior: Prior = Prior()):
    """E[r_d^k] of the subtree rooted at ``node`` as it stands (Zhong 4.28), exactly, for
    k <= ``EXACT_K_LIMIT``.

    Parameters
    ----------
    node : Node
    k : int
        The order, 1 <= k <= EXACT_K_LIMIT.
    prior : Prior, default ``Prior()``

    Returns
    -------
    Fraction (a sympy expression for a symbolic lam)

    See Also
    --------
    subtree_moment_arb : the certified ball, at any real k.
    moment : either, by the size of k.

    Examples
    --------
    >>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    >>> subtree_moment(t.root, 1)             # Zhong (4.25): 0.0087247
    Fraction(691, 79200)
    """
    k = check_k(k, limit=EXACT_K_LIMIT, limit_name="EXACT_K_LIMIT (use subtree_moment_arb or moment above it)")
    return weighted_recursion(node, lambda leaf: leaf_moment(leaf.counts, k, prior), prior.eta)


def subtree_moment_arb(node: Node, k, prior: Prior = Prior()) -> flint.arb:
    """Certified ball for (4.28) at any real k > 0, at the current precision: the recursion of
    :func:`subtree_moment` in ball arithmetic.

    Parameters
    ----------
    node : Node
    k : int, Fraction or arb
        The order, > 0.
    prior : Prior, default ``Prior()``

    Returns
    -------
    flint.arb

    See Also
    --------
    subtree_moment : the exact value, k <= EXACT_K_LIMIT.
    leaf_moment_arb : the leaf's ball (4.29).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> c1 = iris_tree().node("c1")                     # (50, 0, 0): Zhong (B.11) 1*2/(51.5*52.5) at k = 2
    >>> (subtree_moment_arb(c1, 2) - flint.arb(8) / 10815).contains(0)
    True
    >>> (subtree_moment_arb(c1, 1) - flint.arb(2) / 103).contains(0)      # E[r] = (0 + 1)/(50 + 3/2)
    True
    """
    return weighted_recursion(node, lambda leaf: leaf_moment_arb(leaf.counts, k, prior), prior.eta, arb_of)


def moment(node: Union[Node, Tree], k, prior: Prior = Prior()):
    """The k-th moment E[r^k] of ``node`` (a leaf by 4.29, a subtree by 4.28).

    Exact Fraction for k <= EXACT_K_LIMIT, otherwise a certified ``flint.arb``.

    Parameters
    ----------
    node : Node or Tree
        The subtree (a Tree: its root).
    k : int
        The moment's order, a positive integer.
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.

    Returns
    -------
    Fraction or flint.arb
        Exact for k <= EXACT_K_LIMIT, a certified ball above.

    See Also
    --------
    subtree_moment : the exact form.
    subtree_moment_arb : the certified form.

    Examples
    --------
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
