"""Array helpers shared by the peers that run over :class:`~exactprune.tree.CountArrays`
(EBP, MEP, REP): sums over children, a tree's split tests as arrays, and routing of examples.

>>> import numpy as np
>>> from exactprune.tree import CountArrays
>>> a = CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array([1, 2]))
>>> child_sums(a, np.array([0]), np.array([0, 5, 7])).tolist()
[12]
"""
from __future__ import annotations

import math

from ..tree import CountArrays, Tree, _csr_gather, routing_threshold

__all__ = ["child_sums", "split_tests", "route"]


def child_sums(a: CountArrays, nodes, values):
    """For each internal node in ``nodes`` (an index array), the sum of ``values`` (indexed by
    node, any dtype numpy can add, object arrays of exact rationals included) over its children;
    one gather and one ``reduceat`` (every internal node has at least 2 children)."""
    import numpy as np
    arity = a.n_children[nodes]
    starts = np.zeros(len(nodes), dtype=np.int64)
    np.cumsum(arity[:-1], out=starts[1:])
    return np.add.reduceat(values[_csr_gather(a.offsets, a.indices, nodes)], starts, axis=0)


def split_tests(tree: Tree) -> tuple:
    """``(left, right, feature, threshold)`` arrays over ``tree.arrays()``' indices: the children
    of each split (-1 at a leaf) and its test ``x[feature] <= threshold`` (an exact integer
    threshold read through :func:`~exactprune.tree.routing_threshold`).  ValueError naming the
    first split that has no test or more than 2 children.

    >>> t = Tree.from_json('{"counts": [1, 1], "feature": 0, "threshold": 2, '
    ...                    '"children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    >>> [x.tolist() for x in split_tests(t)]
    [[1, -1, -1], [2, -1, -1], [0, -1, -1], [2.0, nan, nan]]
    >>> split_tests(Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}'))
    Traceback (most recent call last):
    ValueError: node root has no routing test (feature/threshold)
    """
    import numpy as np
    a = tree.arrays()
    routing = tree._routing
    n, internal = a.n_nodes, a.n_children != 0
    feature, threshold = np.full(n, -1, dtype=np.int64), np.full(n, math.nan)
    if routing is not None and routing[0] == "sklearn":
        feature[internal], threshold[internal] = routing[1][internal], routing[2][internal]
    elif routing is not None:
        for i in np.flatnonzero(internal).tolist():
            f, x = routing[2][i], routing[3][i]
            if f is not None and x is not None:
                feature[i], threshold[i] = f, routing_threshold(x)
    bad = np.flatnonzero(internal & ((feature < 0) | (a.n_children != 2)))
    if bad.size:
        raise ValueError(f"node {a.name(int(bad[0]))} has no routing test (feature/threshold)")
    left, right = np.full(n, -1, dtype=np.int64), np.full(n, -1, dtype=np.int64)
    left[internal], right[internal] = a.indices[a.offsets[:-1][internal]], a.indices[a.offsets[:-1][internal] + 1]
    return left, right, feature, threshold


def route(tests: tuple, X, rows, start: int):
    """The leaf reached by each example ``X[rows]`` from node ``start`` down the binary
    structure ``tests = (left, right, feature, threshold)`` (as :func:`split_tests` returns;
    ``x[feature] <= threshold`` goes left): one vectorized step per level."""
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
