"""The k-norm pruning sequence's result (Zhong 5.1.2): its stages, each optimal on a range of
integer k, and the breakpoint entry of every split, as :func:`~exactprune.sequence.knorm_sequence`
returns them.

The result is kept as integers over the input's nodes (``_Record``: the stage that loses each
split, in a numpy array) and the certified real crossings; a stage's tree, its pruned names and
the breakpoint entries are made when a caller reads them.  A bound beyond 2**BREAKPOINT_EXACT_BITS
is a certified :class:`~exactprune.breakpoints.LogBracket`, placed against an integer k by the
decision kernel.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Optional

import flint
import numpy as np

from .breakpoints import Breakpoint, LogBracket
from .certify import Decider
from .knorm import Prior
from .numbers import arb_of
from .formatting import fraction_str
from .tree import CountArrays, Tree

__all__ = ["Stage", "NodeBreakpoint", "KNormSequence"]

INF = "inf"


def _at_least(k: int, bound: Breakpoint) -> bool:
    """k >= bound for an integer bound; for a :class:`LogBracket` (2**lower < bound <= 2**upper),
    k >= 2**upper is at or above it, k <= 2**lower below it, and a k in between cannot be placed
    (ValueError)."""
    if isinstance(bound, int):
        return k >= bound
    if _log2_sign(k, bound.upper) >= 0:
        return True
    if _log2_sign(k, bound.lower) <= 0:
        return False
    raise ValueError(f"k lies inside the certified interval of a breakpoint ({bound}): its stage is not known")


def _log2_sign(k: int, t: Fraction) -> int:
    """Sign of log2 k - t for a positive integer k and a rational t, by the decision kernel:
    exact when k is a power of two (the only case where log2 k is rational), else a certified
    arb sign (never zero).

    >>> _log2_sign(8, Fraction(3)), _log2_sign(9, Fraction(3)), _log2_sign(7, Fraction(3))
    (0, 1, -1)
    """
    if k & (k - 1) == 0:
        return Decider().sign(None, None, exact=lambda: k.bit_length() - 1 - t)
    return Decider().sign(None, None, ball=lambda: arb_of(k).log() - arb_of(t) * flint.arb(2).log())


def _as_json(bound):
    return bound.as_dict() if isinstance(bound, LogBracket) else bound


class Stage:
    """Members of the k-norm pruning sequence: optimal for k_from <= k < k_to
    (``k_to`` None: for every larger finite k); k_from == "inf" is the k = infinity stage.
    A bound beyond 2**BREAKPOINT_EXACT_BITS is a certified :class:`LogBracket`.  ``pruned``
    names the splits the stage turns into leaves (topmost only, sorted).  In a
    :class:`KNormSequence` the stage's ``tree`` and ``pruned`` are made on first access from
    the sequence's record of where each split is lost.

    Parameters
    ----------
    k_from : int, LogBracket or "inf"
        The least k of the stage's range ("inf": the k = infinity stage).
    k_to : int, LogBracket or None
        The least k beyond the range (None: the range has no end short of infinity).
    tree : Tree, optional
        The optimal pruning on the range (made from ``record`` when not given).
    pruned : list of str, optional
        The splits it turns into leaves, topmost only, sorted (made from ``record`` when not given).
    record : _Record, optional
        The sequence's record of where each split is lost (keyword-only; needed without
        ``tree`` and ``pruned``).
    index : int, default 0
        The stage's position in ``record`` (keyword-only).
    leaves : int, optional
        The number of leaves, when known without making the tree (keyword-only).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> stage = Stage(1, 2, iris_tree(), [])
    >>> stage.leaves, stage.as_dict()
    (8, {'k_from': 1, 'k_to': 2, 'leaves': 8, 'pruned': []})
    """

    def __init__(self, k_from: Any, k_to: Optional[Breakpoint], tree: Optional[Tree] = None,
                 pruned: Optional[list] = None, *, record: Optional["_Record"] = None, index: int = 0,
                 leaves: Optional[int] = None):
        if (tree is None or pruned is None) and record is None:
            raise TypeError("Stage needs its tree and pruned names")
        self.k_from, self.k_to = k_from, k_to
        self._tree, self._pruned, self._record, self._index = tree, pruned, record, index
        self._leaves = leaves

    @property
    def tree(self) -> Tree:
        """The optimal pruning on the stage's range of k.

        >>> from exactprune.tree import iris_tree

        >>> from exactprune.sequence import knorm_sequence
        >>> seq = knorm_sequence(iris_tree(), crossings=False)
        >>> [sorted(n.name for n in s.tree.leaves()) for s in seq.stages[1:]]   # Zhong Figure B.1 (d), (e), (f)
        [['c1', 'c21', 'c22'], ['c1', 'c2'], ['root']]
        """
        if self._tree is None:
            assert self._record is not None
            self._tree = self._record.stage_tree(self._index)
        return self._tree

    @property
    def pruned(self) -> list:
        """The names of the splits this stage makes leaves (topmost only), sorted.

        >>> from exactprune.tree import iris_tree

        >>> from exactprune.sequence import knorm_sequence
        >>> [s.pruned for s in knorm_sequence(iris_tree(), crossings=False).stages]    # c22: ineffective (App B)
        [['c22'], ['c21'], ['c2'], ['root']]
        """
        if self._pruned is None:
            assert self._record is not None
            self._pruned = self._record.stage_pruned(self._index)
        return self._pruned

    @property
    def leaves(self) -> int:
        """The number of leaves of :attr:`tree` (known without making it).

        >>> from exactprune.tree import iris_tree

        >>> from exactprune.sequence import knorm_sequence
        >>> [s.leaves for s in knorm_sequence(iris_tree(), crossings=False).stages]   # Figure B.1 (b), (d)-(f)
        [7, 3, 2, 1]
        """
        if self._leaves is None:
            self._leaves = self.tree.n_leaves
        return self._leaves

    def as_dict(self) -> dict:
        """The JSON form: the bounds (a :class:`LogBracket` as its dict), leaves and pruned names.

        >>> from exactprune.tree import iris_tree

        >>> from exactprune.sequence import knorm_sequence
        >>> knorm_sequence(iris_tree(), crossings=False).stages[2].as_dict()
        {'k_from': 17781896, 'k_to': None, 'leaves': 2, 'pruned': ['c2']}
        """
        return {"k_from": _as_json(self.k_from), "k_to": _as_json(self.k_to), "leaves": self.leaves,
                "pruned": self.pruned}

    def __repr__(self) -> str:
        return f"Stage(k_from={self.k_from}, k_to={self.k_to}, leaves={self.leaves})"


@dataclass(slots=True)
class NodeBreakpoint:
    """Where a split of the full tree stops being kept.  ``breakpoint`` is the exact integer, a
    certified :class:`LogBracket` beyond 2**BREAKPOINT_EXACT_BITS, or None for a split
    that survives every finite k; ``removed_with`` names the ancestor whose pruning removed it
    when it was not pruned itself; ``crossing`` is the certified real interval (or None).

    Parameters
    ----------
    name : str
        The split's name.
    breakpoint : int, LogBracket or None
        The least integer k that prunes it (a certified LogBracket beyond
        2**BREAKPOINT_EXACT_BITS; None when it survives every finite k).
    removed_with : str, optional
        The ancestor whose pruning removed it, when it was not pruned itself.
    crossing : tuple of Fraction, optional
        The certified real interval (x0, x1) where F_d changes sign.
    survives_all_finite_k : bool, default False
        Thm 5.9's condition holds: kept at every finite k.
    sign_checks : int, default 0
        Grid points where the sign of F_d was certified consistent with one crossing (Thm 5.3).

    Examples
    --------
    >>> NodeBreakpoint("c2", 17781896, crossing=(Fraction(7), Fraction(8))).as_dict()["crossing"]
    {'lower': '7', 'upper': '8', 'approx': '7.50000000000'}
    """

    name: str
    breakpoint: Optional[Breakpoint]
    removed_with: Optional[str] = None
    crossing: Optional[tuple] = None
    survives_all_finite_k: bool = False
    sign_checks: int = 0   # grid points where the sign of F_d was certified consistent (Thm 5.3)

    def as_dict(self) -> dict:
        """The JSON form, the crossing as exact fraction strings and a 12-digit midpoint.  Zhong
        App B prints 25680602 for the iris split c2 with the error numerator 1: the floor of the
        real crossing; the least integer k that prunes c2 is one more.

        >>> from exactprune.tree import iris_tree

        >>> from exactprune.sequence import knorm_sequence
        >>> entry = knorm_sequence(iris_tree(), Prior(numerator="1")).breakpoints["c2"].as_dict()
        >>> entry["breakpoint"], entry["crossing"]["approx"][:9], entry["removed_with"]
        (25680603, '25680602.', None)
        """
        out = {"name": self.name, "breakpoint": _as_json(self.breakpoint), "removed_with": self.removed_with,
               "survives_all_finite_k": self.survives_all_finite_k, "crossing": None,
               "sign_checks": self.sign_checks}
        if self.crossing is not None:
            lo, hi = self.crossing
            out["crossing"] = {"lower": fraction_str(lo), "upper": fraction_str(hi),
                               "approx": arb_of((lo + hi) / 2).str(12, radius=False)}
        return out


class _Names(Sequence):
    """The names of the nodes ``nodes`` (all in index order when None) of count arrays, each made
    when it is read (:meth:`~exactprune.tree.CountArrays.name`): error messages name a node
    without every node being named."""

    def __init__(self, arrays: CountArrays, nodes: Optional["np.ndarray"] = None):
        self.arrays, self.nodes = arrays, nodes

    def __len__(self) -> int:
        return self.arrays.n_nodes if self.nodes is None else len(self.nodes)

    def __getitem__(self, j):      # type: ignore[override]  # no slices: one name at a time
        return self.arrays.name(int(j if self.nodes is None else self.nodes[j]))


class _Record:
    """Where each split of the input is lost, over the input's node indices: ``stage_of[i]`` the
    index of the first stage without the split i (the k = infinity stage for a split surviving
    every finite k); the certified crossings (input index -> interval) and the number of grid
    points checked per stage.  The stages' trees and pruned names, and the breakpoint entries,
    are made from it on access."""

    UNDECIDED = np.iinfo(np.int32).max

    def __init__(self, tree: Tree, stages: list):
        self.input, self.full, self.stages = tree, tree.arrays(), stages
        self.stage_of = np.full(self.full.n_nodes, self.UNDECIDED, dtype=np.int32)
        self.crossings: dict = {}
        self.checks: dict = {}

    def stage_tree(self, s: int) -> Tree:
        """The tree of stage ``s``: the input with the splits lost by stage s made leaves."""
        return self.input.pruned_tree((self.full.n_children > 0) & (self.stage_of > s))

    def _tops(self, s: int) -> "np.ndarray":
        """The splits lost at stage ``s`` whose parent is not (the splits the stage prunes)."""
        lost = np.flatnonzero(self.stage_of == s)
        parent = self.full.parent[lost]
        return lost[(parent < 0) | (self.stage_of[np.maximum(parent, 0)] != s)]

    def stage_pruned(self, s: int) -> list:
        return sorted(self.full.names_of(self._tops(s)))

    def entry(self, i: int) -> NodeBreakpoint:
        """The breakpoint entry of the split at input index ``i``."""
        s, name = int(self.stage_of[i]), self.full.name(i)
        if s == len(self.stages) - 1 and self.stages[s].k_from == INF:
            return NodeBreakpoint(name, None, survives_all_finite_k=True)
        k, parent, top = self.stages[s].k_from, self.full.parent, i
        while parent[top] >= 0 and self.stage_of[parent[top]] == s:       # removed with an ancestor
            top = int(parent[top])
        if top != i:
            return NodeBreakpoint(name, k, removed_with=self.full.name(top))
        crossing = self.crossings.get(i)
        return NodeBreakpoint(name, k, crossing=crossing, sign_checks=0 if crossing is None else self.checks[s])


class _Breakpoints(Mapping):
    """The breakpoint entries of a :class:`KNormSequence`, name -> :class:`NodeBreakpoint`, in
    Zhong's order (by depth, then by name), each made when it is read from the sequence's record
    (:class:`_Record`)."""

    CHUNK = 1 << 16     # names made at a time while iterating

    def __init__(self, record: _Record, order: "np.ndarray"):
        self._record, self._order = record, order

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[str]:
        for start in range(0, len(self._order), self.CHUNK):
            yield from self._record.full.names_of(self._order[start:start + self.CHUNK])

    def __getitem__(self, name) -> NodeBreakpoint:
        try:
            i = self._record.full.index(name) if isinstance(name, str) else -1
        except ValueError:
            i = -1
        if i < 0 or self._record.full.n_children[i] == 0:
            raise KeyError(name)
        return self._record.entry(i)

    def __repr__(self) -> str:
        return f"<{len(self)} breakpoints>"


@dataclass
class KNormSequence:
    """The result of :func:`~exactprune.sequence.knorm_sequence`: the stages, the breakpoint entries of every split of
    the input (name -> :class:`NodeBreakpoint`), the number of breakpoint searches and how the
    decisions were settled.

    Parameters
    ----------
    prior : Prior
        lam, eta and the numerator convention of the sequence.
    stages : list of Stage
        The stages in increasing k, the k = infinity stage last.
    breakpoints : Mapping of str to NodeBreakpoint
        Every split of the input, by name.
    searches : int, default 0
        The number of breakpoint searches run.
    decisions : dict, optional
        How comparisons were settled: PruneTree's float filter vs exact fallback, and the
        breakpoint searches' signs (float filter, arb ball, exact rational).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> from exactprune.sequence import knorm_sequence
    >>> seq = knorm_sequence(iris_tree(), crossings=False)
    >>> seq.stage_for(2).leaves, seq.stage_for(17781895).leaves, seq.stage_for(17781896).leaves
    (3, 3, 2)
    """

    prior: Prior
    stages: list
    breakpoints: Mapping[str, NodeBreakpoint]
    searches: int = 0
    #: how comparisons were settled: PruneTree's float filter vs exact fallback, and the
    #: breakpoint searches' signs (float filter, arb ball, exact rational)
    decisions: dict = field(default_factory=dict)

    def stage_for(self, k: int) -> Stage:
        """The stage optimal at the positive integer ``k``; ValueError inside a :class:`LogBracket`.

        Parameters
        ----------
        k : int
            The moment's order, a positive integer.

        Returns
        -------
        Stage
            The stage optimal at k.

        Examples
        --------
        >>> from exactprune.tree import iris_tree
        >>> from exactprune.sequence import knorm_sequence
        >>> seq = knorm_sequence(iris_tree(), Prior(numerator="1"), crossings=False)
        >>> seq.stage_for(25680602).leaves, seq.stage_for(25680603).leaves    # App B's 25680602: see the erratum
        (3, 2)
        """
        for stage in self.stages:
            if stage.k_from != INF and _at_least(k, stage.k_from) and (stage.k_to is None
                                                                     or not _at_least(k, stage.k_to)):
                return stage
        raise ValueError(f"k must be a positive integer, got {k}")

    def lost_at(self) -> "np.ndarray":
        """Per node of the sequence's input (its index order, :meth:`Tree.arrays
        <exactprune.tree.Tree.arrays>`), the index of the first stage without it as a split: a
        split pruned by stage s, or removed with an ancestor pruned by stage s, has s; a split
        surviving every finite k has the k = infinity stage's index; a leaf of the input has 0
        (the convention of :attr:`PathProposal.lost_at <exactprune.path_proposal.PathProposal>`).
        Node i is then a leaf of stage s iff lost_at[i] <= s and every proper ancestor has
        lost_at > s.  Read from the sequence's record, with no name made; only a sequence made by
        :func:`~exactprune.sequence.knorm_sequence` keeps one.

        Returns
        -------
        numpy array of int32
            A new array, one entry per node of the input.

        Raises
        ------
        TypeError
            The sequence was not made by :func:`~exactprune.sequence.knorm_sequence`.

        Examples
        --------
        Iris (Zhong App B): c22 is pruned by stage 0 (k = 1), c21 with c212 by stage 1, c2 by stage 2
        (k = 17781896), the root only at k = infinity (stage 3):

        >>> from exactprune.tree import iris_tree
        >>> from exactprune.sequence import knorm_sequence
        >>> a = iris_tree().arrays()
        >>> lost = knorm_sequence(iris_tree(), crossings=False).lost_at()
        >>> {name: int(lost[a.index(name)]) for name in ["root", "c2", "c21", "c212", "c22", "c1"]}
        {'root': 3, 'c2': 2, 'c21': 1, 'c212': 1, 'c22': 0, 'c1': 0}
        """
        if not isinstance(self.breakpoints, _Breakpoints):
            raise TypeError("lost_at needs the record of a sequence made by knorm_sequence")
        record = self.breakpoints._record
        return np.where(record.full.n_children > 0, record.stage_of, 0).astype(np.int32)

    def as_dict(self) -> dict:
        """The JSON form: the prior, the stages and the breakpoint entries in Zhong's order.

        >>> from exactprune.tree import iris_tree

        >>> from exactprune.sequence import knorm_sequence
        >>> out = knorm_sequence(iris_tree(), crossings=False).as_dict()
        >>> out["prior"], [b["name"] for b in out["breakpoints"]]
        ({'lam': '1/2', 'eta': '1/2', 'numerator': 'J-1'}, ['root', 'c2', 'c21', 'c22', 'c211', 'c212', 'c2122'])
        """
        return {"prior": {"lam": fraction_str(self.prior.lam), "eta": fraction_str(self.prior.eta),
                          "numerator": self.prior.numerator},
                "stages": [s.as_dict() for s in self.stages],
                "breakpoints": [b.as_dict() for b in self.breakpoints.values()]}
