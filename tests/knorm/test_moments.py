"""exactprune.knorm.moments: the prior, the leaf moment (4.29) exact, certified, symbolic and in float
images, the child weights (4.11) and the subtree moment (4.28) (Zhong chapter 4)."""
from __future__ import annotations

import math
from fractions import Fraction

import flint
import numpy as np
import pytest
import sympy
from hypothesis import given, strategies as st

from exactprune import Node, Prior, Tree
from exactprune.dirichlet import moment_one_minus_p
from exactprune.knorm.moments import GAMMA_IMAGE_FROM
from exactprune.knorm import (EXACT_K_LIMIT, child_weight, leaf_moment, leaf_moment_arb, leaf_moment_floats,
                              leaf_moment_terms, moment, prune, subtree_moment)
from exactprune.tree import iris_tree
from helpers import assert_ball
from knorm_cases import counts_tree, leaf_by_hand
from random_trees import count_trees


def test_prior_validation():
    with pytest.raises(TypeError, match="eta must be exact"):
        Prior(eta=0.5)
    with pytest.raises(ValueError, match="lam must be non-negative"):
        Prior(lam=-1)
    with pytest.raises(ValueError, match="numerator"):
        Prior(numerator="J")
    with pytest.raises(ValueError, match="positive integer"):
        leaf_moment((1, 2), 0)
    with pytest.raises(ValueError, match="integer"):
        leaf_moment((1, 2), "3/2")


@given(st.lists(st.integers(0, 30), min_size=2, max_size=5).filter(lambda c: sum(c) > 0), st.integers(1, 8),
       st.fractions(min_value=Fraction(1, 5), max_value=2, max_denominator=5))
def test_leaf_moment_is_the_dirichlet_moment_of_one_minus_the_label_probability(counts, k, lam):
    """(4.29) with numerator J-1 is (3.20) for the majority class."""
    label = counts.index(max(counts))
    assert leaf_moment(counts, k, Prior(lam=lam)) == moment_one_minus_p(counts, label, k, lam)


@given(count_trees(), st.integers(1, 6))
def test_subtree_moment_is_weighted_sum_of_children(tree, k):
    prior = Prior()
    for node in tree.nodes():
        if node.children:
            assert subtree_moment(node, k, prior) == sum(child_weight(c, node, prior.eta) * subtree_moment(c, k, prior)
                                                         for c in node.children)


def test_arb_moment_contains_exact_value():
    import flint
    node = iris_tree().node("c2")
    for k in (1, 7, 50):
        assert_ball(leaf_moment_arb(node.counts, k), leaf_moment(node.counts, k), 2.0 ** -40)
    big = moment(node, EXACT_K_LIMIT + 1)
    assert isinstance(big, flint.arb) and 0 < big < 1


def test_leaf_moment_terms_for_both_numerators_by_hand():
    # Zhong App B, c21 = (0, 49, 5), lam = 1/2: b = 5 errors, n = 54, J = 3
    assert leaf_moment_terms((0, 49, 5), Prior()) == (Fraction(6), Fraction(111, 2))           # b + (J-1) lam
    assert leaf_moment_terms((0, 49, 5), Prior(numerator="1")) == (Fraction(11, 2), Fraction(111, 2))  # b + lam
    assert leaf_moment((0, 49, 5), 3, Prior(numerator="1")) == Fraction(11 * 13 * 15, 111 * 113 * 115)
    with pytest.raises(ValueError, match="node c9: an empty node with lam = 0"):
        leaf_moment_terms((0, 0, 0), Prior(lam=0), "node c9")


def test_leaf_moment_with_a_float_or_negative_count_raises():
    """issue 11: leaf_moment((0.5, 49, 5), 1) and ((-3, 49, 5), 1) returned Fractions."""
    with pytest.raises(TypeError, match=r"integers or exact rationals \(Fraction\): got the float 0.5"):
        leaf_moment((0.5, 49, 5), 1)
    with pytest.raises(ValueError, match="non-negative: got -3"):
        leaf_moment((-3, 49, 5), 1)


def test_numpy_integer_counts_are_accepted():
    """issue 11: np.int64 counts (every scikit-learn user has them) give the same exact moments."""
    assert leaf_moment((np.int64(0), np.int64(49), np.int64(5)), 1) == Fraction(6) / Fraction(111, 2)
    tree = Tree(Node((np.int64(3), np.int64(1)), [Node((np.int64(3), 0)), Node((0, np.int64(1)))]))
    assert all(type(c) is int for node in tree.root.walk() for c in node.counts)
    # (4.28) by hand: (3.5/5)(0.5/4) + (1.5/5)(0.5/2)
    assert subtree_moment(tree.root, 1) == Fraction(7, 10) * Fraction(1, 8) + Fraction(3, 10) * Fraction(1, 4)


def test_tree_with_a_float_count_is_refused():
    """issue 11: subtree_moment on a tree with a float count returned a float as 'exact'."""
    with pytest.raises(ValueError, match="counts must be integers"):
        Tree(Node((3.0, 1), [Node((3, 0)), Node((0, 1))]))


def test_leaf_moment_floats_enclose_the_exact_moments_and_refuse_at_their_edges():
    """knorm.leaf_moment_floats, the array float form of (4.29): each image encloses the exact
    leaf moment (checked in rationals) with the scalar rule's bound; a = 0 gives the exact 0; a
    node of 2**53 examples, and every node under a lam whose float is out of range (10**400),
    have no image (an infinite bound)."""
    import numpy as np
    from exactprune.certify import U, rising_ratio, Approx, sum_rel
    from exactprune.knorm import leaf_moment, leaf_moment_floats, leaf_terms
    counts = [(0, 49, 5), (3, 0), (0, 7), (2 ** 52, 2 ** 52), (1, 1)]
    for prior, k in ((Prior(), 3), (Prior(lam=0, eta=1), 2), (Prior(lam=Fraction(1, 3), numerator="1"), 7)):
        for group in ([c for c in counts if len(c) == 2], [counts[0]]):
            sizes = np.array([sum(c) for c in group])
            top = np.array([max(c) for c in group])
            values, rels = leaf_moment_floats(sizes, top, len(group[0]), prior, k)
            for c, v, r in zip(group, values.tolist(), rels.tolist()):
                if sum(c) >= 2 ** 53:
                    assert r == float("inf")
                    continue
                exact = leaf_moment(c, k, prior)
                assert abs(Fraction(v) - exact) <= Fraction(r) * Fraction(v)
                a, d = leaf_terms(float(sum(c)), float(max(c)), tuple(float(x) for x in prior.term_offsets(len(c))))
                scalar = rising_ratio(Approx(a, sum_rel(0.0, U)), Approx(d, sum_rel(0.0, U)), k)
                assert (v, r) == ((0.0, 0.0) if exact == 0 else (scalar.value, scalar.rel))
    values, rels = leaf_moment_floats(np.array([54]), np.array([49]), 3, Prior(lam=Fraction(10) ** 400), 1)
    assert rels.tolist() == [float("inf")]


def test_leaf_moment_floats_give_no_image_for_rational_counts():
    """The float images' bounds assume integer counts: a node whose size or majority count is a
    Fraction gets an infinite bound (no image); Python ints in an object array keep their bound."""
    sizes = np.array([54, Fraction(109, 2), 54], dtype=object)
    majority = np.array([49, 49, Fraction(97, 2)], dtype=object)
    values, rels = leaf_moment_floats(sizes, majority, 3, Prior(), 2)
    assert np.isfinite(rels[0]) and rels[1] == np.inf and rels[2] == np.inf
    assert abs(Fraction(values[0]) - Fraction(56, 4181)) <= Fraction(rels[0]) * Fraction(values[0])


def test_rational_leaf_moments_by_hand():
    """(4.29) on rational counts, exact and certified: (1/2, 3/2) with lam = 1/2, c = J - 1 = 1:
    a = 1/2 + 1/2 = 1, d = 2 + 1 = 3, E[r^2] = 1 * 2 / (3 * 4) = 1/6."""
    assert leaf_moment((Fraction(1, 2), Fraction(3, 2)), 2) == Fraction(1, 6)
    assert_ball(leaf_moment_arb((Fraction(1, 2), Fraction(3, 2)), 2), Fraction(1, 6), 2.0 ** -40)
    with pytest.raises(ValueError, match="non-negative: got -1/2"):
        leaf_moment((Fraction(-1, 2), 1), 1)


def test_moment_switches_to_arb_just_above_the_exact_limit():
    """k = EXACT_K_LIMIT is still exact (a Fraction), k = EXACT_K_LIMIT + 1 is a ball containing it."""
    node = Node((3, 1))
    exact_value = moment(node, EXACT_K_LIMIT)
    assert isinstance(exact_value, Fraction) and exact_value == leaf_by_hand((3, 1), EXACT_K_LIMIT, Fraction(1, 2))
    ball = moment(node, EXACT_K_LIMIT + 1)
    assert isinstance(ball, flint.arb)
    assert_ball(ball, leaf_by_hand((3, 1), EXACT_K_LIMIT + 1, Fraction(1, 2)), abs(ball.mid()) * 2.0 ** -30)


def test_arb_moments_use_the_prior_and_sum_all_children():
    """Above the exact limit the ball of a two-leaf tree under lam = 1, eta = 2 contains the
    exact (4.28) sum of both weighted leaf moments (4.29), computed here in Fractions."""
    k = EXACT_K_LIMIT + 3
    lam, eta = Fraction(1), Fraction(2)
    tree = Tree(Node((2, 1), [Node((1, 1)), Node((1, 0))]))
    exact_value = sum((c.n + eta) / (3 + 2 * eta) * leaf_by_hand(c.counts, k, lam) for c in tree.root.children)
    ball = moment(tree, k, Prior(lam=lam, eta=eta))
    assert_ball(ball, exact_value, abs(ball.mid()) * 2.0 ** -30)


def test_leaf_moment_arb_of_a_pure_leaf_is_exactly_zero_and_of_one_error_is_not():
    """lam = 0: (10, 0) has b = 0, so the moment is the exact ball 0; (9, 1) has
    E[r^3] = 1*2*3 / (10*11*12) = 1/220."""
    zero = leaf_moment_arb((10, 0), 3, Prior(lam=0))
    assert zero.is_exact() and zero.is_zero()
    ball = leaf_moment_arb((9, 1), 3, Prior(lam=0))
    assert_ball(ball, Fraction(1, 220), 2.0 ** -40)


def test_symbolic_lam_gives_the_rising_factorial_ratio():
    """(0, 49, 5), k = 2, lam symbolic: b = 5, c = 2, n = 54, J = 3:
    (5 + 2 lam)(6 + 2 lam) / ((54 + 3 lam)(55 + 3 lam))."""
    lam = sympy.Symbol("lam", positive=True)
    got = leaf_moment((0, 49, 5), 2, Prior(lam=lam))
    want = (5 + 2 * lam) * (6 + 2 * lam) / ((54 + 3 * lam) * (55 + 3 * lam))
    assert sympy.simplify(got - want) == 0
    assert got.subs(lam, sympy.Rational(1, 2)) == sympy.Rational(56, 4181)     # Zhong (B.2)


def test_subtree_moment_uses_the_prior_it_is_given():
    """A leaf under lam = 1: (4, 1) has (1 + 1)/(5 + 2) = 2/7 (not the default lam = 1/2's 3/12)."""
    assert subtree_moment(Node((4, 1)), 1, Prior(lam=1)) == Fraction(2, 7)


def test_child_weight_accepts_any_exact_eta_and_refuses_a_zero_denominator():
    """(4.11): (n_c + eta)/(n + eta K): eta = 1 (an int) gives (3 + 1)/(4 + 2) = 2/3; an empty
    parent with eta = 0 is refused naming the node."""
    parent = Node((3, 1), [Node((3, 0)), Node((0, 1))])
    assert child_weight(parent.children[0], parent, 1) == Fraction(2, 3)
    assert child_weight(parent.children[0], parent, "1/2") == Fraction(7, 10)
    empty = Node((0, 0), [Node((0, 0)), Node((0, 0))])
    with pytest.raises(ValueError, match=r"n_t \+ eta K_t is 0"):
        child_weight(empty.children[0], empty, 0)
    with pytest.raises(ValueError, match="eta must be non-negative"):
        child_weight(parent.children[0], parent, -1)
    assert child_weight(Node((1, 0)), Node((1, 0), [Node((1, 0))]), 0) == 1     # den = 1 is fine
    with pytest.raises((TypeError, ValueError), match=r"^eta\b"):
        child_weight(parent.children[0], parent, 0.5)


def test_prior_validation_names_the_parameter():
    assert Prior(eta=0).eta == 0 and Prior(lam=0).lam == 0
    assert Prior(lam="1/3").lam == Fraction(1, 3) and Prior(eta="2").eta == 2
    with pytest.raises(ValueError, match="eta must be non-negative"):
        Prior(eta=-1)
    with pytest.raises(ValueError, match="lam must be non-negative"):
        Prior(lam=-1)
    with pytest.raises((TypeError, ValueError), match=r"^lam\b"):
        Prior(lam=0.5)
    with pytest.raises((TypeError, ValueError), match=r"^eta\b"):
        Prior(eta=0.5)


@pytest.mark.parametrize("call", [lambda: leaf_moment((1, 2), 0), lambda: subtree_moment(Node((1, 2)), 0),
                                  lambda: moment(Node((1, 2)), 0), lambda: prune(Tree(Node((1, 2))), 0)])
def test_k_is_named_when_refused(call):
    with pytest.raises(ValueError, match=r"\bk\b"):
        call()


def test_moment_refusals_name_the_leaf_by_default():
    with pytest.raises(ValueError, match="^leaf: an empty node with lam = 0"):
        leaf_moment((0, 0), 1, Prior(lam=0))


def test_a_symbolic_lam_without_assumptions_is_accepted():
    """lam < 0 cannot be decided for a bare symbol: the sign check is skipped, not attempted."""
    lam = sympy.Symbol("lam")
    assert Prior(lam=lam).lam == lam


def test_prior_digit_limits_name_the_parameter():
    """A lam or eta of 1002 digits passes MAX_PARAM_DIGITS = 1000: the message names which."""
    tiny = Fraction(1, 10 ** 1001)
    with pytest.raises(ValueError, match="^lam has a denominator of 1002 digits, above the limit MAX_PARAM_DIGITS"):
        Prior(lam=tiny)
    with pytest.raises(ValueError, match="^eta has a denominator of 1002 digits, above the limit MAX_PARAM_DIGITS"):
        Prior(eta=tiny)


def test_exact_moments_refuse_k_above_the_exact_limit_and_name_the_way_out():
    with pytest.raises(ValueError, match=r"^k = 4097 exceeds the limit EXACT_K_LIMIT \(use subtree_moment_arb "
                                         r"or moment above it\) = 4096$"):
        subtree_moment(Node((1, 2)), EXACT_K_LIMIT + 1)


def test_moment_uses_the_prior_it_is_given():
    """(4, 1) under lam = 1 at k = 1: (1 + 1) / (5 + 2) = 2/7 (the default lam = 1/2 gives 1.5/6)."""
    assert moment(Node((4, 1)), 1, Prior(lam=1)) == Fraction(2, 7)


def test_leaf_moment_arb_takes_a_real_k_and_refuses_a_zero_integer_k():
    """(3, 1) under lam = 1/2 (a = 1.5, d = 5): at the real k = 5/2 the ball is
    Gamma(4) Gamma(5) / (Gamma(1.5) Gamma(7.5)) (mpmath, 30 digits), between the moments at k = 3
    (1.5 2.5 3.5 / (5 6 7) = 1/16) and k = 2 (1.5 2.5 / (5 6) = 1/8); an integer k = 0 is refused."""
    import mpmath
    ball = leaf_moment_arb((3, 1), Fraction(5, 2))
    with mpmath.workdps(30):
        want = mpmath.gamma(4) * mpmath.gamma(5) / (mpmath.gamma(mpmath.mpf(3) / 2) * mpmath.gamma(mpmath.mpf(15) / 2))
        assert abs(mpmath.mpf(ball.mid().str(30, radius=False)) - want) <= mpmath.mpf(ball.rad().str(5, radius=False)) + mpmath.mpf(10) ** -25
    assert flint.arb(1) / 16 < ball < flint.arb(1) / 8
    with pytest.raises(ValueError, match=r"\bk\b"):
        leaf_moment_arb((3, 1), 0)


def test_leaf_moment_refuses_k_above_the_exact_limit_and_names_the_way_out():
    with pytest.raises(ValueError, match=r"^k = 4097 exceeds the limit EXACT_K_LIMIT \(use leaf_moment_arb "
                                         r"or moment above it\) = 4096$"):
        leaf_moment((1, 2), EXACT_K_LIMIT + 1)


def test_a_one_class_leaf_with_a_symbolic_lam_has_moment_zero():
    """J = 1: c = J - 1 = 0, so B = b + 0 lam = 0 is a plain number while M = 5 + lam is symbolic;
    the moment 0^(k) / M^(k) is 0."""
    lam = sympy.Symbol("lam", positive=True)
    assert leaf_moment((5,), 2, Prior(lam=lam)) == 0


def test_leaf_moment_terms_names_the_node_of_an_oversized_count():
    with pytest.raises(ValueError, match=r"^node c9: count 9007199254740992 exceeds the limit MAX_COUNT"):
        leaf_moment_terms((2 ** 53, 1), Prior(), "node c9")


def test_child_weights_by_hand_in_every_arithmetic_and_the_refusal_names_the_split():
    """(4.11) P*[A_c|A_t] = (n_c + eta) / (n_t + eta K_t), written out by hand: elementwise over
    exact object arrays, as balls (with K_t given apart from the children listed), and over a
    whole tree (``tree_child_weights``); n_t + eta K_t = 0 is refused naming the split (the
    first in the order given).  Killed mutants of ``child_weights`` (1, 2, 9, 10, 15, 16, 19,
    21, 22, 28 to 34), ``child_weight`` (5, 10, 12) and ``tree_child_weights``."""
    from exactprune.knorm import child_weights, tree_child_weights
    from exactprune.numbers import arb_of

    obj = lambda *xs: np.array([Fraction(x) for x in xs], dtype=object)
    half = Fraction(1, 2)
    got = child_weights(obj(1, 3, 0), obj(4, 4, 0), half, n_children=obj(2, 2, 3))
    assert got.tolist() == [Fraction(3, 2) / 5, Fraction(7, 2) / 5, half / Fraction(3, 2)]
    with pytest.raises(ValueError, match=r"^node n2: n_t \+ eta K_t is 0"):
        child_weights(obj(1, 3, 0, 0), obj(4, 4, 0, 0), 0, n_children=obj(2, 2, 2, 2), node=lambda i: f"n{i}")
    with pytest.raises(ValueError, match=r"^node m: n_t \+ eta K_t is 0"):
        child_weights(obj(0, 1), obj(0, 4), 0, n_children=obj(2, 2), node="m")
    with pytest.raises(ValueError, match=r"^node t: n_t \+ eta K_t is 0"):
        child_weights([0, 0], 0, 0)
    ball = child_weights([5], 10, half, arb_of, n_children=2)[0]          # (5 + 1/2) / (10 + 1) = 1/2
    assert_ball(ball, half, 1e-15)
    with pytest.raises(ValueError, match=r"^node s: n_t \+ eta K_t is 0"):
        child_weights([0, 0], 0, 0, arb_of, node="s")
    tree = counts_tree([[1, 0], [[1, 0], [[0, 0], [[0, 0], [0, 0]]], [[0, 0], [[0, 0], [0, 0]]]]])
    a = tree.arrays()
    with pytest.raises(ValueError, match=r"^node c2: n_t \+ eta K_t is 0"):
        child_weight(tree.node("c2").children[0], tree.node("c2"), 0)
    with pytest.raises(ValueError, match=r"^node c2: n_t \+ eta K_t is 0"):
        tree_child_weights(a, 0)
    with pytest.raises(ValueError, match=r"^node c3: n_t \+ eta K_t is 0"):
        tree_child_weights(a, 0, order=np.array([a.index("c3"), a.index("c2"), 0]))
    b = counts_tree([[4, 1], [[3, 0], [[1, 1], [[1, 0], [0, 1], [0, 0]]]]]).arrays()
    weights = tree_child_weights(b, half)
    by_name = {b.name(i): weights[i] for i in range(b.n_nodes)}
    assert by_name == {"root": 1, "c1": Fraction(7, 12), "c2": Fraction(5, 12),        # (3 + 1/2) / (5 + 1)
                       "c21": Fraction(3, 7), "c22": Fraction(3, 7), "c23": Fraction(1, 7)}   # / (2 + 3/2)
    assert all(type(w) is Fraction for w in weights.tolist())


def test_the_posterior_prior_check_and_the_recursion_name_what_they_refuse():
    """``posterior_prior`` (the cost and class-probability pruners' prior) refuses a non-Prior
    naming its type and another numerator naming the pruner, the numerator and the reason; the
    subtree recursion (4.28) refuses n_t + eta K_t = 0 naming the split.  Killed mutants:
    ``posterior_prior`` 2, 3, 7, ``weighted_recursion`` 12, 17, 18."""
    from exactprune.knorm import posterior_prior, weighted_recursion

    with pytest.raises(TypeError, match=r"^prior must be an exactprune Prior, got dict$"):
        posterior_prior({}, "prune_pet", "why")
    with pytest.raises(ValueError, match=r"^prune_pet takes only numerator 'J-1', got '1': the numerator "
                                         r"convention belongs to the 0-1 error rate of \(4\.29\); its reason$"):
        posterior_prior(Prior(numerator="1"), "prune_pet", "its reason")
    tree = counts_tree([[1, 0], [[1, 0], [[0, 0], [[0, 0], [0, 0]]]]])
    with pytest.raises(ValueError, match=r"^node c2: n_t \+ eta K_t is 0"):
        weighted_recursion(tree.root, lambda leaf: Fraction(1), 0)


def test_leaf_moment_floats_of_object_arrays_image_python_ints_only():
    """Counts held in object arrays (rational counts, or ints beyond int64): a node of Python
    ints below 2^53 gets a float image within its bound of the exact (4.29), written out by hand;
    a Fraction count or a size of 2^53 or more gets an infinite bound (no image vouched for).
    Killed mutants: ``_leaf_images``' object-array tests."""
    from exactprune.knorm import leaf_moment_floats

    sizes = np.array([54, Fraction(9, 2), 2 ** 60], dtype=object)
    majority = np.array([49, Fraction(3), 2 ** 59], dtype=object)
    values, rels = leaf_moment_floats(sizes, majority, 3, Prior(), 3)
    exact = Fraction(5 + 1) * (5 + 2) * (5 + 3) / (Fraction(111, 2) * Fraction(113, 2) * Fraction(115, 2))   # b = 5, J lam = 3/2
    assert math.isfinite(rels[0]) and abs(Fraction(float(values[0])) - exact) <= Fraction(float(rels[0])) * Fraction(float(values[0]))
    assert rels[1] == math.inf and rels[2] == math.inf


def test_the_package_face_gives_each_name_of_its_home_module():
    """``exactprune.knorm`` (the package face) re-exports every public name of its modules: each
    name of its ``__all__`` is the very object of moments, estimates, prunetree or numbers (the
    decimal formatters), not a copy."""
    import exactprune.knorm as face
    from exactprune import numbers
    from exactprune.knorm import estimates, moments, prunetree

    homes = {name: [m.__name__ for m in (moments, estimates, prunetree, numbers)
                    if getattr(m, name, None) is getattr(face, name)] for name in face.__all__}
    assert all(homes.values()), [name for name, found in homes.items() if not found]
    assert {"prune", "leaf_moment", "error_estimate", "knorm_decimal", "Prior"} <= set(face.__all__)


# ---------------------------------------------------------------------------------------------
# Tests written to settle the survivors of the mutation runs of 2026-11-29 (docs/mutation.md)
# ---------------------------------------------------------------------------------------------

def test_leaf_moment_floats_refuse_a_rational_count_in_either_array_whatever_the_other_holds():
    """The image of (4.29) is vouched for only for integer sizes and majority counts, whichever
    array holds the rational one and whatever the other array's dtype (an object array beside an
    int64 one).  k = 3, lam = 1/2, J = 3: the node (0, 49, 5) has a finite bound around
    (5 + 1)(6 + 1)(7 + 1) / ((111/2)(113/2)(115/2)) (b = 5, c lam = 1, J lam = 3/2; written out
    by hand); (7/2, 6, 0) (a rational size) and (0, 7/2, 11/2) (a rational majority count) have
    none.  Empty arrays give empty images.  Killed mutants of ``_leaf_images``: the fast return
    taken for one object array (24, 25), the Python-int test skipped for one object array (31,
    32, 33), the fast return's emptiness test joined by ``and`` (26: ``max`` of an empty array
    raises)."""
    exact = Fraction(6 * 7 * 8) / (Fraction(111, 2) * Fraction(113, 2) * Fraction(115, 2))
    assert exact == leaf_by_hand((0, 49, 5), 3, Fraction(1, 2))
    rational_size = (np.array([54, Fraction(19, 2)], dtype=object), np.array([49, 6], dtype=np.int64))
    rational_majority = (np.array([54, 9], dtype=np.int64), np.array([49, Fraction(11, 2)], dtype=object))
    for sizes, majority in (rational_size, rational_majority):
        values, rels = leaf_moment_floats(sizes, majority, 3, Prior(), 3)
        assert math.isfinite(rels[0]) and abs(Fraction(float(values[0])) - exact) <= Fraction(float(rels[0])) * exact
        assert rels[1] == math.inf
    empty = np.array([], dtype=np.int64)
    values, rels = leaf_moment_floats(empty, empty, 3, Prior(), 3)
    assert values.shape == rels.shape == (0,)


@pytest.mark.parametrize("k", [GAMMA_IMAGE_FROM, GAMMA_IMAGE_FROM + 1, 1000, EXACT_K_LIMIT])
def test_leaf_moment_floats_above_the_gamma_order_enclose_the_exact_moments(k):
    """Above GAMMA_IMAGE_FROM the images are log-Gamma differences with a bound per node (at it,
    the loop's one rule): each encloses the exact leaf moment written out in Fractions
    (knorm_cases.leaf_by_hand), with a bound below 2**-30; lam = 1/3 (c lam, J lam rounded)
    and lam = 1/2."""
    from exactprune.certify import rising_ratio_rel
    from exactprune.knorm.moments import _TERM_REL
    counts = [(0, 49, 5), (3, 0, 0), (0, 7, 1), (120, 100, 116), (1, 1, 1), (0, 0, 1), (2, 60, 40)]
    for lam in (Fraction(1, 2), Fraction(1, 3)):
        prior = Prior(lam=lam)
        values, rels = leaf_moment_floats(np.array([sum(c) for c in counts]), np.array([max(c) for c in counts]),
                                          3, prior, k)
        for c, v, r in zip(counts, values.tolist(), rels.tolist()):
            exact = leaf_by_hand(c, k, lam)
            assert abs(Fraction(v) - exact) <= Fraction(r) * Fraction(v)
            assert r < 2.0 ** -30
            if k <= GAMMA_IMAGE_FROM:
                assert r == rising_ratio_rel(_TERM_REL, _TERM_REL, k)      # the loop's one rule
        if k > GAMMA_IMAGE_FROM:
            assert len(set(rels.tolist())) > 2          # a bound per node
