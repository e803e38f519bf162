"""Errata in the lecture notes on decision trees (papers/002, sections 12.1-12.2).

Every value is computed by the code (exact rationals, or certified balls) when evaluated.

>>> [e.id for e in ERRATA]
['notes-convex', 'notes-guarantee', 'notes-gini-error-bound', 'notes-min-size-dp', 'notes-weak-chain', 'notes-paths-count', 'notes-12.5-chernoff', 'notes-lemma-12.2-classes', 'notes-12.12-first-sum', 'notes-12.17-sizes']
"""
from __future__ import annotations

from fractions import Fraction

from . import HYPOTHESIS, Erratum, refutation
from ..numbers import arb_of
from ..formatting import fraction_str


def _convex() -> dict:
    from ..theorems.notes import cost_arb, gini
    from ..numbers import certified_sign
    q1, q2, t = Fraction(0), Fraction(1), Fraction(1, 2)
    mid, chord = gini(t * q1 + (1 - t) * q2), t * gini(q1) + (1 - t) * gini(q2)
    # the notes' own example: the Gini drop 0.32 - 0.24 is positive because G is concave
    drop = gini(Fraction(4, 5)) - (gini(Fraction(3, 5)) + gini(Fraction(1))) / 2
    signs: dict[str, int] = {}
    for name in ("entropy", "sqrt"):   # certified_sign calls the lambda before the loop moves on
        signs[name] = certified_sign(lambda: cost_arb(name, Fraction(1, 2))
                                     - (cost_arb(name, Fraction(1, 5)) + cost_arb(name, Fraction(4, 5))) / 2)
    return {
        "correct": "G should be concave (strictly concave for a strict drop): G(t a + (1-t) b) >= t G(a) + (1-t) G(b)",
        "counterexample": {"G": "2q(1-q)", "G(1/2)": fraction_str(mid), "(G(0) + G(1))/2": fraction_str(chord),
                           "note": "a convex G would need G(1/2) <= (G(0)+G(1))/2",
                           "gini_drop_in_notes_example": fraction_str(drop),
                           "entropy_and_sqrt_midpoint_minus_chord_sign": signs},
        "confirmed": mid > chord and drop > 0 and all(s > 0 for s in signs.values()),
    }


def _guarantee() -> dict:
    q = Fraction(1, 4)
    value = q * (1 - q)
    return {
        "correct": ("symmetry and concavity give G(x) >= x on [0, 1/2] only together with G(0) >= 0 and "
                    "G(1/2) >= 1/2 (the chord from (0, G(0)) to (1/2, G(1/2)) lies below a concave G)"),
        "counterexample": {"G": "q(1-q) (symmetric, concave)", "x": fraction_str(q), "G(x)": fraction_str(value),
                           "x_itself": fraction_str(q)},
        "confirmed": value < q,
    }


def _gini_bound() -> dict:
    # two leaves reached with probability 1/2 each, positive fractions q = 0 and q = 1/2
    probs, qs = [Fraction(1, 2), Fraction(1, 2)], [Fraction(0), Fraction(1, 2)]
    eps = sum(p * min(q, 1 - q) for p, q in zip(probs, qs))
    g_half = sum(p * q * (1 - q) for p, q in zip(probs, qs))      # G_t/2 with G = 2q(1-q)
    return {
        "correct": "eps_t >= G_t/2 = sum_l Prob[l] q_l (1 - q_l); it equals eps_t (1 - eps_t) only for a single leaf",
        "counterexample": {"leaf_probabilities": [fraction_str(p) for p in probs], "leaf_q": [fraction_str(q) for q in qs],
                           "eps_t": fraction_str(eps), "G_t/2": fraction_str(g_half),
                           "eps_t(1-eps_t)": fraction_str(eps * (1 - eps))},
        "confirmed": g_half != eps * (1 - eps) and eps >= g_half,
    }


def _min_size_dp() -> dict:
    """The DP of notes 12.2.2 run literally as printed, against the corrected DP in
    :func:`exactprune.peers.min_size.min_size_table` (itself checked against brute force)."""
    from ..peers.min_size import min_size_table
    from ..tree import Node, Tree
    tree = Tree(Node((3, 2), [Node((3, 0)), Node((0, 2))]))
    budget = 1
    inf = float("inf")

    def printed(node, k):
        """prune(k, T) as printed: leaves s_l = 1 for exactly l errors; budget split i = 1..k."""
        if not node.children:
            return 1 if node.errors == k else inf
        if node.errors <= k:
            return 1
        left, right = node.children
        options = [printed(left, i) + printed(right, k - i) + 1 for i in range(1, k + 1)]
        return min(options, default=inf)

    as_printed = printed(tree.root, budget)
    correct = min_size_table(tree, budget)["root"][budget]
    return {"correct": "leaves: s_i = 1 for every i >= l (at most i errors); split the budget over i = 0..k",
            "counterexample": {"tree": tree.to_dict(), "max_errors": budget,
                               "smallest_size_as_printed": str(as_printed), "smallest_size": str(correct)},
            "confirmed": as_printed != correct}


def _first_sum() -> dict:
    """A pruned node with sqrt(r_v / m_v) > 1: r_v of (12.16), n read as d = 2 (as in notes-paths-count)."""
    from ..numbers import certified_sign
    from ..peers.kearns_mansour import km_prune
    from ..tree import Tree
    tree = Tree.from_dict({"counts": [1, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]})
    m, delta, d = 2, Fraction(1, 2), 2
    depth, size, m_v = 0, 3, 2                                     # v the root: l_v = 0, s_v = 3, m_v = m
    r_minus_m = lambda: (depth + size) * arb_of(d).log() + arb_of(Fraction(m) / delta).log() - m_v  # noqa: E731
    pruned = km_prune(tree, delta=delta, d=d).tree.n_leaves == 1
    return {"correct": ("each term of (12.9) is at most p_v (an error difference is at most 1), so the first sum of "
                        "the bound is at most sum p_v <= 12 t log(t/delta)/m without sqrt(r_v/m_v) <= 1"),
            "counterexample": {"tree": tree.to_dict(), "m": m, "delta": fraction_str(delta), "d": d, "v": "root",
                               "l_v": depth, "s_v": size, "m_v": m_v, "r_v": "3 ln 2 + ln 4 = 5 ln 2",
                               "sqrt(r_v/m_v)": ((depth + size) * arb_of(d).log()
                                                 + arb_of(Fraction(m) / delta).log()).__truediv__(m_v).sqrt().str(6),
                               "pruned_by_km_prune": pruned},
            "confirmed": pruned and certified_sign(r_minus_m) > 0}


def _km_case(name: str) -> dict:
    from ..theorems import notes_km
    return getattr(notes_km, name)


ERRATA = [
    Erratum(id="notes-convex", source="Lecture notes 12.1.2 criterion 2 and 12.1.4 ('G() is strictly convex')",
            printed="G(T) should be convex; the drop is due to the fact that G() is strictly convex",
            compute=_convex,
            explanation=("Gini, entropy and sqrt(q(1-q)) are concave; concavity (Jensen) is what makes the cost drop "
                         "after a split: G(q) >= tau G(r) + (1-tau) G(p).")),
    Erratum(id="notes-guarantee", source="Lecture notes 12.1.2, after the two criteria",
            printed="This also guarantees G(x) >= x for 1/2 >= x >= 0",
            compute=_guarantee,
            explanation="The normalisation G(1/2) >= 1/2 (true for the three functions of the notes) is needed too.",
            kind=HYPOTHESIS),
    Erratum(id="notes-gini-error-bound", source="Lecture notes 12.1.5 (analysis using weak learning)",
            printed="eps_t >= G_t/2 = eps_t(1 - eps_t) for Gini Index",
            compute=_gini_bound,
            explanation="The inequality is right; the equality is not, for a tree with more than one leaf."),
    Erratum(id="notes-min-size-dp", source="Lecture notes 12.2.2 (minimum-size pruning with at most e errors)",
            printed="leaves: s_l = 1 and all other s_i infinite; For i = 1 ... k: I = argmin_i {s_i^0 + s_{k-i}^1}",
            compute=_min_size_dp,
            explanation=("The leaf table must mean 'at most i errors' and the budget split must include i = 0; "
                         "as printed the DP finds no pruning for a perfect split with a budget of 1.")),
    Erratum(id="notes-weak-chain", source="Lecture notes 12.1.5, the inequality chain after Lemma 12.1",
            printed="Prob[l] c_2 gamma^2 (min{q_l,1-q_l})^2 >= c_2 gamma^2 (eps_t/(2t)) (eps_t/2)^2",
            compute=lambda: refutation("notes-weak-chain", _weak_chain_case(), _weak_chain_case(),
                                       correct="(eps_t/(3t)) (eps_t/3)^2 = eps_t^3/(27t), Lemma 12.1's own constants")(),
            explanation=("Lemma 12.1 gives Prob[l] >= eps_t/(3t) and error(l) >= eps_t/3, not eps_t/(2t) and eps_t/2: "
                         "a leaf with the lemma's properties can miss the printed bound. The chain's conclusion "
                         "(>= c_3 gamma^2 G_t^3/t) survives with a smaller c_3.")),
    Erratum(id="notes-paths-count", source="Lecture notes 12.2.3 (after (12.2): the Boolean hypercube)",
            printed="|PATHS(H, l)| = 2^(l-1) C(n, l) <= n^l",
            compute=lambda: refutation("notes-paths-count", {"d": 1, "l": 1}, {"d": 1, "l": 1},
                                       correct="|PATHS(H, l)| = sum_{j<=l} 2^j C(d, j) <= (2d + 1)^l")(),
            explanation=("A path of depth j tests j distinct variables, each either way: 2^j C(d, j) predicates, "
                         "and PATHS(H, l) holds the paths of depth at most l (the root included). On {0,1}^1 with "
                         "l = 1 there are 3 (the root, x_1 = 0, x_1 = 1); the printed count and bound give 1.")),
    Erratum(id="notes-12.5-chernoff", source="Lecture notes 12.2.4, (12.5)-(12.6) (proof of Lemma 12.2)",
            printed="Pr_{S_c}[|eps(path, tree) - eps_hat(path, tree)| >= lam] <= e^(-lam^2 m_path)",
            compute=lambda: refutation("notes-12.5", _km_case("CHERNOFF_CASE"), _km_case("CHERNOFF_CASE"),
                                       correct="<= 2 e^(-2 lam^2 m_path) (Hoeffding)")(),
            explanation=("One point (m_path = 1) erring with probability 1/2 deviates by exactly 1/2: the probability "
                         "of |eps - eps_hat| >= 1/2 is 1 > e^(-1/4). Hoeffding's two-sided bound has the factor 2 and "
                         "the rate 2 lam^2; (12.6) inherits the error.")),
    Erratum(id="notes-lemma-12.2-classes", source="Lecture notes 12.2.4, Lemma 12.2 (12.3)",
            printed="the probability that some path and tree deviate by sqrt((log|PATHS| + log|TREES| + log(1/delta)) "
                    "/ m_path) is at most delta",
            compute=lambda: refutation("notes-lemma-12.2", _km_case("LEMMA_CASE"),
                                       {**_km_case("LEMMA_CASE"), "trees": [[0, 0], [1, 1]]},
                                       correct="at most delta when |PATHS| |TREES| >= 2 delta")(),
            explanation=("With one path and one tree the threshold is sqrt(ln(1/delta)/m_path); at m = 1, a tree erring "
                         "on half the mass and delta = 9/10 it is 0.32 < 1/2 = the deviation of every sample, so the "
                         "probability is 1 (also with log base 2: 0.39). With Hoeffding's bound the union gives 2 delta^2/(|PATHS||TREES|), at most "
                         "delta iff |PATHS||TREES| >= 2 delta (true for any class with two trees, or delta <= 1/2)."),
            kind=HYPOTHESIS),
    Erratum(id="notes-12.12-first-sum", source="Lecture notes 12.2.5, after (12.12)",
            printed="The first sum is bounded by 12 t log(t/delta)/m, since sqrt(r_v/m_v) is at most 1",
            compute=_first_sum,
            explanation=("r_v >= log(m/delta) while a pruned node may hold very few examples: on a 3-node tree with "
                         "m = 2, delta = 1/2 and d = 2 tests the root is pruned (km_prune) and sqrt(r_v/m_v) = "
                         "sqrt(5 ln 2 / 2) = 1.32. The bound on the error survives: bound each term of (12.9) by p_v.")),
    Erratum(id="notes-12.17-sizes", source="Lecture notes 12.2.5, before (12.17)",
            printed="the subtrees T*_{v_i} that we prune are disjoint ..., sum_{v_i in V'} s_{v_i} <= |T_opt - T*| <= s_opt",
            compute=lambda: refutation("notes-12.17-sizes", _km_case("NESTED"), _km_case("NESTED"),
                                       correct="sum_V s_v <= s_opt + t: nested prunings count a node twice")(),
            explanation=("Bottom-up pruning prunes nested subtrees: pruning both children of a complete depth-2 tree "
                         "and then its root gives s_v = 3, 3, 3, sum 9 > 7 = s_opt. Each node is counted once in "
                         "T*_w for its nearest pruned proper ancestor w and once more if it is pruned itself, so the "
                         "sum is at most s_opt + t; (12.17) still holds (checked by notes-12.17).")),
]


def _weak_chain_case() -> dict:
    from ..theorems.notes import WEAK_CHAIN_CASE
    return WEAK_CHAIN_CASE
