"""Our runs against Zhong's printed tables: every printed cell of Tables 6.2, 6.3 and 6.5 tested,
Table 6.4's Inc claim, which t-test the printed P is."""
from __future__ import annotations

import math
from typing import List

import numpy as np

from .printed import METHODS, PRINTED, PRINTED_6_5, _printed_cells
from .protocol import Run
from .statistics import holm, welch_against_print, welch_test

__all__ = ["printed_p_check", "printed_agreement", "inc_check", "table_6_5_agreement"]


def printed_p_check(runs: int = 20, half_unit: float = 0.05) -> List[dict]:
    """Which t-test Zhong's "P" is (Tables 6.2, 6.3): for every printed comparison, the p-value (%)
    of the two-sample Student t-test (pooled variance, 2 x ``runs`` - 2 degrees of freedom)
    computed from the printed means and standard deviations, over every rounding of those four
    numbers by up to ``half_unit`` (they are printed to 0.1): ``lo``..``hi``, and ``inside`` when
    the printed P (itself rounded to 0.1) lies in [lo - 0.05, hi + 0.05].  A paired test cannot be
    recomputed from the printed values (it needs the sd of the differences).  Comparisons whose
    sds are both printed 0.0 are skipped.

    >>> row = [r for r in printed_p_check() if (r["table"], r["ratio"], r["database"], r["other"])
    ...        == ("leaves", 5, "abalone", "CCP")][0]                 # printed P 6.3, sign "-"
    >>> row["inside"], row["lo"] > 5, row["sign"]
    (True, True, '-')
    """
    import itertools
    from scipy import stats
    out = []
    for what in ("accuracy", "leaves"):
        for ratio, rows in sorted(PRINTED[what].items()):
            for db, row in rows.items():
                for other in ("CCP", "EBP"):
                    a, b = row["2-norm"], row[other]
                    if a["std"] == 0 and b["std"] == 0:
                        continue
                    ps = [100 * float(stats.ttest_ind_from_stats(a["mean"] + e[0], max(a["std"] + e[1], 1e-9), runs,
                                                           b["mean"] + e[2], max(b["std"] + e[3], 1e-9), runs).pvalue)
                          for e in itertools.product((-half_unit, 0.0, half_unit), repeat=4)]
                    p = row[f"2-norm:{other}"]["p"]
                    out.append({"table": what, "ratio": ratio, "database": db, "other": other, "p": p,
                                "lo": min(ps), "hi": max(ps), "inside": min(ps) - 0.05 <= p <= max(ps) + 0.05,
                                "sign": row[f"2-norm:{other}"]["sign"]})
    return out

def printed_agreement(tables: dict, runs: int, printed_runs: int = 20, alpha: float = 0.05) -> List[dict]:
    """For every printed cell of Tables 6.2 (accuracy) and 6.3 (leaves): our mean and sd over
    ``runs`` runs (:func:`summarize`) against Zhong's printed mean and sd over ``printed_runs``:
    ``p`` = :func:`welch_against_print`, ``p_holm`` its Holm adjustment (:func:`holm`) over the
    84 cells of that table, ``differs`` when p_holm <= ``alpha``; ``p_plain`` = Welch on the
    printed digits taken as exact; ``within_2sd`` = the old rule |diff| <= 2 max(sd here, sd
    printed), which asks whether a *single run* could fall that far, not whether the *means*
    differ (it cannot detect a shift below about 6 standard errors of the difference at n = 20).
    Table 6.4 prints no sds, so its cells get no test here (see :func:`inc_check`).

    >>> from exactprune.experiments import summarize
    >>> rs = [Run("g2c15", 50, i, {"CCP": 84.8 + i % 2 / 10, "2-norm": 90.0 + i % 2, "EBP": 82.6},
    ...           {m: 2 for m in METHODS}, {m: 0.1 for m in METHODS}) for i in range(20)]
    >>> rows = {(r["quantity"], r["method"]): r for r in printed_agreement(summarize(rs), runs=20)}
    >>> rows["accuracy", "CCP"]["differs"], rows["accuracy", "2-norm"]["differs"]
    (False, True)
    """
    out = []
    for what in ("accuracy", "leaves"):
        cells = []
        for ratio, db, m, row, printed in _printed_cells(tables, what):
            here, paper = row[m], printed[m]
            diff = here["mean"] - paper["mean"]
            cells.append({
                "table": {"accuracy": "6.2", "leaves": "6.3"}[what], "quantity": what, "ratio": ratio,
                "database": db, "method": m, "n": runs, "mean": here["mean"], "sd": here["std"],
                "printed_mean": paper["mean"], "printed_sd": paper["std"], "diff": diff,
                "p": welch_against_print(here["mean"], here["std"], runs, paper["mean"], paper["std"],
                                         printed_runs),
                "p_plain": welch_test(here["mean"], here["std"], runs, paper["mean"], paper["std"],
                                      printed_runs)["p"],
                "within_2sd": abs(diff) <= 2 * max(here["std"], paper["std"]) or abs(diff) < 0.05})
        for cell, adjusted in zip(cells, holm([c["p"] for c in cells])):
            cell["p_holm"] = adjusted
            cell["differs"] = adjusted <= alpha
        out += cells
    return out


def inc_check(runs: List[Run], z: float = 1.96) -> List[dict]:
    """Table 6.4's Inc = T_2 / T_1 (mean pruning time at 50% over that at 5%) per database and
    method from our runs, with an approximate 95% interval (delta method on log T: the variance
    of log of a mean of n times is about sd^2 / (n mean^2)), beside the printed Inc and Zhong's
    claim (6.4.3): 2-norm Inc < 10, CCP and EBP Inc > 10.  ``verdict`` = ``holds`` when the whole
    interval lies on the claimed side of 10, ``fails`` when it lies on the other, else ``open``.

    >>> rs = [Run("g2c15", r, i, {}, {}, {"CCP": 0.1 * (1 + 19 * (r == 50)) * (1 + i / 100), "2-norm": 0.001,
    ...       "EBP": 0.01 * (1 + 9 * (r == 50)) + i / 10000}) for r in (5, 50) for i in range(20)]
    >>> [(c["method"], round(c["inc"], 1), c["verdict"]) for c in inc_check(rs)]
    [('CCP', 20.0, 'holds'), ('2-norm', 1.0, 'holds'), ('EBP', 9.2, 'fails')]
    """
    out = []
    for db in dict.fromkeys(r.dataset for r in runs):
        for m in METHODS:
            stats = {}
            for ratio in (5, 50):
                t = np.array([r.seconds[m] for r in runs if r.dataset == db and r.ratio == ratio])
                stats[ratio] = (float(t.mean()), float(t.std(ddof=1)), len(t))
            (m1, s1, n1), (m2, s2, n2) = stats[5], stats[50]
            inc = m2 / m1
            half = z * math.sqrt(s1 * s1 / (n1 * m1 * m1) + s2 * s2 / (n2 * m2 * m2))
            lo, hi = inc * math.exp(-half), inc * math.exp(half)
            below = m == "2-norm"
            claimed, contrary = (hi < 10, lo > 10) if below else (lo > 10, hi < 10)
            printed = PRINTED["seconds"].get(50, {}).get(db)
            out.append({"database": db, "method": m, "T1": m1, "T2": m2, "inc": inc, "lo": lo, "hi": hi,
                        "printed_inc": (printed[m]["mean"] / PRINTED["seconds"][5][db][m]["mean"]
                                        if printed else None),
                        "claim": "< 10" if below else "> 10",
                        "verdict": "holds" if claimed else "fails" if contrary else "open"})
    return out


def table_6_5_agreement(runs: List[Run], printed_runs: int = 25, half_unit: float = 0.005,
                        alpha: float = 0.05) -> List[dict]:
    """Our Table 6.5 (error % = 100 - accuracy, leaves; mean and sd over the repeats) against the
    printed CCP, 2-norm and EBP cells: :func:`welch_against_print` with n = our repeats against
    ``printed_runs`` (the thesis: 25) and the printed 2 decimals (``half_unit``), Holm over the 12 cells of each
    half of the table (:func:`holm`); ``differs`` when p_holm <= ``alpha``.

    Runs that reproduce every printed mean exactly differ nowhere (the difference is 0: p = 1);
    with CCP's error 20 points above the print on every data set (and no spread among 3
    repeats), exactly CCP's four error cells differ:

    >>> def runs(shift):
    ...     return [Run(db, 70, i, {m: 100 - PRINTED_6_5["error"][db][m]["mean"] - (shift if m == "CCP" else 0)
    ...                             for m in METHODS}, {m: PRINTED_6_5["leaves"][db][m]["mean"] for m in METHODS})
    ...             for db in PRINTED_6_5["error"] for i in range(3)]
    >>> rows = table_6_5_agreement(runs(0))
    >>> len(rows), {r["p"] for r in rows}, any(r["differs"] for r in rows)
    (24, {1.0}, False)
    >>> [(r["database"], r["method"]) for r in table_6_5_agreement(runs(20)) if r["differs"]]
    [('iris', 'CCP'), ('glass', 'CCP'), ('p.gene', 'CCP'), ('blocks', 'CCP')]
    """
    out = []
    for what in ("error", "leaves"):
        cells = []
        for db in PRINTED_6_5[what]:
            for m in METHODS:
                v = np.array([(100 - r.accuracy[m]) if what == "error" else r.leaves[m]
                              for r in runs if r.dataset == db])
                paper = PRINTED_6_5[what][db][m]
                cells.append({"quantity": what, "database": db, "method": m, "n": len(v), "mean": float(v.mean()),
                              "sd": float(v.std(ddof=1)), "printed_mean": paper["mean"], "printed_sd": paper["pm"],
                              "p": welch_against_print(float(v.mean()), float(v.std(ddof=1)), len(v), paper["mean"],
                                                       paper["pm"], printed_runs, half_unit)})
        for cell, adjusted in zip(cells, holm([c["p"] for c in cells])):
            cell["p_holm"], cell["differs"] = adjusted, adjusted <= alpha
        out += cells
    return out
