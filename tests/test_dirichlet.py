"""Tests of exactprune.dirichlet: the Lidstone/Dirichlet posterior moments (Zhong 3.19-3.21, C.6, 7.21)."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, strategies as st

from exactprune.dirichlet import (check_class_index, check_counts, check_lam, lidstone_mean, marginal_variance,
                                  moment_one_minus_p, moment_p, moment_pair, product_moment)
from exactprune.numbers import rising

MC_SIGMAS = 5  # Monte Carlo tolerance, in standard errors


# -- Dirichlet moments ----------------------------------------------------------------
def _sympy_simplex_moment(alphas, exponents):
    """E[prod p_h^k_h] under Dir(alphas) by integrating the density over the simplex (H <= 3)."""
    ps = sympy.symbols(f"p0:{len(alphas)}", nonnegative=True)
    last = 1 - sum(ps[:-1])
    norm = sympy.gamma(sum(alphas)) / sympy.prod([sympy.gamma(a) for a in alphas])
    integrand = norm * sympy.prod([p ** (a - 1 + k) for p, a, k in zip(ps[:-1], alphas[:-1], exponents[:-1])])
    integrand *= last ** (alphas[-1] - 1 + exponents[-1])
    if len(alphas) == 2:
        return sympy.simplify(sympy.integrate(integrand, (ps[0], 0, 1)))
    return sympy.simplify(sympy.integrate(integrand, (ps[1], 0, 1 - ps[0]), (ps[0], 0, 1)))


@pytest.mark.parametrize("counts, exponents, lam", [((1, 0), (2, 1), 1), ((0, 2), (1, 3), 1),
                                                     ((1, 0, 1), (1, 1, 0), 1), ((0, 1, 0), (2, 0, 1), 2)])
def test_product_moment_equals_integral_over_simplex(counts, exponents, lam):
    alphas = [sympy.Integer(c + lam) for c in counts]
    expected = _sympy_simplex_moment(alphas, exponents)
    value = product_moment(counts, exponents, lam)
    assert sympy.Rational(value.numerator, value.denominator) == expected


def test_product_moment_against_numpy_dirichlet_sampler():
    seed = 20261125
    rng = np.random.default_rng(seed)
    counts, exponents, lam = (3, 1, 0), (2, 1, 1), Fraction(1, 2)
    samples = rng.dirichlet([c + 0.5 for c in counts], size=200_000)
    values = np.prod(samples ** np.array(exponents), axis=1)
    mean, se = values.mean(), values.std(ddof=1) / np.sqrt(len(values))
    exact_value = float(product_moment(counts, exponents, lam))
    assert abs(mean - exact_value) <= MC_SIGMAS * se, f"seed {seed}: MC {mean} vs exact {exact_value}"


@given(st.lists(st.integers(0, 20), min_size=2, max_size=4), st.integers(0, 6),
       st.fractions(min_value=Fraction(1, 7), max_value=3, max_denominator=7), st.data())
def test_special_cases_3_19_to_3_21_follow_from_c6(counts, k, lam, data):
    h = data.draw(st.integers(0, len(counts) - 1))
    h2 = data.draw(st.integers(0, len(counts) - 1))
    N, H = sum(counts), len(counts)
    expected_319 = rising(counts[h] + lam, k) / rising(N + lam * H, k)
    expected_320 = rising(N - counts[h] + lam * (H - 1), k) / rising(N + lam * H, k)
    expected_321 = (counts[h] + lam) * (counts[h2] + lam + (h == h2)) / ((N + lam * H) * (N + lam * H + 1))
    assert moment_p(counts, h, k, lam) == expected_319
    assert moment_one_minus_p(counts, h, k, lam) == expected_320
    assert moment_pair(counts, h, h2, lam) == expected_321
    # (3.20) is also the binomial expansion of E[(1-p)^k] over (3.19)
    expansion = sum(math.comb(k, m) * (-1) ** m * moment_p(counts, h, m, lam) for m in range(k + 1))
    assert expansion == expected_320


def test_symbolic_lambda():
    lam = sympy.Symbol("lam", positive=True)
    value = moment_one_minus_p([5, 1], 0, 2, lam)
    assert sympy.simplify(value - (1 + lam) * (2 + lam) / ((6 + 2 * lam) * (7 + 2 * lam))) == 0


# -- the marginal variance (7.21) --------------------------------------------------------------
@given(st.lists(st.integers(0, 20), min_size=2, max_size=4), st.data(),
       st.sampled_from([Fraction(1, 2), Fraction(1), Fraction(3, 7)]))
def test_marginal_variance_is_second_moment_minus_squared_mean(counts, data, lam):
    h = data.draw(st.integers(0, len(counts) - 1))
    assert marginal_variance(counts, h, lam) == moment_p(counts, h, 2, lam) - moment_p(counts, h, 1, lam) ** 2


def test_marginal_variance_by_hand_and_with_a_symbolic_lam():
    # counts (3, 1), lam = 1: p_0 ~ Beta(4, 2), variance 4*2 / (6^2 * 7) = 2/63
    assert marginal_variance([3, 1], 0, 1) == Fraction(2, 63)
    lam = sympy.Symbol("lam", positive=True)
    value = marginal_variance([3, 1], 0, lam)
    expected = (3 + lam) * (1 + lam) / ((4 + 2 * lam) ** 2 * (5 + 2 * lam))
    assert sympy.simplify(value - expected) == 0
    with pytest.raises(ValueError, match="lam = 0"):
        marginal_variance([0, 0], 0, 0)


def test_the_checks_name_the_problem():
    assert check_counts(["2", 0]) == [2, 0] and check_lam("0.5") == Fraction(1, 2)
    with pytest.raises(ValueError, match="counts\\[1\\] must be non-negative"):
        check_counts([1, -2])
    with pytest.raises(ValueError, match="lam must be non-negative"):
        check_lam("-1/2")
    with pytest.raises(TypeError, match="class index must be an int"):
        check_class_index(True, [1, 2])
    with pytest.raises(ValueError, match="class index -1 out of range"):
        check_class_index(-1, [1, 2])


# -- contracts pinned case by case (docs/mutation.md) ----------------------------------------
#
# Contracts of exactprune.dirichlet: the default prior, the
# names in the error messages, the positivity check of the Dirichlet parameters at its edges
# (a zero parameter with exponent 0, 1 or more) and the symbolic paths (a symbol with no sign
# assumption, a symbolic count next to an exact one, the normal form of symbolic results).
#
# Expected values are computed by hand from the Beta/Dirichlet moments, E[p^k] = prod_{m<k}
# (a + m)/(A + m) with a = n_h + lam and A = N + H lam, written out term by term below.

def test_the_default_prior_is_lam_one_half():
    # counts (98, 1), lam 1/2: a = (98.5, 1.5), A = 100
    assert product_moment([98, 1], [0, 2]) == Fraction(3, 2) * Fraction(5, 2) / (100 * 101)
    assert lidstone_mean([98, 1], 1) == Fraction(3, 2) / 100
    # counts (5, 49, 0): A = 54 + 3/2
    assert moment_p([5, 49, 0], 1, 2) == Fraction(99, 2) * Fraction(101, 2) / (Fraction(111, 2) * Fraction(113, 2))
    assert moment_one_minus_p([98, 1], 0, 1) == Fraction(3, 2) / 100
    assert moment_pair([1, 1], 0, 1) == Fraction(3, 2) * Fraction(3, 2) / (3 * 4)
    # Beta(7/2, 3/2): a b / ((a + b)^2 (a + b + 1)) = (21/4) / (25 * 6)
    assert marginal_variance([3, 1], 0) == Fraction(21, 4) / 150


def test_lidstone_mean_is_the_law_of_succession():
    assert lidstone_mean([3, 1], 0, 1) == Fraction(4, 6)
    assert lidstone_mean([3, 1, 0], 2, "1/3") == Fraction(1, 3) / (4 + 1)


def test_error_messages_name_the_argument():
    with pytest.raises(ValueError, match=r"^lam has a numerator of 1002 digits"):
        check_lam(Fraction(10 ** 1001))
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
    assert type(value) is Fraction and value == Fraction(4 * 2, 36 * 7)
    lam = sympy.Symbol("lam", positive=True)
    # factor(cancel(.)) of (3 + lam)(1 + lam) / ((4 + 2 lam)^2 (5 + 2 lam))
    expected = (lam + 1) * (lam + 3) / (4 * (lam + 2) ** 2 * (2 * lam + 5))
    assert marginal_variance([3, 1], 0, lam) == expected
