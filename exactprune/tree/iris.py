"""Zhong's iris tree (App B.1): the CART tree his worked examples prune.

:func:`iris_tree` grows the CART tree of Zhong App B.1 from scikit-learn's bundled iris data
(petal length and width, Gini, fully grown).  Its internal structure is exactly Zhong's Figure
B.1(a)/B.2: the root (50, 50, 50) splits into c1 = (50, 0, 0) and c2 = (0, 50, 50); c2 into
c21 = (0, 49, 5) and c22 = (0, 1, 45); c22's split into (0, 1, 2) and (0, 0, 43) is the
ineffective split of App B.1 (the (0, 1, 2) leaf holds three identical inputs, a versicolor and
two virginica at petal 4.8 x 1.8); c21 holds the remaining 4 splits.
"""
from __future__ import annotations

from .counttree import Tree

__all__ = ["iris_tree", "IRIS_CLASS_NAMES"]

#: the iris classes, in scikit-learn's order
IRIS_CLASS_NAMES = ("setosa", "versicolor", "virginica")


def iris_tree() -> Tree:
    """Zhong App B.1: the fully grown CART (Gini) tree on iris petal length and width.

    Grown from scikit-learn's bundled iris copy (no download), ``random_state=0``.

    Returns
    -------
    Tree
        The grown tree, its classes named by :data:`IRIS_CLASS_NAMES`.

    Examples
    --------
    >>> t = iris_tree()
    >>> t.n_leaves, t.node("c21").counts, t.node("c22").counts
    (8, (0, 49, 5), (0, 1, 45))
    """
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier
    data = load_iris()
    X = data.data[:, 2:4]
    estimator = DecisionTreeClassifier(criterion="gini", random_state=0).fit(X, data.target)
    tree = Tree.from_sklearn(estimator, feature_names=["petal length", "petal width"])
    tree.class_names = list(IRIS_CLASS_NAMES)
    return tree
