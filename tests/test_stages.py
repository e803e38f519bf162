"""exactprune.stages: the sequence's result placing an integer k against a breakpoint beyond the
exact range (a certified LogBracket on log2 k): exact at powers of two, certified elsewhere, and
refused inside the bracket.  The stages and breakpoint entries themselves are checked against
PruneTree in tests/test_sequence.py and tests/test_sequence_stages.py."""
from __future__ import annotations

from fractions import Fraction

import pytest

from exactprune.breakpoints import LogBracket


def test_log2_sign_exact_for_powers_of_two_and_certified_otherwise():
    from exactprune.stages import _log2_sign
    assert _log2_sign(8, Fraction(3)) == 0 and _log2_sign(1, Fraction(0)) == 0        # exact ties
    assert _log2_sign(2 ** 100, Fraction(201, 2)) == -1 and _log2_sign(2 ** 100, Fraction(199, 2)) == 1
    assert _log2_sign(9, Fraction(3)) == 1 and _log2_sign(7, Fraction(3)) == -1        # log2 9 > 3 > log2 7


def test_at_least_places_k_equal_to_2_to_the_upper_end():
    """2^5 < b <= 2^6: k = 64 = 2^6 is at or above b (placed in the later stage), k = 63 and 33 are
    not placed, k = 32 = 2^5 is below b."""
    from exactprune.stages import _at_least
    bracket = LogBracket(Fraction(5), Fraction(6))
    assert _at_least(64, bracket) is True and _at_least(32, bracket) is False
    for k in (33, 63):
        with pytest.raises(ValueError, match="inside the certified interval"):
            _at_least(k, bracket)
