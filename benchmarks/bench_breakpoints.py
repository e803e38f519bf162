"""The k-norm sequence with the breakpoint searches' root finder beyond 2^53 (Newton's method in
log k proposing, two certified signs settling) against the searches alone (gallop and bisection,
one certified sign per halving), side by side in one run (issue 38).

Trees: the fold trees of ``KNormTreeClassifierCV``'s benchmark (:func:`bench_path.fold_trees`:
600 seeded rows per database, 70/30 split, 5 stratified folds).  ``knorm_sequence(tree, prior,
crossings=False)`` both ways (the outputs checked equal; "alone" sets
``breakpoints.search.ROOT_FINDER_FROM`` beyond the search limit), best of ``--repeats`` per
fold, summed over the 5 folds; the exact searches and their certified signs per search, both
ways, and the ratio alone / root finder.  Not part of the tests.

    python benchmarks/bench_breakpoints.py [--databases segment,g6c15,g6c25] [--repeats 5]
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_path import fold_trees  # noqa: E402
from bench_prune_many import best_of  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", default="segment,g6c15,g6c25")
    parser.add_argument("--data-dir", default=os.environ.get("EXACTPRUNE_DATA"))
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    from exactprune.breakpoints import search
    from exactprune.limits import BREAKPOINT_EXACT_BITS
    from exactprune.sequence import knorm_sequence
    default = search.ROOT_FINDER_FROM

    def run(tree, prior, root_finder: bool):
        search.ROOT_FINDER_FROM = default if root_finder else 2 << BREAKPOINT_EXACT_BITS
        try:
            return knorm_sequence(tree, prior, crossings=False)
        finally:
            search.ROOT_FINDER_FROM = default

    def signs(seq) -> int:
        return sum(seq.decisions[f"search_{how}"] for how in ("float", "arb", "exact"))

    print(f"{'database':10} {'searches':>8} {'signs/search':>12} {'alone':>6} {'alone ms':>9} {'root ms':>8} "
          f"{'alone/root':>10}")
    for name in args.databases.split(","):
        try:
            trees = fold_trees(name, args.data_dir)
        except (FileNotFoundError, ValueError) as err:
            print(f"{name}: skipped ({err})", file=sys.stderr)
            continue
        alone = root = 0.0
        searches = signs_root = signs_alone = 0
        for tree, prior in trees:
            with_root, without = run(tree, prior, True), run(tree, prior, False)
            assert with_root.as_dict() == without.as_dict()
            searches += with_root.searches
            signs_root, signs_alone = signs_root + signs(with_root), signs_alone + signs(without)
            alone += best_of(lambda: run(tree, prior, False), args.repeats)
            root += best_of(lambda: run(tree, prior, True), args.repeats)
        per = (lambda n: f"{n / searches:.1f}") if searches else (lambda n: "-")
        print(f"{name:10} {searches:8} {per(signs_root):>12} {per(signs_alone):>6} {alone * 1e3:9.1f} "
              f"{root * 1e3:8.1f} {alone / root:10.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
