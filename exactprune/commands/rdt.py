"""``exactprune rdt coexist``, ``rdt moments`` and ``rdt experiment`` (DD random decision trees)."""
from __future__ import annotations

from ..numbers import decimal_str, fraction_str, nonnegative_int, positive_int
from .common import print_json


def register(subparsers) -> None:
    rdt = subparsers.add_parser("rdt", help="random decision trees (Dhurandhar-Dobra): path probabilities, GE moments")
    sub = rdt.add_subparsers(dest="rdt_command", metavar="SUBCOMMAND")
    sub.required = True
    co = sub.add_parser("coexist", help="probability that two paths co-exist in a random tree (DD App A, 3.6.2)")
    co.add_argument("--d", required=True, help="number of attributes")
    co.add_argument("--path1", required=True, help="A=V,... (0-based attribute=value; last entry chosen last)")
    co.add_argument("--path2", required=True, help="A=V,...")
    co.add_argument("--criterion", default="fixed", choices=["fixed", "purity", "scarcity"])
    co.add_argument("--json", action="store_true", help="machine-readable output")
    co.set_defaults(func=run_coexist)

    mo = sub.add_parser("moments", help="exact E[GE], E[GE^2], sd for a random-tree setting (DD sec 3.6, 4.2)")
    mo.add_argument("--d", default="5", help="number of binary attributes (default 5)")
    mo.add_argument("--N", default="20", help="sample size (default 20)")
    mo.add_argument("--criterion", default="fixed", help="fixed, purity, scarcity or a comma-joined combination")
    mo.add_argument("--h", default="3", help="height for the fixed criterion (default 3)")
    mo.add_argument("--pb", default=None, help="scarcity bound (default N/10)")
    mo.add_argument("--strength", default="3/5",
                    help="class dependence t: P[Y = x_0 | x] = 1/2 + t/2; chi-square correlation t^2 (default 3/5)")
    mo.add_argument("--tie", default="split", choices=["split", "first"])
    mo.add_argument("--same-sample", action="store_true",
                    help="also E[GE GE'] for two random trees on the same sample (fixed height only)")
    mo.add_argument("--json", action="store_true", help="machine-readable output")
    mo.set_defaults(func=run_moments)

    ex = sub.add_parser("experiment", help="DD's experiment grid (sec 4): exact vs MC-1/MC-10, Breiman's bound "
                                           "(Tables 1-2) beside the printed values")
    ex.add_argument("--N", default="100", help="sample size of the synthetic distributions (default 100)")
    ex.add_argument("--settings", default="d=5 binary;d=5 ternary;d=8 binary",
                    help="';'-separated synthetic layouts (default all three)")
    ex.add_argument("--rhos", default="1,0.36,0.11,0.02,0", help="correlations as printed by DD (default all five)")
    ex.add_argument("--pima", default=None, help="CSV (.csv or .csv.gz) of the Pima Indians diabetes data, class last")
    ex.add_argument("--balloons", default=None, help="CSV of one Balloons file, class last")
    ex.add_argument("--shuttle", default=None, help="CSV of the Shuttle Landing Control data, class last")
    ex.add_argument("--mc-runs", default="100", help="MC-1 trees per unit; MC-10 uses 10x (default 100)")
    ex.add_argument("--te-runs", default="20000", help="trees of the long MC run where exact is infeasible (default 20000)")
    ex.add_argument("--seed", default="0", help="seed of the run (each unit derives its own)")
    ex.add_argument("--jobs", default="1", help="worker processes (-1: all cores); results do not depend on it")
    ex.add_argument("--out", required=True, help="output stem: writes STEM.csv and STEM.md")
    ex.add_argument("--progress", action="store_true", help="progress on stderr even when it is not a terminal")
    ex.set_defaults(func=run_experiment)


def _path(text: str, name: str) -> dict:
    out = {}
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise ValueError(f"{name}: expected A=V pairs, got {part!r}")
        a, v = part.split("=", 1)
        a = nonnegative_int(a.strip(), f"{name} attribute")
        if a in out:
            raise ValueError(f"{name}: attribute {a} appears twice")
        out[a] = nonnegative_int(v.strip(), f"{name} value")
    if not out:
        raise ValueError(f"{name} is empty")
    return out


def run_coexist(args) -> int:
    from ..rdt import coexistence_printed, coexistence_probability, enumerate_coexistence, path_exists_probability
    d = positive_int(args.d, "d")
    p1, p2 = _path(args.path1, "path1"), _path(args.path2, "path2")
    prob = coexistence_probability(d, p1, p2, args.criterion)
    enum = enumerate_coexistence(d, p1, p2, args.criterion) if d <= 8 else None
    printed = coexistence_printed(d, p1, p2, args.criterion)
    result = {"d": d, "criterion": args.criterion, "path1": {str(a): v for a, v in p1.items()},
              "path2": {str(a): v for a, v in p2.items()}, "probability": prob,
              "enumeration": enum, "printed_formula": printed,
              "path1_exists": path_exists_probability(d, p1, args.criterion),
              "path2_exists": path_exists_probability(d, p2, args.criterion),
              "probability_decimal": decimal_str(prob, 10) if prob else "0"}
    if args.json:
        print_json(result)
    else:
        print(f"P[co-exist] = {fraction_str(prob)} ~ {result['probability_decimal']}  (criterion {args.criterion}, d = {d})")
        if enum is not None:
            print(f"enumeration of the tree-growing process: {fraction_str(enum)}")
        print("formula as printed in DD: " + ("undefined (division by zero)" if printed is None else fraction_str(printed)))
    return 0


def run_moments(args) -> int:
    from ..rdt import Criterion, chi_square_correlation, correlated_distribution, exact_moments
    d = positive_int(args.d, "d")
    N = nonnegative_int(args.N, "N")
    if d > 8:
        raise ValueError("d: at most 8 attributes on the command line")
    if N > 200:
        raise ValueError("N: exact moments are limited to N <= 200 here")
    pb = args.pb if args.pb is not None else N // 10
    crit = Criterion.parse(args.criterion, height=args.h, pb=pb)
    dist = correlated_distribution([2] * d, args.strength)
    if args.same_sample and crit.sample_dependent:
        raise ValueError("--same-sample: exact only for the fixed criterion")
    m = exact_moments(dist, N, crit, args.tie, same_sample=args.same_sample)
    sd = None if m["var"] is None else decimal_str(_sqrt_approx(m["var"]), 8)
    result = {"d": d, "N": N, "criterion": str(crit), "tie": args.tie,
              "correlation": chi_square_correlation(dist), "E_GE": m["E1"], "E_GE2_same_tree": m["E2_same"],
              "E_GE_GE_independent_samples": m["E2_indep"], "var": m["var"],
              "approx": {"E_GE": decimal_str(m["E1"], 10), "sd": sd}}
    if args.same_sample:
        result["E_GE_GE_same_sample"] = m["E2_two_trees_same_sample"]
    if args.json:
        print_json(result)
    else:
        print(f"random trees, d = {d} binary attributes, N = {N}, {crit}, tie = {args.tie}, "
              f"correlation {fraction_str(result['correlation'])}")
        print(f"E[GE]   = {decimal_str(m['E1'], 10)}")
        print(f"E[GE^2] = {decimal_str(m['E2_same'], 10)}   sd = {sd}")
        if args.same_sample:
            print(f"E[GE GE'] two trees, same sample = {decimal_str(m['E2_two_trees_same_sample'], 10)}   "
                  f"(independent samples: E[GE]^2 = {decimal_str(m['E2_indep'], 10)})")
    return 0


def _sqrt_approx(value):
    from fractions import Fraction
    from math import isqrt
    scale = 10 ** 20
    return Fraction(isqrt(int(value * scale * scale)), scale)


def run_experiment(args) -> int:
    import os

    from ..rdt.experiment import grid_units, run_grid, write_results
    data = {name: path for name, path in (("pima", args.pima), ("balloons", args.balloons),
                                           ("shuttle", args.shuttle)) if path is not None}
    for name, path in data.items():
        if not os.path.isfile(path):
            raise ValueError(f"--{name}: no such file {path!r}")
    settings = [s.strip() for s in args.settings.split(";") if s.strip()]
    rhos = [r.strip() for r in args.rhos.split(",") if r.strip()]
    units = grid_units(N=positive_int(args.N, "N"), mc_runs=positive_int(args.mc_runs, "mc-runs"),
                       te_runs=positive_int(args.te_runs, "te-runs"), seed=nonnegative_int(args.seed, "seed"),
                       data=data, settings=settings, rhos=rhos)
    jobs = int(args.jobs) if str(args.jobs).lstrip("-").isdigit() else args.jobs
    rows = run_grid(units, jobs=jobs, progress=True if args.progress else None)
    shown = ["exactprune rdt experiment", f"--N {args.N}", f"--mc-runs {args.mc_runs}", f"--te-runs {args.te_runs}",
             f"--seed {args.seed}"] + [f"--{name} <{name} CSV>" for name in data]
    write_results(rows, args.out, command=" ".join(shown))
    for r in rows:
        print(f"{r['data']:12s} rho={r['rho'] or '-':5s} N={r['N']:4d} {r['criterion']:16s} E[GE] = {r['E_GE']:.6f} "
              f"({r['golden']})  Breiman avg {r['breiman_avg']}  DD {r['paper_bound']}")
    print(f"wrote {args.out}.csv and {args.out}.md")
    return 0
