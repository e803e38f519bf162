"""Every notebook (jupytext py:percent in notebooks/) runs top to bottom with nbclient.

The notebooks assert their own results in their cells; here each runs at the reduced size
(EXACTPRUNE_NOTEBOOK_FAST=1), writes its figures to a temporary folder (EXACTPRUNE_FIGURES),
and must print the marker its last cells print and produce its figures.
"""
from __future__ import annotations

import os
from pathlib import Path

import jupytext
import nbclient
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

#: notebook -> (text its outputs must contain, figure files it must write)
EXPECTED = {
    "iris_case_study.py": ("", ["figure_5_3.png", "iris_decision_regions.png"]),
    "costs_and_probabilities.py": ("whole-notebook checks passed", []),
    "random_trees.py": ("", ["random_trees_synthetic.png", "random_trees_breast_cancer.png"]),
    "sklearn_error_bars.py": ("whole-tree coverage", []),
    "pruning_methods.py": ("Table 6.2", []),
    "rdt_experiments.py": ("Breiman's bound checks passed", ["rdt_figure3.png"]),
}


def test_every_notebook_is_tested():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.py")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_notebook_runs(name, tmp_path, monkeypatch):
    marker, figures = EXPECTED[name]
    monkeypatch.setenv("EXACTPRUNE_NOTEBOOK_FAST", "1")     # inherited by the kernel
    monkeypatch.setenv("EXACTPRUNE_FIGURES", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = jupytext.read(NOTEBOOKS / name)
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    outputs = "".join(out.get("text", "") for cell in notebook.cells if cell.cell_type == "code"
                      for out in cell.get("outputs", []))
    assert marker in outputs
    for figure in figures:
        assert (tmp_path / figure).exists(), figure


@pytest.mark.parametrize("paired", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_paired_ipynb_matches_its_py_percent_source(paired):
    """A committed .ipynb must carry the same cells as its jupytext .py (regenerate with
    `jupytext --to ipynb notebooks/NAME.py`)."""
    source = jupytext.read(NOTEBOOKS / paired.replace(".ipynb", ".py"))
    notebook = jupytext.read(NOTEBOOKS / paired)
    cells = lambda nb: [(c.cell_type, c.source.strip()) for c in nb.cells]
    assert cells(notebook) == cells(source)
