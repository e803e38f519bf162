"""Reduced error pruning (REP) as analysed by Elomaa and Kaariainen (JAIR 2001, Table 1).

One bottom-up sweep over the tree with a separate pruning set: a subtree whose pruning-set
errors are >= those of a leaf is replaced by the leaf (REP prunes on ties).  Pruned leaves are
labelled by the pruning-set majority (``labels="pruning"``, EK Table 1) or by the training
majority (``labels="training"``, EK section 2.2).  :func:`route_counts` gives the pruning-set
class counts at every node (EK Table 1, ``classify``).  EK's Theorem 1 (REP finds the smallest
most accurate pruning) is checked in :mod:`exactprune.theorems.ek`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Sequence

from ..tree import Tree, as_tree, majority_class

__all__ = ["rep_prune", "REPResult", "route_counts"]


def route_counts(tree: Tree, X, y) -> Dict[str, tuple]:
    """Class counts of the examples (X, y) at every node (EK Table 1, ``classify``);
    ``y`` holds class indices 0..J-1; nodes need feature/threshold tests.

    >>> import numpy as np
    >>> t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 0.5, '
    ...                    '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    >>> route_counts(t, np.array([[0.0], [1.0], [2.0]]), [1, 1, 0])
    {'root': (1, 2), 'c1': (0, 1), 'c2': (1, 1)}
    """
    import numpy as np
    y = np.asarray(y)
    J = tree.n_classes
    return {name: tuple(int(c) for c in np.bincount(y[rows], minlength=J)) if len(rows) else (0,) * J
            for name, rows in tree.partition(X).items()}


@dataclass
class REPResult:
    """REP outcome: ``tree`` (structure of the pruned tree, training counts),
    ``labels`` (name -> class predicted by each leaf), ``errors`` on the pruning set,
    ``pruned`` (topmost collapsed names)."""

    tree: Tree
    labels: Dict[str, int]
    errors: int
    pruned: list


def rep_prune(tree: Tree, prune_counts: Dict[str, Sequence[int]], labels: str = "pruning",
              ties: str = "prune") -> REPResult:
    """Reduced error pruning as in EK Table 1: one bottom-up sweep; a subtree whose
    pruning-set errors are >= those of a leaf is replaced by the leaf.

    ``labels="pruning"`` (EK Table 1): a pruned leaf predicts the pruning-set majority
    (first class on ties; Table 1's binary tie goes to class 0).  ``labels="training"``
    (EK 2.2): it predicts the training majority.  Original leaves keep their training
    label.  ``ties="keep"`` keeps a subtree on equal errors (not REP: used to show
    EK Thm 1 needs pruning on ties).  ``prune_counts`` maps every node name to its
    pruning-set class counts (:func:`route_counts`).

    >>> t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    >>> r = rep_prune(t, {"root": (2, 2), "c1": (1, 1), "c2": (1, 1)})
    >>> r.errors, r.pruned, r.labels
    (2, ['root'], {'root': 0})
    """
    tree = as_tree(tree)
    if labels not in ("pruning", "training"):
        raise ValueError(f"labels must be 'pruning' or 'training', got {labels!r}")
    if ties not in ("prune", "keep"):
        raise ValueError(f"ties must be 'prune' or 'keep', got {ties!r}")
    for node in tree.root.walk():
        if node.name not in prune_counts:
            raise ValueError(f"prune_counts has no entry for node {node.name}")
        if len(prune_counts[node.name]) != tree.n_classes:
            raise ValueError(f"prune_counts[{node.name!r}] has {len(prune_counts[node.name])} counts, "
                             f"the tree has {tree.n_classes} classes")
    err: dict = {}
    lab: dict = {}
    collapsed = set()
    for node in tree.root.postorder():
        pc = prune_counts[node.name]
        if node.is_leaf:
            lab[node.name] = node.label
            err[node.name] = sum(pc) - pc[node.label]
            continue
        sub = sum(err[c.name] for c in node.children)
        leaf_label = majority_class(pc) if labels == "pruning" else node.label
        leaf_err = sum(pc) - pc[leaf_label]
        if sub < leaf_err or (ties == "keep" and sub == leaf_err):
            err[node.name] = sub
        else:
            err[node.name] = leaf_err
            collapsed.add(node.name)
            lab[node.name] = leaf_label
    pruned_tree, top = tree.pruned_copy(lambda node: node.name not in collapsed)
    leaf_labels = {leaf.name: lab[leaf.name] for leaf in pruned_tree.leaves()}
    return REPResult(pruned_tree, leaf_labels, err["root"], sorted(top))
