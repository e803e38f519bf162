"""Checked statements of DD (Dhurandhar & Dobra, random decision trees).

* ``dd-path-exists``: 1/C(d,h) (fixed height, DD 3.5) and 1/(C(d,h-1)(d-h+1)) (purity, scarcity,
  DD 3.6.2) equal the enumeration of the tree-growing process.  Violation: non-uniform attribute
  selection (DD 3.5 assumes uniform) - the closed forms then fail.
* ``dd-coexist``: the co-existence probability (App A; corrected 3.6.2 variant) equals the
  enumeration for every path pair with d <= 7.  Violation: non-uniform attribute selection.
* ``dd-moments``: exact E[GE] and E[GE^2] (same tree; every criterion) and, for fixed height and
  two classes, E[GE GE'] of two trees on the same sample equal the brute-force enumeration of all
  data sets.  Violation: the same-tree formula applied to two trees grown on
  the *same* sample (the E[GE]^2 factorisation needs independent samples).
* ``dd-att``: the all-attribute tree (h = d) is the same classifier whatever the attribute order
  (DD 3.2): Var[GE | data] = 0.  Violation: h < d.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

from . import Theorem, Verdict, pin
from ..formatting import fraction_str
from ..rdt import Criterion as _Criterion


def _st():
    from hypothesis import strategies as st
    return st


def _path_pair(max_d: int = 7, pair: bool = True):
    st = _st()

    @st.composite
    def build(draw):
        d = draw(st.integers(1, max_d))
        def path():
            l = draw(st.integers(1, d))
            attrs = draw(st.permutations(range(d)))[:l]
            return {a: draw(st.integers(0, 2)) for a in attrs}
        p1 = path()
        if pair and draw(st.booleans()):
            # a related second path: share a prefix of attributes, flip some values
            p2 = {a: (v if draw(st.booleans()) else 1 - v % 2) for a, v in p1.items()}
            extra = [a for a in range(d) if a not in p2]
            for a in extra[:draw(st.integers(0, len(extra)))]:
                p2[a] = draw(st.integers(0, 1))
            keys = draw(st.permutations(list(p2)))
            p2 = {a: p2[a] for a in keys}
        else:
            p2 = path()
        criterion = draw(st.sampled_from(["fixed", "purity", "scarcity"]))
        return {"d": d, "path1": p1, "path2": p2, "criterion": criterion}

    return build()


def _with_weights(strategy):
    st = _st()

    @st.composite
    def build(draw):
        case = draw(strategy)
        d = case["d"]
        weights = draw(st.lists(st.integers(1, 4), min_size=d, max_size=d).filter(lambda w: len(set(w)) > 1)) \
            if d > 1 else [1]
        return {**case, "weights": weights}

    return build()


def _show(case: dict) -> dict:
    return {key: ({str(a): v for a, v in value.items()} if isinstance(value, dict) else value)
            for key, value in case.items()}


def _check_exists(case: dict) -> Verdict:
    from ..rdt import enumerate_path_exists, path_exists_probability
    closed = path_exists_probability(case["d"], case["path1"], case["criterion"])
    enum = enumerate_path_exists(case["d"], case["path1"], case["criterion"], case.get("weights"))
    return Verdict(closed == enum, {**_show(case), "closed_form": fraction_str(closed), "enumeration": fraction_str(enum)})


def _check_coexist(case: dict) -> Verdict:
    from ..rdt import coexistence_probability, enumerate_coexistence
    closed = coexistence_probability(case["d"], case["path1"], case["path2"], case["criterion"])
    enum = enumerate_coexistence(case["d"], case["path1"], case["path2"], case["criterion"], case.get("weights"))
    return Verdict(closed == enum, {**_show(case), "closed_form": fraction_str(closed), "enumeration": fraction_str(enum)})


def _small_dist(draw, max_d: int = 2):
    from ..rdt import Distribution
    st = _st()
    d = draw(st.integers(1, max_d))
    arities = [2] * d
    k = 2
    cells = list(itertools.product(*(range(a) for a in arities), range(k)))
    weights = draw(st.lists(st.integers(0, 3), min_size=len(cells), max_size=len(cells)))
    if sum(weights) == 0:
        weights[0] = 1
    total = sum(weights)
    return Distribution(arities, k, {c: Fraction(w, total) for c, w in zip(cells, weights) if w}), weights


def _moment_cases(violate: bool = False):
    from ..rdt import Criterion
    st = _st()

    @st.composite
    def build(draw):
        dist, weights = _small_dist(draw)
        N = draw(st.integers(0, 3))
        kind = draw(st.sampled_from(["fixed", "purity", "scarcity", "purity,scarcity"]))
        h = draw(st.integers(1, dist.d))
        crit = Criterion(height=h if kind == "fixed" else None, purity="purity" in kind,
                         pb=draw(st.integers(0, 2)) if "scarcity" in kind else None)
        tie = draw(st.sampled_from(["split", "first"]))
        return {"arities": list(dist.arities), "weights": weights, "N": N, "criterion": crit, "tie": tie,
                "same_sample": violate}

    return build()


def _check_moments(case: dict) -> Verdict:
    from ..rdt import Distribution, bruteforce_moments, exact_moments
    import itertools as it
    cells = list(it.product(*(range(a) for a in case["arities"]), range(2)))
    total = sum(case["weights"])
    dist = Distribution(case["arities"], 2, {c: Fraction(w, total) for c, w in zip(cells, case["weights"]) if w})
    ex = exact_moments(dist, case["N"], case["criterion"], case["tie"])
    bf = bruteforce_moments(dist, case["N"], case["criterion"], case["tie"])
    details = {"arities": case["arities"], "weights": case["weights"], "N": case["N"],
               "criterion": repr(case["criterion"]), "tie": case["tie"],
               "E1_formula": fraction_str(ex["E1"]), "E1_bruteforce": fraction_str(bf["E1"])}
    if case["same_sample"]:
        details["E1^2"] = fraction_str(ex["E2_indep"])
        details["E2_two_trees_same_sample"] = fraction_str(bf["E2_two_trees_same_sample"])
        return Verdict(ex["E2_indep"] == bf["E2_two_trees_same_sample"], details)
    holds = ex["E1"] == bf["E1"]
    if ex["E2_same"] is not None:
        details["E2_formula"] = fraction_str(ex["E2_same"])
        details["E2_bruteforce"] = fraction_str(bf["E2_same"])
        holds = holds and ex["E2_same"] == bf["E2_same"]
    cross = exact_moments(dist, case["N"], case["criterion"], case["tie"], second=False,
                          same_sample=True)["E2_two_trees_same_sample"]
    if cross is not None:
        details["E2_two_trees_same_sample_formula"] = fraction_str(cross)
        details["E2_two_trees_same_sample_bruteforce"] = fraction_str(bf["E2_two_trees_same_sample"])
        holds = holds and cross == bf["E2_two_trees_same_sample"]
    return Verdict(holds, details)


def _att_cases(violate: bool = False):
    st = _st()

    @st.composite
    def build(draw):
        dist, weights = _small_dist(draw, max_d=3)
        shape = list(dist.arities) + [2]
        size = 1
        for s in shape:
            size *= s
        table = draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
        h = dist.d if not violate else draw(st.integers(1, max(1, dist.d - 1)))
        return {"arities": list(dist.arities), "weights": weights, "table": table, "h": h}

    return build()


def _check_att(case: dict) -> Verdict:
    import numpy as np
    from ..rdt import Criterion, Distribution, conditional_moments
    cells = list(itertools.product(*(range(a) for a in case["arities"]), range(2)))
    total = sum(case["weights"])
    dist = Distribution(case["arities"], 2, {c: Fraction(w, total) for c, w in zip(cells, case["weights"]) if w})
    table = np.array(case["table"]).reshape(list(case["arities"]) + [2])
    m1, m2 = conditional_moments(dist, table, Criterion(height=case["h"]))
    return Verdict(m2 == m1 * m1, {**case, "E[GE|data]": fraction_str(m1), "E[GE^2|data]": fraction_str(m2)})


# ------------------------------------------------------------------ App A, the worked example (Figure 8)

def appendix_a_example_terms(d: int) -> list:
    """The four arrangement probabilities of DD App A's worked example (l1 = 6, l2 = 7, r = 5, v = 3:
    A1-A3 common with equal values, A4, A5 common with different values, A6 on path 1 only, A7, A8 on
    path 2 only), transcribed as printed: Figure 8a-8d, split at depth 4, 3, 2, 1.

    Parameters
    ----------
    d : int
        The number of attributes, at least 8 (ValueError otherwise).

    Returns
    -------
    list of Fraction
        The four printed terms, exactly.

    See Also
    --------
    appendix_a_example_paths : the two paths whose co-existence they add up to.

    Examples
    --------
    >>> sum(appendix_a_example_terms(8))
    Fraction(153, 39200)
    """
    from math import factorial as fact, perm, prod
    if d < 8:
        raise ValueError(f"the example names 8 attributes A1..A8: d >= 8 needed, got {d}")
    sq = lambda *xs: prod(x * x for x in xs)        # noqa: E731 - the squared factors after the split
    return [Fraction(perm(3, 3) * fact(2) * fact(3) * 2, prod((d, d - 1, d - 2, d - 3)) * sq(d - 4, d - 5) * (d - 6)),
            Fraction(perm(3, 2) * fact(3) * fact(4) * 2, prod((d, d - 1, d - 2)) * sq(d - 3, d - 4, d - 5) * (d - 6)),
            Fraction(perm(3, 1) * fact(4) * fact(5) * 2, prod((d, d - 1)) * sq(d - 2, d - 3, d - 4, d - 5) * (d - 6)),
            Fraction(perm(3, 0) * fact(5) * fact(6) * 2, d * sq(d - 1, d - 2, d - 3, d - 4, d - 5) * (d - 6))]


def appendix_a_example_paths(order: list) -> tuple:
    """The example's two paths with A1..A8 mapped to the attributes ``order[0..7]``: both take
    value 0 on A1..A3, then path 1 takes 0 on A4..A6 and path 2 takes 1 on A4, A5 and 0 on A7, A8.

    Parameters
    ----------
    order : list of int
        The attributes standing for A1..A8 (at least 8 entries).

    Returns
    -------
    tuple of dict
        (path 1, path 2), each ``{attribute: value}`` in path order.

    See Also
    --------
    appendix_a_example_terms : the printed probabilities of their co-existence.

    Examples
    --------
    >>> path1, path2 = appendix_a_example_paths([7, 6, 5, 4, 3, 2, 1, 0])
    >>> path1
    {7: 0, 6: 0, 5: 0, 4: 0, 3: 0, 2: 0}
    >>> path2
    {7: 0, 6: 0, 5: 0, 4: 1, 3: 1, 1: 0, 0: 0}
    """
    a = order
    path1 = {a[0]: 0, a[1]: 0, a[2]: 0, a[3]: 0, a[4]: 0, a[5]: 0}
    path2 = {a[0]: 0, a[1]: 0, a[2]: 0, a[3]: 1, a[4]: 1, a[6]: 0, a[7]: 0}
    return path1, path2


def _check_appendix_a_example(case: dict) -> Verdict:
    from ..rdt import coexistence_printed, enumerate_coexistence
    d = int(case["d"])
    path1, path2 = appendix_a_example_paths(list(case["order"]))
    terms = appendix_a_example_terms(d)
    general = coexistence_printed(d, path1, path2, "fixed")
    enum = enumerate_coexistence(d, path1, path2, "fixed", case.get("weights"))
    return Verdict(sum(terms) == general == enum,
                   {"d": d, "order": list(case["order"]), "weights": case.get("weights"),
                    "printed_arrangements": [fraction_str(t) for t in terms], "sum": fraction_str(sum(terms)),
                    "general_formula": fraction_str(general), "enumeration": fraction_str(enum)})


def _appendix_a_cases(weighted: bool = False):
    st = _st()

    @st.composite
    def build(draw):
        d = draw(st.integers(8, 11))
        case = {"d": d, "order": draw(st.permutations(range(d)))[:8]}
        if weighted:
            case["weights"] = draw(st.lists(st.integers(1, 3), min_size=d, max_size=d).filter(lambda w: len(set(w)) > 1))
        return case

    return build()


THEOREMS = [
    Theorem(
        id="dd-path-exists", source="DD sec 3.5, 3.6.1, 3.6.2",
        statement="P[path exists] = 1/C(d,h) for fixed height and 1/(C(d,h-1)(d-h+1)) for purity/scarcity "
                  "(given last attribute), equal to the enumeration of the random tree-growing process",
        hypotheses="split attributes drawn uniformly from the unused ones; 1 <= h <= d",
        cases=lambda: _path_pair(7, pair=False), check=_check_exists,
        violations=lambda: _with_weights(_path_pair(7, pair=False)),
        violation_note="with non-uniform attribute selection the closed forms fail (except when the path "
                       "happens to be favoured exactly as uniformly, e.g. h = d for fixed height)",
    ),
    Theorem(
        id="dd-coexist",
        source="DD App A, sec 3.5 (fixed), 3.6.2 (purity/scarcity, corrected)",
        form=("corrected form: sec 3.6.2's purity/scarcity formula as corrected (erratum dd-coexist-purity); "
              "App A as printed for distinct paths"),
        statement="P[two paths co-exist in one random tree] = sum_i vPr_i (l1-i-1)!(l2-i-1)!(r-v) prob_i "
                  "(distinct paths; identical paths: P[exists]); purity/scarcity: the corrected sum over "
                  "bifurcation attributes including the last ones; equal to the enumeration, d <= 7",
        hypotheses="split attributes drawn uniformly from the unused ones",
        cases=lambda: _path_pair(7), check=_check_coexist,
        violations=lambda: _with_weights(_path_pair(5)),
        violation_note="with non-uniform attribute selection the closed form fails (unless it is 0 or the pair "
                       "is insensitive to the weights)",
        default_examples=200,
    ),
    Theorem(
        id="dd-moments", source="DD eq (1)-(2), sec 3.6",
        statement="exact E[GE] and E[GE^2] (same tree), fixed height, purity, scarcity and combinations, and (fixed "
                  "height, two classes) E[GE GE'] for two trees on the same sample equal the brute-force "
                  "enumeration of all data sets with the tree randomness integrated exactly",
        hypotheses="multinomial sample of size N; E[GE GE'] = E[GE]^2 needs the two trees' samples independent",
        cases=lambda: _moment_cases(False), check=_check_moments,
        violations=lambda: _moment_cases(True),
        violation_note="two trees on the same sample: E[GE GE'] differs from E[GE]^2 as soon as N > 0 and the "
                       "GE varies with the data",
        default_examples=30,
        form=("corrected form: with a tie rule for tied and empty leaves (erratum dd-ties) and the diagonal "
              "co-existence factor 1/C(d, h) (erratum dd-coexist-identical)"),
    ),
    Theorem(
        id="dd-att", source="DD sec 3.2",
        statement="the all-attribute tree (h = d, no other stopping) is the same classifier for every attribute "
                  "order: Var[GE | data] = 0",
        hypotheses="h = d and no purity/scarcity stopping",
        cases=lambda: _att_cases(False), check=_check_att,
        violations=lambda: _att_cases(True),
        violation_note="with h < d different attribute choices give different classifiers",
        default_examples=50,
    ),
    Theorem(
        id="dd-appA-example", source="DD App A, the worked example and Figure 8",
        statement=("For l1 = 6, l2 = 7, r = 5, v = 3 the four printed arrangement probabilities (Figure 8a-8d) sum to "
                   "the general App A formula and to the co-existence probability of the random tree process"),
        hypotheses="d >= 8 attributes (the example names A1..A8), split attributes drawn uniformly",
        cases=_appendix_a_cases, check=_check_appendix_a_example,
        violations=lambda: _appendix_a_cases(True),
        violation_note="non-uniform attribute selection: the enumeration moves away from the printed sum",
        pinned_violations=({"d": 8, "order": list(range(8)), "weights": [1, 2, 1, 1, 1, 1, 1, 1]},),
        default_examples=10,
    ),
]

#: boundary cases (policy point 4): d = 1 with identical paths; two identical paths under scarcity;
#: height 1 with one binary attribute
THEOREMS = pin(THEOREMS, {
    "dd-path-exists": ({"d": 1, "path1": {0: 0}, "path2": {0: 0}, "criterion": "fixed"},),
    "dd-coexist": ({"d": 2, "path1": {0: 2, 1: 1}, "path2": {1: 1, 0: 2}, "criterion": "scarcity"},),
    "dd-appA-example": ({"d": 8, "order": list(range(8))}, {"d": 11, "order": [10, 9, 8, 7, 6, 5, 4, 3]}),
    "dd-att": ({"arities": [2], "weights": [1, 1, 1, 0], "table": [2, 3, 0, 0], "h": 1},),
    "dd-moments": tuple({"arities": [2], "weights": weights, "N": n, "criterion": criterion, "tie": tie,
                         "same_sample": False}
                        for weights, n, criterion, tie in (([1, 1, 0, 0], 1, _Criterion(height=1), "first"),
                                                           ([0, 3, 3, 1], 3, _Criterion(purity=True), "split"))),
})
