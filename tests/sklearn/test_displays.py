"""exactprune.sklearn.displays: KNormPathDisplay and ErrorBarDisplay (Agg backend), matplotlib
imported only when drawing, fitted Pipelines accepted."""
from __future__ import annotations

import math

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

from exactprune.sklearn import KNormTreeClassifier


# Displays (Agg backend)
def test_knorm_path_display_draws_the_path_and_sklearns_ccp_path():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from exactprune.sklearn import KNormPathDisplay
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:300], y[:300]
    clf = KNormTreeClassifier(random_state=0).fit(X, y)
    path = clf.knorm_pruning_path()
    display = KNormPathDisplay.from_estimator(clf, ccp=True)
    assert display.ax_.get_xscale() == "log" and display.figure_ is display.ax_.figure
    xs, leaves = display.ax_.get_lines()[0].get_data()
    assert list(xs[:-1]) == path.ks and list(leaves[:-1]) == path.n_leaves
    assert [line.get_xdata()[0] for line in display.breakpoint_lines_] == path.ks[1:]
    assert list(display.error_ax_.get_lines()[0].get_ydata()[:-1]) == path.norm2_errors
    # the 2-norm of each stage is sqrt(E[r^2]) of that stage's tree (4.13)
    from exactprune.knorm import error_estimate
    assert path.norm2_errors[1] == pytest.approx(math.sqrt(float(error_estimate(path.trees[1], clf.prior_).second)))
    # the CCP panel is scikit-learn's path: a tree fit with ccp_alpha between two alphas has the leaves shown
    sk = DecisionTreeClassifier(random_state=0).cost_complexity_pruning_path(X, y).ccp_alphas
    distinct = sorted(set(np.round(sk, 12)))
    assert len(display.ccp_alphas) == len(distinct)
    for (a, b), shown in zip(zip(distinct, distinct[1:]), display.ccp_n_leaves):
        assert DecisionTreeClassifier(random_state=0, ccp_alpha=(a + b) / 2).fit(X, y).get_n_leaves() == shown
    _, (left, right) = plt.subplots(1, 2)
    again = KNormPathDisplay.from_estimator(clf, ccp=True, ax=(left, right))
    assert again.ax_ is left and again.ccp_ax_ is right
    with pytest.raises(ValueError, match="pair of axes"):
        again.plot(ax=left)
    plt.close("all")


def test_error_bar_display_draws_each_prediction():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from exactprune.sklearn import ErrorBarDisplay
    X, y = load_breast_cancer(return_X_y=True)
    clf = KNormTreeClassifier(random_state=0).fit(X[:300], y[:300])
    _, ax = plt.subplots()
    display = ErrorBarDisplay.from_estimator(clf, X[300:], y[300:], ax=ax)
    assert display.ax_ is ax and display.figure_ is ax.figure
    bars = clf.predict_error(X[300:])
    points = display.errorbar_.lines[0].get_ydata()
    assert np.array_equal(points, np.sort(bars.mean, kind="stable"))
    wrong = int(np.sum(clf.predict(X[300:]) != y[300:]))
    assert wrong > 0 and len(ax.collections[-1].get_offsets()) == wrong
    with pytest.raises(ValueError, match="one length"):
        ErrorBarDisplay([0.1], [0.1, 0.2], ["a"])
    plt.close("all")


def test_displays_import_matplotlib_only_when_drawing():
    """In a fresh interpreter (run from the repository's root): importing exactprune.sklearn leaves
    matplotlib out, drawing loads pyplot.  (The one test of the import; every drawing test here
    uses pyplot.)"""
    import subprocess
    import sys
    from pathlib import Path
    code = ("import sys, exactprune.sklearn; print('matplotlib' in sys.modules); "
            "import matplotlib; matplotlib.use('Agg'); exactprune.sklearn.ErrorBarDisplay([0.1], [0.1], [1]).plot(); "
            "print('matplotlib.pyplot' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(Path(__file__).resolve().parents[2])).stdout
    assert out.split() == ["False", "True"]


def test_displays_and_path_take_a_fitted_pipeline():
    """A Pipeline's last step, with X transformed by the steps before (as scikit-learn's Displays):
    the same path and the same bars as the step fitted on the transformed inputs by hand."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from exactprune.sklearn import ErrorBarDisplay, KNormPathDisplay
    X, y = load_breast_cancer(return_X_y=True)
    pipe = make_pipeline(StandardScaler(), KNormTreeClassifier(lam="1/2", max_depth=4, random_state=0)).fit(X, y)
    scaled = StandardScaler().fit_transform(X)
    alone = KNormTreeClassifier(lam="1/2", max_depth=4, random_state=0).fit(scaled, y)
    path = KNormPathDisplay.from_estimator(pipe)
    assert path.ks == alone.knorm_pruning_path().ks and path.n_leaves == alone.knorm_pruning_path().n_leaves
    bars = ErrorBarDisplay.from_estimator(pipe, X[:40], y[:40])
    assert bars.mean.tolist() == alone.predict_error(scaled[:40]).mean.tolist()
    assert bars.wrong.tolist() == (alone.predict(scaled[:40]) != y[:40]).tolist()
    plt.close("all")
    with pytest.raises(TypeError, match="KNormTreeClassifier"):
        ErrorBarDisplay.from_estimator(make_pipeline(StandardScaler(), DecisionTreeClassifier()).fit(X, y), X, y)
