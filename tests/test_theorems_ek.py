"""EK theorems: every case meeting the hypotheses holds; violations produce a failure;
errata are confirmed by exact computation."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from exactprune.errata import all_errata
from exactprune.theorems import get
from exactprune.theorems.ek import THEOREMS, rep_leaf_probability, _check_ek6

IDS = [t.id for t in THEOREMS]


@pytest.mark.parametrize("theorem_id", IDS)
def test_cases_hold(theorem_id):
    theorem = get(theorem_id)

    @settings(max_examples=min(theorem.default_examples, 40), deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(theorem.cases())
    def run(case):
        verdict = theorem.check(case)
        assert verdict.holds, (case, verdict.details)
    run()


@pytest.mark.parametrize("theorem_id", [t.id for t in THEOREMS if t.violations is not None])
def test_violations_can_fail(theorem_id):
    """A hypothesis matters: some violating case breaks the conclusion (seeded search)."""
    theorem = get(theorem_id)
    failures = []

    @settings(max_examples=150, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    @given(theorem.violations())
    def run(case):
        if not theorem.check(case).holds:
            failures.append(case)
    run()
    assert failures, f"{theorem_id}: no violating case failed ({theorem.violation_note})"


def test_ek6_small_values_by_hand():
    from fractions import Fraction
    v = _check_ek6({"t": 2, "p": Fraction(1, 2), "stay": None})
    assert v.details["expected_leaves"] == "3/2"          # 2 of 4 labelings alternate
    assert v.holds


def test_rep_leaf_probability_two_single_examples():
    """Safe nodes with one example each: pruned iff both labels agree (any class)."""
    from fractions import Fraction
    p = Fraction(11, 20)
    assert rep_leaf_probability([1, 1], p) == p * p + (1 - p) * (1 - p)


@pytest.mark.parametrize("erratum_id", ["ek-eq1", "ek-eq2", "ek-lemma5", "ek-eq5", "fan-13-variance", "fan-13-empty"])
def test_errata_confirmed(erratum_id):
    entry = {e.id: e for e in all_errata()}[erratum_id]
    assert entry.as_dict()["confirmed"], entry.as_dict()
