"""Errata in Zhong chapter 7 (loss matrices and class probabilities) and App C.9.

Every value below is computed by the code when the registry is evaluated:
the printed form, the corrected form, and an independent reference (the
multinomial expansion (C.90), or sympy integration against the Beta density).
"""
from __future__ import annotations

from fractions import Fraction

from . import Erratum
from ..formatting import fraction_str


def _recursion_denominator() -> dict:
    from ..costs import cost_moment, cost_moment_expansion, cost_moment_printed
    counts, row, k, lam = [98, 1], [0, 1], 2, Fraction(1, 2)       # Zhong's own example (4.17), 0-1 loss
    printed = cost_moment_printed(counts, row, k, lam)
    corrected = cost_moment(counts, row, k, lam)
    expansion = cost_moment_expansion(counts, row, k, lam)
    counts2, row2, k2, lam2 = [3, 1, 0], [0, 5, 1], 3, Fraction(1)  # a general loss row
    printed2 = cost_moment_printed(counts2, row2, k2, lam2)
    expansion2 = cost_moment_expansion(counts2, row2, k2, lam2)
    corrected2 = cost_moment(counts2, row2, k2, lam2)
    return {
        "correct": "E_k* = sum_{m=1}^k (k-1)!/(k-m)! E_{k-m}* (sum_i M_i q_i^m) / prod_{i=1}^m (M+k-i)",
        "counterexample": {
            "counts": counts, "loss_row": row, "k": k, "lam": fraction_str(lam),
            "printed_7.14": fraction_str(printed), "corrected_7.14": fraction_str(corrected),
            "expansion_C.90": fraction_str(expansion),
            "note": "0-1 loss, so the true value is Zhong's own (4.17), 0.00037129 = 3/8080",
            "second": {"counts": counts2, "loss_row": row2, "k": k2, "lam": fraction_str(lam2),
                       "printed_7.14": fraction_str(printed2), "corrected_7.14": fraction_str(corrected2),
                       "expansion_C.90": fraction_str(expansion2)},
        },
        "confirmed": printed != expansion and corrected == expansion and printed2 != expansion2
                     and corrected2 == expansion2,
    }


def _sign_720() -> dict:
    import sympy
    from ..classprob import error_moment, error_moment_printed
    counts, j, k, lam = [3, 1], 1, 3, Fraction(1)
    a = counts[j] + lam                      # Beta(M_j, M - M_j)
    b = sum(counts) + len(counts) * lam - a
    p = sympy.Symbol("p")
    a_s, b_s = sympy.Rational(a.numerator, a.denominator), sympy.Rational(b.numerator, b.denominator)
    mean = a_s / (a_s + b_s)
    density = p ** (a_s - 1) * (1 - p) ** (b_s - 1) / sympy.beta(a_s, b_s)
    by_integration = sympy.nsimplify(sympy.integrate((p - mean) ** k * density, (p, 0, 1)))
    reference = Fraction(int(by_integration.p), int(by_integration.q))
    printed = error_moment_printed(counts, j, k, lam)
    corrected = error_moment(counts, j, k, lam)
    return {
        "correct": "E[r_{j,l}^k] = sum_{m=0}^k C(k,m) (-1)^(k-m) E[P[C_j|A_l]^m] P*[C_j|A_l]^(k-m)",
        "counterexample": {"counts": counts, "j": j, "k": k, "lam": fraction_str(lam),
                           "printed_7.20": fraction_str(printed), "corrected": fraction_str(corrected),
                           "integral_against_Beta_density": fraction_str(reference)},
        "confirmed": printed != reference and corrected == reference,
    }


def _index_712() -> dict:
    from ..costs import cost_moment_expansion, cost_second_moment, validate_loss
    counts, lam, label = [1, 1], Fraction(1), 0
    loss = validate_loss([[0, 2], [1, 0]])
    M = [c + lam for c in counts]
    total = sum(M)
    J = len(M)
    printed_line = sum(loss[label][i] * loss[j][label] * M[i] * (M[j] + (1 if i == j else 0))
                       for i in range(J) for j in range(J)) / (total * (total + 1))
    correct_line = sum(loss[label][i] * loss[label][j] * M[i] * (M[j] + (1 if i == j else 0))
                       for i in range(J) for j in range(J)) / (total * (total + 1))
    final = cost_second_moment(counts, loss[label], lam)
    expansion = cost_moment_expansion(counts, loss[label], 2, lam)
    return {
        "correct": "sum_{i,j} R_{Label(l),i} R_{Label(l),j} M_i (M_j + I[i=j]) / (M (M+1))",
        "counterexample": {"counts": counts, "lam": fraction_str(lam), "loss": [[fraction_str(v) for v in r] for r in loss],
                           "label": label, "printed_line_4": fraction_str(printed_line),
                           "corrected_line_4": fraction_str(correct_line),
                           "printed_last_line": fraction_str(final), "expansion_C.90": fraction_str(expansion)},
        "confirmed": printed_line != expansion and correct_line == expansion == final,
    }


ERRATA = [
    Erratum(
        id="zhong-7.14",
        source="Zhong (2007), eq (7.14) and its proof (C.100), App C.9",
        printed="E_k* = sum_{m=1}^k (k-1)!/(k-m)! E_{k-m}* sum_i M_{i,l} R_{Label(l),i}^m / prod_{i=1}^m (M_l + k - m)",
        compute=_recursion_denominator,
        explanation=("The denominator prod_{i=1}^m (M_l + k - m) is (M_l + k - m)^m; unrolling (C.99) "
                     "accumulates the distinct factors (M+k-1)(M+k-2)...(M+k-m) = prod_{i=1}^m (M+k-i). "
                     "Equivalently, with T = sum_j q_j G_j (G_j ~ Gamma(M_j)), E[T^k] = E_k* M^(k) and the "
                     "moment-cumulant recursion mu_k = sum_m C(k-1,m-1) kappa_m mu_{k-m}, kappa_m = (m-1)! "
                     "sum_j M_j q_j^m, gives the corrected form (proofs/costs_recursion.py). The printed "
                     "form is wrong from k = 2 on, even for 0-1 loss."),
    ),
    Erratum(
        id="zhong-7.20-sign",
        source="Zhong (2007), eqs (7.19)-(7.20)",
        printed="E[r_{j,l}^k] = sum_{m=0}^k k!(-1)^m/(m!(k-m)!) E[P[C_j|A_l]^m] P*[C_j|A_l]^(k-m)",
        compute=_sign_720,
        explanation=("With r_{j,l} = P[C_j|.] - P*[C_j|.] as defined in (7.17), the binomial expansion has "
                     "(-1)^(k-m), not (-1)^m; the printed sum is E[(P* - P)^k], which is the negative of "
                     "E[r^k] for odd k (equal for even k, so (7.21), (7.22) and the recommended k = 2 are "
                     "unaffected)."),
    ),
    Erratum(
        id="zhong-7.12-index",
        source="Zhong (2007), eq (7.12), fourth line",
        printed="sum_{i,j} R_{Label(l),i} R_{j,Label(l)} M_{i,l}(M_{j,l} + I[i=j]) / (M_l (M_l + 1))",
        compute=_index_712,
        explanation=("A transposed index in an intermediate line: R_{j,Label(l)} should be R_{Label(l),j}. "
                     "The final line of (7.12) is correct; the typo matters only for asymmetric loss matrices."),
    ),
]
