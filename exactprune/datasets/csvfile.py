"""A user's data as a CSV file, read one way: the front door of ``exactprune grow`` and
``exactprune compare``.

The file is read by pandas' C parser (:func:`pandas.read_csv`): quoting as in RFC 4180, cells of
any length, a UTF-8 byte-order mark ignored, gzip compression detected by its magic bytes (not
the file's name).  The separator is ``sep`` when given, else the one of ``,`` ``;`` tab ``|``
that occurs most often in the header line outside quotes.  One header row; the class is the last
column, or the column named by ``target``; every other column is an attribute.  Rows are
numbered as the file's lines, the header being row 1 (after a quoted cell that spans lines, the
numbers count records).

* **Numbers.**  A cell is a number when it is a decimal (``12``, ``-0.5``, ``1e-3``; not ``0x10``,
  ``1_000``, ``inf``) written with the declared decimal mark (``decimal``, ``.`` by default) and,
  when ``thousands`` is given, groups of three digits separated by it (``1.234,5`` with decimal
  ``,`` and thousands ``.``), with at most :data:`~exactprune.limits.CLI_MAX_CELL_DIGITS` digits and
  an exponent within +-:data:`~exactprune.limits.CLI_MAX_CELL_EXPONENT` (refused beyond, naming
  the limit, before any value is made exact).  An attribute's value is the nearest float64 of that
  decimal; two different decimals of one column with the same float64 are refused.
* **Each column typed once.**  A column is *numerical* when every value is a number within
  float32's range (scikit-learn's trees compare float32 values); it is *categorical* when
  ``categorical`` names it or when none of its values looks like a number.  A column that looks
  numeric but for locale marks (``1,5`` without ``decimal=","``, ``1 234``), a Unicode minus,
  units (``12%``, ``$5``, ``3 kg``) or a few stray cells (``2o`` among numbers) is refused naming
  the column, the row, the value and the option that reads it (``--decimal``, ``--thousands``,
  ``--categorical``); it never becomes a categorical column silently.
* **A header row of names.**  A header cell that is a number (a file without a header row, whose
  first data row would become the names) is refused unless ``header=False`` (``--no-header``):
  then every row is data and the columns are named ``col1``, ``col2``, ...
* **Categories in a stated order**: by numerical value when every level is a number (``8`` before
  ``10``), else by the text's code points; the one-hot columns follow that order.  An automatic
  categorical column with a different value in every row (an identifier, a name; 10 rows or
  more) is refused (declare it categorical to keep it), and every categorical column has at
  most ``max_levels`` levels (:data:`~exactprune.limits.CLI_MAX_LEVELS` by default).
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
  The coded matrix has rows x (numerical columns + levels) cells, refused before it is built
  beyond :data:`~exactprune.limits.CLI_MAX_CODED_CELLS`, so its memory is known in advance.
* **Missing values are refused, never skipped.**  Zhong's algorithm assumes every attribute of
  every example is known (the *Determinacy Assumption*, Zhong 8.2.2.2; his chapter 6 uses only
  databases without missing values).  A cell spelled as one of :data:`MISSING_TOKENS` (any case,
  blanks stripped: the empty cell, ``?``, ``NA``, ``N/A``, ``NaN``, ``-NaN``, ``NULL``, ``None``,
  ``#N/A``, ``missing``, ... : pandas' default list plus ``?`` and ``missing``), in any column,
  the class included, stops the load with its row and column; so does a row of empty cells
  (``,,``) and a row with fewer values than columns.  Only an empty (or blank) line is no row.
  Splice's IUPAC ambiguity codes (``N``, ``D``, ``R``, ``S``) are nucleotide values, not missing
  values, and are kept as categories.
* **Classes are compared as values**: when every label is a number, ``1`` and ``1.0`` are one
  class (named by its shortest spelling) and classes are ordered by value; else labels are text,
  ordered by code points, and two labels that are the same number spelled differently (``1``
  and ``1.0`` beside ``yes``) are refused as ambiguous.  ``y`` holds the class indices 0..J-1.
  A file with a single class is refused (there is nothing to prune for).
"""
from __future__ import annotations

import csv
import gzip
import io
import re
import zlib
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple

from .. import limits
from .locations import database_name

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Dataset", "MISSING_TOKENS", "SEPARATORS", "NumberReading", "load_csv", "float32_merges", "ID_MIN_ROWS"]

#: the one list of spellings read as a missing value, by every command (compared
#: case-insensitively, after stripping blanks): pandas' default ``na_values`` plus ``?`` and ``missing``
MISSING_TOKENS = ("", "?", "missing", "na", "n/a", "nan", "-nan", "+nan", "null", "none", "<na>", "#n/a",
                  "#n/a n/a", "#na", "-1.#ind", "-1.#qnan", "1.#ind", "1.#qnan")
#: separators detected in the header line, in the order that breaks a tie
SEPARATORS = (",", ";", "\t", "|")
#: an automatic categorical column with a different value in each of at least this many rows
#: is refused as an identifier
ID_MIN_ROWS = 10

#: a cell that looks like a number under some reading: locale marks, a Unicode minus, a currency
#: sign, a percent sign or a short unit (what is refused rather than made a categorical column)
_NUMBERISH = re.compile(r"[$\u20ac\u00a3\u00a5]?\s*[+\-\u2212\u2013]?\s*[$\u20ac\u00a3\u00a5]?\s*"
                        r"[0-9][0-9.,'\u00a0\u202f _]*(?:[eE][+-]?[0-9]+)?(?:\s*[%\u2030]|\s+[^\W\d_]{1,3}\.?)?\s*")
#: float32's largest finite value (scikit-learn's trees compare float32 values)
_FLOAT32_MAX = 3.4028234663852886e38


@dataclass
class Dataset:
    """Attributes coded for scikit-learn (``X``, float, one-hot for categoricals), class indices
    ``y`` (0..J-1) and the names needed to read a tree grown on them: ``feature_names`` (one per
    column of X; ``A=v`` for a one-hot column), ``class_names``, ``attributes`` (the CSV's
    attribute columns), ``categorical`` (those coded one-hot, with their levels in order) and
    ``columns`` (per column of X: the CSV column's name and, for a one-hot column, its level) and
    ``header`` (the CSV's columns in order, the class column included).

    Parameters
    ----------
    X : numpy.ndarray
        The coded attributes, float, one row per example.
    y : numpy.ndarray
        The class index of each row, 0..J-1.
    feature_names : list of str
        One per column of X; ``A=v`` for a one-hot column.
    class_names : list of str
        The classes' names, by index.
    attributes : list of str
        The CSV's attribute columns.
    categorical : dict
        The attributes coded one-hot, each with its levels in order.
    name : str
        The database's short name (:func:`database_name` of the file read).
    columns : list of (str, str or None), optional
        Per column of X: the CSV column's name and, for a one-hot column, its level.
    header : list of str, optional
        The CSV's columns in order, the class column included.

    Examples
    --------
    Two rows of a numerical attribute ``x`` and a categorical ``colour`` (levels blue, red,
    coded one-hot), classes ``no``/``yes``:

    >>> import numpy as np
    >>> data = Dataset(X=np.array([[1.0, 0.0, 1.0], [2.5, 1.0, 0.0]]), y=np.array([1, 0]),
    ...                feature_names=["x", "colour=blue", "colour=red"], class_names=["no", "yes"],
    ...                attributes=["x", "colour"], categorical={"colour": ["blue", "red"]})
    >>> data.n_classes, data.X.shape
    (2, (2, 3))
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: List[str]
    class_names: List[str]
    attributes: List[str]
    categorical: dict
    name: str = ""
    columns: Optional[List[Tuple[str, Optional[str]]]] = None
    header: Optional[List[str]] = None

    @property
    def n_classes(self) -> int:
        """The number of classes J, one per class name (some may have no example).

        >>> import numpy as np
        >>> Dataset(X=np.zeros((1, 1)), y=np.array([0]), feature_names=["x"], class_names=["a", "b", "c"],
        ...         attributes=["x"], categorical={}).n_classes
        3
        """
        return len(self.class_names)


@dataclass(frozen=True)
class NumberReading:
    """How a CSV cell is read as a number: the decimal mark and, optionally, the thousands
    separator (``--decimal``, ``--thousands``), with the size limits of :mod:`exactprune.limits`.

    Parameters
    ----------
    decimal : str
        The decimal mark, ``.`` or ``,``.
    thousands : str or None
        The character between groups of three digits (``,`` ``.`` ``'`` ``_`` or a space), or None.

    Examples
    --------
    >>> reading = NumberReading(decimal=",", thousands=".")
    >>> reading.canonical("1.234,5"), reading.canonical("-0,25"), reading.canonical("1,5e3"), reading.canonical("12.34")
    ('1234.5', '-0.25', '1.5e3', None)
    >>> [NumberReading().canonical(t) for t in ("12", "-0.5", ".5e3", "0x10", "1_000", "inf", "2o")]
    ['12', '-0.5', '.5e3', None, None, None, None]
    """

    decimal: str = "."
    thousands: Optional[str] = None

    def __post_init__(self):
        if self.decimal not in (".", ","):
            raise ValueError(f"--decimal must be '.' or ',', got {self.decimal!r}")
        if self.thousands is not None and (self.thousands not in (",", ".", "'", "_", " ")
                                           or self.thousands == self.decimal):
            raise ValueError(f"--thousands must be one of , . ' _ or a space, other than the decimal mark "
                             f"{self.decimal!r}, got {self.thousands!r}")

    @property
    def pattern(self) -> "re.Pattern":
        """The regular expression of a number under this reading."""
        d = re.escape(self.decimal)
        whole = "[0-9]+" if self.thousands is None else f"[0-9]{{1,3}}(?:{re.escape(self.thousands)}[0-9]{{3}})+|[0-9]+"
        return _number_pattern(f"[+-]?(?:(?:{whole})(?:{d}[0-9]*)?|{d}[0-9]+)(?:[eE][+-]?[0-9]+)?")

    def canonical(self, token: str) -> Optional[str]:
        """``token`` as an ASCII decimal (``.`` as the mark, no separators), or None when it is
        not a number under this reading.

        Parameters
        ----------
        token : str
            A CSV cell, as read.

        Returns
        -------
        str or None
            The number as an ASCII decimal, or None when ``token`` is not a number under this reading.
        """
        if self.pattern.fullmatch(token) is None:
            return None
        if self.thousands is not None:
            token = token.replace(self.thousands, "")
        return token.replace(self.decimal, ".") if self.decimal != "." else token


_PATTERNS: Dict[str, "re.Pattern"] = {}


def _number_pattern(text: str) -> "re.Pattern":
    if text not in _PATTERNS:
        _PATTERNS[text] = re.compile(text, re.ASCII)
    return _PATTERNS[text]


def _is_number(token: str) -> bool:
    """Whether ``token`` is a decimal number with ``.`` as its mark (level and class tests, on
    canonical text).

    >>> [_is_number(t) for t in ("12", "-0.5", ".5e3", "0x10", "1_000", "inf", "2o")]
    [True, True, True, False, False, False, False]
    """
    return NumberReading().pattern.fullmatch(token) is not None


def _size_refusal(token: str) -> Optional[str]:
    """Why the canonical number ``token`` is too large to be made exact, or None.

    >>> _size_refusal("1e999999999")
    'its exponent 999999999 is beyond +-400 (CLI_MAX_CELL_EXPONENT)'
    >>> _size_refusal("2.5e-3") is None
    True
    """
    mantissa, _, exponent = token.lower().partition("e")
    digits = sum(c.isdigit() for c in mantissa)
    if digits > limits.CLI_MAX_CELL_DIGITS:
        return f"it has {digits:,} digits, more than {limits.CLI_MAX_CELL_DIGITS} (CLI_MAX_CELL_DIGITS)"
    if exponent:
        size = exponent.lstrip("+-").lstrip("0")
        if len(size) > len(str(limits.CLI_MAX_CELL_EXPONENT)) or int(size or "0") > limits.CLI_MAX_CELL_EXPONENT:
            shown = exponent if len(exponent) <= 20 else exponent[:17] + "..."
            return f"its exponent {shown} is beyond +-{limits.CLI_MAX_CELL_EXPONENT} (CLI_MAX_CELL_EXPONENT)"
    return None


def _read_text(path: str) -> str:
    """The file's text (gzip detected by its magic bytes), at most CLI_MAX_CSV_BYTES."""
    limit = limits.CLI_MAX_CSV_BYTES
    try:
        with open(path, "rb") as handle:
            magic = handle.read(2)
            handle.seek(0)
            if magic == b"\x1f\x8b":
                with gzip.GzipFile(fileobj=handle) as unzipped:
                    raw = _read_at_most(unzipped, limit + 1)
            else:
                raw = _read_at_most(handle, limit + 1)
    except (OSError, EOFError, zlib.error) as err:
        if not isinstance(err, OSError) or isinstance(err, gzip.BadGzipFile) or err.strerror is None:
            raise ValueError(f"data file {path!r} looks gzip-compressed but cannot be decompressed: {err}") from None
        raise ValueError(f"cannot read data file {path!r}: {err.strerror}") from None
    if len(raw) > limit:
        raise ValueError(f"data file {path!r} is larger than the limit of {limit:,} bytes (uncompressed)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ValueError(f"data file {path!r} is not UTF-8 text ({err.reason} at byte {err.start})") from None


def _read_at_most(stream, size: int) -> bytes:
    """Up to ``size`` bytes of ``stream``, read in 1 MB pieces (``read(size)`` would reserve all
    ``size`` bytes at once)."""
    pieces, total = [], 0
    while total < size:
        piece = stream.read(min(1 << 20, size - total))
        if not piece:
            break
        pieces.append(piece)
        total += len(piece)
    return b"".join(pieces)


def _detect_separator(header_line: str) -> str:
    """The separator of ``SEPARATORS`` found most often in the header line outside quotes
    (``,`` when there is none).

    >>> _detect_separator('a;b;"c,d"'), _detect_separator("a\\tb"), _detect_separator("a")
    (';', '\\t', ',')
    """
    outside = re.sub(r'"[^"]*"', "", header_line)
    counts = [outside.count(s) for s in SEPARATORS]
    return SEPARATORS[counts.index(max(counts))] if max(counts) else ","


def _read_table(path: str, sep: Optional[str], header: bool = True
                ) -> Tuple[List[str], "np.ndarray", "np.ndarray"]:
    """(header, cells as an object array of stripped strings, each row's line number); with
    ``header=False`` every row is data and the columns are named ``col1``, ``col2``, ..."""
    import numpy as np
    import pandas as pd
    text = _read_text(path)
    first = text.split("\n", 1)[0].rstrip("\r")
    if not first.strip():
        raise ValueError(f"data file {path!r} is empty: a header row and data rows are needed")
    separator = sep if sep is not None else _detect_separator(first)
    width = first.count(separator) + 1           # an upper bound (quoted separators count too)
    lines = text.count("\n") + 1
    if width * lines > limits.CLI_MAX_CSV_CELLS:
        raise ValueError(f"data file {path!r} has about {lines:,} rows x {width:,} columns, more than the limit "
                         f"of {limits.CLI_MAX_CSV_CELLS:,} cells")
    try:
        frame = pd.read_csv(io.StringIO(text), sep=separator, header=None, dtype=str, keep_default_na=False,
                            na_filter=False, skip_blank_lines=False, engine="c", quoting=csv.QUOTE_MINIMAL)
    except pd.errors.ParserError as err:
        found = re.search(r"Expected (\d+) fields in line (\d+), saw (\d+)", str(err))
        if found:
            expected, line, saw = found.groups()
            raise ValueError(f"data file {path!r}, row {line}: {saw} values for {expected} columns"
                             + _sep_hint(sep, separator)) from None
        raise ValueError(f"data file {path!r} is not a readable CSV file: {str(err).strip().splitlines()[0]}") from None
    except (UnicodeError, pd.errors.EmptyDataError) as err:
        raise ValueError(f"data file {path!r} is not a readable CSV file: {err}") from None
    cells = frame.to_numpy(dtype=object)
    rownum = np.arange(1, cells.shape[0] + 1)
    blank = _blank_lines(text, cells)
    cells, rownum = cells[~blank], rownum[~blank]
    if cells.shape[0] == 0:
        raise ValueError(f"data file {path!r} is empty: a header row and data rows are needed")
    if header:
        names = [str(h).strip() for h in cells[0]]
        data, rownum = cells[1:], rownum[1:]
    else:
        names = [f"col{j + 1}" for j in range(cells.shape[1])]
        data = cells
    if len(names) < 2:
        raise ValueError(f"data file {path!r}: the header has {len(names)} column; at least one attribute and "
                         f"the class are needed" + _sep_hint(sep, separator))
    if len(set(names)) != len(names):
        dup = sorted({h for h in names if names.count(h) > 1})
        raise ValueError(f"data file {path!r}: repeated column name(s) {', '.join(map(repr, dup))} in the header")
    if data.shape[0] == 0:
        raise ValueError(f"data file {path!r} has a header but no data rows")
    # a short row reads as empty cells at its end (pandas fills it), refused as missing values
    strip = np.vectorize(lambda cell: "" if cell is None or cell != cell else str(cell).strip(), otypes=[object])
    return names, strip(data), rownum


def _blank_lines(text: str, cells: "np.ndarray") -> "np.ndarray":
    """Which records are empty or blank lines (no row; dropped).  A record of empty cells that
    is not a blank line (``,,``) is a row whose cells are missing, and stays to be refused.  When
    records and lines do not match one to one (a quoted cell spans lines), no record is taken
    for a blank line: one of empty cells is then refused, never dropped.

    >>> import numpy as np
    >>> cells = np.array([["a", "b"], ["", ""], ["1", "2"], ["", ""]], dtype=object)
    >>> _blank_lines("a,b\\n\\n1,2\\n,\\n", cells).tolist()
    [False, True, False, False]
    """
    import numpy as np
    empty = np.array([all(c is None or c != c or not str(c).strip() for c in row) for row in cells], dtype=bool) \
        if cells.size else np.zeros(0, dtype=bool)
    if not empty.any():
        return empty
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != cells.shape[0]:
        return np.zeros(cells.shape[0], dtype=bool)
    return empty & np.array([not line.strip() for line in lines], dtype=bool)


def _sep_hint(sep: Optional[str], detected: str) -> str:
    if sep is not None:
        return ""
    shown = "tab" if detected == "\t" else repr(detected)
    return f" (separator {shown} detected from the header; give another with --sep)"


def _as_value(token: str) -> Fraction:
    """The exact value of a canonical number whose size :func:`_size_refusal` admitted."""
    return Fraction(token)


def _level_order(levels) -> List[str]:
    """Levels by numerical value when every one is a number (ties by text), else by code points.

    >>> _level_order({"10", "8", "9.5"}), _level_order({"b", "B", "a"})
    (['8', '9.5', '10'], ['B', 'a', 'b'])
    """
    levels = list(levels)
    if all(_is_number(v) for v in levels):
        return sorted(levels, key=lambda v: (_as_value(v), v))
    return sorted(levels)


def _classes(labels: "np.ndarray", column: str, path: str, rownum: "Optional[np.ndarray]" = None
             ) -> Tuple[List[str], "np.ndarray"]:
    """Class names in order and each row's class index; numerical labels compared as values,
    and two spellings of one number beside text labels refused as ambiguous.

    >>> import numpy as np
    >>> _classes(np.array(["1.0", "2", "1", "10"], dtype=object), "c", "f.csv")
    (['1', '2', '10'], array([0, 1, 0, 2]))
    >>> _classes(np.array(["1.0", "yes", "1"], dtype=object), "c", "f.csv")
    Traceback (most recent call last):
    ValueError: data file 'f.csv', column 'c': the class labels '1' and '1.0' are one number spelled twice beside text labels ('yes'); write each class one way
    """
    import numpy as np
    spellings, index = np.unique(labels, return_inverse=True)
    numeric = [s for s in spellings if _is_number(s)]
    for s in numeric:
        why = _size_refusal(s)
        if why:
            i = int(np.argmax(labels == s))
            at = f", row {rownum[i]}" if rownum is not None else ""
            raise ValueError(f"data file {path!r}{at}, column {column!r}: the class label {_shown(s)} is too large a "
                             f"number: {why}")
    if len(numeric) == len(spellings):
        values = [_as_value(s) for s in spellings]
        distinct = sorted(set(values))
        names: Dict[Fraction, str] = {}
        for s, v in zip(spellings, values):       # the shortest spelling names the class (ties: code points)
            if v not in names or (len(s), s) < (len(names[v]), names[v]):
                names[v] = s
        position = {v: i for i, v in enumerate(distinct)}
        remap = np.array([position[v] for v in values], dtype=np.int64)
        class_names, y = [names[v] for v in distinct], remap[index]
    else:
        seen: Dict[Fraction, str] = {}
        for s in sorted(numeric):
            v = _as_value(s)
            if v in seen:
                text = next(str(t) for t in spellings if not _is_number(t))
                raise ValueError(f"data file {path!r}, column {column!r}: the class labels {seen[v]!r} and {s!r} are "
                                 f"one number spelled twice beside text labels ({text!r}); write each class one way")
            seen[v] = s
        class_names, y = [str(s) for s in spellings], index.astype(np.int64)
    if len(class_names) < 2:
        raise ValueError(f"data file {path!r}: the class column {column!r} has a single class "
                         f"{class_names[0]!r}; at least two classes are needed")
    return class_names, y


def load_csv(path: str, target: Optional[str] = None, categorical: Optional[Sequence[str]] = None,
             sep: Optional[str] = None, max_levels: int = limits.CLI_MAX_LEVELS, decimal: str = ".",
             thousands: Optional[str] = None, header: bool = True) -> Dataset:
    """Read a CSV database (the module docstring states the one reading: numbers, column types,
    one-hot categoricals, missing values, classes, refusals).

    Parameters
    ----------
    path : str
        The file, plain or gzip-compressed.
    target : str, optional
        The class column (default: the last one).
    categorical : sequence of str, optional
        Attribute columns to code one-hot even when numeric.
    sep : str, optional
        The field separator (default: detected from the header line).
    max_levels : int
        Most levels of a categorical column.
    decimal, thousands : str
        The number reading (:class:`NumberReading`).
    header : bool
        Whether the first row names the columns (a number there is refused); False names them
        ``col1``, ``col2``, ...

    Returns
    -------
    Dataset

    Examples
    --------
    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "toy.csv")
    >>> with open(path, "w") as f:
    ...     _ = f.write("sex;length;class\\nM;0.5;a\\nF;0.25;b\\nM;1;a\\n")
    >>> d = load_csv(path)
    >>> d.feature_names, d.class_names, d.y.tolist(), d.columns
    (['sex=F', 'sex=M', 'length'], ['a', 'b'], [0, 1, 0], [('sex', 'F'), ('sex', 'M'), ('length', None)])
    >>> d.X.tolist()
    [[0.0, 1.0, 0.5], [1.0, 0.0, 0.25], [0.0, 1.0, 1.0]]
    >>> with open(path, "w") as f:
    ...     _ = f.write("x;class\\n1,5;a\\n2,25;b\\n")
    >>> load_csv(path)
    Traceback (most recent call last):
    ValueError: data file '...toy.csv', row 2, column 'x': '1,5' reads as a number only with --decimal ',' ...
    >>> load_csv(path, decimal=",").X.tolist()
    [[1.5], [2.25]]
    >>> import shutil
    >>> shutil.rmtree(folder)
    """
    import numpy as np
    reading = NumberReading(decimal, thousands)
    if sep is not None and sep in (decimal, thousands):
        raise ValueError(f"the separator {sep!r} is also the {'decimal mark' if sep == decimal else 'thousands separator'}")
    header_names, cells, rownum = _read_table(path, sep, header)
    if header:
        for j, name in enumerate(header_names):
            if reading.canonical(name) is not None:
                raise ValueError(f"data file {path!r}, row 1, column {j + 1}: the header cell {_shown(name)} is a number: "
                                 f"no header row? Give --no-header to read every row as data (columns named col1, "
                                 f"col2, ...)")
    if target is None:
        t = len(header_names) - 1
    elif target in header_names:
        t = header_names.index(target)
    else:
        raise ValueError(f"data file {path!r} has no column {target!r} to use as the class; "
                         f"columns: {_listed(header_names)}")
    named = list(categorical or [])
    for col in named:
        if col not in header_names:
            raise ValueError(f"--categorical names {col!r}, which is not a column of {path!r}; "
                             f"columns: {_listed(header_names)}")
        if header_names.index(col) == t:
            raise ValueError(f"--categorical names {col!r}, which is the class column")
    # cell by cell: numpy's fixed-width strings would size every cell as the longest one
    missing = np.frompyfunc(lambda cell: cell.lower() in MISSING_TOKENS, 1, 1)(cells).astype(bool)
    if missing.any():
        i, j = map(int, np.argwhere(missing)[0])
        shown = repr(cells[i, j]) if cells[i, j] else "(an empty cell, or a row with fewer values than columns)"
        raise ValueError(
            f"data file {path!r}, row {rownum[i]}, column {header_names[j]!r}: missing value "
            f"{shown}; "
            f"exact pruning assumes every value is known (Zhong's Determinacy Assumption, "
            f"8.2.2.2): remove or impute such rows first")
    labels = _canonical_column(cells[:, t], reading, keep_text=True)
    class_names, y = _classes(labels, header_names[t], path, rownum)
    n = len(y)
    # per attribute: (name, values, None) for a numerical column, (name, level codes, levels) for a categorical one
    plan: List[Tuple[str, np.ndarray, Optional[List[str]]]] = []
    for j, name in enumerate(header_names):
        if j == t:
            continue
        column = cells[:, j]
        if name in named:
            plan.append(_categorical(name, column, rownum, path, max_levels, declared=True))
            continue
        canonical = _canonical_column(column, reading, keep_text=False)
        numeric = np.fromiter((c is not None for c in canonical), dtype=bool, count=n)
        if numeric.all():
            plan.append((name, _numbers(name, canonical, column, rownum, path), None))
            continue
        _refuse_numberish(name, column, numeric, rownum, path, reading)
        if not numeric.any():
            plan.append(_categorical(name, column, rownum, path, max_levels, declared=False))
        else:
            _mixed(name, column, numeric, rownum, path)
    width = sum(1 if levels is None else len(levels) for _, _, levels in plan)
    if n * width > limits.CLI_MAX_CODED_CELLS:
        raise ValueError(f"data file {path!r}: the coded attributes (one-hot for categorical columns) would take "
                         f"{n:,} rows x {width:,} columns, more than the limit of {limits.CLI_MAX_CODED_CELLS:,} "
                         f"cells; declare fewer columns categorical or drop some")
    X = np.zeros((n, width), dtype=float)
    names: List[str] = []
    columns: List[Tuple[str, Optional[str]]] = []
    cats: Dict[str, List[str]] = {}
    at = 0
    for name, values, levels in plan:
        if levels is None:
            X[:, at] = values
            names.append(name)
            columns.append((name, None))
            at += 1
        else:
            X[np.arange(n), at + values] = 1.0   # values: each row's level index
            cats[name] = levels
            names += [f"{name}={v}" for v in levels]
            columns += [(name, v) for v in levels]
            at += len(levels)
    attributes = [h for j, h in enumerate(header_names) if j != t]
    return Dataset(X, y, names, class_names, attributes, cats, database_name(path), columns, header_names)


def _canonical_column(column: "np.ndarray", reading: NumberReading, keep_text: bool) -> "np.ndarray":
    """Each cell as canonical decimal text when it is a number under ``reading``; else the cell
    itself (``keep_text``: labels and levels) or None (an attribute's test for numbers)."""
    import numpy as np
    out = np.empty(len(column), dtype=object)
    for i, cell in enumerate(column):
        canonical = reading.canonical(cell)
        out[i] = canonical if canonical is not None else (cell if keep_text else None)
    return out


def _refuse_numberish(name: str, column: "np.ndarray", numeric: "np.ndarray", rownum: "np.ndarray", path: str,
                      reading: NumberReading) -> None:
    """Refuse a column whose cells that are not numbers look like numbers under another reading
    (locale marks, a Unicode minus, units), naming the first such cell and the option that reads it."""
    numberish = [i for i in range(len(column)) if not numeric[i] and _NUMBERISH.fullmatch(column[i])]
    if not numberish:
        return
    if len(numberish) + int(numeric.sum()) < len(column) and not numeric.any():
        return                      # text with a few number-like levels ("3rd" beside "first"): categorical
    i = numberish[0]
    cell = column[i]
    where = f"data file {path!r}, row {rownum[i]}, column {name!r}: {_shown(cell)}"
    keep = f"or declare the column categorical with --categorical {name} to keep its values as text"
    if "\u2212" in cell or "\u2013" in cell:
        raise ValueError(f"{where} has a Unicode minus sign; write it as '-', {keep}")
    core = re.sub(r"[^0-9.,'\u00a0\u202f _]", "", cell)
    if re.search(r"[^0-9.,'\u00a0\u202f _+\-eE\s]", cell):
        raise ValueError(f"{where} is a number with a unit or sign ({_shown(re.sub(r'[0-9.,+-]', '', cell).strip())}); "
                         f"strip it from the column, {keep}")
    core = core.strip()
    marks = sorted({m for m in core if m in ",.' \u00a0\u202f_"}, key=core.index)
    if marks == [","] and reading.decimal == "." and re.fullmatch(r"[+-]?[0-9]*,[0-9]+", cell) \
            and not re.fullmatch(r"[+-]?[0-9]{1,3}(,[0-9]{3})+", cell):
        option = "--decimal ','"
    elif len(marks) == 2 and marks[-1] in ",." and core.rfind(marks[-1]) > core.rfind(marks[0]):
        option = f"--decimal {marks[-1]!r} --thousands {marks[0]!r}"
    elif marks:
        option = f"--thousands {marks[0]!r}" + (" --decimal ','" if reading.decimal == "." and marks[0] == "." else "")
    else:
        option = "--categorical"
    raise ValueError(f"{where} reads as a number only with {option} (declared: decimal {reading.decimal!r}, "
                     f"thousands {reading.thousands!r}), {keep}")


def _listed(header: Sequence[str]) -> str:
    shown = ", ".join(header[:20])
    return shown + (f", ... ({len(header)} columns)" if len(header) > 20 else "")


def _numbers(name: str, canonical: "np.ndarray", column: "np.ndarray", rownum: "np.ndarray",
             path: str) -> "np.ndarray":
    """A numerical column's values: each number within the size limits and float32's range, and
    no two different decimals with one float64 image."""
    import numpy as np
    for i, text in enumerate(canonical):
        why = _size_refusal(text)
        if why:
            raise ValueError(f"data file {path!r}, row {rownum[i]}, column {name!r}: {_shown(column[i])} is too large "
                             f"a number: {why}")
    values = np.array([float(v) for v in canonical])
    beyond = ~(np.abs(values) <= _FLOAT32_MAX)
    if beyond.any():
        i = int(np.argmax(beyond))
        raise ValueError(f"data file {path!r}, row {rownum[i]}, column {name!r}: {_shown(column[i])} is beyond "
                         f"+-3.4e38, the range of the float32 values scikit-learn's trees compare")
    texts, first = np.unique(canonical.astype(str), return_index=True)
    floats = np.array([float(t) for t in texts])
    order = np.argsort(floats, kind="stable")
    same = np.flatnonzero(floats[order][1:] == floats[order][:-1])
    for k in same:
        a, b = texts[order[k]], texts[order[k + 1]]
        if _as_value(a) != _as_value(b):
            raise ValueError(f"data file {path!r}, column {name!r}: {_shown(column[first[order[k]]])} (row "
                             f"{rownum[first[order[k]]]}) and {_shown(column[first[order[k + 1]]])} (row "
                             f"{rownum[first[order[k + 1]]]}) are different numbers with one float64 value; "
                             f"no tree can tell them apart: round the column to 17 significant digits")
    return values


def float32_merges(dataset: Dataset) -> Optional[Tuple[str, float, float]]:
    """The first numerical column of ``dataset`` in which float32 (the values scikit-learn's
    trees compare) merges two different values: (column, smaller, larger); None when there is none.

    Parameters
    ----------
    dataset : Dataset

    Returns
    -------
    tuple or None

    Examples
    --------
    >>> import numpy as np
    >>> d = Dataset(np.array([[16777216.0], [16777217.0]]), np.array([0, 1]), ["x"], ["a", "b"], ["x"], {},
    ...             columns=[("x", None)])
    >>> float32_merges(d)
    ('x', 16777216.0, 16777217.0)
    """
    import numpy as np
    for j, (column, level) in enumerate(dataset.columns or [(f, None) for f in dataset.feature_names]):
        if level is not None:
            continue
        values = np.unique(dataset.X[:, j])
        images = values.astype(np.float32)
        same = np.flatnonzero(images[1:] == images[:-1])
        if same.size:
            k = int(same[0])
            return column, float(values[k]), float(values[k + 1])
    return None


def _categorical(name: str, column: "np.ndarray", rownum: "np.ndarray", path: str, max_levels: int,
                 declared: bool) -> Tuple[str, "np.ndarray", List[str]]:
    """(name, each row's level index, levels in order), within the level limits."""
    import numpy as np
    spellings, codes = np.unique(column, return_inverse=True)
    for s in spellings:
        why = _is_number(s) and _size_refusal(s)
        if why:
            i = int(np.argmax(column == s))
            raise ValueError(f"data file {path!r}, row {rownum[i]}, column {name!r}: the level {_shown(s)} is too large "
                             f"a number: {why}")
    count = len(spellings)
    if count > max_levels:
        raise ValueError(f"data file {path!r}: categorical column {name!r} has {count:,} levels, more than "
                         f"{max_levels:,} (each level is a one-hot column); raise the limit with --max-levels "
                         f"(at most {limits.CLI_MAX_LEVELS_LIMIT:,}) or drop the column")
    if not declared and count == len(column) and count >= ID_MIN_ROWS:
        raise ValueError(f"data file {path!r}: column {name!r} has a different value in every row (an identifier "
                         f"or a name?), which no split can generalise from; drop it, or declare it categorical "
                         f"with --categorical {name} to keep it")
    levels = _level_order(str(s) for s in spellings)
    position = {v: i for i, v in enumerate(levels)}
    remap = np.array([position[str(s)] for s in spellings], dtype=np.int64)
    return name, remap[codes], levels


def _mixed(name: str, column: "np.ndarray", numeric: "np.ndarray", rownum: "np.ndarray", path: str) -> None:
    """Refuse a column of numbers and non-numbers, naming the odd value."""
    import numpy as np
    count = int(numeric.sum())
    if 2 * count >= len(column):
        i = int(np.argmin(numeric))
        raise ValueError(f"data file {path!r}, row {rownum[i]}, column {name!r}: {_shown(column[i])} is not a "
                         f"number, yet {count:,} of the column's {len(column):,} values are; correct it, or "
                         f"declare the column categorical with --categorical {name}")
    i = int(np.argmax(numeric))
    raise ValueError(f"data file {path!r}, row {rownum[i]}, column {name!r}: {_shown(column[i])} is a number in "
                     f"a column of text; declare the column categorical with --categorical {name} to keep "
                     f"every value as a level")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")
