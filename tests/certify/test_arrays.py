"""exactprune.certify.arrays: the elementwise twins of the scalar rules, each (value, bound) and
verdict equal to certify.rules' on the same inputs, at the rules' edges; dtypes, shapes and bound
layouts."""
import math
import warnings
from fractions import Fraction

import flint
import numpy as np
import pytest
from hypothesis import example, given, strategies as st

from exactprune.certify.arrays import (checked_array, float_greater_array, float_images, float_sign_array, product_array,
                                       rising_ratio_array, sum_rel_array, total_array)
from exactprune.certify.absolute import function_rel
from exactprune.certify.rules import (INFLATE, MAX_REL, TINY, U, Approx, float_sign, product_rel, quotient_rel, rising_ratio,
                                      rising_ratio_rel, sum_rel, total)


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


def test_array_total_refuses_a_group_with_an_invalid_term_even_a_zero_one():
    """total() of a list holding an invalid approximation is invalid whatever its value (here a
    zero value with an infinite bound, which a sum of values alone would not notice)."""
    terms = [[(0.0, math.inf), (1.0, 0.0)], [(1.0, 0.0)], [(math.nan, math.inf)]]
    owner = np.repeat(np.arange(3), [len(t) for t in terms])
    values, rels = total_array(tuple(np.array(c) for c in zip(*(row for t in terms for row in t))), owner, 3)
    expected = [total(_approx(*row) for row in t) for t in terms]
    assert [e.valid for e in expected] == [False, True, False]
    assert all(_same(pair, e) for pair, e in zip(zip(values.tolist(), rels.tolist()), expected))


def test_float_images_are_approx_of_one_by_one():
    """Exact doubles get bound 0, other rationals u, and what Approx.of refuses (negative, beyond
    the float range, below TINY but not 0) NaN with an infinite bound."""
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


@pytest.mark.parametrize("which", ["a", "d", "both"])
def test_rising_ratio_array_reads_float32_values_exactly_and_computes_in_float64(which):
    """fl32(1/3) = 11184811 / 2**25; plus 1 it needs 26 bits, so a float32 loop would round
    it (relative error up to 2**-24), far outside the float64 bound.  The ratio's bound must
    contain the exact ratio of the values given, computed in rationals.  Mutants: the float32
    array kept as it is."""
    third = np.array([1 / 3], dtype=np.float32)
    assert Fraction(float(third[0])) == Fraction(11184811, 2 ** 25)
    if which == "a":
        a, d = (third, 0.0), (np.array([2.0]), 0.0)
    elif which == "both":                   # float32 / float32 would be a float32 quotient
        a, d = (third, 0.0), (np.array([2.0], dtype=np.float32), 0.0)
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


# -- the all-valid shortcut and the loop's memory (survivors of the mutation run of 2026-11-29) ---

@pytest.mark.parametrize("k", [1, 2, 6])
@pytest.mark.parametrize("case", ["plain", "d at most 1", "a value exactly TINY"])
def test_rising_ratio_array_with_one_bound_returns_it_broadcast_when_every_element_is_valid(k, case):
    """Two scalar bounds and every element valid: the bound is the one scalar rule, returned as a
    read-only broadcast (no array of bounds), at k = 1 too, for d in (0, 1] and for a value that
    is exactly TINY (the smallest valid one: a = TINY, d = 1, k = 1 gives TINY / 1).  The values
    and the bound are rising_ratio's, element by element.  Mutants: the shortcut never taken,
    taken only from k = 2, only for d > 1, only for values above TINY."""
    a = {"plain": [1.5, 2.0, 7.25], "d at most 1": [1.5, 0.25, 3.0], "a value exactly TINY": [1.0, 3.0, TINY]}[case]
    d = {"plain": [2.5, 3.0, 9.0], "d at most 1": [0.5, 1.0, 4.0], "a value exactly TINY": [2.0, 5.0, 1.0]}[case]
    if case == "a value exactly TINY" and k > 1:
        a[2], d[2] = TINY, 2.0 ** -60      # (TINY (TINY + 1) ...) / (2^-60 (2^-60 + 1) ...) is far above TINY
    values, rels = rising_ratio_array((np.array(a), U), (np.array(d), 0.0), k)
    scalar = [rising_ratio(Approx(x, U), Approx(y, 0.0), k) for x, y in zip(a, d)]
    assert all(s.valid for s in scalar)
    assert values.tolist() == [s.value for s in scalar] and rels.tolist() == [s.rel for s in scalar]
    assert rels.strides == (0,) and not rels.flags.writeable
    if case == "a value exactly TINY" and k == 1:
        assert values[2] == TINY


def _traced_peak(call) -> int:
    """The peak of the bytes allocated (numpy's data included) while ``call()`` runs."""
    import tracemalloc
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("k", [1, 5])
def test_rising_ratio_array_loop_holds_the_product_and_two_buffers(k):
    """n = 2^16 elements (512 KiB an array): the loop needs the running product and, for k > 1,
    the buffers of a + m and d + m - three arrays, none allocated per factor; at k = 1 the
    product a / d alone.  The peak stays below 3.5 (k = 5) or 1.5 (k = 1) arrays.  Mutants: a
    divide or add that allocates its result each factor (four arrays at a time), the buffers
    made at k = 1 (three arrays)."""
    n = 2 ** 16
    a, d = np.linspace(1.0, 2.0, n), np.linspace(3.0, 4.0, n)
    rising_ratio_array((a, 0.0), (d, 0.0), k)                  # imports and caches warmed before tracing
    peak = _traced_peak(lambda: rising_ratio_array((a, 0.0), (d, 0.0), k))
    arrays = peak / (8 * n)
    assert arrays < (3.5 if k > 1 else 1.5), arrays


# ---------------------------------------------------------------------------------------------
# rising_ratio_gamma_array: the log-Gamma image of prod_{m<k} (a + m) / (d + m), against exact
# products (integers multiplied by a product tree, apart from the package) and arb balls
# ---------------------------------------------------------------------------------------------

from exactprune.certify.arrays import GAMMA_SHIFT, rising_ratio_gamma_array     # noqa: E402


def _rising_product(p: int, q: int, k: int):
    """prod_{m<k} (p + q m) as an fmpz, by a balanced product tree."""
    if k <= 16:
        result = flint.fmpz(1)
        for m in range(k):
            result *= p + q * m
        return result
    return _rising_product(p, q, k // 2) * _rising_product(p + q * (k // 2), q, k - k // 2)


def _exact_ratio(a: float, d: float, k: int):
    """prod_{m<k} (a + m) / (d + m) of the floats a, d exactly (an fmpq): a = pa / qa gives
    prod (pa + qa m) / qa^k."""
    pa, qa = Fraction(a).as_integer_ratio()
    pd, qd = Fraction(d).as_integer_ratio()
    return flint.fmpq(_rising_product(pa, qa, k) * flint.fmpz(qd) ** k, _rising_product(pd, qd, k) * flint.fmpz(qa) ** k)


def _arb(q: Fraction):
    """An exact rational as an arb (exact when its precision allows)."""
    return flint.arb(flint.fmpq(q.numerator, q.denominator))


def _encloses(exact, value: float, rel: float) -> bool:
    """|exact - value| <= rel value, exactly."""
    return abs(exact - flint.fmpq(*Fraction(value).as_integer_ratio())) <= \
        flint.fmpq(*Fraction(rel).as_integer_ratio()) * flint.fmpq(*Fraction(value).as_integer_ratio())


_GAMMA_PAIRS = [(0.5, 51.5), (120.5, 337.5), (1.0, 1.5), (0.25, 1000.75), (30.25, 20.5), (7.0, 7.0),
                (2.5, 3.5), (1e-3, 2.0), (16.0, 16.5), (336.5, 337.5), (5000.5, 5001.0)]


@pytest.mark.parametrize("k", [GAMMA_SHIFT + 1, 63, 64, 65, 1000, 4096, 4097])
def test_rising_ratio_gamma_array_encloses_the_exact_ratio_at_the_edges_of_k(k):
    """Every valid image holds the exact product prod_{m<k} (a + m) / (d + m) of its float
    inputs within its bound: a < d, a > d (the logarithm negated), a = d (the ratio exactly 1),
    a tiny a, and a = 16 (the first Gamma argument right at its floor 32).  Each pair is valid
    (the ratio in the float range) except where it underflows or overflows."""
    a = np.array([p[0] for p in _GAMMA_PAIRS])
    d = np.array([p[1] for p in _GAMMA_PAIRS])
    values, rels = rising_ratio_gamma_array((a, 0.0), (d, 0.0), k)
    for i, (x, y) in enumerate(_GAMMA_PAIRS):
        exact = _exact_ratio(x, y, k)
        if math.isinf(rels[i]):
            assert not (2.0 ** -960 <= float(exact) < 2.0 ** 1000), (x, y, k)        # only out of range
            continue
        assert _encloses(exact, values[i], rels[i]), (x, y, k)
        assert rels[i] < 2.0 ** -30


@pytest.mark.parametrize("k", [2 ** 20, 2 ** 40, 2 ** 52])
def test_rising_ratio_gamma_array_encloses_arb_balls_of_the_ratio_at_huge_k(k):
    """Beyond any loop: the image holds the certified ball exp(lnG(a + k) - lnG(a) - lnG(d + k) +
    lnG(d)) (flint's lgamma at 320 bits, its radius checked) within its bound, which stays far
    below MAX_REL (no term of the sum grows with k beyond k log k)."""
    pairs = [(6.5, 7.5), (100.5, 101.5), (0.5, 1.5), (1.0, 1.0), (3.25, 2.75)]
    a, d = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    values, rels = rising_ratio_gamma_array((a, 0.0), (d, 0.0), k)
    with flint.ctx.workprec(320):
        for i, (x, y) in enumerate(pairs):
            xa, ya, kb = flint.arb(x), flint.arb(y), flint.arb(k)
            ball = ((xa + kb).lgamma() - xa.lgamma() - (ya + kb).lgamma() + ya.lgamma()).exp()
            assert ball.rad() < ball.mid() * 2.0 ** -200
            assert abs(ball - flint.arb(values[i])).upper() <= flint.arb(rels[i]) * flint.arb(values[i]), (x, y, k)
            assert rels[i] < 2.0 ** -35


@pytest.mark.slow
def test_rising_ratio_gamma_array_encloses_the_exact_ratio_at_two_to_the_twenty():
    """k = 2**20 against the exact product of its 2**20 factors (20 million bits)."""
    values, rels = rising_ratio_gamma_array((np.array([6.5]), 0.0), (np.array([7.5]), 0.0), 2 ** 20)
    assert _encloses(_exact_ratio(6.5, 7.5, 2 ** 20), values[0], rels[0])      # = 6.5 / (2**20 + 6.5)


def test_rising_ratio_gamma_array_of_k_at_most_the_shift_is_the_loop():
    """k <= GAMMA_SHIFT: rising_ratio_array itself, value and bound."""
    a, d = np.array([0.5, 3.0]), np.array([2.5, 7.0])
    for k in (0, 1, GAMMA_SHIFT):
        for got, want in zip(rising_ratio_gamma_array((a, U), (d, 0.0), k), rising_ratio_array((a, U), (d, 0.0), k)):
            assert got.tolist() == want.tolist()


def test_rising_ratio_gamma_array_validity_rules():
    """a = 0: the exact 0 (bound 0) at any k; d = 0, an input with an infinite bound or a NaN
    value: no image; a ratio below TINY (underflow) or above the float range: no image; an
    empty array: empty images."""
    a = np.array([0.0, 1.0, 1.0, np.nan, 0.5, 900.0, 0.0])
    d = np.array([5.0, 0.0, 2.0, 2.0, 900.5, 0.5, 1e300])
    ra = np.array([0.0, 0.0, np.inf, 0.0, 0.0, 0.0, 0.0])
    values, rels = rising_ratio_gamma_array((a, ra), (d, 0.0), 4096)
    assert values[0] == 0.0 and rels[0] == 0.0 and values[6] == 0.0 and rels[6] == 0.0
    assert np.isinf(rels[1:6]).all() and np.isnan(values[1:6]).all()
    values, rels = rising_ratio_gamma_array((np.array([]), 0.0), (np.array([]), 0.0), 100)
    assert values.shape == rels.shape == (0,)


def test_rising_ratio_gamma_array_of_infinite_inputs_warns_of_nothing():
    """An infinite a or d is refused (no image) quietly: the float work on it (inf - inf, inf /
    inf) raises no RuntimeWarning, as the rest of the kernel's refusals."""
    a, d = np.array([np.inf, 1.5, np.inf]), np.array([2.5, np.inf, np.inf])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        values, rels = rising_ratio_gamma_array((a, 0.0), (d, 0.0), 4096)
    assert np.isinf(rels).all()


@pytest.mark.parametrize("k", [10 ** 30 + 12345, 2 ** 60 + 1, 3 ** 50])
def test_gamma_log_tail_bound_covers_the_order_rounded_to_a_float(k):
    """An order whose k - 16 is not a float is imaged at k~ = 16 + fl(k - 16): every computed
    quantity is k~'s, so the bound at k must exceed the bound at k~ by at least what the move
    from k~ to k changes Psi by: |Psi(k) - Psi(k~)| is a sum of |k - k~| terms log1p(delta / (x +
    m)) over the m between, each at least t / (1 + t) for t = delta / (x + m) >= delta / X_hi
    (X_hi = x + max(k, k~) - 16), so at least |k - k~| delta / (X_hi + delta) (x <= y the
    computed a + 16 and d + 16, delta = y - x; exact Fractions).  Pairs with a large delta,
    where the move is largest."""
    from exactprune.certify.arrays import _gamma_log_tail
    k_float = GAMMA_SHIFT + int(float(k - GAMMA_SHIFT))
    assert k_float != k
    pairs = [(1.5, 1e6 + 1.5), (0.5, 4e4 + 0.5), (2e5 + 0.25, 3.25)]       # (a > d: the logarithm negated)
    a, d = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    bound_k = _gamma_log_tail((a, 0.0), (d, 0.0), k)[3]
    bound_float = _gamma_log_tail((a, 0.0), (d, 0.0), k_float)[3]
    for i, (x, y) in enumerate(pairs):
        low, high = sorted((Fraction(x) + GAMMA_SHIFT, Fraction(y) + GAMMA_SHIFT))
        x_high = low + (max(k, k_float) - GAMMA_SHIFT)
        move = abs(k - k_float) * (high - low) / (x_high + (high - low))
        assert Fraction(float(bound_k[i])) - Fraction(float(bound_float[i])) >= move, (x, y, k)


@pytest.mark.parametrize("k", [65, 4096, 2 ** 30])
@pytest.mark.parametrize("sign_a, sign_d", [(1, -1), (-1, 1), (1, 1), (-1, -1)])
def test_rising_ratio_gamma_array_bound_covers_the_inputs_own_errors(k, sign_a, sign_d):
    """Inputs known to within ra = rd = 2**-40 (relative): the ratio at the real a(1 +- ra),
    d(1 +- rd) - the corners that move it most - lies within the image's bound, every image
    valid.  (With exact inputs the image is far inside its bound; here the inputs' term of the
    bound is much of it: a bound that forgot it fails.)"""
    r = 2.0 ** -40
    pairs = [(300.5, 320.5), (0.75, 10.25), (5000.5, 5020.5), (50.0, 40.0)]
    a, d = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    values, rels = rising_ratio_gamma_array((a, r), (d, r), k)
    with flint.ctx.workprec(200):
        for i, (x, y) in enumerate(pairs):
            assert rels[i] < MAX_REL
            xa = _arb(Fraction(x) * (1 + sign_a * Fraction(r)))
            ya = _arb(Fraction(y) * (1 + sign_d * Fraction(r)))
            kb = flint.arb(k)
            ball = ((xa + kb).lgamma() - xa.lgamma() - (ya + kb).lgamma() + ya.lgamma()).exp()
            assert abs(ball - flint.arb(values[i])).upper() <= flint.arb(rels[i]) * flint.arb(values[i])


def test_rising_ratio_gamma_array_bound_is_mostly_the_inputs_term_when_they_are_loose():
    """With inputs loose by r = 2**-40 the worst corner uses at least a quarter of the bound (the
    inputs' term is not inflated far beyond its derivation): at k = 4096, a = 300.5, d = 400.5."""
    r, k = 2.0 ** -40, 4096
    values, rels = rising_ratio_gamma_array((np.array([300.5]), r), (np.array([400.5]), r), k)
    with flint.ctx.workprec(200):
        xa, ya, kb = _arb(Fraction(300.5) * (1 + Fraction(r))), _arb(Fraction(400.5) * (1 - Fraction(r))), flint.arb(k)
        ball = ((xa + kb).lgamma() - xa.lgamma() - (ya + kb).lgamma() + ya.lgamma()).exp()
    used = abs(ball - flint.arb(values[0])) / (flint.arb(values[0]) * flint.arb(rels[0]))
    assert 0.25 < used < 1


@given(st.integers(1, 2000), st.integers(0, 2000), st.integers(0, 3), st.sampled_from([65, 300, 4096, 4097]),
       st.integers(-60, 60))
def test_gamma_images_never_sign_a_near_tie_wrongly(b, extra, quarter, k, shift):
    """A near tie: the image of R = prod (a + m)/(d + m) against the correctly rounded float of
    R (1 + 2**-40 shift) (and of R itself, shift 0): the float filter either proves the exact
    sign of the difference or declines; it never proves the wrong one."""
    a, d = b + quarter / 4, b + extra + 0.5
    exact = _exact_ratio(a, d, k)
    values, rels = rising_ratio_gamma_array((np.array([a]), 0.0), (np.array([d]), 0.0), k)
    if not math.isfinite(rels[0]):
        assert not (2.0 ** -960 <= float(exact) < 2.0 ** 1000)      # no image only out of range
        return
    other = exact * (1 + flint.fmpq(shift, 2 ** 40))
    image = Approx.of(Fraction(int(other.p), int(other.q)))
    sign = float_sign_array((values, rels), (np.array([image.value]), image.rel))[0]
    truth = (shift < 0) - (shift > 0)           # R - R(1 + shift 2**-40)
    assert sign in (0, truth)


@pytest.mark.parametrize("a, d, k", [(1e5 + 0.5, 1e5 + 1.5, 2 ** 30),      # k' >> delta: form (A) small
                                     (1e5 + 0.5, 2e5 + 0.5, 65)])          # delta >> k': form (B) small
def test_rising_ratio_gamma_array_takes_the_form_without_cancellation(a, d, k):
    """Where one of the two exact forms of the log-Gamma difference cancels (terms of size
    x log(k/x) ~ 2e6 in (B) when k' >> delta, (X - 1/2) log1p(delta/X) ~ 7e4 in (A) when delta
    >> k'), the other's terms are small (about 20 and 150): the image takes the other, its
    bound below 2**-38 (the cancelling form's would be about 5e-9 and 4e-10), and holds the
    certified ball."""
    values, rels = rising_ratio_gamma_array((np.array([a]), 0.0), (np.array([d]), 0.0), k)
    assert rels[0] < 2.0 ** -38
    with flint.ctx.workprec(256):
        xa, ya, kb = flint.arb(a), flint.arb(d), flint.arb(k)
        ball = ((xa + kb).lgamma() - xa.lgamma() - (ya + kb).lgamma() + ya.lgamma()).exp()
    assert abs(ball - flint.arb(values[0])).upper() <= flint.arb(rels[0]) * flint.arb(values[0])


@pytest.mark.parametrize("k", [3, 17, 163, 164, 165, 400])
@given(st.lists(st.tuples(st.floats(0.5, 500.0), st.floats(0.0, 8.0)), min_size=1, max_size=5))
def test_rising_ratio_array_in_blocks_of_factors_is_the_scalar_loop_bit_for_bit(k, pairs):
    """200 elements (a block holds 163 factors of them), d = a + (0 to 8) so that the ratio
    stays in the float range: the block products multiply the factors in the loop's order, so
    every value is the scalar rule's float exactly, also across blocks (k = 164, 165, 400)."""
    a = np.resize(np.array([p[0] for p in pairs]), 200)
    d = a + np.resize(np.array([p[1] for p in pairs]), 200)
    values, rels = rising_ratio_array((a, U), (d, 0.0), k)
    for i in range(len(pairs)):
        scalar = rising_ratio(Approx(a[i], U), Approx(d[i], 0.0), k)
        assert _same((values[i], rels[i]), scalar)



# -- the log-Gamma image's parts, each against what its docstring derives (killed mutants of
#    _form_rel, _shifted_rel, _stirling_series and of rising_ratio_gamma_array's bound)

from exactprune.certify.arrays import _form_rel, _shifted_rel, _stirling_series     # noqa: E402


def test_form_rel_is_the_largest_term_bound_plus_two_roundings():
    """c = (max r_i + 2u) INFLATE^2: two differences, each rounding by at most u times the sum of
    the (non-negative) terms, on terms within r_i of their own values."""
    assert _form_rel(3 * U, U, 2 * U) == (3 * U + 2 * U) * INFLATE * INFLATE
    assert _form_rel(0.0, 0.0) == 2 * U * INFLATE * INFLATE


def test_shifted_rel_is_the_input_bound_where_the_shift_is_exact_else_the_sum_rule():
    """fl(v + 16): exact for 0.5, 2**40 + 0.5 and 0 (the bound stays r), rounded for 0.1, 1/3,
    2**-60, 8.947158621961735 and 3.03194829291645e18 (sum rule, r + u inflated); TwoSum decides
    which (the last two: values where a TwoSum written with s + v for s - v finds no error)."""
    v = np.array([0.5, 2.0 ** 40 + 0.5, 0.0, 0.1, 1 / 3, 2.0 ** -60, 8.947158621961735, 3.03194829291645e18])
    r = 2.0 ** -50
    got = _shifted_rel(v, r, v + GAMMA_SHIFT)
    assert got.tolist() == [r, r, r] + [sum_rel(r, 0.0)] * 5
    assert [Fraction(x) + GAMMA_SHIFT == Fraction(float(x + GAMMA_SHIFT)) for x in v.tolist()] == [True] * 3 + [False] * 5


@pytest.mark.parametrize("z", [16.0, 17.5, 100.25, 1e4])
def test_stirling_series_is_ln_gamma_less_its_leading_terms(z):
    """S(z) = lnG(z) - (z - 1/2) ln z + z - ln(2 pi)/2 (arb at 200 bits) within the remainder
    |B_12| / (132 z^11) and the evaluation's 27 u / (11.9 z): a wrong coefficient (of size
    1/1188 / z^9 ~ 1e-14 at z = 16) fails."""
    with flint.ctx.workprec(200):
        zb = flint.arb(z)
        exact = zb.lgamma() - (zb - flint.arb(1) / 2) * zb.log() + zb - (2 * flint.arb.pi()).log() / 2
    tolerance = (691 / 360360 / z ** 11 + 27 * U / (11.9 * z)) * 1.01
    assert abs(exact - flint.arb(float(_stirling_series(np.array([z]))[0]))).upper() <= tolerance


@pytest.mark.parametrize("a, d, k", [(3000.5, 3050.5, 40000), (3050.5, 3000.5, 40000), (1000.5, 2000.5, 1000)])
def test_rising_ratio_gamma_array_inputs_term_is_nearly_all_used_when_a_dwarfs_the_shift(a, d, k):
    """Inputs loose by r = 2**-40 with a, d >> 16 (the shift adds 0.5%): at the worst corner the
    ratio moves by r (a sum 1/(a+m) + d sum 1/(d+m)), and the bound's inputs term is
    e (2 + x l(k'/x) + y l(k'/y)) with e = r: over 97% of the bound is used, the corner inside.
    A term taken with the other node's log1p (at a = 1000.5, d = 2000.5 about 20% less), or a
    smaller e, fails."""
    r = 2.0 ** -40
    values, rels = rising_ratio_gamma_array((np.array([a]), r), (np.array([d]), r), k)
    with flint.ctx.workprec(200):
        xa, ya, kb = _arb(Fraction(a) * (1 + Fraction(r))), _arb(Fraction(d) * (1 - Fraction(r))), flint.arb(k)
        ball = ((xa + kb).lgamma() - xa.lgamma() - (ya + kb).lgamma() + ya.lgamma()).exp()
    used = abs(ball - flint.arb(values[0])) / (flint.arb(values[0]) * flint.arb(rels[0]))
    assert 0.97 < used < 1


@pytest.mark.parametrize("a, d", [(1 / 3, 2.0), (2.0, 2 / 3)])
def test_rising_ratio_gamma_array_reads_float32_values_in_float64(a, d):
    """fl32(1/3) or fl32(2/3) as a or d: the shifts fl(a + 16), fl(d + 16) are made in float64
    (in float32 they would round by about 2**-20, far outside the bound), and the image holds
    the exact ratio of the values given."""
    a32, d32 = np.array([a], dtype=np.float32), np.array([d], dtype=np.float32)
    values, rels = rising_ratio_gamma_array((a32, 0.0), (d32, 0.0), 100)
    assert _encloses(_exact_ratio(float(a32[0]), float(d32[0]), 100), values[0], rels[0])


def test_rising_ratio_gamma_array_warns_about_nothing_it_refuses():
    """Ratios that overflow or underflow, d = 0, a NaN: no image, and no floating-point warning
    escapes (with warnings as errors)."""
    a = np.array([900.0, 0.5, 1.0, np.nan])
    d = np.array([0.5, 900.5, 0.0, 2.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        values, rels = rising_ratio_gamma_array((a, 0.0), (d, 0.0), 4096)
    assert np.isinf(rels).all()


def _gamma_bound_from_its_derivation(a: float, d: float, r: float, k: int) -> float:
    """The relative bound of rising_ratio_gamma_array's image of prod_{m<k} (a+m)/(d+m), a and d
    within r of the real inputs, written out from the function's docstring (not its code): a + 16
    and d + 16 must be exact (so e_x = e_y = r), the computed log1p terms are the derivation's
    givens, the rules (product, quotient, function) are the kernel's, the sum E in exact rationals
    with Psi itself (arb, 200 bits) for the computed Psi's |last rounding| term."""
    x, y = sorted((a + GAMMA_SHIFT, d + GAMMA_SHIFT))
    assert Fraction(x) + Fraction(y) == Fraction(a) + Fraction(d) + 2 * GAMMA_SHIFT
    kk = float(k - GAMMA_SHIFT)
    delta, big_x = y - x, x + kk
    l = math.log1p
    t = [(big_x - 0.5) * l(delta / big_x), (x - 0.5) * l(delta / x), delta * l(kk / y),       # form (A)
         (x - 0.5) * l(kk / x), (y - 0.5) * l(kk / y), kk * l(delta / big_x)]                  # form (B)
    one, condition = product_rel(0.0, 0.0), 1 + 2.0 ** -40      # one rounding; >= 1 / (1 - 2**-41)
    log_q = function_rel(one, condition)                           # l of an exact numerator over an exact x or y
    log_delta_x = function_rel(quotient_rel(one, 0.0), condition)   # delta (one rounding) over the exact x
    log_delta_big_x = function_rel(quotient_rel(one, one), condition)    # delta over X (one rounding each)
    c_a = max(product_rel((one * 32 / 31 + U) * INFLATE, log_delta_big_x), product_rel(one, log_delta_x),
              product_rel(one, log_q))
    c_b = max(product_rel(one, log_q), product_rel(0.0, log_delta_big_x))
    c_a, c_b = (Fraction(c) + 2 * Fraction(U) for c in (c_a, c_b))      # two roundings of the differences ...
    inflate = Fraction(INFLATE)
    c_a, c_b = c_a * inflate * inflate, c_b * inflate * inflate        # ... inflated twice
    form_error = min(c_a * sum(map(Fraction, t[:3])), c_b * sum(map(Fraction, t[3:])))
    rest = Fraction(4 * 691, 360360) / Fraction(16) ** 11
    with flint.ctx.workprec(200):
        xa, ya, kb = flint.arb(x), flint.arb(y), flint.arb(kk)
        psi = (xa + kb).lgamma() - xa.lgamma() - (ya + kb).lgamma() + ya.lgamma()
    e = Fraction(r)
    moved = e / (1 - e) * (2 + (Fraction(x) * Fraction(l(kk / x)) + Fraction(y) * Fraction(l(kk / y))) * Fraction(condition))
    big_e = (form_error + 2 * Fraction(U) + rest + moved + Fraction(U) * abs(Fraction(float(psi.mid())))) * inflate
    tail = product_rel(float(big_e * (1 + big_e) * inflate), function_rel(0.0, 0.0))    # exp's E (1 + E), exp's ulps
    return product_rel(rising_ratio_rel(r, r, GAMMA_SHIFT), tail)        # times the first 16 factors' image


@pytest.mark.parametrize("a, d, r, k", [
    (0.5, 1.5, 0.0, 1000),          # delta small against k': form (A)
    (1.5, 0.5, 0.0, 1000),          # the same swapped
    (0.5, 1000.5, 0.0, 40),         # k' small against delta: form (B)
    (3.25, 7.75, 0.0, 100),
    (0.5, 51.5, 2.0 ** -30, 1000),  # loose inputs: the inputs' term dominates
    (120.5, 337.5, 2.0 ** -34, 40),
])
def test_rising_ratio_gamma_array_bound_is_its_derivation_term_by_term(a, d, r, k):
    """The returned bound equals the docstring's, computed independently
    (:func:`_gamma_bound_from_its_derivation`), within 8u relative (the code sums five float terms
    and rounds each product; the derivation's sum is exact): every piece pinned, so a term
    counted twice, a sign or INFLATE flipped, ``e / (1 - e)`` altered or ``E (1 + E)`` changed
    fails, although each such change moves the bound by far less than the image's own slack."""
    values, rels = rising_ratio_gamma_array((np.array([a]), r), (np.array([d]), r), k)
    expected = _gamma_bound_from_its_derivation(a, d, r, k)
    assert abs(Fraction(float(rels[0])) - Fraction(expected)) <= 8 * Fraction(U) * Fraction(expected)


# ---------------------------------------------------------------------------------------------
# several orders at once (issue 38's _running_products): survivors of the mutation run of
# 2026-11-29 (h-mut3)
# ---------------------------------------------------------------------------------------------


def test_rising_ratio_array_at_order_0_among_several_orders_is_the_empty_product():
    """An array of orders holding 0: that column is the empty product, exactly 1 with bound 0,
    for every element (a = 0 too, whose other orders are the exact 0); the other columns hold
    each exact product prod_{m<k} (a+m)/(d+m) within their bounds.  Mutants: order 0 read as
    the first factor (``orders >= 0``) or as 2."""
    a, d = np.array([[1.0], [3.0], [0.0]]), np.array([[2.0], [5.0], [2.0]])
    orders = np.array([0, 1, 3])
    value, rel = rising_ratio_array((a, 0.0), (d, 0.0), orders)
    assert value.shape == rel.shape == (3, 3)
    assert value[:, 0].tolist() == [1.0, 1.0, 1.0] and rel[:, 0].tolist() == [0.0, 0.0, 0.0]
    for row, (x, y) in enumerate(zip(a.ravel().tolist(), d.ravel().tolist())):
        for column, k in enumerate(orders.tolist()):
            exact, v, r = _exact_rising_ratio(x, y, k), Fraction(float(value[row, column])), Fraction(float(rel[row, column]))
            assert abs(exact - v) <= r * v
    assert value[2, 1:].tolist() == [0.0, 0.0]          # a = 0 at k >= 1: the exact 0


def test_rising_ratio_array_of_no_orders_is_an_empty_column_block():
    """An empty array of orders gives arrays of no columns (shape (n, 0)), as an empty level
    gives no rows.  It raised numpy's "zero-size array to reduction operation minimum" (the
    all-valid shortcut read ``value.min()`` guarded by the size of ``a``, not of the result);
    mutant: the largest order's ``max(initial=0)`` without its initial value."""
    a, d = np.array([[1.0], [3.0]]), np.array([[2.0], [5.0]])
    value, rel = rising_ratio_array((a, 0.0), (d, 0.0), np.array([], dtype=np.int64))
    assert value.shape == rel.shape == (2, 0)


def test_rising_ratio_array_refuses_several_orders_with_bounds_per_element():
    """Several orders need one bound for a and one for d (the rule per order): per-element
    bounds are refused by name.  Mutants: the message dropped or changed."""
    a, d = np.array([[1.0], [3.0]]), np.array([[2.0], [5.0]])
    with pytest.raises(ValueError) as info:
        rising_ratio_array((a, np.zeros((2, 1))), (d, 0.0), np.array([1, 2]))
    assert str(info.value) == "rising_ratio_array: several orders need one bound for every element of a and of d"


@pytest.mark.parametrize("a_shape", [(1, 4), (4,)])
def test_rising_ratio_array_with_a_column_of_orders_against_a_row_of_elements(a_shape):
    """Orders of shape (2, 1) against elements of shape (1, 4) or (4,): a (2, 4) result whose
    row i is order i's image of every element, bit for bit the one order's (the loop's) floats
    and bound, and within that bound of the exact product.  Elements of shape (4,) raised a
    broadcast error (the factors' axis was aligned with a's dimensions, not the result's);
    mutant: the rule per order reshaped to the orders' ravel, (2,), not (2, 1)."""
    av, dv = np.array([1.0, 2.5, 3.0, 0.5]), np.array([2.0, 3.0, 7.0, 1.5])
    orders = np.array([[1], [3]])
    value, rel = rising_ratio_array((av.reshape(a_shape), 0.0), (dv.reshape(a_shape), 0.0), orders)
    assert value.shape == rel.shape == (2, 4)
    for row, k in enumerate(orders.ravel().tolist()):
        one_v, one_r = rising_ratio_array((av, 0.0), (dv, 0.0), k)
        assert value[row].tolist() == one_v.tolist() and rel[row].tolist() == np.broadcast_to(one_r, (4,)).tolist()
        for x, y, v, r in zip(av.tolist(), dv.tolist(), value[row].tolist(), rel[row].tolist()):
            assert abs(_exact_rising_ratio(x, y, k) - Fraction(v)) <= Fraction(r) * Fraction(v)


def test_rising_ratio_array_of_several_orders_all_valid_returns_one_bound_per_order_read_only():
    """Every element valid and both bounds scalars: the bounds are a read-only broadcast of one
    rule per order (the docstring's layout; the general path would allocate a full array),
    each order's the scalar rule.  Orders 1, 2, 5 (order 1 included).  Mutants: the shortcut
    never taken (its `all orders positive` or `every rule within MAX_REL` read as False), or
    taken only above order 1."""
    a, d = np.array([[1.0], [2.5], [3.0]]), np.array([[2.0], [3.0], [7.0]])
    orders = np.array([1, 2, 5])
    value, rel = rising_ratio_array((a, 2 * U), (d, U), orders)
    assert not rel.flags.writeable
    for column, k in enumerate(orders.tolist()):
        assert rel[:, column].tolist() == [rising_ratio_rel(2 * U, U, k)] * 3


def test_rising_ratio_array_at_order_0_keeps_an_invalid_element_invalid():
    """An element not vouched for (a infinite or NaN) is invalid at every order, the empty
    product at order 0 too: each order's column equals the one order's image (NaN, inf), as the
    scalar call at k = 0 gives.  Mutant: the all-valid shortcut admitted order 0 (its product
    1 is finite and >= TINY whatever a is)."""
    a, d = np.array([[math.inf], [math.nan], [1.0]]), np.array([[2.0], [2.0], [2.0]])
    for orders in (np.array([0]), np.array([0, 0])):
        value, rel = rising_ratio_array((a, 0.0), (d, 0.0), orders)
        one_v, one_r = rising_ratio_array((a[:, 0], 0.0), (d[:, 0], 0.0), 0)
        for column in range(orders.size):
            np.testing.assert_array_equal(value[:, column], one_v)
            np.testing.assert_array_equal(rel[:, column], one_r)
        assert math.isnan(value[0, 0]) and rel[0, 0] == math.inf and (value[2, 0], rel[2, 0]) == (1.0, 0.0)
