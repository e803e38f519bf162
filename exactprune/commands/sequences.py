"""``exactprune breakpoints`` (k-norm sequence) and ``exactprune ccp`` (CCP sequence)."""
from __future__ import annotations

from typing import Optional

from .arguments import add_json_argument, add_prior_arguments, add_tree_argument, prior_from_args
from .output import add_full_argument, approx, plural, print_json, pruned_text, summary_limit
from .readers import read_tree


def _k_text(k) -> str:
    """A stage boundary: the exact integer, or ``b~2^x`` for a breakpoint known by its certified
    bracket on log2 k (beyond the exact search, see the per-split lines)."""
    return f"b~{k.as_dict()['approx']}" if hasattr(k, "as_dict") else str(k)


def format_knorm(seq, limit: Optional[int] = None) -> str:
    """The text ``exactprune breakpoints`` prints for a k-norm pruning sequence (Zhong 5.1.2):
    one line per stage, then each split's exact integer breakpoint and certified real crossing;
    with ``limit`` (the summary of a large tree), at most ``limit`` names per list and splits.

    Parameters
    ----------
    seq : exactprune.stages.KNormSequence
        The k-norm pruning sequence.
    limit : int, optional
        At most this many names per list and splits; None lists everything.

    Returns
    -------
    str
        The text, lines joined by newlines.

    Examples
    --------
    A root (3, 1) split into (3, 0) and (0, 1), lam = eta = 1/2, numerator J - 1: as a leaf
    E[r^k] = a^(k) / d^(k) with a = 1 + 1/2, d = 4 + 1 (4.29); the split weighs its leaves
    7/10 and 3/10 (4.11), with a = 1/2 over d = 4 and d = 2.  A brute force over k finds the
    first k at which the leaf is no worse than the split (PruneTree then prunes the root):

    >>> from fractions import Fraction as F
    >>> def rising(a, d, k):        # a^(k) / d^(k), rising factorials
    ...     out = F(1)
    ...     for i in range(k):
    ...         out *= (a + i) / (d + i)
    ...     return out
    >>> split = lambda k: F(7, 10) * rising(F(1, 2), 4, k) + F(3, 10) * rising(F(1, 2), 2, k)
    >>> next(k for k in range(1, 100) if rising(F(3, 2), 5, k) <= split(k))
    8
    >>> from exactprune.knorm import Prior
    >>> from exactprune.sequence import knorm_sequence
    >>> from exactprune.tree import Node, Tree
    >>> tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    >>> print(format_knorm(knorm_sequence(tree, prior=Prior())))
    k-norm pruning sequence (exact breakpoints):
      1 <= k < 8                           2 leaves   pruned at start: nothing
      8 <= k < infinity                      1 leaf   pruned at start: root
      k = infinity                           1 leaf   pruned at start: nothing
    per split: exact integer breakpoint, certified real crossing
            root: k = 8, real crossing in [...] ~ 7.34...; sign certified at ... grid points
    """
    lines = ["k-norm pruning sequence (exact breakpoints):"]
    for stage in seq.stages:
        if stage.k_from == "inf":
            span = "k = infinity"
        elif stage.k_to is None:
            span = f"{_k_text(stage.k_from)} <= k < infinity"
        else:
            span = f"{_k_text(stage.k_from)} <= k < {_k_text(stage.k_to)}"
        lines.append(f"  {span:<32} {plural(stage.leaves, 'leaf', 'leaves'):>12}   "
                     f"pruned at start: {pruned_text(stage.pruned, limit)}")
    lines.append("per split: exact integer breakpoint, certified real crossing")
    entries = list(seq.breakpoints.values())
    for entry in entries[:limit]:
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
    if limit is not None and len(entries) > limit:
        lines.append(f"  ... {len(entries) - limit} more splits (--full lists them)")
    return "\n".join(lines)


def format_ccp(seq, limit: Optional[int] = None) -> str:
    """The text ``exactprune ccp`` prints for a CCP sequence: one line per stage, exact alphas;
    with ``limit``, at most ``limit`` pruned names per stage.

    Parameters
    ----------
    seq : exactprune.peers.ccp.CCPSequence
        The cost-complexity pruning sequence.
    limit : int, optional
        At most this many pruned names per stage; None lists everything.

    Returns
    -------
    str
        The text, lines joined by newlines.

    Examples
    --------
    A root (3, 1) split into the pure leaves (3, 0) and (0, 1): as a leaf it misclassifies 1 of
    the 4 examples, R = 1/4, the split 0, so its weakest-link alpha is (1/4 - 0) / (2 - 1) = 1/4.

    >>> from exactprune.peers.ccp import ccp_sequence
    >>> from exactprune.tree import Node, Tree
    >>> tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    >>> print(format_ccp(ccp_sequence(tree, cost="misclassification")))
    CCP sequence (misclassification cost, ties=all), exact alphas:
      0 <= alpha < 1/4                 (~0)            2 leaves   pruned: nothing
      1/4 <= alpha < infinity          (~0.250000)       1 leaf   pruned: root
    """
    lines = [f"CCP sequence ({seq.cost} cost, ties={seq.ties}), exact alphas:"]
    for stage in seq.stages:
        upper = "infinity" if stage.alpha_to is None else str(stage.alpha_to)
        span = f"{stage.alpha_from} <= alpha < {upper}"
        lines.append(f"  {span:<32} {'(~' + approx(stage.alpha_from) + ')':<11} {plural(stage.leaves, 'leaf', 'leaves'):>12}   "
                     f"pruned: {pruned_text(stage.pruned, limit)}")
    return "\n".join(lines)


def knorm_json(seq) -> dict:
    """The JSON of a k-norm sequence with the command line's stable types (docs/cli_output.md):
    a stage's ``k_from`` is a number, a bracket object or null, with ``k_infinite`` true for the
    k = infinity stage; a crossing's ``approx`` is a number.

    Parameters
    ----------
    seq : exactprune.stages.KNormSequence
        The k-norm pruning sequence.

    Returns
    -------
    dict
        ``seq.as_dict()`` with the command line's stable types.

    Examples
    --------
    On the tree of :func:`format_knorm`'s example (breakpoint 8, worked out there):

    >>> from exactprune.knorm import Prior
    >>> from exactprune.sequence import knorm_sequence
    >>> from exactprune.tree import Node, Tree
    >>> out = knorm_json(knorm_sequence(Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))])), prior=Prior()))
    >>> [(stage["k_from"], stage["k_infinite"], stage["leaves"]) for stage in out["stages"]]
    [(1, False, 2), (8, False, 1), (None, True, 1)]
    >>> crossing = out["breakpoints"][0]["crossing"]
    >>> type(crossing["approx"]).__name__, 7 < crossing["approx"] < 8
    ('float', True)
    """
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
    tree = read_tree(args.tree)
    seq = knorm_sequence(tree, prior_from_args(args), crossings=not args.no_crossings)
    if args.json:
        print_json(knorm_json(seq))
    else:
        print(format_knorm(seq, summary_limit(tree.n_leaves, args.full)))
    return 0


def _run_ccp(args) -> int:
    from ..peers.ccp import ccp_sequence
    tree = read_tree(args.tree)
    seq = ccp_sequence(tree, cost=args.cost, ties=args.ties)
    if args.json:
        print_json(seq.as_dict())
    else:
        print(format_ccp(seq, summary_limit(tree.n_leaves, args.full)))
    return 0


def register(sub) -> None:
    """Add ``breakpoints`` (the k-norm pruning sequence, Zhong 5.1.2) and ``ccp`` (the CCP
    sequence) to argparse ``sub``; ``ccp`` defaults to Breiman's misclassification cost with all
    weakest links pruned together.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
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
    add_full_argument(p)
    p.set_defaults(func=_run_breakpoints)
    p = sub.add_parser("ccp", help="cost-complexity pruning sequence with exact alphas")
    add_tree_argument(p)
    p.add_argument("--cost", default="misclassification", choices=["misclassification", "gini"],
                   help="the cost R(t) of a node: misclassification rate (Breiman, default) or Gini impurity "
                        "(as scikit-learn's cost-complexity pruning)")
    p.add_argument("--ties", default="all", choices=["all", "sklearn"],
                   help="prune all weakest links together (Breiman) or one at a time (scikit-learn)")
    add_json_argument(p)
    add_full_argument(p)
    p.set_defaults(func=_run_ccp)
