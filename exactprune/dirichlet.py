"""Dirichlet / Lidstone posterior moments (Zhong 3.11, 3.19-3.21, C.4-C.8).

With a symmetric Lidstone prior ``lam`` and observed counts n_1..n_H, the
posterior of (p_1..p_H) is Dir(n_1+lam, ..., n_H+lam) (Zhong 3.18), and every
product moment is a ratio of rising factorials (C.6):

    E[p_1^k_1 ... p_H^k_H] = prod_h (n_h+lam)^(k_h) / (N + H lam)^(k),  k = sum k_h.

All functions return exact Fractions, or sympy expressions when ``lam`` (or a
count) is a sympy Symbol, so ``proofs/`` can work symbolically.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from .limits import check_nonnegative, check_parameter
from .numbers import (exact_or_symbol, is_symbolic, nonnegative_int, nonnegative_values, rising,
                      simplify_symbolic)

__all__ = ["product_moment", "lidstone_mean", "moment_p", "moment_one_minus_p", "moment_pair",
           "posterior_parameters", "marginal_variance", "check_counts", "check_lam", "check_class_index"]


def check_counts(counts: Sequence, name: str = "counts") -> list:
    """Class counts n_1..n_H as exact non-negative values (sympy symbols allowed), or a clear error.

    Parameters
    ----------
    counts : sequence
        The class counts.
    name : str
        The name the error messages give the argument.

    Returns
    -------
    list
        The counts as exact values.

    See Also
    --------
    check_lam : the prior.

    Examples
    --------
    >>> check_counts([3, "1"])
    [Fraction(3, 1), Fraction(1, 1)]
    >>> check_counts([])
    Traceback (most recent call last):
    ValueError: counts must not be empty
    """
    return nonnegative_values(counts, name)


def check_lam(lam, name: str = "lam"):
    """The Lidstone parameter lam >= 0 (Zhong 3.11) as an exact value or a sympy expression.

    Parameters
    ----------
    lam : exact number or sympy expression
        The Lidstone parameter.
    name : str
        The name the error messages give the argument.

    Returns
    -------
    Fraction or sympy expression
        lam, checked.

    See Also
    --------
    check_counts : the counts.

    Examples
    --------
    >>> check_lam("1/2")
    Fraction(1, 2)
    >>> check_lam(-1)
    Traceback (most recent call last):
    ValueError: lam must be non-negative, got -1
    """
    return check_nonnegative(check_parameter(exact_or_symbol(lam, name), name), name)


def check_class_index(h, counts: Sequence) -> int:
    """A class index 0 <= h < len(counts), or a TypeError/ValueError naming it.

    Parameters
    ----------
    h : int
        The class index.
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).

    Returns
    -------
    int
        h, checked.

    Examples
    --------
    >>> check_class_index(1, [3, 1])
    1
    >>> check_class_index(2, [3, 1])
    Traceback (most recent call last):
    ValueError: class index 2 out of range for 2 classes
    """
    if isinstance(h, bool) or not isinstance(h, int):
        raise TypeError(f"class index must be an int, got {h!r}")
    if not 0 <= h < len(counts):
        raise ValueError(f"class index {h} out of range for {len(counts)} classes")
    return h


def posterior_parameters(counts: Sequence, lam) -> list:
    """Posterior Dirichlet parameters n_h + lam (Zhong 3.18).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    lam : exact number
        The Lidstone parameter.

    Returns
    -------
    list
        n_h + lam for every class.

    See Also
    --------
    product_moment : the moments they give.

    Examples
    --------
    >>> posterior_parameters([2, 0], "1/2")
    [Fraction(5, 2), Fraction(1, 2)]
    """
    lam = check_lam(lam)
    return [c + lam for c in check_counts(counts)]


def _check_positive_parameters(params) -> None:
    for h, a in enumerate(params):
        if not hasattr(a, "free_symbols") and a <= 0:
            raise ValueError(f"Dirichlet parameter {h} (count + lam) must be positive; "
                             f"use lam > 0 or a positive count")


def product_moment(counts: Sequence, exponents: Sequence, lam="1/2"):
    """E[p_1^k_1 ... p_H^k_H | counts] under the Lidstone prior (Zhong C.6 with C.2).

    ``exponents`` are non-negative integers, one per class.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    exponents : sequence of int
        k_1 .. k_H, non-negative.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        The moment (a sympy expression for symbolic inputs).

    See Also
    --------
    moment_p, moment_one_minus_p, moment_pair : special cases.

    Examples
    --------
    >>> product_moment([98, 1], [0, 2], "1/2")   # Zhong (4.17)
    Fraction(3, 8080)
    >>> product_moment([1, 1, 1], [1, 1, 1], 1)
    Fraction(1, 42)
    """
    counts = check_counts(counts)
    if len(exponents) != len(counts):
        raise ValueError(f"exponents has {len(exponents)} entries but counts has {len(counts)}")
    ks = [nonnegative_int(k, f"exponents[{i}]") for i, k in enumerate(exponents)]
    params = posterior_parameters(counts, lam)
    used = [a for a, k in zip(params, ks) if k > 0]
    _check_positive_parameters(used)
    total = sum(params)
    numerator = 1
    for a, k in zip(params, ks):
        numerator = numerator * rising(a, k)
    return _ratio(numerator, rising(total, sum(ks)))


def _ratio(numerator, denominator):
    if hasattr(numerator, "free_symbols") or hasattr(denominator, "free_symbols"):
        import sympy
        return sympy.simplify(sympy.sympify(numerator) / sympy.sympify(denominator))
    return Fraction(numerator) / Fraction(denominator)


def lidstone_mean(counts: Sequence, h: int, lam="1/2"):
    """Lidstone's law of succession p_h* = (n_h + lam) / (N + H lam) (Zhong 3.11).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    h : int
        The class index (0-based).
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        p_h*.

    See Also
    --------
    moment_p : its higher moments.

    Examples
    --------
    >>> lidstone_mean([98, 1], 1, "1/2")
    Fraction(3, 200)
    """
    return moment_p(counts, h, 1, lam)


def moment_p(counts: Sequence, h: int, k, lam="1/2"):
    """E[p_h^k | counts] = prod_{m<k} (n_h+lam+m)/(N+lam H+m) (Zhong 3.19).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    h : int
        The class index (0-based).
    k : int
        The order, >= 0.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E[p_h^k].

    See Also
    --------
    moment_one_minus_p : of 1 - p_h.
    product_moment : the general moment.

    Examples
    --------
    >>> moment_p([5, 49, 0], 1, 2, "1/2")
    Fraction(3333, 4181)
    """
    counts = check_counts(counts)
    k = nonnegative_int(k, "k")
    check_class_index(h, counts)
    exponents = [0] * len(counts)
    exponents[h] = k
    return product_moment(counts, exponents, lam)


def moment_one_minus_p(counts: Sequence, h: int, k, lam="1/2"):
    """E[(1 - p_h)^k | counts] = prod_{m<k} (N-n_h+lam(H-1)+m)/(N+lam H+m) (Zhong 3.20).

    Computed from the aggregation property (C.3): (p_h, 1-p_h) ~ Dir(n_h+lam, N-n_h+(H-1)lam).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    h : int
        The class index (0-based).
    k : int
        The order, >= 0.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E[(1 - p_h)^k].

    See Also
    --------
    moment_p : of p_h.
    exactprune.knorm.leaf_moment : (4.29), this moment at the majority class.

    Examples
    --------
    >>> moment_one_minus_p([98, 1], 0, 1, "1/2")   # Zhong (4.16): 0.015
    Fraction(3, 200)
    """
    counts = check_counts(counts)
    k = nonnegative_int(k, "k")
    check_class_index(h, counts)
    lam = check_lam(lam)
    rest = sum(counts) - counts[h] + (len(counts) - 1) * lam
    _check_positive_parameters([rest] if k > 0 else [])
    return _ratio(rising(rest, k), rising(sum(counts) + len(counts) * lam, k))


def moment_pair(counts: Sequence, h1: int, h2: int, lam="1/2"):
    """E[p_h1 p_h2 | counts] (Zhong 3.21).

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    h1, h2 : int
        Two class indices.
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        E[p_h1 p_h2].

    See Also
    --------
    product_moment : the general moment.

    Examples
    --------
    >>> moment_pair([1, 1], 0, 0, 1) == Fraction(2 * 3, 4 * 5)
    True
    """
    counts = check_counts(counts)
    check_class_index(h1, counts)
    check_class_index(h2, counts)
    exponents = [0] * len(counts)
    exponents[h1] += 1
    exponents[h2] += 1
    return product_moment(counts, exponents, lam)


def marginal_variance(counts: Sequence, h: int, lam="1/2"):
    """Var[p_h | counts] = M_h (M - M_h) / (M^2 (M + 1)), M_h = n_h + lam, M = N + H lam (Zhong 7.21).

    The variance of the Beta(M_h, M - M_h) marginal of the posterior (3.18); it is also
    the mean-square error E[r_h^2] of the Lidstone estimate (7.21) and the exact variance
    Fan's method approximates.

    Parameters
    ----------
    counts : sequence of int or Fraction
        The node's class counts n_j (non-negative, exact).
    h : int
        The class index (0-based).
    lam : exact number, default "1/2"
        The Lidstone prior lam (int, Fraction or a string such as "1/2"; a sympy Symbol where the formula is
        rational in it).

    Returns
    -------
    Fraction
        Var[p_h].

    See Also
    --------
    moment_p : the moments it is made of.

    Examples
    --------
    >>> marginal_variance([3, 1], 0, "1/2")
    Fraction(7, 200)
    >>> marginal_variance([3, 1], 1, 1) == moment_pair([3, 1], 1, 1, 1) - lidstone_mean([3, 1], 1, 1) ** 2
    True
    """
    counts = check_counts(counts)
    check_class_index(h, counts)
    params = posterior_parameters(counts, lam)
    a, total = params[h], sum(params)
    if not is_symbolic(total) and total == 0:
        raise ValueError("the posterior is undefined: no examples and lam = 0; use lam > 0")
    value = a * (total - a) / (total ** 2 * (total + 1))
    return simplify_symbolic(value) if is_symbolic(value) else value
