"""exactprune.sklearn.prior: the prior from the estimator's parameters (exact numbers only, floats
by their shortest repr), Zhong 6.3's lam = 'auto', and lam's effect on pruning."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import GridSearchCV

from exactprune.knorm import Prior
from exactprune.sklearn import KNormTreeClassifier, auto_lam

from sklearn_cases import DATASETS, iris_petals


# parameters: exact numbers only
@pytest.mark.parametrize("name,value,expected", [
    ("lam", 0.1, Fraction(1, 10)), ("lam", np.float64(0.5), Fraction(1, 2)), ("eta", 0.3, Fraction(3, 10)),
    ("epsilon", 0.001, Fraction(1, 1000)), ("lam", 1e-3, Fraction(1, 1000))])
def test_float_parameters_read_by_shortest_repr(name, value, expected):
    """A float parameter means its shortest decimal repr (0.1 is 1/10, not 3602879701896397/2^55)."""
    X, y = iris_petals()
    clf = KNormTreeClassifier(**{name: value}, random_state=0).fit(X, y)
    twin = KNormTreeClassifier(**{name: str(expected)}, random_state=0).fit(X, y)
    if name == "epsilon":
        assert clf.pruned_ == twin.pruned_
    else:
        assert getattr(clf.prior_, name) == expected == getattr(twin.prior_, name)
    assert clf.get_params()[name] is value                   # get_params returns what was given


def test_float_grid_and_set_params():
    X, y = iris_petals()
    grid = GridSearchCV(KNormTreeClassifier(random_state=0), {"lam": [0.1, 0.5, 1.0]}, cv=3).fit(X, y)
    assert grid.best_estimator_.lam_ in (Fraction(1, 10), Fraction(1, 2), Fraction(1))
    assert KNormTreeClassifier().set_params(lam=0.3).fit(X, y).lam_ == Fraction(3, 10)


@pytest.mark.parametrize("name,value,error", [("lam", float("nan"), ValueError), ("lam", float("inf"), ValueError),
                                              ("lam", -0.5, ValueError), ("eta", -0.1, ValueError),
                                              ("epsilon", -1e-9, ValueError)])
def test_bad_float_parameters_refused(name, value, error):
    X, y = iris_petals()
    with pytest.raises(error, match=f"{name}|float parameter"):
        KNormTreeClassifier(**{name: value}).fit(X, y)


def test_exact_api_keeps_refusing_floats():
    with pytest.raises(TypeError, match="lam must be exact: got the float 0.5"):
        Prior(lam=0.5)


def test_negative_epsilon_refused():
    X, y = iris_petals()
    with pytest.raises(ValueError, match="epsilon must be non-negative, got -1/2"):
        KNormTreeClassifier(epsilon="-1/2").fit(X, y)


@pytest.mark.parametrize("lam", ["1/2", "0.5", Fraction(1, 2), "2/4", " 1/2 "])
def test_exact_lam_forms_agree(lam):
    X, y = iris_petals()
    clf = KNormTreeClassifier(lam=lam, random_state=0).fit(X, y)
    assert clf.lam_ == Fraction(1, 2) and isinstance(clf.lam_, Fraction)
    assert clf.prior_ == Prior(Fraction(1, 2), Fraction(1, 2), "J-1")


def test_bad_numerator_and_strings():
    X, y = iris_petals()
    with pytest.raises(ValueError, match="lam: cannot read 'half'"):
        KNormTreeClassifier(lam="half").fit(X, y)


@pytest.mark.parametrize("data", ["iris", "wine", "breast_cancer"])
def test_auto_lam_is_section_6_3(data):
    """lam = lam0 V / J, V = L / (J N), lam0 = 100 (Zhong 6.3), exactly."""
    X, y = DATASETS[data]()
    clf = KNormTreeClassifier(random_state=0).fit(X, y)
    L = int(clf.unpruned_estimator_.get_n_leaves())
    J, N = len(np.unique(y)), len(y)
    assert clf.lam_ == Fraction(100 * L, J * J * N) == auto_lam(L, J, N)


def test_auto_lam_iris_about_one_half():
    clf = KNormTreeClassifier(random_state=0).fit(*iris_petals())
    assert clf.lam_ == Fraction(16, 27)                 # 100 * 8 / (9 * 150), "approximately 0.5"


def test_more_pruning_with_larger_lam():
    """Zhong 6.3: lam = 0 under-prunes (the grown tree is kept: training error 0), larger lam
    prunes more on breast cancer.  Zhong's "lam = infinity prunes to one node" is not what
    happens at large finite lam: every leaf moment tends to ((J-1)/J)^k, and the split is
    decided by the next term in 1/lam, which can favour the split (here 2 leaves stay at
    lam = 10^7)."""
    X, y = load_breast_cancer(return_X_y=True)
    sizes = [KNormTreeClassifier(lam=lam, random_state=0).fit(X, y).get_n_leaves()
             for lam in ["0", "1/10", "1", "10", "1000", "10000000"]]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] == KNormTreeClassifier(random_state=0).fit(X, y).unpruned_estimator_.get_n_leaves()
    assert sizes[-1] == 2
