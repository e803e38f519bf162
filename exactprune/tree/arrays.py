"""Count arrays: the count tree as arrays, laid out like scikit-learn's ``Tree``.

:class:`CountArrays` holds the class counts of every node and its children in a CSR layout
(any arity); sizes, depths, levels, pre-order positions and names are derived on first use.
The CSR walks are in :mod:`~exactprune.tree.csr`, the pruned-copy builders in
:mod:`~exactprune.tree.pruned_arrays` and the validation (:func:`check_arrays`, integer and
rational counts) in :mod:`~exactprune.tree.validation`; their names are importable from here too.
"""
from __future__ import annotations

import functools
import operator
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from .csr import breadth_first, csr_gather
from .array_names import ArrayNames
from .pruned_arrays import pruned_arrays, pruned_arrays_with_cut, subtree_mask
from .validation import check_arrays, counts_matrix, has_fractional_counts, require_integer_counts

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CountArrays", "has_fractional_counts", "require_integer_counts", "check_arrays", "counts_matrix",
           "csr_gather", "breadth_first"]


class CountArrays(ArrayNames):
    """The count tree as arrays, laid out like scikit-learn's ``Tree``: node ``i`` has class
    counts ``counts[i]`` (an int64 matrix, or Python ints in an object matrix when a node size
    could pass int64) and children ``indices[offsets[i]:offsets[i + 1]]`` (a CSR layout for any
    arity; :attr:`children_left`/:attr:`children_right` give scikit-learn's view of a binary
    tree).  Node 0 is the root and every child has a larger index than its parent, so the
    reversed index order is bottom-up.  Derived arrays (sizes, depths, levels) are computed on
    first use; the arrays must not be modified.

    Parameters
    ----------
    counts : numpy.ndarray
        The class counts, one row per node (int64, or an object matrix of Python ints).
    offsets : numpy.ndarray
        The CSR offsets, one more than the nodes: node i's children are
        ``indices[offsets[i]:offsets[i + 1]]``.
    indices : numpy.ndarray
        The children's indices, concatenated in node order.

    See Also
    --------
    Tree.from_arrays : a validated tree over them.

    Examples
    --------
    >>> import numpy as np
    >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
    >>> a.sizes.tolist(), a.depth.tolist(), [level.tolist() for level in a.levels()], a.name(2)
    ([3, 2, 1], [0, 1, 1], [[0], [1, 2]], 'c2')
    >>> a.children_left.tolist(), a.index("c2")
    ([1, -1, -1], 2)
    """

    def __init__(self, counts: "np.ndarray", offsets: "np.ndarray", indices: "np.ndarray"):
        self.counts, self.offsets, self.indices = counts, offsets, indices
        self._cache: dict = {}

    def __getstate__(self) -> dict:
        return {"counts": self.counts, "offsets": self.offsets, "indices": self.indices}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._cache = {}

    def cached(self, key: str, make: Callable[[], Any]) -> Any:
        """``make()``, computed once per ``key`` and kept with the arrays (which never change).

        Parameters
        ----------
        key : str
            The derived array's name.
        make : callable
            Computes it.

        Returns
        -------
        object
            The value kept under ``key``.

        See Also
        --------
        forget : drop derived arrays.

        Examples
        --------
        >>> from exactprune.tree import iris_tree
        >>> a = iris_tree().arrays()
        >>> a.cached("answer", lambda: 42), a.cached("answer", lambda: 0)
        (42, 42)
        """
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def cached_keys(self) -> frozenset:
        """The keys of the derived arrays kept so far (:meth:`cached`).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.cached_keys(), a.sizes.tolist(), a.cached_keys()
        (frozenset(), [5, 3, 2, 1, 1], frozenset({'sizes'}))
        """
        return frozenset(self._cache)

    def forget(self, keys: Iterable[str]) -> None:
        """Drop the derived arrays ``keys`` (made again on demand by :meth:`cached`): a caller
        that made them for one step frees their memory.

        Parameters
        ----------
        keys : iterable of str
            Names of derived arrays.

        Returns
        -------
        None

        See Also
        --------
        cached : make and keep one.

        Examples
        --------
        >>> from exactprune.tree import iris_tree
        >>> a = iris_tree().arrays()
        >>> sizes = a.sizes
        >>> "sizes" in a.cached_keys(), a.forget({"sizes"}), "sizes" in a.cached_keys()
        (True, None, False)
        >>> a.sizes.tolist() == sizes.tolist()      # made again, equal
        True
        """
        for key in keys:
            self._cache.pop(key, None)

    @property
    def n_nodes(self) -> int:
        """Number of nodes.

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.n_nodes
        5
        """
        return len(self.offsets) - 1

    @property
    def n_children(self) -> "np.ndarray":
        """Number of children of each node (0 for a leaf).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.n_children.tolist()
        [2, 0, 2, 0, 0]
        """
        import numpy as np
        return self.cached("n_children", lambda: self.offsets[1:] - self.offsets[:-1])

    def child_counts(self) -> "np.ndarray":
        """:attr:`n_children`, not kept when made here (it is when already made): for a pass
        that reads it once, whose peak memory is then 8 bytes a node lower.

        >>> import numpy as np
        >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
        >>> a.child_counts().tolist(), "n_children" in a.cached_keys()
        ([2, 0, 0], False)
        """
        arity = self._cache.get("n_children")
        return self.offsets[1:] - self.offsets[:-1] if arity is None else arity

    @property
    def sizes(self) -> "np.ndarray":
        """n_t of every node (row sums of the counts, one column at a time: numpy reduces a
        narrow matrix along its rows many times slower).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.sizes.tolist()
        [5, 3, 2, 1, 1]
        """
        return self.cached("sizes", lambda: functools.reduce(operator.add, self.counts.T))

    @property
    def majority(self) -> "np.ndarray":
        """max_j n_{j,t} of every node (column by column, like :attr:`sizes`).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.majority.tolist()
        [3, 3, 2, 1, 1]
        """
        import numpy as np
        return self.cached("majority", lambda: functools.reduce(np.maximum, self.counts.T))

    @property
    def parent(self) -> "np.ndarray":
        """Parent index of every node (-1 for the root).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.parent.tolist(), a.rank.tolist()
        ([-1, 0, 0, 2, 2], [0, 1, 2, 1, 2])
        """
        import numpy as np

        def make():
            parent = np.full(self.n_nodes, -1, dtype=np.int64)
            parent[self.indices] = np.repeat(np.arange(self.n_nodes), self.n_children)
            return parent
        return self.cached("parent", make)

    @property
    def rank(self) -> "np.ndarray":
        """1-based position of every node among its siblings (0 for the root).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.rank.tolist()
        [0, 1, 2, 1, 2]
        """
        import numpy as np

        def make():
            rank = np.zeros(self.n_nodes, dtype=np.int64)
            rank[self.indices] = (np.arange(len(self.indices))
                                  - np.repeat(self.offsets[:-1], self.n_children) + 1)
            return rank
        return self.cached("rank", make)

    def breadth_first(self) -> tuple:
        """``(order, starts)``: the nodes level by level from the root (:func:`breadth_first`),
        level t being ``order[starts[t]:starts[t + 1]]``; the children of the splits, taken in this
        order, are ``order[1:]`` in turn (each split's children consecutive).  Computed once and
        kept (:meth:`levels` are views of it).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> order, starts = a.breadth_first()
        >>> order.tolist(), starts.tolist()
        ([0, 1, 2, 3, 4], [0, 1, 3, 5])
        """
        return self.cached("breadth_first", lambda: breadth_first(self.offsets, self.indices))

    def levels(self) -> list:
        """Index arrays of the nodes at depth 0, 1, 2, ... (views of :meth:`breadth_first`).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> [level.tolist() for level in a.levels()]
        [[0], [1, 2], [3, 4]]
        """
        def make():
            order, starts = self.breadth_first()
            bounds = starts.tolist()
            return [order[start:stop] for start, stop in zip(bounds, bounds[1:])]
        return self.cached("levels", make)

    @property
    def depth(self) -> "np.ndarray":
        """Depth of every node (the root has depth 0).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.depth.tolist()
        [0, 1, 1, 2, 2]
        """
        import numpy as np

        def make():
            depth = np.zeros(self.n_nodes, dtype=np.int64)
            for level, nodes in enumerate(self.levels()):
                depth[nodes] = level
            return depth
        return self.cached("depth", make)

    def children_of(self, i: int) -> list:
        """The children of node ``i``, in order, as a list of indices.

        Parameters
        ----------
        i : int
            A node index.

        Returns
        -------
        list of int

        See Also
        --------
        child_sums : values summed over children.

        Examples
        --------
        >>> import numpy as np
        >>> CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2])).children_of(0)
        [1, 2]
        """
        return self.indices[self.offsets[i]:self.offsets[i + 1]].tolist()

    def splits_bottom_up(self) -> list:
        """The splits (internal nodes) of each level as index arrays, the deepest level first and
        levels without a split left out: the order of every bottom-up recursion, a node's value
        made from its children's (:meth:`child_sums`).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> [s.tolist() for s in a.splits_bottom_up()]
        [[2], [0]]
        """
        def make():
            arity = self.n_children
            return [s for s in (level[arity[level] > 0] for level in reversed(self.levels())) if s.size]
        return self.cached("splits_bottom_up", make)

    def split_positions(self) -> list:
        """:meth:`splits_bottom_up` by position: the splits of each level as their positions in
        :meth:`breadth_first` order (ascending), the deepest level first and levels without a
        split left out.  A level's nodes are one run of positions and the children of its
        splits the next run, so a pass over positions reads a level's children as one slice.

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 4, 4, 4, 4]), np.array([2, 1, 3, 4]))
        >>> a.breadth_first()[0].tolist(), [s.tolist() for s in a.split_positions()]   # node 1 at position 2
        ([0, 2, 1, 3, 4], [[2], [0]])
        """
        return self.splits_by_position()[1]

    def splits_by_position(self) -> tuple:
        """``(positions, levels)``: the breadth-first positions of every split, ascending (one
        array, top-down level by level), and :meth:`split_positions`, the deepest level first, as
        views of it.

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 4, 4, 4, 4]), np.array([2, 1, 3, 4]))
        >>> positions, levels = a.splits_by_position()
        >>> positions.tolist(), [level.tolist() for level in levels]
        ([0, 2], [[2], [0]])
        """
        import numpy as np
        order, starts = self.breadth_first()
        positions = np.flatnonzero(self.child_counts()[order] > 0)
        cuts = np.searchsorted(positions, starts).tolist()
        return positions, [positions[low:high] for low, high in zip(cuts[-2::-1], cuts[:0:-1]) if high > low]

    @property
    def subtree_sizes(self) -> "np.ndarray":
        """Number of nodes in the subtree of every node (itself included), bottom-up level by level.

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.subtree_sizes.tolist()
        [5, 1, 3, 1, 1]
        """
        import numpy as np

        def make():
            size = np.ones(self.n_nodes, dtype=np.int64)
            for splits in self.splits_bottom_up():
                size[splits] += self.child_sums(splits, size)
            return size
        return self.cached("subtree_sizes", make)

    @property
    def preorder(self) -> "np.ndarray":
        """Every node's position in pre-order (a node, then the subtrees of its children in
        order: scikit-learn's depth-first node order), top-down level by level: a child's
        position is its parent's plus one plus the subtree sizes of its elder siblings.  The
        subtree of the node at position p holds the positions p to p + size - 1.

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.preorder.tolist(), a.subtree_sizes.tolist()      # root, c1, c2, c21, c22
        ([0, 1, 2, 3, 4], [5, 1, 3, 1, 1])
        >>> b = CountArrays(a.counts[[0, 2, 1, 3, 4]], np.array([0, 2, 4, 4, 4, 4]), np.array([2, 1, 3, 4]))
        >>> b.preorder.tolist()                                # c1 at index 2, c2 at index 1
        [0, 2, 1, 3, 4]
        """
        import numpy as np

        def make():
            arity, size = self.n_children, self.subtree_sizes
            position = np.zeros(self.n_nodes, dtype=np.int64)
            for nodes in self.levels():
                internal = nodes[arity[nodes] > 0]
                if not internal.size:
                    continue
                kids, count = csr_gather(self.offsets, self.indices, internal), arity[internal]
                running = np.cumsum(size[kids])        # subtree sizes summed over the level's children
                first = np.cumsum(count) - count       # the slot of each parent's eldest child
                elder = running - size[kids] - np.repeat(running[first] - size[kids[first]], count)
                position[kids] = np.repeat(position[internal], count) + 1 + elder
            return position
        return self.cached("preorder", make)

    def _binary_side(self, side: int) -> "np.ndarray":
        import numpy as np
        arity = self.n_children
        if np.any((arity != 0) & (arity != 2)):
            raise ValueError("children_left/children_right need a binary tree; use offsets/indices")
        out = np.full(self.n_nodes, -1, dtype=np.int64)
        internal = np.flatnonzero(arity)            # (an index array: faster than a mask)
        out[internal] = self.indices.take(self.offsets.take(internal) + side)
        return out

    @property
    def children_left(self) -> "np.ndarray":
        """scikit-learn's ``children_left`` of a binary tree (-1 for a leaf).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.children_left.tolist()
        [1, -1, 3, -1, -1]
        """
        return self.cached("left", lambda: self._binary_side(0))

    @property
    def children_right(self) -> "np.ndarray":
        """scikit-learn's ``children_right`` of a binary tree (-1 for a leaf).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.children_right.tolist()
        [2, -1, 4, -1, -1]
        """
        return self.cached("right", lambda: self._binary_side(1))

    def nbytes(self) -> int:
        """Bytes held by the stored arrays (counts, offsets, indices).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),     # root 0 -> 1, 2; 2 -> 3, 4
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.nbytes()              # int64: 5 x 2 counts + 6 offsets + 4 indices, 8 bytes each
        160
        """
        return int(self.counts.nbytes + self.offsets.nbytes + self.indices.nbytes)

    def child_sums(self, nodes: "np.ndarray", values: "np.ndarray") -> "np.ndarray":
        """For each internal node in ``nodes`` (an index array), the sum of ``values`` (indexed by
        node, any dtype numpy can add, object arrays of exact rationals included) over its
        children: one gather and one ``reduceat`` (every internal node has at least 2 children).

        Parameters
        ----------
        nodes : numpy.ndarray
            Indices of internal nodes.
        values : numpy.ndarray
            A value per node.

        Returns
        -------
        numpy.ndarray
            A sum per node of ``nodes``.

        See Also
        --------
        splits_bottom_up : the order of a bottom-up recursion over these sums.

        Examples
        --------
        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 1], [2, 0], [1, 0], [1, 0], [1, 1]]),
        ...                 np.array([0, 2, 4, 4, 4, 4]), np.array([1, 4, 2, 3]))
        >>> a.child_sums(np.array([0, 1]), np.array([0, 5, 7, 11, 20])).tolist()
        [25, 18]
        """
        import numpy as np
        arity = self.n_children[nodes]
        starts = np.zeros(len(nodes), dtype=np.int64)
        np.cumsum(arity[:-1], out=starts[1:])
        return np.add.reduceat(values[csr_gather(self.offsets, self.indices, nodes)], starts, axis=0)

    def sums_from_leaves(self, values: "np.ndarray") -> "np.ndarray":
        """Overwrite, in place and deepest level first, every internal node's entry of ``values``
        with the sum of its children's, so that each node holds the sum of the leaves' entries
        below it (class counts of the leaves become every node's counts); the leaves' entries
        are read, the internal nodes' are only written.  Returns ``values``.

        Parameters
        ----------
        values : numpy.ndarray
            A value (or a row of values) per node, any dtype :meth:`child_sums` adds.

        Returns
        -------
        numpy.ndarray
            ``values``, filled in.

        See Also
        --------
        child_sums : one level's sums.
        splits_bottom_up : the order of the pass.

        Examples
        --------
        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.sums_from_leaves(np.array([-1, 10, -1, 20, 300])).tolist()   # node 2 = 20 + 300
        [330, 10, 320, 20, 300]
        """
        for splits in self.splits_bottom_up():
            values[splits] = self.child_sums(splits, values)
        return values

    def subtree_mask(self, kept: "np.ndarray") -> "np.ndarray":
        """Which nodes remain when every split with ``kept[i]`` false becomes a leaf
        (:func:`~exactprune.tree.pruned_arrays.subtree_mask`).

        Parameters
        ----------
        kept : numpy.ndarray of bool
            True at the splits kept.

        Returns
        -------
        numpy.ndarray of bool

        See Also
        --------
        pruned : the arrays of the remaining nodes.

        Examples
        --------
        >>> import numpy as np
        >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
        >>> a.subtree_mask(np.array([True, False, False])).tolist()
        [True, True, True]
        """
        return subtree_mask(self, kept)

    def pruned(self, kept: "np.ndarray", remaining: Optional["np.ndarray"] = None) -> tuple:
        """``(arrays, old)`` of the tree pruned by ``kept``
        (:func:`~exactprune.tree.pruned_arrays.pruned_arrays`).

        Parameters
        ----------
        kept : numpy.ndarray of bool
            True at the splits kept.
        remaining : numpy.ndarray of bool, optional
            :meth:`subtree_mask` of ``kept``, if the caller has it.

        Returns
        -------
        tuple
            The pruned arrays and the original index of each remaining node.

        See Also
        --------
        pruned_with_cut : with the splits made leaves.
        exactprune.tree.Tree.pruned_tree : the pruned tree of them.

        Examples
        --------
        >>> import numpy as np
        >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
        >>> small, old = a.pruned(np.array([False, False, False]))
        >>> small.counts.tolist(), old.tolist()
        ([[2, 1]], [0])
        """
        return pruned_arrays(self, kept, remaining)

    def pruned_with_cut(self, kept: "np.ndarray", remaining: Optional["np.ndarray"] = None) -> tuple:
        """``(arrays, old, cut)``: :meth:`pruned`, and True at the splits made leaves
        (:func:`~exactprune.tree.pruned_arrays.pruned_arrays_with_cut`).

        Parameters
        ----------
        kept : numpy.ndarray of bool
            True at the splits kept.
        remaining : numpy.ndarray of bool, optional
            :meth:`subtree_mask` of ``kept``, if the caller has it.

        Returns
        -------
        tuple

        See Also
        --------
        pruned : without ``cut``.

        Examples
        --------
        >>> import numpy as np
        >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
        >>> a.pruned_with_cut(np.array([False, False, False]))[2].tolist()
        [True]
        """
        return pruned_arrays_with_cut(self, kept, remaining)
