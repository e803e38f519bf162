"""The package's type hints are checked: ``python -m mypy exactprune`` (configured by
``[tool.mypy]`` in pyproject.toml) reports no error.

The deciding modules (certify, pruning, knorm) are checked with ``check_untyped_defs`` (pyproject's
override), so the bodies of their unannotated functions are checked too.  Run from the repository
root so that this checkout's pyproject.toml and package are the ones checked; the cache goes to the
system's temporary directory, not the checkout.  In the fast set: about 10 s with a warm cache
(about a minute cold on a busy two-core machine, once per checkout)."""
from __future__ import annotations

import hashlib
import subprocess
import sys
import re
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_reports_no_error():
    # one cache per checkout (mypy checks every cached module against its source anyway)
    cache = Path(tempfile.gettempdir()) / f"exactprune-mypy-cache-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}"
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), "exactprune"],
                         capture_output=True, text=True, cwd=ROOT)
    assert "No module named mypy" not in run.stderr, "mypy is not installed: pip install -e '.[test]'"
    assert run.returncode == 0, f"mypy found type errors:\n{run.stdout}{run.stderr}"
    assert run.stdout.startswith("Success: no issues found"), run.stdout + run.stderr


def test_the_package_ships_its_type_hints():
    """PEP 561: the marker ``exactprune/py.typed`` exists and is package data, so an installed
    exactprune is type-checked by its users' mypy."""
    assert (ROOT / "exactprune" / "py.typed").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'\[tool\.setuptools\.package-data\]\s*\nexactprune = \[[^]]*"py\.typed"', pyproject)
