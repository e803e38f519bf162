"""Path probabilities by enumerating the random tree-growing process (DD 3.3, 3.5).

The independent check of :mod:`exactprune.rdt.coexistence`: grow a random tree restricted to the
nodes on the paths involved and add up, exactly, the probability that every path is a
root-to-leaf path.  Optional attribute ``weights`` show what happens when DD 3.5's uniform
attribute selection is violated.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Optional, Sequence

from ..numbers import exact
from .model import check_path_arguments, check_path_pair

__all__ = ["enumerate_path_exists", "enumerate_coexistence"]


def _enumerate(d: int, targets: list, ordered: bool, weights: Optional[Sequence[Any]] = None) -> Fraction:
    """Grow a random tree restricted to the nodes on the target paths; probability all are leaves.

    Each target is (dict attr->value, length, last attribute).  At a node that some target wants as
    its leaf, every target through it must end there (else the other cannot pass a leaf).  Otherwise
    the node draws its attribute uniformly from the unused ones (or with probability proportional
    to ``weights``, to show what happens when DD 3.5's uniform selection is violated); targets that
    do not contain it fail; the others go to the child of their value, and distinct children grow
    independently.
    """
    w = [Fraction(1)] * d if weights is None else [exact(x, "weights") for x in weights]
    if len(w) != d or any(x <= 0 for x in w):
        raise ValueError(f"weights: need {d} positive attribute weights")

    def grow(seq: tuple, members: tuple) -> Fraction:
        depth = len(seq)
        ending = [i for i in members if targets[i][1] == depth]
        if ending:
            if len(ending) != len(members):
                return Fraction(0)
            if ordered and any(seq[-1] != targets[i][2] for i in ending):
                return Fraction(0)
            return Fraction(1)
        total = Fraction(0)
        unused = [a for a in range(d) if a not in seq]
        for attr in unused:
            if any(attr not in targets[i][0] for i in members):
                continue
            groups: dict[int, list[int]] = {}
            for i in members:
                groups.setdefault(targets[i][0][attr], []).append(i)
            prob = Fraction(1)
            for group in groups.values():
                prob *= grow(seq + (attr,), tuple(group))
                if not prob:
                    break
            total += prob * w[attr]
        return total / sum(w[a] for a in unused)

    return grow((), tuple(range(len(targets))))


def enumerate_path_exists(d: int, path: Mapping[int, int], criterion: Any = "fixed",
                          weights: Optional[Sequence[Any]] = None) -> Fraction:
    """:func:`path_exists_probability` (DD 3.5, 3.6.2) by enumerating the tree-growing process.

    Parameters
    ----------
    d : int
        The number of attributes.
    path : mapping of int to int
        Attribute -> value along the path; with "purity"/"scarcity" its last key is the leaf's
        last attribute.
    criterion : {"fixed", "purity", "scarcity"}
        How the attributes are chosen: the path's set first, or its last attribute last.
    weights : sequence of exact numbers, optional
        Positive attribute weights of the random choice; uniform (DD 3.5) by default.

    Returns
    -------
    Fraction
        The probability, exact.

    See Also
    --------
    exactprune.rdt.coexistence.path_exists_probability : the closed form.

    Examples
    --------
    >>> enumerate_path_exists(5, {0: 1, 1: 0, 2: 1}, "scarcity")
    Fraction(1, 30)
    """
    d, items, ordered = check_path_arguments(d, path, criterion)
    return _enumerate(d, [(dict(items), len(items), items[-1][0])], ordered, weights)


def enumerate_coexistence(d: int, path1: Mapping[int, int], path2: Mapping[int, int],
                          criterion: Any = "fixed", weights: Optional[Sequence[Any]] = None) -> Fraction:
    """:func:`coexistence_probability` (DD App A, 3.6.2) by enumerating the tree-growing process.

    Parameters
    ----------
    d : int
        The number of attributes.
    path1, path2 : mapping of int to int
        The two paths (attribute -> value; the last key is each path's last attribute).
    criterion : {"fixed", "purity", "scarcity"}
        How the attributes are chosen: the path's set first, or its last attribute last.
    weights : sequence of exact numbers, optional
        Positive attribute weights of the random choice; uniform (DD 3.5) by default.

    Returns
    -------
    Fraction
        The probability, exact.

    See Also
    --------
    exactprune.rdt.coexistence.coexistence_probability : the closed form.

    Examples
    --------
    >>> enumerate_coexistence(3, {0: 0, 1: 0}, {0: 0, 1: 1}, "purity")
    Fraction(1, 6)
    """
    d, items1, items2, ordered = check_path_pair(d, path1, path2, criterion)
    targets = [(dict(items), len(items), items[-1][0]) for items in (items1, items2)]
    return _enumerate(d, targets, ordered, weights)
