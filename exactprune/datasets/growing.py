"""A CART tree grown on a user's data set (:func:`grow_tree`), and its JSON naming the CSV's
columns and values (:func:`tree_json`)."""
from __future__ import annotations

from typing import Dict, Optional

from .csvfile import Dataset

__all__ = ["grow_tree", "tree_json"]


def grow_tree(dataset: Dataset, **tree_params):
    """Grow a CART tree with scikit-learn's ``DecisionTreeClassifier(**tree_params)`` (Gini, grown
    until pure by default) on ``dataset`` and return the count tree (:class:`~exactprune.tree.Tree`)
    with class names; :func:`tree_json` writes it naming the CSV's columns and values.

    The tree is grown on each column's ranks (0, 1, 2, ... in the order of its distinct values):
    scikit-learn compares float32 values, which merge distinct values (16777216 and 16777217) and
    put a midpoint threshold where a row's own value may route the other way; ranks are exact in
    float32 and a split between ranks r and r + 1 is the split "value <= the r-th value", the
    partition scikit-learn would choose on exact values (its choice depends on the order only).

    Parameters
    ----------
    dataset : Dataset
        The coded data (its ``X``, ``y``, ``feature_names`` and ``class_names`` are read).
    **tree_params
        Keyword arguments of scikit-learn's ``DecisionTreeClassifier`` (``criterion``,
        ``max_depth``, ``random_state``, ...).

    Returns
    -------
    exactprune.tree.Tree
        The count tree, with class names; each split's ``threshold`` is the largest value of its
        column that goes left.

    Examples
    --------
    >>> import numpy as np
    >>> d = Dataset(np.array([[0.0], [1.0], [1.0]]), np.array([0, 1, 1]), ["sex=F"], ["a", "b"],
    ...             ["sex"], {"sex": ["F", "M"]}, columns=[("sex", "F")])
    >>> t = grow_tree(d, random_state=0)
    >>> t.root.counts, t.class_names
    ((1, 2), ['a', 'b'])
    """
    import warnings

    import numpy as np
    from sklearn.tree import DecisionTreeClassifier

    from ..tree import Tree, threshold_split_text
    ranks = np.column_stack([np.unique(column, return_inverse=True)[1] for column in dataset.X.T]) \
        if dataset.X.shape[1] else dataset.X
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        est = DecisionTreeClassifier(**tree_params).fit(ranks.astype(float), dataset.y)
    grown = Tree.from_sklearn(est, feature_names=dataset.feature_names).to_dict()
    stack = [grown]
    values: Dict[int, "np.ndarray"] = {}
    while stack:                            # a rank threshold r + 1/2: the r-th distinct value goes left
        node = stack.pop()
        if "children" in node and node.get("feature") is not None:
            feature = node["feature"]
            if feature not in values:
                values[feature] = np.unique(dataset.X[:, feature])
            value = float(values[feature][int(node["threshold"])])
            node["threshold"], node["split"] = value, threshold_split_text(dataset.feature_names[feature], value)
        stack.extend(node.get("children", []))
    return Tree.from_dict(grown, class_names=[dataset.class_names[int(c)] for c in est.classes_])


def tree_json(tree, dataset: Dataset, indent: Optional[int] = None) -> str:
    """The count-tree JSON of a tree grown on ``dataset`` by :func:`grow_tree` with every split in
    the CSV's terms: ``"split"`` is ``COLUMN <= THRESHOLD`` (a numerical column: left child when
    the row's value is at most the threshold, the largest value of the column that goes left,
    written in full as the shortest repr of its float64 that round-trips) or ``COLUMN != LEVEL``
    (a categorical column: left child when the row's value is not that level), ``"feature"`` is
    COLUMN's position among the CSV's columns (0-based, the class column included), and
    ``"threshold"`` is given for numerical splits only.

    Parameters
    ----------
    tree : exactprune.tree.Tree
        A tree grown on ``dataset`` by :func:`grow_tree`.
    dataset : Dataset
        The data it was grown on, with its ``columns`` (as :func:`load_csv` gives them).
    indent : int, optional
        The JSON indentation; None (and any tree deeper than ``exactprune.tree.INDENT_DEPTH``
        levels) gives one line.

    Returns
    -------
    str
        The JSON text.

    Examples
    --------
    >>> import numpy as np
    >>> d = Dataset(np.array([[0.0, 1.0, 5.0], [1.0, 0.0, 2.0]]), np.array([0, 1]), ["s=F", "s=M", "w"], ["a", "b"],
    ...             ["s", "w"], {"s": ["F", "M"]}, columns=[("s", "F"), ("s", "M"), ("w", None)])
    >>> tree_json(grow_tree(d, random_state=0), d)     # left: the row whose s is not M, of class b
    '{"counts": [1, 1], "name": "root", "split": "s != M", "feature": 0, "children": [{"counts": [0, 1], "name": "c1"}, {"counts": [1, 0], "name": "c2"}], "class_names": ["a", "b"]}'
    >>> d = Dataset(np.array([[16777216.0], [16777217.0]]), np.array([0, 1]), ["x"], ["a", "b"], ["x"], {},
    ...             columns=[("x", None)], header=["x", "class"])
    >>> tree_json(grow_tree(d, random_state=0), d)     # float32 would merge the two values
    '{"counts": [1, 1], "name": "root", "split": "x <= 16777216.0", "feature": 0, "threshold": 16777216.0, "children": [{"counts": [1, 0], "name": "c1"}, {"counts": [0, 1], "name": "c2"}], "class_names": ["a", "b"]}'
    """
    import json

    from ..tree import INDENT_DEPTH, deep_json
    order = dataset.header or dataset.attributes
    out = tree.to_dict()
    stack = [out]
    while stack:
        node = stack.pop()
        if "children" in node and node.get("feature") is not None:
            if dataset.columns is None:
                raise ValueError("tree_json needs dataset.columns (the CSV column and level of each column of X), "
                                 "as load_csv gives")
            column, level = dataset.columns[node["feature"]]
            node["feature"] = order.index(column)
            if level is not None:           # a numerical split already reads "COLUMN <= THRESHOLD"
                node["split"] = f"{column} != {level}"
                node.pop("threshold", None)
        stack.extend(node.get("children", []))
    if indent is not None and tree.depth() > INDENT_DEPTH:
        indent = None
    with deep_json():
        return json.dumps(out, indent=indent, ensure_ascii=False)


