"""Fan's estimate (exactprune.peers.fan): its variance (13) against the exact Dirichlet variance."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from exactprune.dirichlet import moment_p
from exactprune.peers.fan import FAN_PRIORS, fan_estimate, fan_moments
from exactprune.tree import iris_tree


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


def test_fan_estimate_and_exact_variance_order():
    t = iris_tree()
    fan = fan_estimate(t, "jeffreys")
    exact = fan_estimate(t, "jeffreys", variance="exact")
    assert exact < fan                       # Fan's variance is the larger (denominator n + 1)
    assert fan_estimate(t, "haldane").overlaps(fan_estimate(t, "haldane", variance="exact"))
    with pytest.raises(ValueError, match="empty cell"):
        fan_moments((0, 0), 0)
