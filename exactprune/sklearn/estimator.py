"""A scikit-learn classifier pruned by the k-norm, with error bars (Zhong chapters 4 and 6).

:class:`KNormTreeClassifier` grows a CART tree with scikit-learn's
``DecisionTreeClassifier`` and prunes it in one bottom-up traversal by PruneTree
(Zhong Fig 4.1), keeping a split iff the k-th moment of the subtree's error rate
(4.28) is smaller than that of the node as a leaf (4.29).  No validation set is
needed.  Every keep/prune decision is exact (see :mod:`exactprune.knorm`).

* ``lam="auto"`` (the default) is Zhong's heuristic of section 6.3: lam = lam0 V / J with
  V = L / (J N) and lam0 = 100, where L is the number of leaves of the grown
  tree, J the number of classes and N the (weighted) number of training examples - an exact
  Fraction 100 L / (J^2 N).  ``Prior()`` and the command line default to lam = 1/2 instead,
  Zhong's value for App B; pass ``lam="1/2"`` to get it here.
* ``predict_error(X)`` gives, per input, the expected error rate, its standard
  deviation and its k-norm as the leaf the input reaches predicts them (4.30,
  App B.3: "class 1, error 0.11 +- 0.04").
* ``error_estimate()`` gives the same for the whole pruned tree (4.12)-(4.14),
  (B.13)-(B.16).
* ``predict_proba`` is the Lidstone posterior mean (n_j + lam) / (n + J lam) of the leaf's
  class probabilities (Zhong 3.19), not the leaf's class frequencies n_j / n that
  ``DecisionTreeClassifier.predict_proba`` returns: a pure leaf (0, 49) with lam = 1/2 gives
  49.5/50 = 0.99, not 1.  ``predict`` is the leaf's majority class (first class on ties), which
  is also the argmax of ``predict_proba``.
* The estimator is a ``DecisionTreeClassifier`` whose ``tree_`` is the pruned tree (the pruned
  splits turned into leaves, unreachable nodes removed), so scikit-learn's tree tools take it
  directly: ``plot_tree(clf)``, ``export_text(clf)``, ``export_graphviz(clf)``; ``apply``,
  ``decision_path``, ``get_depth``, ``get_n_leaves`` and ``feature_importances_`` are those of
  the pruned tree.  ``unpruned_estimator_`` is the grown tree.

Missing values.  A NaN in X is grown and routed as scikit-learn >= 1.3 does it (each split
sends missing values to the side chosen while growing); the class counts are those of the
training rows as the grown tree routes them.

What the bars mean (measured in notebooks/sklearn_error_bars.py on g2c15, 200 training
sets per size).  The whole-tree sd (B.15) is the spread of the error rate over the leaves,
not the uncertainty of the tree's error: mean +- 2 sd held the true error in 99.5-100% of
training sets, being 4-25 times wider than the actual variation of the true error.  The
per-prediction bars (4.30) are the informative ones: a random test input's leaf had its
true error rate inside mean +- 2 sd with probability 0.88-0.92 (nominal 0.95), the means
being 0.4-1.7 points optimistic because CART chose the splits on the same data.

Numbers.  ``k`` is a positive integer; ``lam``, ``eta`` and ``epsilon`` are exact: int,
Fraction, ``"p/q"`` or a decimal string such as ``"0.5"``, or a float.  Every float the
estimator is given - these parameters, a ``class_weight`` value, a ``sample_weight`` entry - is
read by one rule (:func:`exactprune.sklearn.counts.read_float`): its shortest decimal repr
(``0.7`` is 7/10, since ``repr(0.7) == '0.7'``), so that grids, configuration files and weights
mean what they print as; ``exact_floats=True`` reads every one of them as the binary rational it
stores instead.  (The exact Python API, ``Prior`` and the functions of :mod:`exactprune.knorm`,
keeps refusing floats.)  Validation happens in ``fit``, against the declared
``_parameter_constraints``, as scikit-learn requires of constructors.

Limits (ValueError naming the parameter): ``lam`` and ``eta`` at most ``MAX_PRIOR`` = 2^53 - 1
(a prior past every possible count; the float error bars and probabilities need n + J lam to be
a float), the resolved ``lam="auto"`` included (a tiny total weight makes it huge); every
weighted class count at most ``MAX_COUNT`` = 2^53 - 1; ``lam = 0`` only with k <=
``EXACT_K_LIMIT`` (the certified moments above it take log Gamma of b + (J-1) lam, infinite at a
pure leaf) and only when every leaf has positive weight (else its error rate is 0/0).

Weights.  ``sample_weight`` and ``class_weight`` (including ``"balanced"``) make the class
counts weighted sums, computed exactly from the training rows (:mod:`exactprune.sklearn.counts`):
a weight of 3 is the example three times, and fractional weights give rational counts, for
which the Dirichlet moments (4.28)-(4.30) are defined as they stand.  Both run
:func:`exactprune.knorm.prune` on the count tree (``count_tree_``, which holds rational counts
too); for rational counts every comparison is between exact rationals (the float filter's bounds
assume integer counts), or certified arb signs for k > ``EXACT_K_LIMIT``.  ``knorm_pruning_path``
takes rational counts as well (exact integer breakpoints, the Gamma ratios of rational
arguments certified as for integers).  Zhong's Cor 5.4 and Thm 5.5 were
checked exactly on random rational trees (tests/sklearn/test_counts.py), not proven for them.

>>> from sklearn.datasets import load_iris
>>> X, y = load_iris(return_X_y=True)
>>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X[:, 2:4], y)   # Zhong App B
>>> clf.get_n_leaves(), clf.pruned_                     # Figure B.1(d)
(3, ['c21', 'c22'])
>>> print(clf.error_estimate())                         # (B.13)-(B.16)
mean 0.05822 +- sd 0.04966, 2-norm 0.07652
>>> e = clf.predict_error([[4.0, 1.2]])                 # leaf c21: (B.20)-(B.22)
>>> round(float(e.mean[0]), 4), round(float(e.sd[0]), 5), round(float(e.knorm[0]), 4)
(0.1081, 0.04131, 0.1157)
"""
from __future__ import annotations

import math
from numbers import Integral
from typing import Any, Optional

import numpy as np
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils import Bunch
from sklearn.utils.validation import check_is_fitted

from ..knorm import ErrorEstimate, error_estimate, leaf_error, moment
from ..tree import CountArrays, Node, Tree, sklearn_counts
from ..tree.fromsklearn import sklearn_structure
from .counts import agrees_with_sklearn
from .errorbars import ErrorBars, PredictionError
from .fitting import _GrowAndPrune, grow_checked
from .internals import Interval, StrOptions
from .prior import LAM0, MAX_PRIOR, _EXACT_TYPES, auto_lam  # noqa: F401  (LAM0, MAX_PRIOR: re-exported)

__all__ = ["KNormTreeClassifier", "prune_fitted", "auto_lam", "ErrorBars", "PredictionError"]

# parameters passed through to DecisionTreeClassifier (ccp_alpha is left out on purpose:
# cost-complexity pruning is the peer method, not a step of this one)
_TREE_PARAMS = ("criterion", "splitter", "max_depth", "min_samples_split", "min_samples_leaf",
                "min_weight_fraction_leaf", "max_features", "random_state", "max_leaf_nodes",
                "min_impurity_decrease", "class_weight")


class KNormTreeClassifier(_GrowAndPrune):
    """CART grown by scikit-learn, pruned by PruneTree with the k-norm (Zhong Fig 4.1).

    A ``DecisionTreeClassifier`` whose ``tree_`` is the pruned tree: ``plot_tree(clf)``,
    ``export_text(clf)`` and ``export_graphviz(clf)`` draw the pruned tree.

    Parameters
    ----------
    k : int, default=2
        The norm, a positive integer: a split is kept iff E[r_tree^k] < E[r_leaf^k] - epsilon
        (4.28, 4.29).  k = 2 is Zhong's choice (section 6.3): mean and standard deviation
        together.
    lam : "auto", int, Fraction, str or float, default="auto"
        Lidstone parameter of the class probabilities; "auto" is section 6.3's
        lam = 100 V / J, V = L / (J N) (:func:`auto_lam`).  ``Prior()`` and the command line
        default to 1/2 instead.  At most ``MAX_PRIOR`` = 2^53 - 1.
    eta : int, Fraction, str or float, default="1/2"
        Lidstone parameter of the child proportions (4.11).  At most ``MAX_PRIOR``.
    numerator : {"J-1", "1"}, default="J-1"
        Error numerator b + (J-1) lam of (4.29) as printed, or b + lam.
    epsilon : int, Fraction, str or float, default=0
        Non-negative margin of PruneTree's comparison.
    criterion : {"gini", "entropy", "log_loss"}, default="gini"
        The split quality CART grows the tree by.  This and the growing parameters below are
        ``DecisionTreeClassifier``'s, passed to it unchanged; they shape the grown tree, which
        PruneTree then prunes.  (``ccp_alpha`` is not one of them: cost-complexity pruning is the
        peer method, not a step of this one.)
    splitter : {"best", "random"}, default="best"
        How each split is chosen: the best, or the best of random thresholds.
    max_depth : int, default=None
        The deepest the grown tree may be (None: until the leaves are pure).
    min_samples_split : int or float, default=2
        The fewest rows (a fraction of them, as a float) a node needs to be split.
    min_samples_leaf : int or float, default=1
        The fewest rows (or fraction) a leaf of the grown tree may hold.
    min_weight_fraction_leaf : float, default=0.0
        The least fraction of the total weight a leaf of the grown tree may hold.
    max_features : int, float, {"sqrt", "log2"} or None, default=None
        The features tried at each split (None: all).
    random_state : int, RandomState instance or None, default=None
        The seed of the feature order at each split (ties between equally good splits).
    max_leaf_nodes : int, default=None
        The most leaves the grown tree may have, grown best-first.
    min_impurity_decrease : float, default=0.0
        The least impurity decrease a split of the grown tree must bring.
    class_weight : dict, "balanced" or None, default=None
        Passed to ``DecisionTreeClassifier``, and it weighs the class counts exactly (a float
        value read by the same rule as every float: see ``exact_floats``).
    exact_floats : bool, default=False
        How a float is read, everywhere the estimator takes one (``lam``, ``eta``, ``epsilon``,
        ``class_weight`` values, ``sample_weight``): False, by its shortest decimal repr (0.7 is
        7/10); True, as the binary rational it stores (0.7 is 3152519739159347/2^52).

    Attributes
    ----------
    tree_ : sklearn.tree._tree.Tree
        The pruned tree (the splits PruneTree pruned made leaves, unreachable nodes removed).
    estimator_ : DecisionTreeClassifier
        A plain ``DecisionTreeClassifier`` holding the same pruned ``tree_``.
    unpruned_estimator_ : DecisionTreeClassifier
        The grown tree.
    counts_ : ndarray of shape (n_nodes, n_classes)
        The exact weighted class counts of every node of the grown tree, in scikit-learn's node
        numbering (ints, or Fractions where the weights make them fractional).
    count_tree_ : exactprune.tree.Tree
        The grown count tree, with Zhong's node names and the column names of X.
    pruned_count_tree_ : exactprune.tree.Tree
        The pruned count tree.
    prior_ : exactprune.knorm.Prior
        The prior used, with lam resolved.
    lam_ : Fraction
        The lam used.
    k_ : int
        The k used.
    pruned_ : list of str
        Sorted names (in ``count_tree_``) of the splits turned into leaves, topmost only.
    prune_comparisons_ : int
        PruneTree's comparisons.
    prune_fallbacks_ : int
        How many of them the float filter left to exact rationals or arb (rational counts:
        all of them).
    leaf_names_ : ndarray of str
        Zhong's name of each node of ``tree_``.
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_classes_ : int
        The number of classes.
    n_features_in_ : int
        The number of features seen in fit.
    feature_names_in_ : ndarray of shape (n_features_in_,)
        The column names of X, when it has them.

    See Also
    --------
    prune_fitted : Prune a DecisionTreeClassifier fitted already.
    KNormPathDisplay : The k-norm pruning path.
    ErrorBarDisplay : The per-prediction error bars.

    Notes
    -----
    ``plot_tree(clf)`` draws the pruned tree with scikit-learn's leaf values: the class
    fractions n_j / n of the training rows that reach the leaf, while ``predict_proba`` returns
    the Lidstone posterior mean (n_j + lam) / (n + J lam) (Zhong 3.19); the two differ, most at
    small leaves.  ``multi-output`` y (a 2-d label array) is refused with a ValueError: fit one
    estimator per output (``sklearn.multioutput.MultiOutputClassifier``).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = KNormTreeClassifier(random_state=0).fit(X[:, 2:4], y)
    >>> clf.lam_, clf.get_n_leaves(), int(clf.unpruned_estimator_.get_n_leaves())
    (Fraction(16, 27), 3, 8)
    >>> KNormTreeClassifier(lam=0.5, random_state=0).fit(X[:, 2:4], y).lam_   # shortest repr
    Fraction(1, 2)
    """

    _parameter_constraints: dict = {
        "k": [Interval(Integral, 1, None, closed="left")],
        "lam": [StrOptions({"auto"}), *_EXACT_TYPES],    # "auto" or an exact number
        "eta": list(_EXACT_TYPES),
        "numerator": [StrOptions({"J-1", "1"})],
        "epsilon": list(_EXACT_TYPES),
        "exact_floats": ["boolean"],
        # the growing parameters as DecisionTreeClassifier declares them
        **{name: DecisionTreeClassifier._parameter_constraints[name] for name in _TREE_PARAMS},
    }

    def __init__(self, k=2, lam="auto", eta="1/2", numerator="J-1", epsilon=0, *,
                 criterion="gini", splitter="best", max_depth=None, min_samples_split=2,
                 min_samples_leaf=1, min_weight_fraction_leaf=0.0, max_features=None,
                 random_state=None, max_leaf_nodes=None, min_impurity_decrease=0.0,
                 class_weight=None, exact_floats=False):
        self.k = k
        self.lam = lam
        self.eta = eta
        self.numerator = numerator
        self.epsilon = epsilon
        self.criterion = criterion
        self.splitter = splitter
        self.max_depth = max_depth
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_weight_fraction_leaf = min_weight_fraction_leaf
        self.max_features = max_features
        self.random_state = random_state
        self.max_leaf_nodes = max_leaf_nodes
        self.min_impurity_decrease = min_impurity_decrease
        self.class_weight = class_weight
        self.exact_floats = exact_floats

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True          # grown and routed as scikit-learn does
        tags.input_tags.sparse = False
        tags.classifier_tags.multi_label = False
        tags.target_tags.multi_output = False
        tags.target_tags.single_output = True
        return tags

    # -- fitting ----------------------------------------------------------------
    def fit(self, X, y, sample_weight=None, check_input=True) -> "KNormTreeClassifier":
        """Grow CART with scikit-learn, then prune it by PruneTree (Zhong Fig 4.1) on the exact
        weighted class counts of the training rows (:mod:`exactprune.sklearn.counts`).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training inputs.
        y : array-like of shape (n_samples,)
            The class labels.
        sample_weight : array-like of shape (n_samples,), optional
            Row weights, taken exactly: ints, Fractions, strings, or floats read by the one rule
            (``exact_floats``).
        check_input : bool
            Accepted for scikit-learn compatibility.

        Returns
        -------
        KNormTreeClassifier
            The fitted estimator.

        Examples
        --------
        Four rows, three of class 0 at x = 0 and one of class 1 at x = 1: CART splits the root
        (3, 1) at x <= 0.5 into the leaves c1 = (3, 0) and c2 = (0, 1), and PruneTree at k = 2
        keeps the split (it goes only from k = 8 on, :func:`exactprune.commands.sequences.format_knorm`).

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> print(clf.to_count_tree().render())
        root: [3, 1]  [x[0] <= 0.5]
          c1: [3, 0]
          c2: [0, 1]
        """
        k, epsilon = self._validated_parameters()
        grown, arrays = self._grow(*self._validate_rows(X, y, sample_weight))
        self._prune_grown(grown, arrays, k, epsilon)
        return self

    def _grow(self, X, y, sample_weight) -> tuple:
        """``(grown, arrays)``: CART grown by scikit-learn on rows validated by :meth:`_validate_rows`
        (or the same checks) with this estimator's growing parameters, validated already by
        :meth:`_validated_parameters` (:func:`~exactprune.sklearn.fitting.grow_checked`: neither is
        checked again), and its count arrays with the exact weighted class counts of the rows
        (:meth:`_row_counts`), checked against scikit-learn's own."""
        params = {name: getattr(self, name) for name in _TREE_PARAMS}
        grown = grow_checked(DecisionTreeClassifier(**params), X, y,
                             None if sample_weight is None else sample_weight.astype(np.float64))
        arrays = self._row_counts(grown, X, y, sample_weight)
        if not agrees_with_sklearn(grown.tree_, arrays.counts):
            raise AssertionError("internal error: the exact class counts of the training rows are not "
                                 "scikit-learn's (the rows were routed differently from the growing)")
        return grown, arrays

    @property
    def leaf_estimates_(self) -> dict[str, ErrorEstimate]:
        """Leaf name -> exact :class:`~exactprune.knorm.ErrorEstimate` (E[r], E[r^2] of 4.29).

        With lam = 1/2 and J = 2, leaf (3, 0) has E[r] = (0 + 1/2) / (3 + 1) = 1/8 and E[r^2] =
        (1/2)(3/2) / (4 * 5) = 3/80; leaf (0, 1) has 1/2 / 2 = 1/4 and (1/2)(3/2) / (2 * 3) = 1/8:

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> clf.leaf_estimates_
        {'c1': ErrorEstimate(mean=Fraction(1, 8), second=Fraction(3, 80)), 'c2': ErrorEstimate(mean=Fraction(1, 4), second=Fraction(1, 8))}
        """
        check_is_fitted(self, "tree_")
        estimates = getattr(self, "_leaf_estimates", None)
        if estimates is None:
            estimates = self._leaf_estimates = {name: leaf_error(Node(counts), self.prior_)
                                                for name, counts in self._leaf_counts.items()}
        return estimates

    # -- prediction -----------------------------------------------------------
    def _leaves(self, X) -> np.ndarray:
        check_is_fitted(self, "tree_")
        return self.tree_.apply(self._validate_data(X, reset=False))

    def apply(self, X, check_input=True) -> np.ndarray:
        """Id (in the pruned ``tree_``) of the leaf each input reaches.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        check_input : bool
            Accepted for scikit-learn compatibility.

        Returns
        -------
        ndarray of shape (n_samples,)

        Examples
        --------
        scikit-learn numbers the nodes in pre-order: the root 0, its left leaf 1, its right leaf 2.

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> clf.apply([[0.0], [1.0]]).tolist()
        [1, 2]
        """
        return self._leaves(X)

    def decision_path(self, X, check_input=True):
        """The nodes of the pruned ``tree_`` each input passes (a sparse indicator matrix).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        check_input : bool
            Accepted for scikit-learn compatibility.

        Returns
        -------
        sparse matrix of shape (n_samples, n_nodes)

        Examples
        --------
        Both inputs pass the root (node 0), then the left leaf 1 or the right leaf 2:

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> clf.decision_path([[0.0], [1.0]]).toarray().tolist()
        [[1, 1, 0], [1, 0, 1]]
        """
        check_is_fitted(self, "tree_")
        return self.tree_.decision_path(self._validate_data(X, reset=False))

    def leaf_name(self, X) -> np.ndarray:
        """Zhong's name (``c21``...) of the leaf each input reaches.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of str, shape (n_samples,)

        Examples
        --------
        The first child of the root is c1, the second c2:

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> clf.leaf_name([[0.0], [1.0]]).tolist()
        ['c1', 'c2']
        """
        return self.leaf_names_[self._leaves(X)]

    def predict_proba(self, X, check_input=True) -> np.ndarray:
        """Posterior mean class probabilities (n_j + lam) / (n + J lam) of the leaf (Zhong 3.19):
        Lidstone-smoothed, unlike ``DecisionTreeClassifier``'s leaf frequencies n_j / n.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        check_input : bool
            Accepted for scikit-learn compatibility.

        Returns
        -------
        ndarray of shape (n_samples, n_classes)

        Examples
        --------
        lam = 1/2, J = 2: leaf (3, 0) gives (3.5/4, 0.5/4), leaf (0, 1) gives (0.5/2, 1.5/2):

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> clf.predict_proba([[0.0], [1.0]]).tolist()
        [[0.875, 0.125], [0.25, 0.75]]
        """
        ids = self._leaves(X)
        return self._proba[ids]

    def predict(self, X, check_input=True) -> np.ndarray:
        """The majority class of the leaf (first class on ties; 4.30's predicted class).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        check_input : bool
            Accepted for scikit-learn compatibility.

        Returns
        -------
        ndarray of shape (n_samples,)
            Labels from ``classes_``.

        Examples
        --------
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit([[0.0], [0.0], [0.0], [1.0]], ["a", "a", "a", "b"])
        >>> clf.predict([[0.0], [1.0]]).tolist()
        ['a', 'b']
        """
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]

    def predict_error(self, X) -> PredictionError:
        """Per input: expected error rate, standard deviation and k-norm of the prediction,
        those of the leaf it reaches (Zhong 4.30, B.17-B.25).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        exactprune.sklearn.PredictionError
            Float arrays ``mean``, ``sd``, ``knorm`` of shape (n_samples,).

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> X, y = load_iris(return_X_y=True)
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X[:, 2:4], y)
        >>> e = clf.predict_error([[1.5, 0.2], [5.5, 2.0]])    # leaves c1 and c22
        >>> [round(float(v), 4) for v in e.mean], [round(float(v), 4) for v in e.sd]
        ([0.0194, 0.0421], [0.019, 0.0288])
        >>> [round(float(v), 4) for v in e.knorm]             # (B.19), (B.25)
        [0.0272, 0.051]
        """
        ids = self._leaves(X)
        return PredictionError(self._mean[ids], self._sd[ids], self._knorm_table()[ids])

    def error_estimate(self) -> ErrorBars:
        """Error of the whole pruned tree: E[r], E[r^2], E[r^k] exact (4.12, 4.13, 4.28),
        sd and k-norm for display (4.14); Zhong (B.13)-(B.16) on iris with lam = 1/2.

        Returns
        -------
        exactprune.sklearn.ErrorBars

        Examples
        --------
        The leaves' 1/8 and 1/4 (and 3/80, 1/8 for E[r^2], :attr:`leaf_estimates_`) weighted by
        (4.11), (3 + 1/2) / 5 = 7/10 and (1 + 1/2) / 5 = 3/10: E[r] = 7/80 + 6/80 = 13/80 and
        E[r^2] = 21/800 + 30/800 = 51/800:

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> bars = clf.error_estimate()
        >>> bars.mean, bars.second, bars.k
        (Fraction(13, 80), Fraction(51, 800), 2)
        """
        check_is_fitted(self, "tree_")
        est = error_estimate(self.pruned_count_tree_, self.prior_)
        kth = est.second if self.k_ == 2 else est.mean if self.k_ == 1 else \
            moment(self.pruned_count_tree_, self.k_, self.prior_)      # (4.28); arb for huge k
        return ErrorBars(est.mean, est.second, self.k_, kth)

    def get_n_leaves(self) -> int:
        """The number of leaves of the pruned tree.

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> clf.get_n_leaves()
        2
        """
        check_is_fitted(self, "tree_")
        return int(self.tree_.n_leaves)

    def get_depth(self) -> int:
        """The depth of the pruned tree (0 for a single leaf).

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y)
        >>> clf.get_depth()
        1
        """
        check_is_fitted(self, "tree_")
        return int(self.tree_.max_depth)

    def to_count_tree(self, pruned: bool = True) -> Tree:
        """The pruned (default) or grown count tree, with Zhong's node names (rational counts where
        the weights make them fractional).

        Parameters
        ----------
        pruned : bool
            The pruned tree (default) or the grown one.

        Returns
        -------
        Tree

        Examples
        --------
        Row weights 1/2 on the class-0 rows make the counts fractional:

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X, y, sample_weight=[0.5, 0.5, 0.5, 1.0])
        >>> [node.counts for node in clf.to_count_tree(pruned=False).nodes()]
        [(Fraction(3, 2), 1), (Fraction(3, 2), 0), (0, 1)]
        """
        check_is_fitted(self, "tree_")
        return self.pruned_count_tree_ if pruned else self.count_tree_

    def cost_complexity_pruning_path(self, X, y, sample_weight=None) -> Bunch:
        """scikit-learn's CCP path of the tree this estimator grows (its growing parameters),
        for comparison: ``DecisionTreeClassifier.cost_complexity_pruning_path``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), optional

        Returns
        -------
        Bunch
            ``ccp_alphas`` and ``impurities``, as scikit-learn returns them.

        Examples
        --------
        The root (3, 1) has Gini impurity 1 - (3/4)^2 - (1/4)^2 = 3/8 and its pure leaves 0, so
        its weakest-link alpha is 3/8:

        >>> X, y = [[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1]
        >>> path = KNormTreeClassifier(random_state=0).cost_complexity_pruning_path(X, y)
        >>> path.ccp_alphas.tolist(), path.impurities.tolist()
        ([0.0, 0.375], [0.0, 0.375])
        """
        params = {name: getattr(self, name) for name in _TREE_PARAMS}
        return DecisionTreeClassifier(**params).cost_complexity_pruning_path(X, y, sample_weight=sample_weight)

    def knorm_pruning_path(self) -> Bunch:
        """The k-norm pruning sequence of the grown tree, like ``cost_complexity_pruning_path``.

        By Zhong Cor 5.4 the optimal prunings nest as k grows; each finite stage is
        optimal for ``ks[i] <= k < k_to[i]`` (``k_to`` None: every larger k).  Returns a
        Bunch of lists, one entry per finite stage: ``ks`` (exact integer breakpoints),
        ``k_to``, ``n_leaves``, ``knorm_errors`` (the k-norm of the stage's tree at
        k = ``ks[i]``, a float from a certified value), ``norm2_errors`` (its 2-norm, the
        estimate PruneTree minimises at k = 2), ``pruned`` (names in ``count_tree_`` newly
        pruned at that stage), ``trees`` (count trees), and ``sequence``, the full
        :class:`exactprune.stages.KNormSequence` (with the k = infinity stage).  Computed on
        demand by :func:`exactprune.sequence.knorm_pruning_path`, for integer and weighted
        (rational) counts alike.

        On a Pipeline, call it on the last step: ``pipe[-1].knorm_pruning_path()`` (the path
        depends on the grown tree and its counts only, not on X).

        Returns
        -------
        Bunch
            ``ks``, ``k_to``, ``n_leaves``, ``knorm_errors``, ``norm2_errors``, ``pruned``,
            ``trees``, ``sequence``.

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> X, y = load_iris(return_X_y=True)
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X[:, 2:4], y)
        >>> path = clf.knorm_pruning_path()
        >>> path.ks, path.n_leaves            # (J-1 numerator; see errata for Figure B.1)
        ([1, 2, 17781896], [7, 3, 2])
        """
        check_is_fitted(self, "tree_")
        from ..sequence import knorm_pruning_path  # lazy: sequence sits above knorm
        path = knorm_pruning_path(self.count_tree_, self.prior_)
        seq = path["sequence"]
        finite = [s for s in seq.stages if s.k_from != "inf"]
        norm2 = [math.sqrt(float(error_estimate(s.tree, self.prior_).second)) for s in finite]
        return Bunch(ks=list(path["k_breakpoints"]), k_to=[s.k_to for s in finite],
                     n_leaves=list(path["n_leaves"]), knorm_errors=list(path["knorm_errors_float"]),
                     norm2_errors=norm2, pruned=[list(s.pruned) for s in finite],
                     trees=[s.tree for s in finite], sequence=seq)


def prune_fitted(estimator: DecisionTreeClassifier, k=2, lam="auto", eta="1/2",
                 numerator: str = "J-1", epsilon=0, *, rounding: Optional[str] = None,
                 X: Any = None, y: Any = None, sample_weight: Any = None) -> KNormTreeClassifier:
    """Prune a ``DecisionTreeClassifier`` the user already fitted, by PruneTree (Fig 4.1).

    Given its training rows ``X``, ``y`` (and ``sample_weight``, if it was fit with one), the
    counts are summed from them exactly, as ``KNormTreeClassifier.fit`` does (rational counts
    when the weights are fractional); rows that do not give the tree's own counts raise
    ValueError.  Without the rows, the counts are the tree's weighted class counts as
    scikit-learn stores them (floats, :func:`exactprune.tree.sklearn_counts`): if they are not
    whole numbers this raises ValueError, unless ``rounding="nearest"``: then each leaf's
    weighted counts are rounded to the nearest integers (half to even) and each internal node
    gets the sums of its leaves.  ``lam="auto"`` uses the tree's leaves L and N = the root's
    count.  The estimator is not modified or refitted; the
    result is a fitted :class:`KNormTreeClassifier` whose tree-growing parameters are copied
    from ``estimator``.

    Parameters
    ----------
    estimator : DecisionTreeClassifier
        A fitted, single-output scikit-learn tree (not a KNormTreeClassifier).
    k, lam, eta, numerator, epsilon
        As for :class:`KNormTreeClassifier`.
    rounding : {None, "nearest"}
        Without the rows: refuse (None) or round (``"nearest"``) non-integer stored counts.
    X, y, sample_weight : array-like, optional
        The training rows the tree was fit on, for exact counts.

    Returns
    -------
    KNormTreeClassifier
        A fitted estimator holding the pruned tree.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> X, y = load_iris(return_X_y=True)
    >>> cart = DecisionTreeClassifier(random_state=0).fit(X[:, 2:4], y)
    >>> prune_fitted(cart, lam="1/2").pruned_
    ['c21', 'c22']
    >>> from fractions import Fraction
    >>> w = np.where(y == 0, Fraction(1, 3), 1).astype(float)     # 50/3 setosa
    >>> thirds = DecisionTreeClassifier(random_state=0).fit(X[:, 2:4], y, sample_weight=w)
    >>> prune_fitted(thirds)
    Traceback (most recent call last):
    ValueError: node 0 of the scikit-learn tree has non-integer weighted class counts ...
    >>> prune_fitted(thirds, rounding="nearest").count_tree_.root.counts
    (17, 50, 50)
    >>> exact = prune_fitted(thirds, X=X[:, 2:4], y=y, sample_weight=w)   # the rows: exact counts
    >>> exact.counts_[0].tolist() == [50 * Fraction("0.3333333333333333"), 50, 50]   # the float 1/3 as it prints
    True
    """
    if not isinstance(estimator, DecisionTreeClassifier) or isinstance(estimator, KNormTreeClassifier):
        raise TypeError(f"prune_fitted needs a fitted DecisionTreeClassifier (grown, not pruned), got "
                        f"{type(estimator).__name__}")
    check_is_fitted(estimator, "tree_")
    if estimator.tree_.n_outputs != 1:
        raise ValueError("prune_fitted supports single-output trees only")
    shared = {name: value for name, value in estimator.get_params().items() if name in _TREE_PARAMS}
    clf = KNormTreeClassifier(k=k, lam=lam, eta=eta, numerator=numerator, epsilon=epsilon, **shared)
    k, epsilon = clf._validated_parameters()
    if X is not None or y is not None:
        if X is None or y is None or rounding is not None:
            raise ValueError("prune_fitted takes the training rows as X and y together, without rounding")
        X, y, sample_weight = clf._validate_rows(X, y, sample_weight)
        if X.shape[1] != estimator.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} features; the tree was fit on {estimator.n_features_in_}")
        arrays = clf._row_counts(estimator, X, y, sample_weight)
        if not agrees_with_sklearn(estimator.tree_, arrays.counts):
            raise ValueError("X, y (and sample_weight) do not give the tree's class counts: pass the rows "
                             "the tree was fit on")
    else:
        try:
            arrays = CountArrays(sklearn_counts(estimator.tree_, rounding), *sklearn_structure(estimator.tree_))
        except ValueError as err:
            raise ValueError(f"{err}; pass the training rows (X=, y=) for exact counts, or rounding='nearest' "
                             f"to round the leaf counts") from None
    clf._prune_grown(estimator, arrays, k, epsilon)
    return clf
