"""exactprune.commands.csv_options: the options of the commands that read a user's CSV file (grow,
compare), bounded at parse time and given to the loader."""
from __future__ import annotations

import json

import pytest

from exactprune.cli import main

from dataset_cases import write_text


def test_a_semicolon_file_read_with_the_wrong_separator_says_so(tmp_path, capsys):
    path = write_text(tmp_path, "a;b;c\n1;2;x\n3;4;y\n")
    assert main(["grow", path, "--sep", ","]) == 2
    assert "the header has 1 column" in capsys.readouterr().err


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


def test_a_numeric_header_is_refused_unless_no_header(tmp_path, capsys):
    path = write_text(tmp_path, "3.5,1.4,setosa\n6.2,4.5,versicolor\n5.9,5.1,virginica\n")
    assert main(["grow", path]) == 2
    assert "row 1, column 1: the header cell '3.5' is a number: no header row? Give --no-header" in \
        capsys.readouterr().err
    assert main(["grow", path, "--no-header"]) == 0
    tree = json.loads(capsys.readouterr().out)
    assert tree["counts"] == [1, 1, 1] and tree["split"].startswith("col")
