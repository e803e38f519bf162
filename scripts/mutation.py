"""Mutation testing of exactprune's core modules, module by module (mutmut 3).

Usage (from the repository root, in the project's virtual environment)::

    python scripts/mutation.py                    # every core module
    python scripts/mutation.py certify knorm      # some of them
    python scripts/mutation.py --list             # the modules and the tests each one runs
    python scripts/mutation.py --survivors certify   # after a run: the diff of each survivor

Each module is mutated in its own scratch copy ``.mutation/<module>/`` (git-ignored): the
repository's ``exactprune/``, ``tests/`` and ``pyproject.toml`` are copied there, and the
``[tool.mutmut]`` section of the copy gets ``only_mutate`` (that module's file) and
``pytest_add_cli_args_test_selection`` (that module's fast tests, below) on top of the shared keys
of the repository's ``[tool.mutmut]``.  mutmut then copies the scratch project into
``.mutation/<module>/mutants/``, records which test reaches which function, and runs, for every
mutant, only the tests that reach the mutated function.  Every run starts from a fresh copy
(mutmut's result cache does not notice new tests reaching an already tested function).

The score printed is ``killed / (mutants - equivalent)`` where *equivalent* are the mutants listed
in ``docs/mutation.md`` (a table row per mutant, with the reason).  A timeout counts as killed
(the mutant changed behaviour: the tests noticed it no longer terminates in time); "no tests"
(no selected test reaches the function) and "survived" count as not killed.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRATCH = ROOT / ".mutation"
DOC = ROOT / "docs" / "mutation.md"

#: module -> (file to mutate, the fast tests that exercise it)
MODULES: dict[str, tuple[str, list[str]]] = {
    "numbers": ("exactprune/numbers.py", ["tests/test_numbers.py", "tests/test_limits.py"]),
    "formatting": ("exactprune/formatting.py", ["tests/test_formatting.py"]),
    "certify.rules": ("exactprune/certify/rules.py", ["tests/certify/test_rules.py",
                                                      "tests/test_decisions_adversarial.py"]),
    "certify.arrays": ("exactprune/certify/arrays.py", ["tests/certify/test_arrays.py",
                                                        "tests/test_decisions_adversarial.py",
                                                        "tests/knorm/test_prune_many.py",
                                                        "tests/certify/test_logs.py"]),
    "certify.logs": ("exactprune/certify/logs.py", ["tests/certify/test_logs.py"]),
    "certify.absolute": ("exactprune/certify/absolute.py", ["tests/certify/test_absolute.py",
                                                            "tests/test_decisions_adversarial.py"]),
    "dirichlet": ("exactprune/dirichlet.py", ["tests/test_dirichlet.py"]),
    "knorm.moments": ("exactprune/knorm/moments.py", ["tests/knorm/test_moments.py", "tests/knorm/test_prunetree.py",
                                                      "tests/test_decisions_adversarial.py",
                                                      "tests/knorm/test_prune_many.py"]),
    "knorm.estimates": ("exactprune/knorm/estimates.py", ["tests/knorm/test_estimates.py"]),
    "knorm.prunetree": ("exactprune/knorm/prunetree.py", ["tests/knorm/test_prunetree.py",
                                                          "tests/test_decisions_adversarial.py",
                                                          "tests/knorm/test_prune_many.py"]),
    "sequence": ("exactprune/sequence.py", ["tests/test_sequence.py", "tests/test_sequence_stages.py",
                                            "tests/test_float_placement.py", "tests/test_path_proposal.py"]),
    "path_proposal": ("exactprune/path_proposal.py", ["tests/test_path_proposal.py"]),
    "stages": ("exactprune/stages.py", ["tests/test_stages.py", "tests/test_sequence.py",
                                        "tests/test_sequence_stages.py"]),
    "tree.csr": ("exactprune/tree/csr.py", ["tests/tree/test_csr.py"]),
    "breakpoints.forms": ("exactprune/breakpoints/forms.py", ["tests/breakpoints/test_forms.py",
                                                              "tests/breakpoints/test_search.py", "tests/test_sequence.py"]),
    "breakpoints.search": ("exactprune/breakpoints/search.py", ["tests/breakpoints/test_search.py",
                                                                "tests/breakpoints/test_crossing_proposal.py",
                                                                "tests/test_sequence.py",
                                                                "tests/test_sequence_stages.py",
                                                                "tests/test_float_placement.py"]),
    "pruning": ("exactprune/pruning.py", ["tests/test_pruning.py", "tests/test_costs.py", "tests/test_classprob.py",
                                          "tests/knorm/test_prune_many.py"]),
    "costs": ("exactprune/costs.py", ["tests/test_costs.py"]),
    "classprob": ("exactprune/classprob.py", ["tests/test_classprob.py"]),
    "coexistence": ("exactprune/rdt/coexistence.py", ["tests/rdt/test_coexistence.py", "tests/rdt/test_enumeration.py",
                                                      "tests/rdt/test_dd_registries.py"]),
    "counting": ("exactprune/rdt/counting.py", ["tests/rdt/test_counting.py"]),
    "ccp.weakest_links": ("exactprune/peers/ccp/weakest_links.py", ["tests/peers/ccp/test_weakest_links.py",
                                                                    "tests/peers/ccp/test_sequence.py"]),
    "ccp.sequence": ("exactprune/peers/ccp/sequence.py", ["tests/peers/ccp/test_sequence.py"]),
    "ccp.cv": ("exactprune/peers/ccp/cv.py", ["tests/peers/ccp/test_cv.py"]),
    "ebp": ("exactprune/peers/ebp.py", ["tests/peers/test_ebp.py", "tests/test_decisions_adversarial.py"]),
    "fan": ("exactprune/peers/fan.py", ["tests/peers/test_fan.py"]),
    "kearns_mansour": ("exactprune/peers/kearns_mansour.py",
                       ["tests/peers/test_kearns_mansour.py", "tests/test_decisions_adversarial.py"]),
    "mep": ("exactprune/peers/mep.py", ["tests/peers/test_mep.py"]),
    "min_size": ("exactprune/peers/min_size.py", ["tests/peers/test_min_size.py"]),
    "rep": ("exactprune/peers/rep.py", ["tests/peers/test_rep.py"]),
    "sklearn.cv": ("exactprune/sklearn/cv.py", ["tests/sklearn/test_cv.py", "tests/sklearn/test_cv_display.py"]),
    # (not test_estimator.py: one of its tests reads docs/, which the scratch copy leaves out)
    "sklearn.fitting": ("exactprune/sklearn/fitting.py", ["tests/sklearn/test_fitting.py", "tests/sklearn/test_counts.py",
                                                          "tests/sklearn/test_cv.py"]),
}

#: mutmut's status names -> the column they count in
KILLED = {"killed", "timeout", "caught by type check", "segfault"}
STATUS_LINE = re.compile(r"^\s*(\S+): (.+)$")


def tests_of(module: str) -> list[str]:
    """The module's fast tests, plus ``tests/mutation/test_mutants_<module>.py`` if it exists.

    The tests written to kill a module's mutants live in its subject's test file (listed in
    ``MODULES``); the extra file is optional, for modules whose tests are not merged yet."""
    extra = f"tests/mutation/test_mutants_{module}.py"
    tests = [t for t in MODULES[module][1] if (ROOT / t).exists()]
    return tests + [extra] if (ROOT / extra).exists() and extra not in tests else tests


def scratch_config(module: str) -> str:
    """The scratch copy's pyproject.toml: the repository's, ``[tool.mutmut]`` narrowed to ``module``."""
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    shared = tomllib.loads(text)["tool"]["mutmut"]
    head, _, _ = text.partition("[tool.mutmut]")
    keys = dict(shared, only_mutate=[MODULES[module][0]], pytest_add_cli_args_test_selection=tests_of(module))
    body = "".join(f"{key} = {json.dumps(value)}\n" for key, value in keys.items())
    return f"{head}[tool.mutmut]\n{body}"


def prepare(module: str) -> Path:
    """Refresh ``.mutation/<module>/`` from the repository.  mutmut's cache (``mutants/``) is
    dropped: mutmut 3.8 keeps a cached "no tests" or "survived" verdict even after new tests
    reach the function, so a run always starts fresh."""
    work = SCRATCH / module
    shutil.rmtree(work / "mutants", ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    for name in ("exactprune", "tests", "proofs"):      # proofs/: scripts some tests run
        shutil.rmtree(work / name, ignore_errors=True)
        shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    (work / "pyproject.toml").write_text(scratch_config(module), "utf-8")
    return work


def mutmut(work: Path, *args: str) -> subprocess.CompletedProcess:
    """Run mutmut in ``work`` (never with the repository on PYTHONPATH: the mutants must be imported)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    exe = Path(sys.executable).with_name("mutmut")
    return subprocess.run([str(exe), *args], cwd=work, env=env, capture_output=True, text=True)


def statuses(work: Path) -> dict[str, str]:
    """mutant name -> mutmut status, from ``mutmut results --all true``."""
    out = mutmut(work, "results", "--all", "true").stdout
    return {m.group(1): m.group(2).strip() for m in map(STATUS_LINE.match, out.splitlines()) if m}


def equivalent(module: str) -> set[str]:
    """Mutant names the table of docs/mutation.md lists as equivalent for ``module``."""
    if not DOC.exists():
        return set()
    rows = (line.split("|") for line in DOC.read_text("utf-8").splitlines() if line.startswith("|"))
    return {cells[2].strip().strip("`") for cells in rows if len(cells) > 3 and cells[1].strip() == module}


def summary(module: str, status: dict[str, str]) -> dict[str, int]:
    """Counts per column and the score's numerator and denominator."""
    equiv = equivalent(module) & set(status)
    counts = Counter("killed" if s in KILLED else s for name, s in status.items() if name not in equiv)
    killed = counts["killed"]
    return dict(total=len(status), killed=killed, timeout=sum(s == "timeout" for s in status.values()),
                survived=counts["survived"], no_tests=counts["no tests"], equivalent=len(equiv),
                denominator=len(status) - len(equiv))


def run(module: str, jobs: int) -> dict[str, int]:
    """Mutate one module and return its summary."""
    work = prepare(module)
    start = time.monotonic()
    proc = mutmut(work, "run", "--max-children", str(jobs))
    status = statuses(work)
    if not status or all(s == "not checked" for s in status.values()):
        sys.exit(f"mutmut tested nothing in {module} (do its tests pass in the copy?):\n"
                 f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return dict(summary(module, status), seconds=round(time.monotonic() - start))


def survivors(module: str) -> None:
    """Print the diff of every surviving (or untested) mutant that is not listed as equivalent."""
    work = SCRATCH / module
    equiv = equivalent(module)
    for name, status in statuses(work).items():
        if status not in KILLED and name not in equiv:
            print(mutmut(work, "show", name).stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", metavar="module",
                        help=f"modules to mutate (default: all of {', '.join(MODULES)})")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested in parallel (default 2)")
    parser.add_argument("--list", action="store_true", help="list the modules and their tests, then stop")
    parser.add_argument("--survivors", action="store_true", help="show the surviving mutants of a past run")
    args = parser.parse_args(argv)
    modules = args.modules or list(MODULES)
    unknown = sorted(set(modules) - set(MODULES))
    if unknown:
        parser.error(f"unknown module(s) {', '.join(unknown)}; choose from {', '.join(MODULES)}")
    if args.list:
        for module in modules:
            print(f"{module:15} {MODULES[module][0]:35} {' '.join(tests_of(module))}")
        return 0
    if args.survivors:
        for module in modules:
            survivors(module)
        return 0
    header = f"{'module':15} {'mutants':>7} {'killed':>6} {'timeout':>7} {'survived':>8} {'no tests':>8} " \
             f"{'equiv':>5} {'score':>7} {'seconds':>7}"
    print(header, flush=True)
    total = Counter()
    for module in modules:
        s = run(module, args.jobs)
        total.update(s)
        score = s["killed"] / s["denominator"] if s["denominator"] else 1.0
        print(f"{module:15} {s['total']:7} {s['killed']:6} {s['timeout']:7} {s['survived']:8} {s['no_tests']:8} "
              f"{s['equivalent']:5} {score:7.1%} {s['seconds']:7}", flush=True)
    score = total["killed"] / total["denominator"] if total["denominator"] else 1.0
    print(f"{'overall':15} {total['total']:7} {total['killed']:6} {total['timeout']:7} {total['survived']:8} "
          f"{total['no_tests']:8} {total['equivalent']:5} {score:7.1%} {total['seconds']:7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
