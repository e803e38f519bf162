"""The DD entries of the errata and theorem registries (exactprune.errata.dd, exactprune.theorems.dd)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings


def test_errata_confirmed():
    from exactprune.errata.dd import ERRATA
    ids = {e.id for e in ERRATA}
    assert {"dd-coexist-purity", "dd-coexist-identical", "dd-ties", "dd-datasets"} <= ids
    for erratum in ERRATA:
        out = erratum.as_dict()
        assert out["confirmed"], erratum.id
        json.dumps(out)


@pytest.mark.parametrize("theorem_id", ["dd-path-exists", "dd-coexist", "dd-moments", "dd-att"])
def test_theorems_hold_and_violations_can_fail(theorem_id):
    from exactprune.theorems.dd import THEOREMS
    theorem = next(t for t in THEOREMS if t.id == theorem_id)
    failures = []

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(theorem.cases())
    def holds(case):
        verdict = theorem.check(case)
        assert verdict.holds, verdict.details
    holds()

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(theorem.violations())
    def violated(case):
        if not theorem.check(case).holds:
            failures.append(case)
    violated()
    assert failures, f"{theorem_id}: no violating case made the conclusion fail"


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
