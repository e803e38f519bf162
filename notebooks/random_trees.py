# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Random decision trees: exact moments of the generalization error vs Monte Carlo
#
# Reproduces the experiment of Dhurandhar & Dobra (DD) sec 4.2-4.3 with `exactprune.rdt`:
# $d = 5$ binary attributes, fixed height $h = 3$, $N = 100$, two classes with prior 1/2 and a range
# of attribute-class dependence (DD's chi-square "correlation" $\rho$).  AF is the exact value of E[GE]
# and sd(GE) (DD's expressions, all count probabilities exact Fractions); MC-1 and MC-10 sample
# data sets, grow one random tree each and measure its GE, with 1x and 10x the runs.  A second
# section does the same for purity and scarcity stopping (E[GE] and sd exact there too).
# Set `EXACTPRUNE_NOTEBOOK_FAST=1` for a reduced size (used by the test suite).

# %%
import os
import time
from fractions import Fraction

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from exactprune.rdt import (Criterion, af_monte_carlo, chi_square_correlation, correlated_distribution,
                            distribution_from_data, exact_moments, simulate)

FAST = os.environ.get("EXACTPRUNE_NOTEBOOK_FAST") == "1"
D, H, N = (3, 2, 12) if FAST else (5, 3, 100)
RUNS = 60 if FAST else 200          # MC-1 runs; MC-10 uses 10x
SEED = 2008
# figures go next to the notebook: the script's folder, or the kernel's (Jupyter starts it there)
HERE = os.path.dirname(os.path.abspath(globals().get("__file__", "notebook.ipynb")))
OUT = os.environ.get("EXACTPRUNE_FIGURES", os.path.join(HERE, "figures"))
os.makedirs(OUT, exist_ok=True)
crit = Criterion(height=H)
print(f"d = {D}, h = {H}, N = {N}, MC-1 runs = {RUNS}, seed = {SEED}")

# %% [markdown]
# ## Synthetic distributions: the class is carried by attribute 0 with strength $t$, $\rho = t^2$

# %%
strengths = [Fraction(1), Fraction(3, 5), Fraction(1, 3), Fraction(1, 7), Fraction(0)]
rows = []
for i, t in enumerate(strengths):
    dist = correlated_distribution([2] * D, t)
    rho = chi_square_correlation(dist)
    assert rho == t * t
    start = time.perf_counter()
    m = exact_moments(dist, N, crit)
    seconds = time.perf_counter() - start
    mc1 = simulate(dist, N, crit, runs=RUNS, seed=SEED + i)
    mc10 = simulate(dist, N, crit, runs=10 * RUNS, seed=SEED + 100 + i)
    E, sd = float(m["E1"]), float(m["var"]) ** 0.5
    # statistical agreement: MC-10 within 5 standard errors of the exact value (seed printed on failure)
    assert abs(mc10["mean"] - E) <= 5 * mc10["se_mean"], f"seed {SEED + 100 + i}"
    assert abs(mc10["second"] - float(m["E2_same"])) <= 5 * mc10["se_second"], f"seed {SEED + 100 + i}"
    rows.append((float(rho), E, sd, mc1, mc10, seconds))
    print(f"rho = {float(rho):.3f}: AF E[GE] = {E:.5f} sd = {sd:.5f} ({seconds:.1f} s) | "
          f"MC-1 {mc1['mean']:.5f} +- {mc1['se_mean']:.5f} | MC-10 {mc10['mean']:.5f} +- {mc10['se_mean']:.5f}")

# %%
fig, axes = plt.subplots(1, 2, figsize=(10, 4))
rhos = [r[0] for r in rows]
for ax, key, label in ((axes[0], 1, "E[GE]"), (axes[1], 2, "sd(GE)")):
    ax.plot(rhos, [r[key] for r in rows], "k-o", label="AF (exact)")
    if key == 1:
        ax.errorbar(rhos, [r[3]["mean"] for r in rows], yerr=[r[3]["se_mean"] for r in rows], fmt="s", label="MC-1")
        ax.errorbar(rhos, [r[4]["mean"] for r in rows], yerr=[r[4]["se_mean"] for r in rows], fmt="^", label="MC-10")
    else:
        ax.plot(rhos, [r[3]["sd"] for r in rows], "s", label="MC-1")
        ax.plot(rhos, [r[4]["sd"] for r in rows], "^", label="MC-10")
    ax.set_xlabel("correlation rho (DD 4.2)")
    ax.set_ylabel(label)
    ax.legend()
fig.suptitle(f"Fixed-height random trees, d = {D}, h = {H}, N = {N}")
fig.savefig(os.path.join(OUT, "random_trees_synthetic.png"), dpi=80)
# error of each estimator against the exact value
err1 = np.mean([abs(r[3]["mean"] - r[1]) for r in rows])
err10 = np.mean([abs(r[4]["mean"] - r[1]) for r in rows])
print(f"mean |MC-1 - AF| = {err1:.5f}, mean |MC-10 - AF| = {err10:.5f} (AF error: 0, exact)")


# %% [markdown]
# ![AF exact against Monte Carlo, fixed height](figures/random_trees_synthetic.png)

# %% [markdown]
# ## Purity and scarcity stopping (DD 3.6.2)
#
# The same comparison for trees that stop when a node is pure (one class or none) or holds at
# most $p_b = N/10$ training points, on top of the height limit $h$.  $E[\mathrm{GE}^2]$ uses the corrected
# co-existence probabilities for these criteria (erratum `dd-coexist-purity`) and exact
# generating functions of the counts of both leaves and their parents.

# %%
PB = max(1, N // 10)
sd_rows = []
for name, c in (("purity", Criterion(purity=True, height=H)), (f"scarcity pb={PB}", Criterion(pb=PB, height=H)),
                (f"purity + scarcity pb={PB}", Criterion(purity=True, pb=PB, height=H))):
    for i, t in enumerate(strengths[1:4]):
        dist = correlated_distribution([2] * D, t)
        start = time.perf_counter()
        m = exact_moments(dist, N, c)
        seconds = time.perf_counter() - start
        seed = SEED + 500 + 10 * len(sd_rows)
        mc10 = simulate(dist, N, c, runs=10 * RUNS, seed=seed)
        E, sd = float(m["E1"]), float(m["var"]) ** 0.5
        assert abs(mc10["mean"] - E) <= 5 * mc10["se_mean"], f"seed {seed}"
        assert abs(mc10["second"] - float(m["E2_same"])) <= 5 * mc10["se_second"], f"seed {seed}"
        sd_rows.append((name, float(t * t), E, sd, mc10, seconds))
        print(f"{name:>26}, rho = {float(t * t):.3f}: AF E[GE] = {E:.5f} sd = {sd:.5f} ({seconds:.1f} s) | "
              f"MC-10 {mc10['mean']:.5f} +- {mc10['se_mean']:.5f}, sd {mc10['sd']:.5f}")

# %%
# The three criteria give nearly the same values, so one panel per criterion (columns), E[GE] on
# top and sd(GE) below, each row on a shared axis so that the criteria can be compared.
names = list(dict.fromkeys(r[0] for r in sd_rows))
fig, axes = plt.subplots(2, len(names), figsize=(4 * len(names), 6.5), sharey="row", squeeze=False)
for j, name in enumerate(names):
    rs = [r for r in sd_rows if r[0] == name]
    x = [r[1] for r in rs]
    top, bottom = axes[0][j], axes[1][j]
    top.plot(x, [r[2] for r in rs], "-o", color=f"C{j}", label="AF (exact)")
    top.errorbar(x, [r[4]["mean"] for r in rs], yerr=[2 * r[4]["se_mean"] for r in rs], fmt="^", color="k",
                 label="MC-10 +- 2 se")
    bottom.plot(x, [r[3] for r in rs], "-o", color=f"C{j}", label="AF (exact)")
    bottom.plot(x, [r[4]["sd"] for r in rs], "^", color="k", label="MC-10")
    top.set_title(name, fontsize=9)
    bottom.set_xlabel("correlation rho (DD 4.2)")
    top.legend(fontsize=7)
axes[0][0].set_ylabel("E[GE]")
axes[1][0].set_ylabel("sd(GE)")
fig.tight_layout(rect=(0, 0, 1, 0.95))
fig.suptitle(f"Purity / scarcity random trees, d = {D}, h = {H}, N = {N}")
fig.savefig(os.path.join(OUT, "random_trees_purity_scarcity.png"), dpi=80)


# %% [markdown]
# ![Purity and scarcity stopping, one panel per criterion](figures/random_trees_purity_scarcity.png)

# %% [markdown]
# ## Two random trees on the same sample (the cross-validation quantity)
#
# $E[\mathrm{GE}(T_1, z)\,\mathrm{GE}(T_2, z)]$ for two independent random trees grown on the same
# data set $z$, exactly (fixed height, two classes), against $E[\mathrm{GE}]^2$ (independent samples)
# and $E[\mathrm{GE}^2]$ (one tree). The correlation of the two trees' errors is
#
# $$\frac{E[\mathrm{GE}\,\mathrm{GE}'] - E[\mathrm{GE}]^2}{\mathrm{Var}[\mathrm{GE}]}.$$

# %%
for i, t in enumerate(strengths[1:4]):
    dist = correlated_distribution([2] * D, t)
    m = exact_moments(dist, N, crit, same_sample=True)
    seed = SEED + 700 + i
    mc = simulate(dist, N, crit, runs=10 * RUNS, seed=seed, same_sample=True)
    cross = m["E2_two_trees_same_sample"]
    assert m["E2_indep"] <= cross <= m["E2_same"]
    assert abs(mc["cross"] - float(cross)) <= 5 * mc["se_cross"], f"seed {seed}"
    corr = float((cross - m["E2_indep"]) / m["var"]) if m["var"] else float("nan")
    print(f"rho = {float(t * t):.3f}: E[GE GE'] same sample = {float(cross):.6f} (MC-10 {mc['cross']:.6f} "
          f"+- {mc['se_cross']:.6f}), E[GE]^2 = {float(m['E2_indep']):.6f}, E[GE^2] = {float(m['E2_same']):.6f}, "
          f"correlation of the two trees' GE = {corr:.3f}")

# %% [markdown]
# ## A distribution built from a real data set
#
# scikit-learn's bundled breast-cancer data, the first attributes split at their means (DD 4.2):
# the empirical cell frequencies are the multinomial's probabilities, exact.

# %%
from sklearn.datasets import load_breast_cancer

data = load_breast_cancer()
real = distribution_from_data(data.data, data.target, attributes=list(range(D)))
print(real, "correlation", float(chi_square_correlation(real)))
m = exact_moments(real, N, crit)
mc10 = simulate(real, N, crit, runs=10 * RUNS, seed=SEED + 999)
af = af_monte_carlo(real, N, crit, runs=max(RUNS // 4, 10), seed=SEED + 998)
E, sd = float(m["E1"]), float(m["var"]) ** 0.5
print(f"AF exact E[GE] = {E:.5f}, sd = {sd:.5f}; MC-10 {mc10['mean']:.5f} +- {mc10['se_mean']:.5f}; "
      f"AF-MC {af['mean']:.5f} +- {af['se_mean']:.5f}")
assert abs(mc10["mean"] - E) <= 5 * mc10["se_mean"], f"seed {SEED + 999}"
assert abs(af["mean"] - E) <= 5 * af["se_mean"] + 1e-12, f"seed {SEED + 998}"

# %%
# The three estimates agree to a few thousandths, which bars from zero would hide: plot each
# estimate's difference from the exact AF value, with +- 2 standard errors.
fig, ax = plt.subplots(figsize=(5, 4))
ax.errorbar([0, 1, 2], [0.0, af["mean"] - E, mc10["mean"] - E], yerr=[0, 2 * af["se_mean"], 2 * mc10["se_mean"]],
            fmt="o", color="k", capsize=4)
ax.axhline(0, color="grey", lw=0.8)
ax.set_xticks([0, 1, 2], ["AF (exact)", "AF-MC", "MC-10"])
ax.set_xlim(-0.5, 2.5)
ax.set_ylabel(f"estimate - exact E[GE]  (exact E[GE] = {E:.4f})")
ax.set_title("breast cancer (attributes split at the mean)")
fig.tight_layout()
fig.savefig(os.path.join(OUT, "random_trees_breast_cancer.png"), dpi=80)

# %% [markdown]
# ![Breast cancer: each estimate minus the exact E[GE], +- 2 standard errors](figures/random_trees_breast_cancer.png)
