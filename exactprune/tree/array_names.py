"""The names of the count arrays' nodes: :class:`ArrayNames`, the part of
:class:`~exactprune.tree.CountArrays` that names nodes by Zhong's rule
(:func:`~exactprune.tree.names.child_name`) and finds a node by its name.  Names are made from the
parent links and child ranks the arrays derive, all of them once (:meth:`ArrayNames.names`) or
only the few asked for (:meth:`ArrayNames.names_of`).

>>> import numpy as np
>>> from exactprune.tree import CountArrays
>>> CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2])).names()
['root', 'c1', 'c2']
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, Union

from .names import child_name, name_path

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ArrayNames"]


class ArrayNames:
    """Node names for :class:`~exactprune.tree.CountArrays` (a base class of it): reads the
    arrays' ``offsets``, ``indices``, ``n_nodes``, ``parent`` and ``rank`` and keeps the list of
    names with the derived arrays (``cached``).

    >>> import numpy as np
    >>> from exactprune.tree import CountArrays
    >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([2, 1]))
    >>> a.name(2), a.index("c2")                   # the root's first child is stored at index 2
    ('c1', 1)
    """

    if TYPE_CHECKING:       # what it reads of CountArrays
        offsets: "np.ndarray"
        indices: "np.ndarray"

        @property
        def n_nodes(self) -> int: ...

        @property
        def parent(self) -> "np.ndarray": ...

        @property
        def rank(self) -> "np.ndarray": ...

        def cached(self, key: str, make: Callable[[], Any]) -> Any: ...

        def cached_keys(self) -> frozenset: ...

        def forget(self, keys: Iterable[str]) -> None: ...

    def names(self) -> list:
        """Zhong's names of all nodes, in index order: :func:`~exactprune.tree.names.child_name`
        of the parent's name and the node's :attr:`rank`, parents first (every child has a larger
        index than its parent).  Computed once and kept; a new list is returned on every call.
        A caller that needs only some names asks :meth:`names_of`, which keeps none.

        >>> import numpy as np
        >>> from exactprune.tree import CountArrays
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
        if made.size * 16 > self.n_nodes or "rank" in self.cached_keys():
            kept = "rank" in self.cached_keys()
            rank = self.rank[made].tolist()
            if not kept:            # made for this call only
                self.forget({"rank"})
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

        Parameters
        ----------
        nodes : sequence of int
            Node indices.

        Returns
        -------
        list of str

        See Also
        --------
        names : every node's name.
        name : one node's.

        Examples
        --------
        >>> import numpy as np
        >>> from exactprune.tree import CountArrays
        >>> CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2])).names_of([2, 0])
        ['c2', 'root']
        """
        import numpy as np
        nodes = np.asarray(nodes, dtype=np.int64).reshape(-1)
        if "names" in self.cached_keys():
            names = self.cached("names", list)
            return [names[i] for i in nodes.tolist()]
        return self._names_at(nodes) if nodes.size else []

    def name(self, i: int) -> str:
        """Zhong's name of node ``i`` (:meth:`names_of`).

        Parameters
        ----------
        i : int
            A node index.

        Returns
        -------
        str

        See Also
        --------
        index : the inverse.

        Examples
        --------
        >>> import numpy as np
        >>> from exactprune.tree import CountArrays
        >>> CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([2, 1])).name(1)
        'c2'
        """
        return self.names_of([i])[0]

    def index(self, name: str) -> int:
        """The index of the node called ``name``; KeyError if there is none (ValueError if
        ``name`` is not a node name, :func:`~exactprune.tree.names.name_path`).

        Parameters
        ----------
        name : str
            A node name.

        Returns
        -------
        int

        See Also
        --------
        name : the inverse.

        Examples
        --------
        >>> import numpy as np
        >>> from exactprune.tree import CountArrays
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
