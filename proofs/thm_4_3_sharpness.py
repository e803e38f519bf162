"""Zhong Theorem 4.3: is its condition lam <= 1/((K_t - 1)(J - 1)) sharp, and does it bite at the thesis'
own settings?  (sympy and fractions only.)

* Sharp for J = K = 2: the effective split (n, 1) -> (0, 1), (n, 0) (one misclassified example before,
  none after) with eta = lam J = 2 lam (the largest eta the theorem allows) has, by (4.29) and (C.20),
  r_tree - r_leaf = 0 exactly at lam = (n + 1)/(n - 3) (n >= 4), positive above it and negative below
  (symbolic), and (n + 1)/(n - 3) -> 1 = 1/((K - 1)(J - 1)): for every lam > 1 some effective split
  does not decrease the 1-norm.
* It bites at lam = eta = 1/2 (section 6.3, App B) for 3-way splits of 3 classes, where it asks lam <= 1/4:
  (0,4,1) -> (0,0,1), (0,2,0), (0,2,0) is effective and raises the 1-norm by 2/455 (remark
  zhong-4.3-settings).
* MEP (eta = 0, 'flexible lam', the sentence after Thm 4.3): at lam = 10 the effective end-cut
  (4,6) -> (0,3), (4,3) raises the 1-norm by 1/1242 (erratum zhong-4.3-mep).

Exit status 0 iff every check gives its expected result.
"""
import sys
from fractions import Fraction as F

import sympy as sp

RESULTS = []


def report(label: str, ok: bool, what: str) -> None:
    RESULTS.append(ok)
    print(f"({label}): {what if ok else 'FAIL'}")


def r_leaf(counts, lam):
    """(4.29) at k = 1 (C.19): (n - max_j n_j + (J - 1) lam)/(n + J lam)."""
    n, J = sum(counts), len(counts)
    return (n - max(counts) + (J - 1) * lam) / (n + J * lam)


def r_tree(children, lam, eta):
    """(C.20): the children's 1-norms weighted by (n_c + eta)/(n_t + K eta)."""
    n, K = sum(sum(c) for c in children), len(children)
    return sum((sum(c) + eta) / (n + K * eta) * r_leaf(c, lam) for c in children)


def check_sharp() -> None:
    lam, n = sp.symbols("lam n", positive=True)
    leaf = (1 + lam) / (n + 1 + 2 * lam)                                   # (n, 1): b = 1
    tree = ((1 + 2 * lam) * (lam / (1 + 2 * lam)) + (n + 2 * lam) * (lam / (n + 2 * lam))) / (n + 1 + 4 * lam)
    diff = sp.factor(sp.together(tree - leaf))
    threshold = (n + 1) / (n - 3)
    zero = sp.simplify(diff.subs(lam, threshold)) == 0
    signs = all(sp.sign(diff.subs({n: nv, lam: threshold.subs(n, nv) + s})) == sign
                for nv in (4, 5, 11, 100, 10 ** 6) for s, sign in ((sp.Rational(1, 10 ** 9), 1), (-sp.Rational(1, 10 ** 9), -1)))
    limit = sp.limit(threshold, n, sp.oo) == 1
    exact = r_tree([(0, 1), (11, 0)], F(3, 2), F(3)) == r_leaf((11, 1), F(3, 2))
    report("Thm 4.3, J = K = 2: the bound is sharp", zero and signs and limit and exact,
           f"ok (r_tree - r_leaf = {diff}: zero at lam = (n+1)/(n-3) -> 1; n = 11 ties at lam = 3/2 exactly)")


def check_settings() -> None:
    children = [(0, 0, 1), (0, 2, 0), (0, 2, 0)]
    gap = r_tree(children, F(1, 2), F(1, 2)) - r_leaf((0, 4, 1), F(1, 2))
    report("Thm 4.3 at lam = eta = 1/2, K = J = 3", gap == F(2, 455),
           f"ok (bound 1/4 < 1/2; the effective split raises the 1-norm by {gap})")


def check_mep() -> None:
    gap = r_tree([(0, 3), (4, 3)], F(10), F(0)) - r_leaf((4, 6), F(10))
    report("MEP, eta = 0, lam = 10: an effective end-cut is pruned", gap == F(1, 1242),
           f"ok (r_tree - r_leaf = {gap} > 0: erratum zhong-4.3-mep)")


def main() -> int:
    check_sharp()
    check_settings()
    check_mep()
    return 0 if all(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
