"""The lecture notes' counting and weak-learning claims (papers/002, 12.1.5 and 12.2.3): values
derived by hand here, independently of the checks."""
from __future__ import annotations

from fractions import Fraction

import pytest

from exactprune.theorems.notes import (check_lemma_12_1, check_weak_chain, lemma_12_1_leaves, path_predicates,
                                       weak_split_drop)


def test_path_predicates_by_hand():
    # {0,1}^2, depth <= 2: the root, 4 single literals, 4 consistent pairs (x1 = a and x2 = b)
    assert len(path_predicates(2, 2)) == 9
    assert len(path_predicates(2, 1)) == 5
    # {0,1,2}^1 with tests x >= 1, x >= 2, depth 1: root, {1,2}, {0}, {2}, {0,1}
    assert len(path_predicates(1, 1, side=3)) == 5
    with pytest.raises(ValueError):
        path_predicates(0, 1)


def test_weak_split_drop_by_hand():
    # q = 1/2, a = 3/4, b = 1/4: tau = 1/2, r = 3/4, p = 1/4; Gini 1/2 -> 2*(3/16) = 3/8, drop 1/8
    split = weak_split_drop(Fraction(1, 2), Fraction(3, 4), Fraction(1, 4))
    assert (split["tau"], split["r"], split["p"], split["drop"]) == (Fraction(1, 2), Fraction(3, 4), Fraction(1, 4),
                                                                   Fraction(1, 8))
    # gamma = 1/4 (balanced error 1/4): bound 16/16 * (1/4)^2 = 1/16 <= 1/8
    assert weak_split_drop(Fraction(1, 3), Fraction(0), Fraction(0))["drop"] == 0


def test_lemma_12_1_by_hand():
    # two leaves 1/4 (q = 1/10) and 3/4 (q = 1/3): eps = 1/40 + 1/4 = 11/40; eps/3 = 11/120 for both properties
    case = {"t": 1, "leaves": [["1/4", "1/10"], ["3/4", "1/3"]]}
    assert lemma_12_1_leaves(case) == [0, 1]
    assert check_lemma_12_1(case).holds
    # the printed chain: 1/4 * (1/10)^2 = 1/400 < (11/80) * (11/80)^2 = 1331/512000
    assert not check_weak_chain({**case, "leaf": 0}).holds
    assert check_weak_chain({**case, "leaf": 0}, third=True).holds
    with pytest.raises(ValueError):
        check_lemma_12_1({"t": 0, "leaves": [["1", "0"]]})
    with pytest.raises(ValueError):
        check_lemma_12_1({"t": 1, "leaves": [["1/2", "0"], ["1/3", "0"]]})
