"""The searches on a split's F_d (:mod:`exactprune.breakpoints.forms`): its exact integer breakpoint
(doubling and bisection, a certified :class:`LogBracket` beyond 2**BREAKPOINT_EXACT_BITS), float
guesses of the breakpoints of every split of a tree at once (:func:`float_breakpoints`, for the
caller to certify), the single-crossing check of Thm 5.3 and the certified real crossing."""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional, Union

import flint
import numpy as np

from ..knorm import Prior, child_weights, leaf_terms
from ..limits import BREAKPOINT_EXACT_BITS, BREAKPOINT_MAX_LOG2
from ..numbers import CertificationError
from ..formatting import decimal_str, fraction_str
from ..tree import CountArrays
from ..tree.csr import csr_gather
from .forms import SubtreeForm, _signs_at


@dataclass(frozen=True)
class LogBracket:
    """A breakpoint beyond 2**BREAKPOINT_EXACT_BITS, certified to lie in (2**lower, 2**upper]:
    F_d(2**lower) > 0 >= F_d(2**upper) were decided by certified arb signs, and Thm 5.3 (one
    sign change) puts the least integer k with F_d(k) <= 0 between them.  ``lower`` and ``upper``
    are exact rationals (log2 of k).

    Parameters
    ----------
    lower : Fraction
        log2 of the bracket's lower end (the split is kept at 2**lower).
    upper : Fraction
        log2 of its upper end (the split is lost at 2**upper).

    Examples
    --------
    >>> LogBracket(Fraction(5), Fraction(6)).as_dict()
    {'log2_lower': '5', 'log2_upper': '6', 'approx': '2^5.500000000'}
    """

    lower: Fraction
    upper: Fraction

    def as_dict(self) -> dict:
        """The JSON form: log2 of the ends as exact fractions, the midpoint of log2 k to 10 digits.

        >>> LogBracket(Fraction(1), Fraction(2)).as_dict()
        {'log2_lower': '1', 'log2_upper': '2', 'approx': '2^1.500000000'}
        """
        middle = (self.lower + self.upper) / 2
        return {"log2_lower": fraction_str(self.lower), "log2_upper": fraction_str(self.upper),
                "approx": f"2^{decimal_str(middle, 10)}"}

    def __str__(self) -> str:
        return (f"2^({fraction_str(self.lower)}) < k <= 2^({fraction_str(self.upper)}), "
                f"k ~ {self.as_dict()['approx']}")


Breakpoint = Union[int, LogBracket]


def next_breakpoint(form: SubtreeForm, k0: Breakpoint, guess: Optional[int] = None) -> Breakpoint:
    """Least integer k > k0 with F_d(k) <= 0 (split lost), given F_d(k0) > 0 (Thm 5.3), when it
    is at most 2**BREAKPOINT_EXACT_BITS; beyond, a certified :class:`LogBracket`.

    The certified signs bracket it by doubling from k0, or, with a ``guess`` (a float one,
    :func:`float_breakpoints`), by galloping from the guess with a first step of
    guess / 2**GUESS_STEP_BITS; then bisection.  From ROOT_FINDER_FROM (2^53) on, where floats
    place no integer, the guess (or the doubling's upper end) is first refined by Newton's method
    in arb (:func:`_crossing_proposal`), and the gallop starts from the proposal with a step of 1:
    when the proposal is right, the signs at it (lost) and below it (kept) settle the breakpoint.
    The proposal only chooses where signs are asked: by Thm 5.3 (one sign change) the answer
    does not depend on the guess or the proposal, only the number of signs.

    Parameters
    ----------
    form : SubtreeForm
        The split's F_d.
    k0 : int or LogBracket
        An order where the split is kept.
    guess : int, optional
        Where the breakpoint probably is (used when k0 < guess <= 2**BREAKPOINT_EXACT_BITS).

    Returns
    -------
    int or LogBracket
        The least k > k0 where it is lost (a certified LogBracket beyond 2**BREAKPOINT_EXACT_BITS).

    See Also
    --------
    real_crossing : the real k of the sign change.

    Examples
    --------
    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import Node, iris_tree
    >>> small = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
    >>> next_breakpoint(small, 1) == next(k for k in range(1, 100) if small.difference_exact(k) <= 0)
    True
    >>> c2 = SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior())
    >>> next_breakpoint(c2, 2), next_breakpoint(c2, 2, guess=17781900)       # Zhong App B
    (17781896, 17781896)
    """
    if isinstance(k0, LogBracket):
        return _log_bracket(form, k0.upper)
    limit = 1 << BREAKPOINT_EXACT_BITS
    if guess is not None and k0 < guess <= limit:
        step = max(1, guess >> GUESS_STEP_BITS)
        proposal = _proposal_between(form, k0, guess, limit)
        if proposal is not None:
            guess, step = proposal, 1
        lo, hi = _bracket_from_guess(form, k0, guess, limit, step)
    else:
        lo, hi = _bracket_by_doubling(form, k0, limit)
        # (a bracket of 2 is settled by one sign: at most as many as a proposal costs)
        proposal = _proposal_between(form, lo, hi, hi) if hi is not None and hi - lo > 2 else None
        if proposal is not None:            # the bracket narrowed from the proposal, as from a guess
            lo, hi = _bracket_from_guess(form, lo, proposal, hi, 1)
    if hi is None:          # kept at 2**BREAKPOINT_EXACT_BITS
        return _log_bracket(form, Fraction(BREAKPOINT_EXACT_BITS))
    while hi - lo > 1:  # invariant: kept at lo, lost at hi
        mid = (lo + hi) // 2
        if form.sign(mid) > 0:
            lo = mid
        else:
            hi = mid
    return hi


#: :func:`next_breakpoint` gallops from a guess g with a first step of g / 2**GUESS_STEP_BITS (a
#: float guess of a breakpoint beyond 2^53 is off by about g / 2^36 on the databases measured)
GUESS_STEP_BITS = 30


#: a guess of at least this is refined by :func:`_crossing_proposal` before any sign is asked (floats
#: place no integer beyond 2^53: a float guess there is off by about guess / 2^36)
ROOT_FINDER_FROM = 1 << 53
#: :func:`_crossing_proposal` gives up after this many Newton steps
ROOT_FINDER_STEPS = 16
#: ... or when its working precision would pass this many bits
ROOT_FINDER_MAX_PREC = 1 << 14


def _crossing_proposal(form: SubtreeForm, guess: int) -> Optional[int]:
    """A proposal for the least integer k with F_d(k) <= 0, near ``guess``: Newton's method in
    log k from ``guess`` on h = log R_leaf(d, k) - log R(T_d, k), which has the sign of F_d (both
    moments are > 0), the moments extended to real k by Gamma functions (C.26) (:func:`_log_moments`:
    each term's lgamma(a + k) - lgamma(d + k) + lgamma(d) - lgamma(a) and its derivative
    digamma(a + k) - digamma(d + k)).  Each moment is a sum of near powers of k, so h is close to
    linear in log k: a step is k -> k exp(-h / (k dh/dk)), and the steps converge quadratically;
    they stop when a step moves k by less than 2^-4, and the proposal is the ceiling of that k.

    The balls are arb's at a working precision of 2 bits(guess) + 64 + bits(a + d) (lgamma(a + k)
    is about k log k, so h loses bits(k) to cancellation, and k is wanted to 2^-bits(k) of
    itself); when a step's ball is wider than 2^-8 the precision grows (its extra bits doubled),
    up to ROOT_FINDER_MAX_PREC.  None when it cannot go on: no term below (F_d > 0 at every k),
    a slope whose ball is not < 0 (also a runaway step or a leaf moment of 0, whose balls are
    not finite), precision or steps run out.  No bound: :func:`next_breakpoint` certifies the
    proposal by the signs at it and next to it.

    Parameters
    ----------
    form : SubtreeForm
        The split's F_d.
    guess : int
        Where the breakpoint probably is (a float guess).

    Returns
    -------
    int or None
        The proposed breakpoint, or None.

    Examples
    --------
    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> c2 = SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior())
    >>> _crossing_proposal(c2, 17000000), _crossing_proposal(c2, 2 ** 60)     # Zhong App B: lost from 17781896
    (17781896, 17781896)
    """
    rows = [row for row in form.terms if row[1] != 0]
    if not rows:
        return None
    base, extra = 2 * guess.bit_length(), 64 + form._size
    while base + extra <= ROOT_FINDER_MAX_PREC:
        with flint.ctx.workprec(base + extra):
            k = flint.arb(guess)
            for _ in range(ROOT_FINDER_STEPS):
                (top, top_slope), (below, below_slope) = _log_moments(form.leaf_terms, rows, k)
                slope = k * (top_slope - below_slope)          # dh / d log k
                if not slope < 0:
                    return None
                moved = k * (-(top - below) / slope).exp()
                step = k - moved
                if step.rad() > _WIDEST_STEP:
                    break                   # more precision
                k = moved.mid()
                if abs(step) < _LAST_STEP:
                    return _ceiling(k)
            else:
                return None
        extra *= 2
    return None


#: :func:`_crossing_proposal` stops when a step is below _LAST_STEP, and wants more precision when a
#: step's ball is wider than _WIDEST_STEP
_LAST_STEP, _WIDEST_STEP = flint.arb(2) ** -4, flint.arb(2) ** -8


def _proposal_between(form: SubtreeForm, lo: int, guess: int, hi: int) -> Optional[int]:
    """:func:`_crossing_proposal` from ``guess`` when it is at least ROOT_FINDER_FROM and ``form`` a
    :class:`SubtreeForm` (the searches take any object with ``sign``), kept when in (lo, hi]; else None."""
    if guess < ROOT_FINDER_FROM or not isinstance(form, SubtreeForm):
        return None
    proposal = _crossing_proposal(form, guess)
    return proposal if proposal is not None and lo < proposal <= hi else None


def _log_moments(leaf: tuple, rows: list, k: "flint.arb") -> tuple:
    """``((log R_leaf, slope), (log R(T_d), slope))`` at real k in arb at the current precision,
    the slopes being derivatives in k: the leaf's (a, d) and the subtree's rows (W, a, d), a != 0,
    summed as sum W exp(log ratio) (arb's exponents have no range to leave, however small the
    ratios at large k)."""
    seen: dict = {}

    def gamma_terms(v) -> tuple:         # (lgamma(v + k) - lgamma(v), digamma(v + k)), once per value
        if v not in seen:
            vb = flint.arb(v)
            seen[v] = ((vb + k).lgamma() - vb.lgamma(), (vb + k).digamma())
        return seen[v]

    def log_ratio(a, d) -> tuple:
        (la, da), (ld, dd) = gamma_terms(a), gamma_terms(d)
        return la - ld, da - dd

    terms = [(flint.arb(w) * log.exp(), slope) for (log, slope), w in ((log_ratio(a, d), w) for w, a, d in rows)]
    total = sum(term for term, _ in terms)
    return log_ratio(*leaf), (total.log(), sum(term * slope for term, slope in terms) / total)


def _ceiling(x: "flint.arb") -> int:
    """The least integer >= the midpoint of ``x`` (exact: a dyadic midpoint).

    >>> _ceiling(flint.arb(5) / 2), _ceiling(flint.arb(-5) / 2), _ceiling(flint.arb(2) ** 70)
    (3, -2, 1180591620717411303424)
    """
    man, exp = (int(part) for part in x.mid().man_exp())
    return man << exp if exp >= 0 else -((-man) >> -exp)


def _bracket_by_doubling(form: SubtreeForm, k0: int, limit: int) -> tuple:
    """``(lo, hi)``, kept at lo and lost at hi (hi None: kept at ``limit``), by the signs at
    k0 + 1, k0 + 2, k0 + 4, ... (at most ``limit``)."""
    lo, step = k0, 1
    hi = k0 + 1
    while form.sign(hi) > 0:
        lo = hi
        if hi >= limit:
            return lo, None
        step *= 2
        hi = min(k0 + step, limit)
    return lo, hi


def _bracket_from_guess(form: SubtreeForm, k0: int, guess: int, limit: int, step: int) -> tuple:
    """``(lo, hi)`` as :func:`_bracket_by_doubling`, by the sign at ``guess`` and then at steps of
    ``step``, doubling, away from it: up to ``limit``, down to k0 (where the split is kept)."""
    if form.sign(guess) > 0:
        lo = guess
        while lo < limit:
            hi = min(lo + step, limit)
            if form.sign(hi) <= 0:
                return lo, hi
            lo, step = hi, 2 * step
        return lo, None
    hi = guess
    while True:
        lo = max(hi - step, k0)
        if lo == k0 or form.sign(lo) > 0:
            return lo, hi
        hi, step = lo, 2 * step


def _log_bracket(form: SubtreeForm, t0: Fraction, bits: int = 40) -> LogBracket:
    """The certified bracket of a breakpoint beyond 2**t0 (F_d(2**t0) > 0 is checked): doubling
    log2 k up to BREAKPOINT_MAX_LOG2, then bisection on log2 k to relative width 2**-bits (or
    until the sign cannot be certified)."""
    name = form.name
    if form.sign_log2(t0) <= 0:
        raise ValueError(f"node {name}: its breakpoint is not above 2^{decimal_str(t0, 12)}, inside the "
                         f"certified interval of an earlier breakpoint: beyond 2^{BREAKPOINT_EXACT_BITS} "
                         "(BREAKPOINT_EXACT_BITS) the two cannot be ordered")
    lo, hi = t0, 2 * t0
    while form.sign_log2(hi) > 0:
        lo, hi = hi, 2 * hi
        if hi > BREAKPOINT_MAX_LOG2:
            raise ValueError(f"node {name}: no breakpoint below k = 2^{BREAKPOINT_MAX_LOG2} "
                             f"(the limit BREAKPOINT_MAX_LOG2)")
    while hi - lo > hi / (1 << bits):
        mid = (lo + hi) / 2
        try:
            sign = form.sign_log2(mid)
        except CertificationError:
            break
        if sign > 0:
            lo = mid
        else:
            hi = mid
    return LogBracket(lo, hi)


class Theorem53Violation(ArithmeticError):
    """F_d changes sign more than once: a counterexample to Zhong Thm 5.3 (raised by
    :func:`verify_single_crossing`, also when the breakpoint it is given is wrong).

    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> verify_single_crossing(SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior()), 1000)
    Traceback (most recent call last):
    exactprune.breakpoints.search.Theorem53Violation: node c2: F > 0 at k = 1000, beyond its breakpoint 1000
    """


def verify_single_crossing(form: "SubtreeForm", breakpoint: int) -> int:
    """Certify the sign of F_d on a grid of real k (powers of 2 from 1 to 16 x breakpoint, plus
    breakpoint - 1 and breakpoint): kept (F > 0) up to breakpoint - 1, lost (F <= 0) from the
    breakpoint on.  Thm 5.3 says the sign changes once; a disagreeing grid point raises
    :class:`Theorem53Violation` with the numbers.  Returns the number of points checked.

    This is evidence of a single crossing, not a proof between grid points; the proof is
    Thm 5.3 (checked exactly on random trees by ``exactprune verify --theorem zhong-5.3``).

    Parameters
    ----------
    form : SubtreeForm
        The split's F_d.
    breakpoint : int
        The split's integer breakpoint.

    Returns
    -------
    int
        The number of grid points whose sign was certified.

    See Also
    --------
    verify_crossings : several forms at once.

    Examples
    --------
    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> verify_single_crossing(SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior()), 17781896)
    31
    """
    return verify_crossings([form], breakpoint)


def verify_crossings(forms: list, breakpoint: int) -> int:
    """:func:`verify_single_crossing` for several forms with one breakpoint, the grid's signs
    by :func:`_signs_at` (all forms at once).  Returns the number of grid points.

    Parameters
    ----------
    forms : list of SubtreeForm
        The splits' forms.
    breakpoint : int
        Their common breakpoint.

    Returns
    -------
    int
        The number of grid points certified, over all forms.

    See Also
    --------
    verify_single_crossing : one form.

    Examples
    --------
    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> c2 = SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior())
    >>> verify_crossings([c2], 17781896)       # 1, 2, 4, ..., 2^28 <= 16 x 17781896, and 17781895, 17781896
    31
    """
    grid = {breakpoint - 1, breakpoint}
    x = 1
    while x <= 16 * breakpoint:
        grid.add(x)
        x *= 2
    points = sorted(g for g in grid if g >= 1)
    for k in points:
        for form, sign in zip(forms, _signs_at(forms, k)):
            if k <= breakpoint - 1 and sign <= 0:
                raise Theorem53Violation(f"node {form.name}: F <= 0 at k = {k}, below its breakpoint {breakpoint}")
            if k >= breakpoint and sign > 0:
                raise Theorem53Violation(f"node {form.name}: F > 0 at k = {k}, beyond its breakpoint {breakpoint}")
    return len(points)


def real_crossing(form_or_node, lo, hi, prior: Prior = Prior(), bits: int = 40):
    """A certified interval [x0, x1] (rationals) in [lo, hi] where F_d changes sign, the subtree
    moment equalling the leaf moment at real k (Gamma extension, (C.26)); F_d(lo) > 0 >= F_d(hi)
    is required and checked.  The interval is the cell of the dyadic bisection of [lo, hi] to width
    2^-bits (relative) where the certified sign changes.

    Where the cell lies is guessed first by a float root of F_d (:func:`_float_roots`, no
    guarantee); the guessed cell is accepted only when certified signs at both its ends show
    the change (F_d(x0) > 0 >= F_d(x1)), and moved to a neighbour a few times otherwise.  Thm 5.3
    (one sign change) makes that cell the one bisection reaches; without an accepted guess the
    cell is found by certified bisection, which also stops at a midpoint whose sign cannot be
    certified.

    Parameters
    ----------
    form_or_node : SubtreeForm or Node
        The split (a Node: its form under ``prior``).
    lo, hi : exact numbers
        The interval, with F_d(lo) > 0 >= F_d(hi).
    prior : Prior, default ``Prior()``
        For a Node.
    bits : int, default 40
        The cell's width 2**-bits relative to hi - lo.

    Returns
    -------
    tuple of Fraction
        (x0, x1) with the crossing inside.

    See Also
    --------
    real_crossings : several forms at once.
    next_breakpoint : the integer breakpoint.

    Examples
    --------
    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> lo, hi = real_crossing(prune(iris_tree(), 2).tree.node("c2"), 17781895, 17781896)
    >>> hi - lo == Fraction(1, 2 ** 16), 17781895 < lo
    (True, True)
    """
    form = form_or_node if isinstance(form_or_node, SubtreeForm) else SubtreeForm(form_or_node, prior)
    return real_crossings([form], lo, hi, bits)[0]


def real_crossings(forms: list, lo, hi, bits: int = 40) -> list:
    """:func:`real_crossing` of several forms on one interval [lo, hi], the float guesses of all
    their cells made in one vectorized pass (:func:`_float_roots`).

    Parameters
    ----------
    forms : list of SubtreeForm
        The splits' forms.
    lo, hi : exact numbers
        The common interval.
    bits : int, default 40
        The cells' width.

    Returns
    -------
    list of tuple
        One (x0, x1) per form.

    See Also
    --------
    real_crossing : one form.

    Examples
    --------
    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> c2 = SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior())
    >>> [(lo, hi)] = real_crossings([c2], 17781895, 17781896)
    >>> hi - lo == Fraction(1, 2 ** 16), 17781895 < lo
    (True, True)
    """
    for form, at_lo, at_hi in zip(forms, _signs_at(forms, lo), _signs_at(forms, hi)):
        if at_lo <= 0 or at_hi > 0:
            raise ValueError(f"node {form.name}: no sign change of F on [{lo}, {hi}]")
    x0, x1 = Fraction(lo), Fraction(hi)
    width = max(x1, Fraction(1)) / (1 << bits)
    length = x1 - x0
    while length > width:
        length /= 2
    try:
        roots = _float_roots(forms, float(x0), float(x1)).tolist()
    except OverflowError:       # beyond float range: no float guess, certified bisection alone
        roots = [math.nan] * len(forms)
    cells = int((x1 - x0) / length)
    out = []
    for form, root in zip(forms, roots):
        out.append(_guessed_cell(form, x0, length, cells, root) or _bisected_cell(form, x0, x1, width))
        form.release()          # its balls and float images, made for this cell alone
    return out


def _float_roots(forms: list, lo: float, hi: float) -> "np.ndarray":
    """A float root of each form's F_d in [lo, hi], by float bisection of all forms at once
    (the Gamma ratios of the concatenated rows by scipy's ``betaln``, summed per form), NaN for a form whose
    float signs at lo and hi do not show the change.  Guesses only, certified by the caller."""
    columns = [form._float_rows for form in forms]
    owner = np.repeat(np.arange(len(forms)), [len(w) for w, _, _ in columns])
    w, a, d = (np.concatenate([c[i] for c in columns]) for i in range(3))

    def f(x):
        return _gamma_ratio_signs(owner, w, a, d, x, len(forms))

    with np.errstate(all="ignore"):
        left, right = np.full(len(forms), lo), np.full(len(forms), hi)
        bracket = (f(left) > 0) & (f(right) < 0)
        mid = (left + right) / 2
        while np.any((left < mid) & (mid < right)):
            positive = f(mid) > 0
            left, right = np.where(positive, mid, left), np.where(positive, right, mid)
            mid = (left + right) / 2
    return np.where(bracket, mid, np.nan)


def _gamma_ratio_signs(owner: "np.ndarray", w: "np.ndarray", a: "np.ndarray", d: "np.ndarray", x: "np.ndarray",
                       n: int) -> "np.ndarray":
    """The float sign of sum_rows w Gamma(a + x) Gamma(d) / (Gamma(a) Gamma(d + x)) for each of
    ``n`` owners (``owner`` non-decreasing) at its own x (``x[owner]``; x of shape (n,), or (n, P):
    P points per owner): the rows of F_d at real k (the Gamma extension of (4.29), (C.26)).
    log Gamma(a + x) - log Gamma(a) = log Gamma(x) - log B(a, x), so each log ratio is
    log B(d, x) - log B(a, x), scipy's ``betaln`` staying accurate for large a, d, x (for x at most
    _LGAMMA_X the four ``gammaln`` themselves, several times faster, their cancellation still far
    below what a guess needs); each owner's
    terms are scaled by its largest ratio before they are summed, so that ratios far below the
    float range (large k) do not underflow to 0.  An owner without rows has the sign 0.  No
    bound: guesses only.

    >>> _gamma_ratio_signs(np.zeros(2, dtype=np.int64), np.array([1.0, -1.0]), np.array([1.0, 1.0]),
    ...                    np.array([2.0, 3.0]), np.array([1e6]), 1).tolist()   # 1/(1 + x) > 2/((2 + x)(1 + x))
    [1.0]
    """
    from scipy.special import betaln, gammaln
    x = np.asarray(x, dtype=np.float64)
    column = (-1,) + (1,) * (x.ndim - 1)
    a, d, xs = a.reshape(column), d.reshape(column), x[owner]
    if x.size and x.max() <= _LGAMMA_X:         # log Gamma(a + x) - log Gamma(d + x) + log Gamma(d) - log Gamma(a)
        logs = gammaln(a + xs) - gammaln(d + xs) + (gammaln(d) - gammaln(a))
    else:
        logs = betaln(d, xs) - betaln(a, xs)
    starts = np.searchsorted(owner, np.arange(n))
    sizes = np.diff(np.append(starts, len(owner)))
    out = np.zeros(x.shape)
    filled = sizes > 0
    if filled.any():
        first = starts[filled]
        top = np.maximum.reduceat(logs, first, axis=0)
        scaled = w.reshape(column) * np.exp(logs - np.repeat(top, sizes[filled], axis=0))
        out[filled] = np.add.reduceat(scaled, first, axis=0)
    return np.sign(out)


#: :func:`_gamma_ratio_signs` takes log Gamma differences directly up to this x (the cancellation
#: in log Gamma(a + x) - log Gamma(d + x) is about 2^-52 x log x: 3e-9 at 2^20), ``betaln`` beyond
_LGAMMA_X = 2.0 ** 20

#: :func:`float_breakpoints` builds the float rows of subtrees of about this many nodes at a time
FLOAT_ROWS_AT_A_TIME = 1 << 18

#: the offsets from k0 where :func:`float_breakpoints` first looks for a float sign change: 2^(2^j)
#: up to 2^1023 (the float range)
_FLOAT_GRID = np.array([1.0, 2.0, 4.0, 16.0, 256.0, 2.0 ** 16, 2.0 ** 32, 2.0 ** 64, 2.0 ** 128, 2.0 ** 256,
                        2.0 ** 512, 2.0 ** 1023])
#: points per bracket and round of :func:`_least_nonpositive_integers`' search
_POINTS = 3
#: at most this many rounds (each divides a bracket's span by _POINTS + 1, or its ratio's exponent)
_MAX_ROUNDS = 40


def float_breakpoints(arrays: CountArrays, splits: "np.ndarray", prior: Prior, k0: int) -> list:
    """Float guesses of the breakpoints of the splits ``splits`` of count arrays, all at once: for
    each split d, the least integer k > k0 with F_d(k) <= 0 (the split lost, its subtree as it
    stands, (4.28)-(4.29) with the weights (4.11)) as floats say it, or 0 where they show no such
    k below 2^1023 (or F_d(k0) > 0 fails in floats, or k0 is beyond the float range).  Guesses,
    with no bound: the caller certifies them (:func:`exactprune.sequence.knorm_sequence` by
    PruneTree on both sides of the least).

    F_d(x) = R_leaf(d, x) - sum_l W_l R_leaf(l, x) over the leaves l of T_d at real x (the Gamma
    extension, (C.26)), in floats (:func:`_gamma_ratio_signs`), W_l the product of the child
    weights from d down to l.  Its sign change is bracketed on the grid k0 + 2^(2^j), then
    narrowed over the integers (:func:`_least_nonpositive_integers`: many points per bracket and
    round, exact float integers below 2^53), all splits together.  The splits may be nested; their rows
    are made for subtrees of about FLOAT_ROWS_AT_A_TIME nodes at a time.

    Parameters
    ----------
    arrays : CountArrays
        The tree (nodes no walk from the root reaches are never read).
    splits : numpy array of int
        The splits (node indices).
    prior : Prior
        lam, eta and the numerator convention.
    k0 : int
        An order where every one of the splits is kept (F_d(k0) > 0).

    Returns
    -------
    list of int
        One guess per split (0: none).

    See Also
    --------
    next_breakpoint : the exact breakpoint of one split.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> from exactprune.knorm import prune
    >>> tree = prune(iris_tree(), 2).tree           # Zhong Figure B.1 (d): c2 is lost from k = 17781896
    >>> a = tree.arrays()
    >>> float_breakpoints(a, np.array([a.index("c2")]), Prior(), 2)
    [17781896]
    """
    splits = np.asarray(splits, dtype=np.int64)
    guesses = np.zeros(len(splits), dtype=object)
    if not splits.size:
        return []
    for chunk in _chunks_of_rows(arrays, splits):
        rows = _float_rows_of_subtrees(arrays, splits[chunk], prior)
        if rows is not None:
            owner, w, a, d = rows
            guesses[chunk] = _least_nonpositive_integers(owner, w, a, d, chunk.stop - chunk.start, k0)
    return guesses.tolist()


def _chunks_of_rows(arrays: CountArrays, splits: "np.ndarray") -> list:
    """Slices of ``splits`` whose subtrees hold about FLOAT_ROWS_AT_A_TIME nodes together (a split
    with more alone): a subtree's rows are its leaves and its root, at most its nodes."""
    total = np.cumsum(arrays.subtree_sizes[splits])
    cuts = np.searchsorted(total, np.arange(FLOAT_ROWS_AT_A_TIME, int(total[-1]), FLOAT_ROWS_AT_A_TIME), side="right")
    # every cut is below len(splits): the points searched stop below the last running total
    bounds = [0] + sorted(set(int(c) for c in cuts if 0 < c)) + [len(splits)]
    return [slice(lo, hi) for lo, hi in zip(bounds, bounds[1:])]


def _float_rows_of_subtrees(arrays: CountArrays, roots: "np.ndarray", prior: Prior) -> Optional[tuple]:
    """The float rows ``(owner, w, a, d)`` of F_d for the subtrees at ``roots`` (nested or not): per
    root j its leaf row (j, 1, a, d) and a row (j, -W_l, a_l, d_l) per leaf l below, W_l the
    product of the child weights (4.11) from the root down, a and d the terms of (4.29)
    (:func:`~exactprune.knorm.leaf_terms`, :func:`~exactprune.knorm.child_weights` in floats),
    ordered by root, the weights of a root's rows of equal (a, d) summed (a grown tree's leaves
    share few); rows with a = 0 (ratio 0) left out.  None when a count is beyond float range."""
    offsets = tuple(float(x) for x in prior.term_offsets(arrays.counts.shape[1]))
    eta, arity = float(prior.eta), arrays.n_children
    owner, nodes = np.arange(len(roots)), np.asarray(roots)
    weight = np.ones(len(roots))
    parts, parent_size, parent_width = [], None, None
    with np.errstate(all="ignore"):
        while nodes.size:
            try:
                rows = np.asarray(arrays.counts[nodes], dtype=np.float64)
            except OverflowError:
                return None
            sizes, top = rows.sum(axis=1), rows.max(axis=1)
            a, d = leaf_terms(sizes, top, offsets)
            if parent_size is None:
                parts.append((owner, weight, a, d))             # the roots as leaves
            else:
                weight = weight * child_weights(sizes, parent_size, eta, float, n_children=parent_width)
            leaf = arity[nodes] == 0
            parts.append((owner[leaf], -weight[leaf], a[leaf], d[leaf]))
            split = ~leaf
            width = arity[nodes[split]]
            owner, weight = np.repeat(owner[split], width), np.repeat(weight[split], width)
            parent_size, parent_width = np.repeat(sizes[split], width), np.repeat(width.astype(np.float64), width)
            nodes = csr_gather(arrays.offsets, arrays.indices, nodes[split])
    owner, w, a, d = (np.concatenate([part[i] for part in parts]) for i in range(4))
    keep = np.flatnonzero(a != 0)
    keep = keep[np.lexsort((d[keep], a[keep], owner[keep]))]      # by root, then by (a, d)
    owner, w, a, d = owner[keep], w[keep], a[keep], d[keep]
    if not keep.size:       # every ratio 0 (lam = 0, pure nodes): no rows
        return owner, w, a, d
    first = np.flatnonzero(np.r_[True, (owner[1:] != owner[:-1]) | (a[1:] != a[:-1]) | (d[1:] != d[:-1])])
    return owner[first], np.add.reduceat(w, first), a[first], d[first]    # equal rows summed


def _least_nonpositive_integers(owner, w, a, d, n: int, k0: int) -> "np.ndarray":
    """For each of ``n`` forms given by float rows (``owner`` non-decreasing), the least integer
    k > k0 where the float sum (:func:`_gamma_ratio_signs`) is <= 0, as Python ints (0: the sum
    is not > 0 at k0, or stays > 0 up to k0 + 2^1023, or k0 has no float): bracketed on the grid k0 + _FLOAT_GRID,
    then searched with _POINTS points per bracket and round (geometric while the bracket spans
    more than a factor 2, else evenly spaced, floored to integers below 2^53: a bracket of at
    most _POINTS + 1 integers is settled in one round), every form's points in one pass."""
    try:
        start = float(k0)
    except OverflowError:       # k0 beyond the float range: no float above it
        return np.zeros(n, dtype=object)

    def positive(which: "np.ndarray", x: "np.ndarray") -> "np.ndarray":
        """The float signs > 0 of the forms ``which`` (indices) at their points ``x`` (one row each)."""
        mask = np.zeros(n, dtype=bool)
        mask[which] = True
        sel = mask[owner]
        rank = np.cumsum(mask) - 1
        return _gamma_ratio_signs(rank[owner[sel]], w[sel], a[sel], d[sel], x, len(which)) > 0

    def first_lost(points: "np.ndarray", kept: "np.ndarray", lo: "np.ndarray", hi: "np.ndarray") -> tuple:
        """The bracket (last kept point or ``lo``, first lost point or ``hi``) of each row."""
        rows, lost = np.arange(len(points)), ~kept
        j = np.argmax(lost, axis=1)
        any_lost = lost.any(axis=1)
        new_hi = np.where(any_lost, points[rows, j], hi)
        new_lo = np.where(any_lost, np.where(j > 0, points[rows, j - 1], lo), points[:, -1])
        return new_lo, new_hi

    with np.errstate(all="ignore"):
        lo, hi = np.full(n, start), np.full(n, np.inf)
        near, far = _FLOAT_GRID[_FLOAT_GRID <= 2.0 ** 16], _FLOAT_GRID[_FLOAT_GRID > 2.0 ** 16]
        grid = start + np.concatenate(([0.0], near))      # the near grid first: log Gamma differences
        kept = positive(np.arange(n), np.broadcast_to(grid, (n, len(grid))))
        ok = kept[:, 0]
        lo, hi = first_lost(np.broadcast_to(grid[1:], (n, len(grid) - 1)), kept[:, 1:], lo, hi)
        open_ = np.flatnonzero(ok & np.isinf(hi))               # kept up to k0 + 2^16: the far grid
        if open_.size:
            grid = start + far
            lo[open_], hi[open_] = first_lost(np.broadcast_to(grid, (len(open_), len(grid))),
                                              positive(open_, np.broadcast_to(grid, (len(open_), len(grid)))),
                                              lo[open_], hi[open_])
        found = ok & np.isfinite(hi)
        steps = np.arange(1, _POINTS + 1) / (_POINTS + 1)
        for _ in range(_MAX_ROUNDS):
            small = hi < 2.0 ** 53          # integers exact in floats: down to adjacent integers
            active = np.flatnonzero(found & np.where(small, hi - lo > 1, np.nextafter(lo, np.inf) < hi))
            if not active.size:
                break
            l, h, exact_ints = lo[active, None], hi[active, None], small[active, None]
            points = np.where(h > 2 * l, l * (h / l) ** steps, l + (h - l) * steps)
            points = np.where(exact_ints, np.clip(np.floor(points), l + 1, h - 1),
                              np.clip(points, np.nextafter(l, np.inf), np.nextafter(h, -np.inf)))
            lo[active], hi[active] = first_lost(points, positive(active, points), l[:, 0], h[:, 0])
    return np.array([int(h) if f else 0 for h, f in zip(hi.tolist(), found.tolist())], dtype=object)


def _guessed_cell(form: "SubtreeForm", x0: Fraction, length: Fraction, cells: int, root: float) -> Optional[tuple]:
    """The cell [x0 + c length, x0 + (c + 1) length] of the grid of ``cells`` cells where F_d
    changes sign (F_d(x0) > 0 >= F_d(x0 + cells length) is known), searched from the cell around
    the float ``root``: certified signs at its ends; when they do not show the change, a
    galloping search towards it (1, 2, 4, ... cells) and bisection of the bracket found, so a
    guess c cells off costs about 2 log2 c signs.  None without a root or when a sign cannot be
    certified (the caller bisects).  By Thm 5.3 (one sign change) it is the cell bisection finds.

    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> form = SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior())
    >>> x0, length = Fraction(17781895), Fraction(1, 2 ** 16)
    >>> exact = _guessed_cell(form, x0, length, 2 ** 16, 17781895.5)
    >>> exact == _guessed_cell(form, x0, length, 2 ** 16, 17781895.0) == _bisected_cell(form, x0, x0 + 1, length)
    True
    """
    if math.isnan(root):
        return None

    def positive(c: int) -> bool:
        return c <= 0 or (c < cells and form.sign(x0 + c * length) > 0)

    guess = min(max(int((Fraction(root) - x0) / length), 0), cells - 1)
    try:
        if positive(guess):
            lo, step = guess, 1
            while positive(lo + step):
                lo, step = lo + step, 2 * step
            hi = lo + step
        else:
            hi, step = guess, 1
            while not positive(hi - step):
                hi, step = hi - step, 2 * step
            lo = hi - step
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if positive(mid):
                lo = mid
            else:
                hi = mid
    except CertificationError:
        return None
    return x0 + lo * length, x0 + hi * length


def _bisected_cell(form: "SubtreeForm", x0: Fraction, x1: Fraction, width: Fraction) -> tuple:
    """Certified bisection of [x0, x1] (F_d(x0) > 0 >= F_d(x1)) down to length <= ``width``,
    stopping early at a midpoint whose sign cannot be certified."""
    while x1 - x0 > width:
        mid = (x0 + x1) / 2
        try:
            s = form.sign(mid)
        except CertificationError:
            break
        if s > 0:
            x0 = mid
        else:
            x1 = mid
    return x0, x1
