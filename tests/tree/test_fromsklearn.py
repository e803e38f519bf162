"""exactprune.tree.fromsklearn: a fitted scikit-learn tree read as count arrays."""
from __future__ import annotations

import numpy as np
import pytest

from exactprune import Node, Tree
from tree_cases import node_rows, spelled


def test_from_sklearn_counts_match_training_data():
    from sklearn.datasets import load_wine
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_wine(return_X_y=True)
    est = DecisionTreeClassifier(max_depth=4, random_state=1).fit(X, y)
    t = Tree.from_sklearn(est)
    leaf_ids = est.apply(X)
    for node_id, leaf in zip(sorted(set(leaf_ids)), []):
        pass
    assert t.root.counts == tuple(np.bincount(y))
    for x, label in zip(X[:20], y[:20]):
        leaf = t.leaf_for(x)
        assert leaf.counts[label] > 0

def test_from_sklearn_refuses_fractional_weights():
    from sklearn.tree import DecisionTreeClassifier
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    est = DecisionTreeClassifier().fit(X, [0, 0, 1, 1], sample_weight=[0.5, 1, 1, 1])
    with pytest.raises(ValueError, match="non-integer weighted class counts"):
        Tree.from_sklearn(est)

def _from_sklearn_node_by_node(est):
    """The conversion as it was written first, one Node per scikit-learn node (the reference)."""
    tree_ = est.tree_
    values = tree_.value[:, 0, :] * tree_.weighted_n_node_samples[:, None]
    nodes = [None] * tree_.node_count
    for i in range(tree_.node_count - 1, -1, -1):
        node = Node(tuple(int(round(v)) for v in values[i]))
        if tree_.children_left[i] != -1:
            node.children = [nodes[tree_.children_left[i]], nodes[tree_.children_right[i]]]
            node.feature, node.threshold = int(tree_.feature[i]), float(tree_.threshold[i])
            node.split = f"x[{node.feature}] <= {float(tree_.threshold[i])!r}"     # the threshold in full
        nodes[i] = node
    return Tree(nodes[0], class_names=[str(c) for c in est.classes_])

@pytest.mark.parametrize("n, depth", [(50, None), (400, 6), (3000, None)])
def test_from_sklearn_reads_the_arrays_as_the_node_by_node_conversion(n, depth):
    from sklearn.tree import DecisionTreeClassifier
    rng = np.random.default_rng(n)
    X = rng.normal(size=(n, 3))
    y = (X[:, 0] + rng.normal(size=n) > 0).astype(int) + (X[:, 1] > 1)
    est = DecisionTreeClassifier(max_depth=depth, random_state=0).fit(X, y)
    fast = Tree.from_sklearn(est)
    assert fast.arrays().children_left.tolist() == est.tree_.children_left.tolist()
    assert fast.arrays().children_right.tolist() == est.tree_.children_right.tolist()
    assert node_rows(fast) == node_rows(_from_sklearn_node_by_node(est))
    assert fast.to_json() == _from_sklearn_node_by_node(est).to_json()

def test_sklearn_names_follow_the_paths_of_the_scikit_learn_tree():
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.tree import sklearn_names
    rng = np.random.default_rng(3)
    X = rng.normal(size=(500, 3))
    tree_ = DecisionTreeClassifier(random_state=0).fit(X, (X[:, 0] + rng.normal(size=500) > 0)).tree_
    names, stack = {}, [(0, [])]
    while stack:                                               # scikit-learn's own arrays, walked here
        i, path = stack.pop()
        names[i] = spelled(path)
        if tree_.children_left[i] != -1:
            stack += [(tree_.children_left[i], path + [1]), (tree_.children_right[i], path + [2])]
    assert sklearn_names(tree_) == [names[i] for i in range(tree_.node_count)]
    assert max(len(p) for p in names.values()) > 9             # deep enough for long digit names

def test_rounded_counts_round_each_leaf_s_weighted_counts_and_add_them_up():
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.tree import sklearn_counts
    rng = np.random.default_rng(7)
    X = rng.normal(size=(300, 2))
    y = (X[:, 0] + rng.normal(size=300) > 0).astype(int) + (X[:, 1] > 1)
    w = rng.choice([0.25, 0.5, 1.5, 2.5], size=300)         # binary fractions: every sum is exact
    est = DecisionTreeClassifier(max_depth=6, random_state=0).fit(X, y, sample_weight=w)
    tree_, leaf_of = est.tree_, est.apply(X)

    def expected(i):                                          # from the rows that reach each leaf
        if tree_.children_left[i] == -1:
            return [round(float(w[(leaf_of == i) & (y == j)].sum())) for j in range(3)]  # round(): half to even
        left, right = expected(tree_.children_left[i]), expected(tree_.children_right[i])
        return [a + b for a, b in zip(left, right)]
    counts = sklearn_counts(tree_, rounding="nearest")
    assert counts.tolist() == [expected(i) for i in range(tree_.node_count)]
    assert any(float(w[(leaf_of == i) & (y == j)].sum()) % 1 == 0.5 for i in set(leaf_of.tolist()) for j in range(3))
    assert Tree.from_sklearn(est, rounding="nearest").arrays().counts.tolist() == counts.tolist()
    with pytest.raises(ValueError, match="non-integer weighted class counts"):
        Tree.from_sklearn(est)
    with pytest.raises(ValueError, match="rounding must be None"):
        sklearn_counts(tree_, rounding="up")

class _FakeTree:
    """The attributes of a fitted ``tree_`` that sklearn_counts and sklearn_structure read."""

    def __init__(self, value, weights, left, right):
        self.value, self.weighted_n_node_samples = np.asarray(value, dtype=float)[:, None, :], np.asarray(weights, dtype=float)
        self.children_left, self.children_right = np.asarray(left), np.asarray(right)
        self.node_count = len(left)

def test_sklearn_counts_convert_block_by_block_and_read_raw_counts_when_a_late_row_is_no_fraction(monkeypatch):
    """Class fractions times the node weights, a block at a time; values that are counts already
    (a row not summing to 1, here in the last block) are read as they are in every row."""
    import exactprune.tree.fromsklearn as fs
    monkeypatch.setattr(fs, "_BLOCK", 2)                      # one row of 2 classes per block
    left, right = [1, -1, 3, -1, -1], [2, -1, 4, -1, -1]
    fractions = [[0.5, 0.5], [1.0, 0.0], [0.25, 0.75], [0.0, 1.0], [1.0, 0.0]]
    weights = [8, 4, 4, 3, 1]
    assert fs.sklearn_counts(_FakeTree(fractions, weights, left, right)).tolist() == \
        [[4, 4], [4, 0], [1, 3], [0, 3], [1, 0]]
    raw = [[4, 4], [4, 0], [1, 3], [0, 3], [1, 0]]            # counts, rows summing to 8, 4, 4, 3, 1
    assert fs.sklearn_counts(_FakeTree(raw, weights, left, right)).tolist() == raw
    late = [row[:] for row in fractions]
    late[4] = [1.0, 0.0001]                                   # the last row is no class fraction
    with pytest.raises(ValueError, match=r"node 0 of the scikit-learn tree has non-integer weighted class counts \[0.5, 0.5\]"):
        fs.sklearn_counts(_FakeTree(late, weights, left, right))
    thirds = [row[:] for row in fractions]
    thirds[3] = [0.1, 0.9]                                    # 0.3 and 2.7 examples
    with pytest.raises(ValueError, match=r"node 3 of the scikit-learn tree has non-integer weighted class counts \[0.3"):
        fs.sklearn_counts(_FakeTree(thirds, weights, left, right))
    offsets, indices = fs.sklearn_structure(_FakeTree(fractions, weights, left, right))
    assert offsets.tolist() == [0, 2, 2, 4, 4, 4] and indices.tolist() == [1, 2, 3, 4]


@pytest.mark.parametrize("max_leaf_nodes", [None, 40])
def test_count_arrays_sum_each_node_s_leaves_below_it(max_leaf_nodes):
    """sklearn_count_arrays' binary sums (a split = its left plus its right child, deepest level
    first), on trees grown depth first and best first (``max_leaf_nodes``: another node order),
    with int64 counts and with an object array of Fractions: every node holds the sum of the
    leaves below it, found by walking up from each leaf to the root (a brute force sharing
    nothing with the sums).  Planted bugs that fail it (by hand, reverted):
    the right child's row added twice; the levels taken top-down."""
    from fractions import Fraction
    from sklearn.datasets import make_classification
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.tree.fromsklearn import sklearn_count_arrays
    X, y = make_classification(n_samples=300, n_features=6, n_informative=4, n_classes=3, random_state=1)
    tree_ = DecisionTreeClassifier(max_leaf_nodes=max_leaf_nodes, random_state=0).fit(X, y).tree_
    rng = np.random.default_rng(2)
    leaves = np.flatnonzero(tree_.children_left == -1)
    assert tree_.max_depth >= 5
    ints = np.full((tree_.node_count, 3), -7, dtype=np.int64)       # internal rows: overwritten
    ints[leaves] = rng.integers(0, 1000, size=(len(leaves), 3))
    thirds = np.full((tree_.node_count, 3), None, dtype=object)
    thirds[leaves] = [[Fraction(int(v), 3) for v in row] for row in ints[leaves]]
    # paths[row, v]: node v lies on the way from leaf leaves[row] up to the root
    paths = np.zeros((len(leaves), tree_.node_count), dtype=bool)
    parent = np.full(tree_.node_count, -1)
    for v in range(tree_.node_count):
        for child in (tree_.children_left[v], tree_.children_right[v]):
            if child != -1:
                parent[child] = v
    for row, leaf in enumerate(leaves):
        v = leaf
        while v != -1:
            paths[row, v] = True
            v = parent[v]
    for counts in (ints, thirds):
        expected = [[sum(counts[leaf][j] for leaf in leaves[paths[:, v]]) for j in range(3)]
                    for v in range(tree_.node_count)]
        got = sklearn_count_arrays(tree_, counts.copy()).counts
        assert got.tolist() == expected
