"""Choosing a pruning by cross-validated error, exactly: the minimum and the one-standard-error
rule of Breiman et al. (1984, 3.4.3), as rpart's ``xerror`` / ``xstd`` apply it.

The candidates are ordered from the largest tree to the smallest (CCP's increasing alpha, the
k-norm's increasing k). Their errors are exact rates R_i = wrong_i / N over the N held-out rows,
with the binomial standard error SE_i = sqrt(R_i (1 - R_i) / N); the rule "R_i <= R_min + c SE_min"
is decided without a square root, as (R_i - R_min)^2 N <= c^2 R_min (1 - R_min) (R_i >= R_min, so
squaring keeps the order). Used by :func:`exactprune.peers.ccp.ccp_cv_select` and
:class:`exactprune.sklearn.KNormTreeClassifierCV`.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

__all__ = ["least_error_index", "one_se_index"]


def least_error_index(errors: Sequence[Any]) -> int:
    """The index of the least error, the last (smallest tree) among equal ones.

    Parameters
    ----------
    errors : sequence of Fraction (or of any ordered numbers)
        The cross-validated error of each candidate, largest tree first.

    Returns
    -------
    int
        The index of the minimum.

    See Also
    --------
    one_se_index : the smallest tree within c standard errors of it.

    Examples
    --------
    >>> least_error_index([Fraction(3, 20), Fraction(1, 10), Fraction(1, 10), Fraction(1, 5)])
    2
    """
    if not errors:
        raise ValueError("least_error_index needs at least one candidate error")
    least = min(errors)
    return max(i for i, error in enumerate(errors) if error == least)


def one_se_index(errors: Sequence[Fraction], n: int, multiplier: Fraction = Fraction(1)) -> int:
    """The smallest tree whose error is within ``multiplier`` standard errors of the least:
    the last index with R_i <= R_min + c SE_min, SE_min = sqrt(R_min (1 - R_min) / n), decided
    exactly as (R_i - R_min)^2 n <= c^2 R_min (1 - R_min).

    Parameters
    ----------
    errors : sequence of Fraction
        The exact cross-validated error rate of each candidate over ``n`` held-out rows, largest
        tree first.
    n : int
        The number of held-out rows (every row is held out once).
    multiplier : Fraction
        c; 0 gives :func:`least_error_index`.

    Returns
    -------
    int
        The index of the chosen candidate.

    See Also
    --------
    least_error_index : the minimum itself.

    Examples
    --------
    R = 3/20, 2/20, 3/20, 4/20 over 20 rows: SE_min = sqrt(0.1 * 0.9 / 20) = 0.067, so 3/20 (0.05
    above the minimum) is within one SE and 4/20 (0.1 above) is not:

    >>> R = [Fraction(3, 20), Fraction(2, 20), Fraction(3, 20), Fraction(4, 20)]
    >>> one_se_index(R, 20), one_se_index(R, 20, Fraction(0))
    (2, 1)
    """
    best = least_error_index(errors)
    least = errors[best]
    bound = multiplier * multiplier * least * (1 - least)
    return max(i for i, error in enumerate(errors) if (error - least) ** 2 * n <= bound)
