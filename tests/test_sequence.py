"""Tests of exactprune.sequence: the k-norm pruning sequence with exact breakpoints (Zhong Cor 5.4, Thm 5.3,
5.9).  CCP is tested in tests/peers/test_ccp.py."""
from __future__ import annotations

from fractions import Fraction

import flint
import pytest
from hypothesis import given, settings, strategies as st

from exactprune import Node, Prior, Tree
from exactprune.knorm import leaf_moment, prune, subtree_moment
from exactprune.sequence import (_SubtreeForm, _float_approximations, knorm_pruning_path, knorm_sequence, split_kept,
                                 survives_all_k)
from exactprune.certify import Approx, rising_ratio, total
from exactprune.tree import iris_tree
from random_trees import count_trees


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
        assert _kept_names(seq.stage_for(k).tree) == _kept_names(prune(tree, k, prior).tree), k
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
    form = _SubtreeForm(node, Prior())
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
    form = _SubtreeForm(tree.root, Prior())
    assert form.sign(b - 1) > 0 >= form.sign(b)


def test_knorm_pruning_path_shape():
    path = knorm_pruning_path(iris_tree())
    assert path["n_leaves"] == [7, 3, 2]
    assert all(0 < x < 1 for x in path["knorm_errors_float"])
    assert path["knorm_errors_float"] == sorted(path["knorm_errors_float"])


def test_single_crossing_check_certifies_iris_and_can_fail(monkeypatch):
    from types import SimpleNamespace
    import exactprune.sequence as sequence
    seq = knorm_sequence(iris_tree(), Prior())
    assert seq.breakpoints["c2"].sign_checks >= 20
    # a sign pattern with two changes (kept again after being lost) is reported
    monkeypatch.setattr(sequence, "_signs_at", lambda forms, k: [1 if k < 10 or k > 100 else -1] * len(forms))
    with pytest.raises(sequence.Theorem53Violation, match="beyond its breakpoint"):
        sequence.verify_single_crossing(SimpleNamespace(name="x"), 10)


@given(count_trees(max_depth=3), st.sampled_from([Prior(), Prior(lam=1, eta=1), Prior(numerator="1")]))
@settings(max_examples=40, deadline=None)
def test_subtree_form_from_arrays_matches_the_node_walk_and_the_recursion(tree, prior):
    """The array form of every split has the Node form's triples, and its certified F_d at
    k = 3 and k = 5/2 encloses the exact leaf moment minus the subtree moment (4.28)."""
    arrays = tree.arrays()
    for i, node in enumerate(tree._node_list()):
        if not node.children:
            continue
        by_arrays, by_nodes = _SubtreeForm.from_arrays(arrays, i, node.name, prior), _SubtreeForm(node, prior)
        assert (by_arrays.leaf_terms, by_arrays.terms) == (by_nodes.leaf_terms, by_nodes.terms)
        exact = leaf_moment(node.counts, 3, prior) - subtree_moment(node, 3, prior)
        assert by_arrays.difference_arb(3).overlaps(flint.arb(exact.numerator) / exact.denominator)
        assert by_arrays.difference_arb(Fraction(5, 2)).overlaps(by_nodes.difference_arb(flint.arb(5) / 2))
        for k in (1, 2, 7):      # the elementwise float image = certify's scalar rules term by term
            scalar = total(Approx.of(w) * rising_ratio(Approx.of(a), Approx.of(d), k) for w, a, d in by_nodes.terms)
            values, rels = _float_approximations([by_arrays], k)[1]
            assert Approx.bounded(values[0], rels[0]) == scalar


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


@pytest.mark.parametrize("prior", [Prior(), Prior(lam=Fraction(1, 3), eta=Fraction(2, 3))])
def test_gamma_ratios_carried_across_small_gaps_and_started_afresh_beyond(prior, monkeypatch):
    """Leaves of n = 1, 2, 17, 18, 34, 35 examples and the root of 107: the d = n + J lam of
    one class (fractional part J lam) are 1, 15, 1, 16 (at CHAIN_STEPS), 1 and 72 apart; the a
    = b + c lam (b = 0, 0, 0, 0, 4, 5 and 52) of another are 4, 1 and 47 apart.  Carried by
    products: every gap up to 16; afresh by lgamma: the least of each class and the two beyond
    (4 of 11 values).  The ball of F_d encloses the exact value at integer k (the recursion
    (4.28)) and mpmath's Gamma ratios at k = 5/2 and 11/3, and is narrow."""
    import mpmath
    leaves = [Node((1, 0)), Node((2, 0)), Node((17, 0)), Node((0, 18)), Node((30, 4)), Node((5, 30))]
    node = Node((55, 52), [Node((20, 0), leaves[:3]), Node((35, 52), leaves[3:])])
    tree = Tree(node)
    form = _SubtreeForm(tree.root, prior)
    assert _SubtreeForm.CHAIN_STEPS == 16
    with flint.ctx.workprec(80):
        plan = form._gamma_ratio_plan()[0]
    assert sum(steps is None for _, steps, _ in plan) == 4
    assert sorted(len(steps) for _, steps, _ in plan if steps is not None) == [1, 1, 1, 1, 4, 15, 16]
    for k in (1, 2, 3, 7):
        exact = leaf_moment(node.counts, k, prior) - subtree_moment(tree.root, k, prior)
        ball = form.difference_arb(k)
        assert ball.overlaps(flint.arb(exact.numerator) / exact.denominator) and ball.rad() < 1e-15 * abs(ball.mid()) + 1e-30
    monkeypatch.setattr(mpmath.mp, "dps", 40)       # restored after the test
    for k in (Fraction(5, 2), Fraction(11, 3)):
        x = mpmath.mpf(k.numerator) / k.denominator

        def mp(q):          # an fmpq as an mpmath number
            return mpmath.mpf(int(q.p)) / int(q.q)

        def ratio(a, d):
            return 0 if a == 0 else mpmath.rf(mp(a), x) / mpmath.rf(mp(d), x)

        expected = ratio(*form.leaf_terms) - sum(mp(w) * ratio(a, d) for w, a, d in form.terms)
        ball = form.difference_arb(k)
        assert ball.overlaps(flint.arb(mpmath.nstr(expected, 35))) and ball.rad() < 1e-12 * abs(expected)


# ---------------------------------------------------------------------------------------------
# near-ties that reach the breakpoint search's float filter (sequence._signs_at): exact ties whose
# float images differ in the last bits, so that only the filter's bound keeps it from deciding
# the wrong way (with the bound set to zero these tests fail: the filter would call them kept)
# ---------------------------------------------------------------------------------------------

def _rising(x, k):
    product = Fraction(1)
    for m in range(k):
        product *= x + m
    return product


#: (6, 8) split into (4, 3) and (2, 5), lam = eta = 1/2, J = 2, c = 1: the leaf has a = 6 + 1/2,
#: d = 14 + 1; both children have d = 7 + 1 and weight (7 + 1/2) / (14 + 1) = 1/2, with a = 3 + 1/2
#: and 2 + 1/2.  F(k) = 6.5^(k)/15^(k) - (3.5^(k) + 2.5^(k)) / (2 8^(k)) is 0 at k = 5 exactly.
NEAR_TIE = Tree(Node((6, 8), [Node((4, 3)), Node((2, 5))]))


def _near_tie_difference(k):
    """F(k) of NEAR_TIE written out by hand from (4.29), (4.11) and (4.28)."""
    half = Fraction(1, 2)
    return (_rising(6 + half, k) / _rising(15, k)
            - half * (_rising(3 + half, k) + _rising(2 + half, k)) / _rising(8, k))


def test_an_exact_tie_at_k_5_is_lost_although_its_floats_say_kept():
    assert _near_tie_difference(4) > 0 and _near_tie_difference(5) == 0 and _near_tie_difference(6) < 0
    (leaf, _), (sub, _) = _float_approximations([_SubtreeForm(NEAR_TIE.root, Prior())], 5)
    assert leaf[0] > sub[0]                 # the float images are in the wrong order: a near-tie for the filter
    assert split_kept(NEAR_TIE.root, 4) is True and split_kept(NEAR_TIE.root, 5) is False


def test_the_breakpoint_search_finds_the_exact_tie():
    """The search (doubling from k = 1: signs at 2, 3, 5, then 4) meets the tie at k = 5 in the
    float filter's range; the breakpoint is the least k with F(k) <= 0."""
    scan = next(k for k in range(1, 100) if _near_tie_difference(k) <= 0)
    seq = knorm_sequence(NEAR_TIE, Prior(), crossings=False)
    assert scan == 5 == seq.breakpoints["root"].breakpoint
    assert [(s.k_from, s.k_to, s.leaves) for s in seq.stages] == [(1, 5, 2), (5, None, 1), ("inf", None, 1)]
    assert seq.decisions["search_exact"] >= 1          # the tie itself: only the exact route proves it


def test_a_tie_at_k_1_with_lam_0_is_not_kept():
    """lam = 0, eta = 1: the leaf (5, 9) has 5/14; its children (2, 5) and (3, 4) have weight
    (7 + 1)/(14 + 2) = 1/2 each and moments 2/7, 3/7: the subtree has 5/14 too, and the floats
    of the two differ by one rounding."""
    node = Node((5, 9), [Node((2, 5)), Node((3, 4))])
    prior = Prior(lam=0, eta=1)
    (leaf, _), (sub, _) = _float_approximations([_SubtreeForm(node, prior)], 1)
    assert leaf[0] != sub[0]
    assert split_kept(node, 1, prior) is False
