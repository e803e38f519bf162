"""Minimum-size pruning (exactprune.peers.min_size): the DP against enumeration of all prunings."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from exactprune.peers.min_size import min_size_pruning, min_size_table
from exactprune.tree import all_pruning_leaves, iris_tree
from random_trees import count_trees


def _size(tree, leaves):
    return sum(1 for n in tree.root.walk() if not any(
        n.name != l and _is_ancestor(l, n.name, tree) for l in leaves))


def _is_ancestor(a, b, tree):
    node = tree.node(a)
    return any(x.name == b for x in node.walk()) and a != b


@settings(max_examples=80, deadline=None)
@given(count_trees(max_depth=3))
def test_min_size_dp_matches_enumeration(tree):
    options = all_pruning_leaves(tree)
    info = []
    for o in options:
        err = sum(tree.node(n).errors for n in o)
        info.append((err, _size(tree, o)))
    table = min_size_table(tree)["root"]
    for e, s in enumerate(table):
        feasible = [size for err, size in info if err <= e]
        assert s == (min(feasible) if feasible else float("inf"))
        if feasible:
            t = min_size_pruning(tree, e)
            assert sum(l.errors for l in t.leaves()) <= e
            assert len(t.nodes()) == s


def test_min_size_refuses_impossible_budget():
    with pytest.raises(ValueError, match="full tree makes 1"):
        min_size_pruning(iris_tree(), 0)
