"""exactprune.commands.verify: ``exactprune verify``, its exit statuses and the bound on --examples
by the measured cost of the checks."""
from __future__ import annotations

import json

import pytest

from cli_cases import run


def test_verify_failure_exits_1(capsys, monkeypatch):
    import exactprune.theorems as theorems
    monkeypatch.setattr(theorems, "run", lambda theorem, examples, seed, violations=False: {
        "id": theorem.id, "status": "counterexample", "cases": 1, "counterexample": {"k": 2}})
    status, out, _ = run(capsys, "verify", "--theorem", "zhong-5.5")
    # the printed 5.5 is refuted as registered; its corrected twin failing is the unexpected verdict
    assert status == 1 and "1 of 2 verdicts as registered" in out and "unexpected: zhong-5.5-corrected" in out


def test_too_few_cases_for_a_known_violation_is_inconclusive_not_a_failure(capsys):
    """ek-4's violations fail within its own 150 cases; in 3 cases they are not reached: that is
    reported as inconclusive (exit 0, a note naming the statement's count), not as a failed check;
    with the statement's own count the registered verdict stands."""
    status, out, _ = run(capsys, "verify", "--theorem", "ek-4", "--violations", "--examples", "3", "--json")
    result = json.loads(out)[0]
    assert status == 0 and result["inconclusive"] is True and result["verdict"] == "inconclusive (too few cases)"
    assert "own count is 150" in result["note"]
    status, out, _ = run(capsys, "verify", "--theorem", "ek-4", "--violations", "--examples", "3")
    assert status == 0 and "inconclusive with --examples 3: ek-4" in out and "0 of 1 verdicts as registered" in out
    status, out, _ = run(capsys, "verify", "--theorem", "ek-4", "--violations", "--json")
    result = json.loads(out)[0]
    assert status == 0 and result["inconclusive"] is False and result["verdict"] == "fails"


def test_verify_refuses_more_cases_than_a_minute_of_checks_before_running_any(capsys):
    """zhong-4.1 costs 30 ms of CPU a case (measured at 200 cases): 10,000 cases would be 300 CPU s,
    refused in one line before a case runs, naming the 60 CPU s limit and 60 / 0.030 = 2,000 cases."""
    status, out, err = run(capsys, "verify", "--theorem", "zhong-4.1", "--examples", "10000")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "about 300.0 CPU s of checks (zhong-4.1: 30 ms a case), more than the limit of 60 CPU s" in err
    assert "this selection takes --examples 2,000 or less" in err


def test_verify_counts_the_correction_run_beside_a_refuted_statement(capsys):
    """--theorem zhong-5.5 also checks zhong-5.5-corrected (12 + 13 ms a case): 3,000 cases are
    75 CPU s, refused with the largest 60 / 0.025 = 2,400; with --violations (12 + 12 ms) the
    largest is 60 / 0.024 = 2,500."""
    status, _, err = run(capsys, "verify", "--theorem", "zhong-5.5", "--examples", "3000")
    assert status == 2 and "about 75.0 CPU s" in err and "--examples 2,400 or less" in err, err
    from exactprune.commands.verify import check_cost
    from exactprune.theorems import get
    both = [get("zhong-5.5"), get("zhong-5.5-corrected")]
    check_cost(both, 2500, violations=True)                        # 60.0 s: within the limit
    with pytest.raises(ValueError, match="--examples 2,500 or less"):
        check_cost(both, 2501, violations=True)


def test_verify_costs_name_registered_statements_only():
    """A cost for a statement that is not registered (renamed, removed) would bound nothing."""
    from exactprune.commands.verify import CASE_MS
    from exactprune.theorems import all_theorems
    assert set(CASE_MS) <= {t.id for t in all_theorems()}
