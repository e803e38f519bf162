"""Exact moments of the generalization error of a random decision tree (DD (1), (2), 3.6).

:func:`expected_ge` is E[GE] over data sets of size N and random trees, for every stopping
criterion, summed over leaf regions as in DD (1) (an independent check of the node recursion);
:func:`exact_moments` gives E[GE] and E[GE^2] for one tree by the node recursion of
:mod:`~exactprune.rdt.recursion`, the variance, and on request the same-sample cross moment of
:mod:`~exactprune.rdt.same_sample`.  Every value is an exact Fraction.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

from .counting import count_vectors
from .generating_functions import scaled_cell_error
from .model import Criterion, Distribution, check_moment_arguments
from .recursion import tree_moments
from .same_sample import two_trees_same_sample_moment

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
                    elif isinstance(typ, int):    # a single class c
                        value -= (A_out + sib[typ]) ** r
            else:
                value = 0
                for t in range(max(0, crit.pb - s + 1), r + 1):
                    inner = A_sib ** t
                    if crit.purity:
                        if typ == "empty":
                            inner -= sum(x ** t for x in sib) - (k - 1) * (1 if t == 0 else 0)
                        elif isinstance(typ, int):
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
    Fraction
        E[GE], exact.

    See Also
    --------
    exact_moments : with E[GE^2] and the variance.
    exactprune.rdt.recursion.tree_moments : the same by the node recursion.

    Examples
    --------
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
            tables: list[tuple[dict, bool | None]] = [({}, None)]
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
                acc += mult * term * par * scaled_cell_error(n, A, tie, L)
        total += weight * acc
    return total / (D ** (N + 1) * L)


def exact_moments(dist: Distribution, N: int, criterion: Criterion, tie: str = "split",
                  second: bool = True, same_sample: bool = False) -> dict:
    """Exact E[GE], E[GE^2] (same tree) and the variance for every stopping criterion (DD 3.6).

    ``E1`` = E[GE]; ``E2_same`` = E[GE^2] for one tree (DD (2): the sum over pairs of leaves with
    their co-existence probabilities, computed by the node recursion
    :func:`~exactprune.rdt.recursion.tree_moments`) for fixed height, purity, scarcity and their
    combinations.  ``E2_indep`` =
    E[GE(z) GE(z')] for two trees on independent samples = E1^2.  ``second=False`` skips E[GE^2]
    (``None``).  ``same_sample=True`` adds ``E2_two_trees_same_sample`` = E[GE(T1, z) GE(T2, z)]
    for two independent random trees on the same sample (the cross-validation quantity), exact for
    fixed height and two classes (:func:`~exactprune.rdt.same_sample.two_trees_same_sample_moment`),
    ``None`` otherwise.

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
    second : bool
        Compute E[GE^2] (``E2_same``); None when False.
    same_sample : bool
        Add ``E2_two_trees_same_sample``.

    Returns
    -------
    dict
        ``E1``, ``E2_same``, ``E2_indep``, ``var`` (and ``E2_two_trees_same_sample``), exact.

    See Also
    --------
    exactprune.rdt.bruteforce.bruteforce_moments : the same by enumerating every data set.
    exactprune.rdt.simulation.simulate : the Monte Carlo (float) estimate.

    Examples
    --------
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
    E1, E2 = tree_moments(dist, N, criterion, tie, second)
    out = {"E1": E1, "E2_indep": E1 * E1, "E2_same": E2, "var": None if E2 is None else E2 - E1 * E1}
    if same_sample:
        out["E2_two_trees_same_sample"] = two_trees_same_sample_moment(dist, N, criterion, tie)
    return out
