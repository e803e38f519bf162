"""Kearns-Mansour bottom-up pruning with the penalty of the lecture notes (12.1)-(12.2).

Kearns and Mansour (ICML 1998), as presented in the lecture notes section 12.2.3: visiting the
nodes bottom-up, the current subtree T*_v at v is replaced by the best leaf iff

    eps_v(T*_v) + alpha(m_v, n_v, l_v, delta) >= eps_v(empty)                    (12.1)

with eps_v training error fractions at v, m_v the examples reaching v, n_v the node count of
T*_v, l_v the depth of v and alpha the penalty (12.2) (:func:`km_penalty`, a certified
``flint.arb`` ball).  :func:`km_prune` decides (12.1) by certified arb comparisons and returns
the package's one result type, a :class:`~exactprune.pruning.Pruning`.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Optional

import flint

from ..certify import Decider
from ..numbers import arb_of, exact, nonnegative_int, positive_int
from ..pruning import Pruning
from ..tree import Tree, as_tree, kept_from_collapsed

__all__ = ["km_penalty", "km_prune"]


def km_penalty(m_v: int, n_v: int, depth: int, m: int, delta="1/20", d: int = 2, c="1.1") -> flint.arb:
    """alpha(m_v, n_v, l_v, delta) of notes (12.2), certified:
    c sqrt((log|PATHS(H, l_v)| + log|TREES(H, n_v)| + log(m/delta)) / m_v), for the
    Boolean hypercube with d single-variable tests, bounding |PATHS(H, l)| <= (2d)^l
    (a test and a branch per level) and |TREES(H, n)| <= (d + 2)^n (each node a test
    or one of two leaf labels); ``c`` > 1.

    Parameters
    ----------
    m_v : int
        Training examples reaching v (positive).
    n_v : int
        Nodes of the subtree T*_v (positive).
    depth : int
        The depth l_v of v (non-negative).
    m : int
        Training examples in all (positive).
    delta : exact number
        The confidence parameter, in (0, 1].
    d : int
        The number of single-variable tests of the hypercube (positive).
    c : exact number
        The constant c > 1.

    Returns
    -------
    flint.arb
        alpha(m_v, n_v, l_v, delta) as a certified ball.

    See Also
    --------
    km_prune : the pruner that compares with this penalty.

    Examples
    --------
    >>> km_penalty(100, 3, 1, 100) > 0
    True
    """
    m_v = positive_int(m_v, "m_v")
    n_v = positive_int(n_v, "n_v")
    depth = nonnegative_int(depth, "depth")
    m = positive_int(m, "m")
    d = positive_int(d, "d")
    delta = exact(delta, "delta")
    c = exact(c, "c")
    if not 0 < delta <= 1:
        raise ValueError(f"delta must lie in (0, 1], got {delta}")
    if c <= 1:
        raise ValueError(f"c must exceed 1 (notes 12.2), got {c}")
    log = lambda q: arb_of(q).log()
    inner = depth * log(2 * d) + n_v * log(d + 2) + log(Fraction(m) / delta)
    return arb_of(c) * (inner / m_v).sqrt()


def km_prune(tree: Tree, *, delta: Any = "1/20", d: int = 2, c: Any = "11/10",
             penalty: Optional[Callable[[int, int, int, int], Any]] = None) -> Pruning:
    """Kearns-Mansour bottom-up pruning (notes 12.2.3): replace T*_v by the best leaf iff
    eps_v(T*_v) + alpha(m_v, n_v, l_v, delta) >= eps_v(empty)  (12.1),
    with training-sample error fractions, n_v the node count of the current T*_v,
    l_v the depth of v; decided by certified arb comparison.  An empty node (m_v = 0) is
    pruned.  Called as every pruner (:mod:`exactprune.pruning`): the tree, then the options
    keyword-only.

    Parameters
    ----------
    tree : Tree
        The tree to prune (its training counts); the input is untouched.
    delta : exact number in (0, 1], default 1/20
        The confidence parameter of (12.2).
    d : int, default 2
        The number of single-variable tests of (12.2)'s hypothesis class.
    c : exact number > 1, default 11/10
        The constant of (12.2).
    penalty : callable, optional
        ``penalty(m_v, n_v, depth, m)`` in place of (12.2) (:func:`km_penalty`); it may return
        an exact number or an arb ball.

    Returns
    -------
    Pruning
        The package's one result type (``k`` None): the pruned ``tree``, ``pruned``,
        ``kept_splits`` (every split decided, bottom-up), ``routes`` (the decision kernel's, an
        empty node's decision counted as exact) and ``moment``, the pruned tree's training
        error rate eps(T*) (an exact Fraction; None for an empty root).

    See Also
    --------
    km_penalty : the certified default penalty alpha.

    Examples
    --------
    With no penalty (12.1) keeps a split iff it lowers the training errors: on the iris tree
    (Zhong App B.1) every split does but c22's, whose leaves (0, 1, 2) and (0, 0, 43) make 1
    error, as many as (0, 1, 45), a tie that (12.1)'s >= prunes.  With the penalty (12.2) the
    splits below c21 and c22 go too, leaving 3 leaves and (0 + 5 + 1)/150 training errors:

    >>> from exactprune.tree import iris_tree
    >>> km_prune(iris_tree(), penalty=lambda *args: 0).pruned
    ['c22']
    >>> result = km_prune(iris_tree())
    >>> result.tree.n_leaves, result.pruned, result.moment
    (3, ['c21', 'c22'], Fraction(1, 25))
    """
    tree = as_tree(tree)
    m = tree.root.n
    pen = penalty or (lambda mv, nv, lv, mm: km_penalty(mv, nv, lv, mm, delta, d, c))
    depth = {}
    for node in tree.root.walk():
        if node.name == "root":
            depth[id(node)] = 0
        for ch in node.children:
            depth[id(ch)] = depth[id(node)] + 1
    errors: dict = {}
    size: dict = {}
    collapsed = set()
    decider = Decider(max_prec=1 << 16)
    empty = 0
    for node in tree.root.postorder():
        if node.is_leaf:
            errors[id(node)], size[id(node)] = node.errors, 1
            continue
        sub_err = sum(errors[id(c)] for c in node.children)
        sub_size = 1 + sum(size[id(c)] for c in node.children)
        mv = node.n
        if mv == 0:
            prune_it = True
            empty += 1
        else:
            diff_exact = Fraction(sub_err - node.errors, mv)   # eps(T*) - eps(empty) <= 0
            p = pen(mv, sub_size, depth[id(node)], m)
            if isinstance(p, flint.arb):
                sign = decider.sign(None, None, ball=lambda: arb_of(diff_exact) + p)
            else:
                sign = decider.exact_sign(diff_exact + exact(p, "penalty"))
            prune_it = sign >= 0
        if prune_it:
            collapsed.add(node.name)
            errors[id(node)], size[id(node)] = node.errors, 1
        else:
            errors[id(node)], size[id(node)] = sub_err, sub_size
    routes = dict(decider.routes, exact=decider.routes["exact"] + empty)
    rate = Fraction(errors[id(tree.root)], m) if m else None
    return Pruning(tree, None, kept_from_collapsed(tree.arrays(), collapsed), routes, moment=rate)
