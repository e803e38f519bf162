"""``exactprune moments`` and ``exactprune prune`` (Zhong 4.28-4.29, Fig 4.1)."""
from __future__ import annotations

from ..knorm import EXACT_K_LIMIT, leaf_moment, leaf_moment_arb, moment, prune
from ..numbers import fraction_str, positive_int
from .common import add_prior_arguments, print_json, prior_from_args, read_tree


def _value(value) -> str:
    return fraction_str(value) if not hasattr(value, "mid") else value.str(20)


def run_moments(args) -> int:
    tree = read_tree(args.tree)
    prior = prior_from_args(args)
    k = positive_int(args.k, "k")
    rows = []
    for node in tree.nodes():
        as_leaf = leaf_moment(node.counts, k, prior) if k <= EXACT_K_LIMIT else leaf_moment_arb(node.counts, k, prior)
        rows.append({"name": node.name, "counts": list(node.counts), "as_leaf": _value(as_leaf),
                     "subtree": _value(moment(node, k, prior)),
                     "as_leaf_approx": float(as_leaf) if k <= EXACT_K_LIMIT else None})
    if args.json:
        print_json({"k": k, "nodes": rows})
    else:
        for row in rows:
            print(f"{row['name']:>10} {str(row['counts']):>20}  as_leaf {row['as_leaf']}  subtree {row['subtree']}")
    return 0


def run_prune(args) -> int:
    tree = read_tree(args.tree)
    prior = prior_from_args(args)
    k = positive_int(args.k, "k")
    result = prune(tree, k, prior, args.epsilon)
    if args.json:
        print_json({"k": k, "moment": _value(result.moment), "norm": result.norm, "pruned": result.pruned,
                    "leaves": result.tree.n_leaves, "comparisons": result.comparisons,
                    "exact_fallbacks": result.fallbacks, "tree": result.tree.to_dict()})
    else:
        print(f"PruneTree at k = {k}: {result.tree.n_leaves} leaves, pruned {', '.join(result.pruned) or 'nothing'}")
        print(f"E[r^k] = {_value(result.moment)}")
        print(f"{k}-norm = {result.norm}")
        print(result.tree.render())
    return 0


def register(sub) -> None:
    p = sub.add_parser("moments", help="k-th error moments of every node, as a leaf (4.29) and as a subtree (4.28)")
    p.add_argument("tree", help="count tree JSON file, or - for stdin")
    p.add_argument("--k", required=True, help="moment order k (positive integer)")
    add_prior_arguments(p)
    p.set_defaults(func=run_moments)
    p = sub.add_parser("prune", help="PruneTree (Zhong Fig 4.1) at a given k")
    p.add_argument("tree", help="count tree JSON file, or - for stdin")
    p.add_argument("--k", required=True, help="moment order k (positive integer)")
    p.add_argument("--epsilon", default="0", help="PruneTree's epsilon (exact, >= 0)")
    add_prior_arguments(p)
    p.set_defaults(func=run_prune)
