"""The names the command modules share, importable here as before the split by job
(issue 34): argument types and options (:mod:`.arguments`), input files (:mod:`.readers`),
printing (:mod:`.output`) and the CSV options (:mod:`.csv_options`).  New code imports from
those modules.
"""
from __future__ import annotations

from .arguments import (TREE_HELP, TREE_METAVAR, UsageError, add_json_argument, add_k_argument,
                        add_lam_eta_arguments, add_prior_arguments, add_tree_argument, bounded_int,
                        check_output_stem, exact_arg, integer_arg, k_from_args, prior_from_args, seed_type)
from .csv_options import add_data_arguments, categorical_names, data_options, load_from_args
from .output import APPROX_DIGITS, approx, plural, print_json, pruned_text
from .readers import check_report_size, read_json_file, read_text, read_tree

__all__ = ["TREE_HELP", "TREE_METAVAR", "UsageError", "add_json_argument", "add_k_argument",
           "add_lam_eta_arguments", "add_prior_arguments", "add_tree_argument", "bounded_int",
           "check_output_stem", "exact_arg", "integer_arg", "k_from_args", "prior_from_args", "seed_type",
           "add_data_arguments", "categorical_names", "data_options", "load_from_args",
           "APPROX_DIGITS", "approx", "plural", "print_json", "pruned_text",
           "check_report_size", "read_json_file", "read_text", "read_tree"]
