"""The exact k-norm path over weighted (rational) counts against the integer path (issue 37).

    PYTHONPATH=. python benchmarks/bench_weighted_path.py [--repeats 3] [--out benchmarks/results/weighted_path.md]

Data: scikit-learn's breast cancer, wine and digits sets, and the UCI abalone CSV when
``../shared/data`` holds it (skipped otherwise).  Per data set, one fully grown
``KNormTreeClassifier(random_state=0)`` (no class_weight) gives the integer count tree; the
**same tree** with every count of class j multiplied by scikit-learn's ``"balanced"`` weight
w_j = n / (J n_j) (an exact Fraction) gives the weighted one: the same nodes and splits, counts
that are rationals.  Timed, the best of ``--repeats`` runs, on each:

* ``knorm_sequence(tree, prior, crossings=False)`` - every stage and exact integer breakpoint
  (PruneTree at k = 1 and at each breakpoint, the certified breakpoint searches);
* ``knorm_sequence(tree, prior)`` - the same with the certified real crossings.

Reported: nodes (of the grown trees), the number of stages of each path (they differ: the weighted tree is another
problem), the times and the ratio weighted / integer.  A second row per data set times the path of
a tree grown with ``class_weight="balanced"`` (``clf.knorm_pruning_path()``, another tree) against
the unweighted fit's, the whole user call.
"""
from __future__ import annotations

import argparse
import os
from fractions import Fraction

import numpy as np
from bench_prunetree import best_of     # the script's own directory is on sys.path


def balanced(tree):
    """The tree with class j's counts times n / (J n_j), as Fractions (same nodes and splits)."""
    from exactprune.tree import CountArrays, Tree
    a = tree.arrays()
    root = [int(c) for c in a.counts[0].tolist()]
    n, J = sum(root), len(root)
    weights = [Fraction(n, J * c) if c else Fraction(1) for c in root]
    counts = np.empty(a.counts.shape, dtype=object)
    counts[:] = [[int(c) * w for c, w in zip(row, weights)] for row in a.counts.tolist()]
    return Tree.from_arrays(CountArrays(counts, a.offsets, a.indices))


def data_sets():
    from sklearn.datasets import load_breast_cancer, load_digits, load_wine
    yield "breast cancer", *load_breast_cancer(return_X_y=True)
    yield "wine", *load_wine(return_X_y=True)
    yield "digits", *load_digits(return_X_y=True)
    path = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "uci", "abalone.csv.gz")
    if os.path.exists(path):
        import pandas as pd
        frame = pd.read_csv(path)
        y = frame.iloc[:, -1].to_numpy()
        X = pd.get_dummies(frame.iloc[:, :-1]).to_numpy(dtype=float)
        yield "abalone", X, y


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    from exactprune.sequence import knorm_sequence
    from exactprune.sklearn import KNormTreeClassifier
    from exactprune.tree import has_fractional_counts

    lines = ["| data set | tree | nodes | stages int / weighted | integer path (s) | weighted path (s) | ratio |",
             "|---|---|---|---|---|---|---|"]
    for name, X, y in data_sets():
        clf = KNormTreeClassifier(random_state=0).fit(X, y)
        tree = clf.to_count_tree(pruned=False)
        weighted = balanced(tree)
        assert has_fractional_counts(weighted.arrays())
        nodes = tree.arrays().n_nodes
        for label, crossings in (("same tree, no crossings", False), ("same tree, crossings", True)):
            t_int, s_int = best_of(args.repeats, lambda: knorm_sequence(tree, clf.prior_, crossings=crossings))
            t_w, s_w = best_of(args.repeats, lambda: knorm_sequence(weighted, clf.prior_, crossings=crossings))
            lines.append(f"| {name} | {label} | {nodes} | {len(s_int.stages)} / {len(s_w.stages)} | "
                         f"{t_int:.3f} | {t_w:.3f} | {t_w / t_int:.2f} |")
            print(lines[-1], flush=True)
        fitted = KNormTreeClassifier(random_state=0, class_weight="balanced").fit(X, y)
        plain = KNormTreeClassifier(random_state=0).fit(X, y)
        t_int, p_int = best_of(args.repeats, plain.knorm_pruning_path)
        t_w, p_w = best_of(args.repeats, fitted.knorm_pruning_path)
        lines.append(f"| {name} | own fits, knorm_pruning_path() | {plain.count_tree_.arrays().n_nodes} / "
                     f"{fitted.count_tree_.arrays().n_nodes} | {len(p_int.ks)} / {len(p_w.ks)} | {t_int:.3f} | {t_w:.3f} | "
                     f"{t_w / t_int:.2f} |")
        print(lines[-1], flush=True)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write("# The weighted k-norm path against the integer path\n\n"
                         "`PYTHONPATH=. python benchmarks/bench_weighted_path.py"
                         f" --repeats {args.repeats} --out {args.out}`\n\n"
                         "Times in seconds, the best of the repeats; ratio = weighted / integer. What is timed: "
                         "see the script's docstring.\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
