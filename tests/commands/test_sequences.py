"""exactprune.commands.sequences: ``exactprune breakpoints`` (the k-norm sequence) and ``exactprune
ccp`` (the CCP sequence)."""
from __future__ import annotations

import json
from fractions import Fraction

from cli_cases import run


def test_breakpoints_json_schema(capsys, tree_file):
    status, out, _ = run(capsys, "breakpoints", tree_file, "--json")
    data = json.loads(out)
    assert status == 0
    assert [s["k_from"] for s in data["stages"]] == [1, 17781896, None]     # a number or null
    assert [s["k_infinite"] for s in data["stages"]] == [False, False, True]
    assert data["stages"][0]["k_to"] == 17781896 and data["stages"][1]["k_to"] is None
    c2 = next(b for b in data["breakpoints"] if b["name"] == "c2")
    assert c2["breakpoint"] == 17781896 and c2["crossing"]["lower"]
    lower, upper = (Fraction(c2["crossing"][key]) for key in ("lower", "upper"))
    approx = c2["crossing"]["approx"]            # a number, within the bracket up to its 12 digits
    assert isinstance(approx, float) and lower * (1 - Fraction(1, 10**11)) <= Fraction(approx) <= upper * (1 + Fraction(1, 10**11))


def test_ccp_json(capsys, tree_file):
    status, out, _ = run(capsys, "ccp", tree_file, "--json")
    data = json.loads(out)
    assert [s["alpha_from"] for s in data["stages"]] == ["0", "22/75", "1/3"]


def test_breakpoints_without_crossings(capsys, tree_file):
    status, out, _ = run(capsys, "breakpoints", tree_file, "--no-crossings", "--json")
    data = json.loads(out)
    c2 = next(b for b in data["breakpoints"] if b["name"] == "c2")
    assert status == 0 and c2["breakpoint"] == 17781896 and c2["crossing"] is None
