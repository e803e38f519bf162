"""What the commands print: counts with their nouns, decimals of :data:`APPROX_DIGITS` digits,
lists of pruned nodes, JSON with exact numbers as strings, and the report of
``exactprune errata --peers``.
"""
from __future__ import annotations

from typing import Any, Optional

def plural(count: int, noun: str, plural_form: Optional[str] = None) -> str:
    """``1 leaf``, ``3 leaves``: a count with its noun in the right number.

    Parameters
    ----------
    count : int
        The count.
    noun : str
        The noun in the singular.
    plural_form : str, optional
        The plural; None adds an ``s`` to ``noun``.

    Returns
    -------
    str
        The count, a space and the noun.

    Examples
    --------
    >>> plural(1, "leaf", "leaves"), plural(3, "leaf", "leaves"), plural(0, "case")
    ('1 leaf', '3 leaves', '0 cases')
    """
    return f"{count} {noun if count == 1 else (plural_form or noun + 's')}"


#: significant digits of every decimal the commands print (docs/cli_output.md)
APPROX_DIGITS = 6


def approx(value) -> str:
    """A value as a decimal of :data:`APPROX_DIGITS` significant digits: a rational rounded
    half-even from its exact value, a float by ``%#g`` (trailing zeros kept: ``0.123450`` has six
    digits, as docs/cli_output.md promises); ``-`` for none, ``0`` for zero.

    Parameters
    ----------
    value : Fraction, int, float or None
        The value to print.

    Returns
    -------
    str
        The decimal text.

    Examples
    --------
    >>> from fractions import Fraction
    >>> approx(Fraction(257, 2016)), approx(0.125), approx(None), approx(Fraction(0)), approx(12345678.0)
    ('0.127480', '0.125000', '-', '0', '1.23457e+07')
    >>> approx(0.12345), approx(0.0), approx(float("nan"))
    ('0.123450', '0', 'nan')
    """
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:#.{APPROX_DIGITS}g}" if value != 0 and value == value else f"{value:g}"
    from ..formatting import decimal_str
    return decimal_str(value, APPROX_DIGITS) if value != 0 else "0"


def pruned_text(names, limit: Optional[int] = None) -> str:
    """The pruned nodes as one comma-separated list, or ``nothing``; with ``limit``, a longer list
    is cut after ``limit`` names with its length (the summary of a large tree, ``--full`` lifts it).

    Parameters
    ----------
    names : iterable of str
        The pruned nodes' names.
    limit : int, optional
        The most names listed; None lists them all.

    Returns
    -------
    str
        The list as text.

    Examples
    --------
    >>> pruned_text([]), pruned_text(["c1", "c21"]), pruned_text(["c1", "c2", "c3"], limit=2)
    ('nothing', 'c1, c21', 'c1, c2, ... (3 in all; --full lists them)')
    """
    names = list(names)
    if limit is None or len(names) <= limit:
        return ", ".join(names) or "nothing"
    return ", ".join(names[:limit]) + f", ... ({len(names)} in all; --full lists them)"


#: names a summary lists before it cuts a list (:func:`pruned_text`)
SUMMARY_NAMES = 8


def summary_limit(leaves: int, full: bool) -> Optional[int]:
    """How many names the text output lists: all (None) for a tree of at most
    :data:`~exactprune.limits.CLI_SUMMARY_LEAVES` leaves or with ``--full``, else
    :data:`SUMMARY_NAMES`.

    Parameters
    ----------
    leaves : int
        The number of leaves of the tree printed.
    full : bool
        Whether ``--full`` was given.

    Returns
    -------
    int or None
        The most names per list, or None for all.

    Examples
    --------
    >>> summary_limit(3, False), summary_limit(500, False), summary_limit(500, True)
    (None, 8, None)
    """
    from .. import limits
    return None if full or leaves <= limits.CLI_SUMMARY_LEAVES else SUMMARY_NAMES


def add_full_argument(parser) -> None:
    """``--full``: the whole text output of a large tree (every name, the exact values, the tree).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser, given ``--full``.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_full_argument(parser)
    >>> parser.parse_args([]).full, parser.parse_args(["--full"]).full
    (False, True)
    """
    from .. import limits
    parser.add_argument("--full", action="store_true",
                        help=f"for a tree of more than {limits.CLI_SUMMARY_LEAVES} leaves, print every name, the exact "
                             f"values and the tree instead of the summary (--json always has everything)")



def print_json(value: Any) -> None:
    """:func:`exactprune.formatting.print_json`, imported when called (``--help`` loads no python-flint).

    Parameters
    ----------
    value : Any
        The result to print, as :func:`exactprune.formatting.to_jsonable` accepts it.

    Examples
    --------
    >>> from fractions import Fraction
    >>> print_json({"moment": Fraction(2, 6)})
    {
      "moment": "1/3"
    }
    """
    from ..formatting import print_json as print_exact_json
    print_exact_json(value)
