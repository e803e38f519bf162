"""Minimum error pruning (MEP): Niblett and Bratko (1986) with Cestnik and Bratko's (1991)
m-estimate, as Zhong (ch 2, p. 559) relates it to PruneTree.

A node's static error is the m-estimate 1 - (n_c + p_c m)/(n + m) of its majority class c
(:func:`mep_leaf_error`); its backed-up error is sum over children of (n_child/n) times the
child's best error; MEP prunes where static <= backed-up (:func:`mep_prune`).  With uniform
class priors and m = J lam the static error is the k-norm leaf moment at k = 1
(:func:`exactprune.knorm.leaf_moment`) and the weights n_c/n are the child weights with
eta = 0, so MEP is PruneTree with k = 1, eta = 0 (:func:`mep_as_knorm`, Zhong p. 559; the
tests check the identity rather than assume it).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional, Sequence

from ..knorm import Prior, prune as knorm_prune
from ..numbers import exact, to_fmpq
from ..pruning import Pruning, prune_bottom_up
from ..tree import Tree, as_tree, require_integer_counts

__all__ = ["mep_leaf_error", "mep_prune", "mep_as_knorm"]


def mep_leaf_error(counts: Sequence[int], m=2, priors: Optional[Sequence] = None) -> Fraction:
    """Cestnik-Bratko m-estimate of a leaf's error: 1 - (n_c + p_c m)/(n + m), c the class
    maximising n_c + p_c m (the first on ties); uniform priors p_c = 1/J by default
    (Niblett-Bratko: m = J).

    Parameters
    ----------
    counts : sequence of int
        The leaf's class counts.
    m : exact number
        The m of the m-estimate (n + m > 0).
    priors : sequence of exact numbers, optional
        The class priors p_c; uniform 1/J by default.

    Returns
    -------
    Fraction
        The static error, exact.

    See Also
    --------
    exactprune.knorm.leaf_moment : the same error, at k = 1 with m = J lam and uniform priors.
    mep_prune : the pruner that compares it with the backed-up error.

    Examples
    --------
    >>> mep_leaf_error((0, 49, 5), m=3) == 1 - Fraction(49 + 1, 54 + 3)
    True
    """
    m = exact(m, "m")
    J = len(counts)
    priors = [Fraction(1, J)] * J if priors is None else [exact(p, "priors") for p in priors]
    n = sum(counts)
    if n + m == 0:
        raise ValueError("mep_leaf_error: an empty node with m = 0 has no estimate")
    best = max(range(J), key=lambda j: (Fraction(counts[j]) + priors[j] * m, -j))
    return 1 - (counts[best] + priors[best] * m) / (n + m)


def mep_prune(tree: Tree, *, m: Any = None, lam: Any = "1/2", priors: Optional[Sequence] = None) -> Pruning:
    """Minimum error pruning (Niblett-Bratko 1986, Cestnik-Bratko 1991): prune at t iff
    the static m-estimate error <= the backed-up error sum_c (n_c/n) E_c.

    With uniform priors and m = J lam this is PruneTree with k = 1, eta = 0
    (Zhong p. 559); the default m is J lam.  The pass runs level by level over the count
    arrays with exact rationals (``flint.fmpq`` in numpy object arrays), every error scaled by
    the node size n_t (so the backed-up error is a plain sum over the children, and an empty
    node, 0 <= 0, is pruned): every static error at once, then the package's one pruning pass
    (:func:`~exactprune.pruning.prune_bottom_up`), per level the backed-up errors and the
    comparison static <= backed-up.  Called as every pruner (:mod:`exactprune.pruning`): the
    tree, then the options keyword-only.

    Parameters
    ----------
    tree : Tree
        The tree to prune (integer counts); the input is untouched.
    m : exact number, optional
        The m-estimate's m (> 0 unless every node has examples); default J lam.
    lam : exact number, default 1/2
        Gives the default m = J lam (ignored when ``m`` is given).
    priors : sequence of exact numbers, optional
        The class priors p_c (one per class); uniform 1/J by default.

    Returns
    -------
    Pruning
        The package's one result type (``k`` None): the pruned ``tree``, ``pruned``,
        ``kept_splits``, ``routes`` (every comparison exact) and ``moment``, the pruned tree's
        backed-up error (an exact Fraction; None for an empty root).

    See Also
    --------
    mep_as_knorm : the same pruning through PruneTree (k = 1, eta = 0).
    mep_leaf_error : the static error compared.

    Examples
    --------
    The iris tree (Zhong App B.1; lam = 1/2, so m = 3/2): only c22's split goes, as PruneTree at
    k = 1, eta = 0 finds (:func:`mep_as_knorm`; ``tests/peers/test_mep.py`` checks the two agree):

    >>> from exactprune.tree import iris_tree
    >>> result = mep_prune(iris_tree())
    >>> sorted(l.name for l in result.tree.leaves())
    ['c1', 'c2111', 'c2112', 'c2121', 'c21221', 'c21222', 'c22']
    >>> result.routes
    {'exact': 7}
    """
    import numpy as np
    tree = as_tree(tree)
    J = tree.n_classes
    m = exact(lam, "lam") * J if m is None else exact(m, "m")
    p = [Fraction(1, J)] * J if priors is None else [exact(q, "priors") for q in priors]
    if len(p) != J:
        raise ValueError(f"priors has {len(p)} entries for {J} classes")
    a = tree.arrays()
    require_integer_counts(a, "MEP", "its exact pass builds flint.fmpq values from integer counts")
    sizes = a.sizes.astype(object)
    m_q = to_fmpq(m)
    total = sizes + m_q
    empty = np.flatnonzero(total == 0)
    if empty.size:
        raise ValueError(f"node {a.name(int(empty[0]))}: n + m = 0, no m-estimate (use m > 0)")
    shifted = a.counts.astype(object) + np.array([to_fmpq(q) * m_q for q in p])     # fmpq: an object array
    static = sizes * (total - shifted.max(axis=1)) / total      # n_t times the static error
    kept, best = prune_bottom_up(a, static, lambda splits, best, level: a.child_sums(splits, best),
                                 lambda splits, backed, level: static[splits] > backed)     # an object array of bools
    kept = kept.astype(bool)
    root_error = None if a.sizes[0] == 0 else Fraction(str(best[0])) / int(a.sizes[0])
    return Pruning(tree, None, kept, {"exact": int((a.n_children > 0).sum())}, moment=root_error)


def mep_as_knorm(tree: Tree, *, lam: Any = "1/2") -> Pruning:
    """MEP through PruneTree (Zhong p. 559): :func:`exactprune.knorm.prune` with k = 1,
    eta = 0 and numerator J-1, equal to :func:`mep_prune` with m = J lam and uniform priors.

    Parameters
    ----------
    tree : Tree
        The tree to prune; the input is untouched.
    lam : exact number, default 1/2
        Lidstone's lam (m = J lam in :func:`mep_prune`).

    Returns
    -------
    Pruning
        :func:`exactprune.knorm.prune`'s result at k = 1 (``moment`` the pruned tree's expected
        error rate).

    See Also
    --------
    mep_prune : MEP itself, with m = J lam and uniform priors.
    exactprune.knorm.prune : PruneTree at any k.

    Examples
    --------
    The leaves of Zhong Figure B.1(b), as :func:`mep_prune` finds them:

    >>> from exactprune.tree import iris_tree
    >>> sorted(l.name for l in mep_as_knorm(iris_tree()).tree.leaves())
    ['c1', 'c2111', 'c2112', 'c2121', 'c21221', 'c21222', 'c22']
    """
    return knorm_prune(as_tree(tree), 1, prior=Prior(lam=lam, eta=0))
