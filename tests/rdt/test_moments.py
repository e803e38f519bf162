"""exactprune.rdt.moments and .sample_dependent against exactprune.rdt.bruteforce (every data set)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactprune.rdt import Criterion, bruteforce_moments, exact_moments
from random_distributions import random_distribution


@pytest.mark.parametrize("arities,k,N,crit", [
    ([2, 2], 2, 3, Criterion(height=1)), ([2, 2], 2, 3, Criterion(height=2)), ([2, 3], 2, 2, Criterion(height=1)),
    ([2, 2], 2, 3, Criterion(purity=True)), ([2, 2], 2, 3, Criterion(pb=1)),
    ([2, 2, 2], 2, 2, Criterion(pb=0, purity=True)), ([2, 2], 3, 2, Criterion(height=1)),
    ([2, 2, 2], 2, 2, Criterion(height=2)), ([2, 2], 2, 3, Criterion(purity=True, height=1)),
])
@pytest.mark.parametrize("tie", ["split", "first"])
def test_exact_moments_equal_bruteforce(arities, k, N, crit, tie):
    dist = random_distribution(np.random.default_rng(len(arities) * 10 + N), arities, k)
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
    dist = random_distribution(np.random.default_rng(seed), arities, k)
    crit = Criterion(height=height, purity=purity, pb=pb)
    ex = exact_moments(dist, N, crit, tie)
    bf = bruteforce_moments(dist, N, crit, tie)
    assert (ex["E1"], ex["E2_same"]) == (bf["E1"], bf["E2_same"]), f"seed {seed}"
