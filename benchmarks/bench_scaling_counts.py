"""Zhong Figure 6.2 on the operations the thesis' argument counts (6.4.3), not on seconds (issue 35).

Zhong explains Figure 6.2 by the algorithms' work: "the 2-norm pruning algorithm requires only one
traversal of the fully grown tree and the visit of each node has a constant number of operations"
(Theta(M), M nodes), while EBP "passes the training examples through the tree to evaluate the
grafting in each decision node" (option b: all examples of the node sent to its major child).
This script counts both on the fully grown g2c15 trees of ``bench_scaling.py`` (same data, same
seeds; scikit-learn's Gini tree grown until pure):

* ``nodes``: the nodes the 2-norm visits, one visit each;
* ``ebp_rows``: C4.5's work for grafting, as in C4.5 R8's ``EstimateErrors`` with the largest branch
  evaluated without updating the tree: for every decision node t, the training rows of t routed
  down the subtree of its largest child (by training rows), counted once per node they reach.
  C4.5 works bottom-up, so when it evaluates t the subtrees below t are already pruned: the count on
  the grown tree (``ebp_rows_grown``) bounds its work from above, and the count on the tree EBP
  finally keeps (``ebp_rows_kept``, exactprune's ``ebp_prune`` with subtree raising: every node
  kept was evaluated with its final subtree) bounds it from below.

Log-log slopes with 95% intervals (``bench_scaling.loglog_slope``): the 2-norm's claim "linear"
(against the others' "non-linear", slope > 1) holds when its interval reaches down to 1 or below, EBP's "non-linear" when the intervals of both bounds lie above 1.  CCP's work
(ten trees grown, Omega(N log N) by the thesis' own argument) is not counted.

Run: python3 benchmarks/bench_scaling_counts.py [--min-log2n 9] [--max-log2n 17] [--repeats 1] [--seed 0]
                                                [--out benchmarks/results]
Writes OUT/scaling_counts.{md,csv}; without ``--out`` the table goes to stdout only.
"""
from __future__ import annotations

import argparse
import csv
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import numpy as np  # noqa: E402

from bench_scaling import _split, loglog_slope  # noqa: E402


def grafting_rows(tests: tuple, X) -> int:
    """C4.5's grafting work on a binary tree given as ``tests`` = (left, right, feature, threshold)
    arrays (scikit-learn's ``tree_`` fields, or :meth:`exactprune.tree.Tree.split_tests`) and its
    training rows ``X``: for each decision node, the rows reaching it routed down its largest
    child's subtree (largest by those rows), summed over the nodes they reach (module docstring).

    A stump on x <= 0.5 with rows 0, 0, 1: the largest child is the left leaf, reached by all 3 rows:

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X = np.array([[0.0], [0.0], [1.0]])
    >>> t = DecisionTreeClassifier().fit(X, [0, 0, 1]).tree_
    >>> grafting_rows((t.children_left, t.children_right, t.feature, t.threshold), X)
    3
    """
    left, right, feature, threshold = tests
    X = np.asarray(X, dtype=np.float32)             # scikit-learn compares its float32 copy of X
    rows_at = {0: np.arange(len(X))}
    order = [0]
    for t in order:                                  # the rows of every node, top down
        if left[t] != -1:
            go_left = X[rows_at[t], feature[t]] <= threshold[t]
            rows_at[left[t]], rows_at[right[t]] = rows_at[t][go_left], rows_at[t][~go_left]
            order += [left[t], right[t]]
    total = 0
    for t in order:
        if left[t] == -1:
            continue
        major = left[t] if len(rows_at[left[t]]) >= len(rows_at[right[t]]) else right[t]
        stack = [(major, rows_at[t])]
        while stack:
            u, rows = stack.pop()
            total += len(rows)
            if left[u] != -1 and len(rows):
                go_left = X[rows, feature[u]] <= threshold[u]
                stack += [(left[u], rows[go_left]), (right[u], rows[~go_left])]
    return total


def count(max_log2n: int, seed: int, repeats: int, min_log2n: int = 9) -> list:
    """One row per (size, repeat): n, repeat, nodes and leaves of the grown tree, the grafting rows
    on the grown tree (an upper bound of C4.5's) and on the tree EBP keeps (a lower bound)."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.peers.ebp import ebp_prune
    from exactprune.tree import Tree
    rows = []
    for k in range(min_log2n, max_log2n + 1):
        for rep in range(repeats):
            X, y = _split(2 ** k, seed, rep)[:2]
            est = DecisionTreeClassifier(random_state=seed).fit(X, y)
            t = est.tree_
            kept = ebp_prune(Tree.from_sklearn(est), raising=True, X=X, y=np.searchsorted(est.classes_, y)).tree
            rows.append({"n": 2 ** k, "repeat": rep, "nodes": int(t.node_count), "leaves": int(t.n_leaves),
                         "ebp_rows_grown": grafting_rows((t.children_left, t.children_right, t.feature, t.threshold), X),
                         "ebp_leaves": kept.n_leaves, "ebp_rows_kept": grafting_rows(kept.split_tests(), X)})
            print(rows[-1], flush=True)
    return rows


def report(rows: list, command: str, seconds: float) -> str:
    """Markdown: the counts per size and the slopes against the thesis' claims."""
    ns = [r["n"] for r in rows]
    lines = ["# Zhong Figure 6.2 on operation counts: nodes the 2-norm visits, rows EBP passes for grafting", "",
             f"- command: `{command}`; wall time {seconds:.1f} s; Python {platform.python_version()}",
             "- data: g2c15 as in bench_scaling.py (same seeds), the fully grown Gini tree; counts defined in "
             "bench_scaling_counts.py's docstring", "",
             "| n | repeat | nodes (2-norm visits) | leaves | EBP rows, grown tree | EBP leaves kept | EBP rows, kept tree |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['n']} | {r['repeat']} | {r['nodes']} | {r['leaves']} | {r['ebp_rows_grown']} | {r['ebp_leaves']} | "
              f"{r['ebp_rows_kept']} |" for r in rows]
    lines += ["", "| count | log-log slope [95%] | thesis' claim | on the count |", "|---|---:|---|---|"]
    for key, claim in (("nodes", "2-norm linear"), ("ebp_rows_grown", "EBP non-linear (upper bound)"),
                       ("ebp_rows_kept", "EBP non-linear (lower bound)")):
        slope, lo, hi = loglog_slope(ns, [r[key] for r in rows])
        holds = lo <= 1 if key == "nodes" else lo > 1          # 2-norm: not shown superlinear
        lines.append(f"| {key} | {slope:.3f} [{lo:.3f}, {hi:.3f}] | {claim} | {'holds' if holds else 'does not hold'} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-log2n", type=int, default=9)
    parser.add_argument("--max-log2n", type=int, default=17)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="folder for scaling_counts.{md,csv}; else stdout only")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    rows = count(args.max_log2n, args.seed, args.repeats, args.min_log2n)
    command = "python3 benchmarks/bench_scaling_counts.py " + " ".join(sys.argv[1:] if argv is None else argv)
    md = report(rows, command.strip(), time.perf_counter() - t0)
    print(md)
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "scaling_counts.md").write_text(md)
        with open(args.out / "scaling_counts.csv", "w", newline="") as handle:
            writer = csv.DictWriter(handle, list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
