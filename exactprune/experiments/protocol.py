"""The protocol of Zhong's Figure 6.1 as work units: one run grows a CART tree and prunes it by CCP,
the 2-norm and EBP (:func:`prune_all`); the variants used to investigate the printed tables; the
hold-out protocol of Table 6.5 (:func:`holdout_unit`)."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Mapping, Optional, Sequence, TypedDict

import numpy as np

from ..datasets import DATASETS, database_name
from ..knorm import Prior, prune
from ..peers.ccp import ccp_cv_select, predict_with_leaves
from ..peers.ebp import ebp_prune
from ..tree import Tree, majority_at_leaves
from .data import gaussian_data, load_dataset  # noqa: F401 (gaussian_data: the doctests' data)
from .printed import METHODS

__all__ = ["predict_tree", "Run", "PruneAllResult", "prune_all", "protocol_units", "protocol_split", "run_unit",
           "size_variant_unit", "ccp_rule_unit", "cv_estimate_unit", "ebp_variant_unit", "run_protocol",
           "protocol_cost", "holdout_unit"]


def predict_tree(tree: Tree, X) -> np.ndarray:
    """Class index predicted by the count tree (majority of each leaf's counts) for rows of X.

    Parameters
    ----------
    tree : Tree
        A count tree with split tests.
    X : array-like
        Rows to classify.

    Returns
    -------
    numpy.ndarray
        The class index of each row (the first of tied classes).

    See Also
    --------
    exactprune.tree.majority_at_leaves : the one prediction with a (pruned) count tree, which this calls.

    Examples
    --------
    A split x_0 <= 2.5 (the first child) into leaves (2, 0) and (0, 1):

    >>> from exactprune.tree import Node
    >>> tree = Tree(Node((2, 1), [Node((2, 0)), Node((0, 1))], feature=0, threshold=2.5))
    >>> predict_tree(tree, [[1.0], [2.5], [3.0]]).tolist()
    [0, 0, 1]
    """
    return majority_at_leaves(tree.split_tests(), tree.arrays().counts, X)


@dataclass
class Run:
    """One run of Figure 6.1: the data set, the training ratio (%), the run's index, and per
    method of :data:`METHODS` the test accuracy (%), the leaves and the pruning seconds.

    Parameters
    ----------
    dataset : str
        The data set's label.
    ratio : int
        The training ratio, in percent.
    index : int
        The run's index among the runs at this ratio.
    accuracy : dict, optional
        Method name (of :data:`METHODS`) to test accuracy, in percent.
    leaves : dict, optional
        Method name to the pruned tree's number of leaves.
    seconds : dict, optional
        Method name to the seconds its pruning took (wall clock).

    See Also
    --------
    run_unit : makes one.

    Examples
    --------
    >>> run = Run("iris", 50, 0, {"CCP": 94.0, "2-norm": 96.0, "EBP": 95.0})
    >>> run.accuracy["2-norm"] - run.accuracy["CCP"], run.leaves
    (2.0, {})
    """

    dataset: str
    ratio: int
    index: int
    accuracy: Dict[str, float] = field(default_factory=dict)
    leaves: Dict[str, int] = field(default_factory=dict)
    seconds: Dict[str, float] = field(default_factory=dict)

class PruneAllResult(TypedDict):
    """What :func:`prune_all` measures: per method of ``METHODS``, the test accuracy (%), the
    leaves and the pruning seconds; and the leaves of the full tree.

    >>> sorted(PruneAllResult.__annotations__)
    ['accuracy', 'full_leaves', 'leaves', 'seconds']
    """

    accuracy: Dict[str, float]
    leaves: Dict[str, int]
    seconds: Dict[str, float]
    full_leaves: int


def prune_all(X_train, y_train, X_test, y_test, V: int = 10, seed: int = 0,
              raising: bool = True) -> PruneAllResult:
    """Grow one CART tree and prune it by the three methods; accuracy (%), leaves, seconds.

    Parameters
    ----------
    X_train, y_train : array-like
        Training rows and classes.
    X_test, y_test : array-like
        Test rows and classes.
    V : int
        CCP's cross-validation folds.
    seed : int
        Seed of the tree grower and of the folds.
    raising : bool
        EBP's subtree raising.

    Returns
    -------
    PruneAllResult
        Accuracy (%), leaves and seconds per method, and the leaves of the full tree.

    See Also
    --------
    run_unit, holdout_unit

    Examples
    --------
    Twenty points on a line, class 1 from x = 10 on, the even ones to train: CART splits once,
    at 9 (between 8 and 10); the pure split is kept by every method, and every odd test point
    falls on its side:

    >>> X = np.arange(20.0).reshape(-1, 1)
    >>> y = (X[:, 0] >= 10).astype(int)
    >>> out = prune_all(X[::2], y[::2], X[1::2], y[1::2])
    >>> out["full_leaves"], out["leaves"], out["accuracy"]
    (2, {'2-norm': 2, 'CCP': 2, 'EBP': 2}, {'2-norm': 100.0, 'CCP': 100.0, 'EBP': 100.0})
    """
    from sklearn.tree import DecisionTreeClassifier
    from ..sklearn import auto_lam
    est = DecisionTreeClassifier(random_state=seed).fit(X_train, y_train)
    tree = Tree.from_sklearn(est)
    J = tree.n_classes
    y_tr = np.searchsorted(est.classes_, y_train)
    out: PruneAllResult = {"accuracy": {}, "leaves": {}, "seconds": {}, "full_leaves": tree.n_leaves}
    # 2-norm
    t0 = time.perf_counter()
    lam = auto_lam(tree.n_leaves, J, tree.root.n)
    res = prune(tree, 2, prior=Prior(lam=lam, eta=Fraction(1, 2)))
    out["seconds"]["2-norm"] = time.perf_counter() - t0
    pred = predict_with_leaves(est, set(res.pruned), X_test)
    out["accuracy"]["2-norm"] = 100.0 * float(np.mean(pred == y_test))
    out["leaves"]["2-norm"] = res.tree.n_leaves
    # CCP with V-fold CV and the 1-SE rule
    # (fewer training examples than folds, as at 5% of iris or wine: leave-one-out, V = N)
    t0 = time.perf_counter()
    folds = min(V, len(y_train))
    if folds >= 2:
        cv = ccp_cv_select(X_train, y_train, V=folds, random_state=seed, grown=est)
        collapsed = cv.collapsed
    else:
        collapsed = {"root"}
    out["seconds"]["CCP"] = time.perf_counter() - t0
    pred = predict_with_leaves(est, collapsed, X_test)
    out["accuracy"]["CCP"] = 100.0 * float(np.mean(pred == y_test))
    out["leaves"]["CCP"] = cv.tree.n_leaves if folds >= 2 else 1
    # EBP (C4.5 R8, CF = 25%, subtree raising)
    t0 = time.perf_counter()
    eb = ebp_prune(tree, raising=raising, X=X_train, y=y_tr)
    out["seconds"]["EBP"] = time.perf_counter() - t0
    pred = est.classes_[predict_tree(eb.tree, X_test)]
    out["accuracy"]["EBP"] = 100.0 * float(np.mean(pred == y_test))
    out["leaves"]["EBP"] = eb.tree.n_leaves
    return out


def protocol_units(dataset: str, ratios: Sequence[int] = (1, 10), subsets: int = 20, seed: int = 0,
                   n: Optional[int] = None, V: int = 10, runs: Optional[int] = None,
                   data_dir: Optional[str] = None, csv: Optional[Mapping[str, Any]] = None) -> List[tuple]:
    """The work units of Zhong's Figure 6.1 on one data set, in the order (ratio, run), each the
    arguments of :func:`run_unit`: one shuffle ``order`` (seed ``seed + 1``) cut into ``subsets``
    parts; for each m in ``ratios`` and each run i, train on parts i..i+m-1 (mod ``subsets``)
    and test on the rest (:func:`protocol_split`); the run's own seed is ``seed + i`` (tree
    growing, CV folds), so a unit's result depends on its arguments alone.  ``runs`` limits i
    (reduced size); ``dataset``, ``data_dir`` and the CSV reading options ``csv`` as in
    :func:`load_dataset`.  All units share one ``X``, ``y`` and
    ``order``: joblib memory-maps them and Dask scatters them once, not once per unit.

    Parameters
    ----------
    dataset : str
        A data set for :func:`load_dataset`.
    ratios : sequence of int
        Training subsets m per ratio.
    subsets : int
        Parts of the shuffle (20).
    seed : int
        Seed of the shuffle (seed + 1) and of run i (seed + i).
    n : int, optional
        Rows to keep.
    V : int
        CCP's folds.
    runs : int, optional
        Runs per ratio (default all).
    data_dir, csv
        As in :func:`load_dataset`.

    Returns
    -------
    list of tuple
        The arguments of :func:`run_unit`, one tuple per run.

    See Also
    --------
    run_protocol, protocol_cost

    Examples
    --------
    >>> units = protocol_units("iris", ratios=(1, 10), runs=2)
    >>> [(u[1], u[2], u[6], u[9]) for u in units]        # ratio %, run i, m, seed
    [(5, 0, 1, 0), (5, 1, 1, 1), (50, 0, 10, 0), (50, 1, 10, 1)]
    """
    X, y = load_dataset(dataset, seed=seed, n=n, data_dir=data_dir, csv=csv)
    label = dataset if dataset in DATASETS else database_name(dataset)
    order = np.random.default_rng(seed + 1).permutation(len(y))
    units = []
    for m in ratios:
        if not 1 <= m < subsets:
            raise ValueError(f"ratio m must lie in 1..{subsets - 1}, got {m}")
        for i in range(subsets if runs is None else min(runs, subsets)):
            units.append((label, round(100 * m / subsets), i, X, y, order, m, subsets, V, seed + i))
    return units


def protocol_split(order, m: int, i: int, subsets: int = 20):
    """Run i of Figure 6.1 at m of ``subsets`` parts: (train rows, test rows) - parts
    i..i+m-1 (mod ``subsets``) of ``order`` cut by ``numpy.array_split``, and the rest.

    Parameters
    ----------
    order : numpy.ndarray
        The shuffled row indices.
    m : int
        Training parts.
    i : int
        The run.
    subsets : int
        Parts.

    Returns
    -------
    tuple of numpy.ndarray
        (train rows, test rows).

    Examples
    --------
    >>> [t.tolist() for t in protocol_split(np.arange(8), 2, 3, subsets=4)]   # parts [0 1] [2 3] [4 5] [6 7]
    [[6, 7, 0, 1], [2, 3, 4, 5]]
    """
    parts = np.array_split(order, subsets)
    train = np.concatenate([parts[(i + j) % subsets] for j in range(m)])
    return train, np.setdiff1d(order, train)


def run_unit(label: str, ratio: int, index: int, X, y, order, m: int, subsets: int, V: int, seed: int) -> Run:
    """One run of Figure 6.1 (a unit of :func:`protocol_units`): :func:`prune_all` trained and
    tested on the rows of :func:`protocol_split`.

    The points 0..19 of a line (class 1 from 10 on) taken in the order 0, 10, 1, 11, ..., in 4
    subsets of 5; run 0 at 2 subsets trains on 0-4 and 10-14, and CART splits at x <= 7
    (halfway between 4 and 10).  The split is pure and kept; of the test points 5-9 and 15-19
    only 8 and 9 fall on the wrong side: 80% accuracy.

    Parameters
    ----------
    label : str
        The data set's name.
    ratio : int
        The training percentage.
    index : int
        The run i.
    X, y : numpy.ndarray
        The data set.
    order : numpy.ndarray
        The shuffle.
    m : int
        Training parts.
    subsets : int
        Parts.
    V : int
        CCP's folds.
    seed : int
        The run's seed.

    Returns
    -------
    Run
        The run's accuracy, leaves and seconds per method.

    See Also
    --------
    protocol_units, prune_all

    Examples
    --------
    >>> X = np.arange(20.0).reshape(-1, 1)
    >>> y = (X[:, 0] >= 10).astype(int)
    >>> order = np.ravel(np.column_stack([np.arange(10), np.arange(10, 20)]))
    >>> run = run_unit("line", 50, 0, X, y, order, m=2, subsets=4, V=10, seed=0)
    >>> run.accuracy, run.leaves
    ({'2-norm': 80.0, 'CCP': 80.0, 'EBP': 80.0}, {'2-norm': 2, 'CCP': 2, 'EBP': 2})
    """
    train, test = protocol_split(order, m, index, subsets)
    r = prune_all(X[train], y[train], X[test], y[test], V=V, seed=seed)
    return Run(label, ratio, index, r["accuracy"], r["leaves"], r["seconds"])


def size_variant_unit(X, y, order, m: int, index: int, seed: int, tree_params: Optional[dict] = None,
                      lam_factors: Sequence = (1,), subsets: int = 20) -> dict:
    """Tree sizes of run ``index`` of Figure 6.1 (:func:`protocol_split`) under one way of growing
    the tree, for the investigation of Table 6.3: ``full`` = L, the leaves of the grown tree
    (scikit-learn, ``tree_params`` as keyword arguments, default Gini grown until pure);
    ``lam`` = Zhong's lam = 100 L / (J^2 N) (section 6.3); ``2-norm`` = {factor: leaves of
    PruneTree at k = 2, eta = 1/2 and lam times ``factor``}; ``EBP`` = leaves after C4.5's
    pruning (CF 25%, subtree raising).

    Parameters
    ----------
    X, y : numpy.ndarray
        The data set.
    order : numpy.ndarray
        The shuffle of Figure 6.1.
    m : int
        Training subsets.
    index : int
        The run i.
    seed : int
        Seed of the grower.
    tree_params : dict, optional
        scikit-learn parameters of the grower.
    lam_factors : sequence
        Multiples of Zhong's lam.
    subsets : int
        Parts.

    Returns
    -------
    dict
        ``full``, ``lam``, ``2-norm`` (factor -> leaves) and ``EBP``.

    Examples
    --------
    >>> X, y = gaussian_data("g2c15", 400, seed=3)
    >>> order = np.random.default_rng(1).permutation(len(y))
    >>> r = size_variant_unit(X, y, order, 10, 0, 0, lam_factors=(0, 1))
    >>> r["2-norm"][0] == r["full"] > r["2-norm"][1] >= 1      # lam = 0 keeps every effective split
    True
    """
    from sklearn.tree import DecisionTreeClassifier
    from ..sklearn import auto_lam
    train, _ = protocol_split(order, m, index, subsets)
    est = DecisionTreeClassifier(random_state=seed, **(tree_params or {})).fit(X[train], y[train])
    tree = Tree.from_sklearn(est)
    lam = auto_lam(tree.n_leaves, tree.n_classes, tree.root.n)
    sizes = {f: prune(tree, 2, prior=Prior(lam=lam * Fraction(f), eta=Fraction(1, 2))).tree.n_leaves
             for f in lam_factors}
    eb = ebp_prune(tree, raising=True, X=X[train], y=np.searchsorted(est.classes_, y[train]))
    return {"full": tree.n_leaves, "lam": float(lam), "2-norm": sizes, "EBP": eb.tree.n_leaves}


def ccp_rule_unit(X, y, order, m: int, index: int, seed: int, V: int = 10, subsets: int = 20) -> dict:
    """CCP's tree size in run ``index`` of Figure 6.1 under both selection rules of one 10-fold
    CV (Breiman et al. 3.4.3): ``{"1-SE": leaves, "0-SE": leaves}`` - the smallest tree whose CV
    error is within one standard error of the minimum, and the tree of minimum CV error.

    Parameters
    ----------
    X, y : numpy.ndarray
        The data set.
    order : numpy.ndarray
        The shuffle of Figure 6.1.
    m : int
        Training subsets.
    index : int
        The run i.
    seed : int
        Seed of the grower and folds.
    V : int
        Folds.
    subsets : int
        Parts.

    Returns
    -------
    dict
        Leaves under the ``1-SE`` and ``0-SE`` rules.

    Examples
    --------
    >>> X, y = gaussian_data("g2c15", 400, seed=3)
    >>> r = ccp_rule_unit(X, y, np.random.default_rng(1).permutation(400), 10, 0, 0)
    >>> 1 <= r["1-SE"] <= r["0-SE"]
    True
    """
    from sklearn.tree import DecisionTreeClassifier
    from ..peers.ccp import ccp_alphas, ccp_subtree_at
    from ..tree import copy_with_leaves
    train, _ = protocol_split(order, m, index, subsets)
    est = DecisionTreeClassifier(random_state=seed).fit(X[train], y[train])
    cv = ccp_cv_select(X[train], y[train], V=V, random_state=seed, grown=est)
    full = Tree.from_sklearn(est)
    at_min = ccp_subtree_at(full, ccp_alphas(full), cv.stage_alphas[cv.best])
    return {"1-SE": cv.tree.n_leaves, "0-SE": copy_with_leaves(full, at_min).n_leaves}


def cv_estimate_unit(X, y, order, m: int, index: int, seed: int, V: int = 10, subsets: int = 20) -> dict:
    """The error estimates of Zhong 6.4.1's claim ("on g2c15 the root-mean-square error (across
    the 20 runs) between the estimated CART error rate and the actual CART error rate is 4.45%
    for cross-validation and 2.15% for 2-norm estimation") in run ``index`` of Figure 6.1: the
    CART tree is the one CCP chooses (10-fold CV, 1-SE rule); ``cv`` = its V-fold CV error rate
    (the CV error of the chosen stage), ``2-norm`` = its 2-norm error estimate sqrt(E[r^2])
    (Zhong 4.13 with k = 2, lam = 100 L / (J^2 N) of the full tree, eta = 1/2), ``mean`` = its
    expected error E[r] under the same prior (the other reading of "2-norm estimation"),
    ``actual`` = its error rate on the run's test rows (percent, all four).

    Parameters
    ----------
    X, y : numpy.ndarray
        The data set.
    order : numpy.ndarray
        The shuffle of Figure 6.1.
    m : int
        Training subsets.
    index : int
        The run i.
    seed : int
        Seed of the grower and folds.
    V : int
        Folds.
    subsets : int
        Parts.

    Returns
    -------
    dict
        ``cv``, ``2-norm``, ``mean`` and ``actual`` error rates (percent).

    Examples
    --------
    >>> X, y = gaussian_data("g2c15", 400, seed=3)
    >>> r = cv_estimate_unit(X, y, np.random.default_rng(1).permutation(400), 10, 0, 0)
    >>> sorted(r), all(0 <= v <= 100 for v in r.values())
    (['2-norm', 'actual', 'cv', 'mean'], True)
    """
    from sklearn.tree import DecisionTreeClassifier
    from ..knorm import moment
    from ..sklearn import auto_lam
    train, test = protocol_split(order, m, index, subsets)
    est = DecisionTreeClassifier(random_state=seed).fit(X[train], y[train])
    full = Tree.from_sklearn(est)
    cv = ccp_cv_select(X[train], y[train], V=V, random_state=seed, grown=est)
    lam = auto_lam(full.n_leaves, full.n_classes, full.root.n)
    prior = Prior(lam=lam, eta=Fraction(1, 2))
    pred = predict_with_leaves(est, cv.collapsed, X[test])
    return {"cv": 100.0 * float(cv.cv_errors[cv.chosen]), "2-norm": 100.0 * math.sqrt(moment(cv.tree, 2, prior)),
            "mean": 100.0 * float(moment(cv.tree, 1, prior)),
            "actual": 100.0 * float(np.mean(pred != y[test]))}


def ebp_variant_unit(X, y, order, m: int, index: int, seed: int, raising: bool, subsets: int = 20) -> dict:
    """EBP alone in run ``index`` of Figure 6.1 (:func:`protocol_split`), with or without C4.5's
    subtree raising: ``{"accuracy": %, "leaves": n}`` (the investigation of the EBP cells of
    Tables 6.2-6.3; with ``raising=True`` it is the protocol's EBP).

    Parameters
    ----------
    X, y : numpy.ndarray
        The data set.
    order : numpy.ndarray
        The shuffle of Figure 6.1.
    m : int
        Training subsets.
    index : int
        The run i.
    seed : int
        Seed of the grower and folds.
    raising : bool
        C4.5's subtree raising.
    subsets : int
        Parts.

    Returns
    -------
    dict
        ``accuracy`` (%) and ``leaves``.

    Examples
    --------
    >>> X, y = gaussian_data("g2c15", 400, seed=3)
    >>> order = np.random.default_rng(1).permutation(400)
    >>> run = run_unit("g2c15", 50, 0, X, y, order, 10, 20, 10, 0)
    >>> r = ebp_variant_unit(X, y, order, 10, 0, 0, raising=True)
    >>> (r["accuracy"], r["leaves"]) == (run.accuracy["EBP"], run.leaves["EBP"])
    True
    """
    from sklearn.tree import DecisionTreeClassifier
    train, test = protocol_split(order, m, index, subsets)
    est = DecisionTreeClassifier(random_state=seed).fit(X[train], y[train])
    eb = ebp_prune(Tree.from_sklearn(est), raising=raising, X=X[train], y=np.searchsorted(est.classes_, y[train]))
    pred = est.classes_[predict_tree(eb.tree, X[test])]
    return {"accuracy": 100.0 * float(np.mean(pred == y[test])), "leaves": eb.tree.n_leaves}


def run_protocol(dataset: str, ratios: Sequence[int] = (1, 10), subsets: int = 20, seed: int = 0,
                 n: Optional[int] = None, V: int = 10, runs: Optional[int] = None,
                 data_dir: Optional[str] = None, csv: Optional[Mapping[str, Any]] = None, jobs: int = 1,
                 progress: bool = False) -> List[Run]:
    """Zhong Figure 6.1 on one data set: the runs of :func:`protocol_units`, in that order, run by
    :func:`exactprune.parallel.run_units` with ``jobs`` workers (or on Dask inside
    :func:`exactprune.parallel.dask_backend`), the data read as there; accuracies and leaves do not depend on ``jobs``
    or the backend, the measured seconds do (they are wall times inside the workers).  The runs
    with the largest training sets start first (:func:`protocol_cost`).

    Parameters
    ----------
    dataset, ratios, subsets, seed, n, V, runs
        As in :func:`protocol_units`.
    data_dir, csv
        As in :func:`load_dataset`.
    jobs : int
        Worker processes.
    progress : bool
        Progress on stderr.

    Returns
    -------
    list of Run
        The runs, in the order (ratio, run).

    See Also
    --------
    protocol_units, run_unit

    Examples
    --------
    One run at 50% (10 of the 20 subsets) of iris: the run of :func:`run_unit` on the unit of
    :func:`protocol_units`:

    >>> runs = run_protocol("iris", ratios=(10,), runs=1)
    >>> [(r.dataset, r.ratio, r.index) for r in runs]
    [('iris', 50, 0)]
    >>> unit = protocol_units("iris", ratios=(10,), runs=1)[0]
    >>> runs[0].accuracy == run_unit(*unit).accuracy
    True
    """
    from ..parallel import run_units
    units = protocol_units(dataset, ratios, subsets, seed, n, V, runs, data_dir, csv)
    return run_units(run_unit, units, jobs=jobs, progress=progress, label="runs", cost=protocol_cost(units))


def protocol_cost(units: Sequence[tuple]) -> List[int]:
    """A run-time estimate for each unit of :func:`protocol_units`, for
    :func:`exactprune.parallel.run_units` to start the longest first: the training rows
    (growing, cross-validating and pruning the tree take longer on more rows; a 50% run takes
    3-5 times a 5% one).

    Parameters
    ----------
    units : sequence of tuple
        Units of :func:`protocol_units`.

    Returns
    -------
    list of int
        The training rows of each unit.

    Examples
    --------
    >>> units = protocol_units("iris", ratios=(1, 10), runs=1)
    >>> protocol_cost(units)     # 150 rows in 20 parts, the first 10 of 8 rows: part 0, then parts 0-9
    [8, 80]
    """
    return [len(protocol_split(u[5], u[6], u[2], u[7])[0]) for u in units]


def holdout_unit(label: str, index: int, X, y, train_fraction: Fraction, V: int, seed: int) -> Run:
    """Repeat ``index`` of the protocol of [EMS97] that Zhong follows for Table 6.5 (section
    6.5.2: "70% of the data were used for training; experiments were repeated 25 times"): a
    fresh random permutation (seed ``seed``) of all rows, the first round(``train_fraction`` N)
    to train (grow the full tree, prune by the three methods, :func:`prune_all`), the rest to test.
    ``ratio`` of the Run is the training percentage.

    Parameters
    ----------
    label : str
        The data set's name.
    index : int
        The repeat.
    X, y : numpy.ndarray
        The data set.
    train_fraction : Fraction
        Share of rows to train on.
    V : int
        CCP's folds.
    seed : int
        Seed of the permutation and of the grower.

    Returns
    -------
    Run
        With ``ratio`` the training percentage.

    See Also
    --------
    table_6_5_agreement

    Examples
    --------
    >>> X, y = gaussian_data("g2c15", 200, seed=2)
    >>> r = holdout_unit("g2c15", 0, X, y, Fraction(7, 10), 10, 0)
    >>> r.ratio, sorted(r.leaves) == sorted(METHODS), 0 <= r.accuracy["2-norm"] <= 100
    (70, True, True)
    """
    order = np.random.default_rng(seed).permutation(len(y))
    n_train = round(train_fraction * len(y))
    train, test = order[:n_train], order[n_train:]
    r = prune_all(X[train], y[train], X[test], y[test], V=V, seed=seed)
    return Run(label, round(100 * train_fraction), index, r["accuracy"], r["leaves"], r["seconds"])
