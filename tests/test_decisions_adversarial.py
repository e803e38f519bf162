"""Adversarial decisions: every caller of the decision kernel (exactprune.certify) on exact ties and
near ties, each decision checked against exact rationals computed here by Fraction products.

Each test named ``test_mutant_*`` kills a mutant a reviewer's mutation run left alive; its
docstring says which edit it catches and why the case changes a decision.
"""
import math
from fractions import Fraction

import flint
import pytest
from hypothesis import example, given, strategies as st

from exactprune.classprob import combined_moment, prune_pet
from exactprune.knorm import EXACT_K_LIMIT, Prior, prune
from exactprune.peers import ebp as E
from exactprune.peers.kearns_mansour import km_penalty
from exactprune.tree import Node, Tree, majority_class
from knorm_cases import leaf_by_hand


def leaf_moment_by_hand(counts, k, lam=Fraction(1, 2)):
    """Zhong (4.29), the J - 1 numerator: :func:`knorm_cases.leaf_by_hand`."""
    return leaf_by_hand(counts, k, lam)


def gap_by_hand(parent, children, k, eta=Fraction(1, 2)):
    """R_leaf - R_tree (4.28) of a one-level split, by hand."""
    n = sum(parent)
    tree = sum((sum(c) + eta) / (n + eta * len(children)) * leaf_moment_by_hand(c, k) for c in children)
    return leaf_moment_by_hand(parent, k) - tree


def split(parent, children) -> Tree:
    return Tree(Node(tuple(parent), [Node(tuple(c)) for c in children]))


small_counts = st.tuples(st.integers(0, 40), st.integers(0, 40)).filter(lambda c: sum(c) > 0)


# -- PruneTree ----------------------------------------------------------------------------------

@given(small_counts, small_counts, st.integers(1, 40))
@example((3, 1), (0, 2), 1)
@example((5, 7), (6, 2), 3)
@example((30, 1), (1, 30), 40)
def test_mutant_prunetree_filter_bound_zero_exact_tie_by_epsilon(c1, c2, k):
    """epsilon = R_leaf - R_tree exactly makes an exact tie (keep iff R_tree < R_leaf - epsilon:
    prune).  The float images of both sides differ by rounding noise; a filter whose bound is
    zero follows the noise and keeps about half of these splits."""
    parent = tuple(a + b for a, b in zip(c1, c2))
    gap = gap_by_hand(parent, [c1, c2], k)
    if gap < 0:
        return                          # epsilon must be >= 0; the tie needs gap >= 0
    result = prune(split(parent, [c1, c2]), k, epsilon=gap)
    assert result.pruned == ["root"]
    if gap > 0:                         # a near tie above: epsilon a hair smaller keeps the split
        nudge = gap * Fraction(1, 2 ** 70)
        assert prune(split(parent, [c1, c2]), k, epsilon=gap - nudge).pruned == []


def test_prunetree_ties_are_settled_exactly_and_counted():
    """Balanced children (x, x) have E[r] = 1/2 like their parent: exact ties at k = 1, pruned,
    each on the exact route (the float filter can never prove a tie)."""
    tree = split((5, 5), [(2, 2), (3, 3)])
    assert gap_by_hand((5, 5), [(2, 2), (3, 3)], 1) == 0
    result = prune(tree, 1)
    assert result.pruned == ["root"]
    assert result.routes == {"float": 0, "arb": 0, "exact": 1} and result.fallbacks == 1


def test_prunetree_clear_cases_stay_on_the_float_route():
    for k in (1, 2, 30):
        result = prune(split((98, 1), [(98, 0), (0, 1)]), k)
        assert result.routes["float"] == 1 and result.fallbacks == 0
        assert result.pruned == ([] if gap_by_hand((98, 1), [(98, 0), (0, 1)], k) > 0 else ["root"])


@pytest.mark.parametrize("k", [EXACT_K_LIMIT, EXACT_K_LIMIT + 1, 5000])
def test_mutant_epsilon_ignored_on_the_large_k_path(k):
    """Above EXACT_K_LIMIT every decision is a certified arb sign of R_leaf - epsilon - R_tree.
    The split (10, 10) -> (10, 0), (0, 10) survives every k (Zhong Thm 5.9), with a gap F(k) > 0;
    epsilon a hair (2^-50 relative) above F(k) must prune it, a hair below must keep it.
    Dropping epsilon on the arb path keeps it in both cases."""
    parent, children = (10, 10), [(10, 0), (0, 10)]
    gap = gap_by_hand(parent, children, k)
    assert gap > 0
    assert prune(split(parent, children), k).pruned == []
    hair = gap / 2 ** 50
    above = prune(split(parent, children), k, epsilon=gap + hair)
    assert above.pruned == ["root"]
    assert prune(split(parent, children), k, epsilon=gap - hair).pruned == []
    # the float filter's bound (about 1e-13 relative at these k, log-Gamma images) is wider than
    # the hair: the exact route at k = 4096, arb above
    assert above.routes["arb" if k > EXACT_K_LIMIT else "exact"] == 1


def test_large_k_exact_zero_gap_is_a_tie_not_an_error():
    """lam = 0 and pure leaves: every moment is exactly 0 at any k, an exact tie (pruned);
    arb proves it because both balls are exactly zero."""
    result = prune(split((4, 0), [(1, 0), (3, 0)]), EXACT_K_LIMIT + 1, prior=Prior(lam=0))
    assert result.pruned == ["root"]


# -- PET pruning ----------------------------------------------------------------------------------

def test_mutant_pet_strict_comparison_on_an_exact_tie():
    """(1, 1) split into (0, 1) and (1, 0) at k = 2 (lam = eta = 1/2): the subtree's combined
    moment (7.18), sum_c (n_c + eta)/(n + 2 eta) x leaf value, equals the node's as a leaf -
    an exact tie (found by exhaustive search over counts <= 6), which PET pruning must prune
    (keep only if strictly below).  ``<`` turned into ``<=`` keeps it."""
    tree = split((1, 1), [(0, 1), (1, 0)])
    half = Fraction(1, 2)
    weights = (1 + half) / (2 + 2 * half)            # both children: 3/2 over 3
    subtree = weights * (combined_moment((0, 1), 2, half) + combined_moment((1, 0), 2, half))
    assert subtree == combined_moment((1, 1), 2, half)
    result = prune_pet(tree, 2)
    assert result.pruned == ["root"] and result.routes == {"float": 0, "arb": 0, "exact": 1}
    near = prune_pet(split((2, 1), [(2, 0), (0, 1)]), 2)   # a clear case for contrast
    assert near.pruned == ([] if near.subtree["root"] < near.as_leaf["root"] else ["root"])


# -- EBP ---------------------------------------------------------------------------------------------

@given(st.integers(1, 3000), st.data())
@example(6, None)
@example(16, None)
def test_mutant_ebp_band_zero_float_terms_enclose_the_certified_value(n, data):
    """Every float leaf term e + extra errors, widened by its relative bound (derived from
    certify's rules), encloses the certified arb value, and the bound is not loose (<= 32 u).
    With the filter band set to zero the float term would be claimed exact, and the enclosure
    fails (the value is irrational)."""
    errors = data.draw(st.integers(0, n // 2)) if data is not None else 1
    for variant in ("c45", "weka"):
        machine = E._EBP("1/4", variant, 2)
        value, rel = machine.term((n - errors, errors))
        assert 0 < rel <= 32 * 2.0 ** -53
        with flint.ctx.workprec(200):
            exact = errors + E.ebp_extra_errors(n, errors, "1/4", variant)
            bound = flint.arb(rel) * flint.arb(value)
            assert flint.arb(value) - bound < exact < flint.arb(value) + bound


def test_ebp_near_tie_goes_to_arb_and_agrees():
    """A comparison whose float gap is below the derived bound is settled by arb: E_leaf of
    (n, e) against itself plus slack 0 is a tie the filter must decline."""
    machine = E._EBP("1/4", "c45", 2)
    side = (machine.term((5, 1)), lambda: [(6, 1)])
    assert machine.le(side, side, Fraction(1, 10**30))        # E <= E + 1e-30
    assert machine.decider.routes == {"float": 0, "arb": 1, "exact": 0}


# -- Kearns-Mansour ----------------------------------------------------------------------------

@pytest.mark.parametrize("m_v, n_v, depth, m, d", [(100, 3, 1, 100, 2), (40, 5, 4, 150, 3), (7, 1, 6, 90, 5)])
def test_mutant_km_penalty_counts_2d_paths_per_level(m_v, n_v, depth, m, d):
    """(12.2): alpha = c sqrt((l log(2d) + n log(d + 2) + log(m / delta)) / m_v), the (2d)^l
    counting a test and a branch per level.  Recomputed in float here; d^l instead of (2d)^l
    changes the value by l log 2 inside the root (a relative change far above 1e-12)."""
    delta, c = 1 / 20, 1.1
    expected = c * math.sqrt((depth * math.log(2 * d) + n_v * math.log(d + 2) + math.log(m / delta)) / m_v)
    got = km_penalty(m_v, n_v, depth, m, "1/20", d, "11/10")
    assert abs(float(got.mid()) - expected) <= 1e-12 * expected
    assert got.rad() < 1e-12 * expected          # a ball at the working precision, not loose


# -- the labelling tie rule -------------------------------------------------------------------------

@pytest.mark.parametrize("counts, label", [((2, 3, 3), 1), ((3, 3), 0), ((1, 4, 4, 4), 1), ((0, 0), 0)])
def test_mutant_label_tie_rule_is_the_first_max(counts, label):
    """Zhong 5.1.4 / C4.5: a tied leaf predicts the first class with the most examples; ``max``
    taken from the end (or the last index) gives another label."""
    assert majority_class(counts) == label
    assert Node(counts).label == label
