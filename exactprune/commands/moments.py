"""``exactprune moments`` and ``exactprune prune`` (Zhong 4.28-4.29, Fig 4.1).

Exact Fractions up to ``limits.EXACT_K_LIMIT``; certified arb balls above it, up to
``limits.CLI_MAX_K_ARB``.  In ``--json`` an exact value is a ``"p/q"`` string under its key
(``as_leaf``, ``subtree``, ``moment``) and a ball a string under the key with ``_ball``
appended, the other key being null, so a key never changes its meaning with k.
"""
from __future__ import annotations

import sys
import time
from typing import Any

from .. import limits
from ..limits import EXACT_K_LIMIT
from .arguments import add_k_argument, add_prior_arguments, add_tree_argument, exact_arg, k_from_args, prior_from_args
from .output import APPROX_DIGITS, add_full_argument, approx, plural, print_json, pruned_text, summary_limit
from .readers import check_report_size, read_tree

_K_WHY = " (beyond it the certified balls lose their digits)"
_JSON_NOTE = (f"Exact fractions up to k = {EXACT_K_LIMIT}, certified arb balls above it (k at most "
              f"{limits.CLI_MAX_K_ARB:,}). With --json an exact value is a \"p/q\" string under its key (as_leaf, "
              f"subtree, moment) and a ball a string under the key plus _ball; the other of the two is null.")


def _value(value) -> str:
    from ..formatting import fraction_str
    return fraction_str(value) if not hasattr(value, "mid") else value.str(20)


def _keyed(key: str, value) -> dict:
    """{key: "p/q", key_ball: None} for a Fraction, {key: None, key_ball: "[m +/- r]"} for an arb."""
    from ..formatting import fraction_str
    is_ball = hasattr(value, "mid")
    return {key: None if is_ball else fraction_str(value), f"{key}_ball": value.str(20) if is_ball else None}


class _Progress:
    """One self-overwriting line on a terminal's stderr once a run has taken a few seconds."""

    def __init__(self, what: str, total: int):
        self.what, self.total, self.start = what, total, time.monotonic()
        self.shown = False
        self.live = sys.stderr.isatty()

    def update(self, done: int) -> None:
        if self.live and time.monotonic() - self.start > 3:
            print(f"\r{self.what}: {done} of {self.total}", end="", file=sys.stderr, flush=True)
            self.shown = True

    def close(self) -> None:
        if self.shown:
            print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)


def _run_moments(args) -> int:
    from ..knorm import leaf_moment, leaf_moment_arb, moment
    prior = prior_from_args(args)
    k = k_from_args(args, limits.CLI_MAX_K_ARB, _K_WHY)
    tree = read_tree(args.tree)
    check_report_size(tree, "moments", k if k <= EXACT_K_LIMIT else 1)   # arb balls cost the same at any k
    nodes = tree.nodes()
    rows: list[dict[str, Any]] = []
    progress = _Progress("moments: nodes done", len(nodes))
    for i, node in enumerate(nodes):
        as_leaf = leaf_moment(node.counts, k, prior) if k <= EXACT_K_LIMIT else leaf_moment_arb(node.counts, k, prior)
        rows.append({"name": node.name, "counts": list(node.counts), **_keyed("as_leaf", as_leaf),
                     **_keyed("subtree", moment(node, k, prior)),
                     "as_leaf_approx": float(as_leaf) if k <= EXACT_K_LIMIT else None})
        progress.update(i + 1)
    progress.close()
    if args.json:
        print_json({"k": k, "nodes": rows})
    else:
        for row in rows:
            print(f"{row['name']:>10} {str(row['counts']):>20}  as_leaf {row['as_leaf'] or row['as_leaf_ball']}"
                  f"  subtree {row['subtree'] or row['subtree_ball']}")
    return 0


def _run_prune(args) -> int:
    from ..knorm import knorm_decimal, prune
    prior = prior_from_args(args)
    k = k_from_args(args, limits.CLI_MAX_K_ARB, _K_WHY)
    epsilon = exact_arg(args.epsilon, "--epsilon")
    tree = read_tree(args.tree)
    result = prune(tree, k, prior=prior, epsilon=epsilon)
    if args.json:
        print_json({"k": k, **_keyed("moment", result.moment), "norm_approx": float(result.norm), "pruned": result.pruned,
                    "leaves": result.tree.n_leaves, "comparisons": result.comparisons,
                    "exact_fallbacks": result.fallbacks, "tree": result.tree.to_dict()})
    else:
        limit = summary_limit(tree.n_leaves, args.full)
        print(f"PruneTree at k = {k}: {plural(result.tree.n_leaves, 'leaf', 'leaves')}, "
              f"pruned {pruned_text(result.pruned, limit)}")
        if limit is None:
            print(f"E[r^k] = {_value(result.moment)}")
        else:
            shown = _value(result.moment) if hasattr(result.moment, "mid") else f"~ {approx(result.moment)}"
            print(f"E[r^k] {shown} (exact with --full or --json)")
        print(f"{k}-norm ~ {knorm_decimal(result.moment, k, APPROX_DIGITS)}")
        if limit is None:
            print(result.tree.render())
        else:
            print(f"the pruned tree: {plural(result.tree.n_leaves, 'leaf', 'leaves')} of the input's {tree.n_leaves} "
                  f"(--full draws it)")
    return 0


def register(sub) -> None:
    """Add ``moments`` (every node's E[r^k] as a leaf, 4.29, and as a subtree, 4.28) and ``prune``
    (PruneTree, Fig 4.1) to argparse ``sub``; the prior defaults to lam = eta = 1/2 and Zhong's
    numerator J - 1, PruneTree's margin to 0.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["moments"].parse_args(["t.json", "--k", "2"])
    >>> args.tree, args.k, args.lam, args.eta, args.numerator, args.func is _run_moments
    ('t.json', '2', '1/2', '1/2', 'J-1', True)
    >>> args = sub.choices["prune"].parse_args(["-", "--k", "3", "--numerator", "1"])
    >>> args.tree, args.epsilon, args.numerator, args.func is _run_prune
    ('-', '0', '1', True)
    """
    p = sub.add_parser("moments", help="k-th error moments of every node, as a leaf (4.29) and as a subtree (4.28)",
                       description=_JSON_NOTE)
    add_tree_argument(p)
    add_k_argument(p, limits.CLI_MAX_K_ARB)
    add_prior_arguments(p)
    p.set_defaults(func=_run_moments)
    p = sub.add_parser("prune", help="PruneTree (Zhong Fig 4.1) at a given k", description=_JSON_NOTE)
    add_tree_argument(p)
    add_k_argument(p, limits.CLI_MAX_K_ARB)
    p.add_argument("--epsilon", default="0", help="PruneTree's margin, exact and >= 0 (default 0)")
    add_prior_arguments(p)
    add_full_argument(p)
    p.set_defaults(func=_run_prune)
