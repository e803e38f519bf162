"""``exactprune grow DATA.csv``: a CART tree grown by scikit-learn, written as count-tree JSON."""
from __future__ import annotations

from .. import limits
from .arguments import bounded_int, seed_type
from .csv_options import add_data_arguments, load_from_args


def register(subparsers) -> None:
    """Add the ``grow`` command (a CART tree grown on a CSV file, written as count-tree JSON) to
    argparse ``subparsers``; growing defaults to scikit-learn's: Gini, no depth limit, one
    example per leaf at least, random state 0.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["grow"].parse_args(["data.csv", "--max-depth", "3"])
    >>> args.data, args.criterion, args.max_depth, args.min_samples_leaf, args.random_state, args.func is run
    ('data.csv', 'gini', 3, 1, 0, True)
    """
    parser = subparsers.add_parser(
        "grow", help="grow a CART tree on a CSV file and write its count tree as JSON",
        description="Grow a CART tree (scikit-learn, Gini, grown until pure unless limited) on a CSV "
                    "file (plain or gzip, header row, class in the last column or --target) and write "
                    "the count tree JSON to stdout, every split named in the CSV's terms ('length <= 0.5': the "
                    "largest value that goes left, in full; 'sex != M'; 'feature' is the column's position in the "
                    "CSV header), e.g. "
                    "'exactprune grow data.csv | exactprune breakpoints -'. A column of numbers is "
                    "numerical, a column of text categorical (one-hot coded), a mix, a locale number or a unit "
                    "is refused naming the row, the value and the option that reads it; missing values are "
                    "refused (Zhong's Determinacy Assumption); the reading is stated in docs/csv.md.")
    parser.add_argument("data", metavar="DATA.csv", help="CSV file (plain or gzip-compressed) with a header row")
    add_data_arguments(parser)
    parser.add_argument("--criterion", default="gini", choices=["gini", "entropy", "log_loss"],
                        help="impurity (default gini, as CART)")
    parser.add_argument("--max-depth", type=bounded_int(1, limits.CLI_MAX_TREE_DEPTH), default=None, metavar="D",
                        help=f"depth limit, 1..{limits.CLI_MAX_TREE_DEPTH:,} (default: none)")
    parser.add_argument("--min-samples-leaf", type=bounded_int(1, limits.CLI_MAX_ROWS), default=1, metavar="N",
                        help=f"least examples in a leaf, 1..{limits.CLI_MAX_ROWS:,} (default 1)")
    parser.add_argument("--min-samples-split", type=bounded_int(2, limits.CLI_MAX_ROWS), default=2,
                        metavar="N", help=f"least examples in a node that is split, 2..{limits.CLI_MAX_ROWS:,} "
                                          f"(default 2)")
    parser.add_argument("--random-state", type=seed_type(), default=0, metavar="S",
                        help=f"seed of scikit-learn's tie-breaking among equally good splits, "
                             f"0..{limits.CLI_MAX_SEED:,} (default 0)")
    parser.add_argument("--indent", type=bounded_int(0, limits.CLI_MAX_INDENT), default=None, metavar="N",
                        help=f"indent the JSON by N spaces, 0..{limits.CLI_MAX_INDENT} (default: one line)")
    parser.set_defaults(func=run)


def run(args) -> int:
    """``exactprune grow``: grow a CART tree on the CSV file ``args.data`` and print its count
    tree as JSON; returns the exit status 0.

    On the rows (x, class) = (1, a), (2, a), (3, b) the one pure split sends x = 1 and 2 left,
    written x <= 2.0 (the largest value that goes left, in full), leaving counts (2, 0) and (0, 1):

    Parameters
    ----------
    args : argparse.Namespace
        The parsed arguments of :func:`register`'s ``grow`` parser: the CSV path ``data``, the data
        options (:func:`~exactprune.commands.csv_options.add_data_arguments`) and the growing
        options.

    Returns
    -------
    int
        The exit status, 0.

    Examples
    --------
    >>> import argparse, os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "data.csv")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write("x,colour,y\\n1,red,a\\n2,blue,a\\n3,red,b\\n")
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> run(sub.choices["grow"].parse_args([path]))
    {"counts": [2, 1], "name": "root", "split": "x <= 2.0", "feature": 0, "threshold": 2.0,
     "children": [{"counts": [2, 0], "name": "c1"}, {"counts": [0, 1], "name": "c2"}], "class_names": ["a", "b"]}
    0
    >>> shutil.rmtree(folder)
    """
    from ..datasets import grow_tree, tree_json
    data = load_from_args(args.data, args)
    tree = grow_tree(data, criterion=args.criterion, max_depth=args.max_depth,
                     min_samples_leaf=args.min_samples_leaf, min_samples_split=args.min_samples_split,
                     random_state=args.random_state)
    print(tree_json(tree, data, indent=args.indent))
    return 0
