"""Checked statements of the lecture notes on decision trees (papers/002, section 12.1):
the G(q) example of Figure 12.3 and the properties claimed for the splitting cost functions.

Cost functions (binary, q = fraction of positives): the leaf error min(q, 1-q), Gini 2q(1-q),
half the binary entropy (1/2)[q log2(1/q) + (1-q) log2(1/(1-q))], and sqrt(q(1-q)).
Inequalities involving logs and square roots are certified with arb balls; everything else is
exact.  The notes call the functions "convex"; they are concave (see exactprune.errata.notes).

>>> gini(Fraction(4, 5)), leaf_error(Fraction(4, 5))          # the notes: 0.32 and 0.2
(Fraction(8, 25), Fraction(1, 5))
"""
from __future__ import annotations

from fractions import Fraction

import flint

from . import Theorem, Verdict, pin
from .strategies import rationals
from ..numbers import arb_of, certified_sign, fraction_str

COSTS = ("gini", "entropy", "sqrt")


def _st():
    from hypothesis import strategies as st
    return st


def leaf_error(q: Fraction) -> Fraction:
    """G(q) = min(q, 1 - q), the leaf error (notes 12.1.2)."""
    return min(q, 1 - q)


def gini(q: Fraction) -> Fraction:
    """G(q) = 2q(1 - q), the Gini index as written in the notes (CART).

    >>> gini(Fraction(3, 5)) / 2 + gini(Fraction(1)) / 2     # the notes: 0.24
    Fraction(6, 25)
    """
    return 2 * q * (1 - q)


def cost_arb(name: str, q: Fraction) -> flint.arb:
    """G(q) as a certified ball at the current precision, for name in gini/entropy/sqrt/
    leaf_error/unnormalized_gini (q(1-q), used as a violation)."""
    q = Fraction(q)
    if name == "gini":
        return arb_of(gini(q))
    if name == "leaf_error":
        return arb_of(leaf_error(q))
    if name == "unnormalized_gini":
        return arb_of(q * (1 - q))
    if name == "sqrt":
        return arb_of(q * (1 - q)).sqrt()
    if name == "entropy":
        total = flint.arb(0)
        for x in (q, 1 - q):
            if x > 0:
                total += -arb_of(x) * arb_of(x).log()
        return total / (2 * flint.arb(2).log())
    raise ValueError(f"unknown cost function {name!r}")


def _sign(expr) -> int:
    return certified_sign(expr)


# -------------------------------------------------------------------------- the G(q) example

def example_values() -> dict:
    """The example of Figure 12.3: q = 0.8, tau = 0.5, p = 0.6 (h = 0), r = 1 (h = 1), exactly.

    >>> v = example_values()
    >>> v["min_before"], v["min_after"], v["gini_before"], v["gini_after"]
    (Fraction(1, 5), Fraction(1, 5), Fraction(8, 25), Fraction(6, 25))
    """
    tau, p, r = Fraction(1, 2), Fraction(3, 5), Fraction(1)
    q = tau * r + (1 - tau) * p
    return {"q": q, "min_before": leaf_error(q), "min_after": tau * leaf_error(r) + (1 - tau) * leaf_error(p),
            "gini_before": gini(q), "gini_after": tau * gini(r) + (1 - tau) * gini(p)}


def check_gq(case: dict) -> Verdict:
    """Notes 12.1.4: for a split of q into r (prob. tau) and p (prob. 1 - tau) with p, r on the same
    side of 1/2, the leaf-error cost does not drop (it is linear there), while the Gini cost drops by
    exactly 2 tau (1 - tau) (r - p)^2 > 0 when p != r; the printed numbers 0.2 -> 0.2, 0.32 -> 0.24."""
    tau, p, r = (Fraction(case[x]) for x in ("tau", "p", "r"))
    q = tau * r + (1 - tau) * p
    min_drop = leaf_error(q) - (tau * leaf_error(r) + (1 - tau) * leaf_error(p))
    gini_drop = gini(q) - (tau * gini(r) + (1 - tau) * gini(p))
    closed = 2 * tau * (1 - tau) * (r - p) ** 2
    ex = example_values()
    printed_ok = (ex["q"] == Fraction(4, 5) and ex["min_before"] == ex["min_after"] == Fraction(1, 5)
                  and ex["gini_before"] == Fraction(32, 100) and ex["gini_after"] == Fraction(24, 100))
    holds = printed_ok and min_drop == 0 and gini_drop == closed and (gini_drop > 0) == (p != r)
    return Verdict(holds, {"tau": fraction_str(tau), "p": fraction_str(p), "r": fraction_str(r), "q": fraction_str(q),
                           "min_drop": fraction_str(min_drop), "gini_drop": fraction_str(gini_drop),
                           "2tau(1-tau)(r-p)^2": fraction_str(closed), "printed_example_reproduced": printed_ok})


def _gq_cases(same_side: bool = True):
    st = _st()
    half = Fraction(1, 2)

    @st.composite
    def build(draw):
        tau = draw(rationals(Fraction(1, 20), Fraction(19, 20), (20,)))
        upper = draw(st.booleans())
        if same_side:
            lo, hi = (half, Fraction(1)) if upper else (Fraction(0), half)
            p, r = draw(rationals(lo, hi, (10, 20))), draw(rationals(lo, hi, (10, 20)))
        else:
            p = draw(rationals(Fraction(0), Fraction(9, 20), (20,)))
            r = draw(rationals(Fraction(11, 20), Fraction(1), (20,)))
        return {"tau": tau, "p": p, "r": r}

    printed = {"tau": Fraction(1, 2), "p": Fraction(3, 5), "r": Fraction(1)}
    return st.one_of(st.just(printed), build()) if same_side else build()


# -------------------------------------------------------------------------- cost properties

def check_cost_properties(case: dict) -> Verdict:
    """Notes 12.1.2 criteria, corrected: G symmetric (G(q) = G(1-q), exact), strictly concave
    (G(t q1 + (1-t) q2) > t G(q1) + (1-t) G(q2) for q1 != q2, 0 < t < 1; certified) and
    G(q) >= min(q, 1-q) (certified; equality checked exactly at q in {0, 1/2, 1})."""
    import sympy
    name = case["G"]
    q, q1, q2, t = (Fraction(case[x]) for x in ("q", "q1", "q2", "t"))
    details = {"G": name, "q": fraction_str(q), "q1": fraction_str(q1), "q2": fraction_str(q2), "t": fraction_str(t)}
    # symmetry: exact (sympy, logs included)
    s = sympy.Rational(q.numerator, q.denominator)
    forms = {"gini": lambda x: 2 * x * (1 - x), "unnormalized_gini": lambda x: x * (1 - x),
             "sqrt": lambda x: sympy.sqrt(x * (1 - x)), "leaf_error": lambda x: sympy.Min(x, 1 - x),
             "entropy": lambda x: sum((-y * sympy.log(y, 2) if y != 0 else 0) for y in (x, 1 - x)) / 2}
    symmetric = sympy.simplify(forms[name](s) - forms[name](1 - s)) == 0
    # strict concavity: certified
    mix = t * q1 + (1 - t) * q2
    concave = _sign(lambda: cost_arb(name, mix) - arb_of(t) * cost_arb(name, q1)
                    - arb_of(1 - t) * cost_arb(name, q2)) > 0
    # G(q) >= min(q, 1-q)
    if q in (0, Fraction(1, 2), 1) and name != "unnormalized_gini":
        exact_value = sympy.nsimplify(forms[name](s))
        above_min = exact_value >= sympy.Rational(leaf_error(q).numerator, leaf_error(q).denominator)
        details["G(q)_exact"] = str(exact_value)
    else:
        above_min = _sign(lambda: cost_arb(name, q) - arb_of(leaf_error(q))) >= 0 if q not in (0, 1) else \
            cost_arb(name, q) >= 0
    details.update({"symmetric": bool(symmetric), "strictly_concave": concave, "G_at_least_min": bool(above_min),
                    "G(q)_approx": float(cost_arb(name, q).mid())})
    return Verdict(bool(symmetric) and concave and bool(above_min), details)


def _cost_cases(names=COSTS):
    st = _st()

    @st.composite
    def build(draw):
        q1 = draw(rationals(Fraction(0), Fraction(1), (2, 3, 4, 5, 7, 10)))
        q2 = draw(rationals(Fraction(0), Fraction(1), (2, 3, 4, 5, 7, 10)).filter(lambda x: x != q1))
        return {"G": draw(st.sampled_from(list(names))), "q": draw(rationals(Fraction(0), Fraction(1), (2, 3, 4, 5, 8))),
                "q1": q1, "q2": q2, "t": draw(rationals(Fraction(1, 10), Fraction(9, 10), (10,)))}

    return build()


def _cost_violations():
    st = _st()
    known = [{"G": "unnormalized_gini", "q": Fraction(1, 4), "q1": Fraction(0), "q2": Fraction(1), "t": Fraction(1, 2)},
             {"G": "leaf_error", "q": Fraction(1, 4), "q1": Fraction(3, 5), "q2": Fraction(1), "t": Fraction(1, 2)}]
    return st.one_of(st.sampled_from(known), _cost_cases(("unnormalized_gini", "leaf_error")))


THEOREMS = [
    Theorem(
        id="notes-gq-example", source="Lecture notes 12.1.4, Figure 12.3 (papers/002)",
        statement=("With q = 0.8 split into p = 0.6 and r = 1 (tau = 0.5), min(q,1-q) gives 0.2 before and after; "
                   "Gini 2q(1-q) gives 0.32 before and 0.24 after. In general (p, r on one side of 1/2): no drop "
                   "for min(q,1-q), a drop of exactly 2 tau(1-tau)(r-p)^2 for Gini."),
        hypotheses="p and r on the same side of 1/2 (where min(q,1-q) is linear), 0 < tau < 1",
        cases=lambda: _gq_cases(True), check=check_gq, violations=lambda: _gq_cases(False),
        violation_note=("p and r on opposite sides of 1/2: min(q,1-q) is not linear across 1/2 and the leaf "
                        "error does drop, so the 'no progress' example does not generalise there."),
        default_examples=100),
    Theorem(
        id="notes-cost-properties", source="Lecture notes 12.1.2-12.1.4 and Figure 12.4 (papers/002)",
        statement=("Gini 2q(1-q), half-entropy and sqrt(q(1-q)) are symmetric about 1/2, strictly concave (the notes "
                   "say 'convex': erratum notes-convex) and satisfy G(q) >= min(q,1-q)."),
        hypotheses="G one of the three cost functions of the notes (each with G(1/2) = 1/2)",
        cases=_cost_cases, check=check_cost_properties, violations=_cost_violations,
        violation_note=("symmetry and concavity alone do not give G >= min(q,1-q): q(1-q) is symmetric and "
                        "concave but q(1-q) = 3/16 < 1/4 at q = 1/4 (erratum notes-guarantee); min(q,1-q) itself is "
                        "concave but not strictly (no drop on one side of 1/2)."),
        default_examples=60),
]

#: boundary cases (policy point 4): p = 0, r = 1/2 (the ends of a side of 1/2), tau near 0;
#: q = 0, q = 1/2, q = 1 for each cost function
THEOREMS = pin(THEOREMS, {
    "notes-gq-example": ({"tau": Fraction(1, 2), "p": Fraction(0), "r": Fraction(1, 2)},
                         {"tau": Fraction(1, 20), "p": Fraction(1, 2), "r": Fraction(1)}),
    "notes-cost-properties": tuple({"G": g, "q": Fraction(0), "q1": Fraction(1, 2), "q2": Fraction(1), "t": Fraction(1, 2)}
                                   for g in ("gini", "entropy", "sqrt")),
})
