"""exactprune rdt coexist / rdt moments (exactprune.commands.rdt)."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from exactprune import cli
from exactprune.rdt import Criterion, bruteforce_moments, correlated_distribution, expected_ge


def test_cli_coexist_json(capsys):
    assert cli.main(["rdt", "coexist", "--d", "3", "--path1", "0=0,1=0", "--path2", "0=0,1=1",
                     "--criterion", "purity", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["probability"] == "1/6" and out["enumeration"] == "1/6" and out["printed_formula"] == "0"


def test_cli_moments_text_and_json(capsys):
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "4", "--h", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    dist = correlated_distribution([2, 2], "3/5")
    assert Fraction(out["E_GE"]) == expected_ge(dist, 4, Criterion(height=1))
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "4", "--criterion", "scarcity", "--pb", "1"]) == 0
    assert "E[GE^2]" in capsys.readouterr().out
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "4", "--criterion", "purity", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    bf = bruteforce_moments(dist, 4, Criterion(purity=True))
    assert (Fraction(out["E_GE"]), Fraction(out["E_GE2_same_tree"])) == (bf["E1"], bf["E2_same"])
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "3", "--h", "1", "--same-sample", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    bf = bruteforce_moments(dist, 3, Criterion(height=1))
    assert Fraction(out["E_GE_GE_same_sample"]) == bf["E2_two_trees_same_sample"]
    assert cli.main(["rdt", "moments", "--d", "2", "--N", "3", "--h", "1", "--same-sample"]) == 0
    assert "same sample" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["rdt", "coexist", "--d", "3", "--path1", "7=0", "--path2", "0=0"],
    ["rdt", "coexist", "--d", "3", "--path1", "0", "--path2", "0=0"],
    ["rdt", "coexist", "--d", "0.5", "--path1", "0=1", "--path2", "0=0"],
    ["rdt", "moments", "--criterion", "fixed,gini"],
    ["rdt", "moments", "--criterion", "scarcity", "--pb", "-1"],
    ["rdt", "moments", "--criterion", "purity", "--same-sample"],
])
def test_cli_bad_input(argv, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("exactprune: error:") and len(err.strip().splitlines()) == 1
