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
    #: what the violation cases show: "fails" (the conclusion can fail without the hypothesis) or
    #: "holds" (documented: it still holds).  None: inferred from ``violation_note``
    #: ("still holds" in the note means "holds").
    violation_expect: Optional[str] = None

    @property
    def expected_on_violations(self) -> str:
        if self.violation_expect is not None:
            return self.violation_expect
        return "holds" if "still holds" in self.violation_note.lower() else "fails"


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


class _Failed(Exception):
    """Raised inside the hypothesis test body when a check's verdict is negative."""


def _contains_failed(err: BaseException) -> bool:
    if isinstance(err, _Failed):
        return True
    for inner in getattr(err, "exceptions", ()) or ():
        if _contains_failed(inner):
            return True
    return False


def require_hypothesis():
    """Import :mod:`hypothesis` or raise an ImportError with a one-line explanation."""
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise ImportError("the theorem checker needs the 'hypothesis' package: "
                          "pip install 'exactprune[test]' (or pip install hypothesis)") from None
    return hypothesis


def run(theorem: Theorem, examples: Optional[int] = None, seed: int = 0,
        violations: bool = False, shrink: bool = True) -> dict:
    """Run ``theorem.check`` on ``examples`` hypothesis-generated cases (its ``cases()``
    strategy, or ``violations()`` when ``violations`` is true), seeded by ``seed``.

    Returns ``{"id", "status", "cases", "counterexample", "seed", "examples", "kind"}``:
    ``status`` is ``"holds"`` (every case checked holds), ``"counterexample"`` (a failing
    case, shrunk by hypothesis; ``counterexample`` holds the verdict's exact numbers) or
    ``"error"`` (the check raised; ``counterexample`` holds the message and the case).
    Deterministic for a given seed: no example database is used.  ``shrink=False`` reports the
    first failing case found, unshrunk (faster).
    """
    require_hypothesis()
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed

    kind = "violations" if violations else "cases"
    factory = theorem.violations if violations else theorem.cases
    result = {"id": theorem.id, "kind": kind, "status": "holds", "cases": 0, "counterexample": None,
              "seed": seed}
    if factory is None:
        result["status"] = "holds"
        result["note"] = "no violation strategy registered"
        return result
    n = int(examples if examples is not None else theorem.default_examples)
    result["examples"] = n
    state: dict = {"cases": 0, "failure": None, "error": None}

    def body(case):
        state["cases"] += 1
        try:
            verdict = theorem.check(case)
        except Exception as err:  # report, do not crash the whole run
            state["error"] = {"error": f"{type(err).__name__}: {err}", "case": _jsonable(case)}
            raise
        if not verdict.holds:
            state["failure"] = _jsonable(verdict.details)
            raise _Failed()

    phases = [Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if shrink else [])
    test = settings(max_examples=max(n, 1), deadline=None, database=None, derandomize=False, phases=phases,
                    suppress_health_check=list(HealthCheck), print_blob=False)(
        hypothesis_seed(seed)(given(factory())(body)))
    try:
        test()
    except Exception as err:  # noqa: BLE001 - classified below
        if _contains_failed(err) and state["failure"] is not None:
            result["status"] = "counterexample"
            result["counterexample"] = state["failure"]
        else:
            result["status"] = "error"
            result["counterexample"] = state["error"] or {"error": f"{type(err).__name__}: {err}"}
    result["cases"] = state["cases"]
    return result


def _jsonable(value: Any) -> Any:
    """Fractions -> "p/q", tuples -> lists, other objects -> str (for printing verdicts)."""
    from fractions import Fraction
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return str(value)
