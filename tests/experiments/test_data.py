"""exactprune.experiments.data: the Gaussian data sets with their exact Bayes errors, and the
protocol's loader."""
from __future__ import annotations

import numpy as np
import pytest

from exactprune import experiments as E

from dataset_cases import locale_twins


@pytest.mark.parametrize("name", sorted(E.GAUSSIAN))
def test_separation_gives_the_stated_bayes_error(name):
    J, be, n = E.GAUSSIAN[name]
    assert abs(E.bayes_error(J, E.separation(J, be)) - float(be)) < 1e-30 or \
        abs(E.bayes_error(J, E.separation(J, be)) - float(be)) < 1e-15


@pytest.mark.parametrize("name,layout", [("g2c15", "axis"), ("g2c25", "diagonal"), ("g6c25", "axis")])
def test_bayes_classifier_error_on_sampled_data_within_5_se(name, layout):
    """Monte Carlo: the Bayes rule's error on 60000 seeded examples is within 5 SE of the target."""
    seed = 11
    J, be, _ = E.GAUSSIAN[name]
    X, y = E.gaussian_data(name, 60000, seed=seed, layout=layout)
    means = E._means(J, float(E.separation(J, be)), layout)
    pred = np.argmin(((X[:, None, :] - means[None]) ** 2).sum(-1), axis=1)
    err = float(np.mean(pred != y))
    se = (float(be) * (1 - float(be)) / len(y)) ** 0.5
    assert abs(err - float(be)) <= 5 * se, f"seed {seed}: {err} vs {float(be)}"


def test_two_class_layouts_shift_x_only_or_both_coordinates():
    """axis: y has the same N(0, 1) law in both classes; diagonal: both coordinates shifted
    equally, by d / sqrt 2 (d = -2 Phi^-1(0.15) = 2.0729)."""
    for layout, shift in (("axis", (2.0729, 0.0)), ("diagonal", (1.4657, 1.4657))):
        X, y = E.gaussian_data("g2c15", 40000, seed=5, layout=layout)
        moved = X[y == 1].mean(axis=0) - X[y == 0].mean(axis=0)
        assert np.all(np.abs(moved - shift) < 5 * (2 / 20000) ** 0.5), (layout, moved)
    with pytest.raises(ValueError, match="layout must be one of"):
        E.gaussian_data("g2c15", 10, layout="polar")


def test_separation_leaves_the_callers_mpmath_precision_alone():
    import mpmath
    before = mpmath.mp.dps
    try:
        mpmath.mp.dps = 20
        d = E.separation(2, __import__("fractions").Fraction(15, 100))
        assert mpmath.mp.dps == 20
        assert abs(float(d) - 2.0728669) < 1e-6           # -2 Phi^-1(0.15)
        E.gaussian_data("g6c25", 6, seed=0)
        assert mpmath.mp.dps == 20
    finally:
        mpmath.mp.dps = before


def test_the_protocol_loader_reads_a_decimal_comma_file_as_the_rows_mean(tmp_path):
    """load_dataset with the reading options (the loader of run_protocol): every cell of the
    headerless decimal-comma file is the number its dot twin writes (Fraction of the text, then
    float), every class the written one; without the options the file is refused, never misread."""
    dot, com, values = locale_twins(tmp_path)
    X, y = E.load_dataset(com, csv={"decimal": ",", "thousands": ".", "header": False, "sep": ";"})
    assert X.tolist() == [[float(x), float(z)] for x, z, _ in values]
    assert y.tolist() == [c for _, _, c in values]
    Xd, yd = E.load_dataset(dot)
    assert Xd.tolist() == X.tolist() and yd.tolist() == y.tolist()
    with pytest.raises(ValueError, match="--decimal"):
        E.load_dataset(com, csv={"header": False, "sep": ";"})
    with pytest.raises(ValueError, match="built-in data set"):
        E.load_dataset("iris", csv={"decimal": ","})
