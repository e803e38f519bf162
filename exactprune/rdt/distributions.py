"""Distributions for random-decision-tree experiments (DD 4.2): synthetic and from data.

:func:`correlated_distribution` builds DD 4.2's synthetic distributions with a chosen
attribute-class dependence, :func:`chi_square_correlation` measures that dependence as DD does,
and :func:`distribution_from_data` turns a real data set into a multinomial distribution with
continuous attributes split at their means.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any, Optional, Sequence

import numpy as np

from ..numbers import exact, nonnegative_int, positive_int
from .model import Distribution

__all__ = ["chi_square_correlation", "correlated_distribution", "distribution_from_data"]


def chi_square_correlation(dist: Distribution) -> Fraction:
    """DD 4.2's "correlation": sum over cells of (p - p_m)^2 / p_m, p_m = P[X = x] P[Y = c].

    >>> chi_square_correlation(correlated_distribution([2, 2], "3/5"))
    Fraction(9, 25)
    """
    shape = dist.shape
    px = {}
    pc = [Fraction(0)] * dist.k
    for cell in itertools.product(*(range(s) for s in shape)):
        p = dist.prob(cell)
        px[cell[:-1]] = px.get(cell[:-1], Fraction(0)) + p
        pc[cell[-1]] += p
    total = Fraction(0)
    for cell in itertools.product(*(range(s) for s in shape)):
        pm = px[cell[:-1]] * pc[cell[-1]]
        if pm:
            total += (dist.prob(cell) - pm) ** 2 / pm
    return total


def correlated_distribution(arities: Sequence[int], strength: Any, k: int = 2,
                            label: Optional[Any] = None) -> Distribution:
    """DD 4.2-style synthetic distribution: uniform inputs, class prior 1/k,
    P[Y = f(x) | x] = 1/k + t (1 - 1/k) with f = ``label``.

    ``label(x)`` defaults to x_0 mod k (the class is carried by attribute 0).  For two classes and
    a balanced f the chi-square correlation of DD 4.2 is t^2: t = 3/5 gives rho = 0.36.

    >>> correlated_distribution([2], 1).prob((1, 1))
    Fraction(1, 2)
    """
    t = exact(strength, "strength")
    if not 0 <= t <= 1:
        raise ValueError(f"strength must be in [0, 1], got {t}")
    arities = tuple(positive_int(a, "arity") for a in arities)
    k = positive_int(k, "k")
    label = label or (lambda x: x[0] % k)
    cells = int(np.prod(arities))
    probs = {}
    for x in itertools.product(*(range(a) for a in arities)):
        fx = label(x)
        for c in range(k):
            cond = Fraction(1, k) + t * (1 - Fraction(1, k)) if c == fx else Fraction(1, k) - t * Fraction(1, k)
            probs[x + (c,)] = cond / cells
    return Distribution(arities, k, probs)


def distribution_from_data(X: Any, y: Any, attributes: Optional[Sequence[int]] = None) -> Distribution:
    """Empirical distribution of a real data set, continuous attributes split at their means (DD 4.2).

    Values above the mean (computed exactly from the decimal representation of each entry) go to 1.
    Probabilities are counts / n, exact.

    >>> dist = distribution_from_data([[1, 5], [3, 1], [2, 2], [4, 0]], [0, 1, 0, 1])
    >>> dist.arities, dist.prob((0, 1, 0))
    ((2, 2), Fraction(1, 4))
    """
    X = np.asarray(X)
    y = np.asarray(y)
    if X.ndim != 2 or len(X) != len(y) or len(y) == 0:
        raise ValueError("X must be a non-empty 2-d array with one row per label in y")
    cols = list(range(X.shape[1])) if attributes is None else [nonnegative_int(a, "attribute") for a in attributes]
    classes = sorted(set(y.tolist()))
    k = max(len(classes), 2)
    exact_cols = []
    for j in cols:
        column = [Fraction(str(v)) if isinstance(v, (float, np.floating)) else exact(v.item() if hasattr(v, "item") else v)
                  for v in X[:, j]]
        mean = sum(column, Fraction(0)) / len(column)
        exact_cols.append([1 if v > mean else 0 for v in column])
    counts = {}
    for i, label in enumerate(y.tolist()):
        cell = tuple(col[i] for col in exact_cols) + (classes.index(label),)
        counts[cell] = counts.get(cell, 0) + 1
    n = len(y)
    return Distribution([2] * len(cols), k, {cell: Fraction(c, n) for cell, c in counts.items()})
