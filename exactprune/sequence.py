"""The k-norm pruning sequence with exact breakpoints (Zhong 5.1.2: Property 2, Thm 5.3, Cor 5.4).

As k grows, the k-norm optimal prunings T_k nest (Cor 5.4): each
member is optimal on a range of integer k.  :func:`knorm_sequence` returns
the stages and, for every node that stops being a split at some finite k,
its **exact integer breakpoint** (the least integer k at which PruneTree with
epsilon = 0 no longer keeps it) and its **real crossing** (the real k in
[breakpoint - 1, breakpoint] where its subtree moment equals its leaf moment,
with moments extended to real k by Gamma functions, (C.26)), as a certified
interval.  Both come from :mod:`exactprune.breakpoints` (the certified sign of
F_d(k) = R_leaf(d, k) - R(T_d, k), the search, and float guesses of every split's
breakpoint); each stage is PruneTree's at its first k, checked by PruneTree at the
k before (or by the certified searches), so the sequence never rests on a float
or on the search alone.

The result is kept as integers over the input's nodes (the stage that loses each
split, in a numpy array) and the crossings; the stages' trees, their pruned names
and the breakpoint entries are made when a caller reads them.  While it is built no
stage's tree is copied: PruneTree and the searches run over a view of the input (its
counts shared, the kept splits' children in a new CSR), a compact copy once the stage
is small, and a stage's crossing forms are made a chunk at a time.

The result types (:class:`Stage`, :class:`NodeBreakpoint`, :class:`KNormSequence`) are
:mod:`exactprune.stages`.  CART's cost-complexity sequence is
:func:`exactprune.peers.ccp.ccp_sequence`.
"""
from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence
from typing import Any, Optional

import flint
import numpy as np

from .breakpoints import (Breakpoint, LogBracket, Theorem53Violation, float_breakpoints, next_breakpoint, real_crossings,
                          SubtreeForm, verify_crossings, real_crossing, split_kept, survives_all_k,
                          verify_single_crossing)
from .knorm import EXACT_K_LIMIT, Prior, prune, prune_many, subtree_moment_arb
from .breakpoints.search import _crossing_proposal
from .path_proposal import K_LIMIT_MAX, propose_path
from .limits import BREAKPOINT_EXACT_BITS
from .formatting import knorm_decimal
from .tree import CountArrays, Tree
from .tree.csr import index_dtype
from .stages import INF, KNormSequence, NodeBreakpoint, Stage, _Breakpoints, _Names, _Record

__all__ = ["Stage", "NodeBreakpoint", "KNormSequence", "knorm_sequence", "knorm_pruning_path",
           "survives_all_k", "split_kept", "real_crossing", "LogBracket", "Theorem53Violation",
           "verify_single_crossing"]

def knorm_sequence(tree: Tree, prior: Prior = Prior(), *, crossings: bool = True) -> KNormSequence:
    """The nested k-norm pruning sequence of ``tree`` with exact breakpoints (Cor 5.4).

    First the whole path is proposed in floats (:func:`~exactprune.path_proposal.propose_path`:
    weakest-link style, every split's float breakpoint on its current subtree, the next stage at
    the least, only the ancestors of what it prunes searched again; stages below 2^511, a start
    beyond FLOAT_EXACT_INTEGERS made an integer by the root finder on the split that placed it)
    and certified by PruneTree (exact decisions) at the columns 1, k_i - 1 and k_i of every
    proposed stage start k_i, in two :func:`~exactprune.knorm.prune_many` calls (column 1 over
    the input, the others over the proposed T_1; a start beyond FLOAT_EXACT_INTEGERS over the
    stage before, once that is certified): by Cor 5.4 a stage whose two columns give the
    proposed trees is T_k on its whole range.  The stages up to the first proposed start whose
    columns disagree are taken; from the last of them (or from k = 1 when column 1 disagrees,
    or when the tree's (ancestor, descendant) table is too large for the proposal) the walk
    below goes on, as it does after the last proposed stage unless every split left meets
    Thm 5.9's condition (beyond 2^511, brackets, splits the floats see kept at every k).  A split whose own breakpoint lies beyond the search's limit but which an ancestor
    removes first is then never searched (the walk alone, searching every split, raised).  With
    ``crossings`` the path is taken too, each stage's crossings computed from the stage before's
    tree as the walk computes them.

    The walk: each step starts from the optimal tree T of the current stage (first k0); every split d of
    T is kept on an interval of k, up to its breakpoint b_d (on T_d as it stands), and the next
    stage starts at k* = min b_d.  The b_d are first guessed in floats, for all the splits of T
    at once (:func:`~exactprune.breakpoints.float_breakpoints`), and the least guess k* is
    certified by PruneTree (exact decisions) on both sides: nothing pruned at k* - 1 (so every
    F_d(k* - 1) > 0, and by Thm 5.3 nothing changes on [k0, k* - 1]) and something pruned at k*,
    whose PruneTree is the next stage.  A guess found off is corrected by PruneTree itself,
    galloping from it and bisecting (the prunings nest, so "PruneTree prunes T at k" holds from
    the change on).  Where floats give no guess above k0, that split's b_d is searched exactly
    (certified signs, galloping from k0 or from its guess, then bisection); beyond 2^53, where
    a float guess is a few digits, and for brackets, each step is as without the floats: PruneTree
    at k0 + 1, and if it prunes nothing the exact search of every split (from its guess), the
    next stage at min b_d computed by PruneTree there.  Breakpoints and guesses of unchanged
    splits are reused; splits meeting Thm 5.9's condition are never searched.  With ``crossings``, the
    certified real crossing of each split pruned at k >= 2 is computed: for all the splits of a
    stage at once, the float guesses of their crossing cells and the float filter at the grid of
    :func:`verify_single_crossing` in one numpy pass, certified arb signs at the two ends of each
    guessed cell, and arb or exact rationals wherever the filter declines.

    The result keeps, per node of ``tree``, the index of the stage that loses it (integers in
    a numpy array) and the crossings; the stages' trees, the pruned names and the breakpoint
    entries are made when they are read.

    Weighted counts (exact Fractions, as a weighted fit makes them) are taken as integers are:
    the terms a = b + c lam, d = n + J lam of (4.29) and the child weights (4.11) are then
    rationals, the exact route evaluates their rising ratios in ``flint.fmpq``, the certified
    route their Gamma ratios by arb balls of the exact rationals, and the float filter carries
    each rational's rounding to float64 in its bound (:meth:`~exactprune.certify.Approx.of`);
    every breakpoint is still the exact least integer k that prunes the split, and each stage is
    PruneTree's at its first k.  The search rests on Thm 5.3 (one sign change), proven in App C
    for whole counts; for rational ones it was checked against PruneTree at every k on random
    trees, not proven; the path's certification rests on Cor 5.4, which follows from it, and is
    used for them too: no other assumption than the walk's, whose own steps (PruneTree over the
    current tree, the walk from a guess) rest on the same nesting.  (Such a tree is
    not its counts times their common denominator: lam and eta are added unscaled and rising
    factorials step by 1, so the problem is another.)

    Parameters
    ----------
    tree : Tree
        Class counts: non-negative integers or exact rationals (weighted counts).
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.
    crossings : bool, default True
        Also certify the real crossing of each split pruned at k >= 2 (keyword-only).

    Returns
    -------
    KNormSequence
        The stages, the breakpoint entries and the decision counts.

    See Also
    --------
    knorm_pruning_path : its scikit-learn-style summary.
    exactprune.knorm.prune : PruneTree at one k.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> seq = knorm_sequence(iris_tree(), crossings=False)
    >>> [(s.k_from, s.k_to, s.leaves) for s in seq.stages]
    [(1, 2, 7), (2, 17781896, 3), (17781896, None, 2), ('inf', None, 1)]
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"knorm_sequence needs a Tree, got {type(tree).__name__}")
    build = _SequenceBuilder(tree, prior, crossings)
    while build.next_stage():
        pass
    return build.finish()


class _SequenceBuilder:
    """The steps of :func:`knorm_sequence`, sharing its state: the stages so far, the record of
    where each split is lost (:class:`_Record`), the splits of the current tree (``live``, a mask
    over the input's nodes), the current tree itself (:func:`_current_tree`: a view over the
    input's node indices, or a compact copy once it is small, ``origin`` then mapping its indices
    to the input's), the breakpoints of unchanged splits (``cache``, by input index) and the
    decision counts."""

    #: propose the whole path in floats and certify it by PruneTree at once (:meth:`_certified_path`),
    #: the walk below going on from where it stops (else the walk from k = 1)
    PROPOSE_PATH = True
    #: place each stage by the splits' float breakpoints, certified by PruneTree (else the exact
    #: steps alone: PruneTree at k0 + 1, then the exact search of every split)
    PLACE_BY_FLOATS = True
    #: ... when the least guess is at most this (every integer up to it is a float64: beyond, a
    #: float guess is a few digits and its walk long; the exact search goes from k0 instead)
    FLOAT_EXACT_INTEGERS = 1 << 53
    #: a walk from a float guess (:meth:`_walk_to_change`) gives up rather than take a step longer than this
    WALK_STEP_LIMIT = 1 << 16
    #: PruneTree at k0 + 1 is asked before the float guesses while k0 + 1 is at most this
    NEXT_K_FIRST = 64

    #: the path is proposed up to this k (its starts beyond FLOAT_EXACT_INTEGERS made integers by
    #: the root finder, :meth:`_exact_starts`)
    PROPOSE_UP_TO = K_LIMIT_MAX

    #: the path's columns are certified by one PruneTree pass over the input while it has at most this
    #: many nodes (a second pass's fixed cost is then most of the work; else column 1 over the input,
    #: the others over the proposed T_1, whose lost splits are not decided again at every column)
    ONE_PASS_NODES = 64

    #: the forms of a stage's pruned splits whose crossings are found together (their float
    #: filters vectorized), so that one stage's forms are never all held at once
    FORMS_AT_A_TIME = 1 << 12

    def __init__(self, tree: Tree, prior: Prior, crossings: bool):
        self.prior, self.crossings = prior, crossings
        self.input, self.full = tree, tree.arrays()
        self.stages: list = []
        self.decisions = {"prunetree_comparisons": 0, "prunetree_exact_fallbacks": 0,
                          "search_float": 0, "search_arb": 0, "search_exact": 0,
                          "stages_float_placed": 0, "stages_float_walked": 0, "stages_path_certified": 0}
        self.record = _Record(tree, self.stages)
        self.live = self.full.n_children > 0
        self.current: Optional[Tree] = None
        self.origin: Optional["np.ndarray"] = None
        self.searches = 0
        #: input index of a split -> its breakpoint in the current tree (None: survives every k)
        self.cache: dict = {}
        #: input index of a split -> its breakpoint in the current tree as floats guess it (0: no guess)
        self.guesses: dict = {}
        #: no split of the current tree is ever lost (every one meets Thm 5.9's condition)
        self.done = False
        certified = self._certified_path() if self.PROPOSE_PATH else None
        if certified is None:
            self._first_stage()
        else:
            self._take_path(*certified)
        #: the largest k known to keep every split of the current tree (k0, or k0 + 1 once PruneTree
        #: there pruned nothing)
        self.kept_through: Breakpoint = self.k0

    def _first_stage(self) -> None:
        """The walk's first stage: PruneTree at k = 1."""
        first = prune(self.input, 1, prior=self.prior)
        self._count(first)
        kept = first.kept_splits
        del first               # PruneTree's working arrays
        self._add_stage(1, None)
        self._record_pruned(self.full, kept, 1, False)
        del kept
        # the input's derived arrays (PruneTree's at k = 1, and any made before): none is read while
        # the later stages are found (made again on demand, the levels by finish)
        self.full.forget(self.full.cached_keys())
        self._next_current()
        self.k0: Breakpoint = 1

    def _certified_path(self) -> Optional[tuple]:
        """``(proposal, ks, m)``: the path proposed in floats (:func:`~exactprune.path_proposal.propose_path`,
        its stages at k below PROPOSE_UP_TO), its stages' first k as integers (``ks``: as proposed
        up to FLOAT_EXACT_INTEGERS, beyond by :meth:`_certified_far_stages`) and the number m >= 1
        of its first stages certified by PruneTree at the columns 1 and (k_i - 1, k_i) of every
        proposed stage start k_i (:func:`~exactprune.knorm.prune_many`, exact decisions): stage i is
        certified when the columns k_i - 1 and k_i give the proposed stages i - 1 and i, and every
        stage before it is.  By Cor 5.4 (T_k nest as k grows) the proposed stage i is then T_k for
        every k in [k_i, k_(i+1) - 1]: S_i = T_(k_i) >= T_k >= T_(k_(i+1) - 1) = S_i.  While the
        input has at most ONE_PASS_NODES nodes, every column up to FLOAT_EXACT_INTEGERS is one
        PruneTree pass over the input (one ``prune_many`` call).  Else column 1 is PruneTree over
        the input; the others, all at once, over the proposed first stage S_0 once column 1 has
        shown it T_1 (a view, :func:`_current_tree`): by the same nesting PruneTree over T_1 at
        k >= 1 decides as over the input (the walk's own steps rest on it too), and the splits T_1
        lost, which a grown tree has many of, are not decided again at every column.  None (the
        walk from k = 1) when there is no proposal or column 1 disagrees."""
        proposal = propose_path(self.full, self.prior, self.PROPOSE_UP_TO)
        if proposal is None:
            return None
        ks = [k for k in proposal.ks if k <= self.FLOAT_EXACT_INTEGERS]      # (the first ones: ks increase)
        columns = sorted(set(ks) | {k - 1 for k in ks[1:]})         # (column 1 first)
        if self.full.n_nodes <= self.ONE_PASS_NODES:         # all over the input at once
            wrong = self._wrong_columns(proposal, ks, columns, self._kept_at(self.input, columns, None))
        else:
            wrong = self._wrong_columns(proposal, ks, [1], self._kept_at(self.input, [1], None))
            if columns[1:] and not wrong[1]:
                view, origin = _current_tree(self.input, (self.full.n_children > 0) & proposal.kept(0))
                wrong.update(self._wrong_columns(proposal, ks, columns[1:], self._kept_at(view, columns[1:], origin)))
        if wrong[1]:
            return None
        m = 1
        while m < len(ks) and not wrong[ks[m]] and not wrong[ks[m] - 1]:
            m += 1
        if m == len(ks) < len(proposal.ks):
            m = self._certified_far_stages(proposal, ks)
        return proposal, ks, m

    def _certified_far_stages(self, proposal, ks: list) -> int:
        """The proposed stages beyond FLOAT_EXACT_INTEGERS, each once the stages before it are
        certified, its start appended to ``ks``: there the proposal's start is a float (to a few
        parts in 2^32, no integer), made one by the root finder
        (:func:`~exactprune.breakpoints.search._crossing_proposal`, Newton's method in log k on arb
        balls) from it, on the subtree of the split that placed the stage (``placed_by``) in the
        stage before, S_(i-1); the columns k_i - 1 and k_i are PruneTree over S_(i-1) (S_(i-1) =
        T_(k_(i-1)), and by the nesting PruneTree over it at k >= k_(i-1) decides as over the
        input).  Returns the number of stages certified in all: it stops at a stage whose columns
        disagree, or which the root finder cannot place (no proposal, none above the start before,
        or beyond 2**BREAKPOINT_EXACT_BITS, where a start is a bracket)."""
        splits = self.full.n_children > 0
        for i in range(len(ks), len(proposal.ks)):
            if proposal.placed_by is None:
                break
            tree, origin = _current_tree(self.input, splits & proposal.kept(i - 1))
            key = proposal.placed_by[i]
            node = key if origin is None else int(np.flatnonzero(origin == key)[0])
            form = SubtreeForm.of_subtrees(tree.arrays(), [node], _Names(self.full, np.array([key])), self.prior)[0]
            k = _crossing_proposal(form, proposal.ks[i])
            if k is None or not ks[-1] < k <= 1 << BREAKPOINT_EXACT_BITS:
                break
            ks.append(k)
            wrong = self._wrong_columns(proposal, ks, [k - 1, k], self._kept_at(tree, [k - 1, k], origin))
            if wrong[k - 1] or wrong[k]:
                return i
        return len(ks)

    def _kept_at(self, tree: Tree, columns: list, origin: Optional["np.ndarray"]) -> "np.ndarray":
        """PruneTree's kept splits over ``tree`` at the orders ``columns`` (one row each,
        :func:`~exactprune.knorm.prune_many`; its decisions counted), over the input's nodes
        (``origin``: the input index of each of ``tree``'s nodes, None when they are the input's)."""
        kept, routes = prune_many(tree, columns, prior=self.prior)
        self._count_routes(routes)
        if origin is not None:          # a compact copy: its nodes back to the input's
            full = np.zeros((len(columns), self.full.n_nodes), dtype=bool)
            full[:, origin] = kept
            kept = full
        return kept

    def _wrong_columns(self, proposal, ks: list, columns: list, kept: "np.ndarray") -> dict:
        """Column -> does PruneTree's pruning there (``kept``, a row per column over the input's
        nodes) differ from the proposed stage that holds the column (the last stage from at most it;
        ``ks`` the stages' first k, integers)?"""
        stage_of_column = np.array([bisect.bisect_right(ks, c) - 1 for c in columns])
        expected = proposal.lost_at[None, :] > stage_of_column[:, None]         # the proposed splits per column
        return dict(zip(columns, _disagree(self.full, kept, expected).tolist()))

    def _count_routes(self, routes: dict) -> None:
        self.decisions["prunetree_comparisons"] += sum(routes.values())
        self.decisions["prunetree_exact_fallbacks"] += routes.get("arb", 0) + routes.get("exact", 0)

    def _take_path(self, proposal, ks: list, m: int) -> None:
        """Take the first ``m`` stages of a certified proposal (:meth:`_certified_path`) as the
        walk would have found them: the record of the splits each loses, the leaves, and with
        ``crossings`` the real crossings of each stage's pruned splits (from the stage before's
        tree, as the walk).  The walk goes on from the last of them (at its first k, with no
        breakpoint known) unless that was the proposal's last, with every split left meeting
        Thm 5.9's condition (``done``)."""
        splits = self.full.n_children > 0
        for s, k in enumerate(ks[:m]):
            kept = splits & proposal.kept(s)
            self._add_stage(k, None)
            if self.current is not None:        # the crossings of the splits it prunes
                a = self.current.arrays()
                self._record_pruned(a, kept if self.origin is None else kept[self.origin], k, self.crossings)
            else:
                lost = np.flatnonzero(self.live & ~kept)
                self.record.stage_of[lost] = s
                self.live[lost] = False
                self.stages[-1]._leaves = _leaves_of(self.full, self.live)
            if self.crossings:
                self._next_current()
        self.decisions["stages_path_certified"] += m
        self.full.forget(self.full.cached_keys())      # (none is read by the walk, as after its first stage)
        if not self.crossings:
            self._next_current()
        self.k0 = ks[m - 1]
        assert self.current is not None
        a = self.current.arrays()
        self.done = (m == len(proposal.ks) and proposal.complete
                     and bool(_survives_all_k_array(a)[a.n_children > 0].all()))

    def _add_stage(self, k_from: Any, leaves: Optional[int]) -> None:
        """Append the stage from ``k_from`` (ending the finite one before it) of ``leaves``
        leaves (None: set when the stage's splits are known)."""
        if self.stages and k_from != INF:
            self.stages[-1].k_to = k_from
        self.stages.append(Stage(k_from, None, record=self.record, index=len(self.stages), leaves=leaves))

    def _count(self, result) -> None:
        self.decisions["prunetree_comparisons"] += result.comparisons
        self.decisions["prunetree_exact_fallbacks"] += result.fallbacks

    def _inputs(self, nodes: "np.ndarray") -> "np.ndarray":
        """The input's indices of nodes of the current tree."""
        return nodes if self.origin is None else self.origin[nodes]

    def _next_current(self) -> None:
        """Drop the current tree (and its derived arrays), then make the one of the splits
        ``live`` (:func:`_current_tree`) and count its leaves for the last stage (each split adds
        its children, less itself)."""
        self.current = self.origin = None
        self.current, self.origin = _current_tree(self.input, self.live)
        self.stages[-1]._leaves = _leaves_of(self.full, self.live)

    def next_stage(self) -> bool:
        """Find where the current stage ends and start the next one; False when no split of the
        current tree is ever lost at a finite k."""
        assert self.current is not None
        a = self.current.arrays()
        if self.done or not self.live.any():
            return False
        self.kept_through = self.k0
        change = self._prunetree_at_next_k(a) if self._next_k_first() else None
        if change is None:
            change = (self._float_placed_change(a)
                      or (self._prunetree_at_next_k(a) if self.kept_through == self.k0 else None)
                      or self._change_at_least_breakpoint(a))
        if change is None:
            return False
        k_star, kept = change
        self._add_stage(k_star, None)
        cut = self._record_pruned(a, kept, k_star, self.crossings)
        self._forget_breakpoints_above(a, cut)
        del a, kept, change
        self._next_current()
        self.k0 = k_star
        return True

    def _float_placed_change(self, a: CountArrays) -> Optional[tuple]:
        """``(k*, kept)``: the next change, the least k > k0 where PruneTree prunes the current tree,
        placed by the least of the splits' breakpoints as floats guess them
        (:func:`~exactprune.breakpoints.float_breakpoints`; exact where already searched, or where
        the floats give no guess above k0), at most FLOAT_EXACT_INTEGERS, and certified by
        PruneTree on both sides: nothing
        pruned at k* - 1 (so every F_d(k* - 1) > 0, and by Thm 5.3 every split is kept on
        [k0, k* - 1]) and something pruned at k*.  When a side fails, the guess was off: PruneTree
        itself is walked from there (:meth:`_walk_to_change`).  None (the exact steps decide)
        when k0 is a bracket, when no split has an integer estimate, when the least is above
        FLOAT_EXACT_INTEGERS, or when the walk gives up."""
        k0, through = self.k0, self.kept_through
        if not (self.PLACE_BY_FLOATS and isinstance(k0, int) and isinstance(through, int)):
            return None
        splits = np.flatnonzero((a.n_children > 0) & ~_survives_all_k_array(a))
        keys = self._inputs(splits).tolist()
        new = [j for j, key in enumerate(keys) if key not in self.cache and key not in self.guesses]
        if new:
            self.guesses.update(zip((keys[j] for j in new), float_breakpoints(a, splits[new], self.prior, k0)))
        estimates = []
        for i, key in zip(splits.tolist(), keys):
            if key not in self.cache and self.guesses[key] <= through:      # no guess, or a wrong one
                self._search(a, i, key)
            estimate = self.cache[key] if key in self.cache else self.guesses[key]
            if isinstance(estimate, int):
                estimates.append(estimate)
        if not estimates:
            return None
        k_star = min(estimates)
        if k_star > self.FLOAT_EXACT_INTEGERS:      # floats place such a k to a few digits only
            return None
        if k_star - 1 > through:
            below = self._prunes_at(a, k_star - 1)
            if below is not None:               # the change is below the guess
                return self._walk_to_change(a, through, k_star - 1, below, down=True)
        at = self._prunes_at(a, k_star)
        if at is None:                          # the change is above the guess
            return self._walk_to_change(a, k_star, None, None, down=False)
        self.decisions["stages_float_placed"] += 1
        return k_star, at

    def _prunes_at(self, a: CountArrays, k: int) -> Optional["np.ndarray"]:
        """PruneTree's kept splits at ``k`` if it prunes the current tree there, else None."""
        assert self.current is not None
        result = prune(self.current, k, prior=self.prior)
        self._count(result)
        return result.kept_splits if _prunes(a, result.kept_splits) else None

    def _walk_to_change(self, a: CountArrays, lo: int, hi: Optional[int], kept: Optional["np.ndarray"],
                        down: bool) -> Optional[tuple]:
        """The least k > lo where PruneTree prunes the current tree, given that it keeps every split
        at ``lo`` and (``hi`` given) prunes at ``hi`` (its kept splits ``kept``): galloping from the
        end that is off (``down``: from hi towards k0, else up from lo; steps 1, 2, 4, ...) to a
        bracket, then bisection, every probe a PruneTree.  "PruneTree prunes the current tree at
        k" holds from the change on (the prunings nest, Cor 5.4), so this finds it exactly.  None
        (the exact steps decide) when the gallop's step would pass WALK_STEP_LIMIT."""
        self.decisions["stages_float_walked"] += 1
        step = 1
        while down:
            assert hi is not None
            probe = hi - step
            if probe <= lo:
                break
            if step > self.WALK_STEP_LIMIT:
                return None
            found = self._prunes_at(a, probe)
            if found is None:
                lo = probe
                break
            hi, kept, step = probe, found, 2 * step
        while not down:
            probe = lo + step
            if step > self.WALK_STEP_LIMIT:
                return None
            found = self._prunes_at(a, probe)
            if found is not None:
                hi, kept = probe, found
                break
            lo, step = probe, 2 * step
        assert hi is not None
        while hi - lo > 1:
            mid = (lo + hi) // 2
            found = self._prunes_at(a, mid)
            if found is None:
                lo = mid
            else:
                hi, kept = mid, found
        return hi, kept

    def _next_k_first(self) -> bool:
        """Ask PruneTree at k0 + 1 before any float guess: while k0 + 1 <= NEXT_K_FIRST (PruneTree
        is cheap there, and the early stages of a large tree often come one k after another,
        where guessing every split's breakpoint would cost far more), or without floats."""
        return isinstance(self.k0, int) and (self.k0 + 1 <= self.NEXT_K_FIRST or not self.PLACE_BY_FLOATS)

    def _prunetree_at_next_k(self, a: CountArrays) -> Optional[tuple]:
        """``(k0 + 1, kept)`` if PruneTree prunes at k0 + 1 (within the exact range), else None
        (and ``kept_through`` is k0 + 1)."""
        k0 = self.k0
        if not (isinstance(k0, int) and k0 + 1 <= EXACT_K_LIMIT):
            return None
        kept = self._prunes_at(a, k0 + 1)
        if kept is None:
            self.kept_through = k0 + 1
            return None
        return k0 + 1, kept

    def _change_at_least_breakpoint(self, a: CountArrays) -> Optional[tuple]:
        """The next change from the breakpoints of the current splits (searched, or reused): at
        the least exact breakpoint, recomputed by PruneTree there; or, when all are certified
        brackets, the bracket with the least upper end.  None when no split is lost at a finite k."""
        found = self._breakpoints_of(a)
        finite = [b for b in found.values() if b is not None]
        if not finite:
            return None
        exact_ks = [b for b in finite if isinstance(b, int)]
        if not exact_ks:
            return _bracket_stage(found, _Names(self.full, self.origin), a.n_nodes)
        k_star = min(exact_ks)
        kept = self._prunes_at(a, k_star)
        if kept is None:
            raise AssertionError(f"sequence inconsistency: searches predict a change at k={k_star}, "
                                 "PruneTree prunes nothing there")
        return k_star, kept

    def _breakpoints_of(self, a: CountArrays) -> dict:
        """Current index -> breakpoint of every split of the current tree (``a``): Thm 5.9's
        survivors None, the others searched from k0 (:func:`next_breakpoint`) unless cached."""
        survivors = _survives_all_k_array(a)
        splits = np.flatnonzero(a.n_children > 0)
        found = {}
        for i, key in zip(splits.tolist(), self._inputs(splits).tolist()):
            if key not in self.cache:
                if survivors[i]:
                    self.cache[key] = None
                else:
                    self._search(a, i, key)
            found[i] = self.cache[key]
        return found

    def _search(self, a: CountArrays, i: int, key: int) -> None:
        """Search the breakpoint of split ``i`` of the current tree (input index ``key``) from k0
        (:func:`next_breakpoint`, from its float guess when there is one) into the cache, counting
        the search and its signs' routes."""
        form = SubtreeForm.of_subtrees(a, [i], _Names(self.full, np.array([key])), self.prior)[0]
        self.cache[key] = next_breakpoint(form, self.k0, guess=self.guesses.get(key) or None)
        self.searches += 1
        for how, count in form.decider.routes.items():
            self.decisions[f"search_{how}"] += count

    def _forget_breakpoints_above(self, a: CountArrays, cut: "np.ndarray") -> None:
        """The breakpoints of the splits whose subtree changed (the proper ancestors of the pruned
        splits ``cut`` of the current tree ``a``) are stale, and those of the pruned splits are no
        longer needed: both are dropped, found bottom-up over ``a``'s levels, each level's nodes
        being the children of the level above's splits in order."""
        if not (self.cache or self.guesses):
            return
        changed = np.zeros(a.n_nodes, dtype=bool)      # a pruned split in the subtree
        changed[cut] = True
        arity, levels = a.n_children, a.levels()
        for nodes, children in zip(levels[-2::-1], levels[:0:-1]):
            splits = nodes[arity[nodes] > 0]
            width = arity[splits]
            changed[splits] |= np.logical_or.reduceat(changed[children], np.cumsum(width) - width)
        for key in self._inputs(np.flatnonzero(changed)).tolist():
            self.cache.pop(key, None)
            self.guesses.pop(key, None)

    def _record_pruned(self, a: CountArrays, kept: "np.ndarray", k: Breakpoint, crossings: bool) -> "np.ndarray":
        """Record the splits of the current tree (arrays ``a``) lost at the last stage (first k
        ``k``): those pruned (``kept`` false at a split whose ancestors are kept; with their real
        crossings when ``crossings`` and k >= 2) and those removed with them, and take them out of
        ``live``.  Returns the pruned splits (current indices)."""
        s = len(self.stages) - 1
        splits = a.n_children > 0
        alive = np.logical_and(a.subtree_mask(kept), splits)     # (a view's nodes outside its tree: False)
        np.logical_and(alive, kept, out=kept)   # the splits of the pruned tree
        lost = self._inputs(np.flatnonzero(splits & ~kept))
        del splits
        self.record.stage_of[lost] = s
        self.live[lost] = False
        del lost
        cut = np.flatnonzero(alive & ~kept)
        del alive
        if crossings and isinstance(k, int) and k >= 2 and cut.size:
            for start in range(0, len(cut), self.FORMS_AT_A_TIME):
                part = cut[start:start + self.FORMS_AT_A_TIME]
                where = self._inputs(part)
                forms = SubtreeForm.of_subtrees(a, part, _Names(self.full, where), self.prior)
                self.record.checks[s] = verify_crossings(forms, k)       # (the grid's size: the same each time)
                self.record.crossings.update(zip(where.tolist(), real_crossings(forms, k - 1, k)))
        return cut

    def finish(self) -> KNormSequence:
        """The splits left survive every finite k; the k = infinity stage is the root alone;
        the breakpoints in Zhong's order (by depth, then by name)."""
        full = self.full
        self.current = self.origin = None
        self._add_stage(INF, 1)
        self.record.stage_of[self.live] = len(self.stages) - 1
        del self.live
        arity = full.n_children
        if arity.max(initial=0) < 10:        # names of one digit per level: by name = by path = level order
            order = np.concatenate([level[arity[level] > 0] for level in full.levels()])
        else:
            splits = np.flatnonzero(arity > 0)
            depth, names = full.depth[splits].tolist(), full.names_of(splits)
            order = splits[sorted(range(len(splits)), key=lambda j: (depth[j], names[j]))]
        return KNormSequence(self.prior, self.stages, _Breakpoints(self.record, order), self.searches,
                             self.decisions)


#: the current tree is a compact copy when it has at most this fraction of the input's nodes
#: (else a view over the input's node indices): see :func:`_current_tree`
COMPACT_FRACTION = 0.25


def _current_tree(tree: Tree, splits: "np.ndarray") -> tuple:
    """``(current, origin)``: the pruning of ``tree`` that keeps the splits ``splits`` (a mask over
    its nodes, closed upwards: a kept split's parent is kept), for PruneTree and the breakpoint
    searches, and the input index of each of its nodes (None: the input's own indices).

    A large pruning is a view over the input's node indices (``origin`` None): the input's counts
    (shared, not copied) and the children of the kept splits alone, in a new CSR (int32 where the
    indices fit).  The nodes below a lost split stay in the arrays as isolated leaves that no walk
    from the root reaches (every pass of PruneTree and of
    :class:`~exactprune.breakpoints.SubtreeForm` walks from the root,
    :meth:`~exactprune.tree.CountArrays.breadth_first`); so the view is not a valid tree to hand
    to anything else.  A pruning of at most COMPACT_FRACTION of the input's nodes is a compact
    copy (:meth:`~exactprune.tree.CountArrays.pruned`): then every array made for it, by PruneTree
    too, is of its own size.

    >>> from exactprune.tree import iris_tree
    >>> tree = iris_tree()
    >>> a = tree.arrays()
    >>> kept = prune(tree, 2).kept_splits
    >>> view, origin = _current_tree(tree, kept & a.subtree_mask(kept))
    >>> origin is None, sorted(a.names_of(view.arrays().breadth_first()[0]))        # Zhong Figure B.1 (d)
    (True, ['c1', 'c2', 'c21', 'c22', 'root'])
    >>> old = np.flatnonzero(a.subtree_mask(kept))          # the pruned copy's nodes, as input indices
    >>> copy = prune(tree.pruned_tree(kept), 3)
    >>> bool(view.arrays().counts is a.counts), prune(view, 3).kept_splits[old].tolist() == copy.kept_splits.tolist()
    (True, True)
    >>> small, origin = _current_tree(tree, np.arange(a.n_nodes) == 0)       # the root's split alone
    >>> small.arrays().counts.tolist() == a.counts[origin].tolist(), a.names_of(origin)
    (True, ['root', 'c1', 'c2'])
    """
    a = tree.arrays()
    arity = np.diff(a.offsets)      # (not the input's n_children: none of its derived arrays is kept)
    if 1 + int(arity[splits].sum()) <= COMPACT_FRACTION * a.n_nodes:
        del arity
        made_before = a.cached_keys()
        arrays, origin = a.pruned(splits)
        a.forget(a.cached_keys() - made_before)
        return Tree.from_arrays(arrays, tree.class_names, validate=False), origin
    dtype = index_dtype(len(a.indices))       # (the largest offset; every index is below it)
    indices = a.indices[np.repeat(splits, arity)].astype(dtype, copy=False)
    arity[~splits] = 0
    offsets = np.zeros(a.n_nodes + 1, dtype=dtype)
    np.cumsum(arity, out=offsets[1:])
    del arity
    return Tree.from_arrays(CountArrays(a.counts, offsets, indices), tree.class_names, validate=False), None


def _leaves_of(a: CountArrays, splits: "np.ndarray") -> int:
    """The leaves of the pruning of ``a`` that keeps the splits ``splits`` (a mask over its nodes,
    closed upwards): each split turns a leaf into its children, so 1 + its children - its splits.

    >>> from exactprune.tree import iris_tree
    >>> a = iris_tree().arrays()
    >>> _leaves_of(a, a.n_children > 0), _leaves_of(a, np.arange(a.n_nodes) == 0)      # Zhong Figure B.1
    (8, 2)
    """
    return 1 + int(np.diff(a.offsets)[splits].sum()) - int(np.count_nonzero(splits))


def _disagree(a: CountArrays, kept: "np.ndarray", expected: "np.ndarray") -> "np.ndarray":
    """Per row: does the pruning ``kept`` (PruneTree's kept splits over ``a``'s nodes) differ from
    the tree of the splits ``expected`` (closed upwards)?  They are the same tree iff they agree
    at the root and at every child of an expected split (by induction from the root), so only
    those are compared.

    >>> from exactprune.tree import iris_tree
    >>> a = iris_tree().arrays()
    >>> kept = prune(iris_tree(), 2).kept_splits
    >>> expected = kept & a.subtree_mask(kept)
    >>> loose = kept.copy(); loose[a.index("c212")] = True                 # below a lost split: no matter
    >>> wrong = kept.copy(); wrong[a.index("c2")] = False
    >>> _disagree(a, np.stack([kept, loose, wrong]), expected[None, :]).tolist()
    [False, False, True]
    """
    parent = a.parent
    frontier = (a.n_children > 0) & ((parent < 0) | expected[:, np.maximum(parent, 0)])
    return ((kept != expected) & frontier).any(axis=1)


def _prunes(a: CountArrays, kept: "np.ndarray") -> bool:
    """Does the pruning ``kept`` (over ``a``'s indices) turn a split into a leaf?"""
    return bool(np.any((a.n_children > 0) & ~kept))


def _survives_all_k_array(a: CountArrays) -> "np.ndarray":
    """:func:`survives_all_k` at every node of count arrays at once, bottom-up level by level: a
    split qualifies iff each child has its majority count and is a leaf or qualifies itself.
    Each level's nodes are the children of the level above's splits in order
    (:meth:`~exactprune.tree.CountArrays.levels`), so a child's parent is read from the level above
    and the majorities are made a level at a time (no array over every node but the result).

    >>> from exactprune.tree import Tree, iris_tree
    >>> pure = Tree.from_json('{"counts": [10, 10], "children": [{"counts": [10, 0]}, {"counts": [0, 10]}]}')
    >>> iris = iris_tree()
    >>> walk = [survives_all_k(n) for n in iris.nodes()]        # Thm 5.9 node by node
    >>> _survives_all_k_array(pure.arrays()).tolist(), _survives_all_k_array(iris.arrays()).tolist() == walk
    ([True, False, False], True)
    """
    arity = a.n_children
    ok = arity > 0
    below = None         # the level below: its majorities and whether each node is a leaf or qualifies
    for nodes in reversed(a.levels()):
        majority = functools.reduce(np.maximum, a.counts[nodes].T)
        is_split = arity[nodes] > 0
        if below is not None:           # (only the deepest level has no split)
            splits = nodes[is_split]
            width = arity[splits]
            child_majority, child_fine = below
            fine = (child_majority == np.repeat(majority[is_split], width)) & child_fine
            ok[splits] = np.logical_and.reduceat(fine, np.cumsum(width) - width)
        below = majority, ~is_split | ok[nodes]
    return ok


def _bracket_stage(found: dict, names: Sequence[str], n_nodes: int) -> tuple:
    """The next stage when every remaining breakpoint (``found``: node index -> breakpoint or
    None) is a :class:`LogBracket`: the splits whose bracket has the least upper end are lost
    there; ``(bracket, kept)`` with ``kept`` the mask (over ``n_nodes`` nodes) of the splits kept.
    A bracket overlapping another cannot be ordered: ValueError."""
    brackets = {i: b for i, b in found.items() if b is not None}
    first = min(brackets.values(), key=lambda b: b.upper)
    for i, b in brackets.items():
        if b != first and b.lower < first.upper:
            lost = min(names[j] for j, c in brackets.items() if c == first)
            raise ValueError(f"the breakpoints of {lost} ({first}) and {names[i]} ({b}) overlap: "
                             f"beyond 2^{BREAKPOINT_EXACT_BITS} (BREAKPOINT_EXACT_BITS) they cannot be ordered")
    kept = np.ones(n_nodes, dtype=bool)
    kept[[i for i, b in brackets.items() if b == first]] = False
    return first, kept


def knorm_pruning_path(tree: Tree, prior: Prior = Prior()) -> dict:
    """scikit-learn-style summary of :func:`knorm_sequence`: for each finite stage its
    first k (exact int, or a certified :class:`LogBracket`), leaves, and the k-norm error of the
    optimal tree at that k (certified decimal string and float for plotting; None for a bracket).

    Parameters
    ----------
    tree : Tree
        The count tree.
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.

    Returns
    -------
    dict
        Per finite stage: k range, leaves, pruned names and the k-norm.

    See Also
    --------
    knorm_sequence : the whole sequence.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> path = knorm_pruning_path(iris_tree())
    >>> path["k_breakpoints"], path["n_leaves"]
    ([1, 2, 17781896], [7, 3, 2])
    """
    seq = knorm_sequence(tree, prior, crossings=False)
    finite = [s for s in seq.stages if s.k_from != INF]

    def norm(stage: Stage) -> str:
        with flint.ctx.workprec(128):
            return knorm_decimal(subtree_moment_arb(stage.tree.root, stage.k_from, prior), stage.k_from, 12)

    norms = [None if isinstance(s.k_from, LogBracket) else norm(s) for s in finite]    # None: k known as an interval
    return {"k_breakpoints": [s.k_from for s in finite], "n_leaves": [s.leaves for s in finite],
            "knorm_errors": norms, "knorm_errors_float": [None if x is None else float(x) for x in norms],
            "sequence": seq}
