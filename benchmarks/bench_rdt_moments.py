"""Wall time of the exact E[GE], E[GE^2] (node recursion) for DD's N = 100 grid, and a timing figure.

Run from the repository root:  python3 benchmarks/bench_rdt_moments.py [--quick] [--out benchmarks/results]
                               python3 benchmarks/bench_rdt_moments.py --replot --out benchmarks/results

For d = 5 binary, d = 5 ternary and d = 8 binary attributes (class carried by attribute 0 with
strength 3/5, rho = 0.36) and for fixed height (h = 3), purity and scarcity (pb = N/10), times
:func:`exactprune.rdt.exact_moments` at N = 25, 50, 100 on one core, plus d = 5 binary on a
distribution with no symmetry (random cell weights) where nodes cannot be shared.  Writes
OUT/rdt_moments_timing.csv, .md and .png (nothing without ``--out``); ``--replot`` redraws the figure
from the committed CSV.
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


SETTINGS = ("d=5 binary", "d=5 ternary", "d=8 binary", "d=5 binary, random cells")


def plot(rows: list, out: Path) -> Path:
    """The timing figure of ``rows`` (dicts with setting, N, criterion, seconds) into ``out``: one panel per
    stopping rule, one marker and line style per setting."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    styles = dict(zip(SETTINGS, (("o", "-"), ("s", "--"), ("^", "-."), ("D", ":"))))
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.5), sharey=True)
    for ax, kind in zip(axes, ("fixed", "purity", "scarcity")):
        for name in SETTINGS:
            pts = [(int(r["N"]), float(r["seconds"])) for r in rows
                   if r["setting"] == name and r["criterion"].startswith(kind)]
            marker, line = styles[name]
            ax.plot(*zip(*pts), marker=marker, linestyle=line, label=name)
        ax.set_title(kind)
        ax.set_xlabel("N")
        ax.set_yscale("log")
        ax.grid(True, which="major", alpha=0.3)
    axes[0].set_ylabel("seconds, exact E[GE] and E[GE^2]")
    axes[-1].legend(fontsize=7)
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / "rdt_moments_timing.png", dpi=110)
    plt.close(fig)
    return out / "rdt_moments_timing.png"


def main(argv: list) -> None:
    out = Path(argv[argv.index("--out") + 1]) if "--out" in argv else None
    if "--replot" in argv:
        if out is None:
            raise SystemExit("--replot writes the figure: give --out (e.g. --out benchmarks/results)")
        with open(RESULTS / "rdt_moments_timing.csv", newline="") as fh:
            plot(list(csv.DictReader(fh)), out)
        return
    quick = "--quick" in argv
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
    if out is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "rdt_moments_timing.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with open(out / "rdt_moments_timing.md", "w") as fh:
        fh.write("# Exact E[GE], E[GE^2] of random decision trees: wall time (one core)\n\n"
                 "`python3 benchmarks/bench_rdt_moments.py`; class carried by attribute 0 with strength 3/5 "
                 "(rho = 0.36) unless 'random cells'.\n\n| setting | N | criterion | seconds | E[GE] | sd(GE) |\n"
                 "|---|---|---|---|---|---|\n")
        for r in rows:
            fh.write(f"| {r['setting']} | {r['N']} | {r['criterion']} | {r['seconds']} | {r['E_GE']} | {r['sd_GE']} |\n")
    plot(rows, out)


if __name__ == "__main__":
    main(sys.argv[1:])
