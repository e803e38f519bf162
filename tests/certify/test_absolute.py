"""exactprune.certify.absolute: the absolute-bound rules (sum, product, quotient, sqrt), the library
functions' rule and rel_of_abs contain the exact error at their worst input and are tight there."""
import math
import warnings
from fractions import Fraction

import flint
import numpy as np
import pytest

from exactprune.certify.absolute import LIBM_ULPS, function_rel, product_abs, quotient_abs, rel_of_abs, sqrt_abs, sum_abs
from exactprune.certify.rules import INFLATE, U


# ---------------------------------------------------------------------------------------------
# absolute-bound rules, sqrt and library functions (EBP's leaf terms, exactprune.peers.ebp):
# each rule contains the exact error at its worst input (checked in exact rationals) and is
# tight there to within 2**-40 relative - far inside INFLATE's own 2**-48 margin, so a rule
# missing any of its terms fails (shown by the mutants named in each test).
# ---------------------------------------------------------------------------------------------


TIGHT = 1 - Fraction(1, 2 ** 40)


def _edge(error: Fraction, bound: float) -> None:
    """The rule's bound contains the exact error and is tight: less than 2**-40 above it."""
    assert error <= Fraction(bound), "unsound"
    assert error > Fraction(bound) * TIGHT, "loose"


def test_sum_abs_at_its_edge():
    """x = 1 + 2**-52, y = -(2**-53 + 2**-105): fl(x + y) = 1 though x + y = 1 + 2**-53 - 2**-105
    (just below the midpoint), a rounding of (1 - 2**-52) u |z|; inputs off by ex = 2**-30 and
    ey = 2**-31 in the same direction.  Mutants: without u |z|, or without ey, it is unsound;
    with 2 u |z| it is loose."""
    x, y, ex, ey = 1 + 2.0 ** -52, -(2.0 ** -53 + 2.0 ** -105), 2.0 ** -30, 2.0 ** -31
    z = x + y
    assert z == 1.0
    error = abs((Fraction(x) + Fraction(ex)) + (Fraction(y) + Fraction(ey)) - Fraction(z))
    _edge(error, sum_abs(ex, ey, z))
    _edge(abs(Fraction(x) + Fraction(y) - Fraction(z)), sum_abs(0.0, 0.0, z))        # the rounding alone
    assert float(sum_abs(ex, ey, z)) == (ex + ey + U) * INFLATE
    # the rule before INFLATE is exact here: one ulp below it no longer contains the error
    assert Fraction(math.nextafter(ex + ey + U * abs(z), 0.0)) < error <= Fraction(ex + ey + U * abs(z))


def test_product_abs_at_its_edge():
    """(2**26 + 1)(2**27 + 1) = 2**53 + 2**27 + 2**26 + 1 is odd past 2**53: fl rounds it by 1,
    about u |z| (1 - 2**-25); with inputs off by 1/4 each the error is every term of the rule.
    Mutants: dropping ex ey, |x| ey or u |z| is unsound."""
    x, y, ex, ey = 2.0 ** 26 + 1, 2.0 ** 27 + 1, 0.25, 0.25
    z = x * y
    exact_xy = (2 ** 26 + 1) * (2 ** 27 + 1)
    error = abs((Fraction(x) + Fraction(ex)) * (Fraction(y) + Fraction(ey)) - Fraction(z))
    assert abs(exact_xy - Fraction(z)) == 1
    _edge(error, product_abs(x, ex, y, ey, z))
    rounding = Fraction(1)
    assert rounding <= Fraction(product_abs(x, 0.0, y, 0.0, z)) and rounding > Fraction(U * z) * (1 - Fraction(1, 2 ** 24))


def test_quotient_abs_at_its_edge():
    """3 / 4 = 0.75 exactly, numerator up by ex and denominator down by ey: the error (ex + z ey)
    / (y - ey) is the rule's first term exactly; 1/3 checks the rounding term (half of u |z|
    there, so tightness is asserted only for the first case).  Mutants: /|y| in place of
    /(|y| - ey) is unsound in the first case, dropping u |z| in the second; ey >= |y| is inf."""
    x, y, ex, ey = 3.0, 4.0, 2.0 ** -30, 2.0 ** -31
    z = x / y
    error = (Fraction(x) + Fraction(ex)) / (Fraction(y) - Fraction(ey)) - Fraction(z)
    bound = float(quotient_abs(x, ex, y, ey, z))
    assert error <= Fraction(bound) and error > (Fraction(bound) - Fraction(U * z) * 2) * TIGHT
    third = 1.0 / 3.0
    assert 0 < Fraction(1, 3) - Fraction(third) <= Fraction(float(quotient_abs(1.0, 0.0, 3.0, 0.0, third)))
    assert float(quotient_abs(1.0, 0.0, 3.0, 0.0, third)) == U * third * INFLATE
    assert float(quotient_abs(1.0, 0.0, 2.0, 2.0, 0.5)) == math.inf


def _sqrt_error_within(s: float, H: Fraction, bound: float) -> bool:
    """|sqrt(H) - s| <= bound, in exact rationals: H <= (s + b)^2 and, when s > b, (s - b)^2 <= H."""
    s, b = Fraction(s), Fraction(bound)
    return H <= (s + b) ** 2 and (s <= b or (s - b) ** 2 <= H)


@pytest.mark.parametrize("t", [2.0 ** -20, 0.5, 1.0])
def test_sqrt_abs_contains_the_worst_input_and_is_tight_for_small_errors(t):
    """h = 4 (s = 2 exact), H = h - eh with eh = t h, the side where sqrt moves most.  At t =
    2**-20 the exact error eh / (2 sqrt h) (1 + t / 4 + ...) lies within 2**-19 of the rule's
    eh (1 + t) / (2 s); at t = 1/2 the rule's (1 + t) factor is needed (without it: 0.5 <
    2 - sqrt 2 = 0.586, unsound), at t = 1 H = 0.  Mutant: dropping (1 + t) fails at t = 1/2."""
    h, s = 4.0, 2.0
    eh = t * h
    bound = float(sqrt_abs(h, eh, s))
    H = Fraction(h) - Fraction(eh)
    assert _sqrt_error_within(s, H, bound)
    assert _sqrt_error_within(s, Fraction(h) + Fraction(eh), bound)
    if t == 2.0 ** -20:
        smaller = bound * (1 - 2.0 ** -19)
        assert not _sqrt_error_within(s, H, smaller)          # tight: 2**-19 less is unsound


def test_sqrt_abs_rounding_zero_and_out_of_range():
    """sqrt 2: the rounding term u s alone contains the error (dropping it: 0, unsound); h = 0
    with eh: sqrt(eh), attained at H = eh (a bound 2**-40 smaller fails); t > 1: inf."""
    s = math.sqrt(2.0)
    assert _sqrt_error_within(s, Fraction(2), float(sqrt_abs(2.0, 0.0, s)))
    assert not _sqrt_error_within(s, Fraction(2), 0.0)
    eh = 2.0 ** -40
    b = float(sqrt_abs(0.0, eh, 0.0))
    assert Fraction(b) ** 2 >= Fraction(eh) and (Fraction(b) * TIGHT) ** 2 < Fraction(eh)
    assert float(sqrt_abs(4.0, 4.5, 2.0)) == math.inf


def test_function_rel_propagation_term_is_exact_for_the_square():
    """f(x) = x^2 computed exactly (ulps = 0): X = x (1 + r) gives f(X) - f(x) = (2 r + r^2) f(x),
    the condition bound 2 + r times r: the rule with that condition is tight (and with
    condition 2, no r^2, unsound).  The libm term: 2 ulps u / (1 - 2 ulps u)."""
    x, r = 3.0, 2.0 ** -25
    exact = (Fraction(x) * (1 + Fraction(r))) ** 2 - Fraction(x) ** 2
    rel = function_rel(r, 2 + r, ulps=0)
    _edge(exact, rel * x * x)
    assert exact > Fraction(function_rel(r, 2.0, ulps=0)) * Fraction(x * x)
    # before INFLATE the rule is the exact error: one ulp below it fails
    assert Fraction(math.nextafter((2 + r) * r, 0.0)) * Fraction(x * x) < exact == Fraction((2 + r) * r) * Fraction(x * x)
    assert function_rel(0.0, 1.0, 4) == 8 * U / (1 - 8 * U) * INFLATE


@pytest.mark.parametrize("cf", [Fraction(1, 2), Fraction(1, 4), Fraction(1, 10), Fraction(1, 1000), Fraction(1, 10 ** 300)])
def test_library_log_and_expm1_within_the_assumed_ulps(cf):
    """The assumption certify.LIBM_ULPS states, checked against arb at 200 bits on EBP's inputs:
    math.log at fl(CF) and numpy's expm1 at log(fl CF) / n lie within LIBM_ULPS ulps (the bound
    function_rel(0, 1) gives for an exact input)."""
    with flint.ctx.workprec(200):
        x = float(cf)
        log = math.log(x)
        assert abs(flint.arb(log) - flint.arb(x).log()) <= flint.arb(function_rel(0.0, 1.0, LIBM_ULPS) * abs(log))
        for n in (1, 3, 1000, 2 ** 40):
            y = log / n
            v = float(np.expm1(np.float64(y)))
            assert abs(flint.arb(v) - flint.arb(y).expm1()) <= flint.arb(function_rel(0.0, 1.0, LIBM_ULPS) * abs(v))


def test_rel_of_abs_edges():
    """error / value rounded up; the exact 0 only for (0, 0); any error at 0 is not vouched for."""
    assert Fraction(rel_of_abs(3.0, 1.0)) * 3 >= 1 and rel_of_abs(3.0, 1.0) <= (1 / 3) * (1 + 2.0 ** -40)
    assert rel_of_abs(0.0, 0.0) == 0.0 and rel_of_abs(0.0, 2.0 ** -1074) == math.inf


def test_quotient_and_sqrt_rules_hold_below_one():
    """Divisor, square and root below 1, where dividing by them enlarges the error.  1 / (1/2)
    with the numerator off by 1/4: X / Y reaches 1.25 / 0.5 = 2.5, 1/2 from z = 2, the rule's
    first term exactly.  sqrt(1/4) = 1/2 with the square off by 0.2 (t = 0.8): sqrt(0.05) lies
    0.276 below 1/2, the rule gives 0.2 x 1.8 / (2 x 1/2) = 0.36; off by 0.3 (t = 1.2 > 1): inf.
    Mutants: dividing by 1 in place of the divisor, the square or the root below 1 (unsound),
    or inf for a divisor below 1."""
    bound = float(quotient_abs(1.0, 0.25, 0.5, 0.0, 2.0))
    assert Fraction(1, 2) <= Fraction(bound) <= Fraction(1, 2) + Fraction(1, 2 ** 40)
    h, eh, s = 0.25, 0.2, 0.5
    b = float(sqrt_abs(h, eh, s))
    assert _sqrt_error_within(s, Fraction(h) - Fraction(eh), b) and _sqrt_error_within(s, Fraction(h) + Fraction(eh), b)
    assert b <= 0.36 * (1 + 2.0 ** -40)
    assert float(sqrt_abs(0.25, 0.3, 0.5)) == math.inf


def test_rel_of_abs_below_one():
    """0.25 / 0.5 = 0.5, rounded up: a value below 1 is vouched for as any other (a mutant
    returned inf for every value up to 1)."""
    assert 0.5 <= rel_of_abs(0.5, 0.25) <= 0.5 * (1 + 2.0 ** -40)


def test_absolute_rules_on_overflowed_inputs_give_inf_silently():
    """An overflowed divisor with an infinite bound (inf - inf, 0 x inf inside the rule) and an
    overflowed square (inf / inf): the bound is inf, and numpy's invalid-value warning, which
    the rule silences, is not raised (warnings are errors here)."""
    inf = np.array([math.inf])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert quotient_abs(np.array([1.0]), np.array([0.0]), inf, inf, np.array([0.0])).tolist() == [math.inf]
        assert sqrt_abs(inf, inf, inf).tolist() == [math.inf]


@pytest.mark.parametrize("scale", [8.0, 2.0 ** -5])
def test_sum_abs_rounding_term_grows_with_z(scale):
    """The rounding of fl(x + y) is at most u |z| (1 + u): the same sum as in the test above scaled
    by 8 and by 1/32 (powers of two: every value stays exact), x = 8 (1 + 2**-52), y = -8 (2**-53
    + 2**-105): x + y = 8 + 2**-50 - 2**-102 rounds to z = 8, an error of (1 - 2**-52) u |z|.  The
    bound with exact inputs contains it and is tight.  Mutant: u / |z| in place of u |z| (equal
    only at |z| = 1: unsound at z = 8, loose at z = 1/32)."""
    x, y = scale * (1 + 2.0 ** -52), -scale * (2.0 ** -53 + 2.0 ** -105)
    z = x + y
    assert z == scale
    error = abs(Fraction(x) + Fraction(y) - Fraction(z))
    assert error == (1 - Fraction(1, 2 ** 52)) * Fraction(U) * Fraction(scale)
    _edge(error, sum_abs(0.0, 0.0, z))
