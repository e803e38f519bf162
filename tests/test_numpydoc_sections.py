"""Every public function, class and method of exactprune that takes arguments documents them in
numpydoc sections, read by numpydoc's own parser (``numpydoc.docscrape.NumpyDocString``):

- a ``Parameters`` section naming every parameter of the signature (``self``/``cls`` aside;
  ``*args``/``**kwargs`` under either spelling); for a class, the parameters of its constructor,
  in the class docstring or in ``__init__``'s own;
- a ``Returns`` (or ``Yields``) section, except for classes, properties, ``__init__`` and
  functions annotated ``-> None``.

"Public": a module whose dotted path has no part starting with ``_`` (``__init__`` modules are
the packages themselves and count), a name without a leading ``_`` defined in that module (its
``__module__``; re-exports are checked where they are defined), and for a public class each
public method in its own ``__dict__`` (plain, static or class methods; inherited ones are checked
in their own class).  One test per module, so a missing section names its module.
"""
from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
import pkgutil
import warnings
from typing import Callable, Iterator, List, Optional, Tuple

import numpydoc.docscrape as numpydoc_docscrape
import pytest

import exactprune

#: Modules whose public names still lack sections on main, 2026-11-28 (issue 34 item 4), one per line
#: so that each module's conversion removes its own line. strict: a module that becomes complete
#: fails here until it is removed from the list.
STILL_LACKING: Tuple[str, ...] = (
)


def _modules() -> List[str]:
    names = ["exactprune"]
    for info in pkgutil.walk_packages(exactprune.__path__, "exactprune."):
        if info.name.endswith("__main__") or any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        names.append(info.name)
    return sorted(names)


def _signature_names(function: Callable) -> Optional[List[str]]:
    """Parameter names, without a leading self/cls; None when the signature cannot be read."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    names = []
    for parameter in signature.parameters.values():
        prefix = {parameter.VAR_POSITIONAL: "*", parameter.VAR_KEYWORD: "**"}.get(parameter.kind, "")
        names.append(prefix + parameter.name)
    return names


def _returns_none(function: Callable) -> bool:
    annotation = inspect.signature(function).return_annotation
    return annotation is None or annotation == "None"


def _documented(doc: str) -> Tuple[Optional[object], str]:
    """The parsed docstring, or None and the parser's complaint."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")                  # an unknown or garbled section is a defect
            return numpydoc_docscrape.NumpyDocString(doc), ""
    except Exception as error:   # numpydoc raises ValueError or warns (as error) on a malformed docstring
        return None, f"numpydoc cannot parse it: {error}"


def _named(parsed, section: str) -> set:
    names = set()
    for parameter in parsed[section]:
        for name in parameter.name.split(","):
            name = name.strip()
            if name:
                names.add(name)
    return names


def problems_of(function: Callable, qualified: str, *, needs_returns: bool, doc: Optional[str] = None,
                skip_first: bool = False) -> Optional[List[str]]:
    """What the docstring of ``function`` lacks (unnamed parameters, a missing Returns/Yields), or
    None when it takes no arguments (nothing to check).

    ``doc`` overrides the docstring read (a class's own); ``skip_first`` drops self/cls.
    """
    names = _signature_names(function)
    if names is None:
        return [f"{qualified}: its signature cannot be read"]
    if skip_first:
        names = names[1:]
    if not names:
        return None
    text = doc if doc is not None else inspect.getdoc(function)
    if not text:
        return [f"{qualified}: no docstring"]
    parsed, complaint = _documented(text)
    if parsed is None:
        return [f"{qualified}: {complaint}"]
    found = []
    named = _named(parsed, "Parameters") | _named(parsed, "Other Parameters")
    # *args may be written "*args" or "args" (numpydoc accepts both)
    unnamed = [n for n in names if n not in named and n.lstrip("*") not in named]
    if not parsed["Parameters"]:
        found.append(f"{qualified}: no Parameters section")
    elif unnamed:
        found.append(f"{qualified}: Parameters does not name {unnamed}")
    if needs_returns and not (parsed["Returns"] or parsed["Yields"]):
        found.append(f"{qualified}: no Returns or Yields section")
    return found


def _class_problems(cls: type, qualified: str) -> Optional[List[str]]:
    """The constructor's parameters in the class docstring (or in ``__init__``'s own); None when
    the class has no constructor of its own with arguments."""
    if issubclass(cls, enum.Enum) or issubclass(cls, BaseException):
        return None
    init = cls.__dict__.get("__init__")
    is_generated = dataclasses.is_dataclass(cls) or hasattr(cls, "_fields")     # dataclass / NamedTuple
    if init is None and not is_generated:
        return None      # no constructor of its own: an inherited one is checked in its own class
    if init is not None and getattr(init, "__module__", None) != cls.__module__:
        return None      # a constructor put there by typing (Protocol), not written in the package
    signature_of = cls if init is None else init
    skip_first = init is not None
    problems = problems_of(signature_of, qualified, needs_returns=False, doc=inspect.getdoc(cls) or "",
                           skip_first=skip_first)
    if problems and init is not None and init.__doc__:       # or in __init__'s own docstring
        if problems_of(init, qualified, needs_returns=False, skip_first=True) == []:
            return []
    return problems


def _method_entries(cls: type, qualified: str) -> Iterator[Tuple[str, Optional[List[str]]]]:
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        skip_first = True
        if isinstance(member, staticmethod):
            member, skip_first = member.__func__, False
        elif isinstance(member, classmethod):
            member = member.__func__
        if not inspect.isfunction(member):
            continue                              # properties, cached properties, attributes
        yield f"{qualified}.{name}", problems_of(member, f"{qualified}.{name}",
                                                 needs_returns=not _returns_none(member), skip_first=skip_first)


def module_entries(module_name: str) -> Iterator[Tuple[str, List[str]]]:
    """(qualified name, what its docstring lacks) for every public function, class and method of
    the module that takes arguments."""
    module = importlib.import_module(module_name)
    for name, obj in sorted(vars(module).items()):
        if name.startswith("_") or getattr(obj, "__module__", None) != module_name:
            continue
        qualified = f"{module_name}.{name}"
        if isinstance(obj, type):
            entries = [(qualified, _class_problems(obj, qualified)), *_method_entries(obj, qualified)]
        elif callable(obj) and inspect.isfunction(inspect.unwrap(obj)):
            entries = [(qualified, problems_of(obj, qualified, needs_returns=not _returns_none(inspect.unwrap(obj))))]
        else:
            continue
        yield from ((q, problems) for q, problems in entries if problems is not None)


def module_problems(module_name: str) -> List[str]:
    return [problem for _, problems in module_entries(module_name) for problem in problems]


MODULES = _modules()


@pytest.mark.parametrize("module_name", [
    pytest.param(name, marks=pytest.mark.xfail(strict=True, reason="sections not yet written (issue 34)"))
    if name in STILL_LACKING else name for name in MODULES])
def test_every_public_callable_documents_its_parameters_and_returns(module_name):
    problems = list(module_problems(module_name))
    assert not problems, "\n".join(problems)


def test_the_list_of_modules_still_lacking_names_real_modules():
    assert set(STILL_LACKING) <= set(MODULES), sorted(set(STILL_LACKING) - set(MODULES))


# --- the check can fail ---------------------------------------------------------------------

def _missing_a_parameter(tree: int, k: int) -> int:
    """Made up: ``k`` is not named.

    Parameters
    ----------
    tree : int
        A tree.

    Returns
    -------
    int
        Nothing useful.
    """
    return tree + k


def _without_returns(tree: int, *, k: int = 2) -> int:
    """Made up: no Returns.

    Parameters
    ----------
    tree, k : int
        Two numbers.
    """
    return tree + k


def _complete(tree: int, *rest: int, **options: int) -> Iterator[int]:
    """Made up and complete.

    Parameters
    ----------
    tree : int
        A number.
    *rest : int
        More numbers.
    **options : int
        Named numbers.

    Yields
    ------
    int
        The numbers.
    """
    yield tree


def _returns_nothing(path: str) -> None:
    """Made up: annotated -> None, so no Returns is needed.

    Parameters
    ----------
    path : str
        Where.
    """


def _prose_only(tree: int) -> int:
    """Made up: ``tree`` described in prose, with no section."""
    return tree


class _Holder:
    """Made up: a class whose constructor argument is undocumented, with a method lacking Returns.

    Parameters
    ----------
    a : int
        The first.
    """

    def __init__(self, a: int, b: int) -> None:
        self.a, self.b = a, b

    def total(self, c: int) -> int:
        """The sum.

        Parameters
        ----------
        c : int
            A third.
        """
        return self.a + self.b + c


@dataclasses.dataclass
class _Record:
    """Made up: a dataclass whose Parameters names both fields.

    Parameters
    ----------
    x, y : int
        The fields.
    """

    x: int
    y: int


def _check(function) -> List[str]:
    unwrapped = inspect.unwrap(function)
    return problems_of(function, function.__name__, needs_returns=not _returns_none(unwrapped))


def test_the_check_fails_on_an_unnamed_parameter():
    assert _check(_missing_a_parameter) == ["_missing_a_parameter: Parameters does not name ['k']"]


def test_the_check_fails_without_returns():
    assert _check(_without_returns) == ["_without_returns: no Returns or Yields section"]


def test_the_check_fails_on_prose_without_sections():
    assert _check(_prose_only) == ["_prose_only: no Parameters section", "_prose_only: no Returns or Yields section"]


def test_the_check_passes_complete_docstrings():
    assert _check(_complete) == []
    assert _check(_returns_nothing) == []
    assert _class_problems(_Record, "_Record") == []


def test_the_check_reads_classes_and_methods():
    assert _class_problems(_Holder, "_Holder") == ["_Holder: Parameters does not name ['b']"]
    assert list(_method_entries(_Holder, "_Holder")) == [("_Holder.total", ["_Holder.total: no Returns or Yields section"])]


def test_the_check_fails_on_a_garbled_section():
    def garbled(x: int) -> int:
        """Made up.

        Parameters
        ----------
        x : int
            A number.

        Retruns
        -------
        int
        """
        return x
    problems = _check(garbled)
    assert len(problems) == 1 and "numpydoc cannot parse it" in problems[0] and "Retruns" in problems[0]


def test_the_walk_finds_functions_classes_and_methods():
    """The per-module tests are not vacuous: the walk reaches a module's functions, its classes'
    constructors and methods, and skips what takes no arguments (a property)."""
    found = dict(module_entries("exactprune.peers.ebp"))
    assert {"exactprune.peers.ebp.ebp_z", "exactprune.peers.ebp.ebp_prune", "exactprune.peers.ebp.EBPResult",
            "exactprune.peers.ebp.EBPResult.kept"} <= set(found)
    assert not any(name.startswith("exactprune.peers.ebp._") for name in found)
    found = dict(module_entries("exactprune.montecarlo"))
    assert "exactprune.montecarlo.MCEstimate" in found            # a dataclass: its fields are its parameters
    assert "exactprune.pruning.Pruning.comparisons" not in dict(module_entries("exactprune.pruning"))   # a property
