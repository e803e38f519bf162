"""Distributions for random-decision-tree experiments (DD 4.2): synthetic and from data.

:func:`correlated_distribution` builds DD 4.2's synthetic distributions with a chosen
attribute-class dependence, :func:`chi_square_correlation` measures that dependence as DD does,
and :func:`distribution_from_data` turns a real data set into a multinomial distribution with
continuous attributes split at their means; :func:`distribution_from_csv` reads one from a CSV
file (the UCI sets of DD 4.2: Pima Indians, Balloons, Shuttle Landing Control).
"""
from __future__ import annotations

import csv
import gzip
import itertools
from fractions import Fraction
from typing import Any, Optional, Sequence

import numpy as np

from ..numbers import exact, nonnegative_int, positive_int
from .model import Distribution

__all__ = ["chi_square_correlation", "correlated_distribution", "distribution_from_data", "distribution_from_csv"]


def chi_square_correlation(dist: Distribution) -> Fraction:
    """DD 4.2's "correlation": sum over cells of (p - p_m)^2 / p_m, p_m = P[X = x] P[Y = c].

    Parameters
    ----------
    dist : Distribution
        The joint law of the attributes and the class (DD 4.2).

    Returns
    -------
    Fraction
        The chi-square correlation, exact.

    Examples
    --------
    >>> chi_square_correlation(correlated_distribution([2, 2], "3/5"))
    Fraction(9, 25)
    """
    shape = dist.shape
    px: dict[tuple, Fraction] = {}
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

    Parameters
    ----------
    arities : sequence of int
        The number of values of each attribute.
    strength : exact number
        t, in [0, 1]: 0 makes the class independent of x, 1 a function of it.
    k : int
        The number of classes.
    label : callable, optional
        f: a cell's attribute values -> its likely class; x_0 mod k by default.

    Returns
    -------
    Distribution
        The exact joint law.

    See Also
    --------
    chi_square_correlation : its correlation (t^2 for two balanced classes).

    Examples
    --------
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

    Parameters
    ----------
    X : array-like of shape (n_examples, n_attributes)
        Numeric attribute values (read exactly from their decimal text).
    y : array-like
        The class labels, coded in sorted order.
    attributes : sequence of int, optional
        The columns of ``X`` to keep; all by default.

    Returns
    -------
    Distribution
        The empirical law, probabilities counts / n.

    See Also
    --------
    distribution_from_csv : the same from a CSV file.

    Examples
    --------
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
    counts: dict[tuple, int] = {}
    for i, label in enumerate(y.tolist()):
        cell = tuple(col[i] for col in exact_cols) + (classes.index(label),)
        counts[cell] = counts.get(cell, 0) + 1
    n = len(y)
    return Distribution([2] * len(cols), k, {cell: Fraction(c, n) for cell, c in counts.items()})


def distribution_from_csv(path: Any, continuous: bool) -> tuple:
    """(distribution, number of rows) of a CSV data set (header row, class in the last column;
    gzip if the name ends in .gz) as DD 4.2 build them: cell probabilities = counts / rows.

    ``continuous=True``: every attribute is numeric and split at its mean
    (:func:`distribution_from_data`; values parsed exactly from their decimal text, so a UCI
    zero that means "missing" counts as 0, as in the original files).  ``continuous=False``:
    every attribute is categorical, values coded in sorted order; the token ``*`` ("don't care",
    UCI Shuttle Landing Control) stands for every value of its attribute, so the row is spread
    evenly over all the cells it covers (weight 1/#cells each; the row count stays the same).

    Parameters
    ----------
    path : str or path-like
        The CSV file (gzip if the name ends in .gz).
    continuous : bool
        Numeric attributes split at their means (True) or categorical ones (False).

    Returns
    -------
    tuple
        (Distribution, number of rows).

    See Also
    --------
    distribution_from_data : the numeric case from arrays.

    Examples
    --------
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     name = os.path.join(tmp, "toy.csv")
    ...     with open(name, "w") as fh:
    ...         _ = fh.write("a,b,class\\nx,1,T\\ny,*,F\\nx,2,F\\n")
    ...     dist, rows = distribution_from_csv(name, continuous=False)
    >>> rows, dist.arities, dist.prob((1, 0, 0)), dist.prob((0, 0, 1))
    (3, (2, 2), Fraction(1, 6), Fraction(1, 3))
    """
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", newline="") as fh:
        table = [row for row in csv.reader(fh) if row]
    if len(table) < 2:
        raise ValueError(f"{path}: need a header row and at least one data row")
    width = len(table[0])
    if width < 2 or any(len(row) != width for row in table[1:]):
        raise ValueError(f"{path}: every row needs the same number (>= 2) of columns, class last")
    rows = [row[:-1] for row in table[1:]]
    labels = [row[-1] for row in table[1:]]
    if continuous:
        try:
            X = np.array([[Fraction(token) for token in row] for row in rows], dtype=object)
        except ValueError as exc:
            raise ValueError(f"{path}: continuous attributes must be numbers ({exc})") from None
        return distribution_from_data(X, labels), len(rows)
    levels = [sorted({row[j] for row in rows} - {"*"}) for j in range(width - 1)]
    classes = sorted(set(labels))
    weights: dict[tuple, Fraction] = {}
    for row, label in zip(rows, labels):
        options = [range(len(levels[j])) if token == "*" else [levels[j].index(token)] for j, token in enumerate(row)]
        cells = list(itertools.product(*options))
        for cell in cells:
            key = cell + (classes.index(label),)
            weights[key] = weights.get(key, Fraction(0)) + Fraction(1, len(cells) * len(rows))
    return Distribution([len(v) for v in levels], max(len(classes), 2), weights), len(rows)
