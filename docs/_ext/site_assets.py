"""Sphinx extension: what the built site needs to be read offline and its figures read in full.

* MathJax: the copy in ``jupyter-server-mathjax`` (``mathjax_source`` in ``conf.py``) goes to
  ``_static/mathjax/`` - the loader, its extensions, the TeX input and the SVG output (which needs
  no web font), about 4 MB - so the formulas render without a network.
* Notebook figures: every image on a notebook page gets the full column width and a link to the
  image at its own size (Sphinx links a scaled image to its file), so a wide figure with many
  panels can be opened at full resolution.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from docutils import nodes
from sphinx.transforms import SphinxTransform

#: the parts of MathJax 2 the configuration in conf.py loads
MATHJAX_PARTS = ("MathJax.js", "LICENSE", "extensions", "jax/input/TeX", "jax/element", "jax/output/SVG")


class NotebookImagesLinked(SphinxTransform):
    """On notebook pages, images scaled to the column width (and so linked to their file)."""
    default_priority = 400

    def apply(self, **kwargs) -> None:
        if not self.env.docname.startswith("_generated/notebooks/"):
            return
        for image in self.document.findall(nodes.image):
            image.setdefault("width", "100%")


def copy_mathjax(app, exception) -> None:
    source = app.config.mathjax_source
    if exception is not None or source is None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static" / "mathjax"
    for part in MATHJAX_PARTS:
        if (Path(source) / part).is_dir():
            shutil.copytree(Path(source) / part, target / part, dirs_exist_ok=True)
        else:
            target.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(Path(source) / part, target / part)


def setup(app):
    app.add_config_value("mathjax_source", None, "html")
    app.add_transform(NotebookImagesLinked)
    app.connect("build-finished", copy_mathjax)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
