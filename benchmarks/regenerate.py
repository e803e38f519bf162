"""Regenerate every committed figure and derived result of benchmarks/ from the committed runs, or,
with ``--full``, rerun every experiment at full size first (hours on two cores).

    python3 benchmarks/regenerate.py --out benchmarks                 # figures and derived results
    python3 benchmarks/regenerate.py --out benchmarks --full --data-dir DIR --dd-data DIR [--jobs 2]

From the committed runs (seconds):

* figures/scaling_{time,leaves,error}.png (Zhong Figures 6.2-6.3) from figures/scaling.csv;
* figures/array_scaling_{time,memory}.png from figures/array_scaling.csv;
* figures/rdt_figure7.png (DD Figure 7): per data set and stopping rule, the golden standard (exact, or
  20,000 Monte Carlo trees on Pima), AF (exact on Balloons and Shuttle; 40 sampled data sets on Pima),
  MC-1 (100 trees) and MC-10 (1,000 trees), each +- one standard error *of the run behind it*
  (results/rdt_grid.csv, results/rdt_pima_af.md), and on Pima DD's equal-cost ratio se(MC-i) / se(AF)
  with MC-i matched by iterations;
* figures/rdt_large_n.png (DD Figures 4-6 at N = 10,000): AF (10 sampled data sets) and MC (200 trees)
  +- one standard error of those runs (results/rdt_large_n.csv);
* results/rdt_moments_timing.png from results/rdt_moments_timing.csv;
* results/chapter6_equivalence.{md,csv} from results/chapter6_runs.csv and chapter6_table65.csv.

``--full`` first runs the commands of :data:`FULL` (each with ``--out``; the UCI databases of Zhong
chapter 6 in ``--data-dir``, DD's in ``--dd-data``), then the above.  Nothing is written without ``--out``.
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from exactprune.rdt.experiment import matched_iterations  # noqa: E402

#: the full-size commands behind the committed results, in order: {out} is the --out folder, {data} and
#: {dd} the data folders, {jobs} the worker processes (the rdt grid is written by the command line)
FULL = (
    "python3 benchmarks/bench_chapter6.py --data-dir {data} --jobs {jobs} --out {out}/results",
    "python3 benchmarks/bench_chapter6.py --agreement --data-dir {data} --jobs {jobs} --results {out}/results "
    "--out {out}/results",
    "python3 benchmarks/bench_chapter6.py --table-6-5 --data-dir {data} --jobs {jobs} --out {out}/results",
    "python3 benchmarks/bench_chapter6.py --cv-estimate --jobs {jobs} --out {out}/results",
    "python3 benchmarks/bench_scaling.py --max-log2n 17 --repeats 3 --out {out}",
    "python3 benchmarks/bench_scaling.py --min-log2n 18 --max-log2n 18 --repeats 3 --append --out {out}",
    "python3 benchmarks/bench_scaling.py --min-log2n 19 --max-log2n 19 --repeats 2 --append --out {out}",
    "python3 benchmarks/bench_scaling_counts.py --max-log2n 16 --repeats 3 --out {out}/results",
    "python3 benchmarks/bench_scaling_array.py --out {out}/figures",
    "python3 -m exactprune rdt experiment --N 100 --mc-runs 100 --te-runs 20000 --seed 0 --pima {dd}/pima.csv.gz "
    "--balloons {dd}/balloons.csv.gz --shuttle {dd}/shuttle.csv.gz --out {out}/results/rdt_grid",
    "python3 benchmarks/bench_rdt_large_n.py --jobs {jobs} --out {out}/results",
    "python3 benchmarks/bench_rdt_large_n.py --table1 --trees 200 --jobs {jobs} --out {out}/results",
    "python3 benchmarks/bench_rdt_pima.py --af-runs 40 --mc-runs 2000 --data {dd}/pima.csv.gz --out {out}/results",
    "python3 benchmarks/bench_rdt_moments.py --out {out}/results",
)


def _rows(path: Path) -> list:
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def pima_af(path: Path) -> dict:
    """criterion -> (AF mean, AF standard error, AF iterations) from the committed Pima table."""
    text = path.read_text()
    runs = int(text.split("--af-runs ")[1].split()[0])
    out = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and " +- " in line and not cells[0].startswith("criterion"):
            mean, se = (float(x) for x in cells[2].split(" +- "))
            out[cells[0]] = (mean, se, runs)
    return out


def figure7(source: Path, out: Path) -> Path:
    """DD Figure 7 from the runs in ``source``/results (module docstring) into ``out``."""
    grid = [r for r in _rows(source / "results" / "rdt_grid.csv") if r["data"] in ("pima", "balloons", "shuttle")]
    af = pima_af(source / "results" / "rdt_pima_af.md")
    fig, axes = plt.subplots(3, 3, figsize=(11, 8.5))
    styles = {"golden": ("k", "D"), "AF": ("tab:blue", "o"), "MC-1": ("tab:orange", "s"), "MC-10": ("tab:green", "^")}
    for i, data in enumerate(("pima", "balloons", "shuttle")):
        for j, row in enumerate(r for r in grid if r["data"] == data):
            ax = axes[i, j]
            exact = row["golden"] == "exact"
            golden_runs = 1 if exact else int(row["golden"].split()[1])
            points = {"golden": (float(row["E_GE"]), 0.0 if exact else float(row["sd_GE"]) / math.sqrt(golden_runs))}
            points["AF"] = points["golden"] if exact else af[row["criterion"]][:2]
            for label, runs in (("MC-1", "mc1"), ("MC-10", "mc10")):
                points[label] = (float(row[f"{runs}_E_GE"]), float(row[f"{runs}_sd_GE"]) / math.sqrt(int(row[f"{runs}_runs"])))
            for k, (label, (mean, se)) in enumerate(points.items()):
                color, marker = styles[label]
                ax.errorbar([k], [mean], yerr=[se], fmt=marker, color=color, capsize=4, markersize=7)
            ax.axhline(points["golden"][0], color="gray", lw=0.8, ls=":")
            names = ["exact" if exact else f"TE\n{golden_runs:,} trees", "AF\nexact" if exact
                     else f"AF\n{af[row['criterion']][2]} data sets", f"MC-1\n{row['mc1_runs']} trees",
                     f"MC-10\n{row['mc10_runs']} trees"]
            ax.set_xticks(range(4))
            ax.set_xticklabels(names, fontsize=8)
            ax.set_xlim(-0.5, 3.5)
            ax.tick_params(axis="y", labelsize=8)
            ax.ticklabel_format(axis="y", useOffset=False, style="plain")
            title = f"{data}, {row['criterion']}"
            if not exact:
                mean, se, runs = af[row["criterion"]]
                m = matched_iterations(se * math.sqrt(runs), runs, float(row["sd_GE"]), golden_runs, 10)
                title += f"\nse(MC-10)/se(AF) at equal iterations {m['ratio']:.2f} [{m['lo']:.2f}, {m['hi']:.2f}]"
            else:
                title += "\nAF is the golden standard (no test)"
            ax.set_title(title, fontsize=8.5)
            if j == 0:
                ax.set_ylabel("E[GE] +- 1 se of the run", fontsize=8)
    fig.suptitle("DD Figure 7 from the committed runs: estimates of E[GE], each +- one standard error of the runs "
                 "behind it", fontsize=10)
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / "rdt_figure7.png", dpi=100)
    plt.close(fig)
    return out / "rdt_figure7.png"


def figure_large_n(source: Path, out: Path) -> Path:
    """DD Figures 4-6 at N = 10,000 from the runs in ``source``/results (module docstring) into ``out``."""
    rows = _rows(source / "results" / "rdt_large_n.csv")
    settings = list(dict.fromkeys(r["setting"] for r in rows))
    rhos = list(dict.fromkeys(r["rho"] for r in rows))
    fig, axes = plt.subplots(1, 3, figsize=(13, 4.2))
    colors = dict(zip(settings, ("tab:blue", "tab:orange", "tab:green")))
    for ax, (kind, label) in zip(axes, (("fixed", "Figure 4: fixed height"), ("purity", "Figure 5: purity"),
                                        ("scarcity", "Figure 6: scarcity"))):
        for s_index, setting in enumerate(settings):
            pts = [r for r in rows if r["setting"] == setting and r["criterion"].startswith(kind)]
            x = [rhos.index(r["rho"]) for r in pts]
            for estimator, mean, sd, runs, marker, line, shift in (
                    ("AF", "af_mean", "sd_af_run", "af_runs", "o", "-", -0.12),
                    ("MC", "mc_mean", "sd_mc_run", "mc_runs", "s", "--", 0.12)):
                ax.errorbar([v + shift + 0.04 * (s_index - 1) for v in x], [float(r[mean]) for r in pts],
                            yerr=[float(r[sd]) / math.sqrt(int(r[runs])) for r in pts], fmt=marker, linestyle=line,
                            color=colors[setting], capsize=3, markersize=5,
                            markerfacecolor="none" if estimator == "MC" else colors[setting],
                            label=f"{setting}, {estimator} ({pts[0][runs]} {'data sets' if estimator == 'AF' else 'trees'})")
        ax.set_xticks(range(len(rhos)))
        ax.set_xticklabels([f"rho {r}" for r in rhos], fontsize=8)
        ax.tick_params(axis="y", labelsize=8)
        ax.set_title(label, fontsize=9)
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("E[GE] +- 1 se of the runs", fontsize=8)
    axes[-1].legend(fontsize=6.5, loc="lower right")
    fig.suptitle("DD Figures 4-6 at N = 10,000 from the committed runs (AF filled, solid; MC hollow, dashed)",
                 fontsize=10)
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / "rdt_large_n.png", dpi=100)
    plt.close(fig)
    return out / "rdt_large_n.png"


def from_runs(source: Path, out: Path) -> list:
    """Every figure and derived result of the module docstring, from the runs in the benchmarks-like
    folder ``source`` into ``out``; the paths written."""
    import bench_chapter6
    import bench_rdt_moments
    import bench_scaling
    import bench_scaling_array
    figures, results = out / "figures", out / "results"
    written = bench_scaling.plot(bench_scaling.read_csv(source / "figures" / "scaling.csv"), figures)
    with open(source / "figures" / "array_scaling.csv") as handle:
        bench_scaling_array.plot(list(csv.reader(handle))[1:], figures)
    written += [figures / "array_scaling_time.png", figures / "array_scaling_memory.png"]
    written += [figure7(source, figures), figure_large_n(source, figures)]
    written.append(bench_rdt_moments.plot(_rows(source / "results" / "rdt_moments_timing.csv"), results))
    bench_chapter6.main(["--equivalence", "--results", str(source / "results"), "--out", str(results)])
    written += [results / "chapter6_equivalence.md", results / "chapter6_equivalence.csv"]
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="benchmarks folder to write into (e.g. benchmarks)")
    parser.add_argument("--full", action="store_true", help="rerun every experiment at full size first (hours)")
    parser.add_argument("--data-dir", default=os.environ.get("EXACTPRUNE_DATA"), help="Zhong's UCI databases")
    parser.add_argument("--dd-data", default=os.environ.get("EXACTPRUNE_DD_DATA"), help="DD's UCI data sets")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.full:
        if not (args.data_dir and args.dd_data):
            parser.error("--full needs --data-dir and --dd-data (or EXACTPRUNE_DATA and EXACTPRUNE_DD_DATA)")
        root = HERE.parent
        for command in FULL:
            line = command.format(out=args.out, data=args.data_dir, dd=args.dd_data, jobs=args.jobs)
            print("+", line, flush=True)
            subprocess.run(line.split(), check=True, cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    for path in from_runs(args.out if args.full else HERE, args.out):
        print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
