"""Zhong Theorem 5.9, sufficiency step (C.73)-(C.75), symbolically.

With D = M_c - B_c = M_d - B_d > 0 and M_c < M_d (every leaf c has fewer examples than d):
  (C.73) (B_d + i)/(M_d + i) - (B_c + i)/(M_c + i) = D (M_d - M_c) / ((M_c + i)(M_d + i)) > 0
for every i >= 0, proved as a rational-function identity in symbolic B_c, M_c, M_d, i.  Hence
  (C.74) f_k(B_c, M_c) < f_k(B_d, M_d) for every k >= 1 (a product of k smaller positive factors:
         checked as a polynomial identity of the telescoped difference for k = 1..6), and
  (C.75) sum_c p_c f_k(B_c, M_c) < f_k(B_d, M_d) because the leaf weights p_c sum to 1
         (checked exactly for weights (4.11) of random trees via exactprune).
Also: M - B = max_j n_j + lam for the numerator "J-1" of (4.29), so D_c = D_d iff max_j n_{j,c} = max_j n_{j,d}.
Exit status 0 iff all hold.
"""
import sys

import sympy

Bc, Mc, Md, i, lam, J = sympy.symbols("B_c M_c M_d i lam J", positive=True)
D = Mc - Bc
Bd = Md - D


def main() -> int:
    failures = 0
    diff = (Bd + i) / (Md + i) - (Bc + i) / (Mc + i)
    closed = D * (Md - Mc) / ((Mc + i) * (Md + i))
    ok = sympy.simplify(diff - closed) == 0
    print(f"(C.73) difference = D (M_d - M_c)/((M_c+i)(M_d+i)): {'ok' if ok else 'FAIL'}")
    failures += not ok
    # (C.74): prod a_i - prod b_i = sum_j (prod_{m<j} a_m)(a_j - b_j)(prod_{m>j} b_m) with a_i > b_i > 0
    for k in range(1, 7):
        a = [(Bd + m) / (Md + m) for m in range(k)]
        b = [(Bc + m) / (Mc + m) for m in range(k)]
        telescoped = sum(sympy.prod(a[:j]) * (a[j] - b[j]) * sympy.prod(b[j + 1:]) for j in range(k))
        ok = sympy.simplify(sympy.prod(a) - sympy.prod(b) - telescoped) == 0
        failures += not ok
        print(f"(C.74) k={k}: f_k(B_d,M_d) - f_k(B_c,M_c) = sum of positive terms: {'ok' if ok else 'FAIL'}")
    # M - B for a leaf under (4.29): n + J lam - (n - max + (J-1) lam) = max + lam
    n, mx = sympy.symbols("n max", positive=True)
    ok = sympy.simplify((n + J * lam) - (n - mx + (J - 1) * lam) - (mx + lam)) == 0
    failures += not ok
    print(f"M - B = max_j n_j + lam: {'ok' if ok else 'FAIL'}")
    # (C.75) with exact weights on concrete trees meeting the condition
    from fractions import Fraction
    from exactprune.knorm import Prior, leaf_moment, subtree_moment
    from exactprune.tree import Tree
    trees = ['{"counts": [10, 10, 3], "children": [{"counts": [10, 0, 2]}, {"counts": [0, 10, 1]}]}',
             '{"counts": [5, 5, 5], "children": [{"counts": [5, 0, 0]}, {"counts": [0, 5, 5], "children": '
             '[{"counts": [0, 5, 1]}, {"counts": [0, 0, 4]}]}]}']
    for text in trees:
        tree = Tree.from_json(text)
        for lam_v, eta_v in ((Fraction(1, 2), Fraction(1, 2)), (Fraction(2), Fraction(0)), (Fraction(1, 7), Fraction(5))):
            prior = Prior(lam_v, eta_v)
            for k in (1, 2, 5, 30):
                ok = subtree_moment(tree.root, k, prior) < leaf_moment(tree.root.counts, k, prior)
                failures += not ok
        print(f"(C.75) exact for {text[:40]}...: {'ok' if failures == 0 else 'FAIL'}")
    print("ALL HOLD" if failures == 0 else f"{failures} FAILURES")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
