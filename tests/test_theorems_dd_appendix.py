"""DD App A's worked example (Figure 8): the printed arrangement terms, evaluated by hand at d = 8."""
from __future__ import annotations

from fractions import Fraction

import pytest

from exactprune.theorems.dd import appendix_a_example_terms


def test_printed_terms_at_d8_by_hand():
    # 3!2!3!2 = 144 over 8*7*6*5*4^2*3^2*2 = 483840; 3*2*3!4!2 = 1728 over 8*7*6*5^2*4^2*3^2*2 = 2419200;
    # 3*4!5!2 = 17280 over 8*7*6^2*5^2*4^2*3^2*2 = 14515200; 5!6!2 = 172800 over 8*7^2*...*2 = 101606400
    assert appendix_a_example_terms(8) == [Fraction(144, 483840), Fraction(1728, 2419200),
                                           Fraction(17280, 14515200), Fraction(172800, 101606400)]
    with pytest.raises(ValueError):
        appendix_a_example_terms(7)
