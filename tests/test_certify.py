"""exactprune.certify: the decision kernel's bounds contain the exact value, are not loose, and
decide exactly at their edge (the float filter decides just above the bound and declines just
below, and both agree with exact rationals)."""
from fractions import Fraction

import flint
import pytest
from hypothesis import example, given, strategies as st

from exactprune.certify import INFLATE, U, Approx, Decider, float_sign, rising_ratio, total
from exactprune.numbers import CertificationError

positive = st.fractions(min_value=Fraction(1, 10**6), max_value=Fraction(10**6), max_denominator=10**9)


def contains(approx: Approx, exact: Fraction) -> bool:
    """|exact - value| <= rel * value, decided in exact rationals."""
    return abs(exact - Fraction(approx.value)) <= Fraction(approx.rel) * Fraction(approx.value)


@given(positive, positive)
@example(Fraction(1, 3), Fraction(3))
@example(Fraction(1, 10), Fraction(1, 10**6))
def test_arithmetic_bounds_contain_the_exact_value_and_are_tight(p, q):
    x, y = Approx.of(p), Approx.of(q)
    for approx, exact in ((x * y, p * q), (x + y, p + q), (x / y, p / q), (x * y / (x + y), p * q / (p + q))):
        assert approx.valid
        assert contains(approx, exact)
        assert approx.rel <= 8 * U          # a handful of roundings, not a loose bound


@given(st.integers(0, 200), st.integers(1, 200), st.fractions(0, 3, max_denominator=7),
       st.integers(1, 300))
@example(0, 1, Fraction(0), 5)               # a = 0: the moment is exactly zero
@example(49, 1, Fraction(1, 2), 300)
def test_rising_ratio_contains_zhong_4_29_and_is_tight(b, extra, lam, k):
    """(4.29): E[r^k] = prod (b + lam + m)/(n + 2 lam + m), computed by exact rationals here."""
    a, d = Fraction(b) + lam, Fraction(b + extra) + 2 * lam
    exact = Fraction(1)
    for m in range(k):
        exact *= (a + m) / (d + m)
    approx = rising_ratio(Approx.of(a), Approx.of(d), k)
    assert approx.valid
    assert contains(approx, exact)
    assert approx.rel <= (6 * k + 2) * U * 1.01   # the closed form is not loose


def test_filter_decides_just_above_its_bound_and_declines_just_below():
    third = Approx.of(Fraction(1, 3))
    ulp = 2.0 ** -54                          # spacing of floats in [1/4, 1/2)
    bound = 2 * third.rel * third.value * INFLATE
    assert ulp < bound < 2 * ulp              # so 1 ulp is below the bound, 2 ulps above
    # Y = the exact float 1/3 + 2 ulps (rel 0) and 1/3 + 1 ulp; both against X = 1/3 (rel u)
    for ulps, decided in ((2, True), (1, False)):
        y_value = third.value + ulps * ulp
        y = Approx(y_value, U)                # pretend Y is only known to u, like X
        exact_y = Fraction(y_value)
        truth = (Fraction(1, 3) > exact_y) - (Fraction(1, 3) < exact_y)
        assert float_sign(third, y) == (truth if decided else 0)
        d = Decider()
        assert d.sign(third, y, exact=lambda: Fraction(1, 3) - exact_y) == truth
        assert d.routes == ({"float": 1, "arb": 0, "exact": 0} if decided else {"float": 0, "arb": 0, "exact": 1})


def test_filter_never_follows_a_float_order_that_contradicts_the_exact_one():
    """fl(3 * 0.1) > fl(3/10 + 1e-25) although 3/10 < 3/10 + 1e-25: a filter without its bound
    would decide the wrong way."""
    x = Approx.of(Fraction(1, 10)) * Approx.of(3)
    y_exact = Fraction(3, 10) + Fraction(1, 10**25)
    y = Approx.of(y_exact)
    assert x.value > y.value                  # the floats are in the wrong order
    assert float_sign(x, y) == 0              # the filter declines
    assert Decider().sign(x, y, exact=lambda: Fraction(3, 10) - y_exact) == -1


def test_arb_route_and_exact_tie():
    d = Decider()
    assert d.sign(None, None, ball=lambda: flint.arb(2).sqrt() - flint.arb(141421356, 0) / 10**8) == 1
    assert d.sign(Approx.of(Fraction(1, 3)), Approx.of(Fraction(1, 3)),
                  ball=lambda: flint.arb(1) / 3 - flint.arb(1) / 3, exact=lambda: Fraction(0)) == 0
    assert d.routes == {"float": 0, "arb": 1, "exact": 1}
    assert d.decisions == 2 and d.fallbacks == 2


def test_undecidable_without_an_exact_route_is_an_error_not_a_guess():
    with pytest.raises(CertificationError):
        Decider(max_prec=128).sign(None, None, ball=lambda: flint.arb(0, 1e-300))
    with pytest.raises(CertificationError):
        Decider().sign(Approx.of(1), Approx.of(1))


@pytest.mark.parametrize("value", [Fraction(-1), Fraction(10**400), Fraction(1, 10**400)])
def test_out_of_range_inputs_make_the_filter_decline(value):
    assert not Approx.of(value).valid
    assert float_sign(Approx.of(value), Approx.of(1)) == 0


def test_underflow_and_overflow_invalidate():
    tiny = Approx.of(Fraction(1, 2**900))
    assert not (tiny * tiny).valid
    big = Approx.of(2**1000)
    assert not (big * big).valid
    assert not rising_ratio(Approx.of(Fraction(1, 10**6)), Approx.of(10**6), 200).valid


def test_total_of_nothing_is_exact_zero():
    assert total([]) == Approx(0.0)
    assert float_sign(total([]), Approx.of(Fraction(1, 10**9))) == -1
