"""Resource limits: every quantity that sizes work in the Python API, named, with its reason.

Each public entry point checks its arguments against these limits before any work starts and
raises :class:`ValueError` naming the limit and its value, so no call hangs or exhausts memory on
an extreme argument: it answers (exactly, or as a certified ball whose working precision grows
with the size of the input), or it refuses at once.

=========================  ================  =============================================================
limit                      value             reason
=========================  ================  =============================================================
``EXACT_K_LIMIT``          4096              largest k with exact rational moments; above it, certified
                                             arb balls (an exact 4096-th moment already has tens of
                                             thousands of digits per leaf)
``EXACT_TIE_MAX_BITS``     2**20             above EXACT_K_LIMIT, most bits of the exact moments (about
                                             k log2(d + k) each) made for a tie the balls cannot settle
                                             (0.6 CPU s a moment at k = 16,384; a split whose leaves
                                             share its terms is a tie at any k, no moment made)
``MAX_K``                  2**(2**20)        largest k accepted at all: k is read as a Python integer
                                             of at most a million bits (128 KB); arb moments use the
                                             certified large-k enclosure, so their cost does not grow
                                             with k
``COST_MAX_K``             512               largest k of the loss-matrix recursion (7.14): O(k^2)
                                             exact operations on numbers of O(k) digits (about 1 s
                                             per leaf and label at 512, a minute at 2048)
``CLASSPROB_MAX_K``        1024              largest k of the class-probability binomial sum
                                             (7.19)-(7.20): about 0.5 s per leaf and class at 1024,
                                             23 s at 4096
``MAX_COUNT``              2**53 - 1         largest class count: every count (and node size) is an
                                             exact float64, which the float filters' bounds assume
``MAX_CLASSES``            10_000            largest number of classes J (length of ``counts``)
``MAX_PARAM_DIGITS``       1000              largest number of decimal digits in the numerator or the
                                             denominator of an exact parameter (lam, eta, a loss
                                             entry, a count); every digit enlarges every exact moment
``MAX_EPSILON_DIGITS``     100_000           most digits of PruneTree's epsilon (it enters each comparison
                                             once; one taken from exact moments has thousands of digits)
``MAX_NUMBER_TEXT``        100_000           longest text read as one number: CPython's int parsing
                                             is quadratic, and ``1e100000000`` would build a 100
                                             million digit integer
``MAX_DEPTH``              10_000            deepest tree: JSON text nests two levels per tree level
                                             and the C JSON codec recurses on the C stack (20,000
                                             levels measured safe)
``MAX_NODES``              2_000_000         most nodes in a tree (about 1 GB of Python objects)
``MAX_CHILDREN``           10_000            most children of one node (a categorical split with
                                             more values than this is beyond any reading)
``MAX_THRESHOLD_DIGITS``   1000              most digits of a split threshold kept exactly (a float
                                             JSON threshold keeps its float value)
``EXPANSION_MAX_TERMS``    1_000_000         most terms C(k + J - 1, J - 1) of the multinomial check
                                             (C.90) of a cost moment
=========================  ================  =============================================================

The breakpoint search of :func:`exactprune.sequence.knorm_sequence` finds exact integer
breakpoints up to ``2**BREAKPOINT_EXACT_BITS``; beyond it a breakpoint is reported as a certified
interval on log2 k (see :class:`exactprune.stages.NodeBreakpoint`).

The limits are checked by the functions below and, for k, by :func:`exactprune.numbers.check_k`
(``numbers`` reads this module; this module imports nothing from the package):

>>> from exactprune.numbers import check_k
>>> check_k(10 ** 6)
1000000
>>> check_k(2 ** (2 ** 20))
Traceback (most recent call last):
ValueError: k = 2^1048576 exceeds the limit MAX_K = 2^1048576 - 1 (k must have at most 1048576 bits)
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

__all__ = ["EXACT_K_LIMIT", "MAX_K_BITS", "MAX_K", "COST_MAX_K", "CLASSPROB_MAX_K", "MAX_COUNT",
           "MAX_CLASSES", "MAX_PARAM_DIGITS", "MAX_EPSILON_DIGITS", "MAX_NUMBER_TEXT", "MAX_DEPTH", "MAX_NODES",
           "MAX_CHILDREN", "MAX_THRESHOLD_DIGITS", "EXPANSION_MAX_TERMS", "BREAKPOINT_MAX_LOG2", "BREAKPOINT_EXACT_BITS", 
           "limit_text", "check_parameter", "check_nonnegative", "check_counts_size", "check_tree_shape", "LIMITS_HELP"]
__all__ += ["CLI_MAX_INPUT_BYTES", "CLI_MAX_TREE_DEPTH", "CLI_MAX_NODES", "CLI_MAX_CHILDREN", "CLI_MAX_REPORT_VISITS", "CLI_MAX_REPORT_WORK", "CLI_MAX_CLASSES", "CLI_MAX_COUNT", "CLI_MAX_K_ARB", "CLI_MAX_K_COST", "CLI_MAX_K_CLASSPROB", "CLI_MAX_NUMBER_CHARS", "CLI_MAX_NUMBER_DIGITS", "CLI_MAX_EXAMPLES", "CLI_MAX_MC_RUNS", "CLI_MAX_JOBS", "CLI_MAX_SEED", "CLI_MAX_INDENT", "CLI_MAX_ROWS", "CLI_MAX_CSV_BYTES", "CLI_MAX_CSV_CELLS", "CLI_MAX_CELL_DIGITS", "CLI_MAX_CELL_EXPONENT", "CLI_SUMMARY_LEAVES", "CLI_MAX_CODED_CELLS", "CLI_MAX_LEVELS", "CLI_MAX_LEVELS_LIMIT", "CLI_PROTOCOL_SUBSETS", "CLI_MAX_RDT_D", "CLI_MAX_RDT_N", "CLI_MAX_RDT_COEXIST_D"]

#: largest k with exact rational moments (Fractions); above it, certified arb balls
EXACT_K_LIMIT = 4096
#: above EXACT_K_LIMIT, a tie the balls cannot settle goes to exact rationals when the rising
#: factorials of the moments it needs have at most this many bits together (about k log2(d + k)
#: each, d the term n + J lam of 4.29): 3 moments at k = 16,384 (0.6 CPU s each), refused beyond
EXACT_TIE_MAX_BITS = 1 << 20
__all__ += ["EXACT_TIE_MAX_BITS"]
#: k must have at most this many bits (a Python integer of 128 KB)
MAX_K_BITS = 1 << 20
#: largest k accepted at all by the moment and pruning functions
MAX_K = (1 << MAX_K_BITS) - 1
#: largest k of the loss-matrix recursion (7.14): O(k^2) exact operations on O(k)-digit numbers
COST_MAX_K = 512
#: largest k of the class-probability binomial sum (7.19)-(7.20): O(k) operations on O(k)-digit numbers
CLASSPROB_MAX_K = 1024
#: largest class count: counts and node sizes stay exact float64 values (the float filters assume it)
MAX_COUNT = (1 << 53) - 1
#: most classes J
MAX_CLASSES = 10_000
#: most decimal digits of the numerator or denominator of an exact parameter (lam, eta, loss)
MAX_PARAM_DIGITS = 1000
#: most digits of PruneTree's epsilon: it enters each comparison once, and an epsilon taken from
#: exact moments at k <= EXACT_K_LIMIT has thousands of digits
MAX_EPSILON_DIGITS = 100_000
#: longest text read as one number (CPython's int parsing is quadratic in the length)
MAX_NUMBER_TEXT = 100_000
#: deepest tree (the C JSON codec recurses twice per tree level on the C stack)
MAX_DEPTH = 10_000
#: most nodes of a tree (about 1 GB of Python objects)
MAX_NODES = 2_000_000
#: most children of one node
MAX_CHILDREN = 10_000
#: most digits of a split threshold (kept exactly as a Fraction when given as an integer or text)
MAX_THRESHOLD_DIGITS = 1000
#: most terms of the multinomial expansion (C.90) of a cost moment, C(k + J - 1, J - 1)
EXPANSION_MAX_TERMS = 1_000_000
#: integer breakpoints are searched exactly up to 2**BREAKPOINT_EXACT_BITS (about 2 x this many
#: certified signs, each with lgamma at this many bits); beyond, a certified interval on log2 k
BREAKPOINT_EXACT_BITS = 1024
#: the interval search on log2 k gives up past k = 2**BREAKPOINT_MAX_LOG2 (a breakpoint sits where
#: the Gamma-function constants of the large-k moments balance; their log2 is O(n log2 n) for node
#: sizes n <= MAX_COUNT, below 2**62)
BREAKPOINT_MAX_LOG2 = 1 << 64


def limit_text(value: int) -> str:
    """A limit as short text: above 10^12, a power of two (or one less) as ``2^64`` (``2^64 - 1``),
    another integer of more than 64 bits by its bit length (its decimal could pass Python's
    int-to-str limit); else its decimal.

    Parameters
    ----------
    value : int
        The limit (or the value refused by it).

    Returns
    -------
    str
        The text used in the refusals.

    Examples
    --------
    >>> limit_text(2 ** 64), limit_text(2 ** 64 + 3), limit_text(512)
    ('2^64', 'a 65-bit integer', '512')
    """
    if value > 10 ** 12 and value & (value + 1) == 0:
        return f"2^{value.bit_length()} - 1"
    if value > 10 ** 12 and value & (value - 1) == 0:
        return f"2^{value.bit_length() - 1}"
    if value.bit_length() > 64:
        return f"a {value.bit_length()}-bit integer"
    return str(value)


def check_parameter(value: Any, name: str, max_digits: int = MAX_PARAM_DIGITS,
                    limit_name: str = "MAX_PARAM_DIGITS") -> Any:
    """An exact parameter (Fraction, int or sympy expression) whose numerator and denominator
    have at most ``max_digits`` digits (default ``MAX_PARAM_DIGITS``); returned unchanged.

    Parameters
    ----------
    value : int, Fraction or sympy expression
        The parameter (a sympy expression is returned unchecked).
    name : str
        The parameter's name in the refusal.
    max_digits : int
        The most decimal digits of the numerator and of the denominator.
    limit_name : str
        The limit's name in the refusal.

    Returns
    -------
    int, Fraction or sympy expression
        ``value`` (an int comes back as a Fraction).

    Examples
    --------
    >>> check_parameter(Fraction(1, 10 ** 1000), "eta")
    Traceback (most recent call last):
    ValueError: eta has a denominator of 1001 digits, above the limit MAX_PARAM_DIGITS = 1000
    """
    if not isinstance(value, (int, Fraction)):
        return value            # a sympy expression: symbolic work, sized by the caller's k
    value = Fraction(value)
    for part, number in (("numerator", abs(value.numerator)), ("denominator", value.denominator)):
        if number.bit_length() > 3 * max_digits and _digit_count(number) > max_digits:
            raise ValueError(f"{name} has a {part} of {_digit_count(number)} digits, above the limit "
                             f"{limit_name} = {max_digits}")
    return value


def check_nonnegative(value: Any, name: str) -> Any:
    """``value`` unchanged when it is at least 0, else the one refusal "NAME must be
    non-negative, got VALUE" (a sympy expression with free symbols passes unchecked: its sign is
    the caller's to decide).

    Parameters
    ----------
    value : int, Fraction or another ordered number
        The checked value (already exact: this check converts nothing).
    name : str
        The parameter's name in the refusal (``lam``, ``counts[1]``, ``--eta``).

    Returns
    -------
    The value.

    Examples
    --------
    >>> check_nonnegative(Fraction(1, 2), "eta")
    Fraction(1, 2)
    >>> check_nonnegative(Fraction(-1, 2), "eta")
    Traceback (most recent call last):
    ValueError: eta must be non-negative, got -1/2
    """
    if not getattr(value, "free_symbols", None) and value < 0:
        raise ValueError(f"{name} must be non-negative, got {value}")
    return value


def _digit_count(number: int) -> int:
    """Number of decimal digits of a positive integer, without str() (no 4300-digit limit)."""
    digits = max(1, (number.bit_length() - 1) * 30103 // 100000)
    while 10 ** digits <= number:
        digits += 1
    while digits > 1 and 10 ** (digits - 1) > number:
        digits -= 1
    return digits


def check_counts_size(counts: tuple, where: str = "counts") -> tuple:
    """Class counts within ``MAX_CLASSES`` classes and ``MAX_COUNT`` per class (returned unchanged).

    Parameters
    ----------
    counts : tuple
        A node's class counts.
    where : str
        The node named in the refusal, e.g. ``"node c1"``.

    Returns
    -------
    tuple
        ``counts``, unchanged.

    Examples
    --------
    >>> check_counts_size((2 ** 53, 1), "node c1")
    Traceback (most recent call last):
    ValueError: node c1: count 9007199254740992 exceeds the limit MAX_COUNT = 2^53 - 1
    """
    if len(counts) > MAX_CLASSES:
        raise ValueError(f"{where}: {len(counts)} classes exceed the limit MAX_CLASSES = {MAX_CLASSES}")
    for count in counts:
        if count > MAX_COUNT:
            raise ValueError(f"{where}: count {count} exceeds the limit MAX_COUNT = {limit_text(MAX_COUNT)}")
    return counts


def check_tree_shape(nodes: int, depth: int, children: int, where: str) -> None:
    """Refuse a tree that grows past ``MAX_NODES``, ``MAX_DEPTH`` or ``MAX_CHILDREN`` (checked while
    the tree is read, so a huge input stops early).

    Parameters
    ----------
    nodes : int
        The number of nodes read so far.
    depth : int
        The depth the tree reaches so far: that of the node being read, plus one when it has
        children (the root is at depth 0).
    children : int
        Its number of children.
    where : str
        The node named in the refusal.

    Examples
    --------
    >>> check_tree_shape(3, 10_001, 2, "node c1")
    Traceback (most recent call last):
    ValueError: node c1: depth 10001 exceeds the limit MAX_DEPTH = 10000
    """
    if nodes > MAX_NODES:
        raise ValueError(f"{where}: more than MAX_NODES = {MAX_NODES} nodes")
    if depth > MAX_DEPTH:
        raise ValueError(f"{where}: depth {depth} exceeds the limit MAX_DEPTH = {MAX_DEPTH}")
    if children > MAX_CHILDREN:
        raise ValueError(f"{where}: {children} children exceed the limit MAX_CHILDREN = {MAX_CHILDREN}")

# -- the command line ---------------------------------------------------------------------------
# Tighter limits for the command line, checked at its front door (exactprune.commands.arguments, .readers): a
# command answers within about a minute or refuses with exit status 2 and one line naming the
# limit.  ``exactprune --help`` prints LIMITS_HELP.

#: bytes of a tree or loss-matrix JSON file
CLI_MAX_INPUT_BYTES = 50_000_000
#: levels of a count tree (the root is level 0)
CLI_MAX_TREE_DEPTH = 1_000
#: nodes of a count tree
CLI_MAX_NODES = 200_000
#: children of one node
CLI_MAX_CHILDREN = 1_000
#: ``moments``, ``cost`` and ``classprob`` evaluate every node's subtree: the sum over nodes of
#: their subtree sizes (= the sum over nodes of depth + 1) at most this
CLI_MAX_REPORT_VISITS = 200_000
#: ... and those visits times k at most this (exact moments grow with k: a 40-level chain at
#: k = 1943, 3.3 million, took over 30 seconds)
CLI_MAX_REPORT_WORK = 1_000_000
#: classes J (length of every counts list; rows of a loss matrix)
CLI_MAX_CLASSES = 100
#: examples at the root (sum of the root's counts)
CLI_MAX_COUNT = 10**12
#: k of ``moments``, ``prune`` and ``breakpoints``' printed values: exact up to
#: knorm.EXACT_K_LIMIT, certified arb balls above it; at the default precision the balls keep
#: their leading digits up to about 10^12, so the command line stops at 10^9
CLI_MAX_K_ARB = 10**9
#: k of ``cost`` (exact loss-matrix moments; the work grows with k^2 J)
CLI_MAX_K_COST = 256
#: k of ``classprob`` (exact class-probability moments)
CLI_MAX_K_CLASSPROB = 256
#: characters of one exact number argument (--lam, --eta, --epsilon, --strength, loss entries)
CLI_MAX_NUMBER_CHARS = 100
#: decimal digits of the numerator or denominator of an exact number argument, and the largest
#: decimal exponent (1e400 has a 401-digit numerator and is refused)
CLI_MAX_NUMBER_DIGITS = 30
#: --examples of ``verify`` (each theorem prints its line as soon as it is checked); a run is also
#: bounded by CLI_MAX_VERIFY_CPU_SECONDS (the slowest check, dd-appA-example, took 31.9 CPU s for
#: 202 cases, so 10,000 of its cases are refused)
CLI_MAX_EXAMPLES = 10_000
#: CPU seconds of checks a ``verify`` run may ask for, by the measured cost per case of each
#: statement (``commands.verify.CASE_MS``): the command line's minute, refused beyond
CLI_MAX_VERIFY_CPU_SECONDS = 60
__all__ += ["CLI_MAX_VERIFY_CPU_SECONDS"]
#: Monte Carlo trees per unit (``rdt experiment --mc-runs``, ``--te-runs``)
CLI_MAX_MC_RUNS = 10_000_000
#: --jobs of every command (worker processes; a run never starts more workers than it has units)
CLI_MAX_JOBS = 256
#: every --seed (and ``grow --random-state``): scikit-learn accepts random_state up to 2^32 - 1,
#: and ``compare`` seeds run i with seed + i
CLI_MAX_SEED = 2**31 - 1
#: ``grow --indent`` (spaces per JSON level)
CLI_MAX_INDENT = 16
#: options counting rows (``grow --min-samples-leaf``/``--min-samples-split``, ``compare
#: --examples``): more than any admitted file's rows
CLI_MAX_ROWS = 10_000_000
#: bytes of a CSV data file, after gzip decompression
CLI_MAX_CSV_BYTES = 100_000_000
#: cells (rows x columns) of a CSV data file: pandas keeps each as a Python string (~60 bytes)
CLI_MAX_CSV_CELLS = 5_000_000
#: digits of one number in a CSV cell (float64 holds 17 significant digits; more is refused
#: before the number is made exact to order levels and classes)
CLI_MAX_CELL_DIGITS = 100
#: largest decimal exponent of a number in a CSV cell (1e999999999 would be a billion-digit
#: exact number; float64 ends near 1e308)
CLI_MAX_CELL_EXPONENT = 400
#: ``prune``, ``breakpoints``, ``ccp``: the text output of a tree of more leaves (a few dozen
#: nodes) is a summary (leaves, the first pruned names, the moment to 6 digits) unless ``--full``
CLI_SUMMARY_LEAVES = 20
#: cells of the coded attribute matrix (rows x (numerical columns + one-hot levels)), 8 bytes
#: each: refused before it is built, so the memory of the coding is known in advance
CLI_MAX_CODED_CELLS = 20_000_000
#: levels of a categorical column by default (each is a one-hot column) ...
CLI_MAX_LEVELS = 100
#: ... and the most ``--max-levels`` may allow
CLI_MAX_LEVELS_LIMIT = 10_000
#: Zhong's Figure 6.1 protocol cuts the data into 20 subsets: at most 20 runs per ratio, and at
#: least 20 rows (each subset a training or test set of its own)
CLI_PROTOCOL_SUBSETS = 20
#: ``rdt moments``: attributes d and sample size N (exact moments by one pass over the random
#: tree's nodes: d = 8 with N = 200 takes under 3 seconds for every criterion)
CLI_MAX_RDT_D = 8
CLI_MAX_RDT_N = 200
#: ``rdt coexist``: attributes d (closed forms sum over subsets of the attributes)
CLI_MAX_RDT_COEXIST_D = 64

LIMITS_HELP = f"""\
limits (the largest value accepted; a value beyond one is refused with exit status 2 and one line
naming it; within them a command answers in about a minute or less):
  tree and loss JSON: {CLI_MAX_INPUT_BYTES:,} bytes, depth {CLI_MAX_TREE_DEPTH:,}, {CLI_MAX_NODES:,} nodes,
    {CLI_MAX_CHILDREN:,} children per node, {CLI_MAX_CLASSES:,} classes, {CLI_MAX_COUNT:,} examples at the root
  moments, cost, classprob: sum over nodes of (depth + 1) {CLI_MAX_REPORT_VISITS:,}, times k {CLI_MAX_REPORT_WORK:,}
  --k: {CLI_MAX_K_ARB:,} (moments, prune), {CLI_MAX_K_COST:,} (cost), {CLI_MAX_K_CLASSPROB:,} (classprob)
  exact numbers (--lam, --eta, --epsilon, --strength, loss entries): {CLI_MAX_NUMBER_CHARS:,} characters,
    {CLI_MAX_NUMBER_DIGITS:,} digits in numerator, denominator and exponent
  CSV files (grow, compare): {CLI_MAX_CSV_BYTES:,} bytes uncompressed, {CLI_MAX_CSV_CELLS:,} cells,
    {CLI_MAX_CELL_DIGITS:,} digits and exponents within +-{CLI_MAX_CELL_EXPONENT:,} in a number,
    {CLI_MAX_CODED_CELLS:,} cells once one-hot coded, {CLI_MAX_LEVELS:,} levels per categorical
    column (--max-levels up to {CLI_MAX_LEVELS_LIMIT:,})
  grow: --indent {CLI_MAX_INDENT:,}, --max-depth {CLI_MAX_TREE_DEPTH:,}, --min-samples-* {CLI_MAX_ROWS:,}
  compare: --runs {CLI_PROTOCOL_SUBSETS:,} (the protocol's runs per ratio), --examples {CLI_MAX_ROWS:,}; the data
    at least {CLI_PROTOCOL_SUBSETS:,} rows (one per subset of the protocol)
  verify --examples {CLI_MAX_EXAMPLES:,}, and {CLI_MAX_VERIFY_CPU_SECONDS} CPU s of checks by their measured cost
    per case (the refusal names the largest --examples); rdt moments --d {CLI_MAX_RDT_D:,}, --N {CLI_MAX_RDT_N:,}; \
rdt coexist --d {CLI_MAX_RDT_COEXIST_D:,};
    rdt experiment --mc-runs and --te-runs {CLI_MAX_MC_RUNS:,}
  --jobs {CLI_MAX_JOBS:,} (every command); every --seed and --random-state {CLI_MAX_SEED:,}
exit status: 0 ok, 1 a theorem failed (verify), 2 bad input (one line on stderr),
  3 internal error (please report it; --debug prints the traceback), 128 + the signal when
  interrupted (130 Ctrl-C, 143 SIGTERM; worker processes are shut down first).
output: docs/cli_output.md (exact values, the 6-digit decimal rule, JSON types per command)."""
