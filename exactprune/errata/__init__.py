"""Every discrepancy found between the papers and exact computation.

Each erratum is an :class:`Erratum`: where (``source``), what is printed, what
is correct, and a ``counterexample`` computed by the code when the registry is
built (never typed in).  One module per paper registers its entries:
``zhong.py``, ``dd.py``, ... ; :func:`all_errata` collects them.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Callable

MODULES = ("zhong", "zhong7", "dd", "ek", "notes", "fan")


@dataclass
class Erratum:
    """One discrepancy.  ``compute`` returns a dict with at least ``correct`` and
    ``counterexample`` (strings or JSON-able data, computed exactly), and
    ``confirmed`` (True when the printed form really disagrees)."""

    id: str
    source: str
    printed: str
    compute: Callable[[], dict]
    explanation: str = ""
    _cache: dict = field(default=None, repr=False)

    def evaluate(self) -> dict:
        if self._cache is None:
            self._cache = dict(self.compute())
        return self._cache

    def as_dict(self) -> dict:
        result = self.evaluate()
        return {"id": self.id, "source": self.source, "printed": self.printed,
                "correct": result["correct"], "counterexample": result["counterexample"],
                "confirmed": bool(result.get("confirmed", True)), "explanation": self.explanation}


def all_errata() -> list:
    """The registered errata of every paper module present, in MODULES order."""
    out = []
    for name in MODULES:
        try:
            module = importlib.import_module(f"exactprune.errata.{name}")
        except ModuleNotFoundError as err:
            if err.name == f"exactprune.errata.{name}":
                continue
            raise
        out.extend(module.ERRATA)
    return out
