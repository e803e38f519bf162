"""The whole k-norm pruning path proposed in floats, weakest-link style (Zhong 5.1.2, Cor 5.4).

A proposal, not a result: :func:`propose_path` says in float64, with no bound, where each stage
of the k-norm sequence starts and which splits it loses; :func:`exactprune.sequence.knorm_sequence`
certifies every stage by PruneTree (exact decisions) at the columns 1, k_i - 1 and k_i and takes
over with its own walk wherever a column disagrees or the proposal stops.

The idea is CART's weakest link carried over to the k-norm.  A split d of the current tree T is
kept at k while F_d(k) = R_leaf(d, k) - R(T_d, k) > 0, where R_leaf(l, k) = a^(k) / d^(k) is the
leaf moment (4.29) and, by the recursion (4.28) with the child weights (4.11),
R(T_d, k) = sum over the current leaves l below d of W_{d,l} R_leaf(l, k), W_{d,l} the product
of the child weights on the path from d down to l.  Its breakpoint on T is the least integer
k > k0 with F_d(k) <= 0 (one sign change, Thm 5.3).  The next stage starts at k* = the least
breakpoint; there PruneTree prunes the splits whose breakpoint is k* and any ancestor whose
F at k* is then <= 0 (bottom-up: the deepest such split first, its ancestors looked at again),
and only the ancestors of what was pruned need a new breakpoint; each is searched again only
when its old breakpoint, a lower bound of the new one, could be the least.

Everything runs over a table of (ancestor, descendant) pairs of the input with log W, so the
moments of any set of splits at their own k are one vectorised pass: the log ratios
log(a^(x) / d^(x)) = betaln(d, x) - betaln(a, x) (the leaves of a split with equal (a, d)
one row), a log-sum-exp per split.  A breakpoint is looked for at lo + 1, lo + 2 and the last k
(most searches end there: an ancestor's breakpoint often does not move), then on a grid, then
by the secant in log k with the bracket's middle, at integers, until the bracket is two
adjacent integers (beyond 2^53, where floats are no longer every integer, until it is narrower
than RELATIVE_WIDTH of itself: the caller makes such a start an integer): decided in floats,
certified by the caller.
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from .knorm import Prior, child_weights, leaf_terms
from .tree import CountArrays

__all__ = ["propose_path", "PathProposal"]

#: every integer up to this is a float64: below it the proposal's stages start at integers
FLOAT_INTEGERS = 1 << 53
#: the proposal places stages at k below this by default
K_LIMIT = FLOAT_INTEGERS
#: the largest limit taken (a search's geometric middle sqrt(lo hi) stays in the float range)
K_LIMIT_MAX = 1 << 511
#: beyond FLOAT_INTEGERS a breakpoint's search stops at a bracket this narrow relative to its upper
#: end (adjacent floats tell nothing more: the float G there is off by about 2^-36 of k)
RELATIVE_WIDTH = 2.0 ** -32
#: the pair table is made when it has at most this many pairs, or at most one per 16 bytes of the
#: count arrays (so that a large tree's sequence keeps its memory within a few times its arrays)
PAIRS_ALWAYS = 1 << 14
#: Newton steps per breakpoint search at most (each at least bisects the bracket in log k)
_MAX_STEPS = 120


class PathProposal:
    """The proposed path: ``ks`` (the stages' first k, ks[0] == 1, increasing) and ``lost_at``
    (per node of the input: the index of the first proposed stage without the split; len(ks)
    for a split kept by the last one, 0 for a leaf).  ``complete``: the proposal stopped because
    no split left has a float breakpoint below the limit (else a breakpoint's search failed).
    ``placed_by``: per stage, a split (node index) whose float breakpoint placed it (-1 for the
    first stage), the one to refine a start beyond FLOAT_INTEGERS by (a float there is not an integer).

    Parameters
    ----------
    ks : list of int
        The proposed stages' first k (beyond FLOAT_INTEGERS: a float's value, to a relative
        RELATIVE_WIDTH).
    lost_at : numpy array of int
        Per node, the first proposed stage that loses it.
    complete : bool
        No split of the last proposed stage has a float breakpoint below the limit.
    placed_by : list of int, optional
        Per stage, a split whose breakpoint placed it (None: not known).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> proposal = propose_path(iris_tree().arrays(), Prior())
    >>> proposal.kept(1).tolist() == (proposal.lost_at > 1).tolist(), proposal.complete
    (True, True)
    """

    def __init__(self, ks: list, lost_at: "np.ndarray", complete: bool, placed_by: Optional[list] = None):
        self.ks, self.lost_at, self.complete, self.placed_by = ks, lost_at, complete, placed_by

    def kept(self, s: int) -> "np.ndarray":
        """The splits kept by stage ``s`` (a mask over the input's nodes).

        Parameters
        ----------
        s : int
            The stage's index (0: the first, at k = 1).

        Returns
        -------
        numpy array of bool
            True at the splits the proposed stage keeps.

        Examples
        --------
        >>> from exactprune.tree import iris_tree
        >>> a = iris_tree().arrays()
        >>> sorted(a.names_of(np.flatnonzero(propose_path(a, Prior()).kept(2))))   # Zhong Figure B.1 (e)
        ['root']
        """
        return self.lost_at > s


def propose_path(arrays: CountArrays, prior: Prior, k_limit: int = K_LIMIT) -> Optional[PathProposal]:
    """The k-norm path of the count arrays ``arrays`` in floats: T_1 by a float PruneTree, then
    stage after stage at the least float breakpoint of the current splits (the module's text),
    as long as that is below ``k_limit``.  Guesses, with no bound: the caller certifies them.
    A stage beyond FLOAT_INTEGERS starts at a float, found to RELATIVE_WIDTH of itself, not at an
    integer: the caller makes it one (``placed_by`` names the split whose breakpoint it is).

    Parameters
    ----------
    arrays : CountArrays
        The input tree.
    prior : Prior
        lam, eta and the numerator convention.
    k_limit : int, default K_LIMIT
        Stages are placed at k below it (at most K_LIMIT_MAX).

    Returns
    -------
    PathProposal or None
        None when the pair table would be too large (PAIRS_ALWAYS), a count or weight has no
        finite float, or there are no splits.

    See Also
    --------
    exactprune.sequence.knorm_sequence : certifies the proposal.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> proposal = propose_path(iris_tree().arrays(), Prior())      # Zhong App B: k = 1, 2, 17781896
    >>> proposal.ks
    [1, 2, 17781896]
    """
    if not 1 < k_limit <= K_LIMIT_MAX:
        raise ValueError(f"k_limit must be in (1, 2^511], got {k_limit}")
    made_before = arrays.cached_keys()
    try:
        path = _FloatPath.of(arrays, prior, k_limit)
        return None if path is None else path.run()
    finally:
        arrays.forget(arrays.cached_keys() - made_before)


def _ranges(starts: "np.ndarray", stops: "np.ndarray") -> tuple:
    """``(positions, owner)``: the positions start..stop-1 of every range in turn, and the index
    of the range each comes from.

    >>> [x.tolist() for x in _ranges(np.array([5, 0]), np.array([7, 1]))]
    [[5, 6, 0], [0, 0, 1]]
    """
    lengths = stops - starts
    owner = np.repeat(np.arange(len(starts)), lengths)
    first = np.cumsum(lengths) - lengths
    return np.arange(int(lengths.sum())) - np.repeat(first - starts, lengths), owner


def _log_ratio(a, d, x) -> "np.ndarray":
    """log(a^(x) / d^(x)), the log of the leaf moment (4.29) at real x (the Gamma extension, (C.26)):
    log Gamma(a + x) - log Gamma(a) - log Gamma(d + x) + log Gamma(d) = betaln(d, x) - betaln(a, x),
    as scipy's ``betaln`` stays accurate where a, d or x is large (the log Gamma differences
    themselves cancel, about 2^-52 x log x).

    >>> round(float(np.exp(_log_ratio(6.0, 55.5, np.array(1.0)))), 12)        # Zhong (B.1): 6 / 55.5
    0.108108108108
    >>> import math
    >>> x = 3.0                                         # 6 * 7 * 8 / (55.5 * 56.5 * 57.5)
    >>> round(float(np.exp(_log_ratio(6.0, 55.5, np.array(x)))) / (6 * 7 * 8 / (55.5 * 56.5 * 57.5)), 12)
    1.0
    """
    from scipy.special import betaln
    return betaln(d, x) - betaln(a, x)


class _FloatPath:
    """The state of :func:`propose_path`: the input's terms (a, d) (each node's among the distinct ones), the
    pair table (ancestor, descendant, log W) sorted by ancestor (``by_anc`` the bounds of each
    node's pairs) and its order by descendant (``by_node``), and the current tree: ``live`` (the
    splits kept), ``alive`` (the nodes in it), the splits' breakpoints ``b`` (inf: none up to the
    limit; nan: the search failed) and ``lost_at``."""

    @classmethod
    def of(cls, arrays: CountArrays, prior: Prior, k_limit: int) -> Optional["_FloatPath"]:
        arity = arrays.n_children
        if not arity.any():
            return None
        depth = arrays.depth
        n_pairs = int(depth.sum())
        if n_pairs > max(PAIRS_ALWAYS, arrays.nbytes() // 16):
            return None
        try:
            counts = np.asarray(arrays.counts, dtype=np.float64)
        except OverflowError:
            return None
        with np.errstate(all="ignore"):
            sizes, most = counts.sum(axis=1), counts.max(axis=1)
            offsets = tuple(float(x) for x in prior.term_offsets(counts.shape[1]))
            a, d = leaf_terms(sizes, most, offsets)
            parent = arrays.parent
            child = np.flatnonzero(parent >= 0)
            up = parent[child]
            log_w = np.zeros(arrays.n_nodes)
            log_w[child] = np.log(child_weights(sizes[child], sizes[up], float(prior.eta), float,
                                                n_children=arity[up].astype(np.float64)))
        if not (np.isfinite(a).all() and np.isfinite(d).all() and np.isfinite(log_w).all()):
            return None
        return cls(arrays, a, d, log_w, n_pairs, k_limit)

    def __init__(self, arrays: CountArrays, a, d, log_w, n_pairs: int, k_limit: int):
        n = arrays.n_nodes
        self.parent, self.arity, self.k_limit = arrays.parent, arrays.n_children, k_limit
        self.zero = a == 0                  # R_leaf = 0 at every k >= 1: pruned at every k
        self.a, self.d = np.where(self.zero, 1.0, a), d
        #: the distinct terms (a, d) of the nodes, each node's among them
        terms, self.kind = np.unique(np.stack([self.a, self.d], axis=1), axis=0, return_inverse=True)
        self.kind = self.kind.reshape(-1)
        self.kind_a, self.kind_d = terms[:, 0], terms[:, 1]
        anc, node, weight = (np.empty(n_pairs, dtype=np.int64), np.empty(n_pairs, dtype=np.int64),
                             np.empty(n_pairs))
        below = np.flatnonzero(self.parent >= 0)
        top, logs, at = self.parent[below], log_w[below], 0
        while below.size:                     # (parent(v), v), then (parent(parent(v)), v), ...
            anc[at:at + len(below)], node[at:at + len(below)], weight[at:at + len(below)] = top, below, logs
            at += len(below)
            more = self.parent[top] >= 0
            below, logs, top = below[more], logs[more] + log_w[top[more]], self.parent[top[more]]
        order = np.argsort(anc, kind="stable")
        self.anc, self.node, self.log_w = anc[order], node[order], weight[order]
        self.by_anc = np.searchsorted(self.anc, np.arange(n + 1))
        self.by_node = np.argsort(self.node, kind="stable")
        self.node_starts = np.searchsorted(self.node[self.by_node], np.arange(n + 1))
        self.live, self.alive = self.arity > 0, np.ones(n, dtype=bool)
        self.b = np.full(n, np.inf)
        #: the splits whose breakpoint is not known (``b`` is out of date), each with a k ``lo`` where G < 0
        self.stale, self.lo = np.zeros(n, dtype=bool), np.ones(n)
        #: the largest k a stage is placed at (a search kept at it finds none)
        self.last = float(k_limit - 1)
        self.lost_at = np.zeros(n, dtype=np.int64)

    def run(self) -> PathProposal:
        ks: list = [1]
        self.placed_by = [-1]
        live = np.flatnonzero(self.live)
        g = _Rows(self, live).g(np.ones((len(live), 1)))
        self._prune_at(1.0, live[g[:, 0] >= 0], 0)
        self.stale[self.live] = True            # (lo = 1: G(1) < 0 at every split kept)
        while True:
            live, k_star = self._least_breakpoint()
            if np.isnan(k_star):
                return self._proposal(ks, False)
            if np.isinf(k_star):
                return self._proposal(ks, True)
            first = live[~self.stale[live] & (self.b[live] == k_star)]
            self._prune_at(k_star, first, len(ks))
            ks.append(int(k_star))
            self.placed_by.append(int(first[0]))
            above = np.unique(self.node_ancestors(first))
            above = above[self.live[above] & (self.stale[above] | np.isfinite(self.b[above]))]
            # lost at k*: d's subtree becomes its leaf, with R_leaf(d, k) <= R(T_d, k) from k* on
            # (Thm 5.3), so each ancestor's R(T) falls and F rises there: G stays < 0 where it was
            # at or above k* (below its old breakpoint; at k* where it was found kept), and its
            # breakpoint only moves up
            lo = np.where(self.stale[above], self.lo[above], self.b[above] - 1)
            self.lo[above] = np.maximum(lo, k_star)
            self.stale[above] = True

    def _least_breakpoint(self) -> tuple:
        """``(live, k*)``: the splits of the current tree and the least breakpoint among them (nan:
        a search failed; inf: none up to the limit).  A stale split (one whose subtree lost splits
        since its breakpoint was found, or never searched) has only the lower bound lo + 1; it is
        searched (from lo) when that is at most the least breakpoint known, and not otherwise."""
        live = np.flatnonzero(self.live)
        stale = self.stale[live]
        least = self.b[live][~stale].min(initial=np.inf)
        if np.isnan(least):
            return live, least
        redo = live[stale & (self.lo[live] + 1 <= least)]
        if redo.size:
            self.b[redo] = _search(_Rows(self, redo), self.lo[redo], self.last)
            self.stale[redo] = False
            least = np.minimum(least, self.b[redo].min())
        return live, float(least)

    def _proposal(self, ks: list, complete: bool) -> PathProposal:
        self.lost_at[self.live] = len(ks)
        return PathProposal(ks, self.lost_at, complete, self.placed_by)

    def node_ancestors(self, nodes: "np.ndarray") -> "np.ndarray":
        """The proper ancestors of ``nodes`` (with repeats)."""
        where, _ = _ranges(self.node_starts[nodes], self.node_starts[nodes + 1])
        return self.anc[self.by_node[where]]

    def _prune_at(self, k: float, pending: "np.ndarray", stage: int) -> None:
        """PruneTree at ``k`` in floats where the live splits ``pending`` have G >= 0 on their
        subtrees as they stand and every other split G < 0: the deepest of them pruned (recorded
        as lost at ``stage``), those with one of them below looked at again, and so on; those
        found kept after all (G < 0 once a split below was pruned) stay, with G < 0 at ``k``."""
        while pending.size:
            below = self._cut_deepest(pending, stage)
            if not below.size:
                break
            g = _Rows(self, below).g(np.full((len(below), 1), k))
            pending = below[g[:, 0] >= 0]

    def _cut_deepest(self, bad: "np.ndarray", stage: int) -> "np.ndarray":
        """Prune the splits of ``bad`` with no split of ``bad`` below them (their subtrees
        removed), recorded as lost at ``stage``; returns the others."""
        n = len(self.live)
        is_bad = np.zeros(n, dtype=bool)
        is_bad[bad] = True
        where, _ = _ranges(self.by_anc[bad], self.by_anc[bad + 1])
        has_bad_below = np.zeros(n, dtype=bool)
        has_bad_below[self.anc[where][is_bad[self.node[where]]]] = True
        deepest = bad[~has_bad_below[bad]]
        where, _ = _ranges(self.by_anc[deepest], self.by_anc[deepest + 1])
        lost = np.concatenate([deepest, self.node[where]])
        lost = lost[self.live[lost]]
        self.lost_at[lost] = stage
        self.live[lost] = False
        self.alive[self.node[where]] = False
        return bad[has_bad_below[bad]]


class _Rows:
    """The rows of G_d for splits ``splits`` of the current tree: per split d, one row per
    current leaf l below it with a nonzero moment (its terms a, d and
    log W_{d,l}), grouped by split, and the splits' own terms; :meth:`g` evaluates them,
    :meth:`subset` keeps some splits' rows."""

    def __init__(self, path: "_FloatPath", splits: "np.ndarray"):
        where, owner = _ranges(path.by_anc[splits], path.by_anc[splits + 1])
        node = path.node[where]
        use = path.alive[node] & ~path.live[node] & ~path.zero[node]
        where, owner, node = where[use], owner[use], node[use]
        # the leaves of a split with equal terms (a, d) make one row, their weights summed: a grown
        # tree's leaves share few (pure leaves of one or two examples)
        kinds = len(path.kind_a)
        key, group = np.unique(owner * kinds + path.kind[node], return_inverse=True)
        kind = key % kinds
        col = (slice(None), None)
        with np.errstate(divide="ignore"):
            log_w = np.log(np.bincount(group, weights=np.exp(path.log_w[where]), minlength=len(key)))
        self._set(key // kinds, len(splits), log_w[col], path.kind_a[kind][col], path.kind_d[kind][col],
                  path.a[splits][col], path.d[splits][col], path.zero[splits])

    def _set(self, owner, m: int, log_w, a, d, sa, sd, zero) -> None:
        self.owner, self.log_w, self.a, self.d = owner, log_w, a, d
        self.sa, self.sd, self.zero = sa, sd, zero
        self.bounds = np.searchsorted(owner, np.arange(m + 1))
        sizes = np.diff(self.bounds)
        self.filled = np.flatnonzero(sizes)
        self.starts, self.sizes = self.bounds[self.filled], sizes[self.filled]

    def subset(self, which: "np.ndarray") -> "_Rows":
        """The rows of the splits at positions ``which`` alone, numbered 0, 1, ... in turn."""
        where, owner = _ranges(self.bounds[which], self.bounds[which + 1])
        out = object.__new__(_Rows)
        out._set(owner, len(which), self.log_w[where], self.a[where], self.d[where],
                 self.sa[which], self.sd[which], self.zero[which])
        return out

    def g(self, x: "np.ndarray") -> "np.ndarray":
        """G_d(x) = log(R(T_d, x) / R_leaf(d, x)) at the points ``x`` (shape (m, P), the points of
        each split in a row): the split is kept where G < 0 (F_d > 0); -inf for a split without
        rows (R(T_d) = 0), inf for one whose own moment is 0."""
        logs = self.log_w + _log_ratio(self.a, self.d, x[self.owner])
        g = np.full(x.shape, -np.inf)
        if self.filled.size:
            top = np.maximum.reduceat(logs, self.starts, axis=0)
            total = np.add.reduceat(np.exp(logs - np.repeat(top, self.sizes, axis=0)), self.starts, axis=0)
            ref = _log_ratio(self.sa, self.sd, x)
            g[self.filled] = top + np.log(total) - ref[self.filled]
        g[self.zero] = np.inf
        return g


def _search(rows: _Rows, lo: "np.ndarray", last: float) -> "np.ndarray":
    """The least integer k > lo with G_d(k) >= 0 for each split of ``rows`` (G_d(lo) < 0), as
    floats: inf when there is none up to ``last`` (G < 0 there), nan when the search did not end.
    Beyond FLOAT_INTEGERS, where floats are no longer every integer, the upper end of a bracket
    of relative width RELATIVE_WIDTH.

    G is first looked at at lo + _FIRST and at ``last`` (one call: lost at lo + 1, or kept at
    the last, is the answer, by the one sign change of Thm 5.3; else the bracket spans a factor
    of at most 4 where k is small, 2^8 beyond 2^16); then each round looks at the two integers
    around the secant in log k through the bracket's ends (G is nearly linear in log k; beyond
    FLOAT_INTEGERS, where those are one float, the points a quarter of RELATIVE_WIDTH below and
    above it) and at its middle (in log k while it spans more than a factor 2), until the
    bracket is two adjacent integers (or narrow enough beyond FLOAT_INTEGERS).  (G need not be
    monotone where k is small, so no step extrapolates outside the bracket.)

    >>> from exactprune.knorm import prune
    >>> from exactprune.tree import iris_tree
    >>> a = prune(iris_tree(), 2).tree.arrays()         # Zhong Figure B.1 (d): c2 is lost from k = 17781896
    >>> path = _FloatPath.of(a, Prior(), K_LIMIT)
    >>> _search(_Rows(path, np.array([a.index("c2")])), np.array([2.0]), path.last).tolist()
    [17781896.0]
    >>> far = _FloatPath.of(a, Prior(), 1 << 100)       # (the same split: no bracket left beyond 2^53)
    >>> _search(_Rows(far, np.array([a.index("c2")])), np.array([2.0]), far.last).tolist()
    [17781896.0]
    """
    m = len(lo)
    out = np.full(m, np.nan)
    lo = np.asarray(lo, dtype=np.float64)
    x = np.minimum(np.concatenate([lo[:, None] + _FIRST, np.full((m, 1), last)], axis=1), last)
    lo, g_lo, hi, g_hi = _narrowed(x, rows.g(x), lo, np.full(m, -np.inf), np.full(m, last + 1), np.full(m, np.inf))
    active = base = np.arange(m)          # (base: the position in the input of each split searched)
    for _ in range(_MAX_STEPS):
        # (kept at last, lo is last and hi the stand-in last + 1: as floats at most 1 apart)
        done = (hi - lo <= 1) | ((lo >= FLOAT_INTEGERS) & (hi - lo <= hi * RELATIVE_WIDTH))
        out[base[done]] = np.where(lo[done] >= last, np.inf, hi[done])
        keep = ~done
        if not keep.any():
            break
        active, base, lo, g_lo, hi, g_hi = (v[keep] for v in (active, base, lo, g_lo, hi, g_hi))
        if 2 * len(active) < len(rows.zero):          # the rows of the splits still searched alone
            rows, active = rows.subset(active), np.arange(len(active))
        with np.errstate(all="ignore"):
            t_lo, t_hi = np.log(lo), np.log(hi)
            secant = np.exp(t_lo - g_lo * (t_hi - t_lo) / (g_hi - g_lo))
            middle = np.where(hi > 2 * lo, np.sqrt(lo * hi), (lo + hi) / 2)
            secant = np.where(np.isfinite(secant), secant, middle)
        # (beyond FLOAT_INTEGERS the two integers around the secant are one float: a point just below
        # and one just above it instead, so that a secant as close as floats place it ends the search)
        far = lo >= FLOAT_INTEGERS
        below = np.where(far, secant * (1 - RELATIVE_WIDTH / 4), np.floor(secant))
        above = np.where(far, secant * (1 + RELATIVE_WIDTH / 4), np.floor(secant) + 1)
        points = np.stack([below, above, np.floor(middle)], axis=1)
        points = np.sort(np.clip(points, (lo + 1)[:, None], (hi - 1)[:, None]), axis=1)
        x = np.ones((len(rows.zero), points.shape[1]))
        x[active] = points
        g = rows.g(x)
        lo, g_lo, hi, g_hi = _narrowed(points, g[active], lo, g_lo, hi, g_hi)
    return out


#: where :func:`_search` first looks, as offsets from lo (and at the last k)
_FIRST = np.array([1.0, 2, 4, 8, 16, 32, 64, 128, 256, 1024, 4096, 2.0 ** 16, 2.0 ** 24, 2.0 ** 32, 2.0 ** 40,
                   2.0 ** 48])


def _narrowed(points, g, lo, g_lo, hi, g_hi) -> tuple:
    """The bracket ``(lo, G(lo), hi, G(hi))`` of each row narrowed by G at its sorted ``points``
    (G < 0 before the sign change, >= 0 from it on, by Thm 5.3).

    >>> [v.tolist() for v in _narrowed(np.array([[2.0, 3.0, 4.0]]), np.array([[-1.0, 0.5, 1.0]]),
    ...                                 np.array([1.0]), np.array([-2.0]), np.array([9.0]), np.array([3.0]))]
    [[2.0], [-1.0], [3.0], [0.5]]
    """
    lost = g >= 0
    r = np.arange(len(points))
    last_kept = np.where(lost.any(axis=1), np.argmax(lost, axis=1), points.shape[1]) - 1
    up = last_kept >= 0
    lo, g_lo = (np.where(up, v[r, np.maximum(last_kept, 0)], w) for v, w in ((points, lo), (g, g_lo)))
    down = last_kept + 1 < points.shape[1]
    hi, g_hi = (np.where(down, v[r, np.minimum(last_kept + 1, points.shape[1] - 1)], w)
                for v, w in ((points, hi), (g, g_hi)))
    return lo, g_lo, hi, g_hi
