"""Error-based pruning (EBP), the pruning of C4.5 (Quinlan 1993 ch 4; C4.5 Release 8 ``prune.c``).

:func:`ebp_extra_errors` is C4.5's ``AddErrs``: the "extra errors" N U_CF(e, N) - e of a leaf
with N cases and e errors, U_CF the upper confidence limit of the binomial error rate, in the
two variants found in the wild:

* ``"c45"``: Quinlan's C4.5 Release 8 ``AddErrs``: z interpolated from its table (0.6925 at
  CF = 0.25); edge cases e = 0 exact binomial, 0 < e < 1 linear interpolation, e + 0.5 >= N
  gives 0.67 (N - e).
* ``"weka"``: J48's ``Stats.addErrs``: z = Phi^-1(1 - CF) (0.6745 at CF = 0.25); e + 0.5 >= N
  gives N - e; CF > 0.5 gives 0.

**The defaults follow C4.5 Release 8** (variant ``"c45"``, CF = 1/4), as Zhong's chapter 6
did; C4.5's subtree raising needs the training data (``raising=True`` with ``X``, ``y``) and
follows C4.5 R8 and J48 rule by rule (:func:`ebp_prune`).
:func:`binomial_upper_limit` is the exact binomial limit the formula approximates.

The values are irrational; they are returned as certified ``flint.arb`` balls, and
:func:`ebp_prune` decides every comparison through the decision kernel
(:class:`~exactprune.certify.Decider`): a float filter whose too-close cases are settled by
certified arb comparisons (the normal quantile by arb ``erfinv``).

The float filter's bounds come from :mod:`exactprune.certify`'s rules, applied step by step
along the float evaluation of each leaf term T = e + extra (:meth:`_EBP.terms`, element by
element over whole count arrays).  Assumptions: IEEE binary64, ``sqrt`` correctly rounded (IEEE
754 requires it), ``math.log`` and numpy's ``expm1`` within ``certify.LIBM_ULPS`` = 4 ulps,
integer counts below 2**52 (exact floats, e + 1/2 exact too).

* e = 0, CF <= 1/2: T = -n expm1(log(fl CF) / n).  fl(CF) carries ``Approx.of``'s bound (none
  below ``certify.TINY``, where these terms go to arb); log at x = fl(CF) <= 1/2 has condition
  |x / (xi log x)| <= 1 / ln 2 < 1.5 (``_LOG_CONDITION``) for xi within u of x; the division
  by the exact n is the quotient rule; expm1 at x < 0 has
  |x e^xi / expm1(x)| <= e^(|xi - x|) <= 1 + 2**-9 (``_EXPM1_CONDITION``: |x| e^x <= 1 - e^x,
  and |xi - x| <= 2**-30 as |x| <= 745); both through :func:`~exactprune.certify.function_rel`;
  the product by n is the product rule.  One relative bound for every n (18 u at CF = 1/4).
* the Wilson branch: every + - * / and sqrt of ``_extra_arb``'s formula in float64 with its
  absolute bound (:func:`~exactprune.certify.sum_abs`, ``product_abs``, ``quotient_abs``,
  ``sqrt_abs``), the coefficient c = z^2 entering with its own bound (C4.5: the correctly
  rounded float of a rational; J48: z's ball midpoint rounded to a float, 2u plus the radius,
  then squared); C4.5's edge 0.67 (n - e) the product of the float 0.67 with the exact n - e.
* the final T = e + extra by the difference rule; T's relative bound by ``rel_of_abs``.

For CF > 1/2 with e = 0 the float term carries no bound (|log CF| < ln 2; the comparison goes to
arb).  A subtree's bound is the sum rule (:func:`~exactprune.certify.total_array`), and
raising's corrections T_new - T_old the difference rule, twice per reached leaf.
"""
from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any, Optional

import flint

from ..certify import (INFLATE, U, Approx, Decider, float_sign_array, function_rel, product_abs, product_rel,
                       quotient_abs, quotient_rel, rel_of_abs, sqrt_abs, sum_abs, sum_rel_array, total, total_array)
from ..numbers import arb_of, exact, nonnegative_int, positive_int
from ..pruning import Pruning, prune_bottom_up
from ..tree import CountArrays, Tree, as_tree, require_integer_counts, routing_threshold
from ..tree.arrays import csr_gather

__all__ = ["ebp_extra_errors", "ebp_z", "binomial_upper_limit", "ebp_prune", "EBPResult"]

_PREC = 200  # bits for the certified extra errors
#: bounds on the condition numbers of log at fl(CF) <= 1/2 and of expm1 at log(fl CF) / n < 0
#: (module docstring), for certify.function_rel
_LOG_CONDITION = 1.5
_EXPM1_CONDITION = 1 + 2.0 ** -9

_C45_VAL = [Fraction(0), Fraction(1, 1000), Fraction(5, 1000), Fraction(1, 100), Fraction(5, 100),
            Fraction(10, 100), Fraction(20, 100), Fraction(40, 100), Fraction(1)]
_C45_DEV = [Fraction(4), Fraction("3.09"), Fraction("2.58"), Fraction("2.33"), Fraction("1.65"),
            Fraction("1.28"), Fraction("0.84"), Fraction("0.25"), Fraction(0)]


def ebp_z(cf="1/4", variant: str = "c45") -> flint.arb:
    """The z of EBP's upper confidence limit at confidence ``cf``.

    ``"c45"``: C4.5 Release 8 interpolates linearly in its table (Val, Dev) - a
    rational number, 277/400 = 0.6925 at CF = 1/4.  ``"weka"``: J48's
    ``Statistics.normalInverse(1 - CF)``, computed here as a certified ball
    sqrt(2) erfinv(1 - 2 CF).

    Parameters
    ----------
    cf : int, Fraction or str
        The confidence CF, exact, strictly between 0 and 1 (C4.5's default 1/4).
    variant : {"c45", "weka"}
        Whose z: C4.5 Release 8's table or J48's normal quantile.

    Returns
    -------
    flint.arb
        z as a certified ball (exact for ``"c45"``).

    See Also
    --------
    ebp_extra_errors : the extra errors that use this z.
    binomial_upper_limit : the exact binomial limit that z approximates.

    Examples
    --------
    >>> ebp_z("0.25", "c45")
    [0.692500000000000 +/- ...]
    >>> ebp_z("0.25", "weka")
    [0.674489750196082 +/- ...]
    """
    cf = exact(cf, "cf")
    if not 0 < cf < 1:
        raise ValueError(f"cf must lie strictly between 0 and 1, got {cf}")
    if variant == "c45":
        return arb_of(_c45_coeff(cf))
    if variant == "weka":
        with flint.ctx.workprec(max(flint.ctx.prec, _PREC)):
            return flint.arb(2).sqrt() * (1 - 2 * arb_of(cf)).erfinv()
    raise ValueError(f"variant must be 'c45' or 'weka', got {variant!r}")


def _c45_coeff(cf: Fraction) -> Fraction:
    i = 1                               # C4.5 starts at 0, but 0 < cf always passes Val[0] = 0
    while cf > _C45_VAL[i]:
        i += 1
    return _C45_DEV[i - 1] + (_C45_DEV[i] - _C45_DEV[i - 1]) * (cf - _C45_VAL[i - 1]) / (_C45_VAL[i] - _C45_VAL[i - 1])


def ebp_extra_errors(n, e, cf="1/4", variant: str = "c45") -> flint.arb:
    """EBP's extra errors N U_CF(e, N) - e of a leaf with N cases and e errors (C4.5 ``AddErrs``).

    Exact inputs (int, Fraction or exact strings; C4.5 cases may be fractional),
    certified ``flint.arb`` output.  The continuity-corrected Wilson limit
    (e + 1/2 + z^2/2 + z sqrt((e + 1/2)(1 - (e + 1/2)/N) + z^2/4)) / (N + z^2)
    is shared by both variants; they differ in z and in the edge cases (module
    docstring).  For e = 0 both give N (1 - CF^(1/N)), the exact binomial limit.

    Parameters
    ----------
    n : int, Fraction or str
        The leaf's cases N, exact and positive.
    e : int, Fraction or str
        Its errors, exact, in [0, N].
    cf : int, Fraction or str
        The confidence CF, exact, strictly between 0 and 1.
    variant : {"c45", "weka"}
        C4.5 Release 8's ``AddErrs`` or J48's ``Stats.addErrs``.

    Returns
    -------
    flint.arb
        N U_CF(e, N) - e as a certified ball.

    See Also
    --------
    binomial_upper_limit : the exact U_CF(e, n) (a rational) that this approximates.
    ebp_z : the z used.
    ebp_prune : the pruner that compares these estimates.

    Examples
    --------
    >>> float(ebp_extra_errors(6, 0).mid())           # Quinlan (1993) p. 41: U_25%(0, 6) = 0.206
    1.2377...
    >>> # Quinlan (1993) p. 42: 16 U_25%(1, 16) = 16 x 0.157 = 2.512 (0.157 is the book's value
    >>> # rounded to three places, C4.5's normal approximation; the exact binomial limit is 0.160)
    >>> round(float(ebp_extra_errors(16, 1).mid()) + 1, 3), round(float(ebp_extra_errors(16, 1, variant="weka").mid()) + 1, 3)
    (2.507, 2.476)
    >>> ebp_extra_errors(10, 9.5)
    Traceback (most recent call last):
    TypeError: e must be exact: got the float 9.5; pass Fraction(19, 2) or the string '9.5'
    """
    n = exact(n, "n")
    e = exact(e, "e")
    cf = exact(cf, "cf")
    if n <= 0:
        raise ValueError(f"n must be positive, got {n}")
    if e < 0 or e > n:
        raise ValueError(f"e must lie in [0, n] = [0, {n}], got {e}")
    if not 0 < cf < 1:
        raise ValueError(f"cf must lie strictly between 0 and 1, got {cf}")
    if variant not in ("c45", "weka"):
        raise ValueError(f"variant must be 'c45' or 'weka', got {variant!r}")
    with flint.ctx.workprec(max(flint.ctx.prec, _PREC)):
        return _extra_arb(n, e, cf, variant)


def _extra_arb(n: Fraction, e: Fraction, cf: Fraction, variant: str) -> flint.arb:
    if variant == "weka" and cf > Fraction(1, 2):
        return flint.arb(0)
    N = arb_of(n)
    if e == 0 or (variant == "c45" and e < Fraction(1, 10 ** 6)):
        return N * (1 - (arb_of(cf).log() / N).exp())
    if e < 1 if variant == "weka" else e < Fraction(9999, 10000):
        base = N * (1 - (arb_of(cf).log() / N).exp())
        return base + arb_of(e) * (_extra_arb(n, Fraction(1), cf, variant) - base)
    if e + Fraction(1, 2) >= n:
        return arb_of(Fraction(67, 100) * (n - e)) if variant == "c45" else arb_of(max(n - e, Fraction(0)))
    if variant == "c45":
        coeff = arb_of(_c45_coeff(cf) ** 2)
    else:
        z = flint.arb(2).sqrt() * (1 - 2 * arb_of(cf)).erfinv()
        coeff = z * z
    e5 = arb_of(e + Fraction(1, 2))
    pr = (e5 + coeff / 2 + (coeff * (e5 * (1 - e5 / N) + coeff / 4)).sqrt()) / (N + coeff)
    return N * pr - arb_of(e)


def binomial_upper_limit(n: int, e: int, cf="1/4", bits: int = 60) -> Fraction:
    """The exact binomial upper limit U_CF(e, n) that EBP approximates: the p with
    P[Bin(n, p) <= e] = CF, bracketed by bisection to within 2^-bits (returned: the
    upper end of the bracket, a rational).

    Parameters
    ----------
    n : int
        Trials, positive.
    e : int
        Observed errors, in [0, n].
    cf : int, Fraction or str
        The confidence CF, exact.
    bits : int
        Bisection steps: the bracket's width is 2^-bits.

    Returns
    -------
    Fraction
        The upper end of the final bracket (1 when e = n).

    See Also
    --------
    ebp_extra_errors : C4.5's and J48's certified approximation N U_CF(e, N) - e.

    Examples
    --------
    >>> u = binomial_upper_limit(6, 0)
    >>> abs(float(u) - (1 - 0.25 ** (1 / 6))) < 1e-15
    True
    >>> # Quinlan (1993) pp. 41-42: U_25%(0, 1) = 0.750, U_25%(0, 6) = 0.206, U_25%(0, 9) = 0.143
    >>> [round(float(binomial_upper_limit(n, 0)), 3) for n in (1, 6, 9)]
    [0.75, 0.206, 0.143]
    """
    n = positive_int(n, "n")
    e = nonnegative_int(e, "e")
    cf = exact(cf, "cf")
    if e > n:
        raise ValueError(f"e must be at most n = {n}, got {e}")
    if e == n:
        return Fraction(1)
    lo, hi = Fraction(0), Fraction(1)
    for _ in range(bits):
        mid = (lo + hi) / 2
        tail = sum(math.comb(n, i) * mid ** i * (1 - mid) ** (n - i) for i in range(e + 1))
        if tail > cf:
            lo = mid
        else:
            hi = mid
    return hi


class EBPResult(Pruning):
    """EBP's outcome, a :class:`~exactprune.pruning.Pruning` (``k`` None): the pruned ``tree``,
    ``pruned`` (topmost names turned into leaves, sorted), ``kept_splits``, ``routes`` and
    ``fallbacks`` as for every pruner, and EBP's own ``raised`` (names of nodes replaced by
    their largest branch) and ``estimate`` (the float estimated errors of the result, also its
    ``moment``).  With raising the tree is rebuilt (its nodes named by their new positions), so
    :meth:`kept` of an input node is refused; ``kept_splits`` is False at the pruned splits.

    Parameters
    ----------
    source : Tree
        The tree that was pruned.
    kept : array of bool
        Over ``source.arrays()``'s indices: True where the split is kept.
    routes : dict
        The route counts, as for every :class:`~exactprune.pruning.Pruning`.
    estimate : float
        EBP's estimated errors of the result.
    pruned : list
        Names of the topmost nodes turned into leaves, sorted.
    raised : list, optional
        Names of the nodes replaced by their largest branch (none by default).
    tree : Tree, optional
        The rebuilt tree after subtree raising; None when no node was raised.

    See Also
    --------
    ebp_prune : the pruner that returns it.

    Examples
    --------
    Quinlan's (1993, pp. 41-42) example: leaves of 6, 9 and 1 cases without error estimate
    6 x 0.206 + 9 x 0.143 + 1 x 0.750 = 3.273 errors; the 16 cases as one leaf with 1 error,
    16 U_25%(1, 16) = 16 x 0.157 = 2.512, so the split is pruned (the book's U rounded to 3 places):

    >>> from exactprune.tree import Tree
    >>> t = Tree.from_json('{"counts": [15, 1], "children": [{"counts": [6, 0]}, {"counts": [9, 0]},'
    ...                    ' {"counts": [0, 1]}]}')
    >>> r = ebp_prune(t)
    >>> r.pruned, r.tree.n_leaves, r.raised, abs(r.estimate - 16 * 0.157) < 16 * 0.0005
    (['root'], 1, [], True)
    """

    def __init__(self, source: Tree, kept, routes: dict, estimate: float, pruned: list,
                 raised: Optional[list] = None, tree: Optional[Tree] = None):
        super().__init__(source, None, kept, routes, moment=estimate, pruned=pruned)
        self.estimate = estimate
        self.raised = [] if raised is None else raised
        self._rebuilt = tree is not None
        if tree is not None:
            self._tree = tree

    def kept(self, node) -> bool:
        """:meth:`Pruning.kept`; refused after subtree raising (the names are new).

        Parameters
        ----------
        node : Node
            A node of the source tree.

        Returns
        -------
        bool
            Whether the node's split is kept.

        Examples
        --------
        >>> from exactprune.tree import Tree
        >>> t = Tree.from_json('{"counts": [4, 4], "children": [{"counts": [4, 0]}, {"counts": [0, 4]}],'
        ...                    ' "feature": 0, "threshold": 0.5}')
        >>> ebp_prune(t).kept(t.root)               # kept: 2 x 4 U(0, 4) = 2.34 < 8 U(4, 8) = 5.42
        True
        >>> ebp_prune(t, raising=True, X=[[0]] * 4 + [[1]] * 4, y=[0] * 4 + [1] * 4).kept(t.root)
        Traceback (most recent call last):
        ValueError: kept(node) is not defined after subtree raising: the result's nodes are renamed
        """
        if self._rebuilt:
            raise ValueError("kept(node) is not defined after subtree raising: the result's nodes are renamed")
        return super().kept(node)


class _EBP:
    """EBP's estimates and comparisons over count arrays.  A *side* of a comparison is
    ``((float estimate, its relative bound), pairs)`` with ``pairs()`` returning the leaf pairs
    (n, e) whose certified terms are summed only when the float filter cannot decide."""

    def __init__(self, cf, variant: str, n_classes: int):
        self.cf = exact(cf, "cf")
        self.variant = variant
        self.J = n_classes
        self.decider = Decider(start_prec=_PREC)
        self.slack = Fraction(1, 10)  # C4.5's "+ 0.1"
        self._cache: dict = {}        # (n, e) -> float term and bound
        self._log_cf = math.log(float(self.cf)) if float(self.cf) > 0 else -math.inf   # fl(CF) = 0: unbounded below
        if variant == "c45":
            coeff = _c45_coeff(self.cf) ** 2
            self._coeff, self._coeff_rel = float(coeff), Approx.of(coeff).rel
        else:
            z = ebp_z(self.cf, "weka")
            mid, rad = float(z.mid()), 2 * float(z.rad())
            self._coeff = mid ** 2
            z_rel = (2 * U + rad / abs(mid)) * INFLATE if mid else (0.0 if rad == 0 else math.inf)
            self._coeff_rel = product_rel(z_rel, z_rel)
        # e = 0, CF <= 1/2: -n expm1(log(fl CF) / n), one relative bound for every n (module docstring)
        cf_image = Approx.of(self.cf)                   # invalid below certify.TINY: no bound, arb decides
        log_rel = function_rel(cf_image.rel, _LOG_CONDITION) if cf_image.valid else math.inf
        expm1_rel = function_rel(quotient_rel(log_rel, 0.0), _EXPM1_CONDITION)
        self._zero_rel = product_rel(expm1_rel, 0.0) if cf_image.valid else math.inf

    def terms(self, n, e) -> tuple:
        """Float leaf terms e + extra errors (:func:`_extra_arb` in float64) of integer arrays
        ``n`` (cases) and ``e`` (errors) and their relative bounds, derived element by element
        from certify's rules along the float evaluation (module docstring; infinite where the
        derivation does not apply): ``(values, rels)`` arrays, certify's array approximations.
        An empty leaf is the exact 0, (0, 0)."""
        import numpy as np
        n = np.asarray(n, dtype=np.float64)
        e = np.asarray(e, dtype=np.float64)
        if self.variant == "weka" and self.cf > Fraction(1, 2):          # extra = 0: T = e exactly
            return np.where(n > 0, e, 0.0), np.zeros(n.shape)
        with np.errstate(all="ignore"):
            c = self._coeff
            c_err = self._coeff_rel * c * INFLATE
            # the Wilson limit, step by step as _extra_arb evaluates it, each step's absolute bound
            e5 = e + 0.5                                                    # exact (e < 2**52)
            x = e5 / n
            d = 1 - x
            g = e5 * d
            h1 = g + c / 4
            h = c * h1
            s = np.sqrt(h)
            a1 = e5 + c / 2
            num = a1 + s
            den = n + c
            pr = num / den
            m = n * pr
            wilson = m - e
            g_err = product_abs(e5, 0.0, d, sum_abs(0.0, quotient_abs(e5, 0.0, n, 0.0, x), d), g)
            h_err = product_abs(c, c_err, h1, sum_abs(g_err, c_err / 4, h1), h)
            num_err = sum_abs(sum_abs(0.0, c_err / 2, a1), sqrt_abs(h, h_err, s), num)
            pr_err = quotient_abs(num, num_err, den, sum_abs(0.0, c_err, den), pr)
            wilson_err = sum_abs(product_abs(n, 0.0, pr, pr_err, m), 0.0, wilson)
            if self.variant == "c45":                                       # 67/100 (n - e)
                edge = 0.67 * (n - e)
                edge_err = product_abs(0.67, Approx.of(Fraction(67, 100)).rel * 0.67 * INFLATE, n - e, 0.0, edge)
            else:
                edge, edge_err = np.maximum(n - e, 0.0), 0.0
            zero = -n * np.expm1(self._log_cf / n)
            zero_err = self._zero_rel * zero * INFLATE
            at_edge = 2 * e + 1 >= 2 * n
            extra = np.where(e == 0, zero, np.where(at_edge, edge, wilson))
            extra_err = np.where(e == 0, zero_err, np.where(at_edge, edge_err, wilson_err))
            value = np.where(n > 0, e + extra, 0.0)
            # certify.sum_abs is elementwise (arrays alike) though its hints say float
            err = sum_abs(0.0, extra_err, value)  # type: ignore[arg-type]
            rel = np.where(value > 0, err / np.where(value > 0, value, 1.0) * INFLATE, math.inf)
            outside = (n >= 2.0 ** 52) | ((e == 0) & (self.cf > Fraction(1, 2))) | ~np.isfinite(rel)
        return value, np.where(n > 0, np.where(outside, math.inf, rel), 0.0)

    def term(self, counts) -> tuple:
        """(float of e + extra errors, its relative bound) of a leaf with these counts, its errors
        counted against the majority; cached by (n, e)."""
        key = _pair(counts)
        if key not in self._cache:
            value, rel = self.terms([key[0]], [key[1]])
            self._cache[key] = (float(value[0]), float(rel[0]))
        return self._cache[key]

    def difference_arb(self, a_pairs, b_pairs, slack: Fraction) -> flint.arb:
        """A certified ball of est(a) - est(b) - slack from the leaf pairs of the two sides."""
        total = -arb_of(slack)
        for pairs, sign in ((a_pairs, 1), (b_pairs, -1)):
            for (n, e) in pairs:
                if n:
                    total += sign * (e + _extra_arb(Fraction(n), Fraction(e), self.cf, self.variant))
        return total

    def le(self, a, b, slack: Fraction) -> bool:
        """est(a) <= est(b) + slack, decided by the decision kernel (float filter, then
        certified arb)."""
        (af, a_pairs), (bf, b_pairs) = a, b
        return self.decider.sign(Approx.bounded(*af), Approx.bounded(*bf) + _approx_of(slack),
                                 ball=lambda: self.difference_arb(a_pairs(), b_pairs(), slack)) <= 0

    # -- without raising: level by level ----------------------------------------------------------
    def run_counts(self, a) -> tuple:
        """The pass over the count arrays ``a`` (:func:`~exactprune.pruning.prune_bottom_up`, one
        (value, relative bound) row per node): a split is kept iff E_leaf > E_tree + 0.1.
        Returns (kept, float estimate of the root).  A subtree's bound is certify's sum rule
        over its children (:func:`~exactprune.certify.total_array`); the float filter decides
        a whole level at once (:func:`~exactprune.certify.float_sign_array`); each declined
        comparison goes to the kernel's arb route with the leaf pairs of the node's pruned
        subtree."""
        import numpy as np
        sizes = a.sizes
        leaf = np.column_stack(self.terms(sizes, sizes - a.majority))
        kept = np.zeros(a.n_nodes, dtype=bool)
        slack = _approx_of(self.slack)

        def subtree(splits, best, level):
            kids = csr_gather(a.offsets, a.indices, splits)
            owner = np.repeat(np.arange(len(splits)), a.n_children[splits])
            rel = total_array((best[kids, 0], best[kids, 1]), owner, len(splits))[1]
            return np.column_stack([a.child_sums(splits, best[:, 0]), rel])

        def decide(splits, tree, level):
            cmp = (tree[:, 0] + slack.value, sum_rel_array(tree[:, 1], slack.rel))
            signs = float_sign_array((leaf[splits, 0], leaf[splits, 1]), cmp)
            self.decider.routes["float"] += int(np.count_nonzero(signs))
            keep = signs > 0
            for position in np.flatnonzero(signs == 0).tolist():
                i = int(splits[position])
                leaf_side = (tuple(leaf[i]), lambda: [(int(sizes[i]), int(sizes[i] - a.majority[i]))])
                tree_side = (tuple(tree[position]), lambda: _leaf_pairs(a, kept, a.children_of(i)))
                keep[position] = not self.le(leaf_side, tree_side, self.slack)
            return keep

        kept, best = prune_bottom_up(a, leaf, subtree, decide, kept=kept)
        return kept, float(best[0, 0])


class _Raising:
    """EBP with subtree raising (C4.5 R8 ``prune.c`` ``EstimateErrors``; J48
    ``C45PruneableClassifierTree.prune``), node by node over arrays: ``table[i, :arity[i]]``
    holds the current children of node ``i`` (original node indices; arity 0 at a leaf; updated
    as nodes are pruned or raised), ``counts`` the class counts of the examples reaching each
    node, ``est`` its float estimate and relative bound.  A raised node's place is taken by its largest
    branch, which keeps the raised node's name for the ``pruned``/``raised`` lists (``alias``).

    Tests: a split with a threshold sends ``x[feature] <= threshold`` to its first child (binary);
    a split with a feature and no threshold is a nominal test with one branch per value (C4.5's
    discrete test, J48's ``C45Split`` on a nominal attribute): child k receives the examples with
    ``x[feature] == k``, and every example must carry one of the codes 0 .. k - 1."""

    def __init__(self, machine: _EBP, tree: Tree, X, y):
        import numpy as np
        self.m, self.X, self.y = machine, X, y
        a = tree.arrays()
        self.arity = a.n_children.astype(np.int64)     # a copy: rewritten as nodes are pruned
        self.table = np.full((a.n_nodes, max(1, int(self.arity.max()))), -1, dtype=np.int64)
        internal = np.flatnonzero(self.arity)
        for k in np.unique(self.arity[internal]).tolist():
            at = internal[self.arity[internal] == k]
            self.table[at, :k] = a.indices[a.offsets[at][:, None] + np.arange(k)]
        self.nodes: Optional[list] = None              # the node view, read only for nominal tests
        try:                                           # binary threshold tests (scikit-learn's arrays)
            _, _, self.feature, self.threshold = tree.split_tests()
            self.nominal = np.zeros(a.n_nodes, dtype=bool)
        except ValueError:
            self._read_node_tests(tree, a)
        self.counts = a.counts.copy()                  # rewritten for every node visited
        self.est_v, self.est_r = np.zeros(a.n_nodes), np.zeros(a.n_nodes)
        self.alias = np.arange(a.n_nodes)
        self.pruned: list = []
        self.raised: list = []

    def _read_node_tests(self, tree: Tree, a: CountArrays) -> None:
        """Each split's test from the node view (class docstring), checked."""
        import numpy as np
        walk = tree.nodes()                            # pre-order; a.preorder maps index -> position
        self.nodes = nodes = [walk[p] for p in a.preorder.tolist()]
        self.feature = np.zeros(a.n_nodes, dtype=np.int64)
        self.threshold = np.full(a.n_nodes, math.nan)
        self.nominal = np.zeros(a.n_nodes, dtype=bool)
        for i in np.flatnonzero(self.arity).tolist():
            node, k = nodes[i], int(self.arity[i])
            if node.feature is None:
                raise ValueError(f"node {node.name} has no routing test (feature/threshold)")
            self.feature[i] = node.feature
            if node.threshold is not None:
                if k != 2:
                    raise ValueError(f"node {node.name} has a threshold test and {k} children")
                self.threshold[i] = routing_threshold(node.threshold)
                continue
            self.nominal[i] = True
            values = self.X[:, node.feature]
            if not np.all(np.isin(values, np.arange(k))):
                raise ValueError(f"node {node.name} tests x[{node.feature}] against the values 0..{k - 1}, "
                                 f"got {sorted(set(values.tolist()) - set(range(k)))[:3]}")

    def kids(self, i: int) -> list:
        return self.table[i, :self.arity[i]].tolist()

    def branch_of(self, nodes, rows):
        """The position among its children of the child of each split ``nodes[j]`` that example
        ``rows[j]`` goes to (class docstring)."""
        import numpy as np
        x = self.X[rows, self.feature[nodes]]
        side = np.where(x <= self.threshold[nodes], 0, 1)       # NaN thresholds (nominal) give 1 ...
        if self.nodes is not None:
            nominal = self.nominal[nodes]
            side[nominal] = x[nominal].astype(np.int64)          # ... replaced by the checked codes
        return side

    def route(self, rows, start: int):
        """The leaf of the current subtree at ``start`` that each example ``rows`` reaches: one
        vectorized step per level (as :func:`~exactprune.tree.leaves_reached`, for any arity)."""
        import numpy as np
        node = np.full(len(rows), start, dtype=np.int64)
        active = np.flatnonzero(self.arity[node] > 0)
        while active.size:
            at = node[active]
            node[active] = self.table[at, self.branch_of(at, rows[active])]
            active = active[self.arity[node[active]] > 0]
        return node

    def leaves(self, r: int) -> list:
        """The leaves of the current subtree at ``r``."""
        out, stack = [], [r]
        while stack:
            i = stack.pop()
            if not self.arity[i]:
                out.append(i)
            else:
                stack.extend(reversed(self.kids(i)))
        return out

    def pairs(self, nodes: list) -> list:
        return [_pair(self.counts[i].tolist()) for r in nodes for i in self.leaves(r)]

    def run(self, i: int, rows) -> int:
        """Prune the current subtree at node ``i`` with the examples ``rows``; returns the node
        now in its place (``i``, or a raised descendant)."""
        import numpy as np
        m = self.m
        if not self.arity[i]:
            self.counts[i] = np.bincount(self.y[rows], minlength=m.J)
            self.est_v[i], self.est_r[i] = m.term(self.counts[i].tolist())
            return i
        x = self.X[rows, self.feature[i]]
        if self.nominal[i]:
            parts = [rows[x == v] for v in range(self.arity[i])]
        else:
            go_left = x <= self.threshold[i]
            parts = [rows[go_left], rows[~go_left]]
        kids = [self.run(k, part) for k, part in zip(self.kids(i), parts)]
        self.table[i, :len(kids)] = kids
        self.counts[i] = counts = self.counts[kids].sum(axis=0)
        tree_side = (_total([(self.est_v[k], self.est_r[k]) for k in kids]), lambda: self.pairs(kids))
        leaf_side = (m.term(counts.tolist()), lambda: [_pair(counts.tolist())])
        j = _last_largest([int(self.counts[k].sum()) for k in kids])
        big = kids[j]
        branch_side = None
        if self.arity[big]:
            branch_side = self.branch(big, np.concatenate([part for v, part in enumerate(parts) if v != j]))
        if m.le(leaf_side, tree_side, m.slack) and (branch_side is None or m.le(leaf_side, branch_side, m.slack)):
            self.pruned.append(int(self.alias[i]))
            self.arity[i] = 0
            self.est_v[i], self.est_r[i] = leaf_side[0]
            return i
        if branch_side is not None and m.le(branch_side, tree_side, m.slack):
            self.raised.append(int(self.alias[i]))
            # the largest branch replaces the node and receives all its examples; prune it again
            self.alias[big] = self.alias[i]
            return self.run(big, rows)
        self.est_v[i], self.est_r[i] = tree_side[0]
        return i

    def branch(self, big: int, rows) -> tuple:
        """The side of the subtree ``big`` when the examples ``rows`` of the other branches are
        passed down it too: each reached leaf's errors counted against the **majority of its new
        counts** (C4.5 ``EstimateErrors(..., false)`` recomputes ``BestClass``; J48
        ``getEstimatedErrorsForBranch`` ends in ``new Distribution(data)``).  ``big``'s estimate
        corrected by T_new - T_old on each reached leaf, its absolute error bound by the
        difference rule (:func:`~exactprune.certify.sum_abs`) for the subtraction and for the
        addition."""
        import numpy as np
        m = self.m
        leaves, where = np.unique(self.route(rows, big), return_inverse=True)
        added = np.bincount(where * m.J + self.y[rows], minlength=len(leaves) * m.J).reshape(len(leaves), m.J)
        total = float(self.est_v[big])
        error = Approx.bounded(total, float(self.est_r[big])).error()
        changed = {}
        for leaf, add in zip(leaves.tolist(), added.tolist()):
            old = self.counts[leaf].tolist()
            changed[leaf] = new = [a + b for a, b in zip(old, add)]
            (new_v, new_r), (old_v, old_r) = m.term(new), m.term(old)
            step = new_v - old_v
            total += step
            step_error = sum_abs(Approx.bounded(new_v, new_r).error(), Approx.bounded(old_v, old_r).error(), step)
            error = sum_abs(error, step_error, total)

        def pairs():
            return [_pair(changed[i] if i in changed else self.counts[i].tolist()) for i in self.leaves(big)]
        return (total, rel_of_abs(total, error)), pairs

    def result(self, tree: Tree, root: int) -> Tree:
        """The pruned and raised tree from ``root`` (pre-order, the data's counts, the surviving
        splits' tests)."""
        import numpy as np
        walk, stack = [], [root]
        while stack:
            i = stack.pop()
            walk.append(i)
            stack.extend(reversed(self.kids(i)))
        order = np.array(walk)
        new_id = np.empty(len(self.arity), dtype=np.int64)
        new_id[order] = np.arange(len(order))
        offsets = np.zeros(len(order) + 1, dtype=np.int64)
        np.cumsum(self.arity[order], out=offsets[1:])
        indices = np.array([new_id[k] for i in order.tolist() for k in self.kids(i)], dtype=np.int64)
        split = self.arity[order] > 0
        routing: tuple
        if not self.nominal[order[split]].any():        # binary: scikit-learn's arrays name the splits
            routing = ("sklearn", np.where(split, self.feature[order], -2), self.threshold[order])
        else:
            assert self.nodes is not None                 # read by _read_node_tests for nominal splits
            nodes = [self.nodes[i] if s else None for i, s in zip(order.tolist(), split.tolist())]
            routing = ("nodes", *([getattr(n, key, None) for n in nodes] for key in ("split", "feature", "threshold")))
        arrays = CountArrays(self.counts[order], offsets, indices)
        return Tree.from_arrays(arrays, tree.class_names, tree.feature_names, routing)


def ebp_prune(tree: Tree, *, cf: Any = "1/4", variant: str = "c45", raising: bool = False,
              X: Any = None, y: Any = None) -> EBPResult:
    """C4.5's error-based pruning (Quinlan 1993 ch 4; C4.5 R8 ``prune.c``; J48).

    Bottom-up: a node becomes a leaf iff E_leaf <= E_tree + 0.1 and (with subtree
    raising) E_leaf <= E_branch + 0.1; otherwise, with raising, the largest branch
    replaces the node iff E_branch <= E_tree + 0.1, all the node's examples are
    passed down it and it is pruned again.  E is the sum over leaves of e + extra
    errors (:func:`ebp_extra_errors`).  Raising needs the training data (``X``,
    ``y`` with ``y`` as class indices 0..J-1) and a test at every split (binary
    ``x[feature] <= threshold``, or nominal: a feature and no threshold, child k for
    ``x[feature] == k``; :class:`_Raising`); without it only the counts are used.

    Raising follows both programs' sources, which agree on every rule (``variant`` only
    selects the extra errors):

    * E_branch: every example of the node is passed down the largest branch and each leaf's
      errors are counted against the **majority of its new counts** (C4.5 R8 ``prune.c``:
      ``EstimateErrors(T->Branch[MaxBr], Fp, Lp, -1000, false)`` recomputes ``BestClass``
      from ``LocalClassDist``; J48: ``getEstimatedErrorsForBranch`` ends in
      ``getEstimatedErrorsForDistribution(new Distribution(data))``, whose ``numIncorrect``
      is the total less the largest class count).
    * The largest branch is the **last** of equally large ones (C4.5: ``if ( Factor >=
      MaxFactor ) MaxBr = v``; J48: ``Distribution.maxBag`` with ``Utils.grOrEq``).
    * Multi-way (nominal) splits are raised like binary ones (both loop over all branches).

    The comparisons are exact here; C4.5 compares floats and J48 with a 1e-6 tolerance
    (``Utils.smOrEq``).  A relabelled leaf's label is the first majority class of its counts
    (J48's ``Distribution.maxClass``; C4.5 keeps the old label on a tie, which leaves the count
    tree and every estimate unchanged).

    Over the count arrays: without raising, level by level from the deepest
    (:meth:`_EBP.run_counts`); with raising, node by node over the current structure.
    The result of raising is a new tree (its nodes named by their new positions).  Called as
    every pruner (:mod:`exactprune.pruning`): the tree, then the options keyword-only.

    Parameters
    ----------
    tree : Tree
        The tree to prune (whole-number counts); the input is untouched.
    cf : exact number, default 1/4
        The confidence level of the binomial upper limit (C4.5's ``-c 25``).
    variant : {"c45", "weka"}, default "c45"
        Whose extra errors: C4.5 R8's or J48's (:func:`ebp_extra_errors`).
    raising : bool, default False
        Subtree raising (needs ``X`` and ``y``).
    X, y : arrays, optional
        The training examples and their class indices 0..J-1, for raising.

    Returns
    -------
    EBPResult
        A :class:`~exactprune.pruning.Pruning` (``k`` None): the pruned ``tree``, ``pruned``
        (sorted), ``kept_splits``, ``routes``, and ``moment`` = ``estimate``, the result's
        estimated errors (a float, as the programs compute it); with the names ``raised``.

    See Also
    --------
    ebp_extra_errors : the certified leaf estimate compared.
    exactprune.peers.mep.mep_prune : the other estimate-based peer (Laplace errors).

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> r = ebp_prune(iris_tree())
    >>> r.tree.n_leaves, r.pruned       # EBP keeps the small leaves (it under-prunes, Zhong 6.4.2)
    (7, ['c22'])
    """
    import numpy as np
    tree = as_tree(tree)
    if variant not in ("c45", "weka"):
        raise ValueError(f"variant must be 'c45' or 'weka', got {variant!r}")
    require_integer_counts(tree.arrays(), "EBP", "its float filter's bounds and the binomial limits "
                           "(ebp_extra_errors) are derived for whole-number counts")
    machine = _EBP(cf, variant, tree.n_classes)
    if not raising:
        kept, estimate = machine.run_counts(tree.arrays())
        return EBPResult(tree, kept, machine.decider.routes, estimate, sorted(tree.pruned_names(kept)))
    if X is None or y is None:
        raise ValueError("subtree raising needs the training data X and y")
    X, y = np.asarray(X), np.asarray(y)
    a = tree.arrays()
    n = int(a.sizes[0])
    if len(X) != n or len(y) != n:
        raise ValueError(f"X and y must hold the tree's {n} training examples")
    state = _Raising(machine, tree, X, y)
    root = state.run(0, np.arange(n))
    kept = (a.n_children > 0) & np.isin(np.arange(a.n_nodes), state.pruned, invert=True)
    return EBPResult(tree, kept, machine.decider.routes, float(state.est_v[root]),
                     sorted(tree.pruned_names(kept)), a.names_of(state.raised), state.result(tree, root))


def _last_largest(sizes: list) -> int:
    """The position of the last of the largest ``sizes`` (C4.5 R8 ``prune.c``: ``if ( Factor >=
    MaxFactor ) MaxBr = v``; J48 ``Distribution.maxBag``: ``Utils.grOrEq``).

    >>> _last_largest([3, 5, 2, 5, 1])
    3
    """
    return len(sizes) - 1 - sizes[::-1].index(max(sizes))


def _pair(counts) -> tuple:
    """(n, e) of a leaf with these class counts, its errors counted against the majority."""
    n = sum(counts)
    return (n, n - max(counts))


def _leaf_pairs(a, kept, nodes: list) -> list:
    """The leaf pairs (n, e) of the pruned subtrees at ``nodes`` (a split is open iff ``kept``)."""
    out, stack = [], list(reversed(nodes))
    while stack:
        i = stack.pop()
        if kept[i]:
            stack.extend(reversed(a.children_of(i)))
        else:
            out.append(_pair(a.counts[i].tolist()))
    return out


def _total(parts: list) -> tuple:
    """(float sum, relative bound) of non-negative (value, relative bound) parts: the plain float
    sum, its bound certify's sum rule (:func:`~exactprune.certify.total`; infinite when a part
    or the sum is not vouched for)."""
    value = sum(v for v, _ in parts)
    image = total(Approx.bounded(v, r) for v, r in parts)
    return (value, image.rel if image.valid else math.inf)


_approx_of = functools.lru_cache(maxsize=16)(Approx.of)
