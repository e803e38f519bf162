"""Tests of exactprune.costs (Zhong 7.1: loss-matrix cost moments, labels, subtrees, pruning); also the
checks that cross into other modules for the same equations: errata, theorems, CLI, proofs."""
from __future__ import annotations

import json
import math
from fractions import Fraction

import numpy as np
import pytest
from helpers import all_pruned_values
from random_trees import count_trees
import sympy
from hypothesis import HealthCheck, Phase, assume, find, given, settings
from hypothesis.errors import NoSuchExample
from hypothesis import strategies as st

from exactprune.cli import main
from exactprune.costs import (cost_label, cost_mean, cost_moment, cost_moment_expansion,
                              cost_moment_printed, cost_moments, cost_pruning_path, cost_second_moment,
                              leaf_cost_moment, prune_costs, subtree_cost_moment, validate_loss, zero_one_loss)
from exactprune.knorm import Prior
from exactprune.numbers import simplify_symbolic
from exactprune.tree import Node, Tree

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


@settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=25)
@given(trees(), st.integers(1, 4), st.sampled_from(LAMS[:3]))
def test_prune_costs_is_optimal_and_consistent(tree, k, lam):
    J = tree.n_classes
    loss = [[Fraction(0) if i == j else Fraction(1 + (2 * i + j) % 5) for j in range(J)] for i in range(J)]
    eta = Fraction(1, 2)
    result = prune_costs(tree, k, loss=loss, prior=Prior(lam=lam, eta=eta))
    assert result.moment == min(all_pruned_values(tree.root, lambda node: cost_label(node.counts, loss, k, lam)[1], eta))
    assert result.moment == subtree_cost_moment(result.tree.root, loss, k, lam, eta)


def test_cost_pruning_sequence_need_not_be_nested():
    tree = Tree.from_json('{"counts": [10, 2], "children": [{"counts": [4, 1]}, {"counts": [6, 1]}]}')
    path = cost_pruning_path(tree, [2, 3], loss=[[0, 3], [1, 0]], prior=Prior(lam=1, eta="1/2"))
    assert path["stages"][0]["leaves"] == 1 and path["stages"][1]["leaves"] == 2
    assert path["nested"] is False
    uniform = cost_pruning_path(tree, range(1, 8), loss=zero_one_loss(2), prior=Prior(lam=1, eta="1/2"))
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
        prune_costs(Tree.from_json('{"counts": [1, 1]}'), 0, loss=zero_one_loss(2))


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


@pytest.mark.slow
@pytest.mark.parametrize("theorem_id", ["zhong-7.14", "zhong-7.9-7.12", "zhong-7.20", "zhong-7.21-7.22",
                                        "zhong-5.3-costs", "zhong-5.5-costs", "zhong-5.8-costs"])
def test_theorem_holds_on_its_cases(theorem_id):
    """25 fresh random cases each run (the full suite); the fast set checks the same statements on
    their seeded cases in tests/test_theorems.py::test_theorem_cases."""
    theorem = _theorem(theorem_id)

    @settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=25, database=None)
    @given(theorem.cases())
    def run(case):
        verdict = theorem.check(case)
        assert verdict.holds, verdict.details

    run()


@pytest.mark.parametrize("theorem_id", ["zhong-7.20", "zhong-5.5-costs", "zhong-5.8-costs"])
def test_theorem_violations_do_fail(theorem_id):
    """Some violating case breaks the conclusion (up to 40 random cases, stopped at the first failing one)."""
    theorem = _theorem(theorem_id)
    try:
        find(theorem.violations(), lambda case: not theorem.check(case).holds,
             settings=settings(deadline=None, max_examples=40, database=None, phases=[Phase.generate]))
    except NoSuchExample:
        pytest.fail(f"{theorem_id}: no violating case failed")


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
    assert Fraction(out["pruned"]["moment"]) == prune_costs(tree, 3, loss=loss).moment


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
# -- contracts pinned case by case (docs/mutation.md) ----------------------------------------
#
# Contracts of exactprune.costs: the printed (7.14) by hand, the
# closed forms (7.9)/(7.12) with their default lam and symbolic inputs, the expansion's size limit,
# leaf_cost_moment with a given label, and prune_costs / cost_pruning_path on exact ties, with the
# fields of their results and the messages of their refusals.  Every expected value is worked out
# by hand in the comment next to it.

LAM, A = sympy.symbols("lam a", positive=True)
# root [3, 1] split into pure children [3, 0] and [0, 1]
SPLIT = '{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}'


# ------------------------------------------------------------------ the printed (7.14)
def test_printed_recursion_by_hand():
    # Dir(2, 2) (counts [1, 1], lam 1), q = (0, 1): M = 4, c_m = sum_j M_j q_j^m = 2 for every m;
    # printed: E_n = sum_m (n-1)!/(n-m)! E_{n-m} c_m / (M + n - m)^m
    # E_1 = 2/4 = 1/2;  E_2 = 1 * (1/2) * 2/5 + 1 * 1 * 2/4^2 = 1/5 + 1/8 = 13/40
    # E_3 = 1 * (13/40) * 2/6 + 2 * (1/2) * 2/5^2 + 2 * 1 * 2/4^3 = 13/120 + 2/25 + 1/16 = 301/1200
    assert [cost_moment_printed([1, 1], [0, 1], k, 1) for k in (0, 1, 2, 3)] == [1, Fraction(1, 2), Fraction(13, 40), Fraction(301, 1200)]
    assert type(cost_moment_printed([1, 1], [0, 1], 0, 1)) is Fraction
    assert type(cost_moment_printed([1, 1], [0, 1], 3, 1)) is Fraction
    # q = (0, 2), Dir(2, 2): c_m = 2 * 2^m;  E_1 = 4/4 = 1, E_2 = 1 * 4/5 + 8/4^2 = 13/10 (q^m, not q m)
    assert cost_moment_printed([1, 1], [0, 2], 2, 1) == Fraction(13, 10)
    # default lam 1/2: Dir(3/2, 3/2), M = 3, c_m = 3/2;  E_2 = (1/2)(3/2)/4 + (3/2)/9 = 3/16 + 1/6 = 17/48
    assert cost_moment_printed([1, 1], [0, 1], 2) == Fraction(17, 48)


def test_printed_recursion_with_symbols():
    # symbolic lam: M_j = 1 + lam, M = 2 + 2 lam, c_m = 1 + lam; E_1 = 1/2,
    # E_2 = (1/2)(1 + lam)/(3 + 2 lam) + (1 + lam)/(2 + 2 lam)^2
    expected = (1 + LAM) / (2 * (3 + 2 * LAM)) + 1 / (4 * (1 + LAM))
    value = cost_moment_printed([1, 1], [0, 1], 2, LAM)
    assert value == simplify_symbolic(expected)                  # the normal form, not only an equal value
    assert value.subs(LAM, 1) == sympy.Rational(13, 40)
    # symbolic loss a, numeric lam 1: c_m = 2 a^m; E_1 = a/2, E_2 = (a/2)(2a)/5 + 2 a^2/16 = a^2/5 + a^2/8
    assert cost_moment_printed([1, 1], [0, A], 2, 1) == simplify_symbolic(A ** 2 / 5 + A ** 2 / 8)


# ------------------------------------------------------------ closed forms (7.9), (7.12)
def test_mean_and_second_moment_default_lam_and_types():
    # counts [2, 1], q = (0, 1), lam 1/2: p_1 ~ Beta(3/2, 5/2); E = (3/2)/4 = 3/8; E^2 = (3/2)(5/2)/(4 * 5) = 3/16
    assert cost_mean([2, 1], [0, 1]) == Fraction(3, 8) and type(cost_mean([2, 1], [0, 1])) is Fraction
    assert cost_second_moment([2, 1], [0, 1]) == Fraction(3, 16) and type(cost_second_moment([2, 1], [0, 1])) is Fraction


def test_mean_and_second_moment_with_symbols():
    # lam symbolic, q = (0, 1): E = (1 + lam)/(3 + 2 lam); E^2 = (1 + lam)(2 + lam)/((3 + 2 lam)(4 + 2 lam))
    assert cost_mean([2, 1], [0, 1], LAM) == simplify_symbolic((1 + LAM) / (3 + 2 * LAM))
    assert cost_second_moment([2, 1], [0, 1], LAM) == simplify_symbolic((1 + LAM) * (2 + LAM)
                                                                       / ((3 + 2 * LAM) * (4 + 2 * LAM)))
    # loss a symbolic, lam 1: Dir(3, 2), E = 2a/5, E^2 = a^2 * 2 * 3/(5 * 6) = a^2/5
    assert cost_mean([2, 1], [0, A], 1) == simplify_symbolic(2 * A / 5)
    assert cost_second_moment([2, 1], [0, A], 1) == simplify_symbolic(A ** 2 / 5)


def test_moments_with_only_lam_or_only_the_loss_symbolic():
    # Dir(1 + lam, lam) with q = (0, 1): E_2 = lam (lam + 1)/((1 + 2 lam)(2 + 2 lam)) = lam/(2(1 + 2 lam))
    expected = simplify_symbolic(LAM / (2 * (1 + 2 * LAM)))
    assert cost_moment([1, 0], [0, 1], 2, LAM) == expected
    assert cost_moment_expansion([1, 0], [0, 1], 2, LAM) == expected
    # Dir(2, 1) with q = (0, a): E_2 = a^2 * 1 * 2/(3 * 4) = a^2/6
    assert cost_moment([1, 0], [0, A], 2, 1) == simplify_symbolic(A ** 2 / 6)
    assert cost_moment_expansion([1, 0], [0, A], 2, 1) == simplify_symbolic(A ** 2 / 6)
    assert cost_moments([1, 0], [0, A], 2, 1) == [1, simplify_symbolic(A / 3), simplify_symbolic(A ** 2 / 6)]


# ------------------------------------------------------------------ the expansion
def test_expansion_default_lam_and_k0():
    # Dir(3/2, 3/2), q = (0, 1): E_2 = (3/2)(5/2)/(3 * 4) = 5/16
    assert cost_moment_expansion([1, 1], [0, 1], 2) == Fraction(5, 16)
    assert cost_moment_expansion([1, 1], [0, 1], 0) == 1 and type(cost_moment_expansion([1, 1], [0, 1], 0)) is Fraction


def test_expansion_size_limit():
    # J = 200, k = 1: C(200, 199) = 200 terms, allowed; E_1 = sum_j q_j M_j / M = 1 (every q_j = 1)
    assert cost_moment_expansion([0] * 200, [1] * 200, 1) == 1
    # J = 4, k = 180: C(183, 3) = 183 * 182 * 181 / 6 = 1004731 > 10^6 terms
    with pytest.raises(ValueError, match=r"^the expansion has C\(k \+ J - 1, J - 1\) = 1004731 terms, above the "
                                         r"limit EXPANSION_MAX_TERMS = 1000000; use cost_moment$"):
        cost_moment_expansion([1, 1, 1, 1], [0, 1, 1, 1], 180)


@pytest.mark.parametrize("function", [cost_moment, cost_moment_expansion, cost_moment_printed])
def test_k_limit_is_named(function):
    with pytest.raises(ValueError, match=r"^k = 513 exceeds the limit COST_MAX_K = 512$"):
        function([1, 1], [0, 1], 513)


# --------------------------------------------------------------- a given label
def test_leaf_cost_moment_with_a_label():
    loss = [[0, 3], [1, 0]]
    node = Node((2, 1))
    # Dir(5/2, 3/2), M = 4.  label 0, q = (0, 3): E_1 = 3 (3/2)/4 = 9/8; label 1, q = (1, 0): E_1 = (5/2)/4 = 5/8
    assert leaf_cost_moment(node, loss, 1, label=0) == Fraction(9, 8)
    assert leaf_cost_moment(node, loss, 1, label=1) == Fraction(5, 8)
    # lam 1: Dir(3, 2), label 1: E_2 = 3 * 4/(5 * 6) = 2/5
    assert leaf_cost_moment(node, loss, 2, 1, label=1) == Fraction(2, 5)
    for label in (-1, 2, True, 1.0, "1"):
        with pytest.raises(ValueError, match=rf"^label must be a class index in 0\.\.1, got {label!r}$"):
            leaf_cost_moment(node, loss, 1, label=label)
    with pytest.raises(ValueError, match=r"^loss matrix must be 2 x 2 \(one row and one column per class\), got 3 rows$"):
        leaf_cost_moment(node, [[0, 1, 1], [1, 0, 1], [1, 1, 0]], 1, label=0)


def test_zero_one_loss_refuses_zero_classes():
    with pytest.raises(ValueError, match=r"^n_classes must be a positive integer \(>= 1\), got 0$"):
        zero_one_loss(0)


# ------------------------------------------------------------------- pruning
def test_prune_costs_exact_tie_prunes():
    # a constant loss row c makes the cost the constant c (sum_j p_j = 1): every moment is c^k, so the
    # subtree (weights summing to 1) ties with the leaf and PruneTree's strict < prunes
    tree = Tree.from_json(SPLIT)
    for loss, value in (([[0, 0], [0, 0]], 0), ([[2, 2], [2, 2]], 4)):
        result = prune_costs(tree, 2, loss=loss)
        assert result.pruned == ["root"] and result.tree.n_leaves == 1 and result.moment == value


def test_prune_costs_result_fields():
    # root [3, 1], lam 1/2, 0-1 loss, k = 1.  As leaves (label = majority):
    # root Dir(7/2, 3/2): 3/10; [3, 0] Dir(7/2, 1/2): 1/8; [0, 1] Dir(1/2, 3/2): 1/4 (label 1)
    # subtree: weights (3 + 1/2)/(4 + 1) = 7/10 and (1 + 1/2)/5 = 3/10: 7/10 * 1/8 + 3/10 * 1/4 = 13/80 < 3/10: kept
    tree = Tree.from_json(SPLIT)
    result = prune_costs(tree, 1, loss=zero_one_loss(2))
    assert result.k == 1 and result.pruned == [] and result.moment == Fraction(13, 80)
    assert result.as_leaf == {"root": Fraction(3, 10), "c1": Fraction(1, 8), "c2": Fraction(1, 4)}
    assert result.subtree == {"root": Fraction(13, 80), "c1": Fraction(1, 8), "c2": Fraction(1, 4)}
    assert result.labels == {"c1": 0, "c2": 1}
    # eta = 2: weights 5/8, 3/8: 5/64 + 3/32 = 11/64
    assert prune_costs(tree, 1, loss=zero_one_loss(2), prior=Prior(eta=2)).moment == Fraction(11, 64)
    assert subtree_cost_moment(tree.root, zero_one_loss(2), 1, eta=2) == Fraction(11, 64)


def test_cost_pruning_path_stages():
    # the SPLIT tree with 0-1 loss, default lam and eta: k = 1 keeps the split (13/80 < 3/10, above)
    tree = Tree.from_json(SPLIT)
    path = cost_pruning_path(tree, [1], loss=zero_one_loss(2))
    assert path == {"stages": [{"k": 1, "leaves": 2, "pruned": [], "moment": Fraction(13, 80), "internal": ["root"]}],
                    "nested": True}
    # the same with lam 1 (root Dir(4, 2): 1/3; [3, 0] Dir(4, 1): 1/5; [0, 1] Dir(1, 2): 1/3) and eta 2
    # (weights 5/8, 3/8): 5/8 * 1/5 + 3/8 * 1/3 = 1/8 + 1/8 = 1/4 < 1/3: kept
    stage = cost_pruning_path(tree, [1], loss=zero_one_loss(2), prior=Prior(lam=1, eta=2))["stages"][0]
    assert stage["moment"] == Fraction(1, 4) and stage["internal"] == ["root"]


# ------------------------------------------------------- defaults, validation, degenerate leaves
def test_default_lam_and_eta():
    # counts [2, 1], q = (0, 1), lam 1/2: Dir(5/2, 3/2): E_1 = 3/8, E_2 = (3/2)(5/2)/(4 * 5) = 3/16
    assert cost_moment([2, 1], [0, 1], 1) == Fraction(3, 8)
    assert cost_moments([2, 1], [0, 1], 2) == [1, Fraction(3, 8), Fraction(3, 16)]
    # cost_label with 0-1 loss: label 0 (3/8 < 5/8)
    assert cost_label([2, 1], zero_one_loss(2), 1) == (0, Fraction(3, 8))
    # the SPLIT tree with the defaults lam = eta = 1/2: 13/80 (test_prune_costs_result_fields)
    assert subtree_cost_moment(Tree.from_json(SPLIT).root, zero_one_loss(2), 1) == Fraction(13, 80)


def test_validate_loss_messages():
    for bad in (5, [[0, 1], 5], "01"):
        with pytest.raises(ValueError, match=r"^loss must be a list of lists \(a J x J matrix\)$"):
            validate_loss(bad)
    with pytest.raises(ValueError, match=r"^loss matrix must not be empty$"):
        validate_loss([])
    with pytest.raises(TypeError, match=r"^loss\[0\]\[1\] must be exact: got the float 0.5"):
        validate_loss([[0, 0.5], [1, 0]])
    with pytest.raises(ValueError, match=r"^R\[1\]\[0\] must be non-negative, got -1$"):
        validate_loss([[0, 1], [-1, 0]], name="R")


def test_empty_leaf_with_lam_zero_is_refused():
    for function in (cost_moment, cost_moment_expansion, cost_moment_printed):
        with pytest.raises(ValueError, match=r"^the leaf has no examples and lam = 0: its posterior is undefined; "
                                             r"use lam > 0$"):
            function([0, 0], [0, 1], 1, 0)


def test_symbolic_loss_with_a_one_point_posterior():
    # counts [0, 1], lam 0: p = (0, 1) almost surely (M = 1), so the cost is a and E_k = a^k
    assert cost_moments([0, 1], [0, A], 2, 0) == [1, A, A ** 2]


def test_loss_row_and_symbol_of_unknown_sign():
    from exactprune.costs import validate_loss_row
    with pytest.raises(TypeError, match=r"^loss_row must be a sequence of non-negative losses$"):
        validate_loss_row("01")
    x = sympy.Symbol("x")               # no sign assumption: lam = x is not compared with 0
    # Dir(1 + x, x), q = (0, 1): E_1 = x/(1 + 2x)
    assert cost_moment([1, 0], [0, 1], 1, x) == simplify_symbolic(x / (1 + 2 * x))


def test_printed_recursion_simplifies_a_symbolic_loss_row():
    # Dir(2, 2), q = (a, b): E_1 = (2a + 2b)/4, in the normal form (a + b)/2 (not a/2 + b/2)
    b = sympy.Symbol("b", positive=True)
    value = cost_moment_printed([1, 1], [A, b], 1, 1)
    assert value == simplify_symbolic((A + b) / 2) and value != A / 2 + b / 2      # structural comparisons


@pytest.mark.parametrize("on_root", [False, True], ids=["prune_costs", "subtree_cost_moment"])
@pytest.mark.parametrize("k, eta, error, message", [
    (513, "1/2", ValueError, r"^k = 513 exceeds the limit COST_MAX_K = 512$"),
    (513, 0.5, ValueError, r"^k = 513 exceeds the limit COST_MAX_K = 512$"),     # k is checked first
    (1, 0.5, TypeError, r"^eta must be exact: got the float 0.5"),
    (1, Fraction(1, 10 ** 1000), ValueError, r"^eta has a denominator of 1001 digits, above the limit MAX_PARAM_DIGITS"),
])
def test_tree_functions_refuse_naming_the_problem(on_root, k, eta, error, message):
    """prune_costs takes eta in a Prior, which checks it as it is built, before k is seen."""
    tree = Tree.from_json(SPLIT)
    if on_root:
        call = lambda: subtree_cost_moment(tree.root, zero_one_loss(2), k, eta=eta)     # noqa: E731
    else:
        call = lambda: prune_costs(tree, k, loss=zero_one_loss(2), prior=Prior(eta=eta))  # noqa: E731
        if isinstance(eta, float):
            error, message = TypeError, r"^eta must be exact: got the float 0.5"
    with pytest.raises(error, match=message):
        call()


def test_prune_costs_refuses_a_node_and_a_wrong_loss():
    tree = Tree.from_json(SPLIT)
    with pytest.raises(TypeError, match=r"^tree must be an exactprune Tree, got Node$"):
        prune_costs(tree.root, 1, loss=zero_one_loss(2))
    with pytest.raises(ValueError, match=r"^loss matrix must be 2 x 2"):
        prune_costs(tree, 1, loss=zero_one_loss(3))
