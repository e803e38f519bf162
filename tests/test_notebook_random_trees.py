"""Execute notebooks/random_trees.py (jupytext py:percent) at reduced size; its cells assert."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_random_trees_notebook_runs(tmp_path, monkeypatch):
    jupytext = pytest.importorskip("jupytext")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.setenv("EXACTPRUNE_NOTEBOOK_FAST", "1")
    monkeypatch.setenv("EXACTPRUNE_FIGURES", str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    notebook = jupytext.read(ROOT / "notebooks" / "random_trees.py")
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    assert (tmp_path / "random_trees_synthetic.png").exists()
    assert (tmp_path / "random_trees_breast_cancer.png").exists()
