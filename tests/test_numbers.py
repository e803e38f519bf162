"""Tests of exactprune.numbers: exact input, integer and count checks, certified signs, rising-factorial
ratios, decimals, symbols, JSON form.  The tests written to kill mutants (scripts/mutation.py,
docs/mutation.md; formerly tests/mutation/test_mutants_numbers.py) sit with the tests of the
function they check."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

import flint
import numpy as np
import pytest
import sympy
from hypothesis import given, strategies as st

from exactprune.numbers import (CertificationError, certified_sign, decimal_str, exact,
                                exact_or_symbol, is_symbolic, log_rising_arb, log_rising_ratio_arb,
                                nonnegative_int, nonnegative_values, positive_int, rising, rising_ratio_fmpq,
                                simplify_symbolic, to_jsonable)
from helpers import assert_ball


# -- exact input: exact, exact_or_symbol, to_fraction ------------------------------------------

@pytest.mark.parametrize("value, expected", [(3, Fraction(3)), ("1/2", Fraction(1, 2)), ("0.5", Fraction(1, 2)),
                                             (" -7/21 ", Fraction(-1, 3)), (sympy.Rational(2, 3), Fraction(2, 3)),
                                             ("1e-3", Fraction(1, 1000))])
def test_exact_accepts_exact_forms(value, expected):
    assert exact(value) == expected


@pytest.mark.parametrize("value, error, words", [(0.5, TypeError, "lam must be exact"), (True, TypeError, "bool"),
                                                  ("1/0", ValueError, "zero denominator"),
                                                  ("abc", ValueError, "cannot read"),
                                                  (sympy.sqrt(2), TypeError, "rational")])
def test_exact_rejects_with_named_parameter(value, error, words):
    with pytest.raises(error, match=words):
        exact(value, "lam")


def test_exact_messages():
    assert exact("1.25e-3") == Fraction(1, 800) and exact(" -6/4 ") == Fraction(-3, 2)
    assert exact("+.5") == Fraction(1, 2)
    assert exact("2E3") == 2000 and exact("-0.0") == 0 and exact(np.int64(3)) == 3
    with pytest.raises(TypeError, match=r"^x must be a number, got the bool True$"):
        exact(True, "x")
    with pytest.raises(TypeError, match=r"^x must be exact: got the float nan$"):
        exact(float("nan"), "x")
    with pytest.raises(TypeError, match=r"^x must be exact: got the float inf$"):
        exact(float("inf"), "x")
    with pytest.raises(ValueError, match=r"^x: zero denominator in '1/0'$"):
        exact("1/0", "x")
    with pytest.raises(ValueError, match=r"^x: cannot read 'abc' as an exact number"):
        exact("abc", "x")
    with pytest.raises(TypeError, match=r"^x must be an exact number \(int, Fraction, 'p/q' or '0.5'\), got list$"):
        exact([1], "x")


def test_signed_parts_and_the_text_length_limit():
    # a '+' on the exponent and on both parts of a ratio (python-flint's parser refuses a '+')
    assert exact("1e+3") == 1000 and exact("+3/+4") == Fraction(3, 4) and exact("2.5E+1") == 25
    assert exact("0" * 100000) == 0                      # MAX_NUMBER_TEXT = 100000 characters is allowed
    with pytest.raises(ValueError, match=r"^x: a number of 100001 characters exceeds the limit MAX_NUMBER_TEXT"):
        exact("0" * 100001, "x")


def test_decimal_exponent_edge_zero_and_default_names():
    assert exact("1e100000") == 10 ** 100000 and exact("1e-100000") == Fraction(1, 10 ** 100000)   # |power| = the limit
    with pytest.raises(ValueError, match=r"^x: the decimal exponent of '1e100001' exceeds the limit MAX_NUMBER_TEXT"):
        exact("1e100001", "x")
    assert exact("-.5") == Fraction(-1, 2) and exact("+5.") == 5 and exact("-0.0e0") == 0 and exact("-007") == -7
    assert decimal_str(Fraction(0), 2) == "0.0"
    from exactprune.numbers import exact_or_symbol
    with pytest.raises(TypeError, match=r"^value must be exact: got the float 0.5"):
        exact_or_symbol(0.5)


def test_float_hints_other_rationals_and_integer_names():
    import numbers
    import sympy
    with pytest.raises(TypeError, match=r"^value must be exact: got the float 0.5; pass Fraction\(1, 2\) or the string '0.5'$"):
        exact(0.5)
    with pytest.raises(TypeError, match=r"^x must be exact: got the float -inf$"):
        exact(float("-inf"), "x")

    class Third:                                 # any numbers.Rational: numerator / denominator
        numerator, denominator = 1, 3
    numbers.Rational.register(Third)
    assert exact(Third()) == Fraction(1, 3)
    with pytest.raises(ValueError, match=r"^n must be an integer, got 5/2$"):
        positive_int(sympy.Rational(5, 2), "n")
    with pytest.raises(ValueError, match=r"^n: cannot read 'abc' as an exact number"):
        positive_int("abc", "n")


def test_flint_integers_to_fractions():
    from exactprune.numbers import to_fraction
    assert to_fraction(flint.fmpz(-7)) == Fraction(-7) and type(to_fraction(flint.fmpz(7))) is Fraction
    assert exact(flint.fmpz(3)) == 3 and exact(flint.fmpq(-1, 3)) == Fraction(-1, 3)


# -- integers and counts: positive_int, nonnegative_int, nonnegative_values, rational_count_values ----

def test_integer_checks_and_messages():
    assert positive_int("3") == 3 and positive_int(Fraction(4)) == 4 and positive_int(np.int64(5)) == 5
    assert nonnegative_int(0) == 0 and nonnegative_int("0") == 0
    assert type(positive_int(np.int64(5))) is int
    with pytest.raises(ValueError, match=r"^k must be a positive integer \(>= 1\), got 0$"):
        positive_int(0)
    with pytest.raises(ValueError, match=r"^value must be a non-negative integer, got -1$"):
        nonnegative_int(-1)
    with pytest.raises(TypeError, match=r"^k must be an integer, got True$"):
        positive_int(True)
    with pytest.raises(TypeError, match=r"^k must be an integer, got 2.0$"):
        positive_int(2.0)
    with pytest.raises(ValueError, match=r"^n must be an integer, got '5/2'$"):
        positive_int("5/2", "n")
    with pytest.raises(ValueError, match=r"^n must be an integer, got Fraction\(5, 2\)$"):
        nonnegative_int(Fraction(5, 2), "n")
    with pytest.raises(TypeError, match=r"^n must be an integer, got list$"):
        nonnegative_int([1], "n")


def test_nonnegative_values():
    assert nonnegative_values(["1/2", 0, 3]) == [Fraction(1, 2), 0, 3]
    with pytest.raises(TypeError, match=r"^values must be a sequence of non-negative numbers$"):
        nonnegative_values("12")
    with pytest.raises(TypeError, match=r"^row must be a sequence of losses$"):
        nonnegative_values(5, "row", "losses")
    with pytest.raises(ValueError, match=r"^values must not be empty$"):
        nonnegative_values([])
    with pytest.raises(ValueError, match=r"^values\[1\] must be non-negative, got -1/2$"):
        nonnegative_values([1, "-1/2"])
    with pytest.raises(TypeError, match=r"^values\[0\] must be exact"):
        nonnegative_values([0.5])
    with pytest.raises(ValueError, match=r"^values has 100001 entries, above the limit MAX_CLASSES"):
        nonnegative_values([0] * 100001)


def test_nonnegative_values_limits_and_symbols():
    import sympy
    assert len(nonnegative_values([0] * 10000)) == 10000                       # MAX_CLASSES itself is allowed
    a = sympy.Symbol("a")                                                       # sign unknown: not compared with 0
    assert nonnegative_values([a, 1]) == [a, 1]
    with pytest.raises(ValueError, match=r"^v\[1\] has a denominator of 1001 digits, above the limit MAX_PARAM_DIGITS"):
        nonnegative_values([0, Fraction(1, 10 ** 1000)], "v")


def test_rational_count_values_take_integers_and_fractions_and_refuse_the_rest():
    import numpy as np
    from exactprune.numbers import rational_count_values
    values = rational_count_values((np.int64(3), Fraction(4, 2), Fraction(1, 3), flint.fmpq(5, 2)))
    assert values == (3, 2, Fraction(1, 3), Fraction(5, 2))
    assert [type(v) for v in values] == [int, int, Fraction, Fraction]
    assert rational_count_values((np.int64(3), 4, 0)) == (3, 4, 0)             # a zero count is allowed
    with pytest.raises(TypeError, match=r"^c must be integers or exact rationals \(Fraction\): got the float 0.5$"):
        rational_count_values((0.5,), "c")                                      # the name is the caller's
    for bad, error, words in [((0.5, 1), TypeError, "got the float 0.5"), ((True, 1), TypeError, "got the bool"),
                              ((Fraction(-1, 3), 1), ValueError, "non-negative: got -1/3"), ((), ValueError, "empty")]:
        with pytest.raises(error, match=words):
            rational_count_values(bad)


# -- certified signs and magnitudes ------------------------------------------------------------

def test_certified_sign_raises_precision_until_decided():
    import flint
    tiny = lambda: flint.arb(1) + flint.arb(2) ** -300 - flint.arb(1)  # invisible at 64 bits
    assert certified_sign(tiny) == 1


def test_certified_sign():
    assert certified_sign(lambda: flint.arb(1) / 3 - flint.arb(1) / 4) == 1
    assert certified_sign(lambda: flint.arb(1) / 4 - flint.arb(1) / 3) == -1
    assert certified_sign(lambda: flint.arb(0)) == 0
    # a difference of 2^-100 needs more than the starting 64 bits
    assert certified_sign(lambda: (1 + flint.arb(2) ** -100) / 3 - flint.arb(1) / 3) == 1
    saved = flint.ctx.prec
    with pytest.raises(CertificationError, match=r"^sign not decided at 256 bits"):
        certified_sign(lambda: flint.arb(1) / 3 - flint.arb(1) / 3, max_prec=256)
    assert flint.ctx.prec == saved
    precisions = []
    certified_sign(lambda: precisions.append(flint.ctx.prec) or (1 + flint.arb(2) ** -100) / 3 - flint.arb(1) / 3,
                   start_prec=32)
    assert precisions == [32, 64, 128]


def test_certified_sign_precision_schedule():
    precisions = []

    def tiny():                              # 2^-200 / 3: undecided at 64 and 128 bits, decided at 256
        precisions.append(flint.ctx.prec)
        return (1 + flint.arb(2) ** -200) / 3 - flint.arb(1) / 3
    assert certified_sign(tiny, max_prec=256) == 1 and precisions == [64, 128, 256]
    with pytest.raises(CertificationError, match=r"^sign not decided at 128 bits"):
        certified_sign(tiny, max_prec=128)


def test_magnitude_bits_by_definition():
    """|v| < 2^m with m at most one above the least such m (found by brute force); ints exactly."""
    from exactprune.numbers import magnitude_bits

    def least(v):
        m = 0
        while abs(v) >= Fraction(2) ** m:
            m += 1
        return m
    values = [Fraction(p, q) for p in (-255, -5, 0, 1, 3, 4, 5, 9, 127, 255, 256, 10 ** 6)
              for q in (1, 2, 3, 4, 7, 1000)]
    offsets = {magnitude_bits(v) - least(v) for v in values}
    assert offsets == {0, 1}
    for n in (0, 1, 2, 3, 8, 255, 256, -256, 10 ** 30):
        assert magnitude_bits(n) == least(n) == abs(n).bit_length()
    assert magnitude_bits(flint.arb(1) / 4) == 0 and magnitude_bits(flint.arb(0)) == 0
    assert magnitude_bits(flint.arb(2) ** 70) == 71 and magnitude_bits(-flint.arb(5)) == 3


# -- rising factorials and their ratios (C.26) -------------------------------------------------

@given(st.fractions(min_value=0, max_value=20, max_denominator=7), st.fractions(min_value=Fraction(1, 7), max_value=20,
       max_denominator=7), st.integers(0, 12))
def test_rising_ratio_is_the_product_of_factor_ratios(a, d, k):
    expected = Fraction(1)
    for m in range(k):                       # prod_{m<k} (a+m)/(d+m), term by term
        expected *= (a + m) / (d + m)
    assert rising_ratio_fmpq(a, d, k) == flint.fmpq(expected.numerator, expected.denominator)


def test_rising():
    assert rising(Fraction(1, 2), 3) == Fraction(1, 2) * Fraction(3, 2) * Fraction(5, 2)
    assert rising(5, 0) == 1 and rising(5, 1) == 5 and rising(0, 3) == 0
    with pytest.raises(ValueError, match=r"^rising factorial needs k >= 0, got -1$"):
        rising(1, -1)


@pytest.mark.parametrize("a, d, k", [(Fraction(6), Fraction(111, 2), 2), (Fraction(1, 2), Fraction(3, 2), 100),
                                     (Fraction(7, 3), Fraction(5), 10 ** 6),
                                     (Fraction(5), Fraction(2), Fraction(7, 2))])
def test_log_rising_ratio_by_lgamma(a, d, k):
    expected = math.lgamma(a + k) - math.lgamma(a) - math.lgamma(d + k) + math.lgamma(d)
    ball = log_rising_ratio_arb(a, d, k)
    assert abs(float(ball.mid()) - expected) < 1e-9 * max(1, abs(expected)) and ball.rad() < 1e-12
    assert abs(float(log_rising_arb(a, k).mid()) - (math.lgamma(a + k) - math.lgamma(a))) < 1e-9 * (1 + k)


@pytest.mark.parametrize("k", [10 ** 22, 10 ** 40, flint.arb(10) ** 30])
def test_log_rising_ratio_for_huge_k_by_stirling(k):
    """For huge k: (a - d) log k + lgamma(d) - lgamma(a), with an error below (a^2 + d^2)/k."""
    a, d = Fraction(6), Fraction(111, 2)
    logk = 30 * math.log(10) if isinstance(k, flint.arb) else math.log(k)
    expected = float(a - d) * logk + math.lgamma(d) - math.lgamma(a)
    ball = log_rising_ratio_arb(a, d, k)
    assert abs(float(ball.mid()) - expected) < 1e-9 and ball.rad() < 1e-10
    assert (ball - (flint.arb(float(a - d)) * flint.arb(logk))).rad() < 1e-9
    # the enclosure contains the exact value: compare both routes at k = 10^22 with a wide lgamma
    if k == 10 ** 22:
        saved = flint.ctx.prec
        try:
            flint.ctx.prec = 200
            direct = log_rising_arb(a, k) - log_rising_arb(d, k)
        finally:
            flint.ctx.prec = saved
        assert_ball(ball, direct, 1e-10)


def _mpf_of(ball_part) -> "mpmath.mpf":
    """An exact arb midpoint or radius as an mpmath number (from its mantissa and exponent)."""
    import mpmath
    man, exp = ball_part.man_exp()
    return mpmath.ldexp(mpmath.mpf(int(man)), int(exp))


@pytest.mark.parametrize("prec", [53, 100])
@pytest.mark.parametrize("a, d", [(Fraction(6), Fraction(111, 2)), (Fraction(5, 2), Fraction(5, 2)),
                                  (Fraction(7), Fraction(1, 3)), (Fraction(1, 1000), Fraction(1000)),
                                  (Fraction(2 ** 20), Fraction(2 ** 20))])
def test_log_rising_ratio_accuracy_across_the_route_switch(prec, a, d):
    """The documented accuracy, about ``prec`` correct bits, as a checked bound: the ball contains
    lgamma(a+k) - lgamma(a) - lgamma(d+k) + lgamma(d) (mpmath at 2 prec + log2 k + 64 bits) and its
    radius is at most 2^-prec max(1, |value|), for k = 2^j - 1 and 2^j on both sides of the switch
    to the large-k enclosure (at log2 k = prec + 2 bits(a + d + 1) + 8 <= prec + 52 here).  The code
    meets the bound with about 10 bits to spare (a = d is the tightest: the value is 0); a padding or
    threshold lowered by 8 bits or more breaks it, and so does a size computed from a - d (a = d = 2^20)."""
    import mpmath
    saved = flint.ctx.prec
    for j in range(prec - 4, prec + 64, 2):         # 2^j - 1 and 2^j: every bit length of k in the range
        for k in (2 ** j - 1, 2 ** j):
            try:
                flint.ctx.prec = prec
                ball = log_rising_ratio_arb(a, d, k)
            finally:
                flint.ctx.prec = saved
            with mpmath.workprec(2 * prec + j + 64):
                ma, md = mpmath.mpf(a.numerator) / a.denominator, mpmath.mpf(d.numerator) / d.denominator
                value = mpmath.loggamma(ma + k) - mpmath.loggamma(ma) - mpmath.loggamma(md + k) + mpmath.loggamma(md)
                mid, rad = _mpf_of(ball.mid()), _mpf_of(ball.rad())
                assert abs(mid - value) <= rad, (j, k, ball)
                assert rad <= mpmath.ldexp(max(1, abs(value)), -prec), (j, k, ball)


# -- decimals: decimal_str ---------------------------------------------------------------------

# Tests written to kill mutants (mutmut, scripts/mutation.py; docs/mutation.md), formerly
# tests/mutation/test_mutants_numbers.py:
#
# Mutants of exactprune.numbers that its own tests let through or do not reach: decimal_str
# (against the decimal module's correctly rounded half-even division), the integer and count
# checks with their messages, rising factorials, the certified log-rising ratios on both of
# their routes (against math.lgamma and Stirling), and certified_sign.
def decimal_reference(value: Fraction, digits: int) -> str:
    """``value`` to ``digits`` significant digits, half-even, trailing zeros kept, no exponent."""
    if value == 0:
        return "0." + "0" * (digits - 1) if digits > 1 else "0"
    with localcontext() as ctx:
        ctx.prec, ctx.rounding = digits, ROUND_HALF_EVEN
        d = Decimal(value.numerator) / Decimal(value.denominator)
        decimals = digits - 1 - d.adjusted()
        ctx.prec = digits + 50
        return format(d.quantize(Decimal(1).scaleb(-decimals)), "f") if decimals > 0 else format(d, "f")


@given(st.fractions(min_value=-10 ** 9, max_value=10 ** 9, max_denominator=10 ** 6), st.integers(1, 12))
def test_decimal_str_against_the_decimal_module(value, digits):
    assert decimal_str(value, digits) == decimal_reference(value, digits)


@pytest.mark.parametrize("value, digits, text", [
    (Fraction(1, 3), 4, "0.3333"), (Fraction(3, 200), 5, "0.015000"), (Fraction(25680602), 3, "25700000"),
    (Fraction(9996, 1000), 3, "10.0"), (Fraction(-9996, 1000), 3, "-10.0"), (Fraction(0), 1, "0"),
    (Fraction(0), 3, "0.00"),
    (Fraction(5, 2), 1, "2"), (Fraction(7, 2), 1, "4"), (Fraction(1, 10 ** 30), 2, "0." + "0" * 29 + "10"),
    (Fraction(10 ** 40 - 1), 3, "1" + "0" * 40), (Fraction(1), 1, "1"), (Fraction(10), 2, "10"),
    (Fraction(1, 10), 1, "0.1"), (Fraction(999, 1000), 2, "1.0"), (Fraction(12345678901), 10, "12345678900"),
    (Fraction(2 ** 200), 4, "1607" + "0" * 57)])
def test_decimal_str_cases(value, digits, text):
    assert decimal_str(value, digits) == text == decimal_reference(value, digits)


def test_decimal_str_default_is_ten_digits():
    assert decimal_str(Fraction(2, 3)) == "0.6666666667"


def test_floor_log10_at_the_powers_of_ten():
    """floor(log10 v) against its definition, the e with 10^e <= v < 10^(e+1), searched by brute force,
    at and beside every power of ten from 10^-60 to 10^60 (the edges of both digit-count branches)."""
    from exactprune.numbers import _floor_log10

    def by_definition(v):
        e = 0
        while Fraction(10) ** e > v:
            e -= 1
        while Fraction(10) ** (e + 1) <= v:
            e += 1
        return e

    tiny = Fraction(1, 10 ** 80)
    for e in range(-60, 61):
        power = Fraction(10) ** e
        for v in (power, power - tiny, power + tiny, 2 * power, power / 3):
            assert _floor_log10(v) == by_definition(v), v


# -- symbols -----------------------------------------------------------------------------------

def test_is_symbolic_and_simplify_symbolic():
    lam = sympy.Symbol("lam")
    assert is_symbolic(lam / 2) and not is_symbolic(sympy.Integer(3)) and not is_symbolic(Fraction(1, 3))
    assert exact_or_symbol(lam) is lam and exact_or_symbol(sympy.Integer(3)) == Fraction(3)
    assert str(simplify_symbolic((lam ** 2 + 2 * lam + 1) / (2 * lam + 2))) == "(lam + 1)/2"   # cancelled, factored


# -- JSON --------------------------------------------------------------------------------------

def test_to_jsonable_writes_exact_numbers_as_strings_that_read_back():
    value = {"mean": Fraction(3, 200), 2: (Fraction(4), flint.fmpq(-1, 3)), "none": None, "ok": True, "x": 0.25}
    text = json.dumps(to_jsonable(value))
    back = json.loads(text)
    assert back == {"mean": "3/200", "2": ["4", "-1/3"], "none": None, "ok": True, "x": 0.25}
    assert exact(back["mean"]) == Fraction(3, 200) and exact(back["2"][1]) == Fraction(-1, 3)


def test_to_jsonable_refuses_unknown_objects_unless_given_a_default():
    class Thing:
        def __str__(self):
            return "thing"
    with pytest.raises(TypeError, match="cannot put a Thing into JSON"):
        to_jsonable([Thing()])
    assert to_jsonable({"t": [Thing()]}, default=str) == {"t": ["thing"]}


# -- imports -----------------------------------------------------------------------------------

def test_importing_the_package_does_not_import_sympy_or_scikit_learn():
    code = "import sys, exactprune; print(sorted(m for m in ('sympy', 'sklearn', 'hypothesis') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
