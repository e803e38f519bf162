"""exactprune.rdt.recursion: the node recursion against every data set and against DD (1)'s leaf sum.

Before the leaf-pair sums of DD (2) were removed, the recursion was checked equal to them on 500
hypothesis examples (d <= 3, k <= 3, N <= 7, every criterion and combination, both tie rules).
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactprune.rdt import Criterion, bruteforce_moments, correlated_distribution, expected_ge, tree_moments
from random_distributions import random_distribution

ARITIES = st.sampled_from([[2], [2, 2], [3, 2], [2, 2, 2], [2, 3, 2]])
TIES = st.sampled_from(["split", "first"])


def _criterion(arities, purity, pb, height):
    if height is not None and height > len(arities):
        height = None
    if height is None and not purity and pb is None:
        height = 1
    return Criterion(height=height, purity=purity, pb=pb)


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), ARITIES, st.integers(2, 3), st.integers(0, 25), st.booleans(),
       st.sampled_from([None, 0, 1, 2, 5]), st.sampled_from([None, 1, 2, 3]), TIES)
def test_first_moment_equals_leaf_region_sum(seed, arities, k, N, purity, pb, height, tie):
    # DD (1) summed over leaf regions and their parents' count events (expected_ge), larger N
    dist = random_distribution(np.random.default_rng(seed), arities, k)
    crit = _criterion(arities, purity, pb, height)
    assert tree_moments(dist, N, crit, tie, second=False) == (expected_ge(dist, N, crit, tie), None)


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), st.sampled_from([[2], [2, 2], [3, 2], [2, 2, 2]]), st.integers(2, 3),
       st.integers(0, 3), st.booleans(), st.sampled_from([None, 0, 1, 2]), st.sampled_from([None, 1, 2, 3]), TIES)
def test_moments_equal_bruteforce(seed, arities, k, N, purity, pb, height, tie):
    # every data set enumerated, the tree randomness integrated by conditional_moments
    if k == 3 and len(arities) == 3:
        N = min(N, 2)
    dist = random_distribution(np.random.default_rng(seed), arities, k)
    crit = _criterion(arities, purity, pb, height)
    bf = bruteforce_moments(dist, N, crit, tie)
    assert tree_moments(dist, N, crit, tie) == (bf["E1"], bf["E2_same"]), f"seed {seed}"


def test_symmetric_nodes_are_shared_without_changing_values():
    # a distribution where attributes 1, 2 are exchangeable: the recursion shares nodes; a
    # relabelled copy (attribute 0 moved last) changes which nodes are shared but not the moments
    dist = correlated_distribution([2, 2, 2], "3/5")
    moved = correlated_distribution([2, 2, 2], "3/5", label=lambda x: x[2])
    for crit in (Criterion(purity=True), Criterion(pb=1), Criterion(height=2, purity=True)):
        assert tree_moments(dist, 4, crit) == tree_moments(moved, 4, crit)


def test_bad_arguments():
    dist = correlated_distribution([2, 2], "1/2")
    with pytest.raises(ValueError, match="height"):
        tree_moments(dist, 3, Criterion(height=3))
    with pytest.raises(TypeError, match="criterion"):
        tree_moments(dist, 3, "purity")
