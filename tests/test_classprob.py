"""Tests of exactprune.classprob (Zhong 7.2: class-probability error moments, closed forms, PET pruning);
also the checks that cross into other modules for the same equations: Monte Carlo, CLI, proofs."""
from __future__ import annotations

import json
import math
from fractions import Fraction

import flint
import numpy as np
import pytest
import sympy
from helpers import all_pruned_values
from random_trees import count_trees
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactprune.classprob import (combined_moment, error_moment, error_moment_closed, error_moment_printed,
                                  lidstone_estimate, mse_summary, prune_pet, subtree_combined_moment,
                                  subtree_error_moment)
from exactprune.cli import main
from exactprune.costs import child_weight
from exactprune.knorm import Prior
from exactprune.limits import MAX_K
from exactprune.theorems.costs import signed_row_moment
from exactprune.tree import Tree

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
    # the ball contains sqrt(variance), decided in exact rationals: lo^2 <= variance <= hi^2 for its
    # endpoints (exact at 512 bits); and it is as narrow as its 128-bit working precision promises
    with flint.ctx.workprec(512):
        lo, hi = (Fraction(int(m)) * Fraction(2) ** int(e) for m, e in (s["sd"].lower().man_exp(), s["sd"].upper().man_exp()))
    assert 0 < lo and lo ** 2 <= s["variance"] <= hi ** 2
    assert hi - lo <= Fraction(2) ** -120 * lo
    rounded = Fraction(s["sd_decimal"])
    assert abs(rounded ** 2 - s["variance"]) <= Fraction(1, 10 ** 4) * s["variance"]


# --------------------------------------------------------- subtrees, pruning
def trees():
    return count_trees(max_depth=3, max_count=7)


@settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=25)
@given(trees(), st.sampled_from([2, 4]), st.sampled_from(LAMS))
def test_prune_pet_is_optimal_one_traversal(tree, k, lam):
    eta = Fraction(1, 2)
    result = prune_pet(tree, k, prior=Prior(lam=lam, eta=eta))
    assert result.moment == min(all_pruned_values(tree.root, lambda node: combined_moment(node.counts, k, lam), eta))
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
    assert Fraction(out["pruned"]["moment"]) == prune_pet(tree, 4, prior=Prior(lam=1, eta="1/2")).moment


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


# -- contracts pinned case by case (docs/mutation.md) ----------------------------------------
#
# Contracts of exactprune.classprob: the default prior, the
# names and limits in the error messages, the symbolic paths (including a symbolic count whose
# class total is a number), k = 0, the exact tie and the kept split of PET pruning, and every
# field of its result.
#
# Expected values come from the textbook central moments of p_j ~ Beta(a, b) (a = n_j + lam,
# b = n - n_j + (J - 1) lam), written out below, and from hand sums over the tree.

def beta_var(a, b):
    return a * b / ((a + b) ** 2 * (a + b + 1))


def beta_mu3(a, b):
    return 2 * a * b * (b - a) / ((a + b) ** 3 * (a + b + 1) * (a + b + 2))


def beta_mu4(a, b):
    s = a + b
    return 3 * a * b * (a * b * (s - 6) + 2 * s ** 2) / (s ** 4 * (s + 1) * (s + 2) * (s + 3))


def stump(parent, left, right):
    return Tree.from_json(f'{{"counts": {parent}, "children": [{{"counts": {left}}}, {{"counts": {right}}}]}}')


def test_the_default_prior_is_lam_one_half():
    # counts (3, 1), class 1: a = 3/2, b = 7/2
    a, b = Fraction(3, 2), Fraction(7, 2)
    assert lidstone_estimate([3, 1], 1) == a / (a + b)
    assert error_moment([3, 1], 1, 2) == beta_var(a, b)
    assert error_moment_printed([3, 1], 1, 3) == -beta_mu3(a, b)
    assert error_moment_closed([3, 1], 1, 4) == beta_mu4(a, b)
    assert combined_moment([3, 1], 2) == 2 * beta_var(a, b)
    summary = mse_summary([3, 1], 1)
    assert summary["mse"] == beta_var(a, b) and summary["fourth_moment"] == beta_mu4(a, b)


def test_moments_against_the_beta_central_moments():
    a, b = Fraction(2), Fraction(4)       # counts (3, 1), class 1, lam = 1
    assert error_moment([3, 1], 1, 0, 1) == 1
    assert error_moment([3, 1], 1, 1, 1) == 0
    assert error_moment([3, 1], 1, 3, 1) == beta_mu3(a, b)
    assert error_moment_printed([3, 1], 1, 3, 1) == -beta_mu3(a, b)
    assert error_moment_closed([3, 1], 1, 4, 1) == beta_mu4(a, b)


def test_error_messages_name_the_argument_and_the_limit():
    t = stump([3, 1], [3, 0], [0, 1])
    with pytest.raises(ValueError, match=r"^n_l \+ J lam is 0: the Lidstone estimate is undefined"):
        lidstone_estimate([0, 0], 0, 0)
    with pytest.raises(ValueError, match=r"^n_l \+ J lam is 0"):
        error_moment([0, 0], 0, 2, 0)
    for call in (lambda: error_moment([3, 1], 1, 1025), lambda: subtree_error_moment(t.root, 0, 1025),
                 lambda: prune_pet(t, 1026)):
        with pytest.raises(ValueError, match=r"^k = 1025|^k = 1026"):
            call()
        with pytest.raises(ValueError, match=r"exceeds the limit CLASSPROB_MAX_K = 1024$"):
            call()
    for call in (lambda: subtree_error_moment(t.root, 0, MAX_K + 1), lambda: prune_pet(t, MAX_K + 1)):
        with pytest.raises(ValueError, match=r"exceeds the limit CLASSPROB_MAX_K = 1024$"):
            call()      # not the package-wide MAX_K
    with pytest.raises(ValueError, match=r"^k must be a positive integer"):
        error_moment_closed([3, 1], 1, 0)
    with pytest.raises(ValueError, match=r"^Zhong gives closed forms for k = 1, 2 and 4 only, got k = 3$"):
        error_moment_closed([3, 1], 1, 3, 1)
    for call in (lambda eta: subtree_error_moment(t.root, 0, 2, 1, eta), lambda eta: prune_pet(t, 2, prior=Prior(lam=1, eta=eta))):
        with pytest.raises(TypeError, match=r"^eta must be exact"):
            call(0.5)
        with pytest.raises(ValueError, match=r"^eta has a numerator of 1002 digits"):
            call(Fraction(10 ** 1001))
    with pytest.raises(TypeError, match=r"^tree must be an exactprune Tree, got str$"):
        prune_pet("tree", 2)


def test_symbolic_prior_without_sign_assumptions():
    lam = sympy.Symbol("lam")
    a, b = 1 + lam, 3 + lam                   # counts (3, 1), class 1
    assert sympy.simplify(lidstone_estimate([3, 1], 1, lam) - a / (a + b)) == 0
    assert sympy.simplify(error_moment([3, 1], 1, 2, lam) - beta_var(a, b)) == 0
    assert sympy.simplify(error_moment([3, 1], 1, 3, lam) - beta_mu3(a, b)) == 0
    assert error_moment_closed([3, 1], 1, 1, lam) == 0
    closed = error_moment_closed([3, 1], 1, 4, lam)
    assert sympy.simplify(closed - beta_mu4(a, b)) == 0
    # the normal form factor(cancel(.)): a product of irreducible factors, not a raw sum
    assert closed == sympy.factor(sympy.cancel(beta_mu4(a, b)))


def test_symbolic_count_with_a_numeric_class_total():
    """Counts (x, 1 - x): M = 1 + 2 lam is a number while M_j = x + lam is symbolic."""
    x = sympy.Symbol("x")
    a, b = x + sympy.Rational(1, 2), sympy.Rational(3, 2) - x
    assert sympy.simplify(error_moment([x, 1 - x], 0, 2, "1/2") - beta_var(a, b)) == 0
    assert sympy.simplify(error_moment_closed([x, 1 - x], 0, 4, "1/2") - beta_mu4(a, b)) == 0


def test_symbolic_count_with_a_numeric_class_parameter():
    """Counts (n, 1), class 1: M_j = 3/2 is a number while M = n + 2 is symbolic."""
    n = sympy.Symbol("n", nonnegative=True)
    a, b = sympy.Rational(3, 2), n + sympy.Rational(1, 2)
    assert sympy.simplify(error_moment([n, 1], 1, 2, "1/2") - beta_var(a, b)) == 0
    assert sympy.simplify(error_moment_closed([n, 1], 1, 4, "1/2") - beta_mu4(a, b)) == 0


def test_exact_inputs_give_fractions():
    assert type(error_moment_closed([3, 1], 1, 1, 1)) is Fraction
    assert type(error_moment_closed([3, 1], 1, 4, 1)) is Fraction
    assert type(error_moment([3, 1], 1, 2, 1)) is Fraction


def test_subtree_moments():
    t = stump([3, 1], [3, 0], [0, 1])
    # k = 0: the weights (n_c + eta)/(n + 2 eta) sum to 1
    assert subtree_error_moment(t.root, 0, 0, 1, 1) == 1
    # lam = eta = 1: weights 4/6, 2/6; children Beta(4, 1) and Beta(1, 2) in class 0, mirrored in class 1
    per_class = Fraction(4, 6) * beta_var(Fraction(4), Fraction(1)) + Fraction(2, 6) * beta_var(Fraction(1), Fraction(2))
    assert subtree_error_moment(t.root, 0, 2, 1, 1) == per_class
    assert subtree_combined_moment(t.root, 2, 1, 1) == 2 * per_class
    # defaults lam = eta = 1/2: weights (7/2)/5 and (3/2)/5
    default = Fraction(7, 10) * beta_var(Fraction(7, 2), Fraction(1, 2)) + Fraction(3, 10) * beta_var(Fraction(1, 2), Fraction(3, 2))
    assert subtree_error_moment(t.root, 0, 2) == default
    assert subtree_combined_moment(t.root, 2) == 2 * default


def test_mse_summary_by_hand():
    s = mse_summary([3, 1], 1, 1, digits=3)
    a, b = Fraction(2), Fraction(4)
    variance = beta_mu4(a, b) - beta_var(a, b) ** 2
    assert (s["mse"], s["fourth_moment"], s["variance"]) == (beta_var(a, b), beta_mu4(a, b), variance)
    # sqrt(variance) = 0.04046840...: 0.0405 to 3 significant digits, 0.0404684 to 6
    assert math.isqrt(variance.numerator * 10 ** 16 // variance.denominator) == 4046840
    assert s["sd_decimal"] == "0.0405"
    assert mse_summary([3, 1], 1, 1)["sd_decimal"] == "0.0404684"     # six digits by default
    # a narrow certified ball around sqrt(variance) = 0.04046840...
    assert s["sd"].rad() < 2.0 ** -100 and 0.0404684 < s["sd"].mid() < 0.0404685
    # a pure class with lam = 0: p_1 is 0 almost surely, every moment vanishes
    zero = mse_summary([3, 0], 1, 0)
    assert zero["mse"] == 0 and zero["variance"] == 0 and zero["sd_decimal"] == "0"


def test_prune_pet_breaks_an_exact_tie_by_pruning():
    """lam = 0 and pure nodes: every moment is 0, leaf and subtree tie exactly; a subtree is kept
    only if strictly better, so the root is pruned."""
    r = prune_pet(stump([3, 0], [2, 0], [1, 0]), 2, prior=Prior(lam=0))
    assert r.pruned == ["root"] and r.tree.n_leaves == 1 and r.moment == 0
    assert r.routes == {"float": 0, "arb": 0, "exact": 1}


def test_prune_pet_keeps_a_useful_split_and_reports_every_field():
    t = stump([5, 5], [5, 0], [0, 5])
    r = prune_pet(t, 2, prior=Prior(lam="1/2", eta="1/2"))
    as_leaf_root = 2 * beta_var(Fraction(11, 2), Fraction(11, 2))
    as_leaf_child = 2 * beta_var(Fraction(11, 2), Fraction(1, 2))
    # weights (5 + 1/2)/(10 + 1) = 1/2 each, the children mirror each other
    subtree_root = as_leaf_child
    assert subtree_root < as_leaf_root
    assert r.k == 2 and r.pruned == [] and r.tree.n_leaves == 2
    assert r.moment == subtree_root
    assert r.as_leaf == {"root": as_leaf_root, "c1": as_leaf_child, "c2": as_leaf_child}
    assert r.subtree == {"root": subtree_root, "c1": as_leaf_child, "c2": as_leaf_child}
    assert r.routes == {"float": 0, "arb": 0, "exact": 1}
    # the defaults are lam = eta = 1/2
    default = prune_pet(t, 2)
    assert (default.moment, default.as_leaf, default.pruned) == (r.moment, r.as_leaf, r.pruned)
