"""The count tree: what the theory needs of a decision tree.

A :class:`Node` holds its class counts, its children and a name; a :class:`Tree`
wraps the root with optional class names.  Counts are validated once, with
messages that name the offending node.  Node names follow Zhong App B
(``root``, ``c1``, ``c2``, ``c21``; from a child index >= 10 on the indices are
dotted, ``c1.10.2``: see :func:`child_name`).

:func:`iris_tree` grows the CART tree of Zhong App B.1 from scikit-learn's
bundled iris data (petal length and width, Gini, fully grown).  Its internal
structure is exactly Zhong's Figure B.1(a)/B.2: the root (50, 50, 50) splits
into c1 = (50, 0, 0) and c2 = (0, 50, 50); c2 into c21 = (0, 49, 5) and
c22 = (0, 1, 45); c22's split into (0, 1, 2) and (0, 0, 43) is the ineffective
split of App B.1 (the (0, 1, 2) leaf holds three identical inputs, a versicolor
and two virginica at petal 4.8 x 1.8); c21 holds the remaining 4 splits.

The JSON form (:meth:`Tree.from_json`, :meth:`Tree.to_json`) is one object per node:
``{"counts": [n_1, ..., n_J], "children": [...], "split": "...", "feature": i,
"threshold": x}`` with only ``counts`` required, and ``"class_names"`` allowed at the root;
docs/architecture.md describes it with the rest of the package's contracts.
"""
from __future__ import annotations

import functools
import json
import math
import operator
import numbers
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional, Sequence, Union

from ..limits import (MAX_CLASSES, MAX_COUNT, MAX_DEPTH, MAX_THRESHOLD_DIGITS, check_counts_size,
                     check_tree_shape)

__all__ = ["Node", "Tree", "CountArrays", "iris_tree", "node_name", "child_name", "name_path", "ancestor_names", "majority_class", "all_prunings",
           "as_tree", "copy_with_leaves", "all_pruning_leaves", "sklearn_counts", "deep_json", "routing_threshold",
           "INDENT_DEPTH", "route"]

#: trees deeper than this are written as compact JSON even when an indent is asked for
#: (indented JSON grows with the square of the depth)
INDENT_DEPTH = 100


@contextmanager
def deep_json():
    """Let :mod:`json` encode and decode trees nested up to ``MAX_DEPTH`` levels: the recursion limit
    is raised for the duration of the block (the C codec recurses twice per tree level; measured
    safe on the C stack at 20,000 levels) and restored afterwards.

    >>> with deep_json():
    ...     len(json.dumps(json.loads("[" * 5000 + "]" * 5000)))
    10000
    """
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(max(saved, 2 * MAX_DEPTH + 1000))
    try:
        yield
    finally:
        sys.setrecursionlimit(saved)


def routing_threshold(threshold: Union[int, float, Any]) -> float:
    """The largest float64 that is <= ``threshold``: for every float x, ``x <= threshold`` exactly
    when ``x <= routing_threshold(threshold)``, so numpy can route by an exact (int) threshold of any
    size without rounding or overflow.

    >>> routing_threshold(0.5), routing_threshold(2 ** 53 + 1) == 2.0 ** 53, routing_threshold(-10 ** 400)
    (0.5, True, -inf)
    >>> routing_threshold(10 ** 400) == sys.float_info.max
    True
    """
    if isinstance(threshold, float):
        return threshold
    try:
        value = float(threshold)
    except OverflowError:
        return sys.float_info.max if threshold > 0 else -math.inf
    return math.nextafter(value, -math.inf) if value > threshold else value


def _json_int(text: str) -> int:
    """An integer literal of tree JSON, refused past ``MAX_THRESHOLD_DIGITS`` digits."""
    if len(text.lstrip("-")) > MAX_THRESHOLD_DIGITS:
        raise ValueError(f"tree JSON: an integer of {len(text.lstrip('-'))} digits exceeds the limit "
                         f"MAX_THRESHOLD_DIGITS = {MAX_THRESHOLD_DIGITS}")
    return int(text)


def child_name(parent: str, index: int) -> str:
    """Name of child ``index`` (1-based) of the node named ``parent``: Zhong's App B names
    (``root``, ``c1``, ``c21``: one digit per level) until an index reaches 10; from there on
    the indices are separated by dots (``c1.10``, ``c1.10.2``), and a root child with an index
    >= 10 is ``c.11`` (the root's 11th child; ``c11`` is the first child of ``c1``).  Every
    path gets its own name; :func:`name_path` reads it back.

    >>> child_name("root", 2), child_name("c2", 1), child_name("c1", 10), child_name("c1.10", 2)
    ('c2', 'c21', 'c1.10', 'c1.10.2')
    >>> child_name("root", 11), child_name("c1", 1), child_name("c.11", 1)
    ('c.11', 'c11', 'c.11.1')
    """
    if parent == "root":
        return f"c{index}" if index < 10 else f"c.{index}"
    if "." in parent:
        return f"{parent}.{index}"
    if index < 10:
        return parent + str(index)
    return "c" + ".".join(parent[1:]) + f".{index}"


def node_name(path: Sequence[int]) -> str:
    """The name of the node reached from the root by 1-based child indices ``path``
    (:func:`child_name` applied along the path).

    >>> node_name([]), node_name([2, 1]), node_name([1, 10, 2]), node_name([10, 2])
    ('root', 'c21', 'c1.10.2', 'c.10.2')
    """
    name = "root"
    for index in path:
        name = child_name(name, index)
    return name


def name_path(name: str) -> list:
    """The 1-based child indices leading from the root to the node called ``name``: the
    inverse of :func:`node_name`.

    >>> name_path("root"), name_path("c212"), name_path("c1.2.10"), name_path("c.10.2")
    ([], [2, 1, 2], [1, 2, 10], [10, 2])
    """
    if name == "root":
        return []
    if not name.startswith("c") or len(name) < 2:
        raise ValueError(f"{name!r} is not a node name (root, c1, c21, c1.10, ...)")
    body = name[1:]
    parts = body.lstrip(".").split(".") if "." in body else list(body)
    if not all(part.isdigit() and int(part) >= 1 for part in parts):
        raise ValueError(f"{name!r} is not a node name (root, c1, c21, c1.10, ...)")
    return [int(part) for part in parts]


def ancestor_names(name: str) -> list:
    """Names of the proper ancestors of the node called ``name``, root first.

    >>> ancestor_names("c212"), ancestor_names("c1.2.10"), ancestor_names("root")
    (['root', 'c2', 'c21'], ['root', 'c1', 'c12'], [])
    """
    path = name_path(name)
    return [node_name(path[:i]) for i in range(len(path))]


def majority_class(counts: Sequence[int]) -> int:
    """The label of a leaf: the majority class, the first one on ties (Zhong 5.1.4; also
    C4.5's and Elomaa-Kaariainen's rule).

    >>> majority_class((0, 49, 5)), majority_class((2, 3, 3))
    (1, 1)
    """
    counts = list(counts)
    return counts.index(max(counts))


@dataclass(eq=False)
class Node:
    """A node of a count tree: class ``counts``, ``children`` (empty for a leaf).

    ``name`` is Zhong's positional name (set by :class:`Tree`); ``split`` is a
    display string; ``feature``/``threshold`` route inputs (``x[feature] <=
    threshold`` goes to the first child) for trees that came from scikit-learn.

    >>> leaf = Node((3, 1))
    >>> leaf.is_leaf, leaf.n, leaf.errors, leaf.label
    (True, 4, 1, 0)
    """

    counts: tuple
    children: list = field(default_factory=list)
    name: str = "root"
    split: Optional[str] = None
    feature: Optional[int] = None
    threshold: Optional[Union[int, float]] = None    # an int from JSON is kept exactly

    @property
    def is_leaf(self) -> bool:
        return not self.children

    @property
    def n(self) -> int:
        """Number of training examples n_t."""
        return sum(self.counts)

    @property
    def label(self) -> int:
        """Majority class, first class on ties (:func:`majority_class`)."""
        return majority_class(self.counts)

    @property
    def errors(self) -> int:
        """Training misclassifications as a leaf: n_t - max_j n_{j,t}."""
        return self.n - max(self.counts)

    def walk(self) -> Iterator["Node"]:
        """Nodes in pre-order (iterative, safe for deep trees)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def postorder(self) -> list:
        """Nodes with every child before its parent."""
        order = list(self.walk())
        order.reverse()
        return order

    def leaves(self) -> list:
        return [node for node in self.walk() if node.is_leaf]

    def to_dict(self) -> dict:
        """The JSON form of the subtree (iterative: any depth).

        >>> Node((1, 1), [Node((1, 0)), Node((0, 1))], split="x <= 2", feature=0, threshold=2).to_dict()["threshold"]
        2
        """
        root_out: dict = {}
        stack = [(self, root_out)]
        while stack:
            node, out = stack.pop()
            out["counts"] = list(node.counts)
            for key in ("name", "split", "feature", "threshold"):
                value = getattr(node, key)
                if value is not None:
                    out[key] = value
            if node.children:
                out["children"] = [{} for _ in node.children]
                stack.extend(zip(node.children, out["children"]))
        return root_out


class Tree:
    """A validated count tree, stored as arrays (:class:`CountArrays`, built on first use) and
    viewed as :class:`Node` objects (built on first use of :attr:`root`); either form may come
    first and the other is derived from it.  A tree must not be modified once built.

    >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
    >>> [node.name for node in t.nodes()], t.arrays().counts.tolist()
    (['root', 'c1', 'c2'], [[2, 1], [2, 0], [0, 1]])
    >>> Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [1, 1]}]}')
    Traceback (most recent call last):
    ValueError: node root: children's counts add up to [3, 1], not to its counts [2, 1]
    """

    def __init__(self, root: Node, class_names: Optional[Sequence[str]] = None,
                 feature_names: Optional[Sequence[str]] = None):
        if not isinstance(root, Node):
            raise TypeError(f"Tree needs a Node as root, got {type(root).__name__}")
        self.root = root
        self.n_classes = len(root.counts)
        _validate_and_name(root, self.n_classes)
        self._set_names(class_names, feature_names)

    def _set_names(self, class_names, feature_names) -> None:
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

        >>> import numpy as np
        >>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
        >>> Tree.from_arrays(a).node("c2").counts
        (0, 1)
        >>> Tree.from_arrays(CountArrays(np.array([[2, 1], [2, 0], [1, 1]]), a.offsets, a.indices))
        Traceback (most recent call last):
        ValueError: node root: children's counts add up to [3, 1], not to its counts [2, 1]
        """
        if validate:
            _check_arrays(arrays)
        tree = cls.__new__(cls)
        tree._root, tree._arrays, tree._nodes, tree._routing = None, arrays, None, routing
        tree.n_classes = arrays.counts.shape[1]
        tree._set_names(class_names, feature_names)
        return tree

    @property
    def root(self) -> Node:
        """The root :class:`Node` (the node view is built from the arrays on first use)."""
        if self._root is None:
            self._materialize()
        return self._root

    @root.setter
    def root(self, node: Node) -> None:
        self._root, self._arrays, self._nodes, self._routing = node, None, None, None

    def arrays(self) -> "CountArrays":
        """The count arrays of the tree (node i is the i-th node in pre-order when the tree was
        built from Nodes), built once and cached."""
        if self._arrays is None:
            import numpy as np
            nodes = list(self._root.walk())
            position = {id(node): i for i, node in enumerate(nodes)}
            offsets = np.zeros(len(nodes) + 1, dtype=np.int64)
            np.cumsum([len(node.children) for node in nodes], out=offsets[1:])
            indices = np.fromiter((position[id(c)] for node in nodes for c in node.children),
                                  dtype=np.int64, count=int(offsets[-1]))
            self._arrays = CountArrays(_counts_matrix([node.counts for node in nodes], self.n_classes),
                                       offsets, indices)
            self._nodes = nodes
            self._routing = ("nodes", [node.split for node in nodes], [node.feature for node in nodes],
                             [node.threshold for node in nodes])
        return self._arrays

    def _node_list(self) -> list:
        """The Nodes in array index order."""
        if self._nodes is None:
            if self._root is not None:
                self.arrays()
            else:
                self._materialize()
        return self._nodes

    def _materialize(self) -> None:
        """Build the Node view of the arrays (one Python object per node, names by Zhong)."""
        a = self._arrays
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
                    node.split = f"{names[f] if names else f'x[{f}]'} <= {x:.4g}"
        elif self._routing is not None:
            for node, split, feature, threshold in zip(nodes, *self._routing[1:]):
                node.split, node.feature, node.threshold = split, feature, threshold
        self._root, self._nodes = nodes[0], nodes

    def flat(self) -> tuple:
        """Post-order arrays for fast passes, built once and cached: ``(nodes, sizes, majority,
        children)`` where ``children[i]`` lists the positions of node i's children.
        The tree must not be mutated after the first call."""
        cached = getattr(self, "_flat", None)
        if cached is None:
            nodes = self.root.postorder()
            position = {id(node): i for i, node in enumerate(nodes)}
            sizes = [sum(node.counts) for node in nodes]
            majority = [max(node.counts) for node in nodes]
            children = [tuple(position[id(c)] for c in node.children) for node in nodes]
            cached = self._flat = (nodes, sizes, majority, children)
        return cached

    def pruned_by(self, kept) -> tuple:
        """``(tree, pruned)``: :meth:`pruned_tree` and :meth:`pruned_names` of ``kept``.

        >>> import numpy as np
        >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
        >>> small, pruned = t.pruned_by(np.array([False, False, False]))
        >>> small.n_leaves, pruned
        (1, ['root'])
        """
        return self.pruned_tree(kept), self.pruned_names(kept)

    def pruned_tree(self, kept) -> "Tree":
        """The tree in which every split i with ``kept[i]`` false (a boolean array over
        :meth:`arrays`' indices) is a leaf, as arrays (names, order and routing tests of the
        remaining splits kept).  Vectorized; the input is untouched."""
        import numpy as np
        a = self.arrays()
        arrays, old = a.pruned(np.asarray(kept, dtype=bool))
        cut = np.flatnonzero((a.n_children[old] > 0) & (arrays.n_children == 0))
        routing = self._routing
        if routing is not None and routing[0] == "sklearn":
            feature = routing[1][old].copy()
            feature[cut] = -2
            routing = ("sklearn", feature, routing[2][old])
        elif routing is not None:
            columns = [[column[i] for i in old.tolist()] for column in routing[1:]]
            for i in cut.tolist():
                for column in columns:
                    column[i] = None
            routing = ("nodes", *columns)
        return Tree.from_arrays(arrays, self.class_names, self.feature_names, routing, validate=False)

    def pruned_names(self, kept) -> list:
        """The names of the splits :meth:`pruned_tree` turns into leaves, topmost only (a split
        whose ancestors are all kept), in index order.

        >>> t = iris_tree()
        >>> kept = t.arrays().n_children > 0
        >>> kept[[t.arrays().index(name) for name in ("c21", "c211", "c22")]] = False
        >>> t.pruned_names(kept)                  # c211 lies below c21
        ['c21', 'c22']
        """
        import numpy as np
        a = self.arrays()
        kept = np.asarray(kept, dtype=bool)
        return a.names_of(np.flatnonzero((a.n_children > 0) & ~kept & a.subtree_mask(kept)).tolist())

    def split_tests(self) -> tuple:
        """``(left, right, feature, threshold)`` arrays over :meth:`arrays`' indices: the children
        of each split (-1 at a leaf) and its test ``x[feature] <= threshold`` (an exact integer
        threshold read through :func:`routing_threshold`; NaN at a leaf), as :func:`route` takes
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

    def pruned_copy(self, is_kept) -> tuple:
        """A copy of this tree in which every split with ``is_kept(node)`` false becomes a leaf
        (and its subtree is dropped).  Returns ``(tree, pruned)``: the new Tree (names kept) and
        the names of the splits turned into leaves, topmost only.  Iterative; the input is
        untouched.

        >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
        >>> small, pruned = t.pruned_copy(lambda node: False)
        >>> small.n_leaves, pruned
        (1, ['root'])
        """
        source = self.root
        new_root = Node(source.counts, [], source.name, source.split, source.feature, source.threshold)
        pruned: list = []
        stack = [(source, new_root)]
        while stack:
            node, copy = stack.pop()
            if not node.children:
                continue
            if is_kept(node):
                for child in node.children:
                    child_copy = Node(child.counts, [], child.name, child.split, child.feature, child.threshold)
                    copy.children.append(child_copy)
                    stack.append((child, child_copy))
            else:
                copy.split = copy.feature = copy.threshold = None
                pruned.append(node.name)
        return Tree._trusted(new_root, self), pruned

    @classmethod
    def _trusted(cls, root: Node, like: "Tree") -> "Tree":
        """A Tree over nodes copied from the validated tree ``like`` (names kept, no re-validation)."""
        tree = cls.__new__(cls)
        tree.root, tree.n_classes = root, like.n_classes
        tree.class_names, tree.feature_names = like.class_names, like.feature_names
        return tree

    # -- access ------------------------------------------------------------
    def nodes(self) -> list:
        return list(self.root.walk())

    def leaves(self) -> list:
        return self.root.leaves()

    def node(self, name: str) -> Node:
        try:
            return self._node_list()[self.arrays().index(name)]
        except (KeyError, ValueError):
            raise KeyError(f"no node named {name!r}") from None

    @property
    def n_leaves(self) -> int:
        return int((self.arrays().n_children == 0).sum())

    def __repr__(self) -> str:
        return f"Tree({self.n_leaves} leaves, {self.n_classes} classes, root counts {list(self.root.counts)})"

    # -- JSON --------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, class_names: Optional[Sequence[str]] = None) -> "Tree":
        return cls(_node_from_dict(data, "root"), class_names=class_names)

    @classmethod
    def from_json(cls, text: str) -> "Tree":
        """Parse the JSON form (see the module docstring); malformed JSON is a ValueError.

        >>> Tree.from_json('{"counts": [1, 1], "class_names": ["a", "b"]}').class_names
        ['a', 'b']
        """
        try:
            with deep_json():
                data = json.loads(text, parse_int=_json_int)
            class_names = data.get("class_names") if isinstance(data, dict) else None
            return cls.from_dict(data, class_names=class_names)
        except json.JSONDecodeError as err:
            raise ValueError(f"malformed tree JSON: {err}") from None
        except RecursionError:
            raise ValueError("tree JSON is nested too deeply for this Python's recursion limit") from None

    def to_dict(self) -> dict:
        out = self.root.to_dict()
        if self.class_names is not None:
            out["class_names"] = self.class_names
        return out

    def to_json(self, indent: Optional[int] = None) -> str:
        """The JSON text of the tree, any depth up to ``MAX_DEPTH``; a tree deeper than
        ``INDENT_DEPTH`` is written compactly even when ``indent`` is given.

        >>> Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}').to_json()
        '{"counts": [1, 1], "name": "root", "children": [{"counts": [1, 0], "name": "c1"}, {"counts": [0, 1], "name": "c2"}]}'
        """
        if indent is not None and self.depth() > INDENT_DEPTH:
            indent = None
        with deep_json():
            return json.dumps(self.to_dict(), indent=indent)

    def depth(self) -> int:
        """Number of edges on the longest root-to-leaf path (from the arrays' levels).

        >>> Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}').depth()
        1
        """
        return len(self.arrays().levels()) - 1

    def render(self) -> str:
        """An indented text picture of the tree with names, counts and splits (iterative)."""
        lines, stack = [], [(self.root, 0)]
        while stack:
            node, depth = stack.pop()
            split = f"  [{node.split}]" if node.split else ""
            lines.append(f"{'  ' * depth}{node.name}: {list(node.counts)}{split}")
            stack.extend((child, depth + 1) for child in reversed(node.children))
        return "\n".join(lines)

    # -- routing -----------------------------------------------------------
    def leaf_for(self, x: Sequence[float]) -> Node:
        """The leaf that receives input ``x`` (trees with feature/threshold)."""
        node = self.root
        while node.children:
            if node.feature is None or node.threshold is None or len(node.children) != 2:
                raise ValueError(f"node {node.name} has no routing test (feature/threshold)")
            node = node.children[0] if x[node.feature] <= node.threshold else node.children[1]
        return node

    def partition(self, X) -> dict:
        """The rows of ``X`` reaching each node: name -> numpy index array, routed by the
        feature/threshold tests (``x[feature] <= threshold`` goes to the first child).

        >>> import numpy as np
        >>> t = Tree(Node((1, 1), [Node((1, 0)), Node((0, 1))], feature=0, threshold=0.5))
        >>> {name: rows.tolist() for name, rows in t.partition(np.array([[0.0], [1.0], [0.2]])).items()}
        {'root': [0, 1, 2], 'c1': [0, 2], 'c2': [1]}
        """
        import numpy as np
        X = np.asarray(X)
        a = self.arrays()
        position, span = a.preorder, a.subtree_sizes         # a subtree is a run of positions
        reached = position[route(self.split_tests(), X, np.arange(len(X)), 0)]
        order = np.argsort(reached, kind="stable")          # rows by their leaf's position, each run in row order
        starts = np.searchsorted(reached[order], position)
        ends = np.searchsorted(reached[order], position + span)
        return {name: np.sort(order[s:e]) for name, s, e in zip(a.names_of(range(a.n_nodes)), starts.tolist(), ends.tolist())}

    # -- scikit-learn ------------------------------------------------------
    @classmethod
    def from_sklearn(cls, estimator, feature_names: Optional[Sequence[str]] = None,
                     counts: Optional[Any] = None) -> "Tree":
        """Convert a fitted ``DecisionTreeClassifier`` into a count tree.

        Counts are the tree's weighted class counts (``tree_.value`` times
        ``weighted_n_node_samples``), which must be whole numbers; a tree fit
        with fractional sample weights is refused.  ``counts`` may instead
        give an (n_nodes, n_classes) integer array computed elsewhere.
        """
        import numpy as np
        tree_ = getattr(estimator, "tree_", None)
        if tree_ is None:
            raise TypeError("from_sklearn needs a fitted DecisionTreeClassifier (no tree_ attribute)")
        if tree_.n_outputs != 1:
            raise ValueError("multi-output trees are not supported")
        if counts is None:
            counts = sklearn_counts(tree_)
        counts = np.asarray(counts)
        if counts.ndim != 2 or counts.shape[0] != tree_.node_count:
            raise ValueError(f"counts must be an (n_nodes, n_classes) = ({tree_.node_count}, J) matrix, "
                             f"got shape {counts.shape}")
        left, right = tree_.children_left, tree_.children_right
        internal = left != -1
        offsets = np.zeros(tree_.node_count + 1, dtype=np.int64)
        np.cumsum(np.where(internal, 2, 0), out=offsets[1:])
        indices = np.empty(int(offsets[-1]), dtype=np.int64)
        indices[0::2], indices[1::2] = left[internal], right[internal]
        if np.issubdtype(counts.dtype, np.integer):
            counts = counts.astype(np.int64, copy=False)
        arrays = CountArrays(counts, offsets, indices)
        names = list(feature_names) if feature_names is not None else None
        class_names = [str(c) for c in getattr(estimator, "classes_", range(counts.shape[1]))]
        routing = ("sklearn", np.asarray(tree_.feature, dtype=np.int64), np.asarray(tree_.threshold, dtype=np.float64))
        return cls.from_arrays(arrays, class_names, names, routing)


def sklearn_counts(tree_):
    """The (n_nodes, n_classes) integer class counts of a fitted scikit-learn ``tree_`` (its
    ``value`` times ``weighted_n_node_samples``); ValueError if they are not whole numbers.

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> sklearn_counts(DecisionTreeClassifier().fit([[0], [1], [2]], [0, 1, 1]).tree_).tolist()
    [[1, 2], [1, 0], [0, 2]]
    """
    import numpy as np
    values = tree_.value[:, 0, :]
    weights = tree_.weighted_n_node_samples
    raw = values * weights[:, None] if np.all(np.abs(functools.reduce(operator.add, values.T) - 1) < 1e-9) else values
    rounded = np.rint(raw)
    if np.any(np.abs(raw - rounded) > 1e-6):
        worst = int(np.argmax(np.abs(raw - rounded).max(axis=1)))
        raise ValueError(f"node {worst} of the scikit-learn tree has non-integer weighted class counts "
                         f"{raw[worst].tolist()}: the count tree needs whole numbers (fit without "
                         f"fractional sample_weight)")
    return rounded.astype(np.int64)


def _csr_gather(offsets, indices, parents):
    """The children of the nodes ``parents`` (an index array), concatenated in order: one
    vectorized gather over the CSR arrays ``(offsets, indices)``."""
    import numpy as np
    starts, ends = offsets[parents], offsets[parents + 1]
    lengths = ends - starts
    total = int(lengths.sum())
    if total == 0:
        return indices[:0]
    shift = np.repeat(starts - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths)
    return indices[shift + np.arange(total)]


def route(tests: tuple, X, rows, start: int):
    """The leaf reached by each example ``X[rows]`` from node ``start`` down the binary
    structure ``tests = (left, right, feature, threshold)`` (as :meth:`Tree.split_tests` returns;
    ``x[feature] <= threshold`` goes left): one vectorized step per level.

    >>> import numpy as np
    >>> t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 2, '
    ...                    '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    >>> route(t.split_tests(), np.array([[2.0], [3.0], [-1.0]]), np.array([0, 1, 2]), 0).tolist()
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

    def __init__(self, counts, offsets, indices):
        self.counts, self.offsets, self.indices = counts, offsets, indices
        self._cache: dict = {}

    def __getstate__(self) -> dict:
        return {"counts": self.counts, "offsets": self.offsets, "indices": self.indices}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._cache = {}

    def cached(self, key: str, make):
        """``make()``, computed once per ``key`` and kept with the arrays (which never change)."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def n_nodes(self) -> int:
        return len(self.offsets) - 1

    @property
    def n_children(self):
        """Number of children of each node (0 for a leaf)."""
        import numpy as np
        return self.cached("n_children", lambda: np.diff(self.offsets))

    @property
    def sizes(self):
        """n_t of every node (row sums of the counts, one column at a time: numpy reduces a
        narrow matrix along its rows many times slower)."""
        return self.cached("sizes", lambda: functools.reduce(operator.add, self.counts.T))

    @property
    def majority(self):
        """max_j n_{j,t} of every node (column by column, like :attr:`sizes`)."""
        import numpy as np
        return self.cached("majority", lambda: functools.reduce(np.maximum, self.counts.T))

    @property
    def parent(self):
        """Parent index of every node (-1 for the root)."""
        import numpy as np

        def make():
            parent = np.full(self.n_nodes, -1, dtype=np.int64)
            parent[self.indices] = np.repeat(np.arange(self.n_nodes), self.n_children)
            return parent
        return self.cached("parent", make)

    @property
    def rank(self):
        """1-based position of every node among its siblings (0 for the root)."""
        import numpy as np

        def make():
            rank = np.zeros(self.n_nodes, dtype=np.int64)
            rank[self.indices] = (np.arange(len(self.indices))
                                  - np.repeat(self.offsets[:-1], self.n_children) + 1)
            return rank
        return self.cached("rank", make)

    def levels(self) -> list:
        """Index arrays of the nodes at depth 0, 1, 2, ... (breadth-first, one gather per level)."""
        import numpy as np

        def make():
            levels, frontier = [], np.zeros(1, dtype=np.int64)
            arity = self.n_children
            if np.all((arity == 0) | (arity == 2)):     # binary: a node's children are one row of pairs
                pairs, row = self.indices.reshape(-1, 2), self.offsets[:-1] // 2
                while frontier.size:
                    levels.append(frontier)
                    frontier = pairs[row[frontier[arity[frontier] > 0]]].ravel()
                return levels
            while frontier.size:
                levels.append(frontier)
                frontier = _csr_gather(self.offsets, self.indices, frontier)
            return levels
        return self.cached("levels", make)

    @property
    def depth(self):
        """Depth of every node (the root has depth 0)."""
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

    @property
    def subtree_sizes(self):
        """Number of nodes in the subtree of every node (itself included), bottom-up level by level."""
        import numpy as np

        def make():
            size = np.ones(self.n_nodes, dtype=np.int64)
            for splits in self.splits_bottom_up():
                size[splits] += self.child_sums(splits, size)
            return size
        return self.cached("subtree_sizes", make)

    @property
    def preorder(self):
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
                kids, count = _csr_gather(self.offsets, self.indices, internal), arity[internal]
                running = np.cumsum(size[kids])        # subtree sizes summed over the level's children
                first = np.cumsum(count) - count       # the slot of each parent's eldest child
                elder = running - size[kids] - np.repeat(running[first] - size[kids[first]], count)
                position[kids] = np.repeat(position[internal], count) + 1 + elder
            return position
        return self.cached("preorder", make)

    def _binary_side(self, side: int):
        import numpy as np
        arity = self.n_children
        if np.any((arity != 0) & (arity != 2)):
            raise ValueError("children_left/children_right need a binary tree; use offsets/indices")
        out = np.full(self.n_nodes, -1, dtype=np.int64)
        internal = arity == 2
        out[internal] = self.indices[self.offsets[:-1][internal] + side]
        return out

    @property
    def children_left(self):
        """scikit-learn's ``children_left`` of a binary tree (-1 for a leaf)."""
        return self.cached("left", lambda: self._binary_side(0))

    @property
    def children_right(self):
        """scikit-learn's ``children_right`` of a binary tree (-1 for a leaf)."""
        return self.cached("right", lambda: self._binary_side(1))

    def name(self, i: int) -> str:
        """Zhong's name of node ``i`` (:func:`node_name` of its path), computed on demand."""
        return self.names_of([i])[0]

    def names_of(self, nodes) -> list:
        """Zhong's names (:func:`node_name`) of the nodes ``nodes``, computed on demand: one
        vectorized walk up the tree writes every path as text, a digit per level after the ``c``
        (a byte matrix, a row per node); only a path with a child index >= 10 is named with
        dots, node by node."""
        import numpy as np
        nodes = np.asarray(nodes, dtype=np.int64).reshape(-1)
        depth = self.depth[nodes]
        text = np.zeros((nodes.size, max(1, int(depth.max(initial=0)))), dtype=np.uint8)
        rows, current, column = np.arange(nodes.size), nodes, depth - 1
        parent, rank = self.parent, self.rank
        while rows.size:
            live = column >= 0
            rows, current, column = rows[live], current[live], column[live]
            text[rows, column] = np.minimum(rank[current], 10) + ord("0")     # 10 and above: ":"
            current, column = parent[current], column - 1
        names = ["c" + path.decode() if path else "root" for path in text.view(f"S{text.shape[1]}").ravel().tolist()]
        for row in np.flatnonzero((text == ord(":")).any(axis=1)).tolist():
            path, j = [], int(nodes[row])
            while j:
                path.append(int(rank[j]))
                j = int(parent[j])
            names[row] = node_name(path[::-1])
        return names

    def names(self) -> list:
        """Zhong's names of all nodes, in index order."""
        names = ["root"] * self.n_nodes
        parent, rank = self.parent.tolist(), self.rank.tolist()
        for i in range(1, self.n_nodes):
            names[i] = child_name(names[parent[i]], rank[i])
        return names

    def index(self, name: str) -> int:
        """The index of the node called ``name``; KeyError if there is none."""
        i = 0
        for r in name_path(name):
            start, end = int(self.offsets[i]), int(self.offsets[i + 1])
            if r > end - start:
                raise KeyError(f"no node named {name!r}")
            i = int(self.indices[start + r - 1])
        return i

    def nbytes(self) -> int:
        """Bytes held by the stored arrays (counts, offsets, indices)."""
        return int(self.counts.nbytes + self.offsets.nbytes + self.indices.nbytes)

    def child_sums(self, nodes, values):
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
        return np.add.reduceat(values[_csr_gather(self.offsets, self.indices, nodes)], starts, axis=0)

    def subtree_mask(self, kept):
        """Which nodes remain when every split with ``kept[i]`` false becomes a leaf: a boolean
        array (a node remains iff every proper ancestor is a kept split)."""
        import numpy as np
        alive = np.zeros(self.n_nodes, dtype=bool)
        alive[0] = True
        open_splits = kept & (self.n_children > 0)
        levels, arity = self.levels(), self.n_children
        for nodes, below in zip(levels, levels[1:]):      # ``below`` lists the children of ``nodes`` in order
            alive[below] = np.repeat(alive[nodes] & open_splits[nodes], arity[nodes])
        return alive

    def pruned(self, kept) -> tuple:
        """``(arrays, old)``: the arrays of the tree in which every split with ``kept[i]`` false is
        a leaf (names and order kept), and ``old``, the original index of each remaining node."""
        import numpy as np
        alive = self.subtree_mask(kept)
        old = np.flatnonzero(alive)
        new_id = np.cumsum(alive) - 1
        open_splits = (kept & alive & (self.n_children > 0))[old]
        arity = np.where(open_splits, self.n_children[old], 0)
        offsets = np.zeros(len(old) + 1, dtype=np.int64)
        np.cumsum(arity, out=offsets[1:])
        indices = new_id[_csr_gather(self.offsets, self.indices, old[open_splits])]
        return CountArrays(self.counts[old], offsets, indices), old


def _check_arrays(a: CountArrays) -> None:
    """Vectorized validation of count arrays, with the messages of the Node checks (naming the
    first offending node): shape limits, a well-formed parent-before-child structure, integer
    counts in range, no single child, children's counts adding up to their parent's."""
    import numpy as np
    counts, n = a.counts, a.n_nodes
    if counts.ndim != 2 or counts.shape[0] != n or n == 0:
        raise ValueError(f"counts must be an (n_nodes, n_classes) matrix with n_nodes = {n} >= 1")
    if counts.shape[1] == 0:
        raise ValueError("node root: counts must not be empty")
    if counts.dtype != object and not np.issubdtype(counts.dtype, np.integer):
        raise ValueError(f"counts must be integers, got dtype {counts.dtype}")
    if len(a.offsets) and (a.offsets[0] != 0 or np.any(np.diff(a.offsets) < 0) or a.offsets[-1] != len(a.indices)):
        raise ValueError("offsets must rise from 0 to len(indices)")
    check_tree_shape(n, 0, int(a.n_children.max(initial=0)), "tree")
    children_per_node = np.bincount(a.indices, minlength=n) if len(a.indices) else np.zeros(n, dtype=np.int64)
    owner = np.repeat(np.arange(n), a.n_children)
    if (len(children_per_node) != n or np.any(a.indices <= owner) or children_per_node[0] != 0
            or np.any(children_per_node[1:] != 1)):
        raise ValueError("every node but the root must be the child of exactly one node with a smaller index")
    check_tree_shape(n, len(a.levels()) - 1, 0, "tree")
    if counts.min() < 0:        # whole-matrix tests first; the offending row is looked for only then
        bad = np.flatnonzero((counts < 0).any(axis=1))
        row = counts[bad[0]].tolist()
        raise ValueError(f"node {a.name(int(bad[0]))}: negative count {min(row)} in {row}")
    if counts.max() > MAX_COUNT or counts.shape[1] > MAX_CLASSES:
        too_big = np.flatnonzero((counts > MAX_COUNT).any(axis=1))
        check_counts_size(tuple(counts[too_big[0] if too_big.size else 0].tolist()),
                          f"node {a.name(int(too_big[0])) if too_big.size else 'root'}")
    single = np.flatnonzero(a.n_children == 1)
    if single.size:
        raise ValueError(f"node {a.name(int(single[0]))}: an internal node needs at least 2 children, got 1")
    internal = np.flatnonzero(a.n_children > 0)
    if internal.size:
        if len(a.indices) == 2 * internal.size:      # binary: no reduceat
            sums = counts[a.indices[0::2]] + counts[a.indices[1::2]]
        else:
            sums = np.add.reduceat(counts[a.indices], a.offsets[internal], axis=0)
        if np.any(sums != counts[internal]):
            wrong = internal[(sums != counts[internal]).any(axis=1)]
            i = int(wrong[0])
            total = sums[int(np.searchsorted(internal, i))].tolist()
            raise ValueError(f"node {a.name(i)}: children's counts add up to {total}, "
                             f"not to its counts {counts[i].tolist()}")


def _counts_matrix(rows: list, n_classes: int):
    """int64 matrix of count rows, or an object matrix of Python ints when a node size could
    pass int64."""
    import numpy as np
    largest = max((max(row) for row in rows), default=0)
    dtype = np.int64 if largest * n_classes < 2 ** 62 else object
    matrix = np.empty((len(rows), n_classes), dtype=dtype)
    matrix[:] = rows
    return matrix


def _node_from_dict(data: Any, name: str) -> Node:
    """The Node tree of the JSON form ``data`` (iterative: any depth; the shape limits of
    :func:`~exactprune.limits.check_tree_shape` are checked while reading)."""
    root = _node_fields(data, name)
    count, stack = 1, [(root, data, 0)]
    while stack:
        node, item, depth = stack.pop()
        children_data = item.get("children", [])
        if not isinstance(children_data, list):
            raise ValueError(f"node {node.name}: 'children' must be a list")
        count += len(children_data)
        check_tree_shape(count, depth + (1 if children_data else 0), len(children_data), f"node {node.name}")
        for i, child_data in enumerate(children_data, start=1):
            child = _node_fields(child_data, child_name(node.name, i))
            node.children.append(child)
            stack.append((child, child_data, depth + 1))
    return root


def _node_fields(data: Any, name: str) -> Node:
    """One node of the JSON form, without its children, checked."""
    if not isinstance(data, dict):
        raise ValueError(f"node {name}: expected an object with 'counts', got {type(data).__name__}")
    unknown = set(data) - {"counts", "children", "split", "name", "class_names", "feature", "threshold"}
    if unknown:
        raise ValueError(f"node {name}: unknown keys {sorted(unknown)}")
    if "counts" not in data:
        raise ValueError(f"node {name}: missing 'counts'")
    counts = data["counts"]
    if not isinstance(counts, list):
        raise ValueError(f"node {name}: 'counts' must be a list of non-negative integers")
    for c in counts:
        if isinstance(c, bool) or not isinstance(c, int):
            raise ValueError(f"node {name}: counts must be non-negative integers, got {c!r}")
    split = data.get("split")
    if split is not None and not isinstance(split, str):
        raise ValueError(f"node {name}: 'split' must be a string")
    feature, threshold = data.get("feature"), data.get("threshold")
    if feature is not None and (isinstance(feature, bool) or not isinstance(feature, int) or feature < 0):
        raise ValueError(f"node {name}: 'feature' must be a non-negative integer")
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, (int, float))
                                  or (isinstance(threshold, float) and not math.isfinite(threshold))):
        raise ValueError(f"node {name}: 'threshold' must be a finite number")
    return Node(tuple(counts), [], name, split, feature, threshold)


def _validate_and_name(root: Node, n_classes: int) -> None:
    if n_classes == 0:
        raise ValueError("node root: counts must not be empty")
    root.name = "root"
    stack, count = [(root, 0)], 1
    while stack:
        node, depth = stack.pop()
        count += len(node.children)     # a node reachable twice (or a cycle) is stopped by MAX_NODES
        check_tree_shape(count, depth + (1 if node.children else 0), len(node.children), f"node {node.name}")
        if not isinstance(node.counts, tuple):
            node.counts = tuple(node.counts)
        counts = node.counts
        if any(c.__class__ is not int for c in counts):
            for c in counts:   # any integer type (numpy.int64 from scikit-learn) becomes an int
                if isinstance(c, bool) or not isinstance(c, numbers.Integral):
                    raise ValueError(f"node {node.name}: counts must be integers, got {c!r}")
            counts = node.counts = tuple(int(c) for c in counts)
        for c in counts:
            if c < 0:
                raise ValueError(f"node {node.name}: negative count {c} in {list(counts)}")
        check_counts_size(counts, f"node {node.name}")
        if len(counts) != n_classes:
            raise ValueError(f"node {node.name}: has {len(counts)} counts, the root has {n_classes}")
        children = node.children
        if children:
            if len(children) == 1:
                raise ValueError(f"node {node.name}: an internal node needs at least 2 children, got 1")
            total = [0] * n_classes
            for i, child in enumerate(children, start=1):
                if not isinstance(child, Node):
                    raise TypeError(f"node {node.name}: children must be Nodes")
                child.name = child_name(node.name, i)
                if len(child.counts) != n_classes:
                    raise ValueError(f"node {child.name}: has {len(child.counts)} counts, the root has {n_classes}")
                total = [a + b for a, b in zip(total, child.counts)]
            if total != list(counts):
                raise ValueError(f"node {node.name}: children's counts add up to {total}, "
                                 f"not to its counts {list(counts)}")
            stack.extend((child, depth + 1) for child in children)


def all_prunings(node: Node, limit: Optional[int] = 100000) -> list:
    """Every pruning of the subtree at ``node``, each as the frozenset of names of the splits it
    keeps (brute force for checks; ValueError beyond ``limit`` prunings).  A pruning either
    turns ``node`` into a leaf or keeps its split and prunes each child independently.

    >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
    >>> sorted(sorted(p) for p in all_prunings(t.root))
    [[], ['root']]
    """
    options: dict = {}
    for current in node.postorder():     # iterative: any depth
        if not current.children:
            options[id(current)] = [frozenset()]
            continue
        combos = [frozenset([current.name])]
        for child in current.children:
            child_options = options.pop(id(child))
            combos = [c | o for c in combos for o in child_options]
            if limit is not None and len(combos) > limit:
                raise ValueError(f"node {current.name}: more than {limit} prunings; use a smaller tree")
        options[id(current)] = [frozenset()] + combos
    return options[id(node)]


IRIS_CLASS_NAMES = ("setosa", "versicolor", "virginica")


def iris_tree() -> Tree:
    """Zhong App B.1: the fully grown CART (Gini) tree on iris petal length and width.

    Grown from scikit-learn's bundled iris copy (no download), ``random_state=0``.

    >>> t = iris_tree()
    >>> t.n_leaves, t.node("c21").counts, t.node("c22").counts
    (8, (0, 49, 5), (0, 1, 45))
    """
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    data = load_iris()
    X = data.data[:, 2:4]
    estimator = DecisionTreeClassifier(criterion="gini", random_state=0).fit(X, data.target)
    tree = Tree.from_sklearn(estimator, feature_names=["petal length", "petal width"])
    tree.class_names = list(IRIS_CLASS_NAMES)
    return tree


# -- prunings (moved from baselines) --

def as_tree(tree) -> Tree:
    """``tree`` as a :class:`Tree`: a Tree as is, a root :class:`Node` wrapped (validated and
    named by :class:`Tree`).

    >>> as_tree(Node((2, 1), [Node((2, 0)), Node((0, 1))])).n_leaves
    2
    >>> as_tree([2, 1])
    Traceback (most recent call last):
    TypeError: expected a Tree or a Node, got list
    """
    if isinstance(tree, Node):
        return Tree(tree)
    if not isinstance(tree, Tree):
        raise TypeError(f"expected a Tree or a Node, got {type(tree).__name__}")
    return tree


def copy_with_leaves(tree: Tree, collapsed) -> Tree:
    """A copy of ``tree`` in which every node named in ``collapsed`` is a leaf (its subtree
    dropped; names kept; the input is untouched).

    >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
    >>> copy_with_leaves(t, {"root"}).n_leaves, copy_with_leaves(t, set()).n_leaves
    (1, 2)
    """
    return tree.pruned_copy(lambda node: node.name not in collapsed)[0]


def all_pruning_leaves(tree: Tree, limit: Optional[int] = 100000) -> list:
    """Every pruning of ``tree`` as the frozenset of its leaf names (brute force for checks;
    the leaf-set view of :func:`all_prunings`, ValueError beyond ``limit`` prunings).

    >>> t = Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    >>> sorted(sorted(p) for p in all_pruning_leaves(t))
    [['c1', 'c2'], ['root']]
    """
    def leaves(kept: frozenset) -> frozenset:
        names, stack = [], [tree.root]
        while stack:
            node = stack.pop()
            if node.name in kept:
                stack.extend(node.children)
            else:
                names.append(node.name)
        return frozenset(names)
    return [leaves(kept) for kept in all_prunings(tree.root, limit)]
