"""The pruner convention of exactprune.pruning: ``pruner(tree, <data>, *, <options>) -> Pruning``.

Checked mechanically on every pruner (signature by inspect, result type on the iris tree); the
pruned trees of the pruners that used to return a bare Tree (Kearns-Mansour, minimum size, SRM)
checked against brute force over every pruning and an independent construction of the pruned
tree; and the options that moved (``prior`` and ``epsilon`` of cost and PET pruning) checked
against hand arithmetic and against PruneTree.
"""
from __future__ import annotations

import inspect
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune import classprob, costs, knorm, peers
from exactprune.classprob import prune_pet
from exactprune.costs import cost_label, cost_pruning_path, prune_costs, zero_one_loss
from exactprune.knorm import Prior, leaf_moment, prune, prune_many
from exactprune.peers.ebp import ebp_prune
from exactprune.peers.kearns_mansour import km_prune
from exactprune.peers.mep import mep_as_knorm, mep_prune
from exactprune.peers.min_size import SRMResult, min_size_pruning, min_size_table, srm_pruning
from exactprune.peers.rep import rep_prune
from exactprune.pruning import Pruning
from exactprune.tree import Tree, iris_tree
from random_trees import all_prunings, count_trees

IRIS_COUNTS = {node.name: node.counts for node in iris_tree().root.walk()}

#: pruner -> (its positional parameters, its required keyword-only options, a call on a tree)
PRUNERS = {
    prune: (("tree", "k"), (), lambda t: prune(t, 2)),
    prune_costs: (("tree", "k"), ("loss",), lambda t: prune_costs(t, 2, loss=zero_one_loss(3))),
    prune_pet: (("tree", "k"), (), lambda t: prune_pet(t, 2)),
    mep_prune: (("tree",), (), lambda t: mep_prune(t)),
    mep_as_knorm: (("tree",), (), lambda t: mep_as_knorm(t)),
    ebp_prune: (("tree",), (), lambda t: ebp_prune(t)),
    rep_prune: (("tree", "prune_counts"), (), lambda t: rep_prune(t, IRIS_COUNTS)),
    km_prune: (("tree",), (), lambda t: km_prune(t)),
    min_size_pruning: (("tree",), ("max_errors",), lambda t: min_size_pruning(t, max_errors=6)),
    srm_pruning: (("tree",), (), lambda t: srm_pruning(t)),
}
#: functions that follow the call convention but return something else than one pruning
PATHS = {cost_pruning_path: (("tree", "ks"), ("loss",)), prune_many: (("tree", "ks"), ())}


def _check_signature(function, positional, required) -> None:
    parameters = list(inspect.signature(function).parameters.values())
    name = function.__name__
    assert parameters[0].name == "tree", name
    leading = [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD]
    assert leading == list(positional), (name, leading)
    assert all(p.default is p.empty for p in parameters[:len(positional)]), name
    rest = parameters[len(positional):]
    assert all(p.kind is p.KEYWORD_ONLY for p in rest), (name, [(p.name, p.kind.name) for p in rest])
    assert sorted(p.name for p in rest if p.default is p.empty) == sorted(required), name
    assert all(p.annotation is not p.empty for p in parameters), (name, "a parameter without a type hint")
    assert inspect.signature(function).return_annotation is not inspect.Signature.empty, name


@pytest.mark.parametrize("function", list(PRUNERS) + list(PATHS), ids=lambda f: f.__name__)
def test_every_pruner_takes_the_tree_then_its_data_then_keyword_only_options(function):
    positional, required = (PRUNERS.get(function) or PATHS[function])[:2]
    _check_signature(function, positional, required)
    doc = inspect.getdoc(function)
    for section in ("Parameters\n----------", "Returns\n-------", ">>> "):
        assert section in doc, (function.__name__, section)


def test_the_list_holds_every_public_pruner():
    """A new pruner exported by a pruning module must join PRUNERS (so the convention covers it)."""
    exported = {getattr(module, name) for module in (knorm, costs, classprob, peers) for name in module.__all__
                if re.search(r"(^|_)prune(_|$)|_pruning$", name) and inspect.isfunction(getattr(module, name))}
    assert exported <= set(PRUNERS) | set(PATHS), sorted(f.__name__ for f in exported - set(PRUNERS) - set(PATHS))


@pytest.mark.parametrize("function", list(PRUNERS), ids=lambda f: f.__name__)
def test_every_pruner_returns_a_pruning_whose_tree_is_its_decisions(function):
    """On the iris tree: a Pruning, its ``tree`` the input with exactly the splits that
    ``kept_splits`` keeps below kept ancestors (walked here from the root, not by the package's
    builder), and ``pruned`` the topmost splits it turns into leaves."""
    tree = iris_tree()
    result = PRUNERS[function][2](tree)
    assert isinstance(result, Pruning)
    a = tree.arrays()
    kept = np.asarray(result.kept_splits)
    assert kept.dtype == bool and kept.shape == (a.n_nodes,) and not (kept & (a.n_children == 0)).any()
    kept_names = {a.name(i) for i in np.flatnonzero(kept)}
    assert _preorder(result.tree) == _pruned_by_walk(tree, kept_names)
    assert sorted(result.pruned) == sorted(_topmost_collapsed(tree, kept_names))
    assert _preorder(tree) == _preorder(iris_tree())       # the input is untouched


def _preorder(tree: Tree) -> list:
    return [(n.name, tuple(n.counts), bool(n.children)) for n in tree.root.walk()]


def _pruned_by_walk(tree: Tree, kept_names: set) -> list:
    """Pre-order (name, counts, is a split) of the pruning keeping the splits ``kept_names``
    whose ancestors are kept: a walk of the input from its root."""
    out, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        keep = bool(node.children) and node.name in kept_names
        out.append((node.name, tuple(node.counts), keep))
        if keep:
            stack.extend(reversed(node.children))
    return out


def _topmost_collapsed(tree: Tree, kept_names: set) -> list:
    return [name for name, _, split in _pruned_by_walk(tree, kept_names)
            if not split and tree.node(name).children]


def _errors(tree: Tree, leaves) -> int:
    return sum(tree.node(name).errors for name in leaves)


def _leaf_set(tree: Tree, kept: frozenset) -> frozenset:
    return frozenset(name for name, _, split in _pruned_by_walk(tree, set(kept)) if not split)


# -- the pruners that returned a bare Tree: against brute force ------------------------------------

@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3), st.data())
def test_min_size_pruning_is_a_smallest_pruning_within_the_budget(tree, data):
    """Every pruning enumerated: the result is one with at most ``max_errors`` training errors and
    no pruning within the budget has fewer nodes; its tree is that pruning of the input (walked
    here), its moment its errors."""
    options = {p: (_errors(tree, _leaf_set(tree, p)), len(_pruned_by_walk(tree, set(p)))) for p in all_prunings(tree.root)}
    budget = data.draw(st.integers(min(e for e, _ in options.values()), tree.root.errors))
    result = min_size_pruning(tree, max_errors=budget)
    kept = frozenset(n.name for n in result.tree.root.walk() if n.children)
    assert kept in options
    errors, size = options[kept]
    assert errors <= budget and result.moment == errors
    assert size == min(s for e, s in options.values() if e <= budget)
    assert _preorder(result.tree) == _pruned_by_walk(tree, set(kept))


def _km_reference(tree: Tree, penalty) -> set:
    """The kept splits of (12.1) bottom-up, written out again: a split goes iff the training
    error fraction of its current subtree plus penalty(m_v, nodes, depth, m) >= that of the leaf."""
    m, kept = tree.root.n, set()

    def visit(node, depth):          # -> (errors, nodes) of the current subtree
        if not node.children:
            return node.errors, 1
        below = [visit(child, depth + 1) for child in node.children]
        errors, nodes = sum(e for e, _ in below), 1 + sum(s for _, s in below)
        if node.n and Fraction(errors, node.n) + penalty(node.n, nodes, depth, m) < Fraction(node.errors, node.n):
            kept.add(node.name)
            return errors, nodes
        return node.errors, 1
    visit(tree.root, 0)
    return kept


@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3), st.sampled_from([Fraction(0), Fraction(1, 20), Fraction(1, 6)]))
def test_km_prune_keeps_the_splits_of_rule_12_1(tree, scale):
    """An exact penalty scale * nodes / m_v (ties frequent at scale 0): the result's tree is the
    input walked with the splits (12.1) keeps, its moment the training error rate."""
    penalty = lambda m_v, nodes, depth, m: scale * nodes / m_v      # noqa: E731
    result = km_prune(tree, penalty=penalty)
    kept = _km_reference(tree, penalty)
    assert _preorder(result.tree) == _pruned_by_walk(tree, kept)
    assert result.moment == Fraction(_errors(tree, _leaf_set(tree, frozenset(kept))), tree.root.n)


@settings(max_examples=40, deadline=None)
@given(count_trees(max_depth=3))
def test_srm_result_is_the_minimum_size_pruning_of_its_budget(tree):
    """SRM's result carries its budget d: a smallest pruning with at most d errors (brute force),
    the tree min_size_pruning builds for d, and its error rate."""
    result = srm_pruning(tree)
    assert isinstance(result, SRMResult)
    sizes = {p: len(_pruned_by_walk(tree, set(p))) for p in all_prunings(tree.root)}
    within = [s for p, s in sizes.items() if _errors(tree, _leaf_set(tree, p)) <= result.d]
    kept = frozenset(n.name for n in result.tree.root.walk() if n.children)
    assert sizes[kept] == min(within) == min_size_table(tree)["root"][result.d]
    assert _preorder(result.tree) == _preorder(min_size_pruning(tree, max_errors=result.d).tree)
    assert result.moment == Fraction(_errors(tree, _leaf_set(tree, kept)), tree.root.n)


# -- prior and epsilon of cost and PET pruning ------------------------------------------------------

@pytest.mark.parametrize("counts", [(5, 2, 1), (0, 3, 3), (4, 0, 0), (1, 2)])
@pytest.mark.parametrize("k", [1, 2, 3])
def test_the_0_1_cost_moment_is_4_29_with_numerator_j_minus_1_only(counts, k):
    """Why prune_costs refuses numerator "1": the cost moment (7.13) under 0-1 loss is (4.29)
    with c = J - 1, and differs from c = 1 as soon as J > 2."""
    cost = cost_label(counts, zero_one_loss(len(counts)), k, "1/2")[1]
    assert cost == leaf_moment(counts, k, Prior())
    assert (cost == leaf_moment(counts, k, Prior(numerator="1"))) == (len(counts) == 2)


@pytest.mark.parametrize("call, name", [
    (lambda prior: prune_costs(iris_tree(), 2, loss=zero_one_loss(3), prior=prior), "prune_costs"),
    (lambda prior: cost_pruning_path(iris_tree(), [2], loss=zero_one_loss(3), prior=prior), "prune_costs"),
    (lambda prior: prune_pet(iris_tree(), 2, prior=prior), "prune_pet")])
def test_cost_and_pet_pruning_refuse_another_numerator_and_a_non_prior(call, name):
    with pytest.raises(ValueError, match=rf"^{name} takes only numerator 'J-1', got '1': the numerator convention "
                                         r"belongs to the 0-1 error rate of \(4.29\); "):
        call(Prior(numerator="1"))
    with pytest.raises(TypeError, match=r"^prior must be an exactprune Prior, got str$"):
        call("1/2")


@settings(max_examples=40, deadline=None)
@given(count_trees(max_depth=3), st.sampled_from([1, 2, 3]), st.sampled_from([Fraction(1, 2), Fraction(2)]),
       st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(3)]), st.data())
def test_cost_pruning_under_0_1_loss_is_prunetree_epsilon_included(tree, k, lam, eta, data):
    """Under 0-1 loss the cost moments are (4.29)'s (above), so prune_costs must decide as PruneTree
    (knorm.prune: its own float filter and exact fallback) for every epsilon, also one equal to
    the root's gap, its moment as a leaf less the pruned tree's at epsilon = 0: there Fig 4.1's
    strict test prunes a root that epsilon = 0 keeps (a positive epsilon only raises the
    subtree's value)."""
    prior = Prior(lam=lam, eta=eta)
    plain = prune(tree, k, prior=prior)
    gap = knorm.leaf_moment(tree.root.counts, k, prior) - plain.moment
    epsilon = data.draw(st.sampled_from([Fraction(0), Fraction(1, 10 ** 4)] + ([gap, gap / 2] if gap > 0 else [])))
    expected = prune(tree, k, prior=prior, epsilon=epsilon)
    result = prune_costs(tree, k, loss=zero_one_loss(tree.n_classes), prior=prior, epsilon=epsilon)
    assert np.array_equal(result.kept_splits, expected.kept_splits)
    assert result.moment == expected.moment
    if epsilon == gap and gap > 0:
        assert result.pruned == ["root"] and plain.kept(tree.root)


def test_pet_epsilon_is_fig_4_1s_margin():
    """(50, 50) -> (50, 0), (0, 50), lam = eta = 1/2, k = 2: with two classes the combined moment
    is twice the Beta variance M_0 M_1 / (M^2 (M + 1)).  As a leaf Beta(50.5, 50.5): 2/(4 * 102)
    = 1/204; each child Beta(50.5, 0.5), weighted (50 + 1/2)/(100 + 1) = 1/2: together
    2 * 50.5 * 0.5 / (51^2 * 52).  The split is kept for epsilon below the gap, pruned from it on."""
    half = Fraction(1, 2)
    leaf = 2 * Fraction(101, 2) ** 2 / (101 ** 2 * 102)
    subtree = 2 * (Fraction(101, 2) * half / (51 ** 2 * 52))
    assert leaf == Fraction(1, 204)
    gap = leaf - subtree
    tree = Tree.from_json('{"counts": [50, 50], "children": [{"counts": [50, 0]}, {"counts": [0, 50]}]}')
    for epsilon, pruned in ((0, []), (gap - Fraction(1, 10 ** 30), []), (gap, ["root"]), (2 * gap, ["root"])):
        result = prune_pet(tree, 2, epsilon=epsilon)
        assert result.pruned == pruned, epsilon
        assert result.moment == (leaf if pruned else subtree)
    with pytest.raises(ValueError, match=r"^epsilon must be non-negative, got -1$"):
        prune_pet(tree, 2, epsilon=-1)
    with pytest.raises(TypeError, match=r"^epsilon must be exact"):
        prune_costs(tree, 2, loss=zero_one_loss(2), epsilon=0.5)


def test_positional_options_are_refused():
    """The options are keyword-only: the old positional calls fail loudly, not silently."""
    tree = iris_tree()
    with pytest.raises(TypeError):
        prune(tree, 2, Prior())
    with pytest.raises(TypeError):
        prune_costs(tree, zero_one_loss(3), 2)
    with pytest.raises(TypeError):
        min_size_pruning(tree, 6)
