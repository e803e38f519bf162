"""Tests of exactprune.tree: the count tree, its validation, JSON form, naming and scikit-learn import."""
from __future__ import annotations

from fractions import Fraction


import numpy as np
import pytest
from hypothesis import given, strategies as st

from exactprune import Node, Tree
from exactprune.tree import ancestor_names, child_name, iris_tree, majority_class, name_path, node_name, route
from random_trees import count_trees


# -- the count tree -------------------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ('{"counts": [1, -1]}', "negative count"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 1]}]}', "at least 2 children"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 2]}]}', "add up"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 0, 0]}, {"counts": [0, 1]}]}', "c1: has 3 counts"),
    ('{"counts": [1.5, 1]}', "integers or exact rationals as text"),
    ('{"counts": ["3/x", 1]}', "root: count: cannot read '3/x'"),
    ('{"counts": ["-1/2", 1]}', "negative count -1/2"),
    ('{"counts": ["1/2", "1/2"], "children": [{"counts": ["1/2", 0]}, {"counts": ["1/3", "1/2"]}]}', "add up"),
    ('{"counts": [1, 1]', "malformed"),
    ('{"cnts": [1, 1]}', "unknown keys"),
    ('[1, 2]', "expected an object"),
])
def test_bad_trees_are_rejected_naming_the_node(text, words):
    with pytest.raises(ValueError, match=words):
        Tree.from_json(text)


@given(count_trees())
def test_json_round_trip(tree):
    again = Tree.from_json(tree.to_json())
    assert [n.counts for n in again.nodes()] == [n.counts for n in tree.nodes()]
    assert [n.name for n in again.nodes()] == [n.name for n in tree.nodes()]


def test_iris_tree_is_zhongs_figure_b1a():
    t = iris_tree()
    assert t.root.counts == (50, 50, 50)
    assert [t.node(n).counts for n in ("c1", "c2", "c21", "c22")] == [(50, 0, 0), (0, 50, 50), (0, 49, 5), (0, 1, 45)]
    assert t.n_leaves == 8
    # the ineffective split of App B.1: c22's children make the same number of training errors
    c22 = t.node("c22")
    assert sum(c.errors for c in c22.children) == c22.errors == 1


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


# -- names and labels ------------------------------------------------------------------------
def test_names_of_a_wide_tree_are_distinct_and_read_back():
    # the root has 11 children; c1 and the 10th child have 2 children each.  Without a marker the
    # root's 11th child and c1's first child would both be "c11".
    children = [Node((1, 0)) for _ in range(11)]
    children[0] = Node((1, 1), [Node((1, 0)), Node((0, 1))])
    children[9] = Node((1, 1), [Node((1, 0)), Node((0, 1))])
    tree = Tree(Node((11, 2), children))
    names = [node.name for node in tree.nodes()]
    assert len(set(names)) == len(names) == 1 + 11 + 4
    assert tree.root.children[0].children[0].name == "c11" and tree.root.children[10].name == "c.11"
    assert tree.root.children[9].children[1].name == "c.10.2"

    def paths(node, path):
        yield node, path
        for i, child in enumerate(node.children, start=1):
            yield from paths(child, path + [i])
    for node, path in paths(tree.root, []):
        assert node_name(path) == node.name and name_path(node.name) == path
        assert ancestor_names(node.name) == [node_name(path[:i]) for i in range(len(path))]
    assert child_name("c21", 10) == "c2.1.10" and child_name("c2.1.10", 3) == "c2.1.10.3"
    with pytest.raises(ValueError, match="not a node name"):
        name_path("c1.0")


def test_majority_class_takes_the_first_of_tied_classes():
    assert majority_class((4, 7, 7)) == 1 and majority_class((5,)) == 0 and majority_class((0, 0)) == 0
    assert Node((2, 9, 9, 1)).label == 1


# -- the array storage -----------------------------------------------------------------------
def _node_rows(tree):
    return [(n.name, n.counts, len(n.children), n.split, n.feature, n.threshold) for n in tree.nodes()]


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
    assert _node_rows(again) == _node_rows(tree) and again.depth() == tree.depth()


@given(count_trees(max_depth=4, max_children=4))
def test_preorder_and_subtree_sizes_of_a_breadth_first_numbering(tree):
    """The same tree numbered breadth-first: ``preorder`` gives back each node's position in the
    recursive pre-order walk of the node view, ``subtree_sizes`` the number of nodes it walks."""
    from exactprune.tree import CountArrays

    def walk(node):
        yield node
        for child in node.children:
            yield from walk(child)

    nodes = list(walk(tree.root))
    level, bfs = [tree.root], []
    while level:
        bfs += level
        level = [c for n in level for c in n.children]
    new = {id(n): k for k, n in enumerate(bfs)}
    children = [[new[id(c)] for c in n.children] for n in bfs]
    arrays = CountArrays(np.array([list(n.counts) for n in bfs]),
                         np.cumsum([0] + [len(c) for c in children]), np.array(sum(children, []), dtype=np.int64))
    assert arrays.preorder.tolist() == [nodes.index(n) for n in bfs]
    assert arrays.subtree_sizes.tolist() == [len(list(walk(n))) for n in bfs]


@given(count_trees(max_depth=4, max_children=4), st.randoms(use_true_random=False))
def test_child_sums_add_each_split_s_children_as_the_node_view_does(tree, rnd):
    from fractions import Fraction
    a, nodes = tree.arrays(), tree.nodes()                  # pre-order: node i is arrays' row i
    splits = np.array([i for i, n in enumerate(nodes) if n.children], dtype=np.int64)
    if not splits.size:
        return
    assert a.child_sums(splits, a.counts).tolist() == [list(nodes[i].counts) for i in splits]   # counts add up
    values = [Fraction(rnd.randint(-9, 9), rnd.randint(1, 9)) for _ in nodes]
    position = {id(n): i for i, n in enumerate(nodes)}
    expected = [sum(values[position[id(c)]] for c in nodes[i].children) for i in splits]
    assert a.child_sums(splits, np.array(values, dtype=object)).tolist() == expected


def test_split_tests_and_route_send_each_example_to_the_leaf_of_the_node_walk():
    from sklearn.datasets import load_wine
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_wine(return_X_y=True)
    t = Tree.from_sklearn(DecisionTreeClassifier(max_depth=5, random_state=0).fit(X, y))
    tests, names = t.split_tests(), t.arrays().names()
    leaf = route(tests, X, np.arange(len(y)), 0)
    assert [names[i] for i in leaf.tolist()] == [t.leaf_for(x).name for x in X]
    start = t.arrays().index("c2")                          # from an inner node: the walk below c2
    below = route(tests, X, np.arange(len(y)), start)
    c2 = t.node("c2")
    for x, i in zip(X, below.tolist()):
        node = c2
        while node.children:
            node = node.children[0] if x[node.feature] <= node.threshold else node.children[1]
        assert names[i] == node.name


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
    assert _node_rows(by_mask) == _node_rows(by_nodes) and sorted(pruned_mask) == sorted(pruned_nodes)


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
            node.split = f"x[{node.feature}] <= {tree_.threshold[i]:.4g}"
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
    assert _node_rows(fast) == _node_rows(_from_sklearn_node_by_node(est))
    assert fast.to_json() == _from_sklearn_node_by_node(est).to_json()


@pytest.mark.parametrize("counts, offsets, indices, words", [
    ([[2, 1], [2, 0], [0, 2]], [0, 2, 2, 2], [1, 2], "add up"),
    ([[2, 1], [2, 1]], [0, 1, 1], [1], "at least 2 children"),
    ([[1, -1]], [0, 0], [], "negative count"),
    ([[2, 1], [2, 0], [0, 1]], [0, 2, 2, 2], [2, 2], "exactly one node"),
    ([[2, 1], [2, 0], [0, 1]], [0, 0, 2, 2], [0, 2], "exactly one node"),
    ([[2 ** 53, 1]], [0, 0], [], "MAX_COUNT"),
])
def test_bad_arrays_are_rejected_naming_the_problem(counts, offsets, indices, words):
    from exactprune.tree import CountArrays
    arrays = CountArrays(np.array(counts, dtype=object if counts[0][0] > 2 ** 62 else np.int64),
                         np.array(offsets), np.array(indices, dtype=np.int64))
    with pytest.raises(ValueError, match=words):
        Tree.from_arrays(arrays)


def test_counts_past_int64_are_kept_as_python_ints():
    big, J = 2 ** 53 - 1, 1100                   # node sizes up to 1100 (2^53 - 1) > 2^63
    left, right = (big,) * 500 + (0,) * 600, (0,) * 500 + (big,) * 600
    tree = Tree(Node(tuple(a + b for a, b in zip(left, right)), [Node(left), Node(right)]))
    a = tree.arrays()
    assert a.counts.dtype == object and a.sizes.tolist() == [J * big, 500 * big, 600 * big]
    assert J * big > 2 ** 63 and Tree.from_arrays(a).node("c2").counts == right
    small = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    assert small.arrays().counts.dtype == np.int64


# -- one naming, one pruned-tree builder (issue 22 item 2) --------------------------------------
def _spelled(path):
    """The naming rule of docs/architecture.md ("Node names"), written out here on its own: digits
    after ``c`` while every index is at most 9, else all indices joined by dots, with a dot after
    the ``c`` when the first index is 10 or more."""
    if not path:
        return "root"
    if all(i <= 9 for i in path):
        return "c" + "".join(map(str, path))
    return "c" + ("." if path[0] >= 10 else "") + ".".join(map(str, path))


def _wide_trees(max_depth=3):
    """Count trees whose nodes have 2, 3, 10, 11 or 12 children (dotted names at every level)."""
    def grow(depth):
        leaf = st.integers(1, 3).map(lambda c: Node((c, 1)))
        if depth == 0:
            return leaf
        kids = st.sampled_from([2, 3, 10, 11, 12]).flatmap(lambda k: st.lists(grow(depth - 1), min_size=k, max_size=k))
        inner = kids.map(lambda cs: Node(tuple(map(sum, zip(*(c.counts for c in cs)))), cs))
        return st.one_of(leaf, inner)
    return grow(max_depth).map(Tree)


def _paths(node, path=()):
    yield node, list(path)
    for i, child in enumerate(node.children, start=1):
        yield from _paths(child, path + (i,))


@given(_wide_trees())
def test_every_name_of_the_arrays_and_the_nodes_follows_the_documented_rule(tree):
    spelled = {id(node): _spelled(path) for node, path in _paths(tree.root)}
    a = tree.arrays()
    nodes = tree.nodes()                                       # pre-order: row i of the arrays
    assert [node.name for node in nodes] == [spelled[id(n)] for n in nodes] == a.names()
    rnd_order = list(range(a.n_nodes))[::-1]
    assert a.names_of(rnd_order) == [spelled[id(nodes[i])] for i in rnd_order]
    assert [a.name(i) for i in range(a.n_nodes)] == a.names()
    for node, path in _paths(tree.root):
        assert name_path(node.name) == path and node_name(path) == node.name
    assert Tree.from_arrays(a).to_json() == tree.to_json()    # the node view of the arrays: same names


def test_names_returned_are_a_copy():
    a = iris_tree().arrays()
    names = a.names()
    names[0] = "spoiled"
    assert a.names()[0] == "root" and a.name(0) == "root"


@pytest.mark.parametrize("text", ["c1.2", "c12.3", "c.5", "c.1.10", "c01", "c1.010", "c", "x1", "c1..10"])
def test_name_path_refuses_any_other_spelling(text):
    with pytest.raises(ValueError, match="not a node name"):
        name_path(text)


def test_sklearn_names_follow_the_paths_of_the_scikit_learn_tree():
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.tree import sklearn_names
    rng = np.random.default_rng(3)
    X = rng.normal(size=(500, 3))
    tree_ = DecisionTreeClassifier(random_state=0).fit(X, (X[:, 0] + rng.normal(size=500) > 0)).tree_
    names, stack = {}, [(0, [])]
    while stack:                                               # scikit-learn's own arrays, walked here
        i, path = stack.pop()
        names[i] = _spelled(path)
        if tree_.children_left[i] != -1:
            stack += [(tree_.children_left[i], path + [1]), (tree_.children_right[i], path + [2])]
    assert sklearn_names(tree_) == [names[i] for i in range(tree_.node_count)]
    assert max(len(p) for p in names.values()) > 9             # deep enough for long digit names


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


# -- the count-tree JSON (issue 26 item 5) ----------------------------------------------------------
def _threshold_tree(threshold) -> str:
    import json
    return json.dumps({"counts": [1, 1], "feature": 0, "threshold": threshold,
                       "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]})


@pytest.mark.parametrize("text, value", [
    ("0.5", Fraction(1, 2)), ("1/3", Fraction(1, 3)), ("-2", Fraction(-2)), ("1e-3", Fraction(1, 1000)),
    (" 6/4 ", Fraction(3, 2)), ("9" * 1000, Fraction(10 ** 1000 - 1)), ("1/" + "9" * 1000, Fraction(1, 10 ** 1000 - 1)),
])
def test_a_threshold_given_as_text_is_kept_exactly(text, value):
    t = Tree.from_json(_threshold_tree(text))
    assert t.root.threshold == value and isinstance(t.root.threshold, Fraction)
    again = Tree.from_json(t.to_json())                        # written as "p/q", read back the same
    assert again.root.threshold == value
    assert '"threshold": "%d%s"' % (value.numerator, "" if value.denominator == 1 else f"/{value.denominator}") \
        in t.to_json()


@pytest.mark.parametrize("text, words", [
    ("abc", "node root: threshold: cannot read 'abc'"), ("1/0", "zero denominator"), ("nan", "cannot read"),
    ("inf", "cannot read"), ("", "cannot read"), ("1" + "0" * 1000, "MAX_THRESHOLD_DIGITS"),
    ("1/1" + "0" * 1000, "MAX_THRESHOLD_DIGITS"), ("1e1000", "MAX_THRESHOLD_DIGITS"),
    ("1e100000000", "exceeds the limit MAX_NUMBER_TEXT"),
])
def test_a_bad_threshold_text_is_refused_naming_the_node(text, words):
    with pytest.raises(ValueError, match=words):
        Tree.from_json(_threshold_tree(text))


@pytest.mark.parametrize("value", [True, None, [1], {"a": 1}])
def test_a_threshold_of_another_type_is_refused(value):
    if value is None:                                          # null: no threshold, as before
        assert Tree.from_json(_threshold_tree(value)).root.threshold is None
        return
    with pytest.raises(ValueError, match="node root: 'threshold' must be a finite number"):
        Tree.from_json(_threshold_tree(value))


def test_an_exact_threshold_routes_by_the_exact_comparison():
    import math
    t = Tree.from_json(_threshold_tree("1/3"))
    below = 0.3333333333333333                                 # 6004799503160661 / 2**54 < 1/3
    above = math.nextafter(below, 1.0)                         # 6004799503160662 / 2**54 > 1/3
    assert Fraction(below) < Fraction(1, 3) < Fraction(above)
    X = np.array([[below], [above], [Fraction(1, 3).__float__()]])
    assert [t.leaf_for(x).name for x in X] == ["c1", "c2", "c1"]
    assert route(t.split_tests(), X, np.arange(3), 0).tolist() == [1, 2, 1]
    half = Tree.from_json(_threshold_tree("0.5"))
    assert route(half.split_tests(), np.array([[0.5], [math.nextafter(0.5, 1.0)]]), np.arange(2), 0).tolist() == [1, 2]


def test_json_names_equal_to_the_positional_ones_are_accepted_and_others_refused():
    import json
    good = {"counts": [2, 1], "name": "root", "children": [{"counts": [2, 0], "name": "c1"},
                                                           {"counts": [0, 1], "name": "c2"}]}
    assert [n.name for n in Tree.from_dict(good).nodes()] == ["root", "c1", "c2"]
    for where, bad in [(("children", 0), "left"), (("children", 1), "c1"), ((), "top"), (("children", 0), None),
                       (("children", 1), 2)]:
        data = json.loads(json.dumps(good))
        node = data if not where else data[where[0]][where[1]]
        node["name"] = bad
        name = "root" if not where else f"c{where[1] + 1}"
        with pytest.raises(ValueError, match=f"node {name}: 'name' is {bad!r}, but node names are positional"):
            Tree.from_json(json.dumps(data))
    wide = {"counts": [11, 0], "children": [{"counts": [1, 0]} for _ in range(11)]}
    wide["children"][10]["name"] = "c.11"
    assert Tree.from_dict(wide).root.children[10].name == "c.11"
    wide["children"][10]["name"] = "c11"                       # the first child of c1, not this node
    with pytest.raises(ValueError, match="this node is 'c.11'"):
        Tree.from_dict(wide)


# -- one conversion of scikit-learn counts, two rounding policies -----------------------------------
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



# -- rational class counts (weighted counts) ----------------------------------------------------
def test_rational_counts_are_read_written_and_kept_exactly():
    """A count given as "p/q" text is that Fraction (a whole one an int); the JSON writer writes it
    back as "p/q"; nodes, arrays and JSON agree."""
    text = ('{"counts": ["7/2", 2], "children": [{"counts": ["1/2", "4/2"]}, {"counts": [3, 0]}]}')
    tree = Tree.from_json(text)
    assert tree.root.counts == (Fraction(7, 2), 2) and tree.node("c1").counts == (Fraction(1, 2), 2)
    assert type(tree.node("c1").counts[1]) is int
    assert tree.arrays().counts.tolist() == [[Fraction(7, 2), 2], [Fraction(1, 2), 2], [3, 0]]
    assert '"counts": ["7/2", 2]' in tree.to_json()
    assert Tree.from_json(tree.to_json()).arrays().counts.tolist() == tree.arrays().counts.tolist()
    from exactprune.tree import has_fractional_counts
    assert has_fractional_counts(tree.arrays())
    assert not has_fractional_counts(Tree.from_json('{"counts": ["4/2", 1]}').arrays())


def test_arrays_take_fractions_explicitly_and_refuse_floats_in_an_object_matrix():
    """An object matrix of ints and Fractions is a rational count tree; a float in it (which the
    float filter of PruneTree would take with bounds meant for integers) is refused naming it."""
    from exactprune.tree import CountArrays
    structure = (np.array([0, 2, 2, 2]), np.array([1, 2], dtype=np.int64))
    half = Fraction(1, 2)
    good = CountArrays(np.array([[Fraction(3, 2), 1], [1, 1], [half, 0]], dtype=object), *structure)
    assert Tree.from_arrays(good).node("c2").counts == (half, 0)
    bad = CountArrays(np.array([[1.5, 1], [1.0, 1], [0.5, 0]], dtype=object), *structure)
    with pytest.raises(ValueError, match="integers or exact rationals \\(Fraction\\), got the float 1.5"):
        Tree.from_arrays(bad)
    wrong = CountArrays(np.array([[Fraction(3, 2), 1], [1, 1], [Fraction(1, 3), 0]], dtype=object), *structure)
    with pytest.raises(ValueError, match="root: children's counts add up"):
        Tree.from_arrays(wrong)


def test_require_integer_counts_names_the_consumer_the_node_and_the_reason():
    from exactprune.tree import require_integer_counts
    tree = Tree.from_json('{"counts": ["5/2", 1], "children": [{"counts": [2, 1]}, {"counts": ["1/2", 0]}]}')
    with pytest.raises(ValueError, match=r"^the search needs whole-number class counts, and node root has "
                                         r"the count 5/2: a reason$"):
        require_integer_counts(tree.arrays(), "the search", "a reason")
    require_integer_counts(iris_tree().arrays(), "the search", "a reason")     # integers pass


# -- the breadth-first layout, the validation's blocks and the conversion's blocks (helper prunetree) ----
def _renumbered(tree, rnd):
    """The arrays of ``tree`` with its nodes numbered in a random order that keeps every parent
    before its children (a random topological order), and the node of each new index."""
    from exactprune.tree import CountArrays
    nodes, ready = [], [tree.root]
    while ready:
        nodes.append(ready.pop(rnd.randrange(len(ready))))
        ready += nodes[-1].children
    new = {id(n): i for i, n in enumerate(nodes)}
    children = [[new[id(c)] for c in n.children] for n in nodes]
    offsets = np.cumsum([0] + [len(c) for c in children])
    return CountArrays(np.array([list(n.counts) for n in nodes]), offsets,
                       np.array(sum(children, []), dtype=np.int64)), nodes


@given(count_trees(max_depth=4, max_children=4), st.randoms(use_true_random=False))
def test_breadth_first_lists_each_level_of_the_node_walk_and_its_children_in_turn(tree, rnd):
    """CountArrays.breadth_first against the level-by-level walk of the node view (each level the
    children of the previous one in order), on arrays numbered in a random parent-first order;
    split_positions are the positions of splits_bottom_up's nodes, deepest level first."""
    arrays, nodes = _renumbered(tree, rnd)
    index = {id(n): i for i, n in enumerate(nodes)}
    level, walk, starts = [tree.root], [], [0]
    while level:
        walk += [index[id(n)] for n in level]
        starts.append(len(walk))
        level = [c for n in level for c in n.children]
    order, got_starts = arrays.breadth_first()
    assert order.tolist() == walk and got_starts.tolist() == starts
    kids = [index[id(c)] for i in walk for c in nodes[i].children]       # children of the splits, in order
    assert order[1:].tolist() == kids
    assert [order[p].tolist() for p in arrays.split_positions()] == [s.tolist() for s in arrays.splits_bottom_up()]
    assert [level.tolist() for level in arrays.levels()] == [walk[a:b] for a, b in zip(starts, starts[1:])]


@given(count_trees(max_depth=4, max_children=3), st.randoms(use_true_random=False))
def test_subtree_mask_and_pruned_match_the_node_walk_of_the_kept_splits(tree, rnd):
    """subtree_mask (by breadth-first position) keeps exactly the nodes the node view reaches
    through kept splits; pruned renumbers them in index order with their children."""
    arrays, nodes = _renumbered(tree, rnd)
    kept = np.array([rnd.random() < 0.6 for _ in nodes])
    index = {id(n): i for i, n in enumerate(nodes)}
    reached, stack = set(), [tree.root]
    while stack:
        node = stack.pop()
        reached.add(index[id(node)])
        if kept[index[id(node)]]:
            stack += node.children
    assert np.flatnonzero(arrays.subtree_mask(kept)).tolist() == sorted(reached)
    small, old = arrays.pruned(kept)
    assert old.tolist() == sorted(reached)
    new = {o: i for i, o in enumerate(old.tolist())}
    for i, o in enumerate(old.tolist()):
        want = [new[index[id(c)]] for c in nodes[o].children] if kept[o] else []
        assert small.children_of(i) == want
        assert small.counts[i].tolist() == list(nodes[o].counts)
    # given the remaining nodes, the same arrays; cut: the remaining splits of the node view not kept
    mask = np.zeros(len(nodes), dtype=bool)
    mask[sorted(reached)] = True
    given_mask, old_given, cut = arrays.pruned_with_cut(kept, mask)
    assert old_given.tolist() == old.tolist()
    assert [given_mask.children_of(i) for i in range(len(old))] == [small.children_of(i) for i in range(len(old))]
    assert cut.tolist() == [bool(nodes[o].children) and not kept[o] for o in old.tolist()]
    assert arrays.child_counts().tolist() == [len(n.children) for n in nodes]
    assert "n_children" not in arrays.cached_keys()         # made for the caller only


def test_sums_are_checked_block_by_block_naming_the_first_wrong_split(monkeypatch):
    """check_arrays sums a few splits at a time; a wrong sum in a later block (and in a tree with
    a 3-child split) is found and named, the first one in index order."""
    import exactprune.tree.arrays as arrays_module
    from exactprune.tree import CountArrays
    monkeypatch.setattr(arrays_module, "_CHECK_BLOCK", 1)       # one split per block
    counts = np.array([[6, 3], [3, 0], [3, 3], [1, 0], [1, 0], [1, 0], [0, 2], [0, 1]])
    offsets = np.array([0, 2, 5, 7, 7, 7, 7, 7, 7])         # root: 1, 2; c1: 3, 4, 5; c2: 6, 7
    indices = np.array([1, 2, 3, 4, 5, 6, 7])
    with pytest.raises(ValueError, match=r"node c2: children's counts add up to \[0, 3\], not to its counts \[3, 3\]"):
        arrays_module.check_arrays(CountArrays(counts, offsets, indices))
    counts[2] = [0, 3]
    counts[0] = [3, 3]
    arrays_module.check_arrays(CountArrays(counts, offsets, indices))
    counts[6] = [1, 2]
    with pytest.raises(ValueError, match="node c2: children's counts add up to"):
        arrays_module.check_arrays(CountArrays(counts, offsets, indices))


@pytest.mark.parametrize("indices", [[1, -1], [1, 3], [2, 2], [0, 2]])
def test_child_indices_out_of_range_or_repeated_are_refused(indices):
    from exactprune.tree import CountArrays
    from exactprune.tree.arrays import check_arrays
    with pytest.raises(ValueError, match="child of exactly one node with a smaller index"):
        check_arrays(CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array(indices)))


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
