"""Helpers shared by the command modules: reading trees, priors, printing JSON."""
from __future__ import annotations

import json
import sys
from fractions import Fraction
from typing import Any

from ..numbers import fraction_str
from ..tree import Tree


def read_tree(path: str) -> Tree:
    """Read a count tree from a JSON file, or stdin when ``path`` is ``-``."""
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as err:
            raise ValueError(f"cannot read tree file {path!r}: {err.strerror}") from None
    return Tree.from_json(text)


def read_json_file(path: str, what: str) -> Any:
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as err:
        raise ValueError(f"cannot read {what} file {path!r}: {err.strerror}") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"malformed {what} JSON in {path!r}: {err}") from None


def jsonable(value: Any) -> Any:
    """Fractions become "p/q" strings (DESIGN.md: exact numbers in JSON are strings)."""
    if isinstance(value, Fraction):
        return fraction_str(value)
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    return value


def print_json(value: Any) -> None:
    print(json.dumps(jsonable(value), indent=2))


def add_prior_arguments(parser) -> None:
    """--lam, --eta, --numerator as in DESIGN.md (values exact: 1/2 or 0.5)."""
    parser.add_argument("--lam", default="1/2", help="Lidstone lambda for class probabilities (default 1/2)")
    parser.add_argument("--eta", default="1/2", help="Lidstone eta for child proportions (4.11) (default 1/2)")
    parser.add_argument("--numerator", default="J-1", choices=["J-1", "1"],
                        help='error numerator: "J-1" is Zhong (4.29), "1" is b + lam')
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def prior_from_args(args):
    from ..knorm import Prior
    return Prior(lam=args.lam, eta=args.eta, numerator=args.numerator)
