"""The k-norm sequence's result is compact (issue 28): integers over the input's nodes, with the
stages' trees, pruned names and breakpoint entries made on access, and no node named unless asked."""
from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from exactprune import Prior
from exactprune.sequence import knorm_sequence
from exactprune.tree import Tree, iris_tree


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


def test_the_result_keeps_about_the_count_arrays_bytes():
    """Before issue 28 the result alone kept about 14 times the count arrays (a name string and
    an entry object per node, every stage's tree); now the record is one int32 per node plus the
    crossings, and the rest the input arrays' caches made by PruneTree (sizes, majority, parent:
    8 bytes per node each, a quarter of the count arrays each).  Here about 2.4x."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c15", 2 ** 13, seed=0)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    tree.arrays().levels()
    tracemalloc.start()
    try:
        seq = knorm_sequence(tree, crossings=True)
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(seq.breakpoints) > 1000
    assert kept <= 3 * tree.arrays().nbytes(), kept / tree.arrays().nbytes()
