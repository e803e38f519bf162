"""Tests of exactprune.sequence: the k-norm pruning sequence with exact breakpoints (Zhong Cor 5.4,
Thm 5.3, 5.9); the breakpoints themselves are tested in tests/breakpoints/test_search.py, CCP in
tests/peers/ccp/.  Every test runs twice: with the path proposed in floats and certified
(tests/test_path_proposal.py) and, in the slow set, by the walk alone (PROPOSE_PATH False), which
the path hands most trees' stages to no more."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import exactprune.breakpoints.search as breakpoints_module
import exactprune.sequence as sequence_module
from exactprune import Node, Prior, Tree
from exactprune.breakpoints import LogBracket, SubtreeForm, real_crossing
from exactprune.knorm import leaf_moment, prune, subtree_moment
from exactprune.sequence import (_bracket_stage, knorm_pruning_path, knorm_sequence, split_kept,
                                 survives_all_k)
from exactprune.tree import CountArrays, iris_tree
from random_trees import count_trees, fractional_count_trees
from sequence_cases import (NEAR_TIE, SMALL, first_lost, leaf_moment_by_hand, near_tie_difference, probes,
                            subtree_moment_by_hand)


# the walk twin is in the slow set: the fast set runs every test by the path, which hands its stages
# to the walk wherever a column disagrees (tests/test_path_proposal.py checks the two equal)
@pytest.fixture(scope="module", autouse=True, params=[True, pytest.param(False, marks=pytest.mark.slow)],
                ids=["path", "walk"])
def path_or_walk(request):
    saved = sequence_module._SequenceBuilder.PROPOSE_PATH
    sequence_module._SequenceBuilder.PROPOSE_PATH = request.param
    yield request.param
    sequence_module._SequenceBuilder.PROPOSE_PATH = saved


def _kept_names(tree):
    return {n.name for n in tree.nodes() if n.children}


@settings(max_examples=25)
@given(count_trees(max_depth=3), st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(numerator="1")]))
def test_corollary_5_4_stages_equal_prunetree_and_nest(tree, prior):
    seq = knorm_sequence(tree, prior, crossings=False)
    finite = [s for s in seq.stages if s.k_from != "inf"]
    last = max(s.k_from for s in finite)
    checks = sorted(set(range(1, min(last, 40) + 2)) | {s.k_from for s in finite if s.k_from <= 2000}
                    | {s.k_from - 1 for s in finite if 1 < s.k_from <= 2000})
    for k in checks:
        assert _kept_names(seq.stage_for(k).tree) == _kept_names(prune(tree, k, prior=prior).tree), k
    for before, after in zip(finite, finite[1:]):
        assert _kept_names(after.tree) < _kept_names(before.tree)  # strictly nested
    assert seq.stages[-1].k_from == "inf" and seq.stages[-1].leaves == 1


def test_breakpoints_against_exact_scan_with_fractions():
    """Small breakpoints: scan k exactly (independent of the arb search)."""
    tree = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3), [Node((1, 1)), Node((0, 2))])]))
    seq = knorm_sequence(tree, Prior())
    for name, entry in seq.breakpoints.items():
        if entry.breakpoint is None or entry.removed_with:
            continue
        node = tree.node(name)
        # the split as it stood just before: the stage tree preceding the breakpoint
        before = seq.stage_for(entry.breakpoint - 1).tree.node(name) if entry.breakpoint > 1 else node
        scan = next(k for k in range(1, 10_000) if not split_kept(before, k) or
                    subtree_moment(before, k, Prior()) >= leaf_moment(before.counts, k, Prior()))
        exact_scan = next(k for k in range(1, 10_000)
                          if subtree_moment(before, k, Prior()) >= leaf_moment(before.counts, k, Prior()))
        assert entry.breakpoint == exact_scan == scan


def test_iris_breakpoints_are_certified_at_b_minus_1_and_b():
    seq = knorm_sequence(iris_tree(), Prior())
    entry = seq.breakpoints["c2"]
    node = seq.stage_for(entry.breakpoint - 1).tree.node("c2")
    form = SubtreeForm(node, Prior())
    assert form.sign(entry.breakpoint - 1) > 0       # kept one step before (certified)
    assert form.sign(entry.breakpoint) <= 0          # lost at the breakpoint (certified)
    lo, hi = entry.crossing
    assert entry.breakpoint - 1 <= lo < hi <= entry.breakpoint
    assert form.sign(lo) > 0 >= form.sign(hi)


def test_iris_sequence_and_the_printed_breakpoint():
    j1 = knorm_sequence(iris_tree(), Prior(numerator="J-1"), crossings=False)
    one = knorm_sequence(iris_tree(), Prior(numerator="1"))
    assert [s.leaves for s in j1.stages] == [7, 3, 2, 1]          # Figure B.1 (b), (d), (e), (f)
    assert j1.breakpoints["c2"].breakpoint != 25680602            # the printed value (erratum)
    assert one.breakpoints["c2"].breakpoint == 25680603
    lo, hi = one.breakpoints["c2"].crossing
    assert int(lo) == int(hi) == 25680602                          # floor of the real crossing is printed
    assert j1.breakpoints["root"].survives_all_finite_k and survives_all_k(j1.stages[-2].tree.root)
    assert not survives_all_k(iris_tree().root)  # the full tree does not meet Thm 5.9


def test_theorem_5_9_survivor_is_never_searched_and_really_survives():
    tree = Tree(Node((10, 10, 3), [Node((10, 0, 1)), Node((0, 10, 2))]))
    assert survives_all_k(tree.root)
    seq = knorm_sequence(tree, Prior())
    assert seq.breakpoints["root"].survives_all_finite_k
    for k in (1, 10, 1000, 10 ** 6, 10 ** 12):
        assert split_kept(tree.root, k)
    # violating the condition (9 instead of 10 of class 2): a finite breakpoint appears
    worse = Tree(Node((10, 9, 3), [Node((10, 0, 1)), Node((0, 9, 2))]))
    assert not survives_all_k(worse.root)
    assert knorm_sequence(worse, Prior()).breakpoints["root"].breakpoint is not None


def test_huge_breakpoint_is_found_by_search():
    tree = Tree(Node((50, 49), [Node((50, 0)), Node((0, 49))]))
    seq = knorm_sequence(tree, Prior(), crossings=False)
    b = seq.breakpoints["root"].breakpoint
    assert b > 10 ** 30  # far beyond any scan
    form = SubtreeForm(tree.root, Prior())
    assert form.sign(b - 1) > 0 >= form.sign(b)


def test_knorm_pruning_path_shape():
    path = knorm_pruning_path(iris_tree())
    assert path["n_leaves"] == [7, 3, 2]
    assert all(0 < x < 1 for x in path["knorm_errors_float"])
    assert path["knorm_errors_float"] == sorted(path["knorm_errors_float"])


def test_single_crossing_check_certifies_iris_and_can_fail(monkeypatch):
    from types import SimpleNamespace
    import exactprune.breakpoints.search as breakpoints
    seq = knorm_sequence(iris_tree(), Prior())
    assert seq.breakpoints["c2"].sign_checks >= 20
    # a sign pattern with two changes (kept again after being lost) is reported
    monkeypatch.setattr(breakpoints, "_signs_at", lambda forms, k: [1 if k < 10 or k > 100 else -1] * len(forms))
    with pytest.raises(breakpoints.Theorem53Violation, match="beyond its breakpoint"):
        breakpoints.verify_single_crossing(SimpleNamespace(name="x"), 10)


# -- a crossing just below 2^1024, beyond float range --------------------------------------------

#: (507, 506) split into pure children, lam tuned (bisection on lam by hand, eta = 1/2) so that the
#: integer breakpoint lands in (2^1024 - 2^970, 2^1024]: every integer there rounds to the float 2^1024,
#: which overflows (the largest float64 is 2^1024 - 2^971)
NEAR_1024 = Tree(Node((507, 506), [Node((507, 0)), Node((0, 506))]))


NEAR_1024_PRIOR = Prior(lam=Fraction(28874157673448767, 2 ** 56))


def _mp_f(k, lam):
    """F(k) = R_leaf - R(T) of NEAR_1024 at integer k, from (4.29) and (4.11) written out with mpmath's
    loggamma at 800 digits: rising(B, k) / rising(M, k) = exp(lgamma(B + k) - lgamma(B) + lgamma(M) -
    lgamma(M + k)); root B = 506 + lam, M = 1013 + 2 lam; children B = lam, M = 507 + 2 lam and 506 + 2 lam,
    weights (507 + 1/2) / 1014 and (506 + 1/2) / 1014."""
    import mpmath
    with mpmath.workdps(800):
        lam, k = mpmath.mpf(lam.numerator) / lam.denominator, mpmath.mpf(k)

        def ratio(b, m):
            return mpmath.exp(mpmath.loggamma(b + k) - mpmath.loggamma(b) + mpmath.loggamma(m) - mpmath.loggamma(m + k))
        return (ratio(506 + lam, 1013 + 2 * lam) - (mpmath.mpf(1015) / 2028) * ratio(lam, 507 + 2 * lam)
                - (mpmath.mpf(1013) / 2028) * ratio(lam, 506 + 2 * lam))


def test_a_crossing_beyond_float_range_is_certified_without_floats():
    """The crossing of an integer breakpoint near 2^1024 raised OverflowError at float(hi): its float
    guess is skipped and the cell is [b - 1, b] itself (the relative width b / 2^40 exceeds 1)."""
    seq = knorm_sequence(NEAR_1024, NEAR_1024_PRIOR)
    entry = seq.breakpoints["root"]
    b = entry.breakpoint
    assert isinstance(b, int) and 2 ** 1024 - 2 ** 970 < b <= 2 ** 1024
    with pytest.raises(OverflowError):
        float(b)                                                      # the case is beyond float range
    assert _mp_f(b - 1, NEAR_1024_PRIOR.lam) > 0 >= _mp_f(b, NEAR_1024_PRIOR.lam)    # b by mpmath
    assert entry.crossing == (b - 1, b)
    assert entry.as_dict()["crossing"]["approx"] == "1.79769313486e+308"     # 2^1024 = 1.7976931348623e308
    assert [s.leaves for s in seq.stages] == [2, 1, 1]


def test_real_crossing_on_an_interval_beyond_float_range():
    """real_crossing(lo = 2^1000, hi = 2^1100): certified bisection alone, to width 2^1100 / 2^40;
    the crossing lies in (b - 1, b] for the breakpoint b above."""
    from exactprune.sequence import real_crossing
    b = knorm_sequence(NEAR_1024, NEAR_1024_PRIOR, crossings=False).breakpoints["root"].breakpoint
    lo, hi = real_crossing(NEAR_1024.root, 2 ** 1000, 2 ** 1100, NEAR_1024_PRIOR)
    assert hi - lo == Fraction(2 ** 1100 - 2 ** 1000, 2 ** 40)       # 40 halvings of [2^1000, 2^1100]
    assert lo < b and b - 1 < hi


@pytest.mark.parametrize("by_floats", [False, True])
def test_the_breakpoint_search_finds_the_exact_tie(by_floats, monkeypatch):
    """The search (doubling from k = 1: signs at 2, 3, 5, then 4) meets the tie at k = 5 in the
    float filter's range; the breakpoint is the least k with F(k) <= 0.  Placed by floats, the
    stage at the tie is PruneTree's at 5, whose exact route settles it."""
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PLACE_BY_FLOATS", by_floats)
    scan = next(k for k in range(1, 100) if near_tie_difference(k) <= 0)
    seq = knorm_sequence(NEAR_TIE, Prior(), crossings=False)
    assert scan == 5 == seq.breakpoints["root"].breakpoint
    assert [(s.k_from, s.k_to, s.leaves) for s in seq.stages] == [(1, 5, 2), (5, None, 1), ("inf", None, 1)]
    # the tie itself: only the exact route proves it
    assert seq.decisions["prunetree_exact_fallbacks" if by_floats else "search_exact"] >= 1


# -- weighted (Fraction) counts ------------------------------------------------------------------
# A weighted tree is NOT its counts times their common denominator D: the prior adds lam and eta
# unscaled (a = b + c lam, d = n + J lam, (n_c + eta) / (n_t + eta K_t)), and a rising factorial
# steps by 1 whatever the scale ((D a)^(k) / (D d)^(k) is not a^(k) / d^(k), even with lam = 0), so
# D x tree has other breakpoints.  The weighted sequence is checked instead against PruneTree at
# every k (knorm.prune, whose exact route takes Fractions) and against (4.28)/(4.29) written out
# here with Fractions.

WEIGHTED_PRIORS = [Prior(), Prior(lam=1, eta=0), Prior(numerator="1"), Prior(lam=Fraction(1, 3), eta=2)]


def _stage_at(seq, k):
    """The stage whose integer range holds k, read off the stages' bounds (not stage_for)."""
    for stage in seq.stages:
        if stage.k_from != "inf" and stage.k_from <= k and (stage.k_to is None or k < stage.k_to):
            return stage
    raise AssertionError(f"no stage holds k = {k}")


def _check_against_prunetree_at_every_k(tree, seq, prior, every_k_up_to=300):
    """PruneTree's pruning at every integer k from 1 to one past the last finite breakpoint (up to
    ``every_k_up_to``, then at both ends of every later stage) is the stage the sequence gives."""
    starts = [s.k_from for s in seq.stages if isinstance(s.k_from, int)]
    ks = set(range(1, min(max(starts), every_k_up_to) + 2)) | {k for b in starts for k in (b - 1, b) if k >= 1}
    for k in sorted(ks):
        assert _kept_names(_stage_at(seq, k).tree) == _kept_names(prune(tree, k, prior=prior).tree), k


def _check_both_sides_of_every_breakpoint(seq, prior, largest=2000):
    """Each split lost at an integer 2 <= b <= ``largest`` (not with an ancestor; the Fractions
    of a larger b grow too long to write out): as it stood in the stage at b - 1, its subtree's
    moment is below its leaf moment at b - 1 (kept) and not below at b (lost)."""
    checked = 0
    for name, entry in seq.breakpoints.items():
        b = entry.breakpoint
        if not isinstance(b, int) or not 2 <= b <= largest or entry.removed_with:
            continue
        before = _stage_at(seq, b - 1).tree.node(name)
        assert subtree_moment_by_hand(before, b - 1, prior) < leaf_moment_by_hand(before.counts, b - 1, prior), name
        assert subtree_moment_by_hand(before, b, prior) >= leaf_moment_by_hand(before.counts, b, prior), name
        checked += 1
    return checked


#: class weights 1/3 and 5/2 on a tree of 12 and 3 examples, one leaf with row weight 7/4
WEIGHTED = Tree(Node((4, Fraction(15, 2)), [
    Node((Fraction(10, 3), Fraction(5, 2)), [Node((3, 0)), Node((Fraction(1, 3), Fraction(5, 2)))]),
    Node((Fraction(2, 3), 5), [Node((Fraction(7, 12), Fraction(35, 8))), Node((Fraction(1, 12), Fraction(5, 8)))])]))


@pytest.mark.parametrize("prior", WEIGHTED_PRIORS)
def test_a_weighted_sequence_is_prunetree_at_every_k(prior):
    """Planted bugs that fail it (by hand, reverted): the fmpq images of the rows in
    SubtreeForm.of_subtrees floored to integers (a form of other counts); next_breakpoint
    answering one more than the least k."""
    seq = knorm_sequence(WEIGHTED, prior, crossings=False)
    assert len(seq.stages) >= 3            # at least one finite breakpoint beyond k = 1
    _check_against_prunetree_at_every_k(WEIGHTED, seq, prior)


@pytest.mark.parametrize("prior", WEIGHTED_PRIORS)
def test_a_weighted_breakpoint_is_kept_at_b_minus_1_and_lost_at_b_by_the_formulas(prior):
    """Planted bug that fails it (by hand, reverted): next_breakpoint returning hi + 1."""
    seq = knorm_sequence(WEIGHTED, prior, crossings=False)
    assert _check_both_sides_of_every_breakpoint(seq, prior) >= 1


def test_a_weighted_crossing_lies_between_b_minus_1_and_b():
    """The certified real crossing of a weighted split brackets the sign change of F_d at real k,
    here confirmed at the cell's ends by the exact rational F_d of the formulas at integer k around it."""
    seq = knorm_sequence(WEIGHTED, Prior())
    entries = [e for e in seq.breakpoints.values() if isinstance(e.breakpoint, int) and e.breakpoint >= 2
               and e.removed_with is None]
    assert entries
    for entry in entries:
        lo, hi = entry.crossing
        assert entry.breakpoint - 1 <= lo < hi <= entry.breakpoint


@settings(max_examples=30, deadline=None)
@given(fractional_count_trees(max_depth=3), st.sampled_from(WEIGHTED_PRIORS))
def test_random_weighted_sequences_against_prunetree_and_the_formulas(tree, prior):
    """Random trees of Fraction counts (class and row weights): every stage is PruneTree's at every
    k, every breakpoint is kept at b - 1 and lost at b by (4.28)/(4.29) in Fractions.  Planted bugs
    that fail it (by hand, reverted): the rows floored in of_subtrees; next_breakpoint + 1."""
    seq = knorm_sequence(tree, prior, crossings=False)
    _check_against_prunetree_at_every_k(tree, seq, prior, every_k_up_to=120)
    _check_both_sides_of_every_breakpoint(seq, prior)


@settings(max_examples=15, deadline=None)
@given(count_trees(max_depth=3))
def test_an_integer_tree_written_in_fractions_has_the_identical_sequence(tree):
    """The same counts written as Fractions give the identical sequence (stages, breakpoints,
    crossings, decision counts), and so do they held as Python ints in an object matrix (the
    route of weighted and huge counts through the forms: their fmpq images).  Planted bug that
    fails it (by hand, reverted): the object rows' fmpq images plus one."""
    def as_fractions(node):
        return Node(tuple(Fraction(c) for c in node.counts), [as_fractions(c) for c in node.children])
    a = tree.arrays()
    objects = np.empty(a.counts.shape, dtype=object)
    objects[:] = a.counts.tolist()
    held_as_objects = Tree.from_arrays(CountArrays(objects, a.offsets, a.indices))
    assert held_as_objects.arrays().counts.dtype == object
    expected = knorm_sequence(tree).as_dict()
    assert knorm_sequence(Tree(as_fractions(tree.root))).as_dict() == expected
    assert knorm_sequence(held_as_objects).as_dict() == expected


# -- the iris sequence against PruneTree (an independent algorithm: the stages' k ranges must be
# where prune() changes its answer) and its JSON form field by field ------------------------------


@pytest.fixture(scope="module")
def iris_sequence(path_or_walk):
    return knorm_sequence(iris_tree())


def test_stages_change_exactly_where_prunetree_changes(iris_sequence):
    """For every finite stage end k_to, PruneTree at k_to - 1 gives the stage's tree and at k_to
    the next stage's."""
    stages = iris_sequence.stages
    finite = [s for s in stages if isinstance(s.k_from, int)]
    for stage, following in zip(finite, finite[1:]):
        assert stage.k_to == following.k_from
        assert prune(iris_tree(), stage.k_to - 1).tree.n_leaves == stage.leaves
        assert prune(iris_tree(), stage.k_to).tree.n_leaves == following.leaves
    assert stages[-1].k_from == "inf" and stages[-1].leaves == 1


def test_crossings_bracket_the_breakpoints(iris_sequence):
    """A split pruned from k = b on has its real crossing x with b - 1 < x <= b, enclosed in
    [lower, upper] to about 40 bits."""
    crossings = 0
    for b in iris_sequence.breakpoints.values():
        if b.crossing is None:
            continue
        crossings += 1
        lo, hi = b.crossing
        assert lo <= hi and hi - lo <= hi * Fraction(1, 2 ** 38)
        assert b.breakpoint - 1 < hi and lo <= b.breakpoint
    assert crossings == 2


def test_as_dict_is_a_faithful_json_form(iris_sequence):
    seq = iris_sequence
    d = json.loads(json.dumps(seq.as_dict()))
    assert d["prior"] == {"lam": "1/2", "eta": "1/2", "numerator": "J-1"}
    assert d["stages"] == [{"k_from": s.k_from, "k_to": s.k_to, "leaves": s.tree.n_leaves, "pruned": s.pruned}
                           for s in seq.stages]
    assert [b["name"] for b in d["breakpoints"]] == list(seq.breakpoints)
    for out, b in zip(d["breakpoints"], seq.breakpoints.values()):
        assert {k: out[k] for k in ("breakpoint", "removed_with", "survives_all_finite_k", "sign_checks")} == \
            {"breakpoint": b.breakpoint, "removed_with": b.removed_with,
             "survives_all_finite_k": b.survives_all_finite_k, "sign_checks": b.sign_checks}
        if b.crossing is None:
            assert out["crossing"] is None
        else:
            lo, hi = b.crossing
            assert Fraction(out["crossing"]["lower"]) == lo and Fraction(out["crossing"]["upper"]) == hi
            assert abs(float(out["crossing"]["approx"]) - float((lo + hi) / 2)) <= 1e-11 * float(hi)
    assert any(b["removed_with"] for b in d["breakpoints"]) and any(b["survives_all_finite_k"]
                                                                   for b in d["breakpoints"])
    assert any(b["sign_checks"] for b in d["breakpoints"])


def test_real_crossing_contains_the_root_found_by_mpmath(monkeypatch):
    """F_d(x) = rf(B, x)/rf(M, x) - sum_l W_l rf(B_l, x)/rf(M_l, x) (Gamma extension (C.26)),
    with the weights (4.11) and (B, M) (4.29) written out by hand for the tree below and its root
    found by mpmath at 50 digits: the certified crossing is the dyadic cell holding it."""
    import mpmath
    from exactprune import Node, Tree
    tree = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3))]))      # lam = eta = 1/2, J = 2
    monkeypatch.setattr(mpmath.mp, "dps", 50)       # restored after the test
    half = mpmath.mpf(1) / 2
    # root: B = 3 + 1/2, M = 9 + 1; leaves: (5, 0): B = 1/2, M = 6, W = 5.5/10; (1, 3): B = 3/2, M = 5, W = 4.5/10
    def f(x):
        return (mpmath.rf(3 + half, x) / mpmath.rf(10, x) - mpmath.mpf(55) / 100 * mpmath.rf(half, x) / mpmath.rf(6, x)
                - mpmath.mpf(45) / 100 * mpmath.rf(3 * half, x) / mpmath.rf(5, x))
    seq = knorm_sequence(tree, Prior())
    b = seq.breakpoints["root"].breakpoint
    assert f(b - 1) > 0 >= f(b)
    root = mpmath.findroot(f, (b - 1, b), solver="anderson")
    lo, hi = real_crossing(tree.root, b - 1, b)
    assert seq.breakpoints["root"].crossing == (lo, hi)
    # b = 10: the cell of the dyadic bisection of [9, 10] first no longer than 10 / 2^40 has length 2^-37
    assert b == 10 and hi - lo == Fraction(1, 2 ** 37) and (lo - 9) * 2 ** 37 == int((lo - 9) * 2 ** 37)
    assert mpmath.mpf(lo.numerator) / lo.denominator < root < mpmath.mpf(hi.numerator) / hi.denominator


def test_breakpoint_of_the_small_tree_by_an_exact_scan():
    scan = next(k for k in range(1, 100) if leaf_moment(SMALL.root.counts, k, Prior())
                <= subtree_moment(SMALL.root, k, Prior()))
    assert scan == 10 == knorm_sequence(SMALL, Prior()).breakpoints["root"].breakpoint


def test_bad_inputs_are_named():
    with pytest.raises(TypeError, match="knorm_sequence needs a Tree, got str"):
        knorm_sequence("tree")
    seq = knorm_sequence(SMALL, Prior(), crossings=False)
    with pytest.raises(ValueError, match="k must be a positive integer, got 0"):
        seq.stage_for(0)


# ---------------------------------------------------------------------------------------------
# knorm_pruning_path, and a breakpoint beyond 2^BREAKPOINT_EXACT_BITS (a LogBracket)
# ---------------------------------------------------------------------------------------------

def _mp_knorm(node, k: int):
    """(R(T, k))^(1/k) by mpmath at 40 digits, written out from (4.28)-(4.29) with lam = eta = 1/2
    and J classes: a leaf's moment Gamma(B + k) Gamma(M) / (Gamma(B) Gamma(M + k)) with
    B = n - max_j n_j + (J - 1)/2 and M = n + J/2."""
    import mpmath

    def moment(t):
        if not t.children:
            half_j = mpmath.mpf(len(t.counts)) / 2
            b, m = sum(t.counts) - max(t.counts) + half_j - mpmath.mpf(0.5), sum(t.counts) + half_j
            return mpmath.exp(mpmath.loggamma(b + k) - mpmath.loggamma(b) - mpmath.loggamma(m + k) + mpmath.loggamma(m))
        den = sum(t.counts) + mpmath.mpf(len(t.children)) / 2
        return sum((sum(c.counts) + mpmath.mpf(0.5)) / den * moment(c) for c in t.children)

    with mpmath.workdps(40):          # the caller's precision is restored
        return mpmath.root(moment(node), k)


def test_knorm_pruning_path_values_and_prior():
    one = knorm_pruning_path(iris_tree(), Prior(numerator="1"))
    assert set(one) == {"k_breakpoints", "n_leaves", "knorm_errors", "knorm_errors_float", "sequence"}
    assert one["k_breakpoints"][-1] == 25680603 and one["sequence"].breakpoints["c2"].crossing is None
    path = knorm_pruning_path(iris_tree())
    assert path["k_breakpoints"] == [1, 2, 17781896]
    for stage, text, value in zip(path["sequence"].stages, path["knorm_errors"], path["knorm_errors_float"]):
        assert len(text.replace("0.", "", 1).lstrip("0")) == 12          # 12 significant digits
        expected = float(_mp_knorm(stage.tree.root, stage.k_from))
        assert abs(float(text) - expected) <= 1e-11 * expected
        assert value == float(text)


#: (10^6, 10^6 - 1) split into pure children: F_d > 0 until k ~ 2^2000021 (App C's large-k form)
FAR = Tree(Node((10 ** 6, 10 ** 6 - 1), [Node((10 ** 6, 0)), Node((0, 10 ** 6 - 1))]))


@pytest.fixture(scope="module")
def far_sequence(path_or_walk):
    return knorm_sequence(FAR, Prior(), crossings=False)


def test_a_breakpoint_beyond_the_exact_bits_is_a_certified_log_bracket(far_sequence, monkeypatch):
    """For huge k each leaf moment is Gamma(M)/Gamma(B) k^(B - M) (1 + O(1/k)) (C.26); the
    subtree's moment is dominated by the leaf (0, 10^6 - 1) (B - M = -10^6 + 1/2, one half above the
    others), so the crossing k* solves Gamma(M0)/Gamma(B0) = W2 Gamma(M2)/Gamma(1/2) k*: written
    out with mpmath's loggamma, log2 k* lies in the bracket."""
    import mpmath
    monkeypatch.setattr(mpmath.mp, "dps", 60)       # restored after the test
    n = 10 ** 6
    b0, m0 = mpmath.mpf(n - 1) + 0.5, mpmath.mpf(2 * n)          # root: b = n - 1 errors, J lam = 1
    m1, m2 = mpmath.mpf(n + 1), mpmath.mpf(n)                   # leaves: B = 1/2 for both
    w1, w2 = (n + mpmath.mpf(0.5)) / (2 * n), (n - 1 + mpmath.mpf(0.5)) / (2 * n)
    root_log = mpmath.loggamma(m0) - mpmath.loggamma(b0)
    leaf1_log = mpmath.log(w1) + mpmath.loggamma(m1) - mpmath.loggamma(0.5)
    log_k = (mpmath.log(mpmath.exp(root_log) - mpmath.exp(leaf1_log)) - mpmath.log(w2)
             - mpmath.loggamma(m2) + mpmath.loggamma(0.5))
    log2_k = log_k / mpmath.log(2)
    bracket = far_sequence.breakpoints["root"].breakpoint
    assert isinstance(bracket, LogBracket)
    assert bracket.lower < Fraction(str(log2_k)) <= bracket.upper
    assert bracket.upper - bracket.lower <= bracket.upper / 2 ** 40
    # the search: log2 k doubled from BREAKPOINT_EXACT_BITS = 1024 to the range [2^20, 2^21] holding
    # log2 k* ~ 2000021, then bisected until hi - lo <= hi / 2^40, i.e. 40 halvings of 2^20: the
    # bracket is the cell of width 2^-20 of the grid of multiples of 2^-20 holding log2 k*
    cell = int(mpmath.floor(log2_k * 2 ** 20))
    assert (bracket.lower, bracket.upper) == (Fraction(cell, 2 ** 20), Fraction(cell + 1, 2 ** 20))
    stages = far_sequence.stages
    assert [(s.k_from, s.k_to, s.leaves) for s in stages] == [(1, bracket, 2), (bracket, None, 1), ("inf", None, 1)]
    assert str(bracket).startswith("2^(") and " < k <= 2^(" in str(bracket)


def test_stage_for_around_a_log_bracket(far_sequence, monkeypatch):
    import mpmath
    bracket = far_sequence.breakpoints["root"].breakpoint
    below, above = int(bracket.lower), int(bracket.upper) + 1          # 2^below < 2^lower, 2^above > 2^upper
    assert far_sequence.stage_for(2 ** below).leaves == 2             # powers of two: exact route
    assert far_sequence.stage_for(2 ** above).leaves == 1
    assert far_sequence.stage_for(3 * 2 ** (below - 2)).leaves == 2   # log2 = below - 0.415: arb route
    assert far_sequence.stage_for(2 ** above - 1).leaves == 1         # log2 just below above > upper
    monkeypatch.setattr(mpmath.mp, "dps", 60)       # restored after the test
    shift = below - 60
    middle = (bracket.lower + bracket.upper) / 2 - shift
    inside = int(mpmath.floor(mpmath.power(2, mpmath.mpf(middle.numerator) / middle.denominator))) << shift
    with pytest.raises(ValueError, match="k lies inside the certified interval of a breakpoint"):
        far_sequence.stage_for(inside)


def test_a_log_bracket_in_json_and_in_the_path(far_sequence):
    bracket = far_sequence.breakpoints["root"].breakpoint
    d = json.loads(json.dumps(far_sequence.as_dict()))
    assert d["stages"][0]["k_to"] == d["stages"][1]["k_from"] == bracket.as_dict()
    assert d["breakpoints"][0]["breakpoint"] == bracket.as_dict()
    path = knorm_pruning_path(FAR)
    assert path["k_breakpoints"] == [1, bracket]
    assert path["knorm_errors"][1] is None and path["knorm_errors_float"][1] is None
    assert path["knorm_errors_float"][0] == float(path["knorm_errors"][0])


def test_iris_crossings_at_k_2_are_cells_of_width_2_to_the_minus_39(iris_sequence):
    """Pruned at k = 2: the crossing lies in [1, 2], whose dyadic bisection stops at the first length
    <= max(2, 1) / 2^40 = 2^-39 (exactly that length)."""
    at_two = [b for b in iris_sequence.breakpoints.values() if b.breakpoint == 2 and b.crossing is not None]
    assert at_two
    for b in at_two:
        lo, hi = b.crossing
        assert hi - lo == Fraction(1, 2 ** 39) and 1 <= lo and (lo * 2 ** 39).denominator == 1


def test_bracket_stage_takes_the_least_upper_end_and_refuses_overlaps():
    names = ["q", "s", "r", "p"]
    first, later = LogBracket(Fraction(5), Fraction(6)), LogBracket(Fraction(7), Fraction(8))
    bound, kept = _bracket_stage({0: later, 1: first, 2: None, 3: first}, names, 5)
    assert bound == first and kept.tolist() == [True, False, True, False, True]
    touching = LogBracket(Fraction(6), Fraction(7))            # lower end = first's upper end: ordered
    bound, kept = _bracket_stage({0: touching, 1: first}, names, 4)
    assert bound == first and kept.tolist() == [True, False, True, True]
    overlapping = LogBracket(Fraction(11, 2), Fraction(7))
    message = ("the breakpoints of p (2^(5) < k <= 2^(6), k ~ 2^5.500000000) and q (2^(11/2) < k <= 2^(7), "
               "k ~ 2^6.250000000) overlap: beyond 2^1024 (BREAKPOINT_EXACT_BITS) they cannot be ordered")
    with pytest.raises(ValueError, match=re.escape(message)):
        _bracket_stage({0: overlapping, 3: first}, names, 4)     # index 3 is p, 0 is q


def test_real_crossing_takes_a_form_with_its_own_prior_and_bits():
    """A form built with lam = 1 is used as it is (not rebuilt with the default prior); bits = 10 on
    iris c2's [17781895, 17781896]: width 17781896 / 2^10 > 1, so the cell is the interval itself."""
    node = SMALL.root
    prior = Prior(lam=1)
    b = knorm_sequence(SMALL, prior, crossings=False).breakpoints["root"].breakpoint
    assert real_crossing(SubtreeForm(node, prior), b - 1, b) == real_crossing(node, b - 1, b, prior)
    c2 = prune(iris_tree(), 2).tree.node("c2")
    assert real_crossing(c2, 17781895, 17781896, bits=10) == (17781895, 17781896)


def test_knorm_pruning_path_errors_use_the_prior(monkeypatch):
    """numerator '1' (B = b + lam): the norms of the path's stages against mpmath written out for that
    prior (the k = 1 stage: sum of W_l B_l / M_l)."""
    import mpmath
    prior = Prior(numerator="1")
    path = knorm_pruning_path(iris_tree(), prior)
    stage = path["sequence"].stages[0]
    assert stage.k_from == 1
    monkeypatch.setattr(mpmath.mp, "dps", 40)       # restored after the test

    def mean(t):
        if not t.children:
            j = len(t.counts)
            return (sum(t.counts) - max(t.counts) + mpmath.mpf(1) / 2) / (sum(t.counts) + mpmath.mpf(j) / 2)
        den = sum(t.counts) + mpmath.mpf(len(t.children)) / 2
        return sum((sum(c.counts) + mpmath.mpf(1) / 2) / den * mean(c) for c in t.children)
    expected = mean(stage.tree.root)
    assert abs(mpmath.mpf(path["knorm_errors"][0]) - expected) <= expected * mpmath.mpf(10) ** -11


# ---------------------------------------------------------------------------------------------
# knorm_sequence's bookkeeping: searches, decision counts, the bracket stage, the k = inf stage
# ---------------------------------------------------------------------------------------------

#: c1 = the (6, 3) split above (breakpoint 10), c2 = (6, 12) into (0, 10) and (6, 2): stages from
#: k = 1, 10 (c1), 12 (c2), 16 (root), each checked by PruneTree in the test
TWO_SPLITS = Tree(Node((12, 15), [Node((6, 3), [Node((5, 0)), Node((1, 3))]),
                                  Node((6, 12), [Node((0, 10)), Node((6, 2))])]))


def test_searches_and_decision_counts_of_a_two_split_tree(monkeypatch):
    """The exact steps alone (no float placement): PruneTree at k0 + 1, then the searches."""
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PLACE_BY_FLOATS", False)
    seq = knorm_sequence(TWO_SPLITS, crossings=False)
    assert [(s.k_from, s.pruned) for s in seq.stages] == [(1, []), (10, ["c1"]), (12, ["c2"]), (16, ["root"]),
                                                          ("inf", [])]
    for k, kept in ((9, {"root", "c1", "c2"}), (10, {"root", "c2"}), (11, {"root", "c2"}), (12, {"root"}),
                    (15, {"root"}), (16, set())):
        assert {n.name for n in prune(TWO_SPLITS, k).tree.nodes() if n.children} == kept
    # searches: root, c1, c2 at k0 = 1 (PruneTree at 2 prunes nothing); root again at k0 = 10 and at
    # k0 = 12 (its subtree changed; c2's breakpoint is reused at 10): 5
    assert seq.searches == 5
    # PruneTree: one comparison per split of the tree it runs on: k = 1, 2, 10 (3 splits), 11, 12 (2), 13, 16 (1)
    assert seq.decisions["prunetree_comparisons"] == 3 + 3 + 3 + 2 + 2 + 1 + 1
    # the searches' sign evaluations, from the breakpoints each search finds (root's by exact scans of the
    # tree as it stands at k0 = 1, 10 and 12)
    root = TWO_SPLITS.root
    without_c1 = Node((12, 15), [Node((6, 3)), Node((6, 12), [Node((0, 10)), Node((6, 2))])])
    expected = (probes(10, 1) + probes(12, 1) + probes(first_lost(root, 1), 1)
                + probes(first_lost(without_c1, 10), 10) + probes(16, 12))
    assert sum(seq.decisions[f"search_{how}"] for how in ("float", "arb", "exact")) == expected


def test_float_placed_stages_of_a_two_split_tree(monkeypatch):
    """The walk alone (no path proposed): PruneTree at k0 + 1 first (k0 + 1 <= NEXT_K_FIRST), pruning nothing; then each stage placed by
    the floats' least guess (c1: 10 at k0 = 1; c2: 12 at k0 = 10; root: 16 at k0 = 12) and certified
    by PruneTree at k* - 1 (nothing pruned; not asked when k* - 1 = k0 + 1) and at k* (pruned): no
    search, PruneTree at k = 1, 2, 9, 10 (3 splits), 11, 12 (2), 13, 15, 16 (1).  Planted bug that
    fails it (by hand, reverted): the least guess certified at k* alone (no PruneTree at k* - 1)."""
    monkeypatch.setattr(sequence_module._SequenceBuilder, "PROPOSE_PATH", False)
    seq = knorm_sequence(TWO_SPLITS, crossings=False)
    assert [(s.k_from, s.pruned) for s in seq.stages] == [(1, []), (10, ["c1"]), (12, ["c2"]), (16, ["root"]),
                                                          ("inf", [])]
    assert seq.searches == 0 and seq.decisions["stages_float_placed"] == 3
    assert seq.decisions["stages_float_walked"] == 0
    assert seq.decisions["prunetree_comparisons"] == 3 + 3 + 3 + 3 + 2 + 2 + 1 + 1 + 1


def test_a_bracket_stage_and_the_k_infinity_stage():
    """FAR's only split is lost beyond 2^1024: the stage that prunes it starts at the bracket, and
    the k = infinity stage is the root as a leaf (a split survives no k there: pruned list empty)."""
    seq = knorm_sequence(FAR, crossings=False)
    bracket = seq.breakpoints["root"].breakpoint
    assert [(s.k_from, s.k_to, s.leaves, s.pruned) for s in seq.stages] == \
        [(1, bracket, 2, []), (bracket, None, 1, ["root"]), ("inf", None, 1, [])]
    assert seq.stages[1].tree.root.is_leaf and seq.stages[2].tree.root.counts == FAR.root.counts
    assert seq.searches == 1
    small = knorm_sequence(SMALL, crossings=False)
    assert small.stages[-1].k_from == "inf" and small.stages[-1].tree.root.is_leaf


def test_a_split_surviving_every_k_is_named_and_kept_at_infinity():
    """(10, 10) into pure (10, 0) and (0, 10): Thm 5.9's condition; the k = inf stage prunes it."""
    seq = knorm_sequence(Tree(Node((10, 10), [Node((10, 0)), Node((0, 10))])), crossings=False)
    entry = seq.breakpoints["root"]
    assert (entry.name, entry.breakpoint, entry.survives_all_finite_k) == ("root", None, True)
    assert [(s.k_from, s.leaves, s.pruned) for s in seq.stages] == [(1, 2, []), ("inf", 1, ["root"])]
    assert seq.searches == 0


def _nested(inner):
    """root -> c1 = (inner split c11, leaf (10, 0)), c2 = (1, 30) into (0, 20) and (1, 10)."""
    c11 = Node(inner[0], [Node(inner[1]), Node(inner[2])])
    c1 = Node((inner[0][0] + 10, inner[0][1]), [c11, Node((10, 0))])
    c2 = Node((1, 30), [Node((0, 20)), Node((1, 10))])
    return Tree(Node((c1.counts[0] + 1, c1.counts[1] + 30), [c1, c2]))


def _kept(tree, k):
    return {n.name for n in prune(tree, k).tree.nodes() if n.children}


def test_removed_with_names_the_pruned_ancestor_and_entries_are_in_depth_order():
    """Stages checked by PruneTree: (a) inner (6, 3): c2 lost at 1, c1 at 3 taking c11 with it, root at
    43; (b) inner (3, 6): c2 at 1, root at 6 taking c1 and c11.  Entries: by depth, then by name (the
    arrays are in preorder: root, c1, c11, ..., c2)."""
    a = _nested(((6, 3), (5, 0), (1, 3)))
    assert (_kept(a, 1), _kept(a, 2), _kept(a, 3), _kept(a, 42), _kept(a, 43)) == \
        ({"root", "c1", "c11"}, {"root", "c1", "c11"}, {"root"}, {"root"}, set())
    seq = knorm_sequence(a, crossings=False)
    assert list(seq.breakpoints) == ["root", "c1", "c2", "c11"]
    assert [(e.name, e.breakpoint, e.removed_with) for e in seq.breakpoints.values()] == \
        [("root", 43, None), ("c1", 3, None), ("c2", 1, None), ("c11", 3, "c1")]
    b = _nested(((3, 6), (0, 5), (3, 1)))
    assert (_kept(b, 1), _kept(b, 5), _kept(b, 6)) == ({"root", "c1", "c11"}, {"root", "c1", "c11"}, set())
    seq = knorm_sequence(b, crossings=False)
    assert [(e.name, e.breakpoint, e.removed_with) for e in seq.breakpoints.values()] == \
        [("root", 6, None), ("c1", 6, "root"), ("c2", 1, None), ("c11", 6, "root")]


def test_a_split_lost_at_k_2_gets_its_crossing_and_one_lost_at_1_none():
    """c1 = (20, 3) into (18, 0), (2, 3) is lost at 2 (PruneTree), c2 = (2, 20) at 1: c1's crossing is a
    cell of [1, 2] of length max(2, 1) / 2^40 = 2^-39 at most (halved 39 times: exactly 2^-39)."""
    tree = Tree(Node((22, 23), [Node((20, 3), [Node((18, 0)), Node((2, 3))]),
                                Node((2, 20), [Node((0, 17)), Node((2, 3))])]))
    assert (_kept(tree, 1), _kept(tree, 2)) == ({"root", "c1"}, {"root"})
    entries = knorm_sequence(tree).breakpoints
    assert entries["c2"].breakpoint == 1 and entries["c2"].crossing is None
    lo, hi = entries["c1"].crossing
    assert entries["c1"].breakpoint == 2 and 1 <= lo and hi <= 2 and hi - lo == Fraction(1, 2 ** 39)


def test_a_search_beyond_the_log2_limit_names_the_node(monkeypatch):
    """FAR's crossing is near 2^2000021: with the limit at 2^(2^20) the log2 search gives up, naming root."""
    monkeypatch.setattr(breakpoints_module, "BREAKPOINT_MAX_LOG2", 2 ** 20)
    with pytest.raises(ValueError, match=re.escape("node root: no breakpoint below k = 2^1048576 (the limit "
                                                   "BREAKPOINT_MAX_LOG2)")):
        knorm_sequence(FAR, crossings=False)


def test_the_stage_at_a_found_breakpoint_uses_the_prior():
    """eta = 5 moves the (6, 3) split's breakpoint from 10 to 9 (PruneTree with that prior); with the
    default prior PruneTree would still keep it at 9."""
    prior = Prior(eta=5)
    assert _kept(SMALL, 8) == _kept(SMALL, 9) == {"root"}
    assert {n.name for n in prune(SMALL, 8, prior=prior).tree.nodes() if n.children} == {"root"}
    assert not [n for n in prune(SMALL, 9, prior=prior).tree.nodes() if n.children]
    seq = knorm_sequence(SMALL, prior, crossings=False)
    assert [(s.k_from, s.pruned) for s in seq.stages] == [(1, []), (9, ["root"]), ("inf", [])]


def test_the_first_stage_is_prunetree_at_k_1_under_the_given_prior():
    """Iris under lam = 100: PruneTree at k = 1 keeps 3 leaves (7 under the default prior), so the
    sequence's first stage must be computed with the prior it was given."""
    tree = iris_tree()
    prior = Prior(lam=Fraction(100))
    seq = knorm_sequence(tree, prior, crossings=False)
    assert seq.stages[0].leaves == prune(tree, 1, prior=prior).tree.n_leaves == 3


def test_breakpoints_of_a_ten_way_split_are_in_name_order():
    """Zhong's order is by depth, then by name: past nine children a name stops following the
    child's position (the tenth child of the root is "c.10", which sorts before "c2"), so the
    sequence cannot take level order for it (a root of ten children, the second and the tenth split into two pure leaves;
    killed the mutant that took level order up to ten children)."""
    leaves = [Node((3, 1)) for _ in range(10)]
    leaves[1] = Node((2, 1), [Node((2, 0)), Node((0, 1))])
    leaves[9] = Node((1, 2), [Node((1, 0)), Node((0, 2))])
    tree = Tree(Node((27, 11), leaves))
    assert list(knorm_sequence(tree, crossings=False).breakpoints) == ["root", "c.10", "c2"]


def test_breakpoints_mapping_has_the_splits_only():
    """``breakpoints`` maps the name of every split of the input; a leaf's name, a name of no
    node, a string that is no node name and a key that is no string are each a KeyError naming
    the key or saying there is no node of that name (here the node at index 1 is a split, so an index-like key cannot stand for it)."""
    tree = Tree(Node((4, 4), [Node((3, 1), [Node((3, 0)), Node((0, 1))]), Node((1, 3))]))
    assert tree.arrays().n_children.tolist() == [2, 2, 0, 0, 0]
    breakpoints = knorm_sequence(tree, crossings=False).breakpoints
    assert sorted(breakpoints) == ["c1", "root"] and len(breakpoints) == 2
    for key in ("c2", "c11", "c3", "c1x", 0, 1, None):
        with pytest.raises(KeyError) as refused:
            breakpoints[key]
        assert refused.value.args in ((key,), (f"no node named {key!r}",))
    assert "c1" in breakpoints and "c2" not in breakpoints and 1 not in breakpoints


# -- the compact copy of a small stage maps its nodes to the input's ------------------------------

def _compact_case() -> Tree:
    """A pure subtree of 127 nodes (c1, pruned at k = 1) beside c2 (the two splits of TWO_SPLITS
    and a pure leaf) and the root: after k = 1 the stage has 10 of the 136 nodes, at most a
    quarter, so the sequence goes on in a compact copy whose indices map to the input's."""
    def pure(depth):
        if depth == 0:
            return Node((1, 0))
        left, right = pure(depth - 1), pure(depth - 1)
        return Node((2 * left.counts[0], 0), [left, right])
    c2 = Node((12, 115), [Node((6, 3), [Node((5, 0)), Node((1, 3))]), Node((6, 12), [Node((0, 10)), Node((6, 2))]),
                          Node((0, 100))])
    return Tree(Node((64 + 12, 115), [pure(6), c2]))


def _check_stages_against_prunetree(tree: Tree, seq) -> None:
    """Every finite stage is PruneTree's pruning at both ends of its k range (the splits kept, by
    name), and every split's breakpoint b is where PruneTree stops keeping it (kept at b - 1)."""
    def splits(t):
        return {n.name for n in t.nodes() if n.children}
    for stage in seq.stages:
        if stage.k_from == "inf":
            continue
        ends = [stage.k_from] + ([stage.k_to - 1] if stage.k_to is not None else [])
        for k in ends:
            assert splits(prune(tree, k).tree) == splits(stage.tree), (stage, k)
    for name, entry in seq.breakpoints.items():
        if isinstance(entry.breakpoint, int) and entry.breakpoint > 1 and entry.removed_with is None:
            assert name in splits(prune(tree, entry.breakpoint - 1).tree), name
            assert name not in splits(prune(tree, entry.breakpoint).tree), name


def test_a_compact_stage_maps_its_nodes_to_the_input(monkeypatch):
    monkeypatch.setattr(sequence_module._SequenceBuilder, "ONE_PASS_NODES", 0)     # (the path's T_1: a compact copy)
    tree = _compact_case()
    seq = knorm_sequence(tree, crossings=False)
    n_nodes = tree.arrays().n_nodes
    assert [(s.k_from, s.leaves) for s in seq.stages] == [(1, 6), (2, 2), (845, 1), ("inf", 1)]
    assert 4 * len(list(seq.stages[1].tree.nodes())) <= n_nodes       # found in a compact copy
    _check_stages_against_prunetree(tree, seq)


def test_the_compact_stage_check_fails_under_a_wrong_mapping(monkeypatch):
    """The check above is not vacuous: with the compact copy's node indices mapped one place off
    (its non-root nodes rolled), the sequence it gives disagrees with PruneTree."""
    real = sequence_module._current_tree

    def mismapped(tree, splits):
        current, origin = real(tree, splits)
        if origin is not None:
            origin = np.concatenate([origin[:1], np.roll(origin[1:], 1)])
        return current, origin

    monkeypatch.setattr(sequence_module, "_current_tree", mismapped)
    monkeypatch.setattr(sequence_module._SequenceBuilder, "ONE_PASS_NODES", 0)     # (the path's T_1: a compact copy)
    tree = _compact_case()
    seq = knorm_sequence(tree, crossings=False)
    with pytest.raises(AssertionError):
        _check_stages_against_prunetree(tree, seq)
