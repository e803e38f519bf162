"""Mutants of exactprune.peers.min_size that its own tests let through: the SRM choice (not
reached by any test before), an explicit error budget above the root's errors, the exact
lengths of the DP's lists and the argument names.

The tree: root (7, 5) -> c1 (6, 1) -> (6, 0), (0, 1); c2 (1, 4); m = 12.  Its prunings, by
hand: the root alone (1 node, 5 errors), c1 and c2 as leaves (3 nodes, 2 errors), the full
tree (5 nodes, 1 error)."""
import pytest

from exactprune.peers.min_size import min_size_pruning, min_size_table, srm_pruning
from exactprune.tree import Tree

TREE = ('{"counts": [7, 5], "children": [{"counts": [6, 1], "children": [{"counts": [6, 0]}, '
        '{"counts": [0, 1]}]}, {"counts": [1, 4]}]}')
INF = float("inf")


def leaves(tree):
    return sorted(leaf.name for leaf in tree.leaves())


def test_table_by_hand():
    t = Tree.from_json(TREE)
    table = min_size_table(t)
    assert table["root"] == [INF, 5, 3, 3, 3, 1]
    assert table["c1"] == [3, 1, 1, 1, 1, 1] and table["c2"] == [INF, 1, 1, 1, 1, 1]
    assert min_size_table(t, 2) == {"root": [INF, 5, 3], "c1": [3, 1, 1], "c11": [1, 1, 1],
                                    "c12": [1, 1, 1], "c2": [INF, 1, 1]}
    with pytest.raises(ValueError, match=r"^max_errors must be a non-negative integer"):
        min_size_table(t, -1)


def test_pruning_with_any_budget():
    t = Tree.from_json(TREE)
    assert leaves(min_size_pruning(t, 1)) == ["c11", "c12", "c2"]
    assert leaves(min_size_pruning(t, 3)) == ["c1", "c2"]
    assert leaves(min_size_pruning(t, 7)) == ["root"]          # a budget above the root's 5 errors
    with pytest.raises(ValueError, match=r"^max_errors must be a non-negative integer"):
        min_size_pruning(t, -1)


def test_srm_choice_by_hand():
    """error + sqrt(nodes / m): d = 1: 1/12 + sqrt(5/12) = 0.729; d = 2, 3, 4 (one tree): 2/12 +
    sqrt(3/12) = 2/3 exactly; d = 5: 5/12 + sqrt(1/12) = 0.705.  The first of the tied d wins."""
    d, tree = srm_pruning(Tree.from_json(TREE))
    assert d == 2 and leaves(tree) == ["c1", "c2"]


def test_srm_prefers_the_full_tree_when_it_is_cheap():
    """Root (50, 50) -> (50, 0), (0, 50), m = 100: d = 0..49: 0 + sqrt(3/100) = 0.173 (the full
    tree, first at d = 0); d = 50: 1/2 + sqrt(1/100) = 0.6."""
    t = Tree.from_json('{"counts": [50, 50], "children": [{"counts": [50, 0]}, {"counts": [0, 50]}]}')
    d, tree = srm_pruning(t)
    assert d == 0 and leaves(tree) == ["c1", "c2"]


def test_srm_keeps_the_first_of_two_exactly_tied_prunings():
    """A caterpillar, root (8, 8), each split peeling off (0, 2); m = 16.  The full tree (9 nodes,
    0 errors) scores 0 + sqrt(9/16) = 3/4, the root alone 8/16 + sqrt(1/16) = 3/4: an exact tie
    (the arb balls are exact), kept as the first (d = 0).  In between: 6/16 + sqrt(3)/4 = 0.808,
    4/16 + sqrt(5)/4 = 0.809, 2/16 + sqrt(7)/4 = 0.786."""
    t = Tree.from_json('{"counts": [8, 8], "children": [{"counts": [8, 6], "children": [{"counts": [8, 4], '
                       '"children": [{"counts": [8, 2], "children": [{"counts": [8, 0]}, {"counts": [0, 2]}]}, '
                       '{"counts": [0, 2]}]}, {"counts": [0, 2]}]}, {"counts": [0, 2]}]}')
    assert min_size_table(t)["root"] == [9, 9, 7, 7, 5, 5, 3, 3, 1]
    d, tree = srm_pruning(t)
    assert d == 0 and tree.n_leaves == 5
