"""The command line contract: output, --json, one wording, exit statuses 0/1/2/3, resource limits."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from exactprune.cli import main

TREE = {"counts": [50, 50, 50], "children": [
    {"counts": [50, 0, 0]},
    {"counts": [0, 50, 50], "children": [{"counts": [0, 49, 5]}, {"counts": [0, 1, 45]}]}]}


@pytest.fixture
def tree_file(tmp_path):
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(TREE))
    return str(path)


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_moments_json(capsys, tree_file):
    status, out, _ = run(capsys, "moments", tree_file, "--k", "2", "--json")
    assert status == 0
    data = json.loads(out)
    c21 = next(n for n in data["nodes"] if n["name"] == "c21")
    assert c21["as_leaf"] == "56/4181"          # Zhong (B.2), exact


def test_prune_json_matches_figure_b1d(capsys, tree_file):
    status, out, _ = run(capsys, "prune", tree_file, "--k", "2", "--lam", "0.5", "--json")
    data = json.loads(out)
    assert status == 0 and data["leaves"] == 3 and data["pruned"] == []
    assert data["moment"] == "7442396252876/1270955508091395"   # (B.14), exact


def test_breakpoints_json_schema(capsys, tree_file):
    status, out, _ = run(capsys, "breakpoints", tree_file, "--json")
    data = json.loads(out)
    assert status == 0
    assert [s["k_from"] for s in data["stages"]] == [1, 17781896, "inf"]
    assert data["stages"][0]["k_to"] == 17781896 and data["stages"][1]["k_to"] is None
    c2 = next(b for b in data["breakpoints"] if b["name"] == "c2")
    assert c2["breakpoint"] == 17781896 and c2["crossing"]["lower"]


def test_ccp_json(capsys, tree_file):
    status, out, _ = run(capsys, "ccp", tree_file, "--json")
    data = json.loads(out)
    assert [s["alpha_from"] for s in data["stages"]] == ["0", "22/75", "1/3"]


def test_errata_lists_the_breakpoint(capsys):
    status, out, _ = run(capsys, "errata", "--json")
    ids = [row["id"] for row in json.loads(out)]
    assert status == 0 and "zhong-B.1-breakpoint" in ids and "zhong-4.20" in ids


def test_iris_text(capsys):
    status, out, _ = run(capsys, "iris")
    assert status == 0
    assert "17781896" in out and "25680603" in out and "1/150" in out and "DIFFERS" in out


@pytest.mark.parametrize("argv, words", [
    (["moments", "{tree}", "--k", "0"], "--k must be an integer >= 1"),
    (["moments", "{tree}", "--k", "1.5"], "integer"),
    (["moments", "{tree}", "--k", "2", "--lam", "-1"], "non-negative"),
    (["moments", "{tree}", "--k", "2", "--lam", "x"], "--lam must be an exact number"),
    (["moments", "/nonexistent.json", "--k", "2"], "cannot read tree file"),
    (["prune", "{tree}"], "required"),
    (["ccp", "{tree}", "--cost", "entropy"], "invalid choice"),
    (["nosuchcommand"], "invalid choice"),
])
def test_bad_input_exits_2_with_one_line(capsys, tree_file, argv, words):
    argv = [a.replace("{tree}", tree_file) for a in argv]
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert err.count("\n") == 1 and words in err


@pytest.mark.parametrize("text, words", [("{", "malformed"), ('{"counts": [1, -2]}', "negative"),
                                         ('{"counts": [3, 1], "children": [{"counts": [3, 1]}]}', "2 children")])
def test_bad_tree_on_stdin(monkeypatch, capsys, text, words):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, _, err = run(capsys, "moments", "-", "--k", "1")
    assert status == 2 and words in err and err.count("\n") == 1


def test_python_dash_m_is_the_same_program(tree_file):
    proc = subprocess.run([sys.executable, "-m", "exactprune", "ccp", tree_file], capture_output=True, text=True)
    assert proc.returncode == 0 and "22/75" in proc.stdout


def test_breakpoints_without_crossings(capsys, tree_file):
    status, out, _ = run(capsys, "breakpoints", tree_file, "--no-crossings", "--json")
    data = json.loads(out)
    c2 = next(b for b in data["breakpoints"] if b["name"] == "c2")
    assert status == 0 and c2["breakpoint"] == 17781896 and c2["crossing"] is None


# ------------------------------------------------------------------ issue 16: one front door, one wording

def test_version_from_package_metadata(capsys):
    from importlib.metadata import version
    status, out, err = run(capsys, "--version")
    assert status == 0 and out == f"exactprune {version('exactprune')}\n" and err == ""


def test_a_command_module_that_fails_to_import_is_an_error(monkeypatch):
    """No silent 'not built yet' skip: a registered module that cannot be imported raises."""
    import exactprune.cli as cli
    monkeypatch.setattr(cli, "COMMAND_MODULES", cli.COMMAND_MODULES + ("no_such_module",))
    with pytest.raises(ModuleNotFoundError, match="no_such_module"):
        cli.build_parser()


def _subparsers():
    import argparse
    from exactprune.cli import build_parser
    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices


def test_tree_positional_is_named_the_same_everywhere():
    readers = {name: parser for name, parser in _subparsers().items()
               if any(a.dest == "tree" for a in parser._actions)}
    assert set(readers) == {"moments", "prune", "breakpoints", "ccp", "cost", "classprob"}
    for name, parser in readers.items():
        action = next(a for a in parser._actions if a.dest == "tree")
        assert action.metavar == "TREE.json" and "- to read it from stdin" in action.help, name


def test_every_json_flag_has_help():
    for name, parser in _subparsers().items():
        for action in parser._actions:
            if action.dest == "json":
                assert action.help, name


ONE_LEAF_TREE = {"counts": [3, 1]}


@pytest.mark.parametrize("argv", [["prune", "{tree}", "--k", "2"], ["classprob", "{tree}", "--k", "2"],
                                  ["cost", "{tree}", "--loss", "{loss}", "--k", "2"], ["ccp", "{tree}"],
                                  ["breakpoints", "{tree}"]])
def test_nothing_pruned_and_one_leaf_are_worded_once(capsys, tmp_path, argv):
    """A single-leaf tree: '1 leaf' (not '1 leaves'), and no pruning is 'nothing' in every command."""
    tree, loss = tmp_path / "t.json", tmp_path / "l.json"
    tree.write_text(json.dumps(ONE_LEAF_TREE))
    loss.write_text("[[0, 1], [1, 0]]")
    argv = [a.replace("{tree}", str(tree)).replace("{loss}", str(loss)) for a in argv]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert "1 leaf" in out and "1 leaves" not in out
    assert "(none)" not in out and " -\n" not in out
    assert "nothing" in out


def test_rdt_moments_prints_the_criterion_in_words(capsys):
    status, out, _ = run(capsys, "rdt", "moments", "--d", "3", "--N", "6", "--criterion", "fixed,purity", "--h", "2")
    assert status == 0 and "Criterion(" not in out and "stop at height 2 or when pure" in out
    status, out, _ = run(capsys, "rdt", "moments", "--d", "3", "--N", "6", "--json")
    assert json.loads(out)["criterion"] == {"height": 3, "purity": False, "pb": None}


@pytest.mark.parametrize("argv", [["verify", "--examples", "x"], ["verify", "--seed", "-1"],
                                  ["verify", "--examples", "0"]])
def test_verify_argument_errors_do_not_leak_function_names(capsys, argv):
    """Was 'argument --examples: invalid _positive value: 'x''."""
    status, _, err = run(capsys, *argv)
    assert status == 2 and "_positive" not in err and "_nonnegative" not in err and argv[1] in err
