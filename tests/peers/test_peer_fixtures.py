"""exactprune beside the programs users run, on committed fixtures (tests/fixtures/peers/, written
by benchmarks/peers/generate.py from Weka's J48, R's rpart and scikit-learn; neither Weka nor R
is needed here).

* J48: EBP (``variant="weka"``) prunes J48's grown tree into J48's pruned tree, node for node,
  with subtree raising (J48's default) and without (J48 -S).
* rpart: every cptable row equals exactprune's CCP sequence, or an exact dynamic program at
  that row's alpha (written here, in Fractions) shows rpart's subtree is not the smallest
  optimal one and exactprune's is.
* scikit-learn: at each distinct alpha of ``cost_complexity_pruning_path`` the pruned cost equals
  the exact sequence's; the floats that split one exact alpha are counted.
"""
from __future__ import annotations

import json
import pathlib
from fractions import Fraction

import numpy as np
import pytest

from exactprune.peers import ebp as E
from exactprune.peers.ccp import ccp_sequence
from exactprune.tree import Tree

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "peers"


def _load(pattern: str) -> list:
    return [(p.name, json.loads(p.read_text())) for p in sorted(FIXTURES.glob(pattern))]


J48, RPART, SKLEARN = _load("j48_*.json"), _load("rpart_*.json"), _load("sklearn_*.json")


def _rows(source: dict):
    """The data of a fixture: a bundled scikit-learn data set by name, or the stored rows."""
    if "sklearn" in source:
        import sklearn.datasets
        X, y = getattr(sklearn.datasets, source["sklearn"])(return_X_y=True)
        return np.asarray(X, dtype=float), np.asarray(y)
    return np.asarray(source["X"], dtype=float), np.asarray(source["y"])


def _preorder(d: dict) -> list:
    """(counts, feature, threshold) of every node of a JSON tree in pre-order (tests at splits)."""
    out, stack = [], [d]
    while stack:
        node = stack.pop()
        split = bool(node.get("children"))
        out.append((tuple(node["counts"]), node.get("feature") if split else None, node.get("threshold") if split else None))
        stack.extend(reversed(node.get("children", [])))
    return out


def _result(tree: Tree) -> list:
    return [(n.counts, n.feature if n.children else None, n.threshold if n.children else None) for n in tree.root.walk()]


def _counts_only(d: dict) -> dict:
    out = {"counts": d["counts"]}
    if d.get("children"):
        out["children"] = [_counts_only(c) for c in d["children"]]
    return out


def test_the_fixtures_are_small_and_cover_every_program():
    size = sum(p.stat().st_size for p in FIXTURES.glob("*.json"))
    assert size < 1_000_000
    assert len(J48) >= 10 and len(RPART) >= 10 and len(SKLEARN) >= 5
    assert any(fx["nominal"] for _, fx in J48) and any(fx["name"] == "digits" for _, fx in J48)


# -- J48 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, fx", J48, ids=[n for n, _ in J48])
def test_ebp_prunes_j48s_grown_tree_into_j48s_pruned_trees(name, fx):
    X, y = _rows(fx["data"])
    grown = Tree.from_dict(fx["grown"])
    assert _result(grown) == _preorder(fx["grown"])
    plain = E.ebp_prune(grown, variant="weka")
    assert _result(plain.tree) == _preorder(fx["pruned_no_raising"])
    raised = E.ebp_prune(grown, variant="weka", raising=True, X=X, y=y)
    assert _result(raised.tree) == _preorder(fx["pruned_raising"])


def _j48_raising_agreement() -> int:
    return sum(_result(E.ebp_prune(Tree.from_dict(fx["grown"]), variant="weka", raising=True, X=X, y=y).tree)
               == _preorder(fx["pruned_raising"]) for _, fx in J48 for X, y in [_rows(fx["data"])])


def test_the_j48_fixtures_catch_each_raising_rule_broken(monkeypatch):
    """The fixtures can fail: the first instead of the last of equally large branches, or the
    largest branch's leaves counted against their old labels (exactprune's rules before C4.5's and
    J48's were followed), each disagree with J48 on some fixture."""
    everything = len(J48)
    assert _j48_raising_agreement() == everything
    with monkeypatch.context() as m:
        m.setattr(E, "_last_largest", lambda sizes: sizes.index(max(sizes)))
        assert _j48_raising_agreement() < everything
    with monkeypatch.context() as m:
        def old_labels(self, big, rows):        # each reached leaf counted against its old label
            reached = self.route(rows, big)
            pairs = []
            for leaf in self.leaves(big):
                old = self.counts[leaf]
                new = old + np.bincount(self.y[rows[reached == leaf]], minlength=self.m.J)
                pairs.append((int(new.sum()), int(new.sum() - new[int(np.argmax(old))])))
            value = float(sum(self.m.terms([n], [e])[0][0] for n, e in pairs))
            return (value, 1e-9 * value), lambda: pairs
        m.setattr(E._Raising, "branch", old_labels)
        assert _j48_raising_agreement() < everything


# -- rpart -----------------------------------------------------------------------------------
def _smallest_optimal(tree: Tree, alpha: Fraction) -> tuple:
    """(min over pruned subtrees T of errors(T) + alpha |leaves(T)|, the leaves of the smallest
    minimiser), by the exact recursion cost(t) = min(errors(t) + alpha, sum of the children's
    costs), a leaf preferred on equality (Breiman et al. 3.3)."""
    best = {}
    for node in tree.root.postorder():
        leaf = (node.errors + alpha, 1)
        if node.children:
            below = (sum(best[id(c)][0] for c in node.children), sum(best[id(c)][1] for c in node.children))
            best[id(node)] = leaf if leaf[0] <= below[0] else below
        else:
            best[id(node)] = leaf
    return best[id(tree.root)]


def _rpart_subtree(fx: dict, cp: float) -> tuple:
    """(errors, leaves) of ``prune(fit, cp)``: rpart snips every split whose frame complexity is
    at most cp (``prune.rpart``: ``ff$complexity <= cp``)."""
    errors = leaves = 0
    stack = [fx["tree"]]
    while stack:
        node = stack.pop()
        if not node.get("children") or float.fromhex(node["rpart_complexity"]) <= cp:
            errors, leaves = errors + sum(node["counts"]) - max(node["counts"]), leaves + 1
        else:
            stack.extend(node["children"])
    return errors, leaves


def _exact_alpha(value: float, limit: int) -> Fraction:
    """The rational with denominator at most ``limit`` that a printed alpha rounds (checked)."""
    alpha = Fraction(value).limit_denominator(limit)
    assert abs(float(alpha) - value) <= 1e-12 * max(value, 1e-300), (value, alpha)
    return alpha


def rpart_rows(fx: dict) -> list:
    """Every cptable row as (alpha in errors per leaf, rpart's subtree (errors, leaves), whether the
    row equals exactprune's sequence, the exact optimum (cost, leaves), exactprune's cost and leaves
    at that alpha).  The first row's CP is rpart's bound for the root (the full tree's is 0)."""
    tree = Tree.from_dict(_counts_only(fx["tree"]))
    N, root_risk = tree.root.n, tree.root.errors
    stages = ccp_sequence(tree).stages
    exact = {(s.alpha_from * N, s.leaves) for s in stages}
    out = []
    for row in fx["cptable"]:
        cp = float.fromhex(row["CP"])
        alpha = _exact_alpha(cp * root_risk, tree.n_leaves)
        errors, leaves = _rpart_subtree(fx, cp * (1 + 1e-12))
        assert leaves == row["nsplit"] + 1
        stage = [s for s in stages if s.alpha_from * N <= alpha][-1]
        ours = (stage.cost * N + alpha * stage.leaves, stage.leaves)
        out.append((alpha, (errors, leaves), (alpha, leaves) in exact, _smallest_optimal(tree, alpha), ours))
    return out


@pytest.mark.parametrize("name, fx", RPART, ids=[n for n, _ in RPART])
def test_rpart_cptable_is_exactprunes_sequence_or_not_optimal(name, fx):
    """Each row: equal to a stage of exactprune's sequence (alpha and size), or rpart's subtree at
    that alpha is not the smallest optimal one - and in every row exactprune's is."""
    for alpha, (errors, leaves), equal, optimum, ours in rpart_rows(fx):
        assert ours == optimum
        rpart_cost = errors + alpha * leaves
        if not equal:
            assert rpart_cost > optimum[0] or (rpart_cost == optimum[0] and leaves > optimum[1])


def test_rpart_is_wrong_somewhere_and_right_on_iris():
    """The comparison can fail both ways: rpart's table is exactprune's on iris, and on at least
    one fixture a row's subtree costs more than the exact optimum."""
    by_name = dict(RPART)
    assert all(equal for _, _, equal, _, _ in rpart_rows(by_name["rpart_iris_gini.json"]))
    assert any(errors + alpha * leaves > optimum[0]
               for _, fx in RPART for alpha, (errors, leaves), _, optimum, _ in rpart_rows(fx))


# -- scikit-learn ----------------------------------------------------------------------------
def sklearn_groups(fx: dict) -> tuple:
    """scikit-learn's path grouped by the exact alpha each float stands for: ({exact alpha:
    [(float alpha, impurity), ...]}, the exact sequence's stages by alpha)."""
    tree = Tree.from_dict(fx["tree"])
    stages = {s.alpha_from: s for s in ccp_sequence(tree, cost="gini").stages}
    exact = sorted(stages)
    groups: dict = {}
    for a, v in zip(fx["ccp_alphas"], fx["impurities"]):
        a, v = float.fromhex(a), float.fromhex(v)
        nearest = min(exact, key=lambda x: abs(float(x) - a))
        assert abs(float(nearest) - a) <= 1e-9 * max(a, 1e-12), (a, nearest)
        groups.setdefault(nearest, []).append((a, v))
    return groups, stages


@pytest.mark.parametrize("name, fx", SKLEARN, ids=[n for n, _ in SKLEARN])
def test_sklearn_path_has_the_exact_costs_at_each_exact_alpha(name, fx):
    """After the last float of each exact alpha, scikit-learn's impurity is the exact stage's cost
    R(T) (to float rounding); every exact stage after the first is reached."""
    groups, stages = sklearn_groups(fx)
    for alpha, entries in groups.items():
        assert abs(entries[-1][1] - float(stages[alpha].cost)) <= 1e-12
    assert set(groups) >= set(sorted(stages)[1:])


def test_sklearn_splits_some_exact_alphas_into_several_floats():
    spurious = sum(len({a for a, _ in entries}) - 1 for _, fx in SKLEARN for entries in sklearn_groups(fx)[0].values())
    assert spurious > 0


# -- the record of where the peers are wrong (exactprune.errata.peers) -----------------------
def test_the_peer_record_matches_its_fixtures_and_the_exact_optimum():
    """Each record carries its fixture's count tree and the program's recorded output, and its
    computed optimum is the exact recursion's."""
    from exactprune.errata import peers as P
    rpart = dict(RPART)["rpart_numeric101_gini.json"]
    assert _preorder(_counts_only(rpart["tree"])) == [(n.counts, None, None) for n in P.tree_of(P.RPART_TREE).root.walk()]
    assert {"CP": P.RPART_ROW[0], "nsplit": P.RPART_ROW[1], "rel_error": P.RPART_ROW[2]} in rpart["cptable"]
    assert rpart["program"] == P.RPART
    alpha, (errors, leaves), equal, optimum, _ = [r for r in rpart_rows(rpart) if r[1][1] == P.RPART_ROW[1] + 1][0]
    entry = {e.id: e for e in P.all_peer_errors()}
    got = entry["rpart-complexity"].as_dict()
    assert got["confirmed"] and not equal
    assert got["correct"] == f"{optimum[1]} leaves, {optimum[0] - alpha * optimum[1]} errors: cost {optimum[0]}"
    assert got["returns_cost"].endswith(f"= {errors + alpha * leaves}")
    sk = dict(SKLEARN)["sklearn_numeric100.json"]
    assert sk["program"] == P.SKLEARN and set(P.SKLEARN_ALPHAS) <= set(sk["ccp_alphas"])
    assert _preorder(sk["tree"]) == [(n.counts, None, None) for n in P.tree_of(P.SKLEARN_TREE).root.walk()]
    groups, _ = sklearn_groups(sk)
    assert [sorted({float.hex(a) for a, _ in e}) for e in groups.values() if len({a for a, _ in e}) > 1][0] == sorted(P.SKLEARN_ALPHAS)
    assert entry["sklearn-split-ties"].as_dict()["confirmed"]


def test_errata_peers_command_prints_the_record(capsys):
    from exactprune.cli import main
    assert main(["errata", "--peers"]) == 0
    out = capsys.readouterr().out
    assert "[rpart-complexity] R version 4.2.2" in out and "[sklearn-split-ties] scikit-learn" in out and "NOT confirmed" not in out
    assert main(["errata", "--peers", "--json"]) == 0
    assert [row["id"] for row in json.loads(capsys.readouterr().out)] == ["rpart-complexity", "sklearn-split-ties"]
