"""Tests of the root finder of exactprune.breakpoints.search: the Newton proposal of a breakpoint
beyond 2^53 (_crossing_proposal, _log_moments, _ceiling) and next_breakpoint's use of it (the
proposal only chooses where the certified signs are asked; the answer is the least k > k0 with
F_d(k) <= 0 whatever it proposes).

The oracle is independent of arb and of the searches: forms whose every term has d - a an integer
m, so that a^(k) / d^(k) = prod_{j < m} (a + j) / (a + k + j) is a rational function of k, exact in
Fractions at any integer k (Zhong (4.29) with the Gamma extension (C.26)).  With a >= a0 and
m <= m0 for every row (a0, m0 the leaf's), each row's ratio to the leaf's term is non-decreasing in
k, so F_d / R_leaf = 1 - sum W ratio is decreasing and changes sign once (as Thm 5.3 says of
real splits); the breakpoint is found by exact doubling and bisection in Fractions.  The forms
taken from the cross-validation of the databases (rational a, d) are checked against an mpmath
root of the same function."""
from __future__ import annotations

import functools
import math
import random
from fractions import Fraction

import flint
import mpmath
import pytest

import exactprune.breakpoints.search as search
from exactprune.breakpoints import SubtreeForm, next_breakpoint
from exactprune.breakpoints.search import _ceiling, _crossing_proposal, _log_moments
from exactprune.limits import BREAKPOINT_EXACT_BITS
from exactprune.numbers import CertificationError

LIMIT = 1 << BREAKPOINT_EXACT_BITS


def make_form(leaf: tuple, rows: list) -> SubtreeForm:
    """A SubtreeForm with the leaf's (a, d) and the rows (W, a, d) given (as a split's would be)."""
    form = SubtreeForm.__new__(SubtreeForm)
    form._setup("x", leaf, rows)
    return form


def ratio(a: Fraction, d: Fraction, k: int) -> Fraction:
    """a^(k) / d^(k) for an integer d - a = m >= 0: prod_{j < m} (a + j) / (a + k + j), exact."""
    m = d - a
    assert m.denominator == 1 and m >= 0
    out = Fraction(1)
    for j in range(int(m)):
        out *= (a + j) / (a + k + j)
    return out


def exact_f(leaf: tuple, rows: list, k: int) -> Fraction:
    """F_d(k) = R_leaf - sum W R_l, exact."""
    return ratio(*leaf, k) - sum(w * ratio(a, d, k) for w, a, d in rows)


def least_lost(leaf: tuple, rows: list, k0: int) -> int:
    """The least integer k > k0 with F_d(k) <= 0, by exact doubling and bisection (F_d(k0) > 0)."""
    assert exact_f(leaf, rows, k0) > 0
    lo, hi = k0, k0 + 1
    while exact_f(leaf, rows, hi) > 0:
        lo, hi = hi, k0 + 2 * (hi - k0)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if exact_f(leaf, rows, mid) > 0:
            lo = mid
        else:
            hi = mid
    return hi


def random_case(rng: random.Random) -> tuple:
    """A single-crossing rational form (see the module docstring) with its breakpoint b in
    [2^53, 2^1000]: one row decaying 1 to 3 powers of k slower than the leaf with a weight of
    about 2^-(bits (m0 - m)), and up to three rows of the leaf's decay."""
    while True:
        a0 = Fraction(rng.randint(1, 300), rng.choice([1, 2, 3, 7, 49]))
        m0 = rng.randint(2, 4)
        m = rng.randint(max(1, m0 - 2), m0 - 1)
        bits = rng.randint(50, 990 // (m0 - m))
        a = a0 + Fraction(rng.randint(0, 40), rng.choice([1, 5]))
        rows = [(Fraction(rng.randint(2 ** 20, 2 ** 21), 2 ** (bits * (m0 - m) + 20)), a, a + m)]
        for _ in range(rng.randint(0, 3)):
            a = a0 + Fraction(rng.randint(0, 60), rng.choice([1, 2, 7]))
            limit_ratio = math.prod((a + j) / (a0 + j) for j in range(m0))      # the row over the leaf at k = inf
            rows.append((Fraction(rng.randint(1, 100), 400) / limit_ratio, a, a + m0))
        leaf = (a0, a0 + m0)
        if exact_f(leaf, rows, 1) <= 0:
            continue
        b = least_lost(leaf, rows, 1)
        if 2 ** 53 <= b <= 2 ** 1000:
            return leaf, rows, b


def float_like_guess(b: int, rng: random.Random) -> int:
    """b moved by up to b / 2^30 either way (a float guess beyond 2^53 is off by about b / 2^36)."""
    return b + rng.randint(-(b >> 30), b >> 30)


def signs_asked(form: SubtreeForm) -> int:
    return sum(form.decider.routes.values())


@functools.lru_cache(maxsize=None)
def case_of_seed(seed: int) -> tuple:
    """The random case of ``seed`` and a float-like guess of its breakpoint (made once)."""
    leaf, rows, b = random_case(random.Random(seed))
    return leaf, rows, b, float_like_guess(b, random.Random(1000 + seed))


#: the fast set's seeds; the slow set's test runs twice as many
SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_rational_forms_against_the_exact_oracle(seed):
    """The proposal from a float-like guess is the breakpoint, and next_breakpoint gives it from the
    guess with two signs (lost at b, kept at b - 1).  Planted bugs that fail it (by hand,
    reverted): the proposal's ceiling taken as the floor; the slope's sum without its division by
    the total; the Newton step's sign flipped; the proposal not used from a guess (the sign count)."""
    leaf, rows, b, guess = case_of_seed(seed)
    assert _crossing_proposal(make_form(leaf, rows), guess) == b, (seed, b, guess)
    form = make_form(leaf, rows)
    assert next_breakpoint(form, 1, guess=guess) == b
    assert signs_asked(form) == 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2 * len(SEEDS)))
def test_random_rational_forms_from_no_guess_and_by_the_searches_alone(seed, monkeypatch):
    """The proposal from the guess; from no guess (doubling, then the proposal from the doubling's
    upper end), and without the root finder from the guess and from none: the same breakpoint."""
    leaf, rows, b, guess = case_of_seed(seed)
    assert _crossing_proposal(make_form(leaf, rows), guess) == b
    assert next_breakpoint(make_form(leaf, rows), 1) == b
    monkeypatch.setattr(search, "ROOT_FINDER_FROM", 2 * LIMIT)
    assert next_breakpoint(make_form(leaf, rows), 1, guess=guess) == b
    assert next_breakpoint(make_form(leaf, rows), 1) == b


def test_random_rational_forms_from_no_guess_ask_the_doubling_and_two_more_signs():
    """Without a guess: the doubling from k0 = 1 to the first lost k0 + 2^j (j + 1 signs), then the
    signs at the proposal and below it, where the searches alone would bisect (j more)."""
    for leaf, rows, b, _ in map(case_of_seed, range(6)):
        form = make_form(leaf, rows)
        assert next_breakpoint(form, 1) == b
        doubling = (b - 2).bit_length() + 1           # 1 + 2^j >= b first at j = bits(b - 2)
        assert signs_asked(form) == doubling + 2


def test_from_a_large_k0_without_a_guess():
    """From k0 = 2^60 with no guess: lost at k0 + 1, the doubling's first sign settles it (no
    proposal asked); lost at k0 + 2^40 + 5 (the zero half a unit below), the doubling's 42 signs
    (k0 + 1, ..., k0 + 2^41) and then the proposal's two, where bisection would ask 40 more; lost
    at k0 + 2^40 + 1, one: below the proposal is the doubling's last kept k; lost at k0 + 2^40, the
    doubling's last k itself (41 signs), proposed and asked again, then the k below it.  Planted
    bugs that fail it (by hand, reverted): the proposal asked for a bracket of 1 or 2; never asked
    after the doubling; a proposal at the doubling's lost end dropped (`proposal < hi`).  Lost at
    k0 + 3 or k0 + 4: the doubling's three signs (k0 + 1, k0 + 2 kept, k0 + 4 lost), and the one
    sign at k0 + 3 that settles a bracket of 2 (a proposal of k0 + 4 would cost two)."""
    k0 = 2 ** 60
    leaf, rows = line_crossing(Fraction(k0) + Fraction(1, 2))
    form = make_form(leaf, rows)
    assert next_breakpoint(form, k0) == k0 + 1 and signs_asked(form) == 1
    for b, signs in ((k0 + 2 ** 40 + 5, 42 + 2), (k0 + 2 ** 40 + 1, 42 + 1), (k0 + 2 ** 40, 41 + 2), (k0 + 3, 4),
                     (k0 + 4, 4)):
        leaf, rows = line_crossing(b - Fraction(1, 2))
        assert least_lost(leaf, rows, k0) == b
        form = make_form(leaf, rows)
        assert next_breakpoint(form, k0) == b and signs_asked(form) == signs


# -- the crossing next to 2^53 -------------------------------------------------------------------

def line_crossing(x: Fraction) -> tuple:
    """Leaf (1, 3) and one row (W, 1, 2): F / R_leaf = 1 - W (2 + k) / 2, zero at x = 2 / W - 2."""
    return (Fraction(1), Fraction(3)), [(2 / (x + 2), Fraction(1), Fraction(2))]


@pytest.mark.parametrize("b", [2 ** 53 - 1, 2 ** 53, 2 ** 53 + 1, 2 ** 53 + 2])
@pytest.mark.parametrize("below", [Fraction(1, 2), Fraction(1, 2 ** 70), 1 - Fraction(1, 2 ** 70)])
def test_a_crossing_next_to_2_to_the_53(b, below):
    """The zero at b - below (just below b, or just above b - 1): the least lost integer is b, from
    guesses at b, next to it, at 2^53 and off by 2^20, and from no guess (the oracle agrees)."""
    leaf, rows = line_crossing(b - below)
    assert least_lost(leaf, rows, 1) == b
    for guess in (b, b - 1, b + 1, 2 ** 53, b - 2 ** 20, b + 2 ** 20, None):
        assert next_breakpoint(make_form(leaf, rows), 1, guess=guess) == b, guess


def test_the_proposal_next_to_2_to_the_53_is_the_ceiling_of_the_zero():
    """Half way between integers the proposal is exact on both sides of 2^53."""
    for b in (2 ** 53 - 1, 2 ** 53, 2 ** 53 + 1):
        leaf, rows = line_crossing(b - Fraction(1, 2))
        assert _crossing_proposal(make_form(leaf, rows), b + 2 ** 20) == b


# -- a proposal that misses ----------------------------------------------------------------------

@pytest.mark.parametrize("off", [-5, -1, 1, 2, 5, 2 ** 70, -(2 ** 70)])
def test_a_proposal_off_is_corrected_by_the_signs(off, monkeypatch):
    """A proposal off by a few (or by 2^70) costs a gallop from it with steps 1, 2, 4, ... and a
    bisection, and the answer is still the breakpoint.  Planted bug that fails it (by hand,
    reverted): the bracket after a proposal taken as (proposal - 1, proposal) without the signs."""
    leaf, rows, b, _ = case_of_seed(0)
    monkeypatch.setattr(search, "_crossing_proposal", lambda form, guess: b + off)
    form = make_form(leaf, rows)
    assert next_breakpoint(form, 1, guess=float_like_guess(b, random.Random(0))) == b
    assert next_breakpoint(make_form(leaf, rows), 1) == b
    assert signs_asked(form) == 2 if off == -1 else signs_asked(form) > 2     # kept at b - 1, lost at b


@pytest.mark.parametrize("proposal", [0, 1, LIMIT + 1])
def test_a_proposal_outside_the_bracket_is_not_used(proposal, monkeypatch):
    """A proposal not above k0 = 1 (nor above the doubling's kept end) or beyond the limit (or the
    doubling's lost end) is dropped: the same signs as the searches alone (the guess's own gallop,
    the plain bisection).  Planted bugs that fail it (by hand, reverted): the range check dropped;
    the proposal k0 itself let in."""
    leaf, rows, b, guess = case_of_seed(1)
    monkeypatch.setattr(search, "_crossing_proposal", lambda form, guess: proposal)
    with_proposal = [make_form(leaf, rows), make_form(leaf, rows)]
    assert next_breakpoint(with_proposal[0], 1, guess=guess) == b
    assert next_breakpoint(with_proposal[1], 1) == b
    monkeypatch.setattr(search, "ROOT_FINDER_FROM", 2 * LIMIT)
    alone = [make_form(leaf, rows), make_form(leaf, rows)]
    next_breakpoint(alone[0], 1, guess=guess), next_breakpoint(alone[1], 1)
    assert [signs_asked(form) for form in with_proposal] == [signs_asked(form) for form in alone]


def test_newton_stops_after_a_step_below_2_to_the_minus_4():
    """F / R_leaf = 1 - W (2 + k) / 2: h = log(2 / W) - log(2 + k) is linear in log k up to 2 / k,
    so one step from a guess 2^9 above the zero lands on it, and the next step (below 2^-4)
    ends the search: two evaluations of the moments.  Planted bug that fails it (by hand,
    reverted): stopping after a step below 2^10."""
    b = 2 ** 53 + 5
    leaf, rows = line_crossing(b - Fraction(1, 2))
    asked = []
    real = search._log_moments

    def recorded(leaf, rows, k):
        asked.append(k)
        return real(leaf, rows, k)

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(search, "_log_moments", recorded)
        assert _crossing_proposal(make_form(leaf, rows), b + 2 ** 9) == b
    assert len(asked) == 2
    with flint.ctx.workprec(200):
        assert abs(asked[1] - (b - flint.arb(1) / 2)) < flint.arb(2) ** -20


def test_below_2_to_the_53_and_for_other_forms_no_proposal_is_asked(monkeypatch):
    """A guess below ROOT_FINDER_FROM = 2^53, or a form that is not a SubtreeForm (the searches take
    any object with ``sign``), never reaches the root finder; a guess of 2^53 does (two signs)."""
    def refuse(form, guess):
        raise AssertionError("the root finder was asked")

    monkeypatch.setattr(search, "_crossing_proposal", refuse)
    leaf, rows = line_crossing(Fraction(2 ** 53 - 3, 1) - Fraction(1, 2))
    assert next_breakpoint(make_form(leaf, rows), 1, guess=2 ** 53 - 1) == 2 ** 53 - 3

    leaf, rows = line_crossing(Fraction(2 ** 53 + 3, 1) - Fraction(1, 2))       # a guess at 2^53 is refined
    monkeypatch.undo()
    form = make_form(leaf, rows)
    assert next_breakpoint(form, 1, guess=2 ** 53) == 2 ** 53 + 3 and signs_asked(form) == 2
    monkeypatch.setattr(search, "_crossing_proposal", refuse)

    class Signs:
        name = "x"

        def sign(self, k):
            return 1 if k < 2 ** 60 + 7 else -1

    assert next_breakpoint(Signs(), 1, guess=2 ** 60) == next_breakpoint(Signs(), 1) == 2 ** 60 + 7


# -- where the proposal cannot be made: it gives up, the signs decide -----------------------------

def test_precision_out_of_reach_gives_no_proposal_and_the_search_falls_back(monkeypatch):
    """ROOT_FINDER_MAX_PREC below what the guess needs: no proposal (not a guess from a wide ball),
    and the breakpoint by the signs alone.  Planted bug that fails it (by hand, reverted): the
    precision check dropped, so the steps run at a precision their balls cannot carry."""
    leaf, rows, b, _ = case_of_seed(2)
    monkeypatch.setattr(search, "ROOT_FINDER_MAX_PREC", 2 * b.bit_length() + 60)
    assert _crossing_proposal(make_form(leaf, rows), b) is None
    form = make_form(leaf, rows)
    assert next_breakpoint(form, 1, guess=float_like_guess(b, random.Random(2))) == b
    assert signs_asked(form) > 2


def test_the_precision_cap_is_inclusive(monkeypatch):
    """ROOT_FINDER_MAX_PREC equal to the first working precision, 2 bits(guess) + 64 + bits(a + d):
    that precision is tried (and is enough here).  Planted bug that fails it (by hand, reverted):
    the cap exclusive (`<` for `<=`)."""
    leaf, rows, b, guess = case_of_seed(2)
    monkeypatch.setattr(search, "ROOT_FINDER_MAX_PREC", 2 * guess.bit_length() + 64 + make_form(leaf, rows)._size)
    assert _crossing_proposal(make_form(leaf, rows), guess) == b


def test_a_step_wider_than_the_bound_at_every_precision_gives_no_proposal(monkeypatch):
    """A step's ball must be narrower than _WIDEST_STEP; when it never is, the precision grows to
    ROOT_FINDER_MAX_PREC and the finder gives up (None), it does not take the midpoint."""
    leaf, rows, b, _ = case_of_seed(3)
    monkeypatch.setattr(search, "_WIDEST_STEP", flint.arb(0))
    asked = []
    real = search._log_moments

    def recorded(leaf, rows, k):
        asked.append(flint.ctx.prec)
        return real(leaf, rows, k)

    monkeypatch.setattr(search, "_log_moments", recorded)
    assert _crossing_proposal(make_form(leaf, rows), b) is None
    bits = 2 * b.bit_length()
    extras = [e for e in (64 * 2 ** j + make_form(leaf, rows)._size * 2 ** j for j in range(20)) if bits + e <= 2 ** 14]
    assert asked == [bits + e for e in extras]          # one step at each precision, doubling the extra, to 2^14


def test_too_few_steps_give_no_proposal(monkeypatch):
    """Newton's steps stop at ROOT_FINDER_STEPS: one step from a guess 2^30 off moves k by far more
    than 2^-4, so one step alone gives no proposal (None); from a guess 2^40 times too large (or
    too small) the default steps converge."""
    leaf, rows, b, _ = case_of_seed(4)
    monkeypatch.setattr(search, "ROOT_FINDER_STEPS", 1)
    assert _crossing_proposal(make_form(leaf, rows), b + (b >> 30)) is None
    monkeypatch.undo()
    assert _crossing_proposal(make_form(leaf, rows), b << 40) == b
    assert _crossing_proposal(make_form(leaf, rows), (b >> 40) + 1) == b


def test_a_split_kept_at_every_k_with_a_falling_h_gives_no_proposal():
    """F / R_leaf = 1 - (3/4) (1 + k) / (3 + k) > 1/4 (leaf (1, 3), row (1/4, 2, 4)): h falls towards
    log 4 and never reaches 0, so Newton's step runs away (to k e^(10^17) from 2^60): the finder
    gives up (None), it proposes nothing."""
    leaf, rows = (Fraction(1), Fraction(3)), [(Fraction(1, 4), Fraction(2), Fraction(4))]
    assert exact_f(leaf, rows, 2 ** 60) > 0 and exact_f(leaf, rows, 2 ** 900) > 0
    assert _crossing_proposal(make_form(leaf, rows), 2 ** 60) is None


def test_a_term_with_a_zero_is_left_out():
    """A row with a = 0 (its ratio is 0 at every k) beside the rows of a crossing: the same
    proposal as without it.  Planted bug that fails it (by hand, reverted): the rows filtered on
    d != 0 instead of a != 0 (lgamma(0) makes every ball infinite: no proposal)."""
    leaf, rows, b, guess = case_of_seed(0)
    assert _crossing_proposal(make_form(leaf, rows + [(Fraction(1, 3), Fraction(0), Fraction(2))]), guess) == b


def test_no_proposal_without_a_crossing_or_a_term():
    """A split kept at every k (the row decays faster than the leaf: the slope of h is > 0), a leaf
    moment of 0, a subtree without a term (every a = 0): None."""
    faster = ((Fraction(1), Fraction(2)), [(Fraction(1, 2), Fraction(1), Fraction(3))])
    assert exact_f(*faster, 2 ** 60) > 0 and exact_f(*faster, 2 ** 600) > 0
    assert _crossing_proposal(make_form(*faster), 2 ** 60) is None
    assert _crossing_proposal(make_form((Fraction(0), Fraction(2)), [(Fraction(1), Fraction(1), Fraction(2))]),
                              2 ** 60) is None     # (no split has a zero leaf moment and F_d(k0) > 0)
    assert _crossing_proposal(make_form((Fraction(1), Fraction(2)), [(Fraction(1), Fraction(0), Fraction(2))]),
                              2 ** 60) is None


def test_an_exact_zero_at_a_huge_integer_is_not_guessed_through(monkeypatch):
    """F_d(b) = 0 at b = 2^60 + 1 (beyond the exact route): the breakpoint is b, but no route can
    certify the sign there, so the search raises CertificationError, as the searches alone do;
    the proposal (b itself) is not taken on trust."""
    b = 2 ** 60 + 1
    leaf, rows = line_crossing(Fraction(b))
    assert exact_f(leaf, rows, b) == 0 and exact_f(leaf, rows, b - 1) > 0
    assert _crossing_proposal(make_form(leaf, rows), b + 2 ** 30) == b
    with pytest.raises(CertificationError):
        next_breakpoint(make_form(leaf, rows), 1, guess=b + 2 ** 30)
    monkeypatch.setattr(search, "ROOT_FINDER_FROM", 2 * LIMIT)
    with pytest.raises(CertificationError):
        next_breakpoint(make_form(leaf, rows), 1, guess=b + 2 ** 30)


# -- the values Newton's method steps on -----------------------------------------------------------

@pytest.mark.parametrize("k", [3, 2 ** 80 + 1, Fraction(10 ** 30, 3)])
def test_log_moments_against_the_rational_functions(k):
    """log R_leaf and log sum W R_l with their derivatives in k, against the exact rational
    functions: log prod (a + j) / (a + k + j) and its derivative -sum 1 / (a + k + j)."""
    leaf, rows, _, _ = case_of_seed(5)
    with flint.ctx.workprec(400):
        kb = flint.arb(k.numerator) / k.denominator if isinstance(k, Fraction) else flint.arb(k)
        (top, top_slope), (below, below_slope) = _log_moments(
            make_form(leaf, rows).leaf_terms, make_form(leaf, rows).terms, kb)

        def exact_ratio(a, d):
            return math.prod(Fraction(a + j) / (a + k + j) for j in range(int(d - a)))

        def exact_slope(a, d):
            return -sum(Fraction(1) / (a + k + j) for j in range(int(d - a)))

        def close(ball, value):
            return abs(ball - flint.arb(value.numerator) / value.denominator) < flint.arb(2) ** -250

        total = sum(w * exact_ratio(a, d) for w, a, d in rows)
        slope = sum(w * exact_ratio(a, d) * exact_slope(a, d) for w, a, d in rows) / total
        assert close(top.exp(), exact_ratio(*leaf)) and close(top_slope, exact_slope(*leaf))
        assert close(below.exp() / flint.arb(total.numerator) * total.denominator, Fraction(1))
        assert close(below_slope, slope)


def test_ceiling_of_dyadic_midpoints():
    """Midpoints m 2^e (m odd) with e < 0, e = 0 and e > 0 (12 = 3 2^2, 2^70).  Planted bugs that fail
    it (by hand, reverted): a right shift for e > 0; the branch for e >= 0 never taken."""
    assert [_ceiling(flint.arb(x)) for x in (3, -3, 0, 12, -12)] == [3, -3, 0, 12, -12]
    assert _ceiling(flint.arb(2) ** 70) == 2 ** 70
    assert _ceiling(flint.arb(7) / 4) == 2 and _ceiling(flint.arb(-7) / 4) == -1
    with flint.ctx.workprec(300):
        assert _ceiling(flint.arb(2) ** 200 + flint.arb(1) / 2 ** 10) == 2 ** 200 + 1
        assert _ceiling(flint.arb(2) ** 200 - flint.arb(1) / 2 ** 10) == 2 ** 200


# -- the splits of the databases' CV fold trees with breakpoints beyond 2^53 ------------------------

#: (k0, float guess, leaf (a, d), rows (W, a, d)) of splits searched in the cross-validation of
#: segment, g6c15 and g6c25 (5 folds each, bench_cv's split): breakpoints from 2^54 to 2^222
DATABASE_SPLITS = [
    (15330055, 5065710382812752551681121957288386033300472256095597198844218048512,
     ("96683/343", "16514/49"), [("109/674", "300/343", "2696/49"), ("565/674", "78161/343", "13868/49")]),
    (751959704, 1787529576416285557146466803253248,
     ("213305/756", "42661/126"), [("231/674", "46985/756", "14815/126"), ("443/674", "126365/756", "28171/126")]),
    (8098951, 34275805967414732,
     ("107215/378", "21443/63"), [("245/674", "27079/378", "7961/63"), ("429/674", "61099/378", "13757/63")]),
    (22434, 54188870713440593405782247079936,
     ("47665/168", "9533/28"), [("241/674", "11545/168", "3485/28"), ("433/674", "27505/168", "6173/28")]),
]


def mpmath_breakpoint(leaf: tuple, rows: list, guess: int) -> int:
    """The least integer at or above the zero of log R_leaf - log sum W R_l near ``guess``, by
    mpmath's own loggamma and root finder (no arb), at a precision far beyond the one needed;
    the zero is checked to be no closer than 2^-20 to an integer."""
    with mpmath.workprec(4 * guess.bit_length() + 200):
        leaf = tuple(mpmath.mpf(x.numerator) / x.denominator for x in leaf)
        rows = [tuple(mpmath.mpf(x.numerator) / x.denominator for x in row) for row in rows]

        def lg(a, d, k):
            return mpmath.loggamma(a + k) - mpmath.loggamma(d + k) + mpmath.loggamma(d) - mpmath.loggamma(a)

        def h(k):
            return lg(*leaf, k) - mpmath.log(mpmath.fsum(w * mpmath.exp(lg(a, d, k)) for w, a, d in rows))

        root = mpmath.findroot(h, mpmath.mpf(guess), tol=mpmath.mpf(2) ** (-2 * guess.bit_length() - 40))
        assert abs(h(root)) < mpmath.mpf(2) ** (-guess.bit_length() - 60)
        assert abs(root - mpmath.nint(root)) > mpmath.mpf(2) ** -20
        return int(mpmath.ceil(root))


@pytest.mark.parametrize("k0, guess, leaf, rows", DATABASE_SPLITS)
def test_splits_of_the_databases_against_mpmath(k0, guess, leaf, rows):
    """From the sequence's float guess: the proposal, and the breakpoint with two signs, equal the
    mpmath root's ceiling; from no guess, the same breakpoint."""
    leaf = tuple(Fraction(x) for x in leaf)
    rows = [tuple(Fraction(x) for x in row) for row in rows]
    expected = mpmath_breakpoint(leaf, rows, guess)
    assert expected >= 2 ** 53
    assert _crossing_proposal(make_form(leaf, rows), guess) == expected
    form = make_form(leaf, rows)
    assert next_breakpoint(form, k0, guess=guess) == expected and signs_asked(form) == 2
    assert next_breakpoint(make_form(leaf, rows), k0) == expected
