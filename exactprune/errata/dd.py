"""Errata in DD (Dhurandhar & Dobra, *Probabilistic Characterization of Random Decision Trees*).

Every value is computed by :mod:`exactprune.rdt` when the registry is evaluated: the printed
formula, the corrected closed form, and the exact enumeration of the tree-growing process.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

from . import HYPOTHESIS, Erratum
from ..formatting import fraction_str


def _coexist_purity() -> dict:
    from ..rdt import coexistence_printed, coexistence_probability, enumerate_coexistence
    cases = [
        (3, {0: 0, 1: 0}, {0: 0, 1: 1}, "siblings: the bifurcation attribute is both leaves' last attribute"),
        (4, {0: 0, 1: 0, 2: 0}, {0: 0, 1: 1, 3: 0}, "bifurcation on a non-leaf attribute"),
        (3, {0: 0, 1: 0, 2: 0}, {0: 1, 1: 0, 2: 0}, "paths of length d: the printed prob_t has a factor (d-h_p) = 0"),
    ]
    rows = []
    confirmed = True
    for d, p1, p2, note in cases:
        printed = coexistence_printed(d, p1, p2, "purity")
        corrected = coexistence_probability(d, p1, p2, "purity")
        enumerated = enumerate_coexistence(d, p1, p2, "purity")
        confirmed &= printed != enumerated and corrected == enumerated
        rows.append({"d": d, "path1": {str(a): v for a, v in p1.items()}, "path2": {str(a): v for a, v in p2.items()},
                     "last_attributes": [list(p1)[-1], list(p2)[-1]], "note": note,
                     "printed_3.6.2": None if printed is None else fraction_str(printed),
                     "corrected": fraction_str(corrected), "enumeration": fraction_str(enumerated)})
    return {
        "correct": ("P = sum_{i=0}^{v} sum_{b} vPr_i f1(b) f2(b) / (d..(d-i) (d-i-1)^2..(d-l1+1)^2 (d-l1)..(d-l2+1)), "
                    "v = same-valued common attributes other than the two last ones, b over ALL common attributes "
                    "with different values (a last attribute included), f = (l-i-2)! if b is not the path's last "
                    "attribute, f = [l = i+1] if it is"),
        "counterexample": rows,
        "confirmed": bool(confirmed),
    }


def _coexist_identical() -> dict:
    from ..rdt import coexistence_printed, coexistence_probability, enumerate_coexistence
    d, path = 3, {0: 0, 1: 0}
    printed = coexistence_printed(d, path, path, "fixed")
    enumerated = enumerate_coexistence(d, path, path, "fixed")
    corrected = coexistence_probability(d, path, path, "fixed")
    return {
        "correct": "for p = q (x and x' in the same leaf) the factor is P[path exists] = 1/C(d,h); "
                   "for distinct paths App A is right (checked against enumeration, theorem dd-coexist)",
        "counterexample": {"d": d, "path1": {"0": 0, "1": 0}, "path2": {"0": 0, "1": 0},
                           "printed_App_A": fraction_str(printed), "corrected": fraction_str(corrected),
                           "enumeration": fraction_str(enumerated)},
        "confirmed": printed != enumerated and corrected == enumerated,
    }


def _ties() -> dict:
    from ..rdt import Criterion, Distribution, expected_ge
    # d = 1 binary attribute, two classes, uniform; N = 2, h = 1; input x = (0,)
    dist = Distribution([2], 2, {(0, 0): "1/4", (0, 1): "1/4", (1, 0): "1/4", (1, 1): "1/4"})
    N = 2
    # printed (1): sum_i P[ct(x C_i) > ct(x C_j)] over the leaf counts (n1, n2, rest)
    q = Fraction(1, 4)
    total = Fraction(0)
    for n1 in range(N + 1):
        for n2 in range(N + 1 - n1):
            r = N - n1 - n2
            p = Fraction(math.factorial(N), math.factorial(n1) * math.factorial(n2) * math.factorial(r)) \
                * q ** n1 * q ** n2 * Fraction(1, 2) ** r
            if n1 != n2:
                total += p
    split = expected_ge(dist, N, Criterion(height=1), "split")
    first = expected_ge(dist, N, Criterion(height=1), "first")
    return {
        "correct": "sum_i P[zeta(x) = C_i] = 1 needs a tie rule; exactprune uses tie='split' (average over the tied "
                   "classes, = uniform random tie-break) or tie='first'; empty leaves are ties among all classes",
        "counterexample": {"arities": [2], "k": 2, "probabilities": "uniform 1/4", "N": N, "h": 1, "x": [0],
                           "printed_sum_over_classes": fraction_str(total),
                           "E[GE]_tie_split": fraction_str(split), "E[GE]_tie_first": fraction_str(first)},
        "confirmed": total != 1,
    }


def _table_1_rho0() -> dict:
    """At rho = 0 (t = 0 in :func:`~exactprune.rdt.correlated_distribution`) P[Y = y | x] = 1/2 for every
    cell x of the three synthetic layouts, so every tree's strength is s = E[w_Y - w_{1-Y}] = 0 exactly;
    the exact moments of one grid point (d = 5 binary, h = 3, N = 100) show GE = 1/2 with variance 0."""
    from ..rdt import correlated_distribution, exact_moments
    from ..rdt.experiment import PAPER_TABLE1, SYNTHETIC, criteria_for
    balanced = {}
    for name, arities in SYNTHETIC.items():
        dist = correlated_distribution(arities, 0)
        cells = itertools.product(*(range(a) for a in arities))
        balanced[name] = all(dist.prob(x + (0,)) == dist.prob(x + (1,)) for x in cells)
    moments = exact_moments(correlated_distribution(SYNTHETIC["d=5 binary"], 0), 100, criteria_for("fixed", 100))
    printed = {f"{crit}, N = {N}, {name}": row[-1] for (crit, N, name), row in PAPER_TABLE1.items()}
    return {"correct": "no finite bound at rho = 0: s = 0 for every tree and kappa (1 - s^2)/s^2 does not exist",
            "counterexample": {"P[Y=0|x] = P[Y=1|x] for every x": balanced,
                               "d=5 binary, fixed(h=3), N = 100": {"E[GE]": fraction_str(moments["E1"]),
                                                                   "Var[GE]": fraction_str(moments["var"])},
                               "printed at rho = 0": printed},
            "confirmed": all(balanced.values()) and moments["E1"] == Fraction(1, 2) and moments["var"] == 0
                         and all(value > 0 for value in printed.values())}


def dd_correlation(dist) -> Fraction:
    """DD 4.2's "correlation" of a distribution: sum over the cells of (p - p_m)^2 / p_m, p_m the product
    of the cell's one-dimensional marginals (every attribute and the class); cells with p_m = 0 add 0.

    Parameters
    ----------
    dist : exactprune.rdt.Distribution
        The contingency table's cell probabilities.

    Returns
    -------
    Fraction
        The chi-square sum, exactly.

    See Also
    --------
    exactprune.rdt.correlated_distribution : the synthetic distributions, correlation t^2.

    Examples
    --------
    >>> from exactprune.rdt import correlated_distribution
    >>> dd_correlation(correlated_distribution([2, 3], Fraction(3, 5)))
    Fraction(9, 25)
    """
    shape = tuple(dist.arities) + (dist.k,)
    cells = list(itertools.product(*(range(n) for n in shape)))
    probs = {cell: dist.prob(cell) for cell in cells}
    marginals = [{v: sum(p for cell, p in probs.items() if cell[axis] == v) for v in range(n)}
                 for axis, n in enumerate(shape)]
    total = Fraction(0)
    for cell, p in probs.items():
        product = math.prod((marginals[axis][v] for axis, v in enumerate(cell)), start=Fraction(1))
        if product:
            total += (p - product) ** 2 / product
    return total


def _table_1_floor() -> dict:
    """Every printed Table 1 bound against the floor (1 - rho)/rho (proofs/dd_table1_floor.py), rho read
    at the top of its two-decimal rounding interval (rho + 1/200), so a cell is named only if it is below
    the floor for every correlation that prints as its column; and the floor reached exactly by the
    synthetic distributions (correlation t^2, the Bayes tree's s = t)."""
    from ..rdt import correlated_distribution, margin_strength
    from ..rdt.breiman import breiman_bound
    from ..rdt.experiment import PAPER_TABLE1, RHOS, SYNTHETIC
    floors = {}
    for rho in list(RHOS)[1:-1]:                       # 0.36, 0.11, 0.02 (rho = 1: floor 0; rho = 0: no bound)
        top = Fraction(rho) + Fraction(1, 200)
        floors[rho] = (1 - top) / top
    below = {}
    for (crit, N, setting), row in PAPER_TABLE1.items():
        for rho, printed in zip(RHOS, row):
            if rho in floors and Fraction(str(printed)) < floors[rho]:
                below[f"{crit}, N = {N}, {setting}, rho = {rho}"] = {"printed": printed,
                                                                    "floor": fraction_str(floors[rho])}
    reached = {}
    for rho, t in list(RHOS.items())[1:-1]:
        dist = correlated_distribution(SYNTHETIC["d=5 binary"][:2], t)
        bayes_tree = [((0,), (v,), (1 - v, v)) for v in (0, 1)]     # split on attribute 0, predict f(x) = x_0
        s = margin_strength(dist, bayes_tree)
        reached[rho] = {"t": fraction_str(t), "correlation": fraction_str(dd_correlation(dist)),
                        "s_bayes_tree": fraction_str(s), "bound": fraction_str(breiman_bound(s)),
                        "floor_at_t^2": fraction_str((1 - t * t) / (t * t))}
    by_N = {str(N): sum(1 for cell in below if f"N = {N}," in cell) for N in (100, 10000)}
    return {"correct": "every tree's bound (1 - s^2)/s^2 >= (1 - rho)/rho, since s <= sqrt(rho) (Cauchy-Schwarz); "
                       "so does any average over trees",
            "counterexample": {"below the floor": below, "cells below by N": by_N, "floor reached": reached,
                               "floors (rho at the top of its rounding interval)":
                                   {rho: fraction_str(f) for rho, f in floors.items()}},
            "confirmed": bool(below) and all(r["bound"] == r["floor_at_t^2"] and r["correlation"] == fraction_str(
                RHOS[rho] ** 2) for rho, r in reached.items())}


def _datasets() -> dict:
    from itertools import product
    from ..rdt import datasets_count
    rows = []
    confirmed = True
    for N, m, d in ((4, 2, 1), (3, 2, 2)):
        cells = m ** d
        printed = N ** cells - 1
        ordered = sum(1 for _ in product(range(cells), repeat=N))              # sequences of N draws
        unordered = len({tuple(sorted(s)) for s in product(range(cells), repeat=N)})  # multisets
        rows.append({"N": N, "m": m, "d": d, "printed": printed, "ordered_sequences": ordered,
                     "unordered_multisets": unordered, "library_datasets_count": datasets_count(cells, N)})
        confirmed &= printed not in (ordered, unordered) and unordered == datasets_count(cells, N)
    return {
        "correct": "C(N + m^d - 1, N) data sets of size N over m^d cells if data sets are unordered "
                   "(multisets); (m^d)^N if they are ordered sequences of draws",
        "counterexample": rows,
        "confirmed": confirmed,
    }


ERRATA = [
    Erratum(
        id="dd-coexist-purity",
        source="DD sec 3.6.2, same-tree second moment (purity and scarcity)",
        printed=("sum_{t=0}^b bPr_t (h_p-t-2)!(h_q-t-2)!(r-v) prob_t / ((d-h_p+1)(d-h_q+1)), "
                 "prob_t = 1/(d..(d-t)(d-t-1)^2..(d-h_p)^2(d-h_p-1)..(d-h_q)), r, b sparing the leaf attributes"),
        compute=_coexist_purity,
        explanation=("Three faults: (r-v) uses an undefined v (read as r-b); prob_t's ranges are shifted by one "
                     "(it should end (d-h_p+1)^2 (d-h_p)..(d-h_q+1), and it divides by 0 for h_p = d); and excluding "
                     "the leaf attributes from the bifurcation candidates drops every pair whose paths split on a "
                     "leaf's last attribute - e.g. all sibling leaves. For sibling leaves the sum also reaches "
                     "(h_p - t - 2)! = (-1)! at t = b; the printed value 0 takes its factor r - b = 0 first."),
    ),
    Erratum(
        id="dd-coexist-identical",
        source="DD App A, sec 3.5 and 3.6.1 (co-existence factor of the same-tree second moment)",
        printed="sum_{i=0}^v vPr_i (l1-i-1)!(l2-i-1)!(r-v) prob_i",
        compute=_coexist_identical,
        explanation=("The sum over path pairs (p, q) in (2) includes p = q when x and x' share a leaf, but the "
                     "co-existence factor carries (r - v) = 0 there, dropping the diagonal of E[GE^2]."),
    ),
    Erratum(
        id="dd-ties",
        source="DD eq (1)-(2), sec 3.2-3.6",
        printed="P[zeta(x) = C_i] = sum_p P[ct(path_p C_i) > ct(path_p C_j) for all j != i, path_p exists]",
        compute=_ties,
        explanation="Strict inequalities give no class to tied (and empty) leaves, so the class probabilities "
                    "sum to less than 1 and E[GE] is underestimated; the paper states no tie rule (the unstated "
                    "hypothesis needed: a rule assigning a class to tied and empty leaves).",
        kind=HYPOTHESIS,
    ),
    Erratum(
        id="dd-table-1-rho0",
        source="DD sec 4.3, Table 1, column rho = 0",
        printed="finite upper bounds on E[GE] from Breiman's formula at rho = 0 (0.51 to 6885975 over the 18 rows)",
        compute=_table_1_rho0,
        explanation=("At rho = 0 the class is independent of the attributes and balanced, so every classifier errs "
                     "with probability exactly 1/2 and Breiman's strength s = 1 - 2 GE is 0 for every tree: the "
                     "bound kappa (1 - s^2)/s^2 does not exist for any kappa > 0, and averaging it over trees "
                     "cannot give a finite number. This reads s as Breiman's strength (an expectation over the "
                     "distribution, as in the caption's 'upper bounds'); DD do not say how they estimated s, and "
                     "a strength estimated on a finite test sample would be a different, random quantity."),
    ),
    Erratum(
        id="dd-table-1-floor",
        source="DD sec 4.3, Table 1: printed bounds below Breiman's floor (1 - rho)/rho",
        printed="upper bounds on E[GE] from Breiman's formula, e.g. 0.34 (fixed height, N = 100, d = 5 binary, "
                "rho = 0.02)",
        compute=_table_1_floor,
        explanation=("With s Breiman's strength (from the true distribution) and DD's correlation rho (the "
                     "chi-square sum of 4.2, two classes of prior 1/2), s <= sqrt(rho) for every classifier "
                     "(Cauchy-Schwarz), so every tree's bound (1 - s^2)/s^2 is at least (1 - rho)/rho and so is "
                     "their average: the named cells are impossible whatever distribution, trees or data sets "
                     "DD used (derived symbolically in proofs/dd_table1_floor.py; the floor is reached by the "
                     "tree predicting the majority class of a distribution with |2 P[Y = 1 | x] - 1| constant). "
                     "A strength estimated on a finite test sample would be another, random quantity."),
    ),
    Erratum(
        id="dd-datasets",
        source="DD sec 2.3",
        printed="the number of possible data sets of size N is N^(m^d) - 1",
        compute=_datasets,
        explanation=("Wrong under both readings; the counterexamples refute both (N = 3, m = 2, d = 1 would not: "
                     "3^2 - 1 = 8 = 2^3, the ordered count). The library reads data sets as unordered "
                     "(multisets, C(N + c - 1, N)) because DD's moments depend on a data set only through its "
                     "cell counts ct(.), the multinomial vector; as ordered iid sequences there are c^N."),
    ),
]
