"""Work units in parallel: joblib locally, a Dask cluster through joblib's Dask backend.

Every heavy job of exactprune (the theorem registry, the chapter 6 protocol, Monte Carlo checks)
is a list of independent *work units*.  :func:`run_units` runs them with joblib and returns their
results **in the order of the units**, so a result never depends on the number of workers or on
the backend: each unit that draws random numbers gets its own seed from :func:`unit_seeds`
(numpy's ``SeedSequence.spawn``), fixed by the run's seed and the unit's position alone.

* ``jobs``: as scikit-learn's ``n_jobs``: 1 (default) runs in this process, ``N > 1`` uses N
  worker processes, ``-1`` all cores; 0 and other negatives are refused.
* Dask: inside :func:`dask_backend` (``"tcp://host:8786"`` for an existing scheduler, ``"local:N"``
  to start a local cluster of N single-threaded worker processes) the same call sends the units to
  the cluster (``joblib.parallel_config(backend="dask")``).  A worker lost mid-run is replaced and
  its unit rescheduled by Dask; the results are unchanged because each unit is a pure function of
  its arguments.

>>> run_units(pow, [(2, 3), (3, 2)])
[8, 9]
>>> unit_seeds(0, 3) == unit_seeds(0, 3), len(set(unit_seeds(0, 3)))
(True, 3)
"""
from __future__ import annotations

import contextlib
import os
import sys
import time
from typing import Any, Callable, Iterator, List, Optional, Sequence

__all__ = ["run_units", "unit_seeds", "check_jobs", "dask_backend", "CONNECT_TIMEOUT_S"]

#: seconds to wait for a Dask scheduler before refusing the address
CONNECT_TIMEOUT_S = 5


def check_jobs(jobs: Any) -> int:
    """Validate ``jobs`` (``n_jobs``): a positive integer or -1.

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
    unit i's seed depends only on ``seed`` and i."""
    import numpy as np
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return [int(child.generate_state(1, dtype=np.uint64)[0] >> 1)
            for child in np.random.SeedSequence(seed).spawn(count)]


def run_units(function: Callable[..., Any], units: Sequence[tuple], *, jobs: int = 1,
              progress: Optional[bool] = None, label: str = "units") -> list:
    """``[function(*unit) for unit in units]``, run by joblib with ``jobs`` workers (or by the
    backend set with :func:`dask_backend`), results in the order of ``units``.

    ``progress``: print ``label: done/total, ETA`` on stderr as units finish (default: only
    when stderr is a terminal).  ``function`` must be importable (a module-level function) for
    process and Dask workers.
    """
    from joblib import Parallel, delayed
    jobs = check_jobs(jobs)
    units = list(units)
    if progress is None:
        progress = sys.stderr.isatty()
    if jobs == 1 and not _dask_active():
        results = []
        reporter = _Progress(len(units), label, progress)
        for unit in units:
            results.append(function(*unit))
            reporter.step()
        reporter.close()
        return results
    reporter = _Progress(len(units), label, progress)
    results = []
    for result in Parallel(n_jobs=jobs, return_as="generator")(delayed(function)(*unit) for unit in units):
        results.append(result)
        reporter.step()
    reporter.close()
    return results


_DASK_ACTIVE = False


def _dask_active() -> bool:
    return _DASK_ACTIVE


@contextlib.contextmanager
def dask_backend(address: Optional[str]) -> Iterator[None]:
    """Send :func:`run_units` to Dask for the duration of the block; ``None`` does nothing.

    ``address`` is a scheduler address (``tcp://host:8786``) or ``local:N``.  An unreachable
    scheduler is refused with ``ValueError`` after :data:`CONNECT_TIMEOUT_S` seconds; a missing
    ``distributed`` package names the extra to install.
    """
    global _DASK_ACTIVE
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
        cluster = LocalCluster(n_workers=int(workers), threads_per_worker=1, processes=True,
                               dashboard_address=None, host="127.0.0.1")
        target: Any = cluster
    else:
        target = address
    try:
        try:
            client = Client(target, timeout=f"{CONNECT_TIMEOUT_S}s")
        except (OSError, TimeoutError) as err:
            raise ValueError(f"cannot reach the Dask scheduler at {address!r} within "
                             f"{CONNECT_TIMEOUT_S} s ({type(err).__name__})") from None
        try:
            with parallel_config(backend="dask"):
                _DASK_ACTIVE = True
                yield
        finally:
            _DASK_ACTIVE = False
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


class _Progress:
    """``label: done/total (ETA 12 s)`` on one refreshed stderr line, when enabled."""

    def __init__(self, total: int, label: str, enabled: bool):
        self.total, self.label, self.enabled = total, label, enabled and total > 0
        self.done = 0
        self.start = time.monotonic()

    def step(self) -> None:
        self.done += 1
        if self.enabled:
            elapsed = time.monotonic() - self.start
            eta = elapsed / self.done * (self.total - self.done)
            sys.stderr.write(f"\r{self.label}: {self.done}/{self.total} (ETA {eta:.0f} s)   ")
            sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")
            sys.stderr.flush()
