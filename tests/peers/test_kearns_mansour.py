"""Kearns-Mansour pruning (exactprune.peers.kearns_mansour): zero penalty is REP on the training
set; the penalty (12.2) grows with subtree size."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from exactprune.peers.kearns_mansour import km_penalty, km_prune
from exactprune.peers.rep import rep_prune
from exactprune.tree import iris_tree
from random_trees import count_trees


@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3))
def test_km_with_zero_penalty_is_rep_on_the_training_set(tree):
    """alpha = 0 in (12.1): prune iff the subtree makes no fewer training errors, i.e. REP
    with the training set as pruning set, hence (EK Thm 1) the smallest training-optimal pruning."""
    km = km_prune(tree, penalty=lambda *a: 0)
    pc = {n.name: n.counts for n in tree.root.walk()}
    rep = rep_prune(tree, pc, labels="training")
    assert sorted(l.name for l in km.leaves()) == sorted(l.name for l in rep.tree.leaves())


def test_km_penalty_grows_with_size_and_prunes_more():
    assert km_penalty(100, 5, 2, 1000) > km_penalty(100, 3, 2, 1000)
    assert km_penalty(50, 3, 2, 1000) > km_penalty(100, 3, 2, 1000)
    big = km_prune(iris_tree(), c="11/10")
    none = km_prune(iris_tree(), penalty=lambda *a: 0)
    assert big.n_leaves <= none.n_leaves
    with pytest.raises(ValueError, match="c must exceed 1"):
        km_penalty(10, 3, 1, 10, c=1)
