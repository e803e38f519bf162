"""``exactprune breakpoints`` (k-norm sequence) and ``exactprune ccp`` (CCP sequence)."""
from __future__ import annotations

from .common import (add_json_argument, approx, add_prior_arguments, add_tree_argument, plural, print_json, prior_from_args,
                     pruned_text, read_tree)


def _k_text(k) -> str:
    """A stage boundary: the exact integer, or ``b~2^x`` for a breakpoint known by its certified
    bracket on log2 k (beyond the exact search, see the per-split lines)."""
    return f"b~{k.as_dict()['approx']}" if hasattr(k, "as_dict") else str(k)


def format_knorm(seq) -> str:
    lines = ["k-norm pruning sequence (exact breakpoints):"]
    for stage in seq.stages:
        if stage.k_from == "inf":
            span = "k = infinity"
        elif stage.k_to is None:
            span = f"{_k_text(stage.k_from)} <= k < infinity"
        else:
            span = f"{_k_text(stage.k_from)} <= k < {_k_text(stage.k_to)}"
        lines.append(f"  {span:<32} {plural(stage.leaves, 'leaf', 'leaves'):>12}   "
                     f"pruned at start: {pruned_text(stage.pruned)}")
    lines.append("per split: exact integer breakpoint, certified real crossing")
    for entry in seq.breakpoints.values():
        d = entry.as_dict()
        if d["survives_all_finite_k"]:
            lines.append(f"  {d['name']:>10}: survives every finite k (Thm 5.9)")
        elif d["removed_with"]:
            lines.append(f"  {d['name']:>10}: k = {d['breakpoint']} (removed with {d['removed_with']})")
        else:
            crossing = d["crossing"]
            text = f", real crossing in [{crossing['lower']}, {crossing['upper']}] ~ {crossing['approx']}" if crossing else ""
            checks = f"; sign certified at {plural(d['sign_checks'], 'grid point')}" if d["sign_checks"] else ""
            k = entry.breakpoint
            where = (f"b, certified {k} (log2 bracket; beyond the exact integer search)"
                     if hasattr(k, "as_dict") else str(d["breakpoint"]))
            lines.append(f"  {d['name']:>10}: k = {where}{text}{checks}")
    return "\n".join(lines)


def format_ccp(seq) -> str:
    lines = [f"CCP sequence ({seq.cost} cost, ties={seq.ties}), exact alphas:"]
    for stage in seq.stages:
        upper = "infinity" if stage.alpha_to is None else str(stage.alpha_to)
        span = f"{stage.alpha_from} <= alpha < {upper}"
        lines.append(f"  {span:<32} {'(~' + approx(stage.alpha_from) + ')':<11} {plural(stage.leaves, 'leaf', 'leaves'):>12}   "
                     f"pruned: {pruned_text(stage.pruned)}")
    return "\n".join(lines)


def knorm_json(seq) -> dict:
    """The JSON of a k-norm sequence with the command line's stable types (docs/cli_output.md):
    a stage's ``k_from`` is a number, a bracket object or null, with ``k_infinite`` true for the
    k = infinity stage; a crossing's ``approx`` is a number."""
    out = seq.as_dict()
    for stage in out["stages"]:
        stage["k_infinite"] = stage["k_from"] == "inf"
        if stage["k_infinite"]:
            stage["k_from"] = None
    for entry in out["breakpoints"]:
        if entry.get("crossing"):
            entry["crossing"]["approx"] = float(entry["crossing"]["approx"])
    return out


def _run_breakpoints(args) -> int:
    from ..sequence import knorm_sequence
    seq = knorm_sequence(read_tree(args.tree), prior_from_args(args), crossings=not args.no_crossings)
    if args.json:
        print_json(knorm_json(seq))
    else:
        print(format_knorm(seq))
    return 0


def _run_ccp(args) -> int:
    from ..peers.ccp import ccp_sequence
    seq = ccp_sequence(read_tree(args.tree), args.cost, args.ties)
    if args.json:
        print_json(seq.as_dict())
    else:
        print(format_ccp(seq))
    return 0


def register(sub) -> None:
    """Add ``breakpoints`` (the k-norm pruning sequence, Zhong 5.1.2) and ``ccp`` (the CCP
    sequence) to argparse ``sub``; ``ccp`` defaults to Breiman's misclassification cost with all
    weakest links pruned together.

    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["breakpoints"].parse_args(["t.json", "--no-crossings"])
    >>> args.no_crossings, args.func is _run_breakpoints
    (True, True)
    >>> args = sub.choices["ccp"].parse_args(["t.json"])
    >>> args.cost, args.ties, args.json, args.func is _run_ccp
    ('misclassification', 'all', False, True)
    """
    p = sub.add_parser("breakpoints", help="k-norm pruning sequence with exact breakpoints")
    add_tree_argument(p)
    add_prior_arguments(p)
    p.add_argument("--no-crossings", action="store_true",
                   help="skip the certified real crossings (about 40 arb evaluations per pruned split)")
    p.set_defaults(func=_run_breakpoints)
    p = sub.add_parser("ccp", help="cost-complexity pruning sequence with exact alphas")
    add_tree_argument(p)
    p.add_argument("--cost", default="misclassification", choices=["misclassification", "gini"],
                   help="the cost R(t) of a node: misclassification rate (Breiman, default) or Gini impurity "
                        "(as scikit-learn's cost-complexity pruning)")
    p.add_argument("--ties", default="all", choices=["all", "sklearn"],
                   help="prune all weakest links together (Breiman) or one at a time (scikit-learn)")
    add_json_argument(p)
    p.set_defaults(func=_run_ccp)
