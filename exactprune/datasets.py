"""A user's data as a CSV file: the front door of ``exactprune grow`` and ``exactprune compare``.

The file is a CSV (plain, or gzip-compressed: detected by its magic bytes, not its name) with
one header row.  The class is the last column, or the column named by ``target``.  Every other
column is an attribute.

* **Numerical or categorical.**  A column is categorical when ``categorical`` names it or when
  any of its tokens is not a finite number (so ``M``, ``F``, ``I`` is categorical and ``0.455``
  numerical); integer-coded attributes count as numerical, as in Zhong's Table 6.1.
* **How a categorical attribute enters the tree: one-hot coding.**  Zhong grows his trees with
  CART, which splits a categorical attribute A by a subset test "A in S".  scikit-learn
  (>= 1.4) has no categorical splits in ``DecisionTreeClassifier``, so the attribute must be
  coded as numbers.  The two usual codings grow different trees:

  - ordinal coding (A -> 0, 1, 2, ... in some order) allows the tests "code(A) <= c", i.e.
    the subsets S that are *prefixes of an arbitrary order of the values*; which subsets are
    reachable depends on that order (alphabetical, or first appearance), which carries no
    meaning for a nominal attribute;
  - one-hot coding (one 0/1 column per value, named ``A=v``) allows the tests "A = v" against
    "A != v", i.e. the subsets S with one value, for *every* value, independent of any order.

  We use **one-hot coding**.  Its tests are all CART subset tests (|S| = 1), the same for every
  order of the values, and a chain of them reaches any subset CART could choose (at the price
  of depth).  For a two-valued attribute (33 of kr-vs-kp's 36) both codings give exactly
  CART's single possible split.  The difference from Zhong's CART remains for attributes with
  three or more values (abalone ``sex``, kr-vs-kp ``katri``, splice's nucleotides): CART may
  split {A, G} against {C, T} in one node where the tree here needs two.
  In a grown count tree such a split reads ``A != v`` (left child) as in the JSON's ``split``.
* **Missing values are refused.**  Zhong's algorithm assumes every attribute of every example is
  known (the *Determinacy Assumption*, Zhong 8.2.2.2; his chapter 6 uses only databases without
  missing values).  A cell that is empty, ``?``, ``NA``, ``N/A`` or ``NaN`` (any case) stops the
  load with its row and column.  Splice's IUPAC ambiguity codes (``N``, ``D``, ``R``, ``S``) are
  nucleotide values, not missing values, and are kept as categories.
* **Classes.**  Class labels are strings ordered numerically when all are numbers, else
  alphabetically; ``y`` holds their indices 0..J-1.  A file with a single class is refused
  (there is nothing to prune for).
"""
from __future__ import annotations

import csv
import gzip
import io
import math
import os
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Dataset", "MISSING_TOKENS", "load_csv", "grow_tree", "resolve_data_path", "database_name",
           "GAUSSIAN", "SKLEARN_SETS", "DATASETS"]

#: the built-in data sets of :mod:`exactprune.experiments`: name -> (classes, Bayes error, examples)
GAUSSIAN = {"g2c15": (2, Fraction(15, 100), 5000), "g2c25": (2, Fraction(25, 100), 5000),
            "g6c15": (6, Fraction(15, 100), 5004), "g6c25": (6, Fraction(25, 100), 5004)}
#: scikit-learn's bundled data sets (loaded without a download)
SKLEARN_SETS = ("iris", "wine", "breast_cancer", "digits")
#: every data set name ``exactprune compare`` knows without a file (here, not in the experiments
#: module, so that the command line lists them without importing numpy or scikit-learn)
DATASETS = tuple(GAUSSIAN) + SKLEARN_SETS

#: tokens read as a missing value (compared case-insensitively, after stripping blanks)
MISSING_TOKENS = ("", "?", "na", "n/a", "nan")

#: environment variable naming a folder of ``NAME.csv`` / ``NAME.csv.gz`` databases
DATA_ENV = "EXACTPRUNE_DATA"


@dataclass
class Dataset:
    """Attributes coded for scikit-learn (``X``, float, one-hot for categoricals), class indices
    ``y`` (0..J-1) and the names needed to read a tree grown on them: ``feature_names`` (one per
    column of X; ``A=v`` for a one-hot column), ``class_names``, ``attributes`` (the CSV's
    attribute columns) and ``categorical`` (those coded one-hot, with their values)."""

    X: np.ndarray
    y: np.ndarray
    feature_names: List[str]
    class_names: List[str]
    attributes: List[str]
    categorical: dict
    name: str = ""

    @property
    def n_classes(self) -> int:
        return len(self.class_names)


def _is_number(token: str) -> bool:
    try:
        return math.isfinite(float(token))
    except ValueError:
        return False


def _read_rows(path: str) -> Tuple[List[str], List[List[str]]]:
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as err:
        raise ValueError(f"cannot read data file {path!r}: {err.strerror}") from None
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as err:
            raise ValueError(f"data file {path!r} looks gzip-compressed but cannot be decompressed: {err}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ValueError(f"data file {path!r} is not UTF-8 text: {err}") from None
    rows = [row for row in csv.reader(io.StringIO(text)) if row]
    if not rows:
        raise ValueError(f"data file {path!r} is empty: a header row and data rows are needed")
    header = [h.strip() for h in rows[0]]
    if len(header) < 2:
        raise ValueError(f"data file {path!r}: the header has {len(header)} column(s); at least one "
                         f"attribute and the class are needed")
    if len(set(header)) != len(header):
        dup = sorted({h for h in header if header.count(h) > 1})
        raise ValueError(f"data file {path!r}: repeated column name(s) {', '.join(dup)} in the header")
    data = []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise ValueError(f"data file {path!r}, line {number}: {len(row)} values for {len(header)} columns")
        data.append([cell.strip() for cell in row])
    if not data:
        raise ValueError(f"data file {path!r} has a header but no data rows")
    return header, data


def _class_order(labels: Sequence[str]) -> List[str]:
    values = set(labels)
    if all(_is_number(v) for v in values):
        return sorted(values, key=lambda v: (float(v), v))
    return sorted(values)


def load_csv(path: str, target: Optional[str] = None,
             categorical: Optional[Sequence[str]] = None) -> Dataset:
    """Read a CSV database (module docstring: format, one-hot categoricals, refusals).

    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "toy.csv")
    >>> with open(path, "w") as f:
    ...     _ = f.write("sex,length,class\\nM,0.5,a\\nF,0.25,b\\nM,1,a\\n")
    >>> d = load_csv(path)
    >>> d.feature_names, d.class_names, d.y.tolist()
    (['sex=F', 'sex=M', 'length'], ['a', 'b'], [0, 1, 0])
    >>> d.X.tolist()
    [[0.0, 1.0, 0.5], [1.0, 0.0, 0.25], [0.0, 1.0, 1.0]]
    """
    import numpy as np
    header, rows = _read_rows(path)
    if target is None:
        t = len(header) - 1
    elif target in header:
        t = header.index(target)
    else:
        raise ValueError(f"data file {path!r} has no column {target!r} to use as the class; "
                         f"columns: {', '.join(header)}")
    named = list(categorical or [])
    for col in named:
        if col not in header:
            raise ValueError(f"--categorical names {col!r}, which is not a column of {path!r}; "
                             f"columns: {', '.join(header)}")
        if header.index(col) == t:
            raise ValueError(f"--categorical names {col!r}, which is the class column")
    for number, row in enumerate(rows, start=2):
        for j, cell in enumerate(row):
            if cell.lower() in MISSING_TOKENS:
                raise ValueError(
                    f"data file {path!r}, line {number}, column {header[j]!r}: missing value {cell!r}; "
                    f"exact pruning assumes every value is known (Zhong's Determinacy Assumption, "
                    f"8.2.2.2): remove or impute such rows first")
    labels = [row[t] for row in rows]
    class_names = _class_order(labels)
    if len(class_names) < 2:
        raise ValueError(f"data file {path!r}: the class column {header[t]!r} has a single class "
                         f"{class_names[0]!r}; at least two classes are needed")
    index = {c: i for i, c in enumerate(class_names)}
    y = np.array([index[v] for v in labels], dtype=np.int64)
    columns, names, cats = [], [], {}
    attributes = [h for j, h in enumerate(header) if j != t]
    for j, h in enumerate(header):
        if j == t:
            continue
        tokens = [row[j] for row in rows]
        if h in named or not all(_is_number(v) for v in tokens):
            values = sorted(set(tokens))
            cats[h] = values
            for v in values:
                columns.append(np.array([tok == v for tok in tokens], dtype=float))
                names.append(f"{h}={v}")
        else:
            columns.append(np.array([float(v) for v in tokens]))
            names.append(h)
    X = np.column_stack(columns)
    return Dataset(X, y, names, class_names, attributes, cats, database_name(path))


def database_name(path: str) -> str:
    """The short name of a database file: its base name without ``.gz`` and ``.csv``.

    >>> database_name("/data/uci/abalone.csv.gz")
    'abalone'
    """
    base = os.path.basename(path)
    for suffix in (".gz", ".csv"):
        base = base[: -len(suffix)] if base.endswith(suffix) else base
    return base


def describe_splits(tree, dataset: Dataset) -> None:
    """Rewrite the ``split`` of every one-hot test of a count tree grown on ``dataset`` from
    ``A=v <= 0.5`` to ``A != v`` (the left child's condition, as for ``x <= t``)."""
    for node in tree.nodes():
        if node.children and node.feature is not None:
            fname = dataset.feature_names[node.feature]
            attr = fname.split("=", 1)[0]
            if attr in dataset.categorical and fname.startswith(attr + "="):
                node.split = f"{attr} != {fname[len(attr) + 1:]}"


def grow_tree(dataset: Dataset, **tree_params):
    """Grow a CART tree with scikit-learn's ``DecisionTreeClassifier(**tree_params)`` (Gini, grown
    until pure by default) on ``dataset`` and return the count tree (:class:`~exactprune.tree.Tree`)
    with class names and split descriptions such as ``petal width <= 0.8`` or ``sex != M``.

    >>> import numpy as np
    >>> d = Dataset(np.array([[0.0], [1.0], [1.0]]), np.array([0, 1, 1]), ["sex=F"], ["a", "b"],
    ...             ["sex"], {"sex": ["F", "M"]})
    >>> t = grow_tree(d, random_state=0)
    >>> t.root.counts, t.root.split, t.class_names
    ((1, 2), 'sex != F', ['a', 'b'])
    """
    from sklearn.tree import DecisionTreeClassifier
    from .tree import Tree
    est = DecisionTreeClassifier(**tree_params).fit(dataset.X, dataset.y)
    tree = Tree.from_sklearn(est, feature_names=dataset.feature_names)
    tree.class_names = [dataset.class_names[int(c)] for c in est.classes_]
    describe_splits(tree, dataset)
    return tree


def resolve_data_path(name: str, data_dir: Optional[str] = None) -> Optional[str]:
    """The file holding database ``name``: ``name`` itself when it is an existing file, else
    ``NAME.csv.gz`` or ``NAME.csv`` in ``data_dir`` (or the folder named by the environment
    variable ``EXACTPRUNE_DATA``); None when there is none.

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
