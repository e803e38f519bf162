"""exactprune.rdt.generating_functions: the exponential generating functions of a region's class
counts (DD 3.6), against their definitions summed term by term with Fractions: every ordered
sample of s points, the multinomial theorem, and N! [z^N] written out."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import flint
import pytest

from exactprune.rdt.counting import count_vectors_by_size
from exactprune.rdt.generating_functions import (count_egf, count_egfs, egf_with_outside, exp_egf,
                                                 falling_factorials, scaled_cell_error)


def _error_by_hand(n, masses, tie, L):
    """L * (the cell's error): the classes of largest count predict ("split": each tied class with
    weight 1/ties, "first": the first of them), and the error is the mass of the other classes."""
    top = max(n)
    winners = [c for c, count in enumerate(n) if count == top]
    if tie == "first":
        winners = winners[:1]
    return sum(Fraction(L, len(winners)) * (sum(masses) - masses[y]) for y in winners)


def _coefficients(poly, size):
    coeffs = [Fraction(int(c.p), int(c.q)) for c in poly.coeffs()]
    return coeffs + [Fraction(0)] * (size - len(coeffs))


@pytest.mark.parametrize("n, masses, tie, expected", [
    ((2, 0), (3, 1), "split", 2 * 1), ((0, 2), (3, 1), "split", 2 * 3),       # L = 2: 2 x the other mass
    ((1, 1), (3, 1), "split", 4), ((1, 1), (3, 1), "first", 2 * 1),         # a tie: half of each error
    ((1, 1, 1), (1, 2, 3), "split", 6 * 2 * 6 // 3), ((0, 0, 0), (1, 2, 3), "first", 6 * 5)])
def test_scaled_cell_error_by_hand(n, masses, tie, expected):
    L = 2 if len(n) == 2 else 6
    assert scaled_cell_error(n, masses, tie, L) == expected == _error_by_hand(n, masses, tie, L)


@pytest.mark.parametrize("A, N, tie, power", [((1, 1), 3, "split", 1), ((3, 1), 4, "first", 2),
                                              ((2, 1, 1), 3, "split", 1), ((1, 2, 0), 3, "split", 2),
                                              ((5, 2), 3, "split", 0)])
def test_count_egf_sums_every_ordered_sample(A, N, tie, power):
    """s! [z^s] of the EGF is the sum, over the k^s ordered samples of s points, of the product of
    their class masses times (L x error of their counts)^power."""
    k, L = len(A), math.lcm(*range(1, len(A) + 1))
    got = _coefficients(count_egf(A, count_vectors_by_size(N, k), tie, L, power), N + 1)
    for s in range(N + 1):
        total = Fraction(0)
        for sample in itertools.product(range(k), repeat=s):
            n = tuple(sample.count(c) for c in range(k))
            total += math.prod(A[c] for c in sample) * _error_by_hand(n, A, tie, L) ** power
        assert got[s] * math.factorial(s) == total, s


def test_power_zero_is_the_multinomial_theorem():
    """Without the error, s! [z^s] = (sum of the masses)^s: the EGF is e^{(A_1 + ... + A_k) z}."""
    A, N = (2, 3, 1), 5
    got = _coefficients(count_egf(A, count_vectors_by_size(N, 3), "split", 6, 0), N + 1)
    assert [c * math.factorial(s) for s, c in enumerate(got)] == [sum(A) ** s for s in range(N + 1)]


def test_count_egfs_by_support_splits_the_same_sum_and_keep_filters_it():
    A, N, comps = (2, 1, 1), 3, count_vectors_by_size(3, 3)
    whole = count_egf(A, comps, "split", 6, 1)
    by_support = count_egfs(A, comps, "split", 6, (1, 2), by_support=True)
    assert sum(by_support[0].values(), flint.fmpq_poly([])) == whole
    assert sum(by_support[1].values(), flint.fmpq_poly([])) == count_egf(A, comps, "split", 6, 2)
    # support {} is the empty sample alone, its three classes tied: (6/3)((4 - 2) + (4 - 1) + (4 - 1)) = 16
    assert by_support[0][0] == flint.fmpq_poly([16])
    assert set(by_support[0]) <= set(range(8)) and 0b111 in by_support[0]
    for mask, poly in by_support[0].items():                 # a support's samples have that many classes
        smallest = bin(mask).count("1")
        assert all(c == 0 for c in _coefficients(poly, N + 1)[:smallest]), mask
    pure = count_egfs(A, comps, "split", 6, (1,), keep=lambda n: sum(1 for c in n if c) <= 1)[0][0]
    assert pure == sum((p for m, p in by_support[0].items() if bin(m).count("1") <= 1), flint.fmpq_poly([]))


def test_egf_with_outside_is_n_factorial_times_the_coefficient_of_z_to_the_n():
    poly = flint.fmpq_poly([flint.fmpq(1, 3), 2, flint.fmpq(5, 7)])
    coeffs = [Fraction(1, 3), Fraction(2), Fraction(5, 7)]
    for N, outside in ((0, 4), (1, 0), (2, 3), (5, 2)):
        expected = math.factorial(N) * sum(c * Fraction(outside ** (N - m), math.factorial(N - m))
                                           for m, c in enumerate(coeffs) if m <= N)
        got = egf_with_outside(poly, N, outside)
        assert Fraction(int(got.p), int(got.q)) == expected, (N, outside)
        assert egf_with_outside(poly, N, outside, falling_factorials(N)) == got


def test_exp_egf_and_falling_factorials_by_their_terms():
    assert _coefficients(exp_egf(3, 4), 5) == [Fraction(3 ** m, math.factorial(m)) for m in range(5)]
    assert _coefficients(exp_egf(0, 2), 3) == [1, 0, 0]
    assert [int(f) for f in falling_factorials(5)] == [math.perm(5, m) for m in range(6)]
