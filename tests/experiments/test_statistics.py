"""exactprune.experiments.statistics: Welch's test, Holm, the equivalence test and the minimum
detectable difference, against scipy and by hand."""
from __future__ import annotations

import math

import numpy as np
import pytest

from exactprune import experiments as E

from experiment_cases import holm_rejections


@pytest.mark.parametrize("m1,s1,n1,m2,s2,n2", [(10.0, 2.0, 20, 9.0, 1.0, 20), (84.5, 0.9, 20, 83.4, 1.1, 20),
                                               (3.0, 0.5, 5, 2.0, 3.0, 30), (1.0, 0.0, 20, 0.5, 0.7, 20)])
def test_welch_test_agrees_with_scipy_from_stats(m1, s1, n1, m2, s2, n2):
    from scipy import stats
    r = E.welch_test(m1, s1, n1, m2, s2, n2)
    ref = stats.ttest_ind_from_stats(m1, s1, n1, m2, s2, n2, equal_var=False)
    assert r["t"] == pytest.approx(float(ref.statistic), rel=1e-12)
    assert r["p"] == pytest.approx(float(ref.pvalue), rel=1e-9)
    v1, v2 = s1 ** 2 / n1, s2 ** 2 / n2          # Welch-Satterthwaite by hand
    assert r["df"] == pytest.approx((v1 + v2) ** 2 / (v1 ** 2 / (n1 - 1) + v2 ** 2 / (n2 - 1)))


def test_welch_test_on_raw_samples_is_scipys_welch():
    from scipy import stats
    rng = np.random.default_rng(5)
    a, b = rng.normal(0, 1, 20), rng.normal(0.8, 2, 20)
    r = E.welch_test(a.mean(), a.std(ddof=1), 20, b.mean(), b.std(ddof=1), 20)
    assert r["p"] == pytest.approx(float(stats.ttest_ind(a, b, equal_var=False).pvalue), rel=1e-9)


def test_welch_test_degenerate_and_bad_input():
    assert E.welch_test(2.0, 0.0, 20, 2.0, 0.0, 20)["p"] == 1.0
    assert E.welch_test(2.0, 0.0, 20, 2.1, 0.0, 20)["p"] == 0.0
    with pytest.raises(ValueError, match="at least 2"):
        E.welch_test(1.0, 1.0, 1, 1.0, 1.0, 20)
    with pytest.raises(ValueError, match=">= 0"):
        E.welch_test(1.0, -1.0, 20, 1.0, 1.0, 20)


def test_holm_by_hand():
    # m = 5: 0.005 x 5 = 0.025; 0.011 x 4 = 0.044; 0.02 x 3 = 0.06; 0.04 x 2 = 0.08; 0.3 x 1
    assert E.holm([0.02, 0.3, 0.005, 0.04, 0.011]) == pytest.approx([0.06, 0.3, 0.025, 0.08, 0.044])
    assert E.holm([0.5, 0.5]) == [1.0, 1.0]                    # capped at 1


def test_holm_rejects_exactly_what_the_step_down_procedure_rejects():
    rng = np.random.default_rng(11)
    for _ in range(300):
        p = list(rng.uniform(0, 0.2, rng.integers(1, 12)) ** rng.uniform(1, 3))
        for alpha in (0.01, 0.05, 0.1):
            assert {i for i, a in enumerate(E.holm(p)) if a <= alpha} == holm_rejections(p, alpha)


def test_welch_against_print_is_the_largest_p_over_the_rounding_box():
    from scipy import stats
    mean, sd, pm, ps = 62.2, 0.8, 62.6, 0.6
    grid = [float(stats.ttest_ind_from_stats(mean, sd, 20, pm + dm, ps + ds, 20, equal_var=False).pvalue)
            for dm in np.linspace(-0.05, 0.05, 11) for ds in np.linspace(-0.05, 0.05, 11)]
    p = E.welch_against_print(mean, sd, 20, pm, ps, 20)
    assert max(grid) <= p + 1e-12 and p == pytest.approx(max(grid), rel=1e-6)


@pytest.mark.parametrize("mean,sd,n,pm,ps,pn,margin", [(85.0, 0.5, 20, 84.8, 0.4, 20, 1.0),
                                                       (57.3, 1.55, 20, 59.1, 1.5, 20, 1.0),
                                                       (6.32, 1.63, 25, 3.68, 1.17, 25, 1.0),
                                                       (120.0, 30.0, 20, 128.4, 7.7, 20, 12.84)])
def test_equivalence_test_is_two_one_sided_welch_tests_from_scipy(mean, sd, n, pm, ps, pn, margin):
    """TOST = the larger of scipy's one-sided Welch tests against the shifted print; the minimum-effect
    p the smaller of the opposite one-sided tests (the print's rounding off: half_unit = 0)."""
    from scipy import stats
    def one_sided(shift, alternative):
        return stats.ttest_ind_from_stats(mean, sd, n, pm + shift, ps, pn, equal_var=False,
                                          alternative=alternative).pvalue
    r = E.equivalence_test(mean, sd, n, pm, ps, pn, margin, half_unit=0.0)
    assert r["p_equivalent"] == pytest.approx(max(one_sided(-margin, "greater"), one_sided(margin, "less")), rel=1e-9)
    assert r["p_different"] == pytest.approx(min(one_sided(margin, "greater"), one_sided(-margin, "less")), rel=1e-9)


def test_equivalence_holds_the_rounding_against_each_claim():
    """A print of 84.8 may be 84.75..84.85: the rounded reading can only raise both p-values."""
    exact = E.equivalence_test(85.6, 0.5, 20, 84.8, 0.5, 20, 1.0, half_unit=0.0)
    rounded = E.equivalence_test(85.6, 0.5, 20, 84.8, 0.5, 20, 1.0)
    assert rounded["p_equivalent"] > exact["p_equivalent"] and rounded["p_different"] >= exact["p_different"]
    shifted = E.equivalence_test(85.6, 0.5, 20, 84.75, 0.5, 20, 1.0, half_unit=0.0)    # the worst reading
    assert rounded["p_equivalent"] >= shifted["p_equivalent"]


def test_minimum_detectable_difference_has_80_percent_power():
    """Power of the two-sided t-test at the MDD by the noncentral t law (equal sds: Welch's df = 2n - 2)."""
    from scipy import stats
    for sd, n in ((1.0, 20), (3.0, 25), (0.4, 5)):
        mdd = E.minimum_detectable_difference(sd, n, sd, n)
        df, se = 2 * n - 2, sd * math.sqrt(2 / n)
        crit = stats.t.ppf(0.975, df)
        power = stats.nct.sf(crit, df, mdd / se) + stats.nct.cdf(-crit, df, mdd / se)
        assert abs(power - 0.8) < 0.01, (sd, n, power)
