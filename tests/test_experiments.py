"""exactprune.experiments, the package: the documentation of its modules' public functions."""
from __future__ import annotations


def test_public_functions_of_the_experiment_modules_have_numpydoc_sections():
    """Every public function with arguments in experiments/ and rdt.experiment documents its Parameters
    and Returns (rdt.experiment.run_unit is being renamed by issue 34 and documented with its new name)."""
    import importlib
    import inspect
    missing = []
    for name in ("data", "protocol", "statistics", "printed", "agreement", "reports"):
        module = importlib.import_module(f"exactprune.experiments.{name}")
        missing += [f"{name}.{f}" for f, fn in vars(module).items()
                    if not f.startswith("_") and inspect.isfunction(fn) and fn.__module__ == module.__name__
                    and inspect.signature(fn).parameters
                    and not all(s in (fn.__doc__ or "") for s in ("Parameters\n", "Returns\n"))]
    module = importlib.import_module("exactprune.rdt.experiment")
    missing += [f"rdt.experiment.{f}" for f, fn in vars(module).items()
                if not f.startswith("_") and f != "run_unit" and inspect.isfunction(fn)
                and fn.__module__ == module.__name__ and inspect.signature(fn).parameters
                and not all(s in (fn.__doc__ or "") for s in ("Parameters\n", "Returns\n"))]
    assert missing == []
