"""exactprune.certify.rules: the decision kernel's scalar bounds contain the exact value, are not
loose, and decide exactly at their edge (the float filter decides just above the bound and declines
just below, and both agree with exact rationals); the Decider's routes."""
from fractions import Fraction

import flint
import pytest
from hypothesis import example, given, strategies as st

from exactprune.certify.rules import (INFLATE, MAX_REL, TINY, U, Approx, Decider, float_sign, product_rel, quotient_rel,
                                      rising_ratio, rising_ratio_rel, sum_rel, total, weighted_sum_rel)
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


@given(st.lists(st.tuples(positive, positive), min_size=1, max_size=6),
       st.sampled_from([0.0, U, 2 ** -30]), st.sampled_from([0.0, U, 2 ** -30]), st.data())
def test_weighted_sum_rule_contains_the_exact_sum_and_equals_the_scalar_rules(pairs, rw, rv, data):
    """PruneTree's level bound (a sum of K products w v): the float sum of the floats lies within
    weighted_sum_rel of the exact sum of any reals W, V within rw, rv of them (the extreme ones,
    W = w (1 +- rw), drawn here), in exact rationals; and it is what Approx's own rules give."""
    w = [float(p) for p, _ in pairs]
    v = [float(q) for _, q in pairs]
    rel = weighted_sum_rel(rw, rv, len(pairs))
    value = 0.0
    for wi, vi in zip(w, v):
        value += wi * vi
    signs = data.draw(st.lists(st.tuples(st.sampled_from([-1, 1]), st.sampled_from([-1, 1])),
                               min_size=len(pairs), max_size=len(pairs)))
    exact = sum(Fraction(wi) * (1 + s * Fraction(rw)) * Fraction(vi) * (1 + t * Fraction(rv))
                for wi, vi, (s, t) in zip(w, v, signs))
    assert abs(exact - Fraction(value)) <= Fraction(rel) * Fraction(value)
    assert rel == total(Approx(wi, rw) * Approx(vi, rv) for wi, vi in zip(w, v)).rel
    assert rel <= (len(pairs) + 1) * (rw + rv + U) * 1.01 + rw * rv      # not loose


# -- contracts pinned case by case (docs/mutation.md) ----------------------------------------
#
# Contracts of exactprune.certify pinned case by case, each stating the contract it pins
# (docs/mutation.md lists the equivalent mutants).
#
# Expected values come from the module docstring's formulas evaluated in exact rationals here, or
# from hand arithmetic; nothing is copied from the code's output.

FU = Fraction(U)
HEX = float.fromhex
#: relative bounds small enough for every rule, large enough that rx*ry and 1/(1 - ry) matter
PAIRS = [(0.0, 0.0), (2.0 ** -21, 2.0 ** -22), (3e-7, 9e-7), (0.125, 0.25), (0.3, 0.45)]


def exact(x: float) -> Fraction:
    return Fraction(x)


@pytest.mark.parametrize("rx, ry", PAIRS)
def test_bound_rules_dominate_the_docstring_formulas_and_are_tight(rx, ry):
    """Each rule returns at least its formula in exact arithmetic (soundness) and at most the
    formula times 1 + 2**-44 (the INFLATE margin and a few roundings, nothing more)."""
    x, y = exact(rx), exact(ry)
    formulas = [(product_rel(rx, ry), (x + y + x * y + FU) / (1 - FU)),
                (sum_rel(rx, ry), (max(x, y) + FU) / (1 - FU)),
                (quotient_rel(rx, ry), ((x + y) / (1 - y) + FU) / (1 - FU))]
    for computed, formula in formulas:
        assert formula <= exact(computed) <= formula * (1 + Fraction(1, 2 ** 44))


@pytest.mark.parametrize("ry", [0.5, 1.0, 2.0])
def test_quotient_rule_refuses_a_divisor_bound_of_one_half_or_more(ry):
    """The quotient rule needs ry < 1/2: at 1/2 and beyond the bound is inf."""
    assert quotient_rel(0.0, ry) == float("inf")


@pytest.mark.parametrize("ra, rd, k", [(0.0, 0.0, 1), (0.0, 0.0, 2), (0.0, 0.0, 7), (2.0 ** -30, 2.0 ** -31, 3),
                                       (1e-9, 2e-9, 40), (1e-7, 1e-7, 2000),
                                       # generic bounds whose float closed form t (1 + t) rounds
                                       # below the exact one without the INFLATE factors
                                       (HEX("0x1.2f6ea122d4a6dp-31"), HEX("0x1.7ad586f53dadep-62"), 975),
                                       (HEX("0x1.ac44ace32d283p-53"), HEX("0x1.96aa7251ccfc0p-33"), 2216)])
def test_rising_ratio_rule_bounds_the_k_factor_error_product(ra, rd, k):
    """k factors each within 1 + f (f the quotient rule on the sum-rule bounds of a + m and
    d + m) and k - 1 roundings of the running product: the worst case
    (1 + f)**k (1 + u)**(k - 1) - 1 is at most t (1 + t) with t = k f + (k - 1) u (the
    docstring's closed form); the returned bound is that closed form rounded up (so at least it,
    in exact arithmetic) and exceeds the worst case by at most a relative 2 t."""
    f = exact(quotient_rel(sum_rel(ra, 0.0), sum_rel(rd, 0.0)))
    worst = (1 + f) ** k * (1 + FU) ** (k - 1) - 1
    bound = exact(rising_ratio_rel(ra, rd, k))
    t = k * f + (k - 1) * FU
    assert worst <= t * (1 + t) <= bound <= worst * (1 + 2 * t) * (1 + Fraction(1, 2 ** 44))


def test_rising_ratio_rule_of_the_empty_product_is_zero():
    """k = 0: the empty product is exactly 1, no error at all."""
    assert rising_ratio_rel(0.1, 0.2, 0) == 0.0


@pytest.mark.parametrize("ra, finite", [(2.0 ** -22, True), (2.0 ** -19, False)])
def test_rising_ratio_rule_gives_up_exactly_past_t_two_to_minus_ten(ra, finite):
    """k = 2**11 factors: t is about k (ra + 3u), i.e. about 2**-11 for ra = 2**-22 (finite
    bound; t lies between 3**-10 and 2**-10, above 2**-11) and about 2**-8 for ra = 2**-19 (inf)."""
    k = 2 ** 11
    t = k * (exact(ra) + 3 * FU)
    assert (t < Fraction(1, 2 ** 10)) == finite and t > Fraction(1, 3 ** 10)
    bound = rising_ratio_rel(ra, 0.0, k)
    assert (bound < float("inf")) == finite


def test_approx_of_an_fmpq_is_the_approx_of_the_same_fraction():
    """flint.fmpq input is read as p/q (Fraction() does not accept fmpq)."""
    for p, q in ((1, 3), (7, 2), (5, 1), (10 ** 30, 7)):
        assert Approx.of(flint.fmpq(p, q)) == Approx.of(Fraction(p, q))
    assert Approx.of(flint.fmpq(1, 3)).value == 1 / 3


def test_approx_of_is_exact_when_the_float_is_exact_and_valid_down_to_tiny():
    """1/2 and 7 are floats (bound 0), 1/3 is not (bound u); 2**-960 = TINY is the smallest
    magnitude accepted, 2**-961 is refused."""
    assert Approx.of(Fraction(1, 2)).rel == 0.0 and Approx.of(7).rel == 0.0
    assert Approx.of(Fraction(1, 3)).rel == U
    assert Approx.of(Fraction(1, 2 ** 960)) == Approx(TINY, 0.0)
    assert not Approx.of(Fraction(1, 2 ** 961)).valid


def test_checked_accepts_its_boundary_values_and_refuses_negatives():
    """bounded(): value TINY and rel MAX_REL are still valid; 0 with rel 0 is exact zero;
    a negative value or a rel above MAX_REL is invalid; 0 with a non-zero rel is invalid."""
    assert Approx.bounded(TINY, 0.0) == Approx(TINY, 0.0)
    assert Approx.bounded(1.0, MAX_REL) == Approx(1.0, MAX_REL)
    assert Approx.bounded(0.0, 0.0) == Approx(0.0, 0.0, True)
    assert not Approx.bounded(-1.0, 0.0).valid
    assert not Approx.bounded(1.0, 2 * MAX_REL).valid
    assert not Approx.bounded(0.0, U).valid
    assert not Approx.bounded(float("inf"), 0.0).valid
    assert not Approx.bounded(1.0, float("nan")).valid


# an approximation marked invalid by its maker, though its value is finite: it must never be
# trusted by an operation or by the filter
UNTRUSTED = Approx(3.0, 0.0, False)


@pytest.mark.parametrize("combine", [lambda a, b: a * b, lambda a, b: a + b, lambda a, b: a / b,
                                     lambda a, b: b * a, lambda a, b: b + a, lambda a, b: b / a])
def test_an_invalid_operand_makes_every_operation_invalid(combine):
    assert not combine(UNTRUSTED, Approx.of(2)).valid


def test_arithmetic_with_zero_and_one():
    """0 * y and 0 / y are exact zeros; 1 is an ordinary operand (1 * 3 = 3, 1 + 2 = 3,
    3 / 1 = 3); x / 0 is invalid (no exception)."""
    for zero in (Approx.of(0) * Approx.of(3), Approx.of(3) * Approx.of(0), Approx.of(0) / Approx.of(3)):
        assert zero == Approx(0.0, 0.0, True)
    assert (Approx.of(1) * Approx.of(3)).value == 3.0
    assert (Approx.of(3) * Approx.of(1)).value == 3.0
    assert (Approx.of(1) + Approx.of(2)).value == 3.0
    assert (Approx.of(2) + Approx.of(1)).value == 3.0
    assert (Approx.of(3) / Approx.of(1)).value == 3.0
    assert not (Approx.of(1) / Approx.of(0)).valid


def test_dividing_by_an_approximation_that_may_be_zero_is_invalid():
    """rel = 1 means Y may be 0: even 0 / Y is undefined."""
    assert not (Approx.of(0) / Approx(2.0, 1.0)).valid


def test_error_is_an_upper_bound_on_the_absolute_error():
    """|X - value| <= rel * value: 3 * 2**-30 exactly, rounded up."""
    a = Approx(3.0, 2.0 ** -30)
    assert Fraction(3, 2 ** 30) <= exact(a.error()) <= Fraction(3, 2 ** 30) * (1 + Fraction(1, 2 ** 46))


@pytest.mark.parametrize("k, product", [(0, Fraction(1)), (1, Fraction(1, 2)), (3, Fraction(1, 4))])
def test_rising_ratio_small_k_by_hand(k, product):
    """prod_{m<k} (1 + m)/(2 + m): k = 0 is the empty product 1, k = 3 is (1/2)(2/3)(3/4) = 1/4."""
    r = rising_ratio(Approx.of(1), Approx.of(2), k)
    assert r.valid and abs(product - exact(r.value)) <= exact(r.error())


def test_rising_ratio_edge_inputs():
    """a = 0: 0 for k > 0 but the empty product 1 for k = 0; k < 0, d = 0 or an invalid operand
    are invalid."""
    assert rising_ratio(Approx.of(0), Approx.of(2), 0) == Approx(1.0, 0.0, True)
    assert rising_ratio(Approx.of(0), Approx.of(2), 2) == Approx(0.0, 0.0, True)
    assert not rising_ratio(Approx.of(1), Approx.of(2), -1).valid
    assert not rising_ratio(Approx.of(1), Approx.of(0), 1).valid
    assert not rising_ratio(UNTRUSTED, Approx.of(2), 1).valid
    assert not rising_ratio(Approx.of(2), UNTRUSTED, 1).valid


def test_total_contains_the_exact_sum():
    """1 + 1/3 + 1/6 = 3/2."""
    s = total([Approx.of(1), Approx.of(Fraction(1, 3)), Approx.of(Fraction(1, 6))])
    assert s.valid and abs(Fraction(3, 2) - exact(s.value)) <= exact(s.error())
    assert total([]) == Approx(0.0, 0.0, True)


def test_float_sign_is_exactly_plus_or_minus_one_and_ignores_untrusted_input():
    """diff = 1.0 decides (+1), diff = -1.0 decides (-1); an invalid side never decides."""
    assert float_sign(Approx.of(2), Approx.of(1)) == 1
    assert float_sign(Approx.of(1), Approx.of(2)) == -1
    assert float_sign(UNTRUSTED, Approx.of(1)) == 0
    assert float_sign(Approx.of(1), UNTRUSTED) == 0


def test_float_sign_declines_when_the_gap_equals_the_bound():
    """The filter decides only when |x - y| is strictly above E * INFLATE: with x = 1 (rel r),
    y = 1 - 2**-30 (exact), r chosen so that fl(r * INFLATE) is exactly 2**-30 = x - y, it declines;
    one more ulp of gap (y = 1 - 2**-30 - 2**-53) decides."""
    gap = 2.0 ** -30
    rel = gap / INFLATE
    assert rel * INFLATE == gap                       # precondition: the bound hits the gap exactly
    x = Approx.bounded(1.0, rel)
    assert float_sign(x, Approx.of(1 - Fraction(1, 2 ** 30))) == 0
    assert float_sign(x, Approx.of(1 - Fraction(1, 2 ** 30) - Fraction(1, 2 ** 53))) == 1


def test_decider_counts_every_decision_on_its_route():
    d = Decider()
    for _ in range(2):
        assert d.sign(Approx.of(2), Approx.of(1)) == 1
        assert d.sign(None, None, ball=lambda: flint.arb(1) / 3 - flint.arb(1) / 2) == -1
        assert d.sign(None, None, exact=lambda: Fraction(-1, 7)) == -1
        assert d.exact_sign(Fraction(1, 2)) == 1
    assert d.routes == {"float": 2, "arb": 2, "exact": 4}


@pytest.mark.parametrize("value, sign", [(Fraction(-1, 3), -1), (Fraction(0), 0), (Fraction(1, 2), 1),
                                         (Fraction(3, 2), 1), (flint.fmpq(-5, 2), -1)])
def test_exact_sign(value, sign):
    assert Decider().exact_sign(value) == sign
    assert Decider().sign(None, None, exact=lambda: value) == sign


def test_decider_uses_the_exact_route_when_only_one_approximation_is_given():
    """The float filter needs both sides; with one missing the next route decides."""
    d = Decider()
    assert d.sign(Approx.of(1), None, exact=lambda: Fraction(1)) == 1
    assert d.sign(None, Approx.of(1), exact=lambda: Fraction(-1)) == -1
    assert d.routes == {"float": 0, "arb": 0, "exact": 2}


def test_decider_runs_arb_from_start_prec_to_max_prec():
    """A ball that never excludes zero is evaluated at start_prec, 2 start_prec, ... max_prec
    and then refused with a message naming max_prec."""
    seen = []

    def ball():
        seen.append(flint.ctx.prec)
        return flint.arb(0, 1)

    with pytest.raises(CertificationError, match="no exact route after arb at 512 bits"):
        Decider(start_prec=128, max_prec=512).sign(None, None, ball=ball)
    assert seen == [128, 256, 512]


def test_decider_without_any_route_says_so():
    with pytest.raises(CertificationError, match="^sign not decided: no route could settle it$"):
        Decider().sign(Approx.of(1), Approx.of(1))


def test_is_double_at_the_53_bit_significand():
    """A positive rational in lowest terms is a binary64 value iff its denominator is a power of
    two and the odd part of its numerator has at most 53 bits (normal range)."""
    from exactprune.certify.rules import _is_double
    assert _is_double(2 ** 53 - 1, 1) and _is_double(2 ** 54, 1) and _is_double(3, 4) and _is_double(5 * 2 ** 60, 2 ** 9)
    assert not _is_double(2 ** 53 + 1, 1) and not _is_double(1, 3) and not _is_double((2 ** 53 + 1) * 4, 1)
    assert float(2 ** 53 - 1) == 2 ** 53 - 1 and float(2 ** 53 + 1) != 2 ** 53 + 1       # the same facts, by float
