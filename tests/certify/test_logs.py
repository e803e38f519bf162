"""The log-domain rules (exactprune.certify.logs): every bound checked against certified balls at
the ends of its inputs' own bounds, the comparison at its edge, and the log image of a rising
ratio against flint's log-Gamma values at orders up to 10**66 (also where the ratio is below every
float)."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import flint
import numpy as np
import pytest

from exactprune.certify import INFLATE, U
from exactprune.certify.logs import (_LOG_SUM_REST, log_greater_array, log_image_array, log_product_array,
                                     log_rising_ratio_array, log_sum_array)
from exactprune.numbers import log_rising_ratio_arb

PREC = 300


def _arb(x) -> flint.arb:
    return flint.arb(flint.fmpq(Fraction(x).numerator, Fraction(x).denominator))


def _within(ball: flint.arb, value: float, error: float) -> bool:
    """The certified ``ball`` lies within ``error`` of ``value`` (every point of it)."""
    return bool(abs(ball - _arb(value)) <= _arb(error))


def test_the_log_image_covers_both_ends_of_the_relative_bound():
    """|ln X - L| <= e for X = x (1 - rel) and x (1 + rel), rel up to 2**-21: the lower end needs
    -ln(1 - rel) = rel + rel**2/2 + ..., which ``rel`` alone does not cover (at x = 1, L = 0, the
    log's own error is 0)."""
    rng = random.Random(7)
    values = [1.0, 0.5, 3.0, 1e-300, 1e300] + [rng.uniform(1e-5, 10) for _ in range(20)]
    rels = [0.0, U, 2.0 ** -40, 2.0 ** -21] + [rng.uniform(0, 2 ** -21) for _ in range(4)]
    with flint.ctx.workprec(PREC):
        for x in values:
            for rel in rels:
                L, e = log_image_array(np.array([x]), np.array([rel]))
                for end in (1 - Fraction(rel), 1 + Fraction(rel)):
                    assert _within((_arb(x) * _arb(end)).log(), float(L[0]), float(e[0])), (x, rel, end)


def test_the_log_image_of_zero_is_exact_and_invalid_images_are_refused():
    L, e = log_image_array(np.array([0.0, 0.0, -1.0, np.inf, np.nan, 1.0, 1.0]),
                           np.array([0.0, U, 0.0, 0.0, 0.0, 1.0, np.inf]))
    assert L[0] == -math.inf and e[0] == 0.0
    assert np.isnan(L[1:]).all() and np.isinf(e[1:]).all()


def _corners(x, ex, y, ey):
    """The four corners (ln X, ln Y) of the inputs' bounds, as exact balls."""
    return [(_arb(x) + sx * _arb(ex), _arb(y) + sy * _arb(ey)) for sx in (-1, 1) for sy in (-1, 1)]


def test_the_log_sum_covers_every_corner_of_its_inputs_bounds():
    """ln(X + Y) within e of the computed log-sum for ln X, ln Y at every corner of their
    bounds: the larger input bound must be taken (the smaller misses the corner where the
    dominant term moves), and the rounding terms cover terms of any relative size."""
    rng = random.Random(11)
    cases = [(-1.0, 0.0, -1.0, 0.0), (-700.0, 0.0, -705.0, 0.0), (-1e5, 1e-9, -1e5 - 3.0, 0.0),
             (-2.0, 0.0, -900.0, 0.5), (0.0, 2.0 ** -30, -40.0, 2.0 ** -20)]
    cases += [(-rng.uniform(0, 1e4), rng.choice([0.0, 1e-12, 1e-6]), -rng.uniform(0, 1e4),
               rng.choice([0.0, 1e-9, 1e-3])) for _ in range(60)]
    cases += [(x, ex, x - rng.uniform(0, 40), ey) for x, ex, _, ey in cases[5:30]]      # terms close in size
    with flint.ctx.workprec(PREC):
        for x, ex, y, ey in cases:
            for order in ((x, ex, y, ey), (y, ey, x, ex)):
                L, e = log_sum_array((np.array([order[0]]), np.array([order[1]])),
                                     (np.array([order[2]]), np.array([order[3]])))
                for cx, cy in _corners(*order):
                    exact = (cx.exp() + cy.exp()).log()
                    assert _within(exact, float(L[0]), float(e[0])), (order, cx, cy)
                assert float(e[0]) >= max(order[1], order[3])


def test_the_log_sum_of_an_exact_zero_is_the_other_term_unchanged():
    L, e = log_sum_array((np.array([-5.0, -np.inf, -np.inf, np.nan]), np.array([0.25, 0.0, 0.0, 0.0])),
                         (np.array([-np.inf, -7.0, -np.inf, -1.0]), np.array([0.0, 0.5, 0.0, 0.0])))
    assert L[:3].tolist() == [-5.0, -7.0, -math.inf] and e[:3].tolist() == [0.25, 0.5, 0.0]
    assert np.isnan(L[3]) and np.isinf(e[3])
    L, e = log_sum_array((np.array([0.0]), 0.0), (np.array([0.0]), np.array([np.inf])))     # an invalid term
    assert np.isnan(L[0]) and np.isinf(e[0])


def test_the_log_sum_bound_is_the_derived_one():
    """The rounding terms: the larger input bound plus (1 + 4 LIBM_ULPS) u plus u |L|, inflated."""
    L, e = log_sum_array((np.array([-3.0]), np.array([0.5])), (np.array([-4.0]), np.array([0.25])))
    assert e[0] == (0.5 + _LOG_SUM_REST + U * abs(L[0])) * INFLATE
    assert abs(L[0] - math.log(math.exp(-3.0) + math.exp(-4.0))) < 1e-15


def test_the_log_product_covers_every_corner_and_keeps_an_exact_zero():
    rng = random.Random(3)
    with flint.ctx.workprec(PREC):
        for _ in range(50):
            x, y = -rng.uniform(0, 1e6), rng.uniform(-50, 0)
            ex, ey = rng.choice([0.0, 1e-12, 0.5]), rng.choice([0.0, 1e-9])
            L, e = log_product_array((np.array([x]), np.array([ex])), (np.array([y]), np.array([ey])))
            for cx, cy in _corners(x, ex, y, ey):
                assert _within(cx + cy, float(L[0]), float(e[0]))
    L, e = log_product_array((np.array([-np.inf, -np.inf, 1.0]), 0.0), (np.array([-3.0, np.nan, -np.inf]), 0.0))
    assert L[0] == L[2] == -math.inf and e[0] == e[2] == 0.0 and np.isnan(L[1]) and np.isinf(e[1])


def test_the_log_comparison_settles_only_past_its_inflated_bound():
    """A difference one ulp above ex + ey is not settled: the bound is inflated for the rounding
    of the difference and of the bound itself; a difference twice the bound is."""
    bound = 0.75
    for gap, settled in ((bound * (1 + 2.0 ** -52), False), (bound, False), (2 * bound, True)):
        assert gap > bound or gap == bound
        greater, done = log_greater_array((np.array([gap]), np.array([0.5])), (np.array([0.0]), np.array([0.25])))
        assert bool(done[0]) == settled and bool(greater[0]) == settled
        greater, done = log_greater_array((np.array([0.0]), np.array([0.5])), (np.array([gap]), np.array([0.25])))
        assert bool(done[0]) == settled and not greater[0]


def test_the_log_comparison_of_exact_zeros_and_invalid_sides():
    greater, settled = log_greater_array((np.array([-np.inf, -1.0, -np.inf, np.nan, -1.0]), 0.0),
                                         (np.array([-1.0, -np.inf, -np.inf, -1.0, -2.0]),
                                          np.array([0.0, 0.0, 0.0, 0.0, np.inf])))
    assert settled.tolist() == [True, True, False, False, False]
    assert greater.tolist() == [False, True, False, False, False]


ORDERS = [1, 2, 16, 17, 192, 193, 5000, 10 ** 6, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 1, 10 ** 30 + 7, 10 ** 66 + 1]


@pytest.mark.parametrize("rel", [2 * U, 2.0 ** -30])
@pytest.mark.parametrize("k", ORDERS)
def test_the_log_image_of_a_rising_ratio_holds_against_log_gamma_balls(k, rel):
    """|ln(a^(k) / d^(k)) - L| <= e for the real a, d at the ends of their relative bounds (the
    leaf terms' bound, 2 u, and a wide one, where the inputs' own errors dominate), at orders
    from 1 to 10**66 (k - 16 not a float beyond 2**53), the ratio far below the float range at
    the large ones."""
    rng = random.Random(k % 1000)
    a = np.array([0.5, 1.5, 30.5, 120.5, 0.5, 3.0] + [rng.randint(0, 400) + 0.5 for _ in range(6)])
    d = np.array([1.0, 2.0, 31.0, 337.5, 501.0, 3.0] + [x + rng.randint(0, 900) + 0.5 for x in a[6:]])
    L, e = log_rising_ratio_array((a, rel), (d, rel), k)
    with flint.ctx.workprec(PREC):
        for i in range(len(a)):
            for sa in (-1, 0, 1):
                for sd in (-1, 0, 1):
                    real_a = Fraction(a[i]) * (1 + sa * Fraction(rel))
                    real_d = Fraction(d[i]) * (1 + sd * Fraction(rel))
                    assert _within(log_rising_ratio_arb(real_a, real_d, k), float(L[i]), float(e[i])), (k, i)
    assert (e < 1e-3).all()


def test_the_log_image_of_a_rising_ratio_at_several_orders_is_each_orders_own():
    a, d = np.array([[0.5], [40.5], [0.0]]), np.array([[300.0], [91.0], [7.0]])
    ks = np.array([17, 300, 10 ** 6, 2 ** 52])
    L, e = log_rising_ratio_array((a, 2 * U), (d, 2 * U), ks)
    for j, k in enumerate(ks.tolist()):
        one_L, one_e = log_rising_ratio_array((a[:, 0], 2 * U), (d[:, 0], 2 * U), k)
        assert L[:, j].tolist() == one_L.tolist() and e[:, j].tolist() == one_e.tolist()
    assert L[2].tolist() == [-math.inf] * 4 and e[2].tolist() == [0.0] * 4       # a = 0: the exact 0


def test_the_log_image_of_a_rising_ratio_refuses_what_the_float_images_refuse():
    L, e = log_rising_ratio_array((np.array([1.0, 1.0, np.nan]), 0.0), (np.array([0.0, np.inf, 2.0]), 0.0), 10 ** 5)
    assert np.isnan(L).all() and np.isinf(e).all()


def test_the_rules_raise_no_floating_point_warnings_on_zeros_infinities_and_nans():
    """Exact zeros (-inf), invalid elements (NaN, inf) and a zero value make logs of 0, -inf -
    -inf and NaN arithmetic inside the rules: each rule silences its own floating-point
    exceptions, so none reaches a caller that turns warnings into errors."""
    import warnings
    L = np.array([-np.inf, -np.inf, np.nan, -1.0, np.inf])
    e = np.array([0.0, 0.0, 0.0, np.inf, 0.0])
    M = np.array([-np.inf, -2.0, -1.0, np.nan, -np.inf])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        log_image_array(np.array([0.0, 0.0, np.inf, -1.0, np.nan]), np.array([0.0, 0.5, 0.0, 0.0, np.inf]))
        log_product_array((L, e), (M, e))
        log_sum_array((L, e), (M, e))
        log_greater_array((L, e), (M, e))
        log_rising_ratio_array((np.array([0.0, 1.0, np.nan]), 0.0), (np.array([3.0, 0.0, 2.0]), 0.0), 10 ** 6)


def test_a_log_of_plus_infinity_is_no_image():
    """+inf is no log image (ln X = +inf stands for no real X): a product or sum with it is
    refused, (nan, inf)."""
    for rule in (log_product_array, log_sum_array):
        value, error = rule((np.array([np.inf, np.inf]), np.array([0.0, 0.0])), (np.array([-1.0, -np.inf]), 0.0))
        assert np.isnan(value).all() and np.isinf(error).all(), rule.__name__


def test_a_difference_exactly_at_the_bound_is_not_settled():
    """|fl(Lx - Ly)| equal to the computed bound (ex + ey) INFLATE itself (0.75 INFLATE is a float)
    proves nothing: neither settled nor greater."""
    gap = 0.75 * INFLATE
    assert (0.5 + 0.25) * INFLATE == gap and gap - 0.0 == gap
    greater, settled = log_greater_array((np.array([gap]), np.array([0.5])), (np.array([0.0]), np.array([0.25])))
    assert not greater[0] and not settled[0]
    greater, settled = log_greater_array((np.array([0.0]), np.array([0.5])), (np.array([gap]), np.array([0.25])))
    assert not greater[0] and not settled[0]


@pytest.mark.parametrize("k", [0, 1, 15, 16])
def test_up_to_sixteen_factors_the_log_image_is_the_loops(k):
    """Up to GAMMA_SHIFT = 16 factors the log image is log_image_array of the loop's float image,
    value and bound alike (no log-Gamma tail, no bound of one)."""
    from exactprune.certify import rising_ratio_array
    a, d = (np.array([0.5, 3.0, 0.0]), 2 * U), (np.array([300.0, 3.5, 7.0]), 2 * U)
    L, e = log_rising_ratio_array(a, d, k)
    want_L, want_e = log_image_array(*rising_ratio_array(a, d, k))
    assert L.tolist() == want_L.tolist() and e.tolist() == want_e.tolist()
