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


# ---------------------------------------------------------------------------------------------
# Tests written to kill the survivors of the mutation run of 2026-11-26 (docs/mutation.md)
# ---------------------------------------------------------------------------------------------

def _two_level_tree() -> Tree:
    """root (4, 4) -> c1 (3, 1) -> c11 (3, 0), c12 (0, 1); c2 (1, 3) -> c21 (1, 0), c22 (0, 3):
    every node's counts distinct, two splits on the deepest level."""
    return Tree(Node((4, 4), [Node((3, 1), [Node((3, 0)), Node((0, 1))]),
                              Node((1, 3), [Node((1, 0)), Node((0, 3))])]))


def test_the_pass_tells_both_callbacks_the_level_counted_from_the_deepest():
    """c1 and c2 are the deepest splits (level 0), the root the next (level 1)."""
    t = _two_level_tree()
    a = t.arrays()
    names = a.names()
    seen = []

    def subtree(splits, best, level):
        seen.append(("subtree", sorted(names[i] for i in splits.tolist()), level))
        return a.child_sums(splits, best)

    def decide(splits, tree, level):
        seen.append(("decide", sorted(names[i] for i in splits.tolist()), level))
        return tree < 100
    prune_bottom_up(a, np.zeros(a.n_nodes, dtype=np.int64), subtree, decide)
    assert seen == [("subtree", ["c1", "c2"], 0), ("decide", ["c1", "c2"], 0),
                    ("subtree", ["root"], 1), ("decide", ["root"], 1)]


def test_rows_of_values_take_the_kept_splits_row_whole_on_a_level_of_two_splits():
    """Values with two parts (a float and its bound, as EBP's pass carries): c1's subtree (2 <
    its leaf value 5) is kept and takes its subtree's row (2, 0.02); c2's (2 > 1) is pruned and
    keeps its leaf row (1, 0.25); the root adds them, (3, 0.27) < (10, 0).  Mutants: the
    decisions of the level broadcast along the row instead of down the column."""
    t = _two_level_tree()
    a = t.arrays()
    rows = {"root": (10.0, 0.0), "c1": (5.0, 0.5), "c2": (1.0, 0.25),
            "c11": (1.0, 0.01), "c12": (1.0, 0.01), "c21": (1.0, 0.01), "c22": (1.0, 0.01)}
    leaf = np.array([rows[name] for name in a.names()])

    def subtree(splits, best, level):
        return np.column_stack([a.child_sums(splits, best[:, 0]), a.child_sums(splits, best[:, 1])])
    kept, best = prune_bottom_up(a, leaf, subtree, lambda splits, tree, level: tree[:, 0] < leaf[splits, 0])
    got = {name: tuple(best[a.index(name)].tolist()) for name in ("root", "c1", "c2")}
    assert kept[[a.index("root"), a.index("c1"), a.index("c2")]].tolist() == [True, True, False]
    assert got["c1"] == (2.0, 0.02) and got["c2"] == (1.0, 0.25)
    assert got["root"] == (3.0, 0.02 + 0.25)


def test_the_exact_pass_reads_the_leaves_and_weights_in_post_order_and_no_weight_at_the_root():
    """Post-order, left to right: c11, c12, c1, c21, c22, c2, root - the order of the
    leaf_value calls and of the array weights_of receives.  The root has no child weight
    (here None), which the pass never reads.  With the errors min(counts) as value and weight 1,
    every split pays (0 < 1, 0 < 1, 0 < 4)."""
    t = _two_level_tree()
    a = t.arrays()
    names, counts = a.names(), {tuple(c): n for n, c in zip(a.names(), a.counts.tolist())}
    calls, given = [], []

    def leaf_value(c):
        calls.append(counts[c])
        return Fraction(min(c))

    def weights_of(order):
        given.extend(names[i] for i in order.tolist())
        return np.array([None if names[i] == "root" else Fraction(1) for i in range(a.n_nodes)], dtype=object)
    kept, best, _ = exact_subtree_pass(a, leaf_value, weights_of, Decider())
    post = ["c11", "c12", "c1", "c21", "c22", "c2", "root"]
    assert calls == post and given == post
    assert kept[[a.index(n) for n in ("root", "c1", "c2")]].tolist() == [True, True, True] and best[0] == 0


class _LazyMoment(Pruning):
    """A pruner's result computing its moment on first access from an engine that cannot be
    pickled (a lambda), as knorm's result does: the documented option of ``Pruning``."""

    def __init__(self, source, kept, value):
        super().__init__(source, 1, kept, {"float": 1, "arb": 0, "exact": 0})
        self._engine = lambda: value

    @property
    def moment(self):
        if not hasattr(self, "_moment"):
            self._moment = self._engine()
        return self._moment


def test_a_result_pickles_its_tree_names_and_moment_without_the_source_or_engine():
    """Pickled before anything was read: the clone has the pruned tree, the pruned names and
    the moment a subclass computes lazily, and carries neither the unpicklable engine nor
    the input tree (the pickle of a tree pruned to its root is smaller than the input's)."""
    t = iris_tree()
    kept = np.zeros(t.arrays().n_nodes, dtype=bool)
    clone = pickle.loads(pickle.dumps(_LazyMoment(t, kept, Fraction(7, 3))))
    assert clone.moment == Fraction(7, 3) and clone.pruned == ["root"] and clone.tree.n_leaves == 1
    plain = Pruning(t, 1, kept, {"float": 0, "arb": 0, "exact": 1}, moment=Fraction(1, 2))
    assert len(pickle.dumps(plain)) < len(pickle.dumps(t))
    assert pickle.loads(pickle.dumps(plain)).moment == Fraction(1, 2)
    assert repr(plain) == "Pruning(k=1, leaves=1, pruned=['root'])"


# ---------------------------------------------------------------------------------------------
# Tests written to kill the survivors of the mutation run of 2026-11-28 (docs/mutation.md)
# ---------------------------------------------------------------------------------------------

def test_epsilon_refusals_name_epsilon_and_its_own_digit_limit():
    """Every refusal of Fig 4.1's margin names the parameter ("epsilon", as the user wrote it)
    and, for too many digits, the limit that applies (MAX_EPSILON_DIGITS, not the parameters'
    MAX_PARAM_DIGITS).  Killed mutants: each name or limit name passed to ``exact``,
    ``check_parameter`` or ``check_nonnegative`` set to None, dropped, or re-spelt."""
    import pytest
    from exactprune.limits import MAX_EPSILON_DIGITS
    from exactprune.pruning import check_epsilon

    with pytest.raises(TypeError, match=r"^epsilon must be exact: got the float 0\.5"):
        check_epsilon(0.5)
    with pytest.raises(ValueError, match=r"^epsilon must be non-negative, got -1/3$"):
        check_epsilon(Fraction(-1, 3))
    too_fine = Fraction(1, 10 ** (MAX_EPSILON_DIGITS + 1))       # a denominator of MAX + 2 digits
    with pytest.raises(ValueError, match=rf"^epsilon has a denominator of {MAX_EPSILON_DIGITS + 2} digits, "
                                         rf"above the limit MAX_EPSILON_DIGITS = {MAX_EPSILON_DIGITS}$"):
        check_epsilon(too_fine)
    assert check_epsilon("1/1000") == Fraction(1, 1000)


_DEEP = ('{"counts": [5, 4], "children": [{"counts": [4, 1], "children": [{"counts": [4, 0]}, {"counts": [0, 1]}]},'
         ' {"counts": [1, 3]}]}')      # indices: 0 root, 1 c1 (split), 2 c11, 3 c12, 4 c2


def test_the_pass_walks_the_levels_it_is_given():
    """``levels`` replaces the default deepest-first levels: given the root alone, only the root is
    asked about and decided (c1's entry stays the initial False and its value its leaf's).
    Killed mutant: ``levels`` ignored (``prune_bottom_up`` 13)."""
    a = Tree.from_json(_DEEP).arrays()
    seen = []

    def decide(splits, tree, level):
        seen.append(splits.tolist())
        return [True] * len(splits)

    leaf = np.array([9, 5, 0, 0, 3])
    kept, best = prune_bottom_up(a, leaf, lambda s, b, lvl: a.child_sums(s, b), decide, levels=[np.array([0])])
    assert seen == [[0]]
    assert kept.tolist() == [True, False, False, False, False]
    assert best.tolist() == [5 + 3, 5, 0, 0, 3]          # the root from c1's value as a leaf (5), not 0


def test_the_subtree_walk_computes_children_first_weighs_by_the_split_and_fills_the_given_cache():
    """SubtreeWalk on a tree of two levels of splits, every split kept, leaf value 10 i at node i
    and weights 1 / (i + 2) at split i (so a walk passing the wrong split to ``weights`` errs):
    R(c1) = (20 + 30) / 3 = 50/3, R(root) = (50/3 + 40) / 2 = 85/3, all made in one call of
    ``value`` (children first), every value left in the cache given; a value already in that
    cache is used as it is.  Killed mutants: ``value``'s order ascending (11, 12), ``weights``
    given None for the split (``value`` 22, ``split_value`` 10), the cache argument dropped
    (``__init__`` 4)."""
    from exactprune.pruning import SubtreeWalk

    a = Tree.from_json(_DEEP).arrays()
    kept = a.n_children > 0
    weights = lambda i, children: [Fraction(1, i + 2)] * len(children)
    cache = {}
    walk = SubtreeWalk(a, kept, lambda i: Fraction(10 * i), weights, cache)
    assert walk.value(0) == Fraction(85, 3)
    assert cache == {0: Fraction(85, 3), 1: Fraction(50, 3), 2: 20, 3: 30, 4: 40}
    assert SubtreeWalk(a, kept, lambda i: Fraction(10 * i), weights).split_value(0) == Fraction(85, 3)
    assert SubtreeWalk(a, kept, lambda i: Fraction(10 * i), weights).split_value(1) == Fraction(50, 3)
    primed = SubtreeWalk(a, kept, lambda i: Fraction(10 * i), weights, {1: Fraction(7)})
    assert primed.value(0) == (7 + 40) / Fraction(2)
    assert 2 not in primed.cache and 3 not in primed.cache


def test_the_exact_pass_keeps_a_split_only_when_it_gains_more_than_epsilon():
    """Fig 4.1's margin: the root of [3, 2] -> [3, 0], [0, 2] has 2 errors as a leaf and 0 as a
    subtree (child weights 1), so it is kept for epsilon < 2 and pruned for epsilon >= 2 (a tie
    with the margin prunes).  Killed mutant: ``leaf - value + epsilon`` (``exact_subtree_pass`` 47)."""
    a = Tree.from_json('{"counts": [3, 2], "children": [{"counts": [3, 0]}, {"counts": [0, 2]}]}').arrays()
    ones = lambda order: np.array([Fraction(1)] * 3, dtype=object)
    errors = lambda counts: Fraction(sum(counts) - max(counts))
    for epsilon, root_kept in ((0, True), (Fraction(3, 2), True), (2, False), (Fraction(5, 2), False)):
        kept, best, leaf = exact_subtree_pass(a, errors, ones, Decider(), epsilon=epsilon)
        assert kept.tolist() == [root_kept, False, False], epsilon
        assert best[0] == (0 if root_kept else 2)
