"""The count tree: what the theory needs of a decision tree, one idea per module.

* :mod:`~exactprune.tree.names`: Zhong's positional node names (App B: ``root``, ``c1``,
  ``c21``; dotted from a child index >= 10 on, ``c1.10.2``) and their reading back.
* :mod:`~exactprune.tree.nodes`: :class:`Node`, one object per node, its validation, and
  :func:`majority_class`.
* :mod:`~exactprune.tree.arrays`: :class:`CountArrays`, the tree as arrays laid out like
  scikit-learn's ``Tree`` (CSR children for any arity), with every derived array; its node names
  in :mod:`~exactprune.tree.array_names`, its CSR walks in :mod:`~exactprune.tree.csr`, its
  pruned copies in :mod:`~exactprune.tree.pruned_arrays` and its validation (and the kinds of
  counts) in :mod:`~exactprune.tree.validation`.
* :mod:`~exactprune.tree.counttree`: :class:`Tree`, the validated count tree over both forms, and
  its one builder of pruned trees (:meth:`Tree.pruned_tree`).
* :mod:`~exactprune.tree.jsonio`: the JSON form (``{"counts": [...], "children": [...], "split":
  "...", "feature": i, "threshold": x}``, only ``counts`` required; docs/architecture.md).
* :mod:`~exactprune.tree.routing`: routing inputs by ``x[feature] <= threshold``, and the one
  prediction with a (pruned) tree, :func:`majority_at_leaves`.
* :mod:`~exactprune.tree.fromsklearn`: a fitted ``DecisionTreeClassifier`` read as count arrays.
* :mod:`~exactprune.tree.iris`: :func:`iris_tree`, Zhong's App B.1 tree.
* :mod:`~exactprune.tree.prunings`: every pruning enumerated, and pruned copies by name.

>>> t = Tree.from_json('{"counts": [2, 1], "children": [{"counts": [2, 0]}, {"counts": [0, 1]}]}')
>>> [node.name for node in t.nodes()], t.arrays().counts.tolist()
(['root', 'c1', 'c2'], [[2, 1], [2, 0], [0, 1]])
"""
from .arrays import CountArrays, has_fractional_counts, require_integer_counts
from .counttree import Tree
from .fromsklearn import sklearn_counts, sklearn_names
from .iris import IRIS_CLASS_NAMES, iris_tree
from .jsonio import INDENT_DEPTH, deep_json
from .names import ancestor_names, child_name, name_path, node_name
from .nodes import Node, majority_class
from .prunings import all_pruning_leaves, all_prunings, as_tree, copy_with_leaves, kept_from_collapsed
from .routing import leaves_reached, majority_at_leaves, routing_threshold, threshold_split_text

__all__ = ["Node", "Tree", "CountArrays", "iris_tree", "IRIS_CLASS_NAMES", "node_name", "child_name", "name_path",
           "ancestor_names", "majority_class", "all_prunings", "as_tree", "copy_with_leaves", "kept_from_collapsed",
           "all_pruning_leaves",
           "sklearn_counts", "sklearn_names", "deep_json", "routing_threshold", "INDENT_DEPTH", "leaves_reached",
           "majority_at_leaves", "threshold_split_text",
           "has_fractional_counts", "require_integer_counts"]
