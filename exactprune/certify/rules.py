"""The decision kernel's scalar part: the bound rules on relative bounds, :class:`Approx` (a float
with a rigorous relative bound), the rising ratio and sum of approximations, and :class:`Decider`
(the routes float / arb / exact).  The error model and every derivation: :mod:`exactprune.certify`."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Dict, Iterable, Optional, Tuple, Union

import flint

from ..numbers import CertificationError, certified_sign


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

    Parameters
    ----------
    rx : float
        The relative bound of the first operand.
    ry : float
        The relative bound of the second operand.

    Returns
    -------
    float
        The bound of the rounded product.

    See Also
    --------
    sum_rel, quotient_rel : the other rules.
    product_abs : the absolute form.

    Examples
    --------
    >>> product_rel(0.0, 0.0) == U * INFLATE
    True
    """
    return (rx + ry + rx * ry + U) * INFLATE


def sum_rel(rx: float, ry: float) -> float:
    """Relative bound of ``fl(x + y)`` for ``x, y > 0`` (sum rule).

    Parameters
    ----------
    rx : float
        The relative bound of the first operand.
    ry : float
        The relative bound of the second operand.

    Returns
    -------
    float
        The bound of the rounded sum.

    See Also
    --------
    product_rel, quotient_rel : the other rules.
    sum_abs : the absolute form, any signs.

    Examples
    --------
    >>> sum_rel(U, 0.0) == 2 * U * INFLATE
    True
    """
    return (max(rx, ry) + U) * INFLATE


def quotient_rel(rx: float, ry: float) -> float:
    """Relative bound of ``fl(x / y)`` (quotient rule; needs ``ry < 1/2``, else ``inf``).

    Parameters
    ----------
    rx : float
        The relative bound of the first operand.
    ry : float
        The relative bound of the second operand.

    Returns
    -------
    float
        The bound of the rounded quotient (inf when ry >= 1/2).

    See Also
    --------
    product_rel, sum_rel : the other rules.
    quotient_abs : the absolute form.

    Examples
    --------
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

    Parameters
    ----------
    ra : float
        The bound of a.
    rd : float
        The bound of d.
    k : int
        The number of factors.

    Returns
    -------
    float
        The bound of the loop's result.

    See Also
    --------
    rising_ratio : the loop itself.
    exactprune.numbers.rising_ratio_fmpq, exactprune.numbers.rising_ratio_arb : its exact and certified forms.

    Examples
    --------
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

    Parameters
    ----------
    value : float
        The float64 approximation.
    rel : float
        The relative error bound: ``|X - value| <= rel * value``.
    valid : bool
        Whether the bound can be vouched for.

    Examples
    --------
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

        Parameters
        ----------
        exact : int or Fraction
            A non-negative rational.

        Returns
        -------
        Approx
            Its correctly rounded float with bound U (0 when exact).

        See Also
        --------
        float_images : many at once.

        Examples
        --------
        >>> Approx.of(7), Approx.of(Fraction(1, 2)).rel
        (Approx(value=7.0, rel=0.0, valid=True), 0.0)
        """
        image = _image(exact)
        return _INVALID if image is None else Approx(*image)

    @staticmethod
    def bounded(value: float, rel: float) -> "Approx":
        """An approximation whose bound the caller derived (and documents at the call site); invalid
        when the bound is beyond ``MAX_REL`` or the value negative, not finite or below ``TINY``.

        Parameters
        ----------
        value : float
            The approximation.
        rel : float
            Its relative bound, derived by the caller.

        Returns
        -------
        Approx
            The pair (invalid values made NaN).

        See Also
        --------
        of : the float of an exact value.

        Examples
        --------
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

    Parameters
    ----------
    a : Approx
        The numerator's start.
    d : Approx
        The denominator's start.
    k : int
        The number of factors.

    Returns
    -------
    Approx
        prod (a + m)/(d + m) and its bound.

    See Also
    --------
    rising_ratio_rel : the bound alone.
    exactprune.numbers.rising_ratio_fmpq : the exact value.

    Examples
    --------
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

    Parameters
    ----------
    terms : iterable of Approx
        Non-negative approximations.

    Returns
    -------
    Approx
        Their sum and its bound.

    See Also
    --------
    sum_rel : the rule applied.

    Examples
    --------
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

    Parameters
    ----------
    start_prec : int
        The first arb working precision, in bits.
    max_prec : int
        The largest arb working precision, in bits, before the exact route.
    routes : dict of str to int
        The counts per route (``float``, ``arb``, ``exact``), updated by every decision; starts at 0.

    Examples
    --------
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

        Parameters
        ----------
        x, y : Approx or None
            Float images of X and Y (None: skip the filter).
        ball : callable, optional
            Returns a ball of X - Y at the current precision.
        exact : callable, optional
            Returns X - Y exactly.

        Returns
        -------
        int
            -1, 0 or 1, settled by the first route that can.

        See Also
        --------
        exact_sign : the exact route alone.
        float_sign : the float filter.

        Examples
        --------
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

        Parameters
        ----------
        value : exact rational
            The value.

        Returns
        -------
        int
            -1, 0 or 1.

        See Also
        --------
        sign : through every route.

        Examples
        --------
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

    Parameters
    ----------
    x, y : Approx
        Float images with bounds.

    Returns
    -------
    int
        The sign of X - Y, or 0 when the filter declines.

    See Also
    --------
    float_sign_array : elementwise.
    Decider.sign : with the certified fallbacks.

    Examples
    --------
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
