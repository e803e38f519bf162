"""exactprune.tree.csr: the breadth-first walk, the CSR gather and the index dtype."""
from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st

from exactprune.tree.csr import breadth_first, csr_gather, index_dtype
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


def test_index_dtype_is_int32_through_2_to_the_31_minus_1_and_int64_from_2_to_the_31():
    """A signed 32-bit integer holds -2^31 .. 2^31 - 1 = 2,147,483,647 (two's complement, by
    hand): int32 exactly while the largest index is at most that, int64 from 2^31 = 2,147,483,648
    (and beyond 2^32, where an unsigned-32 or 3^31-style bound would still say int32); each
    largest value survives the round trip through an array of the dtype chosen."""
    for largest, expected in [(0, np.int32), (1, np.int32), (2_147_483_647, np.int32),
                              (2_147_483_648, np.int64), (4_294_967_296, np.int64), (3 ** 31, np.int64)]:
        dtype = index_dtype(largest)
        assert dtype == np.dtype(expected), (largest, dtype)
        assert int(np.array([largest], dtype=dtype)[0]) == largest


def test_breadth_first_on_hand_made_binary_ternary_and_cyclic_csr_arrays():
    """Orders worked out by hand.  Binary (the pairs path): 0 -> (2, 1), 1 -> (3, 4), 3 -> (5, 6),
    so the levels are [0], [2, 1], [3, 4], [5, 6] (1's children sit in the second pair row, 3's in
    the third).  Ternary with two splits, 6 = 3 x 2 child indices (not pairs): 0 -> (1, 2, 3),
    1 -> (4, 5, 6).  A cycle 0 -> 1 -> 0 (not a tree): the walk stops after the two nodes
    rather than going round.  And csr_gather on raw CSR arrays where a node has one child."""
    order, starts = breadth_first(np.array([0, 2, 4, 4, 6, 6, 6, 6]), np.array([2, 1, 3, 4, 5, 6]))
    assert (order.tolist(), starts.tolist()) == ([0, 2, 1, 3, 4, 5, 6], [0, 1, 3, 5, 7])
    order, starts = breadth_first(np.array([0, 3, 6, 6, 6, 6, 6, 6]), np.array([1, 2, 3, 4, 5, 6]))
    assert (order.tolist(), starts.tolist()) == ([0, 1, 2, 3, 4, 5, 6], [0, 1, 4, 7])
    order, starts = breadth_first(np.array([0, 1, 2]), np.array([1, 0]))
    assert (order.tolist(), starts.tolist()) == ([0, 1], [0, 1, 2])
    assert csr_gather(np.array([0, 1, 1]), np.array([1]), np.array([0])).tolist() == [1]
