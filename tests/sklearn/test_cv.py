"""exactprune.sklearn.cv: KNormTreeClassifierCV (issue 38): scikit-learn conformance, the fold scores
against a brute force (one KNormTreeClassifier fitted per fold and candidate k, by GridSearchCV),
the candidates against PruneTree run at k - 1 and k, the one-SE rule on hand-made tables, the
weighted fits refused or accepted, and the printcp-like table (the display: test_cv_display.py).

Run: python -m pytest tests/sklearn/test_cv.py -q -p no:cacheprovider
"""
from __future__ import annotations

import pickle
from fractions import Fraction

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import load_iris, load_wine
from sklearn.model_selection import GridSearchCV, KFold, StratifiedKFold
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from exactprune.sklearn import KNormTreeClassifier, KNormTreeClassifierCV
from exactprune.sklearn.cv import choose_index
from sklearn_cases import noisy_classification as _noisy

# ---------------------------------------------------------------------------------------
# scikit-learn's estimator checks: all pass (none expected to fail)
# ---------------------------------------------------------------------------------------


@parametrize_with_checks([KNormTreeClassifierCV(KNormTreeClassifier(random_state=0)),
                          KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2", random_state=0), rule="min", cv=3)],
                         expected_failed_checks=lambda est: {}, xfail_strict=True)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


# ---------------------------------------------------------------------------------------
# data
# ---------------------------------------------------------------------------------------

CASES = {
    "noisy": (_noisy, KNormTreeClassifier(random_state=0)),
    "wine": (lambda: load_wine(return_X_y=True), KNormTreeClassifier(random_state=0)),
    "iris-lam-half": (lambda: load_iris(return_X_y=True), KNormTreeClassifier(lam="1/2", random_state=1)),
}


# ---------------------------------------------------------------------------------------
# the fold scores against a brute force
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", sorted(CASES))
def test_fold_scores_equal_one_fit_per_k(case):
    """Every fold's held-out accuracy at every candidate k is that of a KNormTreeClassifier fitted
    at that k on the fold's rows (GridSearchCV over the candidates, the same folds), and the
    exact error is the misclassified rows of all folds over the held-out rows."""
    load, template = CASES[case]
    X, y = load()
    folds = StratifiedKFold(4, shuffle=True, random_state=0)
    cv = KNormTreeClassifierCV(template, cv=folds).fit(X, y)
    # every candidate, those past 2^64 included (iris-lam-half: one)
    ks = cv.cv_results_["k"]
    assert len(ks) >= 3
    grid = GridSearchCV(clone(template), {"k": ks}, cv=folds, refit=False, error_score="raise").fit(X, y)
    wrong = 0
    for i, (_, test) in enumerate(folds.split(X, y)):
        ours = np.array(cv.cv_results_[f"split{i}_test_score"][:len(ks)])
        np.testing.assert_allclose(ours, grid.cv_results_[f"split{i}_test_score"], rtol=0, atol=1e-12)
        wrong = wrong + np.rint((1 - grid.cv_results_[f"split{i}_test_score"]) * len(test)).astype(int)
    assert cv.cv_results_["cv_error"][:len(ks)] == [Fraction(int(w), len(y)) for w in wrong]


def test_a_class_unseen_by_a_fold_is_always_wrong():
    """Twelve rows on a line, the last of its own class 2; unshuffled 3-fold CV holds it out with
    rows of class 1 whose fold tree never saw class 2: it is misclassified at every k, as the
    brute force (one fit per k) scores it."""
    X = np.arange(12.0).reshape(-1, 1)
    y = np.array([0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 2])
    folds = KFold(3)
    cv = KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2", random_state=0), cv=folds).fit(X, y)
    grid = GridSearchCV(KNormTreeClassifier(lam="1/2", random_state=0), {"k": cv.cv_results_["k"]}, cv=folds,
                        refit=False, error_score="raise").fit(X, y)
    assert len(cv.cv_results_["k"]) >= 2
    for i in range(3):
        np.testing.assert_allclose(cv.cv_results_[f"split{i}_test_score"], grid.cv_results_[f"split{i}_test_score"],
                                   rtol=0, atol=1e-12)
    assert max(cv.cv_results_["split2_test_score"]) <= 3 / 4


@pytest.mark.parametrize("case", ["noisy", "wine"])
def test_candidates_are_the_folds_breakpoints(case):
    """Each candidate c > 1 is a k where PruneTree changes some fold's tree (its leaves at k = c - 1
    and at k = c differ), and 1 is always a candidate: the union of the folds' breakpoints,
    checked by PruneTree at each k instead of the sequence."""
    load, template = CASES[case]
    X, y = load()
    folds = StratifiedKFold(4, shuffle=True, random_state=0)
    cv = KNormTreeClassifierCV(template, cv=folds).fit(X, y)
    ks = cv.cv_results_["k"]
    assert ks[0] == 1 and ks == sorted(set(ks))
    trains = [train for train, _ in folds.split(X, y)]

    def leaves(train, k):
        return clone(template).set_params(k=k).fit(X[train], y[train]).pruned_

    for c in ks[1:]:
        assert any(leaves(train, c - 1) != leaves(train, c) for train in trains), c


def test_a_candidate_stands_for_its_interval():
    """A k strictly between two consecutive candidates (the midpoint, and the candidate's
    successor) scores on every fold as the candidate below it: PruneTree fitted at that k on the
    fold's rows (no sequence involved) against the table's row of the candidate."""
    X, y = _noisy()
    folds = StratifiedKFold(4, shuffle=True, random_state=0)
    cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=folds).fit(X, y)
    ks = cv.cv_results_["k"]
    splits = list(folds.split(X, y))
    checked = 0
    for i, (low, high) in enumerate(zip(ks, ks[1:])):
        for k in {(low + high) // 2, low + 1} - {high}:
            if k <= low:
                continue
            for f, (train, test) in enumerate(splits):
                score = KNormTreeClassifier(k=k, random_state=0).fit(X[train], y[train]).score(X[test], y[test])
                assert score == pytest.approx(cv.cv_results_[f"split{f}_test_score"][i], abs=1e-12), (k, f)
            checked += 1
    assert checked >= 5


def test_scorer_route_matches_the_exact_route():
    """scoring="accuracy" scores each stage by a KNormTreeClassifier pruned at the stage's first k
    (PruneTree on the fold's grown tree) and scikit-learn's scorer; the default route counts the misclassified rows
    over the stages' leaves.  The two give the same fold scores."""
    X, y = _noisy()
    exact = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4).fit(X, y)
    scored = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4, scoring="accuracy").fit(X, y)
    assert scored.cv_results_["k"] == exact.cv_results_["k"]
    assert "cv_error" not in scored.cv_results_
    for i in range(4):
        np.testing.assert_allclose(scored.cv_results_[f"split{i}_test_score"],
                                   exact.cv_results_[f"split{i}_test_score"], rtol=0, atol=1e-12)


def test_the_scored_stages_count_the_weights_as_the_template_reads_them():
    """With exact_floats=True a float weight is the binary rational it stores; every stage a
    scorer is given holds the fold's counts read that way (the root: the weights of the fold's
    training rows summed as Fractions of the floats), as the sequence that placed the stages
    does.  Fails when the stages are pruned from counts recounted by an estimator reading the
    floats by their decimal repr (prune_fitted's default, as before: shown by hand)."""
    X, y = load_wine(return_X_y=True)
    w = np.where(np.arange(len(y)) % 3 == 0, 0.1, 0.7)        # neither is its decimal repr in binary
    folds = StratifiedKFold(3, shuffle=True, random_state=0)
    roots = []

    def scorer(est, X_test, y_test):
        roots.append(est.counts_[0].tolist())
        return float(np.mean(est.predict(X_test) == y_test))

    template = KNormTreeClassifier(random_state=0, exact_floats=True)
    KNormTreeClassifierCV(template, cv=folds, scoring=scorer).fit(X, y, sample_weight=w)
    expected = []
    for train, _ in folds.split(X, y):
        root = [sum((Fraction(float(v)) for v in w[train][y[train] == c]), Fraction(0)) for c in np.unique(y)]
        assert root[0] != sum(Fraction(repr(float(v))) for v in w[train][y[train] == 0])   # the two readings differ
        expected.append(root)
    assert len(roots) > len(expected)
    assert all(root in expected for root in roots) and all(root in roots for root in expected)


def test_refit_is_the_template_at_the_chosen_k():
    X, y = _noisy()
    cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4, rule="1se").fit(X, y)
    direct = KNormTreeClassifier(k=cv.best_k_, random_state=0).fit(X, y)
    assert cv.best_estimator_.pruned_ == direct.pruned_
    np.testing.assert_array_equal(cv.predict(X), direct.predict(X))
    np.testing.assert_array_equal(cv.predict_proba(X), direct.predict_proba(X))
    assert cv.best_score_ == cv.cv_results_["mean_test_score"][cv.best_index_]
    assert cv.best_params_ == {"k": cv.best_k_} == cv.cv_results_["params"][cv.best_index_]
    assert cv.score(X, y) == direct.score(X, y)


# ---------------------------------------------------------------------------------------
# the rules on hand-made tables
# ---------------------------------------------------------------------------------------

def test_one_se_rule_by_hand():
    """100 held-out rows, R = 15, 10, 12, 13, 14 (per cent), largest tree first.  R_min = 1/10,
    SE_min^2 = (1/10)(9/10)/100 = 9/10000, SE_min = 3/100 exactly: 13/100 lies on the line
    (kept, <=), 14/100 above it.  The minimum is index 1; the one-SE choice index 3."""
    R = [Fraction(p, 100) for p in (15, 10, 12, 13, 14)]
    assert choose_index(R, 100, rule="min") == 1
    assert choose_index(R, 100, rule="1se") == 3
    # one row fewer on the line's side: 14/100 is 4/100 above, outside; with 200 rows SE shrinks
    # to 0.0212 and only 12/100 (0.02 above) stays within
    assert choose_index(R, 200, rule="1se") == 2


def test_rules_break_ties_toward_the_smaller_tree():
    """Equal least errors: "min" takes the larger k (the smaller tree), as rpart and
    ccp_cv_select; a candidate after a worse one may still be within one SE."""
    R = [Fraction(1, 5), Fraction(1, 10), Fraction(1, 5), Fraction(1, 10), Fraction(1, 2)]
    assert choose_index(R, 50, rule="min") == 3
    assert choose_index(R, 50, rule="1se") == 3          # 1/5 is 0.1 above, SE_min = 0.042
    assert choose_index([0.2, 0.1, 0.1], se=[0.0, 0.0, 0.0], rule="min") == 2


def test_choose_index_refuses_bad_calls():
    with pytest.raises(ValueError, match="rule"):
        choose_index([Fraction(1, 2)], 2, rule="2se")
    with pytest.raises(ValueError, match="either n"):
        choose_index([Fraction(1, 2)], 2, se=[0.1])
    with pytest.raises(ValueError, match="either n"):
        choose_index([], 2)


def test_min_and_1se_on_a_fitted_table():
    """On the noisy data the 1-SE choice has a k at least the minimum's and is the largest
    candidate within R_min + SE_min, recomputed here from the table in floats (no candidate is
    near the line)."""
    X, y = _noisy()
    cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4, rule="1se").fit(X, y)
    r = cv.cv_results_
    errors = [float(e) for e in r["cv_error"]]
    line = errors[cv.min_index_] + r["cv_error_se"][cv.min_index_]
    within = [i for i, e in enumerate(errors) if e <= line]
    assert min(abs(e - line) for e in errors) > 1e-9
    assert cv.best_index_ == max(within) and cv.best_k_ >= r["k"][cv.min_index_]
    assert errors[cv.min_index_] == min(errors)


# ---------------------------------------------------------------------------------------
# weights, parameters, persistence
# ---------------------------------------------------------------------------------------

def test_fractional_weights_choose_k_along_the_exact_path():
    """Fractional sample_weight and class_weight (rational counts): the refit is the template
    with the same weights at the chosen k, and every candidate above 1 is a k where PruneTree
    changes some fold's weighted tree.  Planted bug that fails it (by hand, reverted):
    next_breakpoint returning one more than the least k."""
    X, y = load_wine(return_X_y=True)       # candidates up to 171: most found by the breakpoint search
    w = np.where(y == 0, 0.5, 1.0)
    template = KNormTreeClassifier(class_weight={0: 1, 1: 1.5}, random_state=0)
    folds = StratifiedKFold(3, shuffle=True, random_state=0)
    cv = KNormTreeClassifierCV(template, cv=folds).fit(X, y, sample_weight=w)
    direct = clone(template).set_params(k=cv.best_k_).fit(X, y, sample_weight=w)
    assert cv.best_estimator_.pruned_ == direct.pruned_
    trains = [train for train, _ in folds.split(X, y)]

    def leaves(train, k):
        return clone(template).set_params(k=k).fit(X[train], y[train], sample_weight=w[train]).pruned_

    for c in cv.cv_results_["k"][1:]:
        assert any(leaves(train, c - 1) != leaves(train, c) for train in trains), c


def test_integer_weights_are_counts():
    """A weight of 2 on every row doubles every count: the folds' trees are those of the
    template fitted with the same weights (GridSearchCV passes the weights to fit as well)."""
    X, y = _noisy()
    w = np.full(len(y), 2)
    folds = StratifiedKFold(4, shuffle=True, random_state=0)
    cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=folds).fit(X, y, sample_weight=w)
    grid = GridSearchCV(KNormTreeClassifier(random_state=0), {"k": cv.cv_results_["k"]}, cv=folds,
                        refit=False, error_score="raise").fit(X, y, sample_weight=w)
    for i in range(4):
        np.testing.assert_allclose(cv.cv_results_[f"split{i}_test_score"], grid.cv_results_[f"split{i}_test_score"],
                                   rtol=0, atol=1e-12)
    assert cv.best_estimator_.counts_[0].sum() == 2 * len(y)


def test_epsilon_and_estimator_checked():
    X, y = load_iris(return_X_y=True)
    with pytest.raises(ValueError, match="epsilon must be 0"):
        KNormTreeClassifierCV(KNormTreeClassifier(epsilon="1/100")).fit(X, y)
    with pytest.raises(ValueError, match="rule"):
        KNormTreeClassifierCV(rule="2se").fit(X, y)
    with pytest.raises(AttributeError, match="refit=False"):
        KNormTreeClassifierCV(refit=False, cv=3).fit(X, y).predict(X)


def test_clone_and_pickle():
    X, y = load_iris(return_X_y=True)
    cv = KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2", random_state=0), rule="min", cv=3)
    twin = clone(cv)
    assert twin.get_params()["estimator__lam"] == "1/2" and twin.rule == "min"
    fitted = cv.fit(X, y)
    back = pickle.loads(pickle.dumps(fitted))
    assert back.best_k_ == fitted.best_k_ and back.cv_results_["cv_error"] == fitted.cv_results_["cv_error"]
    np.testing.assert_array_equal(back.predict(X), fitted.predict(X))


def test_groups_reach_the_splitter_and_a_pipeline_works():
    """groups reach the splitter (GroupKFold refuses groups=None, so a lost argument fails here); in a Pipeline the
    estimator is fitted and predicts like any classifier."""
    from sklearn.model_selection import GroupKFold
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    X, y = _noisy()
    groups = np.arange(len(y)) % 3
    cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=GroupKFold(3)).fit(X, y, groups=groups)
    assert cv.n_splits_ == 3 and cv.n_held_out_ == len(y)
    pipe = make_pipeline(StandardScaler(), KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=3)).fit(X, y)
    assert pipe.score(X, y) > 0.6


def test_n_jobs_gives_the_same_table(monkeypatch):
    """One worker (n_jobs None or 1, and no joblib context asking for more) runs the folds in a
    plain loop; n_jobs=2, or n_jobs=None inside ``joblib.parallel_config(n_jobs=2)``, runs them by
    joblib, with the same table.  Planted bug that fails it (by hand, reverted): the loop taken
    for n_jobs None whatever the context says."""
    import joblib
    import exactprune.sklearn.cv as cv_module
    dispatched = []

    class Recorded(joblib.Parallel):
        def __call__(self, iterable):
            dispatched.append(True)
            return super().__call__(iterable)

    monkeypatch.setattr(cv_module, "Parallel", Recorded)
    X, y = _noisy()
    one = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4).fit(X, y)
    assert dispatched == []
    two = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4, n_jobs=2).fit(X, y)
    assert dispatched == [True] and one.cv_results_ == two.cv_results_
    with joblib.parallel_config(n_jobs=2):
        context = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4).fit(X, y)
    assert dispatched == [True, True] and context.cv_results_ == one.cv_results_


def test_the_rows_are_validated_once_and_reach_the_folds_and_the_refit_as_fit_takes_them():
    """``fit`` validates X once (float32, as KNormTreeClassifier.fit does) and grows the folds and the
    refit without scikit-learn's input checks (:func:`exactprune.sklearn.fitting.grow_checked`).
    float64 rows in Fortran order, a strided view, a list and a DataFrame give the table of the
    C-ordered float32 rows; the refit's grown tree is scikit-learn's checked fit on the rows as
    given, its counts the classes' (the root) and its pruning that of KNormTreeClassifier at the
    chosen k; a DataFrame's column names reach the refit.  Planted bugs that fail it (by hand,
    reverted): the refit handed the X given to fit instead of the validated rows; the column
    names not handed to the refit."""
    X, y = _noisy()
    template = KNormTreeClassifier(random_state=0)
    base = KNormTreeClassifierCV(template, cv=4).fit(np.ascontiguousarray(X, dtype=np.float32), y)
    wide = np.repeat(X, 2, axis=1)
    variants = {"fortran": np.asfortranarray(X), "strided": wide[:, ::2], "list": X.tolist()}
    pandas = pytest.importorskip("pandas")
    variants["frame"] = pandas.DataFrame(X, columns=[f"col{i}" for i in range(X.shape[1])])
    assert not variants["strided"].flags.c_contiguous and variants["fortran"].dtype == np.float64
    for name, rows in variants.items():
        cv = KNormTreeClassifierCV(template, cv=4).fit(rows, y)
        assert cv.cv_results_ == base.cv_results_, name
        refit = cv.best_estimator_
        cart = DecisionTreeClassifier(random_state=0).fit(rows, y).tree_
        grown = refit.unpruned_estimator_.tree_
        for field in ("children_left", "children_right", "feature", "threshold", "value"):
            assert np.array_equal(getattr(grown, field), getattr(cart, field)), (name, field)
        assert refit.counts_[0].tolist() == np.bincount(y).tolist()
        assert refit.pruned_ == KNormTreeClassifier(k=cv.best_k_, random_state=0).fit(rows, y).pruned_
    frame = variants["frame"]
    assert list(refit.feature_names_in_) == list(frame.columns) == refit.count_tree_.feature_names
    assert np.array_equal(cv.predict(frame), base.predict(X.astype(np.float32)))


# ---------------------------------------------------------------------------------------
# the table and the display
# ---------------------------------------------------------------------------------------

def test_the_table_s_means_and_standard_errors_by_their_formulas():
    """cv_results_ from the fold scores, by the documented formulas computed another way
    (Python's statistics module, floats of the exact error): scoring None: R = the wrong rows of
    all folds over N (the folds' accuracies weighted by their held-out rows), the mean score
    1 - R, SE = sqrt(R (1 - R) / N); a scorer: the mean of the folds' scores, SE their sample
    standard deviation over sqrt(folds), std the population one.  Planted bugs that fail it (by
    hand, reverted): _tabulate's SE as sqrt(R / (1 - R) / N) or sqrt(R (1 + R) / N) (mutants 72,
    73), the mean score 1 + R, the scorer's SE times sqrt(folds), its spread taken with one split
    (NaN) or left out with two (mutants 108, 117, 118)."""
    import statistics
    X, y = _noisy()
    folds = StratifiedKFold(4, shuffle=True, random_state=0)
    sizes = [len(test) for _, test in folds.split(X, y)]
    cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=folds).fit(X, y)
    r, n = cv.cv_results_, len(y)
    assert len(r["k"]) >= 3 and cv.n_held_out_ == n == sum(sizes)
    for i in range(len(r["k"])):
        wrong = sum(round((1 - r[f"split{f}_test_score"][i]) * size) for f, size in enumerate(sizes))
        R = float(r["cv_error"][i])
        assert r["cv_error"][i] == Fraction(wrong, n)
        assert r["mean_test_score"][i] == pytest.approx(1 - R, rel=1e-15)
        assert r["cv_error_se"][i] == r["se_test_score"][i] == pytest.approx((R * (1 - R) / n) ** 0.5, rel=1e-12)
    scored = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=folds, scoring="accuracy").fit(X, y)
    r = scored.cv_results_
    for i in range(len(r["k"])):
        scores = [r[f"split{f}_test_score"][i] for f in range(4)]
        assert r["mean_test_score"][i] == pytest.approx(statistics.fmean(scores), rel=1e-12)
        assert r["se_test_score"][i] == pytest.approx(statistics.stdev(scores) / 2, rel=1e-9, abs=1e-15)
        assert r["std_test_score"][i] == pytest.approx(statistics.pstdev(scores), rel=1e-9, abs=1e-15)
    two = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=StratifiedKFold(2, shuffle=True, random_state=0),
                                scoring="accuracy").fit(X, y).cv_results_
    assert any(a != b for a, b in zip(two["split0_test_score"], two["split1_test_score"]))
    assert two["se_test_score"] == pytest.approx([abs(a - b) / 2 for a, b in zip(two["split0_test_score"],
                                                                                   two["split1_test_score"])])
    one = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=[next(folds.split(X, y))],
                                scoring="accuracy").fit(X, y).cv_results_
    assert one["se_test_score"] == [0.0] * len(one["k"])        # one split: no spread, not NaN


def test_cv_table_prints_a_hand_made_table():
    """cv_table's text from a hand-made table (no fit): the exact error's header and columns (k
    right-aligned in 10 places, a k past them printed whole; leaves with 2 decimals; error and SE
    with 4), ``*`` at the minimum and ``<`` at the choice, both on one row when they coincide,
    and the scorer's header ("score", the mean score's column)."""
    cv = KNormTreeClassifierCV()
    cv.cv_results_ = {"k": [1, 12, 2 ** 70], "mean_n_leaves": [7.0, 2.5, 1.0],
                      "cv_error": [Fraction(1, 8), Fraction(1, 4), Fraction(1, 2)],
                      "mean_test_score": [0.875, 0.75, 0.5], "se_test_score": [0.0827, 0.1, 0.125]}
    cv.min_index_, cv.best_index_ = 0, 1
    assert cv.cv_table().splitlines() == [
        "         k  leaves  cv error        SE",
        "         1    7.00    0.1250    0.0827 *",
        "        12    2.50    0.2500    0.1000 <",
        "1180591620717411303424    1.00    0.5000    0.1250"]
    cv.cv_results_ = {"k": [1, 5], "mean_n_leaves": [3.0, 1.0], "mean_test_score": [0.9, 0.8125],
                      "se_test_score": [0.01, 0.02]}
    cv.min_index_ = cv.best_index_ = 0
    assert cv.cv_table().splitlines() == [
        "         k  leaves     score        SE",
        "         1    3.00    0.9000    0.0100 * <",
        "         5    1.00    0.8125    0.0200"]


def test_predictions_are_the_refit_estimators():
    """predict, predict_proba and predict_error are the refit estimator's; with refit=False each
    raises AttributeError naming refit=False."""
    X, y = load_iris(return_X_y=True)
    cv = KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2", random_state=0), cv=3).fit(X, y)
    best = cv.best_estimator_
    np.testing.assert_array_equal(cv.predict(X), best.predict(X))
    np.testing.assert_array_equal(cv.predict_proba(X), best.predict_proba(X))
    ours, theirs = cv.predict_error(X), best.predict_error(X)
    for a, b in zip(ours, theirs):
        np.testing.assert_array_equal(a, b)
    assert np.all(ours.knorm > 0)
    bare = KNormTreeClassifierCV(refit=False, cv=3).fit(X, y)
    for method in (bare.predict, bare.predict_proba, bare.predict_error):
        with pytest.raises(AttributeError, match="^refit=False: there is no estimator fitted on all rows"):
            method(X)


def test_a_fit_that_failed_leaves_nothing_to_predict_with():
    """A fit that raised after validating the rows (GroupKFold without groups: the splitter
    refuses) leaves no table: predict and cv_table raise NotFittedError (the table is what a
    fitted estimator has), not an AttributeError about the refit estimator or the table."""
    from sklearn.exceptions import NotFittedError
    from sklearn.model_selection import GroupKFold
    X, y = load_iris(return_X_y=True)
    cv = KNormTreeClassifierCV(cv=GroupKFold(3))
    with pytest.raises(ValueError, match="groups"):
        cv.fit(X, y)
    with pytest.raises(NotFittedError):
        cv.predict(X)
    with pytest.raises(NotFittedError):
        cv.cv_table()


def test_cv_table_marks_min_and_choice():
    X, y = _noisy()
    cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4, rule="1se").fit(X, y)
    lines = cv.cv_table().splitlines()
    assert len(lines) == 1 + len(cv.cv_results_["k"])
    assert lines[1 + cv.min_index_].rstrip().endswith("*") or cv.min_index_ == cv.best_index_
    assert lines[1 + cv.best_index_].rstrip().endswith("<")


def test_fractional_weights_fold_scores_equal_one_fit_per_k():
    """Fractional row and class weights, lam="auto" (resolved on each fold's weighted grown tree):
    each fold's held-out accuracy (unweighted) at every candidate is that of the template fitted
    at that k on the fold's weighted rows.  The fold's tree is grown and counted without a fit at
    k = 1 (KNormTreeClassifierCV's _fold_path).  (GridSearchCV of scikit-learn 1.9 would weigh the
    held-out rows too, so the brute force is written out.)  Planted bug that fails it (by hand,
    reverted): the fold's weights dropped in _fold_path."""
    X, y = load_wine(return_X_y=True)
    w = np.where(y == 0, 0.5, 1.25)
    template = KNormTreeClassifier(class_weight={0: 1, 1: 1.5}, random_state=0)
    folds = StratifiedKFold(3, shuffle=True, random_state=0)
    cv = KNormTreeClassifierCV(template, cv=folds).fit(X, y, sample_weight=w)
    ks = [k for k in cv.cv_results_["k"] if k < 2 ** 63]
    assert len(ks) >= 3
    for i, (train, test) in enumerate(folds.split(X, y)):
        brute = [clone(template).set_params(k=k).fit(X[train], y[train], sample_weight=w[train]).score(X[test], y[test])
                 for k in ks]
        np.testing.assert_allclose(cv.cv_results_[f"split{i}_test_score"][:len(ks)], brute, rtol=0, atol=1e-12)
