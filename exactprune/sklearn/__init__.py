"""exactprune for scikit-learn users: :class:`KNormTreeClassifier` (CART pruned by the k-norm,
with error bars; :mod:`exactprune.sklearn.estimator`), the exact weighted counts it prunes
(:mod:`exactprune.sklearn.counts`) and two Displays in scikit-learn's convention
(:mod:`exactprune.sklearn.displays`; matplotlib is imported only when one is drawn), and
scikit-learn's private API that the estimator relies on, in one place
(:mod:`exactprune.sklearn.internals`).
"""
from .cv import KNormTreeClassifierCV
from .cv_display import KNormCVDisplay
from .displays import ErrorBarDisplay, KNormPathDisplay
from .estimator import ErrorBars, KNormTreeClassifier, PredictionError, auto_lam, prune_fitted

__all__ = ["KNormTreeClassifier", "prune_fitted", "auto_lam", "ErrorBars", "PredictionError",
           "KNormPathDisplay", "ErrorBarDisplay"]
__all__ += ["KNormTreeClassifierCV", "KNormCVDisplay"]     # issue 38: k chosen by cross-validation
