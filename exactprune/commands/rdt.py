"""``exactprune rdt coexist``, ``rdt moments`` and ``rdt experiment`` (DD random decision trees)."""
from __future__ import annotations

from .. import limits
from ..parallel import add_parallel_arguments
from .arguments import UsageError, add_json_argument, check_output_stem, exact_arg, integer_arg, seed_type
from .output import APPROX_DIGITS, approx, print_json

#: the largest attribute value accepted in --path1/--path2
_MAX_VALUE = 10**6


def register(subparsers) -> None:
    """Add ``rdt`` and its subcommands ``coexist`` (DD App A), ``moments`` (DD 3.6, 4.2) and
    ``experiment`` (DD sec 4) to argparse ``subparsers``; ``rdt moments`` defaults to DD's
    d = 5, N = 20, fixed height 3.

    Parameters
    ----------
    subparsers : argparse._SubParsersAction
        The ``add_subparsers()`` object of the top-level parser.

    Examples
    --------
    >>> import argparse
    >>> sub = argparse.ArgumentParser().add_subparsers()
    >>> register(sub)
    >>> args = sub.choices["rdt"].parse_args(["moments"])
    >>> args.rdt_command, args.d, args.N, args.criterion, args.h, args.func is _run_moments
    ('moments', '5', '20', 'fixed', '3', True)
    >>> args = sub.choices["rdt"].parse_args(["coexist", "--d", "3", "--path1", "0=1", "--path2", "1=0"])
    >>> args.path1, args.criterion, args.func is _run_coexist
    ('0=1', 'fixed', True)
    """
    rdt = subparsers.add_parser("rdt", help="random decision trees (Dhurandhar-Dobra): path probabilities, GE moments")
    sub = rdt.add_subparsers(dest="rdt_command", metavar="SUBCOMMAND")
    sub.required = True
    co = sub.add_parser("coexist", help="probability that two paths co-exist in a random tree (DD App A, 3.6.2)")
    co.add_argument("--d", required=True, help=f"number of attributes, 1..{limits.CLI_MAX_RDT_COEXIST_D}")
    co.add_argument("--path1", required=True, help="A=V,... (0-based attribute=value; last entry chosen last)")
    co.add_argument("--path2", required=True, help="A=V,...")
    co.add_argument("--criterion", default="fixed", choices=["fixed", "purity", "scarcity"],
                    help="stopping rule of the random tree: fixed height, purity or scarcity (default fixed)")
    add_json_argument(co)
    co.set_defaults(func=_run_coexist)

    mo = sub.add_parser("moments", help="exact E[GE], E[GE^2], sd for a random-tree setting (DD sec 3.6, 4.2)")
    mo.add_argument("--d", default="5", help=f"number of binary attributes, 1..{limits.CLI_MAX_RDT_D} (default 5)")
    mo.add_argument("--N", default="20", help=f"sample size, 0..{limits.CLI_MAX_RDT_N} (default 20)")
    mo.add_argument("--criterion", default="fixed", help="fixed, purity, scarcity or a comma-joined combination")
    mo.add_argument("--h", default="3", help="height for the fixed criterion (default 3)")
    mo.add_argument("--pb", default=None, help="scarcity bound (default N/10)")
    mo.add_argument("--strength", default="3/5",
                    help="class dependence t: P[Y = x_0 | x] = 1/2 + t/2; chi-square correlation t^2 (default 3/5)")
    mo.add_argument("--tie", default="split", choices=["split", "first"],
                    help="a leaf with tied class counts: split averages its error over the tied classes "
                         "(default), first predicts the first of them")
    mo.add_argument("--same-sample", action="store_true",
                    help="also E[GE GE'] for two random trees on the same sample (fixed height only)")
    add_json_argument(mo)
    mo.set_defaults(func=_run_moments)

    ex = sub.add_parser("experiment", help="DD's experiment grid (sec 4): exact vs MC-1/MC-10, Breiman's bound "
                                           "(Tables 1-2) beside the printed values")
    ex.add_argument("--N", default="100", help=f"sample size of the synthetic distributions, 1..{limits.CLI_MAX_RDT_N:,} "
                                               f"(default 100)")
    ex.add_argument("--settings", default="d=5 binary;d=5 ternary;d=8 binary",
                    help="';'-separated synthetic layouts (default all three)")
    ex.add_argument("--rhos", default="1,0.36,0.11,0.02,0", help="correlations as printed by DD (default all five)")
    ex.add_argument("--pima", default=None, help="CSV (.csv or .csv.gz) of the Pima Indians diabetes data, class last")
    ex.add_argument("--balloons", default=None, help="CSV of one Balloons file, class last")
    ex.add_argument("--shuttle", default=None, help="CSV of the Shuttle Landing Control data, class last")
    ex.add_argument("--mc-runs", default="100", help=f"MC-1 trees per unit, 1..{limits.CLI_MAX_MC_RUNS:,}; MC-10 uses 10x "
                                                   f"(default 100)")
    ex.add_argument("--te-runs", default="20000", help=f"trees of the long MC run where exact is infeasible, "
                                                     f"1..{limits.CLI_MAX_MC_RUNS:,} (default 20000)")
    ex.add_argument("--seed", type=seed_type(), default=0, metavar="S",
                    help=f"seed of the run (each unit derives its own), 0..{limits.CLI_MAX_SEED:,} (default 0)")
    ex.add_argument("--out", required=True, metavar="STEM",
                    help="output stem: writes STEM.csv and STEM.md (the folder must exist)")
    ex.add_argument("--progress", action="store_true", help="progress on stderr even when it is not a terminal")
    add_parallel_arguments(ex)
    ex.set_defaults(func=_run_experiment)


def _path(text: str, name: str, d: int) -> dict:
    out = {}
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise UsageError(f"--{name}: expected A=V pairs, got {part!r}")
        attribute, v = part.split("=", 1)
        a = integer_arg(attribute, f"--{name} attribute", 0, d - 1, f" (d = {d} attributes are numbered 0..{d - 1})")
        if a in out:
            raise UsageError(f"--{name}: attribute {a} appears twice")
        out[a] = integer_arg(v, f"--{name} value", 0, _MAX_VALUE)
    if not out:
        raise UsageError(f"--{name} is empty")
    return out


def _run_coexist(args) -> int:
    from ..formatting import fraction_str
    from ..rdt import coexistence_printed, coexistence_probability, enumerate_coexistence, path_exists_probability
    d = integer_arg(args.d, "--d", 1, limits.CLI_MAX_RDT_COEXIST_D)
    p1, p2 = _path(args.path1, "path1", d), _path(args.path2, "path2", d)
    prob = coexistence_probability(d, p1, p2, args.criterion)
    enum = enumerate_coexistence(d, p1, p2, args.criterion) if d <= 8 else None
    printed = coexistence_printed(d, p1, p2, args.criterion)
    result = {"d": d, "criterion": args.criterion, "path1": {str(a): v for a, v in p1.items()},
              "path2": {str(a): v for a, v in p2.items()}, "probability": prob,
              "enumeration": enum, "printed_formula": printed,
              "path1_exists": path_exists_probability(d, p1, args.criterion),
              "path2_exists": path_exists_probability(d, p2, args.criterion),
              "probability_approx": float(prob)}
    if args.json:
        print_json(result)
    else:
        print(f"P[co-exist] = {fraction_str(prob)} ~ {approx(prob)}  (criterion {args.criterion}, d = {d})")
        if enum is not None:
            print(f"enumeration of the tree-growing process: {fraction_str(enum)}")
        print("formula as printed in DD: " + ("undefined (division by zero)" if printed is None else fraction_str(printed)))
    return 0


def _run_moments(args) -> int:
    from ..knorm import knorm_decimal
    from ..formatting import fraction_str
    from ..rdt import Criterion, chi_square_correlation, correlated_distribution, exact_moments
    d = integer_arg(args.d, "--d", 1, limits.CLI_MAX_RDT_D, " (exact moments by one pass over the random tree's nodes)")
    N = integer_arg(args.N, "--N", 0, limits.CLI_MAX_RDT_N, " (exact count generating functions of degree N)")
    height = integer_arg(args.h, "--h", 1, limits.CLI_MAX_RDT_D)
    pb = integer_arg(args.pb, "--pb", 0, N) if args.pb is not None else N // 10
    crit = Criterion.parse(args.criterion, height=height, pb=pb)
    dist = correlated_distribution([2] * d, exact_arg(args.strength, "--strength"))
    if args.same_sample and crit.sample_dependent:
        raise UsageError("--same-sample: exact only for the fixed criterion")
    m = exact_moments(dist, N, crit, args.tie, same_sample=args.same_sample)
    sd = None if m["var"] is None else knorm_decimal(m["var"], 2, APPROX_DIGITS)      # sqrt, certified
    result = {"d": d, "N": N, "criterion": {"height": crit.height, "purity": crit.purity, "pb": crit.pb},
              "tie": args.tie,
              "correlation": chi_square_correlation(dist), "E_GE": m["E1"], "E_GE2_same_tree": m["E2_same"],
              "E_GE_GE_independent_samples": m["E2_indep"], "var": m["var"],
              "approx": {"E_GE": float(m["E1"]), "sd": None if sd is None else float(sd)}}
    if args.same_sample:
        result["E_GE_GE_same_sample"] = m["E2_two_trees_same_sample"]
    if args.json:
        print_json(result)
    else:
        print(f"random trees, d = {d} binary attributes, N = {N}, {criterion_text(crit)}, tie = {args.tie}, "
              f"correlation {fraction_str(result['correlation'])}")
        print(f"E[GE]   ~ {approx(m['E1'])}")
        print(f"E[GE^2] ~ {approx(m['E2_same'])}   sd ~ {sd}   ({APPROX_DIGITS} significant digits; exact "
              f"values with --json)")
        if args.same_sample:
            print(f"E[GE GE'] two trees, same sample ~ {approx(m['E2_two_trees_same_sample'])}   "
                  f"(independent samples: E[GE]^2 ~ {approx(m['E2_indep'])})")
    return 0


def criterion_text(crit) -> str:
    """The stopping rule in words, e.g. ``stop at height 3 or when pure``.

    Parameters
    ----------
    crit : exactprune.rdt.Criterion
        The stopping rule: a height, purity and a point bound, each optional.

    Returns
    -------
    str
        The rule in words.

    Examples
    --------
    >>> from exactprune.rdt import Criterion
    >>> criterion_text(Criterion(height=3)), criterion_text(Criterion(purity=True, pb=2))
    ('stop at height 3', 'stop when pure or at <= 2 points')
    """
    parts = ([f"at height {crit.height}"] if crit.height is not None else []) + \
        (["when pure"] if crit.purity else []) + ([f"at <= {crit.pb} points"] if crit.pb is not None else [])
    return "stop " + " or ".join(parts) if parts else "grow until the attributes run out"


def _run_experiment(args) -> int:
    import os
    import shlex

    from ..parallel import workers_from_args
    from ..rdt.experiment import grid_units, run_grid, write_results
    check_output_stem(args.out, (".csv", ".md"))
    data = {name: path for name, path in (("pima", args.pima), ("balloons", args.balloons),
                                           ("shuttle", args.shuttle)) if path is not None}
    for name, path in data.items():
        if not os.path.isfile(path):
            raise ValueError(f"--{name}: no such file {path!r}")
    settings = [s.strip() for s in args.settings.split(";") if s.strip()]
    rhos = [r.strip() for r in args.rhos.split(",") if r.strip()]
    units = grid_units(N=integer_arg(args.N, "--N", 1, limits.CLI_MAX_RDT_N),
                       mc_runs=integer_arg(args.mc_runs, "--mc-runs", 1, limits.CLI_MAX_MC_RUNS),
                       te_runs=integer_arg(args.te_runs, "--te-runs", 1, limits.CLI_MAX_MC_RUNS),
                       seed=args.seed, data=data, settings=settings, rhos=rhos)
    with workers_from_args(args) as workers:
        rows = run_grid(units, jobs=workers.jobs, progress=True if args.progress else workers.progress)
    shown = ["exactprune rdt experiment", f"--N {args.N}", f"--settings {shlex.quote(args.settings)}",
             f"--rhos {shlex.quote(args.rhos)}", f"--mc-runs {args.mc_runs}", f"--te-runs {args.te_runs}",
             f"--seed {args.seed}"] + [f"--{name} <{name} CSV>" for name in data]
    write_results(rows, args.out, command=" ".join(shown))
    for r in rows:
        print(f"{r['data']:12s} rho={r['rho'] or '-':5s} N={r['N']:4d} {r['criterion']:16s} "
              f"E[GE] = {approx(r['E_GE'])} ({r['golden']})  Breiman avg {approx(r['breiman_avg'])}  "
              f"DD {approx(r['paper_bound'])}")
    print(f"wrote {args.out}.csv and {args.out}.md")
    return 0


