"""The weakest-link pass of CART's cost-complexity pruning (Breiman et al. 3.3), exactly.

:class:`WeakestLinks` holds the splits of a count tree by pre-order rank with their costs times
N, orders the weakest links g(t) = (R(t) - R(T_t)) / (|leaves(T_t)| - 1) by an integer key
(exact (g, rank) order), cuts them one at a time (scikit-learn's order) or all of equal g
together (Breiman's), and returns the stages as an exact alpha and integers per stage;
:mod:`~exactprune.peers.ccp.sequence` turns them into :class:`~exactprune.peers.ccp.CCPStage`
objects.  The misclassification pass is integer; the Gini pass keeps each N R(T_t) as a
packed fixed-point integer with an exact error bound (:func:`_packed`) and sums exact
rationals only where the bounds leave the order open.

>>> from exactprune.tree import iris_tree
>>> alphas, leaves, ends = WeakestLinks(iris_tree(), "misclassification").ties_together()
>>> [str(a) for a in alphas], leaves[-1]            # Zhong Figure B.1; the root alone at last
(['0', '1/150', '1/75', '22/75', '1/3'], 1)
"""
from __future__ import annotations

import array
import functools
import itertools
import math
import operator
from typing import TYPE_CHECKING, Dict, Optional, Sequence

import flint

from ...certify import Decider
from ...tree import Tree

if TYPE_CHECKING:
    import numpy as np

__all__ = ["WeakestLinks"]


class WeakestLinks:
    """The steps of :func:`ccp_sequence`: the splits of ``tree`` by rank in pre-order
    (scikit-learn's node order) with N R(t), N R(T_t) and the leaf count of T_t, a heap of
    weakest links g(t) = (R(t) - R(T_t)) / (|leaves(T_t)| - 1), cutting a link, and the stages
    built by cutting links in order.

    Costs are kept times N (the root's examples): N R(t) is an integer for the misclassification
    cost (errors(t), so the pass is integer) and (n^2 - sum_j n_j^2) / n for the Gini cost (an
    fmpq made from the two integers when needed); N R(T_t), a sum over the leaves below, is an
    integer, or for the Gini cost a fixed-point integer with an exact error bound
    (:func:`_packed`: every leaf's N R rounded down to a multiple of 2^-80, and the number of
    leaves rounded).  Integers sit in ``array`` columns (4 or 8 bytes each) where they fit.
    The exact Gini N R(T_t) is summed over the current leaves when it is needed
    (:meth:`_exact_below`): for the g of the link cut (the stage alpha), for links whose
    integer keys are equal, and for a key its bounds leave open (:meth:`_key`).

    An entry is one integer, floor(g 2^64) (g < 1, so 64 bits) shifted left past the rank bits,
    or'd with the rank: the integer key is monotone in g, so the order is (g, rank) except
    between entries of equal floor(g 2^64), which :meth:`pop_min` orders by their exact g.  The
    splits' first entries are sorted once into two integer columns (``first_keys``,
    ``first_ranks``) and read in order; re-keyed entries go to a heap, and the least of the
    two sources leaves first.  Cutting the weakest link t (g(t) = alpha, the least g) never
    lowers an ancestor's g: with X = R(a) - R(T_a) >= alpha (L_a - 1) and d = L_t - 1,
    (X - alpha d) / (L_a - 1 - d) >= X / (L_a - 1).  So an ancestor's entry stays a lower bound;
    it is marked stale (or dirty, :meth:`cut`) and re-keyed only when it leaves first (lazy
    re-keying).

    Parameters
    ----------
    tree : Tree
        A count tree of whole-number counts with at least one example.
    cost : str
        ``"misclassification"`` (R(t) = errors(t)/N) or ``"gini"`` (R(t) = (n_t/N) Gini(t)).

    See Also
    --------
    exactprune.peers.ccp.ccp_sequence : the stages as objects, with names, costs and trees.

    Examples
    --------
    The tree root (4, 2) -> c1 (3, 0), c2 (1, 2): the root is the one split, of g = 1/6.

    >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
    >>> links = WeakestLinks(t, "misclassification")
    >>> links.full_cost(), links.pop_min()
    (1/6, (1/6, 0))
    """

    def __init__(self, tree: Tree, cost: str):
        import numpy as np
        arrays = tree.arrays()
        made_before = arrays.cached_keys()
        total = int(arrays.sizes[0])
        if total == 0:
            raise ValueError("node root: the tree has no examples")
        self.tree, self.arrays, self.total, self.gini = tree, arrays, total, cost == "gini"
        by_position = np.empty(arrays.n_nodes, dtype=np.int64)
        by_position[arrays.preorder] = np.arange(arrays.n_nodes)
        is_split = arrays.n_children[by_position] > 0
        self.nodes = by_position[is_split]           # the splits' array indices, by rank
        if arrays.n_nodes < 2 ** 31:
            self.nodes = self.nodes.astype(np.int32)
        del by_position
        splits_to = np.cumsum(is_split)              # splits at positions <= p
        del is_split
        first = arrays.preorder[self.nodes]
        self.span = _int_column(splits_to[first + arrays.subtree_sizes[self.nodes] - 1] - splits_to[first] + 1)
        del splits_to, first
        arrays.forget({"preorder", "subtree_sizes"} - made_before)      # memory: not needed again here
        self.parent = _parent_ranks(self.span)
        self.own, self.below, leaves, self.root_below, self.at_leaf_children = _costs_and_totals(
            arrays, cost, self.nodes)
        self.n_leaves, self.full_leaves = _int_column(leaves[self.nodes]), int(leaves[0])
        self.width = _error_bits(self.full_leaves)      # the error count's bits in a packed N R(T_t)
        del leaves
        arrays.forget(arrays.cached_keys() - made_before)    # the derived arrays made here (again on demand)
        count = self.nodes.size
        self.shift = max(count.bit_length(), 1)
        self.alive, self.state = bytearray(b"\x01") * count, bytearray(count)    # all _FRESH
        self.pending: dict = {}               # rank of a dirty split -> (change of N R(T_t), of leaves)
        self.leaves_now = self.full_leaves    # leaves of the current tree
        keys = np.frombuffer(array.array("Q", map(self._key, range(count))), dtype=np.uint64)
        order = np.argsort(keys, kind="stable")      # by (key, rank)
        self.first_keys = array.array("Q", keys[order].tobytes())
        self.first_ranks = _int_column(order)
        del keys, order
        self.first = 0                                # the next first entry to read
        self.top_first = self._first_entry()          # as an entry (``_END``: none left)
        self.heap: list = []                          # the re-keyed entries
        self.tied: list = []                    # the tie group of :meth:`pop_min` and its integer key
        self.tie_key: Optional[int] = None
        self.cut_order = array.array("i" if count < 2 ** 31 else "q")      # ranks in cut order

    def _own(self, s: int):
        """N R(t) at split rank ``s``: an int, or an fmpq for the Gini cost."""
        if self.gini:
            n = self.own[1][s]
            return flint.fmpq(self.own[0][s], n) if n else flint.fmpq(0)
        return self.own[s]

    def _own_packed(self, s: int) -> int:
        """N R(t) at split rank ``s`` as :func:`_packed` (Gini), to add to and subtract from
        the packed N R(T_t)."""
        n = self.own[1][s]
        return _packed(self.own[0][s], n, self.width) if n else 0

    def _exact_below(self, s: int) -> flint.fmpq:
        """The Gini N R(T_t) at the live split of rank ``s``, exactly: the sum of N R over the
        current leaves below, the leaf children of the live splits of the subtree
        (``at_leaf_children``) and the splits cut below whose parent lives (pre-order ranks:
        a cut split's subtree is skipped whole)."""
        alive, span, impure, sizes = self.alive, self.span, self.own[0], self.own[1]
        numerators, denominators, live = [], [], [s]
        d, end = s + 1, s + span[s]
        while d < end:
            if alive[d]:
                live.append(d)
                d += 1
            else:                     # cut: a leaf of the current tree
                if impure[d]:
                    numerators.append(impure[d])
                    denominators.append(sizes[d])
                d += span[d]
        below = _fraction_sum(numerators, denominators)
        if self.at_leaf_children is not None:
            at_leaf_children = self.at_leaf_children
            for d in live:
                below += at_leaf_children[d]
        return below

    def _gain(self, s: int):
        """N (R(t) - R(T_t)) at the live split of rank ``s``, T_t current: an int or an fmpq."""
        if self.gini:
            return self._own(s) - self._exact_below(s)
        return self._own(s) - self.below[s]

    def g(self, s: int) -> flint.fmpq:
        """g(t) = (R(t) - R(T_t)) / (|leaves(T_t)| - 1) at the live split of rank ``s``, exactly
        (its leaf count current: fresh).

        Parameters
        ----------
        s : int
            The split's pre-order rank among the splits.

        Returns
        -------
        flint.fmpq

        See Also
        --------
        pop_min : the live split of least g.

        Examples
        --------
        Gini on the tree of the class: (N R(root) - N R(T)) / (N (2 - 1)) = (8/3 - 4/3) / 6 = 2/9.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> WeakestLinks(t, "gini").g(0)
        2/9
        """
        return flint.fmpq(self._gain(s)) / (self.total * (self.n_leaves[s] - 1))

    def _key(self, s: int) -> int:
        """floor(g 2^64) at the fresh split of rank ``s``, exactly.  Misclassification cost:
        integer division.  Gini, from the packed costs (:func:`_packed`): with F_t and F_T the
        rounded N R(t) 2^80 and N R(T_t) 2^80 and e the leaves rounded below,
        N (R(t) - R(T_t)) 2^80 lies in (G - e, G + 1) for G = F_t - F_T (each rounding takes off
        less than 1), so its floor lies in [G - e, G] and the key, floor(floor(.) / w) for
        w = N (L - 1) 2^16, in [floor((G - e) / w), floor(G / w)]: when the two are one integer
        (always when e = 0) that is the key; otherwise the exact g decides."""
        scale = self.total * (self.n_leaves[s] - 1)
        if not self.gini:
            return (self._gain(s) << 64) // scale
        n, below = self.own[1][s], self.below[s]
        difference = ((self.own[0][s] << _FRACTION_BITS) // n if n else 0) - (below >> self.width)
        wide, rounded = scale << (_FRACTION_BITS - 64), below & ((1 << self.width) - 1)
        key = difference // wide
        if not rounded or (difference - rounded) // wide == key:
            return key
        gain = self._gain(s)
        return int((gain.p << 64) // (gain.q * scale))

    def _push(self, s: int) -> None:
        """Key split rank ``s`` by its g: into the heap, or into ``tied`` when its integer key
        is the tie group's."""
        import heapq
        key = self._key(s)
        if key == self.tie_key:
            heapq.heappush(self.tied, (self.g(s), s))     # fresh: its exact g
        else:
            heapq.heappush(self.heap, key << self.shift | s)

    def full_cost(self) -> flint.fmpq:
        """R(T) of the full tree, exactly.

        Returns
        -------
        flint.fmpq

        Examples
        --------
        Gini on the tree of the class: c2 (1, 2) costs (3/6)(1 - 1/9 - 4/9) = 2/9, c1 nothing.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> WeakestLinks(t, "gini").full_cost()
        2/9
        """
        return flint.fmpq(self.root_below) / self.total

    def cut_nodes(self, start: int, end: int) -> "np.ndarray":
        """The array indices of the splits cut ``start`` to ``end - 1`` (cut order).

        Parameters
        ----------
        start, end : int
            A range of positions in the cut order.

        Returns
        -------
        numpy.ndarray

        See Also
        --------
        cut : the cut that records them.

        Examples
        --------
        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> links = WeakestLinks(t, "misclassification")
        >>> _ = links.one_at_a_time()
        >>> links.cut_nodes(0, 1).tolist()
        [0]
        """
        import numpy as np
        return self.nodes[np.frombuffer(self.cut_order, dtype=self.cut_order.typecode)[start:end]]

    def cut(self, s: int) -> None:
        """Make the split of rank ``s`` (fresh: popped by :meth:`pop_min`) a leaf: the splits
        below leave the tree.  Its ancestors' N R(T_a) and leaf counts change by
        (N R(t) - N R(T_t), 1 - |leaves(T_t)|): the change waits in ``pending`` at the parent,
        and the ancestors are marked dirty up to the first one already dirty (every ancestor of
        a dirty split is dirty), to be brought up to date by :meth:`_refresh` when popped.

        Parameters
        ----------
        s : int
            The pre-order rank of the split to cut.

        Returns
        -------
        None

        See Also
        --------
        pop_min : the link to cut.

        Examples
        --------
        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> links = WeakestLinks(t, "misclassification")
        >>> links.cut(0)
        >>> links.leaves_now, links.pop_min()
        (1, None)
        """
        own = self._own_packed(s) if self.gini else self._own(s)
        delta_r, delta_l = own - self.below[s], 1 - self.n_leaves[s]
        span = self.span[s]
        self.alive[s:s + span] = bytes(span)
        if self.gini:        # the splits below and s are never read again: drop their ints
            self.below[s:s + span] = itertools.repeat(0, span)
        self.leaves_now += delta_l
        parent, state = self.parent, self.state
        j = parent[s]
        if j != -1:
            self._add_pending(j, delta_r, delta_l)
            while j != -1 and state[j] != _DIRTY:
                state[j] = _DIRTY
                j = parent[j]
        self.cut_order.append(s)

    def _add_pending(self, j: int, delta_r, delta_l: int) -> None:
        old = self.pending.get(j)
        self.pending[j] = (delta_r, delta_l) if old is None else (old[0] + delta_r, old[1] + delta_l)

    def _refresh(self, a: int) -> None:
        """Bring the dirty split of rank ``a`` and the dirty splits below it up to date: their
        pending changes, children's before parents', added to N R(T_t) and the leaf counts and
        passed to the parent (pending at a split: a change of it and of all its ancestors); the
        splits below are left stale (their keys are lower bounds)."""
        span, state, pending, below, n_leaves, parent = (self.span, self.state, self.pending,
                                                         self.below, self.n_leaves, self.parent)
        order, stack = [], [a]
        while stack:                  # the dirty splits below a, parents before children
            d = stack.pop()
            order.append(d)
            child, end = d + 1, d + span[d]
            while child < end:        # the split children of d (pre-order ranks)
                if state[child] == _DIRTY:
                    stack.append(child)
                child += span[child]
        for d in reversed(order):
            state[d] = _STALE
            change = pending.pop(d)   # every dirty split has one: from a cut below it or a child refreshed
            below[d] += change[0]
            n_leaves[d] += change[1]
            if parent[d] != -1:       # a's parent: dirty, as every ancestor of a dirty split
                self._add_pending(parent[d], *change)

    def _first_entry(self) -> int:
        """The entry of the next unread first key, or ``_END`` past the last."""
        i = self.first
        if i == len(self.first_keys):
            return _END
        return self.first_keys[i] << self.shift | self.first_ranks[i]

    def _least_entry(self) -> int:
        """The least entry left (``_END``: none)."""
        heap = self.heap
        return heap[0] if heap and heap[0] < self.top_first else self.top_first

    def _pop_entry(self) -> int:
        """Remove and return the least entry left (``_END``: none)."""
        import heapq
        heap = self.heap
        if heap and heap[0] < self.top_first:
            return heapq.heappop(heap)
        entry = self.top_first
        if entry != _END:
            self.first += 1
            if self.first >= 1024 and 2 * self.first >= len(self.first_keys):   # drop the read half
                del self.first_keys[:self.first], self.first_ranks[:self.first]
                self.first = 0
            self.top_first = self._first_entry()
        return entry

    def pop_min(self):
        """``(g, rank)`` of the live split of least g, lowest rank on ties (exact), or None
        when no split is left.  When the least integer key is shared, the entries with that key
        move to ``tied``, a heap of exact ``(g, rank)`` pairs, and leave it first (every other
        entry has a larger key, so a larger g); re-keyed entries with that key join them.

        Returns
        -------
        tuple or None
            ``(g, rank)`` with g a ``flint.fmpq``.

        Examples
        --------
        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> WeakestLinks(t, "gini").pop_min()
        (2/9, 0)
        """
        import heapq
        tied, alive, state, shift = self.tied, self.alive, self.state, self.shift
        mask = (1 << shift) - 1
        while True:
            if tied:
                g, s = heapq.heappop(tied)
                if not tied:
                    self.tie_key = None
            else:
                entry = self._pop_entry()
                if entry == _END:
                    return None
                s, g = entry & mask, None
            if not alive[s]:
                continue
            if state[s]:
                if state[s] == _DIRTY:
                    self._refresh(s)
                state[s] = _FRESH
                self._push(s)
                continue
            if g is None:
                key = entry >> shift
                if self._least_entry() >> shift == key:     # a shared integer key: order by the exact g
                    self.tie_key = key
                    heapq.heappush(tied, (self.g(s), s))
                    while self._least_entry() >> shift == key:
                        t = self._pop_entry() & mask
                        if alive[t]:          # a stale or dirty one's g is at least key 2^-64
                            heapq.heappush(tied, (self.g(t) if not state[t] else flint.fmpq(key, 1 << 64), t))
                    continue
                g = self.g(s)
            return g, s

    def one_at_a_time(self) -> tuple:
        """scikit-learn's order: the full tree at alpha 0, then one cut per stage.

        Returns
        -------
        tuple
            ``(alphas, leaves, ends)``: per stage its alpha (``flint.fmpq``), the leaves of its
            tree and the end of its cuts in :attr:`cut_order` (an ``array("q")`` each but the
            first, a list).

        See Also
        --------
        ties_together : Breiman's order, the links of equal g cut in one stage.

        Examples
        --------
        The tree root (4, 2) -> c1 (3, 0), c2 (1, 2): g(root) = (2/6 - 1/6) / (2 - 1) = 1/6.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> alphas, leaves, ends = WeakestLinks(t, "misclassification").one_at_a_time()
        >>> [str(a) for a in alphas], list(leaves), list(ends)
        (['0', '1/6'], [2, 1], [0, 1])
        """
        alphas, leaves = [flint.fmpq(0)], array.array("q", [self.full_leaves])
        while (top := self.pop_min()) is not None:
            alpha, s = top
            self.cut(s)
            alphas.append(alpha)
            leaves.append(self.leaves_now)
        self._release()
        return alphas, leaves, array.array("q", range(len(alphas)))

    def ties_together(self, decider: Optional[Decider] = None) -> tuple:
        """Breiman's order: all weakest links of equal g (compared exactly by ``decider``) cut
        in one stage; the full tree first if it is the smallest optimum at alpha 0.

        Parameters
        ----------
        decider : Decider, optional
            The decision kernel that settles "is the next g equal to the stage's alpha?" (its
            exact route: the g are exact) and counts the routes; a new one if omitted.

        Returns
        -------
        tuple
            ``(alphas, leaves, ends)`` as :meth:`one_at_a_time` returns them.

        See Also
        --------
        one_at_a_time : scikit-learn's order, one cut per stage.

        Examples
        --------
        The tree of :meth:`one_at_a_time` with c1 split into (2, 0), (1, 0): c1's g is 0, so the
        smallest optimum at alpha 0 already cuts it.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [
        ...     {"counts": [3, 0], "children": [{"counts": [2, 0]}, {"counts": [1, 0]}]}, {"counts": [1, 2]}]})
        >>> alphas, leaves, ends = WeakestLinks(t, "misclassification").ties_together()
        >>> [str(a) for a in alphas], list(leaves), list(ends)
        (['0', '1/6'], [2, 1], [1, 2])
        """
        decider = Decider() if decider is None else decider
        alphas, leaves, ends = [], array.array("q"), array.array("q")
        top = self.pop_min()
        while top is not None:
            alpha = top[0]
            while top is not None and decider.exact_sign(top[0] - alpha) == 0:
                if self.alive[top[1]]:
                    self.cut(top[1])
                top = self.pop_min()
            alphas.append(alpha)
            leaves.append(self.leaves_now)
            ends.append(len(self.cut_order))
        if not alphas or alphas[0] != 0:        # the full tree is the smallest optimum at 0
            alphas.insert(0, flint.fmpq(0))
            leaves.insert(0, self.full_leaves)
            ends.insert(0, 0)
        self._release()
        return alphas, leaves, ends

    def _release(self) -> None:
        """Drop the pass's state once every split is cut: the stages keep only the cut order,
        the splits' array indices and the totals."""
        del self.heap, self.first_keys, self.first_ranks, self.tied, self.own, self.below, self.at_leaf_children
        del self.n_leaves, self.span, self.parent
        del self.alive, self.state, self.pending


_END = 1 << 160      # past every entry of :class:`WeakestLinks` (keys < 2^64, ranks < 2^96)
_FRESH, _STALE, _DIRTY = 0, 1, 2     # a split's N R(T_t), leaf count and heap key: all current;
# current values, the key a lower bound; values with changes pending below (the key a lower bound)


_FRACTION_BITS = 80     # of a packed Gini cost (:func:`_packed`): the keys' 64 and 16 to spare


def _error_bits(leaves: int) -> int:
    """The bits that hold the count of rounded leaves in a packed sum over at most ``leaves``
    leaves (:func:`_packed`).

    >>> _error_bits(1), _error_bits(255), _error_bits(256)
    (1, 8, 9)
    """
    return leaves.bit_length()


def _packed(numerator: int, n: int, width: int) -> int:
    """N R = numerator / n (n > 0) as one integer: floor(N R 2^80) shifted left by ``width``
    bits, plus 1 if that floor rounded.  A sum of packed values over a set of leaves is the sum
    of their floors shifted, plus the number of them rounded (below 2^width: the low bits), so
    N R(T_t) 2^80 lies in [F, F + e] for F = sum >> width and e = sum mod 2^width; and a
    subtree's packed sum subtracted from its ancestor's leaves the packed sum over the other
    leaves, exactly (integer arithmetic).

    >>> _packed(2, 2, 4) == 1 << 80 << 4, _packed(1, 3, 4) == ((1 << 80) // 3) << 4 | 1
    (True, True)
    """
    floor, rest = divmod(numerator << _FRACTION_BITS, n)
    return floor << width | (rest != 0)


def _parent_ranks(span) -> array.array:
    """The parent's pre-order rank of each split (-1: the root) from the spans (``span[r]``:
    the splits in the subtree of rank r, itself included): the last earlier rank whose span
    reaches past r.

    >>> _parent_ranks(array.array("i", [4, 2, 1, 1]))   # root; its children 1 (over 2) and 3
    array('i', [-1, 0, 1, 0])
    """
    parent = array.array(span.typecode, bytes(len(span) * span.itemsize))
    open_: list = []                  # the ranks whose subtree holds the current rank
    for r in range(len(span)):
        while open_ and open_[-1] + span[open_[-1]] <= r:
            open_.pop()
        parent[r] = open_[-1] if open_ else -1
        open_.append(r)
    return parent


def _int_column(values, most: int = 0) -> "array.array | list":
    """An integer numpy array as an ``array("i")`` when its values and ``most`` (the largest
    value it will hold) fit in 32 bits, else ``array("q")`` (4 or 8 bytes an entry, Python ints
    on access), or as a list of Python ints when it is an object array (integers past int64).

    >>> import numpy as np
    >>> _int_column(np.array([5, -1])), _int_column(np.array([5]), 2 ** 31)
    (array('i', [5, -1]), array('q', [5]))
    >>> _int_column(np.array([2 ** 70], dtype=object))
    [1180591620717411303424]
    """
    if values.dtype == object:
        return values.tolist()
    wide = max(most, int(values.max(initial=0)), -1 - int(values.min(initial=0))) >= 2 ** 31
    code = "q" if wide else "i"
    return array.array(code, values.astype("int64" if wide else "int32", copy=False).tobytes())


def _costs_and_totals(arrays, cost: str, splits) -> tuple:
    """For the nodes ``splits`` (array indices, by rank): N R(t) (:func:`node_cost` times N) - the
    errors, an integer column, or for the Gini cost the pair (n^2 - sum_j n_j^2, n) of integer
    columns - and N R(T_t), the cost of the leaves below, bottom-up level by level (the
    misclassification cost: an integer column; Gini: :func:`_packed` integers, a list); the int64
    array of the leaf counts |T_t| of every node; N R(T) of the whole tree, exactly (an int or an
    fmpq); and for the Gini cost the exact N R of each split's leaf children, summed (a list of
    fmpq and 0 by rank, None when every leaf is pure)."""
    import numpy as np
    sizes = arrays.sizes
    leaves = arrays.sums_from_leaves(np.ones(arrays.n_nodes, dtype=np.int64))
    if cost == "misclassification":
        below = sizes - arrays.majority
        own: object = _int_column(below[splits])
        most = int(below.max(initial=0))      # N R(T_t) stays <= errors of the root
        arrays.sums_from_leaves(below)
        return own, _int_column(below[splits], most), leaves, int(below[0]), None
    counts = arrays.counts
    if counts.dtype != object and int(sizes.max(initial=0)) >= 2 ** 31:     # squares would pass int64
        counts, sizes = counts.astype(object), sizes.astype(object)
    impure = sizes * sizes - functools.reduce(operator.add, (column * column for column in counts.T))
    own = (_int_column(impure[splits]), _int_column(sizes[splits]))
    leaf = np.flatnonzero((arrays.n_children == 0) & (impure != 0))     # the impure leaves
    numerators, denominators = impure[leaf].tolist(), sizes[leaf].tolist()
    full = _fraction_sum(numerators, denominators)
    if not leaf.size:                      # every leaf pure: nothing below any split costs anything yet
        return own, [0] * len(splits), leaves, full, None
    width = _error_bits(int(leaves[0]))
    below = np.zeros(arrays.n_nodes, dtype=object)
    below[leaf] = [_packed(p, n, width) for p, n in zip(numerators, denominators)]
    exact = np.zeros(arrays.n_nodes, dtype=object)
    exact[leaf] = [flint.fmpq(p, n) for p, n in zip(numerators, denominators)]
    del impure, leaf, numerators, denominators
    arrays.sums_from_leaves(below)
    at_leaf_children = arrays.child_sums(splits, exact).tolist() if len(splits) else []
    return own, below[splits].tolist(), leaves, full, at_leaf_children


def _fraction_sum(numerators: Sequence[int], denominators: Sequence[int]) -> flint.fmpq:
    """sum_i p_i / n_i exactly (n_i > 0): the numerators of equal denominators added as
    integers, then over one common denominator (one gcd at the end).

    >>> _fraction_sum([1, 1, 3, 5], [2, 3, 2, 6])        # (3 + 2 + 9 + 5) / 6
    19/6
    >>> _fraction_sum([], [])
    0
    """
    by_denominator: Dict[int, int] = {}
    for p, n in zip(numerators, denominators):
        by_denominator[n] = by_denominator.get(n, 0) + p
    common = math.lcm(*by_denominator)
    return flint.fmpq(sum(p * (common // n) for n, p in by_denominator.items()), common)


