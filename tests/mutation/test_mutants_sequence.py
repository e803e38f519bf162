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
