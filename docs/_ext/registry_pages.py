"""Sphinx extension: pages generated when the build starts, so they cannot drift.

* ``_generated/theorems.md`` lists every statement of :func:`exactprune.theorems.all_theorems`
  (id, source, statement, hypotheses, what violating a hypothesis shows). The checks are not
  run: ``exactprune verify`` does that.
* ``_generated/errata.md`` lists every entry of :func:`exactprune.errata.all_errata`: a summary
  table first, then what is printed, what is correct, and the counterexample the code computes
  (folded).
* ``_generated/ledger.md`` is the audit ledger :func:`exactprune.errata.ledger.ledger`: verdict
  counts, then one table per paper (label, verdict, grade where a row has one, how, evidence).
* ``_generated/cli.md`` is the command-line reference: the ``--help`` of every command, from the
  parser :func:`exactprune.cli.build_parser`.
* ``_generated/changelog.md`` is the repository's ``CHANGELOG.md``.
* ``_generated/optional_SECTION.txt`` (included by ``SECTION.md``) is a toctree of the pages of
  :data:`OPTIONAL_PAGES` that exist, so the site builds with or without them.
* ``_generated/notebooks/`` holds copies of the committed, executed ``notebooks/*.ipynb`` (and
  their ``figures/``), which myst-nb renders without executing them; a figure that a notebook
  saves but none of its Markdown cells shows is shown after the cell that saves it.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
from pathlib import Path

_SPECIAL = re.compile(r"([\\`*_\[\]{}<>#|$~^!])")


def escape(text: str) -> str:
    """Text as literal Markdown: every character CommonMark or MyST could read as markup is
    backslash-escaped, and line breaks become spaces.

    >>> escape("E[r_c^k] = sum_c P*[A_c|A_d]")
    'E\\\\[r\\\\_c\\\\^k\\\\] = sum\\\\_c P\\\\*\\\\[A\\\\_c\\\\|A\\\\_d\\\\]'
    """
    return _SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def theorems_page() -> str:
    """The theorem registry as a Markdown page, in registry order."""
    from exactprune.theorems import all_theorems

    lines = ["# Theorems checked", "",
             "Every statement that `exactprune verify` checks, generated from the theorem registry "
             "(`exactprune.theorems`) when this site was built. Each is checked on cases meeting "
             "its hypotheses and on cases violating one; run `exactprune verify --theorem ID`.", ""]
    for theorem in all_theorems():
        lines += [f"(theorem-{theorem.id})=", f"## {theorem.id}", "",
                  f"**Source.** {escape(theorem.source)}", "",
                  f"**Statement.** {escape(theorem.statement)}", "",
                  f"**Hypotheses.** {escape(theorem.hypotheses)}", ""]
        if theorem.violations is not None:
            expect = {"fails": "the conclusion can fail",
                      "holds": "the conclusion still holds"}[theorem.expected_on_violations]
            note = f" {escape(theorem.violation_note)}" if theorem.violation_note else ""
            lines += [f"**When a hypothesis is violated** ({expect}).{note}", ""]
    return "\n".join(lines)


def _cell(text: str) -> str:
    """Text for one cell of a Markdown table: escaped, and ``|`` cannot end the cell."""
    return escape(text).replace("\\|", "&#124;")


def errata_page() -> str:
    """The errata registry as a Markdown page: a summary table, then per entry what is printed,
    what is correct, and the counterexample (folded)."""
    from exactprune.errata import all_errata

    entries = [erratum.as_dict() for erratum in all_errata()]
    lines = ["# Errata", "",
             "Every discrepancy found between the papers and exact computation, generated from the "
             "errata registry (`exactprune.errata`) when this site was built. The counterexamples "
             "are computed by the code, never typed in; `exactprune errata --json` prints the same.",
             "", f"{len(entries)} entries.", "",
             "| erratum | source | kind | correct |", "|---|---|---|---|"]
    lines += [f"| {{ref}}`{e['id']} <erratum-{e['id']}>` | {_cell(e['source'])} | {_cell(e['kind'])} "
              f"| {_cell(e['correct'])} |" for e in entries]
    lines.append("")
    for entry in entries:
        lines += [f"(erratum-{entry['id']})=", f"## {entry['id']}", "",
                  f"**Source.** {escape(entry['source'])}", "",
                  f"**Printed.** {escape(entry['printed'])}", "",
                  f"**Correct.** {escape(entry['correct'])}", ""]
        if entry["explanation"]:
            lines += [escape(entry["explanation"]), ""]
        lines += ["<details><summary>Counterexample (JSON)</summary>", "", "```json",
                  json.dumps(entry["counterexample"], indent=1, sort_keys=False), "```", "",
                  "</details>", ""]
    return "\n".join(lines)


def _evidence(reference: str, theorems: set, errata: set) -> str:
    """One evidence reference as a link to its theorem or erratum, else as code."""
    kind, _, name = reference.partition(":")
    if kind == "theorem" and name in theorems:
        return f"{{ref}}`{name} <theorem-{name}>`"
    if kind == "erratum" and name in errata:
        return f"{{ref}}`{name} <erratum-{name}>`"
    return f"`{reference}`"


def ledger_page() -> str:
    """The audit ledger as a Markdown page: the counts of :func:`exactprune.errata.ledger.counts` (the
    function ``exactprune errata --ledger`` prints), then one table per paper, filtered in the browser
    by paper, verdict family and grade (``_static/ledger_filter.js``).  Generic over the verdicts: the
    columns are the families the counts hold."""
    from exactprune.errata import all_errata
    from exactprune.errata.ledger import counts, ledger
    from exactprune.theorems import all_theorems

    rows = ledger()
    table = counts(rows)
    papers = list(table)
    verdicts = list(next(iter(table.values()))["verdicts"]) if table else []
    grades = list(next(iter(table.values()))["grades"]) if table else []
    theorems = {t.id for t in all_theorems()}
    errata = {e.id for e in all_errata()}
    total = {v: sum(table[p]["verdicts"][v] for p in papers) for v in verdicts}
    lines = ["# Ledger", "",
             "Every numbered statement of the five papers with its verdict, generated from the audit "
             "ledger (`exactprune.errata.ledger`) when this site was built: **verified** (how, and "
             "the evidence), **refuted** (the erratum with its exact counterexample) or **out of "
             "reach** (why), and the grade of its evidence. The counts are those `exactprune errata "
             "--ledger` prints (the same function, `exactprune.errata.ledger.counts`).", "",
             f"{len(rows)} rows: " + ", ".join(f"{total[v]} {v}" for v in verdicts if total[v]) + ".", "",
             "| paper | " + " | ".join(verdicts) + " | rows |",
             "|---|" + "---:|" * (len(verdicts) + 1)]
    lines += [f"| [{paper}](#ledger-{paper.lower()}) | " + " | ".join(str(table[paper]["verdicts"][v]) for v in verdicts)
              + f" | {sum(table[paper]['verdicts'].values())} |" for paper in papers]
    lines += ["", "Show only:", "", "```{raw} html",
              '<div id="ledger-filter" class="ledger-filter" data-papers="' + "|".join(papers)
              + '" data-verdicts="' + "|".join(verdicts) + '" data-grades="' + "|".join(grades) + '"></div>',
              "```", ""]
    for paper in papers:
        lines += [f"(ledger-{paper.lower()})=", f"## {paper}", "",
                  "| label | verdict | grade | how | evidence |", "|---|---|---|---|---|"]
        for row in (r for r in rows if r.paper == paper):
            lines.append(f"| {_cell(row.label)} | {_cell(row.verdict)} | {_cell(row.grade)} | {_cell(row.how)} | "
                         + ", ".join(_evidence(e, theorems, errata) for e in row.evidence) + " |")
        lines.append("")
    return "\n".join(lines)


def _subcommands(parser: argparse.ArgumentParser) -> dict:
    return {name: sub for action in parser._actions if isinstance(action, argparse._SubParsersAction)
            for name, sub in action.choices.items()}


def cli_page() -> str:
    """The command-line reference: the ``--help`` of ``exactprune`` and of every command, at a
    fixed width of 80 columns."""
    from exactprune.cli import build_parser

    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "80"           # argparse wraps at the terminal's width
    try:
        parser = build_parser()
        lines = ["# Command-line reference", "",
                 "The `--help` of `exactprune` and of each of its commands, generated from the "
                 "argument parser (`exactprune.cli.build_parser`) when this site was built. Exit "
                 "status: 0 done, 1 a theorem check failed (`verify`), 2 bad input (one line on "
                 "stderr), 3 an internal error.", "", "```text", parser.format_help().rstrip(), "```", ""]
        todo = [(f"exactprune {name}", sub) for name, sub in _subcommands(parser).items()]
        while todo:
            prog, sub = todo.pop(0)
            lines += [f"## {prog}", "", "```text", sub.format_help().rstrip(), "```", ""]
            todo[:0] = [(f"{prog} {name}", child) for name, child in _subcommands(sub).items()]
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return "\n".join(lines)


def changelog_page(root: Path) -> str:
    """``CHANGELOG.md`` of the repository, as a page."""
    return (root / "CHANGELOG.md").read_text(encoding="utf-8")


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


_SAVED_FIGURE = re.compile(r"""savefig\([^)]*?["']([\w.-]+\.png)["']""")


def with_figures_shown(notebook: dict) -> dict:
    """The notebook with every figure it saves shown: after a code cell that saves
    ``figures/NAME.png`` (``savefig(...)``) that no Markdown cell shows, a Markdown cell showing it.

    >>> code = {"cell_type": "code", "source": ["fig.savefig(FIGURES / 'a.png')"], "outputs": []}
    >>> shown = {"cell_type": "markdown", "source": ["![b](figures/b.png)"]}
    >>> cells = with_figures_shown({"cells": [code, shown]})["cells"]
    >>> [c["cell_type"] for c in cells], cells[1]["source"]
    (['code', 'markdown', 'markdown'], ['![a.png](figures/a.png)'])
    >>> len(with_figures_shown({"cells": [shown, code | {"source": ["savefig('b.png')"]}]})["cells"])
    2
    """
    text = lambda cell: "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    markdown = "".join(text(c) for c in notebook["cells"] if c["cell_type"] == "markdown")
    cells = []
    for cell in notebook["cells"]:
        cells.append(cell)
        if cell["cell_type"] != "code":
            continue
        for name in _SAVED_FIGURE.findall(text(cell)):
            if f"figures/{name}" not in markdown:
                cells.append({"cell_type": "markdown", "id": f"figure-{len(cells)}", "metadata": {},
                              "source": [f"![{name}](figures/{name})"]})
    return dict(notebook, cells=cells)


def _copy_notebooks(notebooks: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for stale in set(p.name for p in target.glob("*.ipynb")) - set(p.name for p in notebooks.glob("*.ipynb")):
        (target / stale).unlink()
    for notebook in sorted(notebooks.glob("*.ipynb")):
        shown = with_figures_shown(json.loads(notebook.read_text(encoding="utf-8")))
        _write_if_changed(target / notebook.name, json.dumps(shown, indent=1, ensure_ascii=False) + "\n")
    if (notebooks / "figures").is_dir():
        shutil.copytree(notebooks / "figures", target / "figures", dirs_exist_ok=True)


#: pages other parts of the project may add, listed in a section's navigation only when present:
#: section page -> page names (``docs/NAME.md``)
OPTIONAL_PAGES = {"guide": ("cli_output",), "theory": ("peers",)}


def optional_toctree(docs: Path, names) -> str:
    """A toctree (MyST) of the pages among ``names`` that exist under ``docs``, or nothing.

    >>> optional_toctree(Path("/nonexistent"), ["peers"])
    ''
    """
    present = [name for name in names if (docs / f"{name}.md").exists()]
    return "```{toctree}\n:maxdepth: 1\n\n" + "\n".join(present) + "\n```\n" if present else ""


def write_pages(app) -> None:
    """builder-inited hook: write the generated pages under ``<srcdir>/_generated``."""
    src = Path(app.srcdir)
    out = src / "_generated"
    out.mkdir(exist_ok=True)
    _write_if_changed(out / "theorems.md", theorems_page())
    _write_if_changed(out / "errata.md", errata_page())
    _write_if_changed(out / "ledger.md", ledger_page())
    _write_if_changed(out / "cli.md", cli_page())
    _write_if_changed(out / "changelog.md", changelog_page(src.parent))
    for page, names in OPTIONAL_PAGES.items():
        _write_if_changed(out / f"optional_{page}.txt", optional_toctree(src, names))
    _copy_notebooks(src.parent / "notebooks", out / "notebooks")


def setup(app):
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
