"""An independent re-check of every erratum: a second implementation, sharing no code with exactprune.

Reads ``exactprune errata --json`` (a subprocess; nothing is imported from exactprune), and for every
entry - errata, domain notes and remarks - recomputes, from the entry's counterexample and the papers'
formulas written out again here, the printed value (or the printed statement's verdict) and the
corrected one, and compares them with what the registry reports.  Only fractions, sympy, mpmath and
the standard library are used: the k-norm moments (Zhong 4.29, 4.11), PruneTree (Fig 4.1), CCP's
weakest links, the Dirichlet moments (C.92), the loss recursions (7.12), (7.14), (7.20), REP (EK
Table 1), binomial tails against Phi, the lecture notes' and Fan's quantities, and DD's random
attribute selection (a path and two paths co-existing, by recursion over the attributes chosen) are
all re-implemented below.  The iris tree is typed in from Zhong's Figure B.2 / App B.

Exit status 0 iff every entry is re-checked and agrees; otherwise each disagreement, and each entry
without a re-check (a new erratum, say), is named with the reason.  Run from the repository root:
``python proofs/recheck_errata.py`` (``--json FILE`` reads a saved ``errata --json`` instead).
"""
from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from fractions import Fraction as F

import mpmath
import sympy as sp

mpmath.mp.dps = 40
IRIS = ("root", (50, 50, 50), [
    ("c1", (50, 0, 0), []),
    ("c2", (0, 50, 50), [
        ("c21", (0, 49, 5), [
            ("c211", (0, 47, 1), [("c2111", (0, 47, 0), []), ("c2112", (0, 0, 1), [])]),
            ("c212", (0, 2, 4), [("c2121", (0, 0, 3), []),
                                 ("c2122", (0, 2, 1), [("c21221", (0, 2, 0), []), ("c21222", (0, 0, 1), [])])])]),
        ("c22", (0, 1, 45), [("c221", (0, 1, 2), []), ("c222", (0, 0, 43), [])])])])


class Mismatch(Exception):
    """A recomputed value disagrees with the registry."""


def same(label: str, mine, theirs) -> None:
    """Exact agreement, or :class:`Mismatch`.

    Parameters
    ----------
    label : str
        What is compared (named in the mismatch).
    mine, theirs
        The recomputed value and the registry's.

    Raises
    ------
    Mismatch
        When ``mine != theirs``.

    Examples
    --------
    >>> same("1/2", fs(F(1, 2)), "1/2")
    """
    if mine != theirs:
        raise Mismatch(f"{label}: recomputed {mine!r}, registry {theirs!r}")


def near(label: str, mine, theirs, tol=1e-9) -> None:
    """Agreement of a float (a certified or mpmath value against the registry's printed float) within
    ``tol``, or :class:`Mismatch` (tests/test_errata_audit.py holds every call to tol <= 1e-9).

    Parameters
    ----------
    label : str
        What is compared (named in the mismatch).
    mine, theirs : float-like
        The recomputed value and the registry's (None is a mismatch).
    tol : float
        The largest absolute difference accepted.

    Raises
    ------
    Mismatch
        When ``|mine - theirs| > tol`` or ``theirs`` is None.

    Examples
    --------
    >>> near("Phi(0)", mpmath.ncdf(0), 0.5)
    """
    if theirs is None or abs(float(mine) - float(theirs)) > tol:
        raise Mismatch(f"{label}: recomputed {float(mine)!r}, registry {theirs!r}")


def fs(x: F) -> str:
    """The exact string of a rational, as the registry prints it.

    Parameters
    ----------
    x : Fraction or int
        The value.

    Returns
    -------
    str
        ``str(Fraction(x))``.
    """
    return str(F(x))


def mp(x) -> mpmath.mpf:
    """An exact rational (or int) as an mpmath number.

    Parameters
    ----------
    x : Fraction or int
        The value.

    Returns
    -------
    mpmath.mpf
        x at the working precision.
    """
    x = F(x)
    return mpmath.mpf(x.numerator) / x.denominator


def term(multiplier: int, *factorial_args: int) -> int:
    """multiplier * prod n!; a zero multiplier gives 0 even where an n is negative (n! undefined there:
    DD's index ranges reach such terms only with the factor r - v = 0, which is how the registry reads them).

    Parameters
    ----------
    multiplier : int
        The factor in front.
    *factorial_args : int
        The n of each n!.

    Returns
    -------
    int
        The product (0 when ``multiplier`` is 0).
    """
    if multiplier == 0:
        return 0
    return multiplier * math.prod(math.factorial(n) for n in factorial_args)


# ------------------------------------------------------------------------------ Zhong: k-norm (4.29), (4.11)
def tree_of(spec: dict):
    """(counts, children) from the counterexamples' {"counts", "children"} form.

    Parameters
    ----------
    spec : dict
        ``{"counts": [...], "children": [...]}``.

    Returns
    -------
    tuple
        (counts, children), children in the same form.
    """
    return (tuple(spec["counts"]), [tree_of(c) for c in spec.get("children", [])])


def iris(name: str = "root", node=IRIS):
    """A node of Zhong's iris tree (Figure B.2, typed in above) by name, as (counts, children).

    Parameters
    ----------
    name : str
        The node's name (``root``, ``c2``, ...).
    node : tuple
        Where to search (the whole tree by default).

    Returns
    -------
    tuple or None
        The node, None when there is none of that name.
    """
    if node[0] == name:
        return (node[1], [iris(c[0], c) for c in node[2]])
    for child in node[2]:
        found = iris(name, child)
        if found is not None:
            return found
    return None


def leaf_moment(counts, k: int, lam: F, numerator: str = "J-1") -> F:
    """(4.29): prod_{m<k} (b + (J-1) lam + m)/(n + J lam + m), b = n - max_j n_j (numerator "1": b + lam).

    Parameters
    ----------
    counts : sequence of int
        The leaf's class counts.
    k : int
        The moment.
    lam : Fraction
        Lidstone's lam.
    numerator : str
        ``"J-1"`` (4.29) or ``"1"``.

    Returns
    -------
    Fraction
        E[r^k].
    """
    n, J = sum(counts), len(counts)
    B = n - max(counts) + (J - 1 if numerator == "J-1" else 1) * lam
    out = F(1)
    for m in range(k):
        out *= (B + m) / (n + J * lam + m)
    return out


def weights(node, eta: F) -> list:
    """(4.11)'s child weights (n_c + eta)/(n_t + K eta).

    Parameters
    ----------
    node : tuple
        (counts, children).
    eta : Fraction
        The routing parameter.

    Returns
    -------
    list of Fraction
        One weight per child.
    """
    counts, children = node
    n, K = sum(counts), len(children)
    return [(sum(c[0]) + eta) / (n + K * eta) for c in children]


def subtree_moment(node, k: int, lam: F, eta: F) -> F:
    """(4.11): the leaves' moments weighted by (n_c + eta)/(n_t + K eta) down the tree.

    Parameters
    ----------
    node : tuple
        (counts, children).
    k : int
        The moment.
    lam, eta : Fraction
        Lidstone's lam and the routing eta.

    Returns
    -------
    Fraction
        E[r^k] of the subtree.
    """
    if not node[1]:
        return leaf_moment(node[0], k, lam)
    return sum(w * subtree_moment(c, k, lam, eta) for w, c in zip(weights(node, eta), node[1]))


def prune_leaves(node, k: int, lam: F, eta: F, eps: F = F(0)):
    """Figure 4.1: (R, leaves) of PruneTree; a split is kept iff R_tree < R_leaf - eps (a tie is pruned).

    Parameters
    ----------
    node : tuple
        (counts, children) as :func:`tree_of` builds it.
    k : int
        The norm.
    lam, eta : Fraction
        Lidstone's lam and the routing eta.
    eps : Fraction
        PruneTree's margin.

    Returns
    -------
    tuple
        (the pruned subtree's k-th moment, its number of leaves).

    Examples
    --------
    >>> prune_leaves(((2, 2), [((1, 1), []), ((1, 1), [])]), 1, F(1, 2), F(1, 2))     # a tie: pruned
    (Fraction(1, 2), 1)
    """
    leaf = leaf_moment(node[0], k, lam)
    if not node[1]:
        return leaf, 1
    kids = [prune_leaves(c, k, lam, eta, eps) for c in node[1]]
    r_tree = sum(w * r for w, (r, _) in zip(weights(node, eta), kids))
    if r_tree < leaf - eps:
        return r_tree, sum(n for _, n in kids)
    return leaf, 1


def log_leaf_moment(counts, k: int, lam, numerator: str = "J-1"):
    """log E[r^k] = log Gamma(B + k) - log Gamma(B) - log Gamma(M + k) + log Gamma(M) (mpmath).

    Parameters
    ----------
    counts : sequence of int
        The leaf's class counts.
    k : int or mpmath.mpf
        The moment (large k allowed).
    lam : Fraction or mpmath.mpf
        Lidstone's lam.
    numerator : str
        ``"J-1"`` or ``"1"``.

    Returns
    -------
    mpmath.mpf
        log E[r^k].
    """
    n, J = sum(counts), len(counts)
    lam = mpmath.mpf(lam.numerator) / lam.denominator
    B = n - max(counts) + (J - 1 if numerator == "J-1" else 1) * lam
    M = n + J * lam
    return mpmath.loggamma(B + k) - mpmath.loggamma(B) - mpmath.loggamma(M + k) + mpmath.loggamma(M)


def split_gap(node, k: int, lam: F, eta: F, numerator: str = "J-1"):
    """R_leaf - R_tree for a node whose children are leaves, at large k (mpmath, relative to R_leaf).

    Parameters
    ----------
    node : tuple
        (counts, children) with leaf children.
    k : int
        The moment.
    lam, eta : Fraction
        Lidstone's lam and the routing eta.
    numerator : str
        ``"J-1"`` or ``"1"``.

    Returns
    -------
    mpmath.mpf
        (R_leaf - R_tree) / R_leaf.
    """
    leaf = log_leaf_moment(node[0], k, lam, numerator)
    tree = sum(mpmath.mpf(w.numerator) / w.denominator * mpmath.exp(log_leaf_moment(c[0], k, lam, numerator) - leaf)
               for w, c in zip(weights(node, eta), node[1]))
    return 1 - tree


def case_tree(case: dict):
    """A counterexample's tree, lam and eta.

    Parameters
    ----------
    case : dict
        With ``tree``, ``lam``, ``eta``.

    Returns
    -------
    tuple
        (tree as (counts, children), lam, eta).
    """
    return tree_of(case["tree"]), F(case["lam"]), F(case["eta"])


def internal_nodes(node):
    """Every internal node of a tree, pre-order.

    Parameters
    ----------
    node : tuple
        (counts, children).

    Returns
    -------
    iterator of tuple
        The nodes with children.
    """
    if node[1]:
        yield node
        for c in node[1]:
            yield from internal_nodes(c)


def thm_5_3_holds(node, lam, eta, ks=range(1, 9)) -> bool:
    """Zhong Thm 5.3 at every internal node: a subtree no better at k is worse at k + 1.

    Parameters
    ----------
    node : tuple
        (counts, children).
    lam, eta : Fraction
        Lidstone's lam and the routing eta.
    ks : iterable of int
        The k tried.

    Returns
    -------
    bool
        Whether the implication holds everywhere.
    """
    return all(not (subtree_moment(d, k, lam, eta) >= leaf_moment(d[0], k, lam))
               or subtree_moment(d, k + 1, lam, eta) > leaf_moment(d[0], k + 1, lam)
               for d in internal_nodes(node) for k in ks)


def zhong_5_3(entry):
    x = entry["counterexample"]
    tree, lam, eta = case_tree(x["case"])
    k = x["printed_form"]["k"]
    values = [subtree_moment(tree, k, lam, eta), leaf_moment(tree[0], k, lam),
              subtree_moment(tree, k + 1, lam, eta), leaf_moment(tree[0], k + 1, lam)]
    same("R_tree_k, R_leaf_k, R_tree_k+1, R_leaf_k+1", [fs(v) for v in values],
         [x["printed_form"][key] for key in ("R_tree_k", "R_leaf_k", "R_tree_k+1", "R_leaf_k+1")])
    same("printed Thm 5.3 fails", values[0] >= values[1] and not values[2] > values[3], True)
    corrected, lam_c, eta_c = case_tree(x.get("corrected_case") or x["case"])
    if entry["kind"] != "domain note":
        same("corrected form holds (k = 1..8)", thm_5_3_holds(corrected, lam_c, eta_c), True)


def zhong_5_5(entry):
    x = entry["counterexample"]
    tree, lam, eta = case_tree(x["case"])
    k = x["printed_form"]["k"]
    same("E[r^k], E[r^(k+1)]", [fs(subtree_moment(tree, k, lam, eta)), fs(subtree_moment(tree, k + 1, lam, eta))],
         [x["printed_form"]["E[r^k]"], x["printed_form"]["E[r^(k+1)]"]])
    same("printed Thm 5.5 fails (k-norm not strictly increasing)",
         subtree_moment(tree, k, lam, eta) ** (k + 1) >= subtree_moment(tree, k + 1, lam, eta) ** k, True)
    tree, lam, eta = case_tree(x["corrected_case"])
    same("corrected form: strictly increasing, k = 1..9, every node",
         all(subtree_moment(d, k, lam, eta) ** (k + 1) < subtree_moment(d, k + 1, lam, eta) ** k
             for d in internal_nodes(tree) for k in range(1, 10)), True)


def thm_5_6(case: dict) -> dict:
    """Zhong Thm 5.6 on a counterexample: the 1-norms of the node as a leaf and as a tree.

    Parameters
    ----------
    case : dict
        With ``tree``, ``lam``, ``eta``.

    Returns
    -------
    dict
        The recomputed quantities.
    """
    tree, lam, eta = case_tree(case)
    r_leaf, r_tree = leaf_moment(tree[0], 1, lam), subtree_moment(tree, 1, lam, eta)
    uniform = all(len(set(c[0])) == 1 for c in tree[1])
    return {"r_leaf": fs(r_leaf), "r_tree": fs(r_tree), "maintained": r_tree == r_leaf, "leaves_uniform": uniform,
            "iff_clause_holds": (r_tree == r_leaf) == uniform}


def zhong_5_6(entry):
    x = entry["counterexample"]
    mine = thm_5_6(x["case"])
    same("Thm 5.6 quantities", mine, {key: x["printed_form"][key] for key in mine})
    same("printed iff fails", mine["iff_clause_holds"], False)
    if "corrected_case" in x:
        fixed = thm_5_6(x["corrected_case"])
        same("corrected quantities", fixed, {key: x["corrected_form"][key] for key in fixed})
        same("corrected iff holds", fixed["iff_clause_holds"], True)


def zhong_5_7(entry):
    x = entry["counterexample"]
    tree, lam, eta = case_tree(x["case"])
    same("R_leaf, R_tree at k = 1", [fs(leaf_moment(tree[0], 1, lam)), fs(subtree_moment(tree, 1, lam, eta))],
         [x["printed_form"]["R_leaf"], x["printed_form"]["R_tree"]])
    same("k = 1 keeps the 1-norm", leaf_moment(tree[0], 1, lam) == subtree_moment(tree, 1, lam, eta), True)
    same("corrected: increases for k = 2..6",
         all(subtree_moment(tree, k, lam, eta) > leaf_moment(tree[0], k, lam) for k in range(2, 7)), True)


def zhong_5_8(entry):
    x = entry["counterexample"]
    tree, lam, eta = case_tree(x["case"])
    same("lam = 0, pure leaves: E[r^k] = 0", all(subtree_moment(tree, k, lam, eta) == 0 for k in range(1, 20)), True)
    tree, lam, eta = case_tree(x["corrected_case"])
    eps = F(x["corrected_case"]["eps"])
    ws = [mpmath.mpf(w.numerator) / w.denominator for w in weights(tree, eta)]

    def knorm(k):
        return sum(w * mpmath.exp(log_leaf_moment(c[0], k, lam)) for w, c in zip(ws, tree[1])) ** (mpmath.mpf(1) / k)
    found = x["corrected_form"]["k_found"]
    same(f"k-norm > 1 - eps at k = {found} and at {x['corrected_form']['confirmed_at']}",
         all(knorm(k) > 1 - mpmath.mpf(eps.numerator) / eps.denominator
             for k in [found] + x["corrected_form"]["confirmed_at"]), True)


def zhong_5_9(entry):
    x = entry["counterexample"]
    tree, lam, eta = case_tree(x["case"])
    condition = all(max(leaf[0]) == max(tree[0]) for leaf in tree[1])
    same("condition", condition, x["printed_form"]["condition"])
    if entry["kind"] == "domain note":
        same("the empty leaf has weight 0 (eta = 0)", [w == 0 for w in weights(tree, eta)][-1], True)
        same("helps at every k tried", all(subtree_moment(tree, k, lam, eta) < leaf_moment(tree[0], k, lam)
                                           for k in range(1, 40)), True)
        return
    same("lam = 0: R_tree = 0 < R_leaf for every k", all(subtree_moment(tree, k, lam, eta) == 0 < leaf_moment(
        tree[0], k, lam) for k in range(1, 40)), True)
    tree, lam, eta = case_tree(x["corrected_case"])
    stop = x["corrected_form"]["k_subtree_stops_helping"]
    same(f"corrected: the subtree helps at k = {stop - 1}, not at {stop}",
         (split_gap(tree, stop - 1, lam, eta) > 0, split_gap(tree, stop, lam, eta) <= 0), (True, True))


def zhong_5_1(entry):
    x = entry["counterexample"]
    small, large = tuple(x["smaller_leaf"]), tuple(x["larger_leaf"])
    mine = {str(k): [fs(leaf_moment(c, k, F(0))) for c in (small, large)] for k in (1, 2)}
    same("moments at lam = 0", mine, x["E[r^k] by k (smaller, larger)"])
    same("equal k-norm, no higher (k+1)-norm", mine["1"][0] == mine["1"][1] and mine["2"][0] == mine["2"][1], True)
    case = {key: F(v) for key, v in x["corrected_form"]["case"].items()}
    Bc, Mc, Md, k = case["B_c"], case["M_c"], case["M_d"], int(case["k"])
    same("the pinned case has k = 1", k, 1)
    s = Bc / Mc * Md                                   # f_1(B_c, M_c) = f_1(s, M_d)
    same("(C.29) with 0 < B_c: the smaller leaf has the higher 2nd moment",
         Bc * (Bc + 1) / (Mc * (Mc + 1)) > s * (s + 1) / (Md * (Md + 1)), x["corrected_form"]["holds"])


def zhong_breakpoint(entry):
    """c2 = (0,50,50) with leaves c21, c22 (lam = eta = 1/2): R_leaf - R_tree changes sign between
    breakpoint - 1 and breakpoint, for both numerators; the printed 25680602 is neither."""
    x = entry["counterexample"]
    c2 = ((0, 50, 50), [((0, 49, 5), []), ((0, 1, 45), [])])
    half = F(1, 2)
    for numerator in ("J-1", "1"):
        bp = x[numerator]["breakpoint_c2"]
        same(f"numerator {numerator}: kept at {bp - 1}, pruned at {bp}",
             (split_gap(c2, bp - 1, half, half, numerator) > 0, split_gap(c2, bp, half, half, numerator) <= 0),
             (True, True))
    same("printed 25680602 is not the breakpoint", 25680602 not in (x["J-1"]["breakpoint_c2"], x["1"]["breakpoint_c2"]),
         True)
    same("(4.29) as printed", x["J-1"]["breakpoint_c2"], 17781896)


def zhong_printed_value(entry, value: F, printed: str):
    """A printed decimal against its exact value: the registry's exact value and the rounding.

    Parameters
    ----------
    entry : dict
        The registry's entry.
    value : Fraction
        The exact value recomputed here.
    printed : str
        The printed decimal.
    """
    x = entry["counterexample"]
    same("exact value", fs(value), x["exact"])
    places = len(printed.split(".")[1])
    rounded = f"{round(value * 10 ** places) / 10 ** places:.{places}f}"
    same("rounded at the printed precision", rounded, x["rounded"])
    same("printed disagrees", rounded != printed, True)


def zhong_4_20(entry):
    # Zhong (4.20): (0 + 0.5)(0 + 0.5 + 1) / ((98 + 0.5 x 2)(98 + 0.5 x 2 + 1)), the example's c1 = (98, 0)
    zhong_printed_value(entry, leaf_moment((98, 0), 2, F(1, 2)), "0.00075758")


def b8_parts():
    c2 = ((0, 50, 50), [((0, 49, 5), []), ((0, 1, 45), [])])
    w21, w22 = weights(c2, F(1, 2))
    e21, e22 = (leaf_moment(c[0], 2, F(1, 2)) for c in c2[1])
    return w21, w22, e21, e22


def zhong_b8_value(entry):
    w21, w22, e21, e22 = b8_parts()
    zhong_printed_value(entry, w21 * e21 + w22 * e22, "0.008427")


def zhong_b8_formula(entry):
    x = entry["counterexample"]
    w21, w22, e21, e22 = b8_parts()
    near("as printed (w_c21 twice)", e21 * w21 + e22 * w21, x["formula_as_printed"], 5e-10)
    near("corrected", e21 * w21 + e22 * w22, x["formula_corrected"], 5e-10)


def zhong_c38(entry):
    x = entry["counterexample"]
    k, xv = x["k"], F(x["x"])
    g = lambda v, n: math.prod(v + i for i in range(n))  # noqa: E731
    same("printed middle term", fs(g(xv, k) * (xv + k) - g(xv, k + 1) * (xv + k)), x["printed_middle_term"])
    same("true difference (one point x = X)", fs(g(xv, k + 1) - g(xv, k + 1)), x["true_difference"])


def BM(counts, lam):
    """Table A.1's B = b + (J-1) lam and M = n + J lam of a leaf.

    Parameters
    ----------
    counts : sequence of int
        The class counts.
    lam : Fraction
        Lidstone's lam.

    Returns
    -------
    tuple
        (B, M).
    """
    n, J = sum(counts), len(counts)
    return n - max(counts) + (J - 1) * lam, n + J * lam


def zhong_c77(entry):
    x = entry["counterexample"]
    lam = F(x["lam"])
    B, M = BM(x["counts"], lam)
    same("M - B", fs(M - B), x["M_s - B_s"])
    same("printed max + (J-1) lam", fs(max(x["counts"]) + (x["J"] - 1) * lam), x["printed_max+(J-1)lam"])
    same("M - B = max + lam", M - B == max(x["counts"]) + lam, True)


def zhong_c79(entry):
    x = entry["counterexample"]
    lam, k = F(x["lam"]), x["k"]
    (Bd, Md), (Bs, Ms) = BM(x["d"], lam), BM(x["s"], lam)
    eps = Md + Bs - Ms - Bd
    lhs = (Md + k) * (Bs + k) / ((Ms + k) * (Bd + k))
    same("lhs, printed, corrected", [fs(lhs), fs(1 + (eps * k + Md * Bs - Ms * Bd) / ((Ms + k) * (Md + k))),
                                     fs(1 + (eps * k + Md * Bs - Ms * Bd) / ((Ms + k) * (Bd + k)))],
         [x["lhs"], x["printed_rhs"], x["corrected_rhs"]])


def zhong_table_a1(entry):
    x = entry["counterexample"]
    same("counts of c2", tuple(x["counts"]), iris("c2")[0])
    same("printed n_j - max", [n - max(x["counts"]) for n in x["counts"]], x["printed_n_jt_minus_max_per_j"])
    same("misclassified", sum(x["counts"]) - max(x["counts"]), x["misclassified_examples"])


def ccp_sequence(node):
    """CART's weakest-link sequence on a (counts, children) tree: [(leaves, cost R(T), alpha_from)].

    Parameters
    ----------
    node : tuple
        (counts, children).

    Returns
    -------
    list of tuple
        (leaves, R(T), alpha from which it is chosen) per tree of the sequence.
    """
    N = sum(node[0])

    def err(counts):
        return F(sum(counts) - max(counts), N)

    def copy(t):
        return [t[0], [copy(c) for c in t[1]]]
    tree = copy(node)

    def leaves(t):
        return 1 if not t[1] else sum(leaves(c) for c in t[1])

    def cost(t):
        return err(t[0]) if not t[1] else sum(cost(c) for c in t[1])

    def internal(t):
        if t[1]:
            yield t
            for c in t[1]:
                yield from internal(c)
    out, alpha = [], F(0)
    while True:
        gs = [((err(t[0]) - cost(t)) / (leaves(t) - 1), id(t)) for t in internal(tree)]
        if not gs:
            out.append((1, cost(tree), alpha))
            return out
        g = min(v for v, _ in gs)
        if g > alpha or not out:
            out.append((leaves(tree), cost(tree), alpha))
        alpha = max(alpha, g)
        for t in list(internal(tree)):
            if (err(t[0]) - cost(t)) / (leaves(t) - 1) == g:
                t[1] = []


def zhong_b1_alpha(entry):
    x = entry["counterexample"]
    seq = ccp_sequence(iris())
    stages = {}
    for leaves, cost, alpha in seq:
        stages.setdefault(leaves, (cost, alpha))
    after = [a for lv, _, a in seq if lv < 4]
    same("R at alpha = 0 of trees (b), (c)", {"tree_b_7_leaves": fs(stages[7][0]), "tree_c_4_leaves": fs(stages[4][0])},
         x["R_alpha_at_0"])
    same("tree (c)'s alpha range", [fs(stages[4][1]), fs(after[0])], x["tree_c_range"])
    same("tree (b) is cheaper at alpha = 0", stages[7][0] < stages[4][0], True)


def zhong_lam_infinity(entry):
    x = entry["counterexample"]
    tree = iris()
    k, eta, eps = x["k"], F(x["eta"]), F(x["epsilon"])
    J = len(tree[0])
    same("limit estimate ((J-1)/J)^k", fs(F(J - 1, J) ** k), x["limit_estimate"])
    for lam, row in x["by_lam"].items():
        lam = F(int(lam))
        same(f"lam = {lam}: leaves at epsilon 0 and 1e-6",
             [prune_leaves(tree, k, lam, eta)[1], prune_leaves(tree, k, lam, eta, eps)[1]],
             [row["leaves_epsilon_0"], row["leaves_epsilon_1e-6"]])
        same("root as a leaf", fs(leaf_moment(tree[0], k, lam)), row["root_leaf_E_r2"])


def zhong_lam0_iris(entry):
    x = entry["counterexample"]
    leaves = sum(1 for _ in _iris_leaves(IRIS))
    same("L, J, N", [leaves, 3, 150], [x["L"], x["J"], x["N"]])
    same("lam on App B's tree", fs(F(100 * leaves, 9 * 150)), x["lam"])
    same("lam on a fold of 135 with 6 leaves", fs(F(100 * 6, 9 * 135)), x["fold"]["lam"])


def _iris_leaves(node):
    if not node[2]:
        yield node
    for c in node[2]:
        yield from _iris_leaves(c)


def zhong_table_6_3(entry):
    x = entry["counterexample"]
    (m1, m2), (s1, s2) = ([F(x[key][m]) for m in ("2-norm", "CCP")] for key in ("printed_means", "printed_sds"))
    t2 = (m1 - m2) ** 2 / ((s1 ** 2 + s2 ** 2) / 20)
    same("t^2 (pooled, 20 runs each)", fs(t2), x["t_squared_pooled"])
    p_value = 100 * mpmath.betainc(19, mpmath.mpf(1) / 2, 0, 38 / (38 + mpmath.mpf(t2.numerator) / t2.denominator),
                                   regularized=True)
    lo, hi = (F(v) for v in x["P_percent_two_sample_range"])
    same("P at the printed values within the reported range, and >= 5%", lo <= F(str(p_value)[:12]) <= hi
         and p_value >= 5, True)
    same("printed P >= 5% with a sign", F(x["printed_P_percent"]) >= 5 and x["printed_sign"] != "", True)


def split_case(entry, expect_rise: bool = True):
    """A split of leaves at k = 1: (C.19), (C.20) recomputed; effective and raising the 1-norm.

    Parameters
    ----------
    entry : dict
        The registry's entry.
    expect_rise : bool
        Whether the 1-norm must rise.
    """
    x = entry["counterexample"]
    children = [tuple(c) for c in x["children"]]
    parent = tuple(map(sum, zip(*children)))
    lam, eta = F(x["lam"]), F(x["eta"])
    node = (parent, [(c, []) for c in children])
    leaf, tree = leaf_moment(parent, 1, lam), subtree_moment(node, 1, lam, eta)
    same("parent, r_leaf, r_tree, gap", [list(parent), fs(leaf), fs(tree), fs(tree - leaf)],
         [x["parent"], x["r_leaf"], x["r_tree"], x["r_tree_minus_r_leaf"]])
    same("effective (misclassified examples drop by at least 1)",
         sum(sum(c) - max(c) for c in children) <= sum(parent) - max(parent) - 1, True)
    same("the 1-norm rises", tree > leaf, expect_rise)
    return lam, len(parent), len(children)


def zhong_mep(entry):
    lam, J, K = split_case(entry)
    same("beyond Thm 4.3's lam <= 1/((K-1)(J-1))", lam > F(1, (K - 1) * (J - 1)), True)
    same("eta = 0 (MEP)", F(entry["counterexample"]["eta"]), F(0))


def zhong_43_settings(entry):
    lam, J, K = split_case(entry)
    same("lam = eta = 1/2 exceeds the bound 1/((K-1)(J-1)) = 1/4", (lam, F(1, (K - 1) * (J - 1))), (F(1, 2), F(1, 4)))


# ------------------------------------------------------------------------------ Zhong chapter 7
def dirichlet_moment(M, ns) -> F:
    """(C.92), checked against direct integration in proofs/dirichlet_integrals.py.

    Parameters
    ----------
    M : sequence of Fraction
        The Dirichlet parameters.
    ns : sequence of int
        The exponents.

    Returns
    -------
    Fraction
        E[prod p_j^n_j].
    """
    g = lambda x, n: math.prod(x + i for i in range(n))  # noqa: E731
    return math.prod((g(m, n) for m, n in zip(M, ns)), start=F(1)) / g(sum(M), sum(ns))


def power_moment(M, q, k: int) -> F:
    """E[(sum_j q_j p_j)^k] by (C.90)'s multinomial expansion and (C.92).

    Parameters
    ----------
    M : sequence of Fraction
        The Dirichlet parameters.
    q : sequence of Fraction
        The losses q_j.
    k : int
        The moment.

    Returns
    -------
    Fraction
        E_k*.
    """
    total = F(0)
    for ks in itertools.product(range(k + 1), repeat=len(M)):
        if sum(ks) == k:
            coef = math.factorial(k) // math.prod(math.factorial(c) for c in ks)
            total += coef * math.prod((F(qj) ** c for qj, c in zip(q, ks)), start=F(1)) * dirichlet_moment(M, ks)
    return total


def recursion_714(M, q, k: int, printed: bool) -> F:
    """E_k* by the recursion (7.14), with the printed or the corrected denominator.

    Parameters
    ----------
    M : sequence of Fraction
        The Dirichlet parameters.
    q : sequence of Fraction
        The losses q_j.
    k : int
        The moment.
    printed : bool
        The printed denominator (M+k-m)^m instead of prod (M+k-i).

    Returns
    -------
    Fraction
        E_k*.
    """
    E = [F(1)]
    S = sum(M)
    for kk in range(1, k + 1):
        total = F(0)
        for m in range(1, kk + 1):
            denom = (S + kk - m) ** m if printed else math.prod((S + kk - i for i in range(1, m + 1)), start=F(1))
            total += F(math.factorial(kk - 1), math.factorial(kk - m)) * E[kk - m] * sum(
                Mi * F(qi) ** m for Mi, qi in zip(M, q)) / denom
        E.append(total)
    return E[k]


def zhong_714(entry):
    x = entry["counterexample"]
    for case, key_p, key_c in ((x, "printed_7.14", "corrected_7.14"), (x["second"], "printed_7.14", "corrected_7.14")):
        lam = F(case["lam"])
        M = [n + lam for n in case["counts"]]
        q = case["loss_row"]
        same("printed (7.14)", fs(recursion_714(M, q, case["k"], True)), case[key_p])
        same("corrected (7.14)", fs(recursion_714(M, q, case["k"], False)), case[key_c])
        same("(C.90) expansion", fs(power_moment(M, q, case["k"])), case["expansion_C.90"])


def zhong_720(entry):
    x = entry["counterexample"]
    lam, j, k = F(x["lam"]), x["j"], x["k"]
    M = [n + lam for n in x["counts"]]
    a, b = M[j], sum(M) - M[j]
    pstar = a / (a + b)
    moments = [dirichlet_moment([a, b], [m, 0]) for m in range(k + 1)]
    printed = sum(math.comb(k, m) * (-1) ** m * moments[m] * pstar ** (k - m) for m in range(k + 1))
    corrected = sum(math.comb(k, m) * (-1) ** (k - m) * moments[m] * pstar ** (k - m) for m in range(k + 1))
    p = sp.Symbol("p")
    density = p ** (int(a) - 1) * (1 - p) ** (int(b) - 1)
    integral = sp.integrate(sp.expand(density * (p - sp.Rational(pstar.numerator, pstar.denominator)) ** k), (p, 0, 1)) \
        / sp.integrate(sp.expand(density), (p, 0, 1))
    same("printed, corrected, integral", [fs(printed), fs(corrected), str(integral)],
         [x["printed_7.20"], x["corrected"], x["integral_against_Beta_density"]])


def zhong_712(entry):
    x = entry["counterexample"]
    lam, L = F(x["lam"]), x["label"]
    M = [n + lam for n in x["counts"]]
    S = sum(M)
    R = [[F(v) for v in row] for row in x["loss"]]
    J = len(M)

    def line4(transposed: bool):
        return sum(R[L][i] * (R[j][L] if transposed else R[L][j]) * M[i] * (M[j] + (i == j))
                   for i in range(J) for j in range(J)) / (S * (S + 1))
    same("printed line 4, corrected line 4, (C.90)", [fs(line4(True)), fs(line4(False)), fs(power_moment(M, R[L], 2))],
         [x["printed_line_4"], x["corrected_line_4"], x["expansion_C.90"]])


# ------------------------------------------------------------------------------ DD
def path_prob(path: dict, last, d: int, used=frozenset()) -> F:
    """P[the path exists] when every node picks an unused attribute uniformly; ``last`` (purity and
    scarcity) must be picked last, ``None`` (fixed height) lets the path's attributes come in any order.

    Parameters
    ----------
    path : dict
        {attribute: value} in path order.
    last : int or None
        The leaf's last attribute (purity, scarcity) or None (fixed height).
    d : int
        The number of attributes.
    used : frozenset
        Attributes already used above.

    Returns
    -------
    Fraction
        The probability.
    """
    if used == set(path):
        return F(1)
    total = F(0)
    for a in range(d):
        if a in used or a not in path or (a == last and used | {a} != set(path)):
            continue
        total += F(1, d - len(used)) * path_prob(path, last, d, used | {a})
    return total


def coexist_prob(p1: dict, p2: dict, lasts, d: int, used=frozenset()) -> F:
    """P[two paths co-exist]: shared while their values agree, then independent.

    Parameters
    ----------
    p1, p2 : dict
        The two paths.
    lasts : tuple
        Their last attributes (or None).
    d : int
        The number of attributes.
    used : frozenset
        Attributes already used above.

    Returns
    -------
    Fraction
        The probability.
    """
    if used == set(p1) == set(p2):
        return F(1)
    total = F(0)
    for a in range(d):
        if a in used or a not in p1 or a not in p2:
            continue
        if any(a == last and used | {a} != set(p) for p, last in zip((p1, p2), lasts) if last is not None):
            continue
        step = F(1, d - len(used))
        if p1[a] == p2[a]:
            total += step * coexist_prob(p1, p2, lasts, d, used | {a})
        else:
            total += step * path_prob(p1, lasts[0], d, used | {a}) * path_prob(p2, lasts[1], d, used | {a})
    return total


def falling(d: int, lo: int, hi: int) -> int:
    """d - lo, d - lo - 1, ..., d - hi (inclusive; 1 if empty).

    Parameters
    ----------
    d : int
        The start.
    lo, hi : int
        The first and last offsets.

    Returns
    -------
    int
        The product.
    """
    return math.prod(d - i for i in range(lo, hi + 1))


def dd_printed_362(d, p1, p2, lasts):
    """DD 3.6.2 as printed: r common attributes sparing the leaf attributes, b of them with equal values,
    sum_t bPr_t (h_p-t-2)! (h_q-t-2)! (r-b) prob_t / ((d-h_p+1)(d-h_q+1)); None where prob_t divides by 0.

    Parameters
    ----------
    d : int
        The number of attributes.
    p1, p2 : dict
        The two paths.
    lasts : tuple
        Their last attributes.

    Returns
    -------
    Fraction or None
        The printed value, None where it divides by 0.
    """
    hp, hq = sorted((len(p1), len(p2)))
    common = (set(p1) & set(p2)) - set(lasts)
    r, b = len(common), sum(p1[a] == p2[a] for a in common)
    total = F(0)
    for t in range(b + 1):
        denominator = falling(d, 0, t) * falling(d, t + 1, hp) ** 2 * falling(d, hp + 1, hq)
        if denominator == 0:
            return None
        total += F(math.perm(b, t) * term(r - b, hp - t - 2, hq - t - 2), denominator)
    return total / ((d - hp + 1) * (d - hq + 1))


def dd_coexist_purity(entry):
    for case in entry["counterexample"]:
        d = case["d"]
        p1, p2 = ({int(a): v for a, v in case[key].items()} for key in ("path1", "path2"))
        lasts = case["last_attributes"]
        printed = dd_printed_362(d, p1, p2, lasts)
        same(f"d = {d}: printed 3.6.2", None if printed is None else fs(printed), case["printed_3.6.2"])
        value = coexist_prob(p1, p2, lasts, d)
        same(f"d = {d}: corrected and enumeration", [fs(value)] * 2, [case["corrected"], case["enumeration"]])


def dd_coexist_identical(entry):
    x = entry["counterexample"]
    d = x["d"]
    p1, p2 = ({int(a): v for a, v in x[key].items()} for key in ("path1", "path2"))
    l1, l2 = sorted((len(p1), len(p2)))
    common = set(p1) & set(p2)
    r, v = len(common), sum(p1[a] == p2[a] for a in common)
    printed = sum(F(math.perm(v, i) * term(r - v, l1 - i - 1, l2 - i - 1),
                    falling(d, 0, i) * falling(d, i + 1, l1 - 1) ** 2 * falling(d, l1, l2 - 1)) for i in range(v + 1))
    same("App A as printed", fs(printed), x["printed_App_A"])
    same("P[path exists] = 1/C(d, h)", [fs(path_prob(p1, None, d)), fs(F(1, math.comb(d, l1)))],
         [x["corrected"], x["enumeration"]])


def dd_ties(entry):
    x = entry["counterexample"]
    same("the case re-checked here", (x["arities"], x["k"], x["N"], x["h"], x["x"]), ([2], 2, 2, 1, [0]))
    # N = 2 points, each uniform over the 4 cells (x, y): the leaf x = 0 gets (c0, c1)
    strict = F(0)
    for cells in itertools.product(range(4), repeat=2):
        c0 = sum(c == 0 for c in cells)           # cell (x = 0, y = 0)
        c1 = sum(c == 1 for c in cells)           # cell (x = 0, y = 1)
        strict += F(1, 16) * ((c0 > c1) + (c1 > c0))
    same("printed sum over classes", fs(strict), x["printed_sum_over_classes"])
    same("E[GE]: P[y | x] = 1/2 everywhere", [fs(F(1, 2))] * 2, [x["E[GE]_tie_split"], x["E[GE]_tie_first"]])


def dd_table_1(entry):
    x = entry["counterexample"]
    printed = x["printed at rho = 0"]
    same("18 printed finite bounds", len(printed) == 18 and all(v > 0 for v in printed.values()), True)
    same("rho = 0: the class independent of x and balanced", all(x["P[Y=0|x] = P[Y=1|x] for every x"].values()), True)
    # every classifier is right with probability 1/2 at every x: strength s = P(right) - P(wrong) = 0 and
    # kappa (1 - s^2)/s^2 divides by zero; E[GE] = 1/2, Var[GE] = 0
    s = F(1, 2) - F(1, 2)
    same("s = 0, E[GE] = 1/2, Var = 0", (s, fs(F(1, 2)), "0"),
         (F(0), x["d=5 binary, fixed(h=3), N = 100"]["E[GE]"], x["d=5 binary, fixed(h=3), N = 100"]["Var[GE]"]))


#: DD Table 1, the columns rho = 0.36, 0.11, 0.02, typed in again from the paper
DD_TABLE_1 = {
    ("fixed", 100, "d=5 binary"): (1.49, 0.56, 0.34), ("fixed", 100, "d=5 ternary"): (20.49, 10.77, 7.7),
    ("fixed", 100, "d=8 binary"): (3.89, 2.78, 1.33), ("fixed", 10000, "d=5 binary"): (2.99, 1.25, 0.78),
    ("fixed", 10000, "d=5 ternary"): (30.9, 15.71, 11.87), ("fixed", 10000, "d=8 binary"): (7.21, 3.86, 2.56),
    ("purity", 100, "d=5 binary"): (1154.1, 5216.75, 10783.19), ("purity", 100, "d=5 ternary"): (181.21, 180.5, 3281.83),
    ("purity", 100, "d=8 binary"): (1.9, 1035.68, 1211.7), ("purity", 10000, "d=5 binary"): (2897.3, 11499.57, 65581.6),
    ("purity", 10000, "d=5 ternary"): (163245.31, 675867.31, 2662617.25),
    ("purity", 10000, "d=8 binary"): (178913.85, 712081.12, 3113403.25),
    ("scarcity", 100, "d=5 binary"): (17.59, 17.5, 17.2), ("scarcity", 100, "d=5 ternary"): (33.55, 32.88, 32.18),
    ("scarcity", 100, "d=8 binary"): (33.86, 33.28, 32.59), ("scarcity", 10000, "d=5 binary"): (12.18, 11.26, 10.32),
    ("scarcity", 10000, "d=5 ternary"): (60.34, 59.51, 58.64),
    ("scarcity", 10000, "d=8 binary"): (2642.56, 2641.75, 2640.89),
}


def dd_table_1_floor(entry):
    """s <= sqrt(rho) by Cauchy-Schwarz, so a bound below (1 - rho)/rho (rho at the top of its rounding
    interval) is impossible; the floor is reached by P[Y = f(x) | x] = (1 + t)/2 (correlation t^2, s = t).

    Parameters
    ----------
    entry : dict
        The registry's ``dd-table-1-floor`` as ``errata --json`` prints it.

    Raises
    ------
    Mismatch
        When the cells below the floor, their count per N or the floor reached differ.
    """
    x = entry["counterexample"]
    below = {}
    for (crit, N, setting), row in DD_TABLE_1.items():
        for rho, printed in zip(("0.36", "0.11", "0.02"), row):
            top = F(rho) + F(1, 200)
            if F(str(printed)) < (1 - top) / top:
                below[f"{crit}, N = {N}, {setting}, rho = {rho}"] = {"printed": printed, "floor": fs((1 - top) / top)}
    same("cells below the floor", below, x["below the floor"])
    same("cells below the floor by N", {str(N): sum(f"N = {N}," in cell for cell in below) for N in (100, 10000)},
         x["cells below by N"])
    for rho, t in (("0.36", F(3, 5)), ("0.11", F(1, 3)), ("0.02", F(1, 7))):
        # two binary attributes, uniform, class f(x) = x_0: every marginal is 1/2 (class) or 1/2 (attributes)
        cells = {(a, b, y): F(1, 4) * ((1 + t) / 2 if y == a else (1 - t) / 2)
                 for a in (0, 1) for b in (0, 1) for y in (0, 1)}
        correlation = sum((p - F(1, 8)) ** 2 / F(1, 8) for p in cells.values())
        s = sum(p if y == a else -p for (a, b, y), p in cells.items())
        reached = x["floor reached"][rho]
        same(f"rho = {rho}: correlation, s, bound", (fs(correlation), fs(s), fs((1 - s * s) / (s * s))),
             (reached["correlation"], reached["s_bayes_tree"], reached["bound"]))


def dd_datasets(entry):
    for case in entry["counterexample"]:
        cells = case["m"] ** case["d"]
        same("printed, ordered, multisets", [case["N"] ** cells - 1, cells ** case["N"], math.comb(case["N"] + cells - 1,
                                                                                                  case["N"])],
             [case["printed"], case["ordered_sequences"], case["unordered_multisets"]])
        multisets = len(set(tuple(sorted(s)) for s in itertools.product(range(cells), repeat=case["N"])))
        same("multisets enumerated", multisets, case["unordered_multisets"])


# ------------------------------------------------------------------------------ EK
def phi(z) -> mpmath.mpf:
    """The standard normal distribution function (mpmath).

    Parameters
    ----------
    z : mpmath.mpf
        The argument.

    Returns
    -------
    mpmath.mpf
        Phi(z).
    """
    return mpmath.ncdf(z)


def binom_tail(n: int, q: F, pred) -> F:
    """P[pred(X)] for X ~ Binomial(n, q), exactly.

    Parameters
    ----------
    n : int
        Trials.
    q : Fraction
        Success probability.
    pred : callable
        int -> bool.

    Returns
    -------
    Fraction
        The probability.
    """
    return sum((math.comb(n, a) * q ** a * (1 - q) ** (n - a) for a in range(n + 1) if pred(a)), F(0))


def ek_eq1(entry):
    x = entry["counterexample"]
    n, p = x["n_i"], F(x["p"])
    same("P(X > n/2), X ~ B(n, 1-p)", fs(binom_tail(n, 1 - p, lambda a: 2 * a > n)), x["P(X_i > 1)"])
    printed = 1 - phi(mp((p - F(1, 2)) * n) / mpmath.sqrt(mp(n * p * (1 - p))))
    near("printed bound", printed, x["printed_bound"])
    same("printed bound exceeds the probability", printed > mp(binom_tail(n, 1 - p, lambda a: 2 * a > n)), True)
    odd = x["odd_case"]
    n, p = odd["n_i"], F(odd["p"])
    h = F(n, 2)
    near("odd case, Slud at h = n/2", 1 - phi(mp(h - n * (1 - p)) / mpmath.sqrt(mp(n * p * (1 - p)))), odd["bound"])
    same("odd case probability", fs(binom_tail(n, 1 - p, lambda a: 2 * a > n)), odd["P(X > n/2)"])
    n, p, h = 4, F(x["p"]), x["corrected_n4"]["h"]
    same("corrected h", fs(F(n // 2 + 1)), h)
    tail = binom_tail(n, 1 - p, lambda a: 2 * a > n)
    bound = 1 - phi(mp(int(h) - n * (1 - p)) / mpmath.sqrt(mp(n * p * (1 - p))))
    same("corrected at n = 4", fs(tail), x["corrected_n4"]["P(X > n/2)"])
    near("corrected bound", bound, x["corrected_n4"]["bound"])
    same("corrected bound holds", bound <= mp(tail), True)


def rep_safe_tree_probability(sizes, p: F) -> F:
    """REP (EK Table 1) on a complete binary interior over the safe nodes, each with a leaf labelled
    positive and one labelled negative (training labels), node labels as leaves from the pruning
    majority: P(the root is pruned), every labelling of the pruning examples enumerated.

    Parameters
    ----------
    sizes : sequence of int
        The number of pruning examples at each safe node.
    p : Fraction
        The probability that an example is positive.

    Returns
    -------
    Fraction
        The probability that REP prunes the tree to one leaf.
    """
    leaf_sizes = [c for s in sizes for c in ((s + 1) // 2, s // 2)]
    labels = [0, 1] * len(sizes)
    total = F(0)
    for pos in itertools.product(*[range(c + 1) for c in leaf_sizes]):
        prob = math.prod((math.comb(c, a) * p ** a * (1 - p) ** (c - a) for c, a in zip(leaf_sizes, pos)), start=F(1))
        level = [(a, c - a, (c - a) if lab == 0 else a) for a, c, lab in zip(pos, leaf_sizes, labels)]
        pruned = False
        while len(level) > 1:
            nxt = []
            for x, y in zip(level[::2], level[1::2]):
                P, N, sub = x[0] + y[0], x[1] + y[1], x[2] + y[2]
                pruned = min(P, N) <= sub
                nxt.append((P, N, min(P, N) if pruned else sub))
            level = nxt
        total += prob * pruned
    return total


def ek_eq2(entry):
    x = entry["counterexample"]
    sizes, p = x["safe_sizes"], F(x["p"])
    same("P(pruned to a leaf)", fs(rep_safe_tree_probability(sizes, p)), x["P(pruned to a leaf)"])
    k, n = len(sizes), sum(sizes)
    r = F(2 * n, k)
    printed = phi(mp((p - F(1, 2)) * r) / mpmath.sqrt(mp(r * p * (1 - p)))) ** (k // 2)
    near("printed (2)", printed, x["printed_bound_2"])
    product = math.prod((binom_tail(s, p, lambda a, s=s: 2 * a >= s) for s in sizes), start=F(1)) + math.prod(
        (binom_tail(s, p, lambda a, s=s: 2 * a <= s) for s in sizes), start=F(1))
    near("product bound", product, x["product_bound"])
    exact = rep_safe_tree_probability(sizes, p)
    same("(2) below the probability, the product bound above", printed < mp(exact) and exact <= product, True)


def ek_lemma5(entry):
    x = entry["counterexample"]
    m, q, h = x["m"], F(x["q"]), F(x["h"])
    tail = binom_tail(m, q, lambda a: a >= h)
    same("P(X >= h)", fs(tail), x["P(X>=h)"])
    bound = 1 - phi(mp(h - m * q) / mpmath.sqrt(mp(m * q * (1 - q))))
    near("Slud at the non-integer h", bound, x["slud_bound"])
    same("fails at h = 1/20", bound > mp(tail), True)
    near("integer h = 1", 1 - phi(mp(1 - m * q) / mpmath.sqrt(mp(m * q * (1 - q)))), x["integer_h_1"]["slud_bound"])


def ek_eq5(entry):
    x = entry["counterexample"]
    k, n, p, c = x["k"], x["n"], F(x["p"]), F(x["c"])
    r = c * n / k
    factor = phi(mp((p - F(1, 2)) * r) / mpmath.sqrt(mp(r * p * (1 - p))))
    exact, counts_P = F(0), []
    for bins in itertools.product(range(k), repeat=n):          # n examples routed uniformly to k safe nodes
        sizes = [bins.count(i) for i in range(k)]
        keep = math.prod((binom_tail(s, p, lambda a, s=s: 2 * a >= s) for s in sizes if s), start=F(1))
        exact += F(1, k ** n) * keep
        counts_P.append(sum(1 for s in sizes if 1 <= s <= r))
    random_bound = sum(factor ** P for P in counts_P) / len(counts_P)
    EP = F(sum(counts_P), len(counts_P))
    for key, bound in (("random_P", random_bound), ("expected_P", factor ** mp(EP))):
        near(f"{key}: P exact", exact, x[key]["P_exact"])
        near(f"{key}: (5)", bound, x[key]["bound_5"])
        same(f"{key}: E P", fs(EP), x[key]["EP"])
        same(f"{key}: (5) below the probability", bound < mp(exact), True)
    near("the per-node factor", factor, x["random_P"]["factor"])
    same("a safe node with 1 example keeps its majority with probability below the factor",
         mp(binom_tail(1, p, lambda a: 2 * a >= 1)) < factor, True)


def ek_4_root(entry):
    x = entry["counterexample"]
    tree = x["case"]["tree"]
    same("the root's children are leaves (no interior node: no safe node)", all("children" not in c for c in tree["children"]),
         True)
    leaf_errors = sum(c["prune"][1 - (0 if c["counts"][0] >= c["counts"][1] else 1)] for c in tree["children"])
    root_as_leaf = min(tree["prune"])
    same("REP keeps the root split", root_as_leaf <= leaf_errors, x["printed_form"]["pruned_to_leaf"])
    same("Thm 4's condition holds vacuously", x["printed_form"]["safe_nodes"] == [] and x["printed_form"]["condition"],
         True)


def ek_1_tied_leaf(entry):
    """Root (3, 3) over pure leaves; pruning set (2, 2) at the root, (1, 1) at each leaf: the root alone errs
    twice with either label, the full tree (training labels 0, 1) twice too; REP prunes on the tie."""
    x = entry["counterexample"]
    root, leaves = x["pruning_set"]["root"], [x["pruning_set"]["c1"], x["pruning_set"]["c2"]]
    alone = {label: sum(root) - root[label] for label in (0, 1)}
    full = sum(sum(c) - c[label] for c, label in zip(leaves, (0, 1)))
    best = min(min(alone.values()), full)
    same("minimal errors", best, x["minimal_errors"])
    same("the smallest minimal classifiers", [{"root": label} for label in (0, 1) if alone[label] == best],
         x["smallest_minimal_classifiers"])
    same("REP prunes the tie to the first class", {"pruned": ["root"], "labels": {"root": 0}, "errors": best},
         x["rep"])


def ek_6(entry):
    x = entry["counterexample"]
    t, p = x["case"]["t"], F(x["case"]["p"])
    same("the finest fitting tree has t leaves", fs(F(t)), x["printed_form"]["expected_leaves"])
    same("EA + 1 = 2(t-1)p(1-p) + 1", fs(2 * (t - 1) * p * (1 - p) + 1), x["printed_form"]["formula"])
    changes = sum(math.prod((p if y else 1 - p for y in lab), start=F(1)) * sum(a != b for a, b in zip(lab, lab[1:]))
                  for lab in itertools.product((0, 1), repeat=t))
    same("E A by enumeration", fs(changes), x["corrected_form"]["E_A"])


# ------------------------------------------------------------------------------ lecture notes
def notes_convex(entry):
    x = entry["counterexample"]
    G = lambda q: 2 * q * (1 - q)  # noqa: E731
    same("G(1/2), chord", [fs(G(F(1, 2))), fs((G(F(0)) + G(F(1))) / 2)], [x["G(1/2)"], x["(G(0) + G(1))/2"]])
    same("the notes' example drop", fs(G(F(4, 5)) - (G(F(3, 5)) + G(F(1))) / 2), x["gini_drop_in_notes_example"])
    entropy = lambda q: -q * mpmath.log(q, 2) - (1 - q) * mpmath.log(1 - q, 2) if 0 < q < 1 else 0  # noqa: E731
    root = lambda q: mpmath.sqrt(q * (1 - q))  # noqa: E731
    same("entropy, sqrt: midpoint above the chord", [int(mpmath.sign(f(mpmath.mpf(1) / 2) - (f(0) + f(1)) / 2))
                                                     for f in (entropy, root)],
         [x["entropy_and_sqrt_midpoint_minus_chord_sign"][key] for key in ("entropy", "sqrt")])


def notes_guarantee(entry):
    x = entry["counterexample"]
    xv = F(x["x"])
    same("G(x) = x(1-x) < x", [fs(xv * (1 - xv)), fs(xv)], [x["G(x)"], x["x_itself"]])
    same("fails", xv * (1 - xv) < xv, True)


def notes_gini_error(entry):
    x = entry["counterexample"]
    probs, qs = [F(v) for v in x["leaf_probabilities"]], [F(v) for v in x["leaf_q"]]
    eps = sum(p * min(q, 1 - q) for p, q in zip(probs, qs))
    g = sum(p * q * (1 - q) for p, q in zip(probs, qs))
    same("eps, G/2, eps(1-eps)", [fs(eps), fs(g), fs(eps * (1 - eps))], [x["eps_t"], x["G_t/2"], x["eps_t(1-eps_t)"]])
    same("G/2 != eps(1-eps)", g != eps * (1 - eps), True)


def notes_min_size(entry):
    x = entry["counterexample"]
    e = x["max_errors"]
    INF = math.inf

    def errors(node):
        return sum(node["counts"]) - max(node["counts"])

    def table(node, printed: bool):
        own = errors(node)
        if "children" not in node:
            return [1 if (i == own if printed else i >= own) else INF for i in range(e + 1)]
        a, b = (table(c, printed) for c in node["children"])
        lo = 1 if printed else 0
        split = [min([a[i] + b[k - i] for i in range(lo, k + 1)], default=INF) + 1 for k in range(e + 1)]
        if printed:
            return split
        return [1 if own <= k else split[k] for k in range(e + 1)]
    same("smallest size, printed and corrected", [str(table(x["tree"], True)[e]), str(table(x["tree"], False)[e])],
         [x["smallest_size_as_printed"], x["smallest_size"]])


def notes_weak_chain(entry):
    x = entry["counterexample"]
    case = x["case"]
    t, leaves, leaf = case["t"], [[F(a), F(b)] for a, b in case["leaves"]], case["leaf"]
    prob, q = leaves[leaf]
    eps = sum(p * min(qq, 1 - qq) for p, qq in leaves)
    same("eps_t", fs(eps), x["printed_form"]["eps_t"])
    value = prob * min(q, 1 - q) ** 2
    printed, corrected = eps / (2 * t) * (eps / 2) ** 2, eps / (3 * t) * (eps / 3) ** 2
    same("Prob[l] error(l)^2, printed bound, corrected bound", [fs(value), fs(printed), fs(corrected)],
         [x["printed_form"]["Prob[l]*error(l)^2"], x["printed_form"]["bound"], x["corrected_form"]["bound"]])
    same("Lemma 12.1's leaf: Prob >= eps/(3t), error >= eps/3", prob >= eps / (3 * t) and min(q, 1 - q) >= eps / 3, True)
    same("printed fails, corrected holds", (value < printed, value >= corrected), (True, True))


def notes_paths(entry):
    x = entry["counterexample"]
    d, l = x["case"]["d"], x["case"]["l"]
    paths = {frozenset(zip(vs, bits)) for j in range(l + 1) for vs in itertools.combinations(range(d), j)
             for bits in itertools.product((0, 1), repeat=j)}
    same("paths enumerated", len(paths), x["printed_form"]["enumerated"])
    same("printed 2^(l-1) C(d, l) <= d^l", [fs(F(2) ** (l - 1) * math.comb(d, l)), d ** l],
         [x["printed_form"]["formula"], x["printed_form"]["bound"]])
    same("corrected", [str(sum(2 ** j * math.comb(d, j) for j in range(l + 1))), (2 * d + 1) ** l],
         [x["corrected_form"]["formula"], x["corrected_form"]["bound"]])


def notes_chernoff(entry):
    x = entry["counterexample"]
    case = x["case"]
    m, q, p, lam = case["m"], F(case["q"]), F(case["p"]), F(case["lam"])
    # m points, each reaching the path with probability q and erring there with probability p; eps = p
    prob = F(0)
    for reach in itertools.product((0, 1), repeat=m):
        hits = sum(reach)
        for errs in range(hits + 1):
            w = (math.prod((q if r else 1 - q for r in reach), start=F(1)) * math.comb(hits, errs) * p ** errs
                 * (1 - p) ** (hits - errs))
            prob += w * (hits > 0 and abs(F(errs, hits) - p) >= lam)
    same("probability", fs(prob), x["printed_form"]["probability"])
    printed, corrected = mpmath.exp(-mp(lam ** 2 * m)), 2 * mpmath.exp(-2 * mp(lam ** 2 * m))
    near("bounds", printed, x["printed_form"]["bound"], 1e-9)
    near("corrected", corrected, x["corrected_form"]["bound"], 1e-9)
    same("printed fails, corrected holds", (printed < mp(prob), corrected >= mp(prob)), (True, True))


def notes_lemma_12_2(entry):
    """A finite domain of points with labels; a path is a point set, a tree a labelling; one sample point."""
    x = entry["counterexample"]
    for case, form in ((x["case"], "printed_form"), (x["corrected_case"], "corrected_form")):
        points, paths, trees, m, delta = case["points"], case["paths"], case["trees"], case["m"], F(case["delta"])
        lam = mpmath.sqrt((mpmath.log(len(paths)) + mpmath.log(len(trees)) + mpmath.log(mp(1 / delta))) / m)
        worst = F(0)
        # every sample of m points drawn uniformly from the domain; a path is the points with path[i] = 1
        for sample in itertools.product(range(len(points)), repeat=m):
            bad = False
            for path in paths:
                inside = [i for i in range(len(points)) if path[i]]
                got = [s for s in sample if path[s]]
                for tree in trees:
                    err = F(sum(tree[i] != points[i][1] for i in inside), len(inside))
                    if got and mp(abs(F(sum(tree[s] != points[s][1] for s in got), len(got)) - err)) >= lam:
                        bad = True
            worst += F(1, len(points) ** m) * bad
        same(f"{form}: probability", fs(worst), x[form]["probability"])
        same(f"{form}: |PATHS|, |TREES|", [len(paths), len(trees)], [x[form]["|PATHS|"], x[form]["|TREES|"]])
    same("printed exceeds delta, corrected within", [F(x["printed_form"]["probability"]) > F(x["case"]["delta"]),
                                                    F(x["corrected_form"]["probability"]) <= F(x["case"]["delta"])],
         [True, True])


def notes_first_sum(entry):
    x = entry["counterexample"]
    m, delta, d = x["m"], F(x["delta"]), x["d"]
    r = (x["l_v"] + x["s_v"]) * mpmath.log(d) + mpmath.log(mp(m / delta))
    same("r_v = 5 ln 2", mpmath.almosteq(r, 5 * mpmath.log(2)), True)
    same("sqrt(r_v/m_v) > 1", mpmath.sqrt(r / x["m_v"]) > 1, True)
    same("the root's mass is below 12 log(t/delta)/m (t = 1: v in V - V')", 1 <= 12 * mpmath.log(mp(1 / delta)) / m, True)


def notes_sizes(entry):
    x = entry["counterexample"]

    def size(t):
        return 1 + sum(size(c) for c in t.get("children", []))

    def node(t, path):
        for step in path:
            t = t["children"][int(step)]
        return t
    tree, V = x["case"]["tree"], x["case"]["V"]
    pruned, total = set(), 0
    for path in sorted(V, key=len, reverse=True):           # deepest first: T*_v is the current subtree
        t = node(tree, path)
        total += 1 + sum(1 if path + str(i) in pruned else size(c) for i, c in enumerate(t.get("children", [])))
        pruned.add(path)
    same("sum s_v, s_opt, t", [total, size(tree), len(V)], [x["printed_form"][k] for k in ("sum_s", "s_opt", "t")])
    same("printed fails, corrected holds", (total > size(tree), total <= size(tree) + len(V)), (True, True))


# ------------------------------------------------------------------------------ Fan
def fan_quantities(atoms, cell_index: int, constants=None) -> dict:
    """Atoms (mass, eta, cell, finer cell): L of the quantized rule (predict 1 iff eta^q > 1/2) and
    L_bar = L* + 2 int |eta - c| mu with c = eta^q (or the given constants per cell).

    Parameters
    ----------
    atoms : list
        (mass, eta, cell, finer cell) per atom.
    cell_index : int
        Which cell field to quantize on.
    constants : dict, optional
        Per-cell constants replacing the quantized posterior.

    Returns
    -------
    dict
        ``L`` and ``L_bar``.
    """
    total = sum(F(a[0]) for a in atoms)
    cells = {}
    for a in atoms:
        cells.setdefault(a[cell_index], []).append((F(a[0]) / total, F(a[1])))
    L, dev = F(0), F(0)
    for key, members in cells.items():
        mass = sum(w for w, _ in members)
        eq = sum(w * e for w, e in members) / mass
        c = F(constants[key]) if constants is not None else eq
        predict = 1 if c > F(1, 2) else 0
        L += sum(w * (1 - e if predict else e) for w, e in members)
        dev += sum(w * abs(e - c) for w, e in members)
    star = sum(F(a[0]) / total * min(F(a[1]), 1 - F(a[1])) for a in atoms)
    return {"L": L, "L_bar": star + 2 * dev}


def fan_refinement(entry):
    x = entry["counterexample"]
    atoms = x["case"]["atoms"]
    coarse, fine = fan_quantities(atoms, 2), fan_quantities(atoms, 3)
    same("coarse, fine", [{k: fs(v) for k, v in coarse.items()}, {k: fs(v) for k, v in fine.items()}],
         [x["printed_form"]["coarse"], x["printed_form"]["fine"]])
    same("L_bar rises, L does not", (fine["L_bar"] > coarse["L_bar"], fine["L"] <= coarse["L"]), (True, True))


def fan_prop_52(entry):
    x = entry["counterexample"]
    atoms = x["case"]["atoms"]
    q, h = fan_quantities(atoms, 2), fan_quantities(atoms, 2, x["case"]["constants"])
    mine = {"L(eta^q)": fs(q["L"]), "L(g(eta_hat))": fs(h["L"]), "L_bar(eta^q)": fs(q["L_bar"]),
            "L_bar(eta_hat)": fs(h["L_bar"])}
    same("quantities", mine, x["printed_form"])
    same("the bound fails, the errors hold", (q["L_bar"] > h["L_bar"], q["L"] <= h["L"]), (True, True))


def fan_13(entry):
    x = entry["counterexample"]
    counts, j = x["counts"], x["class"]
    n, M = sum(counts), len(counts)
    for name, ns in (("haldane", F(0)), ("jeffreys", F(1, 2)), ("bayes", F(1))):
        eta = (counts[j] + ns) / (n + M * ns)
        same(name, {"fan_13": fs(eta * (1 - eta) / (1 + n)), "dirichlet_exact": fs(eta * (1 - eta) / (n + M * ns + 1))},
             x[name])
        a, b = counts[j] + ns, n - counts[j] + (M - 1) * ns
        if a > 0 and b > 0:
            same(f"{name}: the Beta posterior variance", fs(a * b / ((a + b) ** 2 * (a + b + 1))),
                 x[name]["dirichlet_exact"])


def fan_13_empty(entry):
    x = entry["counterexample"]
    same("an empty cell: k/n = 0/0", sum(x["counts"]), 0)
    f, n = F(x["f(A_i)"]), x["n"]
    same("P(cell empty) = (1 - f)^n", fs((1 - f) ** n), x["P(cell empty)"])


RECHECKS = {
    "zhong-B.1-breakpoint": zhong_breakpoint, "zhong-table-6.3-abalone": zhong_table_6_3, "zhong-4.20": zhong_4_20,
    "zhong-B.8-value": zhong_b8_value, "zhong-B.8-formula": zhong_b8_formula, "zhong-5.3-lam0": zhong_5_3,
    "zhong-5.5-lam0": zhong_5_5, "zhong-5.6-lam0": zhong_5_6, "zhong-5.7-k1": zhong_5_7, "zhong-5.8-lam0": zhong_5_8,
    "zhong-5.9-lam0": zhong_5_9, "zhong-5.1-lam0": zhong_5_1, "zhong-C.38": zhong_c38, "zhong-C.77": zhong_c77,
    "zhong-C.79": zhong_c79, "zhong-table-A.1-b": zhong_table_a1, "zhong-B.1-alpha": zhong_b1_alpha,
    "zhong-6.3-lam-infinity": zhong_lam_infinity, "zhong-6.3-lam0-iris": zhong_lam0_iris, "zhong-7.14": zhong_714,
    "zhong-7.20-sign": zhong_720, "zhong-7.12-index": zhong_712, "dd-coexist-purity": dd_coexist_purity,
    "dd-coexist-identical": dd_coexist_identical, "dd-ties": dd_ties, "dd-table-1-rho0": dd_table_1,
    "dd-table-1-floor": dd_table_1_floor,
    "dd-datasets": dd_datasets, "ek-eq1": ek_eq1, "ek-eq2": ek_eq2, "ek-lemma5": ek_lemma5, "ek-eq5": ek_eq5,
    "ek-4-root": ek_4_root, "ek-6-fitting-tree": ek_6,
    "ek-1-tied-leaf-label": ek_1_tied_leaf, "notes-convex": notes_convex, "notes-guarantee": notes_guarantee,
    "notes-gini-error-bound": notes_gini_error, "notes-min-size-dp": notes_min_size,
    "notes-weak-chain": notes_weak_chain, "notes-paths-count": notes_paths, "notes-12.5-chernoff": notes_chernoff,
    "notes-lemma-12.2-classes": notes_lemma_12_2, "notes-12.12-first-sum": notes_first_sum,
    "notes-12.17-sizes": notes_sizes, "fan-13-variance": fan_13, "fan-refinement": fan_refinement,
    "fan-prop-5.2": fan_prop_52, "zhong-5.3-empty-child": zhong_5_3, "zhong-5.6-empty-child": zhong_5_6,
    "zhong-5.9-empty-child": zhong_5_9, "fan-13-empty": fan_13_empty, "zhong-4.3-mep": zhong_mep,
    "zhong-4.3-settings": zhong_43_settings,
}


def load(argv) -> list:
    """The registry's entries: ``errata --json`` run here, or read from ``--json FILE``.

    Parameters
    ----------
    argv : list of str
        The command line.

    Returns
    -------
    list of dict
        The entries.
    """
    if len(argv) > 2 and argv[1] == "--json":
        with open(argv[2]) as handle:
            return json.load(handle)
    out = subprocess.run([sys.executable, "-m", "exactprune", "errata", "--json"], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def main(argv=sys.argv) -> int:
    """Re-check every entry; print one line per entry and the disagreements.

    Parameters
    ----------
    argv : list of str
        The command line (``--json FILE`` optional).

    Returns
    -------
    int
        0 iff every entry is re-checked and agrees.
    """
    entries = load(argv)
    failures = []
    for entry in entries:
        check = RECHECKS.get(entry["id"])
        if check is None:
            failures.append(f"[{entry['id']}] cannot re-check: no independent re-check is written for it")
            continue
        if not entry["confirmed"]:
            failures.append(f"[{entry['id']}] the registry does not confirm it")
            continue
        try:
            check(entry)
        except Mismatch as err:
            failures.append(f"[{entry['id']}] disagrees: {err}")
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as err:
            failures.append(f"[{entry['id']}] cannot re-check: {type(err).__name__}: {err}")
        else:
            print(f"[{entry['id']}] ({entry['kind']}) re-checked: agrees")
    for line in failures:
        print(line)
    print(f"{len(entries) - len(failures)} of {len(entries)} entries re-checked independently and agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
