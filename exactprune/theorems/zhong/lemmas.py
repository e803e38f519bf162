"""Zhong's Lemmas 5.1 and 5.2 checked: the rising-factorial inequalities behind Theorem 5.3.

Each lemma is about an implicitly defined number (s with f_k(B_c, M_c) = f_k(s, M_d); X with
sum_i p_i g_k(x_i) = g_k(X)); it is bracketed by exact rationals, halving until the sign of the
conclusion is certain.  Lemma 5.2's proof line (C.38) prints g_{k+1}(X)(X+k) where g_k(X)(X+k)
is meant (see proofs/lemma_5_2_identity.py).
"""
from __future__ import annotations

from fractions import Fraction

from .. import Theorem, Verdict, expand_corrections, pin, hypothesis_st as _st
from ..strategies import rationals
from ...numbers import rising
from ...formatting import fraction_str
from .notation import f_k


def _bisect_increasing(func, target: Fraction, lo: Fraction, hi: Fraction, decide, steps: int = 200):
    """Bracket the x in (lo, hi) with func(x) = target (func increasing, func(lo) < target < func(hi))
    and call decide(lo, hi) -> True/False/None after each halving; returns (decision, lo, hi)."""
    for _ in range(steps):
        verdict = decide(lo, hi)
        if verdict is not None:
            return verdict, lo, hi
        mid = (lo + hi) / 2
        value = func(mid)
        if value == target:
            return decide(mid, mid), mid, mid
        if value < target:
            lo = mid
        else:
            hi = mid
    return None, lo, hi


def _lemma_5_1_cases(mode: str = "ok"):
    st = _st()

    @st.composite
    def build(draw):
        Mc = draw(rationals(Fraction(1, 2), Fraction(30), (1, 2, 3, 4)))
        Bc = Mc * draw(rationals(Fraction(1, 16), Fraction(15, 16), (16,)))
        if mode == "ok":
            Md = Mc + draw(rationals(Fraction(1, 4), Fraction(40), (1, 2, 4)))
        elif mode == "larger":
            Md = Mc * draw(rationals(Fraction(1, 8), Fraction(7, 8), (8,)))
            if Md <= Bc:  # keep a solution s in (0, M_d): need f_k(B_c, M_c) < 1 only
                Md = (Bc + Mc) / 2
        else:
            Md = Mc
        return {"B_c": Bc, "M_c": Mc, "M_d": Md, "k": draw(st.integers(1, 6))}

    return build()


def check_5_1(case: dict) -> Verdict:
    """Lemma 5.1 (C.29)-(C.36): if f_k(B_c, M_c) = f_k(s, M_d) with 0 < B_c < M_c < M_d, then
    f_{k+1}(B_c, M_c) > f_{k+1}(s, M_d).  s is bracketed by exact rationals until the sign is certain.

    Parameters
    ----------
    case : dict
        ``B_c``, ``M_c``, ``M_d`` (rationals) and ``k`` (an int >= 1).

    Returns
    -------
    Verdict
        Holds when f_{k+1}(B_c, M_c) > f_{k+1}(s, M_d), decided exactly on a bracket of s; details
        the bracket and both values.

    Raises
    ------
    RuntimeError
        When 200 bisections do not decide (an internal error).

    Examples
    --------
    >>> verdict = check_5_1({"B_c": Fraction(1, 2), "M_c": 1, "M_d": 2, "k": 1})     # s = 1
    >>> verdict.holds, verdict.details["f_k+1(B_c,M_c)"], verdict.details["f_k+1(s_hi,M_d)"]
    (True, '3/8', '1/3')
    >>> check_5_1({"B_c": Fraction(1, 2), "M_c": 1, "M_d": 1, "k": 1}).holds      # M_c = M_d: s = B_c, equality
    False
    """
    Bc, Mc, Md, k = Fraction(case["B_c"]), Fraction(case["M_c"]), Fraction(case["M_d"]), case["k"]
    target = f_k(Bc, Mc, k) * rising(Md, k)        # g_k(s) = target
    lhs = f_k(Bc, Mc, k + 1)

    def decide(lo, hi):
        if lhs > f_k(hi, Md, k + 1):
            return True
        if lhs <= f_k(lo, Md, k + 1):
            return False
        return None

    hi = Md
    while rising(hi, k) <= target:
        hi *= 2
    decision, lo, hi = _bisect_increasing(lambda s: Fraction(rising(s, k)), target, Fraction(0), hi, decide)
    details: dict[str, object] = {k_: fraction_str(Fraction(case[k_])) for k_ in ("B_c", "M_c", "M_d")}
    details.update({"k": k, "f_k(B_c,M_c)": fraction_str(f_k(Bc, Mc, k)), "s_bracket": [fraction_str(lo), fraction_str(hi)],
                    "f_k+1(B_c,M_c)": fraction_str(lhs), "f_k+1(s_hi,M_d)": fraction_str(f_k(hi, Md, k + 1)),
                    "decided": decision is not None})
    if decision is None:
        raise RuntimeError(f"Lemma 5.1 undecided after 200 bisections: {details}")
    return Verdict(decision, details)


def _lemma_5_2_cases(mode: str = "ok"):
    st = _st()

    @st.composite
    def build(draw):
        m = draw(st.integers(1, 4))
        xs = draw(st.lists(rationals(Fraction(1, 4), Fraction(12), (1, 2, 4)), min_size=m, max_size=m))
        if draw(st.booleans()) and mode == "ok":
            xs = [xs[0]] * m  # the equality case
        raw = draw(st.lists(st.integers(1, 9), min_size=m, max_size=m))
        weights = [Fraction(r, sum(raw)) for r in raw]
        if mode == "weights_over_one":
            scale = draw(rationals(Fraction(5, 4), Fraction(3), (4,)))
            weights = [w * scale for w in weights]
        return {"x": xs, "p": weights, "k": draw(st.integers(1, 6))}

    return build()


def check_5_2(case: dict) -> Verdict:
    """Lemma 5.2 (C.37)-(C.45): if sum_i p_i g_k(x_i) = g_k(X), x_i > 0, p_i > 0, sum p_i = 1, then
    sum_i p_i g_{k+1}(x_i) >= g_{k+1}(X), with equality iff x_i = X for all i.  X is bracketed by
    exact rationals until the (strict) sign is certain; the equality case is exact.

    Parameters
    ----------
    case : dict
        ``x`` (the points x_i), ``p`` (their weights p_i) and ``k`` (an int >= 1).

    Returns
    -------
    Verdict
        Holds when sum_i p_i g_{k+1}(x_i) >= g_{k+1}(X) (strictly when the x_i differ), decided
        exactly on a bracket of X; details the bracket and both sides.

    Raises
    ------
    RuntimeError
        When 200 bisections do not decide (an internal error).

    Examples
    --------
    >>> verdict = check_5_2({"x": [1, 3], "p": [Fraction(1, 2), Fraction(1, 2)], "k": 1})   # X = 2, g_2(X) = 6
    >>> verdict.holds, verdict.details["sum_p_g_k+1"]
    (True, '7')
    >>> check_5_2({"x": [1], "p": [2], "k": 1}).holds           # weights summing to 2: 2 g_2(1) = 4 < g_2(2) = 6
    False
    """
    xs = [Fraction(x) for x in case["x"]]
    ps = [Fraction(p) for p in case["p"]]
    k = case["k"]
    target = sum(p * rising(x, k) for p, x in zip(ps, xs))
    lhs = sum(p * rising(x, k + 1) for p, x in zip(ps, xs))
    details = {"x": [fraction_str(x) for x in xs], "p": [fraction_str(p) for p in ps], "k": k,
               "sum_p": fraction_str(sum(ps)), "sum_p_g_k+1": fraction_str(lhs)}
    all_equal = len(set(xs)) == 1
    if all_equal and sum(ps) == 1:
        rhs = Fraction(rising(xs[0], k + 1))
        details.update({"X": fraction_str(xs[0]), "g_k+1(X)": fraction_str(rhs), "equality_case": True})
        return Verdict(lhs == rhs, details)

    def decide(lo, hi):
        if lhs > rising(hi, k + 1):
            return True          # strict, as required when the x_i differ
        if lhs <= rising(lo, k + 1):
            return False
        return None

    hi = max(xs) * 4 + 1
    while rising(hi, k) <= target:
        hi *= 2
    decision, lo, hi = _bisect_increasing(lambda s: Fraction(rising(s, k)), target, Fraction(0), hi, decide)
    details.update({"X_bracket": [fraction_str(lo), fraction_str(hi)], "equality_case": False,
                    "g_k+1(X_hi)": fraction_str(Fraction(rising(hi, k + 1)))})
    if decision is None:
        raise RuntimeError(f"Lemma 5.2 undecided after 200 bisections: {details}")
    return Verdict(decision, details)


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="zhong-5.1", source="Zhong 2007, Lemma 5.1, proof App C.4.1 (C.29)-(C.36)",
        statement=("If f_k(B_c, M_c) = f_k(s, M_d) and 0 < B_c < M_c < M_d, then f_{k+1}(B_c, M_c) > f_{k+1}(s, M_d) "
                   "(of two leaves with equal k-norm, the smaller has the higher (k+1)-norm)."),
        hypotheses="0 < B_c < M_c < M_d (real), k >= 1; s solves the equation (certified rational bracket)",
        cases=_lemma_5_1_cases, check=check_5_1,
        violations=lambda: _st().one_of(_lemma_5_1_cases("larger"), _lemma_5_1_cases("equal")),
        violation_note=("M_c > M_d (the larger leaf): the inequality reverses; M_c = M_d: equality (s = B_c), "
                        "not strict."),
        default_examples=100),
    Theorem(
        id="zhong-5.2", source="Zhong 2007, Lemma 5.2, proof App C.4.2 (C.37)-(C.45)",
        statement=("If sum_i p_i g_k(x_i) = g_k(X), x_i > 0, p_i > 0, sum p_i = 1, then sum_i p_i g_{k+1}(x_i) >= "
                   "g_{k+1}(X), with equality iff x_i = X for all i."),
        hypotheses="x_i > 0, p_i > 0, sum_i p_i = 1, k >= 1",
        cases=_lemma_5_2_cases, check=check_5_2, violations=lambda: _lemma_5_2_cases("weights_over_one"),
        violation_note=("weights summing to more than 1 (not an average): fails, e.g. one x with p = 2: "
                        "g_{k+1}(X) = 2 g_k(x)(X+k) > 2 g_k(x)(x+k)."),
        default_examples=100),
])

#: boundary cases (policy point 4) of the statements above that do not pin them in their record
THEOREMS = pin(THEOREMS, {
    "zhong-5.1": ({"B_c": Fraction(1, 32), "M_c": Fraction(1, 2), "M_d": Fraction(3, 4), "k": 1},
                  {"B_c": Fraction(1, 2), "M_c": Fraction(1), "M_d": Fraction(2), "k": 6}),
    "zhong-5.2": ({"x": [Fraction(1, 4)], "p": [Fraction(1)], "k": 1},
                  {"x": [Fraction(1, 4), Fraction(12)], "p": [Fraction(1, 2), Fraction(1, 2)], "k": 6},
                  {"x": [Fraction(2), Fraction(2)], "p": [Fraction(1, 3), Fraction(2, 3)], "k": 1}),
})
