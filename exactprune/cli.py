"""The ``exactprune`` command line (DESIGN.md, "The command line").

Each command group lives in its own module under :mod:`exactprune.commands`
and exposes ``register(subparsers)``, which adds its parser(s) and sets
``func`` (a callable taking the parsed args and returning an exit status).
This module owns the shared contract: bad input is exit status 2 with one
line on stderr, never a traceback.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from typing import Optional, Sequence

#: command modules, in the order ``--help`` lists them
COMMAND_MODULES = ("iris", "moments", "sequences", "verify", "errata", "costs", "rdt", "compare", "grow")


class UsageError(ValueError):
    """Bad input from the command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's default prints usage over several lines
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="exactprune", description="Exact decision-tree error estimation and pruning.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"exactprune.commands.{name}")
        except ModuleNotFoundError as err:
            if err.name == f"exactprune.commands.{name}":
                continue  # command group not built yet
            raise
        module.register(sub)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point; returns the exit status."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        return int(args.func(args) or 0)
    except (UsageError, ValueError, TypeError, KeyError, OSError) as err:
        message = str(err).splitlines()[0] if str(err) else type(err).__name__
        if isinstance(err, KeyError):
            message = str(err.args[0]) if err.args else message
        print(f"exactprune: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piping into head
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
