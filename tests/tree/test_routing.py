"""exactprune.tree.routing: inputs down the tree (leaves_reached) and the one prediction with a pruned tree (majority_at_leaves)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
from hypothesis import given, strategies as st

from exactprune import Tree
from exactprune.tree import leaves_reached, majority_at_leaves
from random_trees import count_trees
from tree_cases import threshold_tree


def test_split_tests_and_route_send_each_example_to_the_leaf_of_the_node_walk():
    from sklearn.datasets import load_wine
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_wine(return_X_y=True)
    t = Tree.from_sklearn(DecisionTreeClassifier(max_depth=5, random_state=0).fit(X, y))
    tests, names = t.split_tests(), t.arrays().names()
    leaf = leaves_reached(tests, X, np.arange(len(y)), 0)
    assert [names[i] for i in leaf.tolist()] == [t.leaf_for(x).name for x in X]
    start = t.arrays().index("c2")                          # from an inner node: the walk below c2
    below = leaves_reached(tests, X, np.arange(len(y)), start)
    c2 = t.node("c2")
    for x, i in zip(X, below.tolist()):
        node = c2
        while node.children:
            node = node.children[0] if x[node.feature] <= node.threshold else node.children[1]
        assert names[i] == node.name

def test_an_exact_threshold_routes_by_the_exact_comparison():
    import math
    t = Tree.from_json(threshold_tree("1/3"))
    below = 0.3333333333333333                                 # 6004799503160661 / 2**54 < 1/3
    above = math.nextafter(below, 1.0)                         # 6004799503160662 / 2**54 > 1/3
    assert Fraction(below) < Fraction(1, 3) < Fraction(above)
    X = np.array([[below], [above], [Fraction(1, 3).__float__()]])
    assert [t.leaf_for(x).name for x in X] == ["c1", "c2", "c1"]
    assert leaves_reached(t.split_tests(), X, np.arange(3), 0).tolist() == [1, 2, 1]
    half = Tree.from_json(threshold_tree("0.5"))
    assert leaves_reached(half.split_tests(), np.array([[0.5], [math.nextafter(0.5, 1.0)]]), np.arange(2), 0).tolist() == [1, 2]


@given(count_trees(max_depth=4, max_children=2), st.randoms(use_true_random=False))
def test_predicted_classes_are_the_labels_of_the_leaves_the_node_walk_stops_at(tree, rnd):
    """majority_at_leaves against a walk of the node view written here: each split gets a test on a
    random feature at a random threshold, some splits are not kept (a leaf of the pruned tree), and
    each row's class is Node.label (the first of the majority classes) where the walk stops."""
    nodes = tree.nodes()
    for node in nodes:
        if node.children:
            node.feature, node.threshold = rnd.randrange(3), Fraction(rnd.randint(-8, 8), 4)
    tree = Tree(tree.root)
    kept = np.array([bool(n.children) and rnd.random() < 0.7 for n in nodes])
    X = np.array([[rnd.randint(-10, 10) / 4 for _ in range(3)] for _ in range(25)])
    expected = []
    for x in X:
        node = tree.root
        while node.children and kept[nodes.index(node)]:
            node = node.children[0] if x[node.feature] <= node.threshold else node.children[1]
        expected.append(node.label)
    assert majority_at_leaves(tree.split_tests(), tree.arrays().counts, X, kept).tolist() == expected
    full = [tree.leaf_for(x).label for x in X]
    assert majority_at_leaves(tree.split_tests(), tree.arrays().counts, X).tolist() == full
