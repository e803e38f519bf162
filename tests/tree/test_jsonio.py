"""exactprune.tree.jsonio: the JSON form of a count tree (validation messages, thresholds and rational counts as text, names)."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given

from exactprune import Tree
from random_trees import count_trees
from tree_cases import threshold_tree


@pytest.mark.parametrize("text, words", [
    ('{"counts": [1, -1]}', "negative count"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 1]}]}', "at least 2 children"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 2]}]}', "add up"),
    ('{"counts": [2, 1], "children": [{"counts": [2, 0, 0]}, {"counts": [0, 1]}]}', "c1: has 3 counts"),
    ('{"counts": [1.5, 1]}', "integers or exact rationals as text"),
    ('{"counts": ["3/x", 1]}', "root: count: cannot read '3/x'"),
    ('{"counts": ["-1/2", 1]}', "negative count -1/2"),
    ('{"counts": ["1/2", "1/2"], "children": [{"counts": ["1/2", 0]}, {"counts": ["1/3", "1/2"]}]}', "add up"),
    ('{"counts": [1, 1]', "malformed"),
    ('{"cnts": [1, 1]}', "unknown keys"),
    ('[1, 2]', "expected an object"),
])
def test_bad_trees_are_rejected_naming_the_node(text, words):
    with pytest.raises(ValueError, match=words):
        Tree.from_json(text)

@given(count_trees())
def test_json_round_trip(tree):
    again = Tree.from_json(tree.to_json())
    assert [n.counts for n in again.nodes()] == [n.counts for n in tree.nodes()]
    assert [n.name for n in again.nodes()] == [n.name for n in tree.nodes()]

@pytest.mark.parametrize("text, value", [
    ("0.5", Fraction(1, 2)), ("1/3", Fraction(1, 3)), ("-2", Fraction(-2)), ("1e-3", Fraction(1, 1000)),
    (" 6/4 ", Fraction(3, 2)), ("9" * 1000, Fraction(10 ** 1000 - 1)), ("1/" + "9" * 1000, Fraction(1, 10 ** 1000 - 1)),
])
def test_a_threshold_given_as_text_is_kept_exactly(text, value):
    t = Tree.from_json(threshold_tree(text))
    assert t.root.threshold == value and isinstance(t.root.threshold, Fraction)
    again = Tree.from_json(t.to_json())                        # written as "p/q", read back the same
    assert again.root.threshold == value
    assert '"threshold": "%d%s"' % (value.numerator, "" if value.denominator == 1 else f"/{value.denominator}") \
        in t.to_json()

@pytest.mark.parametrize("text, words", [
    ("abc", "node root: threshold: cannot read 'abc'"), ("1/0", "zero denominator"), ("nan", "cannot read"),
    ("inf", "cannot read"), ("", "cannot read"), ("1" + "0" * 1000, "MAX_THRESHOLD_DIGITS"),
    ("1/1" + "0" * 1000, "MAX_THRESHOLD_DIGITS"), ("1e1000", "MAX_THRESHOLD_DIGITS"),
    ("1e100000000", "exceeds the limit MAX_NUMBER_TEXT"),
])
def test_a_bad_threshold_text_is_refused_naming_the_node(text, words):
    with pytest.raises(ValueError, match=words):
        Tree.from_json(threshold_tree(text))

@pytest.mark.parametrize("value", [True, None, [1], {"a": 1}])
def test_a_threshold_of_another_type_is_refused(value):
    if value is None:                                          # null: no threshold, as before
        assert Tree.from_json(threshold_tree(value)).root.threshold is None
        return
    with pytest.raises(ValueError, match="node root: 'threshold' must be a finite number"):
        Tree.from_json(threshold_tree(value))

def test_json_names_equal_to_the_positional_ones_are_accepted_and_others_refused():
    import json
    good = {"counts": [2, 1], "name": "root", "children": [{"counts": [2, 0], "name": "c1"},
                                                           {"counts": [0, 1], "name": "c2"}]}
    assert [n.name for n in Tree.from_dict(good).nodes()] == ["root", "c1", "c2"]
    for where, bad in [(("children", 0), "left"), (("children", 1), "c1"), ((), "top"), (("children", 0), None),
                       (("children", 1), 2)]:
        data = json.loads(json.dumps(good))
        node = data if not where else data[where[0]][where[1]]
        node["name"] = bad
        name = "root" if not where else f"c{where[1] + 1}"
        with pytest.raises(ValueError, match=f"node {name}: 'name' is {bad!r}, but node names are positional"):
            Tree.from_json(json.dumps(data))
    wide = {"counts": [11, 0], "children": [{"counts": [1, 0]} for _ in range(11)]}
    wide["children"][10]["name"] = "c.11"
    assert Tree.from_dict(wide).root.children[10].name == "c.11"
    wide["children"][10]["name"] = "c11"                       # the first child of c1, not this node
    with pytest.raises(ValueError, match="this node is 'c.11'"):
        Tree.from_dict(wide)

def test_rational_counts_are_read_written_and_kept_exactly():
    """A count given as "p/q" text is that Fraction (a whole one an int); the JSON writer writes it
    back as "p/q"; nodes, arrays and JSON agree."""
    text = ('{"counts": ["7/2", 2], "children": [{"counts": ["1/2", "4/2"]}, {"counts": [3, 0]}]}')
    tree = Tree.from_json(text)
    assert tree.root.counts == (Fraction(7, 2), 2) and tree.node("c1").counts == (Fraction(1, 2), 2)
    assert type(tree.node("c1").counts[1]) is int
    assert tree.arrays().counts.tolist() == [[Fraction(7, 2), 2], [Fraction(1, 2), 2], [3, 0]]
    assert '"counts": ["7/2", 2]' in tree.to_json()
    assert Tree.from_json(tree.to_json()).arrays().counts.tolist() == tree.arrays().counts.tolist()
    from exactprune.tree import has_fractional_counts
    assert has_fractional_counts(tree.arrays())
    assert not has_fractional_counts(Tree.from_json('{"counts": ["4/2", 1]}').arrays())
