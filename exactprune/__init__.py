"""exactprune: exact and certified decision-tree error estimation and pruning.

See README.md for a tour and ../shared/DESIGN.md for the contracts.
"""
from .tree import Node, Tree, iris_tree
from .knorm import Prior

__all__ = ["Node", "Tree", "Prior", "iris_tree"]
__version__ = "0.1.0"
