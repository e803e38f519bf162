"""The exact breakpoint searches beyond 2^53 with the root finder (Newton's method in log k
proposing, two certified signs settling) against the searches alone (gallop and bisection, one
certified sign per halving), side by side in one run (issue 38).

Searches: those the k-norm sequence makes on the fold trees of ``KNormTreeClassifierCV``'s
benchmark (:func:`bench_path.fold_trees`: 600 seeded rows per database, 70/30 split, 5
stratified folds), recorded as (F_d, k0, float guess) and run again both ways ("alone" sets
``breakpoints.search.ROOT_FINDER_FROM`` beyond the search limit): the breakpoints checked equal,
the certified signs per search, the best of ``--repeats`` of all a database's searches, and the
ratio alone / root finder.  Not part of the tests.

    python benchmarks/bench_breakpoints.py [--databases segment,g6c15,g6c25] [--repeats 5]
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_path import fold_trees  # noqa: E402
from bench_prune_many import best_of  # noqa: E402


def recorded_searches(trees) -> list:
    """(form, k0, guess) of every exact search the sequences of ``trees`` make."""
    from exactprune import sequence
    searches, real = [], sequence.next_breakpoint

    def record(form, k0, guess=None):
        searches.append((form, k0, guess))
        return real(form, k0, guess)

    sequence.next_breakpoint = record
    try:
        for tree, prior in trees:
            sequence.knorm_sequence(tree, prior, crossings=False)
    finally:
        sequence.next_breakpoint = real
    return searches


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", default="segment,g6c15,g6c25")
    parser.add_argument("--data-dir", default=os.environ.get("EXACTPRUNE_DATA"))
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    from exactprune.breakpoints import next_breakpoint, search
    from exactprune.limits import BREAKPOINT_EXACT_BITS
    default = search.ROOT_FINDER_FROM

    def run_all(searches, root_finder: bool) -> tuple:
        """The breakpoints and the certified signs asked, over all ``searches``."""
        search.ROOT_FINDER_FROM = default if root_finder else 2 << BREAKPOINT_EXACT_BITS
        try:
            found, signs = [], 0
            for form, k0, guess in searches:
                before = sum(form.decider.routes.values())
                found.append(next_breakpoint(form, k0, guess))
                signs += sum(form.decider.routes.values()) - before
                form.release()
            return found, signs
        finally:
            search.ROOT_FINDER_FROM = default

    print(f"{'database':10} {'searches':>8} {'beyond 2^53':>11} {'signs root':>10} {'signs alone':>11} "
          f"{'root ms':>8} {'alone ms':>9} {'alone/root':>10}")
    for name in args.databases.split(","):
        try:
            searches = recorded_searches(fold_trees(name, args.data_dir))
        except (FileNotFoundError, ValueError) as err:
            print(f"{name}: skipped ({err})", file=sys.stderr)
            continue
        (by_root, signs_root), (alone, signs_alone) = run_all(searches, True), run_all(searches, False)
        assert by_root == alone
        beyond = sum(isinstance(b, int) and b >= default for b in by_root)
        root_s = best_of(lambda: run_all(searches, True), args.repeats)
        alone_s = best_of(lambda: run_all(searches, False), args.repeats)
        ratio = f"{alone_s / root_s:10.1f}" if searches else f"{'-':>10}"
        print(f"{name:10} {len(searches):8} {beyond:11} {signs_root:10} {signs_alone:11} {root_s * 1e3:8.1f} "
              f"{alone_s * 1e3:9.1f} {ratio}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
