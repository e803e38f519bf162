"""The JSON form of a count tree: one object per node, read and checked here.

``{"counts": [n_1, ..., n_J], "children": [...], "split": "...", "feature": i, "threshold": x,
"name": "c21"}`` with only ``counts`` required, and ``"class_names"`` allowed at the root
(docs/architecture.md, "The count tree").  A count is a JSON integer, or a rational count
(weighted counts) as the text ``"p/q"``.  A threshold is kept exactly: a JSON integer as an int,
a text such as ``"0.5"`` or ``"1/3"`` as a Fraction (written back as ``"p/q"``), a JSON float as
that float.  Names are positional (:mod:`exactprune.tree.names`): a ``"name"`` key must be the
node's own name (as :meth:`Tree.to_json <exactprune.tree.Tree.to_json>` writes it) and any other
name is refused.  :meth:`Tree.from_json <exactprune.tree.Tree.from_json>` and
:meth:`Tree.to_json <exactprune.tree.Tree.to_json>` use these functions.
"""
from __future__ import annotations

import json
import math
import sys
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Iterator, Optional, Union

from ..limits import MAX_DEPTH, MAX_THRESHOLD_DIGITS, check_tree_shape
from .names import child_name
from .nodes import Node

__all__ = ["INDENT_DEPTH", "deep_json", "read_json", "write_json", "node_from_dict", "json_threshold", "json_count"]

#: trees deeper than this are written as compact JSON even when an indent is asked for
#: (indented JSON grows with the square of the depth)
INDENT_DEPTH = 100

#: the keys a node object may have
NODE_KEYS = frozenset({"counts", "children", "split", "name", "class_names", "feature", "threshold"})


@contextmanager
def deep_json() -> Iterator[None]:
    """Let :mod:`json` encode and decode trees nested up to ``MAX_DEPTH`` levels: the recursion limit
    is raised for the duration of the block (the C codec recurses twice per tree level; measured
    safe on the C stack at 20,000 levels) and restored afterwards.

    >>> with deep_json():
    ...     len(json.dumps(json.loads("[" * 5000 + "]" * 5000)))
    10000
    """
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(max(saved, 2 * MAX_DEPTH + 1000))
    try:
        yield
    finally:
        sys.setrecursionlimit(saved)


def _json_int(text: str) -> int:
    """An integer literal of tree JSON, refused past ``MAX_THRESHOLD_DIGITS`` digits."""
    if len(text.lstrip("-")) > MAX_THRESHOLD_DIGITS:
        raise ValueError(f"tree JSON: an integer of {len(text.lstrip('-'))} digits exceeds the limit "
                         f"MAX_THRESHOLD_DIGITS = {MAX_THRESHOLD_DIGITS}")
    return int(text)


def read_json(text: str) -> Any:
    """The parsed JSON ``text`` (integers read exactly, up to ``MAX_THRESHOLD_DIGITS`` digits);
    malformed or too deeply nested JSON is a ValueError.

    Parameters
    ----------
    text : str
        JSON text.

    Returns
    -------
    object
        The parsed value.

    See Also
    --------
    write_json : the writer.

    Examples
    --------
    >>> read_json('{"counts": [1, 2]}')
    {'counts': [1, 2]}
    >>> read_json('{"counts": [1, 2]')
    Traceback (most recent call last):
    ValueError: malformed tree JSON: Expecting ',' delimiter: line 1 column 18 (char 17)
    """
    try:
        with deep_json():
            return json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as err:
        raise ValueError(f"malformed tree JSON: {err}") from None
    except RecursionError:
        raise ValueError("tree JSON is nested too deeply for this Python's recursion limit") from None


def write_json(data: dict, indent: Optional[int], depth: int) -> str:
    """The JSON text of a tree's dict form ``data`` (of a tree ``depth`` levels deep), compact
    when the tree is deeper than ``INDENT_DEPTH`` even when ``indent`` is given.

    Parameters
    ----------
    data : dict
        A tree's dict form.
    indent : int or None
        Indentation, as ``json.dumps`` takes it.
    depth : int
        The tree's depth.

    Returns
    -------
    str

    See Also
    --------
    read_json : the reader.

    Examples
    --------
    >>> write_json({"counts": [1]}, 2, 0)
    '{\\n  "counts": [\\n    1\\n  ]\\n}'
    >>> write_json({"counts": [1]}, 2, INDENT_DEPTH + 1)
    '{"counts": [1]}'
    """
    if indent is not None and depth > INDENT_DEPTH:
        indent = None
    with deep_json():
        return json.dumps(data, indent=indent)


def _json_exact_text(value: str, name: str, what: str) -> Fraction:
    """The exact rational a JSON text spells (``"0.5"``, ``"1/3"``, ``"-2"``), numerator and
    denominator under ``MAX_THRESHOLD_DIGITS`` digits; ``what`` names the value in errors."""
    from ..numbers import exact
    number = exact(value, f"node {name}: {what}")
    limit = 10 ** MAX_THRESHOLD_DIGITS
    if abs(number.numerator) >= limit or number.denominator >= limit:
        raise ValueError(f"node {name}: the {what} {value[:20]!r}{'...' if len(value) > 20 else ''} has a "
                         f"numerator or denominator of more than MAX_THRESHOLD_DIGITS = "
                         f"{MAX_THRESHOLD_DIGITS} digits")
    return number


def json_threshold(value: Any, name: str, what: str = "threshold") -> Union[int, float, Fraction]:
    """The threshold of node ``name`` read from its JSON value, kept exactly: an int as it is, a
    finite float as it is, a text (``"0.5"``, ``"1/3"``, ``"-2"``) as the exact Fraction it
    spells, numerator and denominator under ``MAX_THRESHOLD_DIGITS`` digits (``what`` names the
    value in errors: :func:`json_count` reads counts given as text the same way).

    Parameters
    ----------
    value : int, float or str
        The JSON value.
    name : str
        The node's name, for errors.
    what : str
        What the value is, for errors.

    Returns
    -------
    int, float or Fraction

    See Also
    --------
    json_count : counts read the same way.

    Examples
    --------
    >>> json_threshold(2, "root"), json_threshold(0.5, "root"), json_threshold("1/3", "c1"), json_threshold("0.1", "c1")
    (2, 0.5, Fraction(1, 3), Fraction(1, 10))
    >>> json_threshold("0.5x", "c2")
    Traceback (most recent call last):
    ValueError: node c2: threshold: cannot read '0.5x' as an exact number (use 'p/q' or a decimal like '0.5')
    """
    if isinstance(value, str):
        return _json_exact_text(value, name, what)
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or (isinstance(value, float) and not math.isfinite(value))):
        raise ValueError(f"node {name}: 'threshold' must be a finite number or an exact number as text "
                         f"('0.5', '1/3')")
    return value


def json_count(value: Any, name: str) -> Union[int, Fraction]:
    """A class count of node ``name`` read from its JSON value: an integer as it is, or a text
    ``"p/q"`` (or ``"0.25"``) as the exact rational it spells (rational counts: weighted counts,
    written so by :meth:`Node.to_dict <exactprune.tree.Node.to_dict>`), an int when whole;
    numerator and denominator under ``MAX_THRESHOLD_DIGITS`` digits.  A JSON float is refused
    (it is not exact).  The sign is checked with the tree.

    Parameters
    ----------
    value : int or str
        The JSON value.
    name : str
        The node's name, for errors.

    Returns
    -------
    int or Fraction

    See Also
    --------
    json_threshold : thresholds read the same way.

    Examples
    --------
    >>> json_count(3, "root"), json_count("7/2", "c1"), json_count("4/2", "c1")
    (3, Fraction(7, 2), 2)
    >>> json_count(3.5, "c2")
    Traceback (most recent call last):
    ValueError: node c2: counts must be non-negative integers or exact rationals as text ('7/2'), got 3.5
    """
    if isinstance(value, str):
        count = _json_exact_text(value, name, "count")
        return count.numerator if count.denominator == 1 else count
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"node {name}: counts must be non-negative integers or exact rationals as text "
                         f"('7/2'), got {value!r}")
    return value


def node_from_dict(data: Any, name: str = "root") -> Node:
    """The Node tree of the JSON form ``data`` (iterative: any depth; the shape limits of
    :func:`~exactprune.limits.check_tree_shape` are checked while reading); every node is named
    by :func:`~exactprune.tree.names.child_name`.

    Parameters
    ----------
    data : dict
        The JSON form of a tree.
    name : str
        The name of its root.

    Returns
    -------
    Node
        The root of the tree read.

    See Also
    --------
    exactprune.tree.Tree.from_dict : the validated Tree of it.

    Examples
    --------
    >>> root = node_from_dict({"counts": [1, 1], "feature": 0, "threshold": "1/2",
    ...                        "children": [{"counts": [1, 0]}, {"counts": [0, 1], "name": "c2"}]})
    >>> [(node.name, node.counts) for node in root.walk()], root.threshold
    ([('root', (1, 1)), ('c1', (1, 0)), ('c2', (0, 1))], Fraction(1, 2))
    >>> node_from_dict({"counts": [1, 1], "children": [{"counts": [1, 0], "name": "left"}, {"counts": [0, 1]}]})
    Traceback (most recent call last):
    ValueError: node c1: 'name' is 'left', but node names are positional (Zhong App B): this node is 'c1' (drop the key or give that name)
    """
    root = _node_fields(data, name)
    count, stack = 1, [(root, data, 0)]
    while stack:
        node, item, depth = stack.pop()
        children_data = item.get("children", [])
        if not isinstance(children_data, list):
            raise ValueError(f"node {node.name}: 'children' must be a list")
        count += len(children_data)
        check_tree_shape(count, depth + (1 if children_data else 0), len(children_data), f"node {node.name}")
        for i, child_data in enumerate(children_data, start=1):
            child = _node_fields(child_data, child_name(node.name, i))
            node.children.append(child)
            stack.append((child, child_data, depth + 1))
    return root


def _node_fields(data: Any, name: str) -> Node:
    """One node of the JSON form, without its children, checked."""
    if not isinstance(data, dict):
        raise ValueError(f"node {name}: expected an object with 'counts', got {type(data).__name__}")
    unknown = set(data) - NODE_KEYS
    if unknown:
        raise ValueError(f"node {name}: unknown keys {sorted(unknown)}")
    if "counts" not in data:
        raise ValueError(f"node {name}: missing 'counts'")
    if "name" in data and data["name"] != name:
        raise ValueError(f"node {name}: 'name' is {data['name']!r}, but node names are positional (Zhong App B): "
                         f"this node is {name!r} (drop the key or give that name)")
    counts = data["counts"]
    if not isinstance(counts, list):
        raise ValueError(f"node {name}: 'counts' must be a list of non-negative integers")
    counts = [json_count(c, name) for c in counts]
    split = data.get("split")
    if split is not None and not isinstance(split, str):
        raise ValueError(f"node {name}: 'split' must be a string")
    feature, threshold = data.get("feature"), data.get("threshold")
    if feature is not None and (isinstance(feature, bool) or not isinstance(feature, int) or feature < 0):
        raise ValueError(f"node {name}: 'feature' must be a non-negative integer")
    if threshold is not None:
        threshold = json_threshold(threshold, name)
    return Node(tuple(counts), [], name, split, feature, threshold)
