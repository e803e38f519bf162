"""Where data sets are found: the built-in names (the chapter 6 Gaussians and scikit-learn's
bundled sets, listed without importing numpy or scikit-learn), a database file's short name, and
a name resolved to a file in a folder of ``NAME.csv`` / ``NAME.csv.gz`` files.

>>> database_name("abalone.csv.gz"), "iris" in DATASETS
('abalone', True)
"""
from __future__ import annotations

import os
from fractions import Fraction
from typing import Optional

__all__ = ["GAUSSIAN", "SKLEARN_SETS", "DATASETS", "DATA_ENV", "database_name", "resolve_data_path"]

#: the built-in data sets of :mod:`exactprune.experiments`: name -> (classes, Bayes error, examples)
GAUSSIAN = {"g2c15": (2, Fraction(15, 100), 5000), "g2c25": (2, Fraction(25, 100), 5000),
            "g6c15": (6, Fraction(15, 100), 5004), "g6c25": (6, Fraction(25, 100), 5004)}
#: scikit-learn's bundled data sets (loaded without a download)
SKLEARN_SETS = ("iris", "wine", "breast_cancer", "digits")
#: every data set name ``exactprune compare`` knows without a file (here, not in the experiments
#: module, so that the command line lists them without importing numpy or scikit-learn)
DATASETS = tuple(GAUSSIAN) + SKLEARN_SETS

#: environment variable naming a folder of ``NAME.csv`` / ``NAME.csv.gz`` databases
DATA_ENV = "EXACTPRUNE_DATA"


def database_name(path: str) -> str:
    """The short name of a database file: its base name without ``.gz`` and ``.csv``.

    Parameters
    ----------
    path : str
        The database file's path.

    Returns
    -------
    str
        Its short name.

    Examples
    --------
    >>> database_name("/data/uci/abalone.csv.gz")
    'abalone'
    """
    base = os.path.basename(path)
    for suffix in (".gz", ".csv"):
        base = base[: -len(suffix)] if base.endswith(suffix) else base
    return base




def resolve_data_path(name: str, data_dir: Optional[str] = None) -> Optional[str]:
    """The file holding database ``name``: ``name`` itself when it is an existing file, else
    ``NAME.csv.gz`` or ``NAME.csv`` in ``data_dir`` (or the folder named by the environment
    variable ``EXACTPRUNE_DATA``); None when there is none.

    Parameters
    ----------
    name : str
        A file's path or a database's short name.
    data_dir : str, optional
        The folder of databases; None reads the environment variable ``EXACTPRUNE_DATA``.

    Returns
    -------
    str or None
        The file's path, or None.

    Examples
    --------
    >>> resolve_data_path("no-such-database", data_dir=".") is None
    True
    """
    if os.path.isfile(name):
        return name
    folder = data_dir or os.environ.get(DATA_ENV)
    if folder:
        for suffix in (".csv.gz", ".csv"):
            candidate = os.path.join(folder, name + suffix)
            if os.path.isfile(candidate):
                return candidate
    return None
