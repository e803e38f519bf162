"""The argument types and options shared by the commands: integers and exact numbers within
:mod:`exactprune.limits`, the tree positional, ``--k``, ``--json``, the k-norm prior's options,
output paths.

Every problem with the user's input found here is a :class:`UsageError` (exit status 2, one
line); anything raised later by the library is the library's to explain.  Registering the parsers
needs only this module, so ``exactprune --help`` starts without numpy or python-flint.
"""
from __future__ import annotations

import argparse
import os
import re
from fractions import Fraction
from typing import Any, Callable

from .. import limits

#: the tree positional of every command that reads one
TREE_METAVAR = "TREE.json"
TREE_HELP = "count tree JSON file, or - to read it from stdin"

_INTEGER = re.compile(r"\s*\+?[0-9]+\s*", re.ASCII)
_EXACT = re.compile(r"\s*[+-]?(?:[0-9]+\s*/\s*[+-]?[0-9]+|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\s*",
                    re.ASCII)


class UsageError(ValueError):
    """Bad input from the command line: reported in one line, exit status 2.

    A ``ValueError``, so that :func:`exactprune.cli.main` reports it as it reports the library's
    refusals of bad input:

    >>> issubclass(UsageError, ValueError)
    True
    """



def integer_arg(text: Any, name: str, minimum: int, maximum: int, why: str = "") -> int:
    """A decimal integer argument in ``[minimum, maximum]`` (ASCII digits only: ``1e100`` and
    ``1.0`` are not integers), or a :class:`UsageError` naming the limit.

    Parameters
    ----------
    text : str or int
        The argument as typed (an int is taken as it is and only range-checked).
    name : str
        The option's name in the refusal, e.g. ``"--k"``.
    minimum, maximum : int
        The inclusive range.
    why : str
        Appended to the refusal of a value above ``maximum``, explaining the limit.

    Returns
    -------
    int
        The value.

    Examples
    --------
    >>> integer_arg("12", "--k", 1, 100)
    12
    >>> integer_arg("1e100", "--k", 1, 100)
    Traceback (most recent call last):
    exactprune.commands.arguments.UsageError: --k must be an integer such as 2, got '1e100'
    """
    if isinstance(text, int):
        value = text
    else:
        text = str(text)
        if not _INTEGER.fullmatch(text):
            raise UsageError(f"{name} must be an integer such as 2, got {_shown(text)}")
        digits = text.strip().lstrip("+").lstrip("0")
        if len(digits) > len(str(maximum)):
            raise UsageError(f"{name} must be at most {maximum:,}{why}, got {_shown(text)}")
        value = int(digits or "0")
    if value < minimum:
        raise UsageError(f"{name} must be an integer >= {minimum:,}, got {value}")
    if value > maximum:
        raise UsageError(f"{name} must be at most {maximum:,}{why}, got {value}")
    return value


def bounded_int(minimum: int, maximum: int, why: str = "") -> Callable[[str], int]:
    """An argparse ``type``: a decimal integer in ``[minimum, maximum]``, checked at parse time
    (argparse prefixes the option's name to the refusal).

    Parameters
    ----------
    minimum, maximum : int
        The inclusive range.
    why : str
        Appended to the refusal, explaining the range.

    Returns
    -------
    callable
        ``parse(text) -> int``, raising ``argparse.ArgumentTypeError`` outside the range.

    Examples
    --------
    >>> bounded_int(0, 16)("4")
    4
    >>> bounded_int(0, 16)("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be an integer in 0..16, got '-1'
    """
    def parse(text: str) -> int:
        if not _INTEGER.fullmatch(text) or len(text.strip().lstrip("+").lstrip("0")) > len(str(maximum)) \
                or not minimum <= int(text) <= maximum:
            raise argparse.ArgumentTypeError(f"must be an integer in {minimum:,}..{maximum:,}{why}, got {_shown(text)}")
        return int(text)
    parse.__name__ = "integer"
    return parse


def seed_type() -> Callable[[str], int]:
    """The argparse ``type`` of every --seed: 0..CLI_MAX_SEED (2^31 - 1).

    >>> seed_type()("7"), seed_type()(str(2 ** 31 - 1))
    (7, 2147483647)
    >>> seed_type()(str(2 ** 31))
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be an integer in 0..2,147,483,647 ...
    """
    return bounded_int(0, limits.CLI_MAX_SEED, " (scikit-learn's random_state range, with room for run indices)")


def check_output_stem(stem: str, suffixes: tuple) -> None:
    """Refuse at once (before any work) an output path whose folder is missing or not writable,
    or that names a folder.

    Parameters
    ----------
    stem : str
        The output path without its suffix (``--out``).
    suffixes : tuple of str
        The suffixes of the files that will be written beside ``stem``.

    Examples
    --------
    >>> import os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> check_output_stem(os.path.join(folder, "run"), (".csv", ".md"))       # fine: nothing printed
    >>> check_output_stem(os.path.join(folder, "no", "run"), (".csv",))
    Traceback (most recent call last):
    exactprune.commands.arguments.UsageError: --out '...run': the folder '...no' does not exist
    >>> os.mkdir(os.path.join(folder, "run.md"))
    >>> check_output_stem(os.path.join(folder, "run"), (".csv", ".md"))
    Traceback (most recent call last):
    exactprune.commands.arguments.UsageError: --out '...run': '...run.md' is a folder
    >>> shutil.rmtree(folder)
    """
    folder = os.path.dirname(os.path.abspath(stem))
    if not os.path.isdir(folder):
        raise UsageError(f"--out {stem!r}: the folder {folder!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"--out {stem!r}: the folder {folder!r} is not writable")
    for suffix in suffixes:
        if os.path.isdir(stem + suffix):
            raise UsageError(f"--out {stem!r}: {stem + suffix!r} is a folder")


def exact_arg(text: Any, name: str, nonnegative: bool = True) -> Fraction:
    """An exact number argument (``1/2``, ``0.5``, ``1e-3``) within the size limits of
    :data:`~exactprune.limits.CLI_MAX_NUMBER_CHARS` and :data:`~exactprune.limits.CLI_MAX_NUMBER_DIGITS`.

    Parameters
    ----------
    text : str, int or Fraction
        The argument as typed (an int or Fraction is only checked for size and sign).
    name : str
        The option's name in the refusal, e.g. ``"--lam"``.
    nonnegative : bool
        Refuse a negative value.

    Returns
    -------
    Fraction
        The value, exactly.

    Examples
    --------
    >>> exact_arg("0.25", "--lam"), exact_arg("2/6", "--eta")
    (Fraction(1, 4), Fraction(1, 3))
    >>> exact_arg("1e400", "--epsilon")
    Traceback (most recent call last):
    exactprune.commands.arguments.UsageError: --epsilon: '1e400' is too large an exact number (at most 30 digits in numerator, denominator and exponent)
    """
    if isinstance(text, (int, Fraction)) and not isinstance(text, bool):
        value = Fraction(text)
    else:
        text = str(text)
        if len(text) > limits.CLI_MAX_NUMBER_CHARS:
            raise UsageError(f"{name}: at most {limits.CLI_MAX_NUMBER_CHARS} characters in an exact number, "
                             f"got {len(text)}")
        if not _EXACT.fullmatch(text):
            raise UsageError(f"{name} must be an exact number such as 1/2 or 0.5, got {_shown(text)}")
        exponent = re.search(r"[eE][+-]?0*([0-9]+)", text)
        if exponent and (len(exponent.group(1)) > 3 or int(exponent.group(1)) > limits.CLI_MAX_NUMBER_DIGITS):
            raise UsageError(_too_large(name, text))
        from ..numbers import exact
        try:
            value = exact(text, name)
        except (TypeError, ValueError) as err:
            raise UsageError(str(err)) from None
    if max(abs(value.numerator), value.denominator) >= 10 ** limits.CLI_MAX_NUMBER_DIGITS:
        raise UsageError(_too_large(name, str(text)))
    try:
        return limits.check_nonnegative(value, name) if nonnegative else value
    except ValueError as err:
        raise UsageError(str(err)) from None


def _too_large(name: str, text: str) -> str:
    return (f"{name}: {_shown(text)} is too large an exact number (at most {limits.CLI_MAX_NUMBER_DIGITS} digits "
            f"in numerator, denominator and exponent)")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def add_tree_argument(parser) -> None:
    """The tree positional, named and explained the same way in every command.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser, given the positional ``tree``.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_tree_argument(parser)
    >>> parser.parse_args(["-"]).tree
    '-'
    """
    parser.add_argument("tree", metavar=TREE_METAVAR, help=TREE_HELP)


def add_k_argument(parser, maximum: int) -> None:
    """The required ``--k`` of a moment order, kept as text: :func:`k_from_args` checks it
    against ``maximum``, which the help names.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser, given ``--k``.
    maximum : int
        The largest k, named in the help.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_k_argument(parser, 100)
    >>> parser.parse_args(["--k", "3"]).k
    '3'
    """
    parser.add_argument("--k", required=True, help=f"moment order k, an integer 1..{maximum:,}")


def k_from_args(args, maximum: int, why: str = "") -> int:
    """The moment order ``--k`` as an integer in 1..``maximum`` (:func:`integer_arg`); ``why``
    explains the maximum in the refusal.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed arguments with the text ``k`` of :func:`add_k_argument`.
    maximum : int
        The largest k admitted.
    why : str
        Appended to the refusal of a k above ``maximum``.

    Returns
    -------
    int
        k, in 1..``maximum``.

    Examples
    --------
    >>> import argparse
    >>> k_from_args(argparse.Namespace(k="12"), 100)
    12
    >>> k_from_args(argparse.Namespace(k="0"), 100)
    Traceback (most recent call last):
    exactprune.commands.arguments.UsageError: --k must be an integer >= 1, got 0
    """
    return integer_arg(args.k, "--k", 1, maximum, why)


def add_json_argument(parser) -> None:
    """The ``--json`` flag (machine-readable output, exact values as strings), off by default.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser, given ``--json``.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_json_argument(parser)
    >>> parser.parse_args([]).json, parser.parse_args(["--json"]).json
    (False, True)
    """
    parser.add_argument("--json", action="store_true", help="machine-readable output (exact values as strings)")


def add_lam_eta_arguments(parser) -> None:
    """--lam, --eta and --json (values exact: 1/2 or 0.5; both default to 1/2, as in Zhong's
    experiments).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser, given ``--lam``, ``--eta`` and ``--json``.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_lam_eta_arguments(parser)
    >>> args = parser.parse_args(["--eta", "0.25"])
    >>> args.lam, args.eta, args.json
    ('1/2', '0.25', False)
    """
    parser.add_argument("--lam", default="1/2", help="Lidstone lambda for class probabilities, exact (default 1/2)")
    parser.add_argument("--eta", default="1/2", help="Lidstone eta for child proportions (4.11), exact (default 1/2)")
    add_json_argument(parser)


def add_prior_arguments(parser) -> None:
    """--lam, --eta, --json and the error --numerator of the k-norm Prior (default ``J-1``,
    Zhong's (4.29) as printed).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser, given ``--lam``, ``--eta``, ``--json`` and ``--numerator``.

    Examples
    --------
    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_prior_arguments(parser)
    >>> parser.parse_args([]).numerator, parser.parse_args(["--numerator", "1"]).numerator
    ('J-1', '1')
    """
    add_lam_eta_arguments(parser)
    parser.add_argument("--numerator", default="J-1", choices=["J-1", "1"],
                        help='error numerator: "J-1" is Zhong (4.29), "1" is b + lam')


def prior_from_args(args):
    """The :class:`~exactprune.knorm.Prior` of the arguments of :func:`add_prior_arguments`, its
    numbers exact (``0.25`` is 1/4).

    Parameters
    ----------
    args : argparse.Namespace
        Parsed arguments with the texts ``lam`` and ``eta`` and the ``numerator`` of
        :func:`add_prior_arguments`.

    Returns
    -------
    exactprune.knorm.Prior
        The prior; a bad or negative lam or eta is a :class:`UsageError`.

    Examples
    --------
    >>> import argparse
    >>> prior_from_args(argparse.Namespace(lam="0.25", eta="1/3", numerator="1"))
    Prior(lam=Fraction(1, 4), eta=Fraction(1, 3), numerator='1')
    """
    from ..knorm import Prior
    return Prior(lam=exact_arg(args.lam, "--lam"), eta=exact_arg(args.eta, "--eta"), numerator=args.numerator)
