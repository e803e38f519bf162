"""DD Lemma 1 (sec 3.1), symbolically: independence lets an equality of inner expectations pass to the
joint expectation.

The lemma: D and T independent discrete random variables, f and g with E_D[f(d, t)] = E_D[g(d, t)]
for every t; then E_{T x D}[f(d, t)] = E_{T x D}[g(d, t)].

Established with every probability and every function value a free symbol, for D with m values and T
with n values, m, n = 1..3: P[D = i] = p_i (p_m = 1 - the others), P[T = j] = q_j (q_n = 1 - the
others), f(i, j) and g(i, j) free except that the hypothesis fixes g(m, j) for each j (solved from
sum_i p_i g(i, j) = sum_i p_i f(i, j)); E_{T x D}[f - g] = sum_{i, j} p_i q_j (f(i, j) - g(i, j))
simplifies to 0.  The lemma is used, not tested, by the moment checks of exactprune.rdt
(theorem dd-moments); this script tests it.

Independence is needed: with T = D (one fair bit), f(d, t) = [d = t] and g = 1/2 satisfy the
hypothesis (E_D[f(d, t)] = 1/2 for each t) while E[f] = 1 and E[g] = 1/2.

Run from the repository root; exit status 0 iff every check gives its expected result.
"""
import sys

import sympy as sp


def joint_gap(m: int, n: int, independent: bool = True):
    """E_{T x D}[f] - E_{T x D}[g] under the lemma's hypothesis, for D with ``m`` values and T with ``n``.

    Every probability and function value is a symbol; g(m, j) is solved from the hypothesis.  With
    ``independent=False`` the joint law is a free table r(i, j) (summing to 1) whose D-marginal is
    the p_i of the hypothesis, so T may depend on D.

    Parameters
    ----------
    m, n : int
        The numbers of values of D and T.
    independent : bool
        Whether the joint law is the product of the marginals (the lemma's hypothesis).

    Returns
    -------
    sympy.Expr
        The simplified difference: 0 when the lemma holds for all values of the symbols.

    See Also
    --------
    dependent_counterexample : a dependent case where it fails.

    Examples
    --------
    >>> joint_gap(2, 2)
    0
    """
    p = list(sp.symbols(f"p1:{m}", positive=True)) + [None]
    p[-1] = 1 - sum(p[:-1])
    q = list(sp.symbols(f"q1:{n}", positive=True)) + [None]
    q[-1] = 1 - sum(q[:-1])
    f = sp.Matrix(m, n, lambda i, j: sp.Symbol(f"f_{i}{j}"))
    g = sp.Matrix(m, n, lambda i, j: sp.Symbol(f"g_{i}{j}"))
    for j in range(n):   # the hypothesis: E_D[f(., j)] = E_D[g(., j)], solved for g(m, j)
        unknown = g[m - 1, j]
        equation = sum(p[i] * (f[i, j] - g[i, j]) for i in range(m))
        g[m - 1, j] = sp.solve(equation, unknown)[0]
    if independent:
        joint = sp.Matrix(m, n, lambda i, j: p[i] * q[j])
    else:   # T given D free: r(i, j) = p_i P[T = j | D = i]
        cond = sp.Matrix(m, n, lambda i, j: sp.Symbol(f"c_{i}{j}", positive=True))
        for i in range(m):
            cond[i, n - 1] = 1 - sum(cond[i, j] for j in range(n - 1))
        joint = sp.Matrix(m, n, lambda i, j: p[i] * cond[i, j])
    return sp.simplify(sum(joint[i, j] * (f[i, j] - g[i, j]) for i in range(m) for j in range(n)))


def dependent_counterexample() -> tuple:
    """(E[f], E[g]) for T = D one fair bit, f(d, t) = [d = t], g = 1/2: the hypothesis holds, the
    conclusion does not.

    >>> dependent_counterexample()
    (Fraction(1, 1), Fraction(1, 2))
    """
    from fractions import Fraction
    joint = {(0, 0): Fraction(1, 2), (1, 1): Fraction(1, 2)}
    marginal = {0: Fraction(1, 2), 1: Fraction(1, 2)}
    f = lambda d, t: Fraction(int(d == t))     # noqa: E731
    g = lambda d, t: Fraction(1, 2)            # noqa: E731
    assert all(sum(marginal[d] * f(d, t) for d in (0, 1)) == sum(marginal[d] * g(d, t) for d in (0, 1))
               for t in (0, 1))
    return (sum(w * f(d, t) for (d, t), w in joint.items()), sum(w * g(d, t) for (d, t), w in joint.items()))


def main() -> int:
    ok = all(joint_gap(m, n) == 0 for m in (1, 2, 3) for n in (1, 2, 3))
    print(f"DD Lemma 1, independent D and T, m, n = 1..3, symbolic: {'ok' if ok else 'FAIL'}")
    dependent = joint_gap(2, 2, independent=False) != 0
    e_f, e_g = dependent_counterexample()
    dependent &= e_f != e_g
    print(f"DD Lemma 1 needs independence (T = D: E[f] = {e_f}, E[g] = {e_g}): {'ok' if dependent else 'FAIL'}")
    return 0 if ok and dependent else 1


if __name__ == "__main__":
    sys.exit(main())
