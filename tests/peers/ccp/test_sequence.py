"""exactprune.peers.ccp.sequence: the CCP sequence against brute force and scikit-learn, its
JSON form and inputs, and the alphas of every split against two oracles written here."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune.peers import ccp as C
from exactprune.peers.ccp import ccp_sequence, node_cost, split_alphas
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
    seq = ccp_sequence(tree, cost=cost)
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
    breiman = ccp_sequence(tree, cost="gini", ties="all")
    ours = _distinct([float(a) for a in breiman.alphas])
    theirs = _distinct(sk.ccp_alphas.tolist())
    assert len(ours) == len(theirs)
    assert max(abs(a - b) for a, b in zip(ours, theirs)) <= 1e-12
    one_by_one = ccp_sequence(tree, cost="gini", ties="sklearn")
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
        ccp_sequence(iris_tree(), cost="entropy")
    with pytest.raises(ValueError, match="ties"):
        ccp_sequence(iris_tree(), ties="random")
    with pytest.raises(TypeError, match="positional"):           # options are keyword-only
        ccp_sequence(iris_tree(), "gini")


def _envelope_alphas(tree):
    """The alpha of every split by an algorithm of its own (the test's oracle, formerly the CV
    folds' second implementation in the package): bottom-up on the optimal-cost functions
    F_t(a) = min over prunings T' of the subtree at t of (errors(T') + a |leaves(T')|) (units of
    1/N), concave and piecewise linear, kept as the line beyond the last breakpoint plus a max-heap
    of breakpoints merged small-to-large.  F_t = min(errors(t) + a, sum of the children's F), so t
    collapses from one exact crossing a*(t); a split's alpha is the least a* over itself and its
    ancestors.  Fractions throughout."""
    import heapq
    import itertools
    nodes = tree.nodes()
    index = {id(n): i for i, n in enumerate(nodes)}
    kids = [[index[id(c)] for c in n.children] for n in nodes]
    n = len(nodes)
    own, state, tick = [None] * n, [None] * n, itertools.count()
    for i in reversed(range(n)):     # children before parents (pre-order)
        err = Fraction(nodes[i].errors)
        if not kids[i]:
            state[i] = (err, 1, [])
            continue
        parts = sorted((state[c] for c in kids[i]), key=lambda k: -len(k[2]))
        A, s, heap = parts[0]
        for A2, s2, h2 in parts[1:]:
            A, s = A + A2, s + s2
            for item in h2:
                heapq.heappush(heap, item)
        while True:
            cross = (err - A) / (s - 1)
            if heap and cross < -heap[0][0]:
                negb, _, d = heapq.heappop(heap)
                A, s = A + d * negb, s + d      # left of breakpoint b the slope is s + d
                continue
            break
        own[i] = cross
        heapq.heappush(heap, (-cross, next(tick), s - 1))
        state[i] = (err, 1, heap)
    alpha, bound = {}, [None] * n
    for i in range(n):
        if kids[i]:
            a = own[i] if bound[i] is None or own[i] < bound[i] else bound[i]
            for c in kids[i]:
                bound[c] = a
            alpha[nodes[i].name] = a / tree.root.n
    return alpha


def _naive_alphas(tree):
    """Breiman's weakest-link pruning recomputed from scratch at every step (the test's oracle):
    over the live splits of the current tree, g(t) = (R(t) - R(T_t)) / (|leaves(T_t)| - 1) in
    Fractions from the node counts, every split of least g cut, and each split leaving the tree
    (cut or below a cut) gets that g as its alpha."""
    N = tree.root.n
    alpha: dict = {}

    def live_leaves(node):
        if not node.children or node.name in alpha:
            return [node]
        return [leaf for child in node.children for leaf in live_leaves(child)]

    def live_splits(node):
        if not node.children or node.name in alpha:
            return []
        return [node] + [s for child in node.children for s in live_splits(child)]

    while tree.root.children and tree.root.name not in alpha:
        g = {}
        for split in live_splits(tree.root):
            leaves = live_leaves(split)
            g[split.name] = Fraction(split.errors - sum(leaf.errors for leaf in leaves), N) / (len(leaves) - 1)
        least = min(g.values())
        for split in live_splits(tree.root):
            if g[split.name] == least:
                for node in split.walk():
                    if node.children and node.name not in alpha:
                        alpha[node.name] = least
    return alpha


@settings(max_examples=80, deadline=None)
@given(count_trees(max_depth=4))
def test_split_alphas_equal_a_naive_weakest_link_recomputation_and_the_envelope_oracle(tree):
    """The one alpha algorithm (split_alphas, read off the heap pass of ccp_sequence) against two
    oracles written here: Breiman's pruning recomputed from scratch, and the envelope of the
    optimal-cost functions."""
    alphas = C.ccp_alphas(tree)
    assert alphas == _naive_alphas(tree) == _envelope_alphas(tree)
    names = tree.arrays().names()
    assert [alphas.get(name) for name in names] == split_alphas(tree)


@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3))
def test_ccp_subtree_at_each_stage_alpha_is_the_stage_tree(tree):
    seq = ccp_sequence(tree, ties="all")
    alphas = C.ccp_alphas(tree)
    for stage in seq.stages:
        collapsed = C.ccp_subtree_at(tree, alphas, stage.alpha_from)
        ours = copy_with_leaves(tree, collapsed)
        assert sorted(l.name for l in ours.leaves()) == sorted(l.name for l in stage.tree.leaves())


@pytest.mark.parametrize("name,n,seed", [("g2c15", 3000, 1), ("g6c25", 3000, 2), ("g2c25", 500, 3)])
def test_split_alphas_equal_the_envelope_oracle_on_grown_trees(name, n, seed):
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data(name, n, seed=seed)
    t = Tree.from_sklearn(DecisionTreeClassifier(random_state=seed).fit(X, y))
    assert _envelope_alphas(t) == C.ccp_alphas(t)


def test_split_alphas_equal_the_envelope_oracle_past_the_first_entries_drop():
    """A tree of thousands of splits: the weakest-link pass drops the read part of its sorted
    first entries (from 1024 read, and again as they halve) and refreshes long dirty chains;
    its alphas still equal the envelope oracle."""
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


def test_ccp_refuses_fractional_counts_with_the_reason():
    """Weighted (rational) counts: the exact path keeps integer costs, so it refuses them by name
    (it used to end in an internal TypeError from flint)."""
    tree = Tree.from_dict({"counts": ["7/2", 1], "children": [{"counts": ["7/2", 0]}, {"counts": [0, 1]}]})
    with pytest.raises(ValueError, match=r"the exact CCP path needs whole-number class counts, and node root has the count 7/2"):
        ccp_sequence(tree)


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


def test_split_alphas_give_equal_alphas_as_one_object():
    """root (4, 4) -> c1 (2, 2), c2 (2, 2), each split into pure leaves; N = 8.  g(root) =
    (4/8) / 3 = 1/6 < g(c) = (2/8) / 1 = 1/4, so the root goes first, taking its children: all
    three splits get 1/6, one object (a stage's alpha), leaves None."""
    t = Tree.from_json('{"counts": [4, 4], "children": [{"counts": [2, 2], "children": [{"counts": [2, 0]}, '
                       '{"counts": [0, 2]}]}, {"counts": [2, 2], "children": [{"counts": [2, 0]}, {"counts": [0, 2]}]}]}')
    alpha = split_alphas(t)
    assert sorted(alpha[i] for i in (t.arrays().index(name) for name in ("root", "c1", "c2"))) == [Fraction(1, 6)] * 3
    assert alpha.count(None) == 4
    assert len({id(a) for a in alpha if a is not None}) == 1


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


# Survivors of the mutation run of 2026-11-28 (docs/mutation.md, section peers/ccp): each test
# below failed under the mutants named in its docstring, applied by hand.

def test_stages_index_as_a_sequence():
    """Zhong Figure B.1's five stages (alphas 0, 1/150, 1/75, 22/75, 1/3): negative indices count
    from the end, slices give lists of stages, and an index past either end is refused by name
    (``CCPStages.__getitem__``: mutants 1, 4, 5, 10 to 12)."""
    stages = ccp_sequence(iris_tree()).stages
    assert stages[-1].alpha_from == Fraction(1, 3) and stages[-5].alpha_from == 0
    assert [s.alpha_from for s in stages[1:3]] == [Fraction(1, 150), Fraction(1, 75)]
    assert [s.alpha_from for s in stages[::2]] == [0, Fraction(1, 75), Fraction(1, 3)]
    assert [s.alpha_from for s in stages[-2:]] == [Fraction(22, 75), Fraction(1, 3)]
    for bad in (5, -6):
        with pytest.raises(IndexError, match=r"^stage index out of range$"):
            stages[bad]


def test_ccp_sequence_refusals_name_the_option_and_the_reason():
    """The whole messages (``ccp_sequence`` mutants 14, 22, 26, 33): the option named as the
    caller spells it, and for rational counts the reason the exact path needs whole ones."""
    with pytest.raises(ValueError, match=r"^cost must be 'misclassification' or 'gini', got 'entropy'$"):
        ccp_sequence(iris_tree(), cost="entropy")
    with pytest.raises(ValueError, match=r"^ties must be 'all' or 'sklearn', got 'random'$"):
        ccp_sequence(iris_tree(), ties="random")
    tree = Tree.from_dict({"counts": ["7/2", 1], "children": [{"counts": ["7/2", 0]}, {"counts": [0, 1]}]})
    with pytest.raises(ValueError, match=r"^the exact CCP path needs whole-number class counts, and node root has the "
                                         r"count 7/2: its costs are kept as integers times N \(flint fmpz/fmpq from "
                                         r"integer counts\)$"):
        ccp_sequence(tree)
