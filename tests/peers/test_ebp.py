"""EBP (exactprune.peers.ebp) against C4.5's and J48's definitions, the exact binomial limit
and an independent mpmath reimplementation.

The tests written to kill mutants (scripts/mutation.py, docs/mutation.md; formerly
tests/mutation/test_mutants_ebp.py, and those written for the survivors of the mutation run of
2026-11-26) sit with the tests of the function they check. Mutants of exactprune.peers.ebp that its
own tests let through: the edges of the float term's derivation (counts from 2**52, CF > 1/2 with
no errors, a float that underflowed to 0), the array helpers' bounds, subtree raising on a tree
whose tests come from JSON, and the input checks.  Expected values come from the module docstring's
rules or are worked out by hand."""
from __future__ import annotations

import functools
import math
from fractions import Fraction

import flint
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune.certify import INFLATE, U
from exactprune.numbers import arb_of
from exactprune.peers import ebp as E
from exactprune.tree import Node, Tree, copy_with_leaves, iris_tree
from helpers import assert_ball
from random_trees import count_trees


# -- the z of a confidence factor: ebp_z (C4.5's table, Weka's normal quantile) ----------------

def test_c45_z_is_the_interpolated_table_value():
    assert E._c45_coeff(Fraction(1, 4)) == Fraction(277, 400)  # 0.6925
    assert_ball(E.ebp_z("0.25", "c45"), Fraction(277, 400), 1e-15)


def test_weka_z_is_the_normal_quantile_certified():
    z = E.ebp_z("1/4", "weka")
    with flint.ctx.workprec(200):
        phi = (1 + (z / flint.arb(2).sqrt()).erf()) / 2      # Phi(z) must be 3/4
        assert_ball(phi, Fraction(3, 4), 1e-30)
        assert z.rad() < flint.arb("1e-40")
    assert abs(float(z.mid()) - 0.6744897501960817) < 1e-15


@pytest.mark.parametrize("cf", ["0", "1", "3/2", "-1/4"])
def test_ebp_z_refuses_cf_outside_0_1(cf):
    with pytest.raises(ValueError, match=rf"^cf must lie strictly between 0 and 1, got {cf}$"):
        E.ebp_z(cf)


def test_ebp_z_names_its_arguments():
    with pytest.raises(TypeError, match=r"^cf must be exact"):
        E.ebp_z(0.25)
    with pytest.raises(ValueError, match=r"^variant must be 'c45' or 'weka', got 'c50'$"):
        E.ebp_z("1/4", "c50")


@pytest.mark.parametrize("cf, z", [("1/2000", Fraction(3545, 1000)), ("1/5", Fraction(84, 100)),
                                   ("3/10", Fraction(84 + 25, 200))])
def test_c45_z_interpolates_from_the_first_table_interval(cf, z):
    """C4.5 R8's table Val = 0, .001, .005, ..., Dev = 4, 3.09, ...: CF = 1/2000 lies halfway in the
    first interval, z = 4 + (3.09 - 4) / 2 = 3.545; CF = 0.2 is the entry 0.84; CF = 0.3
    halfway between 0.2 (0.84) and 0.4 (0.25)."""
    assert E._c45_coeff(Fraction(cf)) == z


# -- the binomial upper limit ------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["c45", "weka"])
@pytest.mark.parametrize("n", [1, 2, 6, 17, 100])
def test_ebp_zero_errors_is_the_exact_binomial_limit(variant, n):
    """e = 0: N (1 - CF^(1/N)) solves (1 - p)^N = CF exactly."""
    extra = E.ebp_extra_errors(n, 0, "1/4", variant)
    u = E.binomial_upper_limit(n, 0, "1/4", bits=120)
    assert abs(float(extra.mid()) - n * float(u)) < 1e-12
    assert extra.overlaps(arb_of(n * u)) or abs(extra - arb_of(n * u)) < flint.arb(2) ** -100


@functools.lru_cache(maxsize=None)
def _exact_extra_errors(n: int, e: int) -> Fraction:
    """N U_25%(e, N) - e from the exact binomial limit, bracketed to 2^-30 (N 2^-30 is far below
    the 1% of N tolerated below); cached: both variants are checked against the same values."""
    return n * E.binomial_upper_limit(n, e, bits=30) - e


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_limit_approximates_the_binomial_tail(variant):
    """The normal (Wilson, continuity-corrected) limit is within 1% of N of the exact
    binomial upper limit it approximates, for 1 <= e < N/2, N in 10..200."""
    for n in (10, 25, 60, 200):
        for e in range(1, n // 2, max(1, n // 8)):
            exact_extra = _exact_extra_errors(n, e)
            approx = E.ebp_extra_errors(n, e, "1/4", variant)
            assert abs(float(approx.mid()) - float(exact_extra)) <= 0.01 * n, (n, e, variant)


def test_binomial_upper_limit_edges_by_hand():
    """One bisection step on [0, 1] at n = 1, e = 0, CF = 1/2: mid 1/2 has P[Bin(1, 1/2) <= 0] =
    1/2, not above CF, so the bracket becomes [0, 1/2] and its upper end is returned.  e = n gives
    1 exactly (every p is within the limit); e > n and inexact inputs are refused by name."""
    assert E.binomial_upper_limit(1, 0, "1/2", bits=1) == Fraction(1, 2)
    assert E.binomial_upper_limit(3, 3) == 1
    assert E.binomial_upper_limit(3, 2, bits=80) < 1
    with pytest.raises(ValueError, match=r"^e must be at most n = 3, got 4$"):
        E.binomial_upper_limit(3, 4)
    with pytest.raises((TypeError, ValueError), match=r"^n must"):
        E.binomial_upper_limit(1.5, 0)
    with pytest.raises((TypeError, ValueError), match=r"^e must"):
        E.binomial_upper_limit(3, 0.5)
    with pytest.raises(TypeError, match=r"^cf must be exact"):
        E.binomial_upper_limit(3, 1, 0.25)


def test_binomial_upper_limit_defaults_to_a_bracket_of_2_to_the_minus_60():
    """Bisection from [0, 1] for 60 steps: the upper end is a multiple of 2^-60 with
    P[Bin(n, hi) <= e] <= CF < P[Bin(n, hi - 2^-60) <= e] (computed here exactly)."""
    def tail(n, e, p):
        return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(e + 1))
    step = Fraction(1, 2 ** 60)
    for n, e in [(6, 0), (10, 2), (7, 3), (20, 5)]:
        hi = E.binomial_upper_limit(n, e)
        assert (hi / step).denominator == 1
        assert tail(n, e, hi) <= Fraction(1, 4) < tail(n, e, hi - step)
    assert any((E.binomial_upper_limit(n, e, bits=61) / step).denominator == 2 for n, e in [(6, 0), (10, 2), (7, 3), (20, 5)])


# -- the extra errors of a leaf (AddErrs) ------------------------------------------------------

def test_ebp_edge_cases_differ_between_variants():
    assert_ball(E.ebp_extra_errors(4, 4, "1/4", "c45"), 0, 1e-12)
    assert_ball(E.ebp_extra_errors(4, Fraction(7, 2), "1/4", "c45"), Fraction(67, 200), 1e-12)
    assert_ball(E.ebp_extra_errors(4, Fraction(7, 2), "1/4", "weka"), Fraction(1, 2), 1e-12)
    assert E.ebp_extra_errors(4, 1, "3/5", "weka") == 0            # J48 ignores CF > 0.5
    # 0 < e < 1: linear interpolation between e = 0 and e = 1
    a0, a1 = E.ebp_extra_errors(10, 0), E.ebp_extra_errors(10, 1)
    mid = E.ebp_extra_errors(10, Fraction(1, 2))
    assert_ball(mid, a0 + (a1 - a0) / 2, 1e-12)


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_float_extra_errors_match_the_certified_values(variant):
    m = E._EBP("1/4", variant, 2)
    for n in (1, 2, 3, 7, 50, 999, 10 ** 5, 2 ** 19):
        for e in sorted({0, 1, 2, n // 3, n // 2, n - 1, n}):
            if 0 <= e <= n:
                ref = E.ebp_extra_errors(n, e, "1/4", variant)
                value = m.terms([n], [e])[0][0] - e
                assert abs(value - float(ref.mid())) <= 1e-12 * (1 + e + abs(float(ref.mid())))


def _addErrs(n, e, cf, z):
    """C4.5 R8's AddErrs (prune.c) transcribed in arb, with the coefficient z given:
    e < 1e-6 (C4.5) or e = 0: N (1 - CF^(1/N)); then below 0.9999 (C4.5) or 1 (J48) the linear
    interpolation towards e = 1; then Wilson's limit with e + 1/2."""
    import flint
    N, e, cf = flint.arb(n), flint.arb(e.numerator) / e.denominator, flint.arb(cf.numerator) / cf.denominator
    base = N * (1 - (cf.log() / N).exp())

    def wilson(e):
        e5 = e + flint.arb(1) / 2
        pr = (e5 + z * z / 2 + (z * z * (e5 * (1 - e5 / N) + z * z / 4)).sqrt()) / (N + z * z)
        return N * pr - e
    return base, base + e * (wilson(flint.arb(1)) - base), wilson(e)


@pytest.mark.parametrize("variant, e, branch", [
    ("c45", Fraction(9, 10 ** 7), 0), ("c45", Fraction(1, 10 ** 6), 1), ("c45", Fraction(99985, 100000), 1),
    ("c45", Fraction(9999, 10000), 2), ("c45", Fraction(99995, 100000), 2),
    ("weka", Fraction(9, 10 ** 7), 1), ("weka", Fraction(99995, 100000), 1), ("weka", Fraction(3, 2), 2),
])
def test_fractional_errors_take_c45_s_and_j48_s_branches(variant, e, branch):
    """C4.5 cases may be fractional: below 1e-6 errors C4.5 uses the e = 0 limit (J48 only at
    e = 0), below 0.9999 (J48: 1) the interpolation, then Wilson's limit (N = 6, CF = 1/4)."""
    import flint
    z = E.ebp_z("1/4", variant)
    expected = _addErrs(6, e, Fraction(1, 4), z)
    got = E.ebp_extra_errors(6, e, "1/4", variant)
    assert got.overlaps(expected[branch])
    assert all(not got.overlaps(other) for i, other in enumerate(expected) if i != branch and
               not other.overlaps(expected[branch]))
    assert flint.arb(float(got.mid())).overlaps(expected[branch]) or abs(float(got.mid()) -
                                                                          float(expected[branch].mid())) < 1e-12


@pytest.mark.parametrize("cf, expected", [("1/2", 4 * (1 - 2 ** -0.25)), ("2/5", 4 * (1 - 0.4 ** 0.25)),
                                          ("501/1000", 0.0)])
def test_j48_gives_no_extra_errors_only_above_one_half(cf, expected):
    """J48's addErrs returns 0 for CF > 0.5; at CF = 1/2 and below the e = 0 limit N (1 - CF^(1/N))
    holds (N = 4)."""
    assert float(E.ebp_extra_errors(4, 0, cf, "weka").mid()) == pytest.approx(expected, abs=1e-14)


@pytest.mark.parametrize("args, error, message", [
    ((10, 9.5), TypeError, r"^e must be exact: got the float 9\.5"),
    ((10, 1, 0.25), TypeError, r"^cf must be exact: got the float 0\.25"),
    ((0, 0), ValueError, r"^n must be positive, got 0$"),
    ((-2, 0), ValueError, r"^n must be positive, got -2$"),
    ((4, 5), ValueError, r"^e must lie in \[0, n\] = \[0, 4\], got 5$"),
    ((4, 1, 0), ValueError, r"^cf must lie strictly between 0 and 1, got 0$"),
    ((4, 1, 1), ValueError, r"^cf must lie strictly between 0 and 1, got 1$"),
])
def test_extra_errors_inputs_are_checked_by_name(args, error, message):
    with pytest.raises(error, match=message):
        E.ebp_extra_errors(*args)


def machine(cf="1/4", variant="c45"):
    return E._EBP(cf, variant, 2)


def test_an_empty_leaf_is_an_exact_zero():
    value, rel = machine().terms([0, 5], [0, 0])
    assert (value[0], rel[0]) == (0.0, 0.0) and value[1] > 0


def test_an_empty_leaf_costs_nothing_and_warns_nothing_even_above_cf_one_half():
    """root (2, 1) -> (0, 0), (2, 1) at CF = 3/4 (C4.5): the empty leaf's term is an exact 0 (no
    division by its N = 0 reaches the user as a warning), so E_tree = T(3, 1) = E_leaf and the
    one decision (prune: E_leaf <= E_tree + 0.1) is settled by the float filter: the other leaf has
    an error, so its bound is finite; only an e = 0 term above CF = 1/2 has none."""
    import warnings
    t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [0, 0]}, {"counts": [2, 1]}]}')
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = E.ebp_prune(t, cf="3/4")
    assert r.pruned == ["root"] and r.routes == {"float": 1, "arb": 0, "exact": 0}


# -- the float filter and its certified comparisons --------------------------------------------

@pytest.mark.parametrize("cf", ["1/4", "1/2", "1/100", "2/5", "1/1000000", "3/5"])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_term_bounds_contain_the_certified_terms_and_are_not_loose(variant, cf):
    """Every float term's relative bound (derived from certify's rules, module docstring)
    encloses the certified ball of e + extra errors (arb at 200 bits: |T - v| <= rel v must be
    certain) on every branch (e = 0, Wilson, the e + 1/2 >= n edge, counts up to 2**51, J48 at
    CF = 1/2 where z = 0, and past 1/2 where T = e), and is at most 32 u (the hand count was
    about 22 u); the e = 0 terms at CF > 1/2 carry none."""
    m = E._EBP(cf, variant, 2)
    ns, es = [], []
    for n in (1, 2, 3, 7, 50, 999, 10 ** 5, 2 ** 19, 2 ** 40 + 1, 2 ** 51 - 1):
        for e in sorted(e for e in {0, 1, 2, n // 3, n // 2, n - 1, n} if e <= n):
            ns.append(n)
            es.append(e)
    values, rels = m.terms(ns, es)
    with flint.ctx.workprec(200):
        for n, e, value, rel in zip(ns, es, values.tolist(), rels.tolist()):
            if rel == math.inf:
                assert e == 0 and Fraction(cf) > Fraction(1, 2) and variant == "c45", (n, e)
                continue
            exact_term = e + E.ebp_extra_errors(n, e, cf, variant)
            assert abs(exact_term - arb_of(Fraction(value))) <= arb_of(Fraction(rel) * Fraction(value)), (n, e)
            assert rel <= 32 * 2.0 ** -53, (n, e, rel)


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_certified_path_agrees_with_the_float_filter(monkeypatch, variant):
    """Every EBP comparison forced through the certified arb path (infinite term bound)
    gives the same pruned tree as the float filter, with raising on real data."""
    fast, slow = _filtered_and_forced_to_arb(monkeypatch, variant, True, 400, seed=7)
    assert slow.fallbacks > 0 and fast.fallbacks < slow.fallbacks
    assert (slow.pruned, slow.raised) == (fast.pruned, fast.raised)
    assert sorted((l.name, l.counts) for l in slow.tree.leaves()) == sorted((l.name, l.counts) for l in fast.tree.leaves())


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_term_bound_is_finite_below_2_52_cases_and_infinite_from_there(variant):
    """The derivation needs exact float counts: n < 2**52 gets a bound (a few u), n >= 2**52 none."""
    value, rel = machine(variant=variant).terms([2 ** 52 - 1, 2 ** 52], [1, 1])
    assert 0 < rel[0] <= 32 * U and value[0] > 0
    assert rel[1] == math.inf


def test_cf_above_one_half_with_no_errors_has_no_bound_but_with_errors_has():
    """C4.5 at CF = 3/5: the e = 0 term N (1 - CF^(1/N)) is outside the derivation (|log CF| <
    ln 2), the Wilson term (e = 1) is inside.  At CF = 1/2 exactly both are inside."""
    value, rel = machine("3/5").terms([10, 10], [0, 1])
    assert rel[0] == math.inf and 0 < rel[1] <= 32 * U
    value, rel = machine("1/2").terms([10], [0])
    assert 0 < rel[0] <= 32 * U


def test_weka_above_one_half_terms_are_the_errors_exactly():
    """J48 ignores CF > 1/2: T = e, bound 0; at CF = 1/2 itself z = 0 and the Wilson limit with
    c = 0 gives pr = (e + 1/2)/n, so T = e + 1/2 for 0 < e < n - 1/2."""
    value, rel = machine("3/5", "weka").terms([10, 10, 0], [0, 3, 0])
    assert value.tolist() == [0.0, 3.0, 0.0] and rel.tolist() == [0.0, 0.0, 0.0]
    value, _ = machine("1/2", "weka").terms([10], [3])
    assert abs(value[0] - 3.5) < 1e-12


def test_a_term_that_underflowed_to_zero_is_never_claimed_exact():
    """CF = 1 - 2**-60 rounds to 1.0, so the float of N (1 - CF^(1/N)) is 0 though the term is
    about 2**-60: its bound is infinite, and neither the scalar nor the array form calls it exact
    (a subtree holding it has an infinite bound too)."""
    from exactprune.certify import Approx, total_array
    m = machine(1 - Fraction(1, 2 ** 60))
    value, rel = m.terms([3], [0])
    assert value[0] == 0.0 and rel[0] == math.inf
    assert not Approx.bounded(float(value[0]), float(rel[0])).valid
    assert total_array((np.array([0.0, 1.0]), np.array([math.inf, 0.0])), np.array([0, 0]), 1)[1][0] == math.inf
    assert E._total([(0.0, math.inf), (1.0, 0.0)]) == (1.0, math.inf)
    assert Approx.bounded(0.0, 0.0).valid and Approx.bounded(0.0, 0.0).value == 0.0


def test_total_adds_u_per_term():
    """_total of (1, 0) and (2, u): value 3, bound (u + u) inflated (the sum rule: the larger
    relative bound plus u per addition); ebp_z() is C4.5's at CF = 1/4."""
    assert E._total([(1.0, 0.0), (2.0, U)]) == (3.0, 2 * U * INFLATE)
    assert E.ebp_z().contains(E.arb_of(Fraction(277, 400))) and E.ebp_z().rad() < 1e-15


def test_pair_counts_errors_against_the_majority():
    assert E._pair([3, 5, 1]) == (9, 4) and E._pair([0, 0, 0]) == (0, 0)


@pytest.mark.parametrize("raising", [False, True])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_every_comparison_through_arb_gives_the_float_result(monkeypatch, raising, variant):
    """With every term's bound infinite the float filter declines everywhere and the arb route (the leaf
    pairs of both sides) decides; the result must be the filter's."""
    fast, slow = _filtered_and_forced_to_arb(monkeypatch, variant, raising, 150, seed=6)
    assert fast.routes["arb"] == 0 and slow.routes["float"] == 0 and slow.routes["arb"] > 0
    assert (slow.pruned, slow.raised) == (fast.pruned, fast.raised)
    assert [(n.name, n.counts) for n in slow.tree.root.walk()] == [(n.name, n.counts) for n in fast.tree.root.walk()]


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_the_arb_difference_uses_the_variant(variant):
    """est(6, 1) - est(6, 0) - slack with slack between the two variants' values of that
    difference: the sign tells the variant (values from ebp_extra_errors, itself checked against
    mpmath and the binomial limit)."""
    diff = {v: 1 + E.ebp_extra_errors(6, 1, "1/4", v) - E.ebp_extra_errors(6, 0, "1/4", v) for v in ("c45", "weka")}
    assert diff["weka"] < diff["c45"]
    slack = Fraction(int(float(((diff["c45"] + diff["weka"]) / 2).mid()) * 10 ** 12), 10 ** 12)
    m = machine(variant=variant)
    got = m.difference_arb([(6, 1), (0, 0)], [(6, 0)], slack)
    assert (got > 0) == (variant == "c45") and (got < 0) == (variant == "weka")


def test_every_split_of_iris_is_decided_by_the_float_filter():
    """Zhong's iris tree has 7 splits, none near a tie: 7 float decisions, no fallback."""
    from exactprune.tree import iris_tree
    r = E.ebp_prune(iris_tree())
    assert r.routes == {"float": 7, "arb": 0, "exact": 0} and r.fallbacks == 0


@pytest.mark.parametrize("left, right", [((4, 3), (1, 2)), ((3, 4), (10, 5))])
def test_a_leaf_within_the_slack_of_its_subtree_is_pruned(left, right):
    """C4.5 prunes when E_leaf <= E_tree + 0.1.  For these stumps E_leaf - E_tree lies in (0, 0.1)
    and in (-0.1, 0) (certified from ebp_extra_errors): pruned either way; a rule with the slack
    subtracted (E_leaf <= E_tree - 0.1) would keep both."""
    def term(counts):
        n = sum(counts)
        return n - max(counts) + E.ebp_extra_errors(n, n - max(counts))
    parent = [a + b for a, b in zip(left, right)]
    diff = term(parent) - term(left) - term(right)
    tenth = E.arb_of(Fraction(1, 10))
    assert (0 < diff < tenth) or (-tenth < diff < 0)
    t = Tree.from_json(f'{{"counts": {parent}, "children": [{{"counts": {list(left)}}}, {{"counts": {list(right)}}}]}}')
    assert E.ebp_prune(t).pruned == ["root"]


@pytest.mark.parametrize("value, bound", [(0.5, 1e-10), (3.0, 1e-12), (1e-3, 1e-20), (1.0, 2.0 ** -40)])
def test_rel_of_abs_turns_an_absolute_bound_into_a_covering_relative_one(value, bound):
    """|X - v| <= b becomes rel >= b / v (checked in exact rationals, so a rounding of b / v
    downwards would fail), and no looser than b / v inflated by a few ulps (a looser bound would
    send needless comparisons to arb).  At v = 0 only an exact 0 (b = 0) is vouched for
    (raising's branch estimate goes through this rule)."""
    from exactprune.certify import Approx, rel_of_abs
    a = Approx.bounded(value, rel_of_abs(value, bound))
    assert a.value == value and a.valid
    assert Fraction(a.rel) * Fraction(value) >= Fraction(bound)
    assert a.rel <= bound / value * (1 + 2.0 ** -40)
    assert rel_of_abs(0.0, bound) == math.inf and rel_of_abs(0.0, 0.0) == 0.0


def test_counts_from_2_to_the_52_are_decided_in_arb():
    """root (2^52, 1) -> (2^52, 0), (0, 1): the float terms of N >= 2^52 carry no bound (their
    counts may not be exact floats), so the decision E_leaf <= E_tree + 0.1 is made in arb, as the
    direct definition with ebp_extra_errors gives."""
    big = 2 ** 52
    t = Tree.from_json(f'{{"counts": [{big}, 1], "children": [{{"counts": [{big}, 0]}}, {{"counts": [0, 1]}}]}}')
    leaf = 1 + E.ebp_extra_errors(big + 1, 1)
    tree = E.ebp_extra_errors(big, 0) + E.ebp_extra_errors(1, 0)
    prune = (leaf - tree - flint.arb(1) / 10) < 0
    assert prune or (leaf - tree - flint.arb(1) / 10) > 0          # the definition decides
    r = E.ebp_prune(t)
    assert r.pruned == (["root"] if prune else []) and r.routes["arb"] == 1


@pytest.mark.parametrize("cf", [Fraction(1, 10 ** 300), Fraction(1, 10 ** 310), Fraction(1, 10 ** 400)])
def test_a_cf_below_tiny_sends_the_no_error_terms_to_arb(cf):
    """fl(CF) below certify.TINY = 2**-960 (1e-300), subnormal (1e-310: relative error far above
    u) or 0 (1e-400: log would fail): certify does not vouch for it, so the e = 0 terms carry no
    bound and every comparison involving one goes to arb instead of trusting the float (or
    raising a math domain error).  On the iris tree the pruning is the one at CF = 1e-280 (above
    TINY, decided by the float filter; N (1 - CF^(1/N)) is about N for every N <= 50 at all of
    them)."""
    m = machine(cf)
    value, rel = m.terms([5, 5], [0, 1])
    assert rel[0] == math.inf and rel[1] < 32 * U
    r, normal = E.ebp_prune(iris_tree(), cf=cf), E.ebp_prune(iris_tree(), cf=Fraction(1, 10 ** 280))
    assert r.routes["arb"] > 0 and normal.routes["arb"] == 0
    assert r.pruned == normal.pruned and r.tree.n_leaves == normal.tree.n_leaves


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_no_error_terms_share_one_bound_and_an_all_error_term_has_only_the_last_rounding(variant):
    """The e = 0 rule gives one relative bound for every n (module docstring), whether the term
    is below 1 (n = 1: 3/4) or above; a leaf with e = n errors has extra errors exactly 0 (C4.5:
    0.67 x 0; J48: max(0, 0)), so T = n exactly and its bound is only the final sum's rounding,
    about u.  Mutants: the relative bound of a term below 1 taken as its absolute bound; the
    edge's error multiplied by n + e instead of n - e."""
    value, rel = machine(variant=variant).terms([1, 10, 1000, 7], [0, 0, 0, 7])
    assert value[0] == 0.75 and value[1] > 1
    assert rel[0] == rel[1] == rel[2]
    assert value[3] == 7.0 and U <= rel[3] <= 1.5 * U


# -- pruning without raising: ebp_prune --------------------------------------------------------

def test_ebp_inputs_are_checked():
    with pytest.raises(TypeError, match="cf"):
        E.ebp_extra_errors(10, 1, 0.25)
    with pytest.raises(TypeError, match="n must be exact"):
        E.ebp_extra_errors(10.0, 1)
    with pytest.raises(ValueError, match="variant"):
        E.ebp_extra_errors(10, 1, "1/4", "c50")
    with pytest.raises(ValueError, match="e must lie"):
        E.ebp_extra_errors(10, 11)


def _ebp_reference(node: Node, variant="c45", cf=Fraction(1, 4)):
    """Straight recursive EBP without raising, mpmath at 60 digits (independent code)."""
    import mpmath
    mp = mpmath.MPContext()             # a local context: the global mpmath.mp is left alone
    mp.dps = 60
    z2 = mp.mpf(277) ** 2 / 400 ** 2 if variant == "c45" else mp.sqrt(2) * mp.erfinv(1 - 2 * mp.mpf(cf.numerator) / cf.denominator)
    if variant == "weka":
        z2 = z2 ** 2

    def extra(n, e):
        N = mp.mpf(n)
        if e == 0:
            return N * (1 - mp.power(mp.mpf(1) / 4, 1 / N))
        if e + 0.5 >= n:
            return (mp.mpf(67) / 100 if variant == "c45" else 1) * (n - e)
        e5 = e + mp.mpf(1) / 2
        pr = (e5 + z2 / 2 + mp.sqrt(z2 * (e5 * (1 - e5 / N) + z2 / 4))) / (N + z2)
        return N * pr - e

    def leaf(nd):
        return 0 if nd.n == 0 else nd.errors + extra(nd.n, nd.errors)

    def rec(nd):
        if nd.is_leaf:
            return leaf(nd), set()
        total, col = 0, set()
        for c in nd.children:
            v, s = rec(c)
            total += v
            col |= s
        if leaf(nd) <= total + mp.mpf(1) / 10:
            return leaf(nd), {nd.name}
        return total, col
    return rec(node)


@settings(max_examples=60, deadline=None)
@given(count_trees(max_count=20), st.sampled_from(["c45", "weka"]))
def test_ebp_without_raising_matches_a_direct_definition(tree, variant):
    result = E.ebp_prune(tree, variant=variant)
    value, collapsed = _ebp_reference(tree.root, variant)
    expected = copy_with_leaves(tree, collapsed)
    assert sorted(l.name for l in result.tree.leaves()) == sorted(l.name for l in expected.leaves())
    topmost = sorted(n.name for n in tree.root.walk() if n.name in collapsed and not any(
        a.name in collapsed and a is not n and n in list(a.walk()) for a in tree.root.walk()))
    assert result.pruned == topmost
    assert abs(result.estimate - float(value)) < 1e-9


def test_ebp_prune_names_a_float_cf_and_lists_no_raising_without_it():
    with pytest.raises(TypeError, match=r"^cf must be exact"):
        E.ebp_prune(iris_tree(), cf=0.25)
    assert E.ebp_prune(iris_tree()).raised == []


def test_ebp_refuses_fractional_counts_with_the_reason():
    """EBP's float bounds and binomial limits assume whole-number counts: a weighted tree is refused."""
    tree = Tree.from_dict({"counts": ["3/2", 1], "children": [{"counts": ["3/2", 0]}, {"counts": [0, 1]}]})
    with pytest.raises(ValueError, match=r"EBP needs whole-number class counts, and node root has the count 3/2"):
        E.ebp_prune(tree)


def test_kept_splits_is_a_boolean_array_as_pruning_documents():
    """``Pruning.kept_splits`` is a boolean array (its docstring); on iris EBP keeps every split
    but c22's (its docstring), so the array is the splits less c22."""
    t = iris_tree()
    a = t.arrays()
    kept = E.ebp_prune(t).kept_splits
    want = a.n_children > 0
    want[a.index("c22")] = False
    assert kept.dtype == bool and kept.tolist() == want.tolist()


def test_ebp_result_is_a_pruning_and_refuses_kept_after_raising():
    """EBP returns the one result type (exactprune.pruning.Pruning, k None): on the iris tree it
    prunes c22 only (its docstring; Zhong 6.4.2), so c22's split is not kept and the root's is;
    the estimate is the moment.  After raising the nodes are renamed, so kept(node) is refused."""
    from exactprune.pruning import Pruning
    from exactprune.tree import iris_tree
    t = iris_tree()
    r = E.ebp_prune(t)
    assert isinstance(r, Pruning) and r.k is None and r.moment == r.estimate and r.pruned == ["c22"]
    a = t.arrays()
    assert not r.kept_splits[a.index("c22")] and r.kept_splits[0]
    assert r.kept(t.root) and not r.kept(next(n for n in t.root.walk() if n.name == "c22"))
    assert r.comparisons == r.routes["float"] + r.routes["arb"] + r.routes["exact"] > 0
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_iris(return_X_y=True)
    grown = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    raised = E.ebp_prune(grown, raising=True, X=X, y=y)
    with pytest.raises(ValueError, match="renamed"):
        raised.kept(grown.root)


# -- subtree raising ---------------------------------------------------------------------------

def test_ebp_raising_on_iris_uses_the_data():
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_iris(return_X_y=True)
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    tree = Tree.from_sklearn(est)
    plain = E.ebp_prune(tree)
    raised = E.ebp_prune(tree, raising=True, X=X, y=y)
    assert raised.tree.root.n == 150 and plain.tree.root.n == 150
    assert raised.tree.n_leaves <= plain.tree.n_leaves
    assert raised.estimate <= plain.estimate + 0.1 * tree.n_leaves
    with pytest.raises(ValueError, match="training data"):
        E.ebp_prune(tree, raising=True)


def _raising_reference(tree, X, y, variant, cf="1/4"):
    """C4.5's EBP with subtree raising, written straight from C4.5 R8's ``EstimateErrors`` and
    J48's ``prune`` (all rows passed down the last largest branch, each leaf counted against its
    new majority; binary or nominal tests) over nested dicts, every comparison on certified balls of the leaf terms
    (:func:`ebp_extra_errors`) with no float filter.  Returns (pre-order list of (counts,
    feature, threshold) of the result, topmost pruned names, raised names)."""
    from exactprune.tree import ancestor_names
    J = tree.n_classes
    pruned, raised = set(), []

    def term(counts):
        n = sum(counts)
        if n == 0:
            return flint.arb(0)
        e = n - max(counts)
        return e + E.ebp_extra_errors(n, e, cf, variant)

    def le(a, b):                       # a <= b + 0.1, certified (a tie would be a test failure)
        d = a - b - arb_of(Fraction(1, 10))
        assert d < 0 or d > 0
        return d < 0

    def leaves(s):
        return [s] if not s["children"] else [l for c in s["children"] for l in leaves(c)]

    def parts_of(s, rows):            # binary x <= t, or nominal: child k for x == k
        if s["threshold"] is None:
            return [[r for r in rows if X[r, s["feature"]] == k] for k in range(len(s["children"]))]
        go = [r for r in rows if X[r, s["feature"]] <= s["threshold"]]
        return [go, [r for r in rows if r not in set(go)]]

    def class_counts(rows):
        return [sum(1 for r in rows if y[r] == j) for j in range(J)]

    def branch(s, rows):              # every row passed down s, each leaf relabelled
        if not s["children"]:
            return term(class_counts(rows))
        return sum((branch(c, p) for c, p in zip(s["children"], parts_of(s, rows))), flint.arb(0))

    def run(s, rows):
        if not s["children"]:
            return {"name": s["name"], "counts": class_counts(rows), "children": [], "feature": None, "threshold": None}
        kids = [run(c, p) for c, p in zip(s["children"], parts_of(s, rows))]
        counts = [sum(k["counts"][j] for k in kids) for j in range(J)]
        e_tree = sum((term(l["counts"]) for k in kids for l in leaves(k)), flint.arb(0))
        e_leaf = term(counts)
        sizes = [sum(k["counts"]) for k in kids]
        big = max(i for i, size in enumerate(sizes) if size == max(sizes))     # the last largest
        e_branch = branch(kids[big], rows) if kids[big]["children"] else None
        if le(e_leaf, e_tree) and (e_branch is None or le(e_leaf, e_branch)):
            pruned.add(s["name"])
            return {"name": s["name"], "counts": counts, "children": [], "feature": None, "threshold": None}
        if e_branch is not None and le(e_branch, e_tree):
            raised.append(s["name"])
            return run(dict(kids[big], name=s["name"]), rows)
        return dict(s, counts=counts, children=kids)

    def from_node(node):
        return {"name": node.name, "feature": node.feature, "threshold": node.threshold,
                "children": [from_node(c) for c in node.children], "counts": list(node.counts)}

    with flint.ctx.workprec(200):
        result = run(from_node(tree.root), list(range(len(y))))
    order, stack = [], [result]
    while stack:
        s = stack.pop()
        order.append((tuple(s["counts"]), s["feature"], s["threshold"]))
        stack.extend(reversed(s["children"]))
    topmost = sorted(name for name in pruned if not set(ancestor_names(name)) & pruned)
    return order, topmost, raised


@pytest.mark.parametrize("seed, n", [(0, 80), (1, 300), (5, 80), (6, 150), (12, 300), (27, 150), (3, 60)])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_raising_matches_a_direct_definition(seed, n, variant):
    """ebp_prune with raising against :func:`_raising_reference` on grown scikit-learn trees
    (g2c25; seeds and sizes picked so that one to four nodes are raised, and branch sizes tie)."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c25", n, seed=seed)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    result = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    order, topmost, raised = _raising_reference(tree, X, y, variant)
    got = [(n.counts, n.feature, n.threshold) for n in result.tree.root.walk()]
    assert got == order
    assert all(type(c) is int for n in result.tree.root.walk() for c in n.counts)
    assert (result.pruned, result.raised) == (topmost, raised)


# The leaf term T(N, e) = e + AddErrs(N, e) transcribed from each program's source, in floats:
# C4.5 R8 ``stats.c`` AddErrs (Coeff = 0.6925^2 at CF = 25%) and Weka 3.6 ``Stats.addErrs``
# (z = normalInverse(0.75), the f = (e + 0.5) / N form).  Every margin below is above 0.01, far
# beyond their rounding.
def _t_c45(n, e, cf=0.25):
    if n == 0:
        return 0.0
    coeff = 0.6925 ** 2
    if e < 1e-6:
        return n * (1 - math.exp(math.log(cf) / n))
    if e + 0.5 >= n:
        return e + 0.67 * (n - e)
    pr = (e + 0.5 + coeff / 2 + math.sqrt(coeff * ((e + 0.5) * (1 - (e + 0.5) / n) + coeff / 4))) / (n + coeff)
    return n * pr


def _t_j48(n, e, cf=0.25):
    from statistics import NormalDist
    if n == 0:
        return 0.0
    if e < 1:
        return n * (1 - cf ** (1 / n))
    if e + 0.5 >= n:
        return e + max(n - e, 0)
    z = NormalDist().inv_cdf(1 - cf)
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return r * n


_T = {"c45": _t_c45, "weka": _t_j48}


def _relabel_case(nominal: bool):
    """root x0 <= 5 -> c1 (x0 <= 2 -> c11 = (0, 0, 2) at x0 = 1, c12 = (5, 6, 0) at x0 = 3) and
    c2 = (4, 0, 0) at x0 = 7; nominal: the root tests x1 (3 values) and c2's four rows are split
    into two leaves (2, 0, 0) at x1 = 1 and x1 = 2."""
    A, B = '{"counts": [0, 0, 2]}', '{"counts": [5, 6, 0]}'
    c1 = '{"counts": [5, 6, 2], "feature": 0, "threshold": 2, "children": [%s, %s]}' % (A, B)
    X = [[1, 0]] * 2 + [[3, 0]] * 11 + [[7, 1]] * 2 + [[7, 2]] * 2
    y = [2, 2] + [0] * 5 + [1] * 6 + [0] * 4
    if nominal:
        text = ('{"counts": [9, 6, 2], "feature": 1, "children": [%s, {"counts": [2, 0, 0]}, '
                '{"counts": [2, 0, 0]}]}' % c1)
    else:
        text = '{"counts": [9, 6, 2], "feature": 0, "threshold": 5, "children": [%s, {"counts": [4, 0, 0]}]}' % c1
    import numpy as np
    return Tree.from_json(text), np.array(X, dtype=float), np.array(y)


@pytest.mark.parametrize("nominal", [False, True])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_raising_counts_each_leaf_against_its_new_majority(variant, nominal):
    """All 17 rows down c1 (the largest branch, 13 rows): c11 keeps (0, 0, 2) and c12 becomes
    (9, 6, 0), whose majority is now class 0: E_branch = T(2, 0) + T(15, 6).  Counted against
    c12's old label (class 1) it would be T(2, 0) + T(15, 9), and no raising.  By hand:
    c1 is kept with its own rows (T(13, 7) > T(2, 0) + T(11, 5) + 0.1); at the root the leaf
    T(17, 8) loses to the tree, and E_branch <= E_tree + 0.1 < E_old: the root is raised.  Then
    c1 with all rows keeps its split (T(17, 8) > T(2, 0) + T(15, 6) + 0.1).  The same holds with
    a three-way nominal root (C4.5 and J48 raise any split)."""
    T = _T[variant]
    leaves_c2 = [(2, 0), (2, 0)] if nominal else [(4, 0)]
    e_tree = T(2, 0) + T(11, 5) + sum(T(*p) for p in leaves_c2)
    e_branch, e_old, e_leaf = T(2, 0) + T(15, 6), T(2, 0) + T(15, 9), T(17, 8)
    assert T(13, 7) - (T(2, 0) + T(11, 5) + 0.1) > 0.01
    assert e_leaf - (e_tree + 0.1) > 0.01 and e_leaf - (e_branch + 0.1) > 0.01
    assert e_tree + 0.1 - e_branch > 0.01 and e_old - (e_tree + 0.1) > 0.01
    tree, X, y = _relabel_case(nominal)
    r = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert r.raised == ["root"] and r.pruned == []
    assert [(n.counts, n.feature, n.threshold) for n in r.tree.root.walk()] == [
        ((9, 6, 2), 0, 2), ((0, 0, 2), None, None), ((9, 6, 0), None, None)]
    assert r.estimate == pytest.approx(e_branch, abs=1e-9)


def _tie_case(subtree_last: bool):
    """root x0 <= 5 splits 6 rows 3 / 3: a leaf (0, 3, 0) and a subtree (0, 1, 0) | (0, 0, 2).
    subtree_last: the leaf at x0 = 1 first, the subtree (x0 <= 8: (0, 1, 0) at x0 = 7, (0, 0, 2)
    at x0 = 9) second, so the leaf's rows reach (0, 1, 0).  Otherwise mirrored: the subtree
    (x0 <= 3: (0, 0, 2) at x0 = 2, (0, 1, 0) at x0 = 4) first, the leaf at x0 = 7 second, whose
    rows again reach (0, 1, 0)."""
    import numpy as np
    leaf = '{"counts": [0, 3, 0]}'
    if subtree_last:
        sub = '{"counts": [0, 1, 2], "feature": 0, "threshold": 8, "children": [{"counts": [0, 1, 0]}, {"counts": [0, 0, 2]}]}'
        X, kids = [1, 1, 1, 7, 9, 9], (leaf, sub)
    else:
        sub = '{"counts": [0, 1, 2], "feature": 0, "threshold": 3, "children": [{"counts": [0, 0, 2]}, {"counts": [0, 1, 0]}]}'
        X, kids = [2, 2, 4, 7, 7, 7], (sub, leaf)
    y = [1, 1, 1, 1, 2, 2] if subtree_last else [2, 2, 1, 1, 1, 1]
    tree = Tree.from_json('{"counts": [0, 4, 2], "feature": 0, "threshold": 5, "children": [%s, %s]}' % kids)
    return tree, np.array(X, dtype=float)[:, None], np.array(y)


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_raising_takes_the_last_of_equally_large_branches(variant):
    """Both branches hold 3 rows; C4.5 (``Factor >= MaxFactor``) and J48 (``maxBag``, ``grOrEq``)
    take the last.  By hand: raising the subtree pays (T(4, 0) + T(2, 0) <= T(3, 0) + T(1, 0) +
    T(2, 0) + 0.1, and the root leaf T(6, 2) is worse than both by more than 0.1); the subtree is
    kept on its own rows (T(3, 1) > T(1, 0) + T(2, 0) + 0.1).  Subtree last: it is raised.
    Subtree first: the last largest branch is the leaf, which is never raised, so nothing changes
    (taking the first, as exactprune did before, would raise it)."""
    T = _T[variant]
    e_tree, e_branch, e_leaf = T(3, 0) + T(1, 0) + T(2, 0), T(4, 0) + T(2, 0), T(6, 2)
    assert e_tree + 0.1 - e_branch > 0.01 and e_leaf - (e_tree + 0.1) > 0.01 and e_leaf - (e_branch + 0.1) > 0.01
    assert T(3, 1) - (T(1, 0) + T(2, 0) + 0.1) > 0.01
    tree, X, y = _tie_case(subtree_last=True)
    r = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert r.raised == ["root"] and [n.counts for n in r.tree.root.walk()] == [(0, 4, 2), (0, 4, 0), (0, 0, 2)]
    tree, X, y = _tie_case(subtree_last=False)
    r = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert r.raised == [] and r.pruned == []
    assert [n.counts for n in r.tree.root.walk()] == [n.counts for n in tree.root.walk()]


def test_raising_inputs_are_checked():
    t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 0.5, '
                       '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    X, y = np.array([[0.0], [1.0]]), np.array([0, 1])
    with pytest.raises(ValueError, match=r"^subtree raising needs the training data X and y$"):
        E.ebp_prune(t, raising=True, X=X)
    with pytest.raises(ValueError, match=r"^subtree raising needs the training data X and y$"):
        E.ebp_prune(t, raising=True, y=y)
    with pytest.raises(ValueError, match=r"^X and y must hold the tree's 2 training examples$"):
        E.ebp_prune(t, raising=True, X=X[:1], y=y)
    with pytest.raises(ValueError, match=r"^X and y must hold the tree's 2 training examples$"):
        E.ebp_prune(t, raising=True, X=X, y=y[:1])
    with pytest.raises(ValueError, match=r"^variant must be 'c45' or 'weka', got 'c50'$"):
        E.ebp_prune(t, variant="c50")


def test_raising_routes_a_value_equal_to_the_threshold_left():
    """JSON stump x[0] <= 1, rows x = 1 (class 0) and x = 2 (class 1).  Routed left and right the
    leaves are pure: E_tree = 2 (1 - 1/4) = 3/2 (N (1 - CF^(1/N)) at N = 1, twice) against the
    root leaf's 1 + extra > 2.1: kept.  Sending x = 1 right (< instead of <=) would empty c1 and
    make the tree's estimate the root leaf's own: pruned."""
    t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 1, '
                       '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    r = E.ebp_prune(t, raising=True, X=np.array([[1.0], [2.0]]), y=np.array([0, 1]))
    assert r.pruned == [] and [leaf.counts for leaf in r.tree.leaves()] == [(1, 0), (0, 1)]
    assert abs(r.estimate - 1.5) < 1e-12


def _raising_case():
    """root (5, 3) x0 <= 5 -> c1 (2, 3) x0 <= 2 -> [c11 (2, 1) at x = 1, c12 (0, 2) at x = 3],
    c2 (3, 0) at x = 7.  Pre-order indices: root 0, c1 1, c11 2, c12 3, c2 4."""
    t = Tree.from_json('{"counts": [5, 3], "feature": 0, "threshold": 5, "children": ['
                       '{"counts": [2, 3], "feature": 0, "threshold": 2, "children": [{"counts": [2, 1]}, {"counts": [0, 2]}]},'
                       '{"counts": [3, 0]}]}')
    X = np.array([[1.0], [1.0], [1.0], [3.0], [3.0], [7.0], [7.0], [7.0]])
    y = np.array([0, 0, 1, 1, 1, 0, 0, 0])
    return t, X, y


def test_raising_branch_relabels_the_leaves_and_bounds_every_term():
    """E_branch of c1 with c2's three class-0 rows passed down it: they all reach c12 (x = 7 > 2),
    whose counts become (3, 2), now labelled class 0 (its new majority): 2 errors, not the 3 of its
    old label.  The estimate is est(c1) + T(5, 2) - T(2, 0) and its absolute bound holds at least
    est(c1)'s bound, both terms' bounds and u of the difference and of the total (the difference
    rule certify.sum_abs, twice), inflated by a few INFLATE at most."""
    t, X, y = _raising_case()
    m = E._EBP("1/4", "c45", 2)
    state = E._Raising(m, t, X, y)
    assert state.run(1, np.arange(5)) == 1 and state.kids(1) == [2, 3]      # c1 with its own rows: kept
    (total, rel), pairs = state.branch(1, np.array([5, 6, 7]))
    bound = rel * total
    t_new, t_old = float(2 + E.ebp_extra_errors(5, 2).mid()), float(E.ebp_extra_errors(2, 0).mid())
    est = float(1 + E.ebp_extra_errors(3, 1).mid() + E.ebp_extra_errors(2, 0).mid())   # T(c11) + T(c12)
    assert total == pytest.approx(est + t_new - t_old, rel=1e-12)
    assert sorted(pairs()) == [(3, 1), (5, 2)]                  # c11 unchanged, c12 relabelled
    (new_v, new_r), (old_v, old_r) = m.term([3, 2]), m.term([0, 2])
    least = state.est_r[1] * state.est_v[1] + new_r * new_v + old_r * old_v + U * (abs(new_v - old_v) + abs(total))
    assert new_r > 0 and old_r > 0 and least <= bound <= least * INFLATE ** 6


def test_a_leaf_branch_is_never_raised_one_decision_per_stump():
    """C4.5 raises only a subtree: on a stump (both branches leaves) raising makes exactly the one
    decision E_leaf <= E_tree + 0.1, no E_branch comparison."""
    t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 1, '
                       '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    r = E.ebp_prune(t, raising=True, X=np.array([[1.0], [2.0]]), y=np.array([0, 1]))
    assert sum(r.routes.values()) == 1


_TIE_X = [[0, 0], [0, 2], [0, 1], [0, 1], [0, 0], [0, 0], [0, 0], [1, 1], [1, 0], [1, 0], [1, 0], [1, 2], [1, 2], [1, 0]]
_TIE_Y = [0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0]


@pytest.mark.parametrize("mirror, raised", [(False, ["root"]), (True, [])])
def test_raising_takes_the_last_of_two_equally_large_branches(mirror, raised):
    """Root x0 <= 0.5 splits 14 cases 7 / 7: C4.5 (``prune.c``: ``if ( Factor >= MaxFactor )``) and
    J48 (``maxBag``) consider raising the last branch.  Here raising the x0 = 0 group's subtree does
    not pay and raising the x0 = 1 group's does; mirroring x0 swaps which group is last, and so the
    decision."""
    from sklearn.tree import DecisionTreeClassifier
    X, y = np.array(_TIE_X, dtype=float), np.array(_TIE_Y)
    if mirror:
        X[:, 0] = 1 - X[:, 0]
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0, max_depth=3).fit(X, y))
    assert tree.root.split.startswith("x[0] <=") and [c.n for c in tree.root.children] == [7, 7]
    assert E.ebp_prune(tree, raising=True, X=X, y=y).raised == raised


def test_raising_keeps_the_class_and_feature_names():
    """The raised tree is a new tree over the same classes and features: their names carry over
    (and name the splits)."""
    t = Tree.from_json('{"counts": [2, 2], "feature": 1, "threshold": 0, "children": ['
                       '{"counts": [2, 0]}, {"counts": [0, 2]}], "class_names": ["no", "yes"]}')
    t.feature_names = ["age", "income"]
    X, y = np.array([[5.0, -1.0], [6.0, 0.0], [7.0, 1.0], [8.0, 2.0]]), np.array([0, 0, 1, 1])
    r = E.ebp_prune(t, raising=True, X=X, y=y)
    assert r.pruned == [] and r.tree.class_names == ["no", "yes"] and r.tree.feature_names == ["age", "income"]
    assert r.tree.root.split == "income <= 0.0" and [c.counts for c in r.tree.root.children] == [(2, 0), (0, 2)]


def test_raising_refuses_tests_it_cannot_route():
    """A split without a feature, a threshold test with three children, and a nominal value
    outside 0..k-1 are each a ValueError naming the node."""
    X, y = np.array([[0.0], [1.0], [2.0]]), np.array([0, 1, 1])
    three = '{"counts": [0, 0, 0]}'
    bare = Tree.from_json('{"counts": [1, 2], "children": [{"counts": [1, 0]}, {"counts": [0, 2]}]}')
    with pytest.raises(ValueError, match=r"^node root has no routing test \(feature/threshold\)$"):
        E.ebp_prune(bare, raising=True, X=X, y=y)
    wide = Tree.from_json('{"counts": [1, 2], "feature": 0, "threshold": 1, "children": ['
                          '{"counts": [1, 0]}, {"counts": [0, 2]}, %s]}' % three.replace("0, 0, 0", "0, 0"))
    with pytest.raises(ValueError, match=r"^node root has a threshold test and 3 children$"):
        E.ebp_prune(wide, raising=True, X=X, y=y)
    nominal = Tree.from_json('{"counts": [1, 2], "feature": 0, "children": [{"counts": [1, 0]}, {"counts": [0, 2]}]}')
    with pytest.raises(ValueError, match=r"^node root tests x\[0\] against the values 0\.\.1, got \[2\.0\]$"):
        E.ebp_prune(nominal, raising=True, X=X, y=y)


def test_raising_reads_each_nodes_test_by_its_array_index():
    """A tree whose array indices are not in pre-order (c2 stored before c1) is raised like the
    same tree in pre-order: each node's test is read from its own index."""
    from exactprune.tree import CountArrays
    t, X, y = _raising_case()                  # pre-order: root 0, c1 1, c11 2, c12 3, c2 4
    a = t.arrays()
    counts = a.counts[[0, 4, 1, 2, 3]]         # new indices: root 0, c2 1, c1 2, c11 3, c12 4
    offsets = np.array([0, 2, 2, 4, 4, 4])     # root -> (c1 = 2, c2 = 1); c1 -> (3, 4)
    indices = np.array([2, 1, 3, 4])
    feature = np.array([0, -2, 0, -2, -2])
    threshold = np.array([5.0, np.nan, 2.0, np.nan, np.nan])
    shuffled = Tree.from_arrays(CountArrays(counts, offsets, indices), routing=("sklearn", feature, threshold))
    assert [n.counts for n in shuffled.root.walk()] == [n.counts for n in t.root.walk()]
    want = E.ebp_prune(t, raising=True, X=X, y=y)
    got = E.ebp_prune(shuffled, raising=True, X=X, y=y)
    assert (got.pruned, got.raised) == (want.pruned, want.raised)
    assert [(n.counts, n.feature, n.threshold) for n in got.tree.root.walk()] == \
        [(n.counts, n.feature, n.threshold) for n in want.tree.root.walk()]


def _encoded_case(root_nominal: bool, c1_nominal: bool, c2_rows_to: str):
    """The tree of ``_relabel_case`` with two-way tests on codes: root tests x1 (0 -> c1, 1 ->
    c2 = (4, 0, 0)), c1 tests x2 (0 -> c11 = (0, 0, 2), 1 -> c12 = (5, 6, 0)); each test either
    nominal (feature, no threshold) or the threshold test x <= 0, which routes the codes 0 and 1
    the same way.  c2's four rows carry x2 = 0 ("c11") or x2 = 1 ("c12"): where they go when
    passed down c1 by raising."""
    def test(nominal, feature):
        return dict(feature=feature, threshold=None if nominal else 0, split=f"x{feature} {'== k' if nominal else '<= 0'}")
    c1 = Node((5, 6, 2), [Node((0, 0, 2)), Node((5, 6, 0))], **test(c1_nominal, 2))
    tree = Tree(Node((9, 6, 2), [c1, Node((4, 0, 0))], **test(root_nominal, 1)))
    code = 0 if c2_rows_to == "c11" else 1
    X = np.array([[0, 0, 0]] * 2 + [[0, 0, 1]] * 11 + [[0, 1, code]] * 4, dtype=float)
    y = np.array([2, 2] + [0] * 5 + [1] * 6 + [0] * 4)
    return tree, X, y


@pytest.mark.parametrize("root_nominal, c1_nominal", [(False, False), (True, True), (False, True), (True, False)])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_raising_routes_nominal_threshold_and_mixed_tests_alike_and_keeps_them(variant, root_nominal, c1_nominal):
    """Every encoding of the same routing gives the same pruning, by hand (the T of the tests
    above): c1 is kept on its rows (T(13, 7) > T(2, 0) + T(11, 5) + 0.1), the root leaf T(17, 8)
    never pays.  c2's rows passed down c1 to c11 (x2 = 0, equal to c1's threshold 0: left) make
    c11 (4, 0, 2): E_branch = T(6, 2) + T(11, 5) > E_tree + 0.1, nothing changes.  To c12 they
    make it (9, 6, 0), E_branch = T(2, 0) + T(15, 6) <= E_tree + 0.1: the root is raised, c1
    takes its place with its own test.  The result's splits keep their tests (a nominal one its
    feature, no threshold and its text); kept_splits marks the input's kept splits only.
    Mutants: the threshold test at equality sending right, nominal codes not read (all to the
    last branch), node tests read only up to the first threshold test, a nominal split's test
    dropped from the result, leaves marked kept."""
    T = _T[variant]
    e_tree = T(2, 0) + T(11, 5) + T(4, 0)
    assert T(13, 7) - (T(2, 0) + T(11, 5) + 0.1) > 0.01 and T(17, 8) - (e_tree + 0.1) > 0.01
    assert T(6, 2) + T(11, 5) - (e_tree + 0.1) > 0.01 and e_tree + 0.1 - (T(2, 0) + T(15, 6)) > 0.01

    def tests_of(node, nominal):
        return (node.feature, node.threshold, node.split) if nominal else (node.feature, node.threshold)
    tree, X, y = _encoded_case(root_nominal, c1_nominal, "c11")
    r = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert (r.pruned, r.raised) == ([], []) and r.estimate == pytest.approx(e_tree, abs=1e-9)
    got = list(r.tree.root.walk())
    assert [n.counts for n in got] == [(9, 6, 2), (5, 6, 2), (0, 0, 2), (5, 6, 0), (4, 0, 0)]
    assert [tests_of(got[0], root_nominal), tests_of(got[1], c1_nominal)] == [
        (1, None, "x1 == k") if root_nominal else (1, 0), (2, None, "x2 == k") if c1_nominal else (2, 0)]
    assert all(n.feature is None and n.threshold is None for n in got[2:])

    tree, X, y = _encoded_case(root_nominal, c1_nominal, "c12")
    r = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert (r.pruned, r.raised) == ([], ["root"])
    assert r.estimate == pytest.approx(T(2, 0) + T(15, 6), abs=1e-9)
    got = list(r.tree.root.walk())
    assert [n.counts for n in got] == [(9, 6, 2), (0, 0, 2), (9, 6, 0)]
    assert tests_of(got[0], c1_nominal) == ((2, None, "x2 == k") if c1_nominal else (2, 0))
    assert all(n.feature is None and n.threshold is None for n in got[1:])
    names = tree.arrays().names()
    assert sorted(names[i] for i in np.flatnonzero(r.kept_splits)) == ["c1", "root"]


def test_a_nominal_split_pruned_under_raising_becomes_a_leaf_without_a_test():
    """The useless splits of the test above as nominal tests on codes (x1 = 0 or 1), under a
    nominal root: with raising both are pruned, and the result's leaves in their place carry no
    test, while the root keeps its own (a mutant copied every node's test, leaves' too)."""
    T = _T["c45"]
    assert 2 * T(4, 1) + 0.1 - T(8, 2) > 0.01 and T(16, 8) - 2 * T(8, 2) > 0.01
    c1 = Node((6, 2), [Node((3, 1)), Node((3, 1))], feature=1, split="x1 == k")
    c2 = Node((2, 6), [Node((1, 3)), Node((1, 3))], feature=1, split="x1 == k")
    tree = Tree(Node((8, 8), [c1, c2], feature=0, split="x0 == k"))
    X = np.array([[0, 0]] * 4 + [[0, 1]] * 4 + [[1, 0]] * 4 + [[1, 1]] * 4, dtype=float)
    y = np.array([0, 0, 0, 1] * 2 + [0, 1, 1, 1] * 2)
    r = E.ebp_prune(tree, raising=True, X=X, y=y)
    assert r.pruned == ["c1", "c2"] and r.raised == []
    assert [(n.counts, n.feature, n.threshold, n.split) for n in r.tree.root.walk()] == [
        ((8, 8), 0, None, "x0 == k"), ((6, 2), None, None, None), ((2, 6), None, None, None)]


def test_raising_can_prune_the_root_to_a_leaf():
    """A useless stump (6, 2) -> (3, 1), (3, 1): T(8, 2) <= 2 T(4, 1) + 0.1 (by hand above), so
    with raising the result is the root alone, a leaf (6, 2)."""
    t = Tree(Node((6, 2), [Node((3, 1)), Node((3, 1))], feature=0, threshold=0.5))
    X = np.array([[0.0]] * 4 + [[1.0]] * 4)
    y = np.array([0, 0, 0, 1] * 2)
    r = E.ebp_prune(t, raising=True, X=X, y=y)
    assert r.pruned == ["root"] and [(n.counts, n.children) for n in r.tree.root.walk()] == [((6, 2), [])]


def test_refusals_name_their_reason():
    """The reason of the count check, the refusal of kept after raising, and the first three
    codes outside 0..k-1 of a nominal test (of four)."""
    tree = Tree.from_dict({"counts": ["3/2", 1], "children": [{"counts": ["3/2", 0]}, {"counts": [0, 1]}]})
    with pytest.raises(ValueError, match=r"its float filter's bounds and the binomial limits \(ebp_extra_errors\) "
                                         r"are derived for whole-number counts"):
        E.ebp_prune(tree)
    tree, X, y = _encoded_case(False, False, "c12")
    with pytest.raises(ValueError, match=r"^kept\(node\) is not defined after subtree raising: the result's nodes are renamed$"):
        E.ebp_prune(tree, raising=True, X=X, y=y).kept(tree.root)
    nominal = Tree.from_json('{"counts": [1, 4], "feature": 0, "children": [{"counts": [1, 0]}, {"counts": [0, 4]}]}')
    with pytest.raises(ValueError, match=r"against the values 0\.\.1, got \[2\.0, 3\.0, 4\.0\]$"):
        E.ebp_prune(nominal, raising=True, X=np.array([[0.0], [2.0], [3.0], [4.0], [5.0]]), y=np.array([0, 1, 1, 1, 1]))


@pytest.mark.parametrize("raising", [False, True])
def test_pruned_names_are_sorted_whatever_the_array_order(raising):
    """c2 stored before c1 in the arrays.  Both splits are useless (children (3, 1), (3, 1) of
    (6, 2), and (1, 3), (1, 3) of (2, 6)): T(8, 2) <= 2 T(4, 1) + 0.1, so both are pruned, and
    the root, 2 T(8, 2) < T(16, 8), is kept.  ``pruned`` lists them sorted, ['c1', 'c2'], not in
    index order (with raising too: every largest branch is a leaf, so nothing is raised)."""
    from exactprune.tree import CountArrays
    T = _T["c45"]
    assert 2 * T(4, 1) + 0.1 - T(8, 2) > 0.01 and T(16, 8) - 2 * T(8, 2) > 0.01
    counts = np.array([[8, 8], [2, 6], [6, 2], [3, 1], [3, 1], [1, 3], [1, 3]])   # root, c2, c1, c11, c12, c21, c22
    arrays = CountArrays(counts, np.array([0, 2, 4, 6, 6, 6, 6, 6]), np.array([2, 1, 5, 6, 3, 4]))
    feature = np.array([0, 1, 1, -2, -2, -2, -2])
    threshold = np.array([0.5, 0.5, 0.5, np.nan, np.nan, np.nan, np.nan])
    tree = Tree.from_arrays(arrays, routing=("sklearn", feature, threshold))
    assert tree.arrays().names() == ["root", "c2", "c1", "c11", "c12", "c21", "c22"]
    X = np.array([[0, 0]] * 4 + [[0, 1]] * 4 + [[1, 0]] * 4 + [[1, 1]] * 4, dtype=float)
    y = np.array([0, 0, 0, 1] * 2 + [0, 1, 1, 1] * 2)
    r = E.ebp_prune(tree, raising=True, X=X, y=y) if raising else E.ebp_prune(tree)
    assert r.pruned == ["c1", "c2"] and r.raised == [] and r.tree.n_leaves == 2


def _filtered_and_forced_to_arb(monkeypatch, variant, raising, n, seed):
    """EBP on a CART tree grown on ``n`` g2c25 rows, first as it runs (the float filter), then with
    every term's bound infinite so that the filter declines everywhere: ``(fast, slow)``."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c25", n, seed=seed)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    fast = E.ebp_prune(tree, variant=variant, raising=raising, X=X, y=y)
    terms = E._EBP.terms
    monkeypatch.setattr(E._EBP, "terms", lambda self, n, e: (terms(self, n, e)[0], np.where(np.asarray(n) > 0, math.inf, 0.0)))
    slow = E.ebp_prune(tree, variant=variant, raising=raising, X=X, y=y)
    return fast, slow
