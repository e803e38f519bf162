"""Errata in Fan (ICML 2016), recomputed exactly when evaluated."""
from __future__ import annotations

from fractions import Fraction

from . import DOMAIN, Erratum
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
        rejected = False
    except ValueError:
        rejected = True
    mass, n = Fraction(1, 4), 2
    empty = (1 - mass) ** n      # a cell of true mass f(A_i) = 1/4 receives none of n = 2 samples
    return {"correct": "outside (13)'s domain: Bias needs n_i > 0. An empty cell cannot simply be skipped as if "
                       "f(A_i) = 0: f(A_i) is the true cell mass, positive for a cell that happens to be empty; "
                       "the paper gives no rule for such a cell's term in (14)",
            "counterexample": {"counts": [0, 0], "bias_term": "k/n = 0/0", "rejected_by_library": rejected,
                               "f(A_i)": fraction_str(mass), "n": n,
                               "P(cell empty)": fraction_str(empty)},
            "confirmed": rejected and empty > 0}


ERRATA = [
    Erratum("fan-13-variance", "Fan (2016), eq (13)", "Var(eta_i^y) = eta_hat (1 - eta_hat) / (1 + n_i)",
            _variance,
            "The Dirichlet posterior variance has denominator A + 1 = n_i + M n_s + 1; (13) agrees only for "
            "the Haldane prior n_s = 0, and overstates the variance by the factor (n_i + M n_s + 1)/(n_i + 1) "
            "for the Jeffreys and Bayes priors."),
    Erratum("fan-13-empty", "Fan (2016), eq (13)", "(Bias)^2 = (eta_hat - k_i^y / n_i)^2", _empty,
            "Fan's estimator is defined only for non-empty cells (n_i > 0): a domain note, not an error. An "
            "empty cell is not a zero-mass cell - with f(A_i) = 1/4 and n = 2 samples it is empty with "
            "probability 9/16 - so dropping its term (f(A_i) = 0) is not a fix.", kind=DOMAIN),
]
