"""exactprune.knorm.estimates: the error estimates (4.12)-(4.14) of a node and the prediction error
(4.30) of an input (Zhong chapter 4); the estimator at k beyond a machine word.  The decimal
formatters that write them are tested in tests/test_formatting.py."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from exactprune import Node, Prior, Tree
from exactprune.knorm import ErrorEstimate, error_estimate, leaf_error, prediction_error
from exactprune.tree import iris_tree


def test_error_estimate_of_zhong_4_16():
    """(98, 1), lam = 1/2: B = 1.5, M = 100: E[r] = 3/200, E[r^2] = 1.5 * 2.5 / (100 * 101) = 3/8080,
    sd 0.012095 (Zhong 4.18); under lam = 1: B = 2, M = 101."""
    node = Node((98, 1))
    e = error_estimate(node)
    assert (e.mean, e.second) == (Fraction(3, 200), Fraction(3, 8080))
    assert e.sd(6) == "0.012095" and error_estimate(Tree(node)) == e
    assert error_estimate(node, Prior(lam=1)).mean == Fraction(2, 101)


def test_error_estimate_methods_by_hand():
    """mean 1/10, E[r^2] = 1/50: variance 1/100, sd 0.1, 2-norm sqrt(0.02) = 0.14142135623..."""
    e = ErrorEstimate(Fraction(1, 10), Fraction(1, 50))
    assert e.variance == Fraction(1, 100) and e.sd(4) == "0.1000" and e.norm2(4) == "0.1414"
    assert e.sd() == "0.100000" and e.norm2() == "0.141421"
    assert str(e) == "0.1000 +- 0.1000"
    assert e.as_dict() == {"mean": "1/10", "second_moment": "1/50", "variance": "1/100",
                           "sd_approx": "0.1000000000", "norm2_approx": "0.1414213562", "mean_approx": 0.1}


def test_leaf_error_and_prediction_error_on_iris():
    """c21 (0, 49, 5) as a leaf: 4/37 and 56/4181 (Zhong B.1, B.2).  Petal width 0.2 goes to
    c1 (50, 0, 0), setosa: B = 1, M = 51.5; (4.0, 1.0) goes to c2111 (0, 47, 0), versicolor:
    B = 1, M = 48.5 (under lam = 1: B = 2, M = 50)."""
    tree = iris_tree()
    e = leaf_error(tree.node("c21"))
    assert (e.mean, e.second) == (Fraction(4, 37), Fraction(56, 4181))
    assert leaf_error(tree.node("c21"), Prior(lam=1)).mean == Fraction(7, 57)
    setosa = prediction_error(tree, [1.4, 0.2])
    assert setosa["leaf"] == "c1" and setosa["label"] == "setosa"
    assert setosa["estimate"] == ErrorEstimate(Fraction(2, 103), Fraction(8, 10815))
    versicolor = prediction_error(tree, [4.0, 1.0], Prior(lam=1))
    assert versicolor["leaf"] == "c2111" and versicolor["label"] == "versicolor"
    assert versicolor["estimate"].mean == Fraction(1, 25)          # lam = 1: B = 0 + 2, M = 47 + 3


def test_second_moments_use_the_prior():
    """lam = 1: (98, 1) has B = 2, M = 101, E[r^2] = 2*3/(101*102) = 1/1717; c21 (0, 49, 5) as a
    leaf has B = 7, M = 57, E[r^2] = 7*8/(57*58) = 28/1653."""
    assert error_estimate(Node((98, 1)), Prior(lam=1)).second == Fraction(1, 1717)
    assert leaf_error(iris_tree().node("c21"), Prior(lam=1)).second == Fraction(28, 1653)


def test_prediction_error_without_class_names_reports_the_class_index():
    """A tree read without class names: x[0] = 0.9 > 0.5 goes to the second leaf (0, 4), class 1,
    whose error under lam = 1/2 is B / M = 0.5 / 5 = 1/10."""
    tree = Tree(Node((3, 4), [Node((3, 0)), Node((0, 4))], feature=0, threshold=0.5))
    assert tree.class_names is None or tree.class_names == []
    out = prediction_error(tree, [0.9])
    assert out["label"] == 1 and out["leaf"] == "c2" and out["estimate"].mean == Fraction(1, 10)


@pytest.mark.parametrize("k", [2 ** 64, 2 ** 107])
def test_the_estimator_fits_at_k_beyond_a_machine_word(k):
    """KNormTreeClassifier(k=2^64 or 2^107) fits iris (it raised OverflowError from the k-th root).
    A leaf's E[r^k] = a^(k)/d^(k) = Gamma(a + k) Gamma(d) / (Gamma(a) Gamma(d + k)) has
    |ln E[r^k]| <= (d - a) ln k + ln Gamma(d) + 0.6 (a >= 1/2) <= 151 * 74.2 + 605 < 12,000
    (d <= 150 + J lam = 151.5), so its k-norm exp(ln E[r^k] / k) lies in (1 - 12,000/k, 1]:
    within 6.6e-16 of 1 at 2^64, and a float 1.0 at 2^107 (12,000 / 2^107 < 2^-54)."""
    from sklearn.datasets import load_iris
    from exactprune.sklearn import KNormTreeClassifier
    X, y = load_iris(return_X_y=True)
    knorm = KNormTreeClassifier(k=k).fit(X, y).predict_error(X).knorm
    assert np.all((knorm >= 1 - 12_000 / k - 2 ** -53) & (knorm <= 1.0))
    if k == 2 ** 107:
        assert np.all(knorm == 1.0)
