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
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence, Union

import flint

from .numbers import (arb_of, certified_sign, decimal_str, exact, exact_or_symbol, fraction_str,
                      is_symbolic, log_rising_arb, positive_int, rising, rising_ratio_fmpq, to_fmpq,
                      to_fraction)
from .tree import Node, Tree

__all__ = ["Prior", "EXACT_K_LIMIT", "leaf_moment_terms", "leaf_moment", "leaf_moment_arb", "child_weight", "weighted_recursion", "moment",
           "subtree_moment", "subtree_moment_arb", "ErrorEstimate", "error_estimate", "leaf_error",
           "PruneResult", "prune", "prediction_error", "sqrt_decimal", "knorm_decimal"]

#: above this k, :func:`moment` returns a certified arb ball instead of a Fraction
EXACT_K_LIMIT = 4096

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
        lam = exact_or_symbol(self.lam, "lam")
        eta = exact(self.eta, "eta")
        if not is_symbolic(lam) and lam < 0:
            raise ValueError(f"lam must be non-negative, got {lam}")
        if eta < 0:
            raise ValueError(f"eta must be non-negative, got {eta}")
        if self.numerator not in _NUMERATORS:
            raise ValueError(f"numerator must be 'J-1' (Zhong 4.29) or '1', got {self.numerator!r}")
        object.__setattr__(self, "lam", lam)
        object.__setattr__(self, "eta", eta)

    def error_offset(self, n_classes: int):
        """c lam: the prior mass added to the error count b (c = J-1 or 1)."""
        c = n_classes - 1 if self.numerator == "J-1" else 1
        return c * self.lam


def leaf_moment_terms(counts: Sequence[int], prior: Prior = Prior(), where: str = "leaf") -> tuple:
    """(B, M) of a node as a leaf, Zhong (4.29) in the notation of App C: B = b + c lam
    (b = n - max_j n_j the training errors, c from ``prior.numerator``) and M = n + J lam,
    so that E[r_l^k] = B^(k) / M^(k), a ratio of rising factorials (C.26).

    Every leaf moment in the package (exact, certified or float-filtered) starts here;
    ``where`` names the node in the error raised for an empty node with lam = 0.

    >>> leaf_moment_terms((0, 49, 5))             # Zhong (B.1): 6/55.5
    (Fraction(6, 1), Fraction(111, 2))
    >>> leaf_moment_terms((0, 0), Prior(lam=0), "node c1")
    Traceback (most recent call last):
    ValueError: node c1: an empty node with lam = 0 has no defined error moment
    """
    n = sum(counts)
    a = n - max(counts) + prior.error_offset(len(counts))
    d = n + len(counts) * prior.lam
    if not is_symbolic(d) and d == 0:
        raise ValueError(f"{where}: an empty node with lam = 0 has no defined error moment")
    return a, d


def leaf_moment(counts: Sequence[int], k, prior: Prior = Prior()):
    """E[r_l^k] of a node treated as a leaf, exactly (Zhong 4.29).

    >>> leaf_moment((0, 49, 5), 1)            # Zhong (B.1): 6/55.5 = 0.1081
    Fraction(4, 37)
    >>> leaf_moment((0, 49, 5), 2)            # Zhong (B.2): 6*7/(55.5*56.5)
    Fraction(56, 4181)
    >>> leaf_moment((98, 1), 1)               # Zhong (4.16): 0.015
    Fraction(3, 200)
    """
    k = positive_int(k, "k")
    a, d = leaf_moment_terms(counts, prior)
    if is_symbolic(a) or is_symbolic(d):
        import sympy
        return sympy.factor(sympy.sympify(rising(a, k)) / sympy.sympify(rising(d, k)))
    return to_fraction(rising_ratio_fmpq(a, d, k))


def leaf_moment_arb(counts: Sequence[int], k, prior: Prior = Prior()) -> flint.arb:
    """Certified ball for E[r_l^k] at any real k > 0 (Zhong 4.29 extended by (C.26)):
    Gamma(a+k) Gamma(d) / (Gamma(a) Gamma(d+k)), at the current ``flint.ctx.prec``.

    >>> ball = leaf_moment_arb((0, 49, 5), 25680602)
    >>> 0 < ball < 1
    True
    >>> leaf_moment_arb((0, 49, 5), 2).overlaps(arb_of(Fraction(168, 12543)))
    True
    """
    a, d = leaf_moment_terms(counts, prior)
    if a == 0:
        return flint.arb(0)
    return (log_rising_arb(a, k) - log_rising_arb(d, k)).exp()


def child_weight(child: Node, parent: Node, eta) -> Fraction:
    """P*[A_c|A_d] = (n_c + eta) / (n_d + eta K_d) (Zhong 4.11); ``eta`` exact and >= 0.

    >>> parent = Node((0, 50, 50), [Node((0, 49, 5)), Node((0, 1, 45))])
    >>> child_weight(parent.children[0], parent, Fraction(1, 2))   # Zhong (B.3): 0.5396
    Fraction(109, 202)
    """
    if not isinstance(eta, Fraction):
        eta = exact(eta, "eta")
    if eta < 0:
        raise ValueError(f"eta must be non-negative, got {eta}")
    den = parent.n + eta * len(parent.children)
    if den == 0:
        raise ValueError(f"node {parent.name}: n_t + eta K_t is 0 (no examples and eta = 0); use eta > 0")
    return (child.n + eta) / den


def subtree_moment(node: Node, k, prior: Prior = Prior()):
    """E[r_d^k] of the subtree rooted at ``node`` as it stands (Zhong 4.28), exactly.

    >>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    >>> subtree_moment(t.root, 1)             # Zhong (4.25): 0.0087247
    Fraction(691, 79200)
    """
    k = positive_int(k, "k")
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
    """Certified ball for (4.28) at any real k > 0, at the current precision."""
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
    k = positive_int(k, "k")
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
    """value^(1/k) to ``digits`` significant digits, from a certified arb root.

    >>> knorm_decimal(Fraction(1, 4), 2, 3)
    '0.500'
    """
    saved = flint.ctx.prec
    try:
        flint.ctx.prec = 64 + 4 * digits
        ball = arb_of(value) if not isinstance(value, flint.arb) else value
        root = ball.root(k) if k > 1 else ball
        mid = root.mid().str(digits + 5, radius=False)
    finally:
        flint.ctx.prec = saved
    return decimal_str(Fraction(mid), digits)


@dataclass(frozen=True)
class ErrorEstimate:
    """E[r], E[r^2], the variance (exact) and the standard deviation and 2-norm
    (irrational: shown correctly rounded), Zhong (4.12)-(4.14), (B.13)-(B.16)."""

    mean: Fraction
    second: Fraction

    @property
    def variance(self) -> Fraction:
        return self.second - self.mean ** 2

    def sd(self, places: int = 6) -> str:
        return sqrt_decimal(self.variance, places)

    def norm2(self, places: int = 6) -> str:
        return sqrt_decimal(self.second, places)

    def __str__(self) -> str:
        return f"{decimal_str(self.mean, 4)} +- {self.sd(4)}"

    def as_dict(self) -> dict:
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
    """The error of a prediction made by ``node`` as a leaf (Zhong 4.30, B.17-B.25)."""
    return ErrorEstimate(leaf_moment(node.counts, 1, prior), leaf_moment(node.counts, 2, prior))


def prediction_error(tree: Tree, x: Sequence[float], prior: Prior = Prior()) -> dict:
    """Predicted class and its error (4.30) for input ``x`` routed through ``tree``.

    Returns ``{"leaf", "label", "estimate"}``; ``estimate`` is an :class:`ErrorEstimate`
    ("class 1, error 0.11 +- 0.04").
    """
    leaf = tree.leaf_for(x)
    label = tree.class_names[leaf.label] if tree.class_names else leaf.label
    return {"leaf": leaf.name, "label": label, "estimate": leaf_error(leaf, prior)}


# -- PruneTree (Fig 4.1) -------------------------------------------------------------

_U = 2.0 ** -53  # unit roundoff of float64
_TINY = 1e-250   # below this the float filter refuses (subnormal territory)


class PruneResult:
    """Outcome of PruneTree at order ``k``.

    ``tree`` is the pruned tree (a new Tree; the input is untouched), ``moment`` its k-th
    moment (Fraction, or arb for k > EXACT_K_LIMIT), ``pruned`` the names of the topmost
    splits turned into leaves, and ``fallbacks`` how many of the ``comparisons`` needed the
    exact (or arb) fallback.  ``tree``, ``pruned`` and ``moment`` are built on first access,
    so the decisions themselves cost one pass.
    """

    def __init__(self, source: Tree, k: int, evaluator: "_Evaluator", comparisons: int, fallbacks: int):
        self.k, self.comparisons, self.fallbacks = k, comparisons, fallbacks
        self._source, self._evaluator = source, evaluator

    def kept(self, node: Node) -> bool:
        """Did PruneTree keep the split at ``node`` (a node of the input tree)?"""
        if not hasattr(self, "_kept_names"):
            self._kept_names = {n.name for n in self.tree.root.walk() if n.children}
        return node.name in self._kept_names

    def __getstate__(self) -> dict:
        """Pickle the results, not the evaluator (whose decisions are keyed by object id)."""
        self._build() if not hasattr(self, "_tree") else None
        state = {"k": self.k, "comparisons": self.comparisons, "fallbacks": self.fallbacks,
                 "_tree": self.tree, "_pruned": self.pruned, "_moment": self.moment}
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

    def _build(self) -> None:
        keep = self._evaluator.keep
        self._tree, self._pruned = self._source.pruned_copy(lambda node: keep.get(id(node), False))

    @property
    def tree(self) -> Tree:
        if not hasattr(self, "_tree"):
            self._build()
        return self._tree

    @property
    def pruned(self) -> list:
        if not hasattr(self, "_pruned"):
            self._build()
        return self._pruned

    @property
    def moment(self):
        if not hasattr(self, "_moment"):
            self._moment = self._evaluator.root_moment(self._source.root)
        return self._moment

    @property
    def norm(self) -> str:
        """The k-norm E[r^k]^(1/k), certified, to 10 significant digits."""
        return knorm_decimal(self.moment, self.k, 10)

    def __repr__(self) -> str:
        return f"PruneResult(k={self.k}, leaves={self.tree.n_leaves}, pruned={self.pruned})"


class _Evaluator:
    """PruneTree's bottom-up pass with exact decisions.

    For k <= EXACT_K_LIMIT one tight float64 loop computes every node's leaf moment and
    optimal subtree moment together with a rigorous relative error bound (all terms are
    positive, so relative bounds compose: a product of m correctly rounded factors is off by
    at most m u, a positive sum by its terms' worst bound plus one u per addition).  A
    comparison whose gap exceeds twice the bounds is decided in float; the rest fall back to
    exact rationals (``flint.fmpq``) of the optimally pruned subtree.  For larger k every
    comparison is a certified arb sign (:func:`certified_sign`).
    """

    def __init__(self, k: int, prior: Prior, epsilon: Fraction):
        self.k, self.prior, self.epsilon = k, prior, epsilon
        self.keep: dict = {}       # id(node) -> bool (split kept)
        self.exact_cache: dict = {}
        self.comparisons = 0
        self.fallbacks = 0

    # -- exact rationals (fallback, and the moment of the result) ---------------------
    def leaf_exact(self, node: Node):
        key = ("leaf", id(node))
        if key not in self.exact_cache:
            a, d = leaf_moment_terms(node.counts, self.prior, f"node {node.name}")
            self.exact_cache[key] = rising_ratio_fmpq(a, d, self.k)
        return self.exact_cache[key]

    def pruned_exact(self, node: Node):
        """Exact moment of the optimally pruned subtree at ``node`` (decisions already made)."""
        key = ("tree", id(node))
        if key not in self.exact_cache:
            if node.children and self.keep.get(id(node), False):
                self.exact_cache[key] = self.tree_exact(node)
            else:
                self.exact_cache[key] = self.leaf_exact(node)
        return self.exact_cache[key]

    def tree_exact(self, node: Node):
        eta = to_fmpq(self.prior.eta)
        den = node.n + eta * len(node.children)
        total = flint.fmpq(0)
        for child in node.children:
            total += (child.n + eta) / den * self.pruned_exact(child)
        return total

    # -- certified balls (large k) --------------------------------------------------------
    def leaf_arb(self, node: Node):
        return leaf_moment_arb(node.counts, self.k, self.prior)

    def pruned_arb(self, node: Node):
        if node.children and self.keep.get(id(node), False):
            return self.tree_arb(node)
        return self.leaf_arb(node)

    def tree_arb(self, node: Node):
        total = flint.arb(0)
        for child in node.children:
            total += arb_of(child_weight(child, node, self.prior.eta)) * self.pruned_arb(child)
        return total

    # -- the pass ---------------------------------------------------------------------------
    def run(self, tree: Tree) -> None:
        root = tree.root
        if self.prior.lam == 0:
            for node in root.walk():
                if node.n == 0:
                    raise ValueError(f"node {node.name}: an empty node with lam = 0 has no defined error moment")
        if self.k > EXACT_K_LIMIT:
            eps = arb_of(self.epsilon)
            for node in root.postorder():
                if node.children:
                    self.comparisons += 1
                    self.fallbacks += 1
                    sign = certified_sign(lambda: self.leaf_arb(node) - eps - self.tree_arb(node))
                    self.keep[id(node)] = sign > 0
            return
        nodes, sizes, majority, children_of = tree.flat()
        k, lam, eta = self.k, float(self.prior.lam), float(self.prior.eta)
        J = tree.n_classes
        offset = float(self.prior.error_offset(J))   # (4.29) in float: a = b + c lam, d = n + J lam
        jlam = J * lam
        # each factor (a+m)/(d+m): a and d carry <= 3u (lam, c*lam, the sum), +m adds u, the
        # division u: <= 9u per factor, k factors and k-1 products: (10k + 8)u covers it
        leaf_err = (10 * k + 8) * _U
        eps_f = float(self.epsilon)
        eps_exact = to_fmpq(self.epsilon)
        value = [0.0] * len(nodes)
        error = [0.0] * len(nodes)
        keep = self.keep
        for i, children in enumerate(children_of):
            n = sizes[i]
            a = n - majority[i] + offset
            d = n + jlam
            leaf_v = 1.0
            for m in range(k):
                leaf_v *= (a + m) / (d + m)
            if not children:
                value[i], error[i] = leaf_v, leaf_err
                continue
            self.comparisons += 1
            den = n + eta * len(children)
            tree_v, tree_e = 0.0, 0.0
            for c in children:
                tree_v += (sizes[c] + eta) / den * value[c]
                if error[c] > tree_e:
                    tree_e = error[c]
            tree_e += (len(children) + 6) * _U
            diff = leaf_v - eps_f - tree_v
            bound = 2 * (tree_e * tree_v + leaf_err * leaf_v + abs(eps_f) * 2 * _U) + 4 * _U * abs(diff)
            if leaf_v > _TINY and tree_v > _TINY and diff > bound:
                kept = True
            elif leaf_v > _TINY and tree_v > _TINY and diff < -bound:
                kept = False
            else:
                self.fallbacks += 1
                kept = self.tree_exact(nodes[i]) < self.leaf_exact(nodes[i]) - eps_exact
            keep[id(nodes[i])] = kept
            if kept:
                value[i], error[i] = tree_v, tree_e
            else:
                value[i], error[i] = leaf_v, leaf_err

    def root_moment(self, root: Node):
        if self.k <= EXACT_K_LIMIT:
            return to_fraction(self.pruned_exact(root))
        saved = flint.ctx.prec
        flint.ctx.prec = 128
        try:
            return self.pruned_arb(root)
        finally:
            flint.ctx.prec = saved


def prune(tree: Union[Tree, Node], k, prior: Prior = Prior(), epsilon=0) -> PruneResult:
    """PruneTree (Zhong Fig 4.1): the pruning of ``tree`` that minimises E[r^k].

    A split at t is kept iff R_tree < R_leaf - epsilon (epsilon >= 0, exact).
    Decisions are exact (see the module docstring).  The input is not modified.

    >>> from exactprune.tree import iris_tree
    >>> result = prune(iris_tree(), 2)
    >>> result.tree.n_leaves, sorted(result.pruned)     # Zhong Figure B.1(d)
    (3, ['c21', 'c22'])
    >>> result.moment                                   # Zhong (B.14): 0.005856
    Fraction(...)
    """
    if isinstance(tree, Node):
        tree = Tree(tree)
    if not isinstance(tree, Tree):
        raise TypeError(f"prune needs a Tree, got {type(tree).__name__}")
    k = positive_int(k, "k")
    epsilon = exact(epsilon, "epsilon")
    if epsilon < 0:
        raise ValueError(f"epsilon must be non-negative, got {epsilon}")
    evaluator = _Evaluator(k, prior, epsilon)
    evaluator.run(tree)
    return PruneResult(tree, k, evaluator, evaluator.comparisons, evaluator.fallbacks)
