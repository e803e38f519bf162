"""exactprune.tree.nodes: Node and majority_class."""
from __future__ import annotations

from exactprune import Node
from exactprune.tree import majority_class


def test_majority_class_takes_the_first_of_tied_classes():
    assert majority_class((4, 7, 7)) == 1 and majority_class((5,)) == 0 and majority_class((0, 0)) == 0
    assert Node((2, 9, 9, 1)).label == 1
