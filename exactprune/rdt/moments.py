"""Exact moments of the generalization error of a random decision tree (DD (1), (2), 3.6).

:func:`expected_ge` is E[GE] over data sets of size N and random trees, for every stopping
criterion; :func:`exact_moments` adds E[GE^2] for one tree (fixed height here, DD 3.6.1;
purity/scarcity in :mod:`~exactprune.rdt.sample_dependent`), the variance, and on request the
same-sample cross moment of :mod:`~exactprune.rdt.same_sample`.  Every value is an exact Fraction.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

import flint

from ..numbers import to_fmpq, to_fraction
from .coexistence import coexistence_probability
from .counting import count_vectors, count_vectors_by_size
from .generating_functions import count_egfs, egf_with_outside, falling_factorials, scaled_leaf_error
from .model import Criterion, Distribution, check_moment_arguments
from .same_sample import two_trees_same_sample_moment
from .sample_dependent import sample_dependent_moments

__all__ = ["expected_ge", "exact_moments"]


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
    N = check_moment_arguments(dist, N, criterion, tie)
    d, k, D = dist.d, dist.k, dist.D
    L = math.lcm(*range(1, k + 1))
    h = criterion.height if criterion.height is not None else d
    fact = [math.factorial(i) for i in range(N + 1)]
    comps = list(count_vectors(N, k))
    total = Fraction(0)
    for attrs, values in dist.regions(h):
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
                acc += mult * term * par * scaled_leaf_error(n, A, tie, L)
        total += weight * acc
    return total / (D ** (N + 1) * L)


def exact_moments(dist: Distribution, N: int, criterion: Criterion, tie: str = "split",
                  second: bool = True, same_sample: bool = False) -> dict:
    """Exact E[GE], E[GE^2] (same tree) and the variance for every stopping criterion (DD 3.6).

    ``E1`` = E[GE]; ``E2_same`` = E[GE^2] for one tree (diagonal leaves with their path-exists
    probability, distinct leaves with the co-existence probability of
    :func:`~exactprune.rdt.coexistence.coexistence_probability`); fixed height as in DD 3.6.1,
    purity/scarcity (alone or with a height) by
    :func:`~exactprune.rdt.sample_dependent.sample_dependent_moments`.  ``E2_indep`` =
    E[GE(z) GE(z')] for two trees on independent samples = E1^2.  ``second=False`` skips E[GE^2]
    (``None``).  ``same_sample=True`` adds ``E2_two_trees_same_sample`` = E[GE(T1, z) GE(T2, z)]
    for two independent random trees on the same sample (the cross-validation quantity), exact for
    fixed height and two classes (:func:`~exactprune.rdt.same_sample.two_trees_same_sample_moment`),
    ``None`` otherwise.

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> m = exact_moments(dist, 1, Criterion(height=1))
    >>> m["E1"], m["E2_same"], m["var"]      # h = d and N = 1: GE = 1/4 on every data set
    (Fraction(1, 4), Fraction(1, 16), Fraction(0, 1))
    >>> from exactprune.rdt.distributions import correlated_distribution
    >>> exact_moments(correlated_distribution([2, 2], "1/2"), 3, Criterion(height=1))["var"]
    Fraction(11623, 1048576)
    >>> exact_moments(correlated_distribution([2, 2], "1/2"), 3, Criterion(purity=True))["var"]
    Fraction(182751, 16777216)
    """
    N = check_moment_arguments(dist, N, criterion, tie)
    E1 = expected_ge(dist, N, criterion, tie)
    out = {"E1": E1, "E2_indep": E1 * E1, "E2_same": None, "var": None}
    if same_sample:
        out["E2_two_trees_same_sample"] = two_trees_same_sample_moment(dist, N, criterion, tie)
    if not second:
        return out
    if criterion.sample_dependent:
        check, E2 = sample_dependent_moments(dist, N, criterion, tie)
        if check != E1:   # two computations of E[GE] from different code paths
            raise RuntimeError(f"internal check failed: E[GE] = {E1} by expected_ge, {check} by the pair EGFs")
    else:
        E2 = _fixed_height_second_moment(dist, N, criterion, tie)
    out["E2_same"] = E2
    out["var"] = E2 - E1 * E1
    return out


def _fixed_height_second_moment(dist: Distribution, N: int, criterion: Criterion, tie: str) -> Fraction:
    """E[GE^2] for one tree under fixed height (DD 3.6.1): the diagonal leaves with the
    path-exists probability 1/C(d, h), ordered pairs of disjoint leaves with
    :func:`~exactprune.rdt.coexistence.coexistence_probability`."""
    d, k, D = dist.d, dist.k, dist.D
    L = math.lcm(*range(1, k + 1))
    h = criterion.height if criterion.height is not None else d
    comps_by_s = count_vectors_by_size(N, k)
    falling = falling_factorials(N)
    regions = []
    diag = flint.fmpq(0)
    for attrs, values in dist.regions(h):
        if len(attrs) != h:
            continue
        A = dist.region_masses(attrs, values)
        u1, u2 = (sum(u.values(), flint.fmpq_poly([])) for u in count_egfs(A, comps_by_s, tie, L, (1, 2)))
        regions.append((attrs, values, A, u1))
        diag += egf_with_outside(u2, N, D - sum(A), falling)
    off = flint.fmpq(0)
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
                coex_cache[key] = to_fmpq(coexistence_probability(d, p1, p2, "fixed"))
            coex = coex_cache[key]
            if coex:
                off += coex * egf_with_outside(u1 * u2, N, D - sum(A1) - sum(A2), falling)
    exists = flint.fmpq(1, math.comb(d, h))
    return to_fraction((exists * diag + off) / (flint.fmpz(D) ** (N + 2) * L * L))
