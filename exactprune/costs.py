"""Misclassification-cost moments under a loss matrix (Zhong section 7.1, eqs 7.2-7.16, App C.9).

A loss matrix ``loss[i][j]`` is the cost of predicting class i when the truth is j
(Zhong's R_{i,j}).  At a leaf l with label i the cost is r_l = sum_j R_{i,j} p_j
(7.5), and with the Lidstone posterior p ~ Dir(M_1..M_J), M_j = n_{j,l} + lam,
M = sum_j M_j, its k-th moment is (7.13)

    E_k* = E[(q_1 p_1 + ... + q_J p_J)^k],   q_j = R_{Label(l), j}.

Three independent evaluations are provided and must agree exactly:

* :func:`cost_moment` - the recursion (7.14)-(7.15) **as corrected here**::

      E_k* = sum_{m=1}^k  (k-1)!/(k-m)!  E_{k-m}*  (sum_i M_i q_i^m)  /  prod_{i=1}^m (M + k - i)

  Zhong prints the denominator as prod_{i=1}^m (M + k - m) = (M + k - m)^m
  (also in (C.100)), which is wrong for every k >= 2 unless the loss row is
  degenerate; see ``exactprune.errata.zhong7`` and ``proofs/costs_recursion.py``.
  Cost: O(J k + k^2) exact operations.
* :func:`cost_moment_expansion` - the multinomial expansion (C.90) with the
  Dirichlet product moments (C.92); its size grows like C(k+J-1, J-1).
* :func:`cost_mean` (7.9) and :func:`cost_second_moment` (7.12) for k = 1, 2.

On top of the leaf moments: the cost-minimising label (7.16), the subtree
recursion (7.4) with the child weights (n_c + eta)/(n_t + eta K_t) of (4.11),
and PruneTree (Fig 4.1) with cost moments (:func:`prune_costs`).

Everything is exact (Fractions; sympy expressions when ``lam`` or a loss entry
is a sympy Symbol).  Floats are refused with a TypeError naming the parameter.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Optional, Sequence

import flint

from .dirichlet import check_counts, check_lam
from .limits import COST_MAX_K, EXPANSION_MAX_TERMS, check_parameter
from .numbers import (check_k, exact, is_symbolic, nonnegative_values, positive_int, rising,
                      simplify_symbolic, to_fmpq, to_fraction)
from .certify import Decider
from .knorm import Prior, child_weight, posterior_prior, tree_child_weights, weighted_recursion  # (4.11), shared with the error-rate moments
from .pruning import Pruning, check_epsilon, exact_subtree_pass, walk_order
from .tree import Node, Tree

__all__ = [
    "validate_loss", "validate_loss_row", "zero_one_loss",
    "cost_moment", "cost_moments", "cost_moment_expansion", "cost_moment_printed",
    "cost_mean", "cost_second_moment", "cost_label", "leaf_cost_moment",
    "subtree_cost_moment", "child_weight", "prune_costs", "CostPruneResult", "cost_pruning_path",
]


# ---------------------------------------------------------------- validation
def validate_loss_row(loss_row: Sequence, n_classes: Optional[int] = None, name: str = "loss_row") -> list:
    """One row q_j = R_{i,j} of a loss matrix as exact values, checked.

    Parameters
    ----------
    loss_row : sequence of exact numbers
        The row q_j = R_{i,j} of the loss matrix for the predicted label i.
    n_classes : int, optional
        The required length.
    name : str, default "loss_row"
        The name in the messages.

    Returns
    -------
    list
        The row as exact values.

    See Also
    --------
    validate_loss : the whole matrix.

    Examples
    --------
    >>> validate_loss_row(["1/2", 0, 3])
    [Fraction(1, 2), Fraction(0, 1), Fraction(3, 1)]
    >>> validate_loss_row([1, -1])
    Traceback (most recent call last):
    ValueError: loss_row[1] must be non-negative, got -1
    """
    if n_classes is not None and hasattr(loss_row, "__len__") and len(loss_row) != n_classes:
        raise ValueError(f"{name} has {len(loss_row)} entries but there are {n_classes} classes")
    return nonnegative_values(loss_row, name, "non-negative losses")


def validate_loss(loss: Any, n_classes: Optional[int] = None, name: str = "loss") -> list:
    """A J x J loss matrix (``loss[i][j]``: predict i, truth j) as exact values, checked.

    Wrong shape, negative entries and floats are refused with a message naming the entry.

    Parameters
    ----------
    loss : J x J list of lists of exact numbers
        ``loss[i][j]``: the cost of predicting i when the truth is j.
    n_classes : int, optional
        The required size J.
    name : str, default "loss"
        The name in the messages.

    Returns
    -------
    list of lists
        The matrix as exact values.

    See Also
    --------
    validate_loss_row : one row.

    Examples
    --------
    >>> validate_loss([[0, 1], ["5", 0]])
    [[Fraction(0, 1), Fraction(1, 1)], [Fraction(5, 1), Fraction(0, 1)]]
    >>> validate_loss([[0, 1], [1, 0]], 3)
    Traceback (most recent call last):
    ValueError: loss matrix must be 3 x 3 (one row and one column per class), got 2 rows
    >>> validate_loss([[0, 0.5], [1, 0]])
    Traceback (most recent call last):
    TypeError: loss[0][1] must be exact: got the float 0.5; pass Fraction(1, 2) or the string '0.5'
    """
    if not isinstance(loss, (list, tuple)) or not all(isinstance(row, (list, tuple)) for row in loss):
        raise ValueError(f"{name} must be a list of lists (a J x J matrix)")
    rows = len(loss)
    size = n_classes if n_classes is not None else rows
    if rows != size:
        raise ValueError(f"{name} matrix must be {size} x {size} (one row and one column per class), got {rows} rows")
    if size == 0:
        raise ValueError(f"{name} matrix must not be empty")
    for i, row in enumerate(loss):
        if len(row) != size:
            raise ValueError(f"{name} matrix must be {size} x {size}: row {i} has {len(row)} entries")
    return [validate_loss_row(row, name=f"{name}[{i}]") for i, row in enumerate(loss)]     # lengths checked above


def zero_one_loss(n_classes: int) -> list:
    """The uniform (0-1) loss matrix: R_{i,j} = 1 if i != j else 0.

    Parameters
    ----------
    n_classes : int
        J, the number of classes.

    Returns
    -------
    list of lists
        The J x J 0-1 loss.

    See Also
    --------
    validate_loss : a given matrix.

    Examples
    --------
    >>> zero_one_loss(2)
    [[Fraction(0, 1), Fraction(1, 1)], [Fraction(1, 1), Fraction(0, 1)]]
    """
    n_classes = positive_int(n_classes, "n_classes")
    return [[Fraction(int(i != j)) for j in range(n_classes)] for i in range(n_classes)]


def _prepare(counts, loss_row, lam):
    counts = check_counts(counts)
    row = validate_loss_row(loss_row, len(counts))
    lam = check_lam(lam)
    params = [c + lam for c in counts]
    total = sum(params)
    if not is_symbolic(total) and total <= 0:
        raise ValueError("the leaf has no examples and lam = 0: its posterior is undefined; use lam > 0")
    return params, row


def _symbolic(*groups) -> bool:
    return any(is_symbolic(v) for group in groups for v in group)


# ------------------------------------------------------------- leaf moments
def cost_moments(counts: Sequence, loss_row: Sequence, k: Any, lam: Any = "1/2") -> list:
    """[E_0*, E_1*, ..., E_k*] by the corrected recursion (7.14)-(7.15).

    E_k* = sum_{m=1}^k (k-1)!/(k-m)! E_{k-m}* c_m / prod_{i=1}^m (M+k-i),
    c_m = sum_j M_j q_j^m.  The coefficient of each term is built from the one
    before it, so the whole list costs O(J k + k^2) exact operations.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    loss_row : sequence of exact numbers
        The row q_j = R_{i,j} of the loss matrix for the predicted label i.
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    list
        [E_0*, ..., E_k*].

    See Also
    --------
    cost_moment : E_k* alone.
    cost_recursion : the recursion on posterior parameters.

    Examples
    --------
    >>> cost_moments([2, 1], [0, 1], 2, 1)     # 0-1 loss, label 0: E[(1-p_0)^k]
    [Fraction(1, 1), Fraction(2, 5), Fraction(1, 5)]
    >>> cost_moments([2, 1], [0, 1], 10 ** 7)
    Traceback (most recent call last):
    ValueError: k = 10000000 exceeds the limit COST_MAX_K = 512
    """
    k = check_k(k, limit=COST_MAX_K, limit_name="COST_MAX_K", allow_zero=True)
    params, row = _prepare(counts, loss_row, lam)
    symbolic = _symbolic(params, row)
    if symbolic:
        M = sum(params)
        c, E = [None], [1]
        for n in range(1, k + 1):
            c.append(sum(a * q ** n for a, q in zip(params, row)))
            total, coef = 0, 1 / (M + n - 1)
            for m in range(1, n + 1):
                total += coef * E[n - m] * c[m]
                if m < n:
                    coef = coef * (n - m) / (M + n - m - 1)
            E.append(simplify_symbolic(total))
        return E
    return cost_recursion(params, row, k)


def cost_recursion(params: Sequence, row: Sequence, k: int) -> list:
    """The corrected (7.14): ``[E_0*, ..., E_k*]``, the moments E[(sum_j q_j p_j)^n] of a cost
    under p ~ Dirichlet(M_1..M_J), for exact parameters and any exact (even signed) row q.

    No validation (the callers validate); public for the theorem checks of
    :mod:`exactprune.theorems.costs`.  Signed rows are allowed because the identity is
    algebraic; ``classprob`` checks use it with q = e_j - p*.  With Dir(1, 1) and q = (0, 1) the
    cost is p_2 ~ Beta(1, 1), whose moments are 1/(n + 1):

    Parameters
    ----------
    params : sequence
        The posterior parameters M_j = n_j + lam.
    row : sequence
        The loss row q_j.
    k : int
        The highest order.

    Returns
    -------
    list
        [E_0*, ..., E_k*].

    See Also
    --------
    cost_moments : from counts.
    cost_moment_printed : the recursion as printed.

    Examples
    --------
    >>> cost_recursion([1, 1], [0, 1], 2)
    [Fraction(1, 1), Fraction(1, 2), Fraction(1, 3)]
    """
    # Evaluated in the equivalent polynomial form N_n = E_n* M^(n):
    #   N_n = sum_{m=1}^n (n-1)!/(n-m)! c_m N_{n-m},
    # because M^(n) = M^(n-m) prod_{i=1}^m (M+n-i) (proofs/costs_recursion.py); this avoids
    # one rational division per term and is about twice as fast at k = 200.
    P = [to_fmpq(a) for a in params]
    Q = [to_fmpq(q) for q in row]
    M = sum(P)
    c, powers = [flint.fmpq(0)], [flint.fmpq(1)] * len(Q)       # c_0 is never read
    N = [flint.fmpq(1)]
    for n in range(1, k + 1):
        powers = [pw * q for pw, q in zip(powers, Q)]          # q_j^n
        c.append(sum((a * pw for a, pw in zip(P, powers)), flint.fmpq(0)))      # c_n
        total = flint.fmpq(0)
        coef = flint.fmpz(1)                    # (n-1)!/(n-m)!
        for m in range(1, n + 1):
            total += coef * c[m] * N[n - m]
            coef *= n - m
        N.append(total)
    E, rise = [], flint.fmpq(1)
    for n, value in enumerate(N):
        E.append(value / rise)
        rise *= M + n
    return [to_fraction(e) for e in E]


def cost_moment(counts: Sequence, loss_row: Sequence, k: Any, lam: Any = "1/2"):
    """E_k* = E[(sum_j q_j p_j)^k] of a leaf's cost, Zhong (7.13), by the corrected (7.14).

    ``counts`` are the leaf's class counts n_{j,l}, ``loss_row`` the row
    q_j = R_{Label(l), j} of the loss matrix for the leaf's label, ``k >= 0``
    (E_0* = 1 by (7.15)), ``lam`` the Lidstone parameter.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    loss_row : sequence of exact numbers
        The row q_j = R_{i,j} of the loss matrix for the predicted label i.
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E_k*.

    See Also
    --------
    cost_moment_expansion : the same value by (C.90).
    cost_moment_printed : (7.14) as printed.
    cost_mean, cost_second_moment : the closed forms for k = 1, 2.

    Examples
    --------
    >>> cost_moment([98, 1], [0, 1], 2, "1/2")       # 0-1 loss: Zhong (4.17), 0.00037129
    Fraction(3, 8080)
    >>> cost_moment([3, 1, 0], [0, 5, 1], 3, 1)
    Fraction(293, 42)
    >>> cost_moment([1, 1], [0, 1], 2, 0.5)
    Traceback (most recent call last):
    TypeError: lam must be exact: got the float 0.5; pass Fraction(1, 2) or the string '0.5'
    """
    return cost_moments(counts, loss_row, k, lam)[-1]


def cost_moment_expansion(counts: Sequence, loss_row: Sequence, k: Any, lam: Any = "1/2"):
    """E_k* by the multinomial expansion (C.90) with Dirichlet product moments (C.92).

    Independent of the recursion: sum over k_1+...+k_J = k of
    k!/(k_1!...k_J!) prod_j q_j^{k_j} * prod_j M_j^(k_j) / M^(k).
    The number of terms is C(k+J-1, J-1); use it to check, not to compute.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    loss_row : sequence of exact numbers
        The row q_j = R_{i,j} of the loss matrix for the predicted label i.
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E_k*.

    See Also
    --------
    cost_moment : by the recursion.

    Examples
    --------
    >>> cost_moment_expansion([3, 1, 0], [0, 5, 1], 3, 1) == cost_moment([3, 1, 0], [0, 5, 1], 3, 1)
    True
    """
    k = check_k(k, limit=COST_MAX_K, limit_name="COST_MAX_K", allow_zero=True)
    params, row = _prepare(counts, loss_row, lam)
    J = len(params)
    terms = math.comb(k + J - 1, J - 1)
    if terms > EXPANSION_MAX_TERMS:
        raise ValueError(f"the expansion has C(k + J - 1, J - 1) = {terms} terms, above the "
                         f"limit EXPANSION_MAX_TERMS = {EXPANSION_MAX_TERMS}; use cost_moment")
    symbolic = _symbolic(params, row)
    if not symbolic:
        params, row = [to_fmpq(a) for a in params], [to_fmpq(q) for q in row]
    total = 0

    def compositions(remaining: int, index: int):
        if index == J - 1:
            yield (remaining,)
            return
        for first in range(remaining, -1, -1):
            for rest in compositions(remaining - first, index + 1):
                yield (first,) + rest

    for ks in compositions(k, 0):
        value = math.factorial(k)
        for kj in ks:
            value //= math.factorial(kj)
        for a, q, kj in zip(params, row, ks):
            value = value * q ** kj * rising(a, kj)
        total = total + value
    denominator = rising(sum(params), k)
    if symbolic:
        return simplify_symbolic(total / denominator)
    return to_fraction(total / to_fmpq(denominator))


def cost_moment_printed(counts: Sequence, loss_row: Sequence, k: Any, lam: Any = "1/2"):
    """E_k* by (7.14) *exactly as printed* (denominator prod_{i=1}^m (M + k - m)).

    Kept only to exhibit the erratum: it disagrees with (7.13) from k = 2 on.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    loss_row : sequence of exact numbers
        The row q_j = R_{i,j} of the loss matrix for the predicted label i.
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E_k* as the printed (7.14) gives it.

    See Also
    --------
    cost_moment : the corrected recursion.

    Examples
    --------
    >>> cost_moment_printed([1, 1], [0, 1], 2, 1) == cost_moment([1, 1], [0, 1], 2, 1)
    False
    """
    k = check_k(k, limit=COST_MAX_K, limit_name="COST_MAX_K", allow_zero=True)
    params, row = _prepare(counts, loss_row, lam)
    symbolic = _symbolic(params, row)
    M = sum(params)
    E: list = [Fraction(1)]       # Fractions, or sympy expressions when lam is symbolic
    for n in range(1, k + 1):
        total = 0
        for m in range(1, n + 1):
            c_m = sum(a * q ** m for a, q in zip(params, row))
            total += Fraction(math.factorial(n - 1), math.factorial(n - m)) * E[n - m] * c_m / (M + n - m) ** m
        E.append(simplify_symbolic(total) if symbolic else total)
    return E[-1]


def cost_mean(counts: Sequence, loss_row: Sequence, lam: Any = "1/2"):
    """E[r_l] = sum_j q_j M_{j,l} / M_l, Zhong (7.9).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    loss_row : sequence of exact numbers
        The row q_j = R_{i,j} of the loss matrix for the predicted label i.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E[r_l].

    See Also
    --------
    cost_moment : any k.

    Examples
    --------
    >>> cost_mean([98, 1], [0, 1], "1/2")            # Zhong (4.16): 0.015
    Fraction(3, 200)
    """
    params, row = _prepare(counts, loss_row, lam)
    value = sum(q * a for q, a in zip(row, params)) / sum(params)
    return simplify_symbolic(value) if _symbolic(params, row) else Fraction(value)


def cost_second_moment(counts: Sequence, loss_row: Sequence, lam: Any = "1/2"):
    """E[r_l^2] = ((sum_j q_j M_j)^2 + sum_j q_j^2 M_j) / (M (M+1)), Zhong (7.12) (last line).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    loss_row : sequence of exact numbers
        The row q_j = R_{i,j} of the loss matrix for the predicted label i.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E[r_l^2].

    See Also
    --------
    cost_moment : any k.

    Examples
    --------
    >>> cost_second_moment([98, 1], [0, 1], "1/2")   # Zhong (4.17)
    Fraction(3, 8080)
    """
    params, row = _prepare(counts, loss_row, lam)
    M = sum(params)
    s1 = sum(q * a for q, a in zip(row, params))
    s2 = sum(q * q * a for q, a in zip(row, params))
    value = (s1 * s1 + s2) / (M * (M + 1))
    return simplify_symbolic(value) if _symbolic(params, row) else Fraction(value)


# ------------------------------------------------------------------- labels
def cost_label(counts: Sequence, loss: Any, k: Any, lam: Any = "1/2") -> tuple:
    """The cost-minimising label (7.16): argmin_i E[r_l^k] with row i; ties to the lowest i.

    Returns ``(label, moment)``.  Unlike the error rate, the label depends on k and lam.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    loss : J x J list of lists of exact numbers
        ``loss[i][j]``: the cost of predicting i when the truth is j.
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    tuple
        (label, E[r_l^k] with that label).

    See Also
    --------
    leaf_cost_moment : a node as a leaf.

    Examples
    --------
    >>> loss = [[0, 10], [1, 0]]       # predicting 0 when the truth is 1 costs 10
    >>> [cost_label([19, 1], loss, k, "1/2")[0] for k in (1, 2, 3)]    # majority is class 0
    [0, 0, 1]
    >>> cost_label([39, 1], loss, 3, "1/2")
    (0, Fraction(625, 3526))
    """
    counts_list = check_counts(counts)
    matrix = validate_loss(loss, len(counts_list))
    best_label, best = None, None
    for i, row in enumerate(matrix):
        value = cost_moment(counts_list, row, k, lam)
        if best is None or value < best:
            best_label, best = i, value
    return best_label, best


def leaf_cost_moment(node: Node, loss: Any, k: Any, lam: Any = "1/2", label: Optional[int] = None):
    """k-th cost moment of ``node`` as a leaf (7.13): with ``label`` if given, else the (7.16) label.

    Parameters
    ----------
    node : Node
        The leaf.
    loss : J x J list of lists of exact numbers
        ``loss[i][j]``: the cost of predicting i when the truth is j.
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).
    label : int, optional
        The predicted label (default: the (7.16) label).

    Returns
    -------
    Fraction
        The k-th cost moment.

    See Also
    --------
    subtree_cost_moment : a subtree (7.4).

    Examples
    --------
    >>> leaf_cost_moment(Node((98, 1)), [[0, 1], [1, 0]], 2)
    Fraction(3, 8080)
    """
    if label is None:
        return cost_label(node.counts, loss, k, lam)[1]
    matrix = validate_loss(loss, len(node.counts))
    if isinstance(label, bool) or not isinstance(label, int) or not 0 <= label < len(matrix):
        raise ValueError(f"label must be a class index in 0..{len(matrix) - 1}, got {label!r}")
    return cost_moment(node.counts, matrix[label], k, lam)


# ----------------------------------------------------------------- subtrees
def subtree_cost_moment(node: Node, loss: Any, k: Any, lam: Any = "1/2", eta: Any = "1/2"):
    """E[r_d^k] of the unpruned subtree at ``node``: leaves by (7.13)+(7.16), internal nodes by (7.4).

    E[r_d^k] = sum_c E[r_c^k] (n_c + eta)/(n_d + eta K_d).

    Parameters
    ----------
    node : Node
        The subtree's root (a leaf is a subtree of one node).
    loss : J x J list of lists of exact numbers
        ``loss[i][j]``: the cost of predicting i when the truth is j.
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).
    eta : exact number, default "1/2"
        The prior eta of the child proportions (4.11), >= 0.

    Returns
    -------
    Fraction
        E[r_d^k].

    See Also
    --------
    leaf_cost_moment : a leaf.
    exactprune.knorm.weighted_recursion : the recursion.

    Examples
    --------
    >>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    >>> subtree_cost_moment(t.root, [[0, 1], [1, 0]], 2)          # Zhong (4.26): 0.0019496
    Fraction(5147, 2640000)
    """
    k = check_k(k, limit=COST_MAX_K, limit_name="COST_MAX_K")
    eta = check_parameter(exact(eta, "eta"), "eta")
    return weighted_recursion(node, lambda leaf: leaf_cost_moment(leaf, loss, k, lam), eta)


class CostPruneResult(Pruning):
    """Outcome of :func:`prune_costs` (a :class:`~exactprune.pruning.Pruning`): the k-th cost
    ``moment`` of the pruned tree, the pruned ``tree`` (a new Tree), the names of the nodes
    turned into leaves (``pruned``, the last in pre-order first), the (7.16) ``labels`` of the
    pruned tree's leaves, and per node name its moment as a leaf (``as_leaf``) and that of its
    best pruned subtree (``subtree``).

    Parameters
    ----------
    source : Tree
        The input tree.
    k : int
        The moment order.
    kept : numpy bool array
        The decision at every split of ``source`` (:class:`~exactprune.pruning.Pruning`).
    routes : dict
        Decisions per route (``float``, ``arb``, ``exact``).
    moment : Fraction
        The k-th cost moment of the pruned tree.
    pruned : list of str
        The nodes turned into leaves, the last in pre-order first.
    labels : dict
        The (7.16) label of each leaf of the pruned tree, by name (:func:`prune_costs` passes
        an empty dict and fills it once the pruned tree is built).
    as_leaf, subtree : dict
        Per node name, the moment as a leaf and that of its best pruned subtree.

    Examples
    --------
    Under 0-1 loss the cost moments are (4.29)'s, so the result is PruneTree's:

    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> result = prune_costs(iris_tree(), 2, loss=zero_one_loss(3))
    >>> result.moment == prune(iris_tree(), 2).moment, result.labels   # labels: each leaf's majority
    (True, {'c1': 0, 'c21': 1, 'c22': 2})
    """

    def __init__(self, source: Tree, k: int, kept, routes: dict, moment, pruned: list, labels: dict,
                 as_leaf: dict, subtree: dict):
        super().__init__(source, k, kept, routes, moment, pruned)
        self.labels, self.as_leaf, self.subtree = labels, as_leaf, subtree


_COST_PRIOR = ("the cost moments (7.13) take the whole posterior Dir(n_j + lam), whose 0-1 cost is (4.29) with "
               "numerator 'J-1'")


def prune_costs(tree: Tree, k: Any, *, loss: Any, prior: Prior = Prior(), epsilon: Any = 0) -> CostPruneResult:
    """PruneTree (Zhong Fig 4.1) with cost moments: keep a subtree only if its (7.4) moment is
    below the (7.13)/(7.16) moment of its root as a leaf by more than ``epsilon``.

    The one bottom-up pass of :func:`~exactprune.pruning.exact_subtree_pass`, every comparison
    between exact rationals.  Called as every pruner (:mod:`exactprune.pruning`): the tree, the
    order ``k``, the options keyword-only.

    Parameters
    ----------
    tree : Tree
        The tree to prune (integer or rational counts); the input is untouched.
    k : int
        The moment's order, a positive integer at most ``COST_MAX_K``.
    loss : matrix, keyword-only
        The loss matrix L[i][j] (cost of predicting i when the class is j), J x J exact entries
        (:func:`validate_loss`).
    prior : Prior, default ``Prior()``
        Lidstone's ``lam`` (7.13) and the child-weight ``eta`` (4.11).  Its ``numerator`` must
        be the default "J-1" (a ValueError otherwise): the cost moments take the whole posterior
        Dir(n_j + lam), and their 0-1 cost is (4.29) with c = J - 1.
    epsilon : exact number, default 0
        Fig 4.1's margin: a split is kept iff its subtree's moment < its leaf moment - epsilon
        (:func:`~exactprune.pruning.check_epsilon`); with 0 a tie prunes.

    Returns
    -------
    CostPruneResult
        A :class:`~exactprune.pruning.Pruning`: the pruned ``tree``, ``pruned`` (the last in
        pre-order first), ``kept_splits``, ``routes`` (all exact) and ``moment``, the pruned
        tree's k-th cost moment (a Fraction); with the (7.16) ``labels`` of its leaves and per
        node the moment as a leaf (``as_leaf``) and of its best pruned subtree (``subtree``).

    Examples
    --------
    Zhong's section 4.3 split (98, 1) -> (98, 0), (0, 1) under 0-1 loss, where the cost moment is
    (4.29)'s: as a leaf a (a + 1) / (d (d + 1)) = 3/8080 at k = 2 (a = 1 + 1/2, d = 99 + 1); the
    subtree's is 0.0019496 (Zhong (4.26)), larger, so the split is pruned:

    >>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    >>> r = prune_costs(t, 2, loss=[[0, 1], [1, 0]])
    >>> r.pruned, r.moment == Fraction(3, 2) * Fraction(5, 2) / (100 * 101)
    (['root'], True)
    >>> prune_costs(t, 2, loss=[[0, 5], [1, 0]]).pruned      # missing class 1 costs 5: the split is kept
    []
    >>> prune_costs(t, 2, loss=[[0, 1], [1, 0]], prior=Prior(numerator="1"))
    Traceback (most recent call last):
    ValueError: prune_costs takes only numerator 'J-1', got '1': the numerator convention belongs to the 0-1 error rate of (4.29); the cost moments (7.13) take the whole posterior Dir(n_j + lam), whose 0-1 cost is (4.29) with numerator 'J-1'
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be an exactprune Tree, got {type(tree).__name__}")
    k = check_k(k, limit=COST_MAX_K, limit_name="COST_MAX_K")
    prior = posterior_prior(prior, "prune_costs", _COST_PRIOR)
    epsilon = check_epsilon(epsilon)
    lam, eta = prior.lam, prior.eta
    arrays, labels_of = tree.arrays(), {}

    def leaf_value(counts):
        label, value = cost_label(counts, loss, k, lam)     # validates the loss matrix
        labels_of[counts] = label
        return value

    decider = Decider()
    kept, best, leaf = exact_subtree_pass(arrays, leaf_value, lambda order: tree_child_weights(arrays, eta, order), decider,
                                          epsilon)
    names = arrays.names()
    result = CostPruneResult(tree, k, kept, decider.routes, best[0], walk_order(arrays, kept), {},
                             dict(zip(names, leaf.tolist())), dict(zip(names, best.tolist())))
    result.labels = {node.name: labels_of[node.counts] for node in result.tree.leaves()}
    return result


def cost_pruning_path(tree: Tree, ks: Sequence, *, loss: Any, prior: Prior = Prior()) -> dict:
    """Optimal cost-pruned trees (:func:`prune_costs`) for each k in ``ks`` and whether they form
    a pruning sequence.

    Zhong's Corollary 5.4 (each T_{k+1} a pruned version of T_k) rests on Theorem 5.3,
    which need not survive for costs; ``nested`` reports whether it held on these k.

    Parameters
    ----------
    tree : Tree
    ks : sequence of int
        The orders, each as :func:`prune_costs` takes it.
    loss : matrix, keyword-only
        The loss matrix, as :func:`prune_costs` takes it.
    prior : Prior, default ``Prior()``
        As :func:`prune_costs` takes it (numerator "J-1").

    Returns
    -------
    dict
        ``stages``: per k its ``k``, ``leaves``, ``pruned``, ``moment`` and ``internal`` (the
        sorted names of the kept splits); ``nested``: whether each stage's kept splits lie within
        the previous stage's.

    Examples
    --------
    >>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    >>> path = cost_pruning_path(t, [1, 2, 3], loss=[[0, 1], [1, 0]])
    >>> [stage["leaves"] for stage in path["stages"]], path["nested"]
    ([2, 1, 1], True)
    """
    stages, previous, nested = [], None, True
    for k in ks:
        result = prune_costs(tree, k, loss=loss, prior=prior)
        internal = {node.name for node in result.tree.nodes() if not node.is_leaf}
        if previous is not None and not internal <= previous:
            nested = False
        previous = internal
        stages.append({"k": result.k, "leaves": result.tree.n_leaves, "pruned": result.pruned,
                       "moment": result.moment, "internal": sorted(internal)})
    return {"stages": stages, "nested": nested}
