"""Random exact distributions over a small contingency table, for the random-decision-tree tests."""
from __future__ import annotations

import itertools
from fractions import Fraction

from exactprune.rdt import Distribution


def random_distribution(rng, arities, k=2) -> Distribution:
    """Cell weights drawn from 0..3 by the numpy generator ``rng`` (first cell >= 1), normalised."""
    cells = list(itertools.product(*(range(a) for a in arities), range(k)))
    w = [int(x) for x in rng.integers(0, 4, len(cells))]
    w[0] += 1
    return Distribution(arities, k, {c: Fraction(x, sum(w)) for c, x in zip(cells, w)})
