"""Minimum-size pruning with at most e training errors, and the SRM choice among them
(lecture notes section 12.2.2).

:func:`min_size_table` is the notes' dynamic program: for every node and error budget
i = 0..e, the node count of the smallest pruning of its subtree with at most i training
errors (with two corrections to the printed DP, see the errata ``notes-12.2.2``);
:func:`min_size_pruning` traces one such pruning back; :func:`srm_pruning` picks
argmin_d error(T_d) + sqrt(k_d / m) over the minimum-size prunings T_d (structural risk
minimisation), decided exactly.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ..certify import Decider
from ..numbers import nonnegative_int
from ..pruning import Pruning
from ..tree import Tree, as_tree, kept_from_collapsed

__all__ = ["min_size_table", "min_size_pruning", "srm_pruning", "SRMResult"]

_INF = float("inf")


def min_size_table(tree: Tree, max_errors: Optional[int] = None) -> dict:
    """DP of notes 12.2.2: for every node, ``s[i]`` = the node count of the smallest
    pruning of its subtree with at most i training errors (i = 0..max_errors; inf if
    none).  Returns {node name: list}.  Leaves: s[i] = 1 for i >= errors (the notes
    print "s_l = 1 and all other s_i infinite", which is the "exactly l errors" table;
    "at most" needs every i >= l).  The split of the error budget runs over
    i = 0..k (the notes' loop starts at 1).

    Parameters
    ----------
    tree : Tree
        The tree (training counts).
    max_errors : int, optional
        The largest error budget tabulated; the root's errors by default.

    Returns
    -------
    dict
        Node name -> list of ``max_errors + 1`` sizes (int, or ``inf`` where no pruning fits).

    See Also
    --------
    min_size_pruning : the smallest pruning traced back from this table.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> min_size_table(iris_tree(), 6)["root"]
    [inf, 13, 11, 9, 7, 7, 5]
    """
    tree = as_tree(tree)
    K = tree.root.errors if max_errors is None else nonnegative_int(max_errors, "max_errors")
    table: dict = {}
    for node in tree.root.postorder():
        s = [1 if node.errors <= i else _INF for i in range(K + 1)]
        if not node.is_leaf:
            acc = table[node.children[0].name]
            for child in node.children[1:]:
                cs = table[child.name]
                acc = [min((acc[j] + cs[i - j] for j in range(i + 1)), default=_INF) for i in range(K + 1)]
            s = [min(s[i], acc[i] + 1) for i in range(K + 1)]
        table[node.name] = s
    return {name: [int(v) if v != _INF else v for v in vals] for name, vals in table.items()}


def min_size_pruning(tree: Tree, *, max_errors: int) -> Pruning:
    """The smallest pruning (fewest nodes) with at most ``max_errors`` training errors
    (notes 12.2.2); ValueError if even the full tree makes more errors.  Among
    equally small ones, the first found by the DP's traceback (collapse first, then
    the lowest budget to the first child).  Called as every pruner (:mod:`exactprune.pruning`):
    the tree, then the options keyword-only.

    Parameters
    ----------
    tree : Tree
        The tree to prune (its training counts); the input is untouched.
    max_errors : int, keyword-only
        The error budget e >= 0.

    Returns
    -------
    Pruning
        The package's one result type (``k`` None): the pruned ``tree``, ``pruned``,
        ``kept_splits`` (a split below a pruned one, never visited by the traceback, is left
        True), ``routes`` (the traceback's decisions, exact integer comparisons) and
        ``moment``, the pruned tree's training errors (an int, at most ``max_errors``).

    See Also
    --------
    min_size_table : the DP table it traces back.
    srm_pruning : the budget chosen by structural risk minimisation.

    Examples
    --------
    On the iris tree (Zhong App B.1) a budget of 6 errors is met by the root's split and c2's
    alone, 5 nodes, with 0 + 5 + 1 errors at c1, c21 and c22 (:func:`min_size_table` gives
    the sizes, ``tests/peers/test_min_size.py`` checks them against every pruning):

    >>> from exactprune.tree import iris_tree
    >>> result = min_size_pruning(iris_tree(), max_errors=6)
    >>> len(result.tree.nodes()), result.pruned, result.moment
    (5, ['c21', 'c22'], 6)
    """
    tree = as_tree(tree)
    K = nonnegative_int(max_errors, "max_errors")
    table = min_size_table(tree, K)
    if table["root"][K] == _INF:
        full = sum(l.errors for l in tree.leaves())
        raise ValueError(f"no pruning has at most {K} errors: the full tree makes {full}")
    collapsed = set()
    decisions = [0]

    def trace(node, budget):
        if not node.is_leaf:
            decisions[0] += 1
        if node.errors <= budget:
            collapsed.add(node.name)
            return
        kids = node.children
        # prefix tables for the multiway knapsack
        pref = [table[kids[0].name]]
        for child in kids[1:]:
            prev, cs = pref[-1], table[child.name]
            pref.append([min((prev[j] + cs[i - j] for j in range(i + 1)), default=_INF) for i in range(K + 1)])
        need = table[node.name][budget] - 1
        b = budget
        for pos in range(len(kids) - 1, 0, -1):
            cs = table[kids[pos].name]
            for j in range(b + 1):
                if pref[pos - 1][b - j] + cs[j] == need:
                    trace(kids[pos], j)
                    need -= cs[j]
                    b -= j
                    break
        trace(kids[0], b)

    trace(tree.root, K)
    errors = sum(tree.node(name).errors for name in collapsed)     # the result's leaves: every one collapsed
    return Pruning(tree, None, kept_from_collapsed(tree.arrays(), collapsed), {"exact": decisions[0]}, moment=errors)


class SRMResult(Pruning):
    """:func:`srm_pruning`'s outcome, a :class:`~exactprune.pruning.Pruning` (``k`` None) with
    the chosen budget ``d``: the pruned ``tree`` is the minimum-size pruning T_d
    (:func:`min_size_pruning` with ``max_errors=d``), ``moment`` its training error rate
    error(T_d), ``routes`` the decision kernel's routes of the SRM comparisons.

    Parameters
    ----------
    source : Tree
        The tree that was pruned.
    kept : array of bool
        Over ``source.arrays()``'s indices: True where the split is kept.
    routes : dict
        The decision kernel's routes of the SRM comparisons.
    error_rate : Fraction
        The training error rate error(T_d), also ``moment``.
    d : int
        The chosen error budget.

    See Also
    --------
    srm_pruning : the pruner that returns it.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> result = srm_pruning(iris_tree())
    >>> result.d, result.tree.n_leaves, result.moment          # 6 training errors of 150
    (6, 3, Fraction(1, 25))
    """

    def __init__(self, source: Tree, kept, routes: dict, error_rate: Fraction, d: int):
        super().__init__(source, None, kept, routes, moment=error_rate)
        self.d = d


def srm_pruning(tree: Tree) -> SRMResult:
    """Notes 12.2.2's SRM choice: T* = argmin_d error(T_d) + sqrt(k_d / m) over the
    minimum-size prunings T_d (k_d nodes, error = training error rate, m examples);
    every comparison goes through the decision kernel (:class:`~exactprune.certify.Decider`),
    on its exact route (the sign by squaring, so exact ties, possible when both square roots
    are rational, are found).  The first d on ties.  Called as every pruner
    (:mod:`exactprune.pruning`); it has no option.

    Parameters
    ----------
    tree : Tree
        The tree to prune (its training counts); the input is untouched.

    Returns
    -------
    SRMResult
        A :class:`~exactprune.pruning.Pruning` with the chosen budget ``d``: the pruned ``tree``
        T_d, ``pruned``, ``kept_splits``, ``routes`` and ``moment`` = error(T_d).

    See Also
    --------
    min_size_pruning : the candidate T_d at one budget.

    Examples
    --------
    On the iris tree (Zhong App B.1, m = 150) each size of :func:`min_size_table`, 13, 11, 9, 7,
    5, 3 and 1 nodes, is first reached at d = 1, 2, 3, 4, 6, 50 and 100 errors, scoring
    d/150 + sqrt(k_d/150) = 0.301, 0.284, 0.265, 0.243, 0.223, 0.475 and 0.748: d = 6 wins:

    >>> from exactprune.tree import iris_tree
    >>> result = srm_pruning(iris_tree())
    >>> result.d, result.tree.n_leaves, result.moment
    (6, 3, Fraction(1, 25))
    """
    tree = as_tree(tree)
    m = tree.root.n
    table = min_size_table(tree)["root"]
    best, decider = None, Decider()
    for d, k in enumerate(table):
        if k == _INF:
            continue
        t = min_size_pruning(tree, max_errors=d)
        key = (Fraction(t.moment, m), Fraction(k, m))
        if best is None or _srm_less(key, best[0], decider):
            best = (key, d, t)
    assert best is not None, "internal error: the root as a leaf (d = root errors) always has a finite size"
    (error_rate, _), d, chosen = best
    return SRMResult(tree, chosen.kept_splits, decider.routes, error_rate, d)


def _srm_less(a, b, decider: Decider) -> bool:
    """a_err + sqrt(a_k) < b_err + sqrt(b_k) for a = (a_err, a_k), b = (b_err, b_k) exact
    rationals, decided by the decision kernel's exact route: :func:`_sqrt_difference_sign`, a
    rational of the sign of the difference (itself irrational in general), by squaring."""
    if a == b:
        return False
    return decider.sign(None, None, exact=lambda: Fraction(_sqrt_difference_sign(a[0] - b[0], a[1], b[1]))) < 0


def _sqrt_difference_sign(d: Fraction, p: Fraction, q: Fraction) -> int:
    """The sign of d + sqrt(p) - sqrt(q) for rationals d and p, q >= 0, exactly, by squaring:
    t = sqrt(p) - sqrt(q) has the sign of p - q; where d and t differ in sign the larger
    magnitude wins, and d^2 - t^2 = r + 2 sqrt(pq) with r = d^2 - p - q has the sign of
    r + pq when r >= 0 and of 4pq - r^2 when r < 0.

    >>> _sqrt_difference_sign(Fraction(-1, 3), Fraction(1, 4), Fraction(1, 36))   # -1/3 + 1/2 - 1/6
    0
    >>> _sqrt_difference_sign(Fraction(-1, 2), Fraction(2), Fraction(0))          # sqrt 2 > 1/2
    1
    """
    sd, st = (d > 0) - (d < 0), (p > q) - (p < q)
    if sd == st:
        return sd
    r = d * d - p - q
    gap = r + p * q if r >= 0 else 4 * p * q - r * r
    return sd if gap > 0 else (st if gap < 0 else 0)
