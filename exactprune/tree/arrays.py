"""Count arrays: the count tree as arrays, laid out like scikit-learn's ``Tree``.

:class:`CountArrays` holds the class counts of every node and its children in a CSR layout
(any arity); sizes, depths, levels, pre-order positions and names are derived on first use.
:func:`check_arrays` validates arrays with the messages of the Node checks.
"""
from __future__ import annotations

import functools
import numbers
import operator
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence, Union

from ..limits import MAX_CLASSES, MAX_COUNT, check_counts_size, check_tree_shape
from .names import child_name, name_path

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CountArrays", "has_fractional_counts", "require_integer_counts"]


def csr_gather(offsets: "np.ndarray", indices: "np.ndarray", parents: "np.ndarray") -> "np.ndarray":
    """The children of the nodes ``parents`` (an index array), concatenated in order: one
    vectorized gather over the CSR arrays ``(offsets, indices)``.

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
    (:func:`check_arrays`); on other arrays the walk stops after ``len(offsets)`` entries.

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


class CountArrays:
    """The count tree as arrays, laid out like scikit-learn's ``Tree``: node ``i`` has class
    counts ``counts[i]`` (an int64 matrix, or Python ints in an object matrix when a node size
    could pass int64) and children ``indices[offsets[i]:offsets[i + 1]]`` (a CSR layout for any
    arity; :attr:`children_left`/:attr:`children_right` give scikit-learn's view of a binary
    tree).  Node 0 is the root and every child has a larger index than its parent, so the
    reversed index order is bottom-up.  Derived arrays (sizes, depths, levels) are computed on
    first use; the arrays must not be modified.

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

    def names(self) -> list:
        """Zhong's names of all nodes, in index order: :func:`~exactprune.tree.names.child_name`
        of the parent's name and the node's :attr:`rank`, parents first (every child has a larger
        index than its parent).  Computed once and kept; a new list is returned on every call.
        A caller that needs only some names asks :meth:`names_of`, which keeps none.

        >>> import numpy as np
        >>> wide = CountArrays(np.ones((14, 1), dtype=np.int64), np.array([0, 11, 13] + [13] * 12),
        ...                    np.arange(1, 14))           # the root's 11 children; c1's 2 children
        >>> wide.names()[9:]
        ['c9', 'c.10', 'c.11', 'c11', 'c12']
        """
        import numpy as np
        return list(self.cached("names", lambda: self._names_at(np.arange(self.n_nodes))))

    def _names_at(self, nodes: "np.ndarray") -> list:
        """The names of ``nodes`` (an index array), made from the names of their ancestors alone
        (each made once, parents first), none kept."""
        import numpy as np
        parent = self.parent
        needed = np.zeros(self.n_nodes, dtype=bool)
        frontier = np.unique(nodes)
        while frontier.size:            # ``needed``: the nodes and all their ancestors
            needed[frontier] = True
            frontier = np.unique(parent[frontier])
            frontier = frontier[frontier >= 0]
            frontier = frontier[~needed[frontier]]
        made = np.flatnonzero(needed)               # parents first: a child's index is larger
        if made.size * 16 > self.n_nodes or "rank" in self._cache:
            kept = "rank" in self._cache
            rank = self.rank[made].tolist()
            if not kept:            # made for this call only
                del self._cache["rank"]
        else:       # few names: each rank from its parent's row of children
            offsets, indices = self.offsets, self.indices
            rank = [0 if i == 0 else indices[offsets[p]:offsets[p + 1]].tolist().index(i) + 1
                    for i, p in zip(made.tolist(), parent[made].tolist())]
        name: dict[int, str] = {}
        for i, p, r in zip(made.tolist(), parent[made].tolist(), rank):
            name[i] = "root" if p < 0 else child_name(name[p], r)
        return [name[i] for i in np.asarray(nodes).tolist()]

    def names_of(self, nodes: Union[Sequence[int], "np.ndarray"]) -> list:
        """Zhong's names (:meth:`names`) of the nodes ``nodes`` (indices), in the given order;
        only these nodes and their ancestors are named (from the list of :meth:`names` when
        it was made), and nothing is kept.

        >>> import numpy as np
        >>> CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2])).names_of([2, 0])
        ['c2', 'root']
        """
        import numpy as np
        nodes = np.asarray(nodes, dtype=np.int64).reshape(-1)
        if "names" in self._cache:
            names = self._cache["names"]
            return [names[i] for i in nodes.tolist()]
        return self._names_at(nodes) if nodes.size else []

    def name(self, i: int) -> str:
        """Zhong's name of node ``i`` (:meth:`names_of`).

        >>> import numpy as np
        >>> CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([2, 1])).name(1)
        'c2'
        """
        return self.names_of([i])[0]

    def index(self, name: str) -> int:
        """The index of the node called ``name``; KeyError if there is none (ValueError if
        ``name`` is not a node name, :func:`~exactprune.tree.names.name_path`).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([2, 1]))
        >>> a.index("c1"), a.index("c2")          # c1 is stored at index 2
        (2, 1)
        """
        i = 0
        for r in name_path(name):
            start, end = int(self.offsets[i]), int(self.offsets[i + 1])
            if r > end - start:
                raise KeyError(f"no node named {name!r}")
            i = int(self.indices[start + r - 1])
        return i

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

    def subtree_mask(self, kept: "np.ndarray") -> "np.ndarray":
        """Which nodes remain when every split with ``kept[i]`` false becomes a leaf: a boolean
        array (a node remains iff every proper ancestor is a kept split).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [3, 0], [0, 2], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 2, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.subtree_mask(np.array([True, True, False, True, True])).tolist()      # c2 made a leaf
        [True, True, True, False, False]
        """
        import numpy as np
        order, starts = self.breadth_first()        # a level's children are the next level, in order
        arity = self.child_counts()[order]          # (transient: the pruned arrays are made after it)
        open_splits = kept[order]                   # (a leaf's entry is repeated 0 times)
        remains = np.empty(len(order), dtype=bool)  # by breadth-first position, a level at a time
        remains[0] = True
        bounds = starts.tolist()
        for start, stop, below in zip(bounds, bounds[1:], bounds[2:]):
            remains[stop:below] = (remains[start:stop] & open_splits[start:stop]).repeat(arity[start:stop])
        alive = np.empty(self.n_nodes, dtype=bool)
        alive[order] = remains
        return alive

    def pruned(self, kept: "np.ndarray", remaining: Optional["np.ndarray"] = None) -> tuple:
        """``(arrays, old)``: the arrays of the tree in which every split with ``kept[i]`` false is
        a leaf (names and order kept), and ``old``, the original index of each remaining node
        (``remaining``: :meth:`subtree_mask` of ``kept``, made here unless given).

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [0, 2], [3, 0], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 4, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> small, old = a.pruned(np.array([True, False, True, True, True]))     # c1 made a leaf
        >>> small.counts.tolist(), small.names(), old.tolist()
        ([[3, 2], [0, 2], [3, 0]], ['root', 'c1', 'c2'], [0, 1, 2])
        """
        return self.pruned_with_cut(kept, remaining)[:2]

    def pruned_with_cut(self, kept: "np.ndarray", remaining: Optional["np.ndarray"] = None) -> tuple:
        """``(arrays, old, cut)``: :meth:`pruned`, and a boolean array over the remaining nodes, True
        at the splits made leaves.

        >>> import numpy as np
        >>> a = CountArrays(np.array([[3, 2], [0, 2], [3, 0], [0, 1], [0, 1]]),
        ...                 np.array([0, 2, 4, 4, 4, 4]), np.array([1, 2, 3, 4]))
        >>> a.pruned_with_cut(np.array([True, False, True, True, True]))[2].tolist()    # c1 (index 1) cut
        [False, True, False]
        """
        import numpy as np
        old = np.flatnonzero(self.subtree_mask(kept) if remaining is None else remaining)
        arity = self.child_counts()
        binary = len(self.indices) == 2 * np.count_nonzero(arity)
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
            children = np.take(self.indices.reshape(-1, 2), self.offsets.take(splits) >> 1, axis=0).ravel()
        else:
            children = csr_gather(self.offsets, self.indices, splits)
        del splits
        new_id = np.empty(self.n_nodes, dtype=np.int32 if self.n_nodes < 2 ** 31 else np.int64)
        new_id[old] = np.arange(len(old), dtype=new_id.dtype)   # the new index of each remaining node
        children[...] = new_id[children]            # (the int32 map is freed before the counts are gathered)
        del new_id
        return CountArrays(np.take(self.counts, old, axis=0), offsets, children), old, cut


def check_arrays(a: CountArrays) -> None:
    """Vectorized validation of count arrays, with the messages of the Node checks (naming the
    first offending node): shape limits, a well-formed parent-before-child structure, counts in
    range (an integer matrix, or an object matrix of Python ints and Fractions: rational counts,
    :func:`has_fractional_counts`), no single child, children's counts adding up to their
    parent's.  Its temporaries are transient; the one array it keeps on ``a`` is the
    breadth-first order it walks for the depth (:meth:`CountArrays.breadth_first`, 8 bytes a
    node), which every pass and the levels read.

    >>> import numpy as np
    >>> check_arrays(CountArrays(np.array([[1.5, 1]], dtype=object), np.array([0, 0]), np.array([], dtype=np.int64)))
    Traceback (most recent call last):
    ValueError: counts must be integers or exact rationals (Fraction), got the float 1.5
    """
    import numpy as np
    counts, n = a.counts, a.n_nodes
    if counts.ndim != 2 or counts.shape[0] != n or n == 0:
        raise ValueError(f"counts must be an (n_nodes, n_classes) matrix with n_nodes = {n} >= 1")
    if counts.shape[1] == 0:
        raise ValueError("node root: counts must not be empty")
    if counts.dtype != object and not np.issubdtype(counts.dtype, np.integer):
        raise ValueError(f"counts must be integers, got dtype {counts.dtype}")
    if counts.dtype == object:      # Python ints and exact rationals only (no float slips in)
        for value in counts.ravel().tolist():
            if isinstance(value, bool) or not isinstance(value, (numbers.Integral, Fraction)):
                raise ValueError(f"counts must be integers or exact rationals (Fraction), got the "
                                 f"{type(value).__name__} {value!r}")
    # the structure, with transient arrays (only the breadth-first order is kept on ``a``)
    offsets, indices = a.offsets, a.indices
    arity = offsets[1:] - offsets[:-1]
    if len(offsets) and (offsets[0] != 0 or np.any(arity < 0) or offsets[-1] != len(indices)):
        raise ValueError("offsets must rise from 0 to len(indices)")
    check_tree_shape(n, 0, int(arity.max(initial=0)), "tree")
    internal, single = np.flatnonzero(arity > 0), bool(np.any(arity == 1))
    del arity
    if not _one_parent_each(offsets, indices, internal, n):
        raise ValueError("every node but the root must be the child of exactly one node with a smaller index")
    starts = a.cached("breadth_first", lambda: breadth_first(offsets, indices, internal))[1]     # kept: every pass walks it
    check_tree_shape(n, len(starts) - 2, 0, "tree")
    if counts.min() < 0:        # whole-matrix tests first; the offending row is looked for only then
        bad = np.flatnonzero((counts < 0).any(axis=1))
        row = counts[bad[0]].tolist()
        raise ValueError(f"node {a.name(int(bad[0]))}: negative count {min(row)} in {row}")
    if counts.max() > MAX_COUNT or counts.shape[1] > MAX_CLASSES:
        too_big = np.flatnonzero((counts > MAX_COUNT).any(axis=1))
        check_counts_size(tuple(counts[too_big[0] if too_big.size else 0].tolist()),
                          f"node {a.name(int(too_big[0])) if too_big.size else 'root'}")
    if single:
        first = int(np.flatnonzero(offsets[1:] - offsets[:-1] == 1)[0])
        raise ValueError(f"node {a.name(first)}: an internal node needs at least 2 children, got 1")
    binary = len(indices) == 2 * internal.size
    columns = [counts[:, j] for j in range(counts.shape[1])]     # a class at a time: long 1-d loops
    for start in range(0, internal.size, _CHECK_BLOCK):     # a block of splits at a time: small temporaries
        nodes = internal[start:start + _CHECK_BLOCK]
        low, high = int(offsets[nodes[0]]), int(offsets[nodes[-1] + 1])
        kids, differ = indices[low:high], np.zeros(len(nodes), dtype=bool)
        for column in columns:      # (fancy indexing: np.take would copy a strided column whole)
            values = column[kids]
            sums = values[0::2] + values[1::2] if binary else np.add.reduceat(values, offsets[nodes] - low)
            differ |= sums != column[nodes]
        if differ.any():
            i = int(nodes[np.argmax(differ)])       # the first split whose children do not add up
            rows = np.take(counts, indices[offsets[i]:offsets[i + 1]], axis=0)
            total = rows[0::2] + rows[1::2] if binary else np.add.reduceat(rows, [0], axis=0)
            raise ValueError(f"node {a.name(i)}: children's counts add up to {total[0].tolist()}, "
                             f"not to its counts {counts[i].tolist()}")


#: splits :func:`check_arrays` sums the children of at a time (a block's temporaries a few 100 kB)
_CHECK_BLOCK = 1 << 13


def _one_parent_each(offsets: "np.ndarray", indices: "np.ndarray", internal: "np.ndarray", n: int) -> bool:
    """Is every node but the root the child of exactly one node, of a smaller index?  (CSR
    arrays with rising offsets; ``internal``, the nodes with children.)  Then ``indices`` holds
    each of 1 .. n - 1 once, and every node's smallest child is larger than the node.

    >>> import numpy as np
    >>> _one_parent_each(np.array([0, 2, 2, 2]), np.array([1, 2]), np.array([0]), 3)
    True
    >>> _one_parent_each(np.array([0, 2, 4, 4]), np.array([1, 2, 2, 2]), np.array([0, 1]), 3)
    False
    """
    import numpy as np
    if len(indices) != n - 1:
        return False
    if not len(indices):
        return True
    if indices.min() < 1 or indices.max() >= n:
        return False
    seen = np.zeros(n, dtype=bool)
    seen[indices] = True
    if not seen[1:].all():
        return False
    if len(indices) == 2 * len(internal):       # binary: a row of two children per split
        return not np.any(indices.reshape(-1, 2) <= internal[:, None])
    return not np.any(np.minimum.reduceat(indices, offsets[internal]) <= internal)


def counts_matrix(rows: list, n_classes: int) -> "np.ndarray":
    """int64 matrix of count rows, or an object matrix of Python ints when a node size could
    pass int64 or of ints and Fractions when a count is not whole.

    >>> counts_matrix([[3, 2], [3, 0]], 2).dtype, counts_matrix([[Fraction(1, 2), 2]], 2).dtype
    (dtype('int64'), dtype('O'))
    >>> counts_matrix([[2 ** 61, 0]], 2).dtype           # 2 x 2^61: a node size could pass int64
    dtype('O')
    """
    import numpy as np
    largest = max((max(row) for row in rows), default=0)
    fractional = any(c.__class__ is Fraction for row in rows for c in row)
    dtype = object if fractional or largest * n_classes >= 2 ** 62 else np.int64
    matrix = np.empty((len(rows), n_classes), dtype=dtype)
    matrix[:] = rows
    return matrix


def has_fractional_counts(a: CountArrays) -> bool:
    """True when some count of ``a`` is not a whole number: weighted counts (sums of row weights,
    :mod:`exactprune.sklearn`), an object matrix holding Fractions.  Zhong's moments (4.28)-(4.30)
    and PruneTree are defined for them; what needs integer counts refuses them
    (:func:`require_integer_counts`).

    >>> import numpy as np
    >>> leaf = (np.array([0, 0]), np.array([], dtype=np.int64))
    >>> has_fractional_counts(CountArrays(np.array([[1, 2]]), *leaf))
    False
    >>> has_fractional_counts(CountArrays(np.array([[Fraction(1, 2), 2]], dtype=object), *leaf))
    True
    """
    if a.counts.dtype != object:
        return False
    return a.cached("fractional", lambda: any(isinstance(c, Fraction) and c.denominator != 1
                                              for c in a.counts.ravel().tolist()))


def require_integer_counts(a: CountArrays, what: str, reason: str) -> None:
    """Refuse count arrays with a count that is not a whole number (:func:`has_fractional_counts`):
    a ValueError saying that ``what`` needs integer counts, because ``reason``, and naming the
    first such node.

    >>> import numpy as np
    >>> a = CountArrays(np.array([[Fraction(3, 2), 1]], dtype=object), np.array([0, 0]), np.array([], dtype=np.int64))
    >>> require_integer_counts(a, "the breakpoint search", "it plans its Gamma ratios over integer counts")
    Traceback (most recent call last):
    ValueError: the breakpoint search needs whole-number class counts, and node root has the count 3/2: it plans its Gamma ratios over integer counts
    """
    if not has_fractional_counts(a):
        return
    for i, row in enumerate(a.counts.tolist()):
        for c in row:
            if isinstance(c, Fraction) and c.denominator != 1:
                raise ValueError(f"{what} needs whole-number class counts, and node {a.name(i)} has the "
                                 f"count {c}: {reason}")
