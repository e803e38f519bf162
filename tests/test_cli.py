"""exactprune.cli, the front door: one parser for every command, exit statuses 0/1/2/3 (bad input
in one line, internal errors asking for a report), --version, --debug, signals, broken pipes,
warnings, recursion and long integers for deep trees."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from exactprune import cli

from cli_cases import command_parsers, deep_chain_json, run


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


def test_python_dash_m_is_the_same_program(tree_file):
    proc = subprocess.run([sys.executable, "-m", "exactprune", "ccp", tree_file], capture_output=True, text=True)
    assert proc.returncode == 0 and "22/75" in proc.stdout


@pytest.mark.slow
def test_importing_the_cli_leaves_sympy_sklearn_and_hypothesis_out():
    """Issue 14: sympy, scikit-learn and hypothesis are imported only by the code that uses them.
    A fresh interpreter (this one has them loaded already); the second list shows that the check
    sees a heavy import when there is one.  In the full suite: the fast set checks the same in
    tests/test_startup.py (test_help_imports_neither_numpy_nor_flint_nor_any_heavy_library imports
    the CLI in a fresh interpreter, sympy, sklearn and hypothesis among the libraries it must leave
    out; test_a_command_on_a_small_tree_imports_no_heavy_library shows the check sees a loaded one)."""
    code = ("import sys, exactprune.cli; heavy = ('sympy', 'sklearn', 'hypothesis'); "
            "print([m for m in heavy if m in sys.modules]); import exactprune.sklearn; "
            "print([m for m in heavy if m in sys.modules])")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[1])
    assert proc.stdout.splitlines() == ["[]", "['sklearn']"]


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


def _all_parsers(parsers=None, prefix=""):
    """(command path, parser) of every command and subcommand (``rdt moments``)."""
    import argparse
    for name, parser in (parsers or command_parsers()).items():
        yield prefix + name, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                yield from _all_parsers(action.choices, prefix + name + " ")


def test_every_option_and_positional_has_help():
    missing = [(name, action.dest) for name, parser in _all_parsers() for action in parser._actions
               if not action.help and action.dest not in ("rdt_command",)]
    assert not missing


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


def _complete_tree(depth: int, index: int = 0) -> dict:
    """A complete binary count tree whose leaves are pure, (10, 0) and (0, 10) in turn: every split
    corrects errors, so PruneTree keeps all 2^(depth+1) - 1 nodes."""
    if depth == 0:
        return {"counts": [10, 0] if index % 2 == 0 else [0, 10]}
    children = [_complete_tree(depth - 1, 2 * index), _complete_tree(depth - 1, 2 * index + 1)]
    return {"counts": [sum(c["counts"][j] for c in children) for j in range(2)], "children": children}


def test_output_into_a_closed_pipe_exits_0_quietly(tmp_path):
    """`exactprune errata | head -1` printed 'Broken pipe' and exited 2.  The front door handles the
    reader leaving for every command; here the --json tree of 1,023 nodes (about 350 kB over 8,000
    lines, several times what a pipe holds), so the command is still writing when the reader leaves
    after one line and the failed write is certain."""
    path = tmp_path / "complete.json"
    path.write_text(json.dumps(_complete_tree(9)))
    proc = subprocess.Popen([sys.executable, "-m", "exactprune", "prune", str(path), "--k", "2", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline() == b"{\n"
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0 and err == b""


def test_json_output_of_a_tree_deeper_than_250(capsys, tmp_path):
    """--json of a tree deeper than about 250 raised RecursionError."""
    path = tmp_path / "deep.json"
    path.write_text(deep_chain_json(400))
    status, out, err = run(capsys, "prune", str(path), "--k", "2", "--json")
    assert status == 0, err
    node, depth = json.loads(out)["tree"], 0
    while node.get("children"):
        node, depth = node["children"][0], depth + 1
    assert depth == 400 and json.loads(out)["leaves"] == 401
    status, out, err = run(capsys, "ccp", str(path), "--json")
    assert status == 0 and json.loads(out)["stages"], err


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


@pytest.fixture
def no_watchdog(monkeypatch):
    """The unwinding watchdogs a terminating signal arms, recorded instead of started (a real one
    would end this test process cli.UNWIND_SECONDS later)."""
    import threading
    armed = []

    class Watchdog:
        def __init__(self, seconds, function, args):
            armed.append((seconds, function, args))
            self.daemon = False

        def start(self):
            pass
    monkeypatch.setattr(threading, "Timer", Watchdog)
    return armed


@pytest.fixture
def sigint_handled():
    """Python's own SIGINT handler in place for the test, as in a process started in the
    foreground: a test process that inherited SIGINT ignored (a background job of a
    non-interactive shell) keeps it ignored in ``cli.main`` too, and a SIGINT sent to it would
    reach nothing (the README's test command run with ``&`` failed the SIGINT cases so)."""
    import signal as signals
    previous = signals.signal(signals.SIGINT, signals.default_int_handler)
    yield
    signals.signal(signals.SIGINT, previous)


def _command(monkeypatch, body):
    """Make ``cli.main([])`` run ``body(args)`` as its command."""
    import argparse
    parser = argparse.ArgumentParser()
    parser.set_defaults(func=body)
    monkeypatch.setattr(cli, "build_parser", lambda: parser)


def _receive(signum):
    """Send ``signum`` to this process and return once its Python handler has run."""
    os.kill(os.getpid(), signum)
    for _ in range(1000):       # the handler runs at the next bytecode boundary
        pass


@pytest.mark.parametrize("signum", ["SIGTERM", "SIGINT"])
def test_a_signal_whose_interrupt_a_library_swallowed_still_ends_the_command_as_interrupted(capsys, monkeypatch,
                                                                                            no_watchdog, signum,
                                                                                            sigint_handled):
    """SIGTERM's (or Ctrl-C's) KeyboardInterrupt can be swallowed on its way up (raised in a
    ``__del__`` or a library callback, Python only prints "Exception ignored"), and the command
    then finishes: it still exits with 128 + n and says it was interrupted (a CI run saw exit 0
    after SIGTERM).  SIGTERM arms the unwinding watchdog; Ctrl-C, as before, does not."""
    import signal as signals
    number = getattr(signals, signum)

    def swallowing_command(_args):
        try:
            _receive(number)
        except KeyboardInterrupt:
            pass
        return 0
    _command(monkeypatch, swallowing_command)
    assert cli.main([]) == 128 + number
    assert capsys.readouterr().err == "exactprune: interrupted\n"
    assert no_watchdog == ([(cli.UNWIND_SECONDS, os._exit, (128 + number,))] if number == signals.SIGTERM else [])
    # the next command starts with no signal on record
    _command(monkeypatch, lambda _args: 0)
    assert cli.main([]) == 0


def test_a_command_whose_interrupt_was_swallowed_starts_no_more_work_units(capsys, monkeypatch, no_watchdog):
    """Seen in the test with 8 commands terminated while their pools start (1 round in 150): the
    SIGTERM's KeyboardInterrupt was swallowed in a weakref callback of the import system, the
    command went on and started its pool - loky's, since the watchdog thread made fork unsound -
    and the watchdog ended it 10 s later with two workers and two resource trackers still running.
    After a terminating signal, run_units starts no units: the command ends as interrupted at
    once.  Outside a command, the signal left on record by the last one stops nothing."""
    import signal as signals
    from exactprune import parallel
    started = []

    def unit(x):
        started.append(x)
        return x

    def swallowing_command(_args):
        try:
            _receive(signals.SIGTERM)
        except KeyboardInterrupt:
            pass
        return len(parallel.run_units(unit, [(1,), (2,)]))
    _command(monkeypatch, swallowing_command)
    assert cli.main([]) == 128 + signals.SIGTERM
    assert started == [] and capsys.readouterr().err == "exactprune: interrupted\n"
    try:
        outside = parallel.run_units(unit, [(3,)])
    except KeyboardInterrupt:        # (would stop the test session, not fail the test)
        outside = "KeyboardInterrupt"
    assert outside == [3] and started == [3]


@pytest.mark.parametrize("signum", ["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("caused", [ImportError('PyCapsule_Import could not import module "datetime"'),
                                    RuntimeError("pool broken"), OSError(5, "Input/output error"),
                                    BrokenPipeError(32, "Broken pipe"), ValueError("bad message length")])
def test_an_exception_the_interruption_caused_ends_the_command_as_interrupted(capsys, monkeypatch, no_watchdog,
                                                                             signum, caused, sigint_handled):
    """Seen in test_parents_terminated_while_their_pools_start_leave_no_worker_behind (1 command
    in 200 under load): a command terminated while it started exited 3, "internal error:
    ImportError": the signal's KeyboardInterrupt came during numpy's import, which turned it into
    an ImportError (the first case here); a pool or a pipe broken by the unwinding would do the
    same.  A command that received SIGTERM or Ctrl-C ends as interrupted (128 + n, the one line)
    whatever it raised next: not 3 (an internal error), 2 (bad input) or 0 (a closed output pipe)."""
    import signal as signals
    number = getattr(signals, signum)

    def interrupted_command(_args):
        try:
            _receive(number)
        except KeyboardInterrupt:
            raise caused from None
        return 0
    _command(monkeypatch, interrupted_command)
    assert cli.main([]) == 128 + number
    assert capsys.readouterr().err == "exactprune: interrupted\n"


@pytest.mark.parametrize("error", [RuntimeError("pool broken"), OSError(5, "Input/output error")])
def test_the_same_exception_without_a_signal_is_an_internal_error(capsys, monkeypatch, no_watchdog, error):
    """The converse: no signal received, the same exceptions are internal errors (exit 3, the
    line asking for a report), also right after a command that was interrupted."""
    import signal as signals

    def swallowing_command(_args):
        try:
            _receive(signals.SIGTERM)
        except KeyboardInterrupt:
            pass
        return 0
    _command(monkeypatch, swallowing_command)
    assert cli.main([]) == 128 + signals.SIGTERM
    capsys.readouterr()

    def failing_command(_args):
        raise error
    _command(monkeypatch, failing_command)
    assert cli.main([]) == cli.EXIT_INTERNAL
    assert capsys.readouterr().err == (f"exactprune: internal error: {type(error).__name__}: {error}; please report "
                                       f"it; rerun with --debug for the traceback\n")


INTERRUPTED_IN_EXEC = """
import argparse, os, signal
from exactprune import cli

def command(_args):
    # the signal's KeyboardInterrupt leaves code run by exec of a string (as when an import
    # creates a dataclass or a named tuple at that moment), and is caught further up
    try:
        exec("os.kill(os.getpid(), signal.SIGTERM)\\nfor _ in range(1000): pass")
    except KeyboardInterrupt:
        pass
    return 0

parser = argparse.ArgumentParser()
parser.set_defaults(func=command)
cli.build_parser = lambda: parser
raise SystemExit(cli.main([]))
"""


def test_python_dash_m_exits_with_the_status_of_an_interrupted_command(tmp_path):
    """Seen in the test with 8 commands terminated while their pools start: a command printed
    "interrupted" and ended by SIGINT (-2) instead of with 143.  CPython ends ``python -m`` by
    SIGINT when a KeyboardInterrupt left code run by ``exec`` of a string, even one caught
    later; the command clears that record before it returns."""
    import signal as signals
    (tmp_path / "interrupted_in_exec.py").write_text(INTERRUPTED_IN_EXEC)
    root = str(Path(__file__).resolve().parents[1])
    proc = subprocess.run([sys.executable, "-m", "interrupted_in_exec"], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": os.pathsep.join([root, str(tmp_path)])})
    assert (proc.returncode, proc.stderr) == (128 + signals.SIGTERM, "exactprune: interrupted\n")


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
