"""EK's probability bounds checked: Lemma 5 (Slud), equations (1), (2), (4), (5) and Theorem 8 (McDiarmid).

Binomial tails exact, normal-CDF bounds compared with certified arb balls; (2) and (5) against
REP's exact probability of pruning to a leaf over all labelings.  Findings:

* ``ek-lemma5`` (Slud) holds for integer h in its range; EK's statement omits integrality
  and fails for non-integer h.
* ``ek-eq1``: (1) as printed (h = n_i/2) is false (erratum ek-eq1); with Slud's integer
  h = floor(n_i/2) + 1 it holds.
* ``ek-eq2``: the printed bound (2) on REP's probability of pruning to a leaf can fail
  (erratum ek-eq2); the step it rests on (Thm 4 + independence) holds.
* ``ek-eq4``: approximation (4) is within the Berry-Esseen bound (uniform bins only).
* ``ek-eq5`` is not registered: (5) with E P is an approximation and is not an upper bound
  on the exact pruning probability (erratum ek-eq5 computes a counterexample).
* ``ek-8``: McDiarmid's inequality holds for the function EK apply it to.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Iterable, Optional

import flint

from .. import Theorem, Verdict, correction, expand_corrections, pin, hypothesis_st as _st
from ...numbers import arb_of, certified_sign
from ...formatting import fraction_str
from ..strategies import compositions as _compositions, rationals
from ...tree import Node, Tree
# REP's decision at every node, under the private name the check of (2) was written with
from .rep import rep_trace as _rep_trace


def _phi(x: flint.arb) -> flint.arb:
    return (x / flint.arb(2).sqrt()).erfc() / 2 * -1 + 1


def _binom_pmf(n: int, k: int, p: Fraction) -> Fraction:
    return math.comb(n, k) * p ** k * (1 - p) ** (n - k)


# -- Slud, eq (1) --------------------------------------------------------------------------------

def _cases_slud(valid=True, integer=True):
    """Lemma 5's cases: ``valid`` within q <= 1/2, mq <= h <= m(1-q) (``integer`` h, Slud's
    condition, or any rational h in the range, as EK print it); otherwise outside."""
    st = _st()

    @st.composite
    def build(draw):
        m = draw(st.integers(1, 30))
        if valid:
            q = Fraction(draw(st.integers(1, 10)), 20)            # q <= 1/2
            if not integer:
                h = m * q + (m * (1 - 2 * q)) * Fraction(draw(st.integers(0, 8)), 8)
                return {"m": m, "q": fraction_str(q), "h": fraction_str(h)}
            lo, hi = math.ceil(m * q), math.floor(m * (1 - q))
            if lo > hi:
                m, q, lo, hi = 2, Fraction(1, 2), 1, 1
            h = Fraction(draw(st.integers(lo, hi)))
        else:
            q = Fraction(draw(st.integers(1, 19)), 20)
            h = Fraction(draw(st.integers(0, 2 * m)), 2)
            if q <= Fraction(1, 2) and m * q <= h <= m * (1 - q) and h.denominator == 1:
                h += Fraction(1, 2)     # a non-integer h (EK's statement does not require integers)
        return {"m": m, "q": fraction_str(q), "h": fraction_str(h)}
    return build()


def check_slud(case) -> Verdict:
    """EK Lemma 5 (Slud 1977): for X ~ B(m, q), q <= 1/2 and m q <= h <= m (1 - q),
    Pr{X >= h} >= 1 - Phi((h - m q) / sqrt(m q (1 - q))); the tail exact, the bound certified.

    Parameters
    ----------
    case : dict
        ``m`` (trials), ``q`` (success probability) and ``h`` (the threshold; a non-integer h is a
        violation).

    Returns
    -------
    Verdict
        Holds when the exact tail Pr{X >= h} is at least the certified bound (``{"degenerate":
        True}``, holding, when m q (1 - q) = 0).

    See Also
    --------
    check_eq1 : (1), which applies the lemma.

    Examples
    --------
    >>> check_slud({"m": 1, "q": "1/20", "h": "1"}).details["P(X>=h)"]      # P(X = 1) = q
    '1/20'
    >>> check_slud({"m": 1, "q": "1/20", "h": "1/20"}).holds     # h not an integer: 1 - Phi(0) = 1/2
    False
    """
    m, q, h = case["m"], Fraction(case["q"]), Fraction(case["h"])
    tail = sum(_binom_pmf(m, k, q) for k in range(m + 1) if k >= h)
    var = m * q * (1 - q)
    if var == 0:
        return Verdict(True, {"degenerate": True})
    bound = lambda: 1 - _phi(arb_of(h - m * q) / arb_of(var).sqrt())
    sign = certified_sign(lambda: arb_of(tail) - bound())
    return Verdict(sign >= 0, {"P(X>=h)": fraction_str(tail),
                               "slud_bound": float(bound().mid())})


def _cases_eq1(strict):
    st = _st()
    return st.fixed_dictionaries({"n": st.integers(1, 30),
                                  "p": st.builds(Fraction, st.integers(11, 19), st.just(20)),
                                  "printed": st.just(strict)}).map(
        lambda c: {**c, "p": fraction_str(c["p"])}).filter(
        lambda c: c["printed"] or (c["n"] // 2 + 1) <= c["n"] * Fraction(c["p"]))


def check_eq1(case) -> Verdict:
    """Printed (1): Pr{X > n/2} >= 1 - Phi((p - 1/2) n / sqrt(n p q)), X ~ B(n, q), q = 1 - p.
    Corrected (``printed`` False): Slud needs an integer h, and X > n/2 is X >= h with
    h = floor(n/2) + 1, so Pr{X > n/2} >= 1 - Phi((h - n q) / sqrt(n p q)) when h <= n p.

    Parameters
    ----------
    case : dict
        ``n`` (the number of examples), ``p`` (the probability of the positive class, a Fraction or
        its string) and ``printed`` (True: the threshold n/2 as printed; False: the integer h).

    Returns
    -------
    Verdict
        Holds when the exact tail Pr{X > n/2} is at least the certified bound; details the tail,
        the bound (a float, for reading) and h.

    See Also
    --------
    check_slud : the lemma (1) rests on.

    Examples
    --------
    >>> check_eq1({"n": 1, "p": "3/4", "printed": True}).details["P(X > n/2)"]   # P(X = 1) = q = 1/4
    '1/4'
    >>> check_eq1({"n": 1, "p": "3/4", "printed": True}).holds    # h = 1/2: 1 - Phi(0.577) = 0.28 > 1/4
    False
    >>> check_eq1({"n": 1, "p": "3/4", "printed": False}).holds   # h = 1: 1 - Phi(1.73) = 0.04
    True
    """
    n, p = case["n"], Fraction(case["p"])
    q = 1 - p
    tail = sum(_binom_pmf(n, k, q) for k in range(n + 1) if 2 * k > n)
    h = Fraction(n, 2) if case["printed"] else Fraction(n // 2 + 1)
    bound = lambda: 1 - _phi(arb_of(h - n * q) / arb_of(n * p * q).sqrt())
    sign = certified_sign(lambda: arb_of(tail) - bound())
    return Verdict(sign >= 0, {"P(X > n/2)": fraction_str(tail), "bound": float(bound().mid()),
                               "h": fraction_str(h)})


# -- eq (2): REP over all labelings --------------------------------------------------------------

def _cases_eq2():
    st = _st()

    @st.composite
    def build(draw):
        k = draw(st.sampled_from([2, 4]))
        sizes = [draw(st.integers(1, 4 if k == 2 else 2)) for _ in range(k)]
        p = Fraction(draw(st.integers(11, 18)), 20)
        return {"safe_sizes": sizes, "p": fraction_str(p)}
    return build()


def _eq2_tree(k: int) -> Tree:
    """Complete binary interior over k safe nodes, each with two leaves labelled 0 and 1."""
    def safe():
        return Node((2, 2), [Node((2, 0)), Node((0, 2))])
    level = [safe() for _ in range(k)]
    while len(level) > 1:
        level = [Node(tuple(a + b for a, b in zip(x.counts, y.counts)), [x, y])
                 for x, y in zip(level[::2], level[1::2])]
    return Tree(level[0])


def rep_leaf_probability(sizes, p: Fraction, identical: bool = False) -> Fraction:
    """Exact probability that REP (EK Table 1) prunes the tree of :func:`_eq2_tree` into one
    leaf when safe node i receives sizes[i] pruning examples (split as evenly as possible
    between its two leaves) with iid labels, positive (class 0) with probability p; with
    ``identical`` every example gets the same label (positive with probability p), which keeps
    each label's marginal but drops independence.

    Parameters
    ----------
    sizes : sequence of int
        The number of pruning examples safe node i receives (the tree has ``len(sizes)`` safe nodes).
    p : Fraction
        The probability of a positive (class 0) label.
    identical : bool, optional
        Give every example the same label instead of independent ones.

    Returns
    -------
    Fraction
        The exact probability that REP prunes the root to a leaf.

    See Also
    --------
    exactprune.theorems.ek.rep.rep_trace : REP's decision on one labelling.

    Examples
    --------
    >>> rep_leaf_probability([2, 2], Fraction(1)), rep_leaf_probability([2, 2], Fraction(0))  # one label: ties prune
    (Fraction(1, 1), Fraction(1, 1))
    """
    k = len(sizes)
    tree = _eq2_tree(k)
    safe = [n for n in tree.root.walk() if n.children and n.children[0].is_leaf]
    leaf_sizes = []
    for s in sizes:
        leaf_sizes += [(s + 1) // 2, s // 2]
    total = Fraction(0)
    labelings: Iterable[tuple[tuple[int, ...], Optional[Fraction]]]
    if identical:
        labelings = [(tuple(leaf_sizes), p), (tuple(0 for _ in leaf_sizes), 1 - p)]
    else:
        labelings = ((pos, None) for pos in itertools.product(*[range(c + 1) for c in leaf_sizes]))
    for pos, prob in labelings:
        if prob is None:
            prob = Fraction(1)
            for c, a in zip(leaf_sizes, pos):
                prob *= _binom_pmf(c, a, p)
        pc: dict[str, tuple[int, ...]] = {}
        i = 0
        for z in safe:
            for leaf in z.children:
                pc[leaf.name] = (pos[i], leaf_sizes[i] - pos[i])
                i += 1
        for node in tree.root.postorder():
            if node.children:
                pc[node.name] = tuple(sum(pc[c.name][j] for c in node.children) for j in range(2))
        if not _rep_trace(tree, pc, "pruning")["root"]:
            total += prob
    return total


def check_eq2(case) -> Verdict:
    """P(REP prunes to a leaf) <= prod_i Pr{X_i <= n_i/2} + prod_i Pr{X_i >= n_i/2} (Thm 4 +
    independence: the step (2) rests on), exact; the printed closed form (2) is reported beside it (erratum ek-eq2).

    Parameters
    ----------
    case : dict
        ``safe_sizes`` (the pruning examples each safe node receives), ``p`` (the probability of a
        positive label) and optionally ``labels`` ("identical": every example gets one label).

    Returns
    -------
    Verdict
        Holds when the exact probability of pruning to a leaf is at most the product bound; details
        that probability (exact and float), the product bound, the printed bound (2) and whether
        (2) holds.

    See Also
    --------
    rep_leaf_probability : the exact probability.

    Examples
    --------
    >>> verdict = check_eq2({"safe_sizes": [4, 1], "p": "11/20"})   # erratum ek-eq2
    >>> verdict.holds, verdict.details["printed_2_holds"]
    (True, False)
    """
    sizes, p = case["safe_sizes"], Fraction(case["p"])
    k, n = len(sizes), sum(sizes)
    exact_prob = rep_leaf_probability(sizes, p, identical=case.get("labels") == "identical")
    product, product_neg = Fraction(1), Fraction(1)
    for s in sizes:
        product *= sum(_binom_pmf(s, a, p) for a in range(s + 1) if 2 * a >= s)
        product_neg *= sum(_binom_pmf(s, a, p) for a in range(s + 1) if 2 * a <= s)
    product += product_neg          # EK drop the all-negative case ("it never happens"); it can
    r = Fraction(2 * n, k)
    bound = _phi(arb_of((p - Fraction(1, 2)) * r) / arb_of(r * p * (1 - p)).sqrt()) ** (k // 2)
    return Verdict(exact_prob <= product, {"P(pruned to a leaf)": fraction_str(exact_prob),
                                           "P_float": float(exact_prob), "product_bound": float(product),
                                           "printed_bound_2": float(bound.mid()),
                                           "printed_2_holds": bool(bound >= arb_of(exact_prob))})


# -- eq (4) and (5) ------------------------------------------------------------------------------

def _cases_eq4(uniform=True):
    st = _st()

    @st.composite
    def build(draw):
        k = draw(st.integers(2, 8))
        n = draw(st.integers(1, 60))
        c = Fraction(draw(st.integers(1, 8)), 4)
        probs = None
        if not uniform:
            w = [draw(st.integers(1, 6)) for _ in range(k)]
            if len(set(w)) == 1:
                w[0] += 3
            probs = [fraction_str(Fraction(x, sum(w))) for x in w]
        return {"k": k, "n": n, "c": fraction_str(c), "probs": probs}
    return build()


def _check_eq4(case) -> Verdict:
    k, n, c = case["k"], case["n"], Fraction(case["c"])
    probs = [Fraction(x) for x in case["probs"]] if case["probs"] else [Fraction(1, k)] * k
    cut = c * n / k
    EQ = sum(sum(_binom_pmf(n, j, pi) for j in range(n + 1) if j <= cut) for pi in probs)
    pk = Fraction(1, k)
    approx = lambda: k * _phi(arb_of((c - 1) * n / k) / arb_of(n * pk * (1 - pk)).sqrt())
    # Berry-Esseen (Shevtsova 2011, C = 0.4748) for a sum of n Bernoulli(1/k)
    be = lambda: k * arb_of(Fraction(4748, 10000)) * arb_of(pk * pk + (1 - pk) ** 2) / arb_of(n * pk * (1 - pk)).sqrt()
    sign = certified_sign(lambda: be() - abs(approx() - arb_of(EQ)))
    return Verdict(sign >= 0, {"EQ_exact": fraction_str(EQ), "EQ_float": float(EQ),
                               "approx_4": float(approx().mid()), "berry_esseen": float(be().mid())})


def _cases_eq5():
    st = _st()
    return st.fixed_dictionaries({"k": st.integers(2, 4), "n": st.integers(2, 10),
                                  "p": st.builds(Fraction, st.integers(11, 18), st.just(20)),
                                  "c": st.builds(Fraction, st.integers(2, 8), st.just(4))}).map(
        lambda d: {**d, "p": fraction_str(d["p"]), "c": fraction_str(d["c"])})


def check_eq5(case) -> Verdict:
    """Exact probability that every safe node keeps a positive majority (pos >= neg; EK Thm 4
    from the initial configuration of section 5.2) when n examples fall uniformly into k safe
    nodes, versus (5) with P replaced by E P = E Q - E R (exact), or, with ``case["P"] == "random"``,
    versus E[(5)] over the exact distribution of the random P (the number of safe nodes receiving
    1..cn/k examples).  The details also compare, node by node, the probability that a safe node
    with s <= r = cn/k examples keeps a positive majority with the per-node factor
    Phi((p - 1/2) r / sqrt(r p (1-p))) of (5).

    Parameters
    ----------
    case : dict
        ``k`` (safe nodes), ``n`` (examples), ``p`` (probability of a positive label), ``c`` (r =
        c n / k) and optionally ``P`` ("expected", the default, or "random").

    Returns
    -------
    Verdict
        Holds when the certified bound (5) is at least the exact probability; details the exact
        probability, E P, the bound, the per-node factor and the per-node keep probabilities
        (``{"degenerate": "r = 0"}``, holding, when r = 0).

    Examples
    --------
    >>> verdict = check_eq5({"k": 2, "n": 2, "p": "3/4", "c": "2", "P": "random"})   # 1/4 15/16 2 + 1/2 (3/4)^2
    >>> verdict.details["P_exact"], verdict.holds
    (0.75, False)
    """
    k, n, p, c = case["k"], case["n"], Fraction(case["p"]), Fraction(case["c"])
    q = 1 - p
    maj = {}
    for s in range(n + 1):
        maj[s] = sum(_binom_pmf(s, a, p) for a in range(s + 1) if 2 * a >= s)
    cut = c * n / k
    r = cut
    if r == 0:
        return Verdict(True, {"degenerate": "r = 0"})
    factor = _phi(arb_of((p - Fraction(1, 2)) * r) / arb_of(r * p * q).sqrt())
    exact_prob = Fraction(0)
    bound_random = flint.arb(0)
    for comp in _compositions(n, k):
        mult = math.factorial(n)
        for x in comp:
            mult //= math.factorial(x)
        w = mult * Fraction(1, k) ** n
        pr = Fraction(1)
        for x in comp:
            pr *= maj[x]
        exact_prob += w * pr
        bound_random += arb_of(w) * factor ** sum(1 for x in comp if 1 <= x <= cut)
    EQ = k * sum(_binom_pmf(n, j, Fraction(1, k)) for j in range(n + 1) if j <= cut)
    ER = k * (1 - Fraction(1, k)) ** n
    EP = EQ - ER
    random_P = case.get("P", "expected") == "random"
    bound = (lambda: bound_random) if random_P else (lambda: factor ** arb_of(EP))
    sign = certified_sign(lambda: bound() - arb_of(exact_prob))
    per_node = {str(s): {"P(pos >= neg)": fraction_str(maj[s]), "exceeds_factor": bool(arb_of(maj[s]) > factor)}
                for s in range(1, n + 1) if s <= cut}
    return Verdict(sign >= 0, {"P_exact": float(exact_prob), "EP": fraction_str(EP), "P": case.get("P", "expected"),
                               "bound_5": float(bound().mid()), "factor": float(factor.mid()),
                               "per_node_keep_probability": per_node})


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="ek-lemma5", source="Elomaa & Kaariainen (2001), Lemma 5 (Slud 1977)",
        statement="X ~ B(m, q), q <= 1/2, mq <= h <= m(1-q): Pr{X >= h} >= 1 - Phi((h - mq)/sqrt(mq(1-q)))",
        hypotheses="as printed: q <= 1/2 and mq <= h <= m(1-q), h real (both ends drawn)",
        cases=lambda: _cases_slud(True, integer=False), check=check_slud,
        violations=lambda: _cases_slud(False),
        violation_note="q > 1/2 or h outside [mq, m(1-q)] can fail",
        erratum="ek-lemma5", pinned=({"m": 1, "q": "1/20", "h": "1/20"}, {"m": 2, "q": "1/2", "h": "1"}),
        default_examples=150),
    correction(
        hypotheses="q <= 1/2, h an integer with mq <= h <= m(1-q) (Slud's k is an integer; EK omit this)",
        cases=lambda: _cases_slud(True), pinned=({"m": 2, "q": "1/2", "h": "1"}, {"m": 1, "q": "1/2", "h": "1"}),
        pinned_violations=({"m": 1, "q": "1/20", "h": "1/20"},),
        violation_note="a non-integer h (m = 1, q = 1/20, h = 1/20: 1/20 < 1/2) or q > 1/2 can fail"),
    Theorem(
        id="ek-eq1", source="Elomaa & Kaariainen (2001), eq (1)",
        statement="X_i ~ B(n_i, 1-p), p > 1/2: Pr{X_i > n_i/2} >= 1 - Phi((p - 1/2) n_i / sqrt(n_i p (1-p))) "
                  "(Slud's inequality at h = n_i/2)",
        hypotheses="as printed: p > 1/2, n_i >= 1",
        cases=lambda: _cases_eq1(True), check=check_eq1,
        violations=None, pinned_violations=({"n": 1, "p": "11/20", "printed": True},),
        violation_note="no hypothesis to drop beyond p > 1/2; it fails within it (erratum ek-eq1)",
        erratum="ek-eq1", pinned=({"n": 2, "p": "3/5", "printed": True}, {"n": 1, "p": "11/20", "printed": True}),
        default_examples=150),
    correction(
        statement="X_i ~ B(n_i, 1-p), p > 1/2, h = floor(n_i/2) + 1 <= n_i p: Pr{X_i > n_i/2} >= "
                  "1 - Phi((h - n_i (1-p)) / sqrt(n_i p (1-p))) (Slud's integer threshold)",
        hypotheses="Slud's integer threshold h = floor(n_i/2) + 1 with h <= n_i p",
        cases=lambda: _cases_eq1(False), pinned=({"n": 4, "p": "3/5", "printed": False},),
        violations=lambda: _cases_eq1(True), pinned_violations=({"n": 2, "p": "3/5", "printed": True},),
        violation_note="the printed threshold h = n_i/2 instead of the integer one fails, e.g. n_i = 1 or 2 "
                       "with p = 11/20"),
    Theorem(
        id="ek-eq2",
        source="Elomaa & Kaariainen (2001), eq (2)",
        form="corrected form: the product bound (2) rests on, not the printed closed form (erratum ek-eq2)",
        statement="P(REP prunes T into a single leaf) <= prod_i Pr{pos_i >= neg_i} + prod_i Pr{neg_i >= pos_i} "
                  "(Thm 4 and independence, the step (2) rests on, with the all-negative case EK neglect; exact, by running REP over all labelings of trees with "
                  "k safe nodes); the printed closed form (2) is reported and can fail (erratum ek-eq2)",
        hypotheses="p > 1/2, iid labels; k safe nodes receiving n pruning examples in total",
        cases=_cases_eq2, check=check_eq2,
        violations=lambda: _cases_eq2().map(lambda c: {**c, "labels": "identical"}),
        pinned=({"safe_sizes": [1, 1], "p": "11/20"}, {"safe_sizes": [4, 1], "p": "11/20"},
                {"safe_sizes": [2, 2, 2, 2], "p": "9/10"}),
        pinned_violations=({"safe_sizes": [1, 1], "p": "11/20", "labels": "identical"},),
        violation_note=("dropping independence (every example gets the same label, marginals unchanged): REP "
                        "always prunes to a leaf, probability 1 > the product bound, e.g. sizes (1,1), p = 11/20: "
                        "1 > 121/400 + 81/400. The printed closed form (2) fails even within the hypotheses "
                        "(erratum ek-eq2)."),
        default_examples=40),
    Theorem(
        id="ek-eq4",
        source="Elomaa & Kaariainen (2001), eq (4)",
        form=("weaker form: E Q lies within the Berry-Esseen bound of the approximation; the "
              "approximation's error is not reported"),
        statement="E Q = k Pr{Y_1 <= cn/k} is within the Berry-Esseen bound of k Phi((c-1)(n/k)/sqrt(n/k (1-1/k)))",
        hypotheses="uniform distribution of examples into the k safe nodes",
        cases=lambda: _cases_eq4(True), check=_check_eq4,
        violations=lambda: _cases_eq4(False),
        violation_note="non-uniform safe-node probabilities: E Q can leave the bound",
        default_examples=80),
])


#: boundary cases (policy point 4): k = 2 safe nodes
THEOREMS = pin(THEOREMS, {
    "ek-eq4": ({"k": 2, "n": 2, "c": "1", "probs": None},),
})


# ----------------------------------------------------------------------------------- Theorem 8
def check_mcdiarmid(case: dict) -> Verdict:
    """EK Theorem 8 (McDiarmid) on the function EK apply it to: n examples routed uniformly and
    independently to k safe nodes, f = the number of safe nodes receiving at most r examples (one
    example moved changes f by at most c_i = 1 - times ``scale``, a violation when > 1):
    Pr{|f - E f| >= lam} <= 2 exp(-2 lam^2 / n).  Exact distribution of f over every count vector,
    certified exponential.

    Parameters
    ----------
    case : dict
        ``n`` (examples), ``k`` (safe nodes), ``r`` (the count threshold), ``lam`` (the deviation)
        and optionally ``scale`` (multiplies f; the default 1, above 1 a violation).

    Returns
    -------
    Verdict
        Holds when the exact tail Pr{|f - E f| >= lam} is at most the certified 2 exp(-2 lam^2 / n);
        details E f and the tail.

    Examples
    --------
    >>> check_mcdiarmid({"n": 2, "k": 2, "r": 0, "lam": "1"}).details["E f"]
    '1/2'
    """
    n, k, r, lam = int(case["n"]), int(case["k"]), int(case["r"]), Fraction(case["lam"])
    scale = int(case.get("scale", 1))
    law: dict = {}
    for counts in _compositions(n, k):
        weight = Fraction(math.factorial(n), math.prod(math.factorial(c) for c in counts) * k ** n)
        value = scale * sum(1 for c in counts if c <= r)
        law[value] = law.get(value, 0) + weight
    mean = sum(v * w for v, w in law.items())
    tail = sum((w for v, w in law.items() if abs(v - mean) >= lam), Fraction(0))
    holds = certified_sign(lambda: 2 * (-arb_of(2 * lam * lam / n)).exp() - arb_of(tail)) >= 0
    return Verdict(holds, {"n": n, "k": k, "r": r, "lam": fraction_str(lam), "E f": fraction_str(mean),
                           "probability": fraction_str(tail), "scale": scale})


def _mcdiarmid_cases(scale: int = 1):
    from hypothesis import strategies as st
    return st.integers(1, 6).flatmap(lambda n: st.fixed_dictionaries({
        "n": st.just(n), "k": st.integers(1, 4), "r": st.integers(0, n), "scale": st.just(scale),
        "lam": rationals(Fraction(1, 4), Fraction(3), (1, 2, 4))}))


THEOREMS = THEOREMS + pin([Theorem(
    id="ek-8",
    source="EK section 5.2, Theorem 8 (McDiarmid) as applied to the safe nodes",
    form="special case: McDiarmid's inequality for the function EK apply it to, c_i = 1",
    statement="Pr{|f - E f| >= lam} <= 2 exp(-2 lam^2 / sum c_i^2) for f the number of safe nodes receiving at most "
              "r of the n examples (c_i = 1)",
    hypotheses="n examples routed independently and uniformly to k safe nodes, 0 <= r <= n, lam > 0",
    cases=_mcdiarmid_cases, check=check_mcdiarmid, violations=lambda: _mcdiarmid_cases(3),
    violation_note="f scaled by 3 (its c_i is 3, the bound still uses 1) can exceed the bound.",
    pinned_violations=({"n": 2, "k": 2, "r": 0, "lam": Fraction(1), "scale": 3},),
    default_examples=40)], {"ek-8": ({"n": 1, "k": 1, "r": 0, "lam": Fraction(1, 4)},
                                     {"n": 6, "k": 4, "r": 6, "lam": Fraction(3)},
                                     {"n": 4, "k": 2, "r": 1, "lam": Fraction(1, 2)})})
