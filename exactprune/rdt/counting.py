"""Counting helpers shared by the closed forms, the moments and the brute force of :mod:`exactprune.rdt`.

Falling factorials (the ordered selections in DD App A and the multinomial N!/(N-m)! of the count
generating functions) and class-count vectors (the data-set counts of a region, DD 3.6).
"""
from __future__ import annotations

from typing import Iterator

__all__ = ["falling_factorial", "count_vectors", "count_vectors_by_size"]


def falling_factorial(n: int, m: int) -> int:
    """n (n-1) ... (n-m+1), the number of ordered m-selections from n (1 for m = 0; DD App A's vPr_i).

    Parameters
    ----------
    n : int
        The number of items.
    m : int
        The number selected.

    Returns
    -------
    int
        n!/(n-m)! (0 when m > n).

    Examples
    --------
    >>> falling_factorial(5, 2), falling_factorial(5, 0), falling_factorial(2, 3)
    (20, 1, 0)
    """
    out = 1
    for i in range(m):
        out *= n - i
    return out


def count_vectors(total: int, parts: int) -> Iterator[tuple]:
    """All tuples of ``parts`` non-negative ints with sum <= ``total`` (lexicographic order):
    the class counts of a region, or a data set's cell counts, as summed over in DD 3.6.

    Parameters
    ----------
    total : int
        The largest sum.
    parts : int
        The length of each tuple.

    Yields
    ------
    tuple of int
        Each count vector once, in lexicographic order.

    See Also
    --------
    count_vectors_by_size : the same vectors grouped by their sum.

    Examples
    --------
    >>> list(count_vectors(1, 2))
    [(0, 0), (0, 1), (1, 0)]
    """
    if parts == 1:
        for i in range(total + 1):
            yield (i,)
        return
    for first in range(total + 1):
        for rest in count_vectors(total - first, parts - 1):
            yield (first,) + rest


def count_vectors_by_size(N: int, k: int) -> list:
    """Class-count vectors of length k with sum <= N, grouped by their sum s (DD 3.6's count sums).

    Parameters
    ----------
    N : int
        The largest sum.
    k : int
        The number of classes (the vectors' length).

    Returns
    -------
    list of list of tuple
        Entry s holds the vectors with sum s, in lexicographic order.

    See Also
    --------
    count_vectors : the same vectors in one sequence.

    Examples
    --------
    >>> count_vectors_by_size(2, 2)
    [[(0, 0)], [(0, 1), (1, 0)], [(0, 2), (1, 1), (2, 0)]]
    """
    out: list[list[tuple]] = [[] for _ in range(N + 1)]
    for n in count_vectors(N, k):
        out[sum(n)].append(n)
    return out
