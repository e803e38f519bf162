"""Tests of exactprune.breakpoints' searches: a split's exact integer breakpoint, its certified real
crossing and LogBracket, the single-crossing check (Zhong 5.1.2, Thm 5.3), and the float guesses
of float_breakpoints (its rows of F_d, their float signs and the search over k).  The forms F_d(k)
themselves and their float filter are tested in tests/breakpoints/test_forms.py."""
from __future__ import annotations

import re
import warnings
from fractions import Fraction

import numpy as np
import pytest

import exactprune.breakpoints.search as breakpoints_module
from exactprune import Node, Prior, Tree
from exactprune.breakpoints import LogBracket, SubtreeForm, Theorem53Violation, real_crossing, verify_single_crossing
from exactprune.breakpoints.search import _bisected_cell, _float_roots, _guessed_cell, _log_bracket
from exactprune.knorm import prune
from exactprune.numbers import CertificationError
from exactprune.tree import iris_tree
from sequence_cases import SMALL, TIE


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


@pytest.mark.parametrize("true_cell, root_cell, asked", [
    (9, 7, [7, 8, 10, 9]),              # 2 cells left: the guess, gallop right 1 and 2 cells, bisect
    (5, 7, [7, 6, 4, 5]),               # 2 cells right: gallop left 1 and 2 cells, bisect
    (5, -3, [1, 3, 7, 5, 6]),           # left of the grid: from cell 0 (kept, not asked)
    (9, 18, [15, 14, 12, 8, 10, 9]),    # right of the grid: from cell 15, the last
])
def test_guessed_cell_asks_the_gallop_and_the_bisection_in_order(true_cell, root_cell, asked):
    """The cells whose left end is asked, in order, written out from the docstring's search: the
    guessed cell (clamped to 0 .. cells - 1; cell 0's left end is x0, known kept), steps of 1, 2,
    4, ... cells towards the change, then bisection of the last step (killed the gallop by steps
    of 3 and the guess clamped to 1, to cells - 2 or to cells + 1; the search's cell is the same
    under each, only its cost differs)."""
    form = Crossing(X0 + (true_cell + Fraction(1, 3)) * L)
    root = float(X0 + (root_cell + Fraction(1, 2)) * L)
    assert _guessed_cell(form, X0, L, 16, root) == (X0 + true_cell * L, X0 + (true_cell + 1) * L)
    assert form.asked == [X0 + cell * L for cell in asked]


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
    """At x = 0 every ratio is 1 and F = 1 - sum W = 0 (the weights (4.11) sum to 1): not > 0 at the
    lower end, no bracket; no warning escapes."""
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


@pytest.mark.parametrize("b, k0, guess, asked", [
    (20, 1, 20, [20, 19]),                  # the guess is the breakpoint (F = 0 there: lost), 19 kept
    (20, 1, 17, [17, 18, 20, 19]),          # kept at the guess: up by 1 (18 kept), 2 (20 lost); bisect: 19
    (20, 1, 23, [23, 22, 20, 16, 18, 19]),  # lost at the guess: down by 1, 2 (20: F = 0, lost), 4 (16 kept)
    (7, 6, 7, [7]),                         # down to k0, known kept: nothing more to ask
    (7, 5, 9, [9, 8, 6, 7]),                # down by 1, then 2 reaches 6 > k0: kept; bisect: 7
    (20, 5, 5, [6, 7, 9, 13, 21, 17, 19, 20]),   # a guess not above k0 is not used: doubling from k0
])
def test_breakpoint_search_from_a_guess_gallops_then_bisects(b, k0, guess, asked):
    """From a guess g the signs are asked at g, then at steps of max(1, g / 2^GUESS_STEP_BITS)
    doubling away from it, towards the change (down never below k0, where the split is kept), then
    the bracket is bisected (the sequence written out from the docstrings of next_breakpoint and
    _bracket_from_guess).  A zero of F (at b here) means lost (killed the zero at the guess, at an
    upper probe or at a lower probe read as kept: each answers b + 1; and the first step or the
    growth changed, which ask other k)."""
    from exactprune.breakpoints import next_breakpoint
    form = IntCrossing(b)
    assert next_breakpoint(form, k0, guess=guess) == b
    assert form.asked == asked


def test_breakpoint_search_from_a_large_guess_steps_by_a_fraction_of_it():
    """g = 2^40, b = 2^40 + 5000: the first step is g / 2^30 = 1024, doubling: 2^40 + 1024, + 3072
    (kept), + 7168 (lost), then 12 halvings of the bracket of 4096."""
    from exactprune.breakpoints import next_breakpoint
    g = 2 ** 40
    form = IntCrossing(g + 5000)
    assert next_breakpoint(form, 1, guess=g) == g + 5000
    assert form.asked[:4] == [g, g + 1024, g + 3072, g + 7168] and len(form.asked) == 4 + 12


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


def test_breakpoint_search_from_a_guess_at_the_exact_limit_goes_to_the_log2_search():
    """A guess at 2^1024 (the limit itself, not beyond it) or just below it: the sign at the guess,
    then at the limit (the first step g / 2^30 passes it), both kept, so the integer search ends
    and the log2 search gives the bracket of the test above (c = 2049/2).  Nothing else is asked:
    no doubling from k0, no probe past the limit."""
    from exactprune.breakpoints import next_breakpoint
    from math import isqrt
    limit, half = 2 ** 1024, Fraction(2049, 2)
    bracket = LogBracket(half - Fraction(1, 2 ** 30), half)
    at = IntCrossing(isqrt(2 ** 2049) + 1, half)
    assert next_breakpoint(at, 1, guess=limit) == bracket and at.asked == [limit]
    below = IntCrossing(isqrt(2 ** 2049) + 1, half)
    assert next_breakpoint(below, 1, guess=limit - 3) == bracket and below.asked == [limit - 3, limit]


# ---------------------------------------------------------------------------------------------
# the float guesses of float_breakpoints: its rows, its float signs and its search over k
# ---------------------------------------------------------------------------------------------

class FloatSigns:
    """A synthetic float F for _least_nonpositive_integers: form j, whose one row carries b_j in
    its a and u_j in its d, is > 0 on (u_j, b_j), 0 at b_j and < 0 elsewhere (u_j = 0: one sign
    change); the points of each pass are recorded."""

    def __init__(self, monkeypatch):
        self.passes = []
        monkeypatch.setattr(breakpoints_module, "_gamma_ratio_signs", self)

    def __call__(self, owner, w, a, d, x, n):
        b, u = np.zeros(n), np.zeros(n)
        b[owner], u[owner] = a, d
        x = np.asarray(x, dtype=float)
        self.passes.append(x.tolist())
        column = (-1,) + (1,) * (x.ndim - 1)
        return np.where(x <= u.reshape(column), -1.0, np.sign(b.reshape(column) - x))

    @staticmethod
    def search(bs, k0, us=None):
        n = len(bs)
        us = np.zeros(n) if us is None else np.array(us, dtype=float)
        return breakpoints_module._least_nonpositive_integers(np.arange(n), np.ones(n), np.array(bs, dtype=float),
                                                              us, n, k0).tolist()


def test_float_search_asks_the_grid_then_three_points_per_round(monkeypatch):
    """b = 10 from k0 = 1, the points written out from the docstring: the near grid k0 + (0, 1, 2,
    4, 16, 256, 2^16) (kept to 5, lost from 17); (5, 17] spans more than a factor 2: geometric
    points 5 (17/5)^(j/4) = 6.79, 9.22, 12.52, floored (kept 6, 9, lost 12); (9, 12] evenly:
    9.75, 10.5, 11.25 floored to 9, 10, 11 and clipped to [10, 11] (lost at 10 = b, F = 0 there);
    (9, 10] holds no integer between: 10, after three passes."""
    signs = FloatSigns(monkeypatch)
    assert FloatSigns.search([10], 1) == [10]
    assert signs.passes == [[[1, 2, 3, 5, 17, 257, 65537]], [[6, 9, 12]], [[10, 10, 11]]]


@pytest.mark.parametrize("b, k0, passes", [
    (3, 1, [[1, 2, 3, 5, 17, 257, 65537]]),         # lost at 3 on the grid: (2, 3] is settled, no round
    (13, 1, [[1, 2, 3, 5, 17, 257, 65537], [6, 9, 12], [13, 14, 15]]),   # 6, 9, 12 all kept: (12, 17] evenly,
                                                                          # 13.25, 14.5, 15.75 floored
    (20, 8, [[8, 9, 10, 12, 24, 264, 65544], [15, 18, 21], [19, 19, 20]]),   # (12, 24]: 24 = 2 x 12, evenly;
                                                                              # (18, 21]: 18.75, 19.5, 20.25
    (20, 7, [[7, 8, 9, 11, 23, 263, 65543], [13, 15, 19], [20, 21, 22]]),    # (11, 23]: 23 > 2 x 11, geometric
                                                                              # 11 (23/11)^(j/4) = 13.2, 15.9, 19.1
])
def test_float_search_points_by_hand(monkeypatch, b, k0, passes):
    """More cases of the search written out by hand (see the test above): the grid alone, a round
    that keeps all its points (the bracket starts at its last point), a bracket of exactly a
    factor 2 (evenly spaced) and one just above it (geometric)."""
    signs = FloatSigns(monkeypatch)
    assert FloatSigns.search([b], k0) == [b]
    assert signs.passes == [[row] for row in passes]


def test_float_search_goes_to_the_far_grid_and_closes_before_the_round_limit(monkeypatch):
    """b = 100000 from k0 = 1 is kept on the whole near grid (to 1 + 2^16): the far grid 1 + 2^32,
    1 + 2^64, ..., 1 + 2^1023 (in floats the powers themselves from 2^64 on) is asked next, and
    nothing else in that pass.  Beyond 2^53 the search closes on adjacent floats, before
    _MAX_ROUNDS rounds."""
    signs = FloatSigns(monkeypatch)
    assert FloatSigns.search([100000.0], 1) == [100000]
    assert signs.passes[1] == [[1 + 2.0 ** 32, 2.0 ** 64, 2.0 ** 128, 2.0 ** 256, 2.0 ** 512, 2.0 ** 1023]]
    for b in (2 ** 53 + 2, 2 ** 60 + 2 ** 10, 3 * 2 ** 1000):
        signs.passes.clear()
        assert FloatSigns.search([float(b)], 1) == [b]
        assert len(signs.passes) < 2 + breakpoints_module._MAX_ROUNDS


def test_float_search_needs_f_positive_at_k0_itself(monkeypatch):
    """F <= 0 at k0 = 1 and > 0 on (1, 10) (two sign changes, as float noise could make): no guess,
    as the docstring says (0: the sum is not > 0 at k0); F > 0 on (1/2, 10): 10."""
    FloatSigns(monkeypatch)
    assert FloatSigns.search([10.0, 10.0], 1, us=[1.0, 0.5]) == [0, 10]


def test_float_search_of_many_forms_at_once(monkeypatch):
    """Each answer is the least integer k > k0 with F <= 0 (for b beyond 2^53 the least float, b
    itself here), found with the others in one pass per round; 0 where F(k0) <= 0 (b = 1/2, and
    b = 1 = k0, a zero) or F > 0 up to k0 + 2^1023 (b infinite); Python ints, exact at any size."""
    FloatSigns(monkeypatch)
    bs = [10.0, 0.5, 1.0, np.inf, 100000.0, 2.0 ** 53 + 2, 2.0 ** 60 + 2.0 ** 10, 3 * 2.0 ** 1000, 2.5]
    found = FloatSigns.search(bs, 1)
    assert found == [10, 0, 0, 0, 100000, 2 ** 53 + 2, 2 ** 60 + 2 ** 10, 3 * 2 ** 1000, 3]
    assert all(type(k) is int for k in found)
    assert FloatSigns.search([10.5, 2 ** 20 + 0.5], 7) == [11, 2 ** 20 + 1]       # from k0 = 7: k0 + 1 = 8 first


def test_float_search_from_a_k0_beyond_the_float_range_has_no_guess(monkeypatch):
    """k0 from 2^1024 - 2^970 on has no float (float(k0) overflows): no guess, 0 for every form
    (was an OverflowError out of float_breakpoints)."""
    signs = FloatSigns(monkeypatch)
    none = FloatSigns.search([10.0, np.inf], 2 ** 1024)
    assert none == [0, 0] and all(type(k) is int for k in none) and signs.passes == []
    assert FloatSigns.search([np.inf], 2 ** 1024 - 2 ** 970) == [0]
    with warnings.catch_warnings():      # float max: asked; k0 + 2^1023 overflows, and no warning escapes
        warnings.simplefilter("error")
        assert FloatSigns.search([np.inf], 2 ** 1024 - 2 ** 971) == [0] and len(signs.passes) == 2


def test_float_breakpoints_from_k0_beyond_the_float_range_is_no_guess():
    from exactprune.breakpoints import float_breakpoints
    assert float_breakpoints(SMALL.arrays(), np.array([0]), Prior(), 2 ** 1024) == [0]


def _rational_rows(cs):
    """Owner j: the rows (w, a, d) = (1, 1, 2) and (-c_j, 1, 3), F = 1/(1 + x) - 2 c_j/((1 + x)(2 + x))
    = (x + 2 - 2 c_j)/((1 + x)(2 + x)): its sign is that of x - (2 c_j - 2).  c_j None: no rows."""
    rows = [(j, w, 1.0, d) for j, c in enumerate(cs) if c is not None for w, d in ((1.0, 2.0), (-c, 3.0))]
    return tuple(np.array(col) for col in zip(*rows))


def test_gamma_ratio_signs_by_both_routes_and_several_points_per_owner():
    """Owner 0 changes sign at 8, owner 2 at 2^20 (c = 2^19 + 1); owner 1 has no rows (sign 0).  At
    points up to 2^20 the log Gamma differences decide, beyond it betaln: the signs are the same."""
    owner, w, a, d = _rational_rows([5, None, 2 ** 19 + 1])
    signs = breakpoints_module._gamma_ratio_signs
    assert signs(owner, w, a, d, np.array([8.5, 1.0, 2.0 ** 20 - 2 ** 10]), 3).tolist() == [1, 0, -1]
    assert signs(owner, w, a, d, np.array([7.5, 1.0, 2.0 ** 20 + 2 ** 10]), 3).tolist() == [-1, 0, 1]
    assert signs(owner, w, a, d, np.array([[7.5, 8.5], [1.0, 2.0], [2.0 ** 20 - 2 ** 10, 2.0 ** 20 + 2 ** 10]]),
                 3).tolist() == [[-1, 1], [0, 0], [-1, 1]]
    assert signs(owner, w, a, d, np.array([[7.5, 8.5], [1.0, 2.0], [1.0, 2.0 ** 20 - 2 ** 10]]),
                 3).tolist() == [[-1, 1], [0, 0], [-1, -1]]


@pytest.mark.parametrize("x", [1000.0, 2.0 ** 21])
def test_gamma_ratio_signs_of_ratios_below_the_float_range(x):
    """Rows (1, 1, 2000) and (-1, 1, 2001): the second ratio is the first times 2000 / (2000 + x), so
    F = r (x / (2000 + x)) > 0, and with the weights swapped < 0; r = Gamma(1 + x) Gamma(2000) /
    Gamma(2000 + x) is below e^-1900 at x = 1000 (the float range ends near e^-745): the scaling by
    the largest term keeps the sign (both routes)."""
    owner = np.array([0, 0, 1, 1])
    w, a, d = np.array([1.0, -1.0, -1.0, 1.0]), np.ones(4), np.array([2000.0, 2001.0, 2000.0, 2001.0])
    assert breakpoints_module._gamma_ratio_signs(owner, w, a, d, np.array([x, x]), 2).tolist() == [1, -1]


TWO_SPLITS = Tree(Node((12, 15), [Node((6, 3), [Node((5, 0)), Node((1, 3))]),
                                  Node((6, 12), [Node((0, 10)), Node((6, 2))])]))


def _rows_of(tree, names, prior=Prior()):
    a = tree.arrays()
    rows = breakpoints_module._float_rows_of_subtrees(a, np.array([a.index(n) for n in names]), prior)
    return [r.tolist() for r in rows]


def test_float_rows_of_nested_subtrees_by_hand():
    """(owner, w, a, d) by (4.29) and (4.11) with lam = eta = 1/2, J = 2 (a = n - max + 1/2, d = n + 1,
    weight (n_c + 1/2) / (n_t + 1)), by root (c1 first, then the root above it) and by (a, d):
    c1 (6, 3): its leaf row (1, 3.5, 10); its leaves (5, 0) and (1, 3), weights 5.5/10 and 4.5/10,
    terms (0.5, 6) and (1.5, 5).  The root (12, 15): (1, 12.5, 28); its grandchildren weighted by the
    products from the root: c1 9.5/28, c2 18.5/28, then c2's (0, 10) 10.5/19 and (6, 2) 8.5/19."""
    owner, w, a, d = _rows_of(TWO_SPLITS, ["c1", "root"])
    assert owner == [0, 0, 0, 1, 1, 1, 1, 1]
    assert a == [0.5, 1.5, 3.5, 0.5, 0.5, 1.5, 2.5, 12.5] and d == [6, 5, 10, 6, 11, 5, 9, 28]
    expected = [-5.5 / 10, -4.5 / 10, 1, -9.5 / 28 * 5.5 / 10, -18.5 / 28 * 10.5 / 19, -9.5 / 28 * 4.5 / 10,
                -18.5 / 28 * 8.5 / 19, 1]
    assert w == pytest.approx(expected, rel=1e-14)


def test_float_rows_sum_equal_terms_and_leave_out_a_zero():
    """TIE (2, 2) -> (1, 1), (1, 1): the two leaves' rows (1.5, 3), weight 2.5/5 each, summed to one
    row of -1 beside the root's (1, 2.5, 5).  With lam = 0 the pure leaf (5, 0) of SMALL has a = 0
    (its ratio is 0): no row; (1, 3) gives (a, d) = (1, 4), weight 4.5/10, the root (3, 9)."""
    assert _rows_of(TIE, ["root"]) == [[0, 0], [-1.0, 1.0], [1.5, 2.5], [3.0, 5.0]]
    owner, w, a, d = _rows_of(SMALL, ["root"], Prior(lam=0))
    assert (owner, a, d) == ([0, 0], [1.0, 3.0], [4.0, 9.0]) and w == pytest.approx([-0.45, 1.0], rel=1e-15)


def _huge_counts():
    """Count arrays built directly (not validated as a Tree is): a split of 10^400 examples."""
    from exactprune.tree import CountArrays
    return CountArrays(np.array([[10 ** 400, 1], [10 ** 400, 0], [0, 1]], dtype=object), np.array([0, 2, 2, 2]),
                       np.array([1, 2]))


def test_float_rows_and_guesses_beyond_the_float_range_are_none():
    from exactprune.breakpoints import float_breakpoints
    assert breakpoints_module._float_rows_of_subtrees(_huge_counts(), np.array([0]), Prior()) is None
    assert float_breakpoints(_huge_counts(), np.array([0]), Prior(), 1) == [0]
    assert float_breakpoints(SMALL.arrays(), np.array([], dtype=np.int64), Prior(), 1) == []


def test_chunks_of_rows_cut_at_each_multiple_of_the_budget(monkeypatch):
    """Subtree sizes 4, 2, 1, 3 (splits 3, 1, 0, 2 of sizes 1, 2, 3, 4), running totals 4, 6, 7, 10: a
    budget of 3 cuts after the last split whose total is at most 3 (none), 6 (the second: a total
    equal to the multiple stays in) and 9 (the third); a budget of 10 or more is one chunk."""
    from types import SimpleNamespace
    arrays, splits = SimpleNamespace(subtree_sizes=np.array([1, 2, 3, 4])), np.array([3, 1, 0, 2])
    chunks = breakpoints_module._chunks_of_rows
    monkeypatch.setattr(breakpoints_module, "FLOAT_ROWS_AT_A_TIME", 3)
    assert chunks(arrays, splits) == [slice(0, 2), slice(2, 3), slice(3, 4)]
    monkeypatch.setattr(breakpoints_module, "FLOAT_ROWS_AT_A_TIME", 5)      # multiples 5: after the first
    assert chunks(arrays, splits) == [slice(0, 1), slice(1, 4)]
    monkeypatch.setattr(breakpoints_module, "FLOAT_ROWS_AT_A_TIME", 10)
    assert chunks(arrays, splits) == [slice(0, 4)]


class LogZero(LogCrossing):
    """F_d on log2 k with a zero at c: > 0 below, 0 at c, < 0 above."""

    def sign_log2(self, t):
        return (t < self.c) - (t > self.c)


def test_log_bracket_reads_a_zero_as_lost():
    """F_d(2^lower) > 0 >= F_d(2^upper): a zero at t0 is refused; a zero at the doubled end 2048 stops
    the doubling ([1024, 2048], whose length 1024 is already hi / 2 for bits = 1); a zero at the
    first midpoint 1536 is the upper end: [1024, 1536], then 1280 kept, and 256 <= 1536 / 4 ends
    it for bits = 2."""
    with pytest.raises(ValueError, match=re.escape("node x: its breakpoint is not above 2^1024.00000000")):
        _log_bracket(LogZero(1024), Fraction(1024))
    assert _log_bracket(LogZero(2048), Fraction(1024), bits=1) == LogBracket(Fraction(1024), Fraction(2048))
    assert _log_bracket(LogZero(1536), Fraction(1024), bits=2) == LogBracket(Fraction(1280), Fraction(1536))


def test_real_crossings_asks_signs_inside_the_interval_only(monkeypatch):
    """[9, 10] in 16 cells (bits = 7: width 10 / 2^7, so 1 is halved to 1/16), the crossing in the last
    cell and the float guess in the one before: the signs asked are the ends (checked first),
    then cells 14 and 15 (kept); the gallop's next step, past the last cell, and the bisection
    back to cell 16 = the end are known lost and not asked."""
    from exactprune.breakpoints.search import real_crossings
    form = Crossing(X0 + (15 + Fraction(1, 3)) * L)
    form.release = lambda: None
    monkeypatch.setattr(breakpoints_module, "_signs_at", lambda forms, k: [f.sign(k) for f in forms])
    monkeypatch.setattr(breakpoints_module, "_float_roots", lambda forms, lo, hi: np.array([float(X0 + 14.5 * L)]))
    assert real_crossings([form], X0, X0 + 1, bits=7) == [(X0 + 15 * L, X0 + 1)]
    assert form.asked == [X0, X0 + 1, X0 + 14 * L, X0 + 15 * L]


def test_float_roots_of_rows_with_a_zero_term_raise_no_float_warning():
    """A row with a = 0 (Gamma(a) infinite: the ratio is 0) alone in its form: log ratio -inf, the
    scaling -inf - (-inf) is NaN: no bracket, and no warning escapes."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        roots = _float_roots([Rows([1.0], [0.0], [1.0])], 1.0, 2.0)
    assert np.isnan(roots).all()


def test_float_rows_sum_equal_terms_of_each_root():
    """c1 (5, 2) -> (3, 0), (1, 1), (1, 1) under the root (5, 5), whose other child is (0, 3); roots c1
    and the root.  Terms (a, d) = (n - max + 1/2, n + 1): (3, 0) and (0, 3) both (0.5, 4), (1, 1)
    (1.5, 3), c1 (2.5, 8), the root (5.5, 11); weights (4.11): c1 7.5/11 and (0, 3) 3.5/11 under
    the root, 3.5/8.5 and 2.5/8.5 (each (1, 1)) under c1.  Each root's equal rows are summed: c1's
    two (1, 1), and under the root the (1, 1) pair and the (3, 0), (0, 3) pair (first row (0.5, 4):
    equal rows after it are still summed)."""
    tree = Tree(Node((5, 5), [Node((5, 2), [Node((3, 0)), Node((1, 1)), Node((1, 1))]), Node((0, 3))]))
    owner, w, a, d = _rows_of(tree, ["c1", "root"])
    assert (owner, a, d) == ([0, 0, 0, 1, 1, 1], [0.5, 1.5, 2.5, 0.5, 1.5, 5.5], [4, 3, 8, 4, 3, 11])
    c1 = 7.5 / 11
    assert w == pytest.approx([-3.5 / 8.5, -5 / 8.5, 1, -c1 * 3.5 / 8.5 - 3.5 / 11, -c1 * 5 / 8.5, 1], rel=1e-14)


def test_float_rows_and_guess_of_a_split_of_ratios_0_alone():
    """lam = 0 and a pure split (5, 0) -> (3, 0), (2, 0): every term a is 0 (F_d = 0), so no rows and
    no guess (was an IndexError); with a split that has rows, each gets its own (SMALL's 10)."""
    from exactprune.breakpoints import float_breakpoints
    pure = Tree(Node((5, 0), [Node((3, 0)), Node((2, 0))]))
    assert _rows_of(pure, ["root"], Prior(lam=0)) == [[], [], [], []]
    assert float_breakpoints(pure.arrays(), np.array([0]), Prior(lam=0), 1) == [0]
    both = Tree(Node((11, 3), [Node((5, 0), [Node((3, 0)), Node((2, 0))]), Node((6, 3), [Node((5, 0)), Node((1, 3))])]))
    a = both.arrays()
    guesses = float_breakpoints(a, np.array([a.index("c1"), a.index("c2")]), Prior(lam=0), 1)
    assert guesses[0] == 0 and type(guesses[1]) is int and guesses[1] == first_lost_lam0(both.node("c2"))


def first_lost_lam0(node):
    """The least k > 1 where the split at ``node`` is lost under lam = 0, by an exact scan of (4.28)-(4.29)."""
    from exactprune.knorm import leaf_moment, subtree_moment
    k = 2
    while subtree_moment(node, k, Prior(lam=0)) < leaf_moment(node.counts, k, Prior(lam=0)):
        k += 1
    return k


def test_float_guesses_of_an_empty_split_with_eta_0_raise_no_float_warning():
    """eta = 0 and an empty split c1: its children's weights (0 + 0) / (0 + 0) are NaN in floats
    (exactly, (4.11) refuses them), so c1 has no guess; the root's F_d is 0 (c2 has the root's
    counts, weight 4/4, and c1 weight 0): not kept at k0, no guess.  No float warning escapes."""
    from exactprune.breakpoints import float_breakpoints
    tree = Tree(Node((3, 1), [Node((0, 0), [Node((0, 0)), Node((0, 0))]), Node((3, 1))]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert float_breakpoints(tree.arrays(), np.array([0, 1]), Prior(eta=0), 1) == [0, 0]


def test_gamma_ratio_signs_of_one_row_and_of_no_owner():
    """An owner with one row has that row's sign: -1/(1 + x) < 0 and 2/(1 + x)(2 + x) > 0 (rows
    (-1, 1, 2) and (1, 1, 3)); no owners at all: no signs."""
    signs = breakpoints_module._gamma_ratio_signs
    assert signs(np.array([0, 1]), np.array([-1.0, 1.0]), np.ones(2), np.array([2.0, 3.0]), np.array([5.0, 5.0]),
                 2).tolist() == [-1, 1]
    assert signs(np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0), np.zeros(0), np.zeros(0), 0).tolist() == []
    assert signs(np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0), np.zeros(0), np.zeros((0, 3)), 0).shape == (0, 3)


def test_float_rows_of_equal_size_leaves_stay_apart():
    """(5, 3) -> (3, 1), (2, 2): both leaves have n = 4, so d = 5, but a = 1.5 and 2.5: two rows (each
    weight 4.5/9), not one; the root's (3.5, 9)."""
    owner, w, a, d = _rows_of(Tree(Node((5, 3), [Node((3, 1)), Node((2, 2))])), ["root"])
    assert (owner, a, d) == ([0, 0, 0], [1.5, 2.5, 3.5], [5, 5, 9]) and w == pytest.approx([-0.5, -0.5, 1], rel=1e-15)
