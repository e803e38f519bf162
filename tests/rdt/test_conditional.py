"""exactprune.rdt.conditional: E[GE | data] and E[GE^2 | data] of a random tree, the tree
randomness (DD 3.3's attribute choices) integrated exactly for one data set."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from exactprune.rdt import Criterion, conditional_moments
from random_distributions import random_distribution


def test_all_attribute_tree_is_order_free():
    dist = random_distribution(np.random.default_rng(7), [2, 2, 2])
    table = np.random.default_rng(8).integers(0, 3, (2, 2, 2, 2))
    m1, m2 = conditional_moments(dist, table, Criterion(height=3))
    assert m2 == m1 * m1
    m1, m2 = conditional_moments(dist, table, Criterion(height=1))
    assert m2 != m1 * m1  # h < d: the attribute order matters


def _one_split_ge(dist, table, attribute):
    """GE of the tree that splits on ``attribute`` once (DD (1)), written out: each child predicts
    its most frequent training class (ties: each tied class with an equal share) and errs by the
    probability of the other classes in its region."""
    ge = Fraction(0)
    for value in range(dist.arities[attribute]):
        cells = [x for x in product(*(range(a) for a in dist.arities)) if x[attribute] == value]
        counts = [sum(int(table[x + (y,)]) for x in cells) for y in range(dist.k)]
        mass = [sum(Fraction(int(dist.ints[x + (y,)]), dist.D) for x in cells) for y in range(dist.k)]
        winners = [y for y in range(dist.k) if counts[y] == max(counts)]
        ge += sum(sum(mass) - mass[y] for y in winners) / len(winners)
    return ge


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_height_one_averages_the_one_split_trees_over_the_attributes(seed):
    """h = 1 over d = 2 attributes: the tree is one split on an attribute drawn uniformly, so
    E[GE | data] is the mean of the two one-split GEs and E[GE^2 | data] the mean of their squares."""
    rng = np.random.default_rng(seed)
    dist = random_distribution(rng, [2, 3])
    table = rng.integers(0, 3, (2, 3, 2))
    ge = [_one_split_ge(dist, table, a) for a in (0, 1)]
    assert conditional_moments(dist, table, Criterion(height=1)) == (sum(ge) / 2, (ge[0] ** 2 + ge[1] ** 2) / 2)


def test_floats_are_the_exact_moments_rounded_and_a_wrong_table_is_refused():
    dist = random_distribution(np.random.default_rng(4), [2, 2])
    table = np.random.default_rng(5).integers(0, 4, (2, 2, 2))
    exact = conditional_moments(dist, table, Criterion(height=2))
    floats = conditional_moments(dist, table, Criterion(height=2), exact_arith=False)
    assert all(isinstance(v, Fraction) for v in exact) and floats == pytest.approx([float(v) for v in exact], rel=1e-12)
    with pytest.raises(ValueError, match=r"table: expected shape \[2, 2, 2\], got \[2, 2\]"):
        conditional_moments(dist, np.ones((2, 2), dtype=int), Criterion(height=1))
