"""scikit-learn's private API, in one place: every name of scikit-learn that is not public and
that :mod:`exactprune.sklearn` relies on is imported or used here, and nowhere else.

* ``sklearn.utils._param_validation`` (``Interval``, ``StrOptions``): how scikit-learn's own
  estimators, and third-party ones, declare their parameters (``_parameter_constraints``,
  checked by ``BaseEstimator._validate_params`` and by ``check_estimator``).
* ``sklearn.tree._tree.Tree``'s pickled state (``__getstate__``/``__setstate__``): the only way to
  build the pruned ``tree_`` that scikit-learn's tree tools (``plot_tree``, ``export_text``,
  ``apply``, ``decision_path``) read.  Its layout - the keys of the state and the fields of a
  node - is checked against :data:`STATE_KEYS` and :data:`NODE_FIELDS` before every use
  (:func:`check_tree_layout`), so a scikit-learn release that changes it fails loudly, naming
  itself, instead of building a wrong tree; ``tests/sklearn/test_internals.py`` checks the layout of the
  installed release too.

>>> from sklearn.tree import DecisionTreeClassifier
>>> check_tree_layout(DecisionTreeClassifier().fit([[0.0], [1.0]], [0, 1]).tree_)
"""
from __future__ import annotations

from typing import Any

import numpy as np
import sklearn
from sklearn.tree._tree import Tree as _SklearnTree
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions

__all__ = ["HasMethods", "Interval", "StrOptions", "TREE_LEAF", "TREE_UNDEFINED", "STATE_KEYS", "NODE_FIELDS",
           "check_tree_layout", "pruned_sklearn_tree"]

#: a leaf's child id in scikit-learn's ``Tree`` (``sklearn.tree._tree.TREE_LEAF``)
TREE_LEAF = -1
#: a leaf's feature and threshold (``sklearn.tree._tree.TREE_UNDEFINED``)
TREE_UNDEFINED = -2
#: the keys of ``Tree.__getstate__()`` this module reads and writes
STATE_KEYS = frozenset({"max_depth", "node_count", "nodes", "values"})
#: the fields of a node record; ``missing_go_to_left`` since scikit-learn 1.3
NODE_FIELDS = ("left_child", "right_child", "feature", "threshold", "impurity", "n_node_samples",
               "weighted_n_node_samples", "missing_go_to_left")


def check_tree_layout(tree_: Any) -> None:
    """Raise RuntimeError, naming the installed scikit-learn, if ``tree_``'s pickled state is not
    the layout :func:`pruned_sklearn_tree` writes (:data:`STATE_KEYS`, :data:`NODE_FIELDS`).

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        A fitted tree.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> check_tree_layout(DecisionTreeClassifier().fit([[0.0], [1.0]], [0, 1]).tree_) is None
    True
    """
    state = tree_.__getstate__()
    fields = state.get("nodes", np.empty(0)).dtype.names or ()
    if set(state) != STATE_KEYS or tuple(fields) not in (NODE_FIELDS, NODE_FIELDS[:-1]):
        raise RuntimeError(f"internal error: scikit-learn {sklearn.__version__} changed the private layout of "
                           f"sklearn.tree._tree.Tree (state keys {sorted(state)}, node fields {fields}); "
                           f"exactprune.sklearn.internals must be updated for it")


def pruned_sklearn_tree(tree_: Any, pruned: Any, old: np.ndarray) -> Any:
    """A new scikit-learn ``Tree``: ``tree_`` with the nodes ``old`` kept (in that order) and
    linked as the count arrays ``pruned`` say (its splits made leaves get no feature, threshold or
    missing-value direction).

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        The grown tree.
    pruned : CountArrays
        The pruned structure (:meth:`CountArrays.pruned <exactprune.tree.CountArrays.pruned>`).
    old : ndarray of int
        The id in ``tree_`` of each node of ``pruned``.

    Returns
    -------
    sklearn.tree._tree.Tree

    Examples
    --------
    The root of a one-split tree made a leaf:

    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from exactprune.tree.fromsklearn import sklearn_count_arrays
    >>> tree_ = DecisionTreeClassifier().fit([[0.0], [1.0]], [0, 1]).tree_
    >>> arrays = sklearn_count_arrays(tree_, np.array([[0, 0], [1, 0], [0, 1]]))
    >>> small, old = arrays.pruned(np.array([False, True, True]))
    >>> leaf = pruned_sklearn_tree(tree_, small, old)
    >>> leaf.node_count, leaf.children_left.tolist(), leaf.feature.tolist(), leaf.max_depth
    (1, [-1], [-2], 0)
    """
    check_tree_layout(tree_)
    state = tree_.__getstate__()
    nodes = state["nodes"][old].copy()
    made_leaf = (nodes["left_child"] != TREE_LEAF) & (pruned.n_children == 0)
    nodes["left_child"], nodes["right_child"] = pruned.children_left, pruned.children_right
    nodes["feature"][made_leaf] = TREE_UNDEFINED
    nodes["threshold"][made_leaf] = float(TREE_UNDEFINED)
    if "missing_go_to_left" in nodes.dtype.names:
        nodes["missing_go_to_left"][made_leaf] = 0
    result = _SklearnTree(tree_.n_features, np.asarray(tree_.n_classes, dtype=np.intp), tree_.n_outputs)
    result.__setstate__({"max_depth": len(pruned.levels()) - 1, "node_count": len(old),
                         "nodes": nodes, "values": np.ascontiguousarray(state["values"][old])})
    return result
