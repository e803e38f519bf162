"""Tables 6.2-6.4 from runs: summarized with Zhong's significance rule, printed as text or Markdown
beside the thesis, and read back from a committed ``chapter6_runs.csv``."""
from __future__ import annotations

from typing import Dict, List

import numpy as np

from .printed import METHODS, _Cell, _printed_cells
from .protocol import Run
from .statistics import _ttest

__all__ = ["summarize", "format_tables", "side_by_side", "format_markdown", "read_runs", "format_equivalence"]


def summarize(runs: List[Run]) -> dict:
    """Tables 6.2 (accuracy %), 6.3 (leaves) and 6.4 (seconds) as nested dicts keyed by
    ratio then data set, with Zhong's significance rule (seconds: relative, |diff| >= 1% of
    the larger mean; module docstring); sign '+' means 2-norm wins.

    Two runs: 2-norm beats CCP by 5 points both times (a constant paired difference: p = 0,
    significant); against EBP the differences 2 and 0 give t = 1 on 1 degree of freedom, a
    two-sided p of 1/2 (the Cauchy law): not significant.

    Parameters
    ----------
    runs : list of Run
        The runs.

    Returns
    -------
    dict
        ``tables[what][ratio][database]`` rows with each method's mean and std and the comparisons.

    See Also
    --------
    format_tables, format_markdown

    Examples
    --------
    >>> runs = [Run("a", 50, 0, {"CCP": 90.0, "2-norm": 95.0, "EBP": 93.0}, {"CCP": 5, "2-norm": 4, "EBP": 6},
    ...             {"CCP": 1.0, "2-norm": 0.5, "EBP": 0.5}),
    ...         Run("a", 50, 1, {"CCP": 92.0, "2-norm": 97.0, "EBP": 97.0}, {"CCP": 5, "2-norm": 4, "EBP": 8},
    ...             {"CCP": 1.0, "2-norm": 0.5, "EBP": 0.5})]
    >>> row = summarize(runs)["accuracy"][50]["a"]
    >>> row["2-norm"]["mean"], row["2-norm:CCP"]["diff"], row["2-norm:CCP"]["sign"]
    (96.0, 5.0, '+')
    >>> round(row["2-norm:EBP"]["p"], 12), row["2-norm:EBP"]["sign"]
    (0.5, '')
    """
    tables: Dict[str, Dict[int, Dict[str, Dict[str, _Cell]]]] = {"accuracy": {}, "leaves": {}, "seconds": {}}
    keys = sorted({(r.ratio, r.dataset) for r in runs})
    for ratio, ds in keys:
        rs = [r for r in runs if r.ratio == ratio and r.dataset == ds]
        for what in ("accuracy", "leaves", "seconds"):
            vals = {m: [getattr(r, what)[m] for r in rs] for m in METHODS}
            mean = {m: float(np.mean(vals[m])) for m in METHODS}
            row: Dict[str, _Cell] = {m: {"mean": mean[m], "std": float(np.std(vals[m], ddof=1)) if len(rs) > 1 else 0.0}
                                     for m in METHODS}
            for other in ("CCP", "EBP"):
                diff = mean["2-norm"] - mean[other]
                p = _ttest(vals["2-norm"], vals[other])
                threshold = (0.01 * max(abs(mean["2-norm"]), abs(mean[other]))
                             if what == "seconds" else 1.0)
                sig = abs(diff) >= threshold and abs(diff) > 0 and p <= 0.05
                better = diff > 0 if what == "accuracy" else diff < 0
                row[f"2-norm:{other}"] = {"diff": diff, "p": p, "sign": ("+" if better else "-") if sig else ""}
            tables[what].setdefault(ratio, {})[ds] = row
    return tables


def format_tables(tables: dict) -> str:
    """Plain-text tables shaped like Zhong 6.2-6.4 (those of them in ``tables``).

    Parameters
    ----------
    tables : dict
        Of :func:`summarize`.

    Returns
    -------
    str
        The tables as plain text.

    Examples
    --------
    Two runs where 2-norm keeps 4 leaves, CCP 5 and 5 (a constant paired difference: p = 0, a
    win) and EBP 6 and 8 (differences -2 and -4: t = -3 on 1 degree of freedom, a two-sided p of
    1 - 2 atan(3) / pi = 20.5%: no sign):

    >>> runs = [Run("a", 50, i, {"CCP": 90.0, "2-norm": 95.0, "EBP": 93.0}, {"CCP": 5, "2-norm": 4, "EBP": ebp},
    ...             {"CCP": 1.0, "2-norm": 0.5, "EBP": 0.5}) for i, ebp in enumerate((6, 8))]
    >>> print(format_tables({"leaves": summarize(runs)["leaves"]}))
    Table 6.3: tree size (leaves)  [+-: |diff| >= 1 leaf and p <= 5%]
      R data                       CCP          2-norm             EBP      2n:CCP diff/P/+-      2n:EBP diff/P/+-
     50 a                   5.0    0.0      4.0    0.0      7.0    1.4          -1    0.0   +          -3   20.5
     50 summary: 2-norm vs CCP 1 wins 0 losses; vs EBP 0 wins 0 losses
    <BLANKLINE>
    """
    lines = []
    titles = {"accuracy": "Table 6.2: accuracy (%)  [+-: |diff| >= 1 point and p <= 5%]",
              "leaves": "Table 6.3: tree size (leaves)  [+-: |diff| >= 1 leaf and p <= 5%]",
              "seconds": "Table 6.4: pruning time (s)  [+-: |diff| >= 1% of the larger mean and p <= 5%]"}
    for what in [w for w in ("accuracy", "leaves", "seconds") if w in tables]:
        lines.append(titles[what])
        lines.append(f"{'R':>3} {'data':<14}" + "".join(f"{m:>16}" for m in METHODS)
                     + f"{'2n:CCP diff/P/+-':>22}{'2n:EBP diff/P/+-':>22}")
        for ratio, rows in sorted(tables[what].items()):
            wins = {"CCP": [0, 0], "EBP": [0, 0]}
            for ds, row in rows.items():
                fmt = "{:>9.3g} {:>6.2g}" if what == "seconds" else "{:>9.1f} {:>6.1f}"
                cells = "".join(fmt.format(row[m]["mean"], row[m]["std"]) for m in METHODS)
                comp = ""
                for other in ("CCP", "EBP"):
                    c = row[f"2-norm:{other}"]
                    comp += f"{c['diff']:>10.3g} {100 * c['p']:>6.1f} {c['sign']:>3}  "
                    if c["sign"] == "+":
                        wins[other][0] += 1
                    elif c["sign"] == "-":
                        wins[other][1] += 1
                lines.append(f"{ratio:>3} {ds:<14}{cells}  {comp}")
            lines.append(f"{ratio:>3} summary: 2-norm vs CCP {wins['CCP'][0]} wins {wins['CCP'][1]} losses; "
                         f"vs EBP {wins['EBP'][0]} wins {wins['EBP'][1]} losses")
        lines.append("")
    return "\n".join(lines)


def read_runs(path: str) -> List[Run]:
    """The runs of a ``chapter6_runs.csv`` (columns database, ratio, run, method, accuracy,
    leaves, seconds; one row per run and method) as :class:`Run` objects.

    Parameters
    ----------
    path : str
        A ``chapter6_runs.csv``.

    Returns
    -------
    list of Run
        The runs.

    Examples
    --------
    >>> import os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "runs.csv")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write("database,ratio,run,method,accuracy,leaves,seconds\\n"
    ...                      "iris,5,0,CCP,90.5,3,0.25\\niris,5,0,2-norm,92.0,4,0.01\\n")
    >>> read_runs(path)
    [Run(dataset='iris', ratio=5, index=0, accuracy={'CCP': 90.5, '2-norm': 92.0}, leaves={'CCP': 3, '2-norm': 4}, seconds={'CCP': 0.25, '2-norm': 0.01})]
    >>> shutil.rmtree(folder)
    """
    import csv
    by_key: Dict[tuple, Run] = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            key = (row["database"], int(row["ratio"]), int(row["run"]))
            run = by_key.setdefault(key, Run(*key))
            run.accuracy[row["method"]] = float(row["accuracy"])
            run.leaves[row["method"]] = int(row["leaves"])
            run.seconds[row["method"]] = float(row["seconds"])
    return list(by_key.values())


def side_by_side(tables: dict) -> List[dict]:
    """One row per (table, ratio, database, method) of :func:`summarize`'s tables that Zhong also
    printed: the mean and std here and printed, ``diff`` = here - printed and ``flag`` when
    |diff| > 2 max(std here, std printed) and |diff| >= 0.05, half the printed unit (accuracy,
    leaves) - a difference the 20 runs cannot explain; for seconds ``ratio`` = here / printed.  For CCP and EBP rows ``sign``/``printed_sign``
    compare 2-norm against that method.

    Parameters
    ----------
    tables : dict
        Of :func:`summarize`.

    Returns
    -------
    list of dict
        One row per printed cell.

    Examples
    --------
    >>> runs = [Run("g2c15", 50, i, {m: 85.4 for m in METHODS}, {"CCP": 10, "2-norm": 43, "EBP": 114},
    ...             {m: 0.1 for m in METHODS}) for i in range(3)]
    >>> row = [r for r in side_by_side(summarize(runs)) if r["table"] == "leaves" and r["method"] == "2-norm"][0]
    >>> row["mean"], row["printed_mean"], row["diff"], row["flag"]
    (43.0, 2.0, 41.0, True)
    """
    out = []
    for what in ("accuracy", "leaves", "seconds"):
        for ratio, db, m, row, printed in _printed_cells(tables, what):
            here, paper = row[m], printed[m]
            entry = {"table": what, "ratio": ratio, "database": db, "method": m,
                     "mean": here["mean"], "std": here["std"], "printed_mean": paper["mean"],
                     "printed_std": paper["std"], "diff": here["mean"] - paper["mean"]}
            if what == "seconds":
                entry["ratio_here_printed"] = here["mean"] / paper["mean"]
                entry["flag"] = False
            else:
                entry["flag"] = (abs(entry["diff"]) > 2 * max(here["std"], paper["std"])
                                 and abs(entry["diff"]) >= 0.05)     # printed to 0.1
            if m != "2-norm":
                entry["sign"] = row[f"2-norm:{m}"]["sign"]
                entry["printed_sign"] = printed.get(f"2-norm:{m}", {}).get("sign")
            out.append(entry)
    return out


def format_markdown(tables: dict) -> str:
    """Tables 6.2-6.4 as Markdown: here beside Zhong's printed values and the difference
    (bold when larger than 2 standard deviations, :func:`side_by_side`); the +/- columns give
    2-norm against CCP and EBP here / printed.  Table 6.4 adds the speed-ups CCP / 2-norm and
    EBP / 2-norm here and printed.

    Parameters
    ----------
    tables : dict
        Of :func:`summarize`.

    Returns
    -------
    str
        Markdown.

    See Also
    --------
    side_by_side

    Examples
    --------
    One run on g2c15 at 50%, where the thesis prints CCP's accuracy as 84.8 +- 0.7: ours, 90.0,
    is 5.2 points above, in bold (more than 2 printed sd):

    >>> run = Run("g2c15", 50, 0, {"CCP": 90.0, "2-norm": 95.0, "EBP": 93.0}, {"CCP": 5, "2-norm": 4, "EBP": 6},
    ...           {"CCP": 1.0, "2-norm": 0.5, "EBP": 0.5})
    >>> text = format_markdown(summarize([run]))
    >>> "| 50 | g2c15 | 90.0 +- 0.0 | 84.8 +- 0.7 | **+5.2** |" in text
    True
    """
    rows = side_by_side(tables)
    index = {(r["table"], r["ratio"], r["database"], r["method"]): r for r in rows}
    keys = sorted({(r["ratio"], r["database"]) for r in rows})
    out = []
    titles = {"accuracy": "Table 6.2: accuracy (%), mean +- std of the runs",
              "leaves": "Table 6.3: tree size (leaves), mean +- std of the runs"}
    for what in ("accuracy", "leaves"):
        out += [f"### {titles[what]}", "",
                "| R | database | " + " | ".join(f"{m} here | {m} printed | diff" for m in METHODS)
                + " | 2n:CCP here/printed | 2n:EBP here/printed |",
                "|---|---|" + "---:|" * (3 * len(METHODS)) + ":---:|:---:|"]
        for ratio, db in keys:
            cells = []
            for m in METHODS:
                r = index[(what, ratio, db, m)]
                diff = f"{r['diff']:+.1f}"
                cells += [f"{r['mean']:.1f} +- {r['std']:.1f}", f"{r['printed_mean']:.1f} +- {r['printed_std']:.1f}",
                          f"**{diff}**" if r["flag"] else diff]
            signs = [f"{index[(what, ratio, db, m)]['sign'] or '.'} / {index[(what, ratio, db, m)]['printed_sign'] or '.'}"
                     for m in ("CCP", "EBP")]
            out.append(f"| {ratio} | {db} | " + " | ".join(cells + signs) + " |")
        out.append("")
    out += ["### Table 6.4: pruning time (s), mean of the runs; speed-up = other method's time / 2-norm's", "",
            "| R | database | " + " | ".join(f"{m} here | {m} printed" for m in METHODS)
            + " | CCP/2n here | CCP/2n printed | EBP/2n here | EBP/2n printed |",
            "|---|---|" + "---:|" * (2 * len(METHODS) + 4)]
    for ratio, db in keys:
        r = {m: index[("seconds", ratio, db, m)] for m in METHODS}
        cells = [f"{r[m][k]:.2g}" for m in METHODS for k in ("mean", "printed_mean")]
        for other in ("CCP", "EBP"):
            cells += [f"{r[other]['mean'] / r['2-norm']['mean']:.0f}",
                      f"{r[other]['printed_mean'] / r['2-norm']['printed_mean']:.0f}"]
        out.append(f"| {ratio} | {db} | " + " | ".join(cells) + " |")
    out.append("")
    return "\n".join(out)


def format_equivalence(cells: List[dict]) -> str:
    """Cells of :func:`exactprune.experiments.equivalence_cells` as Markdown, one table per ``table``:
    here and printed (mean +- sd), the difference with its 90% interval, the margin, the minimum
    detectable difference (5%, 80% power), the Holm-adjusted TOST and minimum-effect p-values, the
    outcome, and whether more runs here could decide an undecided cell; then the count per outcome.

    Parameters
    ----------
    cells : list of dict
        The decided cells.

    Returns
    -------
    str
        Markdown.

    See Also
    --------
    exactprune.experiments.printed_equivalence, exactprune.experiments.table_6_5_equivalence

    Examples
    --------
    >>> from exactprune.experiments import equivalence_cells
    >>> cells = equivalence_cells([{"table": "6.2", "quantity": "accuracy", "ratio": 5, "database": "g2c15",
    ...                             "method": "CCP", "n": 20, "mean": 80.2, "sd": 0.5, "printed_mean": 80.0,
    ...                             "printed_sd": 0.5}], 20, 0.05)
    >>> print(format_equivalence(cells).splitlines()[-1])
    Table 6.2: 1 equivalent, 0 different, 0 undecided of 1 cells (unadjusted: 1 equivalent, 0 different)
    """
    out = []
    for table in dict.fromkeys(c["table"] for c in cells):
        rows = [c for c in cells if c["table"] == table]
        out += [f"### Table {table}", "",
                "| R | database | method | here | printed | diff [90%] | margin | MDD | p equiv (Holm) | "
                "p differ (Holm) | outcome | more runs decide |",
                "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|:---:|"]
        for c in rows:
            out.append(f"| {c.get('ratio', '')} | {c['database']} | {c['method']} | {c['mean']:.2f} +- {c['sd']:.2f} | "
                       f"{c['printed_mean']:.2f} +- {c['printed_sd']:.2f} | {c['diff']:+.2f} [{c['ci_lo']:+.2f}, "
                       f"{c['ci_hi']:+.2f}] | {c['margin']:.2f} | {c['mdd']:.2f} | {c['p_equivalent_holm']:.2g} | "
                       f"{c['p_different_holm']:.2g} | {c['outcome']} | "
                       f"{'yes' if c['more_runs_decide'] else 'no' if c['outcome'] == 'undecided' else ''} |")
        out.append("")
    for table in dict.fromkeys(c["table"] for c in cells):
        rows = [c for c in cells if c["table"] == table]
        n = {o: sum(c["outcome"] == o for c in rows) for o in ("equivalent", "different", "undecided")}
        out.append(f"Table {table}: {n['equivalent']} equivalent, {n['different']} different, {n['undecided']} undecided "
                   f"of {len(rows)} cells (unadjusted: {sum(c['p_equivalent'] <= 0.05 for c in rows)} equivalent, "
                   f"{sum(c['p_different'] <= 0.05 for c in rows)} different)")
    return "\n".join(out)
