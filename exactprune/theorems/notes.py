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

from dataclasses import replace
from fractions import Fraction

import flint

from . import Theorem, Verdict, correction, expand_corrections, pin
from .strategies import rationals
from ..numbers import arb_of, certified_sign
from ..formatting import fraction_str

COSTS = ("gini", "entropy", "sqrt")


def _st():
    from hypothesis import strategies as st
    return st


def leaf_error(q: Fraction) -> Fraction:
    """G(q) = min(q, 1 - q), the leaf error (notes 12.1.2).

    Parameters
    ----------
    q : Fraction
        The positive fraction at the leaf.

    Returns
    -------
    Fraction
        min(q, 1 - q).

    See Also
    --------
    cost_arb : the certified ball form, beside the other costs.

    Examples
    --------
    >>> leaf_error(Fraction(3, 10)), leaf_error(Fraction(3, 5))
    (Fraction(3, 10), Fraction(2, 5))
    """
    return min(q, 1 - q)


def gini(q: Fraction) -> Fraction:
    """G(q) = 2q(1 - q), the Gini index as written in the notes (CART).

    Parameters
    ----------
    q : Fraction
        The positive fraction at the node.

    Returns
    -------
    Fraction
        2 q (1 - q).

    See Also
    --------
    cost_arb : the certified ball form, beside the other costs.

    Examples
    --------
    >>> gini(Fraction(3, 5)) / 2 + gini(Fraction(1)) / 2     # the notes: 0.24
    Fraction(6, 25)
    """
    return 2 * q * (1 - q)


def cost_arb(name: str, q: Fraction) -> flint.arb:
    """G(q) as a certified ball at the current precision, for name in gini/entropy/sqrt/
    leaf_error/unnormalized_gini (q(1-q), used as a violation).

    Parameters
    ----------
    name : {"gini", "entropy", "sqrt", "leaf_error", "unnormalized_gini"}
        The cost function.
    q : Fraction
        The positive fraction, 0 <= q <= 1.

    Returns
    -------
    flint.arb
        A ball containing G(q) (exact for the rational costs).

    Raises
    ------
    ValueError
        For an unknown name.

    See Also
    --------
    gini, leaf_error : the exact rational forms.

    Examples
    --------
    At q = 1/2 the four normalised costs all equal 1/2 (Gini 2/4, half the entropy of a fair
    coin's 1 bit, sqrt(1/4), min(1/2, 1/2)); the unnormalised Gini is 1/4:

    >>> half, quarter = flint.fmpq(1, 2), flint.fmpq(1, 4)
    >>> [cost_arb(name, Fraction(1, 2)).contains(half) for name in ("gini", "entropy", "sqrt", "leaf_error")]
    [True, True, True, True]
    >>> cost_arb("unnormalized_gini", Fraction(1, 2)).contains(quarter)
    True
    """
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
    exactly 2 tau (1 - tau) (r - p)^2 > 0 when p != r; the printed numbers 0.2 -> 0.2, 0.32 -> 0.24.

    Parameters
    ----------
    case : dict
        ``tau`` (the probability of the branch r), ``p`` and ``r`` (the two branches' positive
        fractions).

    Returns
    -------
    Verdict
        Holds when the printed example is reproduced, the leaf-error drop is 0, the Gini drop equals
        2 tau (1 - tau) (r - p)^2 and is positive exactly when p != r; details q and both drops.

    Examples
    --------
    The printed example tau = 1/2, p = 3/5, r = 1: the Gini drop 0.32 - 0.24 = 2/25 is
    2 (1/2)(1/2)(2/5)^2; with p = 2/5 on the other side of 1/2 (outside the statement's
    hypothesis) q = 7/10 and the leaf error drops, from 3/10 to (1/2) 0 + (1/2)(2/5) = 1/5:

    >>> verdict = check_gq({"tau": Fraction(1, 2), "p": Fraction(3, 5), "r": Fraction(1)})
    >>> verdict.holds, verdict.details["gini_drop"], verdict.details["min_drop"]
    (True, '2/25', '0')
    >>> check_gq({"tau": Fraction(1, 2), "p": Fraction(2, 5), "r": Fraction(1)}).details["min_drop"]
    '1/10'
    """
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
    G(q) >= min(q, 1-q) (certified; equality checked exactly at q in {0, 1/2, 1}).

    Parameters
    ----------
    case : dict
        ``G`` (the cost's name, as for :func:`cost_arb`), ``q`` (where symmetry and G(q) >=
        min(q, 1-q) are checked), ``q1``, ``q2`` and ``t`` (the concavity chord).

    Returns
    -------
    Verdict
        Holds when all three criteria hold; details each criterion and G(q).

    See Also
    --------
    cost_arb : the certified G(q) used.

    Examples
    --------
    Gini at q = 1/4 is 3/8 >= 1/4 and strictly concave between 0 and 1; the unnormalised
    q(1 - q) is 3/16 < 1/4 there, so it fails the third criterion:

    >>> case = {"q": Fraction(1, 4), "q1": Fraction(0), "q2": Fraction(1), "t": Fraction(1, 2)}
    >>> check_cost_properties({"G": "gini", **case}).holds
    True
    >>> verdict = check_cost_properties({"G": "unnormalized_gini", **case})
    >>> verdict.holds, verdict.details["G_at_least_min"], verdict.details["strictly_concave"]
    (False, False, True)
    """
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


# -------------------------------------------------------------------------- weak learning (12.1.5)

def weak_split_drop(q: Fraction, a: Fraction, b: Fraction) -> dict:
    """The Gini drop G(q) - [tau G(r) + (1 - tau) G(p)] of a leaf with positive fraction q split by a
    hypothesis h with a = Prob[h = 1 | f = 1], b = Prob[h = 1 | f = 0] (notes 12.1.3-12.1.5):
    tau = q a + (1 - q) b, r = Prob[f = 1 | h = 1], p = Prob[f = 1 | h = 0]; a split with tau in
    {0, 1} sends everything one way and drops nothing.

    Parameters
    ----------
    q : Fraction
        The leaf's positive fraction, Prob[f = 1].
    a : Fraction
        Prob[h = 1 | f = 1].
    b : Fraction
        Prob[h = 1 | f = 0].

    Returns
    -------
    dict
        ``tau``, ``r``, ``p`` and ``drop``, all Fractions (r = p = q and drop 0 when tau is 0 or 1).

    See Also
    --------
    gini : the cost whose drop it is.

    Examples
    --------
    >>> weak_split_drop(Fraction(1, 2), Fraction(1), Fraction(0))["drop"]     # a perfect split of q = 1/2
    Fraction(1, 2)
    """
    q, a, b = Fraction(q), Fraction(a), Fraction(b)
    tau = q * a + (1 - q) * b
    if tau in (0, 1):
        return {"tau": tau, "r": q, "p": q, "drop": Fraction(0)}
    r, p = q * a / tau, q * (1 - a) / (1 - tau)
    return {"tau": tau, "r": r, "p": p, "drop": gini(q) - (tau * gini(r) + (1 - tau) * gini(p))}


def check_weak_drop(case: dict) -> Verdict:
    """Notes 12.1.5: if h beats random guessing by gamma on the balanced distribution of the leaf
    (error (1 - a)/2 + b/2 <= 1/2 - gamma, i.e. a - b >= 2 gamma), splitting the leaf by h lowers the
    Gini cost 2q(1-q) by at least 16 gamma^2 [q(1-q)]^2.  Checked exactly, together with the closed
    form drop = 2 [q(1-q)]^2 (a-b)^2 / (tau(1-tau)) (so the drop is even >= 32 gamma^2 [q(1-q)]^2).

    Parameters
    ----------
    case : dict
        ``q`` (the leaf's positive fraction), ``a`` = Prob[h = 1 | f = 1], ``b`` = Prob[h = 1 | f = 0]
        and ``gamma`` (the advantage claimed).

    Returns
    -------
    Verdict
        Holds when the Gini drop is at least 16 gamma^2 [q(1-q)]^2 and equals the closed form.

    See Also
    --------
    weak_split_drop : the drop.

    Examples
    --------
    A perfect h (a = 1, b = 0, gamma = 1/2) on q = 1/2: tau = 1/2, the drop is all of
    G(1/2) = 1/2, the bound 16 (1/4) (1/4)^2 = 1/4, the closed form 2 (1/16) / (1/4) = 1/2:

    >>> verdict = check_weak_drop({"q": Fraction(1, 2), "a": Fraction(1), "b": Fraction(0), "gamma": Fraction(1, 2)})
    >>> verdict.holds, verdict.details["drop"], verdict.details["16gamma^2[q(1-q)]^2"], verdict.details["closed_form"]
    (True, '1/2', '1/4', '1/2')
    """
    q, a, b, gamma = (Fraction(case[x]) for x in ("q", "a", "b", "gamma"))
    split = weak_split_drop(q, a, b)
    tau, drop = split["tau"], split["drop"]
    bound = 16 * gamma ** 2 * (q * (1 - q)) ** 2
    closed = 2 * (q * (1 - q)) ** 2 * (a - b) ** 2 / (tau * (1 - tau)) if tau not in (0, 1) else Fraction(0)
    details = {"q": fraction_str(q), "a": fraction_str(a), "b": fraction_str(b), "gamma": fraction_str(gamma),
               "balanced_error": fraction_str((1 - a) / 2 + b / 2), "tau": fraction_str(tau),
               "drop": fraction_str(drop), "16gamma^2[q(1-q)]^2": fraction_str(bound),
               "closed_form": fraction_str(closed)}
    return Verdict(drop >= bound and drop == closed, details)


def _weak_cases(weak: bool = True):
    st = _st()
    grid = (2, 3, 4, 5, 8, 10)

    @st.composite
    def build(draw):
        q = draw(rationals(Fraction(0), Fraction(1), grid))
        gamma = draw(st.one_of(st.just(Fraction(0)), st.just(Fraction(1, 2)), rationals(Fraction(0), Fraction(1, 2), grid)))
        if weak:
            b = draw(rationals(Fraction(0), 1 - 2 * gamma, grid))
            a = draw(rationals(b + 2 * gamma, Fraction(1), grid))
        else:     # h no better than 1/2 - gamma' with gamma' < gamma: a - b < 2 gamma, gamma > 0, 0 < q < 1
            gamma = max(gamma, Fraction(1, 10))
            q = min(max(q, Fraction(1, 10)), Fraction(9, 10))
            b = draw(rationals(Fraction(0), Fraction(1), grid))
            a = draw(rationals(Fraction(0), min(Fraction(1), b + 2 * gamma - Fraction(1, 40)), grid + (40,)))
        return {"q": q, "a": a, "b": b, "gamma": gamma}

    return build()


# -------------------------------------------------------------------------- Lemma 12.1 and its use

def leaf_table(case: dict) -> tuple:
    """(t, [(Prob[l], error(l))], eps_t) of a tree at stage t given as ``{"t": t, "leaves": [[prob, q], ...]}``
    (leaf probabilities summing to 1, q the positive fraction at the leaf); error(l) = min(q, 1-q).

    Two leaves of probability 1/2, one pure and one with q = 3/4: eps_1 = (1/2)(1/4) = 1/8.

    Parameters
    ----------
    case : dict
        ``t`` (the stage, >= 1) and ``leaves`` (one ``[Prob[l], q]`` pair per leaf, as Fractions or
        their strings).

    Returns
    -------
    tuple
        ``(t, [(Prob[l], error(l)), ...], eps_t)`` with eps_t = sum Prob[l] error(l).

    Raises
    ------
    ValueError
        When t < 1 or the leaf probabilities are negative or do not sum to 1.

    Examples
    --------
    >>> leaf_table({"t": 1, "leaves": [["1/2", "0"], ["1/2", "3/4"]]})
    (1, [(Fraction(1, 2), Fraction(0, 1)), (Fraction(1, 2), Fraction(1, 4))], Fraction(1, 8))
    >>> leaf_table({"t": 1, "leaves": [["1/2", "0"], ["1/3", "0"]]})
    Traceback (most recent call last):
    ValueError: leaf probabilities must be non-negative and sum to 1
    """
    t = int(case["t"])
    leaves = [(Fraction(p), leaf_error(Fraction(q))) for p, q in case["leaves"]]
    if t < 1:
        raise ValueError(f"Lemma 12.1 needs a stage t >= 1 (it divides by t), got {t}")
    if sum(p for p, _ in leaves) != 1 or any(p < 0 for p, _ in leaves):
        raise ValueError("leaf probabilities must be non-negative and sum to 1")
    return t, leaves, sum(p * e for p, e in leaves)


def lemma_12_1_leaves(case: dict) -> list:
    """Indices of the leaves with both properties of Lemma 12.1: Prob[l] >= eps_t/(3t) and
    error(l) >= eps_t/3.

    Parameters
    ----------
    case : dict
        ``t`` and ``leaves``, as for :func:`leaf_table`.

    Returns
    -------
    list of int
        The indices, in the order of ``leaves``.

    Examples
    --------
    >>> lemma_12_1_leaves({"t": 1, "leaves": [["1/2", "0"], ["1/2", "1/2"]]})
    [1]
    """
    t, leaves, eps = leaf_table(case)
    return [i for i, (p, e) in enumerate(leaves) if p >= eps / (3 * t) and e >= eps / 3]


def check_lemma_12_1(case: dict) -> Verdict:
    """Lemma 12.1 (notes 12.1.5): a tree at stage t (exactly t + 1 leaves: T_0 is one leaf and each step
    splits a leaf in two) has a leaf with Prob[l] >= eps_t/(3t) and error(l) >= eps_t/3.  The proof's
    two sums are checked too: the leaves without property 1, and those without property 2, each
    contribute at most eps_t/3 (the first needs error(l) <= 1/2 and t + 1 <= 2t).

    Parameters
    ----------
    case : dict
        ``t`` and ``leaves``, as for :func:`leaf_table`.

    Returns
    -------
    Verdict
        Holds when the tree has t + 1 leaves, a leaf has both properties and each of the proof's two
        sums is at most eps_t/3; details eps_t, the lemma's leaves and the two sums.

    See Also
    --------
    lemma_12_1_leaves : the leaves with both properties.

    Examples
    --------
    Stage 1, leaves (1/2, q = 0) and (1/2, q = 1/2): eps_1 = 1/4; the second leaf has
    Prob 1/2 >= 1/12 and error 1/2 >= 1/12, the first error 0 < 1/12:

    >>> verdict = check_lemma_12_1({"t": 1, "leaves": [["1/2", "0"], ["1/2", "1/2"]]})
    >>> verdict.holds, verdict.details["eps_t"], verdict.details["lemma_leaves"]
    (True, '1/4', [1])
    """
    t, leaves, eps = leaf_table(case)
    found = lemma_12_1_leaves(case)
    small = sum(p * e for p, e in leaves if p < eps / (3 * t))
    accurate = sum(p * e for p, e in leaves if e < eps / 3)
    holds = len(leaves) == t + 1 and bool(found) and small <= eps / 3 and accurate <= eps / 3
    return Verdict(holds, {"t": t, "n_leaves": len(leaves), "eps_t": fraction_str(eps), "lemma_leaves": found,
                           "mass_without_property_1": fraction_str(small),
                           "mass_without_property_2": fraction_str(accurate)})


def check_weak_chain(case: dict, third: bool = False) -> Verdict:
    """The step after Lemma 12.1 (notes 12.1.5) for the leaf ``case["leaf"]``, one with the lemma's two
    properties: Prob[l] (min{q_l, 1-q_l})^2 >= (eps_t/(2t)) (eps_t/2)^2 as printed, or with the lemma's
    own constants (eps_t/(3t)) (eps_t/3)^2 (``third``).

    Parameters
    ----------
    case : dict
        ``t`` and ``leaves``, as for :func:`leaf_table`, and ``leaf`` (the index of the leaf checked).
    third : bool, optional
        Use the lemma's constants eps_t/(3t), eps_t/3 instead of the printed eps_t/(2t), eps_t/2.

    Returns
    -------
    Verdict
        Holds when Prob[l] error(l)^2 is at least the bound; details both and the lemma's leaves.

    Examples
    --------
    On the tree of :func:`check_lemma_12_1`'s example (eps_1 = 1/4), leaf 1: Prob (error)^2 =
    (1/2)(1/2)^2 = 1/8, the printed bound (1/8)(1/8)^2 = 1/512, the lemma's (1/12)(1/12)^2 = 1/1728:

    >>> case = {"t": 1, "leaves": [["1/2", "0"], ["1/2", "1/2"]], "leaf": 1}
    >>> printed, third = check_weak_chain(case), check_weak_chain(case, third=True)
    >>> printed.holds, printed.details["Prob[l]*error(l)^2"], printed.details["bound"], third.details["bound"]
    (True, '1/8', '1/512', '1/1728')
    """
    t, leaves, eps = leaf_table(case)
    d = 3 if third else 2
    bound = eps / (d * t) * (eps / d) ** 2
    prob, error = leaves[int(case["leaf"])]
    value = prob * error ** 2
    return Verdict(value >= bound, {"eps_t": fraction_str(eps), "leaf": int(case["leaf"]),
                                    "lemma_leaves": lemma_12_1_leaves(case), "bound": fraction_str(bound),
                                    "Prob[l]*error(l)^2": fraction_str(value)})


def _stage_trees(extra_leaves: int = 0):
    """Trees at stage t as leaf tables: t + 1 (+ ``extra_leaves``) leaves, probabilities from integer
    weights (zeros allowed), q on a small grid (0, 1/2 and ties included)."""
    st = _st()

    @st.composite
    def build(draw):
        t = draw(st.integers(1, 5))
        n = t + 1 + extra_leaves
        weights = draw(st.lists(st.integers(0, 6), min_size=n, max_size=n).filter(any))
        qs = draw(st.lists(rationals(Fraction(0), Fraction(1), (2, 3, 4, 5, 10)), min_size=n, max_size=n))
        return {"t": t, "leaves": [[Fraction(w, sum(weights)), q] for w, q in zip(weights, qs)]}

    return build()


def _chain_cases(lemma_leaf: bool = True):
    """A stage-t tree with a leaf chosen among those with Lemma 12.1's properties (or, as a violation,
    among those without them)."""
    def pick(tree):
        good = set(lemma_12_1_leaves(tree))
        pool = [i for i in range(len(tree["leaves"])) if (i in good) == lemma_leaf]
        return _st().sampled_from(pool).map(lambda i: {**tree, "leaf": i})
    return _stage_trees().filter(lambda tree: len(lemma_12_1_leaves(tree)) < len(tree["leaves"]) or lemma_leaf
                                 ).flatmap(pick)


# -------------------------------------------------------------------------- |PATHS(H, l)| (12.2.3)

def path_predicates(d: int, depth: int, side: int = 2) -> set:
    """The distinct path predicates of depth at most ``depth`` over the tests x_i >= alpha
    (1 <= alpha < side) of the grid {0..side-1}^d, each as the non-empty set of points it accepts;
    side = 2 is the Boolean hypercube with the single-variable tests of the notes.  Enumerated.

    Parameters
    ----------
    d : int
        The dimension, >= 1.
    depth : int
        The largest path depth, >= 0 (depth 0: only the root's predicate, every point).
    side : int, optional
        The grid's side, >= 2.

    Returns
    -------
    set of frozenset
        Each predicate as the frozenset of grid points (tuples) it accepts.

    Raises
    ------
    ValueError
        When d < 1, depth < 0 or side < 2.

    Examples
    --------
    >>> len(path_predicates(1, 1))           # the root, x_1 = 0, x_1 = 1
    3
    """
    from itertools import product
    if d < 1 or depth < 0 or side < 2:
        raise ValueError(f"need d >= 1, depth >= 0, side >= 2; got {d}, {depth}, {side}")
    points = frozenset(product(range(side), repeat=d))
    tests = [(i, alpha) for i in range(d) for alpha in range(1, side)]
    found, frontier = {points}, {points}
    for _ in range(depth):
        frontier = {frozenset(x for x in s if (x[i] >= alpha) == out)
                    for s in frontier for i, alpha in tests for out in (True, False)} - {frozenset()}
        found |= frontier
    return found


def check_paths_count(case: dict, printed: bool = True) -> Verdict:
    """|PATHS(H, l)| for the Boolean hypercube {0,1}^d and H the d single-variable tests (notes 12.2.3),
    enumerated.  Printed: = 2^(l-1) C(n, l) <= n^l (n read as d, the only size in sight).  Corrected:
    = sum_{j <= l} 2^j C(d, j) <= (2d + 1)^l.

    Parameters
    ----------
    case : dict
        ``d`` (the dimension), ``l`` (the path depth) and optionally ``side`` (the grid's side, 2 by
        default: the hypercube).
    printed : bool, optional
        Check the printed count 2^(l-1) C(d, l) <= d^l (True) or the corrected sum_{j <= l} 2^j
        C(d, j) <= (2d + 1)^l (False).

    Returns
    -------
    Verdict
        Holds when the enumerated count equals the formula and is within the bound.

    See Also
    --------
    path_predicates : the enumeration.

    Examples
    --------
    d = 1, l = 1: three predicates (true, x_1 = 0, x_1 = 1); printed 2^0 C(1, 1) = 1, corrected
    2^0 C(1, 0) + 2^1 C(1, 1) = 3 <= 3^1:

    >>> printed = check_paths_count({"d": 1, "l": 1})
    >>> printed.holds, printed.details["enumerated"], printed.details["formula"]
    (False, 3, '1')
    >>> check_paths_count({"d": 1, "l": 1}, printed=False).holds
    True
    """
    from math import comb
    d, depth, side = int(case["d"]), int(case["l"]), int(case.get("side", 2))
    count = len(path_predicates(d, depth, side))
    if printed:
        formula, bound = Fraction(2) ** (depth - 1) * comb(d, depth), d ** depth
    else:
        formula, bound = sum(2 ** j * comb(d, j) for j in range(depth + 1)), (2 * d + 1) ** depth
    return Verdict(count == formula and count <= bound,
                   {"d": d, "l": depth, "side": side, "enumerated": count, "formula": fraction_str(formula),
                    "bound": bound})


def _paths_cases(side: int = 2):
    st = _st()
    top = 4 if side == 2 else 2
    return st.integers(1, top).flatmap(lambda d: st.builds(lambda l: {"d": d, "l": l, "side": side},
                                                           st.integers(1, d)))

THEOREMS: list[Theorem] = expand_corrections([
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
    Theorem(
        id="notes-weak-drop", source="Lecture notes 12.1.5 (the role of the weak learning model)",
        statement=("If h errs with probability at most 1/2 - gamma on the balanced distribution of a leaf, splitting "
                   "the leaf by h lowers the Gini cost 2q(1-q) by at least 16 gamma^2 [q(1-q)]^2."),
        hypotheses="0 <= q <= 1, 0 <= gamma <= 1/2, a = P[h=1|f=1], b = P[h=1|f=0] with (1-a)/2 + b/2 <= 1/2 - gamma",
        cases=_weak_cases, check=check_weak_drop, violations=lambda: _weak_cases(False),
        violation_note="h not a weak hypothesis (a - b < 2 gamma): the drop can fall below the bound (a = b: none).",
        default_examples=100),
    Theorem(
        id="notes-lemma-12.1", source="Lecture notes 12.1.5, Lemma 12.1 and its proof",
        statement=("At any stage t there is a leaf l with Prob[l] >= eps_t/(3t) and error(l) = min{q_l,1-q_l} >= "
                   "eps_t/3; the leaves without either property contribute at most eps_t/3 each group."),
        hypotheses="a tree at stage t >= 1, hence exactly t + 1 leaves; leaf probabilities summing to 1",
        cases=_stage_trees, check=check_lemma_12_1, violations=lambda: _stage_trees(6),
        violation_note=("more than t + 1 leaves (not a tree of stage t): with 7 leaves of probability 1/7 and "
                        "error 1/2 at t = 1 no leaf reaches Prob >= eps/(3t) = 1/6."),
        default_examples=100),
    Theorem(
        id="notes-weak-chain", source="Lecture notes 12.1.5, the inequality chain after Lemma 12.1",
        statement=("For the leaf of Lemma 12.1: Prob[l] (min{q_l,1-q_l})^2 >= (eps_t/(2t)) (eps_t/2)^2 "
                   "(the middle step of the chain, c_2 gamma^2 cancelled)."),
        hypotheses="a tree at stage t >= 1 (t + 1 leaves), l a leaf with the two properties of Lemma 12.1",
        cases=_chain_cases, check=check_weak_chain, erratum="notes-weak-chain",
        violations=lambda: _chain_cases(False),
        violation_note="a leaf without Lemma 12.1's properties: an error-free leaf gives 0 < the bound.",
        default_examples=100),
    correction(
        statement=("For the leaf of Lemma 12.1: Prob[l] (min{q_l,1-q_l})^2 >= (eps_t/(3t)) (eps_t/3)^2 = "
                   "eps_t^3/(27t); the chain's end c_3 gamma^2 G_t^3/t follows with a smaller c_3."),
        check=lambda case: check_weak_chain(case, third=True)),
    Theorem(
        id="notes-paths-count", source="Lecture notes 12.2.3 (after (12.2): the Boolean hypercube)",
        statement="|PATHS(H, l)| = 2^(l-1) C(n, l) <= n^l for H the single-variable tests of {0,1}^d",
        hypotheses="input space {0,1}^d, H = {x_i} (d tests), 1 <= l <= d, n = d",
        cases=_paths_cases, check=check_paths_count, erratum="notes-paths-count",
        violations=lambda: _paths_cases(3),
        violation_note="a non-Boolean grid {0,1,2}^d with threshold tests: more predicates than either formula.",
        default_examples=20),
    correction(
        statement="|PATHS(H, l)| = sum_{j<=l} 2^j C(d, j) <= (2d + 1)^l (conjunctions of at most l literals)",
        check=lambda case: check_paths_count(case, printed=False)),
])

#: boundary cases (policy point 4): p = 0, r = 1/2 (the ends of a side of 1/2), tau near 0;
#: q = 0, q = 1/2, q = 1 for each cost function
#: the counterexample of erratum notes-weak-chain: t = 1, the lemma's leaf 0 (Prob 1/4, q = 1/10)
WEAK_CHAIN_CASE = {"t": 1, "leaves": [[Fraction(1, 4), Fraction(1, 10)], [Fraction(3, 4), Fraction(1, 3)]], "leaf": 0}
#: a stage-1 tree with 7 leaves (a violation of Lemma 12.1's setting)
SEVEN_LEAVES = {"t": 1, "leaves": [[Fraction(1, 7), Fraction(1, 2)]] * 7}
_TIES = {"t": 2, "leaves": [[Fraction(1, 3), Fraction(1, 2)]] * 3}          # every leaf alike, eps_t = 1/2
_PURE = {"t": 1, "leaves": [[Fraction(1, 2), Fraction(0)], [Fraction(1, 2), Fraction(1)]]}   # eps_t = 0

THEOREMS = pin(THEOREMS, {
    "notes-weak-drop": ({"q": Fraction(1, 2), "a": Fraction(1), "b": Fraction(0), "gamma": Fraction(1, 2)},
                        {"q": Fraction(0), "a": Fraction(1), "b": Fraction(0), "gamma": Fraction(1, 2)},
                        {"q": Fraction(1, 3), "a": Fraction(1, 2), "b": Fraction(1, 2), "gamma": Fraction(0)},
                        {"q": Fraction(1, 2), "a": Fraction(3, 4), "b": Fraction(1, 4), "gamma": Fraction(1, 4)}),
    "notes-lemma-12.1": (_TIES, _PURE, {k: v for k, v in WEAK_CHAIN_CASE.items() if k != "leaf"}),
    "notes-weak-chain": (WEAK_CHAIN_CASE, {**_TIES, "leaf": 0}),
    "notes-weak-chain-corrected": (WEAK_CHAIN_CASE, {**_TIES, "leaf": 2}, {**_PURE, "leaf": 1}),
    "notes-paths-count": ({"d": 1, "l": 1}, {"d": 4, "l": 4}, {"d": 3, "l": 1}),
    "notes-paths-count-corrected": ({"d": 1, "l": 1}, {"d": 4, "l": 4}, {"d": 3, "l": 1}),
})
VIOLATIONS = {
    "notes-weak-drop": ({"q": Fraction(1, 2), "a": Fraction(1, 2), "b": Fraction(1, 2), "gamma": Fraction(1, 4)},),
    "notes-lemma-12.1": (SEVEN_LEAVES,),
    "notes-weak-chain-corrected": ({"t": 1, "leaves": [[Fraction(1, 2), Fraction(0)], [Fraction(1, 2), Fraction(1, 2)]],
                                    "leaf": 0},),
    "notes-paths-count-corrected": ({"d": 1, "l": 1, "side": 3},),
}
THEOREMS = [replace(t, pinned_violations=tuple(t.pinned_violations) + VIOLATIONS.get(t.id, ())) for t in THEOREMS]
THEOREMS = pin(THEOREMS, {
    "notes-gq-example": ({"tau": Fraction(1, 2), "p": Fraction(0), "r": Fraction(1, 2)},
                         {"tau": Fraction(1, 20), "p": Fraction(1, 2), "r": Fraction(1)}),
    "notes-cost-properties": tuple({"G": g, "q": Fraction(0), "q1": Fraction(1, 2), "q2": Fraction(1), "t": Fraction(1, 2)}
                                   for g in ("gini", "entropy", "sqrt")),
})
