"""exactprune.tree.validation: check_arrays' refusals and the kinds of counts."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from exactprune import Tree
from exactprune.tree import iris_tree


@pytest.mark.parametrize("counts, offsets, indices, words", [
    ([[2, 1], [2, 0], [0, 2]], [0, 2, 2, 2], [1, 2], "add up"),
    ([[2, 1], [2, 1]], [0, 1, 1], [1], "at least 2 children"),
    ([[1, -1]], [0, 0], [], "negative count"),
    ([[2, 1], [2, 0], [0, 1]], [0, 2, 2, 2], [2, 2], "exactly one node"),
    ([[2, 1], [2, 0], [0, 1]], [0, 0, 2, 2], [0, 2], "exactly one node"),
    ([[2 ** 53, 1]], [0, 0], [], "MAX_COUNT"),
])
def test_bad_arrays_are_rejected_naming_the_problem(counts, offsets, indices, words):
    from exactprune.tree import CountArrays
    arrays = CountArrays(np.array(counts, dtype=object if counts[0][0] > 2 ** 62 else np.int64),
                         np.array(offsets), np.array(indices, dtype=np.int64))
    with pytest.raises(ValueError, match=words):
        Tree.from_arrays(arrays)

def test_arrays_take_fractions_explicitly_and_refuse_floats_in_an_object_matrix():
    """An object matrix of ints and Fractions is a rational count tree; a float in it (which the
    float filter of PruneTree would take with bounds meant for integers) is refused naming it."""
    from exactprune.tree import CountArrays
    structure = (np.array([0, 2, 2, 2]), np.array([1, 2], dtype=np.int64))
    half = Fraction(1, 2)
    good = CountArrays(np.array([[Fraction(3, 2), 1], [1, 1], [half, 0]], dtype=object), *structure)
    assert Tree.from_arrays(good).node("c2").counts == (half, 0)
    bad = CountArrays(np.array([[1.5, 1], [1.0, 1], [0.5, 0]], dtype=object), *structure)
    with pytest.raises(ValueError, match="integers or exact rationals \\(Fraction\\), got the float 1.5"):
        Tree.from_arrays(bad)
    wrong = CountArrays(np.array([[Fraction(3, 2), 1], [1, 1], [Fraction(1, 3), 0]], dtype=object), *structure)
    with pytest.raises(ValueError, match="root: children's counts add up"):
        Tree.from_arrays(wrong)

def test_require_integer_counts_names_the_consumer_the_node_and_the_reason():
    from exactprune.tree import require_integer_counts
    tree = Tree.from_json('{"counts": ["5/2", 1], "children": [{"counts": [2, 1]}, {"counts": ["1/2", 0]}]}')
    with pytest.raises(ValueError, match=r"^the search needs whole-number class counts, and node root has "
                                         r"the count 5/2: a reason$"):
        require_integer_counts(tree.arrays(), "the search", "a reason")
    require_integer_counts(iris_tree().arrays(), "the search", "a reason")     # integers pass

def test_sums_are_checked_block_by_block_naming_the_first_wrong_split(monkeypatch):
    """check_arrays sums a few splits at a time; a wrong sum in a later block (and in a tree with
    a 3-child split) is found and named, the first one in index order."""
    import exactprune.tree.validation as validation
    from exactprune.tree import CountArrays
    monkeypatch.setattr(validation, "_CHECK_BLOCK", 1)       # one split per block
    counts = np.array([[6, 3], [3, 0], [3, 3], [1, 0], [1, 0], [1, 0], [0, 2], [0, 1]])
    offsets = np.array([0, 2, 5, 7, 7, 7, 7, 7, 7])         # root: 1, 2; c1: 3, 4, 5; c2: 6, 7
    indices = np.array([1, 2, 3, 4, 5, 6, 7])
    with pytest.raises(ValueError, match=r"node c2: children's counts add up to \[0, 3\], not to its counts \[3, 3\]"):
        validation.check_arrays(CountArrays(counts, offsets, indices))
    counts[2] = [0, 3]
    counts[0] = [3, 3]
    validation.check_arrays(CountArrays(counts, offsets, indices))
    counts[6] = [1, 2]
    with pytest.raises(ValueError, match="node c2: children's counts add up to"):
        validation.check_arrays(CountArrays(counts, offsets, indices))

@pytest.mark.parametrize("indices", [[1, -1], [1, 3], [2, 2], [0, 2]])
def test_child_indices_out_of_range_or_repeated_are_refused(indices):
    from exactprune.tree import CountArrays
    from exactprune.tree.validation import check_arrays
    with pytest.raises(ValueError, match="child of exactly one node with a smaller index"):
        check_arrays(CountArrays(np.array([[2, 1], [2, 0], [0, 1]]), np.array([0, 2, 2, 2]), np.array(indices)))
