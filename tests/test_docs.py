"""The documentation cannot drift from the code.

* Every Python block of the README and of the Markdown pages under docs/ runs: a block written as
  a doctest (``>>>``) is checked as one; a block followed directly by a ``text`` block must print
  exactly that text. Blocks of one page share their names, in page order.
* The site builds with warnings as errors (``sphinx-build -W``), without executing the notebooks
  (they are rendered from their committed outputs), in under two minutes.
"""
from __future__ import annotations

import contextlib
import doctest
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md"] + sorted(p for p in DOCS.rglob("*.md")
                                      if not {"_generated", "_build"} & set(p.relative_to(DOCS).parts))
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def code_blocks(text: str) -> list:
    """(language, body) of every fenced block, in order.

    >>> code_blocks("a\\n```python\\n>>> 1 + 1\\n2\\n```\\n```text\\nx\\n```\\n")
    [('python', '>>> 1 + 1\\n2\\n'), ('text', 'x\\n')]
    """
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(text)]


def run_page(path: Path) -> int:
    """Run the Python blocks of one page; return how many ran. Raises AssertionError on a
    mismatch, naming the page and the block."""
    blocks = code_blocks(path.read_text(encoding="utf-8"))
    namespace: dict = {"__name__": f"page_{path.stem}"}
    ran = 0
    for i, (language, body) in enumerate(blocks):
        if language != "python":
            continue
        where = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path} block {i + 1}"
        if body.lstrip().startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(body, namespace, where, str(path), 0)
            runner = doctest.DocTestRunner(optionflags=FLAGS)
            report = io.StringIO()
            runner.run(test, out=report.write, clear_globs=False)
            namespace.update(test.globs)        # DocTest works on a copy of the names
            assert runner.failures == 0, report.getvalue()
        else:
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                exec(compile(body, where, "exec"), namespace)     # noqa: S102 - our own docs
            follows = blocks[i + 1] if i + 1 < len(blocks) else None
            if follows is not None and follows[0] == "text":
                got = [line.rstrip() for line in printed.getvalue().strip().splitlines()]
                assert got == [line.rstrip() for line in follows[1].strip().splitlines()], \
                    f"{where} printed:\n{printed.getvalue()}"
        ran += 1
    return ran


def test_pages_are_found():
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", "docs/architecture.md", "docs/tutorials/researcher.md",
            "docs/tutorials/practitioner.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_code_blocks_run_and_print_what_the_page_says(page):
    run_page(page)


def test_a_wrong_printed_value_is_caught(tmp_path):
    page = tmp_path / "wrong.md"
    page.write_text("```python\n>>> from fractions import Fraction\n>>> Fraction(1, 2) + Fraction(1, 3)\n"
                    "Fraction(2, 5)\n```\n")
    with pytest.raises(AssertionError, match="Fraction"):
        run_page(page)
    page.write_text("```python\nprint(1 + 1)\n```\n\n```text\n3\n```\n")
    with pytest.raises(AssertionError, match="printed"):
        run_page(page)


def test_registry_escape_and_docstring_check():
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import plain_docstrings
        import registry_pages
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    for module in (plain_docstrings, registry_pages):
        assert doctest.testmod(module, optionflags=FLAGS).failed == 0


def test_site_builds_with_warnings_as_errors(tmp_path):
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
        cwd=ROOT, capture_output=True, text=True, timeout=600)   # a hang guard, not a timing
    assert build.returncode == 0, build.stderr[-5000:]
    html = tmp_path / "html"
    for page in ["index.html", "architecture.html", "api.html", "tutorials/researcher.html",
                 "tutorials/practitioner.html", "_generated/theorems.html", "_generated/errata.html",
                 "_generated/api/exactprune.knorm.html"]:
        assert (html / page).exists(), page
    notebooks = sorted(p.stem for p in (ROOT / "notebooks").glob("*.py"))
    for name in notebooks:
        assert (html / "_generated" / "notebooks" / f"{name}.html").exists(), name
    # the registry pages list every registered id
    from exactprune.errata import all_errata
    from exactprune.theorems import all_theorems
    theorems = (html / "_generated" / "theorems.html").read_text(encoding="utf-8")
    errata = (html / "_generated" / "errata.html").read_text(encoding="utf-8")
    assert all(t.id in theorems for t in all_theorems())
    assert all(e.id in errata for e in all_errata())
