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
from hypothesis import assume, example, given, settings, strategies as st

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


def test_two_orders_of_each_kind_keep_their_own_images():
    """Two orders imaged by the loop (4 and 6: the tied split kept, then pruned) and two by
    log-Gamma (200 and 10**6: (4, 3) split into pure (0, 3) and (4, 0) kept, then pruned - its
    children's moments fall like k^-3.5 and k^-4.5, the leaf's like k^-4.5 with a larger
    constant); each column must carry its own order's images, alone or beside the others."""
    tied = Tree.from_json(TIE_AT_5).root
    tree = Tree(Node((10, 11), [Node(tied.counts, [Node(c.counts) for c in tied.children]),
                                Node((4, 3), [Node((0, 3)), Node((4, 0))])]))
    names = tree.arrays().names()
    c1, c2 = names.index("c1"), names.index("c2")
    for ks in ([4, 6], [200, 10 ** 6], [4, 6, 200, 10 ** 6]):
        kept, _ = _same_as_the_loop(tree, ks)
        column = {k: row for k, row in zip(ks, kept)}
        if 4 in column:
            assert column[4][c1] and not column[6][c1]
        if 200 in column:
            assert column[200][c2] and not column[10 ** 6][c2]


def test_a_node_of_two_to_the_53_examples_is_not_trusted_at_log_gamma_orders():
    """Counts are exact floats below 2**53: the root (2**52, 2**52) has 2**53 examples, so its
    log-Gamma images have no bound and its decision goes to exact rationals, at one order or two.
    Its children (3 2**50, 2**50) and (2**50, 3 2**50) err a quarter of the time against the
    root's half: R_tree about 4**-k against R_leaf about 2**-k, the split kept."""
    tree = Tree(Node((2 ** 52, 2 ** 52), [Node((3 * 2 ** 50, 2 ** 50)), Node((2 ** 50, 3 * 2 ** 50))]))
    for ks in ([193], [193, 300]):
        kept, routes = _same_as_the_loop(tree, ks)
        assert kept[:, 0].all() and routes == {"float": 0, "arb": 0, "exact": len(ks)}


def test_orders_beyond_the_float_filter_take_the_one_order_route_on_small_trees():
    """From 2**53 on, on a tree of fewer than ``_LOG_MIN_SPLITS`` splits, the filter does not
    serve an order: every decision a certified arb sign (its log domain costs more than those).
    The (3, 4) split's moments fall like k^-3.5 and k^-4.5, far above the filter's floor at 2**53
    (the filter settles it at 2**53 - 1), so only the order's own route makes 2**53 an arb sign."""
    tree = Tree.from_json('{"counts": [60, 2], "children": [{"counts": [60, 0]}, {"counts": [0, 2]}]}')
    kept, routes = _same_as_the_loop(tree, [2 ** 53, 2, 2 ** 60])
    assert routes == {"float": 1, "arb": 2, "exact": 0}         # k = 2 in the batch's filter
    small = Tree.from_json('{"counts": [3, 4], "children": [{"counts": [3, 0]}, {"counts": [0, 4]}]}')
    kept, routes = _same_as_the_loop(small, [2 ** 53 - 1, 2 ** 53])
    assert routes == {"float": 1, "arb": 1, "exact": 0}


def _caterpillar(splits):
    """A tree of ``splits`` splits: (10, 10) splits into the pure (1, 0) and (9, 10), which
    splits likewise, and so on."""
    def node(a, left):
        if not left:
            return Node((a, 10))
        return Node((a, 10), [Node((1, 0)), node(a - 1, left - 1)])
    return Tree(node(10, splits))


@pytest.mark.parametrize("k", [2 ** 53, 10 ** 66 + 3, 2 ** 1000 - 1, 2 ** 1000])
def test_the_log_domain_serves_orders_from_two_to_the_53_on_trees_of_six_splits(k):
    """From 2**53 to 2**1000 the log domain serves trees of ``_LOG_MIN_SPLITS`` = 6 splits or
    more (k - 16 made a float, the shift bounded), in prune and prune_many; not a tree of 5, nor
    any order from 2**1000 on (no float of k): there every decision is a certified arb sign.
    The decisions are those the certified balls of the brute force separate."""
    import flint
    for splits, served in ((6, k < 2 ** 1000), (5, False)):
        tree = _caterpillar(splits)
        kept, routes = _same_as_the_loop(tree, [k])
        result = prune(tree, k)
        assert result.comparisons == splits
        assert result.routes == ({"float": splits, "arb": 0, "exact": 0} if served else
                                 {"float": 0, "arb": splits, "exact": 0})
        names = tree.arrays().names()
        with flint.ctx.workprec(300):
            for node in tree.root.walk():
                if node.children:
                    assert bool(kept[0, names.index(node.name)]) == _optimal_ball(node, k, Prior())[1]


def test_only_the_declined_orders_take_the_one_order_route(monkeypatch):
    """The batch's filter decides the orders it settles; prune's engine runs for the others alone
    (the tie at k = 5; 2**53, not served on one split), each once however often it is asked."""
    asked = _recording_engines(monkeypatch)
    tied = Tree.from_json(TIE_AT_5)
    kept, _ = prune_many(tied, [4, 5, 6, 2 ** 53, 5, 1])
    assert sorted(asked) == [5, 2 ** 53]
    assert kept[:, 0].tolist() == [True, False, False, False, False, True]


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
    assert kept.shape == (0, 3) and kept.dtype == bool and routes == {"float": 0, "arb": 0, "exact": 0}
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


def test_the_level_bounds_of_several_orders_are_the_scalar_rules_column_by_column():
    """The filter's bound of level t at each order is f^(t+1)(leaf_rel) plus epsilon by the sum
    rule, f = certify's weighted_sum_rel: the same floats for a column of several orders as the
    scalar rules chained by hand here (a looser bound would only decline more, a tighter one
    would be unsound, and neither shows in the decisions of a test tree)."""
    from exactprune.certify import U, sum_rel, weighted_sum_rel
    from exactprune.knorm.prunetree import _level_bounds
    leaf_rels = np.array([0.0, 3 * U, 1e-12, 2.0 ** -30])
    for terms, eps_rel in ((2, 0.0), (3, U), (5, 0.0)):
        many = _level_bounds(4 * U, leaf_rels, terms, eps_rel, 6)
        for column, r in enumerate(leaf_rels.tolist()):
            chain = []
            for _ in range(6):
                r = weighted_sum_rel(4 * U, r, terms)
                chain.append(sum_rel(r, eps_rel))
            assert [float(level[column]) for level in many] == chain


# -- moments below the float range: the filter's log domain -------------------------------------

def _scaled(tree, factor):
    """``tree`` with every count times ``factor`` (a split's counts stay its children's sums)."""
    def node(n):
        return Node(tuple(c * factor for c in n.counts), [node(c) for c in n.children])
    return Tree(node(tree.root))


def _below_the_float_range(tree, k, prior):
    return any(leaf_moment(n.counts, k, prior) < Fraction(1, 2 ** 900) for n in tree.root.walk())


def _exact_ties(tree, k, prior):
    """The splits whose leaf moment equals their optimal subtree's exactly (brute force)."""
    return sum(leaf_moment(n.counts, k, prior) == min(m for m, _ in _prunings(n, k, prior)[1:])
               for n in tree.root.walk() if n.children)


@settings(max_examples=12, deadline=None)
@given(count_trees(max_depth=2, max_count=6, max_children=3), st.sampled_from(PRIORS[:2]),
       st.sampled_from([200, 500]), st.sampled_from([1500, 4000]))
def test_moments_below_the_float_range_are_decided_like_the_brute_force(tree, prior, factor, k):
    """Counts scaled by 200 or 500 and k of 1500 or 4000: leaf moments far below 2**-900, which
    the float images cannot hold (before the log domain, every such decision went to exact
    rationals).  prune and prune_many decide like the brute force over every pruning in
    Fractions, and the filter's log domain settles every decision but the exact ties (the exact
    route's)."""
    tree = _scaled(tree, factor)
    if (prior.lam == 0 and _has_empty_node(tree)) or not tree.root.children:
        return
    assume(_below_the_float_range(tree, k, prior))
    result = prune(tree, k, prior=prior)
    kept, routes = prune_many(tree, [k, k], prior=prior)
    names = tree.arrays().names()
    for node in tree.root.walk():
        if node.children:
            expected = _optimal(node, k, prior)[1]
            assert bool(result.kept_splits[names.index(node.name)]) == expected, (node.name, k)
            assert bool(kept[0, names.index(node.name)]) == bool(kept[1, names.index(node.name)]) == expected
    assert result.routes == {"float": result.comparisons - _exact_ties(tree, k, prior), "arb": 0,
                             "exact": _exact_ties(tree, k, prior)}
    assert routes == {route: 2 * n for route, n in result.routes.items()}


def _optimal_ball(node, k, prior):
    """(ball, keep) of the optimal pruning of ``node``'s subtree at a large k, in certified balls
    (Zhong (4.28), (4.29) by flint's log-Gamma values, :func:`leaf_moment_arb`): keep is True or
    False where the balls of the leaf and of the optimal subtree are apart, None where they meet."""
    import flint
    from exactprune.knorm import leaf_moment_arb
    leaf = leaf_moment_arb(node.counts, k, prior)
    if not node.children:
        return leaf, None
    n, eta = sum(node.counts), Fraction(prior.eta)
    subtree = flint.arb(0)
    for child in node.children:
        w = (sum(child.counts) + eta) / (n + eta * len(node.children))
        subtree += flint.arb(flint.fmpq(w.numerator, w.denominator)) * _optimal_ball(child, k, prior)[0]
    if subtree < leaf:
        return subtree, True
    if subtree > leaf:
        return leaf, False
    return leaf.union(subtree), None


@settings(max_examples=15, deadline=None)
@given(count_trees(max_depth=3, max_count=12, max_children=3), st.sampled_from(PRIORS[:3]),
       st.sampled_from([10 ** 5, 2 ** 53 - 1, 2 ** 53 + 1, 10 ** 30 + 7, 10 ** 66 + 3]))
def test_orders_up_to_10_to_the_66_are_decided_like_certified_balls(tree, prior, k):
    """Beyond the exact limit, up to 10**66 (k - 16 not a float beyond 2**53): every decision the
    balls of the brute force separate (at 300 bits) is prune's and prune_many's."""
    import flint
    if prior.lam == 0 and _has_empty_node(tree):
        return
    result = prune(tree, k, prior=prior)
    kept, _ = prune_many(tree, [k], prior=prior)
    names = tree.arrays().names()
    with flint.ctx.workprec(300):
        for node in tree.root.walk():
            expected = _optimal_ball(node, k, prior)[1]
            if node.children and expected is not None:
                assert bool(result.kept_splits[names.index(node.name)]) == expected, (node.name, k)
                assert bool(kept[0, names.index(node.name)]) == expected


def test_an_exact_tie_in_the_log_domain_is_declined():
    """A split whose one child is the parent itself (same counts, weight 1 with eta = 0) and whose
    other is empty (weight exactly 0): R_tree = R_leaf exactly, below 2**-900 at k = 3000 (below
    the float range).  The log images are equal and their bounds positive: the filter declines,
    the exact route finds the tie, which prunes."""
    tree = Tree.from_json('{"counts": [450, 50], "children": [{"counts": [450, 50]}, {"counts": [0, 0]}]}')
    prior = Prior(eta=0)
    assert leaf_moment((450, 50), 3000, prior) < Fraction(1, 2 ** 900)
    assert not _optimal(tree.root, 3000, prior)[1]
    result = prune(tree, 3000, prior=prior)
    assert not result.kept(tree.root) and result.routes == {"float": 0, "arb": 0, "exact": 1}
    kept, routes = prune_many(tree, [3000], prior=prior)
    assert not kept[0, 0] and routes == {"float": 0, "arb": 0, "exact": 1}


def test_a_tie_of_exact_zeros_in_a_log_column_is_declined_and_the_rest_settled():
    """lam = 0, k = 500: c2 = (0, 1000) and its pure children are all worth exactly 0 (a tie of
    exact zeros: -inf against -inf in the log domain, declined, pruned by the exact route); the
    root (1, 1000), about 10**-300 (its column in the log domain), against its subtree of exact
    zeros is a clear keep, settled."""
    tree = Tree.from_json('{"counts": [1, 1000], "children": [{"counts": [1, 0]}, {"counts": [0, 1000], '
                          '"children": [{"counts": [0, 600]}, {"counts": [0, 400]}]}]}')
    prior = Prior(lam=0)
    assert 0 < leaf_moment((1, 1000), 500, prior) < Fraction(1, 2 ** 900)
    result = prune(tree, 500, prior=prior)
    assert result.kept_splits.tolist() == [True, False, False, False, False]
    assert [_optimal(n, 500, prior)[1] for n in (tree.root, tree.root.children[1])] == [True, False]
    assert result.routes == {"float": 1, "arb": 0, "exact": 1}


CROSSING = '{"counts": [100, 98], "children": [{"counts": [12, 87]}, {"counts": [88, 11]}]}'


def test_the_decision_flips_at_a_crossing_below_the_float_range_as_the_balls_say():
    """(100, 98) into (12, 87), (88, 11), default prior: R_leaf - R_tree changes sign between k =
    232658 and 232659 (certified balls at 300 bits, the brute force above), where every moment
    is below 2**-900; the log domain settles both orders, each the balls' way (the gap in the
    logs, about 5e-5, is far above the bounds)."""
    import flint
    tree = Tree.from_json(CROSSING)
    with flint.ctx.workprec(300):
        sides = [_optimal_ball(tree.root, k, Prior())[1] for k in (232658, 232659)]
        assert float(leaf_moment_arb_of(tree.root.counts, 232658).mid()) < 2.0 ** -900
    assert sides == [True, False]
    kept, routes = prune_many(tree, [232658, 232659])
    assert kept[:, 0].tolist() == sides and routes == {"float": 2, "arb": 0, "exact": 0}
    for k, side in zip((232658, 232659), sides):
        result = prune(tree, k)
        assert result.kept(tree.root) == side and result.routes == {"float": 1, "arb": 0, "exact": 0}


def leaf_moment_arb_of(counts, k):
    from exactprune.knorm import leaf_moment_arb
    return leaf_moment_arb(counts, k, Prior())


def test_a_kept_subtree_passes_its_bound_up_in_the_log_domain(monkeypatch):
    """The bound of a kept split's optimal value is its subtree's, and a parent's subtree value
    has a bound at least that of every term (the log-sum's bound is at least its inputs'): so the
    root's subtree bound is at least the kept child's.  A (3000, 3000) split into pure children
    (kept; its subtree about e**-2876 at k = 1500, so a large log and bound) under a root (4000,
    3000) whose other child (1000, 0) (about e**-1682, a smaller log and bound) dominates the
    root's sum; the root is kept too (its leaf about e**-1100)."""
    from exactprune.knorm import prunetree
    seen = []

    def recording(leaf, tree):
        seen.append(float(np.max(tree[1])))
        return prunetree_log_greater(leaf, tree)

    prunetree_log_greater = prunetree.log_greater_array
    monkeypatch.setattr(prunetree, "log_greater_array", recording)
    tree = Tree.from_json('{"counts": [4000, 3000], "children": [{"counts": [3000, 3000], "children": '
                          '[{"counts": [3000, 0]}, {"counts": [0, 3000]}]}, {"counts": [1000, 0]}]}')
    result = prune(tree, 1500)
    assert result.kept_splits.tolist() == [True, True, False, False, False]
    assert [_optimal(node, 1500, Prior())[1] for node in (tree.root, tree.root.children[0])] == [True, True]
    assert result.routes == {"float": 2, "arb": 0, "exact": 0} and len(seen) == 2
    assert seen[1] >= seen[0]


@pytest.mark.parametrize("k", [232658, 232659])
def test_splits_on_a_level_are_summed_each_from_its_own_children(k):
    """Three copies of the crossing split (100, 98) into (12, 87), (88, 11) on the deepest level of
    a binary tree, at k = 232658 and 232659 (every moment below 2**-900, the log domain): each
    copy's subtree is the log-sum of its own two children (a binary level's children taken in
    pairs), so each decides as the balls do (kept, then pruned); a sum of the wrong children
    moves a value by far more than the gap, about 5e-5 in the logs."""
    import flint
    crossing = '{"counts": [100, 98], "children": [{"counts": [12, 87]}, {"counts": [88, 11]}]}'
    tree = Tree.from_json('{"counts": [310, 296], "children": [{"counts": [200, 196], "children": [%s, %s]}, '
                          '{"counts": [110, 100], "children": [%s, {"counts": [10, 2]}]}]}' % ((crossing,) * 3))
    with flint.ctx.workprec(300):
        expected = [_optimal_ball(node, k, Prior())[1] for node in tree.root.walk() if node.children]
    result = prune(tree, k)
    names = tree.arrays().names()
    splits = [node for node in tree.root.walk() if node.children]
    assert [bool(result.kept_splits[names.index(node.name)]) for node in splits] == expected
    assert [expected[i] for i, node in enumerate(splits) if node.counts == (100, 98)] == [k == 232658] * 3
    assert result.routes == {"float": 6, "arb": 0, "exact": 0}


@pytest.mark.parametrize("k", [232658, 232659])
def test_a_narrower_split_on_a_level_adds_an_exact_zero_for_its_missing_child(k):
    """A level with a split of three children and the crossing split of two (padded with the exact
    0, -inf with the bound 0): at k = 232658 the crossing split's log gap, about 5e-5, is far above
    its bounds, so every decision is settled in floats; a padding with any bound (such as 1) would
    make it decline.  The decisions are the balls' (the crossing split kept at 232658, pruned at
    232659: a sum of the wrong slots moves its value by far more than its gap)."""
    import flint
    tree = Tree.from_json('{"counts": [130, 128], "children": [{"counts": [30, 30], "children": [{"counts": [10, 10]}, '
                          '{"counts": [20, 0]}, {"counts": [0, 20]}]}, {"counts": [100, 98], "children": '
                          '[{"counts": [12, 87]}, {"counts": [88, 11]}]}]}')
    with flint.ctx.workprec(300):
        expected = [_optimal_ball(node, k, Prior())[1] for node in tree.root.walk() if node.children]
    result = prune(tree, k)
    names = tree.arrays().names()
    assert None not in expected and expected[2] == (k == 232658)
    assert [bool(result.kept_splits[names.index(node.name)]) for node in tree.root.walk() if node.children] == expected
    assert result.routes == {"float": 3, "arb": 0, "exact": 0}


BOUND_TREES = [
    # binary: A = (10, 10) into (0, 10), (10, 0); B = (4000, 0) into (3000, 0), (1000, 0)
    '{"counts": [4010, 10], "children": [{"counts": [10, 10], "children": [{"counts": [0, 10]}, {"counts": [10, 0]}]}, '
    '{"counts": [4000, 0], "children": [{"counts": [3000, 0]}, {"counts": [1000, 0]}]}]}',
    # not binary: B = (4000, 0) into (3000, 0), (500, 0), (500, 0) beside A = (10, 10) into two
    '{"counts": [4010, 10], "children": [{"counts": [4000, 0], "children": [{"counts": [3000, 0]}, {"counts": [500, 0]}, '
    '{"counts": [500, 0]}]}, {"counts": [10, 10], "children": [{"counts": [0, 10]}, {"counts": [10, 0]}]}]}']


@pytest.mark.parametrize("text", BOUND_TREES)
def test_each_subtree_bound_covers_its_own_childrens_leaf_bounds(monkeypatch, text):
    """A level of two splits, one of them over (3000, 0) (the largest leaf bound of the tree, its
    first child) at k = 1500 (the log domain), binary or beside a narrower split: the bound of a
    subtree value is at least each of its terms' bounds, so at least each child's leaf bound (the
    leaf bounds by ``_FloatFilter._leaf_logs``).  Recorded at the level's comparison; a sum that
    took another child's bound for the first child's would miss it."""
    from exactprune.knorm import prunetree
    seen = []
    compare = prunetree.log_greater_array

    def recording(leaf, tree):
        seen.append(np.array(tree[1], dtype=float).copy())
        return compare(leaf, tree)

    monkeypatch.setattr(prunetree, "log_greater_array", recording)
    tree = Tree.from_json(text)
    prune(tree, 1500)
    a = tree.arrays()
    order, _ = a.breadth_first()
    names = [a.names()[i] for i in order.tolist()]          # breadth-first: root, its children, theirs
    _, leaf_bounds = prunetree._FloatFilter._leaf_logs(a.counts, order, 2, Prior(), [1500])
    leaf_bound = dict(zip(names, leaf_bounds[:, 0].tolist()))
    splits = tree.root.children             # the deepest level, in position order
    for bound, split in zip(seen[0].tolist(), splits):
        assert bound >= max(leaf_bound[c.name] for c in split.children), split.name
    leaves = [c for split in splits for c in split.children]
    assert max(leaves, key=lambda c: leaf_bound[c.name]).counts == (3000, 0)


def test_a_chain_of_kept_splits_adds_each_product_rounding_to_the_bound(monkeypatch):
    """(3000, 3000) over itself three times (each split: the node again, weight 1, and an empty
    child, weight 0, with eta = 0), the last into pure children: every split is kept at k = 1500
    (its subtree is the pure children's), and each level's subtree bound is the kept child's
    bound plus the rounding of the weight's product (u |L| > 0), so strictly larger than the one
    below.  A kept split that passed up its leaf's bound instead would give equal bounds.  (The
    empty child's weight, computed as 0, is the exact 0: with a bound it would be no image, and
    every decision above the first would decline.)"""
    from exactprune.knorm import prunetree
    seen = []
    compare = prunetree.log_greater_array

    def recording(leaf, tree):
        seen.append(float(np.max(tree[1])))
        return compare(leaf, tree)

    monkeypatch.setattr(prunetree, "log_greater_array", recording)
    node = '{"counts": [3000, 3000], "children": [{"counts": [3000, 0]}, {"counts": [0, 3000]}]}'
    for _ in range(3):
        node = '{"counts": [3000, 3000], "children": [%s, {"counts": [0, 0]}]}' % node
    tree = Tree.from_json(node)
    prior = Prior(eta=0)
    result = prune(tree, 1500, prior=prior)
    assert result.kept_splits.tolist() == [n.children != [] for n in tree.root.walk()]
    assert all(_optimal(n, 1500, prior)[1] for n in tree.root.walk() if n.children)
    assert result.routes == {"float": 4, "arb": 0, "exact": 0} and len(seen) == 4
    assert seen[0] < seen[1] < seen[2] < seen[3]


def _recording_engines(monkeypatch):
    """The orders for which prune's one-order engine is built (recorded by a subclass)."""
    from exactprune.knorm import prunetree
    asked = []

    class Recording(prunetree._PruneTree):
        def __init__(self, tree, k, prior, epsilon):
            asked.append(k)
            super().__init__(tree, k, prior, epsilon)

    monkeypatch.setattr(prunetree, "_PruneTree", Recording)
    return asked


def test_the_log_domain_images_every_order_of_a_batch(monkeypatch):
    """Two orders between 16 and 2**53 (imaged together) and one beyond 2**53 (alone) on a tree
    of 6 splits whose moments are all below the float range: the log domain settles every order,
    so no order is decided by prune's engine; the rows are prune's."""
    asked = _recording_engines(monkeypatch)
    tree = _scaled(_caterpillar(6), 30)
    ks = [232658, 232659, 2 ** 60]
    kept, routes = prune_many(tree, ks)
    assert asked == [] and routes == {"float": 18, "arb": 0, "exact": 0}
    assert all((row == prune(tree, k).kept_splits).all() for k, row in zip(ks, kept))


#: (25, 24) into (24, 0), (1, 24): the leaf decays like k^-25.5, the subtree like k^-24.5 (both
#: children), so they cross where the constants' ratio is about 4**25: R_leaf - R_tree changes sign
#: between these two orders (certified balls), the logs' gap at each about 1e-15
NEAR_TIE = '{"counts": [25, 24], "children": [{"counts": [24, 0]}, {"counts": [1, 24]}]}'
NEAR_TIE_KS = (530676177714744, 530676177714745)


def test_a_near_tie_the_logs_cannot_separate_is_declined_and_decided_by_balls():
    """At the two orders around the crossing of NEAR_TIE (about 2**49, every moment below
    2**-900: the log domain), the logs of R_leaf and R_tree differ by about 1e-15, under the
    bounds (about 1e-13): the filter declines, and arb balls decide, as the brute force's balls
    at 400 bits (kept, then pruned).  A million orders away the gap is about 2e-9: settled in
    floats."""
    import flint
    tree = Tree.from_json(NEAR_TIE)
    with flint.ctx.workprec(400):
        sides = [_optimal_ball(tree.root, k, Prior())[1] for k in NEAR_TIE_KS]
        assert float((leaf_moment_arb_of((25, 24), NEAR_TIE_KS[0]).log()).mid()) < -900 * 0.6931    # below 2**-900
    assert sides == [True, False]
    for k, side in zip(NEAR_TIE_KS, sides):
        result = prune(tree, k)
        assert result.kept(tree.root) == side and result.routes == {"float": 0, "arb": 1, "exact": 0}
    for k, side in ((NEAR_TIE_KS[0] - 10 ** 6, True), (NEAR_TIE_KS[1] + 10 ** 6, False)):
        result = prune(tree, k)
        assert result.kept(tree.root) == side and result.routes == {"float": 1, "arb": 0, "exact": 0}


def test_a_log_column_that_declines_marks_its_own_order_alone(monkeypatch):
    """The near tie at 530676177714744 beside k = 2 (the float pass) and an order a million
    past the crossing (the log domain, settled): only the near tie is decided by prune's engine."""
    asked = _recording_engines(monkeypatch)
    tree = Tree.from_json(NEAR_TIE)
    ks = [2, NEAR_TIE_KS[0], NEAR_TIE_KS[1] + 10 ** 6]
    kept, routes = prune_many(tree, ks)
    assert asked == [NEAR_TIE_KS[0]] and routes == {"float": 2, "arb": 1, "exact": 0}
    assert kept[:, 0].tolist() == [prune(tree, k).kept(tree.root) for k in ks]


def test_a_node_past_two_to_the_53_leaves_the_other_log_images_as_they_are():
    """A root of 2**53 + 19 examples (no float image of its size: NaN, its decision by an arb
    sign) over a child of 2**53 - 1 and a (10, 10) split into two (5, 5): at k = 10**6 the column
    is in the log domain (the big nodes' moments are far below the float range) and the (10, 10)
    split is still settled in floats from its own nodes' images, pruned (its children decay like
    k^-5.5, itself like k^-10.5; images made from other counts, such as a majority of 0, would
    keep it)."""
    big = 2 ** 53 - 1         # MAX_COUNT: the root's size, big + 20, passes 2**53
    tree = Tree.from_json('{"counts": [%d, 20], "children": [{"counts": [%d, 10]}, {"counts": [10, 10], "children": '
                          '[{"counts": [5, 5]}, {"counts": [5, 5]}]}]}' % (big, big - 10))
    result = prune(tree, 10 ** 6)
    assert result.routes == {"float": 1, "arb": 1, "exact": 0}
    names = tree.arrays().names()
    assert not result.kept_splits[names.index(tree.root.children[1].name)]
    assert not _optimal(tree.root.children[1], 10 ** 6 // 1000, Prior())[1]      # (pruned already at k = 1000)


# -- survivors of the mutation run of 2026-11-29 (session 44): the declines of several orders --

#: eta = 0: C = (6, 8) into A = (2, 5) and (4, 3) is kept at k = 2 and pruned at k = 8 (R_tree /
#: R_leaf 0.84 and 1.37 by exact Fractions); A is the node again (weight exactly 1) beside an empty
#: child (weight exactly 0), so R_tree(A) = R_leaf(A) exactly at every k, and so is the root over C
#: where C is pruned (at k = 8), not where it is kept (k = 2: C's subtree is the root's optimum)
LATE_TIE = ('{"counts": [6, 8], "children": [{"counts": [6, 8], "children": [{"counts": [2, 5], "children": '
            '[{"counts": [2, 5]}, {"counts": [0, 0]}]}, {"counts": [4, 3]}]}, {"counts": [0, 0]}]}')


def test_a_column_declined_on_a_lower_level_stays_declined_when_a_higher_level_settles_it(monkeypatch):
    """k = 2 and 8 in one float pass over LATE_TIE: both decline A (the deepest level); at the
    root, k = 8 declines again (its exact tie) and k = 2 is settled.  The column of k = 2 must
    stay declined (its later decisions mean nothing): each order goes to prune's engine, and the
    routes are the engines' (k = 2: A exact, C and the root in floats; k = 8: A and the root
    exact, C in floats).  Forgetting a column's earlier decline at a level where another column
    declines would serve k = 2 from the batch."""
    prior = Prior(eta=0)
    tree = Tree.from_json(LATE_TIE)
    root, c = tree.root, tree.root.children[0]
    a = c.children[0]
    for k, c_kept in ((2, True), (8, False)):
        assert _optimal(c, k, prior)[1] is c_kept
        assert leaf_moment(a.counts, k, prior) == _prunings(a, k, prior)[1][0]     # A: an exact tie
        assert (leaf_moment(root.counts, k, prior) == _optimal(c, k, prior)[0][0]) is not c_kept     # the root's tie
    asked = _recording_engines(monkeypatch)
    kept, routes = prune_many(tree, [2, 8], prior=prior)
    assert asked == [2, 8]
    assert routes == {"float": 2 + 1, "arb": 0, "exact": 1 + 2}
    names = tree.arrays().names()
    for row, k in zip(kept, (2, 8)):
        assert [bool(row[names.index(n.name)]) for n in (root, c, a)] == [k == 2, k == 2, False]


#: eta = 0, k = 1500 (the log domain): K = (3000, 3000) over itself twice (each time beside an empty
#: child: weights exactly 1 and 0), the last into pure children (every split kept, as in the chain
#: above: K's subtree about e**-2865, its bound the pure child's plus three products' roundings, its
#: leaf about e**-889 with a smaller bound) beside A = (1500, 1) over itself and an empty child (an
#: exact tie, declined; about e**-2072) and the leaf (1000, 0) (about e**-1683), which dominates the
#: root's sum (about e**-1685 against the root's leaf, about e**-1363: kept)
_CHAIN = '{"counts": [3000, 3000], "children": [{"counts": [3000, 0]}, {"counts": [0, 3000]}]}'
for _ in range(2):
    _CHAIN = '{"counts": [3000, 3000], "children": [%s, {"counts": [0, 0]}]}' % _CHAIN
DECLINED_BESIDE_KEPT = ('{"counts": [5500, 3001], "children": [%s, {"counts": [1000, 0]}, {"counts": [1500, 1], '
                        '"children": [{"counts": [1500, 1]}, {"counts": [0, 0]}]}]}' % _CHAIN)


def test_a_kept_split_beside_a_declined_one_passes_its_bound_up_in_a_batch(monkeypatch):
    """prune_many's log pass over DECLINED_BESIDE_KEPT at k = 1500: the level of K and A declines
    A (so the column goes to prune's engine), and still each split's optimal value keeps its bound,
    K's its subtree's: the root's subtree bound, recorded at the batch's root comparison, is at least
    K's subtree bound (recorded at the level below; a log-sum's bound is at least each term's),
    which is larger than K's leaf bound.  K's leaf bound passed up instead (or the level's bounds
    written over the wrong positions) would miss it."""
    from exactprune.knorm import prunetree
    seen = []
    compare = prunetree.log_greater_array

    def recording(leaf, tree):
        seen.append((np.array(leaf[1], dtype=float).copy(), np.array(tree[1], dtype=float).copy()))
        return compare(leaf, tree)

    monkeypatch.setattr(prunetree, "log_greater_array", recording)
    prior = Prior(eta=0)
    tree = Tree.from_json(DECLINED_BESIDE_KEPT)
    root, k_split, _, a = tree.root, *tree.root.children
    assert [_optimal(n, 1500, prior)[1] for n in (root, k_split)] == [True, True]
    assert leaf_moment(a.counts, 1500, prior) == _prunings(a, 1500, prior)[1][0] < Fraction(1, 2 ** 900)
    kept, routes = prune_many(tree, [1500], prior=prior)
    assert routes == {"float": 4, "arb": 0, "exact": 1}        # declined: prune's engine decided it, A exactly
    # the batch's levels (prune's engine records more after them): K's chain twice, (K, A), the root
    assert [tree_bound.shape for _, tree_bound in seen[:4]] == [(1,), (1,), (2,), (1,)]
    (level_leaf, level_tree), (_, root_tree) = seen[2:4]
    assert level_tree[0] > level_leaf[0]           # K: its subtree's bound above its leaf's
    assert root_tree[0] >= level_tree[0]
    names = tree.arrays().names()
    assert [bool(kept[0, names.index(n.name)]) for n in tree.root.walk()] == \
        [bool(n.children) and n is not a for n in tree.root.walk()]         # every split kept but A (a tie prunes)
