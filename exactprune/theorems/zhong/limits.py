"""Zhong's Theorems 5.8 and 5.9 checked: the k-norm as k grows without bound.

The k-norm error of any subtree tends to 1 (Thm 5.8: a k with ||r||_k > 1 - eps is found and
certified), and a subtree reduces the k-norm error for every k >= 1 iff each of its leaves has
the root's largest class count (Thm 5.9: sufficiency exactly, necessity by exhibiting the finite k
where the subtree stops helping).  Findings: both fail as printed at lam = 0 (errata
``zhong-5.8-lam0``, ``zhong-5.9-lam0``); their corrected forms with lam > 0 are registered beside
them.
"""
from __future__ import annotations

from fractions import Fraction

from .. import Theorem, Verdict, correction, expand_corrections, hypothesis_st as _st
from ..strategies import count_trees, etas, lams, prior_of, to_tree
from ...formatting import fraction_str
# the shared helpers (hypothesis_st above, those of notation.py) keep, as local aliases, the private
# names the checks were written with
from .notation import (BOUNDARY, BOUNDARY_LAM0, TABLE_A1, leaf_BM, PURE_SPLIT as _PURE_SPLIT,
                       one_level_case as _case, prior_show as _prior_show,
                       pure_trees_lam0 as _pure_trees_lam0, tree_prior_cases as _tree_prior_cases)

#: Thm 5.9 outside Table A.1 (an empty child) with eta = 0, and its lam = 0 counterexample (erratum zhong-5.9-lam0)
_EMPTY_CHILD_5_9 = _case((10, 10), ((10, 0), (0, 10), (0, 0)), "1/2", 0)
_LAM0_5_9 = _case((10, 9), ((10, 0), (0, 9)), 0, "1/2")


K_SEARCH_LIMIT = 1 << 62


def knorm_exceeds(node, k: int, prior, eps: Fraction) -> bool:
    """Certified: is ||r||_k > 1 - eps, i.e. E[r^k] > (1 - eps)^k?  Arb balls, no tolerance; an
    exact tie (which arb cannot prove, e.g. E[r] = 1 - eps at k = 1) is settled by exact
    rationals when k <= EXACT_K_LIMIT.

    Parameters
    ----------
    node : Node
        The subtree's root.
    k : int
        The norm's order, >= 1.
    prior : exactprune.knorm.Prior
        The prior.
    eps : Fraction
        The margin, 0 <= eps <= 1.

    Returns
    -------
    bool
        Whether E[r^k] > (1 - eps)^k.

    Raises
    ------
    exactprune.numbers.CertificationError
        When arb cannot decide and k > ``EXACT_K_LIMIT``.

    See Also
    --------
    exactprune.knorm.subtree_moment_arb : the certified (4.28) used.
    exactprune.knorm.subtree_moment : the exact form, for ties.

    Examples
    --------
    >>> from exactprune.knorm import Prior
    >>> from exactprune.theorems.strategies import to_tree
    >>> leaf = to_tree({"counts": [1, 1]}).root        # E[r] = (1 + 1/2)/(2 + 1) = 1/2
    >>> prior = Prior(Fraction(1, 2), 0)
    >>> knorm_exceeds(leaf, 1, prior, Fraction(1, 2)), knorm_exceeds(leaf, 1, prior, Fraction(3, 5))
    (False, True)
    """
    from ...knorm import EXACT_K_LIMIT, subtree_moment, subtree_moment_arb
    from ...numbers import CertificationError, arb_of, certified_sign
    try:
        return certified_sign(lambda: subtree_moment_arb(node, k, prior) - arb_of(1 - eps) ** k,
                              max_prec=1 << 12) > 0
    except CertificationError:
        if k > EXACT_K_LIMIT:
            raise
        return subtree_moment(node, k, prior) > (1 - eps) ** k


def check_5_8(case: dict) -> Verdict:
    """Thm 5.8 (C.65)-(C.72): for the given eps, find (by doubling) a k with ||r_root||_k > 1 - eps,
    certified; confirm at 10k and 1000k (beyond it, by Thm 5.5 monotonicity).

    Parameters
    ----------
    case : dict
        ``tree`` (a count tree in dict form), the prior's keys ``lam``, ``eta``, ``numerator`` and
        ``eps`` (0 < eps < 1).

    Returns
    -------
    Verdict
        Holds when a k with ||r_root||_k > 1 - eps is found and the inequality holds at 10k and
        1000k; details k and, on failure, the reason.

    See Also
    --------
    knorm_exceeds : the certified test at one k.

    Examples
    --------
    >>> split = BOUNDARY[0]          # (2,2) -> (2,0),(0,2), lam = 1/4, eta = 0
    >>> check_5_8({**split, "eps": Fraction(1, 10)}).holds
    True
    >>> pure = _PURE_SPLIT           # (3,0) -> (2,0),(1,0), lam = 0
    >>> check_5_8({**pure, "eps": Fraction(1, 10)}).holds
    False
    """
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    eps = Fraction(case["eps"])
    details = {"tree": case["tree"], **_prior_show(prior), "eps": fraction_str(eps)}
    if all(leaf_BM(leaf.counts, prior)[0] == 0 for leaf in tree.leaves()):
        details["reason"] = "B = 0 at every leaf: E[r^k] = 0 for every k, the limit is 0"
        return Verdict(False, details)
    k = 1
    while not knorm_exceeds(tree.root, k, prior, eps):
        k *= 2
        if k > K_SEARCH_LIMIT:
            details["reason"] = "no k <= 2^62 with k-norm > 1 - eps"
            return Verdict(False, details)
    confirmed = all(knorm_exceeds(tree.root, m, prior, eps) for m in (10 * k, 1000 * k))
    details.update({"k_found": k, "confirmed_at": [10 * k, 1000 * k]})
    return Verdict(confirmed, details)


def _with_eps(cases, eps: Fraction = Fraction(1, 10)) -> tuple:
    return tuple({**c, "eps": eps} for c in cases)


def _cases_5_8(violation: bool = False, lam_zero_too: bool = False):
    st = _st()
    if violation:
        return st.builds(lambda c, e: {**c, "eps": e}, _pure_trees_lam0(),
                         st.sampled_from([Fraction(1, 2), Fraction(1, 10)]))
    return st.builds(lambda c, e: {**c, "eps": e}, _tree_prior_cases(max_depth=2, lam_zero_too=lam_zero_too),
                     st.sampled_from([Fraction(1, 2), Fraction(1, 10), Fraction(1, 100), Fraction(1, 1000)]))


# ------------------------------------------------------------------------------------------
# Theorem 5.9: both directions
# ------------------------------------------------------------------------------------------

def condition_5_9(node) -> bool:
    """Thm 5.9's condition, computed here independently: max_j n_{j,d} = max_j n_{j,c} for every leaf c.

    Parameters
    ----------
    node : Node
        The subtree's root d.

    Returns
    -------
    bool
        Whether every leaf below ``node`` has the same largest class count as ``node``.

    See Also
    --------
    exactprune.sequence.survives_all_k : the library's form, checked against this one.

    Examples
    --------
    >>> from exactprune.theorems.strategies import to_tree
    >>> condition_5_9(to_tree({"counts": [10, 10], "children": [{"counts": [10, 0]}, {"counts": [0, 10]}]}).root)
    True
    >>> condition_5_9(to_tree({"counts": [10, 9], "children": [{"counts": [10, 0]}, {"counts": [0, 9]}]}).root)
    False
    """
    top = max(node.counts)
    return all(max(leaf.counts) == top for leaf in node.leaves())


def _surviving_trees():
    """Trees meeting Thm 5.9's condition: >= 2 majority classes of size T, each leaf holding all of
    at least one majority class, minority classes (< T) spread arbitrarily."""
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.integers(2, 4))
        T = draw(st.integers(1, 9))
        n_major = draw(st.integers(2, J))
        minority = [draw(st.integers(0, T - 1)) for _ in range(J - n_major)]
        n_leaves = draw(st.integers(2, n_major))
        owner = [i % n_leaves for i in range(n_major)]          # every leaf owns >= 1 majority class
        leaves = [[0] * J for _ in range(n_leaves)]
        for cls, leaf in enumerate(owner):
            leaves[leaf][cls] = T
        for m, total in enumerate(minority):
            cls = n_major + m
            for _ in range(total):
                leaves[draw(st.integers(0, n_leaves - 1))][cls] += 1
        nodes = [{"counts": c} for c in leaves]
        while len(nodes) > 2 and draw(st.booleans()):            # group leaves into a deeper tree
            a = nodes.pop(draw(st.integers(0, len(nodes) - 1)))
            b = nodes.pop(draw(st.integers(0, len(nodes) - 1)))
            nodes.append({"counts": [x + y for x, y in zip(a["counts"], b["counts"])], "children": [a, b]})
        root = {"counts": [sum(n["counts"][j] for n in nodes) for j in range(J)], "children": nodes}
        return root

    return build()


def _cases_5_9(violation: bool = False, lam_zero_too: bool = False):
    st = _st()
    if violation:
        lam0 = {"tree": {"counts": [10, 9], "children": [{"counts": [10, 0]}, {"counts": [0, 9]}]},
                "lam": Fraction(0), "eta": Fraction(1, 2), "numerator": "J-1"}
        return st.one_of(st.just(lam0), _pure_split_lam0_distinct())
    # App B, Figure B.1(d)->(e): c2 with leaves c21, c22 stops helping at k = 17781896
    iris_c2 = {"tree": {"counts": [0, 50, 50], "children": [{"counts": [0, 49, 5]}, {"counts": [0, 1, 45]}]},
               "lam": Fraction(1, 2), "eta": Fraction(1, 2), "numerator": "J-1"}
    prior = st.fixed_dictionaries({"lam": lams(include_zero=lam_zero_too), "eta": etas(),
                                   "numerator": st.sampled_from(["J-1", "1"])})
    trees = st.one_of(_surviving_trees(), count_trees((2, 3), max_depth=2, max_children=3, max_count=8))
    return st.one_of(st.just(iris_c2), st.builds(lambda t, p: {"tree": t, **p}, trees, prior))


def _pure_split_lam0_distinct():
    st = _st()

    @st.composite
    def build(draw):
        a, b = draw(st.integers(1, 9)), draw(st.integers(1, 9))
        if a == b:
            b = a + 1
        return {"tree": {"counts": [a, b], "children": [{"counts": [a, 0]}, {"counts": [0, b]}]},
                "lam": Fraction(0), "eta": draw(etas()), "numerator": "J-1"}

    return build()


def check_5_9(case: dict) -> Verdict:
    """Thm 5.9 (C.73)-(C.85), both directions, at the root d:

    * condition holds => R(T_d, k) < R_leaf(d, k) for every k >= 1: proved via (C.73)-(C.74) by the
      exact termwise test M_c - B_c = M_d - B_d and M_c < M_d for every leaf c; spot-checked
      (certified) at k = 1, 2, 10^3, 10^9;
    * condition fails => a finite k with R(T_d, k) >= R_leaf(d, k) is exhibited (certified).

    Parameters
    ----------
    case : dict
        ``tree`` (a count tree in dict form) and the prior's keys ``lam``, ``eta``, ``numerator``.

    Returns
    -------
    Verdict
        Holds when :func:`~exactprune.sequence.survives_all_k` agrees with the condition and the
        direction checked holds; details the condition, the direction and (necessity) the first k
        at which the subtree stops helping.

    See Also
    --------
    condition_5_9 : the condition, computed independently.
    exactprune.sequence.survives_all_k : the library's form of the condition.

    Examples
    --------
    >>> iris_c2 = {"tree": {"counts": [0, 50, 50], "children": [{"counts": [0, 49, 5]}, {"counts": [0, 1, 45]}]},
    ...            "lam": Fraction(1, 2), "eta": Fraction(1, 2), "numerator": "J-1"}
    >>> verdict = check_5_9(iris_c2)                    # App B, Fig B.1(d)-(e): c2 stops helping at k = 17781896
    >>> verdict.holds, verdict.details["direction"], verdict.details["k_subtree_stops_helping"]
    (True, 'necessity', 17781896)
    """
    from ...sequence import split_kept, survives_all_k
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    d = tree.root
    cond = condition_5_9(d)
    details = {"tree": case["tree"], **_prior_show(prior), "condition": cond,
               "library_survives_all_k_agrees": survives_all_k(d) == cond}
    if survives_all_k(d) != cond:
        return Verdict(False, details)
    Bd, Md = leaf_BM(d.counts, prior)
    if cond:
        termwise = all((lambda BM: BM[1] - BM[0] == Md - Bd and BM[1] < Md)(leaf_BM(c.counts, prior))
                       for c in d.leaves())
        spot = {k: split_kept(d, k, prior) for k in (1, 2, 1000, 10 ** 9)}
        details.update({"direction": "sufficiency", "termwise_C.73": termwise,
                        "kept_at": {str(k): v for k, v in spot.items()}})
        return Verdict(termwise and all(spot.values()), details)
    details["direction"] = "necessity"
    if Bd > 0 and all(leaf_BM(c.counts, prior)[0] == 0 for c in d.leaves()):
        details["reason"] = "every leaf has B = 0: R(T_d, k) = 0 < R_leaf(d, k) for every k"
        return Verdict(False, details)
    k = 1
    while split_kept(d, k, prior):
        k *= 2
        if k > K_SEARCH_LIMIT:
            details["reason"] = "no k <= 2^62 found where the subtree stops helping"
            return Verdict(False, details)
    lo, hi = k // 2, k                 # kept at lo (if lo >= 1), lost at hi
    while lo >= 1 and hi - lo > 1:
        mid = (lo + hi) // 2
        if split_kept(d, mid, prior):
            lo = mid
        else:
            hi = mid
    details.update({"k_subtree_stops_helping": hi, "kept_at_k-1": bool(hi > 1 and split_kept(d, hi - 1, prior))})
    return Verdict(not split_kept(d, hi, prior), details)


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="zhong-5.8", source="Zhong 2007, Theorem 5.8, proof App C.7 (C.65)-(C.72)",
        statement=("The k-norm error of any subtree tends to 1 as k -> infinity: for eps, a k is found (certified) "
                   "with ||r||_k > 1 - eps, confirmed at 10k and 1000k."),
        hypotheses=f"as printed: none beyond {TABLE_A1}",
        cases=lambda: _cases_5_8(False, lam_zero_too=True), check=check_5_8, violations=lambda: _cases_5_8(True),
        violation_note=("no hypothesis to drop beyond Table A.1; the failing cases lie within it (lam = 0 with pure "
                        "leaves: the limit is 0; erratum zhong-5.8-lam0)."),
        erratum="zhong-5.8-lam0", pinned=_with_eps(BOUNDARY_LAM0 + BOUNDARY),
        pinned_violations=_with_eps((_PURE_SPLIT,)), default_examples=40),
    correction(
        statement="Theorem 5.8 with lam > 0: the k-norm error of any subtree tends to 1.",
        hypotheses=f"lam > 0 (unstated; some leaf with B > 0 suffices); {TABLE_A1}",
        cases=lambda: _cases_5_8(False), pinned=_with_eps(BOUNDARY),
        violation_note="lam = 0 with pure leaves: E[r^k] = 0 for every k, the limit is 0, not 1."),
    Theorem(
        id="zhong-5.9", source="Zhong 2007, Theorem 5.9, proof App C.8 (C.73)-(C.85)",
        statement=("The subtree at d reduces the k-norm error for all k >= 1 iff max_j n_{j,d} = max_j n_{j,c} for "
                   "all its leaves c. Sufficiency via (C.73)-(C.74) exactly; necessity by exhibiting the finite k "
                   "where the subtree stops helping (certified)."),
        hypotheses=f"as printed: none beyond {TABLE_A1}; either numerator convention; any eta",
        cases=lambda: _cases_5_9(False, lam_zero_too=True), check=check_5_9,
        violations=lambda: _st().one_of(_cases_5_9(True), _st().just(_EMPTY_CHILD_5_9)),
        violation_note=("outside Table A.1, an empty leaf with eta = 0: in (10,10) -> (10,0),(0,10),(0,0) the empty "
                        "leaf (max 0 != 10) breaks the condition, yet it has weight 0 and the subtree reduces the "
                        "k-norm at every k (domain note zhong-5.9-empty-child)."),
        erratum="zhong-5.9-lam0", domain=("zhong-5.9-empty-child",),
        pinned=(_LAM0_5_9,) + BOUNDARY_LAM0 + BOUNDARY, pinned_violations=(_EMPTY_CHILD_5_9,),
        default_examples=60),
    correction(
        statement="Theorem 5.9 with lam > 0 (and, by Table A.1, non-empty leaves).",
        hypotheses=f"lam > 0 (unstated); {TABLE_A1}; either numerator convention; any eta",
        cases=lambda: _cases_5_9(False), pinned=BOUNDARY,
        violations=lambda: _cases_5_9(True), pinned_violations=(_LAM0_5_9,),
        violation_note=("lam = 0: necessity fails; pure leaves with different maxima, e.g. (10,9) -> (10,0),(0,9), "
                        "give R_tree = 0 < R_leaf for every k although the condition fails (erratum zhong-5.9-lam0).")),
])
