"""The decision kernel: every comparison that decides something goes through here.

A *decision* is the sign of a real number ``X - Y`` (prune or keep a split, which side of a
breakpoint, which estimate is smaller).  :class:`Decider` settles it by the cheapest route that is
sound, and counts which route settled each decision:

1. ``"float"``: a float64 evaluation :class:`Approx` of ``X`` and of ``Y``, each carrying a
   rigorous relative error bound.  The float difference decides when it exceeds the sum of the
   bounds; otherwise the filter declines (it never guesses).
2. ``"arb"``: a callable returning a :class:`flint.arb` ball that encloses ``X - Y``, evaluated at
   doubling precision until the ball excludes zero (:func:`~exactprune.numbers.certified_sign`).
3. ``"exact"``: a callable returning ``X - Y`` as an exact rational (``Fraction`` or
   ``flint.fmpq``), the only route that can prove a tie.

A caller supplies the routes it has, in that order of preference; a decision no supplied route can
settle raises :class:`~exactprune.numbers.CertificationError` (never a guess).

Error model and the derivation of every bound
---------------------------------------------
IEEE 754 binary64 with rounding to nearest, ``u = 2**-53``.  For ``op`` in ``+ - * /`` and finite
operands whose exact result ``z`` lies in the normal range, ``fl(a op b) = z (1 + delta)``,
``|delta| <= u``.  An :class:`Approx` ``(x, r)`` with ``x > 0`` stands for a real ``X`` with
``|X - x| <= r x``; ``(0.0, 0.0)`` stands for exactly zero.  For ``X, Y > 0`` approximated by
``(x, rx)``, ``(y, ry)`` and a computed result ``z``:

* product ``z = fl(x y)``: ``|XY - xy| <= ((1 + rx)(1 + ry) - 1) xy`` and ``|xy - z| <= u xy``
  with ``xy <= z / (1 - u)``, so ``r = (rx + ry + rx ry + u) / (1 - u)``;
* sum ``z = fl(x + y)``: ``|X + Y - (x + y)| <= max(rx, ry) (x + y)``, so
  ``r = (max(rx, ry) + u) / (1 - u)``;
* quotient ``z = fl(x / y)`` (``ry < 1/2``): ``X / Y`` lies within ``x / y`` times
  ``[(1 - rx) / (1 + ry), (1 + rx) / (1 - ry)]``, so ``r = ((rx + ry) / (1 - ry) + u) / (1 - u)``;
* rising ratio ``prod_{m<k} (a + m) / (d + m)`` (Zhong (4.29) and every leaf moment): each factor
  has relative bound ``f`` from the sum and quotient rules; with ``t = k f + (k - 1) u <= 2**-10``,
  ``(1 + f)**k (1 + u)**(k - 1) - 1 <= exp(t) - 1 <= t (1 + t)``;
* comparison: ``|(X - Y) - (x - y)| <= rx x + ry y = E``, and ``fl(x - y)`` has the sign of
  ``x - y`` with ``|x - y| >= |fl(x - y)| / (1 + u)``.  The filter decides iff
  ``|fl(x - y)| > E (1 + 2**-48)``.

Each bound formula is itself evaluated in floating point with at most six roundings, so every
computed bound is multiplied by ``INFLATE = 1 + 2**-48`` (> ``(1 + u)**8 / (1 - u)``), which
covers both those roundings and the ``1 / (1 - u)`` factors.  A result below ``TINY = 2**-960``
(where the next operation could leave the normal range), an infinite or NaN value, a bound that
grows past ``MAX_REL = 2**-20``, or an input that is not a finite real makes the approximation
*invalid*: the filter then declines and the next route decides.

>>> d = Decider()
>>> third, quarter = Approx.of(Fraction(1, 3)), Approx.of(Fraction(1, 4))
>>> d.sign(third, quarter), d.routes["float"]
(1, 1)
>>> d.sign(third, third, exact=lambda: Fraction(0)), d.routes["exact"]
(0, 1)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Dict, Iterable, Optional, Sequence, Tuple, Union

import flint

from .numbers import CertificationError, certified_sign

__all__ = ["Approx", "Decider", "U", "INFLATE", "TINY", "MAX_REL", "rising_ratio", "total", "float_sign",
           "product_rel", "sum_rel", "quotient_rel", "rising_ratio_rel", "weighted_sum_rel", "sum_rel_array",
           "float_sign_array", "float_greater_array", "float_images", "checked_array", "product_array",
           "rising_ratio_array", "total_array"]

#: unit roundoff of binary64
U = 2.0 ** -53
#: factor covering the rounding of the bound computations themselves and the 1/(1 - u) factors
INFLATE = 1.0 + 2.0 ** -48
#: smallest magnitude a non-zero intermediate may have (far above the subnormal range)
TINY = 2.0 ** -960
#: largest relative bound an approximation may carry before the filter gives up on it
MAX_REL = 2.0 ** -20

Rational = Union[int, Fraction, "flint.fmpq"]


# -- the bound rules of the module docstring, on relative bounds alone (each result inflated) ---
# Callers with a hot float loop (PruneTree) compute values as plain floats and their bounds with
# these, so every bound in the package comes from one derivation.

def product_rel(rx: float, ry: float) -> float:
    """Relative bound of ``fl(x y)`` (product rule).

    >>> product_rel(0.0, 0.0) == U * INFLATE
    True
    """
    return (rx + ry + rx * ry + U) * INFLATE


def sum_rel(rx: float, ry: float) -> float:
    """Relative bound of ``fl(x + y)`` for ``x, y > 0`` (sum rule).

    >>> sum_rel(U, 0.0) == 2 * U * INFLATE
    True
    """
    return (max(rx, ry) + U) * INFLATE


def quotient_rel(rx: float, ry: float) -> float:
    """Relative bound of ``fl(x / y)`` (quotient rule; needs ``ry < 1/2``, else ``inf``).

    >>> quotient_rel(0.0, 0.0) == U * INFLATE, quotient_rel(0.0, 0.5)
    (True, inf)
    """
    if ry >= 0.5:
        return math.inf
    return ((rx + ry) / (1.0 - ry) + U) * INFLATE


def weighted_sum_rel(rw: float, rv: float, terms: int) -> float:
    """Relative bound of ``fl(w_1 v_1 + ... + w_K v_K)`` (products summed left to right, ``K =
    terms >= 1``, every ``w_i >= 0`` within ``rw`` and ``v_i >= 0`` within ``rv``): the product
    rule, then the sum rule ``K - 1`` times.  The bound of a subtree moment (4.28) from its
    children's (PruneTree's level bound, :mod:`exactprune.knorm`).

    Parameters
    ----------
    rw, rv : float
        Relative bounds of the weights and of the values.
    terms : int
        K, the number of products summed.

    Returns
    -------
    float
        The relative bound of the sum.

    Examples
    --------
    >>> weighted_sum_rel(0.0, 0.0, 1) == product_rel(0.0, 0.0)
    True
    >>> weighted_sum_rel(U, U, 3) == sum_rel(sum_rel(product_rel(U, U), 0.0), 0.0)
    True
    """
    bound = product_rel(rw, rv)
    for _ in range(terms - 1):
        bound = sum_rel(bound, 0.0)
    return bound


def rising_ratio_rel(ra: float, rd: float, k: int) -> float:
    """Relative bound of the float loop ``v = 1; v *= (a + m) / (d + m)`` for ``m < k`` given
    bounds ``ra``, ``rd`` of ``a, d > 0`` (rising-ratio rule); ``inf`` past ``t > 2**-10``.

    >>> rising_ratio_rel(0.0, 0.0, 0), rising_ratio_rel(0.0, 0.0, 1) < 4 * U
    (0.0, True)
    """
    if k == 0:
        return 0.0
    f = quotient_rel(sum_rel(ra, 0.0), sum_rel(rd, 0.0))
    t = (k * f + (k - 1) * U) * INFLATE
    if t > 2.0 ** -10:
        return math.inf
    return t * (1.0 + t) * INFLATE


@dataclass(frozen=True)
class Approx:
    """A float64 approximation ``value`` of a non-negative real with ``|X - value| <= rel *
    value``; ``valid`` is False when the bound cannot be vouched for (see the module docstring).

    >>> a = Approx.of(Fraction(1, 3)) * Approx.of(3)
    >>> a.valid, a.value, a.rel <= 3 * U
    (True, 1.0, True)
    >>> Approx.of(Fraction(-1, 3)).valid
    False
    """

    value: float
    rel: float = 0.0
    valid: bool = True

    @staticmethod
    def of(exact: Rational) -> "Approx":
        """The correctly rounded float of a non-negative rational (``int``/``int`` true division
        in Python is correctly rounded), with bound ``u``, or ``0`` when the float is exact.

        >>> Approx.of(7), Approx.of(Fraction(1, 2)).rel
        (Approx(value=7.0, rel=0.0, valid=True), 0.0)
        """
        image = _image(exact)
        return _INVALID if image is None else Approx(*image)

    @staticmethod
    def bounded(value: float, rel: float) -> "Approx":
        """An approximation whose bound the caller derived (and documents at the call site); invalid
        when the bound is beyond ``MAX_REL`` or the value negative, not finite or below ``TINY``.

        >>> Approx.bounded(0.1, U).valid, Approx.bounded(0.1, 0.75).valid, Approx.bounded(-1.0, 0.0).valid
        (True, False, False)
        """
        return _checked(value, rel)

    def __mul__(self, other: "Approx") -> "Approx":
        if not (self.valid and other.valid):
            return _INVALID
        if self.value == 0.0 or other.value == 0.0:
            return Approx(0.0)
        return _checked(self.value * other.value, product_rel(self.rel, other.rel))

    def __add__(self, other: "Approx") -> "Approx":
        if not (self.valid and other.valid):
            return _INVALID
        if self.value == 0.0:
            return other
        if other.value == 0.0:
            return self
        return _checked(self.value + other.value, sum_rel(self.rel, other.rel))

    def __truediv__(self, other: "Approx") -> "Approx":
        if not (self.valid and other.valid) or other.value == 0.0 or other.rel >= 0.5:
            return _INVALID
        if self.value == 0.0:
            return Approx(0.0)
        return _checked(self.value / other.value, quotient_rel(self.rel, other.rel))

    def error(self) -> float:
        """An upper bound on the absolute error ``|X - value|`` (rounded up).

        >>> third = Approx.of(Fraction(1, 3))
        >>> abs(Fraction(1, 3) - Fraction(third.value)) <= third.error(), Approx.of(7).error()
        (True, 0.0)
        """
        return self.rel * self.value * INFLATE


def _image(exact: Rational) -> Optional[Tuple[float, float]]:
    """``(value, rel)`` of :meth:`Approx.of`, or None where it is not valid (negative, beyond the
    float range, or below ``TINY`` but not 0)."""
    if isinstance(exact, flint.fmpq):
        numerator, denominator = int(exact.p), int(exact.q)
    else:
        q = Fraction(exact)
        numerator, denominator = q.numerator, q.denominator
    if numerator < 0:
        return None
    if numerator == 0:
        return 0.0, 0.0
    try:
        value = numerator / denominator
    except OverflowError:
        return None
    if not math.isfinite(value) or value < TINY:
        return None
    return value, 0.0 if _is_double(numerator, denominator) else U


def _is_double(numerator: int, denominator: int) -> bool:
    """Is the positive rational numerator/denominator (lowest terms) in the normal range a binary64
    value?  Exactly when the denominator is a power of two and the odd part of the numerator has
    at most 53 bits (the significand)."""
    odd = numerator >> ((numerator & -numerator).bit_length() - 1)
    return denominator & (denominator - 1) == 0 and odd.bit_length() <= 53


def _checked(value: float, rel: float) -> Approx:
    if not (math.isfinite(value) and math.isfinite(rel)) or value < 0 or rel > MAX_REL:
        return _INVALID
    if value == 0.0:
        return Approx(0.0) if rel == 0.0 else _INVALID
    if value < TINY:
        return _INVALID
    return Approx(value, rel)


_INVALID = Approx(math.nan, math.inf, False)


def rising_ratio(a: Approx, d: Approx, k: int) -> Approx:
    """``prod_{m=0}^{k-1} (a + m) / (d + m)`` in float64 with the closed-form bound of the module
    docstring (one bound for all k factors, so the loop stays a plain float loop).  This is the
    float image of a leaf's k-th error moment, Zhong (4.29).

    >>> r = rising_ratio(Approx.of(1), Approx.of(2), 2)     # (1/2)(2/3) = 1/3
    >>> abs(r.value - 1 / 3) <= r.error(), r.rel < 20 * U
    (True, True)
    """
    if not (a.valid and d.valid) or k < 0 or d.value == 0.0:
        return _INVALID
    if a.value == 0.0 and k > 0:
        return Approx(0.0)
    value = 1.0
    av, dv = a.value, d.value
    for m in range(k):
        value *= (av + m) / (dv + m)
    return _checked(value, rising_ratio_rel(a.rel, d.rel, k))


def total(terms: Iterable[Approx]) -> Approx:
    """The sum of non-negative approximations (sum rule applied term by term).

    >>> total([Approx.of(1), Approx.of(Fraction(1, 3))]).value == 1 + 1 / 3
    True
    """
    result = Approx(0.0)
    for term in terms:
        result = result + term
    return result


@dataclass
class Decider:
    """Settles signs by the cheapest sound route and counts the routes (``routes``).

    ``sign(x, y, ball=..., exact=...)`` is the sign of ``X - Y``: the float filter on the
    approximations ``x`` and ``y`` (either may be None to skip the filter), then the certified
    ball of ``X - Y`` returned by ``ball()`` (precision doubling from ``start_prec`` up to
    ``max_prec`` bits), then the exact ``X - Y`` returned by ``exact()``.

    >>> d = Decider()
    >>> d.sign(None, None, ball=lambda: flint.arb(1) / 3 - flint.arb(1) / 4)
    1
    >>> d.sign(None, None, ball=lambda: flint.arb(0, 1e-30))
    Traceback (most recent call last):
    exactprune.numbers.CertificationError: sign not decided: no exact route after arb at 4096 bits
    """

    start_prec: int = 64
    max_prec: int = 1 << 12
    routes: Dict[str, int] = field(default_factory=lambda: {"float": 0, "arb": 0, "exact": 0})

    def sign(self, x: Optional[Approx], y: Optional[Approx], *,
             ball: Optional[Callable[[], "flint.arb"]] = None,
             exact: Optional[Callable[[], Rational]] = None) -> int:
        """-1, 0 or +1: the sign of ``X - Y`` (0 only through the exact route).

        >>> d = Decider()
        >>> d.sign(Approx.of(1), Approx.of(2)), d.sign(None, None, exact=lambda: Fraction(0)), d.routes
        (-1, 0, {'float': 1, 'arb': 0, 'exact': 1})
        """
        if x is not None and y is not None:
            quick = float_sign(x, y)
            if quick:
                self.routes["float"] += 1
                return quick
        if ball is not None:
            try:
                result = certified_sign(ball, start_prec=self.start_prec, max_prec=self.max_prec)
            except CertificationError:
                if exact is None:
                    raise CertificationError(
                        f"sign not decided: no exact route after arb at {self.max_prec} bits") from None
            else:
                self.routes["arb"] += 1
                return result
        if exact is None:
            raise CertificationError("sign not decided: no route could settle it")
        value = exact()
        self.routes["exact"] += 1
        return (value > 0) - (value < 0)

    def exact_sign(self, value: Rational) -> int:
        """Sign of an exact rational, counted on the exact route.

        >>> Decider().exact_sign(Fraction(-1, 3))
        -1
        """
        self.routes["exact"] += 1
        return (value > 0) - (value < 0)

    @property
    def decisions(self) -> int:
        """How many decisions were made.

        >>> d = Decider()
        >>> d.sign(Approx.of(3), Approx.of(2)), d.exact_sign(Fraction(1, 2)), d.decisions
        (1, 1, 2)
        """
        return sum(self.routes.values())

    @property
    def fallbacks(self) -> int:
        """Decisions the float filter could not make (settled by arb or exact rationals).

        >>> d = Decider()
        >>> d.sign(Approx.of(3), Approx.of(3), exact=lambda: Fraction(0)), d.fallbacks    # equal: no float sign
        (0, 1)
        """
        return self.routes["arb"] + self.routes["exact"]


def float_sign(x: Approx, y: Approx) -> int:
    """The sign of ``X - Y`` if the float filter proves it, else 0 (declined).

    >>> float_sign(Approx.of(2), Approx.of(1)), float_sign(Approx.of(1), Approx.of(1))
    (1, 0)
    """
    if not (x.valid and y.valid):
        return 0
    diff = x.value - y.value
    if diff == 0.0:
        return 0
    bound = (x.rel * x.value + y.rel * y.value) * INFLATE
    if abs(diff) > bound:
        return 1 if diff > 0 else -1
    return 0


# -- the same rules elementwise over numpy float64 arrays (PruneTree level by level) -----------

# An approximation is a pair of arrays (value, rel), an infinite rel marking one that cannot be
# vouched for; each function applies, element by element, the rule of its scalar counterpart.

def float_images(values: Sequence[Rational]) -> tuple:
    """:meth:`Approx.of` of many non-negative rationals at once, as the arrays ``(values, rels)``
    (NaN and an infinite bound where it is not valid): the images the elementwise float filter
    (:func:`float_sign_array`) starts from.

    >>> float_images([Fraction(1, 3), 2, -1])
    (array([0.33333333, 2.        ,        nan]), array([1.11022302e-16, 0.00000000e+00,            inf]))
    """
    import numpy as np
    images = [_image(x) or (math.nan, math.inf) for x in values]
    return np.array([v for v, _ in images]), np.array([r for _, r in images])      # Python floats: float64


def checked_array(value, rel) -> tuple:
    """:func:`_checked` elementwise (the validity rule of :class:`Approx`): ``(value, rel)`` where
    the value is finite, non-negative, 0 with bound 0 or at least ``TINY``, and the bound finite
    and at most ``MAX_REL``; ``(nan, inf)`` elsewhere.

    Parameters
    ----------
    value, rel : numpy arrays
        Computed floats and their relative bounds.

    Returns
    -------
    tuple
        ``(values, rels)`` arrays.

    Examples
    --------
    >>> import numpy as np
    >>> v, r = checked_array(np.array([1.0, 0.0, 0.0, TINY / 2, 1.0, -1.0]), np.array([U, 0.0, U, 0.0, MAX_REL * 2, 0.0]))
    >>> v.tolist()[:2], np.isinf(r).tolist()
    ([1.0, 0.0], [False, False, True, True, True, True])
    """
    import numpy as np
    with np.errstate(invalid="ignore"):
        fine = np.isfinite(value) & np.isfinite(rel) & (rel <= MAX_REL) & (
            ((value == 0.0) & (rel == 0.0)) | (value >= TINY))
    return np.where(fine, value, math.nan), np.where(fine, rel, math.inf)


def _valid_array(value, rel):
    """Which elements of an array approximation are valid (a finite bound at most ``MAX_REL``
    and a finite value): the arrays' ``Approx.valid``."""
    import numpy as np
    with np.errstate(invalid="ignore"):
        return np.isfinite(value) & (rel <= MAX_REL)


def product_array(x: tuple, y: tuple) -> tuple:
    """``Approx.__mul__`` elementwise on ``(value, rel)`` pairs of arrays: 0 exactly where a valid
    factor is 0, else the product rule and the validity rule (:func:`checked_array`).

    Parameters
    ----------
    x, y : tuple
        ``(values, rels)`` arrays (or scalars) of the factors.

    Returns
    -------
    tuple
        ``(values, rels)`` arrays.

    Examples
    --------
    >>> import numpy as np
    >>> product_array((np.array([3.0, 0.0, 2.0]), np.array([0.0, 0.0, np.inf])), (np.array([0.5, 7.0, 1.0]), 0.0))
    (array([1.5, 0. , nan]), array([1.11022302e-16, 0.00000000e+00,            inf]))
    """
    import numpy as np
    (xv, xr), (yv, yr) = x, y
    with np.errstate(all="ignore"):
        valid = _valid_array(xv, xr) & _valid_array(yv, yr)
        zero = valid & ((xv == 0.0) | (yv == 0.0))
        value, rel = checked_array(xv * yv, product_rel(xr, yr))
    return (np.where(zero, 0.0, np.where(valid, value, math.nan)),
            np.where(zero, 0.0, np.where(valid, rel, math.inf)))


def rising_ratio_array(a: tuple, d: tuple, k: int) -> tuple:
    """:func:`rising_ratio` elementwise: the float image of Zhong (4.29)'s ratio ``prod_{m<k}
    (a + m) / (d + m)`` for arrays ``a = (values, rels)`` and ``d`` (a bound may be one scalar for
    all), the same float loop, the bound :func:`rising_ratio_rel` and the same validity rules
    (an invalid input or ``d = 0`` gives ``(nan, inf)``, ``a = 0`` with ``k > 0`` exactly 0).

    Parameters
    ----------
    a, d : tuple
        ``(values, rels)`` float64 arrays of the same shape (a rel may be one scalar).
    k : int
        The number of factors (the moment's order).

    Returns
    -------
    tuple
        ``(values, rels)`` arrays (``rels`` a read-only broadcast of the one bound when every
        element has it).

    Examples
    --------
    >>> import numpy as np
    >>> v, r = rising_ratio_array((np.array([1.0, 0.0]), 0.0), (np.array([2.0, 2.0]), 0.0), 2)
    >>> v.tolist(), bool(r[0] == rising_ratio(Approx(1.0), Approx(2.0), 2).rel), r.tolist()[1]
    ([0.3333333333333333, 0.0], True, 0.0)
    """
    import numpy as np
    (av, ar), (dv, dr) = a, d
    av, dv = np.asarray(av, dtype=np.float64), np.asarray(dv, dtype=np.float64)
    with np.errstate(all="ignore"):
        value = av / dv if k > 0 else np.ones(av.shape)      # the loop's first factor times 1
        if k > 1:
            top, bottom = np.empty(av.shape), np.empty(av.shape)
            for m in range(1, k):
                value *= np.divide(np.add(av, m, out=top), np.add(dv, m, out=bottom), out=top)
            del top, bottom
        scalar = np.ndim(ar) == 0 and np.ndim(dr) == 0
        if scalar:                                      # one bound for every element
            rule = rising_ratio_rel(float(ar), float(dr), k)
            if (k > 0 and ar <= MAX_REL and dr <= MAX_REL and rule <= MAX_REL and av.size and dv.min() > 0.0
                    and dv.max() < math.inf and value.min() >= TINY and value.max() < math.inf):
                # every value finite and >= TINY, so every a finite and non-zero: the rules below change nothing
                return value, np.broadcast_to(rule, av.shape)
        ar, dr = np.broadcast_to(ar, av.shape), np.broadcast_to(dr, dv.shape)
        valid = _valid_array(av, ar) & _valid_array(dv, dr) & (dv != 0.0) & (k >= 0)
        if scalar:
            rel = np.full(av.shape, rule)
        else:                                           # the rule once per distinct pair of bounds
            pairs, inverse = np.unique(np.stack([ar.ravel(), dr.ravel()], axis=1), axis=0, return_inverse=True)
            rules = np.array([rising_ratio_rel(x, y, k) for x, y in pairs.tolist()], dtype=np.float64)
            rel = rules[inverse.ravel()].reshape(av.shape) if rules.size else np.zeros(av.shape)
        value, rel = checked_array(value, rel)
        zero = valid & (av == 0.0) & (k > 0)
    return (np.where(zero, 0.0, np.where(valid, value, math.nan)),
            np.where(zero, 0.0, np.where(valid, rel, math.inf)))


def total_array(terms: tuple, owner, n: int) -> tuple:
    """:func:`total` of each of ``n`` groups of array terms ``(values, rels)`` at once (``owner``:
    the group of each term, non-decreasing): the sum rule left to right over a group's non-zero
    terms (zero terms add nothing, as in ``Approx.__add__``) and the validity rule on the sum; a
    group with an invalid term is invalid, ``(nan, inf)``.  A sum of non-negative terms grows
    term by term, so checking the total checks every partial sum.

    Parameters
    ----------
    terms : tuple
        ``(values, rels)`` arrays of the terms.
    owner : numpy integer array
        The group of each term, non-decreasing.
    n : int
        The number of groups (a group without terms totals the exact 0).

    Returns
    -------
    tuple
        ``(values, rels)`` arrays of length ``n``.

    Examples
    --------
    >>> import numpy as np
    >>> total_array((np.array([1.0, 0.5, 0.0, 2.0]), np.array([U, 0.0, 0.0, np.inf])), np.array([0, 0, 1, 2]), 4)
    (array([1.5, 0. , nan, 0. ]), array([2.22044605e-16, 0.00000000e+00,            inf, 0.00000000e+00]))
    """
    import numpy as np
    value, rel = terms
    owner = np.asarray(owner)
    with np.errstate(all="ignore"):
        bad = np.bincount(owner, weights=~_valid_array(value, rel), minlength=n) > 0
        keep = value != 0.0
        owner, value, rel = owner[keep], value[keep], rel[keep]
        position = np.arange(len(owner)) - np.searchsorted(owner, owner)       # rank within the group
        sums, sum_rels = np.zeros(n), np.zeros(n)
        for p in range(int(position.max(initial=-1)) + 1):
            at = position == p
            group, v, r = owner[at], value[at], rel[at]
            sums[group], sum_rels[group] = sums[group] + v, r if p == 0 else sum_rel_array(sum_rels[group], r)
        sums, sum_rels = checked_array(sums, sum_rels)
    return np.where(bad, math.nan, sums), np.where(bad, math.inf, sum_rels)


def sum_rel_array(rx, ry):
    """:func:`sum_rel` elementwise.

    >>> import numpy as np
    >>> sum_rel_array(np.array([U, 0.0]), np.array([0.0, 0.0])).tolist() == [sum_rel(U, 0.0), sum_rel(0.0, 0.0)]
    True
    """
    import numpy as np
    return (np.maximum(rx, ry) + U) * INFLATE


def float_sign_array(x: tuple, y: tuple):
    """:func:`float_sign` elementwise: +1/-1 where the float filter proves the sign of
    ``X - Y``, 0 where it declines.  ``x`` and ``y`` are ``(value, rel)`` pairs of arrays (or
    scalars) of non-negative values; an approximation that cannot be vouched for carries an
    infinite (or NaN) bound, and every comparison involving it declines.

    >>> import numpy as np
    >>> one = (np.array([2.0, 1.0, 2.0]), np.array([0.0, 0.0, np.inf]))
    >>> float_sign_array(one, (np.array([1.0, 1.0, 1.0]), 0.0)).tolist()
    [1, 0, 0]
    """
    import numpy as np
    (xv, xr), (yv, yr) = x, y
    with np.errstate(invalid="ignore", over="ignore"):
        greater, settled = float_greater_array(xv, xr * xv, yv, yr)
    return greater.view(np.int8) - (settled & ~greater).view(np.int8)


def float_greater_array(xv, x_error, yv, yr) -> tuple:
    """The comparison rule of :func:`float_sign_array` with the absolute error ``x_error = xr
    xv`` of ``X``'s approximation given (a caller comparing the same ``x`` many times computes it
    once): ``(greater, settled)``, where the filter proves ``X > Y`` and where it proves the sign
    at all (``fl(x - y)`` exceeds the bound ``(xr xv + yr yv) INFLATE`` in magnitude; a NaN bound
    settles nothing).  Floating-point exceptions are the caller's to silence.

    >>> import numpy as np
    >>> greater, settled = float_greater_array(np.array([2.0, 1.0, 1.0]), 0.0, np.array([1.0, 1.0, 2.0]), 0.0)
    >>> greater.tolist(), settled.tolist()
    ([True, False, False], [True, False, True])
    """
    import numpy as np
    diff = xv - yv
    bound = (x_error + yr * yv) * INFLATE       # >= 0 or NaN: a NaN bound decides nothing
    return diff > bound, np.abs(diff) > bound


# -- absolute bounds, square roots and library functions (EBP's leaf terms, exactprune.peers.ebp) --
# A difference of floats has no useful relative bound (it may cancel), so these rules carry an
# absolute bound ``e`` (``|X - x| <= e``) beside the relative ones above.

def sum_abs(ex: float, ey: float, z: float) -> float:
    """Absolute bound of ``z = fl(x + y)`` or ``fl(x - y)`` (any signs) given ``|X - x| <= ex``
    and ``|Y - y| <= ey``: ``|X +- Y - z| <= ex + ey + |x +- y - z|`` and the rounding
    ``|x +- y - z| <= u |x +- y| <= u |z| / (1 - u)``, so ``(ex + ey + u |z|)`` inflated (the
    difference rule; an infinite or NaN input bound gives a non-finite result, which
    :func:`rel_of_abs` and :meth:`Approx.bounded` refuse).

    >>> sum_abs(0.0, 0.0, 1.0) == U * INFLATE, sum_abs(0.5, 0.25, 0.0)
    (True, 0.7500000000000027)
    """
    return (ex + ey + U * abs(z)) * INFLATE


def product_abs(x, ex, y, ey, z):
    """Absolute bound of ``z = fl(x y)`` given ``|X - x| <= ex`` and ``|Y - y| <= ey``:
    ``|XY - xy| <= |x| ey + |y| ex + ex ey`` and the rounding ``|xy - z| <= u |z| / (1 - u)``,
    inflated (scalars or numpy arrays alike).

    >>> product_abs(3.0, 0.0, 0.5, 0.0, 1.5) == 1.5 * U * INFLATE
    True
    >>> product_abs(2.0, 0.5, 4.0, 0.25, 8.0) == (0.5 + 2 + 0.125 + 8 * U) * INFLATE
    True
    """
    return (abs(x) * ey + abs(y) * ex + ex * ey + U * abs(z)) * INFLATE


def quotient_abs(x, ex, y, ey, z):
    """Absolute bound of ``z = fl(x / y)`` given ``|X - x| <= ex`` and ``|Y - y| <= ey < |y|``:
    ``X / Y - x / y = ((X - x) y - x (Y - y)) / (Y y)``, so ``|X / Y - x / y| <= (ex + |x / y|
    ey) / (|y| - ey)`` with ``|x / y| <= |z| / (1 - u)``, plus the rounding ``u |z| / (1 - u)``,
    inflated; ``inf`` where ``ey >= |y|`` (scalars or numpy arrays alike).

    >>> bool(quotient_abs(1.0, 0.0, 4.0, 0.0, 0.25) == U * 0.25 * INFLATE), float(quotient_abs(1.0, 0.0, 1.0, 1.0, 1.0))
    (True, inf)
    """
    import numpy as np
    with np.errstate(divide="ignore", invalid="ignore"):
        room = abs(y) - ey
        bound = ((ex + abs(z) * ey) / np.where(room > 0, room, 1.0) + U * abs(z)) * INFLATE
    return np.where(room > 0, bound, math.inf)


def sqrt_abs(h, eh, s):
    """Absolute bound of ``s = fl(sqrt(h))`` (correctly rounded, as IEEE 754 requires) given
    ``|H - h| <= eh`` with ``H >= 0``: ``|sqrt H - sqrt h| = |H - h| / (sqrt H + sqrt h)``, and
    for ``t = eh / h <= 1``, ``sqrt H + sqrt h >= sqrt h (1 + sqrt(1 - t)) >= sqrt h (2 - t)`` and
    ``1 / (2 - t) <= (1 + t) / 2``; with ``sqrt h >= s / (1 + u)`` and the rounding ``u sqrt h``:
    ``(eh (1 + t) / (2 s) + u s)`` inflated.  At ``h = 0`` (``s = 0``) ``sqrt(eh)`` (rounded up);
    ``inf`` where ``t > 1`` (scalars or numpy arrays alike).

    >>> bool(sqrt_abs(4.0, 0.0, 2.0) == 2 * U * INFLATE), float(sqrt_abs(4.0, 5.0, 2.0)), float(sqrt_abs(0.0, 0.0, 0.0))
    (True, inf, 0.0)
    """
    import numpy as np
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(h > 0, eh / np.where(h > 0, h, 1.0), 0.0)
        bound = (eh * (1 + t) / (2 * np.where(s > 0, s, 1.0)) + U * s) * INFLATE
        at_zero = np.sqrt(eh) * INFLATE
    return np.where(h > 0, np.where(t <= 1, bound, math.inf), at_zero)


#: the accuracy assumed of the library functions ``math.log`` and numpy's ``expm1`` on binary64:
#: within this many ulps of the exact value (glibc documents at most 1 ulp for both on x86-64;
#: numpy's own SIMD loops for float64 keep to 4)
LIBM_ULPS = 4


def function_rel(rx: float, condition: float, ulps: float = LIBM_ULPS) -> float:
    """Relative bound of ``fl(f(x))`` for a library function ``f`` within ``ulps`` ulps, given
    ``x`` within ``rx`` of ``X`` (relative) and ``condition`` >= ``|x f'(xi) / f(x)|`` for every
    ``xi`` between ``x`` and ``X`` (the caller's bound on the condition number; module
    docstring of :mod:`exactprune.peers.ebp` for log and expm1): ``|f(X) - f(x)| <= condition rx
    |f(x)|`` by the mean value theorem, and since an ulp of ``y`` is at most ``2u |y|``, ``|fl -
    f(x)| <= 2 ulps u |f(x)|`` with ``|f(x)| <= |fl| / (1 - 2 ulps u)``: ``(condition rx + 2 ulps
    u) / (1 - 2 ulps u)``, inflated.

    >>> function_rel(0.0, 1.0, 1) == 2 * U / (1 - 2 * U) * INFLATE
    True
    """
    return (condition * rx + 2 * ulps * U) / (1 - 2 * ulps * U) * INFLATE


def rel_of_abs(value: float, error: float) -> float:
    """The relative bound of a non-negative float ``value`` known to within ``error``: ``error /
    value`` (rounded up by ``INFLATE``); at ``value = 0`` the exact 0 if ``error = 0``, else
    ``inf`` (nothing vouched for), and ``inf`` for an infinite or NaN ``error``.

    >>> rel_of_abs(2.0, 1.0) == 0.5 * INFLATE, rel_of_abs(0.0, 0.0), rel_of_abs(0.0, U), rel_of_abs(1.0, math.nan)
    (True, 0.0, inf, inf)
    """
    if not error < math.inf:
        return math.inf
    if value > 0:
        return error / value * INFLATE
    return 0.0 if error == 0 else math.inf


__all__ += ["sum_abs", "product_abs", "quotient_abs", "sqrt_abs", "function_rel", "LIBM_ULPS", "rel_of_abs"]
