"""Moments of a random tree's GE by enumerating every data set: the check of the closed forms.

:func:`bruteforce_moments` weights every count table of size N by its multinomial probability and
integrates the tree randomness exactly (:mod:`~exactprune.rdt.conditional`); tiny N only.
:func:`datasets_count` is the number of tables it visits (DD 2.3, erratum ``dd-datasets``).
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .conditional import conditional_moments
from .counting import count_vectors
from .model import Criterion, Distribution, check_moment_arguments

__all__ = ["datasets_count", "bruteforce_moments"]


def datasets_count(cells: int, N: int) -> int:
    """Number of distinct data sets (count tables) of size N over ``cells`` cells: C(N+cells-1, N).

    DD 2.3 prints N^(m^d) - 1 for m^d cells (erratum ``dd-datasets``).

    Parameters
    ----------
    cells : int
        The number of cells of the count table.
    N : int
        The size of the data set.

    Returns
    -------
    int
        C(N + cells - 1, N).

    Examples
    --------
    >>> datasets_count(2, 3)
    4
    """
    return math.comb(N + cells - 1, N)


def bruteforce_moments(dist: Distribution, N: int, criterion: Criterion, tie: str = "split",
                       max_tables: int = 200000) -> dict:
    """E[GE], E[GE^2] (same tree) and E[GE GE'] (two trees, same sample) by enumerating data sets.

    Every count table of size N is weighted by its multinomial probability and the tree
    randomness is integrated exactly by :func:`~exactprune.rdt.conditional.conditional_moments`
    (DD (1)-(2) averaged over the multinomial law of the data, DD 3.6).  Tiny N only.

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
    max_tables : int
        Refuse (ValueError) when there are more data sets than this to enumerate.

    Returns
    -------
    dict
        ``E1``, ``E2_same``, ``E2_two_trees_same_sample``, ``E2_indep``, ``var`` (exact
        Fractions) and ``tables``, the number of data sets enumerated.

    See Also
    --------
    exactprune.rdt.moments.exact_moments : the same moments by DD 3.6's sums.
    exactprune.rdt.recursion.tree_moments : the same by the node recursion.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> bruteforce_moments(dist, 1, Criterion(height=1))["E2_same"]   # GE = 1/4 on every data set
    Fraction(1, 16)
    """
    N = check_moment_arguments(dist, N, criterion, tie)
    shape = dist.shape
    cells = dist.cells_count
    count = datasets_count(cells, N)
    if count > max_tables:
        raise ValueError(f"{count} data sets to enumerate (more than max_tables = {max_tables}); lower N")
    flat_probs = [Fraction(int(v), dist.D) for v in dist.ints.ravel()]
    E1 = E2 = E11 = Fraction(0)
    fact = [math.factorial(i) for i in range(N + 1)]
    for comp in count_vectors(N, cells - 1):
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
