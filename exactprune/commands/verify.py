"""``exactprune verify``: run the registered theorem checks (exactprune.theorems).

``exactprune verify [--theorem ID] [--examples N] [--seed S] [--violations] [--json] [--list]``

Exit status 0 when every statement holds on its cases, 1 when any check finds a counterexample
or errors (the counterexample and the seed are printed), 2 on bad input.  ``--violations`` runs
each theorem's violation cases instead and reports what they show (exit 0: these are expected
to fail or are documented as still holding).
"""
from __future__ import annotations

import json
import sys

from .. import limits
from .common import UsageError, add_json_argument, integer_arg, plural, print_json


def register(subparsers) -> None:
    parser = subparsers.add_parser("verify", help="check the papers' theorems on generated exact cases",
                                   description="Run every registered theorem check (or one) with hypothesis.")
    parser.add_argument("--theorem", action="append", metavar="ID",
                        help="theorem id (repeatable); default: all. See --list")
    parser.add_argument("--examples", default=None, metavar="N",
                        help=f"cases per theorem, 1..{limits.MAX_EXAMPLES:,} (default: each theorem's own count)")
    parser.add_argument("--seed", default="0", metavar="S", help="random seed, a non-negative integer (default 0)")
    parser.add_argument("--violations", action="store_true",
                        help="run the cases violating a hypothesis instead (shows each check can fail)")
    add_json_argument(parser)
    parser.add_argument("--list", action="store_true", help="list the registered theorems and exit")
    parser.set_defaults(func=run_command)


def run_command(args) -> int:
    examples = None if args.examples is None else integer_arg(args.examples, "--examples", 1, limits.MAX_EXAMPLES)
    seed = integer_arg(args.seed, "--seed", 0, 2**64 - 1)
    from ..theorems import all_theorems, get, require_hypothesis, run   # heavy: after the argument checks
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
                selected.append(get(theorem_id))
            except KeyError as err:
                raise UsageError(str(err.args[0])) from None
    else:
        selected = theorems
    try:
        require_hypothesis()
    except ImportError as err:
        raise UsageError(str(err)) from None
    results = []
    for theorem in selected:
        result = run(theorem, examples, seed, violations=args.violations)
        if args.violations:
            result["expected"] = theorem.expected_on_violations
            result["violation_note"] = theorem.violation_note
        results.append(result)
        if not args.json:
            _print_text(result, seed, args.violations)
    if args.json:
        print_json(results)
    if args.violations:
        return 0
    failed = [r for r in results if r["status"] != "holds"]
    if not args.json:
            print(f"{len(results) - len(failed)} of {plural(len(results), 'statement')} held"
              + (f"; failing: {', '.join(r['id'] for r in failed)} (seed {seed})" if failed else ""))
    return 1 if failed else 0


def _print_text(result: dict, seed: int, violations: bool) -> None:
    line = f"{result['id']:28s} {result['status']:15s} {plural(result['cases'], 'case')}"
    print(line)
    if result["status"] != "holds" and result.get("counterexample") is not None:
        label = "  counterexample" if result["status"] == "counterexample" else "  error"
        print(f"{label} (reproduce: exactprune verify --theorem {result['id']} --seed {seed}"
              f"{' --violations' if violations else ''}):")
        print("    " + json.dumps(result["counterexample"], sort_keys=False))
    sys.stdout.flush()
