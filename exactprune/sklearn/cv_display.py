"""The cross-validation table of :class:`~exactprune.sklearn.KNormTreeClassifierCV` drawn like
rpart's ``plotcp``: :class:`KNormCVDisplay`, in scikit-learn's Display convention
(``from_estimator``, ``plot(ax=...)``, ``ax_``, ``figure_``).  matplotlib is imported by ``plot``
only.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> display = KNormCVDisplay([1, 4], [2.0, 1.0], [0.125, 0.5], [0.125, 0.125], 0, 0).plot()
>>> display.se_line_.get_ydata().tolist()          # the minimum plus its standard error
[0.25, 0.25]
>>> import matplotlib.pyplot as plt
>>> plt.close("all")
"""
from __future__ import annotations

from typing import Any, Sequence

from sklearn.utils.validation import check_is_fitted

__all__ = ["KNormCVDisplay"]


class KNormCVDisplay:
    """Cross-validated error (or score) of each candidate k against the leaves of its trees, with
    its standard error as an error bar, the one-standard-error line (the minimum error plus its SE,
    or the best score less its SE) and the chosen candidate marked.

    Parameters
    ----------
    ks : list of int
        The candidate k's (ascending).
    n_leaves : list of float
        The leaves of each candidate's trees (the folds' mean).
    errors : list of float
        The cross-validated error of each candidate (or its mean score, with ``score=True``).
    se : list of float
        Their standard errors.
    min_index, best_index : int
        The candidate of the least error and the one the rule chose.
    score : bool
        ``errors`` are scores (higher is better): the 1-SE line is below the best.

    Attributes
    ----------
    ax_, figure_ : matplotlib Axes and Figure
        Set by :meth:`plot`, as the other attributes below.
    errorbar_ : matplotlib ErrorbarContainer
        The errors and their standard errors.
    se_line_ : matplotlib Line2D
        The one-standard-error line.
    chosen_ : matplotlib Line2D
        The marker of the chosen candidate.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> d = KNormCVDisplay([1, 2, 9], [7.0, 3.0, 2.0], [0.05, 0.06, 0.2], [0.02, 0.02, 0.03], 0, 1).plot()
    >>> d.chosen_.get_xdata().tolist(), d.ax_.get_xlabel()
    ([3.0], 'leaves (mean over the folds)')
    >>> import matplotlib.pyplot as plt
    >>> plt.close("all")
    """

    def __init__(self, ks: Sequence[int], n_leaves: Sequence[float], errors: Sequence[float],
                 se: Sequence[float], min_index: int, best_index: int, score: bool = False):
        if not (len(ks) == len(n_leaves) == len(errors) == len(se)) or not ks:
            raise ValueError("ks, n_leaves, errors and se must be non-empty and of one length")
        if not (0 <= min_index < len(ks) and 0 <= best_index < len(ks)):
            raise ValueError(f"min_index and best_index must index the {len(ks)} candidates")
        self.ks, self.n_leaves = list(ks), [float(x) for x in n_leaves]
        self.errors, self.se = [float(x) for x in errors], [float(x) for x in se]
        self.min_index, self.best_index, self.score = min_index, best_index, score

    @classmethod
    def from_estimator(cls, estimator: Any, *, ax: Any = None) -> "KNormCVDisplay":
        """The table of a fitted :class:`~exactprune.sklearn.KNormTreeClassifierCV`, drawn on ``ax``
        (a new figure if None).

        Parameters
        ----------
        estimator : exactprune.sklearn.KNormTreeClassifierCV
            Fitted.
        ax : matplotlib Axes, optional

        Returns
        -------
        KNormCVDisplay
            Drawn.

        Examples
        --------
        Sixteen rows, one mislabelled on each side of x = 0.5 (the example of
        :meth:`~exactprune.sklearn.KNormTreeClassifierCV.cv_table`): errors 1/8, 3/8, 1/2.

        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> from exactprune.sklearn import KNormTreeClassifier, KNormTreeClassifierCV
        >>> X, y = [[0.0]] * 8 + [[1.0]] * 8, [0] * 7 + [1] + [1] * 7 + [0]
        >>> cv = KNormTreeClassifierCV(KNormTreeClassifier(lam="1/2"), cv=4).fit(X, y)
        >>> display = KNormCVDisplay.from_estimator(cv)
        >>> display.ks, display.errors, display.n_leaves
        ([1, 2009, 57930], [0.125, 0.375, 0.5], [2.0, 1.5, 1.0])
        >>> import matplotlib.pyplot as plt
        >>> plt.close("all")
        """
        check_is_fitted(estimator, "cv_results_")
        r = estimator.cv_results_
        score = "cv_error" not in r
        errors = r["mean_test_score"] if score else r["cv_error"]
        display = cls(r["k"], r["mean_n_leaves"], errors, r["se_test_score"], estimator.min_index_,
                      estimator.best_index_, score)
        return display.plot(ax=ax)

    def plot(self, ax: Any = None) -> "KNormCVDisplay":
        """Draw on ``ax`` (a new figure if None).

        Parameters
        ----------
        ax : matplotlib Axes, optional

        Returns
        -------
        KNormCVDisplay
            Itself, with ``ax_``, ``figure_``, ``errorbar_``, ``se_line_`` and ``chosen_`` set.

        Examples
        --------
        >>> import matplotlib
        >>> matplotlib.use("Agg")
        >>> d = KNormCVDisplay([1, 3], [5.0, 2.0], [0.8, 0.75], [0.02, 0.03], 0, 1, score=True).plot()
        >>> d.se_line_.get_ydata().tolist(), d.ax_.get_ylabel()     # 0.8 - 0.02
        ([0.78, 0.78], 'cross-validated score')
        >>> import matplotlib.pyplot as plt
        >>> plt.close("all")
        """
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            raise ImportError("KNormCVDisplay.plot requires matplotlib: pip install matplotlib") from None
        if ax is None:
            _, ax = plt.subplots()
        m, b = self.min_index, self.best_index
        line = self.errors[m] - self.se[m] if self.score else self.errors[m] + self.se[m]
        self.errorbar_ = ax.errorbar(self.n_leaves, self.errors, yerr=self.se, marker="o", capsize=3,
                                     label="cross-validated " + ("score" if self.score else "error"))
        (self.se_line_,) = ax.plot([min(self.n_leaves), max(self.n_leaves)], [line, line], linestyle="--",
                                   color="grey", label="one standard error from the best")
        (self.chosen_,) = ax.plot([self.n_leaves[b]], [self.errors[b]], marker="*", markersize=14,
                                  linestyle="none", color="C3", label=f"chosen: k = {self.ks[b]}")
        if max(self.n_leaves) > 20 * max(min(self.n_leaves), 1):
            ax.set_xscale("log")
        ax.set_xlabel("leaves (mean over the folds)")
        ax.set_ylabel("cross-validated " + ("score" if self.score else "error"))
        ax.legend()
        self.ax_, self.figure_ = ax, ax.figure
        return self
