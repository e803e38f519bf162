"""exactprune.datasets.csvfile: a user's CSV file read as it means (separators, quoting, missing
values, numbers and their float32 images, levels, identifier columns, limits)."""
from __future__ import annotations

import gzip
import os

import pytest

from exactprune.cli import main
from exactprune.datasets import load_csv

from dataset_cases import ROWS, write, write_text


UCI = os.environ.get("EXACTPRUNE_DATA", "")   # folder of the Table 6.1 UCI databases, if given


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


@pytest.mark.skipif(not os.path.isfile(os.path.join(UCI, "abalone.csv.gz")), reason="set EXACTPRUNE_DATA to the UCI folder")
@pytest.mark.parametrize("name,shape,classes,n_cat", [("abalone", (4177, 7 + 3), 3, 1),
                                                      ("kr-vs-kp", (3196, None), 2, 36),
                                                      ("splice", (3190, None), 3, 60)])
def test_uci_databases_match_table_6_1(name, shape, classes, n_cat):
    d = load_csv(os.path.join(UCI, f"{name}.csv.gz"))
    assert d.X.shape[0] == shape[0] and d.n_classes == classes and len(d.categorical) == n_cat
    if shape[1] is not None:
        assert d.X.shape[1] == shape[1]


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


@pytest.mark.parametrize("cell, column", [("1e999999999", "class"), ("1e10000000", "class"),
                                          ("1" * 101, "class"), ("1e999999999", "x")])
def test_huge_numbers_are_refused_before_they_become_exact(tmp_path, cell, column):
    import time
    text = f"x,class\n1,a\n{cell if column == 'x' else '2'},{cell if column == 'class' else 'b'}\n"
    start = time.process_time()
    with pytest.raises(ValueError, match="CLI_MAX_CELL_(EXPONENT|DIGITS)|beyond \\+-3.4e38"):
        load_csv(write_text(tmp_path, text), categorical=["x"] if column == "x" else None)
    assert time.process_time() - start < 5
