"""exactprune.tree.iris: Zhong's App B.1 tree."""
from __future__ import annotations

from exactprune.tree import iris_tree


def test_iris_tree_is_zhongs_figure_b1a():
    t = iris_tree()
    assert t.root.counts == (50, 50, 50)
    assert [t.node(n).counts for n in ("c1", "c2", "c21", "c22")] == [(50, 0, 0), (0, 50, 50), (0, 49, 5), (0, 1, 45)]
    assert t.n_leaves == 8
    # the ineffective split of App B.1: c22's children make the same number of training errors
    c22 = t.node("c22")
    assert sum(c.errors for c in c22.children) == c22.errors == 1
