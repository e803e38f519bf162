"""Validation of count arrays and the kinds of counts they hold: :func:`check_arrays` (the
structure and the counts, with the messages of the Node checks), :func:`counts_matrix` (the
dtype a matrix of count rows needs), :func:`has_fractional_counts` and
:func:`require_integer_counts` (rational counts, and the refusal of what needs whole ones).

>>> counts_matrix([[3, 2], [3, 0]], 2).tolist()
[[3, 2], [3, 0]]
"""
from __future__ import annotations

import numbers
from fractions import Fraction
from typing import TYPE_CHECKING

from ..limits import MAX_CLASSES, MAX_COUNT, check_counts_size, check_tree_shape
from .csr import CountLayout, breadth_first

if TYPE_CHECKING:
    import numpy as np


__all__ = ["check_arrays", "counts_matrix", "has_fractional_counts", "require_integer_counts"]


def check_arrays(a: CountLayout) -> None:
    """Vectorized validation of count arrays, with the messages of the Node checks (naming the
    first offending node): shape limits, a well-formed parent-before-child structure, counts in
    range (an integer matrix, or an object matrix of Python ints and Fractions: rational counts,
    :func:`has_fractional_counts`), no single child, children's counts adding up to their
    parent's.  Its temporaries are transient; the one array it keeps on ``a`` is the
    breadth-first order it walks for the depth (:meth:`CountArrays.breadth_first`, 8 bytes a
    node), which every pass and the levels read.

    Parameters
    ----------
    a : CountArrays

    Returns
    -------
    None
        ValueError naming the first problem.

    See Also
    --------
    exactprune.tree.nodes.validate_and_name : the same checks on Nodes.

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.tree import CountArrays
    >>> check_arrays(CountArrays(np.array([[1.5, 1]], dtype=object), np.array([0, 0]), np.array([], dtype=np.int64)))
    Traceback (most recent call last):
    ValueError: counts must be integers or exact rationals (Fraction), got the float 1.5
    """
    import numpy as np
    counts, n = a.counts, a.n_nodes
    if counts.ndim != 2 or counts.shape[0] != n or n == 0:
        raise ValueError(f"counts must be an (n_nodes, n_classes) matrix with n_nodes = {n} >= 1")
    if counts.shape[1] == 0:
        raise ValueError("node root: counts must not be empty")
    if counts.dtype != object and not np.issubdtype(counts.dtype, np.integer):
        raise ValueError(f"counts must be integers, got dtype {counts.dtype}")
    if counts.dtype == object:      # Python ints and exact rationals only (no float slips in)
        for value in counts.ravel().tolist():
            if isinstance(value, bool) or not isinstance(value, (numbers.Integral, Fraction)):
                raise ValueError(f"counts must be integers or exact rationals (Fraction), got the "
                                 f"{type(value).__name__} {value!r}")
    # the structure, with transient arrays (only the breadth-first order is kept on ``a``)
    offsets, indices = a.offsets, a.indices
    arity = offsets[1:] - offsets[:-1]
    if len(offsets) and (offsets[0] != 0 or np.any(arity < 0) or offsets[-1] != len(indices)):
        raise ValueError("offsets must rise from 0 to len(indices)")
    check_tree_shape(n, 0, int(arity.max(initial=0)), "tree")
    internal, single = np.flatnonzero(arity > 0), bool(np.any(arity == 1))
    del arity
    if not _one_parent_each(offsets, indices, internal, n):
        raise ValueError("every node but the root must be the child of exactly one node with a smaller index")
    starts = a.cached("breadth_first", lambda: breadth_first(offsets, indices, internal))[1]     # kept: every pass walks it
    check_tree_shape(n, len(starts) - 2, 0, "tree")
    if counts.min() < 0:        # whole-matrix tests first; the offending row is looked for only then
        bad = np.flatnonzero((counts < 0).any(axis=1))
        row = counts[bad[0]].tolist()
        raise ValueError(f"node {a.name(int(bad[0]))}: negative count {min(row)} in {row}")
    if counts.max() > MAX_COUNT or counts.shape[1] > MAX_CLASSES:
        too_big = np.flatnonzero((counts > MAX_COUNT).any(axis=1))
        check_counts_size(tuple(counts[too_big[0] if too_big.size else 0].tolist()),
                          f"node {a.name(int(too_big[0])) if too_big.size else 'root'}")
    if single:
        first = int(np.flatnonzero(offsets[1:] - offsets[:-1] == 1)[0])
        raise ValueError(f"node {a.name(first)}: an internal node needs at least 2 children, got 1")
    binary = len(indices) == 2 * internal.size
    columns = [counts[:, j] for j in range(counts.shape[1])]     # a class at a time: long 1-d loops
    for start in range(0, internal.size, _CHECK_BLOCK):     # a block of splits at a time: small temporaries
        nodes = internal[start:start + _CHECK_BLOCK]
        low, high = int(offsets[nodes[0]]), int(offsets[nodes[-1] + 1])
        kids, differ = indices[low:high], np.zeros(len(nodes), dtype=bool)
        for column in columns:      # (fancy indexing: np.take would copy a strided column whole)
            values = column[kids]
            sums = values[0::2] + values[1::2] if binary else np.add.reduceat(values, offsets[nodes] - low)
            differ |= sums != column[nodes]
        if differ.any():
            i = int(nodes[np.argmax(differ)])       # the first split whose children do not add up
            rows = np.take(counts, indices[offsets[i]:offsets[i + 1]], axis=0)
            total = rows[0::2] + rows[1::2] if binary else np.add.reduceat(rows, [0], axis=0)
            raise ValueError(f"node {a.name(i)}: children's counts add up to {total[0].tolist()}, "
                             f"not to its counts {counts[i].tolist()}")


#: splits :func:`check_arrays` sums the children of at a time (a block's temporaries a few 100 kB)
_CHECK_BLOCK = 1 << 13


def _one_parent_each(offsets: "np.ndarray", indices: "np.ndarray", internal: "np.ndarray", n: int) -> bool:
    """Is every node but the root the child of exactly one node, of a smaller index?  (CSR
    arrays with rising offsets; ``internal``, the nodes with children.)  Then ``indices`` holds
    each of 1 .. n - 1 once, and every node's smallest child is larger than the node.

    >>> import numpy as np
    >>> from exactprune.tree import CountArrays
    >>> _one_parent_each(np.array([0, 2, 2, 2]), np.array([1, 2]), np.array([0]), 3)
    True
    >>> _one_parent_each(np.array([0, 2, 4, 4]), np.array([1, 2, 2, 2]), np.array([0, 1]), 3)
    False
    """
    import numpy as np
    if len(indices) != n - 1:
        return False
    if not len(indices):
        return True
    if indices.min() < 1 or indices.max() >= n:
        return False
    seen = np.zeros(n, dtype=bool)
    seen[indices] = True
    if not seen[1:].all():
        return False
    if len(indices) == 2 * len(internal):       # binary: a row of two children per split
        return not np.any(indices.reshape(-1, 2) <= internal[:, None])
    return not np.any(np.minimum.reduceat(indices, offsets[internal]) <= internal)


def counts_matrix(rows: list, n_classes: int) -> "np.ndarray":
    """int64 matrix of count rows, or an object matrix of Python ints when a node size could
    pass int64 or of ints and Fractions when a count is not whole.

    Parameters
    ----------
    rows : list of list
        Count rows.
    n_classes : int

    Returns
    -------
    numpy.ndarray
        int64, or object.

    See Also
    --------
    has_fractional_counts : whether such a matrix holds a count that is not whole.

    Examples
    --------
    >>> counts_matrix([[3, 2], [3, 0]], 2).dtype, counts_matrix([[Fraction(1, 2), 2]], 2).dtype
    (dtype('int64'), dtype('O'))
    >>> counts_matrix([[2 ** 61, 0]], 2).dtype           # 2 x 2^61: a node size could pass int64
    dtype('O')
    """
    import numpy as np
    largest = max((max(row) for row in rows), default=0)
    fractional = any(c.__class__ is Fraction for row in rows for c in row)
    dtype = object if fractional or largest * n_classes >= 2 ** 62 else np.int64
    matrix = np.empty((len(rows), n_classes), dtype=dtype)
    matrix[:] = rows
    return matrix


def has_fractional_counts(a: CountLayout) -> bool:
    """True when some count of ``a`` is not a whole number: weighted counts (sums of row weights,
    :mod:`exactprune.sklearn`), an object matrix holding Fractions.  Zhong's moments (4.28)-(4.30)
    and PruneTree are defined for them; what needs integer counts refuses them
    (:func:`require_integer_counts`).

    Parameters
    ----------
    a : CountArrays

    Returns
    -------
    bool

    See Also
    --------
    require_integer_counts : the refusal of such counts.

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.tree import CountArrays
    >>> leaf = (np.array([0, 0]), np.array([], dtype=np.int64))
    >>> has_fractional_counts(CountArrays(np.array([[1, 2]]), *leaf))
    False
    >>> has_fractional_counts(CountArrays(np.array([[Fraction(1, 2), 2]], dtype=object), *leaf))
    True
    """
    if a.counts.dtype != object:
        return False
    return a.cached("fractional", lambda: any(isinstance(c, Fraction) and c.denominator != 1
                                              for c in a.counts.ravel().tolist()))


def require_integer_counts(a: CountLayout, what: str, reason: str) -> None:
    """Refuse count arrays with a count that is not a whole number (:func:`has_fractional_counts`):
    a ValueError saying that ``what`` needs integer counts, because ``reason``, and naming the
    first such node.

    Parameters
    ----------
    a : CountArrays
    what : str
        The consumer, named in the error.
    reason : str
        Why it needs whole counts.

    Returns
    -------
    None
        ValueError at the first count that is not whole.

    See Also
    --------
    has_fractional_counts : the test.

    Examples
    --------
    >>> import numpy as np
    >>> from exactprune.tree import CountArrays
    >>> a = CountArrays(np.array([[Fraction(3, 2), 1]], dtype=object), np.array([0, 0]), np.array([], dtype=np.int64))
    >>> require_integer_counts(a, "MEP", "its exact pass builds flint.fmpq values from integer counts")
    Traceback (most recent call last):
    ValueError: MEP needs whole-number class counts, and node root has the count 3/2: its exact pass builds flint.fmpq values from integer counts
    """
    if not has_fractional_counts(a):
        return
    for i, row in enumerate(a.counts.tolist()):
        for c in row:
            if isinstance(c, Fraction) and c.denominator != 1:
                raise ValueError(f"{what} needs whole-number class counts, and node {a.name(i)} has the "
                                 f"count {c}: {reason}")
