"""exactprune.commands.arguments: the argument types and options shared by the commands, refused at
parse time in one line."""
from __future__ import annotations

import pytest

from cli_cases import command_parsers, run


def test_tree_positional_is_named_the_same_everywhere():
    readers = {name: parser for name, parser in command_parsers().items()
               if any(a.dest == "tree" for a in parser._actions)}
    assert set(readers) == {"moments", "prune", "breakpoints", "ccp", "cost", "classprob"}
    for name, parser in readers.items():
        action = next(a for a in parser._actions if a.dest == "tree")
        assert action.metavar == "TREE.json" and "- to read it from stdin" in action.help, name


@pytest.mark.parametrize("argv", [["verify", "--examples", "x"], ["verify", "--seed", "-1"],
                                  ["verify", "--examples", "0"]])
def test_verify_argument_errors_do_not_leak_function_names(capsys, argv):
    """Was 'argument --examples: invalid _positive value: 'x''."""
    status, _, err = run(capsys, *argv)
    assert status == 2 and "_positive" not in err and "_nonnegative" not in err and argv[1] in err


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
