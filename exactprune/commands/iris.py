"""``exactprune iris``: Zhong's App B case study, exactly (the README's main job)."""
from __future__ import annotations

from fractions import Fraction

from .arguments import add_json_argument
from .output import print_json
from .sequences import format_ccp, format_knorm, knorm_json


def _run(args) -> int:
    from ..casestudy import printed_values
    from ..knorm import Prior
    from ..peers.ccp import ccp_sequence
    from ..sequence import knorm_sequence
    from ..tree import iris_tree
    tree = iris_tree()
    values = printed_values()
    sequences = {num: knorm_sequence(tree, Prior(Fraction(1, 2), Fraction(1, 2), num)) for num in ("J-1", "1")}
    ccp = ccp_sequence(tree, cost="misclassification")
    if args.json:
        print_json({"tree": tree.to_dict(), "printed_values": [v.as_dict() for v in values],
                    "knorm_sequences": {num: knorm_json(seq) for num, seq in sequences.items()},
                    "ccp_sequence": ccp.as_dict()})
        return 0
    print("Zhong App B: the fully grown CART tree on iris petal length and width (counts setosa/versicolor/virginica)")
    print(tree.render())
    print()
    print("Printed values of Zhong 4.3 and App B recomputed exactly (lam = eta = 1/2):")
    print(f"  {'eq':<9} {'printed':>11} {'exact, rounded':>15}  {'':3} {'exact':<28} quantity")
    for v in values:
        mark = "ok" if v.agrees else "DIFFERS"
        exact = v.formula()
        if len(exact) > 28:
            exact = exact[:25] + "..."
        print(f"  {v.equation:<9} {v.printed:>11} {v.rounded:>15}  {mark:<7} {exact:<28} {v.quantity}")
    print()
    for num, seq in sequences.items():
        label = "(4.29) as printed, numerator b + (J-1) lam" if num == "J-1" else "numerator b + lam"
        print(f"[{label}]")
        print(format_knorm(seq))
        print()
    print("Zhong Figure B.1 prints: (d) 2 <= k < 25680602, (e) 25680602 <= k < infinity, (f) k = infinity;")
    print("the exact breakpoints above differ: see 'exactprune errata' (zhong-B.1-breakpoint).")
    print()
    print(format_ccp(ccp))
    print("Zhong prints the CCP alphas as 0.0067, 0.0133, 0.2933, 0.3333 (= 1/150, 1/75, 22/75, 1/3).")
    return 0


def register(sub) -> None:
    """Add the ``iris`` command (Zhong's App B case study) to argparse ``sub``, run by :func:`_run`.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["iris"].parse_args(["--json"])
    >>> args.json, args.func is _run
    (True, True)
    """
    p = sub.add_parser("iris", help="Zhong's App B case study on iris, exactly")
    add_json_argument(p)
    p.set_defaults(func=_run)
