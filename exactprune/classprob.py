"""Error of the predicted class probabilities (Zhong section 7.2, eqs 7.17-7.22).

A probability-estimation tree (PET) outputs at leaf l the Lidstone estimate
p*_j = M_j / M (M_j = n_{j,l} + lam, M = n_l + J lam).  Its error for class j is
r_{j,l} = P[C_j | A_l] - p*_j (7.17); under the posterior p ~ Dir(M_1..M_J),
p_j ~ Beta(M_j, M - M_j), so E[r_{j,l}^k] is the k-th *central* moment of that Beta:

    E[r_{j,l}^k] = sum_{m=0}^k C(k, m) E[p_j^m] (-p*_j)^(k-m)          (7.19)-(7.20), sign corrected

Zhong prints the sign factor as (-1)^m, which computes E[(p*_j - p_j)^k]: the
same for even k, the negative for odd k (an erratum; see
``exactprune.errata.zhong7``).  The closed forms (7.21) (k = 2) and (7.22)
(k = 4) are correct as printed (``proofs/classprob_closed_forms.py``).

Subtrees combine by (7.18) with the child weights (n_c + eta)/(n_t + eta K_t)
(4.11); the combined risk sum_j E[r_{j,t}^k] is additive over branches, so a PET
prunes in one traversal (:func:`prune_pet`, even k only: for odd k the moments
can be negative and the k-th root is meaningless).  Zhong recommends reporting
the mean-square error E[r^2] with the standard deviation of the squared error
sqrt(E[r^4] - E[r^2]^2) (:func:`mse_summary`).
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any, Sequence

import flint

from .certify import Decider
from .knorm import Prior, posterior_prior, tree_child_weights, weighted_recursion
from .pruning import Pruning, check_epsilon, exact_subtree_pass, walk_order
from .dirichlet import check_class_index, check_counts, check_lam, marginal_variance
from .limits import CLASSPROB_MAX_K, check_parameter
from .numbers import arb_of, check_k, exact, is_symbolic, positive_int, simplify_symbolic
from .formatting import decimal_str
from .tree import Node, Tree

__all__ = ["error_moment", "error_moment_printed", "error_moment_closed", "combined_moment",
           "subtree_error_moment", "subtree_combined_moment", "mse_summary", "prune_pet",
           "PetPruneResult", "lidstone_estimate"]


def _setup(counts, j, lam):
    counts = check_counts(counts)
    check_class_index(j, counts)
    lam = check_lam(lam)
    params = [c + lam for c in counts]
    Mj, M = params[j], sum(params)
    if not is_symbolic(M) and M <= 0:
        raise ValueError("n_l + J lam is 0: the Lidstone estimate is undefined; use lam > 0")
    return Mj, M


def lidstone_estimate(counts: Sequence, j: int, lam: Any = "1/2"):
    """The PET's output p*_j = (n_{j,l} + lam) / (n_l + J lam) (Zhong 3.11, used in 7.17).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    j : int
        The class index (0-based).
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        p*_j.

    See Also
    --------
    error_moment : the moments of its error.

    Examples
    --------
    >>> lidstone_estimate([3, 1], 1, 1)
    Fraction(1, 3)
    """
    Mj, M = _setup(counts, j, lam)
    return simplify_symbolic(Mj / M) if is_symbolic(M) else Fraction(Mj) / Fraction(M)


def _moment(counts, j, k, lam, sign_printed: bool):
    k = check_k(k, limit=CLASSPROB_MAX_K, limit_name="CLASSPROB_MAX_K", allow_zero=True)
    Mj, M = _setup(counts, j, lam)
    symbolic = is_symbolic(M) or is_symbolic(Mj)
    if not symbolic:
        Mj, M = Fraction(Mj), Fraction(M)
    mean = Mj / M
    total = 0
    raw = 1  # E[p_j^m] = prod_{i<m} (M_j + i)/(M + i)   (3.19)
    for m in range(k + 1):
        if m > 0:
            raw = raw * (Mj + m - 1) / (M + m - 1)
        sign = (-1) ** m if sign_printed else (-1) ** (k - m)
        total = total + sign * comb(k, m) * raw * mean ** (k - m)
    return simplify_symbolic(total) if symbolic else Fraction(total)


def error_moment(counts: Sequence, j: int, k: Any, lam: Any = "1/2"):
    """E[r_{j,l}^k] with r_{j,l} = P[C_j|A_l] - p*_j (7.17), by the binomial sum (7.19)-(7.20).

    The sign factor is (-1)^(k-m) (the expansion of (p - p*)^k); Zhong's printed
    (-1)^m gives the negative for odd k.  k = 0 gives 1.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    j : int
        The class index (0-based).
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E[r_{j,l}^k].

    See Also
    --------
    error_moment_printed : (7.20) as printed.
    error_moment_closed : the closed forms for k = 1, 2, 4.
    combined_moment : summed over classes.

    Examples
    --------
    >>> error_moment([3, 1], 1, 2, 1)                 # (7.21): M_j (M - M_j) / (M^2 (M + 1))
    Fraction(2, 63)
    >>> error_moment([3, 1], 1, 3, 1)       # Beta(2, 4) skewness: 2ab(b-a)/((a+b)^3 (a+b+1)(a+b+2))
    Fraction(1, 378)
    >>> error_moment([3, 1], 1, 2, 0.5)
    Traceback (most recent call last):
    TypeError: lam must be exact: got the float 0.5; pass Fraction(1, 2) or the string '0.5'
    """
    return _moment(counts, j, k, lam, sign_printed=False)


def error_moment_printed(counts: Sequence, j: int, k: Any, lam: Any = "1/2"):
    """(7.20) exactly as printed, with the factor (-1)^m: equals E[(p*_j - p_j)^k].

    Kept to exhibit the erratum: agrees with :func:`error_moment` for even k only.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    j : int
        The class index (0-based).
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E[(p*_j - p_j)^k].

    See Also
    --------
    error_moment : the corrected sum.

    Examples
    --------
    >>> error_moment_printed([3, 1], 1, 3, 1) == -error_moment([3, 1], 1, 3, 1)
    True
    """
    return _moment(counts, j, k, lam, sign_printed=True)


def error_moment_closed(counts: Sequence, j: int, k: Any, lam: Any = "1/2"):
    """The closed forms: k = 1 gives 0, k = 2 is (7.21), k = 4 is (7.22).

    (7.21)  M_j (M - M_j) / (M^2 (M + 1))   (the variance of p_j: :func:`~exactprune.dirichlet.marginal_variance`)
    (7.22)  3 M_j (M - M_j) (M^2 M_j - M M_j^2 + 6 M_j^2 - 6 M_j M + 2 M^2) / (M^4 (M+1)(M+2)(M+3))

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    j : int
        The class index (0-based).
    k : int
        1, 2 or 4.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        The closed form.

    See Also
    --------
    error_moment : any k.

    Examples
    --------
    >>> error_moment_closed([3, 1], 1, 4, 1) == error_moment([3, 1], 1, 4, 1)
    True
    >>> error_moment_closed([3, 1], 1, 3, 1)
    Traceback (most recent call last):
    ValueError: Zhong gives closed forms for k = 1, 2 and 4 only, got k = 3
    """
    k = positive_int(k, "k")
    Mj, M = _setup(counts, j, lam)
    symbolic = is_symbolic(M) or is_symbolic(Mj)
    if not symbolic:
        Mj, M = Fraction(Mj), Fraction(M)
    if k == 1:
        return 0 if symbolic else Fraction(0)
    if k == 2:
        return marginal_variance(counts, j, lam)
    if k == 4:
        value = (3 * Mj * (M - Mj) * (M ** 2 * Mj - M * Mj ** 2 + 6 * Mj ** 2 - 6 * Mj * M + 2 * M ** 2)
                 / (M ** 4 * (M + 1) * (M + 2) * (M + 3)))
    else:
        raise ValueError(f"Zhong gives closed forms for k = 1, 2 and 4 only, got k = {k}")
    return simplify_symbolic(value) if symbolic else value


def combined_moment(counts: Sequence, k: Any, lam: Any = "1/2"):
    """sum_j E[r_{j,l}^k] over all classes: the leaf's combined k-th moment (section 7.2.1).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    k : int
        The moment's order, a positive integer.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        sum_j E[r_{j,l}^k].

    See Also
    --------
    error_moment : one class.
    subtree_combined_moment : a subtree.

    Examples
    --------
    >>> combined_moment([3, 1], 2, 1)                 # both classes have the same variance
    Fraction(4, 63)
    """
    counts = check_counts(counts)
    return sum((error_moment(counts, j, k, lam) for j in range(len(counts))), Fraction(0))


def subtree_error_moment(node: Node, j: int, k: Any, lam: Any = "1/2", eta: Any = "1/2"):
    """E[r_{j,d}^k] of the unpruned subtree at ``node`` by (7.18): leaves by (7.20),
    internal nodes by sum_c E[r_{j,c}^k] (n_c + eta)/(n_d + eta K_d).

    Parameters
    ----------
    node : Node
        The subtree's root (a leaf is a subtree of one node).
    j : int
        The class index (0-based).
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
        E[r_{j,d}^k].

    See Also
    --------
    error_moment : a leaf.
    subtree_combined_moment : summed over classes.

    Examples
    --------
    >>> t = Tree.from_json('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    >>> subtree_error_moment(t.root, 0, 2, 1, 1)      # 2/3 * 2/75 + 1/3 * 1/18
    Fraction(49, 1350)
    >>> subtree_error_moment(t.root, 0, 10 ** 7)
    Traceback (most recent call last):
    ValueError: k = 10000000 exceeds the limit CLASSPROB_MAX_K = 1024
    """
    k = check_k(k, limit=CLASSPROB_MAX_K, limit_name="CLASSPROB_MAX_K", allow_zero=True)
    eta = check_parameter(exact(eta, "eta"), "eta")
    return weighted_recursion(node, lambda leaf: error_moment(leaf.counts, j, k, lam), eta)


def subtree_combined_moment(node: Node, k: Any, lam: Any = "1/2", eta: Any = "1/2"):
    """sum_j E[r_{j,d}^k] of the unpruned subtree: the k-th power of Zhong's combined risk r_d.

    Parameters
    ----------
    node : Node
        The subtree's root (a leaf is a subtree of one node).
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
        sum_j E[r_{j,d}^k].

    See Also
    --------
    combined_moment : a leaf.

    Examples
    --------
    >>> t = Tree.from_json('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    >>> subtree_combined_moment(t.root, 2, 1, 1)
    Fraction(49, 675)
    """
    return sum((subtree_error_moment(node, j, k, lam, eta) for j in range(len(node.counts))), Fraction(0))


def mse_summary(counts: Sequence, j: int, lam: Any = "1/2", digits: int = 6) -> dict:
    """Zhong's suggested output (section 7.2.1): the mean-square error E[r^2] and the
    standard deviation of the squared error sqrt(E[r^4] - E[r^2]^2).

    ``mse`` and ``variance`` are exact; ``sd`` is a certified arb ball and
    ``sd_decimal`` its midpoint rounded to ``digits`` significant digits.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    j : int
        The class index (0-based).
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).
    digits : int, default 6
        Significant digits of the decimals.

    Returns
    -------
    dict
        The exact values and their decimals.

    See Also
    --------
    error_moment : the moments.

    Examples
    --------
    >>> s = mse_summary([3, 1], 1, 1)
    >>> s["mse"], s["variance"], s["sd_decimal"]
    (Fraction(2, 63), Fraction(13, 7938), '0.0404684')
    """
    mse = error_moment(counts, j, 2, lam)
    fourth = error_moment(counts, j, 4, lam)
    variance = fourth - mse * mse
    with flint.ctx.workprec(128):
        sd = arb_of(variance).sqrt()
        midpoint = Fraction(str(sd.mid().str(40, radius=False)).replace(" ", ""))
    return {"mse": mse, "fourth_moment": fourth, "variance": variance, "sd": sd,
            "sd_decimal": decimal_str(midpoint, digits) if midpoint != 0 else "0"}


class PetPruneResult(Pruning):
    """Outcome of :func:`prune_pet` (a :class:`~exactprune.pruning.Pruning`): the combined k-th
    moment of the pruned PET, the pruned ``tree`` (a new Tree), the names of the nodes turned
    into leaves (the last in pre-order first), and per node name the combined moment as a leaf
    (``as_leaf``) and of its best pruned subtree (``subtree``); ``routes`` counts how the
    decisions were settled (all exact: the moments are exact rationals).

    Parameters
    ----------
    source : Tree
        The input tree.
    k : int
        The (even) moment order.
    kept : numpy bool array
        The decision at every split of ``source`` (:class:`~exactprune.pruning.Pruning`).
    routes : dict
        Decisions per route (``float``, ``arb``, ``exact``).
    moment : Fraction
        The combined k-th moment of the pruned PET.
    pruned : list of str
        The nodes turned into leaves, the last in pre-order first.
    as_leaf, subtree : dict
        Per node name, the combined moment as a leaf and of its best pruned subtree.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> result = prune_pet(iris_tree(), 2)
    >>> sorted(result.pruned), result.tree.n_leaves            # c21, c22 become leaves
    (['c21', 'c22'], 3)
    >>> sorted(n for n in result.subtree if result.subtree[n] < result.as_leaf[n])   # the kept splits
    ['c2', 'root']
    """

    def __init__(self, source: Tree, k: int, kept, routes: dict, moment, pruned: list, as_leaf: dict,
                 subtree: dict):
        super().__init__(source, k, kept, routes, moment, pruned)
        self.as_leaf, self.subtree = as_leaf, subtree


def prune_pet(tree: Tree, k: Any, *, prior: Prior = Prior(), epsilon: Any = 0) -> PetPruneResult:
    """PruneTree (Fig 4.1) for a probability-estimation tree: the one bottom-up pass
    (:func:`~exactprune.pruning.exact_subtree_pass`) minimising the combined risk
    sum_j E[r_{j,t}^k] (section 7.2.1), additive by (7.18).

    ``k`` must be even (for odd k the moments can be negative).  A subtree is kept only if its
    combined moment is below that of its root as a leaf by more than ``epsilon``.  Called as
    every pruner (:mod:`exactprune.pruning`): the tree, the order ``k``, the options
    keyword-only.

    Parameters
    ----------
    tree : Tree
        The tree to prune; the input is untouched.
    k : int
        An even order, at most ``CLASSPROB_MAX_K``.
    prior : Prior, default ``Prior()``
        Lidstone's ``lam`` (the estimate p*_j and the posterior) and the child-weight ``eta``
        (4.11).  Its ``numerator`` must be the default "J-1" (a ValueError otherwise): the
        class-probability errors (7.17) have no error count for it to apply to.
    epsilon : exact number, default 0
        Fig 4.1's margin: a split is kept iff its subtree's moment < its leaf moment - epsilon
        (:func:`~exactprune.pruning.check_epsilon`); with 0 a tie prunes.

    Returns
    -------
    PetPruneResult
        A :class:`~exactprune.pruning.Pruning`: the pruned ``tree``, ``pruned`` (the last in
        pre-order first), ``kept_splits``, ``routes`` (all exact) and ``moment``, the pruned
        tree's combined k-th moment (a Fraction); with per node the combined moment as a leaf
        (``as_leaf``) and of its best pruned subtree (``subtree``).

    Examples
    --------
    The split (3, 1) -> (3, 0), (0, 1) with lam = eta = 1: as a leaf p*_0 ~ Beta(4, 2), and the
    combined 2nd moment is twice its variance, 2 * 4 * 2 / (6^2 * 7) = 4/63; the subtree's is
    (4/6) * 2 * 4 / (5^2 * 6) + (2/6) * 2 * 2 / (3^2 * 4) = 0.0726 > 4/63 = 0.0635 (its weights
    (n_c + 1)/(4 + 2)), so the split is pruned:

    >>> t = Tree.from_json('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    >>> r = prune_pet(t, 2, prior=Prior(lam=1, eta=1))
    >>> r.pruned, r.moment
    (['root'], Fraction(4, 63))
    >>> prune_pet(t, 3)
    Traceback (most recent call last):
    ValueError: k must be even for PET pruning (odd moments of r_j can be negative), got 3
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be an exactprune Tree, got {type(tree).__name__}")
    k = check_k(k, limit=CLASSPROB_MAX_K, limit_name="CLASSPROB_MAX_K")
    if k % 2:
        raise ValueError(f"k must be even for PET pruning (odd moments of r_j can be negative), got {k}")
    prior = posterior_prior(prior, "prune_pet", "the class-probability errors (7.17) have no error count")
    epsilon = check_epsilon(epsilon)
    lam, eta = prior.lam, prior.eta
    arrays, decider = tree.arrays(), Decider()
    kept, best, leaf = exact_subtree_pass(arrays, lambda counts: combined_moment(counts, k, lam),
                                          lambda order: tree_child_weights(arrays, eta, order), decider, epsilon)
    names = arrays.names()
    return PetPruneResult(tree, k, kept, decider.routes, best[0], walk_order(arrays, kept),
                          dict(zip(names, leaf.tolist())), dict(zip(names, best.tolist())))
