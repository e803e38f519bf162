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
    units = all_units(databases, ratios, runs, seed, data_dir)
    return (workers or Workers()).run(E.run_unit, units, label="runs", cost=E.protocol_cost(units))


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


#: the ways of growing the tree compared by ``--investigate sizes``: (label, scikit-learn
#: parameters, coding of abalone's sex, shuffle seed offset of the 20 subsets)
SIZE_VARIANTS = (
    ("as in the tables: Gini, grown until pure, one-hot", {}, "one-hot", 0),
    ("min_samples_leaf = 5 (CART-like minimum node size)", {"min_samples_leaf": 5}, "one-hot", 0),
    ("min_samples_split = 10", {"min_samples_split": 10}, "one-hot", 0),
    ("entropy instead of Gini", {"criterion": "entropy"}, "one-hot", 0),
    ("sex coded ordinally (F < I < M), abalone only", {}, "ordinal", 0),
    ("other 20 subsets (shuffle seed + 100)", {}, "one-hot", 100),
    ("other 20 subsets (shuffle seed + 200)", {}, "one-hot", 200),
)
LAM_FACTORS = (1, 1.5, 2, 3)


def _ordinal_sex(X, names):
    """abalone with the one-hot columns ``sex=v`` replaced by one ordinal column (values sorted)."""
    import numpy as np
    cols = [j for j, n in enumerate(names) if n.startswith("sex=")]
    keep = [j for j in range(X.shape[1]) if j not in cols]
    return np.column_stack([X[:, keep], np.argmax(X[:, cols], axis=1)])


def investigate_sizes(databases, runs: int, seed: int, data_dir, workers, ratio_m: int = 10) -> str:
    """Table 6.3's 2-norm size under each of :data:`SIZE_VARIANTS` and lam x :data:`LAM_FACTORS`
    (``exactprune.experiments.size_variant_unit``), mean +- sd over the runs, as Markdown."""
    import numpy as np
    from exactprune.datasets import load_csv
    units, keys = [], []
    for db in databases:
        for label, params, coding, shift in SIZE_VARIANTS:
            if coding == "ordinal" and db != "abalone":
                continue
            if db in E.GAUSSIAN:
                X, y = E.load_dataset(db, seed=seed)
            else:
                data = load_csv(resolve_data_path(db, data_dir))
                X, y = data.X, data.y
                if coding == "ordinal":
                    X = _ordinal_sex(X, data.feature_names)
            order = np.random.default_rng(seed + shift + 1).permutation(len(y))
            for i in range(runs):
                units.append((X, y, order, ratio_m, i, seed + i, params, LAM_FACTORS))
                keys.append((db, label))
    results = workers.run(E.size_variant_unit, units, label="size variants")
    ratio = round(100 * ratio_m / 20)

    def cell(values):
        return f"{np.mean(values):.1f} +- {np.std(values, ddof=1):.1f}"

    out = [f"| database ({ratio}%) | grown tree | L (full) | lam | "
           + " | ".join(f"2-norm, lam x {f}" for f in LAM_FACTORS) + " | EBP | printed 2-norm / EBP |",
           "|---|---|" + "---:|" * (len(LAM_FACTORS) + 4)]
    for db, label in dict.fromkeys(keys):
        rs = [r for k, r in zip(keys, results) if k == (db, label)]
        printed = E.PRINTED["leaves"][ratio][db]
        out.append(f"| {db} | {label} | {cell([r['full'] for r in rs])} | {np.mean([r['lam'] for r in rs]):.3f} | "
                   + " | ".join(cell([r["2-norm"][f] for r in rs]) for f in LAM_FACTORS)
                   + f" | {cell([r['EBP'] for r in rs])} | {printed['2-norm']['mean']:.1f} +- "
                   f"{printed['2-norm']['std']:.1f} / {printed['EBP']['mean']:.1f} |")
    return "\n".join(out)


def investigate_ccp_rule(databases, ratios, runs: int, seed: int, data_dir, workers) -> str:
    """CCP's size under the 1-SE and the 0-SE rule of one 10-fold CV per run
    (``exactprune.experiments.ccp_rule_unit``) beside Table 6.3's CCP column, as Markdown; ``z``
    = |here - printed| / printed sd, the rule with the smaller z is the closer one."""
    import numpy as np
    units = [u for db in databases for u in E.protocol_units(db, ratios=ratios, runs=runs, seed=seed,
                                                              data_dir=data_dir)]
    results = workers.run(E.ccp_rule_unit, [(X, y, order, m, i, s, V) for _, _, i, X, y, order, m, _, V, s in units],
                          label="CCP rules")
    out = ["| R | database | CCP 1-SE | CCP 0-SE | printed | z 1-SE | z 0-SE | closer |",
           "|---|---|---:|---:|---:|---:|---:|:---:|"]
    RULES = ("1-SE", "0-SE")
    wins = dict.fromkeys(RULES, 0)
    for key in dict.fromkeys((u[1], u[0]) for u in units):
        rs = [r for u, r in zip(units, results) if (u[1], u[0]) == key]
        p = E.PRINTED["leaves"][key[0]][key[1]]["CCP"]
        stats = {rule: (np.mean([r[rule] for r in rs]), np.std([r[rule] for r in rs], ddof=1)) for rule in RULES}
        z = {rule: abs(stats[rule][0] - p["mean"]) / max(p["std"], 0.05) for rule in RULES}
        closer = "tie" if z["1-SE"] == z["0-SE"] else min(wins, key=z.get)
        wins[closer] = wins.get(closer, 0) + 1
        out.append(f"| {key[0]} | {key[1]} | " + " | ".join(f"{m:.1f} +- {sd:.1f}" for m, sd in stats.values())
                   + f" | {p['mean']:.1f} +- {p['std']:.1f} | {z['1-SE']:.2f} | {z['0-SE']:.2f} | {closer} |")
    out.append(f"\ncloser to the printed CCP size: 1-SE in {wins['1-SE']}, 0-SE in {wins['0-SE']}, "
               f"tie in {wins.get('tie', 0)} of {sum(wins.values())} cells")
    return "\n".join(out)


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
    parser.add_argument("--investigate", choices=("sizes", "ccp-rule"),
                        help="instead of the tables: 2-norm and EBP sizes under other ways of growing the tree "
                        "and lam (sizes, 50%%), or CCP's size under the 1-SE and 0-SE rules (ccp-rule); "
                        "Markdown on stdout")
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
    if args.investigate:
        with workers_from_args(args) as workers:
            print(investigate_sizes(databases, args.runs, args.seed, args.data_dir, workers)
                  if args.investigate == "sizes" else
                  investigate_ccp_rule(databases, ratios, args.runs, args.seed, args.data_dir, workers))
        return 0
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
        + " (the rest is growing the full trees, loading and testing)",
        "- bold diff: |here - printed| > 2 max(std here, std printed) and >= 0.05; +/- columns: 2-norm against that "
        "method by Zhong's rule (|diff| >= 1 and paired t-test p <= 5%), here / printed", ""])
    write_results(args.out, runs, tables, header)
    print(E.format_tables(tables))
    print(f"wall {elapsed:.1f} s; pruning seconds per method: "
          + ", ".join(f"{m} {totals[m]:.2f}" for m in E.METHODS), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
