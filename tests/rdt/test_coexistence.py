"""Closed forms of exactprune.rdt.coexistence: values from DD, App A's example, the printed formulas, bad paths."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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


# -- the printed formulas, against the paper's own numbers and an independent transcription ----------------
def test_printed_fixed_equals_the_four_arrangements_of_appendix_a():
    # DD App A's example term by term (d = 9, l1 = 6, l2 = 7, v = 3, r = 5, two choices A4/A5 of the split)
    d, p1 = 9, {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}
    p2 = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 7: 0, 8: 0}
    f = math.factorial
    terms = [Fraction(6 * f(2) * f(3) * 2, 9 * 8 * 7 * 6 * 5 ** 2 * 4 ** 2 * 3),
             Fraction(6 * f(3) * f(4) * 2, 9 * 8 * 7 * 6 ** 2 * 5 ** 2 * 4 ** 2 * 3),
             Fraction(3 * f(4) * f(5) * 2, 9 * 8 * 7 ** 2 * 6 ** 2 * 5 ** 2 * 4 ** 2 * 3),
             Fraction(1 * f(5) * f(6) * 2, 9 * 8 ** 2 * 7 ** 2 * 6 ** 2 * 5 ** 2 * 4 ** 2 * 3)]
    assert coexistence_printed(d, p1, p2) == sum(terms)
    assert coexistence_printed(d, p2, p1) == sum(terms)          # the shorter path is put first
    assert coexistence_probability(d, p1, p2) == sum(terms) == enumerate_coexistence(d, p1, p2)


def test_printed_purity_by_hand():
    # d = 6, both paths of length 4, last attributes 3 and 5; r = |{0, 1}| = 2, b = |{0}| = 1:
    # t = 0: 1 * 2! * 2! * 1 / (6 * 5^2 4^2 3^2 2^2) / (3 * 3);  t = 1: 1 * 0! * 0! * 1 / (6 * 5 * 4^2 3^2 2^2) / 9
    p1, p2 = {0: 0, 1: 0, 2: 0, 3: 0}, {0: 0, 1: 1, 4: 0, 5: 0}
    expected = Fraction(4, 6 * 25 * 16 * 9 * 4 * 9) + Fraction(1, 30 * 16 * 9 * 4 * 9)
    assert expected == Fraction(1, 86400)
    assert coexistence_printed(6, p1, p2, "purity") == coexistence_printed(6, p1, p2, "scarcity") == expected
    # paths of lengths 2 and 3 (d = 5): only t = 0 has (h_p - t - 2)! defined; the tail factor (d - h_q) = 2
    p1, p2 = {0: 0, 1: 0}, {0: 1, 2: 0, 3: 0}
    # r = |{0}| = 1, b = 0: 1 * 0! * 1! * 1 / (5 * 4^2 3^2 * 2) / ((5 - 2 + 1)(5 - 3 + 1))
    assert coexistence_printed(5, p1, p2, "purity") == Fraction(1, 5 * 16 * 9 * 2 * 4 * 3)


def test_printed_formulas_on_the_errata_counterexamples():
    # dd-coexist-purity, hand values: siblings (r - b = 0), a non-leaf bifurcation, paths of length d
    assert coexistence_printed(3, {0: 0, 1: 0}, {0: 0, 1: 1}, "purity") == 0
    # d = 4, h = 3: t = 0: 1 / (4 * 3^2 2^2 1^2) / 4; t = 1: 1 / (4 * 3 * 2^2 1^2) / 4
    p1, p2 = {0: 0, 1: 0, 2: 0}, {0: 0, 1: 1, 3: 0}
    assert coexistence_printed(4, p1, p2, "purity") == Fraction(1, 576) + Fraction(1, 192) == Fraction(1, 144)
    assert enumerate_coexistence(4, p1, p2, "purity") == coexistence_probability(4, p1, p2, "purity") != Fraction(1, 144)
    assert coexistence_printed(3, {0: 0, 1: 0, 2: 0}, {0: 1, 1: 0, 2: 0}, "purity") is None
    # dd-coexist-identical: App A sums to 0 for p = q (r - v = 0); the path exists with 1/C(3, 2)
    assert coexistence_printed(3, {0: 0, 1: 0}, {0: 0, 1: 0}) == 0
    assert coexistence_probability(3, {0: 0, 1: 0}, {1: 0, 0: 0}) == Fraction(1, 3)


@st.composite
def path_pairs(draw, max_d=7):
    """(d, path1, path2, criterion): two random paths over d attributes with binary values."""
    d = draw(st.integers(1, max_d))

    def path():
        attrs = draw(st.permutations(range(d)))[:draw(st.integers(1, d))]
        return {a: draw(st.integers(0, 1)) for a in attrs}
    return d, path(), path(), draw(st.sampled_from(["fixed", "purity", "scarcity"]))


def _perm(n: int, m: int) -> int:
    """n (n-1) ... (n-m+1), 1 for m = 0 (also for n < 0, where the product is empty)."""
    return 1 if m == 0 else math.perm(n, m)


def printed_transcription(d, path1, path2, criterion="fixed"):
    """DD's printed App A / 3.6.2 formulas transcribed from the paper, with prob as products of
    falling factorials: d..(d-i) = perm(d, i + 1), (d-i-1)^2..(d-l1+1)^2 = perm(d - i - 1, l1 - i - 1)^2,
    (d-l1)..(d-l2+1) = perm(d - l1, l2 - l1) (3.6.2: the squares run to (d-h_p), the tail to (d-h_q))."""
    if len(path1) > len(path2):
        path1, path2 = path2, path1
    l1, l2 = len(path1), len(path2)
    common = path1.keys() & path2.keys()
    same = {a for a in common if path1[a] == path2[a]}
    f = math.factorial
    if criterion == "fixed":
        r, v = len(common), len(same)
        return sum((Fraction(_perm(v, i) * f(l1 - i - 1) * f(l2 - i - 1) * (r - v),
                             _perm(d, i + 1) * _perm(d - i - 1, l1 - i - 1) ** 2 * _perm(d - l1, l2 - l1))
                    for i in range(v + 1) if i <= l1 - 1), Fraction(0))
    leaves = {list(path1)[-1], list(path2)[-1]}
    r, b = len(common - leaves), len(same - leaves)
    total = Fraction(0)
    for t in range(b + 1):
        if t > l1 - 2:
            continue
        denominator = (_perm(d, t + 1) * _perm(d - t - 1, l1 - t) ** 2 * _perm(d - l1 - 1, l2 - l1)
                       * (d - l1 + 1) * (d - l2 + 1))
        if denominator == 0:
            return None
        total += Fraction(_perm(b, t) * f(l1 - t - 2) * f(l2 - t - 2) * (r - b), denominator)
    return total


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(path_pairs(max_d=7))
def test_printed_formulas_equal_the_transcription(case):
    d, p1, p2, crit = case
    assert coexistence_printed(d, p1, p2, crit) == printed_transcription(d, p1, p2, crit)


def test_printed_formulas_equal_the_transcription_on_all_pairs_d3():
    d = 3
    paths = [dict(zip(attrs, vals)) for l in range(1, d + 1) for attrs in itertools.permutations(range(d), l)
             for vals in itertools.product((0, 1), repeat=l)]
    for p1 in paths:
        if next(iter(p1)) != 0 or list(p1.values())[0] != 0:   # attributes and values are exchangeable
            continue
        for p2 in paths:
            for crit in ("fixed", "purity"):
                assert coexistence_printed(d, p1, p2, crit) == printed_transcription(d, p1, p2, crit), (p1, p2, crit)
