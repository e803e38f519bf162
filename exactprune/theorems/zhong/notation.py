"""Zhong's notation for chapters 4-5 and the cases the statements share.

Notation (App C): a leaf l has B_l = b_l + c*lam and M_l = n_l + J*lam (c = J-1, Zhong 4.29),
f_k(B, M) = g_k(B)/g_k(M) with g_k the rising factorial (C.25)-(C.26).  ``TABLE_A1`` is Zhong's
Table A.1 in words, part of every chapter 4-5 statement's hypotheses; ``BOUNDARY`` and
``BOUNDARY_LAM0`` are the boundary cases (policy point 4) several statements pin; the hypothesis
strategies of trees with a prior (``tree_prior_cases``, ``pure_trees_lam0``) are drawn by several
statements.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from .. import hypothesis_st
from ..strategies import count_trees, etas, lams
from ...numbers import rising
from ...formatting import fraction_str


def f_k(B, M, k: int) -> Fraction:
    """f_k(B, M) = g_k(B)/g_k(M) (Zhong C.26), exactly; the k-th moment of a leaf.

    Parameters
    ----------
    B, M : Fraction or int
        The leaf's B = b + c lam and M = n + J lam.
    k : int
        The moment's order, >= 0.

    Returns
    -------
    Fraction
        g_k(B) / g_k(M), g_k the rising factorial x (x + 1) ... (x + k - 1).

    See Also
    --------
    leaf_BM : B and M of a node.
    exactprune.knorm.leaf_moment : the library's form of the leaf moment (4.29).

    Examples
    --------
    >>> f_k(Fraction(3, 2), Fraction(100), 1)        # Zhong (4.16): 0.015
    Fraction(3, 200)
    """
    return Fraction(rising(Fraction(B), k)) / Fraction(rising(Fraction(M), k))


def leaf_BM(counts, prior) -> tuple:
    """(B, M) of a node as a leaf: B = b + c lam, M = n + J lam (Zhong 4.29, App C).

    Parameters
    ----------
    counts : sequence of int
        The node's class counts.
    prior : exactprune.knorm.Prior
        The prior (lam, and the numerator giving c).

    Returns
    -------
    tuple of Fraction
        ``(B, M)``.

    See Also
    --------
    f_k : the leaf's k-th moment from B and M.

    Examples
    --------
    >>> from exactprune.knorm import Prior
    >>> leaf_BM((0, 49, 5), Prior(Fraction(1, 2), Fraction(1, 2)))      # c = J - 1 = 2
    (Fraction(6, 1), Fraction(111, 2))
    """
    n = sum(counts)
    return (Fraction(n - max(counts)) + prior.error_offset(len(counts)), Fraction(n) + len(counts) * prior.lam)


def prior_show(prior) -> dict:
    """A prior's parameters as strings, for a verdict's details.

    Parameters
    ----------
    prior : exactprune.knorm.Prior
        The prior.

    Returns
    -------
    dict
        ``lam`` and ``eta`` as exact fraction strings, and ``numerator``.

    Examples
    --------
    >>> from exactprune.knorm import Prior
    >>> prior_show(Prior(Fraction(1, 2), 0))
    {'lam': '1/2', 'eta': '0', 'numerator': 'J-1'}
    """
    return {"lam": fraction_str(prior.lam), "eta": fraction_str(prior.eta), "numerator": prior.numerator}


def tree_prior_cases(include_zero_lam: bool = False, max_depth: int = 2, max_children: int = 3,
                     numerators=("J-1", "1"), allow_empty: bool = False, extra: Optional[list] = None,
                     lam_zero_too: bool = False):
    """Trees with a prior: lam > 0, lam = 0 only (``include_zero_lam``) or lam >= 0 with lam = 0
    drawn with positive probability (``lam_zero_too``: Table A.1's lam >= 0).

    Parameters
    ----------
    include_zero_lam : bool, optional
        Draw lam = 0 only (and no empty leaves).
    max_depth : int, optional
        The deepest level below the root.
    max_children : int, optional
        The most children of a split.
    numerators : sequence of str, optional
        The numerator forms drawn.
    allow_empty : bool, optional
        Let a leaf have no examples (ignored with ``include_zero_lam``).
    extra : list of dict, optional
        Cases drawn besides the generated ones.
    lam_zero_too : bool, optional
        Draw lam >= 0, with lam = 0 at positive probability.

    Returns
    -------
    hypothesis strategy
        Of dicts ``{"tree", "lam", "eta", "numerator"}`` (or a case of ``extra``).

    Examples
    --------
    >>> from hypothesis import Phase, find, settings
    >>> case = find(tree_prior_cases(lam_zero_too=True), lambda case: case["lam"] == 0,    # lam = 0 is reached
    ...             settings=settings(phases=[Phase.generate], database=None, derandomize=True,
    ...                               max_examples=1000))     # the first case found, unshrunk, the same every run
    >>> sorted(case), case["numerator"] in ("J-1", "1"), case["eta"] >= 0
    (['eta', 'lam', 'numerator', 'tree'], True, True)
    """
    st = hypothesis_st()
    lam = st.just(Fraction(0)) if include_zero_lam else lams(include_zero=lam_zero_too)
    base = st.fixed_dictionaries({
        "tree": count_trees((2, 3), max_depth=max_depth, max_children=max_children, max_count=10,
                            allow_empty=allow_empty and not include_zero_lam),
        "lam": lam, "eta": etas(), "numerator": st.sampled_from(list(numerators))})
    if extra:
        return st.one_of(st.sampled_from(extra), base)
    return base


#: Zhong's notation (Table A.1), part of every chapter 4-5 statement's hypotheses
TABLE_A1 = "Table A.1: J >= 2, K_d >= 2, lam >= 0, eta >= 0, n_t > 0 for every node (so M_c < M_d)"


def one_level_case(counts, children, lam, eta, numerator="J-1", **extra) -> dict:
    """A one-level case in dict form (pinned boundary cases).

    Parameters
    ----------
    counts : sequence of int
        The root's class counts.
    children : sequence of sequence of int
        Each leaf's class counts (summing to ``counts``; not checked here).
    lam, eta : Fraction, int or str
        The prior's lam and eta.
    numerator : {"J-1", "1"}, optional
        The prior's numerator.
    **extra
        Further keys of the case (``k``, ``eps``, ...).

    Returns
    -------
    dict
        ``{"tree", "lam", "eta", "numerator", **extra}``.

    Examples
    --------
    >>> one_level_case((2, 1), ((2, 0), (0, 1)), "1/2", 0)["tree"]
    {'counts': [2, 1], 'children': [{'counts': [2, 0]}, {'counts': [0, 1]}]}
    """
    return {"tree": {"counts": list(counts), "children": [{"counts": list(c)} for c in children]},
            "lam": Fraction(lam), "eta": Fraction(eta), "numerator": numerator, **extra}


#: boundary cases with lam > 0: eta = 0 with single-class leaves and a tied root, tied (uniform)
#: leaves, a single-class node split into single-class leaves, the b + lam numerator, J = 3 ties
BOUNDARY = (one_level_case((2, 2), ((2, 0), (0, 2)), "1/4", 0),
            one_level_case((2, 2), ((1, 1), (1, 1)), "1/2", 0),
            one_level_case((3, 0), ((2, 0), (1, 0)), "1/2", "1/2"),
            one_level_case((1, 1, 1), ((1, 0, 0), (0, 1, 1)), 1, 0, "1"))
#: the same with lam = 0 (Table A.1 allows it): a pure split, and ties
BOUNDARY_LAM0 = (one_level_case((3, 0), ((2, 0), (1, 0)), 0, "1/2"),
                 one_level_case((2, 2), ((2, 0), (0, 2)), 0, 0),
                 one_level_case((2, 2), ((1, 1), (1, 1)), 0, 0))
#: lam = 0: a single-class node split into single-class leaves (every k-norm is 0)
PURE_SPLIT = {"tree": {"counts": [3, 0], "children": [{"counts": [2, 0]}, {"counts": [1, 0]}]},
              "lam": Fraction(0), "eta": Fraction(1, 2), "numerator": "J-1"}


def internal_names(tree) -> set:
    """The names of a tree's internal nodes (its kept splits).

    Parameters
    ----------
    tree : Tree
        A count tree.

    Returns
    -------
    set of str
        The names of its split nodes.

    Examples
    --------
    >>> from exactprune.theorems.strategies import to_tree
    >>> sorted(internal_names(to_tree(PURE_SPLIT["tree"])))
    ['root']
    """
    return {n.name for n in tree.nodes() if not n.is_leaf}


def pure_trees_lam0():
    """One-level trees of a single class (every leaf pure, of the root's class) with lam = 0: every
    k-norm is 0 (the counterexamples of Theorems 5.5 and 5.8 as printed).

    >>> from hypothesis import find
    >>> case = find(pure_trees_lam0(), lambda case: len(case["tree"]["counts"]) == 3)     # a J = 3 case
    >>> root, leaves = case["tree"]["counts"], [leaf["counts"] for leaf in case["tree"]["children"]]
    >>> case["lam"], all(sum(c > 0 for c in counts) == 1 for counts in [root] + leaves)
    (Fraction(0, 1), True)
    >>> [sum(column) for column in zip(*leaves)] == root
    True
    """
    st = hypothesis_st()

    @st.composite
    def build(draw):
        J = draw(st.sampled_from([2, 3]))
        cls = draw(st.integers(0, J - 1))
        K = draw(st.integers(2, 3))
        children = []
        for _ in range(K):
            c = [0] * J
            c[cls] = draw(st.integers(1, 9))
            children.append({"counts": c})
        counts = [sum(ch["counts"][j] for ch in children) for j in range(J)]
        return {"tree": {"counts": counts, "children": children}, "lam": Fraction(0),
                "eta": draw(etas()), "numerator": "J-1"}

    return build()
