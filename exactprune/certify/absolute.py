"""Absolute error bounds (any signs), square roots and library functions: the leaf terms of EBP
(:mod:`exactprune.peers.ebp`), from the error model of :mod:`exactprune.certify`."""
from __future__ import annotations

import math

from .rules import INFLATE, U


# -- absolute bounds, square roots and library functions (EBP's leaf terms, exactprune.peers.ebp) --
# A difference of floats has no useful relative bound (it may cancel), so these rules carry an
# absolute bound ``e`` (``|X - x| <= e``) beside the relative ones above.

def sum_abs(ex: float, ey: float, z: float) -> float:
    """Absolute bound of ``z = fl(x + y)`` or ``fl(x - y)`` (any signs) given ``|X - x| <= ex``
    and ``|Y - y| <= ey``: ``|X +- Y - z| <= ex + ey + |x +- y - z|`` and the rounding
    ``|x +- y - z| <= u |x +- y| <= u |z| / (1 - u)``, so ``(ex + ey + u |z|)`` inflated (the
    difference rule; an infinite or NaN input bound gives a non-finite result, which
    :func:`rel_of_abs` and :meth:`Approx.bounded` refuse).

    Parameters
    ----------
    ex, ey : float
        Absolute errors of x and y.
    z : float
        The computed sum or difference.

    Returns
    -------
    float
        The absolute bound of z.

    See Also
    --------
    sum_rel : the relative form for positive terms.

    Examples
    --------
    >>> sum_abs(0.0, 0.0, 1.0) == U * INFLATE, sum_abs(0.5, 0.25, 0.0)
    (True, 0.7500000000000027)
    """
    return (ex + ey + U * abs(z)) * INFLATE


def product_abs(x, ex, y, ey, z):
    """Absolute bound of ``z = fl(x y)`` given ``|X - x| <= ex`` and ``|Y - y| <= ey``:
    ``|XY - xy| <= |x| ey + |y| ex + ex ey`` and the rounding ``|xy - z| <= u |z| / (1 - u)``,
    inflated (scalars or numpy arrays alike).

    Parameters
    ----------
    x, y : float
        The operands.
    ex, ey : float
        Their absolute errors.
    z : float
        The computed product.

    Returns
    -------
    float
        The absolute bound of z.

    See Also
    --------
    product_rel : the relative form.

    Examples
    --------
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

    Parameters
    ----------
    x, y : float
        The operands.
    ex, ey : float
        Their absolute errors, ey < |y|.
    z : float
        The computed quotient.

    Returns
    -------
    float
        The absolute bound of z.

    See Also
    --------
    quotient_rel : the relative form.

    Examples
    --------
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

    Parameters
    ----------
    h : float
        The operand.
    eh : float
        Its absolute error.
    s : float
        The computed square root.

    Returns
    -------
    float
        The absolute bound of s.

    See Also
    --------
    function_rel : library functions.

    Examples
    --------
    >>> bool(sqrt_abs(4.0, 0.0, 2.0) == 2 * U * INFLATE), float(sqrt_abs(4.0, 5.0, 2.0)), float(sqrt_abs(0.0, 0.0, 0.0))
    (True, inf, 0.0)
    """
    import numpy as np
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(h > 0, eh / np.where(h > 0, h, 1.0), 0.0)
        bound = (eh * (1 + t) / (2 * np.where(s > 0, s, 1.0)) + U * s) * INFLATE
        at_zero = np.sqrt(eh) * INFLATE
    return np.where(h > 0, np.where(t <= 1, bound, math.inf), at_zero)


#: the accuracy assumed of the library functions ``math.log`` and numpy's ``expm1``, ``log1p`` and
#: ``exp`` on binary64 (the last two for :func:`~exactprune.certify.rising_ratio_gamma_array`):
#: within this many ulps of the exact value (glibc documents at most 1 ulp for each on x86-64;
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

    Parameters
    ----------
    rx : float
        The relative bound of x.
    condition : float
        A bound on |x f'(x) / f(x)|.
    ulps : float, default LIBM_ULPS
        The library's accuracy in ulps.

    Returns
    -------
    float
        The relative bound of fl(f(x)).

    See Also
    --------
    sqrt_abs : the correctly rounded square root.

    Examples
    --------
    >>> function_rel(0.0, 1.0, 1) == 2 * U / (1 - 2 * U) * INFLATE
    True
    """
    return (condition * rx + 2 * ulps * U) / (1 - 2 * ulps * U) * INFLATE


def rel_of_abs(value: float, error: float) -> float:
    """The relative bound of a non-negative float ``value`` known to within ``error``: ``error /
    value`` (rounded up by ``INFLATE``); at ``value = 0`` the exact 0 if ``error = 0``, else
    ``inf`` (nothing vouched for), and ``inf`` for an infinite or NaN ``error``.

    Parameters
    ----------
    value : float
        A non-negative float.
    error : float
        Its absolute error.

    Returns
    -------
    float
        error / value (inf for an invalid value).

    See Also
    --------
    sum_abs : absolute bounds.

    Examples
    --------
    >>> rel_of_abs(2.0, 1.0) == 0.5 * INFLATE, rel_of_abs(0.0, 0.0), rel_of_abs(0.0, U), rel_of_abs(1.0, math.nan)
    (True, 0.0, inf, inf)
    """
    if not error < math.inf:
        return math.inf
    if value > 0:
        return error / value * INFLATE
    return 0.0 if error == 0 else math.inf
