"""Every checked statement as data, under one audit policy.

A :class:`Theorem` carries an ``id`` (``zhong-5.9``, ``ek-1``, ``dd-coexist``),
its ``source`` and ``statement`` in words, its ``hypotheses`` in words, two
hypothesis strategy factories - ``cases()`` for cases satisfying the
hypotheses and ``violations()`` for cases violating one - and ``check(case)``
returning a :class:`Verdict` with the exact numbers behind it.

One module per paper registers its statements in a module-level list
``THEOREMS``: ``zhong`` (chapters 4-5) and ``ek`` (packages of one module per subject),
``notes.py``, ``notes_km.py`` (the notes' Kearns-Mansour analysis), ``fan.py``, ``dd.py``,
``costs.py``.
The CLI (``exactprune verify``), the tests, the ledger and the notebooks all use
:func:`all_theorems`; there is no second copy of a statement anywhere.

The audit policy
----------------
1. **Hypotheses are the paper's, word for word.**  A statement registered under
   the paper's number (``zhong-5.3``) carries exactly the hypotheses printed in
   the statement plus those of the paper's notation (for Zhong: Table A.1, i.e.
   J >= 2, K_d >= 2, lam >= 0, eta >= 0 and n_t > 0 for every node).  Its
   ``cases()`` draw from all of that domain - boundaries included - and nothing
   outside it.
2. **Every failing case is classified**, with one of three kinds
   (:data:`exactprune.errata.KINDS`):

   (a) *false as printed* - the conclusion itself is wrong (a wrong value, a
       wrong equality case, a wrong formula);
   (b) *needs an unstated hypothesis* - the conclusion holds once a hypothesis
       the paper does not state is added; the hypothesis is named and a
       counterexample shows that it is needed;
   (c) *outside the paper's notation* - the failing case violates the paper's
       own notation (e.g. an empty node where Table A.1 requires n_t > 0): a
       documented *domain note*, not an erratum.

   (a) and (b) are errata: the printed statement is registered with
   ``erratum=<erratum id>`` and its expected verdict is *refuted*; the
   erratum's counterexample is pinned among its cases, so the refutation is
   reproduced on every run.  (c) is recorded as a domain note (an entry of
   the errata registry with kind "domain note") and named in ``domain``.
3. **The corrected statement is registered beside the printed one**
   (id ``<printed id>-corrected``, ``corrects=<printed id>``), with the added
   hypothesis or the corrected conclusion, and checked like any other.
4. **Generators reach the boundaries.**  ``pinned`` lists boundary cases the
   hypotheses allow (lam = 0, eta = 0, single-class nodes, ties, k = 1, the
   largest k checked); :func:`run` always checks them first (hypothesis
   explicit examples), and the strategies draw boundary values with positive
   probability.  ``pinned_violations`` does the same for ``violations()``.
5. **Every check can fail.**  ``violations()`` produces cases violating one
   hypothesis, on which the check fails (or, documented in
   ``violation_note``, still holds).
6. **A verdict is as strong as its evidence.**  A statement whose check tests
   another form than the printed words - a corrected form (``corrects``), a
   special case (an added hypothesis, e.g. "k even") or a weaker claim - says
   so in ``form`` (:data:`FORMS`); the ledger (:mod:`exactprune.errata.ledger`)
   then calls its row "verified (corrected form)", "verified (special case:
   ...)" or "verified (weaker form: ...)", counted apart from "verified".  A
   definition is not a checked claim, a reproduced experiment is not a
   verified statement, and a heuristic "approximately" is a remark, not an
   erratum (kind "remark").
7. **Figure 4.1's epsilon.**  PruneTree keeps a subtree iff R_tree < R_leaf -
   epsilon; Zhong never gives epsilon a value.  exactprune computes exactly and
   reads epsilon = 0 (keep iff R_tree < R_leaf: a tie prunes).  A claim about
   PruneTree's output is judged at epsilon = 0 and at every small epsilon > 0;
   it is an erratum only if it is false for both readings (or at every value of
   lam, eta, k the claim names).  A claim that holds for one reading and fails
   for the other is a remark stating both (e.g. ``zhong-6.3-lam-infinity``:
   at lam = infinity every estimate ties and the tree is pruned to one node;
   as lam grows, epsilon > 0 prunes to one node while epsilon = 0 keeps
   splits).  A printed number that needs a tolerance of a stated size to be
   reproduced (``zhong-B.1-breakpoint``: about 1e-15 on k-th roots) stays an
   erratum when the exact reading at epsilon = 0 and every fixed small
   epsilon > 0 disagree with it; the tolerance is reported as the likely
   cause, never as a reading of the paper.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..formatting import to_jsonable

MODULES = ("zhong", "ek", "notes", "notes_km", "fan", "dd", "costs")
#: the prefixes of :attr:`Theorem.form` besides "" (the printed statement); policy point 6
FORMS = ("special case: ", "weaker form: ", "corrected form: ")


@dataclass
class Verdict:
    """Outcome of one check: ``holds`` or not, with the exact numbers behind it.

    Parameters
    ----------
    holds : bool
        Whether the checked statement holds on the case.
    details : dict, optional
        The exact numbers behind the verdict (names to values), reported with a counterexample.

    Examples
    --------
    >>> from fractions import Fraction
    >>> left, right = Fraction(1, 3), Fraction(1, 2)
    >>> Verdict(left <= right, {"left": left, "right": right})
    Verdict(holds=True, details={'left': Fraction(1, 3), 'right': Fraction(1, 2)})
    """

    holds: bool
    details: dict = field(default_factory=dict)


@dataclass
class Theorem:
    """One registered statement of a paper: its words, its hypotheses, a strategy of cases
    meeting them (``cases``, a hypothesis strategy factory), the ``check`` of one case (a
    :class:`Verdict`), and its audit policy fields (an erratum refuting it as printed, the
    statement it corrects, violation cases and what they are expected to show).

    Parameters
    ----------
    id : str
        The statement's id, ``<paper>-<number>`` (``zhong-5.9``, ``ek-1``).
    source : str
        Where it is printed (paper, theorem or equation number).
    statement : str
        The statement in words.
    hypotheses : str
        Its hypotheses in words (the paper's, policy point 1).
    cases : callable
        ``() -> strategy``: a hypothesis strategy of cases meeting the hypotheses.
    check : callable
        ``case -> Verdict``: the check of one case.
    violations : callable, optional
        ``() -> strategy`` of cases violating one hypothesis (policy point 5); None when there is none.
    violation_note : str, optional
        What happens when a hypothesis is violated ("still holds" in it means the check holds there).
    default_examples : int, optional
        How many generated cases :func:`run` checks when not told.
    violation_expect : {"fails", "holds"}, optional
        What the violation cases show; None infers it from ``violation_note``.
    erratum : str, optional
        Id of the erratum refuting the statement as printed (its expected verdict is then "refuted").
    corrects : str, optional
        Id of the printed statement this one corrects ("" for a printed statement).
    domain : tuple of str, optional
        Ids of domain notes: failing cases outside the paper's notation, excluded from ``cases()``.
    pinned : tuple, optional
        Boundary cases within the hypotheses, always checked first.
    pinned_violations : tuple, optional
        Violating cases always checked first by the violation run.
    form : str, optional
        What the check tests when it is not the printed words: "", or a prefix of :data:`FORMS`
        followed by the added hypothesis or weaker claim.

    See Also
    --------
    run : check a statement on generated cases.
    corrected : its corrected twin.

    Examples
    --------
    A toy statement, "n^2 >= n for every integer n >= 0", checked by :func:`run`:

    >>> from hypothesis import strategies as st
    >>> square = Theorem("toy-1", "a toy", "n^2 >= n", "n >= 0", cases=lambda: st.integers(0, 50),
    ...                  check=lambda n: Verdict(n * n >= n, {"n": n}))
    >>> square.expected, square.checks
    ('holds', 'printed')
    """

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
    #: id of the erratum refuting this statement as printed (policy kinds (a), (b)): expected verdict "refuted"
    erratum: str = ""
    #: id of the printed statement this one corrects ("" for a statement registered as printed)
    corrects: str = ""
    #: ids of domain notes (policy kind (c)): failing cases outside the paper's notation, excluded from cases()
    domain: tuple = ()
    #: boundary cases within the hypotheses, always checked first (the erratum's counterexample among them)
    pinned: tuple = ()
    #: violating cases always checked first by the violation run
    pinned_violations: tuple = ()
    #: what the check tests when it is not the printed words (policy point 6): "" (the printed
    #: statement under the paper's hypotheses), "special case: <added hypothesis>", "weaker form:
    #: <what is checked instead>" or "corrected form: <which>".  Corrected twins (``corrects``) are
    #: "corrected form" by themselves
    form: str = ""

    @property
    def checks(self) -> str:
        """What the check tests: "printed", "corrected form" or :attr:`form`.

        >>> Theorem("x-1", "X", "s", "h", cases=list, check=bool, form="special case: k even").checks
        'special case: k even'
        """
        if self.corrects:
            return "corrected form"
        return self.form or "printed"

    def __post_init__(self) -> None:
        if self.form and not self.form.startswith(FORMS):
            raise ValueError(f"theorem {self.id}: form must be '' or start with one of {FORMS}, got {self.form!r}")

    @property
    def expected(self) -> str:
        """The registered verdict on ``cases()``: "refuted" (an erratum) or "holds".

        >>> Theorem("x-1", "X", "s", "h", cases=list, check=bool, erratum="x-err").expected
        'refuted'
        >>> Theorem("x-2", "X", "s", "h", cases=list, check=bool).expected
        'holds'
        """
        return "refuted" if self.erratum else "holds"

    @property
    def expected_on_violations(self) -> str:
        """What the violation cases are expected to show: ``violation_expect`` when given, else
        "holds" when the ``violation_note`` says the statement still holds, else "fails".

        >>> Theorem("x-1", "X", "s", "h", cases=list, check=bool,
        ...         violation_note="k = 1: still holds").expected_on_violations
        'holds'
        >>> Theorem("x-2", "X", "s", "h", cases=list, check=bool,
        ...         violation_note="soft routing breaks it").expected_on_violations
        'fails'
        """
        if self.violation_expect is not None:
            return self.violation_expect
        return "holds" if "still holds" in self.violation_note.lower() else "fails"


def all_theorems() -> list:
    """Registered theorems of every paper module present, in MODULES order.

    >>> theorems = all_theorems()
    >>> len({t.id for t in theorems}) == len(theorems)       # every id registered once
    True
    >>> import importlib
    >>> sum(len(importlib.import_module(f"exactprune.theorems.{m}").THEOREMS) for m in MODULES) == len(theorems)
    True
    >>> all(t.corrects in {u.id for u in theorems} for t in theorems if t.corrects)
    True
    """
    out = []
    for name in MODULES:
        module = importlib.import_module(f"exactprune.theorems.{name}")   # a listed module must import
        out.extend(module.THEOREMS)
    return out


def corrected(printed: Theorem, **changes) -> Theorem:
    """The corrected twin of a printed statement (policy point 3): id ``<id>-corrected``,
    ``corrects`` set, no erratum, and ``changes`` (hypotheses, cases, statement, ...) applied.

    Parameters
    ----------
    printed : Theorem
        The statement as printed.
    **changes
        Fields of the twin that differ from ``printed`` (``hypotheses``, ``statement``, ``cases``,
        ...); they override the defaults set here.

    Returns
    -------
    Theorem
        The twin, with id ``<printed id>-corrected``.

    See Also
    --------
    correction : the placeholder form, for a registry list.

    Examples
    --------
    >>> printed = Theorem("x-1", "X, Thm 1", "s", "h", cases=list, check=bool, erratum="x-err")
    >>> twin = corrected(printed, hypotheses="h and k >= 2")
    >>> twin.id, twin.corrects, twin.erratum, twin.hypotheses, twin.expected, twin.checks
    ('x-1-corrected', 'x-1', '', 'h and k >= 2', 'holds', 'corrected form')
    """
    from dataclasses import replace
    base = {"id": f"{printed.id}-corrected", "corrects": printed.id, "erratum": "", "domain": (), "form": ""}
    return replace(printed, **{**base, **changes})


@dataclass
class Correction:
    """A registry-list placeholder: the corrected twin of the :class:`Theorem` just before it
    (made by :func:`correction`, resolved by :func:`expand_corrections`).

    Parameters
    ----------
    changes : dict
        The fields passed to :func:`corrected` (field name to value).

    Examples
    --------
    >>> Correction({"hypotheses": "h'"}).changes
    {'hypotheses': "h'"}
    """

    changes: dict


def correction(**changes) -> Correction:
    """Placeholder for the corrected twin of the preceding statement in a ``THEOREMS`` list
    (resolved by :func:`expand_corrections`); ``changes`` as for :func:`corrected`.

    Parameters
    ----------
    **changes
        Fields of the twin that differ from the printed statement, as for :func:`corrected`.

    Returns
    -------
    Correction
        The placeholder holding ``changes``.

    See Also
    --------
    corrected : the twin made directly from a printed statement.
    expand_corrections : resolves the placeholders.

    Examples
    --------
    >>> correction(statement="s'", hypotheses="h'")
    Correction(changes={'statement': "s'", 'hypotheses': "h'"})
    """
    return Correction(changes)


def expand_corrections(items: list[Theorem | Correction]) -> list[Theorem]:
    """Resolve every :class:`Correction` in a registry list against the statement before it.

    Parameters
    ----------
    items : list of Theorem or Correction
        A registry list in which each :class:`Correction` follows the statement it corrects.

    Returns
    -------
    list of Theorem
        The list with each placeholder replaced by the corrected twin of the statement before it.

    Raises
    ------
    ValueError
        When the list starts with a :class:`Correction`.

    Examples
    --------
    >>> printed = Theorem("x-1", "X, Thm 1", "s", "h", cases=list, check=bool, erratum="x-err")
    >>> [(t.id, t.expected) for t in expand_corrections([printed, correction(hypotheses="h'")])]
    [('x-1', 'refuted'), ('x-1-corrected', 'holds')]
    """
    out: list[Theorem] = []
    for item in items:
        if isinstance(item, Correction):
            if not out:
                raise ValueError("a correction must follow the printed statement it corrects")
            item = corrected(out[-1], **item.changes)
        out.append(item)
    return out


def pin(theorems: list[Theorem], table: dict[str, tuple]) -> list[Theorem]:
    """The statements with the boundary cases of ``table`` (id -> cases) appended to their
    ``pinned`` cases (policy point 4).

    Parameters
    ----------
    theorems : list of Theorem
        The statements of one registry.
    table : dict
        Statement id to the tuple of cases to pin; every id must be registered in ``theorems``.

    Returns
    -------
    list of Theorem
        Copies of the statements, in order, with the cases appended to ``pinned``.

    Raises
    ------
    ValueError
        When ``table`` names an id absent from ``theorems``.

    Examples
    --------
    >>> t = pin([Theorem("x-1", "X", "s", "h", cases=list, check=bool)], {"x-1": ({"k": 1},)})
    >>> t[0].pinned
    ({'k': 1},)
    """
    from dataclasses import replace
    unknown = set(table) - {t.id for t in theorems}
    if unknown:
        raise ValueError(f"pinned cases for unregistered statements: {sorted(unknown)}")
    return [replace(t, pinned=tuple(t.pinned) + tuple(table[t.id])) if t.id in table else t for t in theorems]


def get(theorem_id: str) -> Theorem:
    """The registered statement ``theorem_id`` (a ``KeyError`` naming ``verify --list`` if none).

    Parameters
    ----------
    theorem_id : str
        A registered id, as listed by ``exactprune verify --list``.

    Returns
    -------
    Theorem
        The statement registered under that id.

    Raises
    ------
    KeyError
        When no statement has that id.

    Examples
    --------
    >>> get("zhong-4.1").source.startswith("Zhong 2007, Theorem 4.1")
    True
    >>> get("zhong-99")
    Traceback (most recent call last):
    KeyError: "no theorem with id 'zhong-99'; see 'exactprune verify --list'"
    """
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
    """Import :mod:`hypothesis` or raise an ImportError with a one-line explanation.

    >>> require_hypothesis().__name__
    'hypothesis'
    """
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise ImportError("the theorem checker needs the 'hypothesis' package: "
                          "pip install 'exactprune[test]' (or pip install hypothesis)") from None
    return hypothesis


def hypothesis_st():
    """The module ``hypothesis.strategies``, imported on first use (only drawing cases needs it):
    the one way the paper modules reach it.

    >>> hypothesis_st().__name__
    'hypothesis.strategies'
    """
    from hypothesis import strategies as st
    return st


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

    Parameters
    ----------
    theorem : Theorem
        The statement to check.
    examples : int, optional
        How many cases hypothesis generates; None uses ``theorem.default_examples``.
    seed : int, optional
        Hypothesis's seed.
    violations : bool, optional
        Check the violation cases (``violations()`` and ``pinned_violations``) instead of ``cases()``.
    shrink : bool, optional
        Let hypothesis shrink a failing case (False reports the first one found).

    Returns
    -------
    dict
        ``id``, ``kind`` ("cases" or "violations"), ``status``, ``cases`` (how many were checked),
        ``counterexample``, ``seed`` and ``examples``, as described above; with no violation
        strategy and nothing pinned, ``note`` instead of ``examples``.

    Examples
    --------
    "n^2 >= n" holds for every integer n >= 0; "n^2 > n" fails at n = 0 and n = 1, and
    hypothesis shrinks a failing case to the smallest, 0:

    >>> from hypothesis import strategies as st
    >>> holds = Theorem("toy-1", "a toy", "n^2 >= n", "n >= 0", cases=lambda: st.integers(0, 50),
    ...                 check=lambda n: Verdict(n * n >= n, {"n": n}))
    >>> out = run(holds, examples=20, seed=1)
    >>> out["status"], out["cases"] >= 1, out["counterexample"]
    ('holds', True, None)
    >>> strict = Theorem("toy-2", "a toy", "n^2 > n", "n >= 0", cases=lambda: st.integers(0, 50),
    ...                  check=lambda n: Verdict(n * n > n, {"n": n}))
    >>> out = run(strict, examples=50, seed=1)
    >>> out["status"], out["counterexample"]
    ('counterexample', {'n': 0})
    """
    require_hypothesis()
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import example as hypothesis_example
    from hypothesis import seed as hypothesis_seed

    kind = "violations" if violations else "cases"
    factory = theorem.violations if violations else theorem.cases
    result = {"id": theorem.id, "kind": kind, "status": "holds", "cases": 0, "counterexample": None,
              "seed": seed}
    pinned = list(theorem.pinned_violations if violations else theorem.pinned)
    if factory is None:
        if not pinned:
            result["status"] = "holds"
            result["note"] = "no violation strategy registered"
            return result
        from hypothesis import strategies as st
        factory = lambda: st.sampled_from(pinned)  # noqa: E731
    n = int(examples if examples is not None else theorem.default_examples)
    result["examples"] = n
    state: dict = {"cases": 0, "failure": None, "error": None}

    def body(case):
        state["cases"] += 1
        try:
            verdict = theorem.check(case)
        except Exception as err:  # report, do not crash the whole run
            state["error"] = {"error": f"{type(err).__name__}: {err}", "case": to_jsonable(case, default=str)}
            raise
        if not verdict.holds:
            state["failure"] = to_jsonable(verdict.details, default=str)
            raise _Failed()

    phases = [Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if shrink else [])
    test = given(factory())(body)
    for case in reversed(pinned):
        test = hypothesis_example(case)(test)
    test = settings(max_examples=max(n, 1), deadline=None, database=None, derandomize=False, phases=phases,
                    suppress_health_check=list(HealthCheck), print_blob=False)(hypothesis_seed(seed)(test))
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
