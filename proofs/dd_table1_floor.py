"""DD Table 1: the floor (1 - rho)/rho under every printed bound, derived symbolically in rho.

DD 4.2 measure the dependence of the class on the attributes by "correlation" = sum_i (p_i - p_im)^2 / p_im
over the cells i = (x, y) of the contingency table, p_im the product of the cell's marginals, two
classes with prior 1/2.  Write m(x) for the product of the attribute marginals (any weights >= 0
summing to 1), so p_im = m(x)/2.  Breiman's strength of one tree (s from the true distribution, as
"upper bounds" in the caption require) is s = sum_x sum_y p(x, y) c(x, y) with c(x, 1) = -c(x, 0) =
w_1(x) - w_0(x) in [-1, 1] (the tree's prediction weights at x).  Then:

1. s = sum_i a_i b_i with a_i = (p_i - p_im)/sqrt(p_im) and b_i = sqrt(p_im) c_i, because
   sum_i p_im c_i = sum_x m(x) (c(x, 1) + c(x, 0))/2 = 0 (symbolic, 1 to 3 attribute cells).
2. Lagrange's identity (sum a_i^2)(sum b_i^2) - (sum a_i b_i)^2 = sum_{i<j} (a_i b_j - a_j b_i)^2
   (symbolic, 2 to 6 terms), so s^2 <= rho sum_i b_i^2, and sum_i b_i^2 = sum_x m(x) c(x)^2 <= 1
   (1 - sum_x m c^2 = sum_x m (1 - c^2), symbolic).  Hence s <= sqrt(rho).
3. Breiman's bound B(s) = (1 - s^2)/s^2 has B'(s) = -2/s^3 < 0 for s > 0 and B(sqrt(rho)) =
   (1 - rho)/rho (symbolic in rho), so every tree's bound is at least (1 - rho)/rho (a tree with
   s <= 0 has none), and so is any average of them, whatever the trees and data sets.
4. The floor is reached: with P[Y = f(x) | x] = (1 + t)/2 (uniform x) the correlation is t^2 and the
   tree predicting f has s = t, bound (1 - t^2)/t^2 (symbolic in t).

Run from the repository root; exit status 0 iff every step holds.
"""
import sys

import sympy as sp


def strength_is_inner_product(cells: int) -> bool:
    """Step 1 for ``cells`` attribute cells: s - sum_i a_i b_i = 0 with every p(x, y), m(x), c(x) free.

    Parameters
    ----------
    cells : int
        The number of attribute cells x.

    Returns
    -------
    bool
        Whether the identity holds symbolically.

    Examples
    --------
    >>> strength_is_inner_product(2)
    True
    """
    p = sp.symbols(f"p0:{cells}_0:2", positive=True)
    m = list(sp.symbols(f"m0:{cells}", positive=True))
    c = sp.symbols(f"c0:{cells}", real=True)
    s = sum(p[2 * x + 1] * c[x] - p[2 * x] * c[x] for x in range(cells))
    inner = sum((p[2 * x + y] - m[x] / 2) * (c[x] if y else -c[x]) for x in range(cells) for y in (0, 1))
    return sp.expand(s - inner) == 0


def lagrange_identity(terms: int) -> bool:
    """Step 2: (sum a^2)(sum b^2) - (sum ab)^2 = sum_{i<j} (a_i b_j - a_j b_i)^2 (Lagrange's identity).

    Parameters
    ----------
    terms : int
        The number of terms of each sum.

    Returns
    -------
    bool
        Whether the identity holds symbolically.

    Examples
    --------
    >>> lagrange_identity(3)
    True
    """
    a, b = sp.symbols(f"a0:{terms}", real=True), sp.symbols(f"b0:{terms}", real=True)
    gap = sum(x * x for x in a) * sum(y * y for y in b) - sum(x * y for x, y in zip(a, b)) ** 2
    squares = sum((a[i] * b[j] - a[j] * b[i]) ** 2 for i in range(terms) for j in range(i + 1, terms))
    return sp.expand(gap - squares) == 0


def weights_bound(cells: int) -> bool:
    """Step 2's last factor: with sum m = 1, 1 - sum_x m(x) c(x)^2 = sum_x m(x) (1 - c(x)^2) >= 0 for |c| <= 1.

    Parameters
    ----------
    cells : int
        The number of attribute cells x.

    Returns
    -------
    bool
        Whether the identity holds symbolically.

    Examples
    --------
    >>> weights_bound(3)
    True
    """
    m = list(sp.symbols(f"m0:{cells - 1}", positive=True))
    m.append(1 - sum(m))
    c = sp.symbols(f"c0:{cells}", real=True)
    return sp.expand((1 - sum(w * v ** 2 for w, v in zip(m, c))) - sum(w * (1 - v ** 2) for w, v in zip(m, c))) == 0


def breiman_floor(rho=sp.Symbol("rho", positive=True)):
    """Step 3: (decreasing for s > 0, the bound at s = sqrt(rho)); the floor is (1 - rho)/rho.

    Parameters
    ----------
    rho : sympy.Expr
        The correlation (a positive symbol by default).

    Returns
    -------
    tuple
        (whether (1 - s^2)/s^2 has derivative -2/s^3, the bound at s = sqrt(rho)).

    Examples
    --------
    >>> rho = sp.Symbol("rho", positive=True)
    >>> decreasing, floor = breiman_floor(rho)
    >>> decreasing, sp.simplify(floor - (1 - rho) / rho)
    (True, 0)
    """
    s = sp.Symbol("s", positive=True)
    bound = (1 - s ** 2) / s ** 2
    decreasing = sp.simplify(sp.diff(bound, s) + 2 / s ** 3) == 0
    return decreasing, sp.simplify(bound.subs(s, sp.sqrt(rho)))


def floor_reached() -> bool:
    """Step 4: P[Y = f(x) | x] = (1 + t)/2: correlation t^2, the Bayes tree's s = t, bound (1 - t^2)/t^2."""
    t = sp.Symbol("t", positive=True)
    cond = {True: (1 + t) / 2, False: (1 - t) / 2}     # P[Y = y | x] for y = f(x) and y != f(x)
    # m(x) = 1/c per cell; every cell contributes the same, so one cell's share times c is the sum
    correlation = sum((cond[y] - sp.Rational(1, 2)) ** 2 / sp.Rational(1, 2) for y in (True, False))
    strength = cond[True] - cond[False]
    return (sp.simplify(correlation - t ** 2) == 0 and sp.simplify(strength - t) == 0
            and sp.simplify(((1 - strength ** 2) / strength ** 2) - breiman_floor(t ** 2)[1]) == 0)


def main() -> int:
    rho = sp.Symbol("rho", positive=True)
    decreasing, floor = breiman_floor(rho)
    steps = {
        "1. s = sum a_i b_i (1 to 3 cells)": all(strength_is_inner_product(n) for n in (1, 2, 3)),
        "2. Lagrange's identity (2 to 6 terms); sum m c^2 <= 1 (1 to 4 cells)":
            all(lagrange_identity(n) for n in range(2, 7)) and all(weights_bound(n) for n in range(1, 5)),
        "3. (1 - s^2)/s^2 decreasing, = (1 - rho)/rho at s = sqrt(rho)":
            decreasing and sp.simplify(floor - (1 - rho) / rho) == 0,
        "4. the floor is reached (correlation t^2, s = t)": floor_reached(),
    }
    for name, ok in steps.items():
        print(f"DD Table 1 floor, step {name}: {'ok' if ok else 'FAIL'}")
    return 0 if all(steps.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
