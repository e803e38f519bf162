"""Mutants of exactprune.costs that its own tests let through: the printed (7.14) by hand, the
closed forms (7.9)/(7.12) with their default lam and symbolic inputs, the expansion's size limit,
leaf_cost_moment with a given label, and prune_costs / cost_pruning_path on exact ties, with the
fields of their results and the messages of their refusals.  Every expected value is worked out
by hand in the comment next to it."""
from fractions import Fraction as F

import pytest
import sympy

from exactprune.costs import (cost_label, cost_mean, cost_moment, cost_moment_expansion, cost_moment_printed, cost_moments,
                              cost_pruning_path, cost_second_moment, leaf_cost_moment, prune_costs,
                              subtree_cost_moment, validate_loss, zero_one_loss)
from exactprune.numbers import simplify_symbolic
from exactprune.tree import Node, Tree

LAM, A = sympy.symbols("lam a", positive=True)
# root [3, 1] split into pure children [3, 0] and [0, 1]
SPLIT = '{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}'


# ------------------------------------------------------------------ the printed (7.14)
def test_printed_recursion_by_hand():
    # Dir(2, 2) (counts [1, 1], lam 1), q = (0, 1): M = 4, c_m = sum_j M_j q_j^m = 2 for every m;
    # printed: E_n = sum_m (n-1)!/(n-m)! E_{n-m} c_m / (M + n - m)^m
    # E_1 = 2/4 = 1/2;  E_2 = 1 * (1/2) * 2/5 + 1 * 1 * 2/4^2 = 1/5 + 1/8 = 13/40
    # E_3 = 1 * (13/40) * 2/6 + 2 * (1/2) * 2/5^2 + 2 * 1 * 2/4^3 = 13/120 + 2/25 + 1/16 = 301/1200
    assert [cost_moment_printed([1, 1], [0, 1], k, 1) for k in (0, 1, 2, 3)] == [1, F(1, 2), F(13, 40), F(301, 1200)]
    assert type(cost_moment_printed([1, 1], [0, 1], 0, 1)) is F
    assert type(cost_moment_printed([1, 1], [0, 1], 3, 1)) is F
    # q = (0, 2), Dir(2, 2): c_m = 2 * 2^m;  E_1 = 4/4 = 1, E_2 = 1 * 4/5 + 8/4^2 = 13/10 (q^m, not q m)
    assert cost_moment_printed([1, 1], [0, 2], 2, 1) == F(13, 10)
    # default lam 1/2: Dir(3/2, 3/2), M = 3, c_m = 3/2;  E_2 = (1/2)(3/2)/4 + (3/2)/9 = 3/16 + 1/6 = 17/48
    assert cost_moment_printed([1, 1], [0, 1], 2) == F(17, 48)


def test_printed_recursion_with_symbols():
    # symbolic lam: M_j = 1 + lam, M = 2 + 2 lam, c_m = 1 + lam; E_1 = 1/2,
    # E_2 = (1/2)(1 + lam)/(3 + 2 lam) + (1 + lam)/(2 + 2 lam)^2
    expected = (1 + LAM) / (2 * (3 + 2 * LAM)) + 1 / (4 * (1 + LAM))
    value = cost_moment_printed([1, 1], [0, 1], 2, LAM)
    assert value == simplify_symbolic(expected)                  # the normal form, not only an equal value
    assert value.subs(LAM, 1) == sympy.Rational(13, 40)
    # symbolic loss a, numeric lam 1: c_m = 2 a^m; E_1 = a/2, E_2 = (a/2)(2a)/5 + 2 a^2/16 = a^2/5 + a^2/8
    assert cost_moment_printed([1, 1], [0, A], 2, 1) == simplify_symbolic(A ** 2 / 5 + A ** 2 / 8)


# ------------------------------------------------------------ closed forms (7.9), (7.12)
def test_mean_and_second_moment_default_lam_and_types():
    # counts [2, 1], q = (0, 1), lam 1/2: p_1 ~ Beta(3/2, 5/2); E = (3/2)/4 = 3/8; E^2 = (3/2)(5/2)/(4 * 5) = 3/16
    assert cost_mean([2, 1], [0, 1]) == F(3, 8) and type(cost_mean([2, 1], [0, 1])) is F
    assert cost_second_moment([2, 1], [0, 1]) == F(3, 16) and type(cost_second_moment([2, 1], [0, 1])) is F


def test_mean_and_second_moment_with_symbols():
    # lam symbolic, q = (0, 1): E = (1 + lam)/(3 + 2 lam); E^2 = (1 + lam)(2 + lam)/((3 + 2 lam)(4 + 2 lam))
    assert cost_mean([2, 1], [0, 1], LAM) == simplify_symbolic((1 + LAM) / (3 + 2 * LAM))
    assert cost_second_moment([2, 1], [0, 1], LAM) == simplify_symbolic((1 + LAM) * (2 + LAM)
                                                                       / ((3 + 2 * LAM) * (4 + 2 * LAM)))
    # loss a symbolic, lam 1: Dir(3, 2), E = 2a/5, E^2 = a^2 * 2 * 3/(5 * 6) = a^2/5
    assert cost_mean([2, 1], [0, A], 1) == simplify_symbolic(2 * A / 5)
    assert cost_second_moment([2, 1], [0, A], 1) == simplify_symbolic(A ** 2 / 5)


def test_moments_with_only_lam_or_only_the_loss_symbolic():
    # Dir(1 + lam, lam) with q = (0, 1): E_2 = lam (lam + 1)/((1 + 2 lam)(2 + 2 lam)) = lam/(2(1 + 2 lam))
    expected = simplify_symbolic(LAM / (2 * (1 + 2 * LAM)))
    assert cost_moment([1, 0], [0, 1], 2, LAM) == expected
    assert cost_moment_expansion([1, 0], [0, 1], 2, LAM) == expected
    # Dir(2, 1) with q = (0, a): E_2 = a^2 * 1 * 2/(3 * 4) = a^2/6
    assert cost_moment([1, 0], [0, A], 2, 1) == simplify_symbolic(A ** 2 / 6)
    assert cost_moment_expansion([1, 0], [0, A], 2, 1) == simplify_symbolic(A ** 2 / 6)
    assert cost_moments([1, 0], [0, A], 2, 1) == [1, simplify_symbolic(A / 3), simplify_symbolic(A ** 2 / 6)]


# ------------------------------------------------------------------ the expansion
def test_expansion_default_lam_and_k0():
    # Dir(3/2, 3/2), q = (0, 1): E_2 = (3/2)(5/2)/(3 * 4) = 5/16
    assert cost_moment_expansion([1, 1], [0, 1], 2) == F(5, 16)
    assert cost_moment_expansion([1, 1], [0, 1], 0) == 1 and type(cost_moment_expansion([1, 1], [0, 1], 0)) is F


def test_expansion_size_limit():
    # J = 200, k = 1: C(200, 199) = 200 terms, allowed; E_1 = sum_j q_j M_j / M = 1 (every q_j = 1)
    assert cost_moment_expansion([0] * 200, [1] * 200, 1) == 1
    # J = 4, k = 180: C(183, 3) = 183 * 182 * 181 / 6 = 1004731 > 10^6 terms
    with pytest.raises(ValueError, match=r"^the expansion has C\(k \+ J - 1, J - 1\) = 1004731 terms, above the "
                                         r"limit EXPANSION_MAX_TERMS = 1000000; use cost_moment$"):
        cost_moment_expansion([1, 1, 1, 1], [0, 1, 1, 1], 180)


@pytest.mark.parametrize("function", [cost_moment, cost_moment_expansion, cost_moment_printed])
def test_k_limit_is_named(function):
    with pytest.raises(ValueError, match=r"^k = 513 exceeds the limit COST_MAX_K = 512$"):
        function([1, 1], [0, 1], 513)


# --------------------------------------------------------------- a given label
def test_leaf_cost_moment_with_a_label():
    loss = [[0, 3], [1, 0]]
    node = Node((2, 1))
    # Dir(5/2, 3/2), M = 4.  label 0, q = (0, 3): E_1 = 3 (3/2)/4 = 9/8; label 1, q = (1, 0): E_1 = (5/2)/4 = 5/8
    assert leaf_cost_moment(node, loss, 1, label=0) == F(9, 8)
    assert leaf_cost_moment(node, loss, 1, label=1) == F(5, 8)
    # lam 1: Dir(3, 2), label 1: E_2 = 3 * 4/(5 * 6) = 2/5
    assert leaf_cost_moment(node, loss, 2, 1, label=1) == F(2, 5)
    for label in (-1, 2, True, 1.0, "1"):
        with pytest.raises(ValueError, match=rf"^label must be a class index in 0\.\.1, got {label!r}$"):
            leaf_cost_moment(node, loss, 1, label=label)
    with pytest.raises(ValueError, match=r"^loss matrix must be 2 x 2 \(one row and one column per class\), got 3 rows$"):
        leaf_cost_moment(node, [[0, 1, 1], [1, 0, 1], [1, 1, 0]], 1, label=0)


def test_zero_one_loss_refuses_zero_classes():
    with pytest.raises(ValueError, match=r"^n_classes must be a positive integer \(>= 1\), got 0$"):
        zero_one_loss(0)


# ------------------------------------------------------------------- pruning
def test_prune_costs_exact_tie_prunes():
    # a constant loss row c makes the cost the constant c (sum_j p_j = 1): every moment is c^k, so the
    # subtree (weights summing to 1) ties with the leaf and PruneTree's strict < prunes
    tree = Tree.from_json(SPLIT)
    for loss, value in (([[0, 0], [0, 0]], 0), ([[2, 2], [2, 2]], 4)):
        result = prune_costs(tree, loss, 2)
        assert result.pruned == ["root"] and result.tree.n_leaves == 1 and result.moment == value


def test_prune_costs_result_fields():
    # root [3, 1], lam 1/2, 0-1 loss, k = 1.  As leaves (label = majority):
    # root Dir(7/2, 3/2): 3/10; [3, 0] Dir(7/2, 1/2): 1/8; [0, 1] Dir(1/2, 3/2): 1/4 (label 1)
    # subtree: weights (3 + 1/2)/(4 + 1) = 7/10 and (1 + 1/2)/5 = 3/10: 7/10 * 1/8 + 3/10 * 1/4 = 13/80 < 3/10: kept
    tree = Tree.from_json(SPLIT)
    result = prune_costs(tree, zero_one_loss(2), 1)
    assert result.k == 1 and result.pruned == [] and result.moment == F(13, 80)
    assert result.as_leaf == {"root": F(3, 10), "c1": F(1, 8), "c2": F(1, 4)}
    assert result.subtree == {"root": F(13, 80), "c1": F(1, 8), "c2": F(1, 4)}
    assert result.labels == {"c1": 0, "c2": 1}
    # eta = 2: weights 5/8, 3/8: 5/64 + 3/32 = 11/64
    assert prune_costs(tree, zero_one_loss(2), 1, eta=2).moment == F(11, 64)
    assert subtree_cost_moment(tree.root, zero_one_loss(2), 1, eta=2) == F(11, 64)


def test_cost_pruning_path_stages():
    # the SPLIT tree with 0-1 loss, default lam and eta: k = 1 keeps the split (13/80 < 3/10, above)
    tree = Tree.from_json(SPLIT)
    path = cost_pruning_path(tree, zero_one_loss(2), [1])
    assert path == {"stages": [{"k": 1, "leaves": 2, "pruned": [], "moment": F(13, 80), "internal": ["root"]}],
                    "nested": True}
    # the same with lam 1 (root Dir(4, 2): 1/3; [3, 0] Dir(4, 1): 1/5; [0, 1] Dir(1, 2): 1/3) and eta 2
    # (weights 5/8, 3/8): 5/8 * 1/5 + 3/8 * 1/3 = 1/8 + 1/8 = 1/4 < 1/3: kept
    stage = cost_pruning_path(tree, zero_one_loss(2), [1], lam=1, eta=2)["stages"][0]
    assert stage["moment"] == F(1, 4) and stage["internal"] == ["root"]


# ------------------------------------------------------- defaults, validation, degenerate leaves
def test_default_lam_and_eta():
    # counts [2, 1], q = (0, 1), lam 1/2: Dir(5/2, 3/2): E_1 = 3/8, E_2 = (3/2)(5/2)/(4 * 5) = 3/16
    assert cost_moment([2, 1], [0, 1], 1) == F(3, 8)
    assert cost_moments([2, 1], [0, 1], 2) == [1, F(3, 8), F(3, 16)]
    # cost_label with 0-1 loss: label 0 (3/8 < 5/8)
    assert cost_label([2, 1], zero_one_loss(2), 1) == (0, F(3, 8))
    # the SPLIT tree with the defaults lam = eta = 1/2: 13/80 (test_prune_costs_result_fields)
    assert subtree_cost_moment(Tree.from_json(SPLIT).root, zero_one_loss(2), 1) == F(13, 80)


def test_validate_loss_messages():
    for bad in (5, [[0, 1], 5], "01"):
        with pytest.raises(ValueError, match=r"^loss must be a list of lists \(a J x J matrix\)$"):
            validate_loss(bad)
    with pytest.raises(ValueError, match=r"^loss matrix must not be empty$"):
        validate_loss([])
    with pytest.raises(TypeError, match=r"^loss\[0\]\[1\] must be exact: got the float 0.5"):
        validate_loss([[0, 0.5], [1, 0]])
    with pytest.raises(ValueError, match=r"^R\[1\]\[0\] must be non-negative, got -1$"):
        validate_loss([[0, 1], [-1, 0]], name="R")


def test_empty_leaf_with_lam_zero_is_refused():
    for function in (cost_moment, cost_moment_expansion, cost_moment_printed):
        with pytest.raises(ValueError, match=r"^the leaf has no examples and lam = 0: its posterior is undefined; "
                                             r"use lam > 0$"):
            function([0, 0], [0, 1], 1, 0)


def test_symbolic_loss_with_a_one_point_posterior():
    # counts [0, 1], lam 0: p = (0, 1) almost surely (M = 1), so the cost is a and E_k = a^k
    assert cost_moments([0, 1], [0, A], 2, 0) == [1, A, A ** 2]


def test_loss_row_and_symbol_of_unknown_sign():
    from exactprune.costs import validate_loss_row
    with pytest.raises(TypeError, match=r"^loss_row must be a sequence of non-negative losses$"):
        validate_loss_row("01")
    x = sympy.Symbol("x")               # no sign assumption: lam = x is not compared with 0
    # Dir(1 + x, x), q = (0, 1): E_1 = x/(1 + 2x)
    assert cost_moment([1, 0], [0, 1], 1, x) == simplify_symbolic(x / (1 + 2 * x))


def test_printed_recursion_simplifies_a_symbolic_loss_row():
    # Dir(2, 2), q = (a, b): E_1 = (2a + 2b)/4, in the normal form (a + b)/2 (not a/2 + b/2)
    b = sympy.Symbol("b", positive=True)
    value = cost_moment_printed([1, 1], [A, b], 1, 1)
    assert value == simplify_symbolic((A + b) / 2) and value != A / 2 + b / 2      # structural comparisons


@pytest.mark.parametrize("on_root", [False, True], ids=["prune_costs", "subtree_cost_moment"])
@pytest.mark.parametrize("k, eta, error, message", [
    (513, "1/2", ValueError, r"^k = 513 exceeds the limit COST_MAX_K = 512$"),
    (513, 0.5, ValueError, r"^k = 513 exceeds the limit COST_MAX_K = 512$"),     # k is checked first
    (1, 0.5, TypeError, r"^eta must be exact: got the float 0.5"),
    (1, F(1, 10 ** 1000), ValueError, r"^eta has a denominator of 1001 digits, above the limit MAX_PARAM_DIGITS"),
])
def test_tree_functions_refuse_naming_the_problem(on_root, k, eta, error, message):
    tree = Tree.from_json(SPLIT)
    function = (lambda *a, **kw: subtree_cost_moment(tree.root, *a, **kw)) if on_root else \
        (lambda *a, **kw: prune_costs(tree, *a, **kw))
    with pytest.raises(error, match=message):
        function(zero_one_loss(2), k, eta=eta)


def test_prune_costs_refuses_a_node_and_a_wrong_loss():
    tree = Tree.from_json(SPLIT)
    with pytest.raises(TypeError, match=r"^tree must be an exactprune Tree, got Node$"):
        prune_costs(tree.root, zero_one_loss(2), 1)
    with pytest.raises(ValueError, match=r"^loss matrix must be 2 x 2"):
        prune_costs(tree, zero_one_loss(3), 1)
