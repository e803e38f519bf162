"""Sphinx extension: pages generated when the build starts, so they cannot drift.

* ``_generated/theorems.md`` lists every statement of :func:`exactprune.theorems.all_theorems`
  (id, source, statement, hypotheses, what violating a hypothesis shows). The checks are not
  run: ``exactprune verify`` does that.
* ``_generated/errata.md`` lists every entry of :func:`exactprune.errata.all_errata`: what is
  printed, what is correct, and the counterexample the code computes.
* ``_generated/notebooks/`` holds copies of the committed, executed ``notebooks/*.ipynb`` (and
  their ``figures/``), which myst-nb renders without executing them.
"""
from __future__ import annotations

import json
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
        lines += [f"## {theorem.id}", "",
                  f"**Source.** {escape(theorem.source)}", "",
                  f"**Statement.** {escape(theorem.statement)}", "",
                  f"**Hypotheses.** {escape(theorem.hypotheses)}", ""]
        if theorem.violations is not None:
            expect = {"fails": "the conclusion can fail",
                      "holds": "the conclusion still holds"}[theorem.expected_on_violations]
            note = f" {escape(theorem.violation_note)}" if theorem.violation_note else ""
            lines += [f"**When a hypothesis is violated** ({expect}).{note}", ""]
    return "\n".join(lines)


def errata_page() -> str:
    """The errata registry as a Markdown page: printed, correct, counterexample."""
    from exactprune.errata import all_errata

    lines = ["# Errata", "",
             "Every discrepancy found between the papers and exact computation, generated from the "
             "errata registry (`exactprune.errata`) when this site was built. The counterexamples "
             "are computed by the code, never typed in; `exactprune errata --json` prints the same.",
             ""]
    for erratum in all_errata():
        entry = erratum.as_dict()
        lines += [f"## {entry['id']}", "",
                  f"**Source.** {escape(entry['source'])}", "",
                  f"**Printed.** {escape(entry['printed'])}", "",
                  f"**Correct.** {escape(entry['correct'])}", ""]
        if entry["explanation"]:
            lines += [escape(entry["explanation"]), ""]
        lines += ["**Counterexample.**", "", "```json",
                  json.dumps(entry["counterexample"], indent=1, sort_keys=False), "```", ""]
    return "\n".join(lines)


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def _copy_notebooks(notebooks: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for stale in set(p.name for p in target.glob("*.ipynb")) - set(p.name for p in notebooks.glob("*.ipynb")):
        (target / stale).unlink()
    for notebook in sorted(notebooks.glob("*.ipynb")):
        if not (target / notebook.name).exists() or \
                (target / notebook.name).read_bytes() != notebook.read_bytes():
            shutil.copyfile(notebook, target / notebook.name)
    if (notebooks / "figures").is_dir():
        shutil.copytree(notebooks / "figures", target / "figures", dirs_exist_ok=True)


def write_pages(app) -> None:
    """builder-inited hook: write the generated pages under ``<srcdir>/_generated``."""
    src = Path(app.srcdir)
    out = src / "_generated"
    out.mkdir(exist_ok=True)
    _write_if_changed(out / "theorems.md", theorems_page())
    _write_if_changed(out / "errata.md", errata_page())
    _copy_notebooks(src.parent / "notebooks", out / "notebooks")


def setup(app):
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
