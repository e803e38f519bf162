"""Tests of exactprune.costs (Zhong 7.1: loss-matrix cost moments, labels, subtrees, pruning); also the
checks that cross into other modules for the same equations: errata, theorems, CLI, proofs."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from random_trees import count_trees
import sympy
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from exactprune.cli import main
from exactprune.costs import (child_weight, cost_label, cost_mean, cost_moment, cost_moment_expansion,
                              cost_moment_printed, cost_moments, cost_pruning_path, cost_second_moment,
                              prune_costs, subtree_cost_moment, validate_loss, zero_one_loss)
from exactprune.tree import Node, Tree

ROOT = Path(__file__).resolve().parents[1]
LAMS = [Fraction(1, 3), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(5, 2)]
rationals = st.builds(Fraction, st.integers(0, 30), st.sampled_from([1, 2, 3, 5]))
FAST = settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=40)


@st.composite
def leaf_cases(draw, max_j=6, max_k=12):
    J = draw(st.integers(1, max_j))
    k = draw(st.integers(0, max_k))
    assume(math.comb(k + J - 1, J - 1) <= 7000)   # keep the expansion affordable
    counts = draw(st.lists(st.integers(0, 12), min_size=J, max_size=J))
    row = draw(st.lists(rationals, min_size=J, max_size=J))
    return counts, row, k, draw(st.sampled_from(LAMS))


# ------------------------------------------------------- three ways, exactly
@FAST
@given(leaf_cases())
def test_recursion_equals_expansion(case):
    counts, row, k, lam = case
    assert cost_moment(counts, row, k, lam) == cost_moment_expansion(counts, row, k, lam)


def test_recursion_equals_expansion_at_j6_k12():
    counts, row, lam = [5, 0, 3, 9, 1, 2], [0, Fraction(7, 2), 1, 2, Fraction(1, 3), 5], Fraction(1, 2)
    assert cost_moment(counts, row, 12, lam) == cost_moment_expansion(counts, row, 12, lam)


@FAST
@given(leaf_cases(max_k=0))
def test_closed_forms_k1_k2(case):
    counts, row, _, lam = case
    moments = cost_moments(counts, row, 2, lam)
    assert moments[0] == 1
    assert cost_mean(counts, row, lam) == moments[1] == cost_moment_expansion(counts, row, 1, lam)
    assert cost_second_moment(counts, row, lam) == moments[2] == cost_moment_expansion(counts, row, 2, lam)


def test_symbolic_lambda_and_losses_agree():
    lam, a, b = sympy.symbols("lam a b", positive=True)
    for k in range(4):
        rec = cost_moment([2, 0, 1], [0, a, b], k, lam)
        exp = cost_moment_expansion([2, 0, 1], [0, a, b], k, lam)
        assert sympy.simplify(rec - exp) == 0


def test_printed_recursion_is_wrong_from_k2_and_right_at_k1():
    counts, row, lam = [3, 1, 0], [0, 5, 1], Fraction(1)
    assert cost_moment_printed(counts, row, 1, lam) == cost_moment_expansion(counts, row, 1, lam)
    for k in (2, 3, 4):
        assert cost_moment_printed(counts, row, k, lam) != cost_moment_expansion(counts, row, k, lam)


@FAST
@given(st.integers(2, 5), st.lists(st.integers(0, 15), min_size=5, max_size=5), st.integers(1, 10),
       st.sampled_from(LAMS))
def test_zero_one_loss_reduces_to_error_rate_moments(J, counts, k, lam):
    from exactprune.knorm import Prior, leaf_moment
    counts = counts[:J]
    label, value = cost_label(counts, zero_one_loss(J), k, lam)
    assert counts[label] == max(counts) and label == counts.index(max(counts))
    assert value == leaf_moment(counts, k, Prior(lam=lam, numerator="J-1"))


# ------------------------------------------------------------- Monte Carlo
@pytest.mark.parametrize("seed", [20240601, 7])
def test_cost_moments_match_monte_carlo(seed):
    rng = np.random.default_rng(seed)
    counts, row, lam = [4, 1, 2], [Fraction(0), Fraction(5), Fraction(3, 2)], Fraction(1, 2)
    p = rng.dirichlet([c + float(lam) for c in counts], size=200_000)
    cost = p @ np.array([float(q) for q in row])
    for k in (1, 2, 3, 5):
        sample = cost ** k
        se = sample.std(ddof=1) / math.sqrt(len(sample))
        exact_value = float(cost_moment(counts, row, k, lam))
        assert abs(sample.mean() - exact_value) <= 5 * se, f"seed {seed}, k {k}: MC {sample.mean()} vs {exact_value}"


def test_subtree_recursion_7_4_matches_monte_carlo():
    seed = 99
    rng = np.random.default_rng(seed)
    tree = Tree.from_json('{"counts": [6, 4], "children": [{"counts": [5, 1]}, {"counts": [1, 3]}]}')
    loss = validate_loss([[0, 4], [1, 0]])
    lam, eta, k, n = Fraction(1), Fraction(1, 2), 3, 200_000
    kids = tree.root.children
    labels = [cost_label(c.counts, loss, k, lam)[0] for c in kids]
    # Theorem 7.1 with the Lidstone posterior on the child proportions: pick a child by
    # Dir(n_c + eta) proportions, then its cost under Dir(n_jc + lam)
    props = rng.dirichlet([c.n + float(eta) for c in kids], size=n)
    u = rng.random(n)
    which = (u[:, None] > np.cumsum(props, axis=1)).sum(axis=1)
    costs = np.empty(n)
    for idx, child in enumerate(kids):
        mask = which == idx
        p = rng.dirichlet([c + float(lam) for c in child.counts], size=int(mask.sum()))
        costs[mask] = p @ np.array([float(q) for q in loss[labels[idx]]])
    sample = costs ** k
    se = sample.std(ddof=1) / math.sqrt(n)
    exact_value = float(subtree_cost_moment(tree.root, loss, k, lam, eta))
    assert abs(sample.mean() - exact_value) <= 5 * se, f"seed {seed}: MC {sample.mean()} vs {exact_value}"


# ---------------------------------------------------------------- labels
def test_cost_label_depends_on_k_and_lam_not_only_majority():
    loss = [[0, 10], [1, 0]]
    labels_k = [cost_label([19, 1], loss, k, "1/2")[0] for k in range(1, 6)]
    assert len(set(labels_k)) == 2                       # switches with k
    labels_lam = [cost_label([19, 1], loss, 1, lam)[0] for lam in ("1/10", "1/2", "2", "5")]
    assert len(set(labels_lam)) == 2                     # switches with lam
    assert cost_label([9, 1], loss, 1, "1/2")[0] != Node((9, 1)).label


@FAST
@given(leaf_cases(max_j=4, max_k=5))
def test_cost_label_is_argmin(case):
    counts, _, k, lam = case
    assume(k >= 1)
    J = len(counts)
    loss = [[Fraction((3 * i + 5 * j) % 7) for j in range(J)] for i in range(J)]
    label, value = cost_label(counts, loss, k, lam)
    values = [cost_moment(counts, row, k, lam) for row in loss]
    assert value == min(values) and label == values.index(min(values))


# ----------------------------------------------------------- pruning
def trees():
    return count_trees(max_depth=3, max_count=7)


def _all_prunings(node, loss, k, lam, eta):
    """Every pruned subtree's moment (leaves by (7.16)), by brute force."""
    leaf = cost_label(node.counts, loss, k, lam)[1]
    if node.is_leaf:
        return [leaf]
    options = [[]]
    for child in node.children:
        w = child_weight(child, node, eta)
        options = [acc + [w * m] for acc in options for m in _all_prunings(child, loss, k, lam, eta)]
    return [leaf] + [sum(o) for o in options]


@settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=25)
@given(trees(), st.integers(1, 4), st.sampled_from(LAMS[:3]))
def test_prune_costs_is_optimal_and_consistent(tree, k, lam):
    J = tree.n_classes
    loss = [[Fraction(0) if i == j else Fraction(1 + (2 * i + j) % 5) for j in range(J)] for i in range(J)]
    eta = Fraction(1, 2)
    result = prune_costs(tree, loss, k, lam, eta)
    assert result.moment == min(_all_prunings(tree.root, loss, k, lam, eta))
    assert result.moment == subtree_cost_moment(result.tree.root, loss, k, lam, eta)


def test_cost_pruning_sequence_need_not_be_nested():
    tree = Tree.from_json('{"counts": [10, 2], "children": [{"counts": [4, 1]}, {"counts": [6, 1]}]}')
    path = cost_pruning_path(tree, [[0, 3], [1, 0]], [2, 3], lam=1, eta="1/2")
    assert path["stages"][0]["leaves"] == 1 and path["stages"][1]["leaves"] == 2
    assert path["nested"] is False
    uniform = cost_pruning_path(tree, zero_one_loss(2), range(1, 8), lam=1, eta="1/2")
    assert uniform["nested"] is True


# ------------------------------------------------------------- bad input
def test_floats_and_bad_input_are_refused():
    with pytest.raises(TypeError, match="lam"):
        cost_moment([1, 1], [0, 1], 2, 0.5)
    with pytest.raises(TypeError, match=r"loss_row\[1\]"):
        cost_moment([1, 1], [0, 0.5], 2, 1)
    with pytest.raises(ValueError, match="non-negative"):
        cost_moment([1, 1], [0, -1], 2, 1)
    with pytest.raises(ValueError, match="entries but there are 2 classes"):
        cost_moment([1, 1], [0, 1, 1], 2, 1)
    with pytest.raises(ValueError, match="k must be a non-negative integer"):
        cost_moment([1, 1], [0, 1], -1, 1)
    with pytest.raises(ValueError, match="3 x 3"):
        validate_loss([[0, 1], [1, 0]], 3)
    with pytest.raises(ValueError, match="row 1 has 1 entries"):
        validate_loss([[0, 1], [1]])
    with pytest.raises(ValueError, match="k must be a positive integer"):
        prune_costs(Tree.from_json('{"counts": [1, 1]}'), zero_one_loss(2), 0)


# ------------------------------------------------------- errata, theorems
def test_errata_are_confirmed_by_computation():
    from exactprune.errata.zhong7 import ERRATA
    assert {e.id for e in ERRATA} >= {"zhong-7.14", "zhong-7.20-sign", "zhong-7.12-index"}
    for erratum in ERRATA:
        result = erratum.as_dict()
        assert result["confirmed"], erratum.id
    recursion = ERRATA[0].evaluate()["counterexample"]
    assert recursion["corrected_7.14"] == recursion["expansion_C.90"] != recursion["printed_7.14"]


def _theorem(theorem_id):
    from exactprune.theorems.costs import THEOREMS
    return next(t for t in THEOREMS if t.id == theorem_id)


@pytest.mark.parametrize("theorem_id", ["zhong-7.14", "zhong-7.9-7.12", "zhong-7.20", "zhong-7.21-7.22",
                                        "zhong-5.3-costs", "zhong-5.5-costs", "zhong-5.8-costs"])
def test_theorem_holds_on_its_cases(theorem_id):
    theorem = _theorem(theorem_id)

    @settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=25, database=None)
    @given(theorem.cases())
    def run(case):
        verdict = theorem.check(case)
        assert verdict.holds, verdict.details

    run()


@pytest.mark.parametrize("theorem_id", ["zhong-7.20", "zhong-5.5-costs", "zhong-5.8-costs"])
def test_theorem_violations_do_fail(theorem_id):
    theorem = _theorem(theorem_id)
    failures = []

    @settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=40, database=None)
    @given(theorem.violations())
    def run(case):
        if not theorem.check(case).holds:
            failures.append(case)

    run()
    assert failures, f"{theorem_id}: no violating case failed"


@pytest.mark.parametrize("theorem_id", ["zhong-7.14", "zhong-7.9-7.12", "zhong-7.21-7.22"])
def test_theorem_violations_documented_to_still_hold(theorem_id):
    theorem = _theorem(theorem_id)

    @settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=20, database=None)
    @given(theorem.violations())
    def run(case):
        assert theorem.check(case).holds

    run()
    assert "still holds" in theorem.violation_note


def test_theorem_5_3_fails_for_a_general_loss_matrix():
    check = _theorem("zhong-5.3-costs").check
    case = {"children": [[4, 1], [6, 1]], "grandchildren": None, "loss": [[Fraction(0), Fraction(3)],
            [Fraction(1), Fraction(0)]], "lam": Fraction(1), "eta": Fraction(1, 2), "k": 2}
    verdict = check(case)
    assert verdict.details["antecedent"] is True and not verdict.holds
    uniform = dict(case, loss=[[Fraction(0), Fraction(3)], [Fraction(3), Fraction(0)]])
    assert check(uniform).holds


# --------------------------------------------------------------------- CLI
@pytest.fixture
def files(tmp_path):
    tree = tmp_path / "tree.json"
    tree.write_text('{"counts": [50, 50, 50], "children": [{"counts": [50, 0, 0]}, {"counts": [0, 50, 50], '
                    '"children": [{"counts": [0, 49, 5]}, {"counts": [0, 1, 45]}]}]}')
    loss = tmp_path / "loss.json"
    loss.write_text('[[0, 1, 1], [1, 0, "5"], ["1/2", 1, 0]]')
    return tree, loss, tmp_path


def test_cli_cost_json_matches_library(files, capsys):
    tree_path, loss_path, _ = files
    assert main(["cost", str(tree_path), "--loss", str(loss_path), "--k", "3", "--lam", "1/2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    tree = Tree.from_json(tree_path.read_text())
    loss = validate_loss(json.loads(loss_path.read_text()))
    for row in out["nodes"]:
        node = tree.node(row["name"])
        label, value = cost_label(node.counts, loss, 3, Fraction(1, 2))
        assert row["label"] == label and Fraction(row["as_leaf"]) == value
        assert Fraction(row["subtree"]) == subtree_cost_moment(node, loss, 3, Fraction(1, 2), Fraction(1, 2))
    assert Fraction(out["pruned"]["moment"]) == prune_costs(tree, loss, 3).moment


def test_cli_cost_text(files, capsys):
    tree_path, loss_path, _ = files
    assert main(["cost", str(tree_path), "--loss", str(loss_path), "--k", "2"]) == 0
    assert "PruneTree" in capsys.readouterr().out


@pytest.mark.parametrize("matrix, message", [
    ("[[0, 1], [1, 0]]", "3 x 3"),
    ("[[0, 1, 1], [1, 0, -2], [1, 1, 0]]", "non-negative"),
    ("[[0, 1, 1], [1, 0, 0.5], [1, 1, 0]]", "exact"),
    ("[[0, 1, 1], [1, 0, 1]", "malformed"),
])
def test_cli_cost_bad_loss(files, capsys, matrix, message):
    tree_path, loss_path, _ = files
    loss_path.write_text(matrix)
    assert main(["cost", str(tree_path), "--loss", str(loss_path), "--k", "2"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("k", ["0", "-3", "1.5", "x"])
def test_cli_cost_bad_k(files, capsys, k):
    tree_path, loss_path, _ = files
    assert main(["cost", str(tree_path), "--loss", str(loss_path), "--k", k]) == 2
    assert "k" in capsys.readouterr().err


# ------------------------------------------------------------------ proofs
def test_costs_recursion_proof_script_runs():
    done = subprocess.run([sys.executable, str(ROOT / "proofs" / "costs_recursion.py")], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "established" in done.stdout
