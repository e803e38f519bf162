"""exactprune.tree.prunings: every pruning enumerated, and pruned copies by the names collapsed."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from exactprune.tree import Tree, all_pruning_leaves, all_prunings, as_tree, copy_with_leaves, kept_from_collapsed
from random_trees import count_trees


def _count_prunings(node):
    """The number of prunings, by the recursion 1 + prod over the children (a leaf: 1)."""
    if not node.children:
        return 1
    product = 1
    for child in node.children:
        product *= _count_prunings(child)
    return 1 + product


def test_the_prunings_of_a_three_split_tree_by_hand():
    """root -> c1 (split into c11, c12), c2 (split into c21, c22): the root alone, or the root kept
    with each child pruned or not: 1 + 2 x 2 = 5 prunings."""
    t = Tree.from_dict({"counts": [2, 2], "children": [
        {"counts": [2, 0], "children": [{"counts": [1, 0]}, {"counts": [1, 0]}]},
        {"counts": [0, 2], "children": [{"counts": [0, 1]}, {"counts": [0, 1]}]}]})
    assert sorted(sorted(p) for p in all_prunings(t.root)) == [
        [], ["c1", "c2", "root"], ["c1", "root"], ["c2", "root"], ["root"]]
    assert sorted(sorted(p) for p in all_pruning_leaves(t)) == [
        ["c1", "c2"], ["c1", "c21", "c22"], ["c11", "c12", "c2"], ["c11", "c12", "c21", "c22"], ["root"]]
    assert len(all_prunings(t.root, limit=5)) == 5
    with pytest.raises(ValueError, match="more than 4 prunings"):          # 5 > 4 (until issue 34: not refused)
        all_prunings(t.root, limit=4)


@given(count_trees(max_depth=4, max_children=3), st.randoms(use_true_random=False))
def test_copy_with_leaves_keeps_the_splits_above_the_collapsed_names(tree, rnd):
    """As many prunings as the recursion counts; copying with a random set of names collapsed keeps
    exactly the splits none of whose ancestors-or-self is collapsed, and kept_from_collapsed says so."""
    assert len(all_prunings(tree.root)) == _count_prunings(tree.root)
    splits = [n for n in tree.nodes() if n.children]
    collapsed = {n.name for n in splits if rnd.random() < 0.3}
    reached, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        reached.append(node.name)
        if node.name not in collapsed:
            stack.extend(node.children)
    small = copy_with_leaves(tree, collapsed)
    assert sorted(n.name for n in small.nodes()) == sorted(reached)
    assert {n.name for n in small.nodes() if n.children} == {n for n in reached if n not in collapsed} & {s.name for s in splits}
    kept = kept_from_collapsed(tree.arrays(), collapsed)
    names = tree.arrays().names()
    assert {names[i] for i in np.flatnonzero(kept)} == {s.name for s in splits} - collapsed


def test_as_tree_takes_a_tree_or_its_root_and_refuses_other_things():
    t = Tree.from_dict({"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]})
    assert as_tree(t) is t and as_tree(t.root).to_json() == t.to_json()
    with pytest.raises(TypeError):
        as_tree([1, 1])
    with pytest.raises(KeyError):
        copy_with_leaves(t, {"c3"})
