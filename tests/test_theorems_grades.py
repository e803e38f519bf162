"""Issue 35: every `symbolic` grade rests on an identity of the printed statement for all values of its
variables, and the strengthened checks can fail: each is run here on a misprint applied by hand.

* Zhong (3.11): Lidstone's law with one lam_h per class (proofs/dirichlet_3_19_3_21.py).
* Zhong (C.30): tied to (C.29) (proofs/appendix_c_steps.py).
* DD Lemma 1: tested, not used (proofs/dd_lemma_1.py).
* DD Table 1: the floor (1 - rho)/rho and the cells below it (proofs/dd_table1_floor.py, erratum
  dd-table-1-floor), the cells named by hand from the printed table.
"""
from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy as sp

from exactprune.errata.ledger import ledger

ROOT = Path(__file__).resolve().parent.parent


def _proof(name: str):
    """A proofs/ script as a module (its main() is not run)."""
    spec = importlib.util.spec_from_file_location(f"proof_{name}", ROOT / "proofs" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT))
    return module


def test_3_11_is_checked_with_one_lam_per_class():
    dirichlet = _proof("dirichlet_3_19_3_21")
    assert dirichlet.check_3_11() == 0
    common_total = lambda n, lams, h: (n[h] + lams[h]) / (sum(n) + len(n) * lams[h])    # noqa: E731  N + H lam_h
    first_lam = lambda n, lams, h: (n[h] + lams[0]) / (sum(n) + sum(lams))              # noqa: E731  lam_1 for all
    assert dirichlet.check_3_11(common_total) > 0
    assert dirichlet.check_3_11(first_lam) > 0


def test_c30_is_tied_to_c29():
    steps = _proof("appendix_c_steps")
    assert all(steps.c30_follows_from_c29(k) for k in (1, 2, 3))
    f_k = steps.gamma_f_k
    misprints = [
        lambda B, M, s, Md, k: (sp.gamma(B + k) / sp.gamma(B), f_k(s, Md, k) * sp.gamma(M) / sp.gamma(M + k)),
        lambda B, M, s, Md, k: (sp.gamma(B + k) / sp.gamma(B), f_k(s, Md, k + 1) * sp.gamma(M + k) / sp.gamma(M)),
        lambda B, M, s, Md, k: (sp.gamma(B + k) / sp.gamma(B), f_k(s, M, k) * sp.gamma(M + k) / sp.gamma(M)),
        lambda B, M, s, Md, k: (sp.gamma(B + k + 1) / sp.gamma(B), f_k(s, Md, k) * sp.gamma(M + k) / sp.gamma(M)),
    ]
    for misprint in misprints:
        assert not steps.c30_follows_from_c29(2, misprint)


def test_c31_c32_are_tied_to_c30_and_c29():
    """(C.31) is (C.30) differentiated; (C.32)'s lines are equal (a dropped dB/dM in (C.31), a halved middle line
    or an inverted last line of (C.32) make these False: applied by hand when this was written)."""
    steps = _proof("appendix_c_steps")
    assert steps.c31_c32_lines(2) == (True, True, True)


def test_c93_c99_lines_equal_the_definition_and_an_index_slip_fails():
    costs = _proof("costs_recursion")
    M, q = sp.symbols("M1:3", positive=True), sp.symbols("q1:3", nonnegative=True)
    lines = costs.printed_c93_c99(M, q, 3)
    assert all(costs.equal_to_definition(value, M, q, 3) for value in lines.values())
    Mt = sum(M)
    first = costs.definition(M, q, 2) * sum(a * b for a, b in zip(M, q)) / (Mt + 2)
    slip = first + (lines["C.99 line 3"] - first) * (Mt + 2) / (Mt + 1)     # (k-1)/(M+k-2) for (k-1)/(M+k-1)
    assert not costs.equal_to_definition(slip, M, q, 3)


def test_dd_lemma_1_is_tested_and_needs_independence():
    lemma = _proof("dd_lemma_1")
    assert lemma.joint_gap(2, 3) == 0 and lemma.joint_gap(3, 2) == 0
    assert lemma.joint_gap(2, 2, independent=False) != 0
    assert lemma.dependent_counterexample() == (1, Fraction(1, 2))


def test_dd_table_1_floor_steps():
    floor = _proof("dd_table1_floor")
    rho = sp.Symbol("rho", positive=True)
    decreasing, value = floor.breiman_floor(rho)
    assert decreasing and sp.simplify(value - (1 - rho) / rho) == 0
    assert floor.strength_is_inner_product(2) and floor.lagrange_identity(4) and floor.weights_bound(3)
    assert floor.floor_reached()


def test_dd_table_1_cells_below_the_floor():
    """By hand from the printed table: at rho = 0.36 the floor is at least (1 - 0.365)/0.365 = 1.739..., at
    0.11 at least 7.69..., at 0.02 at least 39."""
    from exactprune.errata import get_entry
    below = get_entry("dd-table-1-floor").evaluate()["counterexample"]["below the floor"]
    assert "fixed, N = 100, d=5 binary, rho = 0.36" in below          # 1.49 < 1.739
    assert "purity, N = 100, d=8 binary, rho = 0.36" not in below     # 1.9 > 1.739
    assert "fixed, N = 100, d=5 ternary, rho = 0.11" not in below     # 10.77 > 7.70
    assert "fixed, N = 10000, d=8 binary, rho = 0.11" in below        # 3.86 < 7.69
    assert "scarcity, N = 10000, d=5 binary, rho = 0.02" in below     # 10.32 < 39
    assert "scarcity, N = 10000, d=5 ternary, rho = 0.02" not in below  # 58.64 > 39
    assert len(below) == 15 and all("rho = 1" not in cell for cell in below)


def test_symbolic_rows_cite_a_sympy_script():
    """A `symbolic` grade needs a sympy identity: every such row cites a proofs/ script that uses sympy."""
    for row in ledger():
        if row.grade != "symbolic":
            continue
        scripts = [ref.split(":", 1)[1] for ref in row.evidence if ref.startswith("proof:")]
        assert scripts and any("sympy" in (ROOT / "proofs" / s).read_text() for s in scripts), row


@pytest.mark.parametrize("paper, label, grade", [
    ("Zhong", "(C.56)", "exact"), ("Zhong", "(C.92)", "exact"), ("Zhong", "(C.34)", "exact"),
    ("Zhong", "(C.30)", "symbolic"), ("Zhong", "(3.11)", "symbolic"), ("DD", "Lemma 1", "symbolic"),
    ("EK", "Approximation 4", "unchecked"), ("Notes", "(12.15)", "exact"),
])
def test_grades_no_stronger_than_their_code(paper, label, grade):
    row = next(r for r in ledger() if (r.paper, r.label) == (paper, label))
    assert row.grade == grade, row


def test_ek_eq4_check_passes_a_bad_approximation():
    """Why EK (4) is graded out of reach: theorem ek-eq4 holds at k = 8, n = 1, c = 1/4, where by hand
    E Q = 8 P[Bin(1, 1/8) <= 1/32] = 8 (7/8) = 7 and (4) gives 8 Phi((-3/4)(1/8) / sqrt(7/64)) = 8 Phi(-0.2835)
    = 3.107: the check confirms Berry-Esseen's bound (8.97 here), not the approximation."""
    from scipy.stats import norm
    from exactprune.theorems.ek.bounds import _check_eq4
    verdict = _check_eq4({"k": 8, "n": 1, "c": "1/4", "probs": None})
    assert verdict.holds and verdict.details["EQ_exact"] == "7"
    by_hand = 8 * norm.cdf((-0.75 / 8) / (7 / 64) ** 0.5)
    assert abs(verdict.details["approx_4"] - by_hand) < 1e-9 and by_hand < 3.2
