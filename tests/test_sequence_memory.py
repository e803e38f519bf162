"""The k-norm sequence's result is compact (issue 28): integers over the input's nodes, with the
stages' trees, pruned names and breakpoint entries made on access, and no node named unless asked."""
from __future__ import annotations

import gc
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune import Prior
from exactprune.knorm import prune
from exactprune import sequence
from exactprune.sequence import _current_tree, knorm_sequence
from exactprune.tree import Tree, iris_tree
from random_trees import count_trees


def test_breakpoints_are_a_mapping_of_the_splits_alone():
    tree = iris_tree()
    seq = knorm_sequence(tree, crossings=False)
    splits = {n.name for n in tree.nodes() if n.children}        # from the Node walk, not the arrays
    assert set(seq.breakpoints) == splits and len(seq.breakpoints) == len(splits) == 7
    for missing in ("c1", "c9", "c1.2", "x", 3):    # a leaf, no such node, not a name's spelling, not a name
        assert missing not in seq.breakpoints
        with pytest.raises(KeyError):
            seq.breakpoints[missing]
    assert seq.breakpoints.get("c1") is None
    assert [b.name for b in seq.breakpoints.values()] == list(seq.breakpoints)


def test_no_name_is_kept_and_stage_trees_are_made_on_access():
    tree = iris_tree()
    seq = knorm_sequence(tree, Prior(numerator="1"))
    assert "names" not in tree.arrays()._cache
    assert all(stage._tree is None for stage in seq.stages)
    first = seq.stages[1].tree
    assert seq.stages[1].tree is first                           # made once
    # each stage's tree is PruneTree's optimum at its first k (independently recomputed)
    from exactprune.knorm import prune
    for stage in seq.stages[:-1]:
        expected = prune(tree, stage.k_from, prior=Prior(numerator="1")).tree.arrays()
        got = stage.tree.arrays()
        assert np.array_equal(got.counts, expected.counts) and np.array_equal(got.offsets, expected.offsets)


def _traced_sequence(tree, crossings: bool) -> tuple:
    """``knorm_sequence(tree, crossings=crossings)`` under tracemalloc: the result, the bytes still
    traced after the call (what the result keeps) and the traced peak."""
    tracemalloc.start()
    try:
        seq = knorm_sequence(tree, crossings=crossings)
        gc.collect()                     # cyclic garbage of the call is not kept by the result
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return seq, kept, peak


def test_the_result_keeps_about_the_count_arrays_bytes():
    """Before issue 28 the result alone kept about 14 times the count arrays (a name string and
    an entry object per node, every stage's tree); now the record is one int32 per node plus the
    crossings (two exact fractions per split pruned at k >= 2), and the input's breadth-first
    order, made again when the breakpoints are put in Zhong's order (the sequence drops the
    input's derived arrays while it works).  Here about 1.9x."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", 2 ** 13, seed=0)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    tree.arrays().levels()
    seq, kept, _ = _traced_sequence(tree, crossings=True)
    assert len(seq.breakpoints) > 1000
    assert kept <= 3 * tree.arrays().nbytes(), kept / tree.arrays().nbytes()


def test_the_peak_while_building_is_a_few_times_the_count_arrays():
    """Issue 28: while the sequence is built no stage's tree is copied (a view over the input's
    indices, a compact copy once small) and a stage's crossing forms are made a chunk at a time.
    Before, the traced peak on this tree was 5.3 times the count arrays without crossings and 5.4
    with; now 3.4, within 4.5 (a 2^13-example tree: fixed costs weigh more than at 2^20, where
    it is 1.7-1.8 on a converted tree)."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", 2 ** 13, seed=0)
    estimator = DecisionTreeClassifier(random_state=0).fit(X, y)
    for crossings in (False, True):
        tree = Tree.from_sklearn(estimator)
        tree.arrays()
        seq, _, peak = _traced_sequence(tree, crossings=crossings)
        assert len(seq.stages) >= 4 and (not crossings or len(seq.breakpoints) > 1000)
        assert peak <= 4.5 * tree.arrays().nbytes(), (crossings, peak / tree.arrays().nbytes())


@settings(max_examples=40, deadline=None)
@given(count_trees(max_depth=4), st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(numerator="1")]),
       st.integers(1, 40), st.randoms(use_true_random=False))
def test_prunetree_over_a_view_decides_as_over_the_pruned_copy(tree, prior, k, rnd):
    """The sequence runs PruneTree over views of the input (:func:`_current_tree`): the nodes
    below a lost split stay in the arrays as isolated leaves.  PruneTree must decide the view's
    splits as it decides those of the pruned copy, settled by the same routes."""
    a = tree.arrays()
    splits = a.n_children > 0
    keep = splits & np.array([rnd.random() < 0.7 for _ in range(a.n_nodes)])
    keep[0] = splits[0]
    live = keep & a.subtree_mask(keep)               # closed upwards: a kept split's parent is kept
    compact, sequence.COMPACT_FRACTION = sequence.COMPACT_FRACTION, 0      # a view, however small
    try:
        view, origin = _current_tree(tree, live)
    finally:
        sequence.COMPACT_FRACTION = compact
    assert origin is None
    copy = tree.pruned_tree(live)
    old = np.flatnonzero(a.subtree_mask(live))
    by_view, by_copy = prune(view, k, prior=prior), prune(copy, k, prior=prior)
    assert by_view.kept_splits[old].tolist() == by_copy.kept_splits.tolist()
    assert not by_view.kept_splits[np.setdiff1d(np.arange(a.n_nodes), old)].any()
    assert by_view.routes == by_copy.routes
