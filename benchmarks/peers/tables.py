"""Print the agreement tables of docs/peers.md from the committed fixtures (run by hand).

Reuses the comparisons of tests/peers/test_peer_fixtures.py (one home for the exact checks)::

    python benchmarks/peers/tables.py
"""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tests" / "peers"))

import test_peer_fixtures as T  # noqa: E402

from exactprune.peers import ebp as E  # noqa: E402
from exactprune.tree import Tree  # noqa: E402


def j48() -> None:
    print("| fixture | leaves grown | -S: J48 = exactprune | default (raising): J48 = exactprune | raising changed J48's tree |")
    print("|---|---|---|---|---|")
    for name, fx in T.J48:
        X, y = T._rows(fx["data"])
        grown = Tree.from_dict(fx["grown"])
        plain = T._result(E.ebp_prune(grown, variant="weka").tree) == T._preorder(fx["pruned_no_raising"])
        raised = T._result(E.ebp_prune(grown, variant="weka", raising=True, X=X, y=y).tree) == T._preorder(fx["pruned_raising"])
        print(f"| {name} | {grown.n_leaves} | {'yes' if plain else 'NO'} | {'yes' if raised else 'NO'} | "
              f"{'yes' if fx['pruned_raising'] != fx['pruned_no_raising'] else 'no'} |")


def rpart() -> None:
    print("| fixture | cptable rows | rows = exactprune | rows where rpart's subtree is not optimal | exactprune optimal |")
    print("|---|---|---|---|---|")
    for name, fx in T.RPART:
        rows = T.rpart_rows(fx)
        worse = [(a, e, l, opt) for a, (e, l), eq, opt, _ in rows if e + a * l > opt[0]]
        example = "; ".join(f"alpha {a}: rpart {l} leaves cost {e + a * l}, optimum {opt[1]} leaves cost {opt[0]}"
                            for a, e, l, opt in worse[:1])
        print(f"| {name} | {len(rows)} | {sum(r[2] for r in rows)} | {len(worse)}{' (' + example + ')' if example else ''} | "
              f"{'yes' if all(r[4] == r[3] for r in rows) else 'NO'} |")


def sklearn() -> None:
    print("| fixture | path entries | distinct float alphas | exact alphas | spurious alphas | cost equal at each exact alpha |")
    print("|---|---|---|---|---|---|")
    for name, fx in T.SKLEARN:
        groups, stages = T.sklearn_groups(fx)
        floats = len({a for entries in groups.values() for a, _ in entries})
        equal = all(abs(e[-1][1] - float(stages[a].cost)) <= 1e-12 for a, e in groups.items())
        print(f"| {name} | {len(fx['ccp_alphas'])} | {floats} | {len(groups)} | {floats - len(groups)} | {'yes' if equal else 'NO'} |")


if __name__ == "__main__":
    for table in (j48, rpart, sklearn):
        table()
        print()
