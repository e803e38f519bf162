"""exactprune.rdt.recursion: the node recursion against the leaf-pair sums and every data set."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactprune.rdt import Criterion, bruteforce_moments, expected_ge, sample_dependent_moments
from exactprune.rdt.moments import _fixed_height_second_moment
from exactprune.rdt.recursion import tree_moments
from random_distributions import random_distribution


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), st.sampled_from([[2], [2, 2], [3, 2], [2, 2, 2], [2, 3, 2]]), st.integers(2, 3),
       st.integers(0, 7), st.booleans(), st.sampled_from([None, 0, 1, 2, 3]), st.sampled_from([None, 1, 2, 3]),
       st.sampled_from(["split", "first"]))
def test_recursion_equals_leaf_pair_sums(seed, arities, k, N, purity, pb, height, tie):
    if height is not None and height > len(arities):
        height = None
    if height is None and not purity and pb is None:
        height = 1
    dist = random_distribution(np.random.default_rng(seed), arities, k)
    crit = Criterion(height=height, purity=purity, pb=pb)
    if crit.sample_dependent:
        expected = sample_dependent_moments(dist, N, crit, tie)
    else:
        expected = (expected_ge(dist, N, crit, tie), _fixed_height_second_moment(dist, N, crit, tie))
    assert tree_moments(dist, N, crit, tie) == expected, f"seed {seed}"
