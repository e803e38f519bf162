"""Tests of exactprune.rdt (DD random decision trees): closed forms vs enumeration, exact moments vs
brute force and Monte Carlo (seeded, 5 standard errors), errata, theorems, CLI."""
from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactprune import cli
from exactprune.rdt import (Criterion, Distribution, af_monte_carlo, bruteforce_moments, coexistence_printed,
                            coexistence_probability, conditional_moments, correlated_distribution,
                            chi_square_correlation, distribution_from_data, enumerate_coexistence,
                            enumerate_path_exists, exact_moments, expected_ge, grow_tree, path_exists_probability,
                            simulate, tree_ge)

FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
SE = 5  # Monte Carlo tolerance, in standard errors


# ----------------------------------------------------------------- path probabilities

@st.composite
def path_pairs(draw, max_d=7):
    d = draw(st.integers(1, max_d))

    def path():
        l = draw(st.integers(1, d))
        attrs = draw(st.permutations(range(d)))[:l]
        return {a: draw(st.integers(0, 1)) for a in attrs}
    return d, path(), path(), draw(st.sampled_from(["fixed", "purity", "scarcity"]))


@FAST
@given(path_pairs())
def test_coexistence_closed_form_equals_enumeration(case):
    d, p1, p2, crit = case
    assert coexistence_probability(d, p1, p2, crit) == enumerate_coexistence(d, p1, p2, crit)
    assert path_exists_probability(d, p1, crit) == enumerate_path_exists(d, p1, crit)


def test_coexistence_all_pairs_d3_exhaustive():
    d = 3
    paths = []
    for l in range(1, d + 1):
        for attrs in itertools.permutations(range(d), l):
            for vals in itertools.product((0, 1), repeat=l):
                paths.append(dict(zip(attrs, vals)))
    for p1, p2 in itertools.product(paths, repeat=2):
        if next(iter(p1)) != 0:  # attributes are exchangeable: fix the first attribute of path1
            continue
        for crit in ("fixed", "purity"):
            assert coexistence_probability(d, p1, p2, crit) == enumerate_coexistence(d, p1, p2, crit), (p1, p2, crit)


def test_path_exists_values_from_the_paper():
    assert path_exists_probability(5, {0: 0, 1: 0, 2: 0}) == Fraction(1, math.comb(5, 3))
    assert path_exists_probability(5, {0: 0, 1: 0, 2: 0}, "purity") == Fraction(1, math.comb(5, 2) * 3)


def test_appendix_example_arrangement_count():
    # App A's example: l1 = 6, l2 = 7, r = 5, v = 3 with d = 9; closed form = enumeration
    p1 = {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}
    p2 = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 7: 0, 8: 0}
    value = coexistence_probability(9, p1, p2)
    assert value == coexistence_printed(9, p1, p2)
    assert value > 0


def test_printed_purity_formula_misses_siblings():
    d, p1, p2 = 3, {0: 0, 1: 0}, {0: 0, 1: 1}
    assert coexistence_printed(d, p1, p2, "purity") == 0
    assert enumerate_coexistence(d, p1, p2, "purity") == Fraction(1, 6)


def test_non_uniform_selection_breaks_closed_form():
    # hypothesis violated: attribute 0 drawn twice as often
    assert enumerate_path_exists(3, {0: 0}, weights=[2, 1, 1]) == Fraction(1, 2) != path_exists_probability(3, {0: 0})


def test_bad_paths():
    with pytest.raises(ValueError, match="does not exist"):
        coexistence_probability(3, {3: 0}, {0: 0})
    with pytest.raises(ValueError, match="empty"):
        coexistence_probability(3, {}, {0: 0})
    with pytest.raises(ValueError, match="criterion"):
        coexistence_probability(3, {0: 0}, {0: 1}, "gini")
    with pytest.raises(TypeError):
        coexistence_probability(3.0, {0: 0}, {0: 1})
    with pytest.raises(TypeError):
        coexistence_probability(3, [0], {0: 1})


# ----------------------------------------------------------------- the model

def test_distribution_validation():
    with pytest.raises(TypeError, match="probs"):
        Distribution([2], 2, {(0, 0): 0.5, (1, 1): "1/2"})
    with pytest.raises(ValueError, match="add up to 1"):
        Distribution([2], 2, {(0, 0): "1/2"})
    with pytest.raises(ValueError, match="outside"):
        Distribution([2], 2, {(2, 0): "1"})
    with pytest.raises(ValueError, match="negative"):
        Distribution([2], 2, {(0, 0): "3/2", (1, 0): "-1/2"})
    with pytest.raises(ValueError, match="height"):
        expected_ge(correlated_distribution([2], 1), 2, Criterion(height=2))
    with pytest.raises(ValueError, match="tie"):
        expected_ge(correlated_distribution([2], 1), 2, Criterion(height=1), tie="random")


def test_chi_square_correlation_is_t_squared():
    for t in ("0", "1/3", "3/5", "1"):
        assert chi_square_correlation(correlated_distribution([2, 2, 2], t)) == Fraction(t) ** 2


def _random_dist(rng, arities, k=2):
    cells = list(itertools.product(*(range(a) for a in arities), range(k)))
    w = [int(x) for x in rng.integers(0, 4, len(cells))]
    w[0] += 1
    return Distribution(arities, k, {c: Fraction(x, sum(w)) for c, x in zip(cells, w)})


# ----------------------------------------------------------------- exact moments vs brute force

@pytest.mark.parametrize("arities,k,N,crit", [
    ([2, 2], 2, 3, Criterion(height=1)), ([2, 2], 2, 3, Criterion(height=2)), ([2, 3], 2, 2, Criterion(height=1)),
    ([2, 2], 2, 3, Criterion(purity=True)), ([2, 2], 2, 3, Criterion(pb=1)),
    ([2, 2, 2], 2, 2, Criterion(pb=0, purity=True)), ([2, 2], 3, 2, Criterion(height=1)),
    ([2, 2, 2], 2, 2, Criterion(height=2)), ([2, 2], 2, 3, Criterion(purity=True, height=1)),
])
@pytest.mark.parametrize("tie", ["split", "first"])
def test_exact_moments_equal_bruteforce(arities, k, N, crit, tie):
    dist = _random_dist(np.random.default_rng(len(arities) * 10 + N), arities, k)
    ex = exact_moments(dist, N, crit, tie)
    bf = bruteforce_moments(dist, N, crit, tie)
    assert ex["E1"] == bf["E1"]
    assert ex["E2_same"] == bf["E2_same"]
    assert ex["var"] >= 0


@settings(deadline=None, suppress_health_check=list(HealthCheck))   # examples: the hypothesis profile
@given(st.integers(0, 2**32 - 1), st.sampled_from([[2], [2, 2], [3, 2], [2, 2, 2]]), st.integers(2, 3),
       st.integers(0, 3), st.booleans(), st.sampled_from([None, 0, 1, 2]), st.sampled_from([None, 1, 2]),
       st.sampled_from(["split", "first"]))
def test_sample_dependent_second_moment_equals_bruteforce(seed, arities, k, N, purity, pb, height, tie):
    # E[GE^2] for purity/scarcity (alone, combined, with a height): the pair EGFs against every data set
    if not purity and pb is None:
        purity = True
    if height is not None and height > len(arities):
        height = None
    if k == 3 and len(arities) == 3:
        N = min(N, 2)
    dist = _random_dist(np.random.default_rng(seed), arities, k)
    crit = Criterion(height=height, purity=purity, pb=pb)
    ex = exact_moments(dist, N, crit, tie)
    bf = bruteforce_moments(dist, N, crit, tie)
    assert (ex["E1"], ex["E2_same"]) == (bf["E1"], bf["E2_same"]), f"seed {seed}"


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), st.sampled_from([[2], [3], [2, 2], [2, 3], [2, 2, 2]]), st.integers(0, 3),
       st.integers(1, 3), st.sampled_from(["split", "first"]))
def test_two_trees_same_sample_equals_bruteforce(seed, arities, N, h, tie):
    # the cross-validation quantity E[GE(T1, z) GE(T2, z)]: difference generating functions vs every data set
    h = min(h, len(arities))
    dist = _random_dist(np.random.default_rng(seed), arities)
    ex = exact_moments(dist, N, Criterion(height=h), tie, same_sample=True)
    bf = bruteforce_moments(dist, N, Criterion(height=h), tie)
    assert ex["E2_two_trees_same_sample"] == bf["E2_two_trees_same_sample"], f"seed {seed}"
    assert ex["E2_indep"] <= ex["E2_two_trees_same_sample"] <= ex["E2_same"]   # Cauchy-Schwarz, Jensen


def test_two_trees_same_sample_only_fixed_height_two_classes():
    dist = correlated_distribution([2, 2], "1/2")
    assert exact_moments(dist, 3, Criterion(purity=True), same_sample=True)["E2_two_trees_same_sample"] is None
    dist3 = correlated_distribution([2, 2], "1/2", k=3)
    assert exact_moments(dist3, 3, Criterion(height=1), same_sample=True)["E2_two_trees_same_sample"] is None
    assert "E2_two_trees_same_sample" not in exact_moments(dist, 3, Criterion(height=1))


def test_two_trees_same_sample_is_not_e1_squared():
    dist = _random_dist(np.random.default_rng(5), [2, 2])
    bf = bruteforce_moments(dist, 3, Criterion(height=1))
    assert bf["E2_two_trees_same_sample"] != bf["E1"] ** 2
    assert bf["E2_indep"] == bf["E1"] ** 2


def test_all_attribute_tree_is_order_free():
    dist = _random_dist(np.random.default_rng(7), [2, 2, 2])
    table = np.random.default_rng(8).integers(0, 3, (2, 2, 2, 2))
    m1, m2 = conditional_moments(dist, table, Criterion(height=3))
    assert m2 == m1 * m1
    m1, m2 = conditional_moments(dist, table, Criterion(height=1))
    assert m2 != m1 * m1  # h < d: the attribute order matters


def test_tree_ge_of_grown_tree_matches_conditional_mean_on_fixed_tree():
    dist = correlated_distribution([2, 2], "1/2")
    table = np.array([[[3, 1], [0, 2]], [[1, 1], [2, 0]]])
    leaves = grow_tree(dist, table, Criterion(height=2), np.random.default_rng(0))
    m1, _ = conditional_moments(dist, table, Criterion(height=2))
    assert tree_ge(dist, leaves) == m1  # h = d: every tree is the same classifier


# ----------------------------------------------------------------- Monte Carlo (statistical checks)

@pytest.mark.parametrize("crit,N", [(Criterion(height=2), 12), (Criterion(purity=True), 10), (Criterion(pb=2), 10)])
def test_simulator_agrees_with_exact(crit, N):
    seed = 20240601
    dist = correlated_distribution([2, 2, 2], "3/5")
    ex = exact_moments(dist, N, crit, same_sample=True)
    mc = simulate(dist, N, crit, runs=1500, seed=seed, same_sample=True)
    assert abs(mc["mean"] - float(ex["E1"])) <= SE * mc["se_mean"], f"seed {seed}"
    assert abs(mc["second"] - float(ex["E2_same"])) <= SE * mc["se_second"], f"seed {seed}"
    if ex["E2_two_trees_same_sample"] is not None:
        assert abs(mc["cross"] - float(ex["E2_two_trees_same_sample"])) <= SE * mc["se_cross"], f"seed {seed}"


def test_af_monte_carlo_agrees_with_exact():
    seed = 99
    dist = correlated_distribution([2, 2, 2], "1/3")
    crit = Criterion(height=2)
    ex = exact_moments(dist, 10, crit, same_sample=True)
    af = af_monte_carlo(dist, 10, crit, runs=150, seed=seed)
    assert abs(af["mean"] - float(ex["E1"])) <= SE * af["se_mean"], f"seed {seed}"
    assert abs(af["second"] - float(ex["E2_same"])) <= SE * af["se_second"], f"seed {seed}"
    assert abs(af["cross"] - float(ex["E2_two_trees_same_sample"])) <= SE * af["se_cross"], f"seed {seed}"


def test_af_monte_carlo_same_sample_purity_against_bruteforce():
    # no exact formula for two trees on the same sample under purity/scarcity: AF-MC against brute force
    seed = 41
    dist = _random_dist(np.random.default_rng(3), [2, 2])
    for crit in (Criterion(purity=True), Criterion(pb=1)):
        bf = bruteforce_moments(dist, 4, crit)
        af = af_monte_carlo(dist, 4, crit, runs=400, seed=seed)
        assert abs(af["cross"] - float(bf["E2_two_trees_same_sample"])) <= SE * af["se_cross"], f"seed {seed}"


def test_wrong_exact_value_would_be_caught():
    # the statistical check can fail: the printed strict-inequality rule (ties predict nothing)
    seed = 3
    dist = correlated_distribution([2, 2], "0")
    crit = Criterion(height=1)
    mc = simulate(dist, 4, crit, runs=3000, seed=seed)
    exact_split = float(expected_ge(dist, 4, crit))
    assert abs(mc["mean"] - exact_split) <= SE * mc["se_mean"], f"seed {seed}"
    # dropping tied leaves (DD's strict inequalities) gives a value MC rejects
    from exactprune.errata.dd import ERRATA
    assert any(e.id == "dd-ties" and e.evaluate()["confirmed"] for e in ERRATA)
    tie_free = exact_split - 0.5 * float(Fraction(3, 8))
    assert abs(mc["mean"] - tie_free) > SE * mc["se_mean"]


def test_seeded_runs_reproduce():
    dist = correlated_distribution([2, 2], "1/2")
    a = simulate(dist, 5, Criterion(height=1), runs=50, seed=4)
    b = simulate(dist, 5, Criterion(height=1), runs=50, seed=4)
    assert a["mean"] == b["mean"]


# ----------------------------------------------------------------- real data, errata, theorems, CLI

def test_distribution_from_breast_cancer():
    from sklearn.datasets import load_breast_cancer
    data = load_breast_cancer()
    dist = distribution_from_data(data.data, data.target, attributes=[0, 1])
    assert dist.arities == (2, 2) and sum(dist.prob(c) for c in itertools.product((0, 1), repeat=3)) == 1
    assert 0 < expected_ge(dist, 4, Criterion(height=1)) < 1


def test_errata_confirmed():
    from exactprune.errata.dd import ERRATA
    ids = {e.id for e in ERRATA}
    assert {"dd-coexist-purity", "dd-coexist-identical", "dd-ties", "dd-datasets"} <= ids
    for erratum in ERRATA:
        out = erratum.as_dict()
        assert out["confirmed"], erratum.id
        json.dumps(out)


@pytest.mark.parametrize("theorem_id", ["dd-path-exists", "dd-coexist", "dd-moments", "dd-att"])
def test_theorems_hold_and_violations_can_fail(theorem_id):
    from exactprune.theorems.dd import THEOREMS
    theorem = next(t for t in THEOREMS if t.id == theorem_id)
    failures = []

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(theorem.cases())
    def holds(case):
        verdict = theorem.check(case)
        assert verdict.holds, verdict.details
    holds()

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(theorem.violations())
    def violated(case):
        if not theorem.check(case).holds:
            failures.append(case)
    violated()
    assert failures, f"{theorem_id}: no violating case made the conclusion fail"


def test_cli_coexist_json(capsys):
    assert cli.main(["rdt", "coexist", "--d", "3", "--path1", "0=0,1=0", "--path2", "0=0,1=1",
                     "--criterion", "purity", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["probability"] == "1/6" and out["enumeration"] == "1/6" and out["printed_formula"] == "0"


def test_cli_moments_text_and_json(capsys):
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "4", "--h", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    dist = correlated_distribution([2, 2], "3/5")
    assert Fraction(out["E_GE"]) == expected_ge(dist, 4, Criterion(height=1))
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "4", "--criterion", "scarcity", "--pb", "1"]) == 0
    assert "E[GE^2]" in capsys.readouterr().out
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "4", "--criterion", "purity", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    bf = bruteforce_moments(dist, 4, Criterion(purity=True))
    assert (Fraction(out["E_GE"]), Fraction(out["E_GE2_same_tree"])) == (bf["E1"], bf["E2_same"])
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "3", "--h", "1", "--same-sample", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    bf = bruteforce_moments(dist, 3, Criterion(height=1))
    assert Fraction(out["E_GE_GE_same_sample"]) == bf["E2_two_trees_same_sample"]
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "3", "--h", "1", "--same-sample"]) == 0
    assert "same sample" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["rdt", "coexist", "--d", "3", "--path1", "7=0", "--path2", "0=0"],
    ["rdt", "coexist", "--d", "3", "--path1", "0", "--path2", "0=0"],
    ["rdt", "coexist", "--d", "0.5", "--path1", "0=1", "--path2", "0=0"],
    ["rdt", "moments", "--criterion", "fixed,gini"],
    ["rdt", "moments", "--criterion", "scarcity", "--pb", "-1"],
    ["rdt", "moments", "--criterion", "purity", "--same-sample"],
])
def test_cli_bad_input(argv, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("exactprune: error:") and len(err.strip().splitlines()) == 1
