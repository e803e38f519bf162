"""exactprune.montecarlo: the seeded samplers of Zhong's posterior model against the exact moments
(4.28)-(4.29) written out here, the two deliberately wrong models found out, and runs in chunks
independent of the workers.  Tolerances in standard errors; the seed is in every failure message."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from exactprune.knorm import Prior, moment
from exactprune.montecarlo import MC_CHUNK, sample_leaf_errors, simulate_knorm
from exactprune.tree import Tree, iris_tree

MC_SIGMAS = 5
#: a root (30, 6) split into pure leaves (30, 0) and (0, 6): a split that matters, so that the
#: wrong models (soft routing, errors coupled to the child probabilities) are far from the exact value
SHARP = Tree.from_json('{"counts": [30, 6], "children": [{"counts": [30, 0]}, {"counts": [0, 6]}]}')


def _sharp_second_moment() -> Fraction:
    """E[r^2] of SHARP with lam = eta = 1/2, by hand: each leaf B (B + 1) / (M (M + 1)) with
    B = (J - 1) lam = 1/2 and M = n + J lam (4.29), weighted (n_c + eta) / (n + K eta) (4.11)."""
    half = Fraction(1, 2)
    leaf = {30: half * (half + 1) / (31 * 32), 6: half * (half + 1) / (7 * 8)}
    return (30 + half) / 37 * leaf[30] + (6 + half) / 37 * leaf[6]


def test_the_model_agrees_with_the_exact_moment_and_the_wrong_models_do_not():
    exact = float(_sharp_second_moment())
    assert exact == pytest.approx(61 / 74 * 3 / 3968 + 13 / 74 * 3 / 224, rel=1e-15)
    right = simulate_knorm(SHARP.root, 2, "1/2", "1/2", samples=20000, seed=7)
    assert abs(right.mean - exact) <= MC_SIGMAS * right.stderr, f"seed 7: {right.mean} vs {exact}"
    for wrong in ({"routing": "soft"}, {"coupling": "sorted"}):
        est = simulate_knorm(SHARP.root, 2, "1/2", "1/2", samples=20000, seed=7, **wrong)
        assert abs(est.mean - exact) > MC_SIGMAS * est.stderr, f"seed 7, {wrong}: {est.mean} vs {exact}"


@pytest.mark.parametrize("k", [1, 3])
def test_the_iris_tree_within_five_standard_errors(k):
    est = simulate_knorm(iris_tree().root, k, "1/2", "1/2", samples=20000, seed=11)
    exact = float(moment(iris_tree().root, k, Prior("1/2", "1/2")))
    assert est.samples == 20000 and est.seed == 11
    assert abs(est.mean - exact) <= MC_SIGMAS * est.stderr, f"seed 11, k = {k}: {est.mean} vs {exact}"


def test_knorm_monte_carlo_in_chunks_is_independent_of_the_workers_and_within_5_se():
    """simulate_knorm above MC_CHUNK draws: chunks with derived seeds, the same estimate with 1 or
    2 workers, and within 5 standard errors of the exact E[r^2] of the iris tree (Thm 4.1)."""
    node = iris_tree().node("c2")
    one = simulate_knorm(node, 2, "1/2", "1/2", samples=2 * MC_CHUNK + 7, seed=3, jobs=1)
    two = simulate_knorm(node, 2, "1/2", "1/2", samples=2 * MC_CHUNK + 7, seed=3, jobs=2)
    assert one == two
    exact = float(moment(node, 2, Prior()))
    assert abs(one.mean - exact) <= 5 * one.stderr, f"seed 3: {one.mean} vs {exact}"


def test_a_class_without_mass_gets_no_probability():
    """lam = 0: a class with no examples has the shape 0, so a pure leaf never errs; a leaf with no
    examples at all has probability 0 for every class, so it always errs."""
    rng = np.random.default_rng(0)
    assert np.all(sample_leaf_errors((3, 0), 0, 100, rng) == 0.0)
    assert np.all(sample_leaf_errors((0, 0), 0, 100, rng) == 1.0)
    assert np.all(sample_leaf_errors((0, 0), "1/2", 100, rng) < 1.0)


@pytest.mark.parametrize("option, words", [({"routing": "mixed"}, "routing must be 'hard' or 'soft', got 'mixed'"),
                                           ({"coupling": "any"}, "coupling must be 'independent' or 'sorted'")])
def test_unknown_models_are_refused(option, words):
    with pytest.raises(ValueError, match=words):
        simulate_knorm(SHARP.root, 1, "1/2", "1/2", samples=10, seed=0, **option)
