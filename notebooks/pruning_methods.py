# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Pruning methods side by side (Zhong chapter 6, EK, the lecture notes, Fan)
#
# CCP (10-fold CV, 1-SE), 2-norm (PruneTree, $k = 2$) and EBP (C4.5 R8) under Zhong's
# Figure 6.1 protocol; REP against EK Theorem 1; Fan's variance against the exact one.
# Set `EXACTPRUNE_NOTEBOOK_FAST=1` for the reduced size the tests use.

# %%
import os
from fractions import Fraction

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown, display

from exactprune import peers
from exactprune import experiments as E
from exactprune.tree import iris_tree

FAST = os.environ.get("EXACTPRUNE_NOTEBOOK_FAST") == "1"
RUNS = 3 if FAST else 20
N = 1000 if FAST else None
# figures go next to the notebook: the script's folder, or the kernel's (Jupyter starts it there)
HERE = os.path.dirname(os.path.abspath(globals().get("__file__", "notebook.ipynb")))
FIGURES = os.environ.get("EXACTPRUNE_FIGURES", os.path.join(HERE, "figures"))
os.makedirs(FIGURES, exist_ok=True)

# %% [markdown]
# ## The peers on the iris tree of Zhong App B

# %%
t = iris_tree()
sizes = {
    "2-norm": __import__("exactprune.knorm", fromlist=["prune"]).prune(t, 2).tree.n_leaves,
    "EBP (C4.5)": peers.ebp_prune(t).tree.n_leaves,
    "EBP (J48)": peers.ebp_prune(t, variant="weka").tree.n_leaves,
    "MEP (lam=1/2)": peers.mep_prune(t).tree.n_leaves,
    "Kearns-Mansour": peers.km_prune(t).tree.n_leaves,
    "SRM min-size": peers.srm_pruning(t).tree.n_leaves,
}
print(sizes)
assert sizes["2-norm"] == 3                      # Zhong Figure B.1(d)
assert sizes["EBP (C4.5)"] >= sizes["2-norm"]    # EBP under-prunes (Zhong 6.4.2)

# %% [markdown]
# ## Fan (13) versus the exact Dirichlet posterior variance (Zhong 7.21)

# %%
for prior in ("haldane", "jeffreys", "bayes"):
    m = peers.fan_moments((3, 1), 0, prior)
    print(prior, m["var_fan"], m["var_exact"], float(m["var_fan"] / m["var_exact"]))
    assert (m["var_fan"] == m["var_exact"]) == (prior == "haldane")

# %% [markdown]
# ## Chapter 6 protocol on g2c15 (reduced when FAST)

# %%
runs = E.run_protocol("g2c15", ratios=(1, 10), n=N, runs=RUNS)
tables = E.summarize(runs)
TITLES = {"accuracy": "Table 6.2: accuracy (%)", "leaves": "Table 6.3: tree size (leaves)",
          "seconds": "Table 6.4: pruning time (s)"}
RULES = {"accuracy": "|diff| >= 1 point", "leaves": "|diff| >= 1 leaf", "seconds": "|diff| >= 1% of the larger mean"}
for what, title in TITLES.items():
    fmt = "{:.3g} +- {:.2g}" if what == "seconds" else "{:.1f} +- {:.1f}"
    lines = [f"**{title}**, mean +- std of {RUNS} runs; 2-norm against CCP and EBP: difference, paired "
             f"t-test P (%), and + (2-norm better) or - when {RULES[what]} and P <= 5%", "",
             "| R | data | " + " | ".join(E.METHODS) + " | 2n-CCP | P | +- | 2n-EBP | P | +- |",
             "|---|---|" + "---:|" * len(E.METHODS) + "---:|---:|:---:|---:|---:|:---:|"]
    for ratio, rows in sorted(tables[what].items()):
        for ds, row in rows.items():
            comp = [f"{c['diff']:.3g} | {100 * c['p']:.1f} | {c['sign']}"
                    for c in (row["2-norm:CCP"], row["2-norm:EBP"])]
            lines.append(f"| {ratio} | {ds} | " + " | ".join(fmt.format(row[m]["mean"], row[m]["std"])
                                                          for m in E.METHODS) + " | " + " | ".join(comp) + " |")
    display(Markdown("\n".join(lines)))
for ratio in tables["seconds"]:
    row = tables["seconds"][ratio]["g2c15"]
    assert row["2-norm"]["mean"] < row["CCP"]["mean"]       # 2-norm touches no data
    assert tables["leaves"][ratio]["g2c15"]["2-norm"]["mean"] <= tables["leaves"][ratio]["g2c15"]["EBP"]["mean"]

# %%
fig, axes = plt.subplots(1, 3, figsize=(12, 3.5))
for ax, what in zip(axes, ("accuracy", "leaves", "seconds")):
    for method in E.METHODS:
        xs = sorted(tables[what])
        cells = [tables[what][r]["g2c15"][method] for r in xs]
        ax.errorbar(xs, [c["mean"] for c in cells], yerr=[c["std"] / np.sqrt(RUNS) for c in cells], fmt="o-",
                    capsize=3, label=method)
    ax.set_title(what)
    ax.set_xlabel("training ratio (%)")
    if what == "seconds":
        ax.set_yscale("log")
axes[0].legend()
fig.suptitle(f"g2c15, mean of {RUNS} runs +- 1 standard error")
fig.tight_layout()
fig.savefig(os.path.join(FIGURES, "pruning_methods_g2c15.png"), dpi=90)
plt.close(fig)

# %% [markdown]
# ![CCP, 2-norm and EBP on g2c15 against the training ratio](figures/pruning_methods_g2c15.png)
