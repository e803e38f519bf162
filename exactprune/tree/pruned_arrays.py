"""The pruned-copy builders of the count arrays: which nodes remain when some splits become
leaves (:func:`subtree_mask`), and the arrays of that pruned tree with each remaining node's
original index (:func:`pruned_arrays`, :func:`pruned_arrays_with_cut`), names and order kept.
:meth:`Tree.pruned_tree <exactprune.tree.Tree.pruned_tree>`, the one builder of pruned trees,
calls them through the :class:`~exactprune.tree.CountArrays` methods of the same names.

>>> import numpy as np
>>> from exactprune.tree import CountArrays
>>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
>>> subtree_mask(a, np.array([False, False, False])).tolist()         # the root made a leaf
[True, False, False]
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .csr import CountLayout, csr_gather, index_dtype

if TYPE_CHECKING:
    import numpy as np


__all__ = ["subtree_mask", "pruned_arrays", "pruned_arrays_with_cut"]


def subtree_mask(arrays: CountLayout, kept: "np.ndarray") -> "np.ndarray":
    """Which nodes remain when every split with ``kept[i]`` false becomes a leaf: a boolean
    array (a node remains iff every proper ancestor is a kept split).

    Parameters
    ----------
    arrays : CountArrays
    kept : numpy.ndarray of bool
        True at the splits kept.

    Returns
    -------
    numpy.ndarray of bool
        True at the nodes that remain.

    See Also
    --------
    pruned_arrays : the arrays of the remaining nodes.

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.tree import CountArrays
    >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
    ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
    >>> subtree_mask(a, np.array([True, True, False, True, True])).tolist()      # c2 made a leaf
    [True, True, True, False, False]
    """
    import numpy as np
    order, starts = arrays.breadth_first()        # a level's children are the next level, in order
    arity = arrays.child_counts()[order]          # (transient: the pruned arrays are made after it)
    open_splits = kept[order]                   # (a leaf's entry is repeated 0 times)
    remains = np.empty(len(order), dtype=bool)  # by breadth-first position, a level at a time
    remains[0] = True
    bounds = starts.tolist()
    for start, stop, below in zip(bounds, bounds[1:], bounds[2:]):
        remains[stop:below] = (remains[start:stop] & open_splits[start:stop]).repeat(arity[start:stop])
    alive = np.empty(arrays.n_nodes, dtype=bool)
    alive[order] = remains
    return alive

def pruned_arrays(arrays: CountLayout, kept: "np.ndarray", remaining: Optional["np.ndarray"] = None) -> tuple:
    """``(arrays, old)``: the arrays of the tree in which every split with ``kept[i]`` false is
    a leaf (names and order kept), and ``old``, the original index of each remaining node
    (``remaining``: :func:`subtree_mask` of ``kept``, made here unless given).

    Parameters
    ----------
    arrays : CountArrays
    kept : numpy.ndarray of bool
        True at the splits kept.
    remaining : numpy.ndarray of bool, optional
        :func:`subtree_mask` of ``kept``, if the caller has it.

    Returns
    -------
    tuple
        The pruned arrays and the original index of each remaining node.

    See Also
    --------
    pruned_arrays_with_cut : with the splits made leaves.
    exactprune.tree.Tree.pruned_tree : the pruned tree built from them.

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.tree import CountArrays
    >>> a = CountArrays(np.array([[3, 2], [0, 2], [3, 0], [0, 1], [0, 1]]),
    ...                 np.array([0, 2, 4, 4, 4, 4]), np.array([1, 2, 3, 4]))
    >>> small, old = pruned_arrays(a, np.array([True, False, True, True, True]))     # c1 made a leaf
    >>> small.counts.tolist(), small.names(), old.tolist()
    ([[3, 2], [0, 2], [3, 0]], ['root', 'c1', 'c2'], [0, 1, 2])
    """
    return pruned_arrays_with_cut(arrays, kept, remaining)[:2]

def pruned_arrays_with_cut(arrays: CountLayout, kept: "np.ndarray", remaining: Optional["np.ndarray"] = None) -> tuple:
    """``(arrays, old, cut)``: :func:`pruned_arrays`, and a boolean array over the remaining nodes, True
    at the splits made leaves.

    Parameters
    ----------
    arrays : CountArrays
    kept : numpy.ndarray of bool
        True at the splits kept.
    remaining : numpy.ndarray of bool, optional
        :func:`subtree_mask` of ``kept``, if the caller has it.

    Returns
    -------
    tuple
        ``(arrays, old, cut)``.

    See Also
    --------
    pruned_arrays : without ``cut``.

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.tree import CountArrays
    >>> a = CountArrays(np.array([[3, 2], [0, 2], [3, 0], [0, 1], [0, 1]]),
    ...                 np.array([0, 2, 4, 4, 4, 4]), np.array([1, 2, 3, 4]))
    >>> pruned_arrays_with_cut(a, np.array([True, False, True, True, True]))[2].tolist()    # c1 (index 1) cut
    [False, True, False]
    """
    import numpy as np
    old = np.flatnonzero(subtree_mask(arrays, kept) if remaining is None else remaining)
    arity = arrays.child_counts()
    binary = len(arrays.indices) == 2 * np.count_nonzero(arity)
    arity = arity.take(old)                     # (take and compress: faster than indexing by a mask)
    open_splits = kept.take(old).astype(bool, copy=False)
    cut = arity > 0
    cut &= ~open_splits
    arity *= open_splits                        # 0 at the splits made leaves
    del open_splits
    offsets = np.zeros(len(old) + 1, dtype=np.int64)
    np.cumsum(arity, out=offsets[1:])
    splits = old.compress(arity > 0)
    del arity
    if binary:                                  # rows of child pairs
        children = np.take(arrays.indices.reshape(-1, 2), arrays.offsets.take(splits) >> 1, axis=0).ravel()
    else:
        children = csr_gather(arrays.offsets, arrays.indices, splits)
    del splits
    new_id = np.empty(arrays.n_nodes, dtype=index_dtype(arrays.n_nodes))
    new_id[old] = np.arange(len(old), dtype=new_id.dtype)   # the new index of each remaining node
    children[...] = new_id[children]            # (the int32 map is freed before the counts are gathered)
    del new_id
    return type(arrays)(np.take(arrays.counts, old, axis=0), offsets, children), old, cut
