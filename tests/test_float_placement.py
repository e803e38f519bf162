"""The k-norm sequence's stages placed by float guesses of the breakpoints and certified by
PruneTree on both sides (exactprune.breakpoints.float_breakpoints, the sequence's
_float_placed_change and its walk), against the exact steps alone (PLACE_BY_FLOATS False: PruneTree
at k0 + 1, then the exact doubling-and-bisection search of every split) and against PruneTree at
every k.  Wrong guesses are planted by replacing float_breakpoints: the result must not change.
Here the walk runs from k = 1 (PROPOSE_PATH False: no path proposed; the proposal and its
certification are tests/test_path_proposal.py's)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import exactprune.sequence as sequence_module
from exactprune import Node, Prior, Tree
from exactprune.breakpoints import float_breakpoints
from exactprune.knorm import prune
from exactprune.sequence import knorm_sequence
from exactprune.tree import iris_tree
from random_trees import count_trees, fractional_count_trees
from sequence_cases import SMALL, first_lost

Builder = sequence_module._SequenceBuilder


@pytest.fixture(autouse=True)
def the_walk_alone(monkeypatch):
    monkeypatch.setattr(Builder, "PROPOSE_PATH", False)


def exact_steps_alone(tree, prior=Prior(), crossings=False):
    """The sequence by the exact steps alone (no float placement)."""
    saved = Builder.PLACE_BY_FLOATS, Builder.PROPOSE_PATH
    Builder.PLACE_BY_FLOATS = Builder.PROPOSE_PATH = False
    try:
        return knorm_sequence(tree, prior, crossings=crossings)
    finally:
        Builder.PLACE_BY_FLOATS, Builder.PROPOSE_PATH = saved


def plant_guesses(monkeypatch, shift):
    """Replace the float guesses by ``shift(true guess, k0)`` (the guesses the floats would give,
    moved), so the walk and the exact fallback are reached; returns the list of (guess, planted)."""
    seen = []

    def planted(arrays, splits, prior, k0):
        out = []
        for g in float_breakpoints(arrays, splits, prior, k0):
            moved = shift(g, k0) if g else 0
            seen.append((g, moved))
            out.append(moved)
        return out

    monkeypatch.setattr(sequence_module, "float_breakpoints", planted)
    return seen


# -- float_breakpoints: guesses, checked against exact scans written from the formulas ----------

def test_float_guesses_of_iris_and_the_small_tree_are_the_exact_breakpoints():
    """Iris c2 (as it stands at k = 2, Zhong Figure B.1 (d)) is lost from 17781896 (App B with the
    J - 1 numerator; the sequence tests check it against mpmath); SMALL's split from 10, and from
    k0 = 1 the iris root's split as the grown tree stands at the exact scan's k."""
    tree = prune(iris_tree(), 2).tree
    a = tree.arrays()
    assert float_breakpoints(a, np.array([a.index("c2")]), Prior(), 2) == [17781896]
    small = SMALL.arrays()
    assert float_breakpoints(small, np.array([0]), Prior(), 1) == [first_lost(SMALL.root, 1)] == [10]
    full = iris_tree().arrays()
    assert float_breakpoints(full, np.array([0]), Prior(), 1) == [first_lost(iris_tree().root, 1)]


def test_float_guesses_of_nested_splits_in_one_pass_and_in_chunks(monkeypatch):
    """The guesses of every split of the iris tree at once (nested subtrees) equal the exact scans
    of each split from k0 = 1, whether made in one chunk or one split per chunk (a budget of one
    row).  c22 is lost at k = 1 already (F(1) <= 0): no guess above k0.  Planted bugs that fail it
    (by hand, reverted): the child weights' product not carried below the first level; rows of
    equal a but another d summed as one."""
    tree = iris_tree()
    a = tree.arrays()
    splits = np.flatnonzero(a.n_children > 0)
    names = a.names_of(splits)
    expected = [0 if name == "c22" else first_lost(tree.node(name), 1) for name in names]
    assert float_breakpoints(a, splits, Prior(), 1) == expected
    monkeypatch.setattr("exactprune.breakpoints.search.FLOAT_ROWS_AT_A_TIME", 1)
    assert float_breakpoints(a, splits, Prior(), 1) == expected


def test_float_guess_beyond_float_range_is_none():
    """FAR's split is lost beyond 2^1024 (the sequence tests give its bracket): no float guess."""
    far = Tree(Node((10 ** 6, 10 ** 6 - 1), [Node((10 ** 6, 0)), Node((0, 10 ** 6 - 1))]))
    assert float_breakpoints(far.arrays(), np.array([0]), Prior(), 1) == [0]


# -- the sequence: float-placed against the exact steps alone ------------------------------------

TREES = {
    "iris": (iris_tree(), Prior()),
    "iris numerator 1": (iris_tree(), Prior(numerator="1")),
    "two splits": (Tree(Node((12, 15), [Node((6, 3), [Node((5, 0)), Node((1, 3))]),
                                        Node((6, 12), [Node((0, 10)), Node((6, 2))])])), Prior()),
    "weighted": (Tree(Node((4, Fraction(15, 2)), [
        Node((Fraction(10, 3), Fraction(5, 2)), [Node((3, 0)), Node((Fraction(1, 3), Fraction(5, 2)))]),
        Node((Fraction(2, 3), 5), [Node((Fraction(7, 12), Fraction(35, 8))), Node((Fraction(1, 12), Fraction(5, 8)))])])),
        Prior(lam=Fraction(1, 3), eta=2)),
}


@pytest.mark.parametrize("name", sorted(TREES))
def test_float_placed_sequence_is_the_exact_steps_sequence(name):
    """Stages, breakpoints and certified crossings identical; at least one stage placed by floats."""
    tree, prior = TREES[name]
    seq = knorm_sequence(tree, prior)
    assert seq.as_dict() == exact_steps_alone(tree, prior, crossings=True).as_dict()
    assert seq.decisions["stages_float_placed"] + seq.decisions["stages_float_walked"] >= 1


@pytest.mark.parametrize("shift", [1, 2, 7, 1000, -1, -3, -1000])
@pytest.mark.parametrize("name", sorted(TREES))
def test_misplaced_guesses_give_the_same_sequence(name, shift, monkeypatch):
    """Every guess moved by ``shift`` (kept above k0): PruneTree at k* - 1 prunes (guess too high) or
    at k* does not (too low), and the walk from there finds the same stage; a guess moved to where
    PruneTree at k0 + 1 already kept every split is searched exactly.  The iris breakpoint 17781896
    is among them.  Planted bugs that fail it (by hand, reverted): the walk's answer one more than
    the least pruning k; the walk down taking a probe that prunes for one that keeps."""
    tree, prior = TREES[name]
    expected = exact_steps_alone(tree, prior).as_dict()
    seen = plant_guesses(monkeypatch, lambda g, k0: max(g + shift, k0 + 1))
    seq = knorm_sequence(tree, prior, crossings=False)
    assert seq.as_dict() == expected and seen


@pytest.mark.parametrize("shift, down", [(3, True), (1000, True), (-1, False), (-5, False)])
def test_a_guess_too_high_is_walked_down_and_too_low_up(shift, down, monkeypatch):
    """TWO_SPLITS (c1 lost from 10, c2 from 12, root from 16, by PruneTree in the sequence tests):
    every guess moved by ``shift`` but kept two above k0, so that PruneTree at k0 + 1 (asked first)
    does not settle it: too high, PruneTree at k* - 1 prunes and the walk goes down; too low,
    PruneTree at k* prunes nothing and it goes up; the stages are the same.  Planted bugs that fail
    it (by hand, reverted): the walk's answer one more than the least pruning k; the walk down
    taking a probe that prunes for one that keeps."""
    tree, prior = TREES["two splits"]
    plant_guesses(monkeypatch, lambda g, k0: max(g + shift, k0 + 2))
    seq = knorm_sequence(tree, prior, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 10, 12, 16, "inf"]
    assert seq.decisions["stages_float_walked"] >= 1


def test_a_guess_too_far_off_is_left_to_the_exact_search(monkeypatch):
    """A guess further off than the walk's step limit: the exact steps decide (searches run), and the
    sequence is the same."""
    tree, prior = TREES["iris"]
    expected = exact_steps_alone(tree, prior).as_dict()
    monkeypatch.setattr(Builder, "WALK_STEP_LIMIT", 4)
    plant_guesses(monkeypatch, lambda g, k0: g + 10 ** 6)
    seq = knorm_sequence(tree, prior, crossings=False)
    assert seq.as_dict() == expected and seq.searches >= 1


def test_no_guess_or_a_guess_at_or_below_k0_is_searched_exactly(monkeypatch):
    """No float guess (0) or one at k0 (kept there: wrong): each such split is searched exactly
    from k0, and the sequence is the same."""
    tree, prior = TREES["iris"]
    expected = exact_steps_alone(tree, prior).as_dict()
    plant_guesses(monkeypatch, lambda g, k0: 0)
    seq = knorm_sequence(tree, prior, crossings=False)
    assert seq.as_dict() == expected and seq.searches >= 1 and seq.decisions["stages_float_placed"] >= 1
    plant_guesses(monkeypatch, lambda g, k0: k0)
    assert knorm_sequence(tree, prior, crossings=False).as_dict() == expected


def test_a_guess_beyond_2_to_the_53_is_left_to_the_exact_search(monkeypatch):
    """Floats place a k beyond 2^53 to a few digits: such a least guess goes to the exact steps."""
    tree, prior = TREES["iris"]
    expected = exact_steps_alone(tree, prior).as_dict()
    monkeypatch.setattr(Builder, "FLOAT_EXACT_INTEGERS", 100)      # iris's 17781896 is beyond it
    seq = knorm_sequence(tree, prior, crossings=False)
    assert seq.as_dict() == expected and seq.searches >= 1


def test_a_bracket_beyond_2_to_the_1024_is_unchanged():
    """FAR's split is lost beyond 2^1024: no float guess, the exact steps give the same bracket."""
    far = Tree(Node((10 ** 6, 10 ** 6 - 1), [Node((10 ** 6, 0)), Node((0, 10 ** 6 - 1))]))
    assert knorm_sequence(far, crossings=False).as_dict() == exact_steps_alone(far).as_dict()


@settings(max_examples=40, deadline=None)
@given(count_trees(max_depth=4), st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(numerator="1")]),
       st.sampled_from([0, 1, -1, 5, -5]))
def test_random_trees_float_placed_and_misplaced_against_the_exact_steps(tree, prior, shift):
    """Random integer trees, the guesses exact or moved: the same sequence as the exact steps."""
    expected = exact_steps_alone(tree, prior).as_dict()
    with pytest.MonkeyPatch.context() as monkeypatch:
        plant_guesses(monkeypatch, lambda g, k0: max(g + shift, k0 + 1))
        assert knorm_sequence(tree, prior, crossings=False).as_dict() == expected


@settings(max_examples=20, deadline=None)
@given(fractional_count_trees(max_depth=3), st.sampled_from([0, 2, -2]))
def test_random_weighted_trees_against_the_exact_steps(tree, shift):
    expected = exact_steps_alone(tree).as_dict()
    with pytest.MonkeyPatch.context() as monkeypatch:
        plant_guesses(monkeypatch, lambda g, k0: max(g + shift, k0 + 1))
        assert knorm_sequence(tree, crossings=False).as_dict() == expected


# -- next_breakpoint from a guess ------------------------------------------------------------------

class Crossing:
    """A synthetic F_d lost from the integer b on (its sign only); the k asked are recorded."""

    def __init__(self, b):
        self.b, self.asked, self.name = b, [], "x"

    def sign(self, k):
        self.asked.append(k)
        return 1 if k < self.b else -1


@pytest.mark.parametrize("b, guess", [(17, 17), (17, 18), (17, 16), (17, 2), (17, 40), (17781896, 17781900),
                                      (2 ** 100 + 12345, 2 ** 100), (2 ** 100, 2 ** 100 + 2 ** 80), (2, 3)])
def test_a_guess_changes_the_signs_asked_not_the_breakpoint(b, guess):
    """From k0 = 1, with or without a guess (above, below, at the breakpoint, or far off), the least
    k with F_d(k) <= 0.  Planted bugs that fail it (by hand, reverted): the gallop down returning
    its last lost point as lo; the gallop up ignoring the sign at the guess."""
    from exactprune.breakpoints import next_breakpoint
    assert next_breakpoint(Crossing(b), 1) == b
    assert next_breakpoint(Crossing(b), 1, guess=guess) == b


def test_a_guess_one_off_costs_a_few_signs():
    """b = 2^100 + 12345, guessed 2^100: kept there, one step of 2^70 up is lost, then 70 halvings:
    72 signs, against about 200 doubling from k0 = 1."""
    from exactprune.breakpoints import next_breakpoint
    b = 2 ** 100 + 12345
    form = Crossing(b)
    assert next_breakpoint(form, 1, guess=2 ** 100) == b and len(form.asked) == 72
    plain = Crossing(b)
    next_breakpoint(plain, 1)
    assert len(plain.asked) == 2 * 101


def test_a_guess_near_the_exact_limit_still_gives_the_bracket():
    """FAR's split is lost beyond 2^1024: from a guess just below 2^1024 the search reaches the limit
    kept and returns the same certified bracket as from k0 = 1."""
    from exactprune.breakpoints import SubtreeForm, next_breakpoint
    far = Tree(Node((10 ** 6, 10 ** 6 - 1), [Node((10 ** 6, 0)), Node((0, 10 ** 6 - 1))]))
    form = SubtreeForm(far.root, Prior())
    assert next_breakpoint(form, 1, guess=2 ** 1024 - 2 ** 990) == next_breakpoint(form, 1)
