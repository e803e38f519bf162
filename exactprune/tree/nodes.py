"""Nodes: one Python object per node of a count tree, and their validation.

A :class:`Node` holds its class counts, its children, its name and an optional routing test;
:func:`validate_and_name` checks a tree of Nodes (messages name the offending node) and names
its nodes by :func:`~exactprune.tree.names.child_name`.  :func:`majority_class` is the label of
a leaf.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterator, Optional, Sequence, Union

from ..limits import check_counts_size, check_tree_shape
from .names import child_name

__all__ = ["Node", "majority_class"]


def majority_class(counts: Sequence[int]) -> int:
    """The label of a leaf: the majority class, the first one on ties (Zhong 5.1.4; also
    C4.5's and Elomaa-Kaariainen's rule).

    Parameters
    ----------
    counts : sequence of int or Fraction
        A node's class counts.

    Returns
    -------
    int
        The index of the first largest count.

    See Also
    --------
    exactprune.tree.majority_at_leaves : the majority class of the leaf each input reaches.

    Examples
    --------
    >>> majority_class((0, 49, 5)), majority_class((2, 3, 3))
    (1, 1)
    """
    counts = list(counts)
    return counts.index(max(counts))


@dataclass(eq=False)
class Node:
    """A node of a count tree: class ``counts``, ``children`` (empty for a leaf).

    ``name`` is Zhong's positional name (set by :class:`~exactprune.tree.Tree`); ``split`` is a
    display string; ``feature``/``threshold`` route inputs (``x[feature] <= threshold`` goes to
    the first child).  A threshold is a float (scikit-learn's, or a JSON float), an int or a
    Fraction (a JSON integer or text such as ``"1/3"``, kept exactly).

    Parameters
    ----------
    counts : tuple
        The class counts n_{j,t} (non-negative integers, or exact rationals for weighted rows).
    children : list of Node
        The children, in routing order; empty for a leaf.
    name : str
        Zhong's name (``root``, ``c1``, ``c21``...), set when a :class:`~exactprune.tree.Tree` is built.
    split : str, optional
        The split as text, for display.
    feature : int, optional
        The input column the split tests.
    threshold : int, float or Fraction, optional
        The split's threshold: ``x[feature] <= threshold`` goes to the first child.

    Examples
    --------
    >>> leaf = Node((3, 1))
    >>> leaf.is_leaf, leaf.n, leaf.errors, leaf.label
    (True, 4, 1, 0)
    """

    counts: tuple
    children: list = field(default_factory=list)
    name: str = "root"
    split: Optional[str] = None
    feature: Optional[int] = None
    threshold: Optional[Union[int, float, Fraction]] = None

    @property
    def is_leaf(self) -> bool:
        """True when the node has no children.

        >>> Node((1, 1), [Node((1, 0)), Node((0, 1))]).is_leaf, Node((1, 1)).is_leaf
        (False, True)
        """
        return not self.children

    @property
    def n(self) -> int:
        """Number of training examples n_t: the sum of the class counts.

        >>> Node((0, 49, 5)).n
        54
        """
        return sum(self.counts)

    @property
    def label(self) -> int:
        """Majority class, first class on ties (:func:`majority_class`).

        >>> Node((0, 2, 4)).label, Node((3, 3)).label
        (2, 0)
        """
        return majority_class(self.counts)

    @property
    def errors(self) -> int:
        """Training misclassifications as a leaf: n_t - max_j n_{j,t}.

        Zhong's node c21 of the iris tree, counts (0, 49, 5), errs on the 5 virginica:

        >>> Node((0, 49, 5)).errors
        5
        """
        return self.n - max(self.counts)

    def walk(self) -> Iterator["Node"]:
        """Nodes in pre-order (iterative, safe for deep trees): a node, then the subtree of
        its first child, then of its second.

        >>> a, b, c = Node((1, 0)), Node((0, 1)), Node((1, 1))
        >>> tree = Node((2, 2), [Node((1, 1), [a, b]), c])
        >>> [node is want for node, want in zip(tree.walk(), [tree, tree.children[0], a, b, c])]
        [True, True, True, True, True]
        """
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def postorder(self) -> list:
        """Nodes with every child before its parent (the reversed pre-order).

        >>> tree = Node((2, 2), [Node((1, 1), [Node((1, 0)), Node((0, 1))]), Node((1, 1))])
        >>> [node.n for node in tree.postorder()]
        [2, 1, 1, 2, 4]
        """
        order = list(self.walk())
        order.reverse()
        return order

    def leaves(self) -> list:
        """The leaves of the subtree, in pre-order.

        >>> tree = Node((3, 2), [Node((2, 1), [Node((2, 0)), Node((0, 1))]), Node((1, 1))])
        >>> [leaf.counts for leaf in tree.leaves()]
        [(2, 0), (0, 1), (1, 1)]
        """
        return [node for node in self.walk() if node.is_leaf]

    def to_dict(self) -> dict:
        """The JSON form of the subtree (iterative: any depth); an exact Fraction threshold or
        count (rational counts) is written as its ``"p/q"`` text, which the JSON reader takes back
        exactly.

        >>> Node((Fraction(3, 2), 1)).to_dict()
        {'counts': ['3/2', 1], 'name': 'root'}

        >>> Node((1, 1), [Node((1, 0)), Node((0, 1))], split="x <= 2", feature=0, threshold=2).to_dict()["threshold"]
        2
        >>> Node((1, 1), [Node((1, 0)), Node((0, 1))], feature=0, threshold=Fraction(1, 3)).to_dict()["threshold"]
        '1/3'
        """
        root_out: dict = {}
        stack = [(self, root_out)]
        while stack:
            node, out = stack.pop()
            out["counts"] = [str(c) if isinstance(c, Fraction) else c for c in node.counts]
            for key in ("name", "split", "feature", "threshold"):
                value = getattr(node, key)
                if value is not None:
                    out[key] = str(value) if isinstance(value, Fraction) else value
            if node.children:
                out["children"] = [{} for _ in node.children]
                stack.extend(zip(node.children, out["children"]))
        return root_out


def validate_and_name(root: Node, n_classes: int) -> None:
    """Check the tree of Nodes under ``root`` (counts non-negative integers or exact rationals
    (Fractions: weighted counts, :func:`has_fractional_counts`) in range, ``n_classes`` of them at
    every node, at least two children per internal node whose counts add up to their parent's,
    the shape limits) and set every node's name by :func:`~exactprune.tree.names.child_name`;
    counts of any integer type (and whole Fractions) become ints.  ValueError naming the first offending
    node.

    Parameters
    ----------
    root : Node
        The root of a tree of Nodes.
    n_classes : int
        The number of counts every node must have.

    Returns
    -------
    None
        The nodes are named in place; ValueError at the first offending node.

    See Also
    --------
    exactprune.tree.validation.check_arrays : the same checks on count arrays.

    Examples
    --------
    >>> root = Node((2, 1), [Node((2, 0)), Node((0, 1))])
    >>> validate_and_name(root, 2); [node.name for node in root.walk()]
    ['root', 'c1', 'c2']
    >>> validate_and_name(Node((2, 1), [Node((2, 0)), Node((1, 1))]), 2)
    Traceback (most recent call last):
    ValueError: node root: children's counts add up to [3, 1], not to its counts [2, 1]
    """
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
            # any integer type (numpy.int64 from scikit-learn) becomes an int, a whole Fraction too
            for c in counts:
                if isinstance(c, bool) or not isinstance(c, (numbers.Integral, Fraction)):
                    raise ValueError(f"node {node.name}: counts must be integers or exact rationals "
                                     f"(Fraction), got {c!r}")
            counts = node.counts = tuple(int(c) if isinstance(c, numbers.Integral) or c.denominator == 1 else c
                                         for c in counts)
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
