"""The commands' input files: a count tree or another JSON document (a loss matrix), read within
the size and nesting limits of :mod:`exactprune.limits`, and the size check of per-node reports.

Every problem found here is a :class:`~exactprune.commands.arguments.UsageError` (exit status 2,
one line).  numpy and the tree module are imported by the functions that read, not with the module.
"""
from __future__ import annotations

import contextlib
import json
import re
import sys
from typing import TYPE_CHECKING, Any, Iterator

from .. import limits
from .arguments import UsageError

if TYPE_CHECKING:
    from ..tree import Tree

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)


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
    exactprune.commands.arguments.UsageError: cannot read loss matrix file '...loss.json.missing': No such file or directory
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
    exactprune.commands.arguments.UsageError: node root: children's counts add up to [2, 1], not to its counts [3, 1]
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

    Parameters
    ----------
    tree : Tree
        The count tree the report would cover.
    command : str
        The command's name, for the refusal.
    k : int
        The moment order.

    Examples
    --------
    A node at depth d is visited by the subtree evaluations of its d + 1 ancestors (itself
    included): a root with two leaves costs 1 + 2 + 2 = 5 visits, so k = 200,000 is admitted
    (5 k = 1,000,000, the limit) and k = 200,001 is not.

    >>> from exactprune.tree import Tree, Node
    >>> tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    >>> check_report_size(tree, "moments", 200_000)
    >>> check_report_size(tree, "moments", 200_001)
    Traceback (most recent call last):
    exactprune.commands.arguments.UsageError: moments at k = 200001 on this tree: 5 node visits times k is 1,000,005, ...
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

    Parameters
    ----------
    path : str
        The file's path, or ``-`` for stdin.
    what : str
        What the file holds, for the messages (``"loss matrix"``).

    Returns
    -------
    Any
        The decoded JSON value.

    Examples
    --------
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
    exactprune.commands.arguments.UsageError: malformed loss matrix JSON in '...loss.json': Expecting ',' delimiter: ...
    >>> shutil.rmtree(folder)
    """
    text = read_text(path, what)
    try:
        with _default_int_digits():
            return json.loads(text)
    except (json.JSONDecodeError, ValueError) as err:
        raise UsageError(f"malformed {what} JSON in {path!r}: {str(err).splitlines()[0]}") from None
