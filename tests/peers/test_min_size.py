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
    d, tree = srm_pruning(t)
    assert d == 0 and tree.n_leaves == 5


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
