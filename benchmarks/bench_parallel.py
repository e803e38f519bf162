"""Parallel speed: ``--jobs 1`` against ``--jobs 2`` and ``--dask local:2``, and strong scaling.

Workloads, each a list of work units run by ``exactprune.parallel.run_units``:

* ``chapter6``: the reduced chapter 6 protocol - the four Gaussian databases, ratios 5% and 50%,
  ``--runs`` runs each (default 10: 80 units; ``exactprune.experiments.protocol_units``, the
  units of ``exactprune compare`` and ``bench_chapter6.py``), dispatched longest first
  (``protocol_cost``);
* ``chapter6-20``: the same at Figure 6.1's 20 runs per ratio (160 units): the fixed costs
  (interpreter, imports, starting the workers) against a run twice as long;
* ``verify``: every registered statement at its default number of cases, one unit per statement
  (``exactprune.commands.verify.verify_unit``, the units of ``exactprune verify``).

Every measurement is a **fresh Python process** running one workload in one mode from start to
end, as a command would: interpreter start, imports, building the units, starting the workers
(forked processes on Linux, a local Dask cluster), running the units, merging.  ``end to end``
is that process's wall time, ``worker start`` the wait from the first dispatch to the start of
the first unit, ``units phase`` the time from the start of the first unit to the end of the last
(each worker's first units include the imports they trigger - scikit-learn for chapter 6 - in
every mode).  The modes ``--jobs 1``, ``--jobs 2`` and ``--dask local:2`` are measured in
interleaved rounds (1, 2, dask, 1, 2, dask, ...; ``--repeats`` rounds, default 3 for
``chapter6``, 2 for the others) so that a change of the machine's load hits all alike, and the median of the
per-round ratios is reported.  ``--jobs 2 loky`` (once per workload) is ``--jobs 2`` inside
``joblib.parallel_config(backend="loky")``: the workers fresh interpreters, as before they were
forked.  The results of every process are compared with the first serial one.

Each unit also measures its own wall and CPU seconds and its worker.  "Workers busy" (the units'
wall seconds over workers x units phase) is the share of the run the workers spent in units; the
*projected* units phase on idle cores is the makespan of the units' CPU seconds taken in dispatch
order by the worker free first (a pool's shared queue; under load the CPU sums of the workers
differ with the share of the CPU each got, not with the schedule) divided by that share,
and the *projected* end to end adds the CPU seconds of this process up to the dispatch and of the
slowest worker's start (its CPU seconds before its first unit).  On a
shared machine (Linux autogroup scheduling splits the CPUs between sessions, not processes) the
wall times show little speed-up while other sessions keep the cores busy, and the projection is
the figure to read.  The CPU seconds of the serial units (median over the rounds) give a
strong-scaling table beyond two cores: the makespan of the longest-processing-time-first (LPT)
schedule on p workers, beside the lower bound max(longest unit, total / p) (the critical path of
independent units is the longest one).  The deep-profile ``verify`` estimate scales each
statement's CPU seconds per case to ``--deep-factor`` times its default cases, cut into units of
``--chunk`` cases, plus the idle time per unit measured on the local Dask cluster.  The summary
printed last (one line per workload, also in bold in the results file) states each target as
met or not, end to end and projected.

    python3 benchmarks/bench_parallel.py [--workloads chapter6,chapter6-20,verify] [--runs 10]
        [--repeats N] [--deep-factor 100] [--chunk 1000] [--out benchmarks/results/parallel.md]
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import heapq
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

MODES = ("--jobs 1", "--jobs 2", "--dask local:2")
SCALING = (1, 2, 4, 8, 16, 32, 64)


def timed(function, *args):
    """``(start, end, CPU seconds, worker pid, worker's CPU seconds before, function(*args))``,
    measured inside the worker (start and end on the system-wide monotonic clock, comparable
    between processes; the worker's CPU before its first unit is what starting it cost)."""
    start, cpu = time.monotonic(), time.process_time()
    result = function(*args)
    return start, time.monotonic(), time.process_time() - cpu, os.getpid(), cpu, result


def workload(name: str, runs: int) -> tuple:
    """``(function, units, cost or None, comparable form of the results)`` of one workload
    (``chapter6`` with ``runs`` runs per database and ratio, ``chapter6-20`` with Figure 6.1's 20)."""
    if name in ("chapter6", "chapter6-20"):
        runs = 20 if name == "chapter6-20" else runs
        from exactprune import experiments as E
        units = [u for db in E.GAUSSIAN for u in E.protocol_units(db, ratios=(1, 10), runs=runs)]
        return (E.run_unit, units, E.protocol_cost(units),
                lambda rs: [(r.dataset, r.ratio, r.index, r.accuracy, r.leaves) for r in rs])
    if name == "verify":
        from exactprune.commands.verify import verify_unit
        from exactprune.theorems import all_theorems
        return verify_unit, [(t.id, None, 0, False) for t in all_theorems()], None, lambda rs: rs
    raise ValueError(f"unknown workload {name!r}: chapter6, chapter6-20 or verify")


def child(name: str, mode: str, runs: int) -> dict:
    """One measurement, run in a fresh process (``--child``): the workload in ``mode``."""
    from joblib import parallel_config
    from exactprune.parallel import Workers, dask_backend
    function, units, cost, comparable = workload(name, runs)
    wrapped = [(function, *u) for u in units]
    address = mode.split()[1] if mode.startswith("--dask") else None
    # "--jobs 2 loky": the joblib default backend set explicitly, which run_units does not replace
    backend = parallel_config(backend="loky") if mode.endswith("loky") else contextlib.nullcontext()
    with backend, dask_backend(address):
        dispatch, main_cpu = time.monotonic(), time.process_time()
        out = Workers(jobs=-1 if address else int(mode.split()[1])).run(timed, wrapped, cost=cost)
    starts, ends, cpu, pids, before, results = zip(*out)
    # CPU seconds each worker spent before its first unit (this process: only since the dispatch)
    first = {}
    for pid, seconds in zip(pids, before):
        first[pid] = min(first.get(pid, seconds), seconds)
    startup = max(seconds - (main_cpu if pid == os.getpid() else 0.0) for pid, seconds in first.items())
    digest = hashlib.sha256(repr(comparable(list(results))).encode()).hexdigest()
    cases = [[r.get("cases", 0), r.get("examples") or r.get("cases", 0)] for r in results] if name == "verify" else []
    order = list(range(len(units))) if cost is None else sorted(range(len(units)), key=lambda i: -cost[i])
    return {"start": min(starts) - dispatch, "main_cpu": main_cpu, "startup_cpu": startup, "order": order, "units": max(ends) - min(starts),
            "wall": [b - a for a, b in zip(starts, ends)], "cpu": list(cpu), "pids": list(pids), "digest": digest,
            "cases": cases}


def measure(name: str, mode: str, runs: int) -> dict:
    """Run :func:`child` in a fresh interpreter; add its end-to-end wall time, the workers' busy
    share, the projected run and the load average before / after."""
    load = os.getloadavg()[0]
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", name, mode, str(runs)],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
                               "HYPOTHESIS_STORAGE_DIRECTORY": os.path.join(tempfile.gettempdir(), "exactprune-hypothesis")})
    total = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{name} {mode} failed:\n{proc.stderr}")
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    workers = 1 if mode == "--jobs 1" else 2
    r["busy"] = sum(r["wall"]) / (workers * r["units"])
    # idle cores: the workers take the units in dispatch order, each the next one when free
    r["projected"] = list_makespan([r["cpu"][i] for i in r["order"]], workers) / min(r["busy"], 1.0)
    # on idle cores: this process's CPU up to the dispatch, the slowest worker start, the units
    r["projected_total"] = r["main_cpu"] + r["startup_cpu"] + r["projected"]
    r.update(total=total, mode=mode, load=(load, os.getloadavg()[0]))
    print(f"{name} {mode}: end to end {total:.1f} s, units {r['units']:.1f} s, load {load:.1f}/{r['load'][1]:.1f}",
          file=sys.stderr, flush=True)
    return r


def list_makespan(times, workers: int) -> float:
    """Makespan of the list schedule: the units in the given order, each to the worker free
    first (what a pool's shared queue does).

    >>> list_makespan([1, 1, 2], 2)         # the long unit last: one worker idles 2 of 3
    3
    """
    loads = [0] * workers
    for t in times:
        heapq.heapreplace(loads, loads[0] + t)
    return max(loads)


def lpt_makespan(times, workers: int) -> float:
    """Makespan of the LPT schedule: the list schedule of the longest units first (within 4/3 of
    the optimum, Graham 1969).

    >>> lpt_makespan([1, 1, 2], 2), lpt_makespan([3, 3, 2, 2, 2], 2)
    (2, 7)
    """
    return list_makespan(sorted(times, reverse=True), workers)


def scaling_rows(times, measured: dict) -> list:
    """Strong scaling from unit times: p, LPT makespan, lower bound, speed-up, measured time."""
    total = sum(times)
    rows = []
    for p in SCALING:
        span = lpt_makespan(times, p)
        bound = max(max(times), total / p)
        wall = measured.get(p)
        rows.append(f"| {p} | {span:.1f} | {bound:.1f} | {total / span:.2f} | "
                    + (f"{wall:.1f} ({measured[1] / wall:.2f}x) |" if wall else "- |"))
    return rows


def deep_verify_estimate(cases, times, factor: int, chunk: int, overhead: float) -> list:
    """Lines estimating a deep ``verify`` (``factor`` x each statement's default cases, units of
    ``chunk`` cases) on 1, 2 and 64 cores from the seconds per case measured here; ``cases``:
    (cases run, cases asked) per statement."""
    units = []
    for (run, asked), seconds in zip(cases, times):
        n = factor * max(asked, 1)
        per_case = seconds / max(run, 1)
        units += [per_case * min(chunk, n - k) + overhead for k in range(0, n, chunk)]
    lines = [f"Deep `verify` ({factor} x each statement's default cases, units of {chunk} cases, "
             f"{overhead * 1000:.0f} ms dispatch per unit): {len(units)} units, {sum(units) / 3600:.2f} core-hours.", "",
             "| cores | LPT makespan | lower bound |", "|---:|---:|---:|"]
    for p in (1, 2, 64):
        lines.append(f"| {p} | {_hms(lpt_makespan(units, p))} | {_hms(max(max(units), sum(units) / p))} |")
    return lines


def _hms(seconds: float) -> str:
    return f"{seconds / 3600:.2f} h" if seconds >= 3600 else f"{seconds / 60:.1f} min" if seconds >= 60 else f"{seconds:.1f} s"


def _median_ratio(rounds, num: str, den: str, key: str) -> float:
    """Median over the rounds of ``round[num][key] / round[den][key]``."""
    return statistics.median(r[num][key] / r[den][key] for r in rounds)


def report(name: str, rounds: list, loky: dict, args) -> tuple:
    """The Markdown section of one workload (every measurement, the median ratios, scaling) and
    its summary line.  ``rounds``: one ``{mode: measurement}`` per interleaved round."""
    serial, parallel = [r["--jobs 1"] for r in rounds], [r["--jobs 2"] for r in rounds]
    every = [r[m] for r in rounds for m in MODES] + [loky]
    same = all(r["digest"] == serial[0]["digest"] for r in every)
    n = len(serial[0]["cpu"])
    lines = [f"## {name}: {n} units, results identical in every process: {'yes' if same else 'NO'}", "",
             "| round | mode | end to end (s) | worker start (s) | units phase (s) | workers busy | units' CPU s, sum "
             "| projected units phase (s) | projected end to end (s) | load before/after |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for i, r in [(i + 1, r[m]) for i, r in enumerate(rounds) for m in MODES] + [("-", loky)]:
        lines.append(f"| {i} | {r['mode']} | {r['total']:.1f} | {r['start']:.1f} | {r['units']:.1f} | "
                     f"{100 * r['busy']:.0f}% | {sum(r['cpu']):.1f} | {r['projected']:.1f} | {r['projected_total']:.1f} | "
                     f"{r['load'][0]:.1f} / {r['load'][1]:.1f} |")
    speed = {k: _median_ratio(rounds, "--jobs 1", "--jobs 2", k) for k in ("total", "units", "projected_total", "projected")}
    dask = {k: _median_ratio(rounds, "--dask local:2", "--jobs 2", k) - 1 for k in ("total", "units", "projected_total")}
    fork = statistics.median(r["total"] for r in parallel)
    summary = (f"{name} ({n} units, {len(rounds)} rounds, load {min(r['load'][0] for r in every):.1f}-"
               f"{max(r['load'][1] for r in every):.1f}): `--jobs 2` vs `--jobs 1` end to end "
               f"{speed['total']:.2f}x, units phase {speed['units']:.2f}x; projected on idle cores "
               f"{speed['projected_total']:.2f}x, units phase {speed['projected']:.2f}x (target >= 1.7x: "
               f"{'met' if speed['total'] >= 1.7 else 'not met'} end to end, "
               f"{'met' if speed['projected_total'] >= 1.7 else 'not met'} projected).  `--dask local:2` over "
               f"`--jobs 2`: end to end {100 * dask['total']:+.0f}%, units phase {100 * dask['units']:+.0f}%, projected "
               f"{100 * dask['projected_total']:+.0f}% (target < 20%: {'met' if dask['total'] < 0.2 else 'not met'} end "
               f"to end).  Workers started by loky instead of fork (one run): end to end {loky['total']:.1f} s against "
               f"{fork:.1f} s (median), projected {loky['projected_total']:.1f} s against "
               f"{statistics.median(r['projected_total'] for r in parallel):.1f} s.")
    lines += ["", f"**{summary}**"]
    cpu = [statistics.median(r["cpu"][i] for r in serial) for i in range(n)]
    lines += ["", f"Strong scaling from the CPU seconds of the {n} serial units (median of the rounds; sum "
              f"{sum(cpu):.1f} s, longest {max(cpu):.2f} s):", "",
              "| workers | LPT makespan (s) | lower bound (s) | speed-up | measured units phase (s) |", "|---:|---:|---:|---:|---:|"]
    lines += scaling_rows(cpu, {1: statistics.median(r["units"] for r in serial),
                                2: statistics.median(r["units"] for r in parallel)})
    if name == "verify":
        dask_runs = [r["--dask local:2"] for r in rounds]
        overhead = statistics.median(2 * r["units"] * (1 - min(r["busy"], 1.0)) / n for r in dask_runs)
        lines += [""] + deep_verify_estimate(serial[0]["cases"], cpu, args.deep_factor, args.chunk, overhead)
    return lines + [""], summary


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        print(json.dumps(child(argv[1], argv[2], int(argv[3]))))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workloads", default="chapter6,chapter6-20,verify",
                        help="comma-separated: chapter6, chapter6-20, verify")
    parser.add_argument("--runs", type=int, default=10, help="chapter6: runs per database and ratio (default 10)")
    parser.add_argument("--repeats", type=int, default=None,
                        help="interleaved rounds of --jobs 1, --jobs 2, --dask local:2 (default 3 for chapter6, 2 for the others)")
    parser.add_argument("--deep-factor", type=int, default=100, help="deep verify: x default cases (default 100)")
    parser.add_argument("--chunk", type=int, default=1000, help="deep verify: cases per unit (default 1000)")
    parser.add_argument("--out", default=os.path.join(HERE, "results", "parallel.md"))
    args = parser.parse_args(argv)
    names = [w.strip() for w in args.workloads.split(",") if w.strip()]
    lines = ["# Parallel work units: --jobs 1, --jobs 2, --dask local:2", "",
             f"- command: `python3 benchmarks/bench_parallel.py{''.join(' ' + a for a in argv)}`",
             f"- machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
             "load average (1 min) before / after each measurement in the tables",
             "- every measurement a fresh process (interpreter start, imports, worker start, units, merge); "
             "rounds of `--jobs 1`, `--jobs 2`, `--dask local:2` interleaved, ratios the medians of the per-round ratios; "
             "`--jobs 2` and `--dask local:2` fork their workers (Linux), `--jobs 2 loky` (once) is `--jobs 2` "
             "with joblib's loky backend set, the workers fresh interpreters; *projected* (idle cores): the units' CPU "
             "seconds scheduled in dispatch order on the workers, over the workers' busy share, plus, end to end, the "
             "CPU seconds before the dispatch and of the slowest worker's start", ""]
    summary = []
    for name in names:
        repeats = args.repeats or (3 if name == "chapter6" else 2)
        rounds = [{mode: measure(name, mode, args.runs) for mode in MODES} for _ in range(repeats)]
        section, line = report(name, rounds, measure(name, "--jobs 2 loky", args.runs), args)
        summary.append(line)
        lines += section
    text = "\n".join(lines)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as handle:
        handle.write(text)
    print(text)
    print("\n".join(["", "Summary (also in bold under each table of " + args.out + "):", ""]
                    + [f"- {line}" for line in summary]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
