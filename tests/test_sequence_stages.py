"""Tests of exactprune.sequence's bookkeeping of the stages: which splits a stage names as pruned,
the breakpoint entries' fields, the cache of breakpoints across stages, and the names that errors
give for the nodes of a view or of a compact copy of a stage (the mutation survivors of
docs/mutation.md, section "sequence"; the sequence's results themselves are tested in
tests/test_sequence.py).  Expected stages come from PruneTree at every k (exactprune.knorm.prune),
never from the sequence."""
from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

import exactprune.breakpoints.search as search_module
import exactprune.sequence as sequence_module
from exactprune import Node, Prior, Tree
from exactprune.breakpoints import LogBracket
from exactprune.knorm import prune
from exactprune.sequence import Stage, knorm_sequence
from sequence_cases import SMALL, near_tie_difference, record_prunetree_orders


def _splits_kept(tree: Tree, k: int) -> set:
    """The splits PruneTree (epsilon = 0, default prior) keeps at k, by name."""
    return {n.name for n in prune(tree, k).tree.nodes() if n.children}


def _changes(tree: Tree, up_to: int) -> list:
    """``(k, splits kept)`` at every k in 1..up_to where PruneTree's pruning changes (k = 1 first)."""
    out: list = []
    for k in range(1, up_to + 1):
        kept = _splits_kept(tree, k)
        if not out or out[-1][1] != kept:
            out.append((k, kept))
    return out


def _pure(depth: int) -> Node:
    """A complete binary subtree of 2^(depth + 1) - 1 nodes, every node pure (class 0): PruneTree
    makes its top a leaf at k = 1, so what remains of a tree holding it fits in a compact copy."""
    if depth == 0:
        return Node((1, 0))
    left, right = _pure(depth - 1), _pure(depth - 1)
    return Node((2 * left.counts[0], 0), [left, right])


@pytest.fixture
def exact_steps(monkeypatch):
    """The sequence by its exact steps alone (no float placement of the stages): PruneTree at
    k0 + 1, then the exact search of every split, the next stage at the least breakpoint.  They
    are the steps taken beyond 2^53, past a bracket and where floats give no guess; with the
    float placement on, a small tree's stages would all be found by PruneTree and the floats."""
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PLACE_BY_FLOATS", False)


# -- the splits a stage prunes: topmost only --------------------------------------------------------

def test_a_stage_that_prunes_the_root_names_the_root_alone():
    """root (14, 36) -> c1 (13, 6) -> c11 (3, 6) -> (0, 5), (3, 1), and the leaf (10, 0); c2 (1, 30)
    -> (0, 20), (1, 10) (tests/test_sequence.py's ``_nested`` case (b)).  PruneTree loses c2 at
    k = 1, keeps root, c1 and c11 up to k = 5 and nothing at k = 6: the stage from 6 loses the
    three splits at once and names only the topmost, root (c1, a child of the root lost with it,
    is not a split the stage prunes; killed `_tops`' `parent < 0` turned into `<= 0` and `< 1`)."""
    c11 = Node((3, 6), [Node((0, 5)), Node((3, 1))])
    tree = Tree(Node((14, 36), [Node((13, 6), [c11, Node((10, 0))]), Node((1, 30), [Node((0, 20)), Node((1, 10))])]))
    assert _changes(tree, 10) == [(1, {"root", "c1", "c11"}), (6, set())]
    seq = knorm_sequence(tree, crossings=False)
    assert [(s.k_from, s.pruned) for s in seq.stages] == [(1, ["c2"]), (6, ["root"]), ("inf", [])]


# -- the breakpoint entries' sign checks ------------------------------------------------------------

def test_sign_checks_are_counted_only_for_a_certified_crossing():
    """c1 = (20, 3) into (18, 0), (2, 3) is lost at 2, c2 = (2, 20) at 1 (PruneTree).  c1's crossing
    is checked on the grid {b - 1, b} and the powers of two up to 16 b (b = 2: 1, 2, 4, 8, 16, 32),
    6 points; c2 (lost at k = 1: no crossing) and every entry of a sequence made without crossings
    have none (killed 1 for 0 there)."""
    tree = Tree(Node((22, 23), [Node((20, 3), [Node((18, 0)), Node((2, 3))]),
                                Node((2, 20), [Node((0, 17)), Node((2, 3))])]))
    assert _changes(tree, 3)[:2] == [(1, {"root", "c1"}), (2, {"root"})]
    entries = knorm_sequence(tree).breakpoints
    assert (entries["c1"].sign_checks, entries["c2"].sign_checks) == (6, 0)
    assert entries["c2"].crossing is None and entries["c2"].as_dict()["sign_checks"] == 0
    plain = knorm_sequence(tree, crossings=False).breakpoints
    assert [plain[name].sign_checks for name in plain] == [0, 0, 0]


# -- the cache of breakpoints across stages ---------------------------------------------------------

#: root (9, 10) -> c1 (6, 3) into (5, 0), (1, 3); c2 (3, 7) into (2, 0), (1, 7): c1 lost at 10
#: (found by the search: PruneTree at 2 prunes nothing), c2 at 11 = 10 + 1 (found by PruneTree at
#: k0 + 1), the root at 33
CONSECUTIVE = Tree(Node((9, 10), [Node((6, 3), [Node((5, 0)), Node((1, 3))]),
                                  Node((3, 7), [Node((2, 0)), Node((1, 7))])]))


def test_a_stage_found_by_prunetree_right_after_a_searched_one(exact_steps):
    """The root's cached breakpoint is dropped when c1 is lost at 10 (its subtree changed); when
    PruneTree then loses c2 at 11, the root's entry is already gone, and dropping it again must
    not fail (killed ``cache.pop(key, None)`` turned into ``cache.pop(key)``).  The stages are
    PruneTree's at every k up to 40."""
    assert _changes(CONSECUTIVE, 40) == [(1, {"root", "c1", "c2"}), (10, {"root", "c2"}), (11, {"root"}),
                                          (33, set())]
    seq = knorm_sequence(CONSECUTIVE, crossings=False)
    assert [(s.k_from, s.pruned) for s in seq.stages] == [(1, []), (10, ["c1"]), (11, ["c2"]), (33, ["root"]),
                                                          ("inf", [])]
    # searches: root, c1, c2 at k0 = 1; root again at k0 = 11 (its subtree changed at 10 and 11)
    assert seq.searches == 4


# -- the internal consistency check between the searches and PruneTree -----------------------------

def test_a_search_disagreeing_with_prunetree_is_an_internal_error(monkeypatch, exact_steps):
    """SMALL's split is lost at 10; a search that claimed 5 (PruneTree keeps it there) is reported
    as the sequence's own inconsistency, naming k and PruneTree (killed the message's mutants)."""
    assert _splits_kept(SMALL, 5) == {"root"} and _splits_kept(SMALL, 2) == {"root"}
    monkeypatch.setattr(sequence_module, "next_breakpoint", lambda form, k0, guess=None: 5)
    with pytest.raises(AssertionError) as error:
        knorm_sequence(SMALL, crossings=False)
    assert str(error.value) == ("sequence inconsistency: searches predict a change at k=5, "
                                "PruneTree prunes nothing there")


# -- errors name the input's node, in a view and in a compact copy ---------------------------------

#: the splits (6, 3) and (6, 12) of tests/test_sequence.py's TWO_SPLITS under (12, 15): PruneTree keeps
#: all three at k = 1 and 2
TWO = Node((12, 15), [Node((6, 3), [Node((5, 0)), Node((1, 3))]), Node((6, 12), [Node((0, 10)), Node((6, 2))])])


def _overlapping_brackets(first: str, second: str):
    """A stand-in for the breakpoint search: the split named ``first`` is lost in (2^2000, 2^2002],
    ``second`` in (2^2001, 2^2003] (the two overlap), any other split in (2^3000, 2^3001]."""
    def search(form, k0, guess=None):
        ends = {first: (2000, 2002), second: (2001, 2003)}.get(form.name, (3000, 3001))
        return LogBracket(Fraction(ends[0]), Fraction(ends[1]))
    return search


@pytest.mark.parametrize("tree, first, second, compact", [
    (Tree(TWO), "c1", "c2", False),                                  # 7 nodes, none lost at k = 1: a view
    (Tree(Node((76, 15), [_pure(6), TWO])), "c21", "c22", True),     # 135 nodes, 9 left after k = 1
])
def test_overlapping_brackets_name_the_two_splits(monkeypatch, exact_steps, tree, first, second, compact):
    """Brackets that overlap cannot be ordered: the error names the two splits by their names in
    the input, both when the stage is a view over the input's indices and when it is a compact
    copy with indices of its own (c21 is node 129 of the input, node 3 of the copy).  Killed:
    ``_Names`` reading the input's indices where there are none, or the copy's indices as the
    input's, and the names made without the input's arrays or without the copy's map."""
    assert _splits_kept(tree, 1) == _splits_kept(tree, 2)          # PruneTree at 2 prunes nothing: searches
    remaining = len(list(prune(tree, 1).tree.nodes()))
    assert (4 * remaining <= tree.arrays().n_nodes) == compact       # sequence.COMPACT_FRACTION = 1/4
    monkeypatch.setattr(sequence_module, "next_breakpoint", _overlapping_brackets(first, second))
    with pytest.raises(ValueError, match=rf"^the breakpoints of {first} \(2\^\(2000\) < k <= 2\^\(2002\).*\) and "
                                         rf"{second} \(2\^\(2001\) < k <= 2\^\(2003\).*\) overlap"):
        knorm_sequence(tree, crossings=False)


#: (10^6, 10^6 - 1) into pure children: F_d > 0 until k ~ 2^2000021 (tests/test_sequence.py's FAR)
FAR = Node((10 ** 6, 10 ** 6 - 1), [Node((10 ** 6, 0)), Node((0, 10 ** 6 - 1))])


@pytest.mark.parametrize("first", [Node((0, 10 ** 6)), _pure(6)], ids=["view", "compact"])
def test_a_search_error_names_a_split_below_the_root(monkeypatch, first):
    """FAR as c2 beside a leaf (the stage a view: c2 is node 1) or beside a pure subtree of 127 nodes
    pruned at k = 1 (the stage a compact copy of 5 of 131 nodes: c2 is node 128 of the input, 2 of
    the copy).  The root's search ends below 2^1024; c2's passes 2^(2^20) with the limit lowered
    there, and the error names c2 (killed the search's form named by the copy's index, or by
    no map: "root")."""
    tree = Tree(Node((first.counts[0] + 10 ** 6, first.counts[1] + 10 ** 6 - 1), [first, FAR]))
    assert _splits_kept(tree, 1) == _splits_kept(tree, 2) == {"root", "c2"}
    # the walk searches every split (the path proposed in floats places the root's stage, which
    # removes c2 with it, and certifies it: tests/test_path_proposal.py)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)
    monkeypatch.setattr(search_module, "BREAKPOINT_MAX_LOG2", 2 ** 20)
    with pytest.raises(ValueError, match=re.escape("node c2: no breakpoint below k = 2^1048576 (the limit "
                                                   "BREAKPOINT_MAX_LOG2)")):
        knorm_sequence(tree, crossings=False)


# -- Stage: made from its tree and names, or from the sequence's record ----------------------------

def test_a_stage_needs_its_tree_and_pruned_names_or_a_record():
    """A Stage made by hand carries its tree and its pruned names; with either missing and no
    record to make them from, it is refused (TypeError naming what is missing)."""
    tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    stage = Stage(1, 2, tree, [])
    assert (stage.tree is tree, stage.pruned, stage.leaves) == (True, [], 2)
    for args in ((), (tree,), (None, []), (tree, None)):
        with pytest.raises(TypeError) as refused:
            Stage(1, 2, *args)
        assert str(refused.value) == "Stage needs its tree and pruned names"


def test_every_stage_knows_its_leaves_without_making_its_tree(monkeypatch):
    """``leaves`` is known without making the stage's tree (Stage.leaves): the sequence counts
    each stage's leaves as it goes, the k = infinity stage's 1 included.  With the record's tree
    maker made to fail, every stage still gives its leaves, each PruneTree's count at the stage's
    first k (killed the counts left out, which made each stage's tree to count them)."""
    seq = knorm_sequence(CONSECUTIVE, crossings=False)
    expected = [prune(CONSECUTIVE, s.k_from).tree.n_leaves for s in seq.stages[:-1]] + [1]
    assert expected == [4, 3, 2, 1, 1]

    def no_tree(record, s):
        raise AssertionError(f"stage {s}'s tree was made to count its leaves")

    monkeypatch.setattr(sequence_module._Record, "stage_tree", no_tree)
    assert [s.leaves for s in seq.stages] == expected


# -- decision counts --------------------------------------------------------------------------------

#: c1 = NEAR_TIE's (6, 8) split (F(5) = 0 exactly: lost at 5 on an exact tie), c2 = SMALL's (6, 3)
#: split (lost at 10), under the root (12, 11): lost at 15 (PruneTree, below)
TIE_THEN_SMALL = Tree(Node((12, 11), [Node((6, 8), [Node((4, 3)), Node((2, 5))]),
                                      Node((6, 3), [Node((5, 0)), Node((1, 3))])]))


def test_prunetree_fallbacks_are_summed_over_the_stages(exact_steps):
    """The sequence runs PruneTree at k = 1 and 2 on the whole tree, at 5 (the least breakpoint)
    and 6 without c1, at 10 and 11 without c1 and c2, and at 15 on the root alone (c2 kept at 11:
    the stage from 10 is found by the search, as is the one from 15).  PruneTree settles c1 at
    k = 5, an exact tie (F(5) = 0, written out by hand), by its exact fallback; the decision
    counts are PruneTree's own counts summed over those calls (killed the sum started at 1, the
    last call's count kept, and the counts subtracted)."""
    assert near_tie_difference(5) == 0 and near_tie_difference(4) > 0
    assert _changes(TIE_THEN_SMALL, 20) == [(1, {"root", "c1", "c2"}), (5, {"root", "c2"}), (10, {"root"}),
                                             (15, set())]
    without_c1 = Tree(Node((12, 11), [Node((6, 8)), Node((6, 3), [Node((5, 0)), Node((1, 3))])]))
    root_alone = Tree(Node((12, 11), [Node((6, 8)), Node((6, 3))]))
    calls = [(TIE_THEN_SMALL, 1), (TIE_THEN_SMALL, 2), (TIE_THEN_SMALL, 5), (without_c1, 6), (without_c1, 10),
             (root_alone, 11), (root_alone, 15)]
    results = [prune(tree, k) for tree, k in calls]
    assert [r.fallbacks for r in results] == [0, 0, 1, 0, 0, 0, 0]
    seq = knorm_sequence(TIE_THEN_SMALL, crossings=False)
    assert [(s.k_from, s.pruned) for s in seq.stages] == [(1, []), (5, ["c1"]), (10, ["c2"]), (15, ["root"]),
                                                          ("inf", [])]
    assert seq.decisions["prunetree_comparisons"] == sum(r.comparisons for r in results) == 3 + 3 + 3 + 2 + 2 + 1 + 1
    assert seq.decisions["prunetree_exact_fallbacks"] == 1


def test_prunetree_runs_at_k0_plus_1_up_to_the_exact_limit(monkeypatch, exact_steps):
    """TWO's stages start at 1, 10 (c1), 12 (c2) and 16 (root).  After a stage from k0 the sequence
    asks PruneTree at k0 + 1 only while k0 + 1 <= EXACT_K_LIMIT, and searches otherwise.  PruneTree
    compares each split of the tree it runs on once: k = 1, 2 (3 splits), 10 (3), 12 (2, c1 lost),
    16 (1): 12; with the limit at 11 also k = 11 (2): 14; at 13 also k = 13 (1): 15 (killed the
    limit's comparison and step mutated)."""
    tree = Tree(TWO)
    assert _changes(tree, 20) == [(1, {"root", "c1", "c2"}), (10, {"root", "c2"}), (12, {"root"}), (16, set())]
    for limit, comparisons in ((10, 3 + 3 + 3 + 2 + 1), (11, 3 + 3 + 3 + 2 + 2 + 1), (13, 3 + 3 + 3 + 2 + 2 + 1 + 1)):
        monkeypatch.setattr(sequence_module, "EXACT_K_LIMIT", limit)
        seq = knorm_sequence(tree, crossings=False)
        assert [s.k_from for s in seq.stages] == [1, 10, 12, 16, "inf"]
        assert seq.decisions["prunetree_comparisons"] == comparisons, limit


def test_a_sequence_of_bracket_stages(monkeypatch, exact_steps):
    """Three splits each lost beyond 2^BREAKPOINT_EXACT_BITS, in disjoint brackets (a stand-in for
    the search gives c1 (2^2000, 2^2001], c2 (2^2100, 2^2101], root (2^3000, 2^3001]): a stage
    starts at each bracket, the next one found without PruneTree (no integer k is known past a
    bracket; killed PruneTree asked at "bracket + 1"), the root searched again after each loss
    below it."""
    ends = {"c1": (2000, 2001), "c2": (2100, 2101), "root": (3000, 3001)}
    brackets = {name: LogBracket(Fraction(lo), Fraction(hi)) for name, (lo, hi) in ends.items()}
    monkeypatch.setattr(sequence_module, "next_breakpoint", lambda form, k0, guess=None: brackets[form.name])
    seq = knorm_sequence(Tree(TWO), crossings=False)
    c1, c2, root = brackets["c1"], brackets["c2"], brackets["root"]
    assert [(s.k_from, s.k_to, s.leaves, s.pruned) for s in seq.stages] == [
        (1, c1, 4, []), (c1, c2, 3, ["c1"]), (c2, root, 2, ["c2"]), (root, None, 1, ["root"]), ("inf", None, 1, [])]
    assert [(e.name, e.breakpoint) for e in seq.breakpoints.values()] == [("root", root), ("c1", c1), ("c2", c2)]
    assert seq.searches == 3 + 1 + 1
    assert seq.decisions["prunetree_comparisons"] == 3 + 3           # k = 1 and 2 only


# -- the crossings of a stage's splits: named by the input, made a chunk at a time -----------------

#: root -> c1 a pure subtree of 127 nodes (pruned at k = 1), c2 = TIE_THEN_SMALL's root (12, 11) with
#: c21 (lost at 5) and c22 (at 10), c3 the leaf (0, 50): from k = 1 on the stage is a compact copy
#: (10 of 136 nodes), where c21 is node 3 (node 129 of the input)
COMPACT_TIE = Tree(Node((76, 61), [_pure(6), Node((12, 11), [Node((6, 8), [Node((4, 3)), Node((2, 5))]),
                                                            Node((6, 3), [Node((5, 0)), Node((1, 3))])]),
                                   Node((0, 50))]))


def test_a_crossing_check_failing_in_a_compact_copy_names_the_input_split(monkeypatch):
    """With the grid's certified signs replaced by "kept everywhere", the single-crossing check of
    c21 (lost at 5, found in the compact copy) fails, and the error names c21, the input's name
    of the copy's node 3 (killed the crossing forms named without the input's arrays or without
    the copy's map: "root" or an error of its own)."""
    assert _changes(COMPACT_TIE, 15) == [(1, {"root", "c2", "c21", "c22"}), (5, {"root", "c2", "c22"}),
                                         (10, {"root", "c2"}), (11, set())]
    assert 4 * len(list(prune(COMPACT_TIE, 1).tree.nodes())) <= COMPACT_TIE.arrays().n_nodes
    monkeypatch.setattr(search_module, "_signs_at", lambda forms, k: [1] * len(forms))
    with pytest.raises(search_module.Theorem53Violation, match=re.escape("node c21: F > 0 at k = 5, beyond its "
                                                                         "breakpoint 5")):
        knorm_sequence(COMPACT_TIE)


#: three copies of (2, 6) into (0, 6), (2, 0) beside the leaf (20, 5): the three splits are lost
#: together at 10, the root at 17
THREE_AT_ONCE = Tree(Node((26, 23), [Node((2, 6), [Node((0, 6)), Node((2, 0))]) for _ in range(3)]
                          + [Node((20, 5))]))


def test_the_crossings_of_a_stage_are_found_a_chunk_at_a_time(monkeypatch):
    """With two forms at a time, the three splits lost at 10 have their crossings found in chunks
    of 2 and 1, each once (killed the chunks started at every split); each crossing is certified
    on the grid 1, 2, 4, 8, 9, 10, 16, 32, 64, 128 (b - 1, b and the powers of two up to 16 b):
    10 points, and lies in [9, 10]."""
    assert _changes(THREE_AT_ONCE, 20) == [(1, {"root", "c1", "c2", "c3"}), (10, {"root"}), (17, set())]
    chunks = []
    real = sequence_module.real_crossings

    def counted(forms, lo, hi, *args):
        chunks.append(len(forms))
        return real(forms, lo, hi, *args)

    monkeypatch.setattr(sequence_module._SequenceBuilder, "FORMS_AT_A_TIME", 2)
    monkeypatch.setattr(sequence_module, "real_crossings", counted)
    seq = knorm_sequence(THREE_AT_ONCE)
    assert chunks == [2, 1, 1]          # the three splits at 10, the root at 17
    for name in ("c1", "c2", "c3"):
        entry = seq.breakpoints[name]
        assert entry.breakpoint == 10 and entry.sign_checks == 10
        assert 9 <= entry.crossing[0] < entry.crossing[1] <= 10


# -- the current tree: a view over the input's indices, or a compact copy once small ---------------

def test_the_current_tree_is_a_compact_copy_at_a_quarter_of_the_nodes_or_fewer():
    """_current_tree keeps the splits of a mask (closed upwards): a compact copy, with the input
    index of each of its nodes, when the pruning has at most COMPACT_FRACTION = 1/4 of the input's
    nodes, else a view over the input's indices (origin None) in a new int32 CSR.  The root has
    17 children, c1 heading a chain of 27 binary splits: 1 + 17 + 2 x 27 = 72 nodes.  The root
    alone keeps 1 + 17 = 18 = 72 / 4 nodes: a compact copy; the root and c1, 20: a view (killed
    the node count and the comparison mutated, and the view's CSR made int64 for 71 indices)."""
    chain = Node((1, 1))
    for _ in range(26):
        chain = Node((chain.counts[0] + 1, chain.counts[1]), [chain, Node((1, 0))])
    c1 = Node((chain.counts[0] + 1, chain.counts[1]), [chain, Node((1, 0))])
    tree = Tree(Node((c1.counts[0] + 16, c1.counts[1]), [c1] + [Node((1, 0)) for _ in range(16)]))
    a = tree.arrays()
    top = [tree.root] + list(tree.root.children)
    assert a.n_nodes == 72 and len(a.indices) == 71 and a.index(top[1].name) == 1
    current, origin = sequence_module._current_tree(tree, np.arange(a.n_nodes) == 0)
    assert origin is not None and current.arrays().n_nodes == 18
    assert a.names_of(origin) == [node.name for node in top]
    assert current.arrays().counts.tolist() == [list(node.counts) for node in top]
    current, origin = sequence_module._current_tree(tree, np.arange(a.n_nodes) <= 1)
    view = current.arrays()
    assert origin is None and view.counts is a.counts
    reached = set(a.names_of(view.breadth_first()[0]))
    assert reached == {node.name for node in top + list(tree.root.children[0].children)} and len(reached) == 20
    assert (view.indices.dtype, view.offsets.dtype) == (np.int32, np.int32)


def test_the_sequence_never_checks_again_the_arrays_it_derives(monkeypatch):
    """The input is validated once, when it is made; the views and compact copies the sequence
    works on are derived from it and made without the checks (Tree.from_arrays with
    validate=False: the checks cost a pass over the arrays at every stage).  With the checks made
    to fail after the input is built, the sequence of COMPACT_TIE (compact copies from k = 1)
    still runs, its stages PruneTree's (killed the compact copy made with validation)."""
    import exactprune.tree.counttree as counttree
    tree = COMPACT_TIE
    tree.arrays()

    def no_check(arrays):
        raise AssertionError("derived arrays checked again")

    monkeypatch.setattr(counttree, "check_arrays", no_check)
    seq = knorm_sequence(tree)
    assert [(s.k_from, s.pruned) for s in seq.stages] == [(1, ["c1"]), (5, ["c21"]), (10, ["c22"]),
                                                          (11, ["root"]), ("inf", [])]


def test_the_record_keeps_one_int32_per_node():
    """The result keeps, per node of the input, the index of the stage that loses it, as int32
    (tests/test_sequence_memory.py bounds the whole result's bytes; killed the record made int64)."""
    seq = knorm_sequence(CONSECUTIVE, crossings=False)
    record = seq.stages[0]._record
    assert record.stage_of.dtype == np.int32 and record.stage_of.shape == (CONSECUTIVE.arrays().n_nodes,)


def test_the_names_of_some_nodes_are_a_sequence():
    """``_Names`` (the names error messages give, each made when read) is a Sequence over all the
    nodes in index order or over the nodes it is given: len, indexing and reversed."""
    a = CONSECUTIVE.arrays()
    every = sequence_module._Names(a)
    assert len(every) == 7 and list(reversed(every)) == ["c22", "c21", "c2", "c12", "c11", "c1", "root"]
    some = sequence_module._Names(a, np.array([4, 0]))
    assert len(some) == 2 and list(some) == ["c2", "root"] and list(reversed(some)) == ["root", "c2"]


# -- the float placement's walk: PruneTree's probes from a guess that is off ------------------------

def _probes(monkeypatch, tree, guess):
    """The k at which the sequence of ``tree`` asks PruneTree, in order, with every float guess
    replaced by ``guess(k0)`` (None: the floats' own); and the sequence."""
    asked = record_prunetree_orders(monkeypatch)
    if guess is not None:
        monkeypatch.setattr(sequence_module, "float_breakpoints",
                            lambda arrays, splits, prior, k0: [guess(k0)] * len(splits))
    return asked, knorm_sequence(tree, crossings=False)


#: (1, 5) into (0, 5), (1, 0): lost from 4 (PruneTree: kept at 3)
FOUR = Tree(Node((1, 5), [Node((0, 5)), Node((1, 0))]))


@pytest.mark.parametrize("tree, guess, limit, asked, searches", [
    # SMALL (lost from 10), guess too high (15): PruneTree prunes at 14, so walk down from 14 by
    # 1, 2, 4 (13, 11 prune, 7 keeps), then bisect [7, 11]: 9 keeps, 10 prunes
    (SMALL, 15, 1 << 16, [1, 2, 14, 13, 11, 7, 9, 10], 0),
    # too low (5): PruneTree keeps at 4 and at 5, so walk up from 5 by 1, 2, 4 (6, 8 keep, 12
    # prunes), then bisect [8, 12]: 10 prunes, 9 keeps
    (SMALL, 5, 1 << 16, [1, 2, 4, 5, 6, 8, 12, 10, 9], 0),
    # FOUR (lost from 4), guess 10: down from 9 by 1, 2 (8, 6 prune); the next step, 4, would
    # reach 2, where PruneTree is known to keep: bisect [2, 6]: 4 prunes, 3 keeps
    (FOUR, 10, 1 << 16, [1, 2, 9, 8, 6, 4, 3], 0),
    # the walk's steps limited to 2: SMALL down from 14 by 1, 2 (13, 11); the step of 4 is over the
    # limit, so the exact search decides (10, confirmed by PruneTree there)
    (SMALL, 15, 2, [1, 2, 14, 13, 11, 10], 1),
    # ... and up from 5 by 1, 2 (6, 8 keep), then the exact search
    (SMALL, 5, 2, [1, 2, 4, 5, 6, 8, 10], 1),
])
def test_a_misplaced_guess_is_walked_by_prunetree_gallop_then_bisection(monkeypatch, tree, guess, limit, asked,
                                                                          searches):
    """The sequence asks PruneTree at 1 (the first stage) and at 2 (k0 + 1, asked first while at
    most NEXT_K_FIRST = 64), then certifies the float guess k* by PruneTree at k* - 1 and k*; a
    guess found off is walked from the end that is off by steps of 1, 2, 4, ... (never past the
    k known to keep every split, nor by a step over WALK_STEP_LIMIT: then the exact search
    decides) and the bracket bisected.  The probes are written out from the docstring of
    ``_walk_to_change`` (killed the walk's first step, direction, growth by 3, bounds, step limit
    and the probe up dropped, each of which still ends at the same stage, by other probes or by
    the exact search)."""
    b = 10 if tree is SMALL else 4
    assert _splits_kept(tree, b - 1) == {"root"} and _splits_kept(tree, b) == set()
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)      # the walk's own placement
    monkeypatch.setattr(sequence_module._SequenceBuilder, "WALK_STEP_LIMIT", limit)
    probes, seq = _probes(monkeypatch, tree, lambda k0: guess)
    assert probes == asked
    assert [s.k_from for s in seq.stages] == [1, b, "inf"] and seq.searches == searches
    assert (seq.decisions["stages_float_walked"], seq.decisions["stages_float_placed"]) == (1, 0)


def test_every_walk_is_counted(monkeypatch):
    """TWO (c1 lost from 10, c2 from 12, the root from 16) with every float guess 3 too high (the
    guesses themselves are the exact breakpoints of the splits as they stand: at k0 = 1 c1 10, c2
    12 and the root 13, by exact scans): each of the three stages is reached by a walk down
    (PruneTree at k0 + 1 = 2, 11 and 13 keeps every split; the least guess, 13, 15 and the root's
    again, is too high), none placed at once (killed the count set to 1 instead of added)."""
    from sequence_cases import first_lost
    exact = {"c1": first_lost(TWO.children[0], 1), "c2": first_lost(TWO.children[1], 1), "root": first_lost(TWO, 1)}
    assert exact == {"c1": 10, "c2": 12, "root": 13}
    assert _changes(Tree(TWO), 20) == [(1, {"root", "c1", "c2"}), (10, {"root", "c2"}), (12, {"root"}),
                                       (16, set())]
    real = sequence_module.float_breakpoints

    def three_too_high(arrays, splits, prior, k0):
        return [g + 3 for g in real(arrays, splits, prior, k0)]

    monkeypatch.setattr(sequence_module, "float_breakpoints", three_too_high)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)      # the walk's own placement
    seq = knorm_sequence(Tree(TWO), crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 10, 12, 16, "inf"]
    assert (seq.decisions["stages_float_walked"], seq.decisions["stages_float_placed"]) == (3, 0)
    a = Tree(TWO).arrays()
    splits = np.flatnonzero(a.n_children > 0)
    assert dict(zip(a.names_of(splits), real(a, splits, Prior(), 1))) == exact


def test_an_exact_search_beyond_the_float_range_starts_from_the_float_guess(monkeypatch):
    """Iris (Zhong App B): c2 is lost from 17781896, and its float guess, from the stage at k0 = 2,
    is that k.  With FLOAT_EXACT_INTEGERS lowered below it the float placement hands the stage to
    the exact search, which starts c2's from the guess: the sign at 17781896 (lost), then one step
    down, 17781895 (kept): 2 signs, where doubling from k0 = 2 would ask 2 x 25 = 50
    (sequence_cases.probes; killed the guess not passed to the search)."""
    from exactprune.tree import iris_tree
    tree = iris_tree()
    a = prune(tree, 2).tree.arrays()
    assert sequence_module.float_breakpoints(a, np.array([a.index("c2")]), Prior(), 2) == [17781896]
    searched = {}
    real = sequence_module.next_breakpoint

    def recorded(form, k0, guess=None):
        found = real(form, k0, guess=guess)
        searched[form.name] = (k0, guess, found, sum(form.decider.routes.values()))
        return found

    monkeypatch.setattr(sequence_module, "next_breakpoint", recorded)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "FLOAT_EXACT_INTEGERS", 100)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)     # (the walk's)
    seq = knorm_sequence(tree, crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 2, 17781896, "inf"]
    assert searched["c2"] == (2, 17781896, 17781896, 2)


def test_float_guesses_are_made_once_per_split_as_it_stands(monkeypatch):
    """TWO (c1 lost from 10, c2 from 12, the root from 16): the float guesses are made for the three
    splits at k0 = 1, then only for the root, whose subtree changed, at k0 = 10 and 12; c2's guess
    is reused (killed the guesses made again for every split not yet searched)."""
    calls = []
    real = sequence_module.float_breakpoints

    def recorded(arrays, splits, prior, k0):
        calls.append((k0, len(splits)))
        return real(arrays, splits, prior, k0)

    monkeypatch.setattr(sequence_module, "float_breakpoints", recorded)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)      # the walk's own placement
    seq = knorm_sequence(Tree(TWO), crossings=False)
    assert [s.k_from for s in seq.stages] == [1, 10, 12, 16, "inf"]
    assert calls == [(1, 3), (10, 1), (12, 1)]


@pytest.mark.parametrize("next_first, exact_integers, guess, asked, searches, placed", [
    # PruneTree at k0 + 1 not asked first (NEXT_K_FIRST 1): the float guess 10 is certified by
    # PruneTree at 9 (keeps) and 10 (prunes)
    (1, 1 << 53, None, [1, 9, 10], 0, 1),
    # ... and asked first while k0 + 1 <= NEXT_K_FIRST (2): PruneTree at 2, then 9 and 10
    (2, 1 << 53, None, [1, 2, 9, 10], 0, 1),
    # ... and a guess above FLOAT_EXACT_INTEGERS (5) goes to the exact steps: PruneTree at k0 + 1 = 2
    # (keeps), then the exact search, then PruneTree at its breakpoint
    (1, 5, None, [1, 2, 10], 1, 0),
    # a guess at FLOAT_EXACT_INTEGERS itself (10) is still placed by the floats
    (64, 10, None, [1, 2, 9, 10], 0, 1),
    # a guess at the k PruneTree was seen to keep (2) is wrong: searched exactly (10), then certified
    (64, 1 << 53, lambda k0: 2, [1, 2, 9, 10], 1, 1),
])
def test_when_the_floats_place_a_stage_and_when_the_exact_steps_do(monkeypatch, next_first, exact_integers, guess,
                                                                   asked, searches, placed):
    """SMALL (lost from 10; its float guess from k0 = 1 is 10): the PruneTree probes, searches and
    stages placed by floats, written out from the docstrings of knorm_sequence and
    _float_placed_change (killed PruneTree at k0 + 1 always asked first, or never after the
    floats declined; the k known to keep forgotten; the bounds FLOAT_EXACT_INTEGERS and "at or
    below the k known to keep" moved by one)."""
    a = SMALL.arrays()
    assert sequence_module.float_breakpoints(a, np.array([0]), Prior(), 1) == [10]
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)      # the walk's own placement
    monkeypatch.setattr(sequence_module._SequenceBuilder, "NEXT_K_FIRST", next_first)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "FLOAT_EXACT_INTEGERS", exact_integers)
    probes, seq = _probes(monkeypatch, SMALL, guess)
    assert probes == asked
    assert [s.k_from for s in seq.stages] == [1, 10, "inf"] and seq.searches == searches
    assert (seq.decisions["stages_float_placed"], seq.decisions["stages_float_walked"]) == (placed, 0)
