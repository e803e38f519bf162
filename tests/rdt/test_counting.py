"""exactprune.rdt.counting against the standard library's combinatorics."""
from __future__ import annotations

import itertools
import math

from exactprune.rdt.counting import count_vectors, count_vectors_by_size, falling_factorial


def test_falling_factorial_is_the_number_of_ordered_selections():
    for n in range(7):
        for m in range(9):
            assert falling_factorial(n, m) == math.perm(n, m)


def test_count_vectors_are_every_bounded_vector_once():
    for total, parts in ((0, 1), (3, 1), (2, 3), (4, 2)):
        expected = [v for v in itertools.product(range(total + 1), repeat=parts) if sum(v) <= total]
        assert list(count_vectors(total, parts)) == expected
        assert len(expected) == math.comb(total + parts, parts)


def test_count_vectors_by_size_groups_by_sum():
    groups = count_vectors_by_size(3, 3)
    assert [len(g) for g in groups] == [math.comb(s + 2, 2) for s in range(4)]
    assert all(sum(v) == s for s, g in enumerate(groups) for v in g)
