"""Helpers shared by the tests of exactprune.sklearn (tests/sklearn/): the data sets, and counts
and moments of a grown scikit-learn tree written out with Fractions, apart from the package's code."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
from sklearn.datasets import load_breast_cancer, load_digits, load_iris, load_wine


def iris_petals():
    X, y = load_iris(return_X_y=True)
    return X[:, 2:4], y


DATASETS = {
    "iris": lambda: load_iris(return_X_y=True),
    "wine": lambda: load_wine(return_X_y=True),
    "breast_cancer": lambda: load_breast_cancer(return_X_y=True),
    "digits": lambda: load_digits(return_X_y=True),
}


def leaf_rows(grown, X):
    """Training rows per leaf of a fitted DecisionTreeClassifier, by its own apply."""
    leaves = grown.apply(X.astype(np.float32))
    return {int(leaf): np.flatnonzero(leaves == leaf) for leaf in np.unique(leaves)}


def fraction_counts(grown, X, y, row_weight):
    """Independent exact counts: per node of ``grown``, the Fraction sum of ``row_weight(i)`` over
    its rows, per class; internal nodes from the rows below them (not from the children's sums)."""
    t, J = grown.tree_, len(grown.classes_)
    below = {}
    for leaf, rows in leaf_rows(grown, X).items():
        below[leaf] = list(rows)
    for i in range(t.node_count - 1, -1, -1):
        if t.children_left[i] != -1:
            below[i] = below.get(t.children_left[i], []) + below.get(t.children_right[i], [])
    return {i: tuple(sum((row_weight(r) for r in rows if y[r] == j), Fraction(0)) for j in range(J))
            for i, rows in below.items()}


def pruned_moment(t, counts, kept, i, k, lam, eta):
    """E[r^k] of the subtree at node i of scikit-learn's tree ``t`` pruned by ``kept``, written
    out from Zhong (4.28), (4.29) (J-1 numerator) and (4.11) with Fractions."""
    c = counts[i]
    if t.children_left[i] == -1 or not kept.get(i, False):
        n, J = sum(c), len(c)
        a, d = n - max(c) + (J - 1) * lam, n + J * lam
        value = Fraction(1)
        for m in range(k):
            value *= (a + m) / (d + m)
        return value
    kids = [t.children_left[i], t.children_right[i]]
    den = sum(c) + 2 * eta
    return sum((sum(counts[ch]) + eta) / den * pruned_moment(t, counts, kept, ch, k, lam, eta) for ch in kids)


def all_kept_masks(t):
    """Every pruning of scikit-learn's tree ``t`` as {split id: kept} (brute force)."""
    def prunings(i):
        if t.children_left[i] == -1:
            return [{}]
        result = [{i: False}]
        for left in prunings(t.children_left[i]):
            for right in prunings(t.children_right[i]):
                result.append({i: True, **left, **right})
        return result
    return prunings(0)


def id_of_name(t, name):
    """The node id in scikit-learn's tree ``t`` of Zhong's name (c1 = left child of the root...)."""
    i = 0
    for step in ("" if name == "root" else name[1:]):
        i = t.children_left[i] if step == "1" else t.children_right[i]
    return int(i)


def pruned_ids(clf):
    """Ids (grown tree) of the splits the fitted estimator made leaves or removed, from names."""
    t, names = clf.unpruned_estimator_.tree_, {}
    names[0] = "root"
    for i in range(t.node_count):
        if t.children_left[i] != -1:
            base = "c" if names[i] == "root" else names[i]
            names[t.children_left[i]], names[t.children_right[i]] = base + "1", base + "2"
    cut = set(clf.pruned_)
    return {i for i, name in names.items()
            if any(name == p or name.startswith(p) for p in cut) and t.children_left[i] != -1}


# issue 37: one reading of a float, clear errors at the edges, Pipelines, scikit-learn internals
FOUR = ([[0.0], [0.0], [1.0], [1.0]], ["a", "a", "b", "b"])
