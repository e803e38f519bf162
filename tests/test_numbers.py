"""Tests of exactprune.numbers: exact input, certified signs, rising-factorial ratios, JSON form."""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import flint
import pytest
import sympy
from hypothesis import given, strategies as st

from exactprune.numbers import (certified_sign, exact, exact_or_symbol, is_symbolic, rising_ratio_fmpq,
                                simplify_symbolic, to_jsonable)


# -- numbers ------------------------------------------------------------------------
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


def test_certified_sign_raises_precision_until_decided():
    import flint
    tiny = lambda: flint.arb(1) + flint.arb(2) ** -300 - flint.arb(1)  # invisible at 64 bits
    assert certified_sign(tiny) == 1


# -- rising-factorial ratios (C.26) ---------------------------------------------------------
@given(st.fractions(min_value=0, max_value=20, max_denominator=7), st.fractions(min_value=Fraction(1, 7), max_value=20,
       max_denominator=7), st.integers(0, 12))
def test_rising_ratio_is_the_product_of_factor_ratios(a, d, k):
    expected = Fraction(1)
    for m in range(k):                       # prod_{m<k} (a+m)/(d+m), term by term
        expected *= (a + m) / (d + m)
    assert rising_ratio_fmpq(a, d, k) == flint.fmpq(expected.numerator, expected.denominator)


# -- symbols ---------------------------------------------------------------------------------
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


def test_importing_the_package_does_not_import_sympy_or_scikit_learn():
    code = "import sys, exactprune; print(sorted(m for m in ('sympy', 'sklearn', 'hypothesis') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"



def test_rational_count_values_take_integers_and_fractions_and_refuse_the_rest():
    import numpy as np
    from exactprune.numbers import rational_count_values
    values = rational_count_values((np.int64(3), Fraction(4, 2), Fraction(1, 3), flint.fmpq(5, 2)))
    assert values == (3, 2, Fraction(1, 3), Fraction(5, 2))
    assert [type(v) for v in values] == [int, int, Fraction, Fraction]
    for bad, error, words in [((0.5, 1), TypeError, "got the float 0.5"), ((True, 1), TypeError, "got the bool"),
                              ((Fraction(-1, 3), 1), ValueError, "non-negative: got -1/3"), ((), ValueError, "empty")]:
        with pytest.raises(error, match=words):
            rational_count_values(bad)
