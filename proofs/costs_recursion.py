"""Zhong (7.12) and the corrected recursion (7.14), proved symbolically from the definition.

Definition (7.13)/(C.90)/(C.92): with p ~ Dir(M_1..M_J), M = sum_j M_j,
    E_k* = E[(sum_j q_j p_j)^k] = sum_{k_1+..+k_J=k} k!/prod k_j! prod_j q_j^{k_j} M_j^(k_j) / M^(k),
where x^(n) is the rising factorial.  This script establishes, with M_j and q_j as free symbols:

 1. (7.9) and the last line of (7.12) equal the definition for k = 1, 2 (J = 2, 3, 4);
    the printed fourth line of (7.12) (R_{j,Label} instead of R_{Label,j}) differs for asymmetric losses.
 2. The corrected recursion
        E_k* = sum_{m=1}^k (k-1)!/(k-m)! E_{k-m}* (sum_i M_i q_i^m) / prod_{i=1}^m (M+k-i)
    equals the definition for k = 0..6 (J = 2, 3) and k = 0..4 (J = 4).
 3. The recursion as printed (denominator prod_{i=1}^m (M+k-m) = (M+k-m)^m) differs from the
    definition already at k = 2, with an explicit non-zero difference.
 4. Why the corrected form holds for every k: write p_j = G_j / G with independent
    G_j ~ Gamma(M_j) and G = sum G_j, so T = sum q_j G_j = S G with S = sum q_j p_j independent
    of G ~ Gamma(M).  Then E[T^k] = E_k* M^(k).  T is a sum of independent scaled Gammas with
    cumulants kappa_m = (m-1)! sum_j M_j q_j^m, and moments obey mu_k = sum_{m=1}^k C(k-1, m-1)
    kappa_m mu_{k-m}.  Dividing by M^(k) = M^(k-m) prod_{i=1}^m (M+k-i) gives the corrected (7.14).
    Here the polynomial form of the recursion is checked directly against (C.90) (J = 2: k <= 7,
    J = 3: k <= 6, J = 4: k <= 4), the denominator identity for k <= 8, and the mgf identity
    E[T^k] = M^(k) E_k* (coefficients of prod_j (1 - q_j t)^(-M_j)) for J = 2, k <= 5.
 5. The library (exactprune.costs) agrees with the definition symbolically (lam and losses symbols).
 6. (7.7), and every printed line of App C.9's derivation - the last line of (C.93), (C.96), (C.97),
    (C.98) and the three lines of (C.99) - equals the definition: J = 2 (k = 2..4) and J = 3 (k = 2, 3),
    M_j and q_j symbols.

Exit status 0 when everything is established; 1 (with the failing item) otherwise.
"""
from __future__ import annotations

import math
import sys

import sympy as sp


def rising(x, n):
    """The rising factorial x^(n) = x (x + 1) ... (x + n - 1) = g_n(x) (C.94).

    Parameters
    ----------
    x : sympy.Expr
        The base.
    n : int
        The number of factors.

    Returns
    -------
    sympy.Expr

    Examples
    --------
    >>> rising(sp.Integer(2), 3)
    24
    """
    out = sp.Integer(1)
    for i in range(n):
        out *= (x + i)
    return out


def compositions(k, J):
    """Every (k_1, ..., k_J) of non-negative integers summing to ``k``.

    Parameters
    ----------
    k : int
        The total.
    J : int
        The number of parts.

    Yields
    ------
    tuple of int

    Examples
    --------
    >>> list(compositions(2, 2))
    [(2, 0), (1, 1), (0, 2)]
    """
    if J == 1:
        yield (k,)
        return
    for first in range(k, -1, -1):
        for rest in compositions(k - first, J - 1):
            yield (first,) + rest


def definition_numerator(M, q, k):
    """M^(k) * E_k* from (C.90) with (C.92): a polynomial.

    Parameters
    ----------
    M, q : sequence of sympy.Expr
        M_1..M_J and q_1..q_J.
    k : int
        The order.

    Returns
    -------
    sympy.Expr
        The expanded polynomial.

    Examples
    --------
    >>> definition_numerator([sp.Integer(1), sp.Integer(1)], [sp.Integer(1), sp.Integer(0)], 1)
    1
    """
    total = sp.Integer(0)
    for ks in compositions(k, len(M)):
        term = sp.Integer(math.factorial(k))
        for kj in ks:
            term /= math.factorial(kj)
        for Mj, qj, kj in zip(M, q, ks):
            term *= qj ** kj * rising(Mj, kj)
        total += term
    return sp.expand(total)


def polynomial_recursion(M, q, k):
    """N_n = sum_{m=1}^n (n-1)!/(n-m)! c_m N_{n-m}, N_0 = 1, c_m = sum_j M_j q_j^m: the corrected (7.14)
    multiplied through by M^(n) (see ratio_identity).

    Parameters
    ----------
    M, q : sequence of sympy.Expr
        M_1..M_J and q_1..q_J.
    k : int
        The largest order.

    Returns
    -------
    list of sympy.Expr
        N_0..N_k.
    """
    N = [sp.Integer(1)]
    for n in range(1, k + 1):
        total = sp.Integer(0)
        for m in range(1, n + 1):
            c_m = sum(Mj * qj ** m for Mj, qj in zip(M, q))
            total += sp.Rational(math.factorial(n - 1), math.factorial(n - m)) * c_m * N[n - m]
        N.append(sp.expand(total))
    return N


def ratio(k, m, printed_form=False):
    """M^(k) / (M^(k-m) * denominator of the m-th term of (7.14)), M a single symbol.

    Parameters
    ----------
    k, m : int
        The order and the term.
    printed_form : bool
        The printed denominator (M+k-m)^m instead of the corrected prod_{i=1}^m (M+k-i).

    Returns
    -------
    sympy.Expr
        1 when the denominator is right.

    Examples
    --------
    >>> ratio(2, 2), ratio(2, 2, printed_form=True)
    (1, (M + 1)/M)
    """
    Mt = sp.Symbol("M")
    if printed_form:
        den = (Mt + k - m) ** m
    else:
        den = sp.Integer(1)
        for i in range(1, m + 1):
            den *= (Mt + k - i)
    return sp.cancel(rising(Mt, k) / (rising(Mt, k - m) * den))


def printed(M, q, k):
    """E_k* by (7.14) exactly as printed (small cases only).

    Parameters
    ----------
    M, q : sequence of sympy.Expr
        M_1..M_J and q_1..q_J.
    k : int
        The largest order.

    Returns
    -------
    list of sympy.Expr
        E_0*..E_k* as printed.
    """
    Mt = sum(M)
    E = [sp.Integer(1)]
    for n in range(1, k + 1):
        total = 0
        for m in range(1, n + 1):
            c_m = sum(Mj * qj ** m for Mj, qj in zip(M, q))
            total += sp.Rational(math.factorial(n - 1), math.factorial(n - m)) * E[n - m] * c_m / (Mt + n - m) ** m
        E.append(sp.together(total))
    return E


def equal_to_definition(value, M, q, k) -> bool:
    """Whether ``value`` equals E_k* of (C.90)/(C.92), as a polynomial identity in the symbols.

    Parameters
    ----------
    value : sympy.Expr
        A candidate for E_k*.
    M, q : sequence of sympy.Expr
        M_1..M_J and q_1..q_J.
    k : int
        The order.

    Returns
    -------
    bool

    Examples
    --------
    >>> M, q = sp.symbols("M1:3"), sp.symbols("q1:3")
    >>> equal_to_definition((M[0] * q[0] + M[1] * q[1]) / (M[0] + M[1]), M, q, 1)
    True
    """
    Mt = sum(M)
    num, den = sp.fraction(sp.together(value))
    return sp.expand(num * rising(Mt, k) - den * definition_numerator(M, q, k)) == 0


def _terms(M, q, total):
    """(compositions k_1..k_J of ``total``, the multinomial (total)!/prod k_j!, prod_j q_j^k_j), one per composition."""
    for ks in compositions(total, len(M)):
        coef = sp.Integer(math.factorial(total))
        for kj in ks:
            coef /= math.factorial(kj)
        yield ks, coef, sp.prod([qj ** kj for qj, kj in zip(q, ks)])


def g_prod(M, ks, bump=None):
    """prod_j g_{k_j}(M_j), with k_i + 1 in place of k_i when ``bump`` is i.

    Parameters
    ----------
    M : sequence of sympy.Expr
        M_1..M_J.
    ks : sequence of int
        k_1..k_J.
    bump : int, optional
        The index i whose k_i is raised by one.

    Returns
    -------
    sympy.Expr
        The product of rising factorials.
    """
    return sp.prod([rising(Mj, kj + (j == bump)) for j, (Mj, kj) in enumerate(zip(M, ks))])


def definition(M, q, k):
    """E_k* by (C.90) with (C.92).

    Parameters
    ----------
    M, q : sequence of sympy.Expr
        M_1..M_J and q_1..q_J.
    k : int
        The order.

    Returns
    -------
    sympy.Expr
        E_k*.
    """
    return definition_numerator(M, q, k) / rising(sum(M), k)


def printed_c93_c99(M, q, k) -> dict:
    """The right-hand sides of App C.9's derivation of (7.14) as printed, for k > 1: the last line of (C.93),
    (C.96), (C.97), (C.98) and the three lines of (C.99).

    Parameters
    ----------
    M, q : sequence of sympy.Expr
        M_1..M_J and q_1..q_J.
    k : int
        The order, at least 2.

    Returns
    -------
    dict
        ``{"C.93": ..., "C.96": ..., "C.97": ..., "C.98": ..., "C.99 line 1": ..., "C.99 line 2": ...,
        "C.99 line 3": ...}``, each E_k* as that line prints it.

    See Also
    --------
    definition : what each line should equal.
    """
    Mt, J = sum(M), len(M)
    den = rising(Mt, k - 1) * (Mt + k - 1)
    first = definition(M, q, k - 1) * sum(Mi * qi for Mi, qi in zip(M, q)) / (Mt + k - 1)
    lines = {"C.93": 0, "C.96": 0, "C.97": 0, "C.98": first, "C.99 line 1": first, "C.99 line 2": first,
             "C.99 line 3": first}
    for i in range(J):
        for ks, coef, qs in _terms(M, q, k - 1):
            lines["C.93"] += coef * qs * g_prod(M, ks, bump=i) / rising(Mt, k) * q[i]
            lines["C.96"] += coef * qs * g_prod(M, ks) * (M[i] + ks[i]) * q[i] / den
            lines["C.97"] += coef * qs * g_prod(M, ks) * M[i] * q[i] / den + coef * qs * q[i] * g_prod(M, ks) * ks[i] / den
            if ks[i] > 0:
                lines["C.98"] += coef * ks[i] * qs * q[i] * g_prod(M, ks) / den     # (k-1)!/(..(k_i - 1)!..)
        for ks, coef, qs in _terms(M, q, k - 2):                                   # k' = k - 2, coef = (k-2)!/prod
            lines["C.99 line 1"] += (k - 1) * coef * qs * q[i] ** 2 * g_prod(M, ks, bump=i) / den
            lines["C.99 line 2"] += ((k - 1) * coef * qs * g_prod(M, ks) * (M[i] + ks[i]) * q[i] ** 2
                                     / (rising(Mt, k - 2) * (Mt + k - 1) * (Mt + k - 2)))
            lines["C.99 line 3"] += (sp.Rational(1) * (k - 1) / (Mt + k - 1) * coef * qs * g_prod(M, ks)
                                     * (M[i] + ks[i]) * q[i] ** 2 / (rising(Mt, k - 2) * (Mt + k - 2)))
    return lines


def main() -> int:
    failures = []

    def require(ok, what):
        print(("established: " if ok else "FAILED: ") + what)
        if not ok:
            failures.append(what)

    for J in (2, 3, 4):
        M = sp.symbols(f"M1:{J + 1}", positive=True)
        q = sp.symbols(f"q1:{J + 1}", nonnegative=True)
        Mt = sum(M)
        s1 = sum(a * b for a, b in zip(M, q))
        s2 = sum(a * b * b for a, b in zip(M, q))
        require(equal_to_definition(s1 / Mt, M, q, 1), f"(7.9) = definition, J = {J}")
        require(equal_to_definition((s1 ** 2 + s2) / (Mt * (Mt + 1)), M, q, 2), f"(7.12) last line = definition, J = {J}")

    # (7.7): E[r_l] = sum_j R_{Label,j} E_P[P[C_j|A_l]], E[p_j] = M_j/M by (C.92) with one n_j = 1
    for J in (2, 3, 4):
        M = sp.symbols(f"M1:{J + 1}", positive=True)
        q = sp.symbols(f"q1:{J + 1}", nonnegative=True)
        seven_7 = sum(qj * g_prod(M, [int(i == j) for i in range(J)]) / rising(sum(M), 1) for j, qj in enumerate(q))
        require(equal_to_definition(seven_7, M, q, 1), f"(7.7) = definition, J = {J}")
    # (C.93)-(C.99): every printed line of the derivation equals the definition (C.90)/(C.92)
    for J, kmax in ((2, 4), (3, 3)):
        M = sp.symbols(f"M1:{J + 1}", positive=True)
        q = sp.symbols(f"q1:{J + 1}", nonnegative=True)
        for k in range(2, kmax + 1):
            lines = printed_c93_c99(M, q, k)
            wrong = [name for name, value in lines.items() if not equal_to_definition(value, M, q, k)]
            require(not wrong, f"(C.93)-(C.99) as printed = definition, J = {J}, k = {k}" + (f": {wrong}" if wrong else ""))

    # (7.12) fourth line with the transposed index, on a symbolic 2 x 2 loss matrix, label 1
    M = sp.symbols("M1:3", positive=True)
    R = sp.Matrix(2, 2, sp.symbols("R11 R12 R21 R22", nonnegative=True))
    Mt = sum(M)
    line4 = sum(R[0, i] * R[j, 0] * M[i] * (M[j] + (1 if i == j else 0)) for i in range(2) for j in range(2)) / (Mt * (Mt + 1))
    fixed = sum(R[0, i] * R[0, j] * M[i] * (M[j] + (1 if i == j else 0)) for i in range(2) for j in range(2)) / (Mt * (Mt + 1))
    q = [R[0, 0], R[0, 1]]
    require(equal_to_definition(fixed, M, q, 2), "(7.12) fourth line with R_{Label,j} = definition")
    diff = sp.factor(sp.cancel(line4 - fixed))
    require(diff != 0, f"(7.12) fourth line as printed (R_{{j,Label}}) differs: printed - correct = {diff}")

    for k in range(1, 9):
        require(all(ratio(k, m) == 1 for m in range(1, k + 1)),
                f"M^(k) = M^(k-m) prod_{{i=1}}^m (M+k-i) for m = 1..k, k = {k}: (7.14) with this "
                "denominator is the polynomial recursion divided by M^(k)")
    bad = [(k, m) for k in range(2, 6) for m in range(2, k + 1) if ratio(k, m, printed_form=True) == 1]
    require(not bad, "the printed denominator (M+k-m)^m differs from M^(k)/M^(k-m) for every m >= 2 "
                     f"(k = 2..5), e.g. k = 2, m = 2: ratio {ratio(2, 2, printed_form=True)}")

    for J, kmax in ((2, 7), (3, 6), (4, 4)):
        M = sp.symbols(f"M1:{J + 1}")
        q = sp.symbols(f"q1:{J + 1}")
        N = polynomial_recursion(M, q, kmax)
        for k in range(kmax + 1):
            require(sp.expand(N[k] - definition_numerator(M, q, k)) == 0,
                    f"corrected (7.14) = (C.90)/(C.92), J = {J}, k = {k}")

    M = sp.symbols("M1:3")
    q = sp.symbols("q1:3")
    P = printed(M, q, 3)
    require(equal_to_definition(P[1], M, q, 1), "printed (7.14) is right at k = 1")
    for k in (2, 3):
        require(not equal_to_definition(P[k], M, q, k), f"printed (7.14) is wrong at k = {k} (J = 2, symbolic)")
    Mt = sum(M)
    E1 = sum(a * b for a, b in zip(M, q)) / Mt
    c2 = sum(a * b * b for a, b in zip(M, q))
    diff = sp.factor(sp.together(P[2] - (E1 * E1 * Mt / (Mt + 1) + c2 / (Mt * (Mt + 1)))))
    print(f"   printed E_2* - correct E_2* = {diff}")

    # (C.90) is the k-th moment of T = sum_j q_j G_j divided by M^(k): the binomial series of the
    # moment generating function prod_j (1 - q_j t)^(-M_j) gives exactly definition_numerator;
    # the moment-cumulant recursion then yields the polynomial recursion (kappa_m = (m-1)! c_m).
    t = sp.Symbol("t")
    M = sp.symbols("M1:3")
    q = sp.symbols("q1:3")
    kmax = 5
    mgf = sp.Integer(1)
    for Mj, qj in zip(M, q):
        mgf *= sum(rising(Mj, n) * (qj * t) ** n / math.factorial(n) for n in range(kmax + 1))
    mgf = sp.expand(mgf)
    for k in range(kmax + 1):
        require(sp.expand(mgf.coeff(t, k) * math.factorial(k) - definition_numerator(M, q, k)) == 0,
                f"E[T^k] (mgf coefficient) = M^(k) E_k*, J = 2, k = {k}")

    # the library, symbolically
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    from exactprune.costs import cost_moment, cost_moment_expansion
    lam, a, b = sp.symbols("lam a b", positive=True)
    for k in range(5):
        rec = cost_moment([3, 0, 1], [0, a, b], k, lam)
        exp = cost_moment_expansion([3, 0, 1], [0, a, b], k, lam)
        require(sp.simplify(rec - exp) == 0, f"exactprune.costs recursion = expansion, symbolic lam, losses, k = {k}")

    print(f"\n{'ALL ESTABLISHED' if not failures else str(len(failures)) + ' FAILURES'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
