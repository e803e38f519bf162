"""Tests of exactprune.formatting: exact values written as decimals (against the decimal module's
correctly rounded division and brute force) and the JSON form of results (read back exactly)."""
from __future__ import annotations

import json
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

import flint
import pytest
from hypothesis import given, strategies as st

from exactprune.formatting import decimal_str, knorm_decimal, print_json, sqrt_decimal, to_jsonable
from exactprune.numbers import exact


# -- decimals: decimal_str ---------------------------------------------------------------------

# Written to kill mutants (mutmut, scripts/mutation.py; docs/mutation.md): decimal_str against
# the decimal module's correctly rounded half-even division.
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


def test_decimal_str_of_zero_keeps_its_digits():
    assert decimal_str(Fraction(0), 2) == "0.0"


def test_decimal_str_default_is_ten_digits():
    assert decimal_str(Fraction(2, 3)) == "0.6666666667"


def test_floor_log10_at_the_powers_of_ten():
    """floor(log10 v) against its definition, the e with 10^e <= v < 10^(e+1), searched by brute force,
    at and beside every power of ten from 10^-60 to 10^60 (the edges of both digit-count branches)."""
    from exactprune.formatting import _floor_log10

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


def test_print_json_prints_the_jsonable_form_indented_by_two(capsys):
    """print_json writes to_jsonable's form with an indent of two spaces, one value a line, and a
    newline at the end; written out by hand (mutants of ``print_json`` 1 to 7, which no test
    reached: the value, the conversion or the indent dropped or changed)."""
    print_json({"moment": Fraction(2, 6), "path": (1, Fraction(-3, 1))})
    assert capsys.readouterr().out == '{\n  "moment": "1/3",\n  "path": [\n    1,\n    "-3"\n  ]\n}\n'


# -- square roots and k-th roots: sqrt_decimal (the estimates' standard deviation), knorm_decimal

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
