"""Speed of the peers over the count arrays (issue 14): EBP, MEP and REP on a large tree.

    python3 benchmarks/bench_peers.py [--n 200000] [--seed 0] [--repeats 2]

Data: g2c15 from :func:`exactprune.experiments.gaussian_data`, a fully grown Gini
``DecisionTreeClassifier(random_state=0)`` on ``--n`` examples (68,969 nodes at 200,000), and a
pruning set of ``--n // 2`` examples for REP.  Every time is the best of ``--repeats`` runs and
starts from the fitted scikit-learn estimator (``Tree.from_sklearn`` included):

* ``ebp_prune`` (C4.5 and J48 variants; C4.5 with subtree raising on the training data);
* ``mep_prune`` (lam = 1/2, exact rationals);
* ``route_counts`` of the pruning set followed by ``rep_prune``;
* for scale, scikit-learn's ``ccp_pruning_path`` on the same estimator.
"""
from __future__ import annotations

import argparse

from bench_prunetree import best_of     # the script's own directory is on sys.path


def main() -> None:
    from sklearn.tree import DecisionTreeClassifier
    from sklearn.tree._tree import ccp_pruning_path
    from exactprune.experiments import gaussian_data
    from exactprune.peers import ebp_prune, mep_prune, rep_prune, route_counts
    from exactprune.tree import Tree
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    X, y = gaussian_data("g2c15", args.n, seed=args.seed)
    Xp, yp = gaussian_data("g2c15", args.n // 2, seed=args.seed + 1)
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    print(f"g2c15, n = {args.n}: {est.tree_.node_count} nodes, best of {args.repeats}")
    cases = {
        "EBP C4.5": lambda: ebp_prune(Tree.from_sklearn(est)).tree.n_leaves,
        "EBP J48": lambda: ebp_prune(Tree.from_sklearn(est), variant="weka").tree.n_leaves,
        "EBP C4.5 raising": lambda: ebp_prune(Tree.from_sklearn(est), raising=True, X=X, y=y).tree.n_leaves,
        "MEP": lambda: mep_prune(Tree.from_sklearn(est)).tree.n_leaves,
        "REP (route + prune)": lambda: rep_prune(t := Tree.from_sklearn(est), route_counts(t, Xp, yp)).tree.n_leaves,
        "sklearn ccp_pruning_path": lambda: len(ccp_pruning_path(est.tree_)["ccp_alphas"]),
    }
    for name, run in cases.items():
        seconds, size = best_of(args.repeats, run)
        print(f"{name:26s} {seconds:8.3f} s   ({size})", flush=True)


if __name__ == "__main__":
    main()
