"""exactprune.tree.arrays: CountArrays' derived arrays against the node view."""
from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st

from random_trees import count_trees


@given(count_trees(max_depth=4, max_children=4))
def test_preorder_and_subtree_sizes_of_a_breadth_first_numbering(tree):
    """The same tree numbered breadth-first: ``preorder`` gives back each node's position in the
    recursive pre-order walk of the node view, ``subtree_sizes`` the number of nodes it walks."""
    from exactprune.tree import CountArrays

    def walk(node):
        yield node
        for child in node.children:
            yield from walk(child)

    nodes = list(walk(tree.root))
    level, bfs = [tree.root], []
    while level:
        bfs += level
        level = [c for n in level for c in n.children]
    new = {id(n): k for k, n in enumerate(bfs)}
    children = [[new[id(c)] for c in n.children] for n in bfs]
    arrays = CountArrays(np.array([list(n.counts) for n in bfs]),
                         np.cumsum([0] + [len(c) for c in children]), np.array(sum(children, []), dtype=np.int64))
    assert arrays.preorder.tolist() == [nodes.index(n) for n in bfs]
    assert arrays.subtree_sizes.tolist() == [len(list(walk(n))) for n in bfs]

@given(count_trees(max_depth=4, max_children=4), st.randoms(use_true_random=False))
def test_child_sums_add_each_split_s_children_as_the_node_view_does(tree, rnd):
    from fractions import Fraction
    a, nodes = tree.arrays(), tree.nodes()                  # pre-order: node i is arrays' row i
    splits = np.array([i for i, n in enumerate(nodes) if n.children], dtype=np.int64)
    if not splits.size:
        return
    assert a.child_sums(splits, a.counts).tolist() == [list(nodes[i].counts) for i in splits]   # counts add up
    values = [Fraction(rnd.randint(-9, 9), rnd.randint(1, 9)) for _ in nodes]
    position = {id(n): i for i, n in enumerate(nodes)}
    expected = [sum(values[position[id(c)]] for c in nodes[i].children) for i in splits]
    assert a.child_sums(splits, np.array(values, dtype=object)).tolist() == expected


@given(count_trees(max_depth=4, max_children=4), st.randoms(use_true_random=False))
def test_sums_from_leaves_give_each_node_the_sum_over_the_leaves_below_it(tree, rnd):
    """Random integers on the leaves (junk on the splits, which must be overwritten): every node
    ends with the sum over the leaves the node view walks below it."""
    a, nodes = tree.arrays(), tree.nodes()                  # pre-order: node i is arrays' row i

    def leaves_below(node):
        return [node] if not node.children else [leaf for c in node.children for leaf in leaves_below(c)]

    position = {id(n): i for i, n in enumerate(nodes)}
    values = np.array([rnd.randint(-50, 50) for _ in nodes], dtype=np.int64)
    expected = [sum(int(values[position[id(leaf)]]) for leaf in leaves_below(n)) for n in nodes]
    values[[i for i, n in enumerate(nodes) if n.children]] = 10 ** 6        # never read
    assert a.sums_from_leaves(values).tolist() == expected
