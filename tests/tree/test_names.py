"""Zhong's positional node names (exactprune.tree.names): the documented rule, reading back, refusals."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from exactprune import Node, Tree
from exactprune.tree import ancestor_names, child_name, name_path, node_name
from tree_cases import spelled


def test_names_of_a_wide_tree_are_distinct_and_read_back():
    # the root has 11 children; c1 and the 10th child have 2 children each.  Without a marker the
    # root's 11th child and c1's first child would both be "c11".
    children = [Node((1, 0)) for _ in range(11)]
    children[0] = Node((1, 1), [Node((1, 0)), Node((0, 1))])
    children[9] = Node((1, 1), [Node((1, 0)), Node((0, 1))])
    tree = Tree(Node((11, 2), children))
    names = [node.name for node in tree.nodes()]
    assert len(set(names)) == len(names) == 1 + 11 + 4
    assert tree.root.children[0].children[0].name == "c11" and tree.root.children[10].name == "c.11"
    assert tree.root.children[9].children[1].name == "c.10.2"

    def paths(node, path):
        yield node, path
        for i, child in enumerate(node.children, start=1):
            yield from paths(child, path + [i])
    for node, path in paths(tree.root, []):
        assert node_name(path) == node.name and name_path(node.name) == path
        assert ancestor_names(node.name) == [node_name(path[:i]) for i in range(len(path))]
    assert child_name("c21", 10) == "c2.1.10" and child_name("c2.1.10", 3) == "c2.1.10.3"
    with pytest.raises(ValueError, match="not a node name"):
        name_path("c1.0")

def _wide_trees(max_depth=3):
    """Count trees whose nodes have 2, 3, 10, 11 or 12 children (dotted names at every level)."""
    def grow(depth):
        leaf = st.integers(1, 3).map(lambda c: Node((c, 1)))
        if depth == 0:
            return leaf
        kids = st.sampled_from([2, 3, 10, 11, 12]).flatmap(lambda k: st.lists(grow(depth - 1), min_size=k, max_size=k))
        inner = kids.map(lambda cs: Node(tuple(map(sum, zip(*(c.counts for c in cs)))), cs))
        return st.one_of(leaf, inner)
    return grow(max_depth).map(Tree)

def _paths(node, path=()):
    yield node, list(path)
    for i, child in enumerate(node.children, start=1):
        yield from _paths(child, path + (i,))

@given(_wide_trees())
def test_every_name_of_the_arrays_and_the_nodes_follows_the_documented_rule(tree):
    written = {id(node): spelled(path) for node, path in _paths(tree.root)}
    a = tree.arrays()
    nodes = tree.nodes()                                       # pre-order: row i of the arrays
    assert [node.name for node in nodes] == [written[id(n)] for n in nodes] == a.names()
    rnd_order = list(range(a.n_nodes))[::-1]
    assert a.names_of(rnd_order) == [written[id(nodes[i])] for i in rnd_order]
    assert [a.name(i) for i in range(a.n_nodes)] == a.names()
    for node, path in _paths(tree.root):
        assert name_path(node.name) == path and node_name(path) == node.name
    assert Tree.from_arrays(a).to_json() == tree.to_json()    # the node view of the arrays: same names

@pytest.mark.parametrize("text", ["c1.2", "c12.3", "c.5", "c.1.10", "c01", "c1.010", "c", "x1", "c1..10"])
def test_name_path_refuses_any_other_spelling(text):
    with pytest.raises(ValueError, match="not a node name"):
        name_path(text)
