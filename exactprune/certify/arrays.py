"""The decision kernel's rules elementwise over numpy float64 arrays (PruneTree level by level, the
breakpoint searches' filters): the same derivations as :mod:`exactprune.certify.rules`."""
from __future__ import annotations

import math
from typing import Any, Sequence

from .absolute import function_rel
from .rules import INFLATE, MAX_REL, TINY, U, Rational, _image, product_rel, quotient_rel, rising_ratio_rel


# -- the same rules elementwise over numpy float64 arrays (PruneTree level by level) -----------

# An approximation is a pair of arrays (value, rel), an infinite rel marking one that cannot be
# vouched for; each function applies, element by element, the rule of its scalar counterpart.

def float_images(values: Sequence[Rational]) -> tuple:
    """:meth:`Approx.of` of many non-negative rationals at once, as the arrays ``(values, rels)``
    (NaN and an infinite bound where it is not valid): the images the elementwise float filter
    (:func:`float_sign_array`) starts from.

    Parameters
    ----------
    values : sequence of exact rationals
        Non-negative values.

    Returns
    -------
    tuple of numpy arrays
        (values, rels).

    See Also
    --------
    Approx.of : one value.

    Examples
    --------
    >>> from fractions import Fraction
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


#: the most factor-by-element entries :func:`rising_ratio_array` holds at a time (32 KiB a block: a
#: larger block raised the traced peak of building a sequence on a 2^13-example tree from 3.2 to 4.9
#: times its count arrays, tests/test_sequence_memory.py; its bound is 4.5)
_FACTOR_BLOCK = 1 << 12


def rising_ratio_array(a: tuple, d: tuple, k: int) -> tuple:
    """:func:`rising_ratio` elementwise: the float image of Zhong (4.29)'s ratio ``prod_{m<k}
    (a + m) / (d + m)`` for arrays ``a = (values, rels)`` and ``d`` (a bound may be one scalar for
    all), the same float loop, the bound :func:`rising_ratio_rel` and the same validity rules
    (an invalid input or ``d = 0`` gives ``(nan, inf)``, ``a = 0`` with ``k > 0`` exactly 0).

    Parameters
    ----------
    a, d : tuple
        ``(values, rels)`` float64 arrays of the same shape (a rel may be one scalar).
    k : int or numpy integer array
        The number of factors (the moment's order); an array of orders broadcasting against
        ``a`` and ``d`` (with scalar bounds) gives every order's images at once
        (:func:`_running_products`).

    Returns
    -------
    tuple
        ``(values, rels)`` arrays (``rels`` a read-only broadcast of the one bound when both
        bounds are scalars and every element is valid), of the broadcast shape.  The product is the loop's, factor by
        factor in order (the same roundings, so the same floats): for small arrays a block of
        factors at a time (at most ``_FACTOR_BLOCK`` entries, one reduction over the block), for
        an array of more than ``_FACTOR_BLOCK / 2`` elements one factor at a time, allocating
        nothing per factor (the running product and two buffers for ``a + m`` and ``d + m``).

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.certify import Approx, rising_ratio
    >>> import numpy as np
    >>> v, r = rising_ratio_array((np.array([1.0, 0.0]), 0.0), (np.array([2.0, 2.0]), 0.0), 2)
    >>> v.tolist(), bool(r[0] == rising_ratio(Approx(1.0), Approx(2.0), 2).rel), r.tolist()[1]
    ([0.3333333333333333, 0.0], True, 0.0)
    >>> v, r = rising_ratio_array((np.array([[1.0], [0.0]]), 0.0), (np.array([[2.0], [2.0]]), 0.0), np.array([1, 2]))
    >>> v.tolist(), bool(r[0, 1] == rising_ratio(Approx(1.0), Approx(2.0), 2).rel)        # 1/2, 1/2 * 2/3
    ([[0.5, 0.3333333333333333], [0.0, 0.0]], True)
    """
    import numpy as np
    (av, ar), (dv, dr) = a, d
    av, dv = np.asarray(av, dtype=np.float64), np.asarray(dv, dtype=np.float64)
    several = np.ndim(k) > 0
    with np.errstate(all="ignore"):
        if several:
            value = _running_products(av, dv, np.asarray(k))
        else:
            value = av / dv if k > 0 else np.ones(av.shape)      # the loop's first factor times 1
            rows = min(k - 1, _FACTOR_BLOCK // max(av.size, 1))
            if rows >= 2:       # the factors a block of them at a time, multiplied in the loop's order
                for start in range(1, k, rows):
                    steps = np.arange(start, min(start + rows, k), dtype=np.float64).reshape((-1,) + (1,) * av.ndim)
                    block = np.add(av, steps)
                    np.divide(block, np.add(dv, steps), out=block)
                    block[0] *= value
                    value = np.multiply.reduce(block, axis=0)
            elif k > 1:
                top, bottom = np.empty(av.shape), np.empty(av.shape)
                for m in range(1, k):
                    value *= np.divide(np.add(av, m, out=top), np.add(dv, m, out=bottom), out=top)
                del top, bottom
        scalar = np.ndim(ar) == 0 and np.ndim(dr) == 0
        if several and not scalar:
            raise ValueError("rising_ratio_array: several orders need one bound for every element of a and of d")
        if scalar:                                      # one bound for every element (of an order)
            rule: Any
            if several:
                rule = np.array([rising_ratio_rel(float(ar), float(dr), order) for order in np.ravel(k).tolist()]
                                ).reshape(np.shape(k))
                positive, within = bool(np.all(k > 0)), bool(np.all(rule <= MAX_REL))
            else:
                rule = rising_ratio_rel(float(ar), float(dr), k)
                positive, within = bool(k > 0), rule <= MAX_REL
            if (positive and ar <= MAX_REL and dr <= MAX_REL and within and value.size and dv.min() > 0.0
                    and dv.max() < math.inf and value.min() >= TINY and value.max() < math.inf):
                # every value finite and >= TINY, so every a finite and non-zero: the rules below change nothing
                return value, np.broadcast_to(rule, value.shape)
        ar, dr = np.broadcast_to(ar, av.shape), np.broadcast_to(dr, dv.shape)
        valid = _valid_array(av, ar) & _valid_array(dv, dr) & (dv != 0.0) & (k >= 0)
        if scalar:
            rel = np.full(value.shape, rule)
        else:                                           # the rule once per distinct pair of bounds
            pairs, inverse = np.unique(np.stack([ar.ravel(), dr.ravel()], axis=1), axis=0, return_inverse=True)
            rules = np.array([rising_ratio_rel(x, y, k) for x, y in pairs.tolist()], dtype=np.float64)
            rel = rules[inverse.ravel()].reshape(av.shape) if rules.size else np.zeros(av.shape)
        value, rel = checked_array(value, rel)
        zero = valid & (av == 0.0) & (k > 0)
    return (np.where(zero, 0.0, np.where(valid, value, math.nan)),
            np.where(zero, 0.0, np.where(valid, rel, math.inf)))


def _running_products(av, dv, orders):
    """The products ``prod_{m<k} (a + m) / (d + m)`` of :func:`rising_ratio_array`'s loop for every
    order ``k`` of ``orders`` (an integer array broadcasting against ``a`` and ``d``; 1 at order
    0): the loop's running product (``np.multiply.accumulate`` over the factors, the same
    roundings, so the same floats as the loop at each order alone) read at each order.  The
    factors up to the largest order are made at once: ``max(orders)`` times the size of ``a``
    entries, for orders up to a few hundred.

    >>> import numpy as np
    >>> a, d = np.array([[1.0], [2.0]]), np.array([[2.0], [2.0]])
    >>> _running_products(a, d, np.array([0, 1, 2])).tolist()        # 1/2, 1/2 * 2/3; 2/2, 2/2 * 3/3
    [[1.0, 0.5, 0.3333333333333333], [1.0, 1.0, 1.0]]
    >>> a, d = np.array([[3.0], [0.5]]), np.array([[4.0], [7.5]])
    >>> loop = [rising_ratio_array((a[:, 0], 0.0), (d[:, 0], 0.0), k)[0] for k in range(40)]
    >>> bool((_running_products(a, d, np.arange(40)) == np.transpose(loop)).all())      # the loop's floats
    True
    """
    import numpy as np
    shape = np.broadcast_shapes(av.shape, dv.shape, orders.shape)
    steps = np.arange(max(int(orders.max(initial=0)), 1), dtype=np.float64).reshape((-1,) + (1,) * len(shape))
    products = np.multiply.accumulate(np.divide(av + steps, dv + steps), axis=0)
    index = np.broadcast_to(np.maximum(orders - 1, 0), shape)[None]
    read = np.take_along_axis(np.broadcast_to(products, products.shape[:1] + shape), index, axis=0)[0]
    return np.where(orders > 0, read, 1.0)


#: the factors :func:`rising_ratio_gamma_array` multiplies out one by one (every Gamma argument after them >= 16)
GAMMA_SHIFT = 16
#: Stirling's series of ln Gamma(z) (DLMF 5.11.1): B_2j / (2j (2j - 1)) for j = 5, 4, ..., 1 (Horner's order)
_STIRLING = (1 / 1188, -1 / 1680, 1 / 1260, -1 / 360, 1 / 12)
#: its remainder after those five terms, at four arguments z >= 16: 4 |B_12| / (12 * 11 * z^11) (for real z > 0
#: at most the first term left out, DLMF 5.11(ii)), rounded up
_STIRLING_REST = 4 * 691 / 360360 * 16.0 ** -11 * INFLATE
#: the float evaluation of the series' four values and their differences (rising_ratio_gamma_array's docstring)
_SERIES_ERROR = 2 * U
#: a bound on |q log1p'(xi) / log1p(q)| for q >= 0 and xi within 2**-41 of q (relatively): 1 / (1 - 2**-41)
_LOG1P_CONDITION = 1 + 2.0 ** -40
#: one rounding of exact operands (the product rule on two exact values)
_ONE_ROUNDING = product_rel(0.0, 0.0)
#: the library's exp, relative to its result
_EXP_REL = function_rel(0.0, 0.0)


def _form_rel(*term_rels: float) -> float:
    """c with |(computed t2 - t1 - t3) - (t2 - t1 - t3)| <= c (t1 + t2 + t3) for computed terms
    t_i >= 0 within ``term_rels`` (relative, of the computed terms): the terms' errors, and two
    roundings, each at most u (t1 + t2 + t3) (sum_abs), the largest term bound serving all."""
    return (max(term_rels) + 2 * U) * INFLATE * INFLATE


_LOG_OF_EXACT_QUOTIENT = function_rel(_ONE_ROUNDING, _LOG1P_CONDITION)      # l(k'/x), l(k'/y)
_LOG_OF_DELTA_OVER_X = function_rel(quotient_rel(_ONE_ROUNDING, 0.0), _LOG1P_CONDITION)
_LOG_OF_DELTA_OVER_BIG_X = function_rel(quotient_rel(_ONE_ROUNDING, _ONE_ROUNDING), _LOG1P_CONDITION)
#: form (A)'s terms: (X - 1/2) from the rounded X >= 16 (32/31 r_X + u) times l(delta/X); (x - 1/2) l(delta/x);
#: delta (one rounding) l(k'/y)
_FORM_A_REL = _form_rel(product_rel((_ONE_ROUNDING * 32 / 31 + U) * INFLATE, _LOG_OF_DELTA_OVER_BIG_X),
                        product_rel(_ONE_ROUNDING, _LOG_OF_DELTA_OVER_X), product_rel(_ONE_ROUNDING, _LOG_OF_EXACT_QUOTIENT))
#: form (B)'s terms: (x - 1/2) l(k'/x), (y - 1/2) l(k'/y), the exact k' times l(delta/X)
_FORM_B_REL = _form_rel(product_rel(_ONE_ROUNDING, _LOG_OF_EXACT_QUOTIENT), product_rel(0.0, _LOG_OF_DELTA_OVER_BIG_X))


def _stirling_series(z):
    """sum_j B_2j / (2j (2j - 1) z^(2j - 1)), j = 1..5, elementwise for z >= 16 (Horner in 1 / z^2)."""
    w = 1.0 / z
    w2 = w * w
    series = _STIRLING[0]
    for c in _STIRLING[1:]:
        series = series * w2 + c
    return series * w


def _shifted_rel(v, r, shifted):
    """The relative bound of ``shifted = fl(v + GAMMA_SHIFT)`` as an image of the real ``V +
    GAMMA_SHIFT`` (``v`` within ``r`` of ``V``): ``r`` where the sum is exact (its rounding error
    by Knuth's TwoSum is 0), else the sum rule ``sum_rel(r, 0)``."""
    import numpy as np
    back = shifted - v
    exact = (v - (shifted - back)) + (GAMMA_SHIFT - back) == 0.0
    return np.where(exact, r, sum_rel_array(r, 0.0))


def rising_ratio_gamma_array(a: tuple, d: tuple, k: int) -> tuple:
    """The float image of the ratio ``prod_{m<k} (a + m) / (d + m)`` of :func:`rising_ratio_array`
    at a cost that does not grow with ``k``: the first ``GAMMA_SHIFT`` = 16 factors by
    :func:`rising_ratio_array`, the rest as ``exp`` of a difference of log-Gamma values by
    Stirling's series, with a rigorous relative bound per element (certify's error model; the
    library's ``log1p`` and ``exp`` within ``LIBM_ULPS`` ulps, :func:`function_rel`).

    Derivation.  Let ``x <= y`` be the computed ``fl(a + 16)`` and ``fl(d + 16)`` (swapped when
    ``a > d``, and the logarithm negated), ``k' = k - 16``, ``X = x + k'``, ``Y = y + k'``,
    ``delta = y - x >= 0``, ``l = log1p``.  The tail ``prod_{16<=m<k}`` is ``exp(Psi)``,
    ``Psi = lnG(X) - lnG(x) - lnG(Y) + lnG(y)``.  Stirling's series ``lnG(z) = (z - 1/2) ln z - z
    + ln(2 pi)/2 + S(z) + R(z)``, ``S`` its five terms, ``|R(z)| <= |B_12| / (132 z^11)`` (DLMF
    5.11(ii)); the ``-z`` and constant terms cancel exactly, and the rest is, exactly, either

    * (A) ``-(X - 1/2) l(delta / X) + (x - 1/2) l(delta / x) - delta l(k' / y)``, or
    * (B) ``(x - 1/2) l(k' / x) - (y - 1/2) l(k' / y) - k' l(delta / X)``,

    plus ``S(X) - S(x) - S(Y) + S(y)`` plus the remainders.  The terms of (A) are at most
    ``delta`` and ``delta l(k' / y)`` in size, those of (B) at most ``k'`` and ``k' delta / X``:
    each element takes the form whose computed error bound is smaller (no cancellation grows
    with ``k`` or with the counts).  Each term ``p l(q)`` has a relative bound from the rules:
    ``delta``, ``X``, ``x - 1/2``, ``y - 1/2``, ``k' / x`` and ``k' / y`` one rounding each,
    ``X - 1/2`` (for ``X >= 16``) ``(32/31 r_X + u)``, the quotients the quotient rule, ``l``
    within ``LIBM_ULPS`` ulps with condition number ``q l'(q) / l(q) <= 1`` for ``q >= 0`` (so
    :func:`function_rel` with ``_LOG1P_CONDITION``), the product the product rule; with the
    two roundings of the differences (:func:`~exactprune.certify.sum_abs`, each at most ``u``
    times the sum of the terms, all of them ``>= 0``) a form is within ``c (t1 + t2 + t3)`` of
    its exact value, ``c`` the largest of its terms' bounds plus ``2u`` (``_FORM_A_REL``,
    ``_FORM_B_REL``).  The series: for
    ``z >= 16``, ``|S(z)| <= w/11.9`` (``w = 1/z``), its Horner evaluation within ``27 u w/11.9``
    (at most 27 roundings per term), evaluating at ``fl(X)`` moves it by at most ``u / 176``, and
    the three differences round by at most ``3 u (4 / 190)``: together below ``_SERIES_ERROR =
    2u``; the four remainders at most ``_STIRLING_REST``.  The inputs' own errors: ``x`` is
    within ``e_x`` of ``alpha + 16`` (``alpha`` the real ``a``; ``e_x = r_a`` where ``a + 16``
    is exact by TwoSum, else the sum rule ``sum_rel(r_a, 0)``), and
    ``dPsi/dx = sum_{m<k'} 1 / (x + m) <= 1/x + l(k'/x)``, so moving ``x`` by ``e_x x`` moves
    ``Psi`` by at most ``e_x / (1 - e_x) (1 + x l(k' / x))``, likewise ``y`` (both taken with
    ``e = max(e_x, e_y)``).  With ``E`` the sum of
    these absolute bounds on the computed ``Psi`` (plus its last rounding), ``exp`` is within
    ``E (1 + E)`` (``E <= 1``) and the library's ``exp`` within its ulps: the product rule,
    then the product rule again with the first 16 factors' image, and the validity rule
    (:func:`checked_array`).  ``a = 0`` gives exactly 0 (``k > 0``), an invalid input or
    ``d = 0`` no image, as in :func:`rising_ratio_array`; ``k <= 16`` is :func:`rising_ratio_array`
    itself.  A scalar ``k`` may be any integer whose ``k - 16`` has a finite float (beyond ``2**53``
    the shift to the nearest float order is bounded, :func:`_gamma_log_tail`); an array of orders
    needs every order below ``2**53``.

    Parameters
    ----------
    a, d : tuple
        ``(values, rels)`` float64 arrays of the same shape (a rel may be one scalar).
    k : int or numpy integer array
        The number of factors, ``k >= 0`` with a finite float ``k - 16`` (an array: ``16 < k <
        2**53``, broadcasting against ``a`` and ``d``).

    Returns
    -------
    tuple
        ``(values, rels)`` arrays, the bound per element.

    See Also
    --------
    rising_ratio_array : the float loop, its cost k array operations.
    exactprune.numbers.rising_ratio_fmpq : the exact value.

    Examples
    --------
    >>> import numpy as np
    >>> from fractions import Fraction
    >>> from exactprune.numbers import rising_ratio_fmpq, to_fraction
    >>> a, d = np.array([0.5, 0.0, 120.5]), np.array([51.5, 3.0, 337.5])
    >>> v, r = rising_ratio_gamma_array((a, 0.0), (d, 0.0), 1000)
    >>> exact = [to_fraction(rising_ratio_fmpq(Fraction(a[i]), Fraction(d[i]), 1000)) for i in (0, 2)]
    >>> [abs(Fraction(v[i]) - e) <= Fraction(r[i]) * Fraction(v[i]) for i, e in zip((0, 2), exact)]
    [True, True]
    >>> float(v[1]), float(r[1]), bool(r[0] < 1e-12)
    (0.0, 0.0, True)
    """
    import numpy as np
    if np.ndim(k) == 0 and k <= GAMMA_SHIFT:
        return rising_ratio_array(a, d, k)
    head_v, head_r, log_tail, bound = _gamma_log_tail(a, d, k)
    with np.errstate(all="ignore"):
        tail_rel = np.where(bound <= 1.0, product_rel(bound * (1 + bound) * INFLATE, _EXP_REL), math.inf)
        value, rel = checked_array(head_v * np.exp(log_tail),
                                   product_rel(head_r, tail_rel))      # type: ignore[arg-type]  # the rule elementwise
        zero = (head_v == 0.0) & (head_r == 0.0)        # a = 0: the exact 0 whatever the tail
    return np.where(zero, 0.0, value), np.where(zero, 0.0, rel)


#: a bound on (1 + 1/16) (1 + 2**-40) (1 + u)**3 INFLATE: the factor of the shift of an order k whose k - 16 is
#: not a float (:func:`_gamma_log_tail`)
_ORDER_SHIFT_FACTOR = 1.07


def _gamma_log_tail(a: tuple, d: tuple, k) -> tuple:
    """The parts of :func:`rising_ratio_gamma_array` (its docstring derives them): ``(head_v,
    head_r, log_tail, bound)``, the float image of the first ``GAMMA_SHIFT`` factors with its
    relative bound (:func:`rising_ratio_array`: validity, ``a = 0`` and ``d = 0`` are the loop's),
    and the computed logarithm of the product of the other factors (``Psi``, negated when
    ``a > d``) with its absolute bound (``E`` before the exponential; any size, so also where
    the product itself underflows).  ``k > 16``; a scalar order may be any integer whose ``k -
    16`` has a finite float: when ``k - 16`` is not a float, the forms are those of the order
    ``k~ = 16 + fl(k - 16)``, and ``|Psi(k) - Psi(k~)| <= |k - k~| max |psi(X) - psi(Y)|``
    (``psi`` the digamma function, increasing and concave: ``psi(Y) - psi(X) <= delta psi'(X)
    <= delta (1/X + 1/X**2)``, ``X >= 16``) is added, ``_ORDER_SHIFT_FACTOR |k - k~| delta / X``
    (``X`` the computed one, within ``2**-40`` of every ``x + k'`` between).  An array of orders
    needs every order below ``2**53``."""
    import numpy as np
    (av, ar), (dv, dr) = a, d
    av, dv = np.asarray(av, dtype=np.float64), np.asarray(dv, dtype=np.float64)
    head_v, head_r = rising_ratio_array((av, ar), (dv, dr), GAMMA_SHIFT)     # validity, a = 0, d = 0: the loop's
    with np.errstate(all="ignore"):
        x0, y0 = av + GAMMA_SHIFT, dv + GAMMA_SHIFT
        moved = np.maximum(_shifted_rel(av, ar, x0), _shifted_rel(dv, dr, y0))      # e_x and e_y both at most this
        swap = x0 > y0
        x, y = np.minimum(x0, y0), np.maximum(x0, y0)
        kk: Any
        order_shift = 0.0       # |k - k~| (an exact integer, rounded to a float)
        if np.ndim(k) == 0:
            kk = float(k - GAMMA_SHIFT)
            order_shift = float(abs(int(kk) - (int(k) - GAMMA_SHIFT)))
        else:       # several orders: every array of the forms at the broadcast shape
            kk = np.asarray(k, dtype=np.float64) - GAMMA_SHIFT
            x, y = np.broadcast_arrays(x, y, kk)[:2]
        delta, X = y - x, x + kk
        # log1p of delta/X, delta/x, k'/x, k'/y; the factors X - 1/2, x - 1/2, delta, x - 1/2, y - 1/2, k'
        logs = np.log1p(np.stack((delta, delta, np.full_like(x, kk), np.full_like(x, kk))) / np.stack((X, x, x, y)))
        terms = np.stack((X - 0.5, x - 0.5, delta, x - 0.5, y - 0.5, np.full_like(x, kk))) * logs[[0, 1, 3, 2, 3, 0]]
        form_a = (terms[1] - terms[0]) - terms[2]       # (A) -(X - 1/2) l(delta/X) + (x - 1/2) l(delta/x) - delta l(k'/y)
        form_b = (terms[3] - terms[4]) - terms[5]       # (B) (x - 1/2) l(k'/x) - (y - 1/2) l(k'/y) - k' l(delta/X)
        error_a = _FORM_A_REL * (terms[0] + terms[1] + terms[2])
        error_b = _FORM_B_REL * (terms[3] + terms[4] + terms[5])
        use_a = error_a <= error_b
        series = _stirling_series(np.stack((X, x, y + kk, y)))
        log_tail = np.where(use_a, form_a, form_b) + ((series[0] - series[1]) - (series[2] - series[3]))
        moved = moved / (1 - moved) * (2 + (x * logs[2] + y * logs[3]) * _LOG1P_CONDITION)     # the inputs' own errors
        if order_shift:
            moved = moved + _ORDER_SHIFT_FACTOR * order_shift * delta / X
        bound = (np.minimum(error_a, error_b) + _SERIES_ERROR + _STIRLING_REST + moved + U * np.abs(log_tail)) * INFLATE
    return head_v, head_r, np.where(swap, -log_tail, log_tail), bound


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

    Parameters
    ----------
    rx, ry : numpy arrays or floats
        Relative bounds.

    Returns
    -------
    numpy array
        sum_rel elementwise.

    See Also
    --------
    sum_rel : one pair.

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.certify import sum_rel
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

    Parameters
    ----------
    x, y : tuple of numpy arrays
        (values, rels) of X and Y.

    Returns
    -------
    numpy array
        +1/-1 where proven, 0 where declined.

    See Also
    --------
    float_sign : one pair.
    float_greater_array : its comparison rule.

    Examples
    --------
    >>> import numpy as np
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

    Parameters
    ----------
    xv, x_error : numpy arrays
        Values of X and their absolute errors.
    yv : numpy array
        Values of Y.
    yr : float or numpy array
        Relative bounds of Y.

    Returns
    -------
    tuple of numpy bool arrays
        (greater, settled).

    See Also
    --------
    float_sign_array : the signs.

    Examples
    --------
    >>> import numpy as np
    >>> import numpy as np
    >>> greater, settled = float_greater_array(np.array([2.0, 1.0, 1.0]), 0.0, np.array([1.0, 1.0, 2.0]), 0.0)
    >>> greater.tolist(), settled.tolist()
    ([True, False, False], [True, False, True])
    """
    import numpy as np
    diff = xv - yv
    bound = (x_error + yr * yv) * INFLATE       # >= 0 or NaN: a NaN bound decides nothing
    return diff > bound, np.abs(diff) > bound
