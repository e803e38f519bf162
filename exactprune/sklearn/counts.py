"""Weighted class counts of a grown scikit-learn tree, exactly.

Zhong's moments (4.28)-(4.30) are those of a Dirichlet posterior with parameters n_j + lam: ratios
of rising factorials B^(k) / M^(k) (C.26), defined for any non-negative rational counts n_j, not
only whole numbers.  With ``sample_weight`` or ``class_weight`` the counts of a node are the sums
of the weights of its training rows, and they are computed here exactly:

* a ``sample_weight`` float is the binary rational it stores (``Fraction(0.1)`` is
  3602879701896397/2^55); an integer stays an integer;
* a ``class_weight`` dict value given as a float is read by its shortest decimal repr
  (0.1 -> 1/10), like every float parameter of the estimator; ``"balanced"`` is scikit-learn's
  definition N / (J N_j) (N_j the number of training rows of class j) computed exactly;
* each training row is routed through the grown tree by scikit-learn's ``apply`` (the
  missing-value direction included), the weights are summed exactly per leaf and class, and an
  internal node's counts are the sums of its children's.  scikit-learn's float sums
  (``tree_.value``) are read only to check that the routing is the one the tree was grown with.

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
>>> [[str(c) for c in row] for row in node_counts(grown.tree_, grown.apply(X.astype(np.float32)), y, weights)]
[['5/2', '5/2'], ['5/2', '0'], ['0', '5/2']]
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral
from typing import Any, Optional

import numpy as np

from ..limits import MAX_COUNT, check_nonnegative
from ..tree import CountArrays
from ..tree.fromsklearn import sklearn_structure

__all__ = ["ExactWeights", "row_weights", "float_parameter", "node_counts", "agrees_with_sklearn", "integer_counts"]


def float_parameter(value: Any) -> Any:
    """A float parameter read by its shortest decimal repr (``repr(0.1) == '0.1'`` -> 1/10); any
    other value unchanged.  Non-finite floats are refused.

    >>> float_parameter(0.1), float_parameter(np.float64(2.5)), float_parameter("1/3")
    (Fraction(1, 10), Fraction(5, 2), '1/3')
    >>> float_parameter(float("nan"))
    Traceback (most recent call last):
    ValueError: a float parameter must be finite, got nan
    """
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(value):
            raise ValueError(f"a float parameter must be finite, got {float(value)!r}")
        return Fraction(repr(float(value)))
    return value


@dataclass(frozen=True)
class ExactWeights:
    """The weight of training row i is ``sample[i] * class_factors[y_i]``, exactly.  ``sample``
    is None (every row 1), an int64 array, or an object array of Python ints over the common
    denominator ``scale`` (floats are binary rationals: one power of two serves them all).

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
                class_weight: Any) -> ExactWeights:
    """The exact weights of the training rows: ``y_index`` the class index (0..J-1) of each row,
    ``sample_weight`` a 1-d float or integer array (or None), ``class_weight`` as scikit-learn
    takes it (None, ``"balanced"`` or a dict from class index to weight).

    >>> w = row_weights(np.array([0, 1, 1]), 2, np.array([0.5, 1.0, 3.0]), {0: 0.1})
    >>> w.sample.tolist(), w.scale, w.class_factors
    ([1, 2, 6], 2, (Fraction(1, 10), 1))
    """
    factors: tuple[int | Fraction, ...]
    if class_weight is None:
        factors = (1,) * n_classes
    elif isinstance(class_weight, str) and class_weight == "balanced":
        present = np.bincount(y_index, minlength=n_classes)
        n = int(present.sum())
        factors = tuple(Fraction(n, n_classes * int(c)) if c else 0 for c in present)
    elif isinstance(class_weight, dict):
        factors = tuple(_exact_weight(class_weight.get(j, 1), f"class_weight[{j}]") for j in range(n_classes))
    else:
        raise ValueError(f"class_weight must be None, 'balanced' or a dict, got {class_weight!r}")
    if sample_weight is None:
        return ExactWeights(None, 1, factors)
    sample_weight = np.asarray(sample_weight)
    if np.issubdtype(sample_weight.dtype, np.integer):
        if sample_weight.min(initial=0) < 0:
            raise ValueError("sample_weight must be non-negative")
        return ExactWeights(sample_weight.astype(np.int64), 1, factors)
    sample_weight = sample_weight.astype(np.float64)
    if not np.all(np.isfinite(sample_weight)) or np.any(sample_weight < 0):
        raise ValueError("sample_weight must be finite and non-negative")
    if np.all(sample_weight == np.rint(sample_weight)) and sample_weight.max(initial=0) <= MAX_COUNT:
        return ExactWeights(sample_weight.astype(np.int64), 1, factors)
    # w = m 2^e with an integer mantissa m < 2^53: over the common denominator 2^-s (s the
    # smallest exponent, or 0) each weight is the Python int m 2^(e - s)
    mantissa, exponent = np.frexp(sample_weight)
    mantissa = (mantissa * 2.0 ** 53).astype(np.int64)
    exponent = exponent.astype(np.int64) - 53
    shift = min(int(exponent[mantissa != 0].min(initial=0)), 0)
    ints = [m << (e - shift) for m, e in zip(mantissa.tolist(), exponent.tolist())]
    common = math.gcd(1 << -shift, *ints)            # a power of two
    return ExactWeights(np.array([v // common for v in ints], dtype=object), (1 << -shift) // common, factors)


def _exact_weight(value: Any, name: str) -> int | Fraction:
    """A class weight: an int, or a float by its shortest repr, or a Fraction; >= 0."""
    value = float_parameter(value)
    if isinstance(value, bool) or not isinstance(value, (Integral, Fraction)):
        raise ValueError(f"{name} must be a number, got {value!r}")
    return check_nonnegative(int(value) if isinstance(value, Integral) else value, name)


def node_counts(tree_, leaf_of_row: np.ndarray, y_index: np.ndarray, weights: ExactWeights) -> np.ndarray:
    """The (n_nodes, J) weighted class counts of scikit-learn's ``tree_``: leaf sums of the rows
    (``leaf_of_row`` from ``apply``), internal nodes the sums of their children; an int64
    matrix for integer weights, else an object matrix of ints and Fractions (a whole count an int).

    Four rows, three of class 0 at x = 0 weighing 1/2 each and one of class 1 at x = 1: the
    root holds (3/2, 1), its leaves (3/2, 0) and (0, 1):

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X, y = np.array([[0.0], [0.0], [0.0], [1.0]]), np.array([0, 0, 0, 1])
    >>> weight = np.array([0.5, 0.5, 0.5, 1.0])
    >>> grown = DecisionTreeClassifier(random_state=0).fit(X, y, sample_weight=weight)
    >>> counts = node_counts(grown.tree_, grown.apply(X), y, row_weights(y, 2, weight, None))
    >>> counts.tolist()
    [[Fraction(3, 2), 1], [Fraction(3, 2), 0], [0, 1]]
    """
    n_nodes, n_classes = tree_.node_count, len(weights.class_factors)
    cell = leaf_of_row * n_classes + y_index
    whole = weights.scale == 1 and all(isinstance(f, Integral) for f in weights.class_factors)
    if whole and (weights.sample is None or weights.sample.dtype != object):
        # integer weights: one int64 bincount (exact: the totals stay below 2^53, checked)
        sample = np.ones(len(cell), dtype=np.int64) if weights.sample is None else weights.sample
        if int(sample.sum()) * max((abs(int(f)) for f in weights.class_factors), default=1) > MAX_COUNT:
            raise ValueError("the weighted class counts exceed MAX_COUNT = 2^53 - 1")
        counts = np.bincount(cell, weights=sample, minlength=n_nodes * n_classes).astype(np.int64)
        counts = counts.reshape(n_nodes, n_classes) * np.array(weights.class_factors, dtype=np.int64)
    else:
        sums = np.zeros((n_nodes, n_classes), dtype=object)
        sums[:] = 0
        np.add.at(sums, (leaf_of_row, y_index), weights.sample if weights.sample is not None
                  else np.ones(len(cell), dtype=np.int64))
        counts = np.empty_like(sums)
        for j, factor in enumerate(weights.class_factors):
            f = Fraction(factor, weights.scale)
            counts[:, j] = [_simplest(s * f) for s in sums[:, j].tolist()]
    arrays = CountArrays(counts, *sklearn_structure(tree_))
    for splits in arrays.splits_bottom_up():      # a node's counts are its children's sums
        counts[splits] = arrays.child_sums(splits, counts)
    if counts.dtype == object:
        counts[:] = [[_simplest(Fraction(c)) for c in row] for row in counts.tolist()]
    return counts


def agrees_with_sklearn(tree_, counts: np.ndarray) -> bool:
    """Are the exact ``counts`` scikit-learn's float sums (``value`` times
    ``weighted_n_node_samples``) to within rounding?  False when the rows summed are not the rows
    the tree was grown on, or were routed otherwise.

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
    float_counts = tree_.value[:, 0, :] * tree_.weighted_n_node_samples[:, None]
    return bool(np.allclose(counts.astype(np.float64), float_counts, rtol=1e-9, atol=1e-9))


def _simplest(value: Fraction):
    return value.numerator if value.denominator == 1 else value


def integer_counts(counts: np.ndarray) -> Optional[np.ndarray]:
    """``counts`` as an int64 matrix (Python ints in an object matrix past int64) when every
    count is a whole number, else None.

    >>> integer_counts(np.array([[Fraction(4, 2), 1]], dtype=object)).tolist(), integer_counts(np.array([[Fraction(1, 2)]], dtype=object))
    ([[2, 1]], None)
    """
    if counts.dtype != object:
        return counts
    values = counts.ravel().tolist()
    if any(isinstance(v, Fraction) and v.denominator != 1 for v in values):
        return None
    ints = [int(v) for v in values]
    dtype = np.int64 if max(ints, default=0) * counts.shape[1] < 2 ** 62 else object
    return np.array(ints, dtype=dtype).reshape(counts.shape)
