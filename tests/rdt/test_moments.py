"""exactprune.rdt.moments against exactprune.rdt.bruteforce (every data set)."""
from __future__ import annotations

import numpy as np
import pytest

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
