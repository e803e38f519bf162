"""exactprune.knorm.prune_many: PruneTree at many orders in one float pass.

Every row must equal ``prune(tree, k).kept_splits`` (epsilon 0) - checked against a loop of single
prunes over random trees, weighted counts, trees of any arity and the orders where the float
filter changes its images or stops (GAMMA_IMAGE_FROM, EXACT_K_LIMIT, 2**53) - and against a brute
force over every pruning in exact Fractions written here (the leaf moments from
:func:`~exactprune.knorm.leaf_moment`, the child weights (4.11) by hand), which shares no code with
the pass.  A column whose float filter declines a decision (an exact tie at a breakpoint) is
decided whole by the one-order route, which its routes show.
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

from exactprune import Node, Prior, Tree
from exactprune.knorm import EXACT_K_LIMIT, GAMMA_IMAGE_FROM, leaf_moment, prune, prune_many
from random_trees import count_trees, fractional_count_trees

#: the orders where the float filter changes: its images (loop / log-Gamma), the exact limit, 2**53
EDGES = [1, 2, GAMMA_IMAGE_FROM - 1, GAMMA_IMAGE_FROM, GAMMA_IMAGE_FROM + 1, 4095, 4096, 4097,
         EXACT_K_LIMIT - 1, EXACT_K_LIMIT, EXACT_K_LIMIT + 1, 10 ** 9, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 1]

PRIORS = [Prior(), Prior(lam=0, eta="1/2"), Prior(lam=1, eta=0), Prior(lam="3/7", eta=2, numerator="1")]


def _loop(tree, ks, prior=Prior()):
    """(kept, routes) by a loop of single prunes: the reference prune_many must equal."""
    results = [prune(tree, k, prior=prior) for k in ks]
    kept = np.array([r.kept_splits for r in results], dtype=bool).reshape(len(ks), tree.arrays().n_nodes)
    routes = {route: sum(r.routes[route] for r in results) for route in ("float", "arb", "exact")}
    return kept, routes


def _same_as_the_loop(tree, ks, prior=Prior()):
    kept, routes = prune_many(tree, ks, prior=prior)
    expected_kept, expected_routes = _loop(tree, ks, prior)
    assert kept.dtype == bool and kept.shape == expected_kept.shape
    assert (kept == expected_kept).all(), [k for k, a, b in zip(ks, kept, expected_kept) if (a != b).any()]
    assert routes == expected_routes
    return kept, routes


def _has_empty_node(tree):
    return any(n.n == 0 for n in tree.root.walk())


# -- against a loop of single prunes ------------------------------------------------------------

@settings(max_examples=40)
@given(count_trees(max_depth=4, max_children=3), st.sampled_from(PRIORS),
       st.lists(st.one_of(st.sampled_from(EDGES), st.integers(1, 300)), min_size=1, max_size=12))
@example(Tree.from_json('{"counts": [6, 8], "children": [{"counts": [2, 5]}, {"counts": [4, 3]}]}'),
         Prior(), [4, 5, 6, 5])
def test_prune_many_equals_a_loop_of_prune(tree, prior, ks):
    """Random trees (up to three children a node, two or three classes), four priors, orders in
    any order with repeats, drawn around every edge of the float filter: the same rows and the
    same routes as prune at each order."""
    if prior.lam == 0 and _has_empty_node(tree):
        return                                  # refused (tested below)
    _same_as_the_loop(tree, ks, prior)


@settings(max_examples=15)
@given(fractional_count_trees(max_depth=3), st.lists(st.sampled_from([1, 2, 3, 193, EXACT_K_LIMIT + 1]),
                                                     min_size=1, max_size=4))
def test_weighted_counts_are_decided_like_prune(tree, ks):
    """Rational counts: the float filter does not serve them; every order is prune's own route."""
    kept, routes = _same_as_the_loop(tree, ks)
    assert routes["float"] == 0


def test_a_wide_tree_of_many_nodes_at_sixty_orders():
    """A non-binary tree of about 900 nodes (up to five children a split, three classes, seeded),
    sixty orders from 1 to 10**12: the leaf images come in several blocks of nodes."""
    rng = random.Random(38)

    def grow(counts, depth):
        n = sum(counts)
        if depth == 0 or n < 4:
            return Node(counts)
        width = rng.choice([2, 2, 3, 5])
        parts = [[0] * width for _ in counts]
        for j, c in enumerate(counts):
            for _ in range(c):
                parts[j][rng.randrange(width)] += 1
        return Node(counts, [grow(tuple(parts[j][i] for j in range(len(counts))), depth - 1) for i in range(width)])

    tree = Tree(grow((400, 250, 350), 7))
    assert tree.arrays().n_nodes > 600 and len(set(tree.arrays().n_children.tolist())) > 2
    ks = sorted({1, 2, 3, 192, 193} | {int(x) for x in np.geomspace(4, 10 ** 12, 56)})
    rng.shuffle(ks)
    _same_as_the_loop(tree, ks)


# -- the fallback: a column the float filter declines -------------------------------------------

#: (6, 8) split into (2, 5) and (4, 3), default prior: R_leaf - R_tree is positive for k = 1..4,
#: exactly 0 at k = 5 and negative from k = 6 on (by hand below): the breakpoint k* = 5 is a tie
TIE_AT_5 = '{"counts": [6, 8], "children": [{"counts": [2, 5]}, {"counts": [4, 3]}]}'


def _gap_by_hand(parent, children, k):
    """R_leaf - R_tree of a one-level split, lam = eta = 1/2, c = J - 1 = 1 (Zhong (4.28), (4.29))."""
    def leaf(c):
        value = Fraction(1)
        for m in range(k):
            value *= (sum(c) - max(c) + Fraction(1, 2) + m) / (sum(c) + 1 + m)
        return value
    n = sum(parent)
    return leaf(parent) - sum((sum(c) + Fraction(1, 2)) / (n + 1) * leaf(c) for c in children)


def test_the_tie_at_the_breakpoint_is_exact():
    gaps = [_gap_by_hand((6, 8), [(2, 5), (4, 3)], k) for k in range(1, 9)]
    assert all(g > 0 for g in gaps[:4]) and gaps[4] == 0 and all(g < 0 for g in gaps[5:])


def test_a_column_with_a_declined_decision_takes_the_one_order_route():
    """The tie at k* = 5 sits under a root with another split: at k = 4 both splits are kept, at
    5 and 6 the tied split is pruned.  The float images of an exact tie cannot be separated, so
    column 5 is declined and decided whole by prune's route (one exact decision, its other two
    by its own float filter); columns 4 and 6 stay in the batch's filter."""
    tied = Tree.from_json(TIE_AT_5).root
    tree = Tree(Node((16, 9), [Node(tied.counts, [Node(c.counts) for c in tied.children]),
                              Node((10, 1), [Node((10, 0)), Node((0, 1))])]))
    kept, routes = _same_as_the_loop(tree, [6, 5, 4])
    c1 = tree.arrays().names().index("c1")
    assert kept[:, c1].tolist() == [False, False, True]
    assert routes == {"float": 3 * 3 - 1, "arb": 0, "exact": 1}


def test_orders_beyond_the_float_filter_take_the_one_order_route():
    """From 2**53 on the float filter does not serve an order: every decision a certified arb sign."""
    tree = Tree.from_json('{"counts": [60, 2], "children": [{"counts": [60, 0]}, {"counts": [0, 2]}]}')
    kept, routes = _same_as_the_loop(tree, [2 ** 53, 2, 2 ** 60])
    assert routes == {"float": 1, "arb": 2, "exact": 0}         # k = 2 in the batch's filter


# -- against a brute force over every pruning ----------------------------------------------------

def _optimal(node, k, prior):
    """(moment, leaves) of the smallest pruning of ``node``'s subtree of least k-th moment, over
    every pruning (each child's every pruning combined), exact; and whether that pruning keeps
    ``node`` as a split.  PruneTree with epsilon 0 prunes a tie, so it finds the smallest one."""
    options = [(leaf_moment(node.counts, k, prior), 1)]
    if node.children:
        n, eta = sum(node.counts), Fraction(prior.eta)
        weights = [(sum(c.counts) + eta) / (n + eta * len(node.children)) for c in node.children]
        for combo in product(*[_prunings(c, k, prior) for c in node.children]):
            options.append((sum(w * m for w, (m, _) in zip(weights, combo)), sum(leaves for _, leaves in combo)))
    best = min(options)         # least moment, then fewest leaves
    return best, best != options[0]


def _prunings(node, k, prior):
    """Every (moment, leaves) of the prunings of ``node``'s subtree."""
    own = [(leaf_moment(node.counts, k, prior), 1)]
    if not node.children:
        return own
    n, eta = sum(node.counts), Fraction(prior.eta)
    weights = [(sum(c.counts) + eta) / (n + eta * len(node.children)) for c in node.children]
    return own + [(sum(w * m for w, (m, _) in zip(weights, combo)), sum(leaves for _, leaves in combo))
                  for combo in product(*[_prunings(c, k, prior) for c in node.children])]


@settings(max_examples=25)
@given(count_trees(max_depth=3, max_count=9, max_children=3), st.sampled_from(PRIORS[:3]),
       st.lists(st.sampled_from([1, 2, 3, 5, 17, GAMMA_IMAGE_FROM, GAMMA_IMAGE_FROM + 1, 300]),
                min_size=1, max_size=5))
@example(Tree.from_json(TIE_AT_5), Prior(), [4, 5, 6])
def test_every_row_is_the_brute_force_optimum(tree, prior, ks):
    """kept[i, t] is True iff the smallest least-moment pruning of t's subtree keeps t as a split,
    for every split t (also under pruned ones), by a brute force over all prunings."""
    if prior.lam == 0 and _has_empty_node(tree):
        return
    kept, _ = prune_many(tree, ks, prior=prior)
    names = tree.arrays().names()
    for row, k in zip(kept, ks):
        for node in tree.root.walk():
            if node.children:
                assert bool(row[names.index(node.name)]) == _optimal(node, k, prior)[1], (node.name, k)


def test_the_brute_force_tells_a_kept_split_from_a_pruned_one():
    """The oracle itself on the tie: the split is kept at k = 4 and pruned (a tie) at k = 5."""
    root = Tree.from_json(TIE_AT_5).root
    assert _optimal(root, 4, Prior())[1] and not _optimal(root, 5, Prior())[1]


# -- input --------------------------------------------------------------------------------------

def test_orders_are_checked_like_prune():
    tree = Tree.from_json(TIE_AT_5)
    for bad in (0, -1, 1.5, "x", None):
        with pytest.raises((TypeError, ValueError)) as many:
            prune_many(tree, [2, bad])
        with pytest.raises(type(many.value)) as one:
            prune(tree, bad)
        assert str(many.value) == str(one.value)
    with pytest.raises(TypeError, match="^ks must be a sequence of orders k, got int"):
        prune_many(tree, 3)
    with pytest.raises(TypeError, match="^prune_many needs a Tree, got str"):
        prune_many("tree", [1])
    with pytest.raises(TypeError, match="^prior must be an exactprune Prior"):
        prune_many(tree, [1], prior=0.5)


def test_empty_and_leaf_inputs():
    tree = Tree.from_json(TIE_AT_5)
    kept, routes = prune_many(tree, [])
    assert kept.shape == (0, 3) and routes == {"float": 0, "arb": 0, "exact": 0}
    kept, routes = prune_many(Node((3, 4)), [1, 2 ** 60])          # a Node is a Tree's root; no split
    assert kept.tolist() == [[False], [False]] and routes == {"float": 0, "arb": 0, "exact": 0}
    kept, _ = prune_many(tree, ("4", 5))                            # exact integers as prune takes them
    assert kept[:, 0].tolist() == [True, False]


def test_an_empty_node_with_lam_zero_is_refused_the_same_way():
    tree = Tree.from_json('{"counts": [1, 0], "children": [{"counts": [1, 0]}, {"counts": [0, 0]}]}')
    with pytest.raises(ValueError) as one:
        prune(tree, 1, prior=Prior(lam=0))
    with pytest.raises(ValueError, match="^node c2: an empty node with lam = 0") as many:
        prune_many(tree, [1, 2], prior=Prior(lam=0))
    assert str(many.value) == str(one.value)
    assert prune_many(tree, [1, 2], prior=Prior(lam=1))[0].shape == (2, 3)      # lam > 0: fine


# -- the images of several orders at once (certify) ----------------------------------------------

def test_the_images_of_several_orders_are_each_orders_own():
    """certify's rising-ratio images with an array of orders equal the images of each order
    alone, element for element (the floats and the bounds): the loop's and the log-Gamma's."""
    from exactprune.certify import rising_ratio_array, rising_ratio_gamma_array
    rng = np.random.default_rng(38)
    a = rng.integers(0, 300, 50) + 0.5
    d = a + rng.integers(0, 300, 50) + 1.0
    for image, orders in ((rising_ratio_array, np.array([1, 2, 17, 100, 192])),
                          (rising_ratio_gamma_array, np.array([193, 4096, 10 ** 9, 2 ** 52]))):
        values, rels = image((a[:, None], 0.0), (d[:, None], 0.0), orders)
        for column, k in enumerate(orders.tolist()):
            one_v, one_r = image((a, 0.0), (d, 0.0), k)
            np.testing.assert_array_equal(values[:, column], one_v)          # (NaN where no image, in both)
            np.testing.assert_array_equal(np.broadcast_to(rels, values.shape)[:, column], np.broadcast_to(one_r, a.shape))
