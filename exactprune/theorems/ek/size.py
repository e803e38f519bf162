"""EK's Theorems 6 and 7 checked: the leaves of a tree fitting the data, and the leaves no pruning example reaches.

Exact expectations by enumerating all labelings (Thm 6) or all routings of the pruning examples
(Thm 7); tail bounds compared with certified arb balls.  Findings:

* ``ek-6`` (Thm 6) under its literal statement: the proof's E[leaves] = EA + 1 = 2(t-1)p(1-p) + 1
  holds for the minimal fitting tree (Gini CART's, one leaf per run of equal labels) and not for
  "the decision tree that fits the data" in general (erratum ek-6-fitting-tree: a tree splitting
  between two equal labels fits too); ``ek-6-corrected``: eq (3) exactly, EA + 1 <= E[leaves] <= t
  for every fitting tree without empty leaves, so linear growth holds iff 0 < p < 1; with
  Markov-dependent labels (3) fails.
* ``ek-7`` (Thm 7): E Z = h(1 - 1/h)^m exactly and the tail bound holds (uniform bins).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

from .. import Theorem, Verdict, correction, expand_corrections, pin, hypothesis_st as _st
from ...numbers import arb_of, certified_sign
from ...formatting import fraction_str


def _cart_leaves_1d(labels) -> int:
    """Leaves of the fully grown Gini CART tree on points 1..t with these labels."""
    labels = list(labels)
    if len(set(labels)) <= 1:
        return 1
    n = len(labels)
    best, where = None, None
    for i in range(1, n):
        left, right = labels[:i], labels[i:]
        g = Fraction(0)
        for part in (left, right):
            m = len(part)
            ones = sum(part)
            g += Fraction(m * m - ones ** 2 - (m - ones) ** 2, m) / n
        if best is None or g < best:
            best, where = g, i
    return _cart_leaves_1d(labels[:where]) + _cart_leaves_1d(labels[where:])


#: leaves of a tree fitting the labels on points 1..t with zero training error: ``"cart"`` the
#: Gini CART tree (it splits only between runs of equal labels: one leaf per run, the fewest
#: possible), ``"finest"`` a tree splitting between every two adjacent points (t leaves)
FITTING_TREES = {"cart": _cart_leaves_1d, "finest": len}

#: EK's proof concludes E[leaves] = EA + 1 for "the decision tree that fits the data"; a fitting
#: tree that also splits between two equally labelled points has more leaves (erratum ek-6-fitting-tree)
EK6_FINEST = {"t": 2, "p": Fraction(1, 2), "stay": None, "tree": "finest"}


def _cases_ek6(markov=False, trees=tuple(FITTING_TREES)):
    st = _st()
    return st.fixed_dictionaries({
        "t": st.integers(1, 9),
        "p": st.builds(Fraction, st.integers(0, 10), st.just(10)),
        "stay": st.builds(Fraction, st.integers(1, 9), st.just(10)) if markov else st.none(),
        "tree": st.sampled_from(trees)})


def _ek6_expectations(case) -> tuple:
    """(E[leaves of the case's fitting tree], E[A] class alternations, 2(t-1)p(1-p)) over all 2^t
    labelings, exactly; labels iid Bernoulli(p), or a Markov chain started from Bernoulli(p) that keeps
    its label with probability ``stay``."""
    t, p, stay = case["t"], Fraction(case["p"]), case.get("stay")
    leaves_of = FITTING_TREES[case.get("tree", "cart")]
    leaves = alternations = Fraction(0)
    for labels in itertools.product((0, 1), repeat=t):
        if stay is None:
            ones = sum(labels)
            prob = p ** ones * (1 - p) ** (t - ones)
        else:
            prob = p if labels[0] else 1 - p
            for a, b in zip(labels, labels[1:]):
                prob *= stay if a == b else 1 - stay
        leaves += prob * leaves_of(labels)
        alternations += prob * sum(a != b for a, b in zip(labels, labels[1:]))
    return leaves, alternations, 2 * (t - 1) * p * (1 - p)


def _check_ek6(case) -> Verdict:
    """EK Thm 6's proof as printed: E[leaves of the fitting tree] = EA + 1 = 2(t-1)p(1-p) + 1."""
    leaves, alternations, eq3 = _ek6_expectations(case)
    return Verdict(leaves == eq3 + 1, {"expected_leaves": fraction_str(leaves), "formula": fraction_str(eq3 + 1),
                                       "tree": case.get("tree", "cart")})


def _check_ek6_corrected(case) -> Verdict:
    """Eq (3) E A = 2(t-1)p(1-p) exactly, and EA + 1 <= E[leaves] <= t for every fitting tree whose
    leaves hold an example, with equality on the left for the minimal (CART) tree."""
    leaves, alternations, eq3 = _ek6_expectations(case)
    minimal = case.get("tree", "cart") == "cart"
    holds = alternations == eq3 and eq3 + 1 <= leaves <= case["t"] and (leaves == eq3 + 1 or not minimal)
    return Verdict(holds, {"expected_leaves": fraction_str(leaves), "E_A": fraction_str(alternations),
                           "eq_3": fraction_str(eq3), "t": case["t"], "tree": case.get("tree", "cart"),
                           "slope_2p(1-p)": fraction_str(2 * Fraction(case["p"]) * (1 - Fraction(case["p"])))})


# -- ek-7 ----------------------------------------------------------------------------------------

def _empty_bins_distribution(m: int, probs) -> dict:
    dist: dict = {}
    h = len(probs)
    for assignment in itertools.product(range(h), repeat=m):
        pr = Fraction(1)
        for b in assignment:
            pr *= probs[b]
        z = h - len(set(assignment))
        dist[z] = dist.get(z, 0) + pr
    return dist


def _cases_ek7(uniform=True):
    st = _st()

    @st.composite
    def build(draw):
        h = draw(st.integers(1, 4))
        m = draw(st.integers(0, 6 if h <= 3 else 5))
        if uniform:
            probs = [Fraction(1, h)] * h
        else:
            h = max(h, 2)
            w = [draw(st.integers(1, 5)) for _ in range(h)]
            if len(set(w)) == 1:
                w[0] += 1
            probs = [Fraction(x, sum(w)) for x in w]
        return {"m": m, "probs": [fraction_str(x) for x in probs]}
    return build()


def _check_ek7(case) -> Verdict:
    m = case["m"]
    probs = [Fraction(x) for x in case["probs"]]
    h = len(probs)
    dist = _empty_bins_distribution(m, probs)
    mean = sum(z * p for z, p in dist.items())
    formula = h * (1 - Fraction(1, h)) ** m
    ok = mean == formula
    worst = None
    if ok and h * h != mean * mean:
        for lam_z in set(dist):
            lam = abs(lam_z - mean)
            if lam == 0:
                continue
            tail = sum(p for z, p in dist.items() if abs(z - mean) >= lam)
            bound = lambda: 2 * (-(arb_of(lam * lam * (h - Fraction(1, 2)) / (h * h - mean * mean)))).exp()
            if certified_sign(lambda: bound() - arb_of(tail)) < 0:
                ok = False
                worst = {"lambda": fraction_str(lam), "tail": fraction_str(tail)}
    return Verdict(ok, {"E_Z": fraction_str(mean), "h(1-1/h)^m": fraction_str(formula), "tail_failure": worst})


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="ek-6", source="Elomaa & Kaariainen (2001), Theorem 6 and its proof",
        statement="t points on a line with iid Bernoulli(p) labels: the decision tree that fits the data has "
                  "EA + 1 = 2(t-1)p(1-p) + 1 leaves in expectation, linear in t (the proof's conclusion; all "
                  "2^t labelings enumerated)",
        hypotheses="x uniform on [0, 1), y = 1 with probability p independently of x (any p in [0, 1]); the "
                   "tree is any tree of splits x < r with zero training error ('the decision tree that fits "
                   "the data')",
        cases=lambda: _cases_ek6(False), check=_check_ek6, pinned=(EK6_FINEST,),
        erratum="ek-6-fitting-tree",
        violations=lambda: _cases_ek6(True, ("cart",)),
        violation_note="Markov-dependent labels: the expectation is 1 + (t-1) P(change), not the formula",
        default_examples=30),
    correction(
        statement="eq (3) E A = 2(t-1)p(1-p) exactly, and every fitting tree whose leaves each hold a training "
                  "example has EA + 1 <= E[leaves] <= t, with equality on the left for the minimal fitting "
                  "tree (one leaf per run of equal labels: Gini CART's); the size grows linearly (slope "
                  "2p(1-p) > 0) iff 0 < p < 1",
        hypotheses="EK's, and the tree has no leaf without training examples; the equality needs the minimal "
                   "fitting tree",
        check=_check_ek6_corrected, pinned=(EK6_FINEST,),
        violation_note="Markov-dependent labels: E A = (t-1) P(change), not (3)"),
    Theorem(
        id="ek-7", source="Elomaa & Kaariainen (2001), Theorem 7 (Kamath et al. 1994)",
        statement="Z empty bins, m balls into h bins: E Z = h(1 - 1/h)^m, and "
                  "Pr{|Z - mu| >= lam} <= 2 exp(-lam^2 (h - 1/2)/(h^2 - mu^2)) (exact distribution)",
        hypotheses="balls thrown uniformly and independently",
        cases=lambda: _cases_ek7(True), check=_check_ek7,
        violations=lambda: _cases_ek7(False),
        violation_note="non-uniform bins: E Z differs from h(1 - 1/h)^m",
        default_examples=40),
])


#: boundary cases (policy point 4): t = 1, p = 0 and p = 1 (the minimal fitting tree is one leaf: slope 0),
#: both fitting trees, a single bin, m = 0
THEOREMS = pin(THEOREMS, {
    "ek-6-corrected": tuple({"t": t, "p": p, "stay": None, "tree": tree} for tree in FITTING_TREES
                            for t, p in ((1, Fraction(1, 2)), (6, Fraction(1, 20)), (9, Fraction(0)),
                                         (9, Fraction(1)))),
    "ek-7": ({"m": 1, "probs": ["1/2", "1/2"]}, {"m": 3, "probs": ["1"]}, {"m": 0, "probs": ["1/3", "1/3", "1/3"]}),
})
