"""E[GE] and E[GE^2] of a random tree by a recursion over nodes: every stopping criterion, exactly.

DD (1)-(2) write the moments as sums over leaves and pairs of leaves, each with a path-exists or
co-existence probability (DD 3.5, 3.6, App A) and a count event.  With sample-dependent stopping
(purity, scarcity, DD 3.3.1 items 2-3) the number of leaf pairs grows fast (810 leaves, 330,000
ordered pairs at d = 5 binary) and every pair costs a polynomial product.  The same numbers come
from one pass over the *nodes* instead, because a random tree is a recursion:

* given the data and the attribute chosen at a node, the subtrees under its children are grown
  independently, so with G = sum_v G_v the error of the subtree,
  E[G | data] = sum_v E[G_v] and E[G^2 | data] = sum_v E[G_v^2] + sum_{v != v'} E[G_v] E[G_v'];
* the class counts of disjoint regions of a multinomial sample factor into exponential generating
  functions (:mod:`~exactprune.rdt.generating_functions`): the EGF of a node's content is the
  product of its children's EGFs, and "the node stops" depends only on its size (the power of z)
  and its set of classes present.

So each node R carries three EGFs over the counts of its cells, each split by the classes present
in zeta form (F^(S) = the part where every point has a class in S, for S = {}, each {c}, all):
W (every configuration), S1 (weighted by E_tree[G]) and S2 (by E_tree[G^2]).  A node that stops
contributes its leaf error (and its square); one that does not averages its children's
combinations over its unused attributes, restricted to "does not stop" by inclusion-exclusion on
the class sets.  The nodes are visited level by level from the deepest, and nodes whose cell
masses are equal (as a table over the unused attributes) share one computation: symmetric
distributions (DD 4.2's synthetic ones) need a handful of nodes per level.
"""
from __future__ import annotations

import itertools
import math

import flint
import numpy as np

from ..numbers import to_fraction
from .counting import count_vectors_by_size
from .generating_functions import count_egfs, egf_with_outside, exp_egf, falling_factorials
from .model import Criterion, Distribution, check_moment_arguments

__all__ = ["tree_moments"]


def tree_moments(dist: Distribution, N: int, criterion: Criterion, tie: str = "split",
                 second: bool = True) -> tuple:
    """(E[GE], E[GE^2] for one tree) over data sets of size N and random trees, exactly (DD (1)-(2)).

    Every stopping criterion of DD 3.3.1 (fixed height, purity, scarcity, and combinations) by the
    node recursion of this module.  E[GE^2] is ``None`` when ``second`` is False.  The values equal
    DD's sums over leaves and leaf pairs with the (corrected) co-existence probabilities of
    :func:`~exactprune.rdt.coexistence.coexistence_probability`; the tests check them against
    every data set (:func:`~exactprune.rdt.bruteforce.bruteforce_moments`) and against
    :func:`~exactprune.rdt.moments.expected_ge`.

    Parameters
    ----------
    dist : Distribution
        The joint law of the attributes and the class (DD 4.2).
    N : int
        The size of the training sample.
    criterion : Criterion
        The stopping rule (DD 3.3.1).
    tie : {"split", "first"}
        The tie rule of a leaf's prediction (:data:`~exactprune.rdt.model.TIES`).
    second : bool
        Compute E[GE^2]; None when False.

    Returns
    -------
    tuple
        (E[GE], E[GE^2] or None), exact Fractions.

    See Also
    --------
    exactprune.rdt.moments.exact_moments : the moments with the variance, built on this.
    exactprune.rdt.bruteforce.bruteforce_moments : the same by enumerating every data set.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> tree_moments(dist, 1, Criterion(purity=True))   # one point: a pure root, GE = 1/2
    (Fraction(1, 2), Fraction(1, 4))
    >>> tree_moments(dist, 1, Criterion(height=1))      # a point on each side is right, an empty leaf half
    (Fraction(1, 4), Fraction(1, 16))
    """
    N = check_moment_arguments(dist, N, criterion, tie)
    d, k = dist.d, dist.k
    L = math.lcm(*range(1, k + 1))
    h = min(criterion.height or d, d)
    full = (1 << k) - 1
    masks = ([0] + [1 << c for c in range(k)] if criterion.purity else []) + [full]
    powers = (1, 2) if second else (1,)
    comps_by_s = count_vectors_by_size(N, k)
    # count vectors that stop a node above depth h (the same at every such depth)
    interior = [[n for n in comps if criterion.stops(0, n, d)] for comps in comps_by_s]
    leaves = {}

    def leaf(A: tuple, terminal: bool) -> list:
        """Zeta-form EGFs of L*D*(leaf error)^p over the counts that stop the node."""
        if (A, terminal) not in leaves:
            egfs = count_egfs(A, comps_by_s if terminal else interior, tie, L, powers, by_support=True)
            leaves[(A, terminal)] = [{S: sum((p for m, p in e.items() if m & S == m), flint.fmpq_poly([]))
                                      for S in masks} for e in egfs]
        return leaves[(A, terminal)]

    below: dict[tuple, list] = {}
    for depth in range(h, -1, -1):
        level = {}
        for attrs in itertools.combinations(range(d), depth):
            for values in itertools.product(*(range(dist.arities[a]) for a in attrs)):
                index: list[slice | int] = [slice(None)] * d
                for a, v in zip(attrs, values):
                    index[a] = v
                table = dist.ints[tuple(index)]
                key = _table_key(table)
                if key in level:
                    continue
                A = dist.region_masses(attrs, values)
                node = [{S: exp_egf(sum(A[c] for c in range(k) if S >> c & 1), N) for S in masks}]
                node += [dict(part) for part in leaf(A, depth == h)]
                if depth < h:
                    splits = [[below[_table_key(np.take(table, v, axis=j))] for v in range(table.shape[j])]
                              for j in range(table.ndim - 1)]
                    for i, part in enumerate(_split_average(splits, masks, criterion, N, second)):
                        node[1 + i][full] += part
                level[key] = node
        below = level
    (root,) = below.values()
    falling = falling_factorials(N)
    moments = [to_fraction(egf_with_outside(part[full], N, 0, falling) / (flint.fmpz(dist.D) ** (N + 1 + i) * L ** (i + 1)))
               for i, part in enumerate(root[1:])]
    return moments[0], (moments[1] if second else None)


def _table_key(table: np.ndarray) -> tuple:
    """A node's identity for the recursion: its cell masses over the unused attributes and classes."""
    return table.shape, tuple(table.ravel().tolist())


def _split_average(splits: list, masks: list, criterion: Criterion, N: int, second: bool) -> list:
    """The non-stopping part of a node: its children's moments combined per split attribute,
    restricted to "the node does not stop", averaged over the attributes (DD 3.3: uniform choice)."""
    full = masks[-1]
    k = full.bit_length()
    per_split = []
    for children in splits:
        W, *S = children[0]
        for cW, *cS in children[1:]:
            combined = [{m: W[m].mul_low(cS[0][m], N + 1) + S[0][m].mul_low(cW[m], N + 1) for m in masks}]
            if second:
                combined.append({m: W[m].mul_low(cS[1][m], N + 1) + S[1][m].mul_low(cW[m], N + 1)
                                 + 2 * S[0][m].mul_low(cS[0][m], N + 1) for m in masks})
            W, S = {m: W[m].mul_low(cW[m], N + 1) for m in masks}, combined
        per_split.append([_does_not_stop(part, criterion, k) for part in S])
    scale = flint.fmpq(1, len(splits))
    return [scale * sum(parts, flint.fmpq_poly([])) for parts in zip(*per_split)]


def _does_not_stop(zeta: dict, criterion: Criterion, k: int) -> flint.fmpq_poly:
    """The part of a zeta-form EGF where the node does not stop (DD 3.3.1 items 2(b), 3(b)):
    at least two classes (inclusion-exclusion: F^(all) - sum_c F^({c}) + (k-1) F^({})) and more
    than pb points (powers of z above pb)."""
    full = (1 << k) - 1
    poly = zeta[full]
    if criterion.purity:
        poly = poly - sum((zeta[1 << c] for c in range(k)), flint.fmpq_poly([])) + (k - 1) * zeta[0]
    if criterion.pb is not None:
        poly = poly - poly.truncate(criterion.pb + 1)
    return poly
