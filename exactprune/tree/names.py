"""Node names: Zhong's positional names (App B) and their reading back.

A node is named by the 1-based child indices on its path from the root: ``root``, then ``c``
and one digit per level (``c1``, ``c2``, ``c21``), as in Zhong App B.  From a child index >= 10
on, the indices are joined by dots (``c1.10``, ``c1.10.2``) and a root child with an index
>= 10 is ``c.11``, so every path has its own name.  :func:`child_name` is the rule, written
once; :func:`node_name` applies it along a path, :func:`name_path` reads a name back, and
:meth:`exactprune.tree.CountArrays.names_of` names the nodes of count arrays by it.
"""
from __future__ import annotations

from typing import Sequence

__all__ = ["child_name", "node_name", "name_path", "ancestor_names"]


def child_name(parent: str, index: int) -> str:
    """Name of child ``index`` (1-based) of the node named ``parent``: Zhong's App B names
    (``root``, ``c1``, ``c21``: one digit per level) until an index reaches 10; from there on
    the indices are separated by dots (``c1.10``, ``c1.10.2``), and a root child with an index
    >= 10 is ``c.11`` (the root's 11th child; ``c11`` is the first child of ``c1``).  Every
    path gets its own name; :func:`name_path` reads it back.

    Parameters
    ----------
    parent : str
        The parent's name.
    index : int
        The child's 1-based index among its siblings.

    Returns
    -------
    str
        The child's name.

    See Also
    --------
    node_name : the rule applied along a path.
    name_path : a name read back.

    Examples
    --------
    >>> child_name("root", 2), child_name("c2", 1), child_name("c1", 10), child_name("c1.10", 2)
    ('c2', 'c21', 'c1.10', 'c1.10.2')
    >>> child_name("root", 11), child_name("c1", 1), child_name("c.11", 1)
    ('c.11', 'c11', 'c.11.1')
    """
    if parent == "root":
        return f"c{index}" if index < 10 else f"c.{index}"
    if "." in parent:
        return f"{parent}.{index}"
    if index < 10:
        return parent + str(index)
    return "c" + ".".join(parent[1:]) + f".{index}"


def node_name(path: Sequence[int]) -> str:
    """The name of the node reached from the root by 1-based child indices ``path``
    (:func:`child_name` applied along the path).

    Parameters
    ----------
    path : sequence of int
        1-based child indices from the root.

    Returns
    -------
    str

    See Also
    --------
    child_name : the rule, one step.
    name_path : the inverse.

    Examples
    --------
    >>> node_name([]), node_name([2, 1]), node_name([1, 10, 2]), node_name([10, 2])
    ('root', 'c21', 'c1.10.2', 'c.10.2')
    """
    name = "root"
    for index in path:
        name = child_name(name, index)
    return name


def name_path(name: str) -> list:
    """The 1-based child indices leading from the root to the node called ``name``: the
    inverse of :func:`node_name`.

    Parameters
    ----------
    name : str
        A node name.

    Returns
    -------
    list of int
        The 1-based child indices; ValueError if ``name`` is not spelled by the rule.

    See Also
    --------
    node_name : the inverse.

    Examples
    --------
    >>> name_path("root"), name_path("c212"), name_path("c1.2.10"), name_path("c.10.2")
    ([], [2, 1, 2], [1, 2, 10], [10, 2])
    >>> name_path("c1.2")
    Traceback (most recent call last):
    ValueError: 'c1.2' is not a node name: the node at path [1, 2] is called 'c12'
    """
    if name == "root":
        return []
    if not name.startswith("c") or len(name) < 2:
        raise ValueError(f"{name!r} is not a node name (root, c1, c21, c1.10, ...)")
    body = name[1:]
    parts = body.lstrip(".").split(".") if "." in body else list(body)
    if not all(part.isdigit() and int(part) >= 1 for part in parts):
        raise ValueError(f"{name!r} is not a node name (root, c1, c21, c1.10, ...)")
    path = [int(part) for part in parts]
    if node_name(path) != name:         # one spelling per path: "c1.2" and "c12.3" are not names
        raise ValueError(f"{name!r} is not a node name: the node at path {path} is called {node_name(path)!r}")
    return path


def ancestor_names(name: str) -> list:
    """Names of the proper ancestors of the node called ``name``, root first.

    Parameters
    ----------
    name : str
        A node name.

    Returns
    -------
    list of str
        The names of its ancestors, the root first.

    See Also
    --------
    name_path : the path the names are made from.

    Examples
    --------
    >>> ancestor_names("c212"), ancestor_names("c1.2.10"), ancestor_names("root")
    (['root', 'c2', 'c21'], ['root', 'c1', 'c12'], [])
    """
    path = name_path(name)
    return [node_name(path[:i]) for i in range(len(path))]
