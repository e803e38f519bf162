"""Zhong's Theorem 5.6 and Corollary 5.7 checked: ineffective splits and the k-norm.

An ineffective split (sum_c b_c = b_t) never decreases the 1-norm (Thm 5.6) and increases every
k-norm (Cor 5.7).  Findings: Thm 5.6 as printed ("maintains iff all classes are equally
distributed in each leaf") is false at lam = 0 (allowed by 0 <= eta <= lam*J): every ineffective
split maintains the 1-norm then.  Cor 5.7 as printed is false at k = 1: an ineffective split whose
leaves are uniform maintains the 1-norm (Thm 5.6's own equality case); it holds for k >= 2,
lam > 0.
"""
from __future__ import annotations

from fractions import Fraction

from .. import Theorem, Verdict, correction, expand_corrections, hypothesis_st as _st
from ..strategies import lams, prior_of, rationals, to_tree
from ...formatting import fraction_str
# the shared helpers (hypothesis_st above, those of notation.py) keep, as local aliases, the private
# names the checks were written with
from .notation import TABLE_A1, one_level_case as _case, prior_show as _prior_show

#: outside Table A.1 (an empty child) with eta = 0 (domain note zhong-5.6-empty-child)
_EMPTY_CHILD_5_6 = _case((2, 1), ((2, 1), (0, 0)), "1/2", 0)
#: lam = 0 counterexamples: an impure ineffective split (erratum zhong-5.6-lam0) and a pure one
_INEFFECTIVE_LAM0 = _case((3, 1), ((2, 1), (1, 0)), 0, 0)
_PURE_SPLIT_ETA0 = _case((3, 0), ((2, 0), (1, 0)), 0, 0)
#: ineffective splits at the boundaries with lam > 0: eta = 0, eta = lam J, uniform (tied) leaves, a
#: single-class leaf, J = 3
_INEFFECTIVE_BOUNDARY = (_case((2, 2), ((1, 1), (1, 1)), "1/2", 0),
                         _case((2, 2), ((1, 1), (1, 1)), "1/2", 1),
                         _case((3, 1), ((2, 1), (1, 0)), "1/4", "1/2"),
                         _case((4, 1, 1), ((2, 1, 0), (2, 0, 1)), 1, 3))


def _ineffective_cases(eta_mode: str = "ok", lam_zero: bool = True):
    """One-level ineffective splits (a common majority class in every leaf), lam >= 0 (0 allowed by
    0 <= eta <= lam J; lam > 0 only when not ``lam_zero``), eta in [0, lam J] ('ok', both ends
    drawn with positive probability) or above ('over'); sometimes uniform leaves."""
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.sampled_from([2, 3]))
        K = draw(st.integers(2, 3))
        top = draw(st.integers(0, J - 1))
        uniform = draw(st.booleans())
        children = []
        for _ in range(K):
            if uniform:
                c = [draw(st.integers(1, 5))] * J
            else:
                c = draw(st.lists(st.integers(0, 8), min_size=J, max_size=J))
                c[top] = max(c) if max(c) > 0 else 1
            children.append({"counts": c})
        counts = [sum(ch["counts"][j] for ch in children) for j in range(J)]
        if eta_mode == "ok":
            lam = draw(st.one_of(lams(), st.just(Fraction(0)))) if lam_zero else draw(lams())
            eta = lam * J * draw(st.one_of(st.sampled_from([Fraction(0), Fraction(1)]),
                                           rationals(Fraction(0), Fraction(1), (1, 2, 4))))
        else:
            lam = draw(lams())
            eta = lam * J * draw(rationals(Fraction(5, 4), Fraction(40), (1, 4)))
        return {"tree": {"counts": counts, "children": children}, "lam": lam, "eta": eta, "numerator": "J-1"}

    return build()


def _uniform_leaves(node) -> bool:
    return all(len(set(c.counts)) == 1 for c in node.children)


def check_5_6(case: dict) -> Verdict:
    """Thm 5.6 (C.58)-(C.64): an ineffective split never decreases the 1-norm (r_tree >= r_leaf) and
    maintains it (r_tree = r_leaf) iff all classes are equally distributed in each leaf.

    Parameters
    ----------
    case : dict
        ``tree`` (a count tree in dict form, its root an ineffective split) and the prior's keys
        ``lam``, ``eta``, ``numerator`` (read by :func:`~exactprune.theorems.strategies.prior_of`).

    Returns
    -------
    Verdict
        Holds when r_tree >= r_leaf and the equality case is exactly the uniform leaves; details
        both 1-norms and each clause.

    Examples
    --------
    >>> uniform = _INEFFECTIVE_BOUNDARY[0]    # (2,2) -> (1,1),(1,1), lam = 1/2, eta = 0
    >>> check_5_6(uniform).details["r_tree"], check_5_6(uniform).holds    # maintained, leaves uniform
    ('1/2', True)
    >>> lam0 = _INEFFECTIVE_LAM0             # (3,1) -> (2,1),(1,0), lam = eta = 0
    >>> verdict = check_5_6(lam0)                       # maintained (1/4 = 1/4) with non-uniform leaves
    >>> verdict.holds, verdict.details["r_tree"], verdict.details["leaves_uniform"]
    (False, '1/4', False)
    """
    from ...knorm import leaf_moment, subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    r_leaf = leaf_moment(tree.root.counts, 1, prior)
    r_tree = subtree_moment(tree.root, 1, prior)
    uniform = _uniform_leaves(tree.root)
    never_decreases = r_tree >= r_leaf
    iff = (r_tree == r_leaf) == uniform
    return Verdict(never_decreases and iff, {
        "tree": case["tree"], **_prior_show(prior), "r_leaf": fraction_str(r_leaf), "r_tree": fraction_str(r_tree),
        "never_decreases": never_decreases, "maintained": r_tree == r_leaf, "leaves_uniform": uniform,
        "iff_clause_holds": iff})


def check_5_7(case: dict, k_min: int = 1) -> Verdict:
    """Cor 5.7: an ineffective split increases the k-norm (R_tree(k) > R_leaf(k)) for every k >= 1
    (checked for k = ``k_min``..6; the corrected corollary starts at k = 2).

    Parameters
    ----------
    case : dict
        ``tree`` and the prior's keys, as for :func:`check_5_6`.
    k_min : int, optional
        The first k checked (the printed corollary: 1).

    Returns
    -------
    Verdict
        Holds when R_tree(k) > R_leaf(k) for every k from ``k_min`` to 6, exactly; on failure the
        details name the first k failing and both moments.

    See Also
    --------
    check_5_7_corrected : the corrected form (k from 2).

    Examples
    --------
    >>> uniform = _INEFFECTIVE_BOUNDARY[0]    # (2,2) -> (1,1),(1,1), lam = 1/2, eta = 0
    >>> verdict = check_5_7(uniform)                    # uniform leaves maintain the 1-norm
    >>> verdict.holds, verdict.details["k"]
    (False, 1)
    """
    from ...knorm import leaf_moment, subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    for k in range(k_min, 7):
        r_leaf = leaf_moment(tree.root.counts, k, prior)
        r_tree = subtree_moment(tree.root, k, prior)
        if not r_tree > r_leaf:
            return Verdict(False, {"tree": case["tree"], **_prior_show(prior), "k": k, "R_leaf": fraction_str(r_leaf),
                                   "R_tree": fraction_str(r_tree), "leaves_uniform": _uniform_leaves(tree.root)})
    return Verdict(True, {"tree": case["tree"], **_prior_show(prior), "k_checked": f"{k_min}..6"})


def check_5_7_corrected(case: dict) -> Verdict:
    """Cor 5.7 corrected (k >= 2, lam > 0, via Thm 5.3): R_tree(k) > R_leaf(k) for k = 2..6.

    Parameters
    ----------
    case : dict
        ``tree`` and the prior's keys, as for :func:`check_5_6`.

    Returns
    -------
    Verdict
        :func:`check_5_7` from k = 2.

    Examples
    --------
    >>> uniform = _INEFFECTIVE_BOUNDARY[0]    # (2,2) -> (1,1),(1,1), lam = 1/2, eta = 0
    >>> check_5_7_corrected(uniform).holds
    True
    """
    return check_5_7(case, k_min=2)


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="zhong-5.6", source="Zhong 2007, Theorem 5.6, proof App C.6 (C.58)-(C.64)",
        statement=("If 0 <= eta <= lam J, an ineffective split never decreases the 1-norm error; it maintains it iff "
                   "all classes are equally distributed in each leaf."),
        hypotheses=f"as printed: ineffective split (sum_c b_c = b_t), 0 <= eta <= lam J; {TABLE_A1}",
        cases=lambda: _ineffective_cases("ok"), check=check_5_6,
        violations=lambda: _st().one_of(_ineffective_cases("over"), _st().just(_EMPTY_CHILD_5_6)),
        violation_note=("eta > lam J: an ineffective split can decrease the 1-norm. Outside Table A.1, an empty "
                        "child with eta = 0: (2,1) -> (2,1),(0,0), lam = 1/2 maintains the 1-norm with non-uniform "
                        "leaves (domain note zhong-5.6-empty-child)."),
        erratum="zhong-5.6-lam0", domain=("zhong-5.6-empty-child",),
        pinned=(_INEFFECTIVE_LAM0,) + _INEFFECTIVE_BOUNDARY, pinned_violations=(_EMPTY_CHILD_5_6,),
        default_examples=150),
    correction(
        statement="Theorem 5.6 with lam > 0 (hence 0 <= eta <= lam J with lam > 0).",
        hypotheses=f"ineffective split, lam > 0 (unstated), 0 <= eta <= lam J; {TABLE_A1}",
        cases=lambda: _ineffective_cases("ok", lam_zero=False), pinned=_INEFFECTIVE_BOUNDARY,
        violations=lambda: _st().one_of(_ineffective_cases("over"), _st().just(_INEFFECTIVE_LAM0)),
        pinned_violations=(_INEFFECTIVE_LAM0,),
        violation_note=("eta > lam J: an ineffective split can decrease the 1-norm; lam = 0: every ineffective split "
                        "maintains it, e.g. (3,1) -> (2,1),(1,0) (erratum zhong-5.6-lam0).")),
    Theorem(
        id="zhong-5.7", source="Zhong 2007, Corollary 5.7",
        statement="If 0 <= eta <= lam J, any ineffective split increases the k-norm error for any k >= 1 (k = 1..6).",
        hypotheses=f"as printed: ineffective split, 0 <= eta <= lam J; {TABLE_A1}",
        cases=lambda: _ineffective_cases("ok"), check=check_5_7, violations=lambda: _ineffective_cases("over"),
        violation_note=("eta > lam J: the 1-norm can decrease. Within the hypotheses it is false at k = 1 "
                        "(erratum zhong-5.7-k1)."),
        erratum="zhong-5.7-k1", pinned=_INEFFECTIVE_BOUNDARY + (_INEFFECTIVE_LAM0,),
        default_examples=150),
    correction(
        statement="Corollary 5.7 for k >= 2 and lam > 0: any ineffective split increases the k-norm (k = 2..6).",
        hypotheses=f"ineffective split, lam > 0, 0 <= eta <= lam J, k >= 2; {TABLE_A1}",
        cases=lambda: _ineffective_cases("ok", lam_zero=False), check=check_5_7_corrected,
        pinned=_INEFFECTIVE_BOUNDARY, pinned_violations=(_PURE_SPLIT_ETA0,),
        violations=lambda: _st().one_of(_ineffective_cases("over"), _st().just(_PURE_SPLIT_ETA0)),
        violation_note=("lam = 0: a pure split (3,0) -> (2,0),(1,0) keeps R_tree = R_leaf = 0 at every k (an "
                        "impure one such as (3,1) -> (2,1),(1,0) does increase the k-norm for k >= 2 even at "
                        "lam = 0); eta > lam J can decrease the norm.")),
])
