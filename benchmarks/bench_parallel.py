"""Parallel speed: ``--jobs 1`` against ``--jobs 2`` and ``--dask local:2``, and strong scaling.

Workloads, each a list of work units run by ``exactprune.parallel.run_units``:

* ``chapter6``: the reduced chapter 6 protocol - the four Gaussian databases, ratios 5% and 50%,
  ``--runs`` runs each (``exactprune.experiments.protocol_units``, the units of ``exactprune
  compare`` and ``bench_chapter6.py``);
* ``verify``: every registered statement at its default number of cases, one unit per statement
  (``exactprune.theorems.run`` by id - the wiring ``exactprune verify`` gets, docs/parallel.md).

For each workload and mode the workers are started and warmed first (a pool or a local Dask
cluster imports exactprune once per worker: ``startup``), then the units are timed (``run``);
the results of every mode are compared with the serial ones.

A shared machine: Linux's autogroup scheduler splits the CPUs between sessions, not processes, so
while other sessions keep the cores busy a second worker process gets no extra CPU and the wall
times show no speed-up whatever the code does.  Each unit therefore also measures its own wall
and CPU seconds and its worker: "workers busy" (the units' wall seconds over workers x run) is
the share of the run the workers spent in units rather than waiting for dispatch, and the
*projected* run on idle cores is the busiest worker's CPU seconds divided by that share.  The
CPU seconds of the serial run's units also give a strong-scaling table beyond the two cores: the
makespan of the longest-processing-time-first (LPT) schedule on p workers, beside the lower
bound max(longest unit, total / p) (the critical path of independent units is the longest one).
The deep-profile ``verify`` estimate scales each statement's CPU seconds per case to
``--deep-factor`` times its default cases, cut into units of ``--chunk`` cases, plus the idle
time per unit measured on the local Dask cluster.

    python3 benchmarks/bench_parallel.py [--workloads chapter6,verify] [--runs 10]
        [--deep-factor 100] [--chunk 1000] [--out benchmarks/results/parallel.md]
"""
from __future__ import annotations

import argparse
import heapq
import math
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from exactprune.parallel import Workers, dask_backend  # noqa: E402

MODES = ("--jobs 1", "--jobs 2", "--dask local:2")
SCALING = (1, 2, 4, 8, 16, 32, 64)


def timed(function, *args):
    """``(wall seconds, CPU seconds, worker pid, function(*args))``, measured inside the worker."""
    start, cpu = time.perf_counter(), time.process_time()
    result = function(*args)
    return time.perf_counter() - start, time.process_time() - cpu, os.getpid(), result


def verify_unit(theorem_id: str, examples, seed: int) -> dict:
    """One statement of ``exactprune verify`` (by id: a Theorem holds lambdas, an id pickles)."""
    from exactprune.theorems import get, run
    return run(get(theorem_id), examples, seed)


def _warm(function, *unit):
    """A small unit of the workload, run by each worker before the timing (imports, caches)."""
    function(*unit)
    time.sleep(0.2)           # keep this worker busy so that the other one takes a warm-up unit too


def workloads(names, runs: int) -> dict:
    """name -> (function, units, a small warm-up unit, comparable form of the results)."""
    out = {}
    if "chapter6" in names:
        from exactprune import experiments as E
        units = [u for db in E.GAUSSIAN for u in E.protocol_units(db, ratios=(1, 10), runs=runs)]
        out["chapter6"] = (E.run_unit, units, E.protocol_units("iris", ratios=(1,), runs=1)[0],
                           lambda rs: [(r.dataset, r.ratio, r.index, r.accuracy, r.leaves) for r in rs])
    if "verify" in names:
        from exactprune.theorems import all_theorems
        units = [(t.id, None, 0) for t in all_theorems()]
        out["verify"] = (verify_unit, units, (units[0][0], 1, 0), lambda rs: rs)
    return out


def measure(function, units, warm: tuple, mode: str) -> dict:
    """Startup, run wall time, per-unit seconds and results of one mode."""
    wrapped = [(function, *u) for u in units]
    load = os.getloadavg()[0]
    t0 = time.perf_counter()
    if mode.startswith("--dask"):
        with dask_backend(mode.split()[1]):
            Workers(jobs=-1).run(_warm, [(function, *warm)] * 4)
            t1 = time.perf_counter()
            out = Workers(jobs=-1).run(timed, wrapped)
            t2 = time.perf_counter()
    else:
        from joblib.externals.loky import get_reusable_executor
        jobs = int(mode.split()[1])
        Workers(jobs=jobs).run(_warm, [(function, *warm)] * 4)
        t1 = time.perf_counter()
        out = Workers(jobs=jobs).run(timed, wrapped)
        t2 = time.perf_counter()
        get_reusable_executor().shutdown(wait=True)     # the next measurement starts its own workers
    wall, cpu, pids, results = zip(*out)
    per_worker: dict = {}
    for pid, seconds in zip(pids, cpu):
        per_worker[pid] = per_worker.get(pid, 0.0) + seconds
    workers = 1 if mode == "--jobs 1" else 2
    busy = sum(wall) / (workers * (t2 - t1))
    return {"startup": t1 - t0, "run": t2 - t1, "wall": list(wall), "cpu": list(cpu), "results": list(results),
            "busy": busy, "projected": max(per_worker.values()) / min(busy, 1.0), "load": (load, os.getloadavg()[0])}


def lpt_makespan(times, workers: int) -> float:
    """Makespan of the LPT schedule: longest unit first, each to the least loaded worker
    (within 4/3 of the optimum, Graham 1969).

    >>> lpt_makespan([3, 3, 2, 2, 2], 2)
    7
    """
    loads = [0] * workers
    for t in sorted(times, reverse=True):
        heapq.heapreplace(loads, loads[0] + t)
    return max(loads)


def scaling_rows(times, measured: dict) -> list:
    """Strong scaling from unit times: p, LPT makespan, lower bound, speed-up, measured wall."""
    total = sum(times)
    rows = []
    for p in SCALING:
        span = lpt_makespan(times, p)
        bound = max(max(times), total / p)
        wall = measured.get(p)
        rows.append(f"| {p} | {span:.1f} | {bound:.1f} | {total / span:.2f} | "
                    + (f"{wall:.1f} ({measured[1] / wall:.2f}x) |" if wall else "- |"))
    return rows


def deep_verify_estimate(results, times, factor: int, chunk: int, overhead: float) -> list:
    """Lines estimating a deep ``verify`` (``factor`` x each statement's default cases, units of
    ``chunk`` cases) on 1, 2 and 64 cores from the seconds per case measured here."""
    units = []
    for result, seconds in zip(results, times):
        cases = max(result.get("cases", 0), 1)
        n = factor * max(result.get("examples", cases), 1)
        per_case = seconds / cases
        units += [per_case * min(chunk, n - k) + overhead for k in range(0, n, chunk)]
    lines = [f"Deep `verify` ({factor} x each statement's default cases, units of {chunk} cases, "
             f"{overhead * 1000:.0f} ms dispatch per unit): {len(units)} units, {sum(units) / 3600:.2f} core-hours.", "",
             "| cores | LPT makespan | lower bound |", "|---:|---:|---:|"]
    for p in (1, 2, 64):
        lines.append(f"| {p} | {_hms(lpt_makespan(units, p))} | {_hms(max(max(units), sum(units) / p))} |")
    return lines


def _hms(seconds: float) -> str:
    return f"{seconds / 3600:.2f} h" if seconds >= 3600 else f"{seconds / 60:.1f} min" if seconds >= 60 else f"{seconds:.1f} s"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workloads", default="chapter6,verify", help="comma-separated: chapter6, verify")
    parser.add_argument("--runs", type=int, default=10, help="chapter 6 runs per database and ratio (default 10)")
    parser.add_argument("--deep-factor", type=int, default=100, help="deep verify: x default cases (default 100)")
    parser.add_argument("--chunk", type=int, default=1000, help="deep verify: cases per unit (default 1000)")
    parser.add_argument("--out", default=os.path.join(HERE, "results", "parallel.md"))
    args = parser.parse_args(argv)
    names = [w.strip() for w in args.workloads.split(",") if w.strip()]
    lines = ["# Parallel work units: --jobs 1, --jobs 2, --dask local:2", "",
             f"- command: `python3 benchmarks/bench_parallel.py {' '.join(argv if argv is not None else sys.argv[1:])}`",
             f"- machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
             "load average (1 min) before / after each measurement in the tables",
             "- a shared machine: Linux autogroup scheduling splits the cores between sessions, so while other "
             "sessions keep them busy a second worker gains little wall time; the *projected* columns (the busiest "
             "worker's CPU seconds over the workers' busy share) give the run on idle cores", ""]
    for name, (function, units, warm, comparable) in workloads(names, args.runs).items():
        runs = {}
        for mode in MODES:
            runs[mode] = measure(function, units, warm, mode)
            print(f"{name} {mode}: startup {runs[mode]['startup']:.1f} s, run {runs[mode]['run']:.1f} s, "
                  f"load {runs[mode]['load'][0]:.1f}/{runs[mode]['load'][1]:.1f}", file=sys.stderr, flush=True)
        serial = runs["--jobs 1"]
        same = all(comparable(r["results"]) == comparable(serial["results"]) for r in runs.values())
        j2, dk = runs["--jobs 2"], runs["--dask local:2"]
        lines += [f"## {name}: {len(units)} units, results identical in every mode: {'yes' if same else 'NO'}", "",
                  "| mode | startup (s) | run (s) | speed-up | units' wall s, sum | workers busy | units' CPU s, sum "
                  "| projected run (s) | projected speed-up | load before/after |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
        for mode, r in runs.items():
            lines.append(f"| {mode} | {r['startup']:.1f} | {r['run']:.1f} | {serial['run'] / r['run']:.2f}x | "
                         f"{sum(r['wall']):.1f} | {100 * r['busy']:.0f}% | {sum(r['cpu']):.1f} | {r['projected']:.1f} | "
                         f"{serial['projected'] / r['projected']:.2f}x | {r['load'][0]:.1f} / {r['load'][1]:.1f} |")
        lines += ["", f"Measured: `--jobs 2` {serial['run'] / j2['run']:.2f}x `--jobs 1` (target >= 1.7x), `--dask local:2` "
                  f"{100 * (dk['run'] / j2['run'] - 1):+.0f}% over `--jobs 2` (target < 20%).  Projected for idle cores: "
                  f"{serial['projected'] / j2['projected']:.2f}x and {100 * (dk['projected'] / j2['projected'] - 1):+.0f}%.",
                  "", f"Strong scaling from the CPU seconds of the {len(units)} units of the serial run (sum "
                  f"{sum(serial['cpu']):.1f} s, longest {max(serial['cpu']):.2f} s):", "",
                  "| workers | LPT makespan (s) | lower bound (s) | speed-up | measured run (s) |",
                  "|---:|---:|---:|---:|---:|"]
        lines += scaling_rows(serial["cpu"], {1: serial["run"], 2: j2["run"]})
        if name == "verify":
            overhead = 2 * dk["run"] * (1 - min(dk["busy"], 1.0)) / len(units)     # idle worker time per unit
            lines += [""] + deep_verify_estimate(serial["results"], serial["cpu"], args.deep_factor, args.chunk,
                                                 overhead)
        lines.append("")
    text = "\n".join(lines)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as handle:
        handle.write(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
