"""exactprune.rdt.bruteforce and exactprune.rdt.conditional: moments given data, every data set."""
from __future__ import annotations

import numpy as np

from exactprune.rdt import Criterion, bruteforce_moments, conditional_moments
from random_distributions import random_distribution


def test_two_trees_same_sample_is_not_e1_squared():
    dist = random_distribution(np.random.default_rng(5), [2, 2])
    bf = bruteforce_moments(dist, 3, Criterion(height=1))
    assert bf["E2_two_trees_same_sample"] != bf["E1"] ** 2
    assert bf["E2_indep"] == bf["E1"] ** 2


def test_all_attribute_tree_is_order_free():
    dist = random_distribution(np.random.default_rng(7), [2, 2, 2])
    table = np.random.default_rng(8).integers(0, 3, (2, 2, 2, 2))
    m1, m2 = conditional_moments(dist, table, Criterion(height=3))
    assert m2 == m1 * m1
    m1, m2 = conditional_moments(dist, table, Criterion(height=1))
    assert m2 != m1 * m1  # h < d: the attribute order matters
