"""exactprune.peers.ccp.weakest_links: the Gini path's packed costs (issue 28): heap keys read off the bounds of
the packed N R(T_t) or, when the bounds leave the key open, off the exact g; and the whole
one-at-a-time order against a naive exact recomputation of every g after every cut."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from exactprune.peers.ccp import weakest_links as W
from exactprune.peers.ccp import ccp_sequence
from exactprune.tree import Tree
from random_trees import count_trees


def _gini(counts) -> Fraction:
    """N R(t) for the Gini cost, (n^2 - sum_j n_j^2) / n, from the counts (0 when empty)."""
    n = sum(counts)
    return Fraction(n * n - sum(c * c for c in counts), n) if n else Fraction(0)


def _one_cell_tree(c2_split_below: bool) -> tuple:
    """Four classes; c1 = (p, q + r, 0, 0) over c11 = (p, q, 0, 0) (pure leaves) and the pure leaf
    (0, r, 0, 0); c2 the same on classes 2 and 3, over its own split c21 (``c2_split_below``) or
    over the leaves (0, 0, p, q) and (0, 0, 0, r); N = 2 (p + q + r).  Pure leaves cost 0:
    g(c11) = R(c11), g(c1) = R(c1) / 2, and after c11 is cut g(c1) = R(c1) - R(c11) (which is
    also c2's g when its children are leaves).  With k = 2^20 + 1, D = k^2 + 2, q = (D - k) / 2,
    p = q + D and r = (q (p + q) + 1) / D, R(c1) exceeds 2 R(c11) by a hair (q (p + q) / D is 1/D
    short of an integer), so the three g are in one cell of 2^-64 (checked here).  Returns the
    tree, g(c11), g(c1) after the cut and the root's g once c1 and c2 are cut,
    (R(root) - 2 R(c1)) / 1.  Values from the formula, not node_cost."""
    k = 2 ** 20 + 1
    D = k * k + 2
    q = (D - k) // 2
    p = q + D
    r = (q * (p + q) + 1) // D
    c2_children = ([{"counts": [0, 0, p, q], "children": [{"counts": [0, 0, p, 0]}, {"counts": [0, 0, 0, q]}]},
                    {"counts": [0, 0, 0, r]}] if c2_split_below else
                   [{"counts": [0, 0, p, q]}, {"counts": [0, 0, 0, r]}])
    t = Tree.from_dict({"counts": [p, q + r, p, q + r], "children": [
        {"counts": [p, q + r, 0, 0], "children": [
            {"counts": [p, q, 0, 0], "children": [{"counts": [p, 0, 0, 0]}, {"counts": [0, q, 0, 0]}]},
            {"counts": [0, r, 0, 0]}]},
        {"counts": [0, 0, p, q + r], "children": c2_children}]})
    N = 2 * (p + q + r)
    g_t1, g_a, g_a_after = _gini((p, q)) / N, _gini((p, q + r)) / (2 * N), (_gini((p, q + r)) - _gini((p, q))) / N
    assert g_t1 < g_a < g_a_after
    assert len({(g.numerator << 64) // g.denominator for g in (g_t1, g_a, g_a_after)}) == 1
    return t, g_t1, g_a_after, (_gini((p, q + r, p, q + r)) - 2 * _gini((p, q + r))) / N


def _links_counting_exact_sums(tree):
    """The path's state for ``tree`` (Gini) and a list that grows by one at every exact sum of
    N R(T_t) over the current leaves (the route a key takes when its bounds leave it open)."""
    links = W.WeakestLinks(tree, "gini")
    calls: list = []
    exact_below = links._exact_below

    def counting(s):
        calls.append(s)
        return exact_below(s)
    links._exact_below = counting
    return links, calls


def test_a_key_on_an_integer_its_bounds_straddle_comes_from_the_exact_g():
    """Root (5, 7) over impure leaves (1, 5), (4, 2); N = 12.  By hand: N R(root) = (144 - 25 -
    49) / 12 = 35/6, the leaves (36 - 26) / 6 = 5/3 and (36 - 20) / 6 = 8/3, so N R(T) = 13/3
    and g = (35/6 - 26/6) / 12 = 1/8: g 2^64 = 2^61 exactly.  Every packed value is rounded
    (thirds and sixths), so the bounds of N (R(t) - R(T_t)) 2^80 hold the key's boundary and
    give 2^61 - 1 and 2^61: the exact g decides (2^61)."""
    tree = Tree.from_dict({"counts": [5, 7], "children": [{"counts": [1, 5]}, {"counts": [4, 2]}]})
    links, calls = _links_counting_exact_sums(tree)
    assert links._key(0) == 2 ** 61
    assert calls == [0]
    stages = ccp_sequence(tree, cost="gini", ties="sklearn").stages
    assert [(s.alpha_from, s.cost) for s in stages] == [(0, Fraction(13, 36)), (Fraction(1, 8), Fraction(35, 72))]


def test_a_key_its_bounds_settle_needs_no_exact_sum():
    """Root (1, 2) over pure leaves (1, 0), (0, 2); N = 3: N R(root) = (9 - 5) / 3 = 4/3 (rounded
    when packed), N R(T) = 0 (exact), g = 4/9, and floor(4/9 2^64) lies strictly inside the
    bounds' key: no exact sum."""
    tree = Tree.from_dict({"counts": [1, 2], "children": [{"counts": [1, 0]}, {"counts": [0, 2]}]})
    links, calls = _links_counting_exact_sums(tree)
    assert links._key(0) == (4 << 64) // 9
    assert calls == []


@pytest.mark.parametrize("x", [3, 2 ** 20 + 7, 2 ** 40 + 1])
def test_keys_match_the_exact_floor_after_a_cut(x):
    """A chain root -> a -> b over impure leaves, counts scaled by ``x``.  After b (pre-order rank
    2) is cut - its packed difference passed up to a and the root - and the root brought up to
    date, the keys of the root and of a are floor(g 2^64) computed here from the counts with
    Fractions (b now a leaf of Gini cost N R(b))."""
    leaves = [[x, 2 * x + 1], [3 * x, x], [x + 2, 5 * x], [2 * x, 2 * x + 3]]
    b = {"counts": [leaves[0][0] + leaves[1][0], leaves[0][1] + leaves[1][1]],
         "children": [{"counts": leaves[0]}, {"counts": leaves[1]}]}
    a = {"counts": [b["counts"][0] + leaves[2][0], b["counts"][1] + leaves[2][1]],
         "children": [b, {"counts": leaves[2]}]}
    root = {"counts": [a["counts"][0] + leaves[3][0], a["counts"][1] + leaves[3][1]],
            "children": [a, {"counts": leaves[3]}]}
    N = sum(root["counts"])
    links = W.WeakestLinks(Tree.from_dict(root), "gini")
    links.cut(2)
    assert links.state[0] == W._DIRTY and links.state[1] == W._DIRTY
    links._refresh(0)
    after = {0: [b["counts"], leaves[2], leaves[3]], 1: [b["counts"], leaves[2]]}   # current leaves
    for rank, node in ((0, root), (1, a)):
        g = (_gini(node["counts"]) - sum(_gini(c) for c in after[rank])) / (N * (len(after[rank]) - 1))
        assert links._key(rank) == (g.numerator << 64) // g.denominator


def _naive_order(tree):
    """scikit-learn's one-at-a-time order recomputed from scratch: after every cut, g of every
    live split from the Gini costs of the current leaves below it, the least (g, pre-order
    index) cut next."""
    N = tree.root.n
    nodes = list(tree.root.walk())
    cut: set = set()

    def leaves(node):
        if not node.children or id(node) in cut:
            return [node]
        return [leaf for child in node.children for leaf in leaves(child)]

    def live_splits(node):
        if not node.children or id(node) in cut:
            return []
        return [node] + [s for child in node.children for s in live_splits(child)]
    out = []
    while id(tree.root) not in cut and tree.root.children:
        rank = {id(node): i for i, node in enumerate(nodes)}
        best = None
        for node in live_splits(tree.root):
            below = leaves(node)
            g = (_gini(node.counts) - sum(_gini(leaf.counts) for leaf in below)) / (N * (len(below) - 1))
            if best is None or (g, rank[id(node)]) < best[:2]:
                best = (g, rank[id(node)], node)
        cut.add(id(best[2]))
        out.append((best[0], best[2].name))
    return out


@settings(max_examples=150, deadline=None)
@given(count_trees(max_depth=4, max_count=4, max_children=3), st.sampled_from([1, 2, 3]))
def test_gini_one_at_a_time_order_matches_a_naive_exact_recomputation(tree, scale):
    """Small counts (many exact ties, many packed values on key boundaries) scaled by 1, 2 or 3:
    every stage's alpha and cut split equal the naive order's."""
    if scale > 1:
        tree = Tree.from_dict(_scaled(tree.root, scale))
    seq = ccp_sequence(tree, cost="gini", ties="sklearn")
    got = [(s.alpha_from, s.pruned[0]) for s in seq.stages[1:]]
    assert got == _naive_order(tree)


def _scaled(node, k):
    out = {"counts": [k * c for c in node.counts]}
    if node.children:
        out["children"] = [_scaled(child, k) for child in node.children]
    return out


def test_gini_costs_of_nodes_of_four_billion_examples():
    """n = 4,000,000,001 examples at the root (n^2 > 2^63: int64 squares would overflow, so the
    counts are squared as Python ints): R(root) = (n^2 - (n - 1)^2 - 1) / n^2 = 2 (n - 1) / n^2
    with N = n; the leaves are pure, so the full tree costs 0 and alpha = R(root)."""
    n = 4_000_000_001
    tree = Tree.from_json(f'{{"counts": [{n - 1}, 1], "children": [{{"counts": [{n - 1}, 0]}}, {{"counts": [0, 1]}}]}}')
    stages = ccp_sequence(tree, cost="gini").stages
    assert [(s.alpha_from, s.cost) for s in stages] == [(0, 0), (Fraction(2 * (n - 1), n * n), Fraction(2 * (n - 1), n * n))]


@pytest.mark.parametrize("ties", ["sklearn", "all"])
def test_weakest_links_closer_than_the_integer_keys_are_ordered_exactly(ties):
    """Gini cost, x = 2^40: c1 = (x, x + 2, 0) and c2 = (x + 3, x - 1, 0) over pure leaves, c3 a
    pure leaf (0, 0, 4x), N = 8x + 4.  R(t) = (n^2 - sum_j n_j^2) / (n N), pure leaves cost 0, so
    g(c1) = R(c1) > g(c2) = R(c2), closer than 2^-64: both have the heap's integer key
    floor(g 2^64), and only the exact g puts c2 (the later pre-order node) first.  Then c1, then
    the root at g = (R(root) - R(c1) - R(c2)) / 2 (3 leaves).  By hand from the formula, not node_cost."""
    x = 2 ** 40
    tree = Tree.from_json(f'{{"counts": [{2 * x + 3}, {2 * x + 1}, {4 * x}], "children": ['
                          f'{{"counts": [{x}, {x + 2}, 0], "children": [{{"counts": [{x}, 0, 0]}}, {{"counts": [0, {x + 2}, 0]}}]}}, '
                          f'{{"counts": [{x + 3}, {x - 1}, 0], "children": [{{"counts": [{x + 3}, 0, 0]}}, {{"counts": [0, {x - 1}, 0]}}]}}, '
                          f'{{"counts": [0, 0, {4 * x}]}}]}}')
    N = 8 * x + 4

    def r(*counts):
        n = sum(counts)
        return Fraction(n * n - sum(c * c for c in counts), n * N)

    g1, g2, root = r(x, x + 2), r(x + 3, x - 1), r(2 * x + 3, 2 * x + 1, 4 * x)
    assert g1 > g2 and (g1.numerator << 64) // g1.denominator == (g2.numerator << 64) // g2.denominator
    stages = ccp_sequence(tree, cost="gini", ties=ties).stages
    assert [(s.alpha_from, s.pruned, s.leaves, s.cost) for s in stages] == [
        (0, [], 5, 0), (g2, ["c2"], 4, g2), (g1, ["c1"], 3, g1 + g2), ((root - g1 - g2) / 2, ["root"], 1, root)]


def test_gini_sequence_with_an_empty_child():
    """(2, 1) -> (0, 0), (2, 1): both sides cost (3/3)(1 - 4/9 - 1/9) = 4/9, so g(root) = 0 and
    the smallest tree optimal at 0 is the root alone."""
    t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [0, 0]}, {"counts": [2, 1]}]}')
    stages = ccp_sequence(t, cost="gini").stages
    assert [(s.alpha_from, s.leaves, s.cost) for s in stages] == [(0, 1, Fraction(4, 9))]


def test_gini_costs_of_counts_past_int64_squares():
    """Counts of 3.5e9: n^2 passes 2**63.  Root (a, b) -> (a, 0), (0, b): the leaves are pure
    (Gini 0) and the root costs (n^2 - a^2 - b^2)/(N n) = 2ab/n^2 with N = n."""
    a, b = 3_500_000_000, 1_000_000_007
    t = Tree.from_json(f'{{"counts": [{a}, {b}], "children": [{{"counts": [{a}, 0]}}, {{"counts": [0, {b}]}}]}}')
    stages = ccp_sequence(t, cost="gini").stages
    n = a + b
    assert stages[-1].cost == Fraction(2 * a * b, n * n)
    assert stages[-1].alpha_from == Fraction(2 * a * b, n * n)     # (R(root) - 0) / (2 - 1)




# Survivors of the mutation run of 2026-11-28 (docs/mutation.md, section peers/ccp): each test
# below failed under the mutant named in its docstring, applied by hand.

@pytest.mark.parametrize("numerator, n", [(1, 3), (2, 3), (4, 2), (0, 5), (10, 6), (7, 2 ** 81 + 1)])
def test_packed_is_the_floor_of_n_r_times_2_to_80_and_a_rounding_flag(numerator, n):
    """floor(p/n 2^80) in the high bits and 1 in the low ``width`` bits iff p/n 2^80 is not an
    integer, from Fractions: 2^80 = 1 mod 3, so 1/3 2^80 rounds by exactly 1/3 (remainder 1 - the
    case `rest != 1` for `rest != 0` misses); 4/2 and 0/5 are exact (no flag)."""
    width = 4
    value = Fraction(numerator, n) * 2 ** 80
    packed = W._packed(numerator, n, width)
    assert packed >> width == math.floor(value)
    assert packed & (2 ** width - 1) == (0 if value.denominator == 1 else 1)


def test_gini_sequence_cuts_a_split_without_examples():
    """root (2, 1) -> c1 (0, 0) split into two empty leaves, c2 (2, 1) -> (2, 0), (0, 1); N = 3.
    By hand: c1 costs nothing, g(c1) = 0; R(c2) = 1 - 4/9 - 1/9 = 4/9 over pure leaves, g(c2) =
    4/9; R(root) = 4/9 too, g(root) = 4/9 / 3 = 4/27 with 4 leaves and 4/9 / 2 = 2/9 once c1 is
    cut.  One at a time: c1 at 0, then the root at 2/9 (cost 4/9).  Cutting c1 packs the cost of a
    node of no examples (0, not a division by n = 0)."""
    t = Tree.from_dict({"counts": [2, 1], "children": [
        {"counts": [0, 0], "children": [{"counts": [0, 0]}, {"counts": [0, 0]}]},
        {"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}]})
    stages = ccp_sequence(t, cost="gini", ties="sklearn").stages
    assert [(s.alpha_from, s.pruned, s.cost) for s in stages] == [
        (0, [], 0), (0, ["c1"], 0), (Fraction(2, 9), ["root"], Fraction(4, 9))]


def test_ties_together_makes_its_own_decider_when_none_is_given():
    """root (4, 2) -> c1 (3, 0) -> (2, 0), (1, 0); c2 (1, 2); N = 6, misclassification.  By hand:
    g(c1) = 0 (no error fixed), so the smallest optimum at 0 cuts c1 (2 leaves, 1 cut); then the
    root: (2/6 - 1/6) / (2 - 1) = 1/6 (1 leaf, 2 cuts).  Called without a decider."""
    t = Tree.from_dict({"counts": [4, 2], "children": [
        {"counts": [3, 0], "children": [{"counts": [2, 0]}, {"counts": [1, 0]}]}, {"counts": [1, 2]}]})
    alphas, leaves, ends = W.WeakestLinks(t, "misclassification").ties_together()
    assert ([str(a) for a in alphas], list(leaves), list(ends)) == (["0", "1/6"], [2, 1], [1, 2])


@pytest.mark.parametrize("ties", ["sklearn", "all"])
def test_a_refreshed_link_whose_key_stays_the_tie_groups_rejoins_it(ties):
    """Four classes; a = (p, q + r, 0, 0) over t1 = (p, q, 0, 0) (pure leaves) and the pure leaf
    (0, r, 0, 0); b the same on classes 2 and 3; N = 2 (p + q + r).  R(t) = (n^2 - sum_j n_j^2) /
    (n N), pure leaves cost 0: g(t1) = R(t1), g(a) = R(a) / 2, and after t1 is cut g(a) = R(a) -
    R(t1).  With k = 2^20 + 1, D = k^2 + 2, q = (D - k) / 2, p = q + D and r = (q (p + q) + 1) / D,
    R(a) exceeds 2 R(t1) by a hair (q (p + q) / D is 1/D short of an integer), so g(t1) < g(a) <
    g(a) after the cut, all three (and b's) in one cell of 2^-64 (checked below).  The four
    links join one tie group; t1 and b's t1 are cut, then a's stale entry leaves the group and,
    refreshed, rejoins it under the same integer key (b still in it) with its exact new g; then
    a, b and the root (g = (R(root) - 2 R(a)) / 1).  Values from the formula, not node_cost."""
    t, g_t1, g_a_after, g_root = _one_cell_tree(c2_split_below=True)
    got = [(s.alpha_from, s.pruned) for s in ccp_sequence(t, cost="gini", ties=ties).stages]
    if ties == "sklearn":
        assert got == [(0, []), (g_t1, ["c11"]), (g_t1, ["c21"]), (g_a_after, ["c1"]), (g_a_after, ["c2"]),
                       (g_root, ["root"])]
    else:
        assert got == [(0, []), (g_t1, ["c11", "c21"]), (g_a_after, ["c1", "c2"]), (g_root, ["root"])]


@pytest.mark.parametrize("ties", ["sklearn", "all"])
def test_a_rekeyed_link_in_the_heap_sharing_the_next_first_keys_cell_is_ordered_exactly(ties):
    """Five classes: root -> c1 = (0, 0, u, u, 0) over pure leaves, c2 = (p, q + r, 0, 0, 0) over
    c21 = (p, q, 0, 0, 0) (pure leaves) and the pure leaf (0, r, 0, 0, 0), and a pure leaf of w
    examples of class 4.  Gini, pure leaves cost 0: g(c21) = R(c21), g(c2) = R(c2) / 2, then
    R(c2) - R(c21) once c21 is cut, g(c1) = R(c1) = u / N.  The counts (found by a search over
    p, q, r with u = ceil(N (R(c2) - R(c21)))) put c2's g after the cut a hair below g(c1), in
    the same cell of 2^-64, while c2's first key is a cell lower (asserted below).  So c21 is cut
    first, c2's stale entry is re-keyed into the heap with c1's integer key, and c1's first
    entry (lower rank) leaves first: only the heap entry's key shows the tie, and the exact g
    cuts c2 before c1.  Then the root, g = (R(root) - R(c1) - R(c2)) / 2 (3 leaves).  Values from
    the formula, not node_cost."""
    p, q, r, u, w = 333032007018143, 15144419208157, 140737488357642, 183391828392502, 2 ** 50
    t = Tree.from_dict({"counts": [p, q + r, u, u, w], "children": [
        {"counts": [0, 0, u, u, 0], "children": [{"counts": [0, 0, u, 0, 0]}, {"counts": [0, 0, 0, u, 0]}]},
        {"counts": [p, q + r, 0, 0, 0], "children": [
            {"counts": [p, q, 0, 0, 0], "children": [{"counts": [p, 0, 0, 0, 0]}, {"counts": [0, q, 0, 0, 0]}]},
            {"counts": [0, r, 0, 0, 0]}]},
        {"counts": [0, 0, 0, 0, w]}]})
    N = p + q + r + 2 * u + w

    def R(*counts):
        return _gini(counts) / N

    def key(g):
        return (g.numerator << 64) // g.denominator

    g_c21, g_c2, g_c1, g_c2_after = R(p, q), R(p, q + r) / 2, R(u, u), R(p, q + r) - R(p, q)
    assert g_c21 < g_c2 < g_c2_after < g_c1 and key(g_c2) < key(g_c2_after) == key(g_c1)
    g_root = (R(p, q + r, u, u, w) - R(u, u) - R(p, q + r)) / 2
    got = [(s.alpha_from, s.pruned) for s in ccp_sequence(t, cost="gini", ties=ties).stages]
    assert got == [(0, []), (g_c21, ["c21"]), (g_c2_after, ["c2"]), (g_c1, ["c1"]), (g_root, ["root"])]


# -- survivors of the mutation run of 2026-11-29, second pass (docs/mutation.md) ------------------

def test_a_comb_of_2100_splits_reads_every_first_entry_past_the_drop_of_the_read_half():
    """The root holds 2,100 splits c_i = (i, 6000) -> (i, 0), (0, 6000), i = 1..2100, and a leaf
    (10^7, 0).  Each c_i has g = i / N (errors i, two pure leaves); the root has gain 10^7 plus
    the errors still below it, over its leaves less one: 12,205,050 / (4,200 N) at first and
    10^7 / (2,100 N) when every c_i is cut, above 2100 / N throughout, so it leaves last.  The
    c_i leave the sorted first entries in order of i, all live: the read half is dropped at the
    1,051st (1,024 read and half the 2,101 entries), and the next entry read must be c_1052's.
    Alphas and leaf counts by hand (mutant ``_pop_entry`` 18: the read position set to 1, not 0,
    after the drop, skipping one entry)."""
    splits = [{"counts": [i, 6000], "children": [{"counts": [i, 0]}, {"counts": [0, 6000]}]}
              for i in range(1, 2101)]
    big = 10 ** 7
    t = Tree.from_dict({"counts": [sum(range(1, 2101)) + big, 6000 * 2100],
                        "children": splits + [{"counts": [big, 0]}]})
    N = sum(range(1, 2101)) + big + 6000 * 2100
    alphas, leaves, _ = W.WeakestLinks(t, "misclassification").one_at_a_time()
    assert [Fraction(int(a.p), int(a.q)) for a in alphas] == (
        [0] + [Fraction(i, N) for i in range(1, 2101)] + [Fraction(big, 2100 * N)])
    assert list(leaves) == list(range(4201, 2100, -1)) + [1]


def test_a_split_of_g_one_half_below_an_empty_sibling_leaves_after_the_root():
    """The root (1, 1) -> t (1, 1) -> (1, 0), (0, 1), and an empty leaf (0, 0): g(t) = (1/2 - 0)
    / 1 = 1/2, whose integer key floor(g 2^64) = 2^63 has the top bit set; g(root) = (1/2 - 0) /
    (3 - 1) = 1/4 is cut first, and t goes with it.  The first entries are sorted as unsigned
    integers (mutant ``__init__`` 84 read their bits as float64: 2^63 is -0.0 there, and t left
    first at g = 1/2)."""
    t = Tree.from_dict({"counts": [1, 1], "children": [
        {"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}, {"counts": [0, 0]}]})
    alphas, leaves, _ = W.WeakestLinks(t, "misclassification").one_at_a_time()
    assert [str(a) for a in alphas] == ["0", "1/4"] and list(leaves) == [3, 1]


def test_a_first_key_of_2_to_63_is_read_back_unsigned_against_the_heap():
    """The tree above with the empty leaf split into two empty leaves (e): g(e) = 0, g(root) =
    (1/2 - 0) / (4 - 1) = 1/6, g(t) = 1/2 (key 2^63).  e is cut at 0; the root, re-keyed to
    (1/2) / (3 - 1) = 1/4, waits in the heap while t's first entry is the next one: read back as
    an unsigned key it is the larger, and the root is cut at 1/4 (mutant ``__init__`` 109: the
    first keys stored as signed 64-bit, 2^63 read back negative, and t cut first at 1/2)."""
    t = Tree.from_dict({"counts": [1, 1], "children": [
        {"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]},
        {"counts": [0, 0], "children": [{"counts": [0, 0]}, {"counts": [0, 0]}]}]})
    alphas, leaves, _ = W.WeakestLinks(t, "misclassification").one_at_a_time()
    assert [str(a) for a in alphas] == ["0", "0", "1/4"] and list(leaves) == [4, 3, 1]


def test_error_sums_that_grow_past_2_to_31_after_a_cut():
    """root (2^31 + 2^33, 2^31 + 2^33) -> c1 (2^31, 2^31) over pure leaves, and the pure leaves
    (2^33, 0) and (0, 2^33); N = 2^32 + 2^34.  Misclassification, by hand: g(c1) = 2^31 / N;
    g(root) = (2^31 + 2^33) / (3 N) at first, larger, so c1 is cut first and the root's N R(T)
    grows from 0 to 2^31 errors - past a 32-bit column although every value is 0 at the start;
    then the root at (2^31 + 2^33 - 2^31) / (2 N) = 2^32 / N (mutant ``_int_column`` 7: the
    largest value it will hold ignored, an array("i") that overflows)."""
    big, half = 2 ** 33, 2 ** 31
    t = Tree.from_dict({"counts": [half + big, half + big], "children": [
        {"counts": [half, half], "children": [{"counts": [half, 0]}, {"counts": [0, half]}]},
        {"counts": [big, 0]}, {"counts": [0, big]}]})
    N = 2 * (half + big)
    alphas, leaves, _ = W.WeakestLinks(t, "misclassification").one_at_a_time()
    assert [Fraction(int(a.p), int(a.q)) for a in alphas] == [0, Fraction(half, N), Fraction(2 ** 32, N)]
    assert list(leaves) == [4, 3, 1]


def test_a_refreshed_link_rejoins_its_tie_group_before_a_fresh_link_of_equal_g_and_higher_rank():
    """The tree of test_a_refreshed_link_whose_key_stays_the_tie_groups_rejoins_it with c2's
    split below replaced by its two leaves: c2 = (0, 0, p, q + r) over the leaves (0, 0, p, q)
    and (0, 0, 0, r), so g(c2) = R(c2) - R(p, q) = g(c1) after c11 is cut, exactly (the same
    counts on classes 2 and 3), all in one cell of 2^-64 with g(c11) and g(c1) before the cut.
    c11 leaves the tie group first; c1's entry, popped from the group, is refreshed to that g and
    must rejoin the group (its integer key is the group's), where it goes before c2 (equal g,
    lower rank) - not wait in the heap while c2, still in the group, is cut (mutants ``pop_min``
    28, the group's key never set, and 10, the key dropped while the group is not empty).
    Values from the formula."""
    t, g_t1, g_a_after, g_root = _one_cell_tree(c2_split_below=False)
    got = [(s.alpha_from, s.pruned) for s in ccp_sequence(t, cost="gini", ties="sklearn").stages]
    assert got == [(0, []), (g_t1, ["c11"]), (g_a_after, ["c1"]), (g_a_after, ["c2"]), (g_root, ["root"])]


def test_a_stale_link_pulled_into_a_tie_group_is_refreshed_before_fresh_links_leave():
    """Three copies of one split on classes (0, 1), (2, 3), (4, 5): c1 and c3 are (p, q + r)
    over the leaves (p, q) and (0, r); c2 is the same over c21 = (p, q) -> pure leaves and (0, r);
    a pure leaf (0, ..., w) sets N.  With q = 2^20 + 7, M = 2^18 + 3, D = 2 q^2 + M, p = q + D
    and r = q + 1: N R(c2) - 2 N R(c21) = 2 p M / ((p + q + r)(p + q)) > 0 is tiny, so g(c21) =
    R(c21) < g(c2) = R(c2) / 2 < g(c2 after c21 is cut) = R(c2) - R(c21) = g(c1) = g(c3), and w
    = 6 puts a boundary of 2^-64 between the first two (checked below).  c21 is cut alone; then
    c1 starts a tie group that pulls c2's stale entry (rank 2) and c3: the stale entry must leave
    the group first, refreshed to its exact g, which ties c1's and c3's, so sklearn's order cuts
    c1, c2, c3 by rank (mutants ``pop_min`` 48 and 49: the stale entry's placeholder 1 or
    key instead of key / 2^64, after every fresh link: c3 before c2).  Values from the formula."""
    q = 2 ** 20 + 7
    M = 2 ** 18 + 3
    D = 2 * q * q + M
    p, r, w = q + D, q + 1, 6
    assert r * (p - q) - q * (p + q) == M
    N = 3 * (p + q + r) + w

    def R(*counts):
        return _gini(counts) / N

    def on(i, a, b):
        counts = [0] * 7
        counts[2 * i], counts[2 * i + 1] = a, b
        return counts

    t = Tree.from_dict({"counts": [p, q + r, p, q + r, p, q + r, w], "children": [
        {"counts": on(0, p, q + r), "children": [{"counts": on(0, p, q)}, {"counts": on(0, 0, r)}]},
        {"counts": on(1, p, q + r), "children": [
            {"counts": on(1, p, q), "children": [{"counts": on(1, p, 0)}, {"counts": on(1, 0, q)}]},
            {"counts": on(1, 0, r)}]},
        {"counts": on(2, p, q + r), "children": [{"counts": on(2, p, q)}, {"counts": on(2, 0, r)}]},
        {"counts": [0] * 6 + [w]}]})
    g_t1, g_a, g_after = R(p, q), R(p, q + r) / 2, R(p, q + r) - R(p, q)
    key = [(g.numerator << 64) // g.denominator for g in (g_t1, g_a, g_after)]
    assert g_t1 < g_a < g_after and key[0] < key[1] == key[2]
    g_root = (R(p, q + r, p, q + r, p, q + r, w) - 3 * R(p, q + r)) / 3
    got = [(s.alpha_from, s.pruned) for s in ccp_sequence(t, cost="gini", ties="sklearn").stages]
    assert got == [(0, []), (g_t1, ["c21"]), (g_after, ["c1"]), (g_after, ["c2"]), (g_after, ["c3"]),
                   (g_root, ["root"])]


@pytest.mark.parametrize("cost", ["misclassification", "gini"])
def test_costs_of_a_node_between_2_to_31_and_2_to_32_examples(cost):
    """root (m, m, m) over three pure leaves, m = 1,431,655,764 (N = 3m = 2^32 - 4).  By hand:
    misclassification g = (2m / N) / (3 - 1) = 1/3; Gini N R(root) = (9 m^2 - 3 m^2) / (3m) =
    2m, g = 2m / (N (3 - 1)) = 1/3.  The errors 2m and the size 3m need 32 unsigned bits, and
    n^2 - sum n_j^2 = 6 m^2 is past 2^63 (mutants ``_int_column`` 22, a 32-bit column up to
    2^32, and ``_costs_and_totals`` 35, int64 squares up to 2^32 examples: both wrap)."""
    m = 1_431_655_764
    t = Tree.from_dict({"counts": [m, m, m], "children": [
        {"counts": [m, 0, 0]}, {"counts": [0, m, 0]}, {"counts": [0, 0, m]}]})
    alphas, leaves, _ = W.WeakestLinks(t, cost).one_at_a_time()
    assert [str(a) for a in alphas] == ["0", "1/3"] and list(leaves) == [3, 1]


def test_a_key_just_below_a_boundary_that_the_rounded_bounds_land_on_is_one_less():
    """Root (N - n + x + y, z) over c1 = (x + y, z), n = x + y + z = 2^20 examples, and a pure
    leaf (N - n, 0); c1 over the pure leaf (x, 0) and the impure leaf (y, z) = (5, 65734), m =
    y + z = 65739, N = 2,724,805.  c1's g = (a / n - b / m) / N with a = 2 (x + y) z and b = 2 y z
    (N R of c1 and of the leaf).  Built so: N R(c1) 2^80 = a 2^60 is an integer (n = 2^20); the
    leaf's 2^64 b / m is q + f with 0 < f < 2^-16 (its 2^80 b / m rounds, taking off 2^16 f < 1);
    N divides a 2^44 - q (found by search and factoring; asserted below as its consequence, g
    2^64 within 1 / (N 2^16) below the integer k).  So the packed difference G = a 2^60 -
    floor(2^80 b / m) = 2^16 (a 2^44 - q) is exactly k N 2^16, the key's boundary, while the
    true N (R - R(T)) 2^80 = G - 2^16 f lies just below it, with one rounded leaf: the bounds
    give k - 1 and k, and the exact g decides, floor(g 2^64) = k - 1.  Mutants ``_key`` 29 (the
    lowest bit of the rounded-leaf count dropped: 0 here, so the bounds' k is returned) and 40
    (the exact route's floor division ``//`` made ``/``: python-flint's fmpz numerator divides
    only exactly, and raises here, where the quotient is no integer) fail.  Values from the
    formula, not node_cost."""
    n, y, z, N = 2 ** 20, 5, 65734, 2_724_805
    x, m, b = n - y - z, y + z, 2 * y * z
    assert 0 < ((b << 64) % m) << 16 < m                # 0 < f < 2^-16
    tree = Tree.from_dict({"counts": [N - n + x + y, z], "children": [
        {"counts": [x + y, z], "children": [{"counts": [x, 0]}, {"counts": [y, z]}]},
        {"counts": [N - n, 0]}]})
    g = (_gini((x + y, z)) - _gini((y, z))) / N             # |leaves(T_c1)| - 1 = 1
    k = -((-g.numerator << 64) // g.denominator)            # ceil(g 2^64)
    assert 0 < k - g * 2 ** 64 < Fraction(1, N << 16)
    links, calls = _links_counting_exact_sums(tree)
    assert links._key(1) == k - 1
    assert calls == [1]


@pytest.mark.parametrize("cost, half", [("misclassification", 2 ** 31), ("gini", 2 ** 15)])
def test_a_column_holding_exactly_2_to_31(cost, half):
    """root (h, h) over the pure leaves (h, 0) and (0, h).  By hand: misclassification with h =
    2^31, the root's errors are h = 2^31 of N = 2^32, g = (h / N) / (2 - 1) = 1/2; Gini with h =
    2^15, the root's n^2 - sum n_j^2 = 4 h^2 - 2 h^2 = 2^31, N R(root) = 2^31 / 2^16 = 2^15 and g
    = 2^15 / 2^16 = 1/2.  Either column (errors; n^2 - sum n_j^2) holds exactly 2^31, one past
    int32 (mutant ``_int_column`` 19, 4-byte columns up to 2^31 inclusive: the value wraps to
    -2^31)."""
    t = Tree.from_dict({"counts": [half, half], "children": [{"counts": [half, 0]}, {"counts": [0, half]}]})
    alphas, leaves, _ = W.WeakestLinks(t, cost).one_at_a_time()
    assert [str(a) for a in alphas] == ["0", "1/2"] and list(leaves) == [2, 1]
