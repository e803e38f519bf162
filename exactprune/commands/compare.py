"""``exactprune compare DATASET``: CCP, 2-norm and EBP side by side under Zhong's Fig 6.1 protocol."""
from __future__ import annotations

from dataclasses import asdict


def register(subparsers) -> None:
    from ..datasets import DATASETS
    from ..parallel import add_parallel_arguments
    from .grow import add_data_arguments
    parser = subparsers.add_parser(
        "compare", help="the pruning methods side by side on one data set (Zhong ch 6)",
        description="CCP (10-fold CV, 1-SE), 2-norm and EBP (C4.5 R8, raising) under Zhong's Figure 6.1 "
                    f"protocol. DATASET: one of {', '.join(DATASETS)}, a CSV file (plain or gzip, header "
                    "row, class in the last column or --target; categorical attributes one-hot coded; "
                    "missing values refused), or NAME for NAME.csv[.gz] in --data-dir or $EXACTPRUNE_DATA.")
    parser.add_argument("dataset")
    add_data_arguments(parser)
    parser.add_argument("--data-dir", default=None,
                        help="folder of NAME.csv[.gz] databases (default: $EXACTPRUNE_DATA)")
    parser.add_argument("--ratios", default="5,50", help="training ratios in %% of 20 subsets (default 5,50)")
    parser.add_argument("--runs", type=int, default=None, help="runs per ratio (default all 20)")
    parser.add_argument("--examples", type=int, default=None, help="use this many examples (default all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--no-times", action="store_true",
                        help="leave out the pruning times (Table 6.4, per-run seconds): the only part of the "
                             "output that varies between two runs, so that the rest compares byte for byte")
    add_parallel_arguments(parser)
    parser.set_defaults(func=run)


def parse_ratios(text: str) -> list:
    """Training ratios in % ("5,50") as numbers m of the 20 subsets of Figure 6.1 ([1, 10])."""
    try:
        ratios = [int(x) for x in text.split(",")]
    except ValueError:
        raise ValueError(f"--ratios must be integers such as 5,50, got {text!r}") from None
    for r in ratios:
        if r % 5 or not 5 <= r <= 95:
            raise ValueError(f"--ratios: each ratio must be a multiple of 5 in 5..95 (1..19 of 20 subsets), got {r}")
    return [r // 5 for r in ratios]


def run(args) -> int:
    from ..experiments import format_tables, run_protocol, summarize
    from ..parallel import workers_from_args
    from .common import print_json
    from .grow import categorical_names
    ms = parse_ratios(args.ratios)
    if args.runs is not None and args.runs < 1:
        raise ValueError(f"--runs must be positive, got {args.runs}")
    with workers_from_args(args) as workers:
        runs = run_protocol(args.dataset, ratios=ms, seed=args.seed, n=args.examples, runs=args.runs,
                            data_dir=args.data_dir, target=args.target,
                            categorical=categorical_names(args.categorical),
                            jobs=workers.jobs, progress=workers.progress)
    tables = summarize(runs)
    dropped = {"seconds"} if args.no_times else set()
    tables = {what: table for what, table in tables.items() if what not in dropped}
    if args.json:
        print_json({"dataset": args.dataset, "tables": {w: {str(r): v for r, v in t.items()} for w, t in tables.items()},
                    "runs": [{k: v for k, v in asdict(r).items() if k not in dropped} for r in runs]})
    else:
        print(format_tables(tables))
    return 0
