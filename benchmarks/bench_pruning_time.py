"""Pruning time at 2^19 g2c15 training examples: 2-norm vs CCP (10-fold CV) vs EBP (issue 7).

Run: python3 benchmarks/bench_pruning_time.py [--log2n 19] [--seed 0] [--repeats 3]
Prints the seconds of each method on the same grown tree and the ratios CCP/2-norm and
EBP/2-norm (targets: >= 100 and >= 10).  2-norm: PruneTree on the count tree (exact
decisions); CCP: grows the 10 fold trees, exact alphas, CV choice with 1-SE (the part
spent in scikit-learn's fold-tree fitting is shown); EBP: C4.5 R8 pass with subtree
raising over the training data (certified decisions where close).  Each method: median
of --repeats calls, garbage collector collected before and disabled during each call (as
timeit does).  The grown tree and its count tree are built before timing.
"""
import argparse
import gc
import time

import numpy as np
from sklearn.tree import DecisionTreeClassifier

from exactprune.peers import ccp_cv_select, ebp_prune
from exactprune.experiments import gaussian_data
from exactprune.knorm import Prior, prune
from exactprune.sklearn import auto_lam
from exactprune.tree import Tree


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log2n", type=int, default=19)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-raising", action="store_true")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    n = 2 ** args.log2n
    X, y = gaussian_data("g2c15", n, seed=args.seed)
    t0 = time.perf_counter()
    est = DecisionTreeClassifier(random_state=args.seed).fit(X, y)
    tree = Tree.from_sklearn(est)
    print(f"n = {n}: grown tree {tree.n_leaves} leaves in {time.perf_counter() - t0:.2f}s (not timed below)")
    import sklearn.tree as sktree
    fit_time = [0.0]
    original_fit = sktree.DecisionTreeClassifier.fit

    def timed_fit(self, *a, **k):
        s0 = time.perf_counter()
        try:
            return original_fit(self, *a, **k)
        finally:
            fit_time[0] += time.perf_counter() - s0

    def timed(fn):
        """Seconds of each of --repeats calls, each with the garbage collector collected
        before and disabled during the call (as timeit does), and the last result."""
        times, out = [], None
        for _ in range(max(1, args.repeats)):
            out = None
            gc.collect()
            gc.disable()
            try:
                t0 = time.perf_counter()
                out = fn()
                times.append(time.perf_counter() - t0)
            finally:
                gc.enable()
        return times, out

    prior = Prior(lam=auto_lam(tree.n_leaves, 2, n), eta="1/2")
    t2, res = timed(lambda: prune(tree, 2, prior=prior))
    te, eb = timed(lambda: ebp_prune(tree, raising=not args.no_raising, X=X, y=y))
    sktree.DecisionTreeClassifier.fit = timed_fit
    tc, cv = timed(lambda: ccp_cv_select(X, y, V=10, random_state=args.seed, grown=est))
    sktree.DecisionTreeClassifier.fit = original_fit
    med = {m: float(np.median(t)) for m, t in (("2-norm", t2), ("EBP", te), ("CCP", tc))}
    runs = lambda t: ", ".join(f"{x:.3f}" for x in t)
    print(f"2-norm {med['2-norm']:.3f}s median of [{runs(t2)}] ({res.tree.n_leaves} leaves, "
          f"{res.fallbacks} exact fallbacks)")
    print(f"EBP    {med['EBP']:.3f}s median of [{runs(te)}] ({eb.tree.n_leaves} leaves, {len(eb.raised)} raisings, "
          f"{eb.fallbacks} certified fallbacks; subtree raising {'off' if args.no_raising else 'on'})")
    print(f"CCP    {med['CCP']:.3f}s median of [{runs(tc)}] ({cv.tree.n_leaves} leaves, {len(cv.stage_alphas)} stages; "
          f"{fit_time[0] / len(tc):.1f}s per call in scikit-learn fitting the 10 fold trees)")
    print(f"ratio CCP/2-norm = {med['CCP'] / med['2-norm']:.0f}  (target >= 100)")
    print(f"ratio EBP/2-norm = {med['EBP'] / med['2-norm']:.0f}  (target >= 10)")


if __name__ == "__main__":
    main()
