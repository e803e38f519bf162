"""Every discrepancy found between the papers and exact computation.

Each erratum is an :class:`Erratum`: where (``source``), what is printed, what
is correct, and a ``counterexample`` computed by the code when the registry is
built (never typed in).  One module per paper registers its entries:
``zhong.py``, ``dd.py``, ... ; :func:`all_errata` collects them.

Every entry has a ``kind`` (the audit policy of :mod:`exactprune.theorems`):
"false as printed" (a), "unstated hypothesis" (b) - these two are errata - or
"domain note" (c): a failing case outside the paper's own notation, documented
but not an error of the paper, or "remark": an observation with an exact
computation that is not an error of the paper (a heuristic "approximately", a
claim true as printed whose neighbourhood behaves otherwise, policy points 6-7).
:func:`all_errata` returns (a) and (b), :func:`all_domain_notes` returns (c),
:func:`all_remarks` the remarks.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Optional

MODULES = ("zhong", "zhong7", "dd", "ek", "notes", "fan")

FALSE = "false as printed"
HYPOTHESIS = "unstated hypothesis"
DOMAIN = "domain note"
REMARK = "remark"
#: the kinds of the audit policy: (a), (b) are errata, (c) is a domain note; a remark is no error
KINDS = (FALSE, HYPOTHESIS, DOMAIN, REMARK)
#: the kinds that make an entry an erratum (a row citing one is refuted)
ERRATUM_KINDS = (FALSE, HYPOTHESIS)


class Computed:
    """A record whose exact numbers its ``compute()`` returns, computed once, when first shown
    (:meth:`evaluate`), never typed in: the base of :class:`Erratum` and of
    :class:`~exactprune.errata.peers.PeerError`.

    >>> calls = []
    >>> class Record(Computed):
    ...     def compute(self) -> dict:
    ...         calls.append(1)
    ...         return {"correct": "1/2"}
    >>> record = Record()
    >>> record.evaluate(), record.evaluate() is record.evaluate(), len(calls)
    ({'correct': '1/2'}, True, 1)
    """

    compute: Callable[[], dict]

    @cached_property
    def _computed(self) -> dict:
        return dict(self.compute())

    def evaluate(self) -> dict:
        """What ``compute()`` returns (a copy, made on the first call and kept).

        >>> from fractions import Fraction
        >>> class Half(Computed):
        ...     def compute(self) -> dict:
        ...         return {"correct": str(Fraction(1, 2) + Fraction(1, 3))}
        >>> Half().evaluate()
        {'correct': '5/6'}
        """
        return self._computed


@dataclass
class Erratum(Computed):
    """One discrepancy.  ``compute`` returns a dict with at least ``correct`` and
    ``counterexample`` (strings or JSON-able data, computed exactly), and
    ``confirmed`` (True when the printed form really disagrees).

    Parameters
    ----------
    id : str
        The entry's id (``zhong-4.20``); registered statements cite it as ``erratum=``.
    source : str
        Where the printed form is (paper, equation, page).
    printed : str
        The printed form, in words.
    compute : callable
        ``() -> dict`` with ``correct``, ``counterexample`` and optionally ``confirmed``, computed
        exactly when the entry is first shown.
    explanation : str, optional
        Why the printed form is wrong, or what it needs.
    kind : str, optional
        One of :data:`KINDS` (default "false as printed").

    Raises
    ------
    ValueError
        When ``kind`` is not one of :data:`KINDS`.

    See Also
    --------
    refutation : a ``compute`` built from a registered statement.

    Examples
    --------
    >>> from fractions import Fraction
    >>> entry = Erratum("toy", "a paper, eq. (1)", "1/2 + 1/3 = 2/5",
    ...                 lambda: {"correct": str(Fraction(1, 2) + Fraction(1, 3)), "counterexample": "none needed",
    ...                          "confirmed": Fraction(1, 2) + Fraction(1, 3) != Fraction(2, 5)})
    >>> entry.evaluate()["correct"], entry.kind == FALSE
    ('5/6', True)
    >>> Erratum("toy", "a paper", "x", dict, kind="typo")
    Traceback (most recent call last):
    ValueError: erratum toy: kind must be one of ('false as printed', 'unstated hypothesis', 'domain note', 'remark'), got 'typo'
    """

    id: str
    source: str
    printed: str
    compute: Callable[[], dict]
    explanation: str = ""
    kind: str = FALSE

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"erratum {self.id}: kind must be one of {KINDS}, got {self.kind!r}")

    def as_dict(self) -> dict:
        """The JSON form: the record's fields and the computed ``correct``, ``counterexample`` and
        ``confirmed`` (True when ``compute`` does not say).

        >>> entry = Erratum("toy", "a paper", "2 + 2 = 5", lambda: {"correct": str(2 + 2), "counterexample": "-"})
        >>> {key: entry.as_dict()[key] for key in ("printed", "correct", "confirmed")}
        {'printed': '2 + 2 = 5', 'correct': '4', 'confirmed': True}
        """
        result = self.evaluate()
        return {"id": self.id, "source": self.source, "printed": self.printed,
                "correct": result["correct"], "counterexample": result["counterexample"],
                "confirmed": bool(result.get("confirmed", True)), "explanation": self.explanation,
                "kind": self.kind}


def refutation(theorem_id: str, printed_case: dict, corrected_case: Optional[dict] = None,
               correct: str = "") -> Callable[[], dict]:
    """An erratum's ``compute`` built from a registered statement: the printed statement's own check
    fails on ``printed_case`` and, when given, its registered corrected form
    (``<theorem_id>-corrected``) holds on ``corrected_case`` - both recomputed on evaluation.

    Parameters
    ----------
    theorem_id : str
        The id of the registered printed statement.
    printed_case : dict
        A case (of that statement's ``check``) on which the printed form fails.
    corrected_case : dict, optional
        A case on which ``<theorem_id>-corrected`` holds; None checks no corrected form.
    correct : str, optional
        The corrected form in words, returned as ``correct``.

    Returns
    -------
    callable
        ``() -> dict`` with ``correct``, ``counterexample`` (the case and each check's details) and
        ``confirmed`` (the printed check fails and, when given, the corrected one holds).

    Examples
    --------
    >>> compute = refutation("zhong-5.7", {"tree": {"counts": [2, 2], "children": [{"counts": [1, 1]},
    ...     {"counts": [1, 1]}]}, "lam": "1/2", "eta": "1/2"}, correct="k >= 2")
    >>> compute()["confirmed"]
    True
    """
    def compute() -> dict:
        from ..formatting import to_jsonable
        from ..theorems import get
        printed = get(theorem_id).check(printed_case)
        example = {"statement": theorem_id, "case": to_jsonable(printed_case, default=str),
                   "printed_form": to_jsonable(printed.details, default=str)}
        confirmed = not printed.holds
        if corrected_case is not None:
            fixed = get(f"{theorem_id}-corrected").check(corrected_case)
            example["corrected_case"] = to_jsonable(corrected_case, default=str)
            example["corrected_form"] = to_jsonable(fixed.details, default=str)
            confirmed = confirmed and fixed.holds
        return {"correct": correct, "counterexample": example, "confirmed": confirmed}
    return compute


def _registered() -> list:
    out = []
    for name in MODULES:
        module = importlib.import_module(f"exactprune.errata.{name}")   # a listed module must import
        out.extend(module.ERRATA)
    return out


def all_errata() -> list:
    """The registered errata (kinds (a) false as printed, (b) unstated hypothesis) of every
    paper module present, in MODULES order.

    >>> {e.kind for e in all_errata()} <= {FALSE, HYPOTHESIS}
    True
    """
    return [e for e in _registered() if e.kind in ERRATUM_KINDS]


def all_domain_notes() -> list:
    """The registered domain notes (kind (c): failing cases outside the paper's notation).

    >>> all(note.kind == DOMAIN for note in all_domain_notes())
    True
    """
    return [e for e in _registered() if e.kind == DOMAIN]


def all_remarks() -> list:
    """The registered remarks (observations with exact computations, not errors of the paper).

    >>> all(note.kind == REMARK for note in all_remarks())
    True
    """
    return [e for e in _registered() if e.kind == REMARK]


def get_entry(entry_id: str) -> Erratum:
    """The erratum, domain note or remark with this id.

    Parameters
    ----------
    entry_id : str
        The id, as listed by ``exactprune errata``.

    Returns
    -------
    Erratum
        The registered entry.

    Raises
    ------
    KeyError
        When no entry has that id.

    See Also
    --------
    exactprune.theorems.get : the registered statement with an id.

    Examples
    --------
    >>> get_entry("zhong-4.20").kind
    'false as printed'
    """
    for entry in _registered():
        if entry.id == entry_id:
            return entry
    raise KeyError(f"no erratum or domain note with id {entry_id!r}; see 'exactprune errata'")
