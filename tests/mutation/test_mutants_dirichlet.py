"""Mutants of exactprune.dirichlet that its own tests let through: the default prior, the
names in the error messages, the positivity check of the Dirichlet parameters at its edges
(a zero parameter with exponent 0, 1 or more) and the symbolic paths (a symbol with no sign
assumption, a symbolic count next to an exact one, the normal form of symbolic results).

Expected values are computed by hand from the Beta/Dirichlet moments, E[p^k] = prod_{m<k}
(a + m)/(A + m) with a = n_h + lam and A = N + H lam, written out term by term below."""
from fractions import Fraction as F

import pytest
import sympy

from exactprune.dirichlet import (check_class_index, check_lam, lidstone_mean, marginal_variance,
                                  moment_one_minus_p, moment_p, moment_pair, product_moment)


def test_the_default_prior_is_lam_one_half():
    # counts (98, 1), lam 1/2: a = (98.5, 1.5), A = 100
    assert product_moment([98, 1], [0, 2]) == F(3, 2) * F(5, 2) / (100 * 101)
    assert lidstone_mean([98, 1], 1) == F(3, 2) / 100
    # counts (5, 49, 0): A = 54 + 3/2
    assert moment_p([5, 49, 0], 1, 2) == F(99, 2) * F(101, 2) / (F(111, 2) * F(113, 2))
    assert moment_one_minus_p([98, 1], 0, 1) == F(3, 2) / 100
    assert moment_pair([1, 1], 0, 1) == F(3, 2) * F(3, 2) / (3 * 4)
    # Beta(7/2, 3/2): a b / ((a + b)^2 (a + b + 1)) = (21/4) / (25 * 6)
    assert marginal_variance([3, 1], 0) == F(21, 4) / 150


def test_lidstone_mean_is_the_law_of_succession():
    assert lidstone_mean([3, 1], 0, 1) == F(4, 6)
    assert lidstone_mean([3, 1, 0], 2, "1/3") == F(1, 3) / (4 + 1)


def test_error_messages_name_the_argument():
    with pytest.raises(ValueError, match=r"^lam has a numerator of 1002 digits"):
        check_lam(F(10 ** 1001))
    with pytest.raises(TypeError, match=r"^lam must be exact"):
        check_lam(0.5)
    with pytest.raises(ValueError, match=r"^class index 2 out of range for 2 classes"):
        check_class_index(2, [3, 1])
    with pytest.raises(ValueError, match=r"^exponents has 1 entries but counts has 2$"):
        product_moment([1, 1], [1])
    with pytest.raises(ValueError, match=r"^exponents\[1\] must be a non-negative integer"):
        product_moment([1, 1], [1, -1])
    with pytest.raises(ValueError, match=r"^k must be a non-negative integer"):
        moment_p([1, 1], 0, -1)
    with pytest.raises(ValueError, match=r"^k must be a non-negative integer"):
        moment_one_minus_p([1, 1], 0, -1)
    with pytest.raises(ValueError, match=r"^the posterior is undefined"):
        marginal_variance([0, 0], 0, 0)


def test_a_zero_parameter_is_refused_only_when_its_exponent_is_positive():
    """lam = 0 and a zero count make the parameter 0: Dir is undefined in that coordinate, but
    E[p^0] = 1 does not need it."""
    for exponents in ([1, 0], [2, 0], [1, 1]):
        with pytest.raises(ValueError, match=r"^Dirichlet parameter 0 \(count \+ lam\) must be positive"):
            product_moment([0, 3], exponents, 0)
    # exponent 0 on the zero parameter: p_1 ~ Beta(3, 0) is a point mass at 1
    assert product_moment([0, 3], [0, 2], 0) == 1
    assert product_moment([0, 3], [0, 0], 0) == 1
    # (1 - p_0) with rest = 0: k >= 1 refused, k = 0 gives 1
    for k in (1, 2):
        with pytest.raises(ValueError, match=r"^Dirichlet parameter 0"):
            moment_one_minus_p([3, 0], 0, k, 0)
    assert moment_one_minus_p([3, 0], 0, 0, 0) == 1


def test_a_symbol_without_sign_assumptions():
    """A plain Symbol cannot be compared with 0; the code must not try."""
    lam = sympy.Symbol("lam")
    assert check_lam(lam) is lam
    value = product_moment([1, 2], [1, 1], lam)
    # a = (1 + lam, 2 + lam), A = 3 + 2 lam: (1 + lam)(2 + lam) / ((3 + 2 lam)(4 + 2 lam))
    assert sympy.simplify(value - (1 + lam) * (2 + lam) / ((3 + 2 * lam) * (4 + 2 * lam))) == 0


def test_a_symbolic_count_next_to_an_exact_one():
    """Numerator exact (3/2), denominator symbolic (n + 2): the ratio must go through sympy."""
    n = sympy.Symbol("n", nonnegative=True)
    value = product_moment([n, 1], [0, 1], "1/2")
    assert sympy.simplify(value - sympy.Rational(3, 2) / (n + 2)) == 0
    rest = moment_one_minus_p([1, n], 1, 1, "1/2")
    assert sympy.simplify(rest - sympy.Rational(3, 2) / (n + 2)) == 0


def test_results_are_fractions_or_normal_form_expressions():
    value = marginal_variance([3, 1], 0, 1)
    assert type(value) is F and value == F(4 * 2, 36 * 7)
    lam = sympy.Symbol("lam", positive=True)
    # factor(cancel(.)) of (3 + lam)(1 + lam) / ((4 + 2 lam)^2 (5 + 2 lam))
    expected = (lam + 1) * (lam + 3) / (4 * (lam + 2) ** 2 * (2 * lam + 5))
    assert marginal_variance([3, 1], 0, lam) == expected
