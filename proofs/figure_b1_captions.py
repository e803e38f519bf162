"""Zhong, Appendix B: every number in the captions of Figures B.1 and B.2 and in the text of B.2,
recomputed exactly on the iris tree (lam = eta = 1/2, (4.29) as printed).

* Figure B.1(b)-(f): each panel's k range against the exact k-norm sequence
  (:func:`exactprune.sequence.knorm_sequence`), its alpha range against the exact CCP alphas
  (:func:`exactprune.peers.ccp.ccp_sequence`, misclassification cost) rounded half-even to the
  printed four decimals, and the panel's tree the same in both sequences.
* B.2 text: CCP yields 5 trees after the fully grown one, the k-norm algorithm 4, and these 4
  appear in CCP's sequence.
* Figure B.2 ("pruned with 2-norm criterion"): PruneTree at k = 2 keeps c1, c21, c22, the tree of
  panel (d).

Two printed numbers are wrong and are checked as such (``misprint confirmed``): (c)'s lower bound
0 (exactly 1/150; erratum zhong-B.1-alpha) and the k breakpoint 25680602 of (d)-(e) (exactly
17781896; erratum zhong-B.1-breakpoint).  Run from the repository root; exit status 0 iff every
check gives its expected result.
"""
import sys
from fractions import Fraction

from exactprune.casestudy import round_like
from exactprune.knorm import Prior, prune
from exactprune.peers.ccp import ccp_sequence
from exactprune.sequence import knorm_sequence
from exactprune.tree import iris_tree

RESULTS = []
PRINTED_BREAKPOINT = 25680602


def report(label: str, ok: bool, what: str = "ok") -> None:
    RESULTS.append(ok)
    print(f"({label}): {what if ok else 'FAIL'}")


def leaf_names(tree) -> frozenset:
    return frozenset(leaf.name for leaf in tree.leaves())


def alpha_text(printed: str, value) -> bool:
    """True iff the exact alpha rounds to the printed four decimals ("0" is exactly 0, None infinity)."""
    if printed in ("0", "inf"):
        return value == {"0": 0, "inf": None}[printed]
    return round_like(printed, value) == printed


def main() -> int:
    tree = iris_tree()
    ccp = ccp_sequence(tree).stages
    knorm = knorm_sequence(tree, Prior(Fraction(1, 2), Fraction(1, 2), "J-1")).stages
    # panel: (k-norm stage index or None, printed k range, CCP stage index, printed alpha range)
    panels = {"b": (0, (1, 2), 0, ("0", "0.0067")),
              "c": (None, None, 1, ("0", "0.0133")),
              "d": (1, (2, PRINTED_BREAKPOINT), 2, ("0.0133", "0.2933")),
              "e": (2, (PRINTED_BREAKPOINT, None), 3, ("0.2933", "0.3333")),
              "f": (3, ("inf", None), 4, ("0.3333", "inf"))}
    misprints = {("c", "alpha_from"), ("d", "k_to"), ("e", "k_from")}
    for panel, (ks, k_range, cs, (a_from, a_to)) in panels.items():
        stage = ccp[cs]
        found = {"alpha_from": alpha_text(a_from, stage.alpha_from), "alpha_to": alpha_text(a_to, stage.alpha_to)}
        if ks is not None:
            kstage = knorm[ks]
            found["k_from"] = kstage.k_from == k_range[0]
            found["k_to"] = kstage.k_to == k_range[1]
            found["same_tree"] = leaf_names(kstage.tree) == leaf_names(stage.tree)
        expected = {what: (panel, what) not in misprints for what in found}
        wrong = sorted(what for what, ok in found.items() if not ok)
        report(f"Figure B.1({panel})", found == expected,
               f"misprint confirmed: {', '.join(wrong)}" if wrong else "ok")
    report("App B.2, 5 CCP trees and 4 k-norm trees",
           len(ccp) == 5 and len(knorm) == 4 and tree.n_leaves > ccp[0].leaves
           and {leaf_names(s.tree) for s in knorm} <= {leaf_names(s.tree) for s in ccp})
    report("Figure B.2, the 2-norm pruned tree is panel (d)",
           leaf_names(prune(tree, 2).tree) == frozenset({"c1", "c21", "c22"}) == leaf_names(knorm[1].tree))
    print(f"{sum(RESULTS)}/{len(RESULTS)} checks as expected")
    return 0 if all(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
