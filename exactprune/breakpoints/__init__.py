"""A split's F_d(k) = R_leaf(d, k) - R(T_d, k) (Zhong 5.1.2, Thm 5.3): its certified sign, its exact
integer breakpoint and its certified real crossing.

F_d(k) > 0 exactly when PruneTree (epsilon = 0) keeps the split d with its subtree T_d as it
stands at order k; Thm 5.3 says F_d changes sign once as k grows.  :class:`SubtreeForm` flattens
T_d to weighted Gamma-ratio terms and settles signs through the decision kernel
(:class:`~exactprune.certify.Decider`: float filter, arb balls, exact rationals; never a bare
float).

How breakpoints are found (:func:`next_breakpoint`): the sign of F_d is evaluated at k = k0+1, then
at doubling k until the split is lost (or from a float guess, galloping away from it), then by
bisection; Thm 5.3 makes "split lost" an up-set
in k, and the found breakpoint is re-verified at b-1 and b.  From 2^53 on, where floats place no
integer, Newton's method in log k on arb balls proposes the breakpoint first (no bound), and the
certified signs at it and below it settle it, or the gallop and bisection go on from it.  Exact integer breakpoints are
searched up to 2**BREAKPOINT_EXACT_BITS (see :mod:`exactprune.limits`); a breakpoint beyond that
is reported as a certified :class:`LogBracket` 2**lower < b <= 2**upper found by doubling and
bisection on log2 k, with arb's certified large-k enclosure of the Gamma ratios
(:func:`~exactprune.numbers.log_rising_ratio_arb`).  Splits satisfying Thm 5.9's condition
(:func:`survives_all_k`) survive every finite k and are not searched.  :func:`float_breakpoints`
guesses the breakpoints of every split of a tree at once in floats, no bound: the sequence
certifies the least of them by PruneTree on both sides, and searches exactly where that fails.
The real crossing
(:func:`real_crossing`) is the real k in [breakpoint - 1, breakpoint] where the subtree moment
equals the leaf moment, moments extended to real k by Gamma functions (C.26).

The sequence built from these is :mod:`exactprune.sequence`.
"""
from __future__ import annotations

from .forms import SubtreeForm, split_kept, survives_all_k
from .search import (Breakpoint, LogBracket, Theorem53Violation, float_breakpoints, next_breakpoint, real_crossing,
                     real_crossings, verify_crossings, verify_single_crossing)

__all__ = ["SubtreeForm", "next_breakpoint", "float_breakpoints", "split_kept", "survives_all_k", "LogBracket", "Breakpoint",
           "Theorem53Violation", "verify_single_crossing", "verify_crossings", "real_crossing", "real_crossings"]
