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


def _thm_5_6() -> dict:
    from ..knorm import Prior, subtree_moment, leaf_moment
    from ..tree import Node, Tree
    prior = Prior(lam=0, eta=0)
    tree = Tree(Node((3, 1), [Node((2, 1)), Node((1, 0))]))
    leaf, sub = leaf_moment((3, 1), 1, prior), subtree_moment(tree.root, 1, prior)
    return {"correct": "for lam > 0 the statement holds; at lam = 0 (allowed by 0 <= eta <= lam J with "
                       "eta = 0) an ineffective split can keep the 1-norm with unequal class distributions",
            "counterexample": {"tree": tree.to_dict(), "lam": "0", "eta": "0",
                               "R_leaf": fraction_str(leaf), "R_tree": fraction_str(sub)},
            "confirmed": leaf == sub}


def _cor_5_7() -> dict:
    from ..knorm import Prior, subtree_moment, leaf_moment
    from ..tree import Node, Tree
    prior = Prior()
    tree = Tree(Node((2, 2), [Node((1, 1)), Node((1, 1))]))
    leaf, sub = leaf_moment((2, 2), 1, prior), subtree_moment(tree.root, 1, prior)
    return {"correct": "any ineffective split increases the k-norm for every k >= 2 (lam > 0); at k = 1 it "
                       "can keep it (Thm 5.6's own equality case)",
            "counterexample": {"tree": tree.to_dict(), "k": 1, "lam": "1/2", "eta": "1/2",
                               "R_leaf": fraction_str(leaf), "R_tree": fraction_str(sub)},
            "confirmed": leaf == sub}


def _thm_5_3_empty_child() -> dict:
    from ..knorm import Prior, subtree_moment, leaf_moment
    from ..tree import Node, Tree
    prior = Prior(lam="1/4", eta=0)
    tree = Tree(Node((1, 0), [Node((1, 0)), Node((0, 0))]))
    rows = {k: (fraction_str(leaf_moment((1, 0), k, prior)), fraction_str(subtree_moment(tree.root, k, prior)))
            for k in (1, 2, 3)}
    equal = all(a == b for a, b in rows.values())
    return {"correct": "add the hypothesis that every child covers fewer examples than its parent "
                       "(M_c < M_d, used in the proof, C.4), or eta > 0",
            "counterexample": {"tree": tree.to_dict(), "lam": "1/4", "eta": "0",
                               "R_leaf_and_R_tree_by_k": rows},
            "confirmed": equal}


def _c38() -> dict:
    from ..numbers import rising
    x, k = Fraction(2), 1
    true_difference = Fraction(0)  # sum_i p_i g_{k+1}(x_i) - g_{k+1}(X) with one point x = X
    printed_middle = rising(x, k) * (x + k) - rising(x, k + 1) * (x + k)
    return {"correct": "sum_i p_i g_{k+1}(x_i) - g_{k+1}(X) = sum_i p_i g_k(x_i)(x_i + k) - g_k(X)(X + k) "
                       "= sum_i p_i g_k(x_i) x_i - g_k(X) X  (proofs/lemma_5_2_identity.py)",
            "counterexample": {"k": k, "x": "2", "X": "2", "p": "1", "true_difference": "0",
                               "printed_middle_term": fraction_str(printed_middle)},
            "confirmed": printed_middle != true_difference}


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
    Erratum("zhong-5.6-lam0", "Zhong Theorem 5.6",
            "if 0 <= eta <= lam J, an ineffective split maintains the 1-norm iff all classes are equally "
            "distributed in each leaf", _thm_5_6,
            "The 'only if' direction fails at lam = 0 (found by exactprune verify, zhong-5.6)."),
    Erratum("zhong-5.7-k1", "Zhong Corollary 5.7",
            "if 0 <= eta <= lam J, any ineffective split increases the k-norm error rate for any k >= 1",
            _cor_5_7, "False at k = 1 by Thm 5.6's equality case; true for k >= 2 (exactprune verify, zhong-5.7)."),
    Erratum("zhong-5.3-empty-child", "Zhong Theorem 5.3",
            "if a non-leaf subtree increases or maintains the k-norm error rate compared to its root, it "
            "increases the (k+1)-norm error rate", _thm_5_3_empty_child,
            "With eta = 0 an empty child gets weight 0 and the subtree equals its root at every k; the "
            "proof assumes M_c < M_d."),
    Erratum("zhong-C.38", "Zhong (C.38), proof of Lemma 5.2",
            "sum_i p_i g_{k+1}(x_i) - g_{k+1}(X) = sum_i p_i g_k(x_i)(x_i + k) - g_{k+1}(X)(X + k) "
            "= sum_i p_i g_k(x_i) x_i - g_{k+1}(X) X", _c38,
            "g_{k+1}(X) must be g_k(X) in the middle and last terms; the lemma itself holds."),
]
