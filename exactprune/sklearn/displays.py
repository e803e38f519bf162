"""Displays in scikit-learn's convention (``from_estimator``, ``plot(ax=...)``, ``ax_``, ``figure_``)
for a fitted :class:`~exactprune.sklearn.KNormTreeClassifier`.

* :class:`KNormPathDisplay`: the k-norm pruning path (Zhong Cor 5.4): the number of leaves of
  the optimal pruning and its 2-norm error estimate sqrt(E[r^2]) (4.13) against k on a log axis,
  the exact breakpoints marked; optionally scikit-learn's cost-complexity path beside it (leaves
  against alpha, Gini cost and scikit-learn's tie rule, computed exactly by
  :func:`exactprune.peers.ccp.ccp_sequence`).
* :class:`ErrorBarDisplay`: the error bar of each prediction (4.30), mean +- ``width`` sd of the
  error rate of the leaf each input reaches, sorted by the mean; wrong predictions marked when
  the labels are given.

Both take a fitted ``KNormTreeClassifier`` or a fitted ``Pipeline`` ending in one, as
scikit-learn's Displays do: its last step, with X transformed by the steps before.

matplotlib is imported by ``plot`` only, so importing :mod:`exactprune.sklearn` does not import it
(without matplotlib, drawing raises an ImportError saying what to install).

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from sklearn.datasets import load_iris
>>> from exactprune.sklearn import KNormTreeClassifier
>>> X, y = load_iris(return_X_y=True)
>>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X[:, 2:4], y)
>>> display = KNormPathDisplay.from_estimator(clf)
>>> display.ks, display.n_leaves, display.ax_.get_xscale()
([1, 2, 17781896], [7, 3, 2], 'log')
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

import importlib.util

import numpy as np
from sklearn.utils.validation import check_is_fitted

__all__ = ["KNormPathDisplay", "ErrorBarDisplay", "fitted_tree_classifier"]

#: how far the last (open) stage of the path is drawn past its breakpoint, as a factor of k
_OPEN_STAGE = 4


def fitted_tree_classifier(estimator: Any, X: Any = None) -> tuple:
    """``(classifier, X)``: a fitted :class:`~exactprune.sklearn.KNormTreeClassifier` and ``X`` as
    it sees it: ``estimator`` itself, or the last step of a fitted ``Pipeline`` with ``X``
    transformed by the steps before (as scikit-learn's Displays read a Pipeline).

    Parameters
    ----------
    estimator : exactprune.sklearn.KNormTreeClassifier or sklearn.pipeline.Pipeline
        Fitted.
    X : array-like, optional
        Inputs of the estimator (of the Pipeline's first step).

    Returns
    -------
    tuple
        The classifier and ``X`` transformed (None when ``X`` is None).

    Examples
    --------
    >>> from sklearn.pipeline import make_pipeline
    >>> from sklearn.preprocessing import StandardScaler
    >>> from exactprune.sklearn import KNormTreeClassifier
    >>> X, y = [[0.0], [0.0], [0.0], [4.0]], [0, 0, 0, 1]
    >>> pipe = make_pipeline(StandardScaler(), KNormTreeClassifier(lam="1/2")).fit(X, y)
    >>> clf, Xt = fitted_tree_classifier(pipe, [[4.0]])
    >>> clf is pipe[-1], round(float(Xt[0, 0]), 6)        # (4 - 1) / sqrt(3), scaled by the first step
    (True, 1.732051)
    """
    from sklearn.pipeline import Pipeline
    if isinstance(estimator, Pipeline):
        check_is_fitted(estimator)
        if X is not None and len(estimator) > 1:
            X = estimator[:-1].transform(X)
        estimator = estimator[-1]
    check_is_fitted(estimator, "tree_")
    if not hasattr(estimator, "predict_error") or not hasattr(estimator, "knorm_pruning_path"):
        raise TypeError(f"a KNormTreeClassifier (or a Pipeline ending in one) is needed, got {type(estimator).__name__}")
    return estimator, X


def _check_matplotlib_support(caller: str) -> None:
    """ImportError naming ``caller`` and the package to install when matplotlib is missing."""
    if importlib.util.find_spec("matplotlib") is None:
        raise ImportError(f"{caller} requires matplotlib: pip install matplotlib")


class KNormPathDisplay:
    """The k-norm pruning path: leaves and 2-norm error estimate of the optimal pruning for k in
    [``ks[i]``, ``k_to[i]``) (``k_to[i]`` None: every larger k), breakpoints marked.  Build it with
    :meth:`from_estimator`; ``ccp_alphas``/``ccp_n_leaves`` (optional) draw the CCP path beside.

    Parameters
    ----------
    ks : sequence of int
        The first k of each stage (the exact breakpoints).
    k_to : sequence of int or None
        The first k past each stage (None: every larger k).
    n_leaves : sequence of int
        The leaves of each stage's pruning.
    norm2_errors : sequence of float
        Its 2-norm error estimate sqrt(E[r^2]) (4.13).
    ccp_alphas : sequence of float, optional
        scikit-learn's cost-complexity path: the alphas.
    ccp_n_leaves : sequence of int, optional
        The leaves at each alpha.

    Attributes
    ----------
    ax_ : matplotlib Axes
        The k-norm axes (after :meth:`plot`).
    error_ax_ : matplotlib Axes
        Its twin axis, for the 2-norm.
    ccp_ax_ : matplotlib Axes or None
        The CCP path's axes (None without it).
    breakpoint_lines_ : list of matplotlib Line2D
        The vertical lines at the breakpoints.
    figure_ : matplotlib Figure
        The figure.

    Notes
    -----
    The iris petals (Zhong App B, lam = 1/2) beside scikit-learn's cost-complexity path:

    .. plot::

       from sklearn.datasets import load_iris
       from exactprune.sklearn import KNormPathDisplay, KNormTreeClassifier
       X, y = load_iris(return_X_y=True)
       clf = KNormTreeClassifier(lam="1/2", random_state=0).fit(X[:, 2:4], y)
       KNormPathDisplay.from_estimator(clf, ccp=True)

    Examples
    --------
    A path of two stages, 2 leaves for 1 <= k < 8 and 1 leaf from k = 8 on: one breakpoint line,
    at k = 8.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> display = KNormPathDisplay([1, 8], [8, None], [2, 1], [0.25, 0.35]).plot()
    >>> [line.get_xdata()[0] for line in display.breakpoint_lines_], display.ccp_ax_
    ([8], None)
    >>> import matplotlib.pyplot as plt
    >>> plt.close("all")
    """

    def __init__(self, ks: Sequence[int], k_to: Sequence[Optional[int]], n_leaves: Sequence[int],
                 norm2_errors: Sequence[float], ccp_alphas: Optional[Sequence[float]] = None,
                 ccp_n_leaves: Optional[Sequence[int]] = None):
        if not (len(ks) == len(k_to) == len(n_leaves) == len(norm2_errors)) or not ks:
            raise ValueError("ks, k_to, n_leaves and norm2_errors must be non-empty and of one length")
        if (ccp_alphas is None) != (ccp_n_leaves is None) or (ccp_alphas is not None and ccp_n_leaves is not None
                                                            and len(ccp_alphas) != len(ccp_n_leaves)):
            raise ValueError("ccp_alphas and ccp_n_leaves go together, of one length")
        self.ks, self.k_to, self.n_leaves, self.norm2_errors = list(ks), list(k_to), list(n_leaves), list(norm2_errors)
        self.ccp_alphas = None if ccp_alphas is None else [float(a) for a in ccp_alphas]
        self.ccp_n_leaves = None if ccp_n_leaves is None else list(ccp_n_leaves)

    @classmethod
    def from_estimator(cls, estimator: Any, *, ccp: bool = False, ax: Any = None) -> "KNormPathDisplay":
        """The path of a fitted KNormTreeClassifier (:meth:`knorm_pruning_path
        <exactprune.sklearn.KNormTreeClassifier.knorm_pruning_path>`, integer or weighted counts), drawn
        on ``ax`` (a new figure if None; with ``ccp=True``, ``ax`` is a pair of axes or None).

        Parameters
        ----------
        estimator : exactprune.sklearn.KNormTreeClassifier or sklearn.pipeline.Pipeline
            Fitted (a Pipeline: its last step), with integer or weighted counts.
        ccp : bool
            Also draw scikit-learn's cost-complexity path (Gini, one link at a time).
        ax : matplotlib Axes, optional
            One axes, or a pair with ``ccp=True``; a new figure when None.

        Returns
        -------
        KNormPathDisplay
            Drawn (``ax_``, ``error_ax_``, ``ccp_ax_``, ``figure_`` set).

        Examples
        --------
        Four rows grow a root (3, 1) split into (3, 0) and (0, 1); lam = 1/2.  The split is
        pruned from k = 8 on (:func:`exactprune.commands.sequences.format_knorm` finds 8 by a
        brute force); the 2-norms are sqrt(51/800) for the split (its E[r^2],
        :meth:`~exactprune.sklearn.KNormTreeClassifier.error_estimate`) and sqrt(1/8) for the
        root alone; the CCP path has scikit-learn's Gini alpha 3/8.

        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from exactprune.sklearn import KNormTreeClassifier
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit([[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1])
        >>> display = KNormPathDisplay.from_estimator(clf, ccp=True)
        >>> display.ks, display.k_to, display.n_leaves
        ([1, 8], [8, None], [2, 1])
        >>> [round(e * e, 6) for e in display.norm2_errors], 51 / 800
        ([0.06375, 0.125], 0.06375)
        >>> display.ccp_alphas, display.ccp_n_leaves
        ([0.0, 0.375], [2, 1])
        >>> import matplotlib.pyplot as plt
        >>> plt.close("all")
        """
        _check_matplotlib_support(f"{cls.__name__}.from_estimator")
        estimator, _ = fitted_tree_classifier(estimator)
        path = estimator.knorm_pruning_path()
        alphas = leaves = None
        if ccp:
            from ..peers.ccp import ccp_sequence
            stages = ccp_sequence(estimator.to_count_tree(pruned=False), cost="gini", ties="sklearn").stages
            alphas, leaves = [s.alpha_from for s in stages], [s.leaves for s in stages]
        display = cls(path.ks, path.k_to, path.n_leaves, path.norm2_errors, alphas, leaves)
        return display.plot(ax=ax)

    def _edges(self) -> list:
        """The k interval of each stage, the open last one drawn to ``_OPEN_STAGE`` times its start."""
        return [(k, k_to if k_to is not None else max(k * _OPEN_STAGE, 2))
                for k, k_to in zip(self.ks, self.k_to)]

    def plot(self, ax: Any = None) -> "KNormPathDisplay":
        """Draw on ``ax`` (a new figure if None); with the CCP path, ``ax`` is a pair of axes.

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw (a pair of axes with the CCP path); a new figure when None.

        Returns
        -------
        KNormPathDisplay
            ``self``, with ``ax_``, ``error_ax_``, ``ccp_ax_``, ``breakpoint_lines_``, ``figure_``.

        Examples
        --------
        The leaves are drawn as steps over k, the last (open) stage to 4 times its start:

        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> import matplotlib.pyplot as plt
        >>> fig, ax = plt.subplots()
        >>> display = KNormPathDisplay([1, 8], [8, None], [2, 1], [0.25, 0.35]).plot(ax=ax)
        >>> display.ax_ is ax, display.ax_.lines[0].get_xdata().tolist(), display.ax_.get_xscale()
        (True, [1, 8, 32], 'log')
        >>> plt.close("all")
        """
        _check_matplotlib_support(f"{type(self).__name__}.plot")
        import matplotlib.pyplot as plt
        with_ccp = self.ccp_alphas is not None
        if ax is None:
            _, ax = plt.subplots(1, 2 if with_ccp else 1, figsize=(11 if with_ccp else 6, 4), layout="constrained")
        axes = list(np.atleast_1d(ax))
        if len(axes) != (2 if with_ccp else 1):
            raise ValueError(f"ax must be {'a pair of axes (the CCP path is drawn beside)' if with_ccp else 'one axes'}")
        self.ax_ = main = axes[0]
        edges = self._edges()
        xs = [a for a, _ in edges] + [edges[-1][1]]
        main.step(xs, self.n_leaves + [self.n_leaves[-1]], where="post", color="C0", label="leaves")
        main.set_xscale("log")
        main.set_xlabel("k (log scale)")
        main.set_ylabel("leaves of the optimal pruning", color="C0")
        self.breakpoint_lines_ = [main.axvline(k, color="0.6", linestyle=":", linewidth=1) for k in self.ks[1:]]
        self.error_ax_ = twin = main.twinx()
        twin.step(xs, self.norm2_errors + [self.norm2_errors[-1]], where="post", color="C1", label="2-norm")
        twin.set_ylabel("2-norm error estimate", color="C1")
        main.set_title("k-norm pruning path")
        self.ccp_ax_ = None
        if with_ccp:
            self.ccp_ax_ = side = axes[1]
            side.step(self.ccp_alphas, self.ccp_n_leaves, where="post", color="C2")
            side.set_xlabel("ccp_alpha")
            side.set_ylabel("leaves")
            side.set_title("cost-complexity path (Gini)")
        self.figure_ = main.figure
        return self


class ErrorBarDisplay:
    """Per-prediction error bars (Zhong 4.30): mean +- ``width`` sd of the error rate of each
    input's leaf, inputs sorted by the mean; ``wrong`` (optional, booleans) marks the inputs
    predicted wrongly.  Build it with :meth:`from_estimator`.

    Parameters
    ----------
    mean : sequence of float
        E[r] of each input's leaf (4.30).
    sd : sequence of float
        Its standard deviation (4.14).
    predicted : sequence
        The predicted labels.
    wrong : sequence of bool, optional
        True where the prediction is wrong.
    width : float, default=2.0
        The half-width of a bar in standard deviations.

    Attributes
    ----------
    ax_ : matplotlib Axes
        The axes (after :meth:`plot`).
    figure_ : matplotlib Figure
        The figure.
    errorbar_ : matplotlib ErrorbarContainer
        The bars.
    order_ : ndarray of int
        The input index of each plotted position.

    Notes
    -----
    The breast cancer test inputs of a KNormTreeClassifier, with the wrong predictions marked:

    .. plot::

       from sklearn.datasets import load_breast_cancer
       from sklearn.model_selection import train_test_split
       from exactprune.sklearn import ErrorBarDisplay, KNormTreeClassifier
       X, y = load_breast_cancer(return_X_y=True)
       X_train, X_test, y_train, y_test = train_test_split(X, y, random_state=0)
       clf = KNormTreeClassifier(random_state=0).fit(X_train, y_train)
       ErrorBarDisplay.from_estimator(clf, X_test, y_test)

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> display = ErrorBarDisplay([0.1, 0.02], [0.04, 0.01], ["a", "b"]).plot()
    >>> display.order_.tolist(), display.ax_.get_ylabel()
    ([1, 0], 'error rate of the prediction')
    """

    def __init__(self, mean: Sequence[float], sd: Sequence[float], predicted: Sequence[Any],
                 wrong: Optional[Sequence[bool]] = None, width: float = 2.0):
        self.mean, self.sd = np.asarray(mean, dtype=float), np.asarray(sd, dtype=float)
        self.predicted = np.asarray(predicted)
        self.wrong = None if wrong is None else np.asarray(wrong, dtype=bool)
        if not (self.mean.shape == self.sd.shape == self.predicted.shape) or self.mean.ndim != 1 or \
                (self.wrong is not None and self.wrong.shape != self.mean.shape):
            raise ValueError("mean, sd, predicted (and wrong) must be 1-d and of one length")
        self.width = float(width)

    @classmethod
    def from_estimator(cls, estimator: Any, X: Any, y: Any = None, *, width: float = 2.0,
                       ax: Any = None) -> "ErrorBarDisplay":
        """The bars of ``estimator.predict_error(X)``; with labels ``y`` the wrong predictions
        are marked.

        Parameters
        ----------
        estimator : exactprune.sklearn.KNormTreeClassifier or sklearn.pipeline.Pipeline
            Fitted (a Pipeline: its last step, with X transformed by the steps before).
        X : array-like of shape (n_samples, n_features)
            The inputs.
        y : array-like of shape (n_samples,), optional
            The true labels, to mark the wrong predictions.
        width : float
            Half-width of a bar in standard deviations.
        ax : matplotlib Axes, optional

        Returns
        -------
        ErrorBarDisplay
            Drawn (``ax_``, ``figure_``, ``errorbar_``, ``order_`` set).

        Examples
        --------
        On the four-row fit of :meth:`KNormPathDisplay.from_estimator`, x = 1 reaches the leaf
        (0, 1): E[r] = (1/2) / 2 = 1/4, E[r^2] = (1/2)(3/2) / (2 * 3) = 1/8, sd 1/4; x = 0
        reaches (3, 0): E[r] = 1/8.  Labelled 0 both, the first is predicted wrongly:

        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from exactprune.sklearn import KNormTreeClassifier
        >>> clf = KNormTreeClassifier(lam="1/2", random_state=0).fit([[0.0], [0.0], [0.0], [1.0]], [0, 0, 0, 1])
        >>> display = ErrorBarDisplay.from_estimator(clf, [[1.0], [0.0]], [0, 0])
        >>> display.mean.tolist(), float(display.sd[0]), display.wrong.tolist(), display.order_.tolist()
        ([0.25, 0.125], 0.25, [True, False], [1, 0])
        >>> import matplotlib.pyplot as plt
        >>> plt.close("all")
        """
        _check_matplotlib_support(f"{cls.__name__}.from_estimator")
        estimator, X = fitted_tree_classifier(estimator, X)
        bars, predicted = estimator.predict_error(X), estimator.predict(X)
        wrong = None if y is None else np.asarray(y) != predicted
        return cls(bars.mean, bars.sd, predicted, wrong, width).plot(ax=ax)

    def plot(self, ax: Any = None) -> "ErrorBarDisplay":
        """Draw on ``ax`` (a new figure if None).

        Parameters
        ----------
        ax : matplotlib Axes, optional
            Where to draw; a new figure when None.

        Returns
        -------
        ErrorBarDisplay
            ``self``, with ``ax_``, ``figure_``, ``errorbar_``, ``order_``.

        Examples
        --------
        The inputs are drawn by increasing mean; a bar of mean 0.02 and 2 sd = 0.08 stops at 0:

        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> display = ErrorBarDisplay([0.1, 0.02], [0.04, 0.04], ["a", "b"]).plot()
        >>> segments = display.errorbar_.lines[2][0].get_segments()
        >>> [[round(float(y), 2) for y in seg[:, 1]] for seg in segments]
        [[0.0, 0.1], [0.02, 0.18]]
        >>> import matplotlib.pyplot as plt
        >>> plt.close("all")
        """
        _check_matplotlib_support(f"{type(self).__name__}.plot")
        import matplotlib.pyplot as plt
        if ax is None:
            _, ax = plt.subplots(figsize=(7, 4), layout="constrained")
        self.order_ = np.argsort(self.mean, kind="stable")
        position = np.arange(len(self.order_))
        mean, half = self.mean[self.order_], self.width * self.sd[self.order_]
        low = np.minimum(half, mean)                 # the bar stops at an error rate of 0
        self.errorbar_ = ax.errorbar(position, mean, yerr=[low, half], fmt="o", markersize=3,
                                     elinewidth=1, color="C0", label=f"mean +- {self.width:g} sd")
        if self.wrong is not None and self.wrong.any():
            marked = self.wrong[self.order_]
            ax.scatter(position[marked], mean[marked], color="C3", zorder=3, label="wrong prediction")
        ax.set_xlabel("predictions, sorted by expected error")
        ax.set_ylabel("error rate of the prediction")
        ax.set_ylim(bottom=0)
        ax.legend(loc="upper left")
        self.ax_, self.figure_ = ax, ax.figure
        return self
