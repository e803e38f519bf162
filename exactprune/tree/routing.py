"""Routing inputs down a count tree: ``x[feature] <= threshold`` goes to the first child.

:func:`routing_threshold` turns an exact threshold (an int or a Fraction of any size) into the
float64 that routes every float input the same way; :func:`route` sends many rows down the
binary split arrays of :meth:`exactprune.tree.Tree.split_tests` at once.
"""
from __future__ import annotations

import math
import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    import numpy as np

__all__ = ["routing_threshold", "route"]


def routing_threshold(threshold: Union[int, float, Fraction]) -> float:
    """The largest float64 that is <= ``threshold``: for every float x, ``x <= threshold`` exactly
    when ``x <= routing_threshold(threshold)``, so numpy can route by an exact (int or Fraction)
    threshold of any size without rounding or overflow.

    >>> routing_threshold(0.5), routing_threshold(2 ** 53 + 1) == 2.0 ** 53, routing_threshold(-10 ** 400)
    (0.5, True, -inf)
    >>> routing_threshold(10 ** 400) == sys.float_info.max, routing_threshold(Fraction(1, 3)) < Fraction(1, 3)
    (True, True)
    """
    if isinstance(threshold, float):
        return threshold
    try:
        value = float(threshold)
    except OverflowError:
        return sys.float_info.max if threshold > 0 else -math.inf
    return math.nextafter(value, -math.inf) if value > threshold else value


def route(tests: tuple, X: "np.ndarray", rows: "np.ndarray", start: int) -> "np.ndarray":
    """The leaf reached by each example ``X[rows]`` from node ``start`` down the binary
    structure ``tests = (left, right, feature, threshold)`` (as :meth:`Tree.split_tests
    <exactprune.tree.Tree.split_tests>` returns; ``x[feature] <= threshold`` goes left): one
    vectorized step per level.

    >>> import numpy as np
    >>> from exactprune.tree import Tree
    >>> t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 2, '
    ...                    '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    >>> route(t.split_tests(), np.array([[2.0], [3.0], [-1.0]]), np.array([0, 1, 2]), 0).tolist()
    [1, 2, 1]
    """
    import numpy as np
    left, right, feature, threshold = tests
    node = np.full(len(rows), start, dtype=np.int64)
    active = np.flatnonzero(left[node] >= 0)
    while active.size:
        at = node[active]
        go_left = X[rows[active], feature[at]] <= threshold[at]
        node[active] = np.where(go_left, left[at], right[at])
        active = active[left[node[active]] >= 0]
    return node
