"""From scikit-learn: a fitted ``DecisionTreeClassifier``'s ``tree_`` read as count arrays.

:func:`sklearn_counts` reads the whole-number class counts, :func:`sklearn_count_arrays` sums
leaf counts up the tree, :func:`sklearn_structure` the
children in the CSR layout of :class:`~exactprune.tree.CountArrays` (vectorized, no per-node
Python loop), :func:`sklearn_names` Zhong's names of scikit-learn's nodes, and
:func:`sklearn_arrays` all that :meth:`Tree.from_sklearn <exactprune.tree.Tree.from_sklearn>`
needs.  scikit-learn and numpy are imported by these functions only.
"""
from __future__ import annotations

import functools
import operator
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    import numpy as np

from .arrays import CountArrays

__all__ = ["sklearn_counts", "sklearn_count_arrays", "sklearn_structure", "sklearn_names", "sklearn_arrays"]


def sklearn_counts(tree_: Any, rounding: Optional[str] = None) -> "np.ndarray":
    """The (n_nodes, n_classes) integer class counts of a fitted scikit-learn ``tree_`` (its
    ``value`` times ``weighted_n_node_samples``).  With ``rounding=None`` they must be whole
    numbers (ValueError otherwise: a tree fit with fractional sample weights); with
    ``rounding="nearest"`` the leaves' weighted counts are rounded to the nearest integers (half
    to even) and every internal node gets the sum of its children's, so the counts add up.

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        A fitted tree's ``tree_``.
    rounding : {None, "nearest"}
        Refuse fractional counts, or round the leaves' to the nearest integers.

    Returns
    -------
    numpy.ndarray
        (n_nodes, n_classes) integer counts.

    See Also
    --------
    sklearn_arrays : the count arrays built from them.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> sklearn_counts(DecisionTreeClassifier().fit([[0], [1], [2]], [0, 1, 1]).tree_).tolist()
    [[1, 2], [1, 0], [0, 2]]
    >>> thirds = DecisionTreeClassifier().fit([[0], [1], [2]], [0, 1, 1], sample_weight=[0.5, 1.5, 1]).tree_
    >>> sklearn_counts(thirds, rounding="nearest").tolist()        # leaves 0.5 -> 0 and 2.5 -> 2
    [[0, 2], [0, 0], [0, 2]]
    """
    import numpy as np
    if rounding not in (None, "nearest"):
        raise ValueError(f"rounding must be None (refuse fractional counts) or 'nearest', got {rounding!r}")
    values = tree_.value[:, 0, :]
    weights = tree_.weighted_n_node_samples
    n, n_classes = values.shape
    counts = np.empty((n, n_classes), dtype=np.int64)
    blocks = _blocks(n, n_classes)      # a block at a time: no whole-matrix float temporaries
    raw_block, rounded_block = (np.empty((blocks[0][1], n_classes)) for _ in range(2))
    for normalized in (True, False):    # class fractions (scikit-learn >= 1.4) unless a row does not sum to 1
        for start, stop in blocks:
            raw, rounded = raw_block[:stop - start], rounded_block[:stop - start]
            if normalized:
                sums = functools.reduce(operator.add, values[start:stop].T)
                if not (sums.max() - 1 < 1e-9 and 1 - sums.min() < 1e-9):     # |sum - 1| < 1e-9 for every row
                    break
                np.multiply(values[start:stop], weights[start:stop, None], out=raw)
            else:
                raw[...] = values[start:stop]
            np.rint(raw, out=rounded)
            if rounding is None:
                np.abs(np.subtract(raw, rounded, out=raw), out=raw)
                if raw.max() > 1e-6:        # as any(raw > 1e-6), a NaN included
                    raw = values * weights[:, None] if normalized else values
                    worst = int(np.argmax(np.abs(raw - np.rint(raw)).max(axis=1)))
                    raise ValueError(f"node {worst} of the scikit-learn tree has non-integer weighted class counts "
                                     f"{raw[worst].tolist()}: the count tree needs whole numbers (fit without "
                                     f"fractional sample_weight)")
            counts[start:stop] = rounded
        else:
            break
    if rounding == "nearest":
        counts = sklearn_count_arrays(tree_, counts).counts
    return counts


def sklearn_count_arrays(tree_: Any, counts: "np.ndarray") -> CountArrays:
    """The count arrays of scikit-learn's ``tree_`` (node i is its node i) whose leaves hold the
    rows of ``counts`` and whose internal nodes hold the sums of their children's, bottom-up (the
    one place the scikit-learn path sums them; the rows of ``counts`` at internal nodes are
    overwritten in place).  scikit-learn's trees are binary: level by level, deepest first
    (:meth:`~exactprune.tree.CountArrays.splits_bottom_up`), a split's row is its left child's
    plus its right child's, two gathers and one addition a level (exact for int64 counts below
    2^63 and for object arrays of ints and Fractions); :meth:`CountArrays.sums_from_leaves
    <exactprune.tree.CountArrays.sums_from_leaves>` is the form for any arity.

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        A fitted scikit-learn tree, whose structure the arrays take.
    counts : ndarray of shape (n_nodes, n_classes)
        The class counts in scikit-learn's node numbering; only the leaves' rows are read.

    Returns
    -------
    CountArrays
        The count arrays, internal nodes summed from their leaves.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> tree_ = DecisionTreeClassifier().fit([[0], [1], [2]], [0, 1, 1]).tree_
    >>> sklearn_count_arrays(tree_, np.array([[0, 0], [1, 0], [0, 2]])).counts.tolist()
    [[1, 2], [1, 0], [0, 2]]
    """
    arrays = CountArrays(counts, *sklearn_structure(tree_))
    left, right = tree_.children_left, tree_.children_right
    for splits in arrays.splits_bottom_up():
        counts[splits] = counts[left[splits]] + counts[right[splits]]
    return arrays


#: entries of the blocks :func:`sklearn_counts` and :func:`sklearn_structure` convert at a time
#: (temporaries of about 100 kB)
_BLOCK = 1 << 14


def _blocks(n: int, width: int) -> list:
    """``(start, stop)`` row ranges covering ``n`` rows of ``width`` entries, about ``_BLOCK``
    entries each.

    >>> _blocks(5, 1 << 13)
    [(0, 2), (2, 4), (4, 5)]
    """
    rows = max(1, _BLOCK // max(width, 1))
    return [(start, min(n, start + rows)) for start in range(0, n, rows)]


def sklearn_structure(tree_: Any) -> tuple:
    """``(offsets, indices)``: the children of scikit-learn's nodes in the CSR layout of
    :class:`~exactprune.tree.CountArrays` (node i of the count arrays is scikit-learn's node i).

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        A fitted tree's ``tree_``.

    Returns
    -------
    tuple
        ``(offsets, indices)``.

    See Also
    --------
    sklearn_names : the node names of this structure.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> [x.tolist() for x in sklearn_structure(DecisionTreeClassifier().fit([[0], [1], [2]], [0, 1, 1]).tree_)]
    [[0, 2, 2, 2], [1, 2]]
    """
    import numpy as np
    left, right = tree_.children_left, tree_.children_right
    internal = left != -1
    offsets = np.zeros(tree_.node_count + 1, dtype=np.int64)
    np.cumsum(internal, dtype=np.int64, out=offsets[1:])
    offsets *= 2                                # two children at every split
    indices = np.empty(int(offsets[-1]), dtype=np.int64)
    for start, stop in _blocks(len(internal), 1):        # a block of nodes at a time: small temporaries
        splits = np.flatnonzero(internal[start:stop])    # (an index gather of the strided columns is
        splits += start                                  # faster than a boolean mask)
        low, high = int(offsets[start]), int(offsets[stop])
        indices[low:high:2] = left[splits]
        indices[low + 1:high:2] = right[splits]
    return offsets, indices


def sklearn_names(tree_: Any) -> list:
    """Zhong's names of the nodes of a fitted scikit-learn ``tree_``, in its node order
    (:meth:`CountArrays.names <exactprune.tree.CountArrays.names>` of its structure).  Here
    x <= 0.5 splits first (node 1, c1, is {0}), then x <= 1.5 (c21 = {1}), then x <= 2.5:

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        A fitted tree's ``tree_``.

    Returns
    -------
    list of str

    See Also
    --------
    exactprune.tree.CountArrays.names : the same rule on count arrays.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> sklearn_names(DecisionTreeClassifier(random_state=0).fit([[0], [1], [2], [3]], [0, 1, 0, 1]).tree_)
    ['root', 'c1', 'c2', 'c21', 'c22', 'c221', 'c222']
    """
    import numpy as np
    offsets, indices = sklearn_structure(tree_)
    return CountArrays(np.zeros((tree_.node_count, 0), dtype=np.int64), offsets, indices).names()


def sklearn_arrays(estimator: Any, counts: Optional[Any] = None, rounding: Optional[str] = None) -> tuple:
    """``(arrays, class_names, routing)`` of a fitted ``DecisionTreeClassifier``: its count
    arrays (counts by :func:`sklearn_counts` with ``rounding`` unless an (n_nodes, n_classes)
    ``counts`` is given: integers, or an object matrix of ints and Fractions, exact weighted counts
    as :mod:`exactprune.sklearn.counts` sums them), its classes as text and its routing ``("sklearn", feature, threshold)``.

    Parameters
    ----------
    estimator : DecisionTreeClassifier
        A fitted tree.
    counts : numpy.ndarray, optional
        (n_nodes, n_classes) counts computed elsewhere.
    rounding : {None, "nearest"}
        As :func:`sklearn_counts` takes it.

    Returns
    -------
    tuple
        ``(arrays, class_names, routing)``.

    See Also
    --------
    exactprune.tree.Tree.from_sklearn : the Tree of them.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> arrays, classes, routing = sklearn_arrays(DecisionTreeClassifier().fit([[0], [1], [2]], ["a", "b", "b"]))
    >>> arrays.counts.tolist(), classes, routing[1].tolist(), routing[2].tolist()
    ([[1, 2], [1, 0], [0, 2]], ['a', 'b'], [0, -2, -2], [0.5, -2.0, -2.0])
    """
    import numpy as np
    tree_ = getattr(estimator, "tree_", None)
    if tree_ is None:
        raise TypeError("from_sklearn needs a fitted DecisionTreeClassifier (no tree_ attribute)")
    if tree_.n_outputs != 1:
        raise ValueError("multi-output trees are not supported")
    if counts is None:
        counts = sklearn_counts(tree_, rounding)
    counts = np.asarray(counts)
    if counts.ndim != 2 or counts.shape[0] != tree_.node_count:
        raise ValueError(f"counts must be an (n_nodes, n_classes) = ({tree_.node_count}, J) matrix, "
                         f"got shape {counts.shape}")
    if np.issubdtype(counts.dtype, np.integer):
        counts = counts.astype(np.int64, copy=False)
    arrays = CountArrays(counts, *sklearn_structure(tree_))
    class_names = [str(c) for c in getattr(estimator, "classes_", range(counts.shape[1]))]
    routing = ("sklearn", np.asarray(tree_.feature, dtype=np.int64), np.asarray(tree_.threshold, dtype=np.float64))
    return arrays, class_names, routing
