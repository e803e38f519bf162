"""KNormTreeClassifier.fit against DecisionTreeClassifier with ccp_alpha chosen by 5-fold CV (issue 8).

Data: g2c15 (Zhong Table 6.1) - two Gaussian classes in 2-D with identity covariance and equal
priors, means 0 and (D/sqrt 2, D/sqrt 2) with D = 2 Phi^-1(0.85), so the Bayes error is exactly
15%.  100,000 training examples and a separate test set of 100,000, both seeded below.  Besides
the test accuracy, each tree's exact accuracy on the distribution is reported (the leaves are
boxes and the coordinates independent, so it is a sum of products of normal CDFs).

Peer: ``cost_complexity_pruning_path`` on the training set, then ``GridSearchCV`` (5-fold,
accuracy) over ``--alphas`` candidates taken at evenly spaced quantiles of the path's distinct
alphas (the root-only alpha excluded), then the refit on all training data.  Both are timed
in the same process, single-threaded; wall and CPU (process) times are both reported, the CPU
ratio being the robust one on a shared machine.  Not part of the test run.

    python3 benchmarks/bench_sklearn.py [--n 100000] [--alphas 20] [--seed 0] [--repeats 3]
"""
from __future__ import annotations

import argparse
import math
import time
from statistics import NormalDist

import numpy as np

from exactprune.experiments import gaussian_leaf_class_masses
from sklearn.model_selection import GridSearchCV
from sklearn.tree import DecisionTreeClassifier

from exactprune.sklearn import KNormTreeClassifier

BAYES_ERROR = 0.15
D = 2 * NormalDist().inv_cdf(1 - BAYES_ERROR)
MU = np.array([[0.0, 0.0], [D / math.sqrt(2), D / math.sqrt(2)]])


def g2c15(n: int, seed: int):
    """n examples of g2c15, seeded (numpy PCG64)."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return rng.standard_normal((n, 2)) + MU[y], y


def true_accuracy(estimator) -> float:
    """Exact accuracy on the g2c15 distribution of a fitted axis-aligned tree (leaf boxes)."""
    tree_ = estimator.tree_
    masses = gaussian_leaf_class_masses(tree_, MU)
    return sum(m[int(np.argmax(tree_.value[i, 0]))] for i, m in masses.items())


def _clocks():
    return time.perf_counter(), time.process_time()


def _since(start):
    wall, cpu = _clocks()
    return wall - start[0], cpu - start[1]


def fit_knorm(X, y, seed):
    start = _clocks()
    clf = KNormTreeClassifier(random_state=seed).fit(X, y)
    return clf, _since(start)


def fit_ccp_cv(X, y, seed, n_alphas):
    start = _clocks()
    path = DecisionTreeClassifier(random_state=seed).cost_complexity_pruning_path(X, y)
    alphas = np.unique(path.ccp_alphas[:-1])
    grid = np.unique(np.quantile(alphas, np.linspace(0, 1, n_alphas)))
    search = GridSearchCV(DecisionTreeClassifier(random_state=seed), {"ccp_alpha": grid}, cv=5,
                          n_jobs=1).fit(X, y)
    return search.best_estimator_, _since(start), len(alphas), len(grid)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--alphas", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3, help="KNorm fit timed as the best of this many")
    args = parser.parse_args(argv)
    X, y = g2c15(args.n, args.seed)
    X_test, y_test = g2c15(args.n, args.seed + 1)

    times = []
    for _ in range(args.repeats):
        knorm, seconds = fit_knorm(X, y, args.seed)
        times.append(seconds)
    t_knorm = min(times, key=lambda t: t[1])
    ccp, t_ccp, n_path, n_grid = fit_ccp_cv(X, y, args.seed, args.alphas)

    acc_k, acc_c = knorm.score(X_test, y_test), ccp.score(X_test, y_test)
    true_k, true_c = true_accuracy(knorm.estimator_), true_accuracy(ccp)
    print(f"g2c15: n_train={args.n} n_test={args.n} seed={args.seed}  Bayes accuracy {1 - BAYES_ERROR:.4f}")
    print(f"grown CART: {knorm.unpruned_estimator_.get_n_leaves()} leaves; lam='auto' = "
          f"{knorm.lam_} = {float(knorm.lam_):.4g}")
    print(f"{'method':38s} {'wall s':>8s} {'cpu s':>8s} {'leaves':>7s} {'test acc':>9s} {'true acc':>9s}")
    print(f"{'KNormTreeClassifier (k=2, auto)':38s} {t_knorm[0]:8.3f} {t_knorm[1]:8.3f} "
          f"{knorm.get_n_leaves():7d} {acc_k:9.4f} {true_k:9.4f}")
    label = f"CART ccp_alpha 5-fold CV ({n_grid} of {n_path})"
    print(f"{label:38s} {t_ccp[0]:8.3f} {t_ccp[1]:8.3f} {int(ccp.get_n_leaves()):7d} {acc_c:9.4f} {true_c:9.4f}")
    print(f"speed ratio (CCP+CV / KNorm): wall {t_ccp[0] / t_knorm[0]:.1f}x, cpu {t_ccp[1] / t_knorm[1]:.1f}x;  "
          f"test accuracy difference (KNorm - CCP): {100 * (acc_k - acc_c):+.2f} points;  "
          f"chosen ccp_alpha {ccp.ccp_alpha:.3g}")
    bars = knorm.error_estimate()
    print(f"KNorm whole-tree error estimate: {bars}; true error {1 - true_k:.4f}; "
          f"PruneTree comparisons {knorm.prune_comparisons_}, exact fallbacks "
          f"{knorm.prune_fallbacks_}")


if __name__ == "__main__":
    main()
