"""Benchmark for issue 5: E_k* (Zhong 7.13) exactly, three ways, and the recursion at scale.

1. J = 6, k = 12: the corrected recursion (7.14) vs the multinomial expansion (C.90)/(C.92)
   (6188 terms) vs sympy expanding the polynomial (sum_j q_j p_j)^k and mapping each monomial to
   its Dirichlet moment.  All three are checked equal; times are reported as ratios.
2. J = 10, k = 200 (C(209, 9) ~ 1.8e15 expansion terms, out of reach): the exact recursion vs the
   same recursion in float64 (numpy-free pure Python, and a numpy vectorised one); the exact value
   is compared with the float64 one.

Run: python3 benchmarks/bench_costs.py   (not part of the test run)
"""
from __future__ import annotations

import math
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import sympy as sp  # noqa: E402

from exactprune.costs import cost_moment, cost_moment_expansion  # noqa: E402


def timed(fn, repeat=3):
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return min(times), value


def sympy_expand(counts, row, k, lam):
    """Expand (sum q_j p_j)^k with sympy and replace each monomial by its Dirichlet moment (C.92)."""
    J = len(counts)
    p = sp.symbols(f"p0:{J}")
    params = [sp.Rational(c) + sp.Rational(lam.numerator, lam.denominator) for c in counts]
    total_param = sum(params)
    poly = sp.Poly(sp.expand(sum(sp.Rational(q.numerator, q.denominator) * pj for q, pj in zip(row, p)) ** k), *p)
    value = sp.Integer(0)
    for exps, coeff in poly.terms():
        moment = sp.Integer(1)
        for a, e in zip(params, exps):
            moment *= sp.rf(a, e)
        value += coeff * moment
    value /= sp.rf(total_param, k)
    return Fraction(int(value.p), int(value.q))


def float_recursion(params, row, k):
    """The corrected (7.14) in float64, pure Python."""
    M = sum(params)
    c = [0.0] * (k + 1)
    for m in range(1, k + 1):
        c[m] = sum(a * q ** m for a, q in zip(params, row))
    E = [1.0]
    for n in range(1, k + 1):
        total, coef = 0.0, 1.0 / (M + n - 1)
        for m in range(1, n + 1):
            total += coef * E[n - m] * c[m]
            if m < n:
                coef *= (n - m) / (M + n - m - 1)
        E.append(total)
    return E[k]


def float_recursion_numpy(params, row, k):
    """The corrected (7.14) in float64, each E_n as one numpy dot product."""
    params, row = np.asarray(params, float), np.asarray(row, float)
    M = params.sum()
    c = np.array([0.0] + [float(params @ row ** m) for m in range(1, k + 1)])
    E = np.zeros(k + 1)
    E[0] = 1.0
    for n in range(1, k + 1):
        m = np.arange(1, n + 1)
        # coef_m = (n-1)!/(n-m)! / prod_{i=1}^m (M+n-i), as a cumulative product
        factors = np.concatenate(([1.0 / (M + n - 1)], (n - m[:-1]) / (M + n - m[:-1] - 1)))
        E[n] = np.dot(np.cumprod(factors) * c[1:n + 1], E[n - m])
    return E[k]


def main() -> None:
    print("E_k* = E[(sum_j q_j p_j)^k] exactly; times are best of 3 (perf_counter)\n")
    counts = [5, 0, 3, 9, 1, 2]
    row = [Fraction(0), Fraction(7, 2), Fraction(1), Fraction(2), Fraction(1, 3), Fraction(5)]
    lam, k = Fraction(1, 2), 12
    t_rec, v_rec = timed(lambda: cost_moment(counts, row, k, lam))
    t_exp, v_exp = timed(lambda: cost_moment_expansion(counts, row, k, lam))
    t_sym, v_sym = timed(lambda: sympy_expand(counts, row, k, lam), repeat=1)
    assert v_rec == v_exp == v_sym
    print(f"J = 6, k = 12 ({math.comb(k + 5, 5)} expansion terms), all three equal: {float(v_rec):.12g}")
    print(f"  recursion (7.14)  {t_rec * 1e3:9.3f} ms")
    print(f"  expansion (C.90)  {t_exp * 1e3:9.3f} ms   ratio expansion/recursion = {t_exp / t_rec:8.1f}x")
    print(f"  sympy expand      {t_sym * 1e3:9.3f} ms   ratio sympy/recursion     = {t_sym / t_rec:8.1f}x")
    print(f"  target: recursion >= 100x faster than the expansion: {'met' if t_exp / t_rec >= 100 else 'NOT met'}\n")

    J, k = 10, 200
    counts = [37, 0, 4, 12, 1, 9, 0, 25, 3, 8]
    row = [Fraction(i * 7 % 11, 1 + i % 3) for i in range(J)]
    lam = Fraction(1, 2)
    t_exact, v_exact = timed(lambda: cost_moment(counts, row, k, lam))
    params = [c + 0.5 for c in counts]
    qs = [float(q) for q in row]
    t_float, v_float = timed(lambda: float_recursion(params, qs, k))
    t_np, v_np = timed(lambda: float_recursion_numpy(params, qs, k))
    rel = abs(v_float - float(v_exact)) / float(v_exact)
    rel_np = abs(v_np - float(v_exact)) / float(v_exact)
    print(f"J = 10, k = 200 (expansion would need C(209, 9) = {math.comb(209, 9):.3g} terms)")
    print(f"  exact recursion        {t_exact * 1e3:9.3f} ms   value {float(v_exact):.15g} "
          f"({len(str(v_exact.denominator))}-digit denominator)")
    print(f"  float64 recursion      {t_float * 1e3:9.3f} ms   ratio exact/float64 = {t_exact / t_float:6.1f}x, "
          f"float64 relative error {rel:.2e}")
    print(f"  float64 numpy          {t_np * 1e3:9.3f} ms   ratio exact/numpy   = {t_exact / t_np:6.1f}x, "
          f"relative error {rel_np:.2e}")


if __name__ == "__main__":
    main()
