"""Random count trees for the tests: the theorem registry's strategy, as Tree objects."""
from __future__ import annotations

from exactprune.theorems.strategies import count_trees as _count_tree_dicts, to_tree
from exactprune.tree import all_prunings  # noqa: F401  (re-exported for the tests)


def count_trees(max_depth: int = 3, max_count: int = 12, max_children: int = 3, n_classes=(2, 3)):
    """Trees of depth <= ``max_depth`` (possibly a single leaf), leaves with >= 1 example."""
    return _count_tree_dicts(n_classes, max_depth, max_children, max_count, root_split=False).map(to_tree)


def fractional_count_trees(max_depth: int = 3, max_count: int = 12, max_children: int = 3, n_classes=(2, 3)):
    """Trees with weighted (Fraction) counts, as a weighted fit makes them: the leaves of a random
    integer tree (root split) scaled class by class by a class weight w_j and, at some leaves, by
    a row weight s_l (both rationals with denominators up to 9); a split's counts are the sums of
    its children's.  At least one count is not a whole number."""
    from fractions import Fraction

    from hypothesis import strategies as st

    from exactprune import Node, Tree
    from exactprune.tree import has_fractional_counts

    weight = st.fractions(min_value=Fraction(1, 9), max_value=3, max_denominator=9).filter(lambda w: w > 0)

    @st.composite
    def build(draw):
        data = draw(_count_tree_dicts(n_classes, max_depth, max_children, max_count, root_split=True))
        class_weights = [draw(weight) for _ in data["counts"]]

        def node(d):
            if "children" in d:
                children = [node(c) for c in d["children"]]
                return Node(tuple(sum(c.counts[j] for c in children) for j in range(len(class_weights))), children)
            row = draw(st.one_of(st.just(Fraction(1)), weight))
            return Node(tuple(Fraction(c) * w * row for c, w in zip(d["counts"], class_weights)))

        return Tree(node(data))

    return build().filter(lambda tree: has_fractional_counts(tree.arrays()))
