"""The chapter-6 benchmark scripts of benchmarks/ (bench_chapter6.py, regenerate.py): the same
tables twice, refusals, and every committed figure regenerated from the committed runs."""
from __future__ import annotations

import pytest


def _bench():
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "benchmarks", "bench_chapter6.py")
    spec = importlib.util.spec_from_file_location("bench_chapter6", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_reduced_chapter6_protocol_gives_the_same_tables_twice(tmp_path, capsys):
    import csv
    import os
    bench = _bench()
    databases = "g2c15,g6c25"
    if os.path.isfile(os.path.join(os.environ.get("EXACTPRUNE_DATA", ""), "segment.csv.gz")):
        databases += ",segment"
    tables = []
    for k in range(2):                                  # serial, then two worker processes
        out = tmp_path / f"run{k}"
        assert bench.main(["--databases", databases, "--runs", "2", "--jobs", str(k + 1), "--out", str(out)]) == 0
        with open(out / "chapter6.csv") as handle:
            rows = [r for r in csv.DictReader(handle) if r["table"] != "seconds"]
        tables.append(rows)
        md = (out / "chapter6.md").read_text()
        assert "Table 6.2" in md and "Table 6.4" in md and "seed 0" in md and "scikit-learn" in md
    assert tables[0] == tables[1] and len(tables[0]) == 2 * 2 * len(databases.split(",")) * 3
    # printed values sit beside the ones here: g2c15 at 50%, 2-norm, 2.0 +- 0.0 leaves
    row = [r for r in tables[0] if (r["table"], r["ratio"], r["database"], r["method"]) == ("leaves", "50", "g2c15", "2-norm")]
    assert float(row[0]["printed_mean"]) == 2.0
    capsys.readouterr()


def test_bench_refuses_a_database_without_data(tmp_path, capsys):
    with pytest.raises(SystemExit):
        _bench().main(["--databases", "abalone", "--data-dir", str(tmp_path), "--runs", "1"])
    assert "no data file for abalone" in capsys.readouterr().err


def test_bench_writes_nothing_without_out(capsys):
    """--equivalence reads the committed runs and, without --out, only prints: no committed file changes."""
    from pathlib import Path
    results = Path(__file__).resolve().parent.parent / "benchmarks" / "results"
    before = {p.name: p.stat().st_mtime_ns for p in results.iterdir()}
    assert _bench().main(["--equivalence"]) == 0
    assert "Table 6.2: 17 equivalent" in capsys.readouterr().out
    assert {p.name: p.stat().st_mtime_ns for p in results.iterdir()} == before


def test_one_command_regenerates_every_committed_figure(tmp_path):
    """benchmarks/regenerate.py, from the committed runs, writes every committed figure of benchmarks/
    (and the derived equivalence results, equal to the committed ones)."""
    import importlib.util
    import sys
    from pathlib import Path
    bench = Path(__file__).resolve().parent.parent / "benchmarks"
    sys.path.insert(0, str(bench))
    try:
        spec = importlib.util.spec_from_file_location("regenerate", bench / "regenerate.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        written = module.from_runs(bench, tmp_path)
    finally:
        sys.path.remove(str(bench))
    committed = {p.relative_to(bench) for p in bench.rglob("*.png")}
    assert committed <= {p.relative_to(tmp_path) for p in written}
    assert all(p.is_file() and p.stat().st_size > 0 for p in written)
    for name in ("chapter6_equivalence.csv", "chapter6_equivalence.md"):
        assert (tmp_path / "results" / name).read_text() == (bench / "results" / name).read_text()
