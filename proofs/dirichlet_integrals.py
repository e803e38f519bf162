"""Zhong (C.90) and (C.92), App C.9, against an independent oracle (sympy and mpmath only; nothing from
exactprune).

* (C.90), second line: (sum_j q_j p_j)^k = sum_{k_1 + ... + k_J = k} k!/(k_1! ... k_J!) prod_j q_j^k_j p_j^k_j,
  the multinomial theorem, checked symbolically (J = 2, 3; k = 1..4) by expanding both sides.
* (C.92): E[p_1^n_1 ... p_J^n_J] = g_n_1(M_1) ... g_n_J(M_J) / g_k(M), g_n(x) = Gamma(x + n)/Gamma(x),
  k = sum n_j, M = sum M_j, for p ~ Dirichlet(M_1..M_J), against direct integration of the Dirichlet
  density: J = 2 and J = 3 exactly (sympy, iterated integrals over the simplex) for integer M_j; J = 2
  with M_j in {1/3, 1/2, 7/5, 3/2, 2} by mpmath quadrature at 30 digits (agreement to 1e-9: the endpoint singularities p^(M-1) limit the quadrature).  Every n_j <= 3 (J = 2) or <= 2 (J = 3).

Run from anywhere; exit status 0 iff every check holds.
"""
import itertools
import sys

import mpmath
import sympy as sp

RESULTS = []


def report(label: str, ok: bool, what: str) -> None:
    RESULTS.append(ok)
    print(f"({label}): {what if ok else 'FAIL'}")


def rising(x, n: int):
    """g_n(x) = Gamma(x + n)/Gamma(x) = x (x + 1) ... (x + n - 1)."""
    return sp.Integer(1) * sp.prod([sp.sympify(x) + i for i in range(n)])


def c92(params, ns):
    return sp.prod([rising(m, n) for m, n in zip(params, ns)]) / rising(sum(params), sum(ns))


def check_c90() -> None:
    ok = True
    for J in (2, 3):
        q, p = sp.symbols(f"q1:{J + 1}"), sp.symbols(f"p1:{J + 1}")
        for k in range(1, 5):
            lhs = sp.expand(sum(qj * pj for qj, pj in zip(q, p)) ** k)
            rhs = sum(sp.factorial(k) / sp.prod([sp.factorial(kj) for kj in ks])
                      * sp.prod([qj ** kj * pj ** kj for qj, pj, kj in zip(q, p, ks)])
                      for ks in itertools.product(range(k + 1), repeat=J) if sum(ks) == k)
            ok &= sp.expand(lhs - rhs) == 0
    report("C.90", ok, "ok (multinomial expansion, J = 2, 3, k = 1..4, symbolic)")


def dirichlet_moment_2(m1: int, m2: int, n1: int, n2: int):
    p = sp.Symbol("p", positive=True)
    density = sp.expand(p ** (m1 - 1) * (1 - p) ** (m2 - 1))
    return sp.integrate(sp.expand(density * p ** n1 * (1 - p) ** n2), (p, 0, 1)) / sp.integrate(density, (p, 0, 1))


def dirichlet_moment_3(m, ns):
    x, y = sp.symbols("x y", positive=True)
    density = x ** (m[0] - 1) * y ** (m[1] - 1) * (1 - x - y) ** (m[2] - 1)

    def integral(f):
        return sp.integrate(sp.integrate(sp.expand(f), (y, 0, 1 - x)), (x, 0, 1))
    moment = density * x ** ns[0] * y ** ns[1] * (1 - x - y) ** ns[2]
    return sp.nsimplify(integral(moment) / integral(density))


def numeric_moment(params, ns):
    mpmath.mp.dps = 30
    if len(params) == 2:
        f = lambda p, n1=ns[0], n2=ns[1]: p ** (params[0] - 1 + n1) * (1 - p) ** (params[1] - 1 + n2)  # noqa: E731
        return mpmath.quad(f, [0, 1]) / mpmath.quad(lambda p: f(p, 0, 0), [0, 1])
    a, b, c = params

    def f(n):
        return mpmath.quad(lambda x: mpmath.quad(
            lambda y: x ** (a - 1 + n[0]) * y ** (b - 1 + n[1]) * (1 - x - y) ** (c - 1 + n[2]), [0, 1 - x]), [0, 1])
    return f(ns) / f((0, 0, 0))


def check_c92() -> None:
    ok2 = all(dirichlet_moment_2(m1, m2, n1, n2) == c92((m1, m2), (n1, n2))
              for m1, m2 in ((1, 1), (1, 3), (2, 2), (4, 1))
              for n1, n2 in itertools.product(range(4), repeat=2))
    report("C.92, J = 2", ok2, "ok (Beta integrals of polynomials, exact, integer M, n_j <= 3)")
    ok3 = all(dirichlet_moment_3(m, ns) == c92(m, ns)
              for m in ((1, 1, 1), (2, 1, 3))
              for ns in itertools.product(range(3), repeat=3))
    report("C.92, J = 3", ok3, "ok (iterated integrals over the simplex, exact, integer M, n_j <= 2)")
    half, third, seven_fifths = sp.Rational(1, 2), sp.Rational(1, 3), sp.Rational(7, 5)
    okn = True
    for params, ns in (((half, 3 * half), (2, 1)), ((third, seven_fifths), (2, 1)), ((seven_fifths, third), (3, 0)),
                       ((third, 2), (1, 3))):
        value = numeric_moment([mpmath.mpf(p.p) / p.q for p in map(sp.Rational, params)], ns)
        okn &= abs(value - mpmath.mpf(str(sp.N(c92(params, ns), 40)))) < mpmath.mpf(10) ** -9
    report("C.92, non-integer M", okn, "ok (mpmath quadrature at 30 digits, J = 2, M in {1/3, 1/2, 7/5, 3/2, 2}, within 1e-9, the endpoint singularities limit the quadrature)")


def main() -> int:
    check_c90()
    check_c92()
    return 0 if all(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
