"""exactprune.commands.moments: ``exactprune moments`` and ``exactprune prune`` (Zhong 4.28-4.29,
Fig 4.1), exact up to EXACT_K_LIMIT and certified balls above it."""
from __future__ import annotations

import json
import sys

from cli_cases import run


def test_moments_json(capsys, tree_file):
    status, out, _ = run(capsys, "moments", tree_file, "--k", "2", "--json")
    assert status == 0
    data = json.loads(out)
    c21 = next(n for n in data["nodes"] if n["name"] == "c21")
    assert c21["as_leaf"] == "56/4181"          # Zhong (B.2), exact


def test_prune_json_matches_figure_b1d(capsys, tree_file):
    status, out, _ = run(capsys, "prune", tree_file, "--k", "2", "--lam", "0.5", "--json")
    data = json.loads(out)
    assert status == 0 and data["leaves"] == 3 and data["pruned"] == []
    assert data["moment"] == "7442396252876/1270955508091395"   # (B.14), exact


def test_moments_json_keys_keep_their_meaning_above_the_exact_limit(capsys, tree_file):
    """k > 4096 used to put ball strings under the keys that hold "p/q" strings."""
    _, out, _ = run(capsys, "moments", tree_file, "--k", "2", "--json")
    c21 = next(n for n in json.loads(out)["nodes"] if n["name"] == "c21")
    assert c21["as_leaf"] == "56/4181" and c21["as_leaf_ball"] is None and c21["subtree_ball"] is None
    _, out, _ = run(capsys, "moments", tree_file, "--k", "5000", "--json")
    c21 = next(n for n in json.loads(out)["nodes"] if n["name"] == "c21")
    assert c21["as_leaf"] is None and c21["as_leaf_ball"].startswith("[") and "+/-" in c21["as_leaf_ball"]
    _, out, _ = run(capsys, "prune", tree_file, "--k", "5000", "--json")
    data = json.loads(out)
    assert data["moment"] is None and "+/-" in data["moment_ball"]


def test_moments_at_the_arb_limit_are_not_vacuous(capsys, tree_file):
    """k = 1e22 printed [+/- 7.21e+216765558] for every node; at the limit 10^9 the balls keep digits."""
    status, out, _ = run(capsys, "moments", tree_file, "--k", "1000000000", "--json")
    assert status == 0
    for node in json.loads(out)["nodes"]:
        ball = node["as_leaf_ball"]
        assert not ball.startswith("[+/-"), ball


def test_long_runs_show_progress_on_a_terminal(capsys, monkeypatch):
    import exactprune.commands.moments as moments
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    progress = moments._Progress("moments: nodes done", 10)
    progress.start -= 10                  # as if the run had started 10 s ago
    progress.update(4)
    progress.close()
    assert "moments: nodes done: 4 of 10" in capsys.readouterr().err


def test_an_exact_tie_beyond_the_exact_limit_is_decided(capsys, tmp_path):
    """Nodes without examples: the split's moment (1/2 + 1/2 of the same leaf moment, 4.11 with
    eta = 1/2 and n = 0) equals the leaf's at every k, a tie, so the split is pruned - at k = 4096
    (exact rationals) and beyond EXACT_K_LIMIT, up to the command line's largest k (the kernel's
    exact route sees the identical terms)."""
    path = tmp_path / "tie.json"
    path.write_text('{"counts":[0,0],"children":[{"counts":[0,0]},{"counts":[0,0]}]}')
    for k in ("4096", "4097", "1000000000"):
        status, out, err = run(capsys, "prune", str(path), "--k", k)
        assert status == 0 and err == "" and out.startswith(f"PruneTree at k = {k}: 1 leaf, pruned root"), (k, err)
