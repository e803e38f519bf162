"""The count tree (being split into modules; see :mod:`exactprune.tree.counttree`)."""
from .counttree import *  # noqa: F401,F403
from .counttree import __all__  # noqa: F401
