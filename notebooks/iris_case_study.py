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
# # Zhong's iris case study, recomputed exactly
#
# Zhong's dissertation (Appendix B, Figure B.1, Figure 5.3) prunes the fully grown CART tree on
# iris petal length and width with the k-norm error estimate and with CART's cost-complexity
# pruning.  This notebook recomputes every printed number exactly, draws Figure 5.3 and the
# decision regions of every tree of Figure B.1, lists both pruning sequences, and explains the
# breakpoint erratum.  Every claim is an `assert`, so running the notebook checks it.

# %%
import os
from fractions import Fraction

import flint
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Markdown, display
from sklearn.datasets import load_iris

from exactprune.casestudy import PRIOR, appendix_b_tree, printed_values
from exactprune.knorm import Prior, leaf_moment_arb, prune, subtree_moment_arb
from exactprune.numbers import arb_of
from exactprune.peers.ccp import ccp_sequence
from exactprune.sequence import knorm_sequence
from exactprune.tree import iris_tree

# figures go next to the notebook: the script's folder, or the kernel's (Jupyter starts it there)
HERE = os.path.dirname(os.path.abspath(globals().get("__file__", "notebook.ipynb")))
FIGURES = os.environ.get("EXACTPRUNE_FIGURES", os.path.join(HERE, "figures"))
os.makedirs(FIGURES, exist_ok=True)


def show_table(header, rows):
    """Display rows as a Markdown table (cells as given; a literal | is escaped)."""
    cell = lambda v: str(v).replace("|", "\\|")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    display(Markdown("\n".join(lines)))


tree = iris_tree()
print(tree.render())

# %% [markdown]
# ## Appendix B (and section 4.3), printed vs exact
#
# `printed_values()` recomputes every printed value of (4.16)-(4.27) and (B.1)-(B.25) as an exact
# rational and rounds it (half-even) to the decimals Zhong printed.  Exactly two disagree:
# (4.20), printed 10 times too large, and (B.8), whose exact value 0.0084265... rounds to 0.008426.

# %%
values = printed_values()
show_table(["equation", "printed", "exact, rounded", "agrees", "quantity"],
           [(v.equation, v.printed, v.rounded, v.agrees if v.agrees else "**False**", f"`{v.quantity}`")
            for v in values])
disagreeing = sorted(v.equation for v in values if not v.agrees)
print("disagreeing:", disagreeing)
assert disagreeing == ["4.20", "B.8"], disagreeing
assert len(values) >= 30

# %% [markdown]
# ## The two pruning sequences (Figure B.1)
#
# k-norm ($\lambda = \eta = 1/2$, (4.29) as printed, numerator $b + (J-1)\lambda$): stages with their
# integer $k$ ranges, every breakpoint certified.  CCP (misclassification cost, Zhong's
# $R_t = \text{errors} / N$), weakest links of equal $\alpha$ pruned together, exact alphas.

# %%
def stage_rows(seq):
    return [(f"[{s.k_from}, {s.k_to if s.k_to is not None else 'inf'})", s.leaves, ", ".join(s.pruned))
            for s in seq.stages]


def breakpoint_rows(breakpoints):
    rows = []
    for b in breakpoints:
        d = b.as_dict()
        crossing = d["crossing"]
        rows.append((d["name"], d["breakpoint"], d["removed_with"] or "", d["survives_all_finite_k"],
                     "" if crossing is None else f"[{crossing['lower']}, {crossing['upper']}]",
                     "" if crossing is None else crossing["approx"], d["sign_checks"]))
    return rows


BREAKPOINT_HEADER = ["node", "breakpoint", "removed with", "survives all finite k", "real crossing in",
                     "crossing approx.", "sign checks"]

seq = knorm_sequence(tree, PRIOR)
display(Markdown("**k-norm sequence** (the nodes pruned as each stage starts)"))
show_table(["k in", "leaves", "pruned at start"], stage_rows(seq))
display(Markdown("**Breakpoints** (the least integer k from which PruneTree prunes the node)"))
show_table(BREAKPOINT_HEADER, breakpoint_rows(seq.breakpoints.values()))
assert [(s.k_from, s.k_to, s.leaves) for s in seq.stages] == \
    [(1, 2, 7), (2, 17781896, 3), (17781896, None, 2), ("inf", None, 1)]
assert prune(tree, 2, prior=PRIOR).tree.n_leaves == 3 and sorted(prune(tree, 2, prior=PRIOR).pruned) == ["c21", "c22"]

ccp = ccp_sequence(tree, cost="misclassification")
display(Markdown("**CCP sequence**"))
show_table(["alpha in", "alpha from approx.", "leaves", "pruned"],
           [(f"[{s.alpha_from}, {s.alpha_to if s.alpha_to is not None else 'inf'})", f"{float(s.alpha_from):.4f}",
             s.leaves, ", ".join(s.pruned)) for s in ccp.stages])
assert [str(a) for a in ccp.alphas] == ["0", "1/150", "1/75", "22/75", "1/3"]
# Zhong prints 0.0067, 0.0133, 0.2933, 0.3333
assert [f"{float(a):.4f}" for a in ccp.alphas[1:]] == ["0.0067", "0.0133", "0.2933", "0.3333"]

# %% [markdown]
# ## Decision regions of every tree of Figure B.1
#
# Each stage's tree classifies a grid over the petal plane by routing each point to its leaf
# (`Tree.leaf_for`); the leaf's majority class colours the region.

# %%
iris = load_iris()
X, y = iris.data[:, 2:4], iris.target
xs = np.linspace(0.5, 7.5, 141)
ys = np.linspace(0.0, 2.7, 109)


def regions(t):
    return np.array([[t.leaf_for((px, py)).label for px in xs] for py in ys])


def k_label(s):
    if s.k_from == "inf":
        return "k = inf"
    return f"{s.k_from} <= k" + (f" < {s.k_to}" if s.k_to is not None else " < inf")


panels = [("k-norm: " + k_label(s), s.tree) for s in seq.stages] + \
         [(f"CCP: alpha >= {s.alpha_from}", s.tree) for s in ccp.stages]
COLUMNS = 3
fig, axes = plt.subplots(-(-len(panels) // COLUMNS), COLUMNS, figsize=(13, 4.3 * -(-len(panels) // COLUMNS)),
                         sharex=True, sharey=True)
axes = axes.ravel()
for ax in axes[len(panels):]:
    ax.axis("off")
for ax, (title, t) in zip(axes, panels):
    grid = regions(t)
    ax.contourf(xs, ys, grid, levels=[-0.5, 0.5, 1.5, 2.5], colors=["#fbb4ae", "#b3cde3", "#ccebc5"])
    for cls, marker, colour in ((0, "o", "#e41a1c"), (1, "s", "#377eb8"), (2, "^", "#4daf4a")):
        ax.scatter(X[y == cls, 0], X[y == cls, 1], s=18, marker=marker, c=colour, edgecolors="k",
                   linewidths=0.3)
    ax.set_title(f"{title}\n{t.n_leaves} leaves", fontsize=14)
    ax.tick_params(labelsize=12, labelbottom=True)
for ax in axes[-COLUMNS:]:
    ax.set_xlabel("petal length (cm)", fontsize=13)
for ax in axes[::COLUMNS]:
    ax.set_ylabel("petal width (cm)", fontsize=13)
fig.tight_layout()
fig.savefig(os.path.join(FIGURES, "iris_decision_regions.png"), dpi=110)
plt.close(fig)

# the full tree separates the training data up to the 6 errors its leaves keep
full_errors = sum(tree.leaf_for(x).label != c for x, c in zip(X, y))
assert full_errors == sum(leaf.errors for leaf in tree.leaves())
# the k = 2 tree (Figure B.1(d)) is CCP's 3-leaf tree too
assert seq.stage_for(2).tree.to_dict() == next(s.tree for s in ccp.stages if s.leaves == 3).to_dict()


# %% [markdown]
# ![Decision regions of every tree of Figure B.1](figures/iris_decision_regions.png)
#
# One panel per tree, three per row: the four k-norm stages, then the five CCP stages.  On the
# documentation site, click the figure to open it at full size.

# %% [markdown]
# ## Figure 5.3: k-norm leaf error rates of the tree of Figure B.1(d) against k
#
# $$\|r_l\|_k = E[r_l^k]^{1/k}, \qquad E[r_l^k] = \frac{\Gamma(a+k)\,\Gamma(d)}{\Gamma(a)\,\Gamma(d+k)}$$
#
# at real $k$ (C.26), evaluated as certified arb balls (`leaf_moment_arb`) and rooted in arb.  Also drawn:
# c2 as a leaf against c2's subtree (c21, c22) - they cross between 17781895 and 17781896, where
# c2 is pruned.

# %%
tree_d = appendix_b_tree()
assert sorted(leaf.name for leaf in tree_d.leaves()) == ["c1", "c21", "c22"]
ks = np.unique(np.concatenate([np.logspace(0, 8, 161), [17781895.0, 17781896.0]]))


def knorm_arb(moment, k):
    return (moment.log() / arb_of(k)).exp() if moment > 0 else flint.arb(0)


curves = {}
for name in ("c1", "c21", "c22", "c2"):
    counts = tree_d.node(name).counts
    curves[name] = [knorm_arb(leaf_moment_arb(counts, Fraction(k), PRIOR), Fraction(k)) for k in ks]
curves["c2 subtree"] = [knorm_arb(subtree_moment_arb(tree_d.node("c2"), Fraction(k), PRIOR), Fraction(k))
                        for k in ks]
for name, balls in curves.items():
    assert all(b.rad() < 1e-9 * abs(b.mid()) for b in balls), name  # certified to 9 digits

# Every k-norm tends to 1 as k grows, so near the breakpoint the curves are indistinguishable (they
# agree to ~1e-16 there).  The right panel plots what PruneTree decides on: the log of the ratio
# of c2's moment as a leaf to its subtree's moment, k log(||r_c2||_k / ||r_c2 subtree||_k),
# positive while the split is kept; it crosses zero at the breakpoint (moments at 256 bits).
saved, flint.ctx.prec = flint.ctx.prec, 256
try:
    log_ratio = [(leaf_moment_arb(tree_d.node("c2").counts, Fraction(k), PRIOR)
                  / subtree_moment_arb(tree_d.node("c2"), Fraction(k), PRIOR)).log() for k in ks]
finally:
    flint.ctx.prec = saved
assert all(b.rad() < 1e-9 for b in log_ratio)

fig, (ax, ax_ratio) = plt.subplots(1, 2, figsize=(13, 5))
for name, style in (("c1", "-"), ("c21", "-"), ("c22", "-"), ("c2", "--"), ("c2 subtree", ":")):
    ax.plot(ks, [float(b.mid()) for b in curves[name]], style, label=f"||r_{name}||_k")
ax.set_xscale("log")
ax.set_xlabel("k")
ax.set_ylabel("k-norm of the error rate")
ax.set_title("Figure 5.3: leaf error rates of Figure B.1(d) against k")
ax.legend()
ax_ratio.plot(ks, [float(b.mid()) for b in log_ratio], "k-")
ax_ratio.axhline(0, color="grey", lw=0.8)
for axis in (ax, ax_ratio):
    axis.axvline(17781896, color="grey", lw=0.8, ls="--")
ax_ratio.text(17781896, 20, " breakpoint\n 17781896", fontsize=8)
ax_ratio.set_xscale("log")
ax_ratio.set_xlabel("k")
ax_ratio.set_ylabel("log(E[r_c2^k] / E[r_c2 subtree^k])")
ax_ratio.set_title("c2: leaf against subtree (> 0: split kept)")
fig.tight_layout()
fig.savefig(os.path.join(FIGURES, "figure_5_3.png"), dpi=100)
plt.close(fig)

# k-norms increase with k toward 1 - (the largest class share is irrelevant): the limit is 1 for
# any leaf with an error count a > 0 (Thm 5.8); c1 (no errors) stays smallest.
for name in ("c1", "c21", "c22"):
    vals = [float(b.mid()) for b in curves[name]]
    assert all(v1 < v2 for v1, v2 in zip(vals, vals[1:])), name
# at the breakpoint the two k-norms agree to ~1e-16, so the sign is decided on the moments at 256 bits
saved, flint.ctx.prec = flint.ctx.prec, 256
try:
    F = {k: leaf_moment_arb(tree_d.node("c2").counts, k, PRIOR) - subtree_moment_arb(tree_d.node("c2"), k, PRIOR)
         for k in (17781895, 17781896)}
finally:
    flint.ctx.prec = saved
print({k: str(v) for k, v in F.items()})
assert F[17781895] > 0 > F[17781896]   # split kept at k = 17781895, pruned at k = 17781896


# %% [markdown]
# ![Figure 5.3 and the c2 crossing](figures/figure_5_3.png)
#
# Left: Zhong's Figure 5.3, every k-norm tends to 1. Right: the quantity PruneTree decides on for
# c2; it crosses zero between k = 17781895 and 17781896.

# %% [markdown]
# ## The breakpoint erratum
#
# Figure B.1 says the tree changes from (d) to (e) at k = 25680602.  With (4.29) as printed
# (error numerator $b + (J-1)\lambda$, $\lambda = \eta = 1/2$), c2 is pruned from the **exact** integer
# breakpoint 17781896 on (the least k where PruneTree, epsilon = 0, prunes it; real crossing
# 17781895.87).  The printed number appears with the numerator $b + \lambda$ (Prior numerator "1"):
# there the exact breakpoint is **25680603**, the real crossing 25680602.08 - whose floor is the
# printed 25680602.

# %%
bp = seq.breakpoints["c2"]
assert bp.breakpoint == 17781896
lo, hi = bp.crossing
assert 17781895 < lo <= hi < 17781896 and f"{float((lo + hi) / 2):.2f}" == "17781895.87"

prior_1 = Prior(Fraction(1, 2), Fraction(1, 2), "1")
seq_1 = knorm_sequence(tree, prior_1)
bp_1 = seq_1.breakpoints["c2"]
display(Markdown("**c2's breakpoint** under the two numerators"))
show_table(["numerator"] + BREAKPOINT_HEADER,
           [("J-1", *breakpoint_rows([bp])[0]), ("1", *breakpoint_rows([bp_1])[0])])
display(Markdown("**k-norm sequence, numerator 1**"))
show_table(["k in", "leaves", "pruned at start"], stage_rows(seq_1))
assert bp_1.breakpoint == 25680603
lo1, hi1 = bp_1.crossing
assert 25680602 < lo1 <= hi1 < 25680603 and f"{float((lo1 + hi1) / 2):.2f}" == "25680602.08"
PRINTED = 25680602
assert int(lo1) == PRINTED != bp_1.breakpoint

# %% [markdown]
# Under numerator "1" the k = 2 tree is not Figure B.1(d): c211 is pruned at k = 2 and c21 only
# at k = 3, so the printed figure mixes the two conventions.  Neither is decided by floats here:
# below, the certified sign of $F(k) = R_\text{leaf}(c_2, k) - R(T_{c_2}, k)$ (negative: c2 is pruned) at the printed k and the one after
# it, and a plain float64 evaluation (lgamma, log-sum-exp, k-th roots).  The float64 k-th roots
# of the two moments agree to about 1e-15 relative at these k, so only a tolerance of that size
# (or flooring the real crossing) turns 25680603 into the printed 25680602.

# %%
import math

c2 = tree.node("c2")
tree_c2 = prune(tree, 3, prior=prior_1).tree.node("c2")   # c2 with its subtree as it stands before the breakpoint
certified = {}
saved, flint.ctx.prec = flint.ctx.prec, 256
try:
    for k in (PRINTED, PRINTED + 1):
        F = leaf_moment_arb(c2.counts, k, prior_1) - subtree_moment_arb(tree_c2, k, prior_1)
        certified[k] = (str(F), "yes" if F < 0 else "no")
        assert (F < 0) == (k >= bp_1.breakpoint) and (F < 0 or F > 0)
finally:
    flint.ctx.prec = saved
display(Markdown("**Certified F(k)** at 256 bits (F < 0: the leaf is better, PruneTree prunes c2)"))
show_table(["k", "certified F(k)", "c2 pruned"], [(k, f"`{F}`", pruned) for k, (F, pruned) in certified.items()])


def log_leaf_f64(counts, k, lam=0.5, numerator="1"):
    n, J = sum(counts), len(counts)
    a = n - max(counts) + (1 if numerator == "1" else J - 1) * lam
    d = n + J * lam
    return math.lgamma(a + k) - math.lgamma(a) - math.lgamma(d + k) + math.lgamma(d)


def log_subtree_f64(node, k):
    if node.is_leaf:
        return log_leaf_f64(node.counts, k)
    terms = [math.log((ch.n + 0.5) / (node.n + 0.5 * len(node.children))) + log_subtree_f64(ch, k)
             for ch in node.children]
    top = max(terms)
    return top + math.log(sum(math.exp(t - top) for t in terms))


float64_rows = []
for k in (PRINTED, PRINTED + 1):
    leaf_root = math.exp(log_leaf_f64(c2.counts, k) / k)
    sub_root = math.exp(log_subtree_f64(tree_c2, k) / k)
    float64_rows.append((k, repr(leaf_root), repr(sub_root), f"{(leaf_root - sub_root) / leaf_root:.2e}"))
    assert abs(leaf_root - sub_root) / leaf_root < 1e-13
display(Markdown("**float64** k-th roots of the two moments"))
show_table(["k", "k-norm of the leaf c2", "k-norm of c2's subtree", "relative gap"], float64_rows)
