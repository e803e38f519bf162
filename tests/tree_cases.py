"""Helpers shared by the tests of exactprune.tree (tests/tree/): a tree's node rows, and its arrays
renumbered in a random parent-first order."""
from __future__ import annotations

import numpy as np


def node_rows(tree) -> list:
    """Per node in pre-order: name, counts, number of children, split text, feature, threshold."""
    return [(n.name, n.counts, len(n.children), n.split, n.feature, n.threshold) for n in tree.nodes()]


def renumbered(tree, rnd) -> tuple:
    """The arrays of ``tree`` with its nodes numbered in a random order that keeps every parent
    before its children (a random topological order), and the node of each new index."""
    from exactprune.tree import CountArrays
    nodes, ready = [], [tree.root]
    while ready:
        nodes.append(ready.pop(rnd.randrange(len(ready))))
        ready += nodes[-1].children
    new = {id(n): i for i, n in enumerate(nodes)}
    children = [[new[id(c)] for c in n.children] for n in nodes]
    offsets = np.cumsum([0] + [len(c) for c in children])
    return CountArrays(np.array([list(n.counts) for n in nodes]), offsets,
                       np.array(sum(children, []), dtype=np.int64)), nodes


def spelled(path) -> str:
    """The naming rule of docs/architecture.md ("Node names"), written out here on its own: digits
    after ``c`` while every index is at most 9, else all indices joined by dots, with a dot after
    the ``c`` when the first index is 10 or more."""
    if not path:
        return "root"
    if all(i <= 9 for i in path):
        return "c" + "".join(map(str, path))
    return "c" + ("." if path[0] >= 10 else "") + ".".join(map(str, path))


def threshold_tree(threshold) -> str:
    import json
    return json.dumps({"counts": [1, 1], "feature": 0, "threshold": threshold,
                       "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]})
