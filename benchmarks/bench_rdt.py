"""Speed/accuracy of DD's expressions (AF) vs direct Monte Carlo (MC-1, MC-10) at equal wall time.

Setting of DD sec 4 / issue 6: d = 5 binary attributes, fixed height h = 3, two classes, class carried
by attribute 0 with strength t = 3/5 (rho = 0.36).  Run:  python3 benchmarks/bench_rdt.py [--quick]

* exact E[GE], E[GE^2] for N = 100: wall time, as a ratio to one MC-1 run (one data set + one tree);
  the same for purity and scarcity (pb = 10) stopping on top of h = 3, and the exact E[GE GE'] of two
  trees on the same sample (fixed height);
* error at equal cost: the standard error of an estimator after B seconds is sd_per_run * sqrt(t_run / B);
  AF-MC (tree randomness exact, data sets sampled) vs MC-1 (data set + one tree per run), for
  N = 100 and N = 10000.  MC-10 has 10x MC-1's budget, so its error is MC-1's / sqrt(10).
  At N = 100 AF is exact (error 0); the AF-MC ratio shows what sampling costs when exact is not feasible.
"""
from __future__ import annotations

import sys
import time

sys.path.insert(0, __file__.rsplit("/benchmarks/", 1)[0])

from exactprune.rdt import Criterion, af_monte_carlo, correlated_distribution, exact_moments, simulate  # noqa: E402


def per_run(fn, runs, **kw):
    start = time.perf_counter()
    out = fn(runs=runs, **kw)
    return out, (time.perf_counter() - start) / runs


def main(quick: bool) -> None:
    dist = correlated_distribution([2] * 5, "3/5")
    crit = Criterion(height=3)
    mc, t_mc = per_run(lambda runs, **kw: simulate(dist, 100, crit, runs=runs, seed=1), 300 if quick else 2000)
    start = time.perf_counter()
    m = exact_moments(dist, 100, crit)
    t_exact = time.perf_counter() - start
    print(f"N=100: exact E[GE] = {float(m['E1']):.6f}, sd = {float(m['var']) ** 0.5:.6f}, "
          f"time {t_exact:.1f} s = {t_exact / t_mc:.0f} MC-1 runs ({t_mc * 1e3:.2f} ms each)")
    print(f"  MC-1 with the same wall time: {t_exact / t_mc:.0f} runs, expected error "
          f"{mc['samples'].std() * (t_mc / t_exact) ** 0.5:.2e}; AF error 0 (exact)")
    for name, c in (("purity + h=3", Criterion(purity=True, height=3)), ("scarcity pb=10 + h=3", Criterion(pb=10, height=3))):
        start = time.perf_counter()
        m = exact_moments(dist, 100, c)
        t_sd = time.perf_counter() - start
        print(f"N=100, {name}: exact E[GE] = {float(m['E1']):.6f}, sd = {float(m['var']) ** 0.5:.6f}, "
              f"time {t_sd:.1f} s = {t_sd / t_mc:.0f} MC-1 runs")
    start = time.perf_counter()
    m = exact_moments(dist, 100, crit, second=False, same_sample=True)
    t_ss = time.perf_counter() - start
    print(f"N=100: exact E[GE GE'] two trees on the same sample = {float(m['E2_two_trees_same_sample']):.6f} "
          f"(E[GE]^2 = {float(m['E2_indep']):.6f}), time {t_ss:.1f} s = {t_ss / t_mc:.0f} MC-1 runs")
    for N in (100, 10000):
        runs_mc = 300 if quick else 2000
        runs_af = 30 if quick else 200
        mc, t_mc = per_run(lambda runs, **kw: simulate(dist, N, crit, runs=runs, seed=2), runs_mc)
        af, t_af = per_run(lambda runs, **kw: af_monte_carlo(dist, N, crit, runs=runs, seed=3), runs_af)
        sd_mc, sd_af = mc["samples"].std(ddof=1), af["samples"].std(ddof=1)
        budget = 10.0
        err_mc1 = sd_mc * (t_mc / budget) ** 0.5
        err_mc10 = sd_mc * (t_mc / (10 * budget)) ** 0.5
        err_af = sd_af * (t_af / budget) ** 0.5
        print(f"N={N}: per run MC-1 {t_mc * 1e3:.2f} ms (sd {sd_mc:.2e}), AF-MC {t_af * 1e3:.2f} ms (sd {sd_af:.2e})")
        print(f"  error after {budget:.0f} s: AF-MC {err_af:.2e}, MC-1 {err_mc1:.2e}, MC-10 {err_mc10:.2e}; "
              f"MC-1/AF-MC = {err_mc1 / err_af:.1f}x, MC-10/AF-MC = {err_mc10 / err_af:.1f}x; "
              f"means AF-MC {af['mean']:.5f} MC-1 {mc['mean']:.5f}")


if __name__ == "__main__":
    main("--quick" in sys.argv)
