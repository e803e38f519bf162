"""Exact generating functions of a region's class counts: the count part of DD (1)-(2), 3.6.

A data set of size N is multinomial over the cells of the contingency table.  Expectations over it
of products of leaf errors and leaf events factor into exponential generating functions (EGFs) in
z, one per region, with integer masses D * P[X in R, Y = c] (:class:`~exactprune.rdt.model.Distribution`);
the value sought is N! [z^N] F(z) e^{C z} / D^N with C the mass outside all regions involved
(:func:`egf_with_outside`).  Coefficients are exact (``flint.fmpq_poly``), truncated at z^N.
These helpers are shared by :mod:`~exactprune.rdt.moments`,
:mod:`~exactprune.rdt.recursion` and :mod:`~exactprune.rdt.same_sample`.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Optional, Sequence

import flint

from .counting import falling_factorial
from .model import predicted_classes

__all__ = ["scaled_cell_error", "count_egfs", "count_egf", "falling_factorials", "egf_with_outside",
           "exp_egf"]


def scaled_cell_error(counts: Sequence[int], masses: Sequence[int], tie: str, L: int) -> int:
    """L * D * a cell's error (:func:`~exactprune.rdt.model.cell_error`; DD (1), tie rule of
    :func:`~exactprune.rdt.model.predicted_classes`).

    ``masses`` are the integers D * P[X in R, Y = c]; ``L`` a multiple of every possible number of
    tied classes (lcm(1..k)), so the result is an integer.

    Parameters
    ----------
    counts : sequence of int
        The cell's class counts.
    masses : sequence of int
        D * P[X in R, Y = c] per class c.
    tie : {"split", "first"}
        The tie rule of a cell's prediction (:data:`~exactprune.rdt.model.TIES`).
    L : int
        A multiple of every possible number of tied classes (lcm(1..k)).

    Returns
    -------
    int
        L * D * the cell's error.

    See Also
    --------
    exactprune.rdt.model.cell_error : the unscaled form.

    Examples
    --------
    >>> scaled_cell_error((1, 1), (3, 1), "split", 2)     # 2 * (1 + 3) / 2
    4
    """
    winners = predicted_classes(counts, tie)
    total = sum(masses)
    return (L // len(winners)) * sum(total - masses[y] for y in winners)


def count_egfs(A: Sequence[int], comps_by_s: list, tie: str, L: int, powers: Sequence[int] = (1,),
               keep: Optional[Callable] = None, by_support: bool = False) -> list:
    """EGFs of one region's class counts, one per entry p of ``powers`` (DD 3.6):
    {support mask: sum_n err(n)^p prod A_c^{n_c}/n_c! z^|n|}, err = :func:`scaled_cell_error`.

    ``comps_by_s`` is :func:`~exactprune.rdt.counting.count_vectors_by_size` (N, k).  Only counts
    ``n`` with ``keep(n)`` (e.g. "the region stops") enter; with ``by_support`` the sum is split by
    the set of classes present (bit mask, what purity needs), else everything is under key 0.
    Power 0 gives the plain multinomial weights.

    Parameters
    ----------
    A : sequence of int
        The region's class masses (integers, D * P[X in R, Y = c]).
    comps_by_s : list
        The count vectors grouped by size, :func:`~exactprune.rdt.counting.count_vectors_by_size`.
    tie : {"split", "first"}
        The tie rule of a leaf's prediction (:data:`~exactprune.rdt.model.TIES`).
    L : int
        A multiple of every possible number of tied classes (lcm(1..k)).
    powers : sequence of int
        The powers p of the error, one EGF each.
    keep : callable, optional
        Only count vectors ``n`` with ``keep(n)`` true enter; all by default.
    by_support : bool
        Split the sum by the set of classes present.

    Returns
    -------
    list of dict
        Per power, {support mask: flint.fmpq_poly}.

    See Also
    --------
    count_egf : one power, supports merged.

    Examples
    --------
    >>> from exactprune.rdt.counting import count_vectors_by_size
    >>> count_egfs((1, 1), count_vectors_by_size(1, 2), "split", 2)[0][0].coeffs()   # 2 + 4 z
    [2, 4]
    """
    fact = [math.factorial(i) for i in range(len(comps_by_s))]
    accs: list[dict] = [{} for _ in powers]
    for s, comps in enumerate(comps_by_s):
        for n in comps:
            if keep is not None and not keep(n):
                continue
            term = fact[s]
            for c, nc in enumerate(n):
                term = term // fact[nc] * A[c] ** nc
            err = scaled_cell_error(n, A, tie, L)
            mask = sum(1 << c for c, nc in enumerate(n) if nc) if by_support else 0
            for acc, p in zip(accs, powers):
                row = acc.setdefault(mask, [0] * len(comps_by_s))
                row[s] += term * err ** p
    return [{mask: flint.fmpq_poly([flint.fmpq(x, fact[s]) for s, x in enumerate(row)])
             for mask, row in acc.items()} for acc in accs]


def count_egf(A: Sequence[int], comps_by_s: list, tie: str, L: int, power: int) -> flint.fmpq_poly:
    """sum_s z^s/s! * sum_{|n|=s} s!/prod n_c! prod A_c^{n_c} err(n)^power: :func:`count_egfs`
    of every count vector, supports merged (the region factor of DD 3.6.1).

    Parameters
    ----------
    A : sequence of int
        The region's class masses (integers).
    comps_by_s : list
        The count vectors grouped by size.
    tie : {"split", "first"}
        The tie rule of a leaf's prediction (:data:`~exactprune.rdt.model.TIES`).
    L : int
        A multiple of every possible number of tied classes (lcm(1..k)).
    power : int
        The power of the error.

    Returns
    -------
    flint.fmpq_poly
        The EGF in z.

    See Also
    --------
    count_egfs : several powers, optionally by support.

    Examples
    --------
    >>> from exactprune.rdt.counting import count_vectors_by_size
    >>> count_egf((1, 1), count_vectors_by_size(1, 2), "split", 2, 2).coeffs()      # 4 + 8 z
    [4, 8]
    """
    return sum(count_egfs(A, comps_by_s, tie, L, (power,))[0].values(), flint.fmpq_poly([]))


def falling_factorials(N: int) -> list:
    """N!/(N-m)! for m = 0..N as fmpz (the multinomial factor of DD 3.6, used by :func:`egf_with_outside`).

    Parameters
    ----------
    N : int
        The sample size.

    Returns
    -------
    list of flint.fmpz
        N!/(N-m)! for m = 0..N.

    Examples
    --------
    >>> falling_factorials(3)
    [1, 3, 6, 6]
    """
    return [flint.fmpz(falling_factorial(N, m)) for m in range(N + 1)]


def egf_with_outside(poly: flint.fmpq_poly, N: int, outside: int, falling: Optional[list] = None) -> flint.fmpq:
    """N! [z^N] poly(z) e^{outside z}: the rest of the sample falls outside every region involved
    (the multinomial count probabilities of DD 3.6, times D^N).

    ``falling`` may pass :func:`falling_factorials` (N) computed once.

    Parameters
    ----------
    poly : flint.fmpq_poly
        The EGF of the regions involved.
    N : int
        The sample size.
    outside : int
        The integer mass outside every region.
    falling : list, optional
        :func:`falling_factorials` (N), when computed once for many calls.

    Returns
    -------
    flint.fmpq
        N! [z^N] poly(z) e^{outside z}.

    Examples
    --------
    >>> egf_with_outside(flint.fmpq_poly([1]), 2, 3)                  # 2! * 3^2 / 2!
    9
    """
    if falling is None:
        falling = falling_factorials(N)
    coeffs = poly.coeffs()
    acc = flint.fmpq(0)
    Cz = flint.fmpz(outside)
    for m in range(min(len(coeffs), N + 1)):
        acc = acc * Cz + coeffs[m] * falling[m]
    return acc * Cz ** (N + 1 - min(len(coeffs), N + 1))


@lru_cache(maxsize=4096)
def exp_egf(c: int, N: int) -> flint.fmpq_poly:
    """e^{cz} up to z^N: the EGF of the points falling in a set of mass c (DD 3.6's multinomial).

    Parameters
    ----------
    c : int
        The integer mass of the set.
    N : int
        The highest power of z kept.

    Returns
    -------
    flint.fmpq_poly
        sum_{m <= N} c^m z^m / m!.

    Examples
    --------
    >>> exp_egf(2, 2).coeffs()
    [1, 2, 2]
    """
    coeffs, term = [], flint.fmpq(1)
    for t in range(N + 1):
        coeffs.append(term)
        term = term * c / (t + 1)
    return flint.fmpq_poly(coeffs)
