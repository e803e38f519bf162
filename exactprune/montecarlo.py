"""Seeded Monte Carlo samplers used by the statistical checks (Zhong Thm 4.1, Cor 4.2).

The model of Zhong ch. 3-4: given the training counts, the class probabilities of each leaf
follow the Dirichlet posterior Dir(n_{j,l} + lam) (3.18), the child probabilities of each
decision node follow Dir(n_c + eta) (the Lidstone law behind 4.11), and an input X reaching a
decision node goes to exactly one child (Determinacy).  The error rate of the tree for X is
r = 1 - P[C_Label(l)|A_l] of the leaf l that receives X (4.29 with the "J-1" numerator).

:func:`simulate_knorm` draws (P, X) jointly and returns the sample mean of r^k with its
standard error, to be compared with the exact E[r^k] of (4.28)-(4.29).  Two deliberately
wrong variants show that the check can fail:

* ``routing="soft"``: X is split between the children with random weights w
  (P[A_c|A_d, X] in (0, 1), violating Determinacy), so r_d = sum_c w_c r_c;
* ``coupling="sorted"``: per draw, the child probabilities are reassigned so that the child
  with the larger error gets the larger probability (r_c and P[A_c|A_d] dependent,
  violating the independence assumption of Cor 4.2).

Every sampler takes an explicit integer ``seed`` (numpy ``default_rng``): a failing check
prints its seed and reruns identically.

>>> from exactprune.tree import Tree
>>> t = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
>>> est = simulate_knorm(t.root, 1, "1/2", "1/2", samples=20000, seed=1)
>>> abs(est.mean - 691 / 79200) < 5 * est.stderr      # Zhong (4.25): 0.0087247
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .numbers import exact
from .tree import Node, majority_class

__all__ = ["MCEstimate", "simulate_knorm", "sample_leaf_errors", "sample_child_probabilities"]


@dataclass(frozen=True)
class MCEstimate:
    """Sample mean of r^k, its standard error (sample sd / sqrt(n)), the sample size and seed.

    Parameters
    ----------
    mean : float
        The sample mean of r^k.
    stderr : float
        Its standard error, sample sd / sqrt(samples).
    samples : int
        The number of draws.
    seed : int
        The seed of the draws (printed by a failing check).

    See Also
    --------
    simulate_knorm : returns it.

    Examples
    --------
    The result of :func:`simulate_knorm`; judge agreement with an exact value in standard errors:

    >>> est = MCEstimate(mean=0.31, stderr=0.004, samples=20000, seed=0)
    >>> round(abs(est.mean - 0.3) / est.stderr, 6)
    2.5
    """

    mean: float
    stderr: float
    samples: int
    seed: int


def _dirichlet_draws(sizes, prior, name: str, samples: int, rng: np.random.Generator) -> np.ndarray:
    """``samples`` draws of Dir(sizes + prior) by normalised gammas, shape (samples, len(sizes));
    a zero shape gives the component 0, an all-zero row stays 0."""
    prior_f = float(exact(prior, name))
    shapes = [size + prior_f for size in sizes]
    gammas = np.stack([rng.gamma(s, size=samples) if s > 0 else np.zeros(samples) for s in shapes], axis=1)
    total = gammas.sum(axis=1, keepdims=True)
    total[total == 0] = 1.0
    return gammas / total


def sample_leaf_errors(counts, lam, samples: int, rng: np.random.Generator) -> np.ndarray:
    """Draws of r_l = 1 - P[C_Label(l)|A_l] with (p_1..p_J) ~ Dir(n_j + lam) (Zhong 3.18).

    Parameters
    ----------
    counts : sequence of int
        The leaf's class counts n_j.
    lam : exact number
        Lidstone's lam (the Dirichlet prior).
    samples : int
        The number of draws.
    rng : numpy.random.Generator
        The source of randomness (seeded by the caller).

    Returns
    -------
    numpy.ndarray
        ``samples`` float draws of r_l, each in [0, 1].

    See Also
    --------
    exactprune.knorm.leaf_moment : the exact E[r_l^k] (4.29).
    exactprune.knorm.leaf_moment_arb : its certified ball.

    Examples
    --------
    For counts (3, 1) and lam = 1/2 the label is class 0 and r_l ~ Beta(1.5, 3.5), mean
    1.5 / 5 = 0.3 (4.29 at k = 1); the sample mean is within 4 standard errors of it:

    >>> from fractions import Fraction
    >>> draws = sample_leaf_errors((3, 1), Fraction(1, 2), 20000, np.random.default_rng(1))
    >>> bool(abs(draws.mean() - 0.3) < 4 * draws.std() / np.sqrt(draws.size)), bool(((0 <= draws) & (draws <= 1)).all())
    (True, True)
    """
    return 1.0 - _dirichlet_draws(counts, lam, "lam", samples, rng)[:, majority_class(counts)]


def sample_child_probabilities(node: Node, eta, samples: int, rng: np.random.Generator) -> np.ndarray:
    """Draws of (P[A_c|A_d])_c ~ Dir(n_c + eta), the posterior behind (4.11); shape (samples, K).

    Parameters
    ----------
    node : Node
        A decision node (its children's sizes n_c).
    eta : exact number
        The prior eta of the child probabilities.
    samples : int
        The number of draws.
    rng : numpy.random.Generator
        The source of randomness (seeded by the caller).

    Returns
    -------
    numpy.ndarray
        Shape (samples, K): each row a draw of the K child probabilities, summing to 1.

    See Also
    --------
    exactprune.knorm.child_weight : the exact posterior mean (4.11).

    Examples
    --------
    Children of 3 and 1 examples, eta = 1/2: the mean is (4.11)'s weights (3.5/5, 1.5/5) =
    (0.7, 0.3); every draw sums to 1.

    >>> from fractions import Fraction
    >>> node = Node((3, 1), [Node((3, 0)), Node((0, 1))])
    >>> draws = sample_child_probabilities(node, Fraction(1, 2), 20000, np.random.default_rng(2))
    >>> draws.shape, bool(np.allclose(draws.sum(axis=1), 1.0))
    ((20000, 2), True)
    >>> se = draws[:, 0].std() / np.sqrt(20000)
    >>> bool(abs(draws[:, 0].mean() - 0.7) < 4 * se)
    True
    """
    return _dirichlet_draws([child.n for child in node.children], eta, "eta", samples, rng)


def _categorical(probabilities: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    cumulative = np.cumsum(probabilities, axis=1)
    u = rng.random((probabilities.shape[0], 1)) * cumulative[:, -1:]
    return np.minimum((u > cumulative).sum(axis=1), probabilities.shape[1] - 1)


def _simulate(node: Node, k: int, lam, eta, samples: int, rng, routing: str, coupling: str):
    """Per-draw error rate r of ``node`` for the routed input (hard) or mixed input (soft)."""
    if node.is_leaf:
        return sample_leaf_errors(node.counts, lam, samples, rng)
    child_r = np.stack([_simulate(c, k, lam, eta, samples, rng, routing, coupling) for c in node.children], axis=1)
    probabilities = sample_child_probabilities(node, eta, samples, rng)
    if coupling == "sorted":
        # larger error <- larger probability, per draw (dependence between r_c and P[A_c|A_d])
        order_r = np.argsort(child_r, axis=1)
        sorted_p = np.sort(probabilities, axis=1)
        coupled = np.empty_like(probabilities)
        np.put_along_axis(coupled, order_r, sorted_p, axis=1)
        probabilities = coupled
    if routing == "hard":
        chosen = _categorical(probabilities, rng)
        return child_r[np.arange(samples), chosen]
    if routing == "soft":
        # P[A_c|A_d, X] = w_c(X) in (0, 1) with E_X[w] = P: X is shared between children
        alpha = 2.0 * probabilities + 1e-9
        w = rng.gamma(alpha)
        w /= w.sum(axis=1, keepdims=True)
        return (w * child_r).sum(axis=1)
    raise ValueError(f"routing must be 'hard' or 'soft', got {routing!r}")


#: draws per work unit of :func:`simulate_knorm`: a constant, so that a run's digits depend on its
#: seed and sample size only, never on the number of workers
MC_CHUNK = 20_000


def _chunk_sums(seed: int, size: int, node: Node, k: int, lam, eta, routing: str, coupling: str) -> tuple:
    """One work unit: (sum of r^k, sum of r^2k) over ``size`` draws from ``default_rng(seed)``."""
    values = _simulate(node, k, lam, eta, size, np.random.default_rng(seed), routing, coupling) ** k
    return float(values.sum()), float((values * values).sum())


def simulate_knorm(node: Node, k: int, lam, eta, samples: int = 20000, seed: int = 0,
                   routing: str = "hard", coupling: str = "independent", jobs: int = 1) -> MCEstimate:
    """Monte Carlo estimate of E[r^k] for the subtree at ``node`` under Zhong's model
    (Thm 4.1 / Cor 4.2), drawing P from the posterior and routing X (see module doc).

    Up to :data:`MC_CHUNK` draws come from ``default_rng(seed)`` in this process; a larger run
    is split into chunks of :data:`MC_CHUNK` draws, each with its own seed derived from ``seed``
    (:func:`exactprune.parallel.chunked_monte_carlo`), run on ``jobs`` workers (or a Dask
    cluster) with the same result whatever the workers.

    Parameters
    ----------
    node : Node
        The root of the subtree.
    k : int
        The moment's order.
    lam : exact number
        Lidstone's lam of the leaves' class probabilities.
    eta : exact number
        The prior eta of the child probabilities.
    samples : int
        The number of draws.
    seed : int
        The seed (``default_rng(seed)``, or the root of the chunks' seeds).
    routing : {"hard", "soft"}
        X goes to one child (Zhong's Determinacy) or is split (a deliberately wrong model).
    coupling : {"independent", "sorted"}
        Independent child probabilities, or coupled to the errors (deliberately wrong).
    jobs : int
        Workers for a run of more than :data:`MC_CHUNK` draws.

    Returns
    -------
    MCEstimate
        The sample mean of r^k with its standard error, the sample size and the seed.

    See Also
    --------
    exactprune.knorm.subtree_moment : the exact E[r^k] (4.28)-(4.29).
    exactprune.knorm.subtree_moment_arb : its certified ball.

    Examples
    --------
    A root (3, 1) split into (3, 0) and (0, 1), lam = eta = 1/2: by (4.28)-(4.29) E[r] =
    (7/10)(1/8) + (3/10)(1/4) = 13/80 = 0.1625 (the leaves' (0 + 1/2) / (3 + 1) and
    (0 + 1/2) / (1 + 1), weighted (3 + 1/2) / 5 and (1 + 1/2) / 5); the estimate is within
    4 standard errors of it:

    >>> from fractions import Fraction
    >>> node = Node((3, 1), [Node((3, 0)), Node((0, 1))])
    >>> est = simulate_knorm(node, 1, Fraction(1, 2), Fraction(1, 2), samples=20000, seed=3)
    >>> est.samples, est.seed, bool(abs(est.mean - 0.1625) < 4 * est.stderr)
    (20000, 3, True)
    """
    if coupling not in ("independent", "sorted"):
        raise ValueError(f"coupling must be 'independent' or 'sorted', got {coupling!r}")
    if samples > MC_CHUNK:
        from .parallel import chunked_monte_carlo
        parts = chunked_monte_carlo(_chunk_sums, samples, seed, chunk=MC_CHUNK,
                                    args=(node, k, lam, eta, routing, coupling), jobs=jobs, label="Monte Carlo")
        total, squares = sum(p[0] for p in parts), sum(p[1] for p in parts)
        mean = total / samples
        sd = math.sqrt(max(squares - samples * mean * mean, 0.0) / (samples - 1))
        return MCEstimate(mean, sd / math.sqrt(samples), samples, seed)
    rng = np.random.default_rng(seed)
    values = _simulate(node, k, lam, eta, samples, rng, routing, coupling) ** k
    mean = float(values.mean())
    sd = float(values.std(ddof=1)) if samples > 1 else 0.0
    return MCEstimate(mean, sd / math.sqrt(samples), samples, seed)
