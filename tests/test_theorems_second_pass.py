"""The second audit pass: the notes' Kearns-Mansour analysis (12.1)-(12.19), Fan's section 3 and
appendix, EK Theorem 8 and Figure 1 - expected values derived by hand in each test."""
from __future__ import annotations

from fractions import Fraction

from exactprune.errata import get_entry
from exactprune.peers.kearns_mansour import km_prune
from exactprune.peers.rep import rep_prune
from exactprune.theorems import get
from exactprune.tree import Tree


def test_km_rule_12_1_prunes_on_the_tie():
    """(12.1): eps(T*) = 1/10 (one error of 10), eps(empty) = 4/10: a penalty of 3/10 makes the two sides
    equal and the rule (>=) prunes; 29/100 keeps the split."""
    tree = Tree.from_dict({"counts": [6, 4], "children": [{"counts": [5, 0]}, {"counts": [1, 4]}]})
    assert km_prune(tree, penalty=lambda *args: Fraction(3, 10)).tree.n_leaves == 1
    assert km_prune(tree, penalty=lambda *args: Fraction(29, 100)).tree.n_leaves == 2


def test_chernoff_12_5_counterexample_by_hand():
    """One point on the path, erring with probability 1/2: eps_hat is 0 or 1, |eps - eps_hat| = 1/2 always,
    so Pr[... >= 1/2] = 1 > e^(-1/4); Hoeffding's 2 e^(-1/2) > 1 holds."""
    case = {"m": 1, "q": 1, "p": "1/2", "lam": "1/2"}
    printed, fixed = get("notes-12.5").check(case), get("notes-12.5-corrected").check(case)
    assert printed.details["probability"] == "1" and not printed.holds and fixed.holds
    assert get_entry("notes-12.5-chernoff").evaluate()["confirmed"]


def test_total_probability_12_4_by_hand():
    """m = 2, q = 1/2, p = 1/2, lam = 1/2: the deviation is 1/2 exactly when one point reaches the path
    (probability 2 (1/2)(1/2) = 1/2, then always) or two reach it and agree (1/4 * 1/2 = 1/8): 5/8."""
    verdict = get("notes-12.4").check({"m": 2, "q": "1/2", "p": "1/2", "lam": "1/2"})
    assert verdict.holds and verdict.details["direct"] == "5/8"


def test_lemma_12_2_counterexample_by_hand():
    """One path, one tree erring on half the mass, m = 1: the deviation is 1/2 on every sample, above the
    threshold sqrt(ln(10/9)) = 0.32 for delta = 9/10, so the probability is 1 > 9/10. With two trees the
    threshold is sqrt(ln(20/9)) = 0.89 > 1/2: probability 0."""
    case = {"points": [[1, 0], [1, 1]], "paths": [[1, 1]], "trees": [[0, 0]], "m": 1, "delta": "9/10"}
    assert get("notes-lemma-12.2").check(case).details["probability"] == "1"
    two = get("notes-lemma-12.2-corrected").check({**case, "trees": [[0, 0], [1, 1]]})
    assert two.holds and two.details["probability"] == "0"


def test_nested_prunings_12_17_by_hand():
    """The complete depth-2 tree (7 nodes) pruned at both children, then the root: each T*_v has 3 nodes,
    sum 9 > 7 = s_opt; 9 <= s_opt + t = 10; depths 0 + 1 + 1 = 2 <= t l_opt = 6."""
    from exactprune.theorems.notes_km import NESTED, check_counting
    assert check_counting(NESTED, "printed").details["sum_s"] == 9
    assert not check_counting(NESTED, "printed").holds and check_counting(NESTED, "corrected").holds
    assert check_counting(NESTED).holds and check_counting(NESTED).details["sum_l"] == 2


def test_telescoping_12_9_by_hand():
    """A stump whose leaves (mass 1 each, eta 1/4 and 3/4, labels 0 and 1) err 1/4 + 1/4 = 1/2 in mass 2;
    pruned to label 0 it errs 1/4 + 3/4 = 1: eps(T*) - eps_opt = (1 - 1/2)/2 = 1/4 (masses of 2)."""
    from exactprune.theorems.notes_km import _pruned_error
    stump = {"label": 0, "children": [{"mass": 1, "eta": "1/4", "label": 0, "n": 1},
                                      {"mass": 1, "eta": "3/4", "label": 1, "n": 1}]}
    assert _pruned_error(stump, {""}) - _pruned_error(stump, set()) == Fraction(1, 2)   # unnormalised masses
    assert get("notes-12.9").check({"tree": stump, "V": [""]}).holds


def test_fan_refinement_counterexample_by_hand():
    """Masses 1/6, 1/6, 1/2, 1/6 with eta = 0, 0, 1/2, 1: L* = 1/4; one cell: mean 5/12, deviation
    (5/12 + 5/12)/6 + (1/12)/2 + (7/12)/6 = 5/18; split {0, 1/2} (mean 3/8) and {0, 1} (mean 1/2):
    (3/8)/6 + (1/8)/2 + (1/2 + 1/2)/6 = 7/24, so L_bar goes from 1/4 + 5/9 to 1/4 + 7/12."""
    from exactprune.theorems.fan import REFINEMENT_CASE
    whole = Fraction(1, 4) + 2 * (Fraction(5, 12) / 6 * 2 + Fraction(1, 12) / 2 + Fraction(7, 12) / 6)
    split = Fraction(1, 4) + 2 * (Fraction(3, 8) / 6 + Fraction(1, 8) / 2 + Fraction(1, 2) / 6 * 2)
    details = get("fan-refinement").check(REFINEMENT_CASE).details
    assert (details["coarse"]["L_bar"], details["fine"]["L_bar"]) == (str(whole), str(split)) == ("29/36", "5/6")
    assert get("fan-refinement-corrected").check(REFINEMENT_CASE).holds
    assert get_entry("fan-refinement").evaluate()["confirmed"]


def test_fan_prop_5_2_counterexample_by_hand():
    """Three equal atoms eta = 0, 0, 1 in one cell: eta_bar = 1/3, 2 int|eta - 1/3| = 2 (1/3 + 1/3 + 2/3)/3 = 8/9;
    c = 0 gives 2 (1/3) = 2/3. Both rules predict 0 and err 1/3."""
    from exactprune.theorems.fan import PROP_5_2_CASE
    details = get("fan-prop-5.2").check(PROP_5_2_CASE).details
    assert (details["L_bar(eta^q)"], details["L_bar(eta_hat)"]) == ("8/9", "2/3")
    assert details["L(eta^q)"] == details["L(g(eta_hat))"] == "1/3"


def test_fan_theorem_3_1_by_hand():
    """n = 1, eta_bar = (1/2, 1/2), n_s = 0: eta_tilde is 0 or 1, E|eta_bar - eta_tilde| = 1/2 per class,
    Var = 1/4, Bias = 0: (1/2)^2 <= 1/4 holds with equality."""
    verdict = get("fan-3.1").check({"n": 1, "probs": ["1/2", "1/2"], "n_s": "0"})
    assert verdict.holds and verdict.details["classes"][0] == {"E|.|": "1/2", "Var": "1/4", "Bias^2": "0"}


def test_mcdiarmid_ek_8_by_hand():
    """n = 2 examples, k = 2 safe nodes, r = 0: f (empty nodes) is 1 with probability 1/2, else 0, E f = 1/2.
    lam = 1/2: probability 1 <= 2 e^(-1/4) = 1.56. Scaled by 3 (c_i = 3): |f - 3/2| = 3/2 >= 1 always,
    1 > 2 e^(-1) = 0.74."""
    check = get("ek-8").check
    assert check({"n": 2, "k": 2, "r": 0, "lam": "1/2"}).details["E f"] == "1/2"
    assert check({"n": 2, "k": 2, "r": 0, "lam": "1/2"}).holds
    assert not check({"n": 2, "k": 2, "r": 0, "lam": "1", "scale": 3}).holds


def test_ek_figure_1_reconstructed():
    """EK's Figure 1 example (counts missing from the text), on a tree built from its words: training
    majorities root -, left -, right +; pruning counts (negatives, positives) of the leaves 0/1 (-),
    0/1 (+), 2/0 (+), 1/0 (-). The original tree errs 1 + 2 = 3 times, a negative root 2 times."""
    tree = Tree.from_dict({"counts": [9, 8], "children": [
        {"counts": [5, 3], "children": [{"counts": [4, 1]}, {"counts": [1, 2]}]},
        {"counts": [4, 5], "children": [{"counts": [1, 4]}, {"counts": [3, 1]}]}]})
    prune = {"root": (3, 2), "c1": (0, 2), "c2": (3, 0), "c11": (0, 1), "c12": (0, 1), "c21": (2, 0), "c22": (1, 0)}
    training = rep_prune(tree, prune, labels="training")
    assert training.pruned == ["root"] and training.errors == 2            # neither subtree, yet the root
    pruning = rep_prune(tree, prune, labels="pruning")
    assert sorted(pruning.pruned) == ["c1", "c2"] and pruning.errors == 0   # both collapse, the root stays


def test_dd_table_1_rho0_by_hand():
    """At rho = 0 each cell holds both classes with equal probability 1/64 (d = 5 binary), so a tree whose
    leaves predict class 0 on x_0 = 0 and class 1 on x_0 = 1 has margin +1 or -1 with probability 1/2 each:
    s = 0, and Breiman's kappa (1 - s^2)/s^2 has no value."""
    from exactprune.rdt import correlated_distribution
    from exactprune.rdt.breiman import margin_strength
    dist = correlated_distribution((2,) * 5, 0)
    assert dist.prob((0, 1, 0, 1, 0, 0)) == dist.prob((0, 1, 0, 1, 0, 1)) == Fraction(1, 64)
    assert margin_strength(dist, [((0,), (0,), (3, 1)), ((0,), (1,), (0, 2))]) == 0
    assert get_entry("dd-table-1-rho0").evaluate()["confirmed"]


def test_notes_rep_example_at_x4():
    """Notes 12.2.1, the REP example's X_4 subtree (Figures 12.5-12.6 are missing; the counts are the text's):
    S_2 sends 2 examples of class 1 to the left leaf and 1 of class 0 plus 2 of class 1 to the right; on S_1 X_4
    has 3 of class 1 and 1 of class 0, so its pruned leaf says 1.  "The subtree error is therefore 2" fixes the
    leaves' labels: left 1 (0 errors), right 0 (2 errors) - the other labellings give 3 (left 0, right 1), 1 or 4.
    The pruned leaf errs once (the class-0 example): 1 < 2, X_4 is pruned."""
    errors = {(a, b): (2 if a == 0 else 0) + (2 if b == 0 else 1) for a in (0, 1) for b in (0, 1)}
    assert [labels for labels, e in errors.items() if e == 2] == [(1, 0)]
    x4 = Tree.from_json('{"counts": [1, 3], "children": [{"counts": [0, 3]}, {"counts": [1, 0]}]}')
    result = rep_prune(x4, {"root": (1, 4), "c1": (0, 2), "c2": (1, 2)})
    assert result.pruned == ["root"] and result.labels == {"root": 1} and result.errors == 1
    kept = rep_prune(x4, {"root": (1, 4), "c1": (0, 2), "c2": (1, 2)}, ties="keep")
    assert kept.pruned == ["root"]          # 1 < 2: pruned whatever the tie rule
