"""Routing inputs down a count tree: ``x[feature] <= threshold`` goes to the first child.

:func:`routing_threshold` turns an exact threshold (an int or a Fraction of any size) into the
float64 that routes every float input the same way; :func:`leaves_reached` sends many rows down
the binary split arrays of :meth:`exactprune.tree.Tree.split_tests` at once, and
:func:`majority_at_leaves` is the package's one prediction with a (pruned) tree: the majority
class of the leaf each row reaches.  :func:`threshold_split_text` writes such a test for a reader,
the threshold in full.
"""
from __future__ import annotations

import math
import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Optional, Union

if TYPE_CHECKING:
    import numpy as np

__all__ = ["routing_threshold", "leaves_reached", "majority_at_leaves", "threshold_split_text"]


def routing_threshold(threshold: Union[int, float, Fraction]) -> float:
    """The largest float64 that is <= ``threshold``: for every float x, ``x <= threshold`` exactly
    when ``x <= routing_threshold(threshold)``, so numpy can route by an exact (int or Fraction)
    threshold of any size without rounding or overflow.

    Parameters
    ----------
    threshold : int, float or Fraction

    Returns
    -------
    float

    See Also
    --------
    leaves_reached : routes rows by these thresholds.

    Examples
    --------
    >>> routing_threshold(0.5), routing_threshold(2 ** 53 + 1) == 2.0 ** 53, routing_threshold(-10 ** 400)
    (0.5, True, -inf)
    >>> routing_threshold(10 ** 400) == sys.float_info.max, routing_threshold(Fraction(1, 3)) < Fraction(1, 3)
    (True, True)
    """
    if isinstance(threshold, float):
        return threshold
    try:
        value = float(threshold)
    except OverflowError:
        return sys.float_info.max if threshold > 0 else -math.inf
    return math.nextafter(value, -math.inf) if value > threshold else value


def threshold_split_text(column: str, threshold: float) -> str:
    """The split test ``x[column] <= threshold`` as text, ``COLUMN <= THRESHOLD``, the threshold
    written in full: the shortest decimal that reads back as the same float64 (``repr``), so that
    a reader who routes rows by the text routes them as the threshold does.  (A rounded threshold
    does not: scikit-learn's midpoint 0.800000011920929, the float32 image of 0.8, printed to 4
    digits reads 0.8, and a row at 0.8 in float32 would cross to the other side.)

    Parameters
    ----------
    column : str
        The name of the column tested (``x[j]`` when the columns have no names).
    threshold : float
        The threshold; a row goes to the first child when its value is at most this.

    Returns
    -------
    str
        ``f"{column} <= {threshold!r}"`` of the float64 ``threshold``.

    See Also
    --------
    routing_threshold : the float64 that routes like an exact threshold.
    exactprune.datasets.tree_json : a grown tree's splits in the terms of a CSV file.

    Examples
    --------
    >>> import numpy as np
    >>> text = threshold_split_text("petal width", float(np.float32(0.8)))
    >>> text, float(text.split(" <= ")[1]) == float(np.float32(0.8))
    ('petal width <= 0.800000011920929', True)
    >>> threshold_split_text("x[0]", np.float64(0.5))             # numpy floats are written as floats
    'x[0] <= 0.5'
    """
    return f"{column} <= {float(threshold)!r}"


def leaves_reached(tests: tuple, X: "np.ndarray", rows: "np.ndarray", start: int) -> "np.ndarray":
    """The leaf reached by each example ``X[rows]`` from node ``start`` down the binary
    structure ``tests = (left, right, feature, threshold)`` (as :meth:`Tree.split_tests
    <exactprune.tree.Tree.split_tests>` returns; ``x[feature] <= threshold`` goes left, a node
    with ``left`` -1 is a leaf): one vectorized step per level.

    Parameters
    ----------
    tests : tuple
        ``(left, right, feature, threshold)`` arrays over the node indices.
    X : numpy.ndarray
        The inputs, one row per example.
    rows : numpy.ndarray
        The indices of the rows of ``X`` to route.
    start : int
        The node they start from.

    Returns
    -------
    numpy.ndarray
        The node index of the leaf each row reaches.

    See Also
    --------
    majority_at_leaves : the majority class of the leaf reached.
    exactprune.tree.Tree.leaf_for : one input, by the exact comparison.

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.tree import Tree
    >>> t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 2, '
    ...                    '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    >>> leaves_reached(t.split_tests(), np.array([[2.0], [3.0], [-1.0]]), np.array([0, 1, 2]), 0).tolist()
    [1, 2, 1]
    """
    import numpy as np
    left, right, feature, threshold = tests
    node = np.full(len(rows), start, dtype=np.int64)
    active = np.flatnonzero(left[node] >= 0)
    while active.size:
        at = node[active]
        go_left = X[rows[active], feature[at]] <= threshold[at]
        node[active] = np.where(go_left, left[at], right[at])
        active = active[left[node[active]] >= 0]
    return node



def majority_at_leaves(tests: tuple, counts: "np.ndarray", X: "np.ndarray",
                      kept: Optional["np.ndarray"] = None) -> "np.ndarray":
    """The class index predicted for each row of ``X``: the majority of the counts of the leaf it
    reaches (the first of tied classes, as :attr:`Node.label <exactprune.tree.Node.label>`), in
    the tree pruned so that every split with ``kept[i]`` false is a leaf (no pruned copy made).

    Parameters
    ----------
    tests : tuple
        ``(left, right, feature, threshold)`` as :func:`leaves_reached` takes them.
    counts : numpy.ndarray
        An (n_nodes, n_classes) matrix of class counts (or of any values ordered as the counts:
        scikit-learn's class frequencies).
    X : array-like
        The inputs, one row per example.
    kept : numpy.ndarray of bool, optional
        Which splits are kept; all of them if omitted.

    Returns
    -------
    numpy.ndarray
        An int64 class index per row.

    See Also
    --------
    leaves_reached : the leaf each row reaches.

    Examples
    --------
    A split x_0 <= 2.5 into leaves (2, 0) and (0, 1), then the root made a leaf (class 0 of (2, 1)):

    >>> import numpy as np
    >>> from exactprune.tree import Node, Tree
    >>> t = Tree(Node((2, 1), [Node((2, 0)), Node((0, 1))], feature=0, threshold=2.5))
    >>> X = np.array([[1.0], [2.5], [3.0]])
    >>> majority_at_leaves(t.split_tests(), t.arrays().counts, X).tolist()
    [0, 0, 1]
    >>> majority_at_leaves(t.split_tests(), t.arrays().counts, X, kept=np.array([False, False, False])).tolist()
    [0, 0, 0]
    """
    import numpy as np
    left, right, feature, threshold = tests
    if kept is not None:
        left = np.where(kept, left, -1)
    X = np.asarray(X)
    leaf = leaves_reached((left, right, feature, threshold), X, np.arange(len(X)), 0)
    return np.argmax(counts[leaf], axis=1)
