"""MEP (exactprune.peers.mep) against its identity with 1-norm PruneTree (Zhong p. 559).

The tests written to kill mutants (scripts/mutation.py, docs/mutation.md; formerly
tests/mutation/test_mutants_mep.py) sit with the tests of the function they check. Mutants of
exactprune.peers.mep that its own tests let through: the defaults (m = 2 for a leaf, m = J lam with
lam = 1/2 for the tree), an explicit m and non-uniform priors reaching every node, the empty-node
case, the tie rule (MEP prunes when static <= backed-up) and the argument names in the error
messages."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from exactprune.knorm import Prior, leaf_moment, prune
from exactprune.peers.mep import mep_as_knorm, mep_leaf_error, mep_prune
from exactprune.tree import Tree
from random_trees import count_trees


# -- the m-estimate of a leaf's error ----------------------------------------------------------

@given(st.lists(st.integers(0, 30), min_size=2, max_size=4).filter(lambda c: sum(c) > 0),
       st.sampled_from([Fraction(1, 2), Fraction(1), Fraction(3), Fraction(1, 5)]))
def test_mep_leaf_error_is_the_one_norm_leaf_moment_with_uniform_priors(counts, lam):
    """The m-estimate with p_c = 1/J and m = J lam is (n - max n_j + (J-1) lam)/(n + J lam)."""
    J = len(counts)
    assert mep_leaf_error(counts, J * lam) == leaf_moment(counts, 1, Prior(lam=lam))
    assert mep_leaf_error(counts, J * lam, [Fraction(1, J)] * J) == leaf_moment(counts, 1, Prior(lam=lam))


def test_mep_leaf_error_with_priors_picks_the_class_of_largest_m_estimate():
    """(n_c + p_c m)/(n + m) with n = (3, 2), p = (1/10, 9/10), m = 10: class 1 wins 11 to 4."""
    assert mep_leaf_error((3, 2), 10, ["1/10", "9/10"]) == 1 - Fraction(2 + 9, 5 + 10)


def test_mep_leaf_error_with_n_equal_to_m():
    """n = m = 2: 1 - (1 + 1/2 2)/(2 + 2) = 1/2 (only n + m = 0 has no estimate)."""
    assert mep_leaf_error((1, 1), 2) == Fraction(1, 2)


def test_leaf_error_defaults_and_edges():
    assert mep_leaf_error((3, 1)) == 1 - Fraction(3 + 1, 4 + 2)           # m = 2, p = 1/2
    assert mep_leaf_error((1, 0), 0) == 0                         # n + m = 1 is fine
    with pytest.raises(ValueError, match=r"^mep_leaf_error: an empty node with m = 0 has no estimate$"):
        mep_leaf_error((0, 0), 0)
    with pytest.raises(TypeError, match=r"^m must be exact"):
        mep_leaf_error((3, 1), 0.5)
    with pytest.raises(TypeError, match=r"^priors must be exact"):
        mep_leaf_error((3, 1), 2, [0.5, 0.5])


def test_mep_checks_priors_and_empty_nodes():
    import pytest
    t = Tree.from_json('{"counts": [2, 0], "children": [{"counts": [2, 0]}, {"counts": [0, 0]}]}')
    with pytest.raises(ValueError, match=r"^priors has 1 entries for 2 classes$"):
        mep_prune(t, priors=["1"])
    with pytest.raises(ValueError, match=r"^node c2: n \+ m = 0, no m-estimate \(use m > 0\)$"):
        mep_prune(t, m=0)
    # m = 2: the empty c2 costs 0 scaled by its size; static 2 (1 - 3/4) = 1/2 against backed
    # 2 (1 - 3/4) + 0 = 1/2: a tie, pruned
    assert [leaf.name for leaf in mep_prune(t, m=2).tree.leaves()] == ["root"]


def test_mep_names_float_priors():
    import pytest
    t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
    with pytest.raises(TypeError, match=r"^priors must be exact"):
        mep_prune(t, priors=[0.5, 0.5])


# -- mep_prune ---------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(count_trees(), st.sampled_from([Fraction(1, 2), Fraction(1), Fraction(3, 1), Fraction(1, 5)]))
def test_mep_equals_one_norm_pruning_with_eta_zero(tree, lam):
    """Zhong p. 559: MEP (uniform priors, m = J lam) is PruneTree at k = 1, eta = 0."""
    if any(n.n == 0 for n in tree.root.walk()) and lam == 0:
        return
    a = mep_prune(tree, lam=lam).tree
    b = prune(tree, 1, prior=Prior(lam=lam, eta=0)).tree
    assert sorted(l.name for l in a.leaves()) == sorted(l.name for l in b.leaves())
    assert sorted(l.name for l in mep_as_knorm(tree, lam=lam).tree.leaves()) == sorted(l.name for l in b.leaves())


def test_mep_differs_from_one_norm_with_eta_half_somewhere():
    """The identity needs eta = 0: with eta = 1/2 this tree (found by a seeded search) is
    pruned differently."""
    t = Tree.from_json('{"counts": [27, 13], "children": [{"counts": [12, 9], "children": '
                       '[{"counts": [6, 6]}, {"counts": [6, 3]}]}, {"counts": [10, 4], "children": '
                       '[{"counts": [2, 3]}, {"counts": [5, 1]}, {"counts": [3, 0]}]}, {"counts": [5, 0]}]}')
    m = mep_prune(t, lam="1/2").tree.n_leaves
    assert m == prune(t, 1, prior=Prior(lam="1/2", eta=0)).tree.n_leaves
    assert m != prune(t, 1, prior=Prior(lam="1/2", eta="1/2")).tree.n_leaves


# Every expected value is the m-estimate 1 - (n_c + p_c m)/(n + m) worked out by hand.
def stump(parent, left, right):
    return Tree.from_json(f'{{"counts": {parent}, "children": [{{"counts": {left}}}, {{"counts": {right}}}]}}')


def test_prune_argument_names():
    t = stump([3, 1], [3, 0], [0, 1])
    with pytest.raises(TypeError, match=r"^lam must be exact"):
        mep_prune(t, lam=0.5)
    with pytest.raises(TypeError, match=r"^m must be exact"):
        mep_prune(t, m=0.5)


def leaves(result):
    """The sorted leaf names of a pruner's result (its pruned tree)."""
    return sorted(leaf.name for leaf in result.tree.leaves())


def test_an_explicit_m_is_used():
    """(2, 5) -> (0, 4), (2, 1).  m = 30: static 1 - 20/37 = 17/37; children 1 - 19/34 = 15/34
    and 1 - 17/33 = 16/33, backed 4/7 15/34 + 3/7 16/33 >= 17/37: pruned.  The default m = J lam
    = 1: static 1 - 5.5/8 = 5/16; children 1 - 4.5/5 = 1/10 and 1 - 2.5/4 = 3/8, backed
    4/7 1/10 + 3/7 3/8 = 61/280 < 5/16: kept."""
    t = stump([2, 5], [0, 4], [2, 1])
    assert Fraction(4, 7) * Fraction(15, 34) + Fraction(3, 7) * Fraction(16, 33) >= Fraction(17, 37)
    assert Fraction(4, 7) * Fraction(1, 10) + Fraction(3, 7) * Fraction(3, 8) < Fraction(5, 16)
    assert leaves(mep_prune(t, m=30)) == ["root"]
    assert leaves(mep_prune(t)) == ["c1", "c2"]
    # the result's moment is the pruned tree's error, by the hand arithmetic above
    assert mep_prune(t, m=30).moment == Fraction(17, 37)
    assert mep_prune(t).moment == Fraction(61, 280)
    assert leaves(mep_prune(t, lam=15)) == ["root"]              # m = J lam = 30
    assert leaves(mep_as_knorm(t, lam=15)) == ["root"] and leaves(mep_as_knorm(t)) == ["c1", "c2"]


def test_priors_reach_every_node():
    """(1, 3) -> (1, 1), (0, 2), m = 10, p = (1/10, 9/10): static 1 - 12/14 = 1/7, backed
    1/2 (1 - 10/12) + 1/2 (1 - 11/12) = 1/8 < 1/7: kept.  Uniform p: static 1 - 8/14 = 3/7,
    backed 1/2 (1 - 6/12) + 1/2 (1 - 7/12) = 11/24 > 3/7: pruned."""
    t = stump([1, 3], [1, 1], [0, 2])
    assert leaves(mep_prune(t, m=10, priors=["1/10", "9/10"])) == ["c1", "c2"]
    assert leaves(mep_prune(t, m=10)) == ["root"]


def test_ties_prune():
    """(2, 2) -> (1, 1), (1, 1): every node has m-estimate error 1/2, static == backed-up."""
    t = stump([2, 2], [1, 1], [1, 1])
    assert leaves(mep_prune(t)) == ["root"]
    assert leaves(mep_prune(t, m=0)) == ["root"]


def test_an_empty_internal_node_is_pruned():
    """c2 has no examples (its backed-up error is its static error, so it is pruned); c1 keeps
    its pure children; the root keeps its split."""
    t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 1], "children": [{"counts": [2, 0]}, '
                       '{"counts": [0, 1]}]}, {"counts": [0, 0], "children": [{"counts": [0, 0]}, '
                       '{"counts": [0, 0]}]}]}')
    assert leaves(mep_prune(t)) == ["c11", "c12", "c2"]


def test_mep_refuses_fractional_counts_with_the_reason():
    """Weighted (rational) counts reach MEP only through a count tree; its exact pass needs integers."""
    tree = Tree.from_dict({"counts": ["3/2", 1], "children": [{"counts": ["3/2", 0]}, {"counts": [0, 1]}]})
    with pytest.raises(ValueError, match=r"MEP needs whole-number class counts, and node root has the count 3/2"):
        mep_prune(tree)


# -- mep_as_knorm ------------------------------------------------------------------------------

def test_mep_as_knorm_uses_eta_zero_and_lam_one_half_by_default():
    """The tree of tests/peers/test_mep.py on which eta = 1/2 prunes differently from eta = 0."""
    t = Tree.from_json('{"counts": [27, 13], "children": [{"counts": [12, 9], "children": '
                       '[{"counts": [6, 6]}, {"counts": [6, 3]}]}, {"counts": [10, 4], "children": '
                       '[{"counts": [2, 3]}, {"counts": [5, 1]}, {"counts": [3, 0]}]}, {"counts": [5, 0]}]}')
    assert prune(t, 1, prior=Prior(lam="1/2", eta=0)).tree.n_leaves != prune(t, 1, prior=Prior(lam="1/2", eta="1/2")).tree.n_leaves
    assert leaves(mep_as_knorm(t)) == leaves(mep_prune(t))
    assert leaves(mep_as_knorm(t)) == leaves(prune(t, 1, prior=Prior(lam="1/2", eta=0)))
