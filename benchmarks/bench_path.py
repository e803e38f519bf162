"""The k-norm sequence with its path proposed in floats and certified at once, against the walk
alone (``_SequenceBuilder.PROPOSE_PATH`` False), side by side in one run (issue 38).

Trees: the fold trees of ``KNormTreeClassifierCV``'s benchmark: per database, 600 seeded rows
(``exactprune.experiments.load_dataset(name, seed=0, n=600)``; CSV files from ``--data-dir`` or
``EXACTPRUNE_DATA``; a database without its file is skipped), 70/30 split (random_state 0),
``StratifiedKFold(5, shuffle=True, random_state=0)`` on the 70%, each fold's tree grown and
counted as ``KNormTreeClassifierCV`` does (``KNormTreeClassifier(random_state=0)``, k = 1).
``knorm_sequence(tree, prior, crossings=False)`` both ways (the outputs checked equal), best of
``--repeats`` per fold, summed over the 5 folds; the stages certified from the proposal, of all
finite stages, and the ratio walk / path.  Not part of the tests.

    python benchmarks/bench_path.py [--databases abalone,letter,segment,g6c15] [--repeats 5]
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_prune_many import best_of  # noqa: E402


def fold_trees(name: str, data_dir) -> list:
    """(tree, prior) of each fold, as the CV estimator's ``_fold_path`` grows them."""
    from sklearn.base import clone
    from sklearn.model_selection import StratifiedKFold, train_test_split

    from exactprune.experiments import load_dataset
    from exactprune.sklearn import KNormTreeClassifier
    X, y = load_dataset(name, seed=0, n=600, data_dir=data_dir)
    X, _, y, _ = train_test_split(X, y, test_size=0.3, stratify=y, random_state=0)
    out = []
    for train, _ in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
        clf = clone(KNormTreeClassifier(random_state=0)).set_params(k=1)
        clf._validated_parameters()
        grown, arrays = clf._grow(*clf._validate_rows(X[train], y[train], None))
        out.append(clf._count_tree_and_prior(grown, arrays, 1))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", default="abalone,letter,segment,g6c15")
    parser.add_argument("--data-dir", default=os.environ.get("EXACTPRUNE_DATA"))
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    from exactprune import sequence
    from exactprune.sequence import knorm_sequence

    def run(tree, prior, propose: bool):
        sequence._SequenceBuilder.PROPOSE_PATH = propose
        try:
            return knorm_sequence(tree, prior, crossings=False)
        finally:
            sequence._SequenceBuilder.PROPOSE_PATH = True

    print(f"{'database':10} {'stages':>6} {'certified':>9} {'walk ms':>8} {'path ms':>8} {'walk/path':>9}")
    for name in args.databases.split(","):
        try:
            trees = fold_trees(name, args.data_dir)
        except (FileNotFoundError, ValueError) as err:
            print(f"{name}: skipped ({err})", file=sys.stderr)
            continue
        walk = path = 0.0
        stages = certified = 0
        for tree, prior in trees:
            by_path, by_walk = run(tree, prior, True), run(tree, prior, False)
            assert by_path.as_dict() == by_walk.as_dict()
            stages += sum(s.k_from != "inf" for s in by_path.stages)
            certified += by_path.decisions["stages_path_certified"]
            walk += best_of(lambda: run(tree, prior, False), args.repeats)
            path += best_of(lambda: run(tree, prior, True), args.repeats)
        print(f"{name:10} {stages:6} {certified:9} {walk * 1e3:8.1f} {path * 1e3:8.1f} {walk / path:9.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
