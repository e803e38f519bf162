"""Kearns-Mansour pruning (exactprune.peers.kearns_mansour): zero penalty is REP on the training
set; the penalty (12.2) grows with subtree size.

The tests written to kill mutants (scripts/mutation.py, docs/mutation.md; formerly
tests/mutation/test_mutants_kearns_mansour.py) sit with the tests of the function they check.
Mutants of exactprune.peers.kearns_mansour that its own tests let through: the defaults of the
penalty (12.2) (delta = 1/20, d = 2, c = 11/10), the admissible range of delta, the arguments
km_prune hands to the penalty (node count, depth, examples), the exact-penalty route with its tie
rule ((12.1) prunes on >=), empty nodes, and the argument names. The penalty is checked against the
formula of notes (12.2) evaluated independently in floats (far from any decision boundary) and the
pruning decisions against hand arithmetic."""
from __future__ import annotations

import math
from fractions import Fraction as F

import pytest
from hypothesis import given, settings

from exactprune.peers.kearns_mansour import km_penalty, km_prune
from exactprune.peers.rep import rep_prune
from exactprune.tree import Tree, iris_tree
from random_trees import count_trees


# -- the penalty (12.2) ------------------------------------------------------------------------

def alpha(m_v, n_v, depth, m, delta=0.05, d=2, c=1.1):
    """Notes (12.2) with |PATHS| <= (2d)^l and |TREES| <= (d + 2)^n, in floats."""
    return c * math.sqrt((depth * math.log(2 * d) + n_v * math.log(d + 2) + math.log(m / delta)) / m_v)


def test_penalty_defaults_and_delta_range():
    assert abs(float(km_penalty(100, 3, 1, 100).mid()) - alpha(100, 3, 1, 100)) < 1e-12
    assert abs(float(km_penalty(50, 5, 2, 200, "1/10", 3, "3/2").mid())
               - alpha(50, 5, 2, 200, 0.1, 3, 1.5)) < 1e-12
    assert abs(float(km_penalty(50, 5, 2, 200, 1).mid()) - alpha(50, 5, 2, 200, 1.0)) < 1e-12   # delta = 1 allowed
    for delta in (0, "3/2", -1):
        with pytest.raises(ValueError, match=r"^delta must lie in \(0, 1\], got"):
            km_penalty(50, 5, 2, 200, delta)


@pytest.mark.parametrize("position, name, bad", [(0, "m_v", 0), (1, "n_v", 0), (2, "depth", -1), (3, "m", 0)])
def test_penalty_names_its_integer_arguments(position, name, bad):
    args = [100, 3, 1, 100]
    args[position] = bad
    with pytest.raises(ValueError, match=rf"^{name} must be a"):
        km_penalty(*args)


def test_penalty_names_d_delta_and_c():
    with pytest.raises(ValueError, match=r"^d must be a positive integer"):
        km_penalty(100, 3, 1, 100, d=0)
    with pytest.raises(TypeError, match=r"^delta must be exact"):
        km_penalty(100, 3, 1, 100, delta=0.05)
    with pytest.raises(TypeError, match=r"^c must be exact"):
        km_penalty(100, 3, 1, 100, c=1.1)


def leaves(result):
    return sorted(leaf.name for leaf in result.tree.leaves())


def stump(parent, left, right):
    return Tree.from_json(f'{{"counts": {parent}, "children": [{{"counts": {left}}}, {{"counts": {right}}}]}}')


def test_division_by_the_node_examples():
    """Stump (6, 2) into pure children: eps(T*) - eps(leaf) = (0 - 2)/8 = -1/4 (a fraction of
    m_v = 8, not the error count -2): penalty 3/10 prunes, 1/5 keeps."""
    t = stump([6, 2], [6, 0], [0, 2])
    assert leaves(km_prune(t, penalty=lambda *a: F(3, 10))) == ["root"]
    assert leaves(km_prune(t, penalty=lambda *a: F(1, 5))) == ["c1", "c2"]


# -- km_prune ----------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3))
def test_km_with_zero_penalty_is_rep_on_the_training_set(tree):
    """alpha = 0 in (12.1): prune iff the subtree makes no fewer training errors, i.e. REP
    with the training set as pruning set, hence (EK Thm 1) the smallest training-optimal pruning."""
    km = km_prune(tree, penalty=lambda *a: 0)
    pc = {n.name: n.counts for n in tree.root.walk()}
    rep = rep_prune(tree, pc, labels="training")
    assert sorted(l.name for l in km.tree.leaves()) == sorted(l.name for l in rep.tree.leaves())


def test_km_penalty_grows_with_size_and_prunes_more():
    assert km_penalty(100, 5, 2, 1000) > km_penalty(100, 3, 2, 1000)
    assert km_penalty(50, 3, 2, 1000) > km_penalty(100, 3, 2, 1000)
    big = km_prune(iris_tree(), c="11/10")
    none = km_prune(iris_tree(), penalty=lambda *a: 0)
    assert big.tree.n_leaves <= none.tree.n_leaves
    with pytest.raises(ValueError, match="c must exceed 1"):
        km_penalty(10, 3, 1, 10, c=1)


def test_prune_uses_d_equal_two_and_c_eleven_tenths_by_default():
    """Stump (62, 38) into pure children, m = m_v = 100, depth 0, n_v = 3: (12.1) prunes iff
    38/100 <= alpha.  d = 2: alpha = 1.1 sqrt((3 log 4 + log 2000)/100) = 0.3772 < 0.38: kept;
    d = 3: alpha = 0.3878 >= 0.38: pruned; c = 6/5 (d = 2): 0.4115: pruned."""
    t = stump([62, 38], [62, 0], [0, 38])
    assert alpha(100, 3, 0, 100) < 0.38 - 1e-3 and alpha(100, 3, 0, 100, d=3) > 0.38 + 1e-3
    assert alpha(100, 3, 0, 100, c=1.2) > 0.38 + 1e-3
    assert leaves(km_prune(t)) == ["c1", "c2"]
    assert leaves(km_prune(t, d=3)) == ["root"]
    assert leaves(km_prune(t, c="6/5")) == ["root"]


def test_prune_passes_node_count_depth_and_examples_to_the_penalty():
    t = Tree.from_json('{"counts": [4, 3], "children": [{"counts": [4, 1], "children": [{"counts": [4, 0]}, '
                       '{"counts": [0, 1]}]}, {"counts": [0, 2]}]}')
    calls = []

    def never(m_v, n_v, depth, m):
        calls.append((m_v, n_v, depth, m))
        return F(0)

    assert leaves(km_prune(t, penalty=never)) == ["c11", "c12", "c2"]
    # c1: 5 examples, 3 nodes, depth 1; root: 7 examples, 1 + 3 + 1 = 5 nodes, depth 0
    assert calls == [(5, 3, 1, 7), (7, 5, 0, 7)]
    calls.clear()
    always = lambda m_v, n_v, depth, m: calls.append((m_v, n_v, depth, m)) or F(1)
    assert leaves(km_prune(t, penalty=always)) == ["root"]
    # c1 pruned to one node: the root's T* has 1 + 1 + 1 = 3 nodes
    assert calls == [(5, 3, 1, 7), (7, 3, 0, 7)]


def test_exact_penalty_decides_by_sign_with_ties_pruned():
    """Stump (3, 1) into pure children: eps(T*) - eps(leaf) = (0 - 1)/4."""
    t = stump([3, 1], [3, 0], [0, 1])
    assert leaves(km_prune(t, penalty=lambda *a: F(1, 4))) == ["root"]       # -1/4 + 1/4 = 0: prune
    assert leaves(km_prune(t, penalty=lambda *a: F(1, 5))) == ["c1", "c2"]   # < 0: keep
    assert leaves(km_prune(t, penalty=lambda *a: "3/10")) == ["root"]
    # the difference is -1/4 (divided by m_v = 4), not the count -1: penalty 1/2 prunes
    assert leaves(km_prune(t, penalty=lambda *a: F(1, 2))) == ["root"]
    with pytest.raises(TypeError, match=r"^penalty must be exact"):
        km_prune(t, penalty=lambda *a: 0.5)


def test_an_empty_internal_node_is_pruned():
    t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 1], "children": [{"counts": [2, 0]}, '
                       '{"counts": [0, 1]}]}, {"counts": [0, 0], "children": [{"counts": [0, 0]}, '
                       '{"counts": [0, 0]}]}]}')
    assert leaves(km_prune(t, penalty=lambda *a: F(0))) == ["c11", "c12", "c2"]
