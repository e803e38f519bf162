"""Trees and exact helpers shared by tests/breakpoints/test_forms.py, tests/breakpoints/test_search.py and
tests/test_sequence.py (near-ties, an exact tie at k = 1, the small tree with breakpoint 10, an exact scan for a breakpoint, the search's probe count),
each written from the formulas, not from the code under test."""
from __future__ import annotations

from fractions import Fraction

from exactprune import Node, Prior, Tree
from exactprune.certify import Approx, rising_ratio, total
from exactprune.knorm import leaf_moment, subtree_moment
from knorm_cases import leaf_by_hand


# ---------------------------------------------------------------------------------------------
# near-ties that reach the breakpoint search's float filter (breakpoints._signs_at): exact ties whose
# float images differ in the last bits, so that only the filter's bound keeps it from deciding
# the wrong way (with the bound set to zero these tests fail: the filter would call them kept)
# ---------------------------------------------------------------------------------------------

def rising_exact(x, k):
    product = Fraction(1)
    for m in range(k):
        product *= x + m
    return product


#: (6, 8) split into (4, 3) and (2, 5), lam = eta = 1/2, J = 2, c = 1: the leaf has a = 6 + 1/2,
#: d = 14 + 1; both children have d = 7 + 1 and weight (7 + 1/2) / (14 + 1) = 1/2, with a = 3 + 1/2
#: and 2 + 1/2.  F(k) = 6.5^(k)/15^(k) - (3.5^(k) + 2.5^(k)) / (2 8^(k)) is 0 at k = 5 exactly.
NEAR_TIE = Tree(Node((6, 8), [Node((4, 3)), Node((2, 5))]))


def near_tie_difference(k):
    """F(k) of NEAR_TIE written out by hand from (4.29), (4.11) and (4.28)."""
    half = Fraction(1, 2)
    return (rising_exact(6 + half, k) / rising_exact(15, k)
            - half * (rising_exact(3 + half, k) + rising_exact(2 + half, k)) / rising_exact(8, k))


# (4.29) and (4.28) in Fractions, for weighted (rational) counts as for integers

def leaf_moment_by_hand(counts, k, prior):
    """(4.29) under ``prior``: :func:`knorm_cases.leaf_by_hand` (the one written-out leaf moment)."""
    return leaf_by_hand(counts, k, prior.lam, prior.numerator)


def subtree_moment_by_hand(node, k, prior):
    """(4.28) with the child weights (4.11) (n_c + eta) / (n_t + eta K_t), recursively."""
    if not node.children:
        return leaf_moment_by_hand(node.counts, k, prior)
    den = sum(node.counts) + prior.eta * len(node.children)
    return sum((sum(child.counts) + prior.eta) / den * subtree_moment_by_hand(child, k, prior)
               for child in node.children)


def scalar_images(form, k):
    """certify's scalar rules term by term (an implementation independent of the segmented one):
    the leaf's rising ratio, the subtree's products summed left to right."""
    a, d = form.leaf_terms
    leaf = rising_ratio(Approx.of(a), Approx.of(d), k)
    tree = total(Approx.of(w) * rising_ratio(Approx.of(a_l), Approx.of(d_l), k) for w, a_l, d_l in form.terms)
    return leaf, tree


#: (6, 3) split into (5, 0) and (1, 3): breakpoint 10 (F(9) > 0 >= F(10), checked below with Fractions)
SMALL = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3))]))

#: (2, 2) split into (1, 1) and (1, 1), lam = eta = 1/2, J - 1 = 1: at k = 1 the leaf moment is
#: (0 + 2 + 1/2)/(4 + 1) = 1/2 and the subtree's is 2 x (5/2)/5 x (1 + 1/2)/(2 + 1) = 1/2: an exact tie
TIE = Tree(Node((2, 2), [Node((1, 1)), Node((1, 1))]))


def first_lost(node, k0: int) -> int:
    """The least k > k0 where the split at ``node`` is lost (R(T_d, k) >= R_leaf(d, k)), by an exact scan."""
    k = k0 + 1
    while subtree_moment(node, k, Prior()) < leaf_moment(node.counts, k, Prior()):
        k += 1
    return k


def probes(b: int, k0: int) -> int:
    """Sign evaluations of the doubling-and-bisection search from k0 to breakpoint b: k0 + 1, k0 + 2, ...,
    k0 + 2^m (2^m >= b - k0 > 2^(m - 1)), then m - 1 halvings of a length 2^(m - 1): 2m (1 for b = k0 + 1)."""
    d = b - k0
    return 1 if d == 1 else 2 * (d - 1).bit_length()


def record_prunetree_orders(monkeypatch) -> list:
    """The k of every PruneTree the sequence asks (``exactprune.sequence.prune``), in order, in the
    list returned (filled as the sequence runs)."""
    import exactprune.sequence as sequence_module
    asked: list = []
    real = sequence_module.prune

    def recorded(tree, k, **options):
        asked.append(k)
        return real(tree, k, **options)

    monkeypatch.setattr(sequence_module, "prune", recorded)
    return asked
