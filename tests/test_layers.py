"""The import structure of the package: no import runs back up the layers of docs/architecture.md,
no module imports a sibling on its own layer, and no import circle (issue 34).

The layers are read from the ``text`` block of docs/architecture.md (its "The layers" section),
so the page and this test cannot drift apart; every import of the package is read with ``ast``,
those inside functions included (a lazy import is still an arrow); imports under
``if TYPE_CHECKING:`` are for annotations only and never run, so they are not arrows.
"""
from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "exactprune"
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def layers_of_architecture(text: str) -> list:
    """The layers from the first ``text`` block after "## The layers", top first: one list of unit
    names (``knorm``, ``tree``, ``commands``: a module or a package's first name) per line; a line
    starting with spaces continues the line above."""
    section = text.split("## The layers", 1)[1]
    block = section.split("```text", 1)[1].split("```", 1)[0]
    rows: list = []
    for line in block.strip("\n").splitlines():
        names_part = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        names = [re.sub(r"(\.py|/)$", "", name.strip()) for name in names_part.split(",") if name.strip()]
        if line.startswith(" ") and rows:
            rows[-1].extend(names)
        else:
            rows.append(names)
    return rows


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set:
    """Every ``exactprune`` module a file imports, anywhere in the file (a ``from x import name`` is
    an arrow to the module ``x.name`` where that is a module, else to ``x``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # `from x import y` is an arrow to the module x.y where y is one, else to x
            found.update(f"{target}.{alias.name}" if is_module(f"{target}.{alias.name}") else target
                         for alias in node.names)
    return {target for target in found if target.split(".")[0] == "exactprune"}


def run_time_nodes(tree: ast.AST):
    """Every node of ``tree`` except those under ``if TYPE_CHECKING:`` (imports for annotations
    only, never run: not an arrow at run time)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                stack.extend(child.orelse)
            else:
                stack.append(child)


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


@functools.lru_cache(maxsize=None)
def module_graph() -> dict:
    """{module: the package modules it imports}, every file parsed once per session (the three
    checks below read it, none changes it)."""
    files = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in files.items():
        graph[name] = {target for target in imports_of(path) if target in files and target != name}
    return graph


def unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer_violations(graph: dict, layers: list) -> list:
    """Arrows from a unit to a unit on a higher layer or on its own (``cli`` loading ``commands``
    is the one sanctioned sibling arrow)."""
    level = {name: depth for depth, row in enumerate(reversed(layers)) for name in row}
    wrong = []
    for source, targets in graph.items():
        for target in targets:
            low, high = unit(source), unit(target)
            if low in ("", "__main__") or not high or low == high:
                continue
            if (low, high) == ("cli", "commands"):
                continue
            if level[high] >= level[low]:
                wrong.append(f"{source} -> {target}")
    return sorted(wrong)


def circles(graph: dict) -> list:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    found = []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# A package's __init__ imports its own modules, and in theorems/ and errata/ those modules take the
# registry's record type (Theorem, Erratum) from the package: that arrow from a module to its own
# package is left out of the circles (the package's __init__ is its face, not a sibling module).
def without_package_faces(graph: dict) -> dict:
    return {source: {target for target in targets if not source.startswith(target + ".")}
            for source, targets in graph.items()}


def test_the_architecture_page_names_every_unit_once():
    layers = layers_of_architecture(ARCHITECTURE.read_text(encoding="utf-8"))
    named = [name for row in layers for name in row]
    assert len(named) == len(set(named)), named
    units = {unit(module) for module in module_graph()} - {"", "__main__"}
    assert units == set(named), (sorted(units - set(named)), sorted(set(named) - units))


def test_no_import_runs_back_up_the_layers():
    layers = layers_of_architecture(ARCHITECTURE.read_text(encoding="utf-8"))
    assert layer_violations(module_graph(), layers) == []


def test_no_import_circle():
    assert circles(without_package_faces(module_graph())) == []


# The checks themselves, on made-up graphs: each can fail.
def test_the_checks_find_an_upward_arrow_a_sibling_arrow_and_a_circle():
    layers = [["commands"], ["errata"], ["knorm", "datasets"]]
    graph = {"exactprune.errata.peers": {"exactprune.commands.common"},
             "exactprune.commands.common": set(),
             "exactprune.knorm": {"exactprune.datasets"}, "exactprune.datasets": set()}
    assert layer_violations(graph, layers) == ["exactprune.errata.peers -> exactprune.commands.common",
                                               "exactprune.knorm -> exactprune.datasets"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_lazy_imports_inside_functions_are_arrows(tmp_path):
    source = tmp_path / "exactprune" / "knorm.py"
    source.parent.mkdir()
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sklearn import estimator\n"
                      "def f():\n    from .commands.common import print_json\n    return print_json\n")
    global ROOT
    saved = ROOT
    ROOT = tmp_path
    try:
        assert imports_of(source) == {"exactprune.commands.common"}
    finally:
        ROOT = saved


@pytest.mark.parametrize("line, expected", [
    ("cli.py, commands/                         the command line", [["cli", "commands"]]),
    ("sequence.py, costs.py, classprob.py,      k-norm sequence\n  casestudy.py                              Zhong",
     [["sequence", "costs", "classprob", "casestudy"]]),
])
def test_layers_are_read_from_the_page_as_written(line, expected):
    assert layers_of_architecture(f"## The layers\n\n```text\n{line}\n```\n") == expected
