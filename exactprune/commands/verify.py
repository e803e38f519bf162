"""``exactprune verify``: run the registered theorem checks (exactprune.theorems).

``exactprune verify [--theorem ID] [--examples N] [--seed S] [--violations] [--json] [--list]``

Every statement has a registered verdict (the audit policy of :mod:`exactprune.theorems`): a
statement registered as printed and refuted by an erratum is expected to fail - it is reported as
``refuted (erratum ID)``, and its corrected form (``ID-corrected``) is checked beside it; every
other statement is expected to hold.  ``--violations`` runs each statement's violation cases,
which are expected to make its check fail (or documented as still holding).

Exit status 0 when every verdict is the registered one, 1 when one is not (an unexpected
counterexample, an erratum not reproduced, a violation that does not fail, or an error; the case
and the seed are printed), 2 on bad input.  "A theorem failed" is told apart from "too few cases
to reach a known violation": when ``--examples`` asks for fewer cases than a statement's own
count and its known counterexample (an erratum, or a violation expected to fail) is not reached,
the verdict is ``inconclusive (too few cases)`` with a note naming the statement's count, JSON
``"inconclusive": true``, and it does not make the exit status 1.

``--examples N`` is refused (exit 2, one line) when the selected checks would take more than
``limits.CLI_MAX_VERIFY_CPU_SECONDS`` of CPU at their measured cost per case (:data:`CASE_MS`),
naming the largest N the selection takes.
"""
from __future__ import annotations

import json
import os
import sys

from .. import limits
from ..parallel import add_parallel_arguments, chunk_sizes, unit_seeds, workers_from_args
from .arguments import UsageError, add_json_argument, bounded_int, seed_type
from .output import plural, print_json

#: cases per work unit; a constant, never derived from the number of workers, so that the cases
#: checked (and the output) do not depend on --jobs or --dask
CHUNK = 1000

#: CPU milliseconds a case of a statement's check takes (cases, violation cases), rounded up, for
#: the statements slower than DEFAULT_CASE_MS in either mode: ``theorems.run`` at 200 cases, seed 0
#: (violations: at their own counts, most stopping at a shrunk counterexample), 2026-11-28, on a
#: loaded 2-core machine; what :func:`check_cost` adds up.  At the largest counts it takes:
#: ``verify --theorem dd-appA-example --examples 375`` 53.4 CPU s, ``verify --examples 58`` (all
#: 70 statements) 30.6 CPU s
CASE_MS = {"dd-appA-example": (160, 145), "zhong-4.1": (30, 25), "zhong-fig-5.1": (12, 145),
           "zhong-5.8-costs": (23, 44), "ek-6-corrected": (17, 30), "notes-cost-properties": (14, 12),
           "zhong-5.5-corrected": (13, 12), "zhong-4.3": (15, 28), "zhong-5.4": (13, 12), "dd-moments": (12, 16),
           "ek-eq2": (13, 12), "zhong-property-1": (12, 20), "zhong-5.9-corrected": (13, 12),
           "zhong-5.5-costs": (12, 41), "ek-cor3": (12, 49), "ek-2": (12, 28), "dd-path-exists": (12, 18),
           "zhong-5.7": (12, 19), "ek-6": (12, 20), "zhong-5.9": (12, 29), "notes-weak-chain": (12, 14)}
#: CPU milliseconds of a case of every other statement, in either mode (measured: 1.6 to 11 ms)
DEFAULT_CASE_MS = 12


def check_cost(theorems, examples: int, violations: bool = False) -> None:
    """Refuse (UsageError, one line) ``--examples`` cases of each statement in ``theorems`` when
    they would take more than ``limits.CLI_MAX_VERIFY_CPU_SECONDS`` of CPU by the measured costs
    per case :data:`CASE_MS` (of the violation cases when ``violations``), naming the costliest
    statement and the largest ``--examples`` the selection takes.  (Each statement's own count is
    not checked: those counts are the registry's, about 30 CPU s for all 70.)

    Parameters
    ----------
    theorems : sequence of Theorem
        The statements to run (a refuted one with its correction).
    examples : int
        ``--examples``: cases of each statement.
    violations : bool
        Whether the violation cases are run (``--violations``).

    Returns
    -------
    None
        Or raises UsageError.

    Examples
    --------
    >>> from types import SimpleNamespace as T
    >>> check_cost([T(id="zhong-4.1")], 2000)                    # 2,000 x 30 ms = 60 s
    >>> check_cost([T(id="zhong-4.1")], 3000)
    Traceback (most recent call last):
    exactprune.commands.arguments.UsageError: --examples 3,000 asks for about 90.0 CPU s of checks (zhong-4.1: 30 ms a case), more than the limit of 60 CPU s; this selection takes --examples 2,000 or less
    """
    def ms(theorem) -> int:
        return CASE_MS.get(theorem.id, (DEFAULT_CASE_MS, DEFAULT_CASE_MS))[violations]

    total_ms = examples * sum(ms(theorem) for theorem in theorems)
    budget = limits.CLI_MAX_VERIFY_CPU_SECONDS
    if total_ms <= 1000 * budget:
        return
    costliest = max(theorems, key=ms)
    raise UsageError(f"--examples {examples:,} asks for about {total_ms / 1000:,.1f} CPU s of checks "
                     f"({costliest.id}: {ms(costliest)} ms a case), more than the limit of {budget:,} CPU s; "
                     f"this selection takes --examples {1000 * budget * examples // total_ms:,} or less")


def register(subparsers) -> None:
    """Add the ``verify`` command (the registered theorem checks) to argparse ``subparsers``;
    ``--theorem`` repeats, ``--seed`` defaults to 0.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["verify"].parse_args(["--theorem", "a", "--theorem", "b", "--examples", "5"])
    >>> args.theorem, args.examples, args.seed, args.func is _run_command
    (['a', 'b'], 5, 0, True)
    """
    parser = subparsers.add_parser("verify", help="check the papers' theorems on generated exact cases",
                                   description="Run every registered theorem check (or one) with hypothesis.")
    parser.add_argument("--theorem", action="append", metavar="ID",
                        help="theorem id (repeatable); default: all. See --list")
    parser.add_argument("--examples", type=bounded_int(1, limits.CLI_MAX_EXAMPLES), default=None, metavar="N",
                        help=f"cases per theorem, 1..{limits.CLI_MAX_EXAMPLES:,} (default: each theorem's own count), "
                             f"and at most what the selected checks do in about {limits.CLI_MAX_VERIFY_CPU_SECONDS} CPU "
                             f"seconds by their measured cost per case (1.6 to 160 ms; shared by --jobs): a larger "
                             f"N is refused naming the largest the selection takes")
    parser.add_argument("--seed", type=seed_type(), default=0, metavar="S",
                        help=f"random seed, 0..{limits.CLI_MAX_SEED:,} (default 0)")
    parser.add_argument("--violations", action="store_true",
                        help="run the cases violating a hypothesis instead (shows each check can fail)")
    add_json_argument(parser)
    parser.add_argument("--list", action="store_true", help="list the registered theorems and exit")
    add_parallel_arguments(parser)
    parser.set_defaults(func=_run_command)


def verify_unit(theorem_id: str, examples, seed: int, violations: bool) -> dict:
    """One work unit: ``examples`` cases of one statement, hypothesis seeded by ``seed``.

    Parameters
    ----------
    theorem_id : str
        The statement's id in the registry of :mod:`exactprune.theorems`.
    examples : int or None
        How many cases to generate; None for the statement's own default.
    seed : int
        The hypothesis seed.
    violations : bool
        Run the cases that violate a hypothesis instead (showing the check can fail).

    Returns
    -------
    dict
        The outcome of :func:`exactprune.theorems.run`: its ``status`` and, for a refuted
        statement, the ``counterexample``.

    Examples
    --------
    The notes' count of path predicates as printed, 2^(l-1) C(d, l), is refuted (an erratum):
    at depth l = 1 there are 1 + 2d predicates (the root, and x_i = 0 or 1 for each i), not d.
    Its corrected form holds:

    >>> out = verify_unit("notes-paths-count", 10, 0, False)
    >>> case = out["counterexample"]
    >>> out["status"], case["l"], case["enumerated"] == 1 + 2 * case["d"], case["formula"] == str(case["d"])
    ('counterexample', 1, True, True)
    >>> verify_unit("notes-paths-count-corrected", 10, 0, False)["status"]
    'holds'
    """
    from ..theorems import get, run
    return run(get(theorem_id), examples, seed, violations=violations)


def _units(theorem, examples, seed: int, violations: bool) -> list:
    """A statement's work units: one when it has at most :data:`CHUNK` cases (its output is then
    that of a single run), else chunks of :data:`CHUNK` cases with seeds derived from ``seed``."""
    n = examples if examples is not None else theorem.default_examples
    if n <= CHUNK:
        return [(theorem.id, examples, seed, violations)]
    sizes = chunk_sizes(n, CHUNK)
    return [(theorem.id, size, s, violations) for size, s in zip(sizes, unit_seeds(seed, len(sizes)))]


def _merge(parts: list, seed: int) -> dict:
    """One statement's result from its units, in order: the first failing chunk decides."""
    bad = [i for i, p in enumerate(parts) if p["status"] != "holds"]
    out = dict(parts[bad[0]] if bad else parts[0])
    out.update(cases=sum(p["cases"] for p in parts), seed=seed,
               examples=sum(p.get("examples") or 0 for p in parts))
    if len(parts) > 1:
        out["chunks"] = len(parts)
        if bad:
            out["chunk_seed"] = parts[bad[0]]["seed"]
    return out


def _run_command(args) -> int:
    examples, seed = args.examples, args.seed
    # hypothesis keeps a cache folder; it goes to the user's cache, never the current directory
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY",
                          os.path.join(os.path.expanduser("~"), ".cache", "exactprune", "hypothesis"))
    from ..theorems import all_theorems, get, require_hypothesis   # heavy: after the argument checks
    theorems = all_theorems()
    if args.list:
        if args.json:
            print_json([{"id": t.id, "source": t.source, "statement": t.statement, "hypotheses": t.hypotheses,
                         "violation_note": t.violation_note, "default_examples": t.default_examples}
                        for t in theorems])
        else:
            for t in theorems:
                print(f"{t.id:28s} {t.source}")
        return 0
    if args.theorem:
        selected = []
        for theorem_id in args.theorem:
            try:
                theorem = get(theorem_id)
            except KeyError as err:
                raise UsageError(str(err.args[0])) from None
            selected.append(theorem)
            if theorem.erratum and not args.violations:       # a refuted statement: check its correction too
                twin = next((t for t in theorems if t.corrects == theorem.id), None)
                if twin is not None and twin.id not in args.theorem:
                    selected.append(twin)
    else:
        selected = theorems
    if examples is not None:
        check_cost(selected, examples, args.violations)
    try:
        require_hypothesis()
    except ImportError as err:
        raise UsageError(str(err)) from None
    with workers_from_args(args) as workers:
        plan = [_units(t, examples, seed, args.violations) for t in selected]
        done = iter(workers.run(verify_unit, [u for units in plan for u in units], label="verify units"))
        results = [_merge([next(done) for _ in units], seed) for units in plan]
    for theorem, result in zip(selected, results):
        _judge(result, theorem, args.violations, examples)
        if not args.json:
            _print_text(result, seed, args.violations)
    if args.json:
        print_json(results)
    unexpected = [r for r in results if not r["as_registered"] and not r["inconclusive"]]
    inconclusive = [r for r in results if r["inconclusive"]]
    if not args.json:
        counts: dict[str, int] = {}
        for r in results:
            counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
        summary = ", ".join(f"{n} {v}" for v, n in counts.items())
        print(f"{len(results) - len(unexpected) - len(inconclusive)} of {len(results)} verdicts as registered "
              f"({summary})" + (f"; unexpected: {', '.join(r['id'] for r in unexpected)} (seed {seed})" if unexpected else "")
              + (f"; inconclusive with --examples {examples}: {', '.join(r['id'] for r in inconclusive)}"
                 if inconclusive else ""))
    return 1 if unexpected else 0


def _judge(result: dict, theorem, violations: bool, examples=None) -> None:
    """Add ``expected``, ``verdict``, ``as_registered`` and ``inconclusive`` (and ``erratum``) to a
    run result.  A known counterexample not found within fewer cases than the statement's own
    count (``--examples`` below ``default_examples``) is *inconclusive*, not a failure: the verdict
    reads ``inconclusive (too few cases)`` and the exit status is not 1 for it."""
    status = result["status"]
    result["inconclusive"] = False
    if violations:
        expected = "counterexample" if theorem.expected_on_violations == "fails" else "holds"
        result["expected"] = theorem.expected_on_violations
        result["violation_note"] = theorem.violation_note
        result["verdict"] = {"counterexample": "fails", "holds": "holds"}.get(status, "error")
        result["as_registered"] = status == expected
        _too_few(result, expected == "counterexample" and status == "holds", theorem, examples)
        return
    result["expected"] = theorem.expected
    if theorem.erratum:
        result["erratum"] = theorem.erratum
        result["verdict"] = "refuted" if status == "counterexample" else (
            "error" if status == "error" else "not reproduced")
        result["as_registered"] = status == "counterexample"
        _too_few(result, status == "holds", theorem, examples)
    else:
        result["verdict"] = {"holds": "verified", "counterexample": "UNEXPECTED counterexample"}.get(status, "error")
        result["as_registered"] = status == "holds"
    if theorem.corrects:
        result["corrects"] = theorem.corrects


def _too_few(result: dict, missed: bool, theorem, examples) -> None:
    """Mark a missed known counterexample inconclusive when fewer cases than the statement's own
    count were asked for."""
    if missed and examples is not None and examples < theorem.default_examples:
        result["inconclusive"] = True
        result["verdict"] = "inconclusive (too few cases)"
        result["note"] = (f"the known counterexample was not reached in {result['cases']} cases; the statement's "
                          f"own count is {theorem.default_examples} (omit --examples)")


def _print_text(result: dict, seed: int, violations: bool) -> None:
    label = result["verdict"] + (f" (erratum {result['erratum']})" if result.get("erratum") else "")
    if violations:
        label = f"violations {result['verdict']} (expected: {result['expected']})"
    if result["inconclusive"]:
        label = result["verdict"]
    print(f"{result['id']:28s} {label:44s} {plural(result['cases'], 'case')}")
    if result["inconclusive"]:
        print(f"  {result['note']}")
    if result.get("counterexample") is not None and (not result["as_registered"] or violations
                                                      or result.get("erratum")):
        kind = "error" if result["status"] == "error" else "counterexample"
        print(f"  {kind} (reproduce: exactprune verify --theorem {result['id']} --seed {seed}"
              f"{' --violations' if violations else ''}):")
        print("    " + json.dumps(result["counterexample"], sort_keys=False))
    sys.stdout.flush()
