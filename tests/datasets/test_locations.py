"""exactprune.datasets.locations: the built-in data set names, a database file's short name and a
name resolved to a file of a data folder (given, or named by EXACTPRUNE_DATA)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from exactprune.datasets.locations import (DATA_ENV, DATASETS, GAUSSIAN, SKLEARN_SETS, database_name,
                                           resolve_data_path)


@pytest.mark.parametrize("path, name", [("abalone.csv.gz", "abalone"), ("/data/uci/kr-vs-kp.csv", "kr-vs-kp"),
                                        ("splice.gz", "splice"), ("letter", "letter"),
                                        ("a.gz.csv", "a.gz"), ("dir.csv/shuttle.csv.gz", "shuttle")])
def test_database_name_drops_gz_then_csv_from_the_base_name(path, name):
    assert database_name(path) == name


def test_gaussian_names_spell_their_classes_and_bayes_error():
    """g<J>c<100 x Bayes error>: Zhong's Table 6.1 names, each with its J, error and size."""
    for name, (classes, bayes, examples) in GAUSSIAN.items():
        assert name == f"g{classes}c{int(bayes * 100)}" and bayes in (Fraction(15, 100), Fraction(25, 100))
        assert examples % classes == 0 and examples in (5000, 5004)
    assert DATASETS == tuple(GAUSSIAN) + SKLEARN_SETS and "iris" in DATASETS and len(set(DATASETS)) == 8


def test_resolve_a_path_a_name_in_a_folder_and_nothing(tmp_path, monkeypatch):
    monkeypatch.delenv(DATA_ENV, raising=False)
    plain, packed = tmp_path / "mine.csv", tmp_path / "mine.csv.gz"
    plain.write_text("x,c\n1,a\n")
    assert resolve_data_path(str(plain)) == str(plain)                      # an existing file as given
    assert resolve_data_path("mine", data_dir=str(tmp_path)) == str(plain)
    packed.write_bytes(b"")
    assert resolve_data_path("mine", data_dir=str(tmp_path)) == str(packed)  # .csv.gz before .csv
    assert resolve_data_path("mine") is None                                  # no folder, no file
    assert resolve_data_path("other", data_dir=str(tmp_path)) is None


def test_the_environment_names_the_folder_unless_one_is_given(tmp_path, monkeypatch):
    (tmp_path / "env").mkdir()
    (tmp_path / "given").mkdir()
    (tmp_path / "env" / "db.csv").write_text("x,c\n1,a\n")
    (tmp_path / "given" / "db.csv").write_text("x,c\n1,a\n")
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "env"))
    assert resolve_data_path("db") == str(tmp_path / "env" / "db.csv")
    assert resolve_data_path("db", data_dir=str(tmp_path / "given")) == str(tmp_path / "given" / "db.csv")
