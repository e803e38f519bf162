"""exactprune.commands.compare: ``exactprune compare DATASET``, CCP, 2-norm and EBP under Zhong's
Fig 6.1 protocol, on built-in data sets and CSV files, serial or in parallel."""
from __future__ import annotations

import json

import numpy as np
import pytest

from exactprune import experiments as E
from exactprune.cli import main

from dataset_cases import locale_twins, write


def test_compare_accepts_a_csv_path(tmp_path, capsys):
    rng = np.random.default_rng(3)
    rows = [("a", "b", "class")] + [(f"{x:.3f}", "uv"[int(x > 0.3)], str(int(x + rng.normal(0, 0.3) > 0)))
                                    for x in rng.normal(size=400)]
    assert main(["compare", write(tmp_path, rows, "mine.csv.gz", gz=True), "--runs", "2", "--ratios", "50",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {r["dataset"] for r in out["runs"]} == {"mine"}
    assert main(["compare", "mine", "--data-dir", str(tmp_path), "--runs", "1", "--ratios", "50"]) == 0


def test_compare_refuses_too_few_rows_before_any_work(tmp_path, capsys):
    rows = [("x", "c")] + [(str(i), "ab"[i % 2]) for i in range(19)]
    assert main(["compare", write(tmp_path, rows)]) == 2
    err = capsys.readouterr().err
    assert "19 rows; the protocol cuts the data into 20 subsets and needs at least 20 rows" in err
    assert err.count("\n") == 1


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


@pytest.mark.parametrize("argv, words", [
    (["--sep", ";"], "--sep applies to a CSV file; 'iris' is a built-in data set"),
    (["--max-levels", "5", "--target", "y"], "--target, --max-levels apply to a CSV file; 'iris' is"),
])
def test_compare_refuses_data_options_for_a_built_in_data_set(capsys, argv, words):
    assert main(["compare", "iris", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_compare_refuses_data_dir_for_a_built_in_name_and_float32_merges(tmp_path, capsys):
    assert main(["compare", "iris", "--data-dir", str(tmp_path)]) == 2
    assert "--data-dir applies to a CSV file; 'iris' is a built-in data set" in capsys.readouterr().err
    rows = [("x", "class")] + [(("16777216", "16777217")[i % 2] if i < 2 else str(i), "ab"[i % 2]) for i in range(40)]
    path = write(tmp_path, rows)
    assert main(["compare", path, "--runs", "1"]) == 2
    assert "column 'x' has the different values 16777216.0 and 16777217.0, which float32" in capsys.readouterr().err


def test_compare_command_json(capsys):
    assert main(["compare", "breast_cancer", "--runs", "2", "--ratios", "50", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["tables"]) == {"accuracy", "leaves", "seconds"}
    row = out["tables"]["accuracy"]["50"]["breast_cancer"]
    assert all(80 < row[m]["mean"] <= 100 for m in ("CCP", "2-norm", "EBP"))


def test_compare_command_rejects_bad_input(capsys):
    assert main(["compare", "nosuch"]) == 2
    assert main(["compare", "iris", "--ratios", "3"]) == 2
    assert "error" in capsys.readouterr().err


def _compare_iris_json(capsys, *extra):
    assert main(["compare", "iris", "--runs", "4", "--json", "--no-times", *extra]) == 0
    return capsys.readouterr().out


def test_compare_json_is_byte_identical_serial_and_two_processes(capsys):
    """Pruning times are the one part of the output that varies between two runs (wall clock);
    --no-times leaves them out, and the rest must be byte for byte the same whatever runs it (a
    local Dask cluster: test_compare_json_through_dask_is_the_serial_json, in the slow set)."""
    serial = _compare_iris_json(capsys, "--jobs", "1")
    assert '"seconds"' not in serial and len(json.loads(serial)["runs"]) == 8
    assert _compare_iris_json(capsys, "--jobs", "2") == serial
    # and the runs are those of the plain protocol loop, run unit by unit here
    plain = [E.run_unit(*u) for u in E.protocol_units("iris", ratios=(1, 10), runs=4)]
    assert [(r["ratio"], r["index"], r["accuracy"], r["leaves"]) for r in json.loads(serial)["runs"]] == \
        [(r.ratio, r.index, r.accuracy, r.leaves) for r in plain]


@pytest.mark.slow
def test_compare_json_through_dask_is_the_serial_json(capsys):
    """The parallel byte-identity check through a local Dask cluster (the fast set has the same
    units through two processes above, and run_units through a local cluster in
    tests/test_parallel.py::test_dask_local_cluster_gives_the_serial_results)."""
    assert _compare_iris_json(capsys, "--dask", "local:2") == _compare_iris_json(capsys, "--jobs", "1")


def test_compare_keeps_the_times_without_no_times(capsys):
    assert main(["compare", "iris", "--runs", "2", "--ratios", "50", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "seconds" in out["tables"] and all(set(r["seconds"]) == set(E.METHODS) for r in out["runs"])


def test_compare_refuses_bad_parallel_options_in_one_line(capsys):
    import time
    for argv, message in ((["--jobs", "0"], "argument --jobs: must be a positive integer or -1"),
                          (["--dask", "tcp://127.0.0.1:9"], "cannot reach a Dask scheduler at 'tcp://127.0.0.1:9'")):
        start = time.monotonic()
        status = main(["compare", "iris", *argv])
        out, err = capsys.readouterr()
        assert status == 2 and out == ""
        assert err.count("\n") == 1 and message in err, err
        assert time.monotonic() - start < 60          # no 5 s client retries on a refused port, even loaded


def test_compare_takes_decimal_thousands_and_no_header_and_gives_the_dot_twins_runs(tmp_path, capsys):
    """compare on the decimal-comma file with --decimal , --thousands . --no-header --sep ';' prints
    the runs (accuracies, leaves) and tables of its dot-decimal twin, and refuses it without them."""
    dot, com, _ = locale_twins(tmp_path)

    def compare(path, *extra):
        status = main(["compare", path, "--runs", "2", "--ratios", "50", "--json", "--no-times", *extra])
        out, err = capsys.readouterr()
        return status, out, err

    status, expected, _ = compare(dot)
    assert status == 0
    status, out, err = compare(com, "--decimal", ",", "--thousands", ".", "--no-header", "--sep", ";")
    assert status == 0, err
    got, want = json.loads(out), json.loads(expected)
    assert got.pop("dataset") == com and want.pop("dataset") == dot
    assert got == want and len(got["runs"]) == 2
    status, _, err = compare(com, "--no-header", "--sep", ";")
    assert status == 2 and err.count("\n") == 1 and "--decimal ','" in err, err
