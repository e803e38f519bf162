"""Random count trees for the tests: the theorem registry's strategy, as Tree objects."""
from __future__ import annotations

from exactprune.theorems.strategies import count_trees as _count_tree_dicts, to_tree
from exactprune.tree import all_prunings  # noqa: F401  (re-exported for the tests)


def count_trees(max_depth: int = 3, max_count: int = 12, max_children: int = 3, n_classes=(2, 3)):
    """Trees of depth <= ``max_depth`` (possibly a single leaf), leaves with >= 1 example."""
    return _count_tree_dicts(n_classes, max_depth, max_children, max_count, root_split=False).map(to_tree)
