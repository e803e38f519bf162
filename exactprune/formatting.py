"""Exact values written as text: ``"p/q"`` strings, decimals to a number of digits (rounded
exactly, never through a float), k-th roots of k-norm moments as certified decimals, and the JSON
form of results (exact numbers as ``"p/q"`` strings).

* :func:`fraction_str` is the lowest-terms ``"p/q"`` of one exact number, with no digit limit.
* :func:`decimal_str` and :func:`sqrt_decimal` round exact values to decimals exactly;
  :func:`knorm_decimal` writes E[r^k]^(1/k) from a certified arb root.
* :func:`to_jsonable` is the JSON form of results; :func:`print_json` prints it.
"""
from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any, Callable, Optional

import flint

from .numbers import arb_of, to_fraction

__all__ = ["fraction_str", "decimal_str", "sqrt_decimal", "knorm_decimal", "to_jsonable", "print_json"]


def to_jsonable(value: Any, default: Optional[Callable[[Any], Any]] = None) -> Any:
    """``value`` with every Fraction (or ``flint.fmpq``) as a ``"p/q"`` string, tuples as lists
    and dictionary keys as strings: exact numbers travel through JSON as strings.

    None, bools, ints, floats and strings are kept.  Any other object goes through
    ``default`` (e.g. ``str``), like the ``default`` of :func:`json.dumps`; without it, a
    TypeError names the type.

    Parameters
    ----------
    value : Any
        A result: dictionaries, lists, tuples, Fractions, ``flint.fmpq`` and plain JSON values,
        nested freely.
    default : callable, optional
        Applied to any other object; None (the default) refuses it with a TypeError.

    Returns
    -------
    Any
        A value :func:`json.dumps` accepts.

    See Also
    --------
    print_json : prints this form.
    fraction_str : the ``"p/q"`` form of one exact number.

    Examples
    --------
    >>> to_jsonable({"mean": Fraction(3, 200), "k": [1, (2, Fraction(4, 2))]})
    {'mean': '3/200', 'k': [1, [2, '2']]}
    >>> to_jsonable(object())
    Traceback (most recent call last):
    TypeError: cannot put a object into JSON; pass default=str to turn it into text
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (Fraction, flint.fmpq)):
        return fraction_str(to_fraction(value))
    if isinstance(value, dict):
        return {str(key): to_jsonable(item, default) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(item, default) for item in value]
    if default is None:
        raise TypeError(f"cannot put a {type(value).__name__} into JSON; pass default=str to turn it into text")
    return default(value)


def print_json(value: Any) -> None:
    """Print ``value`` as indented JSON, exact numbers as ``"p/q"`` strings (:func:`to_jsonable`).

    Parameters
    ----------
    value : Any
        A result: dictionaries, lists, tuples, Fractions, ``flint.fmpq``, ints, floats, strings.

    See Also
    --------
    to_jsonable : the JSON form printed.

    Examples
    --------
    >>> print_json({"moment": Fraction(2, 6), "leaves": 3})
    {
      "moment": "1/3",
      "leaves": 3
    }
    """
    print(json.dumps(to_jsonable(value), indent=2))


def fraction_str(value) -> str:
    """Exact value as ``"p/q"`` (or ``"p"`` for integers): the JSON form.

    Parameters
    ----------
    value : Fraction, int or another value ``Fraction()`` takes exactly
        The number.

    Returns
    -------
    str
        Its lowest-terms ``"p/q"`` text, with no digit limit.

    See Also
    --------
    decimal_str : the rounded decimal form.

    Examples
    --------
    >>> fraction_str(Fraction(6, 4)), fraction_str(Fraction(3))
    ('3/2', '3')
    """
    value = Fraction(value)
    num = _int_str(value.numerator)
    return num if value.denominator == 1 else f"{num}/{_int_str(value.denominator)}"


def _int_str(number: int) -> str:
    """Decimal digits of an int of any size (python-flint's conversion: no 4300-digit limit)."""
    return str(flint.fmpz(number))


def decimal_str(value, digits: int = 10) -> str:
    """A rational rounded half-even to ``digits`` significant digits, as a string.

    Exact integer arithmetic (no float), trailing zeros kept, so the result
    can be compared with a value printed in a paper.

    Parameters
    ----------
    value : Fraction or int
        The rational to print.
    digits : int
        The number of significant digits.

    Returns
    -------
    str
        The rounded decimal (no exponent).

    See Also
    --------
    fraction_str : the exact ``"p/q"`` form.
    knorm_decimal : the k-th root, rounded the same way.
    sqrt_decimal : the square root to a number of decimal places.

    Examples
    --------
    >>> decimal_str(Fraction(1, 3), 4)
    '0.3333'
    >>> decimal_str(Fraction(3, 200), 5)
    '0.015000'
    >>> decimal_str(Fraction(25680602), 3)
    '25700000'
    """
    value = Fraction(value)
    if value == 0:
        return "0." + "0" * (digits - 1) if digits > 1 else "0"
    sign = "-" if value < 0 else ""
    value = abs(value)
    shift = digits - 1 - _floor_log10(value)
    scaled = round(value * Fraction(10) ** shift)  # Fraction.__round__ is half-even
    if scaled >= 10 ** digits:  # rounding carried into a new digit
        shift -= 1
        scaled = round(value * Fraction(10) ** shift)
    text = _int_str(scaled)
    if shift <= 0:
        return sign + text + "0" * (-shift)
    text = text.rjust(shift + 1, "0")
    return sign + text[:-shift] + "." + text[-shift:]


def sqrt_decimal(value: Fraction, places: int) -> str:
    """sqrt(value) correctly rounded (half-even) to ``places`` decimals, by integer arithmetic.

    Parameters
    ----------
    value : Fraction
        A non-negative rational (a negative one raises ValueError).
    places : int
        The number of decimal places.

    Returns
    -------
    str
        The rounded square root.

    See Also
    --------
    knorm_decimal : the k-th root to significant digits.

    Examples
    --------
    >>> sqrt_decimal(Fraction(2), 5)
    '1.41421'
    """
    value = Fraction(value)
    if value < 0:
        raise ValueError("sqrt of a negative number")
    scaled = value * 10 ** (2 * places)
    root = math.isqrt(scaled.numerator // scaled.denominator)
    half = Fraction(2 * root + 1, 2) ** 2
    if scaled > half or (scaled == half and root % 2 == 1):
        root += 1
    text = str(root).rjust(places + 1, "0")
    return text[:-places] + "." + text[-places:] if places else text


#: the largest k of arb's k-th root (a C unsigned long); beyond, value^(1/k) = exp(log(value) / k)
_ARB_ROOT_MAX_K = 2 ** 64 - 1


def knorm_decimal(value, k: int, digits: int = 10) -> str:
    """value^(1/k) to ``digits`` significant digits.

    The exact midpoint of a certified arb root at 64 + 4 ``digits`` bits, rounded once
    (half-even); the digits are those of the root unless it lies within about 2^-(60 + 4 digits)
    of a rounding boundary.  For k above 2^64 - 1 (arb's root takes a machine word) the certified
    ball is exp(log(value) / k).

    Parameters
    ----------
    value : Fraction or int
        A non-negative rational (a k-th moment).
    k : int
        The root's order, k >= 1.
    digits : int
        The number of significant digits.

    Returns
    -------
    str
        The rounded root, as :func:`decimal_str` prints it.

    See Also
    --------
    decimal_str : the rounding used.
    sqrt_decimal : the exact square root to decimal places.

    Examples
    --------
    >>> knorm_decimal(Fraction(1, 4), 2, 3)
    '0.500'
    >>> knorm_decimal(Fraction(1, 4), 2 ** 64, 22)        # 1 - ln(4) / 2^64 = 1 - 7.515e-20
    '0.9999999999999999999248'
    """
    with flint.ctx.workprec(64 + 4 * digits):
        ball = arb_of(value)
        if k <= _ARB_ROOT_MAX_K:
            root = ball.root(k)
        else:                               # 0^(1/k) = 0, where log would give -inf
            root = ball if ball == 0 else (ball.log() / k).exp()
        mantissa, exponent = root.mid().man_exp()
    return decimal_str(Fraction(int(mantissa)) * Fraction(2) ** int(exponent), digits)


def _floor_log10(value: Fraction) -> int:
    """floor(log10(value)) for a positive rational, exactly, from digit counts: for value >= 1 it is
    that of the integer floor(value), one less than its number of digits; for value < 1 it is
    -e with e the least integer such that 10^e >= c = ceil(1/value), and e is the number of digits
    of c - 1 (c >= 2).

    >>> _floor_log10(Fraction(1)), _floor_log10(Fraction(999, 10)), _floor_log10(Fraction(1, 10)), _floor_log10(Fraction(1, 11))
    (0, 1, -1, -2)
    """
    if value >= 1:
        return len(_int_str(value.numerator // value.denominator)) - 1
    return -len(_int_str(-(-value.denominator // value.numerator) - 1))
