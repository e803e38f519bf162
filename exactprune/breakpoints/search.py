"""The searches on a split's F_d (:mod:`exactprune.breakpoints.forms`): its exact integer breakpoint
(doubling and bisection, a certified :class:`LogBracket` beyond 2**BREAKPOINT_EXACT_BITS), the
single-crossing check of Thm 5.3 and the certified real crossing."""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional, Union

import numpy as np

from ..knorm import Prior
from ..limits import BREAKPOINT_EXACT_BITS, BREAKPOINT_MAX_LOG2
from ..numbers import CertificationError, decimal_str, fraction_str
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


def next_breakpoint(form: SubtreeForm, k0: Breakpoint) -> Breakpoint:
    """Least integer k > k0 with F_d(k) <= 0 (split lost), given F_d(k0) > 0 (Thm 5.3), when it
    is at most 2**BREAKPOINT_EXACT_BITS; beyond, a certified :class:`LogBracket`.

    Parameters
    ----------
    form : SubtreeForm
        The split's F_d.
    k0 : int or LogBracket
        An order where the split is kept.

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
    >>> next_breakpoint(SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior()), 2)   # Zhong App B
    17781896
    """
    if isinstance(k0, LogBracket):
        return _log_bracket(form, k0.upper)
    limit = 1 << BREAKPOINT_EXACT_BITS
    lo, step = k0, 1
    hi = k0 + 1
    while form.sign(hi) > 0:
        lo = hi
        if hi >= limit:
            return _log_bracket(form, Fraction(BREAKPOINT_EXACT_BITS))
        step *= 2
        hi = min(k0 + step, limit)
    while hi - lo > 1:  # invariant: kept at lo, lost at hi
        mid = (lo + hi) // 2
        if form.sign(mid) > 0:
            lo = mid
        else:
            hi = mid
    return hi


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
    from scipy.special import betaln
    columns = [form._float_rows for form in forms]
    owner = np.repeat(np.arange(len(forms)), [len(w) for w, _, _ in columns])
    w, a, d = (np.concatenate([c[i] for c in columns]) for i in range(3))

    def f(x):       # log Gamma(a + x) - log Gamma(a) = log Gamma(x) - log B(a, x), so each ratio is
        xs = x[owner]      # exp(log B(d, x) - log B(a, x)), scipy's betaln staying accurate for large a, d
        return np.bincount(owner, weights=w * np.exp(betaln(d, xs) - betaln(a, xs)))    # every form has its leaf row

    with np.errstate(all="ignore"):
        left, right = np.full(len(forms), lo), np.full(len(forms), hi)
        bracket = (f(left) > 0) & (f(right) < 0)
        mid = (left + right) / 2
        while np.any((left < mid) & (mid < right)):
            positive = f(mid) > 0
            left, right = np.where(positive, mid, left), np.where(positive, right, mid)
            mid = (left + right) / 2
    return np.where(bracket, mid, np.nan)


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
