"""Zhong, Appendix C: the proof steps that can be checked symbolically or exactly, one by one.

Each check prints ``(C.n): ok`` or ``(C.n): FAIL``; two steps are false as printed and are
checked as such (``(C.n): misprint confirmed``):

* (C.77) prints M_s - B_s = max_j n_{j,s} + (J-1) lam; with B = b + (J-1) lam and M = n + J lam
  (Table A.1) it is max_j n_{j,s} + lam (the inequality of (C.77) survives: both sides shift alike).
* (C.79) prints the denominator (M_s + k)(M_d + k); the identity needs (M_s + k)(B_d + k).  The
  proof survives: for large k the true fraction is the larger one, so (C.82)'s inequality holds.

Checked: (C.4)-(C.8) Dirichlet moments against exact Beta/Dirichlet integrals (integer parameters);
(C.5), (C.94)-(C.95) rising factorials; (C.21), (C.61) the eta-derivative; (C.22)-(C.24) the
chain of Thm 4.3 on an exact grid; (C.39)-(C.45) Lemma 5.2's convexity steps (k = 1..4, symbolic
x); (C.62)-(C.64) Thm 5.6's chain (symbolic); (C.69) the digamma difference; (C.73) the identity of
the sufficiency proof; (C.80)-(C.81) the limits; (C.13)-(C.18) Thm 4.1's indicator algebra in a finite model;
(C.46)-(C.55) Thm 5.3's chain (symbolic and an exact grid; exact at k = 1); (C.56)-(C.57) Thm 5.5's
mixture density (exact Beta integrals); (C.65)-(C.72) Thm 5.8's limits (symbolic, certified arb
digamma, exact power means); Table A.1's constraints on an exact grid.  Run from the repository root; exit status 0 iff
every check gives its expected result.
"""
import itertools
import sys
from fractions import Fraction

import sympy as sp

from exactprune.numbers import rising

RESULTS = []


def report(label: str, ok: bool, what: str = "ok") -> None:
    """Record one check and print ``(label): what`` (``FAIL`` when it does not hold).

    Parameters
    ----------
    label : str
        The equation, e.g. ``"C.30"``.
    ok : bool
        Whether the check gave its expected result.
    what : str
        What to print when it did.
    """
    RESULTS.append(ok)
    print(f"({label}): {what if ok else 'FAIL'}")


def dirichlet_moment_integral(lams, ks):
    """E[p_1^k_1 ... p_H^k_H] for (p) ~ Dir(lams), H = 2 or 3, integer lams, by exact integration.

    Parameters
    ----------
    lams : sequence of int
        The Dirichlet parameters (2 or 3 of them).
    ks : sequence of int
        The exponents.

    Returns
    -------
    sympy.Rational
        The moment.

    Examples
    --------
    >>> dirichlet_moment_integral((1, 1), (1, 0))
    1/2
    """
    x, y = sp.symbols("x y", nonnegative=True)
    if len(lams) == 2:
        a, b = lams
        density = x ** (a - 1) * (1 - x) ** (b - 1)
        norm = sp.integrate(density, (x, 0, 1))
        return sp.integrate(x ** ks[0] * (1 - x) ** ks[1] * density, (x, 0, 1)) / norm
    a, b, c = lams
    density = x ** (a - 1) * y ** (b - 1) * (1 - x - y) ** (c - 1)
    norm = sp.integrate(sp.integrate(density, (y, 0, 1 - x)), (x, 0, 1))
    moment = x ** ks[0] * y ** ks[1] * (1 - x - y) ** ks[2]
    return sp.integrate(sp.integrate(moment * density, (y, 0, 1 - x)), (x, 0, 1)) / norm


def check_dirichlet() -> None:
    ok4 = ok7 = ok8 = True
    for lams in ((1, 1), (2, 1), (1, 3), (2, 2, 1), (1, 2, 3)):
        total = sum(lams)
        for ks in itertools.product(range(3), repeat=len(lams)):
            k = sum(ks)
            c6 = sp.Rational(1)
            for lam_h, k_h in zip(lams, ks):
                c6 *= rising(sp.Integer(lam_h), k_h)
            c6 /= rising(sp.Integer(total), k)
            ok4 &= sp.simplify(dirichlet_moment_integral(lams, ks) - c6) == 0
        for h, lam_h in enumerate(lams):                  # (C.7): one p_h alone
            for k in range(1, 4):
                ks = [0] * len(lams)
                ks[h] = k
                c7 = sp.prod([sp.Rational(lam_h + m, total + m) for m in range(k)])
                ok7 &= dirichlet_moment_integral(lams, ks) == c7
        for h1, h2 in itertools.product(range(len(lams)), repeat=2):   # (C.8): second mixed moments
            ks = [0] * len(lams)
            ks[h1] += 1
            ks[h2] += 1
            c8 = sp.Rational(lams[h1] * (lams[h2] + (h1 == h2)), total * (1 + total))
            ok8 &= dirichlet_moment_integral(lams, ks) == c8
    report("C.4", ok4, "ok (as (C.6), by exact Dirichlet integrals, H = 2, 3)")
    report("C.6", ok4)
    report("C.7", ok7)
    report("C.8", ok8)


def check_rising() -> None:
    x = sp.Symbol("x", positive=True)
    ok = all(sp.simplify(sp.gamma(x + k) / sp.gamma(x) - rising(x, k)) == 0 for k in range(1, 7))
    report("C.5", ok)
    report("C.94", ok, "ok (= (C.5))")
    report("C.95", all(sp.expand(rising(x, n) - rising(x, n - 1) * (x + n - 1)) == 0 for n in range(1, 8)))


def check_eta_derivative() -> None:
    eta, lam, J = sp.symbols("eta lam J", positive=True)
    ok = True
    for K in (2, 3):
        n = sp.symbols(f"n1:{K + 1}", positive=True)
        b = sp.symbols(f"b1:{K + 1}", nonnegative=True)
        nt = sum(n)
        r_tree = sum((b[c] + (J - 1) * lam) * (n[c] + eta) / ((n[c] + J * lam) * (nt + K * eta)) for c in range(K))
        printed = sum((b[c] + (J - 1) * lam) * (nt - K * n[c]) / ((n[c] + J * lam) * (nt + K * eta) ** 2)
                      for c in range(K))
        ok &= sp.simplify(sp.diff(r_tree, eta) - printed) == 0
    report("C.21", ok)
    report("C.61", ok, "ok (= (C.21))")


def check_thm_4_3_chain() -> None:
    """(C.22)-(C.24) on an exact grid of effective splits: every printed inequality of the chain."""
    ok22 = ok23 = ok24 = True
    for J, K in ((2, 2), (2, 3), (3, 2), (3, 3)):
        bound = Fraction(1, (K - 1) * (J - 1))
        for lam in (bound / 4, bound / 2, bound):
            for counts in itertools.product(range(1, 5), repeat=K):
                nt = sum(counts)
                for bs in itertools.product(*[range(n // 2 + 1) for n in counts]):
                    for bt in range(sum(bs) + 1, nt - -(-nt // J) + 1):          # effective: sum b_c <= b_t - 1
                        eta0 = sum(Fraction(n * (b + (J - 1) * lam), n + J * lam) for n, b in zip(counts, bs)) / nt
                        leaf = (bt + (J - 1) * lam) / (nt + J * lam)
                        chain = [eta0, sum((b + (J - 1) * lam) * Fraction(nt, nt + J * lam) for b in bs) / nt,
                                 (bt + K * (J - 1) * lam - 1) / (nt + J * lam), leaf]
                        ok22 &= chain[0] < chain[1] <= chain[2] <= chain[3]
                        etaJ = sum(b + (J - 1) * lam for b in bs) / (nt + K * J * lam)
                        rhs = Fraction(bt, nt + J * lam) + ((J - 1) * K * lam - 1) / (nt + K * J * lam)
                        ok23 &= etaJ <= (bt - 1 + (J - 1) * K * lam) / (nt + K * J * lam) < rhs
                        ok24 &= ((J - 1) * K * lam - 1) / (nt + K * J * lam) < (J - 1) * lam / (nt + J * lam)
    report("C.22", ok22, "ok (exact grid: J, K in {2, 3}, lam up to the bound)")
    report("C.23", ok23)
    report("C.24", ok24)


def check_lemma_5_2_convexity() -> None:
    x = sp.Symbol("x", positive=True)
    y = sp.Symbol("y", positive=True)
    h = sp.Function("h")
    report("C.39", sp.simplify(sp.diff(y * h(y), y, 2) - (2 * sp.diff(h(y), y) + y * sp.diff(h(y), y, 2))) == 0)
    ok40 = ok41 = ok42 = ok43 = ok44 = ok45 = True
    for k in range(1, 5):
        g = rising(x, k)
        g1, g2 = sp.diff(g, x), sp.diff(g, x, 2)
        psi_diff = sum(1 / (x + j) for j in range(k))                # Psi(x+k) - Psi(x)
        trigamma_diff = -sum(1 / (x + j) ** 2 for j in range(k))     # Psi'(x+k) - Psi'(x)
        ok42 &= sp.simplify(g1 - g * psi_diff) == 0
        ok43 &= sp.simplify(g2 - (g * psi_diff ** 2 + g * trigamma_diff)) == 0
        ok44 &= all(bool((g * trigamma_diff).subs(x, v) < 0) and bool((g2 - g * psi_diff ** 2).subs(x, v) < 0)
                    for v in (Fraction(1, 3), Fraction(2), Fraction(7, 2)))
        # inverse-function derivatives (C.40)-(C.41): x = h(y) with y = g(x)
        h1 = 1 / g1
        h2 = sp.diff(h1, x) / g1
        ok40 &= sp.simplify(h1 * g1 - 1) == 0
        ok41 &= sp.simplify(h2 + g2 / g1 ** 3) == 0
        second = 2 * h1 + g * h2
        ok45 &= sp.simplify(second - (2 / g1 - g * g2 / g1 ** 3)) == 0
        ok45 &= sp.simplify((g1 ** 2 - g ** 2 * psi_diff ** 2) / g1 ** 3) == 0
        # the two strict steps: line 1 - line 2 = 1/g1 > 0, and -g g2 > -g^2 psi_diff^2 (C.44)
        ok45 &= sp.simplify((2 / g1 - g * g2 / g1 ** 3) - (g1 ** 2 - g * g2) / g1 ** 3 - 1 / g1) == 0
        for value in (Fraction(1, 3), Fraction(2), Fraction(7, 2)):
            ok45 &= bool((-g * g2 + g ** 2 * psi_diff ** 2).subs(x, value) > 0) and bool(g1.subs(x, value) > 0)
    report("C.40", ok40)
    report("C.41", ok41)
    report("C.42", ok42)
    report("C.43", ok43)
    report("C.44", ok44, "ok (g'' - g (Psi(x+k) - Psi(x))^2 = g (Psi'(x+k) - Psi'(x)) < 0)")
    report("C.45", ok45)


def c30_printed(B, M, s, Md, k: int) -> tuple:
    """(C.30) as printed, (left side, right side): Gamma(B_c+k)/Gamma(B_c) = f_k(s, M_d) Gamma(M_c+k)/Gamma(M_c).

    Parameters
    ----------
    B, M, s, Md : sympy.Expr
        B_c, M_c, s and M_d.
    k : int
        The order.

    Returns
    -------
    tuple of sympy.Expr
        The two sides.
    """
    return sp.gamma(B + k) / sp.gamma(B), gamma_f_k(s, Md, k) * sp.gamma(M + k) / sp.gamma(M)


def gamma_f_k(B, M, k: int):
    """(C.26) in Gamma functions: f_k(B, M) = Gamma(B + k) Gamma(M) / (Gamma(B) Gamma(M + k)).

    Parameters
    ----------
    B, M : sympy.Expr
        The arguments.
    k : int
        The order.

    Returns
    -------
    sympy.Expr
        The Gamma ratio (unsimplified).
    """
    return sp.gamma(B + k) * sp.gamma(M) / (sp.gamma(B) * sp.gamma(M + k))


def c30_follows_from_c29(k: int, printed=c30_printed) -> bool:
    """(C.30) minus (C.29) scaled by Gamma(M_c + k)/Gamma(M_c) is 0 identically in B_c, M_c, s, M_d (sympy):
    the printed (C.30) is (C.29) rewritten, for every value of its variables (k fixed).

    Parameters
    ----------
    k : int
        The order.
    printed : callable
        (B, M, s, Md, k) -> (left side, right side) of (C.30); the printed form by default (a misprint
        can be passed to see the check fail).

    Returns
    -------
    bool
        Whether the identity holds symbolically.
    """
    B, M, s, Md = sp.symbols("B_c M_c s M_d", positive=True)
    lhs, rhs = printed(B, M, s, Md, k)
    c29 = gamma_f_k(B, M, k) - gamma_f_k(s, Md, k)
    return sp.simplify(sp.gammasimp(lhs - rhs - c29 * sp.gamma(M + k) / sp.gamma(M))) == 0


def c31_c32_lines(k: int) -> tuple:
    """(C.31) is the M-derivative of (C.30) with B_c = B_c(M_c) (chain rule), and the three lines of (C.32) are
    equal, the last one on the curve (C.29): each as a sympy identity in B_c, M_c, s, M_d (k fixed).

    Parameters
    ----------
    k : int
        The order.

    Returns
    -------
    tuple of bool
        (C.31) holds, (C.32) line 1 = line 2, line 2 = line 3 where f_k(s, M_d) = f_k(B_c, M_c).
    """
    B, M, s, Md, b = sp.symbols("B_c M_c s M_d b", positive=True)
    Bf = sp.Function("B")(M)
    lhs30, rhs30 = c30_printed(Bf, M, s, Md, k)
    ratio_b = sp.gamma(b + k) / sp.gamma(b)
    printed31 = (sp.diff(ratio_b, b).subs(b, Bf) * sp.diff(Bf, M)
                 - gamma_f_k(s, Md, k) * sp.diff(sp.gamma(M + k) / sp.gamma(M), M))
    ok31 = sp.simplify(printed31 - sp.diff(lhs30 - rhs30, M)) == 0
    psi = lambda x: sp.polygamma(0, x + k) - sp.polygamma(0, x)      # noqa: E731
    line1 = gamma_f_k(s, Md, k) * sp.diff(sp.gamma(M + k) / sp.gamma(M), M) / sp.diff(ratio_b, b).subs(b, B)
    line2 = gamma_f_k(s, Md, k) / gamma_f_k(B, M, k) * psi(M) / psi(B)
    line3 = psi(M) / psi(B)
    ok_12 = sp.simplify(sp.expand_func(sp.gammasimp(line1 - line2))) == 0
    ok_23 = sp.simplify(line2.subs(s, B).subs(Md, M) - line3) == 0     # a point of (C.29): s = B_c, M_d = M_c
    ok_23 &= sp.simplify((line2 - line3).subs(gamma_f_k(s, Md, k), gamma_f_k(B, M, k))) == 0
    return ok31, ok_12, ok_23


def check_lemma_5_1_steps() -> None:
    """(C.30)-(C.35), the proof of Lemma 5.1: f_k(B, M) = Gamma(B+k)Gamma(M)/(Gamma(B)Gamma(M+k)), B a
    function of M through f_k(B, M) = f_k(s, M_d) = c; symbolic for k = 1..4, the inequalities on an
    exact grid of 0 < B < M."""
    B, M, c = sp.symbols("B M c", positive=True)
    ok30 = ok31 = ok32 = ok33 = ok34 = ok35 = True
    for k in range(1, 5):
        f_k, f_k1 = rising(B, k) / rising(M, k), rising(B, k + 1) / rising(M, k + 1)
        psi_b = {n: sum(1 / (B + i) for i in range(n)) for n in (k, k + 1)}     # Psi(B+n) - Psi(B)
        psi_m = {n: sum(1 / (M + i) for i in range(n)) for n in (k, k + 1)}
        # (C.30) is (C.29) times Gamma(M_c + k)/Gamma(M_c), and its Gamma ratios are rising factorials
        ok30 &= c30_follows_from_c29(k)
        as_printed_31, lines_12, lines_23 = c31_c32_lines(k)
        ok31 &= as_printed_31
        ok32 &= lines_12 and lines_23
        gam = sp.gamma(B + k) / sp.gamma(B) - c * sp.gamma(M + k) / sp.gamma(M)
        ok30 &= sp.simplify(sp.gammasimp(gam) - (rising(B, k) - c * rising(M, k))) == 0
        # (C.31): d/dB Gamma(B+k)/Gamma(B) = Gamma(B+k)/Gamma(B) (Psi(B+k) - Psi(B))
        ok31 &= sp.simplify(sp.diff(rising(B, k), B) - rising(B, k) * psi_b[k]) == 0
        ok31 &= sp.simplify(sp.expand_func(sp.polygamma(0, B + k) - sp.polygamma(0, B)) - psi_b[k]) == 0
        # (C.32): implicit differentiation of RF(B,k) - c RF(M,k) = 0, with c = f_k(B, M) on the curve
        implicit = -sp.diff(rising(B, k) - c * rising(M, k), M) / sp.diff(rising(B, k) - c * rising(M, k), B)
        ok32 &= sp.simplify(implicit.subs(c, f_k) - psi_m[k] / psi_b[k]) == 0
        # (C.33): d f_{k+1}(B(M), M)/dM with dB/dM from (C.32)
        total = sp.diff(f_k1, B) * psi_m[k] / psi_b[k] + sp.diff(f_k1, M)
        printed33 = f_k1 * psi_b[k + 1] * psi_m[k] / psi_b[k] - f_k1 * psi_m[k + 1]
        ok33 &= sp.simplify(total - printed33) == 0
        # (C.34) and (C.35) on an exact grid 0 < B < M
        for b_val, m_val in itertools.combinations([Fraction(1, 3), Fraction(1, 2), Fraction(1), Fraction(5, 2),
                                                     Fraction(7)], 2):
            u = [1 / (m_val + i) for i in range(k + 1)]
            v = [1 / (b_val + i) for i in range(k + 1)]
            q = [ui / vi for ui, vi in zip(u, v)]
            ok34 &= all(q[i] < q[i + 1] for i in range(k))
            ok34 &= sum(u) / sum(v) == sum(qi * vi for qi, vi in zip(q, v)) / sum(v)
            ok34 &= sum(u) / sum(v) > sum(u[:k]) / sum(v[:k])
            at = {B: sp.Rational(b_val.numerator, b_val.denominator), M: sp.Rational(m_val.numerator, m_val.denominator)}
            ok35 &= bool(printed33.subs(at) < 0)
    report("C.30", ok30, "ok ((C.29) times Gamma(M_c+k)/Gamma(M_c), symbolic in B_c, M_c, s, M_d; Gamma ratios = "
           "rising factorials; k = 1..4)")
    report("C.31", ok31, "ok (the M-derivative of (C.30) by the chain rule, symbolic, k = 1..4)")
    report("C.32", ok32, "ok (its three lines equal, the last on (C.29); implicit differentiation; symbolic, k = 1..4)")
    report("C.33", ok33)
    report("C.34", ok34, "ok (exact grid 0 < B < M, k = 1..4)")
    report("C.35", ok35, "ok (exact grid 0 < B < M, k = 1..4)")


def check_thm_5_6_chain() -> None:
    lam, J = sp.symbols("lam J", positive=True)
    ok = True
    for K in (2, 3):
        n = sp.symbols(f"n1:{K + 1}", positive=True)
        b = sp.symbols(f"b1:{K + 1}", nonnegative=True)
        nt, bt = sum(n), sum(b)
        line1 = sum((b[c] + (J - 1) * lam) / (n[c] + J * lam) * n[c] / nt for c in range(K))
        line2 = sum((b[c] / n[c] + lam * ((J - 1) * n[c] - J * b[c]) / (n[c] * (n[c] + J * lam))) * n[c] / nt
                    for c in range(K))
        line3 = bt / nt + lam / nt * sum(((J - 1) * n[c] - J * b[c]) / (n[c] + J * lam) for c in range(K))
        line5 = bt / nt + lam * ((J - 1) * nt - J * bt) / (nt * (nt + J * lam))
        ok &= sp.simplify(line1 - line2) == 0 and sp.simplify(line2 - line3) == 0
        ok &= sp.simplify(line5 - (bt + (J - 1) * lam) / (nt + J * lam)) == 0
        # the inequality line 3 >= line 4, termwise: each term's gap is a product of factors >= 0 under
        # (J-1) n_c >= J b_c (Table A.1: b_c <= (J-1)/J n_c) and n_c < n_t
        line4 = bt / nt + lam / (nt * (nt + J * lam)) * sum((J - 1) * n[c] - J * b[c] for c in range(K))
        gaps = [((J - 1) * n[c] - J * b[c]) * (nt - n[c]) / ((n[c] + J * lam) * (nt + J * lam)) for c in range(K)]
        ok &= sp.simplify(line3 - line4 - lam / nt * sum(gaps)) == 0
        ok &= sp.simplify(line4 - line5) == 0
    report("C.62", ok, "ok (the identities, and the inequality as lam/n_t times a sum of products of factors >= 0 "
                       "under (J-1) n_c >= J b_c and n_c < n_t)")
    Kt, nt, bt = sp.symbols("K_t n_t b_t", positive=True)
    r_tree = (bt + (J - 1) * Kt * lam) / (nt + Kt * J * lam)
    report("C.63", sp.simplify(r_tree.subs(Kt, 1) - (bt + (J - 1) * lam) / (nt + J * lam)) == 0)
    report("C.64", sp.simplify(sp.diff(r_tree, Kt) - lam * ((J - 1) * nt - J * bt) / (nt + Kt * J * lam) ** 2) == 0)


def check_digamma_and_sufficiency() -> None:
    B, k = sp.symbols("B k", positive=True)
    ok = all(sp.simplify(sp.expand_func(sp.polygamma(0, B + k) - sp.polygamma(0, B + delta + k))
                         + sum(1 / (B + k + i) for i in range(delta))) == 0 for delta in range(1, 6))
    report("C.69", ok)
    Mc, Bc, i = sp.symbols("M_c B_c i", positive=True)
    report("C.73", sp.simplify(1 - (Mc - Bc) / (Mc + i) - (Bc + i) / (Mc + i)) == 0, "ok (the identity)")


def check_necessity() -> None:
    """(C.77), (C.79) as printed versus the definitions, exactly; (C.80), (C.81) limits."""
    from exactprune.knorm import Prior
    from exactprune.theorems.zhong import leaf_BM
    prior = Prior(Fraction(1, 2), Fraction(1, 2))
    counts = (1, 2, 0)                       # J = 3: the printed (J-1) lam differs from lam
    Bs, Ms = leaf_BM(counts, prior)
    printed_77 = max(counts) + (len(counts) - 1) * prior.lam
    report("C.77", Ms - Bs == max(counts) + prior.lam and Ms - Bs != printed_77,
           f"misprint confirmed: M_s - B_s = {Ms - Bs} = max + lam, printed max + (J-1) lam = {printed_77}")
    # (C.79) on Thm 5.9's iris case (root (0,50,50), leaf c21 (0,49,5)), lam = 1/2, k = 1
    Bd, Md = leaf_BM((0, 50, 50), prior)
    Bs, Ms = leaf_BM((0, 49, 5), prior)
    eps = Md + Bs - Ms - Bd
    kk = 1
    lhs = (Md + kk) * (Bs + kk) / ((Ms + kk) * (Bd + kk))
    printed = 1 + (eps * kk + Md * Bs - Ms * Bd) / ((Ms + kk) * (Md + kk))
    correct = 1 + (eps * kk + Md * Bs - Ms * Bd) / ((Ms + kk) * (Bd + kk))
    report("C.79", lhs == correct and lhs != printed,
           f"misprint confirmed: lhs = {lhs} = corrected {correct}, printed {printed}")
    kk = sp.Symbol("k", positive=True)
    e, e2, a, b, c = sp.symbols("epsilon epsilon_2 a b c", positive=True)
    report("C.80", sp.limit((e * kk + a) * kk / ((b + kk) * (c + kk) * e2), kk, sp.oo) == e / e2)
    e1 = sp.Symbol("epsilon_1", positive=True)
    report("C.81", sp.limit(sp.log(1 + e2 / kk) / (e1 * sp.log((kk + 1) / kk)), kk, sp.oo) == e2 / e1)


def check_thm_4_1_steps() -> None:
    """(C.13)-(C.18), the proof of Thm 4.1, in a finite model: X takes m values with rational density
    f(X|A_d), each X goes to one child (the Determinacy Assumption: P[A_c|A_d, X] in {0, 1}), and r_c(X)
    is the child's error at X; r_d = sum_c r_c P[A_c|A_d, X] ((C.12)).  (C.15) is also checked with
    symbolic r_c for every one-hot routing, and shown to fail under soft routing."""
    r = sp.symbols("r1:5")
    ok13 = ok14 = ok15 = ok18 = True
    for K, k in itertools.product((2, 3, 4), range(1, 6)):
        for c in range(K):
            routing = [int(j == c) for j in range(K)]                    # P[A_j|A_d, X] for this X
            ok13 &= all(routing[i] * routing[j] == 0 for i in range(K) for j in range(K) if i != j)
            ok14 &= all(x ** k == x for x in routing)
            ok15 &= sp.expand(sum(r[j] * routing[j] for j in range(K)) ** k
                              - sum(r[j] ** k * routing[j] for j in range(K))) == 0
    soft = sp.expand((r[0] / 2 + r[1] / 2) ** 2 - (r[0] ** 2 / 2 + r[1] ** 2 / 2)) != 0
    for m, K, k in ((5, 2, 1), (6, 3, 2), (7, 3, 4)):
        f = [Fraction(i + 1, m * (m + 1) // 2) for i in range(m)]          # f(X|A_d), sums to 1
        child = [x % K for x in range(m)]                                # the routing X -> c
        err = [[Fraction((3 * x + 5 * c) % 7 + 1, 9) for c in range(K)] for x in range(m)]   # r_c(X)
        lhs = sum(f[x] * err[x][child[x]] ** k for x in range(m))        # E_{X|A_d}[r_d^k] by (C.15)
        rhs = Fraction(0)
        for c in range(K):
            p_c = sum(f[x] for x in range(m) if child[x] == c)            # P[A_c|A_d]
            f_c = [f[x] * (child[x] == c) / p_c for x in range(m)]       # (C.17): f(X|A_c)
            rhs += sum(f_c[x] * err[x][c] ** k for x in range(m)) * p_c
        ok18 &= lhs == rhs
    report("C.13", ok13)
    report("C.14", ok14)
    report("C.15", ok15 and soft, "ok (symbolic r_c, K = 2..4, k = 1..5; fails under soft routing, as it must)")
    for label in ("C.16", "C.17", "C.18"):
        report(label, ok18, "ok (finite model: exact densities, deterministic routing)")


def f_k(B, M, k: int):
    """f_k(B, M) = Gamma(B + k) Gamma(M) / (Gamma(B) Gamma(M + k)) = g_k(B) / g_k(M) (Lemma 5.1).

    Parameters
    ----------
    B, M : number or sympy.Expr
        The arguments.
    k : int
        The order.

    Returns
    -------
    number or sympy.Expr
        The ratio of rising factorials.

    Examples
    --------
    >>> f_k(Fraction(1), Fraction(2), 1)
    Fraction(1, 2)
    """
    return rising(B, k) / rising(M, k)


def check_thm_5_3_steps() -> None:
    """(C.46)-(C.55), the proof of Thm 5.3 under its premise 0 < B_c < M_c < M_d.  g_k has
    non-negative coefficients and g_k(0) = 0, so it is strictly increasing on [0, oo): f_k increases in
    B and decreases in M, f_k(0, M) = 0 and f_k(M, M) = 1 (symbolic, k = 1..6); the chain (C.46)-(C.47)
    on an exact grid; (C.50)-(C.52) and (C.54) are the same equation times g_k(M_d) (symbolic); at k = 1
    s_c = B_c M_d / M_c and s = sum_c p_c s_c are rational, so (C.49) is checked exactly for k + 1 = 2.
    (C.53) and (C.55) are Lemmas 5.2 and 5.1 (zhong-5.2, zhong-5.1)."""
    x, B, M, s, sc, p = sp.symbols("x B M s s_c p", positive=True)
    ok_mono = True
    for k in range(1, 7):
        g = sp.Poly(rising(x, k), x)
        ok_mono &= all(c >= 0 for c in g.all_coeffs()) and g.eval(0) == 0
        ok_mono &= f_k(0, M, k) == 0 and sp.simplify(f_k(M, M, k) - 1) == 0
    grid = [Fraction(1, 4), Fraction(1, 2), Fraction(2), Fraction(9, 2), Fraction(11)]
    ok46 = ok47 = ok49 = True
    for (Bc, Mc, Md), k in itertools.product(itertools.combinations(grid, 3), range(1, 5)):
        ok46 &= f_k(0, Md, k) <= f_k(0, Mc, k) < f_k(Bc, Mc, k) < f_k(Mc, Mc, k) == f_k(Md, Md, k)
    for leaves in itertools.combinations(itertools.combinations(grid[:4], 2), 2):   # two leaves (B_c, M_c)
        Md = grid[4]
        for w in (Fraction(1, 3), Fraction(1, 2), Fraction(5, 6)):
            p_c = (w, 1 - w)
            for k in range(1, 5):
                mix = sum(pc * f_k(Bc, Mc, k) for pc, (Bc, Mc) in zip(p_c, leaves))
                ok47 &= f_k(0, Md, k) < mix < f_k(Md, Md, k)
            s_c = [Bc * Md / Mc for Bc, Mc in leaves]                   # (C.50) at k = 1
            s1 = sum(pc * v for pc, v in zip(p_c, s_c))                   # (C.52) at k = 1
            ok49 &= sum(pc * f_k(Bc, Mc, 2) for pc, (Bc, Mc) in zip(p_c, leaves)) > f_k(s1, Md, 2)
            ok49 &= sum(pc * f_k(v, Md, 2) for pc, v in zip(p_c, s_c)) >= f_k(s1, Md, 2)      # (C.54)
            ok49 &= all(f_k(Bc, Mc, 2) > f_k(v, Md, 2) for (Bc, Mc), v in zip(leaves, s_c))  # (C.55)
    ok52 = all(sp.simplify((p * f_k(sc, M, k) + (1 - p) * f_k(B, M, k) - f_k(s, M, k)) * rising(M, k)
                           - (p * rising(sc, k) + (1 - p) * rising(B, k) - rising(s, k))) == 0 for k in range(1, 6))
    report("C.46", ok_mono and ok46, "ok (monotonicity symbolic, k = 1..6; the chain on an exact grid)")
    report("C.47", ok47)
    report("C.48", ok_mono, "ok (g_k continuous and strictly increasing on [0, oo): a unique s)")
    report("C.49", ok49, "ok (exact at k = 1, where s_c and s are rational; general k by (C.53), (C.55))")
    for label in ("C.50", "C.51", "C.52", "C.54"):
        report(label, ok52, "ok (the same equation times g_k(M_d), symbolic, k = 1..5)")


def check_thm_5_5_steps() -> None:
    """(C.56)-(C.57): with Beta(B_c, M_c - B_c) leaf error densities f_c (integer parameters), the
    mixture g = sum_c p_c f_c is a density and int x^k g = sum_c p_c f_k(B_c, M_c) (exact integrals)."""
    x = sp.Symbol("x", positive=True)
    leaves = ((1, 3), (2, 5), (3, 4))                                    # (B_c, M_c)
    p = (sp.Rational(1, 6), sp.Rational(1, 3), sp.Rational(1, 2))
    density = [x ** (Bc - 1) * (1 - x) ** (Mc - Bc - 1) / sp.beta(Bc, Mc - Bc) for Bc, Mc in leaves]
    g = sum(pc * fc for pc, fc in zip(p, density))
    ok56 = all(sp.simplify(sp.integrate(x ** k * g, (x, 0, 1))
                           - sum(pc * f_k(sp.Integer(Bc), sp.Integer(Mc), k) for pc, (Bc, Mc) in zip(p, leaves))) == 0
               for k in range(1, 6))
    report("C.56", ok56, "ok (exact Beta integrals, k = 1..5)")
    report("C.57", sp.simplify(sp.integrate(g, (x, 0, 1)) - 1) == 0 and all(pc > 0 for pc in p),
           "ok (g >= 0 integrates to 1)")


def check_thm_5_8_steps() -> None:
    """(C.65)-(C.72), the proof of Thm 5.8 for B_c > 0: (C.65) the log-Gamma form of ||r_c||_k, (C.66)
    its k-derivative and the limit form (numerator -> -oo), (C.68) certified by arb digamma on a grid,
    (C.70) the limit, (C.71)-(C.72) the power-mean bounds exactly."""
    import flint
    B, M, k = sp.symbols("B M k", positive=True)
    numerator = sp.loggamma(B + k) - sp.loggamma(B) + sp.loggamma(M) - sp.loggamma(M + k)
    ok65 = all(sp.simplify(sp.gammasimp(sp.gamma(B + kk) * sp.gamma(M) / (sp.gamma(B) * sp.gamma(M + kk)))
                           - f_k(B, M, kk)) == 0 for kk in range(1, 5))
    ok66 = sp.simplify(sp.diff(numerator, k) - (sp.polygamma(0, B + k) - sp.polygamma(0, M + k))) == 0
    ok66 &= sp.limit(numerator.subs({B: 1, M: 3}), k, sp.oo) == -sp.oo
    ok68 = True
    for Bc, Mc in ((Fraction(1, 2), Fraction(3, 2)), (Fraction(1, 4), Fraction(7, 3)), (Fraction(5, 2), Fraction(8))):
        delta = -((Bc - Mc) // 1)                                     # ceil(M_c - B_c)
        for kk in (1, 10, 1000):
            psi = lambda v: flint.arb(v.numerator) / v.denominator + kk
            low = psi(Bc).digamma() - psi(Bc + delta).digamma()
            mid = psi(Bc).digamma() - psi(Mc).digamma()
            ok68 &= (Bc + delta == Mc or bool(low < mid)) and bool(mid < 0) and delta >= 1
    ok70 = all(sp.limit(sum(1 / (B + k + i) for i in range(delta)), k, sp.oo) == 0 for delta in range(1, 5))
    from exactprune.knorm import Prior, leaf_moment, subtree_moment
    from exactprune.tree import iris_tree
    prior, c2 = Prior(Fraction(1, 2), Fraction(1, 2)), iris_tree().node("c2")

    def leaf_weights(node, weight=Fraction(1)):
        """p_{c|d} of (4.11): the product of (n_c + eta)/(n_parent + K eta) down to each leaf."""
        if not node.children:
            return [(node, weight)]
        total = node.n + len(node.children) * prior.eta
        return [pair for child in node.children for pair in leaf_weights(child, weight * (child.n + prior.eta) / total)]
    ok71 = all(subtree_moment(c2, kk, prior) == sum(w * leaf_moment(leaf.counts, kk, prior)
                                                    for leaf, w in leaf_weights(c2)) for kk in range(1, 6))
    ok72 = True
    norms = [Fraction(1, 5), Fraction(1, 2), Fraction(9, 10)]
    for w, kk in itertools.product(((Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)),
                                    (Fraction(1, 10), Fraction(3, 5), Fraction(3, 10))), range(1, 6)):
        power_mean_k = sum(wc * v ** kk for wc, v in zip(w, norms))   # ||r_d||_k^k by (C.71)
        ok72 &= min(norms) ** kk <= power_mean_k <= max(norms) ** kk
    report("C.65", ok65, "ok (the Gamma ratio is f_k(B, M) = ||r_c||_k^k, k = 1..4; the logs need B_c > 0)")
    report("C.66", ok66)
    report("C.68", ok68, "ok (certified arb digamma on a grid)")
    report("C.70", ok70)
    report("C.71", ok71, "ok (iris c2, k = 1..5: the library's (4.28) against leaf weights times leaf moments)")
    report("C.72", ok72)


def check_table_a1_constraints() -> None:
    """Table A.1: 0 <= b/n <= B/M <= (J-1)/J and J lam < M_t, exactly on a grid of counts (n_t > 0)."""
    ok = True
    for J in (2, 3, 4):
        for counts in itertools.product(range(4), repeat=J):
            n = sum(counts)
            if n == 0:
                continue
            b = n - max(counts)
            for lam in (Fraction(0), Fraction(1, 3), Fraction(2)):
                Bt, Mt = b + (J - 1) * lam, n + J * lam
                ok &= 0 <= Fraction(b, n) <= Bt / Mt <= Fraction(J - 1, J) and J * lam < Mt
    report("Table A.1 constraints", ok, "ok (exact grid, J = 2..4, lam in {0, 1/3, 2})")


def main() -> int:
    check_dirichlet()
    check_rising()
    check_eta_derivative()
    check_thm_4_3_chain()
    check_lemma_5_1_steps()
    check_lemma_5_2_convexity()
    check_thm_5_6_chain()
    check_digamma_and_sufficiency()
    check_necessity()
    check_thm_4_1_steps()
    check_thm_5_3_steps()
    check_thm_5_5_steps()
    check_thm_5_8_steps()
    check_table_a1_constraints()
    failed = RESULTS.count(False)
    print(f"{len(RESULTS) - failed} of {len(RESULTS)} Appendix C checks as expected")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
