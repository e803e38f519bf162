"""exactprune.experiments.reports: the summary tables and their significance rule."""
from __future__ import annotations

from exactprune import experiments as E


def test_summary_significance_rule():
    runs = [E.Run("d", 5, i, {"CCP": 80.0 + (i % 2) * 0.1, "2-norm": 82.0 + (i % 3) * 0.1, "EBP": 81.5},
                  {"CCP": 5, "2-norm": 3, "EBP": 10}, {"CCP": 1.0, "2-norm": 0.001, "EBP": 0.1})
            for i in range(20)]
    t = E.summarize(runs)
    row = t["accuracy"][5]["d"]
    assert row["2-norm:CCP"]["sign"] == "+"          # +2 points, p tiny
    assert row["2-norm:EBP"]["sign"] == ""           # +0.6 points: below the 1% rule
    assert t["leaves"][5]["d"]["2-norm:EBP"]["sign"] == "+"   # fewer leaves wins


def test_time_significance_is_relative_not_one_second():
    """Pruning times far below a second still differ significantly (issue 7 (d)); a 0.5%
    difference does not."""
    runs = [E.Run("d", 5, i, {m: 80.0 for m in E.METHODS}, {m: 5 for m in E.METHODS},
                  {"CCP": 0.2 + 0.001 * (i % 3), "2-norm": 0.002 + 0.0001 * (i % 2), "EBP": 0.002 * 1.005 + 0.0001 * (i % 2)})
            for i in range(20)]
    row = E.summarize(runs)["seconds"][5]["d"]
    assert row["2-norm:CCP"]["sign"] == "+"          # 100x faster, tiny absolute difference
    assert row["2-norm:EBP"]["sign"] == ""           # 0.5% apart: below the 1% relative rule
    assert "1% of the larger mean" in E.format_tables(E.summarize(runs))
