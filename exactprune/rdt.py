"""Random decision trees (DD: Dhurandhar & Dobra, JMLR 2008): path probabilities and GE moments.

The model (DD sec 3.2-3.5)
--------------------------
``d`` categorical attributes with arities ``a_1..a_d`` (continuous attributes with fixed split
points are the same thing), ``k`` classes, a multinomial distribution over the cells ``(x, c)`` of
the (d+1)-dimensional contingency table (:class:`Distribution`) and a sample size ``N``.  A random
decision tree (RDT) is grown top-down: at every node that does not stop, the split attribute is
drawn uniformly from the attributes not yet used on the branch, and the node gets one child per
value.  Stopping (:class:`Criterion`) is any combination of

* fixed height ``h`` (a node at depth h is a leaf; DD 3.3.1 item 1),
* purity (a node whose training points all have one class - or none - is a leaf; item 2),
* scarcity (a node with at most ``pb`` training points is a leaf; item 3),

and a node that has used all ``d`` attributes is always a leaf.  All three rules are monotone
along a branch, which is what makes the path-exists conditions of DD 3.3.1 work.

Choices the paper leaves open (stated here, followed by every formula and the simulator)
----------------------------------------------------------------------------------------
* **Ties.**  DD's (1)-(2) use strict inequalities ``ct(C_i) > ct(C_j)``, so a tied leaf predicts
  nothing and the printed probabilities do not add up to 1 (erratum ``dd-ties``).  Here a leaf
  predicts the majority class and ties follow ``tie``: ``"split"`` (default) - the error of a tied
  leaf is the average error of the tied classes, which is the same as breaking the tie uniformly
  at random, independently for every prediction; ``"first"`` - the tied class of lowest index.
* **Empty leaves** (no training point) are a tie among all ``k`` classes and follow the same rule.
  (Predicting the parent's majority is not offered: it breaks the leaf-local decomposition that
  all of DD's expressions rely on.)
* **GE of a grown tree** is computed exactly from the known distribution (no test sets):
  GE = sum over leaves R, classes y of w_y(R) (P[X in R] - P[X in R, Y = y]).

What is computed
----------------
* :func:`path_exists_probability` (DD 3.5, 3.6.2) and :func:`coexistence_probability` (DD 3.5 and
  App A, and a corrected version of the purity/scarcity variant of 3.6.2), each also by
  :func:`enumerate_path_exists` / :func:`enumerate_coexistence`, an exact enumeration of the
  random tree-growing process restricted to the paths involved.  :func:`coexistence_printed`
  evaluates the formulas as printed, for the errata.
* :func:`exact_moments`: E[GE] and E[GE^2] for the same tree exactly for every criterion (DD (1),
  (2) with the path-exists conditions of 3.3.1, summed over leaf regions and their last attribute;
  fixed height as in 3.6.1, purity/scarcity with the corrected co-existence factor and the count
  events of both leaves and their parents as exact generating functions);
  E[GE GE'] for two trees on independent samples is E[GE]^2; for two trees on the same sample
  (``same_sample=True``) it is exact for fixed height and two classes.
* :func:`bruteforce_moments`: the same by enumerating every data set (tiny N), with the tree
  randomness integrated exactly by recursion (:func:`conditional_moments`).
* :func:`simulate` (MC: sample a data set, grow one random tree - or two, ``same_sample`` - and
  measure its GE) and :func:`af_monte_carlo` (AF: tree randomness exact, data sets sampled; also
  estimates the same-sample moment for every criterion), seeded.

Paths are dicts ``attribute -> value`` with 0-based attributes.  For the purity and scarcity
criteria the *last* key of the dict is the attribute chosen last on the path (the split that
made the leaf), as in DD 3.3.1 items 2(b) and 3(b).
"""
from __future__ import annotations

import itertools
import math
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Mapping, Optional, Sequence

import flint
import numpy as np

from .numbers import exact, fraction_str, nonnegative_int, positive_int

__all__ = [
    "Criterion", "Distribution", "TIES", "path_exists_probability", "enumerate_path_exists",
    "coexistence_probability", "coexistence_printed", "enumerate_coexistence",
    "exact_moments", "expected_ge", "bruteforce_moments", "conditional_moments", "grow_tree",
    "tree_ge", "simulate", "af_monte_carlo", "correlated_distribution", "chi_square_correlation",
    "distribution_from_data", "leaf_weights", "datasets_count",
]

TIES = ("split", "first")
_CRITERIA = ("fixed", "purity", "scarcity")


# --------------------------------------------------------------------------- the model

@dataclass(frozen=True)
class Criterion:
    """Stopping rule of DD 3.3.1: fixed ``height``, ``purity``, scarcity bound ``pb``, combined.

    A node is a leaf when it has used all d attributes, or its depth is >= ``height``, or
    (``purity``) its training points have at most one class, or (``pb``) it holds <= pb points.

    >>> Criterion(height=3)
    Criterion(height=3, purity=False, pb=None)
    >>> Criterion(height=3).stops(depth=2, counts=(5, 0), d=5)
    False
    >>> Criterion(purity=True).stops(depth=2, counts=(5, 0), d=5)
    True
    """

    height: Optional[int] = None
    purity: bool = False
    pb: Optional[int] = None

    def __post_init__(self):
        if self.height is not None:
            object.__setattr__(self, "height", positive_int(self.height, "height"))
        if self.pb is not None:
            object.__setattr__(self, "pb", nonnegative_int(self.pb, "pb"))
        if not isinstance(self.purity, bool):
            raise TypeError(f"purity must be True or False, got {self.purity!r}")

    @property
    def sample_dependent(self) -> bool:
        return self.purity or self.pb is not None

    def stops(self, depth: int, counts: Sequence[int], d: int) -> bool:
        """Is a node at ``depth`` with class ``counts`` a leaf?"""
        if depth >= d or (self.height is not None and depth >= self.height):
            return True
        if self.purity and sum(1 for c in counts if c) <= 1:
            return True
        if self.pb is not None and sum(counts) <= self.pb:
            return True
        return False

    @classmethod
    def parse(cls, text: str, height: Any = None, pb: Any = None) -> "Criterion":
        """``"fixed"``, ``"purity"``, ``"scarcity"`` or a comma-joined combination.

        >>> Criterion.parse("purity,fixed", height=2)
        Criterion(height=2, purity=True, pb=None)
        """
        names = [part.strip() for part in str(text).split(",") if part.strip()]
        if not names:
            raise ValueError("criterion: give fixed, purity or scarcity")
        for name in names:
            if name not in _CRITERIA:
                raise ValueError(f"criterion: unknown stopping criterion {name!r} (fixed, purity, scarcity)")
        if "fixed" in names and height is None:
            raise ValueError("criterion fixed needs a height h")
        if "scarcity" in names and pb is None:
            raise ValueError("criterion scarcity needs a pruning bound pb")
        return cls(height=height if "fixed" in names else None, purity="purity" in names,
                   pb=pb if "scarcity" in names else None)


class Distribution:
    """A multinomial distribution over the cells (x_1..x_d, class) of DD 4.2's contingency table.

    ``probs`` is a mapping ``(x_1, ..., x_d, c) -> probability`` (missing cells are 0) or a nested
    list of shape ``arities + [k]``.  Probabilities are exact and must add up to 1.

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> dist.d, dist.k, dist.cells_count
    (1, 2, 4)
    >>> dist.prob((1, 1))
    Fraction(1, 2)
    """

    def __init__(self, arities: Sequence[int], k: int, probs: Any):
        if isinstance(arities, (str, bytes)) or not isinstance(arities, Iterable):
            raise TypeError("arities must be a list of integers >= 2")
        self.arities = tuple(positive_int(a, "arity") for a in arities)
        if not self.arities:
            raise ValueError("arities: need at least one attribute")
        if any(a < 2 for a in self.arities):
            raise ValueError(f"arities must be >= 2, got {list(self.arities)}")
        self.k = positive_int(k, "k")
        if self.k < 2:
            raise ValueError("k: need at least two classes")
        self.d = len(self.arities)
        shape = self.arities + (self.k,)
        table = {}
        if isinstance(probs, Mapping):
            for cell, value in probs.items():
                cell = tuple(cell)
                if len(cell) != self.d + 1 or any(not isinstance(v, int) or not 0 <= v < s
                                                  for v, s in zip(cell, shape)):
                    raise ValueError(f"probs: cell {cell!r} is outside the table of shape {list(shape)}")
                table[cell] = exact(value, f"probs[{cell}]")
        else:
            arr = np.array(probs, dtype=object)
            if arr.shape != shape:
                raise ValueError(f"probs: expected shape {list(shape)}, got {list(arr.shape)}")
            for cell in itertools.product(*(range(s) for s in shape)):
                table[cell] = exact(arr[cell], f"probs[{cell}]")
        for cell, value in table.items():
            if value < 0:
                raise ValueError(f"probs: negative probability {value} at cell {cell}")
        total = sum(table.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probs must add up to 1, got {total}")
        self._probs = {cell: v for cell, v in table.items() if v}
        self.D = math.lcm(*(v.denominator for v in self._probs.values()))
        ints = np.zeros(shape, dtype=object)
        ints[...] = 0
        for cell, value in self._probs.items():
            ints[cell] = value.numerator * (self.D // value.denominator)
        self.ints = ints           # probability * D, as Python ints
        self.cells_count = int(np.prod(shape))

    def prob(self, cell: Sequence[int]) -> Fraction:
        return self._probs.get(tuple(cell), Fraction(0))

    def flat(self) -> np.ndarray:
        """Cell probabilities as floats in C order (for samplers only)."""
        return np.array([float(Fraction(int(v), self.D)) for v in self.ints.ravel()])

    def region_masses(self, attrs: Sequence[int], values: Sequence[int]) -> tuple:
        """Integers D * P[X_attrs = values, Y = c] for every class c."""
        index = [slice(None)] * self.d
        for a, v in zip(attrs, values):
            index[a] = v
        sub = self.ints[tuple(index)]
        sub = np.asarray(sub, dtype=object).reshape(-1, self.k)
        return tuple(int(sum(sub[:, c])) for c in range(self.k))

    def __repr__(self) -> str:
        return f"Distribution(arities={list(self.arities)}, k={self.k}, D={self.D})"


def leaf_weights(counts: Sequence[int], tie: str = "split") -> tuple:
    """Prediction weights w_y of a leaf with class ``counts`` under the tie rule (module docstring).

    >>> leaf_weights((3, 3, 1))
    (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1))
    >>> leaf_weights((0, 0), "first")
    (Fraction(1, 1), Fraction(0, 1))
    """
    top = max(counts)
    winners = [i for i, c in enumerate(counts) if c == top]
    if tie == "split":
        share = Fraction(1, len(winners))
        return tuple(share if c == top else Fraction(0) for c in counts)
    if tie == "first":
        return tuple(Fraction(1 if i == winners[0] else 0) for i in range(len(counts)))
    raise ValueError(f"tie must be one of {TIES}, got {tie!r}")


def _check_tie(tie: str) -> str:
    if tie not in TIES:
        raise ValueError(f"tie must be one of {TIES}, got {tie!r}")
    return tie


# --------------------------------------------------------------------------- path probabilities

def _check_path(d: int, path: Any, name: str) -> tuple:
    if not isinstance(path, Mapping):
        raise TypeError(f"{name} must be a dict attribute -> value")
    if not path:
        raise ValueError(f"{name} is empty: a path has at least one attribute")
    items = []
    for attr, value in path.items():
        attr = nonnegative_int(attr, f"{name} attribute")
        value = nonnegative_int(value, f"{name} value of attribute {attr}")
        if attr >= d:
            raise ValueError(f"{name}: attribute {attr} does not exist (d = {d}, attributes are 0..{d - 1})")
        items.append((attr, value))
    if len({a for a, _ in items}) != len(items):
        raise ValueError(f"{name}: an attribute appears twice")
    return tuple(items)


def _check_criterion_name(criterion: Any) -> bool:
    """True when the path's last attribute is designated (purity, scarcity)."""
    if isinstance(criterion, Criterion):
        return criterion.sample_dependent
    if criterion not in _CRITERIA:
        raise ValueError(f"criterion must be one of {_CRITERIA}, got {criterion!r}")
    return criterion != "fixed"


def _falling(n: int, m: int) -> int:
    out = 1
    for i in range(m):
        out *= n - i
    return out


def path_exists_probability(d: int, path: Mapping[int, int], criterion: Any = "fixed") -> Fraction:
    """Probability that the random attribute choices produce ``path`` (DD 3.5, 3.6).

    ``"fixed"``: the first l attributes chosen on the branch are the path's set: 1/C(d, l) (DD 3.5).
    ``"purity"``/``"scarcity"``: the other l-1 attributes first, then the last key of ``path``:
    1/(C(d, l-1)(d-l+1)) (DD 3.6.2).  The sample-dependent conditions are not included.

    >>> path_exists_probability(5, {0: 1, 1: 0, 2: 1})
    Fraction(1, 10)
    >>> path_exists_probability(5, {0: 1, 1: 0, 2: 1}, "purity")
    Fraction(1, 30)
    """
    d = positive_int(d, "d")
    items = _check_path(d, path, "path")
    ordered = _check_criterion_name(criterion)
    l = len(items)
    if ordered:
        return Fraction(1, math.comb(d, l - 1) * (d - l + 1))
    return Fraction(1, math.comb(d, l))


def _pair_arguments(d: Any, path1: Mapping[int, int], path2: Mapping[int, int], criterion: Any):
    """Validated (d, shorter path items, longer path items, ordered?) for the co-existence formulas."""
    d = positive_int(d, "d")
    items1 = _check_path(d, path1, "path1")
    items2 = _check_path(d, path2, "path2")
    ordered = _check_criterion_name(criterion)
    if len(items1) > len(items2):
        items1, items2 = items2, items1
    return d, items1, items2, ordered


def _split_paths(items1: tuple, items2: tuple):
    p1, p2 = dict(items1), dict(items2)
    common = set(p1) & set(p2)
    same = {a for a in common if p1[a] == p2[a]}
    return p1, p2, common, same


def coexistence_probability(d: int, path1: Mapping[int, int], path2: Mapping[int, int],
                            criterion: Any = "fixed") -> Fraction:
    """Probability that ``path1`` and ``path2`` are both root-to-leaf paths of one random tree.

    Attribute-selection part only (DD's s.c.c.i.).  ``"fixed"`` is DD App A / 3.5:
    sum_i vPr_i (l1-i-1)! (l2-i-1)! (r-v) prob_i with
    prob_i = 1/(d..(d-i) (d-i-1)^2..(d-l1+1)^2 (d-l1)..(d-l2+1)) - correct for distinct paths;
    for identical paths (which the printed sum sets to 0) this returns the path-exists probability.
    ``"purity"``/``"scarcity"`` (last key of each dict chosen last) is the corrected 3.6.2 variant:
    the shared prefix is an ordered i-subset of the v same-valued common attributes other than the
    two last ones, the bifurcation attribute b is any common attribute with different values -
    *including* a last attribute, which the printed formula misses - and
    P = sum_i sum_b vPr_i f1 f2 prob_i, with f = (l-i-2)! if b is not that path's last attribute,
    and f = [l = i+1] if it is.  See errata ``dd-coexist-purity``, ``dd-coexist-identical``.

    >>> coexistence_probability(3, {0: 0, 1: 0}, {0: 1, 2: 0})   # root A0 (1/3), then A1 and A2 (1/2 each)
    Fraction(1, 12)
    >>> coexistence_probability(3, {0: 0, 1: 0}, {0: 0, 1: 1}, "purity")
    Fraction(1, 6)
    """
    d, items1, items2, ordered = _pair_arguments(d, path1, path2, criterion)
    p1, p2, common, same = _split_paths(items1, items2)
    l1, l2 = len(items1), len(items2)
    last1, last2 = items1[-1][0], items2[-1][0]
    if p1 == p2 and (not ordered or last1 == last2):
        return path_exists_probability(d, dict(items1), "purity" if ordered else "fixed")
    differing = sorted(common - same)
    total = Fraction(0)
    if not ordered:
        v = len(same)
        for i in range(v + 1):
            if i + 1 > l1:
                break
            count = _falling(v, i) * math.factorial(l1 - i - 1) * math.factorial(l2 - i - 1) * len(differing)
            denom = _falling(d, i + 1) * _falling(d - i - 1, l1 - i - 1) * _falling(d - i - 1, l2 - i - 1)
            total += Fraction(count, denom)
        return total
    shared = same - {last1, last2}
    v = len(shared)
    for i in range(v + 1):
        if i + 1 > l1:
            break
        denom = _falling(d, i + 1) * _falling(d - i - 1, l1 - i - 1) * _falling(d - i - 1, l2 - i - 1)
        for b in differing:
            factors = []
            for l, last in ((l1, last1), (l2, last2)):
                if b == last:
                    factors.append(1 if l == i + 1 else 0)
                else:
                    factors.append(math.factorial(l - i - 2) if l - i - 2 >= 0 else 0)
            total += Fraction(_falling(v, i) * factors[0] * factors[1], denom)
    return total


def coexistence_printed(d: int, path1: Mapping[int, int], path2: Mapping[int, int],
                        criterion: Any = "fixed") -> Optional[Fraction]:
    """The co-existence formula exactly as printed (for the errata); ``None`` where it divides by 0.

    ``"fixed"``: App A (= 3.5), summed literally, so identical paths give 0.
    ``"purity"``/``"scarcity"``: 3.6.2, sum_{t=0}^b bPr_t (h_p-t-2)!(h_q-t-2)!(r-b) prob_t /
    ((d-h_p+1)(d-h_q+1)), prob_t = 1/(d..(d-t)(d-t-1)^2..(d-h_p)^2(d-h_p-1)..(d-h_q)); r and b
    count common (same-valued) attributes "sparing the attributes chosen as leaves"; the printed
    (r-v) is read as (r-b) since v is not defined there.

    >>> coexistence_printed(3, {0: 0, 1: 0}, {0: 0, 1: 1}, "purity")
    Fraction(0, 1)
    """
    d, items1, items2, ordered = _pair_arguments(d, path1, path2, criterion)
    p1, p2, common, same = _split_paths(items1, items2)
    l1, l2 = len(items1), len(items2)
    if not ordered:
        v, r = len(same), len(common)
        total = Fraction(0)
        for i in range(v + 1):
            if l1 - i - 1 < 0:
                continue
            denom = 1
            for j in range(0, i + 1):
                denom *= d - j
            for j in range(i + 1, l1):
                denom *= (d - j) ** 2
            for j in range(l1, l2):
                denom *= d - j
            total += Fraction(_falling(v, i) * math.factorial(l1 - i - 1) * math.factorial(l2 - i - 1) * (r - v),
                              denom)
        return total
    leaves = {items1[-1][0], items2[-1][0]}
    r = len(common - leaves)
    b = len(same - leaves)
    total = Fraction(0)
    for t in range(b + 1):
        if l1 - t - 2 < 0 or l2 - t - 2 < 0:
            continue
        denom = 1
        for j in range(0, t + 1):
            denom *= d - j
        for j in range(t + 1, l1 + 1):      # (d-t-1)^2 .. (d-h_p)^2
            denom *= (d - j) ** 2
        for j in range(l1 + 1, l2 + 1):     # (d-h_p-1) .. (d-h_q)
            denom *= d - j
        denom *= (d - l1 + 1) * (d - l2 + 1)
        if denom == 0:
            return None
        total += Fraction(_falling(b, t) * math.factorial(l1 - t - 2) * math.factorial(l2 - t - 2) * (r - b), denom)
    return total


def _enumerate(d: int, targets: list, ordered: bool, weights: Optional[Sequence[Any]] = None) -> Fraction:
    """Grow a random tree restricted to the nodes on the target paths; probability all are leaves.

    Each target is (dict attr->value, length, last attribute).  At a node that some target wants as
    its leaf, every target through it must end there (else the other cannot pass a leaf).  Otherwise
    the node draws its attribute uniformly from the unused ones (or with probability proportional
    to ``weights``, to show what happens when DD 3.5's uniform selection is violated); targets that
    do not contain it fail; the others go to the child of their value, and distinct children grow
    independently.
    """
    w = [Fraction(1)] * d if weights is None else [exact(x, "weights") for x in weights]
    if len(w) != d or any(x <= 0 for x in w):
        raise ValueError(f"weights: need {d} positive attribute weights")

    def grow(seq: tuple, members: tuple) -> Fraction:
        depth = len(seq)
        ending = [i for i in members if targets[i][1] == depth]
        if ending:
            if len(ending) != len(members):
                return Fraction(0)
            if ordered and any(seq[-1] != targets[i][2] for i in ending):
                return Fraction(0)
            return Fraction(1)
        total = Fraction(0)
        unused = [a for a in range(d) if a not in seq]
        for attr in unused:
            if any(attr not in targets[i][0] for i in members):
                continue
            groups = {}
            for i in members:
                groups.setdefault(targets[i][0][attr], []).append(i)
            prob = Fraction(1)
            for group in groups.values():
                prob *= grow(seq + (attr,), tuple(group))
                if not prob:
                    break
            total += prob * w[attr]
        return total / sum(w[a] for a in unused)

    return grow((), tuple(range(len(targets))))


def enumerate_path_exists(d: int, path: Mapping[int, int], criterion: Any = "fixed",
                          weights: Optional[Sequence[Any]] = None) -> Fraction:
    """:func:`path_exists_probability` by enumerating the tree-growing process.

    >>> enumerate_path_exists(5, {0: 1, 1: 0, 2: 1}, "scarcity")
    Fraction(1, 30)
    """
    d = positive_int(d, "d")
    items = _check_path(d, path, "path")
    ordered = _check_criterion_name(criterion)
    return _enumerate(d, [(dict(items), len(items), items[-1][0])], ordered, weights)


def enumerate_coexistence(d: int, path1: Mapping[int, int], path2: Mapping[int, int],
                          criterion: Any = "fixed", weights: Optional[Sequence[Any]] = None) -> Fraction:
    """:func:`coexistence_probability` by enumerating the tree-growing process (Fractions).

    >>> enumerate_coexistence(3, {0: 0, 1: 0}, {0: 0, 1: 1}, "purity")
    Fraction(1, 6)
    """
    d = positive_int(d, "d")
    items1 = _check_path(d, path1, "path1")
    items2 = _check_path(d, path2, "path2")
    ordered = _check_criterion_name(criterion)
    targets = [(dict(items), len(items), items[-1][0]) for items in (items1, items2)]
    return _enumerate(d, targets, ordered, weights)


# --------------------------------------------------------------------------- exact moments (DD 3.6)

def _compositions(total: int, parts: int):
    """All tuples of ``parts`` non-negative ints with sum <= total."""
    if parts == 1:
        for i in range(total + 1):
            yield (i,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest


def _err_int(counts: Sequence[int], masses: Sequence[int], tie: str, L: int) -> int:
    """L * sum_y w_y (B - A_y): the leaf's error times D, times L = lcm(1..k) (an integer)."""
    B = sum(masses)
    top = max(counts)
    winners = [y for y, c in enumerate(counts) if c == top]
    if tie == "first":
        return L * (B - masses[winners[0]])
    return (L // len(winners)) * sum(B - masses[y] for y in winners)


def _support_type(counts: Sequence[int]):
    nonzero = [c for c, n in enumerate(counts) if n]
    if len(nonzero) >= 2:
        return "multi"
    if not nonzero:
        return "empty"
    return nonzero[0]


def _parent_table(N: int, crit: Criterion, A_rest: int, sib: Sequence[int], k: int) -> dict:
    """T[(s, type)] = A_rest^(N-s) * P[parent does not stop | region counts of size s and support type].

    The sibling points (the parent minus this region) are multinomial given the region counts;
    purity needs the sibling's class support, scarcity its size (DD 3.3.1 items 2(b), 3(b)).
    """
    A_sib = sum(sib)
    A_out = A_rest - A_sib
    types = ["multi", "empty"] + list(range(k)) if crit.purity else ["multi"]
    table = {}
    for s in range(N + 1):
        r = N - s
        for typ in types:
            if crit.pb is None:
                value = A_rest ** r
                if crit.purity:
                    if typ == "empty":
                        value -= sum((A_out + x) ** r for x in sib) - (k - 1) * A_out ** r
                    elif typ != "multi":
                        value -= (A_out + sib[typ]) ** r
            else:
                value = 0
                for t in range(max(0, crit.pb - s + 1), r + 1):
                    inner = A_sib ** t
                    if crit.purity:
                        if typ == "empty":
                            inner -= sum(x ** t for x in sib) - (k - 1) * (1 if t == 0 else 0)
                        elif typ != "multi":
                            inner -= sib[typ] ** t
                    value += math.comb(r, t) * A_out ** (r - t) * inner
            table[(s, typ)] = value
    return table


def _regions(dist: Distribution, max_len: int):
    """All regions (attribute tuple, value tuple) with at most ``max_len`` attributes."""
    for l in range(max_len + 1):
        for attrs in itertools.combinations(range(dist.d), l):
            for values in itertools.product(*(range(dist.arities[a]) for a in attrs)):
                yield attrs, values


def _check_moment_args(dist, N, criterion, tie):
    if not isinstance(dist, Distribution):
        raise TypeError("dist must be an exactprune.rdt.Distribution")
    N = nonnegative_int(N, "N")
    if not isinstance(criterion, Criterion):
        raise TypeError("criterion must be an exactprune.rdt.Criterion")
    _check_tie(tie)
    if criterion.height is not None and criterion.height > dist.d:
        raise ValueError(f"height {criterion.height} exceeds the number of attributes d = {dist.d}")
    return N


def expected_ge(dist: Distribution, N: int, criterion: Criterion, tie: str = "split") -> Fraction:
    """E[GE] over data sets of size N and random trees, exactly (DD (1), 3.3.1, 3.6).

    For a leaf region R = (S, x_S) reached with last attribute a, P[leaf | data] is
    (|S|-1)!(d-|S|)!/d! = 1/(C(d,|S|-1)(d-|S|+1)) times [R stops and its parent S-a does not]
    (monotone stopping); summing over a in S gives 1/C(d,h) for fixed height.  The count part is
    summed over the region's class counts with the sibling counts integrated in closed form.

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> expected_ge(dist, 1, Criterion(height=1))
    Fraction(1, 4)
    """
    N = _check_moment_args(dist, N, criterion, tie)
    d, k, D = dist.d, dist.k, dist.D
    L = math.lcm(*range(1, k + 1))
    h = criterion.height if criterion.height is not None else d
    fact = [math.factorial(i) for i in range(N + 1)]
    comps = list(_compositions(N, k))
    total = Fraction(0)
    for attrs, values in _regions(dist, h):
        l = len(attrs)
        if l < h and not criterion.sample_dependent:
            continue
        A = dist.region_masses(attrs, values)
        A_rest = D - sum(A)
        if l == 0:
            tables = [({}, None)]
            weight = Fraction(1)
        else:
            weight = Fraction(math.factorial(l - 1) * math.factorial(d - l), math.factorial(d))
            tables = []
            for j in range(l):
                pa, pv = attrs[:j] + attrs[j + 1:], values[:j] + values[j + 1:]
                P = dist.region_masses(pa, pv)
                tables.append((_parent_table(N, criterion, A_rest, [p - a for p, a in zip(P, A)], k), True))
        acc = 0
        for n in comps:
            s = sum(n)
            if not criterion.stops(l, n, d):
                continue
            mult = fact[N] // fact[N - s]
            term = 1
            for c in range(k):
                mult //= fact[n[c]]
                term *= A[c] ** n[c]
            if l == 0:
                par = A_rest ** (N - s)
            else:
                typ = _support_type(n) if criterion.purity else "multi"
                par = sum(tab[(s, typ)] for tab, _ in tables)
            if par:
                acc += mult * term * par * _err_int(n, A, tie, L)
        total += weight * acc
    return total / (D ** (N + 1) * L)


def _count_polys(A: Sequence[int], comps_by_s: list, tie: str, L: int, powers: Sequence[int] = (1,),
                 keep=None, by_support: bool = False) -> list:
    """EGFs of one region's class counts, one per entry p of ``powers``:
    {support mask: sum_n err_int(n)^p prod A_c^{n_c}/n_c! z^|n|}.

    Only counts ``n`` with ``keep(n)`` (e.g. "the region stops") enter; with ``by_support`` the sum
    is split by the set of classes present (bit mask, what purity needs), else everything is under
    key 0.  Power 0 gives the plain multinomial weights.
    """
    fact = [math.factorial(i) for i in range(len(comps_by_s))]
    accs = [{} for _ in powers]
    for s, comps in enumerate(comps_by_s):
        for n in comps:
            if keep is not None and not keep(n):
                continue
            term = fact[s]
            for c, nc in enumerate(n):
                term = term // fact[nc] * A[c] ** nc
            err = _err_int(n, A, tie, L)
            mask = sum(1 << c for c, nc in enumerate(n) if nc) if by_support else 0
            for acc, p in zip(accs, powers):
                row = acc.setdefault(mask, [0] * len(comps_by_s))
                row[s] += term * err ** p
    return [{mask: flint.fmpq_poly([flint.fmpq(x, fact[s]) for s, x in enumerate(row)])
             for mask, row in acc.items()} for acc in accs]


def _u_poly(A: Sequence[int], comps_by_s: list, tie: str, L: int, power: int) -> flint.fmpq_poly:
    """sum_s z^s/s! * sum_{|n|=s} s!/prod n_c! prod A_c^{n_c} err_int(n)^power."""
    return sum(_count_polys(A, comps_by_s, tie, L, (power,))[0].values(), flint.fmpq_poly([]))


def _comps_by_size(N: int, k: int) -> list:
    """Class-count vectors of length k with sum <= N, grouped by their sum."""
    out = [[] for _ in range(N + 1)]
    for n in _compositions(N, k):
        out[sum(n)].append(n)
    return out


def _falling_factorials(N: int) -> list:
    """N!/(N-m)! for m = 0..N (fmpz)."""
    return [flint.fmpz(math.factorial(N) // math.factorial(N - m)) for m in range(N + 1)]


def _pair_value(poly: flint.fmpq_poly, N: int, C: int, falling: Optional[list] = None) -> flint.fmpq:
    """N! * sum_m poly_m C^(N-m)/(N-m)! (the rest of the sample falls outside both regions)."""
    if falling is None:
        falling = _falling_factorials(N)
    coeffs = poly.coeffs()
    acc = flint.fmpq(0)
    Cz = flint.fmpz(C)
    for m in range(min(len(coeffs), N + 1)):
        acc = acc * Cz + coeffs[m] * falling[m]
    return acc * Cz ** (N + 1 - min(len(coeffs), N + 1))


@lru_cache(maxsize=4096)
def _exp_poly(c: int, N: int) -> flint.fmpq_poly:
    """e^{cz} up to z^N."""
    coeffs, term = [], flint.fmpq(1)
    for t in range(N + 1):
        coeffs.append(term)
        term = term * c / (t + 1)
    return flint.fmpq_poly(coeffs)


def _rest_polys(rest: Sequence[int], N: int, purity: bool) -> dict:
    """EGF of the points of a parent outside the regions of interest (class masses ``rest``).

    With purity, split by the exact set of classes present (Moebius inversion over subsets:
    sum over tau' in tau of (-1)^|tau - tau'| e^{mass(tau') z}); else one entry e^{mass z}.
    """
    if not purity:
        return {0: _exp_poly(sum(rest), N)}
    k = len(rest)
    out = {}
    for mask in range(1 << k):
        poly = flint.fmpq_poly([])
        sub = mask
        while True:
            sign = -1 if bin(mask ^ sub).count("1") % 2 else 1
            poly += sign * _exp_poly(sum(rest[c] for c in range(k) if sub >> c & 1), N)
            if sub == 0:
                break
            sub = (sub - 1) & mask
        if not poly.is_zero():
            out[mask] = poly
    return out


def _parent_poly(criterion: Criterion, groups: list, rest: Sequence[int], N: int) -> flint.fmpq_poly:
    """EGF of a parent's content restricted to "the parent does not stop" (DD 3.3.1 2(b), 3(b)).

    ``groups`` are the :func:`_count_polys` of the disjoint regions inside the parent (already
    restricted to "the region stops"), ``rest`` the class masses of the rest of the parent.  The
    parent does not stop when it has >= 2 classes (purity) and > pb points (scarcity); it is never
    stopped by height or attribute exhaustion (it lies above a leaf).
    """
    purity = criterion.purity
    layers = [g if purity else {0: sum(g.values(), flint.fmpq_poly([]))} for g in groups]
    layers.append(_rest_polys(rest, N, purity))
    combined = {0: flint.fmpq_poly([1])}
    for layer in layers:
        new = {}
        for m1, p1 in combined.items():
            for m2, p2 in layer.items():
                key = m1 | m2
                new[key] = new.get(key, flint.fmpq_poly([])) + p1.mul_low(p2, N + 1)
        combined = new
    total = sum((p for m, p in combined.items() if not purity or bin(m).count("1") >= 2), flint.fmpq_poly([]))
    if criterion.pb is not None:
        total -= total.truncate(criterion.pb + 1)
    return total


def _sample_dependent_moments(dist: Distribution, N: int, criterion: Criterion, tie: str) -> tuple:
    """(E[GE], E[GE^2] same tree) for purity/scarcity stopping (alone or with a height), exactly.

    DD (2) with the leaf events of 3.3.1: GE^2 = sum over ordered pairs of leaves.  A leaf is a
    region R with its last attribute a; given the data it is a leaf with probability
    P[path exists] [R stops] [parent R-a does not stop] (monotone stopping).  Two distinct leaves
    (R1, a1), (R2, a2) co-exist with probability :func:`coexistence_probability` (ordered paths)
    times the count indicators.  With b the bifurcation attribute, the count events live on:

    * b not in {a1, a2}: disjoint parents P1, P2 - the product of the two parents' EGFs;
    * b = a1 != a2: R2 in P2 in P1 and R1 outside P2 - P1 cannot stop when P2 does not, so
      R1 only needs to stop;
    * b = a1 = a2: one common parent P holding R1 and R2.

    Each EGF is exact (flint fmpq_poly) and the count probability is N! [z^N] F(z) e^{C z} / D^N
    with C the mass outside all regions involved.  The E[GE] returned is computed from the same
    polynomials (a check against :func:`expected_ge`).
    """
    d, k, D = dist.d, dist.k, dist.D
    L = math.lcm(*range(1, k + 1))
    h = criterion.height if criterion.height is not None else d
    comps_by_s = _comps_by_size(N, k)
    falling = _falling_factorials(N)
    zero = flint.fmpq_poly([])
    first = flint.fmpq(0)
    diag = flint.fmpq(0)
    leaves = []      # (path dict with a last, attrs, values, A, U1, F1 = parent poly, parent mass, parent rest)
    for attrs, values in _regions(dist, h):
        l = len(attrs)
        A = dist.region_masses(attrs, values)

        def keep(n, l=l):
            return criterion.stops(l, n, d)

        U1, U2 = _count_polys(A, comps_by_s, tie, L, (1, 2), keep, criterion.purity)
        if not U1 and not U2:
            continue
        if l == 0:
            first += _pair_value(sum(U1.values(), zero), N, D - sum(A), falling)
            diag += _pair_value(sum(U2.values(), zero), N, D - sum(A), falling)
            continue
        w = flint.fmpq(math.factorial(l - 1) * math.factorial(d - l), math.factorial(d))
        region = dict(zip(attrs, values))
        for j, a in enumerate(attrs):
            P = dist.region_masses(attrs[:j] + attrs[j + 1:], values[:j] + values[j + 1:])
            rest = [p - x for p, x in zip(P, A)]
            F1 = _parent_poly(criterion, [U1], rest, N)
            first += w * _pair_value(F1, N, D - sum(P), falling)
            diag += w * _pair_value(_parent_poly(criterion, [U2], rest, N), N, D - sum(P), falling)
            path = {x: region[x] for x in attrs if x != a}
            path[a] = region[a]
            leaves.append((path, A, U1, F1, sum(P), rest))
    off = flint.fmpq(0)
    coex_cache = {}
    for i, (p1, A1, U1, F1, P1, rest1) in enumerate(leaves):
        a1 = next(reversed(p1))
        for p2, A2, U2, F2, P2, rest2 in leaves[i + 1:]:
            a2 = next(reversed(p2))
            differing = [x for x in p1 if x in p2 and p1[x] != p2[x]]
            if not differing:
                continue   # overlapping regions: never two leaves of one tree
            key = (tuple(p1), tuple(p2), tuple(p1[x] == p2[x] for x in p1 if x in p2))
            if key not in coex_cache:
                c = coexistence_probability(d, p1, p2, "purity")
                coex_cache[key] = flint.fmpq(c.numerator, c.denominator)
            coex = coex_cache[key]
            if coex == 0:
                continue
            if differing == [a1] and a1 == a2:       # common parent
                rest = [r - x for r, x in zip(rest1, A2)]
                poly, outside = _parent_poly(criterion, [U1, U2], rest, N), D - P1
            elif differing == [a1]:                  # R2 in P2 in P1
                poly, outside = sum(U1.values(), zero).mul_low(F2, N + 1), D - sum(A1) - P2
            elif differing == [a2]:                  # R1 in P1 in P2
                poly, outside = sum(U2.values(), zero).mul_low(F1, N + 1), D - sum(A2) - P1
            else:                                    # disjoint parents
                poly, outside = F1.mul_low(F2, N + 1), D - P1 - P2
            off += 2 * coex * _pair_value(poly, N, outside, falling)
    E1 = _frac(first / (flint.fmpz(D) ** (N + 1) * L))
    E2 = _frac((diag + off) / (flint.fmpz(D) ** (N + 2) * L * L))
    return E1, E2


def _sign_error(A: Sequence[int], sign: int, tie: str, L: int) -> int:
    """L * D * error of a two-class leaf whose count difference n_0 - n_1 has ``sign``."""
    if sign > 0 or (sign == 0 and tie == "first"):
        return L * A[1]
    if sign < 0:
        return L * A[0]
    return (L // 2) * (A[0] + A[1])


def _difference_law(N: int, inter: Sequence[int], only1: Sequence[int], only2: Sequence[int],
                    outside: int) -> list:
    """D^N P[sign(n_0 - n_1 in R1) = s1, sign(... in R2) = s2] for two overlapping regions, k = 2.

    ``inter``, ``only1``, ``only2``: class masses of R1 & R2, R1 - R2, R2 - R1; ``outside`` the
    rest.  Every point contributes y1^{+-1} (in R1), y2^{+-1} (in R2): the multinomial is the N-th
    power of a Laurent polynomial in y1, y2, made univariate by y2 = y1^M (Kronecker).  Returns a
    3x3 table indexed by sign + 1.
    """
    M = 2 * N + 1
    coeffs = [0] * (2 * M + 3)
    for (e1, e2), mass in (((1, 1), outside), ((2, 2), inter[0]), ((0, 0), inter[1]), ((2, 1), only1[0]),
                           ((0, 1), only1[1]), ((1, 2), only2[0]), ((1, 0), only2[1])):
        coeffs[e1 + M * e2] += mass
    power = flint.fmpz_poly(coeffs) ** N
    table = [[0] * 3 for _ in range(3)]
    for E, c in enumerate(power.coeffs()):
        if c:
            e2, e1 = divmod(E, M)
            table[(e1 > N) - (e1 < N) + 1][(e2 > N) - (e2 < N) + 1] += int(c)
    return table


def _same_sample_moment(dist: Distribution, N: int, criterion: Criterion, tie: str) -> Optional[Fraction]:
    """E[GE(T1, z) GE(T2, z)] for two independent random trees grown on the same sample z.

    = E_z[E[GE | z]^2] = C(d,h)^-2 sum over ordered pairs of depth-h regions (R1, R2) of
    E[err(R1) err(R2)], any overlap allowed (the trees are different).  Disjoint pairs and R1 = R2
    use the count EGFs of :func:`exact_moments`; overlapping pairs with different attribute sets use
    :func:`_difference_law` (two classes: a leaf's error depends only on the sign of n_0 - n_1).
    Fixed height and k = 2 only; ``None`` otherwise.
    """
    if criterion.sample_dependent or dist.k != 2:
        return None
    d, D = dist.d, dist.D
    L = 2
    h = criterion.height if criterion.height is not None else d
    comps_by_s = _comps_by_size(N, 2)
    falling = _falling_factorials(N)
    regions = []
    for attrs, values in _regions(dist, h):
        if len(attrs) == h:
            A = dist.region_masses(attrs, values)
            regions.append((dict(zip(attrs, values)), A, _u_poly(A, comps_by_s, tie, L, 1)))
    total = flint.fmpq(0)
    law_cache = {}
    for i, (p1, A1, u1) in enumerate(regions):
        for j, (p2, A2, u2) in enumerate(regions):
            if j < i:
                continue
            factor = 1 if i == j else 2
            if i == j:
                total += _pair_value(_u_poly(A1, comps_by_s, tie, L, 2), N, D - sum(A1), falling)
                continue
            if any(p1[a] != p2[a] for a in p1 if a in p2):
                total += factor * _pair_value(u1.mul_low(u2, N + 1), N, D - sum(A1) - sum(A2), falling)
                continue
            inter = dist.region_masses(*zip(*sorted({**p1, **p2}.items())))
            only1 = tuple(a - x for a, x in zip(A1, inter))
            only2 = tuple(a - x for a, x in zip(A2, inter))
            key = (inter, only1, only2)
            if key not in law_cache:
                law_cache[key] = _difference_law(N, inter, only1, only2, D - sum(A1) - sum(only2))
            law = law_cache[key]
            acc = 0
            for s1 in (-1, 0, 1):
                for s2 in (-1, 0, 1):
                    acc += law[s1 + 1][s2 + 1] * _sign_error(A1, s1, tie, L) * _sign_error(A2, s2, tie, L)
            total += factor * acc
    scale = flint.fmpq(1, math.comb(d, h) ** 2) / (flint.fmpz(D) ** (N + 2) * L * L)
    return _frac(total * scale)


def exact_moments(dist: Distribution, N: int, criterion: Criterion, tie: str = "split",
                  second: bool = True, same_sample: bool = False) -> dict:
    """Exact E[GE], E[GE^2] (same tree) and the variance for every stopping criterion (DD 3.6).

    ``E1`` = E[GE]; ``E2_same`` = E[GE^2] for one tree (diagonal leaves with their path-exists
    probability, distinct leaves with the co-existence probability of
    :func:`coexistence_probability`); fixed height as in DD 3.6.1, purity/scarcity (alone or
    with a height) by :func:`_sample_dependent_moments`.  ``E2_indep`` = E[GE(z) GE(z')] for two
    trees on independent samples = E1^2.  ``second=False`` skips E[GE^2] (``None``).
    ``same_sample=True`` adds ``E2_two_trees_same_sample`` = E[GE(T1, z) GE(T2, z)] for two
    independent random trees on the same sample (the cross-validation quantity), exact for fixed
    height and two classes (:func:`_same_sample_moment`), ``None`` otherwise.

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> m = exact_moments(dist, 1, Criterion(height=1))
    >>> m["E1"], m["E2_same"], m["var"]      # h = d and N = 1: GE = 1/4 on every data set
    (Fraction(1, 4), Fraction(1, 16), Fraction(0, 1))
    >>> exact_moments(correlated_distribution([2, 2], "1/2"), 3, Criterion(height=1))["var"]
    Fraction(11623, 1048576)
    >>> exact_moments(correlated_distribution([2, 2], "1/2"), 3, Criterion(purity=True))["var"]
    Fraction(182751, 16777216)
    """
    N = _check_moment_args(dist, N, criterion, tie)
    E1 = expected_ge(dist, N, criterion, tie)
    out = {"E1": E1, "E2_indep": E1 * E1, "E2_same": None, "var": None}
    if same_sample:
        out["E2_two_trees_same_sample"] = _same_sample_moment(dist, N, criterion, tie)
    if not second:
        return out
    if criterion.sample_dependent:
        check, E2 = _sample_dependent_moments(dist, N, criterion, tie)
        if check != E1:   # two computations of E[GE] from different code paths
            raise RuntimeError(f"internal check failed: E[GE] = {E1} by expected_ge, {check} by the pair EGFs")
        out["E2_same"] = E2
        out["var"] = E2 - E1 * E1
        return out
    d, k, D = dist.d, dist.k, dist.D
    L = math.lcm(*range(1, k + 1))
    h = criterion.height if criterion.height is not None else d
    comps_by_s = _comps_by_size(N, k)
    regions = []
    diag = flint.fmpq(0)
    for attrs, values in _regions(dist, h):
        if len(attrs) != h:
            continue
        A = dist.region_masses(attrs, values)
        u1, u2 = (sum(u.values(), flint.fmpq_poly([])) for u in _count_polys(A, comps_by_s, tie, L, (1, 2)))
        regions.append((attrs, values, A, u1))
        diag += _pair_value(u2, N, D - sum(A))
    exists = Fraction(1, math.comb(d, h))
    off = flint.fmpq(0)
    falling = _falling_factorials(N)
    coex_cache = {}
    for i, (a1, v1, A1, u1) in enumerate(regions):
        p1 = dict(zip(a1, v1))
        for j, (a2, v2, A2, u2) in enumerate(regions):
            if i == j:
                continue
            p2 = dict(zip(a2, v2))
            if not any(p1[a] != p2[a] for a in set(p1) & set(p2)):
                continue  # regions overlap: never two distinct leaves
            key = (a1, a2, tuple(p1[a] == p2[a] for a in sorted(set(p1) & set(p2))))
            if key not in coex_cache:
                coex_cache[key] = coexistence_probability(d, p1, p2, "fixed")
            coex = coex_cache[key]
            if coex:
                off += flint.fmpq(coex.numerator, coex.denominator) * _pair_value(u1 * u2, N, D - sum(A1) - sum(A2), falling)
    scale = flint.fmpq(1, 1) / (flint.fmpz(D) ** (N + 2) * L * L)
    E2 = Fraction(exists.numerator, exists.denominator) * _frac(diag * scale) + _frac(off * scale)
    out["E2_same"] = E2
    out["var"] = E2 - E1 * E1
    return out


def _frac(q) -> Fraction:
    q = flint.fmpq(q)
    return Fraction(int(q.p), int(q.q))


# --------------------------------------------------------------------------- given one data set

def conditional_moments(dist: Distribution, table: Any, criterion: Criterion, tie: str = "split",
                        exact_arith: bool = True) -> tuple:
    """(E[GE | data], E[GE^2 | data]) over the random attribute choices, by exact recursion.

    ``table`` holds the training counts, shape ``arities + [k]``.  At a split node the children's
    subtrees are independent given the split attribute, so E[G^2] = sum E[G_c^2] + (sum E[G_c])^2
    - sum E[G_c]^2, averaged over the unused attributes.

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> conditional_moments(dist, [[1, 0], [0, 0]], Criterion(height=1))
    (Fraction(1, 4), Fraction(1, 16))
    """
    d, k = dist.d, dist.k
    counts = np.asarray(table, dtype=np.int64)
    if counts.shape != dist.arities + (k,):
        raise ValueError(f"table: expected shape {list(dist.arities) + [k]}, got {list(counts.shape)}")
    if exact_arith:
        masses = dist.ints
        scale = Fraction(1, dist.D)
    else:
        masses = np.array(dist.ints.astype(float)) / dist.D
        scale = 1.0
    memo = {}

    def region(attrs, values):
        index = [slice(None)] * d
        for a, v in zip(attrs, values):
            index[a] = v
        return tuple(index)

    def grow(attrs: tuple, values: tuple):
        key = (attrs, values)
        if key in memo:
            return memo[key]
        index = region(attrs, values)
        n = counts[index].reshape(-1, k).sum(axis=0)
        if criterion.stops(len(attrs), n, d):
            A = masses[index].reshape(-1, k).sum(axis=0)
            B = A.sum()
            if exact_arith:
                e = sum((w * (int(B) - int(a)) for w, a in zip(leaf_weights(tuple(int(x) for x in n), tie), A)),
                        Fraction(0)) * scale
            else:
                w = np.array([float(x) for x in leaf_weights(tuple(int(x) for x in n), tie)])
                e = float(w @ (B - A))
            result = (e, e * e)
        else:
            unused = [a for a in range(d) if a not in attrs]
            m1 = 0
            m2 = 0
            for a in unused:
                pos = sorted(attrs + (a,)).index(a)
                s1 = 0
                sq = 0
                s2 = 0
                for v in range(dist.arities[a]):
                    na = tuple(sorted(attrs + (a,)))
                    nv = values[:pos] + (v,) + values[pos:]
                    c1, c2 = grow(na, nv)
                    s1 += c1
                    sq += c1 * c1
                    s2 += c2
                m1 += s1
                m2 += s2 + s1 * s1 - sq
            if exact_arith:
                result = (Fraction(m1) / len(unused), Fraction(m2) / len(unused))
            else:
                result = (m1 / len(unused), m2 / len(unused))
        memo[key] = result
        return result

    return grow((), ())


def datasets_count(cells: int, N: int) -> int:
    """Number of distinct data sets (count tables) of size N over ``cells`` cells: C(N+cells-1, N).

    DD 2.3 prints N^(m^d) - 1 for m^d cells (erratum ``dd-datasets``).

    >>> datasets_count(2, 3)
    4
    """
    return math.comb(N + cells - 1, N)


def bruteforce_moments(dist: Distribution, N: int, criterion: Criterion, tie: str = "split",
                       max_tables: int = 200000) -> dict:
    """E[GE], E[GE^2] (same tree) and E[GE GE'] (two trees, same sample) by enumerating data sets.

    Every count table of size N is weighted by its multinomial probability and the tree
    randomness is integrated exactly by :func:`conditional_moments`.  Tiny N only.

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> bruteforce_moments(dist, 1, Criterion(height=1))["E2_same"]   # GE = 1/4 on every data set
    Fraction(1, 16)
    """
    N = _check_moment_args(dist, N, criterion, tie)
    shape = dist.arities + (dist.k,)
    cells = int(np.prod(shape))
    count = datasets_count(cells, N)
    if count > max_tables:
        raise ValueError(f"{count} data sets to enumerate (more than max_tables = {max_tables}); lower N")
    flat_probs = [Fraction(int(v), dist.D) for v in dist.ints.ravel()]
    E1 = E2 = E11 = Fraction(0)
    fact = [math.factorial(i) for i in range(N + 1)]
    for comp in _compositions(N, cells - 1):
        last = N - sum(comp)
        n = comp + (last,)
        prob = Fraction(fact[N])
        for p, c in zip(flat_probs, n):
            if c:
                if not p:
                    prob = Fraction(0)
                    break
                prob = prob * p ** c / fact[c]
        if not prob:
            continue
        m1, m2 = conditional_moments(dist, np.array(n).reshape(shape), criterion, tie)
        E1 += prob * m1
        E2 += prob * m2
        E11 += prob * m1 * m1
    return {"E1": E1, "E2_same": E2, "E2_two_trees_same_sample": E11, "E2_indep": E1 * E1,
            "var": E2 - E1 * E1, "tables": count}


# --------------------------------------------------------------------------- Monte Carlo (DD sec 4)

def _check_seed(seed: Any) -> int:
    return nonnegative_int(seed, "seed")


def grow_tree(dist: Distribution, table: Any, criterion: Criterion, rng: np.random.Generator) -> list:
    """Grow one random tree on the count ``table``; returns its leaves as (attrs, values, counts).

    >>> dist = Distribution([2, 2], 2, {(0, 0, 0): "1/2", (1, 1, 1): "1/2"})
    >>> leaves = grow_tree(dist, [[[2, 0], [0, 0]], [[0, 0], [0, 1]]], Criterion(height=1),
    ...                    np.random.default_rng(0))
    >>> sorted(len(attrs) for attrs, _, _ in leaves)
    [1, 1]
    """
    d, k = dist.d, dist.k
    counts = np.asarray(table, dtype=np.int64)
    leaves = []

    def grow(attrs: tuple, values: tuple, sub: np.ndarray, free: tuple):
        n = sub.reshape(-1, k).sum(axis=0)
        if criterion.stops(len(attrs), n, d):
            leaves.append((attrs, values, tuple(int(x) for x in n)))
            return
        choice = free[int(rng.integers(len(free)))]
        axis = free.index(choice)   # ``sub`` keeps the axes of the free attributes, in order
        rest = free[:axis] + free[axis + 1:]
        for v in range(dist.arities[choice]):
            grow(attrs + (choice,), values + (v,), np.take(sub, v, axis=axis), rest)

    grow((), (), counts, tuple(range(d)))
    return leaves


def tree_ge(dist: Distribution, leaves: list, tie: str = "split") -> Fraction:
    """Exact GE of a grown tree under the distribution: sum over leaves of sum_y w_y (P[R] - P[R, y]).

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> tree_ge(dist, [((0,), (0,), (1, 0)), ((0,), (1,), (0, 0))])
    Fraction(1, 4)
    """
    _check_tie(tie)
    total = Fraction(0)
    for attrs, values, n in leaves:
        A = dist.region_masses(attrs, values)
        B = sum(A)
        total += sum((w * (B - a) for w, a in zip(leaf_weights(n, tie), A)), Fraction(0))
    return total / dist.D


class _Progress:
    def __init__(self, total: int, enabled: bool, label: str):
        self.total, self.enabled, self.label = total, enabled, label
        self.start = time.perf_counter()
        self.last = 0.0

    def update(self, done: int):
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last > 0.5 or done == self.total:
            self.last = now
            width = 30
            filled = int(width * done / max(self.total, 1))
            sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total}"
                             f" {now - self.start:.1f}s")
            if done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def _fast_leaf_errors(dist: Distribution, tie: str):
    masses = dist.ints.astype(float) / dist.D
    return masses


def _sampling_setup(dist, N, criterion, tie, runs, seed):
    """Checked arguments of the samplers: (N, runs, seeded rng, cell probabilities, table shape)."""
    N = _check_moment_args(dist, N, criterion, tie)
    runs = positive_int(runs, "runs")
    rng = np.random.default_rng(_check_seed(seed))
    flat = dist.flat()
    return N, runs, rng, flat / flat.sum(), dist.arities + (dist.k,)


def simulate(dist: Distribution, N: int, criterion: Criterion, tie: str = "split", runs: int = 1000,
             seed: int = 0, progress: Optional[bool] = None, same_sample: bool = False) -> dict:
    """Direct Monte Carlo (DD's MC): sample a data set, grow one random tree, measure its GE.

    Returns floats: ``mean`` (E[GE]), ``second`` (E[GE^2]), ``sd``, ``se_mean``, ``se_second``,
    the ``seed`` and the ``samples``.  With ``same_sample`` a second independent tree is grown on
    every data set and ``cross`` / ``se_cross`` estimate E[GE(T1, z) GE(T2, z)].  A progress bar
    goes to stderr when ``progress`` is True (default: when runs > 20000).

    >>> dist = correlated_distribution([2, 2], "1/2")
    >>> out = simulate(dist, 3, Criterion(height=1), runs=400, seed=1)
    >>> abs(out["mean"] - float(expected_ge(dist, 3, Criterion(height=1)))) < 5 * out["se_mean"]
    True
    """
    N, runs, rng, flat, shape = _sampling_setup(dist, N, criterion, tie, runs, seed)
    masses = dist.ints.astype(float) / dist.D
    k, d = dist.k, dist.d
    bar = _Progress(runs, runs > 20000 if progress is None else progress, "MC")

    def one_tree(counts: np.ndarray) -> float:
        ge = 0.0

        def grow(depth: int, sub: np.ndarray, msub: np.ndarray, free: tuple):
            nonlocal ge
            n = sub.reshape(-1, k).sum(axis=0)
            if criterion.stops(depth, n, d):
                A = msub.reshape(-1, k).sum(axis=0)
                top = n.max()
                if tie == "split":
                    w = (n == top).astype(float)
                    w /= w.sum()
                else:
                    w = np.zeros(k)
                    w[int(np.argmax(n))] = 1.0
                ge += float(w @ (A.sum() - A))
                return
            axis = int(rng.integers(len(free)))
            choice = free[axis]
            rest = free[:axis] + free[axis + 1:]
            for v in range(dist.arities[choice]):
                grow(depth + 1, np.take(sub, v, axis=axis), np.take(msub, v, axis=axis), rest)

        grow(0, counts, masses, tuple(range(d)))
        return ge

    samples = np.empty(runs)
    cross = np.empty(runs) if same_sample else None
    for run in range(runs):
        counts = rng.multinomial(N, flat).reshape(shape)
        samples[run] = one_tree(counts)
        if same_sample:
            cross[run] = samples[run] * one_tree(counts)
        bar.update(run + 1)
    out = _summary(samples, samples ** 2, seed, runs)
    if same_sample:
        out["cross"] = float(cross.mean())
        out["se_cross"] = float(cross.std(ddof=1) / math.sqrt(runs)) if runs > 1 else float("inf")
    return out


def _summary(first: np.ndarray, second: np.ndarray, seed: int, runs: int) -> dict:
    mean = float(first.mean())
    sec = float(second.mean())
    se1 = float(first.std(ddof=1) / math.sqrt(runs)) if runs > 1 else float("inf")
    se2 = float(second.std(ddof=1) / math.sqrt(runs)) if runs > 1 else float("inf")
    var = max(sec - mean * mean, 0.0)
    return {"mean": mean, "second": sec, "sd": math.sqrt(var), "se_mean": se1, "se_second": se2,
            "seed": seed, "runs": runs, "samples": first}


def af_monte_carlo(dist: Distribution, N: int, criterion: Criterion, tie: str = "split", runs: int = 100,
                   seed: int = 0, progress: Optional[bool] = None) -> dict:
    """AF with Monte Carlo data sets (DD sec 4): tree randomness integrated exactly, data sampled.

    Each run samples a data set and adds E[GE | data] and E[GE^2 | data] from
    :func:`conditional_moments` (floats) - DD's expressions with the count probabilities estimated
    by Monte Carlo over common data sets.  Same keys as :func:`simulate` with ``same_sample``:
    ``cross`` estimates E[GE(T1, z) GE(T2, z)] for two trees on the same sample, for every
    criterion (the exact value is available for fixed height and two classes only).

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> out = af_monte_carlo(dist, 1, Criterion(height=1), runs=20, seed=1)
    >>> round(out["mean"], 12), out["se_mean"]   # h = d and one point: GE is 1/4 on every data set
    (0.25, 0.0)
    """
    N, runs, rng, flat, shape = _sampling_setup(dist, N, criterion, tie, runs, seed)
    bar = _Progress(runs, runs > 2000 if progress is None else progress, "AF-MC")
    first = np.empty(runs)
    second = np.empty(runs)
    for run in range(runs):
        counts = rng.multinomial(N, flat).reshape(shape)
        first[run], second[run] = conditional_moments(dist, counts, criterion, tie, exact_arith=False)
        bar.update(run + 1)
    out = _summary(first, second, seed, runs)
    cross = first ** 2    # E[GE(T1, z) GE(T2, z) | z] = E[GE | z]^2: two trees on the same sample
    out["cross"] = float(cross.mean())
    out["se_cross"] = float(cross.std(ddof=1) / math.sqrt(runs)) if runs > 1 else float("inf")
    return out


# --------------------------------------------------------------------------- distributions (DD 4.2)

def chi_square_correlation(dist: Distribution) -> Fraction:
    """DD 4.2's "correlation": sum over cells of (p - p_m)^2 / p_m, p_m = P[X = x] P[Y = c].

    >>> chi_square_correlation(correlated_distribution([2, 2], "3/5"))
    Fraction(9, 25)
    """
    shape = dist.arities + (dist.k,)
    px = {}
    pc = [Fraction(0)] * dist.k
    for cell in itertools.product(*(range(s) for s in shape)):
        p = dist.prob(cell)
        px[cell[:-1]] = px.get(cell[:-1], Fraction(0)) + p
        pc[cell[-1]] += p
    total = Fraction(0)
    for cell in itertools.product(*(range(s) for s in shape)):
        pm = px[cell[:-1]] * pc[cell[-1]]
        if pm:
            total += (dist.prob(cell) - pm) ** 2 / pm
    return total


def correlated_distribution(arities: Sequence[int], strength: Any, k: int = 2,
                            label: Optional[Any] = None) -> Distribution:
    """Uniform inputs, class prior 1/k, P[Y = f(x) | x] = 1/k + t (1 - 1/k) with f = ``label``.

    ``label(x)`` defaults to x_0 mod k (the class is carried by attribute 0).  For two classes and
    a balanced f the chi-square correlation of DD 4.2 is t^2: t = 3/5 gives rho = 0.36.

    >>> correlated_distribution([2], 1).prob((1, 1))
    Fraction(1, 2)
    """
    t = exact(strength, "strength")
    if not 0 <= t <= 1:
        raise ValueError(f"strength must be in [0, 1], got {t}")
    arities = tuple(positive_int(a, "arity") for a in arities)
    k = positive_int(k, "k")
    label = label or (lambda x: x[0] % k)
    cells = int(np.prod(arities))
    probs = {}
    for x in itertools.product(*(range(a) for a in arities)):
        fx = label(x)
        for c in range(k):
            cond = Fraction(1, k) + t * (1 - Fraction(1, k)) if c == fx else Fraction(1, k) - t * Fraction(1, k)
            probs[x + (c,)] = cond / cells
    return Distribution(arities, k, probs)


def distribution_from_data(X: Any, y: Any, attributes: Optional[Sequence[int]] = None) -> Distribution:
    """Empirical distribution of a real data set, continuous attributes split at their means (DD 4.2).

    Values above the mean (computed exactly from the decimal representation of each entry) go to 1.
    Probabilities are counts / n, exact.

    >>> dist = distribution_from_data([[1, 5], [3, 1], [2, 2], [4, 0]], [0, 1, 0, 1])
    >>> dist.arities, dist.prob((0, 1, 0))
    ((2, 2), Fraction(1, 4))
    """
    X = np.asarray(X)
    y = np.asarray(y)
    if X.ndim != 2 or len(X) != len(y) or len(y) == 0:
        raise ValueError("X must be a non-empty 2-d array with one row per label in y")
    cols = list(range(X.shape[1])) if attributes is None else [nonnegative_int(a, "attribute") for a in attributes]
    classes = sorted(set(y.tolist()))
    k = max(len(classes), 2)
    exact_cols = []
    for j in cols:
        column = [Fraction(str(v)) if isinstance(v, (float, np.floating)) else exact(v.item() if hasattr(v, "item") else v)
                  for v in X[:, j]]
        mean = sum(column, Fraction(0)) / len(column)
        exact_cols.append([1 if v > mean else 0 for v in column])
    counts = {}
    for i, label in enumerate(y.tolist()):
        cell = tuple(col[i] for col in exact_cols) + (classes.index(label),)
        counts[cell] = counts.get(cell, 0) + 1
    n = len(y)
    return Distribution([2] * len(cols), k, {cell: Fraction(c, n) for cell, c in counts.items()})
