"""exactprune.rdt.bruteforce: the moments of GE over every data set (tests/rdt/test_conditional.py
checks the moments given one data set)."""
from __future__ import annotations

import numpy as np

from exactprune.rdt import Criterion, bruteforce_moments
from random_distributions import random_distribution


def test_two_trees_same_sample_is_not_e1_squared():
    dist = random_distribution(np.random.default_rng(5), [2, 2])
    bf = bruteforce_moments(dist, 3, Criterion(height=1))
    assert bf["E2_two_trees_same_sample"] != bf["E1"] ** 2
    assert bf["E2_indep"] == bf["E1"] ** 2
