"""Mutants of exactprune.peers.rep that its own tests let through: a node that receives no
pruning example, the labels and the pruned list of the result (for a kept and a pruned
split) and the error messages.  Expected values are counted by hand."""
import numpy as np
import pytest

from exactprune.peers.rep import rep_prune, route_counts
from exactprune.tree import Tree


def test_a_node_without_pruning_examples_counts_zeros():
    t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 0.5, '
                       '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    assert route_counts(t, np.array([[0.0], [0.2], [0.3]]), [1, 0, 1]) == {"root": (1, 2), "c1": (1, 2), "c2": (0, 0)}


def test_result_fields_for_a_kept_and_a_pruned_split():
    t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    kept = rep_prune(t, {"root": (1, 1), "c1": (1, 0), "c2": (0, 1)})
    # leaves: 0 errors under their training labels 0 and 1; a leaf at the root errs once
    assert (kept.errors, kept.pruned, kept.labels, kept.tree.n_leaves) == (0, [], {"c1": 0, "c2": 1}, 2)
    pruned = rep_prune(t, {"root": (0, 2), "c1": (0, 1), "c2": (0, 1)})
    # subtree: c1 (label 0) errs once; the root as a leaf predicts the pruning majority 1: 0 errors
    assert (pruned.errors, pruned.pruned, pruned.labels, pruned.tree.n_leaves) == (0, ["root"], {"root": 1}, 1)
    training = rep_prune(t, {"root": (0, 2), "c1": (0, 1), "c2": (0, 1)}, labels="training")
    # the training majority of (3, 3) is class 0 (first on ties): 2 errors, more than the subtree's 1
    assert (training.errors, training.pruned, training.labels) == (1, [], {"c1": 0, "c2": 1})


def test_error_messages():
    t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    counts = {"root": (1, 1), "c1": (1, 0), "c2": (0, 1)}
    with pytest.raises(ValueError, match=r"^labels must be 'pruning' or 'training', got 'test'$"):
        rep_prune(t, counts, labels="test")
    with pytest.raises(ValueError, match=r"^ties must be 'prune' or 'keep', got 'x'$"):
        rep_prune(t, counts, ties="x")
    with pytest.raises(ValueError, match=r"^prune_counts has no entry for node c2$"):
        rep_prune(t, {"root": (1, 1), "c1": (1, 0)})
    with pytest.raises(ValueError, match=r"^prune_counts\['c1'\] has 3 counts, the tree has 2 classes$"):
        rep_prune(t, {"root": (1, 1), "c1": (1, 0, 0), "c2": (0, 1)})
