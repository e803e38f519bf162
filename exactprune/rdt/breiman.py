"""Breiman's strength-correlation bound for a single random tree (DD sec 4, Tables 1-2).

Breiman (2001, Theorem 2.3): with the margin mr(x, y) = P[h(x) = y] - max_{j != y} P[h(x) = j]
and the strength s = E_{X,Y}[mr(X, Y)] > 0, the error PE* = P[mr < 0] <= kappa (1 - s^2) / s^2,
kappa the mean correlation between the trees; DD take kappa = 1 for one tree, compute s for each
grown tree and average the bounds over trees and data sets.  For one tree the probabilities
P[h(x) = j] are the leaf's prediction weights w_j under the tie rule
(:func:`~exactprune.rdt.model.leaf_weights`), so s is a sum over leaves, exactly.

:func:`tree_distribution` lists every tree the random growing process can build on a data set
with its probability (tiny d only), so the bound averaged as DD do is exact on enumerable cases
(:func:`expected_breiman_bound`).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from ..numbers import exact
from .bruteforce import datasets_count
from .counting import count_vectors
from .model import Criterion, Distribution, check_moment_arguments, check_tie, leaf_weights

__all__ = ["margin_strength", "breiman_bound", "tree_distribution", "expected_breiman_bound"]


def margin_strength(dist: Distribution, leaves: list, tie: str = "split") -> Fraction:
    """Breiman's strength s = E_{X,Y}[w_Y - max_{j != Y} w_j] of one tree (its leaves as
    ``(attrs, values, counts)``, e.g. from :func:`~exactprune.rdt.simulation.build_rdt`).

    For two classes s = 1 - 2 GE.

    Parameters
    ----------
    dist : Distribution
        The joint law of the attributes and the class (DD 4.2).
    leaves : list
        The tree's leaves as ``(attrs, values, counts)``.
    tie : {"split", "first"}
        The tie rule of a leaf's prediction (:data:`~exactprune.rdt.model.TIES`).

    Returns
    -------
    Fraction
        The strength s, exact.

    See Also
    --------
    breiman_bound : the bound this strength enters.
    expected_breiman_bound : its average over data sets and trees.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> margin_strength(dist, [((0,), (0,), (1, 0)), ((0,), (1,), (0, 0))])   # right, then a tie
    Fraction(1, 2)
    """
    check_tie(tie)
    total = 0
    for attrs, values, counts in leaves:
        w = leaf_weights(counts, tie)
        masses = dist.region_masses(attrs, values)
        for y, mass in enumerate(masses):
            total += mass * (w[y] - max(w[j] for j in range(dist.k) if j != y))
    return Fraction(total) / dist.D


def breiman_bound(s: Any, kappa: Any = 1) -> Fraction:
    """Breiman's upper bound kappa (1 - s^2) / s^2 on the error (Theorem 2.3; DD Tables 1-2, kappa = 1).

    The theorem needs s > 0 (ValueError otherwise).

    Parameters
    ----------
    s : exact number
        The strength, positive.
    kappa : exact number
        Breiman's correlation factor (1 in DD's tables).

    Returns
    -------
    Fraction
        kappa (1 - s^2) / s^2, exact.

    See Also
    --------
    margin_strength : the strength of one tree.
    expected_breiman_bound : DD's averaged bound.

    Examples
    --------
    >>> breiman_bound(Fraction(1, 2))
    Fraction(3, 1)
    """
    s, kappa = exact(s, "s"), exact(kappa, "kappa")
    if s <= 0:
        raise ValueError(f"s must be > 0 for Breiman's bound, got {s}")
    return kappa * (1 - s * s) / (s * s)


def tree_distribution(dist: Distribution, table: Any, criterion: Criterion) -> list:
    """Every random tree grown on the count ``table`` (DD 3.3) with its probability: a list of
    (probability, leaves), leaves as in :func:`~exactprune.rdt.simulation.build_rdt`.  Tiny d only.

    Parameters
    ----------
    dist : Distribution
        The joint law of the attributes and the class (DD 4.2).
    table : array-like of int
        The training counts, shape ``arities + [k]``.
    criterion : Criterion
        The stopping rule (DD 3.3.1).

    Returns
    -------
    list
        (probability, leaves) pairs, the probabilities exact and summing to 1.

    Examples
    --------
    >>> dist = Distribution([2, 2], 2, {(0, 0, 0): "1/2", (1, 1, 1): "1/2"})
    >>> [(p, len(leaves)) for p, leaves in tree_distribution(dist, np.ones((2, 2, 2), int), Criterion(height=1))]
    [(Fraction(1, 2), 2), (Fraction(1, 2), 2)]
    """
    counts = np.asarray(table, dtype=np.int64)
    if counts.shape != dist.shape:
        raise ValueError(f"table: expected shape {list(dist.shape)}, got {list(counts.shape)}")
    check_moment_arguments(dist, int(counts.sum()), criterion, "split")
    d, k = dist.d, dist.k

    def grow(attrs: tuple, values: tuple) -> list:
        index = [slice(None)] * d
        for a, v in zip(attrs, values):
            index[a] = v
        n = tuple(int(x) for x in counts[tuple(index)].reshape(-1, k).sum(axis=0))
        if criterion.stops(len(attrs), n, d):
            return [(Fraction(1), [(attrs, values, n)])]
        unused = [a for a in range(d) if a not in attrs]
        out = []
        for a in unused:
            pos = sum(1 for x in attrs if x < a)
            trees: list[tuple[Fraction, list]] = [(Fraction(1, len(unused)), [])]
            for v in range(dist.arities[a]):
                child = grow(attrs[:pos] + (a,) + attrs[pos:], values[:pos] + (v,) + values[pos:])
                trees = [(p * q, left + right) for p, left in trees for q, right in child]
            out += trees
        return out

    return grow((), ())


def expected_breiman_bound(dist: Distribution, N: int, criterion: Criterion, tie: str = "split",
                           max_tables: int = 20000) -> dict:
    """DD's averaged bound E[(1 - s^2)/s^2] over data sets of size N and random trees, exactly,
    by enumerating both (tiny cases), with E[s] and P[s <= 0] (where the bound does not exist).

    ``bound`` is the average over the trees with s > 0 and ``None`` if there are none;
    ``bound_at_mean_strength`` is (1 - E[s]^2)/E[s]^2.

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
        ``bound``, ``mean_strength``, ``bound_at_mean_strength`` and
        ``prob_nonpositive_strength`` = P[s <= 0], exact (``None`` where a bound does not exist).

    See Also
    --------
    breiman_bound : the bound of one strength.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> expected_breiman_bound(dist, 1, Criterion(height=1))["bound"]   # s = 1/2 on every data set
    Fraction(3, 1)
    """
    N = check_moment_arguments(dist, N, criterion, tie)
    if datasets_count(dist.cells_count, N) > max_tables:
        raise ValueError(f"more than max_tables = {max_tables} data sets to enumerate; lower N")
    probs = [Fraction(int(v), dist.D) for v in dist.ints.ravel()]
    mean_s = bound = nonpositive = Fraction(0)
    for comp in count_vectors(N, dist.cells_count - 1):
        n = comp + (N - sum(comp),)
        p_data = Fraction(math.factorial(N))
        for p, c in zip(probs, n):
            p_data *= p ** c / math.factorial(c)
        if not p_data:
            continue
        for p_tree, leaves in tree_distribution(dist, np.array(n).reshape(dist.shape), criterion):
            s = margin_strength(dist, leaves, tie)
            mean_s += p_data * p_tree * s
            if s > 0:
                bound += p_data * p_tree * breiman_bound(s)
            else:
                nonpositive += p_data * p_tree
    positive = 1 - nonpositive
    return {"bound": bound / positive if positive else None, "mean_strength": mean_s,
            "bound_at_mean_strength": breiman_bound(mean_s) if mean_s > 0 else None,
            "prob_nonpositive_strength": nonpositive}
