"""exactprune.tree.counttree: Tree over both forms, its split tests and its pruned copies."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from exactprune import Node, Tree
from exactprune.tree import iris_tree, name_path
from random_trees import count_trees
from tree_cases import node_rows


@given(count_trees(max_depth=4, max_children=4))
def test_arrays_and_nodes_describe_the_same_tree(tree):
    a = tree.arrays()
    nodes = tree.nodes()                                    # pre-order: node i is arrays' row i
    assert a.counts.tolist() == [list(n.counts) for n in nodes]
    position = {id(n): i for i, n in enumerate(nodes)}
    for i, node in enumerate(nodes):
        assert a.indices[a.offsets[i]:a.offsets[i + 1]].tolist() == [position[id(c)] for c in node.children]
        assert a.name(i) == node.name and a.index(node.name) == i
        assert a.sizes[i] == node.n and a.depth[i] == len(name_path(node.name))
    again = Tree.from_arrays(a)                             # the node view rebuilt from the arrays
    assert node_rows(again) == node_rows(tree) and again.depth() == tree.depth()

@pytest.mark.parametrize("text, node", [
    ('{"counts": [2, 1], "feature": 0, "threshold": 1, "children": [{"counts": [2, 0], '
     '"children": [{"counts": [1, 0]}, {"counts": [1, 0]}]}, {"counts": [0, 1]}]}', "c1"),
    ('{"counts": [3, 1], "feature": 0, "threshold": 1, "children": [{"counts": [1, 0]}, {"counts": [1, 0]}, '
     '{"counts": [1, 1]}]}', "root"),
])
def test_split_tests_name_the_first_split_without_a_binary_test(text, node):
    with pytest.raises(ValueError, match=f"node {node} has no routing test"):
        Tree.from_json(text).split_tests()

def test_split_tests_read_thresholds_of_the_json_and_of_scikit_learn():
    t = Tree.from_json('{"counts": [2, 2], "feature": 1, "threshold": 7, "children": [{"counts": [2, 0]}, '
                       '{"counts": [0, 2], "feature": 0, "threshold": -3, '
                       '"children": [{"counts": [0, 1]}, {"counts": [0, 1]}]}]}')
    left, right, feature, threshold = t.split_tests()
    assert (left.tolist(), right.tolist(), feature.tolist()) == ([1, -1, 3, -1, -1], [2, -1, 4, -1, -1],
                                                                 [1, -1, 0, -1, -1])
    assert threshold[[0, 2]].tolist() == [7.0, -3.0] and np.isnan(threshold[[1, 3, 4]]).all()

@given(count_trees(max_depth=4, max_children=3), st.randoms(use_true_random=False))
def test_pruned_by_a_mask_equals_pruned_copy_by_a_predicate(tree, rnd):
    kept = np.array([rnd.random() < 0.6 for _ in range(tree.arrays().n_nodes)])
    index = {n.name: i for i, n in enumerate(tree.nodes())}
    by_nodes, pruned_nodes = tree.pruned_copy(lambda node: kept[index[node.name]])
    by_mask, pruned_mask = tree.pruned_by(kept)
    assert node_rows(by_mask) == node_rows(by_nodes) and sorted(pruned_mask) == sorted(pruned_nodes)

def test_counts_past_int64_are_kept_as_python_ints():
    big, J = 2 ** 53 - 1, 1100                   # node sizes up to 1100 (2^53 - 1) > 2^63
    left, right = (big,) * 500 + (0,) * 600, (0,) * 500 + (big,) * 600
    tree = Tree(Node(tuple(a + b for a, b in zip(left, right)), [Node(left), Node(right)]))
    a = tree.arrays()
    assert a.counts.dtype == object and a.sizes.tolist() == [J * big, 500 * big, 600 * big]
    assert J * big > 2 ** 63 and Tree.from_arrays(a).node("c2").counts == right
    small = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    assert small.arrays().counts.dtype == np.int64

@given(count_trees(max_depth=4, max_children=3), st.randoms(use_true_random=False))
def test_pruned_copy_lists_the_topmost_pruned_splits_last_in_preorder_first(tree, rnd):
    decided = {}

    def is_kept(node):
        decided.setdefault(node.name, rnd.random() < 0.6)
        return decided[node.name]

    small, pruned = tree.pruned_copy(is_kept)
    expected, kept_rows = [], []

    def walk(node):                                            # the pruned tree, recursively, in pre-order
        kept_rows.append((node.name, node.counts))
        if node.children and decided[node.name]:
            for child in node.children:
                walk(child)
        elif node.children:
            expected.append(node.name)
    walk(tree.root)
    assert pruned == expected[::-1]
    assert [(n.name, n.counts) for n in small.nodes()] == kept_rows
    assert all(n.split is None and n.feature is None for n in small.leaves())
    assert set(decided) == {n.name for n in tree.nodes() if n.children}   # asked of splits only

def test_pruned_copy_keeps_the_routing_of_the_remaining_splits():
    t = iris_tree()
    small, pruned = t.pruned_copy(lambda node: node.name in {"root", "c2"})
    assert pruned == ["c22", "c21"] and small.n_leaves == 3
    X = np.array([[1.0, 0.2], [5.0, 1.0], [5.0, 2.0]])
    assert [small.leaf_for(x).name for x in X] == ["c1", "c21", "c22"]
    assert small.split_tests()[2].tolist() == [1, -1, 1, -1, -1]    # petal width at root and c2

def test_a_pruned_scikit_learn_tree_routes_by_its_source_s_tests_made_on_first_use():
    """A pruned tree's scikit-learn routing is gathered from its source's when first read (also
    after pickling): every remaining split has its source node's test, every leaf none, and each
    row reaches the leaf the source's node walk stops at."""
    import pickle
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", 400, seed=1)
    source = Tree.from_sklearn(DecisionTreeClassifier(random_state=0, max_depth=6).fit(X, y))
    a = source.arrays()
    kept = (a.n_children > 0) & (np.arange(a.n_nodes) % 3 != 1)
    for small in (source.pruned_tree(kept), pickle.loads(pickle.dumps(source.pruned_tree(kept)))):
        assert small.n_leaves < source.n_leaves
        for node in small.nodes():
            original = source.node(node.name)
            if node.children:
                assert (node.feature, node.threshold, node.split) == (original.feature, original.threshold, original.split)
            else:
                assert node.feature is None and node.threshold is None and original.name in small.arrays().names()
        for x in X[:50]:
            walk = source.root
            while walk.children and kept[a.index(walk.name)]:
                walk = walk.children[0] if x[walk.feature] <= walk.threshold else walk.children[1]
            assert small.leaf_for(x).name == walk.name


def _replayed_leaf_counts(text: str, columns: list, X, y, n_classes: int) -> dict:
    """Route the rows by the rendered text alone: each line ``NAME: [counts]  [COLUMN <= VALUE]``
    sends a row to NAME's first child (Zhong's name + "1") when its value, read as scikit-learn
    reads it (float32), is at most float(VALUE); the class counts of the rows reaching each leaf."""
    splits, leaves = {}, set()
    for line in text.splitlines():
        name, rest = line.strip().split(": ", 1)
        if "  [" in rest:
            column, value = rest.split("  [", 1)[1].rstrip("]").rsplit(" <= ", 1)
            splits[name] = (columns.index(column), float(value))
        else:
            leaves.add(name)
    found = {leaf: [0] * n_classes for leaf in leaves}
    for row, label in zip(np.asarray(X, dtype=np.float32).astype(float), y):
        name = "root"
        while name in splits:
            column, threshold = splits[name]
            name = ("c" if name == "root" else name) + ("1" if row[column] <= threshold else "2")
        found[name][label] += 1
    return found


@pytest.mark.parametrize("case", ["close values", "iris"])
def test_every_rendered_threshold_replays_its_split(case):
    """A tree converted from scikit-learn prints each threshold in full, so that routing the
    training rows by the printed text gives every leaf its printed counts.  Thresholds rounded to
    4 digits did not: 1.00002 printed as 1 sends the row 1.00001 right."""
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    if case == "close values":
        X, y, columns = [[1.00001], [1.00003], [1.00001], [2.5], [2.50004]], [0, 1, 0, 1, 0], ["x[0]"]
    else:
        X, y = load_iris(return_X_y=True)
        X, columns = X[:, 2:], ["petal length", "petal width"]
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    tree = Tree.from_sklearn(est, feature_names=columns if case == "iris" else None)
    text = tree.render()
    replayed = _replayed_leaf_counts(text, columns, X, y, tree.n_classes)
    assert replayed == {leaf.name: list(leaf.counts) for leaf in tree.leaves()}
    assert len(replayed) == tree.n_leaves > 1
