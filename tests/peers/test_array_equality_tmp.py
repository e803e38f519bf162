"""TEMPORARY: the array implementations of EBP, MEP and REP against the object implementations
they replace (decisions, kept splits, route counts, errors), before the object path is removed."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune.experiments import gaussian_data
from exactprune.peers import _old_ebp, _old_mep, _old_rep, ebp, mep, rep
from exactprune.tree import Tree
from random_trees import count_trees


def leafset(tree):
    return sorted((leaf.name, leaf.counts) for leaf in tree.leaves())


def shape(tree):
    return [(n.name, n.counts, n.feature, n.threshold) for n in tree.root.walk()]


@settings(max_examples=150, deadline=None)
@given(count_trees(max_count=30), st.sampled_from(["c45", "weka"]), st.sampled_from(["1/4", "1/10", "3/5"]))
def test_ebp_counts_equal(tree, variant, cf):
    old, new = _old_ebp.ebp_prune(tree, cf, variant), ebp.ebp_prune(tree, cf, variant)
    assert leafset(old.tree) == leafset(new.tree) and old.pruned == new.pruned
    assert abs(old.estimate - new.estimate) <= 1e-9 * (1 + old.estimate)


@settings(max_examples=150, deadline=None)
@given(count_trees(max_count=30), st.sampled_from(["1/2", "1", "1/5"]), st.sampled_from([None, 0, 3]))
def test_mep_equal(tree, lam, m):
    if m == 0 and any(n.n == 0 for n in tree.root.walk()):
        return
    assert leafset(_old_mep.mep_prune(tree, m, lam)) == leafset(mep.mep_prune(tree, m, lam))


@st.composite
def trees_with_pruning_counts(draw):
    tree = draw(count_trees(max_depth=4))
    pc = {}
    for node in tree.root.postorder():
        if node.is_leaf:
            pc[node.name] = tuple(draw(st.integers(0, 4)) for _ in range(tree.n_classes))
        else:
            pc[node.name] = tuple(map(sum, zip(*(pc[c.name] for c in node.children))))
    return tree, pc


@settings(max_examples=150, deadline=None)
@given(trees_with_pruning_counts(), st.sampled_from(["pruning", "training"]), st.sampled_from(["prune", "keep"]))
def test_rep_equal(case, labels, ties):
    tree, pc = case
    old, new = _old_rep.rep_prune(tree, pc, labels, ties), rep.rep_prune(tree, pc, labels, ties)
    assert (old.errors, old.pruned, old.labels) == (new.errors, new.pruned, new.labels)
    assert leafset(old.tree) == leafset(new.tree)


@pytest.mark.parametrize("n", [200, 1000, 5000, 20000])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_sklearn_trees_equal(n, variant):
    from sklearn.tree import DecisionTreeClassifier
    X, y = gaussian_data("g2c15", n, seed=n)
    Xp, yp = gaussian_data("g2c15", n // 2, seed=n + 1)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    for raising in (False, True):
        old = _old_ebp.ebp_prune(tree, variant=variant, raising=raising, X=X, y=y)
        new = ebp.ebp_prune(tree, variant=variant, raising=raising, X=X, y=y)
        assert (old.pruned, old.raised) == (new.pruned, new.raised)
        assert shape(old.tree) == shape(new.tree)
        assert abs(old.estimate - new.estimate) <= 1e-9 * old.estimate
    assert leafset(_old_mep.mep_prune(tree)) == leafset(mep.mep_prune(tree))
    rc_old, rc_new = _old_rep.route_counts(tree, Xp, yp), rep.route_counts(tree, Xp, yp)
    assert rc_old == rc_new
    for labels in ("pruning", "training"):
        old, new = _old_rep.rep_prune(tree, rc_old, labels), rep.rep_prune(tree, rc_new, labels)
        assert (old.errors, old.pruned, old.labels) == (new.errors, new.pruned, new.labels)
