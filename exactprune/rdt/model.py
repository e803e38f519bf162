"""The random-decision-tree model of DD 3.2-3.5: stopping criteria, the distribution, leaf errors.

Everything the other :mod:`exactprune.rdt` modules share about the model lives here: the
stopping rule (:class:`Criterion`, DD 3.3.1), the multinomial distribution over the contingency
table (:class:`Distribution`, DD 4.2), the tie rule of a leaf's prediction
(:func:`predicted_classes`, :func:`leaf_weights`, :func:`cell_error`) and the argument checks
the public functions run (:func:`check_tie`, :func:`check_path`, :func:`check_path_pair`,
:func:`check_moment_arguments`).  See :mod:`exactprune.rdt` for the choices the paper leaves open.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Iterator, Mapping, Optional, Sequence

import numpy as np

from ..numbers import exact, nonnegative_int, positive_int

__all__ = [
    "TIES", "CRITERIA", "Criterion", "Distribution", "predicted_classes", "leaf_weights", "cell_error",
    "check_tie", "check_path", "check_path_arguments", "check_path_pair", "orders_last_attribute",
    "check_moment_arguments",
]

TIES = ("split", "first")
CRITERIA = ("fixed", "purity", "scarcity")


@dataclass(frozen=True)
class Criterion:
    """Stopping rule of DD 3.3.1: fixed ``height``, ``purity``, scarcity bound ``pb``, combined.

    A node is a leaf when it has used all d attributes, or its depth is >= ``height`` (item 1), or
    (``purity``) its training points have at most one class (item 2), or (``pb``) it holds <= pb
    points (item 3).  ``str`` gives the name the command line prints.

    Parameters
    ----------
    height : int, optional
        The fixed height h >= 1 (item 1); None for no height limit.
    purity : bool, optional
        Stop at a node whose training points have at most one class (item 2).
    pb : int, optional
        The scarcity bound pb >= 0: stop at a node with at most pb points (item 3); None for none.

    Raises
    ------
    ValueError, TypeError
        When ``height`` is not an integer >= 1, ``pb`` not an integer >= 0 or ``purity`` not a bool.

    Examples
    --------
    >>> Criterion(height=3)
    Criterion(height=3, purity=False, pb=None)
    >>> str(Criterion(height=3)), str(Criterion(purity=True)), str(Criterion(pb=3))
    ('fixed(h=3)', 'purity', 'scarcity(pb=3)')
    >>> f"{Criterion(height=2, purity=True)}"
    'fixed(h=2)+purity'
    >>> Criterion(height=3).stops(depth=2, counts=(5, 0), d=5)
    False
    >>> Criterion(purity=True).stops(depth=2, counts=(5, 0), d=5)
    True
    """

    height: Optional[int] = None
    purity: bool = False
    pb: Optional[int] = None

    def __post_init__(self):
        if self.height is not None:
            object.__setattr__(self, "height", positive_int(self.height, "height"))
        if self.pb is not None:
            object.__setattr__(self, "pb", nonnegative_int(self.pb, "pb"))
        if not isinstance(self.purity, bool):
            raise TypeError(f"purity must be True or False, got {self.purity!r}")

    def __str__(self) -> str:
        parts = []
        if self.height is not None:
            parts.append(f"fixed(h={self.height})")
        if self.purity:
            parts.append("purity")
        if self.pb is not None:
            parts.append(f"scarcity(pb={self.pb})")
        return "+".join(parts) or "full-depth"

    @property
    def sample_dependent(self) -> bool:
        """True for purity or scarcity: whether a node stops depends on the training counts
        (a fixed height alone decides by depth).

        >>> Criterion(height=2).sample_dependent, Criterion(purity=True).sample_dependent
        (False, True)
        """
        return self.purity or self.pb is not None

    def stops(self, depth: int, counts: Sequence[int], d: int) -> bool:
        """Is a node at ``depth`` with class ``counts`` a leaf (DD 3.3.1 items 1-3)?

        Every path stops once all ``d`` attributes are used; with purity, a node whose
        examples are all of one class stops; with scarcity, one with at most ``pb`` examples.

        Parameters
        ----------
        depth : int
            The node's depth (the number of attributes its path uses).
        counts : sequence of int
            The node's training class counts.
        d : int
            The number of attributes.

        Returns
        -------
        bool
            Whether the node is a leaf.

        Examples
        --------
        >>> pure = Criterion(purity=True)
        >>> pure.stops(1, (3, 0), d=3), pure.stops(1, (3, 1), d=3), pure.stops(3, (3, 1), d=3)
        (True, False, True)
        >>> Criterion(pb=4).stops(0, (3, 1), d=3), Criterion(pb=4).stops(0, (3, 2), d=3)
        (True, False)
        """
        if depth >= d or (self.height is not None and depth >= self.height):
            return True
        if self.purity and sum(1 for c in counts if c) <= 1:
            return True
        if self.pb is not None and sum(counts) <= self.pb:
            return True
        return False

    @classmethod
    def parse(cls, text: str, height: Any = None, pb: Any = None) -> "Criterion":
        """``"fixed"``, ``"purity"``, ``"scarcity"`` or a comma-joined combination.

        Parameters
        ----------
        text : str
            The criterion names, comma-separated (of :data:`CRITERIA`).
        height : int, optional
            The height, required with "fixed" (ignored otherwise).
        pb : int, optional
            The scarcity bound, required with "scarcity" (ignored otherwise).

        Returns
        -------
        Criterion
            The combined criterion.

        Raises
        ------
        ValueError
            On no name, an unknown name, or "fixed" / "scarcity" without its number.

        Examples
        --------
        >>> Criterion.parse("purity,fixed", height=2)
        Criterion(height=2, purity=True, pb=None)
        """
        names = [part.strip() for part in str(text).split(",") if part.strip()]
        if not names:
            raise ValueError("criterion: give fixed, purity or scarcity")
        for name in names:
            if name not in CRITERIA:
                raise ValueError(f"criterion: unknown stopping criterion {name!r} (fixed, purity, scarcity)")
        if "fixed" in names and height is None:
            raise ValueError("criterion fixed needs a height h")
        if "scarcity" in names and pb is None:
            raise ValueError("criterion scarcity needs a pruning bound pb")
        return cls(height=height if "fixed" in names else None, purity="purity" in names,
                   pb=pb if "scarcity" in names else None)


class Distribution:
    """A multinomial distribution over the cells (x_1..x_d, class) of DD 4.2's contingency table.

    ``probs`` is a mapping ``(x_1, ..., x_d, c) -> probability`` (missing cells are 0) or a nested
    list of shape ``arities + [k]``.  Probabilities are exact and must add up to 1.

    Parameters
    ----------
    arities : sequence of int
        The number of values of each attribute x_1..x_d, each >= 2.
    k : int
        The number of classes, >= 2.
    probs : mapping or nested list
        The cell probabilities, exact (``int``, ``Fraction``, ``"p/q"``; floats are refused), as
        described above.

    Raises
    ------
    ValueError, TypeError
        On bad arities or k, a cell outside the table, a negative probability, a float, or a total
        other than 1.

    Examples
    --------
    >>> dist = Distribution([2], 2, {(0, 0): "1/2", (1, 1): "1/2"})
    >>> dist.d, dist.k, dist.cells_count
    (1, 2, 4)
    >>> dist.prob((1, 1))
    Fraction(1, 2)
    """

    def __init__(self, arities: Sequence[int], k: int, probs: Any):
        if isinstance(arities, (str, bytes)) or not isinstance(arities, Iterable):
            raise TypeError("arities must be a list of integers >= 2")
        self.arities = tuple(positive_int(a, "arity") for a in arities)
        if not self.arities:
            raise ValueError("arities: need at least one attribute")
        if any(a < 2 for a in self.arities):
            raise ValueError(f"arities must be >= 2, got {list(self.arities)}")
        self.k = positive_int(k, "k")
        if self.k < 2:
            raise ValueError("k: need at least two classes")
        self.d = len(self.arities)
        shape = self.arities + (self.k,)
        table = {}
        if isinstance(probs, Mapping):
            for cell, value in probs.items():
                cell = tuple(cell)
                if len(cell) != self.d + 1 or any(not isinstance(v, int) or not 0 <= v < s
                                                  for v, s in zip(cell, shape)):
                    raise ValueError(f"probs: cell {cell!r} is outside the table of shape {list(shape)}")
                table[cell] = exact(value, f"probs[{cell}]")
        else:
            arr = np.array(probs, dtype=object)
            if arr.shape != shape:
                raise ValueError(f"probs: expected shape {list(shape)}, got {list(arr.shape)}")
            for cell in itertools.product(*(range(s) for s in shape)):
                table[cell] = exact(arr[cell], f"probs[{cell}]")
        for cell, value in table.items():
            if value < 0:
                raise ValueError(f"probs: negative probability {value} at cell {cell}")
        total = sum(table.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probs must add up to 1, got {total}")
        self._probs = {cell: v for cell, v in table.items() if v}
        self.D = math.lcm(*(v.denominator for v in self._probs.values()))
        ints = np.zeros(shape, dtype=object)
        ints[...] = 0
        for cell, value in self._probs.items():
            ints[cell] = value.numerator * (self.D // value.denominator)
        self.ints = ints           # probability * D, as Python ints
        self.cells_count = int(np.prod(shape))

    @property
    def shape(self) -> tuple:
        """Shape of the contingency table: ``arities + (k,)``.

        >>> Distribution([2, 3], 2, {(0, 0, 0): 1}).shape
        (2, 3, 2)
        """
        return self.arities + (self.k,)

    def prob(self, cell: Sequence[int]) -> Fraction:
        """P[X = x, Y = c] for the cell ``(x_1, ..., x_d, c)``; 0 for a cell not given.

        Parameters
        ----------
        cell : sequence of int
            ``(x_1, ..., x_d, c)``.

        Returns
        -------
        Fraction
            The cell's probability.

        Examples
        --------
        >>> dist = Distribution([2], 2, {(0, 0): "1/3", (1, 1): "2/3"})
        >>> dist.prob((1, 1)), dist.prob((0, 1))
        (Fraction(2, 3), Fraction(0, 1))
        """
        return self._probs.get(tuple(cell), Fraction(0))

    def flat(self) -> np.ndarray:
        """Cell probabilities as floats in C order (for samplers only): cell (x_1, c) is
        entry ``x_1 * k + c``.

        >>> Distribution([2], 2, {(0, 1): "1/4", (1, 0): "3/4"}).flat().tolist()
        [0.0, 0.25, 0.75, 0.0]
        """
        return np.array([float(Fraction(int(v), self.D)) for v in self.ints.ravel()])

    def region_masses(self, attrs: Sequence[int], values: Sequence[int]) -> tuple:
        """Integers D * P[X_attrs = values, Y = c] for every class c, D the common
        denominator of the cell probabilities (``self.D``).

        Parameters
        ----------
        attrs : sequence of int
            The attributes fixed by the region (0 for x_1).
        values : sequence of int
            Their values, in the order of ``attrs``.

        Returns
        -------
        tuple of int
            One integer per class: D times the region's probability mass of that class.

        Examples
        --------
        ``attrs`` are attribute indices (0 for x_1).  With cells (x_1, x_2, c) of probabilities
        1/2, 1/4, 1/4 at (0, 0, 0), (0, 1, 1), (1, 0, 1), D = 4; the region x_1 = 0 holds 1/2 of
        class 0 and 1/4 of class 1, the region x_1 = 1 only 1/4 of class 1, and the cell
        x_1 = 0, x_2 = 1 only 1/4 of class 1:

        >>> dist = Distribution([2, 2], 2, {(0, 0, 0): "1/2", (0, 1, 1): "1/4", (1, 0, 1): "1/4"})
        >>> dist.D, dist.region_masses([0], [0]), dist.region_masses([0], [1]), dist.region_masses([0, 1], [0, 1])
        (4, (2, 1), (0, 1), (0, 1))
        """
        index: list[slice | int] = [slice(None)] * self.d
        for a, v in zip(attrs, values):
            index[a] = v
        sub = self.ints[tuple(index)]
        sub = np.asarray(sub, dtype=object).reshape(-1, self.k)
        return tuple(int(sum(sub[:, c])) for c in range(self.k))

    def regions(self, max_len: int) -> Iterator[tuple]:
        """All regions (sorted attribute tuple, value tuple) with at most ``max_len`` attributes.

        Parameters
        ----------
        max_len : int
            The largest number of attributes a region fixes.

        Yields
        ------
        tuple
            ``(attrs, values)``, by number of attributes, then attribute tuple, then values.

        Examples
        --------
        >>> list(Distribution([2, 3], 2, {(0, 0, 0): 1}).regions(1))[:4]
        [((), ()), ((0,), (0,)), ((0,), (1,)), ((1,), (0,))]
        """
        for l in range(max_len + 1):
            for attrs in itertools.combinations(range(self.d), l):
                for values in itertools.product(*(range(self.arities[a]) for a in attrs)):
                    yield attrs, values

    def __repr__(self) -> str:
        return f"Distribution(arities={list(self.arities)}, k={self.k}, D={self.D})"


# --------------------------------------------------------------------------- a leaf's prediction

def check_tie(tie: str) -> str:
    """``tie`` if it is one of :data:`TIES` (the tie rule replacing DD (1)'s strict majority), else ValueError.

    Parameters
    ----------
    tie : str
        The tie rule.

    Returns
    -------
    str
        ``tie`` itself.

    Raises
    ------
    ValueError
        When it is not one of :data:`TIES`.

    Examples
    --------
    >>> check_tie("first")
    'first'
    """
    if tie not in TIES:
        raise ValueError(f"tie must be one of {TIES}, got {tie!r}")
    return tie


def predicted_classes(counts: Sequence[int], tie: str = "split") -> tuple:
    """The classes a leaf with class ``counts`` predicts: the tie rule of :mod:`exactprune.rdt`.

    DD (1)-(2) use strict majorities (erratum ``dd-ties``); here ``"split"`` returns every tied
    class (each predicted with probability 1/#tied) and ``"first"`` the tied class of lowest index.

    Parameters
    ----------
    counts : sequence of int
        The leaf's training class counts.
    tie : {"split", "first"}, optional
        The tie rule.

    Returns
    -------
    tuple of int
        The predicted classes, in increasing order.

    Raises
    ------
    ValueError
        When ``tie`` is not one of :data:`TIES`.

    See Also
    --------
    leaf_weights : the prediction weights.

    Examples
    --------
    >>> predicted_classes((3, 3, 1)), predicted_classes((3, 3, 1), "first")
    ((0, 1), (0,))
    """
    top = max(counts)
    winners = tuple(i for i, c in enumerate(counts) if c == top)
    return winners[:1] if check_tie(tie) == "first" else winners


def leaf_weights(counts: Sequence[int], tie: str = "split") -> tuple:
    """Prediction weights w_y of a leaf with class ``counts`` under the tie rule (DD (1)).

    Parameters
    ----------
    counts : sequence of int
        The leaf's training class counts.
    tie : {"split", "first"}, optional
        The tie rule, as for :func:`predicted_classes`.

    Returns
    -------
    tuple of Fraction
        One weight per class: 1/#predicted for each predicted class, 0 elsewhere.

    See Also
    --------
    predicted_classes : the classes predicted.
    cell_error : the leaf's contribution to GE, from these weights.

    Examples
    --------
    >>> leaf_weights((3, 3, 1))
    (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1))
    >>> leaf_weights((0, 0), "first")
    (Fraction(1, 1), Fraction(0, 1))
    """
    winners = predicted_classes(counts, tie)
    share = Fraction(1, len(winners))
    return tuple(share if y in winners else Fraction(0) for y in range(len(counts)))


def cell_error(counts: Sequence[int], masses: Sequence[Any], tie: str = "split") -> Any:
    """A cell's contribution to GE: sum_y w_y (P[X in R] - P[X in R, Y = y]) (DD (1), per leaf; DD
    3.2 call a root-to-leaf path a *cell*, the region R it represents).

    ``masses`` are the region's class masses P[X in R, Y = y] (or any common multiple of them:
    integers D * P give D times the error, floats give a float).

    Parameters
    ----------
    counts : sequence of int
        The cell's class counts in the sample (they decide its predicted class).
    masses : sequence
        The cell's class masses P[X in R, Y = y], or a common multiple of them.
    tie : {"split", "first"}
        How tied classes share the prediction (:func:`leaf_weights`).

    Returns
    -------
    Fraction or float
        The cell's share of GE.

    See Also
    --------
    exactprune.rdt.generating_functions.scaled_cell_error : the same in integers.
    exactprune.knorm.leaf_error : Zhong's leaf error estimate, another quantity.

    Examples
    --------
    >>> cell_error((2, 0), (3, 1))          # predicts class 0: error = mass of class 1
    Fraction(1, 1)
    >>> cell_error((1, 1), (3, 1))          # tie split: (1 + 3) / 2
    Fraction(2, 1)
    """
    total = sum(masses)
    return sum((w * (total - a) for w, a in zip(leaf_weights(counts, tie), masses)), Fraction(0))


# --------------------------------------------------------------------------- argument checks

def orders_last_attribute(criterion: Any) -> bool:
    """True when a path's last attribute is the one chosen last (purity, scarcity; DD 3.3.1 2(b)).

    ``criterion`` is a :class:`Criterion` or one of the names in :data:`CRITERIA`.

    Parameters
    ----------
    criterion : Criterion or str
        A criterion, or one of the names of :data:`CRITERIA`.

    Returns
    -------
    bool
        False for a fixed height alone, True when a sample-dependent rule (purity, scarcity) is in.

    Raises
    ------
    ValueError
        For a name not in :data:`CRITERIA`.

    Examples
    --------
    >>> orders_last_attribute("fixed"), orders_last_attribute(Criterion(pb=2))
    (False, True)
    """
    if isinstance(criterion, Criterion):
        return criterion.sample_dependent
    if criterion not in CRITERIA:
        raise ValueError(f"criterion must be one of {CRITERIA}, got {criterion!r}")
    return criterion != "fixed"


def check_path(d: int, path: Any, name: str) -> tuple:
    """The items ``((attribute, value), ...)`` of a path dict over attributes 0..d-1 (DD 3.3.1), checked.

    Parameters
    ----------
    d : int
        The number of attributes.
    path : dict
        Attribute index (0..d-1) to its value; non-empty, each attribute once.
    name : str
        The argument's name, for the error messages.

    Returns
    -------
    tuple of tuple
        ``((attribute, value), ...)`` in the order of ``path``.

    Raises
    ------
    TypeError, ValueError
        When ``path`` is not a non-empty dict of non-negative integers over existing attributes.

    Examples
    --------
    >>> check_path(3, {2: 1, 0: 0}, "path")
    ((2, 1), (0, 0))
    """
    if not isinstance(path, Mapping):
        raise TypeError(f"{name} must be a dict attribute -> value")
    if not path:
        raise ValueError(f"{name} is empty: a path has at least one attribute")
    items = []
    for attr, value in path.items():
        attr = nonnegative_int(attr, f"{name} attribute")
        value = nonnegative_int(value, f"{name} value of attribute {attr}")
        if attr >= d:
            raise ValueError(f"{name}: attribute {attr} does not exist (d = {d}, attributes are 0..{d - 1})")
        items.append((attr, value))
    if len({a for a, _ in items}) != len(items):
        raise ValueError(f"{name}: an attribute appears twice")
    return tuple(items)


def check_path_arguments(d: Any, path: Any, criterion: Any) -> tuple:
    """Checked arguments of the one-path functions (DD 3.5, 3.6.2): ``(d, items, ordered)``.

    ``ordered`` is :func:`orders_last_attribute` of ``criterion``.

    Parameters
    ----------
    d : int
        The number of attributes, >= 1.
    path : dict
        Attribute index to value, as for :func:`check_path`.
    criterion : Criterion or str
        The stopping criterion, as for :func:`orders_last_attribute`.

    Returns
    -------
    tuple
        ``(d, items, ordered)``.

    Raises
    ------
    TypeError, ValueError
        Naming the argument that is wrong.

    Examples
    --------
    >>> check_path_arguments(4, {3: 0, 1: 1}, "fixed")
    (4, ((3, 0), (1, 1)), False)
    """
    d = positive_int(d, "d")
    return d, check_path(d, path, "path"), orders_last_attribute(criterion)


def check_path_pair(d: Any, path1: Any, path2: Any, criterion: Any) -> tuple:
    """Checked arguments of the two-path functions (DD 3.5, App A): ``(d, items1, items2, ordered)``.

    ``ordered`` is :func:`orders_last_attribute` of ``criterion``.

    Parameters
    ----------
    d : int
        The number of attributes, >= 1.
    path1, path2 : dict
        Attribute index to value, as for :func:`check_path`.
    criterion : Criterion or str
        The stopping criterion, as for :func:`orders_last_attribute`.

    Returns
    -------
    tuple
        ``(d, items1, items2, ordered)``.

    Raises
    ------
    TypeError, ValueError
        Naming the argument that is wrong.

    Examples
    --------
    >>> check_path_pair(3, {0: 1}, {1: 0, 0: 0}, "purity")
    (3, ((0, 1),), ((1, 0), (0, 0)), True)
    """
    d = positive_int(d, "d")
    return d, check_path(d, path1, "path1"), check_path(d, path2, "path2"), orders_last_attribute(criterion)


def check_moment_arguments(dist: Any, N: Any, criterion: Any, tie: Any) -> int:
    """Check the arguments shared by the moment functions and samplers (DD 3.6, sec 4); returns N.

    Parameters
    ----------
    dist : Distribution
        The distribution.
    N : int
        The sample size, >= 0.
    criterion : Criterion
        The stopping criterion; its height, if any, at most ``dist.d``.
    tie : str
        The tie rule, one of :data:`TIES`.

    Returns
    -------
    int
        N, as an int.

    Raises
    ------
    TypeError, ValueError
        Naming the argument that is wrong.

    Examples
    --------
    >>> check_moment_arguments(Distribution([2], 2, {(0, 0): 1}), 3, Criterion(height=1), "split")
    3
    """
    if not isinstance(dist, Distribution):
        raise TypeError("dist must be an exactprune.rdt.Distribution")
    N = nonnegative_int(N, "N")
    if not isinstance(criterion, Criterion):
        raise TypeError("criterion must be an exactprune.rdt.Criterion")
    check_tie(tie)
    if criterion.height is not None and criterion.height > dist.d:
        raise ValueError(f"height {criterion.height} exceeds the number of attributes d = {dist.d}")
    return N
