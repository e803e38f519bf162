"""The statistics of the chapter 6 comparisons: the paired t-test of Zhong's significance rule,
Welch's test from summary statistics, Holm's step-down correction, the test against a rounded print."""
from __future__ import annotations

import math
from typing import Dict, List, Sequence

import numpy as np

__all__ = ["welch_test", "holm", "welch_against_print"]


def _ttest(a, b) -> float:
    from scipy import stats
    a, b = np.asarray(a, float), np.asarray(b, float)
    if len(a) < 2 or np.allclose(a - b, (a - b)[0]):
        return 0.0 if abs(float(np.mean(a - b))) > 0 else 1.0
    return float(stats.ttest_rel(a, b).pvalue)

def welch_test(mean1: float, sd1: float, n1: int, mean2: float, sd2: float, n2: int) -> Dict[str, float]:
    """Welch's two-sample t-test from summary statistics (means, sample sds, sizes): ``t`` =
    (mean1 - mean2) / sqrt(sd1^2/n1 + sd2^2/n2), the Welch-Satterthwaite degrees of freedom
    ``df`` = (v1 + v2)^2 / (v1^2/(n1 - 1) + v2^2/(n2 - 1)) with vi = sdi^2/ni, and the two-sided
    ``p`` = 2 P[T_df > |t|].  Both sds zero: p = 1 when the means are equal, else 0.

    >>> r = welch_test(10.0, 2.0, 20, 9.0, 1.0, 20)      # t = 1 / sqrt(0.2 + 0.05) = 2
    >>> r["t"], round(r["df"], 4), round(r["p"], 4)
    (2.0, 27.9412, 0.0553)
    """
    from scipy import stats
    if n1 < 2 or n2 < 2:
        raise ValueError(f"Welch's test needs at least 2 observations per side, got {n1} and {n2}")
    if sd1 < 0 or sd2 < 0:
        raise ValueError(f"standard deviations must be >= 0, got {sd1} and {sd2}")
    v1, v2 = sd1 * sd1 / n1, sd2 * sd2 / n2
    diff = mean1 - mean2
    if v1 + v2 == 0:
        return {"t": math.copysign(math.inf, diff) if diff else 0.0, "df": float(n1 + n2 - 2),
                "p": 0.0 if diff else 1.0}
    t = diff / math.sqrt(v1 + v2)
    df = (v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
    return {"t": t, "df": df, "p": float(2 * stats.t.sf(abs(t), df))}


def holm(pvalues: Sequence[float]) -> List[float]:
    """Holm's step-down adjusted p-values, in the input order: sorted ascending p_(1) <= ... <=
    p_(m), adjusted p_(i) = max over j <= i of min(1, (m - j + 1) p_(j)); rejecting where the
    adjusted p <= alpha controls the family-wise error at alpha (Holm 1979).

    >>> holm([0.01, 0.04, 0.03, 0.2])      # 4 x 0.01; max(0.04, 3 x 0.03); max(0.09, 2 x 0.04); 0.2
    [0.04, 0.09, 0.09, 0.2]
    """
    m = len(pvalues)
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=lambda j: pvalues[j])):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = round(running, 15)
    return out


def welch_against_print(mean: float, sd: float, n: int, printed_mean: float, printed_sd: float,
                        n_printed: int, half_unit: float = 0.05) -> float:
    """The p-value of :func:`welch_test` of our runs against a printed mean +- sd that are rounded
    to ``2 * half_unit``, read as favourably as the print allows: the largest p over the true
    values the rounding leaves open (mean difference shrunk towards 0 by ``half_unit``, the printed
    sd anywhere in sd +- ``half_unit``, not below 0; p rises as the shrunk difference falls, so the
    sd range is scanned at its ends and middle).  A cell that differs by this test differs whatever
    the unprinted digits were.

    >>> round(welch_against_print(85.0, 0.5, 20, 84.8, 0.4, 20), 4)     # as if the print were 84.85 +- 0.45
    0.325
    >>> welch_against_print(99.93, 0.0, 20, 99.9, 0.0, 20)            # within the rounding: no evidence
    1.0
    """
    diff = mean - printed_mean
    shrunk = math.copysign(max(abs(diff) - half_unit, 0.0), diff)
    return max(welch_test(printed_mean + shrunk, sd, n, printed_mean, s, n_printed)["p"]
               for s in (max(printed_sd - half_unit, 0.0), printed_sd, printed_sd + half_unit))
