"""k chosen by cross-validation along the exact k path: :class:`KNormTreeClassifierCV`.

For each fold the tree is grown once, on the fold's training rows, and its whole k-norm pruning
sequence is taken with exact integer breakpoints (Zhong Cor 5.4,
:func:`exactprune.sequence.knorm_sequence`): stage s of the fold is the optimal pruning for every
integer k with ``k_from[s] <= k < k_to[s]``.  Every stage is scored on the fold's held-out rows.
Nothing is refitted per k: a fold costs one grown tree and one sequence, where a grid search over
k grows and prunes once per k.

Which k's are compared.  The candidates are the union of the folds' breakpoints (the ``k_from``
of every finite stage of every fold), sorted; exact integers.  Between two consecutive candidates
c_i <= k < c_(i+1) no fold changes its stage (each fold's breakpoints are among the candidates),
so every k of that interval has the same cross-validated error as c_i: the candidate c_i, the
least k of its interval, represents the interval.  At a candidate c a fold's stage is the stage
whose k-interval [k_from, k_to) contains c.

Which way is simpler.  Larger k prunes more: the k-norm sequence nests, each stage a pruning of
the one before (Cor 5.4; on iris petals with lam = 1/2: 7 leaves for k = 1, 3 from k = 2, 2 from
k = 17781896).  So the smallest tree within one standard error is the largest candidate k within
it.

The error and its standard error (``scoring=None``, rpart's ``xerror`` and Breiman et al. 3.4.3,
as :func:`exactprune.peers.ccp.ccp_cv_select` computes them for CCP).  R(c) = (held-out rows
misclassified at c, summed over the folds) / N, N the held-out rows of all folds, an exact
Fraction; SE(c) = sqrt(R (1 - R) / N).  Unlike rpart's ``xerror`` R is not divided by the root's
error.  The rules: ``"min"`` takes the least R (the largest k among ties: the simplest tree);
``"1se"`` takes the largest k with R(c) <= R_min + SE_min, decided exactly as
(R(c) - R_min)^2 N <= R_min (1 - R_min) (both sides rational; R(c) >= R_min).  With a
``scoring`` of scikit-learn's (a name or a scorer callable) the fold scores are averaged, the
standard error is their standard deviation (ddof 1) over sqrt(number of folds), the rules take the
highest mean score and the largest k whose mean is at least the best mean less its standard error
(floats: a scorer's values are floats), and each stage is scored by a
:class:`~exactprune.sklearn.KNormTreeClassifier` pruned at the stage's first k (the fold's grown
tree and exact counts, PruneTree once per stage, no regrowing, as
:func:`~exactprune.sklearn.prune_fitted` prunes a fitted tree).

Held-out rows are scored unweighted (scikit-learn 1.9's ``GridSearchCV`` weighs its held-out scores by
the ``sample_weight`` given to ``fit``, so with weights its fold scores differ); ``sample_weight`` weighs the
counts of the fold trees and of the refit: integer sample weights are duplicated rows (a weight
of 3 is the row three times), and fractional weights (or a ``class_weight`` such as
``"balanced"``) give rational counts, whose exact k path has exact integer breakpoints too.

>>> from sklearn.datasets import load_iris
>>> X, y = load_iris(return_X_y=True)
>>> cv = KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2", random_state=0), rule="1se").fit(X[:, 2:4], y)
>>> cv.cv_results_["k"][:3], cv.best_k_, cv.best_estimator_.get_n_leaves()
([1, 2, 950109], 2, 3)
>>> [str(e) for e in cv.cv_results_["cv_error"][:3]]    # exact, over the 150 held-out rows
['4/75', '1/15', '2/15']

k = 1 has the least error, 4/75; k = 2 (3 leaves) is within one standard error of it, and so
the 1-SE rule takes k = 2.
"""
from __future__ import annotations

import bisect
import math
from fractions import Fraction
from numbers import Integral
from typing import Optional

import numpy as np
from scipy.stats import rankdata
from joblib import Parallel, delayed, effective_n_jobs
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.metrics import check_scoring
from sklearn.model_selection import check_cv
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ..numbers import exact
from ..selection import least_error_index, one_se_index
from ..sequence import knorm_sequence
from .counts import read_float
from .internals import HasMethods, StrOptions   # scikit-learn's constraint types (private API, one place)
from .estimator import KNormTreeClassifier, PredictionError
from .fitting import checked_sample_weight

__all__ = ["KNormTreeClassifierCV", "choose_index"]

_RULES = ("min", "1se")


def choose_index(errors: list, n: Optional[int] = None, se: Optional[list] = None, rule: str = "1se") -> int:
    """The candidate chosen by the minimum or the one-standard-error rule (Breiman et al. 3.4.3;
    rpart's ``xerror`` + ``xstd``), candidates ordered from the largest tree to the smallest
    (ascending k).

    Exact form (``n`` given): ``errors`` are exact error rates R_i over ``n`` held-out rows and
    SE_i = sqrt(R_i (1 - R_i) / n); "min" is the last index of the least R, "1se" the last index
    with (R_i - R_min)^2 n <= R_min (1 - R_min), i.e. R_i <= R_min + SE_min, decided in rationals.
    Float form (``se`` given instead): ``errors`` are floats with standard errors ``se``; "1se"
    is the last index with R_i <= R_min + se_min.

    Parameters
    ----------
    errors : list of Fraction (exact form) or of float
        The cross-validated error of each candidate, largest tree first.
    n : int, optional
        The number of held-out rows (exact form).
    se : list of float, optional
        The standard error of each candidate (float form).
    rule : {"min", "1se"}

    Returns
    -------
    int
        The index of the chosen candidate.

    See Also
    --------
    exactprune.peers.ccp.ccp_cv_select : the same rules for CART's alpha.

    Examples
    --------
    R = 3/20, 2/20, 3/20, 4/20 over 20 rows: the minimum 1/10 is at index 1; SE_min = sqrt(0.1 *
    0.9 / 20) = 0.067, so 3/20 (0.05 above) is within one SE and 4/20 (0.1 above) is not:

    >>> R = [Fraction(3, 20), Fraction(2, 20), Fraction(3, 20), Fraction(4, 20)]
    >>> choose_index(R, 20, rule="min"), choose_index(R, 20, rule="1se")
    (1, 2)
    >>> choose_index([0.3, 0.2, 0.25], se=[0.01, 0.06, 0.02])    # 0.25 <= 0.2 + 0.06
    2
    """
    if rule not in _RULES:
        raise ValueError(f"rule must be 'min' or '1se', got {rule!r}")
    if not errors or (n is None) == (se is None):
        raise ValueError("choose_index needs non-empty errors and either n (exact) or se (floats)")
    best = least_error_index(errors)
    if rule == "min":
        return best
    if n is not None:
        return one_se_index(errors, n)
    assert se is not None
    return max(i for i, e in enumerate(errors) if e <= errors[best] + se[best])


def _fold_path(template: KNormTreeClassifier, X, y, sample_weight, train, test, scorer) -> dict:
    """One fold: the tree grown on ``train`` and its exact counts (no pruning, no prediction
    tables: :meth:`KNormTreeClassifier._grow`, the steps of ``fit`` before PruneTree), its k-norm
    sequence, and each finite stage scored on ``test``: the misclassified held-out rows per stage
    (``scorer`` None) or the scorer's value per stage.  ``template`` (k = 1) has its parameters
    validated and ``X``, ``y``, ``sample_weight`` are the rows validated, by ``fit``: neither is
    checked again here, nor is the template changed."""
    weights = None if sample_weight is None else sample_weight[train]
    grown, arrays = template._grow(X[train], y[train], weights)
    grown_counts, prior = template._count_tree_and_prior(grown, arrays, 1)
    seq = knorm_sequence(grown_counts, prior=prior, crossings=False)
    finite = [s for s in seq.stages if s.k_from != "inf"]
    if not all(isinstance(s.k_from, Integral) for s in finite):
        raise ValueError("a breakpoint of a fold lies beyond the exactly searched range (a certified "
                         "bracket): its stage cannot be matched to integer candidates")
    ks, leaves = [int(s.k_from) for s in finite], [s.leaves for s in finite]
    if scorer is not None:
        resolved = clone(template).set_params(lam=prior.lam)       # lam "auto" as on the fold's tree
        scores = [scorer(_pruned_at(resolved, grown, arrays, k), X[test], y[test]) for k in ks]
        return {"ks": ks, "leaves": leaves, "scores": scores, "n_test": len(test)}
    return {"ks": ks, "leaves": leaves, "wrong": _wrong_per_stage(grown, arrays, seq.lost_at(), len(finite),
                                                                  X[test], y[test]),
            "n_test": len(test)}


def _refit(estimator: KNormTreeClassifier, X, y, sample_weight, epsilon, feature_names) -> KNormTreeClassifier:
    """``estimator`` (its parameters validated, ``epsilon`` read from them) fitted on all rows:
    ``X``, ``y``, ``sample_weight`` validated by ``KNormTreeClassifierCV.fit`` with the checks
    ``KNormTreeClassifier.fit`` makes, and not checked again; ``feature_names`` the column names
    of the X given to ``fit`` (None without), which the estimator records as its ``fit`` would."""
    if feature_names is not None:
        estimator.feature_names_in_ = feature_names
    grown, arrays = estimator._grow(X, y, sample_weight)
    estimator._prune_grown(grown, arrays, int(estimator.k), epsilon)
    return estimator


def _pruned_at(template: KNormTreeClassifier, grown, arrays, k: int) -> KNormTreeClassifier:
    """``template`` fitted at ``k`` from a fold's grown tree and its exact count arrays: PruneTree
    once (:meth:`KNormTreeClassifier._prune_grown`), no regrowing and no recounting of the rows."""
    clf = clone(template).set_params(k=k)
    clf._prune_grown(grown, arrays, *clf._validated_parameters())
    return clf


def _wrong_per_stage(grown, arrays, lost: "np.ndarray", n_stages: int, X_test, y_test) -> list:
    """The held-out rows misclassified by each of the ``n_stages`` finite stages of the fold's
    sequence (``grown`` the fold's scikit-learn tree, ``arrays`` its count arrays: node i is
    scikit-learn's node i; ``lost`` the sequence's :meth:`~exactprune.stages.KNormSequence.lost_at`
    over them, the k = infinity stage's index being ``n_stages``).

    Node v of the grown tree is a leaf of stage s iff lost[v] <= s < above[v]: lost[v] is the
    stage that loses v (0 for a leaf of the grown tree; a split removed with a pruned ancestor
    has the ancestor's stage, so it never qualifies), above[v] the least lost over v's proper
    ancestors, made level by level from the root (above[child] = min(above[parent],
    lost[parent])).  A held-out row reaching v (its path read from ``decision_path``'s CSR
    arrays) is misclassified there iff its class is not v's majority (the first of tied classes,
    as ``predict``); a difference array over the stages adds each node's wrong rows to its
    stages."""
    n_nodes = arrays.n_nodes
    above = np.full(n_nodes, n_stages, dtype=np.int64)
    parent = arrays.parent
    for level in arrays.levels()[1:]:              # parents before children
        above[level] = np.minimum(above[parent[level]], lost[parent[level]])
    majority = np.argmax(arrays.counts, axis=1)
    classes = grown.classes_
    y_index = np.minimum(np.searchsorted(classes, y_test), len(classes) - 1)
    label = np.where(classes[y_index] == y_test, y_index, -1)        # a class the fold never saw: wrong
    passes = grown.tree_.decision_path(X_test)     # CSR: held-out row r passes the nodes of its row; X_test validated
    node = passes.indices
    row = np.repeat(np.arange(len(y_test)), np.diff(passes.indptr))
    wrong = label[row] != majority[node]
    wrong_here = np.bincount(node[wrong], minlength=n_nodes).astype(np.int64)
    start, end = lost, np.maximum(lost, above)          # (end == start: never a leaf)
    diff = np.zeros(n_stages + 1, dtype=np.int64)
    np.add.at(diff, np.minimum(start, n_stages), wrong_here)
    np.add.at(diff, np.minimum(end, n_stages), -wrong_here)
    return np.cumsum(diff)[:n_stages].tolist()


class KNormTreeClassifierCV(ClassifierMixin, BaseEstimator):
    """A :class:`KNormTreeClassifier` whose k is chosen by cross-validation along the exact k path.

    Per fold: one grown tree, its k-norm sequence (exact integer breakpoints), every stage scored
    on the held-out rows.  The candidates are the union of the folds' breakpoints; the rule picks
    one (the minimum, or the largest k within one standard error of it); the estimator is refit
    on all rows with that k.  See the module docstring for how a candidate represents an interval
    of k and how the error and its standard error are computed.

    Parameters
    ----------
    estimator : exactprune.sklearn.KNormTreeClassifier, optional
        The template (its ``k`` is ignored; its growing parameters, ``lam``, ``eta`` and
        ``numerator`` are used); ``KNormTreeClassifier()`` when None.  Its ``epsilon`` must be 0
        (the sequence is PruneTree's with epsilon = 0).
    rule : {"min", "1se"}, default "min"
        The least cross-validated error, or the smallest tree (largest k) within one standard
        error of it (Breiman et al. 3.4.3, rpart).  "min" is the default on the evidence of
        ``benchmarks/bench_cv.py`` (18 databases): "1se" gave 0.8 accuracy points less on average
        for 27% fewer leaves (median), and 3.7 points less on waveform.
    cv : int, cross-validation generator or iterable, default None
        As scikit-learn's ``check_cv`` reads it (None: 5-fold, stratified for classes).
    scoring : str, callable or None, default None
        None: misclassification, exact (rpart's error, Breiman's SE).  Otherwise a scikit-learn
        scorer (name or callable), higher is better, SE over the folds.
    n_jobs : int, optional
        Folds run in parallel by joblib.
    refit : bool, default True
        Refit the template with ``k = best_k_`` on all rows (needed to predict).

    Attributes
    ----------
    cv_results_ : dict of lists, one entry per candidate k (ascending)
        ``k``; ``params`` ({"k": k}); ``mean_n_leaves`` (the folds' stage leaves, averaged);
        ``split{i}_test_score`` (accuracy, or the scorer's value, of fold i); ``mean_test_score``
        (scoring None: the pooled held-out accuracy 1 - R); ``std_test_score`` (over folds);
        ``se_test_score`` (the SE the rule uses); ``rank_test_score``; with ``scoring=None`` also
        ``cv_error`` (R, exact Fractions) and ``cv_error_se`` (SE, floats).
    best_index_, best_k_, best_params_, best_score_ : the candidate chosen by ``rule``, its k (also
        as ``{"k": best_k_}``, as ``GridSearchCV`` gives it) and its mean score
    min_index_ : the candidate of the least error (the highest mean score)
    best_estimator_ : exactprune.sklearn.KNormTreeClassifier refit on all rows at ``best_k_`` (``refit=True``)
    n_splits_, n_held_out_ : the folds and the held-out rows of all folds
    classes_, n_features_in_, feature_names_in_ (when X has column names)

    See Also
    --------
    exactprune.sequence.knorm_sequence : the k path of one tree, with its exact breakpoints.
    exactprune.peers.ccp.ccp_cv_select : CART's alpha chosen by the same rules.
    exactprune.sklearn.KNormCVDisplay : the table drawn.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), rule="min", cv=5).fit(X, y)
    >>> cv.best_k_ in cv.cv_results_["k"], cv.best_index_ == cv.min_index_
    (True, True)
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "knorm_pruning_path"]), None],
        "rule": [StrOptions(set(_RULES))],
        "cv": ["cv_object"],
        "scoring": [str, callable, None],
        "n_jobs": [Integral, None],
        "refit": ["boolean"],
    }

    def __init__(self, estimator=None, *, rule="min", cv=None, scoring=None, n_jobs=None, refit=True):
        self.estimator = estimator
        self.rule = rule
        self.cv = cv
        self.scoring = scoring
        self.n_jobs = n_jobs
        self.refit = refit

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True          # as KNormTreeClassifier
        tags.input_tags.sparse = False
        tags.target_tags.single_output = True
        tags.target_tags.multi_output = False
        return tags

    def _template(self) -> KNormTreeClassifier:
        template = KNormTreeClassifier() if self.estimator is None else clone(self.estimator)
        if not isinstance(template, KNormTreeClassifier):
            raise TypeError(f"estimator must be a KNormTreeClassifier, got {type(template).__name__}")
        if exact(read_float(template.epsilon, "epsilon", template.exact_floats), "epsilon") != 0:
            raise ValueError("the exact k path is PruneTree's with epsilon = 0: the estimator's epsilon must be 0")
        return template

    def fit(self, X, y, sample_weight=None, groups=None) -> "KNormTreeClassifierCV":
        """Cross-validate every stage of the folds' k paths, choose k by ``rule``, refit.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), optional
            Whole-number row weights (they weigh the fold trees' counts, not the held-out score).
        groups : array-like of shape (n_samples,), optional
            For group-aware ``cv`` splitters.

        Returns
        -------
        KNormTreeClassifierCV
            The fitted estimator.

        Examples
        --------
        >>> X, y = [[0.0]] * 6 + [[1.0]] * 6, [0] * 6 + [1] * 6
        >>> KNormTreeClassifierCV(cv=3).fit(X, y).predict([[0.0], [1.0]]).tolist()
        [0, 1]
        """
        self._validate_params()
        template = self._template().set_params(k=1)
        _, epsilon = template._validated_parameters()          # once, for every fold and the refit
        X_checked, y = validate_data(self, X, y, dtype=np.float32, ensure_all_finite="allow-nan")
        check_classification_targets(y)
        sample_weight = checked_sample_weight(X_checked, sample_weight)
        self.classes_ = np.unique(y)
        cv = check_cv(self.cv, y, classifier=True)
        splits = list(cv.split(X_checked, y, groups))
        scorer = None if self.scoring is None else check_scoring(template, scoring=self.scoring)
        if effective_n_jobs(self.n_jobs) == 1:          # one worker: joblib's dispatch would only cost
            folds = [_fold_path(template, X_checked, y, sample_weight, train, test, scorer) for train, test in splits]
        else:
            folds = Parallel(n_jobs=self.n_jobs)(
                delayed(_fold_path)(template, X_checked, y, sample_weight, train, test, scorer)
                for train, test in splits)
        self._tabulate(folds, scorer is None)
        if self.refit:
            self.best_estimator_ = _refit(template.set_params(k=self.best_k_), X_checked, y, sample_weight, epsilon,
                                          getattr(self, "feature_names_in_", None))
        return self

    def _tabulate(self, folds: list, exact_error: bool) -> None:
        """cv_results_ and the choice, from the folds' stages (each candidate matched to the stage
        of each fold whose interval contains it)."""
        candidates = sorted({k for fold in folds for k in fold["ks"]})
        at = [[bisect.bisect_right(fold["ks"], k) - 1 for k in candidates] for fold in folds]
        leaves = np.array([[fold["leaves"][j] for j in idx] for fold, idx in zip(folds, at)], dtype=np.int64)
        results: dict = {"k": candidates, "params": [{"k": k} for k in candidates],
                         "mean_n_leaves": leaves.mean(axis=0).tolist()}       # folds x candidates, averaged
        n = sum(fold["n_test"] for fold in folds)
        if exact_error:
            wrong = [[fold["wrong"][j] for j in idx] for fold, idx in zip(folds, at)]
            splits = [[1 - w / fold["n_test"] for w in row] for fold, row in zip(folds, wrong)]
            errors = [Fraction(total, n) for total in np.asarray(wrong, dtype=np.int64).sum(axis=0).tolist()]
            se = [math.sqrt(float(r * (1 - r)) / n) for r in errors]
            mean = [1 - float(r) for r in errors]
            results["cv_error"], results["cv_error_se"] = errors, se
            self.min_index_, self.best_index_ = (choose_index(errors, n, rule=r) for r in ("min", self.rule))
        else:
            splits = [[fold["scores"][j] for j in idx] for fold, idx in zip(folds, at)]
            mean = np.mean(splits, axis=0).tolist()
            spread = np.std(splits, axis=0, ddof=1) if len(folds) > 1 else np.zeros(len(candidates))
            se = (spread / math.sqrt(len(folds))).tolist()
            losses = [-m for m in mean]
            self.min_index_, self.best_index_ = (choose_index(losses, se=se, rule=r) for r in ("min", self.rule))
        for i, split in enumerate(splits):
            results[f"split{i}_test_score"] = split
        results["mean_test_score"] = mean
        results["std_test_score"] = np.std(splits, axis=0).tolist()
        results["se_test_score"] = se
        results["rank_test_score"] = rankdata([-m for m in mean], method="min").astype(int).tolist()
        self.cv_results_ = results
        self.best_k_ = candidates[self.best_index_]
        self.best_params_ = {"k": self.best_k_}
        self.best_score_ = mean[self.best_index_]
        self.n_splits_, self.n_held_out_ = len(folds), n

    def cv_table(self) -> str:
        """The cross-validation table, like rpart's ``printcp``: per candidate k, the folds' mean
        leaves, the cross-validated error (or score) and its standard error; ``*`` marks the
        minimum, ``<`` the rule's choice.

        Returns
        -------
        str

        Examples
        --------
        Sixteen rows, one mislabelled on each side of x = 0.5, four stratified folds: the split
        misclassifies only the two mislabelled rows (R = 2/16); the root of a fold's tree has six
        rows of each class and predicts class 0 (the first of tied classes), wrong on the eight
        rows of class 1 (R = 1/2); at k = 2009 two folds have pruned the split and two not.

        >>> X, y = [[0.0]] * 8 + [[1.0]] * 8, [0] * 7 + [1] + [1] * 7 + [0]
        >>> print(KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2"), cv=4).fit(X, y).cv_table())
                 k  leaves  cv error        SE
                 1    2.00    0.1250    0.0827 * <
              2009    1.50    0.3750    0.1210
             57930    1.00    0.5000    0.1250
        """
        check_is_fitted(self, "cv_results_")
        r = self.cv_results_
        exact_error = "cv_error" in r
        values = [float(e) for e in r["cv_error"]] if exact_error else r["mean_test_score"]
        lines = [f"{'k':>10}  {'leaves':>6}  {'cv error' if exact_error else 'score':>8}  {'SE':>8}"]
        for i, k in enumerate(r["k"]):
            mark = (" *" if i == self.min_index_ else "") + (" <" if i == self.best_index_ else "")
            lines.append(f"{k:>10}  {r['mean_n_leaves'][i]:>6.2f}  {values[i]:>8.4f}  "
                         f"{r['se_test_score'][i]:>8.4f}{mark}")
        return "\n".join(lines)

    # -- delegation to the refit estimator ------------------------------------------------
    def _refit_estimator(self) -> KNormTreeClassifier:
        check_is_fitted(self, "cv_results_")
        if not self.refit:
            raise AttributeError("refit=False: there is no estimator fitted on all rows to predict with")
        return self.best_estimator_

    def predict(self, X) -> np.ndarray:
        """The refit estimator's predictions (:meth:`KNormTreeClassifier.predict`).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels from ``classes_``.

        Examples
        --------
        >>> X, y = [[0.0]] * 6 + [[1.0]] * 6, ["a"] * 6 + ["b"] * 6
        >>> KNormTreeClassifierCV(cv=3).fit(X, y).predict([[1.0]]).tolist()
        ['b']
        """
        return self._refit_estimator().predict(X)

    def predict_proba(self, X) -> np.ndarray:
        """The refit estimator's class probabilities (Zhong 3.19, :meth:`KNormTreeClassifier.predict_proba`).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)

        Examples
        --------
        >>> X, y = [[0.0]] * 6 + [[1.0]] * 6, [0] * 6 + [1] * 6
        >>> cv = KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2"), cv=3).fit(X, y)
        >>> cv.predict_proba([[0.0]]).tolist()         # (6 + 1/2) / (6 + 1)
        [[0.9285714285714286, 0.07142857142857142]]
        """
        return self._refit_estimator().predict_proba(X)

    def predict_error(self, X) -> PredictionError:
        """The refit estimator's per-prediction error bars (Zhong 4.30,
        :meth:`KNormTreeClassifier.predict_error`).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        exactprune.sklearn.PredictionError
            Float arrays ``mean``, ``sd``, ``knorm`` of shape (n_samples,).

        Examples
        --------
        >>> X, y = [[0.0]] * 6 + [[1.0]] * 6, [0] * 6 + [1] * 6
        >>> cv = KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2"), cv=3).fit(X, y)
        >>> round(float(cv.predict_error([[0.0]]).mean[0]), 4)      # (0 + 1/2) / (6 + 1)
        0.0714
        """
        return self._refit_estimator().predict_error(X)
