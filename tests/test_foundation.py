"""Issue 2: numbers, Dirichlet moments, the count tree, k-norm moments and PruneTree."""
from __future__ import annotations

import itertools
import math
import json
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, strategies as st

from exactprune import Node, Prior, Tree
from exactprune.dirichlet import moment_one_minus_p, moment_p, moment_pair, product_moment
from exactprune.knorm import (EXACT_K_LIMIT, child_weight, leaf_moment, leaf_moment_arb, moment, prune,
                              subtree_moment)
from exactprune.numbers import certified_sign, exact, rising
from exactprune.tree import iris_tree
from random_trees import all_prunings, count_trees

MC_SIGMAS = 5  # Monte Carlo tolerance, in standard errors


# -- numbers ------------------------------------------------------------------------
@pytest.mark.parametrize("value, expected", [(3, Fraction(3)), ("1/2", Fraction(1, 2)), ("0.5", Fraction(1, 2)),
                                             (" -7/21 ", Fraction(-1, 3)), (sympy.Rational(2, 3), Fraction(2, 3)),
                                             ("1e-3", Fraction(1, 1000))])
def test_exact_accepts_exact_forms(value, expected):
    assert exact(value) == expected


@pytest.mark.parametrize("value, error, words", [(0.5, TypeError, "lam must be exact"), (True, TypeError, "bool"),
                                                  ("1/0", ValueError, "zero denominator"),
                                                  ("abc", ValueError, "cannot read"),
                                                  (sympy.sqrt(2), TypeError, "rational")])
def test_exact_rejects_with_named_parameter(value, error, words):
    with pytest.raises(error, match=words):
        exact(value, "lam")


def test_certified_sign_raises_precision_until_decided():
    import flint
    tiny = lambda: flint.arb(1) + flint.arb(2) ** -300 - flint.arb(1)  # invisible at 64 bits
    assert certified_sign(tiny) == 1


# -- Dirichlet moments ----------------------------------------------------------------
def _sympy_simplex_moment(alphas, exponents):
    """E[prod p_h^k_h] under Dir(alphas) by integrating the density over the simplex (H <= 3)."""
    ps = sympy.symbols(f"p0:{len(alphas)}", nonnegative=True)
    last = 1 - sum(ps[:-1])
    norm = sympy.gamma(sum(alphas)) / sympy.prod([sympy.gamma(a) for a in alphas])
    integrand = norm * sympy.prod([p ** (a - 1 + k) for p, a, k in zip(ps[:-1], alphas[:-1], exponents[:-1])])
    integrand *= last ** (alphas[-1] - 1 + exponents[-1])
    if len(alphas) == 2:
        return sympy.simplify(sympy.integrate(integrand, (ps[0], 0, 1)))
    return sympy.simplify(sympy.integrate(integrand, (ps[1], 0, 1 - ps[0]), (ps[0], 0, 1)))


@pytest.mark.parametrize("counts, exponents, lam", [((1, 0), (2, 1), 1), ((0, 2), (1, 3), 1),
                                                     ((1, 0, 1), (1, 1, 0), 1), ((0, 1, 0), (2, 0, 1), 2)])
def test_product_moment_equals_integral_over_simplex(counts, exponents, lam):
    alphas = [sympy.Integer(c + lam) for c in counts]
    expected = _sympy_simplex_moment(alphas, exponents)
    value = product_moment(counts, exponents, lam)
    assert sympy.Rational(value.numerator, value.denominator) == expected


def test_product_moment_against_numpy_dirichlet_sampler():
    seed = 20261125
    rng = np.random.default_rng(seed)
    counts, exponents, lam = (3, 1, 0), (2, 1, 1), Fraction(1, 2)
    samples = rng.dirichlet([c + 0.5 for c in counts], size=200_000)
    values = np.prod(samples ** np.array(exponents), axis=1)
    mean, se = values.mean(), values.std(ddof=1) / np.sqrt(len(values))
    exact_value = float(product_moment(counts, exponents, lam))
    assert abs(mean - exact_value) <= MC_SIGMAS * se, f"seed {seed}: MC {mean} vs exact {exact_value}"


@given(st.lists(st.integers(0, 20), min_size=2, max_size=4), st.integers(0, 6),
       st.fractions(min_value=Fraction(1, 7), max_value=3, max_denominator=7), st.data())
def test_special_cases_3_19_to_3_21_follow_from_c6(counts, k, lam, data):
    h = data.draw(st.integers(0, len(counts) - 1))
    h2 = data.draw(st.integers(0, len(counts) - 1))
    N, H = sum(counts), len(counts)
    expected_319 = rising(counts[h] + lam, k) / rising(N + lam * H, k)
    expected_320 = rising(N - counts[h] + lam * (H - 1), k) / rising(N + lam * H, k)
    expected_321 = (counts[h] + lam) * (counts[h2] + lam + (h == h2)) / ((N + lam * H) * (N + lam * H + 1))
    assert moment_p(counts, h, k, lam) == expected_319
    assert moment_one_minus_p(counts, h, k, lam) == expected_320
    assert moment_pair(counts, h, h2, lam) == expected_321
    # (3.20) is also the binomial expansion of E[(1-p)^k] over (3.19)
    expansion = sum(math.comb(k, m) * (-1) ** m * moment_p(counts, h, m, lam) for m in range(k + 1))
    assert expansion == expected_320


def test_symbolic_lambda():
    lam = sympy.Symbol("lam", positive=True)
    value = moment_one_minus_p([5, 1], 0, 2, lam)
    assert sympy.simplify(value - (1 + lam) * (2 + lam) / ((6 + 2 * lam) * (7 + 2 * lam))) == 0


# -- the count tree -------------------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ('{"counts": [1, -1]}', "negative count"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 1]}]}', "at least 2 children"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 2]}]}', "add up"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 0, 0]}, {"counts": [0, 1]}]}', "c1: has 3 counts"),
    ('{"counts": [1.5, 1]}', "integers"),
    ('{"counts": [1, 1]', "malformed"),
    ('{"cnts": [1, 1]}', "unknown keys"),
    ('[1, 2]', "expected an object"),
])
def test_bad_trees_are_rejected_naming_the_node(text, words):
    with pytest.raises(ValueError, match=words):
        Tree.from_json(text)


@given(count_trees())
def test_json_round_trip(tree):
    again = Tree.from_json(tree.to_json())
    assert [n.counts for n in again.nodes()] == [n.counts for n in tree.nodes()]
    assert [n.name for n in again.nodes()] == [n.name for n in tree.nodes()]


def test_iris_tree_is_zhongs_figure_b1a():
    t = iris_tree()
    assert t.root.counts == (50, 50, 50)
    assert [t.node(n).counts for n in ("c1", "c2", "c21", "c22")] == [(50, 0, 0), (0, 50, 50), (0, 49, 5), (0, 1, 45)]
    assert t.n_leaves == 8
    # the ineffective split of App B.1: c22's children make the same number of training errors
    c22 = t.node("c22")
    assert sum(c.errors for c in c22.children) == c22.errors == 1


def test_from_sklearn_counts_match_training_data():
    from sklearn.datasets import load_wine
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_wine(return_X_y=True)
    est = DecisionTreeClassifier(max_depth=4, random_state=1).fit(X, y)
    t = Tree.from_sklearn(est)
    leaf_ids = est.apply(X)
    for node_id, leaf in zip(sorted(set(leaf_ids)), []):
        pass
    assert t.root.counts == tuple(np.bincount(y))
    for x, label in zip(X[:20], y[:20]):
        leaf = t.leaf_for(x)
        assert leaf.counts[label] > 0


def test_from_sklearn_refuses_fractional_weights():
    from sklearn.tree import DecisionTreeClassifier
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    est = DecisionTreeClassifier().fit(X, [0, 0, 1, 1], sample_weight=[0.5, 1, 1, 1])
    with pytest.raises(ValueError, match="non-integer weighted class counts"):
        Tree.from_sklearn(est)


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


def _route_monte_carlo(tree, k, seed, draws=20000):
    """Thm 4.1 / Cor 4.2 by simulation: draw child proportions and class probabilities from their
    posteriors, average the leaf error^k over the child proportions along the paths."""
    rng = np.random.default_rng(seed)
    prior = Prior()
    lam, eta = float(prior.lam), float(prior.eta)
    total = np.zeros(draws)

    def visit(node, weight):
        nonlocal total
        if node.is_leaf:
            probs = rng.dirichlet([c + lam for c in node.counts], size=draws)
            label = node.label
            total += weight * (1 - probs[:, label]) ** k
            return
        props = rng.dirichlet([c.n + eta for c in node.children], size=draws)
        for i, child in enumerate(node.children):
            visit(child, weight * props[:, i])

    visit(tree.root, np.ones(draws))
    return total.mean(), total.std(ddof=1) / np.sqrt(draws)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_theorem_4_1_recursion_against_monte_carlo(k):
    seed = 4100 + k
    tree = iris_tree()
    mean, se = _route_monte_carlo(tree, k, seed)
    exact_value = float(subtree_moment(tree.root, k, Prior()))
    assert abs(mean - exact_value) <= MC_SIGMAS * se, f"seed {seed}: MC {mean} +- {se} vs exact {exact_value}"


def test_monte_carlo_check_can_fail():
    """The same simulation does not match a wrong recursion (leaf moments without the weights)."""
    tree = iris_tree()
    mean, se = _route_monte_carlo(tree, 2, 77)
    wrong = float(sum(leaf_moment(leaf.counts, 2) for leaf in tree.leaves()) / tree.n_leaves)
    assert abs(mean - wrong) > MC_SIGMAS * se


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
        if not _has_pruned_ancestor(node.name, kept, tree):
            assert (sub < leaf) == (node.name in kept)
    assert result.moment == best["root"]


def _has_pruned_ancestor(name, kept, tree):
    from exactprune.sequence import _ancestor_names
    return any(a not in kept for a in _ancestor_names(name))


# -- Zhong's worked examples -------------------------------------------------------------
def test_every_printed_value_of_4_3_and_appendix_b_is_recomputed():
    from exactprune.casestudy import printed_values
    values = printed_values()
    equations = {v.equation for v in values}
    assert {f"4.{i}" for i in range(16, 28)} <= equations
    assert {f"B.{i}" for i in range(1, 26)} <= equations
    disagreeing = sorted(v.equation for v in values if not v.agrees)
    assert disagreeing == ["4.20", "B.8"]          # both recorded in the errata


def test_rounding_like_the_paper_matches_decimal_module():
    """round_like against Python's decimal module (an independent exact rounding)."""
    from decimal import Decimal, ROUND_HALF_EVEN, getcontext
    from exactprune.casestudy import round_like
    getcontext().prec = 60
    for value in (Fraction(1, 3), Fraction(2, 103), Fraction(5, 8000), Fraction(32790176, 3891319415)):
        for printed in ("0.0", "0.0000", "0.000000"):
            places = len(printed.split(".")[1])
            expected = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
                Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
            assert round_like(printed, value) == str(expected)
