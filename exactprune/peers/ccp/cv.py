"""CART's tree selection by V-fold cross-validation and the 1-SE rule (Breiman et al. 3.4).

:func:`ccp_cv_select` grows the tree on all the data, takes its stage alphas from
:func:`~exactprune.peers.ccp.sequence.split_alphas`, and scores every stage at once on each
fold's held-out points (each fold tree's alphas by the same :func:`split_alphas`);
:func:`predict_with_leaves` predicts with a pruned scikit-learn tree.

>>> import numpy as np
>>> ccp_cv_select(np.arange(20).reshape(-1, 1), np.arange(20) >= 10, V=5).stage_alphas
[Fraction(0, 1), Fraction(1, 2)]
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable

from ...numbers import exact, positive_int
from ...selection import least_error_index, one_se_index
from ...tree import Tree, copy_with_leaves, majority_at_leaves, sklearn_counts, sklearn_names
from .sequence import ccp_subtree_at, split_alphas

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CCPCVResult", "ccp_cv_select", "predict_with_leaves"]


@dataclass
class CCPCVResult:
    """CCP with V-fold CV: the chosen ``alpha`` (a stage start, exact), the pruned
    ``tree``, the stage alphas, CV error rates per stage (Fractions), their SE (floats)
    and the index of the minimum and of the 1-SE choice.

    Parameters
    ----------
    alpha : Fraction
        The chosen stage's alpha.
    tree : Tree
        The tree pruned at ``alpha``.
    collapsed : set of str
        The names of the topmost splits made leaves.
    stage_alphas : list of Fraction
        Every stage's alpha, increasing (0 first).
    cv_errors : list of Fraction
        The cross-validated error rate of each stage.
    cv_se : list of float
        Its standard error, sqrt(R (1 - R) / N).
    best : int
        The index of the stage of least CV error (the last one among ties).
    chosen : int
        The index of the stage chosen by the SE rule (the largest within it).

    See Also
    --------
    ccp_cv_select : makes one.

    Examples
    --------
    >>> import numpy as np      # x = 0..19, class x >= 10: the example of :func:`ccp_cv_select`
    >>> r = ccp_cv_select(np.arange(20).reshape(-1, 1), np.arange(20) >= 10, V=5)
    >>> r.alpha, r.collapsed, r.tree.n_leaves, r.best, r.chosen
    (Fraction(0, 1), set(), 2, 0, 0)
    """

    alpha: Fraction
    tree: Tree
    collapsed: set
    stage_alphas: list
    cv_errors: list
    cv_se: list
    best: int
    chosen: int


def predict_with_leaves(estimator: Any, collapsed_names: Iterable[str], X: Any) -> "np.ndarray":
    """Predictions of the pruned version of a fitted ``DecisionTreeClassifier`` in which the
    named nodes are leaves (label: majority of training counts, first on ties), routed as
    scikit-learn routes: X as float32, ``x[feature] <= threshold`` to the left child
    (:func:`~exactprune.tree.majority_at_leaves`).

    Parameters
    ----------
    estimator : DecisionTreeClassifier
        A fitted tree.
    collapsed_names : iterable of str
        Zhong's names (:func:`~exactprune.tree.sklearn_names`) of the nodes made leaves.
    X : array-like of shape (n_samples, n_features)
        Finite inputs (a NaN is refused).

    Returns
    -------
    numpy.ndarray
        A label of ``estimator.classes_`` per row.

    See Also
    --------
    exactprune.tree.majority_at_leaves : the prediction with a pruned count tree.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> est = DecisionTreeClassifier().fit([[0], [1], [2]], [0, 1, 1])
    >>> predict_with_leaves(est, set(), [[0], [2]]).tolist(), predict_with_leaves(est, {"root"}, [[0], [2]]).tolist()
    ([0, 1], [1, 1])
    """
    import numpy as np
    from sklearn.utils.validation import check_array
    X = check_array(X, dtype=np.float32)            # as scikit-learn's predict reads X
    tree_ = estimator.tree_
    if X.shape[1] != tree_.n_features:
        raise ValueError(f"X has {X.shape[1]} features, but the tree was fitted with {tree_.n_features}")
    collapsed = set(collapsed_names)
    kept = np.array([name not in collapsed for name in sklearn_names(tree_)])
    tests = (tree_.children_left, tree_.children_right, tree_.feature, tree_.threshold)
    return estimator.classes_[majority_at_leaves(tests, tree_.value[:, 0, :], X, kept)]


def ccp_cv_select(X, y, V: int = 10, se_rule="1", random_state: int = 0, tree_params=None,
                  grown=None) -> CCPCVResult:
    """CART's CCP with tree selection by V-fold cross-validation and the 1-SE rule
    (Breiman et al. 3.4.2-3.4.3; Zhong 6.3 "default parameters").

    The tree grown on all of (X, y) gives the stage alphas a_0 < a_1 < ...; each
    fold tree is pruned at the geometric means sqrt(a_k a_{k+1}) (exact comparisons)
    and scored on its held-out fold.  R_k = CV errors / N, SE_k = sqrt(R_k (1 - R_k) / N);
    the chosen stage is the smallest tree with R_k <= min R + se_rule * SE_min
    (``se_rule="0"`` is the minimum).  ``grown`` may pass the full tree already
    fitted with the same parameters.

    By hand: x = 0..19 with class x >= 10, 5 stratified folds.  The full tree is one split,
    g(root) = (10/20 - 0) / (2 - 1), so the stage alphas are 0 and 1/2.  At alpha 0 every fold
    tree splits at the midpoint of its training points next to 9.5 and sends x <= threshold
    left: one fold trains on 9 and 11 (threshold 10) and holds out 10, the only CV error:
    R_0 = 1/20.  At the root every balanced fold predicts class 0 (first of equal counts): the
    10 held-out points of class 1 are wrong, R_1 = 1/2 > 1/20 + SE_0, so the full tree is chosen.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Class labels.
    V : int
        The number of folds, at least 2 (Breiman's 10).
    se_rule : exact number
        c of the c-SE rule ("1": 1-SE, "0": the minimum), an int, Fraction or text.
    random_state : int
        Seeds the trees and the fold shuffle.
    tree_params : dict, optional
        Parameters of the ``DecisionTreeClassifier`` grown on all data and on each fold.
    grown : DecisionTreeClassifier, optional
        The tree already fitted on all of (X, y) with those parameters.

    Returns
    -------
    CCPCVResult

    See Also
    --------
    exactprune.peers.ccp.split_alphas : the alphas of the full tree and of every fold tree.
    predict_with_leaves : a pruned scikit-learn tree's predictions.

    Examples
    --------
    >>> import numpy as np
    >>> r = ccp_cv_select(np.arange(20).reshape(-1, 1), np.arange(20) >= 10, V=5)
    >>> r.stage_alphas, r.cv_errors, r.chosen
    ([Fraction(0, 1), Fraction(1, 2)], [Fraction(1, 20), Fraction(1, 2)], 0)
    >>> round(r.cv_se[0] ** 2 * 8000, 9)              # SE_0^2 = (1/20)(19/20)/20 = 19/8000
    19.0
    """
    import numpy as np
    from scipy.sparse import csr_matrix
    from sklearn.model_selection import StratifiedKFold, KFold
    from sklearn.tree import DecisionTreeClassifier
    V = positive_int(V, "V")
    if V < 2:
        raise ValueError(f"V must be at least 2, got {V}")
    se_rule = exact(se_rule, "se_rule")
    params = dict(tree_params or {})
    params.setdefault("random_state", random_state)
    X = np.asarray(X)
    y = np.asarray(y)
    N = len(y)
    if grown is None:
        grown = DecisionTreeClassifier(**params).fit(X, y)
    full = Tree.from_sklearn(grown)
    names = full.arrays().names()
    alphas = {name: a for name, a in zip(names, split_alphas(full)) if a is not None}
    stage_alphas = sorted(set(alphas.values()) | {Fraction(0)})
    points = [(stage_alphas[k], stage_alphas[k + 1] if k + 1 < len(stage_alphas) else None)
              for k in range(len(stage_alphas))]
    _, counts = np.unique(y, return_counts=True)
    splitter = (StratifiedKFold(V, shuffle=True, random_state=random_state) if counts.min() >= V
                else KFold(V, shuffle=True, random_state=random_state))
    K = len(points)

    def collapsed_at(a: Fraction, k: int) -> bool:      # as ccp_subtree_at at point k (at k = 0,
        lo, hi = points[k]                              # lo = 0: a <= 0 unless it is the only point)
        return hi is None or a * a <= lo * hi

    def first_point(a: Fraction) -> int:                # least k at which alpha a is collapsed
        lo, hi = 0, K                                   # collapsed_at is monotone in k
        while lo < hi:
            mid = (lo + hi) // 2
            if collapsed_at(a, mid):
                hi = mid
            else:
                lo = mid + 1
        return lo

    diff = np.zeros(K + 1, dtype=np.int64)
    for train, test in splitter.split(X, y):
        est = DecisionTreeClassifier(**params).fit(X[train], y[train])
        tr = est.tree_
        left, right = tr.children_left, tr.children_right
        counts = sklearn_counts(tr)
        kids = [() if l == -1 else (l, r) for l, r in zip(left.tolist(), right.tolist())]
        fa = split_alphas(Tree.from_sklearn(est, counts=counts))     # by scikit-learn's node ids
        # node v predicts for points k in [first_point(alpha_v), min over ancestors): one
        # difference-array update per node with the fold's held-out errors at v
        memo: dict = {}
        start = [0] * len(kids)
        for v, a in enumerate(fa):
            if a is not None:
                k = memo.get(a)
                if k is None:
                    k = memo[a] = first_point(a)
                start[v] = k
        # a node's alpha is the least over itself and its ancestors, so start[child] <= start[v]:
        # a child predicts from its own start until its parent's
        end = [K] * len(kids)
        for v, ch in enumerate(kids):                   # parents before children
            if ch:
                end[ch[0]] = end[ch[1]] = start[v]
        path = est.decision_path(X[test]).tocsr()
        reach = np.asarray(path.sum(axis=0)).ravel()
        labels = np.argmax(counts, axis=1)
        J = len(est.classes_)
        yt = np.minimum(np.searchsorted(est.classes_, y[test]), J - 1)
        known = np.flatnonzero(est.classes_[yt] == y[test])  # a class unseen by the fold is always wrong
        onehot = csr_matrix((np.ones(len(known)), (yt[known], known)), shape=(J, len(yt)))
        by_class = (onehot @ path).toarray()             # J x nodes: held-out examples per class
        right_here = np.rint(by_class[labels, np.arange(len(kids))]).astype(np.int64)
        wrong_here = reach - right_here
        np.add.at(diff, np.array(start), wrong_here)    # start == end (never reached) adds 0
        np.add.at(diff, np.array(end), -wrong_here)
    wrong = np.cumsum(diff)[:K].tolist()
    R = [Fraction(w, N) for w in wrong]
    se = [math.sqrt(float(r * (1 - r)) / N) for r in R]
    best = least_error_index(R)
    chosen = one_se_index(R, N, se_rule)
    alpha = stage_alphas[chosen]
    collapsed = ccp_subtree_at(full, alphas, alpha)
    return CCPCVResult(alpha, copy_with_leaves(full, collapsed), collapsed, stage_alphas, R, se,
                       best, chosen)

