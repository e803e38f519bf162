"""Certified k-norm pruning sequence and exact CCP path vs scikit-learn's ccp_pruning_path (issue 3, Speed).

Same data and tree as ``bench_prunetree.py`` (g2c15, fully grown Gini tree on ``--n`` seeded
samples).  Timed in one run on the same grown tree:
  * ``knorm_sequence(tree, Prior(), crossings=False)`` - every breakpoint certified (stage count,
    number of breakpoint searches reported);
  * ``ccp_sequence(tree, cost="gini", ties="sklearn")`` - exact rational alphas, scikit-learn's order
    (checked against scikit-learn's alphas to 1e-12);
  * ``sklearn.tree._tree.ccp_pruning_path(est.tree_)``.
Each exactprune computation runs under a wall-time budget (``--budget`` seconds, SIGALRM); one that
does not finish is reported as such, never extrapolated.  Not part of the tests.

    python3 benchmarks/bench_sequence.py [--n 200000] [--seed 0] [--budget 300]
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import time

import numpy as np
from sklearn.tree._tree import ccp_pruning_path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_prunetree import grow  # noqa: E402

from exactprune.knorm import Prior  # noqa: E402
from exactprune.peers.ccp import ccp_sequence  # noqa: E402
from exactprune.sequence import knorm_sequence  # noqa: E402
from exactprune.tree import Tree  # noqa: E402


class Budget(Exception):
    pass


def _alarm(signum, frame):
    raise Budget()


def timed(fn, budget: int):
    """(seconds, result) or (None, None) if ``fn`` did not finish within ``budget`` seconds."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(budget)
    t0 = time.perf_counter()
    try:
        result = fn()
    except Budget:
        return None, None
    finally:
        signal.alarm(0)
    return time.perf_counter() - t0, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--skip-ccp", action="store_true", help="time only the k-norm sequence")
    args = parser.parse_args()

    est = grow(args.n, args.seed)
    tree_ = est.tree_
    tree = Tree.from_sklearn(est)
    print(f"g2c15 n={args.n} seed={args.seed}: {tree_.node_count} nodes, {tree_.n_leaves} leaves")

    t_sk = min(timed(lambda: ccp_pruning_path(tree_), args.budget)[0] for _ in range(3))
    path = ccp_pruning_path(tree_)
    print(f"sklearn ccp_pruning_path : {t_sk:9.4f} s  ({len(path['ccp_alphas'])} alphas)")

    t_kn, seq = timed(lambda: knorm_sequence(tree, Prior(), crossings=False), args.budget)
    if t_kn is None:
        print(f"knorm_sequence           : did not finish within {args.budget} s")
    else:
        finite = [s for s in seq.stages if s.k_from != "inf"]
        last_k = max(s.k_from for s in finite)
        print(f"knorm_sequence           : {t_kn:9.4f} s  ({len(seq.stages)} stages incl. k=inf, "
              f"{seq.searches} breakpoint searches, largest finite breakpoint {last_k}, "
              f"stage leaves {[s.leaves for s in seq.stages][:6]}...)")
        print(f"   decisions: {seq.decisions}")
        print(f"   ratio knorm_sequence / sklearn ccp = {t_kn / t_sk:.1f}x")

    if args.skip_ccp:
        return
    t_cc, ccp = timed(lambda: ccp_sequence(tree, cost="gini", ties="sklearn"), args.budget)
    if t_cc is None:
        print(f"ccp_sequence gini sklearn: did not finish within {args.budget} s")
    else:
        def cluster(values):  # merge values within 1e-12 (float rounding of one exact alpha)
            values = sorted(set(values))
            return [a for i, a in enumerate(values) if i == 0 or a - values[i - 1] > 1e-12]
        exact_distinct = sorted(set(ccp.alphas))
        exact = cluster(float(a) for a in exact_distinct)
        theirs = path["ccp_alphas"]
        clustered = cluster(theirs.tolist())
        same = len(clustered) == len(exact) and np.allclose(clustered, exact, rtol=0, atol=1e-12)
        print(f"   exact distinct alphas: {len(exact_distinct)}, of which {len(exact_distinct) - len(exact)} "
              f"lie within 1e-12 of another (floats cannot tell them apart)")
        repeats = len(theirs) - len(set(theirs.tolist()))
        decreasing = int(np.sum(np.diff(theirs) < 0))
        print(f"ccp_sequence gini sklearn: {t_cc:9.4f} s  ({len(ccp.stages)} stages vs sklearn's {len(theirs)}; "
              f"distinct alphas agree to 1e-12: {same}; sklearn artefacts: {repeats} repeated alphas, "
              f"{decreasing} decreasing steps, {int(np.sum(theirs < 0))} negative)")
        print(f"   ratio ccp_sequence / sklearn ccp = {t_cc / t_sk:.1f}x")


if __name__ == "__main__":
    main()
