"""Exact and certified numbers: the number discipline of the package.

Exact values are :class:`fractions.Fraction` (``flint.fmpq`` inside hot loops), sympy
expressions only where a symbol was passed in, and irrational results are certified
``flint.arb`` balls; no float ever enters an exact path.

* :func:`exact` turns user input into a :class:`fractions.Fraction` (or keeps a
  sympy expression when symbols are allowed).  Floats are refused: a binary
  float is not the decimal a user typed, so accepting it would hide rounding.
* :func:`rising` is the rising factorial x (x+1) ... (x+k-1) of Zhong (C.5).
* The arb helpers give *certified* answers for quantities too large to hold
  exactly: :func:`log_rising_arb` (log of a rising factorial via lgamma, valid
  for real k as in Zhong (C.26)) and :func:`certified_sign`, which raises the
  working precision until the sign of a ball is decided.
* :func:`is_symbolic` and :func:`simplify_symbolic` are the one test for, and the one
  normal form of, sympy expressions with free symbols (sympy is imported only then).

Exact values written as text (``"p/q"``, decimals, JSON) are :mod:`exactprune.formatting`'s.
"""
from __future__ import annotations

import math
import numbers as _numbers
import re
import sys
from fractions import Fraction
from typing import Any, Callable

import flint

from .limits import MAX_CLASSES, MAX_K, MAX_K_BITS, MAX_NUMBER_TEXT, check_nonnegative, check_parameter, limit_text

__all__ = [
    "exact", "exact_or_symbol", "nonnegative_values", "positive_int", "nonnegative_int", "check_k", "rising",
    "to_fmpq", "to_fraction", "arb_of", "log_rising_arb", "log_rising_ratio_arb", "certified_sign",
    "CertificationError", "rising_ratio_fmpq", "rising_ratio_arb", "is_symbolic",
    "simplify_symbolic", "magnitude_bits", "rational_count_values",
]

_DECIMAL = re.compile(r"^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$")
_RATIO = re.compile(r"^\s*[+-]?\d+\s*/\s*[+-]?\d+\s*$")


class CertificationError(ArithmeticError):
    """A sign could not be decided at the largest allowed precision.

    >>> certified_sign(lambda: flint.arb(0, 1), max_prec=128)   # a ball about 0 that never shrinks
    Traceback (most recent call last):
    exactprune.numbers.CertificationError: sign not decided at 128 bits: ...
    """


def exact(value: Any, name: str = "value") -> Fraction:
    """Convert ``value`` to a Fraction exactly, or raise naming ``name``.

    Accepts int, Fraction, ``"p/q"``, decimal strings (``"0.5"``, ``"1e-3"``),
    sympy Rationals/Integers and flint fmpq/fmpz.  Floats and bools raise
    TypeError; malformed strings and zero denominators raise ValueError.

    Parameters
    ----------
    value : int, Fraction, str, sympy Rational, flint.fmpq or flint.fmpz
        The number to convert (any ``numbers.Rational`` is accepted too).
    name : str
        The argument's name, used in the error messages.

    Returns
    -------
    Fraction
        ``value`` exactly.

    Examples
    --------
    >>> exact("1/2"), exact("0.25"), exact(3), exact(Fraction(2, 6))
    (Fraction(1, 2), Fraction(1, 4), Fraction(3, 1), Fraction(1, 3))
    >>> exact(0.5, "lam")
    Traceback (most recent call last):
    TypeError: lam must be exact: got the float 0.5; pass Fraction(1, 2) or the string '0.5'
    """
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a number, got the bool {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        hint = Fraction(str(value)) if math.isfinite(value) else None
        suggestion = (f"; pass Fraction({hint.numerator}, {hint.denominator}) or the string '{value!r}'"
                      if hint is not None else "")
        raise TypeError(f"{name} must be exact: got the float {value!r}{suggestion}")
    if isinstance(value, str):
        return _parse_exact(value, name)
    if isinstance(value, (flint.fmpq, flint.fmpz)):
        return to_fraction(value)
    sympy = sys.modules.get("sympy")  # a sympy value exists only once sympy is imported
    if sympy is not None and isinstance(value, sympy.Basic):
        if value.is_Rational:
            return Fraction(int(value.p), int(value.q))
        raise TypeError(f"{name} must be a rational number, got the sympy expression {value}")
    if isinstance(value, _numbers.Rational):
        return Fraction(int(value.numerator), int(value.denominator))
    raise TypeError(f"{name} must be an exact number (int, Fraction, 'p/q' or '0.5'), got {type(value).__name__}")


def _parse_int(text: str) -> int:
    """A decimal integer text as an int, with no digit limit (python-flint's parser, not int())."""
    text = text.strip().lstrip("+")
    return int(flint.fmpz(text))


def _parse_exact(value: str, name: str) -> Fraction:
    """``"p/q"`` or a decimal string as a Fraction, refusing texts longer than
    ``limits.MAX_NUMBER_TEXT`` characters or decimal exponents beyond it in magnitude (so that
    ``"1e100000000"`` is refused at once instead of building a 100-million-digit integer).

    >>> _parse_exact("1.25e-3", "x"), _parse_exact(" -6/4 ", "x")
    (Fraction(1, 800), Fraction(-3, 2))
    """
    if len(value) > MAX_NUMBER_TEXT:
        raise ValueError(f"{name}: a number of {len(value)} characters exceeds the limit MAX_NUMBER_TEXT = "
                         f"{MAX_NUMBER_TEXT}")
    text = value.strip()
    if _RATIO.match(text):
        num, den = (_parse_int(part) for part in text.split("/"))
        if den == 0:
            raise ValueError(f"{name}: zero denominator in {value!r}")
        return Fraction(num, den)
    match = _DECIMAL.match(text)
    if not match:
        raise ValueError(f"{name}: cannot read {value!r} as an exact number (use 'p/q' or a decimal like '0.5')")
    mantissa, _, exponent = text.lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    power = (_parse_int(exponent) if exponent else 0) - len(fraction.strip())
    if abs(power) > MAX_NUMBER_TEXT:
        raise ValueError(f"{name}: the decimal exponent of {value!r} exceeds the limit MAX_NUMBER_TEXT = "
                         f"{MAX_NUMBER_TEXT} in magnitude")
    return _parse_int(whole.strip() + fraction.strip()) * Fraction(10) ** power     # the sign rides on whole


def exact_or_symbol(value: Any, name: str = "value"):
    """Like :func:`exact`, but let a sympy expression with free symbols through.

    Parameters
    ----------
    value : Any
        A number :func:`exact` accepts, or a sympy expression with free symbols.
    name : str
        The argument's name, used in the error messages.

    Returns
    -------
    Fraction or sympy.Expr
        ``value`` itself when it is symbolic, else ``exact(value, name)``.

    See Also
    --------
    exact : the exact conversion used for non-symbolic values.

    Examples
    --------
    >>> import sympy
    >>> exact_or_symbol(sympy.Symbol("lam"), "lam")
    lam
    >>> exact_or_symbol("3/4")
    Fraction(3, 4)
    """
    if is_symbolic(value) and not value.is_Rational:
        return value
    return exact(value, name)


def nonnegative_values(values: Any, name: str = "values", what: str = "non-negative numbers") -> list:
    """A non-empty sequence of exact non-negative values (sympy symbols allowed), or a clear error.

    Parameters
    ----------
    values : sequence
        The values, each accepted by :func:`exact_or_symbol`; at most ``limits.MAX_CLASSES`` of
        them (a string is refused).
    name : str
        The sequence's name in error messages (an entry is named ``name[i]``).
    what : str
        What the entries should be, in the TypeError for a non-sequence.

    Returns
    -------
    list
        The values as Fractions (symbolic entries kept as sympy expressions).

    Examples
    --------
    >>> nonnegative_values(["1/2", 0, 3], "loss_row")
    [Fraction(1, 2), Fraction(0, 1), Fraction(3, 1)]
    >>> nonnegative_values([1, -1], "counts")
    Traceback (most recent call last):
    ValueError: counts[1] must be non-negative, got -1
    """
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"{name} must be a sequence of {what}")
    if len(values) == 0:
        raise ValueError(f"{name} must not be empty")
    if len(values) > MAX_CLASSES:
        raise ValueError(f"{name} has {len(values)} entries, above the limit MAX_CLASSES = {MAX_CLASSES}")
    out = []
    for i, item in enumerate(values):
        out.append(check_nonnegative(check_parameter(exact_or_symbol(item, f"{name}[{i}]"), f"{name}[{i}]"), f"{name}[{i}]"))
    return out


def _integer(value: Any, name: str) -> int:
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, (Fraction, str)) or hasattr(value, "is_Integer"):
        frac = exact(value, name)
        if frac.denominator != 1:
            raise ValueError(f"{name} must be an integer, got {value!r}")
        return frac.numerator
    if isinstance(value, _numbers.Integral):
        return int(value)
    raise TypeError(f"{name} must be an integer, got {type(value).__name__}")


def rational_count_values(counts: Any, name: str = "counts") -> tuple:
    """Class counts as a tuple of non-negative exact numbers, or a clear error.

    The counts of Zhong's Dirichlet moments (4.28)-(4.30), which are defined for any non-negative
    rational counts n_j (weighted counts, sums of row weights), not only whole numbers.  Integers
    (any ``numbers.Integral``) and whole Fractions become Python ints, other Fractions (and
    ``flint.fmpq``) stay Fractions; floats, bools (though ``bool`` is an ``int``) and negative
    values are refused, and so is an empty sequence.

    Parameters
    ----------
    counts : iterable
        The class counts: integers, Fractions or ``flint.fmpq``.
    name : str
        The counts' name in error messages.

    Returns
    -------
    tuple
        One int or Fraction per count, in order.

    Examples
    --------
    >>> rational_count_values((3, Fraction(4, 2), Fraction(1, 3)))
    (3, 2, Fraction(1, 3))
    >>> rational_count_values((0.5, 1))
    Traceback (most recent call last):
    TypeError: counts must be integers or exact rationals (Fraction): got the float 0.5
    >>> rational_count_values((Fraction(-1, 2), 1))
    Traceback (most recent call last):
    ValueError: counts must be non-negative: got -1/2
    """
    result = []
    for value in counts:
        if isinstance(value, flint.fmpq):
            value = Fraction(int(value.p), int(value.q))
        if isinstance(value, bool) or not isinstance(value, (_numbers.Integral, Fraction)):
            raise TypeError(f"{name} must be integers or exact rationals (Fraction): got the "
                            f"{type(value).__name__} {value!r}")
        value = int(value) if isinstance(value, _numbers.Integral) or value.denominator == 1 else value
        if value < 0:
            raise ValueError(f"{name} must be non-negative: got {value}")
        result.append(value)
    if not result:
        raise ValueError(f"{name} must not be empty")
    return tuple(result)


def positive_int(value: Any, name: str = "k") -> int:
    """An integer >= 1 (the k of a k-norm), or a clear error.

    Parameters
    ----------
    value : int, str, Fraction or another exact integer
        The value to check (a float, a bool or a non-integer is refused).
    name : str
        The argument's name, used in the error messages.

    Returns
    -------
    int
        ``value`` as an int.

    Examples
    --------
    >>> positive_int("3")
    3
    >>> positive_int(0, "k")
    Traceback (most recent call last):
    ValueError: k must be a positive integer (>= 1), got 0
    """
    result = _integer(value, name)
    if result < 1:
        raise ValueError(f"{name} must be a positive integer (>= 1), got {result}")
    return result


def nonnegative_int(value: Any, name: str = "value") -> int:
    """An integer >= 0, or a clear error.

    Parameters
    ----------
    value : int, str, Fraction or another exact integer
        The value to check (a float, a bool or a non-integer is refused).
    name : str
        The argument's name, used in the error messages.

    Returns
    -------
    int
        ``value`` as an int.

    Examples
    --------
    >>> nonnegative_int(0)
    0
    """
    result = _integer(value, name)
    if result < 0:
        raise ValueError(f"{name} must be a non-negative integer, got {result}")
    return result


def check_k(k: Any, name: str = "k", limit: int = MAX_K, limit_name: str = "MAX_K",
            allow_zero: bool = False) -> int:
    """``k`` as a positive (or, with ``allow_zero``, non-negative) integer no larger than ``limit``
    (named ``limit_name`` in the error; the limits are those of :mod:`exactprune.limits`).

    Parameters
    ----------
    k : int, str, Fraction or another exact integer
        The order to check (a float or a non-integer is refused).
    name, limit, limit_name
        The argument's name and the limit (with its name) it must not exceed.
    allow_zero : bool
        Accept k = 0.

    Returns
    -------
    int

    Examples
    --------
    >>> from exactprune.limits import COST_MAX_K
    >>> check_k(513, limit=COST_MAX_K, limit_name="COST_MAX_K")
    Traceback (most recent call last):
    ValueError: k = 513 exceeds the limit COST_MAX_K = 512
    """
    k = nonnegative_int(k, name) if allow_zero else positive_int(k, name)
    if k > limit:
        extra = f" ({name} must have at most {MAX_K_BITS} bits)" if limit == MAX_K else ""
        raise ValueError(f"{name} = {limit_text(k)} exceeds the limit {limit_name} = {limit_text(limit)}{extra}")
    return k


def rising(x, k: int):
    """Rising factorial x^(k) = x (x+1) ... (x+k-1), Zhong (C.5); 1 when k = 0.

    Parameters
    ----------
    x : Fraction, int, flint.fmpq or sympy expression
        The base.
    k : int
        The number of factors, k >= 0 (a negative k raises ValueError).

    Returns
    -------
    same type as ``x``, or int
        The product, exact in the arithmetic of ``x`` (the int 1 when k = 0).

    See Also
    --------
    rising_ratio_fmpq : the exact ratio of two rising factorials.
    log_rising_arb : its certified logarithm, for real k.

    Examples
    --------
    >>> rising(Fraction(1, 2), 3)
    Fraction(15, 8)
    >>> rising(5, 0)
    1
    """
    if k < 0:
        raise ValueError(f"rising factorial needs k >= 0, got {k}")
    result = 1
    for m in range(k):
        result = result * (x + m)
    return result


def rising_ratio_fmpq(a, d, k: int) -> flint.fmpq:
    """The ratio of rising factorials a^(k) / d^(k) as an exact ``flint.fmpq``.

    This is f_k(a, d) = g_k(a)/g_k(d) of Zhong (C.25)-(C.26), the shape of every leaf
    moment (4.29) and Dirichlet marginal moment (3.19).

    Parameters
    ----------
    a : Fraction, int or flint.fmpq
        The numerator's base, an exact rational.
    d : Fraction, int or flint.fmpq
        The denominator's base, an exact positive rational.
    k : int
        The number of factors (k >= 0; the ratio is 1 when k = 0).

    Returns
    -------
    flint.fmpq
        a^(k) / d^(k) exactly.

    See Also
    --------
    rising_ratio_arb : the certified ball of the same ratio, at any real k.
    log_rising_ratio_arb : its certified logarithm.

    Examples
    --------
    >>> rising_ratio_fmpq(Fraction(6), Fraction(111, 2), 2)     # Zhong (B.2): 6*7/(55.5*56.5)
    56/4181
    """
    qa, qd = to_fmpq(a), to_fmpq(d)
    num, den = flint.fmpq(1), flint.fmpq(1)
    for m in range(k):
        num *= qa + m
        den *= qd + m
    return num / den


def rising_ratio_arb(a, d, k) -> flint.arb:
    """Certified ball of a^(k) / d^(k) at any real k > 0 (exactly 0 when ``a`` is 0).

    It has about ``flint.ctx.prec`` correct bits at any size of k: the certified form of every
    leaf moment (4.29), extended to real k by the Gamma functions of (C.26)
    (:func:`log_rising_ratio_arb`, exponentiated).

    Parameters
    ----------
    a : Fraction or int
        The numerator's base, an exact rational >= 0.
    d : Fraction or int
        The denominator's base, an exact rational > 0.
    k : int, Fraction or flint.arb
        The order, k > 0.

    Returns
    -------
    flint.arb
        A ball containing a^(k) / d^(k).

    See Also
    --------
    rising_ratio_fmpq : the exact ratio, for an integer k.
    log_rising_ratio_arb : the certified logarithm exponentiated here.

    Examples
    --------
    >>> rising_ratio_arb(Fraction(6), Fraction(111, 2), 2).overlaps(flint.arb(56) / 4181)
    True
    >>> rising_ratio_arb(0, 3, 10 ** 30)
    0
    """
    if a == 0:
        return flint.arb(0)
    return log_rising_ratio_arb(a, d, k).exp()


def is_symbolic(value) -> bool:
    """True for a sympy expression with free symbols (a symbolic prior or loss), else False.

    Parameters
    ----------
    value : Any
        Any value; only objects with non-empty ``free_symbols`` count as symbolic.

    Returns
    -------
    bool
        Whether ``value`` has free symbols.

    Examples
    --------
    >>> import sympy
    >>> is_symbolic(sympy.Symbol("lam") + 1), is_symbolic(sympy.Rational(1, 2)), is_symbolic(Fraction(1, 2))
    (True, False, False)
    """
    return bool(getattr(value, "free_symbols", None))


def simplify_symbolic(value):
    """The normal form of a symbolic result: ``sympy.factor(sympy.cancel(value))``.

    Parameters
    ----------
    value : sympy expression or anything ``sympy.sympify`` accepts
        The result to normalise.

    Returns
    -------
    sympy.Expr
        The factored, cancelled form.

    Examples
    --------
    >>> import sympy
    >>> lam = sympy.Symbol("lam")
    >>> simplify_symbolic((lam ** 2 - 1) / (lam + 1))
    lam - 1
    """
    import sympy
    return sympy.factor(sympy.cancel(sympy.sympify(value)))


def to_fmpq(value) -> flint.fmpq:
    """Fraction/int -> flint.fmpq (exact).

    Parameters
    ----------
    value : Fraction, int or flint.fmpq
        An exact rational (an fmpq is returned as it is).

    Returns
    -------
    flint.fmpq
        The same number.

    See Also
    --------
    to_fraction : the conversion back.

    Examples
    --------
    >>> to_fmpq(Fraction(3, 4))
    3/4
    """
    if isinstance(value, flint.fmpq):
        return value
    if isinstance(value, int):
        return flint.fmpq(value)
    return flint.fmpq(value.numerator, value.denominator)


def to_fraction(value) -> Fraction:
    """flint.fmpq/fmpz -> Fraction (exact).

    Parameters
    ----------
    value : flint.fmpq, flint.fmpz or anything :func:`exact` accepts
        An exact number.

    Returns
    -------
    Fraction
        The same number.

    See Also
    --------
    to_fmpq : the conversion the other way.

    Examples
    --------
    >>> to_fraction(flint.fmpq(3, 4))
    Fraction(3, 4)
    """
    if isinstance(value, flint.fmpz):
        return Fraction(int(value))
    if isinstance(value, flint.fmpq):
        return Fraction(int(value.p), int(value.q))
    return exact(value)


def arb_of(value) -> flint.arb:
    """An exact rational (or int) as an arb ball at the current precision.

    The ball contains the rational; it is exact when the rational is dyadic.

    Parameters
    ----------
    value : Fraction, int, flint.fmpq or flint.arb
        The number (an arb ball is returned as it is).

    Returns
    -------
    flint.arb
        A ball containing ``value`` at ``flint.ctx.prec``.

    Examples
    --------
    >>> arb_of(Fraction(1, 2))
    0.500000000000000
    """
    if isinstance(value, flint.arb):
        return value
    if isinstance(value, int):
        return flint.arb(value)
    q = to_fmpq(value)
    return flint.arb(q.p) / flint.arb(q.q)


def log_rising_arb(x, k) -> flint.arb:
    """Certified log of the rising factorial: log Gamma(x+k) - log Gamma(x).

    Uses the working precision of ``flint.ctx``.

    Parameters
    ----------
    x : Fraction or int
        An exact positive rational.
    k : int, Fraction or flint.arb
        A non-negative integer or any real with x + k > 0: the Gamma extension of Zhong (C.26).

    Returns
    -------
    flint.arb
        A ball containing log x^(k).

    See Also
    --------
    rising : the exact rising factorial, for an integer k.
    log_rising_ratio_arb : the log of a ratio of two rising factorials.

    Examples
    --------
    >>> from fractions import Fraction
    >>> ball = log_rising_arb(Fraction(1, 2), 3)
    >>> ball.overlaps(flint.arb(15).log() - flint.arb(8).log())
    True
    """
    xb = arb_of(x)
    kb = arb_of(k)
    return (xb + kb).lgamma() - xb.lgamma()


def magnitude_bits(value) -> int:
    """An m >= 0 with |value| < 2^m, at most one above the least such m.

    Parameters
    ----------
    value : int, Fraction or flint.arb
        An int (m is its bit length), a rational p/q (bits(p) - bits(q) + 1, or 0) or an arb ball
        (m from its upper bound).

    Returns
    -------
    int
        The bound m.

    Examples
    --------
    >>> magnitude_bits(8), magnitude_bits(Fraction(1, 3)), magnitude_bits(Fraction(9, 2))
    (4, 0, 3)
    """
    if isinstance(value, flint.arb):
        man, exp = value.abs_upper().man_exp()
        return max(0, int(man).bit_length() + int(exp))
    value = Fraction(value)
    return max(0, abs(value.numerator).bit_length() - value.denominator.bit_length() + 1)


def log_rising_ratio_arb(a, d, k) -> flint.arb:
    """Certified log(a^(k) / d^(k)) = lgamma(a+k) - lgamma(a) - lgamma(d+k) + lgamma(d).

    The log of every leaf moment (Zhong (4.29) extended to real k by (C.26)), with about
    ``flint.ctx.prec`` correct bits at any size of k.

    lgamma(a + k) has magnitude about k log k, so the lgamma route runs at the working precision
    plus the bit length of k (and of a + d).  When k is so large that this would be wasteful
    (``k > 2**(prec + 2 bits(a + d + 1) + 8)``), the enclosure below is used instead; it needs
    only log k.  For x >= 0 and k > 0, lgamma(k + x) - lgamma(k) = int_0^x digamma(k + t) dt, and
    log y - 1/y <= digamma(y) <= log y for y > 0, with x log k <= int_0^x log(k + t) dt
    <= x log(k + x) <= x log k + x^2 / k; so lgamma(k + x) - lgamma(k) lies in
    x log k + [-x / k, x^2 / k], and the difference for x = a and x = d in
    (a - d) log k + [-(a + d^2) / k, (a^2 + d) / k].

    Parameters
    ----------
    a : Fraction or int
        The numerator's base, an exact rational > 0.
    d : Fraction or int
        The denominator's base, an exact rational > 0.
    k : int, Fraction or flint.arb
        The order, k > 0.

    Returns
    -------
    flint.arb
        A ball containing log(a^(k) / d^(k)).

    See Also
    --------
    rising_ratio_arb : the ratio itself, certified.
    rising_ratio_fmpq : the exact ratio, for an integer k.
    log_rising_arb : the log of one rising factorial.

    Examples
    --------
    >>> ball = log_rising_ratio_arb(Fraction(6), Fraction(111, 2), 10 ** 22)   # k = 1e22
    >>> import math    # Stirling: -49.5 log k + lgamma(55.5) - lgamma(6) = -2345.98115185...
    >>> ball.rad() < 1e-10, abs(float(ball.mid()) - (-49.5 * math.log(1e22) + math.lgamma(55.5) - math.lgamma(6))) < 1e-9
    (True, True)
    >>> log_rising_ratio_arb(6, Fraction(111, 2), 2).overlaps(flint.arb(Fraction(56, 4181).numerator).log()
    ...                                                         - flint.arb(4181).log())
    True
    """
    prec = flint.ctx.prec
    size = magnitude_bits(Fraction(a) + Fraction(d) + 1)
    kbits = magnitude_bits(k)
    if kbits > prec + 2 * size + 8:
        with flint.ctx.workprec(prec + 2 * size + 16):
            ab, db = arb_of(a), arb_of(d)
            kb = arb_of(k)
            inverse = 1 / kb
            low, high = -(ab + db * db) * inverse, (ab * ab + db) * inverse
            middle = (ab - db) * kb.log() + db.lgamma() - ab.lgamma()
            return middle + low.union(high)
    with flint.ctx.workprec(prec + kbits + size + 16):
        return log_rising_arb(a, k) - log_rising_arb(d, k)


def certified_sign(evaluate: Callable[[], flint.arb], *, start_prec: int = 64,
                   max_prec: int = 1 << 16) -> int:
    """Sign (-1, 0 or +1) of the real number that ``evaluate()`` encloses.

    ``evaluate`` is called at increasing ``flint.ctx.prec`` (doubling from
    ``start_prec``) until the ball excludes zero.  A ball that still contains
    zero at ``max_prec`` raises :class:`CertificationError`; callers that can
    have an exact zero must test for it exactly first (arb cannot prove
    equality).  The caller's precision is restored.

    Parameters
    ----------
    evaluate : callable
        Takes no argument and returns a ball (``flint.arb``) computed at the current
        ``flint.ctx.prec``.
    start_prec : int
        The first working precision, in bits.
    max_prec : int
        The largest working precision tried, in bits.

    Returns
    -------
    int
        -1, 0 (only for the exact ball 0) or +1.

    Examples
    --------
    >>> certified_sign(lambda: flint.arb(1) / 3 - flint.arb(1) / 4)
    1
    """
    prec = start_prec
    while prec <= max_prec:
        with flint.ctx.workprec(prec):
            ball = evaluate()
        if ball > 0:
            return 1
        if ball < 0:
            return -1
        if ball.is_zero():                  # the exact ball 0 (is_zero needs a zero radius too)
            return 0
        prec *= 2
    raise CertificationError(f"sign not decided at {max_prec} bits: {ball}")
