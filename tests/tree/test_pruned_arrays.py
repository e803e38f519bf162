"""exactprune.tree.pruned_arrays: the remaining nodes and the arrays of a pruned tree."""
from __future__ import annotations

import numpy as np
from hypothesis import given, strategies as st

from random_trees import count_trees
from tree_cases import renumbered


@given(count_trees(max_depth=4, max_children=3), st.randoms(use_true_random=False))
def test_subtree_mask_and_pruned_match_the_node_walk_of_the_kept_splits(tree, rnd):
    """subtree_mask (by breadth-first position) keeps exactly the nodes the node view reaches
    through kept splits; pruned renumbers them in index order with their children."""
    arrays, nodes = renumbered(tree, rnd)
    kept = np.array([rnd.random() < 0.6 for _ in nodes])
    index = {id(n): i for i, n in enumerate(nodes)}
    reached, stack = set(), [tree.root]
    while stack:
        node = stack.pop()
        reached.add(index[id(node)])
        if kept[index[id(node)]]:
            stack += node.children
    assert np.flatnonzero(arrays.subtree_mask(kept)).tolist() == sorted(reached)
    small, old = arrays.pruned(kept)
    assert old.tolist() == sorted(reached)
    new = {o: i for i, o in enumerate(old.tolist())}
    for i, o in enumerate(old.tolist()):
        want = [new[index[id(c)]] for c in nodes[o].children] if kept[o] else []
        assert small.children_of(i) == want
        assert small.counts[i].tolist() == list(nodes[o].counts)
    # given the remaining nodes, the same arrays; cut: the remaining splits of the node view not kept
    mask = np.zeros(len(nodes), dtype=bool)
    mask[sorted(reached)] = True
    given_mask, old_given, cut = arrays.pruned_with_cut(kept, mask)
    assert old_given.tolist() == old.tolist()
    assert [given_mask.children_of(i) for i in range(len(old))] == [small.children_of(i) for i in range(len(old))]
    assert cut.tolist() == [bool(nodes[o].children) and not kept[o] for o in old.tolist()]
    assert arrays.child_counts().tolist() == [len(n.children) for n in nodes]
    assert "n_children" not in arrays.cached_keys()         # made for the caller only
