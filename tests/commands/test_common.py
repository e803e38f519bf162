"""exactprune.commands.common: the names the command modules shared before the split by job
(issue 34), still importable there, each the very object of the module that now holds it."""
from __future__ import annotations

import importlib

from exactprune.commands import common

HOMES = ("arguments", "csv_options", "output", "readers")


def test_every_name_is_the_object_of_its_home_module():
    """A function or class is the one its defining module (one of HOMES) holds; a constant is the
    object one of HOMES holds."""
    homes = {f"exactprune.commands.{name}": importlib.import_module(f"exactprune.commands.{name}") for name in HOMES}
    for name in common.__all__:
        value = getattr(common, name)
        defined_in = getattr(value, "__module__", None)
        if defined_in is not None:
            assert defined_in in homes and getattr(homes[defined_in], name) is value, (name, defined_in)
        else:
            assert any(getattr(module, name, None) is value for module in homes.values()), name


def test_all_lists_every_public_name_the_module_imports():
    public = {name for name in vars(common) if not name.startswith("_") and name != "annotations"}
    assert sorted(common.__all__) == sorted(public) and len(set(common.__all__)) == len(common.__all__)
