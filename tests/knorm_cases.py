"""Helpers shared by the tests of exactprune.knorm (tests/knorm/): Zhong's (4.29), (4.11) and
(4.28) written out in Fractions, apart from the package's code, and a tree builder.

* :func:`rising_ratio_by_hand` and :func:`leaf_by_hand`: the leaf moment (4.29);
* :func:`brute_prune`: PruneTree (Fig 4.1) by recursion over (4.11) and (4.28);
* :func:`counts_tree`: a tree from nested count lists.
"""
from __future__ import annotations

from fractions import Fraction

from exactprune import Node, Tree


def rising_ratio_by_hand(a: Fraction, d: Fraction, k: int) -> Fraction:
    """a^(k) / d^(k) = prod_{m<k} (a + m) / (d + m) (Zhong (4.29), (C.25)), in Fractions.

    >>> rising_ratio_by_hand(Fraction(6), Fraction(111, 2), 1)      # Zhong (B.1): c21 at k = 1
    Fraction(4, 37)
    """
    num = den = Fraction(1)
    for m in range(k):
        num *= a + m
        den *= d + m
    return num / den


def leaf_by_hand(counts, k: int, lam: Fraction, numerator: str = "J-1") -> Fraction:
    """(4.29) written out: a = b + c lam, d = n + J lam with b = n - max_j n_j the training errors
    and c = J - 1 (``numerator="J-1"``) or 1.  Zhong (B.2): c21 = (0, 49, 5) at lam = 1/2, k = 2.

    >>> leaf_by_hand((0, 49, 5), 2, Fraction(1, 2))
    Fraction(56, 4181)
    """
    n, j = sum(counts), len(counts)
    c = j - 1 if numerator == "J-1" else 1
    return rising_ratio_by_hand(n - max(counts) + c * lam, n + j * lam, k)


def brute_prune(node, k, lam, eta, eps):
    """(value of the optimally pruned subtree, its kept split names, relative gaps of all the
    decisions below and at ``node``): Fig 4.1 with the child weights (4.11) and the subtree
    moment (4.28) written out, a split kept iff R_leaf - eps - R_tree > 0.

    >>> brute_prune(Node((3, 1), [Node((3, 0)), Node((0, 1))]), 1, Fraction(1, 2), Fraction(1, 2), 0)[:2]
    (Fraction(13, 80), {'root'})
    """
    leaf_value = leaf_by_hand(node.counts, k, lam)
    if not node.children:
        return leaf_value, set(), []
    kept, gaps, total = set(), [], Fraction(0)
    den = node.n + eta * len(node.children)
    for c in node.children:
        value, c_kept, c_gaps = brute_prune(c, k, lam, eta, eps)
        kept |= c_kept
        gaps += c_gaps
        total += (c.n + eta) / den * value                       # (4.11), (4.28)
    gap = leaf_value - eps - total
    scale = max(leaf_value, total + eps)
    gaps.append(abs(gap) / scale if scale else Fraction(0))
    if gap > 0:                                                  # keep: the splits below stay
        return total, kept | {node.name}, gaps
    return leaf_value, set(), gaps                               # prune: nothing below remains


def counts_tree(spec) -> Tree:
    """A tree from nested ``(counts, [children])`` / ``counts`` specs (parents' counts given).

    >>> counts_tree([[3, 1], [[3, 0], [0, 1]]]).node("c2").counts
    (0, 1)
    """
    def node(s):
        return Node(tuple(s[0]), [node(c) for c in s[1]]) if isinstance(s[0], (list, tuple)) else Node(tuple(s))
    return Tree(node(spec))
