"""Zhong section 4.3, equations (4.16)-(4.27), as exact rationals.

A node with counts (98, 1) split into (98, 0) and (0, 1), lam = eta = 1/2.  Every printed
number is recomputed exactly with exactprune (knorm.leaf_moment (4.29), child_weight (4.11),
subtree_moment (4.28)) and compared with the printed decimal: the printed value must be the
exact value rounded to the printed number of decimals (|exact - printed| <= half a unit in the
last printed place).  Standard deviations are irrational: compared through exact squares.
Exit status 0 iff every printed number agrees, except the one misprint found, (4.20), which is
checked to be exactly that misprint (printed = 10 x exact; see erratum_4_20).  (4.15), "generally
sigma[r_d] != sum_c sigma[r_c] P*[A_c|A_d]", is decided by this example (certified arb: 0.0433 against
0.0107).
"""
import sys
from fractions import Fraction

from exactprune.knorm import Prior, child_weight, leaf_moment, subtree_moment
from exactprune.tree import Tree


def agrees(exact_value: Fraction, printed: str) -> bool:
    """Whether ``printed`` is ``exact_value`` rounded to its decimals (within half a unit of the last place).

    Parameters
    ----------
    exact_value : Fraction
        The exact value.
    printed : str
        The printed decimal.

    Returns
    -------
    bool
        |exact - printed| <= half a unit in the last printed place.

    Examples
    --------
    >>> agrees(Fraction(3, 200), "0.015000"), agrees(Fraction(3, 200), "0.016")
    (True, False)
    """
    places = len(printed.split(".")[1])
    return abs(exact_value - Fraction(printed)) <= Fraction(1, 2 * 10 ** places)


def sqrt_agrees(square: Fraction, printed: str) -> bool:
    """sqrt(square) rounds to printed: (p - h)^2 <= square <= (p + h)^2.

    Parameters
    ----------
    square : Fraction
        The exact square of the value (a variance).
    printed : str
        The printed decimal.

    Returns
    -------
    bool
        Whether its square root rounds to ``printed``.

    Examples
    --------
    >>> sqrt_agrees(Fraction(1, 4), "0.50")
    True
    """
    places = len(printed.split(".")[1])
    p, h = Fraction(printed), Fraction(1, 2 * 10 ** places)
    return (p - h) ** 2 <= square <= (p + h) ** 2


def erratum_4_20(exact_value: Fraction, printed: str) -> bool:
    """ERRATUM: (4.20) prints 0.00075758, but (0.5)(1.5)/((99)(100)) = 1/13200 = 0.000075758 (a decimal
    place is lost); (4.26) nevertheless uses the correct value (its result 0.0019496 agrees).  Accepted
    here only as exactly this misprint: printed = 10 x exact, rounded.

    Parameters
    ----------
    exact_value : Fraction
        The exact E[r_c1^2].
    printed : str
        The printed decimal.

    Returns
    -------
    bool
        Whether ``printed`` is exactly this misprint.
    """
    found = agrees(10 * exact_value, printed) and agrees(exact_value, "0.000075758")
    if found:
        print("   ERRATUM (4.20): printed 0.00075758 is 10x the exact 1/13200 = 0.000075758; (4.26) uses the exact value")
    return found


def main() -> int:
    prior = Prior(Fraction(1, 2), Fraction(1, 2))
    tree = Tree.from_json('{"counts": [98, 1], "children": [{"counts": [98, 0]}, {"counts": [0, 1]}]}')
    d, c1, c2 = tree.root, tree.root.children[0], tree.root.children[1]
    m1, m2 = leaf_moment(d.counts, 1, prior), leaf_moment(d.counts, 2, prior)
    s1, s2 = subtree_moment(d, 1, prior), subtree_moment(d, 2, prior)
    rows = [
        ("(4.16) E[r_d]", m1, "0.015000", agrees),
        ("(4.17) E[r_d^2]", m2, "0.00037129", agrees),
        ("(4.18) sigma[r_d]", m2 - m1 ** 2, "0.012095", sqrt_agrees),
        ("(4.19) E[r_c1]", leaf_moment(c1.counts, 1, prior), "0.0050505", agrees),
        ("(4.20) E[r_c1^2]", leaf_moment(c1.counts, 2, prior), "0.00075758", erratum_4_20),
        ("(4.21) P*[A_c1|A_d]", child_weight(c1, d, prior.eta), "0.98500", agrees),
        ("(4.22) E[r_c2]", leaf_moment(c2.counts, 1, prior), "0.25000", agrees),
        ("(4.23) E[r_c2^2]", leaf_moment(c2.counts, 2, prior), "0.12500", agrees),
        ("(4.24) P*[A_c2|A_d]", child_weight(c2, d, prior.eta), "0.015000", agrees),
        ("(4.25) E[r_d] subtree", s1, "0.0087247", agrees),
        ("(4.26) E[r_d^2] subtree", s2, "0.0019496", agrees),
        ("(4.27) sigma[r_d] subtree", s2 - s1 ** 2, "0.04328", sqrt_agrees),
        ("decrease of E[r_d]", m1 - s1, "0.006275", agrees),
    ]
    failures = 0
    for label, value, printed, test in rows:
        ok = test(value, printed)
        failures += not ok
        print(f"{label:28s} exact {value}  printed {printed}  {'ok' if ok else 'DISAGREES'}")
    # "the average standard deviation increases by 0.03119": sigma_after - sigma_before, via arb
    import flint
    flint.ctx.prec = 200
    from exactprune.numbers import arb_of
    inc = arb_of(s2 - s1 ** 2).sqrt() - arb_of(m2 - m1 ** 2).sqrt()
    ok = abs(inc - arb_of(Fraction("0.03119"))) < arb_of(Fraction(1, 200000))
    failures += not ok
    print(f"{'increase of sigma':28s} certified {inc.mid().str(8, radius=False)}  printed 0.03119  {'ok' if ok else 'DISAGREES'}")
    # (4.15) "generally, sigma[r_d] != sum_c sigma[r_c] P*[A_c|A_d]": this example is such a case (certified)
    weighted = sum((arb_of(child_weight(c, d, prior.eta)) * arb_of(leaf_moment(c.counts, 2, prior)
                                                           - leaf_moment(c.counts, 1, prior) ** 2).sqrt()
                    for c in (c1, c2)), flint.arb(0))
    sigma = arb_of(s2 - s1 ** 2).sqrt()
    ok = bool(sigma - weighted > 0)
    failures += not ok
    print(f"{'(4.15) sigma[r_d] != sum':28s} certified {sigma.mid().str(4, radius=False)} > "
          f"{weighted.mid().str(4, radius=False)} (the children's weighted sigmas)  {'ok' if ok else 'DISAGREES'}")
    print("ALL AGREE" if failures == 0 else f"{failures} DISAGREE")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
