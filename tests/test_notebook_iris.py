"""Execute notebooks/iris_case_study.py (jupytext py:percent) top to bottom; its cells assert."""
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")
nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def test_iris_case_study_runs_without_errors():
    nb = jupytext.read(NOTEBOOKS / "iris_case_study.py")
    nb = nbformat.from_dict(nb) if not isinstance(nb, nbformat.NotebookNode) else nb
    client = nbclient.NotebookClient(nb, kernel_name="python3", timeout=600,
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    errors = [out for cell in nb.cells if cell.cell_type == "code"
              for out in cell.get("outputs", []) if out.get("output_type") == "error"]
    assert not errors, errors
    assert (NOTEBOOKS / "figures" / "figure_5_3.png").exists()
    assert (NOTEBOOKS / "figures" / "iris_decision_regions.png").exists()
