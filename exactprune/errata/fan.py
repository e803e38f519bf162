"""Errata in Fan (ICML 2016), recomputed exactly when evaluated."""
from __future__ import annotations

from fractions import Fraction

from . import DOMAIN, Erratum, refutation
from ..formatting import fraction_str


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


def _case(name: str) -> dict:
    from ..theorems import fan
    return getattr(fan, name)


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
    Erratum("fan-refinement", "Fan (2016), section 3.2.1 after (8)",
            "the quantized Bayes error L_bar(eta^q(A)) monotonically decreases when the learning algorithm recursively "
            "partitions leaf nodes into smaller children nodes",
            lambda: refutation("fan-refinement", _case("REFINEMENT_CASE"), _case("REFINEMENT_CASE"),
                               correct="the error L(eta^q(A)) of the quantized Bayes rule does not increase")(),
            "L_bar adds 2 int |eta - eta_bar(A_i)| mu, a mean absolute deviation about the cell mean, which a split can "
            "increase: one cell of atoms with masses 1/6, 1/6, 1/2, 1/6 and eta = 0, 0, 1/2, 1 has L_bar = "
            "L* + 5/9 = 29/36; split into {eta = 0, eta = 1/2} and {eta = 0, eta = 1} (intervals, atoms ordered "
            "0, 1/2, 0, 1 on a line) it has L* + 7/12 = 5/6. The error of the quantized Bayes rule itself never increases."),
    Erratum("fan-prop-5.2", "Fan (2016), Proposition 5.2 (appendix)",
            "L_bar(eta^q(A)) <= L_bar(eta_hat(A)) for any piecewise constant eta_hat(A) = sum_i I_{A_i} c_i, L_bar the "
            "upper bound of the generalization error of g_n(eta_hat(A))",
            lambda: refutation("fan-prop-5.2", _case("PROP_5_2_CASE"), _case("PROP_5_2_CASE"),
                               correct="L(eta^q(A)) <= L(g_n(eta_hat(A))): the errors, not the bounds")(),
            "Reading L_bar(eta_hat) as the bound (3)/(8), L* + 2 int |eta - eta_hat| mu, the constant minimising it on "
            "a cell is a median of eta, not its mean eta_bar: one cell of three equal atoms with eta = 0, 0, 1 gives "
            "L_bar(eta^q) = 8/9 against 2/3 for c = 0. The appendix's proof compares the error probabilities "
            "P{g_n(.) != Y}, and that statement holds (fan-prop-5.2-corrected)."),
]
