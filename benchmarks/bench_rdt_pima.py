"""DD Figure 7 on Pima Indians: an AF estimate (issue 27), against MC-1 and MC-10 at equal cost.

Pima has N = 768 rows and 8 attributes (each split at its mean), too large for exact moments, so
the grid (``exactprune rdt experiment``, results/rdt_grid.csv) has only a long Monte Carlo golden
standard there ("TE", 20,000 trees) and no AF.  Here AF is DD's expressions with the data sets
sampled (:func:`exactprune.rdt.af_monte_carlo`, ``--af-runs`` data sets, the tree randomness
integrated exactly on each), and MC-1 grows one tree per sampled data set.  Equal cost as DD
define it (MC-i: i times AF's effort), measured as wall time: the standard error each estimator
reaches in AF's budget B = runs x time per run is sd_run sqrt(t_run / B), MC-10's that over
sqrt(10).  Each estimate is compared with TE by z = (estimate - TE) / sqrt(se^2 + se_TE^2).

Run from the repository root:  python3 benchmarks/bench_rdt_pima.py [--af-runs 40] [--mc-runs 2000]
[--out benchmarks/results] (the data file: $EXACTPRUNE_DD_DATA/pima.csv.gz).  Writes OUT/rdt_pima_af.md;
without ``--out`` the table goes to stdout only.  The ledger's Figure 7 rows read its AF column with
MC-i matched by iterations (rdt.experiment.matched_iterations); the wall-time ratios are this
implementation's.
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from exactprune.rdt import af_monte_carlo, simulate  # noqa: E402
from exactprune.rdt.distributions import distribution_from_csv  # noqa: E402
from exactprune.rdt.experiment import criteria_for  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def golden(path: Path = RESULTS / "rdt_grid.csv") -> dict:
    """TE of the grid for Pima: criterion -> (E[GE], its standard error)."""
    with open(path, newline="") as fh:
        return {r["criterion"]: (float(r["E_GE"]), float(r["sd_GE"]) / math.sqrt(int(r["golden"].split()[1])))
                for r in csv.DictReader(fh) if r["data"] == "pima"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=os.path.join(os.environ.get("EXACTPRUNE_DD_DATA", ""), "pima.csv.gz"))
    parser.add_argument("--af-runs", type=int, default=40)
    parser.add_argument("--mc-runs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for rdt_pima_af.md (e.g. benchmarks/results); without it nothing is written")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.data):
        parser.error(f"no Pima file {args.data!r}: give --data or set EXACTPRUNE_DD_DATA")
    t0 = time.perf_counter()
    dist, N = distribution_from_csv(args.data, continuous=True)
    te = golden()
    lines = ["| criterion | TE (20,000 trees) | AF-MC +- se | z AF | MC-1 at equal cost +- se | z MC-1 | "
             "MC-10 se | MC-1 / AF error | MC-10 / AF error |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for j, kind in enumerate(("fixed", "purity", "scarcity")):
        crit = criteria_for(kind, N)
        start = time.perf_counter()
        af = af_monte_carlo(dist, N, crit, runs=args.af_runs, seed=args.seed + 2 * j, progress=False)
        t_af = (time.perf_counter() - start) / args.af_runs
        start = time.perf_counter()
        mc = simulate(dist, N, crit, runs=args.mc_runs, seed=args.seed + 2 * j + 1, progress=False)
        t_mc = (time.perf_counter() - start) / args.mc_runs
        sd_af, sd_mc = float(af["samples"].std(ddof=1)), float(mc["samples"].std(ddof=1))
        budget = args.af_runs * t_af
        se_af, se_mc1 = sd_af / math.sqrt(args.af_runs), sd_mc * math.sqrt(t_mc / budget)
        ge, se_te = te[str(crit)]
        z_af = (af["mean"] - ge) / math.hypot(se_af, se_te)
        z_mc = (mc["mean"] - ge) / math.hypot(sd_mc / math.sqrt(args.mc_runs), se_te)
        lines.append(f"| {crit} | {ge:.5f} +- {se_te:.1e} | {af['mean']:.5f} +- {se_af:.1e} | {z_af:+.2f} | "
                     f"{mc['mean']:.5f} +- {se_mc1:.1e} | {z_mc:+.2f} | {se_mc1 / math.sqrt(10):.1e} | "
                     f"{se_mc1 / se_af:.3g} | {se_mc1 / math.sqrt(10) / se_af:.3g} |")
    header = ["# DD Figure 7 on Pima: AF-MC against MC-1 and MC-10 at equal cost", "",
              f"- command: `python3 benchmarks/bench_rdt_pima.py --af-runs {args.af_runs} --mc-runs {args.mc_runs} "
              f"--seed {args.seed}` (data: EXACTPRUNE_DD_DATA/pima.csv.gz, N = {N})",
              f"- software: Python {platform.python_version()}; wall time {time.perf_counter() - t0:.1f} s "
              "(shared machine, nice 10)",
              "- AF-MC: DD's expressions on sampled data sets, the tree randomness integrated exactly; MC-1's "
              f"point estimate from {args.mc_runs} trees, its +- the standard error it reaches in AF's wall time "
              "(equal cost), MC-10's in ten times that; z against the grid's TE (results/rdt_grid.csv); error "
              "ratios > 1: AF more accurate at equal cost", ""]
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "rdt_pima_af.md").write_text("\n".join(header + lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
