"""Fan's estimate (exactprune.peers.fan): its variance (13) against the exact Dirichlet variance.

The tests written to kill mutants (scripts/mutation.py, docs/mutation.md; formerly
tests/mutation/test_mutants_fan.py) sit with the tests of the function they check. Mutants of
exactprune.peers.fan that its own tests let through: Fan (13) term by term for a named and a
numeric prior, the default prior, the error messages, and Fan (14) on a tree with training errors,
an empty leaf (listed first) and a one-example leaf, against the sum evaluated independently in
floats."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from exactprune.dirichlet import moment_p
from exactprune.peers.fan import FAN_PRIORS, fan_estimate, fan_moments
from exactprune.tree import Tree, iris_tree
from helpers import assert_ball


# -- Fan (13): the moments of one leaf ---------------------------------------------------------

@given(st.lists(st.integers(0, 30), min_size=2, max_size=4).filter(lambda c: sum(c) > 0),
       st.sampled_from(["haldane", "jeffreys", "bayes"]))
def test_fan_variance_against_the_exact_dirichlet_variance(counts, prior):
    for y in range(len(counts)):
        m = fan_moments(counts, y, prior)
        ns = FAN_PRIORS[prior]
        if ns or counts[y]:      # Var p_y = E[p_y^2] - E[p_y]^2 by the raw moments (Zhong 3.19)
            assert m["var_exact"] == moment_p(counts, y, 2, ns) - moment_p(counts, y, 1, ns) ** 2
        # exact relation: var_fan / var_exact = (n + M n_s + 1) / (n + 1)
        if m["var_exact"]:
            assert m["var_fan"] / m["var_exact"] == Fraction(sum(counts) + len(counts) * ns + 1, sum(counts) + 1)
        if prior == "haldane":
            assert m["var_fan"] == m["var_exact"]


def test_fan_13_by_hand():
    # counts (3, 1), class 0, Jeffreys n_s = 1/2: mean 3.5/5, bias (7/10 - 3/4)^2, Beta(7/2, 3/2)
    expected = {"mean": Fraction(7, 10), "var_fan": Fraction(7, 10) * Fraction(3, 10) / 5, "bias2": Fraction(1, 400),
                "var_exact": Fraction(7, 2) * Fraction(3, 2) / (25 * 6)}
    assert fan_moments((3, 1), 0) == expected
    assert fan_moments((3, 1), 0, "Jeffreys") == expected
    # a numeric prior n_s = 1/3, class 1: mean (1 + 1/3)/(4 + 2/3) = 2/7, bias (2/7 - 1/4)^2
    m = fan_moments((3, 1), 1, Fraction(1, 3))
    assert (m["mean"], m["var_fan"], m["bias2"]) == (Fraction(2, 7), Fraction(2, 7) * Fraction(5, 7) / 5,
                                                     Fraction(1, 28) ** 2)


def test_error_messages():
    with pytest.raises(TypeError, match=r"^prior must be exact"):
        fan_moments((3, 1), 0, 0.5)
    with pytest.raises(ValueError, match=r"^fan_moments: an empty cell \(n = 0\) has no bias term k/n in Fan \(13\)$"):
        fan_moments((0, 0), 0)
    t = Tree.from_json('{"counts": [3, 1]}')
    with pytest.raises(ValueError, match=r"^variance must be 'fan' or 'exact', got 'x'$"):
        fan_estimate(t, variance="x")


# -- Fan (14): the estimate of a tree ----------------------------------------------------------

def test_fan_estimate_and_exact_variance_order():
    t = iris_tree()
    fan = fan_estimate(t, "jeffreys")
    exact = fan_estimate(t, "jeffreys", variance="exact")
    assert exact < fan                       # Fan's variance is the larger (denominator n + 1)
    assert_ball(fan_estimate(t, "haldane"), fan_estimate(t, "haldane", variance="exact"), 1e-12)
    with pytest.raises(ValueError, match="empty cell"):
        fan_moments((0, 0), 0)


def fan_14(leaves, ns, exact_variance):
    """Fan (14) in floats: training error rate + sum_leaves sum_y (n_i/N) sqrt(Var + Bias^2)."""
    N = sum(sum(c) for c in leaves)
    total = sum(sum(c) - max(c) for c in leaves) / N
    for counts in leaves:
        n, M = sum(counts), len(counts)
        if n == 0:
            continue
        for k in counts:
            mean = (k + ns) / (n + M * ns)
            a, b = k + ns, n - k + (M - 1) * ns
            var = a * b / ((a + b) ** 2 * (a + b + 1)) if exact_variance else mean * (1 - mean) / (1 + n)
            total += n / N * math.sqrt(var + (mean - k / n) ** 2)
    return total


def test_fan_14_against_floats():
    leaves = [(0, 0), (4, 1), (0, 1)]
    t = Tree.from_json('{"counts": [4, 2], "children": [{"counts": [0, 0]}, {"counts": [4, 1]}, {"counts": [0, 1]}]}')
    for prior, ns in (("jeffreys", 0.5), ("bayes", 1.0), ("haldane", 0.0)):
        for variance in ("fan", "exact"):
            value = fan_estimate(t, prior, variance)
            assert abs(float(value.mid()) - fan_14(leaves, ns, variance == "exact")) < 1e-12, (prior, variance)
    assert abs(float(fan_estimate(t).mid()) - fan_14(leaves, 0.5, False)) < 1e-12
