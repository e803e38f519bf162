"""What the commands print: counts with their nouns, decimals of :data:`APPROX_DIGITS` digits,
lists of pruned nodes, JSON with exact numbers as strings, and the report of
``exactprune errata --peers``.
"""
from __future__ import annotations

from typing import Any, Optional

def plural(count: int, noun: str, plural_form: Optional[str] = None) -> str:
    """``1 leaf``, ``3 leaves``: a count with its noun in the right number.

    >>> plural(1, "leaf", "leaves"), plural(3, "leaf", "leaves"), plural(0, "case")
    ('1 leaf', '3 leaves', '0 cases')
    """
    return f"{count} {noun if count == 1 else (plural_form or noun + 's')}"


#: significant digits of every decimal the commands print (docs/cli_output.md)
APPROX_DIGITS = 6


def approx(value) -> str:
    """A value as a decimal of :data:`APPROX_DIGITS` significant digits: a rational rounded
    half-even from its exact value, a float by ``%g``; ``-`` for none, ``0`` for zero.

    >>> from fractions import Fraction
    >>> approx(Fraction(257, 2016)), approx(0.125), approx(None), approx(Fraction(0)), approx(12345678.0)
    ('0.127480', '0.125', '-', '0', '1.23457e+07')
    """
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{APPROX_DIGITS}g}"
    from ..numbers import decimal_str
    return decimal_str(value, APPROX_DIGITS) if value != 0 else "0"


def pruned_text(names) -> str:
    """The pruned nodes as one comma-separated list, or ``nothing``.

    >>> pruned_text([]), pruned_text(["c1", "c21"])
    ('nothing', 'c1, c21')
    """
    return ", ".join(names) or "nothing"



def print_json(value: Any) -> None:
    """:func:`exactprune.numbers.print_json`, imported when called (``--help`` loads no python-flint).

    >>> from fractions import Fraction
    >>> print_json({"moment": Fraction(2, 6)})
    {
      "moment": "1/3"
    }
    """
    from ..numbers import print_json as print_exact_json
    print_exact_json(value)
