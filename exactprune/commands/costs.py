"""``exactprune cost`` (loss-matrix moments, Zhong 7.1) and ``exactprune classprob``
(class-probability error moments, Zhong 7.2)."""
from __future__ import annotations

from typing import Any

from .. import limits
from .arguments import UsageError, add_k_argument, add_lam_eta_arguments, add_tree_argument, exact_arg, k_from_args
from .output import APPROX_DIGITS, approx, plural, print_json, pruned_text
from .readers import check_report_size, read_json_file, read_tree


def register(subparsers) -> None:
    """Add ``cost`` (loss-matrix cost moments, Zhong 7.1) and ``classprob`` (class-probability
    error moments, Zhong 7.2) to argparse ``subparsers``; lam and eta default to 1/2.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["cost"].parse_args(["t.json", "--loss", "l.json", "--k", "2"])
    >>> args.loss, args.k, args.lam, args.func is _run_cost
    ('l.json', '2', '1/2', True)
    >>> sub.choices["classprob"].parse_args(["t.json", "--k", "2"]).func is _run_classprob
    True
    """
    cost = subparsers.add_parser(
        "cost", help="loss-matrix k-th cost moments per node, (7.16) labels and PruneTree (Zhong 7.1)",
        description=("Per node: the cost-optimal label (7.16) and the k-th cost moments as a leaf (7.13, by the "
                     "corrected recursion 7.14) and of the subtree (7.4); then PruneTree with cost moments. "
                     "LOSS.json is a J x J list of lists, loss[i][j] = cost of predicting i when the truth is j; "
                     "entries are integers or exact strings such as \"1/2\" or \"0.5\"."))
    add_tree_argument(cost)
    cost.add_argument("--loss", required=True, metavar="LOSS.json", help="J x J loss matrix (JSON)")
    _common(cost, limits.CLI_MAX_K_COST)
    cost.set_defaults(func=_run_cost)

    prob = subparsers.add_parser(
        "classprob", help="k-th moments of the class-probability error per node and class (Zhong 7.2)",
        description=("Per node and class j: E[r_j^k] with r_j = P[C_j] - P*[C_j] (7.17), as a leaf (7.20, sign "
                     "corrected) and for the subtree (7.18), the combined risk sum_j E[r_j^k], Zhong's MSE and "
                     "the standard deviation of the squared error; for even k, the one-traversal PET pruning."))
    add_tree_argument(prob)
    _common(prob, limits.CLI_MAX_K_CLASSPROB)
    prob.set_defaults(func=_run_classprob)


def _common(parser, max_k: int) -> None:
    add_k_argument(parser, max_k)
    add_lam_eta_arguments(parser)


def _params(args, max_k: int) -> tuple:
    k = k_from_args(args, max_k, " (the exact moments' work grows with k^2)")
    return k, exact_arg(args.lam, "--lam"), exact_arg(args.eta, "--eta")


def _read_loss(path: str, n_classes: int) -> list:
    from ..costs import validate_loss
    data = read_json_file(path, "loss matrix")
    if not isinstance(data, list):
        raise UsageError("loss matrix JSON must be a list of lists (J x J)")
    rows = []
    for i, row in enumerate(data):
        if not isinstance(row, list):
            raise UsageError(f"loss matrix row {i} must be a list, got {type(row).__name__}")
        for value in row:
            if isinstance(value, float):
                raise UsageError(f"loss matrix entries must be exact: write {value!r} as the string "
                                 f"\"{value!r}\" or as a fraction \"p/q\"")
        rows.append([exact_arg(value, f"loss[{i}][{j}]", nonnegative=False) for j, value in enumerate(row)])
    return validate_loss(rows, n_classes)


def _cost_report(tree, loss, k: int, lam, eta) -> dict:
    """Everything ``exactprune cost`` prints, as a dict of exact values."""
    from ..costs import cost_label, prune_costs, subtree_cost_moment
    from ..knorm import Prior
    nodes = []
    for node in tree.nodes():
        label, as_leaf = cost_label(node.counts, loss, k, lam)
        majority = node.label
        nodes.append({"name": node.name, "counts": list(node.counts), "label": label, "majority": majority,
                      "as_leaf": as_leaf, "subtree": subtree_cost_moment(node, loss, k, lam, eta)})
    result = prune_costs(tree, k, loss=loss, prior=Prior(lam, eta))
    return {"k": k, "lam": lam, "eta": eta, "loss": loss, "nodes": nodes,
            "pruned": {"moment": result.moment, "pruned": result.pruned, "leaves": result.tree.n_leaves,
                       "labels": result.labels, "tree": result.tree.to_dict()}}


def _run_cost(args) -> int:
    from ..formatting import fraction_str
    k, lam, eta = _params(args, limits.CLI_MAX_K_COST)
    tree = read_tree(args.tree)
    check_report_size(tree, "cost", k)
    loss = _read_loss(args.loss, tree.n_classes)
    report = _cost_report(tree, loss, k, lam, eta)
    if args.json:
        print_json(report)
        return 0
    print(f"k-th cost moments, k = {k}, lam = {fraction_str(lam)}, eta = {fraction_str(eta)} "
          f"(table: {APPROX_DIGITS} significant digits; exact values with --json)")
    print(f"{'node':<10} {'counts':<18} {'label':>5} {'major':>5}  {'as_leaf':>14} {'subtree':>14}")
    for row in report["nodes"]:
        print(f"{row['name']:<10} {str(row['counts']):<18} {row['label']:>5} {row['majority']:>5}  "
              f"{approx(row['as_leaf']):>14} {approx(row['subtree']):>14}")
    pruned = report["pruned"]
    print(f"PruneTree: moment {fraction_str(pruned['moment'])} (~{approx(pruned['moment'])}), "
          f"{plural(pruned['leaves'], 'leaf', 'leaves')}, pruned {pruned_text(pruned['pruned'])}")
    return 0


def _classprob_report(tree, k: int, lam, eta) -> dict:
    """Everything ``exactprune classprob`` prints, as a dict of exact values (the sd of the squared
    error, a square root, as a float to 6 significant digits)."""
    from ..classprob import lidstone_estimate, mse_summary, prune_pet, subtree_error_moment, error_moment
    from ..knorm import Prior
    J = tree.n_classes
    nodes = []
    for node in tree.nodes():
        as_leaf = [error_moment(node.counts, j, k, lam) for j in range(J)]
        subtree = [subtree_error_moment(node, j, k, lam, eta) for j in range(J)]
        estimates = []
        for j in range(J):
            summary = mse_summary(node.counts, j, lam, APPROX_DIGITS)
            estimates.append({"p_star": lidstone_estimate(node.counts, j, lam), "mse": summary["mse"],
                              "sd_squared_error_approx": float(summary["sd_decimal"])})
        nodes.append({"name": node.name, "counts": list(node.counts), "as_leaf": as_leaf, "subtree": subtree,
                      "combined_as_leaf": sum(as_leaf), "combined_subtree": sum(subtree), "leaf_estimates": estimates})
    out: dict[str, Any] = {"k": k, "lam": lam, "eta": eta, "nodes": nodes}
    if k % 2 == 0:
        result = prune_pet(tree, k, prior=Prior(lam, eta))
        out["pruned"] = {"moment": result.moment, "pruned": result.pruned, "leaves": result.tree.n_leaves,
                         "tree": result.tree.to_dict()}
    else:
        out["pruned"] = None
    return out


def _run_classprob(args) -> int:
    from ..formatting import fraction_str
    k, lam, eta = _params(args, limits.CLI_MAX_K_CLASSPROB)
    tree = read_tree(args.tree)
    check_report_size(tree, "classprob", k)
    report = _classprob_report(tree, k, lam, eta)
    if args.json:
        print_json(report)
        return 0
    print(f"class-probability error moments E[r_j^k], k = {k}, lam = {fraction_str(lam)}, eta = {fraction_str(eta)} "
          f"({APPROX_DIGITS} significant digits; exact values with --json)")
    for row in report["nodes"]:
        leaf = ", ".join(approx(v) for v in row["as_leaf"])
        sub = ", ".join(approx(v) for v in row["subtree"])
        print(f"{row['name']:<10} {str(row['counts']):<18} as leaf [{leaf}]  subtree [{sub}]")
        mse = ", ".join(f"{approx(e['mse'])} +- {approx(e['sd_squared_error_approx'])}" for e in row["leaf_estimates"])
        print(f"{'':<10} MSE +- sd of squared error per class: {mse}")
    if report["pruned"] is not None:
        pruned = report["pruned"]
        print(f"PET pruning: combined moment {fraction_str(pruned['moment'])}, "
              f"{plural(pruned['leaves'], 'leaf', 'leaves')}, pruned {pruned_text(pruned['pruned'])}")
    else:
        print("PET pruning needs an even k (odd moments of r_j can be negative)")
    return 0
