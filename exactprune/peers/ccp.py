"""Cost-complexity pruning (CCP), CART's weakest-link pruning (Breiman et al. 1984 ch 3;
Zhong 5.1), with exact rational alphas.

* :func:`ccp_sequence`: the minimal cost-complexity pruning sequence (Breiman et al. 3.3) for
  the misclassification cost R(t) = errors(t)/N (Zhong's) or the Gini impurity weighted by
  node size (scikit-learn's) (:func:`node_cost`), pruning all weakest links of equal alpha
  together (``ties="all"``, Breiman, C5.0) or one at a time in scikit-learn's order
  (``ties="sklearn"``).
* :func:`ccp_alphas` and :func:`ccp_subtree_at`: for every split the alpha at which it
  becomes a leaf, and the smallest optimal subtree at any alpha.  The cross-validation fold
  trees use an equal computation on scikit-learn's arrays (``_ccp_collapse_alphas``).
* :func:`ccp_cv_select`: tree selection by V-fold cross-validation with the 1-SE rule
  (Breiman et al. 3.4), each fold tree's held-out errors counted for all CV points at once;
  :func:`predict_with_leaves` predicts with a pruned scikit-learn tree.
"""
from __future__ import annotations

import array
import collections.abc
import functools
import itertools
import math
import operator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Dict, Optional, Sequence

import flint

from ..certify import Decider
from ..numbers import exact, fraction_str, positive_int, to_fraction
from ..tree import Node, Tree, as_tree, copy_with_leaves, node_name, require_integer_counts, sklearn_counts

if TYPE_CHECKING:
    import numpy as np

__all__ = ["node_cost", "CCPStage", "CCPSequence", "ccp_sequence", "ccp_alphas", "ccp_subtree_at",
           "CCPCVResult", "ccp_cv_select", "predict_with_leaves"]


def node_cost(node: Node, total: int, cost: str = "misclassification") -> Fraction:
    """R(t) for CCP: errors(t)/N ("misclassification", Zhong 5.1) or
    (n_t/N) * (1 - sum_j (n_j/n_t)^2) ("gini", scikit-learn), exactly.

    >>> node_cost(Node((0, 49, 5)), 150), node_cost(Node((0, 49, 5)), 150, "gini")
    (Fraction(1, 30), Fraction(49, 810))
    """
    if cost == "misclassification":
        return Fraction(node.errors, total)
    if cost == "gini":
        n = node.n
        if n == 0:
            return Fraction(0)
        return Fraction(n, total) * (1 - sum(Fraction(c, n) ** 2 for c in node.counts))
    raise ValueError(f"cost must be 'misclassification' or 'gini', got {cost!r}")


class CCPStage:
    """A member of the CCP sequence: optimal for alpha_from <= alpha < alpha_to (None: for
    every larger alpha).  ``cost`` is R(T) of the stage's tree, ``pruned`` the names of the
    splits it cuts, ``tree`` its tree.  Stages are made on access from :class:`CCPStages`,
    which keeps one exact alpha per stage and integers; the Fractions, names and trees are
    built for the stages a caller reads.

    By hand on the tree root (4, 2) -> c1 (3, 0), c2 (1, 2) (N = 6, misclassification cost):
    R(root) = 2/6 and R(T) = (0 + 1)/6, so g(root) = (2/6 - 1/6) / (2 - 1) = 1/6; the full tree
    is optimal for 0 <= alpha < 1/6, the root alone from 1/6 on.

    >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
    >>> ccp_sequence(t).stages[1]
    CCPStage(alpha_from=1/6, leaves=1, pruned=['root'])
    """

    def __init__(self, stages: "CCPStages", index: int):
        self._stages, self._index = stages, index

    @functools.cached_property
    def alpha_from(self) -> Fraction:
        """The least alpha at which this stage is optimal (the tree above: 1/6 = g(root)).

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> [s.alpha_from for s in ccp_sequence(t).stages]
        [Fraction(0, 1), Fraction(1, 6)]
        """
        return to_fraction(self._stages.alpha(self._index))

    @property
    def alpha_to(self) -> Optional[Fraction]:
        """The next stage's ``alpha_from`` (None for the last stage).

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> [s.alpha_to for s in ccp_sequence(t).stages]
        [Fraction(1, 6), None]
        """
        i = self._index + 1
        return to_fraction(self._stages.alpha(i)) if i < len(self._stages) else None

    @property
    def leaves(self) -> int:
        """The number of leaves of the stage's tree (the tree above: 2, then the root alone).

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> [s.leaves for s in ccp_sequence(t).stages]
        [2, 1]
        """
        return int(self._stages.leaves[self._index])

    @functools.cached_property
    def pruned(self) -> list:
        """The names of the splits this stage makes leaves, in cut order.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> [s.pruned for s in ccp_sequence(t).stages]
        [[], ['root']]
        """
        return self._stages.pruned(self._index)

    @functools.cached_property
    def cost(self) -> Fraction:
        """R(T) of the stage's tree, exactly.  The tree above: misclassification 1/6, then
        2/6; Gini (n_t/N)(1 - sum_j p_j^2): c2 gives (3/6)(1 - 1/9 - 4/9) = 2/9, the root
        1 - 16/36 - 4/36 = 4/9.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> [s.cost for s in ccp_sequence(t).stages], [s.cost for s in ccp_sequence(t, "gini").stages]
        ([Fraction(1, 6), Fraction(1, 3)], [Fraction(2, 9), Fraction(4, 9)])
        """
        return to_fraction(self._stages.cost(self._index))

    @functools.cached_property
    def tree(self) -> Tree:
        """The stage's tree: the full tree with the splits cut so far made leaves.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> [s.tree.root.is_leaf for s in ccp_sequence(t).stages]
        [False, True]
        """
        return self._stages.tree(self._index)

    def as_dict(self) -> dict:
        """The stage as JSON-ready values (exact rationals as strings).

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t).stages[1].as_dict()
        {'alpha_from': '1/6', 'alpha_to': None, 'alpha_from_approx': 0.16666666666666666,
         'leaves': 1, 'pruned': ['root'], 'cost': '1/3'}
        """
        return {"alpha_from": fraction_str(self.alpha_from),
                "alpha_to": None if self.alpha_to is None else fraction_str(self.alpha_to),
                "alpha_from_approx": float(self.alpha_from), "leaves": self.leaves,
                "pruned": self.pruned, "cost": fraction_str(self.cost)}

    def __repr__(self) -> str:
        return f"CCPStage(alpha_from={self.alpha_from}, leaves={self.leaves}, pruned={self.pruned})"


class CCPStages(collections.abc.Sequence):
    """The stages of a CCP sequence, kept compactly: per stage its exact alpha (``flint.fmpq``),
    leaf count and the end of its cuts in the cut order (integer arrays); :class:`CCPStage`
    objects are made on access.  A stage's cost needs no record: cutting links of
    g = alpha removes R(t) - R(T_t) = alpha (|leaves(T_t)| - 1) per cut, so
    R(T_s) = R(T_{s-1}) + alpha_s (L_{s-1} - L_s) from the full tree's R(T_0)
    (computed for all stages on the first access of a cost).

    >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
    >>> stages = ccp_sequence(t).stages    # the tree of :class:`CCPStage`
    >>> len(stages), stages[-1].leaves, [s.leaves for s in stages[:]]
    (2, 1, [2, 1])
    """

    def __init__(self, links: "_WeakestLinks", alphas: list, leaves, ends):
        self._links, self._alphas = links, alphas
        self.leaves, self._ends = leaves, ends
        self._costs: Optional[list] = None

    def __len__(self) -> int:
        return len(self._alphas)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("stage index out of range")
        return CCPStage(self, index)

    def alpha(self, i: int) -> flint.fmpq:
        """Stage ``i``'s alpha_from as a ``flint.fmpq``.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t, "gini").stages.alpha(1)    # g(root) = 4/9 - 2/9
        2/9
        """
        return self._alphas[i]

    def _cuts(self, i: int) -> "np.ndarray":
        """The array indices of the nodes cut by stage ``i``, in cut order."""
        start = self._ends[i - 1] if i else 0
        return self._links.cut_nodes(start, self._ends[i])

    def pruned(self, i: int) -> list:
        """The names of the splits stage ``i`` cuts.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t).stages.pruned(1)
        ['root']
        """
        return self._links.arrays.names_of(self._cuts(i))

    def cost(self, i: int) -> flint.fmpq:
        """R(T) of stage ``i``'s tree as a ``flint.fmpq``: R(T_0) + sum of alpha_s (L_(s-1) - L_s).
        The tree above, Gini: 2/9 + (2/9)(2 - 1) = 4/9 = R(root).

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t, "gini").stages.cost(1)
        4/9
        """
        if self._costs is None:
            cost, costs, before = self._links.full_cost(), [], self._links.full_leaves
            for alpha, leaves in zip(self._alphas, self.leaves):
                cost = cost + alpha * (before - leaves)
                costs.append(cost)
                before = leaves
            self._costs = costs
        return self._costs[i]

    def tree(self, i: int) -> Tree:
        """Stage ``i``'s tree.

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t).stages.tree(0)
        Tree(2 leaves, 2 classes, root counts [4, 2])
        """
        import numpy as np
        kept = np.ones(self._links.arrays.n_nodes, dtype=bool)
        kept[self._links.cut_nodes(0, self._ends[i])] = False
        return self._links.tree.pruned_tree(kept)


@dataclass
class CCPSequence:
    """The CCP sequence of :func:`ccp_sequence`: the ``cost`` and ``ties`` it was computed
    with, its ``stages`` (:class:`CCPStage`, by increasing alpha) and ``routes``, how the
    tie decisions (is the next weakest link's g equal to the stage's alpha?) were settled by
    the decision kernel (exact rationals: the g are exact).

    >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
    >>> seq = ccp_sequence(t, "gini", "sklearn")    # the tree of :class:`CCPStage`
    >>> seq.cost, seq.ties, len(seq.stages)
    ('gini', 'sklearn', 2)
    """

    cost: str
    ties: str
    stages: Sequence
    routes: Optional[dict] = None

    @property
    def alphas(self) -> list:
        """The stages' alpha_from (the tree of :class:`CCPStage`, Gini: 0 and g(root) = 2/9).

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t, "gini").alphas
        [Fraction(0, 1), Fraction(2, 9)]
        """
        return [s.alpha_from for s in self.stages]

    def as_dict(self) -> dict:
        """The sequence as JSON-ready values (:meth:`CCPStage.as_dict` per stage).

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> d = ccp_sequence(t).as_dict()
        >>> d["cost"], d["ties"], [(s["alpha_from"], s["cost"]) for s in d["stages"]]
        ('misclassification', 'all', [('0', '1/6'), ('1/6', '1/3')])
        """
        return {"cost": self.cost, "ties": self.ties, "stages": [s.as_dict() for s in self.stages]}


def ccp_sequence(tree: Tree, cost: str = "misclassification", ties: str = "all") -> CCPSequence:
    """CART's minimal cost-complexity pruning sequence with exact alphas (Breiman et al. 3.3).

    ``ties="all"``: stage i is the smallest tree minimising R(T) + alpha |leaves| for
    alpha_from <= alpha < alpha_to; all weakest links with equal g(t) = (R(t) - R(T_t)) /
    (|leaves(T_t)| - 1) are pruned together (Breiman; C5.0), the first stage being the
    smallest tree optimal at alpha = 0.
    ``ties="sklearn"``: scikit-learn's ``ccp_pruning_path`` order - the first stage is the
    full tree at alpha 0, then one node per step, the first (pre-order) node of minimal
    g, so entries match scikit-learn's ``ccp_alphas`` one by one.

    Weakest links come from a priority queue ordered exactly by (g, pre-order index); after a cut
    only the ancestors' g change, and never downwards, so their entries are re-keyed lazily when
    they come first.  A cut does not walk its ancestors: its change of R(T_a) and of the leaf
    counts waits at its parent, the ancestors are marked dirty up to the first one already dirty,
    and a dirty split is brought up to date, with the dirty splits below it, when it comes first.
    The pass runs over the count arrays (splits by pre-order rank; integer costs; for Gini,
    fixed-point integers with exact error bounds, exact rationals summed over the current leaves
    only for the link cut and for keys the bounds leave open); the stages are kept
    compactly (:class:`CCPStages`: an exact alpha and integers per stage); their Fractions, names,
    costs and trees are made on access.

    >>> from exactprune.tree import iris_tree
    >>> [str(s.alpha_from) for s in ccp_sequence(iris_tree()).stages]    # Zhong Figure B.1
    ['0', '1/150', '1/75', '22/75', '1/3']
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"ccp_sequence needs a Tree, got {type(tree).__name__}")
    if cost not in ("misclassification", "gini"):
        raise ValueError(f"cost must be 'misclassification' or 'gini', got {cost!r}")
    if ties not in ("all", "sklearn"):
        raise ValueError(f"ties must be 'all' or 'sklearn', got {ties!r}")
    require_integer_counts(tree.arrays(), "the exact CCP path",
                           "its costs are kept as integers times N (flint fmpz/fmpq from integer counts)")
    links, decider = _WeakestLinks(tree, cost), Decider()
    stages = links.one_at_a_time() if ties == "sklearn" else links.ties_together(decider)
    return CCPSequence(cost, ties, stages, dict(decider.routes))


class _WeakestLinks:
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
    re-keying)."""

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
        """g(t) at the live split of rank ``s``, exactly (its leaf count current: fresh)."""
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
        """R(T) of the full tree."""
        return flint.fmpq(self.root_below) / self.total

    def cut_nodes(self, start: int, end: int) -> "np.ndarray":
        """The array indices of the splits cut ``start`` to ``end - 1`` (cut order)."""
        import numpy as np
        return self.nodes[np.frombuffer(self.cut_order, dtype=self.cut_order.typecode)[start:end]]

    def cut(self, s: int) -> None:
        """Make the split of rank ``s`` (fresh: popped by :meth:`pop_min`) a leaf: the splits
        below leave the tree.  Its ancestors' N R(T_a) and leaf counts change by
        (N R(t) - N R(T_t), 1 - |leaves(T_t)|): the change waits in ``pending`` at the parent,
        and the ancestors are marked dirty up to the first one already dirty (every ancestor of
        a dirty split is dirty), to be brought up to date by :meth:`_refresh` when popped."""
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
            change = pending.pop(d, None)
            if change is None:
                continue
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
        entry has a larger key, so a larger g); re-keyed entries with that key join them."""
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

    def one_at_a_time(self) -> "CCPStages":
        """scikit-learn's order: the full tree at alpha 0, then one cut per stage."""
        alphas, leaves = [flint.fmpq(0)], array.array("q", [self.full_leaves])
        while (top := self.pop_min()) is not None:
            alpha, s = top
            self.cut(s)
            alphas.append(alpha)
            leaves.append(self.leaves_now)
        self._release()
        return CCPStages(self, alphas, leaves, array.array("q", range(len(alphas))))

    def ties_together(self, decider: Decider) -> "CCPStages":
        """Breiman's order: all weakest links of equal g (compared exactly by ``decider``) cut
        in one stage; the full tree first if it is the smallest optimum at alpha 0."""
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
        return CCPStages(self, alphas, leaves, ends)

    def _release(self) -> None:
        """Drop the pass's state once every split is cut: the stages keep only the cut order,
        the splits' array indices and the totals."""
        del self.heap, self.first_keys, self.first_ranks, self.tied, self.own, self.below, self.at_leaf_children
        del self.n_leaves, self.span, self.parent
        del self.alive, self.state, self.pending


_END = 1 << 160      # past every entry of :class:`_WeakestLinks` (keys < 2^64, ranks < 2^96)
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
    leaves = np.ones(arrays.n_nodes, dtype=np.int64)
    for level in arrays.splits_bottom_up():
        leaves[level] = arrays.child_sums(level, leaves)
    if cost == "misclassification":
        below = sizes - arrays.majority
        own: object = _int_column(below[splits])
        most = int(below.max(initial=0))      # N R(T_t) stays <= errors of the root
        for level in arrays.splits_bottom_up():
            below[level] = arrays.child_sums(level, below)
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
    for level in arrays.splits_bottom_up():
        below[level] = arrays.child_sums(level, below)
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


def ccp_alphas(tree: Tree) -> Dict[str, Fraction]:
    """For every split, the alpha at which it becomes a leaf in CART's misclassification-cost
    weakest-link sequence (Breiman et al. 3.3): read off
    :func:`ccp_sequence` (``ties="all"``); splits removed with an
    ancestor get the ancestor's alpha.  With :func:`ccp_subtree_at` this gives the smallest
    optimal subtree at any alpha.

    >>> from exactprune.tree import iris_tree
    >>> sorted(set(ccp_alphas(iris_tree()).values()))
    [Fraction(0, 1), Fraction(1, 150), Fraction(1, 75), Fraction(22, 75), Fraction(1, 3)]
    """
    tree = as_tree(tree)
    by_name = {node.name: node for node in tree.root.walk()}
    out: Dict[str, Fraction] = {}
    for stage in ccp_sequence(tree).stages:          # misclassification cost, ties="all"
        for name in stage.pruned:
            for node in by_name[name].walk():
                if node.children and node.name not in out:
                    out[node.name] = stage.alpha_from
    return out


def _ccp_collapse_alphas(kids: list, errs: list, total: int) -> list:
    """:func:`ccp_alphas` on index arrays (parents before children), for the fold trees of
    :func:`ccp_cv_select` read straight from scikit-learn's arrays (no count-tree
    conversion, no stage trees): per node, the least alpha (a Fraction) at which it is not
    a split of the smallest optimal subtree (None for leaves); equal alphas are one object.

    Bottom-up on the optimal-cost functions F_t(a) = min over prunings T' of the subtree at
    t of (errors(T') + a |leaves(T')|) (units of 1/N): concave, piecewise linear, kept as
    the line beyond the last breakpoint plus a max-heap of breakpoints merged small-to-large.
    F_t = min(errors(t) + a, sum of the children's F) and sum F_c - errors(t) - a has slope
    >= 1, so t collapses from one exact crossing a*(t) on (breakpoints right of it are
    popped); a split's alpha is the least a* over itself and its ancestors.  Exact
    (``flint.fmpq``), O(n log^2 n).  Equal to :func:`ccp_alphas` (tests: hypothesis count
    trees and grown scikit-learn trees)."""
    import heapq
    n = len(kids)
    own: list = [None] * n
    state: list = [None] * n   # (A, s, heap): F(a) = A + s a beyond the heap's max breakpoint
    tick = itertools.count()
    for i in reversed(range(n)):     # children before parents
        err = flint.fmpq(int(errs[i]))
        if not kids[i]:
            state[i] = (err, 1, [])
            continue
        parts = [state[c] for c in kids[i]]
        for c in kids[i]:
            state[c] = None          # memory: a merged child's heap is not needed again
        parts.sort(key=lambda k: -len(k[2]))
        A, s, heap = parts[0]
        for A2, s2, h2 in parts[1:]:
            A += A2
            s += s2
            for item in h2:
                heapq.heappush(heap, item)
        while True:
            cross = (err - A) / (s - 1)
            if heap and cross < -heap[0][0]:
                negb, _, d = heapq.heappop(heap)
                A = A + d * negb          # A - d b: left of breakpoint b the slope is s + d
                s += d
                continue
            break
        own[i] = cross
        heapq.heappush(heap, (-cross, next(tick), s - 1))
        state[i] = (err, 1, heap)
    # min over ancestors-or-self, in units of 1/N
    N = flint.fmpq(int(total))
    alpha: list = [None] * n
    cache: dict = {}
    bound: list = [None] * n
    for i in range(n):
        if not kids[i]:
            continue
        a = own[i] if bound[i] is None or own[i] < bound[i] else bound[i]
        for c in kids[i]:
            bound[c] = a
        v = cache.get(a)
        if v is None:
            q = a / N
            v = cache[a] = Fraction(int(q.p), int(q.q))
        alpha[i] = v
    return alpha


def ccp_subtree_at(tree: Tree, alphas: Dict[str, Fraction], alpha) -> set:
    """Names of the topmost collapsed nodes of the smallest subtree optimal at ``alpha``
    (exact or a ``(a, b)`` pair meaning the geometric mean sqrt(a b), compared exactly);
    ``alphas`` from :func:`ccp_alphas`.

    >>> from exactprune.tree import iris_tree
    >>> t = iris_tree()
    >>> sorted(ccp_subtree_at(t, ccp_alphas(t), Fraction(1, 75))), sorted(ccp_subtree_at(t, ccp_alphas(t), 1))
    (['c21', 'c22'], ['root'])
    """
    def collapsed_at(a):
        if isinstance(alpha, tuple):
            lo, hi = alpha
            return hi is None or a * a <= lo * hi
        return a <= alpha
    out = set()
    stack = [tree.root]
    while stack:
        node = stack.pop()
        if node.is_leaf:
            continue
        if collapsed_at(alphas[node.name]):
            out.add(node.name)
        else:
            stack.extend(node.children)
    return out


@dataclass
class CCPCVResult:
    """CCP with V-fold CV: the chosen ``alpha`` (a stage start, exact), the pruned
    ``tree``, the stage alphas, CV error rates per stage (Fractions), their SE (floats)
    and the index of the minimum and of the 1-SE choice.

    >>> import numpy as np      # x = 0..19, class x >= 10: the example of :func:`ccp_cv_select`
    >>> r = ccp_cv_select(np.arange(20).reshape(-1, 1), np.arange(20) >= 10, V=5)
    >>> r.alpha, r.collapsed, r.tree.n_leaves, r.best, r.chosen
    (Fraction(0, 1), set(), 2, 0, 0)
    """

    alpha: Fraction
    tree: Tree
    collapsed: set
    stage_alphas: list
    cv_errors: list
    cv_se: list
    best: int
    chosen: int


def _sk_names(tree_) -> list:
    """Positional names (Zhong App B) of the nodes of a scikit-learn ``tree_``
    (:func:`exactprune.tree.sklearn_names`)."""
    from ..tree import sklearn_names
    return sklearn_names(tree_)


class _LeafPredictor:
    """Predictions of pruned versions of one fitted ``DecisionTreeClassifier`` on fixed X
    (names, decision paths and labels computed once)."""

    def __init__(self, estimator, X):
        import numpy as np
        tree_ = estimator.tree_
        self.names = _sk_names(tree_)
        self.left, self.right = tree_.children_left, tree_.children_right
        self.path = estimator.decision_path(X).tocsc()
        self.labels = estimator.classes_[np.argmax(tree_.value[:, 0, :], axis=1)]

    def predict(self, collapsed_names: set):
        import numpy as np
        stack, found = [0], []
        while stack:                     # walk down to the leaves of the pruned tree
            i = stack.pop()
            if self.left[i] == -1 or self.names[i] in collapsed_names:
                found.append(i)
            else:
                stack.extend((self.left[i], self.right[i]))
        ids = np.array(sorted(found))
        sub = self.path[:, ids].tocsr()
        return self.labels[ids[sub.indices]]


def predict_with_leaves(estimator, collapsed_names: set, X):
    """Predictions of the pruned version of a fitted ``DecisionTreeClassifier`` in
    which the named nodes are leaves (label: majority of training counts, first on ties).

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> est = DecisionTreeClassifier().fit([[0], [1], [2]], [0, 1, 1])
    >>> predict_with_leaves(est, set(), [[0], [2]]).tolist(), predict_with_leaves(est, {"root"}, [[0], [2]]).tolist()
    ([0, 1], [1, 1])
    """
    return _LeafPredictor(estimator, X).predict(collapsed_names)


def ccp_cv_select(X, y, V: int = 10, se_rule="1", random_state: int = 0, tree_params=None,
                  grown=None) -> CCPCVResult:
    """CART's CCP with tree selection by V-fold cross-validation and the 1-SE rule
    (Breiman et al. 3.4.2-3.4.3; Zhong 6.3 "default parameters").

    The tree grown on all of (X, y) gives the stage alphas a_0 < a_1 < ...; each
    fold tree is pruned at the geometric means sqrt(a_k a_{k+1}) (exact comparisons)
    and scored on its held-out fold.  R_k = CV errors / N, SE_k = sqrt(R_k (1 - R_k) / N);
    the chosen stage is the smallest tree with R_k <= min R + se_rule * SE_min
    (``se_rule="0"`` is the minimum).  ``grown`` may pass the full tree already
    fitted with the same parameters.

    By hand: x = 0..19 with class x >= 10, 5 stratified folds.  The full tree is one split,
    g(root) = (10/20 - 0) / (2 - 1), so the stage alphas are 0 and 1/2.  At alpha 0 every fold
    tree splits at the midpoint of its training points next to 9.5 and sends x <= threshold
    left: one fold trains on 9 and 11 (threshold 10) and holds out 10, the only CV error:
    R_0 = 1/20.  At the root every balanced fold predicts class 0 (first of equal counts): the
    10 held-out points of class 1 are wrong, R_1 = 1/2 > 1/20 + SE_0, so the full tree is chosen.

    >>> import numpy as np
    >>> r = ccp_cv_select(np.arange(20).reshape(-1, 1), np.arange(20) >= 10, V=5)
    >>> r.stage_alphas, r.cv_errors, r.chosen
    ([Fraction(0, 1), Fraction(1, 2)], [Fraction(1, 20), Fraction(1, 2)], 0)
    >>> round(r.cv_se[0] ** 2 * 8000, 9)              # SE_0^2 = (1/20)(19/20)/20 = 19/8000
    19.0
    """
    import numpy as np
    from sklearn.model_selection import StratifiedKFold, KFold
    from sklearn.tree import DecisionTreeClassifier
    V = positive_int(V, "V")
    if V < 2:
        raise ValueError(f"V must be at least 2, got {V}")
    se_rule = exact(se_rule, "se_rule")
    params = dict(tree_params or {})
    params.setdefault("random_state", random_state)
    X = np.asarray(X)
    y = np.asarray(y)
    N = len(y)
    if grown is None:
        grown = DecisionTreeClassifier(**params).fit(X, y)
    full = Tree.from_sklearn(grown)
    alphas = ccp_alphas(full)
    stage_alphas = sorted(set(alphas.values()) | {Fraction(0)})
    points = [(stage_alphas[k], stage_alphas[k + 1] if k + 1 < len(stage_alphas) else None)
              for k in range(len(stage_alphas))]
    _, counts = np.unique(y, return_counts=True)
    splitter = (StratifiedKFold(V, shuffle=True, random_state=random_state) if counts.min() >= V
                else KFold(V, shuffle=True, random_state=random_state))
    K = len(points)

    def collapsed_at(a: Fraction, k: int) -> bool:      # as ccp_subtree_at at point k (at k = 0,
        lo, hi = points[k]                              # lo = 0: a <= 0 unless it is the only point)
        return hi is None or a * a <= lo * hi

    def first_point(a: Fraction) -> int:                # least k at which alpha a is collapsed
        lo, hi = 0, K                                   # collapsed_at is monotone in k
        while lo < hi:
            mid = (lo + hi) // 2
            if collapsed_at(a, mid):
                hi = mid
            else:
                lo = mid + 1
        return lo

    diff = np.zeros(K + 1, dtype=np.int64)
    for train, test in splitter.split(X, y):
        est = DecisionTreeClassifier(**params).fit(X[train], y[train])
        tr = est.tree_
        left, right = tr.children_left, tr.children_right
        counts = sklearn_counts(tr)
        errs = (counts.sum(axis=1) - counts.max(axis=1)).tolist()
        kids = [() if l == -1 else (l, r) for l, r in zip(left.tolist(), right.tolist())]
        fa = _ccp_collapse_alphas(kids, errs, len(train))
        # node v predicts for points k in [first_point(alpha_v), min over ancestors): one
        # difference-array update per node with the fold's held-out errors at v
        memo: dict = {}                                 # equal alphas are one object in fa
        start = [0] * len(kids)
        for v, a in enumerate(fa):
            if a is not None:
                k = memo.get(id(a))
                if k is None:
                    k = memo[id(a)] = first_point(a)
                start[v] = k
        # a node's alpha is the least over itself and its ancestors, so start[child] <= start[v]:
        # a child predicts from its own start until its parent's
        end = [K] * len(kids)
        for v, ch in enumerate(kids):                   # parents before children
            if ch:
                end[ch[0]] = end[ch[1]] = start[v]
        from scipy.sparse import csr_matrix
        path = est.decision_path(X[test]).tocsr()
        reach = np.asarray(path.sum(axis=0)).ravel()
        labels = np.argmax(counts, axis=1)
        J = len(est.classes_)
        yt = np.minimum(np.searchsorted(est.classes_, y[test]), J - 1)
        known = np.flatnonzero(est.classes_[yt] == y[test])  # a class unseen by the fold is always wrong
        onehot = csr_matrix((np.ones(len(known)), (yt[known], known)), shape=(J, len(yt)))
        by_class = (onehot @ path).toarray()             # J x nodes: held-out examples per class
        right_here = np.rint(by_class[labels, np.arange(len(kids))]).astype(np.int64)
        wrong_here = reach - right_here
        np.add.at(diff, np.array(start), wrong_here)    # start == end (never reached) adds 0
        np.add.at(diff, np.array(end), -wrong_here)
    wrong = np.cumsum(diff)[:K].tolist()
    R = [Fraction(w, N) for w in wrong]
    se = [math.sqrt(float(r * (1 - r)) / N) for r in R]
    best = min(range(len(R)), key=lambda k: (R[k], -k))
    # 1-SE: compare R_k <= R_best + c SE_best exactly: (R_k - R_best)^2 N <= c^2 R_best (1 - R_best)
    # (R_k >= R_best, so squaring keeps the order; k = best always qualifies)
    chosen = next(k for k in reversed(range(len(R)))
                  if (R[k] - R[best]) ** 2 * N <= se_rule * se_rule * R[best] * (1 - R[best]))
    alpha = stage_alphas[chosen]
    collapsed = ccp_subtree_at(full, alphas, alpha)
    return CCPCVResult(alpha, copy_with_leaves(full, collapsed), collapsed, stage_alphas, R, se,
                       best, chosen)
