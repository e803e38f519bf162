"""The peers of issue 7 against brute force and their published definitions."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import flint
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune import baselines as B
from exactprune.knorm import Prior, prune
from exactprune.numbers import arb_of
from exactprune.sequence import ccp_sequence
from exactprune.tree import Node, Tree, iris_tree
from random_trees import count_trees


# -- EBP -----------------------------------------------------------------------------------------

def test_c45_z_is_the_interpolated_table_value():
    assert B._c45_coeff(Fraction(1, 4)) == Fraction(277, 400)  # 0.6925
    assert B.ebp_z("0.25", "c45").contains(arb_of(Fraction(277, 400)))


def test_weka_z_is_the_normal_quantile_certified():
    z = B.ebp_z("1/4", "weka")
    flint.ctx.prec = 200
    try:
        phi = (1 + (z / flint.arb(2).sqrt()).erf()) / 2      # Phi(z) must be 3/4
        assert phi.overlaps(arb_of(Fraction(3, 4)))
        assert z.rad() < flint.arb("1e-40")
    finally:
        flint.ctx.prec = 53
    assert abs(float(z.mid()) - 0.6744897501960817) < 1e-15


@pytest.mark.parametrize("variant", ["c45", "weka"])
@pytest.mark.parametrize("n", [1, 2, 6, 17, 100])
def test_ebp_zero_errors_is_the_exact_binomial_limit(variant, n):
    """e = 0: N (1 - CF^(1/N)) solves (1 - p)^N = CF exactly."""
    extra = B.ebp_extra_errors(n, 0, "1/4", variant)
    u = B.binomial_upper_limit(n, 0, "1/4", bits=120)
    assert abs(float(extra.mid()) - n * float(u)) < 1e-12
    assert extra.overlaps(arb_of(n * u)) or abs(extra - arb_of(n * u)) < flint.arb(2) ** -100


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_limit_approximates_the_binomial_tail(variant):
    """The normal (Wilson, continuity-corrected) limit is within 1% of N of the exact
    binomial upper limit it approximates, for 1 <= e < N/2, N in 10..200."""
    for n in (10, 25, 60, 200):
        for e in range(1, n // 2, max(1, n // 8)):
            exact_extra = n * B.binomial_upper_limit(n, e, bits=50) - e
            approx = B.ebp_extra_errors(n, e, "1/4", variant)
            assert abs(float(approx.mid()) - float(exact_extra)) <= 0.01 * n, (n, e, variant)


def test_ebp_edge_cases_differ_between_variants():
    assert B.ebp_extra_errors(4, 4, "1/4", "c45").overlaps(arb_of(Fraction(0)))
    assert B.ebp_extra_errors(4, Fraction(7, 2), "1/4", "c45").overlaps(arb_of(Fraction(67, 200)))
    assert B.ebp_extra_errors(4, Fraction(7, 2), "1/4", "weka").overlaps(arb_of(Fraction(1, 2)))
    assert B.ebp_extra_errors(4, 1, "3/5", "weka") == 0            # J48 ignores CF > 0.5
    # 0 < e < 1: linear interpolation between e = 0 and e = 1
    a0, a1 = B.ebp_extra_errors(10, 0), B.ebp_extra_errors(10, 1)
    mid = B.ebp_extra_errors(10, Fraction(1, 2))
    assert mid.overlaps(a0 + (a1 - a0) / 2)


def test_ebp_inputs_are_checked():
    with pytest.raises(TypeError, match="cf"):
        B.ebp_extra_errors(10, 1, 0.25)
    with pytest.raises(TypeError, match="n must be exact"):
        B.ebp_extra_errors(10.0, 1)
    with pytest.raises(ValueError, match="variant"):
        B.ebp_extra_errors(10, 1, "1/4", "c50")
    with pytest.raises(ValueError, match="e must lie"):
        B.ebp_extra_errors(10, 11)


def _ebp_reference(node: Node, variant="c45", cf=Fraction(1, 4)):
    """Straight recursive EBP without raising, mpmath at 60 digits (independent code)."""
    import mpmath
    mpmath.mp.dps = 60
    z2 = mpmath.mpf(277) ** 2 / 400 ** 2 if variant == "c45" else mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * mpmath.mpf(cf.numerator) / cf.denominator)
    if variant == "weka":
        z2 = z2 ** 2

    def extra(n, e):
        N = mpmath.mpf(n)
        if e == 0:
            return N * (1 - mpmath.power(mpmath.mpf(1) / 4, 1 / N))
        if e + 0.5 >= n:
            return (mpmath.mpf(67) / 100 if variant == "c45" else 1) * (n - e)
        e5 = e + mpmath.mpf(1) / 2
        pr = (e5 + z2 / 2 + mpmath.sqrt(z2 * (e5 * (1 - e5 / N) + z2 / 4))) / (N + z2)
        return N * pr - e

    def leaf(nd):
        return 0 if nd.n == 0 else nd.errors + extra(nd.n, nd.errors)

    def rec(nd):
        if nd.is_leaf:
            return leaf(nd), set()
        total, col = 0, set()
        for c in nd.children:
            v, s = rec(c)
            total += v
            col |= s
        if leaf(nd) <= total + mpmath.mpf(1) / 10:
            return leaf(nd), {nd.name}
        return total, col
    return rec(node)


@settings(max_examples=60, deadline=None)
@given(count_trees(max_count=20), st.sampled_from(["c45", "weka"]))
def test_ebp_without_raising_matches_a_direct_definition(tree, variant):
    result = B.ebp_prune(tree, variant=variant)
    value, collapsed = _ebp_reference(tree.root, variant)
    expected = B.copy_with_leaves(tree, set(B._topmost(collapsed)))
    assert sorted(l.name for l in result.tree.leaves()) == sorted(l.name for l in expected.leaves())
    assert abs(result.estimate - float(value)) < 1e-9


def test_ebp_raising_on_iris_uses_the_data():
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_iris(return_X_y=True)
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    tree = Tree.from_sklearn(est)
    plain = B.ebp_prune(tree)
    raised = B.ebp_prune(tree, raising=True, X=X, y=y)
    assert raised.tree.root.n == 150 and plain.tree.root.n == 150
    assert raised.tree.n_leaves <= plain.tree.n_leaves
    assert raised.estimate <= plain.estimate + 0.1 * tree.n_leaves
    with pytest.raises(ValueError, match="training data"):
        B.ebp_prune(tree, raising=True)


# -- MEP -----------------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(count_trees(), st.sampled_from([Fraction(1, 2), Fraction(1), Fraction(3, 1), Fraction(1, 5)]))
def test_mep_equals_one_norm_pruning_with_eta_zero(tree, lam):
    """Zhong p. 559: MEP (uniform priors, m = J lam) is PruneTree at k = 1, eta = 0."""
    if any(n.n == 0 for n in tree.root.walk()) and lam == 0:
        return
    a = B.mep_prune(tree, lam=lam)
    b = prune(tree, 1, Prior(lam=lam, eta=0)).tree
    assert sorted(l.name for l in a.leaves()) == sorted(l.name for l in b.leaves())


def test_mep_differs_from_one_norm_with_eta_half_somewhere():
    """The identity needs eta = 0: with eta = 1/2 this tree (found by a seeded search) is
    pruned differently."""
    t = Tree.from_json('{"counts": [27, 13], "children": [{"counts": [12, 9], "children": '
                       '[{"counts": [6, 6]}, {"counts": [6, 3]}]}, {"counts": [10, 4], "children": '
                       '[{"counts": [2, 3]}, {"counts": [5, 1]}, {"counts": [3, 0]}]}, {"counts": [5, 0]}]}')
    m = B.mep_prune(t, lam="1/2").n_leaves
    assert m == prune(t, 1, Prior(lam="1/2", eta=0)).tree.n_leaves
    assert m != prune(t, 1, Prior(lam="1/2", eta="1/2")).tree.n_leaves


# -- REP vs EK Theorem 1 ------------------------------------------------------------------------

@st.composite
def trees_with_pruning_counts(draw):
    tree = draw(count_trees(max_depth=3))
    J = tree.n_classes
    pc = {}
    for node in tree.root.postorder():
        if node.is_leaf:
            pc[node.name] = tuple(draw(st.integers(0, 4)) for _ in range(J))
        else:
            pc[node.name] = tuple(sum(pc[c.name][j] for c in node.children) for j in range(J))
    return tree, pc


def _errors(tree, leaves, pc, labels):
    total = 0
    for name in leaves:
        node = tree.node(name)
        if node.is_leaf:
            lab = node.label
        else:
            lab = B._first_max(pc[name]) if labels == "pruning" else node.label
        total += sum(pc[name]) - pc[name][lab]
    return total


def _size(tree, leaves):
    return sum(1 for n in tree.root.walk() if not any(
        n.name != l and _is_ancestor(l, n.name, tree) for l in leaves))


def _is_ancestor(a, b, tree):
    node = tree.node(a)
    return any(x.name == b for x in node.walk()) and a != b


@settings(max_examples=80, deadline=None)
@given(trees_with_pruning_counts(), st.sampled_from(["pruning", "training"]))
def test_rep_is_the_smallest_most_accurate_pruning(case, labels):
    """EK Thm 1 by brute force over all prunings, for both leaf-labelling rules."""
    tree, pc = case
    rep = B.rep_prune(tree, pc, labels=labels)
    options = B.all_prunings(tree)
    errs = {o: _errors(tree, o, pc, labels) for o in options}
    best = min(errs.values())
    assert rep.errors == best
    smallest = min((len(o), sorted(o)) for o in options if errs[o] == best)
    minimal = [o for o in options if errs[o] == best and len(o) == smallest[0]]
    assert len(minimal) == 1                       # the smallest is unique
    assert frozenset(l.name for l in rep.tree.leaves()) == minimal[0]


def test_rep_keeping_ties_is_not_smallest():
    t = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    pc = {"root": (2, 0), "c1": (1, 0), "c2": (1, 0)}
    assert B.rep_prune(t, pc).tree.n_leaves == 1
    # c2 predicts class 1 and errs once: tree 1 error vs leaf 0 -> pruned either way; make a tie
    pc = {"root": (1, 1), "c1": (1, 0), "c2": (0, 1)}
    assert B.rep_prune(t, pc).tree.n_leaves == 2         # 0 errors beats 1
    pc = {"root": (1, 0), "c1": (0, 0), "c2": (1, 0)}    # tree: 1 error, leaf: 0 -> prune
    assert B.rep_prune(t, pc, ties="keep").tree.n_leaves == 1
    t3 = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    pc = {"root": (1, 1), "c1": (0, 1), "c2": (1, 0)}    # tree 2 errors, leaf 1
    assert B.rep_prune(t3, pc, ties="keep").tree.n_leaves == 1
    pc = {"root": (0, 0), "c1": (0, 0), "c2": (0, 0)}    # empty: tie 0 = 0
    assert B.rep_prune(t3, pc).tree.n_leaves == 1
    assert B.rep_prune(t3, pc, ties="keep").tree.n_leaves == 2


def test_route_counts_matches_tree_counts_on_training_data():
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_iris(return_X_y=True)
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    tree = Tree.from_sklearn(est)
    counts = B.route_counts(tree, X, y)
    assert all(counts[n.name] == n.counts for n in tree.root.walk())


# -- min-size DP vs enumeration ------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(count_trees(max_depth=3))
def test_min_size_dp_matches_enumeration(tree):
    options = B.all_prunings(tree)
    info = []
    for o in options:
        err = sum(tree.node(n).errors for n in o)
        info.append((err, _size(tree, o)))
    table = B.min_size_table(tree)["root"]
    for e, s in enumerate(table):
        feasible = [size for err, size in info if err <= e]
        assert s == (min(feasible) if feasible else float("inf"))
        if feasible:
            t = B.min_size_pruning(tree, e)
            assert sum(l.errors for l in t.leaves()) <= e
            assert len(t.nodes()) == s


def test_min_size_refuses_impossible_budget():
    with pytest.raises(ValueError, match="full tree makes 1"):
        B.min_size_pruning(iris_tree(), 0)


# -- Kearns-Mansour ------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3))
def test_km_with_zero_penalty_is_rep_on_the_training_set(tree):
    """alpha = 0 in (12.1): prune iff the subtree makes no fewer training errors, i.e. REP
    with the training set as pruning set, hence (EK Thm 1) the smallest training-optimal pruning."""
    km = B.km_prune(tree, penalty=lambda *a: 0)
    pc = {n.name: n.counts for n in tree.root.walk()}
    rep = B.rep_prune(tree, pc, labels="training")
    assert sorted(l.name for l in km.leaves()) == sorted(l.name for l in rep.tree.leaves())


def test_km_penalty_grows_with_size_and_prunes_more():
    assert B.km_penalty(100, 5, 2, 1000) > B.km_penalty(100, 3, 2, 1000)
    assert B.km_penalty(50, 3, 2, 1000) > B.km_penalty(100, 3, 2, 1000)
    big = B.km_prune(iris_tree(), c="11/10")
    none = B.km_prune(iris_tree(), penalty=lambda *a: 0)
    assert big.n_leaves <= none.n_leaves
    with pytest.raises(ValueError, match="c must exceed 1"):
        B.km_penalty(10, 3, 1, 10, c=1)


# -- Fan -----------------------------------------------------------------------------------------

@given(st.lists(st.integers(0, 30), min_size=2, max_size=4).filter(lambda c: sum(c) > 0),
       st.sampled_from(["haldane", "jeffreys", "bayes"]))
def test_fan_variance_against_the_exact_dirichlet_variance(counts, prior):
    for y in range(len(counts)):
        m = B.fan_moments(counts, y, prior)
        ns = B.FAN_PRIORS[prior]
        assert m["var_exact"] == B.dirichlet_variance(counts, y, ns) if ns else True
        # exact relation: var_fan / var_exact = (n + M n_s + 1) / (n + 1)
        if m["var_exact"]:
            assert m["var_fan"] / m["var_exact"] == Fraction(sum(counts) + len(counts) * ns + 1, sum(counts) + 1)
        if prior == "haldane":
            assert m["var_fan"] == m["var_exact"]


def test_fan_estimate_and_exact_variance_order():
    t = iris_tree()
    fan = B.fan_estimate(t, "jeffreys")
    exact = B.fan_estimate(t, "jeffreys", variance="exact")
    assert exact < fan                       # Fan's variance is the larger (denominator n + 1)
    assert B.fan_estimate(t, "haldane").overlaps(B.fan_estimate(t, "haldane", variance="exact"))
    with pytest.raises(ValueError, match="empty cell"):
        B.fan_moments((0, 0), 0)


# -- CCP -----------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3))
def test_fast_ccp_alphas_match_ccp_sequence(tree):
    seq = ccp_sequence(tree, ties="all")
    alphas = B.ccp_alphas(tree)
    assert B._envelope_alphas(tree) == alphas          # the CV fold trees' implementation
    for stage in seq.stages:
        collapsed = B.ccp_subtree_at(tree, alphas, stage.alpha_from)
        ours = B.copy_with_leaves(tree, collapsed)
        assert sorted(l.name for l in ours.leaves()) == sorted(l.name for l in stage.tree.leaves())


def test_ccp_cv_one_se_rule_on_digits():
    from sklearn.datasets import load_breast_cancer
    X, y = load_breast_cancer(return_X_y=True)
    res = B.ccp_cv_select(X, y, V=5, random_state=1)
    res0 = B.ccp_cv_select(X, y, V=5, se_rule=0, random_state=1)
    assert res.chosen >= res.best                       # 1-SE picks an equal or smaller tree
    assert res0.chosen == res0.best
    assert res.tree.n_leaves <= res0.tree.n_leaves
    rb = res.cv_errors[res.best]
    assert float(res.cv_errors[res.chosen]) <= float(rb) + res.cv_se[res.best] + 1e-12
    assert all(float(r) >= float(rb) for r in res.cv_errors)


def test_ccp_cv_errors_match_pruning_each_fold_tree_at_each_point():
    """The interval bookkeeping of ccp_cv_select against the direct definition: prune every
    fold tree at every CV point (ccp_subtree_at) and count its held-out errors."""
    import numpy as np
    from sklearn.model_selection import StratifiedKFold
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g6c25", 600, seed=4)
    res = B.ccp_cv_select(X, y, V=5, random_state=2)
    a = res.stage_alphas
    points = [(a[k], a[k + 1] if k + 1 < len(a) else None) for k in range(len(a))]
    wrong = [0] * len(points)
    for train, test in StratifiedKFold(5, shuffle=True, random_state=2).split(X, y):
        est = DecisionTreeClassifier(random_state=2).fit(X[train], y[train])
        ft = Tree.from_sklearn(est)
        fa = B.ccp_alphas(ft)
        for k, pt in enumerate(points):
            collapsed = B.ccp_subtree_at(ft, fa, pt if k > 0 else Fraction(0))
            wrong[k] += int(np.sum(B.predict_with_leaves(est, collapsed, X[test]) != y[test]))
    assert res.cv_errors == [Fraction(w, len(y)) for w in wrong]


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_float_extra_errors_match_the_certified_values(variant):
    m = B._EBP("1/4", variant, False, None, None, 2)
    for n in (1, 2, 3, 7, 50, 999, 10 ** 5, 2 ** 19):
        for e in sorted({0, 1, 2, n // 3, n // 2, n - 1, n}):
            if 0 <= e <= n:
                ref = B.ebp_extra_errors(n, e, "1/4", variant)
                assert abs(m._extra_float(n, e) - float(ref.mid())) <= 1e-12 * (1 + e + abs(float(ref.mid())))


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_certified_path_agrees_with_the_float_filter(monkeypatch, variant):
    """Every EBP comparison forced through the certified arb path (infinite filter band)
    gives the same pruned tree as the float filter, with raising on real data."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c25", 400, seed=7)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    fast = B.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    init = B._EBP.__init__

    def slow_init(self, *args):
        init(self, *args)
        self.filter_tol = math.inf
    monkeypatch.setattr(B._EBP, "__init__", slow_init)
    slow = B.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert slow.fallbacks > 0 and fast.fallbacks < slow.fallbacks
    assert (slow.pruned, slow.raised) == (fast.pruned, fast.raised)
    assert sorted((l.name, l.counts) for l in slow.tree.leaves()) == sorted((l.name, l.counts) for l in fast.tree.leaves())


@pytest.mark.parametrize("name,n,seed", [("g2c15", 3000, 1), ("g6c25", 3000, 2), ("g2c25", 500, 3)])
def test_envelope_alphas_match_ccp_sequence_on_grown_trees(name, n, seed):
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data(name, n, seed=seed)
    t = Tree.from_sklearn(DecisionTreeClassifier(random_state=seed).fit(X, y))
    assert B._envelope_alphas(t) == B.ccp_alphas(t)
