"""Closed forms of exactprune.rdt.coexistence: values from DD, App A's example, the printed formulas, bad paths."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from exactprune.rdt import (coexistence_printed, coexistence_probability, enumerate_coexistence,
                            path_exists_probability)


def test_path_exists_values_from_the_paper():
    assert path_exists_probability(5, {0: 0, 1: 0, 2: 0}) == Fraction(1, math.comb(5, 3))
    assert path_exists_probability(5, {0: 0, 1: 0, 2: 0}, "purity") == Fraction(1, math.comb(5, 2) * 3)


def test_appendix_example_arrangement_count():
    # App A's example: l1 = 6, l2 = 7, r = 5, v = 3 with d = 9; closed form = enumeration
    p1 = {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}
    p2 = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 7: 0, 8: 0}
    value = coexistence_probability(9, p1, p2)
    assert value == coexistence_printed(9, p1, p2)
    assert value > 0


def test_printed_purity_formula_misses_siblings():
    d, p1, p2 = 3, {0: 0, 1: 0}, {0: 0, 1: 1}
    assert coexistence_printed(d, p1, p2, "purity") == 0
    assert enumerate_coexistence(d, p1, p2, "purity") == Fraction(1, 6)


def test_bad_paths():
    with pytest.raises(ValueError, match="does not exist"):
        coexistence_probability(3, {3: 0}, {0: 0})
    with pytest.raises(ValueError, match="empty"):
        coexistence_probability(3, {}, {0: 0})
    with pytest.raises(ValueError, match="criterion"):
        coexistence_probability(3, {0: 0}, {0: 1}, "gini")
    with pytest.raises(TypeError):
        coexistence_probability(3.0, {0: 0}, {0: 1})
    with pytest.raises(TypeError):
        coexistence_probability(3, [0], {0: 1})
