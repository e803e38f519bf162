"""exactprune.knorm.prunetree: PruneTree (Zhong Fig 4.1), its float filter, its exact and certified
routes and PruneResult, against brute forces written in Fractions (tests/knorm_cases.py)."""
from __future__ import annotations

import math
import pickle
from decimal import Decimal, localcontext
from fractions import Fraction

import flint
import numpy as np
import pytest
from hypothesis import example, given, strategies as st

from exactprune import Node, Prior, Tree
from exactprune.knorm import EXACT_K_LIMIT, child_weight, leaf_moment, prune, subtree_moment
from exactprune.tree import ancestor_names, iris_tree
from helpers import all_pruned_values, assert_ball
from knorm_cases import brute_prune, counts_tree, leaf_by_hand, rising_ratio_by_hand
from random_trees import count_trees


def _pruned_moment(node, kept, k, prior):
    if node.is_leaf or node.name not in kept:
        return leaf_moment(node.counts, k, prior)
    return sum(child_weight(c, node, prior.eta) * _pruned_moment(c, kept, k, prior) for c in node.children)


@given(count_trees(max_depth=3), st.integers(1, 5),
       st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(lam="1/3", eta=2, numerator="1")]))
def test_property_1_prunetree_is_the_brute_force_optimum(tree, k, prior):
    result = prune(tree, k, prior=prior)
    best = min(all_pruned_values(tree.root, lambda node: leaf_moment(node.counts, k, prior), prior.eta))
    assert result.moment == best
    kept = {n.name for n in result.tree.nodes() if n.children}
    assert _pruned_moment(tree.root, kept, k, prior) == best


def test_prunetree_keeps_only_strict_improvements():
    """Ties prune (R_tree < R_leaf is required): an ineffective split of identical children."""
    tree = Tree(Node((2, 2), [Node((1, 1)), Node((1, 1))]))
    leaf, sub = leaf_moment((2, 2), 1), subtree_moment(tree.root, 1, Prior())
    assert sub == leaf  # Thm 5.6: equal class distributions keep the 1-norm; a tie prunes
    assert prune(tree, 1).tree.n_leaves == 1


def test_prunetree_epsilon_prunes_more():
    tree = iris_tree()
    assert prune(tree, 1).tree.n_leaves == 7
    assert prune(tree, 1, epsilon="1/10").tree.n_leaves < 7
    with pytest.raises(ValueError, match="epsilon"):
        prune(tree, 1, epsilon=-1)


def test_prunetree_decisions_on_a_large_sklearn_tree_match_exact_rationals():
    """The float filter never decides differently from exact arithmetic (checked at every node)."""
    from sklearn.tree import DecisionTreeClassifier
    rng = np.random.default_rng(5)
    X = rng.normal(size=(3000, 2))
    y = (X[:, 0] + 0.8 * rng.normal(size=3000) > 0).astype(int)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    result = prune(tree, 2)
    prior = Prior()
    kept = {n.name for n in result.tree.nodes() if n.children}
    # exact bottom-up recomputation
    best = {}
    for node in tree.root.postorder():
        leaf = leaf_moment(node.counts, 2, prior)
        if node.is_leaf:
            best[node.name] = leaf
            continue
        sub = sum(child_weight(c, node, prior.eta) * best[c.name] for c in node.children)
        best[node.name] = sub if sub < leaf else leaf
        if not _has_pruned_ancestor(node.name, kept):
            assert (sub < leaf) == (node.name in kept)
    assert result.moment == best["root"]


def _has_pruned_ancestor(name, kept):
    return any(a not in kept for a in ancestor_names(name))


def _exact_decisions(tree, k, prior, epsilon=0):
    """Every split's PruneTree decision by exact rationals alone (Fig 4.1 bottom-up, each node
    against its optimally pruned children), in the arrays' node order."""
    best, kept = {}, {}
    for node in tree.root.postorder():
        leaf = leaf_moment(node.counts, k, prior)
        if node.is_leaf:
            best[node.name] = leaf
            continue
        sub = sum(child_weight(c, node, prior.eta) * best[c.name] for c in node.children)
        kept[node.name] = sub < leaf - Fraction(epsilon)
        best[node.name] = sub if kept[node.name] else leaf
    return [kept.get(node.name, False) for node in tree.nodes()], best["root"]


@given(count_trees(max_depth=5, max_children=4, max_count=30), st.integers(1, 6),
       st.sampled_from([Prior(), Prior(lam=0, eta=1), Prior(lam="1/3", eta=2, numerator="1")]),
       st.sampled_from([0, "1/100", "1/7"]))
def test_array_prunetree_decides_every_split_as_exact_rationals(tree, k, prior, epsilon):
    """Every split of the array pass (also below pruned splits) against exact arithmetic."""
    try:
        expected, moment = _exact_decisions(tree, k, prior, epsilon)
    except ValueError:                       # an empty node with lam = 0: prune refuses it too
        with pytest.raises(ValueError, match="lam = 0"):
            prune(tree, k, prior=prior, epsilon=epsilon)
        return
    result = prune(tree, k, prior=prior, epsilon=epsilon)
    assert result.kept_splits.tolist() == expected and result.moment == moment


@pytest.mark.parametrize("n, k", [(200, 1), (5000, 2), (30000, 2), (30000, 5)])
def test_array_prunetree_on_sklearn_trees_of_several_sizes(n, k):
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", n, seed=n)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    expected, moment = _exact_decisions(tree, k, Prior())
    result = prune(tree, k)
    assert result.kept_splits.tolist() == expected and result.moment == moment
    kept_names = {node.name for node in result.tree.nodes() if node.children}
    assert kept_names == {node.name for node, kept in zip(tree.nodes(), expected)
                          if kept and not _has_pruned_ancestor(node.name, kept_names)}


def test_moments_too_small_for_floats_are_decided_in_the_log_domain_and_tiny_weights_exactly():
    """Leaf moments below 2**-900 are decided by the filter's log domain; child weights below
    2**-60 are not trusted by the float filter: those decisions are made by exact rationals.  Both
    equal Fig 4.1 by exact arithmetic."""
    big = 10 ** 6
    # k = 120: a pure leaf of 10**6 examples has factors (1/2 + m)/(10**6 + 1 + m) < 1/7000 and the
    # root's (3.5 + m)/(10**6 + 4 + m) < 1/7000, so both moments are below 10**-460: the float images
    # would decline the root and c1 (they went exact before the log domain); now every decision is a float one.
    tall = Tree(Node((big, 3), [Node((big, 0), [Node((big - 2, 0)), Node((2, 0))]),
                                Node((0, 3), [Node((0, 3)), Node((0, 0))])]))
    # eta = 10**-22: the empty child's weight eta/(4 + 3 eta) is below 2**-60, though the moments
    # differ widely (leaf 3/10 at k = 1 against a tree of pure children)
    wide = Tree(Node((1, 3), [Node((1, 0)), Node((0, 3)), Node((0, 0))]))
    for tree, k, prior, exact_routes in [(tall, 120, Prior(), 0), (wide, 1, Prior(eta="1/10000000000000000000000"), 1)]:
        expected, moment = _exact_decisions(tree, k, prior)
        result = prune(tree, k, prior=prior)
        assert result.kept_splits.tolist() == expected and result.moment == moment
        assert result.routes["exact"] == exact_routes and result.routes["float"] == result.comparisons - exact_routes


def test_pruned_names_are_the_names_of_the_node_view_for_any_arity():
    """PruneResult.pruned reads the names off the arrays (a byte matrix of path digits, dots
    past a ninth child); they equal the names the Node view gives, here with 12 children under
    the root and 11 under its fourth child (c.10, c.11, c4.11 and their children need dots)."""
    pure = [Node((1, 0)), Node((0, 1))]

    def split(parts):
        return Node(tuple(map(sum, zip(*[p.counts for p in parts]))), parts)

    fourth = split([split([Node(p.counts) for p in pure]) for _ in range(11)])
    root = split([split([Node(p.counts) for p in pure]) for _ in range(3)] + [fourth]
                 + [split([Node(p.counts) for p in pure]) for _ in range(8)])
    tree = Tree(root)
    names = [node.name for node in tree.root.walk()]
    assert {"c.10", "c.11", "c.12", "c.11.2", "c4.11", "c4.11.1", "c41", "c412"} <= set(names)
    result = prune(tree, 1, prior=Prior(lam=1), epsilon=1)        # epsilon 1 prunes every split
    assert result.pruned == ["root"]
    arrays = tree.arrays()
    order = list(range(arrays.n_nodes))[::-1]
    assert arrays.names_of(order) == [names[i] for i in order] == [arrays.name(i) for i in order]
    kept = np.ones(arrays.n_nodes, dtype=bool)
    kept[[names.index("c4.11"), names.index("c.12"), names.index("c2")]] = False
    assert sorted(tree.pruned_by(kept)[1]) == ["c.12", "c2", "c4.11"]


def _random_rational_node(rng, depth: int, n_classes: int, denominator: int) -> Node:
    """A random count tree (2 or 3 children per split) whose leaves have counts in (1/denominator)Z,
    zeros included; parents are the sums of their children."""
    if depth == 0 or rng.random() < 0.35:
        return Node(tuple(Fraction(int(v), denominator) for v in rng.integers(0, 4 * denominator, n_classes)))
    kids = [_random_rational_node(rng, depth - 1, n_classes, denominator) for _ in range(int(rng.integers(2, 4)))]
    return Node(tuple(sum(column, Fraction(0)) for column in zip(*(kid.counts for kid in kids))), kids)


def _prunings_by_hand(node: Node) -> list:
    """Every pruning of the subtree at ``node`` as the frozenset of its splits (Node ids)."""
    if node.is_leaf:
        return [frozenset()]
    result = [frozenset()]
    combos = [frozenset({id(node)})]
    for child in node.children:
        combos = [c | p for c in combos for p in _prunings_by_hand(child)]
    return result + combos


def _moment_by_hand(node: Node, splits: frozenset, k: int, lam: Fraction, eta: Fraction, numerator: str) -> Fraction:
    """(4.28) with the child weights (4.11) (n_c + eta) / (n + eta K) written out, over the pruning
    whose splits are ``splits``."""
    if id(node) not in splits:
        return leaf_by_hand(node.counts, k, lam, numerator)
    den = sum(node.counts) + eta * len(node.children)
    return sum((sum(c.counts) + eta) / den * _moment_by_hand(c, splits, k, lam, eta, numerator) for c in node.children)


def test_prune_rational_counts_against_every_pruning():
    """PruneTree on rational counts (seed 2024: 60 random trees of depth <= 3 with 2 or 3 children,
    J = 2 or 3, counts in (1/q)Z, q in {2, 3, 7}; k = 1..4; lam, eta, numerator varied): the pruned
    tree is the smallest pruning of least E[r^k] among every pruning, (4.28)/(4.29) written out here
    with Fractions; every decision went to the exact route (no float filter on rational counts)."""
    rng = np.random.default_rng(2024)
    checked = 0
    for trial in range(60):
        root = _random_rational_node(rng, 3, int(rng.integers(2, 4)), int(rng.choice([2, 3, 7])))
        if root.is_leaf or sum(root.counts) == 0:
            continue
        lam, eta = Fraction(int(rng.integers(1, 4)), int(rng.integers(1, 5))), Fraction(int(rng.integers(1, 3)), 2)
        numerator = "J-1" if trial % 2 else "1"
        tree = Tree(root)
        by_name = {id(node): node.name for node in tree.root.walk()}
        prunings = _prunings_by_hand(tree.root)
        for k in range(1, 5):
            values = {p: _moment_by_hand(tree.root, p, k, lam, eta, numerator) for p in prunings}
            best = min(values.values())
            smallest = min(len(p) for p, v in values.items() if v == best)
            optimal = [p for p, v in values.items() if v == best and len(p) == smallest]
            assert len(optimal) == 1
            result = prune(tree, k, prior=Prior(lam, eta, numerator))
            kept = {node.name for node in result.tree.root.walk() if node.children}
            assert kept == {by_name[i] for i in optimal[0]}, (trial, k)
            assert result.moment == best
            assert result.routes["float"] == 0 and result.routes["exact"] == result.comparisons
        checked += 1
    assert checked >= 30          # 38 of the 60 draws have a split


def test_whole_fraction_counts_are_integer_counts():
    """Counts given as whole Fractions become ints: the tree is an integer tree, PruneTree's float
    filter runs on it and its result is the integer tree's (iris, k = 2: Figure B.1(d))."""
    def with_fractions(node: Node) -> Node:
        return Node(tuple(Fraction(c) for c in node.counts), [with_fractions(c) for c in node.children])

    iris = iris_tree()
    copy = Tree(with_fractions(iris.root))
    assert all(type(c) is int for node in copy.root.walk() for c in node.counts)
    integer, whole = prune(iris, 2), prune(copy, 2)
    assert sorted(whole.pruned) == sorted(integer.pruned) == ["c21", "c22"]
    assert whole.moment == integer.moment and whole.routes == integer.routes and whole.routes["float"] > 0


PRIORS = [(Fraction(1, 2), Fraction(1, 2)), (Fraction(0), Fraction(1, 2)), (Fraction(1), Fraction(0)),
          (Fraction(3, 7), Fraction(2))]


@given(count_trees(), st.sampled_from(PRIORS), st.sampled_from([1, 2, 3, 6]),
       st.sampled_from([Fraction(0), Fraction(1, 1000)]))
@example(Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}'),
         (Fraction(0), Fraction(1, 2)), 2, Fraction(0))       # lam = 0: pure leaves have moment 0
def test_prune_matches_the_brute_force_and_the_float_filter_decides_clear_cases(tree, prior, k, eps):
    lam, eta = prior
    if lam == 0 and any(n.n == 0 for n in tree.root.walk()):
        return                                                   # undefined moment (tested below)
    result = prune(tree, k, prior=Prior(lam=lam, eta=eta), epsilon=eps)
    value, kept, gaps = brute_prune(tree.root, k, lam, eta, eps)
    assert {n.name for n in tree.root.walk() if n.children and result.kept(n)} == kept
    assert result.moment == value
    near = sum(g < Fraction(1, 2 ** 30) for g in gaps)
    assert result.routes["arb"] == 0
    assert result.routes["float"] + result.routes["exact"] == len(gaps) == result.comparisons
    assert result.routes["exact"] <= near and result.fallbacks == result.routes["exact"]


def _whole_fraction_arrays(tree: Tree) -> Tree:
    """``tree`` over count arrays built directly (not through Node, which makes whole Fractions
    ints): an object matrix of its counts as whole Fractions, the same offsets and indices."""
    from exactprune.tree import CountArrays
    a = tree.arrays()
    counts = np.array([[Fraction(int(c)) for c in row] for row in a.counts.tolist()], dtype=object)
    return Tree.from_arrays(CountArrays(counts, a.offsets, a.indices))


def test_whole_fraction_counts_in_count_arrays_are_integer_counts():
    """An object count matrix of whole Fractions built with CountArrays (PruneTree raised
    TypeError "Fraction + fmpq" in its exact route) is decided as the integer tree it is.  By
    hand: (3, 1) -> (3, 0), (0, 1), k = 2, lam = eta = 1/2: R_leaf = (3/2)(5/2) / (5 * 6) = 1/8,
    the leaves (1/2)(3/2) / (4 * 5) = 3/80 and (1/2)(3/2) / (2 * 3) = 1/8 weighted 7/10 and 3/10:
    R_tree = 51/800 < 1/8, kept.  Iris at k = 2 (Figure B.1(d)) and at 1 and EXACT_K_LIMIT + 1:
    the decisions of the brute force in Fractions, the same routes as the integer tree (the
    float filter runs), the same moment; the moments and estimates read the same counts."""
    from exactprune.knorm import error_estimate, moment

    small = _whole_fraction_arrays(Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))])))
    assert small.arrays().counts.dtype == object and type(small.arrays().counts[0, 0]) is Fraction
    result = prune(small, 2)
    assert result.kept(small.root) and result.moment == Fraction(51, 800)
    assert result.routes == {"float": 1, "arb": 0, "exact": 0}
    assert moment(small, 2) == Fraction(51, 800) and moment(Tree(small.root), 2) == Fraction(51, 800)
    assert error_estimate(small.node("c2")).mean == Fraction(1, 4)          # (0 + 1/2) / (1 + 1)
    iris = iris_tree()
    whole = _whole_fraction_arrays(iris)
    half = Fraction(1, 2)
    for k in (1, 2, EXACT_K_LIMIT + 1):
        integer, got = prune(iris, k), prune(whole, k)
        _, kept, _ = brute_prune(iris.root, k, half, half, Fraction(0))
        assert {n.name for n in iris.nodes() if n.children and got.kept(n)} == kept
        assert got.routes == integer.routes and got.pruned == integer.pruned
        if k <= EXACT_K_LIMIT:
            assert got.moment == integer.moment
    assert prune(whole, 2).pruned == ["c21", "c22"]
    assert error_estimate(whole.node("c21")) == error_estimate(iris.node("c21"))


def test_prune_at_large_k_follows_epsilon_and_the_brute_force():
    """k = EXACT_K_LIMIT + 1: with the brute-force gap g = R_leaf - R_tree of each tree,
    epsilon = 0 and g/2 keep the split when g > 0, epsilon = 2g prunes it, each settled by the
    float filter (log-Gamma images); epsilon = g (1 - 2**-50) keeps it too, a near tie the
    filter declines and a certified arb sign settles.  At such k a leaf decays like
    k**-(max count + lam): (60, 2) is pruned (its worse child decays slower), (3, 3) is kept
    (equal rates, smaller constant)."""
    k = EXACT_K_LIMIT + 1
    half = Fraction(1, 2)
    outcomes = set()
    for text in ('{"counts": [60, 2], "children": [{"counts": [60, 0]}, {"counts": [0, 2]}]}',
                 '{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}'):
        tree = Tree.from_json(text)
        total, _, _ = brute_prune(tree.root, k, half, half, Fraction(0))
        gap = leaf_by_hand(tree.root.counts, k, half) - sum(
            (c.n + half) / (tree.root.n + 2 * half) * leaf_by_hand(c.counts, k, half) for c in tree.root.children)
        for eps in {Fraction(0), abs(gap) / 2, 2 * abs(gap)}:
            result = prune(tree, k, epsilon=eps)
            assert result.kept(tree.root) == (gap - eps > 0)
            assert result.routes == {"float": 1, "arb": 0, "exact": 0}
            outcomes.add(result.kept(tree.root))
        if gap > 0:
            result = prune(tree, k, epsilon=gap * (1 - Fraction(1, 2 ** 50)))
            assert result.kept(tree.root) and result.routes == {"float": 0, "arb": 1, "exact": 0}
    assert outcomes == {True, False}


def test_prune_refusals_name_the_problem():
    with pytest.raises((TypeError, ValueError), match=r"^epsilon\b"):
        prune(Tree(Node((1, 2))), 1, epsilon=0.5)
    with pytest.raises(TypeError, match="prune needs a Tree, got int"):
        prune(42, 1)
    empty = Tree.from_json('{"counts": [1, 0], "children": [{"counts": [1, 0]}, {"counts": [0, 0]}]}')
    with pytest.raises(ValueError, match="^node c2: an empty node with lam = 0"):
        prune(empty, 1, prior=Prior(lam=0))
    assert prune(empty, 1, prior=Prior(lam=1)).comparisons == 1        # lam > 0: the empty node is fine


def test_prune_accepts_a_node_and_reports_its_k_and_routes():
    root = Node((3, 1), [Node((3, 0)), Node((0, 1))])
    result = prune(root, 2)
    assert result.k == 2 and result.tree.root.counts == (3, 1)
    assert result.routes == {"float": 1, "arb": 0, "exact": 0} and result.fallbacks == 0


def test_prune_result_survives_pickling_and_reports_its_norm():
    """Iris at k = 2: c21 and c22 pruned, 3 leaves (Zhong Fig B.1(d)); the 2-norm is
    sqrt(E[r^2]) computed here with the decimal module."""
    result = prune(iris_tree(), 2)
    clone = pickle.loads(pickle.dumps(result))
    for r in (result, clone):
        assert (r.k, r.tree.n_leaves, sorted(r.pruned)) == (2, 3, ["c21", "c22"])
        assert r.comparisons == result.routes["float"] + result.routes["exact"] and r.routes == result.routes
        assert r.fallbacks == result.routes["exact"] and r.moment == result.moment
        assert r.kept(iris_tree().node("c2")) and not r.kept(iris_tree().node("c21"))
        assert r.kept_splits.tolist() == [         # every split's own decision, by brute force
            node.name in brute_prune(node, 2, Fraction(1, 2), Fraction(1, 2), Fraction(0))[1]
            for node in iris_tree().nodes()]
    assert result.kept_splits.dtype == bool and clone.kept_splits.dtype == bool
    assert repr(result) == f"PruneResult(k=2, leaves=3, pruned={result.pruned})"
    with localcontext() as ctx:
        ctx.prec = 40
        root = (Decimal(result.moment.numerator) / Decimal(result.moment.denominator)).sqrt()
    assert result.norm == str(root.quantize(Decimal(1).scaleb(root.adjusted() - 9)))   # 10 digits


@pytest.mark.parametrize("k", [2, EXACT_K_LIMIT + 1])
def test_an_exact_tie_prunes_on_every_route(k):
    """lam = 0 and a pure tree: R_leaf = R_tree = 0 exactly (b = 0 everywhere).  A split is kept
    only if R_tree < R_leaf - epsilon, so the tie prunes, in exact rationals (k = 2) and in arb
    (an exact zero ball, k above the exact limit)."""
    tree = Tree.from_json('{"counts": [3, 0], "children": [{"counts": [2, 0]}, {"counts": [1, 0]}]}')
    result = prune(tree, k, prior=Prior(lam=0))
    assert not result.kept(tree.root) and result.tree.n_leaves == 1


def test_the_float_filter_serves_a_large_lam():
    """lam = 1500 (J lam = 3000, far inside the float range): the one decision of (3, 1) split
    into (3, 0), (0, 1) is settled by the float filter."""
    tree = Tree.from_json('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    assert prune(tree, 1, prior=Prior(lam=1500)).routes == {"float": 1, "arb": 0, "exact": 0}


def test_the_large_k_moment_of_prunetree_contains_the_brute_force_and_keeps_the_precision():
    """k = EXACT_K_LIMIT + 1, lam = 1, eta = 1/2, a two-level tree of four classes in which every
    node's majority count is 10, so that every moment decays like k^-(10 + lam) and the splits
    survive (as in Zhong Thm 5.9): the decisions equal the brute force in Fractions (both splits
    kept), and the moment of the pruned tree (the root's, not c1's: c2 = (0, 0, 10, 10) has the
    larger moment) is a 128-bit ball containing the brute-force value (the caller's precision is
    restored)."""
    k, lam, half = EXACT_K_LIMIT + 1, Fraction(1), Fraction(1, 2)
    tree = Tree.from_json('{"counts": [10, 10, 10, 10], "children": [{"counts": [10, 10, 0, 0], "children": '
                          '[{"counts": [10, 0, 0, 0]}, {"counts": [0, 10, 0, 0]}]}, {"counts": [0, 0, 10, 10]}]}')
    value, kept, _ = brute_prune(tree.root, k, lam, half, Fraction(0))
    saved = flint.ctx.prec
    result = prune(tree, k, prior=Prior(lam=lam))
    assert {n.name for n in tree.root.walk() if n.children and result.kept(n)} == kept == {"root", "c1"}
    ball = result.moment
    assert flint.ctx.prec == saved
    assert isinstance(ball, flint.arb) and ball.rad() < abs(ball.mid()) * 2.0 ** -100   # not 53 bits
    flint.ctx.prec = 400            # the exact value as a ball far narrower than the result's
    try:
        assert_ball(ball, value, abs(ball.mid()) * 2.0 ** -100)
    finally:
        flint.ctx.prec = saved


def test_an_exact_fallback_above_a_kept_split_weighs_the_kept_subtree():
    """epsilon = R_leaf - R_tree of the root exactly (brute force in Fractions) makes the root an
    exact tie, settled by exact rationals over its optimal subtree, which holds the kept split c1
    (Thm 5.9's (10, 10) -> (10, 0), (0, 10)): the tie prunes the root."""
    half = Fraction(1, 2)
    tree = Tree.from_json('{"counts": [20, 12], "children": [{"counts": [10, 10], "children": '
                          '[{"counts": [10, 0]}, {"counts": [0, 10]}]}, {"counts": [10, 2]}]}')
    value, kept, _ = brute_prune(tree.root, 2, half, half, Fraction(0))
    assert kept == {"root", "c1"}
    gap = leaf_by_hand(tree.root.counts, 2, half) - value
    result = prune(tree, 2, epsilon=gap)
    assert result.pruned == ["root"] and result.routes["exact"] == 1
    assert result.kept(tree.root) is False


@pytest.mark.parametrize("eta, route", [(Fraction(1, 2 ** 960), "float"),      # TINY itself: trusted
                                        (Fraction(2 ** 1000), "float"),       # the top of the range: trusted
                                        (Fraction(3 * 2 ** 999), "exact")])   # above it: no float bound
def test_the_float_filter_trusts_parameters_in_tiny_to_two_to_the_1000(eta, route):
    """The float images of the parameters are trusted in [TINY, 2**1000] = [2**-960, 2**1000],
    ends included.  (3, 1) split into (3, 0), (0, 1) at k = 1 is a clear keep whatever eta is
    (leaf 1.5/5 against children 0.5/4 and 0.5/2 weighted by (n_c + eta)/(4 + 2 eta)), so the
    route shows whether the filter trusted eta."""
    tree = Tree.from_json('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    result = prune(tree, 1, prior=Prior(eta=eta))
    assert result.kept(tree.root)
    assert result.routes == {"float": 0, "arb": 0, "exact": 0, route: 1}


@pytest.mark.parametrize("epsilon", [Fraction(1, 2 ** 950), 0])
def test_a_subtree_value_below_the_float_floor_goes_to_exact_rationals(epsilon):
    """lam = 0, k = 443: c2 = (1, 462) has E[r^k] = k! 462! / (462 + k)! = 1 / C(905, 443), just
    above 2**-900 (a trusted float), and c1 = (463, 0) has exactly 0; both weigh 463.5 / 927 =
    1/2, so the subtree value is below 2**-900: too small to be trusted in a product by the float
    images, and the root's decision (a clear keep: its leaf moment is far larger) is made by
    exact rationals.  Also with epsilon 0: every leaf moment is trusted, so the order stays in
    the float pass (the log domain takes the orders whose leaf moments leave the range)."""
    k = 443
    c2 = Fraction(1, math.comb(905, 443))
    assert Fraction(1, 2 ** 900) < c2 and c2 / 2 < Fraction(1, 2 ** 900)
    tree = Tree.from_json('{"counts": [464, 462], "children": [{"counts": [463, 0]}, {"counts": [1, 462]}]}')
    assert leaf_by_hand(tree.root.children[1].counts, k, Fraction(0)) == c2
    result = prune(tree, k, prior=Prior(lam=0), epsilon=epsilon)
    assert result.kept(tree.root) and result.routes == {"float": 0, "arb": 0, "exact": 1}
    assert result.moment == c2 / 2


def test_an_exactly_zero_subtree_value_is_trusted_by_the_float_filter():
    """lam = 0, k = 1: (3, 1) split into the pure (3, 0), (0, 1) has the subtree value 0 exactly
    and the leaf value 1/4: a clear keep, settled in float."""
    tree = Tree.from_json('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    result = prune(tree, 1, prior=Prior(lam=0))
    assert result.kept(tree.root) and result.routes == {"float": 1, "arb": 0, "exact": 0}
    assert result.moment == 0


def test_an_epsilon_without_a_float_image_sends_every_decision_to_exact_rationals():
    """epsilon = 2**-1000 is below the float filter's TINY = 2**-960: no float bound covers it,
    so the clear keep of (3, 1) -> (3, 0), (0, 1) (gap 3/10 - 13/80 at k = 1) is made exactly;
    epsilon = 2**-900 is inside the range and leaves it to the filter."""
    tree = Tree.from_json('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    below = prune(tree, 1, epsilon=Fraction(1, 2 ** 1000))
    assert below.kept(tree.root) and below.routes == {"float": 0, "arb": 0, "exact": 1}
    inside = prune(tree, 1, epsilon=Fraction(1, 2 ** 900))
    assert inside.kept(tree.root) and inside.routes == {"float": 1, "arb": 0, "exact": 0}


@pytest.mark.parametrize("prior, epsilon", [(Prior(lam=0), Fraction(1, 5)), (Prior(eta=0), Fraction(14, 100))])
def test_a_zero_lam_or_eta_enters_the_float_filter_as_zero(prior, epsilon):
    """(3, 1) split into (3, 0), (0, 1) at k = 1, with epsilon just below the gap, by hand:
    lam = 0: leaf 1/4, subtree 0 (pure children): keep, 1/4 - 1/5 > 0;
    eta = 0: leaf 1.5/5 = 3/10, subtree 3/4 * 1/8 + 1/4 * 1/4 = 5/32: keep, 3/10 - 14/100 - 5/32 > 0.
    Were the zero parameter taken as 1 in float, the float filter would prune both (lam: leaf
    2/5 against 13/40 + 1/5; eta: subtree 2/3 * 1/8 + 1/3 * 1/4 = 1/6)."""
    tree = Tree.from_json('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    result = prune(tree, 1, prior=prior, epsilon=epsilon)
    assert result.kept(tree.root) and result.routes == {"float": 1, "arb": 0, "exact": 0}


def test_a_tiny_weight_in_any_slot_sends_the_decision_to_exact_rationals():
    """eta = 10**-22: an empty child's weight eta / (4 + 3 eta) is below 2**-60, untrusted by the
    float filter wherever the child stands (first or last), so the root goes exact; a node with
    fewer children than the widest one has no such weight: (1, 3) -> (1, 0), (0, 3) under a root
    of three non-empty children is settled in float, like the root."""
    eta = Prior(eta=Fraction(1, 10 ** 22))
    for text in ('{"counts": [1, 3], "children": [{"counts": [0, 0]}, {"counts": [1, 0]}, {"counts": [0, 3]}]}',
                 '{"counts": [1, 3], "children": [{"counts": [1, 0]}, {"counts": [0, 3]}, {"counts": [0, 0]}]}'):
        tree = Tree.from_json(text)
        result = prune(tree, 1, prior=eta)
        assert result.kept(tree.root) and result.routes == {"float": 0, "arb": 0, "exact": 1}
    tree = Tree.from_json('{"counts": [2, 6], "children": [{"counts": [1, 0]}, {"counts": [0, 3]}, {"counts": [1, 3], '
                          '"children": [{"counts": [1, 0]}, {"counts": [0, 3]}]}]}')
    result = prune(tree, 1, prior=eta)
    assert result.routes == {"float": 2, "arb": 0, "exact": 0}
    assert {n.name for n in tree.root.walk() if n.children and result.kept(n)} == brute_prune(
        tree.root, 1, Fraction(1, 2), Fraction(1, 10 ** 22), Fraction(0))[1]


def test_an_empty_split_with_eta_zero_is_refused_without_a_float_warning():
    """c2 = (0, 0) split into two empty children with eta = 0: its child weights are 0/0.  The
    float pass computes them quietly (NaN: declined), and the exact route refuses the node by
    name; no RuntimeWarning escapes, even where numpy warnings are errors."""
    import warnings
    import numpy as np
    tree = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 1], "children": [{"counts": [2, 0]}, '
                          '{"counts": [0, 1]}]}, {"counts": [0, 0], "children": [{"counts": [0, 0]}, {"counts": [0, 0]}]}]}')
    with warnings.catch_warnings(), np.errstate(all="warn"):
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.raises(ValueError, match=r"^node c2: n_t \+ eta K_t is 0 \(no examples and eta = 0\)"):
            prune(tree, 1, prior=Prior(eta=0))
        # lam = 2**1001: c lam and J lam have no float image (inf), the leaf floats are inf/inf:
        # quietly NaN, every decision exact, the same as the brute force
        huge = prune(tree.node("c1"), 1, prior=Prior(lam=2 ** 1001))
        assert huge.routes == {"float": 0, "arb": 0, "exact": 1}
        assert huge.kept(huge.tree.root) == ("root" in brute_prune(tree.node("c1"), 1, Fraction(2 ** 1001),
                                                                    Fraction(1, 2), Fraction(0))[1])


def test_a_node_of_two_to_the_53_examples_goes_to_exact_rationals():
    """Counts are exact floats below 2**53; the root (2**53 - 1, 1) has 2**53 examples, so its
    leaf moment is not trusted in float (its children, of 2**53 - 1 and 1, are): exact route."""
    big = 2 ** 53 - 1
    tree = Tree(Node((big, 1), [Node((big, 0)), Node((0, 1))]))
    result = prune(tree, 1)
    assert result.kept(tree.root) and result.routes == {"float": 0, "arb": 0, "exact": 1}


def test_large_k_decides_children_before_parents():
    """k = EXACT_K_LIMIT + 1: root (10, 11, 9) -> c1 (10, 10, 0) -> (10, 0, 0), (0, 10, 0) and
    c2 = (0, 1, 9).  With epsilon halfway between the root's gaps with c1 split (T1) and with c1 a
    leaf (T0), the root is kept only because c1 is kept (which epsilon leaves standing): a pass
    deciding the root before c1 would weigh c1 as a leaf and prune.  All values in Fractions."""
    k, half = EXACT_K_LIMIT + 1, Fraction(1, 2)
    tree = Tree.from_json('{"counts": [10, 11, 9], "children": [{"counts": [10, 10, 0], "children": '
                          '[{"counts": [10, 0, 0]}, {"counts": [0, 10, 0]}]}, {"counts": [0, 1, 9]}]}')
    root, c1, c2 = tree.root, tree.root.children[0], tree.root.children[1]
    w1, w2 = (c1.n + half) / (root.n + 1), (c2.n + half) / (root.n + 1)
    split_c1 = (10 + half) / 21 * (leaf_by_hand((10, 0, 0), k, half) + leaf_by_hand((0, 10, 0), k, half))
    t0 = w1 * leaf_by_hand(c1.counts, k, half) + w2 * leaf_by_hand(c2.counts, k, half)
    t1 = w1 * split_c1 + w2 * leaf_by_hand(c2.counts, k, half)
    epsilon = leaf_by_hand(root.counts, k, half) - (t0 + t1) / 2
    assert epsilon > 0 and split_c1 < leaf_by_hand(c1.counts, k, half) - epsilon     # c1 stays kept
    kept = brute_prune(root, k, half, half, epsilon)[1]
    assert kept == {"root", "c1"}
    result = prune(tree, k, epsilon=epsilon)
    assert {n.name for n in tree.root.walk() if n.children and result.kept(n)} == kept


def test_an_epsilon_past_its_digit_limit_is_refused_by_name():
    from exactprune.limits import MAX_EPSILON_DIGITS
    too_long = Fraction(1, 10 ** MAX_EPSILON_DIGITS)          # a denominator of MAX + 1 digits
    with pytest.raises(ValueError, match=f"^epsilon has a denominator of {MAX_EPSILON_DIGITS + 1} digits, "
                                         f"above the limit MAX_EPSILON_DIGITS = {MAX_EPSILON_DIGITS}$"):
        prune(Tree(Node((1, 2))), 1, epsilon=too_long)


def test_a_leaf_moment_below_the_floor_is_decided_in_the_log_domain_even_with_lam_zero():
    """lam = 0, k = 500: (1, 500) has E[r^k] = 1 / C(1000, 500), about 2**-995, below the float
    floor 2**-900 (not an exact zero: b = 1), against a subtree of pure children worth exactly 0:
    a clear keep, made by the filter's log domain (the leaf's log image against the exact 0); it
    went to exact rationals before."""
    assert 0 < Fraction(1, math.comb(1000, 500)) < Fraction(1, 2 ** 900)
    tree = Tree.from_json('{"counts": [1, 500], "children": [{"counts": [1, 0]}, {"counts": [0, 500]}]}')
    result = prune(tree, 500, prior=Prior(lam=0))
    assert result.kept(tree.root) and result.routes == {"float": 1, "arb": 0, "exact": 0}


def _same_trees(got, want):
    ga, wa = got.arrays(), want.arrays()
    assert ga.counts.tolist() == wa.counts.tolist() and ga.names() == wa.names()
    assert ga.offsets.tolist() == wa.offsets.tolist() and ga.indices.tolist() == wa.indices.tolist()
    assert [(n.feature, n.threshold, n.split) for n in got.nodes()] == [(n.feature, n.threshold, n.split) for n in want.nodes()]


@given(count_trees(max_depth=5, max_children=3), st.sampled_from([1, 2, 3, EXACT_K_LIMIT + 1]),
       st.sampled_from([0, Fraction(1, 100)]))
def test_prune_results_tree_from_the_float_pass_positions_is_the_pruned_tree_of_its_decisions(tree, k, epsilon):
    """PruneResult.tree takes the remaining nodes from the float pass's breadth-first positions
    (the arb pass above EXACT_K_LIMIT has none); it is Tree.pruned_tree of the decisions, made by
    CountArrays.subtree_mask, with the same arrays, names and routing."""
    result = prune(tree, k, epsilon=epsilon)
    _same_trees(result.tree, tree.pruned_tree(result.kept_splits))


def test_prune_results_tree_of_a_scikit_learn_tree_is_the_pruned_tree_of_its_decisions():
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", 3000, seed=2)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    leaves = []
    for k in (1, 2, 10):
        result = prune(tree, k)
        leaves.append(result.tree.n_leaves)
        _same_trees(result.tree, tree.pruned_tree(result.kept_splits))
    assert max(leaves) <= tree.n_leaves and min(leaves) < tree.n_leaves     # some k prunes


@pytest.mark.parametrize("k", [EXACT_K_LIMIT + 1, 10 ** 9, 2 ** 200])
def test_a_tie_of_identical_terms_is_decided_at_any_k(k):
    """Nodes without examples (default prior, J = 2): every node's terms of (4.29) are
    (a, d) = (c lam, J lam) = (1/2, 1), and the child weights (4.11) are (0 + 1/2) / (0 + 2 * 1/2)
    = 1/2 each, so R_tree = (1/2 + 1/2) R_leaf = R_leaf at every k: a tie, pruned (a split is kept
    only if R_tree < R_leaf - epsilon), on the exact route, with no moment made."""
    tree = Tree.from_json('{"counts":[0,0],"children":[{"counts":[0,0]},{"counts":[0,0]}]}')
    result = prune(tree, k)
    assert not result.kept(tree.root) and result.tree.n_leaves == 1
    assert result.routes["exact"] == 1


def _tie_above_the_limit():
    """(tree, k, epsilon) with R_leaf - epsilon - R_tree = 0 exactly at k = EXACT_K_LIMIT + 1 and
    terms that differ: (2, 2) split into (2, 0), (0, 2), default prior (lam = eta = 1/2, c = J - 1
    = 1): the root's terms (2 + 1/2, 4 + 1) = (5/2, 5), each child's (0 + 1/2, 2 + 1) = (1/2, 3),
    weights (2 + 1/2) / (4 + 2 * 1/2) = 1/2 each; epsilon the difference, positive (both moments
    fall like k^(-5/2), the leaf's with the larger constant Gamma(5)/Gamma(5/2) > Gamma(3)/Gamma(1/2))."""
    k = EXACT_K_LIMIT + 1
    leaf = rising_ratio_by_hand(Fraction(5, 2), Fraction(5), k)
    split = Fraction(1, 2) * rising_ratio_by_hand(Fraction(1, 2), Fraction(3), k) * 2
    tree = Tree.from_json('{"counts":[2,2],"children":[{"counts":[2,0]},{"counts":[0,2]}]}')
    assert leaf > split
    return tree, k, leaf - split


def test_a_tie_of_small_exact_rationals_is_decided_above_the_exact_limit():
    """The tie of :func:`_tie_above_the_limit` (its three moments about 3 x 4097 x 12 = 147,000
    bits, under EXACT_TIE_MAX_BITS): the balls cannot settle it, the exact route finds 0 and the
    split is pruned; an epsilon 2^-200000 smaller (far below the balls' reach) keeps it."""
    tree, k, epsilon = _tie_above_the_limit()
    result = prune(tree, k, epsilon=epsilon)
    assert not result.kept(tree.root) and result.routes["exact"] == 1
    smaller = prune(tree, k, epsilon=epsilon - Fraction(1, 2 ** 200000))
    assert smaller.kept(tree.root) and smaller.routes["exact"] == 1


def test_a_tie_beyond_the_exact_tie_bits_is_refused_as_not_decided(monkeypatch):
    """The same tie with the bound lowered under its 3 x 4097 x log2(k + d) bits: not decided,
    the refusal naming the bound (the command line turns it into exit 2 and one line)."""
    from exactprune import limits
    from exactprune.numbers import CertificationError
    tree, k, epsilon = _tie_above_the_limit()
    monkeypatch.setattr(limits, "EXACT_TIE_MAX_BITS", 3 * k * 12)       # log2(4097 + 5) > 12
    with pytest.raises(CertificationError, match="^sign not decided: .* more than EXACT_TIE_MAX_BITS"):
        prune(tree, k, epsilon=epsilon)


@given(count_trees(max_depth=4, max_children=3), st.integers(1, 4))
def test_the_float_filter_gives_the_remaining_nodes_once(tree, k):
    """The float filter's ``remaining`` (read by ``PruneResult.tree``) marks exactly the nodes
    whose ancestors are all kept splits - checked by a walk from the root over the decisions -
    a boolean array (as ``Tree.pruned_tree`` takes it), and None when asked again (its positions
    were dropped).  Killed mutants: ``remaining``'s None test inverted (1), the positions marked
    dropped with "" instead of None (3), the mask made as floats (30, 32)."""
    from exactprune.knorm.prunetree import _PruneTree

    engine = _PruneTree(tree, k, Prior(), Fraction(0))
    a = tree.arrays()
    if engine._filter is None:          # no split: no filter ran
        assert len(a.indices) == 0 and engine.remaining() is None
        return
    expected, stack = np.zeros(a.n_nodes, dtype=bool), [0]
    while stack:
        i = stack.pop()
        expected[i] = True
        if engine.kept[i]:
            stack.extend(a.children_of(i))
    remaining = engine.remaining()
    assert remaining.dtype == bool and remaining.tolist() == expected.tolist()     # the mask pruned_tree takes
    assert engine.remaining() is None


def test_the_exact_fallbacks_share_one_cache_of_subtree_values(monkeypatch):
    """Rational counts send every decision to the exact walk; on a chain of 12 splits (each
    splitting off a pure leaf of class 1, so every split is kept at k = 1) the walks share one
    cache, so a split's child weights (4.11) are made at most twice by the decisions (once for
    its own comparison, once when its parent's comparison first reads its kept subtree) and
    the root's once more by the result's moment: at most 2 S + 1 calls for S splits.  Walks
    without the shared cache rebuild every kept subtree below at each comparison (about S^2 / 2
    calls).  Killed mutants: ``_exact_walk`` given no cache (5, 10)."""
    import exactprune.knorm.prunetree as prunetree

    def chain(depth: int) -> Node:
        if depth == 0:
            return Node((Fraction(11, 2), Fraction(0)))
        rest = chain(depth - 1)
        return Node((rest.counts[0], rest.counts[1] + Fraction(11, 2)), [Node((Fraction(0), Fraction(11, 2))), rest])

    calls = []
    original = prunetree.child_weights
    monkeypatch.setattr(prunetree, "child_weights", lambda *args, **kw: calls.append(1) or original(*args, **kw))
    result = prune(Tree(chain(12)), 1)
    assert result.routes == {"float": 0, "arb": 0, "exact": 12} and result.pruned == []
    result.moment
    assert len(calls) <= 2 * 12 + 1


_TINY_ETA = Prior(eta=Fraction(1, 2 ** 70))


@pytest.mark.parametrize("spec, pruned, routes", [
    # A [4,4] -> [4,0],[0,4] clear; B [0,4] -> [0,4],[0,0]: B's empty child weighs
    # eta/(4 + 2 eta) < 2^-60 (not 0), so the filter declines B (exact: R_tree = (4 + 6 eta) /
    # (10 (4 + 2 eta)) > R_leaf = 1/10, pruned); the root, whose children both weigh about 1/2,
    # is decided by the float filter over B's leaf moment.
    ([[4, 8], [[[4, 4], [[4, 0], [0, 4]]], [[0, 4], [[0, 4], [0, 0]]]]], ["c2"], {"float": 2, "arb": 0, "exact": 1}),
    # the same split with three children (the filter's path for other than binary trees)
    ([[4, 6], [[4, 0], [0, 2], [[0, 4], [[0, 4], [0, 0], [0, 0]]]]], ["c3"], {"float": 1, "arb": 0, "exact": 1}),
    # the root's empty child weighs eta/(8 + 2 eta): the root goes exact, reading its child S
    # [4,4] -> [4,0],[0,4] (decided kept by the float filter on the level below): R_tree =
    # (8 + 6 eta) / (10 (8 + 2 eta)) < R_leaf = 1/2, kept.  (With S taken as a leaf the root
    # would tie with its leaf, 1/2 = 1/2, and be pruned.)
    ([[4, 4], [[[4, 4], [[4, 0], [0, 4]]], [0, 0]]], [], {"float": 1, "arb": 0, "exact": 1}),
])
def test_weights_below_the_floor_send_their_split_alone_to_the_exact_route(spec, pruned, routes):
    """A non-zero child weight below ``_WEIGHT_FLOOR`` (eta = 2^-70 and an empty child) makes
    that split's subtree value untrusted (NaN): its decision, and only its, goes to exact
    rationals, which read the decisions already made below it.  Expected decisions by hand
    (k = 1, lam = 1/2: the leaf moment of (b, n) counts is (b + 1/2) / (n + 1)).  Killed
    mutants of ``_FloatFilter.__init__``: the low-weight mask (117, 119, 120), the binary
    filter's group starts (128, 129, 131, 134), the non-binary starts (124), the decisions below
    not handed to the exact walk (259, 260), the float route counted with ``=`` or ``-=`` (264,
    265)."""
    result = prune(counts_tree(spec), 1, prior=_TINY_ETA)
    assert result.pruned == pruned
    assert result.routes == routes


def test_an_eta_without_a_float_image_sends_every_decision_to_exact_rationals():
    """eta = 10^400 has no float image: every bound of the float filter is void and every
    decision goes to exact rationals (binary and three-way splits alike), where eta's weights
    (n_c + eta) / (n + K eta) are all but 1/K.  Killed mutant: the float filter's weights for
    other than binary trees made without ``float`` arithmetic (``_FloatFilter.__init__`` 100:
    Fraction(inf) raises)."""
    for spec, splits in (([[4, 8], [[[4, 4], [[4, 0], [0, 4]]], [[0, 4], [[0, 4], [0, 0]]]]], 3),
                         ([[4, 6], [[4, 0], [0, 2], [[0, 4], [[0, 4], [0, 0], [0, 0]]]]], 2)):
        result = prune(counts_tree(spec), 1, prior=Prior(eta=10 ** 400))
        assert result.routes == {"float": 0, "arb": 0, "exact": splits}


def test_a_zero_child_weight_is_trusted_by_the_float_filter():
    """eta = 0 and an empty child: its weight is exactly 0 (trusted, adding nothing), so the
    float filter still decides: S [4,4] -> [4,0],[0,4] and the root [4,4] -> S, [0,0] both
    kept (R_tree(root) = 1 * 1/10 + 0 < R_leaf = 1/2).  Killed mutant: zero weights counted as
    low (``_FloatFilter.__init__`` 119)."""
    result = prune(counts_tree([[4, 4], [[[4, 4], [[4, 0], [0, 4]]], [0, 0]]]), 1, prior=Prior(eta=0))
    assert result.pruned == [] and result.routes == {"float": 2, "arb": 0, "exact": 0}


def test_prune_refuses_a_prior_of_another_type_naming_it():
    """Killed mutants: the refusal's message dropped or naming NoneType (``prune`` 8, 9)."""
    with pytest.raises(TypeError, match=r"^prior must be an exactprune Prior, got dict$"):
        prune(iris_tree(), 1, prior={"lam": 1})


def test_the_float_filter_over_more_splits_than_one_block():
    """A complete binary tree of depth 15 (32,767 splits, 65,535 nodes: more than one block of
    ``_LEAF_BLOCK`` = 16,384 splits and of nodes) whose leaves are pure, one example each:
    every subtree's optimal moment is the pure leaves' (0 + 1/2) / (1 + 1) = 1/4 (the weights
    sum to 1) and a split of 2^m examples, half of each class, has (2^(m-1) + 1/2) / (2^m + 1)
    > 1/4 as a leaf, so every split is kept, each by the float filter.  Killed mutants: the
    binary weights' block bounds (``_FloatFilter.__init__`` 64, 68, 69)."""
    depth = 15
    n_nodes = 2 ** (depth + 1) - 1
    counts = np.zeros((n_nodes, 2), dtype=np.int64)
    first_leaf = 2 ** depth - 1                    # heap numbering: children of i are 2i+1, 2i+2
    counts[first_leaf:, 0] = np.arange(2 ** depth) % 2
    counts[first_leaf:, 1] = 1 - counts[first_leaf:, 0]
    for i in range(first_leaf - 1, -1, -1):
        counts[i] = counts[2 * i + 1] + counts[2 * i + 2]

    def node(i):
        return Node(tuple(counts[i].tolist())) if i >= first_leaf else Node(tuple(counts[i].tolist()),
                                                                           [node(2 * i + 1), node(2 * i + 2)])
    result = prune(Tree(node(0)), 1)
    assert result.pruned == [] and result.routes == {"float": first_leaf, "arb": 0, "exact": 0}


# ---------------------------------------------------------------------------------------------
# Tests written to settle the survivors of the mutation runs of 2026-11-29 (docs/mutation.md)
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("epsilon, route", [(Fraction(1, 2 ** 950), "exact"), (0, "float")])
def test_a_leaf_moment_between_tiny_and_the_value_floor_is_not_trusted(epsilon, route):
    """lam = 0, k = 443: the root (1, 470) has E[r^k] = 443! 470! / 913! = 1 / C(913, 443), about
    2^-907: a valid float image (above TINY = 2^-960) but below ``_VALUE_FLOOR`` = 2^-900, so the
    float filter does not trust it and the decision (a clear keep: the pure children are worth
    exactly 0) is made by exact rationals (epsilon 2**-950, which leaves the keep as it is: no log
    domain); with epsilon 0 by the log domain.  (Below TINY the image itself is invalid, which is
    why the (1, 500) case above does not reach the floor.)  Killed mutants: leaf moments below the
    floor trusted (``_FloatFilter._leaf_floats`` 78, 85)."""
    from exactprune.certify import TINY
    from exactprune.knorm.prunetree import _VALUE_FLOOR
    value = Fraction(1, math.comb(913, 443))
    assert value == leaf_by_hand((1, 470), 443, Fraction(0))
    assert Fraction(TINY) < value < Fraction(_VALUE_FLOOR) == Fraction(1, 2 ** 900)
    tree = Tree.from_json('{"counts": [1, 470], "children": [{"counts": [1, 0]}, {"counts": [0, 470]}]}')
    result = prune(tree, 443, prior=Prior(lam=0), epsilon=epsilon)
    assert result.kept(tree.root) and result.moment == 0
    assert result.routes == {"float": 0, "arb": 0, "exact": 0, route: 1}


def test_the_moment_of_prunetree_is_exact_up_to_the_exact_limit_and_a_ball_above():
    """(3, 1) -> (3, 0), (0, 1) under the default prior: at k = EXACT_K_LIMIT the pruned tree's
    moment is an exact Fraction, the brute force's in Fractions; at EXACT_K_LIMIT + 1 a ball
    holding it.  Killed mutant: ``root_moment``'s switch to balls at ``k >= EXACT_K_LIMIT`` (1)."""
    tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    half = Fraction(1, 2)
    for k in (EXACT_K_LIMIT, EXACT_K_LIMIT + 1):
        value, kept, _ = brute_prune(tree.root, k, half, half, Fraction(0))
        result = prune(tree, k)
        assert {n.name for n in tree.root.walk() if n.children and result.kept(n)} == kept
        if k == EXACT_K_LIMIT:
            assert type(result.moment) is Fraction and result.moment == value
        else:
            assert_ball(result.moment, value, abs(result.moment.mid()) * 2.0 ** -100)


@pytest.mark.parametrize("k", [EXACT_K_LIMIT + 1, 10 ** 9])
def test_a_tie_of_identical_terms_is_pruned_under_an_epsilon_below_the_balls_reach(k):
    """The tie of the empty nodes (R_tree = R_leaf at every k, as above) with epsilon = 2^-70000,
    below what the balls resolve at the decider's 2^16 bits: the exact route gives
    R_leaf - epsilon - R_tree = -epsilon < 0, so the split is pruned (kept only if R_tree <
    R_leaf - epsilon).  Killed mutant: ``_exact_beyond_limit`` returning +epsilon (31)."""
    tree = Tree.from_json('{"counts":[0,0],"children":[{"counts":[0,0]},{"counts":[0,0]}]}')
    result = prune(tree, k, epsilon=Fraction(1, 2 ** 70000))
    assert not result.kept(tree.root) and result.routes == {"float": 0, "arb": 0, "exact": 1}


def test_a_tie_whose_exact_moments_need_exactly_the_bound_is_decided(monkeypatch):
    """The tie of :func:`_tie_above_the_limit` under a bound of exactly its estimate, the
    docstring's k log2(d + k) bits summed over the split's terms and its leaves' (d = 5 for the
    root, 3 for each child, k = EXACT_K_LIMIT + 1): "at most EXACT_TIE_MAX_BITS" includes it, so
    the tie is decided (pruned); one float below, it is refused.  Killed mutant:
    ``_exact_beyond_limit``'s ``>`` turned into ``>=`` (40)."""
    from exactprune import limits
    from exactprune.numbers import CertificationError
    tree, k, epsilon = _tie_above_the_limit()
    estimate = sum(k * math.log2(d + k) for d in (5.0, 3.0, 3.0))
    monkeypatch.setattr(limits, "EXACT_TIE_MAX_BITS", estimate)
    result = prune(tree, k, epsilon=epsilon)
    assert not result.kept(tree.root) and result.routes["exact"] == 1
    monkeypatch.setattr(limits, "EXACT_TIE_MAX_BITS", math.nextafter(estimate, 0))
    with pytest.raises(CertificationError, match="more than EXACT_TIE_MAX_BITS"):
        prune(tree, k, epsilon=epsilon)


@given(count_trees(max_depth=4, max_children=3, max_count=40), st.sampled_from([65, 193, 1000, EXACT_K_LIMIT]),
       st.sampled_from([Prior(), Prior(lam="1/3", eta=2, numerator="1")]), st.sampled_from([0, Fraction(1, 10 ** 30)]))
def test_prunetree_with_gamma_images_decides_every_split_as_exact_rationals(tree, k, prior, epsilon):
    """Above GAMMA_IMAGE_FROM the float pass reads log-Gamma images of the leaf moments (a bound
    per node, the largest serving all): every split (also below pruned ones) as exact
    arithmetic decides it, and the moment of the result is the exact one."""
    try:
        expected, moment = _exact_decisions(tree, k, prior, epsilon)
    except ValueError:                       # an empty node with lam = 0: refused (tested above)
        return
    result = prune(tree, k, prior=prior, epsilon=epsilon)
    assert result.kept_splits.tolist() == expected and result.moment == moment


@pytest.mark.parametrize("k", [65, 193, 500, EXACT_K_LIMIT])
def test_prunetree_with_gamma_images_on_a_scikit_learn_tree_is_exact_and_settled_by_floats(k):
    """A grown tree of 600 rows at orders the log-Gamma images serve: the decisions are exact
    arithmetic's, and the float filter settles nearly all of them (its bound is not vacuous)."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g6c25", 600, seed=3)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    expected, moment = _exact_decisions(tree, k, Prior())
    result = prune(tree, k)
    assert result.kept_splits.tolist() == expected and result.moment == moment
    assert result.routes["exact"] <= 2 and result.routes["float"] >= result.comparisons - 2


@pytest.mark.parametrize("k", [2, 64, 192, 193, 1000, EXACT_K_LIMIT])
def test_a_tie_at_an_order_of_gamma_images_goes_to_exact_rationals(k):
    """(2, 2) split into (2, 0), (0, 2) with epsilon = R_leaf - R_tree exactly (the terms and
    weights of :func:`_tie_above_the_limit`, at k in the log-Gamma images' range): the float
    images differ from the exact moments by rounding, so only a bound that covers the images'
    errors declines; the exact route finds the tie, which prunes."""
    leaf = rising_ratio_by_hand(Fraction(5, 2), Fraction(5), k)
    split = rising_ratio_by_hand(Fraction(1, 2), Fraction(3), k)
    tree = Tree.from_json('{"counts":[2,2],"children":[{"counts":[2,0]},{"counts":[0,2]}]}')
    result = prune(tree, k, epsilon=leaf - split)
    assert not result.kept(tree.root)
    assert result.routes == {"float": 0, "arb": 0, "exact": 1}


@pytest.mark.parametrize("k, route", [(2 ** 53 - 1, "float"), (2 ** 53, "arb")])
def test_the_float_filter_serves_every_k_below_two_to_the_53_on_a_tree_of_one_split(k, route):
    """The log-Gamma images of the float pass need k < 2**53; beyond, the log domain serves
    trees of at least ``_LOG_MIN_SPLITS`` = 6 splits only (tests/knorm/test_prune_many.py), so
    on one split each decision is a certified arb sign.  Either way (3, 3) split into pure
    children is kept and (60, 2) into (60, 0), (0, 2) pruned (a leaf decays like k**-(max count
    + lam): equal rates with a smaller constant, and a worse child decaying slower; see
    test_prune_at_large_k_follows_epsilon_and_the_brute_force).  The moments of (60, 2), about
    k**-60.5, are below the float range: the log domain decides them below 2**53."""
    for text, kept in (('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}', True),
                       ('{"counts": [60, 2], "children": [{"counts": [60, 0]}, {"counts": [0, 2]}]}', False)):
        tree = Tree.from_json(text)
        result = prune(tree, k)
        assert result.kept(tree.root) == kept
        assert result.routes[route] == 1 and result.comparisons == 1


def test_a_leaf_image_below_the_float_range_leaves_the_other_splits_to_the_float_filter():
    """At k = 10**8 the moments of (63, 5) and (60, 2) (about k**-60) underflow (no float image,
    an infinite bound), those
    of (3, 3), (3, 0), (0, 3) have: the split (3, 3) is settled by the float filter (the bound
    serving every node is the largest finite one, not infinite), the root by an arb sign, and
    the decisions are those of the large-k tests above ((3, 3) kept; the root pruned, its worse
    child decaying slower).  Epsilon 2**-950 keeps the float images (no log domain) and changes
    no decision (the root's leaf moment, about 10**-480, is below it, its subtree's too); with
    epsilon 0 the log domain decides both."""
    tree = Tree.from_json('{"counts": [63, 5], "children": [{"counts": [60, 2]}, {"counts": [3, 3], '
                          '"children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}]}')
    result = prune(tree, 10 ** 8, epsilon=Fraction(1, 2 ** 950))
    assert result.routes == {"float": 1, "arb": 1, "exact": 0}
    assert result.kept_splits.tolist() == [False, False, True, False, False] and result.pruned == ["root"]
    result = prune(tree, 10 ** 8)
    assert result.routes == {"float": 2, "arb": 0, "exact": 0}
    assert result.kept_splits.tolist() == [False, False, True, False, False] and result.pruned == ["root"]


@pytest.mark.parametrize("k", [64, 192, 193, 1000])
def test_a_tie_against_epsilon_alone_goes_to_exact_rationals(k):
    """lam = 0: (3, 1) split into the pure (3, 0), (0, 1) has R_tree = 0 exactly (b = 0), so with
    epsilon = R_leaf = prod_{m<k} (1 + m) / (4 + m) (written out in Fractions) the comparison is
    the leaf's float image against epsilon's alone: only the leaf image's own bound (the loop's
    rule up to 192, the log-Gamma images' above) makes the filter decline; the exact route finds
    the tie, which prunes."""
    leaf = rising_ratio_by_hand(Fraction(1), Fraction(4), k)
    tree = Tree.from_json('{"counts":[3,1],"children":[{"counts":[3,0]},{"counts":[0,1]}]}')
    result = prune(tree, k, prior=Prior(lam=0), epsilon=leaf)
    assert not result.kept(tree.root)
    assert result.routes == {"float": 0, "arb": 0, "exact": 1}
