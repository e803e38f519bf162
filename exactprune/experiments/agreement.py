"""Our runs against Zhong's printed tables: every printed cell of Tables 6.2, 6.3 and 6.5 tested,
Table 6.4's Inc claim, which t-test the printed P is."""
from __future__ import annotations

import math
from typing import List

import numpy as np

from .printed import METHODS, PRINTED, PRINTED_6_5, _printed_cells
from .protocol import Run
from .statistics import cell_outcomes, equivalence_test, holm, welch_against_print, welch_test

__all__ = ["printed_p_check", "printed_agreement", "inc_check", "table_6_5_agreement", "ACCURACY_MARGIN",
           "LEAVES_MARGIN", "equivalence_margin", "equivalence_cells", "printed_equivalence",
           "table_6_5_equivalence", "table_verdict"]


def printed_p_check(runs: int = 20, half_unit: float = 0.05) -> List[dict]:
    """Which t-test Zhong's "P" is (Tables 6.2, 6.3): for every printed comparison, the p-value (%)
    of the two-sample Student t-test (pooled variance, 2 x ``runs`` - 2 degrees of freedom)
    computed from the printed means and standard deviations, over every rounding of those four
    numbers by up to ``half_unit`` (they are printed to 0.1): ``lo``..``hi``, and ``inside`` when
    the printed P (itself rounded to 0.1) lies in [lo - 0.05, hi + 0.05].  A paired test cannot be
    recomputed from the printed values (it needs the sd of the differences).  Comparisons whose
    sds are both printed 0.0 are skipped.

    Parameters
    ----------
    runs : int
        Runs per side of the printed comparisons.
    half_unit : float
        Half the last printed digit.

    Returns
    -------
    list of dict
        One row per printed comparison.

    Examples
    --------
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

    Parameters
    ----------
    tables : dict
        :func:`exactprune.experiments.summarize` of our runs.
    runs : int
        Our runs per cell.
    printed_runs : int
        The thesis' runs.
    alpha : float
        Family-wise level.

    Returns
    -------
    list of dict
        One cell per printed value, with ``p``, ``p_holm`` and ``differs``.

    See Also
    --------
    printed_equivalence

    Examples
    --------
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

    Parameters
    ----------
    runs : list of Run
        Runs at 5% and 50%.
    z : float
        Normal quantile of the interval.

    Returns
    -------
    list of dict
        Per database and method: ``inc``, its interval and ``verdict``.

    Examples
    --------
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

    Parameters
    ----------
    runs : list of Run
        The repeats of :func:`exactprune.experiments.holdout_unit`.
    printed_runs : int
        The thesis' repeats.
    half_unit : float
        Half the last printed digit.
    alpha : float
        Family-wise level per half.

    Returns
    -------
    list of dict
        One cell per printed value.

    See Also
    --------
    table_6_5_equivalence

    Examples
    --------
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


#: Zhong's own threshold (6.4.1): a difference in accuracy (or error rate) below 1 percentage point is
#: not one he calls significant, so agreement with his print is asked within 1 point
ACCURACY_MARGIN = 1.0
#: the margin for tree sizes, relative to the printed mean (at least 1 leaf, Zhong's unit): sizes span
#: 2 to 1,294 leaves, so no absolute margin fits them all; the median printed coefficient of variation
#: of a Table 6.3 cell over its 20 runs is 17% (quartiles 9% and 30%), and 10% asks the means to agree
#: within about half a run's spread, as 1 accuracy point does against the median printed accuracy sd
#: (0.95 points)
LEAVES_MARGIN = 0.1


def equivalence_margin(quantity: str, printed_mean: float) -> float:
    """The equivalence margin of a printed cell: :data:`ACCURACY_MARGIN` points for ``accuracy`` and
    ``error``, :data:`LEAVES_MARGIN` times the printed mean (at least 1 leaf) for ``leaves``.

    Parameters
    ----------
    quantity : str
        ``accuracy``, ``error`` (percent) or ``leaves``.
    printed_mean : float
        The printed mean of the cell.

    Returns
    -------
    float
        The margin, in the unit of the cell.

    Examples
    --------
    >>> equivalence_margin("accuracy", 84.8), equivalence_margin("leaves", 1283.8), equivalence_margin("leaves", 2.0)
    (1.0, 128.38, 1.0)
    """
    if quantity in ("accuracy", "error"):
        return ACCURACY_MARGIN
    if quantity == "leaves":
        return max(1.0, LEAVES_MARGIN * printed_mean)
    raise ValueError(f"quantity must be accuracy, error or leaves, got {quantity!r}")


def equivalence_cells(cells: List[dict], n_printed: int, half_unit: float, alpha: float = 0.05,
                      correct: bool = True) -> List[dict]:
    """Each cell (a dict with ``table``, ``quantity``, ``n``, ``mean``, ``sd``, ``printed_mean``,
    ``printed_sd``) tested by :func:`exactprune.experiments.statistics.equivalence_test` within
    :func:`equivalence_margin`, then decided per table (Holm over the cells with the same ``table``:
    :func:`exactprune.experiments.statistics.cell_outcomes`).  Each returned cell adds ``margin``,
    ``diff``, ``se``, ``df``, ``ci_lo``/``ci_hi`` (the 1 - 2 ``alpha`` interval of the difference, the
    one TOST reads), ``mdd``, ``p_equivalent``, ``p_different``, their Holm adjustments, ``outcome`` and
    ``more_runs_decide``: for an undecided cell, whether any number of our runs could decide it at the
    observed difference (our side's standard error falls to 0, the print's, printed sd / sqrt(n
    printed), stays: the interval diff +- t se_print must clear the margin on one side).

    Parameters
    ----------
    cells : list of dict
        The cells, as described.
    n_printed : int
        The runs behind each printed value.
    half_unit : float
        Half the last printed digit.
    alpha : float
        Family-wise level per table.
    correct : bool
        Holm-adjust per table (default) or not.

    Returns
    -------
    list of dict
        The cells, in the input order, with the fields above.

    See Also
    --------
    printed_equivalence, table_6_5_equivalence

    Examples
    --------
    One cell 0.2 points above its print, one 3 points below, one 0.9 above with a wide spread:

    >>> cells = [{"table": "t", "quantity": "accuracy", "n": 20, "mean": m, "sd": s, "printed_mean": 80.0,
    ...           "printed_sd": 0.5} for m, s in ((80.2, 0.5), (77.0, 0.5), (80.9, 3.0))]
    >>> [c["outcome"] for c in equivalence_cells(cells, 20, 0.05)]
    ['equivalent', 'different', 'undecided']
    """
    from scipy import stats
    out = [dict(c) for c in cells]
    for c in out:
        c["margin"] = equivalence_margin(c["quantity"], c["printed_mean"])
        c.update(equivalence_test(c["mean"], c["sd"], c["n"], c["printed_mean"], c["printed_sd"], n_printed,
                                  c["margin"], half_unit))
        half = float(stats.t.ppf(1 - alpha, c["df"])) * c["se"]
        c["ci_lo"], c["ci_hi"] = c["diff"] - half, c["diff"] + half
        floor = float(stats.t.ppf(1 - alpha, n_printed - 1)) * c["printed_sd"] / math.sqrt(n_printed)
        c["more_runs_decide"] = abs(abs(c["diff"]) - c["margin"]) > floor
    for table in dict.fromkeys(c["table"] for c in out):
        family = [c for c in out if c["table"] == table]
        for c, decided in zip(family, cell_outcomes(family, alpha, correct)):
            c.update(decided)
            c["more_runs_decide"] = c["more_runs_decide"] and decided["outcome"] == "undecided"
    return out


def printed_equivalence(tables: dict, runs: int, printed_runs: int = 20, alpha: float = 0.05,
                        correct: bool = True) -> List[dict]:
    """Every printed cell of Tables 6.2 (accuracy) and 6.3 (leaves) against our ``runs`` runs
    (:func:`exactprune.experiments.summarize`'s tables) by :func:`equivalence_cells`: margins 1 point
    and 10% of the printed size, the print to 0.1 over ``printed_runs`` runs, Holm over the 84 cells
    of each table.

    Parameters
    ----------
    tables : dict
        :func:`exactprune.experiments.summarize` of our runs.
    runs : int
        Our runs per cell.
    printed_runs : int
        The thesis' runs per cell (20).
    alpha : float
        Family-wise level per table.
    correct : bool
        Holm-adjust (default) or not.

    Returns
    -------
    list of dict
        One cell per printed value: ``table`` (``6.2``/``6.3``), ``ratio``, ``database``, ``method`` and
        the fields of :func:`equivalence_cells`.

    See Also
    --------
    printed_agreement : the plain test of no difference on the same cells.

    Examples
    --------
    Twenty runs on g2c15 at 50% that match every printed mean exactly, with the printed sds:

    >>> from exactprune.experiments import Run, summarize
    >>> p = {w: PRINTED[w][50]["g2c15"] for w in ("accuracy", "leaves")}
    >>> rs = [Run("g2c15", 50, i, {m: p["accuracy"][m]["mean"] + (-1) ** i * p["accuracy"][m]["std"] for m in METHODS},
    ...           {m: p["leaves"][m]["mean"] + (-1) ** i * p["leaves"][m]["std"] for m in METHODS},
    ...           {m: 0.1 for m in METHODS}) for i in range(20)]
    >>> [(c["table"], c["method"], c["outcome"]) for c in printed_equivalence(summarize(rs), 20)][:3]
    [('6.2', 'CCP', 'equivalent'), ('6.2', '2-norm', 'equivalent'), ('6.2', 'EBP', 'equivalent')]
    """
    cells = []
    for what in ("accuracy", "leaves"):
        for ratio, db, m, row, printed in _printed_cells(tables, what):
            cells.append({"table": {"accuracy": "6.2", "leaves": "6.3"}[what], "quantity": what, "ratio": ratio,
                          "database": db, "method": m, "n": runs, "mean": row[m]["mean"], "sd": row[m]["std"],
                          "printed_mean": printed[m]["mean"], "printed_sd": printed[m]["std"]})
    return equivalence_cells(cells, printed_runs, 0.05, alpha, correct)


def table_6_5_equivalence(summaries: List[dict], printed_runs: int = 25, alpha: float = 0.05,
                          correct: bool = True) -> List[dict]:
    """Table 6.5 by :func:`equivalence_cells`: our per-cell summaries (dicts with ``quantity`` in
    ``error``/``leaves``, ``database``, ``method``, ``n``, ``mean``, ``sd``, as
    :func:`table_6_5_agreement` writes them) against :data:`PRINTED_6_5` (2 decimals, ``printed_runs``
    repeats), Holm over the 12 cells of each half.

    Parameters
    ----------
    summaries : list of dict
        Our cells, as described.
    printed_runs : int
        The thesis' repeats (25).
    alpha : float
        Family-wise level per half.
    correct : bool
        Holm-adjust (default) or not.

    Returns
    -------
    list of dict
        The cells with ``table`` = ``6.5 error`` or ``6.5 leaves`` and the fields of :func:`equivalence_cells`.

    See Also
    --------
    table_6_5_agreement : the plain test of no difference.

    Examples
    --------
    iris' CCP error as printed (6.04 +- 3.11 over 25): our 25 repeats at 6.04 +- 3.11 are not shown
    equivalent within 1 point (se 0.88: the 90% interval is +- 1.5 points) - undecided:

    >>> c = table_6_5_equivalence([{"quantity": "error", "database": "iris", "method": "CCP", "n": 25,
    ...                             "mean": 6.04, "sd": 3.11}])[0]
    >>> c["outcome"], round(c["se"], 2)
    ('undecided', 0.88)
    """
    cells = []
    for s in summaries:
        printed = PRINTED_6_5[s["quantity"]][s["database"]][s["method"]]
        cells.append({"table": f"6.5 {s['quantity']}", "quantity": s["quantity"], "database": s["database"],
                      "method": s["method"], "n": int(s["n"]), "mean": float(s["mean"]), "sd": float(s["sd"]),
                      "printed_mean": printed["mean"], "printed_sd": printed["pm"]})
    return equivalence_cells(cells, printed_runs, 0.005, alpha, correct)


def table_verdict(cells: List[dict]) -> str:
    """A table's verdict from its cells' outcomes: ``reproduced`` when every cell is equivalent to its
    print, else ``not reproduced`` (some cell differs by more than its margin, or is undecided: the
    runs cannot show it equivalent).

    Parameters
    ----------
    cells : list of dict
        Cells with an ``outcome`` (:func:`equivalence_cells`).

    Returns
    -------
    str
        ``reproduced`` or ``not reproduced``.

    Examples
    --------
    >>> table_verdict([{"outcome": "equivalent"}]), table_verdict([{"outcome": "equivalent"}, {"outcome": "undecided"}])
    ('reproduced', 'not reproduced')
    """
    if not cells:
        raise ValueError("a table verdict needs at least one cell")
    return "reproduced" if all(c["outcome"] == "equivalent" for c in cells) else "not reproduced"
