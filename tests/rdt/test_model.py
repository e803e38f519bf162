"""exactprune.rdt.model: Criterion, Distribution, the tie rule, argument checks."""
from __future__ import annotations

from fractions import Fraction

import pytest

from exactprune.rdt import (Criterion, Distribution, cell_error, correlated_distribution, expected_ge,
                            predicted_classes)


def test_distribution_validation():
    with pytest.raises(TypeError, match="probs"):
        Distribution([2], 2, {(0, 0): 0.5, (1, 1): "1/2"})
    with pytest.raises(ValueError, match="add up to 1"):
        Distribution([2], 2, {(0, 0): "1/2"})
    with pytest.raises(ValueError, match="outside"):
        Distribution([2], 2, {(2, 0): "1"})
    with pytest.raises(ValueError, match="negative"):
        Distribution([2], 2, {(0, 0): "3/2", (1, 0): "-1/2"})
    with pytest.raises(ValueError, match="height"):
        expected_ge(correlated_distribution([2], 1), 2, Criterion(height=2))
    with pytest.raises(ValueError, match="tie"):
        expected_ge(correlated_distribution([2], 1), 2, Criterion(height=1), tie="random")


@pytest.mark.parametrize("criterion,text", [
    (Criterion(height=3), "fixed(h=3)"), (Criterion(purity=True), "purity"), (Criterion(pb=0), "scarcity(pb=0)"),
    (Criterion(height=2, purity=True, pb=4), "fixed(h=2)+purity+scarcity(pb=4)"), (Criterion(), "full-depth"),
])
def test_criterion_reads_as_its_name(criterion, text):
    assert str(criterion) == text and f"{criterion}" == text
    assert "Criterion(" in repr(criterion)


def test_criterion_parse_round_trips_through_its_name():
    for text, kwargs in (("fixed", {"height": 3}), ("purity", {}), ("scarcity", {"pb": 2}),
                         ("fixed,purity,scarcity", {"height": 1, "pb": 0})):
        crit = Criterion.parse(text, **kwargs)
        names = str(crit).split("+")
        assert [name.split("(")[0] for name in names] == text.split(",")


def test_tie_rule_by_hand():
    # counts (2, 2, 1): classes 0 and 1 tie; masses D * P[R, y] = (1, 4, 5), region mass 10
    assert predicted_classes((2, 2, 1), "split") == (0, 1)
    assert predicted_classes((2, 2, 1), "first") == (0,)
    assert cell_error((2, 2, 1), (1, 4, 5), "split") == Fraction(9 + 6, 2)
    assert cell_error((2, 2, 1), (1, 4, 5), "first") == 9
    assert cell_error((0, 0, 0), (1, 4, 5), "split") == Fraction(9 + 6 + 5, 3)   # empty leaf: all tie
    with pytest.raises(ValueError, match="tie"):
        predicted_classes((1, 0), "random")
