"""exactprune.rdt.enumeration against the closed forms of exactprune.rdt.coexistence (cross-module)."""
from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exactprune.rdt import (coexistence_probability, enumerate_coexistence, enumerate_path_exists,
                            path_exists_probability)

FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@st.composite
def path_pairs(draw, max_d=7):
    d = draw(st.integers(1, max_d))

    def path():
        l = draw(st.integers(1, d))
        attrs = draw(st.permutations(range(d)))[:l]
        return {a: draw(st.integers(0, 1)) for a in attrs}
    return d, path(), path(), draw(st.sampled_from(["fixed", "purity", "scarcity"]))


@FAST
@given(path_pairs())
def test_coexistence_closed_form_equals_enumeration(case):
    d, p1, p2, crit = case
    assert coexistence_probability(d, p1, p2, crit) == enumerate_coexistence(d, p1, p2, crit)
    assert path_exists_probability(d, p1, crit) == enumerate_path_exists(d, p1, crit)


def test_coexistence_all_pairs_d3_exhaustive():
    d = 3
    paths = []
    for l in range(1, d + 1):
        for attrs in itertools.permutations(range(d), l):
            for vals in itertools.product((0, 1), repeat=l):
                paths.append(dict(zip(attrs, vals)))
    for p1, p2 in itertools.product(paths, repeat=2):
        if next(iter(p1)) != 0:  # attributes are exchangeable: fix the first attribute of path1
            continue
        for crit in ("fixed", "purity"):
            assert coexistence_probability(d, p1, p2, crit) == enumerate_coexistence(d, p1, p2, crit), (p1, p2, crit)


def test_non_uniform_selection_breaks_closed_form():
    # hypothesis violated: attribute 0 drawn twice as often
    assert enumerate_path_exists(3, {0: 0}, weights=[2, 1, 1]) == Fraction(1, 2) != path_exists_probability(3, {0: 0})
