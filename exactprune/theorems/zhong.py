"""Checked statements of Zhong's dissertation, chapters 4 and 5 (k-norm estimation and pruning).

Every statement is decided exactly (Fractions) or certified (arb balls, rational brackets);
only Theorem 4.1 / Corollary 4.2 are statistical (Monte Carlo, tolerance in standard errors).

Notation (App C): a leaf l has B_l = b_l + c*lam and M_l = n_l + J*lam (c = J-1, Zhong 4.29),
f_k(B, M) = g_k(B)/g_k(M) with g_k the rising factorial (C.25)-(C.26).

Findings (each is a registered theorem; see ``violation_note`` of each):

* Thm 4.3 needs both conditions: eta > lam*J and lam > 1/((K-1)(J-1)) each admit effective
  splits that do not decrease the 1-norm (``theorem_4_3_counterexamples``).
* Thm 5.6 as printed ("maintains iff all classes are equally distributed in each leaf") is
  false at lam = 0 (allowed by 0 <= eta <= lam*J): every ineffective split maintains the
  1-norm then.  Cor 5.7 as printed is false at k = 1: an ineffective split whose leaves are
  uniform maintains the 1-norm (Thm 5.6's own equality case); it holds for k >= 2, lam > 0.
* Lemma 5.2's proof line (C.38) prints g_{k+1}(X)(X+k) where g_k(X)(X+k) is meant
  (see proofs/lemma_5_2_identity.py).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Optional

from . import Theorem, Verdict, correction, expand_corrections, pin
from .strategies import (ETAS, LAMS, count_trees, etas, lams, prior_of, rationals, to_tree,
                         pruned_moment)
from ..numbers import fraction_str, rising
from ..tree import all_prunings

MC_SAMPLES = 20000
MC_Z = 5  # tolerance, in standard errors


def _st():
    from hypothesis import strategies as st
    return st


def f_k(B, M, k: int) -> Fraction:
    """f_k(B, M) = g_k(B)/g_k(M) (Zhong C.26), exactly; the k-th moment of a leaf.

    >>> f_k(Fraction(3, 2), Fraction(100), 1)        # Zhong (4.16): 0.015
    Fraction(3, 200)
    """
    return Fraction(rising(Fraction(B), k)) / Fraction(rising(Fraction(M), k))


def leaf_BM(counts, prior) -> tuple:
    """(B, M) of a node as a leaf: B = b + c lam, M = n + J lam (Zhong 4.29, App C)."""
    n = sum(counts)
    return (Fraction(n - max(counts)) + prior.error_offset(len(counts)), Fraction(n) + len(counts) * prior.lam)


def _tree_json(node) -> dict:
    out = {"counts": list(node.counts)}
    if node.children:
        out["children"] = [_tree_json(c) for c in node.children]
    return out


def _prior_show(prior) -> dict:
    return {"lam": fraction_str(prior.lam), "eta": fraction_str(prior.eta), "numerator": prior.numerator}


# ------------------------------------------------------------------------------------------
# Theorem 4.1 and Corollary 4.2: Monte Carlo
# ------------------------------------------------------------------------------------------

def _mc_cases(routing: str = "hard", coupling: str = "independent", ks=(1, 2, 3, 4)):
    st = _st()
    return st.fixed_dictionaries({
        "tree": count_trees((2, 3), max_depth=2, max_children=3, max_count=10),
        "lam": st.sampled_from(list(LAMS)), "eta": st.sampled_from([e for e in ETAS if e > 0]),
        "k": st.sampled_from(list(ks)), "mc_seed": st.integers(0, 2 ** 31 - 1),
        "routing": st.just(routing), "coupling": st.just(coupling)})


def _mc_violations():
    st = _st()
    sharp = {"tree": {"counts": [30, 6], "children": [{"counts": [30, 0]}, {"counts": [0, 6]}]},
             "lam": Fraction(1, 2), "eta": Fraction(1, 2), "k": 2, "mc_seed": 7}
    return st.one_of(
        st.just({**sharp, "routing": "soft", "coupling": "independent"}),
        st.just({**sharp, "routing": "hard", "coupling": "sorted"}),
        _mc_cases("soft", "independent", ks=(2, 3, 4)),
        _mc_cases("hard", "sorted"))


def check_4_1(case: dict) -> Verdict:
    """Thm 4.1 / Cor 4.2 (4.8), (4.10), (4.28): the Monte Carlo mean of r^k, drawing the class and
    child probabilities from the posterior and routing X, agrees with the exact
    sum_c E[r_c^k] P*[A_c|A_d] within ``MC_Z`` standard errors."""
    from ..knorm import Prior, subtree_moment
    from ..montecarlo import simulate_knorm
    tree = to_tree(case["tree"])
    prior = Prior(case["lam"], case["eta"], "J-1")
    exact_value = subtree_moment(tree.root, case["k"], prior)
    est = simulate_knorm(tree.root, case["k"], case["lam"], case["eta"], MC_SAMPLES, case["mc_seed"],
                         case.get("routing", "hard"), case.get("coupling", "independent"))
    z = abs(est.mean - float(exact_value)) / max(est.stderr, 1e-12)
    return Verdict(z <= MC_Z, {"tree": case["tree"], **_prior_show(prior), "k": case["k"],
                               "routing": case.get("routing", "hard"),
                               "coupling": case.get("coupling", "independent"),
                               "exact_4.28": fraction_str(exact_value), "exact_approx": float(exact_value),
                               "monte_carlo_mean": est.mean, "standard_error": est.stderr,
                               "z": round(z, 3), "tolerance_z": MC_Z, "samples": est.samples,
                               "mc_seed": est.seed})


# ------------------------------------------------------------------------------------------
# Theorem 4.3
# ------------------------------------------------------------------------------------------

def _b(counts) -> int:
    return sum(counts) - max(counts)


def _effective(tree: dict) -> bool:
    return sum(_b(c["counts"]) for c in tree["children"]) <= _b(tree["counts"]) - 1


def _cases_4_3(eta_mode: str = "ok", lam_mode: str = "ok"):
    """One-level effective splits; eta_mode/lam_mode 'ok' (within the conditions) or 'over'."""
    st = _st()

    @st.composite
    def build(draw):
        tree = draw(count_trees((2, 3, 4), max_depth=1, max_children=4, max_count=12).filter(_effective))
        J, K = len(tree["counts"]), len(tree["children"])
        bound = Fraction(1, (K - 1) * (J - 1))
        if lam_mode == "ok":
            lam = bound * draw(rationals(Fraction(1, 8), Fraction(1), (1, 2, 3, 4, 8)))
        else:
            lam = bound * draw(rationals(Fraction(9, 8), Fraction(12), (1, 2, 4)))
        if eta_mode == "ok":
            eta = lam * J * draw(rationals(Fraction(0), Fraction(1), (1, 2, 3, 4)))
        else:
            eta = lam * J * draw(rationals(Fraction(9, 8), Fraction(40), (1, 2, 4)))
        return {"tree": tree, "lam": lam, "eta": eta}

    return build()


def check_4_3(case: dict) -> Verdict:
    """Thm 4.3: an effective split (sum_c b_c < b_t) decreases the 1-norm: r_tree < r_leaf (C.19)-(C.20)."""
    from ..knorm import Prior, leaf_moment, subtree_moment
    tree = to_tree(case["tree"])
    prior = Prior(case["lam"], case["eta"], "J-1")
    J, K = tree.n_classes, len(tree.root.children)
    r_leaf = leaf_moment(tree.root.counts, 1, prior)
    r_tree = subtree_moment(tree.root, 1, prior)
    return Verdict(r_tree < r_leaf, {"tree": case["tree"], **_prior_show(prior), "J": J, "K": K,
                                     "lam_bound_1/((K-1)(J-1))": fraction_str(Fraction(1, (K - 1) * (J - 1))),
                                     "eta_bound_lam*J": fraction_str(prior.lam * J),
                                     "r_leaf": fraction_str(r_leaf), "r_tree": fraction_str(r_tree),
                                     "r_tree_minus_r_leaf": fraction_str(r_tree - r_leaf)})


def theorem_4_3_counterexamples() -> dict:
    """Exact effective splits violating one condition of Thm 4.3 at a time, each with
    r_tree >= r_leaf (so each condition is needed):

    >>> ce = theorem_4_3_counterexamples()
    >>> ce["eta_over_lam_J"]["r_tree"] >= ce["eta_over_lam_J"]["r_leaf"]
    True
    >>> ce["lam_over_bound"]["r_tree"] >= ce["lam_over_bound"]["r_leaf"]
    True
    """
    from ..knorm import Prior, leaf_moment, subtree_moment
    out = {}
    examples = {
        # eta > lam*J (lam within its bound): weights near uniform favour the tiny noisy child
        "eta_over_lam_J": ({"counts": [10, 1], "children": [{"counts": [10, 0]}, {"counts": [0, 1]}]},
                           Fraction(1, 2), Fraction(100)),
        # lam > 1/((K-1)(J-1)) (eta = lam*J, within its bound)
        "lam_over_bound": ({"counts": [9, 1], "children": [{"counts": [9, 0]}, {"counts": [0, 1]}]},
                           Fraction(2), Fraction(4)),
        # lam > 1/((K-1)(J-1)) even with eta = 0
        "lam_over_bound_eta_0": ({"counts": [10, 13], "children": [{"counts": [0, 4]}, {"counts": [10, 9]}]},
                                 Fraction(3), Fraction(0)),
    }
    for key, (data, lam, eta) in examples.items():
        tree = to_tree(data)
        prior = Prior(lam, eta, "J-1")
        out[key] = {"tree": data, "lam": lam, "eta": eta, "r_leaf": leaf_moment(tree.root.counts, 1, prior),
                    "r_tree": subtree_moment(tree.root, 1, prior)}
    return out


# ------------------------------------------------------------------------------------------
# Lemma 5.1 and Lemma 5.2: certified by rational brackets of the implicit solution
# ------------------------------------------------------------------------------------------

def _bisect_increasing(func, target: Fraction, lo: Fraction, hi: Fraction, decide, steps: int = 200):
    """Bracket the x in (lo, hi) with func(x) = target (func increasing, func(lo) < target < func(hi))
    and call decide(lo, hi) -> True/False/None after each halving; returns (decision, lo, hi)."""
    for _ in range(steps):
        verdict = decide(lo, hi)
        if verdict is not None:
            return verdict, lo, hi
        mid = (lo + hi) / 2
        value = func(mid)
        if value == target:
            return decide(mid, mid), mid, mid
        if value < target:
            lo = mid
        else:
            hi = mid
    return None, lo, hi


def _lemma_5_1_cases(mode: str = "ok"):
    st = _st()

    @st.composite
    def build(draw):
        Mc = draw(rationals(Fraction(1, 2), Fraction(30), (1, 2, 3, 4)))
        Bc = Mc * draw(rationals(Fraction(1, 16), Fraction(15, 16), (16,)))
        if mode == "ok":
            Md = Mc + draw(rationals(Fraction(1, 4), Fraction(40), (1, 2, 4)))
        elif mode == "larger":
            Md = Mc * draw(rationals(Fraction(1, 8), Fraction(7, 8), (8,)))
            if Md <= Bc:  # keep a solution s in (0, M_d): need f_k(B_c, M_c) < 1 only
                Md = (Bc + Mc) / 2
        else:
            Md = Mc
        return {"B_c": Bc, "M_c": Mc, "M_d": Md, "k": draw(st.integers(1, 6))}

    return build()


def check_5_1(case: dict) -> Verdict:
    """Lemma 5.1 (C.29)-(C.36): if f_k(B_c, M_c) = f_k(s, M_d) with 0 < B_c < M_c < M_d, then
    f_{k+1}(B_c, M_c) > f_{k+1}(s, M_d).  s is bracketed by exact rationals until the sign is certain."""
    Bc, Mc, Md, k = Fraction(case["B_c"]), Fraction(case["M_c"]), Fraction(case["M_d"]), case["k"]
    target = f_k(Bc, Mc, k) * rising(Md, k)        # g_k(s) = target
    lhs = f_k(Bc, Mc, k + 1)

    def decide(lo, hi):
        if lhs > f_k(hi, Md, k + 1):
            return True
        if lhs <= f_k(lo, Md, k + 1):
            return False
        return None

    hi = Md
    while rising(hi, k) <= target:
        hi *= 2
    decision, lo, hi = _bisect_increasing(lambda s: Fraction(rising(s, k)), target, Fraction(0), hi, decide)
    details: dict[str, object] = {k_: fraction_str(Fraction(case[k_])) for k_ in ("B_c", "M_c", "M_d")}
    details.update({"k": k, "f_k(B_c,M_c)": fraction_str(f_k(Bc, Mc, k)), "s_bracket": [fraction_str(lo), fraction_str(hi)],
                    "f_k+1(B_c,M_c)": fraction_str(lhs), "f_k+1(s_hi,M_d)": fraction_str(f_k(hi, Md, k + 1)),
                    "decided": decision is not None})
    if decision is None:
        raise RuntimeError(f"Lemma 5.1 undecided after 200 bisections: {details}")
    return Verdict(decision, details)


def _lemma_5_2_cases(mode: str = "ok"):
    st = _st()

    @st.composite
    def build(draw):
        m = draw(st.integers(1, 4))
        xs = draw(st.lists(rationals(Fraction(1, 4), Fraction(12), (1, 2, 4)), min_size=m, max_size=m))
        if draw(st.booleans()) and mode == "ok":
            xs = [xs[0]] * m  # the equality case
        raw = draw(st.lists(st.integers(1, 9), min_size=m, max_size=m))
        weights = [Fraction(r, sum(raw)) for r in raw]
        if mode == "weights_over_one":
            scale = draw(rationals(Fraction(5, 4), Fraction(3), (4,)))
            weights = [w * scale for w in weights]
        return {"x": xs, "p": weights, "k": draw(st.integers(1, 6))}

    return build()


def check_5_2(case: dict) -> Verdict:
    """Lemma 5.2 (C.37)-(C.45): if sum_i p_i g_k(x_i) = g_k(X), x_i > 0, p_i > 0, sum p_i = 1, then
    sum_i p_i g_{k+1}(x_i) >= g_{k+1}(X), with equality iff x_i = X for all i.  X is bracketed by
    exact rationals until the (strict) sign is certain; the equality case is exact."""
    xs = [Fraction(x) for x in case["x"]]
    ps = [Fraction(p) for p in case["p"]]
    k = case["k"]
    target = sum(p * rising(x, k) for p, x in zip(ps, xs))
    lhs = sum(p * rising(x, k + 1) for p, x in zip(ps, xs))
    details = {"x": [fraction_str(x) for x in xs], "p": [fraction_str(p) for p in ps], "k": k,
               "sum_p": fraction_str(sum(ps)), "sum_p_g_k+1": fraction_str(lhs)}
    all_equal = len(set(xs)) == 1
    if all_equal and sum(ps) == 1:
        rhs = Fraction(rising(xs[0], k + 1))
        details.update({"X": fraction_str(xs[0]), "g_k+1(X)": fraction_str(rhs), "equality_case": True})
        return Verdict(lhs == rhs, details)

    def decide(lo, hi):
        if lhs > rising(hi, k + 1):
            return True          # strict, as required when the x_i differ
        if lhs <= rising(lo, k + 1):
            return False
        return None

    hi = max(xs) * 4 + 1
    while rising(hi, k) <= target:
        hi *= 2
    decision, lo, hi = _bisect_increasing(lambda s: Fraction(rising(s, k)), target, Fraction(0), hi, decide)
    details.update({"X_bracket": [fraction_str(lo), fraction_str(hi)], "equality_case": False,
                    "g_k+1(X_hi)": fraction_str(Fraction(rising(hi, k + 1)))})
    if decision is None:
        raise RuntimeError(f"Lemma 5.2 undecided after 200 bisections: {details}")
    return Verdict(decision, details)


# ------------------------------------------------------------------------------------------
# Theorem 5.3, Corollary 5.4, Theorem 5.5
# ------------------------------------------------------------------------------------------

K_MAX = 8


def _tree_prior_cases(include_zero_lam: bool = False, max_depth: int = 2, max_children: int = 3,
                      numerators=("J-1", "1"), allow_empty: bool = False, extra: Optional[list] = None,
                      lam_zero_too: bool = False):
    """Trees with a prior: lam > 0, lam = 0 only (``include_zero_lam``) or lam >= 0 with lam = 0
    drawn with positive probability (``lam_zero_too``: Table A.1's lam >= 0)."""
    st = _st()
    lam = st.just(Fraction(0)) if include_zero_lam else lams(include_zero=lam_zero_too)
    base = st.fixed_dictionaries({
        "tree": count_trees((2, 3), max_depth=max_depth, max_children=max_children, max_count=10,
                            allow_empty=allow_empty and not include_zero_lam),
        "lam": lam, "eta": etas(), "numerator": st.sampled_from(list(numerators))})
    if extra:
        return st.one_of(st.sampled_from(extra), base)
    return base


#: Zhong's notation (Table A.1), part of every chapter 4-5 statement's hypotheses
TABLE_A1 = "Table A.1: J >= 2, K_d >= 2, lam >= 0, eta >= 0, n_t > 0 for every node (so M_c < M_d)"


def _case(counts, children, lam, eta, numerator="J-1", **extra) -> dict:
    """A one-level case in dict form (pinned boundary cases)."""
    return {"tree": {"counts": list(counts), "children": [{"counts": list(c)} for c in children]},
            "lam": Fraction(lam), "eta": Fraction(eta), "numerator": numerator, **extra}


#: boundary cases with lam > 0: eta = 0 with single-class leaves and a tied root, tied (uniform)
#: leaves, a single-class node split into single-class leaves, the b + lam numerator, J = 3 ties
BOUNDARY = (_case((2, 2), ((2, 0), (0, 2)), "1/4", 0),
            _case((2, 2), ((1, 1), (1, 1)), "1/2", 0),
            _case((3, 0), ((2, 0), (1, 0)), "1/2", "1/2"),
            _case((1, 1, 1), ((1, 0, 0), (0, 1, 1)), 1, 0, "1"))
#: the same with lam = 0 (Table A.1 allows it): a pure split, and ties
BOUNDARY_LAM0 = (_case((3, 0), ((2, 0), (1, 0)), 0, "1/2"),
                 _case((2, 2), ((2, 0), (0, 2)), 0, 0),
                 _case((2, 2), ((1, 1), (1, 1)), 0, 0))


_EMPTY_CHILD = {"tree": {"counts": [1, 0], "children": [{"counts": [1, 0]}, {"counts": [0, 0]}]},
                "lam": Fraction(1, 4), "eta": Fraction(0), "numerator": "J-1"}
#: outside Table A.1 (an empty child) with eta = 0, for Thm 5.6 and Thm 5.9
_EMPTY_CHILD_5_6 = _case((2, 1), ((2, 1), (0, 0)), "1/2", 0)
_EMPTY_CHILD_5_9 = _case((10, 10), ((10, 0), (0, 10), (0, 0)), "1/2", 0)
#: lam = 0 counterexamples (erratum zhong-5.6-lam0, zhong-5.9-lam0)
_INEFFECTIVE_LAM0 = _case((3, 1), ((2, 1), (1, 0)), 0, 0)
_PURE_SPLIT_ETA0 = _case((3, 0), ((2, 0), (1, 0)), 0, 0)
_LAM0_5_9 = _case((10, 9), ((10, 0), (0, 9)), 0, "1/2")
#: ineffective splits at the boundaries with lam > 0: eta = 0, eta = lam J, uniform (tied) leaves, a
#: single-class leaf, J = 3
_INEFFECTIVE_BOUNDARY = (_case((2, 2), ((1, 1), (1, 1)), "1/2", 0),
                         _case((2, 2), ((1, 1), (1, 1)), "1/2", 1),
                         _case((3, 1), ((2, 1), (1, 0)), "1/4", "1/2"),
                         _case((4, 1, 1), ((2, 1, 0), (2, 0, 1)), 1, 3))
_PURE_SPLIT = {"tree": {"counts": [3, 0], "children": [{"counts": [2, 0]}, {"counts": [1, 0]}]},
               "lam": Fraction(0), "eta": Fraction(1, 2), "numerator": "J-1"}


def check_5_3(case: dict) -> Verdict:
    """Thm 5.3 (C.27)-(C.28): for every internal node d and k = 1..K_MAX, if R(T_d, k) >= R_leaf(d, k)
    then R(T_d, k+1) > R_leaf(d, k+1) (subtrees as they stand), exactly."""
    from ..knorm import leaf_moment, subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    applied = 0
    for node in tree.nodes():
        if node.is_leaf:
            continue
        tree_m = [None] + [subtree_moment(node, k, prior) for k in range(1, K_MAX + 2)]
        leaf_m = [None] + [leaf_moment(node.counts, k, prior) for k in range(1, K_MAX + 2)]
        for k in range(1, K_MAX + 1):
            if tree_m[k] >= leaf_m[k]:
                applied += 1
                if not tree_m[k + 1] > leaf_m[k + 1]:
                    return Verdict(False, {"tree": case["tree"], **_prior_show(prior), "node": node.name, "k": k,
                                           "R_tree_k": fraction_str(tree_m[k]), "R_leaf_k": fraction_str(leaf_m[k]),
                                           "R_tree_k+1": fraction_str(tree_m[k + 1]),
                                           "R_leaf_k+1": fraction_str(leaf_m[k + 1])})
    return Verdict(True, {"tree": case["tree"], **_prior_show(prior), "premise_applied": applied})


def _internal_names(tree) -> set:
    return {n.name for n in tree.nodes() if not n.is_leaf}


def _cases_5_4(epsilon: bool = False):
    st = _st()
    base = _tree_prior_cases(max_depth=3, max_children=2, lam_zero_too=not epsilon)   # Table A.1's lam >= 0
    if not epsilon:
        return base
    # D_k = R_leaf(k) - R_tree(k): D_1 = 1/9 < epsilon = 1/8 < D_2 = 563/4275: pruned at k = 1, kept at k = 2
    known = {"tree": {"counts": [4, 4, 4], "children": [{"counts": [0, 2, 4]}, {"counts": [4, 2, 0]}]},
             "lam": Fraction(4), "eta": Fraction(1, 2), "numerator": "J-1", "epsilon": Fraction(1, 8)}
    return st.one_of(st.just(known), st.builds(lambda c, e: {**c, "epsilon": e}, base,
                                               rationals(Fraction(1, 100), Fraction(1, 5), (100,))))


def check_5_4(case: dict) -> Verdict:
    """Cor 5.4: T_{k+1} (PruneTree at k+1) is a pruning of T_k, for k = 1..K_MAX: the kept splits
    of T_{k+1} are a subset of those of T_k.  ``epsilon`` (violations only) is PruneTree's margin."""
    from ..knorm import prune
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    eps = case.get("epsilon", 0)
    previous = None
    kept_by_k = {}
    for k in range(1, K_MAX + 2):
        kept = _internal_names(prune(tree, k, prior=prior, epsilon=eps).tree)
        kept_by_k[k] = sorted(kept)
        if previous is not None and not kept <= previous:
            return Verdict(False, {"tree": case["tree"], **_prior_show(prior), "epsilon": fraction_str(Fraction(eps)),
                                   "k": k - 1, "kept_at_k": sorted(previous), "kept_at_k+1": sorted(kept)})
        previous = kept
    return Verdict(True, {"tree": case["tree"], **_prior_show(prior), "kept_by_k": kept_by_k})


def _pure_trees_lam0():
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.sampled_from([2, 3]))
        cls = draw(st.integers(0, J - 1))
        K = draw(st.integers(2, 3))
        children = []
        for _ in range(K):
            c = [0] * J
            c[cls] = draw(st.integers(1, 9))
            children.append({"counts": c})
        counts = [sum(ch["counts"][j] for ch in children) for j in range(J)]
        return {"tree": {"counts": counts, "children": children}, "lam": Fraction(0),
                "eta": draw(etas()), "numerator": "J-1"}

    return build()


def check_5_5(case: dict) -> Verdict:
    """Thm 5.5: ||r||_k < ||r||_{k+1} for every node (subtree as it stands), k = 1..K_MAX, decided
    exactly as E[r^k]^(k+1) < E[r^(k+1)]^k."""
    from ..knorm import subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    for node in tree.nodes():
        moments = [None] + [subtree_moment(node, k, prior) for k in range(1, K_MAX + 2)]
        for k in range(1, K_MAX + 1):
            if not moments[k] ** (k + 1) < moments[k + 1] ** k:
                return Verdict(False, {"tree": case["tree"], **_prior_show(prior), "node": node.name, "k": k,
                                       "E[r^k]": fraction_str(moments[k]), "E[r^(k+1)]": fraction_str(moments[k + 1])})
    return Verdict(True, {"tree": case["tree"], **_prior_show(prior), "k_checked": f"1..{K_MAX + 1}"})


# ------------------------------------------------------------------------------------------
# Theorem 5.6 and Corollary 5.7: ineffective splits
# ------------------------------------------------------------------------------------------

def _ineffective_cases(eta_mode: str = "ok", lam_zero: bool = True):
    """One-level ineffective splits (a common majority class in every leaf), lam >= 0 (0 allowed by
    0 <= eta <= lam J; lam > 0 only when not ``lam_zero``), eta in [0, lam J] ('ok', both ends
    drawn with positive probability) or above ('over'); sometimes uniform leaves."""
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.sampled_from([2, 3]))
        K = draw(st.integers(2, 3))
        top = draw(st.integers(0, J - 1))
        uniform = draw(st.booleans())
        children = []
        for _ in range(K):
            if uniform:
                c = [draw(st.integers(1, 5))] * J
            else:
                c = draw(st.lists(st.integers(0, 8), min_size=J, max_size=J))
                c[top] = max(c) if max(c) > 0 else 1
            children.append({"counts": c})
        counts = [sum(ch["counts"][j] for ch in children) for j in range(J)]
        if eta_mode == "ok":
            lam = draw(st.one_of(lams(), st.just(Fraction(0)))) if lam_zero else draw(lams())
            eta = lam * J * draw(st.one_of(st.sampled_from([Fraction(0), Fraction(1)]),
                                           rationals(Fraction(0), Fraction(1), (1, 2, 4))))
        else:
            lam = draw(lams())
            eta = lam * J * draw(rationals(Fraction(5, 4), Fraction(40), (1, 4)))
        return {"tree": {"counts": counts, "children": children}, "lam": lam, "eta": eta, "numerator": "J-1"}

    return build()


def _uniform_leaves(node) -> bool:
    return all(len(set(c.counts)) == 1 for c in node.children)


def check_5_6(case: dict) -> Verdict:
    """Thm 5.6 (C.58)-(C.64): an ineffective split never decreases the 1-norm (r_tree >= r_leaf) and
    maintains it (r_tree = r_leaf) iff all classes are equally distributed in each leaf."""
    from ..knorm import leaf_moment, subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    r_leaf = leaf_moment(tree.root.counts, 1, prior)
    r_tree = subtree_moment(tree.root, 1, prior)
    uniform = _uniform_leaves(tree.root)
    never_decreases = r_tree >= r_leaf
    iff = (r_tree == r_leaf) == uniform
    return Verdict(never_decreases and iff, {
        "tree": case["tree"], **_prior_show(prior), "r_leaf": fraction_str(r_leaf), "r_tree": fraction_str(r_tree),
        "never_decreases": never_decreases, "maintained": r_tree == r_leaf, "leaves_uniform": uniform,
        "iff_clause_holds": iff})


def check_5_7(case: dict, k_min: int = 1) -> Verdict:
    """Cor 5.7: an ineffective split increases the k-norm (R_tree(k) > R_leaf(k)) for every k >= 1
    (checked for k = ``k_min``..6; the corrected corollary starts at k = 2)."""
    from ..knorm import leaf_moment, subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    for k in range(k_min, 7):
        r_leaf = leaf_moment(tree.root.counts, k, prior)
        r_tree = subtree_moment(tree.root, k, prior)
        if not r_tree > r_leaf:
            return Verdict(False, {"tree": case["tree"], **_prior_show(prior), "k": k, "R_leaf": fraction_str(r_leaf),
                                   "R_tree": fraction_str(r_tree), "leaves_uniform": _uniform_leaves(tree.root)})
    return Verdict(True, {"tree": case["tree"], **_prior_show(prior), "k_checked": f"{k_min}..6"})


def check_5_7_corrected(case: dict) -> Verdict:
    """Cor 5.7 corrected (k >= 2, lam > 0, via Thm 5.3): R_tree(k) > R_leaf(k) for k = 2..6."""
    return check_5_7(case, k_min=2)


# ------------------------------------------------------------------------------------------
# Theorem 5.8: the limit is unity (certified)
# ------------------------------------------------------------------------------------------

K_SEARCH_LIMIT = 1 << 62


def knorm_exceeds(node, k: int, prior, eps: Fraction) -> bool:
    """Certified: is ||r||_k > 1 - eps, i.e. E[r^k] > (1 - eps)^k?  Arb balls, no tolerance; an
    exact tie (which arb cannot prove, e.g. E[r] = 1 - eps at k = 1) is settled by exact
    rationals when k <= EXACT_K_LIMIT."""
    from ..knorm import EXACT_K_LIMIT, subtree_moment, subtree_moment_arb
    from ..numbers import CertificationError, arb_of, certified_sign
    try:
        return certified_sign(lambda: subtree_moment_arb(node, k, prior) - arb_of(1 - eps) ** k,
                              max_prec=1 << 12) > 0
    except CertificationError:
        if k > EXACT_K_LIMIT:
            raise
        return subtree_moment(node, k, prior) > (1 - eps) ** k


def check_5_8(case: dict) -> Verdict:
    """Thm 5.8 (C.65)-(C.72): for the given eps, find (by doubling) a k with ||r_root||_k > 1 - eps,
    certified; confirm at 10k and 1000k (beyond it, by Thm 5.5 monotonicity)."""
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    eps = Fraction(case["eps"])
    details = {"tree": case["tree"], **_prior_show(prior), "eps": fraction_str(eps)}
    if all(leaf_BM(leaf.counts, prior)[0] == 0 for leaf in tree.leaves()):
        details["reason"] = "B = 0 at every leaf: E[r^k] = 0 for every k, the limit is 0"
        return Verdict(False, details)
    k = 1
    while not knorm_exceeds(tree.root, k, prior, eps):
        k *= 2
        if k > K_SEARCH_LIMIT:
            details["reason"] = "no k <= 2^62 with k-norm > 1 - eps"
            return Verdict(False, details)
    confirmed = all(knorm_exceeds(tree.root, m, prior, eps) for m in (10 * k, 1000 * k))
    details.update({"k_found": k, "confirmed_at": [10 * k, 1000 * k]})
    return Verdict(confirmed, details)


def _with_eps(cases, eps: Fraction = Fraction(1, 10)) -> tuple:
    return tuple({**c, "eps": eps} for c in cases)


def _cases_5_8(violation: bool = False, lam_zero_too: bool = False):
    st = _st()
    if violation:
        return st.builds(lambda c, e: {**c, "eps": e}, _pure_trees_lam0(),
                         st.sampled_from([Fraction(1, 2), Fraction(1, 10)]))
    return st.builds(lambda c, e: {**c, "eps": e}, _tree_prior_cases(max_depth=2, lam_zero_too=lam_zero_too),
                     st.sampled_from([Fraction(1, 2), Fraction(1, 10), Fraction(1, 100), Fraction(1, 1000)]))


# ------------------------------------------------------------------------------------------
# Theorem 5.9: both directions
# ------------------------------------------------------------------------------------------

def condition_5_9(node) -> bool:
    """Thm 5.9's condition, computed here independently: max_j n_{j,d} = max_j n_{j,c} for every leaf c."""
    top = max(node.counts)
    return all(max(leaf.counts) == top for leaf in node.leaves())


def _surviving_trees():
    """Trees meeting Thm 5.9's condition: >= 2 majority classes of size T, each leaf holding all of
    at least one majority class, minority classes (< T) spread arbitrarily."""
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.integers(2, 4))
        T = draw(st.integers(1, 9))
        n_major = draw(st.integers(2, J))
        minority = [draw(st.integers(0, T - 1)) for _ in range(J - n_major)]
        n_leaves = draw(st.integers(2, n_major))
        owner = [i % n_leaves for i in range(n_major)]          # every leaf owns >= 1 majority class
        leaves = [[0] * J for _ in range(n_leaves)]
        for cls, leaf in enumerate(owner):
            leaves[leaf][cls] = T
        for m, total in enumerate(minority):
            cls = n_major + m
            for _ in range(total):
                leaves[draw(st.integers(0, n_leaves - 1))][cls] += 1
        nodes = [{"counts": c} for c in leaves]
        while len(nodes) > 2 and draw(st.booleans()):            # group leaves into a deeper tree
            a = nodes.pop(draw(st.integers(0, len(nodes) - 1)))
            b = nodes.pop(draw(st.integers(0, len(nodes) - 1)))
            nodes.append({"counts": [x + y for x, y in zip(a["counts"], b["counts"])], "children": [a, b]})
        root = {"counts": [sum(n["counts"][j] for n in nodes) for j in range(J)], "children": nodes}
        return root

    return build()


def _cases_5_9(violation: bool = False, lam_zero_too: bool = False):
    st = _st()
    if violation:
        lam0 = {"tree": {"counts": [10, 9], "children": [{"counts": [10, 0]}, {"counts": [0, 9]}]},
                "lam": Fraction(0), "eta": Fraction(1, 2), "numerator": "J-1"}
        return st.one_of(st.just(lam0), _pure_split_lam0_distinct())
    # App B, Figure B.1(d)->(e): c2 with leaves c21, c22 stops helping at k = 17781896
    iris_c2 = {"tree": {"counts": [0, 50, 50], "children": [{"counts": [0, 49, 5]}, {"counts": [0, 1, 45]}]},
               "lam": Fraction(1, 2), "eta": Fraction(1, 2), "numerator": "J-1"}
    prior = st.fixed_dictionaries({"lam": lams(include_zero=lam_zero_too), "eta": etas(),
                                   "numerator": st.sampled_from(["J-1", "1"])})
    trees = st.one_of(_surviving_trees(), count_trees((2, 3), max_depth=2, max_children=3, max_count=8))
    return st.one_of(st.just(iris_c2), st.builds(lambda t, p: {"tree": t, **p}, trees, prior))


def _pure_split_lam0_distinct():
    st = _st()

    @st.composite
    def build(draw):
        a, b = draw(st.integers(1, 9)), draw(st.integers(1, 9))
        if a == b:
            b = a + 1
        return {"tree": {"counts": [a, b], "children": [{"counts": [a, 0]}, {"counts": [0, b]}]},
                "lam": Fraction(0), "eta": draw(etas()), "numerator": "J-1"}

    return build()


def check_5_9(case: dict) -> Verdict:
    """Thm 5.9 (C.73)-(C.85), both directions, at the root d:

    * condition holds => R(T_d, k) < R_leaf(d, k) for every k >= 1: proved via (C.73)-(C.74) by the
      exact termwise test M_c - B_c = M_d - B_d and M_c < M_d for every leaf c; spot-checked
      (certified) at k = 1, 2, 10^3, 10^9;
    * condition fails => a finite k with R(T_d, k) >= R_leaf(d, k) is exhibited (certified)."""
    from ..sequence import split_kept, survives_all_k
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    d = tree.root
    cond = condition_5_9(d)
    details = {"tree": case["tree"], **_prior_show(prior), "condition": cond,
               "library_survives_all_k_agrees": survives_all_k(d) == cond}
    if survives_all_k(d) != cond:
        return Verdict(False, details)
    Bd, Md = leaf_BM(d.counts, prior)
    if cond:
        termwise = all((lambda BM: BM[1] - BM[0] == Md - Bd and BM[1] < Md)(leaf_BM(c.counts, prior))
                       for c in d.leaves())
        spot = {k: split_kept(d, k, prior) for k in (1, 2, 1000, 10 ** 9)}
        details.update({"direction": "sufficiency", "termwise_C.73": termwise,
                        "kept_at": {str(k): v for k, v in spot.items()}})
        return Verdict(termwise and all(spot.values()), details)
    details["direction"] = "necessity"
    if Bd > 0 and all(leaf_BM(c.counts, prior)[0] == 0 for c in d.leaves()):
        details["reason"] = "every leaf has B = 0: R(T_d, k) = 0 < R_leaf(d, k) for every k"
        return Verdict(False, details)
    k = 1
    while split_kept(d, k, prior):
        k *= 2
        if k > K_SEARCH_LIMIT:
            details["reason"] = "no k <= 2^62 found where the subtree stops helping"
            return Verdict(False, details)
    lo, hi = k // 2, k                 # kept at lo (if lo >= 1), lost at hi
    while lo >= 1 and hi - lo > 1:
        mid = (lo + hi) // 2
        if split_kept(d, mid, prior):
            lo = mid
        else:
            hi = mid
    details.update({"k_subtree_stops_helping": hi, "kept_at_k-1": bool(hi > 1 and split_kept(d, hi - 1, prior))})
    return Verdict(not split_kept(d, hi, prior), details)


# ------------------------------------------------------------------------------------------
# Property 1: PruneTree equals the brute-force optimum
# ------------------------------------------------------------------------------------------

def _cases_property_1(epsilon: bool = False):
    st = _st()
    trees = st.one_of(count_trees((2, 3), max_depth=3, max_children=2, max_count=8),
                      count_trees((2, 3), max_depth=2, max_children=3, max_count=8))
    base = st.fixed_dictionaries({"tree": trees, "lam": lams(), "eta": etas(),
                                  "numerator": st.sampled_from(["J-1", "1"]), "k": st.integers(1, 6)})
    if not epsilon:
        return base
    return st.builds(lambda c, e: {**c, "epsilon": e}, base, rationals(Fraction(1, 1000), Fraction(1, 10), (1000,)))


def check_property_1(case: dict) -> Verdict:
    """Property 1 (5.1.1, Fig 4.1): PruneTree's k-th moment equals the minimum over all prunings
    (brute force), and the returned tree attains it."""
    from ..knorm import prune, subtree_moment
    tree = to_tree(case["tree"])
    prior = prior_of(case)
    k = case["k"]
    eps = case.get("epsilon", 0)
    values = {p: pruned_moment(tree.root, p, k, prior) for p in all_prunings(tree.root)}
    best = min(values.values())
    result = prune(tree, k, prior=prior, epsilon=eps)
    attained = subtree_moment(result.tree.root, k, prior)
    optimal_sizes = sorted(len(p) for p, v in values.items() if v == best)
    return Verdict(result.moment == best and attained == best, {
        "tree": case["tree"], **_prior_show(prior), "k": k, "epsilon": fraction_str(Fraction(eps)),
        "prunings": len(values), "brute_force_min": fraction_str(best), "prunetree_moment": fraction_str(result.moment),
        "prunetree_splits": len(_internal_names(result.tree)), "optimal_pruning_split_counts": optimal_sizes})


# ------------------------------------------------------------------------------------------
# Figure 5.1
# ------------------------------------------------------------------------------------------

def _rounds_to(value_sq: Fraction, percent: Fraction, places: int) -> bool:
    """Does sqrt(value_sq) round to ``percent`` % at ``places`` decimals?  (exact, via squares)"""
    half = Fraction(1, 2 * 10 ** places) / 100
    lo, hi = percent / 100 - half, percent / 100 + half
    return lo * lo <= value_sq < hi * hi


def figure_5_1_search(n: int = 48, lam: Fraction = Fraction(1)) -> dict:
    """Search leaf error counts b (J in {2, 3}, 2 or 3 leaves of n = 48 examples, lam = 1) for
    Figure 5.1: both subtrees' 1-norm 12% (for every eta: equal leaf sizes give equal weights),
    the left 2-norm 16.2%, the right 12.8%.

    >>> found = figure_5_1_search()
    >>> found["left"][0], found["right"][0]
    ({'J': 2, 'leaves': [[48, 0], [38, 10]]}, {'J': 2, 'leaves': [[43, 5], [43, 5]]})
    """
    from itertools import combinations_with_replacement
    left, right = [], []
    for J in (2, 3):
        b_max = n - -(-n // J)  # n - ceil(n/J)
        for K in (2, 3):
            for bs in combinations_with_replacement(range(b_max + 1), K):
                mean = sum((Fraction(b + (J - 1) * lam, n + J * lam) for b in bs), Fraction(0)) / K
                second = sum((f_k(b + (J - 1) * lam, n + J * lam, 2) for b in bs), Fraction(0)) / K
                if not (Fraction(115, 1000) <= mean < Fraction(125, 1000)):
                    continue
                leaves = [[n - b] + [b] + [0] * (J - 2) for b in bs]
                entry = {"J": J, "leaves": leaves}
                if _rounds_to(second, Fraction(162, 10), 1):
                    left.append(entry)
                if _rounds_to(second, Fraction(128, 10), 1):
                    right.append(entry)
    return {"left": left, "right": right}


def _cases_fig_5_1(violation: bool = False):
    st = _st()
    found = figure_5_1_search()
    left = [{"children": [{"counts": c} for c in e["leaves"]]} for e in found["left"]]
    right = [{"children": [{"counts": c} for c in e["leaves"]]} for e in found["right"]]
    if violation:  # unequal leaf sizes: move one example of the majority class between leaves
        left = [{"children": [{"counts": [47, 0]}, {"counts": [39, 10]}]}]
        right = [{"children": [{"counts": [44, 5]}, {"counts": [42, 5]}]}]
    return st.fixed_dictionaries({"left": st.sampled_from(left), "right": st.sampled_from(right),
                                  "eta": etas(), "eta2": etas()})


def _subtree(children: list) -> dict:
    counts = [sum(c["counts"][j] for c in children) for j in range(len(children[0]["counts"]))]
    return {"counts": counts, "children": children}


def check_fig_5_1(case: dict) -> Verdict:
    """Figure 5.1 with lam = 1: both subtrees have 1-norm 12% regardless of eta (checked exactly at two
    etas: the 1-norm must be the same), 2-norms 16.2% (left) and 12.8% (right) when rounded."""
    from ..knorm import Prior, subtree_moment
    out: dict[str, object] = {"eta": fraction_str(case["eta"]), "eta2": fraction_str(case["eta2"])}
    ok = True
    for side, target in (("left", Fraction(162, 10)), ("right", Fraction(128, 10))):
        data = _subtree(case[side]["children"])
        node = to_tree(data).root
        m1 = subtree_moment(node, 1, Prior(1, case["eta"]))
        m1b = subtree_moment(node, 1, Prior(1, case["eta2"]))
        m2 = subtree_moment(node, 2, Prior(1, case["eta"]))
        good = (m1 == m1b and Fraction(115, 1000) <= m1 < Fraction(125, 1000) and _rounds_to(m2, target, 1))
        ok = ok and good
        out[side] = {"leaves": [c["counts"] for c in case[side]["children"]], "1-norm": fraction_str(m1),
                     "1-norm_at_eta2": fraction_str(m1b), "2nd_moment": fraction_str(m2),
                     "2-norm_approx": round(float(m2) ** 0.5, 6), "matches": good}
    return Verdict(ok, out)


# ------------------------------------------------------------------------------------------
# the registry
# ------------------------------------------------------------------------------------------

THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="zhong-4.1", source="Zhong 2007, Theorem 4.1 and Corollary 4.2, (4.8), (4.10), (4.11), (4.28)",
        statement=("E_X|A_d[r_d^k] = sum_c E_X|A_c[r_c^k] P[A_c|A_d]; with r_c independent of P[A_c|A_d], "
                   "E[r_d^k] = sum_c E[r_c^k] E_P[P[A_c|A_d]] = (4.28). Checked by Monte Carlo: posterior draws "
                   f"of class and child probabilities and routed inputs, {MC_SAMPLES} samples, tolerance {MC_Z} "
                   "standard errors, seed in every verdict."),
        hypotheses="Partitioning, Determinacy (hard routing), r_c independent of P[A_c|A_d]; lam > 0",
        cases=_mc_cases, check=check_4_1, violations=_mc_violations,
        violation_note=("soft routing (P[A_c|A_d,X] in (0,1), Determinacy violated; k >= 2) or errors coupled "
                        "with child probabilities (independence violated): the Monte Carlo mean departs from "
                        "(4.28) by many standard errors (e.g. root (30,6) -> (30,0),(0,6), lam = eta = 1/2, k = 2)."),
        default_examples=12),
    Theorem(
        id="zhong-4.3", source="Zhong 2007, Theorem 4.3, proof App C.3 (C.19)-(C.24)",
        statement="If 0 <= eta <= lam J and lam <= 1/((K_t-1)(J-1)), any effective split decreases the 1-norm error.",
        hypotheses="effective split (sum_c b_c <= b_t - 1); 0 <= eta <= lam J; lam <= 1/((K-1)(J-1))",
        cases=_cases_4_3, check=check_4_3,
        violations=lambda: _st().one_of(_cases_4_3(eta_mode="over"), _cases_4_3(lam_mode="over")),
        violation_note=("both conditions are needed. eta > lam J: root (10,1) -> (10,0),(0,1), lam = 1/2, eta = 100: "
                        "r_tree = 121/844 > r_leaf = 1/8. lam > 1/((K-1)(J-1)): root (9,1) -> (9,0),(0,1), lam = 2, "
                        "eta = 4: r_tree = 2/9 > r_leaf = 3/14; even with eta = 0: (10,13) -> (0,4),(10,9), lam = 3: "
                        "r_tree = 258/575 > r_leaf = 13/29 (theorem_4_3_counterexamples())."),
        default_examples=150),
    Theorem(
        id="zhong-5.1", source="Zhong 2007, Lemma 5.1, proof App C.4.1 (C.29)-(C.36)",
        statement=("If f_k(B_c, M_c) = f_k(s, M_d) and 0 < B_c < M_c < M_d, then f_{k+1}(B_c, M_c) > f_{k+1}(s, M_d) "
                   "(of two leaves with equal k-norm, the smaller has the higher (k+1)-norm)."),
        hypotheses="0 < B_c < M_c < M_d (real), k >= 1; s solves the equation (certified rational bracket)",
        cases=_lemma_5_1_cases, check=check_5_1,
        violations=lambda: _st().one_of(_lemma_5_1_cases("larger"), _lemma_5_1_cases("equal")),
        violation_note=("M_c > M_d (the larger leaf): the inequality reverses; M_c = M_d: equality (s = B_c), "
                        "not strict."),
        default_examples=100),
    Theorem(
        id="zhong-5.2", source="Zhong 2007, Lemma 5.2, proof App C.4.2 (C.37)-(C.45)",
        statement=("If sum_i p_i g_k(x_i) = g_k(X), x_i > 0, p_i > 0, sum p_i = 1, then sum_i p_i g_{k+1}(x_i) >= "
                   "g_{k+1}(X), with equality iff x_i = X for all i."),
        hypotheses="x_i > 0, p_i > 0, sum_i p_i = 1, k >= 1",
        cases=_lemma_5_2_cases, check=check_5_2, violations=lambda: _lemma_5_2_cases("weights_over_one"),
        violation_note=("weights summing to more than 1 (not an average): fails, e.g. one x with p = 2: "
                        "g_{k+1}(X) = 2 g_k(x)(X+k) > 2 g_k(x)(x+k)."),
        default_examples=100),
    Theorem(
        id="zhong-5.3", source="Zhong 2007, Theorem 5.3, proof App C.4.3 (C.46)-(C.55)",
        statement=("If a non-leaf subtree increases or maintains the k-norm error compared to its root as a leaf, "
                   "it increases the (k+1)-norm error. Checked at every internal node, k = 1..8."),
        hypotheses=f"as printed: none beyond {TABLE_A1}; either numerator convention",
        cases=lambda: _tree_prior_cases(lam_zero_too=True), check=check_5_3,
        violations=lambda: _st().one_of(_tree_prior_cases(allow_empty=True), _st().just(_EMPTY_CHILD)),
        violation_note=("outside Table A.1 (an empty child, n_c = 0) with eta = 0 it fails: (1,0) -> (1,0),(0,0), "
                        "lam = 1/4: R_tree = R_leaf for every k (domain note zhong-5.3-empty-child)."),
        erratum="zhong-5.3-lam0", domain=("zhong-5.3-empty-child",),
        pinned=BOUNDARY_LAM0 + BOUNDARY, pinned_violations=(_EMPTY_CHILD,),
        default_examples=100),
    correction(
        statement=("Theorem 5.3 with lam > 0: a subtree that increases or maintains the k-norm increases the "
                   "(k+1)-norm (every internal node, k = 1..8)."),
        hypotheses=f"lam > 0 (unstated in the paper, used in Lemma 5.1: 0 < B_c) and {TABLE_A1}",
        cases=lambda: _tree_prior_cases(), pinned=BOUNDARY,
        violations=lambda: _tree_prior_cases(include_zero_lam=True, extra=[_PURE_SPLIT]),
        pinned_violations=(_PURE_SPLIT,),
        violation_note=("lam = 0: a pure node split into pure leaves, e.g. (3,0) -> (2,0),(1,0): R_tree = R_leaf = 0 "
                        "for every k, so 'maintains at k' does not give 'increases at k+1' (erratum zhong-5.3-lam0).")),
    Theorem(
        id="zhong-5.4", source="Zhong 2007, Corollary 5.4 (Property 2)",
        statement="T_{k+1}, the optimal pruning for the (k+1)-norm, is a pruned version of T_k (k = 1..8 checked).",
        hypotheses=f"as printed: none beyond {TABLE_A1} (lam = 0 drawn too); PruneTree with epsilon = 0",
        cases=lambda: _cases_5_4(False), check=check_5_4, violations=lambda: _cases_5_4(True),
        violation_note=("PruneTree with a margin epsilon > 0 on the moments: nesting can fail, because moment "
                        "differences can grow from k to k+1 when errors are large (J = 3, lam = 2)."),
        default_examples=80),
    Theorem(
        id="zhong-5.5", source="Zhong 2007, Theorem 5.5, proof App C.5",
        statement="For any subtree, the k-norm error is strictly increasing in k (checked exactly, k = 1..9).",
        hypotheses=f"as printed: none beyond {TABLE_A1}",
        cases=lambda: _tree_prior_cases(lam_zero_too=True), check=check_5_5, violations=_pure_trees_lam0,
        violation_note=("the printed statement has no hypothesis to drop beyond Table A.1; its failing cases lie "
                        "within it (lam = 0 with pure leaves: every k-norm is 0; erratum zhong-5.5-lam0)."),
        erratum="zhong-5.5-lam0", pinned=BOUNDARY_LAM0 + BOUNDARY, pinned_violations=(_PURE_SPLIT,),
        default_examples=100),
    correction(
        statement="Theorem 5.5 with lam > 0: the k-norm error of any subtree is strictly increasing in k (k = 1..9).",
        hypotheses=f"lam > 0 (unstated: the error is not deterministic) and {TABLE_A1}",
        cases=lambda: _tree_prior_cases(), pinned=BOUNDARY,
        violation_note="lam = 0 with pure leaves: r = 0 almost surely, every k-norm is 0 (not strictly increasing)."),
    Theorem(
        id="zhong-5.6", source="Zhong 2007, Theorem 5.6, proof App C.6 (C.58)-(C.64)",
        statement=("If 0 <= eta <= lam J, an ineffective split never decreases the 1-norm error; it maintains it iff "
                   "all classes are equally distributed in each leaf."),
        hypotheses=f"as printed: ineffective split (sum_c b_c = b_t), 0 <= eta <= lam J; {TABLE_A1}",
        cases=lambda: _ineffective_cases("ok"), check=check_5_6,
        violations=lambda: _st().one_of(_ineffective_cases("over"), _st().just(_EMPTY_CHILD_5_6)),
        violation_note=("eta > lam J: an ineffective split can decrease the 1-norm. Outside Table A.1, an empty "
                        "child with eta = 0: (2,1) -> (2,1),(0,0), lam = 1/2 maintains the 1-norm with non-uniform "
                        "leaves (domain note zhong-5.6-empty-child)."),
        erratum="zhong-5.6-lam0", domain=("zhong-5.6-empty-child",),
        pinned=(_INEFFECTIVE_LAM0,) + _INEFFECTIVE_BOUNDARY, pinned_violations=(_EMPTY_CHILD_5_6,),
        default_examples=150),
    correction(
        statement="Theorem 5.6 with lam > 0 (hence 0 <= eta <= lam J with lam > 0).",
        hypotheses=f"ineffective split, lam > 0 (unstated), 0 <= eta <= lam J; {TABLE_A1}",
        cases=lambda: _ineffective_cases("ok", lam_zero=False), pinned=_INEFFECTIVE_BOUNDARY,
        violations=lambda: _st().one_of(_ineffective_cases("over"), _st().just(_INEFFECTIVE_LAM0)),
        pinned_violations=(_INEFFECTIVE_LAM0,),
        violation_note=("eta > lam J: an ineffective split can decrease the 1-norm; lam = 0: every ineffective split "
                        "maintains it, e.g. (3,1) -> (2,1),(1,0) (erratum zhong-5.6-lam0).")),
    Theorem(
        id="zhong-5.7", source="Zhong 2007, Corollary 5.7",
        statement="If 0 <= eta <= lam J, any ineffective split increases the k-norm error for any k >= 1 (k = 1..6).",
        hypotheses=f"as printed: ineffective split, 0 <= eta <= lam J; {TABLE_A1}",
        cases=lambda: _ineffective_cases("ok"), check=check_5_7, violations=lambda: _ineffective_cases("over"),
        violation_note=("eta > lam J: the 1-norm can decrease. Within the hypotheses it is false at k = 1 "
                        "(erratum zhong-5.7-k1)."),
        erratum="zhong-5.7-k1", pinned=_INEFFECTIVE_BOUNDARY + (_INEFFECTIVE_LAM0,),
        default_examples=150),
    correction(
        statement="Corollary 5.7 for k >= 2 and lam > 0: any ineffective split increases the k-norm (k = 2..6).",
        hypotheses=f"ineffective split, lam > 0, 0 <= eta <= lam J, k >= 2; {TABLE_A1}",
        cases=lambda: _ineffective_cases("ok", lam_zero=False), check=check_5_7_corrected,
        pinned=_INEFFECTIVE_BOUNDARY, pinned_violations=(_PURE_SPLIT_ETA0,),
        violations=lambda: _st().one_of(_ineffective_cases("over"), _st().just(_PURE_SPLIT_ETA0)),
        violation_note=("lam = 0: a pure split (3,0) -> (2,0),(1,0) keeps R_tree = R_leaf = 0 at every k (an "
                        "impure one such as (3,1) -> (2,1),(1,0) does increase the k-norm for k >= 2 even at "
                        "lam = 0); eta > lam J can decrease the norm.")),
    Theorem(
        id="zhong-5.8", source="Zhong 2007, Theorem 5.8, proof App C.7 (C.65)-(C.72)",
        statement=("The k-norm error of any subtree tends to 1 as k -> infinity: for eps, a k is found (certified) "
                   "with ||r||_k > 1 - eps, confirmed at 10k and 1000k."),
        hypotheses=f"as printed: none beyond {TABLE_A1}",
        cases=lambda: _cases_5_8(False, lam_zero_too=True), check=check_5_8, violations=lambda: _cases_5_8(True),
        violation_note=("no hypothesis to drop beyond Table A.1; the failing cases lie within it (lam = 0 with pure "
                        "leaves: the limit is 0; erratum zhong-5.8-lam0)."),
        erratum="zhong-5.8-lam0", pinned=_with_eps(BOUNDARY_LAM0 + BOUNDARY),
        pinned_violations=_with_eps((_PURE_SPLIT,)), default_examples=40),
    correction(
        statement="Theorem 5.8 with lam > 0: the k-norm error of any subtree tends to 1.",
        hypotheses=f"lam > 0 (unstated; some leaf with B > 0 suffices); {TABLE_A1}",
        cases=lambda: _cases_5_8(False), pinned=_with_eps(BOUNDARY),
        violation_note="lam = 0 with pure leaves: E[r^k] = 0 for every k, the limit is 0, not 1."),
    Theorem(
        id="zhong-5.9", source="Zhong 2007, Theorem 5.9, proof App C.8 (C.73)-(C.85)",
        statement=("The subtree at d reduces the k-norm error for all k >= 1 iff max_j n_{j,d} = max_j n_{j,c} for "
                   "all its leaves c. Sufficiency via (C.73)-(C.74) exactly; necessity by exhibiting the finite k "
                   "where the subtree stops helping (certified)."),
        hypotheses=f"as printed: none beyond {TABLE_A1}; either numerator convention; any eta",
        cases=lambda: _cases_5_9(False, lam_zero_too=True), check=check_5_9,
        violations=lambda: _st().one_of(_cases_5_9(True), _st().just(_EMPTY_CHILD_5_9)),
        violation_note=("outside Table A.1, an empty leaf with eta = 0: in (10,10) -> (10,0),(0,10),(0,0) the empty "
                        "leaf (max 0 != 10) breaks the condition, yet it has weight 0 and the subtree reduces the "
                        "k-norm at every k (domain note zhong-5.9-empty-child)."),
        erratum="zhong-5.9-lam0", domain=("zhong-5.9-empty-child",),
        pinned=(_LAM0_5_9,) + BOUNDARY_LAM0 + BOUNDARY, pinned_violations=(_EMPTY_CHILD_5_9,),
        default_examples=60),
    correction(
        statement="Theorem 5.9 with lam > 0 (and, by Table A.1, non-empty leaves).",
        hypotheses=f"lam > 0 (unstated); {TABLE_A1}; either numerator convention; any eta",
        cases=lambda: _cases_5_9(False), pinned=BOUNDARY,
        violations=lambda: _cases_5_9(True), pinned_violations=(_LAM0_5_9,),
        violation_note=("lam = 0: necessity fails; pure leaves with different maxima, e.g. (10,9) -> (10,0),(0,9), "
                        "give R_tree = 0 < R_leaf for every k although the condition fails (erratum zhong-5.9-lam0).")),
    Theorem(
        id="zhong-property-1", source="Zhong 2007, Property 1 (5.1.1) and PruneTree (Fig 4.1)",
        statement="PruneTree returns a pruning whose k-th moment is the minimum over all prunings (brute force).",
        hypotheses="PruneTree with epsilon = 0; any lam, eta, numerator, k",
        cases=lambda: _cases_property_1(False), check=check_property_1, violations=lambda: _cases_property_1(True),
        violation_note="epsilon > 0 (PruneTree's margin): the returned pruning need not be optimal.",
        default_examples=80),
    Theorem(
        id="zhong-fig-5.1", source="Zhong 2007, Figure 5.1 and the text of Lemma 5.2",
        statement=("Two subtrees with leaves of 48 examples have 1-norm error 12% for lam = 1 regardless of eta; "
                   "their 2-norms are 16.2% and 12.8%. Leaf counts found by search (figure_5_1_search): left "
                   "(48,0),(38,10); right (43,5),(43,5)."),
        hypotheses="lam = 1, every leaf covers 48 examples",
        cases=lambda: _cases_fig_5_1(False), check=check_fig_5_1, violations=lambda: _cases_fig_5_1(True),
        violation_note="unequal leaf sizes (47 and 49): the 1-norm depends on eta, so 'regardless of eta' fails.",
        default_examples=30),
])

#: boundary cases (policy point 4) of the statements not paired above: k = 1 and the largest k
#: checked, eta = 0 and eta = lam J, lam = 0 where the hypotheses allow it, ties, single points
THEOREMS = pin(THEOREMS, {
    "zhong-4.1": (_case((2, 2), ((2, 0), (0, 2)), "1/4", "1/2", k=1, mc_seed=1, routing="hard",
                        coupling="independent"),
                  _case((3, 1), ((2, 1), (1, 0)), 2, 2, k=4, mc_seed=2, routing="hard", coupling="independent")),
    "zhong-4.3": (_case((3, 1), ((3, 0), (0, 1)), 1, 2), _case((3, 1), ((3, 0), (0, 1)), 0, 0),
                  _case((2, 2), ((2, 0), (0, 2)), 1, 0),
                  _case((2, 2, 2), ((2, 0, 0), (0, 2, 0), (0, 0, 2)), "1/4", "3/4")),
    "zhong-5.1": ({"B_c": Fraction(1, 32), "M_c": Fraction(1, 2), "M_d": Fraction(3, 4), "k": 1},
                  {"B_c": Fraction(1, 2), "M_c": Fraction(1), "M_d": Fraction(2), "k": 6}),
    "zhong-5.2": ({"x": [Fraction(1, 4)], "p": [Fraction(1)], "k": 1},
                  {"x": [Fraction(1, 4), Fraction(12)], "p": [Fraction(1, 2), Fraction(1, 2)], "k": 6},
                  {"x": [Fraction(2), Fraction(2)], "p": [Fraction(1, 3), Fraction(2, 3)], "k": 1}),
    "zhong-5.4": BOUNDARY,
    "zhong-property-1": tuple({**c, "k": k} for k in (1, 6) for c in BOUNDARY),
    "zhong-fig-5.1": ({"left": {"children": [{"counts": [48, 0]}, {"counts": [38, 10]}]},
                       "right": {"children": [{"counts": [43, 5]}, {"counts": [43, 5]}]},
                       "eta": Fraction(0), "eta2": Fraction(3)},),
})
