"""One pruning engine: the bottom-up pass of PruneTree (Zhong Fig 4.1) over count arrays, and the
result every pruner returns.

PruneTree keeps a split iff the value of its subtree, pruned optimally below it, is smaller than
its value as a leaf: R(T_t) < R_leaf(t) - epsilon (Fig 4.1; :func:`check_epsilon`).  Because the
subtree's value is a weighted sum of its children's optimal values ((4.28) for the error moments,
(7.4) for the cost moments, (7.18) for the class-probability errors, all with the child weights
(4.11)), one pass from the deepest splits up decides every split: :func:`prune_bottom_up`,
written here once and run by :func:`exactprune.knorm.prune` (float filter and exact fallback
through :class:`~exactprune.certify.Decider`), :func:`exactprune.costs.prune_costs` and
:func:`exactprune.classprob.prune_pet` (exact rationals, :func:`exact_subtree_pass`), and by MEP
and REP in :mod:`exactprune.peers`.

**The pruner convention.**  Every pruner of the package is called the same way and returns the
same small result type::

    pruner(tree, <data>, *, <options>) -> Pruning

* ``tree`` first (a :class:`~exactprune.tree.Tree`; the input is never modified);
* then, positional, at most one argument: what the pruning is computed from besides the tree's
  counts, ``k`` for the k-norm family (:func:`~exactprune.knorm.prune`,
  :func:`~exactprune.costs.prune_costs`, :func:`~exactprune.classprob.prune_pet`; ``ks`` for
  :func:`~exactprune.costs.cost_pruning_path`) and the pruning-set counts for REP
  (:func:`~exactprune.peers.rep.rep_prune`);
* every option keyword-only, with its default where it has one (``loss`` of cost pruning and
  ``max_errors`` of minimum-size pruning have none): the k-norm family's parameters as one
  :class:`~exactprune.knorm.Prior` (``prior=``) and Fig 4.1's margin (``epsilon=``); a peer's
  own options under the names of its source (``cf``, ``m``, ``delta``, ``max_errors`` ...);
* the result a :class:`Pruning` or a small subclass adding what one method alone has (REP's
  leaf ``labels``, EBP's ``raised``, the SRM choice's ``d``): the decision at every split
  (``kept_splits``, over :meth:`~exactprune.tree.Tree.arrays`' indices), the pruned ``tree``
  (built from those decisions by :meth:`~exactprune.tree.Tree.pruned_tree`), the names turned
  into leaves (``pruned``), the pruned tree's value (``moment``, each pruner says which) and how
  the decisions were settled (``routes``).

The pruners: :func:`~exactprune.knorm.prune`, :func:`~exactprune.costs.prune_costs`,
:func:`~exactprune.classprob.prune_pet`, :func:`~exactprune.peers.mep.mep_prune`,
:func:`~exactprune.peers.mep.mep_as_knorm`, :func:`~exactprune.peers.ebp.ebp_prune`,
:func:`~exactprune.peers.rep.rep_prune`, :func:`~exactprune.peers.kearns_mansour.km_prune`,
:func:`~exactprune.peers.min_size.min_size_pruning` and
:func:`~exactprune.peers.min_size.srm_pruning` (``tests/test_pruner_api.py`` checks the
convention on each).  CART's cost-complexity pruning (:mod:`~exactprune.peers.ccp`) yields a
sequence of trees and a cross-validated choice, not one pruning, and keeps its own result types.

>>> import numpy as np
>>> from exactprune.tree import Tree
>>> t = Tree.from_json('{"counts": [3, 2], "children": [{"counts": [3, 0]}, {"counts": [0, 2]}]}')
>>> a = t.arrays()
>>> leaf = np.array([2, 0, 0])                 # a value per node as a leaf (here: its errors)
>>> kept, best = prune_bottom_up(a, leaf, lambda splits, best, level: a.child_sums(splits, best),
...                              lambda splits, tree, level: tree < leaf[splits])
>>> kept.tolist(), best.tolist()
([True, False, False], [0, 0, 0])
>>> Pruning(t, 1, kept, {"float": 0, "arb": 0, "exact": 1}, moment=best[0])
Pruning(k=1, leaves=2, pruned=[])
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import numpy as np

from .limits import MAX_EPSILON_DIGITS, check_nonnegative, check_parameter
from .numbers import exact
from .tree import CountArrays, Node, Tree

__all__ = ["prune_bottom_up", "Pruning", "walk_order", "SubtreeWalk", "exact_subtree_pass", "check_epsilon"]


def check_epsilon(epsilon: Any) -> Any:
    """Fig 4.1's margin checked: a split is kept iff R(T_t) < R_leaf(t) - epsilon, so epsilon = 0
    (the default) prunes a split whose subtree ties with its leaf and a larger epsilon prunes more.
    Exact (int, Fraction, ``"1/1000"``; a float is a TypeError), >= 0 (a negative one is a
    ValueError), at most ``MAX_EPSILON_DIGITS`` digits.

    Parameters
    ----------
    epsilon : exact number
        The margin (int, Fraction or a string such as "1/1000").

    Returns
    -------
    Fraction
        epsilon, checked.

    Examples
    --------
    >>> check_epsilon("1/1000")
    Fraction(1, 1000)
    >>> check_epsilon(-1)
    Traceback (most recent call last):
    ValueError: epsilon must be non-negative, got -1
    """
    epsilon = check_parameter(exact(epsilon, "epsilon"), "epsilon", MAX_EPSILON_DIGITS, "MAX_EPSILON_DIGITS")
    return check_nonnegative(epsilon, "epsilon")


def prune_bottom_up(arrays: CountArrays, leaf: np.ndarray,
                    subtree: Callable[[np.ndarray, np.ndarray, int], np.ndarray],
                    decide: Callable[[np.ndarray, np.ndarray, int], np.ndarray],
                    kept: Optional[np.ndarray] = None, levels: Optional[list] = None,
                    in_place: bool = False) -> tuple:
    """PruneTree's pass (Zhong Fig 4.1) over count arrays: for the splits of each level, the
    deepest level first (:meth:`~exactprune.tree.CountArrays.splits_bottom_up`, so a split's
    children are decided before it), ``subtree(splits, best, level)`` gives the values of their
    subtrees as pruned below from the optimal values ``best`` of every node, ``decide(splits,
    tree, level)`` whether each split is kept, and a split's optimal value is its subtree's value
    if kept, its value as a leaf otherwise.

    Parameters
    ----------
    arrays : CountArrays
        The tree.
    leaf : numpy array
        Every node's value as a leaf (any dtype numpy can copy and index: floats, or objects
        holding exact rationals), one row per node when a value has several parts (a float and
        its bound); it may carry extra entries past the last node, which the pass leaves alone.
        Several problems at once (columns: PruneTree at several k): one column per problem, with
        ``decide`` returning a decision per column and ``kept`` of the same shape as ``leaf``.
    subtree, decide : callables
        As above; ``level`` counts the levels with splits from the deepest (0).
    kept : numpy bool array, optional
        The array to write the decisions into (zeros, one per node), for callbacks that read
        the decisions of the levels below (an exact fallback walking the pruned subtree).
    levels : list of numpy integer arrays, optional
        The splits of each level, deepest first, in the numbering of ``leaf``, ``best`` and
        ``kept``: by default :meth:`~exactprune.tree.CountArrays.splits_bottom_up` (node
        indices); :meth:`~exactprune.tree.CountArrays.split_positions` numbers the nodes by
        breadth-first position instead, where a level's children are one slice.
    in_place : bool, default False
        Write the optimal values into ``leaf`` itself (it becomes ``best``) instead of a copy:
        a split's entry is overwritten only at its own level, after it was read as the value of
        the split as a leaf, so the pass reads the same values with one array fewer.

    Returns
    -------
    tuple
        ``(kept, best)``: a boolean array over the nodes, True at the kept splits (decided at
        every split, also below pruned ones), and the optimal value of every node.

    Examples
    --------
    >>> from exactprune.tree import Tree
    >>> a = Tree.from_json('{"counts": [3, 2], "children": [{"counts": [3, 0]}, {"counts": [0, 2]}]}').arrays()
    >>> kept, best = prune_bottom_up(a, np.array([2, 0, 0]), lambda s, b, t: a.child_sums(s, b) + 5,
    ...                              lambda s, tree, t: tree < 2)
    >>> kept.tolist(), best.tolist()
    ([False, False, False], [2, 0, 0])
    >>> pairs = np.array([[2.0, 0.5], [0.0, 0.0], [0.0, 0.0]])      # (value, bound) rows
    >>> kept, best = prune_bottom_up(a, pairs, lambda s, b, t: a.child_sums(s, b), lambda s, tree, t: tree[:, 0] < 2)
    >>> kept.tolist(), best.tolist()
    ([True, False, False], [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]])
    """
    best = leaf if in_place else leaf.copy()
    if kept is None:
        kept = np.zeros(arrays.n_nodes, dtype=bool)
    for level, splits in enumerate(arrays.splits_bottom_up() if levels is None else levels):
        tree = subtree(splits, best, level)
        keep = np.asarray(decide(splits, tree, level), dtype=bool)
        kept[splits] = keep
        best[splits] = np.where(keep if np.ndim(tree) == np.ndim(keep) else keep.reshape((-1,) + (1,) * (np.ndim(tree) - 1)),
                                tree, best[splits])      # a split's value as a leaf, not yet overwritten
    return kept, best


class Pruning:
    """What a pruner returns: ``k``, the decision at every split of the input
    (``kept_splits``, a boolean array over :meth:`~exactprune.tree.Tree.arrays`' indices; and
    :meth:`kept` of a node), the pruned ``tree`` (a new Tree; the input is untouched), the names
    of the topmost splits turned into leaves (``pruned``), the value ``moment`` of the pruned
    tree, and how the decisions were settled (``routes`` of the decision kernel
    :class:`~exactprune.certify.Decider`, ``comparisons`` their number, ``fallbacks`` those the
    float filter could not settle).  ``tree`` and ``pruned`` are built on first access.

    Parameters
    ----------
    source : Tree
        The input tree.
    k : int or None
        The moment's order (None for a pruner without one, such as EBP).
    kept : numpy bool array
        The decisions (:func:`prune_bottom_up`).
    routes : dict
        Decisions per route (``float``, ``arb``, ``exact``).
    moment : optional
        The pruned tree's value; a subclass may compute it on first access instead.
    pruned : list, optional
        The pruned names in the order the pruner documents (default: index order).

    Examples
    --------
    Zhong's iris tree (Figure B.1) with the split c21 made a leaf: its five leaves become one.

    >>> from exactprune.tree import iris_tree
    >>> tree = iris_tree()
    >>> kept = tree.arrays().n_children > 0
    >>> kept[tree.arrays().index("c21")] = False
    >>> result = Pruning(tree, None, kept, {"float": 6, "arb": 0, "exact": 1})
    >>> result.pruned, result.tree.n_leaves, tree.n_leaves, result.moment
    (['c21'], 4, 8, None)
    """

    def __init__(self, source: Tree, k: Optional[int], kept: np.ndarray, routes: dict, moment: Any = None,
                 pruned: Optional[list] = None):
        self.k, self.routes = k, dict(routes)
        self._source, self._kept_splits = source, kept
        if moment is not None:
            self._moment = moment
        if pruned is not None:
            self._pruned = pruned

    @property
    def kept_splits(self) -> np.ndarray:
        """Boolean array over the input tree's array indices: True where the split was kept.
        A split below a pruned one keeps its own decision here (see :meth:`kept`).

        >>> from exactprune.tree import iris_tree
        >>> tree = iris_tree()
        >>> kept = tree.arrays().n_children > 0
        >>> kept[tree.arrays().index("c21")] = False
        >>> int(Pruning(tree, None, kept, {}).kept_splits.sum())     # 7 splits, c21 not kept
        6
        """
        return self._kept_splits

    def kept(self, node: Node) -> bool:
        """Was the split at ``node`` (a node of the input tree) kept, its ancestors kept too?

        Parameters
        ----------
        node : Node
            A node of the input tree.

        Returns
        -------
        bool
            True if its split was kept and every ancestor's too.

        See Also
        --------
        kept_splits : the decision at every split, ancestors aside.

        Examples
        --------
        >>> from exactprune.tree import iris_tree
        >>> tree = iris_tree()
        >>> kept = tree.arrays().n_children > 0
        >>> kept[tree.arrays().index("c21")] = False
        >>> result = Pruning(tree, None, kept, {})
        >>> [result.kept(tree.node(name)) for name in ("c2", "c21", "c211", "c22")]    # c211: below c21
        [True, False, False, True]
        """
        if not hasattr(self, "_kept_names"):
            self._kept_names = {n.name for n in self.tree.root.walk() if n.children}
        return node.name in self._kept_names

    @property
    def comparisons(self) -> int:
        """How many decisions were made.

        >>> from exactprune.tree import iris_tree
        >>> Pruning(iris_tree(), 2, iris_tree().arrays().n_children > 0, {"float": 6, "exact": 1}).comparisons
        7
        """
        return sum(self.routes.values())

    @property
    def fallbacks(self) -> int:
        """Decisions the float filter could not settle.

        >>> from exactprune.tree import iris_tree
        >>> routes = {"float": 4, "arb": 2, "exact": 1}
        >>> Pruning(iris_tree(), 2, iris_tree().arrays().n_children > 0, routes).fallbacks
        3
        """
        return self.routes.get("arb", 0) + self.routes.get("exact", 0)

    @property
    def tree(self) -> Tree:
        """The pruned tree (a new Tree; the input is untouched), built on first access.

        >>> from exactprune.tree import iris_tree
        >>> tree = iris_tree()
        >>> kept = tree.arrays().n_children > 0
        >>> kept[tree.arrays().index("c2")] = False
        >>> sorted(n.name for n in Pruning(tree, None, kept, {}).tree.leaves()), tree.n_leaves
        (['c1', 'c2'], 8)
        """
        if not hasattr(self, "_tree"):
            self._tree = self._source.pruned_tree(self._kept_splits)
        return self._tree

    @property
    def pruned(self) -> list:
        """The names of the topmost splits made leaves (splits below them are not listed).

        >>> from exactprune.tree import iris_tree
        >>> tree = iris_tree()
        >>> kept = tree.arrays().n_children > 0
        >>> kept[[tree.arrays().index(name) for name in ("c21", "c212", "c22")]] = False
        >>> Pruning(tree, None, kept, {}).pruned
        ['c21', 'c22']
        """
        if not hasattr(self, "_pruned"):
            self._pruned = self._source.pruned_names(self._kept_splits)
        return self._pruned

    @property
    def moment(self) -> Any:
        """The pruned tree's value, as the pruner documents it (None where it has none).

        >>> from exactprune.tree import iris_tree
        >>> Pruning(iris_tree(), None, iris_tree().arrays().n_children > 0, {}, moment=0).moment
        0
        """
        return getattr(self, "_moment", None)

    def __getstate__(self) -> dict:
        state = {key: value for key, value in self.__dict__.items() if key not in ("_source", "_engine")}
        state.update(_tree=self.tree, _pruned=self.pruned, _moment=self.moment)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(k={self.k}, leaves={self.tree.n_leaves}, pruned={self.pruned})"


def walk_order(arrays: CountArrays, kept: np.ndarray) -> list:
    """The names of the splits a pruning turns into leaves (topmost only), the last in pre-order
    first: the order of :meth:`~exactprune.tree.Tree.pruned_copy`, kept by the pruners that
    reported it (:func:`~exactprune.costs.prune_costs`, :func:`~exactprune.classprob.prune_pet`).

    Parameters
    ----------
    arrays : CountArrays
        The input's arrays.
    kept : numpy bool array
        The decisions over its node indices.

    Returns
    -------
    list of str
        The topmost splits made leaves, the last in pre-order first.

    See Also
    --------
    Pruning.pruned : the same names in index order.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> a = iris_tree().arrays()
    >>> kept = a.n_children > 0
    >>> kept[[a.index("c21"), a.index("c22")]] = False
    >>> walk_order(a, kept)
    ['c22', 'c21']
    """
    top = np.flatnonzero((arrays.n_children > 0) & ~kept & arrays.subtree_mask(kept))
    return arrays.names_of(top[np.argsort(-arrays.preorder[top], kind="stable")])



class SubtreeWalk:
    """The value of the optimally pruned subtree at a node, made lazily from the decisions made so
    far: a kept split weighs its children's values by the child weights (4.11) ((4.28) for the
    error moments, (7.4) for the cost moments, (7.18) for the class-probability errors), any other
    node has its value as a leaf.  Each node's value is made once (a cache), children before
    parents, without recursion; only the nodes under kept splits are read.  The one exact walk of
    the package: :func:`exact_subtree_pass` and PruneTree's exact fallback
    (:func:`exactprune.knorm.prune`) decide with it, and the same walk in ball arithmetic
    (weights and leaf values as arb balls) gives PruneTree's certified signs above
    ``EXACT_K_LIMIT``.

    Parameters
    ----------
    arrays : CountArrays
        The tree.
    kept : numpy bool array
        The decisions, read when a node is first visited (the decisions below a node are made
        before its value is asked for).
    leaf_value : callable
        Node index -> its value as a leaf.
    weights : callable
        ``(i, children)`` -> the child weights of split ``i`` (:func:`~exactprune.knorm.child_weights`),
        in the arithmetic of ``leaf_value``.
    cache : dict, optional
        Node index -> value already made (shared by walks over the same decisions).

    See Also
    --------
    exact_subtree_pass : the whole bottom-up pass in exact rationals.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from exactprune.tree import Tree
    >>> a = Tree.from_json('{"counts": [3, 2], "children": [{"counts": [3, 0]}, {"counts": [0, 2]}]}').arrays()
    >>> halves = lambda i, children: [Fraction(1, 2)] * len(children)
    >>> walk = SubtreeWalk(a, np.array([True, False, False]), lambda i: Fraction(i), halves)
    >>> walk.value(0), walk.split_value(0)      # (1 + 2) / 2 both: the root is kept
    (Fraction(3, 2), Fraction(3, 2))
    """

    def __init__(self, arrays: CountArrays, kept: np.ndarray, leaf_value: Callable[[int], Any],
                 weights: Callable[[int, list], Any], cache: Optional[dict] = None):
        self.arrays, self.kept, self.leaf_value, self.weights = arrays, kept, leaf_value, weights
        self.cache: dict = {} if cache is None else cache

    def value(self, root: int) -> Any:
        """The value of the subtree at node ``root`` pruned by the decisions: bottom-up over the
        nodes not yet in the cache.

        Parameters
        ----------
        root : int
            A node index.

        Returns
        -------
        The value, in the arithmetic of ``leaf_value`` and ``weights``.

        Examples
        --------
        >>> from exactprune.tree import Tree
        >>> a = Tree.from_json('{"counts": [3, 2], "children": [{"counts": [3, 0]}, {"counts": [0, 2]}]}').arrays()
        >>> SubtreeWalk(a, np.zeros(3, dtype=bool), lambda i: 10 * i, None).value(2)
        20
        """
        cache, kept, children_of = self.cache, self.kept, self.arrays.children_of
        order, stack = [], [root]
        while stack:
            i = stack.pop()
            if i not in cache:
                order.append(i)
                if kept[i]:
                    stack.extend(children_of(i))
        for i in sorted(order, reverse=True):      # children have larger indices
            if kept[i]:
                children = children_of(i)
                cache[i] = sum(w * cache[c] for w, c in zip(self.weights(i, children), children))
            else:
                cache[i] = self.leaf_value(i)
        return cache[root]

    def split_value(self, i: int) -> Any:
        """R(T_i): the value of split ``i`` kept, its children's subtrees pruned by the decisions
        (what Fig 4.1 compares with its value as a leaf).

        Parameters
        ----------
        i : int
            A split's index.

        Returns
        -------
        The weighted sum of its children's values.

        Examples
        --------
        >>> from exactprune.tree import Tree
        >>> a = Tree.from_json('{"counts": [3, 2], "children": [{"counts": [3, 0]}, {"counts": [0, 2]}]}').arrays()
        >>> SubtreeWalk(a, np.zeros(3, dtype=bool), lambda i: 10 * i, lambda i, c: [1, 2]).split_value(0)
        50
        """
        children = self.arrays.children_of(i)
        return sum(w * self.value(c) for w, c in zip(self.weights(i, children), children))


def exact_subtree_pass(arrays: CountArrays, leaf_value: Callable[[tuple], Any],
                       weights_of: Callable[[np.ndarray], np.ndarray], decider, epsilon: Any = 0) -> tuple:
    """:func:`prune_bottom_up` in exact rationals: every node's value as a leaf from its counts
    (``leaf_value(counts)``, called in post-order, children before parents as the recursion
    reads them), a subtree's value the sum of its children's optimal values weighted by
    ``weights_of(postorder)`` (the child weights (4.11), :func:`~exactprune.knorm.tree_child_weights`,
    an object array over the nodes, errors naming the first node in the post-order given), and a
    split kept iff the sign of leaf minus subtree minus ``epsilon`` (Fig 4.1's margin,
    :func:`check_epsilon`), settled exactly by ``decider`` (:class:`~exactprune.certify.Decider`),
    is positive.

    Parameters
    ----------
    arrays : CountArrays
    leaf_value : callable
        counts (a tuple of ints) -> exact value as a leaf.
    weights_of : callable
        post-order (an index array) -> child weights.
    decider : Decider
    epsilon : exact number, default 0
        Fig 4.1's margin, checked (:func:`check_epsilon`).

    Returns
    -------
    tuple
        ``(kept, best, leaf)``: :func:`prune_bottom_up`'s pair and the values as leaves (an
        object array).

    Examples
    --------
    >>> from fractions import Fraction
    >>> from exactprune.certify import Decider
    >>> from exactprune.tree import Tree
    >>> a = Tree.from_json('{"counts": [3, 2], "children": [{"counts": [3, 0]}, {"counts": [0, 2]}]}').arrays()
    >>> halves = lambda order: np.array([Fraction(1), Fraction(1, 2), Fraction(1, 2)], dtype=object)
    >>> kept, best, leaf = exact_subtree_pass(a, lambda counts: Fraction(min(counts)), halves, Decider())
    >>> kept.tolist(), best.tolist()
    ([True, False, False], [Fraction(0, 1), Fraction(0, 1), Fraction(0, 1)])
    >>> exact_subtree_pass(a, lambda counts: Fraction(min(counts)), halves, Decider(), epsilon=2)[0].tolist()
    [False, False, False]
    """
    n = arrays.n_nodes
    postorder = np.argsort(arrays.preorder + arrays.subtree_sizes - arrays.depth, kind="stable")
    counts = arrays.counts.tolist()
    leaf = np.empty(n, dtype=object)
    for i in postorder.tolist():
        leaf[i] = leaf_value(tuple(counts[i]))
    weights = weights_of(postorder)
    kept = np.zeros(n, dtype=bool)
    walk = SubtreeWalk(arrays, kept, leaf.__getitem__, lambda i, children: weights[children])

    def subtree(splits, best, level):
        return np.array([walk.split_value(i) for i in splits.tolist()] + [None], dtype=object)[:-1]

    def decide(splits, tree, level):
        return [decider.exact_sign(leaf[i] - value - epsilon) > 0 for i, value in zip(splits.tolist(), tree)]

    kept, best = prune_bottom_up(arrays, leaf, subtree, decide, kept)
    return kept, best, leaf
