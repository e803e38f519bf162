"""``exactprune errata``: every discrepancy found in the papers, then the domain notes.

Each entry carries its kind (the audit policy of :mod:`exactprune.theorems`): "false as printed"
and "unstated hypothesis" are errata; "domain note" marks a failing case outside the paper's own
notation; "remark" an exact observation that is not an error.  ``--json`` lists all entries with a
``kind`` field.  ``--ledger`` prints the audit ledger (:mod:`exactprune.errata.ledger`) instead:
counts per paper by verdict and by evidence grade, then every numbered statement with its verdict
and grade (``--json``: ``{"counts", "grades", "rows"}``).  ``--peers`` prints where the programs
users compare against (rpart, scikit-learn) are wrong (:mod:`exactprune.errata.peers`).
"""
from __future__ import annotations

import json

from ..errata import all_domain_notes, all_errata, all_remarks
from .arguments import add_json_argument
from .output import print_json


def _run(args) -> int:
    if args.peers:
        return _peers(args.json)
    if args.ledger:
        return _ledger(args)
    errata = [erratum.as_dict() for erratum in all_errata()]
    notes = [note.as_dict() for note in all_domain_notes()]
    remarks = [remark.as_dict() for remark in all_remarks()]
    if args.json:
        print_json(errata + notes + remarks)
        return 0
    for title, rows in ((f"{len(errata)} errata", errata), (f"{len(notes)} domain notes", notes),
                        (f"{len(remarks)} remarks", remarks)):
        print(f"== {title}")
        print()
        for row in rows:
            _print_row(row)
    return 0


def _ledger(args) -> int:
    from ..errata.ledger import GRADES, counts, ledger
    entries = ledger()
    table, rows = counts(entries), [row.as_dict() for row in entries]
    if args.json:
        print_json({"counts": table, "grades": GRADES, "rows": rows})
        return 0
    for paper, by in table.items():
        print(f"{paper}: " + ", ".join(f"{n} {verdict}" for verdict, n in by["verdicts"].items() if n))
        print(f"{'':{len(paper)}}  grades: " + ", ".join(f"{n} {grade}" for grade, n in by["grades"].items() if n))
    print()
    for row in rows:
        print(f"{row['paper']:6s} {row['label'][:48]:48s} {row['verdict'][:26]:26s} {row['grade']:11s} "
              f"{', '.join(row['evidence'])}")
    return 0


def _peers(as_json: bool) -> int:
    """Print the record of where rpart and scikit-learn are wrong (``--peers``); 0, the exit status.

    >>> _peers(as_json=False)      # doctest: +ELLIPSIS
    == 2 places where a peer program is wrong (exact optimum computed now)
    <BLANKLINE>
    [rpart-complexity] R version ...; rpart 4.1.19
    ...
    optimum: one alpha 2/489: all its weakest links pruned together, R(T) = 16/489
    ...
    0
    """
    from ..errata.peers import all_peer_errors
    rows = [entry.as_dict() for entry in all_peer_errors()]
    if as_json:
        print_json(rows)
        return 0
    print(f"== {len(rows)} places where a peer program is wrong (exact optimum computed now)")
    print()
    for row in rows:
        print(f"[{row['id']}] {row['program']}{'' if row['confirmed'] else '  (NOT confirmed)'}")
        print(f"  input:   {row['fixture']}")
        print(f"  returns: {row['returns']}")
        print(f"  exactly: {row['returns_cost']}")
        print(f"  optimum: {row['correct']}")
        print(f"  cause:   {row['cause']}")
        print()
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
    """Add the ``errata`` command (the errata registry; ``--ledger``, ``--peers``) to argparse ``sub``.

    Parameters
    ----------
    sub : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["errata"].parse_args(["--ledger"])
    >>> args.ledger, args.peers, args.json, args.func is _run
    (True, False, False, True)
    """
    p = sub.add_parser("errata", help="every discrepancy found in the papers, with exact counterexamples")
    add_json_argument(p)
    p.add_argument("--ledger", action="store_true",
                   help="every numbered statement of the five papers with its verdict and evidence grade, counts first")
    p.add_argument("--peers", action="store_true",
                   help="where rpart and scikit-learn are wrong, beside the exact optimum (exactprune.errata.peers)")
    p.set_defaults(func=_run)
