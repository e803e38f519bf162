"""Sphinx extension: docstrings written as plain mathematical text render faithfully.

The docstrings cite equations in plain text (``E[r_l^k] = prod_{i<k} ...``, ``|x|``), which
reStructuredText can misread (``|x|`` is a substitution, ``name_`` a link target). Each docstring
is first parsed on its own; one that parses without a warning is rendered as reStructuredText
(bullets, roles, doctests), one that does not is shown verbatim as a literal block, exactly as
``help()`` shows it. So the API reference builds with warnings as errors whatever the docstrings
hold, and renders the ones written as reStructuredText.

Members that exactprune does not define (scikit-learn's generated ``set_*_request`` methods on the
estimator) are skipped: their documentation belongs to scikit-learn.
"""
from __future__ import annotations

import io

from docutils.core import publish_doctree


def parses_cleanly(text: str) -> bool:
    """True when ``text`` is reStructuredText that docutils reads without a warning.

    >>> parses_cleanly("The mean (4.12), see ``moment``.")
    True
    >>> parses_cleanly("returns |mean - exact| <= 5 se")
    False
    """
    stream = io.StringIO()
    try:
        publish_doctree(text, settings_overrides={"report_level": 2, "halt_level": 5,
                                                  "warning_stream": stream, "file_insertion_enabled": False})
    except Exception:  # noqa: BLE001 - any failure to parse means "not clean"
        return False
    return stream.getvalue() == ""


def _verbatim(app, what, name, obj, options, lines) -> None:
    if lines and not parses_cleanly("\n".join(lines)):
        lines[:] = ["::", ""] + ["   " + line for line in lines] + [""]


def _skip_foreign(app, what, name, obj, skip, options):
    module = getattr(obj, "__module__", None)
    if what == "class" and callable(obj) and module and not module.startswith("exactprune"):
        return True
    return None


def setup(app):
    app.connect("autodoc-process-docstring", _verbatim)
    app.connect("autodoc-skip-member", _skip_foreign)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
