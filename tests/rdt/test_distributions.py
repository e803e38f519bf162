"""exactprune.rdt.distributions: DD 4.2's correlation and distributions from data."""
from __future__ import annotations

import itertools
from fractions import Fraction

from exactprune.rdt import (Criterion, correlated_distribution, chi_square_correlation,
                            distribution_from_data, expected_ge)


def test_chi_square_correlation_is_t_squared():
    for t in ("0", "1/3", "3/5", "1"):
        assert chi_square_correlation(correlated_distribution([2, 2, 2], t)) == Fraction(t) ** 2


def test_distribution_from_breast_cancer():
    from sklearn.datasets import load_breast_cancer
    data = load_breast_cancer()
    dist = distribution_from_data(data.data, data.target, attributes=[0, 1])
    assert dist.arities == (2, 2) and sum(dist.prob(c) for c in itertools.product((0, 1), repeat=3)) == 1
    assert 0 < expected_ge(dist, 4, Criterion(height=1)) < 1
