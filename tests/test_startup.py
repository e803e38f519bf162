"""Issue 14: the command line starts at once - ``exactprune --help`` needs argparse only, a
command imports what it uses and nothing more, and the package's names are imported on first use.

Each check runs in a fresh interpreter (the test process has everything loaded already), from the
repository root so that this checkout is the one imported.  No timings here: they depend on the
machine (see benchmarks/README.md, "startup")."""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import exactprune
from exactprune.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
#: libraries that neither --help nor a command on a small count tree needs
HEAVY = ("sympy", "sklearn", "hypothesis", "scipy", "joblib", "dask", "matplotlib")


def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)


def _loaded_after(argv: list, names: tuple) -> tuple:
    """Exit status, stdout and which of ``names`` are loaded after ``main(argv)`` in a fresh
    interpreter (that list is the last line of stdout)."""
    proc = _python(f"import json, sys\nfrom exactprune.cli import main\nstatus = main({argv!r})\n"
                   f"print(json.dumps([m for m in {names!r} if m in sys.modules]))\nsys.exit(status)")
    *out, loaded = proc.stdout.splitlines()
    return proc.returncode, "\n".join(out), json.loads(loaded)


def _commands() -> list:
    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sorted(action.choices)


def test_help_prints_the_usage_and_every_command():
    proc = subprocess.run([sys.executable, "-m", "exactprune", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.startswith("usage: exactprune [-h] [--version] [--debug] COMMAND ...")
    listed = proc.stdout.split("positional arguments:")[1].split("options:")[0]
    for command in ("iris", "moments", "prune", "breakpoints", "ccp", "verify", "errata", "cost", "classprob",
                    "rdt", "compare", "grow"):
        assert re.search(rf"\n    {command}\s", listed), command


def test_help_imports_neither_numpy_nor_flint_nor_any_heavy_library():
    status, out, loaded = _loaded_after(["--help"], ("numpy", "flint") + HEAVY)
    assert status == 0 and out.startswith("usage: exactprune") and loaded == []


def test_a_command_on_a_small_tree_imports_no_heavy_library(tmp_path):
    path = tmp_path / "tree.json"
    path.write_text(exactprune.iris_tree().to_json())
    status, out, loaded = _loaded_after(["prune", str(path), "--k", "2"], HEAVY + ("numpy",))
    assert status == 0 and out.startswith("PruneTree at k = 2: 3 leaves, pruned c21, c22")   # Zhong Fig B.1(d)
    assert loaded == ["numpy"]   # the check sees a library that is loaded


@pytest.mark.parametrize("command", _commands())
def test_every_command_help_still_works(command, capsys):
    assert main([command, "--help"]) == 0
    assert capsys.readouterr().out.startswith(f"usage: exactprune {command}")


def test_compare_help_lists_the_built_in_data_sets(capsys):
    assert main(["compare", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "one of g2c15, g2c25, g6c15, g6c25, iris, wine, breast_cancer, digits;" in text


def test_the_package_names_are_imported_on_first_use():
    proc = _python("import sys, exactprune; before = 'exactprune.knorm' in sys.modules; "
                   "prune = exactprune.prune; print(before, 'exactprune.knorm' in sys.modules, prune.__module__)")
    assert proc.stdout.split() == ["False", "True", "exactprune.knorm.prunetree"]


def test_every_public_name_resolves_and_is_listed():
    namespace: dict = {}
    exec("from exactprune import *", namespace)
    assert set(exactprune.__all__) <= set(namespace) and set(exactprune.__all__) <= set(dir(exactprune))
    assert namespace["Tree"] is __import__("exactprune.tree").tree.Tree
    with pytest.raises(AttributeError, match="module 'exactprune' has no attribute 'no_such_name'"):
        exactprune.no_such_name  # noqa: B018
