"""``exactprune verify``: run the registered theorem checks (exactprune.theorems).

``exactprune verify [--theorem ID] [--examples N] [--seed S] [--violations] [--json] [--list]``

Every statement has a registered verdict (the audit policy of :mod:`exactprune.theorems`): a
statement registered as printed and refuted by an erratum is expected to fail - it is reported as
``refuted (erratum ID)``, and its corrected form (``ID-corrected``) is checked beside it; every
other statement is expected to hold.  ``--violations`` runs each statement's violation cases,
which are expected to make its check fail (or documented as still holding).

Exit status 0 when every verdict is the registered one, 1 when one is not (an unexpected
counterexample, an erratum not reproduced, a violation that does not fail, or an error; the case
and the seed are printed), 2 on bad input.
"""
from __future__ import annotations

import json
import sys

from .common import print_json


def register(subparsers) -> None:
    parser = subparsers.add_parser("verify", help="check the papers' theorems on generated exact cases",
                                   description="Run every registered theorem check (or one) with hypothesis.")
    parser.add_argument("--theorem", action="append", metavar="ID",
                        help="theorem id (repeatable); default: all. See --list")
    parser.add_argument("--examples", type=_positive, default=None, metavar="N",
                        help="cases per theorem (default: each theorem's own count)")
    parser.add_argument("--seed", type=_nonnegative, default=0, metavar="S", help="random seed (default 0)")
    parser.add_argument("--violations", action="store_true",
                        help="run the cases violating a hypothesis instead (shows each check can fail)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--list", action="store_true", help="list the registered theorems and exit")
    parser.set_defaults(func=run_command)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"--examples must be a positive integer, got {text!r}") from None
    if value < 1:
        raise ValueError(f"--examples must be a positive integer, got {text!r}")
    return value


def _nonnegative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"--seed must be a non-negative integer, got {text!r}") from None
    if value < 0:
        raise ValueError(f"--seed must be a non-negative integer, got {text!r}")
    return value


def run_command(args) -> int:
    from ..theorems import all_theorems, get, require_hypothesis, run
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
                raise ValueError(str(err.args[0])) from None
            selected.append(theorem)
            if theorem.erratum and not args.violations:       # a refuted statement: check its correction too
                twin = next((t for t in theorems if t.corrects == theorem.id), None)
                if twin is not None and twin.id not in args.theorem:
                    selected.append(twin)
    else:
        selected = theorems
    try:
        require_hypothesis()
    except ImportError as err:
        raise ValueError(str(err)) from None
    results = []
    for theorem in selected:
        result = run(theorem, args.examples, args.seed, violations=args.violations)
        _judge(result, theorem, args.violations)
        results.append(result)
        if not args.json:
            _print_text(result, args)
    if args.json:
        print_json(results)
    unexpected = [r for r in results if not r["as_registered"]]
    if not args.json:
        counts = {}
        for r in results:
            counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
        summary = ", ".join(f"{n} {v}" for v, n in counts.items())
        print(f"{len(results) - len(unexpected)} of {len(results)} verdicts as registered ({summary})"
              + (f"; unexpected: {', '.join(r['id'] for r in unexpected)} (seed {args.seed})" if unexpected else ""))
    return 1 if unexpected else 0


def _judge(result: dict, theorem, violations: bool) -> None:
    """Add ``expected``, ``verdict`` and ``as_registered`` (and ``erratum``) to a run result."""
    status = result["status"]
    if violations:
        expected = "counterexample" if theorem.expected_on_violations == "fails" else "holds"
        result["expected"] = theorem.expected_on_violations
        result["violation_note"] = theorem.violation_note
        result["verdict"] = {"counterexample": "fails", "holds": "holds"}.get(status, "error")
        result["as_registered"] = status == expected
        return
    result["expected"] = theorem.expected
    if theorem.erratum:
        result["erratum"] = theorem.erratum
        result["verdict"] = "refuted" if status == "counterexample" else (
            "error" if status == "error" else "not reproduced")
        result["as_registered"] = status == "counterexample"
    else:
        result["verdict"] = {"holds": "verified", "counterexample": "UNEXPECTED counterexample"}.get(status, "error")
        result["as_registered"] = status == "holds"
    if theorem.corrects:
        result["corrects"] = theorem.corrects


def _print_text(result: dict, args) -> None:
    label = result["verdict"] + (f" (erratum {result['erratum']})" if result.get("erratum") else "")
    if args.violations:
        label = f"violations {result['verdict']} (expected: {result['expected']})"
    print(f"{result['id']:28s} {label:44s} {result['cases']} cases")
    if result.get("counterexample") is not None and (not result["as_registered"] or args.violations
                                                      or result.get("erratum")):
        kind = "error" if result["status"] == "error" else "counterexample"
        print(f"  {kind} (reproduce: exactprune verify --theorem {result['id']} --seed {args.seed}"
              f"{' --violations' if args.violations else ''}):")
        print("    " + json.dumps(result["counterexample"], sort_keys=False))
    sys.stdout.flush()
