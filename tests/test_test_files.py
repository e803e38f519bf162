"""Every module of exactprune has a test file that mirrors it (issue 34 item 5).

The mirror of ``exactprune/<dirs>/<module>.py`` is ``tests/<dirs>/test_<module>.py``; a package's
``__init__.py`` is the package itself, so the mirror of ``exactprune/<dirs>/<package>/__init__.py``
is ``tests/<dirs>/test_<package>.py``.  Not counted: ``__main__.py`` and a package ``__init__.py``
of fewer than ``SMALL_FACE`` lines (a face that re-exports its modules' names).

Two lists name the modules without a mirror, each with its reason, and both are strict:

* ``TESTED_UNDER_ANOTHER_NAME``: modules whose tests live under another name by design;
* ``NOT_YET_MIRRORED``: the current debt, modules whose tests still live in a file named after a
  package, a subject or the command line (or, where ``None``, that no test file names).

A new module without its mirror fails here; an entry fails when its module is gone, when the test
file it names is gone, or when the mirror appears (remove the entry then).
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "exactprune"
TESTS = ROOT / "tests"

#: a package ``__init__.py`` shorter than this is a face (re-exports), not a module to mirror
SMALL_FACE = 40

_REGISTRY = "a registry module (records, not code paths): every record is run by the registry's tests"

#: module (path under exactprune/) -> (the test file that tests it, why not its mirror)
TESTED_UNDER_ANOTHER_NAME: Dict[str, Tuple[str, str]] = {
    "__init__.py": ("tests/test_startup.py", "the package face: its lazy names and their import cost"),
    "tree/__init__.py": ("tests/tree/test_counttree.py", "the package face (41 lines, re-exports); each module of tree/ "
                                                         "has its mirror in tests/tree/"),
    "knorm/__init__.py": ("tests/knorm/test_moments.py", "the package face (44 lines: its docstring and re-exports); "
                                                         "each module of knorm/ has its mirror in tests/knorm/"),
    "rdt/__init__.py": ("tests/rdt/test_moments.py", "the package face (a docstring naming the modules, re-exports)"),
    "certify/__init__.py": ("tests/certify/test_rules.py", "the package face (the kernel's docstring with its error "
                                                           "model, re-exports); each module of certify/ has its mirror "
                                                           "in tests/certify/"),
    "theorems/zhong/__init__.py": ("tests/test_theorems.py", "the package face: THEOREMS of its subject modules in order"),
    "errata/__init__.py": ("tests/test_errata_audit.py", "the errata registry and its audit policy"),
    "errata/ledger.py": ("tests/test_ledger.py", "the audit ledger, tested as the ledger"),
    "errata/experiment_rows.py": ("tests/test_experiment_verdicts.py", "the ledger's chapter 6 rows (data), checked "
                                                                       "against the runs they cite"),
    "errata/peers.py": ("tests/peers/test_peer_fixtures.py", "records of peer programs' errors (data), each checked "
                                                             "against its committed fixture"),
    **{module: ("tests/test_errata_audit.py", _REGISTRY) for module in (
        "errata/dd.py", "errata/ek.py", "errata/fan.py", "errata/notes.py", "errata/zhong.py", "errata/zhong7.py")},
    **{module: ("tests/test_theorems.py", _REGISTRY) for module in (
        "theorems/costs.py", "theorems/dd.py", "theorems/ek/bounds.py", "theorems/ek/rep.py", "theorems/ek/size.py",
        "theorems/fan.py", "theorems/notes.py", "theorems/notes_km.py", "theorems/zhong/chapter4.py",
        "theorems/zhong/ineffective.py", "theorems/zhong/lemmas.py", "theorems/zhong/limits.py",
        "theorems/zhong/monotone.py", "theorems/zhong/notation.py", "theorems/zhong/prunetree.py")},
    "theorems/strategies.py": ("tests/test_theorems.py", "the registry's hypothesis strategies, drawn by every check"),
}

#: module (path under exactprune/) -> the test file where its tests live now (None: no test file
#: names it), until its mirror is written; one per line, so that each mirror removes its own line
NOT_YET_MIRRORED: Dict[str, Optional[str]] = {
}


def modules() -> List[str]:
    """Every module to mirror, as its path under exactprune/."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "__main__.py":
            continue
        if path.name == "__init__.py" and len(path.read_text(encoding="utf-8").splitlines()) < SMALL_FACE:
            continue
        found.append(path.relative_to(PACKAGE).as_posix())
    return found


def mirror(module: str) -> str:
    """The test file that mirrors ``module`` (a path under exactprune/).

    >>> mirror("tree/arrays.py"), mirror("peers/ccp/cv.py"), mirror("pruning.py"), mirror("knorm/__init__.py")
    ('tests/tree/test_arrays.py', 'tests/peers/ccp/test_cv.py', 'tests/test_pruning.py', 'tests/test_knorm.py')
    >>> mirror("__init__.py")
    'tests/test_exactprune.py'
    """
    parts = module[:-len(".py")].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1] or ["exactprune"]
    return "/".join(["tests", *parts[:-1], f"test_{parts[-1]}.py"])


def missing(module_list: List[str], existing: set) -> List[str]:
    """The modules of ``module_list`` whose mirror is not among ``existing`` test paths."""
    return [module for module in module_list if mirror(module) not in existing]


def _existing_tests() -> set:
    return {path.relative_to(ROOT).as_posix() for path in TESTS.rglob("test_*.py")}


def test_every_module_has_its_mirror_or_a_listed_reason():
    unlisted = [f"{module}: no {mirror(module)}" for module in missing(modules(), _existing_tests())
                if module not in TESTED_UNDER_ANOTHER_NAME and module not in NOT_YET_MIRRORED]
    assert not unlisted, "write the mirror (or list it with its reason):\n" + "\n".join(unlisted)


def test_the_lists_name_real_modules_still_without_a_mirror():
    current, existing = set(modules()), _existing_tests()
    for module in [*TESTED_UNDER_ANOTHER_NAME, *NOT_YET_MIRRORED]:
        assert module in current, f"{module} is listed but is not a module to mirror (gone, renamed or a small face)"
        assert mirror(module) not in existing, f"{module} now has {mirror(module)}: remove its entry"


def test_the_lists_are_disjoint():
    assert not set(TESTED_UNDER_ANOTHER_NAME) & set(NOT_YET_MIRRORED)


def test_the_test_files_named_exist():
    named = [test for test, _ in TESTED_UNDER_ANOTHER_NAME.values()] + [t for t in NOT_YET_MIRRORED.values() if t]
    assert all((ROOT / test).is_file() for test in named), sorted(t for t in named if not (ROOT / t).is_file())


# --- the check can fail ---------------------------------------------------------------------

def test_the_walk_finds_modules_and_skips_small_faces_and_main():
    found = modules()
    assert {"pruning.py", "tree/arrays.py", "peers/ccp/weakest_links.py", "theorems/__init__.py"} <= set(found)
    assert "__main__.py" not in found and "peers/__init__.py" not in found      # 29 lines: a face


def test_a_module_without_its_mirror_is_found():
    existing = {"tests/tree/test_arrays.py", "tests/test_pruning.py"}
    assert missing(["tree/arrays.py", "pruning.py", "tree/new_idea.py", "tree/__init__.py"], existing) == [
        "tree/new_idea.py", "tree/__init__.py"]
