"""The errata of the audit's remaining classes (issue 13), each against values derived by hand:
Table A.1's b_t row, Figure B.1(c)'s alpha range, section 6.3's lam claims, EK Theorem 6; EK (3) by
enumeration; and the independent re-check of every erratum (proofs/recheck_errata.py, issue 23)."""
from __future__ import annotations

import itertools
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from exactprune.errata import HYPOTHESIS, get_entry
from exactprune.theorems import get


@pytest.mark.parametrize("entry_id", ["zhong-table-A.1-b", "zhong-B.1-alpha", "zhong-6.3-lam-infinity",
                                      "zhong-6.3-lam0-iris", "ek-6-fitting-tree"])
def test_new_errata_are_confirmed(entry_id):
    assert get_entry(entry_id).evaluate()["confirmed"]


def test_table_a1_b_row_on_c2():
    # c2 = (0, 50, 50): n_{j,t} - max_j n_{j,t} is -50, 0, 0; 50 examples are misclassified
    example = get_entry("zhong-table-A.1-b").evaluate()["counterexample"]
    assert example["counts"] == [0, 50, 50]
    assert example["printed_n_jt_minus_max_per_j"] == [-50, 0, 0]
    assert example["misclassified_examples"] == example["n_t_minus_max"] == 50


def test_figure_b1_c_alpha_by_hand():
    # tree (b), 7 leaves: one error (c221 = (0,1,2)) -> R = 1/150; tree (c), 4 leaves: c211 (0,47,1),
    # c212 (0,2,4), c22 (0,1,45) -> 1 + 2 + 1 errors -> R = 4/150.  Weakest links from (b): c211
    # (1/150 - 0)/(2 - 1) and c212 (2/150 - 0)/(3 - 1), both 1/150
    example = get_entry("zhong-B.1-alpha").evaluate()["counterexample"]
    assert example["R_alpha_at_0"] == {"tree_b_7_leaves": "1/150", "tree_c_4_leaves": str(Fraction(4, 150))}
    assert example["tree_c_range"] == ["1/150", "1/75"]


def test_lam0_iris_by_hand():
    # 100 * 8 leaves / (3 classes * 150 examples) / 3 classes
    assert get_entry("zhong-6.3-lam0-iris").evaluate()["counterexample"]["lam"] == str(Fraction(100 * 8, 3 * 150 * 3))


def test_large_lam_keeps_the_iris_root_split_at_k1_by_hand():
    """k = 1, eta = 1/2, lam = 10^6: the root as a leaf is exactly 2/3 ((100 + 2 lam)/(150 + 3 lam)); the
    pruning with leaves c1, c21, c22, by (4.29) and (4.11) written out here, is lower, so PruneTree's optimum
    is too and the root is not pruned to one node."""
    lam, eta = Fraction(10 ** 6), Fraction(1, 2)
    leaf = lambda b, n: (b + 2 * lam) / (n + 3 * lam)  # noqa: E731
    root_leaf = leaf(100, 150)
    tree = ((50 + eta) / (150 + 2 * eta) * leaf(0, 50)
            + (100 + eta) / (150 + 2 * eta) * ((54 + eta) / (100 + 2 * eta) * leaf(5, 54)
                                              + (46 + eta) / (100 + 2 * eta) * leaf(1, 46)))
    assert root_leaf == Fraction(2, 3) and tree < root_leaf
    from exactprune.knorm import Prior, prune
    from exactprune.tree import iris_tree
    assert prune(iris_tree(), 1, prior=Prior(lam, eta)).tree.n_leaves > 1


def _runs_expectation(t: int, p: Fraction) -> Fraction:
    """E[1 + number of label changes] over all labelings: the minimal fitting tree, counted directly."""
    total = Fraction(0)
    for labels in itertools.product((0, 1), repeat=t):
        prob = p ** sum(labels) * (1 - p) ** (t - sum(labels))
        total += prob * (1 + sum(a != b for a, b in zip(labels, labels[1:])))
    return total


def test_ek6_by_hand():
    # the finest fitting tree has t leaves; the formula gives 2(t-1)p(1-p) + 1 = 3/2 at t = 2, p = 1/2
    printed = get("ek-6").check({"t": 2, "p": Fraction(1, 2), "stay": None, "tree": "finest"})
    assert not printed.holds and printed.details["expected_leaves"] == "2" and printed.details["formula"] == "3/2"
    for t, p in ((3, Fraction(1, 3)), (5, Fraction(7, 10))):
        cart = get("ek-6-corrected").check({"t": t, "p": p, "stay": None, "tree": "cart"})
        assert cart.holds and cart.details["expected_leaves"] == str(_runs_expectation(t, p))
        assert cart.details["E_A"] == str(2 * (t - 1) * p * (1 - p))
    assert get_entry("ek-6-fitting-tree").kind == HYPOTHESIS


def test_ek6_corrected_fails_with_markov_labels():
    # stay = 9/10: E A = (t - 1)/10 = 2/5 at t = 5, not 2 * 4 * (1/2)(1/2) = 2
    v = get("ek-6-corrected").check({"t": 5, "p": Fraction(1, 2), "stay": Fraction(9, 10), "tree": "cart"})
    assert not v.holds and v.details["E_A"] == "2/5"


def test_ek_eq3_by_enumeration_symbolic_in_p():
    """EK (3): E A = 2(t-1)p(1-p), A the number of label changes along t points with iid Bernoulli(p)
    labels: the expectation summed over all 2^t labelings as a polynomial in p (the ledger's evidence for
    EK (3); independent of exactprune)."""
    import sympy
    p = sympy.Symbol("p")
    for t in range(1, 9):
        expectation = sum(sympy.Mul(*[p if y else 1 - p for y in labels]) * sum(a != b for a, b in zip(labels, labels[1:]))
                          for labels in itertools.product((0, 1), repeat=t))
        assert sympy.expand(expectation - 2 * (t - 1) * p * (1 - p)) == 0, t


RECHECK = Path(__file__).resolve().parents[1] / "proofs" / "recheck_errata.py"


def _recheck(*args):
    return subprocess.run([sys.executable, str(RECHECK), *args], capture_output=True, text=True, timeout=600)


def test_recheck_script_imports_nothing_from_exactprune():
    import ast
    tree = ast.parse(RECHECK.read_text())
    modules = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert modules <= {"__future__", "fractions", "sympy", "mpmath", "itertools", "json", "math", "subprocess", "sys"}


@pytest.mark.slow      # about 10 s: the registry's counterexamples are computed, then re-checked
def test_every_erratum_is_rechecked_independently():
    """proofs/recheck_errata.py reads `exactprune errata --json` and recomputes every entry's printed and
    corrected values with its own code: exit 0, every entry named."""
    from exactprune.errata import all_domain_notes, all_errata, all_remarks
    run = _recheck()
    assert run.returncode == 0, run.stdout + run.stderr
    for entry in all_errata() + all_domain_notes() + all_remarks():
        assert f"[{entry.id}] ({entry.kind}) re-checked: agrees" in run.stdout


def test_recheck_fails_on_a_disagreement_and_on_an_unknown_erratum(tmp_path):
    """The re-check can fail: a tampered value, a tampered counterexample and an erratum without a re-check."""
    import json
    from exactprune.errata import all_errata
    entries = [json.loads(json.dumps(e.as_dict())) for e in all_errata()]   # copies: as_dict shares the cache
    by_id = {e["id"]: e for e in entries}
    by_id["zhong-4.20"]["counterexample"]["exact"] = "1/1320"                 # the printed 10x value
    by_id["zhong-B.1-breakpoint"]["counterexample"]["J-1"]["breakpoint_c2"] = 25680602
    by_id["dd-coexist-purity"]["counterexample"][0]["enumeration"] = "1/3"
    entries.append({**by_id["zhong-C.38"], "id": "zhong-new-erratum"})
    path = tmp_path / "errata.json"
    path.write_text(json.dumps(entries))
    run = _recheck("--json", str(path))
    assert run.returncode == 1
    for entry_id in ("zhong-4.20", "zhong-B.1-breakpoint", "dd-coexist-purity"):
        assert f"[{entry_id}] disagrees" in run.stdout, entry_id
    assert "[zhong-new-erratum] cannot re-check" in run.stdout


def _recheck_module():
    """proofs/recheck_errata.py as a module (its main() is not run)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("recheck_errata", RECHECK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_recheck_float_tolerance_is_tight(monkeypatch):
    """The re-check's float comparisons: a 1e-8 difference fails, and every call of ``near`` over the whole
    registry uses a tolerance of at most 1e-9 (a loosened tolerance at any call site fails here)."""
    import json
    recheck = _recheck_module()
    recheck.near("x", 0.25, 0.25 + 1e-10)
    for off in (1e-8, -1e-8, 1e-3):
        with pytest.raises(recheck.Mismatch):
            recheck.near("x", 0.25, 0.25 + off)
    with pytest.raises(recheck.Mismatch):
        recheck.near("x", 0.25, None)
    from exactprune.errata import all_domain_notes, all_errata, all_remarks
    entries = [json.loads(json.dumps(e.as_dict())) for e in all_errata() + all_domain_notes() + all_remarks()]
    tolerances = []
    original = recheck.near

    def recording(label, mine, theirs, tol=1e-9):
        tolerances.append(tol)
        original(label, mine, theirs, tol)
    monkeypatch.setattr(recheck, "near", recording)
    for entry in entries:
        recheck.RECHECKS[entry["id"]](entry)
    assert len(tolerances) >= 10 and max(tolerances) <= 1e-9


def test_recheck_fails_on_a_float_moved_by_1e_8():
    """In place: EK (1)'s printed bound moved by 1e-8 in the registry's output is a disagreement."""
    import json
    from exactprune.errata import get_entry
    recheck = _recheck_module()
    entry = json.loads(json.dumps(get_entry("ek-eq1").as_dict()))
    recheck.ek_eq1(entry)
    entry["counterexample"]["printed_bound"] += 1e-8
    with pytest.raises(recheck.Mismatch):
        recheck.ek_eq1(entry)


def test_recheck_prunetree_prunes_a_tie():
    """The re-check's PruneTree (Zhong Figure 4.1) keeps a split only if R_tree < R_leaf - eps, strictly.  By hand
    (lam = eta = 1/2, k = 1): root (2, 2) has (2 + 1/2)/(4 + 1) = 1/2; children (1, 1) have (1 + 1/2)/(2 + 1) = 1/2
    each, weights 1/2: R_tree = 1/2 = R_leaf, a tie, pruned.  Pure children (2, 0), (0, 2): (0 + 1/2)/(2 + 1) = 1/6
    each, R_tree = 1/6 < 1/2, kept; with eps = 1/3 exactly the margin, R_tree = R_leaf - eps, pruned."""
    recheck = _recheck_module()
    half = Fraction(1, 2)
    tie = ((2, 2), [((1, 1), []), ((1, 1), [])])
    pure = ((2, 2), [((2, 0), []), ((0, 2), [])])
    assert recheck.prune_leaves(tie, 1, half, half) == (half, 1)
    assert recheck.prune_leaves(pure, 1, half, half) == (Fraction(1, 6), 2)
    assert recheck.prune_leaves(pure, 1, half, half, Fraction(1, 3)) == (half, 1)
    assert recheck.prune_leaves(pure, 1, half, half, Fraction(1, 3) - Fraction(1, 10 ** 9)) == (Fraction(1, 6), 2)


def test_recheck_of_the_table_1_floor_can_fail():
    """A cell dropped from, or added to, the registry's cells below the floor is a disagreement."""
    import json
    from exactprune.errata import get_entry
    recheck = _recheck_module()
    entry = json.loads(json.dumps(get_entry("dd-table-1-floor").as_dict()))
    recheck.dd_table_1_floor(entry)
    dropped = json.loads(json.dumps(entry))
    dropped["counterexample"]["below the floor"].pop("fixed, N = 100, d=5 binary, rho = 0.36")
    added = json.loads(json.dumps(entry))
    added["counterexample"]["below the floor"]["purity, N = 100, d=8 binary, rho = 0.36"] = {"printed": 1.9,
                                                                                             "floor": "127/73"}
    for tampered in (dropped, added):
        with pytest.raises(recheck.Mismatch):
            recheck.dd_table_1_floor(tampered)
