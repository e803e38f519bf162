"""Minimum-size pruning (exactprune.peers.min_size): the DP against enumeration of all prunings.

The tests written to kill mutants (scripts/mutation.py, docs/mutation.md; formerly
tests/mutation/test_mutants_min_size.py) sit with the tests of the function they check. Mutants of
exactprune.peers.min_size that its own tests let through: the SRM choice (not reached by any test
before), an explicit error budget above the root's errors, the exact lengths of the DP's lists and
the argument names."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from exactprune.peers.min_size import min_size_pruning, min_size_table, srm_pruning
from exactprune.tree import Tree, all_pruning_leaves, iris_tree
from random_trees import count_trees


# -- the table of least sizes by error budget --------------------------------------------------

def _is_ancestor(a, b, tree):
    node = tree.node(a)
    return any(x.name == b for x in node.walk()) and a != b


def leaves(result):
    return sorted(leaf.name for leaf in result.tree.leaves())


def _size(tree, leaves):
    return sum(1 for n in tree.root.walk() if not any(
        n.name != l and _is_ancestor(l, n.name, tree) for l in leaves))


# In the slow set (it calls min_size_pruning once per budget on up to 80 random trees: 2-15 s):
# the fast set checks the same table and pruning against every pruning on random trees
# (tests/test_pruner_api.py::test_srm_result_is_the_minimum_size_pruning_of_its_budget, at SRM's
# budget) and by hand (test_table_by_hand: the table at every budget; test_pruning_with_any_budget).
@pytest.mark.slow
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
            t = min_size_pruning(tree, max_errors=e).tree
            assert sum(l.errors for l in t.leaves()) <= e
            assert len(t.nodes()) == s


INF = float("inf")


# The tree: root (7, 5) -> c1 (6, 1) -> (6, 0), (0, 1); c2 (1, 4); m = 12.  Its prunings, by
# hand: the root alone (1 node, 5 errors), c1 and c2 as leaves (3 nodes, 2 errors), the full
# tree (5 nodes, 1 error).
TREE = ('{"counts": [7, 5], "children": [{"counts": [6, 1], "children": [{"counts": [6, 0]}, '
        '{"counts": [0, 1]}]}, {"counts": [1, 4]}]}')


def test_table_by_hand():
    t = Tree.from_json(TREE)
    table = min_size_table(t)
    assert table["root"] == [INF, 5, 3, 3, 3, 1]
    assert table["c1"] == [3, 1, 1, 1, 1, 1] and table["c2"] == [INF, 1, 1, 1, 1, 1]
    assert min_size_table(t, 2) == {"root": [INF, 5, 3], "c1": [3, 1, 1], "c11": [1, 1, 1],
                                    "c12": [1, 1, 1], "c2": [INF, 1, 1]}
    with pytest.raises(ValueError, match=r"^max_errors must be a non-negative integer"):
        min_size_table(t, -1)


def test_min_size_refuses_impossible_budget():
    with pytest.raises(ValueError, match="full tree makes 1"):
        min_size_pruning(iris_tree(), max_errors=0)


def test_pruning_with_any_budget():
    t = Tree.from_json(TREE)
    assert leaves(min_size_pruning(t, max_errors=1)) == ["c11", "c12", "c2"]
    assert leaves(min_size_pruning(t, max_errors=3)) == ["c1", "c2"]
    assert leaves(min_size_pruning(t, max_errors=7)) == ["root"]          # a budget above the root's 5 errors
    with pytest.raises(ValueError, match=r"^max_errors must be a non-negative integer"):
        min_size_pruning(t, max_errors=-1)


# -- the SRM choice ----------------------------------------------------------------------------

def test_srm_exact_tie_with_non_dyadic_m_goes_to_the_exact_route():
    """A caterpillar, root (24, 12), each split peeling off (0, 3); m = 36.  The full tree (9 nodes,
    0 errors) scores sqrt(9/36) = 1/2 and the root alone 12/36 + sqrt(1/36) = 1/2: an exact tie
    that no arb ball settles (1/36 is not a binary fraction; the old arb-only choice raised
    CertificationError), decided by squaring; the first
    (d = 0) is kept.  In between: 3/36 + sqrt(7/36) = 0.524, 6/36 + sqrt(5/36) = 0.539,
    9/36 + sqrt(3/36) = 0.539."""
    from exactprune.peers.min_size import srm_pruning
    from exactprune.tree import Tree
    t = Tree.from_json('{"counts": [24, 12], "children": [{"counts": [24, 9], "children": [{"counts": [24, 6], '
                       '"children": [{"counts": [24, 3], "children": [{"counts": [24, 0]}, {"counts": [0, 3]}]}, '
                       '{"counts": [0, 3]}]}, {"counts": [0, 3]}]}, {"counts": [0, 3]}]}')
    assert min_size_table(t)["root"] == [9, 9, 9, 7, 7, 7, 5, 5, 5, 3, 3, 3, 1]
    result = srm_pruning(t)
    assert result.d == 0 and result.tree.n_leaves == 5


@pytest.mark.parametrize("d, p, q, sign", [
    ("-1/3", "1/4", "1/36", 0),      # -1/3 + 1/2 - 1/6
    ("-1/2", "2", "0", 1),           # sqrt 2 = 1.414 > 1/2
    ("-2", "2", "0", -1),            # 1.414 < 2
    ("1/2", "0", "1", -1),           # 1/2 - 1
    ("1", "0", "1", 0),              # 1 - 1: r = 1 - 0 - 1 = 0 and pq = 0
    ("1/3", "1/9", "1/4", 1 if 1 / 3 + 1 / 3 - 1 / 2 > 0 else -1),
    ("0", "1/9", "1/9", 0),
    ("0", "2", "3", -1),
    ("1/10", "2", "2", 1),
    ("-1/10", "3", "2", 1),          # sqrt 3 - sqrt 2 = 0.318 > 0.1
    ("-4/10", "3", "2", -1),         # 0.318 < 0.4
    ("-1", "1/4", "0", -1),          # 1/2 < 1: r = 3/4 in (0, 1), pq = 0
    ("-1", "1", "0", 0),             # 1 - 1: r = 0, q = 0
    ("-1", "3/4", "1/4", -1),        # 0.866 - 0.5 = 0.366 < 1: r = 0, pq = 3/16
    ("-2", "3", "1/4", -1),          # 1.732 - 0.5 = 1.232 < 2: r = 3/4 = pq
    ("1", "4", "1", 1),              # 1 + 2 - 1
    ("-1", "1", "4", -1),            # -1 + 1 - 2
])
def test_sqrt_difference_sign_by_hand(d, p, q, sign):
    """sign(d + sqrt(p) - sqrt(q)) worked out by hand (decimal values in the comments)."""
    from fractions import Fraction
    from exactprune.peers.min_size import _sqrt_difference_sign
    assert _sqrt_difference_sign(Fraction(d), Fraction(p), Fraction(q)) == sign


def test_srm_choice_by_hand():
    """error + sqrt(nodes / m): d = 1: 1/12 + sqrt(5/12) = 0.729; d = 2, 3, 4 (one tree): 2/12 +
    sqrt(3/12) = 2/3 exactly; d = 5: 5/12 + sqrt(1/12) = 0.705.  The first of the tied d wins."""
    result = srm_pruning(Tree.from_json(TREE))
    assert result.d == 2 and leaves(result) == ["c1", "c2"]


def test_srm_prefers_the_full_tree_when_it_is_cheap():
    """Root (50, 50) -> (50, 0), (0, 50), m = 100: d = 0..49: 0 + sqrt(3/100) = 0.173 (the full
    tree, first at d = 0); d = 50: 1/2 + sqrt(1/100) = 0.6."""
    t = Tree.from_json('{"counts": [50, 50], "children": [{"counts": [50, 0]}, {"counts": [0, 50]}]}')
    result = srm_pruning(t)
    assert result.d == 0 and leaves(result) == ["c1", "c2"]


def test_srm_keeps_the_first_of_two_exactly_tied_prunings():
    """A caterpillar, root (8, 8), each split peeling off (0, 2); m = 16.  The full tree (9 nodes,
    0 errors) scores 0 + sqrt(9/16) = 3/4, the root alone 8/16 + sqrt(1/16) = 3/4: an exact tie
    (the arb balls are exact), kept as the first (d = 0).  In between: 6/16 + sqrt(3)/4 = 0.808,
    4/16 + sqrt(5)/4 = 0.809, 2/16 + sqrt(7)/4 = 0.786."""
    t = Tree.from_json('{"counts": [8, 8], "children": [{"counts": [8, 6], "children": [{"counts": [8, 4], '
                       '"children": [{"counts": [8, 2], "children": [{"counts": [8, 0]}, {"counts": [0, 2]}]}, '
                       '{"counts": [0, 2]}]}, {"counts": [0, 2]}]}, {"counts": [0, 2]}]}')
    assert min_size_table(t)["root"] == [9, 9, 7, 7, 5, 5, 3, 3, 1]
    result = srm_pruning(t)
    assert result.d == 0 and result.tree.n_leaves == 5
