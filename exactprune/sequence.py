"""The k-norm pruning sequence with exact breakpoints (Zhong 5.1.2: Property 2, Thm 5.3, Cor 5.4).

As k grows, the k-norm optimal prunings T_k nest (Cor 5.4): each
member is optimal on a range of integer k.  :func:`knorm_sequence` returns
the stages and, for every node that stops being a split at some finite k,
its **exact integer breakpoint** (the least integer k at which PruneTree with
epsilon = 0 no longer keeps it) and its **real crossing** (the real k in
[breakpoint - 1, breakpoint] where its subtree moment equals its leaf moment,
with moments extended to real k by Gamma functions, (C.26)), as a certified
interval.

How breakpoints are found: for each split d of the current optimal tree, the
sign of F_d(k) = R_leaf(d, k) - R(T_d, k) is evaluated with certified
comparisons (exact rationals or arb balls, never a bare float) at k = k0+1,
then at doubling k until the split is lost, then by bisection; Thm 5.3 makes
"split lost" an up-set in k, and the found breakpoint is re-verified at b-1 and
b.  Exact integer breakpoints are searched up to 2**BREAKPOINT_EXACT_BITS (see
:mod:`exactprune.limits`); a breakpoint beyond that is reported as a certified
:class:`LogBracket` 2**lower < b <= 2**upper found by doubling and bisection on log2 k, with
arb's certified large-k enclosure of the Gamma ratios
(:func:`~exactprune.numbers.log_rising_ratio_arb`).  Splits satisfying Thm 5.9's condition (max_j n_{j,d} = max_j n_{j,c} for
every leaf c of T_d) survive every finite k and are not searched.  The stage
itself is then recomputed by PruneTree at the breakpoint, so the sequence
never rests on the search alone.

CART's cost-complexity sequence is :func:`exactprune.peers.ccp.ccp_sequence`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property, partial
from fractions import Fraction
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Callable, Optional, Union

import flint
import numpy as np

from .knorm import (EXACT_K_LIMIT, Prior, child_weight, knorm_decimal, leaf_moment_terms, leaf_terms,
                    prune, subtree_moment_arb)
from .certify import (Decider, float_images, float_sign_array, product_array, rising_ratio_array,
                      total_array)
from .limits import BREAKPOINT_EXACT_BITS, BREAKPOINT_MAX_LOG2
from .numbers import (magnitude_bits, arb_of, check_k, CertificationError, decimal_str, fraction_str,
                      rising_ratio_arb, rising_ratio_fmpq, to_fmpq, to_fraction)
from .tree import CountArrays, Node, Tree, require_integer_counts

__all__ = ["Stage", "NodeBreakpoint", "KNormSequence", "knorm_sequence", "knorm_pruning_path",
           "survives_all_k", "split_kept", "real_crossing", "LogBracket"]

INF = "inf"


# ---------------------------------------------------------------------------------------------
# certified evaluation of F_d(k) = R_leaf(d, k) - R(T_d, k)
# ---------------------------------------------------------------------------------------------

class _SubtreeForm:
    """The subtree T_d flattened to (weight, a, d) triples: its moment at k is
    sum_l W_l * rising(a_l, k) / rising(d_l, k) (4.28 unrolled, W_l the product of the child
    weights (4.11) on the path to leaf l, the W_l of leaves with equal (a_l, d_l) summed: a grown
    tree has few distinct pairs), and F_d(k) = R_leaf(d, k) minus that sum.

    :meth:`sign` goes through the decision kernel (:class:`~exactprune.certify.Decider`): for
    integer k <= FLOAT_FILTER_K the float images with certify's bounds decide clear cases;
    otherwise arb balls (:func:`~exactprune.numbers.log_rising_ratio_arb`, accurate at any size
    of k) at increasing precision; an exact rational settles an exact tie at integer k <=
    EXACT_K_LIMIT."""

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
    def from_arrays(cls, arrays, i: int, name: str, prior: Prior) -> "_SubtreeForm":
        """The form of the subtree at node ``i`` of count arrays (:class:`~exactprune.tree.CountArrays`)
        called ``name``: the same triples as from the Node view, in the same order."""
        return cls.of_subtrees(arrays, [i], [name], prior)[0]

    @classmethod
    def of_subtrees(cls, arrays: CountArrays, roots: Union[Sequence[int], "np.ndarray"], names: Sequence[str],
                    prior: Prior) -> list:
        """The forms of the subtrees at the nodes ``roots`` of count arrays, none below another,
        called ``names``, built together top-down level by level: each weight W_l as a product of
        integers (with eta = p/q the child weight (4.11) is (q n_c + p) / (q n_t + p K_t)), kept
        for one level at a time, and the weights of the leaves of each form summed by
        (n_l, max_j n_{j,l}), which fix (a_l, d_l); the triples ordered by n_l, then by
        max_j n_{j,l} descending."""
        offsets = tuple(to_fmpq(x) for x in prior.term_offsets(arrays.counts.shape[1]))
        eta = to_fmpq(prior.eta)
        p, q = int(eta.p), int(eta.q)
        sizes, majority, arity, parent = arrays.sizes, arrays.majority, arrays.n_children, arrays.parent
        starts_at = np.asarray(roots, dtype=np.int64)
        owner = np.full(arrays.n_nodes, -1)
        owner[starts_at] = np.arange(len(starts_at))
        is_root = np.zeros(arrays.n_nodes, dtype=bool)
        is_root[starts_at] = True
        one = flint.fmpz(1)           # flint integers: products stay in C
        sums: list = [{} for _ in starts_at]    # per form: (n_l, max_j n_{j,l}) -> summed weight
        above = numerator = denominator = np.empty(0, dtype=object)     # the level above, its nodes' products
        for nodes in arrays.levels():
            here_num, here_den = np.empty(len(nodes), dtype=object), np.empty(len(nodes), dtype=object)
            if above.size:
                inherited = np.repeat(owner[above], arity[above])      # ``nodes``: the children of ``above`` in order
                take = np.flatnonzero(inherited >= 0)
                if take.size:
                    below = nodes[take]
                    owner[below], up = inherited[take], parent[below]
                    down = q * sizes[up].astype(object) + p * arity[up].astype(object)
                    if np.any(down == 0):
                        raise ValueError(f"node {names[int(inherited[take][np.argmax(down == 0)])]}: n_t + eta K_t is "
                                         "0 (no examples and eta = 0); use eta > 0")
                    here_num[take] = np.repeat(numerator, arity[above])[take] * (q * sizes[below].astype(object) + p)
                    here_den[take] = np.repeat(denominator, arity[above])[take] * down
            starts = np.flatnonzero(is_root[nodes])
            here_num[starts] = here_den[starts] = one
            leaves = np.flatnonzero((owner[nodes] >= 0) & (arity[nodes] == 0))
            for i, n, top, a, b in zip(owner[nodes[leaves]].tolist(), sizes[nodes[leaves]].tolist(),
                                       majority[nodes[leaves]].tolist(), here_num[leaves].tolist(),
                                       here_den[leaves].tolist()):
                group, weight = sums[i], flint.fmpq(a, b)
                group[n, top] = group[n, top] + weight if (n, top) in group else weight
            above, numerator, denominator = nodes, here_num, here_den
        if offsets[1] == 0:
            empty = [i for i, group in enumerate(sums) if any(n == 0 for n, _ in group)]
            if empty:
                raise ValueError(f"node {names[empty[0]]}: an empty node with lam = 0 has no defined error moment")
        forms = []
        for j, (root, group) in enumerate(zip(starts_at.tolist(), sums)):     # every subtree has a leaf
            terms = [(group[n, top], *leaf_terms(n, top, offsets)) for n, top in sorted(group, key=lambda key: (key[0], -key[1]))]
            form = cls.__new__(cls)
            form._setup(partial(names.__getitem__, j),
                        leaf_terms(int(sizes[root]), int(majority[root]), offsets), terms)
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
        a stage's many forms do not hold them all at once."""
        self._balls.clear()
        for cached in ("_float_rows", "_float_images"):
            self.__dict__.pop(cached, None)

    @property
    def name(self) -> str:
        """The name of the subtree's root (made on first use when the form was given a function)."""
        if not isinstance(self._name, str):
            self._name = self._name()
        return self._name

    # exact, for integer k (feasible for moderate k)
    def difference_exact(self, k: int) -> flint.fmpq:
        a, d = self.leaf_terms
        total = rising_ratio_fmpq(a, d, k)
        for weight, a_l, d_l in self.terms:
            total -= to_fmpq(weight) * rising_ratio_fmpq(a_l, d_l, k)
        return total

    # certified ball, for any real k > 0
    def difference_arb(self, k) -> flint.arb:
        kb = k if isinstance(k, flint.arb) else arb_of(k)
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
        prec = flint.ctx.prec + magnitude_bits(k if isinstance(k, flint.arb) else Fraction(k)) + self._size + 16
        with flint.ctx.workprec(prec):
            if prec not in self._balls:
                self._balls[prec] = self._gamma_ratio_plan()
            plan, rows = self._balls[prec]
            kb = k if isinstance(k, flint.arb) else arb_of(k)
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
            return terms[0] - sum(terms[1:], flint.arb(0))

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
        by certified arb balls at increasing precision."""
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
        :meth:`certified_sign`."""
        return _signs_at([self], k)[0]

    def certified_sign(self, k) -> int:
        """Sign of F_d(k) by certified arb balls for any real k, exact rationals (which alone
        prove a tie) for integer k <= EXACT_K_LIMIT."""
        exact = (lambda: self.difference_exact(k)) if isinstance(k, int) and k <= EXACT_K_LIMIT else None
        return self.decider.sign(None, None, ball=lambda: self.difference_arb(k), exact=exact)


def _signs_at(forms: list, k) -> list:
    """The sign of F_d(k) for each form: for integer k <= FLOAT_FILTER_K the float filter of
    all forms at once (:func:`_float_approximations`, :func:`~exactprune.certify.float_sign_array`),
    counted on each form's float route; :meth:`_SubtreeForm.certified_sign` for the forms it
    declines."""
    quick = [0] * len(forms)
    if isinstance(k, int) and k <= _SubtreeForm.FLOAT_FILTER_K:
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

    >>> from exactprune.tree import iris_tree
    >>> split_kept(iris_tree().node("c2"), 2)
    True
    """
    if not isinstance(k, (Fraction, flint.arb)):
        k = check_k(k)
    return _SubtreeForm(node, prior).sign(k) > 0


def survives_all_k(node: Node) -> bool:
    """Zhong Thm 5.9: the subtree at ``node`` reduces the k-norm error for all k >= 1 iff
    max_j n_{j,d} = max_j n_{j,c} for every leaf c of the subtree.

    >>> from exactprune.tree import iris_tree
    >>> survives_all_k(iris_tree().root.children[1]), survives_all_k(Tree.from_json(
    ...     '{"counts": [10, 10], "children": [{"counts": [10, 0]}, {"counts": [0, 10]}]}').root)
    (False, True)
    """
    if node.is_leaf:
        return False
    top = max(node.counts)
    return all(max(leaf.counts) == top for leaf in node.leaves())


@dataclass(frozen=True)
class LogBracket:
    """A breakpoint beyond 2**BREAKPOINT_EXACT_BITS, certified to lie in (2**lower, 2**upper]:
    F_d(2**lower) > 0 >= F_d(2**upper) were decided by certified arb signs, and Thm 5.3 (one
    sign change) puts the least integer k with F_d(k) <= 0 between them.  ``lower`` and ``upper``
    are exact rationals (log2 of k).

    >>> LogBracket(Fraction(5), Fraction(6)).as_dict()
    {'log2_lower': '5', 'log2_upper': '6', 'approx': '2^5.500000000'}
    """

    lower: Fraction
    upper: Fraction

    def as_dict(self) -> dict:
        """The JSON form: log2 of the ends as exact fractions, the midpoint of log2 k to 10 digits.

        >>> LogBracket(Fraction(1), Fraction(2)).as_dict()
        {'log2_lower': '1', 'log2_upper': '2', 'approx': '2^1.500000000'}
        """
        middle = (self.lower + self.upper) / 2
        return {"log2_lower": fraction_str(self.lower), "log2_upper": fraction_str(self.upper),
                "approx": f"2^{decimal_str(middle, 10)}"}

    def __str__(self) -> str:
        return (f"2^({fraction_str(self.lower)}) < k <= 2^({fraction_str(self.upper)}), "
                f"k ~ {self.as_dict()['approx']}")


Breakpoint = Union[int, LogBracket]


def _breakpoint(form: _SubtreeForm, k0: Breakpoint) -> Breakpoint:
    """Least integer k > k0 with F_d(k) <= 0 (split lost), given F_d(k0) > 0 (Thm 5.3), when it
    is at most 2**BREAKPOINT_EXACT_BITS; beyond, a certified :class:`LogBracket`."""
    if isinstance(k0, LogBracket):
        return _log_bracket(form, k0.upper)
    limit = 1 << BREAKPOINT_EXACT_BITS
    lo, step = k0, 1
    hi = k0 + 1
    while form.sign(hi) > 0:
        lo = hi
        if hi >= limit:
            return _log_bracket(form, Fraction(BREAKPOINT_EXACT_BITS))
        step *= 2
        hi = min(k0 + step, limit)
    while hi - lo > 1:  # invariant: kept at lo, lost at hi
        mid = (lo + hi) // 2
        if form.sign(mid) > 0:
            lo = mid
        else:
            hi = mid
    return hi


def _log_bracket(form: _SubtreeForm, t0: Fraction, bits: int = 40) -> LogBracket:
    """The certified bracket of a breakpoint beyond 2**t0 (F_d(2**t0) > 0 is checked): doubling
    log2 k up to BREAKPOINT_MAX_LOG2, then bisection on log2 k to relative width 2**-bits (or
    until the sign cannot be certified)."""
    name = form.name
    if form.sign_log2(t0) <= 0:
        raise ValueError(f"node {name}: its breakpoint is not above 2^{decimal_str(t0, 12)}, inside the "
                         f"certified interval of an earlier breakpoint: beyond 2^{BREAKPOINT_EXACT_BITS} "
                         "(BREAKPOINT_EXACT_BITS) the two cannot be ordered")
    lo, hi = t0, 2 * t0
    while form.sign_log2(hi) > 0:
        lo, hi = hi, 2 * hi
        if hi > BREAKPOINT_MAX_LOG2:
            raise ValueError(f"node {name}: no breakpoint below k = 2^{BREAKPOINT_MAX_LOG2} "
                             f"(the limit BREAKPOINT_MAX_LOG2)")
    while hi - lo > hi / (1 << bits):
        mid = (lo + hi) / 2
        try:
            sign = form.sign_log2(mid)
        except CertificationError:
            break
        if sign > 0:
            lo = mid
        else:
            hi = mid
    return LogBracket(lo, hi)


class Theorem53Violation(ArithmeticError):
    """F_d changes sign more than once: a counterexample to Zhong Thm 5.3 (raised by
    :func:`verify_single_crossing`, also when the breakpoint it is given is wrong).

    >>> from exactprune.tree import iris_tree
    >>> verify_single_crossing(_SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior()), 1000)
    Traceback (most recent call last):
    exactprune.sequence.Theorem53Violation: node c2: F > 0 at k = 1000, beyond its breakpoint 1000
    """


def verify_single_crossing(form: "_SubtreeForm", breakpoint: int) -> int:
    """Certify the sign of F_d on a grid of real k (powers of 2 from 1 to 16 x breakpoint, plus
    breakpoint - 1 and breakpoint): kept (F > 0) up to breakpoint - 1, lost (F <= 0) from the
    breakpoint on.  Thm 5.3 says the sign changes once; a disagreeing grid point raises
    :class:`Theorem53Violation` with the numbers.  Returns the number of points checked.

    This is evidence of a single crossing, not a proof between grid points; the proof is
    Thm 5.3 (checked exactly on random trees by ``exactprune verify --theorem zhong-5.3``).

    >>> from exactprune.tree import iris_tree
    >>> verify_single_crossing(_SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior()), 17781896)
    31
    """
    return _verify_crossings([form], breakpoint)


def _verify_crossings(forms: list, breakpoint: int) -> int:
    """:func:`verify_single_crossing` for several forms with one breakpoint, the grid's signs
    by :func:`_signs_at` (all forms at once)."""
    grid = {breakpoint - 1, breakpoint}
    x = 1
    while x <= 16 * breakpoint:
        grid.add(x)
        x *= 2
    points = sorted(g for g in grid if g >= 1)
    for k in points:
        for form, sign in zip(forms, _signs_at(forms, k)):
            if k <= breakpoint - 1 and sign <= 0:
                raise Theorem53Violation(f"node {form.name}: F <= 0 at k = {k}, below its breakpoint {breakpoint}")
            if k >= breakpoint and sign > 0:
                raise Theorem53Violation(f"node {form.name}: F > 0 at k = {k}, beyond its breakpoint {breakpoint}")
    return len(points)


def real_crossing(form_or_node, lo, hi, prior: Prior = Prior(), bits: int = 40):
    """A certified interval [x0, x1] (rationals) in [lo, hi] where F_d changes sign, the subtree
    moment equalling the leaf moment at real k (Gamma extension, (C.26)); F_d(lo) > 0 >= F_d(hi)
    is required and checked.  The interval is the cell of the dyadic bisection of [lo, hi] to width
    2^-bits (relative) where the certified sign changes.

    Where the cell lies is guessed first by a float root of F_d (:func:`_float_roots`, no
    guarantee); the guessed cell is accepted only when certified signs at both its ends show
    the change (F_d(x0) > 0 >= F_d(x1)), and moved to a neighbour a few times otherwise.  Thm 5.3
    (one sign change) makes that cell the one bisection reaches; without an accepted guess the
    cell is found by certified bisection, which also stops at a midpoint whose sign cannot be
    certified.

    >>> from exactprune.tree import iris_tree
    >>> lo, hi = real_crossing(prune(iris_tree(), 2).tree.node("c2"), 17781895, 17781896)
    >>> hi - lo == Fraction(1, 2 ** 16), 17781895 < lo
    (True, True)
    """
    form = form_or_node if isinstance(form_or_node, _SubtreeForm) else _SubtreeForm(form_or_node, prior)
    return _real_crossings([form], lo, hi, bits)[0]


def _real_crossings(forms: list, lo, hi, bits: int = 40) -> list:
    """:func:`real_crossing` of several forms on one interval [lo, hi], the float guesses of all
    their cells made in one vectorized pass (:func:`_float_roots`)."""
    for form, at_lo, at_hi in zip(forms, _signs_at(forms, lo), _signs_at(forms, hi)):
        if at_lo <= 0 or at_hi > 0:
            raise ValueError(f"node {form.name}: no sign change of F on [{lo}, {hi}]")
    x0, x1 = Fraction(lo), Fraction(hi)
    width = max(x1, Fraction(1)) / (1 << bits)
    length = x1 - x0
    while length > width:
        length /= 2
    try:
        roots = _float_roots(forms, float(x0), float(x1)).tolist()
    except OverflowError:       # beyond float range: no float guess, certified bisection alone
        roots = [math.nan] * len(forms)
    cells = int((x1 - x0) / length)
    out = []
    for form, root in zip(forms, roots):
        out.append(_guessed_cell(form, x0, length, cells, root) or _bisected_cell(form, x0, x1, width))
        form.release()          # its balls and float images, made for this cell alone
    return out


def _float_roots(forms: list, lo: float, hi: float) -> "np.ndarray":
    """A float root of each form's F_d in [lo, hi], by float bisection of all forms at once
    (the Gamma ratios of the concatenated rows by scipy's ``betaln``, summed per form), NaN for a form whose
    float signs at lo and hi do not show the change.  Guesses only, certified by the caller."""
    from scipy.special import betaln
    columns = [form._float_rows for form in forms]
    owner = np.repeat(np.arange(len(forms)), [len(w) for w, _, _ in columns])
    w, a, d = (np.concatenate([c[i] for c in columns]) for i in range(3))

    def f(x):       # log Gamma(a + x) - log Gamma(a) = log Gamma(x) - log B(a, x), so each ratio is
        xs = x[owner]      # exp(log B(d, x) - log B(a, x)), scipy's betaln staying accurate for large a, d
        return np.bincount(owner, weights=w * np.exp(betaln(d, xs) - betaln(a, xs)))    # every form has its leaf row

    with np.errstate(all="ignore"):
        left, right = np.full(len(forms), lo), np.full(len(forms), hi)
        bracket = (f(left) > 0) & (f(right) < 0)
        mid = (left + right) / 2
        while np.any((left < mid) & (mid < right)):
            positive = f(mid) > 0
            left, right = np.where(positive, mid, left), np.where(positive, right, mid)
            mid = (left + right) / 2
    return np.where(bracket, mid, np.nan)


def _guessed_cell(form: "_SubtreeForm", x0: Fraction, length: Fraction, cells: int, root: float) -> Optional[tuple]:
    """The cell [x0 + c length, x0 + (c + 1) length] of the grid of ``cells`` cells where F_d
    changes sign (F_d(x0) > 0 >= F_d(x0 + cells length) is known), searched from the cell around
    the float ``root``: certified signs at its ends; when they do not show the change, a
    galloping search towards it (1, 2, 4, ... cells) and bisection of the bracket found, so a
    guess c cells off costs about 2 log2 c signs.  None without a root or when a sign cannot be
    certified (the caller bisects).  By Thm 5.3 (one sign change) it is the cell bisection finds.

    >>> from exactprune.tree import iris_tree
    >>> form = _SubtreeForm(prune(iris_tree(), 2).tree.node("c2"), Prior())
    >>> x0, length = Fraction(17781895), Fraction(1, 2 ** 16)
    >>> exact = _guessed_cell(form, x0, length, 2 ** 16, 17781895.5)
    >>> exact == _guessed_cell(form, x0, length, 2 ** 16, 17781895.0) == _bisected_cell(form, x0, x0 + 1, length)
    True
    """
    if math.isnan(root):
        return None

    def positive(c: int) -> bool:
        return c <= 0 or (c < cells and form.sign(x0 + c * length) > 0)

    guess = min(max(int((Fraction(root) - x0) / length), 0), cells - 1)
    try:
        if positive(guess):
            lo, step = guess, 1
            while positive(lo + step):
                lo, step = lo + step, 2 * step
            hi = lo + step
        else:
            hi, step = guess, 1
            while not positive(hi - step):
                hi, step = hi - step, 2 * step
            lo = hi - step
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if positive(mid):
                lo = mid
            else:
                hi = mid
    except CertificationError:
        return None
    return x0 + lo * length, x0 + hi * length


def _bisected_cell(form: "_SubtreeForm", x0: Fraction, x1: Fraction, width: Fraction) -> tuple:
    """Certified bisection of [x0, x1] (F_d(x0) > 0 >= F_d(x1)) down to length <= ``width``,
    stopping early at a midpoint whose sign cannot be certified."""
    while x1 - x0 > width:
        mid = (x0 + x1) / 2
        try:
            s = form.sign(mid)
        except CertificationError:
            break
        if s > 0:
            x0 = mid
        else:
            x1 = mid
    return x0, x1


# ---------------------------------------------------------------------------------------------
# the k-norm sequence
# ---------------------------------------------------------------------------------------------

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
        >>> [s.leaves for s in knorm_sequence(iris_tree(), crossings=False).stages]   # Figure B.1 (b), (d)-(f)
        [7, 3, 2, 1]
        """
        if self._leaves is None:
            self._leaves = self.tree.n_leaves
        return self._leaves

    def as_dict(self) -> dict:
        """The JSON form: the bounds (a :class:`LogBracket` as its dict), leaves and pruned names.

        >>> from exactprune.tree import iris_tree
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
    """The result of :func:`knorm_sequence`: the stages, the breakpoint entries of every split of
    the input (name -> :class:`NodeBreakpoint`), the number of breakpoint searches and how the
    decisions were settled.

    >>> from exactprune.tree import iris_tree
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

        >>> from exactprune.tree import iris_tree
        >>> seq = knorm_sequence(iris_tree(), Prior(numerator="1"), crossings=False)
        >>> seq.stage_for(25680602).leaves, seq.stage_for(25680603).leaves    # App B's 25680602: see the erratum
        (3, 2)
        """
        for stage in self.stages:
            if stage.k_from != INF and _at_least(k, stage.k_from) and (stage.k_to is None
                                                                     or not _at_least(k, stage.k_to)):
                return stage
        raise ValueError(f"k must be a positive integer, got {k}")

    def as_dict(self) -> dict:
        """The JSON form: the prior, the stages and the breakpoint entries in Zhong's order.

        >>> from exactprune.tree import iris_tree
        >>> out = knorm_sequence(iris_tree(), crossings=False).as_dict()
        >>> out["prior"], [b["name"] for b in out["breakpoints"]]
        ({'lam': '1/2', 'eta': '1/2', 'numerator': 'J-1'}, ['root', 'c2', 'c21', 'c22', 'c211', 'c212', 'c2122'])
        """
        return {"prior": {"lam": fraction_str(self.prior.lam), "eta": fraction_str(self.prior.eta),
                          "numerator": self.prior.numerator},
                "stages": [s.as_dict() for s in self.stages],
                "breakpoints": [b.as_dict() for b in self.breakpoints.values()]}


def knorm_sequence(tree: Tree, prior: Prior = Prior(), crossings: bool = True) -> KNormSequence:
    """The nested k-norm pruning sequence of ``tree`` with exact breakpoints (Cor 5.4).

    Each step starts from the optimal tree T of the current stage (first k0) and asks
    PruneTree (exact decisions) at k0 + 1.  If it prunes, a stage starts at k0 + 1.  If not,
    every split d of T is kept on an interval of k, and its breakpoint b_d (on T_d as it
    stands) is searched by doubling and bisection with certified signs; the next stage starts
    at min b_d and is computed by PruneTree there.  Breakpoints of unchanged splits are
    reused; splits meeting Thm 5.9's condition are never searched.  With ``crossings``, the
    certified real crossing of each split pruned at k >= 2 is computed: for all the splits of a
    stage at once, the float guesses of their crossing cells and the float filter at the grid of
    :func:`verify_single_crossing` in one numpy pass, certified arb signs at the two ends of each
    guessed cell, and arb or exact rationals wherever the filter declines.

    The result keeps, per node of ``tree``, the index of the stage that loses it (integers in
    a numpy array) and the crossings; the stages' trees, the pruned names and the breakpoint
    entries are made when they are read.

    >>> from exactprune.tree import iris_tree
    >>> seq = knorm_sequence(iris_tree(), crossings=False)
    >>> [(s.k_from, s.k_to, s.leaves) for s in seq.stages]
    [(1, 2, 7), (2, 17781896, 3), (17781896, None, 2), ('inf', None, 1)]
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"knorm_sequence needs a Tree, got {type(tree).__name__}")
    require_integer_counts(tree.arrays(), "the k-norm breakpoint search",
                           "it plans its certified Gamma ratios over integer counts")
    build = _SequenceBuilder(tree, prior, crossings)
    while build.next_stage():
        pass
    return build.finish()


class _SequenceBuilder:
    """The steps of :func:`knorm_sequence`, sharing its state: the stages so far, the record of
    where each split is lost (:class:`_Record`), the input index of every node of the current
    tree (``origin``), the breakpoints of unchanged splits (``cache``) and the decision counts."""

    #: the input arrays' derived arrays (:meth:`~exactprune.tree.CountArrays.cached`) used after
    #: the first stage; the others made by the call are dropped after it
    KEEP = frozenset({"n_children", "parent", "levels"})

    def __init__(self, tree: Tree, prior: Prior, crossings: bool):
        self.prior, self.crossings = prior, crossings
        self.full = tree.arrays()
        self.stages: list = []
        self.record = _Record(tree, self.stages)
        self.names = _Names(self.full)      # Zhong's names of the input's nodes (kept by every stage)
        made_before = set(self.full._cache)
        first = prune(tree, 1, prior)
        self.decisions = {"prunetree_comparisons": 0, "prunetree_exact_fallbacks": 0,
                          "search_float": 0, "search_arb": 0, "search_exact": 0}
        self._count(first)
        self.current: Tree = first.tree
        kept = first.kept_splits
        del first               # PruneTree's working arrays
        self._add_stage(1, self.current.n_leaves)
        index = np.int32 if self.full.n_nodes < 2 ** 31 else np.int64
        self.origin = self._record_pruned(tree, np.arange(self.full.n_nodes, dtype=index), kept, 1, False)
        for key in set(self.full._cache) - made_before - self.KEEP:     # the input's derived arrays made
            del self.full._cache[key]           # by PruneTree at k = 1, not needed again: made again on demand
        self.k0: Breakpoint = 1
        self.searches = 0
        #: input index of a split -> its breakpoint in the current tree (None: survives every k)
        self.cache: dict = {}

    def _add_stage(self, k_from: Any, leaves: Optional[int]) -> None:
        """Append the stage from ``k_from`` (ending the finite one before it) of ``leaves``
        leaves (None: set when its tree is made)."""
        if self.stages and k_from != INF:
            self.stages[-1].k_to = k_from
        self.stages.append(Stage(k_from, None, record=self.record, index=len(self.stages), leaves=leaves))

    def _count(self, result) -> None:
        self.decisions["prunetree_comparisons"] += result.comparisons
        self.decisions["prunetree_exact_fallbacks"] += result.fallbacks

    def next_stage(self) -> bool:
        """Find where the current stage ends and start the next one; False when no split of the
        current tree is ever lost at a finite k."""
        a = self.current.arrays()
        splits = np.flatnonzero(a.n_children > 0)
        if not splits.size:
            return False
        change = self._prunetree_at_next_k(a) or self._change_at_least_breakpoint(a, splits)
        if change is None:
            return False
        k_star, kept = change
        self._add_stage(k_star, None)
        cut = self.origin[(a.n_children > 0) & ~kept & a.subtree_mask(kept)]
        self.origin = self._record_pruned(self.current, self.origin, kept, k_star, self.crossings)
        self._forget_breakpoints_above(cut)
        self.current, self.k0 = self.current.pruned_tree(kept), k_star     # after the crossings: one tree at a time
        self.stages[-1]._leaves = self.current.n_leaves
        return True

    def _prunetree_at_next_k(self, a: CountArrays) -> Optional[tuple]:
        """``(k0 + 1, kept)`` if PruneTree prunes at k0 + 1 (within the exact range), else None."""
        k0 = self.k0
        if not (isinstance(k0, int) and k0 + 1 <= EXACT_K_LIMIT):
            return None
        step = prune(self.current, k0 + 1, self.prior)
        self._count(step)
        return (k0 + 1, step.kept_splits) if _prunes(a, step.kept_splits) else None

    def _change_at_least_breakpoint(self, a: CountArrays, splits: "np.ndarray") -> Optional[tuple]:
        """The next change from the breakpoints of the current splits (searched, or reused): at
        the least exact breakpoint, recomputed by PruneTree there; or, when all are certified
        brackets, the bracket with the least upper end.  None when no split is lost at a finite k."""
        found = self._breakpoints_of(a, splits)
        finite = [b for b in found.values() if b is not None]
        if not finite:
            return None
        exact_ks = [b for b in finite if isinstance(b, int)]
        if not exact_ks:
            return _bracket_stage(found, self.names, self.origin)
        k_star = min(exact_ks)
        result = prune(self.current, k_star, self.prior)
        self._count(result)
        if not _prunes(a, result.kept_splits):
            raise AssertionError(f"sequence inconsistency: searches predict a change at k={k_star}, "
                                 "PruneTree prunes nothing there")
        return k_star, result.kept_splits

    def _breakpoints_of(self, a: CountArrays, splits: "np.ndarray") -> dict:
        """Current index -> breakpoint of every split of the current tree (``a``): Thm 5.9's
        survivors None, the others searched from k0 (:func:`_breakpoint`) unless cached."""
        survivors = _survives_all_k_array(a)
        for i in splits.tolist():
            key = int(self.origin[i])
            if key in self.cache:
                continue
            if survivors[i]:
                self.cache[key] = None
                continue
            form = _SubtreeForm.of_subtrees(a, [i], _Names(self.full, self.origin[[i]]), self.prior)[0]
            self.cache[key] = _breakpoint(form, self.k0)
            self.searches += 1
            for how, count in form.decider.routes.items():
                self.decisions[f"search_{how}"] += count
        return {i: self.cache[int(self.origin[i])] for i in splits.tolist()}

    def _forget_breakpoints_above(self, cut: "np.ndarray") -> None:
        """The breakpoints of the splits whose subtree changed (the ancestors of the input
        indices ``cut``) are stale."""
        parent, stale = self.full.parent, set()
        for i in cut.tolist():
            j = int(parent[i])
            while j >= 0 and j not in stale:
                stale.add(j)
                self.cache.pop(j, None)
                j = int(parent[j])

    def _record_pruned(self, tree: Tree, origin: "np.ndarray", kept: "np.ndarray", k: Breakpoint,
                       crossings: bool) -> "np.ndarray":
        """Record the splits of ``tree`` lost at the last stage (first k ``k``): those pruned
        (``kept`` false at a split whose ancestors are kept; with their real crossings when
        ``crossings`` and k >= 2) and those removed with them; ``origin`` maps ``tree``'s indices
        to the input's.  Returns the input indices of the pruned tree's nodes."""
        a, s = tree.arrays(), len(self.stages) - 1
        is_split = a.n_children > 0
        alive = a.subtree_mask(kept)
        self.record.stage_of[origin[is_split & ~(alive & kept)]] = s
        cut = np.flatnonzero(is_split & alive & ~kept)
        if crossings and isinstance(k, int) and k >= 2 and cut.size:
            forms = _SubtreeForm.of_subtrees(a, cut, _Names(self.full, origin[cut]), self.prior)
            self.record.checks[s] = _verify_crossings(forms, k)
            self.record.crossings.update(zip(origin[cut].tolist(), _real_crossings(forms, k - 1, k)))
        return origin[np.flatnonzero(alive)]

    def finish(self) -> KNormSequence:
        """The splits left survive every finite k; the k = infinity stage is the root alone;
        the breakpoints in Zhong's order (by depth, then by name)."""
        a, full = self.current.arrays(), self.full
        self._add_stage(INF, 1)
        survivors = self.origin[a.n_children > 0]
        self.record.stage_of[survivors] = len(self.stages) - 1
        arity = full.n_children
        if arity.max(initial=0) < 10:        # names of one digit per level: by name = by path = level order
            order = np.concatenate([level[arity[level] > 0] for level in full.levels()])
        else:
            splits = np.flatnonzero(arity > 0)
            depth, names = full.depth[splits].tolist(), full.names_of(splits)
            order = splits[sorted(range(len(splits)), key=lambda j: (depth[j], names[j]))]
        return KNormSequence(self.prior, self.stages, _Breakpoints(self.record, order), self.searches,
                             self.decisions)


def _prunes(a: CountArrays, kept: "np.ndarray") -> bool:
    """Does the pruning ``kept`` (over ``a``'s indices) turn a split into a leaf?"""
    return bool(np.any((a.n_children > 0) & ~kept))


def _survives_all_k_array(a) -> "np.ndarray":
    """:func:`survives_all_k` at every node of count arrays at once, bottom-up level by level: a
    split qualifies iff each child has its majority count and is a leaf or qualifies itself."""
    majority, parent, is_split = a.majority, a.parent, a.n_children > 0
    ok = is_split.copy()
    for nodes in reversed(a.levels()[1:]):
        fine = (majority[nodes] == majority[parent[nodes]]) & (~is_split[nodes] | ok[nodes])
        ok[parent[nodes[~fine]]] = False
    return ok


def _bracket_stage(found: dict, names: Sequence[str], origin: "np.ndarray") -> tuple:
    """The next stage when every remaining breakpoint (``found``: current index -> breakpoint or
    None) is a :class:`LogBracket`: the splits whose bracket has the least upper end are lost
    there; ``(bracket, kept)`` with ``kept`` the mask of the splits kept.
    A bracket overlapping another cannot be ordered: ValueError."""
    brackets = {i: b for i, b in found.items() if b is not None}
    first = min(brackets.values(), key=lambda b: b.upper)
    for i, b in brackets.items():
        if b != first and b.lower < first.upper:
            lost = min(names[int(origin[j])] for j, c in brackets.items() if c == first)
            raise ValueError(f"the breakpoints of {lost} ({first}) and {names[int(origin[i])]} ({b}) overlap: "
                             f"beyond 2^{BREAKPOINT_EXACT_BITS} (BREAKPOINT_EXACT_BITS) they cannot be ordered")
    kept = np.ones(len(origin), dtype=bool)
    kept[[i for i, b in brackets.items() if b == first]] = False
    return first, kept


def knorm_pruning_path(tree: Tree, prior: Prior = Prior()) -> dict:
    """scikit-learn-style summary of :func:`knorm_sequence`: for each finite stage its
    first k (exact int, or a certified :class:`LogBracket`), leaves, and the k-norm error of the
    optimal tree at that k (certified decimal string and float for plotting; None for a bracket).

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
