"""The audit ledger (exactprune.errata.ledger): every row has a verdict and its evidence, every
registered statement and erratum is in it, and the numbered ranges of the papers are complete."""
from __future__ import annotations

from pathlib import Path

import pytest

from exactprune.errata import all_domain_notes, all_errata
from exactprune.errata.ledger import PAPERS, VERDICTS, Entry, counts, ledger, problems
from exactprune.theorems import all_theorems

ROOT = Path(__file__).resolve().parent.parent
ROWS = ledger()


def test_every_row_has_a_verdict_and_its_evidence():
    found = [p for row in ROWS for p in problems(row, ROOT)]
    assert found == []


@pytest.mark.parametrize("bad", [
    Entry("Zhong", "(1.1)", "", "how"),                                    # no verdict
    Entry("Zhong", "(1.1)", "verified", "how"),                            # verified without evidence
    Entry("Zhong", "(1.1)", "refuted", "how", ("theorem:zhong-4.3",)),     # refuted without an erratum
    Entry("Zhong", "(1.1)", "verified", "how", ("erratum:zhong-4.20",)),   # verified despite an erratum
    Entry("Zhong", "(1.1)", "verified", "", ("theorem:zhong-4.3",)),       # no how
    Entry("Zhong", "(1.1)", "verified", "how", ("proof:no_such.py",)),     # evidence that does not resolve
    Entry("Zhong", "(1.1)", "verified", "how", ("theorem:no-such",)),
])
def test_problems_catches_a_bad_row(bad):
    assert problems(bad, ROOT)


def test_every_registered_statement_and_erratum_is_in_the_ledger():
    cited = {ref for row in ROWS for ref in row.evidence}
    assert {f"theorem:{t.id}" for t in all_theorems()} <= cited
    assert {f"erratum:{e.id}" for e in all_errata() + all_domain_notes()} <= cited


def test_refuted_statements_are_refuted_in_the_ledger():
    by_label = {(row.paper, row.label): row for row in ROWS}
    for paper, label, erratum in [("Zhong", "Theorem 5.3", "zhong-5.3-lam0"), ("Zhong", "(4.20)", "zhong-4.20"),
                                  ("Zhong", "(C.79)", "zhong-C.79"), ("EK", "Theorem 4", "ek-4-root"),
                                  ("EK", "(5)", "ek-eq5"), ("Fan", "(13)", "fan-13-variance"),
                                  ("EK", "Theorem 6", "ek-6-fitting-tree"), ("Zhong", "Table A.1", "zhong-table-A.1-b"),
                                  ("Zhong", "Figure B.1(c)", "zhong-B.1-alpha"), ("Zhong", "(C.46)", "zhong-5.3-lam0"),
                                  ("Zhong", "Section 6.3: lam = infinity prunes to one node",
                                   "zhong-6.3-lam-infinity")]:
        row = by_label[(paper, label)]
        assert row.verdict == "refuted" and f"erratum:{erratum}" in row.evidence, row
    assert by_label[("Zhong", "Theorem 4.3")].verdict == "verified"
    assert by_label[("Zhong", "(B.1)")].verdict == "verified"
    for label in ("(C.18)", "(C.49)", "(C.72)", "Figure B.1(b)", "Figure B.1(f)"):
        assert by_label[("Zhong", label)].verdict == "verified", label
    assert by_label[("EK", "(3)")].verdict == "verified"


def _labels(paper):
    return {row.label for row in ROWS if row.paper == paper}


def test_numbered_ranges_are_complete():
    zhong = _labels("Zhong")
    for prefix, last in (("2", 2), ("3", 21), ("4", 30), ("5", 2), ("7", 22), ("B", 25), ("C", 100)):
        missing = [n for n in range(1, last + 1) if f"({prefix}.{n})" not in zhong]
        assert missing == [], (prefix, missing)
    assert {f"({n})" for n in range(1, 6)} <= _labels("EK")
    assert {f"(12.{n})" for n in range(1, 21)} <= _labels("Notes")
    assert {f"({n})" for n in range(1, 15)} <= _labels("Fan")
    assert {"(1)", "(2)"} <= _labels("DD")
    assert len({(row.paper, row.label) for row in ROWS}) == len(ROWS), "duplicate ledger rows"


def test_counts_add_up():
    table = counts()
    assert set(table) == set(PAPERS)
    assert sum(sum(c.values()) for c in table.values()) == len(ROWS)
    assert all(set(c) == set(VERDICTS) for c in table.values())


def test_errata_ledger_command(capsys):
    import json
    from exactprune.cli import main
    assert main(["errata", "--ledger", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["rows"]) == len(ROWS) and set(data["counts"]) == set(PAPERS)
