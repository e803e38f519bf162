"""End-to-end speed and memory of the array count tree (issue 14).

    python3 benchmarks/bench_array.py [--n 200000] [--fit-n 100000] [--seed 0] [--repeats 3]

Data: g2c15 from :func:`exactprune.experiments.gaussian_data` (two unit-variance Gaussian classes
in 2-D, Bayes error 15%), a fully grown Gini ``DecisionTreeClassifier(random_state=0)``.
Every time is the best of ``--repeats`` runs and starts from the fitted scikit-learn estimator:

* exactprune, end to end: ``Tree.from_sklearn(est)`` + ``prune(tree, 2)`` (exact decisions: float
  filter with exact fmpq fallback) + the pruned count tree (``result.tree``, as arrays) and the
  names of the pruned splits (``result.pruned``); the exact moment of the pruned tree is timed
  separately (it is computed only when asked);
* the baseline: a vectorized numpy float64 PruneTree over scikit-learn's own arrays (written
  below; same recursion (4.28)-(4.29), lam = eta = 1/2, float decisions, no guarantee), ending with
  the same kept-split mask;
* both once more ending at the same point, the pruned tree's arrays: exactprune's
  ``prune(Tree.from_sklearn(est), 2).tree`` (no names) against the baseline's mask plus its
  renumbered children and counts (:func:`float_pruned_tree`);
* ``sklearn.tree._tree.ccp_pruning_path(est.tree_)`` (the float minimal cost-complexity path);
* the exact Gini CCP path, end to end: ``ccp_sequence(Tree.from_sklearn(est), cost="gini", ties="sklearn")``
  (one node per step, scikit-learn's order, exact alphas), compared with scikit-learn's alphas;
* the certified k-norm sequence, end to end: ``knorm_sequence(Tree.from_sklearn(est),
  crossings=False)`` (exact integer breakpoints), and with ``crossings=True`` (the certified
  real crossings as well; skipped with ``--no-crossings``), as ratios of ``ccp_pruning_path``;
* ``KNormTreeClassifier(random_state=0).fit`` vs ``DecisionTreeClassifier(random_state=0).fit``
  on ``--fit-n`` examples;
* memory: bytes of the count arrays (counts, offsets, indices) vs scikit-learn's ``tree_`` arrays
  (the node records and the value array).

The script checks that exactprune and the float baseline keep the same splits.
"""
from __future__ import annotations

import argparse
import functools
import operator

import numpy as np
from bench_prunetree import best_of     # the script's own directory is on sys.path


def float_prunetree(tree_, k: int = 2, lam: float = 0.5, eta: float = 0.5) -> np.ndarray:
    """PruneTree (Zhong Fig 4.1) in numpy float64 over scikit-learn's arrays, level by level:
    the kept-split mask (node ids of ``tree_``).  The baseline, with float decisions only (row
    sums and maxima taken column by column, twice as fast as ``sum(axis=1)``/``max(axis=1)``
    here, as the count arrays do)."""
    left, right = tree_.children_left, tree_.children_right
    counts = tree_.value[:, 0, :] * tree_.weighted_n_node_samples[:, None]
    J = counts.shape[1]
    n = functools.reduce(operator.add, counts.T)        # column by column: numpy's row reductions
    a = n - functools.reduce(np.maximum, counts.T) + (J - 1) * lam     # of a narrow matrix are slow
    d = n + J * lam
    leaf = np.ones(len(n))
    for m in range(k):
        leaf *= (a + m) / (d + m)
    internal = left != -1
    levels, frontier = [], np.array([0])
    while frontier.size:
        levels.append(frontier)
        inner = frontier[internal[frontier]]
        frontier = np.concatenate((left[inner], right[inner]))
    value, kept = leaf.copy(), np.zeros(len(n), dtype=bool)
    for nodes in reversed(levels):
        nodes = nodes[internal[nodes]]
        l, r = left[nodes], right[nodes]
        den = n[nodes] + 2 * eta
        sub = (n[l] + eta) / den * value[l] + (n[r] + eta) / den * value[r]
        keep = sub < leaf[nodes]
        kept[nodes] = keep
        value[nodes] = np.where(keep, sub, leaf[nodes])
    return kept


def float_pruned_tree(tree_, kept: np.ndarray) -> tuple:
    """The baseline's pruned tree from its kept-split mask, as scikit-learn-style arrays
    ``(children_left, children_right, counts)`` renumbered over the surviving nodes (a node
    survives iff every ancestor is a kept split; scikit-learn numbers a child after its parent,
    so one pass in node order settles survival, vectorized by levels of the pruned tree)."""
    left, right = tree_.children_left, tree_.children_right
    alive = np.zeros(len(left), dtype=bool)
    frontier = np.array([0])
    while frontier.size:
        alive[frontier] = True
        open_ = frontier[kept[frontier]]
        frontier = np.concatenate((left[open_], right[open_]))
    new_id = np.cumsum(alive) - 1
    split = kept[alive]
    new_left = np.where(split, new_id[left[alive]], -1)
    new_right = np.where(split, new_id[right[alive]], -1)
    counts = tree_.value[alive, 0, :] * tree_.weighted_n_node_samples[alive, None]
    return new_left, new_right, counts


def distinct(values: list, tol: float = 1e-12) -> list:
    """The sorted values with those within ``tol`` of the previous kept value dropped."""
    out: list = []
    for v in sorted(values):
        if not out or v - out[-1] > tol:
            out.append(v)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--fit-n", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-crossings", action="store_true", help="skip the sequence with real crossings")
    args = parser.parse_args()

    from sklearn.tree import DecisionTreeClassifier
    from sklearn.tree._tree import ccp_pruning_path
    from exactprune.experiments import gaussian_data
    from exactprune.knorm import prune
    from exactprune.peers.ccp import ccp_sequence
    from exactprune.sequence import knorm_sequence
    from exactprune.sklearn import KNormTreeClassifier
    from exactprune.tree import Tree

    X, y = gaussian_data("g2c15", args.n, seed=args.seed)
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    tree_ = est.tree_

    def exact_end_to_end():
        result = prune(Tree.from_sklearn(est), 2)
        result.tree, result.pruned
        return result

    def exact_to_pruned_tree():
        result = prune(Tree.from_sklearn(est), 2)
        result.tree.arrays()
        return result

    def float_to_pruned_tree():
        return float_pruned_tree(tree_, float_prunetree(tree_))

    t_conv, tree = best_of(args.repeats, lambda: Tree.from_sklearn(est))
    t_exact, result = best_of(args.repeats, exact_end_to_end)
    t_moment, _ = best_of(1, lambda: prune(tree, 2).moment)
    t_float, kept_float = best_of(args.repeats, lambda: float_prunetree(tree_))
    t_exact_tree, _ = best_of(args.repeats, exact_to_pruned_tree)
    t_float_tree, float_tree = best_of(args.repeats, float_to_pruned_tree)
    t_ccp, path = best_of(args.repeats, lambda: ccp_pruning_path(tree_))
    t_gini, gini = best_of(args.repeats, lambda: ccp_sequence(Tree.from_sklearn(est), cost="gini", ties="sklearn"))
    t_seq, seq = best_of(args.repeats, lambda: knorm_sequence(Tree.from_sklearn(est), crossings=False))
    t_cross = None if args.no_crossings else best_of(args.repeats, lambda: knorm_sequence(Tree.from_sklearn(est)))[0]
    exact_alphas = distinct([float(a) for a in gini.alphas])
    sk_alphas = distinct(path["ccp_alphas"].tolist())
    same_length = len(exact_alphas) == len(sk_alphas)
    gap = float(np.max(np.abs(np.array(exact_alphas) - sk_alphas))) if same_length else float("nan")
    same = bool(np.array_equal(result.kept_splits, kept_float)) and len(float_tree[0]) == result.tree.arrays().n_nodes

    Xf, yf = gaussian_data("g2c15", args.fit_n, seed=args.seed)
    t_dtc, _ = best_of(args.repeats, lambda: DecisionTreeClassifier(random_state=0).fit(Xf, yf))
    t_knorm, _ = best_of(args.repeats, lambda: KNormTreeClassifier(random_state=0).fit(Xf, yf))

    state = tree_.__getstate__()
    sk_bytes = state["nodes"].nbytes + state["values"].nbytes
    our_bytes = tree.arrays().nbytes()

    print(f"g2c15 n = {args.n}: {tree_.node_count} nodes, {tree_.n_leaves} leaves, depth {tree_.max_depth}")
    print(f"  Tree.from_sklearn (arrays, validated)        {t_conv:8.4f} s")
    print(f"  exactprune end to end (convert+prune+tree)   {t_exact:8.4f} s   "
          f"{t_exact / t_float:5.2f}x the numpy float64 baseline, {t_ccp / t_exact:6.1f}x faster than ccp")
    print(f"  the same ending at the pruned tree's arrays  {t_exact_tree:8.4f} s   "
          f"{t_exact_tree / t_float_tree:5.2f}x the float baseline ending there too ({t_float_tree:.4f} s: "
          f"mask + renumbered arrays, {len(float_tree[0])} nodes)")
    print(f"  exact moment of the pruned tree (on demand)  {t_moment:8.4f} s   (prune + moment, once)")
    print(f"  numpy float64 PruneTree baseline             {t_float:8.4f} s")
    print(f"  sklearn ccp_pruning_path                     {t_ccp:8.4f} s")
    print(f"  exact Gini CCP path (convert+ccp_sequence)   {t_gini:8.4f} s   {t_gini / t_ccp:5.2f}x ccp_pruning_path; "
          f"{len(gini.alphas)} steps (sklearn {len(path['ccp_alphas'])}: float rounding splits exact ties); "
          f"{len(exact_alphas)} distinct alphas (sklearn {len(sk_alphas)}), largest gap {gap:.1e}")
    print(f"  k-norm sequence, integer breakpoints         {t_seq:8.4f} s   {t_seq / t_ccp:5.2f}x ccp_pruning_path; "
          f"{len(seq.stages)} stages, {seq.searches} searches")
    if t_cross is not None:
        print(f"  k-norm sequence with real crossings          {t_cross:8.4f} s   {t_cross / t_ccp:5.2f}x ccp_pruning_path")
    print(f"  same kept splits as the float baseline: {same}; routes {result.routes}; "
          f"{result.tree.n_leaves} leaves kept, {len(result.pruned)} topmost prunings")
    print(f"fit at n = {args.fit_n}: KNormTreeClassifier {t_knorm:.4f} s, DecisionTreeClassifier "
          f"{t_dtc:.4f} s, ratio {t_knorm / t_dtc:.3f}")
    print(f"memory: count arrays {our_bytes} B, sklearn tree_ arrays {sk_bytes} B, ratio {our_bytes / sk_bytes:.3f}")


if __name__ == "__main__":
    main()
