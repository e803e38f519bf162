"""exactprune.sklearn.cv_display: KNormCVDisplay draws KNormTreeClassifierCV's table (mean CV
error against leaves, the one-SE line at the minimum plus its standard error, the chosen stage)
and refuses columns of different lengths."""
from __future__ import annotations

import pytest

from exactprune.sklearn import KNormCVDisplay, KNormTreeClassifier, KNormTreeClassifierCV
from sklearn_cases import noisy_classification as _noisy


def test_display_draws_the_table():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    X, y = _noisy()
    cv = KNormTreeClassifierCV(KNormTreeClassifier(random_state=0), cv=4, rule="1se").fit(X, y)
    display = KNormCVDisplay.from_estimator(cv)
    r, m = cv.cv_results_, cv.min_index_
    assert display.se_line_.get_ydata()[0] == pytest.approx(float(r["cv_error"][m]) + r["cv_error_se"][m])
    assert display.chosen_.get_xdata()[0] == r["mean_n_leaves"][cv.best_index_]
    plt.close("all")
    with pytest.raises(ValueError, match="one length"):
        KNormCVDisplay([1, 2], [2.0], [0.1, 0.2], [0.0, 0.0], 0, 0)
