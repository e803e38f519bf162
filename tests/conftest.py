"""Shared pytest configuration: hypothesis profiles.

``ci`` (the default): few examples, no deadline - the whole suite stays fast on 2 cores.
``deep``: many more examples, for a thorough run: ``HYPOTHESIS_PROFILE=deep python3 -m pytest``.
"""
import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                 HealthCheck.data_too_large])
settings.register_profile("deep", max_examples=500, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                 HealthCheck.data_too_large])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
