"""exactprune.tree.array_names: the names of the count arrays' nodes, all at once or a few, and
the node of a name."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from exactprune.tree import iris_tree, node_name
from random_trees import count_trees
from tree_cases import renumbered


def test_names_returned_are_a_copy():
    a = iris_tree().arrays()
    names = a.names()
    names[0] = "spoiled"
    assert a.names()[0] == "root" and a.name(0) == "root"


@given(count_trees(max_depth=4, max_children=4), st.randoms(use_true_random=False))
def test_a_few_names_and_the_index_of_a_name_on_arrays_in_any_parent_first_order(tree, rnd):
    """Arrays numbered in a random parent-first order: names_of (a few nodes, none kept) and names
    (all) give each node the name of its path in the node view, spelled by node_name here; index
    reads each name back, and a name of no node is a KeyError."""
    arrays, nodes = renumbered(tree, rnd)
    path = {id(tree.root): []}
    for node in tree.nodes():
        for i, child in enumerate(node.children, start=1):
            path[id(child)] = path[id(node)] + [i]
    expected = [node_name(path[id(n)]) for n in nodes]
    asked = [rnd.randrange(len(nodes)) for _ in range(3)]
    assert arrays.names_of(asked) == [expected[i] for i in asked]
    assert not {"names", "rank"} & arrays.cached_keys()            # made for the call only
    assert arrays.names() == expected and [arrays.index(name) for name in expected] == list(range(len(nodes)))
    with pytest.raises(KeyError):
        arrays.index(node_name(path[id(tree.root)] + [9]))
