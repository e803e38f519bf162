"""exactprune.rdt.experiment and distribution_from_csv; the UCI files are used when
EXACTPRUNE_DD_DATA names their directory (skipped otherwise)."""
from __future__ import annotations

import math
import os
from fractions import Fraction

import numpy as np
import pytest

from exactprune.rdt import Criterion, exact_moments
from exactprune.rdt.distributions import distribution_from_csv
from exactprune.rdt.experiment import PAPER_TABLE1, RHOS, comparison_row, criteria_for, grid_units, matched_iterations

DATA = os.environ.get("EXACTPRUNE_DD_DATA")


def test_unit_is_exact_and_reproducible():
    a = comparison_row("synthetic", "d=5 binary", "0.36", "purity", 20, 10, 100, 200, 7)
    b = comparison_row("synthetic", "d=5 binary", "0.36", "purity", 20, 10, 100, 200, 7)
    strip = lambda row: {k: v for k, v in row.items() if not k.startswith("seconds")}   # noqa: E731
    assert strip(a) == strip(b)
    from exactprune.rdt import correlated_distribution
    m = exact_moments(correlated_distribution([2] * 5, "3/5"), 20, Criterion(purity=True))
    assert a["E_GE"] == float(m["E1"]) and a["golden"] == "exact"


def test_rho_strengths_and_paper_table():
    assert {k: float(t * t) for k, t in RHOS.items()} == pytest.approx(
        {"1": 1, "0.36": 0.36, "0.11": 0.11, "0.02": 0.02, "0": 0}, abs=0.002)
    assert len(PAPER_TABLE1) == 18 and all(len(v) == 5 for v in PAPER_TABLE1.values())
    assert str(criteria_for("scarcity", 10000)) == "scarcity(pb=1000)"
    with pytest.raises(ValueError, match="criterion"):
        criteria_for("gini", 100)
    with pytest.raises(ValueError, match="data set"):
        grid_units(data={"iris": "x.csv"})


def test_star_expands_to_every_value(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("a,b,class\n1,*,p\n2,1,q\n1,3,q\n")
    dist, rows = distribution_from_csv(path, continuous=False)
    assert rows == 3 and dist.arities == (2, 2)            # b's values: 1 and 3
    assert dist.prob((0, 0, 0)) == dist.prob((0, 1, 0)) == Fraction(1, 6)


@pytest.mark.skipif(not DATA, reason="EXACTPRUNE_DD_DATA not set")
@pytest.mark.parametrize("name,continuous,rows,first_class", [
    ("pima.csv.gz", True, 768, Fraction(500, 768)),
    ("balloons-yellow-small+adult-stretch.csv.gz", False, 16, Fraction(9, 16)),   # F before T
    ("shuttle-landing-control.csv.gz", False, 15, Fraction(6, 15)),
])
def test_uci_distributions(name, continuous, rows, first_class):
    # row and class counts as documented by UCI; '*' expansion keeps every row's weight
    dist, n = distribution_from_csv(os.path.join(DATA, name), continuous)
    assert n == rows
    import itertools
    cells = itertools.product(*(range(a) for a in dist.arities))
    assert sum(dist.prob(x + (0,)) for x in cells) == first_class


def test_matched_iterations_interval_covers_the_true_ratio():
    """Monte Carlo (seed 3): normal draws with sd_mc / sd_af = 2 at i = 1; the 95% interval covers 2 in
    95% of 2,000 repetitions, within 4 standard errors of a proportion."""
    rng = np.random.default_rng(3)
    hits = 0
    for _ in range(2000):
        af, mc = rng.normal(0, 1, 10), rng.normal(0, 2, 200)
        m = matched_iterations(float(af.std(ddof=1)), 10, float(mc.std(ddof=1)), 200, i=1)
        hits += m["lo"] <= 2 <= m["hi"]
    assert abs(hits / 2000 - 0.95) <= 4 * math.sqrt(0.95 * 0.05 / 2000), f"seed 3: coverage {hits / 2000}"
