"""exactprune.parallel: results in unit order whatever the backend and the number of workers,
seeds per unit, refusals, and a Dask worker killed mid-run."""
import contextlib
import json
import os
import signal
import threading
import time

import numpy as np
import pytest

from exactprune.parallel import (add_parallel_arguments, check_jobs, chunk_sizes, chunked_monte_carlo,
                                 dask_backend, run_units, unit_seeds, workers_from_args)


def draw(seed: int, size: int) -> float:
    """A unit that uses its own seed: the mean of ``size`` normal draws."""
    return float(np.random.default_rng(seed).normal(size=size).mean())


def slow_square(x: int) -> int:
    time.sleep(0.2)
    return x * x


def normals(seed: int, size: int) -> np.ndarray:
    return np.random.default_rng(seed).normal(size=size)


def units(n=12):
    return [(s, 1000) for s in unit_seeds(7, n)]


def test_seeds_depend_on_the_run_seed_and_position_only():
    assert unit_seeds(7, 5) == unit_seeds(7, 8)[:5]
    assert unit_seeds(7, 5) != unit_seeds(8, 5)
    assert len(set(unit_seeds(7, 100))) == 100


def test_neighbouring_runs_draw_from_disjoint_streams():
    """Units' seeds are SeedSequence children, not seed + i: the units of run 7 and of run 8 share
    no seed (with seed + i they would share all but one), and the seeds spread over 63 bits
    (seed + i stays below 2^7 here; a SeedSequence child's top bit is set with probability 1/2,
    so 100 seeds with at least 25 and at most 75 of them set fail with probability < 1e-6)."""
    run7, run8 = unit_seeds(7, 100), unit_seeds(8, 100)
    assert not set(run7) & set(run8)
    assert all(0 <= s < 2 ** 63 for s in run7)
    assert 25 <= sum(s >> 62 for s in run7) <= 75


def test_results_in_unit_order_whatever_the_dispatch_order():
    """Dispatched in reverse (by cost) and in order, serial and on two processes: the results
    are those of the plain loop over the units, in the units' order."""
    work = [(i, 3) for i in range(8)]
    expected = [pow(i, 3) for i in range(8)]
    for jobs in (1, 2):
        assert run_units(pow, work, jobs=jobs, cost=list(range(8)), progress=False) == expected
        assert run_units(pow, work, jobs=jobs, cost=list(range(8))[::-1], progress=False) == expected


def test_a_lost_scheduler_falls_back_to_this_process_and_says_so(monkeypatch, capsys):
    """The scheduler lost mid-run (joblib's Dask call raising the cancelled future it raises
    then): the units run in this process, the results are the serial ones, one line says so."""
    import asyncio

    import exactprune.parallel as parallel
    serial = run_units(draw, units(), progress=False)

    def lost(*args, **kwargs):
        def call(tasks):
            raise asyncio.CancelledError("batch cancelled for reason: scheduler-connection-lost.")
        return call
    with dask_backend("local:2"):
        monkeypatch.setattr(parallel, "_reporting_parallel", lost)
        assert run_units(draw, units(), jobs=-1, progress=False, label="draws") == serial
    err = capsys.readouterr().err
    assert err == "exactprune: lost the Dask scheduler at local:2: running the 12 draws in this process " \
                  "(results unchanged)\n"


def test_a_one_thread_cluster_runs_here_and_says_so(capsys):
    """joblib runs the units in the calling process when the cluster has one worker thread: the
    results are the serial ones and one line says where they ran."""
    serial = run_units(draw, units(), progress=False)
    with dask_backend("local:1"):
        assert run_units(draw, units(), jobs=-1, progress=False, label="draws") == serial
    assert capsys.readouterr().err == ("exactprune: the Dask cluster at local:1 has 1 worker thread(s): running "
                                       "12 draws in this process\n")


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads child processes from Linux's /proc")
def test_sigterm_to_the_command_leaves_no_worker_behind():
    """SIGTERM to a command running two forked workers: it exits with 128 + 15 after shutting
    its pool down (or, should the signal land where unwinding cannot finish, after
    cli.UNWIND_SECONDS); none of its child processes survives."""
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-m", "exactprune", "verify", "--theorem", "zhong-5.5",
                             "--examples", "2000", "--jobs", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def children():
        with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as handle:
            return [int(pid) for pid in handle.read().split()]
    try:
        deadline = time.monotonic() + 60
        while len(children()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        kids = children()
        assert len(kids) >= 2, "the command never started its workers"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 128 + signal.SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()

    # a worker is told by the kernel when its parent dies (SIGTERM) and ends soon after, later under
    # load: one still running 10 s after its parent exited survived it
    deadline = time.monotonic() + 10
    while any(running(pid) for pid in kids) and time.monotonic() < deadline:
        time.sleep(0.1)
    alive = [pid for pid in kids if running(pid)]
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, f"workers {alive} survived their parent"


def running(pid: int) -> bool:
    """Whether process ``pid`` runs (exists and is not a zombie), from Linux's /proc."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_same_results_serial_and_two_processes():
    serial = run_units(draw, units(), jobs=1, progress=False)
    assert run_units(draw, units(), jobs=2, progress=False) == serial
    assert serial == [draw(*u) for u in units()]        # the plain loop, independently


@pytest.mark.parametrize("bad", [0, -2, 1.5, True, "2"])
def test_jobs_refused(bad):
    with pytest.raises(ValueError, match="jobs must be"):
        check_jobs(bad)


def test_dask_local_cluster_gives_the_serial_results():
    serial = run_units(draw, units(), progress=False)
    with dask_backend("local:2"):
        assert run_units(draw, units(), jobs=-1, progress=False) == serial


def test_unreachable_scheduler_is_refused_quickly():
    start = time.monotonic()
    with pytest.raises(ValueError, match="cannot reach a Dask scheduler"):
        with dask_backend("tcp://127.0.0.1:9"):
            pass
    assert time.monotonic() - start < 20


def test_a_worker_killed_mid_run_does_not_change_the_result():
    from distributed import default_client
    expected = [x * x for x in range(16)]
    with dask_backend("local:2"):
        client = default_client()
        pids = list(client.run(os.getpid).values())

        def kill_one():
            time.sleep(0.5)
            os.kill(pids[0], signal.SIGKILL)

        killer = threading.Thread(target=kill_one)
        killer.start()
        result = run_units(slow_square, [(x,) for x in range(16)], jobs=-1, progress=False)
        killer.join()
    assert result == expected


def parser():
    import argparse
    p = argparse.ArgumentParser(prog="x")
    p.add_argument("--json", action="store_true")
    add_parallel_arguments(p)
    return p


@pytest.mark.parametrize("argv,message", [(["--jobs", "0"], "argument --jobs: must be a positive integer or -1 (all cores), at most 256"),
                                          (["--jobs", "-3"], "argument --jobs: must be a positive integer or -1 (all cores), at most 256"),
                                          (["--jobs", "two"], "argument --jobs: must be a positive integer or -1 (all cores), at most 256"),
                                          (["--jobs", "257"], "argument --jobs: must be a positive integer or -1 (all cores), at most 256"),
                                          (["--dask", "somehost"], "argument --dask: must be a scheduler address")])
def test_bad_jobs_and_dask_arguments_are_refused_in_one_line(argv, message, capsys):
    with pytest.raises(SystemExit):
        parser().parse_args(argv)
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert message in last


def test_workers_from_args_defaults_progress_and_exclusion():
    args = parser().parse_args(["--jobs", "2", "--json"])
    with workers_from_args(args) as workers:
        assert (workers.jobs, workers.progress) == (2, False)    # --json: never any progress
        assert workers.run(pow, [(3, 2), (2, 4)]) == [9, 16]
    with workers_from_args(parser().parse_args([])) as workers:
        assert workers.jobs == 1
    with pytest.raises(ValueError, match="exclude each other"):
        with workers_from_args(parser().parse_args(["--jobs", "2", "--dask", "local:2"])):
            pass


def test_chunk_sizes_cover_the_samples():
    assert chunk_sizes(23, 5) == [5, 5, 5, 5, 3] and sum(chunk_sizes(10**6 + 1, 4096)) == 10**6 + 1
    for bad in ((10, 0), (-1, 5), (2.0, 1)):
        with pytest.raises(ValueError, match="must be an integer"):
            chunk_sizes(*bad)


def test_chunked_monte_carlo_is_independent_of_the_workers_and_sound():
    serial = np.concatenate(chunked_monte_carlo(normals, 40_001, seed=3, chunk=4096))
    parallel = np.concatenate(chunked_monte_carlo(normals, 40_001, seed=3, chunk=4096, jobs=2))
    assert serial.shape == (40_001,) and np.array_equal(serial, parallel)
    # the chunks are independent streams: the mean of 40001 N(0, 1) draws within 5 SE of 0, and
    # neighbouring chunks uncorrelated (|r| < 5 / sqrt(4096))
    assert abs(serial.mean()) < 5 / 40_001 ** 0.5
    assert abs(np.corrcoef(serial[:4096], serial[4096:8192])[0, 1]) < 5 / 4096 ** 0.5
    other = np.concatenate(chunked_monte_carlo(normals, 40_001, seed=4, chunk=4096))
    assert not np.array_equal(serial, other)


def test_lpt_schedule_is_within_grahams_bound_of_the_brute_force_optimum():
    """The strong-scaling table's LPT makespan: never below the optimum (found by trying every
    assignment) and at most (4/3 - 1/(3p)) times it (Graham 1969)."""
    import itertools
    import runpy
    lpt = runpy.run_path(os.path.join(os.path.dirname(__file__), "..", "benchmarks", "bench_parallel.py"))["lpt_makespan"]
    rng = np.random.default_rng(5)
    for _ in range(40):
        times = [int(t) for t in rng.integers(1, 20, size=int(rng.integers(1, 8)))]
        for p in (2, 3):
            best = min(max(sum(t for t, w in zip(times, assign) if w == k) for k in range(p))
                       for assign in itertools.product(range(p), repeat=len(times)))
            assert best <= lpt(times, p) <= (4 / 3 - 1 / (3 * p)) * best + 1e-9


def _cli_json(capsys, *argv):
    from exactprune.cli import main
    status = main(list(argv))
    out = capsys.readouterr().out
    assert status == 0, out
    return out


@pytest.mark.slow
def test_verify_output_is_byte_identical_whatever_the_workers(capsys, tmp_path, monkeypatch):
    """Statements and chunks of cases are the units: --jobs 1, --jobs 2 and a local Dask cluster
    print the same JSON (1,001 cases of one statement are two chunks, 1,000 and 1: the smallest
    chunked run, with a short last chunk)."""
    monkeypatch.chdir(tmp_path)
    argv = ["verify", "--theorem", "zhong-5.9", "--theorem", "ek-1", "--examples", "200", "--json"]
    serial = _cli_json(capsys, *argv, "--jobs", "1")
    assert _cli_json(capsys, *argv, "--jobs", "2") == serial
    assert _cli_json(capsys, *argv, "--dask", "local:2") == serial
    chunked = ["verify", "--theorem", "zhong-5.9-corrected", "--examples", "1001", "--json"]
    one = _cli_json(capsys, *chunked, "--jobs", "1")
    assert _cli_json(capsys, *chunked, "--jobs", "2") == one
    result = json.loads(one)[0]
    assert result["chunks"] == 2 and result["cases"] >= 1001        # each chunk also runs the pinned cases
    assert not (tmp_path / ".hypothesis").exists()      # hypothesis' cache is not written here


def test_cost_orders_the_dispatch_longest_first_and_never_the_results():
    """Units start in decreasing cost (ties in unit order); results come back in unit order,
    the same with and without costs, serial or on two processes."""
    started = []

    def record(x):
        started.append(x)
        return x * 10

    assert run_units(record, [(0,), (1,), (2,), (3,)], cost=[1, 5, 1, 7]) == [0, 10, 20, 30]
    assert started == [3, 1, 0, 2]
    plain = run_units(draw, units(), progress=False)
    cost = list(range(12))
    assert run_units(draw, units(), cost=cost, progress=False) == plain
    assert run_units(draw, units(), jobs=2, cost=cost[::-1], progress=False) == plain
    with pytest.raises(ValueError, match="one estimate per unit: 2 estimates for 12 units"):
        run_units(draw, units(), cost=[1, 2])


def test_protocol_cost_is_the_training_rows():
    from exactprune.experiments import protocol_cost, protocol_units
    # wine: 178 rows in 20 parts of 9 (18 parts) and 8 (2 parts); run i trains on parts i..i+m-1
    u = protocol_units("wine", ratios=(1, 10), runs=20)
    expected = [9] * 18 + [8] * 2 + [10 * 9 - sum(1 for j in range(10) if (i + j) % 20 >= 18) for i in range(20)]
    assert protocol_cost(u) == expected


def test_rdt_samplers_in_chunks_are_independent_of_the_workers_and_sound(monkeypatch):
    """simulate / af_monte_carlo above their chunk size: chunks of fixed size with the seeds of
    unit_seeds (chunk c of a long run = a short run with the c-th derived seed), the same samples
    on 1 or 2 workers, and within 5 standard errors of the exact moments (DD's AF)."""
    from exactprune.rdt import Criterion, correlated_distribution, exact_moments, simulation
    monkeypatch.setattr(simulation, "SIM_CHUNK", 40)
    monkeypatch.setattr(simulation, "AF_CHUNK", 15)
    dist, crit = correlated_distribution([2, 2, 2], "3/5"), Criterion(height=2)
    exact = exact_moments(dist, 12, crit, same_sample=True)
    one = simulation.simulate(dist, 12, crit, runs=100, seed=3, same_sample=True)
    two = simulation.simulate(dist, 12, crit, runs=100, seed=3, same_sample=True, jobs=2)
    assert np.array_equal(one.pop("samples"), two.pop("samples")) and one == two
    seeds = unit_seeds(3, 3)                    # chunks of 40, 40, 20 runs
    long_run = simulation.simulate(dist, 12, crit, runs=100, seed=3)["samples"]
    assert np.array_equal(long_run[:40], simulation.simulate(dist, 12, crit, runs=40, seed=seeds[0])["samples"])
    assert np.array_equal(long_run[80:], simulation.simulate(dist, 12, crit, runs=20, seed=seeds[2])["samples"])
    assert not np.array_equal(long_run[:40], simulation.simulate(dist, 12, crit, runs=40, seed=3)["samples"])
    assert abs(one["mean"] - float(exact["E1"])) <= 5 * one["se_mean"]
    assert abs(one["cross"] - float(exact["E2_two_trees_same_sample"])) <= 5 * one["se_cross"]
    af_one = simulation.af_monte_carlo(dist, 12, crit, runs=40, seed=8)
    af_two = simulation.af_monte_carlo(dist, 12, crit, runs=40, seed=8, jobs=2)
    assert np.array_equal(af_one.pop("samples"), af_two.pop("samples")) and af_one == af_two
    assert abs(af_one["mean"] - float(exact["E1"])) <= 5 * af_one["se_mean"]
    assert abs(af_one["second"] - float(exact["E2_same"])) <= 5 * af_one["se_second"]


FORK_CHECK = """
import json, os, sys, threading
from joblib import parallel_config
from exactprune.parallel import run_units

def sees_parent_mark():
    return getattr(os, "_exactprune_test_mark", False)

os._exactprune_test_mark = True
out = {"pids": run_units(os.getpid, [()] * 4, jobs=2), "parent": os.getpid(),
       "fork": run_units(sees_parent_mark, [()] * 4, jobs=2)}
with parallel_config(backend="threading"):
    out["threading"] = run_units(os.getpid, [()] * 4, jobs=2)
stop = threading.Event()
other = threading.Thread(target=stop.wait)
other.start()
out["thread running"] = run_units(sees_parent_mark, [()] * 4, jobs=2)
stop.set()
other.join()
print(json.dumps(out))
"""


def test_local_workers_are_forked_unless_a_backend_was_set_or_threads_run():
    """In a fresh process on Linux, jobs > 1 forks the workers: they inherit this process's state
    (a mark set on ``os`` at run time, which a fresh interpreter - loky - does not have); a
    backend set with joblib.parallel_config wins (threads: the units run in this process); while
    another thread runs, the workers are loky's fresh interpreters (no mark)."""
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    proc = subprocess.run([sys.executable, "-c", FORK_CHECK], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": root}, cwd=root)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["parent"] not in out["pids"]
    assert out["fork"] == [sys.platform.startswith("linux")] * 4
    assert out["threading"] == [out["parent"]] * 4
    assert out["thread running"] == [False] * 4


def test_local_dask_workers_are_forked_unless_dask_is_configured_otherwise(monkeypatch):
    """A local cluster's workers are forked on Linux (they see a mark set on ``os`` at run time);
    a start method named in Dask's configuration is kept (spawn: fresh interpreters, no mark)."""
    import sys
    import dask
    from distributed import default_client
    import threading
    monkeypatch.setattr(os, "_exactprune_test_mark", True, raising=False)
    alone = threading.active_count() == 1        # (earlier tests may have left loky's threads)
    with dask_backend("local:1"):
        assert list(default_client().run(sees_parent_mark).values()) == [sys.platform.startswith("linux") and alone]
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
        from exactprune.parallel import _local_start_method
        assert _local_start_method(dask) == "forkserver"
    monkeypatch.setenv("DASK_DISTRIBUTED__WORKER__MULTIPROCESSING_METHOD", "spawn")
    dask.config.refresh()
    try:
        with dask_backend("local:1"):
            assert list(default_client().run(sees_parent_mark).values()) == [False]
    finally:
        monkeypatch.delenv("DASK_DISTRIBUTED__WORKER__MULTIPROCESSING_METHOD")
        dask.config.refresh()


def test_local_dask_workers_are_not_forked_beside_another_thread():
    """A thread running at the fork could hold a lock the worker inherits locked (the cluster then
    never starts: seen with loky's threads left by an earlier run): with one more thread alive,
    Dask's own start method (spawn) is kept; with none, fork."""
    import threading
    import dask
    from exactprune.parallel import _fork_is_sound, _local_start_method
    assert _local_start_method(dask) == ("fork" if _fork_is_sound() and threading.active_count() == 1 else "spawn")
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert _local_start_method(dask) == "spawn"
    finally:
        stop.set()
        other.join()


def sees_parent_mark() -> bool:
    """Whether this process has the attribute set on ``os`` by the test at run time: a forked
    worker inherits it, a fresh interpreter does not."""
    return getattr(os, "_exactprune_test_mark", False)


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads process groups from Linux's /proc")
def test_parents_terminated_while_their_pools_start_leave_no_worker_behind():
    """Issue 36: the load that left idle workers alive - many commands terminated while their
    pools start (staggered SIGTERMs from 0 to about 1 s after the start).  Each command runs in its
    own session, so its workers keep its process group after it dies and can be found; every one
    must end within 10 s of its parent.  (Cause: a worker forked just before its parent died set
    PR_SET_PDEATHSIG after the death it watches, so no signal ever came; ``cli._die_with_parent``
    now checks the parent after the prctl.)"""
    import subprocess
    import sys
    procs = []
    for i in range(8):
        procs.append(subprocess.Popen([sys.executable, "-m", "exactprune", "verify", "--theorem", "zhong-5.5",
                                       "--examples", "2000", "--jobs", "2"], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, start_new_session=True))
    groups = [proc.pid for proc in procs]
    try:
        for i, proc in enumerate(procs):
            time.sleep(0.12)
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            proc.wait(timeout=60)
        # each was stopped by SIGTERM (its handler's 128 + 15, or the signal itself, -15, before the
        # handler was set or after it was restored), never refused before starting work (exit 2: a
        # selection over the limits), reported as an internal error (3: an exception the
        # interruption caused), ended by SIGINT (-2: see test_cli's python -m test) nor finished
        assert [proc.returncode for proc in procs if proc.returncode not in (128 + signal.SIGTERM, -signal.SIGTERM)] == []
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()

    def members():
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as handle:
                        fields = handle.read().rsplit(")", 1)[1].split()
                except (FileNotFoundError, ProcessLookupError):
                    continue
                if fields[0] != "Z" and int(fields[2]) in groups:
                    found.append(int(entry))
        return found
    deadline = time.monotonic() + 10
    while members() and time.monotonic() < deadline:
        time.sleep(0.2)
    alive = members()
    for pid in alive:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert not alive, f"workers {alive} survived their parents"


@pytest.mark.skipif(not hasattr(os, "register_at_fork"), reason="needs os.register_at_fork")
def test_a_child_forked_as_its_parent_dies_ends_at_once():
    """The race behind the leak, made certain: a child that finds, after asking for
    PR_SET_PDEATHSIG, that the process which forked it is no longer its parent (here os.getppid is
    made to say so) ends with 128 + SIGTERM instead of living on as an orphan that no signal will
    reach.  A child whose parent is alive carries on (exit 0)."""
    import subprocess
    import sys
    code = ("import os, sys\nfrom exactprune import cli\ncli._FORKS_DIE_WITH_PARENT[0] = True\n"
            "if sys.argv[1] == 'orphan':\n    os.getppid = lambda: 1\n"
            "pid = os.fork()\nif pid == 0:\n    os._exit(0)\n_, status = os.waitpid(pid, 0)\n"
            "print(os.waitstatus_to_exitcode(status))\n")
    for kind, expected in (("orphan", 128 + signal.SIGTERM), ("alive", 0)):
        proc = subprocess.run([sys.executable, "-c", code, kind], capture_output=True, text=True, timeout=60,
                              cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        assert proc.returncode == 0, proc.stderr
        assert int(proc.stdout.split()[-1]) == expected, kind


HANGING_PRELOAD = """
import os, time

def dask_setup(worker):      # (Dask imports a copy of this file from the worker's own folder)
    with open(os.path.join(FOLDER, f"worker-{worker.name}.pid"), "w") as handle:
        handle.write(str(os.getpid()))
    if worker.name == 1:        # worker 1 never becomes ready (a lock that is never released, say)
        time.sleep(3600)
"""

#: a command with --dask local:2 run with the start limit and a Dask preload from the command line;
#: prints its status, its seconds and whether each worker process that the preload saw still runs
#: (the source of running() is put before it)
START_HANGS = """
import argparse, json, os, sys, time
import dask
from exactprune import cli, parallel

def command(args):
    with parallel.workers_from_args(args):
        return 0

parser = argparse.ArgumentParser()
parallel.add_parallel_arguments(parser)
parser.set_defaults(func=command)
cli.build_parser = lambda: parser
parallel.LOCAL_START_TIMEOUT_S = int(sys.argv[1])
folder = os.path.dirname(sys.argv[2])
dask.config.set({"distributed.worker.preload": [sys.argv[2]]})
start = time.monotonic()
status = cli.main(["--dask", "local:2"])
seconds = time.monotonic() - start
pids = {name: int(open(os.path.join(folder, name)).read()) for name in os.listdir(folder) if name.endswith(".pid")}
print(json.dumps({"status": status, "seconds": seconds, "running": {name: running(pid) for name, pid in pids.items()}}))
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads processes from Linux's /proc")
def test_a_local_cluster_that_does_not_start_in_time_is_refused_and_stopped(tmp_path):
    """No command hangs starting a local Dask cluster: a worker that never becomes ready (a Dask
    preload that sleeps, in worker 1 only) is given LOCAL_START_TIMEOUT_S (6 s here); then the
    command refuses in one line naming the cause, the limit and the alternative, exit 2, and
    every worker process it started - worker 0, which started in time, and the late worker 1 -
    has stopped by the time the command returns (checked before the process exits, where the
    kernel's end-with-parent would stop them anyway).  In a fresh process, so the workers fork."""
    import inspect
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    preload = tmp_path / "hanging_preload.py"
    preload.write_text(f"FOLDER = {str(tmp_path)!r}\n" + HANGING_PRELOAD)
    script = inspect.getsource(running) + START_HANGS
    proc = subprocess.run([sys.executable, "-c", script, "6", str(preload)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": root}, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"] == 2
    assert out["running"] == {"worker-0.pid": False, "worker-1.pid": False}
    assert proc.stderr == ("exactprune: error: the local Dask cluster local:2 did not start: a worker was not ready "
                           "within 6 s (LOCAL_START_TIMEOUT_S) and its processes were stopped; use --jobs 2 instead "
                           "of --dask local:2\n")
    assert out["seconds"] < 6 + 30


class _FailingCluster:
    """Stands for LocalCluster: records its options and raises what it is given."""
    options: dict = {}
    error: BaseException = RuntimeError()

    def __init__(self, **options):
        type(self).options = options
        raise type(self).error


def _timed_out_while_stopping() -> AssertionError:
    """Dask's error when a worker's start times out: stopping the late worker asserts, the
    timeout as its context."""
    try:
        try:
            raise TimeoutError("Nanny start timed out after 60s.")
        except TimeoutError:
            raise AssertionError("Status.starting")
    except AssertionError as err:
        return err


@pytest.mark.parametrize("error, raised", [(_timed_out_while_stopping(), ValueError),
                                           (TimeoutError("Nanny start timed out after 60s."), ValueError),
                                           (RuntimeError("Nanny failed to start."), RuntimeError)])
def test_only_a_start_that_timed_out_is_refused_as_the_start_limit(monkeypatch, error, raised):
    """The cluster is asked for Dask's start limit (death_timeout = LOCAL_START_TIMEOUT_S); a start
    that failed because a timeout ran out is refused with ValueError (exit 2: see docs/parallel.md),
    any other failure of the start is raised as it is (an internal error, exit 3, not a refusal)."""
    import distributed
    import exactprune.parallel as parallel
    monkeypatch.setattr(distributed, "LocalCluster", _FailingCluster)
    monkeypatch.setattr(_FailingCluster, "error", error)
    with pytest.raises(raised) as caught:
        with dask_backend("local:3"):
            pass
    assert _FailingCluster.options["death_timeout"] == parallel.LOCAL_START_TIMEOUT_S == 60
    assert _FailingCluster.options["n_workers"] == 3
    if raised is ValueError:
        assert str(caught.value) == ("the local Dask cluster local:3 did not start: a worker was not ready within 60 s "
                                     "(LOCAL_START_TIMEOUT_S) and its processes were stopped; use --jobs 3 instead of "
                                     "--dask local:3")
    else:
        assert caught.value is error
