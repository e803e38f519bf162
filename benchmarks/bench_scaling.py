"""Zhong Figures 6.2-6.3 style: g2c15 from 512 to 2^K training examples (test set of the same
size), pruning time of CCP (with its 10-fold CV), 2-norm and EBP, and test error and leaves;
log-log figures (scaling_time.png, scaling_leaves.png, scaling_error.png, the error one with
the Bayes error 15% dashed) and the measured rows (scaling.csv) saved to benchmarks/figures/.
Times are experiments.prune_all's (single calls, GC on).  With --repeats R each size is measured
on R independent data sets and the figures show the mean with +- 1 standard error bars; with one
run per size (the default) the figures say so in their titles.  How noisy one run is, measured
over 5 data sets per size (seeds as here): the test error's standard deviation is about 2 points
at 512-1024 examples, 1 point at 2048-4096 and under 0.5 from 8192 on, so smaller differences
between methods in a one-run figure are noise.

Run: python3 benchmarks/bench_scaling.py [--max-log2n 19] [--seed 0] [--repeats 1]
     python3 benchmarks/bench_scaling.py --replot      # redraw the figures from scaling.csv
"""
import argparse
import csv
import time
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import matplotlib.ticker
import numpy as np

from exactprune.experiments import gaussian_data, prune_all

METHODS = ("CCP", "2-norm", "EBP")
OUT = Path(__file__).resolve().parent / "figures"


def measure(max_log2n: int, seed: int, repeats: int) -> list:
    """One CSV row per (size, repeat): n, repeat, full_leaves, seconds_*, leaves_*, error_pct_*."""
    rows = []
    for k in range(9, max_log2n + 1):
        n = 2 ** k
        for rep in range(repeats):
            data_seed = seed + k + 1000 * rep
            X, y = gaussian_data("g2c15", 2 * n, seed=data_seed)
            perm = np.random.default_rng(seed + 1000 * rep).permutation(2 * n)
            tr, te = perm[:n], perm[n:]
            t0 = time.perf_counter()
            r = prune_all(X[tr], y[tr], X[te], y[te], V=10, seed=seed)
            print(n, rep, {m: f"{s:.3g}s" for m, s in r["seconds"].items()}, r["leaves"],
                  {m: f"{100 - a:.2f}%" for m, a in r["accuracy"].items()},
                  f"total {time.perf_counter() - t0:.1f}s", flush=True)
            row = {"n": n, "repeat": rep, "full_leaves": r["full_leaves"]}
            for m in METHODS:
                row[f"seconds_{m}"] = r["seconds"][m]
                row[f"leaves_{m}"] = r["leaves"][m]
                row[f"error_pct_{m}"] = 100 - r["accuracy"][m]
            rows.append(row)
    return rows


def write_csv(rows: list, path: Path) -> None:
    fields = ["n", "repeat", "full_leaves"] + [f"{w}_{m}" for w in ("seconds", "leaves", "error_pct")
                                               for m in METHODS]
    with open(path, "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(fields)
        for row in rows:
            writer.writerow([row[k] if isinstance(row[k], int) else f"{row[k]:.6g}" for k in fields])


def read_csv(path: Path) -> list:
    with open(path, newline="") as f:
        return [{k: (int(float(v)) if k in ("n", "repeat") else float(v)) for k, v in row.items()}
                | {"repeat": int(row.get("repeat", 0))} for row in csv.DictReader(f)]


def plot(rows: list) -> None:
    """The three figures: mean over repeats per size, +- 1 standard error when repeats > 1."""
    ns = sorted({row["n"] for row in rows})
    repeats = min(sum(1 for row in rows if row["n"] == n) for n in ns)
    for what, title, fname in (("seconds", "pruning time (s)", "scaling_time.png"),
                               ("leaves", "leaves", "scaling_leaves.png"),
                               ("error_pct", "test error (%)", "scaling_error.png")):
        fig, ax = plt.subplots(figsize=(5, 4))
        for m in METHODS:
            per_n = [np.array([row[f"{what}_{m}"] for row in rows if row["n"] == n]) for n in ns]
            means = [v.mean() for v in per_n]
            if repeats > 1:
                ax.errorbar(ns, means, yerr=[v.std(ddof=1) / np.sqrt(len(v)) for v in per_n], fmt="o-",
                            capsize=3, label=m)
            else:
                ax.plot(ns, means, "o-", label=m)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        if what == "error_pct":
            ax.axhline(15, ls="--", color="gray", label="Bayes error 15%")
            ax.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
            ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
            ax.set_yticks([14, 15, 16, 17, 18, 19])
        ax.set_xlabel("training examples (g2c15)")
        note = (f"mean of {repeats} runs, +- 1 standard error" if repeats > 1
                else "one run per size, no error bars")
        ax.set_title(f"{title}\n({note})", fontsize=10)
        ax.legend()
        fig.tight_layout()
        fig.savefig(OUT / fname, dpi=100)
        plt.close(fig)
        print("saved", OUT / fname)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-log2n", type=int, default=19)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeats", type=int, default=1, help="independent data sets per size")
    ap.add_argument("--replot", action="store_true", help="redraw the figures from figures/scaling.csv")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    if not args.replot:
        write_csv(measure(args.max_log2n, args.seed, args.repeats), OUT / "scaling.csv")
        print("saved", OUT / "scaling.csv")
    plot(read_csv(OUT / "scaling.csv"))


if __name__ == "__main__":
    main()
