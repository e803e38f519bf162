"""exactprune.breakpoints.forms: a split's form F_d(k) = R_leaf(d, k) - R(T_d, k) (Zhong 5.1.2): its
construction from nodes and from count arrays (one subtree or several), its exact value, balls and
certified sign against (4.28)/(4.29) written out, its float filter, split_kept and survives_all_k."""
from __future__ import annotations

import functools
import math
from fractions import Fraction

import flint
import pytest
from hypothesis import given, settings, strategies as st

from exactprune import Node, Prior, Tree
from exactprune.breakpoints.forms import SubtreeForm, _float_approximations, split_kept, survives_all_k
from exactprune.certify import Approx, rising_ratio, total
from exactprune.knorm import leaf_moment, subtree_moment
from exactprune.numbers import CertificationError
from helpers import assert_ball
from random_trees import count_trees, fractional_count_trees
from sequence_cases import (NEAR_TIE, SMALL, TIE, leaf_moment_by_hand, near_tie_difference, scalar_images,
                            subtree_moment_by_hand)


@given(count_trees(max_depth=3), st.sampled_from([Prior(), Prior(lam=1, eta=1), Prior(numerator="1")]))
@settings(max_examples=40, deadline=None)
def test_subtree_form_from_arrays_matches_the_node_walk_and_the_recursion(tree, prior):
    """The array form of every split has the Node form's triples, and its certified F_d at
    k = 3 and k = 5/2 encloses the exact leaf moment minus the subtree moment (4.28)."""
    arrays = tree.arrays()
    for i, node in enumerate(tree._node_list()):
        if not node.children:
            continue
        by_arrays, by_nodes = SubtreeForm.from_arrays(arrays, i, node.name, prior), SubtreeForm(node, prior)
        assert (by_arrays.leaf_terms, by_arrays.terms) == (by_nodes.leaf_terms, by_nodes.terms)
        exact = leaf_moment(node.counts, 3, prior) - subtree_moment(node, 3, prior)
        assert_ball(by_arrays.difference_arb(3), exact, 2.0 ** -40)
        assert_ball(by_arrays.difference_arb(Fraction(5, 2)), by_nodes.difference_arb(flint.arb(5) / 2), 2.0 ** -40)
        for k in (1, 2, 7):      # the elementwise float image = certify's scalar rules term by term
            scalar = total(Approx.of(w) * rising_ratio(Approx.of(a), Approx.of(d), k) for w, a, d in by_nodes.terms)
            values, rels = _float_approximations([by_arrays], k)[1]
            assert Approx.bounded(values[0], rels[0]) == scalar


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
    form = SubtreeForm(tree.root, prior)
    assert SubtreeForm.CHAIN_STEPS == 16
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


def test_an_exact_tie_at_k_5_is_lost_although_its_floats_say_kept():
    assert near_tie_difference(4) > 0 and near_tie_difference(5) == 0 and near_tie_difference(6) < 0
    (leaf, _), (sub, _) = _float_approximations([SubtreeForm(NEAR_TIE.root, Prior())], 5)
    assert leaf[0] > sub[0]                 # the float images are in the wrong order: a near-tie for the filter
    assert split_kept(NEAR_TIE.root, 4) is True and split_kept(NEAR_TIE.root, 5) is False


def test_a_tie_at_k_1_with_lam_0_is_not_kept():
    """lam = 0, eta = 1: the leaf (5, 9) has 5/14; its children (2, 5) and (3, 4) have weight
    (7 + 1)/(14 + 2) = 1/2 each and moments 2/7, 3/7: the subtree has 5/14 too, and the floats
    of the two differ by one rounding."""
    node = Node((5, 9), [Node((2, 5)), Node((3, 4))])
    prior = Prior(lam=0, eta=1)
    (leaf, _), (sub, _) = _float_approximations([SubtreeForm(node, prior)], 1)
    assert leaf[0] != sub[0]
    assert split_kept(node, 1, prior) is False


@settings(max_examples=30, deadline=None)
@given(count_trees(max_depth=3), st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(numerator="1")]),
       st.sampled_from([1, 2, 5, 17]))
def test_segmented_float_filter_is_certify_rules_per_split_and_encloses_the_exact_moments(tree, prior, k):
    """All splits of a tree in one call: each split's (value, bound) equals certify's scalar
    rules applied to that split alone, and the bound encloses the exact moments (knorm's
    recursion (4.28)-(4.29) in rationals)."""
    nodes = [node for node in tree.nodes() if node.children]
    if not nodes:
        return
    forms = [SubtreeForm(node, prior) for node in nodes]
    (leaf_v, leaf_r), (tree_v, tree_r) = _float_approximations(forms, k)
    for i, (node, form) in enumerate(zip(nodes, forms)):
        leaf, sub = scalar_images(form, k)
        assert Approx.bounded(leaf_v[i], leaf_r[i]) == leaf
        assert Approx.bounded(tree_v[i], tree_r[i]) == sub
        for (value, rel), exact in (((leaf_v[i], leaf_r[i]), leaf_moment(node.counts, k, prior)),
                                    ((tree_v[i], tree_r[i]), subtree_moment(node, k, prior))):
            assert rel < 2.0 ** -40          # these small trees are always vouched for
            assert abs(exact - Fraction(value)) <= Fraction(rel) * Fraction(value)


def test_an_invalid_term_voids_only_its_own_split():
    """A split whose float images cannot be vouched for (at k = 64 the moments of a node of 2^50
    examples fall below certify's TINY = 2^-960) gets an infinite bound; the other split of the
    same call keeps its finite bounds."""
    from exactprune import Node, Tree
    small = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3))]))
    huge = Tree(Node((2 ** 50, 3), [Node((2 ** 50, 0)), Node((0, 3))]))
    forms = [SubtreeForm(small.root, Prior()), SubtreeForm(huge.root, Prior())]
    (_, leaf_r), (_, tree_r) = _float_approximations(forms, 64)
    assert leaf_r[0] < 1e-12 and tree_r[0] < 1e-12
    assert leaf_r[1] == tree_r[1] == float("inf")


def test_an_exact_tie_is_settled_by_the_exact_route_and_is_not_kept():
    assert leaf_moment(TIE.root.counts, 1, Prior()) == subtree_moment(TIE.root, 1, Prior()) == Fraction(1, 2)
    form = SubtreeForm(TIE.root, Prior())
    assert form.sign(1) == 0
    assert form.decider.routes == {"float": 0, "arb": 0, "exact": 1}
    assert split_kept(TIE.root, 1) is False           # kept only if R(T, k) < R_leaf(k), strictly
    assert split_kept(SMALL.root, 9) is True and split_kept(SMALL.root, 10) is False


def test_float_filter_decides_up_to_k_64_and_arb_beyond():
    """FLOAT_FILTER_K = 64: a clear sign at k = 64 is counted on the float route, at k = 65 on
    the arb route; the signs agree with the exact moments."""
    for k, route in ((64, "float"), (65, "arb")):
        form = SubtreeForm(SMALL.root, Prior())
        exact = leaf_moment(SMALL.root.counts, k, Prior()) - subtree_moment(SMALL.root, k, Prior())
        assert form.sign(k) == (exact > 0) - (exact < 0) == -1
        assert form.decider.routes[route] == 1 and form.decider.decisions == 1


def test_split_kept_takes_rationals_and_balls_and_refuses_bad_k():
    # the real crossing is 9.2197... (mpmath's root in the test above)
    assert split_kept(SMALL.root, Fraction(46, 5)) is True and split_kept(SMALL.root, Fraction(37, 4)) is False
    assert split_kept(SMALL.root, flint.arb(9)) is True
    with pytest.raises(ValueError):
        split_kept(SMALL.root, 0)


def test_survives_all_k_is_false_at_a_leaf():
    assert survives_all_k(Node((3, 1))) is False
    assert survives_all_k(Node((3, 1), [Node((3, 0)), Node((0, 1))])) is False     # child majority 1 < 3


def test_form_names_and_the_node_named_in_errors():
    assert SubtreeForm(SMALL.root.children[1], Prior()).name == "c2"
    empty = Tree(Node((1, 0), [Node((1, 0)), Node((0, 0))])).root
    with pytest.raises(ValueError, match="node c2: an empty node with lam = 0"):
        SubtreeForm(empty, Prior(lam=0))
    arrays = Tree(Node((1, 0), [Node((1, 0)), Node((0, 0))])).arrays()
    with pytest.raises(ValueError, match="node top: an empty node with lam = 0"):
        SubtreeForm.from_arrays(arrays, 0, "top", Prior(lam=0))
    with pytest.raises(ValueError, match=r"node top: n_t \+ eta K_t is 0"):
        SubtreeForm.from_arrays(Tree(Node((0, 0), [Node((0, 0)), Node((0, 0))])).arrays(), 0, "top",
                                 Prior(lam=1, eta=0))


def test_an_empty_split_with_lam_0_is_named_in_the_error():
    """A hand-built Node (split_kept takes one; Tree would refuse these counts) whose root is empty
    and whose leaves are not: the root's own (B, M) is refused, naming it."""
    with pytest.raises(ValueError, match="^node root: an empty node with lam = 0 has no defined error moment$"):
        split_kept(Node((0, 0), [Node((1, 0)), Node((0, 1))]), 1, Prior(lam=0))


def test_form_from_arrays_with_an_empty_leaf_and_a_leaf_of_one_example():
    """n + J lam is 0 only for an empty node with lam = 0: a leaf (1, 0) (n = J lam = 1) and an empty
    leaf (0, 0) (n + J lam = 1) are fine; the array form has the Node form's terms: leaf (1, 0) has
    B = 0 + 1/2, M = 1 + 1; (0, 0) has B = 1/2, M = 1."""
    tree = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3), [Node((1, 0)), Node((0, 3)), Node((0, 0))])]))
    form = SubtreeForm.from_arrays(tree.arrays(), 0, "root", Prior())
    reference = SubtreeForm(tree.root, Prior())
    assert form.leaf_terms == reference.leaf_terms and sorted(form.terms) == sorted(reference.terms)
    pairs = {(a, d) for _, a, d in form.terms}
    assert (flint.fmpq(1, 2), flint.fmpq(2)) in pairs and (flint.fmpq(1, 2), flint.fmpq(1)) in pairs


def test_float_images_of_an_inexact_b_and_an_exact_m():
    """J = 3, lam = 1/3: B = b + 2/3 is not a float (bound u), M = n + 1 is (bound 0): the filter's
    images are certify's scalar rules with each bound in its place."""
    tree = Tree(Node((6, 3, 2), [Node((5, 0, 1)), Node((1, 3, 1))]))
    form = SubtreeForm(tree.root, Prior(lam=Fraction(1, 3)))
    (leaf_v, leaf_r), (tree_v, tree_r) = _float_approximations([form], 5)
    leaf, sub = scalar_images(form, 5)
    assert (leaf_v[0], leaf_r[0]) == (leaf.value, leaf.rel) and (tree_v[0], tree_r[0]) == (sub.value, sub.rel)


def test_difference_arb_with_zero_error_leaves():
    """lam = 0: a pure leaf has B = 0 and moment 0 for k >= 1.  (5, 1) into (5, 0), (0, 1): F(k) is the
    root's B^(k)/M^(k) = 1^(k)/6^(k) = 120 / ((k+1)...(k+5)) alone, at k = 2^2000 (the large-k route),
    k = 2^40 (the Gamma ratios, whose lgamma(1 + k) of about 3e13 needs the working precision to
    grow with the bits of k: the mutant that subtracts them leaves 32 bits and a ball wider than
    the value) and k = 100; a pure (5, 0) split has F = 0 exactly, an arb zero."""
    form = SubtreeForm(Node((5, 1), [Node((5, 0)), Node((0, 1))]), Prior(lam=0))
    for k in (2 ** 2000, 2 ** 40, 100):
        exact = Fraction(120, (k + 1) * (k + 2) * (k + 3) * (k + 4) * (k + 5))
        ball = form.difference_arb(k)
        assert ball > 0
        assert_ball(ball, exact, abs(ball.mid()) * 2.0 ** -30)
    zero = SubtreeForm(Node((5, 0), [Node((3, 0)), Node((2, 0))]), Prior(lam=0)).difference_arb(100)
    assert isinstance(zero, flint.arb) and zero.is_exact() and zero == 0


# -- forms of several subtrees at once, and the edge of a = 0 ----------------------------------------

@pytest.mark.parametrize("prior", [Prior(), Prior(lam=0, eta=Fraction(1, 2)), Prior(lam=Fraction(1, 3), eta=1)])
def test_forms_of_several_subtrees_equal_the_forms_one_by_one(prior):
    """Three disjoint subtrees of one tree, built together: each has the Node walk's terms (grouped
    by (n, max_j n_j) within its own form only: a (1, 0) leaf in each form stays in each, the
    two in c2 merge), also with lam = 0 (no leaf is empty here)."""
    tree = Tree(Node((9, 9), [Node((4, 3), [Node((1, 0)), Node((3, 3), [Node((1, 0)), Node((2, 3))])]),
                              Node((5, 6), [Node((1, 0)), Node((4, 6), [Node((1, 0)), Node((3, 6))])])]))
    arrays = tree.arrays()
    names = ["c12", "c2", "c11"]                 # disjoint: a split, a split with a deeper one, a leaf
    forms = SubtreeForm.of_subtrees(arrays, [arrays.index(n) for n in names], names, prior)
    for form, name in zip(forms, names):
        node = tree.node(name)
        reference = SubtreeForm(node, prior)
        assert (form.name, form.leaf_terms, form.terms) == (name, reference.leaf_terms, reference.terms)
    assert [len(form.terms) for form in forms] == [2, 2, 1]    # c2's two (1, 0) leaves merged


def test_errors_of_several_subtrees_name_the_subtree_at_fault():
    """lam = 0 with an empty leaf, and eta = 0 with an empty split, only in the second subtree (the
    first has a split on the same level, listed before it): the message names that subtree."""
    tree = Tree(Node((4, 2), [Node((3, 1), [Node((3, 0), [Node((2, 0)), Node((1, 0))]), Node((0, 1))]),
                              Node((1, 1), [Node((1, 1), [Node((1, 1)), Node((0, 0))]), Node((0, 0), [Node((0, 0)), Node((0, 0))])])]))
    arrays = tree.arrays()
    roots = [arrays.index("c1"), arrays.index("c2")]
    with pytest.raises(ValueError, match=r"^node second: an empty node with lam = 0 has no defined error moment$"):
        SubtreeForm.of_subtrees(arrays, roots, ["first", "second"], Prior(lam=0))
    with pytest.raises(ValueError, match=r"^node second: n_t \+ eta K_t is 0 \(no examples and eta = 0\); use eta > 0$"):
        SubtreeForm.of_subtrees(arrays, roots, ["first", "second"], Prior(lam=1, eta=0))


def test_a_pure_subtree_without_prior_mass_has_f_exactly_0():
    """Root (5, 0) over (3, 0) and (2, 0) with lam = 0: every a is 0, so every moment is 0 and
    F_d is the exact 0 at any k."""
    form = SubtreeForm(Tree(Node((5, 0), [Node((3, 0)), Node((2, 0))])).root, Prior(lam=0))
    for k in (1, 3, Fraction(5, 2)):
        ball = form.difference_arb(k)
        assert ball.is_exact() and ball == 0


# -- weighted (Fraction) counts: the form's terms are rationals; its exact value, float filter,
# balls and certified sign against (4.28)/(4.29) written out in Fractions ---------------------------

@settings(max_examples=40, deadline=None)
@given(fractional_count_trees(max_depth=2), st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(numerator="1"),
                                                            Prior(lam=Fraction(1, 3), eta=2)]),
       st.integers(1, 90))
def test_a_weighted_forms_value_and_signs_match_the_formulas(tree, prior, k):
    """Both constructions of the form (from nodes, from the count arrays through their fmpq
    images) give F_d(k) of the formulas exactly; the sign by the float filter (k <= 64) or the
    balls, the certified sign, and a ball containing the value agree with it.  Planted bug that
    fails it (by hand, reverted): the count arrays' fmpq images floored to integers."""
    root = tree.root
    expected = leaf_moment_by_hand(root.counts, k, prior) - subtree_moment_by_hand(root, k, prior)
    sign = (expected > 0) - (expected < 0)
    for form in (SubtreeForm(root, prior), SubtreeForm.of_subtrees(tree.arrays(), [0], ["root"], prior)[0]):
        assert Fraction(int(form.difference_exact(k).p), int(form.difference_exact(k).q)) == expected
        assert form.sign(k) == sign == form.certified_sign(k)
        assert (form.difference_arb(k) - flint.fmpq(expected.numerator, expected.denominator)).contains(0)


# -- survivors of the mutation run of 2026-11-29 (docs/mutation.md) ---------------------------------

def test_forms_of_no_subtrees_are_none():
    """No roots: no forms (and no error), as for any empty selection of splits."""
    tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
    assert SubtreeForm.of_subtrees(tree.arrays(), [], [], Prior()) == []


def test_release_drops_the_balls_and_both_float_caches():
    """A form that has been asked a sign on every route (the float filter at k = 1, arb at k = 65)
    and its float rows (the guesses of the real crossings) holds its balls and both float caches;
    release() drops all three, and the form still answers, rebuilding them.  F(1) = 11/80 > 0 and
    F(65) < 0 (its breakpoint is 8; the docstring examples)."""
    form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
    assert form.sign(1) == 1 and form.sign(65) == -1
    form._float_rows
    assert form._balls and {"_float_rows", "_float_images"} <= set(vars(form))
    form.release()
    assert not form._balls and not {"_float_rows", "_float_images"} & set(vars(form))
    assert form.sign(1) == 1 and form.sign(65) == -1 and "_float_images" in vars(form)


def test_an_identically_zero_f_is_a_tie_proved_only_by_the_exact_route():
    """(4, 1) split into (4, 1) and an empty (0, 0) with eta = 0: the child weights (4.11) are
    n_c / n_t = 1 and 0, so R(T_d, k) = R_leaf(d, k) and F_d = 0 at every k, while its balls
    (the same Gamma ratio subtracted from itself) never exclude 0.  At integer k up to
    EXACT_K_LIMIT the exact rationals prove the tie (sign 0, on the exact route); beyond it, and
    at a real k, no route can settle it: CertificationError, never a guess.  Mutants: the exact
    route offered for every k (or every k <= the limit, or not at the limit itself)."""
    from exactprune.limits import EXACT_K_LIMIT
    form = SubtreeForm(Tree(Node((4, 1), [Node((4, 1)), Node((0, 0))])).root, Prior(lam=1, eta=0))
    assert [w for w, _, _ in form.terms] == [0, 1] and form.difference_exact(3) == 0
    assert form.sign(3) == 0 and form.decider.routes == {"float": 0, "arb": 0, "exact": 1}
    assert form.certified_sign(EXACT_K_LIMIT) == 0
    for k in (EXACT_K_LIMIT + 1, Fraction(5, 2)):
        with pytest.raises(CertificationError, match="no exact route"):
            form.certified_sign(k)


# -- _setup's precision size (mutants 14 and 16 of the run of 2026-11-29): signs decided only at
# the last precision step, within 2^-4000 of the crossing ------------------------------------------

#: lam = 2^16 (eta = 1/2, c = J - 1 = 1): every a and d is at least 2^16 (mpmath's lgamma is fast there)
_NEAR_LAM = 2 ** 16
#: the split (N, 1) into (N, 0) and (0, 1): its largest a + d, that of the leaf of d
#: (1 + L) + (N + 1 + 2L) = N + 3L + 2 = 2^53, is a power of two
_NEAR_N = 2 ** 53 - 2 - 3 * _NEAR_LAM
#: mpmath's bits: F is about 2^-4100 of its terms at the k tried
_NEAR_PREC = 4400


def _near_crossing_bracket(k):
    """F_d(k) over R(L, N + 2L, k) > 0, in mpmath (not flint), derived by hand: the leaf of d has
    a = 1 + L, d = N + 1 + 2L; the child (N, 0) a = L, d = N + 2L and weight (4.11)
    (N + 1/2)/(N + 2); the child (0, 1) a = L, d = 1 + 2L and weight (3/2)/(N + 2).  With
    R(a, d, k) = Gamma(a+k) Gamma(d) / (Gamma(a) Gamma(d+k)): R(1+L, N+1+2L) / R(L, N+2L) =
    (L + k)(N + 2L) / (L (N + 2L + k)) and R(L, 1+2L) / R(L, N+2L) = T(k) = Gamma(N+2L+k)
    Gamma(1+2L) / (Gamma(N+2L) Gamma(1+2L+k)), so F has the sign of
    (L + k)(N + 2L) / (L (N + 2L + k)) - (2N + 1)/(2N + 4) - 3/(2N + 4) T(k)."""
    import mpmath
    n, lam = mpmath.mpf(_NEAR_N), mpmath.mpf(_NEAR_LAM)
    k = mpmath.mpf(k.numerator) / k.denominator if isinstance(k, Fraction) else k
    t = mpmath.exp(mpmath.loggamma(n + 2 * lam + k) - mpmath.loggamma(n + 2 * lam)
                   - mpmath.loggamma(1 + 2 * lam + k) + mpmath.loggamma(1 + 2 * lam))
    return (lam + k) * (n + 2 * lam) / (lam * (n + 2 * lam + k)) - (2 * n + 1) / (2 * n + 4) - 3 / (2 * n + 4) * t


@functools.lru_cache(maxsize=None)
def _near_crossing_root() -> Fraction:
    """The crossing k* of F, between 1 and 3 (the bracket is positive at 1, negative at 3), by
    mpmath: bisection to 2^-60 at 120 bits, then the secant at 4,400 bits to within 2^-4300."""
    import mpmath
    with mpmath.workprec(120):
        lo, hi = mpmath.mpf(1), mpmath.mpf(3)
        assert _near_crossing_bracket(lo) > 0 > _near_crossing_bracket(hi)
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if _near_crossing_bracket(mid) > 0 else (lo, mid)
    with mpmath.workprec(_NEAR_PREC):
        (k0, f0), (k1, f1) = (lo, _near_crossing_bracket(lo)), (hi, _near_crossing_bracket(hi))
        while abs(k1 - k0) > mpmath.mpf(2) ** -4300:
            k0, f0, k1 = k1, f1, k1 - f1 * (k1 - k0) / (f1 - f0)
            f1 = _near_crossing_bracket(k1)
        return Fraction(int(mpmath.floor(k1 * 2 ** 4300)), 2 ** 4300)


@pytest.mark.parametrize("bits, steps", [(4072, 1), (4096, 4)])
def test_a_sign_decided_only_at_the_last_precision_step(bits, steps):
    """F_d at the rational k = k* + about steps 2^-bits, just past its crossing k*: |F| is about
    2^-bits of its terms, so its balls need about bits + 30 bits of working precision, which
    certified_sign reaches only at its last step (4,096 bits plus the precision of
    _difference_lgamma: the bits of k, of the largest a + d, and 16).  The expected sign, -1 (past
    the single crossing, Thm 5.3), is mpmath's at 4,400 bits.  No exact route (a real k): with a
    working precision short of the form's size the sign stays undecided (CertificationError).

    bits = 4072: |F| is 2^20 times the ball's radius at 4,096 bits, and 2^16 below the radius
    with the 37 bits between the largest a + d (54 bits) and the least d - a (17 bits) taken
    away: the size of max(a - d) + 1 (mutant ``_setup`` 16) loses the sign.  bits = 4096,
    steps = 4: |F| is 1.45 times the radius at 4,096 bits (python-flint 0.9), and one bit of
    working precision less doubles the radius: the size of max(a + d) - 1 = 2^53 - 1 (53 bits for
    54: mutant ``_setup`` 14) loses it.  That case holds to a factor 1.4 in arb's radius: should
    a later arb's lgamma move the radius by more, re-derive ``steps``."""
    import mpmath
    k = Fraction(math.floor(_near_crossing_root() * 2 ** bits) + steps, 2 ** bits)
    with mpmath.workprec(_NEAR_PREC):
        expected = int(mpmath.sign(_near_crossing_bracket(k)))
    assert expected == -1
    form = SubtreeForm(Node((_NEAR_N, 1), [Node((_NEAR_N, 0)), Node((0, 1))]), Prior(lam=_NEAR_LAM))
    assert form.certified_sign(k) == expected
