"""Shared hypothesis strategies for the theorem checks: count trees, priors, rationals.

Trees are generated as JSON-able dicts (``{"counts": [...], "children": [...]}``, the
count-tree JSON of docs/architecture.md) so that a failing case prints as something a user can paste into
``exactprune moments -``; :func:`to_tree` turns one into a :class:`exactprune.tree.Tree`.

``hypothesis`` is imported lazily (it is a test extra), so importing this module is free.

>>> from exactprune.theorems.strategies import to_tree
>>> to_tree({"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}).n_leaves
2
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from ..tree import Node, Tree
from . import hypothesis_st

#: positive Lidstone lambdas used by default (small denominators keep exact numbers small)
LAMS = (Fraction(1, 4), Fraction(1, 3), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2))
#: non-negative etas
ETAS = (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(2))


def compositions(n: int, parts: int):
    """Every vector of ``parts`` non-negative integers summing to ``n`` (the count vectors of n
    draws over ``parts`` outcomes), in lexicographic order.

    Parameters
    ----------
    n : int
        The total, >= 0.
    parts : int
        The vector's length, >= 1.

    Yields
    ------
    tuple of int
        Each vector once.

    Examples
    --------
    >>> list(compositions(2, 2))
    [(0, 2), (1, 1), (2, 0)]
    """
    if parts == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in compositions(n - first, parts - 1):
            yield (first,) + rest


def to_tree(data: dict) -> Tree:
    """A validated :class:`Tree` from the dict form used in cases (named by Zhong's rule).

    Parameters
    ----------
    data : dict
        ``{"counts": [...], "children": [...]}`` nested (``children`` only at a split).

    Returns
    -------
    Tree
        The tree, its nodes named by Zhong's rule.

    Raises
    ------
    ValueError
        When a node's counts are not the sums of its children's.

    Examples
    --------
    >>> tree = to_tree({"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]})
    >>> [node.name for node in tree.nodes()]
    ['root', 'c1', 'c2']
    >>> to_tree({"counts": [2, 1], "children": [{"counts": [1, 0]}, {"counts": [0, 1]}]})
    Traceback (most recent call last):
    ValueError: node root: children's counts add up to [1, 1], not to its counts [2, 1]
    """
    return Tree.from_dict(data)


def to_node(data: dict) -> Node:
    """The root :class:`Node` of :func:`to_tree` ``(data)``.

    Parameters
    ----------
    data : dict
        A count tree in dict form, as for :func:`to_tree`.

    Returns
    -------
    Node
        Its root.

    Examples
    --------
    >>> to_node({"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}).errors
    1
    """
    return to_tree(data).root


def rationals(min_value: Fraction = Fraction(0), max_value: Fraction = Fraction(10),
              denominators: Sequence[int] = (1, 2, 3, 4, 5, 7, 8)):
    """Exact rationals p/q in [min_value, max_value] with q from ``denominators``.

    Parameters
    ----------
    min_value, max_value : Fraction, optional
        The range's ends, included.
    denominators : sequence of int, optional
        The denominators q drawn.

    Returns
    -------
    hypothesis strategy
        Of Fractions.

    Examples
    --------
    Every draw lies in the range, and its reduced denominator divides one of ``denominators``:

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=40, database=None, derandomize=True)
    ... @given(rationals(Fraction(1, 2), Fraction(2), denominators=(3, 4)))
    ... def check(x):
    ...     assert Fraction(1, 2) <= x <= 2 and x.denominator in (1, 2, 3, 4), x
    >>> check()
    """
    st = hypothesis_st()
    lo, hi = Fraction(min_value), Fraction(max_value)

    @st.composite
    def build(draw):
        q = draw(st.sampled_from(list(denominators)))
        p_lo = -((-lo.numerator * q) // lo.denominator)  # ceil(lo*q)
        p_hi = (hi.numerator * q) // hi.denominator        # floor(hi*q)
        return Fraction(draw(st.integers(p_lo, p_hi)), q)

    return build()


def lams(include_zero: bool = False):
    """Lidstone lambdas: positive rationals (and 0 when ``include_zero``).

    Parameters
    ----------
    include_zero : bool, optional
        Also draw lam = 0.

    Returns
    -------
    hypothesis strategy
        Of Fractions: the usual values or a rational in [1/8, 3].

    Examples
    --------
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=40, database=None, derandomize=True)
    ... @given(lams())
    ... def check(lam):
    ...     assert isinstance(lam, Fraction) and lam > 0, lam
    >>> check()
    """
    st = hypothesis_st()
    values = list(LAMS) + ([Fraction(0)] if include_zero else [])
    return st.one_of(st.sampled_from(values), rationals(Fraction(1, 8), Fraction(3)))


def etas():
    """Lidstone etas of the child weights (4.11): non-negative rationals, 0 included.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=40, database=None, derandomize=True)
    ... @given(etas())
    ... def check(eta):
    ...     assert isinstance(eta, Fraction) and 0 <= eta <= 3, eta
    >>> check()
    """
    st = hypothesis_st()
    return st.one_of(st.sampled_from(list(ETAS)), rationals(Fraction(0), Fraction(3)))


def counts_lists(n_classes: int, max_count: int = 12, min_total: int = 0):
    """A list of ``n_classes`` non-negative counts with total >= ``min_total``.

    Parameters
    ----------
    n_classes : int
        The list's length J.
    max_count : int, optional
        The largest count of one class.
    min_total : int, optional
        The smallest total.

    Returns
    -------
    hypothesis strategy
        Of lists of ints.

    Examples
    --------
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=40, database=None, derandomize=True)
    ... @given(counts_lists(3, max_count=5, min_total=2))
    ... def check(counts):
    ...     assert len(counts) == 3 and all(0 <= c <= 5 for c in counts) and sum(counts) >= 2, counts
    >>> check()
    """
    st = hypothesis_st()
    return st.lists(st.integers(0, max_count), min_size=n_classes, max_size=n_classes).filter(
        lambda c: sum(c) >= min_total)


def count_trees(n_classes: Sequence[int] = (2, 3), max_depth: int = 2, max_children: int = 3,
                max_count: int = 12, allow_empty: bool = False, root_split: bool = True):
    """Random count trees (dict form): leaves get random counts, internal counts are sums.

    ``allow_empty`` lets leaves have no examples; ``root_split`` forces the root to be internal.

    Parameters
    ----------
    n_classes : sequence of int, optional
        The numbers of classes J to draw from.
    max_depth : int, optional
        The deepest level below the root.
    max_children : int, optional
        The most children of a split (at least 2).
    max_count : int, optional
        The largest count of one class at a leaf.
    allow_empty : bool, optional
        Let a leaf have no examples.
    root_split : bool, optional
        Force the root to be split.

    Returns
    -------
    hypothesis strategy
        Of dicts ``{"counts": [...], "children": [...]}`` (``children`` only at a split), read by
        :func:`to_tree`.

    Examples
    --------
    Every draw is a valid count tree (:func:`to_tree` checks that a node's counts are its
    children's sums) with a split root, at most ``max_depth`` levels below it and 2 to
    ``max_children`` children per split:

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20, database=None, derandomize=True)
    ... @given(count_trees(n_classes=(2,), max_depth=2, max_children=3))
    ... def check(data):
    ...     tree = to_tree(data)
    ...     assert not tree.root.is_leaf and tree.n_classes == 2
    ...     assert all(len(node.name) - 1 <= 2 for node in tree.nodes()[1:]), data    # "c12": depth 2
    ...     assert all(2 <= len(node.children) <= 3 for node in tree.nodes() if node.children)
    >>> check()
    """
    st = hypothesis_st()

    @st.composite
    def build(draw):
        J = draw(st.sampled_from(list(n_classes)))

        def node(depth: int, force_split: bool) -> dict:
            split = force_split or (depth < max_depth and draw(st.booleans()))
            if not split or depth >= max_depth:
                counts = draw(counts_lists(J, max_count, 0 if allow_empty else 1))
                return {"counts": counts}
            K = draw(st.integers(2, max_children))
            children = [node(depth + 1, False) for _ in range(K)]
            counts = [sum(c["counts"][j] for c in children) for j in range(J)]
            if sum(counts) == 0:  # a split of an empty node: give its first leaf an example
                first = children[0]
                while "children" in first:
                    first = first["children"][0]
                first["counts"][0] = 1
                return node_sum(children)
            return {"counts": counts, "children": children}

        def node_sum(children: list) -> dict:
            def fix(d: dict) -> dict:
                if "children" in d:
                    kids = [fix(c) for c in d["children"]]
                    return {"counts": [sum(c["counts"][j] for c in kids) for j in range(J)], "children": kids}
                return d
            kids = [fix(c) for c in children]
            return {"counts": [sum(c["counts"][j] for c in kids) for j in range(J)], "children": kids}

        return node(0, root_split)

    return build()


def one_level_trees(n_classes: Sequence[int] = (2, 3), max_children: int = 3, max_count: int = 12,
                    allow_empty: bool = False):
    """A node split once into 2..max_children leaves (dict form).

    Parameters
    ----------
    n_classes : sequence of int, optional
        The numbers of classes J to draw from.
    max_children : int, optional
        The most leaves (at least 2).
    max_count : int, optional
        The largest count of one class at a leaf.
    allow_empty : bool, optional
        Let a leaf have no examples.

    Returns
    -------
    hypothesis strategy
        Of dicts, as :func:`count_trees` (with ``max_depth=1``).

    Examples
    --------
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=30, database=None, derandomize=True)
    ... @given(one_level_trees(max_children=4))
    ... def check(data):
    ...     root = to_tree(data).root
    ...     assert 2 <= len(root.children) <= 4 and all(child.is_leaf for child in root.children), data
    >>> check()
    """
    return count_trees(n_classes, max_depth=1, max_children=max_children, max_count=max_count,
                       allow_empty=allow_empty)


def priors(include_zero_lam: bool = False, numerators: Sequence[str] = ("J-1", "1")):
    """(lam, eta, numerator) triples as a dict (the keys :func:`prior_of` reads).

    Parameters
    ----------
    include_zero_lam : bool, optional
        Also draw lam = 0.
    numerators : sequence of str, optional
        The numerator forms to draw ("J-1", "1").

    Returns
    -------
    hypothesis strategy
        Of dicts ``{"lam", "eta", "numerator"}``.

    Examples
    --------
    >>> from hypothesis import given, settings
    >>> @settings(max_examples=30, database=None, derandomize=True)
    ... @given(priors(numerators=("1",)))
    ... def check(case):
    ...     assert sorted(case) == ["eta", "lam", "numerator"] and case["numerator"] == "1"
    ...     assert case["lam"] > 0 and case["eta"] >= 0
    >>> check()
    """
    st = hypothesis_st()
    return st.fixed_dictionaries({"lam": lams(include_zero_lam), "eta": etas(),
                                  "numerator": st.sampled_from(list(numerators))})


def prior_of(case: dict):
    """The :class:`exactprune.knorm.Prior` of a case dict with lam/eta/numerator keys (eta
    1/2 and numerator J - 1 when missing).

    Parameters
    ----------
    case : dict
        ``lam``, and optionally ``eta`` and ``numerator``.

    Returns
    -------
    exactprune.knorm.Prior
        The prior.

    Examples
    --------
    >>> prior_of({"lam": Fraction(1, 3)})
    Prior(lam=Fraction(1, 3), eta=Fraction(1, 2), numerator='J-1')
    """
    from ..knorm import Prior
    return Prior(lam=case["lam"], eta=case.get("eta", Fraction(1, 2)),
                 numerator=case.get("numerator", "J-1"))


def internal_nodes(tree: Tree) -> list:
    """The nodes of ``tree`` that are split, in pre-order.

    Parameters
    ----------
    tree : Tree
        A count tree.

    Returns
    -------
    list of Node
        Its split nodes.

    Examples
    --------
    >>> tree = to_tree({"counts": [2, 1], "children": [{"counts": [2, 0]},
    ...                 {"counts": [0, 1], "children": [{"counts": [0, 1]}, {"counts": [0, 0]}]}]})
    >>> [node.name for node in internal_nodes(tree)]
    ['root', 'c2']
    """
    return [n for n in tree.nodes() if not n.is_leaf]


def pruned_moment(node: Node, kept: frozenset, k: int, prior) -> Any:
    """E[r^k] of the pruning of ``node`` that keeps exactly the splits named in ``kept``:
    (4.29) at a leaf of the pruning, (4.28) with the child weights (4.11) at a kept split.

    A root (3, 1) split into (3, 0) and (0, 1), lam = eta = 1/2, k = 1: as a leaf
    (b + (J - 1) lam) / (n + J lam) = (1 + 1/2) / (4 + 1) = 3/10; kept, the leaves' 1/8 and
    1/4 weighted (3 + 1/2) / 5 and (1 + 1/2) / 5 give 7/80 + 6/80 = 13/80.

    Parameters
    ----------
    node : Node
        The root of the subtree.
    kept : frozenset of str
        The names of the splits kept; every other split is pruned to a leaf.
    k : int
        The moment's order.
    prior : exactprune.knorm.Prior
        The prior (lam, eta, numerator).

    Returns
    -------
    Fraction
        E[r^k], exact.

    See Also
    --------
    exactprune.knorm.leaf_moment : (4.29), the leaf's moment.
    exactprune.knorm.child_weight : (4.11), the child weights.

    Examples
    --------
    >>> from exactprune.knorm import Prior
    >>> root = to_node({"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]})
    >>> pruned_moment(root, frozenset(), 1, prior=Prior()), pruned_moment(root, frozenset({"root"}), 1, prior=Prior())
    (Fraction(3, 10), Fraction(13, 80))
    """
    from ..knorm import child_weight, leaf_moment
    if node.is_leaf or node.name not in kept:
        return leaf_moment(node.counts, k, prior)
    return sum(child_weight(c, node, prior.eta) * pruned_moment(c, kept, k, prior) for c in node.children)
