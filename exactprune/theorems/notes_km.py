"""The lecture notes' analysis of Kearns-Mansour pruning (papers/002, 12.2.3-12.2.5), checked exactly.

The analysis is probabilistic, but most of its steps are identities or inequalities that can be
decided exactly on finite cases: a sample of m points from a finite distribution with rational
probabilities (every sample enumerated, its probability an exact rational), or a finite tree with
a set V of pruned nodes.  Logarithms are natural (the notes' e^(-lam^2 m) and the choice (12.7)
give delta only with ln); comparisons with e^x and ln x are certified ``flint.arb`` signs.

* ``notes-12.4``: the law of total probability (12.4) over the number m_path of sample points
  reaching the path (the sample enumerated directly against the mixture over m_path).
* ``notes-12.5``: the Chernoff bound (12.5) and its average (12.6) as printed,
  Pr[|eps - eps_hat| >= lam] <= e^(-lam^2 m) (refuted: m = 1); corrected, Hoeffding's
  2 e^(-2 lam^2 m).
* ``notes-lemma-12.2``: Lemma 12.2 (12.3) on finite classes PATHS and TREES (refuted when
  |PATHS| |TREES| = 1 and delta > 1/2); corrected with |PATHS| |TREES| >= 2 delta.
* ``notes-12.9``: the telescoping identity (12.9) for bottom-up pruning at any set V of nodes.
* ``notes-12.10``: the relative Chernoff bound (12.10), gamma = 1/2 being (12.11).
* ``notes-12.17``: the counting claims of 12.2.5 (sum of depths, of node counts, of m_v) and
  (12.17) itself; ``notes-12.17-sizes``: the step sum_{V'} s_v <= s_opt (refuted: nested prunings
  count a node twice), corrected to sum_V s_v <= s_opt + t.

>>> check_chernoff({"m": 1, "q": 1, "p": "1/2", "lam": "1/2"}).holds
False
>>> check_chernoff({"m": 1, "q": 1, "p": "1/2", "lam": "1/2"}, hoeffding=True).holds
True
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import comb

from . import Theorem, Verdict, correction, expand_corrections, pin
from .strategies import compositions as _compositions, rationals
from ..numbers import arb_of, certified_sign
from ..formatting import fraction_str


def _st():
    from hypothesis import strategies as st
    return st


def _binomial(m: int, p: Fraction) -> list:
    """P[X = k], k = 0..m, X ~ Binomial(m, p), exact."""
    return [comb(m, k) * p ** k * (1 - p) ** (m - k) for k in range(m + 1)]


def _deviates(p: Fraction, errors: int, size: int, lam: Fraction) -> bool:
    """|p - errors/size| >= lam on a non-empty subsample (an empty one has no fraction)."""
    return size > 0 and abs(p - Fraction(errors, size)) >= lam


def _unpack(case: dict) -> tuple:
    return int(case["m"]), Fraction(case["q"]), Fraction(case["p"]), Fraction(case["lam"])


def _tail_direct(m: int, q: Fraction, p: Fraction, lam: Fraction) -> Fraction:
    """Pr over the whole sample: every split of m into (path and error, path and no error, rest)."""
    total = Fraction(0)
    for a in range(m + 1):
        for b in range(m + 1 - a):
            weight = Fraction(comb(m, a) * comb(m - a, b)) * (q * p) ** a * (q * (1 - p)) ** b * (1 - q) ** (m - a - b)
            total += weight if _deviates(p, a, a + b, lam) else 0
    return total


def _tail_given(j: int, p: Fraction, lam: Fraction) -> Fraction:
    """Pr[|p - eps_hat| >= lam] for a subsample of fixed size j (the inner probability of (12.4))."""
    return sum((w for a, w in enumerate(_binomial(j, p)) if _deviates(p, a, j, lam)), Fraction(0))


def check_total_probability(case: dict) -> Verdict:
    """Notes (12.4): Pr_S[|eps - eps_hat| >= lam] = E_{m_path}[Pr_{S_path}[|eps - eps_hat| >= lam]], the
    sample of m points reaching the path with probability q and erring there with probability p;
    the left side by enumerating the sample, the right by the mixture over m_path ~ Binomial(m, q).

    Parameters
    ----------
    case : dict
        ``m`` (sample size), ``q`` (the probability a point reaches the path), ``p`` (its error
        probability there) and ``lam`` (the deviation).

    Returns
    -------
    Verdict
        Holds when the enumerated probability equals the mixture, exactly; details both.

    Examples
    --------
    >>> check_total_probability({"m": 2, "q": "1/2", "p": "1/2", "lam": "1/2"}).details["direct"]
    '5/8'
    """
    m, q, p, lam = _unpack(case)
    direct = _tail_direct(m, q, p, lam)
    mixture = sum(w * _tail_given(j, p, lam) for j, w in enumerate(_binomial(m, q)))
    return Verdict(direct == mixture, {"m": m, "q": fraction_str(q), "p": fraction_str(p), "lam": fraction_str(lam),
                                       "direct": fraction_str(direct), "mixture": fraction_str(mixture)})


def check_chernoff(case: dict, hoeffding: bool = False) -> Verdict:
    """Notes (12.5)-(12.6): Pr[|eps - eps_hat| >= lam] <= E_{m_path}[e^(-lam^2 m_path)] (q = 1 is (12.5),
    m_path = m); corrected (``hoeffding``): <= E[2 e^(-2 lam^2 m_path)].  Exact left side, certified
    right side.

    Parameters
    ----------
    case : dict
        ``m`` (sample size), ``q`` (the probability a point reaches the path), ``p`` (its error
        probability there) and ``lam`` (the deviation).
    hoeffding : bool, optional
        Check the corrected bound E[2 e^(-2 lam^2 m_path)] instead of the printed one.

    Returns
    -------
    Verdict
        Holds when the exact tail is at most the bound (certified; decided exactly when lam = 0).

    See Also
    --------
    check_total_probability : (12.4), the mixture the bound averages over.

    Examples
    --------
    One point (m = 1) on the path (q = 1) with error probability p = 1/2: its empirical error is 0
    or 1, always 1/2 away from p, so Pr[|eps - eps_hat| >= 1/2] = 1, above (12.5)'s
    e^(-1/4) ~ 0.78 and below Hoeffding's 2 e^(-1/2) ~ 1.21:

    >>> case = {"m": 1, "q": 1, "p": "1/2", "lam": "1/2"}
    >>> printed, corrected = check_chernoff(case), check_chernoff(case, hoeffding=True)
    >>> printed.holds, printed.details["probability"], corrected.holds
    (False, '1', True)
    """
    m, q, p, lam = _unpack(case)
    tail = _tail_direct(m, q, p, lam)
    factor, rate = (2, 2) if hoeffding else (1, 1)
    weights = _binomial(m, q)
    if lam == 0:   # the bound is exactly factor * 1: decide exactly (arb cannot prove a tie)
        return Verdict(tail <= factor, {"m": m, "q": fraction_str(q), "p": fraction_str(p), "lam": "0",
                                        "probability": fraction_str(tail), "bound": str(factor)})
    bound = lambda: sum((arb_of(w) * factor * (-arb_of(rate * lam * lam * j)).exp()  # noqa: E731
                         for j, w in enumerate(weights)), arb_of(0))
    sign = certified_sign(lambda: bound() - arb_of(tail))
    return Verdict(sign >= 0, {"m": m, "q": fraction_str(q), "p": fraction_str(p), "lam": fraction_str(lam),
                               "probability": fraction_str(tail), "bound": bound().str(10, radius=False),
                               "form": "2 e^(-2 lam^2 m)" if hoeffding else "e^(-lam^2 m)"})


def _chernoff_cases(positive_lam: bool = True):
    st = _st()
    grid = rationals(Fraction(0), Fraction(1), (1, 2, 3, 4, 5))
    lam = rationals(Fraction(1, 8), Fraction(1), (2, 3, 4, 8)) if positive_lam else st.just(Fraction(0))
    return st.fixed_dictionaries({"m": st.integers(1, 7), "q": grid, "p": grid, "lam": lam})


# ----------------------------------------------------------------------------------- Lemma 12.2
def check_lemma_12_2(case: dict, corrected: bool = False) -> Verdict:
    """Notes Lemma 12.2 (12.3) on a finite domain: points with rational masses and 0/1 labels, finite
    classes PATHS (subsets) and TREES (0/1 functions); the probability, over a sample of m points, that
    some pair has |eps - eps_hat| >= sqrt((ln|PATHS| + ln|TREES| + ln(1/delta)) / m_path) is at most
    delta.  Every sample enumerated; the threshold compared by certified sign.  ``corrected``: only
    the verdict's hypothesis note changes (the cases then satisfy |PATHS| |TREES| >= 2 delta).

    Parameters
    ----------
    case : dict
        ``points`` (``[mass, label]`` pairs; masses normalised to sum 1), ``paths`` (0/1 membership
        vectors over the points), ``trees`` (0/1 predictions over the points), ``m`` (sample size)
        and ``delta``.
    corrected : bool, optional
        Only the note in the details changes (the cases of the corrected form meet |PATHS| |TREES|
        >= 2 delta).

    Returns
    -------
    Verdict
        Holds when the probability of the deviation event is at most delta; details that probability.

    Examples
    --------
    >>> check_lemma_12_2(LEMMA_CASE).details["probability"]
    '1'
    """
    masses = [Fraction(w) for w, _ in case["points"]]
    total = sum(masses)
    masses = [w / total for w in masses]
    labels = [int(y) for _, y in case["points"]]
    paths, trees, m, delta = case["paths"], case["trees"], int(case["m"]), Fraction(case["delta"])
    log_term = lambda: (arb_of(Fraction(len(paths) * len(trees)) / delta)).log()  # noqa: E731
    true_error = {}
    for i, path in enumerate(paths):
        reach = sum(w for w, on in zip(masses, path) if on)
        for j, tree in enumerate(trees):
            wrong = sum(w for w, on, y, t in zip(masses, path, labels, tree) if on and t != y)
            true_error[i, j] = wrong / reach if reach else None
    probability = Fraction(0)
    for counts in _compositions(m, len(masses)):
        weight, left = Fraction(1), m
        for c, w in zip(counts, masses):
            weight *= comb(left, c) * w ** c
            left -= c
        if weight and any(_lemma_event(counts, paths[i], trees[j], labels, eps, log_term, delta, len(paths) * len(trees))
                          for (i, j), eps in true_error.items() if eps is not None):
            probability += weight
    return Verdict(probability <= delta, {"m": m, "delta": fraction_str(delta), "|PATHS|": len(paths),
                                          "|TREES|": len(trees), "probability": fraction_str(probability),
                                          "hypothesis": "|PATHS||TREES| >= 2 delta" if corrected else "as printed"})


def _lemma_event(counts, path, tree, labels, eps, log_term, delta, pairs) -> bool:
    """|eps - eps_hat| >= sqrt(ln(pairs/delta) / m_path), i.e. (eps - eps_hat)^2 m_path >= ln(pairs/delta)."""
    m_path = sum(c for c, on in zip(counts, path) if on)
    if m_path == 0:
        return False
    wrong = sum(c for c, on, y, t in zip(counts, path, labels, tree) if on and t != y)
    lhs = (eps - Fraction(wrong, m_path)) ** 2 * m_path
    if Fraction(pairs) == delta:      # ln 1 = 0: an exact comparison
        return lhs >= 0
    return certified_sign(lambda: arb_of(lhs) - log_term()) >= 0


def _lemma_cases(corrected: bool = False, violate: bool = False):
    """Up to three domain points, one or two paths and trees, m <= 4; ``corrected`` keeps
    |PATHS| |TREES| >= 2 delta, ``violate`` draws a single pair with delta > 1/2."""
    st = _st()

    @st.composite
    def build(draw):
        k = draw(st.integers(1, 3))
        points = [[draw(st.integers(1, 3)), draw(st.integers(0, 1))] for _ in range(k)]
        vector = st.lists(st.integers(0, 1), min_size=k, max_size=k)
        n_paths, n_trees = (1, 1) if violate else (draw(st.integers(1, 2)), draw(st.integers(1, 2)))
        paths = [[1] * k] + [draw(vector) for _ in range(n_paths - 1)]
        trees = [draw(vector) for _ in range(n_trees)]
        top = Fraction(1, 2) if corrected and n_paths * n_trees == 1 else Fraction(1)
        bottom = Fraction(3, 5) if violate else Fraction(1, 10)
        delta = draw(rationals(bottom, top, (2, 3, 4, 5, 10)))
        return {"points": points, "paths": paths, "trees": trees, "m": draw(st.integers(1, 4)), "delta": delta}
    return build()


# ----------------------------------------------------------------------------------- (12.10)
def check_relative_chernoff(case: dict) -> Verdict:
    """Notes (12.10): Pr[p_hat < (1 - gamma) p] <= e^(-m p gamma^2 / 3), p_hat the fraction of m draws
    reaching a node of probability p; gamma = 1/2 gives (12.11)'s e^(-p m / 12).  Exact tail, certified
    exponential (exactly 1 when m p gamma^2 = 0).

    Parameters
    ----------
    case : dict
        ``m`` (draws, >= 1), ``p`` (the node's probability) and ``gamma``.

    Returns
    -------
    Verdict
        Holds when the exact tail is at most e^(-m p gamma^2 / 3) (certified); details the tail and
        the exponent.

    Examples
    --------
    >>> check_relative_chernoff({"m": 2, "p": "1/2", "gamma": "1/2"}).details["tail"]   # no draw of 2 reaches
    '1/4'
    """
    m, p, gamma = int(case["m"]), Fraction(case["p"]), Fraction(case["gamma"])
    tail = sum((w for k, w in enumerate(_binomial(m, p)) if Fraction(k, m) < (1 - gamma) * p), Fraction(0))
    exponent = m * p * gamma * gamma / 3
    holds = tail <= 1 if exponent == 0 else certified_sign(lambda: (-arb_of(exponent)).exp() - arb_of(tail)) >= 0
    return Verdict(holds, {"m": m, "p": fraction_str(p), "gamma": fraction_str(gamma), "tail": fraction_str(tail),
                           "exponent": fraction_str(exponent)})


def _relative_cases(gamma_top: Fraction = Fraction(1)):
    st = _st()
    unit = rationals(Fraction(0), Fraction(1), (1, 2, 3, 4, 5, 7))
    return st.fixed_dictionaries({"m": st.integers(1, 30), "p": unit,
                                  "gamma": rationals(Fraction(0), gamma_top, (1, 2, 3, 4, 5))})


# ----------------------------------------------------------------------------------- trees and V
def _nodes(tree: dict, path: str = "", depth: int = 0):
    """(path, node, depth) for every node, children after their parent."""
    yield path, tree, depth
    for i, child in enumerate(tree.get("children", ())):
        yield from _nodes(child, path + str(i), depth + 1)


def _leaves_below(tree: dict) -> list:
    return [node for _, node, _ in _nodes(tree) if not node.get("children")]


def _error_mass(leaves: list, label=None) -> Fraction:
    """Error mass of the leaves under their own labels, or all under ``label`` (the best leaf)."""
    out = Fraction(0)
    for leaf in leaves:
        eta, mass = Fraction(leaf["eta"]), Fraction(leaf["mass"])
        out += mass * (eta if (leaf["label"] if label is None else label) == 0 else 1 - eta)
    return out


def _prune_history(tree: dict, pruned) -> list:
    """Bottom-up pruning of ``tree`` at the nodes ``pruned`` (paths '', '0', '01', ...): for each
    v in V, deepest first, ``(path, depth, s_v, m_v, err(T*_v), err(best leaf))`` with s_v the
    node count of the current subtree T*_v and errors as masses (p_v eps_v)."""
    nodes = {path: (node, depth) for path, node, depth in _nodes(tree)}
    cut: set = set()
    out = []
    for path in sorted(pruned, key=len, reverse=True):
        node, depth = nodes[path]
        inside = [q for q in nodes if q.startswith(path) and not any(q.startswith(c) and q != c for c in cut)]
        frontier = [q for q in inside if q in cut or not nodes[q][0].get("children")]
        current = Fraction(0)
        for q in frontier:
            below = _leaves_below(nodes[q][0])
            current += _error_mass(below, nodes[q][0]["label"]) if q in cut else _error_mass(below)
        below = _leaves_below(node)
        out.append((path, depth, len(inside), sum(int(leaf["n"]) for leaf in below), current,
                    _error_mass(below, node["label"])))
        cut.add(path)
    return out


def _pruned_error(tree: dict, pruned) -> Fraction:
    """Generalization error of T* (the tree with every node of ``pruned`` made a best leaf)."""
    if tree.get("children") and "" not in pruned:
        return sum((_pruned_error(child, {p[1:] for p in pruned if p[:1] == str(i)})
                    for i, child in enumerate(tree["children"])), Fraction(0))
    return _error_mass(_leaves_below(tree), tree["label"] if tree.get("children") else None)


def check_telescoping(case: dict) -> Verdict:
    """Notes (12.9): eps(T*) - eps_opt = sum_{v in V} (eps_v(empty) - eps_v(T*_v)) p_v, T_opt the tree
    of the case, T* the result of pruning it bottom-up at V (exact masses; eps_v conditional on v).

    Parameters
    ----------
    case : dict
        ``tree`` and ``V``, as for :func:`check_counting`.

    Returns
    -------
    Verdict
        Holds when both sides of (12.9) are equal, exactly; details both.

    Examples
    --------
    >>> check_telescoping(NESTED).holds
    True
    """
    tree, pruned = case["tree"], set(case["V"])
    history = _prune_history(tree, pruned)
    left = _pruned_error(tree, pruned) - _pruned_error(tree, set())
    right = sum(leaf - current for *_, current, leaf in history)   # p_v (eps_v(empty) - eps_v(T*_v)) as masses
    return Verdict(left == right, {"eps(T*) - eps_opt": fraction_str(left), "sum over V": fraction_str(right)})


def check_counting(case: dict, sizes: str = "") -> Verdict:
    """Notes 12.2.5, the counting behind (12.17), for T_opt the case's tree pruned bottom-up at V (t = |V|):
    sum of depths l_v <= t l_opt, sum of m_v <= m l_opt and (12.17), i.e. sum (l_v + s_v) <= s_opt (1 + l_opt)
    and t <= s_opt (the coefficients of log n >= 0 and log(m/delta) >= 0).  ``sizes="printed"`` checks
    the step sum s_v <= s_opt instead, ``sizes="corrected"`` sum s_v <= s_opt + t.

    Parameters
    ----------
    case : dict
        ``tree`` (nested dicts: an internal node ``{"label", "children"}``, a leaf ``{"mass", "eta",
        "label", "n"}``) and ``V`` (the paths of the nodes pruned, "" the root, "0" its first child).
    sizes : {"", "printed", "corrected"}, optional
        "" checks the counting of (12.17); "printed" the step sum s_v <= s_opt; "corrected"
        sum s_v <= s_opt + t.

    Returns
    -------
    Verdict
        Holds when the inequalities checked hold; details t, s_opt, l_opt, m and the three sums.

    Examples
    --------
    >>> check_counting(NESTED, "printed").details["sum_s"], check_counting(NESTED, "printed").holds
    (9, False)
    """
    tree = case["tree"]
    history = _prune_history(tree, set(case["V"]))
    nodes = list(_nodes(tree))
    s_opt, l_opt = len(nodes), max(depth for _, _, depth in nodes)
    m = sum(int(leaf["n"]) for leaf in _leaves_below(tree))
    t = len(history)
    depths, counts, reach = (sum(row[i] for row in history) for i in (1, 2, 3))
    details = {"t": t, "s_opt": s_opt, "l_opt": l_opt, "m": m, "sum_l": depths, "sum_s": counts, "sum_m": reach}
    if sizes:
        return Verdict(counts <= s_opt + (t if sizes == "corrected" else 0), details)
    holds = depths <= t * l_opt and reach <= m * l_opt and depths + counts <= s_opt * (1 + l_opt) and t <= s_opt
    return Verdict(holds, details)


def _tree_cases(full: bool = True):
    """Binary trees of depth <= 3 (leaves: integer mass >= 1, eta on a grid, label, sample count n) and a
    set V of internal nodes; ``full=False`` lets V hold leaves too (outside the algorithm: a leaf is never
    pruned)."""
    st = _st()
    eta = rationals(Fraction(0), Fraction(1), (1, 2, 3, 4))
    leaf = st.fixed_dictionaries({"mass": st.integers(1, 4), "eta": eta, "label": st.integers(0, 1),
                                  "n": st.integers(0, 5)})
    tree = st.recursive(leaf, lambda kids: st.fixed_dictionaries(
        {"label": st.integers(0, 1), "children": st.lists(kids, min_size=2, max_size=2)}), max_leaves=8)

    @st.composite
    def build(draw):
        t = draw(tree)
        pool = [p for p, node, _ in _nodes(t) if node.get("children") or not full]
        return {"tree": t, "V": sorted(draw(st.sets(st.sampled_from(pool)))) if pool else []}
    return build()


def _leaf(mass, eta, label, n=1) -> dict:
    return {"mass": mass, "eta": eta, "label": label, "n": n}


#: the complete binary tree of depth 2 pruned at all three internal nodes: sum s_v = 3 + 3 + 3 = 9 > 7
NESTED = {"tree": {"label": 0, "children": [
    {"label": 0, "children": [_leaf(1, "1/4", 0), _leaf(1, "3/4", 1)]},
    {"label": 1, "children": [_leaf(1, "1/2", 1), _leaf(2, "0", 0)]}]}, "V": ["", "0", "1"]}
#: the counterexample of notes-12.5: one point, reaching the path, erring with probability 1/2
CHERNOFF_CASE = {"m": 1, "q": Fraction(1), "p": Fraction(1, 2), "lam": Fraction(1, 2)}
#: the counterexample of notes-lemma-12.2: one path, one tree (erring on half the mass), m = 1, delta = 9/10
#: (a counterexample whether log is natural, binary or decimal: log(10/9) < 1/4 in each base)
LEMMA_CASE = {"points": [[1, 0], [1, 1]], "paths": [[1, 1]], "trees": [[0, 0]], "m": 1, "delta": Fraction(9, 10)}

_PROB = "a sample of m points from a finite distribution with rational probabilities, every sample enumerated"
THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="notes-12.4", source="Lecture notes 12.2.4, (12.4) (proof of Lemma 12.2)",
        statement="Pr_S[|eps - eps_hat| >= lam] = E_{m_path}[Pr_{S_path}[|eps - eps_hat| >= lam]] (total probability "
                  "over the number m_path of sample points reaching the path)",
        hypotheses=_PROB + "; lam > 0",
        cases=_chernoff_cases, check=check_total_probability,
        violations=lambda: _chernoff_cases(False),
        violation_note="an identity: it still holds at lam = 0 (no hypothesis to drop but lam > 0).",
        default_examples=40),
    Theorem(
        id="notes-12.5", source="Lecture notes 12.2.4, (12.5)-(12.6) (proof of Lemma 12.2)",
        statement="Pr_{S_c}[|eps - eps_hat| >= lam] <= e^(-lam^2 m_path) for fixed m_path (12.5), hence "
                  "Pr[...] <= E_{m_path}[e^(-lam^2 m_path)] (12.6)",
        hypotheses=_PROB + "; lam > 0",
        cases=_chernoff_cases, check=check_chernoff, erratum="notes-12.5-chernoff",
        violations=lambda: _chernoff_cases(False),
        violation_note="lam = 0: the event is certain on a non-empty subsample and the bound is 1; it still holds.",
        default_examples=40),
    correction(
        statement="Pr_{S_c}[|eps - eps_hat| >= lam] <= 2 e^(-2 lam^2 m_path) (Hoeffding), hence "
                  "Pr[...] <= E_{m_path}[2 e^(-2 lam^2 m_path)]",
        check=lambda case: check_chernoff(case, hoeffding=True)),
    Theorem(
        id="notes-lemma-12.2", source="Lecture notes 12.2.4, Lemma 12.2, (12.3) with lam of (12.7)",
        statement="Pr[exists path, tree: |eps(path, tree) - eps_hat(path, tree)| >= sqrt((ln|PATHS| + ln|TREES| "
                  "+ ln(1/delta)) / m_path)] <= delta",
        hypotheses="finite classes PATHS and TREES over a finite domain with rational masses, 0/1 target; "
                   "0 < delta <= 1; " + _PROB,
        cases=_lemma_cases, check=check_lemma_12_2, erratum="notes-lemma-12.2-classes",
        violations=lambda: _lemma_cases(violate=True),
        violation_note="a single pair and delta > 1/2 (the printed statement's failing corner) can fail.",
        default_examples=25),
    correction(
        hypotheses="as printed, and |PATHS| |TREES| >= 2 delta (the union bound over Hoeffding's 2 e^(-2 lam^2 m) "
                   "gives 2 delta^2 / (|PATHS| |TREES|) <= delta)",
        cases=lambda: _lemma_cases(corrected=True),
        check=lambda case: check_lemma_12_2(case, corrected=True)),
    Theorem(
        id="notes-12.9", source="Lecture notes 12.2.5, (12.9)",
        statement="eps(T*) - eps_opt = sum_{i<=t} (eps_{v_i}(empty) - eps_{v_i}(T*_{v_i})) p_{v_i} for the nodes "
                  "v_1..v_t of T_opt pruned bottom-up",
        hypotheses="a finite tree T_opt with leaf masses, class probabilities and labels; V any set of its internal "
                   "nodes, pruned deepest first",
        cases=_tree_cases, check=check_telescoping, violations=lambda: _tree_cases(False),
        violation_note="V may hold leaves (pruning a leaf to its own label changes nothing): it still holds.",
        default_examples=40),
    Theorem(
        id="notes-12.10", source="Lecture notes 12.2.5, (12.10) and (12.11) (proof of Lemma 12.4)",
        statement="Pr[p_hat < (1 - gamma) p] <= e^(-m p gamma^2 / 3) (relative Chernoff); gamma = 1/2 gives "
                  "e^(-p m / 12) of (12.11)",
        hypotheses="p_hat the fraction of m i.i.d. draws reaching a node of probability p; 0 <= gamma <= 1",
        cases=_relative_cases, check=check_relative_chernoff,
        violations=lambda: _relative_cases(Fraction(4)),
        violation_note="gamma > 1 makes the event empty: it still holds.",
        default_examples=40),
    Theorem(
        id="notes-12.17", source="Lecture notes 12.2.5, the counting before (12.17) and (12.17)",
        statement="sum_{V'} l_v <= t l_opt, sum_{V'} m_v <= m l_opt and sum_{V'} r_v <= s_opt((1 + l_opt) log n + "
                  "log(m/delta)) with r_v = (l_v + s_v) log n + log(m/delta)",
        hypotheses="T_opt a finite binary tree (s_opt nodes, depth l_opt, m sample points at its leaves), V the "
                   "internal nodes pruned bottom-up (V' = V), s_v the node count of T*_v when pruned",
        cases=_tree_cases, check=check_counting, violations=lambda: _tree_cases(False),
        violation_note=("V holding leaves (never pruned by the algorithm): a leaf at depth l_opt adds a level, and "
                        "sum m_v <= m l_opt fails (root and both leaves of a stump: 2m > m)."),
        default_examples=40),
    Theorem(
        id="notes-12.17-sizes", source="Lecture notes 12.2.5, before (12.17): 'the subtrees T*_{v_i} that we prune "
                                       "are disjoint'",
        statement="sum_{v in V'} s_v <= |T_opt - T*| <= s_opt",
        hypotheses="as notes-12.17",
        cases=_tree_cases, check=lambda case: check_counting(case, "printed"), erratum="notes-12.17-sizes",
        violations=lambda: _tree_cases(False),
        violation_note="V holding leaves adds 1 per leaf; it can fail as on the cases.",
        default_examples=40),
    correction(
        statement="sum_{v in V} s_v <= s_opt + t (a node is counted once as the root of its own T*_v, if in V, "
                  "and once in T*_w for its nearest proper ancestor w in V); (12.17) still follows",
        check=lambda case: check_counting(case, "corrected"),
        violation_note="V holding leaves: a pruned leaf adds 1 to the sum and 1 to t; it still holds."),
])
_BOUNDARY = ({"m": 1, "q": Fraction(0), "p": Fraction(0), "lam": Fraction(1)},
             {"m": 7, "q": Fraction(1), "p": Fraction(1), "lam": Fraction(1, 8)},
             {"m": 4, "q": Fraction(1, 2), "p": Fraction(1, 2), "lam": Fraction(1, 4)})
_TREES = (NESTED, {**NESTED, "V": []}, {"tree": _leaf(1, "1/2", 0), "V": []})
THEOREMS = pin(THEOREMS, {
    "notes-12.4": (CHERNOFF_CASE,) + _BOUNDARY,
    "notes-12.5": (CHERNOFF_CASE,) + _BOUNDARY,
    "notes-12.5-corrected": (CHERNOFF_CASE,) + _BOUNDARY,
    "notes-lemma-12.2": (LEMMA_CASE, {**LEMMA_CASE, "delta": Fraction(1)}),
    "notes-lemma-12.2-corrected": ({**LEMMA_CASE, "delta": Fraction(1, 2)},
                                   {**LEMMA_CASE, "trees": [[0, 0], [1, 1]], "delta": Fraction(1)}),
    "notes-12.9": _TREES,
    "notes-12.10": ({"m": 1, "p": Fraction(1), "gamma": Fraction(1)}, {"m": 30, "p": Fraction(1, 2), "gamma": Fraction(1, 2)},
                    {"m": 5, "p": Fraction(0), "gamma": Fraction(1, 2)}, {"m": 3, "p": Fraction(1, 3), "gamma": Fraction(0)}),
    "notes-12.17": _TREES,
    "notes-12.17-sizes": _TREES,
    "notes-12.17-sizes-corrected": _TREES,
})
_LEAF_IN_V = {"tree": {"label": 0, "children": [_leaf(1, "0", 0), _leaf(1, "1", 1)]}, "V": ["0", "1"]}
VIOLATIONS = {
    "notes-lemma-12.2": (LEMMA_CASE,),
    "notes-lemma-12.2-corrected": (LEMMA_CASE,),
    "notes-12.17-sizes": ({**NESTED, "V": ["", "0", "1", "00"]},),
    "notes-12.5": ({**CHERNOFF_CASE, "lam": Fraction(0)},),
    "notes-12.5-corrected": ({**CHERNOFF_CASE, "lam": Fraction(0)},),
    "notes-12.4": ({**CHERNOFF_CASE, "lam": Fraction(0)},),
    "notes-12.9": (_LEAF_IN_V,),
    "notes-12.17": ({**_LEAF_IN_V, "V": ["", "0", "1"]},),
    "notes-12.17-sizes-corrected": (_LEAF_IN_V,),
    "notes-12.10": ({"m": 4, "p": Fraction(1, 2), "gamma": Fraction(2)},),
}
THEOREMS = [replace(t, pinned_violations=tuple(t.pinned_violations) + VIOLATIONS.get(t.id, ())) for t in THEOREMS]
