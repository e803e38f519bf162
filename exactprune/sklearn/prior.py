"""The prior of :class:`~exactprune.sklearn.KNormTreeClassifier` from its parameters: Zhong's
heuristic ``lam="auto"`` (section 6.3, :func:`auto_lam`), the limit ``MAX_PRIOR`` on lam and eta,
the exact reading of the parameters and the refusal of lam = 0 where it leaves a moment
undefined.

>>> auto_lam(8, 3, 150)       # iris: L = 8 leaves, J = 3 classes, N = 150 rows
Fraction(16, 27)
"""
from __future__ import annotations

from fractions import Fraction
from numbers import Integral, Rational, Real
from typing import Any

import flint
import numpy as np

from ..knorm import Prior
from ..limits import EXACT_K_LIMIT, MAX_COUNT
from ..numbers import exact, positive_int
from .counts import approx_text, read_float

__all__ = ["auto_lam", "LAM0", "MAX_PRIOR"]

#: Zhong section 6.3: lam0 = 100 makes lam about 0.5 on iris
LAM0 = 100

#: the largest lam and eta: a prior past every possible count (MAX_COUNT); the float error bars and
#: probabilities need n + J lam to be a float
MAX_PRIOR = MAX_COUNT

#: the declared types of an exact parameter (a float is read by its shortest repr); its value is
#: then read by :func:`exactprune.numbers.exact`
_EXACT_TYPES = [Real, str, flint.fmpq, flint.fmpz]
#: parameters that are exact numbers
_EXACT_PARAMS = ("lam", "eta", "epsilon")


def auto_lam(n_leaves: int, n_classes: int, n_examples, lam0: int = LAM0) -> Fraction:
    """Zhong's heuristic lam = lam0 V / J, V = L / (J N) (section 6.3), exactly.

    L is the number of leaves of the fully grown tree, J the number of classes, N the
    number of training examples (a positive rational: the weighted count when the rows carry
    weights).  On iris (L = 8 leaves on petal length and width, J = 3, N = 150) it is
    16/27 = 0.59; Zhong says "approximately 0.5" (erratum ``zhong-6.3-lam0-iris``).

    Parameters
    ----------
    n_leaves : int
        L, the leaves of the fully grown tree.
    n_classes : int
        J, the number of classes.
    n_examples : int or Fraction
        N, the training examples (their total weight when weighted).
    lam0 : int or Fraction
        Zhong's constant (100).

    Returns
    -------
    Fraction
        lam = lam0 L / (J^2 N).

    Examples
    --------
    >>> auto_lam(8, 3, 150)
    Fraction(16, 27)
    """
    n_leaves = positive_int(n_leaves, "n_leaves")
    n_classes = positive_int(n_classes, "n_classes")
    if isinstance(n_examples, Rational) and not isinstance(n_examples, Integral):
        if n_examples <= 0:
            raise ValueError(f"n_examples must be positive, got {n_examples}")
    else:
        n_examples = positive_int(n_examples, "n_examples")
    return Fraction(exact(lam0, "lam0")) * n_leaves / (n_classes * n_classes * n_examples)


def _prior_from(lam, eta, numerator, n_leaves: int, n_classes: int, n_examples) -> Prior:
    """The Prior, resolving lam="auto" on the grown tree (``n_leaves`` leaves, ``n_examples``
    the root's weighted count); lam and eta at most :data:`MAX_PRIOR`."""
    if isinstance(lam, str) and lam.strip() == "auto":
        if n_examples == 0:
            raise ValueError("lam='auto' needs a positive total weight, and sample_weight and class_weight give "
                             "every training row the weight 0: pass lam explicitly (the fit is then the prior's)")
        lam_value = auto_lam(n_leaves, n_classes, n_examples)
        if lam_value > MAX_PRIOR:
            raise ValueError(f"lam='auto' = 100 L / (J^2 N) is {approx_text(lam_value)} for the total weight N = "
                             f"{approx_text(n_examples)} of the rows, beyond the limit MAX_PRIOR = 2^53 - 1: scale "
                             f"sample_weight (or class_weight) up, or pass lam explicitly")
    else:
        lam_value = exact(lam, "lam")
    eta_value = exact(eta, "eta")
    for name, value in (("lam", lam_value), ("eta", eta_value)):
        if value > MAX_PRIOR:
            raise ValueError(f"{name} = {approx_text(value)} exceeds the limit MAX_PRIOR = 2^53 - 1 (a prior past "
                             f"every possible class count)")
    return Prior(lam_value, eta_value, numerator)


def _exact_values(estimator: Any) -> dict:
    """The estimator's exact parameters (its attributes, as ``get_params`` gives them) with floats
    read by the one rule (:func:`~exactprune.sklearn.counts.read_float`, ``exact_floats`` the
    estimator's)."""
    return {name: read_float(getattr(estimator, name), name, estimator.exact_floats) for name in _EXACT_PARAMS}




def _check_zero_lam(prior: Prior, k: int, counts: np.ndarray) -> None:
    """Refuse lam = 0 where it leaves a moment undefined: k > ``EXACT_K_LIMIT`` (the certified
    moments take log Gamma of b + (J-1) lam, infinite at a pure node) or a node of weight 0
    (its error rate is 0/0)."""
    if prior.lam != 0:
        return
    if k > EXACT_K_LIMIT:
        raise ValueError(f"lam = 0 needs k <= EXACT_K_LIMIT = {EXACT_K_LIMIT}, got k = {k}: the certified moments "
                         f"above it take log Gamma(b + (J-1) lam), infinite at a pure leaf; use lam > 0")
    if any(sum(row) == 0 for row in counts.tolist()):
        raise ValueError("lam = 0 and a node of the grown tree has weight 0 (sample_weight or class_weight zero on "
                         "all its rows): its error rate is 0/0; use lam > 0")
