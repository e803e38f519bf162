"""Zhong Figures 6.2-6.3 style: g2c15 from 512 to 2^K training examples (test set of the same
size), pruning time of CCP (with its 10-fold CV), 2-norm and EBP, and test error and leaves;
log-log figures (scaling_time.png, scaling_leaves.png, scaling_error.png, the error one with
the Bayes error 15% dashed) and the measured rows (scaling.csv) saved to benchmarks/figures/.
One run per size; times are experiments.prune_all's (single calls, GC on).

Run: python3 benchmarks/bench_scaling.py [--max-log2n 19] [--seed 0]
"""
import argparse
import time
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import matplotlib.ticker
import numpy as np

from exactprune.experiments import gaussian_data, prune_all


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-log2n", type=int, default=19)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rows = []
    for k in range(9, args.max_log2n + 1):
        n = 2 ** k
        X, y = gaussian_data("g2c15", 2 * n, seed=args.seed + k)
        perm = np.random.default_rng(args.seed).permutation(2 * n)
        tr, te = perm[:n], perm[n:]
        t0 = time.perf_counter()
        r = prune_all(X[tr], y[tr], X[te], y[te], V=10, seed=args.seed)
        rows.append((n, r))
        print(n, {m: f"{s:.3g}s" for m, s in r["seconds"].items()}, r["leaves"],
              {m: f"{100 - a:.2f}%" for m, a in r["accuracy"].items()}, f"total {time.perf_counter() - t0:.1f}s",
              flush=True)
    out = Path(__file__).resolve().parent / "figures"
    out.mkdir(exist_ok=True)
    ns = [n for n, _ in rows]
    with open(out / "scaling.csv", "w") as f:
        f.write("n,full_leaves," + ",".join(f"{w}_{m}" for w in ("seconds", "leaves", "error_pct")
                                            for m in ("CCP", "2-norm", "EBP")) + "\n")
        for n, r in rows:
            vals = [r["seconds"][m] for m in ("CCP", "2-norm", "EBP")] + \
                   [r["leaves"][m] for m in ("CCP", "2-norm", "EBP")] + \
                   [100 - r["accuracy"][m] for m in ("CCP", "2-norm", "EBP")]
            f.write(f"{n},{r['full_leaves']}," + ",".join(f"{v:.6g}" for v in vals) + "\n")
    print("saved", out / "scaling.csv")
    for what, title, fname in (("seconds", "pruning time (s)", "scaling_time.png"),
                               ("leaves", "leaves", "scaling_leaves.png"),
                               ("accuracy", "test error (%)", "scaling_error.png")):
        fig, ax = plt.subplots(figsize=(5, 4))
        for m in ("CCP", "2-norm", "EBP"):
            vals = [r[what][m] if what != "accuracy" else 100 - r[what][m] for _, r in rows]
            ax.plot(ns, vals, "o-", label=m)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        if what == "accuracy":
            ax.axhline(15, ls="--", color="gray", label="Bayes error 15%")
            ax.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
            ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
            ax.set_yticks([14, 15, 16, 17, 18, 19])
        ax.set_xlabel("training examples (g2c15)")
        ax.set_title(title)
        ax.legend()
        fig.tight_layout()
        fig.savefig(out / fname, dpi=100)
        print("saved", out / fname)


if __name__ == "__main__":
    main()
