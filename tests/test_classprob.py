"""Tests of exactprune.classprob (Zhong 7.2: class-probability error moments, closed forms, PET pruning);
also the checks that cross into other modules for the same equations: Monte Carlo, CLI, proofs."""
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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactprune.classprob import (combined_moment, error_moment, error_moment_closed, error_moment_printed,
                                  lidstone_estimate, mse_summary, prune_pet, subtree_combined_moment,
                                  subtree_error_moment)
from exactprune.cli import main
from exactprune.costs import child_weight
from exactprune.theorems.costs import signed_row_moment
from exactprune.tree import Tree

ROOT = Path(__file__).resolve().parents[1]
LAMS = [Fraction(1, 3), Fraction(1, 2), Fraction(1), Fraction(2)]
FAST = settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=40)


@st.composite
def leaves(draw, ks=range(0, 9)):
    J = draw(st.integers(2, 6))
    counts = draw(st.lists(st.integers(0, 20), min_size=J, max_size=J))
    return counts, draw(st.integers(0, J - 1)), draw(st.sampled_from(list(ks))), draw(st.sampled_from(LAMS))


@FAST
@given(leaves())
def test_binomial_sum_equals_signed_cost_recursion(case):
    counts, j, k, lam = case
    assert error_moment(counts, j, k, lam) == signed_row_moment(counts, j, k, lam)


@FAST
@given(leaves(ks=[1, 2, 4]))
def test_closed_forms_7_21_7_22(case):
    counts, j, k, lam = case
    assert error_moment_closed(counts, j, k, lam) == error_moment(counts, j, k, lam)


@FAST
@given(leaves())
def test_printed_sign_is_right_for_even_k_only(case):
    counts, j, k, lam = case
    printed, true = error_moment_printed(counts, j, k, lam), error_moment(counts, j, k, lam)
    assert printed == (-1) ** k * true
    if k % 2 == 0:
        assert printed == true


def test_printed_sign_is_wrong_for_a_skewed_leaf():
    assert error_moment([3, 1], 1, 3, 1) > 0          # Beta(2, 4) is right-skewed
    assert error_moment_printed([3, 1], 1, 3, 1) < 0


def test_mean_error_is_zero_and_second_moment_is_variance():
    counts, lam = [7, 2, 0], Fraction(1, 2)
    for j in range(3):
        assert error_moment(counts, j, 1, lam) == 0
        mean = lidstone_estimate(counts, j, lam)
        from exactprune.dirichlet import moment_p
        assert error_moment(counts, j, 2, lam) == moment_p(counts, j, 2, lam) - mean ** 2


@pytest.mark.parametrize("seed", [12345, 2024])
def test_error_moments_match_monte_carlo(seed):
    rng = np.random.default_rng(seed)
    counts, lam = [6, 2, 1], Fraction(1, 2)
    p = rng.dirichlet([c + float(lam) for c in counts], size=200_000)
    for j in range(3):
        r = p[:, j] - float(lidstone_estimate(counts, j, lam))
        for k in (2, 3, 4):
            sample = r ** k
            se = sample.std(ddof=1) / math.sqrt(len(sample))
            exact_value = float(error_moment(counts, j, k, lam))
            assert abs(sample.mean() - exact_value) <= 5 * se, \
                f"seed {seed}, class {j}, k {k}: MC {sample.mean()} vs exact {exact_value}"


def test_mse_summary_is_consistent():
    s = mse_summary([4, 0, 1], 0, "1/2")
    assert s["variance"] == s["fourth_moment"] - s["mse"] ** 2 > 0
    from exactprune.numbers import arb_of
    assert (s["sd"] ** 2).overlaps(arb_of(s["variance"]))
    rounded = Fraction(s["sd_decimal"])
    assert abs(rounded ** 2 - s["variance"]) <= Fraction(1, 10 ** 4) * s["variance"]


# --------------------------------------------------------- subtrees, pruning
def trees():
    return count_trees(max_depth=3, max_count=7)


def _all_prunings(node, k, lam, eta):
    leaf = combined_moment(node.counts, k, lam)
    if node.is_leaf:
        return [leaf]
    options = [[]]
    for child in node.children:
        w = child_weight(child, node, eta)
        options = [acc + [w * m] for acc in options for m in _all_prunings(child, k, lam, eta)]
    return [leaf] + [sum(o) for o in options]


@settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=25)
@given(trees(), st.sampled_from([2, 4]), st.sampled_from(LAMS))
def test_prune_pet_is_optimal_one_traversal(tree, k, lam):
    eta = Fraction(1, 2)
    result = prune_pet(tree, k, lam, eta)
    assert result.moment == min(_all_prunings(tree.root, k, lam, eta))
    assert result.moment == subtree_combined_moment(result.tree.root, k, lam, eta)


def test_subtree_moment_7_18_is_weighted_sum():
    tree = Tree.from_json('{"counts": [5, 5], "children": [{"counts": [5, 1]}, {"counts": [0, 4]}]}')
    root = tree.root
    for j in (0, 1):
        expected = sum(child_weight(c, root, Fraction(1)) * error_moment(c.counts, j, 2, 1) for c in root.children)
        assert subtree_error_moment(root, j, 2, 1, 1) == expected


def test_bad_input():
    with pytest.raises(TypeError, match="lam"):
        error_moment([1, 2], 0, 2, 0.5)
    with pytest.raises(ValueError, match="out of range"):
        error_moment([1, 2], 2, 2, 1)
    with pytest.raises(ValueError, match="k must be a non-negative integer"):
        error_moment([1, 2], 0, -2, 1)
    with pytest.raises(ValueError, match="even"):
        prune_pet(Tree.from_json('{"counts": [1, 1]}'), 3)


# --------------------------------------------------------------------- CLI
def test_cli_classprob_json(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text('{"counts": [6, 4], "children": [{"counts": [5, 1]}, {"counts": [1, 3]}]}')
    assert main(["classprob", str(path), "--k", "4", "--lam", "1", "--eta", "0.5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    tree = Tree.from_json(path.read_text())
    for row in out["nodes"]:
        node = tree.node(row["name"])
        assert [Fraction(v) for v in row["as_leaf"]] == [error_moment(node.counts, j, 4, 1) for j in range(2)]
        assert [Fraction(v) for v in row["subtree"]] == [subtree_error_moment(node, j, 4, 1, "1/2") for j in range(2)]
    assert Fraction(out["pruned"]["moment"]) == prune_pet(tree, 4, 1, "1/2").moment


def test_cli_classprob_errors(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text('{"counts": [6, 4]}')
    assert main(["classprob", str(path), "--k", "0"]) == 2
    assert main(["classprob", str(path), "--k", "2", "--lam", "-1"]) == 2
    assert main(["classprob", str(tmp_path / "missing.json"), "--k", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("exactprune: error:") for line in err)
    assert main(["classprob", str(path), "--k", "3"]) == 0
    assert "even k" in capsys.readouterr().out


def test_classprob_proof_script_runs():
    done = subprocess.run([sys.executable, str(ROOT / "proofs" / "classprob_closed_forms.py")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ALL ESTABLISHED" in done.stdout
