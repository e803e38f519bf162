"""``exactprune grow DATA.csv``: a CART tree grown by scikit-learn, written as count-tree JSON."""
from __future__ import annotations


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "grow", help="grow a CART tree on a CSV file and write its count tree as JSON",
        description="Grow a CART tree (scikit-learn, Gini, grown until pure unless limited) on a CSV "
                    "file (plain or gzip, header row, class in the last column or --target) and write "
                    "the count tree JSON with split descriptions to stdout, e.g. "
                    "'exactprune grow data.csv | exactprune breakpoints -'. Categorical attributes "
                    "(non-numeric tokens, or --categorical) are one-hot coded; missing values are "
                    "refused (Zhong's Determinacy Assumption).")
    parser.add_argument("data", help="CSV file (plain or gzip-compressed) with a header row")
    add_data_arguments(parser)
    parser.add_argument("--criterion", default="gini", choices=["gini", "entropy", "log_loss"],
                        help="impurity (default gini, as CART)")
    parser.add_argument("--max-depth", type=int, default=None, help="depth limit (default none)")
    parser.add_argument("--min-samples-leaf", type=int, default=1, help="least examples in a leaf (default 1)")
    parser.add_argument("--min-samples-split", type=int, default=2,
                        help="least examples in a node that is split (default 2)")
    parser.add_argument("--random-state", type=int, default=0,
                        help="seed of scikit-learn's tie-breaking among equally good splits (default 0)")
    parser.add_argument("--indent", type=int, default=None, help="indent the JSON by this many spaces")
    parser.set_defaults(func=run)


def add_data_arguments(parser) -> None:
    """--target and --categorical, shared by the commands that read a CSV file."""
    parser.add_argument("--target", default=None, help="name of the class column (default: the last column)")
    parser.add_argument("--categorical", default=None,
                        help="comma-separated attribute names to treat as categorical even if numeric")


def categorical_names(text) -> list:
    return [name.strip() for name in text.split(",") if name.strip()] if text else []


def run(args) -> int:
    from ..datasets import grow_tree, load_csv
    for option in ("max_depth", "min_samples_leaf"):
        value = getattr(args, option)
        if value is not None and value < 1:
            raise ValueError(f"--{option.replace('_', '-')} must be at least 1, got {value}")
    if args.min_samples_split < 2:
        raise ValueError(f"--min-samples-split must be at least 2, got {args.min_samples_split}")
    data = load_csv(args.data, target=args.target, categorical=categorical_names(args.categorical))
    tree = grow_tree(data, criterion=args.criterion, max_depth=args.max_depth,
                     min_samples_leaf=args.min_samples_leaf, min_samples_split=args.min_samples_split,
                     random_state=args.random_state)
    print(tree.to_json(indent=args.indent))
    return 0
