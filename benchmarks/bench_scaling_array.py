"""Scaling of the array count tree (issues 14, 28): g2c15 from 2^9 to 2^K training examples, a
fully grown Gini ``DecisionTreeClassifier(random_state=0)`` per size; log-log figures of time and
memory.

Each call starts from the fitted estimator and is timed ``--repeats`` times (median, with the
least and greatest as error bars):

* ``Tree.from_sklearn``: the conversion alone (every exactprune row below includes it);
* ``PruneTree k=2``: ``prune(Tree.from_sklearn(est), 2)`` and its pruned tree (exact decisions);
* ``k-norm sequence``: ``knorm_sequence(Tree.from_sklearn(est), crossings=False)`` (exact integer
  breakpoints);
* ``k-norm sequence + crossings``: the same with the certified real crossings (up to
  ``--crossings-max-log2n``);
* ``Gini CCP (exact)``: ``ccp_sequence(Tree.from_sklearn(est), cost="gini", ties="sklearn")``;
* ``misclassification CCP (exact)``: ``ccp_sequence(Tree.from_sklearn(est), cost="misclassification",
  ties="sklearn")`` (Zhong's cost, integer costs);
* ``sklearn ccp_pruning_path``: scikit-learn's float cost-complexity path (up to ``--ccp-max-log2n``);
* ``numpy float PruneTree``: the float64 baseline of ``bench_array.py``.

Memory: the peak of the memory traced by ``tracemalloc`` (Python objects and numpy buffers; not
scikit-learn's or flint's C allocations) during one more call of each, and its ratio to the bytes of
the count arrays (``Tree.arrays().nbytes()``); the storage rows give the count arrays and
scikit-learn's ``tree_`` arrays.  Figures ``array_scaling_time.png`` and
``array_scaling_memory.png`` and the rows ``array_scaling.csv`` go to benchmarks/figures/.

scikit-learn's ``ccp_pruning_path`` grows faster than linearly (about a minute per call at 2^20
on a shared 2-core machine).  ``--min-log2n`` adds sizes to the rows already in
array_scaling.csv (rows of those sizes are replaced).

Run: python3 benchmarks/bench_scaling_array.py [--min-log2n 9] [--max-log2n 22] [--ccp-max-log2n 20]
                                               [--crossings-max-log2n 20] [--seed 0] [--repeats 3]
                                               [--out benchmarks/figures]
     python3 benchmarks/bench_scaling_array.py --replot --out benchmarks/figures   # redraw from the committed CSV
Nothing is written without ``--out``.
"""
from __future__ import annotations

import argparse
import csv
import statistics
import time
import tracemalloc
from pathlib import Path

from bench_array import float_prunetree      # the script's own directory is on sys.path

COMMITTED = Path(__file__).resolve().parent / "figures"
CSV = COMMITTED / "array_scaling.csv"
COLUMNS = ["n", "nodes", "method", "seconds", "seconds_min", "seconds_max", "repeats", "bytes", "bytes_over_arrays"]
#: one marker per row of the figures (ten rows share two line styles)
MARKERS = ("o", "s", "^", "v", "D", "P", "X", "*", "<", ">")
METHODS = ("Tree.from_sklearn", "PruneTree k=2", "k-norm sequence", "k-norm sequence + crossings",
           "Gini CCP (exact)", "misclassification CCP (exact)", "sklearn ccp_pruning_path",
           "numpy float PruneTree")


def peak_bytes(run) -> int:
    """Peak traced memory (bytes) of one call of ``run``."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def times(repeats: int, run) -> list:
    """Seconds of ``repeats`` calls of ``run`` (each result dropped before the next call)."""
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        out.append(time.perf_counter() - start)
    return out


def measure(log2n: int, seed: int, repeats: int, with_ccp: bool = True, with_crossings: bool = True) -> list:
    """Rows (``COLUMNS``) for one size, plus the two storage rows."""
    from sklearn.tree import DecisionTreeClassifier
    from sklearn.tree._tree import ccp_pruning_path
    from exactprune.experiments import gaussian_data
    from exactprune.knorm import prune
    from exactprune.peers.ccp import ccp_sequence
    from exactprune.sequence import knorm_sequence
    from exactprune.tree import Tree

    n = 2 ** log2n
    X, y = gaussian_data("g2c15", n, seed=seed)
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    runs = {
        "Tree.from_sklearn": lambda: Tree.from_sklearn(est),
        "PruneTree k=2": lambda: prune(Tree.from_sklearn(est), 2).tree,
        "k-norm sequence": lambda: knorm_sequence(Tree.from_sklearn(est), crossings=False),
        "k-norm sequence + crossings": lambda: knorm_sequence(Tree.from_sklearn(est), crossings=True),
        "Gini CCP (exact)": lambda: ccp_sequence(Tree.from_sklearn(est), cost="gini", ties="sklearn"),
        "misclassification CCP (exact)": lambda: ccp_sequence(Tree.from_sklearn(est), cost="misclassification",
                                                              ties="sklearn"),
        "sklearn ccp_pruning_path": lambda: ccp_pruning_path(est.tree_),
        "numpy float PruneTree": lambda: float_prunetree(est.tree_),
    }
    if not with_ccp:
        del runs["sklearn ccp_pruning_path"]
    if not with_crossings:
        del runs["k-norm sequence + crossings"]
    nodes, arrays = est.tree_.node_count, Tree.from_sklearn(est).arrays().nbytes()
    rows = []
    for name, run in runs.items():
        seconds = times(repeats, run)
        peak = peak_bytes(run)
        rows.append((n, nodes, name, statistics.median(seconds), min(seconds), max(seconds), repeats,
                     peak, round(peak / arrays, 3)))
    state = est.tree_.__getstate__()
    rows.append((n, nodes, "storage: count arrays", "", "", "", "", arrays, 1.0))
    sk = state["nodes"].nbytes + state["values"].nbytes
    rows.append((n, nodes, "storage: sklearn tree_", "", "", "", "", sk, round(sk / arrays, 3)))
    return rows


def plot(rows: list, out: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for column, ylabel, filename, names in (
            (3, "seconds (median of repeats; bars: least to greatest)", "array_scaling_time.png", METHODS),
            (7, "bytes", "array_scaling_memory.png",
             METHODS + ("storage: count arrays", "storage: sklearn tree_"))):
        fig, ax = plt.subplots(figsize=(7, 5))
        for name in names:
            points = [r for r in rows if r[2] == name and r[column] != ""]
            if not points:
                continue
            x, y = [int(r[0]) for r in points], [float(r[column]) for r in points]
            style = "--" if name.startswith(("sklearn", "numpy", "storage: sklearn")) else "-"
            marker = MARKERS[(METHODS + ("storage: count arrays", "storage: sklearn tree_")).index(name)]
            if column == 3:
                bars = [[v - float(r[4]) for v, r in zip(y, points)], [float(r[5]) - v for v, r in zip(y, points)]]
                ax.errorbar(x, y, yerr=bars, fmt=style, marker=marker, capsize=3, label=name)
            else:
                ax.plot(x, y, style, marker=marker, label=name)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("training examples (g2c15, fully grown Gini tree)")
        ax.set_ylabel(ylabel)
        ax.set_title("time from the fitted estimator" if column == 3
                     else "peak traced memory of one call, and tree storage")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        out.mkdir(parents=True, exist_ok=True)
        fig.savefig(out / filename, dpi=120)
        plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--min-log2n", type=int, default=9)
    parser.add_argument("--max-log2n", type=int, default=22)
    parser.add_argument("--ccp-max-log2n", type=int, default=20)
    parser.add_argument("--crossings-max-log2n", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--replot", action="store_true", help="redraw the figures from the committed array_scaling.csv")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for array_scaling.csv and the figures (e.g. benchmarks/figures); without it "
                        "the rows go to stdout and nothing is written")
    args = parser.parse_args()
    if args.replot:
        if args.out is None:
            parser.error("--replot writes figures: give --out (e.g. --out benchmarks/figures)")
        with open(CSV) as f:
            plot(list(csv.reader(f))[1:], args.out)
        return
    target = None if args.out is None else args.out / "array_scaling.csv"
    rows: list = []
    if args.min_log2n > 9 and target is not None and target.exists():
        with open(target) as f:
            old = list(csv.reader(f))
        if old[0] != COLUMNS:
            raise SystemExit(f"{target} has other columns ({old[0]}): rerun from --min-log2n 9")
        rows = [row for row in old[1:] if int(row[0]) < 2 ** args.min_log2n]
    for log2n in range(args.min_log2n, args.max_log2n + 1):
        new = measure(log2n, args.seed, args.repeats, log2n <= args.ccp_max_log2n,
                      log2n <= args.crossings_max_log2n)
        rows += new
        for row in new:
            print(*row, sep="\t", flush=True)
        if target is not None:
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "w", newline="") as f:       # rewritten after every size
                writer = csv.writer(f)
                writer.writerow(COLUMNS)
                writer.writerows(rows)
    if args.out is not None:
        plot(rows, args.out)


if __name__ == "__main__":
    main()
