"""Every experiment verdict of the ledger (exactprune/errata/experiment_rows.py) recomputed from its
committed result files in benchmarks/results/: a changed committed number, a changed verdict or a
changed test (Holm, the margins, the equal-cost matching) fails here.

The recomputation reads the committed files with the csv module and the Markdown tables by hand,
and decides each claim by the rule its row states; the statistics it calls
(exactprune.experiments.statistics, rdt.experiment.matched_iterations) are checked against scipy
and by hand in tests/experiments/test_statistics.py, tests/rdt/test_experiment.py and their doctests.
"""
from __future__ import annotations

import csv
import functools
import math
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from exactprune import experiments as E
from exactprune.errata.experiment_rows import ROWS
from exactprune.errata.ledger import NOT_REPRODUCED, family, ledger
from exactprune.rdt.experiment import PAPER_TABLE1, matched_iterations

RESULTS = Path(__file__).resolve().parent.parent / "benchmarks" / "results"
ROW = {(r["paper"], r["label"]): r for r in ROWS}


def _csv(name: str) -> list:
    with open(RESULTS / name, newline="") as handle:
        return list(csv.DictReader(handle))


def _md_table(name: str, first_cell: str) -> list:
    """The rows (lists of stripped cells) of the Markdown table whose header starts with ``first_cell``."""
    lines = (RESULTS / name).read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_cell} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def _runs():
    return E.read_runs(str(RESULTS / "chapter6_runs.csv"))


def _counts(cells, table) -> Counter:
    return Counter(c["outcome"] for c in cells if c["table"] == table)


def _assert_verdict(key, verdict_family: str, *numbers: str) -> None:
    """The row's verdict family is the recomputed one and its text states the recomputed numbers."""
    row = ROW[key]
    assert family(row["verdict"]) == verdict_family, (key, row["verdict"], verdict_family)
    for text in numbers:
        assert text in row["how"], (key, text)


# -- Zhong chapter 6 -----------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _table_equivalence() -> tuple:
    """The Tables 6.2/6.3 equivalence cells (Holm-adjusted) of the committed runs, computed once for
    the tests below (they only read them)."""
    return tuple(E.printed_equivalence(E.summarize(_runs()), 20))


@pytest.mark.parametrize("table,key", [("6.2", ("Zhong", "Table 6.2")), ("6.3", ("Zhong", "Table 6.3"))])
def test_tables_6_2_and_6_3_verdicts_from_the_committed_runs(table, key):
    cells = [c for c in _table_equivalence() if c["table"] == table]
    n = _counts(cells, table)
    raw = Counter(("equivalent" if c["p_equivalent"] <= 0.05 else "different" if c["p_different"] <= 0.05 else "x")
                  for c in cells)
    _assert_verdict(key, E.table_verdict(cells),
                    f"{n['equivalent']} of 84 cells equivalent, {n['different']} different, {n['undecided']} undecided",
                    f"(unadjusted: {raw['equivalent']} equivalent, {raw['different']} different)")


def test_table_6_2_different_cells_are_the_gaussian_six_class_ones():
    cells = [c for c in _table_equivalence() if c["table"] == "6.2" and c["outcome"] == "different"]
    assert {c["database"] for c in cells} == {"g6c15", "g6c25"}
    low, high = min(abs(c["diff"]) for c in cells), max(abs(c["diff"]) for c in cells)
    assert f"{low:.1f}-{high:.1f} points" in ROW["Zhong", "Table 6.2"]["how"]
    undecided = [c for c in _table_equivalence() if c["table"] == "6.2" and c["outcome"] == "undecided"]
    decidable = sum(c["more_runs_decide"] for c in undecided)
    assert f"{decidable} of the {len(undecided)} undecided cells could be decided" in ROW["Zhong", "Table 6.2"]["how"]


def test_committed_equivalence_file_matches_the_runs():
    """chapter6_equivalence.csv is what bench_chapter6.py --equivalence computes from the committed runs."""
    from exactprune.experiments import table_6_5_equivalence
    fresh = list(_table_equivalence()) + table_6_5_equivalence(_csv("chapter6_table65.csv"))
    committed = _csv("chapter6_equivalence.csv")
    assert len(committed) == len(fresh) == 84 * 2 + 24
    for old, new in zip(committed, fresh):
        assert (old["table"], old["database"], old["method"], old["outcome"]) == \
            (new["table"], new["database"], new["method"], new["outcome"])
        for field in ("mean", "sd", "diff", "margin", "mdd", "p_equivalent_holm", "p_different_holm"):
            assert float(old[field]) == pytest.approx(new[field], rel=1e-9, abs=1e-12), (old["database"], field)


def test_committed_chapter6_tables_are_the_runs_summarized():
    """chapter6.csv (the tables of chapter6.md) holds the means and sds of chapter6_runs.csv."""
    tables = E.summarize(_runs())
    rows = _csv("chapter6.csv")
    assert len(rows) == 252
    for r in rows:
        cell = tables[r["table"]][int(r["ratio"])][r["database"]][r["method"]]
        rel = 1e-4 if r["table"] == "seconds" else 1e-9          # the runs file keeps 6 digits of the seconds
        assert float(r["mean"]) == pytest.approx(cell["mean"], rel=rel)
        assert float(r["std"]) == pytest.approx(cell["std"], rel=rel, abs=1e-9)


def test_table_6_5_verdict_from_the_committed_cells():
    rows = _csv("chapter6_table65.csv")
    for r in rows:           # the file's own p-values follow from its means and sds (Welch against the print)
        printed = E.PRINTED_6_5[r["quantity"]][r["database"]][r["method"]]
        p = E.welch_against_print(float(r["mean"]), float(r["sd"]), int(r["n"]), printed["mean"], printed["pm"], 25,
                                  0.005)
        assert float(r["p"]) == pytest.approx(p, rel=1e-9, abs=1e-15)
    cells = E.table_6_5_equivalence(rows)
    n = Counter(c["outcome"] for c in cells)
    different = [c for c in cells if c["outcome"] == "different"]
    assert [(c["quantity"], c["database"], c["method"]) for c in different] == [("leaves", "p.gene", "2-norm")]
    error_undecided = [c for c in cells if c["quantity"] == "error" and c["outcome"] == "undecided"]
    assert not any(c["more_runs_decide"] for c in error_undecided)
    _assert_verdict(("Zhong", "Table 6.5"), E.table_verdict(cells),
                    f"{n['equivalent']} of 24 cells equivalent, {n['different']} different, {n['undecided']} undecided",
                    f"none of the {len(error_undecided)} undecided error",
                    f"{different[0]['mean']:.2f} against {different[0]['printed_mean']:.2f} leaves")


def test_cv_estimate_verdict_from_the_committed_file():
    row = next(r for r in _md_table("chapter6_cv_estimate.md", "R") if r[0] == "5")
    interval = lambda text: [float(x) for x in re.match(r"([\d.]+) \[([\d.]+), ([\d.]+)\]", text).groups()]  # noqa: E731
    cv, two_norm = interval(row[2]), interval(row[3])
    printed_cv, printed_two_norm = 4.45, 2.15
    cv_inside = cv[1] <= printed_cv <= cv[2]
    assert two_norm[1] <= printed_two_norm <= two_norm[2]
    _assert_verdict(("Zhong", "Section 6.4.1: cross-validation error estimate"),
                    "reproduced" if cv_inside else NOT_REPRODUCED,
                    f"{cv[0]:.2f}% (95% bootstrap interval {cv[1]:.2f}-{cv[2]:.2f}", f"{two_norm[0]:.2f}%",
                    f"in {row[-1].split('%')[0]}% of the")


def test_c45_always_larger_is_refuted_by_the_print_itself_and_by_the_runs():
    printed = E.PRINTED["leaves"][50]["shuttle"]
    assert printed["EBP"]["mean"] < printed["CCP"]["mean"]          # 21.2 < 23.3: the print contradicts the text
    ours = E.summarize(_runs())["leaves"][50]["shuttle"]
    assert ours["EBP"]["mean"] < ours["CCP"]["mean"]
    largest_elsewhere = sum(max(E.METHODS, key=lambda m: rows[db][m]["mean"]) == "EBP"
                            for ratio, rows in E.PRINTED["leaves"].items() for db in rows)
    _assert_verdict(("Zhong", "Section 6.4.3: C4.5 always larger"), "refuted",
                    f"EBP {printed['EBP']['mean']} below CCP's {printed['CCP']['mean']}",
                    f"({ours['EBP']['mean']:.2f} against {ours['CCP']['mean']:.2f})",
                    f"other {largest_elsewhere} rows")


def test_two_norm_against_ccp_and_ebp_wins_and_losses_from_the_runs():
    tables = E.summarize(_runs())["accuracy"]
    signs = {(ratio, other): Counter(row[f"2-norm:{other}"]["sign"] for row in tables[ratio].values())
             for ratio in (5, 50) for other in ("CCP", "EBP")}
    printed = {(ratio, other): Counter(row[f"2-norm:{other}"]["sign"] for row in E.PRINTED["accuracy"][ratio].values())
               for ratio in (5, 50) for other in ("CCP", "EBP")}
    holds = (signs[5, "CCP"]["-"] == signs[50, "CCP"]["-"] == 0 and signs[50, "CCP"]["+"] == printed[50, "CCP"]["+"]
             and signs[5, "EBP"]["-"] == printed[5, "EBP"]["-"] and signs[50, "EBP"] == printed[50, "EBP"])
    _assert_verdict(("Zhong", "Section 6.4.1: 2-norm against CCP and EBP"), "reproduced" if holds else NOT_REPRODUCED,
                    f"({signs[5, 'CCP']['+']} wins at 5%, printed {printed[5, 'CCP']['+']}",
                    f"beats EBP {signs[5, 'EBP']['+']}-{signs[5, 'EBP']['-']} at 5%",
                    f"{signs[50, 'EBP']['+']}-{signs[50, 'EBP']['-']} at 50%")


def _scaling_rows():
    """(n, CCP error, 2-norm error, EBP error), each (mean, standard error), from scaling.md."""
    out = []
    for cells in _md_table("scaling.md", "n"):
        errors = [tuple(float(x) for x in c.split(" +- ")) for c in cells[8:11]]
        out.append((int(cells[0]), *errors))
    return out


def test_figure_6_3_from_the_committed_sweep():
    rows = _scaling_rows()
    assert [n for n, *_ in rows] == [2 ** k for k in range(9, 20)]
    same_tree = all(ccp == two for _, ccp, two, _ in rows)
    gaps = [ebp[0] - two[0] for _, _, two, ebp in rows]
    worse = all(ebp[0] - two[0] > 2 * math.hypot(ebp[1], two[1]) for n, _, two, ebp in rows if n >= 2 ** 10)
    near_bayes = all(abs(two[0] - 15) <= 0.3 for n, _, two, _ in rows if n >= 2 ** 11)
    _, _, two, ebp = rows[0]
    _assert_verdict(("Zhong", "Figure 6.3"),
                    "reproduced" if same_tree and worse and near_bayes and min(gaps) > 0 else NOT_REPRODUCED,
                    f"({min(gaps):.1f}-{max(gaps):.1f} points",
                    f"{ebp[0] - two[0]:.1f} points against {2 * math.hypot(ebp[1], two[1]):.1f}")


def test_table_6_4_running_time_is_not_judged_on_this_implementations_timings():
    row = ROW["Zhong", "Table 6.4"]
    assert (row["verdict"], row["grade"]) == ("out of reach", "unchecked") and "not tested here" in row["how"]


def test_figure_6_2_on_operation_counts():
    """Least-squares log-log slopes (scipy's linregress, 95% normal interval) of the committed counts:
    the 2-norm's nodes not superlinear, EBP's grafting rows superlinear on both bounds."""
    from scipy import stats
    rows = _csv("scaling_counts.csv")
    slopes = {}
    for key in ("nodes", "ebp_rows_grown", "ebp_rows_kept"):
        fit = stats.linregress(np.log2([float(r["n"]) for r in rows]), np.log2([float(r[key]) for r in rows]))
        slopes[key] = (fit.slope, fit.slope - 1.96 * fit.stderr, fit.slope + 1.96 * fit.stderr)
    holds = slopes["nodes"][1] <= 1 and slopes["ebp_rows_grown"][1] > 1 and slopes["ebp_rows_kept"][1] > 1
    _assert_verdict(("Zhong", "Figure 6.2"), "reproduced" if holds else NOT_REPRODUCED,
                    *(f"{s:.3f} [{lo:.3f}, {hi:.3f}]" for s, lo, hi in slopes.values()))
    assert "not counted, so its line is not tested here" in ROW["Zhong", "Figure 6.2"]["how"]


def test_no_experiment_row_is_refuted_on_timings():
    """A refuted experiment row rests on an exact counterexample or on the print contradicting itself."""
    for row in ROWS:
        if row["verdict"] == "refuted":
            assert any(e.startswith("erratum:") for e in row["evidence"]) or "the print contradicts" in row["how"], row
            assert not any(word in row["how"] for word in ("seconds", "wall time", "Inc ")), row


# -- Dhurandhar-Dobra section 4 ------------------------------------------------------------------

def test_dd_figure_3_mc_agrees_with_the_exact_values():
    rows = [r for r in _csv("rdt_grid.csv") if r["golden"] == "exact"]
    from scipy import stats
    bound = float(stats.norm.isf(0.025 / len(rows)))                 # Bonferroni, two-sided 5%
    z = [(float(r["mc1_E_GE"]) - float(r["E_GE"])) / (float(r["mc1_sd_GE"]) / math.sqrt(int(r["mc1_runs"])))
         for r in rows if float(r["mc1_sd_GE"]) > 0]
    worst = max(abs(v) for v in z)
    _assert_verdict(("DD", "Figure 3"), "reproduced" if worst <= bound else NOT_REPRODUCED,
                    f"over the {len(rows)} settings (|z| <= {bound:.2f}; largest |z| here {worst:.2f})")


def _large_n(criterion: str, i: int = 10) -> list:
    out = []
    for r in _csv("rdt_large_n.csv"):
        if r["criterion"].startswith(criterion):
            m = matched_iterations(float(r["sd_af_run"]), int(r["af_runs"]), float(r["sd_mc_run"]), int(r["mc_runs"]), i)
            out.append((r["setting"], r["rho"], m))
    return out


@pytest.mark.parametrize("label,criterion", [("Figure 4", "fixed"), ("Figure 6", "scarcity")])
def test_dd_figures_4_and_6_af_beats_mc10_at_equal_iterations(label, criterion):
    results = _large_n(criterion)
    varying = [(s, rho, m) for s, rho, m in results if rho != "0"]
    assert all(m["winner"] == "tie" for s, rho, m in results if rho == "0")
    holds = all(m["winner"] == "AF" for _, _, m in varying)
    finite = [m for _, _, m in varying if math.isfinite(m["ratio"])]
    _assert_verdict(("DD", label), "reproduced" if holds else NOT_REPRODUCED, f"all {len(varying)} settings",
                    *(f"{m['ratio']:.1f} [{m['lo']:.1f}, {m['hi']:.1f}]" for m in finite))


def test_dd_figure_5_mc10_beats_af_at_low_correlation_for_purity():
    results = _large_n("purity")
    mc = [(s, rho) for s, rho, m in results if m["winner"] == "MC-10"]
    low_varying = [(s, rho) for s, rho, m in results if rho in ("0.11", "0.02") and m["winner"] != "tie"]
    af = sum(m["winner"] == "AF" for _, _, m in results)
    ties = sum(m["winner"] == "tie" for _, _, m in results)
    _assert_verdict(("DD", "Figure 5"), "reproduced" if mc == low_varying and mc else NOT_REPRODUCED,
                    f"all {len(mc)} low-correlation settings", f"AF in {af}, and GE does not vary in the other {ties}")


def test_dd_section_4_never_worse_fails_at_equal_iterations():
    results = [m for c in ("fixed", "purity", "scarcity") for m in _large_n(c)]
    worse = [m for _, _, m in results if m["winner"] == "MC-10"]
    _assert_verdict(("DD", "Section 4: AF never worse than MC-10"), NOT_REPRODUCED if worse else "reproduced",
                    f"in {len(worse)} of the {len(results)} settings",
                    f"ratios {min(m['ratio'] for m in worse):.2f}-{max(m['ratio'] for m in worse):.2f}")


def _pima() -> dict:
    """criterion -> (AF's per-iteration sd, AF iterations, z of AF against TE, sd of one tree's GE)."""
    text = (RESULTS / "rdt_pima_af.md").read_text()
    runs = int(re.search(r"--af-runs (\d+)", text).group(1))
    tree_sd = {r["criterion"]: float(r["sd_GE"]) for r in _csv("rdt_grid.csv") if r["data"] == "pima"}
    out = {}
    for cells in _md_table("rdt_pima_af.md", "criterion"):
        se_af = float(cells[2].split(" +- ")[1])
        out[cells[0].split("(")[0]] = (se_af * math.sqrt(runs), runs, float(cells[3]), tree_sd[cells[0]])
    return out


@pytest.mark.parametrize("panel,criterion", [("fixed height", "fixed"), ("purity", "purity"),
                                             ("scarcity", "scarcity")])
def test_dd_figure_7_each_panel_at_equal_iterations(panel, criterion):
    sd_af, runs, z, sd_tree = _pima()[criterion]
    mc10 = matched_iterations(sd_af, runs, sd_tree, 20000, 10)
    mc1 = matched_iterations(sd_af, runs, sd_tree, 20000, 1)
    assert abs(z) <= 1.96                                            # AF agrees with TE
    superior = mc10["winner"] == "AF" and mc1["winner"] == "AF"
    _assert_verdict(("DD", f"Figure 7 ({panel})"), "reproduced" if superior else NOT_REPRODUCED,
                    f"z = {z:+.2f}", f"MC-10 / AF = {mc10['ratio']:.2f} [{mc10['lo']:.2f}, {mc10['hi']:.2f}]",
                    f"MC-1 / AF = {mc1['ratio']:.{2 if not superior else 1}f}")


def test_dd_figure_7_claim_fails_where_a_panel_fails():
    panels = [family(ROW["DD", f"Figure 7 ({p})"]["verdict"]) for p in ("fixed height", "purity", "scarcity")]
    _assert_verdict(("DD", "Figure 7"), "reproduced" if set(panels) == {"reproduced"} else NOT_REPRODUCED)


def test_dd_table_1_rho_0_has_no_bound_yet_is_printed():
    rows = [r for r in _csv("rdt_grid.csv") if r["rho"] == "0" and r["golden"] == "exact"]
    assert rows and all(float(r["E_GE"]) == 0.5 and float(r["sd_GE"]) == 0 for r in rows)   # s = 0 for every tree
    printed = [v[-1] for v in PAPER_TABLE1.values()]
    assert all(math.isfinite(v) and v > 0 for v in printed)
    no_bound = (RESULTS / "rdt_table1_n10000.md").read_text().count("| 0 | - |")
    assert no_bound == 9                          # 3 settings x 3 criteria at N = 10,000: '-' where s = 0
    _assert_verdict(("DD", "Table 1"), "refuted", "s = 0 and the bound does not exist")


# -- the ledger and the tests that decide it -----------------------------------------------------

RECOMPUTED = {("Zhong", "Table 6.2"), ("Zhong", "Table 6.3"), ("Zhong", "Table 6.4"), ("Zhong", "Table 6.5"),
              ("Zhong", "Section 6.4.1: cross-validation error estimate"), ("Zhong", "Figure 6.2"),
              ("Zhong", "Figure 6.3"), ("Zhong", "Section 6.4.3: C4.5 always larger"),
              ("Zhong", "Section 6.4.1: 2-norm against CCP and EBP"), ("DD", "Figure 3"), ("DD", "Figure 4"),
              ("DD", "Figure 5"), ("DD", "Figure 6"), ("DD", "Figure 7"), ("DD", "Figure 7 (fixed height)"),
              ("DD", "Figure 7 (purity)"), ("DD", "Figure 7 (scarcity)"), ("DD", "Section 4: AF never worse than MC-10"),
              ("DD", "Table 1")}


def test_every_experiment_row_is_recomputed_here_and_is_in_the_ledger():
    assert set(ROW) == RECOMPUTED
    rows = {(r.paper, r.label): r for r in ledger()}
    for key, row in ROW.items():
        assert rows[key].verdict == row["verdict"]
        if family(row["verdict"]) == NOT_REPRODUCED:
            assert row["verdict"] != NOT_REPRODUCED, f"{key}: name the protocol difference"


def test_holm_changes_cell_outcomes_and_a_table_verdict():
    """Without Holm, 22 more of the committed Table 6.2 cells would be called equivalent; and a table of
    two cells whose TOST p-values both lie in (0.025, 0.05] is reproduced unadjusted but not with Holm
    (the smaller p doubled exceeds 0.05, and the larger is raised to it)."""
    holm = Counter(c["outcome"] for c in _table_equivalence() if c["table"] == "6.2")
    plain = Counter(c["outcome"] for c in E.printed_equivalence(E.summarize(_runs()), 20, correct=False)
                    if c["table"] == "6.2")
    assert plain["equivalent"] - holm["equivalent"] == 22
    cells = [{"table": "t", "quantity": "accuracy", "n": 20, "mean": 80.0 + d, "sd": s, "printed_mean": 80.0,
              "printed_sd": s} for d, s in ((0.30, 1.25), (0.35, 1.2))]
    plain_cells = E.equivalence_cells(cells, 20, 0.0, correct=False)
    holm_cells = E.equivalence_cells(cells, 20, 0.0)
    assert all(0.025 < c["p_equivalent"] <= 0.05 for c in plain_cells), [c["p_equivalent"] for c in plain_cells]
    assert E.table_verdict(plain_cells) == "reproduced" and E.table_verdict(holm_cells) == "not reproduced"


def test_the_experiment_rows_import_nothing_and_the_ledger_imports_them_plainly():
    """No circle: experiment_rows.py imports no exactprune module; the ledger imports it at module level,
    with no module __getattr__ and no ImportError swallowed."""
    import ast
    import exactprune.errata.experiment_rows as rows_module
    import exactprune.errata.ledger as ledger_module
    tree = ast.parse(Path(rows_module.__file__).read_text())
    imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert all(isinstance(n, ast.ImportFrom) and n.module in ("__future__", "typing") for n in imports)
    ledger_source = Path(ledger_module.__file__).read_text()
    assert "from .experiment_rows import ROWS as EXPERIMENT_ROWS" in ledger_source
    assert "except ImportError" not in ledger_source and not hasattr(rows_module, "__getattr__")


def test_committed_agreement_file_matches_the_runs_and_its_holm_step():
    """chapter6_agreement.csv (the earlier test of no difference, issue 27) is what printed_agreement
    computes from the committed runs: its p-values, their Holm adjustment and 'differs'."""
    fresh = E.printed_agreement(E.summarize(_runs()), 20)
    committed = _csv("chapter6_agreement.csv")
    assert len(committed) == len(fresh) == 168
    for old, new in zip(committed, fresh):
        assert (old["table"], old["ratio"], old["database"], old["method"]) == \
            (new["table"], str(new["ratio"]), new["database"], new["method"])
        assert float(old["p"]) == pytest.approx(new["p"], rel=1e-9, abs=1e-300)
        assert float(old["p_holm"]) == pytest.approx(new["p_holm"], rel=1e-9, abs=1e-300)
        assert old["differs"] == str(new["differs"])
    holm_off = [p <= 0.05 for p in (c["p"] for c in fresh)]
    assert sum(holm_off) > sum(c["differs"] for c in fresh)          # Holm changes verdicts here too


def test_experiment_rows_are_graded_and_cite_files_that_exist():
    from pathlib import Path
    from exactprune.errata import ledger
    from exactprune.errata.experiment_rows import ROWS
    root = Path(__file__).resolve().parent.parent
    assert len({(r["paper"], r["label"]) for r in ROWS}) == len(ROWS)          # one row per claim
    for row in ROWS:
        assert row["paper"] in ("Zhong", "DD")
        assert row["grade"] in ("reproduced", "not reproduced", "refuted", "unchecked")
        assert ledger.family(row["verdict"]) == {"unchecked": "out of reach"}.get(row["grade"], row["grade"])
        assert row["how"].strip() and row["evidence"]
        for ref in row["evidence"]:
            kind, _, name = ref.partition(":")
            if kind == "erratum":                    # an erratum id: ledger.problems checks it is registered
                continue
            assert kind in ("benchmark", "test", "proof") and (root / f"{kind}s" / name).is_file(), ref
    assert [p for e in ledger._experiment_rows() for p in ledger.problems(e, root)] == []
