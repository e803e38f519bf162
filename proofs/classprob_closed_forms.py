"""Zhong (7.21) and (7.22) proved from the definition; the sign of (7.19)-(7.20) settled.

With p_j ~ Beta(a, b), a = M_j = n_j + lam, b = M - M_j, and r = p_j - a/M (7.17), the
definition E[r^k] = integral (p - a/M)^k p^(a-1) (1-p)^(b-1) dp / B(a, b) equals the binomial
sum over raw moments E[p^m] = a^(m)/M^(m) (3.19), which is a polynomial identity in p.  This
script establishes, with a and b free symbols:

 1. (7.21): E[r^2] = M_j (M - M_j) / (M^2 (M+1)).
 2. (7.22): E[r^4] = 3 M_j (M-M_j)(M^2 M_j - M M_j^2 + 6 M_j^2 - 6 M_j M + 2 M^2) / (M^4 (M+1)(M+2)(M+3)).
 3. The sign: sum_m C(k,m) (-1)^(k-m) E[p^m] p*^(k-m) is E[(p - p*)^k]; the printed (-1)^m gives
    E[(p* - p)^k] = (-1)^k E[r^k], so the printed (7.20) is the negative of the truth for odd k
    (non-zero third moment exhibited symbolically) and correct for even k (k <= 8 checked).
 4. Cross-check: numeric Beta integrals (sympy, exact) for a few rational (a, b) equal both forms.
 5. The library (exactprune.classprob) agrees symbolically in lam for k = 2, 4.

Exit status 0 when everything is established; 1 otherwise.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

import sympy as sp


def rising(x, n):
    out = sp.Integer(1)
    for i in range(n):
        out *= (x + i)
    return out


def binomial_sum(a, M, k, printed=False):
    mean = a / M
    total = 0
    for m in range(k + 1):
        sign = (-1) ** m if printed else (-1) ** (k - m)
        total += math.comb(k, m) * sign * rising(a, m) / rising(M, m) * mean ** (k - m)
    return sp.factor(sp.together(total))


def main() -> int:
    failures = []

    def require(ok, what):
        print(("established: " if ok else "FAILED: ") + what)
        if not ok:
            failures.append(what)

    a, b = sp.symbols("a b", positive=True)
    M = a + b
    # (p - p*)^k expanded is sum_m C(k,m) p^m (-p*)^(k-m): an identity of polynomials in p
    p, ps = sp.symbols("p pstar")
    for k in range(1, 9):
        lhs = sp.expand((p - ps) ** k)
        rhs = sp.expand(sum(math.comb(k, m) * (-1) ** (k - m) * p ** m * ps ** (k - m) for m in range(k + 1)))
        require(lhs == rhs, f"(p - p*)^{k} = sum_m C({k},m) (-1)^({k}-m) p^m p*^({k}-m)")

    e2 = binomial_sum(a, M, 2)
    require(sp.simplify(e2 - a * b / (M ** 2 * (M + 1))) == 0, "(7.21) E[r^2] = M_j (M - M_j) / (M^2 (M+1))")
    e4 = binomial_sum(a, M, 4)
    Mj = a
    z722 = 3 * Mj * (M - Mj) * (M ** 2 * Mj - M * Mj ** 2 + 6 * Mj ** 2 - 6 * Mj * M + 2 * M ** 2) / (
        M ** 4 * (M + 1) * (M + 2) * (M + 3))
    require(sp.simplify(e4 - z722) == 0, "(7.22) E[r^4] as printed")

    for k in range(1, 9):
        difference = sp.simplify(binomial_sum(a, M, k, printed=True) - (-1) ** k * binomial_sum(a, M, k))
        require(difference == 0, f"printed (7.20) = (-1)^k E[r^k] for k = {k}")
    e3 = binomial_sum(a, M, 3)
    require(sp.simplify(e3 - 2 * a * b * (b - a) / (M ** 3 * (M + 1) * (M + 2))) == 0 and e3 != 0,
            f"E[r^3] = {e3} is non-zero unless a = b, so the printed (7.20) is wrong for odd k")

    for aa, bb in ((sp.Integer(2), sp.Integer(4)), (sp.Integer(3), sp.Integer(1)), (sp.Integer(5), sp.Integer(2))):
        mean = aa / (aa + bb)
        density = p ** (aa - 1) * (1 - p) ** (bb - 1) / sp.beta(aa, bb)
        for k in (2, 3, 4):
            integral = sp.nsimplify(sp.integrate(sp.expand((p - mean) ** k * density), (p, 0, 1)))
            closed = binomial_sum(aa, aa + bb, k)
            require(sp.simplify(integral - closed) == 0,
                    f"Beta({aa},{bb}) integral of (p - p*)^{k} = corrected (7.20) = {closed}")

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from exactprune.classprob import error_moment, error_moment_closed
    lam = sp.Symbol("lam", positive=True)
    for k in (2, 4):
        lib = error_moment([3, 1, 0], 1, k, lam)
        closed = error_moment_closed([3, 1, 0], 1, k, lam)
        direct = binomial_sum(1 + lam, 4 + 3 * lam, k)
        require(sp.simplify(lib - closed) == 0 and sp.simplify(lib - direct) == 0,
                f"exactprune.classprob k = {k}, symbolic lam: (7.20) = closed form")

    print(f"\n{'ALL ESTABLISHED' if not failures else str(len(failures)) + ' FAILURES'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
