"""DD's N = 10,000 comparison (Figures 4-6) at equal cost: AF-MC against MC-1 and MC-10.

Run from the repository root:  python3 benchmarks/bench_rdt_large_n.py [--quick] [--jobs N] [--out benchmarks/results]

Exact moments are not feasible at N = 10,000 (polynomials of degree 10,000 with coefficients of
~10^5 bits per node), so AF is DD's expressions with the count probabilities estimated by Monte
Carlo: :func:`exactprune.rdt.af_monte_carlo` integrates the tree randomness exactly on each sampled
data set.  MC-1 samples a data set and grows one tree per run.  At equal wall time B the standard
error of an estimator of E[GE] is sd_run * sqrt(t_run / B); the ratio MC-1 error / AF error is
(sd_mc / sd_af) * sqrt(t_mc / t_af), independent of B; MC-10 (10x the budget) divides MC-1's by
sqrt(10).  Per-run sd and time are measured on ``af_runs`` and ``mc_runs`` runs (seeded per unit
with :func:`exactprune.parallel.unit_seeds`; results other than timings do not depend on --jobs).
Writes OUT/rdt_large_n.csv and .md (nothing without ``--out``: the rows go to stdout).  The wall-time
ratios are this implementation's; the ledger compares AF with MC-i matched by iterations, as DD
define it (rdt.experiment.matched_iterations, from the per-run sds in the CSV).

``--table1 [--trees T]`` instead writes DD Table 1's N = 10,000 half
(OUT/rdt_table1_n10000.md): Breiman's bound (1 - s^2) / s^2 averaged over T
simulated trees as DD do (:func:`exactprune.rdt.experiment.tree_average_bound`; T = 200 by
default, seeded per cell) and at the strength s = 1 - 2 E[GE] of AF's estimate of E[GE] in
rdt_large_n.csv (with the interval from AF's standard error), beside the printed bound.  (The
N = 100 half is in rdt_grid.md.)
"""
from __future__ import annotations

import csv
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from exactprune.parallel import run_units, unit_seeds  # noqa: E402
from exactprune.rdt import af_monte_carlo, correlated_distribution, simulate  # noqa: E402
from exactprune.rdt.experiment import RHOS, SYNTHETIC, criteria_for  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
ZERO = 1e-12   # sd per run below this is rounding noise of a constant GE (GE is a multiple of 1/(2D))


def unit(setting: str, rho: str, kind: str, N: int, af_runs: int, mc_runs: int, seed: int) -> dict:
    dist = correlated_distribution(SYNTHETIC[setting], RHOS[rho])
    crit = criteria_for(kind, N)
    start = time.perf_counter()
    af = af_monte_carlo(dist, N, crit, runs=af_runs, seed=seed, progress=False)
    t_af = (time.perf_counter() - start) / af_runs
    start = time.perf_counter()
    mc = simulate(dist, N, crit, runs=mc_runs, seed=seed + 1, progress=False)
    t_mc = (time.perf_counter() - start) / mc_runs
    sd_af, sd_mc = float(af["samples"].std(ddof=1)), float(mc["samples"].std(ddof=1))
    sd_af, sd_mc = (0.0 if sd < ZERO else sd for sd in (sd_af, sd_mc))   # float residue of a constant
    if sd_af > 0:
        ratio = (sd_mc / sd_af) * math.sqrt(t_mc / t_af)
    else:
        ratio = math.inf if sd_mc > 0 else None
    return {"setting": setting, "rho": rho, "criterion": str(crit), "N": N, "af_mean": af["mean"],
            "mc_mean": mc["mean"], "sd_af_run": sd_af, "sd_mc_run": sd_mc, "ms_af_run": 1e3 * t_af,
            "ms_mc_run": 1e3 * t_mc, "mc1_over_af": ratio, "mc10_over_af": None if ratio is None else ratio / math.sqrt(10),
            "af_runs": af_runs, "mc_runs": mc_runs}


def average_unit(setting: str, rho: str, kind: str, N: int, trees: int, seed: int) -> tuple:
    """Breiman's bound averaged over ``trees`` simulated trees of one Table 1 cell, and the share of
    trees with s <= 0."""
    from exactprune.rdt.experiment import tree_average_bound
    dist = correlated_distribution(SYNTHETIC[setting], RHOS[rho])
    mc = simulate(dist, N, criteria_for(kind, N), runs=trees, seed=seed, progress=False)
    return tree_average_bound(dist, mc["samples"])


def table1(trees: int, jobs: int, path: Path = RESULTS / "rdt_large_n.csv") -> str:
    """DD Table 1 at N = 10,000 (module docstring), as Markdown."""
    from exactprune.rdt.experiment import PAPER_TABLE1
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    kinds = [r["criterion"].split("(")[0] for r in rows]
    seeds = unit_seeds(2027, len(rows))
    averages = run_units(average_unit, [(r["setting"], r["rho"], k, int(r["N"]), trees, s % 2**31)
                                        for r, k, s in zip(rows, kinds, seeds)], jobs=jobs, progress=False,
                         label="Table 1 trees")

    def bound(ge: float) -> str:
        s = 1 - 2 * ge
        return "-" if s <= 1e-12 else f"{(1 - s * s) / (s * s):.3g}"
    out = [f"| setting | criterion | rho | avg over {trees} trees | s <= 0 | AF E[GE] (se) | bound at E[s] [95%] "
           "| DD printed |", "|---|---|---|---:|---:|---|---|---:|"]
    for r, kind, (avg, share) in zip(rows, kinds, averages):
        printed = PAPER_TABLE1[(kind, int(r["N"]), r["setting"])][list(RHOS).index(r["rho"])]
        ge, se = float(r["af_mean"]), float(r["sd_af_run"]) / math.sqrt(int(r["af_runs"]))
        out.append(f"| {r['setting']} | {r['criterion']} | {r['rho']} | {'-' if avg is None else f'{avg:.4g}'} | "
                   f"{share:.3g} | {ge:.4g} ({se:.2g}) | {bound(ge)} [{bound(ge - 1.96 * se)}, "
                   f"{bound(ge + 1.96 * se)}] | {printed} |")
    return "\n".join(out) + "\n"


def main(argv: list) -> None:
    if "--table1" in argv:
        import platform
        t0 = time.perf_counter()
        trees = int(argv[argv.index("--trees") + 1]) if "--trees" in argv else 200
        jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 1
        body = table1(trees, jobs)
        out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else None
        if out is None:
            print(body)
            return
        out.mkdir(parents=True, exist_ok=True)
        (out / "rdt_table1_n10000.md").write_text(
            "# DD Table 1 at N = 10,000: Breiman's bound averaged over trees and at the AF estimate of E[GE]\n\n"
            f"- command: `python3 benchmarks/bench_rdt_large_n.py {' '.join(argv)}` (trees seeded by "
            "`unit_seeds(2027, 45)`; AF estimates read from rdt_large_n.csv, written by "
            "`python3 benchmarks/bench_rdt_large_n.py --jobs 2`, seeds `unit_seeds(2026, 45)`)\n"
            f"- software: Python {platform.python_version()}; wall time {time.perf_counter() - t0:.2f} s\n"
            "- bound kappa (1 - s^2) / s^2, kappa = 1, averaged over the simulated trees with s > 0 (s <= 0: the "
            "share of trees without a bound) and at s = 1 - 2 E[GE] (two classes); '-' where s = 0 "
            "(rho = 0, GE = 1/2: the bound does not exist). DD average the bound over trees. The bound is "
            "convex in s on (0, 1], so when every tree has s > 0 the average over trees is at least the bound at "
            "the mean strength (Jensen): a printed value below the bound at E[s] then cannot be that "
            "average; trees with s <= 0, where the bound does not exist, break this argument (DD do not say how "
            "they treat them).\n\n" + body)
        print(body)
        return
    quick = "--quick" in argv
    jobs = int(argv[argv.index("--jobs") + 1]) if "--jobs" in argv else 1
    N = 10000
    rhos = ["0.36", "0.02"] if quick else list(RHOS)
    plan = [(s, r, k) for s in SYNTHETIC for k in ("fixed", "purity", "scarcity") for r in rhos]
    seeds = unit_seeds(2026, len(plan))
    af_runs, mc_runs = (5, 50) if quick else (10, 200)
    rows = run_units(unit, [p + (N, af_runs, mc_runs, s % 2**31) for p, s in zip(plan, seeds)], jobs=jobs,
                     progress=True, label="N=10000 units")
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else None
    if out is None:
        for r in rows:
            print(r)
        return
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "rdt_large_n.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    fmt = lambda v: "-" if v is None else f"{v:.3g}"   # noqa: E731
    with open(out / "rdt_large_n.md", "w") as fh:
        fh.write(f"# N = 10,000: AF-MC against MC-1 / MC-10 at equal cost\n\n`python3 benchmarks/bench_rdt_large_n.py"
                 f"{' --quick' if quick else ''} --jobs {jobs}`; {af_runs} AF-MC runs and {mc_runs} MC runs per row. "
                 "Ratio = MC error / AF error at equal wall time (>= 10: AF at least 10x more accurate). "
                 "inf: AF's per-run sd is 0 (every sampled data set gives the same E[GE | data], AF is exact at "
                 "any cost); -: both sds are 0 (rho = 0: every tree has GE = 1/2; or GE constant).\n\n"
                 "| setting | rho | criterion | sd/run AF | sd/run MC | ms/run AF | ms/run MC | MC-1/AF | MC-10/AF | >= 10x |\n"
                 "|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            ok = "-" if r["mc1_over_af"] is None else ("yes" if r["mc1_over_af"] >= 10 else "**no**")
            fh.write(f"| {r['setting']} | {r['rho']} | {r['criterion']} | {fmt(r['sd_af_run'])} | {fmt(r['sd_mc_run'])} | "
                     f"{fmt(r['ms_af_run'])} | {fmt(r['ms_mc_run'])} | {fmt(r['mc1_over_af'])} | {fmt(r['mc10_over_af'])} | {ok} |\n")
    for r in rows:
        print(r["setting"], r["rho"], r["criterion"], fmt(r["mc1_over_af"]), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
