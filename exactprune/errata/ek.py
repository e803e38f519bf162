"""Errata in Elomaa and Kaariainen (JAIR 2001), each recomputed exactly when evaluated."""
from __future__ import annotations

from fractions import Fraction

from . import Erratum
from ..numbers import fraction_str


def _eq1() -> dict:
    from ..theorems.ek import _check_eq1
    printed = _check_eq1({"n": 2, "p": "3/5", "printed": True})
    odd = _check_eq1({"n": 1, "p": "11/20", "printed": True})
    corrected = _check_eq1({"n": 4, "p": "3/5", "printed": False})
    return {"correct": "Pr{X_i > n_i/2} >= 1 - Phi((h - n_i(1-p))/sqrt(n_i p(1-p))) with Slud's integer "
                       "h = floor(n_i/2) + 1, valid when h <= n_i p",
            "counterexample": {"n_i": 2, "p": "3/5", "P(X_i > 1)": printed.details["P(X > n/2)"],
                               "printed_bound": printed.details["bound"],
                               "odd_case": {"n_i": 1, "p": "11/20", **odd.details},
                               "corrected_n4": corrected.details},
            "confirmed": (not printed.holds) and (not odd.holds) and corrected.holds}


def _eq2() -> dict:
    from ..theorems.ek import _check_eq2
    v = _check_eq2({"safe_sizes": [4, 1], "p": "11/20"})
    return {"correct": "P(pruned to a leaf) <= prod_i Pr{pos_i >= neg_i} + prod_i Pr{neg_i >= pos_i} "
                       "(Thm 4 and independence); the closed form (2) is not an upper bound for small n_i",
            "counterexample": {"safe_sizes": [4, 1], "p": "11/20", **v.details},
            "confirmed": v.holds and not v.details["printed_2_holds"]}


def _lemma5() -> dict:
    from ..theorems.ek import _check_slud
    v = _check_slud({"m": 1, "q": "1/20", "h": "1/20"})
    w = _check_slud({"m": 1, "q": "1/20", "h": "1"})
    return {"correct": "Slud's inequality holds for integer h (Slud 1977 states it for integer k)",
            "counterexample": {"m": 1, "q": "1/20", "h": "1/20", **v.details, "integer_h_1": w.details},
            "confirmed": (not v.holds)}


def _eq5() -> dict:
    from ..theorems.ek import _check_eq5
    v = _check_eq5({"k": 2, "n": 2, "p": "3/4", "c": "2"})
    return {"correct": "(5) with P replaced by E P is an approximation, not an upper bound: the exact "
                       "probability that every safe node keeps a positive majority can exceed it",
            "counterexample": {"k": 2, "n": 2, "p": "3/4", "c": "2", **v.details},
            "confirmed": not v.holds}


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
            "The statement omits that h must be an integer."),
    Erratum("ek-eq5", "Elomaa & Kaariainen (2001), eq (5) with P := E P",
            "(Phi((p - .5) r / sqrt(r p (1-p))))^P is an upper bound for the pruning probability", _eq5,
            "With P replaced by its expectation (as EK do) the 'bound' can be exceeded."),
]
