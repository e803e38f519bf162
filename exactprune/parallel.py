"""Work units in parallel: joblib locally, a Dask cluster through joblib's Dask backend.

Every heavy job of exactprune (the theorem registry, the chapter 6 protocol, Monte Carlo checks)
is a list of independent *work units*.  :func:`run_units` runs them with joblib and returns their
results **in the order of the units**, so a result never depends on the number of workers or on
the backend: each unit that draws random numbers gets its own seed from :func:`unit_seeds`
(numpy's ``SeedSequence.spawn``), fixed by the run's seed and the unit's position alone.

* ``jobs``: as scikit-learn's ``n_jobs``: 1 (default) runs in this process, ``N > 1`` uses N
  worker processes, ``-1`` all cores; 0 and other negatives are refused.  The workers are forked
  from this process where that is sound (Linux), else joblib's loky workers: see
  :func:`_process_backend`.
* Dask: inside :func:`dask_backend` (``"tcp://host:8786"`` for an existing scheduler, ``"local:N"``
  to start a local cluster of N single-threaded worker processes) the same call sends the units to
  the cluster (``joblib.parallel_config(backend="dask")``).  A worker lost mid-run is replaced and
  its unit rescheduled by Dask; the results are unchanged because each unit is a pure function of
  its arguments.  When the scheduler is lost mid-run, the units run again in this process, and
  one line on stderr says so (``exactprune: lost the Dask scheduler at ADDRESS: running the N
  units in this process (results unchanged)``); so it does when the cluster has a single worker
  thread, where joblib runs the units in this process itself.  Dask's own log lines stay off
  stderr.

>>> run_units(pow, [(2, 3), (3, 2)])
[8, 9]
>>> unit_seeds(0, 3) == unit_seeds(0, 3), len(set(unit_seeds(0, 3)))
(True, 3)
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator, List, Optional, Sequence

__all__ = ["run_units", "unit_seeds", "check_jobs", "dask_backend", "CONNECT_TIMEOUT_S", "LOCAL_START_TIMEOUT_S",
           "chunk_sizes", "chunked_monte_carlo", "add_parallel_arguments", "Workers", "workers_from_args"]

#: seconds to wait for a Dask scheduler before refusing the address
CONNECT_TIMEOUT_S = 5

#: seconds each worker of a local Dask cluster (``local:N``) may take to start - its process
#: started, its imports done, registered with the scheduler - before the cluster is refused
#: (Dask's ``death_timeout``).  A start takes about 0.5 s forked and 1.5 s spawned on two idle
#: cores: 60 s, 40 times the spawned start, leaves room for a heavily loaded machine and still
#: ends a start that never finishes within a minute.
LOCAL_START_TIMEOUT_S = 60


def check_jobs(jobs: Any) -> int:
    """Validate ``jobs`` (``n_jobs``): a positive integer or -1.

    Parameters
    ----------
    jobs : int
        The number of workers: a positive integer, or -1 for all cores (a bool is refused).

    Returns
    -------
    int
        ``jobs``, unchanged.

    Examples
    --------
    >>> check_jobs(2), check_jobs(-1)
    (2, -1)
    >>> check_jobs(0)
    Traceback (most recent call last):
    ValueError: jobs must be a positive integer or -1 (all cores), got 0
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or (jobs < 1 and jobs != -1):
        raise ValueError(f"jobs must be a positive integer or -1 (all cores), got {jobs!r}")
    return jobs


def unit_seeds(seed: int, count: int) -> List[int]:
    """``count`` independent 63-bit seeds derived from ``seed`` (``SeedSequence(seed).spawn``):
    unit i's seed depends only on ``seed`` and i.

    Parameters
    ----------
    seed : int
        The run's seed, a non-negative integer.
    count : int
        The number of seeds (of work units).

    Returns
    -------
    list of int
        The seeds, each in 0..2^63 - 1.

    Examples
    --------
    >>> seeds = unit_seeds(5, 4)
    >>> seeds[:3] == unit_seeds(5, 3), seeds == unit_seeds(5, 4), seeds[0] == unit_seeds(6, 1)[0]
    (True, True, False)
    >>> len(set(seeds)), all(0 <= s < 2 ** 63 for s in seeds)
    (4, True)
    >>> unit_seeds(-1, 2)
    Traceback (most recent call last):
    ValueError: seed must be a non-negative integer, got -1
    """
    import numpy as np
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return [int(child.generate_state(1, dtype=np.uint64)[0] >> 1)
            for child in np.random.SeedSequence(seed).spawn(count)]


def run_units(function: Callable[..., Any], units: Sequence[tuple], *, jobs: int = 1,
              progress: Optional[bool] = None, label: str = "units",
              cost: Optional[Sequence[float]] = None) -> list:
    """``[function(*unit) for unit in units]``, run by joblib with ``jobs`` workers (or by the
    backend set with :func:`dask_backend`), results in the order of ``units``.

    ``cost``: an estimate of each unit's run time (any unit of measure).  The units are then
    *dispatched* longest first (ties in unit order) - the longest-processing-time-first order,
    so that a long unit does not start last and keep one worker busy while the others idle -
    and their results are still returned in the order of ``units``: the estimate changes only
    when each unit runs, never a result.  ``progress``: print ``label: done/total, ETA`` on
    stderr as units finish (default: only when stderr is a terminal).  ``function`` must be
    importable (a module-level function) for process and Dask workers.

    Parameters
    ----------
    function : callable
        Called as ``function(*unit)``; a module-level function for process and Dask workers.
    units : sequence of tuple
        The arguments of each call.
    jobs : int
        Worker processes (-1 for all cores); 1 runs in this process.
    progress : bool, optional
        Print progress on stderr; None prints it when stderr is a terminal.
    label : str
        What the units are, in the progress line and fallback messages.
    cost : sequence of float, optional
        An estimate of each unit's run time, one per unit: the dispatch order, longest first.

    Returns
    -------
    list
        The results, in the order of ``units``.

    Examples
    --------
    >>> run_units(divmod, [(7, 2), (9, 4), (5, 5)], cost=[1, 3, 2])    # runs (9, 4), (5, 5), (7, 2)
    [(3, 1), (2, 1), (1, 0)]
    """
    _stop_if_interrupted()
    jobs = check_jobs(jobs)
    units = list(units)
    order = list(range(len(units)))
    if cost is not None:
        cost = list(cost)
        if len(cost) != len(units):
            raise ValueError(f"cost needs one estimate per unit: {len(cost)} estimates for {len(units)} units")
        order.sort(key=lambda i: -cost[i])
    if progress is None:
        progress = sys.stderr.isatty()
    reporter = _Progress(len(units), label, progress)
    results: list = [None] * len(units)
    if _dask_active() and _dask_threads() <= 1 and units:
        _fall_back(f"the Dask cluster at {_DASK['address']} has {_dask_threads()} worker thread(s): "
                   f"running {len(units)} {label} in this process")
    if (jobs == 1 and not _dask_active()) or _DASK["lost"]:
        _run_here(function, units, order, results, reporter)
    else:
        from joblib import delayed, wrap_non_picklable_objects
        backend = _process_backend()
        if backend is not None:         # multiprocessing pickles with pickle, loky and Dask with cloudpickle
            function = wrap_non_picklable_objects(function)
        workers = jobs if _dask_active() or jobs == -1 else min(jobs, len(units))
        try:
            outputs = _reporting_parallel(reporter, n_jobs=workers, backend=backend)(
                delayed(function)(*units[i]) for i in order)
        except BaseException as err:        # asyncio's CancelledError is a BaseException
            if not (_dask_active() and _is_connection_loss(err)):
                raise
            _fall_back(f"lost the Dask scheduler at {_DASK['address']}: running the {len(units)} {label} in this "
                       f"process (results unchanged)")
            _run_here(function, units, order, results, reporter)
        else:
            for i, result in zip(order, outputs):
                results[i] = result
    reporter.close()
    return results


def _stop_if_interrupted() -> None:
    """Raise KeyboardInterrupt when the running ``exactprune`` command received a terminating
    signal (:func:`exactprune.cli.signal_received`; never outside a command).

    The signal's own KeyboardInterrupt can be swallowed on its way up (raised in a weakref callback
    of the import system, Python prints "Exception ignored"), and the command then goes on: its
    next pool would be loky's, fresh interpreters that do not end with the command (the handler's
    watchdog thread makes fork unsound), and the watchdog ends the command 10 s later with them
    still running (seen: two workers and two resource trackers that outlived their parent)."""
    cli = sys.modules.get("exactprune.cli")         # loaded when a command runs
    signum = cli.signal_received() if cli is not None else 0
    if signum:
        raise KeyboardInterrupt(signum)


def _run_here(function: Callable[..., Any], units: list, order: list, results: list, reporter: "_Progress") -> None:
    """Run the units in this process, in dispatch ``order``, results at their units' positions."""
    for done, i in enumerate(order, 1):
        results[i] = function(*units[i])
        reporter.update(done)


def _fall_back(message: str) -> None:
    """Say on stderr (one line) that the Dask run continues in this process, and remember it."""
    _DASK["lost"] = True
    sys.stderr.write(f"exactprune: {message}\n")
    sys.stderr.flush()


def _is_connection_loss(err: BaseException) -> bool:
    """Whether ``err`` is Dask losing its scheduler (a cancelled future, a closed connection)."""
    import asyncio
    import concurrent.futures
    if isinstance(err, (KeyboardInterrupt, SystemExit)):
        return False
    closed: type[BaseException]
    try:
        from distributed.comm.core import CommClosedError
        closed = CommClosedError
    except ImportError:             # pragma: no cover - dask_backend needs distributed
        closed = OSError
    return isinstance(err, (asyncio.CancelledError, concurrent.futures.CancelledError, closed)) \
        or "connection-lost" in str(err)


def _dask_threads() -> int:
    """Worker threads of the active Dask cluster (0 when it cannot be asked)."""
    try:
        return sum(_DASK["client"].ncores().values())
    except Exception:       # noqa: BLE001 - a lost scheduler cannot answer
        return 0


def _process_backend() -> Any:
    """The joblib backend of :func:`run_units` with several workers: the ``fork`` start method
    of ``multiprocessing`` (joblib's multiprocessing backend) where it is safe to use, else
    ``None`` - joblib's active backend: loky, or whatever ``joblib.parallel_config(backend=...)``
    (e.g. :func:`dask_backend`) set.

    Forked workers inherit this process's imports (numpy, exactprune, and scikit-learn once a unit
    or the caller imported it) and start in milliseconds, where loky starts fresh interpreters
    that import everything again (about 0.5 s, and 1-1.4 s more for scikit-learn).  Fork is used
    only (a) when no backend was set with ``joblib.parallel_config``, (b) on platforms where it is
    sound and (c) this process runs no other Python thread, which could hold a lock (logging,
    I/O, a Dask client's event loop) that the child would inherit locked (both
    :func:`_fork_is_sound`).  The results are the same either way: only the start differs.
    """
    import multiprocessing
    try:        # joblib has no public "was a backend configured?"; without these names, keep loky
        from joblib.parallel import _backend, default_parallel_config
    except ImportError:
        return None
    if getattr(_backend, "config", default_parallel_config)["backend"] is not default_parallel_config["backend"]:
        return None
    return multiprocessing.get_context("fork") if _fork_is_sound() else None


def _fork_is_sound() -> bool:
    """Whether worker processes may be started by ``fork`` here and now: a platform with ``fork``
    other than macOS (whose system libraries are not fork-safe; Python uses spawn there) and
    Windows (no fork), and no other Python thread in this process (a thread holding a lock at the
    fork, such as a loky executor's or a Dask client's, leaves the child waiting on it forever)."""
    import multiprocessing
    import threading
    return (sys.platform not in ("darwin", "win32") and "fork" in multiprocessing.get_all_start_methods()
            and threading.active_count() == 1)


def chunk_sizes(samples: int, chunk: int) -> List[int]:
    """``samples`` split into chunks of ``chunk`` (the last one shorter): a fixed split, whatever
    the number of workers.

    Parameters
    ----------
    samples : int
        The number of draws, >= 0.
    chunk : int
        The size of a chunk, >= 1.

    Returns
    -------
    list of int
        The chunks' sizes (empty for 0 samples).

    Examples
    --------
    >>> chunk_sizes(25, 10), chunk_sizes(20, 10), chunk_sizes(0, 10)
    ([10, 10, 5], [10, 10], [])
    """
    for name, value, low in (("samples", samples, 0), ("chunk", chunk, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be an integer >= {low}, got {value!r}")
    return [chunk] * (samples // chunk) + ([samples % chunk] if samples % chunk else [])


def chunked_monte_carlo(sample_fn: Callable[..., Any], samples: int, seed: int, *, chunk: int = 10_000,
                        args: tuple = (), jobs: int = 1, progress: Optional[bool] = None,
                        label: str = "samples") -> list:
    """A Monte Carlo run of ``samples`` draws as work units: ``[sample_fn(seed_k, size_k, *args)
    for each chunk k]`` (:func:`chunk_sizes`, seeds ``unit_seeds(seed, chunks)``), results in
    chunk order for the caller to combine (sum counts, concatenate draws).  A run of at most one
    chunk is one unit drawing from ``seed`` itself, in this process: the draws of the same run
    before it was chunked.

    The result depends on ``seed``, ``samples`` and ``chunk`` only - never on ``jobs`` or the
    backend - so ``chunk`` is part of a run's identity: keep it fixed (not derived from the
    number of workers).  ``sample_fn`` must be a module-level function drawing its numbers
    from ``numpy.random.default_rng(seed_k)``.

    Parameters
    ----------
    sample_fn : callable
        Called as ``sample_fn(seed_k, size_k, *args)`` for each chunk k.
    samples : int
        The number of draws in all.
    seed : int
        The run's seed.
    chunk : int
        The draws per chunk (part of the run's identity).
    args : tuple
        Further arguments of ``sample_fn``.
    jobs : int
        Worker processes, as in :func:`run_units`.
    progress : bool, optional
        Progress on stderr, as in :func:`run_units`.
    label : str
        What the units are, in the progress line.

    Returns
    -------
    list
        ``sample_fn``'s results, one per chunk, in chunk order.

    Examples
    --------
    >>> import numpy as np
    >>> draws = chunked_monte_carlo(lambda s, k: np.random.default_rng(s).random(k), 25, seed=0, chunk=10)
    >>> [len(d) for d in draws], len(set(np.concatenate(draws)))
    ([10, 10, 5], 25)
    """
    sizes = chunk_sizes(samples, chunk)
    if len(sizes) == 1:
        return run_units(sample_fn, [(seed, samples, *args)], progress=progress, label=label)
    units = [(s, size, *args) for s, size in zip(unit_seeds(seed, len(sizes)), sizes)]
    return run_units(sample_fn, units, jobs=jobs, progress=progress, label=label)


#: the Dask run of :func:`dask_backend`: its address and client, and whether it was lost
_DASK: dict = {"address": None, "client": None, "lost": False}


def _dask_active() -> bool:
    return _DASK["address"] is not None


@contextlib.contextmanager
def dask_backend(address: Optional[str]) -> Iterator[None]:
    """Send :func:`run_units` to Dask for the duration of the block; ``None`` does nothing.

    ``address`` is a scheduler address (``tcp://host:8786``) or ``local:N``.  An unreachable
    scheduler is refused with ``ValueError`` after :data:`CONNECT_TIMEOUT_S` seconds, and so is a
    local cluster whose workers are not ready within :data:`LOCAL_START_TIMEOUT_S` seconds (its
    processes stopped first); a missing ``distributed`` package names the extra to install.

    Parameters
    ----------
    address : str or None
        A scheduler address (``tcp://host:8786``), ``local:N`` for a local cluster of N workers,
        or None for no change.

    Yields
    ------
    None
        Inside the block, :func:`run_units` runs on Dask.

    Examples
    --------
    >>> with dask_backend(None):                   # nothing changes: joblib runs the units
    ...     run_units(pow, [(2, 3), (3, 2)])
    [8, 9]
    >>> with dask_backend("local:0"):
    ...     pass
    Traceback (most recent call last):
    ValueError: --dask local:N needs N between 1 and ..., got 'local:0'
    """
    if address is None:
        yield
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ValueError("--dask needs Dask's distributed scheduler: pip install 'exactprune[dask]'") from None
    from joblib import parallel_config
    cluster = None
    if address.startswith("local:"):
        workers = address[len("local:"):]
        if not workers.isdigit() or not 1 <= int(workers) <= (os.cpu_count() or 1) * 8:
            raise ValueError(f"--dask local:N needs N between 1 and {(os.cpu_count() or 1) * 8}, got {address!r}")
        import logging
        import warnings
        import dask
        # the scheduler's HTTP server moves off a busy port 8787: harmless; the workers' statistical
        # profiler and GIL monitor (sampling every 10 ms / 1 ms) cost CPU that the units need, and so
        # does the event-loop tick of every process (20 ms; at 500 ms an idle cluster of 2 uses 0.2
        # instead of 0.5 CPU seconds in 5 s, and a blocked loop is still reported after 3 s); the
        # nannies fork their worker processes from this one where that is sound (Dask's own setting;
        # the forks happen in Dask's event-loop thread while this one waits): the workers inherit
        # numpy and exactprune, the cluster starts in about 0.5 s instead of 1.5 s and closes in
        # 0.05 s instead of 0.5 s
        method = _local_start_method(dask)
        with warnings.catch_warnings(), dask.config.set({"distributed.worker.profile.enabled": False,
                                                         "distributed.admin.system-monitor.gil.enabled": False,
                                                         "distributed.admin.tick.interval": "500ms",
                                                         "distributed.worker.multiprocessing-method": method}):
            warnings.filterwarnings("ignore", message="Port [0-9]+ is already in use")
            cluster = _start_local_cluster(LocalCluster, address, int(workers), silence_logs=logging.ERROR)
        target: Any = cluster
    else:
        _probe(address)
        target = address
    try:
        try:
            client = Client(target, timeout=f"{CONNECT_TIMEOUT_S}s")
        except Exception as err:    # refused, timed out, or something else answering (no scheduler)
            raise ValueError(f"cannot reach a Dask scheduler at {address!r} within "
                             f"{CONNECT_TIMEOUT_S} s ({type(err).__name__})") from None
        # a lost scheduler or worker is said in one line, not logged (Dask's loggers have levels of their own)
        levels = _quiet_dask_loggers()
        try:
            with parallel_config(backend="dask"):
                _DASK.update(address=address, client=client, lost=False)
                yield
        finally:
            lost = _DASK["lost"]
            _DASK.update(address=None, client=None, lost=False)
            with contextlib.suppress(Exception):
                client.close(timeout=1 if lost else None)
            for logger, level in levels.items():
                logger.setLevel(level)
    finally:
        if cluster is not None:
            cluster.close()


def _start_local_cluster(cluster_class: Any, address: str, workers: int, **options: Any) -> Any:
    """A local Dask cluster of ``workers`` single-threaded worker processes, each given
    :data:`LOCAL_START_TIMEOUT_S` to start (Dask's ``death_timeout``: a worker not ready by then is
    stopped and the cluster closed), or ``ValueError`` naming the limit and the way round it.

    Dask (2026.8) closes what it started when a worker's start times out, except the late worker
    itself: stopping it raises (an ``AssertionError`` whose context is the timeout) and its process
    is left to Dask's reaper at interpreter exit.  So every worker process that this start created
    and that is still running is killed here before the refusal: none outlives it.  Dask's loggers
    are silenced first and left so (its event loop reports the stopped processes from its own
    thread, at any time after): the refusal is the one line said.  A failure that
    no timeout caused is raised as it is (an internal error, not a refusal)."""
    import multiprocessing
    before = set(multiprocessing.active_children())
    try:
        return cluster_class(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                             host="127.0.0.1", death_timeout=LOCAL_START_TIMEOUT_S, **options)
    except Exception as err:
        if not _caused_by_timeout(err):
            raise
        # the refusal is the one report: Dask's event loop would log the processes stopped here
        # (at any time after, from its own thread), so its loggers stay quiet from now on
        _quiet_dask_loggers()
        for process in set(multiprocessing.active_children()) - before:
            process.kill()
            process.join(CONNECT_TIMEOUT_S)
        instead = f"use --jobs {workers} instead of --dask {address}" if workers > 1 else "run without --dask"
        raise ValueError(f"the local Dask cluster {address} did not start: a worker was not ready within "
                         f"{LOCAL_START_TIMEOUT_S} s (LOCAL_START_TIMEOUT_S) and its processes were stopped; "
                         f"{instead}") from None


def _quiet_dask_loggers() -> dict:
    """Silence Dask's loggers (``distributed`` and each of its children, which Dask gives levels of
    their own) and return each one's level before, to restore."""
    import logging
    loggers = [logging.getLogger(name) for name in ["distributed"] + sorted(logging.root.manager.loggerDict)
               if name.startswith("distributed")]
    levels = {logger: logger.level for logger in loggers}
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    return levels


def _caused_by_timeout(err: BaseException) -> bool:
    """Whether a timeout is ``err`` or among the exceptions that caused it (``__cause__``,
    ``__context__``).

    >>> try:
    ...     try:
    ...         raise TimeoutError("start timed out")
    ...     except TimeoutError:
    ...         raise AssertionError("closing while starting")
    ... except AssertionError as err:
    ...     _caused_by_timeout(err), _caused_by_timeout(RuntimeError("failed"))
    (True, False)
    """
    import asyncio
    link: Optional[BaseException] = err
    seen = set()
    while link is not None and id(link) not in seen:
        if isinstance(link, (TimeoutError, asyncio.TimeoutError)):
            return True
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return False


def _local_start_method(dask: Any) -> str:
    """How the nannies of a local cluster start their workers: ``fork`` where it is sound
    (:func:`_fork_is_sound`: also no other Python thread, else the cluster may never start),
    unless Dask's configuration (a YAML file, a ``DASK_...`` variable or ``dask.config.set``)
    names a start method: that one is kept."""
    chosen = dask.config.get("distributed.worker.multiprocessing-method")
    worker = dask.config.collect().get("distributed", {}).get("worker", {})
    configured = chosen != "spawn" or any(k in worker for k in ("multiprocessing-method", "multiprocessing_method"))
    return "fork" if _fork_is_sound() and not configured else chosen


def _jobs_argument(text: str) -> int:
    """``--jobs``: 1..CLI_MAX_JOBS or -1 (all cores), checked at parse time."""
    from .limits import CLI_MAX_JOBS
    digits = text.strip().lstrip("+")
    if text.strip() == "-1":
        return -1
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 6 and 1 <= int(digits) <= CLI_MAX_JOBS):
        raise argparse.ArgumentTypeError(f"must be a positive integer or -1 (all cores), at most {CLI_MAX_JOBS:,}, "
                                         f"got {text[:40]!r}")
    return int(digits)


def _dask_argument(text: str) -> str:
    if "://" in text.strip("/") or (text.startswith("local:") and text[len("local:"):].isdigit()):
        return text
    raise argparse.ArgumentTypeError(f"must be a scheduler address such as tcp://host:8786 or local:N, got {text!r}")


def add_parallel_arguments(parser: argparse.ArgumentParser) -> None:
    """``--jobs N`` (default 1, -1 all cores; 0 and other negatives refused by argparse) and
    ``--dask ADDRESS`` (``tcp://host:8786``, or ``local:N`` for a local cluster of N workers).

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The command's parser, given ``--jobs`` and ``--dask``.

    Examples
    --------
    >>> p = argparse.ArgumentParser(); add_parallel_arguments(p)
    >>> args = p.parse_args(["--jobs", "-1"]); args.jobs, args.dask
    (-1, None)
    """
    group = parser.add_argument_group("parallel work (results identical whatever the setting)")
    from .limits import CLI_MAX_JOBS
    group.add_argument("--jobs", type=_jobs_argument, default=None, metavar="N",
                       help=f"worker processes on this machine, 1..{CLI_MAX_JOBS:,} or -1 for all cores (default 1; "
                            f"never more workers than work units)")
    group.add_argument("--dask", type=_dask_argument, default=None, metavar="ADDRESS",
                       help="run on a Dask scheduler (tcp://host:8786) or on a local cluster of N workers "
                            "(local:N); needs pip install 'exactprune[dask]'")


@dataclass(frozen=True)
class Workers:
    """Where :meth:`run` sends work units: ``jobs`` as in :func:`run_units`, ``progress`` on stderr.

    Parameters
    ----------
    jobs : int
        Worker processes, as in :func:`run_units`.
    progress : bool
        Print progress on stderr.

    Examples
    --------
    >>> Workers().run(pow, [(2, 5)])
    [32]
    """
    jobs: int = 1
    progress: bool = False

    def run(self, function: Callable[..., Any], units: Sequence[tuple], label: str = "units",
            cost: Optional[Sequence[float]] = None) -> list:
        """:func:`run_units` with these settings: ``function(*unit)`` per unit, results in
        the order of ``units``.

        Parameters
        ----------
        function : callable
            Called as ``function(*unit)``.
        units : sequence of tuple
            The arguments of each call.
        label : str
            What the units are, in the progress line.
        cost : sequence of float, optional
            Run-time estimates, one per unit (the dispatch order, as in :func:`run_units`).

        Returns
        -------
        list
            The results, in the order of ``units``.

        Examples
        --------
        >>> Workers(jobs=1).run(divmod, [(7, 2), (9, 4)])
        [(3, 1), (2, 1)]
        """
        return run_units(function, units, jobs=self.jobs, progress=self.progress, label=label, cost=cost)


@contextlib.contextmanager
def workers_from_args(args: argparse.Namespace) -> Iterator[Workers]:
    """Apply ``--jobs``/``--dask`` (:func:`add_parallel_arguments`) for the block and yield the
    :class:`Workers` to run units with.  Progress is shown on stderr only when stderr is a
    terminal and ``--json`` is off; with ``--dask`` the cluster's workers set the parallelism,
    so ``--jobs`` is refused beside it.

    Parameters
    ----------
    args : argparse.Namespace
        Parsed arguments: ``jobs`` and ``dask`` (:func:`add_parallel_arguments`) and ``json``, each
        read when present.

    Yields
    ------
    Workers
        The settings to run the command's work units with.

    Examples
    --------
    >>> with workers_from_args(argparse.Namespace(jobs=None, dask=None, json=True)) as w:
    ...     w
    Workers(jobs=1, progress=False)
    """
    jobs, address = getattr(args, "jobs", None), getattr(args, "dask", None)
    if jobs is not None and address is not None:
        raise ValueError("--jobs and --dask exclude each other: the Dask cluster's workers set the parallelism")
    progress = sys.stderr.isatty() and not getattr(args, "json", False)
    with dask_backend(address):
        yield Workers(jobs=-1 if address is not None else (jobs or 1), progress=progress)


def _probe(address: str) -> None:
    """Refuse a ``tcp://`` scheduler address at once when nothing listens there (Dask's client
    would retry until its timeout); other schemes are left to the client."""
    import socket
    from urllib.parse import urlsplit
    parts = urlsplit(address)
    if parts.scheme != "tcp":
        return
    try:
        port = parts.port
    except ValueError:
        port = None
    if not parts.hostname or port is None:
        raise ValueError(f"--dask: a tcp address needs a host and a port (tcp://host:8786), got {address!r}")
    try:
        socket.create_connection((parts.hostname, port), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as err:
        raise ValueError(f"cannot reach a Dask scheduler at {address!r}: "
                         f"{err.strerror or type(err).__name__}") from None


class _Progress:
    """``label: done/total (ETA 12 s)`` on one refreshed stderr line, when enabled."""

    def __init__(self, total: int, label: str, enabled: bool):
        self.total, self.label, self.enabled = total, label, enabled and total > 0
        self.done = 0
        self.start = time.monotonic()

    def update(self, done: int) -> None:
        """``done`` units of ``total`` have finished."""
        self.done = done
        if self.enabled and done:
            elapsed = time.monotonic() - self.start
            eta = elapsed / done * (self.total - done)
            sys.stderr.write(f"\r{self.label}: {done}/{self.total} (ETA {eta:.0f} s)   ")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _reporting_parallel(reporter: _Progress, **kwargs: Any) -> Any:
    """joblib's ``Parallel(**kwargs)`` reporting each finished batch of units to ``reporter``
    (joblib calls ``print_progress`` in this process whenever a batch completes, on every backend;
    the multiprocessing backend returns no generator to count results from)."""
    from joblib import Parallel

    class ReportingParallel(Parallel):
        def print_progress(self) -> None:
            reporter.update(self.n_completed_tasks)

    return ReportingParallel(**kwargs)
