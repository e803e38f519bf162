"""exactprune.stages: the sequence's result placing an integer k against a breakpoint beyond the
exact range (a certified LogBracket on log2 k): exact at powers of two, certified elsewhere, and
refused inside the bracket.  The stages and breakpoint entries themselves are checked against
PruneTree in tests/test_sequence.py and tests/test_sequence_stages.py."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings

from exactprune.breakpoints import LogBracket
from random_trees import count_trees


def test_log2_sign_exact_for_powers_of_two_and_certified_otherwise():
    from exactprune.stages import _log2_sign
    assert _log2_sign(8, Fraction(3)) == 0 and _log2_sign(1, Fraction(0)) == 0        # exact ties
    assert _log2_sign(2 ** 100, Fraction(201, 2)) == -1 and _log2_sign(2 ** 100, Fraction(199, 2)) == 1
    assert _log2_sign(9, Fraction(3)) == 1 and _log2_sign(7, Fraction(3)) == -1        # log2 9 > 3 > log2 7


def test_at_least_places_k_equal_to_2_to_the_upper_end():
    """2^5 < b <= 2^6: k = 64 = 2^6 is at or above b (placed in the later stage), k = 63 and 33 are
    not placed, k = 32 = 2^5 is below b."""
    from exactprune.stages import _at_least
    bracket = LogBracket(Fraction(5), Fraction(6))
    assert _at_least(64, bracket) is True and _at_least(32, bracket) is False
    for k in (33, 63):
        with pytest.raises(ValueError, match="inside the certified interval"):
            _at_least(k, bracket)


def _in_pruned_tree(arrays, kept):
    """The splits of the tree PruneTree leaves (``kept`` its decision at every split): a split
    with every ancestor kept, found by a walk up from each node (no sequence code)."""
    parent, out = arrays.parent.tolist(), []
    for i in range(arrays.n_nodes):
        j, alive = i, bool(kept[i]) and arrays.n_children[i] > 0
        while alive and parent[j] >= 0:
            j = parent[j]
            alive = bool(kept[j])
        out.append(alive)
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count_trees(max_depth=4, max_count=9))
def test_lost_at_is_the_first_stage_whose_prunetree_drops_the_split(tree):
    """KNormSequence.lost_at against PruneTree run afresh at every finite stage's first k: a split
    of the input has the index of the first stage whose PruneTree tree does not hold it (the
    k = infinity stage's index when every finite stage holds it), a leaf 0."""
    from exactprune.knorm import prune
    from exactprune.sequence import knorm_sequence
    seq = knorm_sequence(tree, crossings=False)
    a = tree.arrays()
    finite = [s for s in seq.stages if s.k_from != "inf"]
    held = [_in_pruned_tree(a, prune(tree, s.k_from).kept_splits) for s in finite]
    expected = []
    for i in range(a.n_nodes):
        if a.n_children[i] == 0:
            expected.append(0)
        else:
            expected.append(next((s for s, row in enumerate(held) if not row[i]), len(seq.stages) - 1))
    assert seq.lost_at().tolist() == expected


def test_lost_at_needs_a_sequence_made_by_knorm_sequence():
    from exactprune.knorm import Prior
    from exactprune.stages import KNormSequence, Stage
    from exactprune.tree import iris_tree
    with pytest.raises(TypeError, match="made by knorm_sequence"):
        KNormSequence(Prior(), [Stage(1, None, iris_tree(), [])], {}).lost_at()
