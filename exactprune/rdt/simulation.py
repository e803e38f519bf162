"""Monte Carlo for random decision trees (DD sec 4): grow trees on sampled data, measure their GE.

:func:`build_rdt` grows one random tree on a count table (DD 3.3) and :func:`tree_ge` measures its
GE exactly from the known distribution.  :func:`simulate` is DD's MC (sample a data set, grow a
tree); :func:`af_monte_carlo` is AF with sampled data sets (tree randomness exact).  Seeded.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Iterator, Optional

import numpy as np

from ..numbers import nonnegative_int, positive_int
from ..parallel import chunked_monte_carlo
from .conditional import conditional_moments
from .model import Criterion, Distribution, cell_error, check_moment_arguments, check_tie

__all__ = ["build_rdt", "tree_ge", "simulate", "af_monte_carlo"]


def build_rdt(dist: Distribution, table: Any, criterion: Criterion, rng: np.random.Generator) -> list:
    """Build one random decision tree (RDT, DD 3.4: the split attribute chosen at random) on the count
    ``table`` with DD 3.3's stopping ``criterion``; returns its leaves as (attrs, values, counts).

    Parameters
    ----------
    dist : Distribution
        The distribution (its arities and class count).
    table : array-like
        The sample's counts, one axis per attribute and the class last.
    criterion : Criterion
        The stopping criterion.
    rng : numpy.random.Generator
        Chooses the split attributes.

    Returns
    -------
    list
        The leaves as (attrs, values, counts).

    See Also
    --------
    tree_ge : the GE of the tree built.
    exactprune.datasets.grow_tree : a CART tree grown from a CSV file.

    Examples
    --------
    >>> dist = Distribution([2, 2], 2, {(0, 0, 0): "1/2", (1, 1, 1): "1/2"})
    >>> leaves = build_rdt(dist, [[[2, 0], [0, 0]], [[0, 0], [0, 1]]], Criterion(height=1),
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
    """Exact GE of a grown tree under the distribution (DD (1) for one tree):
    sum over leaves of sum_y w_y (P[R] - P[R, y]), by :func:`~exactprune.rdt.model.cell_error`.

    Parameters
    ----------
    dist : Distribution
        The data distribution.
    leaves : list of tuple
        The tree's leaves as ``(attrs, values, counts)``, as :func:`build_rdt` returns them.
    tie : {"split", "first"}, optional
        The tie rule.

    Returns
    -------
    Fraction
        The tree's generalization error.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> tree_ge(dist, [((0,), (0,), (1, 0)), ((0,), (1,), (0, 0))])
    Fraction(1, 4)
    """
    check_tie(tie)
    total = sum((cell_error(n, dist.region_masses(attrs, values), tie) for attrs, values, n in leaves), Fraction(0))
    return total / dist.D


#: runs per work unit of :func:`simulate` and :func:`af_monte_carlo`: constants, so that a run's
#: digits depend on its seed and number of runs only, never on the number of workers
SIM_CHUNK = 20_000
AF_CHUNK = 1_000


def _checked(dist, N, criterion, tie, runs, seed) -> tuple:
    """Checked arguments of the samplers: (N, runs, seed)."""
    return check_moment_arguments(dist, N, criterion, tie), positive_int(runs, "runs"), nonnegative_int(seed, "seed")


def _data_sets(dist: Distribution, N: int, runs: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    """``runs`` count tables of ``N`` points drawn from ``dist`` (multinomial), from ``rng``."""
    flat = dist.flat()
    probabilities = flat / flat.sum()
    for _ in range(runs):
        yield rng.multinomial(N, probabilities).reshape(dist.shape)


def _simulate_chunk(seed: int, runs: int, dist: Distribution, N: int, criterion: Criterion, tie: str,
                    same_sample: bool) -> tuple:
    """One work unit of :func:`simulate`: (GE of each run's tree, GE products of two trees per
    data set or None), ``runs`` runs drawn from ``default_rng(seed)``."""
    rng = np.random.default_rng(seed)
    masses = dist.ints.astype(float) / dist.D
    k, d = dist.k, dist.d

    def one_tree(counts: np.ndarray) -> float:
        ge = 0.0

        def grow(depth: int, sub: np.ndarray, msub: np.ndarray, free: tuple):
            nonlocal ge
            n = sub.reshape(-1, k).sum(axis=0)
            if criterion.stops(depth, n, d):
                ge += cell_error(tuple(n.tolist()), msub.reshape(-1, k).sum(axis=0).tolist(), tie)
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
    for run, counts in enumerate(_data_sets(dist, N, runs, rng)):
        samples[run] = one_tree(counts)
        if cross is not None:       # same_sample
            cross[run] = samples[run] * one_tree(counts)
    return samples, cross


def simulate(dist: Distribution, N: int, criterion: Criterion, tie: str = "split", runs: int = 1000,
             seed: int = 0, progress: Optional[bool] = None, same_sample: bool = False, jobs: int = 1) -> dict:
    """Direct Monte Carlo (DD's MC): sample a data set, grow one random tree, measure its GE.

    Returns floats: ``mean`` (E[GE]), ``second`` (E[GE^2]), ``sd``, ``se_mean``, ``se_second``,
    the ``seed`` and the ``samples``.  With ``same_sample`` a second independent tree is grown on
    every data set and ``cross`` / ``se_cross`` estimate E[GE(T1, z) GE(T2, z)].

    Up to :data:`SIM_CHUNK` runs draw from ``default_rng(seed)`` in this process; a longer run is
    cut into work units of :data:`SIM_CHUNK` runs, each with its own seed derived from ``seed``,
    run on ``jobs`` workers (or a Dask cluster): the same samples whatever the workers.  Progress
    (chunks done) goes to stderr when ``progress`` is True (default: when runs > SIM_CHUNK).

    Parameters
    ----------
    dist : Distribution
        The data distribution.
    N : int
        The size of each data set.
    criterion : Criterion
        The stopping criterion.
    tie : {"split", "first"}, optional
        The tie rule.
    runs : int, optional
        The number of data sets (one tree each), >= 1.
    seed : int, optional
        The seed, >= 0.
    progress : bool, optional
        Report chunks done on stderr; None: when runs > SIM_CHUNK.
    same_sample : bool, optional
        Grow a second tree on every data set and estimate the cross moment.
    jobs : int, optional
        Workers for the work units.

    Returns
    -------
    dict
        As described above, with ``runs`` and ``samples`` the per-run GE (an array).

    See Also
    --------
    exactprune.rdt.expected_ge : the exact E[GE].
    exactprune.rdt.exact_moments : the exact moments.
    af_monte_carlo : tree randomness integrated exactly, data sampled.

    Examples
    --------
    >>> from exactprune.rdt import correlated_distribution, expected_ge
    >>> dist = correlated_distribution([2, 2], "1/2")
    >>> out = simulate(dist, 3, Criterion(height=1), runs=400, seed=1)
    >>> abs(out["mean"] - float(expected_ge(dist, 3, Criterion(height=1)))) < 5 * out["se_mean"]
    True
    """
    N, runs, seed = _checked(dist, N, criterion, tie, runs, seed)
    parts = chunked_monte_carlo(_simulate_chunk, runs, seed, chunk=SIM_CHUNK, args=(dist, N, criterion, tie, same_sample),
                                jobs=jobs, progress=runs > SIM_CHUNK if progress is None else progress, label="MC")
    samples = np.concatenate([p[0] for p in parts])
    out = _summary(samples, samples ** 2, seed, runs)
    if same_sample:
        cross = np.concatenate([p[1] for p in parts])
        out["cross"] = float(cross.mean())
        out["se_cross"] = _standard_error(cross)
    return out


def _standard_error(values: np.ndarray) -> float:
    """Standard error of the mean of ``values`` (infinite for a single run)."""
    return float(values.std(ddof=1) / math.sqrt(len(values))) if len(values) > 1 else float("inf")


def _summary(first: np.ndarray, second: np.ndarray, seed: int, runs: int) -> dict:
    mean = float(first.mean())
    sec = float(second.mean())
    var = max(sec - mean * mean, 0.0)
    return {"mean": mean, "second": sec, "sd": math.sqrt(var), "se_mean": _standard_error(first),
            "se_second": _standard_error(second),
            "seed": seed, "runs": runs, "samples": first}


def af_monte_carlo(dist: Distribution, N: int, criterion: Criterion, tie: str = "split", runs: int = 100,
                   seed: int = 0, progress: Optional[bool] = None, jobs: int = 1) -> dict:
    """AF with Monte Carlo data sets (DD sec 4): tree randomness integrated exactly, data sampled.

    Each run samples a data set and adds E[GE | data] and E[GE^2 | data] from
    :func:`~exactprune.rdt.conditional.conditional_moments` (floats) - DD's expressions with the
    count probabilities estimated by Monte Carlo over common data sets.  Same keys as :func:`simulate` with ``same_sample``:
    ``cross`` estimates E[GE(T1, z) GE(T2, z)] for two trees on the same sample, for every
    criterion (the exact value is available for fixed height and two classes only).  Runs are
    cut into work units as in :func:`simulate`, of :data:`AF_CHUNK` data sets; progress (chunks
    done) by default when runs > AF_CHUNK.

    Parameters
    ----------
    dist : Distribution
        The data distribution.
    N : int
        The size of each data set.
    criterion : Criterion
        The stopping criterion.
    tie : {"split", "first"}, optional
        The tie rule.
    runs : int, optional
        The number of data sets sampled, >= 1.
    seed : int, optional
        The seed, >= 0.
    progress : bool, optional
        Report chunks done on stderr; None: when runs > AF_CHUNK.
    jobs : int, optional
        Workers for the work units.

    Returns
    -------
    dict
        ``mean``, ``second``, ``sd``, ``se_mean``, ``se_second`` (floats), ``seed``, ``runs``,
        ``samples`` (the per-data-set E[GE | data], an array), ``cross`` and ``se_cross``.

    See Also
    --------
    exactprune.rdt.expected_ge : the exact E[GE].
    exactprune.rdt.exact_moments : the exact moments.
    simulate : the direct Monte Carlo.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> out = af_monte_carlo(dist, 1, Criterion(height=1), runs=20, seed=1)
    >>> round(out["mean"], 12), out["se_mean"]   # h = d and one point: GE is 1/4 on every data set
    (0.25, 0.0)
    """
    N, runs, seed = _checked(dist, N, criterion, tie, runs, seed)
    parts = chunked_monte_carlo(_af_chunk, runs, seed, chunk=AF_CHUNK, args=(dist, N, criterion, tie),
                                jobs=jobs, progress=runs > AF_CHUNK if progress is None else progress, label="AF-MC")
    first, second = (np.concatenate([p[j] for p in parts]) for j in (0, 1))
    out = _summary(first, second, seed, runs)
    cross = first ** 2    # E[GE(T1, z) GE(T2, z) | z] = E[GE | z]^2: two trees on the same sample
    out["cross"] = float(cross.mean())
    out["se_cross"] = _standard_error(cross)
    return out


def _af_chunk(seed: int, runs: int, dist: Distribution, N: int, criterion: Criterion, tie: str) -> tuple:
    """One work unit of :func:`af_monte_carlo`: (E[GE | z], E[GE^2 | z]) for ``runs`` data sets z
    drawn from ``default_rng(seed)``."""
    moments = [conditional_moments(dist, counts, criterion, tie, exact_arith=False)
               for counts in _data_sets(dist, N, runs, np.random.default_rng(seed))]
    return np.array([m[0] for m in moments], dtype=float), np.array([m[1] for m in moments], dtype=float)
