"""The statistics of the chapter 6 comparisons: the paired t-test of Zhong's significance rule,
Welch's test from summary statistics, Holm's step-down correction, the test against a rounded print."""
from __future__ import annotations

import math
from typing import Dict, List, Sequence

import numpy as np

__all__ = ["welch_test", "holm", "welch_against_print", "OUTCOMES", "minimum_detectable_difference", "equivalence_test",
           "cell_outcomes"]


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

    Parameters
    ----------
    mean1, sd1 : float
        Mean and sample sd of the first side.
    n1 : int
        Its size (>= 2).
    mean2, sd2 : float
        The second side's.
    n2 : int
        Its size (>= 2).

    Returns
    -------
    dict
        ``t``, ``df`` and the two-sided ``p``.

    See Also
    --------
    welch_against_print, equivalence_test

    Examples
    --------
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

    Parameters
    ----------
    pvalues : sequence of float
        The p-values of one family.

    Returns
    -------
    list of float
        The adjusted p-values, in the input order.

    See Also
    --------
    cell_outcomes

    Examples
    --------
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

    Parameters
    ----------
    mean, sd : float
        Our mean and sample sd.
    n : int
        Our runs.
    printed_mean, printed_sd : float
        The printed values.
    n_printed : int
        The printed runs.
    half_unit : float
        Half the last printed digit.

    Returns
    -------
    float
        The largest p over the readings of the print.

    See Also
    --------
    welch_test, equivalence_test

    Examples
    --------
    >>> round(welch_against_print(85.0, 0.5, 20, 84.8, 0.4, 20), 4)     # as if the print were 84.85 +- 0.45
    0.325
    >>> welch_against_print(99.93, 0.0, 20, 99.9, 0.0, 20)            # within the rounding: no evidence
    1.0
    """
    diff = mean - printed_mean
    shrunk = math.copysign(max(abs(diff) - half_unit, 0.0), diff)
    return max(welch_test(printed_mean + shrunk, sd, n, printed_mean, s, n_printed)["p"]
               for s in (max(printed_sd - half_unit, 0.0), printed_sd, printed_sd + half_unit))


#: the outcomes of :func:`equivalence_test`
OUTCOMES = ("equivalent", "different", "undecided")


def _welch_se_df(sd1: float, n1: int, sd2: float, n2: int) -> tuple:
    """The standard error of a difference of two means and its Welch-Satterthwaite degrees of freedom
    (:func:`welch_test`); both sds zero: se 0 and df n1 + n2 - 2."""
    v1, v2 = sd1 * sd1 / n1, sd2 * sd2 / n2
    if v1 + v2 == 0:
        return 0.0, float(n1 + n2 - 2)
    return math.sqrt(v1 + v2), (v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))


def _one_sided(diff: float, bound: float, se: float, df: float, above: bool) -> float:
    """P-value of the one-sided t-test of H0: true difference <= ``bound`` (``above``) or >= ``bound``."""
    from scipy import stats
    if se == 0:
        return 0.0 if (diff > bound if above else diff < bound) else 1.0
    t = (diff - bound) / se
    return float(stats.t.sf(t, df) if above else stats.t.cdf(t, df))


def minimum_detectable_difference(sd1: float, n1: int, sd2: float, n2: int, alpha: float = 0.05,
                                  power: float = 0.8) -> float:
    """The smallest true difference of two means that Welch's two-sided test at level ``alpha`` detects
    with probability ``power``: (t_{1 - alpha/2, df} + t_{power, df}) se, se and df as in
    :func:`welch_test` (the usual normal-theory approximation with t quantiles).

    Parameters
    ----------
    sd1, sd2 : float
        Sample standard deviations of the two sides.
    n1, n2 : int
        Their sizes (at least 2 each).
    alpha : float
        Two-sided level of the test.
    power : float
        Probability of detecting the difference.

    Returns
    -------
    float
        The minimum detectable difference, in the unit of the means.

    See Also
    --------
    equivalence_test : prints it per cell.

    Examples
    --------
    With sd 1 on both sides and 20 runs each, se = sqrt(0.1) and df = 38; at 5% and 80% power the
    factor is t_0.975 + t_0.8 = 2.024 + 0.851, close to the normal 1.96 + 0.84 = 2.80:

    >>> round(minimum_detectable_difference(1.0, 20, 1.0, 20), 3)
    0.909
    """
    from scipy import stats
    if n1 < 2 or n2 < 2:
        raise ValueError(f"the minimum detectable difference needs at least 2 observations per side, got {n1} and {n2}")
    se, df = _welch_se_df(sd1, n1, sd2, n2)
    return float((stats.t.ppf(1 - alpha / 2, df) + stats.t.ppf(power, df)) * se)


def equivalence_test(mean: float, sd: float, n: int, printed_mean: float, printed_sd: float, n_printed: int,
                     margin: float, half_unit: float = 0.05) -> Dict[str, float]:
    """Our mean against a printed mean +- sd by two one-sided Welch tests (TOST, Schuirmann 1987) and
    the matching minimum-effect test, with the print's rounding held against each claim.

    ``p_equivalent`` is the TOST p-value of H0: |difference| >= ``margin`` (the larger of the two
    one-sided p-values); rejecting it at alpha shows the means *equivalent* within the margin (the
    1 - 2 alpha interval of the difference lies inside (-margin, margin)).  ``p_different`` is the
    p-value of H0: |difference| <= ``margin`` (the smaller one-sided p-value on the two sides);
    rejecting it shows them *different* by more than the margin (the interval lies outside).  Each
    is the largest over the true values the print's rounding leaves open (printed mean and sd each
    anywhere in +- ``half_unit``; sd not below 0): a claim holds whatever the unprinted digits were.
    ``diff`` = mean - printed mean, ``se`` and ``df`` as in :func:`welch_test`, ``mdd`` =
    :func:`minimum_detectable_difference` at 5% and 80% power.

    Parameters
    ----------
    mean, sd : float
        Mean and sample standard deviation of our runs.
    n : int
        Our runs (at least 2).
    printed_mean, printed_sd : float
        The printed mean and standard deviation.
    n_printed : int
        The runs behind the print (at least 2).
    margin : float
        The equivalence margin, > 0, in the unit of the means.
    half_unit : float
        Half the last printed digit (0.05 for a print to 0.1).

    Returns
    -------
    dict
        ``diff``, ``se``, ``df``, ``p_equivalent``, ``p_different``, ``mdd``.

    See Also
    --------
    cell_outcomes : the outcome of each cell of a table, Holm-corrected.
    welch_against_print : the plain test of no difference.

    Examples
    --------
    20 runs at 85.0 +- 0.5 against a print of 84.8 +- 0.4 (20 runs): se = sqrt(0.0205) = 0.143,
    within the 1-point margin however the print is read, so equivalent; 20 runs at 80.0 lie more
    than 1 point below and differ:

    >>> r = equivalence_test(85.0, 0.5, 20, 84.8, 0.4, 20, margin=1.0)
    >>> r["p_equivalent"] < 1e-4, r["p_different"] > 0.5
    (True, True)
    >>> r = equivalence_test(80.0, 0.5, 20, 84.8, 0.4, 20, margin=1.0)
    >>> r["p_equivalent"] > 0.5, r["p_different"] < 1e-6
    (True, True)
    """
    if margin <= 0:
        raise ValueError(f"the equivalence margin must be > 0, got {margin}")
    if n < 2 or n_printed < 2:
        raise ValueError(f"the equivalence test needs at least 2 runs per side, got {n} and {n_printed}")
    if sd < 0 or printed_sd < 0:
        raise ValueError(f"standard deviations must be >= 0, got {sd} and {printed_sd}")
    p_eq = p_diff = 0.0
    for shift in (-half_unit, 0.0, half_unit):
        for printed_s in {max(printed_sd + e, 0.0) for e in (-half_unit, 0.0, half_unit)}:
            d = mean - (printed_mean + shift)
            se, df = _welch_se_df(sd, n, printed_s, n_printed)
            p_eq = max(p_eq, _one_sided(d, -margin, se, df, True), _one_sided(d, margin, se, df, False))
            p_diff = max(p_diff, min(_one_sided(d, margin, se, df, True), _one_sided(d, -margin, se, df, False)))
    se, df = _welch_se_df(sd, n, printed_sd, n_printed)
    return {"diff": mean - printed_mean, "se": se, "df": df, "p_equivalent": p_eq, "p_different": p_diff,
            "mdd": minimum_detectable_difference(sd, n, printed_sd, n_printed)}


def cell_outcomes(tests: Sequence[Dict[str, float]], alpha: float = 0.05, correct: bool = True) -> List[dict]:
    """The outcome of each cell of one table from its :func:`equivalence_test` results: the TOST
    p-values and the minimum-effect p-values each Holm-adjusted over the cells (:func:`holm`; a
    table's verdict claims all its cells at once, so the family-wise error is what must stay at
    ``alpha``; ``correct=False`` leaves them unadjusted), then *equivalent* where the adjusted
    ``p_equivalent`` <= ``alpha``, *different* where the adjusted ``p_different`` <= ``alpha`` (the
    two cannot both hold: the 1 - 2 alpha interval cannot lie both inside and outside the margin),
    else *undecided*.

    Parameters
    ----------
    tests : sequence of dict
        :func:`equivalence_test` results, one per cell.
    alpha : float
        The family-wise level.
    correct : bool
        Holm-adjust over the cells (the default) or not.

    Returns
    -------
    list of dict
        Per cell, in order: ``p_equivalent_holm``, ``p_different_holm`` and ``outcome`` (one of
        :data:`OUTCOMES`).

    See Also
    --------
    equivalence_test, holm

    Examples
    --------
    Two cells whose TOST p-values are 0.03 and 0.2: unadjusted the first is equivalent; Holm
    doubles its p to 0.06 and leaves it undecided:

    >>> tests = [{"p_equivalent": 0.03, "p_different": 0.9}, {"p_equivalent": 0.2, "p_different": 0.6}]
    >>> [c["outcome"] for c in cell_outcomes(tests, correct=False)]
    ['equivalent', 'undecided']
    >>> [c["outcome"] for c in cell_outcomes(tests)]
    ['undecided', 'undecided']
    """
    p_eq = [t["p_equivalent"] for t in tests]
    p_diff = [t["p_different"] for t in tests]
    if correct:
        p_eq, p_diff = holm(p_eq), holm(p_diff)
    return [{"p_equivalent_holm": e, "p_different_holm": d,
             "outcome": "equivalent" if e <= alpha else "different" if d <= alpha else "undecided"}
            for e, d in zip(p_eq, p_diff)]
