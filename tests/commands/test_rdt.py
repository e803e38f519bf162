"""exactprune.commands.rdt: ``exactprune rdt coexist``, ``rdt moments`` and ``rdt experiment``
(Dhurandhar-Dobra random decision trees)."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from exactprune import cli
from exactprune.cli import main
from exactprune.rdt import Criterion, bruteforce_moments, correlated_distribution, expected_ge

from cli_cases import run


def test_rdt_moments_prints_the_criterion_in_words(capsys):
    status, out, _ = run(capsys, "rdt", "moments", "--d", "3", "--N", "6", "--criterion", "fixed,purity", "--h", "2")
    assert status == 0 and "Criterion(" not in out and "stop at height 2 or when pure" in out
    status, out, _ = run(capsys, "rdt", "moments", "--d", "3", "--N", "6", "--json")
    assert json.loads(out)["criterion"] == {"height": 3, "purity": False, "pb": None}


def test_rdt_experiment_states_its_ranges_and_the_whole_command(capsys, tmp_path):
    from exactprune import limits
    assert main(["rdt", "experiment", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for option, top in (("--N", limits.CLI_MAX_RDT_N), ("--mc-runs", limits.CLI_MAX_MC_RUNS),
                        ("--te-runs", limits.CLI_MAX_MC_RUNS)):
        assert re.search(rf"{option} \S+ .{{0,80}}?1\.\.{top:,}", text), option
    out = tmp_path / "grid"
    assert main(["rdt", "experiment", "--N", "12", "--settings", "d=5 binary", "--rhos", "0.36", "--mc-runs", "5",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    md = (tmp_path / "grid.md").read_text()
    assert "Produced by `exactprune rdt experiment --N 12 --settings 'd=5 binary' --rhos 0.36 --mc-runs 5 " in md


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
    ["rdt", "experiment", "--out", "x", "--shuttle", "no/such/file.csv"],
    ["rdt", "experiment", "--out", "x", "--rhos", "0.5"],
    ["rdt", "experiment", "--out", "x", "--settings", "d=4 binary"],
])
def test_cli_bad_input(argv, capsys):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("exactprune: error:") and len(err.strip().splitlines()) == 1


def test_cli_experiment_writes_tables_and_ignores_jobs(tmp_path, capsys):
    toy = tmp_path / "toy.csv"
    toy.write_text("a,b,c,class\n1,1,1,1\n1,2,*,2\n2,1,2,2\n2,2,1,1\n1,1,2,1\n")
    rows = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"grid{jobs}"
        assert cli.main(["rdt", "experiment", "--N", "12", "--settings", "d=5 binary", "--rhos", "0.36",
                         "--shuttle", str(toy), "--mc-runs", "5", "--jobs", jobs, "--out", str(out)]) == 0
        assert "wrote" in capsys.readouterr().out
        text = (tmp_path / f"grid{jobs}.csv").read_text().splitlines()
        header = text[0].split(",")
        timing = [i for i, name in enumerate(header) if name.startswith("seconds")]
        rows[jobs] = [[x for i, x in enumerate(line.split(",")) if i not in timing] for line in text[1:]]
    assert rows["1"] == rows["2"] and len(rows["1"]) == 6
    md = (tmp_path / "grid1.md").read_text()
    assert "| shuttle | - | 5 | purity |" in md and "2.74 |" in md      # DD's printed value beside ours
    assert str(tmp_path) not in md                                          # data paths are not written


@pytest.mark.parametrize("argv, words", [
    (["--out", "{missing}/stem"], "the folder"),
    (["--out", "{tmp}/x", "--jobs", "0"], "argument --jobs: must be a positive integer or -1 (all cores), at most 256"),
    (["--out", "{tmp}/x", "--jobs", "4097"], "argument --jobs: must be a positive integer or -1 (all cores), at most 256"),
    (["--out", "{tmp}/x", "--seed", "4294967296"], "argument --seed: must be an integer in 0..2,147,483,647"),
    (["--out", "{tmp}/x", "--jobs", "2", "--dask", "local:2"], "--jobs and --dask exclude each other"),
])
def test_cli_experiment_options_refused_before_any_work(argv, words, tmp_path, capsys, monkeypatch):
    """Refusals come before the grid runs: a missing --out folder, --jobs and --seed out of range
    (the same --jobs limit as every command), --jobs beside --dask."""
    import exactprune.rdt.experiment as experiment
    monkeypatch.setattr(experiment, "run_grid", lambda *a, **k: pytest.fail("the grid ran"))
    argv = [a.replace("{missing}", str(tmp_path / "no" / "such")).replace("{tmp}", str(tmp_path)) for a in argv]
    assert cli.main(["rdt", "experiment", "--N", "12", "--settings", "d=5 binary", "--rhos", "0.36"] + argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
