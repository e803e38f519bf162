"""``exactprune errata``: every discrepancy found in the papers, then the domain notes.

Each entry carries its kind (the audit policy of :mod:`exactprune.theorems`): "false as printed"
and "unstated hypothesis" are errata; "domain note" marks a failing case outside the paper's own
notation.  ``--json`` lists all entries with a ``kind`` field.  ``--ledger`` prints the audit
ledger (:mod:`exactprune.errata.ledger`) instead: every numbered statement with its verdict.
"""
from __future__ import annotations

import json

from ..errata import all_domain_notes, all_errata
from .common import add_json_argument, print_json


def run(args) -> int:
    if args.peers:
        from ..errata.peers import show
        return show(args.json)
    if args.ledger:
        return _ledger(args)
    errata = [erratum.as_dict() for erratum in all_errata()]
    notes = [note.as_dict() for note in all_domain_notes()]
    if args.json:
        print_json(errata + notes)
        return 0
    for title, rows in ((f"{len(errata)} errata", errata), (f"{len(notes)} domain notes", notes)):
        print(f"== {title}")
        print()
        for row in rows:
            _print_row(row)
    return 0


def _ledger(args) -> int:
    from ..errata.ledger import counts, ledger
    rows = [row.as_dict() for row in ledger()]
    if args.json:
        print_json({"counts": counts(), "rows": rows})
        return 0
    for row in rows:
        print(f"{row['paper']:6s} {row['label'][:48]:48s} {row['verdict']:13s} {', '.join(row['evidence'])}")
    for paper, table in counts().items():
        print(f"{paper}: " + ", ".join(f"{n} {verdict}" for verdict, n in table.items()))
    return 0


def _print_row(row: dict) -> None:
    print(f"[{row['id']}] {row['source']}  ({row['kind']}){'' if row['confirmed'] else '  (NOT confirmed)'}")
    print(f"  printed: {row['printed']}")
    print(f"  correct: {row['correct']}")
    if row["explanation"]:
        print(f"  note:    {row['explanation']}")
    example = row["counterexample"]
    text = example if isinstance(example, str) else json.dumps(example, default=str)
    print(f"  counterexample: {text[:400]}{'...' if len(text) > 400 else ''}")
    print()


def register(sub) -> None:
    p = sub.add_parser("errata", help="every discrepancy found in the papers, with exact counterexamples")
    add_json_argument(p)
    p.add_argument("--ledger", action="store_true",
                   help="every numbered statement of the five papers with its verdict (verified/refuted/out of reach)")
    p.add_argument("--peers", action="store_true",
                   help="where rpart and scikit-learn are wrong, beside the exact optimum (exactprune.errata.peers)")
    p.set_defaults(func=run)
