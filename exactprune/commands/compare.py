"""``exactprune compare DATASET``: CCP, 2-norm and EBP side by side under Zhong's Fig 6.1 protocol."""
from __future__ import annotations

import argparse
from dataclasses import asdict

from .. import limits
from .arguments import UsageError, bounded_int, seed_type
from .csv_options import add_data_arguments, load_from_args, load_options

#: the protocol's 20 subsets
_SUBSETS = limits.CLI_PROTOCOL_SUBSETS
#: the data options (commands.csv_options.add_data_arguments) that only a CSV file takes
_CSV_ONLY = ("target", "categorical", "sep", "max_levels", "decimal", "thousands", "no_header", "data_dir")


def register(subparsers) -> None:
    """Add the ``compare`` command (the pruning methods under Zhong's Figure 6.1 protocol) to
    argparse ``subparsers``; the seed defaults to 0 and every run of a ratio is made.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["compare"].parse_args(["iris", "--runs", "2"])
    >>> args.dataset, args.runs, args.seed, args.func is _run
    ('iris', 2, 0, True)
    """
    from ..datasets import DATASETS
    from ..parallel import add_parallel_arguments
    parser = subparsers.add_parser(
        "compare", help="the pruning methods side by side on one data set (Zhong ch 6)",
        description="CCP (10-fold CV, 1-SE), 2-norm and EBP (C4.5 R8, raising) under Zhong's Figure 6.1 "
                    f"protocol: the data shuffled once and cut into {_SUBSETS} subsets; at ratio r% run i trains "
                    f"on r/5 consecutive subsets from subset i and tests on the rest, {_SUBSETS} runs per ratio.")
    parser.add_argument("dataset", metavar="DATASET",
                        help=f"one of {', '.join(DATASETS)}; a CSV file (plain or gzip, header row, class in the "
                             "last column or --target; read as grow reads it, with the same --target, --categorical, "
                             "--sep, --max-levels, --decimal, --thousands and --no-header, which only a CSV file "
                             "takes); or NAME for NAME.csv[.gz] in "
                             "--data-dir or $EXACTPRUNE_DATA")
    add_data_arguments(parser)
    parser.add_argument("--data-dir", default=None, metavar="FOLDER",
                        help="folder of NAME.csv[.gz] databases (default: $EXACTPRUNE_DATA)")
    parser.add_argument("--ratios", type=_ratios, default=[1, 10], metavar="R,R",
                        help="training ratios in %%, distinct multiples of 5 in 5..95 (default 5,50)")
    parser.add_argument("--runs", type=bounded_int(1, _SUBSETS, f" (the protocol has {_SUBSETS} runs per ratio)"),
                        default=None, metavar="N", help=f"runs per ratio, 1..{_SUBSETS} (default all {_SUBSETS})")
    parser.add_argument("--examples", type=bounded_int(_SUBSETS, limits.CLI_MAX_ROWS), default=None, metavar="N",
                        help=f"use N examples drawn at random, {_SUBSETS}..{limits.CLI_MAX_ROWS:,} (default all)")
    parser.add_argument("--seed", type=seed_type(), default=0, metavar="S",
                        help=f"seed of the shuffle, of --examples' draw and (plus the run's index) of tree "
                             f"growing and CV folds, 0..{limits.CLI_MAX_SEED:,} (default 0)")
    parser.add_argument("--json", action="store_true", help="machine-readable output (docs/cli_output.md)")
    parser.add_argument("--merge-float32", action="store_true",
                        help="run a CSV file in which float32 (scikit-learn's tree values) merges two different values "
                             "of a column (refused without it, naming the column and the values)")
    parser.add_argument("--no-times", action="store_true",
                        help="leave out the pruning times (Table 6.4, per-run seconds): the only part of the "
                             "output that varies between two runs, so that the rest compares byte for byte")
    add_parallel_arguments(parser)
    parser.set_defaults(func=_run)


def parse_ratios(text: str) -> list:
    """Training ratios in % ("5,50") as numbers m of the 20 subsets of Figure 6.1, each once
    (a ``ValueError`` otherwise; also used by benchmarks/bench_chapter6.py).

    Parameters
    ----------
    text : str
        Comma-separated percentages, each a multiple of 5 in 5..95.

    Returns
    -------
    list of int
        Each ratio divided by 5 (the number of the 20 subsets trained on), in the order given.

    Examples
    --------
    >>> parse_ratios("5,50")
    [1, 10]
    >>> parse_ratios("50,50")
    Traceback (most recent call last):
    ValueError: each ratio once, got 50 twice
    """
    parts = [x.strip() for x in text.split(",")]
    if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise ValueError(f"must be integers such as 5,50, got {text[:40]!r}")
    ratios = [int(p) for p in parts]
    for r in ratios:
        if r % 5 or not 5 <= r <= 95:
            raise ValueError(f"each ratio must be a multiple of 5 in 5..95 (1..19 of {_SUBSETS} subsets), got {r}")
        if ratios.count(r) > 1:
            raise ValueError(f"each ratio once, got {r} twice")
    return [r // 5 for r in ratios]


def _ratios(text: str) -> list:
    """``--ratios`` at parse time (argparse names the option in the refusal)."""
    try:
        return parse_ratios(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _check_rows(args) -> None:
    """Refuse, before any work, data options given for a built-in data set, and data the protocol
    cannot cut into 20 non-empty subsets (a CSV file is read here, so that its refusals come
    first)."""
    from ..datasets import DATA_ENV, DATASETS, GAUSSIAN, float32_merges, resolve_data_path
    if args.dataset in DATASETS:
        given = [f"--{name.replace('_', '-')}" for name in _CSV_ONLY if getattr(args, name) is not None]
        if given:
            raise UsageError(f"{', '.join(given)} {'applies' if len(given) == 1 else 'apply'} to a CSV file; "
                             f"{args.dataset!r} is a built-in data set (give a file's path to read it instead)")
    if args.dataset in GAUSSIAN:
        classes = GAUSSIAN[args.dataset][0]
        n = args.examples if args.examples is not None else GAUSSIAN[args.dataset][2]
        rows, why = n // classes * classes, f" (--examples rounded down to a multiple of its {classes} classes)"
    elif args.dataset in DATASETS:
        return                                   # scikit-learn's sets have 150 rows or more
    else:
        path = resolve_data_path(args.dataset, args.data_dir)
        if path is None:
            raise UsageError(f"unknown data set {args.dataset!r}: not a file, not NAME.csv[.gz] in the data folder "
                             f"(--data-dir or {DATA_ENV}), not one of {', '.join(DATASETS)}")
        data = load_from_args(path, args)
        merged = float32_merges(data)
        if merged and not args.merge_float32:
            column, low, high = merged
            raise UsageError(f"{args.dataset}: column {column!r} has the different values {low!r} and {high!r}, which "
                             f"float32 (the values scikit-learn's trees compare) makes one; give --merge-float32 to "
                             f"run the protocol with them merged")
        total = len(data.y)
        rows = total if args.examples is None else min(total, args.examples)
        why = ""
    if rows < _SUBSETS:
        raise UsageError(f"{args.dataset}: {rows} rows{why}; the protocol cuts the data into {_SUBSETS} subsets "
                         f"and needs at least {_SUBSETS} rows")


def _run(args) -> int:
    from ..experiments import format_tables, run_protocol, summarize
    from ..parallel import workers_from_args
    from .output import print_json
    from ..datasets import DATASETS
    _check_rows(args)
    # a CSV file is read by the protocol as _check_rows read it (load_from_args); a built-in set takes no options
    csv = None if args.dataset in DATASETS else load_options(args)
    with workers_from_args(args) as workers:
        runs = run_protocol(args.dataset, ratios=args.ratios, seed=args.seed, n=args.examples, runs=args.runs,
                            data_dir=args.data_dir, csv=csv, jobs=workers.jobs, progress=workers.progress)
    tables = summarize(runs)
    dropped = {"seconds"} if args.no_times else set()
    tables = {what: table for what, table in tables.items() if what not in dropped}
    if args.json:
        print_json({"dataset": args.dataset, "tables": {w: {str(r): v for r, v in t.items()} for w, t in tables.items()},
                    "runs": [{k: v for k, v in asdict(r).items() if k not in dropped} for r in runs]})
    else:
        print(format_tables(tables))
    return 0
