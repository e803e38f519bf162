"""The documentation cannot drift from the code.

* Every Python block of the README and of the Markdown pages under docs/ runs: a block written as
  a doctest (``>>>``) is checked as one; a block followed directly by a ``text`` block must print
  exactly that text. Blocks of one page share their names, in page order.
* The site builds with warnings as errors (``sphinx-build -W``), without executing the notebooks
  (they are rendered from their committed outputs). It is built once per test session (the
  ``site`` fixture) and every test of the built HTML reads that one build: no public docstring
  shown verbatim, every module with a summary, the registry, ledger, command-line and changelog
  pages complete, at most six header groups, every committed figure on a page, MathJax served by
  the site itself.
"""
from __future__ import annotations

import argparse
import contextlib
import doctest
import importlib
import io
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md"] + sorted(p for p in DOCS.rglob("*.md")
                                      if not {"_generated", "_build"} & set(p.relative_to(DOCS).parts))
FENCE = re.compile(r"^```(\w*|\{[\w-]+\})\n(.*?)^```", re.S | re.M)     # ```python, ```text, ```{eval-rst}
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def code_blocks(text: str) -> list:
    """(language, body) of every fenced block, in order.

    >>> code_blocks("a\\n```python\\n>>> 1 + 1\\n2\\n```\\n```text\\nx\\n```\\n")
    [('python', '>>> 1 + 1\\n2\\n'), ('text', 'x\\n')]
    >>> code_blocks("```{eval-rst}\\n.. plot::\\n```\\n```python\\n1\\n```\\n")
    [('{eval-rst}', '.. plot::\\n'), ('python', '1\\n')]
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


def _ext_modules():
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return [importlib.import_module(name) for name in
                ("plain_docstrings", "registry_pages", "api_modules", "site_assets")]
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def test_registry_escape_and_docstring_check():
    for module in _ext_modules():
        assert doctest.testmod(module, optionflags=FLAGS).failed == 0, module.__name__


def test_a_plot_directive_docstring_is_not_shown_verbatim():
    """The Displays' docstrings hold ``.. plot::``; inside a build matplotlib's directive is registered
    with docutils, and run in the standalone check it fails for want of Sphinx's environment: the
    check reads its content as text instead."""
    pytest.importorskip("matplotlib")
    from docutils.parsers.rst import directives
    from matplotlib.sphinxext.plot_directive import PlotDirective
    plain_docstrings = _ext_modules()[0]
    directives.register_directive("plot", PlotDirective)
    assert plain_docstrings.parses_cleanly("A picture.\n\n.. plot::\n\n   x = [1, 2]\n")


# ------------------------------------------------------------------ checks of the built HTML
#: docstrings known to be shown verbatim, with the edit (in a module this file does not own)
#: that fixes each; any other one fails the test
KNOWN_VERBATIM: dict = {}


def verbatim_docstrings(html: str) -> list:
    """The ids of the objects on an API page whose docstring starts with a literal block (a
    docstring that reStructuredText could not read, shown as written); doctests do not count.

    >>> page = ('<span id="module-m"></span><div class="highlight-default"><pre>x</pre></div>'
    ...         '<dl class="py function"><dt id="m.f">f</dt><dd><div class="highlight-default">'
    ...         '<pre>raw</pre></div></dd></dl><dl class="py function"><dt id="m.g">g</dt><dd>'
    ...         '<p>Fine.</p><div class="highlight-default"><pre>a block</pre></div></dd></dl>'
    ...         '<dl class="py function"><dt id="m.h">h</dt><dd><div class="doctest highlight-default">'
    ...         '<pre>&gt;&gt;&gt; 1</pre></div></dd></dl>')
    >>> verbatim_docstrings(page)
    ['module-m', 'm.f']
    """
    def literal(tag) -> bool:
        classes = tag.get("class", []) if tag is not None else []
        return tag is not None and tag.name == "div" and "highlight-default" in classes \
            and "doctest" not in classes

    soup = BeautifulSoup(html, "html.parser")
    found = []
    target = soup.find("span", id=lambda i: i and i.startswith("module-"))
    if target is not None and literal(target.find_next_sibling(True)):
        found.append(target["id"])
    for entry in soup.select("dl.py"):
        body = entry.find("dd", recursive=False)
        if body is not None and literal(body.find(True, recursive=False)):
            found.append(entry.find("dt", recursive=False).get("id"))
    return found


def images_shown(html_dir: Path) -> set:
    """File names of the images that some page of the built site shows (and that exist)."""
    shown = set()
    for page in html_dir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "<img" not in text:              # most API pages: nothing to parse
            continue
        for img in BeautifulSoup(text, "html.parser").find_all("img"):
            source = (page.parent / img.get("src", "")).resolve()
            if source.is_file():
                shown.add(source.name)
    return shown


def test_images_shown_needs_the_file(tmp_path):
    (tmp_path / "a.png").write_bytes(b"png")
    (tmp_path / "p.html").write_text('<img src="a.png"><img src="missing.png">')
    assert images_shown(tmp_path) == {"a.png"}


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built once per test session with warnings as errors."""
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(out / "doctrees"), str(DOCS), str(out / "html")],
        cwd=ROOT, capture_output=True, text=True, timeout=900)   # a hang guard, not a timing
    assert build.returncode == 0, build.stderr[-5000:]
    return out / "html"


@pytest.mark.slow
def test_site_builds_with_warnings_as_errors(site):
    for page in ["index.html", "install.html", "guide.html", "notebooks.html", "theory.html",
                 "development.html", "architecture.html", "api.html", "tutorials/researcher.html",
                 "tutorials/practitioner.html", "_generated/theorems.html", "_generated/errata.html",
                 "_generated/ledger.html", "_generated/cli.html", "_generated/changelog.html",
                 "_generated/api/exactprune.knorm.html"]:
        assert (site / page).exists(), page
    for name in sorted(p.stem for p in (ROOT / "notebooks").glob("*.py")):
        assert (site / "_generated" / "notebooks" / f"{name}.html").exists(), name


@pytest.mark.slow
def test_no_public_docstring_is_shown_verbatim(site):
    found = {name for page in sorted((site / "_generated" / "api").glob("*.html"))
             for name in verbatim_docstrings(page.read_text(encoding="utf-8"))}
    assert not found - set(KNOWN_VERBATIM), sorted(found - set(KNOWN_VERBATIM))


def _numpy_documented() -> list:
    """(module, qualified name) of every public class, function and method whose docstring has a
    numpy-style ``Parameters`` section."""
    package = importlib.import_module("exactprune")
    found = []
    for info in pkgutil.walk_packages(package.__path__, "exactprune."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != info.name:
                continue
            members = [(name, obj)] + [(f"{name}.{n}", m) for n, m in vars(obj).items()
                                       if not n.startswith("_")] if isinstance(obj, type) else [(name, obj)]
            found += [(info.name, qualified) for qualified, member in members
                      if str(getattr(member, "__module__", "")).startswith("exactprune")
                      and re.search(r"^\s*Parameters\n\s*-{3,}$", getattr(member, "__doc__", None) or "", re.M)]
    return found


#: the packages whose public docstrings numpydoc's validation must pass (:data:`NUMPYDOC_CHECKS`), every
#: module of each; the one list to extend, package by package, to the whole of exactprune
NUMPYDOC_PACKAGES = ("exactprune.sklearn",)
#: numpydoc's checks of the sections' parse: an unknown or misplaced section header (GL06, GL07), no
#: docstring (GL08), a parameter the Parameters section misses or invents or orders otherwise (PR01,
#: PR02, PR03), "name: type" without the space numpydoc reads a type by (PR10)
NUMPYDOC_CHECKS = frozenset({"GL06", "GL07", "GL08", "PR01", "PR02", "PR03", "PR10"})


def numpydoc_modules(packages=NUMPYDOC_PACKAGES) -> list:
    """Every module of ``packages`` (each package's own ``__init__`` included).

    >>> "exactprune.sklearn.estimator" in numpydoc_modules()
    True
    """
    names = []
    for name in packages:
        package = importlib.import_module(name)
        names += [name] + [m.name for m in pkgutil.walk_packages(getattr(package, "__path__", []), name + ".")]
    return names


def public_objects(module_name: str) -> list:
    """The import paths of the public classes and functions defined in a module (its ``__all__``, or
    its names without a leading underscore) and of their own public methods and properties."""
    import inspect
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
    found = []
    for name in names:
        obj = getattr(module, name, None)
        if getattr(obj, "__module__", None) != module_name or not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        found.append(f"{module_name}.{name}")
        if inspect.isclass(obj):
            found += [f"{module_name}.{name}.{member}" for member, value in vars(obj).items()
                      if not member.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))]
    return found


def numpydoc_errors(module_name: str) -> list:
    """``(object, code, message)`` of every :data:`NUMPYDOC_CHECKS` failure in the module."""
    from numpydoc.validate import validate
    return [(name, code, message) for name in public_objects(module_name)
            for code, message in validate(name)["errors"] if code in NUMPYDOC_CHECKS]


@pytest.mark.parametrize("module", numpydoc_modules())
def test_numpydoc_sections_parse(module):
    """The public docstrings' sections read as numpydoc reads them (scikit-learn's convention)."""
    pytest.importorskip("numpydoc")
    assert not numpydoc_errors(module)


def test_numpydoc_check_catches_a_misparsed_section(monkeypatch):
    """The check fails on a misspelled section header and on an undocumented parameter."""
    pytest.importorskip("numpydoc")
    from exactprune.sklearn import counts
    doc = counts.approx_text.__doc__
    monkeypatch.setattr(counts.approx_text, "__doc__", doc.replace("Parameters\n", "Parameter\n"))
    assert "PR01" in {code for _, code, _ in numpydoc_errors("exactprune.sklearn.counts")}
    monkeypatch.setattr(counts.approx_text, "__doc__", doc.replace("Examples\n", "Exemples\n"))
    with pytest.warns(UserWarning, match="Unknown section"):
        assert "GL06" in {code for _, code, _ in numpydoc_errors("exactprune.sklearn.counts")}


@pytest.mark.slow
def test_public_class_pages_render_every_section(site):
    """Each public class of exactprune.sklearn has a page at its import path, whose docstring
    sections render: Parameters and Attributes as fields (every documented name listed, no
    "Variables"), the examples as doctest blocks, not as bullets."""
    import inspect
    import exactprune.sklearn as package
    from numpydoc.docscrape import NumpyDocString
    for name in package.__all__:
        cls = getattr(package, name)
        if not inspect.isclass(cls):
            continue
        page = site / "_generated" / "api" / f"exactprune.sklearn.{name}.html"
        assert page.exists(), page
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        body = soup.find("dt", id=f"exactprune.sklearn.{name}").parent.find("dd", recursive=False)
        fields = {dt.get_text(strip=True): dd for dl in body.find_all("dl", class_="field-list", recursive=False)
                  for dt, dd in zip(dl.find_all("dt", recursive=False), dl.find_all("dd", recursive=False))}
        assert "Variables" not in "".join(fields), (name, list(fields))
        doc = NumpyDocString(inspect.getdoc(cls))          # the sections as written (not numpydoc's additions)
        for section in ("Parameters", "Attributes"):
            documented = [p.name for p in doc[section]]
            if documented:
                text = fields[next(f for f in fields if f.startswith(section))].get_text(" ")
                for entry in documented:
                    for part in entry.split(", "):
                        assert part in text, (name, section, part)
        if doc["Examples"]:
            assert body.find("div", class_="doctest") is not None, name


@pytest.mark.slow
def test_numpy_parameters_render_as_fields(site):
    documented = _numpy_documented()
    assert documented                      # KNormTreeClassifier at least
    for module, qualified in documented:
        soup = BeautifulSoup((site / "_generated" / "api" / f"{module}.html").read_text(encoding="utf-8"),
                             "html.parser")
        body = soup.find("dt", id=f"{module}.{qualified}").parent.find("dd", recursive=False)
        fields = [dt.get_text(strip=True) for dl in body.find_all("dl", class_="field-list", recursive=False)
                  for dt in dl.find_all("dt", recursive=False)]        # its own docstring's, not its members'

        assert any(f.startswith("Parameters") for f in fields), (qualified, fields)


@pytest.mark.slow
def test_attribute_docstrings_are_not_read_as_types(site):
    """napoleon reads an attribute's first line as "type: description"; a sentence with a colon
    would show as a "Type" field (autodoc puts real types in the signature)."""
    garbled = [entry.find("dt").get("id") for page in sorted((site / "_generated" / "api").glob("*.html"))
               for entry in BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").select(
                   "dl.py.attribute, dl.py.data, dl.py.property")
               if any(dt.get_text(strip=True).startswith("Type") for dt in entry.select("dd > dl.field-list > dt"))]
    assert not garbled, garbled


@pytest.mark.slow
def test_every_module_is_in_the_api_index_with_a_summary(site):
    package = importlib.import_module("exactprune")
    modules = {"exactprune"} | {m.name for m in pkgutil.walk_packages(package.__path__, "exactprune.")
                                if not m.name.endswith(".__main__")}
    soup = BeautifulSoup((site / "api.html").read_text(encoding="utf-8"), "html.parser")
    rows = {}
    for row in soup.select("table.autosummary tr"):
        cells = row.find_all("td")
        rows[cells[0].get_text(strip=True)] = cells[1].get_text(" ", strip=True) if len(cells) > 1 else ""
    assert modules <= set(rows), sorted(modules - set(rows))
    missing = {name for name in modules if not rows[name]}
    assert not missing - {k.removeprefix("module-") for k in KNOWN_VERBATIM}, sorted(missing)


@pytest.mark.slow
def test_registry_pages_list_every_entry(site):
    from exactprune.errata import all_errata
    from exactprune.errata.ledger import PAPERS, counts, ledger
    from exactprune.theorems import all_theorems
    theorems = (site / "_generated" / "theorems.html").read_text(encoding="utf-8")
    assert all(t.id in theorems for t in all_theorems())
    errata = BeautifulSoup((site / "_generated" / "errata.html").read_text(encoding="utf-8"), "html.parser")
    summary = errata.find("table")
    ids = [e.id for e in all_errata()]
    assert [row.find("td").get_text(strip=True) for row in summary.select("tbody tr")] == ids
    folded = errata.find_all("details")
    assert len(folded) == len(ids) and all(d.find("pre") for d in folded)
    # the ledger: one table per paper with that paper's rows, in order; the counts add up
    page = BeautifulSoup((site / "_generated" / "ledger.html").read_text(encoding="utf-8"), "html.parser")
    rows = ledger()
    for paper in PAPERS:
        table = page.find(id=f"ledger-{paper.lower()}").find_next("table")
        labels = [tr.find("td").get_text(strip=True) for tr in table.select("tbody tr")]
        assert labels == [r.label for r in rows if r.paper == paper], paper
    # the counts table is the CLI's (exactprune errata --ledger: exactprune.errata.ledger.counts), cell by cell
    table = counts(rows)
    summary = page.find("table")
    header = [th.get_text(strip=True) for th in summary.select("thead th")]
    shown = {tr.find("td").get_text(strip=True): [td.get_text(strip=True) for td in tr.find_all("td")[1:]]
             for tr in summary.select("tbody tr")}
    verdicts = list(table[PAPERS[0]]["verdicts"])
    assert header == ["paper", *verdicts, "rows"]
    assert shown == {paper: [str(table[paper]["verdicts"][v]) for v in verdicts]
                     + [str(sum(r.paper == paper for r in rows))] for paper in table}
    assert page.find(id="ledger-filter") is not None and "ledger_filter.js" in str(page)


@pytest.mark.slow
def test_cli_reference_has_every_command(site):
    from exactprune.cli import build_parser
    text = BeautifulSoup((site / "_generated" / "cli.html").read_text(encoding="utf-8"),
                         "html.parser").get_text(" ")
    todo = [("exactprune", build_parser())]
    while todo:
        prog, parser = todo.pop()
        assert f"usage: {prog}" in text, prog
        todo += [(f"{prog} {name}", sub) for action in parser._actions
                 if isinstance(action, argparse._SubParsersAction) for name, sub in action.choices.items()]


@pytest.mark.slow
def test_changelog_and_optional_pages_are_in_the_navigation(site):
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    first = next(line for line in changelog.splitlines() if line.startswith("## ")).removeprefix("## ")
    assert first in (site / "_generated" / "changelog.html").read_text(encoding="utf-8")
    registry_pages = _ext_modules()[1]
    for section, names in registry_pages.OPTIONAL_PAGES.items():
        links = {a.get("href") for a in BeautifulSoup((site / f"{section}.html").read_text(encoding="utf-8"),
                                                        "html.parser").select(".toctree-wrapper a")}
        for name in names:
            assert ((DOCS / f"{name}.md").exists()) == (f"{name}.html" in links), name


@pytest.mark.slow
def test_header_has_at_most_six_groups(site):
    soup = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    header = soup.select_one("header ul.bd-navbar-elements")
    groups = [li.get_text(" ", strip=True) for li in header.find_all("li", recursive=False)]
    assert 4 <= len(groups) <= 6 and not header.select(".dropdown"), groups


@pytest.mark.slow
def test_every_committed_figure_appears_on_a_page(site):
    figures = {p.name for p in (ROOT / "notebooks" / "figures").glob("*.png")}
    missing = figures - images_shown(site)
    assert figures and not missing, sorted(missing)


@pytest.mark.slow
def test_formulas_are_rendered_by_the_sites_own_mathjax(site):
    pytest.importorskip("jupyter_server_mathjax")
    assert (site / "_static" / "mathjax" / "MathJax.js").is_file()
    with_math = [page for page in site.rglob("*.html")
                 if 'class="math' in page.read_text(encoding="utf-8")]
    assert with_math
    for page in with_math:
        scripts = [s.get("src", "") for s in BeautifulSoup(page.read_text(encoding="utf-8"),
                                                           "html.parser").find_all("script")]
        assert not [s for s in scripts if "://" in s], page
        assert any("_static/mathjax/MathJax.js" in s for s in scripts), page
