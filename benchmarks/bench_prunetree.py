"""PruneTree at k = 2 with exact decisions vs a float64 loop vs scikit-learn's CCP path (issue 2, Speed).

Data: g2c15 - two Gaussian classes in 2-D, unit variance, equal priors, class means at -mu and +mu
on the first axis with Phi(-mu) = 0.15 (mu = 1.0364...), so the Bayes error is exactly 15%.
A fully grown ``DecisionTreeClassifier`` (Gini, seeded) on ``--n`` seeded samples.

Timed in one run, on the same grown tree:
  * ``Tree.from_sklearn`` (conversion, timed separately);
  * ``exactprune.knorm.prune(tree, 2)`` - exact decisions (float filter + exact fmpq fallback);
  * a plain float64 post-order loop over the scikit-learn node arrays implementing (4.28)-(4.29)
    with lam = eta = 1/2 (numerator J-1), keep a split iff subtree moment < leaf moment;
  * ``sklearn.tree._tree.ccp_pruning_path(est.tree_)`` (the part of cost_complexity_pruning_path
    after the fit).
The decisions of the exact and the float run are checked to be identical.  Not part of the tests.

    python3 benchmarks/bench_prunetree.py [--n 200000] [--seed 0] [--repeats 3]
"""
from __future__ import annotations

import argparse
import time
from statistics import NormalDist

import numpy as np
from sklearn.tree import DecisionTreeClassifier
from sklearn.tree._tree import ccp_pruning_path

from exactprune.knorm import Prior, prune
from exactprune.tree import Tree

BAYES_ERROR = 0.15
MU = -NormalDist().inv_cdf(BAYES_ERROR)  # Phi(-mu) = 0.15, mu = 1.03643...


def g2c15(n: int, seed: int):
    """n seeded examples of g2c15 (numpy PCG64): class y has mean (+-mu, 0), identity covariance."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    X = rng.standard_normal((n, 2))
    X[:, 0] += np.where(y == 1, MU, -MU)
    return X, y


def grow(n: int, seed: int):
    X, y = g2c15(n, seed)
    return DecisionTreeClassifier(criterion="gini", random_state=seed).fit(X, y)


def float_prunetree(tree_, lam: float = 0.5, eta: float = 0.5, k: int = 2):
    """Plain float64 PruneTree (4.28)-(4.29) over scikit-learn's node arrays (post-order: children
    have larger ids, so a reverse sweep sees children first).  Returns keep[i] per node."""
    left = tree_.children_left.tolist()
    right = tree_.children_right.tolist()
    values = tree_.value[:, 0, :]
    counts = np.rint(values * tree_.weighted_n_node_samples[:, None]).tolist()
    J = len(counts[0])
    m = tree_.node_count
    R = [0.0] * m
    n_node = [0.0] * m
    keep = [False] * m
    for i in range(m - 1, -1, -1):
        c = counts[i]
        n = sum(c)
        n_node[i] = n
        a = n - max(c) + (J - 1) * lam
        d = n + J * lam
        leaf = 1.0
        for j in range(k):
            leaf *= (a + j) / (d + j)
        l, r = left[i], right[i]
        if l == -1:
            R[i] = leaf
            continue
        den = n + 2 * eta
        sub = (n_node[l] + eta) / den * R[l] + (n_node[r] + eta) / den * R[r]
        if sub < leaf:
            keep[i] = True
            R[i] = sub
        else:
            R[i] = leaf
    return keep, R[0]


def sklearn_index_map(tree_, tree: Tree) -> dict:
    """scikit-learn node id -> exactprune node name (pairing the two trees structurally)."""
    left, right = tree_.children_left, tree_.children_right
    out, stack = {}, [(0, tree.root)]
    while stack:
        i, node = stack.pop()
        out[i] = node.name
        if left[i] != -1:
            stack.append((left[i], node.children[0]))
            stack.append((right[i], node.children[1]))
    return out


def effective_internal(tree_, keep) -> set:
    """Ids of the splits of the pruned tree (kept, with every ancestor kept)."""
    left, right = tree_.children_left, tree_.children_right
    out, stack = set(), [0]
    while stack:
        i = stack.pop()
        if left[i] != -1 and keep[i]:
            out.add(i)
            stack.extend((left[i], right[i]))
    return out


def best_of(repeats: int, fn):
    best, result = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    t0 = time.perf_counter()
    est = grow(args.n, args.seed)
    t_fit = time.perf_counter() - t0
    tree_ = est.tree_
    print(f"g2c15 n={args.n} seed={args.seed}: {tree_.node_count} nodes, {tree_.n_leaves} leaves, "
          f"depth {tree_.max_depth} (fit {t_fit:.2f} s)")

    def convert():
        converted = Tree.from_sklearn(est)
        converted.arrays()  # the cached count arrays PruneTree walks (the float loop gets sklearn's)
        return converted

    t_conv, tree = best_of(args.repeats, convert)
    t_exact, result = best_of(args.repeats, lambda: prune(tree, 2, prior=Prior()))
    t_float, (keep, root_float) = best_of(args.repeats, lambda: float_prunetree(tree_))
    t_ccp, path = best_of(args.repeats, lambda: ccp_pruning_path(tree_))

    names = sklearn_index_map(tree_, tree)
    float_internal = {names[i] for i in effective_internal(tree_, keep)}
    exact_internal = {n.name for n in result.tree.root.walk() if not n.is_leaf}
    identical = float_internal == exact_internal
    rel = abs(float(result.moment) - root_float) / float(result.moment)

    print(f"exact PruneTree k=2 : {result.tree.n_leaves} leaves kept, {len(result.pruned)} topmost prunings; "
          f"{result.fallbacks} exact fallbacks / {result.comparisons} comparisons")
    print(f"float64 loop        : identical decisions: {identical}; root moment rel. diff {rel:.2e}")
    print(f"sklearn ccp path    : {len(path['ccp_alphas'])} alphas")
    print(f"best of {args.repeats} runs (seconds):")
    print(f"  Tree.from_sklearn + arrays    {t_conv:9.4f}")
    print(f"  exactprune prune(tree, 2)     {t_exact:9.4f}")
    print(f"  float64 post-order loop       {t_float:9.4f}")
    print(f"  sklearn ccp_pruning_path      {t_ccp:9.4f}")
    print(f"ratios: exact/float64 = {t_exact / t_float:.2f}x   exact/sklearn-ccp = {t_exact / t_ccp:.2f}x   "
          f"float64/sklearn-ccp = {t_float / t_ccp:.2f}x")
    if not identical:
        raise SystemExit("decisions differ between exact and float64 PruneTree")


if __name__ == "__main__":
    main()
