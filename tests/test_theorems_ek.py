"""EK theorems: every case meeting the hypotheses holds; violations produce a failure;
errata are confirmed by exact computation."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis.errors import NoSuchExample

from exactprune.errata import get_entry
from exactprune.theorems import get
from exactprune.theorems.ek import THEOREMS
from exactprune.theorems.ek.bounds import rep_leaf_probability
from exactprune.theorems.ek.size import _check_ek6

IDS = [t.id for t in THEOREMS]


@pytest.mark.slow
@pytest.mark.parametrize("theorem_id", [t.id for t in THEOREMS if not t.erratum])
def test_cases_hold(theorem_id):
    """Up to 40 fresh random cases each run (the full suite); the fast set checks the same statements
    on their seeded cases in tests/test_theorems.py::test_theorem_cases."""
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
    """A hypothesis matters: some violating case breaks the conclusion (seeded search of up to 150
    cases, stopped at the first failing one, unshrunk)."""
    theorem = get(theorem_id)
    try:
        find(theorem.violations(), lambda case: not theorem.check(case).holds,
             settings=settings(max_examples=150, deadline=None, database=None, derandomize=True,
                               phases=[Phase.generate]))
    except NoSuchExample:
        pytest.fail(f"{theorem_id}: no violating case failed ({theorem.violation_note})")


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


@pytest.mark.parametrize("theorem_id", [t.id for t in THEOREMS if t.erratum])
def test_printed_statements_fail_on_their_pinned_counterexample(theorem_id):
    theorem = get(theorem_id)
    assert not all(theorem.check(case).holds for case in theorem.pinned), theorem.erratum


@pytest.mark.parametrize("erratum_id", ["ek-eq1", "ek-eq2", "ek-lemma5", "ek-eq5", "ek-4-root", "fan-13-variance",
                                        "fan-13-empty"])
def test_errata_confirmed(erratum_id):
    entry = get_entry(erratum_id)
    assert entry.as_dict()["confirmed"], entry.as_dict()


def test_ek4_literal_safe_nodes_by_hand():
    """Root (2,2) with two original leaves: the root is in the fringe and has no parent, so no node
    is safe (EK sec 5.1); REP keeps the split (0 pruning errors < 1 for the majority leaf)."""
    from exactprune.theorems.ek.rep import EK4_FRINGE_ROOT, _check_ek4
    verdict = _check_ek4(EK4_FRINGE_ROOT)
    assert verdict.details["safe_nodes"] == [] and verdict.details["condition"] is True
    assert verdict.details["pruned_to_leaf"] is False and not verdict.holds


def test_eq5_fails_with_random_P_and_the_per_node_factor_is_the_cause():
    """k = 2, n = 2, p = 3/4, c = 2 by hand: P(all safe nodes keep pos >= neg) = 1/4 * 15/16 * 2 +
    1/2 * (3/4)^2 = 3/4, while E[Phi(z)^P] = (Phi(z) + Phi(z)^2)/2 with Phi(z) ~ 0.7929 is ~ 0.7108."""
    from exactprune.theorems.ek import check_eq5
    verdict = check_eq5({"k": 2, "n": 2, "p": "3/4", "c": "2", "P": "random"})
    assert verdict.details["P_exact"] == 0.75 and not verdict.holds
    phi = verdict.details["factor"]
    assert abs(verdict.details["bound_5"] - (phi + phi ** 2) / 2) < 1e-12
    assert verdict.details["per_node_keep_probability"]["2"] == {"P(pos >= neg)": "15/16", "exceeds_factor": True}
