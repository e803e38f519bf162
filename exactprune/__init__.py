"""exactprune: exact and certified decision-tree error estimation and pruning.

The names a user needs are importable from here::

    >>> from exactprune import iris_tree, prune, error_estimate
    >>> result = prune(iris_tree(), 2)           # Zhong Figure B.1(d)
    >>> result.tree.n_leaves, sorted(result.pruned)
    (3, ['c21', 'c22'])

See README.md for a tour and docs/architecture.md for the layers, the number discipline and
the tree JSON schema.  Importing the package is cheap: the names above are imported from their
modules on first use (PEP 562), so ``import exactprune.cli`` and ``exactprune --help`` load
neither numpy nor python-flint, and sympy, scikit-learn and hypothesis are imported only by the
functions that need them.
"""
import importlib as _importlib

#: public name -> the module defining it, imported on first access
_EXPORTS = {
    "error_moment": "classprob",
    "cost_moment": "costs",
    **dict.fromkeys(("ErrorEstimate", "Prior", "PruneResult", "error_estimate", "leaf_error", "leaf_moment",
                     "moment", "prune", "subtree_moment"), "knorm"),
    "exact": "numbers",
    **dict.fromkeys(("CCPSequence", "ccp_sequence"), "peers.ccp"),
    **dict.fromkeys(("KNormSequence", "knorm_pruning_path", "knorm_sequence"), "sequence"),
    **dict.fromkeys(("Node", "Tree", "iris_tree"), "tree"),
}

__all__ = ["Prior", "Node", "Tree", "iris_tree", "exact", "prune", "PruneResult", "moment", "leaf_moment",
           "subtree_moment", "error_estimate", "leaf_error", "ErrorEstimate", "knorm_sequence",
           "knorm_pruning_path", "KNormSequence", "ccp_sequence", "CCPSequence", "cost_moment", "error_moment", "__version__"]


def __getattr__(name: str):
    """Import a public name from its module on first access, then keep it here; ``__version__``
    is looked up in the installed metadata (importlib.metadata alone costs tens of ms)."""
    if name == "__version__":
        from importlib import metadata
        try:
            value = metadata.version("exactprune")
        except metadata.PackageNotFoundError:  # running from a source tree that was never installed
            value = "0+unknown"
    elif name in _EXPORTS:
        value = getattr(_importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(_EXPORTS) | {"__version__"})
