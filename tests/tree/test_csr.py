"""exactprune.tree.csr: the breadth-first walk and the CSR gather."""
from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st

from exactprune.tree.csr import csr_gather
from random_trees import count_trees
from tree_cases import renumbered


@given(count_trees(max_depth=4, max_children=4), st.randoms(use_true_random=False))
def test_breadth_first_lists_each_level_of_the_node_walk_and_its_children_in_turn(tree, rnd):
    """CountArrays.breadth_first against the level-by-level walk of the node view (each level the
    children of the previous one in order), on arrays numbered in a random parent-first order;
    split_positions are the positions of splits_bottom_up's nodes, deepest level first."""
    arrays, nodes = renumbered(tree, rnd)
    index = {id(n): i for i, n in enumerate(nodes)}
    level, walk, starts = [tree.root], [], [0]
    while level:
        walk += [index[id(n)] for n in level]
        starts.append(len(walk))
        level = [c for n in level for c in n.children]
    order, got_starts = arrays.breadth_first()
    assert order.tolist() == walk and got_starts.tolist() == starts
    kids = [index[id(c)] for i in walk for c in nodes[i].children]       # children of the splits, in order
    assert order[1:].tolist() == kids
    assert [order[p].tolist() for p in arrays.split_positions()] == [s.tolist() for s in arrays.splits_bottom_up()]
    assert [level.tolist() for level in arrays.levels()] == [walk[a:b] for a, b in zip(starts, starts[1:])]


@given(count_trees(max_depth=4, max_children=4), st.randoms(use_true_random=False))
def test_csr_gather_concatenates_the_children_of_the_nodes_asked_in_their_order(tree, rnd):
    arrays, nodes = renumbered(tree, rnd)
    asked = [rnd.randrange(len(nodes)) for _ in range(rnd.randint(0, 6))]
    index = {id(n): i for i, n in enumerate(nodes)}
    expected = [index[id(c)] for i in asked for c in nodes[i].children]
    assert csr_gather(arrays.offsets, arrays.indices, np.array(asked, dtype=np.int64)).tolist() == expected
