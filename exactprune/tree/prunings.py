"""Prunings of a count tree: every pruning enumerated (brute force for checks), and pruned copies.

A pruning either turns a node into a leaf or keeps its split and prunes each child
independently; :func:`all_prunings` lists them as the sets of splits kept and
:func:`all_pruning_leaves` as the sets of leaves.  :func:`kept_from_collapsed` turns the names of
the nodes a pruner made leaves into its kept splits, and :func:`copy_with_leaves` is the pruned
tree they give (:meth:`Tree.pruned_tree <exactprune.tree.Tree.pruned_tree>`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .arrays import CountArrays
from .counttree import Tree
from .nodes import Node

if TYPE_CHECKING:
    import numpy as np

__all__ = ["all_prunings", "all_pruning_leaves", "as_tree", "copy_with_leaves", "kept_from_collapsed"]


def all_prunings(node: Node, limit: Optional[int] = 100000) -> list:
    """Every pruning of the subtree at ``node``, each as the frozenset of names of the splits it
    keeps (brute force for checks; ValueError beyond ``limit`` prunings).  A pruning either
    turns ``node`` into a leaf or keeps its split and prunes each child independently.

    Parameters
    ----------
    node : Node
        The root of the subtree.
    limit : int or None
        The most prunings listed (None: no limit).

    Returns
    -------
    list of frozenset
        The names of the splits each pruning keeps.

    See Also
    --------
    all_pruning_leaves : the same prunings as leaf sets.

    Examples
    --------
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
            if limit is not None and len(combos) + 1 > limit:      # with the node as a leaf
                raise ValueError(f"node {current.name}: more than {limit} prunings; use a smaller tree")
        options[id(current)] = [frozenset()] + combos
    return options[id(node)]


def all_pruning_leaves(tree: Tree, limit: Optional[int] = 100000) -> list:
    """Every pruning of ``tree`` as the frozenset of its leaf names (brute force for checks;
    the leaf-set view of :func:`all_prunings`, ValueError beyond ``limit`` prunings).

    Parameters
    ----------
    tree : Tree
    limit : int or None
        The most prunings listed (None: no limit).

    Returns
    -------
    list of frozenset
        The names of each pruning's leaves.

    See Also
    --------
    all_prunings : the same prunings as kept splits.

    Examples
    --------
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


def as_tree(tree: Any) -> Tree:
    """``tree`` as a :class:`~exactprune.tree.Tree`: a Tree as is, a root :class:`Node` wrapped
    (validated and named by :class:`~exactprune.tree.Tree`).

    Parameters
    ----------
    tree : Tree or Node

    Returns
    -------
    Tree

    See Also
    --------
    exactprune.tree.Tree : the count tree.

    Examples
    --------
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


def kept_from_collapsed(arrays: CountArrays, collapsed: Any) -> "np.ndarray":
    """The kept splits (a boolean array over ``arrays``' indices, the ``kept_splits`` of a
    :class:`~exactprune.pruning.Pruning`) from the names of the nodes a pruner turned into leaves
    (any iterable of names, nested ones and leaves allowed): True at every split not named.  A
    name of no node is a KeyError.

    Parameters
    ----------
    arrays : CountArrays
    collapsed : iterable of str
        Names of nodes made leaves.

    Returns
    -------
    numpy.ndarray of bool
        True at the splits kept.

    See Also
    --------
    copy_with_leaves : the pruned tree of the same names.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> a = iris_tree().arrays()
    >>> kept = kept_from_collapsed(a, {"c21", "c22"})
    >>> sorted(a.names_of(kept.nonzero()[0]))
    ['c2', 'c211', 'c212', 'c2122', 'root']
    >>> kept_from_collapsed(a, {"c23"})
    Traceback (most recent call last):
    KeyError: "no node named 'c23'"
    """
    import numpy as np
    kept = arrays.n_children > 0
    kept[np.array([arrays.index(name) for name in collapsed], dtype=np.int64)] = False
    return kept


def copy_with_leaves(tree: Tree, collapsed: Any) -> Tree:
    """A copy of ``tree`` in which every node named in ``collapsed`` is a leaf (its subtree
    dropped; names kept; the input is untouched); a name of no node is a KeyError
    (:func:`kept_from_collapsed`).

    Parameters
    ----------
    tree : Tree
    collapsed : iterable of str
        Names of nodes made leaves.

    Returns
    -------
    Tree

    See Also
    --------
    kept_from_collapsed : the kept splits of the same names.
    exactprune.tree.Tree.pruned_tree : the one builder of pruned trees.

    Examples
    --------
    >>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
    >>> copy_with_leaves(t, {"root"}).n_leaves, copy_with_leaves(t, set()).n_leaves
    (1, 2)
    """
    return tree.pruned_tree(kept_from_collapsed(tree.arrays(), collapsed))
