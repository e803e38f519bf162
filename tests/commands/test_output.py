"""exactprune.commands.output: what the commands print (counts with their nouns, decimals, lists of
pruned nodes and their summary)."""
from __future__ import annotations

import json
import re

import pytest

from cli_cases import fan_tree, run


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


@pytest.mark.parametrize("command", [["prune", "--k", "2"], ["ccp"], ["breakpoints", "--no-crossings"]])
def test_a_large_tree_prints_a_summary_and_full_prints_everything(capsys, tmp_path, command):
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(fan_tree(16)))       # 32 leaves, 16 alike worthless splits
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
    small.write_text(json.dumps(fan_tree(4)))
    assert run(capsys, command[0], str(small), *command[1:]) == run(capsys, command[0], str(small), *command[1:], "--full")


def test_approx_keeps_trailing_zeros_of_a_float():
    from exactprune.commands.output import approx
    assert approx(0.12345) == "0.123450" and approx(2.0) == "2.00000" and approx(0.0) == "0"
