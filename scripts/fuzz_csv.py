"""The seeded CSV campaign of issue 36: ``exactprune grow`` on N generated files of six families
(locale numbers, missing-value spellings, float32 collisions, headerless files, huge exponents,
label spellings), each checked against what the file means (tests/csv_meaning.py: rows, classes,
column types, every printed split replayed over the raw rows).  Prints the counts per family and
outcome; exit status 1 if any input was changed silently, refused wrongly, hung or failed inside.

    PYTHONPATH=. python scripts/fuzz_csv.py --inputs 10000 --seed 36
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
import csv_meaning  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()

    def report(done, counts):
        print(f"... {done} inputs: {json.dumps(counts)}", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory() as folder:
        result = csv_meaning.campaign(args.inputs, args.seed, folder, report=report)
    totals: dict = {}
    for by_outcome in result["counts"].values():
        for outcome, count in by_outcome.items():
            totals[outcome] = totals.get(outcome, 0) + count
    print(json.dumps({"inputs": args.inputs, "seed": args.seed, "totals": totals, "by_family": result["counts"]},
                     indent=1))
    for outcome, examples in result["examples"].items():
        for example in examples:
            print(f"{outcome}: {json.dumps(example)[:600]}")
    return 0 if set(totals) <= {"as meant"} else 1


if __name__ == "__main__":
    sys.exit(main())
