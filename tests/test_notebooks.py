"""Every notebook (jupytext py:percent in notebooks/) runs top to bottom with nbclient.

The notebooks assert their own results in their cells; here each runs at the reduced size
(EXACTPRUNE_NOTEBOOK_FAST=1), writes its figures to a temporary folder (EXACTPRUNE_FIGURES),
and must output its marker (printed, or in a displayed Markdown table) and produce its figures.
Each also has its executed .ipynb committed beside it, with the same cells (the documentation
site renders those), and every figure committed in notebooks/figures/ is one a notebook writes.
"""
from __future__ import annotations

from pathlib import Path

import jupytext
import nbclient
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

#: notebook -> (text its outputs must contain, figure files it writes in the reduced run)
EXPECTED = {
    "iris_case_study.py": ("disagreeing: ['4.20', 'B.8']", ["figure_5_3.png", "iris_decision_regions.png"]),
    "costs_and_probabilities.py": ("whole-notebook checks passed", ["cost_optimal_label.png"]),
    "random_trees.py": ("", ["random_trees_synthetic.png", "random_trees_purity_scarcity.png",
                             "random_trees_breast_cancer.png"]),
    "sklearn_error_bars.py": ("whole-tree coverage", ["sklearn_error_bars_g2c15.png", "sklearn_error_bars_calibration.png",
                                                      "sklearn_error_bars_display.png"]),
    "pruning_methods.py": ("Table 6.2", ["pruning_methods_g2c15.png"]),
    "chapter6.py": ("chapter 6 comparison done", ["chapter6_vs_printed.png", "chapter6_agreement.png",
                                                  "chapter6_scaling.png"]),
    "rdt_experiments.py": ("Breiman's bound checks passed", ["rdt_figure3.png", "rdt_figure3_dd.png", "rdt_figure4.png",
                                                              "rdt_figure5.png", "rdt_figure6.png"]),
}
#: figures only the full run writes (rdt_experiments: Figure 7 needs the UCI rows of the full grid)
FULL_RUN_ONLY = {"rdt_figure7.png": "rdt_experiments.py"}


def test_every_notebook_is_tested():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.py")) == sorted(EXPECTED)
    # and no .ipynb without its .py source
    assert sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")) == sorted(p.stem for p in NOTEBOOKS.glob("*.py"))


def test_every_committed_figure_is_written_by_a_notebook():
    """notebooks/figures/ holds exactly the figures the notebooks write (test_notebook_runs checks
    that each notebook writes those EXPECTED lists for it)."""
    listed = sorted([figure for _, figures in EXPECTED.values() for figure in figures] + list(FULL_RUN_ONLY))
    assert sorted(p.name for p in (NOTEBOOKS / "figures").glob("*.png")) == listed


@pytest.mark.slow
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
    outputs = "".join(out.get("text", "") + out.get("data", {}).get("text/markdown", "")
                      for cell in notebook.cells if cell.cell_type == "code" for out in cell.get("outputs", []))
    assert marker in outputs
    for figure in figures:
        assert (tmp_path / figure).exists(), figure


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_notebook_has_its_executed_ipynb_with_the_same_cells(name):
    """Every notebook is committed twice: the jupytext py:percent source and the executed .ipynb
    the documentation site renders (it never executes them). Regenerate with
    `jupytext --to ipynb notebooks/NAME.py` and execute it (`jupyter nbconvert --execute --inplace`,
    or nbclient with the notebooks/ folder as working directory)."""
    paired = NOTEBOOKS / name.replace(".py", ".ipynb")
    assert paired.exists(), f"{paired.name} is missing"
    source = jupytext.read(NOTEBOOKS / name)
    notebook = jupytext.read(paired)
    cells = lambda nb: [(c.cell_type, c.source.strip()) for c in nb.cells]
    assert cells(notebook) == cells(source)
    code = [c for c in notebook.cells if c.cell_type == "code" and c.source.strip()]
    assert code and all(c.get("execution_count") for c in code), "not executed"
    errors = [out for c in code for out in c.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors, errors[0].get("ename")
