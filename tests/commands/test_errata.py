"""exactprune.commands.errata: ``exactprune errata``."""
from __future__ import annotations

import json

from cli_cases import run


def test_errata_lists_the_breakpoint(capsys):
    status, out, _ = run(capsys, "errata", "--json")
    ids = [row["id"] for row in json.loads(out)]
    assert status == 0 and "zhong-B.1-breakpoint" in ids and "zhong-4.20" in ids
