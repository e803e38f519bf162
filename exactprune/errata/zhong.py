"""Errata in Zhong's dissertation found by exact computation (chapters 3-5, App B).

Every entry recomputes its correct value with the library when evaluated.
"""
from __future__ import annotations

from fractions import Fraction

from . import Erratum
from ..numbers import decimal_str, fraction_str

PRINTED_BREAKPOINT = 25680602


def _printed_value_erratum(equation: str) -> dict:
    from ..casestudy import printed_values
    entry = next(p for p in printed_values() if p.equation == equation)
    return {"correct": f"{fraction_str(entry.exact)} = {decimal_str(entry.exact, 12)} "
                       f"(rounds to {entry.rounded})",
            "counterexample": entry.as_dict(), "confirmed": not entry.agrees}


def _breakpoint() -> dict:
    from ..knorm import Prior
    from ..sequence import knorm_sequence
    from ..tree import iris_tree
    tree = iris_tree()
    found = {}
    for numerator in ("J-1", "1"):
        seq = knorm_sequence(tree, Prior(Fraction(1, 2), Fraction(1, 2), numerator))
        entry = seq.breakpoints["c2"].as_dict()
        found[numerator] = {"breakpoint_c2": entry["breakpoint"], "real_crossing_c2": entry["crossing"],
                            "stages": [s.as_dict() for s in seq.stages]}
    correct = found["J-1"]["breakpoint_c2"]
    return {"correct": f"{correct} (the least integer k at which PruneTree prunes c2, lam = eta = 1/2, "
                       f"(4.29) as printed); with numerator b + lam it is {found['1']['breakpoint_c2']}",
            "counterexample": found,
            "confirmed": correct != PRINTED_BREAKPOINT}


def _b8_formula() -> dict:
    from ..knorm import child_weight, leaf_moment, Prior
    from ..tree import iris_tree
    t = iris_tree()
    c2, c21, c22 = t.node("c2"), t.node("c21"), t.node("c22")
    prior = Prior()
    as_printed = (leaf_moment(c21.counts, 2, prior) * child_weight(c21, c2, prior.eta)
                  + leaf_moment(c22.counts, 2, prior) * child_weight(c21, c2, prior.eta))
    correct = (leaf_moment(c21.counts, 2, prior) * child_weight(c21, c2, prior.eta)
               + leaf_moment(c22.counts, 2, prior) * child_weight(c22, c2, prior.eta))
    return {"correct": "E[r_c2^2] = E[r_c21^2] P*[A_c21|A_c2] + E[r_c22^2] P*[A_c22|A_c2] "
                       f"= {decimal_str(correct, 7)}",
            "counterexample": {"formula_as_printed": decimal_str(as_printed, 7),
                               "formula_corrected": decimal_str(correct, 7), "printed_value": "0.008427"},
            "confirmed": as_printed != correct}


ERRATA = [
    Erratum("zhong-B.1-breakpoint", "Zhong Figure B.1(d)-(e), App B.2",
            f"the k-norm pruning sequence of iris changes from (d) to (e) at k = {PRINTED_BREAKPOINT}",
            _breakpoint,
            "With (4.29) as printed (numerator b + (J-1) lam) and lam = eta = 1/2, c2 is pruned from "
            "k = 17781896 on (real crossing 17781895.87). With numerator b + lam the exact breakpoint "
            "is 25680603 (real crossing 25680602.08, whose floor is the printed number), but under "
            "that convention the k = 2 tree is not Figure B.1(d) (c211 is pruned at k = 2, c21 only at "
            "k = 3), so the figure mixes conventions. Float64 comparisons (products, lgamma with "
            "log-sum-exp, k-th roots) agree with the exact 25680603 at these k; the printed value is "
            "reproduced only by the floor of the real crossing or by a tolerance of about 1e-15 on the "
            "k-th roots (see notebooks/iris_case_study)."),
    Erratum("zhong-4.20", "Zhong (4.20)", "E[r_c1^2] = 0.00075758",
            lambda: _printed_value_erratum("4.20"),
            "The printed value is 10 times the exact one; (4.26) uses the correct value 0.000075758."),
    Erratum("zhong-B.8-value", "Zhong (B.8)", "E[r_c2^2] = 0.008427",
            lambda: _printed_value_erratum("B.8"),
            "Exact value 0.0084265 rounds to 0.008426 at the printed precision."),
    Erratum("zhong-B.8-formula", "Zhong (B.8)",
            "E[r_c2^2] = E[r_c21^2] P*[A_c21|A_c2] + E[r_c22^2] P*[A_c21|A_c2]", _b8_formula,
            "The second weight must be P*[A_c22|A_c2] (4.13); the printed number follows the corrected "
            "formula."),
]
