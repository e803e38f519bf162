"""How :class:`~exactprune.sklearn.KNormTreeClassifier` is fitted, the private steps its ``fit``
and :func:`~exactprune.sklearn.prune_fitted` share: the rows validated, the exact weighted class
counts of the grown tree (:mod:`exactprune.sklearn.counts`), PruneTree on them (Zhong Fig 4.1),
the pruned ``tree_`` and the float tables the predictions read (:mod:`exactprune.sklearn.errorbars`).

:class:`_GrowAndPrune` is the estimator's base class, a ``DecisionTreeClassifier`` holding these
steps as methods; it has no parameters of its own and is not fitted alone.
"""
from __future__ import annotations

import copy
from fractions import Fraction
from typing import Optional

import numpy as np
from sklearn import config_context
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_array, check_consistent_length, validate_data

from ..knorm import ErrorEstimate, prune
from ..limits import check_nonnegative
from ..numbers import exact
from ..tree import CountArrays, Tree
from .counts import node_counts, read_float, row_weights
from .errorbars import _float_knorm_table, _float_leaf_tables
from .internals import TREE_LEAF, pruned_sklearn_tree
from .prior import _check_zero_lam, _exact_values, _prior_from


def checked_sample_weight(X, sample_weight):
    """``sample_weight`` (None, or one weight per row of the validated ``X``) as an array of any
    dtype (not converted: exact weights stay ints, Fractions or strings), checked: 1-d, as long as X.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
        The validated rows.
    sample_weight : array-like of shape (n_samples,) or None
        One weight per row.

    Returns
    -------
    ndarray of shape (n_samples,) or None
        The weights as an array, or None.

    Examples
    --------
    >>> checked_sample_weight(np.zeros((2, 1)), [3, 1]).tolist()
    [3, 1]
    >>> checked_sample_weight(np.zeros((2, 1)), [[1, 1]])
    Traceback (most recent call last):
    ValueError: sample_weight must be one weight per example (1-d), got shape (1, 2)
    """
    if sample_weight is None:
        return None
    sample_weight = check_array(sample_weight, ensure_2d=False, dtype=None, input_name="sample_weight")
    if sample_weight.ndim != 1:
        raise ValueError(f"sample_weight must be one weight per example (1-d), got shape {sample_weight.shape}")
    check_consistent_length(X, sample_weight)
    return sample_weight


def grow_checked(tree: DecisionTreeClassifier, X: np.ndarray, y: np.ndarray,
                 sample_weight: Optional[np.ndarray]) -> DecisionTreeClassifier:
    """``tree.fit(X, y, sample_weight)`` for rows and parameters checked already: ``X`` a float32
    array with NaN allowed and no infinity, ``y`` one label per row (as
    :meth:`_GrowAndPrune._validate_rows` leaves them), ``tree``'s parameters valid.  When ``X`` has
    no NaN, scikit-learn's own ``fit`` with ``check_input=False`` and its parameter validation
    skipped: scikit-learn grows the same tree as with its checks, which would only convert the
    rows again (to the float32 they are) and find no missing values (its missing-value mask is
    None when the sum of ``X`` is not NaN).  With a NaN in ``X`` (or a sum that overflows to NaN),
    the ordinary ``fit``, which computes the mask the splitter needs.

    Parameters
    ----------
    tree : sklearn.tree.DecisionTreeClassifier
        Unfitted, with valid parameters.
    X : ndarray of shape (n_samples, n_features), float32
        The validated rows.
    y : ndarray of shape (n_samples,)
        Their labels.
    sample_weight : ndarray of shape (n_samples,), float64, or None
        Row weights, as ``fit`` takes them.

    Returns
    -------
    sklearn.tree.DecisionTreeClassifier
        ``tree``, fitted.

    Examples
    --------
    >>> X, y = np.array([[0.0], [1.0], [2.0]], dtype=np.float32), np.array([0, 1, 1])
    >>> grow_checked(DecisionTreeClassifier(random_state=0), X, y, None).tree_.threshold.tolist()
    [0.5, -2.0, -2.0]
    """
    with np.errstate(over="ignore"):
        has_nan = bool(np.isnan(np.sum(X)))
    if has_nan:
        return tree.fit(X, y, sample_weight=sample_weight)
    with config_context(skip_parameter_validation=True):
        return tree.fit(X, y, sample_weight=sample_weight, check_input=False)


class _GrowAndPrune(DecisionTreeClassifier):
    """The fitting steps of :class:`~exactprune.sklearn.KNormTreeClassifier` (its base class)."""

    _leaf_estimates: Optional[dict[str, ErrorEstimate]]    # built on first use of leaf_estimates_
    _knorm: Optional[np.ndarray]                           # built on first use of predict_error

    def _validate_rows(self, X, y, sample_weight, reset: bool = True) -> tuple:
        """X (float32, NaN allowed), y (1-d class labels) and sample_weight (1-d, or None), checked."""
        X, y = self._validate_data(X, y, reset=reset)
        check_classification_targets(y)
        if np.ndim(y) != 1:
            raise ValueError(f"y must be one label per example (1-d), got shape {np.shape(y)}")
        return X, y, checked_sample_weight(X, sample_weight)

    def _row_counts(self, grown: DecisionTreeClassifier, X, y, sample_weight) -> CountArrays:
        """The count arrays of ``grown`` (scikit-learn's node numbering) with the exact weighted class
        counts of the rows ``X`` (validated float32) routed by ``tree_.apply``
        (:mod:`exactprune.sklearn.counts`)."""
        y_index = np.searchsorted(grown.classes_, y)
        if not np.array_equal(grown.classes_[np.minimum(y_index, len(grown.classes_) - 1)], y):
            raise ValueError("y has labels the tree was not fit on")
        class_weight = grown.class_weight
        if isinstance(class_weight, dict):
            class_weight = {j: class_weight[c] for j, c in enumerate(grown.classes_) if c in class_weight}
        weights = row_weights(y_index, len(grown.classes_), sample_weight, class_weight, self.exact_floats)
        return node_counts(grown.tree_, grown.tree_.apply(X), y_index, weights)

    def _validated_parameters(self) -> tuple:
        """(k, epsilon), after checking every parameter against the declared
        ``_parameter_constraints`` and reading the exact ones (a float by the one rule)."""
        self._validate_params()
        epsilon = exact(read_float(self.epsilon, "epsilon", self.exact_floats), "epsilon")
        return int(self.k), check_nonnegative(epsilon, "epsilon")

    def _validate_data(self, X, y="no_validation", reset: bool = True):
        """scikit-learn's ``validate_data`` (NaN allowed, infinity refused), with its empty-input
        message in this estimator's words."""
        try:
            return validate_data(self, X, y, reset=reset, dtype=np.float32, ensure_all_finite="allow-nan")
        except ValueError as err:
            if "0 sample(s)" in str(err):
                raise ValueError("X has no rows: fitting and predicting need at least one example") from None
            if "y should be a 1d array" in str(err):      # a 2-d y: several outputs
                raise ValueError(f"{err} KNormTreeClassifier takes one output (a 1-d y); for several, fit one "
                                 f"per output with sklearn.multioutput.MultiOutputClassifier") from None
            raise

    def _prune_grown(self, grown: DecisionTreeClassifier, arrays: CountArrays, k: int, epsilon: Fraction) -> None:
        """PruneTree on the grown tree, whose count arrays ``arrays`` (scikit-learn's node numbering,
        exact counts) are the one structure the count trees and the pruned ``tree_`` derive from."""
        count_tree, prior = self._count_tree_and_prior(grown, arrays, k)
        counts, tree_ = arrays.counts, grown.tree_
        result = prune(count_tree, k, prior=prior, epsilon=epsilon)
        self.count_tree_, self.pruned_count_tree_ = count_tree, result.tree
        pruned_arrays, old = arrays.pruned(result.kept_splits)
        pruned_tree = pruned_sklearn_tree(tree_, pruned_arrays, old)
        pruned_est = copy.copy(grown)
        pruned_est.tree_ = pruned_tree
        self.tree_ = pruned_tree
        self.unpruned_estimator_ = grown
        self.estimator_ = pruned_est
        self.counts_ = counts
        self.prune_comparisons_, self.prune_fallbacks_ = result.comparisons, result.fallbacks
        self.pruned_ = sorted(result.pruned)
        self.prior_ = prior
        self.lam_ = prior.lam
        self.k_ = k
        self.classes_ = grown.classes_
        self.n_classes_ = grown.n_classes_
        self.n_outputs_ = 1
        self.max_features_ = grown.max_features_
        self.n_features_in_ = grown.n_features_in_
        if hasattr(grown, "feature_names_in_"):
            self.feature_names_in_ = grown.feature_names_in_
        self._leaf_tables(pruned_arrays.counts, np.array(pruned_arrays.names(), dtype=object))

    def _count_tree_and_prior(self, grown: DecisionTreeClassifier, arrays: CountArrays, k: int) -> tuple:
        """``(count_tree, prior)`` of the grown tree (its count arrays ``arrays``): the count Tree
        with the class and feature names and scikit-learn's thresholds, and the Prior of this
        estimator's lam (``"auto"`` resolved on the grown tree), eta and numerator, checked for k."""
        exact_params = _exact_values(self)
        counts = arrays.counts
        prior = _prior_from(exact_params["lam"], exact_params["eta"], self.numerator,
                            int(grown.tree_.n_leaves), len(grown.classes_), sum(counts[0].tolist()))
        _check_zero_lam(prior, k, counts)
        tree_ = grown.tree_
        columns = getattr(self, "feature_names_in_", getattr(grown, "feature_names_in_", None))   # fit's X, or prune_fitted's tree
        feature_names = None if columns is None else [str(name) for name in columns]
        count_tree = Tree.from_arrays(arrays, [str(c) for c in grown.classes_], feature_names,
                                      ("sklearn", np.asarray(tree_.feature, dtype=np.int64),
                                       np.asarray(tree_.threshold, dtype=np.float64)))
        return count_tree, prior

    def _leaf_tables(self, node_counts_: np.ndarray, names: np.ndarray) -> None:
        """Per node id of the pruned ``tree_`` (``node_counts_`` its exact counts, ``names``
        Zhong's names): for leaves the smoothed class probabilities (3.19) and the error moments
        (4.29, 4.30) as floats for prediction (:func:`~exactprune.sklearn.errorbars._float_leaf_tables`).
        The k-norms (:meth:`_knorm_table`) and the exact moments (:attr:`leaf_estimates_`) are
        computed on first use."""
        self.leaf_names_ = names
        leaf_ids = np.flatnonzero(self.tree_.children_left == TREE_LEAF)
        self._leaf_counts = {names[i]: tuple(node_counts_[i].tolist()) for i in leaf_ids.tolist()}
        self._mean, self._sd, self._second, self._proba = _float_leaf_tables(
            leaf_ids, node_counts_, self.tree_.node_count, self.n_classes_, self.prior_)
        self._knorm = None
        self._leaf_estimates = None

    def _knorm_table(self) -> np.ndarray:
        """The float k-norm E[r^k]^(1/k) (4.29) of each leaf of the pruned ``tree_`` by node id
        (NaN elsewhere), made on first use: for k other than 2 every leaf takes a certified ball
        (:func:`~exactprune.sklearn.errorbars._float_knorm_table`), which ``fit`` need not wait for."""
        if self._knorm is None:
            leaf_ids = np.flatnonzero(self.tree_.children_left == TREE_LEAF)
            self._knorm = _float_knorm_table(self._second, leaf_ids,
                                             [self._leaf_counts[name] for name in self.leaf_names_[leaf_ids]],
                                             self.prior_, self.k_)
        return self._knorm
