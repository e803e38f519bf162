"""``exactprune errata``: every discrepancy found in the papers."""
from __future__ import annotations

import json

from ..errata import all_errata
from .common import add_json_argument, print_json


def run(args) -> int:
    rows = [erratum.as_dict() for erratum in all_errata()]
    if args.json:
        print_json(rows)
        return 0
    for row in rows:
        print(f"[{row['id']}] {row['source']}{'' if row['confirmed'] else '  (NOT confirmed)'}")
        print(f"  printed: {row['printed']}")
        print(f"  correct: {row['correct']}")
        if row["explanation"]:
            print(f"  note:    {row['explanation']}")
        example = row["counterexample"]
        text = example if isinstance(example, str) else json.dumps(example, default=str)
        print(f"  counterexample: {text[:400]}{'...' if len(text) > 400 else ''}")
        print()
    return 0


def register(sub) -> None:
    p = sub.add_parser("errata", help="every discrepancy found in the papers, with exact counterexamples")
    add_json_argument(p)
    p.set_defaults(func=run)
