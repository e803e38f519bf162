"""The decision kernel's rules in the log domain, elementwise over numpy float64 arrays: values
too small for a float (PruneTree's moments at a large order, below ``TINY``) kept as their
logarithms, each with a rigorous absolute bound.

A *log image* is a pair of arrays ``(L, e)``: the real ``X >= 0`` it stands for has ``|ln X -
L| <= e``; ``(-inf, 0)`` stands for exactly 0, and a NaN ``L`` or a non-finite ``e`` marks an
element that cannot be vouched for (every comparison involving it declines).  The error model is
:mod:`exactprune.certify`'s (binary64, ``u = 2**-53``, the library's ``log``, ``log1p`` and
``exp`` within ``LIBM_ULPS`` ulps, every computed bound inflated by ``INFLATE``); each rule's
derivation is in its docstring.
"""
from __future__ import annotations

import math

from .absolute import LIBM_ULPS, function_rel, sum_abs
from .arrays import GAMMA_SHIFT, _gamma_log_tail, _valid_array, rising_ratio_array
from .rules import INFLATE, U

__all__ = ["log_image_array", "log_product_array", "log_sum_array", "log_greater_array", "log_rising_ratio_array"]

#: the library's log relative to its result (exact argument): ``|fl(ln v) - ln v| <= _LOG_REL |fl(ln v)|``
_LOG_REL = function_rel(0.0, 0.0)

#: the absolute error of ``fl(log1p(fl(exp(fl(s - m)))))`` against ``ln(1 + exp(s - m))`` for floats
#: ``s <= m`` (:func:`log_sum_array`): u/2 from the rounding of ``s - m``, ``2 LIBM_ULPS u`` from exp's,
#: ``2 LIBM_ULPS u ln 2`` from log1p's, rounded up to ``(1 + 4 LIBM_ULPS) u``
_LOG_SUM_REST = (1 + 4 * LIBM_ULPS) * U


def _valid_log(value, error):
    """Which elements of a log image are valid: ``L`` not NaN nor ``+inf`` and ``e`` finite."""
    import numpy as np
    with np.errstate(invalid="ignore"):
        return (value < math.inf) & np.isfinite(error)


def log_image_array(value, rel) -> tuple:
    """The log image of a float image ``(value, rel)`` (certify's relative form, ``|X - x| <= rel
    x``), elementwise: ``L = fl(ln x)``, ``e = (rel / (1 - rel) + _LOG_REL |L|)`` inflated.

    Derivation: ``X`` lies in ``x [1 - rel, 1 + rel]``, so ``|ln X - ln x| <= -ln(1 - rel) <=
    rel / (1 - rel)`` (``rel < 1``); the library's log is within ``_LOG_REL |L|`` of ``ln x``
    (:func:`~exactprune.certify.function_rel` with an exact argument).  The exact 0 ``(0, 0)``
    gives ``(-inf, 0)``; an element that cannot be vouched for (an infinite or NaN bound, a bound
    not below 1, a negative, infinite or NaN value, or 0 with a non-zero bound) ``(nan, inf)``.

    Parameters
    ----------
    value, rel : numpy arrays or floats
        The float images and their relative bounds (broadcasting).

    Returns
    -------
    tuple
        ``(L, e)`` arrays.

    See Also
    --------
    log_rising_ratio_array : the log image of a rising ratio, also where its float underflows.

    Examples
    --------
    >>> import numpy as np
    >>> L, e = log_image_array(np.array([1.0, 0.0, 0.0, 0.5]), np.array([2 ** -30, 0.0, 1e-9, 0.0]))
    >>> L.tolist()[:3], bool(e[0] >= 2 ** -30 and e[1] == 0.0 and np.isinf(e[2]))
    ([0.0, -inf, nan], True)
    >>> bool(abs(L[3] - np.log(0.5)) <= e[3] < 1e-15)
    True
    """
    import numpy as np
    value, rel = np.asarray(value, dtype=np.float64), np.asarray(rel, dtype=np.float64)
    with np.errstate(all="ignore"):
        fine = np.isfinite(value) & (value >= 0.0) & (rel >= 0.0) & (rel < 1.0)
        zero = fine & (value == 0.0) & (rel == 0.0)
        positive = fine & (value > 0.0)
        log = np.log(value)
        error = (rel / (1 - rel) + _LOG_REL * np.abs(log)) * INFLATE
    return (np.where(positive, log, np.where(zero, -math.inf, math.nan)),
            np.where(positive, error, np.where(zero, 0.0, math.inf)))


def log_product_array(x: tuple, y: tuple) -> tuple:
    """The log image of a product ``X Y`` from those of ``X`` and ``Y``: ``L = fl(Lx + Ly)``,
    ``e`` the difference rule :func:`~exactprune.certify.sum_abs` (``ex + ey + u |L|``,
    inflated); a factor exactly 0 gives the exact 0 ``(-inf, 0)`` (the other valid), an invalid
    factor ``(nan, inf)``.

    Parameters
    ----------
    x, y : tuple
        ``(L, e)`` arrays (or scalars) of the factors.

    Returns
    -------
    tuple
        ``(L, e)`` arrays.

    Examples
    --------
    >>> import numpy as np
    >>> L, e = log_product_array((np.array([-1.0, -np.inf, np.nan]), 0.0), (np.array([-2.0, -3.0, -3.0]), 0.5))
    >>> L.tolist(), e.tolist()[1:], bool(e[0] == (0.5 + 3 * U) * INFLATE)
    ([-3.0, -inf, nan], [0.0, inf], True)
    """
    import numpy as np
    (xv, xe), (yv, ye) = x, y
    with np.errstate(all="ignore"):
        valid = _valid_log(xv, xe) & _valid_log(yv, ye)
        zero = valid & ((xv == -math.inf) | (yv == -math.inf))
        value = xv + yv
        error = sum_abs(xe, ye, value)
    return (np.where(zero, -math.inf, np.where(valid, value, math.nan)),
            np.where(zero, 0.0, np.where(valid, error, math.inf)))


def log_sum_array(x: tuple, y: tuple) -> tuple:
    """The log image of a sum ``X + Y`` of non-negative reals from theirs: with ``m = max(Lx,
    Ly)``, ``s = min(Lx, Ly)``, ``L = fl(m + fl(log1p(fl(exp(fl(s - m))))))`` and ``e = (max(ex,
    ey) + _LOG_SUM_REST + u |L|)`` inflated.

    Derivation: ``ln(X + Y) = LSE(ln X, ln Y)``, and LSE moves by at most the largest move of
    its arguments (its gradient is positive with sum 1): ``max(ex, ey)``.  Then ``LSE(m, s) = m +
    g(s - m)``, ``g(t) = ln(1 + e**t)``, ``0 <= g' <= e**t``: the rounding of ``t = s - m <= 0``
    (at most ``u |t|``) moves ``g`` by at most ``u |t| e**(t (1 - u))  <= u / 2``; exp's error
    (``2 LIBM_ULPS u e**t``) moves ``log1p``'s argument, so its value, by at most that, at most
    ``2 LIBM_ULPS u``; log1p's own error is at most ``2 LIBM_ULPS u ln 2``
    (``_LOG_SUM_REST`` bounds the three); the last sum rounds by at most ``u |L| / (1 - u)``.  A
    term exactly 0 (``-inf``) leaves the other as it is; both 0 give the exact 0; an invalid
    term gives ``(nan, inf)``.

    Parameters
    ----------
    x, y : tuple
        ``(L, e)`` arrays of the terms.

    Returns
    -------
    tuple
        ``(L, e)`` arrays.

    Examples
    --------
    >>> import numpy as np
    >>> x, y = np.array([0.0, math.log(2), -np.inf]), np.array([math.log(3), -np.inf, -np.inf])
    >>> L, e = log_sum_array((x, 0.0), (y, 0.0))
    >>> np.exp(L).round(12).tolist(), e.tolist()[1:]
    ([4.0, 2.0, 0.0], [0.0, 0.0])
    >>> bool(e[0] == (_LOG_SUM_REST + U * L[0]) * INFLATE)
    True
    """
    import numpy as np
    (xv, xe), (yv, ye) = x, y
    xv, yv = np.asarray(xv, dtype=np.float64), np.asarray(yv, dtype=np.float64)
    with np.errstate(all="ignore"):
        valid = _valid_log(xv, xe) & _valid_log(yv, ye)
        top, low = np.maximum(xv, yv), np.minimum(xv, yv)
        one_zero = low == -math.inf     # the other term alone, exactly (both 0: the exact 0)
        value = top + np.log1p(np.exp(low - top))
        error = (np.maximum(xe, ye) + _LOG_SUM_REST + U * np.abs(value)) * INFLATE
        value = np.where(one_zero, top, value)
        error = np.where(one_zero, np.maximum(xe, ye), error)
    return np.where(valid, value, math.nan), np.where(valid, error, math.inf)


def log_greater_array(x: tuple, y: tuple) -> tuple:
    """The comparison rule in the log domain: ``(greater, settled)``, where the filter proves ``X
    > Y`` and where it proves the sign of ``X - Y`` at all: ``|fl(Lx - Ly)| > (ex + ey)``
    inflated.  Sound: ``|(ln X - ln Y) - (Lx - Ly)| <= ex + ey`` and ``|Lx - Ly| >= |fl(Lx - Ly)|
    / (1 + u)``, ``INFLATE (1 - u)**2 > 1 + u`` covering the bound's two roundings.  An exact 0
    (``-inf``) against a positive value is settled; two exact zeros, or an invalid side, are not.

    Parameters
    ----------
    x, y : tuple
        ``(L, e)`` arrays of ``X`` and ``Y``.

    Returns
    -------
    tuple of numpy bool arrays
        ``(greater, settled)``.

    See Also
    --------
    exactprune.certify.float_greater_array : the rule on float images.

    Examples
    --------
    >>> import numpy as np
    >>> greater, settled = log_greater_array((np.array([-1.0, -1.0, -np.inf, -np.inf]), 0.25),
    ...                                      (np.array([-2.0, -1.4, -5.0, -np.inf]), 0.25))
    >>> greater.tolist(), settled.tolist()
    ([True, False, False, False], [True, False, True, False])
    """
    import numpy as np
    (xv, xe), (yv, ye) = x, y
    with np.errstate(invalid="ignore"):
        diff = xv - yv
        bound = (xe + ye) * INFLATE     # NaN or inf (an invalid side) settles nothing
        return diff > bound, np.abs(diff) > bound


def log_rising_ratio_array(a: tuple, d: tuple, k) -> tuple:
    """The log image of Zhong (4.29)'s ratio ``prod_{m<k} (a + m) / (d + m)`` (the ratio of
    :func:`~exactprune.certify.rising_ratio_gamma_array`) at any order, also where the ratio
    itself is below the float range: up to ``GAMMA_SHIFT`` factors the loop's float image
    (:func:`~exactprune.certify.rising_ratio_array`) through :func:`log_image_array`; beyond,
    the log image of its first ``GAMMA_SHIFT`` factors plus the log-Gamma tail ``Psi`` with its
    absolute bound ``E`` (:func:`~exactprune.certify.rising_ratio_gamma_array`'s derivation),
    summed by the difference rule: ``e = (e_head + E + u |L|)`` inflated.  ``a = 0`` (``k >
    0``) gives the exact 0 ``(-inf, 0)``.

    Parameters
    ----------
    a, d : tuple
        ``(values, rels)`` float64 arrays of the same shape (a rel may be one scalar).
    k : int or numpy integer array
        The order: an integer ``k >= 0`` whose ``k - 16`` has a finite float (beyond ``2**53``
        the shift to a float order is bounded), or an array of orders ``16 < k < 2**53``.

    Returns
    -------
    tuple
        ``(L, e)`` arrays.

    See Also
    --------
    rising_ratio_gamma_array : the float image, which underflows first.

    Examples
    --------
    >>> import numpy as np
    >>> from fractions import Fraction
    >>> from exactprune.numbers import log_rising_ratio_arb
    >>> L, e = log_rising_ratio_array((np.array([0.5, 0.0]), 0.0), (np.array([300.5, 3.0]), 0.0), 10 ** 6)
    >>> L.tolist()[1], e.tolist()[1], bool(L[0] < math.log(2.0 ** -1074))      # the ratio: below every float
    (-inf, 0.0, True)
    >>> exact = log_rising_ratio_arb(Fraction(1, 2), Fraction(601, 2), 10 ** 6)      # a certified ball
    >>> bool(abs(exact - float(L[0])) < float(e[0]) < 1e-9)
    True
    """
    import numpy as np
    if np.ndim(k) == 0 and k <= GAMMA_SHIFT:
        return log_image_array(*rising_ratio_array(a, d, k))
    head_v, head_r, log_tail, tail_error = _gamma_log_tail(a, d, k)
    head_log, head_error = log_image_array(head_v, head_r)
    with np.errstate(all="ignore"):
        value = head_log + log_tail
        error = sum_abs(head_error, tail_error, value)
        zero = head_log == -math.inf        # a = 0: the exact 0 whatever the tail
        valid = _valid_log(head_log, head_error) & np.isfinite(log_tail) & np.isfinite(tail_error)
    return (np.where(zero, -math.inf, np.where(valid, value, math.nan)),
            np.where(zero, 0.0, np.where(valid, error, math.inf)))
