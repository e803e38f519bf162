"""The data of Zhong chapter 6: the Gaussian sets g2c15, g2c25, g6c15, g6c25 generated with the
stated Bayes error exactly, scikit-learn's bundled sets and CSV databases (the arrangement of the
class means: :mod:`exactprune.experiments`)."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Mapping, Optional

import numpy as np

from ..datasets import DATASETS, GAUSSIAN, SKLEARN_SETS

__all__ = ["LAYOUTS", "separation", "bayes_error", "gaussian_data", "gaussian_leaf_class_masses", "load_dataset"]


def _ndtri(p, dps: int = 50):
    import mpmath
    with mpmath.workdps(dps):
        return mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(p.numerator) / p.denominator - 1)


def separation(n_classes: int, bayes: Fraction):
    """The class-mean separation giving Bayes error ``bayes`` exactly (module docstring), as an
    mpmath number at 50 digits.

    Parameters
    ----------
    n_classes : int
        2 or 6.
    bayes : Fraction
        The Bayes error, in (0, 1).

    Returns
    -------
    mpmath.mpf
        The separation d (two classes) or grid spacing s (six classes).

    See Also
    --------
    bayes_error : its inverse.

    Examples
    --------
    >>> round(float(separation(2, Fraction(15, 100))), 6)     # d = -2 Phi^-1(0.15)
    2.072867
    """
    import mpmath
    if n_classes not in (2, 6):
        raise ValueError(f"n_classes must be 2 or 6, got {n_classes}")
    with mpmath.workdps(50):             # a local precision: the caller's mpmath.mp.dps is untouched
        if n_classes == 2:
            return -2 * _ndtri(bayes)
        q = (7 - mpmath.sqrt(49 - 48 * mpmath.mpf(bayes.numerator) / bayes.denominator)) / 8
        return -2 * mpmath.sqrt(2) * mpmath.erfinv(2 * q - 1)


#: the two readings of the two-class arrangement (module docstring)
LAYOUTS = ("axis", "diagonal")


def _means(n_classes: int, sep: float, layout: str = "axis") -> np.ndarray:
    """Class means: ``axis`` as in the module docstring; ``diagonal`` the same points turned by
    45 degrees about the origin (a rotation: the classes are isotropic, so the Bayes error is the
    same, but no Bayes boundary is axis-parallel any more).

    >>> _means(2, 2.0, "diagonal").round(4).tolist()
    [[0.0, 0.0], [1.4142, 1.4142]]
    """
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}, got {layout!r}")
    if n_classes == 2:
        means = np.array([[0.0, 0.0], [sep, 0.0]])
    else:
        means = np.array([[sep * i, sep * j] for j in range(2) for i in range(3)])
    if layout == "diagonal":
        c = 1 / math.sqrt(2)
        means = means @ np.array([[c, c], [-c, c]])
    return means


def bayes_error(n_classes: int, sep) -> float:
    """Bayes error of the arrangement (inverse of :func:`separation`), by the normal CDF.

    Parameters
    ----------
    n_classes : int
        2 or 6.
    sep : number
        The separation of :func:`separation`.

    Returns
    -------
    float
        The Bayes error of the arrangement.

    See Also
    --------
    separation : its inverse.

    Examples
    --------
    >>> round(bayes_error(6, separation(6, Fraction(1, 4))), 12)
    0.25
    """
    import mpmath
    q = mpmath.ncdf(-mpmath.mpf(sep) / 2)
    if n_classes == 2:
        return float(q)
    return float(1 - (1 - 4 * q / 3) * (1 - q))


def gaussian_data(name: str, n: Optional[int] = None, seed: int = 0, layout: str = "axis"):
    """Seeded (X, y) for g2c15, g2c25, g6c15, g6c25 with balanced classes (``n`` examples,
    default Zhong's size; rounded down to a multiple of the class count); ``layout`` places
    the class means (``axis`` or ``diagonal``, :func:`_means`).

    Parameters
    ----------
    name : str
        g2c15, g2c25, g6c15 or g6c25.
    n : int, optional
        Examples (default Zhong's size).
    seed : int
        Seed of the generator.
    layout : str
        ``axis`` or ``diagonal`` (the class means).

    Returns
    -------
    tuple of numpy.ndarray
        (X, y): X of shape (n, 2), y the class indices, classes in blocks.

    See Also
    --------
    load_dataset : any data set by name.

    Examples
    --------
    >>> X, y = gaussian_data("g2c15", 4, seed=1)
    >>> X.shape, y.tolist()
    ((4, 2), [0, 0, 1, 1])
    """
    if name not in GAUSSIAN:
        raise ValueError(f"unknown Gaussian data set {name!r}; choose from {sorted(GAUSSIAN)}")
    J, be, default = GAUSSIAN[name]
    n = default if n is None else int(n)
    per = n // J
    if per < 1:
        raise ValueError(f"{name} needs at least {J} examples, got {n}")
    rng = np.random.default_rng(seed)
    means = _means(J, float(separation(J, be)), layout)
    X = np.concatenate([rng.normal(means[c], 1.0, size=(per, 2)) for c in range(J)])
    y = np.repeat(np.arange(J), per)
    return X, y


def gaussian_leaf_class_masses(tree_, means, priors=None) -> dict:
    """For each leaf of a fitted scikit-learn tree: P(class j and x in the leaf's box) when class j
    is N(means[j], I) with prior ``priors[j]`` (equal by default).  Leaves are axis-aligned boxes
    and the coordinates independent, so each mass is a product of normal CDF differences (float;
    used to measure a tree's true error, e.g. for error-bar coverage).

    Parameters
    ----------
    tree_ : sklearn.tree._tree.Tree
        A fitted scikit-learn tree structure.
    means : array-like
        Class means, shape (classes, attributes).
    priors : sequence of float, optional
        Class priors (equal by default).

    Returns
    -------
    dict
        Leaf node id -> list of P(class j and x in the leaf) per class.

    Examples
    --------
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> est = DecisionTreeClassifier(max_depth=1).fit([[-1.0], [1.0]], [0, 1])
    >>> masses = gaussian_leaf_class_masses(est.tree_, np.array([[-1.0], [1.0]]))
    >>> round(sum(min(m) for m in masses.values()), 4)     # Bayes error Phi(-1)
    0.1587
    """
    means = np.asarray(means, dtype=float)
    n_classes, dims = means.shape
    priors = [1.0 / n_classes] * n_classes if priors is None else list(priors)

    def phi(x: float) -> float:
        return 0.5 * (1 + math.erf(x / math.sqrt(2))) if math.isfinite(x) else float(x > 0)

    out: dict = {}
    stack = [(0, [-math.inf] * dims, [math.inf] * dims)]
    while stack:
        i, lo, hi = stack.pop()
        if tree_.children_left[i] == -1:
            out[i] = [priors[j] * math.prod(phi(hi[f] - means[j, f]) - phi(lo[f] - means[j, f])
                                            for f in range(dims)) for j in range(n_classes)]
            continue
        f, threshold = tree_.feature[i], tree_.threshold[i]
        left_hi, right_lo = list(hi), list(lo)
        left_hi[f], right_lo[f] = min(hi[f], threshold), max(lo[f], threshold)
        stack.append((tree_.children_left[i], list(lo), left_hi))
        stack.append((tree_.children_right[i], right_lo, list(hi)))
    return out


def load_dataset(name: str, seed: int = 0, n: Optional[int] = None, data_dir: Optional[str] = None,
                 csv: Optional[Mapping[str, Any]] = None):
    """(X, y) for one of :data:`DATASETS` (no download), or for a CSV database: a file path, or
    ``NAME.csv[.gz]`` in ``data_dir`` or in the folder named by ``EXACTPRUNE_DATA``, read by
    :func:`exactprune.datasets.load_csv` with the keyword arguments ``csv`` (its one reading:
    one-hot categoricals, missing values refused); ``y`` as class indices 0..J-1.

    Parameters
    ----------
    name : str
        One of DATASETS, a CSV path, or NAME of NAME.csv[.gz] in the data folder.
    seed : int
        Seed of the Gaussian generator and of the row subset.
    n : int, optional
        Rows to keep (a seeded subset).
    data_dir : str, optional
        Folder of the CSV databases.
    csv : mapping, optional
        The keyword arguments of :func:`exactprune.datasets.load_csv` (``target``,
        ``categorical``, ``sep``, ``max_levels``, ``decimal``, ``thousands``, ``header``) for a
        CSV database; None reads it with load_csv's defaults.  Refused for a built-in data set.

    Returns
    -------
    tuple of numpy.ndarray
        (X, y) with y as class indices 0..J-1.

    See Also
    --------
    gaussian_data

    Examples
    --------
    Fisher's iris: 150 flowers, 4 measurements, 50 of each of the 3 species; ``n`` draws a
    subset of rows (seeded):

    >>> X, y = load_dataset("iris")
    >>> X.shape, np.bincount(y).tolist()
    ((150, 4), [50, 50, 50])
    >>> load_dataset("iris", seed=1, n=20)[0].shape
    (20, 4)
    """
    if csv and name in DATASETS:
        raise ValueError(f"CSV reading options ({', '.join(sorted(csv))}) apply to a CSV file; {name!r} is a "
                         f"built-in data set")
    if name in GAUSSIAN:
        return gaussian_data(name, n, seed)
    if name in SKLEARN_SETS:
        from sklearn import datasets
        X, y = getattr(datasets, f"load_{name}")(return_X_y=True)
        _, y = np.unique(y, return_inverse=True)
    else:
        from ..datasets import DATA_ENV, load_csv, resolve_data_path
        path = resolve_data_path(name, data_dir)
        if path is None:
            raise ValueError(f"unknown data set {name!r}: not a file, not NAME.csv[.gz] in the data folder "
                             f"(--data-dir or {DATA_ENV}), not one of {', '.join(DATASETS)}")
        data = load_csv(path, **(csv or {}))
        X, y = data.X, data.y
    if n is not None and n < len(y):
        idx = np.random.default_rng(seed).permutation(len(y))[:n]
        X, y = X[idx], y[idx]
    return X, y
