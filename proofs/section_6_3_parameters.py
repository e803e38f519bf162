"""Zhong, section 6.3 (Parameters): the claims about lam, J and lam0 that are exact statements.

* "When lam = 0, the estimated error rate is approximately the training error rate, which results in
  under-pruning": at lam = 0 a leaf's 1-norm estimate (4.29) is b_t / n_t exactly, and with eta = 0
  the tree's (4.12) is its training error exactly (iris tree, every node); PruneTree at lam = 0
  (k = 2, eta = 1/2) keeps 7 of the 8 leaves of the iris tree, against 3 at App B's lam = 1/2.
* "When lam = infinity, the estimated error rate is (J-1)/J for all nodes": the limit of (4.29)'s
  k-th moment prod_i (B + i)/(M + i), B = b + (J-1) lam, M = n + J lam, is ((J-1)/J)^k (symbolic,
  k = 1..4), and so is every subtree's (its leaves' weights sum to 1): every node ties, and Figure
  4.1's strict test R_tree < R_leaf - epsilon prunes a tie for every epsilon >= 0, so "... and thus
  the tree will be pruned to only one node" holds at lam = infinity.  As lam grows the outcome depends
  on epsilon (remark zhong-6.3-lam-infinity): epsilon = 0 keeps 3 iris leaves at lam = 10^12,
  epsilon = 10^-6 prunes to the root there.
* "Given the same lam, the same training error rate and the same training data size, the estimated
  error rate increases with respect to J as seen in (4.29)": d/dJ (B + i)/(M + i) =
  lam (n - b + lam)/(M + i)^2 (symbolic), positive for lam > 0 (n - b = max_j n_{j,t} >= 0), zero
  at lam = 0; so every k-th moment increases strictly with J when lam > 0; also exactly on a grid
  (a class with no examples added: same b and n, J + 1 classes).
* "lam0 can be set to 100, so that lam is approximately 0.5" (lam = lam0 V / J, V = L / (J N)): on
  App B's fully grown iris tree lam = 16/27 = 0.59; a fold of N = 135 growing 6 leaves gives 40/81 =
  0.49 (remark zhong-6.3-lam0-iris: 'approximately' reports unstated preliminary runs).

Run from the repository root; exit status 0 iff every check gives its expected result.
"""
import itertools
import sys
from fractions import Fraction

import sympy as sp

from exactprune.knorm import Prior, leaf_moment, prune, subtree_moment
from exactprune.tree import iris_tree

RESULTS = []


def report(label: str, ok: bool, what: str = "ok") -> None:
    RESULTS.append(ok)
    print(f"({label}): {what if ok else 'FAIL'}")


def training_error(node) -> Fraction:
    """Misclassified training examples of the node's leaves (the node itself when it is a leaf) over
    the node's examples."""
    leaves = node.leaves() if node.children else [node]
    return Fraction(sum(leaf.n - max(leaf.counts) for leaf in leaves), node.n)


def check_lam_zero() -> None:
    tree = iris_tree()
    nodes = [tree.node(name) for name in ("root", "c1", "c2", "c21", "c22", "c212")]
    leaf_ok = all(leaf_moment(node.counts, 1, Prior(Fraction(0), Fraction(1, 2)))
                  == Fraction(node.n - max(node.counts), node.n) for node in nodes)
    tree_ok = all(subtree_moment(node, 1, Prior(Fraction(0), Fraction(0))) == training_error(node)
                  for node in nodes if node.children)
    report("6.3, lam = 0: the estimate is the training error rate", leaf_ok and tree_ok,
           "ok (leaf: b/n exactly; tree with eta = 0: its training error exactly)")
    kept = {lam: prune(tree, 2, prior=Prior(lam, Fraction(1, 2))).tree.n_leaves for lam in (Fraction(0), Fraction(1, 2))}
    report("6.3, lam = 0 under-prunes", kept == {0: 7, Fraction(1, 2): 3},
           f"ok (iris, k = 2: {kept[0]} leaves at lam = 0, {kept[Fraction(1, 2)]} at lam = 1/2)")


def check_lam_infinity() -> None:
    lam, n, b, J = sp.symbols("lam n b J", positive=True)
    B, M = b + (J - 1) * lam, n + J * lam
    ok = all(sp.simplify(sp.limit(sp.prod([(B + i) / (M + i) for i in range(k)]), lam, sp.oo)
                         - ((J - 1) / J) ** k) == 0 for k in range(1, 5))
    report("6.3, lam -> infinity: every estimate tends to (J-1)/J", ok)
    w = sp.symbols("w1:4", positive=True)                # a subtree's limit: weights summing to 1
    tie = sp.simplify(sum(wi * ((J - 1) / J) ** 2 for wi in w).subs(w[2], 1 - w[0] - w[1]) - ((J - 1) / J) ** 2) == 0
    report("6.3, lam = infinity: every subtree ties with its root, the strict test prunes", tie,
           "ok (sum_c w_c ((J-1)/J)^k = ((J-1)/J)^k; R_tree < R_leaf - epsilon fails for every epsilon >= 0)")
    prior = Prior(Fraction(10 ** 12), Fraction(1, 2))
    kept = {eps: prune(iris_tree(), 2, prior=prior, epsilon=eps).tree.n_leaves for eps in (0, Fraction(1, 10 ** 6))}
    report("6.3, lam -> infinity depends on epsilon", kept == {0: 3, Fraction(1, 10 ** 6): 1},
           f"ok (iris, k = 2, lam = 10^12: {kept[0]} leaves at epsilon = 0, {kept[Fraction(1, 10 ** 6)]} at "
           "epsilon = 10^-6; remark zhong-6.3-lam-infinity)")


def check_increase_in_j() -> None:
    lam, n, b, J, i = sp.symbols("lam n b J i", nonnegative=True)
    B, M = b + (J - 1) * lam, n + J * lam
    symbolic = sp.simplify(sp.diff((B + i) / (M + i), J) - lam * (n - b + lam) / (M + i) ** 2) == 0
    grid = True
    for counts in ((3, 1), (5, 0), (2, 2), (4, 1, 1), (1, 1, 1)):
        for lam_value, k in itertools.product((Fraction(1, 4), Fraction(1, 2), Fraction(3)), range(1, 5)):
            prior = Prior(lam_value, Fraction(1, 2))
            grid &= leaf_moment(counts + (0,), k, prior) > leaf_moment(counts, k, prior)
        grid &= leaf_moment(counts + (0,), 2, Prior(Fraction(0))) == leaf_moment(counts, 2, Prior(Fraction(0)))
    report("6.3, the estimate increases with J (4.29)", symbolic and grid,
           "ok (d/dJ of each factor = lam (n - b + lam)/(M + i)^2; strict on the grid for lam > 0, flat at lam = 0)")


def check_lam0() -> None:
    tree = iris_tree()
    lam = Fraction(100 * tree.n_leaves, tree.n_classes ** 2 * tree.root.n)
    fold = Fraction(100 * 6, tree.n_classes ** 2 * 135)
    report("6.3, lam0 = 100 gives lam approximately 0.5 on iris", lam == Fraction(16, 27) and fold == Fraction(40, 81),
           f"a remark: lam = 100 * {tree.n_leaves} / ({tree.n_classes}^2 * {tree.root.n}) = 16/27 = 0.593 on App "
           "B's tree, 40/81 = 0.494 on a fold of 135 with 6 leaves")


def main() -> int:
    check_lam_zero()
    check_lam_infinity()
    check_increase_in_j()
    check_lam0()
    print(f"{sum(RESULTS)}/{len(RESULTS)} checks as expected")
    return 0 if all(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
