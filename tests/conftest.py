"""Shared pytest configuration: hypothesis profiles.

``ci`` (the default): few examples, no deadline - the whole suite stays fast on 2 cores.
``deep``: many more examples, for a thorough run: ``HYPOTHESIS_PROFILE=deep python3 -m pytest``.
"""
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from cli_cases import TREE

settings.register_profile("ci", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                 HealthCheck.data_too_large])
settings.register_profile("deep", max_examples=500, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                 HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# The Table 6.1 UCI databases and Dhurandhar-Dobra's three UCI sets are not part of the repository; when the checkout sits beside the
# project's shared data folder, the tests that need them use it (EXACTPRUNE_DATA overrides).
_SIBLING_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
for _variable, _folder in (("EXACTPRUNE_DATA", "uci"), ("EXACTPRUNE_DD_DATA", "dd")):
    if _variable not in os.environ and (_SIBLING_DATA / _folder).is_dir():
        os.environ[_variable] = str(_SIBLING_DATA / _folder)


@pytest.fixture
def tree_file(tmp_path):
    """Zhong's App B iris tree (``cli_cases.TREE``) written as a JSON file: its path, for the commands to read."""
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(TREE))
    return str(path)
