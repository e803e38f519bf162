"""exactprune.parallel: results in unit order whatever the backend and the number of workers,
seeds per unit, refusals, and a Dask worker killed mid-run."""
import os
import signal
import threading
import time

import numpy as np
import pytest

from exactprune.parallel import check_jobs, dask_backend, run_units, unit_seeds


def draw(seed: int, size: int) -> float:
    """A unit that uses its own seed: the mean of ``size`` normal draws."""
    return float(np.random.default_rng(seed).normal(size=size).mean())


def slow_square(x: int) -> int:
    time.sleep(0.2)
    return x * x


def units(n=12):
    return [(s, 1000) for s in unit_seeds(7, n)]


def test_seeds_depend_on_the_run_seed_and_position_only():
    assert unit_seeds(7, 5) == unit_seeds(7, 8)[:5]
    assert unit_seeds(7, 5) != unit_seeds(8, 5)
    assert len(set(unit_seeds(7, 100))) == 100


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
    with pytest.raises(ValueError, match="cannot reach the Dask scheduler"):
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
