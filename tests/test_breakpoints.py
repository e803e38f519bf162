"""Tests of exactprune.breakpoints: a split's F_d(k) = R_leaf(d, k) - R(T_d, k) (Zhong 5.1.2, Thm 5.3),
its certified sign, its exact integer breakpoint, its certified real crossing, the forms and
their float filter."""
from __future__ import annotations

import re
import warnings
from fractions import Fraction

import flint
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import exactprune.breakpoints.search as breakpoints_module
from exactprune import Node, Prior, Tree
from exactprune.breakpoints import (LogBracket, SubtreeForm, Theorem53Violation, real_crossing, split_kept,
                                    survives_all_k, verify_single_crossing)
from exactprune.breakpoints.forms import _float_approximations
from exactprune.breakpoints.search import _bisected_cell, _float_roots, _guessed_cell, _log_bracket
from exactprune.certify import Approx, rising_ratio, total
from exactprune.knorm import leaf_moment, prune, subtree_moment
from exactprune.numbers import CertificationError
from exactprune.tree import iris_tree
from helpers import assert_ball
from random_trees import count_trees, fractional_count_trees
from sequence_cases import (NEAR_TIE, SMALL, leaf_moment_by_hand, near_tie_difference, scalar_images,
                            subtree_moment_by_hand)


@given(count_trees(max_depth=3), st.sampled_from([Prior(), Prior(lam=1, eta=1), Prior(numerator="1")]))
@settings(max_examples=40, deadline=None)
def test_subtree_form_from_arrays_matches_the_node_walk_and_the_recursion(tree, prior):
    """The array form of every split has the Node form's triples, and its certified F_d at
    k = 3 and k = 5/2 encloses the exact leaf moment minus the subtree moment (4.28)."""
    arrays = tree.arrays()
    for i, node in enumerate(tree._node_list()):
        if not node.children:
            continue
        by_arrays, by_nodes = SubtreeForm.from_arrays(arrays, i, node.name, prior), SubtreeForm(node, prior)
        assert (by_arrays.leaf_terms, by_arrays.terms) == (by_nodes.leaf_terms, by_nodes.terms)
        exact = leaf_moment(node.counts, 3, prior) - subtree_moment(node, 3, prior)
        assert_ball(by_arrays.difference_arb(3), exact, 2.0 ** -40)
        assert_ball(by_arrays.difference_arb(Fraction(5, 2)), by_nodes.difference_arb(flint.arb(5) / 2), 2.0 ** -40)
        for k in (1, 2, 7):      # the elementwise float image = certify's scalar rules term by term
            scalar = total(Approx.of(w) * rising_ratio(Approx.of(a), Approx.of(d), k) for w, a, d in by_nodes.terms)
            values, rels = _float_approximations([by_arrays], k)[1]
            assert Approx.bounded(values[0], rels[0]) == scalar


@pytest.mark.parametrize("prior", [Prior(), Prior(lam=Fraction(1, 3), eta=Fraction(2, 3))])
def test_gamma_ratios_carried_across_small_gaps_and_started_afresh_beyond(prior, monkeypatch):
    """Leaves of n = 1, 2, 17, 18, 34, 35 examples and the root of 107: the d = n + J lam of
    one class (fractional part J lam) are 1, 15, 1, 16 (at CHAIN_STEPS), 1 and 72 apart; the a
    = b + c lam (b = 0, 0, 0, 0, 4, 5 and 52) of another are 4, 1 and 47 apart.  Carried by
    products: every gap up to 16; afresh by lgamma: the least of each class and the two beyond
    (4 of 11 values).  The ball of F_d encloses the exact value at integer k (the recursion
    (4.28)) and mpmath's Gamma ratios at k = 5/2 and 11/3, and is narrow."""
    import mpmath
    leaves = [Node((1, 0)), Node((2, 0)), Node((17, 0)), Node((0, 18)), Node((30, 4)), Node((5, 30))]
    node = Node((55, 52), [Node((20, 0), leaves[:3]), Node((35, 52), leaves[3:])])
    tree = Tree(node)
    form = SubtreeForm(tree.root, prior)
    assert SubtreeForm.CHAIN_STEPS == 16
    with flint.ctx.workprec(80):
        plan = form._gamma_ratio_plan()[0]
    assert sum(steps is None for _, steps, _ in plan) == 4
    assert sorted(len(steps) for _, steps, _ in plan if steps is not None) == [1, 1, 1, 1, 4, 15, 16]
    for k in (1, 2, 3, 7):
        exact = leaf_moment(node.counts, k, prior) - subtree_moment(tree.root, k, prior)
        ball = form.difference_arb(k)
        assert ball.overlaps(flint.arb(exact.numerator) / exact.denominator) and ball.rad() < 1e-15 * abs(ball.mid()) + 1e-30
    monkeypatch.setattr(mpmath.mp, "dps", 40)       # restored after the test
    for k in (Fraction(5, 2), Fraction(11, 3)):
        x = mpmath.mpf(k.numerator) / k.denominator

        def mp(q):          # an fmpq as an mpmath number
            return mpmath.mpf(int(q.p)) / int(q.q)

        def ratio(a, d):
            return 0 if a == 0 else mpmath.rf(mp(a), x) / mpmath.rf(mp(d), x)

        expected = ratio(*form.leaf_terms) - sum(mp(w) * ratio(a, d) for w, a, d in form.terms)
        ball = form.difference_arb(k)
        assert ball.overlaps(flint.arb(mpmath.nstr(expected, 35))) and ball.rad() < 1e-12 * abs(expected)


def test_an_exact_tie_at_k_5_is_lost_although_its_floats_say_kept():
    assert near_tie_difference(4) > 0 and near_tie_difference(5) == 0 and near_tie_difference(6) < 0
    (leaf, _), (sub, _) = _float_approximations([SubtreeForm(NEAR_TIE.root, Prior())], 5)
    assert leaf[0] > sub[0]                 # the float images are in the wrong order: a near-tie for the filter
    assert split_kept(NEAR_TIE.root, 4) is True and split_kept(NEAR_TIE.root, 5) is False


def test_a_tie_at_k_1_with_lam_0_is_not_kept():
    """lam = 0, eta = 1: the leaf (5, 9) has 5/14; its children (2, 5) and (3, 4) have weight
    (7 + 1)/(14 + 2) = 1/2 each and moments 2/7, 3/7: the subtree has 5/14 too, and the floats
    of the two differ by one rounding."""
    node = Node((5, 9), [Node((2, 5)), Node((3, 4))])
    prior = Prior(lam=0, eta=1)
    (leaf, _), (sub, _) = _float_approximations([SubtreeForm(node, prior)], 1)
    assert leaf[0] != sub[0]
    assert split_kept(node, 1, prior) is False


@settings(max_examples=30, deadline=None)
@given(count_trees(max_depth=3), st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(numerator="1")]),
       st.sampled_from([1, 2, 5, 17]))
def test_segmented_float_filter_is_certify_rules_per_split_and_encloses_the_exact_moments(tree, prior, k):
    """All splits of a tree in one call: each split's (value, bound) equals certify's scalar
    rules applied to that split alone, and the bound encloses the exact moments (knorm's
    recursion (4.28)-(4.29) in rationals)."""
    nodes = [node for node in tree.nodes() if node.children]
    if not nodes:
        return
    forms = [SubtreeForm(node, prior) for node in nodes]
    (leaf_v, leaf_r), (tree_v, tree_r) = _float_approximations(forms, k)
    for i, (node, form) in enumerate(zip(nodes, forms)):
        leaf, sub = scalar_images(form, k)
        assert Approx.bounded(leaf_v[i], leaf_r[i]) == leaf
        assert Approx.bounded(tree_v[i], tree_r[i]) == sub
        for (value, rel), exact in (((leaf_v[i], leaf_r[i]), leaf_moment(node.counts, k, prior)),
                                    ((tree_v[i], tree_r[i]), subtree_moment(node, k, prior))):
            assert rel < 2.0 ** -40          # these small trees are always vouched for
            assert abs(exact - Fraction(value)) <= Fraction(rel) * Fraction(value)


def test_an_invalid_term_voids_only_its_own_split():
    """A split whose float images cannot be vouched for (at k = 64 the moments of a node of 2^50
    examples fall below certify's TINY = 2^-960) gets an infinite bound; the other split of the
    same call keeps its finite bounds."""
    from exactprune import Node, Tree
    small = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3))]))
    huge = Tree(Node((2 ** 50, 3), [Node((2 ** 50, 0)), Node((0, 3))]))
    forms = [SubtreeForm(small.root, Prior()), SubtreeForm(huge.root, Prior())]
    (_, leaf_r), (_, tree_r) = _float_approximations(forms, 64)
    assert leaf_r[0] < 1e-12 and tree_r[0] < 1e-12
    assert leaf_r[1] == tree_r[1] == float("inf")


#: (2, 2) split into (1, 1) and (1, 1), lam = eta = 1/2, J - 1 = 1: at k = 1 the leaf moment is
#: (0 + 2 + 1/2)/(4 + 1) = 1/2 and the subtree's is 2 x (5/2)/5 x (1 + 1/2)/(2 + 1) = 1/2: an exact tie
TIE = Tree(Node((2, 2), [Node((1, 1)), Node((1, 1))]))


def test_an_exact_tie_is_settled_by_the_exact_route_and_is_not_kept():
    assert leaf_moment(TIE.root.counts, 1, Prior()) == subtree_moment(TIE.root, 1, Prior()) == Fraction(1, 2)
    form = SubtreeForm(TIE.root, Prior())
    assert form.sign(1) == 0
    assert form.decider.routes == {"float": 0, "arb": 0, "exact": 1}
    assert split_kept(TIE.root, 1) is False           # kept only if R(T, k) < R_leaf(k), strictly
    assert split_kept(SMALL.root, 9) is True and split_kept(SMALL.root, 10) is False


def test_float_filter_decides_up_to_k_64_and_arb_beyond():
    """FLOAT_FILTER_K = 64: a clear sign at k = 64 is counted on the float route, at k = 65 on
    the arb route; the signs agree with the exact moments."""
    for k, route in ((64, "float"), (65, "arb")):
        form = SubtreeForm(SMALL.root, Prior())
        exact = leaf_moment(SMALL.root.counts, k, Prior()) - subtree_moment(SMALL.root, k, Prior())
        assert form.sign(k) == (exact > 0) - (exact < 0) == -1
        assert form.decider.routes[route] == 1 and form.decider.decisions == 1


def test_split_kept_takes_rationals_and_balls_and_refuses_bad_k():
    # the real crossing is 9.2197... (mpmath's root in the test above)
    assert split_kept(SMALL.root, Fraction(46, 5)) is True and split_kept(SMALL.root, Fraction(37, 4)) is False
    assert split_kept(SMALL.root, flint.arb(9)) is True
    with pytest.raises(ValueError):
        split_kept(SMALL.root, 0)


def test_survives_all_k_is_false_at_a_leaf():
    assert survives_all_k(Node((3, 1))) is False
    assert survives_all_k(Node((3, 1), [Node((3, 0)), Node((0, 1))])) is False     # child majority 1 < 3


def test_form_names_and_the_node_named_in_errors():
    assert SubtreeForm(SMALL.root.children[1], Prior()).name == "c2"
    empty = Tree(Node((1, 0), [Node((1, 0)), Node((0, 0))])).root
    with pytest.raises(ValueError, match="node c2: an empty node with lam = 0"):
        SubtreeForm(empty, Prior(lam=0))
    arrays = Tree(Node((1, 0), [Node((1, 0)), Node((0, 0))])).arrays()
    with pytest.raises(ValueError, match="node top: an empty node with lam = 0"):
        SubtreeForm.from_arrays(arrays, 0, "top", Prior(lam=0))
    with pytest.raises(ValueError, match=r"node top: n_t \+ eta K_t is 0"):
        SubtreeForm.from_arrays(Tree(Node((0, 0), [Node((0, 0)), Node((0, 0))])).arrays(), 0, "top",
                                 Prior(lam=1, eta=0))


# ---------------------------------------------------------------------------------------------
# the grid of verify_single_crossing
# ---------------------------------------------------------------------------------------------

def _grid(monkeypatch, breakpoint, pattern=lambda k, b: 1 if k < b else -1):
    import exactprune.breakpoints.search as breakpoints
    asked = []

    def signs(forms, k):
        asked.append(k)
        return [pattern(k, breakpoint)] * len(forms)

    monkeypatch.setattr(breakpoints, "_signs_at", signs)
    from types import SimpleNamespace
    return verify_single_crossing(SimpleNamespace(name="x"), breakpoint), asked


@pytest.mark.parametrize("breakpoint, points", [
    (10, [1, 2, 4, 8, 9, 10, 16, 32, 64, 128]),        # powers of 2 up to 16 b = 160, and b - 1, b
    (8, [1, 2, 4, 7, 8, 16, 32, 64, 128]),             # 128 = 16 b itself is included
    (1, [1, 2, 4, 8, 16]),                             # b - 1 = 0 is not a k
    (31, [1, 2, 4, 8, 16, 30, 31, 32, 64, 128, 256]),  # 512 > 16 b = 496
])
def test_the_grid_is_powers_of_two_to_16b_and_b_minus_1_and_b(monkeypatch, breakpoint, points):
    count, asked = _grid(monkeypatch, breakpoint)
    assert asked == points and count == len(points)


@pytest.mark.parametrize("pattern, message", [
    (lambda k, b: 0 if k == b - 1 else (1 if k < b else -1), "F <= 0 at k = 9, below its breakpoint 10"),
    (lambda k, b: -1 if k == b - 1 else (1 if k < b else -1), "F <= 0 at k = 9, below its breakpoint 10"),
    (lambda k, b: 1 if k <= b else -1, "F > 0 at k = 10, beyond its breakpoint 10"),
])
def test_a_wrong_sign_next_to_the_breakpoint_is_a_violation(monkeypatch, pattern, message):
    with pytest.raises(Theorem53Violation, match=message):
        _grid(monkeypatch, 10, pattern)


def test_a_zero_at_the_breakpoint_is_not_a_violation(monkeypatch):
    assert _grid(monkeypatch, 10, lambda k, b: 1 if k < b else (0 if k == b else -1))[0] == 10


# ---------------------------------------------------------------------------------------------
# the float guesses and the certified cells (a synthetic single crossing at c: sign 1 left of c,
# 0 at c, -1 right of it)
# ---------------------------------------------------------------------------------------------

class Crossing:
    def __init__(self, c, fail_at=None):
        self.c, self.fail_at, self.name, self.asked = c, fail_at, "x", []

    def sign(self, x):
        self.asked.append(x)
        if x == self.fail_at:
            raise CertificationError("undecided")
        return (x < self.c) - (x > self.c)


X0, L = Fraction(9), Fraction(1, 16)       # cells [9 + c/16, 9 + (c + 1)/16], c = 0..15


@pytest.mark.parametrize("true_cell", range(16))
def test_guessed_cell_finds_the_crossing_cell_from_any_guess(true_cell):
    """Sixteen cells, the crossing a third into ``true_cell``: from a guess d cells off (a root
    outside [9, 10] is clamped to the end cell) the cell is found with certified signs alone, two
    when the guess is right and never more than 2 bit_length(d) + 2 (gallop out, bisect back)."""
    for root_cell in range(-3, 19):
        form = Crossing(X0 + (true_cell + Fraction(1, 3)) * L)
        root = float(X0 + (root_cell + Fraction(1, 2)) * L)
        assert _guessed_cell(form, X0, L, 16, root) == (X0 + true_cell * L, X0 + (true_cell + 1) * L)
        off = abs(true_cell - min(max(root_cell, 0), 15))
        assert len(form.asked) <= 2 * off.bit_length() + 2
        assert len(form.asked) == 2 or off > 0 or true_cell in (0, 15)
        assert all(X0 < x < X0 + 1 for x in form.asked)      # the grid's ends are known, never asked


def test_guessed_cell_at_a_zero_on_a_cell_boundary_and_without_a_root():
    form = Crossing(X0 + 5 * L)            # F = 0 exactly at 9 + 5/16: the cell ending there
    for root_cell in (0, 3, 4, 5, 6, 15):
        assert _guessed_cell(form, X0, L, 16, float(X0 + (root_cell + Fraction(1, 2)) * L)) == (X0 + 4 * L, X0 + 5 * L)
    form.asked.clear()
    assert _guessed_cell(form, X0, L, 16, float("nan")) is None and form.asked == []
    assert _guessed_cell(Crossing(X0 + 5 * L, fail_at=X0 + 5 * L), X0, L, 16, float(X0 + 5.5 * L)) is None
    assert _guessed_cell(Crossing(X0 + 5 * L, fail_at=X0 + 2 * L), X0, L, 16, float(X0 + 9.5 * L)) is None


def test_bisected_cell_halves_until_the_width_and_stops_where_undecided():
    assert _bisected_cell(Crossing(X0 + 5 * L), X0, X0 + 1, L) == (X0 + 4 * L, X0 + 5 * L)
    assert _bisected_cell(Crossing(X0 + Fraction(7, 3) * L), X0, X0 + 1, L) == (X0 + 2 * L, X0 + 3 * L)
    # the first midpoint 9 + 1/2 cannot be certified: the interval stays [9, 10]
    assert _bisected_cell(Crossing(X0 + 5 * L, fail_at=X0 + 8 * L), X0, X0 + 1, L) == (X0, X0 + 1)
    # after [9, 9 + 1/2] the midpoint 9 + 1/4 cannot be certified
    assert _bisected_cell(Crossing(X0 + 5 * L, fail_at=X0 + 4 * L), X0, X0 + 1, L) == (X0, X0 + 8 * L)


def test_float_roots_bracket_or_nan():
    """The (6, 3) tree's F changes sign in [9, 10] (root by mpmath in the test above, ~9.2197);
    on [1, 2] it is positive at both ends (no root: NaN)."""
    form = SubtreeForm(SMALL.root, Prior())
    roots = _float_roots([form, form], 9.0, 10.0)
    assert abs(roots[0] - 9.21970) < 1e-4 and roots[0] == roots[1]
    lo, hi = real_crossing(SMALL.root, 9, 10)
    assert float(lo) - 1e-12 <= roots[0] <= float(hi) + 1e-12
    assert np.isnan(_float_roots([form], 1.0, 2.0)).all()
    assert np.isnan(_float_roots([form], 10.0, 11.0)).all()


def test_real_crossing_needs_a_sign_change_and_takes_a_zero_at_the_upper_end():
    with pytest.raises(ValueError, match=r"node root: no sign change of F on \[10, 11\]"):
        real_crossing(SMALL.root, 10, 11)           # F <= 0 at both ends
    with pytest.raises(ValueError, match="no sign change"):
        real_crossing(SMALL.root, 1, 2)             # F > 0 at both ends
    with pytest.raises(ValueError, match="no sign change"):
        real_crossing(TIE.root, 1, 2)               # F(1) = 0: not kept at the lower end
    lo, hi = real_crossing(TIE.root, Fraction(1, 2), 1)      # F(1) = 0 <= 0 at the upper end
    # width max(1, 1) / 2^40; [1/2, 1] halved 39 times: cells of 2^-40, the last one ends at 1
    assert (lo, hi) == (1 - Fraction(1, 2 ** 40), 1)


def test_log_bracket_json_and_text():
    bracket = LogBracket(Fraction(5), Fraction(6))
    assert bracket.as_dict() == {"log2_lower": "5", "log2_upper": "6", "approx": "2^5.500000000"}
    assert str(bracket) == "2^(5) < k <= 2^(6), k ~ 2^5.500000000"
    thin = LogBracket(Fraction(1, 3), Fraction(1, 2))          # middle 5/12 = 0.41666...
    assert thin.as_dict() == {"log2_lower": "1/3", "log2_upper": "1/2", "approx": "2^0.4166666667"}


class LogCrossing:
    def __init__(self, c, fail_at=None):
        self.c, self.fail_at, self.name = Fraction(c), fail_at, "x"

    def sign_log2(self, t):
        if t == self.fail_at:
            raise CertificationError("undecided")
        return 1 if t < self.c else -1


def test_log_bracket_doubles_from_t0_and_bisects_to_relative_width_2_to_the_minus_40():
    """c = 2000 + 1/3 from t0 = 1500: [1500, 3000] after one doubling, then halvings of 1500 until the
    length 1500 / 2^m <= hi / 2^40 with hi in (2000, 2001]: m = 40 (1500 / 2^39 > 2001 / 2^40).  The
    bracket is the cell of the grid 1500 + j 1500 / 2^40 holding c."""
    c = 2000 + Fraction(1, 3)
    cell = (c - 1500) * 2 ** 40 // 1500
    step = Fraction(1500, 2 ** 40)
    assert _log_bracket(LogCrossing(c), Fraction(1500)) == LogBracket(1500 + cell * step, 1500 + (cell + 1) * step)


def test_log_bracket_stops_at_a_length_equal_to_the_width_and_where_undecided():
    """c = 2047, t0 = 1024, bits = 2: [1024, 2048]; 1024 > 2048 / 4, so mid 1536 (kept): [1536, 2048],
    whose length 512 = 2048 / 4 ends the bisection.  An undecided first midpoint keeps [1024, 2048]."""
    assert _log_bracket(LogCrossing(2047), Fraction(1024), bits=2) == LogBracket(Fraction(1536), Fraction(2048))
    assert _log_bracket(LogCrossing(2047, fail_at=1536), Fraction(1024)) == LogBracket(Fraction(1024), Fraction(2048))


def test_log_bracket_refuses_a_start_beyond_the_crossing_and_a_crossing_beyond_the_limit(monkeypatch):
    message = ("node x: its breakpoint is not above 2^1024.00000000, inside the certified interval of an earlier "
               "breakpoint: beyond 2^1024 (BREAKPOINT_EXACT_BITS) the two cannot be ordered")
    with pytest.raises(ValueError, match=re.escape(message)):
        _log_bracket(LogCrossing(1000), Fraction(1024))
    monkeypatch.setattr(breakpoints_module, "BREAKPOINT_MAX_LOG2", 4096)
    # c = 3000: doubling 2048 (kept), then hi = 4096 = the limit, not beyond it: F <= 0 there, bisection
    assert _log_bracket(LogCrossing(3000), Fraction(1024), bits=1) == LogBracket(Fraction(2048), Fraction(4096))
    with pytest.raises(ValueError, match=re.escape("node x: no breakpoint below k = 2^4096 (the limit "
                                                   "BREAKPOINT_MAX_LOG2)")):
        _log_bracket(LogCrossing(5000), Fraction(1024))       # 2048, 4096 kept, then 8192 > 4096


def test_float_roots_raise_no_float_warning():
    """At x = 0 every betaln(., 0) is infinite and the ratio inf - inf is NaN: no warning escapes."""
    form = SubtreeForm(SMALL.root, Prior())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        roots = _float_roots([form], 0.0, 10.0)
    assert np.isnan(roots).all()                      # F's float sign at 0 is NaN: no bracket


class Rows:
    """A synthetic form for _float_roots: F(x) = sum w Gamma(a + x) Gamma(d) / (Gamma(a) Gamma(d + x))."""

    def __init__(self, w, a, d):
        self._float_rows = (np.array(w, dtype=float), np.array(a, dtype=float), np.array(d, dtype=float))


def test_float_roots_need_a_strict_sign_at_both_ends():
    """F(x) = -1 + 2 / (1 + x) (rows (a, d) = (1, 1), ratio 1, and (1, 2), ratio 1 / (1 + x)): F(1) = 0,
    in floats too (the ratio exp(betaln(2, 1) - betaln(1, 1)) = exp(log 1/2) is 0.5 exactly).  A zero
    at an end is no bracket: NaN on [1, 3/2] and on [1/2, 1]; [1/2, 3/2] brackets the root 1."""
    from scipy.special import betaln
    assert np.exp(betaln(2.0, 1.0) - betaln(1.0, 1.0)) == 0.5            # the float zero at x = 1
    form = Rows([-1, 2], [1, 1], [1, 2])
    assert np.isnan(_float_roots([form], 1.0, 1.5)).all() and np.isnan(_float_roots([form], 0.5, 1.0)).all()
    assert abs(_float_roots([form], 0.5, 1.5)[0] - 1.0) <= 1e-15


def test_an_empty_split_with_lam_0_is_named_in_the_error():
    """A hand-built Node (split_kept takes one; Tree would refuse these counts) whose root is empty
    and whose leaves are not: the root's own (B, M) is refused, naming it."""
    with pytest.raises(ValueError, match="^node root: an empty node with lam = 0 has no defined error moment$"):
        split_kept(Node((0, 0), [Node((1, 0)), Node((0, 1))]), 1, Prior(lam=0))


def test_iris_c21_crossing_in_1_2_is_a_cell_of_width_2_to_the_minus_39():
    """c21 (kept at k = 1, pruned at k = 2): [1, 2] halved while longer than max(2, 1) / 2^40 = 2^-39,
    so the cell has exactly that length (not 2^-40)."""
    node = prune(iris_tree(), 1).tree.node("c21")
    lo, hi = real_crossing(node, 1, 2)
    assert hi - lo == Fraction(1, 2 ** 39) and 1 <= lo and (lo * 2 ** 39).denominator == 1


class IntCrossing(LogCrossing):
    """A synthetic F_d lost from the integer b on (0 at b) and, on log2 k, from c on (b = the least
    integer >= 2^c); the integer k asked are recorded."""

    def __init__(self, b, c=None):
        super().__init__(c if c is not None else 0)
        self.b, self.asked = b, []

    def sign(self, k):
        self.asked.append(k)
        return (k < self.b) - (k > self.b)


def test_breakpoint_search_doubles_from_k0_plus_1_then_bisects():
    """b = 17 from k0 = 1: probes k0 + 1, 1 + 2, 1 + 4, 1 + 8 (kept), 1 + 16 = 17 (F = 0: lost), then
    bisection of [9, 17]: 13, 15, 16 (kept), so 17.  b = 10: the same doubling, then 13, 11, 10 (lost)."""
    from exactprune.breakpoints import next_breakpoint
    form = IntCrossing(17)
    assert next_breakpoint(form, 1) == 17
    assert form.asked == [2, 3, 5, 9, 17, 13, 15, 16]
    small = IntCrossing(10)
    assert next_breakpoint(small, 1) == 10 and small.asked == [2, 3, 5, 9, 17, 13, 11, 10]


def test_breakpoint_beyond_2_to_the_1024_and_after_a_bracket():
    """b = ceil(2^1024.5) = isqrt(2^2049) + 1: the integer search stops at 2^1024 (still kept) and the
    log2 search doubles 1024 to 2048 and bisects [1024, 2048] 40 times: c = 2049/2 is a grid point
    1024 + j 2^-30 and F <= 0 there, so the bracket is (2049/2 - 2^-30, 2049/2].  From a LogBracket
    k0 the search starts at its upper end (1500 for c = 2000 + 1/3, as in the test above)."""
    from exactprune.breakpoints import next_breakpoint
    from math import isqrt
    half = Fraction(2049, 2)
    assert next_breakpoint(IntCrossing(isqrt(2 ** 2049) + 1, half), 1) == LogBracket(half - Fraction(1, 2 ** 30), half)
    c = 2000 + Fraction(1, 3)
    cell, step = (c - 1500) * 2 ** 40 // 1500, Fraction(1500, 2 ** 40)
    assert next_breakpoint(LogCrossing(c), LogBracket(Fraction(1000), Fraction(1500))) == \
        LogBracket(1500 + cell * step, 1500 + (cell + 1) * step)


def test_form_from_arrays_with_an_empty_leaf_and_a_leaf_of_one_example():
    """n + J lam is 0 only for an empty node with lam = 0: a leaf (1, 0) (n = J lam = 1) and an empty
    leaf (0, 0) (n + J lam = 1) are fine; the array form has the Node form's terms: leaf (1, 0) has
    B = 0 + 1/2, M = 1 + 1; (0, 0) has B = 1/2, M = 1."""
    tree = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3), [Node((1, 0)), Node((0, 3)), Node((0, 0))])]))
    form = SubtreeForm.from_arrays(tree.arrays(), 0, "root", Prior())
    reference = SubtreeForm(tree.root, Prior())
    assert form.leaf_terms == reference.leaf_terms and sorted(form.terms) == sorted(reference.terms)
    pairs = {(a, d) for _, a, d in form.terms}
    assert (flint.fmpq(1, 2), flint.fmpq(2)) in pairs and (flint.fmpq(1, 2), flint.fmpq(1)) in pairs


def test_float_images_of_an_inexact_b_and_an_exact_m():
    """J = 3, lam = 1/3: B = b + 2/3 is not a float (bound u), M = n + 1 is (bound 0): the filter's
    images are certify's scalar rules with each bound in its place."""
    tree = Tree(Node((6, 3, 2), [Node((5, 0, 1)), Node((1, 3, 1))]))
    form = SubtreeForm(tree.root, Prior(lam=Fraction(1, 3)))
    (leaf_v, leaf_r), (tree_v, tree_r) = _float_approximations([form], 5)
    leaf, sub = scalar_images(form, 5)
    assert (leaf_v[0], leaf_r[0]) == (leaf.value, leaf.rel) and (tree_v[0], tree_r[0]) == (sub.value, sub.rel)


def test_difference_arb_with_zero_error_leaves():
    """lam = 0: a pure leaf has B = 0 and moment 0 for k >= 1.  (5, 1) into (5, 0), (0, 1): F(k) is the
    root's B^(k)/M^(k) = 1^(k)/6^(k) = 120 / ((k+1)...(k+5)) alone, at k = 2^2000 (the large-k route)
    and k = 100; a pure (5, 0) split has F = 0 exactly, an arb zero."""
    form = SubtreeForm(Node((5, 1), [Node((5, 0)), Node((0, 1))]), Prior(lam=0))
    for k in (2 ** 2000, 100):
        exact = Fraction(120, (k + 1) * (k + 2) * (k + 3) * (k + 4) * (k + 5))
        ball = form.difference_arb(k)
        assert ball > 0
        assert_ball(ball, exact, abs(ball.mid()) * 2.0 ** -30)
    zero = SubtreeForm(Node((5, 0), [Node((3, 0)), Node((2, 0))]), Prior(lam=0)).difference_arb(100)
    assert isinstance(zero, flint.arb) and zero.is_exact() and zero == 0


# -- forms of several subtrees at once, and the edge of a = 0 ----------------------------------------

@pytest.mark.parametrize("prior", [Prior(), Prior(lam=0, eta=Fraction(1, 2)), Prior(lam=Fraction(1, 3), eta=1)])
def test_forms_of_several_subtrees_equal_the_forms_one_by_one(prior):
    """Three disjoint subtrees of one tree, built together: each has the Node walk's terms (grouped
    by (n, max_j n_j) within its own form only: a (1, 0) leaf in each form stays in each, the
    two in c2 merge), also with lam = 0 (no leaf is empty here)."""
    tree = Tree(Node((9, 9), [Node((4, 3), [Node((1, 0)), Node((3, 3), [Node((1, 0)), Node((2, 3))])]),
                              Node((5, 6), [Node((1, 0)), Node((4, 6), [Node((1, 0)), Node((3, 6))])])]))
    arrays = tree.arrays()
    names = ["c12", "c2", "c11"]                 # disjoint: a split, a split with a deeper one, a leaf
    forms = SubtreeForm.of_subtrees(arrays, [arrays.index(n) for n in names], names, prior)
    for form, name in zip(forms, names):
        node = tree.node(name)
        reference = SubtreeForm(node, prior)
        assert (form.name, form.leaf_terms, form.terms) == (name, reference.leaf_terms, reference.terms)
    assert [len(form.terms) for form in forms] == [2, 2, 1]    # c2's two (1, 0) leaves merged


def test_errors_of_several_subtrees_name_the_subtree_at_fault():
    """lam = 0 with an empty leaf, and eta = 0 with an empty split, only in the second subtree (the
    first has a split on the same level, listed before it): the message names that subtree."""
    tree = Tree(Node((4, 2), [Node((3, 1), [Node((3, 0), [Node((2, 0)), Node((1, 0))]), Node((0, 1))]),
                              Node((1, 1), [Node((1, 1), [Node((1, 1)), Node((0, 0))]), Node((0, 0), [Node((0, 0)), Node((0, 0))])])]))
    arrays = tree.arrays()
    roots = [arrays.index("c1"), arrays.index("c2")]
    with pytest.raises(ValueError, match=r"^node second: an empty node with lam = 0 has no defined error moment$"):
        SubtreeForm.of_subtrees(arrays, roots, ["first", "second"], Prior(lam=0))
    with pytest.raises(ValueError, match=r"^node second: n_t \+ eta K_t is 0 \(no examples and eta = 0\); use eta > 0$"):
        SubtreeForm.of_subtrees(arrays, roots, ["first", "second"], Prior(lam=1, eta=0))


def test_a_pure_subtree_without_prior_mass_has_f_exactly_0():
    """Root (5, 0) over (3, 0) and (2, 0) with lam = 0: every a is 0, so every moment is 0 and
    F_d is the exact 0 at any k."""
    form = SubtreeForm(Tree(Node((5, 0), [Node((3, 0)), Node((2, 0))])).root, Prior(lam=0))
    for k in (1, 3, Fraction(5, 2)):
        ball = form.difference_arb(k)
        assert ball.is_exact() and ball == 0


# -- weighted (Fraction) counts: the form's terms are rationals; its exact value, float filter,
# balls and certified sign against (4.28)/(4.29) written out in Fractions ---------------------------

@settings(max_examples=40, deadline=None)
@given(fractional_count_trees(max_depth=2), st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(numerator="1"),
                                                            Prior(lam=Fraction(1, 3), eta=2)]),
       st.integers(1, 90))
def test_a_weighted_forms_value_and_signs_match_the_formulas(tree, prior, k):
    """Both constructions of the form (from nodes, from the count arrays through their fmpq
    images) give F_d(k) of the formulas exactly; the sign by the float filter (k <= 64) or the
    balls, the certified sign, and a ball containing the value agree with it.  Planted bug that
    fails it (by hand, reverted): the count arrays' fmpq images floored to integers."""
    root = tree.root
    expected = leaf_moment_by_hand(root.counts, k, prior) - subtree_moment_by_hand(root, k, prior)
    sign = (expected > 0) - (expected < 0)
    for form in (SubtreeForm(root, prior), SubtreeForm.of_subtrees(tree.arrays(), [0], ["root"], prior)[0]):
        assert Fraction(int(form.difference_exact(k).p), int(form.difference_exact(k).q)) == expected
        assert form.sign(k) == sign == form.certified_sign(k)
        assert (form.difference_arb(k) - flint.fmpq(expected.numerator, expected.denominator)).contains(0)
