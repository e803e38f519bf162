"""Weighted class counts of a grown scikit-learn tree, exactly, and the one reading of a float.

Zhong's moments (4.28)-(4.30) are those of a Dirichlet posterior with parameters n_j + lam: ratios
of rising factorials B^(k) / M^(k) (C.26), defined for any non-negative rational counts n_j, not
only whole numbers.  With ``sample_weight`` or ``class_weight`` the counts of a node are the sums
of the weights of its training rows, and they are computed here exactly.

**One reading of a float** (:func:`read_float`).  Every float a user passes to
:class:`~exactprune.sklearn.KNormTreeClassifier` - ``lam``, ``eta``, ``epsilon``, a
``class_weight`` value and every entry of ``sample_weight`` - means the decimal number it prints
as (its shortest repr: ``0.7`` is 7/10, since ``repr(0.7) == '0.7'``), so that a weight typed
as 0.7 is the same rational wherever it is typed.  With ``exact_floats=True`` every one of them
is the binary rational the float stores instead (``0.7`` is 3152519739159347/2^52).  Ints,
Fractions and strings (``"p/q"``, ``"0.7"``) are exact under both readings.

* ``"balanced"`` is scikit-learn's definition N / (J N_j) (N_j the number of training rows of
  class j), computed exactly;
* each training row is routed through the grown tree by scikit-learn's ``apply`` (the
  missing-value direction included), the weights are summed exactly per leaf and class, and an
  internal node's counts are the sums of its children's
  (:func:`~exactprune.tree.fromsklearn.sklearn_count_arrays`, the one place that sums them).
  scikit-learn's float sums (``tree_.value``) are read only to check that the routing is the one
  the tree was grown with.
* Every weighted count is at most ``MAX_COUNT`` = 2^53 - 1 (:mod:`exactprune.limits`), as an
  unweighted one is: larger totals are refused with a ValueError naming the weights.

Integer weights give integer counts, exactly those of the duplicated rows, and PruneTree
(:func:`exactprune.knorm.prune`: float filter, exact fallback) runs unchanged.  Counts that are
not whole numbers make a count tree of rational counts (:class:`~exactprune.tree.Tree` holds
them), which :func:`exactprune.knorm.prune` decides with every comparison between exact
rationals: its float filter derives its error bounds from integer counts (an integer below 2^53
is an exact float), which rational counts are not.

>>> from sklearn.tree import DecisionTreeClassifier
>>> X, y = np.array([[0.0], [1.0], [2.0], [3.0], [4.0]]), np.array([0, 0, 0, 1, 1])
>>> grown = DecisionTreeClassifier(class_weight="balanced", random_state=0).fit(X, y)
>>> weights = row_weights(y, 2, None, "balanced")          # N / (J N_j) = 5/6 and 5/4
>>> [str(w) for w in weights.class_factors]
['5/6', '5/4']
>>> arrays = node_counts(grown.tree_, grown.apply(X.astype(np.float32)), y, weights)
>>> [[str(c) for c in row] for row in arrays.counts]
[['5/2', '5/2'], ['5/2', '0'], ['0', '5/2']]
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

import numpy as np

from ..limits import MAX_COUNT, check_nonnegative
from ..numbers import exact
from ..tree import CountArrays
from ..tree.fromsklearn import sklearn_count_arrays

__all__ = ["read_float", "ExactWeights", "row_weights", "node_counts", "agrees_with_sklearn", "approx_text"]


def read_float(value: Any, name: str, exact_floats: bool = False) -> Any:
    """A float read by the one rule of this module: by its shortest decimal repr (``0.1`` is
    1/10), or with ``exact_floats`` as the binary rational it stores; any other value unchanged.
    Non-finite floats are refused, naming ``name``.

    Parameters
    ----------
    value : Any
        The value a user passed.
    name : str
        Its name, for the error message.
    exact_floats : bool
        Read a float as its binary value instead of its shortest repr.

    Returns
    -------
    Fraction or the value unchanged
        A Fraction for a float, else ``value``.

    Examples
    --------
    >>> read_float(0.1, "lam"), read_float(np.float64(2.5), "eta"), read_float("1/3", "lam")
    (Fraction(1, 10), Fraction(5, 2), '1/3')
    >>> read_float(0.5, "lam", exact_floats=True), read_float(0.1, "lam", exact_floats=True) == Fraction(0.1)
    (Fraction(1, 2), True)
    >>> read_float(float("nan"), "lam")
    Traceback (most recent call last):
    ValueError: lam must be finite, got nan
    """
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be finite, got {float(value)!r}")
        return Fraction(float(value)) if exact_floats else Fraction(repr(float(value)))
    return value


def _exact_weight(value: Any, name: str, exact_floats: bool) -> int | Fraction:
    """A weight (a class weight, or one distinct sample weight) as an exact non-negative number:
    a float by :func:`read_float`, anything else by :func:`exactprune.numbers.exact`."""
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a number, got the bool {value!r}")
    number = check_nonnegative(exact(read_float(value, name, exact_floats), name), name)
    return number.numerator if number.denominator == 1 else number


@dataclass(frozen=True)
class ExactWeights:
    """The weight of training row i is ``sample[i] / scale * class_factors[y_i]``, exactly.
    ``sample`` is None (every row 1), an int64 array, or an object array of Python ints over the
    common denominator ``scale`` of the distinct weights.

    Parameters
    ----------
    sample : ndarray of shape (n_samples,) or None
        The rows' weights times ``scale``, integers.
    scale : int
        Their common denominator.
    class_factors : tuple of int or Fraction
        The weight of each class.

    Examples
    --------
    Made by :func:`row_weights`: weights 0.25 and 1.5 are 1/4 and 6/4 over the denominator 4,
    and class 1 weighs 3 times class 0:

    >>> w = ExactWeights(np.array([1, 6], dtype=object), 4, (1, 3))
    >>> [Fraction(s, w.scale) * w.class_factors[y] for s, y in zip(w.sample, [0, 1])]
    [Fraction(1, 4), Fraction(9, 2)]
    >>> made = row_weights(np.array([0, 1]), 2, np.array([0.25, 1.5]), {1: 3})
    >>> made.sample.tolist(), made.scale, made.class_factors
    ([1, 6], 4, (1, 3))
    """

    sample: Optional[np.ndarray]
    scale: int
    class_factors: tuple[int | Fraction, ...]


def row_weights(y_index: np.ndarray, n_classes: int, sample_weight: Optional[np.ndarray],
                class_weight: Any, exact_floats: bool = False) -> ExactWeights:
    """The exact weights of the training rows: ``y_index`` the class index (0..J-1) of each row,
    ``sample_weight`` a 1-d array (or None), ``class_weight`` as scikit-learn takes it (None,
    ``"balanced"`` or a dict from class index to weight); floats read by :func:`read_float`.

    Parameters
    ----------
    y_index : ndarray of shape (n_samples,)
        The class index of each row.
    n_classes : int
        J.
    sample_weight : ndarray of shape (n_samples,) or None
        Row weights: floats, integers, or exact numbers (Fractions, strings).
    class_weight : None, "balanced" or dict
        Class weights by class index.
    exact_floats : bool
        Read floats as their binary values (:func:`read_float`).

    Returns
    -------
    ExactWeights

    Examples
    --------
    0.7 is 7/10 both as a sample weight and as a class weight; 0.5 is 1/2:

    >>> w = row_weights(np.array([0, 1, 1]), 2, np.array([0.5, 0.7, 3.0]), {0: 0.7})
    >>> w.sample.tolist(), w.scale, w.class_factors
    ([5, 7, 30], 10, (Fraction(7, 10), 1))
    """
    factors: tuple[int | Fraction, ...]
    if class_weight is None:
        factors = (1,) * n_classes
    elif isinstance(class_weight, str) and class_weight == "balanced":
        present = np.bincount(y_index, minlength=n_classes)
        n = int(present.sum())
        factors = tuple(Fraction(n, n_classes * int(c)) if c else 0 for c in present)
    elif isinstance(class_weight, dict):
        factors = tuple(_exact_weight(class_weight.get(j, 1), f"class_weight[{j}]", exact_floats)
                        for j in range(n_classes))
    else:
        raise ValueError(f"class_weight must be None, 'balanced' or a dict, got {class_weight!r}")
    if sample_weight is None:
        return ExactWeights(None, 1, factors)
    sample_weight = np.asarray(sample_weight)
    if np.issubdtype(sample_weight.dtype, np.integer):
        if sample_weight.min(initial=0) < 0:
            raise ValueError("sample_weight must be non-negative")
        return ExactWeights(sample_weight.astype(np.int64), 1, factors)
    if np.issubdtype(sample_weight.dtype, np.floating) and not np.all(np.isfinite(sample_weight)):
        raise ValueError("sample_weight must be finite")
    # each distinct weight read once; all of them over their common denominator
    distinct, row_of = np.unique(sample_weight, return_inverse=True)
    values = [_exact_weight(v, "sample_weight", exact_floats) for v in distinct.tolist()]
    scale = math.lcm(*(Fraction(v).denominator for v in values))
    ints = [int(v * scale) for v in values]
    sample = np.array(ints, dtype=object)[row_of.ravel()]
    if scale == 1 and max(ints, default=0) <= MAX_COUNT:
        sample = sample.astype(np.int64)
    return ExactWeights(sample, scale, factors)


def approx_text(value: Any) -> str:
    """A number for an error message: 4 significant digits, or its power of ten past a float.

    Parameters
    ----------
    value : int, Fraction or float
        The number.

    Returns
    -------
    str

    Examples
    --------
    >>> approx_text(Fraction(1, 3)), approx_text(Fraction(10) ** 400)
    ('0.3333', 'about 10^400')
    """
    try:
        return f"{float(value):.4g}"
    except OverflowError:
        value = Fraction(value)
        return f"about 10^{len(str(abs(value.numerator))) - len(str(value.denominator))}"


def _check_total(total, what: str = "the weighted class counts") -> None:
    """Refuse a weighted count past ``MAX_COUNT``, naming the weights that made it."""
    if total > MAX_COUNT:
        raise ValueError(f"{what} reach {approx_text(total)}, beyond the limit MAX_COUNT = 2^53 - 1 of a class "
                         f"count: scale sample_weight (or class_weight) down")


def node_counts(tree_, leaf_of_row: np.ndarray, y_index: np.ndarray, weights: ExactWeights) -> CountArrays:
    """The count arrays of scikit-learn's ``tree_`` (its node numbering) holding the exact
    weighted class counts: leaf sums of the rows (``leaf_of_row`` from ``apply``), internal nodes
    the sums of their children (:func:`~exactprune.tree.fromsklearn.sklearn_count_arrays`); an
    int64 matrix for integer weights, else an object matrix of ints and Fractions (a whole count
    an int).

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        The grown tree.
    leaf_of_row : ndarray of shape (n_samples,)
        The leaf of each training row (``tree_.apply``).
    y_index : ndarray of shape (n_samples,)
        The class index of each row.
    weights : ExactWeights
        The rows' weights (:func:`row_weights`).

    Returns
    -------
    CountArrays

    Examples
    --------
    Four rows, three of class 0 at x = 0 weighing 1/2 each and one of class 1 at x = 1: the
    root holds (3/2, 1), its leaves (3/2, 0) and (0, 1):

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X, y = np.array([[0.0], [0.0], [0.0], [1.0]]), np.array([0, 0, 0, 1])
    >>> weight = np.array([0.5, 0.5, 0.5, 1.0])
    >>> grown = DecisionTreeClassifier(random_state=0).fit(X, y, sample_weight=weight)
    >>> node_counts(grown.tree_, grown.apply(X), y, row_weights(y, 2, weight, None)).counts.tolist()
    [[Fraction(3, 2), 1], [Fraction(3, 2), 0], [0, 1]]
    """
    n_nodes, n_classes = tree_.node_count, len(weights.class_factors)
    whole = weights.scale == 1 and all(isinstance(f, int) for f in weights.class_factors)
    if whole and (weights.sample is None or weights.sample.dtype != object):
        # integer weights: one int64 bincount (exact: the totals stay below 2^53, checked first)
        sample = np.ones(len(leaf_of_row), dtype=np.int64) if weights.sample is None else weights.sample
        _check_total(int(sample.sum()) * max((int(f) for f in weights.class_factors), default=1))
        cell = leaf_of_row * n_classes + y_index
        counts = np.bincount(cell, weights=sample, minlength=n_nodes * n_classes).astype(np.int64)
        counts = counts.reshape(n_nodes, n_classes) * np.array(weights.class_factors, dtype=np.int64)
        return sklearn_count_arrays(tree_, counts)
    sums = np.zeros((n_nodes, n_classes), dtype=object)
    sums[:] = 0
    np.add.at(sums, (leaf_of_row, y_index), weights.sample if weights.sample is not None
              else np.ones(len(leaf_of_row), dtype=np.int64))
    counts = np.empty_like(sums)
    for j, factor in enumerate(weights.class_factors):
        f = Fraction(factor) / weights.scale
        counts[:, j] = [s * f for s in sums[:, j].tolist()]
    _check_total(max(sum(counts[:, j]) for j in range(n_classes)) if n_classes else 0)
    arrays = sklearn_count_arrays(tree_, counts)
    whole_counts = all(c.denominator == 1 for c in arrays.counts.ravel().tolist())
    if whole_counts:           # fractional weights whose sums are whole: integer counts
        return CountArrays(arrays.counts.astype(np.int64), arrays.offsets, arrays.indices)
    arrays.counts[:] = [[c.numerator if c.denominator == 1 else c for c in row] for row in arrays.counts.tolist()]
    return arrays


def agrees_with_sklearn(tree_, counts: np.ndarray) -> bool:
    """Are the exact ``counts`` scikit-learn's float sums (``value`` times
    ``weighted_n_node_samples``) to within rounding?  False when the rows summed are not the rows
    the tree was grown on, or were routed otherwise.  A node of weight 0 (scikit-learn stores
    NaN class fractions there when every weight is 0) agrees with counts of 0.

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        The grown tree.
    counts : ndarray of shape (n_nodes, n_classes)
        Exact counts in its node numbering.

    Returns
    -------
    bool

    Examples
    --------
    The counts of the tree grown on four rows, (3, 1) at the root, agree; counts of other
    rows do not:

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X, y = np.array([[0.0], [0.0], [0.0], [1.0]]), np.array([0, 0, 0, 1])
    >>> tree_ = DecisionTreeClassifier(random_state=0).fit(X, y).tree_
    >>> agrees_with_sklearn(tree_, np.array([[3, 1], [3, 0], [0, 1]]))
    True
    >>> agrees_with_sklearn(tree_, np.array([[2, 1], [2, 0], [0, 1]]))
    False
    """
    weight = tree_.weighted_n_node_samples[:, None]
    with np.errstate(invalid="ignore"):
        float_counts = np.where(weight > 0, tree_.value[:, 0, :] * weight, 0.0)
    # numpy's allclose(counts, float_counts, rtol=1e-9, atol=1e-9) for finite exact counts, without
    # its generic overhead: a NaN or infinite float count is never close to one
    return bool(np.all(np.isfinite(float_counts))
                and np.all(np.abs(counts.astype(np.float64) - float_counts) <= 1e-9 + 1e-9 * np.abs(float_counts)))
