"""PruneTree's working memory (issue 28): the float pass and the pruned arrays' build keep no
whole-array temporary that an in-place operation or a block loop avoids.  Peaks are traced
(tracemalloc) against the count arrays' bytes (counts, offsets, indices) of a fully grown tree."""
from __future__ import annotations

import tracemalloc

import pytest
from hypothesis import given, settings

from exactprune.knorm import prunetree
from exactprune.knorm import prune
from exactprune.tree import Tree
from random_trees import count_trees


@pytest.fixture(scope="module")
def grown():
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", 2 ** 17, seed=0)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    prune(tree, 2)          # the derived arrays every pass reads (n_children, the breadth-first order)
    return tree


def traced(call):
    """``(result, peak, retained)`` of ``call()`` in bytes, traced from its start."""
    tracemalloc.start()
    try:
        result = call()
        retained, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return result, peak, retained


def test_the_float_pass_works_in_about_one_and_a_half_count_arrays(grown):
    """Per node the pass holds the sizes (then the child weights, in place), the leaf moments
    (then the optimal values, in place) and per split its breadth-first position (the levels are
    views of one array, the leaf moments' errors made a level at a time): 8 + 8 + 4 bytes against
    the count arrays' 32 (two classes), plus fixed blocks.  Before issue 28's cut the sizes, the
    weights, the bounds, a copy of the values and the splits' leaf values were separate arrays:
    1.85x here."""
    nbytes = grown.arrays().nbytes()
    result, peak, _ = traced(lambda: prune(grown, 2))
    assert result.routes["float"] > 10_000
    assert peak <= 1.65 * nbytes, peak / nbytes


def test_the_pruned_arrays_need_no_transient_beyond_what_they_keep(grown):
    """CountArrays.pruned's peak is what it returns (the arrays and the map ``old``): the map to
    the new indices (4 bytes a node) is gone before the counts are gathered, and no int64 array
    over the input's nodes is made beside it.  Before: 0.57x the count arrays above the result."""
    a = grown.arrays()
    kept = prune(grown, 2).kept_splits
    (small, old), peak, retained = traced(lambda: a.pruned(kept))
    assert small.n_nodes < a.n_nodes
    assert peak - retained <= 0.05 * a.nbytes(), (peak - retained) / a.nbytes()


@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=4, max_children=3))
def test_the_blocks_of_the_float_pass_do_not_change_a_decision(tree):
    """The leaf moments and the child weights are made a block at a time, the weights in place
    over the sizes (the last splits first); blocks of 1 and 2 nodes decide every split as one
    block does, by the same route."""
    whole = [prune(tree, k) for k in (1, 2, 3)]
    for block in (1, 2):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(prunetree, "_LEAF_BLOCK", block)
            for k, expected in zip((1, 2, 3), whole):
                got = prune(tree, k)
                assert got.kept_splits.tolist() == expected.kept_splits.tolist()
                assert got.routes == expected.routes


def test_the_pruned_tree_of_a_result_needs_no_transient_beyond_what_it_keeps(grown):
    """PruneResult.tree's build: the splits made leaves come from the build itself (no gather of
    the input's arity after it) and the scikit-learn routing is gathered on first use, so its
    peak is what it keeps (the arrays, the map ``old``, the cut mask) within 0.05x the count
    arrays.  Before: 0.11x above (the routing gathered at once, the input's n_children gathered
    for the cut); with the cut gathered from the input's arity, 0.39x."""
    result = prune(grown, 2)
    small, peak, retained = traced(lambda: result.tree.arrays())
    assert small.n_nodes < grown.arrays().n_nodes
    assert peak - retained <= 0.05 * grown.arrays().nbytes(), (peak - retained) / grown.arrays().nbytes()
