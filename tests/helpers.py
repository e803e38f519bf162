"""Helpers shared by the tests: the one ball assertion and the one brute-force best-pruning oracle.

Both are written apart from the code they check: :func:`assert_ball` uses python-flint's own
ball operations only, and :func:`all_pruned_values` weighs children by (4.11) written out here,
not by the package's ``child_weights``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import flint


def assert_ball(ball: flint.arb, exact: Any, max_rad: Any) -> None:
    """``ball`` contains the exact value ``exact`` (a Fraction, int or an arb ball holding an
    exact value) and is narrow: its radius is at most ``max_rad``.  A check of ``overlaps`` or
    ``contains`` alone passes for a ball as wide as the real line.

    >>> assert_ball(flint.arb(1) / 3, Fraction(1, 3), 1e-15)
    >>> assert_ball(flint.arb(0, 1), Fraction(1, 3), 1e-15)
    Traceback (most recent call last):
    AssertionError: the ball [+/- 1.01] is wider than 1e-15
    """
    if isinstance(exact, flint.arb):
        target = exact
    else:
        exact = Fraction(exact)
        target = flint.arb(exact.numerator) / exact.denominator
    if not isinstance(ball, flint.arb):
        raise AssertionError(f"not a ball: {ball!r}")
    if not ball.overlaps(target):
        raise AssertionError(f"the ball {ball} does not hold {exact}")
    if not ball.rad() <= flint.arb(max_rad):
        raise AssertionError(f"the ball {ball} is wider than {max_rad}")


def all_pruned_values(node, leaf_value: Callable[[Any], Any], eta) -> list:
    """The value of every pruning of the subtree at ``node`` (the node itself as a leaf first),
    by brute force: a leaf's value is ``leaf_value(node)``, a kept split's the sum over its
    children c of (n_c + eta) / (n_t + eta K_t) (Zhong (4.11), written out here) times the
    value of a pruning of c; one entry per combination of the children's prunings.

    >>> from exactprune.tree import Node
    >>> t = Node((3, 1), [Node((3, 0)), Node((0, 1))])
    >>> all_pruned_values(t, lambda n: Fraction(n.n - max(n.counts)), Fraction(1, 2))   # 1 error, or 0
    [Fraction(1, 1), Fraction(0, 1)]
    """
    leaf = leaf_value(node)
    if not node.children:
        return [leaf]
    den = node.n + eta * len(node.children)
    options: list = [[]]
    for child in node.children:
        weight = (child.n + eta) / den
        options = [acc + [weight * value] for acc in options for value in all_pruned_values(child, leaf_value, eta)]
    return [leaf] + [sum(option) for option in options]
