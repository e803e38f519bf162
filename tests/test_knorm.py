"""Tests of exactprune.knorm: leaf and subtree k-norm moments (Zhong 4.28-4.29) and PruneTree (Fig 4.1)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, strategies as st

from exactprune import Node, Prior, Tree
from exactprune.dirichlet import moment_one_minus_p
from exactprune.knorm import (EXACT_K_LIMIT, child_weight, leaf_moment, leaf_moment_arb, leaf_moment_floats, leaf_moment_terms,
                              moment, prune, subtree_moment)
from exactprune.numbers import arb_of
from exactprune.tree import ancestor_names, iris_tree
from random_trees import all_prunings, count_trees


# -- k-norm moments -------------------------------------------------------------------
def test_prior_validation():
    with pytest.raises(TypeError, match="eta must be exact"):
        Prior(eta=0.5)
    with pytest.raises(ValueError, match="lam must be non-negative"):
        Prior(lam=-1)
    with pytest.raises(ValueError, match="numerator"):
        Prior(numerator="J")
    with pytest.raises(ValueError, match="positive integer"):
        leaf_moment((1, 2), 0)
    with pytest.raises(ValueError, match="integer"):
        leaf_moment((1, 2), "3/2")


@given(st.lists(st.integers(0, 30), min_size=2, max_size=5).filter(lambda c: sum(c) > 0), st.integers(1, 8),
       st.fractions(min_value=Fraction(1, 5), max_value=2, max_denominator=5))
def test_leaf_moment_is_the_dirichlet_moment_of_one_minus_the_label_probability(counts, k, lam):
    """(4.29) with numerator J-1 is (3.20) for the majority class."""
    label = counts.index(max(counts))
    assert leaf_moment(counts, k, Prior(lam=lam)) == moment_one_minus_p(counts, label, k, lam)


@given(count_trees(), st.integers(1, 6))
def test_subtree_moment_is_weighted_sum_of_children(tree, k):
    prior = Prior()
    for node in tree.nodes():
        if node.children:
            assert subtree_moment(node, k, prior) == sum(child_weight(c, node, prior.eta) * subtree_moment(c, k, prior)
                                                         for c in node.children)


def test_arb_moment_contains_exact_value():
    import flint
    node = iris_tree().node("c2")
    for k in (1, 7, 50):
        assert leaf_moment_arb(node.counts, k).overlaps(flint.arb(str(float(leaf_moment(node.counts, k)))))
    big = moment(node, EXACT_K_LIMIT + 1)
    assert isinstance(big, flint.arb) and 0 < big < 1


# -- PruneTree --------------------------------------------------------------------------
def _pruned_moment(node, kept, k, prior):
    if node.is_leaf or node.name not in kept:
        return leaf_moment(node.counts, k, prior)
    return sum(child_weight(c, node, prior.eta) * _pruned_moment(c, kept, k, prior) for c in node.children)


@given(count_trees(max_depth=3), st.integers(1, 5),
       st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(lam="1/3", eta=2, numerator="1")]))
def test_property_1_prunetree_is_the_brute_force_optimum(tree, k, prior):
    result = prune(tree, k, prior)
    best = min(_pruned_moment(tree.root, kept, k, prior) for kept in all_prunings(tree.root))
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


def test_leaf_moment_terms_for_both_numerators_by_hand():
    # Zhong App B, c21 = (0, 49, 5), lam = 1/2: b = 5 errors, n = 54, J = 3
    assert leaf_moment_terms((0, 49, 5), Prior()) == (Fraction(6), Fraction(111, 2))           # b + (J-1) lam
    assert leaf_moment_terms((0, 49, 5), Prior(numerator="1")) == (Fraction(11, 2), Fraction(111, 2))  # b + lam
    assert leaf_moment((0, 49, 5), 3, Prior(numerator="1")) == Fraction(11 * 13 * 15, 111 * 113 * 115)
    with pytest.raises(ValueError, match="node c9: an empty node with lam = 0"):
        leaf_moment_terms((0, 0, 0), Prior(lam=0), "node c9")


def test_leaf_moment_with_a_float_or_negative_count_raises():
    """issue 11: leaf_moment((0.5, 49, 5), 1) and ((-3, 49, 5), 1) returned Fractions."""
    with pytest.raises(TypeError, match=r"integers or exact rationals \(Fraction\): got the float 0.5"):
        leaf_moment((0.5, 49, 5), 1)
    with pytest.raises(ValueError, match="non-negative: got -3"):
        leaf_moment((-3, 49, 5), 1)


def test_numpy_integer_counts_are_accepted():
    """issue 11: np.int64 counts (every scikit-learn user has them) give the same exact moments."""
    assert leaf_moment((np.int64(0), np.int64(49), np.int64(5)), 1) == Fraction(6) / Fraction(111, 2)
    tree = Tree(Node((np.int64(3), np.int64(1)), [Node((np.int64(3), 0)), Node((0, np.int64(1)))]))
    assert all(type(c) is int for node in tree.root.walk() for c in node.counts)
    # (4.28) by hand: (3.5/5)(0.5/4) + (1.5/5)(0.5/2)
    assert subtree_moment(tree.root, 1) == Fraction(7, 10) * Fraction(1, 8) + Fraction(3, 10) * Fraction(1, 4)


def test_tree_with_a_float_count_is_refused():
    """issue 11: subtree_moment on a tree with a float count returned a float as 'exact'."""
    with pytest.raises(ValueError, match="counts must be integers"):
        Tree(Node((3.0, 1), [Node((3, 0)), Node((0, 1))]))


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
            prune(tree, k, prior, epsilon)
        return
    result = prune(tree, k, prior, epsilon)
    assert result._evaluator.kept.tolist() == expected and result.moment == moment


@pytest.mark.parametrize("n, k", [(200, 1), (5000, 2), (30000, 2), (30000, 5)])
def test_array_prunetree_on_sklearn_trees_of_several_sizes(n, k):
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", n, seed=n)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    expected, moment = _exact_decisions(tree, k, Prior())
    result = prune(tree, k)
    assert result._evaluator.kept.tolist() == expected and result.moment == moment
    kept_names = {node.name for node in result.tree.nodes() if node.children}
    assert kept_names == {node.name for node, kept in zip(tree.nodes(), expected)
                          if kept and not _has_pruned_ancestor(node.name, kept_names)}


def test_moments_and_weights_too_small_for_floats_go_to_exact_rationals():
    """Leaf moments below 2**-900 and child weights below 2**-60 are not trusted by the float
    filter: those decisions are made by exact rationals, and equal Fig 4.1 by exact arithmetic."""
    big = 10 ** 6
    # k = 120: a pure leaf of 10**6 examples has factors (1/2 + m)/(10**6 + 1 + m) < 1/7000 and the
    # root's (3.5 + m)/(10**6 + 4 + m) < 1/7000, so both moments are below 10**-460: the root and c1
    # go exact; c2 = (0, 3) (moments near 1) is settled by the float filter.
    tall = Tree(Node((big, 3), [Node((big, 0), [Node((big - 2, 0)), Node((2, 0))]),
                                Node((0, 3), [Node((0, 3)), Node((0, 0))])]))
    # eta = 10**-22: the empty child's weight eta/(4 + 3 eta) is below 2**-60, though the moments
    # differ widely (leaf 3/10 at k = 1 against a tree of pure children)
    wide = Tree(Node((1, 3), [Node((1, 0)), Node((0, 3)), Node((0, 0))]))
    for tree, k, prior, exact_routes in [(tall, 120, Prior(), 2), (wide, 1, Prior(eta="1/10000000000000000000000"), 1)]:
        expected, moment = _exact_decisions(tree, k, prior)
        result = prune(tree, k, prior)
        assert result._evaluator.kept.tolist() == expected and result.moment == moment
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
    result = prune(tree, 1, Prior(lam=1), epsilon=1)        # epsilon 1 prunes every split
    assert result.pruned == ["root"]
    arrays = tree.arrays()
    order = list(range(arrays.n_nodes))[::-1]
    assert arrays.names_of(order) == [names[i] for i in order] == [arrays.name(i) for i in order]
    kept = np.ones(arrays.n_nodes, dtype=bool)
    kept[[names.index("c4.11"), names.index("c.12"), names.index("c2")]] = False
    assert sorted(tree.pruned_by(kept)[1]) == ["c.12", "c2", "c4.11"]


def test_leaf_moment_floats_enclose_the_exact_moments_and_refuse_at_their_edges():
    """knorm.leaf_moment_floats, the array float form of (4.29): each image encloses the exact
    leaf moment (checked in rationals) with the scalar rule's bound; a = 0 gives the exact 0; a
    node of 2**53 examples, and every node under a lam whose float is out of range (10**400),
    have no image (an infinite bound)."""
    import numpy as np
    from exactprune.certify import U, rising_ratio, Approx, sum_rel
    from exactprune.knorm import leaf_moment, leaf_moment_floats, leaf_terms
    counts = [(0, 49, 5), (3, 0), (0, 7), (2 ** 52, 2 ** 52), (1, 1)]
    for prior, k in ((Prior(), 3), (Prior(lam=0, eta=1), 2), (Prior(lam=Fraction(1, 3), numerator="1"), 7)):
        for group in ([c for c in counts if len(c) == 2], [counts[0]]):
            sizes = np.array([sum(c) for c in group])
            top = np.array([max(c) for c in group])
            values, rels = leaf_moment_floats(sizes, top, len(group[0]), prior, k)
            for c, v, r in zip(group, values.tolist(), rels.tolist()):
                if sum(c) >= 2 ** 53:
                    assert r == float("inf")
                    continue
                exact = leaf_moment(c, k, prior)
                assert abs(Fraction(v) - exact) <= Fraction(r) * Fraction(v)
                a, d = leaf_terms(float(sum(c)), float(max(c)), tuple(float(x) for x in prior.term_offsets(len(c))))
                scalar = rising_ratio(Approx(a, sum_rel(0.0, U)), Approx(d, sum_rel(0.0, U)), k)
                assert (v, r) == ((0.0, 0.0) if exact == 0 else (scalar.value, scalar.rel))
    values, rels = leaf_moment_floats(np.array([54]), np.array([49]), 3, Prior(lam=Fraction(10) ** 400), 1)
    assert rels.tolist() == [float("inf")]


# -- rational class counts (weighted counts): PruneTree exact, against a brute force -----------------

def _random_rational_node(rng, depth: int, n_classes: int, denominator: int) -> Node:
    """A random count tree (2 or 3 children per split) whose leaves have counts in (1/denominator)Z,
    zeros included; parents are the sums of their children."""
    if depth == 0 or rng.random() < 0.35:
        return Node(tuple(Fraction(int(v), denominator) for v in rng.integers(0, 4 * denominator, n_classes)))
    kids = [_random_rational_node(rng, depth - 1, n_classes, denominator) for _ in range(int(rng.integers(2, 4)))]
    return Node(tuple(sum(column, Fraction(0)) for column in zip(*(kid.counts for kid in kids))), kids)


def _leaf_by_hand(counts, k: int, lam: Fraction, numerator: str) -> Fraction:
    """Zhong (4.29) written out: prod_{m<k} (b + c lam + m) / (n + J lam + m), b = n - max_j n_j."""
    n, J = sum(counts), len(counts)
    a, d = n - max(counts) + (J - 1 if numerator == "J-1" else 1) * lam, n + J * lam
    value = Fraction(1)
    for m in range(k):
        value *= (a + m) / (d + m)
    return value


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
        return _leaf_by_hand(node.counts, k, lam, numerator)
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
            result = prune(tree, k, Prior(lam, eta, numerator))
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


def test_leaf_moment_floats_give_no_image_for_rational_counts():
    """The float images' bounds assume integer counts: a node whose size or majority count is a
    Fraction gets an infinite bound (no image); Python ints in an object array keep their bound."""
    sizes = np.array([54, Fraction(109, 2), 54], dtype=object)
    majority = np.array([49, 49, Fraction(97, 2)], dtype=object)
    values, rels = leaf_moment_floats(sizes, majority, 3, Prior(), 2)
    assert np.isfinite(rels[0]) and rels[1] == np.inf and rels[2] == np.inf
    assert abs(Fraction(values[0]) - Fraction(56, 4181)) <= Fraction(rels[0]) * Fraction(values[0])


def test_rational_leaf_moments_by_hand():
    """(4.29) on rational counts, exact and certified: (1/2, 3/2) with lam = 1/2, c = J - 1 = 1:
    a = 1/2 + 1/2 = 1, d = 2 + 1 = 3, E[r^2] = 1 * 2 / (3 * 4) = 1/6."""
    assert leaf_moment((Fraction(1, 2), Fraction(3, 2)), 2) == Fraction(1, 6)
    assert leaf_moment_arb((Fraction(1, 2), Fraction(3, 2)), 2).overlaps(arb_of(Fraction(1, 6)))
    with pytest.raises(ValueError, match="non-negative: got -1/2"):
        leaf_moment((Fraction(-1, 2), 1), 1)
