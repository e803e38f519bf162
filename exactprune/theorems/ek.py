"""Checked statements of Elomaa and Kaariainen, "An Analysis of Reduced Error Pruning" (JAIR 2001).

Every check runs REP (:func:`exactprune.peers.rep.rep_prune`, EK Table 1) or computes
exact probabilities by enumerating all labelings of small trees; normal-CDF bounds are
compared with certified arb balls.  Findings:

* ``ek-1`` (Thm 1) holds for both leaf-labelling rules; the smallest most accurate pruning
  is unique, and REP needs "prune on ties" (keeping ties violates it).
* ``ek-2``, ``ek-cor3`` (Thm 2, Cor 3) hold with pruning-set labels and fail with
  training-set labels (the proofs use r_L >= r_L0 + r_L1, true only for majority labels).
* ``ek-4`` (Thm 4) with the literal definition of safe nodes fails when the root has an original
  leaf child (no safe node exists, the condition is vacuous; erratum ek-4-root); for trees whose
  root is in the interior (``ek-4-corrected``) it holds for two classes with pruning-set labels.
* ``ek-6`` (Thm 6) under its literal statement: the proof's E[leaves] = EA + 1 = 2(t-1)p(1-p) + 1
  holds for the minimal fitting tree (Gini CART's, one leaf per run of equal labels) and not for
  "the decision tree that fits the data" in general (erratum ek-6-fitting-tree: a tree splitting
  between two equal labels fits too); ``ek-6-corrected``: eq (3) exactly, EA + 1 <= E[leaves] <= t
  for every fitting tree without empty leaves, so linear growth holds iff 0 < p < 1; with
  Markov-dependent labels (3) fails.
* ``ek-7`` (Thm 7): E Z = h(1 - 1/h)^m exactly and the tail bound holds (uniform bins).
* ``ek-lemma5`` (Slud) holds for integer h in its range; EK's statement omits integrality
  and fails for non-integer h.
* ``ek-eq1``: (1) as printed (h = n_i/2) is false (erratum ek-eq1); with Slud's integer
  h = floor(n_i/2) + 1 it holds.
* ``ek-eq2``: the printed bound (2) on REP's probability of pruning to a leaf can fail
  (erratum ek-eq2); the step it rests on (Thm 4 + independence) holds.
* ``ek-eq4``: approximation (4) is within the Berry-Esseen bound (uniform bins only).
* ``ek-eq5`` is not registered: (5) with E P is an approximation and is not an upper bound
  on the exact pruning probability (erratum ek-eq5 computes a counterexample).
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Iterable, Optional

import flint

from . import Theorem, Verdict, correction, expand_corrections, pin
from ..numbers import arb_of, certified_sign, fraction_str
from ..peers.rep import rep_prune
from .strategies import compositions as _compositions, rationals
from ..tree import Node, Tree, all_pruning_leaves, majority_class


def _st():
    from hypothesis import strategies as st
    return st


# -- shared helpers ------------------------------------------------------------------------------

def _phi(x: flint.arb) -> flint.arb:
    return (x / flint.arb(2).sqrt()).erfc() / 2 * -1 + 1


def _binom_pmf(n: int, k: int, p: Fraction) -> Fraction:
    return math.comb(n, k) * p ** k * (1 - p) ** (n - k)


def _tree_from(data) -> Tree:
    def node(d):
        return Node(tuple(d["counts"]), [node(c) for c in d.get("children", [])])
    return Tree(node(data))


def _tree_cases(max_classes=2, max_depth=3, min_depth=1):
    """(tree dict, pruning counts per leaf in pre-order) with random structure."""
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.integers(2, max_classes))

        def grow(depth):
            internal = depth < min_depth or (depth < max_depth and draw(st.booleans()))
            if not internal:
                c = [draw(st.integers(0, 4)) for _ in range(J)]
                if sum(c) == 0:
                    c[draw(st.integers(0, J - 1))] = 1
                pc = [draw(st.integers(0, 3)) for _ in range(J)]
                return {"counts": c, "prune": pc}
            kids = [grow(depth + 1) for _ in range(2)]
            return {"counts": [sum(k["counts"][j] for k in kids) for j in range(J)],
                    "prune": [sum(k["prune"][j] for k in kids) for j in range(J)], "children": kids}
        return grow(0)
    return build()


def _split(case):
    """Tree and its pruning-count dict from a case dict."""
    tree = _tree_from(case)
    pc = {}

    def walk(d, node):
        pc[node.name] = tuple(d["prune"])
        for dc, nc in zip(d.get("children", []), node.children):
            walk(dc, nc)
    walk(case, tree.root)
    return tree, pc


def _strip(case):
    out = {"counts": case["counts"], "prune": case["prune"]}
    if case.get("children"):
        out["children"] = [_strip(c) for c in case["children"]]
    return out


def _rep_trace(tree: Tree, pc: dict, labels: str):
    """REP's decision at every internal node: True = kept (EK Table 1)."""
    err, kept = {}, {}
    for node in tree.root.postorder():
        p = pc[node.name]
        if node.is_leaf:
            err[node.name] = sum(p) - p[node.label]
            continue
        sub = sum(err[c.name] for c in node.children)
        lab = majority_class(p) if labels == "pruning" else node.label
        leaf = sum(p) - p[lab]
        kept[node.name] = sub < leaf
        err[node.name] = sub if kept[node.name] else leaf
    return kept


# -- ek-1 ----------------------------------------------------------------------------------------

def _cases_ek1(ties):
    st = _st()
    return st.tuples(_tree_cases(max_classes=3), st.sampled_from(["pruning", "training"]),
                     st.just(ties)).map(lambda t: {"tree": _strip(t[0]), "labels": t[1], "ties": t[2]})


def _check_ek1(case) -> Verdict:
    tree, pc = _split(case["tree"])
    labels = case["labels"]
    rep = rep_prune(tree, pc, labels=labels, ties=case["ties"])

    def errors(o):
        total = 0
        for name in o:
            node = tree.node(name)
            lab = node.label if node.is_leaf or labels == "training" else majority_class(pc[name])
            total += sum(pc[name]) - pc[name][lab]
        return total
    options = all_pruning_leaves(tree)
    errs = {o: errors(o) for o in options}
    best = min(errs.values())
    smallest = min(len(o) for o in options if errs[o] == best)
    winners = [sorted(o) for o in options if errs[o] == best and len(o) == smallest]
    got = sorted(l.name for l in rep.tree.leaves())
    return Verdict(got in winners and len(winners) == 1 and rep.errors == best,
                   {"rep_leaves": got, "rep_errors": rep.errors, "min_errors": best,
                    "smallest_most_accurate": winners})


# -- ek-2 and ek-cor3 ----------------------------------------------------------------------------

def _cases_labels(labels, min_depth=2):
    return _tree_cases(max_classes=2, max_depth=4, min_depth=min_depth).map(
        lambda t: {"tree": _strip(t), "labels": labels})


def _check_ek2(case) -> Verdict:
    tree, pc = _split(case["tree"])
    kept = _rep_trace(tree, pc, case["labels"])
    bad = []
    for node in tree.root.walk():
        if node.is_leaf or any(c.is_leaf for c in node.children):
            continue
        nontrivial = any(kept.get(c.name, False) for c in node.children)
        if nontrivial and not kept[node.name]:
            bad.append(node.name)
    return Verdict(not bad, {"pruned_although_nontrivial": bad})


def _check_cor3(case) -> Verdict:
    tree, pc = _split(case["tree"])
    kept = _rep_trace(tree, pc, case["labels"])
    bad = []
    for node in tree.root.walk():
        if node.is_leaf:
            continue
        levels = [[node]]
        while not any(x.is_leaf for x in levels[-1]):
            levels.append([c for x in levels[-1] for c in x.children])
        d = len(levels) - 2            # the depth just above the first original leaf
        if d <= 0:
            continue
        if any(kept.get(x.name, False) for x in levels[d]) and not kept[node.name]:
            bad.append(node.name)
    return Verdict(not bad, {"pruned_although_descendant_at_depth_d_kept": bad})


# -- ek-4 ----------------------------------------------------------------------------------------

def _safe_nodes(tree: Tree) -> list:
    """EK's safe nodes, literally: fringe nodes (an original leaf child, or below such a node) whose
    parent is in the interior.  The root has no parent, so a tree whose root is in the fringe has no
    safe node (erratum ek-4-root)."""
    marks = set()
    for node in tree.root.walk():
        if node.name in marks:
            continue
        if not node.is_leaf and any(c.is_leaf for c in node.children):
            for x in node.walk():
                marks.add(x.name)
    if "root" in marks:
        return []
    safe = []
    for node in tree.root.walk():
        for c in node.children:
            if node.name not in marks and c.name in marks:
                safe.append(c)
    return safe


def _cases_ek4(classes=2, labels="pruning", min_depth=1):
    """Two-class trees; ``min_depth=1`` lets the root have an original leaf child (a fringe root)."""
    return _tree_cases(max_classes=classes, max_depth=4, min_depth=min_depth).filter(
        lambda t: len(t["counts"]) == classes).map(lambda t: {"tree": _strip(t), "labels": labels})


def _check_ek4(case) -> Verdict:
    tree, pc = _split(case["tree"])
    kept = _rep_trace(tree, pc, case["labels"])
    pos = majority_class(pc["root"])           # the class the majority leaf would predict
    safe = _safe_nodes(tree)

    def pruned_subtree(node):            # the safe node's subtree is pruned when the sweep reaches it
        return not node.is_leaf and not kept[node.name]
    cond = all(pruned_subtree(z) for z in safe) and all(
        2 * pc[z.name][pos] >= sum(pc[z.name]) if len(pc[z.name]) == 2 else
        pc[z.name][pos] == max(pc[z.name]) for z in safe)
    to_leaf = not kept["root"]
    return Verdict(cond == to_leaf, {"tree": case["tree"], "pruned_to_leaf": to_leaf, "condition": cond,
                                     "safe_nodes": [z.name for z in safe], "positive": pos})


#: a fringe root (two original leaves) whose split REP keeps: literally there is no safe node, so
#: Thm 4's condition holds vacuously although T is not pruned into a leaf
EK4_FRINGE_ROOT = {"tree": {"counts": [2, 2], "prune": [2, 1],
                            "children": [{"counts": [2, 0], "prune": [2, 0]}, {"counts": [0, 2], "prune": [0, 1]}]},
                   "labels": "pruning"}


# -- ek-6 ----------------------------------------------------------------------------------------

def _cart_leaves_1d(labels) -> int:
    """Leaves of the fully grown Gini CART tree on points 1..t with these labels."""
    labels = list(labels)
    if len(set(labels)) <= 1:
        return 1
    n = len(labels)
    best, where = None, None
    for i in range(1, n):
        left, right = labels[:i], labels[i:]
        g = Fraction(0)
        for part in (left, right):
            m = len(part)
            ones = sum(part)
            g += Fraction(m * m - ones ** 2 - (m - ones) ** 2, m) / n
        if best is None or g < best:
            best, where = g, i
    return _cart_leaves_1d(labels[:where]) + _cart_leaves_1d(labels[where:])


#: leaves of a tree fitting the labels on points 1..t with zero training error: ``"cart"`` the
#: Gini CART tree (it splits only between runs of equal labels: one leaf per run, the fewest
#: possible), ``"finest"`` a tree splitting between every two adjacent points (t leaves)
FITTING_TREES = {"cart": _cart_leaves_1d, "finest": len}

#: EK's proof concludes E[leaves] = EA + 1 for "the decision tree that fits the data"; a fitting
#: tree that also splits between two equally labelled points has more leaves (erratum ek-6-fitting-tree)
EK6_FINEST = {"t": 2, "p": Fraction(1, 2), "stay": None, "tree": "finest"}


def _cases_ek6(markov=False, trees=tuple(FITTING_TREES)):
    st = _st()
    return st.fixed_dictionaries({
        "t": st.integers(1, 9),
        "p": st.builds(Fraction, st.integers(0, 10), st.just(10)),
        "stay": st.builds(Fraction, st.integers(1, 9), st.just(10)) if markov else st.none(),
        "tree": st.sampled_from(trees)})


def _ek6_expectations(case) -> tuple:
    """(E[leaves of the case's fitting tree], E[A] class alternations, 2(t-1)p(1-p)) over all 2^t
    labelings, exactly; labels iid Bernoulli(p), or a Markov chain started from Bernoulli(p) that keeps
    its label with probability ``stay``."""
    t, p, stay = case["t"], Fraction(case["p"]), case.get("stay")
    leaves_of = FITTING_TREES[case.get("tree", "cart")]
    leaves = alternations = Fraction(0)
    for labels in itertools.product((0, 1), repeat=t):
        if stay is None:
            ones = sum(labels)
            prob = p ** ones * (1 - p) ** (t - ones)
        else:
            prob = p if labels[0] else 1 - p
            for a, b in zip(labels, labels[1:]):
                prob *= stay if a == b else 1 - stay
        leaves += prob * leaves_of(labels)
        alternations += prob * sum(a != b for a, b in zip(labels, labels[1:]))
    return leaves, alternations, 2 * (t - 1) * p * (1 - p)


def _check_ek6(case) -> Verdict:
    """EK Thm 6's proof as printed: E[leaves of the fitting tree] = EA + 1 = 2(t-1)p(1-p) + 1."""
    leaves, alternations, eq3 = _ek6_expectations(case)
    return Verdict(leaves == eq3 + 1, {"expected_leaves": fraction_str(leaves), "formula": fraction_str(eq3 + 1),
                                       "tree": case.get("tree", "cart")})


def _check_ek6_corrected(case) -> Verdict:
    """Eq (3) E A = 2(t-1)p(1-p) exactly, and EA + 1 <= E[leaves] <= t for every fitting tree whose
    leaves hold an example, with equality on the left for the minimal (CART) tree."""
    leaves, alternations, eq3 = _ek6_expectations(case)
    minimal = case.get("tree", "cart") == "cart"
    holds = alternations == eq3 and eq3 + 1 <= leaves <= case["t"] and (leaves == eq3 + 1 or not minimal)
    return Verdict(holds, {"expected_leaves": fraction_str(leaves), "E_A": fraction_str(alternations),
                           "eq_3": fraction_str(eq3), "t": case["t"], "tree": case.get("tree", "cart"),
                           "slope_2p(1-p)": fraction_str(2 * Fraction(case["p"]) * (1 - Fraction(case["p"])))})


# -- ek-7 ----------------------------------------------------------------------------------------

def _empty_bins_distribution(m: int, probs) -> dict:
    dist: dict = {}
    h = len(probs)
    for assignment in itertools.product(range(h), repeat=m):
        pr = Fraction(1)
        for b in assignment:
            pr *= probs[b]
        z = h - len(set(assignment))
        dist[z] = dist.get(z, 0) + pr
    return dist


def _cases_ek7(uniform=True):
    st = _st()

    @st.composite
    def build(draw):
        h = draw(st.integers(1, 4))
        m = draw(st.integers(0, 6 if h <= 3 else 5))
        if uniform:
            probs = [Fraction(1, h)] * h
        else:
            h = max(h, 2)
            w = [draw(st.integers(1, 5)) for _ in range(h)]
            if len(set(w)) == 1:
                w[0] += 1
            probs = [Fraction(x, sum(w)) for x in w]
        return {"m": m, "probs": [fraction_str(x) for x in probs]}
    return build()


def _check_ek7(case) -> Verdict:
    m = case["m"]
    probs = [Fraction(x) for x in case["probs"]]
    h = len(probs)
    dist = _empty_bins_distribution(m, probs)
    mean = sum(z * p for z, p in dist.items())
    formula = h * (1 - Fraction(1, h)) ** m
    ok = mean == formula
    worst = None
    if ok and h * h != mean * mean:
        for lam_z in set(dist):
            lam = abs(lam_z - mean)
            if lam == 0:
                continue
            tail = sum(p for z, p in dist.items() if abs(z - mean) >= lam)
            bound = lambda: 2 * (-(arb_of(lam * lam * (h - Fraction(1, 2)) / (h * h - mean * mean)))).exp()
            if certified_sign(lambda: bound() - arb_of(tail)) < 0:
                ok = False
                worst = {"lambda": fraction_str(lam), "tail": fraction_str(tail)}
    return Verdict(ok, {"E_Z": fraction_str(mean), "h(1-1/h)^m": fraction_str(formula), "tail_failure": worst})


# -- Slud, eq (1) --------------------------------------------------------------------------------

def _cases_slud(valid=True, integer=True):
    """Lemma 5's cases: ``valid`` within q <= 1/2, mq <= h <= m(1-q) (``integer`` h, Slud's
    condition, or any rational h in the range, as EK print it); otherwise outside."""
    st = _st()

    @st.composite
    def build(draw):
        m = draw(st.integers(1, 30))
        if valid:
            q = Fraction(draw(st.integers(1, 10)), 20)            # q <= 1/2
            if not integer:
                h = m * q + (m * (1 - 2 * q)) * Fraction(draw(st.integers(0, 8)), 8)
                return {"m": m, "q": fraction_str(q), "h": fraction_str(h)}
            lo, hi = math.ceil(m * q), math.floor(m * (1 - q))
            if lo > hi:
                m, q, lo, hi = 2, Fraction(1, 2), 1, 1
            h = Fraction(draw(st.integers(lo, hi)))
        else:
            q = Fraction(draw(st.integers(1, 19)), 20)
            h = Fraction(draw(st.integers(0, 2 * m)), 2)
            if q <= Fraction(1, 2) and m * q <= h <= m * (1 - q) and h.denominator == 1:
                h += Fraction(1, 2)     # a non-integer h (EK's statement does not require integers)
        return {"m": m, "q": fraction_str(q), "h": fraction_str(h)}
    return build()


def check_slud(case) -> Verdict:
    m, q, h = case["m"], Fraction(case["q"]), Fraction(case["h"])
    tail = sum(_binom_pmf(m, k, q) for k in range(m + 1) if k >= h)
    var = m * q * (1 - q)
    if var == 0:
        return Verdict(True, {"degenerate": True})
    bound = lambda: 1 - _phi(arb_of(h - m * q) / arb_of(var).sqrt())
    sign = certified_sign(lambda: arb_of(tail) - bound())
    return Verdict(sign >= 0, {"P(X>=h)": fraction_str(tail),
                               "slud_bound": float(bound().mid())})


def _cases_eq1(strict):
    st = _st()
    return st.fixed_dictionaries({"n": st.integers(1, 30),
                                  "p": st.builds(Fraction, st.integers(11, 19), st.just(20)),
                                  "printed": st.just(strict)}).map(
        lambda c: {**c, "p": fraction_str(c["p"])}).filter(
        lambda c: c["printed"] or (c["n"] // 2 + 1) <= c["n"] * Fraction(c["p"]))


def check_eq1(case) -> Verdict:
    """Printed (1): Pr{X > n/2} >= 1 - Phi((p - 1/2) n / sqrt(n p q)), X ~ B(n, q), q = 1 - p.
    Corrected (``printed`` False): Slud needs an integer h, and X > n/2 is X >= h with
    h = floor(n/2) + 1, so Pr{X > n/2} >= 1 - Phi((h - n q) / sqrt(n p q)) when h <= n p."""
    n, p = case["n"], Fraction(case["p"])
    q = 1 - p
    tail = sum(_binom_pmf(n, k, q) for k in range(n + 1) if 2 * k > n)
    h = Fraction(n, 2) if case["printed"] else Fraction(n // 2 + 1)
    bound = lambda: 1 - _phi(arb_of(h - n * q) / arb_of(n * p * q).sqrt())
    sign = certified_sign(lambda: arb_of(tail) - bound())
    return Verdict(sign >= 0, {"P(X > n/2)": fraction_str(tail), "bound": float(bound().mid()),
                               "h": fraction_str(h)})


# -- eq (2): REP over all labelings --------------------------------------------------------------

def _cases_eq2():
    st = _st()

    @st.composite
    def build(draw):
        k = draw(st.sampled_from([2, 4]))
        sizes = [draw(st.integers(1, 4 if k == 2 else 2)) for _ in range(k)]
        p = Fraction(draw(st.integers(11, 18)), 20)
        return {"safe_sizes": sizes, "p": fraction_str(p)}
    return build()


def _eq2_tree(k: int) -> Tree:
    """Complete binary interior over k safe nodes, each with two leaves labelled 0 and 1."""
    def safe():
        return Node((2, 2), [Node((2, 0)), Node((0, 2))])
    level = [safe() for _ in range(k)]
    while len(level) > 1:
        level = [Node(tuple(a + b for a, b in zip(x.counts, y.counts)), [x, y])
                 for x, y in zip(level[::2], level[1::2])]
    return Tree(level[0])


def rep_leaf_probability(sizes, p: Fraction, identical: bool = False) -> Fraction:
    """Exact probability that REP (EK Table 1) prunes the tree of :func:`_eq2_tree` into one
    leaf when safe node i receives sizes[i] pruning examples (split as evenly as possible
    between its two leaves) with iid labels, positive (class 0) with probability p; with
    ``identical`` every example gets the same label (positive with probability p), which keeps
    each label's marginal but drops independence."""
    k = len(sizes)
    tree = _eq2_tree(k)
    safe = [n for n in tree.root.walk() if n.children and n.children[0].is_leaf]
    leaf_sizes = []
    for s in sizes:
        leaf_sizes += [(s + 1) // 2, s // 2]
    total = Fraction(0)
    labelings: Iterable[tuple[tuple[int, ...], Optional[Fraction]]]
    if identical:
        labelings = [(tuple(leaf_sizes), p), (tuple(0 for _ in leaf_sizes), 1 - p)]
    else:
        labelings = ((pos, None) for pos in itertools.product(*[range(c + 1) for c in leaf_sizes]))
    for pos, prob in labelings:
        if prob is None:
            prob = Fraction(1)
            for c, a in zip(leaf_sizes, pos):
                prob *= _binom_pmf(c, a, p)
        pc: dict[str, tuple[int, ...]] = {}
        i = 0
        for z in safe:
            for leaf in z.children:
                pc[leaf.name] = (pos[i], leaf_sizes[i] - pos[i])
                i += 1
        for node in tree.root.postorder():
            if node.children:
                pc[node.name] = tuple(sum(pc[c.name][j] for c in node.children) for j in range(2))
        if not _rep_trace(tree, pc, "pruning")["root"]:
            total += prob
    return total


def check_eq2(case) -> Verdict:
    """P(REP prunes to a leaf) <= prod_i Pr{X_i <= n_i/2} + prod_i Pr{X_i >= n_i/2} (Thm 4 +
    independence: the step (2) rests on), exact; the printed closed form (2) is reported beside it (erratum ek-eq2)."""
    sizes, p = case["safe_sizes"], Fraction(case["p"])
    k, n = len(sizes), sum(sizes)
    exact_prob = rep_leaf_probability(sizes, p, identical=case.get("labels") == "identical")
    product, product_neg = Fraction(1), Fraction(1)
    for s in sizes:
        product *= sum(_binom_pmf(s, a, p) for a in range(s + 1) if 2 * a >= s)
        product_neg *= sum(_binom_pmf(s, a, p) for a in range(s + 1) if 2 * a <= s)
    product += product_neg          # EK drop the all-negative case ("it never happens"); it can
    r = Fraction(2 * n, k)
    bound = _phi(arb_of((p - Fraction(1, 2)) * r) / arb_of(r * p * (1 - p)).sqrt()) ** (k // 2)
    return Verdict(exact_prob <= product, {"P(pruned to a leaf)": fraction_str(exact_prob),
                                           "P_float": float(exact_prob), "product_bound": float(product),
                                           "printed_bound_2": float(bound.mid()),
                                           "printed_2_holds": bool(bound >= arb_of(exact_prob))})


# -- eq (4) and (5) ------------------------------------------------------------------------------

def _cases_eq4(uniform=True):
    st = _st()

    @st.composite
    def build(draw):
        k = draw(st.integers(2, 8))
        n = draw(st.integers(1, 60))
        c = Fraction(draw(st.integers(1, 8)), 4)
        probs = None
        if not uniform:
            w = [draw(st.integers(1, 6)) for _ in range(k)]
            if len(set(w)) == 1:
                w[0] += 3
            probs = [fraction_str(Fraction(x, sum(w))) for x in w]
        return {"k": k, "n": n, "c": fraction_str(c), "probs": probs}
    return build()


def _check_eq4(case) -> Verdict:
    k, n, c = case["k"], case["n"], Fraction(case["c"])
    probs = [Fraction(x) for x in case["probs"]] if case["probs"] else [Fraction(1, k)] * k
    cut = c * n / k
    EQ = sum(sum(_binom_pmf(n, j, pi) for j in range(n + 1) if j <= cut) for pi in probs)
    pk = Fraction(1, k)
    approx = lambda: k * _phi(arb_of((c - 1) * n / k) / arb_of(n * pk * (1 - pk)).sqrt())
    # Berry-Esseen (Shevtsova 2011, C = 0.4748) for a sum of n Bernoulli(1/k)
    be = lambda: k * arb_of(Fraction(4748, 10000)) * arb_of(pk * pk + (1 - pk) ** 2) / arb_of(n * pk * (1 - pk)).sqrt()
    sign = certified_sign(lambda: be() - abs(approx() - arb_of(EQ)))
    return Verdict(sign >= 0, {"EQ_exact": fraction_str(EQ), "EQ_float": float(EQ),
                               "approx_4": float(approx().mid()), "berry_esseen": float(be().mid())})


def _cases_eq5():
    st = _st()
    return st.fixed_dictionaries({"k": st.integers(2, 4), "n": st.integers(2, 10),
                                  "p": st.builds(Fraction, st.integers(11, 18), st.just(20)),
                                  "c": st.builds(Fraction, st.integers(2, 8), st.just(4))}).map(
        lambda d: {**d, "p": fraction_str(d["p"]), "c": fraction_str(d["c"])})


def check_eq5(case) -> Verdict:
    """Exact probability that every safe node keeps a positive majority (pos >= neg; EK Thm 4
    from the initial configuration of section 5.2) when n examples fall uniformly into k safe
    nodes, versus (5) with P replaced by E P = E Q - E R (exact), or, with ``case["P"] == "random"``,
    versus E[(5)] over the exact distribution of the random P (the number of safe nodes receiving
    1..cn/k examples).  The details also compare, node by node, the probability that a safe node
    with s <= r = cn/k examples keeps a positive majority with the per-node factor
    Phi((p - 1/2) r / sqrt(r p (1-p))) of (5)."""
    k, n, p, c = case["k"], case["n"], Fraction(case["p"]), Fraction(case["c"])
    q = 1 - p
    maj = {}
    for s in range(n + 1):
        maj[s] = sum(_binom_pmf(s, a, p) for a in range(s + 1) if 2 * a >= s)
    cut = c * n / k
    r = cut
    if r == 0:
        return Verdict(True, {"degenerate": "r = 0"})
    factor = _phi(arb_of((p - Fraction(1, 2)) * r) / arb_of(r * p * q).sqrt())
    exact_prob = Fraction(0)
    bound_random = flint.arb(0)
    for comp in _compositions(n, k):
        mult = math.factorial(n)
        for x in comp:
            mult //= math.factorial(x)
        w = mult * Fraction(1, k) ** n
        pr = Fraction(1)
        for x in comp:
            pr *= maj[x]
        exact_prob += w * pr
        bound_random += arb_of(w) * factor ** sum(1 for x in comp if 1 <= x <= cut)
    EQ = k * sum(_binom_pmf(n, j, Fraction(1, k)) for j in range(n + 1) if j <= cut)
    ER = k * (1 - Fraction(1, k)) ** n
    EP = EQ - ER
    random_P = case.get("P", "expected") == "random"
    bound = (lambda: bound_random) if random_P else (lambda: factor ** arb_of(EP))
    sign = certified_sign(lambda: bound() - arb_of(exact_prob))
    per_node = {str(s): {"P(pos >= neg)": fraction_str(maj[s]), "exceeds_factor": bool(arb_of(maj[s]) > factor)}
                for s in range(1, n + 1) if s <= cut}
    return Verdict(sign >= 0, {"P_exact": float(exact_prob), "EP": fraction_str(EP), "P": case.get("P", "expected"),
                               "bound_5": float(bound().mid()), "factor": float(factor.mid()),
                               "per_node_keep_probability": per_node})


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="ek-1", source="Elomaa & Kaariainen (2001), Theorem 1 and Table 1",
        statement="REP returns the smallest of the prunings of T with minimal error on the pruning set S "
                  "(checked by enumerating all prunings; the smallest one is also unique)",
        hypotheses="REP as in Table 1: bottom-up, one visit per node, prune on ties; any leaf-labelling rule",
        cases=lambda: _cases_ek1("prune"), check=_check_ek1,
        violations=lambda: _cases_ek1("keep"),
        violation_note="keeping a subtree on equal errors gives a most accurate but not the smallest pruning",
        default_examples=80),
    Theorem(
        id="ek-2", source="Elomaa & Kaariainen (2001), Theorem 2",
        statement="an internal node with no original leaf children is not pruned if, when the sweep reaches "
                  "it, it has a non-trivial subtree",
        hypotheses="REP with pruned leaves labelled by the pruning-set majority",
        cases=lambda: _cases_labels("pruning"), check=_check_ek2,
        violations=lambda: _cases_labels("training"),
        violation_note="with training-majority labels r_L >= r_L0 + r_L1 fails and so can the theorem",
        default_examples=150),
    Theorem(
        id="ek-cor3", source="Elomaa & Kaariainen (2001), Corollary 3",
        statement="a tree rooted at N is retained if a descendant of N at depth d (just above the first "
                  "original leaf) is not pruned",
        hypotheses="REP with pruning-set majority labels",
        cases=lambda: _cases_labels("pruning", 3), check=_check_cor3,
        violations=lambda: _cases_labels("training", 3),
        violation_note="with training-majority labels it can fail (as Thm 2 does)",
        default_examples=150),
    Theorem(
        id="ek-4", source="Elomaa & Kaariainen (2001), Theorem 4 and the definition of safe nodes (sec 5.1)",
        statement="T is pruned into a single leaf iff all subtrees rooted at safe nodes are pruned and every "
                  "safe node receives at least as many positive as negative pruning examples",
        hypotheses="as printed: two classes; REP with pruning-set majority labels (Table 1); 'positive' = the "
                   "root's pruning majority; safe node = a fringe node whose parent is in the interior",
        cases=lambda: _cases_ek4(2, "pruning"), check=_check_ek4,
        violations=lambda: _cases_ek4(2, "training"),
        violation_note="with training-majority labels the equivalence can fail",
        erratum="ek-4-root", pinned=(EK4_FRINGE_ROOT,), default_examples=150),
    correction(
        statement="Theorem 4 for trees whose root is in the interior (no original leaf child)",
        hypotheses="the root of T is in the interior (unstated; EK's Figure 2 shows such a tree); two classes; "
                   "REP with pruning-set majority labels; 'positive' = the root's pruning majority",
        cases=lambda: _cases_ek4(2, "pruning", min_depth=2), pinned=(),
        violations=lambda: _st().one_of(_cases_ek4(2, "training"), _st().just(EK4_FRINGE_ROOT)),
        pinned_violations=(EK4_FRINGE_ROOT,),
        violation_note=("a fringe root (an original leaf child) has no safe node, and a kept split then breaks "
                        "the equivalence; training-majority labels can break it too")),
    Theorem(
        id="ek-6", source="Elomaa & Kaariainen (2001), Theorem 6 and its proof",
        statement="t points on a line with iid Bernoulli(p) labels: the decision tree that fits the data has "
                  "EA + 1 = 2(t-1)p(1-p) + 1 leaves in expectation, linear in t (the proof's conclusion; all "
                  "2^t labelings enumerated)",
        hypotheses="x uniform on [0, 1), y = 1 with probability p independently of x (any p in [0, 1]); the "
                   "tree is any tree of splits x < r with zero training error ('the decision tree that fits "
                   "the data')",
        cases=lambda: _cases_ek6(False), check=_check_ek6, pinned=(EK6_FINEST,),
        erratum="ek-6-fitting-tree",
        violations=lambda: _cases_ek6(True, ("cart",)),
        violation_note="Markov-dependent labels: the expectation is 1 + (t-1) P(change), not the formula",
        default_examples=30),
    correction(
        statement="eq (3) E A = 2(t-1)p(1-p) exactly, and every fitting tree whose leaves each hold a training "
                  "example has EA + 1 <= E[leaves] <= t, with equality on the left for the minimal fitting "
                  "tree (one leaf per run of equal labels: Gini CART's); the size grows linearly (slope "
                  "2p(1-p) > 0) iff 0 < p < 1",
        hypotheses="EK's, and the tree has no leaf without training examples; the equality needs the minimal "
                   "fitting tree",
        check=_check_ek6_corrected, pinned=(EK6_FINEST,),
        violation_note="Markov-dependent labels: E A = (t-1) P(change), not (3)"),
    Theorem(
        id="ek-7", source="Elomaa & Kaariainen (2001), Theorem 7 (Kamath et al. 1994)",
        statement="Z empty bins, m balls into h bins: E Z = h(1 - 1/h)^m, and "
                  "Pr{|Z - mu| >= lam} <= 2 exp(-lam^2 (h - 1/2)/(h^2 - mu^2)) (exact distribution)",
        hypotheses="balls thrown uniformly and independently",
        cases=lambda: _cases_ek7(True), check=_check_ek7,
        violations=lambda: _cases_ek7(False),
        violation_note="non-uniform bins: E Z differs from h(1 - 1/h)^m",
        default_examples=40),
    Theorem(
        id="ek-lemma5", source="Elomaa & Kaariainen (2001), Lemma 5 (Slud 1977)",
        statement="X ~ B(m, q), q <= 1/2, mq <= h <= m(1-q): Pr{X >= h} >= 1 - Phi((h - mq)/sqrt(mq(1-q)))",
        hypotheses="as printed: q <= 1/2 and mq <= h <= m(1-q), h real (both ends drawn)",
        cases=lambda: _cases_slud(True, integer=False), check=check_slud,
        violations=lambda: _cases_slud(False),
        violation_note="q > 1/2 or h outside [mq, m(1-q)] can fail",
        erratum="ek-lemma5", pinned=({"m": 1, "q": "1/20", "h": "1/20"}, {"m": 2, "q": "1/2", "h": "1"}),
        default_examples=150),
    correction(
        hypotheses="q <= 1/2, h an integer with mq <= h <= m(1-q) (Slud's k is an integer; EK omit this)",
        cases=lambda: _cases_slud(True), pinned=({"m": 2, "q": "1/2", "h": "1"}, {"m": 1, "q": "1/2", "h": "1"}),
        pinned_violations=({"m": 1, "q": "1/20", "h": "1/20"},),
        violation_note="a non-integer h (m = 1, q = 1/20, h = 1/20: 1/20 < 1/2) or q > 1/2 can fail"),
    Theorem(
        id="ek-eq1", source="Elomaa & Kaariainen (2001), eq (1)",
        statement="X_i ~ B(n_i, 1-p), p > 1/2: Pr{X_i > n_i/2} >= 1 - Phi((p - 1/2) n_i / sqrt(n_i p (1-p))) "
                  "(Slud's inequality at h = n_i/2)",
        hypotheses="as printed: p > 1/2, n_i >= 1",
        cases=lambda: _cases_eq1(True), check=check_eq1,
        violations=None, pinned_violations=({"n": 1, "p": "11/20", "printed": True},),
        violation_note="no hypothesis to drop beyond p > 1/2; it fails within it (erratum ek-eq1)",
        erratum="ek-eq1", pinned=({"n": 2, "p": "3/5", "printed": True}, {"n": 1, "p": "11/20", "printed": True}),
        default_examples=150),
    correction(
        statement="X_i ~ B(n_i, 1-p), p > 1/2, h = floor(n_i/2) + 1 <= n_i p: Pr{X_i > n_i/2} >= "
                  "1 - Phi((h - n_i (1-p)) / sqrt(n_i p (1-p))) (Slud's integer threshold)",
        hypotheses="Slud's integer threshold h = floor(n_i/2) + 1 with h <= n_i p",
        cases=lambda: _cases_eq1(False), pinned=({"n": 4, "p": "3/5", "printed": False},),
        violations=lambda: _cases_eq1(True), pinned_violations=({"n": 2, "p": "3/5", "printed": True},),
        violation_note="the printed threshold h = n_i/2 instead of the integer one fails, e.g. n_i = 1 or 2 "
                       "with p = 11/20"),
    Theorem(
        id="ek-eq2",
        source="Elomaa & Kaariainen (2001), eq (2)",
        form="corrected form: the product bound (2) rests on, not the printed closed form (erratum ek-eq2)",
        statement="P(REP prunes T into a single leaf) <= prod_i Pr{pos_i >= neg_i} + prod_i Pr{neg_i >= pos_i} "
                  "(Thm 4 and independence, the step (2) rests on, with the all-negative case EK neglect; exact, by running REP over all labelings of trees with "
                  "k safe nodes); the printed closed form (2) is reported and can fail (erratum ek-eq2)",
        hypotheses="p > 1/2, iid labels; k safe nodes receiving n pruning examples in total",
        cases=_cases_eq2, check=check_eq2,
        violations=lambda: _cases_eq2().map(lambda c: {**c, "labels": "identical"}),
        pinned=({"safe_sizes": [1, 1], "p": "11/20"}, {"safe_sizes": [4, 1], "p": "11/20"},
                {"safe_sizes": [2, 2, 2, 2], "p": "9/10"}),
        pinned_violations=({"safe_sizes": [1, 1], "p": "11/20", "labels": "identical"},),
        violation_note=("dropping independence (every example gets the same label, marginals unchanged): REP "
                        "always prunes to a leaf, probability 1 > the product bound, e.g. sizes (1,1), p = 11/20: "
                        "1 > 121/400 + 81/400. The printed closed form (2) fails even within the hypotheses "
                        "(erratum ek-eq2)."),
        default_examples=40),
    Theorem(
        id="ek-eq4",
        source="Elomaa & Kaariainen (2001), eq (4)",
        form=("weaker form: E Q lies within the Berry-Esseen bound of the approximation; the "
              "approximation's error is not reported"),
        statement="E Q = k Pr{Y_1 <= cn/k} is within the Berry-Esseen bound of k Phi((c-1)(n/k)/sqrt(n/k (1-1/k)))",
        hypotheses="uniform distribution of examples into the k safe nodes",
        cases=lambda: _cases_eq4(True), check=_check_eq4,
        violations=lambda: _cases_eq4(False),
        violation_note="non-uniform safe-node probabilities: E Q can leave the bound",
        default_examples=80),
])


def _ek_tree(counts, prune, children=()) -> dict:
    out = {"counts": list(counts), "prune": list(prune)}
    if children:
        out["children"] = list(children)
    return out


#: depth 2: every subtree empty of pruning examples; and every leaf tied on the pruning set
_EMPTY_DEPTH2 = _ek_tree((4, 0), (0, 0), [_ek_tree((2, 0), (0, 0), [_ek_tree((1, 0), (0, 0))] * 2)] * 2)
_TIED_DEPTH2 = _ek_tree((2, 2), (2, 2), [
    _ek_tree((2, 0), (1, 1), [_ek_tree((1, 0), (1, 0)), _ek_tree((1, 0), (0, 1))]),
    _ek_tree((0, 2), (1, 1), [_ek_tree((0, 1), (1, 0)), _ek_tree((0, 1), (0, 1))])])


def _deeper(tree: dict) -> dict:
    return _ek_tree([2 * x for x in tree["counts"]], [2 * x for x in tree["prune"]], [tree, tree])


#: boundary cases (policy point 4): ties (REP prunes on ties), subtrees without pruning examples,
#: t = 1, p = 0 and p = 1 (the minimal fitting tree is one leaf: slope 0), both fitting trees, a single bin,
#: m = 0, k = 2 safe nodes
THEOREMS = pin(THEOREMS, {
    "ek-1": ({"tree": _ek_tree((2, 0), (1, 1), [_ek_tree((1, 0), (1, 0)), _ek_tree((1, 0), (0, 1))]),
              "labels": "pruning", "ties": "prune"},
             {"tree": _ek_tree((2, 0), (0, 0), [_ek_tree((1, 0), (0, 0))] * 2), "labels": "training", "ties": "prune"}),
    "ek-2": ({"tree": _EMPTY_DEPTH2, "labels": "pruning"}, {"tree": _TIED_DEPTH2, "labels": "pruning"}),
    "ek-cor3": ({"tree": _deeper(_EMPTY_DEPTH2), "labels": "pruning"},
                {"tree": _deeper(_TIED_DEPTH2), "labels": "pruning"}),
    "ek-4-corrected": ({"tree": _EMPTY_DEPTH2, "labels": "pruning"}, {"tree": _TIED_DEPTH2, "labels": "pruning"}),
    "ek-6-corrected": tuple({"t": t, "p": p, "stay": None, "tree": tree} for tree in FITTING_TREES
                            for t, p in ((1, Fraction(1, 2)), (6, Fraction(1, 20)), (9, Fraction(0)),
                                         (9, Fraction(1)))),
    "ek-7": ({"m": 1, "probs": ["1/2", "1/2"]}, {"m": 3, "probs": ["1"]}, {"m": 0, "probs": ["1/3", "1/3", "1/3"]}),
    "ek-eq4": ({"k": 2, "n": 2, "c": "1", "probs": None},),
})


# ----------------------------------------------------------------------------------- Theorem 8
def check_mcdiarmid(case: dict) -> Verdict:
    """EK Theorem 8 (McDiarmid) on the function EK apply it to: n examples routed uniformly and
    independently to k safe nodes, f = the number of safe nodes receiving at most r examples (one
    example moved changes f by at most c_i = 1 - times ``scale``, a violation when > 1):
    Pr{|f - E f| >= lam} <= 2 exp(-2 lam^2 / n).  Exact distribution of f over every count vector,
    certified exponential.

    >>> check_mcdiarmid({"n": 2, "k": 2, "r": 0, "lam": "1"}).details["E f"]
    '1/2'
    """
    n, k, r, lam = int(case["n"]), int(case["k"]), int(case["r"]), Fraction(case["lam"])
    scale = int(case.get("scale", 1))
    law: dict = {}
    for counts in _compositions(n, k):
        weight = Fraction(math.factorial(n), math.prod(math.factorial(c) for c in counts) * k ** n)
        value = scale * sum(1 for c in counts if c <= r)
        law[value] = law.get(value, 0) + weight
    mean = sum(v * w for v, w in law.items())
    tail = sum((w for v, w in law.items() if abs(v - mean) >= lam), Fraction(0))
    holds = certified_sign(lambda: 2 * (-arb_of(2 * lam * lam / n)).exp() - arb_of(tail)) >= 0
    return Verdict(holds, {"n": n, "k": k, "r": r, "lam": fraction_str(lam), "E f": fraction_str(mean),
                           "probability": fraction_str(tail), "scale": scale})


def _mcdiarmid_cases(scale: int = 1):
    from hypothesis import strategies as st
    return st.integers(1, 6).flatmap(lambda n: st.fixed_dictionaries({
        "n": st.just(n), "k": st.integers(1, 4), "r": st.integers(0, n), "scale": st.just(scale),
        "lam": rationals(Fraction(1, 4), Fraction(3), (1, 2, 4))}))


THEOREMS = THEOREMS + pin([Theorem(
    id="ek-8",
    source="EK section 5.2, Theorem 8 (McDiarmid) as applied to the safe nodes",
    form="special case: McDiarmid's inequality for the function EK apply it to, c_i = 1",
    statement="Pr{|f - E f| >= lam} <= 2 exp(-2 lam^2 / sum c_i^2) for f the number of safe nodes receiving at most "
              "r of the n examples (c_i = 1)",
    hypotheses="n examples routed independently and uniformly to k safe nodes, 0 <= r <= n, lam > 0",
    cases=_mcdiarmid_cases, check=check_mcdiarmid, violations=lambda: _mcdiarmid_cases(3),
    violation_note="f scaled by 3 (its c_i is 3, the bound still uses 1) can exceed the bound.",
    pinned_violations=({"n": 2, "k": 2, "r": 0, "lam": Fraction(1), "scale": 3},),
    default_examples=40)], {"ek-8": ({"n": 1, "k": 1, "r": 0, "lam": Fraction(1, 4)},
                                     {"n": 6, "k": 4, "r": 6, "lam": Fraction(3)},
                                     {"n": 4, "k": 2, "r": 1, "lam": Fraction(1, 2)})})
