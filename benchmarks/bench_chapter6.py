"""Zhong chapter 6 (Figure 6.1) on the 14 databases of Table 6.1, beside the printed Tables 6.2-6.4.

Protocol (``exactprune.experiments``): each database shuffled once (seed), split into 20 subsets;
for each training ratio (5% = 1 subset, 50% = 10 subsets) and each run i, a full CART tree
(scikit-learn, Gini, grown until pure) is grown on subsets i..i+m-1 and pruned by CCP (10-fold CV,
1-SE rule), the 2-norm (k = 2, eta = 1/2, lam = 100 L / (J^2 N), Zhong 6.3) and EBP (C4.5 R8,
CF = 25%, subtree raising); the rest is the test set.  Accuracy, leaves and pruning time per
method and Zhong's significance rule; Zhong's printed values beside them, with the difference
(bold in the Markdown when larger than 2 standard deviations of the runs).

Data: the four Gaussian databases are generated (seeded); the ten UCI databases are read as
``NAME.csv.gz`` (or ``NAME.csv``) from ``--data-dir`` or the folder named by the environment
variable ``EXACTPRUNE_DATA`` (class in the last column; categorical attributes one-hot coded,
see ``exactprune.datasets``).  Every run (database x ratio x run) is a work unit of
``exactprune.parallel.run_units``: ``--jobs N`` processes or ``--dask ADDRESS`` (docs/parallel.md),
the same tables whatever the setting; progress goes to stderr on a terminal.  Writes ``chapter6.csv`` (one row per table, ratio, database, method:
here and printed), ``chapter6_runs.csv`` (every run) and ``chapter6.md`` (command, seed, software
versions, times per method, the tables) into ``--out``.

    python3 benchmarks/bench_chapter6.py --data-dir DIR [--runs 20] [--ratios 5,50]
        [--databases abalone,g2c15,...] [--seed 0] [--jobs 2 | --dask local:2] [--out benchmarks/results]
"""
from __future__ import annotations

import argparse
import csv
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from exactprune import experiments as E  # noqa: E402
from exactprune.datasets import DATA_ENV, resolve_data_path  # noqa: E402
from exactprune.parallel import add_parallel_arguments, workers_from_args  # noqa: E402


def all_units(databases, ratios, runs: int, seed: int, data_dir) -> list:
    """The work units of every database, in the order (database, ratio, run)."""
    return [unit for db in databases
            for unit in E.protocol_units(db, ratios=ratios, runs=runs, seed=seed, data_dir=data_dir)]


def run_all(databases, ratios, runs: int, seed: int, data_dir, workers=None) -> list:
    """Every run of the protocol as one list of work units for ``workers``
    (``exactprune.parallel.Workers``, default serial); Runs in the order (database, ratio, run)."""
    from exactprune.parallel import Workers
    return (workers or Workers()).run(E.run_unit, all_units(databases, ratios, runs, seed, data_dir), label="runs")


def method_times(runs) -> dict:
    """Total pruning seconds per method over all runs (the sum of Table 6.4's cells x runs)."""
    return {m: sum(r.seconds[m] for r in runs) for m in E.METHODS}


def versions() -> str:
    import numpy, scipy, sklearn
    try:
        import flint
        flint_version = flint.__version__
    except (ImportError, AttributeError):
        flint_version = "absent"
    return (f"Python {platform.python_version()}, numpy {numpy.__version__}, scipy {scipy.__version__}, "
            f"scikit-learn {sklearn.__version__}, python-flint {flint_version}, {platform.machine()} "
            f"{os.cpu_count()} cores")


def write_results(out: str, runs, tables: dict, header: str) -> None:
    os.makedirs(out, exist_ok=True)
    rows = E.side_by_side(tables)
    fields = ["table", "ratio", "database", "method", "mean", "std", "printed_mean", "printed_std", "diff",
              "flag", "ratio_here_printed", "sign", "printed_sign"]
    with open(os.path.join(out, "chapter6.csv"), "w", newline="") as handle:
        writer = csv.DictWriter(handle, fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    with open(os.path.join(out, "chapter6_runs.csv"), "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["database", "ratio", "run", "method", "accuracy", "leaves", "seconds"])
        for r in runs:
            for m in E.METHODS:
                writer.writerow([r.dataset, r.ratio, r.index, m, repr(r.accuracy[m]), r.leaves[m],
                                 f"{r.seconds[m]:.6g}"])
    with open(os.path.join(out, "chapter6.md"), "w") as handle:
        handle.write(header + "\n" + E.format_markdown(tables))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", default=os.environ.get(DATA_ENV),
                        help=f"folder of the UCI databases NAME.csv[.gz] (default: ${DATA_ENV})")
    parser.add_argument("--runs", type=int, default=20, help="runs per ratio (default 20, Figure 6.1)")
    parser.add_argument("--ratios", default="5,50", help="training ratios in %% (default 5,50)")
    parser.add_argument("--databases", default=",".join(E.TABLE_6_1),
                        help="comma-separated databases (default: all 14 of Table 6.1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=os.path.join(HERE, "results"), help="output folder")
    add_parallel_arguments(parser)
    args = parser.parse_args(argv)
    from exactprune.commands.compare import parse_ratios
    ratios = parse_ratios(args.ratios)
    databases = [d.strip() for d in args.databases.split(",") if d.strip()]
    missing = [d for d in databases if d not in E.DATASETS and resolve_data_path(d, args.data_dir) is None]
    if missing:
        parser.error(f"no data file for {', '.join(missing)}: give --data-dir or set {DATA_ENV} to the folder "
                     f"holding NAME.csv.gz")
    if not 1 <= args.runs <= 20:
        parser.error("--runs must lie in 1..20")
    t0 = time.perf_counter()
    with workers_from_args(args) as workers:
        runs = run_all(databases, ratios, args.runs, args.seed, args.data_dir, workers)
    elapsed = time.perf_counter() - t0
    tables = E.summarize(runs)
    totals = method_times(runs)
    command = "python3 benchmarks/bench_chapter6.py " + " ".join(
        a if not args.data_dir or a != args.data_dir else "DIR" for a in (argv if argv is not None else sys.argv[1:]))
    header = "\n".join([
        "# Zhong chapter 6 (Figure 6.1 protocol) here and as printed", "",
        f"- command: `{command}`",
        f"- seed {args.seed}; {args.runs} runs per ratio; ratios {args.ratios}%; {len(databases)} databases; "
        + (f"Dask scheduler {args.dask}" if args.dask else f"{args.jobs or 1} worker processes"),
        f"- software: {versions()}",
        f"- wall time {elapsed:.1f} s; pruning time summed over all runs: "
        + ", ".join(f"{m} {totals[m]:.2f} s" for m in E.METHODS)
        + f" (the rest is growing the full trees, loading and testing)",
        "- bold diff: |here - printed| > 2 max(std here, std printed) and >= 0.05; +/- columns: 2-norm against that "
        "method by Zhong's rule (|diff| >= 1 and paired t-test p <= 5%), here / printed", ""])
    write_results(args.out, runs, tables, header)
    print(E.format_tables(tables))
    print(f"wall {elapsed:.1f} s; pruning seconds per method: "
          + ", ".join(f"{m} {totals[m]:.2f}" for m in E.METHODS), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
