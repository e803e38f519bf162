"""The peer pruning methods, each against its source (issue 7).

* **EBP** (C4.5's error-based pruning).  :func:`ebp_extra_errors` is the upper
  confidence limit "extra errors" N U_CF(e, N) - e in the two variants found in
  the wild: ``"c45"`` is Quinlan's C4.5 Release 8 ``AddErrs`` (z interpolated from
  its table: 0.6925 at CF = 0.25; edge cases e = 0 exact binomial, 0 < e < 1
  linear interpolation, e + 0.5 >= N gives 0.67 (N - e)); ``"weka"`` is J48's
  ``Stats.addErrs`` (z = Phi^-1(1 - CF) = 0.6745 at CF = 0.25; e + 0.5 >= N gives
  N - e; CF > 0.5 gives 0).  **The defaults follow C4.5 Release 8** (variant
  ``"c45"``, CF = 1/4, subtree raising on), as Zhong's chapter 6 did.
  The values are irrational; they are returned as certified ``flint.arb`` balls,
  and :func:`ebp_prune` decides with a float filter whose too-close cases are
  settled by certified arb comparisons (the normal quantile by arb ``erfinv``).
* **MEP** (Niblett-Bratko / Cestnik-Bratko m-estimate, Zhong ch 2 and (4.29)):
  with uniform class priors and m = J lam, the static error (b + (J-1) lam)/(n + J lam)
  is the 1-norm leaf moment and the backed-up error uses weights n_c/n, i.e.
  eta = 0: MEP = PruneTree with k = 1, eta = 0 (Zhong p. 559).
* **REP** as analysed by Elomaa and Kaariainen (EK Table 1): bottom-up, prune on
  ties, pruned leaves labelled by the pruning-set majority (``labels="pruning"``)
  or by the training majority (``labels="training"``, EK section 2.2).
* **Kearns-Mansour** bottom-up pruning with the penalty (12.1)-(12.2) of the
  lecture notes, decided by certified arb comparisons.
* **Minimum-size pruning** with at most e training errors, by dynamic programming
  (notes 12.2.2), and the SRM choice among them.
* **Fan's estimate** (Fan (13)-(14)) with Haldane, Jeffreys and Bayes priors, and
  the exact Dirichlet posterior variance (Zhong 7.21) it should be compared with.
* **CCP** (CART): exact alphas (read off :func:`exactprune.sequence.ccp_sequence` with
  ``ties="all"``; the CV fold trees use an equal envelope computation on scikit-learn's
  arrays) and tree selection by V-fold cross-validation with the 1-SE rule (Breiman et al.
  3.4), each fold tree's held-out errors counted for all CV points at once.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import flint

from .knorm import Prior, prune as knorm_prune
from .numbers import arb_of, certified_sign, exact, nonnegative_int, positive_int
from .tree import Node, Tree

__all__ = ["ebp_extra_errors", "ebp_z", "binomial_upper_limit", "ebp_prune", "EBPResult",
           "mep_prune", "mep_leaf_error", "rep_prune", "REPResult", "route_counts", "all_prunings",
           "km_penalty", "km_prune", "min_size_table", "min_size_pruning", "srm_pruning",
           "fan_moments", "fan_estimate", "dirichlet_variance", "FAN_PRIORS",
           "ccp_alphas", "ccp_cv_select", "CCPCVResult", "copy_with_leaves"]

_PREC = 200  # bits for certified EBP / penalty / Fan values

# -- small tree helpers --------------------------------------------------------------------------


def _as_tree(tree) -> Tree:
    if isinstance(tree, Node):
        return Tree(tree)
    if not isinstance(tree, Tree):
        raise TypeError(f"expected a Tree, got {type(tree).__name__}")
    return tree


def copy_with_leaves(tree: Tree, collapsed: set) -> Tree:
    """A copy of ``tree`` in which every node named in ``collapsed`` is a leaf."""
    def copy(node: Node) -> Node:
        new = Node(node.counts, [], node.name, node.split, node.feature, node.threshold)
        if node.children and node.name not in collapsed:
            new.children = [copy(c) for c in node.children]
        else:
            new.split = new.feature = new.threshold = None
        return new
    return Tree(copy(tree.root), class_names=tree.class_names, feature_names=tree.feature_names)


def _topmost(names: set) -> list:
    """Names in ``names`` with no ancestor in ``names`` (names are positional)."""
    def ancestors(name):
        if name == "root":
            return []
        body = name[1:]
        if "." not in body:       # one character per level: the prefixes
            return ["root"] + ["c" + body[:i] for i in range(1, len(body))]
        parts = body.split(".")
        return ["root"] + ["c" + ".".join(parts[:i]) for i in range(1, len(parts))]
    return sorted(n for n in names if not any(a in names for a in ancestors(n)))


# -- EBP -----------------------------------------------------------------------------------------

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
    errors of the result (``estimate``, float) and counts of certified fallbacks."""

    tree: Tree
    pruned: list
    raised: list
    estimate: float
    fallbacks: int = 0


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
        self.fallbacks = 0
        self.pruned: list = []
        self.raised: list = []
        self._cache: dict = {}
        self.slack = Fraction(1, 10)  # C4.5's "+ 0.1"
        self.est: Dict[int, float] = {}
        self.filter_tol = 1e-9        # relative width of the float filter's undecided band
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
        """Float evaluation of :func:`_extra_arb` for integer n, e (relative error a few
        ulps of e + extra, far inside the 1e-9 filter of :meth:`le`); other inputs via arb."""
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

    def term(self, counts, label=None) -> float:
        n, e = self.leaf_pair(counts, label)
        return e + self.extra_f(n, e) if n else 0.0

    def est_f(self, pairs) -> float:
        return sum(e + self.extra_f(n, e) for (n, e) in pairs if n)

    def est_arb(self, pairs) -> flint.arb:
        total = flint.arb(0)
        for (n, e) in pairs:
            if n:
                total += e + _extra_arb(Fraction(n), Fraction(e), self.cf, self.variant)
        return total

    def le(self, a, b, slack: Fraction) -> bool:
        """est(a) <= est(b) + slack, decided by float filter + certified arb.  ``a`` and ``b``
        are (float estimate, callable returning the leaf pairs)."""
        (af, a_pairs), (bf, b_pairs) = a, b
        diff = af - bf - float(slack)
        if abs(diff) > self.filter_tol * (1 + abs(af) + abs(bf)):
            return diff <= 0
        self.fallbacks += 1
        pa, pb = a_pairs(), b_pairs()
        sign = certified_sign(lambda: self.est_arb(pa) - self.est_arb(pb) - arb_of(slack),
                              start_prec=_PREC)
        return sign <= 0

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
        total = self.est[id(big)]
        new_counts = {}
        for key, (leaf, add) in extra.items():
            counts = tuple(int(c) + int(d) for c, d in zip(leaf.counts, add))
            new_counts[key] = counts
            total += self.term(counts, leaf.label) - self.term(leaf.counts)

        def pairs():
            return [self.leaf_pair(new_counts[id(l)], l.label) if id(l) in new_counts else self.leaf_pair(l.counts)
                    for l in big.leaves()]
        return total, pairs

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
        tree_f = sum(self.est[id(k)] for k in kids)
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
    tree = _as_tree(tree)
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
    return EBPResult(result, _topmost(set(machine.pruned)), machine.raised,
                     machine.est_f(machine.pairs_of(root)), machine.fallbacks)


# -- MEP -----------------------------------------------------------------------------------------


def mep_leaf_error(counts: Sequence[int], m=2, priors: Optional[Sequence] = None) -> Fraction:
    """Cestnik-Bratko m-estimate of a leaf's error: 1 - (n_c + p_c m)/(n + m), c the
    majority class; uniform priors p_c = 1/J by default (Niblett-Bratko: m = J).

    >>> mep_leaf_error((0, 49, 5), m=3) == 1 - Fraction(49 + 1, 54 + 3)
    True
    """
    m = exact(m, "m")
    J = len(counts)
    priors = [Fraction(1, J)] * J if priors is None else [exact(p, "priors") for p in priors]
    n = sum(counts)
    if n + m == 0:
        raise ValueError("mep_leaf_error: an empty node with m = 0 has no estimate")
    best = max(range(J), key=lambda j: (Fraction(counts[j]) + priors[j] * m, -j))
    return 1 - (counts[best] + priors[best] * m) / (n + m)


def mep_prune(tree: Tree, m=None, lam="1/2", priors: Optional[Sequence] = None) -> Tree:
    """Minimum error pruning (Niblett-Bratko 1986, Cestnik-Bratko 1991): prune at t iff
    the static m-estimate error <= the backed-up error sum_c (n_c/n) E_c.

    With uniform priors and m = J lam this is PruneTree with k = 1, eta = 0
    (Zhong p. 559); the default m is J lam.

    >>> from exactprune.tree import iris_tree
    >>> sorted(l.name for l in mep_prune(iris_tree()).leaves())
    ['c1', 'c2111', 'c2112', 'c2121', 'c21221', 'c21222', 'c22']
    """
    tree = _as_tree(tree)
    J = tree.n_classes
    m = exact(lam, "lam") * J if m is None else exact(m, "m")
    collapsed = set()
    best: dict = {}
    for node in tree.root.postorder():
        static = mep_leaf_error(node.counts, m, priors)
        if node.is_leaf:
            best[id(node)] = static
            continue
        if node.n == 0:
            backed = static
        else:
            backed = sum(Fraction(c.n, node.n) * best[id(c)] for c in node.children)
        if static <= backed:
            collapsed.add(node.name)
            best[id(node)] = static
        else:
            best[id(node)] = backed
    return copy_with_leaves(tree, set(_topmost(collapsed)))


# -- REP -----------------------------------------------------------------------------------------


def route_counts(tree: Tree, X, y) -> Dict[str, tuple]:
    """Class counts of the examples (X, y) at every node (EK Table 1, ``classify``);
    ``y`` holds class indices 0..J-1; nodes need feature/threshold tests."""
    import numpy as np
    y = np.asarray(y)
    J = tree.n_classes
    return {name: tuple(int(c) for c in np.bincount(y[rows], minlength=J)) if len(rows) else (0,) * J
            for name, rows in tree.partition(X).items()}


@dataclass
class REPResult:
    """REP outcome: ``tree`` (structure of the pruned tree, training counts),
    ``labels`` (name -> class predicted by each leaf), ``errors`` on the pruning set,
    ``pruned`` (topmost collapsed names)."""

    tree: Tree
    labels: Dict[str, int]
    errors: int
    pruned: list


def _first_max(counts) -> int:
    best = max(counts)
    return list(counts).index(best)


def rep_prune(tree: Tree, prune_counts: Dict[str, Sequence[int]], labels: str = "pruning",
              ties: str = "prune") -> REPResult:
    """Reduced error pruning as in EK Table 1: one bottom-up sweep; a subtree whose
    pruning-set errors are >= those of a leaf is replaced by the leaf.

    ``labels="pruning"`` (EK Table 1): a pruned leaf predicts the pruning-set majority
    (first class on ties; Table 1's binary tie goes to class 0).  ``labels="training"``
    (EK 2.2): it predicts the training majority.  Original leaves keep their training
    label.  ``ties="keep"`` keeps a subtree on equal errors (not REP: used to show
    EK Thm 1 needs pruning on ties).  ``prune_counts`` maps every node name to its
    pruning-set class counts (:func:`route_counts`).

    >>> t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    >>> r = rep_prune(t, {"root": (2, 2), "c1": (1, 1), "c2": (1, 1)})
    >>> r.errors, r.pruned, r.labels
    (2, ['root'], {'root': 0})
    """
    tree = _as_tree(tree)
    if labels not in ("pruning", "training"):
        raise ValueError(f"labels must be 'pruning' or 'training', got {labels!r}")
    if ties not in ("prune", "keep"):
        raise ValueError(f"ties must be 'prune' or 'keep', got {ties!r}")
    for node in tree.root.walk():
        if node.name not in prune_counts:
            raise ValueError(f"prune_counts has no entry for node {node.name}")
        if len(prune_counts[node.name]) != tree.n_classes:
            raise ValueError(f"prune_counts[{node.name!r}] has {len(prune_counts[node.name])} counts, "
                             f"the tree has {tree.n_classes} classes")
    err: dict = {}
    lab: dict = {}
    collapsed = set()
    for node in tree.root.postorder():
        pc = prune_counts[node.name]
        if node.is_leaf:
            lab[node.name] = node.label
            err[node.name] = sum(pc) - pc[node.label]
            continue
        sub = sum(err[c.name] for c in node.children)
        leaf_label = _first_max(pc) if labels == "pruning" else node.label
        leaf_err = sum(pc) - pc[leaf_label]
        if sub < leaf_err or (ties == "keep" and sub == leaf_err):
            err[node.name] = sub
        else:
            err[node.name] = leaf_err
            collapsed.add(node.name)
            lab[node.name] = leaf_label
    top = set(_topmost(collapsed))
    pruned_tree = copy_with_leaves(tree, top)
    leaf_labels = {leaf.name: lab[leaf.name] for leaf in pruned_tree.leaves()}
    return REPResult(pruned_tree, leaf_labels, err["root"], sorted(top))


def all_prunings(tree: Tree, limit: int = 100000) -> List[frozenset]:
    """Every pruning of ``tree`` as the frozenset of its leaf names (brute force; built on
    :func:`exactprune.tree.all_prunings`, refuses trees with more than ``limit`` prunings).

    >>> len(all_prunings(Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')))
    2
    """
    from .tree import all_prunings as kept_sets
    tree = _as_tree(tree)

    def leaves(node, kept):
        if node.name not in kept:
            return [node.name]
        return [name for child in node.children for name in leaves(child, kept)]
    return [frozenset(leaves(tree.root, kept)) for kept in kept_sets(tree.root, limit)]


# -- Kearns-Mansour ------------------------------------------------------------------------------


def km_penalty(m_v: int, n_v: int, depth: int, m: int, delta="1/20", d: int = 2, c="1.1") -> flint.arb:
    """alpha(m_v, n_v, l_v, delta) of notes (12.2), certified:
    c sqrt((log|PATHS(H, l_v)| + log|TREES(H, n_v)| + log(m/delta)) / m_v), for the
    Boolean hypercube with d single-variable tests, bounding |PATHS(H, l)| <= (2d)^l
    (a test and a branch per level) and |TREES(H, n)| <= (d + 2)^n (each node a test
    or one of two leaf labels); ``c`` > 1.

    >>> km_penalty(100, 3, 1, 100) > 0
    True
    """
    m_v = positive_int(m_v, "m_v")
    n_v = positive_int(n_v, "n_v")
    depth = nonnegative_int(depth, "depth")
    m = positive_int(m, "m")
    d = positive_int(d, "d")
    delta = exact(delta, "delta")
    c = exact(c, "c")
    if not 0 < delta <= 1:
        raise ValueError(f"delta must lie in (0, 1], got {delta}")
    if c <= 1:
        raise ValueError(f"c must exceed 1 (notes 12.2), got {c}")
    log = lambda q: arb_of(q).log()
    inner = depth * log(2 * d) + n_v * log(d + 2) + log(Fraction(m) / delta)
    return arb_of(c) * (inner / m_v).sqrt()


def km_prune(tree: Tree, delta="1/20", d: int = 2, c="11/10",
             penalty: Optional[Callable[[int, int, int, int], Any]] = None) -> Tree:
    """Kearns-Mansour bottom-up pruning (notes 12.2.3): replace T*_v by the best leaf iff
    eps_v(T*_v) + alpha(m_v, n_v, l_v, delta) >= eps_v(empty)  (12.1),
    with training-sample error fractions, n_v the node count of the current T*_v,
    l_v the depth of v; decided by certified arb comparison.  ``penalty(m_v, n_v,
    depth, m)`` overrides (12.2) (it may return an exact number or an arb ball).
    An empty node (m_v = 0) is pruned.

    >>> from exactprune.tree import iris_tree
    >>> km_prune(iris_tree()).n_leaves
    3
    """
    tree = _as_tree(tree)
    m = tree.root.n
    pen = penalty or (lambda mv, nv, lv, mm: km_penalty(mv, nv, lv, mm, delta, d, c))
    depth = {}
    for node in tree.root.walk():
        if node.name == "root":
            depth[id(node)] = 0
        for ch in node.children:
            depth[id(ch)] = depth[id(node)] + 1
    errors: dict = {}
    size: dict = {}
    collapsed = set()
    for node in tree.root.postorder():
        if node.is_leaf:
            errors[id(node)], size[id(node)] = node.errors, 1
            continue
        sub_err = sum(errors[id(c)] for c in node.children)
        sub_size = 1 + sum(size[id(c)] for c in node.children)
        mv = node.n
        if mv == 0:
            prune_it = True
        else:
            diff_exact = Fraction(sub_err - node.errors, mv)   # eps(T*) - eps(empty) <= 0
            p = pen(mv, sub_size, depth[id(node)], m)
            p_arb = p if isinstance(p, flint.arb) else arb_of(exact(p, "penalty"))
            sign = certified_sign(lambda: arb_of(diff_exact) + p_arb) if not (
                diff_exact == 0 and not isinstance(p, flint.arb) and p_arb == 0) else 0
            prune_it = sign >= 0
        if prune_it:
            collapsed.add(node.name)
            errors[id(node)], size[id(node)] = node.errors, 1
        else:
            errors[id(node)], size[id(node)] = sub_err, sub_size
    return copy_with_leaves(tree, set(_topmost(collapsed)))


# -- minimum-size pruning (notes 12.2.2) ---------------------------------------------------------

_INF = float("inf")


def min_size_table(tree: Tree, max_errors: Optional[int] = None) -> dict:
    """DP of notes 12.2.2: for every node, ``s[i]`` = the node count of the smallest
    pruning of its subtree with at most i training errors (i = 0..max_errors; inf if
    none).  Returns {node name: list}.  Leaves: s[i] = 1 for i >= errors (the notes
    print "s_l = 1 and all other s_i infinite", which is the "exactly l errors" table;
    "at most" needs every i >= l).  The split of the error budget runs over
    i = 0..k (the notes' loop starts at 1).

    >>> from exactprune.tree import iris_tree
    >>> min_size_table(iris_tree(), 6)["root"]
    [inf, 13, 11, 9, 7, 7, 5]
    """
    tree = _as_tree(tree)
    K = tree.root.errors if max_errors is None else nonnegative_int(max_errors, "max_errors")
    table: dict = {}
    for node in tree.root.postorder():
        s = [1 if node.errors <= i else _INF for i in range(K + 1)]
        if not node.is_leaf:
            acc = table[node.children[0].name]
            for child in node.children[1:]:
                cs = table[child.name]
                acc = [min((acc[j] + cs[i - j] for j in range(i + 1)), default=_INF) for i in range(K + 1)]
            s = [min(s[i], acc[i] + 1) for i in range(K + 1)]
        table[node.name] = s
    return {name: [int(v) if v != _INF else v for v in vals] for name, vals in table.items()}


def min_size_pruning(tree: Tree, max_errors: int) -> Tree:
    """The smallest pruning (fewest nodes) with at most ``max_errors`` training errors
    (notes 12.2.2); ValueError if even the full tree makes more errors.  Among
    equally small ones, the first found by the DP's traceback (collapse first, then
    the lowest budget to the first child).

    >>> from exactprune.tree import iris_tree
    >>> min_size_pruning(iris_tree(), 6).n_leaves
    3
    """
    tree = _as_tree(tree)
    K = nonnegative_int(max_errors, "max_errors")
    table = min_size_table(tree, K)
    if table["root"][K] == _INF:
        full = sum(l.errors for l in tree.leaves())
        raise ValueError(f"no pruning has at most {K} errors: the full tree makes {full}")
    collapsed = set()

    def trace(node, budget):
        if node.errors <= budget:
            collapsed.add(node.name)
            return
        kids = node.children
        # prefix tables for the multiway knapsack
        pref = [table[kids[0].name]]
        for child in kids[1:]:
            prev, cs = pref[-1], table[child.name]
            pref.append([min((prev[j] + cs[i - j] for j in range(i + 1)), default=_INF) for i in range(K + 1)])
        need = table[node.name][budget] - 1
        b = budget
        for pos in range(len(kids) - 1, 0, -1):
            cs = table[kids[pos].name]
            for j in range(b + 1):
                if pref[pos - 1][b - j] + cs[j] == need:
                    trace(kids[pos], j)
                    need -= cs[j]
                    b -= j
                    break
        trace(kids[0], b)

    trace(tree.root, K)
    return copy_with_leaves(tree, set(_topmost(collapsed)))


def srm_pruning(tree: Tree) -> Tuple[int, Tree]:
    """Notes 12.2.2's SRM choice: T* = argmin_d error(T_d) + sqrt(k_d / m) over the
    minimum-size prunings T_d (k_d nodes, error = training error rate, m examples);
    decided exactly by comparing squares.  Returns (d, T_d).

    >>> from exactprune.tree import iris_tree
    >>> d, t = srm_pruning(iris_tree()); d, t.n_leaves
    (6, 3)
    """
    tree = _as_tree(tree)
    m = tree.root.n
    table = min_size_table(tree)["root"]
    best = None
    for d, k in enumerate(table):
        if k == _INF:
            continue
        t = min_size_pruning(tree, d)
        err = Fraction(sum(l.errors for l in t.leaves()), m)
        key = (err, Fraction(k, m))
        if best is None or _srm_less(key, best[0]):
            best = (key, d, t)
    return best[1], best[2]


def _srm_less(a, b) -> bool:
    """a_err + sqrt(a_k) < b_err + sqrt(b_k), exactly/certified."""
    if a == b:
        return False
    sign = certified_sign(lambda: arb_of(a[0]) + arb_of(a[1]).sqrt() - arb_of(b[0]) - arb_of(b[1]).sqrt())
    return sign < 0


# -- Fan (13)-(14) -------------------------------------------------------------------------------

#: Fan's n_s: Haldane 0, Jeffreys 1/2, Bayes 1
FAN_PRIORS = {"haldane": Fraction(0), "jeffreys": Fraction(1, 2), "bayes": Fraction(1)}


def _ns(prior) -> Fraction:
    if isinstance(prior, str) and prior.lower() in FAN_PRIORS:
        return FAN_PRIORS[prior.lower()]
    return exact(prior, "prior")


def fan_moments(counts: Sequence[int], y: int, prior="jeffreys") -> dict:
    """Fan (13) for class ``y`` of a cell with ``counts``: the mean
    (k + n_s)/(n + M n_s), Fan's variance mean (1 - mean)/(1 + n), the squared bias
    (mean - k/n)^2, and the exact Dirichlet posterior variance a(A - a)/(A^2 (A + 1))
    with a = k + n_s, A = n + M n_s (Zhong 7.21), all exact.  Fan's variance equals
    the exact one only for the Haldane prior (n_s = 0).

    >>> m = fan_moments((3, 1), 0, "jeffreys")
    >>> m["mean"], m["var_fan"], m["var_exact"]
    (Fraction(7, 10), Fraction(21, 500), Fraction(7, 200))
    """
    ns = _ns(prior)
    M = len(counts)
    n = sum(counts)
    k = counts[y]
    if n == 0:
        raise ValueError("fan_moments: an empty cell (n = 0) has no bias term k/n in Fan (13)")
    A = n + M * ns
    mean = (k + ns) / A
    a = k + ns
    return {"mean": mean, "var_fan": mean * (1 - mean) / (1 + n), "bias2": (mean - Fraction(k, n)) ** 2,
            "var_exact": a * (A - a) / (A * A * (A + 1))}


def dirichlet_variance(counts: Sequence[int], j: int, lam) -> Fraction:
    """Var p_j under the Dirichlet(n + lam) posterior: a_j (A - a_j) / (A^2 (A + 1)),
    a_j = n_j + lam, A = n + J lam (Zhong 7.21).

    >>> dirichlet_variance((3, 1), 0, Fraction(1, 2))
    Fraction(7, 200)
    """
    lam = exact(lam, "lam")
    a = counts[j] + lam
    A = sum(counts) + len(counts) * lam
    if A == 0:
        raise ValueError("dirichlet_variance: empty counts with lam = 0")
    return a * (A - a) / (A * A * (A + 1))


def fan_estimate(tree: Tree, prior="jeffreys", variance: str = "fan") -> flint.arb:
    """Fan (14): training error rate + sum_y sum_i sqrt(Var + Bias^2) f(A_i) over the
    leaves A_i, f(A_i) = n_i / n; ``variance="exact"`` uses the exact Dirichlet
    posterior variance instead of Fan's (13).  Certified arb result.  Empty leaves
    contribute nothing (f = 0).

    >>> from exactprune.tree import iris_tree
    >>> e = fan_estimate(iris_tree()); 0.05 < float(e.mid()) < 0.2
    True
    """
    tree = _as_tree(tree)
    if variance not in ("fan", "exact"):
        raise ValueError(f"variance must be 'fan' or 'exact', got {variance!r}")
    N = tree.root.n
    train = Fraction(sum(l.errors for l in tree.leaves()), N)
    saved = flint.ctx.prec
    flint.ctx.prec = max(saved, _PREC)
    try:
        total = arb_of(train)
        for leaf in tree.leaves():
            if leaf.n == 0:
                continue
            f = Fraction(leaf.n, N)
            for yc in range(tree.n_classes):
                mo = fan_moments(leaf.counts, yc, prior)
                var = mo["var_fan"] if variance == "fan" else mo["var_exact"]
                total += arb_of(f) * arb_of(var + mo["bias2"]).sqrt()
        return total
    finally:
        flint.ctx.prec = saved


# -- CCP -----------------------------------------------------------------------------------------


def ccp_alphas(tree: Tree) -> Dict[str, Fraction]:
    """For every split, the alpha at which it becomes a leaf in CART's misclassification-cost
    weakest-link sequence (Breiman et al. 3.3): read off
    :func:`exactprune.sequence.ccp_sequence` (``ties="all"``); splits removed with an
    ancestor get the ancestor's alpha.  With :func:`ccp_subtree_at` this gives the smallest
    optimal subtree at any alpha.

    >>> from exactprune.tree import iris_tree
    >>> sorted(set(ccp_alphas(iris_tree()).values()))
    [Fraction(0, 1), Fraction(1, 150), Fraction(1, 75), Fraction(22, 75), Fraction(1, 3)]
    """
    from .sequence import ccp_sequence
    tree = _as_tree(tree)
    by_name = {node.name: node for node in tree.root.walk()}
    out: Dict[str, Fraction] = {}
    for stage in ccp_sequence(tree, "misclassification", ties="all").stages:
        for name in stage.pruned:
            for node in by_name[name].walk():
                if node.children and node.name not in out:
                    out[node.name] = stage.alpha_from
    return out


def _envelope_alphas(tree: Tree) -> Dict[str, Fraction]:
    """:func:`ccp_alphas` computed by :func:`_ccp_collapse_alphas` (the tests check they agree)."""
    tree = _as_tree(tree)
    if tree.root.n == 0:
        raise ValueError("node root: the tree has no examples")
    nodes = []
    stack = [tree.root]
    while stack:                       # pre-order: parents before children
        node = stack.pop()
        nodes.append(node)
        stack.extend(node.children)
    index = {id(n): i for i, n in enumerate(nodes)}
    kids = [[index[id(c)] for c in n.children] for n in nodes]
    errs = [sum(n.counts) - max(n.counts) if n.counts else 0 for n in nodes]
    alpha = _ccp_collapse_alphas(kids, errs, tree.root.n)
    return {nodes[i].name: alpha[i] for i in range(len(nodes)) if kids[i]}


def _ccp_collapse_alphas(kids: list, errs: list, total: int) -> list:
    """:func:`ccp_alphas` on index arrays (parents before children), for the fold trees of
    :func:`ccp_cv_select` read straight from scikit-learn's arrays (no count-tree
    conversion, no stage trees): per node, the least alpha (a Fraction) at which it is not
    a split of the smallest optimal subtree (None for leaves); equal alphas are one object.

    Bottom-up on the optimal-cost functions F_t(a) = min over prunings T' of the subtree at
    t of (errors(T') + a |leaves(T')|) (units of 1/N): concave, piecewise linear, kept as
    the line beyond the last breakpoint plus a max-heap of breakpoints merged small-to-large.
    F_t = min(errors(t) + a, sum of the children's F) and sum F_c - errors(t) - a has slope
    >= 1, so t collapses from one exact crossing a*(t) on (breakpoints right of it are
    popped); a split's alpha is the least a* over itself and its ancestors.  Exact
    (``flint.fmpq``), O(n log^2 n).  Equal to :func:`ccp_alphas` (tests: hypothesis count
    trees and grown scikit-learn trees)."""
    import heapq
    n = len(kids)
    own: list = [None] * n
    state: list = [None] * n   # (A, s, heap): F(a) = A + s a beyond the heap's max breakpoint
    tick = itertools.count()
    for i in range(n - 1, -1, -1):   # children before parents
        err = flint.fmpq(int(errs[i]))
        if not kids[i]:
            state[i] = (err, 1, [])
            continue
        parts = [state[c] for c in kids[i]]
        for c in kids[i]:
            state[c] = None
        parts.sort(key=lambda k: -len(k[2]))
        A, s, heap = parts[0]
        for A2, s2, h2 in parts[1:]:
            A += A2
            s += s2
            for item in h2:
                heapq.heappush(heap, item)
        while True:
            cross = (err - A) / (s - 1)
            if heap and cross < -heap[0][0]:
                negb, _, d = heapq.heappop(heap)
                A = A + d * negb          # A - d b: left of breakpoint b the slope is s + d
                s += d
                continue
            break
        own[i] = cross
        heapq.heappush(heap, (-cross, next(tick), s - 1))
        state[i] = (err, 1, heap)
    # min over ancestors-or-self, in units of 1/N
    N = flint.fmpq(int(total))
    alpha: list = [None] * n
    cache: dict = {}
    bound: list = [None] * n
    for i in range(n):
        if not kids[i]:
            continue
        a = own[i] if bound[i] is None or own[i] < bound[i] else bound[i]
        for c in kids[i]:
            bound[c] = a
        v = cache.get(a)
        if v is None:
            q = a / N
            v = cache[a] = Fraction(int(q.p), int(q.q))
        alpha[i] = v
    return alpha


def ccp_subtree_at(tree: Tree, alphas: Dict[str, Fraction], alpha) -> set:
    """Names of the topmost collapsed nodes of the smallest subtree optimal at ``alpha``
    (exact or a ``(a, b)`` pair meaning the geometric mean sqrt(a b), compared exactly)."""
    def collapsed_at(a):
        if isinstance(alpha, tuple):
            lo, hi = alpha
            return hi is None or a * a <= lo * hi
        return a <= alpha
    out = set()
    stack = [tree.root]
    while stack:
        node = stack.pop()
        if node.is_leaf:
            continue
        if collapsed_at(alphas[node.name]):
            out.add(node.name)
        else:
            stack.extend(node.children)
    return out


@dataclass
class CCPCVResult:
    """CCP with V-fold CV: the chosen ``alpha`` (a stage start, exact), the pruned
    ``tree``, the stage alphas, CV error rates per stage (Fractions), their SE (floats)
    and the index of the minimum and of the 1-SE choice."""

    alpha: Fraction
    tree: Tree
    collapsed: set
    stage_alphas: list
    cv_errors: list
    cv_se: list
    best: int
    chosen: int


def _sk_names(tree_) -> list:
    """Positional names (Zhong App B) of the nodes of a scikit-learn ``tree_``."""
    from .tree import node_name
    names = [None] * tree_.node_count
    stack = [(0, [])]
    while stack:
        i, path = stack.pop()
        names[i] = node_name(path)
        if tree_.children_left[i] != -1:
            stack.append((tree_.children_left[i], path + [1]))
            stack.append((tree_.children_right[i], path + [2]))
    return names


class _LeafPredictor:
    """Predictions of pruned versions of one fitted ``DecisionTreeClassifier`` on fixed X
    (names, decision paths and labels computed once)."""

    def __init__(self, estimator, X):
        import numpy as np
        tree_ = estimator.tree_
        self.names = _sk_names(tree_)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.left, self.right = tree_.children_left, tree_.children_right
        self.path = estimator.decision_path(X).tocsc()
        self.labels = estimator.classes_[np.argmax(tree_.value[:, 0, :], axis=1)]
        self.n = tree_.node_count

    def predict(self, collapsed_names: set):
        import numpy as np
        effective = self.left == -1
        stack = [0]
        effective = np.zeros(self.n, dtype=bool)
        while stack:                     # walk down to the leaves of the pruned tree
            i = stack.pop()
            if self.left[i] == -1 or self.names[i] in collapsed_names:
                effective[i] = True
            else:
                stack.extend((self.left[i], self.right[i]))
        ids = np.flatnonzero(effective)
        sub = self.path[:, ids].tocsr()
        return self.labels[ids[sub.indices]]


def predict_with_leaves(estimator, collapsed_names: set, X):
    """Predictions of the pruned version of a fitted ``DecisionTreeClassifier`` in
    which the named nodes are leaves (label: majority of training counts, first on ties)."""
    return _LeafPredictor(estimator, X).predict(collapsed_names)


def ccp_cv_select(X, y, V: int = 10, se_rule="1", random_state: int = 0, tree_params=None,
                  grown=None) -> CCPCVResult:
    """CART's CCP with tree selection by V-fold cross-validation and the 1-SE rule
    (Breiman et al. 3.4.2-3.4.3; Zhong 6.3 "default parameters").

    The tree grown on all of (X, y) gives the stage alphas a_0 < a_1 < ...; each
    fold tree is pruned at the geometric means sqrt(a_k a_{k+1}) (exact comparisons)
    and scored on its held-out fold.  R_k = CV errors / N, SE_k = sqrt(R_k (1 - R_k) / N);
    the chosen stage is the smallest tree with R_k <= min R + se_rule * SE_min
    (``se_rule="0"`` is the minimum).  ``grown`` may pass the full tree already
    fitted with the same parameters.
    """
    import numpy as np
    from sklearn.model_selection import StratifiedKFold, KFold
    from sklearn.tree import DecisionTreeClassifier
    V = positive_int(V, "V")
    if V < 2:
        raise ValueError(f"V must be at least 2, got {V}")
    se_rule = exact(se_rule, "se_rule")
    params = dict(tree_params or {})
    params.setdefault("random_state", random_state)
    X = np.asarray(X)
    y = np.asarray(y)
    N = len(y)
    if grown is None:
        grown = DecisionTreeClassifier(**params).fit(X, y)
    full = Tree.from_sklearn(grown)
    alphas = ccp_alphas(full)
    stage_alphas = [Fraction(0)] + sorted(set(alphas.values()))
    if stage_alphas[1:2] == [Fraction(0)]:
        stage_alphas = stage_alphas[1:]
    points = [(stage_alphas[k], stage_alphas[k + 1] if k + 1 < len(stage_alphas) else None)
              for k in range(len(stage_alphas))]
    _, counts = np.unique(y, return_counts=True)
    splitter = (StratifiedKFold(V, shuffle=True, random_state=random_state) if counts.min() >= V
                else KFold(V, shuffle=True, random_state=random_state))
    K = len(points)

    def collapsed_at(a: Fraction, k: int) -> bool:      # as ccp_subtree_at at point k
        if k == 0:
            return a <= 0
        lo, hi = points[k]
        return hi is None or a * a <= lo * hi

    def first_point(a: Fraction) -> int:                # least k at which alpha a is collapsed
        lo, hi = 0, K                                   # collapsed_at is monotone in k
        while lo < hi:
            mid = (lo + hi) // 2
            if collapsed_at(a, mid):
                hi = mid
            else:
                lo = mid + 1
        return lo

    from .tree import _sklearn_counts
    diff = np.zeros(K + 1, dtype=np.int64)
    for train, test in splitter.split(X, y):
        est = DecisionTreeClassifier(**params).fit(X[train], y[train])
        tr = est.tree_
        left, right = tr.children_left, tr.children_right
        counts = _sklearn_counts(tr)
        errs = (counts.sum(axis=1) - counts.max(axis=1)).tolist()
        kids = [() if l < 0 else (l, r) for l, r in zip(left.tolist(), right.tolist())]
        fa = _ccp_collapse_alphas(kids, errs, len(train))
        # node v predicts for points k in [first_point(alpha_v), min over ancestors): one
        # difference-array update per node with the fold's held-out errors at v
        memo: dict = {}                                 # equal alphas are one object in fa
        start = [0] * len(kids)
        for v, a in enumerate(fa):
            if a is not None:
                k = memo.get(id(a))
                if k is None:
                    k = memo[id(a)] = first_point(a)
                start[v] = k
        end = [K] * len(kids)
        for v, ch in enumerate(kids):                   # parents before children
            if ch:
                e = end[v] if end[v] < start[v] else start[v]
                end[ch[0]] = end[ch[1]] = e
        start = np.array(start, dtype=np.int64)
        end = np.array(end, dtype=np.int64)
        from scipy.sparse import csr_matrix
        path = est.decision_path(X[test]).tocsr()
        reach = np.asarray(path.sum(axis=0)).ravel()
        labels = np.argmax(counts, axis=1)
        J = len(est.classes_)
        yt = np.minimum(np.searchsorted(est.classes_, y[test]), J - 1)
        known = np.flatnonzero(est.classes_[yt] == y[test])  # a class unseen by the fold is always wrong
        onehot = csr_matrix((np.ones(len(known)), (yt[known], known)), shape=(J, len(yt)))
        by_class = (onehot @ path).toarray()             # J x nodes: held-out examples per class
        right_here = np.rint(by_class[labels, np.arange(len(kids))]).astype(np.int64)
        wrong_here = reach - right_here
        live = start < end
        np.add.at(diff, start[live], wrong_here[live])
        np.add.at(diff, end[live], -wrong_here[live])
    wrong = np.cumsum(diff)[:K].tolist()
    R = [Fraction(w, N) for w in wrong]
    se = [math.sqrt(float(r * (1 - r)) / N) for r in R]
    best = min(range(len(R)), key=lambda k: (R[k], -k))
    # 1-SE: compare R_k <= R_best + c SE_best exactly: (R_k - R_best)^2 N <= c^2 R_best (1 - R_best)
    chosen = best
    for k in range(len(R) - 1, -1, -1):
        d = R[k] - R[best]
        if d <= 0 or (d * d * N <= se_rule * se_rule * R[best] * (1 - R[best])):
            chosen = k
            break
    alpha = stage_alphas[chosen]
    collapsed = ccp_subtree_at(full, alphas, alpha)
    return CCPCVResult(alpha, copy_with_leaves(full, collapsed), collapsed, stage_alphas, R, se,
                       best, chosen)


def mep_as_knorm(tree: Tree, lam="1/2") -> Tree:
    """MEP through PruneTree: k = 1, eta = 0, numerator J-1 (Zhong p. 559)."""
    return knorm_prune(_as_tree(tree), 1, Prior(lam=lam, eta=0)).tree
