"""exactprune.certify: the decision kernel's bounds contain the exact value, are not loose, and
decide exactly at their edge (the float filter decides just above the bound and declines just
below, and both agree with exact rationals)."""
import math
import warnings
from fractions import Fraction

import flint
import numpy as np
import pytest
from hypothesis import example, given, strategies as st

from exactprune.certify import (INFLATE, MAX_REL, TINY, U, Approx, Decider, checked_array, float_greater_array, float_sign,
                                float_sign_array, function_rel, product_abs, product_array, product_rel, quotient_abs,
                                quotient_rel, rel_of_abs, rising_ratio, rising_ratio_array, rising_ratio_rel, sqrt_abs,
                                sum_abs, sum_rel, total, total_array, weighted_sum_rel)
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


# ---------------------------------------------------------------------------------------------
# the array rules (certify's elementwise twins) at the edges of the scalar rules: every verdict
# and every (value, bound) comes from the scalar rules on the same inputs
# ---------------------------------------------------------------------------------------------


def _approx(value, rel):
    """An Approx as the arrays carry it: an infinite (or NaN) bound marks one not vouched for."""
    return Approx(value, rel) if math.isfinite(rel) and rel <= MAX_REL and math.isfinite(value) else Approx(value, rel, False)


def _same(array_pair, scalar: Approx) -> bool:
    """The array image equals the scalar one: the same (value, bound) if valid, else an infinite bound."""
    value, rel = array_pair
    return (value, rel) == (scalar.value, scalar.rel) if scalar.valid else rel == math.inf


def _largest_valid_weight_bound(k):
    """The largest float rw whose term bound product_rel(rw, rising_ratio_rel(0, 0, k)) is <= MAX_REL
    (bisection on floats): one such term is valid, the sum of two has a bound (rel + u) INFLATE > MAX_REL."""
    ratio_rel, lo, hi = rising_ratio_rel(0.0, 0.0, k), 0.0, MAX_REL
    while lo < (lo + hi) / 2 < hi:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if product_rel(mid, ratio_rel) <= MAX_REL else (lo, mid)
    return lo


def _edge_groups(k):
    """Groups of (w, rw, a, ra, d, rd), each probing one rule; the verdicts come from the scalar rules."""
    edge = _largest_valid_weight_bound(k)
    groups = [
        [(0.5, 0.0, 1.5, 0.0, 3.0, 0.0)],                                   # plain
        [(0.5, 0.0, 0.0, 0.0, 3.0, 0.0), (0.25, U, 1.5, U, 3.0, 0.0)],      # a = 0: ratio 0, dropped
        [(0.0, 0.0, 1.5, 0.0, 3.0, 0.0), (0.25, 0.0, 1.5, 0.0, 3.0, 0.0)],  # w = 0: term 0, dropped
        [(0.5, 0.0, 2.0, 0.0, 2.0, 0.0)],                                   # ratio exactly 1: kept
        [(1.0, edge, 1.0, 0.0, 2.0, 0.0)],                                  # a term's bound just <= MAX_REL
        [(1.0, edge, 1.0, 0.0, 2.0, 0.0), (1.0, edge, 1.0, 0.0, 4.0, 0.0)],     # their sum's bound > MAX_REL
        [(1.0, 2 * MAX_REL, 1.0, 0.0, 2.0, 0.0)],                           # a term's bound > MAX_REL
        [(2.0 ** -900, 0.0, 1.0, 0.0, 2.0 ** 80, 0.0)],                     # term below TINY, ratio above it
        [(0.5, 0.0, 0.0, 0.0, 3.0, 0.0)],                                   # only a zero term: the exact 0
        [(1.0, 0.0, 1e300, 0.0, 1e-300, 0.0)],                              # ratio overflows to inf
    ]
    if k == 1:
        groups.append([(1.0, 0.0, TINY, 0.0, 1.0, 0.0)])                    # ratio and term exactly TINY
    return groups + [[]]                                                    # no terms at all (last group)


def _array_total(w, a, d, rw, ra, rd, k, owner, n):
    """The weighted sum of leaf moments as sequence's float filter computes it from certify's array rules."""
    return total_array(product_array((w, rw), rising_ratio_array((a, ra), (d, rd), k)), owner, n)


@pytest.mark.parametrize("k", [1, 3])
def test_array_total_of_products_follows_the_scalar_rules_at_their_edges(k):
    groups = _edge_groups(k)
    rows = [row for group in groups for row in group]
    owner = np.repeat(np.arange(len(groups)), [len(g) for g in groups])
    w, rw, a, ra, d, rd = (np.array([row[c] for row in rows]) for c in range(6))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        values, rels = _array_total(w, a, d, rw, ra, rd, k, owner, len(groups))
    assert len(values) == len(groups)
    for group, value, rel in zip(groups, values, rels):
        expected = total(Approx(w, rw) * rising_ratio(Approx(a, ra), Approx(d, rd), k) for w, rw, a, ra, d, rd in group)
        assert _same((value, rel), expected), group
    verdicts = [total(Approx(w, rw) * rising_ratio(Approx(a, ra), Approx(d, rd), k)
                      for w, rw, a, ra, d, rd in g).valid for g in groups]
    assert verdicts == [True, True, True, True, True, False, False, False, True, False] + [True] * (len(groups) - 10)


@pytest.mark.parametrize("k", [0, 1, 2, 5])
@pytest.mark.parametrize("case", ["valid", "a zero", "a value below TINY", "d zero", "a NaN", "an overflow"])
def test_rising_ratio_array_with_one_bound_follows_the_scalar_rule_element_by_element(k, case):
    """rising_ratio_array with one bound for every element (its shortcut when every element is
    valid, its elementwise rules otherwise): each (value, bound) is the scalar rising_ratio's,
    bit for bit, or an infinite bound where the scalar image is invalid.  One odd element turns
    the shortcut off for the whole array and must not change the others."""
    rng = np.random.default_rng(k)
    a, d = rng.integers(1, 10 ** 6, 50).astype(float) + 0.5, rng.integers(1, 10 ** 6, 50).astype(float) + 1.5
    odd = {"valid": (1.5, 2.5), "a zero": (0.0, 2.5), "a value below TINY": (1.0, 2.0 ** 1000),
           "d zero": (1.0, 0.0), "a NaN": (math.nan, 2.0), "an overflow": (1e300, 1e-300)}[case]
    a[7], d[7] = odd
    rel = sum_rel(0.0, U)
    values, rels = rising_ratio_array((a, rel), (d, rel), k)
    image = lambda x: Approx(float(x), rel, math.isfinite(x))     # noqa: E731  (an input's validity, as the arrays read it)
    for i in range(len(a)):
        assert _same((values[i], rels[i]), rising_ratio(image(a[i]), image(d[i]), k)), (i, case)


def test_array_total_with_every_term_dropped():
    """Only zero terms (a = 0 or w = 0): no position to sum, every group the exact 0."""
    values, rels = _array_total(np.array([0.5, 0.0]), np.array([0.0, 1.0]), np.array([3.0, 2.0]),
                                np.zeros(2), np.zeros(2), np.zeros(2), 2, np.array([0, 1]), 3)
    assert values.tolist() == [0.0, 0.0, 0.0] and rels.tolist() == [0.0, 0.0, 0.0]


def _largest_valid(rule):
    """The largest float r with rule(r) <= MAX_REL (bisection on floats; rule increasing)."""
    lo, hi = 0.0, MAX_REL
    while lo < (lo + hi) / 2 < hi:
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if rule(mid) <= MAX_REL else (lo, mid)
    return lo


@pytest.mark.parametrize("k", [0, 1, 4])
def test_rising_ratio_array_follows_the_scalar_rule_at_its_edges(k):
    """(4.29)'s float form over arrays against certify.rising_ratio one by one: a = 0 (exactly 0
    for k > 0, 1 for k = 0), d = 0, an invalid a or d, an overflow, an underflow, the smallest
    valid value TINY, a bound at MAX_REL and just past it."""
    edge = _largest_valid(lambda r: rising_ratio_rel(r, 0.0, k)) if k else 0.0
    cases = [(1.5, 0.0, 3.0, 0.0), (0.0, 0.0, 3.0, U), (1.0, 0.0, 0.0, 0.0), (1.0, math.inf, 2.0, 0.0),
             (math.nan, math.inf, 2.0, 0.0), (1.0, 0.0, 2.0, math.inf), (1e300, 0.0, 1e-300, 0.0),
             (1e-300, 0.0, 1e300, 0.0), (TINY, 0.0, 1.0, 0.0), (TINY, U, 1.0, 0.0), (1.0, edge, 2.0, 0.0),
             (1.0, edge * (1 + 2 ** -20), 2.0, 0.0), (2.0, 0.0, 2.0, 0.0)]
    a, ra, d, rd = (np.array(column) for column in zip(*cases))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        values, rels = rising_ratio_array((a, ra), (d, rd), k)
    verdicts = []
    for (av, ar, dv, dr), value, rel in zip(cases, values.tolist(), rels.tolist()):
        expected = rising_ratio(_approx(av, ar), _approx(dv, dr), k)
        assert _same((value, rel), expected), (av, ar, dv, dr)
        verdicts.append(expected.valid)
    if k == 1:          # the edges really are edges: valid at TINY and at the bound edge, invalid past them
        assert verdicts == [True, True, False, False, False, False, False, False, True, True, True, False, True]


def test_product_array_and_checked_array_follow_the_scalar_rules_at_their_edges():
    """Approx.__mul__ and the validity rule elementwise: a zero factor (exact 0, even beside an
    underflow), an invalid factor, a product just at TINY and just below, a bound at MAX_REL
    and past it, a negative or infinite value."""
    edge = _largest_valid(lambda r: product_rel(r, 0.0))
    cases = [((3.0, 0.0), (0.5, 0.0)), ((0.0, 0.0), (2.0 ** -1000, 0.0)), ((2.0, math.inf), (0.0, 0.0)),
             ((TINY, 0.0), (1.0, 0.0)), ((TINY, 0.0), (0.5, 0.0)), ((1.0, edge), (1.0, 0.0)),
             ((1.0, edge * (1 + 2 ** -40)), (1.0, 0.0)), ((1e200, 0.0), (1e200, 0.0))]
    x = tuple(np.array(column) for column in zip(*(c[0] for c in cases)))
    y = tuple(np.array(column) for column in zip(*(c[1] for c in cases)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        values, rels = product_array(x, y)
    expected = [_approx(*a) * _approx(*b) for a, b in cases]
    assert all(_same(pair, e) for pair, e in zip(zip(values.tolist(), rels.tolist()), expected))
    assert [e.valid for e in expected] == [True, True, False, True, False, True, False, False]
    from exactprune.certify.rules import _checked
    raw = [(1.0, MAX_REL), (1.0, MAX_REL * (1 + 2 ** -40)), (0.0, 0.0), (0.0, U), (TINY, 0.0), (TINY / 2, 0.0),
           (-1.0, 0.0), (math.inf, 0.0), (1.0, math.nan)]
    values, rels = checked_array(*(np.array(column) for column in zip(*raw)))
    assert all(_same(pair, _checked(*r)) for pair, r in zip(zip(values.tolist(), rels.tolist()), raw))
    assert [_checked(*r).valid for r in raw] == [True, False, True, False, True, False, False, False, False]


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


def test_array_total_refuses_a_group_with_an_invalid_term_even_a_zero_one():
    """total() of a list holding an invalid approximation is invalid whatever its value (here a
    zero value with an infinite bound, which a sum of values alone would not notice)."""
    terms = [[(0.0, math.inf), (1.0, 0.0)], [(1.0, 0.0)], [(math.nan, math.inf)]]
    owner = np.repeat(np.arange(3), [len(t) for t in terms])
    values, rels = total_array(tuple(np.array(c) for c in zip(*(row for t in terms for row in t))), owner, 3)
    expected = [total(_approx(*row) for row in t) for t in terms]
    assert [e.valid for e in expected] == [False, True, False]
    assert all(_same(pair, e) for pair, e in zip(zip(values.tolist(), rels.tolist()), expected))


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


# -- the exact-double test and the batch and elementwise forms of the scalar rules ----------------

def test_is_double_at_the_53_bit_significand():
    """A positive rational in lowest terms is a binary64 value iff its denominator is a power of
    two and the odd part of its numerator has at most 53 bits (normal range)."""
    from exactprune.certify.rules import _is_double
    assert _is_double(2 ** 53 - 1, 1) and _is_double(2 ** 54, 1) and _is_double(3, 4) and _is_double(5 * 2 ** 60, 2 ** 9)
    assert not _is_double(2 ** 53 + 1, 1) and not _is_double(1, 3) and not _is_double((2 ** 53 + 1) * 4, 1)
    assert float(2 ** 53 - 1) == 2 ** 53 - 1 and float(2 ** 53 + 1) != 2 ** 53 + 1       # the same facts, by float


def test_float_images_are_approx_of_one_by_one():
    """Exact doubles get bound 0, other rationals u, and what Approx.of refuses (negative, beyond
    the float range, below TINY but not 0) NaN with an infinite bound."""
    import math
    from exactprune.certify import float_images
    values = [Fraction(3, 4), 7, flint.fmpq(1, 3), Fraction(0), -1, Fraction(10) ** 400, Fraction(1, 10 ** 400),
              flint.fmpq(2 ** 53 + 1, 1)]
    images, rels = float_images(values)
    assert images[:4].tolist() == [0.75, 7.0, 1 / 3, 0.0] and images[7] == 2.0 ** 53
    assert rels[:4].tolist() == [0.0, 0.0, U, 0.0] and rels[7] == U
    assert all(math.isnan(images[i]) and rels[i] == math.inf for i in (4, 5, 6))
    assert [Approx.of(v).valid for v in values] == [True, True, True, True, False, False, False, True]


def test_array_rules_equal_the_scalar_rules_element_by_element():
    """sum_rel_array and float_sign_array against sum_rel and float_sign on cases at their edges:
    an exact tie (0 either way), a difference at the bound, an inexact y with y != 1, a bound
    that overflows and one that is inf * 0 (NaN: declines) - with numpy's warnings as errors."""
    import math
    import warnings
    import numpy as np
    from exactprune.certify import float_sign_array, sum_rel, sum_rel_array
    rx, ry = np.array([0.0, U, 2 * U, 1e-3]), np.array([0.0, 0.0, U, 5 * U])
    assert sum_rel_array(rx, ry).tolist() == [sum_rel(a, b) for a, b in zip(rx.tolist(), ry.tolist())]
    cases = [((1.0, 0.0), (1.0, 0.0)),              # exact tie
             ((1.5, 1 / 3), (1.0, 0.0)),            # difference 0.5 at the bound 0.5 (times INFLATE)
             ((2.0, 0.0), (3.0, U)), ((4.0, 0.0), (3.0, 0.4)), ((3.0, 0.0), (2.0, 0.4)),   # y rel * y value 1.2, 0.8
             ((1e308, 10.0), (1.0, 0.0)),           # bound overflows to inf: declines
             ((0.0, np.inf), (1.0, 0.0))]           # inf * 0 = NaN: declines
    x = tuple(np.array(column) for column in zip(*(c[0] for c in cases)))
    y = tuple(np.array(column) for column in zip(*(c[1] for c in cases)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        signs = float_sign_array(x, y).tolist()
    scalar = [float_sign(Approx(*a) if math.isfinite(a[1]) else Approx(a[0], a[1], False), Approx(*b)) for a, b in cases]
    assert signs == scalar == [0, 0, -1, 0, 1, 0, 0]


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
    import numpy as np
    from exactprune.certify import LIBM_ULPS
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


@given(st.lists(st.tuples(st.floats(0, 4), st.sampled_from([0.0, U, 1e-3, math.inf, math.nan]),
                          st.floats(0, 4), st.sampled_from([0.0, U, 1e-3, math.inf])), min_size=1, max_size=20))
@example([(1.0, 0.0, 1.0, 0.0), (2.0, 0.0, 1.0, 0.0), (1.0, 0.0, 2.0, 0.0), (1.0 + 2 * U, U, 1.0, U)])
def test_float_sign_array_and_its_split_rule_agree_with_the_scalar_filter(rows):
    """float_sign_array (built on float_greater_array) gives float_sign's verdict on every pair,
    and float_greater_array's two outputs are its sign > 0 and its sign != 0."""
    xv, xr, yv, yr = (np.array(column) for column in zip(*rows))
    signs = float_sign_array((xv, xr), (yv, yr))
    with np.errstate(invalid="ignore", over="ignore"):
        greater, settled = float_greater_array(xv, xr * xv, yv, yr)
    for i, (a, ra, b, rb) in enumerate(rows):
        expected = float_sign(Approx(a, ra, math.isfinite(ra)), Approx(b, rb, math.isfinite(rb)))
        assert signs[i] == expected, rows[i]
    assert greater.tolist() == (signs > 0).tolist() and settled.tolist() == (signs != 0).tolist()


# ---------------------------------------------------------------------------------------------
# Tests written to kill the survivors of the mutation run of 2026-11-26 (docs/mutation.md):
# the array rules' dtypes, shapes and bound layouts, the absolute rules below 1, and the
# silence of the rules on overflowed inputs.
# ---------------------------------------------------------------------------------------------

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


def test_total_array_makes_a_group_with_an_invalid_term_invalid_whatever_its_value():
    """A term 2.0 with an infinite bound (finite value, not vouched for) makes its group (nan,
    inf), as ``Approx``'s validity rule makes the scalar total invalid; the other group sums."""
    assert not total([Approx.bounded(2.0, math.inf)]).valid
    value, rel = total_array((np.array([2.0, 1.0]), np.array([math.inf, 0.0])), np.array([0, 1]), 2)
    assert math.isnan(value[0]) and rel[0] == math.inf and value[1] == 1.0 and rel[1] == 0.0


def _exact_rising_ratio(a: float, d: float, k: int) -> Fraction:
    out = Fraction(1)
    for m in range(k):
        out *= (Fraction(a) + m) / (Fraction(d) + m)
    return out


@pytest.mark.parametrize("layout", ["a array, d scalar", "a scalar, d array", "2-D"])
def test_rising_ratio_array_with_mixed_bound_layouts_is_the_scalar_rule(layout):
    """Bounds given as one scalar for one argument and per element for the other (both ways),
    and 2-D arrays: each element is :func:`rising_ratio` of its own pair (same value, same
    bound), and contains the exact ratio computed in rationals.  Mutants: the one-bound path
    taken when only one bound is a scalar (float() of an array: TypeError), the bounds not
    reshaped to 2-D."""
    av, dv = np.array([1.0, 2.0, 5.0, 0.5]), np.array([2.0, 3.0, 1.5, 7.0])
    ar, dr = np.array([0.0, U, 3 * U, 0.0]), np.array([U, 0.0, 0.0, 2 * U])
    if layout == "a array, d scalar":
        a, d, rels = (av, ar), (dv, U), list(zip(ar.tolist(), [U] * 4))
    elif layout == "a scalar, d array":
        a, d, rels = (av, U), (dv, dr), list(zip([U] * 4, dr.tolist()))
    else:
        a, d, rels = (av.reshape(2, 2), ar.reshape(2, 2)), (dv.reshape(2, 2), dr.reshape(2, 2)), list(zip(ar.tolist(), dr.tolist()))
    value, rel = rising_ratio_array(a, d, 3)
    assert value.shape == rel.shape == a[0].shape
    for x, y, (rx, ry), v, r in zip(av.tolist(), dv.tolist(), rels, value.ravel().tolist(), rel.ravel().tolist()):
        scalar = rising_ratio(Approx(x, rx), Approx(y, ry), 3)
        assert (v, r) == (scalar.value, scalar.rel)
        assert abs(_exact_rising_ratio(x, y, 3) - Fraction(v)) <= Fraction(r) * Fraction(v)


def test_rising_ratio_array_of_no_elements_with_bound_arrays():
    """An empty level (no leaves) with per-element bounds: two empty arrays (a mutant built the
    bounds of no rule with np.zeros(None), a TypeError)."""
    value, rel = rising_ratio_array((np.array([]), np.array([])), (np.array([]), np.array([])), 2)
    assert value.shape == rel.shape == (0,)


@pytest.mark.parametrize("which", ["a", "d"])
def test_rising_ratio_array_reads_float32_values_exactly_and_computes_in_float64(which):
    """fl32(1/3) = 11184811 / 2**25; plus 1 it needs 26 bits, so a float32 loop would round
    it (relative error up to 2**-24), far outside the float64 bound.  The ratio's bound must
    contain the exact ratio of the values given, computed in rationals.  Mutants: the float32
    array kept as it is."""
    third = np.array([1 / 3], dtype=np.float32)
    assert Fraction(float(third[0])) == Fraction(11184811, 2 ** 25)
    if which == "a":
        a, d = (third, 0.0), (np.array([2.0]), 0.0)
    else:
        a, d = (np.array([1.0]), 0.0), (third, 0.0)
    value, rel = rising_ratio_array(a, d, 3)
    exact = _exact_rising_ratio(float(a[0][0]), float(d[0][0]), 3)
    assert rel[0] < 2.0 ** -45
    assert abs(exact - Fraction(float(value[0]))) <= Fraction(float(rel[0])) * Fraction(float(value[0]))


def test_total_array_makes_a_group_with_an_unvouched_zero_term_invalid():
    """A zero term with an infinite bound (a zero not vouched for) adds nothing to the float sum
    but still makes its group (nan, inf), as ``Approx.bounded(0.0, inf)`` is invalid."""
    assert not Approx.bounded(0.0, math.inf).valid
    value, rel = total_array((np.array([0.0, 1.0]), np.array([math.inf, 0.0])), np.array([0, 0]), 1)
    assert math.isnan(value[0]) and rel[0] == math.inf
