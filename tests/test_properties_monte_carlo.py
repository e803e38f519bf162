"""Cross-module property: the exact subtree moments of exactprune.knorm (Zhong Thm 4.1, Cor 4.2)
agree with a simulation of the posterior model (numpy Dirichlet draws), and the check can fail."""
from __future__ import annotations


import numpy as np
import pytest

from exactprune import Prior
from exactprune.knorm import leaf_moment, subtree_moment
from exactprune.tree import iris_tree

MC_SIGMAS = 5  # Monte Carlo tolerance, in standard errors

def _route_monte_carlo(tree, k, seed, draws=20000):
    """Thm 4.1 / Cor 4.2 by simulation: draw child proportions and class probabilities from their
    posteriors, average the leaf error^k over the child proportions along the paths."""
    rng = np.random.default_rng(seed)
    prior = Prior()
    lam, eta = float(prior.lam), float(prior.eta)
    total = np.zeros(draws)

    def visit(node, weight):
        nonlocal total
        if node.is_leaf:
            probs = rng.dirichlet([c + lam for c in node.counts], size=draws)
            label = node.label
            total += weight * (1 - probs[:, label]) ** k
            return
        props = rng.dirichlet([c.n + eta for c in node.children], size=draws)
        for i, child in enumerate(node.children):
            visit(child, weight * props[:, i])

    visit(tree.root, np.ones(draws))
    return total.mean(), total.std(ddof=1) / np.sqrt(draws)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_theorem_4_1_recursion_against_monte_carlo(k):
    seed = 4100 + k
    tree = iris_tree()
    mean, se = _route_monte_carlo(tree, k, seed)
    exact_value = float(subtree_moment(tree.root, k, Prior()))
    assert abs(mean - exact_value) <= MC_SIGMAS * se, f"seed {seed}: MC {mean} +- {se} vs exact {exact_value}"


def test_monte_carlo_check_can_fail():
    """The same simulation does not match a wrong recursion (leaf moments without the weights)."""
    tree = iris_tree()
    mean, se = _route_monte_carlo(tree, 2, 77)
    wrong = float(sum(leaf_moment(leaf.counts, 2) for leaf in tree.leaves()) / tree.n_leaves)
    assert abs(mean - wrong) > MC_SIGMAS * se
