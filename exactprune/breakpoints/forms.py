"""A split's F_d(k) = R_leaf(d, k) - R(T_d, k) flattened to weighted Gamma-ratio terms
(:class:`SubtreeForm`), its signs through the decision kernel, and Thm 5.9's survivors: the forms
the searches of :mod:`exactprune.breakpoints.search` evaluate."""
from __future__ import annotations

import functools
import operator
from functools import cached_property, partial
from fractions import Fraction
from collections.abc import Sequence
from typing import Any, Callable, Union

import flint
import numpy as np

from ..knorm import EXACT_K_LIMIT, Prior, child_weight, child_weights, leaf_moment_terms, leaf_terms
from ..certify import (Decider, float_images, float_sign_array, product_array, rising_ratio_array,
                      total_array)
from ..numbers import magnitude_bits, arb_of, check_k, rising_ratio_arb, rising_ratio_fmpq, to_fmpq, to_fraction
from ..tree import CountArrays, Node
from ..tree.arrays import csr_gather


#: exact counts of an object matrix (ints, Fractions) as ``flint.fmpq``, elementwise
_AS_FMPQ = np.frompyfunc(to_fmpq, 1, 1)


class SubtreeForm:
    """The subtree T_d flattened to (weight, a, d) triples: its moment at k is
    sum_l W_l * rising(a_l, k) / rising(d_l, k) (4.28 unrolled, W_l the product of the child
    weights (4.11) on the path to leaf l, the W_l of leaves with equal (a_l, d_l) summed: a grown
    tree has few distinct pairs), and F_d(k) = R_leaf(d, k) minus that sum.

    :meth:`sign` goes through the decision kernel (:class:`~exactprune.certify.Decider`): for
    integer k <= FLOAT_FILTER_K the float images with certify's bounds decide clear cases;
    otherwise arb balls (:func:`~exactprune.numbers.log_rising_ratio_arb`, accurate at any size
    of k) at increasing precision; an exact rational settles an exact tie at integer k <=
    EXACT_K_LIMIT.

    The counts may be integers or exact rationals (weighted counts): the terms are rationals
    either way, and every route above takes them (the float filter's bounds include each
    rational's rounding to float64).

    Parameters
    ----------
    node : Node
        The split d whose subtree T_d, as it stands, is flattened.
    prior : Prior
        lam, eta and the numerator convention.

    Examples
    --------
    >>> from exactprune.tree import Node
    >>> form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
    >>> form.difference_exact(1)        # leaf 3/2 / 5 = 3/10 minus 7/10 * 1/8 + 3/10 * 1/4 = 13/80
    11/80
    """

    FLOAT_FILTER_K = 64

    def __init__(self, node: Node, prior: Prior):
        groups: dict = {}
        stack = [(node, Fraction(1))]
        while stack:
            current, weight = stack.pop()
            if current.is_leaf:
                key = leaf_moment_terms(current.counts, prior, f"node {current.name}")
                groups[key] = groups.get(key, 0) + weight
            else:
                for child in current.children:
                    stack.append((child, weight * child_weight(child, current, prior.eta)))
        self._setup(node.name, leaf_moment_terms(node.counts, prior, f"node {node.name}"),
                    [(weight, a, d) for (a, d), weight in sorted(groups.items(), key=lambda item: item[0][::-1])])

    @classmethod
    def from_arrays(cls, arrays, i: int, name: str, prior: Prior) -> "SubtreeForm":
        """The form of the subtree at node ``i`` of count arrays (:class:`~exactprune.tree.CountArrays`)
        called ``name``: the same triples as from the Node view, in the same order.

        Parameters
        ----------
        arrays : CountArrays
            The tree.
        i : int
            The subtree's root.
        name : str
            Its name.
        prior : Prior
            lam, eta and the numerator convention.

        Returns
        -------
        SubtreeForm
            The form, with the triples of the Node constructor.

        See Also
        --------
        of_subtrees : many forms in one pass.

        Examples
        --------
        >>> from exactprune.tree import Node, Tree
        >>> tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
        >>> SubtreeForm.from_arrays(tree.arrays(), 0, "root", Prior()).difference_exact(1)   # as from the node
        11/80
        """
        return cls.of_subtrees(arrays, [i], [name], prior)[0]

    @classmethod
    def of_subtrees(cls, arrays: CountArrays, roots: Union[Sequence[int], "np.ndarray"], names: Sequence[str],
                    prior: Prior) -> list:
        """The forms of the subtrees at the nodes ``roots`` of count arrays, none below another,
        called ``names``, built together top-down a depth (below the roots) at a time, the children
        of a depth's splits gathered from the CSR arrays, so only the subtrees' nodes are read (no
        array over every node): each weight W_l the product of the child weights (4.11) on its
        path (:func:`~exactprune.knorm.child_weights` of a depth's nodes at once, exact rationals),
        kept for one depth at a time, and the weights of the leaves of each form summed by
        (n_l, max_j n_{j,l}), which fix (a_l, d_l); the triples ordered by n_l, then by
        max_j n_{j,l} descending.  Weighted counts (an object matrix of Fractions) are read as
        ``flint.fmpq``, the arithmetic of the weights, so a_l, d_l and W_l are exact rationals.

        Parameters
        ----------
        arrays : CountArrays
            The tree.
        roots : sequence of int
            The subtrees' roots, none below another.
        names : sequence of str
            Their names.
        prior : Prior
            lam, eta and the numerator convention.

        Returns
        -------
        list of SubtreeForm
            One form per root, in order.

        See Also
        --------
        from_arrays : one form.

        Examples
        --------
        >>> from exactprune.tree import Node, Tree
        >>> tree = Tree(Node((3, 1), [Node((3, 0)), Node((0, 1))]))
        >>> [(f.name, f.difference_exact(1)) for f in SubtreeForm.of_subtrees(tree.arrays(), [0], ["root"], Prior())]
        [('root', 11/80)]
        """
        offsets = tuple(to_fmpq(x) for x in prior.term_offsets(arrays.counts.shape[1]))
        arity, counts = arrays.n_children, arrays.counts
        sums: list = [{} for _ in range(len(roots))]    # per form: (n_l, max_j n_{j,l}) -> summed weight
        tops: list = []                                  # per form: the (n, max_j n_j) of its root
        # the nodes at one depth below their roots (all roots first), the form of each, the product
        # of the child weights above each, and the size and number of children of each one's parent
        nodes = np.asarray(roots, dtype=np.int64)
        owner = np.arange(len(nodes))
        weight = np.full(len(nodes), flint.fmpq(1), dtype=object)
        parent_size = parent_width = np.empty(0, dtype=object)
        at_roots = True
        while nodes.size:
            rows = counts[nodes]
            if rows.dtype == object:        # weighted (Fraction) or huge counts: fmpq, one arithmetic with the weights
                rows = _AS_FMPQ(rows)
            sizes, majority = functools.reduce(operator.add, rows.T), functools.reduce(np.maximum, rows.T)
            del rows
            if at_roots:
                tops, at_roots = list(zip(sizes.tolist(), majority.tolist())), False
            else:                       # the child weights (4.11), all of the depth's at once
                weight *= child_weights(sizes.astype(object), parent_size, prior.eta, to_fmpq, n_children=parent_width,
                                        node=lambda first: names[int(owner[first])])
            width = arity[nodes]
            leaf = width == 0
            for i, n, top, w in zip(owner[leaf].tolist(), sizes[leaf].tolist(), majority[leaf].tolist(),
                                    weight[leaf].tolist()):
                group = sums[i]
                group[n, top] = group[n, top] + w if (n, top) in group else w
            split = ~leaf
            width = width[split]
            owner, weight = np.repeat(owner[split], width), np.repeat(weight[split], width)
            parent_size = np.repeat(sizes[split].astype(object), width)
            parent_width = np.repeat(width.astype(object), width)
            nodes = csr_gather(arrays.offsets, arrays.indices, nodes[split])
        if offsets[1] == 0:
            empty = [i for i, group in enumerate(sums) if any(n == 0 for n, _ in group)]
            if empty:
                raise ValueError(f"node {names[empty[0]]}: an empty node with lam = 0 has no defined error moment")
        forms, made = [], {}        # made: (n, max_j n_j) -> its (a, d), one pair of fmpq shared by the forms

        def pair(n: int, top: int) -> tuple:
            if (n, top) not in made:
                made[n, top] = tuple(to_fmpq(x) for x in leaf_terms(n, top, offsets))
            return made[n, top]

        for j, (group, (n_root, top_root)) in enumerate(zip(sums, tops)):     # every subtree has a leaf
            terms = [(group[n, top], *pair(n, top)) for n, top in sorted(group, key=lambda key: (key[0], -key[1]))]
            form = cls.__new__(cls)
            form._setup(partial(names.__getitem__, j), pair(n_root, top_root), terms)
            forms.append(form)
        return forms

    def _setup(self, name: Union[str, Callable[[], str]], leaf_terms: tuple, terms: list) -> None:
        """Store the name (or a function making it, called when an error names the node), the
        leaf's (a, d) and the (weight, a, d) triples, one per distinct (a, d), as ``flint.fmpq``."""
        self._name = name
        self.leaf_terms: tuple[flint.fmpq, flint.fmpq] = (to_fmpq(leaf_terms[0]), to_fmpq(leaf_terms[1]))
        self.terms: list[tuple[flint.fmpq, flint.fmpq, flint.fmpq]] = [
            (to_fmpq(w), to_fmpq(a), to_fmpq(d)) for w, a, d in terms]
        self._size = magnitude_bits(to_fraction(max(a + d for _, a, d in [(1, *self.leaf_terms), *self.terms]) + 1))
        self._balls: dict = {}      # working precision -> balls of the terms (difference_arb)
        self.decider = Decider()

    def release(self) -> None:
        """Drop the balls and float images made for the signs so far (made again when needed):
        a stage's many forms do not hold them all at once.

        >>> from exactprune.tree import Node
        >>> form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
        >>> form.sign(1); form.release(); form.difference_exact(1)   # rebuilt as asked
        1
        11/80
        """
        self._balls.clear()
        for cached in ("_float_rows", "_float_images"):
            self.__dict__.pop(cached, None)

    @property
    def name(self) -> str:
        """The name of the subtree's root (made on first use when the form was given a function).

        >>> from exactprune.tree import Node
        >>> form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
        >>> form.name
        'root'
        """
        if not isinstance(self._name, str):
            self._name = self._name()
        return self._name

    def difference_exact(self, k: int) -> flint.fmpq:
        """F_d(k) as an exact rational, for integer k.

        Parameters
        ----------
        k : int
            The order, 1 <= k <= EXACT_K_LIMIT.

        Returns
        -------
        flint.fmpq
            F_d(k) exactly.

        See Also
        --------
        difference_arb : the certified ball at any real k.
        sign, certified_sign : its sign through the decision kernel.

        Examples
        --------
        >>> from exactprune.tree import Node
        >>> form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
        >>> form.difference_exact(2)   # leaf 3/2 5/2 / (5 6) = 1/8 minus 7/10 3/80 + 3/10 1/8 = 51/800
        49/800
        """
        a, d = self.leaf_terms
        total = rising_ratio_fmpq(a, d, k)
        for weight, a_l, d_l in self.terms:
            total -= to_fmpq(weight) * rising_ratio_fmpq(a_l, d_l, k)
        return total

    def difference_arb(self, k) -> flint.arb:
        """A certified ball around F_d(k), for any real k > 0 (Gamma ratios).

        Parameters
        ----------
        k : int, Fraction or flint.arb
            The order k > 0 (a real k through the Gamma extension (C.26)).

        Returns
        -------
        flint.arb
            A ball containing F_d(k) at the current precision.

        See Also
        --------
        difference_exact : the exact value at integer k.
        certified_sign : its sign.

        Examples
        --------
        >>> from exactprune.tree import Node
        >>> form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
        >>> ball = form.difference_arb(2)
        >>> (ball - flint.fmpq(49, 800)).contains(0), ball.rad() < 2.0 ** -40      # 49/800 by hand
        (True, True)
        """
        kb = arb_of(k)                                  # (an arb k as it is)
        if magnitude_bits(kb) > flint.ctx.prec:      # huge k: the enclosure of log_rising_ratio_arb

            def ratio(a, d):
                return rising_ratio_arb(to_fraction(a), to_fraction(d), kb)

            total = ratio(*self.leaf_terms)
            for weight, a_l, d_l in self.terms:
                total -= flint.arb(weight) * ratio(a_l, d_l)
            return total
        return self._difference_lgamma(k)

    #: a Gamma ratio is carried up from the next smaller value of its class when they differ by
    #: an integer of at most this many steps (each step one product of balls, not an lgamma)
    CHAIN_STEPS = 16

    def _difference_lgamma(self, k) -> flint.arb:
        """F_d(k) from the Gamma ratios G(v) = Gamma(v + k) / Gamma(v) = v^(k), one for each distinct
        value v among the a and d of the leaf and of the leaves of T_d, each term being w G(a) / G(d).
        A grown tree's leaves share few values, and values that differ by a small integer are
        frequent (d = n + J lam at every leaf of n examples): G(v + m) = G(v) (v + k)...(v + m - 1 + k)
        / (v (v + 1) ... (v + m - 1)) for m <= CHAIN_STEPS, exp(lgamma(v + k) - lgamma(v)) otherwise.
        All at one working precision (the caller's plus the bits of k and of the largest a + d, as
        in :func:`~exactprune.numbers.log_rising_ratio_arb`); the balls of the weights and values,
        the lgamma and the chain products are made once per precision."""
        prec = flint.ctx.prec + magnitude_bits(k) + self._size + 16
        with flint.ctx.workprec(prec):
            if prec not in self._balls:
                self._balls[prec] = self._gamma_ratio_plan()
            plan, rows = self._balls[prec]
            kb = arb_of(k)
            ratio: list = []
            for start, steps, below in plan:
                if steps is None:             # start: (v, lgamma v)
                    ratio.append(((start[0] + kb).lgamma() - start[1]).exp())
                else:                         # from ratio[start]: times (u + k) over the u of ``steps``
                    value = ratio[start]
                    for u in steps:
                        value *= u + kb
                    ratio.append(value / below)
            if not rows:            # a = 0 at the leaf: a pure subtree with c lam = 0, every a is 0
                return flint.arb(0)
            terms = [w * ratio[a] / ratio[d] for w, a, d in rows]
            return terms[0] - sum(terms[1:])

    def _gamma_ratio_plan(self) -> tuple:
        """For :meth:`_difference_lgamma` at the current precision: the distinct values, ordered
        by (numerator, denominator) - by value within a class (same fractional part, so the same
        denominator) - each as ``((v, lgamma v), None, None)`` or, when the previous value u0 of
        its class is at most CHAIN_STEPS below, ``(index of u0, balls of u0 .. v - 1, their
        product)``; and the rows (weight ball, index of a, index of d) of the terms with a != 0 (a
        ratio of 0 otherwise), the leaf's first.  The leaf's a is 0 only for a pure subtree with
        c lam = 0, and then every a is 0 and there are no rows."""
        terms: list[tuple[Any, flint.fmpq, flint.fmpq]] = [
            (w, a, d) for w, a, d in [(1, *self.leaf_terms), *self.terms] if a != 0]
        exact: dict[tuple[int, int], flint.fmpq] = {}         # (p, q) -> the value p/q (keys of Python ints: an fmpq hashes through Fraction)
        for _, a, d in terms:
            exact[int(a.p), int(a.q)] = a
            exact[int(d.p), int(d.q)] = d
        keys = sorted(exact)      # (p, q): within a class (same q) by value
        position = {pq: i for i, pq in enumerate(keys)}
        plan: list[tuple] = []
        last: dict[tuple[int, int], tuple[int, int]] = {}       # class (p mod q, q) -> (index, p // q) of its largest value so far
        for i, (p, q) in enumerate(keys):
            v, cls, whole = exact[p, q], (p % q, q), p // q
            gap = whole - last[cls][1] if cls in last else None
            if gap is not None and gap <= self.CHAIN_STEPS:
                steps = [flint.arb(v - gap + m) for m in range(gap)]
                below = flint.arb(1)
                for u in steps:
                    below *= u
                plan.append((last[cls][0], steps, below))
            else:
                plan.append(((flint.arb(v), flint.arb(v).lgamma()), None, None))
            last[cls] = i, whole
        rows = [(flint.arb(w), position[int(a.p), int(a.q)], position[int(d.p), int(d.q)]) for w, a, d in terms]
        return plan, rows

    @cached_property
    def _float_rows(self) -> tuple:
        """Columns (w, a, d) of float64 rows with F_d(x) = sum_rows w * Gamma ratio (a, d, x): the
        leaf with w = 1 and the leaves of T_d with w = -weight, rows with a = 0 (ratio 0) left
        out.  For the float guesses of :func:`_float_roots` (no bound)."""
        rows = [(1, *self.leaf_terms)] + [(-w, a, d) for w, a, d in self.terms]
        return tuple(np.array([float(v) for v in column]) for column in zip(*(r for r in rows if r[1] != 0)))

    def sign_log2(self, t: Fraction) -> int:
        """Sign of F_d(2**t) for an exact rational t (k far beyond any integer worth writing out),
        by certified arb balls at increasing precision.

        Parameters
        ----------
        t : Fraction
            log2 k, exact.

        Returns
        -------
        int
            The sign of F_d(2**t): -1, 0 or 1.

        See Also
        --------
        sign : at an integer k.

        Examples
        --------
        >>> from exactprune.tree import Node
        >>> form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
        >>> form.sign_log2(Fraction(0)), form.sign_log2(Fraction(3))   # k = 1 (F = 11/80), k = 8 (lost)
        (1, -1)
        """
        return self.decider.sign(None, None, ball=lambda: self.difference_arb((arb_of(t) * flint.arb(2).log()).exp()))

    @cached_property
    def _float_images(self) -> tuple:
        """Float images (value and bound of :meth:`~exactprune.certify.Approx.of`; NaN and an
        infinite bound for one that cannot be vouched for) of the leaf's (a, d), as the row
        (a, d, rel a, rel d), and of the weights, a and d of the leaves of T_d, as the columns
        (w, a, d, rel w, rel a, rel d)."""
        values, rels = float_images([*self.leaf_terms, *(x for term in self.terms for x in term)])
        return ([*values[:2], *rels[:2]],
                np.concatenate((values[2:].reshape(-1, 3), rels[2:].reshape(-1, 3)), axis=1))

    def sign(self, k) -> int:
        """Sign of F_d(k), by the decision kernel (``self.decider`` counts the routes): the
        float filter (:func:`_float_approximations`) for integer k <= FLOAT_FILTER_K, then
        :meth:`certified_sign`.

        Parameters
        ----------
        k : int, Fraction or flint.arb
            The order k > 0 (a real k through the Gamma extension (C.26)).

        Returns
        -------
        int
            -1, 0 or 1.

        See Also
        --------
        certified_sign : without the float filter.
        difference_exact, difference_arb : the value itself.

        Examples
        --------
        >>> from exactprune.tree import Node
        >>> form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
        >>> form.sign(1), form.sign(8)      # F(1) = 11/80; k = 8 is the split's breakpoint (next_breakpoint)
        (1, -1)
        """
        return _signs_at([self], k)[0]

    def certified_sign(self, k) -> int:
        """Sign of F_d(k) by certified arb balls for any real k, exact rationals (which alone
        prove a tie) for integer k <= EXACT_K_LIMIT.

        Parameters
        ----------
        k : int, Fraction or flint.arb
            The order k > 0 (a real k through the Gamma extension (C.26)).

        Returns
        -------
        int
            -1, 0 or 1.

        See Also
        --------
        sign : with the float filter first.

        Examples
        --------
        >>> from exactprune.tree import Node
        >>> form = SubtreeForm(Node((3, 1), [Node((3, 0)), Node((0, 1))]), Prior())
        >>> form.certified_sign(Fraction(13, 2)), form.certified_sign(Fraction(17, 2))
        (1, -1)

        (F > 0 at k = 7 and F < 0 at k = 8 with one sign change, Thm 5.3: so at 13/2 and 17/2 too.)
        """
        exact = (lambda: self.difference_exact(k)) if isinstance(k, int) and k <= EXACT_K_LIMIT else None
        return self.decider.sign(None, None, ball=lambda: self.difference_arb(k), exact=exact)


def _signs_at(forms: list, k) -> list:
    """The sign of F_d(k) for each form: for integer k <= FLOAT_FILTER_K the float filter of
    all forms at once (:func:`_float_approximations`, :func:`~exactprune.certify.float_sign_array`),
    counted on each form's float route; :meth:`SubtreeForm.certified_sign` for the forms it
    declines."""
    quick = [0] * len(forms)
    if isinstance(k, int) and k <= SubtreeForm.FLOAT_FILTER_K:
        quick = float_sign_array(*_float_approximations(forms, k)).tolist()
    signs = []
    for form, sign in zip(forms, quick):
        if sign:
            form.decider.routes["float"] += 1
        signs.append(sign or form.certified_sign(k))
    return signs


def _float_approximations(forms: list, k: int) -> tuple:
    """Float images with bounds of R_leaf(d, k) and of R(T_d, k) for every form, as
    ``((values, rels), (values, rels))`` arrays (an infinite bound where the image cannot be
    vouched for): the leaf's (4.29) by :func:`~exactprune.certify.rising_ratio_array`, and
    R(T_d, k) = sum_l W_l (4.29)_l by :func:`~exactprune.certify.product_array` and
    :func:`~exactprune.certify.total_array` over the leaves of all forms at once - the scalar
    rules of :mod:`~exactprune.certify` elementwise."""
    n = len(forms)
    leaves = np.array([form._float_images[0] for form in forms]).reshape(n, 4)
    leaf = rising_ratio_array((leaves[:, 0], leaves[:, 2]), (leaves[:, 1], leaves[:, 3]), k)
    columns = [form._float_images[1] for form in forms]
    owner = np.repeat(np.arange(n), [len(c) for c in columns])
    w, a, d, rw, ra, rd = np.concatenate(columns).reshape(-1, 6).T
    return leaf, total_array(product_array((w, rw), rising_ratio_array((a, ra), (d, rd), k)), owner, n)


def split_kept(node: Node, k, prior: Prior = Prior()) -> bool:
    """Does PruneTree (epsilon = 0) keep the split at ``node``, with its subtree as it stands?
    True iff R(T_d, k) < R_leaf(d, k), decided exactly/certified.

    Parameters
    ----------
    node : Node
        The split.
    k : int, Fraction or flint.arb
        The order k > 0 (a real k through the Gamma extension (C.26)).
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.

    Returns
    -------
    bool
        True iff F_d(k) > 0.

    See Also
    --------
    survives_all_k : kept at every k (Thm 5.9).
    SubtreeForm.sign : the sign it reads.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> split_kept(iris_tree().node("c2"), 2)
    True
    """
    if not isinstance(k, (Fraction, flint.arb)):
        k = check_k(k)
    return SubtreeForm(node, prior).sign(k) > 0


def survives_all_k(node: Node) -> bool:
    """Zhong Thm 5.9: the subtree at ``node`` reduces the k-norm error for all k >= 1 iff
    max_j n_{j,d} = max_j n_{j,c} for every leaf c of the subtree.

    Parameters
    ----------
    node : Node
        The split.

    Returns
    -------
    bool
        True iff the condition of Thm 5.9 holds.

    See Also
    --------
    split_kept : at one k.

    Examples
    --------
    >>> from exactprune.tree import Tree, iris_tree
    >>> survives_all_k(iris_tree().root.children[1]), survives_all_k(Tree.from_json(
    ...     '{"counts": [10, 10], "children": [{"counts": [10, 0]}, {"counts": [0, 10]}]}').root)
    (False, True)
    """
    if node.is_leaf:
        return False
    top = max(node.counts)
    return all(max(leaf.counts) == top for leaf in node.leaves())
