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
# # Costs and probabilities: Zhong chapter 7, exactly
#
# Zhong's k-norm estimate generalises from the error rate to (7.1) the cost under a loss matrix
# and (7.2) the error of the predicted class probabilities. This notebook
#
# 1. takes a medical-style leaf with asymmetric costs and shows that the cost-optimal label
#    (7.16) differs from the majority class, and how it switches with k and lambda;
# 2. checks the leaf cost moments three ways (the corrected recursion (7.14), the expansion (C.90),
#    Monte Carlo) - the recursion as printed is off (erratum `zhong-7.14`);
# 3. prunes a scikit-learn tree under a loss matrix, over k (the sequence need not be nested:
#    Theorem 5.3 does not survive for general losses);
# 4. prunes the same tree as a probability-estimation tree (PET) by the combined class-probability
#    risk, and prints Zhong's mean-square error with the sd of the squared error.
#
# Set `EXACTPRUNE_NOTEBOOK_FAST=1` for a reduced run (the test suite does this).

# %%
import os
from fractions import Fraction

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from exactprune.classprob import error_moment, mse_summary, prune_pet, subtree_combined_moment
from exactprune.costs import (cost_label, cost_moment, cost_moment_expansion, cost_moment_printed,
                              cost_pruning_path, prune_costs, subtree_cost_moment, validate_loss)
from exactprune.formatting import decimal_str
from exactprune.tree import Tree

FAST = os.environ.get("EXACTPRUNE_NOTEBOOK_FAST") == "1"
# figures go next to the notebook: the script's folder, or the kernel's (Jupyter starts it there)
HERE = os.path.dirname(os.path.abspath(globals().get("__file__", "notebook.ipynb")))
FIGURES = os.environ.get("EXACTPRUNE_FIGURES", os.path.join(HERE, "figures"))
os.makedirs(FIGURES, exist_ok=True)
print(f"FAST={FAST}")

# %% [markdown]
# ## 1. A leaf in a diagnosis tree
#
# Classes: 0 = healthy, 1 = ill. Sending an ill patient home costs 20; treating a healthy one
# costs 1: `loss[i][j]` is the cost of predicting i when the truth is j.

# %%
loss = validate_loss([[0, 20], [1, 0]])
leaf = [30, 1]                     # 30 healthy, 1 ill: the majority says "healthy"
lam = Fraction(1, 2)
for k in (1, 2, 3, 4):
    label, moment = cost_label(leaf, loss, k, lam)
    norm = float(moment) ** (1 / k)
    print(f"k={k}: label {label} ({'ill' if label else 'healthy'}), k-norm cost {norm:.4f}, "
          f"E_k* = {moment}")

# %% [markdown]
# How the label switches with $k$ and $\lambda$ (7.16): for each $(\lambda, n_\text{ill})$ the smallest $k$ at which
# "ill" becomes the cost-optimal prediction for a leaf with 30 healthy patients.

# %%
lams = [Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(2)]
ks = range(1, 9 if FAST else 21)
grid = np.zeros((len(lams), len(ks)))
for a, lam_ in enumerate(lams):
    for b, k in enumerate(ks):
        grid[a, b] = cost_label(leaf, loss, k, lam_)[0]
fig, ax = plt.subplots(figsize=(6, 2.5))
ax.imshow(grid, aspect="auto", cmap="coolwarm", origin="lower",
          extent=(min(ks) - 0.5, max(ks) + 0.5, -0.5, len(lams) - 0.5))
ax.set_yticks(range(len(lams)), [str(l) for l in lams])
ax.set_xlabel("k"); ax.set_ylabel("lambda"); ax.set_title("cost-optimal label (red = ill) for 30/1")
fig.tight_layout()
fig.savefig(os.path.join(FIGURES, "cost_optimal_label.png"), dpi=90)
plt.close(fig)
labels_seen = set(grid.ravel().tolist())
print("labels seen over the grid:", sorted(labels_seen))
assert labels_seen == {0.0, 1.0}          # the label depends on k and lambda, not only on the counts
assert any(grid[:, b].min() != grid[:, b].max() for b in range(len(ks)))   # lambda alone can flip it
assert any(grid[a, :].min() != grid[a, :].max() for a in range(len(lams)))  # k alone can flip it


# %% [markdown]
# ![Cost-optimal label over k and lambda](figures/cost_optimal_label.png)

# %% [markdown]
# ## 2. Three ways to the same moment, and the printed recursion

# %%
row = loss[1]                              # predict "ill"
for k in (2, 3, 5):
    rec, exp_ = cost_moment(leaf, row, k, lam), cost_moment_expansion(leaf, row, k, lam)
    printed = cost_moment_printed(leaf, row, k, lam)
    assert rec == exp_ != printed
    print(f"k={k}: recursion = expansion = {decimal_str(rec, 10)}; printed (7.14) gives {decimal_str(printed, 10)}")

seed = 2026
rng = np.random.default_rng(seed)
p = rng.dirichlet([c + float(lam) for c in leaf], size=50_000 if FAST else 400_000)
cost = p @ np.array([float(q) for q in row])
for k in (1, 2, 3):
    sample = cost ** k
    se = sample.std(ddof=1) / np.sqrt(len(sample))
    exact_value = float(cost_moment(leaf, row, k, lam))
    print(f"k={k}: exact {exact_value:.6f}, Monte Carlo {sample.mean():.6f} +- {se:.6f}")
    assert abs(sample.mean() - exact_value) <= 5 * se, f"seed {seed}"

# %% [markdown]
# ## 3. Cost pruning of a scikit-learn tree
#
# Breast cancer data (bundled with scikit-learn): class 0 = malignant, 1 = benign. Calling a
# malignant tumour benign costs 10, the reverse costs 1.

# %%
from sklearn.datasets import load_breast_cancer
from sklearn.tree import DecisionTreeClassifier

data = load_breast_cancer()
estimator = DecisionTreeClassifier(random_state=0, max_leaf_nodes=12 if FAST else None)
estimator.fit(data.data, data.target)
tree = Tree.from_sklearn(estimator)
cancer_loss = validate_loss([[0, 1], [10, 0]])
print(tree, "| eta = lam = 1/2")

k_values = list(range(1, 6 if FAST else 13))
path = cost_pruning_path(tree, k_values, loss=cancer_loss)
for stage in path["stages"]:
    print(f"k={stage['k']:>2}: {stage['leaves']:>3} leaves, k-norm cost "
          f"{float(stage['moment']) ** (1 / stage['k']):.4f}")
print("nested pruning sequence over these k:", path["nested"])
zero_one = cost_pruning_path(tree, k_values, loss=[[0, 1], [1, 0]])
print("leaves under 0-1 loss:", [s["leaves"] for s in zero_one["stages"]])
assert zero_one["nested"]                  # Zhong's Corollary 5.4 for the error rate
for stage in path["stages"]:
    result = prune_costs(tree, stage["k"], loss=cancer_loss)
    assert result.moment <= subtree_cost_moment(tree.root, cancer_loss, stage["k"])   # pruning never hurts

# %% [markdown]
# Where the cost label differs from the majority in the pruned tree at k = 2:

# %%
result = prune_costs(tree, 2, loss=cancer_loss)
differ = [(leaf_.name, leaf_.counts, result.labels[leaf_.name]) for leaf_ in result.tree.leaves()
          if result.labels[leaf_.name] != leaf_.label]
print(f"{result.tree.n_leaves} leaves; cost label != majority at: {differ}")

# %% [markdown]
# ## 4. The same tree as a probability-estimation tree
#
# Combined risk $\sum_j E[r_j^k]$ (additive over branches, so one traversal prunes). Zhong
# recommends $k = 2$ (mean-square error) and reporting the sd of the squared error.

# %%
for k in (2, 4):
    pet = prune_pet(tree, k)
    full = subtree_combined_moment(tree.root, k)
    print(f"k={k}: {tree.n_leaves} -> {pet.tree.n_leaves} leaves; combined moment "
          f"{decimal_str(full, 6)} -> {decimal_str(pet.moment, 6)}")
    assert pet.moment <= full

pet = prune_pet(tree, 2)
for leaf_ in pet.tree.leaves()[:5]:
    s = mse_summary(leaf_.counts, 0, "1/2")
    print(f"{leaf_.name:>8} {str(list(leaf_.counts)):>12}: MSE of P(malignant) {decimal_str(s['mse'], 4)}"
          f" +- {s['sd_decimal']}")
    assert error_moment(leaf_.counts, 0, 2, "1/2") == s["mse"]
print("whole-notebook checks passed")
