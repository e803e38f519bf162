"""Resource limits at the Python front doors and the edge cases of issue 11, one regression test
per case.  Expected values come from outside the code under test: mpmath's loggamma at high
precision, hand counts of digits, Python's own arithmetic."""
from __future__ import annotations

import json
import time
from fractions import Fraction

import flint
import mpmath
import numpy as np
import pytest

from exactprune import limits
from exactprune.classprob import error_moment, prune_pet, subtree_error_moment
from exactprune.costs import cost_moment, cost_moment_expansion, prune_costs
from exactprune.knorm import Prior, leaf_moment, leaf_moment_arb, moment, prune, subtree_moment
from exactprune.numbers import exact, log_rising_ratio_arb
from exactprune.formatting import decimal_str, fraction_str, to_jsonable
from exactprune.sequence import KNormSequence, LogBracket, Stage, knorm_sequence
from exactprune.tree import Node, Tree
from helpers import assert_ball

TWO = '{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}'


def quick(call, seconds=2.0):
    """Run ``call`` and fail if it takes longer than ``seconds`` (a refusal must be immediate)."""
    start = time.perf_counter()
    try:
        return call()
    finally:
        assert time.perf_counter() - start < seconds


# -- k ----------------------------------------------------------------------------------------

def test_classprob_moments_at_k_ten_million_refused_naming_the_limit():
    tree = Tree.from_json(TWO)
    for call in (lambda: error_moment([3, 1], 0, 10 ** 7), lambda: subtree_error_moment(tree.root, 0, 10 ** 7),
                 lambda: prune_pet(tree, 10 ** 7)):
        with pytest.raises(ValueError, match=f"CLASSPROB_MAX_K = {limits.CLASSPROB_MAX_K}"):
            quick(call)
    assert error_moment([3, 1], 0, limits.CLASSPROB_MAX_K) > 0      # the limit itself is accepted


def test_cost_moments_at_k_ten_million_refused_naming_the_limit():
    tree = Tree.from_json(TWO)
    loss = [[0, 1], [1, 0]]
    for call in (lambda: cost_moment([3, 1], [0, 1], 10 ** 7), lambda: prune_costs(tree, 10 ** 7, loss=loss),
                 lambda: cost_moment_expansion([3, 1], [0, 1], 10 ** 7)):
        with pytest.raises(ValueError, match=f"COST_MAX_K = {limits.COST_MAX_K}"):
            quick(call)


def test_cost_expansion_with_too_many_terms_refused():
    # C(500 + 9, 9) is about 5.6e18 terms (J = 10 classes)
    with pytest.raises(ValueError, match="EXPANSION_MAX_TERMS"):
        quick(lambda: cost_moment_expansion([1] * 10, [1] * 10, 500))


def test_k_above_max_k_refused_naming_the_limit():
    node = Node((0, 49, 5))
    with pytest.raises(ValueError, match="exceeds the limit MAX_K = 2\\^1048576 - 1"):
        quick(lambda: moment(node, 1 << limits.MAX_K_BITS))
    with pytest.raises(ValueError, match="MAX_K"):
        quick(lambda: prune(Tree.from_json(TWO), 1 << limits.MAX_K_BITS))


def test_exact_moments_above_exact_k_limit_point_to_the_arb_functions():
    with pytest.raises(ValueError, match="EXACT_K_LIMIT .*leaf_moment_arb"):
        quick(lambda: leaf_moment((3, 1), limits.EXACT_K_LIMIT + 1))
    with pytest.raises(ValueError, match="EXACT_K_LIMIT .*subtree_moment_arb"):
        quick(lambda: subtree_moment(Tree.from_json(TWO).root, limits.EXACT_K_LIMIT + 1))


def _mp_leaf_log_moment(a, d, k):
    """log of Gamma(a+k) Gamma(d) / (Gamma(a) Gamma(d+k)) by mpmath, 60 digits beyond those of k."""
    with mpmath.workdps(60 + 2 * len(str(k))):            # lgamma(k) ~ k log k: room for its digits
        a, d, k = (mpmath.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else mpmath.mpf(x)
                   for x in (a, d, k))
        return mpmath.loggamma(a + k) - mpmath.loggamma(a) - mpmath.loggamma(d + k) + mpmath.loggamma(d)


@pytest.mark.parametrize("k", [10 ** 6, 10 ** 22, 10 ** 60, 2 ** 400])
def test_moments_at_k_1e22_are_not_vacuous(k):
    """Issue 11: at k = 1e22 every node printed [+/- 7.21e+216765558].  Now the ball holds the
    value (mpmath's loggamma) and has about the working precision (53 bits)."""
    ball = leaf_moment_arb((0, 49, 5), k)                  # a = 6, d = 55.5 (Zhong B.1)
    expected = _mp_leaf_log_moment(Fraction(6), Fraction(111, 2), k)
    log_ball = ball.log()
    assert_ball(log_ball, flint.arb(mpmath.nstr(expected, 40)), abs(log_ball.mid()) * 2.0 ** -35)
    assert ball.rel_accuracy_bits() >= 40
    tree_ball = moment(Tree.from_json(TWO), k)
    assert tree_ball > 0 and tree_ball.rel_accuracy_bits() >= 40


def test_log_rising_ratio_enclosure_branch_contains_the_value():
    """k = 2^300 at 53 bits takes the large-k enclosure (a - d) log k + [-(a + d^2)/k, (a^2 + d)/k];
    the ball must hold mpmath's value and be narrow."""
    ball = log_rising_ratio_arb(Fraction(7, 2), Fraction(11), 2 ** 300)
    expected = _mp_leaf_log_moment(Fraction(7, 2), Fraction(11), 2 ** 300)
    assert ball.overlaps(flint.arb(mpmath.nstr(expected, 40))) and ball.rad() < 1e-10


# -- exact parameters ---------------------------------------------------------------------------

def test_eta_1e_minus_5000_refused_naming_max_param_digits():
    with pytest.raises(ValueError, match="eta has a denominator of 5001 digits, above the limit MAX_PARAM_DIGITS = 1000"):
        quick(lambda: Prior(eta="1e-5000"))


@pytest.mark.parametrize("name", ["lam", "epsilon"])
def test_lam_and_epsilon_1e400_are_accepted_exactly(name):
    """401 digits is within MAX_PARAM_DIGITS: the value is used exactly (no float overflow)."""
    tree = Tree.from_json(TWO)
    if name == "lam":
        result = prune(tree, 2, prior=Prior(lam="1e400"))
        # with lam = 10^400 every leaf moment is about ((J-1) lam / (J lam))^2 = 1/4: keeping the
        # split gains almost nothing, but the exact comparison still decides it
        assert abs(float(result.moment) - 0.25) < 1e-6
    else:
        assert quick(lambda: prune(tree, 2, epsilon="1e400")).pruned == ["root"]


def test_huge_decimal_exponent_refused_at_once():
    with pytest.raises(ValueError, match="MAX_NUMBER_TEXT"):
        quick(lambda: exact("1e100000000", "lam"))
    with pytest.raises(ValueError, match="MAX_NUMBER_TEXT"):
        quick(lambda: exact("1" * (limits.MAX_NUMBER_TEXT + 1), "lam"))


def test_exact_reads_ratios_longer_than_4300_digits():
    value = exact("1" * 5000 + "/3")
    assert value == Fraction((10 ** 5000 - 1) // 9, 3)
    assert exact("-0." + "0" * 4999 + "5e2") == Fraction(-5, 10 ** 4998)


# -- counts and tree shape ------------------------------------------------------------------------

def test_count_above_max_count_refused():
    with pytest.raises(ValueError, match="MAX_COUNT"):
        Tree(Node((2 ** 53, 1)))
    with pytest.raises(ValueError, match="MAX_COUNT"):
        leaf_moment((2 ** 53, 1), 1)


def test_node_and_children_limits_are_checked_while_reading(monkeypatch):
    monkeypatch.setattr(limits, "MAX_NODES", 5)
    wide = json.dumps({"counts": [3, 3], "children": [{"counts": [1, 1]}, {"counts": [1, 1]}, {"counts": [1, 1]}]})
    Tree.from_json(wide)                                  # 4 nodes
    deeper = json.dumps({"counts": [3, 3], "children": [json.loads(wide), {"counts": [0, 0]}]})
    with pytest.raises(ValueError, match="MAX_NODES = 5"):
        Tree.from_json(deeper)                            # 6 nodes
    monkeypatch.setattr(limits, "MAX_CHILDREN", 2)
    with pytest.raises(ValueError, match="3 children exceed the limit MAX_CHILDREN = 2"):
        Tree.from_json(wide)


def _chain(depth: int) -> str:
    """JSON of a tree of the given depth: each internal node has a leaf and a deeper child; the node
    at height h (the deepest leaf at 0) counts (h + 1, 1).  Written outside in, in linear time."""
    opening = "".join(f'{{"counts": [{height + 1}, 1], "children": [' for height in range(depth, 0, -1))
    return opening + '{"counts": [1, 1]}' + ', {"counts": [1, 0]}]}' * depth


def test_tree_deeper_than_250_round_trips_through_json():
    """Issue 11: --json output of a tree deeper than about 250 raised RecursionError."""
    depth = 5000
    tree = Tree.from_json(_chain(depth))
    assert tree.depth() == depth and len(tree.nodes()) == 2 * depth + 1
    again = Tree.from_json(tree.to_json())
    assert [n.counts for n in again.nodes()] == [n.counts for n in tree.nodes()]
    assert tree.to_json(indent=2) == tree.to_json()       # deeper than INDENT_DEPTH: compact
    assert len(tree.render().splitlines()) == 2 * depth + 1
    assert prune(tree, 2).tree.n_leaves >= 1


def test_tree_deeper_than_max_depth_refused():
    with pytest.raises(ValueError, match=f"MAX_DEPTH = {limits.MAX_DEPTH}"):
        Tree.from_json(_chain(limits.MAX_DEPTH + 1))


def test_split_threshold_with_401_digits_kept_exactly():
    """Issue 11: a threshold of 401 digits overflowed Tree.from_json (float conversion)."""
    big = 10 ** 400 + 1
    text = json.dumps({"counts": [1, 1], "feature": 0, "threshold": big,
                       "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]})
    tree = Tree.from_json(text)
    assert tree.root.threshold == big
    assert Tree.from_json(tree.to_json()).root.threshold == big
    rows = tree.partition(np.array([[1e308], [np.inf], [-np.inf]]))
    assert rows["c1"].tolist() == [0, 2] and rows["c2"].tolist() == [1]   # 1e308 <= 10^400 + 1 < inf
    assert tree.leaf_for([1e308]).name == "c1"


def test_threshold_limits():
    long = json.dumps({"counts": [1, 1], "feature": 0, "threshold": 10 ** 1000,
                       "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]})
    with pytest.raises(ValueError, match="MAX_THRESHOLD_DIGITS = 1000"):
        Tree.from_json(long)
    overflow = '{"counts": [1, 1], "feature": 0, "threshold": 1e400, "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}'
    with pytest.raises(ValueError, match="finite"):
        Tree.from_json(overflow)


# -- the 4300-digit int-to-str limit -------------------------------------------------------------

def test_k_4096_moments_print_past_the_4300_digit_limit():
    """Issue 11: moments at k = 4096 stopped on Python's 4300-digit int-to-str limit.  With
    lam = 1/1000003 the factors (1000003 (b + i) + 1) / (1000003 (n + i) + 2) of (4.29) cancel
    little: the denominator has well over 4300 digits."""
    prior = Prior(lam=Fraction(1, 1000003))
    value = leaf_moment((1000, 3000), 4096, prior)
    text = fraction_str(value)
    num, den = text.split("/")
    assert len(den) > 4300 and exact(text) == value
    assert decimal_str(value, 5).startswith("0.")
    assert to_jsonable({"m": value})["m"] == text
    leaves = [Node((3 * i + 1, 2 * i + 7)) for i in range(8)]
    tree = Tree(Node(tuple(map(sum, zip(*(leaf.counts for leaf in leaves)))), leaves))
    result = prune(tree, 4096, prior=prior)
    assert exact(fraction_str(result.moment)) == result.moment and len(fraction_str(result.moment)) > 4300


# -- a breakpoint far beyond any integer worth writing out ----------------------------------------

def _mp_crossing_log2(n):
    """log2 of the real k where R_leaf = R_tree for (n, n - 1) split into pure children, lam = eta =
    1/2, J = 2, from Stirling's large-k form log R = lgamma(d) - lgamma(a) + (a - d) log k (mpmath)."""
    with mpmath.workdps(60):
        half = mpmath.mpf(1) / 2
        leaf = (n - 1 + half, 2 * n)                       # (a, d) of the root as a leaf
        kids = [((n + half) / (2 * n), half, n + 1), ((n - 1 + half) / (2 * n), half, n)]

        def f(x):                                          # x = ln k
            left = mpmath.loggamma(leaf[1]) - mpmath.loggamma(leaf[0]) + (leaf[0] - leaf[1]) * x
            right = mpmath.log(sum(w * mpmath.exp(mpmath.loggamma(d) - mpmath.loggamma(a) + (a - d) * x)
                                   for w, a, d in kids))
            return left - right
        return mpmath.findroot(f, 2 * n * mpmath.log(2)) / mpmath.log(2)


def test_breakpoint_of_a_million_pure_split_is_a_certified_bracket():
    """Issue 11: breakpoints on (10^6, 10^6 - 1) split into pure children ended in "no breakpoint
    below k = 2^4000".  Thm 5.9 says a finite breakpoint exists; it is near 2^(2 * 10^6)."""
    n = 10 ** 6
    tree = Tree(Node((n, n - 1), [Node((n, 0)), Node((0, n - 1))]))
    seq = quick(lambda: knorm_sequence(tree), 60)
    entry = seq.breakpoints["root"]
    assert isinstance(entry.breakpoint, LogBracket) and not entry.survives_all_finite_k
    low, high = entry.breakpoint.lower, entry.breakpoint.upper
    assert low > limits.BREAKPOINT_EXACT_BITS and high - low <= high / 2 ** 40
    expected = _mp_crossing_log2(n)
    assert mpmath.mpf(low.numerator) / low.denominator <= expected <= mpmath.mpf(high.numerator) / high.denominator
    assert [s.leaves for s in seq.stages] == [2, 1, 1]
    assert seq.stages[0].k_to == entry.breakpoint == seq.stages[1].k_from
    json.dumps(seq.as_dict())                               # JSON-ready
    assert seq.stage_for(2 ** 1000).leaves == 2
    assert seq.stage_for(2 ** (int(high) + 1)).leaves == 1


def test_stage_for_a_k_inside_a_bracket_is_refused():
    """log2 45 = 5.49 lies in the bracket (5, 6]: its stage is not known; 32 and 65 are placed."""
    tree = Tree.from_json(TWO)
    bracket = LogBracket(Fraction(5), Fraction(6))
    seq = KNormSequence(Prior(), [Stage(1, bracket, tree, []), Stage(bracket, None, tree, ["root"])], {})
    assert seq.stage_for(32) is seq.stages[0] and seq.stage_for(65) is seq.stages[1]
    with pytest.raises(ValueError, match="inside the certified interval"):
        seq.stage_for(45)


def test_brute_force_prunings_of_a_deep_chain():
    """all_prunings / all_pruning_leaves were recursive.  With the recursion limit at 250, a chain
    of depth 300 still gives its 301 prunings (cut at any of the 300 splits, or keep them all)."""
    import sys
    from exactprune.tree import all_pruning_leaves, all_prunings
    tree = Tree.from_json(_chain(300))
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(250)
    try:
        prunings = all_prunings(tree.root)
        leaf_sets = all_pruning_leaves(tree)
    finally:
        sys.setrecursionlimit(saved)
    assert sorted(len(p) for p in prunings) == list(range(301))
    assert sorted(len(s) for s in leaf_sets) == list(range(1, 302))


def test_epsilon_digit_limit():
    """epsilon may carry as many digits as exact moments have (thousands) but not more than
    MAX_EPSILON_DIGITS."""
    tree = Tree.from_json(TWO)
    assert prune(tree, 2, epsilon=Fraction(1, 10 ** 3000)).pruned == prune(tree, 2).pruned
    with pytest.raises(ValueError, match="MAX_EPSILON_DIGITS = 100000"):
        quick(lambda: prune(tree, 2, epsilon=Fraction(1, 10 ** 100_000)))


def test_k_far_above_the_limit_and_not_a_power_of_two_is_refused_by_its_size():
    """k = MAX_K + 2 (315,653 digits, not 2^n or 2^n - 1): the refusal names the limit instead of
    failing on Python's int-to-str limit while writing the message (found by mutation testing)."""
    from exactprune.classprob import subtree_error_moment
    from exactprune.tree import Tree
    tree = Tree.from_json('{"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]}')
    with pytest.raises(ValueError, match=r"a 1048577-bit integer exceeds the limit CLASSPROB_MAX_K = 1024"):
        subtree_error_moment(tree.root, 0, limits.MAX_K + 2)


def test_help_lists_every_command_line_limit():
    """Each CLI_* limit appears in ``exactprune --help``'s epilog, printed one way (thousands
    separators), and no limit is printed in another notation."""
    from exactprune import limits
    names = [name for name in limits.__all__ if name.startswith("CLI_")]
    assert len(names) >= 25
    for name in names:
        assert f"{getattr(limits, name):,}" in limits.LIMITS_HELP, name
    assert "e+" not in limits.LIMITS_HELP and "1000000" not in limits.LIMITS_HELP
