"""CART's minimal cost-complexity pruning sequence with exact alphas (Breiman et al. 3.3; Zhong 5.1).

* :func:`ccp_sequence`: the sequence for the misclassification cost R(t) = errors(t)/N
  (Zhong's) or the Gini impurity weighted by node size (scikit-learn's) (:func:`node_cost`),
  pruning all weakest links of equal alpha together (``ties="all"``, Breiman, C5.0) or one at a
  time in scikit-learn's order (``ties="sklearn"``); its stages (:class:`CCPStage`) are made on
  access from :class:`CCPStages`, which keeps an exact alpha and integers per stage.
* :func:`ccp_alphas` and :func:`ccp_subtree_at`: for every split the alpha at which it becomes a
  leaf, read off the sequence, and the smallest optimal subtree at any alpha.

>>> from exactprune.tree import iris_tree
>>> ccp_sequence(iris_tree()).alphas[-2:]                 # Zhong Figure B.1
[Fraction(22, 75), Fraction(1, 3)]
"""
from __future__ import annotations

import collections.abc
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Dict, Optional

import flint

from ...certify import Decider
from ...numbers import to_fraction
from ...formatting import fraction_str
from ...tree import Node, Tree, as_tree, require_integer_counts
from .weakest_links import WeakestLinks

if TYPE_CHECKING:
    import numpy as np

__all__ = ["node_cost", "CCPStage", "CCPStages", "CCPSequence", "ccp_sequence", "ccp_alphas", "split_alphas",
           "ccp_subtree_at", "COSTS", "TIES"]

#: the node costs R(t) of :func:`node_cost` and the tie rules of :func:`ccp_sequence`
COSTS, TIES = ("misclassification", "gini"), ("all", "sklearn")


def _check_choice(value: str, choices: tuple, what: str) -> None:
    """ValueError unless ``value`` is one of ``choices``, naming ``what``."""
    if value not in choices:
        raise ValueError(f"{what} must be " + " or ".join(repr(c) for c in choices) + f", got {value!r}")


def node_cost(node: Node, total: int, cost: str = "misclassification") -> Fraction:
    """R(t) for CCP: errors(t)/N ("misclassification", Zhong 5.1) or
    (n_t/N) * (1 - sum_j (n_j/n_t)^2) ("gini", scikit-learn), exactly.

    Parameters
    ----------
    node : Node
        The node t.
    total : int
        N, the examples of the whole tree.
    cost : {"misclassification", "gini"}

    Returns
    -------
    Fraction

    See Also
    --------
    ccp_sequence : the sequence these costs define.

    Examples
    --------
    (0, 49, 5) of N = 150: 5 errors, 5/150 = 1/30; Gini (54/150)(1 - (49/54)^2 - (5/54)^2) = 49/810.

    >>> node_cost(Node((0, 49, 5)), 150), node_cost(Node((0, 49, 5)), 150, "gini")
    (Fraction(1, 30), Fraction(49, 810))
    """
    _check_choice(cost, COSTS, "cost")
    if cost == "misclassification":
        return Fraction(node.errors, total)
    n = node.n
    if n == 0:
        return Fraction(0)
    return Fraction(n, total) * (1 - sum(Fraction(c, n) ** 2 for c in node.counts))


class CCPStage:
    """A member of the CCP sequence: optimal for alpha_from <= alpha < alpha_to (None: for
    every larger alpha).  ``cost`` is R(T) of the stage's tree, ``pruned`` the names of the
    splits it cuts, ``tree`` its tree.  Stages are made on access from :class:`CCPStages`,
    which keeps one exact alpha per stage and integers; the Fractions, names and trees are
    built for the stages a caller reads.

    By hand on the tree root (4, 2) -> c1 (3, 0), c2 (1, 2) (N = 6, misclassification cost):
    R(root) = 2/6 and R(T) = (0 + 1)/6, so g(root) = (2/6 - 1/6) / (2 - 1) = 1/6; the full tree
    is optimal for 0 <= alpha < 1/6, the root alone from 1/6 on.

    Parameters
    ----------
    stages : CCPStages
        The sequence's stages.
    index : int
        This stage's index among them, 0 <= index < len(stages).

    Examples
    --------
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
        >>> [s.cost for s in ccp_sequence(t).stages], [s.cost for s in ccp_sequence(t, cost="gini").stages]
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

    Parameters
    ----------
    links : WeakestLinks
        The tree's weakest links (its cut order and costs).
    alphas : list of flint.fmpq
        Each stage's alpha_from, increasing.
    leaves : sequence of int
        Each stage's leaf count.
    ends : sequence of int
        Each stage's end in ``links``' cut order: stage i cuts the nodes from ``ends[i - 1]``
        (0 for the first stage) to ``ends[i]``.

    See Also
    --------
    WeakestLinks.one_at_a_time, WeakestLinks.ties_together : make ``(alphas, leaves, ends)``.

    Examples
    --------
    >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
    >>> stages = ccp_sequence(t).stages    # the tree of :class:`CCPStage`
    >>> len(stages), stages[-1].leaves, [s.leaves for s in stages[:]]
    (2, 1, [2, 1])
    """

    def __init__(self, links: WeakestLinks, alphas: list, leaves, ends):
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

        Parameters
        ----------
        i : int
            A stage index.

        Returns
        -------
        flint.fmpq

        See Also
        --------
        cost : R(T) of the stage.

        Examples
        --------
        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t, cost="gini").stages.alpha(1)    # g(root) = 4/9 - 2/9
        2/9
        """
        return self._alphas[i]

    def cuts(self, i: int) -> "np.ndarray":
        """The array indices of the nodes cut by stage ``i``, in cut order.

        Parameters
        ----------
        i : int
            A stage index.

        Returns
        -------
        numpy.ndarray

        See Also
        --------
        pruned : the names of the same nodes.

        Examples
        --------
        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t).stages.cuts(1).tolist()      # the root, index 0
        [0]
        """
        start = self._ends[i - 1] if i else 0
        return self._links.cut_nodes(start, self._ends[i])

    def pruned(self, i: int) -> list:
        """The names of the splits stage ``i`` cuts.

        Parameters
        ----------
        i : int
            A stage index.

        Returns
        -------
        list of str

        See Also
        --------
        cuts : the array indices of the same splits.

        Examples
        --------
        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t).stages.pruned(1)
        ['root']
        """
        return self._links.arrays.names_of(self.cuts(i))

    def cost(self, i: int) -> flint.fmpq:
        """R(T) of stage ``i``'s tree as a ``flint.fmpq``: R(T_0) + sum of alpha_s (L_(s-1) - L_s).
        The tree above, Gini: 2/9 + (2/9)(2 - 1) = 4/9 = R(root).

        Parameters
        ----------
        i : int
            A stage index.

        Returns
        -------
        flint.fmpq

        See Also
        --------
        node_cost : R(t) of one node.

        Examples
        --------
        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t, cost="gini").stages.cost(1)
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

        Parameters
        ----------
        i : int
            A stage index.

        Returns
        -------
        Tree

        See Also
        --------
        exactprune.tree.Tree.pruned_tree : the builder it calls.

        Examples
        --------
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

    Parameters
    ----------
    cost : str
        The node cost R(t), one of :data:`COSTS`.
    ties : str
        How weakest links of equal g are cut, one of :data:`TIES`.
    stages : CCPStages
        The stages.
    routes : dict, optional
        The decision kernel's route counts for the tie decisions.

    Examples
    --------
    >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
    >>> seq = ccp_sequence(t, cost="gini", ties="sklearn")    # the tree of :class:`CCPStage`
    >>> seq.cost, seq.ties, len(seq.stages)
    ('gini', 'sklearn', 2)
    """

    cost: str
    ties: str
    stages: CCPStages
    routes: Optional[dict] = None

    @property
    def alphas(self) -> list:
        """The stages' alpha_from (the tree of :class:`CCPStage`, Gini: 0 and g(root) = 2/9).

        >>> t = Tree.from_dict({"counts": [4, 2], "children": [{"counts": [3, 0]}, {"counts": [1, 2]}]})
        >>> ccp_sequence(t, cost="gini").alphas
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


def ccp_sequence(tree: Tree, *, cost: str = "misclassification", ties: str = "all") -> CCPSequence:
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
    they come first (:class:`~exactprune.peers.ccp.weakest_links.WeakestLinks`).  The pass runs
    over the count arrays (splits by pre-order rank; integer costs; for Gini, fixed-point integers
    with exact error bounds, exact rationals summed over the current leaves only for the link cut
    and for keys the bounds leave open); the stages are kept compactly (:class:`CCPStages`: an
    exact alpha and integers per stage); their Fractions, names, costs and trees are made on
    access.

    Parameters
    ----------
    tree : Tree
        A count tree of whole-number counts with at least one example.
    cost : {"misclassification", "gini"}, keyword-only
        The node cost R(t) (:func:`node_cost`).
    ties : {"all", "sklearn"}, keyword-only
        Breiman's rule (links of equal g cut together) or scikit-learn's (one cut per stage).

    Returns
    -------
    CCPSequence

    See Also
    --------
    ccp_alphas : the alpha at which each split becomes a leaf, read off this sequence.
    exactprune.sequence.knorm_sequence : the k-norm pruning sequence (Zhong 5.1.2).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> [str(s.alpha_from) for s in ccp_sequence(iris_tree()).stages]    # Zhong Figure B.1
    ['0', '1/150', '1/75', '22/75', '1/3']
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"ccp_sequence needs a Tree, got {type(tree).__name__}")
    _check_choice(cost, COSTS, "cost")
    _check_choice(ties, TIES, "ties")
    require_integer_counts(tree.arrays(), "the exact CCP path",
                           "its costs are kept as integers times N (flint fmpz/fmpq from integer counts)")
    links, decider = WeakestLinks(tree, cost), Decider()
    steps = links.one_at_a_time() if ties == "sklearn" else links.ties_together(decider)
    return CCPSequence(cost, ties, CCPStages(links, *steps), dict(decider.routes))


def split_alphas(tree: Tree) -> list:
    """Per node of ``tree.arrays()`` (by index), the alpha at which it stops being a split in
    CART's misclassification-cost weakest-link sequence (Breiman et al. 3.3), a Fraction, and
    None at a leaf: the alpha of the first stage of :func:`ccp_sequence` (``ties="all"``) that
    cuts the node or an ancestor (the least alpha over the node and its ancestors).  Equal
    alphas are one object (a stage's).

    Parameters
    ----------
    tree : Tree
        A count tree of whole-number counts with at least one example.

    Returns
    -------
    list
        A Fraction per split, None per leaf, in the arrays' node order (for a tree read from
        scikit-learn, its node ids).

    See Also
    --------
    ccp_alphas : the same alphas by node name.

    Examples
    --------
    Zhong Figure B.1: the root (index 0) goes at 1/3, its pure child c1 (index 1) is a leaf.

    >>> from exactprune.tree import iris_tree
    >>> split_alphas(iris_tree())[:2]
    [Fraction(1, 3), None]
    """
    import numpy as np
    stages = ccp_sequence(tree).stages          # misclassification cost, ties="all"
    arrays = tree.arrays()
    stage_of = np.full(arrays.n_nodes, len(stages), dtype=np.int64)     # the stage that cuts the node itself
    for i in range(len(stages)):
        stage_of[stages.cuts(i)] = i
    parent = arrays.parent
    for level in arrays.levels()[1:]:            # the least over the node and its ancestors, top down
        stage_of[level] = np.minimum(stage_of[level], stage_of[parent[level]])
    alphas = [to_fraction(stages.alpha(i)) for i in range(len(stages))]
    return [alphas[k] if split else None
            for k, split in zip(stage_of.tolist(), (arrays.n_children > 0).tolist())]


def ccp_alphas(tree: Tree) -> Dict[str, Fraction]:
    """For every split, the alpha at which it becomes a leaf in CART's misclassification-cost
    weakest-link sequence (Breiman et al. 3.3): read off :func:`ccp_sequence`
    (``ties="all"``, :func:`split_alphas`); splits removed with an ancestor get the ancestor's
    alpha.  With :func:`ccp_subtree_at` this gives the smallest optimal subtree at any alpha.

    Parameters
    ----------
    tree : Tree
        A count tree of whole-number counts (a ``Node`` is taken as its tree).

    Returns
    -------
    dict
        Split name -> alpha (a Fraction), in the arrays' node order.

    See Also
    --------
    split_alphas : the same alphas by node index.
    ccp_subtree_at : the smallest optimal subtree at an alpha.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> sorted(set(ccp_alphas(iris_tree()).values()))             # Zhong Figure B.1
    [Fraction(0, 1), Fraction(1, 150), Fraction(1, 75), Fraction(22, 75), Fraction(1, 3)]
    """
    tree = as_tree(tree)
    names = tree.arrays().names()
    return {name: alpha for name, alpha in zip(names, split_alphas(tree)) if alpha is not None}


def ccp_subtree_at(tree: Tree, alphas: Dict[str, Fraction], alpha) -> set:
    """Names of the topmost collapsed nodes of the smallest subtree optimal at ``alpha``
    (exact or a ``(a, b)`` pair meaning the geometric mean sqrt(a b), compared exactly);
    ``alphas`` from :func:`ccp_alphas`.

    Parameters
    ----------
    tree : Tree
    alphas : dict
        Split name -> alpha, from :func:`ccp_alphas`.
    alpha : exact number or tuple
        An alpha, or ``(lo, hi)`` for sqrt(lo hi) (``hi`` None: past the last stage).

    Returns
    -------
    set of str
        The topmost splits made leaves.

    See Also
    --------
    ccp_alphas : the alphas it reads.

    Examples
    --------
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


