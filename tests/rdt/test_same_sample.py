"""exactprune.rdt.same_sample: E[GE GE'] for two trees on one sample, against brute force."""
from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactprune.rdt import Criterion, bruteforce_moments, correlated_distribution, exact_moments
from random_distributions import random_distribution


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), st.sampled_from([[2], [3], [2, 2], [2, 3], [2, 2, 2]]), st.integers(0, 3),
       st.integers(1, 3), st.sampled_from(["split", "first"]))
def test_two_trees_same_sample_equals_bruteforce(seed, arities, N, h, tie):
    # the cross-validation quantity E[GE(T1, z) GE(T2, z)]: difference generating functions vs every data set
    h = min(h, len(arities))
    dist = random_distribution(np.random.default_rng(seed), arities)
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
