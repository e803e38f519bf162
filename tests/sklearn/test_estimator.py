"""exactprune.sklearn.estimator: KNormTreeClassifier as a scikit-learn estimator (its checks,
pickling, cloning, Pipelines, GridSearchCV), Zhong's App B on iris, the k-norm pruning path,
prune_fitted, and the tour of docs/sklearn_tour.md."""
from __future__ import annotations

import pickle
from fractions import Fraction

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import load_breast_cancer, load_digits, load_wine
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier, export_text
from sklearn.utils.estimator_checks import parametrize_with_checks

from exactprune.knorm import Prior, prune
from exactprune.sklearn import KNormTreeClassifier, prune_fitted
from exactprune.tree import Tree, iris_tree

from sklearn_cases import DATASETS, iris_petals


# scikit-learn's estimator checks

#: checks that must fail, with the reason: none.  (check_class_weight_classifiers failed while
#: fractional weights were refused; the weighted counts are now exact rationals.)
EXPECTED_FAILED_CHECKS: dict = {}


# Skipped by scikit-learn itself when their dependency is missing (not failures of the estimator):
# check_sample_weights_pandas_series and check_classifier_data_not_an_array need pandas (with
# pandas installed they pass: checked with pandas 2 and scikit-learn 1.9); check_array_api_input
# needs SCIPY_ARRAY_API=1 and an array-API library.
@parametrize_with_checks([KNormTreeClassifier(random_state=0), KNormTreeClassifier(k=1, lam="1/2")],
                         expected_failed_checks=lambda est: EXPECTED_FAILED_CHECKS,
                         xfail_strict=True)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


def test_float_k_refused():
    """k is declared as an int >= 1 in _parameter_constraints: a float or 0 names the parameter."""
    X, y = iris_petals()
    with pytest.raises(TypeError, match=r"'k' parameter of KNormTreeClassifier must be an int in the range \[1, inf\)"):
        KNormTreeClassifier(k=2.0).fit(X, y)
    with pytest.raises(ValueError, match=r"'k' parameter of KNormTreeClassifier must be an int in the range \[1, inf\)"):
        KNormTreeClassifier(k=0).fit(X, y)
    assert KNormTreeClassifier(k=np.int64(2), lam="1/2", random_state=0).fit(X, y).k_ == 2


@pytest.mark.parametrize("name,value", [("numerator", "J"), ("max_depth", -1), ("lam", [1, 2]),
                                        ("epsilon", None), ("splitter", "worst")])
def test_declared_constraints_name_the_parameter(name, value):
    """Every parameter goes through scikit-learn's declared constraints (check_param_validation)."""
    X, y = iris_petals()
    with pytest.raises(ValueError, match=rf"The '{name}' parameter of KNormTreeClassifier must be"):
        KNormTreeClassifier(**{name: value}).fit(X, y)


# Zhong App B on iris (lam = 1/2, eta = 1/2)
def test_iris_app_b_values():
    clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(*iris_petals())
    assert clf.pruned_ == ["c21", "c22"] and clf.get_n_leaves() == 3     # Figure B.1(d), B.2
    bars = clf.error_estimate()
    assert round(float(bars.mean), 5) == 0.05822                            # (B.13)
    assert round(float(bars.second), 6) == 0.005856                         # (B.14)
    assert round(bars.sd, 5) == 0.04966                                     # (B.15)
    assert round(bars.norm2, 5) == round(bars.knorm, 5) == 0.07652          # (B.16)
    assert bars.moment == bars.second == prune(iris_tree(), 2, prior=Prior("1/2", "1/2")).moment
    e = clf.predict_error([[1.4, 0.2], [4.5, 1.5], [5.5, 2.1]])              # leaves c1, c21, c22
    assert list(clf.leaf_name([[1.4, 0.2], [4.5, 1.5], [5.5, 2.1]])) == ["c1", "c21", "c22"]
    assert [round(float(v), 4) for v in e.mean] == [0.0194, 0.1081, 0.0421]  # (B.17)(B.20)(B.23)
    assert [round(float(v), 4) for v in e.sd] == [0.0190, 0.0413, 0.0288]    # (B.18)(B.21)(B.24)
    assert [round(float(v), 4) for v in e.knorm] == [0.0272, 0.1157, 0.0510]  # (B.19)(B.22)(B.25)
    assert clf.leaf_estimates_["c21"].mean == Fraction(6, 1) / Fraction(111, 2)   # exact (B.1)
    assert list(clf.predict([[1.4, 0.2], [4.5, 1.5], [5.5, 2.1]])) == [0, 1, 2]


def test_count_tree_is_zhongs_tree():
    clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(*iris_petals())
    full = clf.to_count_tree(pruned=False)
    assert [n.counts for n in full.nodes()] == [n.counts for n in iris_tree().nodes()]
    assert [n.name for n in clf.to_count_tree().leaves()] == ["c1", "c21", "c22"]


def test_knorm_pruning_path_iris():
    clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(*iris_petals())
    path = clf.knorm_pruning_path()
    assert path.ks == [1, 2, 17781896] and path.n_leaves == [7, 3, 2]
    assert path.k_to == [2, 17781896, None]
    assert path.pruned[:2] == [["c22"], ["c21"]]      # newly pruned: the ineffective split first
    assert sorted(path.pruned[0] + path.pruned[1]) == clf.pruned_
    # the k = 2 stage is the fitted tree; the norms of the stages grow with k
    assert [n.counts for n in path.trees[1].nodes()] == [n.counts for n in clf.to_count_tree().nodes()]
    assert path.knorm_errors == sorted(path.knorm_errors)
    assert abs(path.knorm_errors[1] - clf.error_estimate().knorm) < 1e-9


def test_predict_proba_is_lidstone_posterior_mean():
    X, y = load_wine(return_X_y=True)
    clf = KNormTreeClassifier(lam="1", random_state=0).fit(X, y)
    proba = clf.predict_proba(X)
    assert np.allclose(proba.sum(axis=1), 1)
    for x, p, name in list(zip(X, proba, clf.leaf_name(X)))[:30]:
        counts = clf.to_count_tree().node(name).counts
        n = sum(counts)
        assert np.allclose(p, [(c + 1) / (n + 3) for c in counts])
    assert np.array_equal(clf.classes_[proba.argmax(axis=1)], clf.predict(X))


# scikit-learn integration: pickling, cloning, Pipeline, GridSearchCV, cross_val_score
def test_pickle_roundtrip():
    X, y = load_breast_cancer(return_X_y=True)
    clf = KNormTreeClassifier(lam=Fraction(1, 3), random_state=0).fit(X, y)
    again = pickle.loads(pickle.dumps(clf))
    assert np.array_equal(again.predict(X), clf.predict(X))
    assert np.array_equal(again.predict_error(X).sd, clf.predict_error(X).sd)
    assert again.error_estimate() == clf.error_estimate()
    assert again.lam == Fraction(1, 3)
    for k in (1, 3):                       # the k-th moment is recomputed from the pruned tree
        fitted = KNormTreeClassifier(k=k, random_state=0).fit(X, y)
        thawed = pickle.loads(pickle.dumps(fitted))
        assert thawed.error_estimate() == fitted.error_estimate()
        assert thawed.error_estimate().moment == prune(Tree.from_sklearn(fitted.unpruned_estimator_), k,
                                                        prior=fitted.prior_).moment


def test_clone_keeps_exact_parameters_and_is_unfitted():
    X, y = iris_petals()
    clf = KNormTreeClassifier(k=3, lam=Fraction(1, 2), eta="1/4", numerator="1", max_depth=4).fit(X, y)
    twin = clone(clf)
    assert twin.get_params() == clf.get_params()
    assert twin.lam == Fraction(1, 2) and twin.eta == "1/4"
    assert not hasattr(twin, "estimator_")
    assert np.array_equal(twin.fit(X, y).predict(X), clf.predict(X))


@pytest.mark.parametrize("data", ["iris", "breast_cancer"])   # multi-class and two-class
def test_pipeline_gridsearch_cross_val(data):
    X, y = DATASETS[data]()
    pipe = make_pipeline(StandardScaler(), KNormTreeClassifier(random_state=0))
    scores = cross_val_score(pipe, X, y, cv=3)
    assert scores.shape == (3,) and scores.min() > 0.8
    grid = GridSearchCV(KNormTreeClassifier(random_state=0),
                        {"k": [1, 2, 3], "lam": ["auto", "1/2", "4"]}, cv=3).fit(X, y)
    assert grid.best_params_["k"] in (1, 2, 3)
    assert isinstance(grid.best_estimator_.lam_, Fraction)
    assert grid.best_estimator_.score(X, y) > 0.8


def test_rational_counts_have_the_exact_path_and_its_display():
    """After class_weight="balanced" (rational counts) the path is PruneTree's on the count tree:
    each stage's leaves at its first k, more leaves one k below it; the Display draws it.  Planted
    bug that fails it (by hand, reverted): next_breakpoint returning one more than the least k."""
    import matplotlib
    matplotlib.use("Agg")
    from exactprune.sklearn import KNormPathDisplay
    from exactprune.tree import has_fractional_counts
    X, y = iris_petals()
    clf = KNormTreeClassifier(class_weight="balanced", random_state=0).fit(X[:120], y[:120])
    assert has_fractional_counts(clf.count_tree_.arrays())
    path = clf.knorm_pruning_path()
    assert len(path.ks) >= 2
    for k, leaves in zip(path.ks, path.n_leaves):
        assert prune(clf.count_tree_, k, prior=clf.prior_).tree.n_leaves == leaves
        if k > 1:
            assert prune(clf.count_tree_, k - 1, prior=clf.prior_).tree.n_leaves > leaves
    xs, drawn = KNormPathDisplay.from_estimator(clf).ax_.get_lines()[0].get_data()
    assert list(xs[:-1]) == path.ks and list(drawn[:-1]) == path.n_leaves
    # the count tree holds the rational counts, and JSON takes them back exactly ("p/q" strings)
    full = clf.to_count_tree(pruned=False)
    assert [list(row) for row in full.arrays().counts.tolist()] == clf.counts_.tolist()
    assert Tree.from_json(full.to_json()).arrays().counts.tolist() == clf.counts_.tolist()


# prune_fitted
def test_prune_fitted_matches_estimator_and_leaves_input_alone():
    X, y = load_digits(return_X_y=True)
    cart = DecisionTreeClassifier(random_state=0, min_samples_leaf=2).fit(X, y)
    before = cart.tree_.node_count
    post = prune_fitted(cart)
    direct = KNormTreeClassifier(random_state=0, min_samples_leaf=2).fit(X, y)
    assert cart.tree_.node_count == before and post.unpruned_estimator_ is cart
    assert post.get_params() == direct.get_params()
    assert post.pruned_ == direct.pruned_ and post.lam_ == direct.lam_
    assert np.array_equal(post.predict(X), direct.predict(X))


def test_prune_fitted_with_the_training_rows_is_fit():
    """Given its rows, prune_fitted sums the counts exactly, like fit: the same counts, pruning and
    bars as KNormTreeClassifier with the same weights; rows the tree was not fit on are refused."""
    X, y = load_wine(return_X_y=True)
    X = X.copy()
    X[::9, 3] = np.nan
    w = np.random.default_rng(5).uniform(0.2, 3.0, len(y))
    cart = DecisionTreeClassifier(class_weight="balanced", random_state=0).fit(X, y, sample_weight=w)
    post = prune_fitted(cart, X=X, y=y, sample_weight=w)
    direct = KNormTreeClassifier(class_weight="balanced", random_state=0).fit(X, y, sample_weight=w)
    assert post.counts_.tolist() == direct.counts_.tolist()
    assert post.pruned_ == direct.pruned_ and post.error_estimate() == direct.error_estimate()
    with pytest.raises(ValueError, match="do not give the tree's class counts"):
        prune_fitted(cart, X=X[::-1], y=y, sample_weight=w)
    with pytest.raises(ValueError, match="X and y together"):
        prune_fitted(cart, X=X)
    with pytest.raises(ValueError, match="training rows .X=, y=. for exact counts"):
        prune_fitted(cart)


def test_prune_fitted_rounding_is_stated_and_additive():
    X, y = iris_petals()
    w = np.where(y == 2, 1.3, 1.0)
    cart = DecisionTreeClassifier(random_state=0).fit(X, y, sample_weight=w)
    with pytest.raises(ValueError, match="non-integer weighted class counts.*rounding='nearest'"):
        prune_fitted(cart)
    with pytest.raises(ValueError, match="rounding must be"):
        prune_fitted(cart, rounding="up")
    with pytest.raises(TypeError, match="DecisionTreeClassifier"):
        prune_fitted(KNormTreeClassifier())
    post = prune_fitted(cart, rounding="nearest")
    leaves_raw = cart.tree_.value[:, 0, :] * cart.tree_.weighted_n_node_samples[:, None]
    leaf_ids = np.flatnonzero(cart.tree_.children_left == -1)
    leaf_counts = sorted(tuple(int(v) for v in np.rint(leaves_raw[i])) for i in leaf_ids)
    assert sorted(n.counts for n in post.count_tree_.leaves()) == leaf_counts
    assert post.count_tree_.root.counts == tuple(np.sum([np.rint(leaves_raw[i]) for i in leaf_ids],
                                                        axis=0).astype(int))


def test_a_practitioners_script_runs_unchanged():
    """Issue 24's script: string labels (a pandas DataFrame when pandas is installed), NaN in X,
    class_weight='balanced', a float grid over lam, plot_tree on the best estimator, then
    cross_val_score, clone, pickle and bagging; the pickled rational fit predicts the same."""
    import matplotlib
    matplotlib.use("Agg")
    from sklearn.ensemble import BaggingClassifier
    from sklearn.tree import plot_tree
    X, y = load_breast_cancer(return_X_y=True)
    X = X.copy()
    X[np.random.default_rng(0).random(X.shape) < 0.05] = np.nan
    labels = np.array(["malignant", "benign"])[y]
    try:
        import pandas
        X = pandas.DataFrame(X, columns=load_breast_cancer().feature_names)
    except ImportError:
        pass
    grid = GridSearchCV(KNormTreeClassifier(class_weight="balanced", random_state=0),
                        {"lam": [0.1, 0.5, 1.0]}, cv=3).fit(X, labels)
    best = grid.best_estimator_
    assert best.lam_ in (Fraction(1, 10), Fraction(1, 2), Fraction(1))
    assert any(isinstance(c, Fraction) and c.denominator > 1 for c in best.counts_.ravel())
    plot_tree(best, feature_names=list(getattr(X, "columns", [])) or None)
    assert cross_val_score(clone(best), X, labels, cv=3).min() > 0.8
    thawed = pickle.loads(pickle.dumps(best))
    assert np.array_equal(thawed.predict(X), best.predict(X)) and thawed.error_estimate() == best.error_estimate()
    bagged = BaggingClassifier(KNormTreeClassifier(class_weight="balanced"), n_estimators=3, random_state=0).fit(X, labels)
    assert set(bagged.predict(X)) <= {"malignant", "benign"}


def test_sklearn_tour_prints_what_it_shows():
    """docs/sklearn_tour.md: the python block, run, prints exactly the text block below it."""
    import contextlib
    import io
    import re
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "sklearn_tour.md").read_text()
    code, shown = re.search(r"```python\n(.*?)```\s*```text\n(.*?)```", text, re.S).groups()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "sklearn_tour.md", "exec"), {})
    assert out.getvalue().rstrip("\n") == shown.rstrip("\n")   # print adds a newline to export_text's


def test_count_tree_render_names_the_columns():
    """to_count_tree().render() names the columns of a DataFrame X, as export_text does."""
    pd = pytest.importorskip("pandas")
    data = load_breast_cancer(as_frame=True)
    clf = KNormTreeClassifier(lam="1/2", max_depth=2, random_state=0).fit(data.data, data.target)
    root_feature = data.data.columns[clf.tree_.feature[0]]
    assert clf.to_count_tree().render().splitlines()[0].endswith(f"[{root_feature} <= "
                                                                 f"{float(clf.tree_.threshold[0])!r}]")
    assert root_feature in export_text(clf, feature_names=list(data.data.columns)).splitlines()[0]


def test_path_with_a_breakpoint_past_two_to_the_64():
    """Found by the seeded fuzz (4 of 300 inputs, lam 1e-105 to 1e-280): pure leaves (9, 0, 0),
    (0, 12, 0), (0, 0, 9) under lam = 1e-152.  The path's k-norm at a breakpoint past 2^64 was
    python-flint's OverflowError (arb's root takes a machine word); now exp(log / k), and each
    breakpoint is where PruneTree itself changes (k - 1 keeps more leaves than k)."""
    X = [[0.2]] * 9 + [[1.3]] * 12 + [[2.0]] * 9
    y = [0] * 9 + [1] * 12 + [2] * 9
    clf = KNormTreeClassifier(lam=1e-152, random_state=0).fit(X, y)
    assert clf.counts_[0].tolist() == [9, 12, 9] and np.all(np.isfinite(clf.predict_error(X).sd))
    path = clf.knorm_pruning_path()
    assert max(path.ks) > 2 ** 64
    assert all(0 <= e <= 1 for e in path.knorm_errors)
    for k, leaves in zip(path.ks[1:], path.n_leaves[1:]):
        assert prune(clf.count_tree_, k, prior=clf.prior_).tree.n_leaves == leaves
        assert prune(clf.count_tree_, k - 1, prior=clf.prior_).tree.n_leaves > leaves
