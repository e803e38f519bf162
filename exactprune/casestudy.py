"""Zhong's worked examples recomputed: section 4.3 (4.16)-(4.27) and App B (B.1)-(B.25).

Each printed value is paired with the code that computes it (never typed in
as an expected result); :func:`printed_values` returns, for every equation,
the exact value, its rounding at the printed precision, and whether the
printed digits agree.  Disagreements feed :mod:`exactprune.errata.zhong`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from .knorm import Prior, child_weight, leaf_moment, subtree_moment
from .formatting import fraction_str
from .formatting import sqrt_decimal
from .tree import Node, Tree, iris_tree

__all__ = ["PrintedValue", "printed_values", "section_4_3_tree", "appendix_b_tree", "round_like"]

HALF = Fraction(1, 2)
PRIOR = Prior(HALF, HALF, "J-1")


def section_4_3_tree() -> Tree:
    """Zhong 4.3: a node with 98 examples of class 1 and 1 of class 2, split perfectly.

    As a leaf its error moment (4.16) is (1 + 0.5) / (99 + 1) = 0.015 (lam = 1/2, J = 2):

    >>> tree = section_4_3_tree()
    >>> [node.counts for node in tree.nodes()]
    [(98, 1), (98, 0), (0, 1)]
    >>> leaf_moment(tree.root.counts, 1, prior=PRIOR)
    Fraction(3, 200)
    """
    return Tree(Node((98, 1), [Node((98, 0)), Node((0, 1))]))


def appendix_b_tree() -> Tree:
    """Zhong Figure B.1(d)/B.2: the iris tree pruned with k = 2 (computed by PruneTree).

    Zhong evaluates this tree's leaves c21 (counts 0, 49, 5) and c22 in (B.1)-(B.5), with
    (B.1) E[r_c21] = (5 + 0.5 * 2) / (54 + 0.5 * 3) = 4/37 = 0.1081:

    >>> tree = appendix_b_tree()
    >>> [leaf.name for leaf in tree.leaves()], tree.node("c21").counts
    (['c1', 'c21', 'c22'], (0, 49, 5))
    >>> leaf_moment(tree.node("c21").counts, 1, prior=PRIOR)
    Fraction(4, 37)
    """
    from .knorm import prune
    return prune(iris_tree(), 2, prior=PRIOR).tree


def round_like(printed: str, value: Fraction, sqrt: bool = False) -> str:
    """``value`` (or its square root) rounded half-even to the decimals shown in ``printed``.

    Parameters
    ----------
    printed : str
        The printed value.
    value : Fraction
        The exact value.
    sqrt : bool, default False
        Round sqrt(value) instead.

    Returns
    -------
    str
        The value rounded half-even to the printed decimals.

    Examples
    --------
    >>> round_like("0.015000", Fraction(3, 200)), round_like("0.0190", Fraction(1, 2770), sqrt=True)
    ('0.015000', '0.0190')
    """
    places = len(printed.split(".")[1]) if "." in printed else 0
    if sqrt:
        return sqrt_decimal(value, places)
    scaled = round(Fraction(value) * 10 ** places)
    text = str(abs(scaled)).rjust(places + 1, "0")
    sign = "-" if scaled < 0 else ""
    return sign + (text[:-places] + "." + text[-places:] if places else text)


@dataclass(frozen=True)
class PrintedValue:
    """A printed number and the exact value it stands for.  With ``is_sqrt`` the value is
    sqrt(exact); with ``minus`` too it is sqrt(exact) - sqrt(minus) (a change of standard
    deviation).  ``rounded`` is the exact value rounded to the printed decimals.

    Parameters
    ----------
    equation : str
        The paper's equation or table label, e.g. ``"B.1"``.
    quantity : str
        What the number is, e.g. ``"E[r_c21]"``.
    printed : str
        The number as the paper prints it.
    exact : Fraction
        The exact value it stands for (under the square root with ``is_sqrt``).
    is_sqrt : bool
        The value is sqrt(``exact``).
    minus : Fraction, optional
        With ``is_sqrt``, the value is sqrt(``exact``) - sqrt(``minus``).

    Examples
    --------
    Zhong (B.1) prints 0.1081 for E[r_c21] = 6 / 55.5 = 4/37 = 0.108108...:

    >>> value = PrintedValue("B.1", "E[r_c21]", "0.1081", Fraction(4, 37))
    >>> value.rounded, value.agrees, value.formula()
    ('0.1081', True, '4/37')
    """

    equation: str
    quantity: str
    printed: str
    exact: Fraction
    is_sqrt: bool = False
    minus: Optional[Fraction] = None

    @property
    def rounded(self) -> str:
        """The exact value rounded half-even to the printed decimals (a square root, or a
        difference of square roots, certified).

        sqrt(1/4) - sqrt(1/9) = 1/2 - 1/3 = 0.1666..., 0.167 at three decimals:

        >>> PrintedValue("x", "q", "0.1", Fraction(1, 4), is_sqrt=True, minus=Fraction(1, 9)).rounded
        '0.2'
        >>> PrintedValue("x", "q", "0.000", Fraction(1, 4), is_sqrt=True, minus=Fraction(1, 9)).rounded
        '0.167'
        """
        if self.minus is not None:
            return _round_sqrt_difference(self.printed, self.exact, self.minus)
        return round_like(self.printed, self.exact, self.is_sqrt)

    @property
    def agrees(self) -> bool:
        """Whether the printed digits are the exact value's rounding.

        >>> PrintedValue("x", "q", "0.33", Fraction(1, 3)).agrees, PrintedValue("x", "q", "0.34", Fraction(1, 3)).agrees
        (True, False)
        """
        return self.rounded == self.printed

    def formula(self) -> str:
        """The exact value as text: p/q, sqrt(p/q) or sqrt(p/q) - sqrt(r/s).

        >>> PrintedValue("x", "q", "0.2", Fraction(1, 4), is_sqrt=True, minus=Fraction(1, 9)).formula()
        'sqrt(1/4) - sqrt(1/9)'
        """
        text = f"sqrt({fraction_str(self.exact)})" if self.is_sqrt else fraction_str(self.exact)
        return text + (f" - sqrt({fraction_str(self.minus)})" if self.minus is not None else "")

    def as_dict(self) -> dict:
        """The JSON form ``exactprune iris --json`` prints: the exact value as :meth:`formula`.

        >>> PrintedValue("B.1", "E[r_c21]", "0.1081", Fraction(4, 37)).as_dict()
        {'equation': 'B.1', 'quantity': 'E[r_c21]', 'printed': '0.1081', 'exact': '4/37', 'rounded': '0.1081', 'agrees': True}
        """
        return {"equation": self.equation, "quantity": self.quantity, "printed": self.printed,
                "exact": self.formula(), "rounded": self.rounded, "agrees": self.agrees}


def _round_sqrt_difference(printed: str, a: Fraction, b: Fraction) -> str:
    """sqrt(a) - sqrt(b) rounded half-even to the decimals of ``printed``, certified: the arb
    ball of the scaled value must lie strictly between two rounding boundaries (precision is
    raised until it does; an exact half would need exact algebra and raises)."""
    import flint
    from .numbers import arb_of
    places = len(printed.split(".")[1]) if "." in printed else 0
    saved = flint.ctx.prec
    try:
        for prec in (128, 512, 2048):
            flint.ctx.prec = prec
            scaled = (arb_of(a).sqrt() - arb_of(b).sqrt()) * 10 ** places
            low = scaled.lower().floor()
            if (scaled - low - flint.arb(1) / 2 < 0) and (scaled - low > 0) and low == scaled.upper().floor():
                return round_like(printed, Fraction(int(low.unique_fmpz()), 10 ** places))
            if (scaled - low - flint.arb(1) / 2 > 0) and low == scaled.upper().floor():
                return round_like(printed, Fraction(int(low.unique_fmpz()) + 1, 10 ** places))
    finally:
        flint.ctx.prec = saved
    raise ArithmeticError(f"cannot certify the rounding of sqrt({a}) - sqrt({b})")


def printed_values() -> list:
    """Every printed value of (4.16)-(4.27) and (B.1)-(B.25), recomputed exactly.

    (4.16) is (1 + 0.5) / (99 + 1) = 3/200 and (B.1) 6 / 55.5 = 4/37 (worked by hand in
    :func:`section_4_3_tree` and :func:`appendix_b_tree`):

    >>> values = {v.equation: v for v in printed_values()}
    >>> values["4.16"].exact, values["4.16"].printed, values["B.1"].exact, values["B.1"].agrees
    (Fraction(3, 200), '0.015000', Fraction(4, 37), True)
    """
    out = []
    add = lambda eq, what, printed, value, sq=False, minus=None: out.append(
        PrintedValue(eq, what, printed, value, sq, minus))
    # -- section 4.3 ------------------------------------------------------------------
    t = section_4_3_tree().root
    c1, c2 = t.children
    lm = lambda node, k: leaf_moment(node.counts, k, PRIOR)
    w = lambda child, parent: child_weight(child, parent, PRIOR.eta)
    add("4.16", "E[r_d] before the split", "0.015000", lm(t, 1))
    add("4.17", "E[r_d^2] before the split", "0.00037129", lm(t, 2))
    add("4.18", "sigma[r_d] before the split", "0.012095", lm(t, 2) - lm(t, 1) ** 2, True)
    add("4.19", "E[r_c1]", "0.0050505", lm(c1, 1))
    add("4.20", "E[r_c1^2]", "0.00075758", lm(c1, 2))
    add("4.21", "P*[A_c1|A_d]", "0.98500", w(c1, t))
    add("4.22", "E[r_c2]", "0.25000", lm(c2, 1))
    add("4.23", "E[r_c2^2]", "0.12500", lm(c2, 2))
    add("4.24", "P*[A_c2|A_d]", "0.015000", w(c2, t))
    m1, m2 = subtree_moment(t, 1, PRIOR), subtree_moment(t, 2, PRIOR)
    add("4.25", "E[r_d] of the subtree", "0.0087247", m1)
    add("4.26", "E[r_d^2] of the subtree", "0.0019496", m2)
    add("4.27", "sigma[r_d] of the subtree", "0.04328", m2 - m1 ** 2, True)
    add("4.3 text", "decrease of E[r_d] by the split", "0.006275", lm(t, 1) - m1)
    sd_before = lm(t, 2) - lm(t, 1) ** 2
    add("4.3 text", "increase of sigma by the split", "0.03119", m2 - m1 ** 2, True, sd_before)
    # -- appendix B -------------------------------------------------------------------
    iris = iris_tree()
    root, a, b = iris.root, iris.node("c1"), iris.node("c2")
    b1, b2 = iris.node("c21"), iris.node("c22")
    add("B.1", "E[r_c21]", "0.1081", lm(b1, 1))
    add("B.2", "E[r_c21^2]", "0.01339", lm(b1, 2))
    add("B.3", "P*[A_c21|A_c2]", "0.5396", w(b1, b))
    add("B.4", "E[r_c22]", "0.04211", lm(b2, 1))
    add("B.5", "E[r_c22^2]", "0.002604", lm(b2, 2))
    add("B.6", "P*[A_c22|A_c2]", "0.4604", w(b2, b))
    e1_c2 = lm(b1, 1) * w(b1, b) + lm(b2, 1) * w(b2, b)
    e2_c2 = lm(b1, 2) * w(b1, b) + lm(b2, 2) * w(b2, b)
    add("B.7", "E[r_c2] (c2 split into c21, c22)", "0.07772", e1_c2)
    add("B.8", "E[r_c2^2] (c2 split into c21, c22)", "0.008427", e2_c2)
    add("B.9", "P*[A_c2|A_root]", "0.6656", w(b, root))
    add("B.10", "E[r_c1]", "0.01942", lm(a, 1))
    add("B.11", "E[r_c1^2]", "0.0007397", lm(a, 2))
    add("B.12", "P*[A_c1|A_root]", "0.3344", w(a, root))
    e1 = lm(a, 1) * w(a, root) + e1_c2 * w(b, root)
    e2 = lm(a, 2) * w(a, root) + e2_c2 * w(b, root)
    add("B.13", "E[r_root] (tree of Fig B.1(d))", "0.05822", e1)
    add("B.14", "E[r_root^2]", "0.005856", e2)
    add("B.15", "sigma[r_root]", "0.04966", e2 - e1 ** 2, True)
    add("B.16", "||r_root||_2", "0.07652", e2, True)
    for n0, leaf, printed in ((17, a, ("0.01942", "0.0190", "0.0272")), (20, b1, ("0.1081", "0.04131", "0.1157")),
                              (23, b2, ("0.04211", "0.02884", "0.05103"))):
        add(f"B.{n0}", f"E_P[r] for an input in {leaf.name}", printed[0], lm(leaf, 1))
        add(f"B.{n0 + 1}", f"sigma_P[r] for an input in {leaf.name}", printed[1], lm(leaf, 2) - lm(leaf, 1) ** 2, True)
        add(f"B.{n0 + 2}", f"||r||_2 for an input in {leaf.name}", printed[2], lm(leaf, 2), True)
    return out
