"""The error bars of :class:`~exactprune.sklearn.KNormTreeClassifier`: :class:`ErrorBars`, the
error of the whole pruned tree (Zhong 4.12-4.14, 4.28; B.13-B.16), :class:`PredictionError`, the
error of each prediction (4.30), and the float k-norm E[r^k]^(1/k) of a leaf (4.29) for display.

>>> print(ErrorBars(Fraction(3, 10), Fraction(1, 8), 2, Fraction(1, 8)))    # a leaf (3, 1), lam = 1/2
mean 0.3 +- sd 0.1871, 2-norm 0.3536
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, Union

import numpy as np

from ..certify import rising_ratio_array
from ..knorm import Prior, knorm_decimal, leaf_error, leaf_moment_arb, leaf_terms
from ..tree import Node

__all__ = ["ErrorBars", "PredictionError"]


@dataclass(frozen=True)
class ErrorBars:
    """The error of the whole pruned tree: exact ``mean`` E[r] (4.12), ``second``
    E[r^2] (4.13), the k-th moment ``moment`` E[r^k] (4.28) at the estimator's ``k``;
    ``sd``, ``norm2`` and ``knorm`` are floats for display (4.14), (B.15), (B.16).

    Parameters
    ----------
    mean : Fraction
        E[r] (4.12).
    second : Fraction
        E[r^2] (4.13).
    k : int
        The estimator's k.
    moment : Fraction or flint.arb
        E[r^k] (4.28): a certified ball for k > ``EXACT_K_LIMIT``.

    Examples
    --------
    >>> bars = ErrorBars(Fraction(1, 10), Fraction(1, 50), 2, Fraction(1, 50))
    >>> bars.variance, round(bars.sd, 4), round(bars.knorm, 4)
    (Fraction(1, 100), 0.1, 0.1414)
    """

    mean: Fraction
    second: Fraction
    k: int
    moment: Any

    @property
    def variance(self) -> Fraction:
        """Var[r] = E[r^2] - E[r]^2 (4.14), exact.

        A leaf (3, 1) with lam = 1/2 has r ~ Beta(3/2, 7/2): E[r] = 3/10, E[r^2] = (3/2)(5/2)
        / (5 * 6) = 1/8, and the Beta variance a b / ((a + b)^2 (a + b + 1)) = 7/200:

        >>> ErrorBars(Fraction(3, 10), Fraction(1, 8), 2, Fraction(1, 8)).variance
        Fraction(7, 200)
        """
        return self.second - self.mean ** 2

    @property
    def sd(self) -> float:
        """sigma[r] = sqrt(Var[r]) (4.14), a float for display.

        >>> round(ErrorBars(Fraction(3, 10), Fraction(1, 8), 2, Fraction(1, 8)).sd ** 2, 12)     # 7/200
        0.035
        """
        return math.sqrt(float(self.variance))

    @property
    def norm2(self) -> float:
        """The 2-norm sqrt(E[r^2]) (B.15), a float for display.

        >>> ErrorBars(Fraction(3, 10), Fraction(1, 4), 2, Fraction(1, 4)).norm2
        0.5
        """
        return math.sqrt(float(self.second))

    @property
    def knorm(self) -> float:
        """The k-norm E[r^k]^(1/k) (B.16) at the estimator's k, a float for display.

        >>> ErrorBars(Fraction(1, 2), Fraction(1, 3), 3, Fraction(1, 8)).knorm     # (1/8)^(1/3)
        0.5
        """
        return _knorm_float(self.moment, self.k)

    def interval(self, width: Union[int, Fraction] = 2) -> tuple:
        """(mean - width sd, mean + width sd) as floats.

        Parameters
        ----------
        width : int or Fraction
            The half-width in standard deviations.

        Returns
        -------
        tuple of float
            The interval's ends.

        Examples
        --------
        Mean 3/10 and variance 1/8 - 9/100 = 7/200 (sd 0.187): 0.3 -+ 0.374.

        >>> low, high = ErrorBars(Fraction(3, 10), Fraction(1, 8), 2, Fraction(1, 8)).interval()
        >>> round(low, 4), round(high, 4)
        (-0.0742, 0.6742)
        """
        w = float(width)
        return (float(self.mean) - w * self.sd, float(self.mean) + w * self.sd)

    def __str__(self) -> str:
        return (f"mean {float(self.mean):.4g} +- sd {self.sd:.4g}, "
                f"{self.k}-norm {self.knorm:.4g}")


class PredictionError(NamedTuple):
    """Per-input error of a prediction (Zhong 4.30): float arrays ``mean`` E[r],
    ``sd`` sigma[r] and ``knorm`` E[r^k]^(1/k) of the leaf each input reaches.

    Returned by :meth:`KNormTreeClassifier.predict_error`; a named tuple of three arrays.

    Parameters
    ----------
    mean : ndarray of shape (n_samples,)
        E[r] of each input's leaf (4.30).
    sd : ndarray of shape (n_samples,)
        sigma[r] = sqrt(E[r^2] - E[r]^2) (4.14).
    knorm : ndarray of shape (n_samples,)
        E[r^k]^(1/k) at the estimator's k.

    Examples
    --------
    >>> error = PredictionError(np.array([0.125]), np.array([0.15]), np.array([0.19]))
    >>> mean, sd, knorm = error
    >>> float(mean[0]), error.sd.tolist()
    (0.125, [0.15])
    """

    mean: np.ndarray
    sd: np.ndarray
    knorm: np.ndarray


# the fields' own docstrings (a named tuple's default is "Alias for field number 0")
PredictionError.mean.__doc__ = "E[r] of each input's leaf (4.30), floats."
PredictionError.sd.__doc__ = "sigma[r] of each input's leaf (4.14), floats."
PredictionError.knorm.__doc__ = "E[r^k]^(1/k) of each input's leaf at the estimator's k, floats."


def _knorm_float(value, k: int) -> float:
    """value^(1/k) as a float, through a certified root when value is tiny or a ball."""
    if isinstance(value, Fraction) and (value == 0 or float(value) > 1e-290):
        return float(value) ** (1.0 / k)
    return float(knorm_decimal(value, k, 17))


def _leaf_knorm_float(counts: tuple, k: int, prior: Prior) -> float:
    """A leaf's k-norm E[r^k]^(1/k) (4.29) as a float for display, from the certified ball of
    :func:`~exactprune.knorm.leaf_moment_arb` (the exact moment at k near ``EXACT_K_LIMIT`` has a
    number of digits k times those of lam: minutes for lam = 10^-300); 0 where E[r^k] = 0 (a pure
    leaf with lam = 0, where the ball's log Gamma(0) is undefined)."""
    if prior.lam == 0 and sum(counts) == max(counts):
        return 0.0
    return _knorm_float(leaf_moment_arb(counts, k, prior), k)


def _float_leaf_tables(leaf_ids: np.ndarray, node_counts_: np.ndarray, size: int, n_classes: int,
                       prior: Prior) -> tuple:
    """The float tables a fitted estimator predicts from, per node id of its pruned tree (``size``
    nodes, leaves ``leaf_ids``, ``node_counts_`` the exact counts): ``(mean, sd, second, proba)``,
    at the leaves E[r] and E[r^2] (4.29), sigma[r] (4.14) and the smoothed class probabilities
    (3.19), NaN (probabilities 0) at the other nodes.  The k-norms are made from them on first
    use (:func:`_float_knorm_table`)."""
    J = n_classes
    counts = node_counts_[leaf_ids]
    # the terms (a, d) of (4.29) in float64 (:func:`~exactprune.knorm.leaf_terms`) from the exact
    # sizes and majority counts, each rounded once
    a, d = leaf_terms(counts.sum(axis=1).astype(np.float64), counts.max(axis=1).astype(np.float64),
                      tuple(float(x) for x in prior.term_offsets(J)))
    leaf_mean, leaf_second = (rising_ratio_array((a, 0.0), (d, 0.0), j)[0] for j in (1, 2))   # (4.29), k = 1, 2
    with np.errstate(invalid="ignore", divide="ignore", over="ignore", under="ignore"):
        leaf_var = a * (d - a) / (d * d * (d + 1))          # E[r^2] - E[r]^2 (4.14) in the terms, stable form
    lost = np.flatnonzero(~(np.isfinite(leaf_mean) & np.isfinite(leaf_second) & np.isfinite(leaf_var)))
    for j in lost.tolist():         # no float image (a moment below certify.TINY, a size below the
        estimate = leaf_error(Node(counts[j].tolist()), prior)     # smallest float): the exact one, rounded
        leaf_mean[j], leaf_second[j] = float(estimate.mean), float(estimate.second)
        leaf_var[j] = float(estimate.second - estimate.mean ** 2)
    with np.errstate(invalid="ignore", divide="ignore"):
        proba = np.where(d[:, None] > 0, (counts.astype(np.float64) + float(prior.lam)) / d[:, None], 1.0 / J)
    mean, sd, second = (np.full(size, np.nan) for _ in range(3))
    proba_table = np.zeros((size, J))
    mean[leaf_ids], sd[leaf_ids], second[leaf_ids] = leaf_mean, np.sqrt(leaf_var), leaf_second
    proba_table[leaf_ids] = proba
    return mean, sd, second, proba_table


def _float_knorm_table(second: np.ndarray, leaf_ids: np.ndarray, leaf_counts: list, prior: Prior,
                       k: int) -> np.ndarray:
    """The k-norm E[r^k]^(1/k) (4.29) per node id of a pruned tree, NaN at the nodes that are not
    leaves: for k = 2 the square root of the table ``second`` of E[r^2] (:func:`_float_leaf_tables`),
    otherwise per leaf (``leaf_ids``, their exact counts ``leaf_counts``) from a certified ball
    (:func:`_leaf_knorm_float`).

    Leaves (1, 1) and (3, 0) of a one-split tree, lam = 1/2: E[r^2] = (3/2)(5/2) / (3 * 4) = 5/16 and
    (1/2)(3/2) / (4 * 5) = 3/80; at k = 1 the k-norm is E[r] = (3/2) / 3 = 1/2 and (1/2) / 4 = 1/8:

    >>> from exactprune.knorm import Prior
    >>> second = np.array([np.nan, 5 / 16, 3 / 80])
    >>> two = _float_knorm_table(second, np.array([1, 2]), [(1, 1), (3, 0)], Prior(), 2)
    >>> bool(np.isnan(two[0])), float(two[1]) == (5 / 16) ** 0.5, float(two[2]) == (3 / 80) ** 0.5
    (True, True, True)
    >>> one = _float_knorm_table(second, np.array([1, 2]), [(1, 1), (3, 0)], Prior(), 1)
    >>> bool(np.isnan(one[0])), [round(float(v), 12) for v in one[1:]]
    (True, [0.5, 0.125])
    """
    if k == 2:
        return np.sqrt(second)
    knorm = np.full(len(second), np.nan)
    knorm[leaf_ids] = [_leaf_knorm_float(counts, k, prior) for counts in leaf_counts]
    return knorm
