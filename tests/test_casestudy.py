"""Tests of exactprune.casestudy: every printed value of Zhong 4.3 and App B recomputed."""
from __future__ import annotations

from fractions import Fraction


# -- Zhong's worked examples -------------------------------------------------------------
def test_every_printed_value_of_4_3_and_appendix_b_is_recomputed():
    from exactprune.casestudy import printed_values
    values = printed_values()
    equations = {v.equation for v in values}
    assert {f"4.{i}" for i in range(16, 28)} <= equations
    assert {f"B.{i}" for i in range(1, 26)} <= equations
    disagreeing = sorted(v.equation for v in values if not v.agrees)
    assert disagreeing == ["4.20", "B.8"]          # both recorded in the errata


def test_rounding_like_the_paper_matches_decimal_module():
    """round_like against Python's decimal module (an independent exact rounding)."""
    from decimal import Decimal, ROUND_HALF_EVEN, getcontext
    from exactprune.casestudy import round_like
    getcontext().prec = 60
    for value in (Fraction(1, 3), Fraction(2, 103), Fraction(5, 8000), Fraction(32790176, 3891319415)):
        for printed in ("0.0", "0.0000", "0.000000"):
            places = len(printed.split(".")[1])
            expected = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
                Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
            assert round_like(printed, value) == str(expected)
