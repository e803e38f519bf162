"""The front door shared by the command modules: reading trees and JSON files, parsing
integer and exact-number arguments within :mod:`exactprune.limits`, printing JSON.

Every problem with the user's input found here is a :class:`UsageError` (exit status 2, one
line); anything raised later by the library is the library's to explain.

Registering the parsers needs only this module's ``add_*`` helpers, so numpy, python-flint and
the tree module are imported by the functions that read input, not with the module: ``exactprune
--help`` starts without them.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

from .. import limits

if TYPE_CHECKING:
    from ..tree import Tree

#: the tree positional of every command that reads one
TREE_METAVAR = "TREE.json"
TREE_HELP = "count tree JSON file, or - to read it from stdin"

_INTEGER = re.compile(r"\s*\+?[0-9]+\s*", re.ASCII)
_EXACT = re.compile(r"\s*[+-]?(?:[0-9]+\s*/\s*[+-]?[0-9]+|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\s*",
                    re.ASCII)
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)


class UsageError(ValueError):
    """Bad input from the command line: reported in one line, exit status 2.

    A ``ValueError``, so that :func:`exactprune.cli.main` reports it as it reports the library's
    refusals of bad input:

    >>> issubclass(UsageError, ValueError)
    True
    """


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


def integer_arg(text: Any, name: str, minimum: int, maximum: int, why: str = "") -> int:
    """A decimal integer argument in ``[minimum, maximum]`` (ASCII digits only: ``1e100`` and
    ``1.0`` are not integers), or a :class:`UsageError` naming the limit.

    >>> integer_arg("12", "--k", 1, 100)
    12
    >>> integer_arg("1e100", "--k", 1, 100)
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: --k must be an integer such as 2, got '1e100'
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

    >>> import os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> check_output_stem(os.path.join(folder, "run"), (".csv", ".md"))       # fine: nothing printed
    >>> check_output_stem(os.path.join(folder, "no", "run"), (".csv",))
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: --out '...run': the folder '...no' does not exist
    >>> os.mkdir(os.path.join(folder, "run.md"))
    >>> check_output_stem(os.path.join(folder, "run"), (".csv", ".md"))
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: --out '...run': '...run.md' is a folder
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

    >>> exact_arg("0.25", "--lam"), exact_arg("2/6", "--eta")
    (Fraction(1, 4), Fraction(1, 3))
    >>> exact_arg("1e400", "--epsilon")
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: --epsilon: '1e400' is too large an exact number (at most 30 digits in numerator, denominator and exponent)
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
    if nonnegative and value < 0:
        from ..numbers import fraction_str
        raise UsageError(f"{name} must be non-negative, got {fraction_str(value)}")
    return value


def _too_large(name: str, text: str) -> str:
    return (f"{name}: {_shown(text)} is too large an exact number (at most {limits.CLI_MAX_NUMBER_DIGITS} digits "
            f"in numerator, denominator and exponent)")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def read_text(path: str, what: str) -> str:
    """The text of a JSON input file (``-`` is stdin), at most MAX_INPUT_BYTES, nested at most
    as deep as a tree of MAX_TREE_DEPTH levels.

    Parameters
    ----------
    path : str
        The file's path, or ``-`` for stdin.
    what : str
        What the file holds, for the messages (``"tree"``, ``"loss matrix"``).

    Returns
    -------
    str
        The file's text; a missing, unreadable, oversized, overnested or non-UTF-8 file is a
        :class:`UsageError`.

    Examples
    --------
    >>> import os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "loss.json")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write("[[0, 1], [1, 0]]")
    >>> read_text(path, "loss matrix")
    '[[0, 1], [1, 0]]'
    >>> read_text(path + ".missing", "loss matrix")
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: cannot read loss matrix file '...loss.json.missing': No such file or directory
    >>> shutil.rmtree(folder)
    """
    limit = limits.CLI_MAX_INPUT_BYTES
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit + 1) if hasattr(sys.stdin, "buffer") else \
                sys.stdin.read(limit + 1).encode("utf-8", "surrogatepass")
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as err:
        raise UsageError(f"cannot read {what} file {path!r}: {err.strerror}") from None
    if len(data) > limit:
        raise UsageError(f"{what} JSON is larger than the limit of {limit:,} bytes")
    nesting = _max_nesting(data)
    if nesting > 2 * limits.CLI_MAX_TREE_DEPTH + 2:
        raise UsageError(f"{what} JSON is nested {nesting} deep: a tree may have at most "
                         f"{limits.CLI_MAX_TREE_DEPTH} levels")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UsageError(f"{what} JSON is not UTF-8 text ({err.reason} at byte {err.start})") from None


def _max_nesting(data: bytes) -> int:
    """Deepest bracket nesting of JSON bytes, strings ignored (a linear numpy scan)."""
    import numpy as np
    stripped = np.frombuffer(_STRING.sub(b'""', data), dtype=np.uint8)
    if stripped.size == 0:
        return 0
    step = np.zeros(stripped.size, dtype=np.int32)
    step[(stripped == ord("{")) | (stripped == ord("["))] = 1
    step[(stripped == ord("}")) | (stripped == ord("]"))] = -1
    return int(np.cumsum(step).max())


@contextlib.contextmanager
def _default_int_digits() -> Iterator[None]:
    """Python's default cap on decimal digits while decoding input (a 50 MB integer in a JSON
    file would otherwise take minutes to convert); the caller's setting is restored."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(sys.int_info.default_max_str_digits)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


def read_tree(path: str) -> Tree:
    """Read a count tree from a JSON file, or stdin when ``path`` is ``-``, within the limits.

    Parameters
    ----------
    path : str
        The JSON file (the form of :meth:`exactprune.tree.Tree.to_json`), or ``-`` for stdin.

    Returns
    -------
    Tree
        The count tree; malformed JSON, a bad tree or one beyond the limits of
        :mod:`exactprune.limits` is a :class:`UsageError`.

    Examples
    --------
    A root with counts (3, 1) split into (3, 0) and (0, 1): two leaves, named c1 and c2.

    >>> import os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "tree.json")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    >>> tree = read_tree(path)
    >>> tree.n_leaves, [leaf.name for leaf in tree.leaves()]
    (2, ['c1', 'c2'])
    >>> with open(path, "w") as handle:
    ...     _ = handle.write('{"counts": [3, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
    >>> read_tree(path)
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: node root: children's counts add up to [2, 1], not to its counts [3, 1]
    >>> shutil.rmtree(folder)
    """
    from ..tree import Tree
    text = read_text(path, "tree")
    try:
        with _default_int_digits():
            tree = Tree.from_json(text)
    except (ValueError, TypeError, KeyError, OverflowError) as err:
        message = str(err.args[0]) if isinstance(err, KeyError) and err.args else str(err)
        raise UsageError(message or f"malformed tree JSON ({type(err).__name__})") from None
    _check_tree_size(tree)
    return tree


def _check_tree_size(tree: Tree) -> None:
    if tree.n_classes > limits.CLI_MAX_CLASSES:
        raise UsageError(f"tree has {tree.n_classes} classes; the limit is {limits.CLI_MAX_CLASSES}")
    if tree.root.n > limits.CLI_MAX_COUNT:
        raise UsageError(f"tree has {tree.root.n:,} examples at the root; the limit is {limits.CLI_MAX_COUNT:,}")
    stack, count = [(tree.root, 0)], 0
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > limits.CLI_MAX_NODES:
            raise UsageError(f"tree has more than {limits.CLI_MAX_NODES:,} nodes (the limit)")
        if depth > limits.CLI_MAX_TREE_DEPTH:
            raise UsageError(f"tree is deeper than {limits.CLI_MAX_TREE_DEPTH} levels (the limit)")
        if len(node.children) > limits.CLI_MAX_CHILDREN:
            raise UsageError(f"node {node.name} has {len(node.children)} children; the limit is "
                             f"{limits.CLI_MAX_CHILDREN}")
        stack.extend((child, depth + 1) for child in node.children)


def check_report_size(tree: Tree, command: str, k: int) -> None:
    """Refuse a per-node report (every node's subtree evaluated) beyond MAX_REPORT_VISITS node
    visits or MAX_REPORT_WORK visits times k.

    A node at depth d is visited by the subtree evaluations of its d + 1 ancestors (itself
    included): a root with two leaves costs 1 + 2 + 2 = 5 visits, so k = 200,000 is admitted
    (5 k = 1,000,000, the limit) and k = 200,001 is not.

    >>> from exactprune.tree import Tree, Node
    >>> tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    >>> check_report_size(tree, "moments", 200_000)
    >>> check_report_size(tree, "moments", 200_001)
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: moments at k = 200001 on this tree: 5 node visits times k is 1,000,005, ...
    """
    stack, visits = [(tree.root, 1)], 0
    while stack:
        node, level = stack.pop()
        visits += level
        stack.extend((child, level + 1) for child in node.children)
    if visits > limits.CLI_MAX_REPORT_VISITS:
        raise UsageError(f"{command} evaluates every node's subtree: {visits:,} node visits for this tree, "
                         f"the limit is {limits.CLI_MAX_REPORT_VISITS:,} (prune and breakpoints have no such limit)")
    if visits * k > limits.CLI_MAX_REPORT_WORK:
        raise UsageError(f"{command} at k = {k} on this tree: {visits:,} node visits times k is {visits * k:,}, "
                         f"the limit is {limits.CLI_MAX_REPORT_WORK:,} (use a smaller k, or prune)")


def read_json_file(path: str, what: str) -> Any:
    """A JSON input file (not a tree) within the size and nesting limits (:func:`read_text`),
    decoded; malformed JSON is a :class:`UsageError`.

    >>> import os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "loss.json")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write('[[0, "1/2"], [1, 0]]')
    >>> read_json_file(path, "loss matrix")
    [[0, '1/2'], [1, 0]]
    >>> with open(path, "w") as handle:
    ...     _ = handle.write('[[0, 1], [1, 0]')
    >>> read_json_file(path, "loss matrix")
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: malformed loss matrix JSON in '...loss.json': Expecting ',' delimiter: ...
    >>> shutil.rmtree(folder)
    """
    text = read_text(path, what)
    try:
        with _default_int_digits():
            return json.loads(text)
    except (json.JSONDecodeError, ValueError) as err:
        raise UsageError(f"malformed {what} JSON in {path!r}: {str(err).splitlines()[0]}") from None


def print_json(value: Any) -> None:
    """``value`` as indented JSON, exact numbers as ``"p/q"`` strings (:func:`exactprune.numbers.to_jsonable`).

    >>> from fractions import Fraction
    >>> print_json({"moment": Fraction(2, 6), "leaves": 3})
    {
      "moment": "1/3",
      "leaves": 3
    }
    """
    from ..numbers import to_jsonable
    print(json.dumps(to_jsonable(value), indent=2))


def add_tree_argument(parser) -> None:
    """The tree positional, named and explained the same way in every command.

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

    >>> import argparse
    >>> k_from_args(argparse.Namespace(k="12"), 100)
    12
    >>> k_from_args(argparse.Namespace(k="0"), 100)
    Traceback (most recent call last):
    exactprune.commands.common.UsageError: --k must be an integer >= 1, got 0
    """
    return integer_arg(args.k, "--k", 1, maximum, why)


def add_json_argument(parser) -> None:
    """The ``--json`` flag (machine-readable output, exact values as strings), off by default.

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

    >>> import argparse
    >>> prior_from_args(argparse.Namespace(lam="0.25", eta="1/3", numerator="1"))
    Prior(lam=Fraction(1, 4), eta=Fraction(1, 3), numerator='1')
    """
    from ..knorm import Prior
    return Prior(lam=exact_arg(args.lam, "--lam"), eta=exact_arg(args.eta, "--eta"), numerator=args.numerator)


def _separator(text: str) -> str:
    """``--sep``: one character other than a quote or a line break; ``tab`` or ``\\t`` for a tab.

    >>> _separator(";"), _separator("tab")
    (';', '\\t')
    >>> _separator(";;")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be one character (or tab), not a quote or a line break, got ';;'
    """
    sep = "\t" if text in ("tab", "\\t") else text
    if len(sep) != 1 or sep in "\"\r\n":
        raise argparse.ArgumentTypeError(f"must be one character (or tab), not a quote or a line break, got {text!r}")
    return sep


def add_data_arguments(parser) -> None:
    """The options of every command that reads a user's CSV file (``grow``, ``compare``):
    --target, --categorical, --sep and --max-levels, each checked at parse time where it can be
    (the column names are checked against the file by :func:`exactprune.datasets.load_csv`).
    Each defaults to None, "not given" (:func:`data_options` supplies the level limit's default),
    so that ``compare`` can refuse them for a built-in data set.

    >>> parser = argparse.ArgumentParser()
    >>> add_data_arguments(parser)
    >>> args = parser.parse_args(["--target", "y", "--sep", "tab"])
    >>> args.target, args.categorical, args.sep == "\\t", args.max_levels
    ('y', None, True, None)
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


def categorical_names(text: Optional[str]) -> list:
    """The column names of ``--categorical A,B`` (blanks and empty entries dropped; none given,
    none).

    >>> categorical_names(" sex, colour ,,"), categorical_names(None)
    (['sex', 'colour'], [])
    """
    return [name.strip() for name in text.split(",") if name.strip()] if text else []


def data_options(args) -> dict:
    """The keyword arguments of :func:`exactprune.datasets.load_csv` (and of
    :func:`exactprune.experiments.run_protocol`, which passes them on) given by the options of
    :func:`add_data_arguments`.

    >>> parser = argparse.ArgumentParser()
    >>> add_data_arguments(parser)
    >>> data_options(parser.parse_args(["--categorical", "a, b", "--sep", ";", "--max-levels", "7"]))
    {'target': None, 'categorical': ['a', 'b'], 'sep': ';', 'max_levels': 7}
    >>> data_options(parser.parse_args([]))["max_levels"] == limits.CLI_MAX_LEVELS
    True
    """
    return {"target": args.target, "categorical": categorical_names(args.categorical), "sep": args.sep,
            "max_levels": limits.CLI_MAX_LEVELS if args.max_levels is None else args.max_levels}


def load_from_args(path: str, args):
    """:func:`exactprune.datasets.load_csv` with the data options of ``args`` (:func:`data_options`).

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
    return load_csv(path, **data_options(args))
