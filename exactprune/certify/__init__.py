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

Values below that range (PruneTree's moments at a large order) are filtered as logarithms with an
absolute bound each (:mod:`exactprune.certify.logs`, whose docstrings derive those rules).

>>> from fractions import Fraction
>>> d = Decider()
>>> third, quarter = Approx.of(Fraction(1, 3)), Approx.of(Fraction(1, 4))
>>> d.sign(third, quarter), d.routes["float"]
(1, 1)
>>> d.sign(third, third, exact=lambda: Fraction(0)), d.routes["exact"]
(0, 1)
"""
from __future__ import annotations

from .absolute import LIBM_ULPS, function_rel, product_abs, quotient_abs, rel_of_abs, sqrt_abs, sum_abs
from .arrays import (GAMMA_SHIFT, checked_array, float_greater_array, float_images, float_sign_array, product_array,
                     rising_ratio_array, rising_ratio_gamma_array, sum_rel_array, total_array)
from .logs import log_greater_array, log_image_array, log_product_array, log_rising_ratio_array, log_sum_array
from .rules import (INFLATE, MAX_REL, TINY, U, Approx, Decider, float_sign, product_rel, quotient_rel, rising_ratio,
                    rising_ratio_rel, sum_rel, total, weighted_sum_rel)

__all__ = ["Approx", "Decider", "U", "INFLATE", "TINY", "MAX_REL", "rising_ratio", "total", "float_sign",
           "product_rel", "sum_rel", "quotient_rel", "rising_ratio_rel", "weighted_sum_rel", "sum_rel_array",
           "float_sign_array", "float_greater_array", "float_images", "checked_array", "product_array",
           "rising_ratio_array", "rising_ratio_gamma_array", "GAMMA_SHIFT", "total_array", "sum_abs", "product_abs", "quotient_abs", "sqrt_abs", "function_rel",
           "LIBM_ULPS", "rel_of_abs", "log_image_array", "log_product_array", "log_sum_array", "log_greater_array",
           "log_rising_ratio_array"]
