"""exactprune.peers.ccp.cv: cross-validation against pruning every fold tree directly, the
1-SE rule by its definition, and predictions of a pruned scikit-learn tree."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from exactprune.peers import ccp as C
from exactprune.tree import Tree


def test_ccp_cv_one_se_rule_on_digits():
    from sklearn.datasets import load_breast_cancer
    X, y = load_breast_cancer(return_X_y=True)
    res = C.ccp_cv_select(X, y, V=5, random_state=1)
    res0 = C.ccp_cv_select(X, y, V=5, se_rule=0, random_state=1)
    assert res.chosen >= res.best                       # 1-SE picks an equal or smaller tree
    assert res0.chosen == res0.best
    assert res.tree.n_leaves <= res0.tree.n_leaves
    rb = res.cv_errors[res.best]
    assert float(res.cv_errors[res.chosen]) <= float(rb) + res.cv_se[res.best] + 1e-12
    assert all(float(r) >= float(rb) for r in res.cv_errors)


def test_ccp_cv_errors_match_pruning_each_fold_tree_at_each_point():
    """The interval bookkeeping of ccp_cv_select against the direct definition: prune every
    fold tree at every CV point (ccp_subtree_at) and count its held-out errors."""
    import numpy as np
    from sklearn.model_selection import StratifiedKFold
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g6c25", 600, seed=4)
    res = C.ccp_cv_select(X, y, V=5, random_state=2)
    a = res.stage_alphas
    points = [(a[k], a[k + 1] if k + 1 < len(a) else None) for k in range(len(a))]
    wrong = [0] * len(points)
    for train, test in StratifiedKFold(5, shuffle=True, random_state=2).split(X, y):
        est = DecisionTreeClassifier(random_state=2).fit(X[train], y[train])
        ft = Tree.from_sklearn(est)
        fa = C.ccp_alphas(ft)
        for k, pt in enumerate(points):
            collapsed = C.ccp_subtree_at(ft, fa, pt if k > 0 else Fraction(0))
            wrong[k] += int(np.sum(C.predict_with_leaves(est, collapsed, X[test]) != y[test]))
    assert res.cv_errors == [Fraction(w, len(y)) for w in wrong]


def _direct_cv(X, y, V, random_state, splitter, stage_alphas):
    """CV errors per stage point by pruning each fold tree at each point (the definition)."""
    from sklearn.tree import DecisionTreeClassifier
    a = stage_alphas
    points = [(a[k], a[k + 1] if k + 1 < len(a) else None) for k in range(len(a))]
    wrong = [0] * len(points)
    for train, test in splitter.split(X, y):
        est = DecisionTreeClassifier(random_state=random_state).fit(X[train], y[train])
        ft = Tree.from_sklearn(est)
        fa = C.ccp_alphas(ft)
        for k, pt in enumerate(points):
            collapsed = C.ccp_subtree_at(ft, fa, pt if k > 0 else Fraction(0))
            wrong[k] += int(np.sum(C.predict_with_leaves(est, collapsed, X[test]) != y[test]))
    return [Fraction(w, len(y)) for w in wrong]


def _data(rare: int, seed: int = 0):
    """g2c25 points, plus ``rare`` points of a third class (the largest label)."""
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c25", 120, seed=seed)
    rng = np.random.default_rng(seed)
    return np.vstack([X, rng.normal(3, 0.5, size=(rare, 2))]), np.concatenate([y, np.full(rare, 2)])


@pytest.mark.parametrize("rare, stratified", [(3, False), (4, True)])
def test_cv_folds_and_errors(rare, stratified):
    """V = 4 (not scikit-learn's default 5): with 3 examples of the third class scikit-learn
    cannot stratify and KFold is used (some fold trees never see class 2); with exactly 4 it can.  The CV errors equal the
    direct definition on the same folds, and the SE is sqrt(R (1 - R) / N)."""
    from sklearn.model_selection import KFold, StratifiedKFold
    X, y = _data(rare)
    res = C.ccp_cv_select(X, y, V=4, random_state=3)
    splitter = (StratifiedKFold if stratified else KFold)(4, shuffle=True, random_state=3)
    assert res.cv_errors == _direct_cv(X, y, 4, 3, splitter, res.stage_alphas)
    N = len(y)
    assert res.cv_se == [math.sqrt(float(r * (1 - r)) / N) for r in res.cv_errors]
    full = C.ccp_alphas(Tree.from_sklearn(__import__("sklearn.tree", fromlist=["x"]).DecisionTreeClassifier(
        random_state=3).fit(X, y)))
    assert res.stage_alphas == [Fraction(0)] + sorted(set(full.values()) - {Fraction(0)})
    best = max(k for k, r in enumerate(res.cv_errors) if r == min(res.cv_errors))
    assert res.best == best                                  # the smallest tree among the minima


def test_cv_inputs_are_checked():
    X, y = _data(5)
    with pytest.raises(ValueError, match=r"^V must be at least 2, got 1$"):
        C.ccp_cv_select(X, y, V=1)
    with pytest.raises(TypeError, match=r"^V must be"):
        C.ccp_cv_select(X, y, V=2.0)
    with pytest.raises(TypeError, match=r"^se_rule must be exact"):
        C.ccp_cv_select(X, y, V=2, se_rule=1.0)
    two = C.ccp_cv_select(X, y, V=2, random_state=1)             # V = 2 is allowed
    assert len(two.cv_errors) == len(two.stage_alphas)


def test_cv_defaults_are_ten_folds_and_seed_zero():
    """Breiman's V = 10 and random_state 0 by default: the same CV errors as passing them."""
    X, y = _data(12, seed=1)
    default = C.ccp_cv_select(X, y)
    explicit = C.ccp_cv_select(X, y, V=10, se_rule="1", random_state=0)
    assert default.cv_errors == explicit.cv_errors and default.chosen == explicit.chosen
    assert default.cv_errors != C.ccp_cv_select(X, y, V=11, random_state=0).cv_errors
    assert default.cv_errors != C.ccp_cv_select(X, y, V=10, random_state=1).cv_errors


@pytest.mark.parametrize("seed, V", [(2, 3), (6, 4)])
def test_cv_best_and_one_se_choice_by_their_definitions(seed, V):
    """best: the largest k (smallest tree) of least CV error (these data tie at the minimum);
    chosen: the largest k with R_k <= R_best + c SE_best, SE_best = sqrt(R_best (1 - R_best) / N),
    evaluated here in 50-digit decimals for c = 0, 1/2, 1, 2; the result's alpha, tree and
    collapsed set are those of that stage."""
    from decimal import Decimal, getcontext
    getcontext().prec = 50
    X, y = _data(4, seed)
    N = len(y)
    for c in ("0", "1/2", "1", "2"):
        res = C.ccp_cv_select(X, y, V=V, random_state=seed, se_rule=c)
        R = res.cv_errors
        ties = [k for k, r in enumerate(R) if r == min(R)]
        assert len(ties) > 1 and res.best == max(ties)
        rb = Decimal(R[res.best].numerator) / R[res.best].denominator
        limit = rb + Decimal(Fraction(c).numerator) / Fraction(c).denominator * (rb * (1 - rb) / N).sqrt()
        chosen = max(k for k, r in enumerate(R) if Decimal(r.numerator) / r.denominator <= limit)
        assert res.chosen == chosen and res.alpha == res.stage_alphas[chosen]
        full = Tree.from_sklearn(__import__("sklearn.tree", fromlist=["x"]).DecisionTreeClassifier(
            random_state=seed).fit(X, y))
        collapsed = C.ccp_subtree_at(full, C.ccp_alphas(full), res.alpha)
        assert res.collapsed == collapsed
        from exactprune.tree import ancestor_names
        kept_leaves = {l.name for l in full.leaves() if not set(ancestor_names(l.name)) & collapsed}
        assert sorted(l.name for l in res.tree.leaves()) == sorted(kept_leaves | collapsed)


def _grid_data(seed: int):
    """Small two-class data on a 3 x 3 (or 4 x 4) integer grid: many repeated points with both labels,
    so fold trees have splits that fix no training error (alpha 0)."""
    rng = np.random.default_rng(seed)
    N, V = int(rng.integers(12, 40 if seed == 0 else 60)), int(rng.choice([2, 3]))
    X = rng.integers(0, 3 if seed == 0 else 4, size=(N, 2)).astype(float)
    return X, rng.integers(0, 2, size=N), V


def _splitter(y, V, random_state):
    from sklearn.model_selection import KFold, StratifiedKFold
    return (StratifiedKFold if np.bincount(y).min() >= V else KFold)(V, shuffle=True, random_state=random_state)


def test_cv_errors_at_alpha_zero_count_the_collapsed_alpha_zero_splits():
    """Point 0 of the CV is alpha = 0 exactly (lo = 0): a fold-tree split whose subtree fixes no
    training error has alpha 0 and is collapsed there (0 * 0 <= 0 * hi, the equality case), so
    its held-out examples are scored with its own label, not its children's.  Checked against the
    definition (each fold tree pruned at each point by ccp_subtree_at)."""
    X, y, V = _grid_data(0)
    assert (len(y), V) == (35, 3)
    res = C.ccp_cv_select(X, y, V=V, random_state=0)
    assert res.cv_errors == _direct_cv(X, y, V, 0, _splitter(y, V, 0), res.stage_alphas)


def test_cv_with_a_class_one_fold_never_sees():
    """One example of the largest label 2: the fold tree trained without it has classes (0, 1),
    the example is always misclassified (scikit-learn's searchsorted puts it past the last class),
    as the definition counts it."""
    from sklearn.model_selection import KFold
    X, y = _data(1)
    res = C.ccp_cv_select(X, y, V=4, random_state=3)
    assert res.cv_errors == _direct_cv(X, y, 4, 3, KFold(4, shuffle=True, random_state=3), res.stage_alphas)


def test_one_se_rule_at_the_exact_boundary():
    """N = 18 grid data, CV errors 7/18, 6/18, 7/18 (checked against the definition): best = 1 and
    the root stage k = 2 satisfies R_2 <= R_1 + c SE_1 with equality at c = 1/2:
    (R_2 - R_1)^2 N = 1/18 = (1/4)(6/18)(12/18) = c^2 R_1 (1 - R_1).  So c = 1/2 chooses k = 2 and
    any smaller c (499/1000) keeps k = 1."""
    X, y, V = _grid_data(97)
    assert (len(y), V) == (18, 3)
    res = C.ccp_cv_select(X, y, V=V, random_state=97, se_rule="1/2")
    assert res.cv_errors == _direct_cv(X, y, V, 97, _splitter(y, V, 97), res.stage_alphas)
    assert res.cv_errors == [Fraction(7, 18), Fraction(6, 18), Fraction(7, 18)]
    assert (res.best, res.chosen, res.alpha) == (1, 2, res.stage_alphas[2])
    below = C.ccp_cv_select(X, y, V=V, random_state=97, se_rule=Fraction(499, 1000))
    assert (below.best, below.chosen) == (1, 1)




def test_predict_with_leaves_reads_x_as_scikit_learn_does_and_stops_at_the_collapsed_nodes():
    """Unpruned, the predictions are scikit-learn's own, also for float64 inputs that float32
    rounds across a threshold; pruned, each row gets the label (argmax of the training class
    frequencies) of the node where a walk of scikit-learn's arrays, written here, first meets a
    collapsed name."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.tree import sklearn_names
    rng = np.random.default_rng(6)
    X = rng.normal(size=(300, 2))
    y = (X[:, 0] + 0.5 * rng.normal(size=300) > 0).astype(int) + (X[:, 1] > 0.8)
    est = DecisionTreeClassifier(random_state=0, max_depth=6).fit(X, y)
    tree_ = est.tree_
    past = np.nextafter(tree_.threshold[0], np.inf)          # right of the root's test in float64,
    assert np.float32(past) <= tree_.threshold[0]            # left of it in float32 (this seed)
    near = X[:40].copy()
    near[:, tree_.feature[0]] = past
    probe = np.vstack([X, near])
    left, right = tree_.children_left[0], tree_.children_right[0]
    assert np.argmax(tree_.value[left, 0]) != np.argmax(tree_.value[right, 0])      # (this seed)
    assert C.predict_with_leaves(est, {"c1", "c2"}, near).tolist() == [est.classes_[np.argmax(tree_.value[left, 0])]] * 40
    assert np.array_equal(C.predict_with_leaves(est, set(), probe), est.predict(probe))
    names = sklearn_names(tree_)
    collapsed = {names[i] for i in range(tree_.node_count) if tree_.children_left[i] != -1 and i % 3 == 1}
    expected = []
    for x in probe.astype(np.float32):
        i = 0
        while tree_.children_left[i] != -1 and names[i] not in collapsed:
            i = tree_.children_left[i] if x[tree_.feature[i]] <= tree_.threshold[i] else tree_.children_right[i]
        expected.append(est.classes_[np.argmax(tree_.value[i, 0])])
    assert collapsed and C.predict_with_leaves(est, collapsed, probe).tolist() == expected
    with pytest.raises(ValueError, match="NaN"):
        C.predict_with_leaves(est, set(), [[np.nan, 0.0]])
    with pytest.raises(ValueError, match="X has 3 features, but the tree was fitted with 2"):
        C.predict_with_leaves(est, set(), np.zeros((1, 3)))
