"""EBP (exactprune.peers.ebp) against C4.5's and J48's definitions, the exact binomial limit
and an independent mpmath reimplementation."""
from __future__ import annotations

import math
from fractions import Fraction

import flint
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exactprune.numbers import arb_of
from exactprune.peers import ebp as E
from exactprune.tree import Node, Tree, copy_with_leaves
from random_trees import count_trees


def test_c45_z_is_the_interpolated_table_value():
    assert E._c45_coeff(Fraction(1, 4)) == Fraction(277, 400)  # 0.6925
    assert E.ebp_z("0.25", "c45").contains(arb_of(Fraction(277, 400)))


def test_weka_z_is_the_normal_quantile_certified():
    z = E.ebp_z("1/4", "weka")
    with flint.ctx.workprec(200):
        phi = (1 + (z / flint.arb(2).sqrt()).erf()) / 2      # Phi(z) must be 3/4
        assert phi.overlaps(arb_of(Fraction(3, 4)))
        assert z.rad() < flint.arb("1e-40")
    assert abs(float(z.mid()) - 0.6744897501960817) < 1e-15


@pytest.mark.parametrize("variant", ["c45", "weka"])
@pytest.mark.parametrize("n", [1, 2, 6, 17, 100])
def test_ebp_zero_errors_is_the_exact_binomial_limit(variant, n):
    """e = 0: N (1 - CF^(1/N)) solves (1 - p)^N = CF exactly."""
    extra = E.ebp_extra_errors(n, 0, "1/4", variant)
    u = E.binomial_upper_limit(n, 0, "1/4", bits=120)
    assert abs(float(extra.mid()) - n * float(u)) < 1e-12
    assert extra.overlaps(arb_of(n * u)) or abs(extra - arb_of(n * u)) < flint.arb(2) ** -100


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_limit_approximates_the_binomial_tail(variant):
    """The normal (Wilson, continuity-corrected) limit is within 1% of N of the exact
    binomial upper limit it approximates, for 1 <= e < N/2, N in 10..200."""
    for n in (10, 25, 60, 200):
        for e in range(1, n // 2, max(1, n // 8)):
            exact_extra = n * E.binomial_upper_limit(n, e, bits=50) - e
            approx = E.ebp_extra_errors(n, e, "1/4", variant)
            assert abs(float(approx.mid()) - float(exact_extra)) <= 0.01 * n, (n, e, variant)


def test_ebp_edge_cases_differ_between_variants():
    assert E.ebp_extra_errors(4, 4, "1/4", "c45").overlaps(arb_of(Fraction(0)))
    assert E.ebp_extra_errors(4, Fraction(7, 2), "1/4", "c45").overlaps(arb_of(Fraction(67, 200)))
    assert E.ebp_extra_errors(4, Fraction(7, 2), "1/4", "weka").overlaps(arb_of(Fraction(1, 2)))
    assert E.ebp_extra_errors(4, 1, "3/5", "weka") == 0            # J48 ignores CF > 0.5
    # 0 < e < 1: linear interpolation between e = 0 and e = 1
    a0, a1 = E.ebp_extra_errors(10, 0), E.ebp_extra_errors(10, 1)
    mid = E.ebp_extra_errors(10, Fraction(1, 2))
    assert mid.overlaps(a0 + (a1 - a0) / 2)


def test_ebp_inputs_are_checked():
    with pytest.raises(TypeError, match="cf"):
        E.ebp_extra_errors(10, 1, 0.25)
    with pytest.raises(TypeError, match="n must be exact"):
        E.ebp_extra_errors(10.0, 1)
    with pytest.raises(ValueError, match="variant"):
        E.ebp_extra_errors(10, 1, "1/4", "c50")
    with pytest.raises(ValueError, match="e must lie"):
        E.ebp_extra_errors(10, 11)


def _ebp_reference(node: Node, variant="c45", cf=Fraction(1, 4)):
    """Straight recursive EBP without raising, mpmath at 60 digits (independent code)."""
    import mpmath
    mp = mpmath.MPContext()             # a local context: the global mpmath.mp is left alone
    mp.dps = 60
    z2 = mp.mpf(277) ** 2 / 400 ** 2 if variant == "c45" else mp.sqrt(2) * mp.erfinv(1 - 2 * mp.mpf(cf.numerator) / cf.denominator)
    if variant == "weka":
        z2 = z2 ** 2

    def extra(n, e):
        N = mp.mpf(n)
        if e == 0:
            return N * (1 - mp.power(mp.mpf(1) / 4, 1 / N))
        if e + 0.5 >= n:
            return (mp.mpf(67) / 100 if variant == "c45" else 1) * (n - e)
        e5 = e + mp.mpf(1) / 2
        pr = (e5 + z2 / 2 + mp.sqrt(z2 * (e5 * (1 - e5 / N) + z2 / 4))) / (N + z2)
        return N * pr - e

    def leaf(nd):
        return 0 if nd.n == 0 else nd.errors + extra(nd.n, nd.errors)

    def rec(nd):
        if nd.is_leaf:
            return leaf(nd), set()
        total, col = 0, set()
        for c in nd.children:
            v, s = rec(c)
            total += v
            col |= s
        if leaf(nd) <= total + mp.mpf(1) / 10:
            return leaf(nd), {nd.name}
        return total, col
    return rec(node)


@settings(max_examples=60, deadline=None)
@given(count_trees(max_count=20), st.sampled_from(["c45", "weka"]))
def test_ebp_without_raising_matches_a_direct_definition(tree, variant):
    result = E.ebp_prune(tree, variant=variant)
    value, collapsed = _ebp_reference(tree.root, variant)
    expected = copy_with_leaves(tree, collapsed)
    assert sorted(l.name for l in result.tree.leaves()) == sorted(l.name for l in expected.leaves())
    topmost = sorted(n.name for n in tree.root.walk() if n.name in collapsed and not any(
        a.name in collapsed and a is not n and n in list(a.walk()) for a in tree.root.walk()))
    assert result.pruned == topmost
    assert abs(result.estimate - float(value)) < 1e-9


def test_ebp_raising_on_iris_uses_the_data():
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_iris(return_X_y=True)
    est = DecisionTreeClassifier(random_state=0).fit(X, y)
    tree = Tree.from_sklearn(est)
    plain = E.ebp_prune(tree)
    raised = E.ebp_prune(tree, raising=True, X=X, y=y)
    assert raised.tree.root.n == 150 and plain.tree.root.n == 150
    assert raised.tree.n_leaves <= plain.tree.n_leaves
    assert raised.estimate <= plain.estimate + 0.1 * tree.n_leaves
    with pytest.raises(ValueError, match="training data"):
        E.ebp_prune(tree, raising=True)


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_float_extra_errors_match_the_certified_values(variant):
    m = E._EBP("1/4", variant, 2)
    for n in (1, 2, 3, 7, 50, 999, 10 ** 5, 2 ** 19):
        for e in sorted({0, 1, 2, n // 3, n // 2, n - 1, n}):
            if 0 <= e <= n:
                ref = E.ebp_extra_errors(n, e, "1/4", variant)
                value = m.terms([n], [e])[0][0] - e
                assert abs(value - float(ref.mid())) <= 1e-12 * (1 + e + abs(float(ref.mid())))


@pytest.mark.parametrize("cf", ["1/4", "1/2", "1/100", "2/5", "1/1000000", "3/5"])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_term_bounds_contain_the_certified_terms_and_are_not_loose(variant, cf):
    """Every float term's relative bound (derived from certify's rules, module docstring)
    encloses the certified ball of e + extra errors (arb at 200 bits: |T - v| <= rel v must be
    certain) on every branch (e = 0, Wilson, the e + 1/2 >= n edge, counts up to 2**51, J48 at
    CF = 1/2 where z = 0, and past 1/2 where T = e), and is at most 32 u (the hand count was
    about 22 u); the e = 0 terms at CF > 1/2 carry none."""
    m = E._EBP(cf, variant, 2)
    ns, es = [], []
    for n in (1, 2, 3, 7, 50, 999, 10 ** 5, 2 ** 19, 2 ** 40 + 1, 2 ** 51 - 1):
        for e in sorted(e for e in {0, 1, 2, n // 3, n // 2, n - 1, n} if e <= n):
            ns.append(n)
            es.append(e)
    values, rels = m.terms(ns, es)
    with flint.ctx.workprec(200):
        for n, e, value, rel in zip(ns, es, values.tolist(), rels.tolist()):
            if rel == math.inf:
                assert e == 0 and Fraction(cf) > Fraction(1, 2) and variant == "c45", (n, e)
                continue
            exact_term = e + E.ebp_extra_errors(n, e, cf, variant)
            assert abs(exact_term - arb_of(Fraction(value))) <= arb_of(Fraction(rel) * Fraction(value)), (n, e)
            assert rel <= 32 * 2.0 ** -53, (n, e, rel)


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_certified_path_agrees_with_the_float_filter(monkeypatch, variant):
    """Every EBP comparison forced through the certified arb path (infinite term bound)
    gives the same pruned tree as the float filter, with raising on real data."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c25", 400, seed=7)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    fast = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    terms = E._EBP.terms
    monkeypatch.setattr(E._EBP, "terms", lambda self, n, e: (terms(self, n, e)[0], np.where(np.asarray(n) > 0, math.inf, 0.0)))
    slow = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert slow.fallbacks > 0 and fast.fallbacks < slow.fallbacks
    assert (slow.pruned, slow.raised) == (fast.pruned, fast.raised)
    assert sorted((l.name, l.counts) for l in slow.tree.leaves()) == sorted((l.name, l.counts) for l in fast.tree.leaves())


def _raising_reference(tree, X, y, variant, cf="1/4"):
    """C4.5's EBP with subtree raising, written straight from C4.5 R8's ``EstimateErrors`` and
    J48's ``prune`` (all rows passed down the last largest branch, each leaf counted against its
    new majority; binary or nominal tests) over nested dicts, every comparison on certified balls of the leaf terms
    (:func:`ebp_extra_errors`) with no float filter.  Returns (pre-order list of (counts,
    feature, threshold) of the result, topmost pruned names, raised names)."""
    from exactprune.tree import ancestor_names
    J = tree.n_classes
    pruned, raised = set(), []

    def term(counts):
        n = sum(counts)
        if n == 0:
            return flint.arb(0)
        e = n - max(counts)
        return e + E.ebp_extra_errors(n, e, cf, variant)

    def le(a, b):                       # a <= b + 0.1, certified (a tie would be a test failure)
        d = a - b - arb_of(Fraction(1, 10))
        assert d < 0 or d > 0
        return d < 0

    def leaves(s):
        return [s] if not s["children"] else [l for c in s["children"] for l in leaves(c)]

    def parts_of(s, rows):            # binary x <= t, or nominal: child k for x == k
        if s["threshold"] is None:
            return [[r for r in rows if X[r, s["feature"]] == k] for k in range(len(s["children"]))]
        go = [r for r in rows if X[r, s["feature"]] <= s["threshold"]]
        return [go, [r for r in rows if r not in set(go)]]

    def class_counts(rows):
        return [sum(1 for r in rows if y[r] == j) for j in range(J)]

    def branch(s, rows):              # every row passed down s, each leaf relabelled
        if not s["children"]:
            return term(class_counts(rows))
        return sum((branch(c, p) for c, p in zip(s["children"], parts_of(s, rows))), flint.arb(0))

    def run(s, rows):
        if not s["children"]:
            return {"name": s["name"], "counts": class_counts(rows), "children": [], "feature": None, "threshold": None}
        kids = [run(c, p) for c, p in zip(s["children"], parts_of(s, rows))]
        counts = [sum(k["counts"][j] for k in kids) for j in range(J)]
        e_tree = sum((term(l["counts"]) for k in kids for l in leaves(k)), flint.arb(0))
        e_leaf = term(counts)
        sizes = [sum(k["counts"]) for k in kids]
        big = max(i for i, size in enumerate(sizes) if size == max(sizes))     # the last largest
        e_branch = branch(kids[big], rows) if kids[big]["children"] else None
        if le(e_leaf, e_tree) and (e_branch is None or le(e_leaf, e_branch)):
            pruned.add(s["name"])
            return {"name": s["name"], "counts": counts, "children": [], "feature": None, "threshold": None}
        if e_branch is not None and le(e_branch, e_tree):
            raised.append(s["name"])
            return run(dict(kids[big], name=s["name"]), rows)
        return dict(s, counts=counts, children=kids)

    def from_node(node):
        return {"name": node.name, "feature": node.feature, "threshold": node.threshold,
                "children": [from_node(c) for c in node.children], "counts": list(node.counts)}

    with flint.ctx.workprec(200):
        result = run(from_node(tree.root), list(range(len(y))))
    order, stack = [], [result]
    while stack:
        s = stack.pop()
        order.append((tuple(s["counts"]), s["feature"], s["threshold"]))
        stack.extend(reversed(s["children"]))
    topmost = sorted(name for name in pruned if not set(ancestor_names(name)) & pruned)
    return order, topmost, raised


@pytest.mark.parametrize("seed, n", [(0, 80), (1, 300), (5, 80), (6, 150), (12, 300), (27, 150), (3, 60)])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_ebp_raising_matches_a_direct_definition(seed, n, variant):
    """ebp_prune with raising against :func:`_raising_reference` on grown scikit-learn trees
    (g2c25; seeds and sizes picked so that one to four nodes are raised, and branch sizes tie)."""
    from sklearn.tree import DecisionTreeClassifier
    from exactprune.experiments import gaussian_data
    X, y = gaussian_data("g2c25", n, seed=seed)
    tree = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    result = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    order, topmost, raised = _raising_reference(tree, X, y, variant)
    got = [(n.counts, n.feature, n.threshold) for n in result.tree.root.walk()]
    assert got == order
    assert all(type(c) is int for n in result.tree.root.walk() for c in n.counts)
    assert (result.pruned, result.raised) == (topmost, raised)


# -- subtree raising by hand ------------------------------------------------------------------
# The leaf term T(N, e) = e + AddErrs(N, e) transcribed from each program's source, in floats:
# C4.5 R8 ``stats.c`` AddErrs (Coeff = 0.6925^2 at CF = 25%) and Weka 3.6 ``Stats.addErrs``
# (z = normalInverse(0.75), the f = (e + 0.5) / N form).  Every margin below is above 0.01, far
# beyond their rounding.

def _t_c45(n, e, cf=0.25):
    if n == 0:
        return 0.0
    coeff = 0.6925 ** 2
    if e < 1e-6:
        return n * (1 - math.exp(math.log(cf) / n))
    if e + 0.5 >= n:
        return e + 0.67 * (n - e)
    pr = (e + 0.5 + coeff / 2 + math.sqrt(coeff * ((e + 0.5) * (1 - (e + 0.5) / n) + coeff / 4))) / (n + coeff)
    return n * pr


def _t_j48(n, e, cf=0.25):
    from statistics import NormalDist
    if n == 0:
        return 0.0
    if e < 1:
        return n * (1 - cf ** (1 / n))
    if e + 0.5 >= n:
        return e + max(n - e, 0)
    z = NormalDist().inv_cdf(1 - cf)
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * math.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return r * n


_T = {"c45": _t_c45, "weka": _t_j48}


def _relabel_case(nominal: bool):
    """root x0 <= 5 -> c1 (x0 <= 2 -> c11 = (0, 0, 2) at x0 = 1, c12 = (5, 6, 0) at x0 = 3) and
    c2 = (4, 0, 0) at x0 = 7; nominal: the root tests x1 (3 values) and c2's four rows are split
    into two leaves (2, 0, 0) at x1 = 1 and x1 = 2."""
    A, B = '{"counts": [0, 0, 2]}', '{"counts": [5, 6, 0]}'
    c1 = '{"counts": [5, 6, 2], "feature": 0, "threshold": 2, "children": [%s, %s]}' % (A, B)
    X = [[1, 0]] * 2 + [[3, 0]] * 11 + [[7, 1]] * 2 + [[7, 2]] * 2
    y = [2, 2] + [0] * 5 + [1] * 6 + [0] * 4
    if nominal:
        text = ('{"counts": [9, 6, 2], "feature": 1, "children": [%s, {"counts": [2, 0, 0]}, '
                '{"counts": [2, 0, 0]}]}' % c1)
    else:
        text = '{"counts": [9, 6, 2], "feature": 0, "threshold": 5, "children": [%s, {"counts": [4, 0, 0]}]}' % c1
    import numpy as np
    return Tree.from_json(text), np.array(X, dtype=float), np.array(y)


@pytest.mark.parametrize("nominal", [False, True])
@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_raising_counts_each_leaf_against_its_new_majority(variant, nominal):
    """All 17 rows down c1 (the largest branch, 13 rows): c11 keeps (0, 0, 2) and c12 becomes
    (9, 6, 0), whose majority is now class 0: E_branch = T(2, 0) + T(15, 6).  Counted against
    c12's old label (class 1) it would be T(2, 0) + T(15, 9), and no raising.  By hand:
    c1 is kept with its own rows (T(13, 7) > T(2, 0) + T(11, 5) + 0.1); at the root the leaf
    T(17, 8) loses to the tree, and E_branch <= E_tree + 0.1 < E_old: the root is raised.  Then
    c1 with all rows keeps its split (T(17, 8) > T(2, 0) + T(15, 6) + 0.1).  The same holds with
    a three-way nominal root (C4.5 and J48 raise any split)."""
    T = _T[variant]
    leaves_c2 = [(2, 0), (2, 0)] if nominal else [(4, 0)]
    e_tree = T(2, 0) + T(11, 5) + sum(T(*p) for p in leaves_c2)
    e_branch, e_old, e_leaf = T(2, 0) + T(15, 6), T(2, 0) + T(15, 9), T(17, 8)
    assert T(13, 7) - (T(2, 0) + T(11, 5) + 0.1) > 0.01
    assert e_leaf - (e_tree + 0.1) > 0.01 and e_leaf - (e_branch + 0.1) > 0.01
    assert e_tree + 0.1 - e_branch > 0.01 and e_old - (e_tree + 0.1) > 0.01
    tree, X, y = _relabel_case(nominal)
    r = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert r.raised == ["root"] and r.pruned == []
    assert [(n.counts, n.feature, n.threshold) for n in r.tree.root.walk()] == [
        ((9, 6, 2), 0, 2), ((0, 0, 2), None, None), ((9, 6, 0), None, None)]
    assert r.estimate == pytest.approx(e_branch, abs=1e-9)


def _tie_case(subtree_last: bool):
    """root x0 <= 5 splits 6 rows 3 / 3: a leaf (0, 3, 0) and a subtree (0, 1, 0) | (0, 0, 2).
    subtree_last: the leaf at x0 = 1 first, the subtree (x0 <= 8: (0, 1, 0) at x0 = 7, (0, 0, 2)
    at x0 = 9) second, so the leaf's rows reach (0, 1, 0).  Otherwise mirrored: the subtree
    (x0 <= 3: (0, 0, 2) at x0 = 2, (0, 1, 0) at x0 = 4) first, the leaf at x0 = 7 second, whose
    rows again reach (0, 1, 0)."""
    import numpy as np
    leaf = '{"counts": [0, 3, 0]}'
    if subtree_last:
        sub = '{"counts": [0, 1, 2], "feature": 0, "threshold": 8, "children": [{"counts": [0, 1, 0]}, {"counts": [0, 0, 2]}]}'
        X, kids = [1, 1, 1, 7, 9, 9], (leaf, sub)
    else:
        sub = '{"counts": [0, 1, 2], "feature": 0, "threshold": 3, "children": [{"counts": [0, 0, 2]}, {"counts": [0, 1, 0]}]}'
        X, kids = [2, 2, 4, 7, 7, 7], (sub, leaf)
    y = [1, 1, 1, 1, 2, 2] if subtree_last else [2, 2, 1, 1, 1, 1]
    tree = Tree.from_json('{"counts": [0, 4, 2], "feature": 0, "threshold": 5, "children": [%s, %s]}' % kids)
    return tree, np.array(X, dtype=float)[:, None], np.array(y)


@pytest.mark.parametrize("variant", ["c45", "weka"])
def test_raising_takes_the_last_of_equally_large_branches(variant):
    """Both branches hold 3 rows; C4.5 (``Factor >= MaxFactor``) and J48 (``maxBag``, ``grOrEq``)
    take the last.  By hand: raising the subtree pays (T(4, 0) + T(2, 0) <= T(3, 0) + T(1, 0) +
    T(2, 0) + 0.1, and the root leaf T(6, 2) is worse than both by more than 0.1); the subtree is
    kept on its own rows (T(3, 1) > T(1, 0) + T(2, 0) + 0.1).  Subtree last: it is raised.
    Subtree first: the last largest branch is the leaf, which is never raised, so nothing changes
    (taking the first, as exactprune did before, would raise it)."""
    T = _T[variant]
    e_tree, e_branch, e_leaf = T(3, 0) + T(1, 0) + T(2, 0), T(4, 0) + T(2, 0), T(6, 2)
    assert e_tree + 0.1 - e_branch > 0.01 and e_leaf - (e_tree + 0.1) > 0.01 and e_leaf - (e_branch + 0.1) > 0.01
    assert T(3, 1) - (T(1, 0) + T(2, 0) + 0.1) > 0.01
    tree, X, y = _tie_case(subtree_last=True)
    r = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert r.raised == ["root"] and [n.counts for n in r.tree.root.walk()] == [(0, 4, 2), (0, 4, 0), (0, 0, 2)]
    tree, X, y = _tie_case(subtree_last=False)
    r = E.ebp_prune(tree, variant=variant, raising=True, X=X, y=y)
    assert r.raised == [] and r.pruned == []
    assert [n.counts for n in r.tree.root.walk()] == [n.counts for n in tree.root.walk()]


def test_ebp_result_is_a_pruning_and_refuses_kept_after_raising():
    """EBP returns the one result type (exactprune.pruning.Pruning, k None): on the iris tree it
    prunes c22 only (its docstring; Zhong 6.4.2), so c22's split is not kept and the root's is;
    the estimate is the moment.  After raising the nodes are renamed, so kept(node) is refused."""
    from exactprune.pruning import Pruning
    from exactprune.tree import iris_tree
    t = iris_tree()
    r = E.ebp_prune(t)
    assert isinstance(r, Pruning) and r.k is None and r.moment == r.estimate and r.pruned == ["c22"]
    a = t.arrays()
    assert not r.kept_splits[a.index("c22")] and r.kept_splits[0]
    assert r.kept(t.root) and not r.kept(next(n for n in t.root.walk() if n.name == "c22"))
    assert r.comparisons == r.routes["float"] + r.routes["arb"] + r.routes["exact"] > 0
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    X, y = load_iris(return_X_y=True)
    grown = Tree.from_sklearn(DecisionTreeClassifier(random_state=0).fit(X, y))
    raised = E.ebp_prune(grown, raising=True, X=X, y=y)
    with pytest.raises(ValueError, match="renamed"):
        raised.kept(grown.root)
