"""The CSV loader and ``exactprune grow``: round trip, refusals, the grow | breakpoints pipe."""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys

import numpy as np
import pytest

from exactprune.cli import main
from exactprune.datasets import grow_tree, load_csv
from exactprune.tree import Tree

UCI = os.environ.get("EXACTPRUNE_DATA", "")   # folder of the Table 6.1 UCI databases, if given

ROWS = [("colour", "width", "size", "label"),
        ("red", "1.5", "3", "yes"),
        ("blue", "0.5", "1", "no"),
        ("green", "2", "3", "yes"),
        ("red", "0.25", "2", "no"),
        ("blue", "3", "1", "yes")]


def write(tmp_path, rows, name="toy.csv", gz=False):
    text = "\n".join(",".join(r) for r in rows) + "\n"
    path = tmp_path / name
    path.write_bytes(gzip.compress(text.encode()) if gz else text.encode())
    return str(path)


@pytest.mark.parametrize("gz", [False, True])
def test_round_trip_categorical_and_numerical(tmp_path, gz):
    # expected coding written out by hand from ROWS
    d = load_csv(write(tmp_path, ROWS, "toy.csv.gz" if gz else "toy.csv", gz=gz))
    assert d.name == "toy"
    assert d.attributes == ["colour", "width", "size"]
    assert d.categorical == {"colour": ["blue", "green", "red"]}
    assert d.feature_names == ["colour=blue", "colour=green", "colour=red", "width", "size"]
    assert d.class_names == ["no", "yes"]
    assert d.y.tolist() == [1, 0, 1, 0, 1]
    assert d.X.tolist() == [[0, 0, 1, 1.5, 3], [1, 0, 0, 0.5, 1], [0, 1, 0, 2, 3],
                            [0, 0, 1, 0.25, 2], [1, 0, 0, 3, 1]]
    # decode each row back to the CSV tokens
    for row, x in zip(ROWS[1:], d.X):
        colour = [v for v, bit in zip(d.categorical["colour"], x[:3]) if bit == 1]
        assert colour == [row[0]] and x[3] == float(row[1]) and x[4] == float(row[2])


def test_target_and_named_categorical(tmp_path):
    d = load_csv(write(tmp_path, ROWS), target="colour", categorical=["size"])
    assert d.class_names == ["blue", "green", "red"]
    assert d.feature_names == ["width", "size=1", "size=2", "size=3", "label=no", "label=yes"]
    assert d.y.tolist() == [2, 0, 1, 2, 0]


def test_numeric_class_labels_sort_as_numbers(tmp_path):
    rows = [("x", "c"), ("1", "10"), ("2", "9"), ("3", "10")]
    assert load_csv(write(tmp_path, rows)).class_names == ["9", "10"]


@pytest.mark.parametrize("token", ["?", "", "NA", "nan", "N/A"])
def test_missing_value_refused_citing_determinacy(tmp_path, token):
    rows = [r for r in ROWS]
    rows[3] = ("green", token, "3", "yes")
    with pytest.raises(ValueError, match=r"row 4, column 'width': missing value .*Determinacy Assumption"):
        load_csv(write(tmp_path, rows))


def test_single_class_refused(tmp_path):
    rows = [ROWS[0]] + [r[:3] + ("yes",) for r in ROWS[1:]]
    with pytest.raises(ValueError, match="single class 'yes'"):
        load_csv(write(tmp_path, rows))


def test_unknown_target_and_categorical_refused(tmp_path):
    path = write(tmp_path, ROWS)
    with pytest.raises(ValueError, match="no column 'weight' to use as the class; columns: colour, width"):
        load_csv(path, target="weight")
    with pytest.raises(ValueError, match="--categorical names 'shape'"):
        load_csv(path, categorical=["shape"])


def test_a_corrupt_gzip_file_is_refused(tmp_path):
    data = bytearray(gzip.compress(("a,b\n" + "1,x\n" * 1000).encode()))
    data[20:40] = b"\xff" * 20
    path = tmp_path / "bad.csv.gz"
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="looks gzip-compressed but cannot be decompressed"):
        load_csv(str(path))


def test_ragged_rows_and_unreadable_files_refused(tmp_path):
    with pytest.raises(ValueError, match="row 3, column 'size': missing value .an empty cell, or a row with fewer"):
        load_csv(write(tmp_path, ROWS[:2] + [("red", "1")]))
    with pytest.raises(ValueError, match="row 3: 5 values for 4 columns"):
        load_csv(write(tmp_path, ROWS[:2] + [("red", "1", "2", "yes", "extra")]))
    with pytest.raises(ValueError, match="cannot read data file"):
        load_csv(str(tmp_path / "absent.csv"))
    with pytest.raises(ValueError, match="no data rows"):
        load_csv(write(tmp_path, ROWS[:1]))


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


def test_grow_pipes_into_breakpoints(tmp_path):
    from sklearn.datasets import load_iris
    iris = load_iris()
    rows = [("petal length", "petal width", "species")] + [
        (f"{a}", f"{b}", iris.target_names[c]) for (a, b), c in zip(iris.data[:, 2:], iris.target)]
    path = write(tmp_path, rows, "iris.csv")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    grow = subprocess.run([sys.executable, "-m", "exactprune", "grow", path], capture_output=True, text=True,
                          env=env, check=True)
    # the iris root split of Zhong App B (petal width <= 0.8, a midpoint), written as the largest
    # value that goes left: the widest setosa petal, 0.6 (the next width in the data is 1.0)
    assert '"split": "petal width <= 0.6"' in grow.stdout
    assert max(b for _, b, c in rows[1:] if c == "setosa") == "0.6"
    bp = subprocess.run([sys.executable, "-m", "exactprune", "breakpoints", "-", "--json"], input=grow.stdout,
                        capture_output=True, text=True, env=env)
    assert bp.returncode == 0, bp.stderr
    stages = json.loads(bp.stdout)["stages"]
    assert stages[0]["leaves"] <= Tree.from_json(grow.stdout).n_leaves and stages[-1]["leaves"] == 1


def test_compare_accepts_a_csv_path(tmp_path, capsys):
    rng = np.random.default_rng(3)
    rows = [("a", "b", "class")] + [(f"{x:.3f}", "uv"[int(x > 0.3)], str(int(x + rng.normal(0, 0.3) > 0)))
                                    for x in rng.normal(size=400)]
    assert main(["compare", write(tmp_path, rows, "mine.csv.gz", gz=True), "--runs", "2", "--ratios", "50",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {r["dataset"] for r in out["runs"]} == {"mine"}
    assert main(["compare", "mine", "--data-dir", str(tmp_path), "--runs", "1", "--ratios", "50"]) == 0


@pytest.mark.skipif(not os.path.isfile(os.path.join(UCI, "abalone.csv.gz")), reason="set EXACTPRUNE_DATA to the UCI folder")
@pytest.mark.parametrize("name,shape,classes,n_cat", [("abalone", (4177, 7 + 3), 3, 1),
                                                      ("kr-vs-kp", (3196, None), 2, 36),
                                                      ("splice", (3190, None), 3, 60)])
def test_uci_databases_match_table_6_1(name, shape, classes, n_cat):
    d = load_csv(os.path.join(UCI, f"{name}.csv.gz"))
    assert d.X.shape[0] == shape[0] and d.n_classes == classes and len(d.categorical) == n_cat
    if shape[1] is not None:
        assert d.X.shape[1] == shape[1]


# ---------------------------------------------------------------- typed CSV reading (issue 26)

def write_text(tmp_path, text, name="t.csv", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return str(path)


@pytest.mark.parametrize("sep", [";", "\t", "|"])
def test_separator_detected_from_the_header(tmp_path, sep):
    text = "\n".join(sep.join(r) for r in ROWS) + "\n"
    d = load_csv(write_text(tmp_path, text))
    assert d.feature_names == ["colour=blue", "colour=green", "colour=red", "width", "size"]
    assert d.y.tolist() == [1, 0, 1, 0, 1]


def test_sep_option_quoting_and_bom(tmp_path):
    # a quoted cell holding the separator, a byte-order mark, and a separator given by hand
    text = '\ufeffname;x;class\n"a;b";1;p\nc;2;q\n"a;b";3;p\n'
    d = load_csv(write_text(tmp_path, text), sep=";")
    assert d.attributes == ["name", "x"] and d.categorical == {"name": ["a;b", "c"]}
    assert main(["grow", write_text(tmp_path, "a,b,c\n1,2,x\n3,4,y\n"), "--sep", ";"]) == 2


def test_a_semicolon_file_read_with_the_wrong_separator_says_so(tmp_path, capsys):
    path = write_text(tmp_path, "a;b;c\n1;2;x\n3;4;y\n")
    assert main(["grow", path, "--sep", ","]) == 2
    assert "the header has 1 column" in capsys.readouterr().err


@pytest.mark.parametrize("token, why", [("2o", "is not a number, yet 4 of the column's 5 values are; "),
                                        ("inf", "is not a number, yet 4 of the column's 5 values are; "),
                                        ("0x10", "is not a number, yet 4 of the column's 5 values are; "),
                                        ("1_000", "reads as a number only with --thousands '_'"),
                                        ("1,5", "reads as a number only with --decimal ','")])
def test_a_typo_in_a_numerical_column_is_refused_with_its_row(tmp_path, token, why):
    rows = [list(r) for r in ROWS]
    rows[4][1] = token                          # row 5 of the file (the header is row 1)
    text = "\n".join(";".join(r) for r in rows) + "\n"
    with pytest.raises(ValueError, match=rf"row 5, column 'width': '{token}' {why}.*--categorical width"):
        load_csv(write_text(tmp_path, text))
    d = load_csv(write_text(tmp_path, text), categorical=["width"])      # declared: every value a level
    assert token in d.categorical["width"]


@pytest.mark.parametrize("value, refused", [("1e39", True), ("-3.5e38", True), ("1e400", True), ("3.4e38", False)])
def test_values_beyond_float32_are_refused_naming_column_and_row(tmp_path, value, refused):
    rows = [list(r) for r in ROWS]
    rows[2][2] = value
    path = write(tmp_path, rows)
    if refused:
        with pytest.raises(ValueError, match=rf"row 3, column 'size': '{value}' is beyond \+-3.4e38"):
            load_csv(path)
    else:
        assert load_csv(path).X[1, 4] == float(value)


def test_class_labels_are_compared_as_values(tmp_path):
    rows = [("x", "c"), ("1", "1.0"), ("2", "1"), ("3", "2"), ("4", "01"), ("5", "10")]
    d = load_csv(write(tmp_path, rows))
    assert d.class_names == ["1", "2", "10"] and d.y.tolist() == [0, 0, 1, 0, 2]


def test_numerical_levels_are_ordered_by_value(tmp_path):
    rows = [("size", "c"), ("10", "a"), ("8", "b"), ("9.5", "a"), ("8", "b")]
    d = load_csv(write(tmp_path, rows), categorical=["size"])
    assert d.categorical["size"] == ["8", "9.5", "10"]
    assert d.X.tolist() == [[0, 0, 1], [1, 0, 0], [0, 1, 0], [1, 0, 0]]


def test_an_identifier_column_is_refused_unless_declared(tmp_path):
    rows = [("id", "x", "c")] + [(f"row{i}", str(i % 3), "ab"[i % 2]) for i in range(12)]
    with pytest.raises(ValueError, match="column 'id' has a different value in every row .*--categorical id"):
        load_csv(write(tmp_path, rows))
    assert len(load_csv(write(tmp_path, rows), categorical=["id"]).categorical["id"]) == 12


def test_too_many_levels_are_refused_naming_the_override(tmp_path):
    rows = [("colour", "c")] + [(c, "ab"[i % 2]) for i, c in enumerate("rgbrgbrgbrgb")]
    with pytest.raises(ValueError, match="'colour' has 3 levels, more than 2 .*--max-levels"):
        load_csv(write(tmp_path, rows), max_levels=2)
    assert load_csv(write(tmp_path, rows), max_levels=3).categorical["colour"] == ["b", "g", "r"]


def test_the_coded_size_is_refused_before_it_is_built(tmp_path, monkeypatch):
    from exactprune import limits
    monkeypatch.setattr(limits, "CLI_MAX_CODED_CELLS", 5 * 5 - 1)        # 5 rows x 5 coded columns
    with pytest.raises(ValueError, match="5 rows x 5 columns, more than the limit of 24 cells"):
        load_csv(write(tmp_path, ROWS))


def test_a_cell_longer_than_the_csv_module_limit_is_read_in_little_memory(tmp_path):
    """Python's csv module stops at 131,072 characters; and one long cell must not size every
    cell (numpy's fixed-width strings would take 600 cells x 800 KB here)."""
    import tracemalloc
    long = "x" * 200_000
    rows = [("name", "v", "c"), (long, "1", "a")] + [("y", str(i), "ab"[i % 2]) for i in range(199)]
    path = write(tmp_path, rows)
    tracemalloc.start()
    try:
        d = load_csv(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert d.categorical["name"] == [long, "y"]
    assert peak < 50_000_000, peak


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


def test_compare_refuses_too_few_rows_before_any_work(tmp_path, capsys):
    rows = [("x", "c")] + [(str(i), "ab"[i % 2]) for i in range(19)]
    assert main(["compare", write(tmp_path, rows)]) == 2
    err = capsys.readouterr().err
    assert "19 rows; the protocol cuts the data into 20 subsets and needs at least 20 rows" in err
    assert err.count("\n") == 1


# ------------------------------------------- compare takes grow's data options (--sep, --max-levels)

def _protocol_rows(levels=3, n=200):
    """n rows (x, level, class): the class follows x with noise; ``levels`` distinct levels,
    each in several rows (not an identifier column)."""
    rng = np.random.default_rng(5)
    x = rng.normal(size=n)
    return [(f"{v:.3f}", f"L{i % levels}", str(int(v + rng.normal(0, 0.3) > 0))) for i, v in enumerate(x)]


def _compare_json(capsys, path, *extra):
    status = main(["compare", path, "--runs", "2", "--ratios", "50", "--json", "--no-times", *extra])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_compare_sep_reads_a_semicolon_file_as_the_comma_file(tmp_path, capsys):
    """Column names holding commas: detection from the header picks ',' for the semicolon file
    (as many commas as semicolons, ',' first) and finds its rows short, so only --sep ';' passed
    through to the protocol's loader reads it, and then as the comma file (names quoted) is read."""
    rows = _protocol_rows()
    (tmp_path / "comma").mkdir()
    (tmp_path / "semi").mkdir()
    comma = tmp_path / "comma" / "data.csv"
    semi = tmp_path / "semi" / "data.csv"                  # the same name: the runs name the data set
    comma.write_text('"x,1","x,2",class\n' + "".join(",".join(r) + "\n" for r in rows))
    semi.write_text("x,1;x,2;class\n" + "".join(";".join(r) + "\n" for r in rows))
    status, expected, _ = _compare_json(capsys, str(comma))
    assert status == 0 and json.loads(expected)["runs"]
    status, _, err = _compare_json(capsys, str(semi))
    assert status == 2 and err.count("\n") == 1 and "missing value" in err     # "x", "1;x", "2;class": rows short
    status, out, _ = _compare_json(capsys, str(semi), "--sep", ";")
    assert status == 0
    got, want = json.loads(out), json.loads(expected)
    assert got.pop("dataset") == str(semi) and want.pop("dataset") == str(comma)      # the path given
    assert got == want                  # every run's accuracies and leaves, and the tables


def test_compare_max_levels_is_the_loaders_limit(tmp_path, capsys):
    """A column of 150 levels (each in 2 rows): refused under the default limit of 100 with
    exit 2 naming the column, read with --max-levels 150 (the protocol's loader gets the limit,
    not only the row check before it), refused again with --max-levels 149."""
    rows = [("x", "code", "class")] + _protocol_rows(levels=150, n=300)
    path = write(tmp_path, rows)
    status, _, err = _compare_json(capsys, path)
    assert status == 2 and err.count("\n") == 1
    assert "categorical column 'code' has 150 levels, more than 100" in err and "--max-levels" in err
    status, _, err = _compare_json(capsys, path, "--max-levels", "149")
    assert status == 2 and "column 'code' has 150 levels, more than 149" in err
    status, out, _ = _compare_json(capsys, path, "--max-levels", "150")
    assert status == 0 and len(json.loads(out)["runs"]) == 2


@pytest.mark.parametrize("command", ["grow", "compare"])
@pytest.mark.parametrize("option, value, words", [
    ("--max-levels", "1", "argument --max-levels: must be an integer in 2..10,000, got '1'"),
    ("--max-levels", "10001", "argument --max-levels: must be an integer in 2..10,000, got '10001'"),
    ("--max-levels", "1e3", "argument --max-levels: must be an integer in 2..10,000, got '1e3'"),
    ("--sep", ";;", "argument --sep: must be one ASCII character (or tab), not a quote, a line break, a digit or a letter, got ';;'"),
    ("--sep", '"', "argument --sep: must be one ASCII character (or tab)"),
    ("--sep", "é", "argument --sep: must be one ASCII character (or tab)"),
])
def test_data_options_are_bounded_at_parse_time_alike(capsys, command, option, value, words):
    """The same refusal from grow and compare, at parse time: the file does not exist, so a
    refusal that came after parsing would name the file instead."""
    assert main([command, "/nonexistent/data.csv", f"{option}={value}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("argv, words", [
    (["--sep", ";"], "--sep applies to a CSV file; 'iris' is a built-in data set"),
    (["--max-levels", "5", "--target", "y"], "--target, --max-levels apply to a CSV file; 'iris' is"),
])
def test_compare_refuses_data_options_for_a_built_in_data_set(capsys, argv, words):
    assert main(["compare", "iris", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


# -- issue 36: one reading of a CSV, splits a reader can replay ---------------------------------

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


@pytest.mark.parametrize("cell, options, words", [
    ("1,5", [], "reads as a number only with --decimal ','"),
    ("1.234,5", [], "reads as a number only with --decimal ',' --thousands '.'"),
    ("1 234", [], "reads as a number only with --thousands ' '"),
    ("\u22125", [], "has a Unicode minus sign; write it as '-'"),
    ("12%", [], "is a number with a unit or sign ('%')"),
    ("$5", [], "is a number with a unit or sign ('$')"),
    ("3 kg", [], "is a number with a unit or sign ('kg')"),
])
def test_locale_numbers_and_units_are_refused_naming_row_value_and_option(tmp_path, capsys, cell, options, words):
    text = f"x;class\n2;a\n{cell};b\n4;a\n"
    assert main(["grow", write_text(tmp_path, text), *options]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"row 3, column 'x': {cell!r} {words}" in err, err
    assert "--categorical x" in err


@pytest.mark.parametrize("text, options, expected", [
    ("x;class\n1,5;a\n-2,25;b\n", ["--decimal", ","], [1.5, -2.25]),
    ("x;class\n1.234,5;a\n-2,25;b\n", ["--decimal", ",", "--thousands", "."], [1234.5, -2.25]),
    ("x,class\n\"1,234\",a\n12,b\n", ["--thousands", ","], [1234.0, 12.0]),
])
def test_declared_marks_read_the_numbers(tmp_path, text, options, expected):
    import argparse

    from exactprune.commands.csv_options import add_data_arguments, load_from_args
    parser = argparse.ArgumentParser()
    add_data_arguments(parser)
    data = load_from_args(write_text(tmp_path, text), parser.parse_args(options))
    assert data.X[:, 0].tolist() == expected and data.categorical == {}


@pytest.mark.parametrize("token", ["", "?", "NA", "n/a", "NaN", "-NaN", "null", "None", "#N/A", "missing", "<NA>"])
@pytest.mark.parametrize("where", ["attribute", "class", "categorical"])
def test_every_missing_spelling_is_refused_in_every_column(tmp_path, token, where):
    cells = {"attribute": ("1", "red", "a"), "class": ("2", "red", "b"), "categorical": ("3", "blue", "a")}
    rows = [("x", "colour", "class"), ("1", "red", "a"), ("2", "blue", "b"), ("3", "red", "a")]
    row = list(cells[where])
    row[{"attribute": 0, "class": 2, "categorical": 1}[where]] = token
    text = "\n".join(",".join(r) for r in rows + [tuple(row)]) + "\n"
    with pytest.raises(ValueError, match="row 5, column .*: missing value"):
        load_csv(write_text(tmp_path, text))


def test_a_row_of_empty_cells_is_refused_and_a_blank_line_is_no_row(tmp_path):
    with pytest.raises(ValueError, match="row 3, column 'x': missing value"):
        load_csv(write_text(tmp_path, "x,class\n1,a\n,\n2,b\n"))
    d = load_csv(write_text(tmp_path, "x,class\n1,a\n\n2,b\n\n"))
    assert d.X[:, 0].tolist() == [1.0, 2.0]


def test_one_number_spelled_twice_beside_text_labels_is_ambiguous(tmp_path):
    with pytest.raises(ValueError, match="the class labels '1' and '1.0' are one number spelled twice"):
        load_csv(write_text(tmp_path, "x,class\n1,1\n2,1.0\n3,yes\n"))
    assert load_csv(write_text(tmp_path, "x,class\n1,1\n2,1.0\n3,2\n")).class_names == ["1", "2"]


def test_a_numeric_header_is_refused_unless_no_header(tmp_path, capsys):
    path = write_text(tmp_path, "3.5,1.4,setosa\n6.2,4.5,versicolor\n5.9,5.1,virginica\n")
    assert main(["grow", path]) == 2
    assert "row 1, column 1: the header cell '3.5' is a number: no header row? Give --no-header" in \
        capsys.readouterr().err
    assert main(["grow", path, "--no-header"]) == 0
    tree = json.loads(capsys.readouterr().out)
    assert tree["counts"] == [1, 1, 1] and tree["split"].startswith("col")


@pytest.mark.parametrize("cell, column", [("1e999999999", "class"), ("1e10000000", "class"),
                                          ("1" * 101, "class"), ("1e999999999", "x")])
def test_huge_numbers_are_refused_before_they_become_exact(tmp_path, cell, column):
    import time
    text = f"x,class\n1,a\n{cell if column == 'x' else '2'},{cell if column == 'class' else 'b'}\n"
    start = time.process_time()
    with pytest.raises(ValueError, match="CLI_MAX_CELL_(EXPONENT|DIGITS)|beyond \\+-3.4e38"):
        load_csv(write_text(tmp_path, text), categorical=["x"] if column == "x" else None)
    assert time.process_time() - start < 5


def test_compare_refuses_data_dir_for_a_built_in_name_and_float32_merges(tmp_path, capsys):
    assert main(["compare", "iris", "--data-dir", str(tmp_path)]) == 2
    assert "--data-dir applies to a CSV file; 'iris' is a built-in data set" in capsys.readouterr().err
    rows = [("x", "class")] + [(("16777216", "16777217")[i % 2] if i < 2 else str(i), "ab"[i % 2]) for i in range(40)]
    path = write(tmp_path, rows)
    assert main(["compare", path, "--runs", "1"]) == 2
    assert "column 'x' has the different values 16777216.0 and 16777217.0, which float32" in capsys.readouterr().err
