"""The error estimates built from the moments: mean, variance and standard deviation of the error
rate (Zhong (4.12)-(4.14), (B.13)-(B.16)) of a subtree or a leaf, and the prediction error of an
input (4.30)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence, Union

from ..formatting import decimal_str, fraction_str, sqrt_decimal
from ..tree import Node, Tree
from .moments import Prior, leaf_moment, subtree_moment

__all__ = ["ErrorEstimate", "error_estimate", "leaf_error", "prediction_error"]


@dataclass(frozen=True)
class ErrorEstimate:
    """E[r], E[r^2], the variance (exact) and the standard deviation and 2-norm
    (irrational: shown correctly rounded), Zhong (4.12)-(4.14), (B.13)-(B.16).

    Parameters
    ----------
    mean : Fraction
        E[r], the first moment.
    second : Fraction
        E[r^2], the second moment.

    Examples
    --------
    >>> e = ErrorEstimate(Fraction(1, 4), Fraction(1, 8))
    >>> e.variance, e.sd(3), e.norm2(6), str(e)          # sqrt(1/16) = 0.25, sqrt(1/8) = 0.353553...
    (Fraction(1, 16), '0.250', '0.353553', '0.2500 +- 0.2500')
    """

    mean: Fraction
    second: Fraction

    @property
    def variance(self) -> Fraction:
        """E[r^2] - E[r]^2, exact (4.14).

        >>> ErrorEstimate(Fraction(1, 2), Fraction(1, 2)).variance      # r in {0, 1}, each with probability 1/2
        Fraction(1, 4)
        """
        return self.second - self.mean ** 2

    def sd(self, places: int = 6) -> str:
        """The standard deviation, correctly rounded to ``places`` decimals.

        Parameters
        ----------
        places : int, default 6
            Decimals.

        Returns
        -------
        str
            sqrt(variance), correctly rounded (half-even).

        See Also
        --------
        norm2 : sqrt(E[r^2]).
        exactprune.formatting.sqrt_decimal : the rounding.

        Examples
        --------
        >>> ErrorEstimate(Fraction(0), Fraction(2, 100)).sd(5)          # sqrt(0.02) = 0.1414213...
        '0.14142'
        """
        return sqrt_decimal(self.variance, places)

    def norm2(self, places: int = 6) -> str:
        """The 2-norm sqrt(E[r^2]), correctly rounded to ``places`` decimals.

        Parameters
        ----------
        places : int, default 6
            Decimals.

        Returns
        -------
        str
            sqrt(E[r^2]), correctly rounded (half-even).

        See Also
        --------
        sd : the standard deviation.
        exactprune.formatting.knorm_decimal : E[r^k]^(1/k) for any k.

        Examples
        --------
        >>> ErrorEstimate(Fraction(1, 10), Fraction(1, 25)).norm2(3)    # sqrt(0.04)
        '0.200'
        """
        return sqrt_decimal(self.second, places)

    def __str__(self) -> str:
        return f"{decimal_str(self.mean, 4)} +- {self.sd(4)}"

    def as_dict(self) -> dict:
        """The JSON form: exact fractions as strings, the irrational ones correctly rounded.

        >>> out = ErrorEstimate(Fraction(1, 4), Fraction(1, 8)).as_dict()
        >>> out["variance"], out["sd_approx"], out["mean_approx"]
        ('1/16', '0.2500000000', 0.25)
        """
        return {"mean": fraction_str(self.mean), "second_moment": fraction_str(self.second),
                "variance": fraction_str(self.variance), "sd_approx": self.sd(10),
                "norm2_approx": self.norm2(10), "mean_approx": float(self.mean)}


def error_estimate(node: Union[Node, Tree], prior: Prior = Prior()) -> ErrorEstimate:
    """Mean and second moment of the error rate of a subtree (4.12)-(4.13).

    Parameters
    ----------
    node : Node or Tree
        The subtree (a Tree: its root).
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.

    Returns
    -------
    ErrorEstimate
        E[r] and E[r^2] of the subtree as it stands, exact.

    See Also
    --------
    leaf_error : the same for a node as a leaf (4.30).
    subtree_moment : the moments it is made of.

    Examples
    --------
    >>> e = error_estimate(Node((98, 1)))           # Zhong (4.16)-(4.18)
    >>> e.mean, e.sd(6)
    (Fraction(3, 200), '0.012095')
    """
    if isinstance(node, Tree):
        node = node.root
    return ErrorEstimate(subtree_moment(node, 1, prior), subtree_moment(node, 2, prior))


def leaf_error(node: Node, prior: Prior = Prior()) -> ErrorEstimate:
    """The error of a prediction made by ``node`` as a leaf (Zhong 4.30, B.17-B.25).

    Parameters
    ----------
    node : Node
        The leaf.
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.

    Returns
    -------
    ErrorEstimate
        E[r] and E[r^2] of the node as a leaf (4.29), exact.

    See Also
    --------
    error_estimate : the same for a subtree (4.28).
    prediction_error : the leaf of an input.

    Examples
    --------
    >>> e = leaf_error(Node((50, 0, 0)))      # lam = 1/2, c = J - 1 = 2: (0 + 1)/(50 + 3/2), (B.11)
    >>> e.mean, e.second
    (Fraction(2, 103), Fraction(8, 10815))
    """
    return ErrorEstimate(leaf_moment(node.counts, 1, prior), leaf_moment(node.counts, 2, prior))


def prediction_error(tree: Tree, x: Sequence[float], prior: Prior = Prior()) -> dict:
    """Predicted class and its error (4.30) for input ``x`` routed through ``tree``.

    Returns ``{"leaf", "label", "estimate"}``; ``estimate`` is an :class:`ErrorEstimate`
    ("class 1, error 0.11 +- 0.04").

    Parameters
    ----------
    tree : Tree
        The count tree.
    x : sequence of float
        The input's feature values (the tree's splits route it).
    prior : Prior, default ``Prior()``
        lam, eta and the numerator convention.

    Returns
    -------
    dict
        ``{"leaf": name, "label": class, "estimate": ErrorEstimate}``.

    See Also
    --------
    leaf_error : the estimate of a leaf.

    Examples
    --------
    >>> from exactprune.tree import iris_tree
    >>> out = prediction_error(iris_tree(), [1.4, 0.2])     # petal width 0.2 <= 0.8: the leaf c1 (50, 0, 0)
    >>> out["leaf"], out["label"], out["estimate"].mean
    ('c1', 'setosa', Fraction(2, 103))
    """
    leaf = tree.leaf_for(x)
    label = tree.class_names[leaf.label] if tree.class_names else leaf.label
    return {"leaf": leaf.name, "label": label, "estimate": leaf_error(leaf, prior)}

