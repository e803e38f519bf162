"""The count tree: what the theory needs of a decision tree.

A :class:`Tree` is a validated count tree with optional class and feature names, stored as
:class:`~exactprune.tree.CountArrays` and viewed as :class:`~exactprune.tree.Node` objects, each
form built from the other on first use.  It reads and writes the JSON form
(:mod:`exactprune.tree.jsonio`), converts scikit-learn trees (:mod:`exactprune.tree.fromsklearn`),
routes inputs (:mod:`exactprune.tree.routing`) and builds its pruned trees
(:meth:`Tree.pruned_tree`, the one builder).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from .arrays import CountArrays, check_arrays, counts_matrix
from .fromsklearn import sklearn_arrays
from .jsonio import node_from_dict, read_json, write_json
from .nodes import Node, validate_and_name
from .routing import leaves_reached, routing_threshold, threshold_split_text

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Tree"]


class Tree:
    """A validated count tree, stored as arrays (:class:`CountArrays`, built on first use) and
    viewed as :class:`Node` objects (built on first use of :attr:`root`); either form may come
    first and the other is derived from it.  A tree must not be modified once built.

    Parameters
    ----------
    root : Node
        The root of the count tree; its nodes are validated (each node's counts are its children's
        sums) and named by Zhong's rule.
    class_names : sequence of str, optional
        One name per class.
    feature_names : sequence of str, optional
        The features' names (they name the nodes' splits read from scikit-learn's arrays).

    Raises
    ------
    TypeError
        When ``root`` is not a :class:`Node`.
    ValueError
        When the counts do not add up, or ``class_names`` has the wrong length.

    See Also
    --------
    from_dict, from_json, from_arrays : the other ways in.

    Examples
    --------
    >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
    >>> [node.name for node in t.nodes()], t.arrays().counts.tolist()
    (['root', 'c1', 'c2'], [[2, 1], [2, 0], [0, 1]])
    >>> Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [1, 1]}]}')
    Traceback (most recent call last):
    ValueError: node root: children's counts add up to [3, 1], not to its counts [2, 1]
    """

    # the two views, each built from the other on first use: at least one of _root and _arrays is
    # set; _nodes (the Nodes in array index order) and _routing are set with the second view
    _root: Optional[Node]
    _arrays: Optional[CountArrays]
    _nodes: Optional[list[Node]]
    _routing_made: Optional[tuple[Any, ...]]
    #: a pruned tree's scikit-learn routing, made from its source's on first use (:meth:`pruned_tree`):
    #: ``(feature, threshold, old, cut)``: the source's arrays, the source index of each node and
    #: where a split was made a leaf (:meth:`CountArrays.pruned_with_cut`); None once made
    _routing_plan: Optional[tuple[Any, ...]] = None
    n_classes: int
    class_names: Optional[list[str]]
    feature_names: Optional[list[str]]

    def __init__(self, root: Node, class_names: Optional[Sequence[str]] = None,
                 feature_names: Optional[Sequence[str]] = None):
        if not isinstance(root, Node):
            raise TypeError(f"Tree needs a Node as root, got {type(root).__name__}")
        self.root = root
        self.n_classes = len(root.counts)
        validate_and_name(root, self.n_classes)
        self._set_names(class_names, feature_names)

    def _set_names(self, class_names: Optional[Sequence[str]], feature_names: Optional[Sequence[str]]) -> None:
        if class_names is not None and len(class_names) != self.n_classes:
            raise ValueError(f"class_names has {len(class_names)} names for {self.n_classes} classes")
        self.class_names = list(class_names) if class_names is not None else None
        self.feature_names = list(feature_names) if feature_names is not None else None

    @classmethod
    def from_arrays(cls, arrays: "CountArrays", class_names: Optional[Sequence[str]] = None,
                    feature_names: Optional[Sequence[str]] = None, routing: Optional[tuple] = None,
                    validate: bool = True) -> "Tree":
        """A Tree over count arrays (validated with vectorized checks unless ``validate`` is
        False, for arrays derived from a validated tree); ``routing`` is ``("sklearn", feature,
        threshold)`` (scikit-learn's arrays, a negative feature at a leaf) or ``("nodes", split,
        feature, threshold)`` (per-node lists) or None.

        Parameters
        ----------
        arrays : CountArrays
        class_names, feature_names : sequence of str, optional
        routing : tuple, optional
            ``("sklearn", feature, threshold)`` or ``("nodes", split, feature, threshold)``.
        validate : bool
            Check the arrays (False only for arrays derived from a validated tree).

        Returns
        -------
        Tree

        See Also
        --------
        from_sklearn : a fitted scikit-learn tree's arrays.

        Examples
        --------
        >>> import numpy as np
        >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
        >>> Tree.from_arrays(a).node("c2").counts
        (0, 1)
        >>> Tree.from_arrays(CountArrays(np.array([[2, 1], [2, 0], [1, 1]]), a.offsets, a.indices))
        Traceback (most recent call last):
        ValueError: node root: children's counts add up to [3, 1], not to its counts [2, 1]
        """
        if validate:
            check_arrays(arrays)
        tree = cls.__new__(cls)
        tree._root, tree._arrays, tree._nodes, tree._routing = None, arrays, None, routing
        tree.n_classes = arrays.counts.shape[1]
        tree._set_names(class_names, feature_names)
        return tree

    @property
    def _routing(self) -> Optional[tuple[Any, ...]]:
        """``("sklearn", feature, threshold)``, ``("nodes", split, feature, threshold)`` or None
        (:meth:`from_arrays`); a pruned tree's scikit-learn routing is gathered from its source's
        on first use (:meth:`pruned_tree`)."""
        plan = self._routing_plan
        if plan is not None:
            feature, threshold, old, cut = plan
            feature = feature[old]
            feature[cut] = -2           # the splits made leaves
            self._routing_made, self._routing_plan = ("sklearn", feature, threshold[old]), None
        return self._routing_made

    @_routing.setter
    def _routing(self, routing: Optional[tuple[Any, ...]]) -> None:
        self._routing_made, self._routing_plan = routing, None

    @property
    def root(self) -> Node:
        """The root :class:`Node` (the node view is built from the arrays on first use); setting
        it replaces the tree (its arrays are made again from the new nodes).

        >>> from exactprune.tree import iris_tree
        >>> tree = iris_tree()
        >>> tree.root.name, tree.root.counts
        ('root', (50, 50, 50))
        >>> tree.root = tree.node("c2")          # the subtree of c2 (Figure B.1) as a tree
        >>> tree.n_leaves, tree.arrays().n_nodes
        (7, 13)
        """
        if self._root is None:
            return self._materialize()[0]
        return self._root

    @root.setter
    def root(self, node: Node) -> None:
        self._root, self._arrays, self._nodes, self._routing = node, None, None, None

    def arrays(self) -> "CountArrays":
        """The count arrays of the tree (node i is the i-th node in pre-order when the tree was
        built from Nodes), built once and cached.

        >>> from exactprune.tree import iris_tree
        >>> a = iris_tree().arrays()
        >>> a.counts[:3].tolist(), a is a, a.names()[:3]        # pre-order: root, c1, c2
        ([[50, 50, 50], [50, 0, 0], [0, 50, 50]], True, ['root', 'c1', 'c2'])
        """
        if self._arrays is None:
            return self._index_nodes()[0]
        return self._arrays

    def _node_list(self) -> list[Node]:
        """The Nodes in array index order."""
        if self._nodes is not None:
            return self._nodes
        if self._root is None:
            return self._materialize()
        return self._index_nodes()[1]

    def _index_nodes(self) -> tuple[CountArrays, list[Node]]:
        """Build the arrays of the Node view (node i is the i-th node in pre-order) and the
        routing lists; ``(arrays, nodes)``, both kept."""
        import numpy as np
        nodes = list(self.root.walk())
        position = {id(node): i for i, node in enumerate(nodes)}
        offsets = np.zeros(len(nodes) + 1, dtype=np.int64)
        np.cumsum([len(node.children) for node in nodes], out=offsets[1:])
        indices = np.fromiter((position[id(c)] for node in nodes for c in node.children),
                              dtype=np.int64, count=int(offsets[-1]))
        self._arrays = CountArrays(counts_matrix([node.counts for node in nodes], self.n_classes),
                                   offsets, indices)
        self._nodes = nodes
        self._routing = ("nodes", [node.split for node in nodes], [node.feature for node in nodes],
                         [node.threshold for node in nodes])
        return self._arrays, nodes

    def _materialize(self) -> list[Node]:
        """Build the Node view of the arrays (one Python object per node, names by Zhong); the
        nodes in array index order, kept (the root is the first)."""
        a = self.arrays()
        nodes = [Node(tuple(row), [], name) for row, name in zip(a.counts.tolist(), a.names())]
        offsets, indices = a.offsets.tolist(), a.indices.tolist()
        for i, node in enumerate(nodes):
            if offsets[i + 1] > offsets[i]:
                node.children = [nodes[j] for j in indices[offsets[i]:offsets[i + 1]]]
        if self._routing is not None and self._routing[0] == "sklearn":
            _, feature, threshold = self._routing
            names = self.feature_names
            for node, f, x in zip(nodes, feature.tolist(), threshold.tolist()):
                if f >= 0:
                    node.feature, node.threshold = f, x
                    node.split = threshold_split_text(names[f] if names else f"x[{f}]", x)
        elif self._routing is not None:
            for node, split, feature, threshold in zip(nodes, *self._routing[1:]):
                node.split, node.feature, node.threshold = split, feature, threshold
        self._root, self._nodes = nodes[0], nodes
        return nodes

    def pruned_by(self, kept: "np.ndarray") -> tuple:
        """``(tree, pruned)``: :meth:`pruned_tree` and :meth:`pruned_names` of ``kept``.

        Parameters
        ----------
        kept : numpy.ndarray of bool
            True at the splits kept.

        Returns
        -------
        tuple
            ``(tree, pruned)``.

        See Also
        --------
        pruned_tree : the tree alone.

        Examples
        --------
        >>> import numpy as np
        >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
        >>> small, pruned = t.pruned_by(np.array([False, False, False]))
        >>> small.n_leaves, pruned
        (1, ['root'])
        """
        return self.pruned_tree(kept), self.pruned_names(kept)

    def pruned_tree(self, kept: "np.ndarray", remaining: Optional["np.ndarray"] = None) -> "Tree":
        """The tree in which every split i with ``kept[i]`` false (a boolean array over
        :meth:`arrays`' indices) is a leaf, as arrays (names, order and routing tests of the
        remaining splits kept; :meth:`CountArrays.pruned`, given ``remaining``, the nodes that
        remain, when the caller knows them).  Vectorized; the input is untouched.  The one builder of pruned trees: :meth:`pruned_by`, :meth:`pruned_copy`
        and :func:`~exactprune.tree.copy_with_leaves` call it.

        Parameters
        ----------
        kept : numpy.ndarray of bool
            True at the splits kept.
        remaining : numpy.ndarray of bool, optional
            The nodes that remain, if the caller has them.

        Returns
        -------
        Tree

        See Also
        --------
        pruned_names : the splits it makes leaves.
        exactprune.tree.copy_with_leaves : by the names made leaves.

        Examples
        --------
        >>> import numpy as np
        >>> t = Tree.from_json('{"counts": [2, 1], "feature": 0, "threshold": 5, "children": [{"counts": [2, 0]}, '
        ...                    '{"counts": [0, 1], "feature": 1, "threshold": 2, "children": [{"counts": [0, 1]}, {"counts": [0, 0]}]}]}')
        >>> small = t.pruned_tree(np.array([True, False, False, False, False]))
        >>> [(n.name, n.counts, n.threshold) for n in small.nodes()]
        [('root', (2, 1), 5), ('c1', (2, 0), None), ('c2', (0, 1), None)]
        """
        import numpy as np
        a = self.arrays()
        arrays, old, cut = a.pruned_with_cut(np.asarray(kept, dtype=bool), remaining)
        routing = self._routing
        plan = None
        if routing is not None and routing[0] == "sklearn":     # gathered on first use (_routing)
            plan, routing = (routing[1], routing[2], old, cut), None
        elif routing is not None:
            columns = [[column[i] for i in old.tolist()] for column in routing[1:]]
            for i in np.flatnonzero(cut).tolist():
                for column in columns:
                    column[i] = None
            routing = ("nodes", *columns)
        tree = Tree.from_arrays(arrays, self.class_names, self.feature_names, routing, validate=False)
        tree._routing_plan = plan
        return tree

    def pruned_names(self, kept: "np.ndarray") -> list:
        """The names of the splits :meth:`pruned_tree` turns into leaves, topmost only (a split
        whose ancestors are all kept), in index order.

        Parameters
        ----------
        kept : numpy.ndarray of bool
            True at the splits kept.

        Returns
        -------
        list of str

        See Also
        --------
        pruned_tree : the tree they give.

        Examples
        --------
        >>> from exactprune.tree import iris_tree
        >>> t = iris_tree()
        >>> kept = t.arrays().n_children > 0
        >>> kept[[t.arrays().index(name) for name in ("c21", "c211", "c22")]] = False
        >>> t.pruned_names(kept)                  # c211 lies below c21
        ['c21', 'c22']
        """
        import numpy as np
        return self.arrays().names_of(self._pruned_splits(np.asarray(kept, dtype=bool)))

    def split_tests(self) -> tuple:
        """``(left, right, feature, threshold)`` arrays over :meth:`arrays`' indices: the children
        of each split (-1 at a leaf) and its test ``x[feature] <= threshold`` (an exact int or Fraction
        threshold read through :func:`routing_threshold`; NaN at a leaf), as :func:`leaves_reached` takes
        them.  ValueError naming the first split that has no test or more than 2 children.

        >>> t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 2, '
        ...                    '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
        >>> [x.tolist() for x in t.split_tests()]
        [[1, -1, -1], [2, -1, -1], [0, -1, -1], [2.0, nan, nan]]
        >>> Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}').split_tests()
        Traceback (most recent call last):
        ValueError: node root has no routing test (feature/threshold)
        """
        import numpy as np
        a = self.arrays()
        routing = self._routing
        n, internal = a.n_nodes, a.n_children != 0
        feature, threshold = np.full(n, -1, dtype=np.int64), np.full(n, math.nan)
        if routing is not None and routing[0] == "sklearn":
            feature[internal], threshold[internal] = routing[1][internal], routing[2][internal]
        elif routing is not None:
            for i in np.flatnonzero(internal).tolist():
                f, x = routing[2][i], routing[3][i]
                if f is not None and x is not None:
                    feature[i], threshold[i] = f, routing_threshold(x)
        bad = np.flatnonzero(internal & ((feature < 0) | (a.n_children != 2)))
        if bad.size:
            raise ValueError(f"node {a.name(int(bad[0]))} has no routing test (feature/threshold)")
        left, right = np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64)
        first = a.offsets[:-1][internal]
        left[internal], right[internal] = a.indices[first], a.indices[first + 1]
        return left, right, feature, threshold

    def pruned_copy(self, is_kept: Callable[[Node], bool]) -> tuple:
        """:meth:`pruned_by` with the splits to keep given by a predicate: ``(tree, pruned)``, the
        tree in which every split with ``is_kept(node)`` false is a leaf (names kept; the input is
        untouched) and the names of the splits turned into leaves, topmost only, the last in
        pre-order first.  ``is_kept`` is asked of the nodes with children only.

        Parameters
        ----------
        is_kept : callable
            Node -> bool, asked of the splits.

        Returns
        -------
        tuple
            ``(tree, pruned)``.

        See Also
        --------
        pruned_by : the splits to keep as a boolean array.

        Examples
        --------
        >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
        >>> small, pruned = t.pruned_copy(lambda node: False)
        >>> small.n_leaves, pruned
        (1, ['root'])
        """
        import numpy as np
        kept = np.array([bool(node.children) and bool(is_kept(node)) for node in self._node_list()], dtype=bool)
        a = self.arrays()
        top = self._pruned_splits(kept)
        return self.pruned_tree(kept), a.names_of(top[np.argsort(-a.preorder[top], kind="stable")])

    def _pruned_splits(self, kept: "np.ndarray") -> "np.ndarray":
        """Index array of the splits :meth:`pruned_tree` turns into leaves, topmost only (a split
        whose ancestors are all kept), in index order."""
        import numpy as np
        a = self.arrays()
        return np.flatnonzero((a.n_children > 0) & ~kept & a.subtree_mask(kept))

    # -- access ------------------------------------------------------------
    def nodes(self) -> list:
        """The nodes in pre-order.

        >>> from exactprune.tree import iris_tree
        >>> [node.name for node in iris_tree().nodes()][:5]
        ['root', 'c1', 'c2', 'c21', 'c211']
        """
        return list(self.root.walk())

    def leaves(self) -> list:
        """The leaves in pre-order.

        >>> from exactprune.tree import iris_tree
        >>> [leaf.name for leaf in iris_tree().leaves()]
        ['c1', 'c2111', 'c2112', 'c2121', 'c21221', 'c21222', 'c221', 'c222']
        """
        return self.root.leaves()

    def node(self, name: str) -> Node:
        """The node called ``name``; KeyError if there is none.

        Parameters
        ----------
        name : str
            A node name.

        Returns
        -------
        Node
            KeyError if no node has it.

        See Also
        --------
        exactprune.tree.CountArrays.index : the node's array index.

        Examples
        --------
        >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
        >>> t.node("c2").counts
        (0, 1)
        >>> t.node("c3")
        Traceback (most recent call last):
        KeyError: "no node named 'c3'"
        """
        try:
            return self._node_list()[self.arrays().index(name)]
        except (KeyError, ValueError):
            raise KeyError(f"no node named {name!r}") from None

    @property
    def n_leaves(self) -> int:
        """Number of leaves.

        >>> from exactprune.tree import iris_tree
        >>> iris_tree().n_leaves           # Figure B.1(a): 7 splits, binary
        8
        """
        return int((self.arrays().n_children == 0).sum())

    def __repr__(self) -> str:
        return f"Tree({self.n_leaves} leaves, {self.n_classes} classes, root counts {list(self.root.counts)})"

    # -- JSON --------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, class_names: Optional[Sequence[str]] = None) -> "Tree":
        """The tree of the JSON form ``data`` (parsed JSON, :func:`~exactprune.tree.jsonio.node_from_dict`).

        Parameters
        ----------
        data : dict
            The JSON form.
        class_names : sequence of str, optional

        Returns
        -------
        Tree

        See Also
        --------
        from_json : from JSON text.

        Examples
        --------
        >>> Tree.from_dict({"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}).n_leaves
        2
        """
        return cls(node_from_dict(data, "root"), class_names=class_names)

    @classmethod
    def from_json(cls, text: str) -> "Tree":
        """Parse the JSON form (:mod:`exactprune.tree.jsonio`); malformed JSON is a ValueError.

        Parameters
        ----------
        text : str
            JSON text.

        Returns
        -------
        Tree

        See Also
        --------
        to_json : the writer.

        Examples
        --------
        >>> Tree.from_json('{"counts": [1, 1], "class_names": ["a", "b"]}').class_names
        ['a', 'b']
        """
        data = read_json(text)
        class_names = data.get("class_names") if isinstance(data, dict) else None
        return cls.from_dict(data, class_names=class_names)

    def to_dict(self) -> dict:
        """The JSON form as a dict (:meth:`Node.to_dict`, with ``class_names`` at the root).

        >>> Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}').to_dict()
        {'counts': [2, 1], 'name': 'root', 'children': [{'counts': [2, 0], 'name': 'c1'}, {'counts': [0, 1], 'name': 'c2'}]}
        """
        out = self.root.to_dict()
        if self.class_names is not None:
            out["class_names"] = self.class_names
        return out

    def to_json(self, indent: Optional[int] = None) -> str:
        """The JSON text of the tree, any depth up to ``MAX_DEPTH``; a tree deeper than
        :data:`~exactprune.tree.jsonio.INDENT_DEPTH` is written compactly even when ``indent`` is given.

        Parameters
        ----------
        indent : int, optional
            Indentation (a tree deeper than ``INDENT_DEPTH`` is written compact).

        Returns
        -------
        str

        See Also
        --------
        from_json : the reader.

        Examples
        --------
        >>> Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}').to_json()
        '{"counts": [1, 1], "name": "root", "children": [{"counts": [1, 0], "name": "c1"}, {"counts": [0, 1], "name": "c2"}]}'
        """
        return write_json(self.to_dict(), indent, self.depth())

    def depth(self) -> int:
        """Number of edges on the longest root-to-leaf path (from the arrays' levels).

        >>> Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}').depth()
        1
        """
        return len(self.arrays().levels()) - 1

    def render(self) -> str:
        """An indented text picture of the tree with names, counts and splits (iterative).

        >>> print(Tree.from_json('{"counts": [2, 1], "split": "x <= 1", "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}').render())
        root: [2, 1]  [x <= 1]
          c1: [2, 0]
          c2: [0, 1]
        >>> print(Tree.from_json('{"counts": ["7/2", 1]}').render())
        root: [7/2, 1]
        """
        lines, stack = [], [(self.root, 0)]
        while stack:
            node, depth = stack.pop()
            split = f"  [{node.split}]" if node.split else ""
            counts = ", ".join(str(c) for c in node.counts)        # 7/2, not Fraction(7, 2)
            lines.append(f"{'  ' * depth}{node.name}: [{counts}]{split}")
            stack.extend((child, depth + 1) for child in reversed(node.children))
        return "\n".join(lines)

    # -- routing -----------------------------------------------------------
    def leaf_for(self, x: Sequence[float]) -> Node:
        """The leaf that receives input ``x`` (trees with feature/threshold), by the exact
        comparison ``x[feature] <= threshold``.

        Parameters
        ----------
        x : sequence of float
            One input.

        Returns
        -------
        Node
            The leaf reached.

        See Also
        --------
        exactprune.tree.leaves_reached : many inputs at once.

        Examples
        --------
        >>> t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": "1/2", '
        ...                    '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
        >>> t.leaf_for([0.5]).name, t.leaf_for([0.6]).name
        ('c1', 'c2')
        """
        node = self.root
        while node.children:
            if node.feature is None or node.threshold is None or len(node.children) != 2:
                raise ValueError(f"node {node.name} has no routing test (feature/threshold)")
            node = node.children[0] if x[node.feature] <= node.threshold else node.children[1]
        return node

    def partition(self, X: "np.ndarray") -> dict:
        """The rows of ``X`` reaching each node: name -> numpy index array, routed by the
        feature/threshold tests (``x[feature] <= threshold`` goes to the first child).

        Parameters
        ----------
        X : array-like
            Inputs, one row each.

        Returns
        -------
        dict
            Node name -> the indices of the rows reaching it.

        See Also
        --------
        exactprune.tree.leaves_reached : the leaf of each row.

        Examples
        --------
        >>> import numpy as np
        >>> t = Tree(Node((1, 1), [Node((1, 0)), Node((0, 1))], feature=0, threshold=0.5))
        >>> {name: rows.tolist() for name, rows in t.partition(np.array([[0.0], [1.0], [0.2]])).items()}
        {'root': [0, 1, 2], 'c1': [0, 2], 'c2': [1]}
        """
        import numpy as np
        X = np.asarray(X)
        a = self.arrays()
        position, span = a.preorder, a.subtree_sizes         # a subtree is a run of positions
        reached = position[leaves_reached(self.split_tests(), X, np.arange(len(X)), 0)]
        order = np.argsort(reached, kind="stable")          # rows by their leaf's position, each run in row order
        starts = np.searchsorted(reached[order], position)
        ends = np.searchsorted(reached[order], position + span)
        return {name: np.sort(order[s:e]) for name, s, e in zip(a.names_of(range(a.n_nodes)), starts.tolist(), ends.tolist())}

    # -- scikit-learn ------------------------------------------------------
    @classmethod
    def from_sklearn(cls, estimator: Any, feature_names: Optional[Sequence[str]] = None,
                     counts: Optional[Any] = None, rounding: Optional[str] = None) -> "Tree":
        """Convert a fitted ``DecisionTreeClassifier`` into a count tree.

        Counts are the tree's weighted class counts (``tree_.value`` times
        ``weighted_n_node_samples``), which must be whole numbers; a tree fit
        with fractional sample weights is refused unless ``rounding="nearest"``
        (leaves rounded, internal nodes their sums: :func:`~exactprune.tree.sklearn_counts`).
        ``counts`` may instead give an (n_nodes, n_classes) array computed elsewhere, of integers
        or of exact rationals (an object matrix of ints and Fractions: the exact weighted counts
        of :mod:`exactprune.sklearn.counts`; :func:`~exactprune.tree.fromsklearn.sklearn_arrays`).

        Parameters
        ----------
        estimator : DecisionTreeClassifier
            A fitted tree.
        feature_names : sequence of str, optional
        counts : numpy.ndarray, optional
            (n_nodes, n_classes) counts computed elsewhere.
        rounding : {None, "nearest"}
            As :func:`~exactprune.tree.sklearn_counts` takes it.

        Returns
        -------
        Tree

        See Also
        --------
        exactprune.tree.fromsklearn.sklearn_arrays : the arrays read.

        Examples
        --------
        >>> from sklearn.tree import DecisionTreeClassifier
        >>> t = Tree.from_sklearn(DecisionTreeClassifier().fit([[0], [1], [2]], [0, 1, 1]), feature_names=["x"])
        >>> [(n.name, n.counts, n.split) for n in t.nodes()]
        [('root', (1, 2), 'x <= 0.5'), ('c1', (1, 0), None), ('c2', (0, 2), None)]
        """
        arrays, class_names, routing = sklearn_arrays(estimator, counts, rounding)
        names = list(feature_names) if feature_names is not None else None
        return cls.from_arrays(arrays, class_names, names, routing)
