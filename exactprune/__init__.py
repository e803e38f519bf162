"""exactprune: exact and certified decision-tree error estimation and pruning.

The names a user needs are importable from here::

    >>> from exactprune import iris_tree, prune, error_estimate
    >>> result = prune(iris_tree(), 2)           # Zhong Figure B.1(d)
    >>> result.tree.n_leaves, sorted(result.pruned)
    (3, ['c21', 'c22'])

See README.md for a tour and docs/architecture.md for the layers, the number discipline and
the tree JSON schema.  Importing the package is cheap: sympy and scikit-learn are imported
only by the functions that need them.
"""
from importlib import metadata as _metadata

from .classprob import error_moment
from .costs import cost_moment
from .knorm import (ErrorEstimate, Prior, PruneResult, error_estimate, leaf_error, leaf_moment, moment,
                    prune, subtree_moment)
from .numbers import exact
from .peers.ccp import CCPSequence, ccp_sequence
from .sequence import KNormSequence, knorm_pruning_path, knorm_sequence
from .tree import Node, Tree, iris_tree

__all__ = ["Prior", "Node", "Tree", "iris_tree", "exact", "prune", "PruneResult", "moment", "leaf_moment",
           "subtree_moment", "error_estimate", "leaf_error", "ErrorEstimate", "knorm_sequence",
           "knorm_pruning_path", "KNormSequence", "ccp_sequence", "CCPSequence", "cost_moment", "error_moment", "__version__"]

try:
    __version__ = _metadata.version("exactprune")
except _metadata.PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"
