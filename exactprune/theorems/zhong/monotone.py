"""Zhong's Theorem 5.3, Corollary 5.4 and Theorem 5.5 checked: the k-norm from k to k + 1.

A subtree that does not help at k loses at k + 1 (Thm 5.3), so the optimal prunings are nested,
T_{k+1} a pruning of T_k (Cor 5.4, checked on PruneTree's output), and the k-norm error of a
subtree increases strictly with k (Thm 5.5).  Findings: Theorems 5.3 and 5.5 as printed fail at
lam = 0 (pure leaves make every k-norm 0; errata ``zhong-5.3-lam0``, ``zhong-5.5-lam0``); their
corrected forms with lam > 0 are registered beside them.
"""
from __future__ import annotations

from fractions import Fraction

from .. import Theorem, Verdict, correction, expand_corrections, pin, hypothesis_st as _st
from ..strategies import prior_of, rationals, to_tree
from ...formatting import fraction_str
# the shared helpers (hypothesis_st above, those of notation.py) keep, as local aliases, the private
# names the checks were written with
from .notation import (BOUNDARY, BOUNDARY_LAM0, TABLE_A1, PURE_SPLIT as _PURE_SPLIT,
                       internal_names as _internal_names, prior_show as _prior_show,
                       pure_trees_lam0 as _pure_trees_lam0, tree_prior_cases as _tree_prior_cases)

K_MAX = 8


_EMPTY_CHILD = {"tree": {"counts": [1, 0], "children": [{"counts": [1, 0]}, {"counts": [0, 0]}]},
                "lam": Fraction(1, 4), "eta": Fraction(0), "numerator": "J-1"}


def check_5_3(case: dict) -> Verdict:
    """Thm 5.3 (C.27)-(C.28): for every internal node d and k = 1..K_MAX, if R(T_d, k) >= R_leaf(d, k)
    then R(T_d, k+1) > R_leaf(d, k+1) (subtrees as they stand), exactly.

    Parameters
    ----------
    case : dict
        ``tree`` (a count tree in dict form) and the prior's keys ``lam``, ``eta``, ``numerator``.

    Returns
    -------
    Verdict
        Holds when the implication holds at every internal node and k = 1..K_MAX; on failure the
        details name the node, k and the four moments.

    Examples
    --------
    >>> split = BOUNDARY[0]          # (2,2) -> (2,0),(0,2), lam = 1/4, eta = 0
    >>> check_5_3(split).holds
    True
    >>> pure = _PURE_SPLIT           # (3,0) -> (2,0),(1,0), lam = 0
    >>> check_5_3(pure).details["R_tree_k+1"]          # lam = 0, pure leaves: every moment is 0
    '0'
    """
    from ...knorm import leaf_moment, subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    applied = 0
    for node in tree.nodes():
        if node.is_leaf:
            continue
        tree_m = [None] + [subtree_moment(node, k, prior) for k in range(1, K_MAX + 2)]
        leaf_m = [None] + [leaf_moment(node.counts, k, prior) for k in range(1, K_MAX + 2)]
        for k in range(1, K_MAX + 1):
            if tree_m[k] >= leaf_m[k]:
                applied += 1
                if not tree_m[k + 1] > leaf_m[k + 1]:
                    return Verdict(False, {"tree": case["tree"], **_prior_show(prior), "node": node.name, "k": k,
                                           "R_tree_k": fraction_str(tree_m[k]), "R_leaf_k": fraction_str(leaf_m[k]),
                                           "R_tree_k+1": fraction_str(tree_m[k + 1]),
                                           "R_leaf_k+1": fraction_str(leaf_m[k + 1])})
    return Verdict(True, {"tree": case["tree"], **_prior_show(prior), "premise_applied": applied})


def _cases_5_4(epsilon: bool = False):
    st = _st()
    base = _tree_prior_cases(max_depth=3, max_children=2, lam_zero_too=not epsilon)   # Table A.1's lam >= 0
    if not epsilon:
        return base
    # D_k = R_leaf(k) - R_tree(k): D_1 = 1/9 < epsilon = 1/8 < D_2 = 563/4275: pruned at k = 1, kept at k = 2
    known = {"tree": {"counts": [4, 4, 4], "children": [{"counts": [0, 2, 4]}, {"counts": [4, 2, 0]}]},
             "lam": Fraction(4), "eta": Fraction(1, 2), "numerator": "J-1", "epsilon": Fraction(1, 8)}
    return st.one_of(st.just(known), st.builds(lambda c, e: {**c, "epsilon": e}, base,
                                               rationals(Fraction(1, 100), Fraction(1, 5), (100,))))


def check_5_4(case: dict) -> Verdict:
    """Cor 5.4: T_{k+1} (PruneTree at k+1) is a pruning of T_k, for k = 1..K_MAX: the kept splits
    of T_{k+1} are a subset of those of T_k.  ``epsilon`` (violations only) is PruneTree's margin.

    Parameters
    ----------
    case : dict
        ``tree`` (a count tree in dict form), the prior's keys ``lam``, ``eta``, ``numerator`` and
        optionally ``epsilon`` (PruneTree's margin, 0 by default; > 0 only in violations).

    Returns
    -------
    Verdict
        Holds when the kept splits shrink (as sets) from each k to k + 1; details the kept splits by
        k, or the first k where they do not.

    See Also
    --------
    exactprune.knorm.prune : PruneTree.

    Examples
    --------
    >>> split = BOUNDARY[0]          # (2,2) -> (2,0),(0,2), lam = 1/4, eta = 0
    >>> check_5_4(split).details["kept_by_k"][9]
    ['root']
    >>> margin = {"tree": {"counts": [4, 4, 4], "children": [{"counts": [0, 2, 4]}, {"counts": [4, 2, 0]}]},
    ...           "lam": Fraction(4), "eta": Fraction(1, 2), "numerator": "J-1", "epsilon": Fraction(1, 8)}
    >>> verdict = check_5_4(margin)                     # epsilon > 0: pruned at k = 1, kept at k = 2
    >>> verdict.holds, verdict.details["kept_at_k"], verdict.details["kept_at_k+1"]
    (False, [], ['root'])
    """
    from ...knorm import prune
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    eps = case.get("epsilon", 0)
    previous = None
    kept_by_k = {}
    for k in range(1, K_MAX + 2):
        kept = _internal_names(prune(tree, k, prior=prior, epsilon=eps).tree)
        kept_by_k[k] = sorted(kept)
        if previous is not None and not kept <= previous:
            return Verdict(False, {"tree": case["tree"], **_prior_show(prior), "epsilon": fraction_str(Fraction(eps)),
                                   "k": k - 1, "kept_at_k": sorted(previous), "kept_at_k+1": sorted(kept)})
        previous = kept
    return Verdict(True, {"tree": case["tree"], **_prior_show(prior), "kept_by_k": kept_by_k})


def check_5_5(case: dict) -> Verdict:
    """Thm 5.5: ||r||_k < ||r||_{k+1} for every node (subtree as it stands), k = 1..K_MAX, decided
    exactly as E[r^k]^(k+1) < E[r^(k+1)]^k.

    Parameters
    ----------
    case : dict
        ``tree`` (a count tree in dict form) and the prior's keys ``lam``, ``eta``, ``numerator``.

    Returns
    -------
    Verdict
        Holds when E[r^k]^(k+1) < E[r^(k+1)]^k at every node and k = 1..K_MAX, exactly; on failure
        the details name the node, k and both moments.

    Examples
    --------
    >>> split = BOUNDARY[0]          # (2,2) -> (2,0),(0,2), lam = 1/4, eta = 0
    >>> check_5_5(split).holds
    True
    >>> pure = _PURE_SPLIT           # (3,0) -> (2,0),(1,0), lam = 0
    >>> check_5_5(pure).holds                           # lam = 0, pure leaves: every k-norm is 0
    False
    """
    from ...knorm import subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    for node in tree.nodes():
        moments = [None] + [subtree_moment(node, k, prior) for k in range(1, K_MAX + 2)]
        for k in range(1, K_MAX + 1):
            if not moments[k] ** (k + 1) < moments[k + 1] ** k:
                return Verdict(False, {"tree": case["tree"], **_prior_show(prior), "node": node.name, "k": k,
                                       "E[r^k]": fraction_str(moments[k]), "E[r^(k+1)]": fraction_str(moments[k + 1])})
    return Verdict(True, {"tree": case["tree"], **_prior_show(prior), "k_checked": f"1..{K_MAX + 1}"})


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="zhong-5.3", source="Zhong 2007, Theorem 5.3, proof App C.4.3 (C.46)-(C.55)",
        statement=("If a non-leaf subtree increases or maintains the k-norm error compared to its root as a leaf, "
                   "it increases the (k+1)-norm error. Checked at every internal node, k = 1..8."),
        hypotheses=f"as printed: none beyond {TABLE_A1}; either numerator convention",
        cases=lambda: _tree_prior_cases(lam_zero_too=True), check=check_5_3,
        violations=lambda: _st().one_of(_tree_prior_cases(allow_empty=True), _st().just(_EMPTY_CHILD)),
        violation_note=("outside Table A.1 (an empty child, n_c = 0) with eta = 0 it fails: (1,0) -> (1,0),(0,0), "
                        "lam = 1/4: R_tree = R_leaf for every k (domain note zhong-5.3-empty-child)."),
        erratum="zhong-5.3-lam0", domain=("zhong-5.3-empty-child",),
        pinned=BOUNDARY_LAM0 + BOUNDARY, pinned_violations=(_EMPTY_CHILD,),
        default_examples=100),
    correction(
        statement=("Theorem 5.3 with lam > 0: a subtree that increases or maintains the k-norm increases the "
                   "(k+1)-norm (every internal node, k = 1..8)."),
        hypotheses=f"lam > 0 (unstated in the paper, used in Lemma 5.1: 0 < B_c) and {TABLE_A1}",
        cases=lambda: _tree_prior_cases(), pinned=BOUNDARY,
        violations=lambda: _tree_prior_cases(include_zero_lam=True, extra=[_PURE_SPLIT]),
        pinned_violations=(_PURE_SPLIT,),
        violation_note=("lam = 0: a pure node split into pure leaves, e.g. (3,0) -> (2,0),(1,0): R_tree = R_leaf = 0 "
                        "for every k, so 'maintains at k' does not give 'increases at k+1' (erratum zhong-5.3-lam0).")),
    Theorem(
        id="zhong-5.4", source="Zhong 2007, Corollary 5.4 (Property 2)",
        statement="T_{k+1}, the optimal pruning for the (k+1)-norm, is a pruned version of T_k (k = 1..8 checked).",
        hypotheses=f"as printed: none beyond {TABLE_A1} (lam = 0 drawn too); PruneTree with epsilon = 0",
        cases=lambda: _cases_5_4(False), check=check_5_4, violations=lambda: _cases_5_4(True),
        violation_note=("PruneTree with a margin epsilon > 0 on the moments: nesting can fail, because moment "
                        "differences can grow from k to k+1 when errors are large (J = 3, lam = 2)."),
        default_examples=80),
    Theorem(
        id="zhong-5.5", source="Zhong 2007, Theorem 5.5, proof App C.5",
        statement="For any subtree, the k-norm error is strictly increasing in k (checked exactly, k = 1..9).",
        hypotheses=f"as printed: none beyond {TABLE_A1}",
        cases=lambda: _tree_prior_cases(lam_zero_too=True), check=check_5_5, violations=_pure_trees_lam0,
        violation_note=("the printed statement has no hypothesis to drop beyond Table A.1; its failing cases lie "
                        "within it (lam = 0 with pure leaves: every k-norm is 0; erratum zhong-5.5-lam0)."),
        erratum="zhong-5.5-lam0", pinned=BOUNDARY_LAM0 + BOUNDARY, pinned_violations=(_PURE_SPLIT,),
        default_examples=100),
    correction(
        statement="Theorem 5.5 with lam > 0: the k-norm error of any subtree is strictly increasing in k (k = 1..9).",
        hypotheses=f"lam > 0 (unstated: the error is not deterministic) and {TABLE_A1}",
        cases=lambda: _tree_prior_cases(), pinned=BOUNDARY,
        violation_note="lam = 0 with pure leaves: r = 0 almost surely, every k-norm is 0 (not strictly increasing)."),
])

#: boundary cases (policy point 4) of the statements above that do not pin them in their record
THEOREMS = pin(THEOREMS, {
    "zhong-5.4": BOUNDARY,
})
