"""Scaling of the array count tree (issue 14): g2c15 from 2^9 to 2^K training examples, a fully
grown Gini ``DecisionTreeClassifier(random_state=0)`` per size; log-log figures of time and memory.

Each time starts from the fitted estimator (best of ``--repeats`` runs):

* ``PruneTree k=2``: ``prune(Tree.from_sklearn(est), 2)`` and its pruned tree (exact decisions);
* ``k-norm sequence``: ``knorm_sequence(Tree.from_sklearn(est), crossings=False)`` (exact integer
  breakpoints);
* ``Gini CCP (exact)``: ``ccp_sequence(Tree.from_sklearn(est), "gini", "sklearn")``;
* ``sklearn ccp_pruning_path``: scikit-learn's float cost-complexity path;
* ``numpy float PruneTree``: the float64 baseline of ``bench_array.py``.

Memory: the peak of the memory traced by ``tracemalloc`` (Python objects and numpy buffers) during
one call of each, and the bytes of the count arrays vs scikit-learn's ``tree_`` arrays.  Figures
``array_scaling_time.png`` and ``array_scaling_memory.png`` and the rows ``array_scaling.csv`` go
to benchmarks/figures/.

scikit-learn's ``ccp_pruning_path`` grows faster than linearly (about 60 s per call at 2^20 on a
shared 2-core machine); ``--ccp-max-log2n`` skips it above that size.  ``--min-log2n`` adds sizes
to the rows already in array_scaling.csv (rows of those sizes are replaced).

Run: python3 benchmarks/bench_scaling_array.py [--min-log2n 9] [--max-log2n 22] [--ccp-max-log2n 22]
                                               [--seed 0] [--repeats 1]
     python3 benchmarks/bench_scaling_array.py --replot      # redraw from array_scaling.csv
"""
from __future__ import annotations

import argparse
import csv
import tracemalloc
from pathlib import Path

from bench_array import float_prunetree      # the script's own directory is on sys.path
from bench_prunetree import best_of

OUT = Path(__file__).resolve().parent / "figures"
CSV = OUT / "array_scaling.csv"
METHODS = ("PruneTree k=2", "k-norm sequence", "Gini CCP (exact)", "sklearn ccp_pruning_path",
           "numpy float PruneTree")


def peak_bytes(run) -> int:
    """Peak traced memory (bytes) of one call of ``run``."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(log2n: int, seed: int, repeats: int, with_ccp: bool = True) -> list:
    """Rows (n, nodes, method, seconds, peak bytes) for one size, plus the two storage rows."""
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
        "PruneTree k=2": lambda: prune(Tree.from_sklearn(est), 2).tree,
        "k-norm sequence": lambda: knorm_sequence(Tree.from_sklearn(est), crossings=False),
        "Gini CCP (exact)": lambda: ccp_sequence(Tree.from_sklearn(est), "gini", "sklearn"),
        "sklearn ccp_pruning_path": lambda: ccp_pruning_path(est.tree_),
        "numpy float PruneTree": lambda: float_prunetree(est.tree_),
    }
    if not with_ccp:
        del runs["sklearn ccp_pruning_path"]
    nodes = est.tree_.node_count
    rows = [(n, nodes, name, best_of(repeats, run)[0], peak_bytes(run)) for name, run in runs.items()]
    state = est.tree_.__getstate__()
    rows.append((n, nodes, "storage: count arrays", "", Tree.from_sklearn(est).arrays().nbytes()))
    rows.append((n, nodes, "storage: sklearn tree_", "", state["nodes"].nbytes + state["values"].nbytes))
    return rows


def plot(rows: list) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for column, ylabel, filename, names in (
            (3, "seconds (best of repeats)", "array_scaling_time.png", METHODS),
            (4, "bytes", "array_scaling_memory.png",
             METHODS + ("storage: count arrays", "storage: sklearn tree_"))):
        fig, ax = plt.subplots(figsize=(7, 5))
        for name in names:
            points = [(int(r[0]), float(r[column])) for r in rows if r[2] == name and r[column] != ""]
            if points:
                style = "--" if name.startswith(("sklearn", "numpy", "storage: sklearn")) else "-"
                ax.plot(*zip(*points), style, marker="o", label=name)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("training examples (g2c15, fully grown Gini tree)")
        ax.set_ylabel(ylabel)
        ax.set_title("time from the fitted estimator" if column == 3
                     else "peak traced memory of one call, and tree storage")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(OUT / filename, dpi=120)
        plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--min-log2n", type=int, default=9)
    parser.add_argument("--max-log2n", type=int, default=22)
    parser.add_argument("--ccp-max-log2n", type=int, default=22)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--replot", action="store_true")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    if args.replot:
        with open(CSV) as f:
            plot(list(csv.reader(f))[1:])
        return
    rows: list = []
    if args.min_log2n > 9 and CSV.exists():
        with open(CSV) as f:
            rows = [row for row in list(csv.reader(f))[1:] if int(row[0]) < 2 ** args.min_log2n]
    for log2n in range(args.min_log2n, args.max_log2n + 1):
        new = measure(log2n, args.seed, args.repeats, log2n <= args.ccp_max_log2n)
        rows += new
        for row in new:
            print(*row, sep="\t", flush=True)
        with open(CSV, "w", newline="") as f:       # rewritten after every size
            writer = csv.writer(f)
            writer.writerow(["n", "nodes", "method", "seconds", "bytes"])
            writer.writerows(rows)
    plot(rows)


if __name__ == "__main__":
    main()
