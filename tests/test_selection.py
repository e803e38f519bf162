"""The minimum and one-standard-error rules of exactprune.selection, on tables worked by hand."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from exactprune.selection import least_error_index, one_se_index


def test_the_minimum_is_the_smallest_tree_among_equal_errors():
    # 5/20 at indices 1 and 3 (the larger index is the smaller tree)
    errors = [Fraction(6, 20), Fraction(5, 20), Fraction(7, 20), Fraction(5, 20), Fraction(9, 20)]
    assert least_error_index(errors) == 3


def test_one_se_on_a_hand_table():
    # n = 100, R_min = 1/10 at index 1: SE = sqrt(0.1 * 0.9 / 100) = 0.03, so the line is 0.13;
    # 13/100 lies exactly on it (within), 14/100 above it
    errors = [Fraction(12, 100), Fraction(10, 100), Fraction(13, 100), Fraction(14, 100)]
    assert math.isclose(0.10 + math.sqrt(0.1 * 0.9 / 100), 0.13)
    assert one_se_index(errors, 100) == 2
    # the exact boundary: one more error on the 13/100 candidate puts it outside
    assert one_se_index([Fraction(12, 100), Fraction(10, 100), Fraction(14, 100)], 100) == 1


def test_a_later_candidate_within_the_line_wins_over_an_earlier_one():
    # the rule takes the last qualifying index, even past a candidate above the line
    errors = [Fraction(10, 100), Fraction(20, 100), Fraction(12, 100)]
    assert one_se_index(errors, 100) == 2


@pytest.mark.parametrize("multiplier, expected", [(Fraction(0), 1), (Fraction(1, 2), 1), (Fraction(1), 2),
                                                  (Fraction(2), 3)])
def test_the_multiplier_scales_the_line(multiplier, expected):
    # R_min = 1/10, n = 100, SE = 3/100: lines 0.10, 0.115, 0.13, 0.16 against 0.12, 0.13, 0.16
    errors = [Fraction(20, 100), Fraction(10, 100), Fraction(13, 100), Fraction(16, 100)]
    assert one_se_index(errors, 100, multiplier) == expected


def test_a_perfect_minimum_has_no_width():
    # R_min = 0: SE = 0, only other zeros qualify
    assert one_se_index([Fraction(1, 50), Fraction(0), Fraction(1, 50)], 50) == 1


def test_no_candidates_is_refused():
    with pytest.raises(ValueError, match="at least one"):
        least_error_index([])
