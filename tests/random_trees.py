"""Hypothesis strategy for small random count trees, shared by the foundation and sequence tests."""
from __future__ import annotations

from hypothesis import strategies as st

from exactprune.tree import Node, Tree


@st.composite
def count_trees(draw, max_classes: int = 3, max_count: int = 12, max_depth: int = 3, max_children: int = 3):
    n_classes = draw(st.integers(2, max_classes))
    counts = draw(st.lists(st.integers(0, max_count), min_size=n_classes, max_size=n_classes)
                  .filter(lambda c: sum(c) >= 2))

    def grow(counts, depth):
        node = Node(tuple(counts))
        if depth >= max_depth or sum(counts) < 2 or not draw(st.booleans()):
            return node
        k = draw(st.integers(2, max_children))
        parts = [[0] * k for _ in counts]
        for j, c in enumerate(counts):  # split each class count into k parts
            cuts = sorted(draw(st.lists(st.integers(0, c), min_size=k - 1, max_size=k - 1)))
            bounds = [0] + cuts + [c]
            for i in range(k):
                parts[j][i] = bounds[i + 1] - bounds[i]
        node.children = [grow([parts[j][i] for j in range(len(counts))], depth + 1) for i in range(k)]
        return node

    return Tree(grow(counts, 0))


def all_prunings(node: Node):
    """Every pruning of the subtree at ``node`` (each as a set of names of the kept splits)."""
    if node.is_leaf:
        return [frozenset()]
    options = [frozenset()]  # node becomes a leaf
    combos = [frozenset([node.name])]
    for child in node.children:
        combos = [c | p for c in combos for p in all_prunings(child)]
    return options + combos
