"""Lecture notes 12.2.5: the deterministic steps (12.12)-(12.15) and (12.18)-(12.19) of the analysis of
Kearns-Mansour pruning.

* (12.2), as the code computes it (exactprune.peers.kearns_mansour.km_penalty): the paths of depth
  exactly l number 2^l C(d, l) <= (2d)^l (enumerated as sets of points), and the trees of at most n nodes with tests x_1..x_d and 0/1
  leaves, sum over odd k <= n of Catalan((k-1)/2) d^((k-1)/2) 2^((k+1)/2), are at most (d + 2)^n
  (a preorder code over d + 2 symbols) - both enumerated for d <= 4, n <= 9.
* (12.12): Delta = sum_{V - V'} + sum_{V'} - exact on random rational terms and random subsets V'.
* (12.13): p_v < 2 m_v / m gives sqrt(r_v/m_v) p_v < sqrt(r_v/m_v) (2 m_v/m) - symbolic (the
  difference is sqrt(r_v/m_v) (2 m_v/m - p_v) > 0).
* (12.14): sqrt(r/m_v) (2 m_v/m) = (2/m) sqrt(r) sqrt(m_v) - symbolic.
* (12.15): Cauchy-Schwarz, (sum sqrt(r_i m_i))^2 <= (sum r_i)(sum m_i): reduced symbolically to the
  pairwise 4 r_i m_i r_j m_j <= (r_i m_j + r_j m_i)^2, i.e. (r_i m_j - r_j m_i)^2 >= 0, and checked
  exactly in that form on a grid.
* (12.18) -> (12.19): the O(.) holds with the explicit constant 12,
  12 log(s/delta) s/m + (2/m) sqrt(s ((1 + l) log n + log(m/delta)) m l)
      <= 12 (log(s/delta) + l sqrt(log n + log(m/delta))) sqrt(s/m),
  when 1 <= s <= m, l >= 1, n >= 1, 0 < delta <= 1 (s/m <= sqrt(s/m), l (1 + l) <= 2 l^2): certified
  arb signs on a grid; with s > m it fails (s = 100, m = 1), so s_opt <= m is needed.

Run from the repository root; exit status 0 iff every check gives its expected result.
"""
import itertools
import random
import sys
from fractions import Fraction

import sympy as sp

from exactprune.numbers import arb_of, certified_sign

RESULTS = []


def report(label: str, ok: bool, what: str = "ok") -> None:
    RESULTS.append(ok)
    print(f"({label}): {what if ok else 'FAIL'}")


def _trees(n: int, d: int) -> int:
    """Binary trees with at most n nodes, internal nodes labelled by one of d tests, leaves 0 or 1,
    counted by building them (a leaf, or a test over two smaller trees)."""
    exact_size = {1: 2}
    for size in range(3, n + 1, 2):
        exact_size[size] = d * sum(exact_size[a] * exact_size[size - 1 - a] for a in range(1, size - 1, 2))
    return sum(exact_size.values())


def check_12_2_counts() -> None:
    from math import comb
    from exactprune.theorems.notes import path_predicates
    ok = True
    for d in range(1, 5):
        for depth in range(1, d + 1):       # depth exactly l: the predicates of depth <= l minus those of < l
            exactly = len(path_predicates(d, depth)) - len(path_predicates(d, depth - 1))
            ok &= exactly == 2 ** depth * comb(d, depth) <= (2 * d) ** depth
        for n in range(1, 10):
            catalan = sum(comb(k - 1, (k - 1) // 2) // ((k - 1) // 2 + 1) * d ** ((k - 1) // 2) * 2 ** ((k + 1) // 2)
                          for k in range(1, n + 1, 2))
            ok &= _trees(n, d) == catalan <= (d + 2) ** n
    report("12.2", ok, "ok (km_penalty's bounds: 2^l C(d,l) <= (2d)^l, |TREES(H, n)| <= (d+2)^n, d <= 4, n <= 9)")


def check_12_12() -> None:
    rng = random.Random(12)
    ok = True
    for _ in range(200):
        terms = [Fraction(rng.randint(0, 50), rng.randint(1, 20)) for _ in range(rng.randint(1, 8))]
        inside = {i for i in range(len(terms)) if rng.random() < 0.5}
        ok &= sum(terms) == sum(t for i, t in enumerate(terms) if i not in inside) + sum(terms[i] for i in inside)
    report("12.12", ok, "ok (200 random exact splits)")


def check_12_13_12_14() -> None:
    r, mv, m, p = sp.symbols("r m_v m p", positive=True)
    difference = sp.sqrt(r / mv) * (2 * mv / m) - sp.sqrt(r / mv) * p
    ok13 = sp.simplify(difference - sp.sqrt(r / mv) * (2 * mv / m - p)) == 0
    report("12.13", ok13, "ok (the difference is sqrt(r/m_v)(2 m_v/m - p_v), positive when p_v < 2 m_v/m)")
    report("12.14", sp.simplify(sp.sqrt(r / mv) * (2 * mv / m) - 2 / m * sp.sqrt(r) * sp.sqrt(mv)) == 0,
           "ok (symbolic, positive symbols)")


def check_12_15() -> None:
    a, b = sp.symbols("a b", positive=True)          # a = r_i m_j, b = r_j m_i
    symbolic = sp.expand((a + b) ** 2 - 4 * a * b - (a - b) ** 2) == 0
    grid = [Fraction(x, y) for x in range(0, 7) for y in (1, 2, 3)]
    exact = all(4 * ri * mi * rj * mj <= (ri * mj + rj * mi) ** 2
                for ri, mi, rj, mj in itertools.product(grid[::3], repeat=4))
    report("12.15", symbolic and exact, "ok (pairwise reduction symbolic; exact on a grid of 7^4 quadruples)")


def _gap(s: int, m: int, depth: int, n: int, delta: Fraction):
    """12 (log(s/delta) + l sqrt(log n + log(m/delta))) sqrt(s/m) minus the right side of (12.18), as a ball."""
    def evaluate():
        log_s, log_n, log_m = (arb_of(x).log() for x in (Fraction(s) / delta, n, Fraction(m) / delta))
        root = (arb_of(Fraction(s, m))).sqrt()
        bound = 12 * (log_s + depth * (log_n + log_m).sqrt()) * root
        value = 12 * log_s * arb_of(Fraction(s, m)) + arb_of(2) / m * (s * ((1 + depth) * log_n + log_m) * m * depth).sqrt()
        return bound - value
    return evaluate


def check_12_18_12_19() -> None:
    ok = True
    for m in (2, 3, 10, 100):
        for s, depth, n, delta in itertools.product(sorted({1, 2, m // 2 or 1, m}), (1, 2, 5), (1, 2, 8),
                                                    (Fraction(1, 20), Fraction(1, 2), Fraction(1))):
            ok &= certified_sign(_gap(s, m, depth, n, delta)) > 0
    fails = certified_sign(_gap(100, 1, 1, 2, Fraction(1, 2))) < 0
    report("12.18-12.19", ok and fails, "ok (constant 12 for s_opt <= m, l_opt >= 1; fails at s_opt = 100 > m = 1)")


if __name__ == "__main__":
    check_12_2_counts()
    check_12_12()
    check_12_13_12_14()
    check_12_15()
    check_12_18_12_19()
    sys.exit(0 if all(RESULTS) else 1)
