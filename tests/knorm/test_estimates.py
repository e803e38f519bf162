"""exactprune.knorm.estimates: the error estimates (4.12)-(4.14) of a node and the prediction error
(4.30) of an input (Zhong chapter 4); and the decimal formatters that write them and a k-norm."""
from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

import flint
import numpy as np
import pytest

from exactprune import Node, Prior, Tree
from exactprune.knorm import ErrorEstimate, error_estimate, knorm_decimal, leaf_error, prediction_error, sqrt_decimal
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


# -- the decimal formatters that write an estimate and a k-norm (sqrt_decimal, knorm_decimal: re-exported
# by exactprune.knorm from the module that formats exact values; their home's mirror is the place for them)

@pytest.mark.parametrize("value, places, text", [
    (Fraction(2), 5, "1.41421"),            # 1.414213...: rounds down
    (Fraction(3), 4, "1.7321"),             # 1.7320508...: rounds up
    (Fraction(1, 16), 1, "0.2"),            # 0.25 exactly: half to even (2)
    (Fraction(49, 400), 1, "0.4"),          # 0.35 exactly: half to even (4)
    (Fraction(9, 4), 0, "2"),               # 1.5 exactly, no decimals: half to even (2)
    (Fraction(1, 4), 0, "0"),               # 0.5 exactly: half to even (0)
    (Fraction(1, 10 ** 6), 4, "0.0010"),    # leading zeros kept
    (Fraction(0), 3, "0.000"),
])
def test_sqrt_decimal_by_hand(value, places, text):
    assert sqrt_decimal(value, places) == text


def test_sqrt_decimal_refuses_a_negative():
    with pytest.raises(ValueError, match="negative"):
        sqrt_decimal(Fraction(-1, 4), 2)


@pytest.mark.parametrize("value, k, digits, text", [
    (Fraction(1, 4), 2, 3, "0.500"), (Fraction(1, 8), 3, 4, "0.5000"), (Fraction(1, 3), 1, 5, "0.33333"),
    (Fraction(2), 2, 15, "1.41421356237310"),          # sqrt 2 = 1.414213562373095...
    (flint.arb(2), 2, 6, "1.41421"),
])
def test_knorm_decimal_by_hand(value, k, digits, text):
    saved = flint.ctx.prec
    assert knorm_decimal(value, k, digits) == text
    assert flint.ctx.prec == saved


def test_knorm_decimal_at_forty_digits():
    """40 significant digits of sqrt 2 need about 133 bits: checked against the decimal module."""
    with localcontext() as ctx:
        ctx.prec = 60
        want = str(Decimal(2).sqrt().quantize(Decimal(1).scaleb(-39)))
    assert knorm_decimal(Fraction(2), 2, 40) == want


def test_sqrt_decimal_says_what_it_refuses():
    with pytest.raises(ValueError, match="^sqrt of a negative number$"):
        sqrt_decimal(Fraction(-1), 3)


def test_knorm_decimal_gives_ten_digits_by_default():
    """sqrt 2 = 1.41421356237...: ten significant digits."""
    assert knorm_decimal(Fraction(2), 2) == "1.414213562"


def test_knorm_decimal_rounds_the_root_once():
    """(0.12345678905 + 2e-16)^2 at k = 2: the root is just above the tie 0.12345678905, so ten
    digits round up to 0.1234567891; rounding first to 15 digits (0.123456789050000, a tie) and
    then to ten would give 0.1234567890.  k = 1 returns the value itself: 3/7 = 0.4285714285714..."""
    root = Fraction("0.12345678905") + Fraction(2, 10 ** 16)
    assert knorm_decimal(root ** 2, 2) == "0.1234567891"
    assert knorm_decimal(root, 1) == "0.1234567891"
    assert knorm_decimal(Fraction(3, 7), 1, 13) == "0.4285714285714"


@pytest.mark.parametrize("k", [2 ** 64, 2 ** 107])
@pytest.mark.parametrize("value", [Fraction(1, 4), Fraction(3, 7), Fraction(1, 10 ** 300)])
def test_knorm_decimal_beyond_a_machine_word(value, k):
    """value^(1/k) = exp(ln(value) / k), by the decimal module's correctly rounded ln and exp at
    80 digits, rounded half-even to 25 significant digits; the same from a 128-bit ball of value
    (what the estimator passes above EXACT_K_LIMIT)."""
    with localcontext() as ctx:
        ctx.prec = 80
        root = ((Decimal(value.numerator) / Decimal(value.denominator)).ln() / k).exp()
        rounded = root.quantize(Decimal(1).scaleb(root.adjusted() - 24))
        if rounded.adjusted() > root.adjusted():        # 0.99...9 rounded up to 1: 25 digits of 1.000...
            rounded = rounded.quantize(Decimal(1).scaleb(rounded.adjusted() - 24))
        want = str(rounded)
    assert knorm_decimal(value, k, 25) == want
    with flint.ctx.workprec(128):
        ball = flint.arb(value.numerator) / value.denominator
    assert knorm_decimal(ball, k, 25) == want
    assert knorm_decimal(Fraction(0), k, 5) == "0.0000"


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
