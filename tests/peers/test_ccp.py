"""CCP (exactprune.peers.ccp): the sequence against brute force and scikit-learn, the fast
alphas against the sequence, and cross-validation against pruning every fold tree directly."""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune.peers import ccp as C
from exactprune.peers.ccp import ccp_sequence, node_cost
from exactprune.tree import Node, Tree, copy_with_leaves, iris_tree
from random_trees import all_prunings, count_trees


def _kept_names(tree):
    return {n.name for n in tree.nodes() if n.children}


def _brute_force_ccp(tree, cost, alpha):
    """min over all prunings of R(T) + alpha |leaves|, smallest tree on ties."""
    total = tree.root.n
    best = None
    for kept in all_prunings(tree.root):
        leaves = _leaves_of(tree.root, kept)
        value = sum(node_cost(l, total, cost) for l in leaves) + alpha * len(leaves)
        key = (value, len(leaves))
        if best is None or key < best[0]:
            best = (key, kept)
    return best


def _leaves_of(node, kept):
    if node.is_leaf or node.name not in kept:
        return [node]
    return [l for c in node.children for l in _leaves_of(c, kept)]


@settings(max_examples=25)
@given(count_trees(max_depth=3), st.sampled_from(["misclassification", "gini"]))
def test_ccp_stages_are_brute_force_optima(tree, cost):
    seq = ccp_sequence(tree, cost)
    for stage in seq.stages:
        probes = [stage.alpha_from]
        if stage.alpha_to is not None:
            probes.append((stage.alpha_from + stage.alpha_to) / 2)
        else:
            probes.append(stage.alpha_from + 1)
        for alpha in probes:
            (value, leaves), kept = _brute_force_ccp(tree, cost, alpha)
            assert stage.leaves == leaves
            assert _kept_names(stage.tree) == set(kept)


def _gaussian_data(seed, n=400):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = (X[:, 0] + X[:, 1] + rng.normal(scale=1.0, size=n) > 0).astype(int)
    if seed % 3 == 0:
        y = y + (X[:, 0] > 1)
    return X, y


def _distinct(values, tol=1e-12):
    out = []
    for v in sorted(values):
        if not out or v - out[-1] > tol:
            out.append(v)
    return out


@pytest.mark.parametrize("seed", range(8))
def test_gini_path_matches_scikit_learn(seed):
    """Exact Gini CCP against scikit-learn's float path on the same grown tree.

    The distinct alphas agree to 1e-12.  Entry by entry, scikit-learn's one-node-per-step
    path agrees with ties="sklearn" except where float rounding breaks an exact tie
    between nested weakest links (scikit-learn then prunes a child before its parent and
    repeats the alpha); those seeds are reported, not hidden."""
    from sklearn.tree import DecisionTreeClassifier
    X, y = _gaussian_data(seed)
    est = DecisionTreeClassifier(random_state=seed).fit(X, y)
    sk = est.cost_complexity_pruning_path(X, y)
    tree = Tree.from_sklearn(est)
    breiman = ccp_sequence(tree, "gini", ties="all")
    ours = _distinct([float(a) for a in breiman.alphas])
    theirs = _distinct(sk.ccp_alphas.tolist())
    assert len(ours) == len(theirs)
    assert max(abs(a - b) for a, b in zip(ours, theirs)) <= 1e-12
    one_by_one = ccp_sequence(tree, "gini", ties="sklearn")
    assert all(a >= 0 for a in one_by_one.alphas)
    assert all(b >= a for a, b in zip(one_by_one.alphas, one_by_one.alphas[1:]))
    if len(one_by_one.stages) == len(sk.ccp_alphas):
        alphas = one_by_one.alphas
        for i, (stage, alpha, impurity) in enumerate(zip(one_by_one.stages, sk.ccp_alphas, sk.impurities)):
            assert abs(float(stage.alpha_from) - alpha) <= 1e-12
            tied = alphas.count(stage.alpha_from) > 1 or (i + 1 < len(alphas) and alphas[i + 1] == stage.alpha_from)
            if not tied:  # among exact ties the float path may prune another node first
                assert abs(float(stage.cost) - impurity) <= 1e-12
    else:  # a rounding artefact: scikit-learn has an extra step with a repeated alpha
        assert len(sk.ccp_alphas) > len(one_by_one.stages)
        assert len(_distinct(sk.ccp_alphas.tolist(), 0.0)) < len(sk.ccp_alphas)


def test_ccp_bad_arguments():
    with pytest.raises(ValueError, match="cost"):
        ccp_sequence(iris_tree(), "entropy")
    with pytest.raises(ValueError, match="ties"):
        ccp_sequence(iris_tree(), ties="random")


def _envelope_alphas(tree):
    """ccp_alphas through _ccp_collapse_alphas (the CV fold trees' implementation) on the
    count tree's pre-order arrays."""
    nodes = tree.nodes()
    index = {id(n): i for i, n in enumerate(nodes)}
    kids = [[index[id(c)] for c in n.children] for n in nodes]
    alpha = C._ccp_collapse_alphas(kids, [n.errors for n in nodes], tree.root.n)
    return {nodes[i].name: alpha[i] for i in range(len(nodes)) if kids[i]}


@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3))
def test_fast_ccp_alphas_match_ccp_sequence(tree):
    seq = ccp_sequence(tree, ties="all")
    alphas = C.ccp_alphas(tree)
    assert _envelope_alphas(tree) == alphas          # the CV fold trees' implementation
    for stage in seq.stages:
        collapsed = C.ccp_subtree_at(tree, alphas, stage.alpha_from)
        ours = copy_with_leaves(tree, collapsed)
        assert sorted(l.name for l in ours.leaves()) == sorted(l.name for l in stage.tree.leaves())


def test_ccp_cv_one_se_rule_on_digits():
    from sklearn.datasets import load_breast_cancer
    X, y = load_breast_cancer(return_X_y=True)
    res = C.ccp_cv_select(X, y, V=5, random_state=1)
    res0 = C.ccp_cv_select(X, y, V=5, se_rule=0, random_state=1)
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
    res = C.ccp_cv_select(X, y, V=5, random_state=2)
    a = res.stage_alphas
    points = [(a[k], a[k + 1] if k + 1 < len(a) else None) for k in range(len(a))]
    wrong = [0] * len(points)
    for train, test in StratifiedKFold(5, shuffle=True, random_state=2).split(X, y):
        est = DecisionTreeClassifier(random_state=2).fit(X[train], y[train])
        ft = Tree.from_sklearn(est)
        fa = C.ccp_alphas(ft)
        for k, pt in enumerate(points):
            collapsed = C.ccp_subtree_at(ft, fa, pt if k > 0 else Fraction(0))
            wrong[k] += int(np.sum(C.predict_with_leaves(est, collapsed, X[test]) != y[test]))
    assert res.cv_errors == [Fraction(w, len(y)) for w in wrong]


@pytest.mark.parametrize("name,n,seed", [("g2c15", 3000, 1), ("g6c25", 3000, 2), ("g2c25", 500, 3)])
def test_envelope_alphas_match_ccp_sequence_on_grown_trees(name, n, seed):
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data(name, n, seed=seed)
    t = Tree.from_sklearn(DecisionTreeClassifier(random_state=seed).fit(X, y))
    assert _envelope_alphas(t) == C.ccp_alphas(t)


def test_envelope_alphas_match_ccp_sequence_past_the_first_entries_drop():
    """A tree of thousands of splits: the weakest-link pass drops the read part of its sorted
    first entries (from 1024 read, and again as they halve) and refreshes long dirty chains;
    its alphas still equal the independent envelope computation."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c25", 12000, seed=4)
    t = Tree.from_sklearn(DecisionTreeClassifier(random_state=4).fit(X, y))
    assert int((t.arrays().n_children > 0).sum()) > 2048
    assert _envelope_alphas(t) == C.ccp_alphas(t)


def test_the_full_tree_stage_inserted_at_alpha_0_carries_its_cost():
    """Root (4, 2) over leaves (3, 0) and (1, 2): every split has g > 0 (R(root) = 2/6, R(T) =
    1/6, g = 1/6), so with ties="all" the stage of the full tree at alpha 0 is inserted by hand:
    2 leaves, cost 1/6, alpha up to 1/6; then the root alone, cost 1/3."""
    tree = Tree.from_json('{"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]}')
    stages = ccp_sequence(tree).stages
    assert [(s.alpha_from, s.alpha_to, s.leaves, s.cost) for s in stages] == [
        (0, Fraction(1, 6), 2, Fraction(1, 6)), (Fraction(1, 6), None, 1, Fraction(1, 3))]


def test_gini_costs_of_nodes_of_four_billion_examples():
    """n = 4,000,000,001 examples at the root (n^2 > 2^63: int64 squares would overflow, so the
    counts are squared as Python ints): R(root) = (n^2 - (n - 1)^2 - 1) / n^2 = 2 (n - 1) / n^2
    with N = n; the leaves are pure, so the full tree costs 0 and alpha = R(root)."""
    n = 4_000_000_001
    tree = Tree.from_json(f'{{"counts": [{n - 1}, 1], "children": [{{"counts": [{n - 1}, 0]}}, {{"counts": [0, 1]}}]}}')
    stages = ccp_sequence(tree, "gini").stages
    assert [(s.alpha_from, s.cost) for s in stages] == [(0, 0), (Fraction(2 * (n - 1), n * n), Fraction(2 * (n - 1), n * n))]


@pytest.mark.parametrize("ties", ["sklearn", "all"])
def test_weakest_links_closer_than_the_integer_keys_are_ordered_exactly(ties):
    """Gini cost, x = 2^40: c1 = (x, x + 2, 0) and c2 = (x + 3, x - 1, 0) over pure leaves, c3 a
    pure leaf (0, 0, 4x), N = 8x + 4.  R(t) = (n^2 - sum_j n_j^2) / (n N), pure leaves cost 0, so
    g(c1) = R(c1) > g(c2) = R(c2), closer than 2^-64: both have the heap's integer key
    floor(g 2^64), and only the exact g puts c2 (the later pre-order node) first.  Then c1, then
    the root at g = (R(root) - R(c1) - R(c2)) / 2 (3 leaves).  By hand from the formula, not node_cost."""
    x = 2 ** 40
    tree = Tree.from_json(f'{{"counts": [{2 * x + 3}, {2 * x + 1}, {4 * x}], "children": ['
                          f'{{"counts": [{x}, {x + 2}, 0], "children": [{{"counts": [{x}, 0, 0]}}, {{"counts": [0, {x + 2}, 0]}}]}}, '
                          f'{{"counts": [{x + 3}, {x - 1}, 0], "children": [{{"counts": [{x + 3}, 0, 0]}}, {{"counts": [0, {x - 1}, 0]}}]}}, '
                          f'{{"counts": [0, 0, {4 * x}]}}]}}')
    N = 8 * x + 4

    def r(*counts):
        n = sum(counts)
        return Fraction(n * n - sum(c * c for c in counts), n * N)

    g1, g2, root = r(x, x + 2), r(x + 3, x - 1), r(2 * x + 3, 2 * x + 1, 4 * x)
    assert g1 > g2 and (g1.numerator << 64) // g1.denominator == (g2.numerator << 64) // g2.denominator
    stages = ccp_sequence(tree, "gini", ties=ties).stages
    assert [(s.alpha_from, s.pruned, s.leaves, s.cost) for s in stages] == [
        (0, [], 5, 0), (g2, ["c2"], 4, g2), (g1, ["c1"], 3, g1 + g2), ((root - g1 - g2) / 2, ["root"], 1, root)]


def test_ccp_refuses_fractional_counts_with_the_reason():
    """Weighted (rational) counts: the exact path keeps integer costs, so it refuses them by name
    (it used to end in an internal TypeError from flint)."""
    tree = Tree.from_dict({"counts": ["7/2", 1], "children": [{"counts": ["7/2", 0]}, {"counts": [0, 1]}]})
    with pytest.raises(ValueError, match=r"the exact CCP path needs whole-number class counts, and node root has the count 7/2"):
        ccp_sequence(tree)

# ==================================================================================================
# Tests written to kill mutants (mutmut, scripts/mutation.py; docs/mutation.md), formerly
# tests/mutation/test_mutants_ccp.py:
#
# Mutants of exactprune.peers.ccp that its own tests let through: the JSON form of a sequence,
# the Gini cost of empty and huge nodes, scikit-learn's one-at-a-time order among tied weakest
# links, the input checks, and ccp_cv_select's folds, standard errors and tie rules.  Expected
# values are worked out by hand (in the docstrings) or recomputed here from their definitions.


def test_sequence_json_form_on_iris():
    """Zhong Figure B.1's alphas as "p/q" strings, each stage ending where the next begins."""
    seq = ccp_sequence(iris_tree())
    out = seq.as_dict()
    assert (out["cost"], out["ties"]) == ("misclassification", "all")
    stages = out["stages"]
    assert [s["alpha_from"] for s in stages] == ["0", "1/150", "1/75", "22/75", "1/3"]
    assert [s["alpha_to"] for s in stages] == ["1/150", "1/75", "22/75", "1/3", None]
    assert [s["alpha_from_approx"] for s in stages] == [0.0, 1 / 150, 1 / 75, 22 / 75, 1 / 3]
    assert [s["leaves"] for s in stages] == [s.leaves for s in seq.stages]
    assert stages[-1]["leaves"] == 1 and stages[-1]["pruned"] == ["root"]
    assert stages[-1]["cost"] == "2/3"                     # the root leaf errs on 100 of 150
    assert [s["pruned"] for s in stages] == [s.pruned for s in seq.stages]
    assert set(stages[0]) == {"alpha_from", "alpha_to", "alpha_from_approx", "leaves", "pruned", "cost"}


def test_node_cost_by_hand():
    """Gini (n/N)(1 - sum (n_j/n)^2): (1, 1) of N = 2 is 1 (1 - 1/2) = 1/2; an empty node 0."""
    assert node_cost(Node((1, 1)), 2, "gini") == Fraction(1, 2)
    assert node_cost(Node((0, 0)), 2, "gini") == 0
    assert node_cost(Node((3, 1)), 8) == Fraction(1, 8)          # misclassification by default
    with pytest.raises(ValueError, match=r"^cost must be 'misclassification' or 'gini', got 'entropy'$"):
        node_cost(Node((1, 1)), 2, "entropy")


def test_gini_sequence_with_an_empty_child():
    """(2, 1) -> (0, 0), (2, 1): both sides cost (3/3)(1 - 4/9 - 1/9) = 4/9, so g(root) = 0 and
    the smallest tree optimal at 0 is the root alone."""
    t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [0, 0]}, {"counts": [2, 1]}]}')
    stages = ccp_sequence(t, "gini").stages
    assert [(s.alpha_from, s.leaves, s.cost) for s in stages] == [(0, 1, Fraction(4, 9))]


def test_gini_costs_of_counts_past_int64_squares():
    """Counts of 3.5e9: n^2 passes 2**63.  Root (a, b) -> (a, 0), (0, b): the leaves are pure
    (Gini 0) and the root costs (n^2 - a^2 - b^2)/(N n) = 2ab/n^2 with N = n."""
    a, b = 3_500_000_000, 1_000_000_007
    t = Tree.from_json(f'{{"counts": [{a}, {b}], "children": [{{"counts": [{a}, 0]}}, {{"counts": [0, {b}]}}]}}')
    stages = ccp_sequence(t, "gini").stages
    n = a + b
    assert stages[-1].cost == Fraction(2 * a * b, n * n)
    assert stages[-1].alpha_from == Fraction(2 * a * b, n * n)     # (R(root) - 0) / (2 - 1)


def test_sklearn_ties_follow_pre_order():
    """root (6, 11) -> c1 (3, 10) -> [c11 (3, 1) -> (3, 0), (0, 1); c12 (0, 9)], c2 (3, 1) ->
    (3, 0), (0, 1); N = 17.  g(c11) = g(c2) = 1/17, g(c1) = 3/34, g(root) = 6/68.  One at a time,
    pre-order first: c11 at 1/17, then c2 at 1/17; then c1 and the root both have g = 2/17 and
    the root (first in pre-order) goes."""
    t = Tree.from_json('{"counts": [6, 11], "children": [{"counts": [3, 10], "children": [{"counts": [3, 1], '
                       '"children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}, {"counts": [0, 9]}]}, '
                       '{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}]}')
    stages = ccp_sequence(t, ties="sklearn").stages
    assert [(s.alpha_from, s.pruned) for s in stages] == [
        (0, []), (Fraction(1, 17), ["c11"]), (Fraction(1, 17), ["c2"]), (Fraction(2, 17), ["root"])]
    together = ccp_sequence(t).stages
    assert [(s.alpha_from, sorted(s.pruned)) for s in together] == [
        (0, []), (Fraction(1, 17), ["c11", "c2"]), (Fraction(2, 17), ["root"])]


def test_ccp_sequence_inputs():
    with pytest.raises(TypeError, match=r"^ccp_sequence needs a Tree, got Node$"):
        ccp_sequence(Node((1, 1)))
    with pytest.raises(ValueError, match=r"^node root: the tree has no examples$"):
        ccp_sequence(Tree.from_json('{"counts": [0, 0]}'))
    one = ccp_sequence(Tree.from_json('{"counts": [1, 0]}'))          # a single example is fine
    assert [(s.alpha_from, s.leaves) for s in one.stages] == [(0, 1)]


def _direct_cv(X, y, V, random_state, splitter, stage_alphas):
    """CV errors per stage point by pruning each fold tree at each point (the definition)."""
    from sklearn.tree import DecisionTreeClassifier
    a = stage_alphas
    points = [(a[k], a[k + 1] if k + 1 < len(a) else None) for k in range(len(a))]
    wrong = [0] * len(points)
    for train, test in splitter.split(X, y):
        est = DecisionTreeClassifier(random_state=random_state).fit(X[train], y[train])
        ft = Tree.from_sklearn(est)
        fa = C.ccp_alphas(ft)
        for k, pt in enumerate(points):
            collapsed = C.ccp_subtree_at(ft, fa, pt if k > 0 else Fraction(0))
            wrong[k] += int(np.sum(C.predict_with_leaves(est, collapsed, X[test]) != y[test]))
    return [Fraction(w, len(y)) for w in wrong]


def _data(rare: int, seed: int = 0):
    """g2c25 points, plus ``rare`` points of a third class (the largest label)."""
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c25", 120, seed=seed)
    rng = np.random.default_rng(seed)
    return np.vstack([X, rng.normal(3, 0.5, size=(rare, 2))]), np.concatenate([y, np.full(rare, 2)])


@pytest.mark.parametrize("rare, stratified", [(3, False), (4, True)])
def test_cv_folds_and_errors(rare, stratified):
    """V = 4 (not scikit-learn's default 5): with 3 examples of the third class scikit-learn
    cannot stratify and KFold is used (some fold trees never see class 2); with exactly 4 it can.  The CV errors equal the
    direct definition on the same folds, and the SE is sqrt(R (1 - R) / N)."""
    from sklearn.model_selection import KFold, StratifiedKFold
    X, y = _data(rare)
    res = C.ccp_cv_select(X, y, V=4, random_state=3)
    splitter = (StratifiedKFold if stratified else KFold)(4, shuffle=True, random_state=3)
    assert res.cv_errors == _direct_cv(X, y, 4, 3, splitter, res.stage_alphas)
    N = len(y)
    assert res.cv_se == [math.sqrt(float(r * (1 - r)) / N) for r in res.cv_errors]
    full = C.ccp_alphas(Tree.from_sklearn(__import__("sklearn.tree", fromlist=["x"]).DecisionTreeClassifier(
        random_state=3).fit(X, y)))
    assert res.stage_alphas == [Fraction(0)] + sorted(set(full.values()) - {Fraction(0)})
    best = max(k for k, r in enumerate(res.cv_errors) if r == min(res.cv_errors))
    assert res.best == best                                  # the smallest tree among the minima


def test_cv_inputs_are_checked():
    X, y = _data(5)
    with pytest.raises(ValueError, match=r"^V must be at least 2, got 1$"):
        C.ccp_cv_select(X, y, V=1)
    with pytest.raises(TypeError, match=r"^V must be"):
        C.ccp_cv_select(X, y, V=2.0)
    with pytest.raises(TypeError, match=r"^se_rule must be exact"):
        C.ccp_cv_select(X, y, V=2, se_rule=1.0)
    two = C.ccp_cv_select(X, y, V=2, random_state=1)             # V = 2 is allowed
    assert len(two.cv_errors) == len(two.stage_alphas)


def test_cv_defaults_are_ten_folds_and_seed_zero():
    """Breiman's V = 10 and random_state 0 by default: the same CV errors as passing them."""
    X, y = _data(12, seed=1)
    default = C.ccp_cv_select(X, y)
    explicit = C.ccp_cv_select(X, y, V=10, se_rule="1", random_state=0)
    assert default.cv_errors == explicit.cv_errors and default.chosen == explicit.chosen
    assert default.cv_errors != C.ccp_cv_select(X, y, V=11, random_state=0).cv_errors
    assert default.cv_errors != C.ccp_cv_select(X, y, V=10, random_state=1).cv_errors


@pytest.mark.parametrize("seed, V", [(2, 3), (6, 4)])
def test_cv_best_and_one_se_choice_by_their_definitions(seed, V):
    """best: the largest k (smallest tree) of least CV error (these data tie at the minimum);
    chosen: the largest k with R_k <= R_best + c SE_best, SE_best = sqrt(R_best (1 - R_best) / N),
    evaluated here in 50-digit decimals for c = 0, 1/2, 1, 2; the result's alpha, tree and
    collapsed set are those of that stage."""
    from decimal import Decimal, getcontext
    getcontext().prec = 50
    X, y = _data(4, seed)
    N = len(y)
    for c in ("0", "1/2", "1", "2"):
        res = C.ccp_cv_select(X, y, V=V, random_state=seed, se_rule=c)
        R = res.cv_errors
        ties = [k for k, r in enumerate(R) if r == min(R)]
        assert len(ties) > 1 and res.best == max(ties)
        rb = Decimal(R[res.best].numerator) / R[res.best].denominator
        limit = rb + Decimal(Fraction(c).numerator) / Fraction(c).denominator * (rb * (1 - rb) / N).sqrt()
        chosen = max(k for k, r in enumerate(R) if Decimal(r.numerator) / r.denominator <= limit)
        assert res.chosen == chosen and res.alpha == res.stage_alphas[chosen]
        full = Tree.from_sklearn(__import__("sklearn.tree", fromlist=["x"]).DecisionTreeClassifier(
            random_state=seed).fit(X, y))
        collapsed = C.ccp_subtree_at(full, C.ccp_alphas(full), res.alpha)
        assert res.collapsed == collapsed
        from exactprune.tree import ancestor_names
        kept_leaves = {l.name for l in full.leaves() if not set(ancestor_names(l.name)) & collapsed}
        assert sorted(l.name for l in res.tree.leaves()) == sorted(kept_leaves | collapsed)


def _grid_data(seed: int):
    """Small two-class data on a 3 x 3 (or 4 x 4) integer grid: many repeated points with both labels,
    so fold trees have splits that fix no training error (alpha 0)."""
    rng = np.random.default_rng(seed)
    N, V = int(rng.integers(12, 40 if seed == 0 else 60)), int(rng.choice([2, 3]))
    X = rng.integers(0, 3 if seed == 0 else 4, size=(N, 2)).astype(float)
    return X, rng.integers(0, 2, size=N), V


def _splitter(y, V, random_state):
    from sklearn.model_selection import KFold, StratifiedKFold
    return (StratifiedKFold if np.bincount(y).min() >= V else KFold)(V, shuffle=True, random_state=random_state)


def test_cv_errors_at_alpha_zero_count_the_collapsed_alpha_zero_splits():
    """Point 0 of the CV is alpha = 0 exactly (lo = 0): a fold-tree split whose subtree fixes no
    training error has alpha 0 and is collapsed there (0 * 0 <= 0 * hi, the equality case), so
    its held-out examples are scored with its own label, not its children's.  Checked against the
    definition (each fold tree pruned at each point by ccp_subtree_at)."""
    X, y, V = _grid_data(0)
    assert (len(y), V) == (35, 3)
    res = C.ccp_cv_select(X, y, V=V, random_state=0)
    assert res.cv_errors == _direct_cv(X, y, V, 0, _splitter(y, V, 0), res.stage_alphas)


def test_cv_with_a_class_one_fold_never_sees():
    """One example of the largest label 2: the fold tree trained without it has classes (0, 1),
    the example is always misclassified (scikit-learn's searchsorted puts it past the last class),
    as the definition counts it."""
    from sklearn.model_selection import KFold
    X, y = _data(1)
    res = C.ccp_cv_select(X, y, V=4, random_state=3)
    assert res.cv_errors == _direct_cv(X, y, 4, 3, KFold(4, shuffle=True, random_state=3), res.stage_alphas)


def test_one_se_rule_at_the_exact_boundary():
    """N = 18 grid data, CV errors 7/18, 6/18, 7/18 (checked against the definition): best = 1 and
    the root stage k = 2 satisfies R_2 <= R_1 + c SE_1 with equality at c = 1/2:
    (R_2 - R_1)^2 N = 1/18 = (1/4)(6/18)(12/18) = c^2 R_1 (1 - R_1).  So c = 1/2 chooses k = 2 and
    any smaller c (499/1000) keeps k = 1."""
    X, y, V = _grid_data(97)
    assert (len(y), V) == (18, 3)
    res = C.ccp_cv_select(X, y, V=V, random_state=97, se_rule="1/2")
    assert res.cv_errors == _direct_cv(X, y, V, 97, _splitter(y, V, 97), res.stage_alphas)
    assert res.cv_errors == [Fraction(7, 18), Fraction(6, 18), Fraction(7, 18)]
    assert (res.best, res.chosen, res.alpha) == (1, 2, res.stage_alphas[2])
    below = C.ccp_cv_select(X, y, V=V, random_state=97, se_rule=Fraction(499, 1000))
    assert (below.best, below.chosen) == (1, 1)


def test_collapse_alphas_give_equal_alphas_as_one_object():
    """root (4, 4) -> c1 (2, 2), c2 (2, 2), each split into pure leaves; N = 8.  In units of 1/N:
    F_c(a) = min(2 + a, 2a), the root collapses where 4 + a <= 4a, a = 4/3; its children's own 2 is
    larger, so all three splits get 4/3 / 8 = 1/6 (CART: g(root) = (4/8) / 3 = 1/6 < g(c) = 1/4).
    Equal alphas are one object (the contract ccp_cv_select's memo by ``id`` relies on)."""
    alpha = C._ccp_collapse_alphas([(1, 2), (3, 4), (5, 6), (), (), (), ()], [4, 2, 2, 0, 0, 0, 0], 8)
    assert alpha == [Fraction(1, 6)] * 3 + [None] * 4
    assert alpha[0] is alpha[1] is alpha[2]


def test_subtree_at_a_geometric_mean_equal_to_a_node_alpha():
    """Zhong Figure B.1: c21 leaves at alpha 1/75 (c22, the ineffective split, at 0; c211, c212 and
    c2122 at 1/150).  The pair (1/150, 2/75) has geometric mean sqrt(2/11250) = 1/75 exactly, so c21
    is collapsed there (a^2 <= lo hi with equality), as at alpha = 1/75; just below (lo = 1/151) it
    is not, and the topmost splits of alpha <= 1/150 are: c211, c212 and c22."""
    t = iris_tree()
    alphas = C.ccp_alphas(t)
    assert sorted(C.ccp_subtree_at(t, alphas, (Fraction(1, 150), Fraction(2, 75)))) == ["c21", "c22"]
    assert sorted(C.ccp_subtree_at(t, alphas, (Fraction(1, 151), Fraction(2, 75)))) == ["c211", "c212", "c22"]


def test_sequence_reports_how_its_tie_decisions_were_settled():
    """Zhong Figure B.1 with ties="all": six splits leave in five stages (c22; c211 and c212, which
    takes c2122 with it; c21; c2; root).  Each of the six is compared once with its stage's alpha,
    and the four that open a new stage once more: 10 decisions, all exact (the g are rationals).
    scikit-learn's one-at-a-time order decides no ties."""
    seq = ccp_sequence(iris_tree())
    assert [s.pruned for s in seq.stages] == [["c22"], ["c211", "c212"], ["c21"], ["c2"], ["root"]]
    assert seq.routes == {"float": 0, "arb": 0, "exact": 10}
    assert ccp_sequence(iris_tree(), ties="sklearn").routes == {"float": 0, "arb": 0, "exact": 0}
