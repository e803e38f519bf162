"""E[GE] and E[GE^2] for purity and scarcity stopping (DD 3.3.1 items 2-3, 3.6.2), exactly.

The leaf events depend on the training counts: a region with its last attribute is a leaf when
it stops and its parent does not.  Pairs of leaves co-exist with the corrected co-existence factor
of :mod:`~exactprune.rdt.coexistence`; the count events of both leaves and their parents are exact
generating functions (:mod:`~exactprune.rdt.generating_functions`).
"""
from __future__ import annotations

import math

import flint

from ..numbers import to_fmpq, to_fraction
from .coexistence import coexistence_probability
from .counting import count_vectors_by_size
from .generating_functions import count_egfs, egf_with_outside, falling_factorials, parent_egf
from .model import Criterion, Distribution, check_moment_arguments

__all__ = ["sample_dependent_moments"]


def sample_dependent_moments(dist: Distribution, N: int, criterion: Criterion, tie: str) -> tuple:
    """(E[GE], E[GE^2] same tree) for purity/scarcity stopping (alone or with a height), exactly.

    DD (2) with the leaf events of 3.3.1: GE^2 = sum over ordered pairs of leaves.  A leaf is a
    region R with its last attribute a; given the data it is a leaf with probability
    P[path exists] [R stops] [parent R-a does not stop] (monotone stopping).  Two distinct leaves
    (R1, a1), (R2, a2) co-exist with probability
    :func:`~exactprune.rdt.coexistence.coexistence_probability` (ordered paths) times the count
    indicators.  With b the bifurcation attribute, the count events live on:

    * b not in {a1, a2}: disjoint parents P1, P2 - the product of the two parents' EGFs;
    * b = a1 != a2: R2 in P2 in P1 and R1 outside P2 - P1 cannot stop when P2 does not, so
      R1 only needs to stop;
    * b = a1 = a2: one common parent P holding R1 and R2.

    Each EGF is exact (flint fmpq_poly) and the count probability is N! [z^N] F(z) e^{C z} / D^N
    with C the mass outside all regions involved.  The E[GE] returned is computed from the same
    polynomials (a check against :func:`~exactprune.rdt.moments.expected_ge`).

    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> sample_dependent_moments(dist, 1, Criterion(purity=True), "split")   # one point: a pure root
    (Fraction(1, 2), Fraction(1, 4))
    """
    N = check_moment_arguments(dist, N, criterion, tie)
    if not criterion.sample_dependent:
        raise ValueError(f"criterion {criterion} is not sample-dependent: use exact_moments")
    d, k, D = dist.d, dist.k, dist.D
    L = math.lcm(*range(1, k + 1))
    h = criterion.height if criterion.height is not None else d
    comps_by_s = count_vectors_by_size(N, k)
    falling = falling_factorials(N)
    zero = flint.fmpq_poly([])
    first = flint.fmpq(0)
    diag = flint.fmpq(0)
    leaves = []      # (path dict with a last, attrs, values, A, U1, F1 = parent poly, parent mass, parent rest)
    for attrs, values in dist.regions(h):
        l = len(attrs)
        A = dist.region_masses(attrs, values)

        def keep(n, l=l):
            return criterion.stops(l, n, d)

        U1, U2 = count_egfs(A, comps_by_s, tie, L, (1, 2), keep, criterion.purity)
        if not U1 and not U2:
            continue
        if l == 0:
            first += egf_with_outside(sum(U1.values(), zero), N, D - sum(A), falling)
            diag += egf_with_outside(sum(U2.values(), zero), N, D - sum(A), falling)
            continue
        w = flint.fmpq(math.factorial(l - 1) * math.factorial(d - l), math.factorial(d))
        region = dict(zip(attrs, values))
        for j, a in enumerate(attrs):
            P = dist.region_masses(attrs[:j] + attrs[j + 1:], values[:j] + values[j + 1:])
            rest = [p - x for p, x in zip(P, A)]
            F1 = parent_egf(criterion, [U1], rest, N)
            first += w * egf_with_outside(F1, N, D - sum(P), falling)
            diag += w * egf_with_outside(parent_egf(criterion, [U2], rest, N), N, D - sum(P), falling)
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
                coex_cache[key] = to_fmpq(c)
            coex = coex_cache[key]
            if coex == 0:
                continue
            if differing == [a1] and a1 == a2:       # common parent
                rest = [r - x for r, x in zip(rest1, A2)]
                poly, outside = parent_egf(criterion, [U1, U2], rest, N), D - P1
            elif differing == [a1]:                  # R2 in P2 in P1
                poly, outside = sum(U1.values(), zero).mul_low(F2, N + 1), D - sum(A1) - P2
            elif differing == [a2]:                  # R1 in P1 in P2
                poly, outside = sum(U2.values(), zero).mul_low(F1, N + 1), D - sum(A2) - P1
            else:                                    # disjoint parents
                poly, outside = F1.mul_low(F2, N + 1), D - P1 - P2
            off += 2 * coex * egf_with_outside(poly, N, outside, falling)
    E1 = to_fraction(first / (flint.fmpz(D) ** (N + 1) * L))
    E2 = to_fraction((diag + off) / (flint.fmpz(D) ** (N + 2) * L * L))
    return E1, E2
