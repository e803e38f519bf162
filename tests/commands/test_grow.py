"""exactprune.commands.grow: ``exactprune grow DATA.csv`` writes a count tree other commands read."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from exactprune.cli import main
from exactprune.tree import Tree

from dataset_cases import ROWS, write


def test_grow_command_writes_count_tree(tmp_path, capsys):
    assert main(["grow", write(tmp_path, ROWS), "--max-depth", "1"]) == 0
    tree = Tree.from_json(capsys.readouterr().out)
    assert tree.n_leaves == 2 and tree.root.counts == (2, 3)


def test_grow_command_refusals(tmp_path, capsys):
    path = write(tmp_path, ROWS)
    assert main(["grow", path, "--target", "nosuch"]) == 2
    assert "no column 'nosuch'" in capsys.readouterr().err
    assert main(["grow", path, "--min-samples-leaf", "0"]) == 2
    assert "--min-samples-leaf: must be an integer in 1..10,000,000, got '0'" in capsys.readouterr().err


def test_grow_pipes_into_breakpoints(tmp_path, capsys):
    """grow's standard output, as printed, is what ``breakpoints -`` reads from its standard input
    (a fresh process reading a real pipe; grow runs here, its scikit-learn already imported)."""
    from sklearn.datasets import load_iris
    iris = load_iris()
    rows = [("petal length", "petal width", "species")] + [
        (f"{a}", f"{b}", iris.target_names[c]) for (a, b), c in zip(iris.data[:, 2:], iris.target)]
    path = write(tmp_path, rows, "iris.csv")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    assert main(["grow", path]) == 0
    grown = capsys.readouterr().out
    # the iris root split of Zhong App B (petal width <= 0.8, a midpoint), written as the largest
    # value that goes left: the widest setosa petal, 0.6 (the next width in the data is 1.0)
    assert '"split": "petal width <= 0.6"' in grown
    assert max(b for _, b, c in rows[1:] if c == "setosa") == "0.6"
    bp = subprocess.run([sys.executable, "-m", "exactprune", "breakpoints", "-", "--json"], input=grown,
                        capture_output=True, text=True, env=env)
    assert bp.returncode == 0, bp.stderr
    stages = json.loads(bp.stdout)["stages"]
    assert stages[0]["leaves"] <= Tree.from_json(grown).n_leaves and stages[-1]["leaves"] == 1
