"""Fan (ICML 2016), section 3 and the propositions of its appendix, checked on finite discrete mu.

Fan's statements are about an unknown distribution mu on R^d; those that must hold for every mu are
checked exactly on finite discrete ones: ``atoms`` ``[weight, eta, cell, sub]`` - an atom of mass
weight / (total weight) with posterior eta = P{Y = 1 | X = x} (a rational), in cell ``cell`` of the
partition A and sub-cell ``sub`` of a refinement A' of A.  The definitions are implemented as printed:
the Bayes rule (1) and its error L*, the plug-in rule (2) for a piecewise constant estimate (4), the
cell posterior eta_bar(A_i) and the quantized posterior (5), the quantized Bayes rule (7) and the
quantized Bayes error L_bar (8).

* ``fan-6``: (3), (6) and (8): L* <= L(g_n) <= L* + 2 int |eta - eta_tilde| mu <= L_bar(eta^q) + L_s.
* ``fan-refinement``: L_bar decreases when the cells are split (section 3.2.1) - refuted; corrected
  for the quantized Bayes rule's error L(eta^q).
* ``fan-prop-5.2``: L_bar(eta^q(A)) <= L_bar(eta_hat(A)) for every piecewise constant eta_hat -
  refuted; corrected for the errors L (what the appendix's proof shows).
* ``fan-3.1``: Theorem 3.1 with (11) (Jensen) and (12) (MSE = Var + Bias^2) for a cell of n >= 1
  samples, k ~ Multinomial(n, eta_bar) and the estimator eta_tilde = (k + n_s)/(n + M n_s), every
  sample enumerated.

>>> check_decomposition({"atoms": [[1, "1/4", 0, 0], [1, "1", 1, 1]], "estimates": ["3/4", "1/2"]}).holds
True
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import comb, prod

from . import Theorem, Verdict, correction, expand_corrections, pin
from .strategies import compositions as _compositions, rationals
from ..formatting import fraction_str


def _st():
    from hypothesis import strategies as st
    return st


def _atoms(case: dict) -> list:
    """(mass, eta, cell, sub) with masses normalised to sum 1."""
    raw = [(Fraction(w), Fraction(eta), int(cell), int(sub)) for w, eta, cell, sub in case["atoms"]]
    total = sum(w for w, *_ in raw)
    return [(w / total, eta, cell, sub) for w, eta, cell, sub in raw]


def _error(atoms: list, decide) -> Fraction:
    """P{g(X) != Y} for the decision g(atom) in {0, 1}."""
    return sum((w * (1 - eta if decide(w, eta, cell, sub) else eta) for w, eta, cell, sub in atoms), Fraction(0))


def _cell_means(atoms: list, key) -> dict:
    """eta_bar(A) = int_A eta mu / int_A mu for the cells A given by ``key`` (cell or (cell, sub))."""
    mass: dict = {}
    weighted: dict = {}
    for atom in atoms:
        mass[key(atom)] = mass.get(key(atom), 0) + atom[0]
        weighted[key(atom)] = weighted.get(key(atom), 0) + atom[0] * atom[1]
    return {c: weighted[c] / mass[c] for c in mass}


def _bayes_error(atoms: list) -> Fraction:
    """L* of the Bayes rule (1)."""
    return _error(atoms, lambda w, eta, c, s: eta > Fraction(1, 2))


def _quantized(atoms: list, key) -> tuple:
    """(L(eta^q), L_bar(eta^q)) for the partition given by ``key``: the error of the quantized Bayes
    rule (7) and the quantized Bayes error (8) L* + 2 sum_i int_{A_i} |eta - eta_bar(A_i)| mu."""
    means = _cell_means(atoms, key)
    error = _error(atoms, lambda *a: means[key(a)] > Fraction(1, 2))
    bound = _bayes_error(atoms) + 2 * sum(a[0] * abs(a[1] - means[key(a)]) for a in atoms)
    return error, bound


def _cell(atom) -> int:
    return atom[2]


def _sub(atom) -> tuple:
    return atom[2], atom[3]


def check_decomposition(case: dict) -> Verdict:
    """Fan (3), (6), (8): for the plug-in rule g_n (2) of the piecewise constant estimate (4) with cell
    values ``estimates``, L* <= L(g_n) <= L* + 2 int |eta - eta_tilde| mu <= L_bar(eta^q(A)) + L_s with
    L_s = 2 sum_i |eta_bar(A_i) - eta_tilde_i| f(A_i); and L(eta^q(A)) <= L_bar(eta^q(A)) (8).
    ``"decision": "reversed"`` uses g = 1 iff eta_tilde < 1/2 (not the plug-in rule: a violation).

    Parameters
    ----------
    case : dict
        ``atoms`` (each ``[weight, eta, cell, sub-cell]``), ``estimates`` (the value eta_tilde of
        each cell) and optionally ``decision`` ("reversed": the violation rule).

    Returns
    -------
    Verdict
        Holds when the chain L* <= L(g_n) <= (3) <= L_bar + L_s (6) and (8) hold, all exact;
        details each term.

    Examples
    --------
    Two cells of mass 1/2, eta = 1/4 and 1, estimated 3/4 and 1/2: the Bayes rule errs 1/4 in
    the first cell, L* = 1/8; g_n predicts 1 in the first (error 3/4) and 0 in the second (error
    1), L(g_n) = 7/8; the bound (3) is 1/8 + 2 (1/2 * 1/2 + 1/2 * 1/2) = 9/8:

    >>> verdict = check_decomposition({"atoms": [[1, "1/4", 0, 0], [1, "1", 1, 0]], "estimates": ["3/4", "1/2"]})
    >>> verdict.holds, verdict.details["L*"], verdict.details["L(g_n)"], verdict.details["(3) bound"]
    (True, '1/8', '7/8', '9/8')
    """
    atoms = _atoms(case)
    est = [Fraction(e) for e in case["estimates"]]
    reversed_rule = case.get("decision") == "reversed"
    rule = (lambda e: e < Fraction(1, 2)) if reversed_rule else (lambda e: e > Fraction(1, 2))
    error = _error(atoms, lambda w, eta, cell, sub: rule(est[cell]))
    star = _bayes_error(atoms)
    devroye = star + 2 * sum(w * abs(eta - est[cell]) for w, eta, cell, _ in atoms)
    means = _cell_means(atoms, _cell)
    mass = {c: sum(a[0] for a in atoms if a[2] == c) for c in means}
    q_error, q_bound = _quantized(atoms, _cell)
    sampling = 2 * sum(abs(means[c] - est[c]) * mass[c] for c in means)
    chain = [star, error, devroye, q_bound + sampling]
    holds = all(a <= b for a, b in zip(chain, chain[1:])) and q_error <= q_bound
    return Verdict(holds, {"L*": fraction_str(star), "L(g_n)": fraction_str(error), "(3) bound": fraction_str(devroye),
                           "L_bar + L_s (6)": fraction_str(q_bound + sampling), "L(eta^q)": fraction_str(q_error),
                           "L_bar(eta^q) (8)": fraction_str(q_bound)})


def check_refinement(case: dict, corrected: bool = False) -> Verdict:
    """Fan 3.2.1 (after (8)): splitting the cells A_i into the sub-cells of A' does not increase the
    quantized Bayes error, L_bar(eta^q(A')) <= L_bar(eta^q(A)); ``corrected``: the quantized Bayes
    rule's error, L(eta^q(A')) <= L(eta^q(A)).  ``"reverse": True`` compares the coarse partition
    with the fine one (a violation: merging cells).

    Parameters
    ----------
    case : dict
        ``atoms`` (each ``[weight, eta, cell, sub-cell]``) and optionally ``reverse`` (compare the
        coarse partition with the fine one: a violation).
    corrected : bool, optional
        Compare the quantized Bayes rule's errors L instead of the bounds L_bar.

    Returns
    -------
    Verdict
        Holds when the fine partition's value is at most the coarse one's; details L and L_bar of
        both.

    Examples
    --------
    >>> check_refinement(REFINEMENT_CASE).holds, check_refinement(REFINEMENT_CASE, corrected=True).holds
    (False, True)
    """
    atoms = _atoms(case)
    coarse, fine = _quantized(atoms, _cell), _quantized(atoms, _sub)
    if case.get("reverse"):
        coarse, fine = fine, coarse
    i = 0 if corrected else 1
    return Verdict(fine[i] <= coarse[i], {"coarse": {"L": fraction_str(coarse[0]), "L_bar": fraction_str(coarse[1])},
                                          "fine": {"L": fraction_str(fine[0]), "L_bar": fraction_str(fine[1])}})


def check_prop_5_2(case: dict, corrected: bool = False) -> Verdict:
    """Fan Prop 5.2: L_bar(eta^q(A)) <= L_bar(eta_hat(A)) = L* + 2 int |eta - eta_hat| mu for every piecewise
    constant eta_hat = sum_i I_{A_i} c_i; ``corrected``: L(eta^q(A)) <= L(g(eta_hat)), g = 1 iff c_i > 1/2.
    ``constants`` holds one c per cell, or (a violation: not piecewise constant on A) one per atom.

    Parameters
    ----------
    case : dict
        ``atoms`` (each ``[weight, eta, cell, sub-cell]``), ``constants`` (one c per cell, or one
        per atom with ``per_atom`` true: a violation).
    corrected : bool, optional
        Check the corrected form L(eta^q(A)) <= L(g(eta_hat)) instead of the printed one.

    Returns
    -------
    Verdict
        Holds when the inequality checked holds, exactly; details both sides of both forms.

    Examples
    --------
    >>> check_prop_5_2(PROP_5_2_CASE).details["L_bar(eta_hat)"]
    '2/3'
    """
    atoms = _atoms(case)
    consts = [Fraction(c) for c in case["constants"]]
    value = (lambda i, atom: consts[i]) if case.get("per_atom") else (lambda i, atom: consts[atom[2]])
    q_error, q_bound = _quantized(atoms, _cell)
    c_error = sum((a[0] * (1 - a[1] if value(i, a) > Fraction(1, 2) else a[1]) for i, a in enumerate(atoms)),
                  Fraction(0))
    c_bound = _bayes_error(atoms) + 2 * sum(a[0] * abs(a[1] - value(i, a)) for i, a in enumerate(atoms))
    holds = q_error <= c_error if corrected else q_bound <= c_bound
    return Verdict(holds, {"L(eta^q)": fraction_str(q_error), "L(g(eta_hat))": fraction_str(c_error),
                           "L_bar(eta^q)": fraction_str(q_bound), "L_bar(eta_hat)": fraction_str(c_bound)})


def check_theorem_3_1(case: dict) -> Verdict:
    """Fan Thm 3.1, (10)-(12), for one cell (f(A_i) and the sum over cells are non-negative weights of
    termwise inequalities): n >= 1 samples, counts k ~ Multinomial(n, eta_bar), estimator
    eta_tilde^y = (k^y + n_s)/(n + M n_s).  Per class: E|eta_bar - eta_tilde| <= sqrt(E[(eta_bar -
    eta_tilde)^2]) (11, squared), E[(eta_bar - eta_tilde)^2] = Var + Bias^2 (12); for M = 2 and
    n_s = 0 the sum over classes is 2 |eta_bar - eta_tilde| (the L_s of (6)).  ``"no_bias": True``
    drops Bias^2 (a violation: the estimator is biased when n_s > 0).

    Parameters
    ----------
    case : dict
        ``n`` (samples, >= 1), ``probs`` (eta_bar, one probability per class), ``n_s`` (the
        estimator's pseudo-count) and optionally ``no_bias`` (drop Bias^2: a violation).

    Returns
    -------
    Verdict
        Holds when (11) and (12) hold for every class (and the M = 2, n_s = 0 identity); details
        E|.|, Var and Bias^2 per class.

    Examples
    --------
    >>> check_theorem_3_1({"n": 1, "probs": ["1/2", "1/2"], "n_s": "0"}).details["classes"][0]["Var"]
    '1/4'
    """
    n, probs, ns = int(case["n"]), [Fraction(p) for p in case["probs"]], Fraction(case["n_s"])
    M = len(probs)
    outcomes = [(k, Fraction(1) * prod(comb(n - sum(k[:i]), k[i]) * probs[i] ** k[i] for i in range(M)))
                for k in _compositions(n, M)]
    est = lambda k, y: (k[y] + ns) / (n + M * ns)  # noqa: E731
    holds, rows = True, []
    for y in range(M):
        mean = sum(w * est(k, y) for k, w in outcomes)
        var = sum(w * (est(k, y) - mean) ** 2 for k, w in outcomes)
        bias2 = (mean - probs[y]) ** 2
        mse = sum(w * (probs[y] - est(k, y)) ** 2 for k, w in outcomes)
        absolute = sum(w * abs(probs[y] - est(k, y)) for k, w in outcomes)
        bound2 = var if case.get("no_bias") else var + bias2
        holds &= mse == var + bias2 and absolute ** 2 <= bound2
        rows.append({"E|.|": fraction_str(absolute), "Var": fraction_str(var), "Bias^2": fraction_str(bias2)})
    if M == 2 and ns == 0:
        holds &= all(abs(probs[0] - est(k, 0)) + abs(probs[1] - est(k, 1)) == 2 * abs(probs[0] - est(k, 0))
                     for k, _ in outcomes)
    return Verdict(holds, {"n": n, "eta_bar": [fraction_str(p) for p in probs], "n_s": fraction_str(ns), "classes": rows})


# ----------------------------------------------------------------------------------- strategies
def _atom_cases(extra: str = ""):
    """Up to five atoms (weights 1..3, eta on a grid with 0, 1/2, 1) in up to three cells, each cell
    split into up to two sub-cells; ``extra`` adds ``estimates`` (one per cell), ``constants`` (one per
    cell, or per atom with ``per_atom``) or the ``reverse``/``reversed`` violation flags."""
    st = _st()
    eta = rationals(Fraction(0), Fraction(1), (1, 2, 3, 4))

    @st.composite
    def build(draw):
        k = draw(st.integers(1, 5))
        atoms = [[draw(st.integers(1, 3)), draw(eta), draw(st.integers(0, 2)), draw(st.integers(0, 1))]
                 for _ in range(k)]
        cells = sorted({a[2] for a in atoms})
        for a in atoms:                       # cells numbered 0..N-1
            a[2] = cells.index(a[2])
        case = {"atoms": atoms}
        if extra in ("estimates", "reversed"):
            case["estimates"] = [draw(eta) for _ in cells]
            if extra == "reversed":
                case["decision"] = "reversed"
        if extra in ("constants", "per_atom"):
            case["constants"] = [draw(eta) for _ in (atoms if extra == "per_atom" else cells)]
            case["per_atom"] = extra == "per_atom"
        if extra == "reverse":
            case["reverse"] = True
        return case
    return build()


def _cell_cases(no_bias: bool = False):
    st = _st()

    @st.composite
    def build(draw):
        weights = draw(st.lists(st.integers(0, 3), min_size=2, max_size=3).filter(any))
        probs = [Fraction(w, sum(weights)) for w in weights]
        ns = Fraction(1) if no_bias else draw(st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]))
        case = {"n": draw(st.integers(1, 6)), "probs": probs, "n_s": ns}
        return {**case, "no_bias": True} if no_bias else case
    return build()


#: the counterexample of fan-refinement: a cell of four atoms (masses 1, 1, 3, 1) split in two
REFINEMENT_CASE = {"atoms": [[1, "0", 0, 0], [1, "0", 0, 1], [3, "1/2", 0, 0], [1, "1", 0, 1]]}
#: the counterexample of fan-prop-5.2: one cell, three equal atoms with eta = 0, 0, 1, and c = 0
PROP_5_2_CASE = {"atoms": [[1, "0", 0, 0], [1, "0", 0, 0], [1, "1", 0, 0]], "constants": ["0"]}
_MU = "mu a finite discrete distribution (rational masses and posteriors), A a partition into cells"

THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="fan-6", source="Fan (2016), (3), (6) and (8)",
        statement="L* <= L(g_n) <= L* + 2 int |eta - eta_tilde| mu <= L_bar(eta^q(A)) + L_s (3, 6), and "
                  "L(eta^q(A)) <= L_bar(eta^q(A)) (8)",
        hypotheses=_MU + "; g_n the plug-in rule (2) of a piecewise constant estimate (4) with values in [0, 1]",
        cases=lambda: _atom_cases("estimates"), check=check_decomposition,
        violations=lambda: _atom_cases("reversed"),
        violation_note="a rule that is not the plug-in rule (g = 1 iff eta_tilde < 1/2) can exceed the bound (3).",
        default_examples=60),
    Theorem(
        id="fan-refinement", source="Fan (2016), 3.2.1 after (8) ('it monotonically decreases ... when the learning "
                                    "algorithm recursively partitions leaf nodes into smaller children nodes')",
        statement="L_bar(eta^q(A')) <= L_bar(eta^q(A)) for every refinement A' of A",
        hypotheses=_MU + "; A' splits cells of A",
        cases=_atom_cases, check=check_refinement, erratum="fan-refinement",
        violations=lambda: _atom_cases("reverse"),
        violation_note="merging cells instead of splitting them can increase it.",
        default_examples=60),
    correction(
        statement="L(eta^q(A')) <= L(eta^q(A)): the error of the quantized Bayes rule (7) does not increase under "
                  "refinement (min(a1 + a2, b1 + b2) >= min(a1, b1) + min(a2, b2) per cell)",
        check=lambda case: check_refinement(case, corrected=True)),
    Theorem(
        id="fan-prop-5.2", source="Fan (2016), Proposition 5.2 (appendix)",
        statement="L_bar(eta^q(A)) <= L_bar(eta_hat(A)) = L* + 2 int |eta - eta_hat| mu for every piecewise constant "
                  "eta_hat(A) = sum_i I_{A_i} c_i",
        hypotheses=_MU + "; constants c_i in [0, 1], one per cell",
        cases=lambda: _atom_cases("constants"), check=check_prop_5_2, erratum="fan-prop-5.2",
        violations=lambda: _atom_cases("per_atom"),
        violation_note="an estimate that is not constant on the cells (one value per atom) can beat eta^q.",
        default_examples=60),
    correction(
        statement="L(eta^q(A)) <= L(g(eta_hat(A))): the quantized Bayes rule has the smallest error among the "
                  "rules constant on the cells (what the appendix's proof shows)",
        check=lambda case: check_prop_5_2(case, corrected=True)),
    Theorem(
        id="fan-3.1", source="Fan (2016), Theorem 3.1, (10)-(12)",
        statement="E[L_s] <= sum_y sum_i sqrt(Var(eta_tilde_i^y) + Bias(eta_tilde_i^y)^2) f(A_i), by Jensen (11) and "
                  "E[(eta_bar - eta_tilde)^2] = Var + Bias^2 (12)",
        hypotheses="a cell with n >= 1 samples (eta_tilde undefined in an empty cell, domain note fan-13-empty), "
                   "counts Multinomial(n, eta_bar(A_i)), M = 2 or 3 classes, eta_tilde = (k + n_s)/(n + M n_s), "
                   "n_s in {0, 1/2, 1}",
        cases=_cell_cases, check=check_theorem_3_1, domain=("fan-13-empty",),
        violations=lambda: _cell_cases(True),
        violation_note=("Jensen holds for any random estimator, so no hypothesis can be dropped; dropping the Bias^2 "
                        "term (reading eta_tilde as unbiased) fails for n_s > 0."),
        default_examples=60),
])
_ONE_ATOM = {"atoms": [[1, "1/2", 0, 0]]}
_PURE = {"atoms": [[1, "0", 0, 0], [2, "1", 1, 1]]}
THEOREMS = pin(THEOREMS, {
    "fan-6": ({**_ONE_ATOM, "estimates": ["1/2"]}, {**_PURE, "estimates": ["1", "0"]},
              {**REFINEMENT_CASE, "estimates": ["1/2"]}),
    "fan-refinement": (REFINEMENT_CASE, _ONE_ATOM, _PURE),
    "fan-refinement-corrected": (REFINEMENT_CASE, _ONE_ATOM, _PURE),
    "fan-prop-5.2": (PROP_5_2_CASE, {**_ONE_ATOM, "constants": ["1/2"]}),
    "fan-prop-5.2-corrected": (PROP_5_2_CASE, {**_ONE_ATOM, "constants": ["1/2"]}, {**_PURE, "constants": ["1", "1"]}),
    "fan-3.1": ({"n": 1, "probs": [Fraction(1, 2), Fraction(1, 2)], "n_s": Fraction(0)},
                {"n": 6, "probs": [Fraction(1), Fraction(0), Fraction(0)], "n_s": Fraction(1)},
                {"n": 2, "probs": [Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)], "n_s": Fraction(1, 2)}),
})
_MIXED = {"atoms": [[1, "0", 0, 0], [1, "1", 0, 1]]}
VIOLATIONS = {
    "fan-6": ({**_PURE, "estimates": ["0", "1"], "decision": "reversed"},),
    "fan-refinement": ({**_MIXED, "reverse": True},),
    "fan-refinement-corrected": ({**_MIXED, "atoms": [[1, "1/4", 0, 0], [1, "1", 0, 1]], "reverse": True},),
    "fan-prop-5.2": ({**_MIXED, "constants": ["0", "1"], "per_atom": True},),
    "fan-prop-5.2-corrected": ({**_MIXED, "constants": ["0", "1"], "per_atom": True},),
    "fan-3.1": ({"n": 6, "probs": [Fraction(1), Fraction(0)], "n_s": Fraction(1), "no_bias": True},),
}
THEOREMS = [replace(t, pinned_violations=tuple(t.pinned_violations) + VIOLATIONS.get(t.id, ())) for t in THEOREMS]
