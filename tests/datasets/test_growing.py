"""exactprune.datasets.growing: a CART tree grown on a CSV data set, its splits written in the
CSV's terms so that a reader can replay them over the raw rows."""
from __future__ import annotations

import json

import numpy as np
import pytest

from exactprune.cli import main
from exactprune.datasets import grow_tree, load_csv

from dataset_cases import ROWS, write


def test_grown_tree_counts_and_split_descriptions(tmp_path):
    d = load_csv(write(tmp_path, ROWS))
    tree = grow_tree(d, random_state=0)
    assert tree.root.counts == (2, 3) and tree.class_names == ["no", "yes"]
    # every leaf's counts equal the class counts of the rows the split descriptions send there
    rows = ROWS[1:]

    def goes_left(split, row):
        attr, op, value = split.split(" ")
        cell = row[ROWS[0].index(attr)]
        return cell != value if op == "!=" else float(cell) <= float(value)

    def check(node, subset):
        assert node.counts == (sum(r[3] == "no" for r in subset), sum(r[3] == "yes" for r in subset))
        if node.children:
            check(node.children[0], [r for r in subset if goes_left(node.split, r)])
            check(node.children[1], [r for r in subset if not goes_left(node.split, r)])
    check(tree.root, rows)
    assert all(n.counts[0] * n.counts[1] == 0 for n in tree.leaves())   # grown until pure


def test_grow_json_names_the_csv_column_and_level_of_every_split(tmp_path, capsys):
    """Route the raw CSV rows by the JSON alone ('feature' = position in the header, 'split' =
    'COLUMN != LEVEL' or the threshold): every node's counts are the classes of its rows."""
    path = write(tmp_path, ROWS)
    assert main(["grow", path]) == 0
    tree = json.loads(capsys.readouterr().out)
    header, rows = ROWS[0], ROWS[1:]

    def check(node, subset):
        assert node["counts"] == [sum(r[3] == "no" for r in subset), sum(r[3] == "yes" for r in subset)]
        if "children" not in node:
            return
        column = header[node["feature"]]
        assert node["split"].startswith(column + " ")
        if "threshold" in node:
            left = [r for r in subset if float(r[node["feature"]]) <= node["threshold"]]
        else:
            level = node["split"][len(column + " != "):]
            left = [r for r in subset if r[node["feature"]] != level]
        check(node["children"][0], left)
        check(node["children"][1], [r for r in subset if r not in left])
    check(tree, rows)


def _replay(node: dict, rows: list, header: list, classes: list, file_rows: list = None) -> None:
    """Route the raw rows (text cells) by the printed split of every node, reading each cell as
    the file means it (float of its decimal text; a level by its text), and check each node's
    printed counts against the rows that reach it.  Independent of the loader: only json, float
    and the text of the file."""
    file_rows = rows if file_rows is None else file_rows
    assert node["counts"] == [sum(row[-1] == c for row in rows) for c in classes], node.get("name")
    if "children" not in node:
        return
    column, op, value = node["split"].rsplit(" ", 2)
    j = header.index(column)
    if op == "<=":
        assert float(value) == node["threshold"]
        assert any(float(row[j]) == node["threshold"] for row in file_rows)     # a value of the file's column
        left = [row for row in rows if float(row[j]) <= float(value)]
        right = [row for row in rows if float(row[j]) > float(value)]
    else:
        assert op == "!="
        left = [row for row in rows if row[j] != value]
        right = [row for row in rows if row[j] == value]
    _replay(node["children"][0], left, header, classes, file_rows)
    _replay(node["children"][1], right, header, classes, file_rows)


@pytest.mark.parametrize("values", [("20000002", "20000003"), ("16777216", "16777217"), ("0", "1e-50"),
                                    ("0.1", "0.30000000000000004", "0.3")])
def test_every_printed_split_replays_over_the_raw_rows_where_float32_merges_values(tmp_path, capsys, values):
    # the issue's inputs: float32 makes 16777217 16777216 and 1e-50 zero; 20000003's float32 image
    # is 20000004, so scikit-learn's midpoint threshold 20000003.0 routed the row 20000003 right
    rows = [("x", "class")] + [(v, "ab"[i % 2]) for i, v in enumerate(values)]
    assert main(["grow", write(tmp_path, rows)]) == 0
    tree = json.loads(capsys.readouterr().out)
    # the values sorted: 0.1, 0.3 (class a) go left of 0.30000000000000004 (b); else the smallest alone
    assert tree["children"][0]["counts"] == ([2, 0] if len(values) == 3 else [1, 0])
    _replay(tree, [list(r) for r in rows[1:]], list(rows[0]), tree["class_names"])


def test_grown_trees_on_random_files_replay_exactly(tmp_path, capsys):
    rng = np.random.default_rng(36)
    for trial in range(12):
        n = int(rng.integers(5, 60))
        pool = ["16777216", "16777217", "20000002", "20000003", "0", "1e-50", "-0.5", "3.25", "1e30", "7"]
        rows = [("a", "colour", "b", "class")] + [
            (str(rng.choice(pool)), str(rng.choice(["red", "blue", "green"])), f"{rng.normal():.6g}",
             str(rng.choice(["x", "y", "z"]))) for _ in range(n)]
        if len({r[-1] for r in rows[1:]}) < 2:
            continue
        assert main(["grow", write(tmp_path, rows)]) == 0, trial
        tree = json.loads(capsys.readouterr().out)
        _replay(tree, [list(r) for r in rows[1:]], list(rows[0]), tree["class_names"])
