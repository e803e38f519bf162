"""E[GE(T1, z) GE(T2, z)] for two independent random trees grown on one sample z (DD 3.6.1).

The cross-validation quantity: exact for fixed height and two classes, where a leaf's error
depends only on the sign of n_0 - n_1, so overlapping leaves of the two trees need only the joint
law of two count differences (:func:`difference_sign_law`).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Optional, Sequence

import flint

from ..numbers import to_fraction
from .counting import count_vectors_by_size
from .generating_functions import count_egf, egf_with_outside, falling_factorials, scaled_cell_error
from .model import Criterion, Distribution, check_moment_arguments

__all__ = ["difference_sign_law", "two_trees_same_sample_moment"]


def difference_sign_law(N: int, inter: Sequence[int], only1: Sequence[int], only2: Sequence[int],
                        outside: int) -> list:
    """D^N P[sign(n_0 - n_1 in R1) = s1, sign(... in R2) = s2] for two overlapping regions, k = 2
    (the count part of DD 3.6.1 for leaves of two different trees).

    ``inter``, ``only1``, ``only2``: class masses of R1 & R2, R1 - R2, R2 - R1; ``outside`` the
    rest.  Every point contributes y1^{+-1} (in R1), y2^{+-1} (in R2): the multinomial is the N-th
    power of a Laurent polynomial in y1, y2, made univariate by y2 = y1^M (Kronecker).  Returns a
    3x3 table indexed by sign + 1.

    Parameters
    ----------
    N : int
        The sample size.
    inter, only1, only2 : sequence of int
        The two class masses of R1 & R2, R1 - R2 and R2 - R1 (integers).
    outside : int
        The integer mass outside both regions.

    Returns
    -------
    list of list of int
        The 3x3 table, D^N times the joint law of the two signs, indexed by sign + 1.

    Examples
    --------
    >>> difference_sign_law(1, (1, 0), (0, 0), (0, 0), 0)   # one point, class 0, in R1 and R2
    [[0, 0, 0], [0, 0, 0], [0, 0, 1]]
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


def _sign_error(sign: int, masses: Sequence[int], tie: str, L: int) -> int:
    """L * D * error of a two-class leaf whose count difference n_0 - n_1 has ``sign``."""
    return scaled_cell_error((int(sign > 0), int(sign < 0)), masses, tie, L)


def two_trees_same_sample_moment(dist: Distribution, N: int, criterion: Criterion,
                                 tie: str = "split") -> Optional[Fraction]:
    """E[GE(T1, z) GE(T2, z)] for two independent random trees grown on the same sample z (DD 3.6.1).

    = E_z[E[GE | z]^2] = C(d,h)^-2 sum over ordered pairs of depth-h regions (R1, R2) of
    E[err(R1) err(R2)], any overlap allowed (the trees are different).  Disjoint pairs and R1 = R2
    use the count EGFs of :mod:`~exactprune.rdt.generating_functions`; overlapping pairs with
    different attribute sets use :func:`difference_sign_law` (two classes: a leaf's error depends
    only on the sign of n_0 - n_1).  Fixed height and k = 2 only; ``None`` otherwise.

    Parameters
    ----------
    dist : Distribution
        The joint law of the attributes and the class (DD 4.2).
    N : int
        The size of the training sample.
    criterion : Criterion
        The stopping rule (DD 3.3.1).
    tie : {"split", "first"}
        The tie rule of a leaf's prediction (:data:`~exactprune.rdt.model.TIES`).

    Returns
    -------
    Fraction or None
        The moment, exact; None outside fixed height with two classes.

    See Also
    --------
    exactprune.rdt.moments.exact_moments : reports it as ``E2_two_trees_same_sample``.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> two_trees_same_sample_moment(dist, 1, Criterion(height=1))   # GE = 1/4 on every data set
    Fraction(1, 16)
    """
    N = check_moment_arguments(dist, N, criterion, tie)
    if criterion.sample_dependent or dist.k != 2:
        return None
    d, D = dist.d, dist.D
    L = 2
    h = criterion.height if criterion.height is not None else d
    comps_by_s = count_vectors_by_size(N, 2)
    falling = falling_factorials(N)
    regions = []
    for attrs, values in dist.regions(h):
        if len(attrs) == h:
            A = dist.region_masses(attrs, values)
            regions.append((dict(zip(attrs, values)), A, count_egf(A, comps_by_s, tie, L, 1)))
    total = flint.fmpq(0)
    law_cache = {}
    for i, (p1, A1, u1) in enumerate(regions):
        for j, (p2, A2, u2) in enumerate(regions):
            if j < i:
                continue
            if i == j:
                total += egf_with_outside(count_egf(A1, comps_by_s, tie, L, 2), N, D - sum(A1), falling)
                continue
            if any(p1[a] != p2[a] for a in p1 if a in p2):
                total += 2 * egf_with_outside(u1.mul_low(u2, N + 1), N, D - sum(A1) - sum(A2), falling)
                continue
            inter = dist.region_masses(*zip(*sorted({**p1, **p2}.items())))
            only1 = tuple(a - x for a, x in zip(A1, inter))
            only2 = tuple(a - x for a, x in zip(A2, inter))
            key = (inter, only1, only2)
            if key not in law_cache:
                law_cache[key] = difference_sign_law(N, inter, only1, only2, D - sum(A1) - sum(only2))
            law = law_cache[key]
            acc = 0
            for s1 in (-1, 0, 1):
                for s2 in (-1, 0, 1):
                    acc += law[s1 + 1][s2 + 1] * _sign_error(s1, A1, tie, L) * _sign_error(s2, A2, tie, L)
            total += 2 * acc
    scale = flint.fmpq(1, math.comb(d, h) ** 2) / (flint.fmpz(D) ** (N + 2) * L * L)
    return to_fraction(total * scale)
