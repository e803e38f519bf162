"""Sphinx extension: what the built site needs to be read offline and its figures read in full.

* MathJax: the copy of MathJax 2 in ``jupyter-server-mathjax`` (``mathjax_source`` in
  ``conf.py``) goes to ``_static/mathjax/`` whole (the combined TeX configuration, its extensions
  and the STIX web fonts, 12 MB), so the formulas render without a network.
* Notebook figures: every image on a notebook page gets the full column width and a link to the
  image at its own size (Sphinx links a scaled image to its file), so a wide figure with many
  panels can be opened at full resolution; notebook pages have no right-hand sidebar, which
  leaves the figures and printed outputs the width of the page.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from docutils import nodes
from sphinx.transforms import SphinxTransform



class NotebookImagesLinked(SphinxTransform):
    """On notebook pages, images scaled to the column width (and so linked to their file)."""
    default_priority = 400

    def apply(self, **kwargs) -> None:
        if not self.env.docname.startswith("_generated/notebooks/"):
            return
        for image in self.document.findall(nodes.image):
            image.setdefault("width", "100%")


def _notebook_pages_wide(app, pagename, templatename, context, doctree) -> None:
    if pagename.startswith("_generated/notebooks/"):
        context["meta"] = dict(context.get("meta") or {}, **{"html_theme.sidebar_secondary.remove": True})


def copy_mathjax(app, exception) -> None:
    source = app.config.mathjax_source
    if exception is not None or source is None or app.builder.format != "html":
        return
    shutil.copytree(source, Path(app.outdir) / "_static" / "mathjax", dirs_exist_ok=True)


def setup(app):
    app.add_config_value("mathjax_source", None, "html")
    app.add_transform(NotebookImagesLinked)
    app.connect("html-page-context", _notebook_pages_wide)
    app.connect("build-finished", copy_mathjax)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
