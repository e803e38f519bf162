"""PruneTree (Zhong Fig 4.1): the pruning of a tree that minimises its k-th error moment, every
decision exact.

A split at t is kept iff R_tree < R_leaf - epsilon, R_leaf the k-th moment of t as a leaf (4.29)
and R_tree that of its subtree pruned optimally below (4.28); one bottom-up pass
(:func:`~exactprune.pruning.prune_bottom_up`).  A float64 filter with a rigorous relative error
bound settles clear cases (:class:`_FloatFilter`), and only comparisons too close to call fall
back to exact rationals (``flint.fmpq``) through the package's one exact subtree walk
(:class:`~exactprune.pruning.SubtreeWalk`) - the robust geometric-predicate pattern; above
``EXACT_K_LIMIT`` the comparisons the filter declines are certified arb signs, and a tie the
balls cannot settle goes to the exact route where it is cheap
(:meth:`_PruneTree._exact_beyond_limit`).  The float filter's leaf moments are log-Gamma images
above ``GAMMA_IMAGE_FROM`` (:func:`~exactprune.certify.rising_ratio_gamma_array`), so it costs
the same at any k below ``2**53``.  With epsilon 0, an order whose moments leave the float range
(below ``2**-900``; at large k and large counts) is filtered in the log domain instead
(:mod:`exactprune.certify.logs`: log moments with absolute bounds, subtree values as log-sums),
up to ``2**1000`` (beyond ``2**53`` on trees of ``_LOG_MIN_SPLITS`` splits or more); beyond, every
decision is an arb sign.  The number of fallbacks is reported.  :func:`prune_many` makes the
decisions at many k in one float pass (the filter's values over (nodes, orders)), an order whose
pass declines a decision decided by :func:`prune`'s route.
The formulas are :mod:`exactprune.knorm.moments`'.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence, Union

import flint
import numpy as np

from ..certify import (GAMMA_SHIFT, TINY, U, Approx, Decider, float_greater_array, log_greater_array, log_image_array,
                       log_product_array, log_rising_ratio_array, log_sum_array, product_rel, quotient_rel,
                       rising_ratio_rel, sum_rel, sum_rel_array, weighted_sum_rel)
from .. import limits
from ..limits import EXACT_K_LIMIT
from ..numbers import CertificationError, arb_of, check_k, rising_ratio_fmpq, to_fmpq, to_fraction
from ..formatting import knorm_decimal
from ..pruning import Pruning, SubtreeWalk, check_epsilon, prune_bottom_up
from ..tree import CountArrays, Node, Tree, has_fractional_counts
from .moments import (_TERM_REL, GAMMA_IMAGE_FROM, Prior, _float_or_inf, _leaf_images, child_weights, leaf_moment_arb,
                      leaf_terms)

__all__ = ["PruneResult", "prune", "prune_many"]


class PruneResult(Pruning):
    """Outcome of PruneTree at order ``k`` (a :class:`~exactprune.pruning.Pruning`).

    ``tree`` is the pruned tree (a new Tree; the input is untouched), ``moment`` its k-th
    moment (Fraction, or arb for k > EXACT_K_LIMIT), ``pruned`` the names of the topmost
    splits turned into leaves (in index order), ``kept_splits`` the decision at every split,
    ``comparisons`` the number of decisions, ``routes`` how each was settled by the decision
    kernel (:class:`~exactprune.certify.Decider`: ``float``, ``arb`` or ``exact``) and
    ``fallbacks`` how many of them the float filter could not settle.  ``tree``, ``pruned`` and
    ``moment`` are built on first access, so the decisions themselves cost one pass.

    Parameters
    ----------
    source : Tree
        The input tree (left untouched).
    k : int
        The moment order.
    engine : _PruneTree
        The PruneTree pass that made the decisions (built by :func:`prune`, which returns this
        result; its ``kept`` decisions and its decider's ``routes`` are read).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> result = prune(iris_tree(), 2)                  # Zhong Figure B.1(d)
    >>> result.pruned, result.tree.n_leaves, result.comparisons
    (['c21', 'c22'], 3, 7)
    """

    k: int      # always an order here (the base class allows None)

    def __init__(self, source: Tree, k: int, engine: "_PruneTree"):
        super().__init__(source, k, engine.kept, engine.decider.routes)
        self._engine = engine

    @property
    def tree(self) -> Tree:
        """The pruned tree (:meth:`~exactprune.tree.Tree.pruned_tree` of the decisions, given the
        nodes that remain from the float pass's breadth-first positions when it ran).

        >>> from exactprune.tree import iris_tree
        >>> small = prune(iris_tree(), 2).tree             # Zhong Figure B.1(d): c21 and c22 made leaves
        >>> small.n_leaves, small.arrays().names()
        (3, ['root', 'c1', 'c2', 'c21', 'c22'])
        """
        if not hasattr(self, "_tree"):      # (the remaining nodes from the pass's own positions and decisions)
            self._tree = self._source.pruned_tree(self._kept_splits, remaining=self._engine.remaining())
        return self._tree

    @property
    def moment(self):
        """The k-th moment of the pruned tree by (4.28)-(4.29), exact for k <= EXACT_K_LIMIT.

        >>> from exactprune.tree import iris_tree
        >>> F = Fraction
        >>> leaf = lambda b, n: (b + 1) * (b + 2) / ((n + F(3, 2)) * (n + F(5, 2)))    # (4.29), k = 2, c lam = 1
        >>> c2 = F(109, 202) * leaf(5, 54) + F(93, 202) * leaf(1, 46)       # c21 (0, 49, 5), c22 (0, 1, 45)
        >>> prune(iris_tree(), 2).moment == F(101, 302) * leaf(0, 50) + F(201, 302) * c2     # weights (n + 1/2)/(N + 1)
        True
        """
        if not hasattr(self, "_moment"):
            self._moment = self._engine.root_moment()
        return self._moment

    @property
    def norm(self) -> str:
        """The k-norm E[r^k]^(1/k), certified, to 10 significant digits.

        >>> from exactprune.tree import iris_tree
        >>> result = prune(iris_tree(), 2)
        >>> abs(float(result.norm) ** 2 - float(result.moment)) < 1e-12
        True
        """
        return knorm_decimal(self.moment, self.k, 10)


#: PruneTree's float pass trusts a non-zero weight >= _WEIGHT_FLOOR and a non-zero moment >=
#: _VALUE_FLOOR, so that every non-zero product of the two is at least TINY (no underflow)
_WEIGHT_FLOOR = 2.0 ** -60
_VALUE_FLOOR = TINY / _WEIGHT_FLOOR


#: nodes whose leaf moments (and splits whose child weights) PruneTree's float pass makes at a time
_LEAF_BLOCK = 1 << 14

#: the float images of the filter serve every k below this (the log-Gamma images of several orders need k < 2**53);
#: above, the log domain alone, with epsilon 0
_FLOAT_K_LIMIT = 2 ** 53

#: the filter's log domain serves every k below this (k - 16 has a finite float); above, and above
#: ``_FLOAT_K_LIMIT`` with epsilon > 0, every decision is a certified arb sign
_LOG_K_LIMIT = 2 ** 1000

#: from ``_FLOAT_K_LIMIT`` on, the log domain serves trees of at least this many splits (a cost rule, not a
#: bound): its pass costs about as much as this many arb signs (benchmarks/bench_prune_many.py), and the
#: walk's prunes at breakpoints beyond 2**53 ask it on trees of one split, at a near-tie it declines
_LOG_MIN_SPLITS = 6


def _filter_serves(k: int, n_splits: int) -> bool:
    """Whether the float filter runs at order ``k`` (integer counts, epsilon 0) on a tree of
    ``n_splits`` splits: every k below ``_FLOAT_K_LIMIT``; up to ``_LOG_K_LIMIT`` (its log
    domain) on a tree of at least ``_LOG_MIN_SPLITS`` splits.

    >>> [_filter_serves(k, splits) for k, splits in ((2 ** 53 - 1, 1), (2 ** 53, 1), (2 ** 53, 6), (2 ** 1000, 9))]
    [True, False, True, False]
    """
    return k < _FLOAT_K_LIMIT or (k < _LOG_K_LIMIT and n_splits >= _LOG_MIN_SPLITS)


class _PruneTree:
    """PruneTree's decisions on one tree, made whole by the constructor: every keep/prune
    decision a sign settled by the decision kernel :class:`~exactprune.certify.Decider`, the
    splits a level at a time from the deepest (:func:`~exactprune.pruning.prune_bottom_up`).

    For integer counts and k < ``_FLOAT_K_LIMIT`` = 2**53 (with epsilon 0, k < ``_LOG_K_LIMIT``
    = 2**1000: the filter's log domain) the float filter (:class:`_FloatFilter`) settles the
    clear decisions and hands the others one by one to the certified route: for
    k <= EXACT_K_LIMIT exact rationals (``flint.fmpq``) of the optimally pruned subtrees
    (:class:`~exactprune.pruning.SubtreeWalk`), above it a certified arb sign of R_leaf - epsilon
    - R_tree (the same walk in ball arithmetic; a tie there goes to the exact route where that is
    cheap, else raises CertificationError); beyond the filter's orders every decision takes that
    arb sign, one by one.  Rational counts (weighted counts,
    :func:`~exactprune.tree.has_fractional_counts`): the float filter's bounds assume integer
    counts (exact floats), so for k <= EXACT_K_LIMIT every comparison goes to exact rationals
    (the terms built from the counts as fmpq), and above it to certified arb signs as for
    integers (:func:`~exactprune.numbers.rising_ratio_arb` takes rational terms).

    After the constructor: ``kept`` (the decisions over node indices), ``decider`` (its
    ``routes``), :meth:`remaining` and :meth:`root_moment` (what :class:`PruneResult` reads).
    """

    def __init__(self, tree: Tree, k: int, prior: Prior, epsilon: Fraction):
        self.k, self.prior, self.epsilon = k, prior, epsilon
        a = self.arrays = _whole_counts_as_ints(tree.arrays())
        self.decider = Decider(max_prec=1 << 16)
        self.kept = np.zeros(a.n_nodes, dtype=bool)
        self._fractional = has_fractional_counts(a)
        self._eta = to_fmpq(prior.eta)
        self._offsets = tuple(to_fmpq(x) for x in prior.term_offsets(a.counts.shape[1]))
        self._leaf_cache: dict = {}         # node index -> fmpq leaf moment
        self._exact_cache: dict = {}        # node index -> fmpq moment of the optimal subtree (the exact walks')
        self._filter: Optional[_FloatFilter] = None
        _refuse_empty_with_zero_lam(a, prior)
        if not len(a.indices):      # no split
            return
        if k > EXACT_K_LIMIT:
            eps_ball = arb_of(epsilon)

            def certified_keep(i: int) -> bool:
                return self.decider.sign(None, None, ball=lambda: self._leaf_arb(i) - eps_ball - self._tree_arb(i),
                                         exact=lambda: self._exact_beyond_limit(i)) > 0
            keep = certified_keep
        else:
            keep = self._exact_keep
        n_splits = int(np.count_nonzero(a.n_children))
        if self._fractional or (k >= _FLOAT_K_LIMIT and (epsilon or not _filter_serves(k, n_splits))):
            self._one_by_one(keep)      # no float filter: its bounds assume integer counts, its log domain epsilon 0
        else:
            self._filter = _FloatFilter(a, tree.n_classes, [k], prior, epsilon, self.decider, self.kept, keep)

    # -- exact rationals (fallback, and the moment of the result) ---------------------
    def _size_majority(self, i: int) -> tuple:
        """n_i and max_j n_{j,i} as Python ints (fmpq for rational counts), read from node i's row
        of counts (an exact fallback reads a few nodes, so no list over every node is made)."""
        row = self.arrays.counts[i].tolist()
        size, majority = sum(row), max(row)
        if self._fractional:        # Fractions as fmpq (fmpq and Fraction do not mix)
            return to_fmpq(size), to_fmpq(majority)
        return size, majority

    def _exact_weights(self, i: int, children: list) -> list:
        """The child weights (4.11) of split ``i`` as fmpq."""
        return child_weights([self._size_majority(c)[0] for c in children], self._size_majority(i)[0], self._eta,
                             to_fmpq, node=lambda: self.arrays.name(i))

    def _leaf_exact(self, i: int):
        """The leaf moment (4.29) of node ``i`` as fmpq: (b + c lam)^(k) / (n + J lam)^(k) (an empty
        node with lam = 0 was refused by the constructor)."""
        if i not in self._leaf_cache:
            size, majority = self._size_majority(i)
            self._leaf_cache[i] = rising_ratio_fmpq(*leaf_terms(size, majority, self._offsets), self.k)
        return self._leaf_cache[i]

    def _exact_walk(self) -> SubtreeWalk:
        """The exact walk over the decisions so far, its cache shared by every fallback (made per
        use: an engine holding a walk of its own bound methods would be a reference cycle, kept
        alive past its last use until the garbage collector runs)."""
        return SubtreeWalk(self.arrays, self.kept, self._leaf_exact, self._exact_weights, self._exact_cache)

    def _exact_keep_value(self, i: int):
        """R_leaf - epsilon - R_tree at split ``i`` in exact rationals (Fig 4.1's comparison)."""
        return self._leaf_exact(i) - to_fmpq(self.epsilon) - self._exact_walk().split_value(i)

    def _exact_keep(self, i: int) -> bool:
        """Fig 4.1 at split ``i`` in exact rationals: R_leaf - epsilon - R_tree > 0."""
        return self.decider.sign(None, None, exact=lambda: self._exact_keep_value(i)) > 0

    def _exact_beyond_limit(self, i: int):
        """R_leaf - epsilon - R_tree at split ``i`` in exact rationals above ``EXACT_K_LIMIT``, for
        a tie the balls cannot settle, where it is cheap.  If every leaf of the pruned subtree has
        node ``i``'s terms (a, d) of (4.29), R_tree = S R_leaf, S the sum over the leaves of their
        products of child weights (4.11), which is 1 when the children's sizes add up to the
        parent's: the value is -epsilon at every k, no moment made.  Otherwise the moments are made
        when their rising factorials have at most ``EXACT_TIE_MAX_BITS`` bits together (about
        k log2(d + k) each); beyond, CertificationError (not decided)."""
        leaves: list = []

        def unit(j: int) -> int:        # every leaf worth 1: the walk sums the leaves' weight products
            leaves.append(j)
            return 1

        def terms_of(j: int) -> tuple:
            size, majority = self._size_majority(j)
            return leaf_terms(size, majority, self._offsets)

        weight = SubtreeWalk(self.arrays, self.kept, unit, self._exact_weights).split_value(i)
        terms = [terms_of(j) for j in [i] + leaves]
        if weight == 1 and all(t == terms[0] for t in terms):
            return -to_fmpq(self.epsilon)
        # each moment needs at least k bits, so a larger k is refused before any float of it
        if self.k > limits.EXACT_TIE_MAX_BITS or \
                sum(self.k * math.log2(float(d) + self.k) for _, d in terms) > limits.EXACT_TIE_MAX_BITS:
            raise CertificationError(f"sign not decided: a tie whose exact moments (about k log2(d + k) bits each) "
                                     f"need more than EXACT_TIE_MAX_BITS = {limits.EXACT_TIE_MAX_BITS:,} bits")
        return self._exact_keep_value(i)

    # -- certified balls (large k) --------------------------------------------------------
    def _leaf_arb(self, i: int):
        return leaf_moment_arb(tuple(self.arrays.counts[i].tolist()), self.k, self.prior)

    def _arb_walk(self) -> SubtreeWalk:
        """The walk in ball arithmetic at the current precision (a new cache: the kernel asks at
        increasing precisions)."""
        return SubtreeWalk(self.arrays, self.kept, self._leaf_arb,
                           lambda i, children: [arb_of(w) for w in self._exact_weights(i, children)])

    def _tree_arb(self, i: int):
        return self._arb_walk().split_value(i)

    def _one_by_one(self, keep: Callable[[int], bool]) -> None:
        """A pass deciding the splits one by one (a level at a time from the deepest): the split at
        i is kept iff ``keep(i)``."""
        a = self.arrays
        prune_bottom_up(a, np.zeros(a.n_nodes), lambda splits, best, level: best[splits],
                        lambda splits, tree, level: np.array([keep(i) for i in splits.tolist()], dtype=bool),
                        self.kept)

    # -- what the result reads -----------------------------------------------------------------
    def remaining(self) -> Optional[np.ndarray]:
        """The nodes that remain in the pruned tree, from the float filter's positions (read once),
        or None (no filter ran, or asked before)."""
        return None if self._filter is None else self._filter.remaining()

    def root_moment(self):
        """The moment of the pruned tree: exact (the exact walk's cache reused, every node's size
        and majority read in one pass), or a ball at 128 bits above ``EXACT_K_LIMIT``."""
        if self.k > EXACT_K_LIMIT:
            with flint.ctx.workprec(128):
                return self._arb_walk().value(0)
        a = self.arrays
        sizes, majority = a.sizes.tolist(), a.majority.tolist()
        if self._fractional:
            sizes, majority = [to_fmpq(x) for x in sizes], [to_fmpq(x) for x in majority]

        def leaf(i: int):
            if i not in self._leaf_cache:
                self._leaf_cache[i] = rising_ratio_fmpq(*leaf_terms(sizes[i], majority[i], self._offsets), self.k)
            return self._leaf_cache[i]

        def weights(i: int, children: list) -> list:
            return child_weights([sizes[c] for c in children], sizes[i], self._eta, to_fmpq,
                                 node=lambda: a.name(i))

        return to_fraction(SubtreeWalk(a, self.kept, leaf, weights, self._exact_cache).value(0))


def _refuse_empty_with_zero_lam(a: CountArrays, prior: Prior) -> None:
    """ValueError naming the first empty node when lam = 0 (its leaf moment (4.29) is 0/0)."""
    if prior.lam == 0 and np.any(a.sizes == 0):
        name = a.name(int(np.flatnonzero(a.sizes == 0)[0]))
        raise ValueError(f"node {name}: an empty node with lam = 0 has no defined error moment")


def _whole_counts_as_ints(a: CountArrays) -> CountArrays:
    """``a``, or, when its object count matrix holds Fractions that are all whole (arrays built
    directly: a Node makes whole Fractions ints), the same tree with those counts as the ints
    they are, so that PruneTree decides it as an integer tree (the float filter images Python
    ints only, and the exact route mixes ints, not Fractions, with fmpq).

    >>> from exactprune.tree import CountArrays
    >>> a = CountArrays(np.array([[Fraction(3), 1]], dtype=object), np.array([0, 0]), np.array([], dtype=np.int64))
    >>> [type(c).__name__ for c in _whole_counts_as_ints(a).counts[0]]
    ['int', 'int']
    """
    if a.counts.dtype != object or has_fractional_counts(a) or \
            not any(c.__class__ is Fraction for c in a.counts.ravel().tolist()):
        return a
    return CountArrays(np.frompyfunc(int, 1, 1)(a.counts), a.offsets, a.indices)


class _FloatFilter:
    """PruneTree's float filter: the pass over integer counts, for k below 2**53 (2**1000 in the
    log domain), at one order or at several at once (``ks`` ascending, one column per order: every value an array over
    (positions, columns); one order: plain vectors),
    (:func:`~exactprune.pruning.prune_bottom_up`, a level at a time from the deepest) over
    breadth-first positions (:meth:`~exactprune.tree.CountArrays.split_positions`): the children
    of a level's splits are one slice of positions, each split's children consecutive, so a
    level costs a fixed number of numpy calls on slices (a binary tree's pairs are two strided
    views), whatever the number of columns.  The tree's child weights are made once for every
    column; the leaf moments per column (:meth:`_leaf_floats`).

    Bounds (certify's rules), per column: a non-zero leaf moment has the bound ``leaf_rel`` of
    its column.  A term w_c v_c has the product rule's bound of weight_rel and rel_c, and the
    sum of at most K terms the sum rule applied K - 1 times to their largest bound: f(r) =
    :func:`~exactprune.certify.weighted_sum_rel` (weight_rel, r, K), monotone and above r.  A
    node decided in the t-th level (t = 0 the deepest level with splits) has a kept subtree
    of height at most t + 1, so every subtree value of that level has the bound
    f^(t+1)(leaf_rel), one number per level and column.  An approximation that cannot be
    vouched for is NaN, which every comparison declines and every sum keeps: a leaf moment that
    is neither 0 nor at least ``_VALUE_FLOOR`` (or whose node size passes 2**53), the weights of
    a node with a weight neither 0 nor at least ``_WEIGHT_FLOOR``, a subtree value that is
    neither 0 nor at least ``_VALUE_FLOOR``; so every non-zero term is at least TINY (no
    underflow).  The sum of a split's terms is taken left to right (a missing term of a
    narrower split adds nothing).

    The decisions the filter declines: at one order with ``certified_keep`` (:func:`prune`), they
    go to it (exact rationals, or arb balls above ``EXACT_K_LIMIT``) one by one, the decisions of
    the levels below written into ``decisions`` first (the exact walk reads them), the settled
    ones counted in ``decider``'s routes, and every decision ends in ``decisions`` (over node
    indices).  Without (:func:`prune_many`), a column with a declined decision is marked in
    ``declined`` and its later decisions mean nothing: the caller decides that order whole by
    the one-order route; :meth:`decisions` gives the columns' decisions over node indices.
    Built whole by the constructor; :meth:`remaining` reads the pass's positions once.

    The log domain (epsilon 0 only): an order whose leaf moments are not all 0 or at least
    ``_VALUE_FLOOR`` = 2**-900 (the float images underflow, or fall below the floor), and every
    order from 2**53 on (:func:`_filter_serves`), runs a second pass, :meth:`_log_pass`, over log
    images (:mod:`exactprune.certify.logs`): the leaf moments' (:meth:`_leaf_logs`) and the child
    weights', each with an absolute bound per element; a subtree's value is the log-sum of its
    weighted children's optimal values, each bound carried with its value (a kept split's is its
    subtree's), and the comparison :func:`~exactprune.certify.log_greater_array`.  No floor is
    needed there: the exact 0 is ``-inf``, and nothing underflows.  Its declines are handled as
    the float pass's (:meth:`_pass`)."""

    def __init__(self, a: CountArrays, n_classes: int, ks: list, prior: Prior, epsilon: Fraction,
                 decider: Optional[Decider] = None, decisions: Optional[np.ndarray] = None,
                 certified_keep: Optional[Callable[[int], bool]] = None):
        self.n_nodes = a.n_nodes
        self.declined = np.zeros(len(ks), dtype=bool)
        order, _ = a.breadth_first()
        splits, levels = a.splits_by_position()     # split positions in breadth-first order, and by level
        binary = len(a.indices) == 2 * len(splits)
        arity = np.broadcast_to(2, splits.shape) if binary else a.n_children[order[splits]]    # children per split
        first = None if binary else np.cumsum(arity) - arity + 1     # each split's first child (binary: 2 s + 1)
        n_float = sum(k < _FLOAT_K_LIMIT for k in ks)        # (ks ascending) the orders the float images serve
        sizes_f, value, leaf_rel, weight_rel = self._leaf_floats(a.counts, order, n_classes, prior, ks[:n_float])
        eta_f = _float_or_inf(prior.eta)
        with np.errstate(all="ignore"):
            weight = sizes_f        # position p > 0: P*[A_p | A_parent] (4.11), made in place over the sizes
            del sizes_f
            for stop in range(len(splits), 0, -_LEAF_BLOCK):     # a block of splits at a time, the last first:
                begin = max(0, stop - _LEAF_BLOCK)      # their children lie past every earlier split's own entry
                parents, width = weight.take(splits[begin:stop]), arity[begin:stop]
                if binary:
                    kids = weight[2 * begin + 1:2 * stop + 1].reshape(-1, 2)
                    kids[:] = child_weights(kids, parents[:, None], eta_f, float, n_children=width[:, None])
                else:
                    assert first is not None        # made when the tree is not binary
                    kids = weight[first[begin]:first[stop - 1] + arity[stop - 1]]
                    kids[:] = child_weights(kids, np.repeat(parents, width), eta_f, float,
                                            n_children=np.repeat(width, width))
            weight[0] = 0.0
            if not weight[1:].min() >= _WEIGHT_FLOOR:      # some weight is NaN, or below the floor (0 included)
                low = (weight != 0.0) & ~(weight >= _WEIGHT_FLOOR)
                starts = np.arange(1, 2 * len(splits), 2) if first is None else first
                weight[starts[np.logical_or.reduceat(low[1:], starts - 1)]] = math.nan    # an untrusted weight: NaN subtree
        n_splits = len(splits)
        del splits
        runs, stop = [], n_splits           # runs[t]: the level's splits and children as slices
        for positions in levels:
            begin = stop - len(positions)
            if first is None:               # binary
                runs.append((slice(begin, stop), 2 * begin + 1, 2 * stop + 1))
            else:
                runs.append((slice(begin, stop), int(first[begin]), int(first[stop - 1] + arity[stop - 1])))
            stop = begin
        self._shape = (order, levels, runs, None if binary else self._slots(arity, first, runs), int(arity.max()))
        eps = Approx.of(epsilon)       # NaN with an infinite bound if it has no float image
        # the log domain serves epsilon 0 alone: the columns whose leaf moments leave the float range (and the
        # orders beyond it), the others the float pass
        logs = np.zeros(len(ks), dtype=bool)
        if eps.value == 0.0 and eps.rel == 0.0:
            with np.errstate(invalid="ignore"):
                logs[:n_float] = np.logical_or.reduce(~(value >= _VALUE_FLOOR) & (value != 0.0), axis=0)
            logs[n_float:] = True
        kept = np.zeros((len(order), len(ks)), dtype=bool)
        self._decider, self._decisions, self._certified_keep = decider, decisions, certified_keep
        for columns, log_domain in ((np.flatnonzero(~logs), False), (np.flatnonzero(logs), True)):
            if not columns.size:
                continue
            if log_domain:
                with np.errstate(all="ignore"):
                    leaf = self._leaf_logs(a.counts, order, n_classes, prior, [ks[c] for c in columns])
                    # a weight computed as 0 is exactly 0 (n_c + eta = 0: eta's float is 0 only when eta is)
                    log_weight = log_image_array(weight, np.where(weight == 0.0, 0.0, weight_rel))
                kept[:, columns] = self._log_pass(a, columns, leaf, log_weight)
            else:
                kept[:, columns] = self._float_pass(a, columns, value if len(columns) == n_float else value[:, columns],
                                                    weight, leaf_rel[columns], weight_rel, eps)
        if len(ks) == 1:
            kept = kept[:, 0]
        if decisions is not None:
            decisions[order] = kept
        self._positions: Optional[tuple] = (order, levels, runs, None if binary else arity, kept)

    def _float_pass(self, a: CountArrays, columns, value, weight, leaf_rel, weight_rel: float, eps: Approx):
        """The pass over the float images of the orders ``columns`` (``value`` their leaf moments,
        one column each; :func:`_level_bounds`): the decisions over positions, a column per order."""
        _, levels, runs, slots, terms_max = self._shape
        if len(columns) == 1:       # one order: plain vectors (cheaper array calls, the same floats)
            value, leaf_rel = value[:, 0], leaf_rel[0]
        else:
            weight = weight[:, None]        # one weight for every column
        bounds = _level_bounds(weight_rel, leaf_rel, terms_max, eps.rel, len(levels))
        shift = eps.value != 0.0 or eps.rel != 0.0      # epsilon's float image is not the exact 0

        def subtree(positions, best, t):
            _, low_child, high_child = runs[t]
            terms = weight[low_child:high_child] * best[low_child:high_child]
            if slots is None:       # binary
                tree_v = terms[0::2] + terms[1::2]
            else:
                terms = np.concatenate((terms, np.zeros((1,) + terms.shape[1:])))     # the missing terms of narrower splits
                tree_v = terms[slots[t][0]]
                for slot in slots[t][1:]:
                    tree_v += terms[slot]
            if np.fmin.reduce(tree_v, axis=None) < _VALUE_FLOOR:
                tree_v[(tree_v < _VALUE_FLOOR) & (tree_v != 0.0)] = math.nan
            return tree_v

        def compare(positions, tree_v, t):
            if shift:
                tree_v = tree_v + eps.value
            leaf_v = value.take(positions, axis=0)      # (not yet overwritten: the splits' leaf moments)
            return float_greater_array(leaf_v, leaf_v * leaf_rel, tree_v, bounds[t])

        return self._pass(a, columns, value, subtree, compare)

    def _log_pass(self, a: CountArrays, columns, leaf: tuple, log_weight: tuple):
        """The pass in the log domain (:mod:`exactprune.certify.logs`) over the orders ``columns``
        (``leaf`` the log images of their leaf moments, ``log_weight`` those of the child weights),
        epsilon 0: a subtree's value the log-sum of its children's weighted optimal values, every
        value with its own absolute bound (the bounds of the optimal values kept beside them); the
        decisions over positions, a column per order."""
        _, _, runs, slots, _ = self._shape
        value, error = leaf
        if len(columns) == 1:
            value, error = value[:, 0], error[:, 0]
        else:
            log_weight = (log_weight[0][:, None], log_weight[1][:, None])
        error = error.copy()        # the bound of every optimal value (a split's own: its leaf's, until decided)
        tree_error: list = [None]

        def subtree(positions, best, t):
            _, low_child, high_child = runs[t]
            terms = log_product_array((log_weight[0][low_child:high_child], log_weight[1][low_child:high_child]),
                                      (best[low_child:high_child], error[low_child:high_child]))
            if slots is None:       # binary
                tree = log_sum_array((terms[0][0::2], terms[1][0::2]), (terms[0][1::2], terms[1][1::2]))
            else:       # the missing terms of narrower splits: the exact 0
                padded = [np.concatenate((part, np.full((1,) + part.shape[1:], fill))) for part, fill in
                          zip(terms, (-math.inf, 0.0))]
                tree = (padded[0][slots[t][0]], padded[1][slots[t][0]])
                for slot in slots[t][1:]:
                    tree = log_sum_array(tree, (padded[0][slot], padded[1][slot]))
            tree_error[0] = tree[1]
            return tree[0]

        def compare(positions, tree_v, t):
            leaf_v, leaf_e = value.take(positions, axis=0), error.take(positions, axis=0)
            return log_greater_array((leaf_v, leaf_e), (tree_v, tree_error[0]))

        def settle(positions, keep):        # the bound of each split's optimal value, as the pass writes the value
            error[positions] = np.where(keep, tree_error[0], error[positions])

        return self._pass(a, columns, value, subtree, compare, settle)

    def _pass(self, a: CountArrays, columns, value, subtree: Callable, compare: Callable,
              settle: Optional[Callable] = None):
        """The bottom-up pass (:func:`~exactprune.pruning.prune_bottom_up`, in place over
        ``value``) with ``subtree`` and ``compare`` (``(greater, settled)`` of a level): the
        decisions the comparison declines go to ``certified_keep`` one by one, or mark their
        column in ``declined`` (the class docstring); ``settle`` sees each level's decisions."""
        order, levels, runs, _, _ = self._shape
        decider, decisions, certified_keep = self._decider, self._decisions, self._certified_keep
        kept = np.zeros(value.shape, dtype=bool)

        def decide(positions, tree_v, t):
            keep, settled = compare(positions, tree_v, t)
            if not np.logical_and.reduce(settled, axis=None):
                if certified_keep is None:      # several orders: the column is decided whole by the caller
                    self.declined[columns] |= ~np.logical_and.reduce(settled, axis=0)
                    if settle is not None:
                        settle(positions, keep)
                    return keep
                assert decider is not None and decisions is not None      # given with certified_keep (one order)
                declined = np.flatnonzero(~settled)
                below = runs[t][1]          # the positions of the levels below, decided: for the exact walk
                decisions[order[below:]] = kept[below:]
                for position in declined.tolist():
                    keep[position] = certified_keep(int(order[positions[position]]))
                decider.routes["float"] += positions.size - declined.size
            elif decider is not None:
                decider.routes["float"] += positions.size
            if settle is not None:
                settle(positions, keep)
            return keep

        with np.errstate(all="ignore"):
            prune_bottom_up(a, value, subtree, decide, kept, levels, in_place=True)
        return kept.reshape(len(order), -1)

    def decisions(self) -> np.ndarray:
        """The decisions of every column over node indices (a bool array of shape (columns,
        nodes)); a column marked in ``declined`` holds no decisions worth reading."""
        order, kept = self._positions[0], self._positions[-1]       # type: ignore[index]  # (read before remaining)
        out = np.zeros((len(self.declined), self.n_nodes), dtype=bool)
        out[:, order] = kept.T          # (one order: a vector, broadcast into the one row)
        return out

    def remaining(self) -> Optional[np.ndarray]:
        """Which nodes remain in the pruned tree (:meth:`~exactprune.tree.CountArrays.subtree_mask`
        of the decisions of the one order) from the float pass's breadth-first positions,
        top-down a level at a time: a kept split's children are one slice of positions.  Asked
        once (by :attr:`PruneResult.tree`): the positions are dropped then; None after another pass."""
        if self._positions is None:
            return None
        order, levels, runs, arity, kept = self._positions
        self._positions = None
        remains = np.empty(len(order), dtype=bool)
        remains[0] = True
        for positions, (span, low_child, high_child) in zip(reversed(levels), reversed(runs)):
            open_splits = remains.take(positions) & kept.take(positions)
            remains[low_child:high_child] = open_splits.repeat(2 if arity is None else arity[span])
        alive = np.empty(self.n_nodes, dtype=bool)
        alive[order] = remains
        return alive

    @staticmethod
    def _sizes_by_position(counts, order) -> tuple:
        """``(sizes, majority)``: n_t = sum_j n_{j,t} and max_j n_{j,t} of the nodes ``order``
        (:attr:`~exactprune.tree.CountArrays.sizes` and ``majority`` of those rows), a class
        column at a time, left to right (no (n_nodes, n_classes) temporary).

        >>> s, m = _FloatFilter._sizes_by_position(np.array([[3, 2, 1], [0, 4, 4]]), np.array([1, 0]))
        >>> s.tolist(), m.tolist()
        ([8, 6], [4, 3])
        """
        sizes = counts[:, 0][order]                # (np.take would copy the whole strided column first)
        majority = sizes.copy()
        for j in range(1, counts.shape[1]):
            column = counts[:, j][order]
            sizes += column
            np.maximum(majority, column, out=majority)
        return sizes, majority

    @staticmethod
    def _slots(arity, first, runs) -> list:
        """For a tree with a split of other than 2 children: per level, the slot arrays of
        :meth:`_float_pass`'s sum, slot j giving each split's j-th child as an index into the
        level's terms (the children's slice, one 0 term appended) or the appended 0 term."""
        out = []
        for span, low_child, high_child in runs:
            width, start = arity[span], first[span] - low_child
            out.append([np.where(width > j, start + j, high_child - low_child) for j in range(int(width.max()))])
        return out

    @staticmethod
    def _leaf_floats(counts, order, n_classes: int, prior: Prior, ks: list) -> tuple:
        """``(sizes, values, leaf_rel, weight_rel)``: the sizes n_t (as floats) of the nodes
        ``order`` (rows of ``counts``), the float images of their leaf moments (4.29) at every
        order of ``ks`` (ascending; :func:`leaf_moment_floats`; an array of shape (nodes, columns), a block
        of nodes at a time: small temporaries), the bound ``leaf_rel`` of a non-zero one per
        column and the bound of every child weight, by certify's rules: a child weight (n_c +
        eta) / (n + eta K) is a sum over a sum of a product (quotient rule), the counts exact
        floats and eta correctly rounded.  One bound serves every node of a column (a zero image
        has the bound 0, and ``leaf_rel`` times 0 is 0), so no bound is kept per node: for k <=
        ``GAMMA_IMAGE_FROM`` the loop's one rule, above it the largest of the log-Gamma images'
        own bounds (the orders of each kind imaged at once, each image the float its order alone
        gives); an image that cannot be vouched for is NaN instead (an
        infinite bound from :func:`leaf_moment_floats`).  A parameter whose float is not 0
        exactly or in [TINY, 2**1000] voids every bound (every image NaN: the filter declines
        everywhere); so does a leaf moment that is neither 0 exactly nor at least
        ``_VALUE_FLOOR``.

        >>> sizes, values, leaf_rel, _ = _FloatFilter._leaf_floats(np.array([[0, 49, 5]]), np.array([0]), 3,
        ...                                                         Prior(), [1, 2])
        >>> exact = [Fraction(4, 37), Fraction(56, 4181)]       # Zhong (B.1), (B.2): k = 1, 2
        >>> [abs(Fraction(v) - e) <= Fraction(r) * Fraction(v) for v, e, r in zip(values[0], exact, leaf_rel)]
        [True, True]
        """
        offsets = tuple(_float_or_inf(x) for x in prior.term_offsets(n_classes))
        usable = all(math.isfinite(x) for x in (*offsets, _float_or_inf(prior.eta)))
        n_loop = sum(k <= GAMMA_IMAGE_FROM for k in ks)     # ks ascending: the loop's orders first
        loop, gamma = slice(0, n_loop), slice(n_loop, len(ks))     # one bound for every node; the largest of the nodes'
        loop_ks, gamma_ks = np.array(ks[loop], dtype=np.int64), np.array(ks[gamma], dtype=np.int64)
        leaf_rel = np.array([rising_ratio_rel(_TERM_REL, _TERM_REL, k) if k <= GAMMA_IMAGE_FROM else 0.0 for k in ks])
        weight_rel = quotient_rel(sum_rel(0.0, U), sum_rel(0.0, product_rel(U, 0.0))) if usable else math.inf
        sizes_f, leaf_v = np.empty(len(order)), np.empty((len(order), len(ks)))
        # several loop orders: their running products at once (the largest order times the block's nodes);
        # one: the loop's own blocks of factors
        orders: Any = loop_ks if loop_ks.size > 1 else int(loop_ks.max(initial=0))
        gamma_orders: Any = gamma_ks if gamma_ks.size > 1 else int(gamma_ks.max(initial=0))    # (one: its own form)
        top = int(loop_ks.max()) if loop_ks.size > 1 else 1
        rows = min(_LEAF_BLOCK, max(1, 4 * _LEAF_BLOCK // max(len(ks), top)))     # entries per temporary
        for start in range(0, len(order), rows):
            block = slice(start, start + rows)
            sizes, majority = _FloatFilter._sizes_by_position(counts, order[block])
            sizes_f[block] = sizes
            for columns, these, own_bounds in ((loop, orders, False), (gamma, gamma_orders, True)):
                if columns.start == columns.stop:
                    continue
                values, rels = _leaf_images(sizes[:, None], majority[:, None], offsets, these)    # (leaf_moment_floats)
                leaf_v[block, columns] = values if rels.max() < math.inf else np.where(np.isinf(rels), math.nan, values)
                if own_bounds:      # the log-Gamma images: the largest of their own bounds
                    leaf_rel[columns] = np.maximum(leaf_rel[columns],
                                                   np.fmax.reduce(np.where(np.isinf(rels), 0.0, rels), axis=0))
        if not usable:
            leaf_rel[:] = math.inf
        if usable and (not leaf_v.size or leaf_v.min() >= _VALUE_FLOOR):
            return sizes_f, leaf_v, leaf_rel, weight_rel         # every moment trusted
        with np.errstate(invalid="ignore"):
            leaf_v[~(((leaf_v >= _VALUE_FLOOR) | (leaf_v == 0.0)) & usable)] = math.nan
        return sizes_f, leaf_v, leaf_rel, weight_rel


    @staticmethod
    def _leaf_logs(counts, order, n_classes: int, prior: Prior, ks: list) -> tuple:
        """``(values, errors)``: the log images (:mod:`exactprune.certify.logs`) of the leaf
        moments (4.29) of the nodes ``order`` (rows of ``counts``) at every order of ``ks``
        (ascending), arrays of shape (nodes, columns), a block of nodes at a time, each element
        with its own absolute bound: :func:`~exactprune.certify.log_rising_ratio_array` of the
        terms (a, d) (:func:`~exactprune.knorm.moments.leaf_terms`; each one rounding of the sum
        rule, the sizes exact floats), the orders from 17 to 2**53 at once, the others one by one.
        A node whose size passes 2**53, or a parameter whose float is not finite, has no image
        (NaN with an infinite bound).

        >>> values, errors = _FloatFilter._leaf_logs(np.array([[0, 49, 5]]), np.array([0]), 3, Prior(), [2, 10 ** 6])
        >>> bool(abs(values[0, 0] - math.log(56 / 4181)) <= errors[0, 0] < 1e-14)      # Zhong (B.2): k = 2
        True
        >>> round(float(values[0, 1]) / math.log(10))            # k = 10**6: about 10**-227
        -227
        """
        offsets = tuple(_float_or_inf(x) for x in prior.term_offsets(n_classes))
        values, errors = np.full((len(order), len(ks)), math.nan), np.full((len(order), len(ks)), math.inf)
        if not all(math.isfinite(x) for x in (*offsets, _float_or_inf(prior.eta))):
            return values, errors
        middle = [c for c, k in enumerate(ks) if GAMMA_SHIFT < k < _FLOAT_K_LIMIT]     # one array of orders
        groups = [(middle, np.array([ks[c] for c in middle], dtype=np.int64))] if len(middle) > 1 else []
        groups += [([c], ks[c]) for c in range(len(ks)) if len(middle) <= 1 or c not in middle]
        for start in range(0, len(order), _LEAF_BLOCK):
            block = slice(start, start + _LEAF_BLOCK)
            sizes, majority = _FloatFilter._sizes_by_position(counts, order[block])
            imaged = sizes < _FLOAT_K_LIMIT         # exact floats (object arrays: Python ints, any size)
            if not imaged.all():
                sizes, majority = np.where(imaged, sizes, 0), np.where(imaged, majority, 0)
            a, d = leaf_terms(sizes.astype(np.float64)[:, None], majority.astype(np.float64)[:, None], offsets)
            for columns, k in groups:
                L, e = log_rising_ratio_array((a, _TERM_REL), (d, _TERM_REL), k)
                values[block, columns], errors[block, columns] = L, e
            values[block][~imaged], errors[block][~imaged] = math.nan, math.inf
        return values, errors


def _level_bounds(weight_rel: float, leaf_rel: Any, terms: int, eps_rel: float, n_levels: int) -> list:
    """The float filter's bound of every level t (:class:`_FloatFilter`): f^(t+1)(leaf_rel) plus
    epsilon by the sum rule, f(r) = :func:`~exactprune.certify.weighted_sum_rel` (weight_rel, r,
    terms).  For one order (``leaf_rel`` a number) the scalar rules, a float per level (a deep
    tree's chain costs no array calls); for several (an array, one bound per column) the same rules
    elementwise (:func:`~exactprune.certify.product_rel` on an array, then
    :func:`~exactprune.certify.sum_rel_array`), an array per level; the same floats either way.

    >>> from exactprune.certify import weighted_sum_rel
    >>> many = _level_bounds(U, np.array([0.0, 2 * U]), 3, 0.0, 2)
    >>> [_level_bounds(U, r, 3, 0.0, 2) for r in (0.0, 2 * U)] == np.transpose(many).tolist()
    True
    >>> _level_bounds(U, 0.0, 3, 0.0, 1) == [sum_rel(weighted_sum_rel(U, 0.0, 3), 0.0)]
    True
    """
    out: list = []
    if np.ndim(leaf_rel) == 0:
        scalar = float(leaf_rel)
        for _ in range(n_levels):
            scalar = weighted_sum_rel(weight_rel, scalar, terms)
            out.append(sum_rel(scalar, eps_rel))
        return out
    bound = leaf_rel
    for _ in range(n_levels):
        bound = product_rel(weight_rel, bound)      # type: ignore[arg-type]  # (arithmetic alone: elementwise)
        for _ in range(terms - 1):
            bound = sum_rel_array(bound, 0.0)
        out.append(sum_rel_array(bound, eps_rel))
    return out


def _tree_and_prior_checked(tree: Union[Tree, Node], prior: Prior, caller: str) -> Tree:
    """``tree`` as a Tree (a Node taken as its root), after the TypeErrors of :func:`prune` and
    :func:`prune_many` (named ``caller``) for a tree or a prior of another type."""
    if isinstance(tree, Node):
        tree = Tree(tree)
    if not isinstance(tree, Tree):
        raise TypeError(f"{caller} needs a Tree, got {type(tree).__name__}")
    if not isinstance(prior, Prior):
        raise TypeError(f"prior must be an exactprune Prior, got {type(prior).__name__}")
    return tree


def prune(tree: Union[Tree, Node], k: Any, *, prior: Prior = Prior(), epsilon: Any = 0) -> PruneResult:
    """PruneTree (Zhong Fig 4.1): the pruning of ``tree`` that minimises E[r^k].

    A split at t is kept iff R_tree < R_leaf - epsilon, R_leaf the k-th moment of t as a leaf
    (4.29) and R_tree that of its subtree pruned optimally below (4.28); one bottom-up pass
    (:func:`~exactprune.pruning.prune_bottom_up`).  Decisions are exact (see the module
    docstring).  The input is not modified.  Called as every pruner
    (:mod:`exactprune.pruning`): the tree, the order ``k``, the options keyword-only.

    Parameters
    ----------
    tree : Tree or Node
        The tree to prune (a Node is taken as the root of a Tree).  Its counts are non-negative
        integers or exact rationals (weighted counts: decided without the float filter, every
        comparison between exact rationals).
    k : int
        The order of the norm minimised: the pruning minimises E[r^k], the k-th moment of the
        error rate r (so also the k-norm E[r^k]^(1/k)); k = 1 is the expected error rate, a
        larger k weighs the uncertainty of the estimate more.  A positive integer (an int, or an
        exact integer such as ``"2"``; a float is refused) up to ``MAX_K``; the moments are exact
        rationals up to ``EXACT_K_LIMIT`` and decided by certified arb signs above it.
    prior : Prior, default ``Prior()``
        The parameters of (4.29) and (4.11): ``lam`` (class probabilities), ``eta`` (child
        proportions) and the error ``numerator`` convention.  The default is lam = eta = 1/2
        with numerator ``"J-1"`` (Zhong's printed (4.29): c = J - 1 in b + c lam).
    epsilon : exact number, default 0
        The margin of Fig 4.1: a split is kept iff R_tree < R_leaf - epsilon.  Exact (int,
        Fraction, ``"1/1000"``; a float is a TypeError), >= 0 (a negative one is a ValueError),
        at most ``MAX_EPSILON_DIGITS`` digits (:func:`~exactprune.pruning.check_epsilon`).  With
        epsilon = 0 a split whose subtree ties with its leaf is pruned.

    Returns
    -------
    PruneResult
        The decisions (``kept_splits``, over the input's :meth:`~exactprune.tree.Tree.arrays`
        indices) and how each was settled (``routes``, ``fallbacks``); the pruned tree
        (``tree``, a new Tree), the names of the splits turned into leaves (``pruned``) and its
        k-th moment (``moment``: a Fraction, or an arb ball above ``EXACT_K_LIMIT``).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> result = prune(iris_tree(), 2)
    >>> result.tree.n_leaves, sorted(result.pruned)     # Zhong Figure B.1(d)
    (3, ['c21', 'c22'])
    >>> result.moment                                   # Zhong (B.14): 0.005856
    Fraction(...)
    >>> half = Fraction(1, 2)                           # rational counts: every comparison exact
    >>> weighted = prune(Node((Fraction(11, 2), Fraction(11, 2)), [Node((5, half)), Node((half, 5))]), 2)
    >>> weighted.routes, weighted.pruned
    ({'float': 0, 'arb': 0, 'exact': 1}, [])
    """
    tree = _tree_and_prior_checked(tree, prior, "prune")
    k = check_k(k)
    epsilon = check_epsilon(epsilon)
    return PruneResult(tree, k, _PruneTree(tree, k, prior, epsilon))


def prune_many(tree: Union[Tree, Node], ks: Sequence[Any], *, prior: Prior = Prior()) -> tuple:
    """PruneTree (Zhong Fig 4.1) at many orders at once: the decisions of :func:`prune` at every
    ``k`` of ``ks`` (epsilon 0), certified exactly like it, in one float pass.

    The float filter runs once over every order together (values over (nodes, orders): the
    child weights made once, each order's leaf moments (4.29) and level bounds its own; the orders
    whose moments leave the float range in the log domain); an order whose filter declines any
    decision, and an order the filter does not serve (k >= 2**1000, rational counts), is decided
    whole by :func:`prune`'s route at that order, so every row is exactly ``prune(tree, k,
    prior=prior).kept_splits``.

    Parameters
    ----------
    tree : Tree or Node
        The tree (a Node is taken as the root of a Tree); counts as for :func:`prune`.
    ks : sequence of int
        The orders, each a positive integer as :func:`prune` takes it (up to ``MAX_K``), in any
        order, repeats allowed.
    prior : Prior, default ``Prior()``
        The parameters of (4.29) and (4.11), as for :func:`prune`.

    Returns
    -------
    tuple
        ``(kept, routes)``: ``kept`` a bool array of shape (len(ks), nodes), row i the kept splits
        of PruneTree at ``ks[i]`` (over the input's :meth:`~exactprune.tree.Tree.arrays`
        indices); ``routes`` the decision kernel's route counts (``float``, ``arb``, ``exact``)
        summed over the rows.

    See Also
    --------
    prune : one order, with the pruned tree and its moment.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> kept, routes = prune_many(iris_tree(), [2, 1, 2])
    >>> kept.shape, routes                  # 15 nodes, 7 splits: 7 decisions per order, all settled in floats
    ((3, 15), {'float': 21, 'arb': 0, 'exact': 0})
    >>> names = iris_tree().arrays().names()
    >>> at = [names.index(name) for name in ("root", "c2", "c21", "c22")]
    >>> kept[0, at].tolist()                # Zhong Figure B.1(d), k = 2: c21 and c22 made leaves
    [True, True, False, False]
    >>> all((row == prune(iris_tree(), k).kept_splits).all() for k, row in zip([2, 1, 2], kept))
    True
    """
    tree = _tree_and_prior_checked(tree, prior, "prune_many")
    if isinstance(ks, (str, bytes)) or not hasattr(ks, "__iter__"):
        raise TypeError(f"ks must be a sequence of orders k, got {type(ks).__name__}")
    ks = [check_k(k) for k in ks]
    a = _whole_counts_as_ints(tree.arrays())
    _refuse_empty_with_zero_lam(a, prior)
    rows: dict = {}             # order -> (kept splits, routes)
    orders = sorted(set(ks))
    n_splits = int(np.count_nonzero(a.n_children))
    served = [] if has_fractional_counts(a) or not len(a.indices) else \
        [k for k in orders if _filter_serves(k, n_splits)]
    if served:
        passed = _FloatFilter(a, tree.n_classes, served, prior, Fraction(0))
        for k, kept, declined in zip(served, passed.decisions(), passed.declined.tolist()):
            if not declined:
                rows[k] = (kept, {"float": n_splits, "arb": 0, "exact": 0})
    for k in orders:
        if k not in rows:           # declined somewhere, or not served: the one-order route
            engine = _PruneTree(tree, k, prior, Fraction(0))
            rows[k] = (engine.kept, dict(engine.decider.routes))
    kept = np.array([rows[k][0] for k in ks], dtype=bool).reshape(len(ks), a.n_nodes)
    routes = {route: sum(rows[k][1][route] for k in ks) for route in ("float", "arb", "exact")}
    return kept, routes
