"""exactprune for scikit-learn users: :class:`KNormTreeClassifier` (CART pruned by the k-norm,
with error bars; :mod:`exactprune.sklearn.estimator`, its fitting steps in
:mod:`~exactprune.sklearn.fitting`, the prior and Zhong 6.3's lam in
:mod:`~exactprune.sklearn.prior`, the error bars in :mod:`~exactprune.sklearn.errorbars`), the exact
weighted counts it prunes (:mod:`exactprune.sklearn.counts`), :class:`KNormTreeClassifierCV` (k
chosen by cross-validation along the folds' exact k paths; :mod:`exactprune.sklearn.cv`), three
Displays in scikit-learn's convention (:mod:`exactprune.sklearn.displays`,
:mod:`exactprune.sklearn.cv_display`; matplotlib is imported only when one is drawn), and
scikit-learn's private API that the estimator relies on, in one place
(:mod:`exactprune.sklearn.internals`).
"""
from .cv import KNormTreeClassifierCV
from .cv_display import KNormCVDisplay
from .displays import ErrorBarDisplay, KNormPathDisplay
from .estimator import ErrorBars, KNormTreeClassifier, PredictionError, auto_lam, prune_fitted

__all__ = ["KNormTreeClassifier", "KNormTreeClassifierCV", "prune_fitted", "auto_lam", "ErrorBars",
           "PredictionError", "KNormPathDisplay", "ErrorBarDisplay", "KNormCVDisplay"]
