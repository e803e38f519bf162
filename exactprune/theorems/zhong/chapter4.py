"""Zhong's chapter 4 checked: the k-th moment of a subtree (Thm 4.1 / Cor 4.2) and effective splits (Thm 4.3).

Theorem 4.1 / Corollary 4.2 are the package's only statistical checks (Monte Carlo, tolerance in
standard errors, the seed in every verdict); Theorem 4.3 is decided exactly.  Finding: Thm 4.3
needs both of its conditions - eta > lam*J and lam > 1/((K-1)(J-1)) each admit effective splits
that do not decrease the 1-norm (``theorem_4_3_counterexamples``).
"""
from __future__ import annotations

from fractions import Fraction

from .. import Theorem, Verdict, expand_corrections, pin, hypothesis_st as _st
from ..strategies import ETAS, LAMS, count_trees, rationals, to_tree
from ...formatting import fraction_str
# the shared helpers (hypothesis_st above, those of notation.py) keep, as local aliases, the private
# names the checks were written with
from .notation import one_level_case as _case, prior_show as _prior_show

MC_SAMPLES = 20000
MC_Z = 5  # tolerance, in standard errors


# ------------------------------------------------------------------------------------------
# Theorem 4.1 and Corollary 4.2: Monte Carlo
# ------------------------------------------------------------------------------------------

def _mc_cases(routing: str = "hard", coupling: str = "independent", ks=(1, 2, 3, 4)):
    st = _st()
    return st.fixed_dictionaries({
        "tree": count_trees((2, 3), max_depth=2, max_children=3, max_count=10),
        "lam": st.sampled_from(list(LAMS)), "eta": st.sampled_from([e for e in ETAS if e > 0]),
        "k": st.sampled_from(list(ks)), "mc_seed": st.integers(0, 2 ** 31 - 1),
        "routing": st.just(routing), "coupling": st.just(coupling)})


def _mc_violations():
    st = _st()
    sharp = {"tree": {"counts": [30, 6], "children": [{"counts": [30, 0]}, {"counts": [0, 6]}]},
             "lam": Fraction(1, 2), "eta": Fraction(1, 2), "k": 2, "mc_seed": 7}
    return st.one_of(
        st.just({**sharp, "routing": "soft", "coupling": "independent"}),
        st.just({**sharp, "routing": "hard", "coupling": "sorted"}),
        _mc_cases("soft", "independent", ks=(2, 3, 4)),
        _mc_cases("hard", "sorted"))


def check_4_1(case: dict) -> Verdict:
    """Thm 4.1 / Cor 4.2 (4.8), (4.10), (4.28): the Monte Carlo mean of r^k, drawing the class and
    child probabilities from the posterior and routing X, agrees with the exact
    sum_c E[r_c^k] P*[A_c|A_d] within ``MC_Z`` standard errors.

    Parameters
    ----------
    case : dict
        ``tree`` (a count tree in dict form, as for :func:`~exactprune.theorems.strategies.to_tree`),
        ``lam``, ``eta``, ``k``, ``mc_seed`` and optionally ``routing`` ("hard", the default) and
        ``coupling`` ("independent", the default), passed to
        :func:`exactprune.montecarlo.simulate_knorm`.

    Returns
    -------
    Verdict
        Holds when the Monte Carlo mean is within ``MC_Z`` standard errors of the exact (4.28);
        details both, the standard error, z and the seed.

    See Also
    --------
    exactprune.knorm.subtree_moment : the exact (4.28).
    exactprune.montecarlo.simulate_knorm : the simulation.

    Examples
    --------
    >>> case = {"tree": {"counts": [2, 2], "children": [{"counts": [2, 0]}, {"counts": [0, 2]}]},
    ...         "lam": Fraction(1, 4), "eta": Fraction(1, 2), "k": 1, "mc_seed": 1}
    >>> verdict = check_4_1(case)          # each leaf: (0 + 1/4)/(2 + 1/2) = 1/10, so (4.28) = 1/10
    >>> verdict.holds, verdict.details["exact_4.28"], verdict.details["samples"]
    (True, '1/10', 20000)
    """
    from ...knorm import Prior, subtree_moment
    from ...montecarlo import simulate_knorm
    tree = to_tree(case["tree"])
    prior = Prior(case["lam"], case["eta"], "J-1")
    exact_value = subtree_moment(tree.root, case["k"], prior)
    est = simulate_knorm(tree.root, case["k"], case["lam"], case["eta"], MC_SAMPLES, case["mc_seed"],
                         case.get("routing", "hard"), case.get("coupling", "independent"))
    z = abs(est.mean - float(exact_value)) / max(est.stderr, 1e-12)
    return Verdict(z <= MC_Z, {"tree": case["tree"], **_prior_show(prior), "k": case["k"],
                               "routing": case.get("routing", "hard"),
                               "coupling": case.get("coupling", "independent"),
                               "exact_4.28": fraction_str(exact_value), "exact_approx": float(exact_value),
                               "monte_carlo_mean": est.mean, "standard_error": est.stderr,
                               "z": round(z, 3), "tolerance_z": MC_Z, "samples": est.samples,
                               "mc_seed": est.seed})


# ------------------------------------------------------------------------------------------
# Theorem 4.3
# ------------------------------------------------------------------------------------------

def _b(counts) -> int:
    return sum(counts) - max(counts)


def _effective(tree: dict) -> bool:
    return sum(_b(c["counts"]) for c in tree["children"]) <= _b(tree["counts"]) - 1


def _cases_4_3(eta_mode: str = "ok", lam_mode: str = "ok"):
    """One-level effective splits; eta_mode/lam_mode 'ok' (within the conditions) or 'over'."""
    st = _st()

    @st.composite
    def build(draw):
        tree = draw(count_trees((2, 3, 4), max_depth=1, max_children=4, max_count=12).filter(_effective))
        J, K = len(tree["counts"]), len(tree["children"])
        bound = Fraction(1, (K - 1) * (J - 1))
        if lam_mode == "ok":
            lam = bound * draw(rationals(Fraction(1, 8), Fraction(1), (1, 2, 3, 4, 8)))
        else:
            lam = bound * draw(rationals(Fraction(9, 8), Fraction(12), (1, 2, 4)))
        if eta_mode == "ok":
            eta = lam * J * draw(rationals(Fraction(0), Fraction(1), (1, 2, 3, 4)))
        else:
            eta = lam * J * draw(rationals(Fraction(9, 8), Fraction(40), (1, 2, 4)))
        return {"tree": tree, "lam": lam, "eta": eta}

    return build()


def check_4_3(case: dict) -> Verdict:
    """Thm 4.3: an effective split (sum_c b_c < b_t) decreases the 1-norm: r_tree < r_leaf (C.19)-(C.20).

    Parameters
    ----------
    case : dict
        ``tree`` (a count tree in dict form, its root split into leaves), ``lam`` and ``eta``.

    Returns
    -------
    Verdict
        Holds when r_tree < r_leaf, exactly; details both, J, K and the theorem's two bounds.

    Examples
    --------
    >>> split = {"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}
    >>> verdict = check_4_3({"tree": split, "lam": Fraction(1), "eta": Fraction(2)})   # both bounds met
    >>> verdict.holds, verdict.details["r_tree"], verdict.details["r_leaf"]
    (True, '1/4', '1/3')
    >>> check_4_3({"tree": {"counts": [10, 1], "children": [{"counts": [10, 0]}, {"counts": [0, 1]}]},
    ...            "lam": Fraction(1, 2), "eta": Fraction(100)}).holds                    # eta > lam J
    False
    """
    from ...knorm import Prior, leaf_moment, subtree_moment
    tree = to_tree(case["tree"])
    prior = Prior(case["lam"], case["eta"], "J-1")
    J, K = tree.n_classes, len(tree.root.children)
    r_leaf = leaf_moment(tree.root.counts, 1, prior)
    r_tree = subtree_moment(tree.root, 1, prior)
    return Verdict(r_tree < r_leaf, {"tree": case["tree"], **_prior_show(prior), "J": J, "K": K,
                                     "lam_bound_1/((K-1)(J-1))": fraction_str(Fraction(1, (K - 1) * (J - 1))),
                                     "eta_bound_lam*J": fraction_str(prior.lam * J),
                                     "r_leaf": fraction_str(r_leaf), "r_tree": fraction_str(r_tree),
                                     "r_tree_minus_r_leaf": fraction_str(r_tree - r_leaf)})


def theorem_4_3_counterexamples() -> dict:
    """Exact effective splits violating one condition of Thm 4.3 at a time, each with
    r_tree >= r_leaf (so each condition is needed):

    >>> ce = theorem_4_3_counterexamples()
    >>> ce["eta_over_lam_J"]["r_tree"] >= ce["eta_over_lam_J"]["r_leaf"]
    True
    >>> ce["lam_over_bound"]["r_tree"] >= ce["lam_over_bound"]["r_leaf"]
    True
    """
    from ...knorm import Prior, leaf_moment, subtree_moment
    out = {}
    examples = {
        # eta > lam*J (lam within its bound): weights near uniform favour the tiny noisy child
        "eta_over_lam_J": ({"counts": [10, 1], "children": [{"counts": [10, 0]}, {"counts": [0, 1]}]},
                           Fraction(1, 2), Fraction(100)),
        # lam > 1/((K-1)(J-1)) (eta = lam*J, within its bound)
        "lam_over_bound": ({"counts": [9, 1], "children": [{"counts": [9, 0]}, {"counts": [0, 1]}]},
                           Fraction(2), Fraction(4)),
        # lam > 1/((K-1)(J-1)) even with eta = 0
        "lam_over_bound_eta_0": ({"counts": [10, 13], "children": [{"counts": [0, 4]}, {"counts": [10, 9]}]},
                                 Fraction(3), Fraction(0)),
    }
    for key, (data, lam, eta) in examples.items():
        tree = to_tree(data)
        prior = Prior(lam, eta, "J-1")
        out[key] = {"tree": data, "lam": lam, "eta": eta, "r_leaf": leaf_moment(tree.root.counts, 1, prior),
                    "r_tree": subtree_moment(tree.root, 1, prior)}
    return out


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="zhong-4.1", source="Zhong 2007, Theorem 4.1 and Corollary 4.2, (4.8), (4.10), (4.11), (4.28)",
        statement=("E_X|A_d[r_d^k] = sum_c E_X|A_c[r_c^k] P[A_c|A_d]; with r_c independent of P[A_c|A_d], "
                   "E[r_d^k] = sum_c E[r_c^k] E_P[P[A_c|A_d]] = (4.28). Checked by Monte Carlo: posterior draws "
                   f"of class and child probabilities and routed inputs, {MC_SAMPLES} samples, tolerance {MC_Z} "
                   "standard errors, seed in every verdict."),
        hypotheses="Partitioning, Determinacy (hard routing), r_c independent of P[A_c|A_d]; lam > 0",
        cases=_mc_cases, check=check_4_1, violations=_mc_violations,
        violation_note=("soft routing (P[A_c|A_d,X] in (0,1), Determinacy violated; k >= 2) or errors coupled "
                        "with child probabilities (independence violated): the Monte Carlo mean departs from "
                        "(4.28) by many standard errors (e.g. root (30,6) -> (30,0),(0,6), lam = eta = 1/2, k = 2)."),
        default_examples=12),
    Theorem(
        id="zhong-4.3", source="Zhong 2007, Theorem 4.3, proof App C.3 (C.19)-(C.24)",
        statement="If 0 <= eta <= lam J and lam <= 1/((K_t-1)(J-1)), any effective split decreases the 1-norm error.",
        hypotheses="effective split (sum_c b_c <= b_t - 1); 0 <= eta <= lam J; lam <= 1/((K-1)(J-1))",
        cases=_cases_4_3, check=check_4_3,
        violations=lambda: _st().one_of(_cases_4_3(eta_mode="over"), _cases_4_3(lam_mode="over")),
        violation_note=("both conditions are needed. eta > lam J: root (10,1) -> (10,0),(0,1), lam = 1/2, eta = 100: "
                        "r_tree = 121/844 > r_leaf = 1/8. lam > 1/((K-1)(J-1)): root (9,1) -> (9,0),(0,1), lam = 2, "
                        "eta = 4: r_tree = 2/9 > r_leaf = 3/14; even with eta = 0: (10,13) -> (0,4),(10,9), lam = 3: "
                        "r_tree = 258/575 > r_leaf = 13/29 (theorem_4_3_counterexamples())."),
        default_examples=150),
])

#: boundary cases (policy point 4) of the statements above that do not pin them in their record
THEOREMS = pin(THEOREMS, {
    "zhong-4.1": (_case((2, 2), ((2, 0), (0, 2)), "1/4", "1/2", k=1, mc_seed=1, routing="hard",
                        coupling="independent"),
                  _case((3, 1), ((2, 1), (1, 0)), 2, 2, k=4, mc_seed=2, routing="hard", coupling="independent")),
    "zhong-4.3": (_case((3, 1), ((3, 0), (0, 1)), 1, 2), _case((3, 1), ((3, 0), (0, 1)), 0, 0),
                  _case((2, 2), ((2, 0), (0, 2)), 1, 0),
                  _case((2, 2, 2), ((2, 0, 0), (0, 2, 0), (0, 0, 2)), "1/4", "3/4")),
})
