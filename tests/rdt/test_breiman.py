"""exactprune.rdt.breiman: Breiman's bound checked from its definition on enumerable cases."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from exactprune.rdt import Criterion, conditional_moments, exact_moments, tree_ge
from exactprune.rdt.breiman import breiman_bound, expected_breiman_bound, margin_strength, tree_distribution
from exactprune.rdt.model import leaf_weights
from random_distributions import random_distribution

CRITERIA = [Criterion(height=1), Criterion(purity=True), Criterion(pb=1), Criterion(height=2)]


def _margins(dist, leaves, tie):
    """(probability, margin) of every cell (x, y), margin from the leaf holding x (definition)."""
    out = []
    for attrs, values, counts in leaves:
        w = leaf_weights(counts, tie)
        for cell in np.ndindex(*dist.shape):
            if all(cell[a] == v for a, v in zip(attrs, values)):
                y = cell[-1]
                out.append((dist.prob(cell), w[y] - max(w[j] for j in range(dist.k) if j != y)))
    return out


@pytest.mark.parametrize("crit", CRITERIA)
@pytest.mark.parametrize("k,tie", [(2, "split"), (3, "split"), (3, "first")])
def test_bound_holds_for_every_enumerated_tree(crit, k, tie):
    # Breiman's Theorem 2.3 for one tree: P[mr < 0] <= var(mr)/s^2 <= (1 - s^2)/s^2 (Chebyshev)
    rng = np.random.default_rng(k)
    dist = random_distribution(rng, [2, 2], k)
    checked = 0
    for _ in range(5):
        table = rng.integers(0, 3, dist.shape)
        trees = tree_distribution(dist, table, crit)
        assert sum(p for p, _ in trees) == 1
        for _, leaves in trees:
            margins = _margins(dist, leaves, tie)
            s = sum(p * m for p, m in margins)
            assert s == margin_strength(dist, leaves, tie)
            if k == 2:
                assert s == 1 - 2 * tree_ge(dist, leaves, tie)
            if s <= 0:
                continue
            error = sum(p for p, m in margins if m < 0)
            var = sum(p * m * m for p, m in margins) - s * s
            assert error <= var / (s * s) <= breiman_bound(s)
            checked += 1
    assert checked


@pytest.mark.parametrize("crit", CRITERIA)
def test_tree_distribution_matches_conditional_moments(crit):
    rng = np.random.default_rng(11)
    dist = random_distribution(rng, [2, 2, 2])
    table = rng.integers(0, 2, dist.shape)
    trees = tree_distribution(dist, table, crit)
    m1, m2 = conditional_moments(dist, table, crit)
    assert sum(p * tree_ge(dist, leaves) for p, leaves in trees) == m1
    assert sum(p * tree_ge(dist, leaves) ** 2 for p, leaves in trees) == m2


def test_expected_bound_by_enumeration():
    dist = random_distribution(np.random.default_rng(3), [2, 2])
    crit = Criterion(purity=True)
    out = expected_breiman_bound(dist, 3, crit)
    assert out["mean_strength"] == 1 - 2 * exact_moments(dist, 3, crit)["E1"]
    assert out["bound_at_mean_strength"] == breiman_bound(out["mean_strength"])
    # Jensen: (1 - s^2)/s^2 is convex in s > 0, so the averaged bound is at least the bound at E[s]
    if out["prob_nonpositive_strength"] == 0:
        assert out["bound"] >= out["bound_at_mean_strength"]


def test_bad_input():
    with pytest.raises(ValueError, match="s must be > 0"):
        breiman_bound(0)
    with pytest.raises(ValueError, match="s must be > 0"):
        breiman_bound(Fraction(-1, 2))
