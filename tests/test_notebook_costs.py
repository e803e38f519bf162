"""Execute notebooks/costs_and_probabilities.py (jupytext py:percent) with nbclient at the reduced
size (EXACTPRUNE_NOTEBOOK_FAST=1); its cells assert the chapter-7 results."""
from __future__ import annotations

from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "costs_and_probabilities.py"


def test_costs_and_probabilities_notebook_runs(monkeypatch):
    monkeypatch.setenv("EXACTPRUNE_NOTEBOOK_FAST", "1")   # inherited by the kernel
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = jupytext.read(NOTEBOOK)
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()
    outputs = "".join(out.get("text", "") for cell in notebook.cells if cell.cell_type == "code"
                      for out in cell.get("outputs", []))
    assert "FAST=True" in outputs
    assert "whole-notebook checks passed" in outputs
