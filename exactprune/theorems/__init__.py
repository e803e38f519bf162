"""Every checked statement as data (issue: the theorem checker).

A :class:`Theorem` carries an ``id`` (``zhong-5.9``, ``ek-1``, ``dd-coexist``),
its ``source`` and ``statement`` in words, its ``hypotheses`` in words, two
hypothesis strategy factories - ``cases()`` for cases satisfying the
hypotheses and ``violations()`` for cases violating one - and ``check(case)``
returning a :class:`Verdict` with the exact numbers behind it.

One module per paper registers its statements in a module-level list
``THEOREMS``: ``zhong.py``, ``ek.py``, ``notes.py``, ``dd.py``.  The CLI
(``exactprune verify``), the tests and the notebooks all use
:func:`all_theorems`; there is no second copy of a statement anywhere.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

MODULES = ("zhong", "ek", "notes", "dd", "costs")


@dataclass
class Verdict:
    """Outcome of one check: ``holds`` or not, with the exact numbers behind it."""

    holds: bool
    details: dict = field(default_factory=dict)


@dataclass
class Theorem:
    id: str
    source: str
    statement: str
    hypotheses: str
    cases: Callable[[], Any]                 # () -> hypothesis strategy of cases meeting the hypotheses
    check: Callable[[Any], Verdict]
    violations: Optional[Callable[[], Any]] = None  # () -> strategy of cases violating a hypothesis
    violation_note: str = ""                 # what happens when a hypothesis is violated
    default_examples: int = 100


def all_theorems() -> list:
    """Registered theorems of every paper module present, in MODULES order."""
    out = []
    for name in MODULES:
        try:
            module = importlib.import_module(f"exactprune.theorems.{name}")
        except ModuleNotFoundError as err:
            if err.name == f"exactprune.theorems.{name}":
                continue
            raise
        out.extend(module.THEOREMS)
    return out


def get(theorem_id: str) -> Theorem:
    for theorem in all_theorems():
        if theorem.id == theorem_id:
            return theorem
    raise KeyError(f"no theorem with id {theorem_id!r}; see 'exactprune verify --list'")
