"""exactprune.commands.iris: ``exactprune iris``, Zhong's App B case study."""
from __future__ import annotations

from cli_cases import run


def test_iris_text(capsys):
    status, out, _ = run(capsys, "iris")
    assert status == 0
    assert "17781896" in out and "25680603" in out and "1/150" in out and "DIFFERS" in out
