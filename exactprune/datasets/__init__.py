"""A user's data: a CSV file read one way (:mod:`~exactprune.datasets.csvfile`: numbers, columns,
classes and refusals, one reading stated and enforced), a CART tree grown on it
(:mod:`~exactprune.datasets.growing`), and where databases are found
(:mod:`~exactprune.datasets.locations`).
"""
from .csvfile import (ID_MIN_ROWS, MISSING_TOKENS, SEPARATORS, Dataset, NumberReading, float32_merges,
                      load_csv)
from .growing import grow_tree, tree_json
from .locations import DATA_ENV, DATASETS, GAUSSIAN, SKLEARN_SETS, database_name, resolve_data_path

__all__ = ["Dataset", "MISSING_TOKENS", "SEPARATORS", "NumberReading", "load_csv", "float32_merges",
           "grow_tree", "tree_json", "resolve_data_path", "database_name", "GAUSSIAN", "SKLEARN_SETS",
           "DATASETS", "ID_MIN_ROWS", "DATA_ENV"]
