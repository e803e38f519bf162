"""Path-exists and co-existence probabilities of random decision trees (DD 3.5, 3.6.2, App A).

The attribute-selection part of DD's leaf events: :func:`path_exists_probability` (one path),
:func:`coexistence_probability` (two paths in one tree; DD App A for fixed height, a corrected
3.6.2 for purity/scarcity) and :func:`coexistence_printed` (the formulas as printed, for the errata
``dd-coexist-purity`` and ``dd-coexist-identical``).  Each closed form is checked against
:mod:`exactprune.rdt.enumeration`.  Paths are dicts ``attribute -> value``; for purity and
scarcity the last key is the attribute chosen last.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping, Optional

from .counting import falling_factorial
from .model import check_path_arguments, check_path_pair

__all__ = ["path_exists_probability", "coexistence_probability", "coexistence_printed"]


def path_exists_probability(d: int, path: Mapping[int, int], criterion: Any = "fixed") -> Fraction:
    """Probability that the random attribute choices produce ``path`` (DD 3.5, 3.6).

    ``"fixed"``: the first l attributes chosen on the branch are the path's set: 1/C(d, l) (DD 3.5).
    ``"purity"``/``"scarcity"``: the other l-1 attributes first, then the last key of ``path``:
    1/(C(d, l-1)(d-l+1)) (DD 3.6.2).  The sample-dependent conditions are not included.

    Parameters
    ----------
    d : int
        The number of attributes.
    path : mapping of int to int
        Attribute -> value along the path; with "purity"/"scarcity" its last key is the leaf's
        last attribute.
    criterion : {"fixed", "purity", "scarcity"}
        How the attributes are chosen: the path's set first, or its last attribute last.

    Returns
    -------
    Fraction
        The probability, exact.

    See Also
    --------
    exactprune.rdt.enumeration.enumerate_path_exists : the same by enumerating the growing process.
    coexistence_probability : two paths in one tree.

    Examples
    --------
    >>> path_exists_probability(5, {0: 1, 1: 0, 2: 1})
    Fraction(1, 10)
    >>> path_exists_probability(5, {0: 1, 1: 0, 2: 1}, "purity")
    Fraction(1, 30)
    """
    d, items, ordered = check_path_arguments(d, path, criterion)
    l = len(items)
    if ordered:
        return Fraction(1, math.comb(d, l - 1) * (d - l + 1))
    return Fraction(1, math.comb(d, l))


def _ordered_pair(d: Any, path1: Mapping[int, int], path2: Mapping[int, int], criterion: Any) -> tuple:
    """:func:`check_path_pair` with the shorter path first: (d, items1, items2, ordered)."""
    d, items1, items2, ordered = check_path_pair(d, path1, path2, criterion)
    items1, items2 = sorted((items1, items2), key=len)
    return d, items1, items2, ordered


def _arrangements(d: int, i: int, l1: int, l2: int) -> int:
    """1 / prob_i of DD App A: d..(d-i) (d-i-1)..(d-l1+1) (d-i-1)..(d-l2+1), the ordered attribute
    choices of a shared prefix of length i + 1 and the two branches below it."""
    return (falling_factorial(d, i + 1) * falling_factorial(d - i - 1, l1 - i - 1)
            * falling_factorial(d - i - 1, l2 - i - 1))


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

    Parameters
    ----------
    d : int
        The number of attributes.
    path1, path2 : mapping of int to int
        The two paths (attribute -> value; the last key is each path's last attribute).
    criterion : {"fixed", "purity", "scarcity"}
        How the attributes are chosen: the path's set first, or its last attribute last.

    Returns
    -------
    Fraction
        The probability, exact.

    See Also
    --------
    coexistence_printed : DD's formula as printed.
    exactprune.rdt.enumeration.enumerate_coexistence : the same by enumerating the growing process.

    Examples
    --------
    >>> coexistence_probability(3, {0: 0, 1: 0}, {0: 1, 2: 0})   # root A0 (1/3), then A1 and A2 (1/2 each)
    Fraction(1, 12)
    >>> coexistence_probability(3, {0: 0, 1: 0}, {0: 0, 1: 1}, "purity")
    Fraction(1, 6)
    """
    d, items1, items2, ordered = _ordered_pair(d, path1, path2, criterion)
    p1, p2, common, same = _split_paths(items1, items2)
    l1, l2 = len(items1), len(items2)
    last1, last2 = items1[-1][0], items2[-1][0]
    if p1 == p2 and (not ordered or last1 == last2):
        return path_exists_probability(d, dict(items1), "purity" if ordered else "fixed")
    differing = sorted(common - same)
    if not differing:           # no attribute to part the paths: one tree cannot hold both
        return Fraction(0)
    total = Fraction(0)
    if not ordered:
        v = len(same)           # <= l1 - 1: a differing attribute lies on path1
        for i in range(v + 1):
            count = falling_factorial(v, i) * math.factorial(l1 - i - 1) * math.factorial(l2 - i - 1) * len(differing)
            total += Fraction(count, _arrangements(d, i, l1, l2))
        return total
    v = len(same - {last1, last2})
    for i in range(v + 1):
        denom = _arrangements(d, i, l1, l2)
        for b in differing:
            # i <= v <= l - 2 when b is not the path's last attribute (b and the last are not shared)
            f1, f2 = ((1 if l == i + 1 else 0) if b == last else math.factorial(l - i - 2)
                      for l, last in ((l1, last1), (l2, last2)))
            total += Fraction(falling_factorial(v, i) * f1 * f2, denom)
    return total


def coexistence_printed(d: int, path1: Mapping[int, int], path2: Mapping[int, int],
                        criterion: Any = "fixed") -> Optional[Fraction]:
    """DD's co-existence formula exactly as printed (for the errata); ``None`` where it divides by 0.

    ``"fixed"``: App A (= 3.5), summed literally, so identical paths give 0.
    ``"purity"``/``"scarcity"``: 3.6.2, sum_{t=0}^b bPr_t (h_p-t-2)!(h_q-t-2)!(r-b) prob_t /
    ((d-h_p+1)(d-h_q+1)), prob_t = 1/(d..(d-t)(d-t-1)^2..(d-h_p)^2(d-h_p-1)..(d-h_q)); r and b
    count common (same-valued) attributes "sparing the attributes chosen as leaves"; the printed
    (r-v) is read as (r-b) since v is not defined there.

    Parameters
    ----------
    d : int
        The number of attributes.
    path1, path2 : mapping of int to int
        The two paths (attribute -> value; the last key is each path's last attribute).
    criterion : {"fixed", "purity", "scarcity"}
        How the attributes are chosen: the path's set first, or its last attribute last.

    Returns
    -------
    Fraction or None
        The printed formula's value, exact; None where it divides by 0.

    See Also
    --------
    coexistence_probability : the corrected probability.

    Examples
    --------
    >>> coexistence_printed(3, {0: 0, 1: 0}, {0: 0, 1: 1}, "purity")
    Fraction(0, 1)
    """
    d, items1, items2, ordered = _ordered_pair(d, path1, path2, criterion)
    p1, p2, common, same = _split_paths(items1, items2)
    l1, l2 = len(items1), len(items2)
    if not ordered:
        v, r = len(same), len(common)
        total = Fraction(0)
        for i in range(min(v, l1 - 1) + 1):      # i = 0..v where (l1 - i - 1)! is defined
            denom = 1
            for j in range(i + 1):
                denom *= d - j
            for j in range(i + 1, l1):
                denom *= (d - j) ** 2
            for j in range(l1, l2):
                denom *= d - j
            count = falling_factorial(v, i) * math.factorial(l1 - i - 1) * math.factorial(l2 - i - 1) * (r - v)
            total += Fraction(count, denom)
        return total
    leaves = {items1[-1][0], items2[-1][0]}
    r = len(common - leaves)
    b = len(same - leaves)
    total = Fraction(0)
    for t in range(min(b, l1 - 2) + 1):          # t = 0..b where (h_p - t - 2)! (and so (h_q - t - 2)!) is defined
        denom = 1
        for j in range(t + 1):
            denom *= d - j
        for j in range(t + 1, l1 + 1):      # (d-t-1)^2 .. (d-h_p)^2
            denom *= (d - j) ** 2
        for j in range(l1 + 1, l2 + 1):     # (d-h_p-1) .. (d-h_q)
            denom *= d - j
        denom *= (d - l1 + 1) * (d - l2 + 1)
        if denom == 0:
            return None
        count = falling_factorial(b, t) * math.factorial(l1 - t - 2) * math.factorial(l2 - t - 2) * (r - b)
        total += Fraction(count, denom)
    return total
