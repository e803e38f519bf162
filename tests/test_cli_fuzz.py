"""Robustness of the front door: hypothesis-generated malformed tree JSON and bad arguments
against every CLI command that reads a tree or takes numeric options.  Every one must be
rejected with exit status 2 and a one-line ``exactprune: error: ...`` on stderr, never a traceback.

Runs ``exactprune.cli.main`` in-process; stdin input goes through monkeypatch.
"""
from __future__ import annotations

import io
import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exactprune.cli import build_parser, main
from exactprune.tree import Tree

GOOD = {"counts": [3, 2], "children": [{"counts": [3, 0]}, {"counts": [0, 2]}]}


def _commands() -> set:
    import argparse
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


COMMANDS = _commands()
#: tree-reading commands and the extra arguments each needs
TREE_COMMANDS = {"moments": ["--k", "2"], "prune": ["--k", "2"], "breakpoints": [], "ccp": [],
                 "classprob": ["--k", "2"]}
TREE_COMMANDS = {name: extra for name, extra in TREE_COMMANDS.items() if name in COMMANDS}


def _is_rejected_by_parser(text: str) -> bool:
    try:
        Tree.from_json(text)
    except (ValueError, TypeError, KeyError):
        return True
    except RecursionError:  # see test_deeply_nested_json
        return False
    return False


def _run(monkeypatch, capsys, argv, stdin_text=None):
    if stdin_text is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin_text))
    capsys.readouterr()
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def _assert_rejected(status, err, argv):
    assert status == 2, (argv, status, err)
    assert err.startswith("exactprune: error:"), (argv, err)
    assert err.count("\n") == 1, (argv, err)
    assert "Traceback" not in err


# ------------------------------------------------------------------------- malformed trees

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=True),
                         st.text(max_size=5))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["counts", "children", "name", "split", "x"]),
                                                 inner, max_size=4)), max_leaves=12)


@st.composite
def mutated_trees(draw):
    """A valid tree with one defect: bad counts entries, mismatched lengths, wrong sums, one child,
    wrong types, unknown keys."""
    tree = json.loads(json.dumps(GOOD))
    kind = draw(st.sampled_from(["neg", "float", "string", "bool", "length", "sum", "one_child", "children_type",
                                 "unknown_key", "counts_type", "missing_counts", "empty_counts", "split_type"]))
    child = tree["children"][draw(st.integers(0, 1))]
    if kind == "neg":
        child["counts"][0] = -draw(st.integers(1, 10))
    elif kind == "float":
        child["counts"][0] = draw(st.floats(0.1, 5).filter(lambda x: x != int(x)))
    elif kind == "string":
        child["counts"][0] = draw(st.text(max_size=3))
    elif kind == "bool":
        child["counts"][0] = True
    elif kind == "length":
        child["counts"].append(draw(st.integers(0, 3)))
    elif kind == "sum":
        child["counts"][0] += draw(st.integers(1, 5))
    elif kind == "one_child":
        tree["children"] = [tree["children"][0]]
        tree["counts"] = list(tree["children"][0]["counts"])
    elif kind == "children_type":
        tree["children"] = draw(st.one_of(st.integers(), st.text(max_size=3), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)))
    elif kind == "unknown_key":
        child[draw(st.text(min_size=1, max_size=6).filter(lambda k: k not in
                   {"counts", "children", "split", "name", "class_names", "feature", "threshold"}))] = 1
    elif kind == "counts_type":
        child["counts"] = draw(st.one_of(st.integers(), st.text(max_size=3), st.none()))
    elif kind == "missing_counts":
        del child["counts"]
    elif kind == "empty_counts":
        tree = {"counts": []}
    elif kind == "split_type":
        child["split"] = draw(st.integers())
    return json.dumps(tree)


malformed_texts = st.one_of(
    st.text(max_size=30),
    json_values.map(json.dumps),
    mutated_trees(),
).filter(_is_rejected_by_parser)


@pytest.mark.skipif(not TREE_COMMANDS, reason="no tree-reading command registered")
@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(text=malformed_texts, command=st.sampled_from(sorted(TREE_COMMANDS)))
def test_malformed_tree_json_is_rejected(monkeypatch, capsys, text, command):
    argv = [command, "-"] + TREE_COMMANDS[command]
    status, _, err = _run(monkeypatch, capsys, argv, text)
    _assert_rejected(status, err, argv)


@pytest.mark.skipif("cost" not in COMMANDS, reason="no cost command")
@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(loss=json_values)
def test_malformed_loss_matrix_is_rejected(monkeypatch, capsys, tmp_path_factory, loss):
    # a loss that happens to be a valid 2 x 2 matrix of non-negative numbers is not malformed
    if (isinstance(loss, list) and len(loss) == 2 and all(isinstance(r, list) and len(r) == 2 for r in loss)):
        return
    folder = tmp_path_factory.mktemp("loss")
    tree_path, loss_path = folder / "tree.json", folder / "loss.json"
    tree_path.write_text(json.dumps(GOOD))
    loss_path.write_text(json.dumps(loss))
    argv = ["cost", str(tree_path), "--loss", str(loss_path), "--k", "2"]
    status, _, err = _run(monkeypatch, capsys, argv)
    _assert_rejected(status, err, argv)


@pytest.mark.skipif("moments" not in COMMANDS, reason="no moments command")
def test_deeply_nested_json(monkeypatch, capsys):
    text = '{"counts": [1, 1], "children": [' * 3000 + '{"counts": [1, 1]}' + "]}" * 3000
    try:
        status, _, err = _run(monkeypatch, capsys, ["moments", "-", "--k", "2"], text)
    except RecursionError:
        pytest.fail("RecursionError escaped the CLI")
    _assert_rejected(status, err, ["moments", "-"])


# ------------------------------------------------------------------------- bad arguments

bad_k = st.one_of(st.sampled_from(["0", "-1", "1.5", "x", "", "1/2", "nan", "inf", "2e", "--"]),
                  st.text(alphabet="abc!@#-", min_size=1, max_size=5).filter(lambda s: not s.startswith("-")))
bad_fraction = st.one_of(st.sampled_from(["-1", "x", "1/0", "", "nan", "inf", "-1/2", "1//2", "0x10"]),
                         st.text(alphabet="xyz!?", min_size=1, max_size=4))


@pytest.fixture(scope="module")
def tree_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("fuzz") / "tree.json"
    path.write_text(json.dumps(GOOD))
    return str(path)


@pytest.mark.skipif(not {"moments", "prune", "classprob"} & COMMANDS, reason="no command with --k")
@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(k=bad_k, command=st.sampled_from(sorted({"moments", "prune", "classprob"} & COMMANDS)))
def test_bad_k_is_rejected(monkeypatch, capsys, tree_path, k, command):
    argv = [command, tree_path, f"--k={k}"]
    status, _, err = _run(monkeypatch, capsys, argv)
    _assert_rejected(status, err, argv)


@pytest.mark.skipif(not {"moments", "prune", "breakpoints"} & COMMANDS, reason="no command with --lam")
@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(value=bad_fraction, option=st.sampled_from(["--lam", "--eta"]),
       command=st.sampled_from(sorted({"moments", "prune", "breakpoints"} & COMMANDS)))
def test_bad_prior_is_rejected(monkeypatch, capsys, tree_path, value, option, command):
    argv = [command, tree_path, f"{option}={value}"] + TREE_COMMANDS.get(command, [])
    status, _, err = _run(monkeypatch, capsys, argv)
    _assert_rejected(status, err, argv)


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(option=st.sampled_from(["--examples", "--seed"]),
       value=st.one_of(st.sampled_from(["-1", "x", "1.5", "", "1/2"]), st.text(alphabet="abc", min_size=1, max_size=3)))
def test_bad_verify_arguments_are_rejected(monkeypatch, capsys, option, value):
    if option == "--examples" and value == "0":
        return
    argv = ["verify", "--theorem", "zhong-5.5", f"{option}={value}"]
    status, _, err = _run(monkeypatch, capsys, argv)
    _assert_rejected(status, err, argv)


@settings(deadline=None, suppress_health_check=list(HealthCheck))
@given(argv=st.lists(st.text(alphabet="abcdefgh-_=0123456789 ", min_size=1, max_size=8), min_size=1, max_size=3))
def test_random_argument_vectors_never_crash(monkeypatch, capsys, argv):
    if argv[0] in COMMANDS:  # a real command with random arguments: must not crash either way
        pass
    monkeypatch.setattr(sys, "stdin", io.StringIO("{"))
    capsys.readouterr()
    try:
        status = main(argv)
    except SystemExit as exit_:  # --help or --version style exits are allowed
        status = exit_.code
    _, err = capsys.readouterr()
    assert status in (0, 1, 2), (argv, status)
    assert "Traceback" not in err
    if status == 2:
        assert err.count("\n") == 1, (argv, err)
