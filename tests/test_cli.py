"""The command line contract: output, --json, one wording, exit statuses 0/1/2/3, resource limits."""
from __future__ import annotations

import json
import re
import os
from fractions import Fraction
import subprocess
import sys
from pathlib import Path

import pytest

from exactprune import cli
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


def test_importing_the_cli_leaves_sympy_sklearn_and_hypothesis_out():
    """Issue 14: sympy, scikit-learn and hypothesis are imported only by the code that uses them.
    A fresh interpreter (this one has them loaded already); the second list shows that the check
    sees a heavy import when there is one."""
    code = ("import sys, exactprune.cli; heavy = ('sympy', 'sklearn', 'hypothesis'); "
            "print([m for m in heavy if m in sys.modules]); import exactprune.sklearn; "
            "print([m for m in heavy if m in sys.modules])")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[1])
    assert proc.stdout.splitlines() == ["[]", "['sklearn']"]


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


def _all_parsers(parsers=None, prefix=""):
    """(command path, parser) of every command and subcommand (``rdt moments``)."""
    import argparse
    for name, parser in (parsers or _subparsers()).items():
        yield prefix + name, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                yield from _all_parsers(action.choices, prefix + name + " ")


def test_every_option_and_positional_has_help():
    missing = [(name, action.dest) for name, parser in _all_parsers() for action in parser._actions
               if not action.help and action.dest not in ("rdt_command",)]
    assert not missing


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


# ------------------------------------------------------------------ issue 11: exit statuses

def test_internal_error_exits_3_with_one_line_asking_for_a_report(capsys, monkeypatch, tree_file):
    """A programming error (KeyError from our code) is not 'bad input'."""
    import exactprune.peers.ccp as ccp   # the command imports it when it runs

    def broken(*args, **kwargs):
        raise KeyError("stage")
    monkeypatch.setattr(ccp, "ccp_sequence", broken)
    status, _, err = run(capsys, "ccp", tree_file)
    assert status == 3 and err.count("\n") == 1
    assert err.startswith("exactprune: internal error: KeyError: stage; please report it; rerun with --debug")
    status, _, err = run(capsys, "--debug", "ccp", tree_file)
    assert status == 3 and "Traceback (most recent call last)" in err and "KeyError" in err


@pytest.mark.parametrize("exception", [TypeError("unsupported operand"), AttributeError("no attribute 'x'")])
def test_type_and_attribute_errors_are_internal(capsys, monkeypatch, tree_file, exception):
    import exactprune.peers.ccp as ccp   # the command imports it when it runs

    def broken(*args, **kwargs):
        raise exception
    monkeypatch.setattr(ccp, "ccp_sequence", broken)
    status, _, err = run(capsys, "ccp", tree_file)
    assert status == 3 and "internal error" in err and err.count("\n") == 1


def test_a_value_error_from_the_library_is_bad_input(capsys, tmp_path):
    """An empty leaf with lam = 0 has no error moment: the library says so, exit 2."""
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"counts": [0, 0]}))
    status, _, err = run(capsys, "moments", str(path), "--k", "1", "--lam", "0")
    assert status == 2 and err.startswith("exactprune: error:") and err.count("\n") == 1


def test_verify_failure_exits_1(capsys, monkeypatch):
    import exactprune.theorems as theorems
    monkeypatch.setattr(theorems, "run", lambda theorem, examples, seed, violations=False: {
        "id": theorem.id, "status": "counterexample", "cases": 1, "counterexample": {"k": 2}})
    status, out, _ = run(capsys, "verify", "--theorem", "zhong-5.5")
    # the printed 5.5 is refuted as registered; its corrected twin failing is the unexpected verdict
    assert status == 1 and "1 of 2 verdicts as registered" in out and "unexpected: zhong-5.5-corrected" in out


def test_too_few_cases_for_a_known_violation_is_inconclusive_not_a_failure(capsys):
    """ek-4's violations fail within its own 150 cases; in 3 cases they are not reached: that is
    reported as inconclusive (exit 0, a note naming the statement's count), not as a failed check;
    with the statement's own count the registered verdict stands."""
    status, out, _ = run(capsys, "verify", "--theorem", "ek-4", "--violations", "--examples", "3", "--json")
    result = json.loads(out)[0]
    assert status == 0 and result["inconclusive"] is True and result["verdict"] == "inconclusive (too few cases)"
    assert "own count is 150" in result["note"]
    status, out, _ = run(capsys, "verify", "--theorem", "ek-4", "--violations", "--examples", "3")
    assert status == 0 and "inconclusive with --examples 3: ek-4" in out and "0 of 1 verdicts as registered" in out
    status, out, _ = run(capsys, "verify", "--theorem", "ek-4", "--violations", "--json")
    result = json.loads(out)[0]
    assert status == 0 and result["inconclusive"] is False and result["verdict"] == "fails"


def test_errata_into_a_closed_pipe_exits_0_quietly():
    """`exactprune errata | head -1` printed 'Broken pipe' and exited 2."""
    proc = subprocess.Popen([sys.executable, "-m", "exactprune", "errata"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0 and err == b""


# ------------------------------------------------------------------ issue 11: resource limits

def _timed(capsys, *argv):
    import time
    start = time.monotonic()
    status, out, err = run(capsys, *argv)
    return status, out, err, time.monotonic() - start


@pytest.mark.parametrize("name, argv, words", [
    ("prune_k_1e100", ["prune", "{tree}", "--k", "1e100"], "--k must be an integer such as 2, got '1e100'"),
    ("epsilon_1e400", ["prune", "{tree}", "--k", "2", "--epsilon", "1e400"], "--epsilon: '1e400' is too large"),
    ("lam_1e400", ["prune", "{tree}", "--k", "2", "--lam", "1e400"], "--lam: '1e400' is too large"),
    ("eta_1e-5000", ["prune", "{tree}", "--k", "2", "--eta", "1e-5000"], "--eta: '1e-5000' is too large"),
    ("lam_huge_digits", ["moments", "{tree}", "--k", "2", "--lam", "1" * 80], "at most 30 digits"),
    ("classprob_k_10000000", ["classprob", "{tree}", "--k", "10000000"], "--k must be at most 256"),
    ("cost_k_10000000", ["cost", "{tree}", "--loss", "{loss}", "--k", "10000000"], "--k must be at most 256"),
    ("moments_k_1e22", ["moments", "{tree}", "--k", "1e22"], "--k must be an integer"),
    ("moments_k_10_to_22", ["moments", "{tree}", "--k", "1" + "0" * 22], "--k must be at most 1,000,000,000"),
    ("k_unicode_digits", ["moments", "{tree}", "--k", "\u0663"], "--k must be an integer"),
    ("verify_examples_huge", ["verify", "--examples", "10" * 10], "--examples: must be an integer in 1..10,000"),
    ("rdt_d_9", ["rdt", "moments", "--d", "9"], "--d must be at most 8"),
    ("rdt_N_201", ["rdt", "moments", "--N", "201"], "--N must be at most 200"),
    ("rdt_coexist_d_huge", ["rdt", "coexist", "--d", "10000", "--path1", "0=1", "--path2", "1=1"], "at most 64"),
    ("rdt_path_attribute_beyond_d", ["rdt", "coexist", "--d", "3", "--path1", "5=1", "--path2", "1=1"],
     "attribute must be at most 2"),
])
def test_limit_refusals(capsys, tmp_path, tree_file, name, argv, words):
    loss = tmp_path / "loss.json"
    loss.write_text("[[0, 1, 1], [1, 0, 1], [1, 1, 0]]")
    argv = [a.replace("{tree}", tree_file).replace("{loss}", str(loss)) for a in argv]
    status, _, err, seconds = _timed(capsys, *argv)
    assert status == 2 and err.count("\n") == 1 and words in err, err
    assert seconds < 10                  # a refusal comes before any work (generous: shared machines)


def test_moments_json_keys_keep_their_meaning_above_the_exact_limit(capsys, tree_file):
    """k > 4096 used to put ball strings under the keys that hold "p/q" strings."""
    _, out, _ = run(capsys, "moments", tree_file, "--k", "2", "--json")
    c21 = next(n for n in json.loads(out)["nodes"] if n["name"] == "c21")
    assert c21["as_leaf"] == "56/4181" and c21["as_leaf_ball"] is None and c21["subtree_ball"] is None
    _, out, _ = run(capsys, "moments", tree_file, "--k", "5000", "--json")
    c21 = next(n for n in json.loads(out)["nodes"] if n["name"] == "c21")
    assert c21["as_leaf"] is None and c21["as_leaf_ball"].startswith("[") and "+/-" in c21["as_leaf_ball"]
    _, out, _ = run(capsys, "prune", tree_file, "--k", "5000", "--json")
    data = json.loads(out)
    assert data["moment"] is None and "+/-" in data["moment_ball"]


def test_moments_at_the_arb_limit_are_not_vacuous(capsys, tree_file):
    """k = 1e22 printed [+/- 7.21e+216765558] for every node; at the limit 10^9 the balls keep digits."""
    status, out, _ = run(capsys, "moments", tree_file, "--k", "1000000000", "--json")
    assert status == 0
    for node in json.loads(out)["nodes"]:
        ball = node["as_leaf_ball"]
        assert not ball.startswith("[+/-"), ball


def _chain(depth: int) -> dict:
    """A chain of ``depth`` splits, each cutting off a pure leaf of the class that alternates, so that
    every split lowers the error and PruneTree keeps them all."""
    node = {"counts": [5, 0]}
    for i in range(depth):
        leaf = [0, 5] if i % 2 == 0 else [5, 0]
        node = {"counts": [node["counts"][0] + leaf[0], node["counts"][1] + leaf[1]], "children": [node, {"counts": leaf}]}
    return node


def _deep_json(depth: int) -> str:
    import sys as _sys
    old = _sys.getrecursionlimit()
    _sys.setrecursionlimit(max(old, 4 * depth + 1000))
    try:
        return json.dumps(_chain(depth))
    finally:
        _sys.setrecursionlimit(old)


def test_json_output_of_a_tree_deeper_than_250(capsys, tmp_path):
    """--json of a tree deeper than about 250 raised RecursionError."""
    path = tmp_path / "deep.json"
    path.write_text(_deep_json(400))
    status, out, err = run(capsys, "prune", str(path), "--k", "2", "--json")
    assert status == 0, err
    node, depth = json.loads(out)["tree"], 0
    while node.get("children"):
        node, depth = node["children"][0], depth + 1
    assert depth == 400 and json.loads(out)["leaves"] == 401
    status, out, err = run(capsys, "ccp", str(path), "--json")
    assert status == 0 and json.loads(out)["stages"], err


def test_tree_deeper_than_the_limit_is_refused(capsys, tmp_path):
    from exactprune.limits import CLI_MAX_TREE_DEPTH
    path = tmp_path / "deep.json"
    path.write_text(_deep_json(CLI_MAX_TREE_DEPTH + 1))
    status, _, err = run(capsys, "prune", str(path), "--k", "2")
    assert status == 2 and f"at most {CLI_MAX_TREE_DEPTH} levels" in err


def test_per_node_reports_refuse_beyond_the_visit_limit(capsys, monkeypatch, tmp_path):
    import exactprune.limits as limits
    monkeypatch.setattr(limits, "CLI_MAX_REPORT_VISITS", 20)
    path = tmp_path / "deep.json"
    path.write_text(_deep_json(5))       # 11 nodes at levels 1..6: 1 + 2(2 + 3 + 4 + 5 + 6) = 41 visits
    status, _, err = run(capsys, "moments", str(path), "--k", "2")
    assert status == 2 and "41 node visits" in err and "limit is 20" in err
    status, _, _ = run(capsys, "prune", str(path), "--k", "2")
    assert status == 0


def test_per_node_reports_refuse_beyond_the_work_limit(capsys, monkeypatch, tmp_path):
    """moments at k = 1943 on a 40-level chain ran for over 30 s (found by the fuzz campaign)."""
    path = tmp_path / "chain.json"
    path.write_text(_deep_json(40))     # 81 nodes: 1 + 2(2 + ... + 41) = 1721 visits
    status, _, err = run(capsys, "moments", str(path), "--k", "1943")
    assert status == 2 and "1,721 node visits times k is 3,343,903" in err and "limit is 1,000,000" in err


def test_input_larger_than_the_limit_is_refused(capsys, monkeypatch, tree_file):
    import exactprune.limits as limits
    monkeypatch.setattr(limits, "CLI_MAX_INPUT_BYTES", 10)
    status, _, err = run(capsys, "ccp", tree_file)
    assert status == 2 and "larger than the limit of 10 bytes" in err


def test_too_many_children_and_classes_are_refused(capsys, monkeypatch, tmp_path):
    import exactprune.limits as limits
    monkeypatch.setattr(limits, "CLI_MAX_CHILDREN", 2)
    path = tmp_path / "wide.json"
    path.write_text(json.dumps({"counts": [3, 0], "children": [{"counts": [1, 0]}] * 3}))
    status, _, err = run(capsys, "ccp", str(path))
    assert status == 2 and "node root has 3 children; the limit is 2" in err
    path.write_text(json.dumps({"counts": [1] * (limits.CLI_MAX_CLASSES + 1)}))
    status, _, err = run(capsys, "ccp", str(path))
    assert status == 2 and f"the limit is {limits.CLI_MAX_CLASSES}" in err


def test_moments_beyond_the_4300_digit_int_to_str_limit(capsys, tmp_path):
    """Exact values with more than Python's 4,300 decimal digits are printed, not refused."""
    children = [{"counts": [2000 + i, 1000, 1000]} for i in range(6)]
    root = {"counts": [sum(c["counts"][0] for c in children), 6000, 6000], "children": children}
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(root))
    status, out, err = run(capsys, "moments", str(path), "--k", "4096", "--json")
    assert status == 0, err
    import re
    assert max(len(m) for m in re.findall(r"\d+", out)) > 4300
    assert sys.get_int_max_str_digits() == sys.int_info.default_max_str_digits   # restored


def test_long_runs_show_progress_on_a_terminal(capsys, monkeypatch):
    import exactprune.commands.moments as moments
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    progress = moments._Progress("moments: nodes done", 10)
    progress.start -= 10                  # as if the run had started 10 s ago
    progress.update(4)
    progress.close()
    assert "moments: nodes done: 4 of 10" in capsys.readouterr().err


def test_debug_prints_a_traceback_for_internal_errors_only(capsys, tree_file):
    status, _, err = run(capsys, "--debug", "moments", tree_file, "--k", "0")
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_no_library_warning_reaches_stderr(tmp_path):
    """In a fresh interpreter (pytest would catch the warning itself): a command whose work warns
    prints nothing on stderr."""
    script = ("import sys, warnings\n"
              "import exactprune.commands.grow as grow\n"
              "def warns(args):\n"
              "    warnings.warn('a library warning', UserWarning)\n"
              "    return 0\n"
              "grow.run = warns\n"
              "from exactprune.cli import main\n"
              "sys.exit(main(['grow', 'any.csv']))\n")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""


@pytest.mark.parametrize("argv", [["verify", "--examples=--"], ["verify", "--seed=--"], ["verify", "--jobs=--"],
                                  ["grow", "x.csv", "--indent=--"], ["compare", "iris", "--ratios=--"],
                                  ["moments", "t.json", "--k=--"], ["rdt", "moments", "--d=--"]])
def test_a_double_dash_value_is_refused_in_one_line(capsys, argv):
    """argparse reads ``--seed=--`` as no value and skips the option's type (found by the fuzz
    campaign: an internal error in verify)."""
    status, _, err = run(capsys, *argv)
    assert status == 2 and err.count("\n") == 1 and "expected one value" in err, err


def _sleep_in_child() -> None:
    import time
    time.sleep(30)


@pytest.mark.skipif(not hasattr(os, "register_at_fork"), reason="needs fork")
def test_a_child_terminated_as_it_starts_dies_while_a_command_runs():
    """While a command runs, SIGTERM has a Python handler; a pool worker terminated before it has
    finished starting must still die (a signal caught between fork and CPython's reinitialisation
    of the child is cleared).  Before the fix about 60% of such children survived and waited for
    work forever (120 of 200 here), which hung `rdt experiment --jobs 2` in a CI run."""
    import multiprocessing
    import signal as signals
    ctx = multiprocessing.get_context("fork")
    survivors = 0
    with cli._terminate_as_interrupt():
        for _ in range(30):
            child = ctx.Process(target=_sleep_in_child)
            child.start()
            os.kill(child.pid, signals.SIGTERM)
            child.join(5)
            if child.is_alive():
                survivors += 1
                child.kill()
                child.join()
    assert survivors == 0


# -- issue 36: an exact tie beyond the exact route, the summary of a large tree ----------------

def test_an_exact_tie_beyond_the_exact_limit_is_decided(capsys, tmp_path):
    """Nodes without examples: the split's moment (1/2 + 1/2 of the same leaf moment, 4.11 with
    eta = 1/2 and n = 0) equals the leaf's at every k, a tie, so the split is pruned - at k = 4096
    (exact rationals) and beyond EXACT_K_LIMIT, up to the command line's largest k (the kernel's
    exact route sees the identical terms)."""
    path = tmp_path / "tie.json"
    path.write_text('{"counts":[0,0],"children":[{"counts":[0,0]},{"counts":[0,0]}]}')
    for k in ("4096", "4097", "1000000000"):
        status, out, err = run(capsys, "prune", str(path), "--k", k)
        assert status == 0 and err == "" and out.startswith(f"PruneTree at k = {k}: 1 leaf, pruned root"), (k, err)


def test_a_tie_the_kernel_cannot_decide_is_refused_in_words(capsys, monkeypatch, tmp_path):
    """The kernel's "not decided" (a tie whose exact rationals exceed EXACT_TIE_MAX_BITS; no
    command-line input reaches it - an epsilon of 30 digits cannot make one - so the kernel's own
    refusal is raised by hand here) becomes exit 2 and one line naming both limits."""
    from exactprune.knorm import prunetree
    from exactprune.numbers import CertificationError

    def undecided(self, i):
        raise CertificationError("sign not decided: a tie at k = 4097 whose exact moments need about 2 bits")
    monkeypatch.setattr(prunetree._PruneTree, "_exact_beyond_limit", undecided)
    path = tmp_path / "tie.json"
    path.write_text('{"counts":[0,0],"children":[{"counts":[0,0]},{"counts":[0,0]}]}')
    status, out, err = run(capsys, "prune", str(path), "--k", "4097")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "not decided: a comparison this input needs is an exact tie" in err
    assert "(EXACT_TIE_MAX_BITS)" in err and "4,096 or less always decides" in err


def test_another_arithmetic_error_stays_internal(capsys, monkeypatch, tree_file):
    import exactprune.peers.ccp as ccp

    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero")
    monkeypatch.setattr(ccp, "ccp_sequence", broken)
    status, _, err = run(capsys, "ccp", tree_file)
    assert status == 3 and err.startswith("exactprune: internal error: ZeroDivisionError")


def _fan(children: int) -> dict:
    """A root split into ``children`` nodes of alternating majority, (3, 1) and (1, 3), each split
    into a mixed and a pure leaf that correct no error ((2, 1), (1, 0) and (1, 2), (0, 1)): the
    root's split halves the errors, every lower split is worthless, so they are pruned together."""
    kids = [{"counts": [3, 1], "children": [{"counts": [2, 1]}, {"counts": [1, 0]}]} if i % 2 == 0 else
            {"counts": [1, 3], "children": [{"counts": [1, 2]}, {"counts": [0, 1]}]} for i in range(children)]
    return {"counts": [2 * children, 2 * children], "children": kids}


@pytest.mark.parametrize("command", [["prune", "--k", "2"], ["ccp"], ["breakpoints", "--no-crossings"]])
def test_a_large_tree_prints_a_summary_and_full_prints_everything(capsys, tmp_path, command):
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(_fan(16)))       # 32 leaves, 16 alike worthless splits
    status, summary, _ = run(capsys, command[0], str(path), *command[1:])
    assert status == 0
    status, full, _ = run(capsys, command[0], str(path), *command[1:], "--full")
    assert status == 0
    assert "(16 in all; --full lists them)" in summary and "--full lists them" not in full
    names = re.compile(r"\bc[.0-9]+")
    assert max(len(names.findall(line)) for line in summary.splitlines()) == 8      # at most 8 names a list
    assert max(len(names.findall(line)) for line in full.splitlines()) == 16
    if command[0] == "prune":
        assert "E[r^k] ~ " in summary and "(--full draws it)" in summary and "E[r^k] = " in full
    small = tmp_path / "small.json"
    small.write_text(json.dumps(_fan(4)))
    assert run(capsys, command[0], str(small), *command[1:]) == run(capsys, command[0], str(small), *command[1:], "--full")


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


def test_classprob_prints_every_decimal_with_six_significant_digits(capsys, tmp_path):
    """docs/cli_output.md promises 6 significant digits; %g dropped trailing zeros (0.12345)."""
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(_fan(4)))
    status, out, _ = run(capsys, "classprob", str(path), "--k", "2")
    assert status == 0
    decimals = re.findall(r"(?<![\w/])\d+\.\d+(?:e[+-]\d+)?", out)
    assert len(decimals) > 20
    for token in decimals:
        mantissa = token.split("e")[0].replace(".", "").lstrip("0")
        assert len(mantissa) == 6, token


def test_approx_keeps_trailing_zeros_of_a_float():
    from exactprune.commands.output import approx
    assert approx(0.12345) == "0.123450" and approx(2.0) == "2.00000" and approx(0.0) == "0"


# -- issue 36: verify --examples bounded by the measured cost of the checks --------------------------

def test_verify_refuses_more_cases_than_a_minute_of_checks_before_running_any(capsys):
    """zhong-4.1 costs 30 ms of CPU a case (measured at 200 cases): 10,000 cases would be 300 CPU s,
    refused in one line before a case runs, naming the 60 CPU s limit and 60 / 0.030 = 2,000 cases."""
    status, out, err = run(capsys, "verify", "--theorem", "zhong-4.1", "--examples", "10000")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "about 300.0 CPU s of checks (zhong-4.1: 30 ms a case), more than the limit of 60 CPU s" in err
    assert "this selection takes --examples 2,000 or less" in err


def test_verify_counts_the_correction_run_beside_a_refuted_statement(capsys):
    """--theorem zhong-5.5 also checks zhong-5.5-corrected (12 + 13 ms a case): 3,000 cases are
    75 CPU s, refused with the largest 60 / 0.025 = 2,400; with --violations (12 + 12 ms) the
    largest is 60 / 0.024 = 2,500."""
    status, _, err = run(capsys, "verify", "--theorem", "zhong-5.5", "--examples", "3000")
    assert status == 2 and "about 75.0 CPU s" in err and "--examples 2,400 or less" in err, err
    from exactprune.commands.verify import check_cost
    from exactprune.theorems import get
    both = [get("zhong-5.5"), get("zhong-5.5-corrected")]
    check_cost(both, 2500, violations=True)                        # 60.0 s: within the limit
    with pytest.raises(ValueError, match="--examples 2,500 or less"):
        check_cost(both, 2501, violations=True)


def test_verify_costs_name_registered_statements_only():
    """A cost for a statement that is not registered (renamed, removed) would bound nothing."""
    from exactprune.commands.verify import CASE_MS
    from exactprune.theorems import all_theorems
    assert set(CASE_MS) <= {t.id for t in all_theorems()}
