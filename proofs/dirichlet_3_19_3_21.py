"""Zhong (3.19)-(3.21) from the Dirichlet product moment (C.6), symbolically.

Established: for symbolic lam and symbolic counts n_1..n_H (H = 2, 3, 4) and each fixed
k = 1..5, (C.6) with the posterior parameters n_h + lam (C.2) gives
  (3.19) E[p_h^k] = prod_m (n_h + lam + m)/(N + lam H + m),
  (3.20) E[(1-p_h)^k] = prod_m (N - n_h + lam (H-1) + m)/(N + lam H + m)   [via the binomial
         expansion of (1-p_h)^k = (sum_{j != h} p_j)^k, a multinomial sum of (C.6) terms; this
         does not use (C.3)],
  (3.21) E[p_a p_b] = (n_a + lam)(n_b + lam + I[a = b]) / ((N + lam H)(N + lam H + 1)),
and that exactprune.dirichlet.product_moment implements (C.6).  (3.11), Lidstone's law with one
lam_h per class, is checked apart with symbolic n_h and lam_h (H = 2, 3, 4): the posterior mean of
Dir(n_1 + lam_1, ..., n_H + lam_H) by (C.6) at k = 1 is (n_h + lam_h)/(N + sum_h lam_h), for every h.
Exit status 0 iff all hold.
"""
import itertools
import sys
from math import factorial

import sympy

from exactprune.numbers import rising
from exactprune.dirichlet import product_moment

lam = sympy.Symbol("lam", positive=True)


def c6(params, ks):
    """(C.6): prod_h rising(param_h, k_h) / rising(sum params, sum k).

    Parameters
    ----------
    params : sequence of sympy.Expr
        The Dirichlet parameters.
    ks : sequence of int
        The exponents.

    Returns
    -------
    sympy.Expr
        E[p_1^k_1 ... p_H^k_H].

    Examples
    --------
    >>> c6([1, 1], [1, 0])
    1/2
    """
    num = sympy.Integer(1)
    for a, k in zip(params, ks):
        num *= rising(a, k)
    return num / rising(sum(params), sum(ks))


def lidstone_3_11(n, lams, h):
    """(3.11) as printed: (n_h + lam_h) / (N + sum_h lam_h), one lam_h per class.

    Parameters
    ----------
    n, lams : sequence of sympy.Expr
        The counts n_1..n_H and the parameters lam_1..lam_H.
    h : int
        The class (0-based).

    Returns
    -------
    sympy.Expr
        p_h*.
    """
    return (n[h] + lams[h]) / (sum(n) + sum(lams))


def check_3_11(law=lidstone_3_11) -> int:
    """Failures of ``law`` against (C.6)'s posterior mean with a separate symbolic lam_h per class.

    Parameters
    ----------
    law : callable
        (n, lams, h) -> p_h*; the printed (3.11) by default (a misprint can be passed to see it fail).

    Returns
    -------
    int
        The number of (H, h), H = 2..4, where the law differs from the posterior mean symbolically.
    """
    failures = 0
    for H in (2, 3, 4):
        n = sympy.symbols(f"n1:{H + 1}", nonnegative=True)
        lams = sympy.symbols(f"lam1:{H + 1}", positive=True)
        for h in range(H):
            mean = c6([x + l for x, l in zip(n, lams)], [int(i == h) for i in range(H)])
            failures += sympy.simplify(mean - law(n, lams, h)) != 0
    print(f"(3.11) per-class lam_h, H = 2..4, every h: {'ok' if failures == 0 else 'FAIL'}")
    return failures


def main() -> int:
    failures = check_3_11()
    for H in (2, 3, 4):
        n = sympy.symbols(f"n1:{H + 1}", nonnegative=True)
        N = sum(n)
        params = [x + lam for x in n]
        for k in range(1, 6 if H < 4 else 4):
            h = 0
            ks = [k if i == h else 0 for i in range(H)]
            lhs = c6(params, ks)
            rhs = sympy.prod([(n[h] + lam + m) / (N + lam * H + m) for m in range(k)])
            ok19 = sympy.simplify(lhs - rhs) == 0
            # (3.20): E[(sum_{j != h} p_j)^k] as a multinomial sum of (C.6) terms
            others = [i for i in range(H) if i != h]
            total = 0
            for combo in itertools.product(range(k + 1), repeat=len(others)):
                if sum(combo) != k:
                    continue
                coef = factorial(k)
                for c in combo:
                    coef //= factorial(c)
                kk = [0] * H
                for i, c in zip(others, combo):
                    kk[i] = c
                total += coef * c6(params, kk)
            rhs20 = sympy.prod([(N - n[h] + lam * (H - 1) + m) / (N + lam * H + m) for m in range(k)])
            ok20 = sympy.simplify(sympy.together(total - rhs20)) == 0
            print(f"H={H} k={k}: (3.19) {'ok' if ok19 else 'FAIL'}, (3.20) {'ok' if ok20 else 'FAIL'}")
            failures += (not ok19) + (not ok20)
        for a in range(H):
            for b in range(H):
                kk = [0] * H
                kk[a] += 1
                kk[b] += 1
                lhs = c6(params, kk)
                rhs = (n[a] + lam) * (n[b] + lam + (1 if a == b else 0)) / ((N + lam * H) * (N + lam * H + 1))
                if sympy.simplify(lhs - rhs) != 0:
                    print(f"H={H} (3.21) a={a} b={b}: FAIL")
                    failures += 1
        print(f"H={H}: (3.21) checked for all pairs")
    # the library's product_moment is (C.6) with symbolic lam
    value = product_moment([3, 1, 0], [2, 1, 0], lam)
    expected = c6([3 + lam, 1 + lam, lam], [2, 1, 0])
    ok = sympy.simplify(value - expected) == 0
    print(f"exactprune.dirichlet.product_moment == (C.6) symbolically: {'ok' if ok else 'FAIL'}")
    failures += not ok
    print("ALL HOLD" if failures == 0 else f"{failures} FAILURES")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
