"""DD's experiment grid (sec 4): exact golden standard, MC-1, MC-10, Breiman's bound (Tables 1-2).

One *work unit* per (distribution, stopping criterion): the synthetic distributions of DD 4.2
(d = 5 binary, d = 5 ternary, d = 8 binary; two classes, class prior 1/2, class carried by
attribute 0 with strength t, chi-square correlation rho = t^2) at N = 100, and the distributions
built from the UCI data sets at N = their number of rows.  A unit computes

* the golden standard: exact E[GE], sd(GE) (:func:`~exactprune.rdt.moments.exact_moments`) when
  feasible, else a long Monte Carlo run ("TE", ``te_runs`` trees);
* MC-1 (``mc_runs`` data sets, one tree each) and MC-10 (10 x ``mc_runs``), seeded per unit;
* Breiman's bound (DD Tables 1-2): averaged over the MC-10 trees as DD do (per tree
  s = 1 - 2 GE, two classes; bound (1 - s^2)/s^2; trees with s <= 0 counted apart since the
  bound needs s > 0; s is rounded to its lattice 1/(L D) so that GE = 1/2 gives s = 0 exactly)
  and, exactly, at the mean strength 1 - 2 E[GE];
* DD's printed bound beside ours.

:func:`run_grid` runs the units with :func:`exactprune.parallel.run_units` (``jobs`` workers;
results do not depend on their number) and :func:`write_results` writes CSV and Markdown.
"""
from __future__ import annotations

import math
import time
from fractions import Fraction
from typing import Any, Optional, Sequence

import numpy as np

from ..numbers import nonnegative_int, positive_int
from ..parallel import run_units, unit_seeds
from .breiman import breiman_bound
from .distributions import correlated_distribution, distribution_from_csv
from .model import Criterion
from .moments import exact_moments
from .simulation import simulate

__all__ = ["RHOS", "SYNTHETIC", "PAPER_TABLE1", "PAPER_TABLE2", "criteria_for", "grid_units",
           "comparison_row", "run_grid", "write_results", "tree_average_bound", "matched_iterations"]

#: DD's printed correlations -> the strength t used here (rho = t^2; 1/3 and 1/7 give 0.111, 0.0204)
RHOS = {"1": Fraction(1), "0.36": Fraction(3, 5), "0.11": Fraction(1, 3), "0.02": Fraction(1, 7), "0": Fraction(0)}
#: DD 4.2's synthetic attribute layouts
SYNTHETIC = {"d=5 binary": (2,) * 5, "d=5 ternary": (3,) * 5, "d=8 binary": (2,) * 8}
CRITERIA = ("fixed", "purity", "scarcity")

#: DD Table 1 as printed: (criterion, N, setting) -> bounds for rho = 1, 0.36, 0.11, 0.02, 0
PAPER_TABLE1 = {
    ("fixed", 100, "d=5 binary"): (29.67, 1.49, 0.56, 0.34, 0.51),
    ("fixed", 100, "d=5 ternary"): (277.37, 20.49, 10.77, 7.7, 9.23),
    ("fixed", 100, "d=8 binary"): (152.21, 3.89, 2.78, 1.33, 1.57),
    ("fixed", 10000, "d=5 binary"): (41.89, 2.99, 1.25, 0.78, 0.71),
    ("fixed", 10000, "d=5 ternary"): (575.15, 30.9, 15.71, 11.87, 10.8),
    ("fixed", 10000, "d=8 binary"): (1813.86, 7.21, 3.86, 2.56, 2.3),
    ("purity", 100, "d=5 binary"): (39.67, 1154.1, 5216.75, 10783.19, 13750.28),
    ("purity", 100, "d=5 ternary"): (160.59, 181.21, 180.5, 3281.83, 6884.52),
    ("purity", 100, "d=8 binary"): (2.8, 1.9, 1035.68, 1211.7, 1249.32),
    ("purity", 10000, "d=5 binary"): (40.54, 2897.3, 11499.57, 65581.6, 422011.93),
    ("purity", 10000, "d=5 ternary"): (1386.01, 163245.31, 675867.31, 2662617.25, 5781240),
    ("purity", 10000, "d=8 binary"): (221.98, 178913.85, 712081.12, 3113403.25, 6885975),
    ("scarcity", 100, "d=5 binary"): (17.17, 17.59, 17.5, 17.2, 17.08),
    ("scarcity", 100, "d=5 ternary"): (34.10, 33.55, 32.88, 32.18, 31.52),
    ("scarcity", 100, "d=8 binary"): (34.42, 33.86, 33.28, 32.59, 31.89),
    ("scarcity", 10000, "d=5 binary"): (13.04, 12.18, 11.26, 10.32, 9.38),
    ("scarcity", 10000, "d=5 ternary"): (61.01, 60.34, 59.51, 58.64, 57.76),
    ("scarcity", 10000, "d=8 binary"): (2643.21, 2642.56, 2641.75, 2640.89, 2640.04),
}
#: DD Table 2 as printed: (criterion, data set) -> bound
PAPER_TABLE2 = {
    ("fixed", "pima"): 151.58, ("fixed", "balloons"): 51.84, ("fixed", "shuttle"): 1.91,
    ("purity", "pima"): 98.97, ("purity", "balloons"): 50.56, ("purity", "shuttle"): 2.74,
    ("scarcity", "pima"): 180.93, ("scarcity", "balloons"): 41.67, ("scarcity", "shuttle"): 2.32,
}
#: how each UCI set becomes a distribution: continuous attributes split at the mean, or categorical
UCI_CONTINUOUS = {"pima": True, "balloons": False, "shuttle": False}


def criteria_for(name: str, N: int, height: int = 3) -> Criterion:
    """DD sec 4's stopping rules: ``fixed`` (h = 3), ``purity``, ``scarcity`` (pb = N/10, rounded down).

    Parameters
    ----------
    name : str
        ``fixed``, ``purity`` or ``scarcity``.
    N : int
        The sample size.
    height : int
        The fixed height.

    Returns
    -------
    Criterion
        The stopping rule.

    Examples
    --------
    >>> str(criteria_for("scarcity", 100)), str(criteria_for("fixed", 100))
    ('scarcity(pb=10)', 'fixed(h=3)')
    """
    if name == "fixed":
        return Criterion(height=height)
    if name == "purity":
        return Criterion(purity=True)
    if name == "scarcity":
        return Criterion(pb=N // 10)
    raise ValueError(f"criterion must be one of {CRITERIA}, got {name!r}")


def grid_units(N: int = 100, mc_runs: int = 100, te_runs: int = 20000, seed: int = 0,
               data: Optional[dict] = None, settings: Sequence[str] = tuple(SYNTHETIC),
               rhos: Sequence[str] = tuple(RHOS), exact_limit: int = 200) -> list:
    """The work units of the grid: synthetic settings x rho x criterion at ``N``, then every UCI
    set in ``data`` (name -> CSV path; names as in :data:`PAPER_TABLE2`) x criterion at N = rows.

    Each unit is a tuple of plain arguments of :func:`comparison_row`, with its own seed.

    Parameters
    ----------
    N : int
        Sample size of the synthetic distributions.
    mc_runs : int
        MC-1 trees (MC-10: ten times).
    te_runs : int
        Trees of the long run where exact is infeasible.
    seed : int
        Seed of the unit seeds.
    data : dict, optional
        UCI name -> CSV path.
    settings : sequence of str
        Synthetic settings.
    rhos : sequence of str
        Correlations as printed.
    exact_limit : int
        Largest N with exact moments.

    Returns
    -------
    list of tuple
        The arguments of :func:`comparison_row`.

    See Also
    --------
    run_grid

    Examples
    --------
    >>> len(grid_units(settings=["d=5 binary"], rhos=["1", "0"]))
    6
    """
    N, mc_runs, te_runs = positive_int(N, "N"), positive_int(mc_runs, "mc_runs"), positive_int(te_runs, "te_runs")
    plan = []
    for setting in settings:
        if setting not in SYNTHETIC:
            raise ValueError(f"setting must be one of {list(SYNTHETIC)}, got {setting!r}")
        for rho in rhos:
            if rho not in RHOS:
                raise ValueError(f"rho must be one of {list(RHOS)}, got {rho!r}")
            plan += [("synthetic", setting, rho, crit) for crit in CRITERIA]
    for name, path in (data or {}).items():
        if name not in UCI_CONTINUOUS:
            raise ValueError(f"data set must be one of {list(UCI_CONTINUOUS)}, got {name!r}")
        plan += [("uci", name, str(path), crit) for crit in CRITERIA]
    seeds = unit_seeds(nonnegative_int(seed, "seed"), len(plan))
    return [unit + (N, mc_runs, te_runs, exact_limit, s) for unit, s in zip(plan, seeds)]


def comparison_row(kind: str, name: str, detail: str, crit_name: str, N: int, mc_runs: int, te_runs: int,
                   exact_limit: int, seed: int) -> dict:
    """One row of DD's comparison (sec 4, Tables 1-2: the exact moments against Monte Carlo and
    Breiman's bound) for one distribution and stopping criterion (see the module docstring);
    ``detail`` is rho (synthetic) or the CSV path (UCI).

    The golden standard is exact when N <= ``exact_limit`` and d <= 6 or the distribution is
    symmetric enough (synthetic), else a long MC run of ``te_runs`` trees.

    Parameters
    ----------
    kind : {"synthetic", "uci"}
    name : str
        The distribution's name.
    detail : str
        rho (synthetic) or the CSV path (UCI).
    crit_name : str
        The stopping criterion's name.
    N : int
        The sample size (UCI: replaced by the rows of the data).
    mc_runs, te_runs : int
        Monte Carlo data sets, and trees of the long run.
    exact_limit : int
        The largest N of an exact golden standard.
    seed : int

    Returns
    -------
    dict
        The row, with the columns of :data:`COLUMNS`.

    See Also
    --------
    run_grid : the rows of many units.

    Examples
    --------
    >>> row = comparison_row("synthetic", "d=5 binary", "0.36", "fixed", 20, 20, 100, 200, 1)
    >>> row["golden"], row["paper_bound"]
    ('exact', None)
    """
    if kind == "synthetic":
        dist = correlated_distribution(SYNTHETIC[name], RHOS[detail])
        row = {"data": name, "rho": detail, "N": N}
        paper = PAPER_TABLE1.get((crit_name, N, name))
        row["paper_bound"] = None if paper is None else paper[list(RHOS).index(detail)]
        feasible = N <= exact_limit
    else:
        dist, N = distribution_from_csv(detail, UCI_CONTINUOUS[name])
        row = {"data": name, "rho": None, "N": N, "paper_bound": PAPER_TABLE2[(crit_name, name)]}
        feasible = N <= exact_limit and dist.d <= 6
    crit = criteria_for(crit_name, N)
    row["criterion"] = str(crit)
    rng_seeds = np.random.SeedSequence(seed).generate_state(3)
    start = time.perf_counter()
    if feasible:
        m = exact_moments(dist, N, crit)
        e_ge, sd_ge = float(m["E1"]), math.sqrt(float(m["var"]))
        row.update(golden="exact", E_GE=e_ge, sd_GE=sd_ge, breiman_at_mean=_bound_or_none(1 - 2 * m["E1"]))
    else:
        te = simulate(dist, N, crit, runs=te_runs, seed=int(rng_seeds[0]))
        e_ge, sd_ge = te["mean"], te["sd"]
        row.update(golden=f"MC {te_runs} trees", E_GE=e_ge, sd_GE=sd_ge,
                   breiman_at_mean=_bound_or_none(Fraction(1 - 2 * te["mean"])))
    row["seconds_golden"] = round(time.perf_counter() - start, 3)
    start = time.perf_counter()
    mc = simulate(dist, N, crit, runs=10 * mc_runs, seed=int(rng_seeds[1]))
    row["seconds_mc1"] = round((time.perf_counter() - start) / 10, 3)
    samples = mc["samples"]
    for label, part in (("mc1", samples[:mc_runs]), ("mc10", samples)):
        mean, sd = float(part.mean()), float(part.std(ddof=1))
        row.update({f"{label}_runs": len(part), f"{label}_E_GE": mean, f"{label}_sd_GE": sd,
                    f"{label}_err_E_GE": abs(mean - e_ge), f"{label}_err_sd_GE": abs(sd - sd_ge)})
    row["breiman_avg"], row["breiman_share_s_nonpositive"] = tree_average_bound(dist, samples)
    return row


def tree_average_bound(dist, samples) -> tuple:
    """Breiman's bound averaged over trees as DD do (Tables 1-2): per tree s = 1 - 2 GE (two
    classes) from the GE ``samples`` of :func:`~exactprune.rdt.simulation.simulate`, bound
    (1 - s^2)/s^2 averaged over the trees with s > 0; (average or None, share of trees with s <= 0).
    L D GE is an integer for every tree (L = lcm(1..k)): s is rounded to that lattice, so a tree
    with GE = 1/2 exactly has s = 0 (no bound) rather than a rounding residue.

    Parameters
    ----------
    dist : Distribution
        The distribution.
    samples : array-like
        GE of the simulated trees.

    Returns
    -------
    tuple
        (average bound or None, share of trees with s <= 0).

    Examples
    --------
    >>> from exactprune.rdt import correlated_distribution
    >>> tree_average_bound(correlated_distribution([2, 2], "3/5"), np.array([0.25, 0.5, 0.5]))
    (3.0, 0.6666666666666666)
    """
    lattice = math.lcm(*range(1, dist.k + 1)) * dist.D
    strength = np.round((1 - 2 * np.asarray(samples, dtype=float)) * lattice) / lattice
    positive = strength[strength > 0]
    average = float(np.mean((1 - positive ** 2) / positive ** 2)) if len(positive) else None
    return average, float(np.mean(strength <= 0))


def _bound_or_none(s: Fraction) -> Optional[float]:
    return float(breiman_bound(s)) if s > 0 else None


def run_grid(units: list, jobs: int = 1, progress: Optional[bool] = None) -> list:
    """Rows of :func:`comparison_row` for ``units`` (from :func:`grid_units`), in order, on ``jobs`` workers.

    Parameters
    ----------
    units : list
        Of :func:`grid_units`.
    jobs : int
        Worker processes.
    progress : bool, optional
        Progress on stderr.

    Returns
    -------
    list of dict
        The rows, in order.

    See Also
    --------
    write_results

    Examples
    --------
    >>> rows = run_grid(grid_units(N=10, mc_runs=5, settings=["d=5 binary"], rhos=["1"]))
    >>> [r["criterion"] for r in rows]
    ['fixed(h=3)', 'purity', 'scarcity(pb=1)']
    """
    return run_units(comparison_row, units, jobs=jobs, progress=progress, label="rdt grid")


COLUMNS = ["data", "rho", "N", "criterion", "golden", "E_GE", "sd_GE", "seconds_golden", "seconds_mc1",
           "mc1_runs", "mc1_E_GE", "mc1_sd_GE", "mc1_err_E_GE", "mc1_err_sd_GE",
           "mc10_runs", "mc10_E_GE", "mc10_sd_GE", "mc10_err_E_GE", "mc10_err_sd_GE",
           "breiman_at_mean", "breiman_avg", "breiman_share_s_nonpositive", "paper_bound"]


def write_results(rows: list, stem: Any, command: str = "") -> None:
    """Write ``rows`` to ``stem``.csv (every column) and ``stem``.md (Tables 1-2 and the MC errors).

    Parameters
    ----------
    rows : list of dict
        Of :func:`run_grid`.
    stem : str or Path
        Path without suffix.
    command : str
        The command line to record.

    Returns
    -------
    None
        Writes ``stem``.csv and ``stem``.md.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     write_results(run_grid(grid_units(N=10, mc_runs=5, settings=["d=5 binary"], rhos=["1"])),
    ...                   os.path.join(tmp, "rdt_grid"))
    ...     sorted(os.listdir(tmp))
    ['rdt_grid.csv', 'rdt_grid.md']
    """
    import csv
    stem = str(stem)
    with open(stem + ".csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow({key: _fmt(row.get(key)) for key in COLUMNS})
    with open(stem + ".md", "w") as fh:
        fh.write("# Random decision trees: DD's experiment grid (sec 4)\n\n")
        if command:
            fh.write(f"Produced by `{command}`.\n\n")
        if any(r["rho"] is None for r in rows):
            fh.write("Data sets (N = their number of rows; cell probabilities = counts / rows): Pima Indians, "
                     "8 numeric attributes each split at its mean (zeros that stand for missing values kept, as "
                     "in the UCI file); Balloons and Shuttle Landing Control, categorical attributes as they "
                     "are, a '*' (don't care) spread evenly over the values it stands for.\n\n")
        fh.write("## Breiman's bound kappa (1 - s^2)/s^2, kappa = 1 (DD Tables 1-2)\n\n"
                 "`avg`: averaged over the MC-10 trees as DD describe (s = 1 - 2 GE per tree; trees with "
                 "s <= 0, where the bound does not exist, left out and counted in `s<=0`); `at E[s]`: the bound "
                 "at the mean strength 1 - 2 E[GE] (exact when the golden standard is); `DD`: the printed value.\n\n"
                 "| data | rho | N | criterion | avg | s<=0 | at E[s] | DD |\n|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            fh.write(f"| {r['data']} | {r['rho'] or '-'} | {r['N']} | {r['criterion']} | {_fmt(r['breiman_avg'])} | "
                     f"{_fmt(r['breiman_share_s_nonpositive'])} | {_fmt(r['breiman_at_mean'])} | {_fmt(r['paper_bound'])} |\n")
        fh.write("\n## E[GE] and sd(GE): golden standard against MC-1 and MC-10 (DD Figures 3 and 7)\n\n"
                 "| data | rho | N | criterion | golden | E[GE] | sd | s | MC-1 err E / sd | MC-10 err E / sd | "
                 "MC-1 s |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            fh.write(f"| {r['data']} | {r['rho'] or '-'} | {r['N']} | {r['criterion']} | {r['golden']} | "
                     f"{_fmt(r['E_GE'])} | {_fmt(r['sd_GE'])} | {r['seconds_golden']} | "
                     f"{_fmt(r['mc1_err_E_GE'])} / {_fmt(r['mc1_err_sd_GE'])} | "
                     f"{_fmt(r['mc10_err_E_GE'])} / {_fmt(r['mc10_err_sd_GE'])} | {r['seconds_mc1']} |\n")


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def matched_iterations(sd_af: float, af_runs: int, sd_mc: float, mc_runs: int, i: int = 10,
                       level: float = 0.95) -> dict:
    """AF against MC-i at DD's equal cost: "MC-i refers to simple Monte Carlo being executed for i times
    the number of iterations as those of the expressions" (DD sec 4).  AF's standard error over its
    ``af_runs`` iterations is sd_af / sqrt(af_runs), MC-i's over i x ``af_runs`` trees
    sd_mc / sqrt(i af_runs), so ``ratio`` = se(MC-i) / se(AF) = sd_mc / (sd_af sqrt(i)) (> 1: AF more
    accurate).  The per-iteration sds are estimates from ``af_runs`` and ``mc_runs`` draws; the
    ``level`` interval ``lo``..``hi`` of the ratio comes from the F law of the ratio of two sample
    variances (normal draws).  ``winner``: ``AF`` when the interval lies above 1, ``MC-i`` below 1,
    else ``undecided``; AF exact (sd_af = 0 with sd_mc > 0) wins outright; both 0: ``tie``.

    Parameters
    ----------
    sd_af : float
        Sample sd of AF's estimate per iteration (one sampled data set).
    af_runs : int
        AF's iterations (at least 2).
    sd_mc : float
        Sample sd of the generalization error per Monte Carlo tree.
    mc_runs : int
        Trees behind ``sd_mc`` (at least 2).
    i : int
        MC-i's multiple of AF's iterations.
    level : float
        Confidence level of the interval.

    Returns
    -------
    dict
        ``ratio``, ``lo``, ``hi``, ``winner``.

    Examples
    --------
    Pima, fixed height: AF's 40 iterations with standard error 2.5e-4 (sd 2.5e-4 sqrt 40), one tree's
    GE sd 0.0213 over 20,000 trees; MC-10 runs 400 trees, standard error 0.0213 / 20 = 1.07e-3, 4.3
    times AF's:

    >>> r = matched_iterations(2.5e-4 * 40 ** 0.5, 40, 0.0213016, 20000)
    >>> round(r["ratio"], 2), r["winner"], r["lo"] > 3
    (4.26, 'AF', True)
    >>> matched_iterations(0.0, 10, 0.05, 200)["winner"], matched_iterations(0.0, 10, 0.0, 200)["winner"]
    ('AF', 'tie')
    """
    from scipy import stats
    if af_runs < 2 or mc_runs < 2:
        raise ValueError(f"matched iterations need at least 2 draws per side, got {af_runs} and {mc_runs}")
    if sd_af < 0 or sd_mc < 0:
        raise ValueError(f"standard deviations must be >= 0, got {sd_af} and {sd_mc}")
    positive_int(i, "i")
    if sd_af == 0:
        infinite = math.inf if sd_mc > 0 else math.nan
        return {"ratio": infinite, "lo": infinite, "hi": infinite, "winner": "AF" if sd_mc > 0 else "tie"}
    ratio = sd_mc / (sd_af * math.sqrt(i))
    tail = (1 - level) / 2
    f_hi, f_lo = stats.f.ppf(1 - tail, mc_runs - 1, af_runs - 1), stats.f.ppf(tail, mc_runs - 1, af_runs - 1)
    lo, hi = ratio / math.sqrt(f_hi), ratio / math.sqrt(f_lo)
    return {"ratio": ratio, "lo": lo, "hi": hi,
            "winner": "AF" if lo > 1 else f"MC-{i}" if hi < 1 else "undecided"}
