"""PruneTree at many k: ``prune_many(tree, ks)`` against a loop of ``prune(tree, k)`` (issue 38).

Trees: scikit-learn ``DecisionTreeClassifier`` (seeded) fully grown on 420 of 600 seeded rows of
UCI databases (``exactprune.experiments.load_dataset(name, seed=0, n=600)``; CSV files from
``--data-dir`` or ``EXACTPRUNE_DATA``; a database without its file is skipped), converted by
``Tree.from_sklearn``.  Two sets of orders per tree, each timed both ways in the same run:

* ``path``: 1 and (k_i - 1, k_i) for every stage start k_i of the tree's k-norm sequence (the
  orders a certification of the whole path asks);
* ``geom60``: 60 orders, 1 and 59 spread geometrically from 2 to 2,000,000.

Reported: nodes, orders (of them above GAMMA_IMAGE_FROM, where the leaf images are log-Gamma
ones), the loop's time, prune_many's, their ratio, and prune_many's time in single prunes at
k = 2 (best of ``--repeats``).  Rows equal the loop's (checked).  Not part of the tests.

    python benchmarks/bench_prune_many.py [--databases letter,abalone] [--repeats 7]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np


def best_of(function, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def path_orders(tree) -> list:
    from exactprune.sequence import knorm_sequence
    orders = {1}
    for stage in knorm_sequence(tree).stages:
        if isinstance(stage.k_from, int) and stage.k_from > 1:
            orders |= {stage.k_from - 1, stage.k_from}
    return sorted(orders)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", default="letter,abalone,segment")
    parser.add_argument("--data-dir", default=os.environ.get("EXACTPRUNE_DATA"))
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args(argv)
    from sklearn.tree import DecisionTreeClassifier

    from exactprune.experiments import load_dataset
    from exactprune.knorm import GAMMA_IMAGE_FROM, prune, prune_many
    from exactprune.tree import Tree

    print(f"{'tree':16} {'nodes':>5} {'orders':>10} {'loop ms':>8} {'many ms':>8} {'loop/many':>9} "
          f"{'many / prune(k=2)':>17}")
    for name in args.databases.split(","):
        try:
            X, y = load_dataset(name, seed=0, n=600, data_dir=args.data_dir)
        except (FileNotFoundError, ValueError) as err:
            print(f"{name}: skipped ({err})", file=sys.stderr)
            continue
        for seed, rows in ((0, slice(0, 420)), (1, slice(180, 600))):
            tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=seed).fit(X[rows], y[rows]))
            single = best_of(lambda: prune(tree, 2), 3 * args.repeats)
            geom = sorted({1} | {int(x) for x in np.geomspace(2, 2e6, 59)})
            geom += [k for k in range(3, 1000) if k not in geom][:60 - len(geom)]      # 60 distinct orders
            for label, ks in (("path", path_orders(tree)), ("geom60", sorted(geom))):
                expected = np.array([prune(tree, k).kept_splits for k in ks])
                assert (prune_many(tree, ks)[0] == expected).all()
                loop = best_of(lambda: [prune(tree, k).kept_splits for k in ks], args.repeats)
                many = best_of(lambda: prune_many(tree, ks), args.repeats)
                gamma = sum(k > GAMMA_IMAGE_FROM for k in ks)
                print(f"{name + ' ' + str(seed) + ' ' + label:16} {tree.arrays().n_nodes:5} "
                      f"{len(ks):4} ({gamma:2} lG) {loop * 1e3:8.2f} {many * 1e3:8.2f} {loop / many:9.1f} "
                      f"{many / single:17.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
