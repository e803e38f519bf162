"""Helpers shared by the command-line tests (tests/test_cli.py, tests/commands/): running a command
in-process and the trees they read."""
from __future__ import annotations

import json

from exactprune.cli import main


#: Zhong's App B iris tree (Figure B.1), the tree the ``tree_file`` fixture of tests/conftest.py writes
TREE = {"counts": [50, 50, 50], "children": [
    {"counts": [50, 0, 0]},
    {"counts": [0, 50, 50], "children": [{"counts": [0, 49, 5]}, {"counts": [0, 1, 45]}]}]}


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def command_parsers():
    import argparse
    from exactprune.cli import build_parser
    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices


def chain_tree(depth: int) -> dict:
    """A chain of ``depth`` splits, each cutting off a pure leaf of the class that alternates, so that
    every split lowers the error and PruneTree keeps them all."""
    node = {"counts": [5, 0]}
    for i in range(depth):
        leaf = [0, 5] if i % 2 == 0 else [5, 0]
        node = {"counts": [node["counts"][0] + leaf[0], node["counts"][1] + leaf[1]], "children": [node, {"counts": leaf}]}
    return node


def deep_chain_json(depth: int) -> str:
    import sys as _sys
    old = _sys.getrecursionlimit()
    _sys.setrecursionlimit(max(old, 4 * depth + 1000))
    try:
        return json.dumps(chain_tree(depth))
    finally:
        _sys.setrecursionlimit(old)


def fan_tree(children: int) -> dict:
    """A root split into ``children`` nodes of alternating majority, (3, 1) and (1, 3), each split
    into a mixed and a pure leaf that correct no error ((2, 1), (1, 0) and (1, 2), (0, 1)): the
    root's split halves the errors, every lower split is worthless, so they are pruned together."""
    kids = [{"counts": [3, 1], "children": [{"counts": [2, 1]}, {"counts": [1, 0]}]} if i % 2 == 0 else
            {"counts": [1, 3], "children": [{"counts": [1, 2]}, {"counts": [0, 1]}]} for i in range(children)]
    return {"counts": [2 * children, 2 * children], "children": kids}
