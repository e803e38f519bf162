"""Resource limits of the command line, in one place.

Every argument that sizes work is checked against one of these constants at the front door
(:mod:`exactprune.commands.common`); a value beyond a limit is refused with exit status 2 and
one line naming the limit, so that a command answers or refuses quickly and never hangs or
exhausts memory.  ``exactprune --help`` prints :data:`LIMITS_HELP`.

>>> MAX_K_ARB > 4096 and MAX_TREE_DEPTH < MAX_NODES
True
"""
from __future__ import annotations

__all__ = ["MAX_INPUT_BYTES", "MAX_TREE_DEPTH", "MAX_NODES", "MAX_CHILDREN", "MAX_CLASSES", "MAX_COUNT", "MAX_REPORT_VISITS", "MAX_REPORT_WORK",
           "MAX_K_ARB", "MAX_K_COST", "MAX_K_CLASSPROB", "MAX_NUMBER_CHARS", "MAX_NUMBER_DIGITS",
           "MAX_EXAMPLES", "MAX_MC_RUNS", "MAX_JOBS", "MAX_RDT_D", "MAX_RDT_N", "MAX_RDT_COEXIST_D", "LIMITS_HELP"]

#: bytes of a tree or loss-matrix JSON file
MAX_INPUT_BYTES = 50_000_000
#: levels of a count tree (the root is level 0)
MAX_TREE_DEPTH = 1_000
#: nodes of a count tree
MAX_NODES = 200_000
#: children of one node
MAX_CHILDREN = 1_000
#: ``moments``, ``cost`` and ``classprob`` evaluate every node's subtree: the sum over nodes of
#: their subtree sizes (= the sum over nodes of depth + 1) at most this
MAX_REPORT_VISITS = 200_000
#: ... and those visits times k at most this (exact moments grow with k: a 40-level chain at
#: k = 1943, 3.3 million, took over 30 seconds)
MAX_REPORT_WORK = 1_000_000
#: classes J (length of every counts list; rows of a loss matrix)
MAX_CLASSES = 100
#: examples at the root (sum of the root's counts)
MAX_COUNT = 10**12
#: k of ``moments``, ``prune`` and ``breakpoints``' printed values: exact up to
#: knorm.EXACT_K_LIMIT, certified arb balls above it; at the default precision the balls keep
#: their leading digits up to about 10^12, so the command line stops at 10^9
MAX_K_ARB = 10**9
#: k of ``cost`` (exact loss-matrix moments; the work grows with k^2 J)
MAX_K_COST = 256
#: k of ``classprob`` (exact class-probability moments)
MAX_K_CLASSPROB = 256
#: characters of one exact number argument (--lam, --eta, --epsilon, --strength, loss entries)
MAX_NUMBER_CHARS = 100
#: decimal digits of the numerator or denominator of an exact number argument, and the largest
#: decimal exponent (1e400 has a 401-digit numerator and is refused)
MAX_NUMBER_DIGITS = 30
#: --examples of ``verify`` (each theorem prints its line as soon as it is checked)
MAX_EXAMPLES = 10_000
#: Monte Carlo trees per unit (``rdt experiment --mc-runs``, ``--te-runs``)
MAX_MC_RUNS = 10_000_000
#: --jobs (worker processes)
MAX_JOBS = 4096
#: ``rdt moments``: attributes d and sample size N (exact moments by one pass over the random
#: tree's nodes: d = 8 with N = 200 takes under 3 seconds for every criterion)
MAX_RDT_D = 8
MAX_RDT_N = 200
#: ``rdt coexist``: attributes d (closed forms sum over subsets of the attributes)
MAX_RDT_COEXIST_D = 64

LIMITS_HELP = f"""\
limits (a value beyond one is refused with exit status 2; within them a command answers in
about a minute or less, and moments shows its progress on a terminal):
  tree JSON at most {MAX_INPUT_BYTES:,} bytes, depth {MAX_TREE_DEPTH:,}, {MAX_NODES:,} nodes,
  {MAX_CHILDREN:,} children per node, {MAX_CLASSES} classes, {MAX_COUNT:.0e} examples;
  moments, cost, classprob: sum over nodes of (depth + 1) at most {MAX_REPORT_VISITS:,}, and
  that sum times k at most {MAX_REPORT_WORK:,};
  --k at most {MAX_K_ARB:.0e} (moments, prune), {MAX_K_COST} (cost), {MAX_K_CLASSPROB} (classprob);
  exact numbers (--lam, --eta, --epsilon, ...) at most {MAX_NUMBER_CHARS} characters and
  {MAX_NUMBER_DIGITS} digits in numerator, denominator and exponent;
  verify --examples at most {MAX_EXAMPLES:,}; rdt moments d <= {MAX_RDT_D}, N <= {MAX_RDT_N};
  rdt coexist d <= {MAX_RDT_COEXIST_D}.
exit status: 0 ok, 1 a theorem failed (verify), 2 bad input (one line on stderr),
  3 internal error (please report it; --debug prints the traceback)."""
