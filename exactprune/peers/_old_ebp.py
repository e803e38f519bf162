"""Error-based pruning (EBP), the pruning of C4.5 (Quinlan 1993 ch 4; C4.5 Release 8 ``prune.c``).

:func:`ebp_extra_errors` is C4.5's ``AddErrs``: the "extra errors" N U_CF(e, N) - e of a leaf
with N cases and e errors, U_CF the upper confidence limit of the binomial error rate, in the
two variants found in the wild:

* ``"c45"``: Quinlan's C4.5 Release 8 ``AddErrs``: z interpolated from its table (0.6925 at
  CF = 0.25); edge cases e = 0 exact binomial, 0 < e < 1 linear interpolation, e + 0.5 >= N
  gives 0.67 (N - e).
* ``"weka"``: J48's ``Stats.addErrs``: z = Phi^-1(1 - CF) (0.6745 at CF = 0.25); e + 0.5 >= N
  gives N - e; CF > 0.5 gives 0.

**The defaults follow C4.5 Release 8** (variant ``"c45"``, CF = 1/4), as Zhong's chapter 6
did; C4.5's subtree raising needs the training data (``raising=True`` with ``X``, ``y``).
:func:`binomial_upper_limit` is the exact binomial limit the formula approximates.

The values are irrational; they are returned as certified ``flint.arb`` balls, and
:func:`ebp_prune` decides every comparison through the decision kernel
(:class:`~exactprune.certify.Decider`): a float filter whose too-close cases are settled by
certified arb comparisons (the normal quantile by arb ``erfinv``).

The float filter's bound.  Assumptions: IEEE binary64 (unit roundoff u), ``sqrt`` correctly
rounded (IEEE 754 requires it), libm ``log`` and ``expm1`` within 2 ulps, integer counts below
2**52 (exact floats).  A leaf term T = e + extra then has relative error at most ``TERM_REL =
64 u``: for e = 0 and CF <= 1/2, T = -n expm1(log(CF)/n) with |log CF| >= ln 2, so rounding CF
costs u / ln 2, log 2u, the division u, expm1 (condition number <= 1 for x < 0) 2u and the
product u: <= 8u; in the Wilson branch, with x = e5 / n <= 1, 1 - x has absolute error <= 2u,
g = e5 (1 - x) <= e5 absolute error <= 4 u e5, c g + c^2/4 <= 6 u c e5 + 4u of itself, its square
root s >= c/2 so <= 6 u e5 + 3u s, the numerator e5 + c/2 + s >= e5 + s so <= 11u of it; the
division and product add 3u, the rounding of c (<= 3u relative) moves the quotient by <= 6u,
and n pr - e followed by + e adds 2u: <= 22u.  For CF > 1/2 with e = 0 the float term carries
no bound (the comparison goes to arb).  Sums of non-negative terms add u of the running sum
per addition, and raising's corrections T_new - T_old add both terms' bounds and 2u.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Dict

import flint

from ..certify import INFLATE, U, Approx, Decider
from ..numbers import arb_of, exact, nonnegative_int, positive_int
from ..tree import Node, Tree, as_tree

__all__ = ["ebp_extra_errors", "ebp_z", "binomial_upper_limit", "ebp_prune", "EBPResult"]

_PREC = 200  # bits for the certified extra errors
#: relative bound of a float leaf term e + extra errors (derived in the module docstring)
TERM_REL = 64 * U

_C45_VAL = [Fraction(0), Fraction(1, 1000), Fraction(5, 1000), Fraction(1, 100), Fraction(5, 100),
            Fraction(10, 100), Fraction(20, 100), Fraction(40, 100), Fraction(1)]
_C45_DEV = [Fraction(4), Fraction("3.09"), Fraction("2.58"), Fraction("2.33"), Fraction("1.65"),
            Fraction("1.28"), Fraction("0.84"), Fraction("0.25"), Fraction(0)]


def ebp_z(cf="1/4", variant: str = "c45") -> flint.arb:
    """The z of EBP's upper confidence limit at confidence ``cf``.

    ``"c45"``: C4.5 Release 8 interpolates linearly in its table (Val, Dev) - a
    rational number, 277/400 = 0.6925 at CF = 1/4.  ``"weka"``: J48's
    ``Statistics.normalInverse(1 - CF)``, computed here as a certified ball
    sqrt(2) erfinv(1 - 2 CF).

    >>> ebp_z("0.25", "c45")
    [0.692500000000000 +/- ...]
    >>> ebp_z("0.25", "weka")
    [0.674489750196082 +/- ...]
    """
    cf = exact(cf, "cf")
    if not 0 < cf < 1:
        raise ValueError(f"cf must lie strictly between 0 and 1, got {cf}")
    if variant == "c45":
        return arb_of(_c45_coeff(cf))
    if variant == "weka":
        saved = flint.ctx.prec
        flint.ctx.prec = max(saved, _PREC)
        try:
            return flint.arb(2).sqrt() * (1 - 2 * arb_of(cf)).erfinv()
        finally:
            flint.ctx.prec = saved
    raise ValueError(f"variant must be 'c45' or 'weka', got {variant!r}")


def _c45_coeff(cf: Fraction) -> Fraction:
    i = 0
    while cf > _C45_VAL[i]:
        i += 1
    return _C45_DEV[i - 1] + (_C45_DEV[i] - _C45_DEV[i - 1]) * (cf - _C45_VAL[i - 1]) / (_C45_VAL[i] - _C45_VAL[i - 1])


def ebp_extra_errors(n, e, cf="1/4", variant: str = "c45") -> flint.arb:
    """EBP's extra errors N U_CF(e, N) - e of a leaf with N cases and e errors (C4.5 ``AddErrs``).

    Exact inputs (int, Fraction or exact strings; C4.5 cases may be fractional),
    certified ``flint.arb`` output.  The continuity-corrected Wilson limit
    (e + 1/2 + z^2/2 + z sqrt((e + 1/2)(1 - (e + 1/2)/N) + z^2/4)) / (N + z^2)
    is shared by both variants; they differ in z and in the edge cases (module
    docstring).  For e = 0 both give N (1 - CF^(1/N)), the exact binomial limit.

    >>> float(ebp_extra_errors(6, 0).mid())           # Quinlan (1993) p. 41: U_25%(0, 6) = 0.206
    1.2377...
    >>> # Quinlan (1993) p. 42: 16 U_25%(1, 16) = 16 x 0.157 = 2.512 (the exact binomial limit)
    >>> round(float(ebp_extra_errors(16, 1).mid()) + 1, 3), round(float(ebp_extra_errors(16, 1, variant="weka").mid()) + 1, 3)
    (2.507, 2.476)
    >>> ebp_extra_errors(10, 9.5)
    Traceback (most recent call last):
    TypeError: e must be exact: got the float 9.5; pass Fraction(19, 2) or the string '9.5'
    """
    n = exact(n, "n")
    e = exact(e, "e")
    cf = exact(cf, "cf")
    if n <= 0:
        raise ValueError(f"n must be positive, got {n}")
    if e < 0 or e > n:
        raise ValueError(f"e must lie in [0, n] = [0, {n}], got {e}")
    if not 0 < cf < 1:
        raise ValueError(f"cf must lie strictly between 0 and 1, got {cf}")
    if variant not in ("c45", "weka"):
        raise ValueError(f"variant must be 'c45' or 'weka', got {variant!r}")
    saved = flint.ctx.prec
    flint.ctx.prec = max(saved, _PREC)
    try:
        return _extra_arb(n, e, cf, variant)
    finally:
        flint.ctx.prec = saved


def _extra_arb(n: Fraction, e: Fraction, cf: Fraction, variant: str) -> flint.arb:
    if variant == "weka" and cf > Fraction(1, 2):
        return flint.arb(0)
    N = arb_of(n)
    if e == 0 or (variant == "c45" and e < Fraction(1, 10 ** 6)):
        return N * (1 - (arb_of(cf).log() / N).exp())
    if e < 1 if variant == "weka" else e < Fraction(9999, 10000):
        base = N * (1 - (arb_of(cf).log() / N).exp())
        return base + arb_of(e) * (_extra_arb(n, Fraction(1), cf, variant) - base)
    if e + Fraction(1, 2) >= n:
        return arb_of(Fraction(67, 100) * (n - e)) if variant == "c45" else arb_of(max(n - e, Fraction(0)))
    if variant == "c45":
        coeff = arb_of(_c45_coeff(cf) ** 2)
    else:
        z = flint.arb(2).sqrt() * (1 - 2 * arb_of(cf)).erfinv()
        coeff = z * z
    e5 = arb_of(e + Fraction(1, 2))
    pr = (e5 + coeff / 2 + (coeff * (e5 * (1 - e5 / N) + coeff / 4)).sqrt()) / (N + coeff)
    return N * pr - arb_of(e)


def binomial_upper_limit(n: int, e: int, cf="1/4", bits: int = 60) -> Fraction:
    """The exact binomial upper limit U_CF(e, n) that EBP approximates: the p with
    P[Bin(n, p) <= e] = CF, bracketed by bisection to within 2^-bits (returned: the
    upper end of the bracket, a rational).

    >>> u = binomial_upper_limit(6, 0)
    >>> abs(float(u) - (1 - 0.25 ** (1 / 6))) < 1e-15
    True
    """
    n = positive_int(n, "n")
    e = nonnegative_int(e, "e")
    cf = exact(cf, "cf")
    if e > n:
        raise ValueError(f"e must be at most n = {n}, got {e}")
    if e == n:
        return Fraction(1)
    lo, hi = Fraction(0), Fraction(1)
    for _ in range(bits):
        mid = (lo + hi) / 2
        tail = sum(math.comb(n, i) * mid ** i * (1 - mid) ** (n - i) for i in range(e + 1))
        if tail > cf:
            lo = mid
        else:
            hi = mid
    return hi


@dataclass
class EBPResult:
    """EBP outcome: pruned ``tree``, ``pruned`` (topmost names turned into leaves),
    ``raised`` (names of nodes replaced by their largest branch), the estimated
    errors of the result (``estimate``, float), the number of comparisons the float filter
    could not settle (``fallbacks``) and how each comparison was settled (``routes``)."""

    tree: Tree
    pruned: list
    raised: list
    estimate: float
    fallbacks: int = 0
    routes: dict = None


class _EBP:
    """One EBP pass.  Every returned subtree carries its float estimate (sum over its leaves
    of e + extra errors) in ``self.est[id(node)]``; leaf pairs (n, e) are rebuilt from the
    returned nodes only when the float filter cannot decide and the certified comparison
    needs them.  With raising, leaves count their examples (``bincount``) and splits sum
    their children; the largest branch's estimate with all the node's examples is its own
    estimate corrected on the leaves reached by the *other* branches' examples, which are
    the only ones routed down it."""

    def __init__(self, cf, variant, raising, X, y, n_classes):
        self.cf = exact(cf, "cf")
        self.variant = variant
        self.raising = raising
        self.X, self.y = X, y
        self.J = n_classes
        self.decider = Decider(start_prec=_PREC)
        self.pruned: list = []
        self.raised: list = []
        self._cache: dict = {}
        self.slack = Fraction(1, 10)  # C4.5's "+ 0.1"
        self.est: Dict[int, tuple] = {}   # id(node) -> (float estimate, its absolute bound)
        self._cf_f = float(self.cf)
        self._log_cf = math.log(self._cf_f)
        if variant == "c45":
            self._coeff = float(_c45_coeff(self.cf) ** 2)
        else:
            self._coeff = float(ebp_z(self.cf, "weka").mid()) ** 2

    # float value of the extra errors (cached); the arb value on demand
    def extra_f(self, n, e) -> float:
        key = (n, e)
        v = self._cache.get(key)
        if v is None:
            v = self._cache[key] = self._extra_float(n, e)
        return v

    def _extra_float(self, n, e) -> float:
        """Float evaluation of :func:`_extra_arb` for integer n, e (e + extra within
        TERM_REL, module docstring); other inputs via arb."""
        if not (isinstance(n, int) and isinstance(e, int)):
            return float(ebp_extra_errors(n, e, self.cf, self.variant).mid())
        if self.variant == "weka" and self.cf > Fraction(1, 2):
            return 0.0
        if e == 0:
            return -n * math.expm1(self._log_cf / n)
        if 2 * e + 1 >= 2 * n:
            return 0.67 * (n - e) if self.variant == "c45" else float(max(n - e, 0))
        c = self._coeff
        e5 = e + 0.5
        pr = (e5 + c / 2 + math.sqrt(c * (e5 * (1 - e5 / n) + c / 4))) / (n + c)
        return n * pr - e

    def leaf_pair(self, counts, label=None):
        n = sum(counts)
        if n == 0:
            return (0, 0)
        e = n - (max(counts) if label is None else counts[label])
        return (n, e)

    def term(self, counts, label=None) -> tuple:
        """(float of e + extra errors, its absolute bound) of a leaf with these counts."""
        n, e = self.leaf_pair(counts, label)
        if not n:
            return (0.0, 0.0)
        value = e + self.extra_f(n, e)
        if self.variant == "weka" and self.cf > Fraction(1, 2):
            rel = 0.0                                   # extra = 0: T = e exactly
        elif n >= 2 ** 52 or (e == 0 and self.cf > Fraction(1, 2)):
            rel = math.inf                              # outside the derivation: arb decides
        else:
            rel = TERM_REL
        return (value, rel * value * INFLATE)

    def est_f(self, pairs) -> float:
        return sum(e + self.extra_f(n, e) for (n, e) in pairs if n)

    def est_arb(self, pairs) -> flint.arb:
        total = flint.arb(0)
        for (n, e) in pairs:
            if n:
                total += e + _extra_arb(Fraction(n), Fraction(e), self.cf, self.variant)
        return total

    def le(self, a, b, slack: Fraction) -> bool:
        """est(a) <= est(b) + slack, decided by the decision kernel (float filter, then
        certified arb).  ``a`` and ``b`` are ((float estimate, absolute bound), callable
        returning the leaf pairs)."""
        (af, a_pairs), (bf, b_pairs) = a, b
        pairs: list = []

        def ball():
            if not pairs:
                pairs.extend((a_pairs(), b_pairs()))
            return self.est_arb(pairs[0]) - self.est_arb(pairs[1]) - arb_of(slack)
        return self.decider.sign(_approx(*af), _approx(*bf) + Approx.of(slack), ball=ball) <= 0

    def counts_of(self, idx):
        import numpy as np
        return tuple(int(c) for c in np.bincount(self.y[idx], minlength=self.J))

    def pairs_of(self, node: Node) -> list:
        return [self.leaf_pair(leaf.counts) for leaf in node.leaves()]

    def route(self, node: Node, idx, extra: dict) -> None:
        """Pass the examples ``idx`` down ``node``; per reached leaf, the class counts added."""
        import numpy as np
        if not len(idx):
            return
        if node.is_leaf:
            extra[id(node)] = (node, np.bincount(self.y[idx], minlength=self.J))
            return
        go_left = self.X[idx, node.feature] <= node.threshold
        self.route(node.children[0], idx[go_left], extra)
        self.route(node.children[1], idx[~go_left], extra)

    def branch(self, big: Node, others) -> tuple:
        """(float estimate, pairs callable) of the subtree ``big`` when the examples of the
        other branches (``others``) are passed down it too (leaf labels fixed)."""
        extra: dict = {}
        for idx in others:
            self.route(big, idx, extra)
        total, bound = self.est[id(big)]
        new_counts = {}
        for key, (leaf, add) in extra.items():
            counts = tuple(int(c) + int(d) for c, d in zip(leaf.counts, add))
            new_counts[key] = counts
            (new, new_bound), (old, old_bound) = self.term(counts, leaf.label), self.term(leaf.counts)
            total += new - old
            bound = (bound + new_bound + old_bound + U * (new + old + abs(total))) * INFLATE

        def pairs():
            return [self.leaf_pair(new_counts[id(l)], l.label) if id(l) in new_counts else self.leaf_pair(l.counts)
                    for l in big.leaves()]
        return (total, bound), pairs

    def run(self, node: Node, idx=None) -> Node:
        """Prune the subtree at ``node`` (its estimate goes to ``self.est``)."""
        data = idx is not None and self.raising
        if node.is_leaf:
            counts = self.counts_of(idx) if data else node.counts
            new = Node(counts, [], node.name, None, None, None)
            self.est[id(new)] = self.term(counts)
            return new
        if data:
            go_left = self.X[idx, node.feature] <= node.threshold
            parts = [idx[go_left], idx[~go_left]]
        else:
            parts = [None] * len(node.children)
        kids = [self.run(child, part) for child, part in zip(node.children, parts)]
        counts = tuple(sum(col) for col in zip(*(k.counts for k in kids))) if data else node.counts
        tree_f = _sum([self.est[id(k)] for k in kids])
        tree_side = (tree_f, lambda: [p for k in kids for p in self.pairs_of(k)])
        leaf_side = (self.term(counts), lambda: [self.leaf_pair(counts)])
        big = max(range(len(kids)), key=lambda i: (kids[i].n, -i))
        branch_side = None
        if data and not kids[big].is_leaf:
            branch_side = self.branch(kids[big], [p for i, p in enumerate(parts) if i != big])
        if self.le(leaf_side, tree_side, self.slack) and \
                (branch_side is None or self.le(leaf_side, branch_side, self.slack)):
            self.pruned.append(node.name)
            new = Node(counts, [], node.name)
            self.est[id(new)] = leaf_side[0]
            return new
        if branch_side is not None and self.le(branch_side, tree_side, self.slack):
            self.raised.append(node.name)
            # the largest branch replaces the node and receives all its examples; prune it again
            return self.run(_renamed(kids[big], node.name), idx)
        new = Node(counts, kids, node.name, node.split, node.feature, node.threshold)
        self.est[id(new)] = tree_f
        return new


def _renamed(node: Node, name: str) -> Node:
    return Node(node.counts, node.children, name, node.split, node.feature, node.threshold)


def ebp_prune(tree: Tree, cf="1/4", variant: str = "c45", raising: bool = False,
              X=None, y=None) -> EBPResult:
    """C4.5's error-based pruning (Quinlan 1993 ch 4; C4.5 R8 ``prune.c``; J48).

    Bottom-up: a node becomes a leaf iff E_leaf <= E_tree + 0.1 and (with subtree
    raising) E_leaf <= E_branch + 0.1; otherwise, with raising, the largest branch
    replaces the node iff E_branch <= E_tree + 0.1, all the node's examples are
    passed down it and it is pruned again.  E is the sum over leaves of e + extra
    errors (:func:`ebp_extra_errors`).  Raising needs the training data (``X``,
    ``y`` with ``y`` as class indices 0..J-1) and a tree with feature/threshold
    tests; without it only the counts are used.  Leaves re-estimated by raising keep
    their label (C4.5), and a raised subtree's leaves are relabelled by their new
    majority when it is pruned again.

    >>> from exactprune.tree import iris_tree
    >>> r = ebp_prune(iris_tree())
    >>> r.tree.n_leaves, r.pruned       # EBP keeps the small leaves (it under-prunes, Zhong 6.4.2)
    (7, ['c22'])
    """
    tree = as_tree(tree)
    if variant not in ("c45", "weka"):
        raise ValueError(f"variant must be 'c45' or 'weka', got {variant!r}")
    import numpy as np
    idx = None
    if raising:
        if X is None or y is None:
            raise ValueError("subtree raising needs the training data X and y")
        X = np.asarray(X)
        y = np.asarray(y)
        if len(X) != tree.root.n or len(y) != tree.root.n:
            raise ValueError(f"X and y must hold the tree's {tree.root.n} training examples")
        idx = np.arange(len(y))
    machine = _EBP(cf, variant, raising, X, y, tree.n_classes)
    root = machine.run(tree.root, idx)
    result = Tree(root, class_names=tree.class_names, feature_names=tree.feature_names)
    return EBPResult(result, _topmost(tree, set(machine.pruned)), machine.raised,
                     machine.est_f(machine.pairs_of(root)), machine.decider.fallbacks,
                     dict(machine.decider.routes))


def _sum(parts: list) -> tuple:
    """(float sum, absolute bound) of non-negative (value, bound) parts: each addition rounds
    by at most u of the running sum, which is at most the total."""
    value = sum(v for v, _ in parts)
    return (value, (sum(b for _, b in parts) + len(parts) * U * value) * INFLATE)


def _approx(value: float, bound: float) -> Approx:
    """The certify.Approx of a non-negative float with an absolute bound."""
    if value == 0.0 and bound == 0.0:
        return Approx(0.0)
    return Approx.bounded(value, bound / value * INFLATE if value > 0 else math.inf)


def _topmost(tree: Tree, names: set) -> list:
    """The names in ``names`` (splits of ``tree``) with no ancestor in ``names``, sorted."""
    return sorted(tree.pruned_copy(lambda node: node.name not in names)[1])
