"""k-norm error moments of leaves and subtrees, and PruneTree (Zhong chapter 4): the formulas in
:mod:`~exactprune.knorm.moments`, the PruneTree engine in :mod:`~exactprune.knorm.prunetree`; every
public name is importable from ``exactprune.knorm``; the error estimates (4.12)-(4.14), (4.30) in
:mod:`~exactprune.knorm.estimates`.

* Leaf (4.29): E[r_l^k] = prod_{i<k} (b_l + c lam + i) / (n_l + J lam + i), with
  b_l = n_l - max_j n_{j,l} the training errors and c = J - 1 (Zhong's printed
  form, ``numerator="J-1"``) or c = 1 (``numerator="1"``, the convention under
  which the printed Figure B.1 breakpoint is reproduced; see errata).
* Subtree (4.28): E[r_d^k] = sum_c E[r_c^k] P*[A_c|A_d], with the child weights
  (4.11) P*[A_c|A_d] = (n_c + eta) / (n_d + eta K_d).
* Mean, variance and standard deviation (4.12)-(4.14); the k-norm E[r^k]^(1/k)
  (:func:`~exactprune.formatting.knorm_decimal`).
* PruneTree (Fig 4.1): bottom-up, keep a split iff R_tree < R_leaf - epsilon; many k: prune_many.
* The prediction error of an input (4.30): the leaf moments of its leaf.

Exactness.  Moments are exact Fractions up to ``EXACT_K_LIMIT``; beyond it
(k in the millions) :func:`moment` returns a certified ``flint.arb`` ball built
from certified lgamma (the Gamma extension (C.26), which also gives moments at
real k).  PruneTree decides every comparison exactly: a float64 filter with a
rigorous relative error bound settles clear cases, and only comparisons too
close to call fall back to exact rationals (``flint.fmpq``) - the robust
geometric-predicate pattern.  The number of fallbacks is reported.

Counts.  The class counts n_j are non-negative integers or exact rationals (Fractions: weighted
counts, sums of row weights); the moments (4.28)-(4.30) are those of a Dirichlet posterior with
parameters n_j + lam and hold for any n_j >= 0.  The float filter's bounds assume integer counts
(exact floats below 2**53), so PruneTree decides rational counts by exact rationals alone (arb
above ``EXACT_K_LIMIT``).
"""
from __future__ import annotations

from ..formatting import knorm_decimal, sqrt_decimal
from .estimates import ErrorEstimate, error_estimate, leaf_error, prediction_error
from .moments import (EXACT_K_LIMIT, GAMMA_IMAGE_FROM, Prior, child_weight, child_weights, leaf_moment, leaf_moment_arb, leaf_moment_floats,
                      leaf_moment_terms, leaf_terms, moment, posterior_prior, subtree_moment, subtree_moment_arb,
                      tree_child_weights, weighted_recursion, zero_weight_refusal)
from .prunetree import PruneResult, prune, prune_many

__all__ = ["Prior", "EXACT_K_LIMIT", "GAMMA_IMAGE_FROM", "leaf_terms", "leaf_moment_terms", "leaf_moment_floats", "leaf_moment",
           "leaf_moment_arb", "child_weights", "child_weight", "tree_child_weights", "zero_weight_refusal",
           "weighted_recursion", "moment", "subtree_moment", "subtree_moment_arb", "ErrorEstimate", "error_estimate",
           "leaf_error", "PruneResult", "prune", "prune_many", "prediction_error", "posterior_prior", "sqrt_decimal",
           "knorm_decimal"]
