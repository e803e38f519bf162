"""The k path proposed in floats (exactprune.path_proposal) and its certification by PruneTree at the
columns 1, k_i - 1, k_i (sequence._SequenceBuilder._certified_path): the sequence with the path
equals the walk alone (PROPOSE_PATH False) on random trees, wrong proposals are caught and the walk
takes over from the last certified stage, and the stage starts are checked against an oracle
written from the formulas (an exact PruneTree in Fractions at every k up to a bound)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import exactprune.sequence as sequence_module
from exactprune import Node, Prior, Tree
from exactprune.path_proposal import PathProposal, propose_path
from exactprune.sequence import knorm_sequence
from exactprune.tree import iris_tree
from random_trees import count_trees, fractional_count_trees
from sequence_cases import leaf_moment_by_hand, record_prunetree_orders

Builder = sequence_module._SequenceBuilder

PRIORS = [Prior(), Prior(numerator="1"), Prior(lam=1, eta=2), Prior(lam="1/3", eta="1/10"), Prior(lam=0, eta=0)]


def walk_alone(tree, prior, crossings=False):
    saved = Builder.PROPOSE_PATH
    Builder.PROPOSE_PATH = False
    try:
        return knorm_sequence(tree, prior, crossings=crossings)
    finally:
        Builder.PROPOSE_PATH = saved


def outputs(seq) -> tuple:
    """Everything a sequence gives but its decision counts: the JSON form (stages, breakpoint
    entries with crossings) and the record of the stage that loses each node."""
    return seq.as_dict(), seq.stages[0]._record.stage_of.tolist()


def outputs_or_error(make) -> tuple:
    """:func:`outputs` of ``make()``, or the ValueError it raises (type and message)."""
    try:
        return outputs(make())
    except ValueError as error:
        return "ValueError", str(error)


def assert_path_is_the_walk(tree, prior, crossings=False) -> None:
    """The sequence with the path proposed gives the walk's outputs, or the walk's error; except
    where the walk raises because a split's own breakpoint is beyond the search's limit while an
    ancestor removes it first: then the path's stages are checked by the exact PruneTree by hand
    on both sides of each start (see the test below)."""
    walk = outputs_or_error(lambda: walk_alone(tree, prior, crossings=crossings))
    path = outputs_or_error(lambda: knorm_sequence(tree, prior, crossings=crossings))
    if walk[0] == "ValueError" and path[0] != "ValueError":
        assert "no breakpoint below" in walk[1]
        seq = knorm_sequence(tree, prior, crossings=crossings)
        for before, stage in zip(seq.stages, seq.stages[1:]):
            if isinstance(stage.k_from, int):
                assert best_by_hand(tree.root, stage.k_from, prior)[1] == kept_paths(stage)
                assert best_by_hand(tree.root, stage.k_from - 1, prior)[1] == kept_paths(before)
        return
    assert path == walk


# -- an oracle from the formulas: PruneTree (Fig 4.1) in exact Fractions, recursively --------------

def best_by_hand(node: Node, k: int, prior: Prior) -> tuple:
    """(R of the optimal pruning of ``node``'s subtree at k, its splits kept as paths): keep a split
    iff the weighted sum (4.28) with the weights (4.11) of its children's optima is below its own
    leaf moment (4.29), all in Fractions."""
    leaf = leaf_moment_by_hand(node.counts, k, prior)
    if not node.children:
        return leaf, frozenset()
    den = sum(node.counts) + prior.eta * len(node.children)
    total, kept = Fraction(0), set()
    for j, child in enumerate(node.children, start=1):
        r, below = best_by_hand(child, k, prior)
        total += (sum(child.counts) + prior.eta) / den * r
        kept |= {(j,) + path for path in below}
    if total < leaf:
        return total, frozenset(kept | {()})
    return leaf, frozenset()


def stage_starts_by_hand(tree: Tree, prior: Prior, bound: int) -> list:
    """The k <= bound where the optimal pruning changes (1 first)."""
    starts, before = [], None
    for k in range(1, bound + 1):
        kept = best_by_hand(tree.root, k, prior)[1]
        if kept != before:
            starts.append(k)
        before = kept
    return starts


def kept_paths(stage) -> frozenset:
    """The splits of a stage's tree as child-position paths from the root."""
    def walk(node, path):
        if node.children:
            yield path
            for j, child in enumerate(node.children, start=1):
                yield from walk(child, path + (j,))
    return frozenset(walk(stage.tree.root, ()))


@settings(max_examples=20, deadline=None)
@given(count_trees(max_depth=3, max_count=8, max_children=3), st.sampled_from(PRIORS))
def test_the_stage_starts_are_where_an_exact_prunetree_by_hand_changes(tree, prior):
    """Every stage start up to 40 is a k where PruneTree in Fractions (written out above) changes,
    each such k is a stage start, and each stage's tree is that PruneTree's at its first k."""
    seq = knorm_sequence(tree, prior, crossings=False)
    finite = [s for s in seq.stages if s.k_from != "inf" and isinstance(s.k_from, int)]
    bound = 40
    assert [s.k_from for s in finite if s.k_from <= bound] == stage_starts_by_hand(tree, prior, bound)
    for stage in finite:
        if stage.k_from <= bound:
            assert kept_paths(stage) == best_by_hand(tree.root, stage.k_from, prior)[1]


def test_the_stage_starts_of_a_tree_with_a_large_breakpoint():
    """Iris (Zhong App B, Figure B.1): stages from 1, 2 (by the exact PruneTree by hand on both
    sides) and 17781896 (c2's least k as checked against mpmath in tests/test_sequence.py; Zhong
    prints the floor of the real crossing with the other numerator); the path is proposed and
    certified whole, with no search."""
    tree = iris_tree()
    seq = knorm_sequence(tree, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 2, 17781896, "inf"]
    assert best_by_hand(tree.root, 1, Prior())[1] == kept_paths(seq.stages[0])
    assert best_by_hand(tree.root, 2, Prior())[1] == kept_paths(seq.stages[1]) != kept_paths(seq.stages[0])
    assert seq.decisions["stages_path_certified"] == 3 and seq.searches == 0


# -- the path equals the walk -----------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=4, max_count=12, max_children=4, n_classes=(2, 3, 4)), st.sampled_from(PRIORS))
def test_the_path_equals_the_walk_on_random_trees(tree, prior):
    assert_path_is_the_walk(tree, prior)


@settings(max_examples=25, deadline=None)
@given(count_trees(max_depth=3, max_count=12, max_children=3), st.sampled_from(PRIORS[:4]))
def test_the_path_equals_the_walk_with_crossings(tree, prior):
    """crossings=True takes the path too: each stage's crossings from the stage before's tree."""
    assert_path_is_the_walk(tree, prior, crossings=True)


@settings(max_examples=25, deadline=None)
@given(fractional_count_trees(max_depth=3, max_count=10, max_children=3), st.sampled_from(PRIORS[:4]))
def test_the_path_equals_the_walk_on_weighted_counts(tree, prior):
    assert_path_is_the_walk(tree, prior)


#: (10^6, 10^6 - 1) into pure children: kept until k ~ 2^2000021 (a bracket beyond 2^53)
FAR = Node((10 ** 6, 10 ** 6 - 1), [Node((10 ** 6, 0)), Node((0, 10 ** 6 - 1))])
#: pure children of one class under a split of that class: Thm 5.9, kept at every k
SURVIVOR = Node((9, 1), [Node((5, 0)), Node((4, 1), [Node((4, 0)), Node((0, 1))])])


@pytest.mark.parametrize("tree, prior", [
    (iris_tree(), Prior()), (iris_tree(), Prior(numerator="1")),                   # a stage at 17781896
    (Tree(Node((10 ** 6 + 6, 10 ** 6 + 2), [FAR, Node((6, 3), [Node((5, 0)), Node((1, 3))])])), Prior()),
    (Tree(Node((12, 6), [SURVIVOR, Node((3, 5), [Node((3, 0)), Node((0, 5)), Node((0, 0))])])), Prior()),
    (Tree(Node((20, 20), [Node((10, 0)), Node((0, 10)), Node((5, 5), [Node((5, 1)), Node((0, 4))]),
                          Node((5, 5))])), Prior(lam=0, eta=0)),                   # non-binary, lam = 0
])
@pytest.mark.parametrize("crossings", [False, True])
def test_the_path_equals_the_walk_on_large_breakpoints_survivors_and_wide_splits(tree, prior, crossings):
    """Stages beyond 2^53 (FAR: a certified bracket; the path stops below it and the walk goes on),
    splits surviving every k (Thm 5.9), several children, lam = 0 (where c3 = (5, 5) into (5, 1)
    and (0, 4) has no breakpoint below the search's limit: the walk raises, the path removes it
    with the root at 10)."""
    assert_path_is_the_walk(tree, prior, crossings)
    assert knorm_sequence(tree, prior, crossings=crossings).decisions["stages_path_certified"] >= 1


def test_a_split_beyond_the_search_range_removed_with_its_parent_is_not_searched():
    """The walk searches every split of a stage and raises when one's breakpoint lies beyond the
    search's limit (tests/test_sequence_stages.py); the path places the root's stage below it,
    which removes that split with the root, and certifies it: PruneTree keeps both splits at
    k - 1 and prunes the root at k (checked here by the exact PruneTree by hand)."""
    tree = Tree(Node((10 ** 6 + 1, 10 ** 6 - 1), [Node((1, 0)), FAR]))
    seq = knorm_sequence(tree, crossings=False)
    k = seq.stages[1].k_from
    assert [s.pruned for s in seq.stages] == [[], ["root"], []]
    assert seq.breakpoints["c2"].removed_with == "root"
    assert best_by_hand(tree.root, k - 1, Prior())[1] == {(), (2,)} and best_by_hand(tree.root, k, Prior())[1] == set()


# -- wrong proposals are caught -------------------------------------------------------------------

def shifted(monkeypatch, stage: int, by: int) -> None:
    """Replace the proposal by one whose stage ``stage`` starts ``by`` later (its splits the same)."""
    real = sequence_module.propose_path

    def wrong(arrays, prior, k_limit):
        proposal = real(arrays, prior, k_limit)
        ks = list(proposal.ks)
        ks[stage] += by
        return PathProposal(ks, proposal.lost_at, proposal.complete)

    monkeypatch.setattr(sequence_module, "propose_path", wrong)


#: c1 lost from 10, c2 from 12, the root from 16 (tests/test_sequence.py's TWO_SPLITS)
TWO = Tree(Node((12, 15), [Node((6, 3), [Node((5, 0)), Node((1, 3))]), Node((6, 12), [Node((0, 10)), Node((6, 2))])]))


@pytest.mark.parametrize("stage, by", [(1, 1), (1, -1), (2, 1), (2, -1), (3, 1), (3, -1)])
@pytest.mark.parametrize("crossings", [False, True])
def test_a_proposal_one_off_is_caught_and_the_walk_goes_on_from_the_stage_before(monkeypatch, stage, by, crossings):
    """TWO's proposal is 1, 10, 12, 16; with one start moved by one, the columns around it disagree
    (one later: column k_i shows the stage before; one earlier: column k_i - 1 shows the stage
    itself), so exactly the stages before it are taken (``stages_path_certified``) and the walk
    finds the rest: the sequence is the walk's (planted bug that fails it, by hand, reverted: the
    column k_i - 1 not compared)."""
    expected = outputs(walk_alone(TWO, Prior(), crossings))
    shifted(monkeypatch, stage, by)
    seq = knorm_sequence(TWO, crossings=crossings)
    assert outputs(seq) == expected
    assert seq.decisions["stages_path_certified"] == stage


def test_a_wrong_first_stage_falls_back_to_the_walk_from_k_1(monkeypatch):
    """A proposal whose first stage keeps a split PruneTree prunes at k = 1: nothing is taken."""
    tree = iris_tree()
    real = sequence_module.propose_path

    def wrong(arrays, prior, k_limit):
        proposal = real(arrays, prior, k_limit)
        lost_at = proposal.lost_at.copy()
        lost_at[arrays.index("c22")] = 1            # c22 is lost at k = 1 (Zhong App B: ineffective)
        return PathProposal(proposal.ks, lost_at, proposal.complete)

    monkeypatch.setattr(sequence_module, "propose_path", wrong)
    seq = knorm_sequence(tree, crossings=False)
    assert outputs(seq) == outputs(walk_alone(tree, Prior()))
    assert seq.decisions["stages_path_certified"] == 0


def test_no_proposal_for_a_large_pair_table_is_the_walk(monkeypatch):
    """A tree whose (ancestor, descendant) table is over the limit is not proposed (None)."""
    import exactprune.path_proposal as path_module
    monkeypatch.setattr(path_module, "PAIRS_ALWAYS", 1)
    a = iris_tree().arrays()
    assert int(a.depth.sum()) > max(1, a.nbytes() // 16) and propose_path(a, Prior()) is None
    seq = knorm_sequence(iris_tree(), crossings=False)
    assert seq.decisions["stages_path_certified"] == 0 and [s.k_from for s in seq.stages] == [1, 2, 17781896, "inf"]


# -- the proposal itself --------------------------------------------------------------------------

def test_the_proposal_of_iris_is_its_path():
    """Zhong App B: c22 lost at k = 1 (with its subtree), c21 from 2, c2 from 17781896, the root kept."""
    a = iris_tree().arrays()
    proposal = propose_path(a, Prior())
    assert proposal.ks == [1, 2, 17781896] and proposal.complete
    assert proposal.lost_at.dtype.kind == "i" and proposal.kept(1).dtype == bool       # stage indices, masks
    names = {n: int(proposal.lost_at[a.index(n)]) for n in ("root", "c2", "c21", "c22")}
    assert names == {"root": 3, "c2": 2, "c21": 1, "c22": 0}


def test_a_proposal_stops_below_its_limit():
    """Iris with the limit 2^24: c2's breakpoint 17781896 is above 2^24 - 1 = 16777215, so the
    proposal stops after k = 2 (complete: no breakpoint up to the limit)."""
    proposal = propose_path(iris_tree().arrays(), Prior(), 1 << 24)
    assert proposal.ks == [1, 2] and proposal.complete
    assert propose_path(iris_tree().arrays(), Prior(), 17781897).ks == [1, 2, 17781896]


#: a tree where PruneTree at k = 1 prunes splits nested in other pruned splits' subtrees, whose
#: ancestors are looked at again after them (found by a random search; lam = 1/3, eta = 1/10)
NESTED = ('{"counts": [75, 97, 33], "children": [{"counts": [3, 7, 1]}, {"counts": [31, 35, 13], "children": ['
          '{"counts": [1, 0, 1]}, {"counts": [30, 35, 12], "children": [{"counts": [8, 4, 1]}, {"counts": [20, 19, 8], '
          '"children": [{"counts": [4, 5, 2]}, {"counts": [8, 6, 3]}, {"counts": [8, 8, 3]}]}, {"counts": [2, 12, 3]}]}]}, '
          '{"counts": [41, 55, 19], "children": [{"counts": [17, 35, 10], "children": [{"counts": [3, 16, 7], "children": '
          '[{"counts": [0, 5, 1]}, {"counts": [3, 5, 3]}, {"counts": [0, 6, 3]}]}, {"counts": [14, 19, 3], "children": '
          '[{"counts": [12, 11, 0]}, {"counts": [2, 8, 3]}]}]}, {"counts": [24, 20, 9], "children": [{"counts": [0, 3, 1]}, '
          '{"counts": [13, 12, 1], "children": [{"counts": [4, 8, 0]}, {"counts": [9, 4, 1]}]}, {"counts": [11, 5, 7], '
          '"children": [{"counts": [8, 2, 1]}, {"counts": [1, 3, 3]}, {"counts": [2, 0, 3]}]}]}]}]}')


def test_the_first_stage_looks_again_at_k_1_above_what_it_pruned():
    """The proposal's first stage is PruneTree at k = 1 (the exact one by hand) on a tree where
    splits are pruned below other candidates, which are then looked at again at k = 1 (killed
    _FloatPath.run 19: looked at again at k = 2)."""
    tree = Tree.from_json(NESTED)
    prior = Prior(lam="1/3", eta="1/10")
    a = tree.arrays()
    proposal = propose_path(a, prior)
    kept = {() if a.name(i) == "root" else tuple(int(c) for c in a.name(i)[1:])     # names: c, then a digit a level
            for i in np.flatnonzero(proposal.kept(0))}
    assert kept == best_by_hand(tree.root, 1, prior)[1] and len(kept) < int((a.n_children > 0).sum())


def test_a_tie_at_k_1_is_pruned_in_the_first_stage():
    """(2, 2) into (1, 1) and (1, 1) with lam = eta = 0: R_leaf = 2/4 and R(T) = 2 x 1/2 x 1/2, an
    exact tie at k = 1 (whose floats are equal too), which PruneTree (keep iff strictly better)
    prunes; so does the proposal (killed _FloatPath.run 21: pruned only where G > 0)."""
    tree = Tree(Node((2, 2), [Node((1, 1)), Node((1, 1))]))
    prior = Prior(lam=0, eta=0)
    assert best_by_hand(tree.root, 1, prior) == (Fraction(1, 2), frozenset())
    assert not propose_path(tree.arrays(), prior).kept(0).any()
    seq = knorm_sequence(tree, prior, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, "inf"] and seq.decisions["stages_path_certified"] == 1



#: a tree where, at a stage after the first, two splits nested one in the other share the least
#: breakpoint and the upper is kept once the lower is pruned (found by a random search; the
#: numerator 1)
KEPT_FIRST = ('{"counts":[157,152,30],"children":[{"counts":[83,84,19],"children":[{"counts":[29,32,9],"children":['
              '{"counts":[13,17,6],"children":[{"counts":[5,8,3]},{"counts":[8,4,0]},{"counts":[0,5,3]}]},{"counts"'
              ':[14,10,2],"children":[{"counts":[6,8,1]},{"counts":[8,2,1]}]},{"counts":[2,5,1]}]},{"counts":[8,5,1'
              ']},{"counts":[46,47,9],"children":[{"counts":[25,28,5],"children":[{"counts":[8,12,2]},{"counts":[12'
              ',9,2]},{"counts":[5,7,1]}]},{"counts":[21,19,4],"children":[{"counts":[11,11,3]},{"counts":[10,8,1]}'
              ']}]}]},{"counts":[74,68,11],"children":[{"counts":[32,43,11],"children":[{"counts":[14,15,4],"childr'
              'en":[{"counts":[7,5,3]},{"counts":[7,10,1]}]},{"counts":[18,28,7],"children":[{"counts":[2,9,2]},{"c'
              'ounts":[12,7,2]},{"counts":[4,12,3]}]}]},{"counts":[42,25,0],"children":[{"counts":[22,14,0],"childr'
              'en":[{"counts":[10,9,0]},{"counts":[12,5,0]}]},{"counts":[20,11,0],"children":[{"counts":[11,1,0]},{'
              '"counts":[9,10,0]}]}]}]}]}')


@pytest.mark.parametrize("tree, prior", [(Tree.from_json(NESTED), Prior(lam="1/3", eta="1/10")),
                                         (Tree.from_json(KEPT_FIRST), Prior(numerator="1")), (iris_tree(), Prior())])
def test_the_proposal_itself_is_the_exact_path(tree, prior):
    """The proposal alone (before any certification) places every stage start up to 40 where the
    exact PruneTree by hand changes, on trees of many stages whose splits' breakpoints move as
    the splits below them are pruned (5 and 7 stages; iris's third is beyond 40): a split left
    unsearched while its breakpoint could be the least, or searched from a k where it is already
    lost, misplaces a stage."""
    proposal = propose_path(tree.arrays(), prior)
    assert proposal.complete and [k for k in proposal.ks if k <= 40] == stage_starts_by_hand(tree, prior, 40)
    assert len(proposal.ks) >= 3


def test_a_split_kept_after_the_one_below_it_is_pruned_at_its_breakpoint():
    """Stages 1, 2, 8, 9, 11, 13, 14 (each checked by the exact PruneTree by hand on both sides of
    its start), all certified from the proposal: the upper split, kept at k* once the lower is
    pruned, is searched again from k* (killed _FloatPath.run 76: its search started from None)."""
    tree = Tree.from_json(KEPT_FIRST)
    prior = Prior(numerator="1")
    seq = knorm_sequence(tree, prior, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 2, 8, 9, 11, 13, 14, "inf"]
    for before, stage in zip(seq.stages, seq.stages[1:-1]):
        assert best_by_hand(tree.root, stage.k_from, prior)[1] == kept_paths(stage)
        assert best_by_hand(tree.root, stage.k_from - 1, prior)[1] == kept_paths(before)
    assert seq.decisions["stages_path_certified"] == 7


def test_a_search_that_does_not_end_stops_the_proposal_and_the_walk_goes_on(monkeypatch):
    """With no search step allowed (_MAX_STEPS 0) no breakpoint is found (nan): the proposal is
    its first stage alone, not complete, and the walk finds the rest (killed _FloatPath.run 43 to
    47: the incomplete proposal returned without its stages or called complete)."""
    import exactprune.path_proposal as path_module
    monkeypatch.setattr(path_module, "_MAX_STEPS", 0)
    proposal = propose_path(iris_tree().arrays(), Prior())
    assert proposal.ks == [1] and proposal.complete is False
    seq = knorm_sequence(iris_tree(), crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 2, 17781896, "inf"] and seq.decisions["stages_path_certified"] == 1


def test_the_certification_counts_its_decisions_and_their_routes():
    """The exact tie at k = 1 of test_a_tie_at_k_1_is_pruned_in_the_first_stage: one column,
    PruneTree at k = 1 over the input, whose one decision goes to the exact route (only exact
    rationals prove a tie); the sequence counts what PruneTree alone counts there (killed
    _count_routes 22, 23: the exact route's count read under another key)."""
    from exactprune.knorm import prune
    tree = Tree(Node((2, 2), [Node((1, 1)), Node((1, 1))]))
    prior = Prior(lam=0, eta=0)
    alone = prune(tree, 1, prior=prior)
    assert (alone.comparisons, alone.fallbacks, alone.routes["exact"]) == (1, 1, 1)
    seq = knorm_sequence(tree, prior, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, "inf"] and seq.decisions["stages_path_certified"] == 1
    assert (seq.decisions["prunetree_comparisons"], seq.decisions["prunetree_exact_fallbacks"]) == (1, 1)


def test_a_path_certified_to_its_end_among_survivors_asks_the_walk_nothing(monkeypatch):
    """(10, 10) into (10, 0) and (0, 10): the root meets Thm 5.9's condition (each child holds the
    root's majority count and is a leaf), so once the proposal's one stage is certified no
    PruneTree runs (the walk would ask it at k0 + 1 = 2 first; killed _take_path 52, 55, 56, 58:
    the walk asked to go on)."""
    tree = Tree(Node((10, 10), [Node((10, 0)), Node((0, 10))]))
    asked = record_prunetree_orders(monkeypatch)
    seq = knorm_sequence(tree, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, "inf"] and seq.decisions["stages_path_certified"] == 1
    assert asked == [] and seq.breakpoints["root"].survives_all_finite_k
    assert outputs(seq) == outputs(walk_alone(tree, Prior()))


def test_ties_met_again_after_a_pruning_below_are_pruned_at_k_1():
    """lam = eta = 0: at k = 1 a subtree is never worse than its root as a leaf (the children's
    errors add up to at most the parent's), so PruneTree prunes exactly the ties; on this tree
    (found by a random search) the splits above a pruned tie are ties again once it is pruned,
    with floats exactly equal, and the proposal prunes them as PruneTree does (the exact one by
    hand; killed _FloatPath._prune_at 26: a split looked at again pruned only where G > 0)."""
    tree = Tree.from_json('{"counts": [20, 8], "children": [{"counts": [8, 4], "children": [{"counts": [5, 1], '
                          '"children": [{"counts": [2, 0]}, {"counts": [3, 1]}]}, {"counts": [3, 3]}]}, '
                          '{"counts": [12, 4], "children": [{"counts": [4, 0]}, {"counts": [8, 4], "children": '
                          '[{"counts": [4, 2]}, {"counts": [4, 2]}]}]}]}')
    prior = Prior(lam=0, eta=0)
    assert best_by_hand(tree.root, 1, prior)[1] == frozenset()
    proposal = propose_path(tree.arrays(), prior)
    assert proposal.ks == [1] and not proposal.kept(0).any()
    assert knorm_sequence(tree, prior, crossings=False).decisions["stages_path_certified"] == 1


def test_a_compact_first_stage_certifies_the_later_columns_over_its_own_nodes(monkeypatch):
    """A pure subtree of 31 nodes (class 1) pruned at k = 1 beside a split of class 0; the split
    and the root are lost from 5 (by the exact PruneTree by hand at 1, 4 and 5): T_1 is 5 of 35
    nodes, a compact copy, whose PruneTree rows at 4 and 5 are mapped back to the input's nodes
    (killed _certified_path 64, 65: the rows not mapped back)."""
    def pure(depth):
        if depth == 0:
            return Node((0, 1))
        left, right = pure(depth - 1), pure(depth - 1)
        return Node((0, 2 * left.counts[1]), [left, right])
    tree = Tree(Node((6, 19), [pure(4), Node((6, 3), [Node((5, 0)), Node((1, 3))])]))
    monkeypatch.setattr(Builder, "ONE_PASS_NODES", 0)        # (else the 35 nodes are one pass)
    seq = knorm_sequence(tree, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 5, "inf"] and seq.decisions["stages_path_certified"] == 2
    assert best_by_hand(tree.root, 1, Prior())[1] == best_by_hand(tree.root, 4, Prior())[1] == {(), (2,)}
    assert best_by_hand(tree.root, 5, Prior())[1] == kept_paths(seq.stages[1]) == frozenset()


def test_splits_with_a_zero_moment_or_no_leaf_moment_below_at_lam_0():
    """lam = eta = 0: c1 = (4, 0) has R_leaf = 0 (pure: no error, no prior) and is pruned at every
    k (a tie at best); c2 = (5, 5) into pure leaves has R(T) = 0 below it and is kept at every k;
    the root is lost from 5, c2 with it (by the exact PruneTree by hand on both sides).  The proposal's first
    stage keeps root and c2 and its path is certified whole (killed _Rows.g 14: a split without
    rows taken as lost, and 51: a split of zero moment given no value, NaN)."""
    tree = Tree(Node((10, 6), [Node((4, 0), [Node((2, 0)), Node((2, 0))]), Node((5, 5), [Node((5, 0)), Node((0, 5))]),
                               Node((1, 1))]))
    prior = Prior(lam=0, eta=0)
    seq = knorm_sequence(tree, prior, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 5, "inf"] and seq.decisions["stages_path_certified"] == 2
    assert best_by_hand(tree.root, 1, prior)[1] == best_by_hand(tree.root, 4, prior)[1] == {(), (2,)}
    assert best_by_hand(tree.root, 5, prior)[1] == kept_paths(seq.stages[1]) == frozenset()
    assert seq.breakpoints["c2"].removed_with == "root"


@pytest.mark.parametrize("one_pass", [True, False])
@pytest.mark.parametrize("prior", [Prior(), Prior(lam=0, eta=0)])
def test_the_certifications_decisions_are_prunetrees_at_its_columns(monkeypatch, prior, one_pass):
    """Iris: the sequence's PruneTree counts are those of PruneTree alone at the columns, summed:
    in one pass over the input (its 15 nodes within ONE_PASS_NODES), or column 1 over the input
    and the others over T_1 (ONE_PASS_NODES 0); one comparison per split each; the
    fallbacks: at lam = 0 a tie at k = 1 settled exactly; at k near 3 10^7 PruneTree's log-domain
    filter settles every decision in floats, no arb ball, under either prior (killed _count_routes 1, 2, 6, 7, 10, 11, 15, 16, 18: a call's counts set or
    subtracted, the routes mixed or read under another key)."""
    from exactprune.knorm import prune
    if not one_pass:
        monkeypatch.setattr(Builder, "ONE_PASS_NODES", 0)
    tree = iris_tree()
    seq = knorm_sequence(tree, prior, crossings=False)
    ks = [s.k_from for s in seq.stages if s.k_from != "inf"]
    assert seq.decisions["stages_path_certified"] == len(ks) and seq.searches == 0
    first = prune(tree, 1, prior=prior)
    later = [prune(tree if one_pass else first.tree, k, prior=prior)
             for k in sorted(set(ks) | {k - 1 for k in ks[1:]}) if k > 1]
    assert seq.decisions["prunetree_comparisons"] == first.comparisons + sum(r.comparisons for r in later)
    assert seq.decisions["prunetree_exact_fallbacks"] == first.fallbacks + sum(r.fallbacks for r in later)
    assert sum(r.routes["arb"] for r in later) == 0 and (first.fallbacks > 0) == (prior.lam == 0)


def test_the_one_pass_limit_at_its_edge(monkeypatch):
    """Iris has 15 nodes and its path 4 columns (1, 2, 17781895, 17781896): at ONE_PASS_NODES 15
    they are one pass over the input, 7 comparisons a column (PruneTree over iris: 28); at 14
    column 1 over the input (7) and the 3 others over T_1 (6 splits: 18), with the same stages."""
    from exactprune.knorm import prune
    tree = iris_tree()
    assert [prune(tree, k).comparisons for k in (1, 2, 17781895, 17781896)] == [7] * 4
    assert [prune(prune(tree, 1).tree, k).comparisons for k in (2, 17781895, 17781896)] == [6] * 3
    found = {}
    for nodes in (15, 14):
        monkeypatch.setattr(Builder, "ONE_PASS_NODES", nodes)
        seq = knorm_sequence(tree, crossings=False)
        assert [s.k_from for s in seq.stages] == [1, 2, 17781896, "inf"] and seq.decisions["stages_path_certified"] == 3
        found[nodes] = seq.decisions["prunetree_comparisons"]
    assert found == {15: 28, 14: 25}


def breadth_first_copy(tree: Tree) -> Tree:
    """``tree`` with its nodes renumbered level by level (a node's next index is then a sibling or
    a node of another subtree, not its first child as in ``Tree``'s depth-first order)."""
    from exactprune.tree import CountArrays
    a = tree.arrays()
    order = np.concatenate(a.levels())
    new = np.empty(a.n_nodes, dtype=np.int64)
    new[order] = np.arange(a.n_nodes)
    children = [new[a.indices[a.offsets[i]:a.offsets[i + 1]]] for i in order]
    offsets = np.concatenate([[0], np.cumsum([len(c) for c in children])])
    assert not np.array_equal(order, np.arange(a.n_nodes))          # really another order
    return Tree.from_arrays(CountArrays(a.counts[order], offsets, np.concatenate(children)), tree.class_names)


@pytest.mark.parametrize("tree, prior", [(iris_tree(), Prior()), (Tree.from_json(KEPT_FIRST), Prior(numerator="1")),
                                         (Tree.from_json(NESTED), Prior(lam="1/3", eta="1/10"))])
def test_a_tree_whose_nodes_are_in_breadth_first_order(tree, prior):
    """The same stages (and pruned names) with the nodes in breadth-first order, all certified from
    the proposal (killed _FloatPath._cut_deepest 31: the nodes below the next index removed with
    a pruned split)."""
    seq, by_depth = knorm_sequence(breadth_first_copy(tree), prior, crossings=False), knorm_sequence(tree, prior,
                                                                                                     crossings=False)
    assert [(s.k_from, s.pruned) for s in seq.stages] == [(s.k_from, s.pruned) for s in by_depth.stages]
    assert seq.decisions["stages_path_certified"] == by_depth.decisions["stages_path_certified"] == len(seq.stages) - 1


def test_a_breakpoint_at_the_middle_of_a_bracket_of_width_2():
    """(12, 8) into (4, 7) and (8, 1) is lost from 12 (the exact PruneTree by hand on both sides);
    its search from 1 brackets it in (11, 13) at some round, and the answer is the least lost
    integer, not the bracket's end (killed _search 63: a bracket of width 2 taken as done)."""
    tree = Tree(Node((12, 8), [Node((4, 7)), Node((8, 1))]))
    assert best_by_hand(tree.root, 11, Prior())[1] == {()} and best_by_hand(tree.root, 12, Prior())[1] == frozenset()
    assert propose_path(tree.arrays(), Prior()).ks == [1, 12]
    assert knorm_sequence(tree, crossings=False).decisions["stages_path_certified"] == 2


def test_the_pair_table_limit_at_its_edges(monkeypatch):
    """The table is made while its pairs are at most max(PAIRS_ALWAYS, the count arrays' bytes //
    16).  Three splits of 13 leaves under a root: 81 pairs (one per node and ancestor: 3 + 78),
    1376 bytes, 86 = 1376 // 16 (and 80 = 1376 // 17); and PAIRS_ALWAYS at iris's pairs and one less (killed
    _FloatPath.of 6: `>=`, 12: the bytes over 17)."""
    import exactprune.path_proposal as path_module
    wide = Tree(Node((39, 39), [Node((13, 13), [Node((1, 1)) for _ in range(13)]) for _ in range(3)])).arrays()
    assert (int(wide.depth.sum()), wide.nbytes()) == (81, 1376)
    monkeypatch.setattr(path_module, "PAIRS_ALWAYS", 0)
    assert propose_path(wide, Prior()) is not None
    a = iris_tree().arrays()
    pairs = int(a.depth.sum())
    assert pairs > a.nbytes() // 16
    monkeypatch.setattr(path_module, "PAIRS_ALWAYS", pairs)
    assert propose_path(a, Prior()) is not None
    monkeypatch.setattr(path_module, "PAIRS_ALWAYS", pairs - 1)
    assert propose_path(a, Prior()) is None


def test_a_bracket_is_narrowed_by_the_signs_at_its_points():
    """_narrowed by hand: G < 0 is kept, G >= 0 (a tie included) lost; the new bracket is the last
    kept point and the first lost one, however far apart (killed _narrowed 2: a tie taken as kept,
    37: the kept end taken one point further)."""
    from exactprune.path_proposal import _narrowed
    one = np.array([1.0])
    bracket = _narrowed(np.array([[5.0, 9.0, 10.0]]), np.array([[-1.0, 0.5, 2.0]]), one, -one, 20 * one, 3 * one)
    assert [v.tolist() for v in bracket] == [[5.0], [-1.0], [9.0], [0.5]]
    tie = _narrowed(np.array([[2.0, 3.0, 4.0]]), np.array([[-1.0, 0.0, 1.0]]), one, -one, 20 * one, 3 * one)
    assert [v.tolist() for v in tie] == [[2.0], [-1.0], [3.0], [0.0]]


def test_no_proposal_where_a_child_weight_is_0():
    """eta = 0 and a leaf of no example: its child weight (4.11) is 0/2, whose log is no finite
    float, so there is no proposal (None) and the walk makes the sequence (stages from 1 and 30;
    killed _FloatPath.of 61, 62: the check of the weights joined by `or`)."""
    tree = Tree(Node((4, 2), [Node((4, 0)), Node((0, 2), [Node((0, 2)), Node((0, 0))])]))
    prior = Prior(eta=0)
    assert propose_path(tree.arrays(), prior) is None
    seq = knorm_sequence(tree, prior, crossings=False)
    assert seq.decisions["stages_path_certified"] == 0 and outputs(seq) == outputs(walk_alone(tree, prior))
    assert [s.k_from for s in seq.stages] == [1, 30, "inf"]


# -- stages beyond 2^53: the proposal's float start made an integer by the root finder --------------

#: a stage of a g6c25 fold tree (bench_cv, seed 0): the root's two leaves under lam = 275/378,
#: eta = 1/2 and the numerator J - 1 (the estimator's prior there); the root is lost from
#: G6_BREAKPOINT, beyond 2^53
G6 = Tree(Node((56,) * 6, [Node((56, 46, 2, 56, 51, 3)), Node((0, 10, 54, 0, 5, 53))]))
G6_PRIOR = Prior(lam=Fraction(275, 378), eta=Fraction(1, 2), numerator="J-1")
G6_BREAKPOINT = 34275805967389879


#: the same from a g6c15 fold tree: lost from G15_BREAKPOINT, about 2^110
G15 = Tree(Node((56,) * 6, [Node((56, 54, 1, 56, 53, 1)), Node((0, 2, 55, 0, 3, 55))]))
G15_PRIOR = Prior(lam=Fraction(325, 756), eta=Fraction(1, 2), numerator="J-1")
G15_BREAKPOINT = 1787529576412059947843237007317608


#: G15's tree under lam = 1, and another g6c15 fold's under lam = 1/2 (eta 1/2, the numerator J - 1)
G15_LAM_1 = (G15, Prior(lam=1, eta=Fraction(1, 2), numerator="J-1"), 901191069987699979819369742128082)
G15_HALF = (Tree(Node((56,) * 6, [Node((56, 52, 1, 56, 54, 1)), Node((0, 4, 55, 0, 2, 55))])),
            Prior(lam=Fraction(1, 2), eta=Fraction(1, 2), numerator="J-1"), 861148506354334030504922559347461)
FAR_CASES = [(G6, G6_PRIOR, G6_BREAKPOINT), (G15, G15_PRIOR, G15_BREAKPOINT), G15_LAM_1, G15_HALF]


@pytest.mark.parametrize("tree, prior, k", FAR_CASES)
def test_the_far_breakpoints_by_certified_signs(tree, prior, k):
    """The oracle of the tests below: F_root > 0 at k - 1 and <= 0 at k, each sign certified (the
    certify kernel's arb route at integer k, not the floats of the proposal nor the root finder):
    by Thm 5.3 (one sign change) the root's least k, beyond 2^53."""
    from exactprune.breakpoints import SubtreeForm
    form = SubtreeForm(tree.root, prior)
    assert form.sign(k - 1) > 0 >= form.sign(k) and k > 1 << 53


@pytest.mark.parametrize("tree, prior, k", [(G15, G15_PRIOR, G15_BREAKPOINT), G15_LAM_1, G15_HALF])
def test_a_far_search_ends_once_the_secant_is_as_close_as_floats_tell(monkeypatch, tree, prior, k):
    """The roots of G15 (two priors) and G15_HALF: beyond 2^53 the secant's two integers are one
    float, so a search that asked the secant's floor and floor + 1 moved one end of the bracket
    only (the float G is 0 at the upper end, or the secant stays on one side) and halved it a round
    at a time; asking just below and just above the secant it ends in 4 steps, within
    RELATIVE_WIDTH of the breakpoint (planted bugs that fail it, by hand, reverted: the integer
    points beyond 2^53, 6 steps on G15; without the point below, 19 steps under lam = 1; without
    the point above, 6 on G15_HALF)."""
    import exactprune.path_proposal as path_module
    monkeypatch.setattr(path_module, "_MAX_STEPS", 4)
    proposal = propose_path(tree.arrays(), prior, 1 << 511)
    assert proposal.complete and len(proposal.ks) == 2
    assert abs(proposal.ks[1] - k) <= k * path_module.RELATIVE_WIDTH


@pytest.mark.parametrize("limit, ks", [(2, [1]), (3, [1, 2])])
def test_the_least_limits(limit, ks):
    """k_limit 2 places the first stage alone, 3 also iris's stage at 2 (Zhong App B)."""
    proposal = propose_path(iris_tree().arrays(), Prior(), limit)
    assert proposal.ks == ks and proposal.complete


def test_a_proposal_beyond_2_to_the_53_is_a_float_near_the_breakpoint():
    """Beyond 2^53 the proposal's start is a float, within RELATIVE_WIDTH (2^-32) of the breakpoint,
    placed by the root (``placed_by``); with the limit 2^54 (below the breakpoint) or the default
    2^53 there is no second stage (complete), with 2^56 there is (killed _search's "none" read as
    hi > last: beyond 2^53 last + 1 is last, so the limit itself came back as a breakpoint)."""
    import exactprune.path_proposal as path_module
    a = G6.arrays()
    proposal = propose_path(a, G6_PRIOR, 1 << 100)
    assert proposal.ks[0] == 1 and len(proposal.ks) == 2 and proposal.complete
    assert abs(proposal.ks[1] - G6_BREAKPOINT) <= G6_BREAKPOINT * path_module.RELATIVE_WIDTH
    assert proposal.placed_by == [-1, a.index("root")]
    for limit in (None, 1 << 54):
        proposal = propose_path(a, G6_PRIOR) if limit is None else propose_path(a, G6_PRIOR, limit)
        assert proposal.ks == [1] and proposal.complete
    assert len(propose_path(a, G6_PRIOR, 1 << 56).ks) == 2


@pytest.mark.parametrize("limit", [1, 0, (1 << 511) + 1])
def test_a_limit_out_of_range_is_refused(limit):
    with pytest.raises(ValueError, match="k_limit"):
        propose_path(iris_tree().arrays(), Prior(), limit)


@pytest.mark.parametrize("tree, prior, k", FAR_CASES)
@pytest.mark.parametrize("crossings", [False, True])
def test_a_stage_beyond_2_to_the_53_is_certified_from_the_proposal(tree, prior, k, crossings):
    """The root's stage at its breakpoint is taken from the path (the root finder's integer,
    certified by PruneTree at k - 1 and k), with no search of the walk, and the sequence is the walk's."""
    seq = knorm_sequence(tree, prior, crossings=crossings)
    assert [s.k_from for s in seq.stages] == [1, k, "inf"]
    assert seq.decisions["stages_path_certified"] == 2 and seq.searches == 0
    assert outputs(seq) == outputs(walk_alone(tree, prior, crossings))


@pytest.mark.parametrize("tree, certified", [(TWO, 4), (iris_tree(), 3)])
@pytest.mark.parametrize("float_exact", [1, 9, 11, 13])
@pytest.mark.parametrize("one_pass", [Builder.ONE_PASS_NODES, 0])
def test_many_stages_beyond_the_float_range_are_certified_one_after_another(monkeypatch, tree, certified, float_exact,
                                                                            one_pass):
    """With FLOAT_EXACT_INTEGERS lowered, the later starts of TWO (10, 12, 16) and iris (2,
    17781896) go through the root finder, each on the stage before once that is certified: the
    whole path is certified and the sequence is the walk's; also with the columns below the limit
    in two passes (ONE_PASS_NODES 0), where iris's are 1 and 2 alone (killed _certified_path's
    ``columns[2:]``: column 2 not asked)."""
    monkeypatch.setattr(Builder, "FLOAT_EXACT_INTEGERS", float_exact)
    monkeypatch.setattr(Builder, "ONE_PASS_NODES", one_pass)
    seq = knorm_sequence(tree, crossings=True)
    assert seq.decisions["stages_path_certified"] == certified and seq.searches == 0
    assert outputs(seq) == outputs(walk_alone(tree, Prior(), crossings=True))


def planted_root_finder(monkeypatch, answer) -> None:
    """Replace the root finder the sequence asks by ``answer(form, guess, k)``, k its own answer."""
    real = sequence_module._crossing_proposal
    monkeypatch.setattr(sequence_module, "_crossing_proposal", lambda form, guess: answer(form, guess, real(form, guess)))


@pytest.mark.parametrize("by", [-1, 1])
def test_a_root_finder_start_one_off_is_caught(monkeypatch, by):
    """The root finder's start moved by one: one earlier, PruneTree at it keeps the root where the
    stage is expected; one later, PruneTree at the column before (the breakpoint) prunes it where
    the stage before is expected.  Only the first stage is taken and the walk finds the rest: the
    walk's sequence (planted bug that fails it, by hand, reverted: the far columns not compared)."""
    planted_root_finder(monkeypatch, lambda form, guess, k: k + by)
    seq = knorm_sequence(G6, G6_PRIOR, crossings=False)
    assert seq.decisions["stages_path_certified"] == 1
    assert outputs(seq) == outputs(walk_alone(G6, G6_PRIOR))


@pytest.mark.parametrize("answer", [lambda form, guess, k: None, lambda form, guess, k: 1, "bits"])
def test_a_start_the_root_finder_cannot_place_is_left_to_the_walk(monkeypatch, answer):
    """No proposal, one not above the start before, or one beyond 2**BREAKPOINT_EXACT_BITS (lowered
    to 2^50 in the sequence alone, where a start is then a bracket): the far stage is not taken,
    the walk finds it (planted bugs that fail it, by hand, reverted: each condition dropped)."""
    if answer == "bits":
        monkeypatch.setattr(sequence_module, "BREAKPOINT_EXACT_BITS", 50)
    else:
        planted_root_finder(monkeypatch, answer)
    seq = knorm_sequence(G6, G6_PRIOR, crossings=False)
    assert seq.decisions["stages_path_certified"] == 1
    assert outputs(seq) == outputs(walk_alone(G6, G6_PRIOR))


def test_a_far_stage_placed_by_the_wrong_split_is_caught(monkeypatch):
    """TWO with FLOAT_EXACT_INTEGERS 9: stage 1 (k = 10) is placed by c1; said to be placed by c2,
    the root finder gives c2's breakpoint on the whole tree, 12, where PruneTree at 11 has already
    pruned c1: only the first stage is taken.  Without ``placed_by`` no far stage is taken."""
    monkeypatch.setattr(Builder, "FLOAT_EXACT_INTEGERS", 9)
    real = sequence_module.propose_path
    a = TWO.arrays()
    for placed_by in ([-1, a.index("c2"), a.index("c2"), a.index("root")], None):
        def wrong(arrays, prior, k_limit, placed_by=placed_by):
            proposal = real(arrays, prior, k_limit)
            assert proposal.placed_by == [-1, a.index("c1"), a.index("c2"), a.index("root")]
            return PathProposal(proposal.ks, proposal.lost_at, proposal.complete, placed_by)

        monkeypatch.setattr(sequence_module, "propose_path", wrong)
        seq = knorm_sequence(TWO, crossings=False)
        assert seq.decisions["stages_path_certified"] == 1
        assert outputs(seq) == outputs(walk_alone(TWO, Prior()))


#: a tree (from a random search) whose later stages are compact copies (at most a quarter of its
#: nodes) in which the split placing the next stage has another index than in the input
COMPACT = ('{"counts": [35, 18], "children": [{"counts": [28, 3], "children": [{"counts": [10, 3], "children": ['
           '{"counts": [6, 2]}, {"counts": [4, 1], "children": [{"counts": [3, 1]}, {"counts": [1, 0]}]}]}, '
           '{"counts": [18, 0], "children": [{"counts": [5, 0], "children": [{"counts": [2, 0]}, {"counts": [3, 0]}]}, '
           '{"counts": [13, 0], "children": [{"counts": [1, 0]}, {"counts": [12, 0], "children": [{"counts": [2, 0]}, '
           '{"counts": [10, 0]}]}]}]}]}, {"counts": [7, 15], "children": [{"counts": [1, 6], "children": [{"counts": [0, 2]}, '
           '{"counts": [1, 4], "children": [{"counts": [0, 1]}, {"counts": [1, 3], "children": [{"counts": [0, 3]}, '
           '{"counts": [1, 0]}]}]}]}, {"counts": [6, 9], "children": [{"counts": [2, 0]}, {"counts": [4, 9], "children": '
           '[{"counts": [0, 5]}, {"counts": [4, 4]}]}]}]}]}')


def test_far_stages_over_compact_copies(monkeypatch):
    """With FLOAT_EXACT_INTEGERS 1 every start after the first goes through the root finder, the
    later ones over compact copies of the stage before: the placing split is found there by its
    input index, and PruneTree's columns over the copy are read back over the input's nodes; the
    whole path is certified and is the walk's (planted bugs that fail it, by hand, reverted: the
    input index used in the copy; the columns read as the input's)."""
    tree = Tree.from_json(COMPACT)
    monkeypatch.setattr(Builder, "FLOAT_EXACT_INTEGERS", 1)
    seq = knorm_sequence(tree, crossings=False)
    assert seq.decisions["stages_path_certified"] == len(seq.stages) - 1 == 4 and seq.searches == 0
    assert outputs(seq) == outputs(walk_alone(tree, Prior()))


def test_a_start_at_the_bracket_limit_itself_is_tried(monkeypatch):
    """G6's start (about 2^54.93) with BREAKPOINT_EXACT_BITS 54 in the sequence is beyond it: not
    taken (a start there is a bracket); with 55 it is.  A start of exactly 2**BREAKPOINT_EXACT_BITS
    is still an integer start: its columns are asked (here 2^60, wrong, so they disagree)."""
    orders = []
    real = sequence_module.prune_many

    def recorded(tree, ks, prior):
        orders.extend(ks)
        return real(tree, ks, prior=prior)

    monkeypatch.setattr(sequence_module, "prune_many", recorded)
    for bits, certified in ((54, 1), (55, 2)):
        monkeypatch.setattr(sequence_module, "BREAKPOINT_EXACT_BITS", bits)
        assert knorm_sequence(G6, G6_PRIOR, crossings=False).decisions["stages_path_certified"] == certified
    monkeypatch.setattr(sequence_module, "BREAKPOINT_EXACT_BITS", 60)
    planted_root_finder(monkeypatch, lambda form, guess, k: 1 << 60)
    orders.clear()
    assert knorm_sequence(G6, G6_PRIOR, crossings=False).decisions["stages_path_certified"] == 1
    assert (1 << 60) in orders and (1 << 60) - 1 in orders
