"""The options of every command that reads a user's CSV file (``grow``, ``compare``) and the
keyword arguments of :func:`exactprune.datasets.load_csv` they give.
"""
from __future__ import annotations

import argparse
from typing import Optional

from .. import limits
from .arguments import bounded_int

def _separator(text: str) -> str:
    """``--sep``: one ASCII character other than a quote, a line break, a digit or a letter (pandas'
    C parser reads single-byte separators); ``tab`` or ``\\t`` for a tab.

    >>> _separator(";"), _separator("tab")
    (';', '\\t')
    >>> _separator("\u00e9")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be one ASCII character (or tab), not a quote, a line break, a digit or a letter, got '\u00e9'
    """
    sep = "\t" if text in ("tab", "\\t") else text
    if len(sep) != 1 or not sep.isascii() or sep in "\"\r\n" or sep.isalnum():
        raise argparse.ArgumentTypeError(f"must be one ASCII character (or tab), not a quote, a line break, a digit "
                                         f"or a letter, got {text!r}")
    return sep


def add_data_arguments(parser) -> None:
    """The options of every command that reads a user's CSV file (``grow``, ``compare``):
    --target, --categorical, --sep, --max-levels, --decimal, --thousands and --no-header, each checked at parse time where it can be
    (the column names are checked against the file by :func:`exactprune.datasets.load_csv`).
    Each defaults to None, "not given" (:func:`data_options` supplies the level limit's default),
    so that ``compare`` can refuse them for a built-in data set.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser, given the CSV options.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_data_arguments(parser)
    >>> args = parser.parse_args(["--target", "y", "--sep", "tab"])
    >>> args.target, args.categorical, args.sep == "\\t", args.max_levels, args.decimal, args.no_header
    ('y', None, True, None, None, None)
    """
    parser.add_argument("--target", default=None, metavar="COLUMN",
                        help="name of the class column (default: the last column)")
    parser.add_argument("--categorical", default=None, metavar="A,B",
                        help="comma-separated attribute names to treat as categorical (one-hot coded) "
                             "even if numeric")
    parser.add_argument("--sep", type=_separator, default=None, metavar="CHAR",
                        help="field separator, one character or 'tab' (default: the most frequent of , ; "
                             "tab | in the header line)")
    parser.add_argument("--max-levels", type=bounded_int(2, limits.CLI_MAX_LEVELS_LIMIT), default=None, metavar="N",
                        help=f"most levels of a categorical column, 2..{limits.CLI_MAX_LEVELS_LIMIT:,} "
                             f"(default {limits.CLI_MAX_LEVELS:,})")
    parser.add_argument("--decimal", default=None, choices=[".", ","],
                        help="the decimal mark of the file's numbers (default .); a number written with another "
                             "mark is refused naming its row, never read as text")
    parser.add_argument("--thousands", default=None, choices=[",", ".", "'", "_", " "],
                        help="the separator between groups of three digits (1,234,567), if the file uses one "
                             "(default: none)")
    parser.add_argument("--no-header", action="store_true", default=None,
                        help="the file has no header row: every row is data, the columns are named col1, col2, "
                             "... (a header cell that is a number is refused without it)")


def categorical_names(text: Optional[str]) -> list:
    """The column names of ``--categorical A,B`` (blanks and empty entries dropped; none given,
    none).

    Parameters
    ----------
    text : str or None
        The text of ``--categorical``, or None when it was not given.

    Returns
    -------
    list of str
        The names.

    Examples
    --------
    >>> categorical_names(" sex, colour ,,"), categorical_names(None)
    (['sex', 'colour'], [])
    """
    return [name.strip() for name in text.split(",") if name.strip()] if text else []


def data_options(args) -> dict:
    """The keyword arguments of :func:`exactprune.datasets.load_csv` other than the number
    reading and the header row (:func:`reading_options`) given by the options of
    :func:`add_data_arguments`.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed arguments with the options of :func:`add_data_arguments`.

    Returns
    -------
    dict
        ``target``, ``categorical`` (a list), ``sep`` and ``max_levels``.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_data_arguments(parser)
    >>> data_options(parser.parse_args(["--categorical", "a, b", "--sep", ";", "--max-levels", "7"]))
    {'target': None, 'categorical': ['a', 'b'], 'sep': ';', 'max_levels': 7}
    >>> data_options(parser.parse_args([]))["max_levels"] == limits.CLI_MAX_LEVELS
    True
    """
    return {"target": args.target, "categorical": categorical_names(args.categorical), "sep": args.sep,
            "max_levels": limits.CLI_MAX_LEVELS if args.max_levels is None else args.max_levels}


def reading_options(args) -> dict:
    """The number reading and header keyword arguments of :func:`exactprune.datasets.load_csv`
    given by ``--decimal``, ``--thousands`` and ``--no-header``.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed arguments with the options of :func:`add_data_arguments`.

    Returns
    -------
    dict
        ``decimal`` (``"."`` when not given), ``thousands`` and ``header``.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_data_arguments(parser)
    >>> reading_options(parser.parse_args(["--decimal", ",", "--thousands", ".", "--no-header"]))
    {'decimal': ',', 'thousands': '.', 'header': False}
    >>> reading_options(parser.parse_args([]))
    {'decimal': '.', 'thousands': None, 'header': True}
    """
    return {"decimal": args.decimal or ".", "thousands": args.thousands, "header": not args.no_header}


def load_options(args) -> dict:
    """Every keyword argument of :func:`exactprune.datasets.load_csv` given by the options of
    :func:`add_data_arguments` (:func:`data_options` and :func:`reading_options`): the one reading
    of a CSV file by ``grow`` and by ``compare``, whose protocol passes them on
    (:func:`exactprune.experiments.run_protocol`'s ``csv``).

    Parameters
    ----------
    args : argparse.Namespace
        Parsed options of :func:`add_data_arguments`.

    Returns
    -------
    dict
        load_csv's keyword arguments.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_data_arguments(parser)
    >>> sorted(load_options(parser.parse_args(["--decimal", ","])).items())[:3]
    [('categorical', []), ('decimal', ','), ('header', True)]
    """
    return {**data_options(args), **reading_options(args)}


def load_from_args(path: str, args):
    """:func:`exactprune.datasets.load_csv` with the data options of ``args`` (:func:`data_options`,
    :func:`reading_options`: :func:`load_options`).

    Parameters
    ----------
    path : str
        The CSV file (plain or gzip).
    args : argparse.Namespace
        Parsed arguments with the options of :func:`add_data_arguments`.

    Returns
    -------
    exactprune.datasets.Dataset
        The database as :func:`exactprune.datasets.load_csv` reads it.

    Examples
    --------
    Three rows, x declared categorical: its three values and colour's two become five one-hot
    columns, and the classes are the target's values in sorted order.

    >>> import os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "data.csv")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write("x,colour,y\\n1,red,a\\n2,blue,a\\n3,red,b\\n")
    >>> parser = argparse.ArgumentParser()
    >>> add_data_arguments(parser)
    >>> data = load_from_args(path, parser.parse_args(["--categorical", "x"]))
    >>> data.X.shape, data.class_names, data.y.tolist()
    ((3, 5), ['a', 'b'], [0, 0, 1])
    >>> shutil.rmtree(folder)
    """
    from ..datasets import load_csv
    return load_csv(path, **load_options(args))
