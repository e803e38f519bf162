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
