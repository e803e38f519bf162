"""Zhong Lemma 5.2, the identity (C.38) of its proof, symbolically -- and a misprint in it.

Under (C.37), sum_i p_i g_k(x_i) = g_k(X) with sum_i p_i = 1, and g_{k+1}(x) = g_k(x)(x + k):

  sum_i p_i g_{k+1}(x_i) - g_{k+1}(X) = sum_i p_i g_k(x_i)(x_i + k) - g_k(X)(X + k)
                                      = sum_i p_i g_k(x_i) x_i - g_k(X) X.

The dissertation prints the middle and last terms with g_{k+1}(X) in place of g_k(X)
("- g_{k+1}(X)(X + k)" and "- g_{k+1}(X) X"); those printed forms are false.  This script proves
the corrected chain for symbolic x_1..x_m, X, p_1..p_{m-1} (p_m = 1 - sum), m = 2, 3, each
k = 1..4, as the polynomial identity  LHS - RHS = k * (sum_i p_i g_k(x_i) - g_k(X)),  whose right
side vanishes under (C.37); and it exhibits an exact counterexample to the printed middle term.  Exit status 0 iff the corrected identity holds and the misprint is confirmed.
"""
import sys
from fractions import Fraction

import sympy

from exactprune.numbers import rising


def main() -> int:
    failures = 0
    X = sympy.Symbol("X", positive=True)
    for m in (2, 3):
        xs = sympy.symbols(f"x1:{m + 1}", positive=True)
        ps = list(sympy.symbols(f"p1:{m}", positive=True))
        ps.append(1 - sum(ps))
        for k in range(1, 5):
            gk = lambda x: rising(x, k)
            gk1 = lambda x: rising(x, k + 1)
            lhs = sum(p * gk1(x) for p, x in zip(ps, xs)) - gk1(X)
            last = sum(p * gk(x) * x for p, x in zip(ps, xs)) - gk(X) * X
            constraint = sum(p * gk(x) for p, x in zip(ps, xs)) - gk(X)  # = 0 by (C.37)
            # lhs - last must be a multiple of the constraint (it is k times it)
            ok = sympy.expand(lhs - last - k * constraint) == 0
            failures += not ok
            print(f"m={m} k={k}: corrected (C.38) = k * (C.37) residual: {'ok' if ok else 'FAIL'}")
    # the printed middle term: sum p_i g_k(x_i)(x_i+k) - g_{k+1}(X)(X+k); a counterexample with m = 1 (X = x)
    k, x = 1, Fraction(2)
    true_value = Fraction(rising(x, k + 1)) - Fraction(rising(x, k + 1))  # 0
    printed_middle = Fraction(rising(x, k)) * (x + k) - Fraction(rising(x, k + 1)) * (x + k)
    misprint = printed_middle != true_value
    print(f"printed middle term at k=1, x=X=2, p=1: {printed_middle} (true difference {true_value}): "
          f"{'misprint confirmed' if misprint else 'no misprint'}")
    failures += not misprint
    print("ALL HOLD" if failures == 0 else f"{failures} FAILURES")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
