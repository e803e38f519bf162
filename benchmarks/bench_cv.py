"""k chosen by cross-validation along the exact k path, side by side (issue 38).

    nice python benchmarks/bench_cv.py [--repeats 8] [--folds 5] [--max-rows 600] [--seed 0]
                                       [--speed-repeats 3] [--databases iris,glass,...]
                                       [--data-dir ../shared/data/uci]
                                       [--out benchmarks/results/cv]

On every database of Zhong Table 6.1 (chapter 6) and Table 6.5 found (the four Gaussian sets are
generated; the UCI files are read from ``--data-dir``, default ``../shared/data/uci`` beside the
repository, and skipped when absent), at most ``--max-rows`` rows drawn once (seeded), each repeat
r holds out 30% (a stratified split, seed + r) and on the other 70% runs, with the same inner
folds for every method (``StratifiedKFold(folds, shuffle=True, random_state=seed + r)``, or
``KFold`` when a class has fewer rows than folds: the rule of ``ccp_cv_select``):

* ``kCV-min``, ``kCV-1se``: :class:`exactprune.sklearn.KNormTreeClassifierCV` (lam auto, Gini CART
  grown fully, ``random_state=seed + r``), rule min and 1-SE;
* ``CCP-min``, ``CCP-1se``: CART + cost-complexity pruning with alpha chosen by the same folds,
  :func:`exactprune.peers.ccp.ccp_cv_select` (``se_rule`` 0 and 1);
* ``2-norm``: :class:`exactprune.sklearn.KNormTreeClassifier` at k = 2 (no CV);
* ``grid``: on the first repeat only, ``GridSearchCV`` over the same candidate k's (all of them),
  same folds, refit: one fit per fold and k.

Accuracy is on the held-out 30% (%); the seconds of the accuracy table are wall seconds of ``fit``
for kCV (one cross-validated table for both rules, plus each rule's refit on the 70%), of growing
the CART tree plus ``ccp_cv_select`` for CCP, and of ``fit`` for the 2-norm, each timed once.

Speed, issue 38's done-when, on the first repeat's training set (70%), timed side by side in one
process, one thread, under ``nice`` on a shared machine (the load average is printed):

* kCV: ``KNormTreeClassifierCV(rule="min").fit``: validation, per fold one grown tree, its exact k
  path and every stage scored on the held-out rows, the choice, and the refit on the 70% (one
  grown tree, PruneTree once at the chosen k);
* CCP + CV: growing the CART tree on the 70% and ``ccp_cv_select(se_rule=0)`` on the same folds:
  per fold one grown tree, its exact alphas and held-out scoring, the choice (the chosen tree is
  the grown one cut back: no refit);
* GridSearchCV: ``fit`` over the same candidate k's and folds, refit on the 70%: one
  ``KNormTreeClassifier`` fit (grow and PruneTree) per fold and k;
* CCP grid: scikit-learn's recipe, ``GridSearchCV`` over the training tree's ``ccp_alphas``.

kCV and CCP + CV run alternately ``--speed-repeats`` times (default 3) and each keeps its least
time (the same load for both); the grids, seconds long, run once.  Targets: GridSearchCV / kCV >=
min(candidates / 2, 10), and kCV no slower than CCP + CV.

The equivalence test is a paired TOST over the repeats with the margin of chapter 6's significance
rule, 1 accuracy point: *equivalent* when the 90% interval of the mean paired difference lies
inside (-1, 1), *different* when a paired t-test rejects no difference at 5% and the difference
is not shown equivalent, *undecided* otherwise; ``mdd`` is the least margin TOST would have
accepted, |mean| + t(0.95) SE.  Writes ``OUT.csv`` (one row per database, repeat and method) and
``OUT.md``.
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import platform
import sys
import time
from pathlib import Path
from statistics import mean, stdev

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scipy import stats                                                     # noqa: E402
from sklearn.model_selection import GridSearchCV, KFold, StratifiedKFold, train_test_split   # noqa: E402
from sklearn.tree import DecisionTreeClassifier                             # noqa: E402

from exactprune.experiments import TABLE_6_1, TABLE_6_5, load_dataset     # noqa: E402
from exactprune.peers.ccp import ccp_cv_select, predict_with_leaves         # noqa: E402
from exactprune.sklearn import KNormTreeClassifier, KNormTreeClassifierCV  # noqa: E402

METHODS = ("kCV-min", "kCV-1se", "CCP-min", "CCP-1se", "2-norm")
#: the pairs compared by TOST: (a, b) tests accuracy(a) - accuracy(b)
PAIRS = (("kCV-min", "CCP-min"), ("kCV-1se", "CCP-1se"), ("kCV-1se", "kCV-min"), ("kCV-min", "2-norm"))
MARGIN = 1.0          # accuracy points: chapter 6's significance rule


def databases() -> list:
    """Table 6.1's fourteen, then Table 6.5's files not already among them (iris, glass,
    promoters, page-blocks), in order."""
    extra = [f for f in TABLE_6_5.values() if f not in TABLE_6_1]
    return list(TABLE_6_1) + extra


def splitter(y, folds: int, seed: int):
    """The inner folds of every method (``ccp_cv_select``'s rule)."""
    _, counts = np.unique(y, return_counts=True)
    cls = StratifiedKFold if counts.min() >= folds else KFold
    return cls(folds, shuffle=True, random_state=seed)


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def run_repeat(X, y, r: int, folds: int, seed: int, speed_repeats: int = 0) -> tuple:
    """One repeat: rows per method (accuracy %, leaves, seconds, k or alpha) and, when
    ``speed_repeats`` > 0, the timings of :func:`speed` (else None)."""
    s = seed + r
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=s, stratify=_stratify(y))
    inner = splitter(y_tr, folds, s)
    rows = {}
    # one cross-validation (refit=False) gives the table of both rules; each rule's time is that
    # of the table plus its own refit on the 70%, which is what fit(rule=...) does
    cv, cv_sec = timed(lambda: KNormTreeClassifierCV(KNormTreeClassifier(random_state=s), rule="1se", cv=inner,
                                                     refit=False).fit(X_tr, y_tr))
    ks = cv.cv_results_["k"]
    for rule, index in (("min", cv.min_index_), ("1se", cv.best_index_)):
        est, sec = timed(lambda: KNormTreeClassifier(k=ks[index], random_state=s).fit(X_tr, y_tr))
        rows[f"kCV-{rule}"] = dict(accuracy=100 * est.score(X_te, y_te), leaves=est.get_n_leaves(),
                                   seconds=cv_sec + sec, choice=ks[index], candidates=len(ks))
    for name, se_rule in (("CCP-min", "0"), ("CCP-1se", "1")):
        def ccp():
            grown = DecisionTreeClassifier(random_state=s).fit(X_tr, y_tr)
            return grown, ccp_cv_select(X_tr, y_tr, V=folds, se_rule=se_rule, random_state=s, grown=grown)
        (grown, sel), sec = timed(ccp)
        acc = 100 * float(np.mean(predict_with_leaves(grown, sel.collapsed, X_te) == y_te))
        rows[name] = dict(accuracy=acc, leaves=sel.tree.n_leaves, seconds=sec, choice=str(sel.alpha),
                          candidates=len(sel.stage_alphas))
    plain, sec = timed(lambda: KNormTreeClassifier(k=2, random_state=s).fit(X_tr, y_tr))
    rows["2-norm"] = dict(accuracy=100 * plain.score(X_te, y_te), leaves=plain.get_n_leaves(), seconds=sec,
                          choice=2, candidates=1)
    extra = speed(X_tr, y_tr, X_te, y_te, inner, folds, s, speed_repeats) if speed_repeats > 0 else None
    return rows, extra


def speed(X_tr, y_tr, X_te, y_te, inner, folds: int, s: int, repeats: int) -> dict:
    """Issue 38's done-when timings on one training set (the module docstring says what each
    includes): kCV (rule min) and CCP + CV alternately ``repeats`` times, the least of each; then
    GridSearchCV over kCV's candidates and the CCP grid recipe, once each; and whether the grid's
    fold scores are kCV's."""
    def kcv():
        return KNormTreeClassifierCV(KNormTreeClassifier(random_state=s), rule="min", cv=inner).fit(X_tr, y_tr)

    def ccp():
        grown = DecisionTreeClassifier(random_state=s).fit(X_tr, y_tr)
        return ccp_cv_select(X_tr, y_tr, V=folds, se_rule="0", random_state=s, grown=grown)

    best = {"kcv": math.inf, "ccp": math.inf}
    for _ in range(repeats):
        cv, sec = timed(kcv)
        best["kcv"] = min(best["kcv"], sec)
        best["ccp"] = min(best["ccp"], timed(ccp)[1])
    ks = cv.cv_results_["k"]
    search, grid_sec = timed(lambda: GridSearchCV(KNormTreeClassifier(random_state=s), {"k": ks}, cv=inner,
                                                  error_score="raise").fit(X_tr, y_tr))
    same_scores = all(np.allclose(np.asarray(cv.cv_results_[f"split{i}_test_score"]),
                                  search.cv_results_[f"split{i}_test_score"], rtol=0, atol=1e-12)
                      for i in range(inner.get_n_splits()))
    alphas = DecisionTreeClassifier(random_state=s).cost_complexity_pruning_path(X_tr, y_tr).ccp_alphas
    ccp_search, ccp_sec = timed(lambda: GridSearchCV(DecisionTreeClassifier(random_state=s),
                                                     {"ccp_alpha": alphas}, cv=inner).fit(X_tr, y_tr))
    return dict(candidates=len(ks), kcv_seconds=best["kcv"], ccp_seconds=best["ccp"], grid_seconds=grid_sec,
                same_fold_scores=same_scores, grid_k=search.best_params_["k"], kcv_k=cv.best_k_,
                grid_accuracy=100 * search.score(X_te, y_te), ccp_grid_seconds=ccp_sec,
                ccp_grid_candidates=len(alphas), ccp_grid_accuracy=100 * ccp_search.score(X_te, y_te))


def _stratify(y):
    _, counts = np.unique(y, return_counts=True)
    return y if counts.min() >= 2 else None


def tost(diffs: list) -> dict:
    """Paired TOST with margin MARGIN, and a paired t-test of no difference."""
    n = len(diffs)
    d = mean(diffs)
    se = stdev(diffs) / math.sqrt(n) if n > 1 else float("inf")
    if se == 0:
        equivalent, p_diff, mdd = abs(d) < MARGIN, (0.0 if d != 0 else 1.0), abs(d)
    else:
        t90 = stats.t.ppf(0.95, n - 1)
        equivalent = d - t90 * se > -MARGIN and d + t90 * se < MARGIN
        p_diff = 2 * stats.t.sf(abs(d) / se, n - 1)
        mdd = abs(d) + t90 * se
    verdict = "equivalent" if equivalent else "different" if p_diff <= 0.05 else "undecided"
    return dict(mean=d, verdict=verdict, mdd=mdd, p=p_diff)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=8)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--max-rows", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--speed-repeats", type=int, default=3,
                        help="alternate runs of kCV and CCP + CV timed on the first repeat (the least of each)")
    parser.add_argument("--databases", default=None, help="comma-separated (default: every one found)")
    parser.add_argument("--data-dir", default=str(ROOT.parent / "shared" / "data" / "uci"))
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "cv"))
    args = parser.parse_args()
    names = args.databases.split(",") if args.databases else databases()
    load_start = os.getloadavg()
    wall = time.perf_counter()
    runs, grids, skipped, sizes = [], {}, [], {}
    for name in names:
        try:
            X, y = load_dataset(name, seed=args.seed, n=args.max_rows, data_dir=args.data_dir)
        except ValueError as err:
            skipped.append(f"{name} ({err})")
            continue
        sizes[name] = (len(y), X.shape[1], len(np.unique(y)))
        for r in range(args.repeats):
            rows, extra = run_repeat(X, y, r, args.folds, args.seed, args.speed_repeats if r == 0 else 0)
            for method, row in rows.items():
                runs.append(dict(database=name, repeat=r, method=method, **row))
            if extra is not None:
                grids[name] = extra
        print(f"{name}: done ({time.perf_counter() - wall:.0f} s)", flush=True)
    wall = time.perf_counter() - wall
    out = Path(args.out)
    with open(out.with_suffix(".csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["database", "repeat", "method", "accuracy", "leaves", "seconds",
                                               "choice", "candidates"])
        writer.writeheader()
        writer.writerows(runs)
    text = report(runs, grids, sizes, skipped, args, wall, load_start, os.getloadavg())
    out.with_suffix(".md").write_text(text)
    print(text)


def report(runs, grids, sizes, skipped, args, wall, load_start, load_end) -> str:
    import sklearn
    by = {}
    for row in runs:
        by.setdefault((row["database"], row["method"]), []).append(row)
    lines = ["# k chosen by cross-validation: KNormTreeClassifierCV side by side (issue 38)", "",
             f"- command: `nice python benchmarks/bench_cv.py --repeats {args.repeats} --folds {args.folds} "
             f"--max-rows {args.max_rows} --seed {args.seed} --speed-repeats {args.speed_repeats}"
             + (f" --databases {args.databases}" if args.databases else "") + "`",
             f"- per database: at most {args.max_rows} rows (seeded draw), {args.repeats} repeats of a stratified "
             f"70/30 split; {args.folds} inner folds, the same for every method",
             f"- software: Python {platform.python_version()}, numpy {np.__version__}, scikit-learn "
             f"{sklearn.__version__}; {os.cpu_count()} cores shared with other sessions, run under nice, one thread",
             f"- load average (1, 5, 15 min) at start {tuple(round(x, 2) for x in load_start)}, at end "
             f"{tuple(round(x, 2) for x in load_end)}; wall time {wall:.0f} s", ""]
    if skipped:
        lines += ["Skipped (not found): " + "; ".join(skipped), ""]
    lines += ["## Accuracy (%), leaves and seconds per fit: mean over the repeats", "",
              "| database | rows | " + " | ".join(METHODS) + " |", "|---|---:|" + "---:|" * len(METHODS)]
    dbs = list(dict.fromkeys(row["database"] for row in runs))
    for db in dbs:
        n, p, J = sizes[db]
        cells = []
        for m in METHODS:
            rs = by[(db, m)]
            acc = [x["accuracy"] for x in rs]
            cells.append(f"{mean(acc):.1f} +- {stdev(acc) if len(acc) > 1 else 0:.1f}; "
                         f"{mean(x['leaves'] for x in rs):.1f} lv; {mean(x['seconds'] for x in rs):.2f} s")
        lines.append(f"| {db} | {n} | " + " | ".join(cells) + " |")
    lines += ["", f"## Equivalence of accuracy: paired TOST, margin {MARGIN:g} point (mean difference, verdict, mdd)", "",
              "| database | " + " | ".join(f"{a} - {b}" for a, b in PAIRS) + " |", "|---|" + "---|" * len(PAIRS)]
    tally = {pair: {} for pair in PAIRS}
    for db in dbs:
        cells = []
        for a, b in PAIRS:
            diffs = [x["accuracy"] - z["accuracy"] for x, z in zip(by[(db, a)], by[(db, b)])]
            t = tost(diffs)
            tally[(a, b)][t["verdict"]] = tally[(a, b)].get(t["verdict"], 0) + 1
            cells.append(f"{t['mean']:+.2f}, {t['verdict']}, {t['mdd']:.2f}")
        lines.append(f"| {db} | " + " | ".join(cells) + " |")
    lines += ["", "Verdicts over the databases: " + "; ".join(
        f"{a} - {b}: " + ", ".join(f"{v} {c}" for v, c in sorted(tally[(a, b)].items())) for a, b in PAIRS), ""]
    lines += ["## The rules: accuracy and leaves of 1-SE against min, pooled over databases", ""]
    acc_diff = [x["accuracy"] - z["accuracy"] for db in dbs for x, z in zip(by[(db, "kCV-1se")], by[(db, "kCV-min")])]
    leaf_ratio = [mean(x["leaves"] for x in by[(db, "kCV-1se")]) / mean(x["leaves"] for x in by[(db, "kCV-min")])
                  for db in dbs]
    ccp_acc = [x["accuracy"] - z["accuracy"] for db in dbs for x, z in zip(by[(db, "CCP-1se")], by[(db, "CCP-min")])]
    lines += [f"- kCV: 1se - min accuracy {mean(acc_diff):+.2f} points (mean over {len(acc_diff)} runs); "
              f"leaves 1se / min per database: median {float(np.median(leaf_ratio)):.2f}, "
              f"range {min(leaf_ratio):.2f}-{max(leaf_ratio):.2f}",
              f"- CCP: 1se - min accuracy {mean(ccp_acc):+.2f} points", ""]
    lines += ["## Speed (issue 38's done-when): the first repeat's training set, side by side", "",
              "What a timing includes (wall seconds, one process, one thread): kCV is "
              "`KNormTreeClassifierCV(rule=\"min\").fit` on the 70% (validation; per fold one grown tree, its "
              "exact k path, every stage scored on the held-out rows; the choice; the refit: one grown tree and "
              "PruneTree once at the chosen k). CCP + CV is growing the CART tree on the 70% and "
              "`ccp_cv_select(se_rule=0)` on the same folds (per fold one grown tree, its exact alphas, the "
              "held-out scoring; the choice; no refit: the chosen tree is the grown one cut back). kCV and "
              f"CCP + CV ran alternately {args.speed_repeats} times, each the least of its runs. GridSearchCV "
              "is `fit` over the same candidate k's and folds with refit (one KNormTreeClassifier fit per fold "
              "and k); the CCP grid is scikit-learn's recipe, GridSearchCV over the training tree's "
              "`ccp_alphas`; each grid ran once. Targets: GridSearchCV / kCV >= min(candidates / 2, 10); kCV "
              "no slower than CCP + CV.", "",
              "| database | candidates | kCV s | GridSearchCV s | grid / kCV | target | met | CCP + CV s "
              "| CCP + CV / kCV | kCV <= CCP + CV | CCP grid s (alphas) | CCP grid / kCV | fold scores equal "
              "| k: kCV, grid |",
              "|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|---:|---|---|"]
    met = {"grid": 0, "CCP": 0}
    for db in dbs:
        g = grids.get(db)
        if g is None:
            continue
        ratio = g["grid_seconds"] / g["kcv_seconds"]
        target = min(g["candidates"] / 2, 10)
        checks = {"grid": ratio >= target, "CCP": g["kcv_seconds"] <= g["ccp_seconds"]}
        for name, ok in checks.items():
            met[name] += ok
        yes = {name: "yes" if ok else "NO" for name, ok in checks.items()}
        lines.append(f"| {db} | {g['candidates']} | {g['kcv_seconds']:.3f} | {g['grid_seconds']:.2f} | {ratio:.1f} | "
                     f"{target:.1f} | {yes['grid']} | {g['ccp_seconds']:.3f} | "
                     f"{g['ccp_seconds'] / g['kcv_seconds']:.2f} | {yes['CCP']} | "
                     f"{g['ccp_grid_seconds']:.2f} ({g['ccp_grid_candidates']}) | "
                     f"{g['ccp_grid_seconds'] / g['kcv_seconds']:.2f} | {g['same_fold_scores']} | "
                     f"{g['kcv_k']}, {g['grid_k']} |")
    lines += ["", f"Done-when on {len(grids)} databases: GridSearchCV / kCV >= min(candidates / 2, 10) on "
              f"{met['grid']}; kCV no slower than CCP + CV on {met['CCP']}.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
