"""Sphinx extension: a docstring that reStructuredText would garble is shown verbatim.

Docstrings are numpy-style reStructuredText (their ``Parameters``/``Returns`` sections are turned
into fields by ``sphinx.ext.napoleon`` before this check runs), but some cite equations in plain
text (``|mean - exact|``, ``name_``), which reStructuredText misreads (``|x|`` is a substitution,
``name_`` a link target). Each docstring, as napoleon left it, is parsed on its own with docutils,
with every role and directive accepted (``:func:``, ``.. seealso::``: Sphinx itself reports an
unknown one when the page is built with ``-W``); one that still warns - bad inline markup, an
undefined substitution or target, broken indentation - is shown verbatim as a literal block,
exactly as ``help()`` shows it, so that the site builds with warnings as errors whatever the
docstrings hold. ``tests/test_docs.py`` fails when a public docstring ends up verbatim.

Members that exactprune does not define (scikit-learn's generated ``set_*_request`` methods on the
estimator) are skipped: their documentation belongs to scikit-learn.
"""
from __future__ import annotations

import contextlib
import io
import re
from typing import Iterator

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives, roles

# docutils' own lookups, taken when the extension is imported (before Sphinx patches them while it
# reads a page: its versions need the build environment, which a standalone parse does not have)
_ROLE = roles.role
_DIRECTIVE = directives.directive


def _any_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [nodes.literal(rawtext, text)], []


class _AnyDirective(Directive):
    """A directive docutils does not know: its content is parsed as body text."""
    optional_arguments = 10
    final_argument_whitespace = True
    has_content = True
    option_spec = None

    def run(self):
        node = nodes.container()
        if self.content:
            self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


def _role(name, language_module, lineno, reporter):
    function, messages = _ROLE(name, language_module, lineno, reporter)
    return (function or _any_role), ([] if function is None else messages)


#: directives that run only inside a Sphinx build (they read its environment): their content is
#: parsed as body text in the standalone check, as an unknown directive's is
_SPHINX_ONLY = frozenset({"plot"})


def _directive(name, language_module, document):
    if name in _SPHINX_ONLY:
        return _AnyDirective, []
    cls, messages = _DIRECTIVE(name, language_module, document)
    return (cls or _AnyDirective), ([] if cls is None else messages)


@contextlib.contextmanager
def _sphinx_markup_accepted() -> Iterator[None]:
    saved = roles.role, directives.directive
    roles.role, directives.directive = _role, _directive
    try:
        yield
    finally:
        roles.role, directives.directive = saved


def parses_cleanly(text: str) -> bool:
    """True when ``text`` is reStructuredText that docutils reads without a warning, Sphinx's
    roles and directives included.

    >>> parses_cleanly("The mean (4.12), see ``moment`` and :func:`exactprune.knorm.prune`.")
    True
    >>> parses_cleanly(":param k: the norm\\n:type k: int\\n\\n.. seealso:: :mod:`exactprune.knorm`")
    True
    >>> parses_cleanly("returns |mean - exact| <= 5 se")
    False
    >>> parses_cleanly("the tree_ of the estimator")
    False
    """
    stream = io.StringIO()
    try:
        with _sphinx_markup_accepted():
            publish_doctree(text, settings_overrides={
                "report_level": 2, "halt_level": 5, "warning_stream": stream,
                "file_insertion_enabled": False, "raw_enabled": False})
    except Exception:  # noqa: BLE001 - any failure to parse means "not clean"
        return False
    return stream.getvalue() == ""


# inline literals and interpreted text (roles), left as they are
_CODE = re.compile(r"(``.+?``|(?::[\w:]+:)?`[^`]+`_{0,2})")
# a bar (|x| is an absolute value, never a substitution here) and a word's trailing underscore
# (tree_ is an attribute, never a link target here)
_PLAIN = re.compile(r"(?<!\\)\||(?<=\w)_(?=[\s,.;:)\]}]|$)")


def _escape_prose(line: str) -> str:
    parts = _CODE.split(line)
    return "".join(part if i % 2 else _PLAIN.sub(lambda m: "\\" + m.group(0), part)
                   for i, part in enumerate(parts))


def plain_text_escaped(lines: list) -> list:
    r"""The docstring's prose with ``|`` and a trailing ``_`` taken literally; doctests, literal
    blocks, inline literals and roles unchanged.

    >>> print(*plain_text_escaped(["E|r - m| and tree_, ``|x|``", "", "x::", "", "  |y|"]), sep=" / ")
    E\|r - m\| and tree\_, ``|x|`` /  / x:: /  /   |y|
    >>> doctest = [">" * 3 + " 1 | 2", "3"]
    >>> plain_text_escaped(doctest) == doctest
    True
    >>> parses_cleanly("\n".join(plain_text_escaped(["returns |mean - exact| <= 5 se"])))
    True
    """
    out, block_indent, in_doctest = [], None, False
    for line in lines:
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if not stripped:
            in_doctest = False
            out.append(line)
            continue
        if block_indent is not None and indent > block_indent:
            out.append(line)                       # inside a literal block
            continue
        block_indent = None
        if stripped.startswith(">>>") or in_doctest:
            in_doctest = True
            out.append(line)
            continue
        out.append(_escape_prose(line))
        if stripped.endswith("::"):
            block_indent = indent
    return out


_SECTIONS = ("Parameters", "Other Parameters", "Attributes")


def joined_parameter_names(lines: list) -> list:
    """Lines with a numpy-style list of parameter names that runs over several lines (each but
    the last ending with a comma) joined into one, as napoleon reads a name line.

    >>> joined_parameter_names(["Parameters", "----------", "k : int", "    The norm.",
    ...                         "a, b,", "c : int", "    Passed on."])[4:]
    ['a, b, c : int', '    Passed on.']
    """
    out: list = []
    in_section = False
    for i, line in enumerate(lines):
        if i + 1 < len(lines) and set(lines[i + 1].strip()) == {"-"}:
            in_section = line.strip() in _SECTIONS
        continuing = in_section and out and out[-1].rstrip().endswith(",") and line[:1] not in ("", " ") \
            and not out[-1].startswith(" ")
        if continuing:
            out[-1] = out[-1].rstrip() + " " + line.strip()
        else:
            out.append(line)
    return out


_ORIGINALS: dict = {}


def _remember(app, what, name, obj, options, lines) -> None:
    """Before napoleon: keep the docstring as written, to show it verbatim if need be, and join
    parameter names that run over several lines."""
    _ORIGINALS[what, name] = list(lines)
    lines[:] = joined_parameter_names(lines)


def _verbatim(app, what, name, obj, options, lines) -> None:
    """After napoleon: a docstring that would not parse cleanly is shown as written."""
    original = _ORIGINALS.pop((what, name), lines)
    if what in ("attribute", "data", "property"):
        # napoleon reads the first line of an attribute's docstring as "type: description", which
        # garbles a sentence with a colon (``Zhong section 6.3: lam0 = 100 ...``); they have no sections
        lines[:] = original
    if not lines or parses_cleanly("\n".join(lines)):
        return
    escaped = plain_text_escaped(lines)
    if parses_cleanly("\n".join(escaped)):
        lines[:] = escaped
    else:
        lines[:] = ["::", ""] + ["   " + line for line in original] + [""]


def _skip_foreign(app, what, name, obj, skip, options):
    module = getattr(obj, "__module__", None)
    if what == "class" and callable(obj) and module and not module.startswith("exactprune"):
        return True
    return None


def setup(app):
    app.setup_extension("sphinx.ext.napoleon")       # its handler runs between the two below (500)
    app.connect("autodoc-process-docstring", _remember, priority=100)
    app.connect("autodoc-process-docstring", _verbatim, priority=600)
    app.connect("autodoc-skip-member", _skip_foreign)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
