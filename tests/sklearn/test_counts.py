"""exactprune.sklearn.counts: the weighted class counts of a grown tree, exactly (whole weights as
replication, rational weights as they stand, one reading of a float), and PruneTree's theorems on
such rational counts."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from sklearn.datasets import load_wine

from exactprune.knorm import Prior, prune
from exactprune.sklearn import KNormTreeClassifier
from exactprune.tree import Tree

from sklearn_cases import FOUR, all_kept_masks, fraction_counts, id_of_name, iris_petals, pruned_ids, pruned_moment


# weights: exact weighted counts, whole numbers as replication, rational counts as they stand
def test_integer_sample_weights_are_replication():
    X, y = load_wine(return_X_y=True)
    w = np.random.default_rng(1).integers(0, 4, len(y))
    repeated = KNormTreeClassifier(random_state=0).fit(np.repeat(X, w, axis=0), np.repeat(y, w))
    for weights in (w, w.astype(float)):                # integer-valued floats are integers
        weighted = KNormTreeClassifier(random_state=0).fit(X, y, sample_weight=weights)
        assert weighted.count_tree_.root.counts == tuple(int(v) for v in np.bincount(y, weights=w))
        assert weighted.lam_ == repeated.lam_
        assert weighted.to_count_tree().to_json() == repeated.to_count_tree().to_json()
        assert np.array_equal(weighted.predict(X), repeated.predict(X))
        assert weighted.error_estimate() == repeated.error_estimate()


def test_balanced_class_weight_against_fractions():
    """class_weight='balanced' on iris with 50, 50, 20 rows: the counts are N / (J N_j) times the
    rows of each class, written here with Fractions; the pruned tree's 2nd moment is the least over
    every pruning (brute force with (4.28)/(4.29) written out), and error_estimate() is that
    tree's mean and second moment."""
    X, y = iris_petals()
    X, y = X[:120], y[:120]
    clf = KNormTreeClassifier(class_weight="balanced", lam="1/2", max_depth=4, random_state=0).fit(X, y)
    factor = {j: Fraction(120, 3 * int(np.sum(y == j))) for j in range(3)}      # 4/5, 4/5, 2
    expected = fraction_counts(clf.unpruned_estimator_, X, y, lambda r: factor[y[r]])
    assert [tuple(row) for row in clf.counts_.tolist()] == [expected[i] for i in range(len(expected))]
    assert tuple(clf.counts_[0]) == (40, 40, 40)
    assert any(isinstance(c, Fraction) and c.denominator > 1 for c in clf.counts_.ravel())
    t, half = clf.unpruned_estimator_.tree_, Fraction(1, 2)
    best = min(pruned_moment(t, expected, kept, 0, 2, half, half) for kept in all_kept_masks(t))
    bars = clf.error_estimate()
    assert bars.second == bars.moment == best
    leaves_kept = {i: (i not in pruned_ids(clf)) for i in range(t.node_count)}
    assert bars.mean == pruned_moment(t, expected, leaves_kept, 0, 1, half, half)
    # rational counts: no float filter, every comparison on the exact route
    assert clf.prune_fallbacks_ == clf.prune_comparisons_ == int(np.sum(t.children_left != -1))


@pytest.mark.parametrize("exact_floats", [False, True])
def test_fractional_sample_weight_counts_are_exact_rationals(exact_floats):
    """A float weight is read by the one rule: its shortest repr (default) or, with
    exact_floats=True, the binary rational it stores; the node counts are the Fraction sums of
    those, and the moments of each leaf are (4.29) of those counts (checked by the brute-force
    minimum)."""
    X, y = load_wine(return_X_y=True)
    w = np.random.default_rng(3).uniform(0.1, 2.0, len(y))
    clf = KNormTreeClassifier(lam="1/2", max_depth=3, random_state=0, exact_floats=exact_floats)
    clf.fit(X, y, sample_weight=w)
    read = (lambda r: Fraction(float(w[r]))) if exact_floats else (lambda r: Fraction(repr(float(w[r]))))
    expected = fraction_counts(clf.unpruned_estimator_, X, y, read)
    assert [tuple(row) for row in clf.counts_.tolist()] == [expected[i] for i in range(len(expected))]
    t, half = clf.unpruned_estimator_.tree_, Fraction(1, 2)
    best = min(pruned_moment(t, expected, kept, 0, 2, half, half) for kept in all_kept_masks(t))
    assert clf.error_estimate().second == best
    e, names = clf.predict_error(X), clf.leaf_name(X)      # per prediction: (4.29) of the leaf's counts
    for i in range(0, len(y), 7):
        counts = expected[id_of_name(clf.unpruned_estimator_.tree_, names[i])]
        leaf = pruned_moment(clf.unpruned_estimator_.tree_, {0: counts}, {}, 0, 1, half, half)
        assert clf.leaf_estimates_[names[i]].mean == leaf and e.mean[i] == pytest.approx(float(leaf), rel=1e-12)


def test_integer_class_weight():
    X, y = iris_petals()
    clf = KNormTreeClassifier(class_weight={0: 1, 1: 2, 2: 1}, random_state=0).fit(X, y)
    assert clf.count_tree_.root.counts == (50, 100, 50)
    labels = np.array(["setosa", "versicolor", "virginica"])[y]       # dict keys are the labels
    named = KNormTreeClassifier(class_weight={"versicolor": 0.5}, random_state=0).fit(X, labels)
    assert tuple(named.counts_[0]) == (50, 25, 50)


def _random_rational_tree(rng, depth):
    """A random binary count tree with counts in (1/6)Z (leaves drawn, parents summed)."""
    from exactprune.tree import Node
    if depth == 0 or rng.random() < 0.3:
        return Node(tuple(Fraction(int(v), 6) for v in rng.integers(0, 30, 2)))
    kids = [_random_rational_tree(rng, depth - 1), _random_rational_tree(rng, depth - 1)]
    return Node(tuple(a + b for a, b in zip(kids[0].counts, kids[1].counts)), kids)


def test_rational_prunetree_nests_as_k_grows():
    """Zhong Cor 5.4 (the optimal prunings nest as k grows) checked on rational counts: 300 random
    binary trees of depth <= 3 with counts in (1/6)Z, k = 1..8, lam = eta = 1/2 (seed 11): the
    splits kept at k + 1 are a subset of those kept at k.  Evidence on random cases, not a proof."""
    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(300):
        root = _random_rational_tree(rng, 3)
        if root.is_leaf:
            continue
        tree = Tree(root)
        previous = None
        for k in range(1, 9):
            kept = prune(tree, k, prior=Prior()).kept_splits
            if previous is not None:
                assert not np.any(kept & ~previous), (k, root)
            previous = kept
        checked += 1
    assert checked > 150


def test_rational_knorm_increases_with_k():
    """Zhong Thm 5.5 (lam > 0: the k-norm error of any subtree strictly increases with k) checked
    on rational counts: 200 random trees (seed 12), k = 1..8, exactly: E[r^(k+1)]^k > E[r^k]^(k+1)."""
    from exactprune.knorm import subtree_moment
    rng = np.random.default_rng(12)
    for _ in range(200):
        root = _random_rational_tree(rng, 3)
        moments = [subtree_moment(root, k, Prior()) for k in range(1, 10)]
        for k in range(1, 9):
            assert moments[k] ** k > moments[k - 1] ** (k + 1), (k, root)


@pytest.mark.parametrize("exact_floats", [False, True])
def test_one_float_is_one_rational_as_parameter_class_weight_and_sample_weight(exact_floats):
    """0.7 is the same rational as lam, as a class_weight value and as a sample_weight: 7/10 by
    default (its shortest repr), the binary 3152519739159347/2^52 with exact_floats=True."""
    seven = Fraction(7, 10) if not exact_floats else Fraction(3152519739159347, 2 ** 52)
    X, y = FOUR
    by_class = KNormTreeClassifier(lam=0.7, class_weight={"a": 0.7}, exact_floats=exact_floats).fit(X, y)
    by_row = KNormTreeClassifier(lam=0.7, exact_floats=exact_floats).fit(X, y, sample_weight=[0.7, 0.7, 1, 1])
    assert by_class.lam_ == by_row.lam_ == seven
    assert by_class.counts_[0].tolist() == by_row.counts_[0].tolist() == [2 * seven, 2]
    both = KNormTreeClassifier(lam="1/2", class_weight={"a": 0.7}, exact_floats=exact_floats).fit(
        X, y, sample_weight=[0.7] * 4)
    assert both.counts_[0].tolist() == [2 * seven * seven, 2 * seven]


def test_class_weight_dict_with_unequal_weights_lands_on_its_classes():
    """Unequal class weights (a dict by label, floats and a Fraction) times float sample weights:
    every node's counts are the hand-summed Fractions of its rows, per class."""
    X, y = load_wine(return_X_y=True)
    labels = np.array(["low", "mid", "high"])[y]
    weights = {"low": 0.25, "mid": Fraction(3, 7), "high": 2}
    w = np.random.default_rng(5).choice([0.5, 1.5, 0.1], len(y))
    clf = KNormTreeClassifier(lam="1/2", max_depth=3, class_weight=weights, random_state=0)
    clf.fit(X, labels, sample_weight=w)
    factor = {"low": Fraction(1, 4), "mid": Fraction(3, 7), "high": Fraction(2)}
    expected = fraction_counts(clf.unpruned_estimator_, X, np.searchsorted(clf.classes_, labels),
                                lambda r: Fraction(repr(float(w[r]))) * factor[labels[r]])
    assert list(clf.classes_) == ["high", "low", "mid"]
    assert [tuple(row) for row in clf.counts_.tolist()] == [expected[i] for i in range(len(expected))]
    root = expected[0]
    assert root[0] == 2 * sum(Fraction(repr(float(w[r]))) for r in np.flatnonzero(labels == "high"))


def test_agreement_with_sklearns_float_counts_is_allclose_for_finite_counts():
    """agrees_with_sklearn is numpy's allclose(counts, value * weight, rtol=1e-9, atol=1e-9), the
    float sums scikit-learn stores: equal counts and counts within rounding agree; a count off by
    a millionth of itself, or a float count that is NaN or infinite (never close to an exact
    count), does not; a node of weight 0 (NaN fractions) agrees with 0.  A stand-in ``tree_``
    holds the two arrays.  Planted bug that fails it (by hand, reverted): the finiteness check
    dropped (an infinite float count then passes |c - inf| <= 1e-9 + 1e-9 inf)."""
    from types import SimpleNamespace
    from exactprune.sklearn.counts import agrees_with_sklearn

    def tree(rows, weights):
        weights = np.array(weights, dtype=np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            value = np.array(rows, dtype=np.float64) / weights[:, None]
        return SimpleNamespace(value=value[:, None, :], weighted_n_node_samples=weights)

    counts = np.array([[3, 1_000_000], [3, 0], [0, 1_000_000]])
    assert agrees_with_sklearn(tree([[3, 1_000_000], [3, 0], [0, 1_000_000]], [1_000_003, 3, 1_000_000]), counts)
    assert agrees_with_sklearn(tree([[3, 1_000_000.0005], [3, 0], [0, 1_000_000]], [1_000_003, 3, 1_000_000]), counts)
    assert not agrees_with_sklearn(tree([[3, 1_000_001], [3, 0], [0, 1_000_000]], [1_000_004, 3, 1_000_000]), counts)
    assert not agrees_with_sklearn(tree([[3, np.inf], [3, 0], [0, 1_000_000]], [1_000_003, 3, 1_000_000]), counts)
    assert not agrees_with_sklearn(tree([[3, np.nan], [3, 0], [0, 1_000_000]], [1_000_003, 3, 1_000_000]), counts)
    assert agrees_with_sklearn(tree([[0, 0]], [0]), np.array([[0, 0]]))
