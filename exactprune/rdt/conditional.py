"""Moments of a random tree's GE given one data set: the tree randomness integrated exactly.

DD's AF approach (sec 4) with the data held fixed: :func:`conditional_moments` recurses over the
random attribute choices of DD 3.3 and returns E[GE | data] and E[GE^2 | data].  It is the inner
step of :func:`~exactprune.rdt.bruteforce.bruteforce_moments` (every data set) and of
:func:`~exactprune.rdt.simulation.af_monte_carlo` (sampled data sets).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from .model import Criterion, Distribution, cell_error, check_moment_arguments

__all__ = ["conditional_moments"]


def conditional_moments(dist: Distribution, table: Any, criterion: Criterion, tie: str = "split",
                        exact_arith: bool = True) -> tuple:
    """(E[GE | data], E[GE^2 | data]) over the random attribute choices, by exact recursion (DD 3.3, (1)-(2)).

    ``table`` holds the training counts, shape ``arities + [k]``.  At a split node the children's
    subtrees are independent given the split attribute, so E[G^2] = sum E[G_c^2] + (sum E[G_c])^2
    - sum E[G_c]^2, averaged over the unused attributes.  ``exact_arith=False`` computes in floats
    (for the Monte Carlo samplers).

    Parameters
    ----------
    dist : Distribution
        The joint law of the attributes and the class (DD 4.2).
    table : array-like of int
        The training counts, shape ``arities + [k]``.
    criterion : Criterion
        The stopping rule (DD 3.3.1).
    tie : {"split", "first"}
        The tie rule of a leaf's prediction (:data:`~exactprune.rdt.model.TIES`).
    exact_arith : bool
        Exact Fractions (True) or floats.

    Returns
    -------
    tuple
        (E[GE | data], E[GE^2 | data]), Fractions or floats as ``exact_arith`` says.

    See Also
    --------
    exactprune.rdt.bruteforce.bruteforce_moments : these averaged over every data set.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> conditional_moments(dist, [[1, 0], [0, 0]], Criterion(height=1))
    (Fraction(1, 4), Fraction(1, 16))
    """
    d, k = dist.d, dist.k
    counts = np.asarray(table, dtype=np.int64)
    if counts.shape != dist.shape:
        raise ValueError(f"table: expected shape {list(dist.shape)}, got {list(counts.shape)}")
    check_moment_arguments(dist, int(counts.sum()), criterion, tie)
    if exact_arith:
        masses = dist.ints
        scale: Fraction | float = Fraction(1, dist.D)
    else:
        masses = np.array(dist.ints.astype(float)) / dist.D
        scale = 1.0
    memo: dict[tuple, tuple] = {}

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
            e = cell_error(tuple(int(x) for x in n), A.tolist(), tie) * scale
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
