"""exactprune.experiments.protocol: Zhong's Fig 6.1 protocol, seeded and rerunnable, and the units
of the investigations."""
from __future__ import annotations

import numpy as np
import pytest

from exactprune import experiments as E


def test_protocol_is_seeded_and_reruns_identically():
    a = E.run_protocol("g2c15", ratios=(1,), n=800, runs=2, V=5)
    b = E.run_protocol("g2c15", ratios=(1,), n=800, runs=2, V=5)
    assert [(r.accuracy, r.leaves) for r in a] == [(r.accuracy, r.leaves) for r in b]
    assert all(set(r.accuracy) == set(E.METHODS) for r in a)


def test_every_example_trained_on_m_times():
    X, y = E.load_dataset("wine")
    order = np.random.default_rng(1).permutation(len(y))
    parts = np.array_split(order, 20)
    for m in (1, 10):
        seen = np.zeros(len(y), int)
        for i in range(20):
            seen[np.concatenate([parts[(i + j) % 20] for j in range(m)])] += 1
        assert np.all(seen == m)


def test_ccp_with_fewer_examples_than_folds_uses_leave_one_out():
    X, y = E.load_dataset("iris")
    idx = np.random.default_rng(0).permutation(len(y))
    tr, te = idx[:8], idx[8:]
    r = E.prune_all(X[tr], y[tr], X[te], y[te], V=10)
    assert set(r["leaves"]) == set(E.METHODS) and r["leaves"]["CCP"] >= 1
    assert r["seconds"]["CCP"] > 1e-4                 # CV actually ran (8 folds), not the bare root


def test_size_variant_unit_agrees_with_the_protocol_run():
    """The investigation's unit reproduces run_unit's 2-norm and EBP sizes (same split, seed)."""
    X, y = E.gaussian_data("g2c25", 600, seed=4)
    order = np.random.default_rng(5).permutation(len(y))
    run = E.run_unit("g2c25", 50, 3, X, y, order, 10, 20, 10, 7)
    sizes = E.size_variant_unit(X, y, order, 10, 3, 7, lam_factors=(1, 4))
    assert sizes["2-norm"][1] == run.leaves["2-norm"] and sizes["EBP"] == run.leaves["EBP"]
    assert sizes["lam"] == pytest.approx(100 * sizes["full"] / (2 * 2 * 300))   # lam = 100 L / (J^2 N)
    assert sizes["2-norm"][4] <= sizes["2-norm"][1] < sizes["full"]


def test_ccp_rule_unit_one_se_is_the_protocol_choice_and_never_larger():
    X, y = E.gaussian_data("g2c25", 600, seed=4)
    order = np.random.default_rng(5).permutation(len(y))
    run = E.run_unit("g2c25", 50, 2, X, y, order, 10, 20, 10, 7)
    rules = E.ccp_rule_unit(X, y, order, 10, 2, 7)
    assert rules["1-SE"] == run.leaves["CCP"] and rules["1-SE"] <= rules["0-SE"]


def test_protocol_units_split_like_figure_6_1():
    """Each unit trains on m of the 20 parts and tests on the others: train and test partition
    the data set, and over the 20 runs every example is trained on exactly m times."""
    for m in (1, 10):
        units = E.protocol_units("wine", ratios=(m,))
        seen = np.zeros(178, int)
        for label, ratio, i, X, y, order, m_, subsets, V, seed in units:
            train, test = E.protocol_split(order, m_, i, subsets)
            assert sorted(np.concatenate([train, test]).tolist()) == list(range(178))
            assert (label, ratio, m_, seed) == ("wine", 5 * m, m, i)
            assert 8 * m <= len(train) <= 9 * m             # 178 rows in 20 parts of 8 or 9
            seen[train] += 1
        assert len(units) == 20 and np.all(seen == m)


def test_holdout_unit_trains_on_70_percent_of_a_fresh_permutation_per_seed():
    from fractions import Fraction
    X, y = E.gaussian_data("g2c15", 100, seed=4)
    a = E.holdout_unit("g2c15", 0, X, y, Fraction(7, 10), 5, 0)
    b = E.holdout_unit("g2c15", 1, X, y, Fraction(7, 10), 5, 1)
    order = np.random.default_rng(0).permutation(100)
    r = E.prune_all(X[order[:70]], y[order[:70]], X[order[70:]], y[order[70:]], V=5, seed=0)
    assert a.accuracy == r["accuracy"] and a.leaves == r["leaves"] and a.ratio == 70
    for m in E.METHODS:                              # 30 test rows: accuracies are multiples of 100/30
        assert abs(a.accuracy[m] * 30 / 100 - round(a.accuracy[m] * 30 / 100)) < 1e-9
    assert (a.accuracy, a.leaves) != (b.accuracy, b.leaves) or a.index != b.index


def test_cv_estimate_unit_actual_is_the_test_error_of_the_ccp_choice():
    X, y = E.gaussian_data("g2c15", 400, seed=3)
    order = np.random.default_rng(1).permutation(400)
    r = E.cv_estimate_unit(X, y, order, 10, 0, 0)
    run = E.run_unit("g2c15", 50, 0, X, y, order, 10, 20, 10, 0)
    assert r["actual"] == pytest.approx(100 - run.accuracy["CCP"])
    assert r["mean"] <= r["2-norm"]          # E[r] <= sqrt(E[r^2])
