"""Errata in Zhong's dissertation found by exact computation (chapters 3-6, App A-C).

Every entry recomputes its correct value with the library when evaluated.
"""
from __future__ import annotations

from fractions import Fraction

from . import DOMAIN, HYPOTHESIS, REMARK, Erratum, refutation
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


def _case(counts, children, lam, eta) -> dict:
    return {"tree": {"counts": list(counts), "children": [{"counts": list(c)} for c in children]},
            "lam": lam, "eta": eta, "numerator": "J-1"}


_PURE_SPLIT = _case((3, 0), ((2, 0), (1, 0)), "0", "0")
_INEFFECTIVE = _case((3, 1), ((2, 1), (1, 0)), "0", "0")
_UNIFORM = _case((2, 2), ((1, 1), (1, 1)), "1/2", "1/2")
_LAM0_5_9 = _case((10, 9), ((10, 0), (0, 9)), "0", "1/2")
_EMPTY_5_3 = _case((1, 0), ((1, 0), (0, 0)), "1/4", "0")
_EMPTY_5_6 = _case((2, 1), ((2, 1), (0, 0)), "1/2", "0")
_EMPTY_5_9 = _case((10, 10), ((10, 0), (0, 10), (0, 0)), "1/2", "0")

def _c77() -> dict:
    from ..knorm import Prior
    from ..theorems.zhong import leaf_BM
    prior, counts = Prior(Fraction(1, 2), Fraction(1, 2)), (1, 2, 0)
    B, M = leaf_BM(counts, prior)
    printed = max(counts) + (len(counts) - 1) * prior.lam
    return {"correct": "M_s - B_s = max_j n_{j,s} + lam (B = b + (J-1) lam, M = n + J lam); the inequality "
                       "of (C.77) survives, both sides shifting by lam",
            "counterexample": {"counts": list(counts), "J": 3, "lam": "1/2", "M_s - B_s": fraction_str(M - B),
                               "printed_max+(J-1)lam": fraction_str(printed)},
            "confirmed": M - B != printed and M - B == max(counts) + prior.lam}


def _c79() -> dict:
    from ..knorm import Prior
    from ..theorems.zhong import leaf_BM
    prior, k = Prior(Fraction(1, 2), Fraction(1, 2)), 1
    Bd, Md = leaf_BM((0, 50, 50), prior)
    Bs, Ms = leaf_BM((0, 49, 5), prior)
    eps = Md + Bs - Ms - Bd
    lhs = (Md + k) * (Bs + k) / ((Ms + k) * (Bd + k))
    printed = 1 + (eps * k + Md * Bs - Ms * Bd) / ((Ms + k) * (Md + k))
    correct = 1 + (eps * k + Md * Bs - Ms * Bd) / ((Ms + k) * (Bd + k))
    return {"correct": "(M_d + k)(B_s + k) / ((M_s + k)(B_d + k)) = 1 + (eps k + M_d B_s - M_s B_d) / "
                       "((M_s + k)(B_d + k)); the necessity proof survives (for large k the true fraction is "
                       "the larger, so (C.82)'s inequality holds)",
            "counterexample": {"d": [0, 50, 50], "s": [0, 49, 5], "lam": "1/2", "k": k,
                               "B_d": fraction_str(Bd), "M_d": fraction_str(Md), "B_s": fraction_str(Bs),
                               "M_s": fraction_str(Ms), "lhs": fraction_str(lhs),
                               "printed_rhs": fraction_str(printed), "corrected_rhs": fraction_str(correct)},
            "confirmed": lhs == correct and lhs != printed}


def _lam0(number: str, printed: str, case: dict, why: str, explanation: str) -> Erratum:
    """Zhong Thm ``number`` needs the unstated hypothesis lam > 0: its check fails on ``case``
    (lam = 0) and the corrected statement holds on the same tree with lam = 1/4."""
    return Erratum(f"zhong-{number}-lam0", f"Zhong Theorem {number}", printed,
                   refutation(f"zhong-{number}", case, {**case, "lam": "1/4"}, f"add the hypothesis lam > 0 {why}"),
                   explanation, kind=HYPOTHESIS)


def _empty_child(number: str, printed: str, case: dict, explanation: str) -> Erratum:
    """A domain note: Zhong Thm ``number``'s check fails on ``case``, which has an empty node (eta = 0),
    outside Table A.1 (n_t > 0 for every node)."""
    return Erratum(f"zhong-{number}-empty-child", f"Zhong Theorem {number} (Table A.1: n_t > 0)", printed,
                   refutation(f"zhong-{number}", case,
                              correct="outside the notation: Table A.1 requires n_t > 0 for every node"),
                   explanation + " Table A.1 excludes empty nodes: a domain note, not an erratum.", kind=DOMAIN)


def _table_6_3_abalone_sign() -> dict:
    """Table 6.3 (leaves, 5%), abalone, 2-norm against CCP: the printed sign against the printed P
    and the stated rule (a difference is marked only when P < 5%), decided on the printed decimals
    as exact rationals; the pooled two-sample t statistic from the printed means and sds (20 runs
    each) is exact as t^2, its P value an approximation for the reader."""
    from ..experiments import PRINTED, printed_p_check
    row = PRINTED["leaves"][5]["abalone"]
    printed = row["2-norm:CCP"]
    p = Fraction(str(printed["p"]))
    (m1, s1), (m2, s2) = [(Fraction(str(row[m]["mean"])), Fraction(str(row[m]["std"]))) for m in ("2-norm", "CCP")]
    t_squared = (m1 - m2) ** 2 / ((s1 ** 2 + s2 ** 2) / 20)
    check = next(r for r in printed_p_check() if (r["table"], r["ratio"], r["database"], r["other"])
                 == ("leaves", 5, "abalone", "CCP"))
    return {"correct": "no sign (blank): P = 6.3% is not below 5%; the summary row then reads 4 wins, 4 losses",
            "counterexample": {"printed_means": {"2-norm": str(m1), "CCP": str(m2)},
                               "printed_sds": {"2-norm": str(s1), "CCP": str(s2)},
                               "printed_P_percent": str(p), "printed_sign": printed["sign"],
                               "t_squared_pooled": fraction_str(t_squared),
                               "P_percent_two_sample_range": [decimal_str(Fraction(check["lo"]), 3),
                                                              decimal_str(Fraction(check["hi"]), 3)]},
            "confirmed": printed["sign"] != "" and p >= 5}


def _table_a1_b() -> dict:
    """Table A.1's b_t row as printed, n_{j,t} - max_j n_{j,t} for every j, against its own description
    (the misclassified training examples) and constraint (0 <= b_t / n_t), on iris's node c2."""
    from ..tree import iris_tree
    counts = list(iris_tree().node("c2").counts)
    printed = [n_j - max(counts) for n_j in counts]
    label = counts.index(max(counts))
    misclassified = sum(n for j, n in enumerate(counts) if j != label)
    c19 = sum(counts) - max(counts)
    return {"correct": "b_t = n_t - max_j n_{j,t}, as (C.19) and Figure 4.1 (n_t - n_{Label(t),t}) use it",
            "counterexample": {"node": "c2", "counts": counts, "printed_n_jt_minus_max_per_j": printed,
                               "misclassified_examples": misclassified, "n_t_minus_max": c19},
            "confirmed": c19 == misclassified and misclassified not in printed and min(printed) < 0}


def _figure_b1_alpha() -> dict:
    """Figure B.1(c)'s alpha range as printed (0 <= alpha < 0.0133) against CCP on the iris tree: the
    4-leaf tree is the smallest minimiser of R(T) + alpha |T| only from alpha = 1/150 on."""
    from ..casestudy import round_like
    from ..peers.ccp import ccp_sequence
    from ..tree import iris_tree
    stages = {s.leaves: s for s in ccp_sequence(iris_tree()).stages}
    b, c = stages[7], stages[4]
    at_zero = {"tree_b_7_leaves": fraction_str(b.cost), "tree_c_4_leaves": fraction_str(c.cost)}
    return {"correct": f"{round_like('0.0067', c.alpha_from)} <= alpha < {round_like('0.0133', c.alpha_to)} "
                       f"(exactly {fraction_str(c.alpha_from)} <= alpha < {fraction_str(c.alpha_to)}); for "
                       f"0 <= alpha < {fraction_str(b.alpha_to)} CCP keeps tree (b)",
            "counterexample": {"alpha": "0", "R_alpha_at_0": at_zero,
                               "tree_c_range": [fraction_str(c.alpha_from), fraction_str(c.alpha_to)]},
            "confirmed": c.alpha_from > 0 and b.cost < c.cost}


def _lam_infinity() -> dict:
    """Zhong 6.3: 'when lam = infinity, the estimated error rate is (J-1)/J for all nodes and thus the tree
    will be pruned to only one node', read with Figure 4.1's epsilon (policy point 7 of
    :mod:`exactprune.theorems`).  At lam = infinity every leaf's k-th moment is ((J-1)/J)^k and every
    subtree's, a weighted average of its leaves' with weights summing to 1, is the same, so Figure 4.1's
    strict test R_tree < R_leaf - epsilon fails at every node for every epsilon >= 0: one node, as printed.
    As lam grows (iris, k = 2, eta = 1/2), R_leaf - R_tree at the root tends to 0 like 1/lam: epsilon = 0
    keeps 3 leaves at every lam tried, epsilon = 10^-6 prunes to the root from some lam on."""
    from ..knorm import Prior, leaf_moment, prune, subtree_moment
    from ..tree import iris_tree
    tree = iris_tree()
    J, k, eta, epsilon = tree.n_classes, 2, Fraction(1, 2), Fraction(1, 10 ** 6)
    found = {}
    for lam in (10 ** 3, 10 ** 6, 10 ** 12):
        prior = Prior(Fraction(lam), eta)
        leaf, sub = leaf_moment(tree.root.counts, k, prior), subtree_moment(tree.root, k, prior)
        found[str(lam)] = {"leaves_epsilon_0": prune(tree, k, prior=prior).tree.n_leaves,
                           "leaves_epsilon_1e-6": prune(tree, k, prior=prior, epsilon=epsilon).tree.n_leaves,
                           "root_leaf_E_r2": fraction_str(leaf),
                           "root_leaf_minus_full_tree_E_r2": decimal_str(leaf - sub, 3)}
    limit = Fraction(J - 1, J) ** k
    return {"correct": "true at lam = infinity (every estimate ((J-1)/J)^k, a tie at every node, which Figure "
                       "4.1's strict test prunes for every epsilon >= 0); as lam -> infinity the result depends on "
                       "epsilon: epsilon > 0 prunes to one node for large lam, epsilon = 0 keeps splits (iris: "
                       "3 leaves)",
            "counterexample": {"tree": "iris", "J": J, "k": k, "eta": "1/2", "epsilon": "1/1000000",
                               "limit_estimate": fraction_str(limit), "by_lam": found},
            "confirmed": (all(v["leaves_epsilon_0"] == 3 for v in found.values())
                          and found[str(10 ** 12)]["leaves_epsilon_1e-6"] == 1)}


def _lam0_iris() -> dict:
    """Zhong 6.3: lam = lam0 V / J with V = L / (J N) and lam0 = 100 'so that lam is approximately 0.5'
    on iris: on App B's fully grown tree (Figure B.1(a), J = 3, N = 150) and on a tenfold
    cross-validation training fold (N = 135) whose grown tree has 6 leaves."""
    from ..casestudy import round_like
    from ..tree import iris_tree
    tree = iris_tree()
    L, J, N = tree.n_leaves, tree.n_classes, tree.root.n
    lam = Fraction(100 * L, J * J * N)
    fold = Fraction(100 * 6, J * J * 135)
    return {"correct": f"lam = 100 L/(J^2 N) = 100 * {L}/({J}^2 * {N}) = {fraction_str(lam)} = "
                       f"{decimal_str(lam, 4)} on App B's tree; {fraction_str(fold)} = {decimal_str(fold, 4)} "
                       f"for a fold of N = 135 with 6 leaves",
            "counterexample": {"L": L, "J": J, "N": N, "lam": fraction_str(lam), "rounded": round_like("0.5", lam),
                               "fold": {"L": 6, "N": 135, "lam": fraction_str(fold)}},
            "confirmed": lam == Fraction(16, 27) and fold == Fraction(40, 81)}


def _lemma_5_1_lam0() -> dict:
    """Zhong Lemma 5.1 as stated in chapter 5 ('if two leaves have the same k-norm error rate, the smaller
    leaf has higher (k+1)-norm error rate'), at lam = 0 which Table A.1 allows: the pure leaves (1,0) and
    (2,0) both have every moment 0.  The proof's restatement (C.29) adds 0 < B_c; the registered
    zhong-5.1 (which checks (C.29)) holds on its pinned case."""
    from ..knorm import Prior, leaf_moment
    from ..theorems import get
    prior = Prior(Fraction(0), Fraction(0))
    small, large = (1, 0), (2, 0)
    moments = {str(k): [fraction_str(leaf_moment(c, k, prior)) for c in (small, large)] for k in (1, 2)}
    theorem = get("zhong-5.1")
    corrected = theorem.check(theorem.pinned[0])
    return {"correct": "add the hypothesis 0 < B_c (lam > 0 or a misclassified example), as (C.29) states it",
            "counterexample": {"lam": "0", "smaller_leaf": list(small), "larger_leaf": list(large),
                               "E[r^k] by k (smaller, larger)": moments,
                               "corrected_form": {"case": {key: str(v) for key, v in theorem.pinned[0].items()},
                                                  "holds": corrected.holds}},
            "confirmed": moments["1"][0] == moments["1"][1] and moments["2"][0] == moments["2"][1]
                         and corrected.holds}


def _split_1norm(parent_children, lam: Fraction, eta: Fraction) -> dict:
    """The 1-norms (4.29), (4.11) of a node as a leaf and of its split into the given leaves."""
    from ..knorm import Prior, leaf_moment, subtree_moment
    from ..tree import Node
    node = Node(tuple(map(sum, zip(*parent_children))), [Node(tuple(c)) for c in parent_children])
    prior = Prior(lam, eta)
    r_leaf, r_tree = leaf_moment(node.counts, 1, prior), subtree_moment(node, 1, prior)
    misclassified = [sum(c) - max(c) for c in parent_children]
    return {"parent": list(node.counts), "children": [list(c) for c in parent_children], "lam": fraction_str(lam),
            "eta": fraction_str(eta), "b_parent": node.n - max(node.counts), "b_children": misclassified,
            "r_leaf": fraction_str(r_leaf), "r_tree": fraction_str(r_tree), "r_tree_minus_r_leaf": fraction_str(r_tree - r_leaf)}


def _mep_end_cut() -> dict:
    """Zhong 4.4, after Thm 4.3: 'since MEP can be represented by the 1-norm pruning with eta = 0 and flexible lam,
    we see that it never prunes any end-cuts, as long as they are effective' - at lam = 10 (J = K = 2, beyond
    Thm 4.3's lam <= 1/((K-1)(J-1)) = 1) the effective end-cut (4,6) -> (0,3),(4,3) raises the 1-norm."""
    case = _split_1norm(((0, 3), (4, 3)), Fraction(10), Fraction(0))
    effective = sum(case["b_children"]) <= case["b_parent"] - 1
    return {"correct": "MEP never prunes an effective end-cut when lam <= 1/((K_t - 1)(J - 1)), Thm 4.3's own "
                       "condition; for larger lam it can",
            "counterexample": case,
            "confirmed": effective and Fraction(case["r_tree"]) > Fraction(case["r_leaf"])}


def _thm_4_3_settings() -> dict:
    """Thm 4.3's condition lam <= 1/((K_t-1)(J-1)) against the experiments' lam = eta = 1/2 (section 6.3, App B):
    for a 3-way split of 3 classes the condition asks lam <= 1/4, and the effective split (0,4,1) ->
    (0,0,1),(0,2,0),(0,2,0) raises the 1-norm at lam = eta = 1/2."""
    case = _split_1norm(((0, 0, 1), (0, 2, 0), (0, 2, 0)), Fraction(1, 2), Fraction(1, 2))
    return {"correct": "no guarantee: Thm 4.3 needs lam <= 1/((K-1)(J-1)) = 1/4 here; binary splits (K = 2) of 3 "
                       "classes are covered up to lam = 1/2",
            "counterexample": case,
            "confirmed": Fraction(case["r_tree"]) > Fraction(case["r_leaf"])}


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
    Erratum("zhong-table-6.3-abalone", "Zhong Table 6.3 (5%), abalone, 2-norm vs CCP",
            "sign '-' (significantly larger) with P = 6.3%", _table_6_3_abalone_sign,
            "The stated rule marks a difference only when the t-test's P is below 5%; the printed P "
            "(6.3%, which the pooled two-sample t-test reproduces from the printed means and sds within "
            "their rounding) is not, so the sign should be blank. It is the only one of the 112 "
            "printed signs that breaks the rule (tests/experiments/test_printed.py)."),
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
    _lam0("5.3", "if a non-leaf subtree increases or maintains the k-norm error rate compared to its root, it "
                 "increases the (k+1)-norm error rate", _PURE_SPLIT,
          "(used by Lemma 5.1: 0 < B_c); Table A.1 allows lam = 0",
          "At lam = 0 a pure node split into pure leaves, (3,0) -> (2,0),(1,0), has R_tree = R_leaf = 0 at "
          "every k. The same tree with lam = 1/4 satisfies the corrected statement."),
    _lam0("5.5", "for any sub-tree, its k-norm error rate is a strictly increasing function of k", _PURE_SPLIT,
          "(the error is then not deterministic)",
          "At lam = 0 (allowed by Table A.1) pure leaves give r = 0 almost surely: every k-norm is 0."),
    _lam0("5.6", "if 0 <= eta <= lam J, an ineffective split maintains the 1-norm iff all classes are equally "
                 "distributed in each leaf", _INEFFECTIVE, "(with it the statement holds)",
          "At lam = 0 (0 <= eta <= lam J with eta = 0) every ineffective split keeps the 1-norm, e.g. "
          "(3,1) -> (2,1),(1,0): r_tree = r_leaf = 1/4 with non-uniform leaves (found by exactprune verify)."),
    Erratum("zhong-5.7-k1", "Zhong Corollary 5.7",
            "if 0 <= eta <= lam J, any ineffective split increases the k-norm error rate for any k >= 1",
            refutation("zhong-5.7", _UNIFORM, _UNIFORM,
                       "any ineffective split increases the k-norm for every k >= 2 (lam > 0); at k = 1 it "
                       "can keep it (Thm 5.6's own equality case)"),
            "False at k = 1 by Thm 5.6's equality case, (2,2) -> (1,1),(1,1); true for k >= 2 with lam > 0 "
            "(Thm 5.3). At lam = 0 a pure split keeps every k-norm at 0."),
    _lam0("5.8", "for any sub-tree, the limit of its k-norm error rate is unity as k approaches infinity",
          {**_PURE_SPLIT, "eps": "1/10"}, "(some leaf with B_c > 0 suffices)",
          "At lam = 0 with pure leaves E[r^k] = 0 for every k: the limit is 0."),
    _lam0("5.9", "the subtree at d reduces the k-norm for all k >= 1 iff max_j n_{j,d} = max_j n_{j,c} for all "
                 "its leaves c", _LAM0_5_9, "(the necessity proof, C.75-C.85, needs B_c > 0)",
          "At lam = 0, (10,9) -> (10,0),(0,9) has R_tree = 0 < R_leaf for every k although the leaves' "
          "maxima differ."),
    _empty_child("5.3", "if a non-leaf subtree increases or maintains the k-norm error rate compared to its root, "
                        "it increases the (k+1)-norm error rate", _EMPTY_5_3,
                 "With eta = 0 an empty child gets weight 0 and the subtree equals its root at every k, e.g. "
                 "(1,0) -> (1,0),(0,0), lam = 1/4 (the proof's M_c < M_d fails)."),
    _empty_child("5.6", "an ineffective split maintains the 1-norm iff all classes are equally distributed in "
                        "each leaf", _EMPTY_5_6,
                 "With eta = 0 the empty child of (2,1) -> (2,1),(0,0) has weight 0: the 1-norm is kept with "
                 "non-uniform leaves (lam = 1/2)."),
    _empty_child("5.9", "the subtree at d reduces the k-norm for all k >= 1 iff max_j n_{j,d} = max_j n_{j,c} for "
                        "all its leaves c", _EMPTY_5_9,
                 "With eta = 0 the empty leaf of (10,10) -> (10,0),(0,10),(0,0) has weight 0, so the subtree "
                 "helps at every k although that leaf's maximum (0) differs from the root's (10)."),
    Erratum("zhong-C.38", "Zhong (C.38), proof of Lemma 5.2",
            "sum_i p_i g_{k+1}(x_i) - g_{k+1}(X) = sum_i p_i g_k(x_i)(x_i + k) - g_{k+1}(X)(X + k) "
            "= sum_i p_i g_k(x_i) x_i - g_{k+1}(X) X", _c38,
            "g_{k+1}(X) must be g_k(X) in the middle and last terms; the lemma itself holds."),
    Erratum("zhong-C.77", "Zhong (C.77), proof of Theorem 5.9 (necessity)",
            "M_s - B_s = max_j n_{j,s} + (J - 1) lam <= max_j n_{j,d} + (J - 1) lam = M_d - B_d", _c77,
            "With Table A.1's B_t = b_t + (J-1) lam and M_t = n_t + J lam, M_t - B_t = max_j n_{j,t} + lam; the "
            "printed (J-1) lam is right only for J = 2 (proofs/appendix_c_steps.py)."),
    Erratum("zhong-C.79", "Zhong (C.79), proof of Theorem 5.9 (necessity); inherited by (C.82)",
            "(M_d + k)(B_s + k) / ((M_s + k)(B_d + k)) = 1 + (eps k + M_d B_s - M_s B_d) / ((M_s + k)(M_d + k))",
            _c79,
            "The denominator must be (M_s + k)(B_d + k). Found by checking Appendix C step by step "
            "(proofs/appendix_c_steps.py); the theorem is unaffected."),
    Erratum("zhong-table-A.1-b", "Zhong Table A.1, row b_t",
            "b_t = n_{j,t} - max_j n_{j,t}: number of misclassified training examples in node t; "
            "0 <= b_t / n_t <= B_t / M_t <= (J-1)/J", _table_a1_b,
            "As printed the row contradicts itself: n_{j,t} - max_j n_{j,t} <= 0 for every j (j is free), so the "
            "row's own constraint 0 <= b_t / n_t leaves only b_t = 0, never the misclassified count its "
            "description names. (C.19), Figure 4.1 (n_t - n_{Label(t),t}) and (4.29) all use n_t - max_j n_{j,t}, "
            "so nothing downstream inherits the slip. Judged a genuine inconsistency of the text, not an "
            "extraction artefact: the same table renders n_t and n_{j,t} correctly in four other rows "
            "(M_{j,t} = n_{j,t} + lam, M_t = n_t + J lam, the n_{j,t} and n_t rows), so the extraction does "
            "not confuse the two subscripts elsewhere; only the original print could settle it for certain."),
    Erratum("zhong-B.1-alpha", "Zhong Figure B.1(c) caption", "(c) 0 <= alpha < 0.0133", _figure_b1_alpha,
            "Tree (c) (4 leaves) is CCP's choice only from alpha = 1/150 = 0.0067 on: at alpha = 0 its cost 2/75 "
            "exceeds tree (b)'s 1/150, and (b)'s own caption is 0 <= alpha < 0.0067, so the two printed ranges "
            "overlap. Every other alpha of the captions (b)-(f) is the exact CCP alpha rounded to four "
            "decimals and k = 1, 2, infinity are exact (proofs/figure_b1_captions.py); the k breakpoint of "
            "(d)-(e) is erratum zhong-B.1-breakpoint."),
    Erratum("zhong-6.3-lam-infinity", "Zhong section 6.3",
            "When lam = infinity, the estimated error rate is (J-1)/J for all nodes and thus the tree will be "
            "pruned to only one node", _lam_infinity,
            "A remark, not an erratum: at lam = infinity the statement holds (every estimate is ((J-1)/J)^k, "
            "every node ties, and Figure 4.1's strict test R_tree < R_leaf - epsilon prunes a tie for every "
            "epsilon >= 0). The limit is discontinuous: as lam grows, R_leaf - R_tree at the iris root is of order "
            "1/lam, so any fixed epsilon > 0 prunes to one node for large lam (epsilon = 10^-6: 1 leaf at lam = "
            "10^12), while epsilon = 0 exactly keeps the root split and c2 (3 leaves at lam = 10^3, 10^6, 10^12). "
            "Zhong states nothing about the limit.", kind=REMARK),
    Erratum("zhong-6.3-lam0-iris", "Zhong section 6.3",
            "lam0 can be set to 100, so that lam is approximately 0.5 for this database (Iris)", _lam0_iris,
            "A remark, not an erratum: the sentence reports Zhong's unstated preliminary experiments, and "
            "'approximately' is a heuristic. With the stated heuristic lam = lam0 V / J, V = L / (J N), App B's "
            "fully grown tree (L = 8, J = 3, N = 150) gives 16/27 = 0.59; a cross-validation training fold "
            "(N = 135) growing 6 leaves gives 40/81 = 0.49. App B itself uses lam = 0.5; the k = 2 tree is the "
            "same at 1/2 and 16/27 (3 leaves).", kind=REMARK),
    Erratum("zhong-5.1-lam0", "Zhong Lemma 5.1 (chapter 5)",
            "If two leaves have the same k-norm error rate, the smaller leaf (the leaf receiving fewer training "
            "instances) has higher (k+1)-norm error rate", _lemma_5_1_lam0,
            "At lam = 0 (Table A.1 allows it) two pure leaves, (1,0) and (2,0), have every moment 0: equal "
            "k-norms, equal (k+1)-norms. The proof's restatement (C.29) carries the hypothesis 0 < B_c, which the "
            "chapter-5 statement omits; the same lam = 0 boundary as Thms 5.3-5.9 (zhong-5.3-lam0).",
            kind=HYPOTHESIS),
    Erratum("zhong-4.3-mep", "Zhong section 4.4, after Theorem 4.3 (MEP never prunes effective end-cuts)",
            "Since MEP can be represented by the 1-norm pruning with eta = 0 and flexible lam, we see that it never "
            "prunes any end-cuts, as long as they are effective", _mep_end_cut,
            "Thm 4.3 gives the conclusion only for lam <= 1/((K_t-1)(J-1)); 'flexible lam' goes beyond it. At J = K = 2, "
            "eta = 0, lam = 10 (m = J lam = 20 in MEP's m-estimate) the effective split (4,6) -> (0,3),(4,3) (4 "
            "misclassified before, 3 after) has r_leaf = 7/15 and r_tree = 2903/6210, 1/1242 more, so PruneTree at "
            "k = 1 prunes this end-cut.", kind=HYPOTHESIS),
    Erratum("zhong-4.3-settings", "Zhong Theorem 4.3 at the experiments' lam = eta = 1/2",
            "if 0 <= eta <= lam J, lam <= 1/((K_t - 1)(J - 1)) at a node t, any effective tree split decreases the "
            "1-norm error rate", _thm_4_3_settings,
            "A remark on sharpness, not an erratum: the bound on lam is needed and asymptotically sharp (J = K = 2: "
            "the effective split (n,1) -> (0,1),(n,0) with eta = 2 lam stops decreasing the 1-norm exactly at lam = "
            "(n+1)/(n-3), which tends to the bound 1; proofs/thm_4_3_sharpness.py), and it bites at the thesis' "
            "own setting lam = eta = 1/2 for 3-way splits of 3 classes (bound 1/4): (0,4,1) -> (0,0,1),(0,2,0),"
            "(0,2,0) raises the 1-norm by 2/455.", kind=REMARK),
]
