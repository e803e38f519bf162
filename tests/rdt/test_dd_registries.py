"""The DD entries of the errata and theorem registries (exactprune.errata.dd, exactprune.theorems.dd)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis.errors import NoSuchExample


def test_errata_confirmed():
    from exactprune.errata.dd import ERRATA
    ids = {e.id for e in ERRATA}
    assert {"dd-coexist-purity", "dd-coexist-identical", "dd-ties", "dd-datasets"} <= ids
    for erratum in ERRATA:
        out = erratum.as_dict()
        assert out["confirmed"], erratum.id
        json.dumps(out)


DD_THEOREMS = ["dd-path-exists", "dd-coexist", "dd-moments", "dd-att"]


def _dd_theorem(theorem_id):
    from exactprune.theorems.dd import THEOREMS
    return next(t for t in THEOREMS if t.id == theorem_id)


@pytest.mark.slow
@pytest.mark.parametrize("theorem_id", DD_THEOREMS)
def test_theorems_hold(theorem_id):
    """25 fresh random cases each run (the full suite); the fast set checks the same statements on
    their seeded cases in tests/test_theorems.py::test_theorem_cases."""
    theorem = _dd_theorem(theorem_id)

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(theorem.cases())
    def holds(case):
        verdict = theorem.check(case)
        assert verdict.holds, verdict.details
    holds()


@pytest.mark.parametrize("theorem_id", DD_THEOREMS)
def test_violations_can_fail(theorem_id):
    """Some violating case breaks the conclusion (up to 40 random cases, stopped at the first failing one)."""
    theorem = _dd_theorem(theorem_id)
    try:
        find(theorem.violations(), lambda case: not theorem.check(case).holds,
             settings=settings(max_examples=40, deadline=None, database=None, phases=[Phase.generate]))
    except NoSuchExample:
        pytest.fail(f"{theorem_id}: no violating case made the conclusion fail")


def _fixed_height_coexist(p1: dict, p2: dict, d: int, used=frozenset()):
    """P[two fixed-height paths co-exist]: every node picks an unused attribute uniformly; shared while the
    paths' values agree, then each continues alone (written out here, independent of exactprune.rdt)."""
    from fractions import Fraction
    if used == set(p1) and used == set(p2):
        return Fraction(1)
    total = Fraction(0)
    for a in set(p1) & set(p2) - used:
        step = Fraction(1, d - len(used))
        if p1[a] == p2[a]:
            total += step * _fixed_height_coexist(p1, p2, d, used | {a})
        else:
            total += step * _alone(p1, d, used | {a}) * _alone(p2, d, used | {a})
    return total


def _alone(path: dict, d: int, used):
    from fractions import Fraction
    if used == set(path):
        return Fraction(1)
    return sum((Fraction(1, d - len(used)) * _alone(path, d, used | {a}) for a in set(path) - used), Fraction(0))


def test_app_a_index_ranges_for_distinct_paths():
    """Issue 23, item 5 (DD App A's domain): for two distinct paths of a fixed-height tree (d <= 4, binary
    attributes, every height) every factorial argument (l - i - 1), i <= v, of App A's sum is non-negative
    whenever the paths can co-exist, and the printed sum equals the co-existence probability; where they
    cannot (no common attribute with different values) its factor (r - v) is 0, the true value."""
    import itertools
    import math
    from fractions import Fraction
    checked = 0
    for d in range(2, 5):
        for h in range(1, d + 1):
            paths = [dict(zip(attrs, values)) for attrs in itertools.combinations(range(d), h)
                     for values in itertools.product((0, 1), repeat=h)]
            for p1, p2 in itertools.combinations(paths, 2):
                common = set(p1) & set(p2)
                r, v = len(common), sum(p1[a] == p2[a] for a in common)
                truth = _fixed_height_coexist(p1, p2, d)
                if r == v:
                    assert truth == 0, (p1, p2)
                    continue
                assert h - v - 1 >= 0
                printed = sum(Fraction(math.perm(v, i) * math.factorial(h - i - 1) ** 2 * (r - v),
                                       math.prod(d - j for j in range(i + 1)) * math.prod(d - j for j in range(i + 1, h)) ** 2)
                              for i in range(v + 1))
                assert printed == truth, (d, p1, p2)
                checked += 1
    assert checked > 100


def _nested_pairs(d: int):
    """Every pair (path1, path2) over d binary attributes whose path 1 lies on path 2 with the same values
    (v = l1 < l2): path 2 any ordered attribute list with values, path 1 any ordering of a proper subset."""
    import itertools
    for l2 in range(2, d + 1):
        for attrs in itertools.permutations(range(d), l2):
            for values in itertools.product((0, 1), repeat=l2):
                path2 = dict(zip(attrs, values))
                for l1 in range(1, l2):
                    for sub in itertools.permutations(attrs, l1):
                        yield {a: path2[a] for a in sub}, path2


def test_app_a_at_v_equal_l1_below_l2():
    """DD App A's sum at v = l1 < l2 (path 1's attributes all on path 2 with the same values) reaches
    i = v, where (l1 - i - 1)! = (-1)! is undefined; its factor (r - v) is 0 there (r = v: every common attribute
    is same-valued).  Read as 0 (the term dropped, as coexistence_printed does) the sum equals the enumeration,
    0: the two leaves cannot co-exist (path 1's leaf lies inside path 2).  Every such pair for d <= 3."""
    from exactprune.rdt import coexistence_printed, enumerate_coexistence
    count = 0
    for path1, path2 in _nested_pairs(3):
        common = set(path1) & set(path2)
        v = sum(path1[a] == path2[a] for a in common)
        r, l1 = len(common), len(path1)
        assert v == l1 == r and l1 - v - 1 == -1          # the undefined (-1)! term, times (r - v) = 0
        assert coexistence_printed(3, path1, path2, "fixed") == 0 == enumerate_coexistence(3, path1, path2, "fixed")
        count += 1
    assert count > 0
