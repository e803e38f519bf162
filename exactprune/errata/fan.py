"""Errata in Fan (ICML 2016), recomputed exactly when evaluated."""
from __future__ import annotations

from fractions import Fraction

from . import Erratum
from ..numbers import fraction_str


def _variance() -> dict:
    from ..peers.fan import fan_moments
    counts = (3, 1)
    rows = {}
    confirmed = True
    for prior in ("haldane", "jeffreys", "bayes"):
        m = fan_moments(counts, 0, prior)
        rows[prior] = {"fan_13": fraction_str(m["var_fan"]), "dirichlet_exact": fraction_str(m["var_exact"])}
        confirmed &= (m["var_fan"] == m["var_exact"]) == (prior == "haldane")
    return {"correct": "Var = eta_hat (1 - eta_hat) / (n_i + M n_s + 1) (Dirichlet posterior, Zhong 7.21)",
            "counterexample": {"counts": list(counts), "class": 0, **rows},
            "confirmed": confirmed}


def _empty() -> dict:
    from ..peers.fan import fan_moments
    try:
        fan_moments((0, 0), 0, "jeffreys")
        ok = False
    except ValueError:
        ok = True
    return {"correct": "(13)-(14) need n_i > 0 (the bias term k/n_i), and n_i + M n_s > 0 for the mean; "
                       "empty cells (f(A_i) = 0) must be skipped",
            "counterexample": {"counts": [0, 0], "bias_term": "k/n = 0/0"}, "confirmed": ok}


ERRATA = [
    Erratum("fan-13-variance", "Fan (2016), eq (13)", "Var(eta_i^y) = eta_hat (1 - eta_hat) / (1 + n_i)",
            _variance,
            "The Dirichlet posterior variance has denominator A + 1 = n_i + M n_s + 1; (13) agrees only for "
            "the Haldane prior n_s = 0, and overstates the variance by the factor (n_i + M n_s + 1)/(n_i + 1) "
            "for the Jeffreys and Bayes priors."),
    Erratum("fan-13-empty", "Fan (2016), eq (13)", "(Bias)^2 = (eta_hat - k_i^y / n_i)^2", _empty,
            "Undefined for empty cells."),
]
