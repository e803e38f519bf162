"""Errata in Elomaa and Kaariainen (JAIR 2001), each recomputed exactly when evaluated."""
from __future__ import annotations

from . import HYPOTHESIS, REMARK, Erratum


def _eq1() -> dict:
    from ..theorems.ek import check_eq1
    printed = check_eq1({"n": 2, "p": "3/5", "printed": True})
    odd = check_eq1({"n": 1, "p": "11/20", "printed": True})
    corrected = check_eq1({"n": 4, "p": "3/5", "printed": False})
    return {"correct": "Pr{X_i > n_i/2} >= 1 - Phi((h - n_i(1-p))/sqrt(n_i p(1-p))) with Slud's integer "
                       "h = floor(n_i/2) + 1, valid when h <= n_i p",
            "counterexample": {"n_i": 2, "p": "3/5", "P(X_i > 1)": printed.details["P(X > n/2)"],
                               "printed_bound": printed.details["bound"],
                               "odd_case": {"n_i": 1, "p": "11/20", **odd.details},
                               "corrected_n4": corrected.details},
            "confirmed": (not printed.holds) and (not odd.holds) and corrected.holds}


def _eq2() -> dict:
    from ..theorems.ek import check_eq2
    v = check_eq2({"safe_sizes": [4, 1], "p": "11/20"})
    return {"correct": "P(pruned to a leaf) <= prod_i Pr{pos_i >= neg_i} + prod_i Pr{neg_i >= pos_i} "
                       "(Thm 4 and independence); the closed form (2) is not an upper bound for small n_i",
            "counterexample": {"safe_sizes": [4, 1], "p": "11/20", **v.details},
            "confirmed": v.holds and not v.details["printed_2_holds"]}


def _lemma5() -> dict:
    from ..theorems.ek import check_slud
    v = check_slud({"m": 1, "q": "1/20", "h": "1/20"})
    w = check_slud({"m": 1, "q": "1/20", "h": "1"})
    return {"correct": "Slud's inequality holds for integer h (Slud 1977 states it for integer k)",
            "counterexample": {"m": 1, "q": "1/20", "h": "1/20", **v.details, "integer_h_1": w.details},
            "confirmed": (not v.holds)}


def _eq5() -> dict:
    from ..theorems.ek import check_eq5
    case = {"k": 2, "n": 2, "p": "3/4", "c": "2"}
    random_p = check_eq5({**case, "P": "random"})
    expected_p = check_eq5(case)
    cause = random_p.details["per_node_keep_probability"]
    return {"correct": "(5) is not an upper bound, with the random P or with E P: its per-node factor "
                       "Phi((p - 1/2) r / sqrt(r p (1-p))) is not an upper bound on the probability that a safe "
                       "node with s <= r examples keeps a positive majority (Slud's inequality misapplied, as "
                       "in (1): erratum ek-eq1)",
            "counterexample": {**case, "random_P": random_p.details, "expected_P": expected_p.details,
                               "cause_per_node": cause},
            "confirmed": (not random_p.holds) and (not expected_p.holds)
                         and any(v["exceeds_factor"] for v in cause.values())}


def _ek4_root() -> dict:
    from ..theorems.ek import EK4_FRINGE_ROOT
    from . import refutation
    return refutation("ek-4", EK4_FRINGE_ROOT,
                      correct="Thm 4 holds when the root of T is in the interior (no original leaf child); "
                              "a root in the fringe has no parent, so no node is safe and the condition is "
                              "vacuously true")()


def _ek6_fitting_tree() -> dict:
    from ..theorems.ek import EK6_FINEST
    from . import refutation
    return refutation("ek-6", EK6_FINEST, EK6_FINEST,
                      correct="E[leaves] = EA + 1 = 2(t-1)p(1-p) + 1 for the minimal fitting tree (one leaf per run "
                              "of equal labels, as Gini CART grows it); any fitting tree without empty leaves has "
                              "EA + 1 <= E[leaves] <= t, linear in t iff 0 < p < 1")()


def _tied_leaf_label() -> dict:
    """EK Thm 1's 'the smallest of those prunings ... with minimal error' on a tree whose root ties on the
    pruning set: every pruning and every label of a pruned leaf enumerated; REP's output against them."""
    from ..peers.rep import rep_prune
    from ..tree import Tree
    tree = Tree.from_json('{"counts": [3, 3], "children": [{"counts": [3, 0]}, {"counts": [0, 3]}]}')
    pruning_set = {"root": (2, 2), "c1": (1, 1), "c2": (1, 1)}
    training = {"c1": 0, "c2": 1}                      # the original leaves keep their training labels

    def errors(counts, label):
        return sum(counts) - counts[label]
    classifiers = [("root alone", {"root": label}, errors(pruning_set["root"], label)) for label in (0, 1)]
    classifiers.append(("root, c1, c2", training, sum(errors(pruning_set[n], label) for n, label in training.items())))
    best = min(e for _, _, e in classifiers)
    smallest = [(shape, labels) for shape, labels, e in classifiers if e == best and shape == "root alone"]
    rep = rep_prune(tree, pruning_set)
    return {"correct": "unique as a structure (the root alone); as a labelled classifier unique only when no leaf of "
                       "it ties on the pruning set - REP's answer is then fixed by its tie rule (the first class)",
            "counterexample": {"tree": "root (3, 3) -> c1 (3, 0), c2 (0, 3)", "pruning_set": {
                                   name: list(c) for name, c in pruning_set.items()},
                               "minimal_errors": best,
                               "smallest_minimal_classifiers": [labels for _, labels in smallest],
                               "rep": {"pruned": rep.pruned, "labels": rep.labels, "errors": rep.errors}},
            "confirmed": len(smallest) == 2 and rep.errors == best and rep.pruned == ["root"]}


ERRATA = [
    Erratum("ek-eq1", "Elomaa & Kaariainen (2001), eq (1)",
            "Pr{X_i > n_i/2} >= 1 - Phi((p - 1/2) n_i / sqrt(n_i p (1-p)))", _eq1,
            "Slud's inequality bounds Pr{X >= h} for integer h; (1) applies it to the strict event with "
            "h = n_i/2 (EK sec 5.4 call the difference negligible). It is false for every n_i = 1, 2 and p "
            "near 1/2."),
    Erratum("ek-eq2", "Elomaa & Kaariainen (2001), eq (2)",
            "P(T pruned into a single leaf) <= Phi((p - 1/2) r / sqrt(r p (1-p)))^(k/2), r = 2n/k", _eq2,
            "Inherits the error of (1); the exact REP probability over all labelings exceeds it."),
    Erratum("ek-lemma5", "Elomaa & Kaariainen (2001), Lemma 5",
            "for m(1-q) >= h >= mq: Pr{X >= h} >= 1 - Phi((h - mq)/sqrt(mq(1-q)))", _lemma5,
            "The statement omits that h must be an integer.", kind=HYPOTHESIS),
    Erratum("ek-eq5", "Elomaa & Kaariainen (2001), eq (5)",
            "(Phi((p - .5) r / sqrt(r p (1-p))))^P upper-bounds the probability that the majority class does not "
            "change in any safe node receiving 1..cn/k examples (then P replaced by E P)", _eq5,
            "The bound fails with the random P itself, not only with E P plugged in: k = 2 safe nodes, n = 2 "
            "examples, p = 3/4, c = 2 (r = 2): the exact probability 3/4 exceeds E[(5)] = 0.711 and (5) with "
            "E P = 3/2 (0.706). The cause is the per-node factor: a safe node with 2 examples keeps a positive "
            "majority (pos >= neg) with probability 15/16 > Phi(0.816) = 0.793."),
    Erratum("ek-4-root", "Elomaa & Kaariainen (2001), Theorem 4 with the definition of safe nodes (sec 5.1)",
            "T is pruned into a single leaf iff all subtrees rooted at safe nodes are pruned and at least as many "
            "positive as negative pruning examples reach each safe node", _ek4_root,
            "Safe nodes 'belong to the fringe but have their parent in the interior'; the root has no parent. "
            "If the root has an original leaf child it is in the fringe and no node is safe, so the condition "
            "holds vacuously: root (2,2) with leaves (2,0), (0,2) receiving pruning counts (2,0), (0,1) is kept "
            "by REP. Needs the unstated hypothesis that the root is in the interior.", kind=HYPOTHESIS),
    Erratum("ek-6-fitting-tree", "Elomaa & Kaariainen (2001), Theorem 6 and its proof (sec 5.3)",
            "the expected number of leaves of the decision tree T that fits the data is EA + 1 = 2(t-1)p(1-p) + 1",
            _ek6_fitting_tree,
            "The proof shows only that a fitting tree has at least A + 1 leaves (one per run of equal labels) and "
            "then states the lower bound as the expectation. 'The decision tree that fits the data' is not "
            "unique: the tree splitting between two equally labelled points fits too, and with t = 2, p = 1/2 it "
            "has 2 leaves against the formula's 3/2. The equality needs the unstated hypothesis that T is a "
            "minimal fitting tree (Gini CART's is: checked for t <= 9, all labelings); the theorem's 'linear' "
            "survives for every fitting tree without empty leaves (A + 1 <= leaves <= t) when 0 < p < 1, while "
            "at p = 0 or 1 the minimal tree is a single leaf for every t (slope 2p(1-p) = 0).",
            kind=HYPOTHESIS),
    Erratum("ek-1-tied-leaf-label", "Elomaa & Kaariainen (2001), Theorem 1: REP's output unique as a labelled "
            "classifier", "T' is the smallest of the prunings of T with minimal error on S", _tied_leaf_label,
            "True as a structure: the smallest most accurate pruning is unique (theorem ek-1 checks it against all "
            "prunings). A leaf whose pruning examples tie can carry either label with the same error, so as a "
            "classifier it is not unique; REP's output is then fixed by its tie rule, which Table 1 leaves open.",
            kind=REMARK),
]
