"""exactprune.commands.costs: ``exactprune cost`` (Zhong 7.1) and ``exactprune classprob`` (Zhong
7.2)."""
from __future__ import annotations

import json
import re

from cli_cases import fan_tree, run


def test_classprob_prints_every_decimal_with_six_significant_digits(capsys, tmp_path):
    """docs/cli_output.md promises 6 significant digits; %g dropped trailing zeros (0.12345)."""
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(fan_tree(4)))
    status, out, _ = run(capsys, "classprob", str(path), "--k", "2")
    assert status == 0
    decimals = re.findall(r"(?<![\w/])\d+\.\d+(?:e[+-]\d+)?", out)
    assert len(decimals) > 20
    for token in decimals:
        mantissa = token.split("e")[0].replace(".", "").lstrip("0")
        assert len(mantissa) == 6, token
