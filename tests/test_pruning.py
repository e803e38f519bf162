"""exactprune.pruning: the one bottom-up pass (Zhong Fig 4.1) against brute force over every
pruning, and the one result type."""
import pickle
from fractions import Fraction

import numpy as np
from hypothesis import given, settings, strategies as st

from exactprune.certify import Decider
from exactprune.pruning import Pruning, exact_subtree_pass, prune_bottom_up, walk_order
from exactprune.tree import Node, Tree, iris_tree
from random_trees import all_prunings, count_trees


def _leaves_of(tree: Tree, kept_names: frozenset) -> list:
    """The leaves of the pruning keeping the splits ``kept_names`` (a walk from the root)."""
    out, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        if node.name in kept_names:
            stack.extend(node.children)
        else:
            out.append(node)
    return out


@settings(max_examples=60, deadline=None)
@given(count_trees(max_depth=3, max_children=3), st.data())
def test_the_pass_finds_the_smallest_optimal_pruning_of_an_additive_value(tree, data):
    """Leaf values drawn at random (small integers, so ties are frequent), a subtree worth the
    sum of its children: the pass's value at the root is the least sum over every pruning's
    leaves (brute force), and its kept splits form the smallest pruning reaching it (a split
    that only ties is pruned, as Fig 4.1's strict test says)."""
    a = tree.arrays()
    names = a.names()
    leaf = np.array(data.draw(st.lists(st.integers(0, 4), min_size=a.n_nodes, max_size=a.n_nodes)))
    value_of = dict(zip(names, leaf.tolist()))
    kept, best = prune_bottom_up(a, leaf, lambda splits, best, level: a.child_sums(splits, best),
                                 lambda splits, subtree, level: subtree < leaf[splits])
    totals = {p: sum(value_of[n.name] for n in _leaves_of(tree, p)) for p in all_prunings(tree.root)}
    least = min(totals.values())
    smallest = min((p for p, v in totals.items() if v == least), key=len)
    assert best[0] == least
    assert {names[i] for i in np.flatnonzero(kept & a.subtree_mask(kept))} == set(smallest)
    assert leaf.tolist() == [value_of[name] for name in names]      # the default pass works on a copy
    # in place: the leaf array becomes the optimal values, the splits read as leaves before their level
    values = leaf.copy()
    kept_in, best_in = prune_bottom_up(a, values, lambda splits, best, level: a.child_sums(splits, best),
                                       lambda splits, subtree, level: subtree < values[splits], in_place=True)
    assert best_in is values and best_in[0] == least
    assert {names[i] for i in np.flatnonzero(kept_in & a.subtree_mask(kept_in))} == set(smallest)


def test_decisions_below_a_pruned_split_are_made_too_and_the_result_type_reads_them():
    """c2's split pays off on its own (1 < 3) although the root's does not (3 + 1 = 4 > 2):
    kept_splits records both decisions, the pruned tree is the root alone."""
    t = Tree(Node((4, 4), [Node((1, 1)), Node((3, 3), [Node((3, 0)), Node((0, 3))])]))
    a = t.arrays()
    leaf = np.array([2, 3, 3, 1, 0])               # root, c1, c2, c21, c22
    kept, best = prune_bottom_up(a, leaf, lambda s, b, level: a.child_sums(s, b), lambda s, tree, level: tree < leaf[s])
    assert kept.tolist() == [False, False, True, False, False] and best.tolist() == [2, 3, 1, 1, 0]
    result = Pruning(t, 1, kept, {"float": 0, "arb": 0, "exact": 2}, moment=best[0])
    assert result.pruned == ["root"] and result.tree.n_leaves == 1 and result.moment == 2
    assert result.comparisons == 2 and result.fallbacks == 2
    assert not result.kept(t.root) and not result.kept(t.node("c2"))      # c2 is gone with the root
    clone = pickle.loads(pickle.dumps(result))
    assert clone.pruned == ["root"] and clone.tree.n_leaves == 1 and clone.kept_splits.tolist() == kept.tolist()


def test_exact_pass_weighs_children_and_names_the_pruned_splits_last_in_preorder_first():
    """On iris: with the value 1 at every node every split ties (1 = the weights' sum) and is
    pruned, pruned = ['root'].  With a node's training-error rate as its value and the weights
    n_c / n_t, a pruning's value is its leaves' errors over 150: the pass reaches the least one
    over every pruning (brute force), and names c22 before c21 when both are cut below kept
    splits (the last in pre-order first)."""
    tree = iris_tree()
    a = tree.arrays()
    sizes = a.sizes.tolist()
    weights = np.array([Fraction(1)] + [Fraction(sizes[i], sizes[a.parent[i]]) for i in range(1, a.n_nodes)], dtype=object)
    kept, best, _ = exact_subtree_pass(a, lambda counts: Fraction(1), lambda order: weights, Decider())
    assert not kept.any() and best[0] == 1 and walk_order(a, kept) == ["root"]

    def errors(counts):
        return Fraction(sum(counts) - max(counts), sum(counts))
    decider = Decider()
    kept, best, _ = exact_subtree_pass(a, errors, lambda order: weights, decider)
    least = min(Fraction(sum(n.n - max(n.counts) for n in _leaves_of(tree, p)), 150) for p in all_prunings(tree.root))
    assert best[0] == least and decider.routes["exact"] == int((a.n_children > 0).sum())
    kept = a.n_children > 0
    kept[[a.index("c21"), a.index("c22")]] = False
    assert walk_order(a, kept) == ["c22", "c21"]
