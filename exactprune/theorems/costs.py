"""Checked statements of Zhong chapter 7 (loss matrices, class probabilities), and
whether the chapter-5 properties of k-norm pruning survive for loss matrices.

Findings recorded here (each is a registered theorem with cases and violations):

* ``zhong-7.14``: the corrected recursion equals the expansion (C.90) exactly.
* ``zhong-7.9-7.12``: the k = 1, 2 closed forms equal the recursion.
* ``zhong-7.20``: (7.20) as printed is right for even k only (sign; erratum zhong-7.20-sign).
* ``zhong-7.21-7.22``: the closed forms equal the corrected (7.20) and an independent
  evaluation by the cost recursion over all J classes with the signed row e_j - p*.
* ``zhong-5.3-costs``: Theorem 5.3 survives for uniform losses c(1 - I) only; for general loss
  matrices it fails (even with the labels held fixed), so the k-sequence need not be nested.
* ``zhong-5.5-costs``: the k-norm cost is strictly increasing in k when lam > 0 and no row of the
  loss matrix is constant; with a constant row (a fixed-cost "refer" option) it can be flat.
* ``zhong-5.8-costs``: the limit of the k-norm cost is R* = min_i max_j R_{i,j}, unity exactly when R* = 1.
"""
from __future__ import annotations

from fractions import Fraction

from . import Theorem, Verdict, pin
from ..formatting import fraction_str

LAMS = [Fraction(1, 3), Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2)]
ETAS = [Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(0)]


def _st():
    from hypothesis import strategies as st
    return st


def _rational(max_value: int = 9):
    st = _st()
    return st.builds(Fraction, st.integers(0, max_value * 3), st.sampled_from([1, 2, 3]))


def _leaf_cases(max_j: int = 5, max_k: int = 8, lam_zero: bool = False):
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.integers(1 if not lam_zero else 2, max_j))
        counts = draw(st.lists(st.integers(0, 8), min_size=J, max_size=J))
        row = draw(st.lists(_rational(), min_size=J, max_size=J))
        k = draw(st.integers(0, max_k))
        if lam_zero:
            counts[draw(st.integers(0, J - 1))] = 0
            if sum(counts) == 0:
                counts[0] = 1
            lam = Fraction(0)
        else:
            lam = draw(st.sampled_from(LAMS))
        return {"counts": counts, "loss_row": row, "k": k, "lam": lam}

    return build()


def _show(case: dict) -> dict:
    out: dict[str, object] = {}
    for key, value in case.items():
        if isinstance(value, Fraction):
            out[key] = fraction_str(value)
        elif isinstance(value, list):
            out[key] = [fraction_str(v) if isinstance(v, Fraction) else
                        ([fraction_str(x) if isinstance(x, Fraction) else x for x in v] if isinstance(v, list) else v)
                        for v in value]
        else:
            out[key] = value
    return out


# ------------------------------------------------------------------ (7.14)
def _check_714(case: dict) -> Verdict:
    from ..costs import cost_moment, cost_moment_expansion, cost_moment_printed
    rec = cost_moment(case["counts"], case["loss_row"], case["k"], case["lam"])
    exp = cost_moment_expansion(case["counts"], case["loss_row"], case["k"], case["lam"])
    printed = cost_moment_printed(case["counts"], case["loss_row"], case["k"], case["lam"])
    return Verdict(rec == exp, {**_show(case), "recursion": fraction_str(rec), "expansion": fraction_str(exp),
                                "printed_7.14": fraction_str(printed)})


def _check_712(case: dict) -> Verdict:
    from ..costs import cost_mean, cost_moments, cost_second_moment
    moments = cost_moments(case["counts"], case["loss_row"], 2, case["lam"])
    m1 = cost_mean(case["counts"], case["loss_row"], case["lam"])
    m2 = cost_second_moment(case["counts"], case["loss_row"], case["lam"])
    return Verdict(m1 == moments[1] and m2 == moments[2],
                   {**_show(case), "7.9": fraction_str(m1), "7.12": fraction_str(m2),
                    "recursion_1": fraction_str(moments[1]), "recursion_2": fraction_str(moments[2])})


# ------------------------------------------------------- class probabilities
def _prob_cases(ks, lam_zero: bool = False):
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.integers(2, 5))
        counts = draw(st.lists(st.integers(0, 10), min_size=J, max_size=J))
        j = draw(st.integers(0, J - 1))
        if lam_zero:
            counts[j] = 0
            if sum(counts) == 0:
                counts[(j + 1) % J] = 1
            lam = Fraction(0)
        else:
            lam = draw(st.sampled_from(LAMS))
        return {"counts": counts, "j": j, "k": draw(st.sampled_from(ks)), "lam": lam}

    return build()


def signed_row_moment(counts, j, k, lam) -> Fraction:
    """E[(p_j - p*_j)^k] by the cost recursion over all J classes with the signed row
    q = e_j - p* (since sum_i p_i = 1): independent of the binomial sum (7.20).

    Parameters
    ----------
    counts : sequence of int
        The node's class counts n_1, ..., n_J.
    j : int
        The class whose probability p_j is centred.
    k : int
        The moment's order, k >= 0.
    lam : int, Fraction or str
        The Dirichlet prior lam (posterior parameters n_i + lam).

    Returns
    -------
    Fraction
        E[(p_j - E p_j)^k] under the posterior Dirichlet(n + lam), exact.

    See Also
    --------
    exactprune.costs.cost_recursion : the recursion it runs.

    Examples
    --------
    Counts (1, 0) and lam = 1 give the posterior Dirichlet(2, 1): p_0 has mean 2/3 (the first
    moment about it is 0) and variance 2 * 1 / (3^2 * 4) = 1/18 (the Beta variance
    a b / ((a + b)^2 (a + b + 1))):

    >>> signed_row_moment((1, 0), 0, 1, 1), signed_row_moment((1, 0), 0, 2, 1)
    (Fraction(0, 1), Fraction(1, 18))
    """
    from ..costs import cost_recursion
    lam = Fraction(lam)
    params = [Fraction(c) + lam for c in counts]
    mean = params[j] / sum(params)
    row = [(1 if i == j else 0) - mean for i in range(len(counts))]
    return cost_recursion(params, row, k)[k]


def _check_720(case: dict) -> Verdict:
    from ..classprob import error_moment, error_moment_printed
    truth = signed_row_moment(case["counts"], case["j"], case["k"], case["lam"])
    printed = error_moment_printed(case["counts"], case["j"], case["k"], case["lam"])
    corrected = error_moment(case["counts"], case["j"], case["k"], case["lam"])
    return Verdict(printed == truth and corrected == truth,
                   {**_show(case), "printed_7.20": fraction_str(printed), "corrected_7.20": fraction_str(corrected),
                    "signed_recursion": fraction_str(truth)})


def _check_721(case: dict) -> Verdict:
    from ..classprob import error_moment, error_moment_closed
    closed = error_moment_closed(case["counts"], case["j"], case["k"], case["lam"])
    binomial = error_moment(case["counts"], case["j"], case["k"], case["lam"])
    truth = signed_row_moment(case["counts"], case["j"], case["k"], case["lam"])
    return Verdict(closed == binomial == truth,
                   {**_show(case), "closed_form": fraction_str(closed), "binomial_7.20": fraction_str(binomial),
                    "signed_recursion": fraction_str(truth)})


# ------------------------------------------------- chapter 5 for loss matrices
def _tree_cases(loss_kind: str, max_k: int = 4):
    """Depth-1 or depth-2 trees, J in 2..3, with a loss matrix of the given kind:
    ``uniform`` c(1 - I); ``general`` zero diagonal, positive off-diagonal; ``nonconstant``
    any matrix without a constant row; ``constant_row`` one row constant; ``rstar_one`` a
    general matrix scaled so that min_i max_j R_ij = 1; ``rstar_not_one`` scaled to R* != 1."""
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.integers(2, 3))
        n_children = draw(st.integers(2, 3))
        children = [draw(st.lists(st.integers(0, 7), min_size=J, max_size=J)) for _ in range(n_children)]
        if sum(map(sum, children)) == 0:  # an empty subtree equals its root: Theorem 5.3 is vacuous-false
            children[0][0] = 1
        grandchildren = None
        if draw(st.booleans()) and sum(children[0]) >= 2:
            first = children[0]
            split = [draw(st.integers(0, c)) for c in first]
            grandchildren = [split, [c - s for c, s in zip(first, split)]]
        if loss_kind == "uniform":
            c = draw(st.builds(Fraction, st.integers(1, 9), st.sampled_from([1, 2, 3])))
            loss = [[Fraction(0) if i == j else c for j in range(J)] for i in range(J)]
        else:
            off = st.builds(Fraction, st.integers(1, 27), st.sampled_from([1, 2, 3]))
            loss = [[Fraction(0) if i == j else draw(off) for j in range(J)] for i in range(J)]
            if loss_kind == "nonconstant":
                loss[0][0] = draw(st.builds(Fraction, st.integers(0, 3), st.sampled_from([1, 2])))
                for row in loss:
                    if len(set(row)) == 1:
                        row[0] += 1
            elif loss_kind == "constant_row":
                c = draw(st.builds(Fraction, st.integers(1, 6), st.sampled_from([2, 3, 4])))
                loss[draw(st.integers(0, J - 1))] = [c] * J
            elif loss_kind in ("rstar_one", "rstar_not_one"):
                rstar = min(max(row) for row in loss)
                target = Fraction(1) if loss_kind == "rstar_one" else draw(
                    st.sampled_from([Fraction(1, 2), Fraction(2, 3), Fraction(3, 2), Fraction(3)]))
                loss = [[v * target / rstar for v in row] for row in loss]
        return {"children": children, "grandchildren": grandchildren, "loss": loss,
                "lam": draw(st.sampled_from(LAMS)), "eta": draw(st.sampled_from(ETAS[:3])),
                "k": draw(st.integers(1, max_k))}

    return build()


def _tree_of(case: dict):
    from ..tree import Node, Tree
    kids = []
    for i, counts in enumerate(case["children"]):
        node = Node(tuple(counts))
        if i == 0 and case.get("grandchildren"):
            node.children = [Node(tuple(g)) for g in case["grandchildren"]]
        kids.append(node)
    total = tuple(sum(c[j] for c in case["children"]) for j in range(len(case["children"][0])))
    return Tree(Node(total, kids))


def _tree_show(case: dict) -> dict:
    return {"children": case["children"], "grandchildren": case["grandchildren"],
            "loss": [[fraction_str(v) for v in row] for row in case["loss"]],
            "lam": fraction_str(case["lam"]), "eta": fraction_str(case["eta"]), "k": case["k"]}


def _check_53(case: dict) -> Verdict:
    """Theorem 5.3 for costs: subtree k-norm >= root-as-leaf k-norm  =>  (k+1)-norm strictly greater."""
    from ..costs import cost_label, subtree_cost_moment
    tree, k = _tree_of(case), case["k"]
    loss, lam, eta = case["loss"], case["lam"], case["eta"]
    sub_k = subtree_cost_moment(tree.root, loss, k, lam, eta)
    leaf_k = cost_label(tree.root.counts, loss, k, lam)[1]
    details = {**_tree_show(case), "subtree_k": fraction_str(sub_k), "leaf_k": fraction_str(leaf_k)}
    if sub_k < leaf_k:
        details["antecedent"] = False
        return Verdict(True, details)
    sub_k1 = subtree_cost_moment(tree.root, loss, k + 1, lam, eta)
    leaf_k1 = cost_label(tree.root.counts, loss, k + 1, lam)[1]
    details.update(antecedent=True, subtree_k1=fraction_str(sub_k1), leaf_k1=fraction_str(leaf_k1))
    return Verdict(sub_k1 > leaf_k1, details)


def _check_55(case: dict) -> Verdict:
    """||r||_k < ||r||_{k+1}  <=>  E_k^(k+1) < E_{k+1}^k (both sides non-negative), at the root
    of the unpruned subtree with (7.16) labels at every leaf, and at the root as a leaf."""
    from ..costs import cost_label, subtree_cost_moment
    tree, k = _tree_of(case), case["k"]
    loss, lam, eta = case["loss"], case["lam"], case["eta"]
    sub = [subtree_cost_moment(tree.root, loss, kk, lam, eta) for kk in (k, k + 1)]
    leaf = [cost_label(tree.root.counts, loss, kk, lam)[1] for kk in (k, k + 1)]
    strict_sub = sub[0] ** (k + 1) < sub[1] ** k
    strict_leaf = leaf[0] ** (k + 1) < leaf[1] ** k
    return Verdict(strict_sub and strict_leaf,
                   {**_tree_show(case), "subtree_k": fraction_str(sub[0]), "subtree_k1": fraction_str(sub[1]),
                    "leaf_k": fraction_str(leaf[0]), "leaf_k1": fraction_str(leaf[1])})


def _check_58(case: dict) -> Verdict:
    """Limit of the k-norm cost.  Exact sandwich at the case's k and at k = 40:
    R*^k rho_k <= E[r^k] <= R*^k, with rho_k = sum_leaves w min_j M_j^(k)/M^(k); since
    rho_k^(1/k) -> 1 the limit is R* = min_i max_j R_ij.  Zhong's "unity" holds iff R* = 1."""
    from ..costs import subtree_cost_moment
    from ..numbers import rising
    from ..costs import child_weight
    tree = _tree_of(case)
    loss, lam, eta = case["loss"], case["lam"], case["eta"]
    rstar = min(max(row) for row in loss)
    sandwich = True
    details = {**_tree_show(case), "R_star": fraction_str(rstar)}
    for k in (case["k"], 40):
        moment = subtree_cost_moment(tree.root, loss, k, lam, eta)

        def rho(node, k=k):
            if node.is_leaf:
                params = [c + lam for c in node.counts]
                total = sum(params)
                return min(Fraction(rising(a, k)) / Fraction(rising(total, k)) for a in params)
            return sum(child_weight(c, node, eta) * rho(c) for c in node.children)

        lower = rstar ** k * rho(tree.root)
        sandwich = sandwich and lower <= moment <= rstar ** k
        details[f"E_{k}"] = fraction_str(moment)
    details["sandwich_holds"] = sandwich
    details["limit"] = fraction_str(rstar)
    return Verdict(sandwich and rstar == 1, details)


THEOREMS = [
    Theorem(
        id="zhong-7.14",
        form='corrected form: the recursion (7.14) as corrected (erratum zhong-7.14)',
        source="Zhong (2007), eqs (7.13)-(7.15), proof App C.9 (as corrected: erratum zhong-7.14)",
        statement=("E_k* = E[(sum_j q_j p_j)^k], p ~ Dir(M_1..M_J), satisfies E_k* = sum_{m=1}^k (k-1)!/(k-m)! "
                   "E_{k-m}* (sum_i M_i q_i^m) / prod_{i=1}^m (M+k-i), E_0* = 1; checked against the "
                   "multinomial expansion (C.90)/(C.92)"),
        hypotheses="q_j >= 0 rational, lam > 0, k >= 0",
        cases=lambda: _leaf_cases(),
        check=_check_714,
        violations=lambda: _leaf_cases(lam_zero=True),
        violation_note=("lam = 0 with an empty class (a degenerate Dirichlet component, p_j = 0 a.s.): "
                        "the identity still holds - both sides drop the class."),
        default_examples=60,
    ),
    Theorem(
        id="zhong-7.9-7.12",
        source="Zhong (2007), eqs (7.9) and (7.12) (last line)",
        statement="E[r_l] = sum_j q_j M_j / M and E[r_l^2] = ((sum_j q_j M_j)^2 + sum_j q_j^2 M_j)/(M(M+1))",
        hypotheses="q_j >= 0 rational, lam > 0",
        cases=lambda: _leaf_cases(max_k=0),
        check=_check_712,
        violations=lambda: _leaf_cases(max_k=0, lam_zero=True),
        violation_note="lam = 0 with an empty class: still holds (the class drops out of both sides).",
    ),
    Theorem(
        id="zhong-7.20",
        form='special case: k even (the printed sign is right only then; erratum zhong-7.20-sign)',
        source="Zhong (2007), eqs (7.17), (7.19)-(7.20) as printed",
        statement=("E[r_{j,l}^k] = sum_m C(k,m) (-1)^m E[p_j^m] p*_j^(k-m) (printed sign), compared with an "
                   "independent evaluation of E[(p_j - p*_j)^k] by the cost recursion with signed row e_j - p*"),
        hypotheses="k even (the printed sign is correct only then), lam > 0",
        cases=lambda: _prob_cases([0, 2, 4, 6, 8]),
        check=_check_720,
        violations=lambda: _prob_cases([3, 5, 7]),
        violation_note=("odd k: the printed (7.20) is E[(p* - p)^k] = -E[r^k]; it fails whenever the Beta "
                        "posterior is skewed (M_j != M/2), e.g. counts [3, 1], j = 1, k = 3, lam = 1: "
                        "printed -1/378, true 1/378 (erratum zhong-7.20-sign)."),
    ),
    Theorem(
        id="zhong-7.21-7.22",
        source="Zhong (2007), eqs (7.21), (7.22)",
        statement=("E[r_{j,l}^2] = M_j(M-M_j)/(M^2(M+1)); E[r_{j,l}^4] = 3 M_j (M-M_j)(M^2 M_j - M M_j^2 + "
                   "6 M_j^2 - 6 M_j M + 2 M^2)/(M^4 (M+1)(M+2)(M+3)); equal to (7.20) and to the signed recursion"),
        hypotheses="lam > 0, k in {2, 4}",
        cases=lambda: _prob_cases([2, 4]),
        check=_check_721,
        violations=lambda: _prob_cases([2, 4], lam_zero=True),
        violation_note="lam = 0 and n_j = 0 (M_j = 0): still holds, every form gives 0.",
    ),
    Theorem(
        id="zhong-5.3-costs",
        form=('special case: uniform loss c(1 - I), where costs are c times error rates; Zhong states Thm'
              ' 5.3 for error rates only'),
        source="Zhong (2007), Theorem 5.3 (and Corollary 5.4) with cost moments (7.4), (7.13), (7.16)",
        statement=("If a non-leaf subtree increases or maintains the k-norm cost compared with its root as a "
                   "leaf, it increases the (k+1)-norm cost"),
        hypotheses=("uniform loss R = c(1 - I), c > 0 (then costs are c times error rates: Zhong's setting), "
                    "and the subtree's root has at least one example (an empty subtree has every leaf equal to "
                    "its root, so it maintains the k-norm for every k and the conclusion fails trivially)"),
        cases=lambda: _tree_cases("uniform"),
        check=_check_53,
        violations=lambda: _tree_cases("general"),
        pinned_violations=({"children": [[4, 1], [6, 1]], "grandchildren": None,
                            "loss": [[Fraction(0), Fraction(3)], [Fraction(1), Fraction(0)]],
                            "lam": Fraction(1), "eta": Fraction(1, 2), "k": 2},),
        violation_note=("general loss matrices: FAILS, even with labels fixed across k. Example: root "
                        "(10, 2) with leaves (4, 1), (6, 1), loss [[0, 3], [1, 0]], lam = 1, eta = 1/2: the "
                        "subtree is worse at k = 2 but better at k = 3. So k-norm cost pruning need not give a "
                        "nested pruning sequence."),
        default_examples=60,
    ),
    Theorem(
        id="zhong-5.5-costs",
        form=('special case: lam > 0 and no constant row of the loss matrix; Zhong states Thm 5.5 for '
              'error rates only'),
        source="Zhong (2007), Theorem 5.5 with cost moments",
        statement="For any subtree (and any leaf with its (7.16) label), the k-norm cost is strictly increasing in k",
        hypotheses="lam > 0 and no row of the loss matrix is constant",
        cases=lambda: _tree_cases("nonconstant"),
        check=_check_55,
        violations=lambda: _tree_cases("constant_row"),
        violation_note=("a constant row (a fixed-cost option, e.g. 'refer to a specialist') has a.s. constant "
                        "cost; when it is the (7.16) label everywhere the k-norm is flat, so only 'non-decreasing' "
                        "survives (Lyapunov, and a minimum of non-decreasing functions)."),
        default_examples=60,
    ),
    Theorem(
        id="zhong-5.8-costs",
        form='special case: lam > 0 and R* = min_i max_j R_ij = 1; Zhong states Thm 5.8 for error rates only',
        source="Zhong (2007), Theorem 5.8 with cost moments",
        statement=("For any subtree the k-norm cost tends to unity as k -> infinity; for costs the limit is "
                   "R* = min_i max_j R_ij (exact sandwich R*^k rho_k <= E[r^k] <= R*^k with rho_k^(1/k) -> 1)"),
        hypotheses="lam > 0 and R* = min_i max_j R_ij = 1 (true for 0-1 loss)",
        cases=lambda: _tree_cases("rstar_one"),
        check=_check_58,
        violations=lambda: _tree_cases("rstar_not_one"),
        violation_expect="fails",
        violation_note=("R* != 1: the limit is R*, not unity (the sandwich still holds); e.g. a 0-1 loss "
                        "scaled by 1/2 has k-norm cost <= 1/2 for every k."),
        default_examples=40,
    ),
]

def _pinned(children, loss, lam, eta, k) -> dict:
    return {"children": children, "grandchildren": None, "loss": [[Fraction(v) for v in row] for row in loss],
            "lam": Fraction(lam), "eta": Fraction(eta), "k": k}


#: boundary cases (policy point 4): k = 0 and k = 1, the largest k drawn, eta = 0, empty class counts,
#: single-class leaves, tied leaves
THEOREMS = pin(THEOREMS, {
    "zhong-7.14": ({"counts": [0, 0], "loss_row": [Fraction(0), Fraction(1)], "k": 0, "lam": Fraction(1, 3)},
                   {"counts": [5, 0], "loss_row": [Fraction(1), Fraction(1)], "k": 6, "lam": Fraction(1, 2)}),
    "zhong-7.9-7.12": ({"counts": [0, 0], "loss_row": [Fraction(0), Fraction(1)], "k": 1, "lam": Fraction(1, 3)},
                       {"counts": [3, 3], "loss_row": [Fraction(1), Fraction(1)], "k": 2, "lam": Fraction(1, 2)}),
    "zhong-7.20": ({"counts": [0, 0], "j": 0, "k": 0, "lam": Fraction(1, 3)},
                   {"counts": [2, 2], "j": 1, "k": 4, "lam": Fraction(1)}),
    "zhong-7.21-7.22": ({"counts": [0, 0], "j": 0, "k": 2, "lam": Fraction(1, 3)},
                        {"counts": [3, 3], "j": 1, "k": 4, "lam": Fraction(1)}),
    "zhong-5.3-costs": (_pinned([[1, 0], [0, 1]], [[0, 1], [1, 0]], "1/3", 0, 1),
                        _pinned([[2, 2], [2, 2]], [[0, 2], [2, 0]], "1/2", "1/2", 4)),
    "zhong-5.5-costs": (_pinned([[1, 0], [0, 1]], [[0, 1], [2, 0]], "1/3", 0, 1),
                        _pinned([[3, 0, 0], [0, 3, 0]], [[0, 1, 1], [1, 0, 1], [1, 1, 0]], 2, 1, 4)),
    "zhong-5.8-costs": (_pinned([[1, 0], [0, 1]], [[0, 1], [1, 0]], "1/3", 0, 1),),
})
