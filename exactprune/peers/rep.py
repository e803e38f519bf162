"""Reduced error pruning (REP) as analysed by Elomaa and Kaariainen (JAIR 2001, Table 1).

One bottom-up sweep over the tree with a separate pruning set: a subtree whose pruning-set
errors are >= those of a leaf is replaced by the leaf (REP prunes on ties).  Pruned leaves are
labelled by the pruning-set majority (``labels="pruning"``, EK Table 1) or by the training
majority (``labels="training"``, EK section 2.2).  :func:`route_counts` gives the pruning-set
class counts at every node (EK Table 1, ``classify``).  EK's Theorem 1 (REP finds the smallest
most accurate pruning) is checked in :mod:`exactprune.theorems.ek`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Mapping, Sequence, Union

from ..pruning import Pruning, prune_bottom_up
from ..tree import Tree, as_tree, leaves_reached

if TYPE_CHECKING:
    import numpy as np

__all__ = ["rep_prune", "REPResult", "route_counts"]


def route_counts(tree: Tree, X, y) -> Dict[str, tuple]:
    """Class counts of the examples (X, y) at every node (EK Table 1, ``classify``);
    ``y`` holds class indices 0..J-1; nodes need feature/threshold tests.  The examples are
    routed to the leaves one level at a time and counted upwards (:func:`_routed_matrix`).

    Parameters
    ----------
    tree : Tree
        A tree with a feature/threshold test at every split.
    X : array-like of shape (n_examples, n_features)
        The examples.
    y : array-like of int
        Their class indices 0..J-1.

    Returns
    -------
    dict
        Node name -> tuple of class counts.

    See Also
    --------
    rep_prune : takes these counts as its pruning set.

    Examples
    --------
    >>> import numpy as np
    >>> t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 0.5, '
    ...                    '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    >>> route_counts(t, np.array([[0.0], [1.0], [2.0]]), [1, 1, 0])
    {'root': (1, 2), 'c1': (0, 1), 'c2': (1, 1)}
    """
    matrix = _routed_matrix(tree, X, y)
    return dict(zip(tree.arrays().names(), map(tuple, matrix.tolist())))


def _routed_matrix(tree: Tree, X, y):
    """The (n_nodes, J) int64 class counts of (X, y) at every node of ``tree.arrays()``."""
    import numpy as np
    a, X, y = tree.arrays(), np.asarray(X), np.asarray(y)
    tests = tree.split_tests()
    J = tree.n_classes
    leaf = leaves_reached(tests, X, np.arange(len(y)), 0)
    return a.sums_from_leaves(np.bincount(leaf * J + y, minlength=a.n_nodes * J).reshape(a.n_nodes, J))


class REPResult(Pruning):
    """REP's outcome, a :class:`~exactprune.pruning.Pruning` (``k`` None; every comparison exact):
    the pruned ``tree`` (structure of the pruned tree, training counts), ``pruned`` (topmost
    collapsed names, sorted), ``kept_splits`` and ``routes`` as for every pruner, and REP's own
    ``labels`` (name -> class predicted by each leaf) and ``errors`` on the pruning set (also its
    ``moment``).

    Parameters
    ----------
    source : Tree
        The tree that was pruned.
    kept : array of bool
        Over ``source.arrays()``'s indices: True where the split is kept.
    labels : dict
        Leaf name -> the class it predicts.
    errors : int
        Errors on the pruning set, also ``moment``.
    pruned : list
        The topmost collapsed names, sorted.
    decisions : int
        The exact comparisons made (its ``routes``).

    See Also
    --------
    rep_prune : the pruner that returns it.

    Examples
    --------
    A split whose leaves classify the pruning set perfectly is kept (the root as a leaf would
    make 2 errors on (2, 2)); the original leaves keep their training labels:

    >>> t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    >>> result = rep_prune(t, {"root": (2, 2), "c1": (2, 0), "c2": (0, 2)})
    >>> result.errors, result.pruned, result.labels, result.tree.n_leaves
    (0, [], {'c1': 0, 'c2': 1}, 2)
    """

    def __init__(self, source: Tree, kept, labels: Dict[str, int], errors: int, pruned: list, decisions: int):
        super().__init__(source, None, kept, {"exact": decisions}, moment=errors, pruned=pruned)
        self.labels, self.errors = labels, errors


def rep_prune(tree: Tree, prune_counts: Union[Mapping[str, Sequence[int]], "np.ndarray"], *, labels: str = "pruning",
              ties: str = "prune") -> REPResult:
    """Reduced error pruning as in EK Table 1: one bottom-up sweep; a subtree whose
    pruning-set errors are >= those of a leaf is replaced by the leaf.

    ``labels="pruning"`` (EK Table 1): a pruned leaf predicts the pruning-set majority
    (first class on ties; Table 1's binary tie goes to class 0).  ``labels="training"``
    (EK 2.2): it predicts the training majority.  Original leaves keep their training
    label.  ``ties="keep"`` keeps a subtree on equal errors (not REP: used to show
    EK Thm 1 needs pruning on ties).  ``prune_counts`` maps every node name to its
    pruning-set class counts (:func:`route_counts`), or is their (n_nodes, J) integer
    matrix in the order of ``tree.arrays()``.  The sweep is the package's one pruning pass
    (:func:`~exactprune.pruning.prune_bottom_up`), level by level over the count arrays,
    comparing integer error counts.  Called as every pruner (:mod:`exactprune.pruning`): the
    tree, the pruning-set counts (what REP prunes from), then the options keyword-only.

    Parameters
    ----------
    tree : Tree
        The tree to prune (training counts); the input is untouched.
    prune_counts : dict or integer matrix
        The pruning-set class counts at every node: name -> counts (:func:`route_counts`), or
        the (n_nodes, J) matrix in the order of ``tree.arrays()``.
    labels : {"pruning", "training"}, default "pruning"
        Which majority labels a pruned leaf.
    ties : {"prune", "keep"}, default "prune"
        What equal errors do (REP prunes).

    Returns
    -------
    REPResult
        A :class:`~exactprune.pruning.Pruning` (``k`` None): the pruned ``tree``, ``pruned``
        (sorted), ``kept_splits``, ``routes`` (every comparison exact) and ``moment`` =
        ``errors``, the pruned tree's errors on the pruning set; with the leaves' ``labels``.

    See Also
    --------
    route_counts : the pruning set's counts from examples.

    Examples
    --------
    Two pure leaves whose pruning-set counts (1, 1) each make 1 error, 2 in all, as many as
    the root as a leaf (2, 2): REP prunes on the tie.

    >>> t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    >>> r = rep_prune(t, {"root": (2, 2), "c1": (1, 1), "c2": (1, 1)})
    >>> r.errors, r.pruned, r.labels, r.tree.n_leaves, r.routes
    (2, ['root'], {'root': 0}, 1, {'exact': 1})
    """
    import numpy as np
    tree = as_tree(tree)
    if labels not in ("pruning", "training"):
        raise ValueError(f"labels must be 'pruning' or 'training', got {labels!r}")
    if ties not in ("prune", "keep"):
        raise ValueError(f"ties must be 'prune' or 'keep', got {ties!r}")
    a = tree.arrays()
    pc = _prune_matrix(a, prune_counts, tree.n_classes)
    train_label = a.counts.argmax(axis=1)            # the first class on ties
    split_label = pc.argmax(axis=1) if labels == "pruning" else train_label
    label = np.where(a.n_children != 0, split_label, train_label)
    rows = np.arange(a.n_nodes)
    leaf_err = pc.sum(axis=1) - pc[rows, label]
    kept, err = prune_bottom_up(
        a, leaf_err, lambda splits, best, level: a.child_sums(splits, best),
        lambda splits, sub, level: (sub < leaf_err[splits]) | ((sub == leaf_err[splits]) if ties == "keep" else False))
    kept = np.asarray(kept, dtype=bool)
    leaves = np.flatnonzero(a.subtree_mask(kept) & ~kept)       # kept is true at kept splits only
    leaf_labels = dict(zip(a.names_of(leaves.tolist()), label[leaves].tolist()))
    return REPResult(tree, kept, leaf_labels, int(err[0]), sorted(tree.pruned_names(kept)),
                     int((a.n_children > 0).sum()))


def _prune_matrix(a, prune_counts, n_classes: int):
    """The pruning-set counts as an (n_nodes, J) integer matrix in array order, checked."""
    import numpy as np
    if isinstance(prune_counts, dict):
        names = a.names()
        for name in names:
            if name not in prune_counts:
                raise ValueError(f"prune_counts has no entry for node {name}")
            if len(prune_counts[name]) != n_classes:
                raise ValueError(f"prune_counts[{name!r}] has {len(prune_counts[name])} counts, "
                                 f"the tree has {n_classes} classes")
        return np.array([list(prune_counts[name]) for name in names])
    matrix = np.asarray(prune_counts)
    if matrix.shape != (a.n_nodes, n_classes) or not np.issubdtype(matrix.dtype, np.integer):
        raise ValueError(f"prune_counts must be an ({a.n_nodes}, {n_classes}) integer matrix, "
                         f"got shape {matrix.shape} and dtype {matrix.dtype}")
    return matrix
