"""Sphinx configuration of the exactprune documentation site.

Build: ``pip install '.[docs]' && sphinx-build -b html docs docs/_build/html``.
Notebooks are rendered from their committed, executed ``.ipynb`` (never executed here); the
theorem, errata, ledger, command-line and changelog pages and the copies of the notebooks are
written into ``docs/_generated/`` by the ``registry_pages`` extension when the build starts.
The formulas are rendered by the copy of MathJax 2 that the ``jupyter-server-mathjax`` package
ships (the docs extra installs it), copied into the site, so a reader needs no network.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))          # the exactprune of this checkout
sys.path.insert(0, str(DOCS / "_ext"))

import exactprune  # noqa: E402

# autosummary regenerates the API stubs on every build; stale stubs of modules that no longer exist
# would fail the build, so the generated folder starts empty
shutil.rmtree(DOCS / "_generated" / "api", ignore_errors=True)

project = "exactprune"
author = "the exactprune authors"
copyright = "the exactprune authors"
try:
    from importlib.metadata import version as _version
    release = _version("exactprune")
except Exception:  # not installed: read from the checkout's pyproject
    import tomllib
    release = tomllib.loads((DOCS.parent / "pyproject.toml").read_text())["project"]["version"]
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
    "sphinx.ext.mathjax",
    "myst_nb",                 # Markdown pages (myst-parser) and executed notebooks
    "registry_pages",          # docs/_ext: theorem and errata pages from the registries
    "sphinx.ext.napoleon",     # numpy-style Parameters/Returns/Attributes sections as fields
    "plain_docstrings",        # docs/_ext: a docstring that is not valid reStructuredText shows verbatim
    "api_modules",             # docs/_ext: the table of every module and its summary in api.rst
    "site_assets",             # docs/_ext: local MathJax, notebook images linked to their full size
    "matplotlib.sphinxext.plot_directive",   # the Displays' pictures, drawn from the code when the site is built
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]
templates_path = ["_templates"]
smartquotes = False    # labels, options and formulas ('J-1', "p/q") shown as written
suppress_warnings = ["myst.header"]   # docs/sklearn_tour.md starts at a level-2 heading

# API reference: generated from the docstrings, recursively over the package.
autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {"members": True, "ignore-module-all": True,   # each name once, where defined
                           # limits.MAX_K = 2^(2^20) - 1 has 315,653 digits: its repr is beyond Python's
                           # int-to-str limit (its docstring and MAX_K_BITS describe it)
                           "exclude-members": "MAX_K"}
autodoc_mock_imports = ["exactprune.__main__"]   # importing it would run the command line
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True

# numpy-style sections (Parameters, Returns, Attributes, Notes, Examples), as scikit-learn writes them
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_ivar = False
# Attributes laid out as Parameters are, under their own heading (as numpydoc, scikit-learn's renderer,
# shows them), instead of napoleon's "Variables" fields
napoleon_custom_sections = [("Attributes", "params_style")]
napoleon_use_param = True
napoleon_use_rtype = True
napoleon_preprocess_types = False

# The plot directive (``.. plot::`` in the Displays' docstrings and the scikit-learn tour): the code runs
# when the site is built and its figure is shown, without the source (the docstring shows it already)
plot_include_source = False
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 100)]
plot_rcparams = {"figure.max_open_warning": 0}

# A page per public class at its import path (``exactprune.sklearn.KNormTreeClassifier``): the classes
# of ``__all__`` of each package below, listed in _generated/classes.rst for autosummary (written here,
# before autosummary looks for its stubs, so a class added to ``__all__`` gets its page unasked).
PUBLIC_CLASS_PACKAGES = ("exactprune.sklearn",)


def _public_classes_page() -> None:
    import importlib
    import inspect
    lines = ["Public classes", "==============", "",
             "Each public class at the path it is imported from.", ""]
    for package in PUBLIC_CLASS_PACKAGES:
        module = importlib.import_module(package)
        names = [name for name in module.__all__ if inspect.isclass(getattr(module, name))]
        lines += [f".. currentmodule:: {package}", "", ".. autosummary::", "   :toctree: api",
                  "   :template: class.rst", ""] + [f"   {name}" for name in names] + [""]
    out = DOCS / "_generated" / "classes.rst"
    out.parent.mkdir(exist_ok=True)
    text = "\n".join(lines)
    if not out.exists() or out.read_text() != text:
        out.write_text(text)


_public_classes_page()

# Notebooks: render the committed outputs; never execute during the build.
nb_execution_mode = "off"
nb_merge_streams = True
nb_render_markdown_format = "gfm"   # display(Markdown(table)) outputs: GitHub-flavoured, so tables render
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3
myst_update_mathjax = False     # MyST's settings are for MathJax 3; conf.py configures MathJax 2 below

html_theme = "pydata_sphinx_theme"
html_title = f"exactprune {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 6,       # the six groups of index.md, none under "More"
}
html_sidebars = {"index": [], "install": []}    # pages without a section to navigate
html_static_path = ["_static"]
html_css_files = ["exactprune.css"]
html_js_files = ["ledger_filter.js"]      # the ledger page's filter by paper, verdict and grade

# MathJax 2 from the site itself (docs/_ext/site_assets.py copies jupyter-server-mathjax's copy to
# _static/mathjax/), with its STIX web fonts; without that package Sphinx's default (a CDN) is kept.
try:
    import jupyter_server_mathjax
    mathjax_source = str(Path(jupyter_server_mathjax.__file__).parent / "static")
except ImportError:
    mathjax_source = None
if mathjax_source is not None:
    mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
    mathjax2_config = {
        # myst-nb marks notebook sections tex2jax_ignore; the formulas carry the class "math"
        "tex2jax": {"inlineMath": [["\\(", "\\)"]], "displayMath": [["\\[", "\\]"]],
                    "processEscapes": True, "processEnvironments": True,
                    "ignoreClass": "tex2jax_ignore|mathjax_ignore", "processClass": "math|output_area"},
        "HTML-CSS": {"availableFonts": ["STIX-Web"], "preferredFont": "STIX-Web", "webFont": "STIX-Web",
                     "imageFont": None},
        "showMathMenu": False,
        "messageStyle": "none",
    }
