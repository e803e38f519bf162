"""exactprune.sklearn.internals: the pruned tree_ written in scikit-learn's private layout is a
real scikit-learn tree, and a release that changes the layout fails here."""
from __future__ import annotations

import numpy as np
from sklearn.datasets import load_wine
from sklearn.tree import DecisionTreeClassifier, export_text

from exactprune.sklearn import KNormTreeClassifier

from sklearn_cases import iris_petals


def test_pruned_tree_is_a_real_sklearn_tree():
    import matplotlib
    matplotlib.use("Agg")
    from sklearn.tree import export_graphviz, plot_tree
    X, y = load_wine(return_X_y=True)
    clf = KNormTreeClassifier(random_state=0).fit(X, y)
    t, full = clf.tree_, clf.unpruned_estimator_.tree_
    assert isinstance(clf, DecisionTreeClassifier) and t is clf.estimator_.tree_
    assert t.node_count == 2 * clf.get_n_leaves() - 1 < full.node_count   # binary, compacted
    is_leaf = t.children_left == -1
    depth = np.zeros(t.node_count, dtype=int)          # depth from the children arrays
    for i in range(t.node_count):
        if not is_leaf[i]:
            depth[[t.children_left[i], t.children_right[i]]] = depth[i] + 1
    assert clf.get_n_leaves() == int(is_leaf.sum()) and clf.get_depth() == depth.max() == t.max_depth
    assert int(t.weighted_n_node_samples[0]) == len(y) == t.weighted_n_node_samples[is_leaf].sum()
    assert set(t.children_left[~is_leaf]) | set(t.children_right[~is_leaf]) == set(range(1, t.node_count))
    # scikit-learn's tools take the estimator itself and show the pruned tree
    text = export_text(clf)
    assert text.count("class:") == clf.get_n_leaves() < export_text(clf.unpruned_estimator_).count("class:")
    assert text == export_text(clf.estimator_)
    dot = export_graphviz(clf)
    assert dot.count("->") == t.node_count - 1
    annotations = plot_tree(clf)
    assert sum("samples =" in a.get_text() for a in annotations) == t.node_count
    # apply and decision_path: the path of each row ends at its leaf, and the leaf is a leaf
    leaves, paths = clf.apply(X), clf.decision_path(X)
    assert paths.shape == (len(y), t.node_count) and np.all(is_leaf[leaves])
    assert all(paths[r].indices.max() == leaves[r] for r in range(0, len(y), 5))
    # feature importances: the total impurity decrease of the pruned tree's splits, by feature
    expected = np.zeros(X.shape[1])
    w, imp = t.weighted_n_node_samples, t.impurity
    for i in np.flatnonzero(~is_leaf):
        left, right = t.children_left[i], t.children_right[i]
        expected[t.feature[i]] += w[i] * imp[i] - w[left] * imp[left] - w[right] * imp[right]
    assert np.allclose(clf.feature_importances_, expected / expected.sum(), rtol=1e-12)
    assert not np.allclose(clf.feature_importances_, clf.unpruned_estimator_.feature_importances_)
    assert clf.unpruned_estimator_.tree_.node_count == full.node_count    # the grown tree untouched


def test_scikit_learn_private_tree_layout_is_the_one_internals_writes():
    """The private layout of sklearn.tree._tree.Tree that exactprune.sklearn.internals writes (the
    pruned tree_): a scikit-learn release that changes it fails here, naming the difference."""
    import sklearn
    from exactprune.sklearn import internals
    tree_ = DecisionTreeClassifier(random_state=0).fit(*iris_petals()).tree_
    state = tree_.__getstate__()
    assert set(state) == {"max_depth", "node_count", "nodes", "values"}, \
        f"scikit-learn {sklearn.__version__} changed Tree.__getstate__: {sorted(state)}"
    assert state["nodes"].dtype.names == ("left_child", "right_child", "feature", "threshold", "impurity",
                                          "n_node_samples", "weighted_n_node_samples", "missing_go_to_left"), \
        f"scikit-learn {sklearn.__version__} changed the node record: {state['nodes'].dtype.names}"
    internals.check_tree_layout(tree_)
    # the forged pruned tree routes every input to the grown tree's leaf, or to the pruned split above
    # it (Zhong's names: an ancestor's name is a prefix), and its leaves are leaves
    X, y = iris_petals()
    clf = KNormTreeClassifier(lam="1/2", k=1, random_state=0).fit(X, y)
    assert clf.pruned_ and clf.get_n_leaves() == 7
    grid = np.random.default_rng(0).uniform(0, 7, (500, 2))
    assert np.all(clf.tree_.children_left[clf.apply(grid)] == -1)
    grown_names = clf.count_tree_.arrays().names()
    for pruned_leaf, grown_leaf in zip(clf.leaf_name(grid).tolist(), clf.unpruned_estimator_.apply(grid).tolist()):
        name = grown_names[grown_leaf]
        assert name == pruned_leaf or (pruned_leaf in clf.pruned_ and name.startswith(pruned_leaf)), (name, pruned_leaf)
