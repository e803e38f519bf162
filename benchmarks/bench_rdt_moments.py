"""Wall time of the exact E[GE], E[GE^2] (node recursion) for DD's N = 100 grid, and a timing figure.

Run from the repository root:  python3 benchmarks/bench_rdt_moments.py [--quick]

For d = 5 binary, d = 5 ternary and d = 8 binary attributes (class carried by attribute 0 with
strength 3/5, rho = 0.36) and for fixed height (h = 3), purity and scarcity (pb = N/10), times
:func:`exactprune.rdt.exact_moments` at N = 25, 50, 100 on one core, plus d = 5 binary on a
distribution with no symmetry (random cell weights) where nodes cannot be shared.  Writes
benchmarks/results/rdt_moments_timing.csv, .md and .png.
"""
from __future__ import annotations

import csv
import itertools
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from exactprune.rdt import Criterion, Distribution, correlated_distribution, exact_moments  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


def generic_distribution(arities, seed=0) -> Distribution:
    """Cell weights 1..9 drawn once (seeded): no two attributes exchangeable."""
    cells = list(itertools.product(*(range(a) for a in arities), range(2)))
    w = np.random.default_rng(seed).integers(1, 10, len(cells))
    return Distribution(arities, 2, {c: Fraction(int(x), int(w.sum())) for c, x in zip(cells, w)})


def main(quick: bool) -> None:
    settings = [("d=5 binary", correlated_distribution([2] * 5, "3/5")),
                ("d=5 ternary", correlated_distribution([3] * 5, "3/5")),
                ("d=8 binary", correlated_distribution([2] * 8, "3/5")),
                ("d=5 binary, random cells", generic_distribution([2] * 5))]
    sizes = (25, 100) if quick else (25, 50, 100)
    rows = []
    for (name, dist), N in itertools.product(settings, sizes):
        for crit in (Criterion(height=3), Criterion(purity=True), Criterion(pb=N // 10)):
            start = time.perf_counter()
            m = exact_moments(dist, N, crit)
            seconds = time.perf_counter() - start
            rows.append({"setting": name, "N": N, "criterion": str(crit), "seconds": round(seconds, 3),
                         "E_GE": f"{float(m['E1']):.10f}", "sd_GE": f"{float(m['var']) ** 0.5:.10f}"})
            print(f"{name:26s} N={N:4d} {str(crit):16s} {seconds:7.2f} s  E[GE] = {rows[-1]['E_GE']}  "
                  f"sd = {rows[-1]['sd_GE']}", flush=True)
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "rdt_moments_timing.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with open(RESULTS / "rdt_moments_timing.md", "w") as fh:
        fh.write("# Exact E[GE], E[GE^2] of random decision trees: wall time (one core)\n\n"
                 "`python3 benchmarks/bench_rdt_moments.py`; class carried by attribute 0 with strength 3/5 "
                 "(rho = 0.36) unless 'random cells'.\n\n| setting | N | criterion | seconds | E[GE] | sd(GE) |\n"
                 "|---|---|---|---|---|---|\n")
        for r in rows:
            fh.write(f"| {r['setting']} | {r['N']} | {r['criterion']} | {r['seconds']} | {r['E_GE']} | {r['sd_GE']} |\n")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.5), sharey=True)
    for ax, kind in zip(axes, ("fixed", "purity", "scarcity")):
        for name, _ in settings:
            pts = [(r["N"], r["seconds"]) for r in rows if r["setting"] == name and r["criterion"].startswith(kind)]
            ax.plot(*zip(*pts), marker="o", label=name)
        ax.set_title(kind)
        ax.set_xlabel("N")
        ax.set_yscale("log")
    axes[0].set_ylabel("seconds, exact E[GE] and E[GE^2]")
    axes[-1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(RESULTS / "rdt_moments_timing.png", dpi=110)


if __name__ == "__main__":
    main("--quick" in sys.argv)
