"""The theorem registry end to end: every registered statement on its cases and on its violation
cases, the ``verify`` command (text, --json, exit codes), and every proofs/*.py script.

The number of cases per theorem follows the hypothesis profile (``ci`` by default: 30; ``deep``: 500),
capped by the statement's own default.  The cases of a statement are split in two: the first half
(seed 0) in the fast set, the second half (seed 1) in the slow set, so the full suite checks as many
cases as before and the fast set half of them, on every statement.
"""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import settings

from exactprune.cli import main
from exactprune.theorems import all_theorems, get, run

ROOT = Path(__file__).resolve().parent.parent
THEOREMS = all_theorems()
IDS = [t.id for t in THEOREMS]
OWN_MODULES = ("exactprune.theorems.zhong", "exactprune.theorems.notes", "exactprune.theorems.notes_km",
               "exactprune.theorems.fan")

def _examples(theorem) -> int:
    return min(theorem.default_examples, settings.default.max_examples)


def _fast_examples(theorem) -> int:
    """The fast set's share of a statement's cases: the first half, rounded up (at least 1)."""
    return max(1, (_examples(theorem) + 1) // 2)


@pytest.mark.parametrize("theorem_id", IDS)
def test_theorem_cases(theorem_id):
    """Every statement gets its registered verdict: a statement refuted by an erratum fails (its
    pinned counterexample included), every other statement holds on its cases (the fast set's
    half, seed 0; the other half in test_theorem_cases_second_half)."""
    theorem = get(theorem_id)
    result = run(theorem, _fast_examples(theorem), seed=0)
    if theorem.erratum:
        assert result["status"] == "counterexample", (theorem.erratum, result)
    else:
        assert result["status"] == "holds", result
        assert result["cases"] >= 1


@pytest.mark.slow
@pytest.mark.parametrize("theorem_id", [t.id for t in THEOREMS if not t.erratum])
def test_theorem_cases_second_half(theorem_id):
    """The rest of a statement's cases (seed 1) that test_theorem_cases leaves to the full suite:
    every statement not refuted by an erratum holds on them too."""
    theorem = get(theorem_id)
    rest = _examples(theorem) - _fast_examples(theorem)
    if rest < 1:
        pytest.skip(f"{theorem_id}: its one case is checked by test_theorem_cases")
    result = run(theorem, rest, seed=1)
    assert result["status"] == "holds", result


@pytest.mark.parametrize("theorem_id", IDS)
def test_pinned_cases_meet_the_registered_verdict(theorem_id):
    """The pinned boundary cases of a statement that holds hold; a refuted statement's pinned cases
    include a failing one (the erratum's counterexample); pinned violations fail (unless the
    statement documents that its violations still hold)."""
    theorem = get(theorem_id)
    verdicts = [theorem.check(case).holds for case in theorem.pinned]
    if theorem.erratum:
        assert not all(verdicts), theorem.erratum
    else:
        assert all(verdicts), [c for c, v in zip(theorem.pinned, verdicts) if not v]
    if theorem.expected_on_violations == "fails":
        assert not any(theorem.check(case).holds for case in theorem.pinned_violations)


def test_policy_pairs_and_errata_ids():
    """Every refuted statement names a registered erratum (kind (a) or (b)) and has a corrected twin
    registered beside it; every domain id names a domain note; every corrected twin names its
    printed statement."""
    from exactprune.errata import DOMAIN, get_entry
    ids = set(IDS)
    for theorem in THEOREMS:
        if theorem.erratum:
            assert get_entry(theorem.erratum).kind != DOMAIN, theorem.id
            assert f"{theorem.id}-corrected" in ids or theorem.id == "ek-eq2", theorem.id
        for note in theorem.domain:
            assert get_entry(note).kind == DOMAIN, (theorem.id, note)
        if theorem.corrects:
            assert theorem.corrects in ids and get(theorem.corrects).erratum, theorem.id


def test_zhong_chapter_5_lam_zero_and_empty_children_treated_alike():
    """lam = 0 is an unstated-hypothesis erratum for Thms 5.3, 5.5, 5.6, 5.8, 5.9 alike; empty
    children with eta = 0 are domain notes for 5.3, 5.6, 5.9 alike (Table A.1: n_t > 0)."""
    from exactprune.errata import DOMAIN, HYPOTHESIS, get_entry
    for number in ("5.3", "5.5", "5.6", "5.8", "5.9"):
        theorem = get(f"zhong-{number}")
        assert theorem.erratum == f"zhong-{number}-lam0"
        entry = get_entry(theorem.erratum)
        assert entry.kind == HYPOTHESIS and entry.as_dict()["confirmed"]
        assert any(Fraction(case["lam"]) == 0 for case in theorem.pinned)      # the boundary is reached
        assert all(Fraction(case["lam"]) > 0 for case in get(f"zhong-{number}-corrected").pinned)
    for number in ("5.3", "5.6", "5.9"):
        note = get_entry(f"zhong-{number}-empty-child")
        assert note.kind == DOMAIN and note.as_dict()["confirmed"]
        assert get(f"zhong-{number}").domain == (note.id,)


def test_zhong_5_9_empty_leaf_case_from_the_audit():
    """(10,10) -> (10,0),(0,10),(0,0), eta = 0: the check fails; the case is outside Table A.1."""
    from exactprune.theorems.zhong.limits import check_5_9
    case = {"tree": {"counts": [10, 10], "children": [{"counts": [10, 0]}, {"counts": [0, 10]},
                                                       {"counts": [0, 0]}]},
            "lam": Fraction(1, 2), "eta": Fraction(0), "numerator": "J-1"}
    assert not check_5_9(case).holds
    assert get("zhong-5.9").violations is not None


def _is_own(theorem) -> bool:
    """Is the check in one of OWN_MODULES (or, for the package ``theorems.zhong``, in one of its modules)?"""
    module = theorem.check.__module__
    return any(module == own or module.startswith(own + ".") for own in OWN_MODULES)


@pytest.mark.parametrize("theorem_id", IDS)
def test_theorem_violations(theorem_id):
    """A check that cannot fail is worthless: the violation cases show the conclusion failing, or
    the theorem documents (``violation_note`` / ``violation_expect``) that it still holds."""
    theorem = get(theorem_id)
    if theorem.violations is None:
        if _is_own(theorem):
            pytest.fail(f"{theorem_id} has no violation strategy")
        pytest.xfail(f"{theorem_id}: no violation strategy registered by its module")
    expected = "counterexample" if theorem.expected_on_violations == "fails" else "holds"
    if theorem.violations is None and theorem.pinned_violations:
        assert run(theorem, 1, seed=0, violations=True)["status"] == expected
        return
    result = run(theorem, _examples(theorem), seed=0, violations=True, shrink=False)
    assert result["status"] != "error", result
    if result["status"] != expected and not _is_own(theorem):
        # another module's theorem: give the search its full budget before judging
        result = run(theorem, theorem.default_examples, seed=0, violations=True, shrink=False)
        if result["status"] != expected:
            pytest.xfail(f"{theorem_id}: violations gave {result['status']}, its note suggests {expected}: "
                         f"{theorem.violation_note[:120]}")
    assert result["status"] == expected, (theorem.violation_note, result)


def test_every_zhong_and_notes_theorem_is_registered():
    wanted = {"zhong-4.1", "zhong-4.3", "zhong-5.1", "zhong-5.2", "zhong-5.3", "zhong-5.4", "zhong-5.5",
              "zhong-5.6", "zhong-5.7", "zhong-5.8", "zhong-5.9", "zhong-property-1", "zhong-fig-5.1",
              "notes-gq-example", "notes-cost-properties"}
    assert wanted <= set(IDS)
    assert len(IDS) == len(set(IDS)), "duplicate theorem ids"


def test_thm_4_3_conditions_needed():
    """Each condition of Thm 4.3, dropped alone, admits an effective split that does not decrease
    the 1-norm (exact), and the hypothesis search finds such a split for each."""
    from exactprune.theorems.zhong.chapter4 import _cases_4_3, theorem_4_3_counterexamples
    from dataclasses import replace
    for name, ce in theorem_4_3_counterexamples().items():
        assert ce["r_tree"] >= ce["r_leaf"], name
    assert theorem_4_3_counterexamples()["eta_over_lam_J"]["r_tree"] == Fraction(121, 844)
    theorem = get("zhong-4.3")
    for mode in ({"eta_mode": "over"}, {"lam_mode": "over"}):
        variant = replace(theorem, violations=lambda mode=mode: _cases_4_3(**mode))
        assert run(variant, 150, seed=0, violations=True, shrink=False)["status"] == "counterexample", mode


def test_monte_carlo_failure_prints_seed():
    result = run(get("zhong-4.1"), 3, seed=5, violations=True, shrink=False)
    assert result["status"] == "counterexample"
    assert "mc_seed" in result["counterexample"] and result["seed"] == 5
    assert result["counterexample"]["z"] > 5


def test_figure_5_1_search_is_unique_for_two_leaves():
    from exactprune.theorems.zhong.prunetree import figure_5_1_search
    found = figure_5_1_search()
    two = [e["leaves"] for e in found["left"] if len(e["leaves"]) == 2]
    assert two == [[[48, 0], [38, 10]]]
    assert [[43, 5], [43, 5]] in [e["leaves"] for e in found["right"]]


def test_theorem_5_9_iris_breakpoint():
    from exactprune.theorems.zhong.limits import check_5_9
    case = {"tree": {"counts": [0, 50, 50], "children": [{"counts": [0, 49, 5]}, {"counts": [0, 1, 45]}]},
            "lam": Fraction(1, 2), "eta": Fraction(1, 2), "numerator": "J-1"}
    verdict = check_5_9(case)
    assert verdict.holds and verdict.details["k_subtree_stops_helping"] == 17781896


def test_notes_errata_confirmed():
    from exactprune.errata.notes import ERRATA
    for erratum in ERRATA:
        assert erratum.as_dict()["confirmed"], erratum.id


# ------------------------------------------------------------------------------ the CLI

def test_verify_list(capsys):
    assert main(["verify", "--list"]) == 0
    out = capsys.readouterr().out
    assert "zhong-5.9" in out and "notes-gq-example" in out


def test_verify_json_holds(capsys):
    assert main(["verify", "--theorem", "zhong-5.5-corrected", "--examples", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["id"] == "zhong-5.5-corrected" and data[0]["status"] == "holds" and data[0]["cases"] >= 1
    assert set(data[0]) >= {"id", "status", "cases", "counterexample"}


def test_verify_refuted_statement_exits_0_and_checks_its_correction(capsys):
    assert main(["verify", "--theorem", "zhong-5.7", "--examples", "30", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "refuted (erratum zhong-5.7-k1)" in out and "zhong-5.7-corrected" in out
    assert "2 of 2 verdicts as registered" in out


def test_verify_exit_1_on_unexpected_counterexample(capsys, monkeypatch):
    """A statement registered as holding that fails is the one case that exits 1."""
    from dataclasses import replace
    import exactprune.theorems.zhong as zhong
    monkeypatch.setattr(zhong, "THEOREMS", [replace(get("zhong-5.7"), erratum="")])
    assert main(["verify", "--theorem", "zhong-5.7", "--examples", "30", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "UNEXPECTED counterexample" in out and "--seed 3" in out


def test_verify_json_refuted(capsys):
    assert main(["verify", "--theorem", "zhong-5.6", "--examples", "30", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["status"] == "counterexample" and data[0]["counterexample"]["lam"] == "0"
    assert data[0]["verdict"] == "refuted" and data[0]["erratum"] == "zhong-5.6-lam0"
    assert data[1]["id"] == "zhong-5.6-corrected" and data[1]["verdict"] == "verified"


def test_verify_violations_mode(capsys):
    assert main(["verify", "--theorem", "zhong-5.3", "--examples", "5", "--violations", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["status"] == "counterexample" and data[0]["expected"] == "fails"


@pytest.mark.parametrize("theorem_id", ["ek-eq2", "zhong-5.3-costs"])
def test_verify_violations_for_the_two_former_gaps(capsys, theorem_id):
    assert main(["verify", "--theorem", theorem_id, "--examples", "3", "--violations", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["status"] == "counterexample"


@pytest.mark.parametrize("argv", [["verify", "--theorem", "no-such"], ["verify", "--examples", "0"],
                                  ["verify", "--seed", "-1"], ["verify", "--examples", "x"]])
def test_verify_bad_input(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("exactprune: error:") and err.count("\n") == 1


def test_verify_without_hypothesis(monkeypatch, capsys):
    import builtins
    real_import = builtins.__import__

    def fake_import(name, *args, **kwargs):
        if name == "hypothesis" or name.startswith("hypothesis."):
            raise ImportError("No module named 'hypothesis'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", fake_import)
    assert main(["verify", "--theorem", "zhong-5.5"]) == 2
    err = capsys.readouterr().err
    assert "hypothesis" in err and err.count("\n") == 1


# ------------------------------------------------------------------------------ proofs/

PROOFS = sorted(p.name for p in (ROOT / "proofs").glob("*.py"))


#: what a proof script prints when it has established its statements (beside exit status 0)
PROOF_MARKERS = {"classprob_closed_forms.py": "ALL ESTABLISHED", "costs_recursion.py": "established"}


@pytest.mark.slow
@pytest.mark.parametrize("script", PROOFS)
def test_proof_script(script):
    """Every script of proofs/ runs to completion (the fast set leaves these whole-script runs out)."""
    proc = subprocess.run([sys.executable, str(ROOT / "proofs" / script)], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert PROOF_MARKERS.get(script, "") in proc.stdout


def test_theorem_5_8_check_settles_an_exact_tie_at_k_1():
    """E[r] = 1/2 = 1 - eps exactly at k = 1 (arb cannot prove a tie): found by verify --seed 7."""
    from exactprune.theorems.zhong.limits import check_5_8
    case = {"tree": {"counts": [2, 2], "children": [{"counts": [1, 1]}, {"counts": [1, 1]}]},
            "lam": "1/4", "eta": "0", "numerator": "J-1", "eps": "1/2"}
    verdict = check_5_8(case)
    assert verdict.holds and verdict.details["k_found"] == 2


def test_every_statement_pins_boundary_cases():
    """Policy point 4: every registered statement checks pinned boundary cases on every run."""
    assert [t.id for t in THEOREMS if not t.pinned] == []


@pytest.mark.parametrize("theorem_id", ["zhong-5.3", "zhong-5.5", "zhong-5.8", "zhong-5.9"])
def test_printed_generators_reach_lam_zero(theorem_id):
    """Table A.1 allows lam = 0: the printed statements' generators draw it with positive probability
    (within 200 seeded draws; the search stops at the first, unshrunk)."""
    from hypothesis import HealthCheck, Phase, find, settings
    case = find(get(theorem_id).cases(), lambda case: Fraction(case["lam"]) == 0,
                settings=settings(max_examples=200, database=None, derandomize=True, phases=[Phase.generate],
                                  suppress_health_check=list(HealthCheck)))
    assert Fraction(case["lam"]) == 0


def test_lemma_5_2_holds_at_the_table_a1_boundary():
    """Issue 23, item 5: Lemma 5.2 at lam = 0, where Table A.1 lets a leaf's B = b + (J-1) lam be 0 (the
    registered cases draw x_i > 0): x_i in {0, 1/2, 2, 5}, two leaves, k = 1..3, every combination holds
    (the lemma needs no lam > 0, unlike Lemma 5.1 and Thms 5.3-5.9).  By hand for x = (0, 2), p = (1/2, 1/2),
    k = 1: the average g_1 is 1 = g_1(1), so X = 1, and the g_2 average 3 exceeds g_2(1) = 2."""
    import itertools
    from fractions import Fraction as F
    from exactprune.theorems import get
    lemma = get("zhong-5.2")
    by_hand = lemma.check({"x": [F(0), F(2)], "p": [F(1, 2), F(1, 2)], "k": 1})
    assert by_hand.holds
    for xs, p, k in itertools.product(itertools.product([F(0), F(1, 2), F(2), F(5)], repeat=2),
                                      (F(1, 2), F(1, 3)), (1, 2, 3)):
        assert lemma.check({"x": list(xs), "p": [p, 1 - p], "k": k}).holds, (xs, p, k)
    # the check can fail: weights summing to more than 1 (its registered violation)
    assert not lemma.check({"x": [F(1)], "p": [F(2)], "k": 1}).holds     # X = 2: 2 g_2(1) = 4 < g_2(2) = 6


def test_ccp_prunes_every_split_below_alpha_one():
    """Issue 23, item 5 (a remark of Zhong 5.1.2 with a checkable claim): 'for CCP, any split will be pruned by
    a finite value of alpha (less than 1)'.  True: a split at t is pruned once alpha reaches its weakest-link
    value (R(t) - R(T_t))/(|T_t| - 1) <= R(t) = errors(t)/N <= (J-1)/J < 1.  Checked on generated trees (the
    last CCP stage, the root alone, starts at or below (J-1)/J), on the iris tree (alpha = 1/3, App B) and on
    (1,1) -> (1,0),(0,1), where the bound is reached: (1/2 - 0)/(2 - 1) = 1/2."""
    from fractions import Fraction
    from hypothesis import HealthCheck, given, settings
    from random_trees import count_trees
    from exactprune.peers.ccp import ccp_sequence
    from exactprune.tree import Node, Tree, iris_tree

    def last_alpha(tree) -> Fraction:
        last = ccp_sequence(tree).stages[-1]
        J = len(tree.root.counts)
        assert last.leaves == 1 and last.alpha_from <= Fraction(J - 1, J) < 1
        return last.alpha_from

    assert last_alpha(iris_tree()) == Fraction(1, 3)
    assert last_alpha(Tree(Node((1, 1), [Node((1, 0)), Node((0, 1))]))) == Fraction(1, 2)

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(count_trees(max_depth=3, max_count=9))
    def check(tree):
        last_alpha(tree)
    check()
