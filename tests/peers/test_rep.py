"""REP (exactprune.peers.rep) against EK Theorem 1 by brute force over all prunings.

The tests written to kill mutants (scripts/mutation.py, docs/mutation.md; formerly
tests/mutation/test_mutants_rep.py) sit with the tests of the function they check. Mutants of
exactprune.peers.rep that its own tests let through: a node that receives no pruning example, the
labels and the pruned list of the result (for a kept and a pruned split) and the error messages.
Expected values are counted by hand."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune.peers.rep import rep_prune, route_counts
from exactprune.tree import Tree, all_pruning_leaves
from random_trees import count_trees


# -- rep_prune ---------------------------------------------------------------------------------

def _errors(tree, leaves, pc, labels):
    total = 0
    for name in leaves:
        node = tree.node(name)
        if node.is_leaf:
            lab = node.label
        else:
            lab = max(range(len(pc[name])), key=lambda j: (pc[name][j], -j)) if labels == "pruning" else node.label
        total += sum(pc[name]) - pc[name][lab]
    return total


@st.composite
def trees_with_pruning_counts(draw):
    tree = draw(count_trees(max_depth=3))
    J = tree.n_classes
    pc = {}
    for node in tree.root.postorder():
        if node.is_leaf:
            pc[node.name] = tuple(draw(st.integers(0, 4)) for _ in range(J))
        else:
            pc[node.name] = tuple(sum(pc[c.name][j] for c in node.children) for j in range(J))
    return tree, pc


@settings(max_examples=80, deadline=None)
@given(trees_with_pruning_counts(), st.sampled_from(["pruning", "training"]))
def test_rep_is_the_smallest_most_accurate_pruning(case, labels):
    """EK Thm 1 by brute force over all prunings, for both leaf-labelling rules."""
    tree, pc = case
    rep = rep_prune(tree, pc, labels=labels)
    options = all_pruning_leaves(tree)
    errs = {o: _errors(tree, o, pc, labels) for o in options}
    best = min(errs.values())
    assert rep.errors == best
    smallest = min((len(o), sorted(o)) for o in options if errs[o] == best)
    minimal = [o for o in options if errs[o] == best and len(o) == smallest[0]]
    assert len(minimal) == 1                       # the smallest is unique
    assert frozenset(l.name for l in rep.tree.leaves()) == minimal[0]


def test_rep_keeping_ties_is_not_smallest():
    t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    pc = {"root": (2, 0), "c1": (1, 0), "c2": (1, 0)}
    assert rep_prune(t, pc).tree.n_leaves == 1
    # c2 predicts class 1 and errs once: tree 1 error vs leaf 0 -> pruned either way; make a tie
    pc = {"root": (1, 1), "c1": (1, 0), "c2": (0, 1)}
    assert rep_prune(t, pc).tree.n_leaves == 2         # 0 errors beats 1
    pc = {"root": (1, 0), "c1": (0, 0), "c2": (1, 0)}    # tree: 1 error, leaf: 0 -> prune
    assert rep_prune(t, pc, ties="keep").tree.n_leaves == 1
    t3 = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    pc = {"root": (1, 1), "c1": (0, 1), "c2": (1, 0)}    # tree 2 errors, leaf 1
    assert rep_prune(t3, pc, ties="keep").tree.n_leaves == 1
    pc = {"root": (0, 0), "c1": (0, 0), "c2": (0, 0)}    # empty: tie 0 = 0
    assert rep_prune(t3, pc).tree.n_leaves == 1
    assert rep_prune(t3, pc, ties="keep").tree.n_leaves == 2


def test_rep_takes_the_pruning_counts_as_a_matrix_in_array_order():
    """The same stump as a dict and as the (n_nodes, J) matrix of tree.arrays() (root, c1, c2).
    As a leaf the root predicts class 0 (pruning majority of (2, 1)) and errs once; c1 (label 0)
    errs 0 times on (2, 0), c2 (label 1) 0 times on (0, 1): subtree 0 < leaf 1, kept."""
    import numpy as np
    import pytest
    t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    as_dict = rep_prune(t, {"root": (2, 1), "c1": (2, 0), "c2": (0, 1)})
    as_matrix = rep_prune(t, np.array([[2, 1], [2, 0], [0, 1]]))
    assert (as_dict.errors, as_dict.pruned, as_dict.labels) == (0, [], {"c1": 0, "c2": 1})
    assert (as_matrix.errors, as_matrix.pruned, as_matrix.labels) == (0, [], {"c1": 0, "c2": 1})
    with pytest.raises(ValueError, match=r"must be an \(3, 2\) integer matrix, got shape \(2, 2\)"):
        rep_prune(t, np.array([[2, 1], [2, 0]]))
    with pytest.raises(ValueError, match=r"integer matrix, got shape \(3, 2\) and dtype float64"):
        rep_prune(t, np.array([[2, 1], [2, 0], [0, 1]], dtype=float))


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


# -- route_counts ------------------------------------------------------------------------------

def test_route_counts_matches_tree_counts_on_training_data():
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_iris(return_X_y=True)
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    tree = Tree.from_sklearn(est)
    counts = route_counts(tree, X, y)
    assert all(counts[n.name] == n.counts for n in tree.root.walk())


def test_route_counts_needs_binary_tests():
    import numpy as np
    import pytest
    no_test = Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    with pytest.raises(ValueError, match=r"^node root has no routing test \(feature/threshold\)$"):
        route_counts(no_test, np.array([[0.0]]), [0])
    three = Tree.from_json('{"counts": [1, 1, 1], "feature": 0, "threshold": 1, "children": '
                           '[{"counts": [1, 0, 0]}, {"counts": [0, 1, 0]}, {"counts": [0, 0, 1]}]}')
    with pytest.raises(ValueError, match=r"^node root has no routing test"):
        route_counts(three, np.array([[0.0]]), [0])
    half = Tree.from_json('{"counts": [1, 1], "feature": 0, "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    with pytest.raises(ValueError, match=r"^node root has no routing test"):
        route_counts(half, np.array([[0.0]]), [0])


def test_route_counts_reads_an_exact_integer_threshold():
    """Threshold 2**53 + 3 (an int from JSON): the row 2**53 + 4 must go right.  float() would
    round the threshold to 2**53 + 4 and send it left; the largest float <= 2**53 + 3 is 2**53 + 2."""
    import numpy as np
    t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 9007199254740995, '
                       '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    counts = route_counts(t, np.array([[2.0 ** 53 + 2], [2.0 ** 53 + 4]]), [0, 1])
    assert counts == {"root": (1, 1), "c1": (1, 0), "c2": (0, 1)}
