"""The CSR walks of the count arrays: the children of many nodes gathered at once
(:func:`csr_gather`) and the level-by-level order of a tree (:func:`breadth_first`), on the raw
``(offsets, indices)`` arrays of :class:`~exactprune.tree.CountArrays`, and the integer type of a
new index array (:func:`index_dtype`).

>>> import numpy as np
>>> csr_gather(np.array([0, 2, 2, 2]), np.array([1, 2]), np.array([0])).tolist()
[1, 2]
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol

if TYPE_CHECKING:
    import numpy as np

__all__ = ["csr_gather", "breadth_first", "index_dtype", "CountLayout"]


class CountLayout(Protocol):
    """What the checks (:mod:`~exactprune.tree.validation`) and the pruned-copy builders
    (:mod:`~exactprune.tree.pruned_arrays`) read of the count arrays: the (n_nodes, J) counts,
    the CSR children ``(offsets, indices)``, node names, the derived arrays' cache, the
    breadth-first order and the child counts, and its constructor (a pruned copy is made as
    ``type(arrays)(counts, offsets, indices)``). :class:`~exactprune.tree.CountArrays` is its one
    implementation; the protocol lets those modules sit below it (it imports them, they do not
    import it).

    Parameters
    ----------
    counts : numpy.ndarray
        The (n_nodes, J) class counts, node 0 the root.
    offsets, indices : numpy.ndarray
        The CSR children: node i's children are ``indices[offsets[i]:offsets[i + 1]]``.
    """

    counts: "np.ndarray"
    offsets: "np.ndarray"
    indices: "np.ndarray"

    def __init__(self, counts: "np.ndarray", offsets: "np.ndarray", indices: "np.ndarray") -> None: ...

    @property
    def n_nodes(self) -> int: ...

    def name(self, i: int) -> str:
        """Zhong's name of node ``i``.

        Parameters
        ----------
        i : int
            A node index.

        Returns
        -------
        str
        """
        ...

    def cached(self, key: str, make: Callable[[], Any]) -> Any:
        """The derived array ``key``, made by ``make()`` on first use and kept.

        Parameters
        ----------
        key : str
            The derived array's name.
        make : callable
            Makes it.

        Returns
        -------
        object
        """
        ...

    def breadth_first(self) -> tuple: ...

    def child_counts(self) -> "np.ndarray": ...


def index_dtype(largest: int) -> "np.dtype":
    """The narrower of int32 and int64 that holds every integer from 0 to ``largest``: int32 up
    to 2^31 - 1 (half the memory of numpy's default int64 for the CSR arrays and node maps made
    for a tree), int64 from 2^31.

    Parameters
    ----------
    largest : int
        The largest index (or offset) the array will hold.

    Returns
    -------
    numpy.dtype
        ``int32`` or ``int64``.

    See Also
    --------
    exactprune.tree.pruned_arrays.pruned_arrays : a pruned copy's map to its new node indices.

    Examples
    --------
    >>> index_dtype(2 ** 31 - 1), index_dtype(2 ** 31)          # the largest int32 is 2^31 - 1
    (dtype('int32'), dtype('int64'))
    """
    import numpy as np
    return np.dtype(np.int32 if largest < 2 ** 31 else np.int64)


def csr_gather(offsets: "np.ndarray", indices: "np.ndarray", parents: "np.ndarray") -> "np.ndarray":
    """The children of the nodes ``parents`` (an index array), concatenated in order: one
    vectorized gather over the CSR arrays ``(offsets, indices)``.

    Parameters
    ----------
    offsets, indices : numpy.ndarray
        The CSR children arrays.
    parents : numpy.ndarray
        Node indices.

    Returns
    -------
    numpy.ndarray
        Their children, concatenated in order.

    See Also
    --------
    breadth_first : the level-by-level order built from gathers.

    Examples
    --------
    >>> import numpy as np
    >>> csr_gather(np.array([0, 2, 4, 4, 4, 4]), np.array([1, 2, 3, 4]), np.array([1, 0])).tolist()
    [3, 4, 1, 2]
    """
    import numpy as np
    starts, ends = offsets[parents], offsets[parents + 1]
    lengths = ends - starts
    total = int(lengths.sum())
    if total == 0:
        return indices[:0]
    shift = np.repeat(starts - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths)
    return indices[shift + np.arange(total)]


def breadth_first(offsets: "np.ndarray", indices: "np.ndarray", splits: Optional["np.ndarray"] = None) -> tuple:
    """``(order, starts)`` of a tree in the CSR layout ``(offsets, indices)`` whose node 0 is the
    root: every node level by level (level t is ``order[starts[t]:starts[t + 1]]``), each level
    the children of the previous level's splits in order, so the children of the splits, taken
    in ``order``, are ``order[1:]`` in turn.  One gather per level (over a pair of columns for a
    binary tree); ``starts`` ends with the number of nodes reached.  ``splits``, the nodes with
    children, is found from ``offsets`` unless given.  The arrays must describe a tree
    (:func:`check_arrays`); on other arrays (a cycle) the walk stops before its order outgrows the
    ``len(offsets) - 1`` nodes.

    Parameters
    ----------
    offsets, indices : numpy.ndarray
        The CSR children arrays of a tree rooted at node 0.
    splits : numpy.ndarray, optional
        The nodes with children, if the caller has them.

    Returns
    -------
    tuple
        ``(order, starts)``.

    See Also
    --------
    csr_gather : one level's children.
    exactprune.tree.CountArrays.breadth_first : the order kept with the arrays.

    Examples
    --------
    >>> import numpy as np
    >>> order, starts = breadth_first(np.array([0, 2, 4, 4, 4, 4]), np.array([2, 1, 3, 4]))
    >>> order.tolist(), starts.tolist()          # the root's children 2 and 1, then 1's children
    ([0, 2, 1, 3, 4], [0, 1, 3, 5])
    """
    import numpy as np
    n = len(offsets) - 1
    if splits is None:
        splits = np.flatnonzero(offsets[1:] > offsets[:-1])
    is_split = np.zeros(max(n, 1), dtype=bool)
    is_split[splits] = True
    pairs = indices.reshape(-1, 2) if len(indices) == 2 * len(splits) else None     # binary: rows of 2 children
    order = np.empty(max(n, 1), dtype=np.int64)
    order[0] = 0
    starts, low, high = [0, 1], 0, 1
    while high > low:           # (take and compress: less overhead than indexing, on ~100 small levels)
        frontier = order[low:high]
        inner = frontier.compress(is_split.take(frontier))
        if pairs is not None:
            kids = pairs.take(offsets.take(inner) >> 1, axis=0).ravel()
        else:
            kids = csr_gather(offsets, indices, inner)
        if not kids.size or high + kids.size > n:
            break
        order[high:high + kids.size] = kids
        low, high = high, high + kids.size
        starts.append(high)
    return order[:high], np.array(starts, dtype=np.int64)
