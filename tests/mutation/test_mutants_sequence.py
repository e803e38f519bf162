"""Mutants of exactprune.sequence that its own tests let through: the k-norm sequence of the
iris tree checked against PruneTree (an independent algorithm: the stages' k ranges must be
where prune() changes its answer) and its JSON form checked field by field."""
import json
from fractions import Fraction

import pytest

from exactprune.knorm import prune
from exactprune.sequence import knorm_sequence
from exactprune.tree import iris_tree


@pytest.fixture(scope="module")
def iris_sequence():
    return knorm_sequence(iris_tree())


def test_stages_change_exactly_where_prunetree_changes(iris_sequence):
    """For every finite stage end k_to, PruneTree at k_to - 1 gives the stage's tree and at k_to
    the next stage's."""
    stages = iris_sequence.stages
    finite = [s for s in stages if isinstance(s.k_from, int)]
    for stage, following in zip(finite, finite[1:]):
        assert stage.k_to == following.k_from
        assert prune(iris_tree(), stage.k_to - 1).tree.n_leaves == stage.leaves
        assert prune(iris_tree(), stage.k_to).tree.n_leaves == following.leaves
    assert stages[-1].k_from == "inf" and stages[-1].leaves == 1


def test_crossings_bracket_the_breakpoints(iris_sequence):
    """A split pruned from k = b on has its real crossing x with b - 1 < x <= b, enclosed in
    [lower, upper] to about 40 bits."""
    crossings = 0
    for b in iris_sequence.breakpoints.values():
        if b.crossing is None:
            continue
        crossings += 1
        lo, hi = b.crossing
        assert lo <= hi and hi - lo <= hi * Fraction(1, 2 ** 38)
        assert b.breakpoint - 1 < hi and lo <= b.breakpoint
    assert crossings == 2


def test_as_dict_is_a_faithful_json_form(iris_sequence):
    seq = iris_sequence
    d = json.loads(json.dumps(seq.as_dict()))
    assert d["prior"] == {"lam": "1/2", "eta": "1/2", "numerator": "J-1"}
    assert d["stages"] == [{"k_from": s.k_from, "k_to": s.k_to, "leaves": s.tree.n_leaves, "pruned": s.pruned}
                           for s in seq.stages]
    assert [b["name"] for b in d["breakpoints"]] == list(seq.breakpoints)
    for out, b in zip(d["breakpoints"], seq.breakpoints.values()):
        assert {k: out[k] for k in ("breakpoint", "removed_with", "survives_all_finite_k", "sign_checks")} == \
            {"breakpoint": b.breakpoint, "removed_with": b.removed_with,
             "survives_all_finite_k": b.survives_all_finite_k, "sign_checks": b.sign_checks}
        if b.crossing is None:
            assert out["crossing"] is None
        else:
            lo, hi = b.crossing
            assert Fraction(out["crossing"]["lower"]) == lo and Fraction(out["crossing"]["upper"]) == hi
            assert abs(float(out["crossing"]["approx"]) - float((lo + hi) / 2)) <= 1e-11 * float(hi)
    assert any(b["removed_with"] for b in d["breakpoints"]) and any(b["survives_all_finite_k"]
                                                                   for b in d["breakpoints"])
    assert any(b["sign_checks"] for b in d["breakpoints"])


# ---------------------------------------------------------------------------------------------
# the stage-level float filter and the real crossings, against independent computations
# ---------------------------------------------------------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from exactprune.certify import Approx, rising_ratio, total  # noqa: E402
from exactprune.knorm import Prior, leaf_moment, subtree_moment  # noqa: E402
from exactprune.sequence import _SubtreeForm, _float_approximations, real_crossing  # noqa: E402
from random_trees import count_trees  # noqa: E402


def _scalar_images(form, k):
    """certify's scalar rules term by term (an implementation independent of the segmented one):
    the leaf as a term of weight 1, the subtree summed left to right."""
    a, d = form.leaf_terms
    leaf = Approx.of(1) * rising_ratio(Approx.of(a), Approx.of(d), k)
    tree = total(Approx.of(w) * rising_ratio(Approx.of(a_l), Approx.of(d_l), k) for w, a_l, d_l in form.terms)
    return leaf, tree


@settings(max_examples=30, deadline=None)
@given(count_trees(max_depth=3), st.sampled_from([Prior(), Prior(lam=1, eta=0), Prior(numerator="1")]),
       st.sampled_from([1, 2, 5, 17]))
def test_segmented_float_filter_is_certify_rules_per_split_and_encloses_the_exact_moments(tree, prior, k):
    """All splits of a tree in one call: each split's (value, bound) equals certify's scalar
    rules applied to that split alone, and the bound encloses the exact moments (knorm's
    recursion (4.28)-(4.29) in rationals)."""
    nodes = [node for node in tree.nodes() if node.children]
    if not nodes:
        return
    forms = [_SubtreeForm(node, prior) for node in nodes]
    (leaf_v, leaf_r), (tree_v, tree_r) = _float_approximations(forms, k)
    for i, (node, form) in enumerate(zip(nodes, forms)):
        leaf, sub = _scalar_images(form, k)
        assert Approx.bounded(leaf_v[i], leaf_r[i]) == leaf
        assert Approx.bounded(tree_v[i], tree_r[i]) == sub
        for (value, rel), exact in (((leaf_v[i], leaf_r[i]), leaf_moment(node.counts, k, prior)),
                                    ((tree_v[i], tree_r[i]), subtree_moment(node, k, prior))):
            assert rel < 2.0 ** -40          # these small trees are always vouched for
            assert abs(exact - Fraction(value)) <= Fraction(rel) * Fraction(value)


def test_an_invalid_term_voids_only_its_own_split():
    """A split whose float images cannot be vouched for (at k = 64 the moments of a node of 2^50
    examples fall below certify's TINY = 2^-960) gets an infinite bound; the other split of the
    same call keeps its finite bounds."""
    from exactprune import Node, Tree
    small = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3))]))
    huge = Tree(Node((2 ** 50, 3), [Node((2 ** 50, 0)), Node((0, 3))]))
    forms = [_SubtreeForm(small.root, Prior()), _SubtreeForm(huge.root, Prior())]
    (_, leaf_r), (_, tree_r) = _float_approximations(forms, 64)
    assert leaf_r[0] < 1e-12 and tree_r[0] < 1e-12
    assert leaf_r[1] == tree_r[1] == float("inf")


def test_real_crossing_contains_the_root_found_by_mpmath():
    """F_d(x) = rf(B, x)/rf(M, x) - sum_l W_l rf(B_l, x)/rf(M_l, x) (Gamma extension (C.26)),
    with the weights (4.11) and (B, M) (4.29) written out by hand for the tree below and its root
    found by mpmath at 50 digits: the certified crossing is the dyadic cell holding it."""
    import mpmath
    from exactprune import Node, Tree
    tree = Tree(Node((6, 3), [Node((5, 0)), Node((1, 3))]))      # lam = eta = 1/2, J = 2
    mpmath.mp.dps = 50
    half = mpmath.mpf(1) / 2
    # root: B = 3 + 1/2, M = 9 + 1; leaves: (5, 0): B = 1/2, M = 6, W = 5.5/10; (1, 3): B = 3/2, M = 5, W = 4.5/10
    def f(x):
        return (mpmath.rf(3 + half, x) / mpmath.rf(10, x) - mpmath.mpf(55) / 100 * mpmath.rf(half, x) / mpmath.rf(6, x)
                - mpmath.mpf(45) / 100 * mpmath.rf(3 * half, x) / mpmath.rf(5, x))
    seq = knorm_sequence(tree, Prior())
    b = seq.breakpoints["root"].breakpoint
    assert f(b - 1) > 0 >= f(b)
    root = mpmath.findroot(f, (b - 1, b), solver="anderson")
    lo, hi = real_crossing(tree.root, b - 1, b)
    assert seq.breakpoints["root"].crossing == (lo, hi)
    # b = 10: the cell of the dyadic bisection of [9, 10] first no longer than 10 / 2^40 has length 2^-37
    assert b == 10 and hi - lo == Fraction(1, 2 ** 37) and (lo - 9) * 2 ** 37 == int((lo - 9) * 2 ** 37)
    assert mpmath.mpf(lo.numerator) / lo.denominator < root < mpmath.mpf(hi.numerator) / hi.denominator
