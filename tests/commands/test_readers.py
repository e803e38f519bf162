"""exactprune.commands.readers: the commands' input files read within the limits (size, depth,
children, classes, per-node report size)."""
from __future__ import annotations

import json
import sys

import pytest

from cli_cases import deep_chain_json, run


@pytest.mark.parametrize("text, words", [("{", "malformed"), ('{"counts": [1, -2]}', "negative"),
                                         ('{"counts": [3, 1], "children": [{"counts": [3, 1]}]}', "2 children")])
def test_bad_tree_on_stdin(monkeypatch, capsys, text, words):
    import io
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, _, err = run(capsys, "moments", "-", "--k", "1")
    assert status == 2 and words in err and err.count("\n") == 1


def test_tree_deeper_than_the_limit_is_refused(capsys, tmp_path):
    from exactprune.limits import CLI_MAX_TREE_DEPTH
    path = tmp_path / "deep.json"
    path.write_text(deep_chain_json(CLI_MAX_TREE_DEPTH + 1))
    status, _, err = run(capsys, "prune", str(path), "--k", "2")
    assert status == 2 and f"at most {CLI_MAX_TREE_DEPTH} levels" in err


def test_per_node_reports_refuse_beyond_the_visit_limit(capsys, monkeypatch, tmp_path):
    import exactprune.limits as limits
    monkeypatch.setattr(limits, "CLI_MAX_REPORT_VISITS", 20)
    path = tmp_path / "deep.json"
    path.write_text(deep_chain_json(5))       # 11 nodes at levels 1..6: 1 + 2(2 + 3 + 4 + 5 + 6) = 41 visits
    status, _, err = run(capsys, "moments", str(path), "--k", "2")
    assert status == 2 and "41 node visits" in err and "limit is 20" in err
    status, _, _ = run(capsys, "prune", str(path), "--k", "2")
    assert status == 0


def test_per_node_reports_refuse_beyond_the_work_limit(capsys, monkeypatch, tmp_path):
    """moments at k = 1943 on a 40-level chain ran for over 30 s (found by the fuzz campaign)."""
    path = tmp_path / "chain.json"
    path.write_text(deep_chain_json(40))     # 81 nodes: 1 + 2(2 + ... + 41) = 1721 visits
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
