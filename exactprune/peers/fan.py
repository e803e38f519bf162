"""Fan's error estimate (Fan, ICML 2016, eqs (13)-(14)) with Haldane, Jeffreys and Bayes
priors, next to the exact Dirichlet posterior variance it should be compared with.

Fan (13) gives, for class y of a leaf (cell) with counts k of n and M classes under a
symmetric prior n_s, the posterior mean (k + n_s)/(n + M n_s) (Lidstone's estimate,
:func:`exactprune.classprob.lidstone_estimate`), the variance mean (1 - mean)/(1 + n) and the
squared bias (mean - k/n)^2; (14) sums sqrt(Var + Bias^2) over classes and leaves, weighted
by the leaf's share of the examples, on top of the training error rate.  The exact posterior
variance is Zhong's (7.21) (:func:`exactprune.classprob.error_moment_closed` with k = 2);
Fan's variance agrees with it only for the Haldane prior (erratum ``fan-13-variance``).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import flint

from ..classprob import error_moment_closed, lidstone_estimate
from ..numbers import arb_of, exact
from ..tree import Tree, as_tree

__all__ = ["fan_moments", "fan_estimate", "FAN_PRIORS"]

_PREC = 200  # bits for the certified estimate

#: Fan's n_s: Haldane 0, Jeffreys 1/2, Bayes 1
FAN_PRIORS = {"haldane": Fraction(0), "jeffreys": Fraction(1, 2), "bayes": Fraction(1)}


def _ns(prior) -> Fraction:
    if isinstance(prior, str) and prior.lower() in FAN_PRIORS:
        return FAN_PRIORS[prior.lower()]
    return exact(prior, "prior")


def fan_moments(counts: Sequence[int], y: int, prior="jeffreys") -> dict:
    """Fan (13) for class ``y`` of a cell with ``counts``: the mean (k + n_s)/(n + M n_s),
    Fan's variance mean (1 - mean)/(1 + n), the squared bias (mean - k/n)^2, and the exact
    Dirichlet posterior variance (Zhong 7.21, from :mod:`exactprune.classprob`), all exact.
    Fan's variance equals the exact one only for the Haldane prior (n_s = 0).

    Parameters
    ----------
    counts : sequence of int
        The cell's class counts (n > 0).
    y : int
        The class index.
    prior : {"haldane", "jeffreys", "bayes"} or exact number
        Fan's n_s: 0, 1/2, 1, or the number itself.

    Returns
    -------
    dict
        ``mean``, ``var_fan``, ``bias2`` and ``var_exact``, each a Fraction.

    See Also
    --------
    exactprune.classprob.error_moment_closed : the exact posterior moment used as ``var_exact``.
    exactprune.classprob.lidstone_estimate : the mean.
    fan_estimate : the tree-level certified estimate built from these.

    Examples
    --------
    >>> m = fan_moments((3, 1), 0, "jeffreys")
    >>> m["mean"], m["var_fan"], m["var_exact"]
    (Fraction(7, 10), Fraction(21, 500), Fraction(7, 200))
    """
    ns = _ns(prior)
    n = sum(counts)
    if n == 0:
        raise ValueError("fan_moments: an empty cell (n = 0) has no bias term k/n in Fan (13)")
    mean = lidstone_estimate(counts, y, ns)
    return {"mean": mean, "var_fan": mean * (1 - mean) / (1 + n), "bias2": (mean - Fraction(counts[y], n)) ** 2,
            "var_exact": error_moment_closed(counts, y, 2, ns)}


def fan_estimate(tree: Tree, prior="jeffreys", variance: str = "fan") -> flint.arb:
    """Fan (14): training error rate + sum_y sum_i sqrt(Var + Bias^2) f(A_i) over the
    leaves A_i, f(A_i) = n_i / n; ``variance="exact"`` uses the exact Dirichlet
    posterior variance instead of Fan's (13).  Certified arb result.  Empty leaves
    contribute nothing (f = 0).

    Parameters
    ----------
    tree : Tree
        The tree (its leaves' training counts).
    prior : {"haldane", "jeffreys", "bayes"} or exact number
        Fan's n_s (:func:`fan_moments`).
    variance : {"fan", "exact"}
        Fan's variance (13) or the exact Dirichlet posterior variance.

    Returns
    -------
    flint.arb
        The estimate as a certified ball.

    See Also
    --------
    fan_moments : the exact per-cell terms.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> e = fan_estimate(iris_tree()); 0.05 < float(e.mid()) < 0.2
    True
    """
    tree = as_tree(tree)
    if variance not in ("fan", "exact"):
        raise ValueError(f"variance must be 'fan' or 'exact', got {variance!r}")
    N = tree.root.n
    train = Fraction(sum(l.errors for l in tree.leaves()), N)
    with flint.ctx.workprec(max(flint.ctx.prec, _PREC)):
        total = arb_of(train)
        for leaf in tree.leaves():
            if leaf.n == 0:
                continue
            f = Fraction(leaf.n, N)
            for yc in range(tree.n_classes):
                mo = fan_moments(leaf.counts, yc, prior)
                var = mo["var_fan"] if variance == "fan" else mo["var_exact"]
                total += arb_of(f) * arb_of(var + mo["bias2"]).sqrt()
        return total
