"""The ``exactprune`` command line.

Each command group lives in its own module under :mod:`exactprune.commands` and exposes
``register(subparsers)``, which adds its parser(s) and sets ``func`` (a callable taking the
parsed args and returning an exit status).  This module owns the shared contract:

* exit status 0: done; 1: a theorem check failed (``verify``);
* 2: bad input - argument parsing and input reading raise
  :class:`~exactprune.commands.arguments.UsageError`, the library raises ``ValueError``; one line
  ``exactprune: error: ...`` on stderr, never a traceback (``--debug`` does not change it);
* 3: an internal error (any other exception, e.g. a ``TypeError`` or ``KeyError`` from our own
  code): one line asking for a report; ``--debug`` prints the traceback;
* 128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM): interrupted, one line
  ``exactprune: interrupted``, whatever exception the interruption caused on its way out (an
  interruption is neither bad input nor an internal error); worker pools and Dask clusters are
  shut down first;
* no library warning reaches stderr (they are ignored while a command runs);
* a closed output pipe (``exactprune errata | head -1``) ends quietly with status 0.

The work each command may do is bounded by :mod:`exactprune.limits`.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import traceback
import warnings
from typing import Iterator, Optional, Sequence

from . import limits
from .commands.arguments import UsageError

__all__ = ["main", "build_parser", "UsageError", "COMMAND_MODULES", "EXIT_OK", "EXIT_FAILED",
           "EXIT_USAGE", "EXIT_INTERNAL", "signal_received"]

#: command modules, in the order ``--help`` lists them
COMMAND_MODULES = ("iris", "moments", "sequences", "verify", "errata", "costs", "rdt", "compare", "grow")

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3

#: recursion the deepest admitted tree needs (JSON decoding, naming, printing: a few frames per level)
_RECURSION_LIMIT = 6 * limits.CLI_MAX_TREE_DEPTH + 2_000


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's default prints usage over several lines
        raise UsageError(message)

    def _get_values(self, action, arg_strings):
        # argparse drops a value "--" (``--seed=--``) and passes [] on without calling the type
        if action.nargs is None and action.option_strings and not [a for a in arg_strings if a != "--"]:
            raise argparse.ArgumentError(action, "expected one value")
        return super()._get_values(action, arg_strings)


class _Version(argparse._VersionAction):
    """``--version``, with the installed version looked up only when it is asked for."""

    def __call__(self, parser, namespace, values, option_string=None):
        from . import __version__
        self.version = f"exactprune {__version__}"
        super().__call__(parser, namespace, values, option_string)


def build_parser() -> argparse.ArgumentParser:
    """The parser with every command module registered; a module that fails to import is an error.

    Bad arguments raise :class:`UsageError` (one line, exit status 2 from :func:`main`) instead
    of argparse's exit:

    >>> args = build_parser().parse_args(["ccp", "tree.json", "--cost", "gini"])
    >>> args.command, args.tree, args.cost, args.ties
    ('ccp', 'tree.json', 'gini', 'all')
    >>> build_parser().parse_args(["ccp", "tree.json", "--cost", "entropy"])
    Traceback (most recent call last):
    exactprune.commands.arguments.UsageError: argument --cost: invalid choice: 'entropy' (choose from ...)
    """
    parser = _Parser(prog="exactprune", description="Exact decision-tree error estimation and pruning.",
                     epilog=limits.LIMITS_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--debug", action="store_true", help="print the traceback of an internal error (exit status 3); bad input stays one line")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(f"exactprune.commands.{name}").register(sub)
    return parser


@contextlib.contextmanager
def _room_for_admitted_inputs() -> Iterator[None]:
    """Recursion for trees up to MAX_TREE_DEPTH and no cap on printing long exact integers
    (reading stays capped: counts and parameters are bounded at the front door)."""
    old_recursion, old_digits = sys.getrecursionlimit(), sys.get_int_max_str_digits()
    sys.setrecursionlimit(max(old_recursion, _RECURSION_LIMIT))
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.setrecursionlimit(old_recursion)
        sys.set_int_max_str_digits(old_digits)


#: seconds a command may take to unwind after SIGTERM or SIGHUP before it exits regardless
UNWIND_SECONDS = 10


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP raise KeyboardInterrupt (carrying the signal's number) for the duration
    of a command, as Ctrl-C does, so that the blocks that own worker pools and Dask clusters
    unwind and shut them down; a command still running :data:`UNWIND_SECONDS` later exits at
    once.  Each of the three signals is recorded in :data:`_SIGNAL_RECEIVED` (SIGINT where Python's
    own handler is installed; it still raises a plain KeyboardInterrupt).  Every process forked
    meanwhile (pool workers, a local Dask cluster's nannies) asks the kernel to end it when its
    parent ends (Linux ``PR_SET_PDEATHSIG``), so no worker outlives the command, even one killed by
    SIGKILL.  Only in the main thread (Python delivers signals there)."""
    import threading
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    owner = os.getpid()
    _SIGNAL_RECEIVED[0] = 0

    def interrupt(signum, _frame):
        if os.getpid() != owner:        # a forked worker inherited the handler: die as by default
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        _SIGNAL_RECEIVED[0] = signum
        watchdog = threading.Timer(UNWIND_SECONDS, os._exit, args=(128 + signum,))
        watchdog.daemon = True
        watchdog.start()
        raise KeyboardInterrupt(signum)

    def ctrl_c(signum, frame):
        if os.getpid() == owner:
            _SIGNAL_RECEIVED[0] = signum
        signal.default_int_handler(signum, frame)       # KeyboardInterrupt, as without this handler
    previous = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGTERM, signal.SIGHUP)}
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:     # not where SIGINT is ignored
        previous[signal.SIGINT] = signal.signal(signal.SIGINT, ctrl_c)
    _FORKS_DIE_WITH_PARENT[0] = True
    try:
        yield
    finally:
        _FORKS_DIE_WITH_PARENT[0] = False
        for sig, handler in previous.items():
            signal.signal(sig, handler)


#: whether processes forked now should die with their parent (set while a command runs)
_FORKS_DIE_WITH_PARENT = [False]

#: the terminating signal a command received (0: none): :func:`main` then reports the command as
#: interrupted, whatever it did next.  The signal's KeyboardInterrupt can be swallowed on its way
#: up (raised inside a ``__del__`` or a library's callback, it is only printed as "Exception
#: ignored") and the command finish, or the unwinding can break something that raises an exception
#: of its own (a worker pool's pipe, a Dask connection) instead.
_SIGNAL_RECEIVED = [0]


def signal_received() -> int:
    """The terminating signal (SIGTERM, SIGHUP or SIGINT) that the command running now received,
    0 if none or if no command runs: work that has not started yet should not start
    (:func:`exactprune.parallel.run_units` starts no units after one).

    Returns
    -------
    int
        The signal's number, or 0.

    Examples
    --------
    >>> signal_received()           # no command runs here
    0
    """
    return _SIGNAL_RECEIVED[0] if _FORKS_DIE_WITH_PARENT[0] else 0     # that flag: set exactly while a command runs


#: the signals a command turns into an unwind (:func:`_terminate_as_interrupt`)
_TERMINATING = (signal.SIGTERM, signal.SIGHUP)

#: the process that forked, as the child sees it (set before each fork while a command runs)
_FORKING_PARENT = [0]


def _block_terminating_signals() -> None:
    """Before a fork while a command runs: block SIGTERM and SIGHUP in the forking thread, so that
    one sent to the new child before it has reset them stays pending.  Without this it is lost:
    CPython clears a signal its handler caught between fork and the child's reinitialisation, and
    a pool worker terminated in that window (a pool whose units all finished before the worker
    started) then waits for work forever, and its parent with it."""
    _FORKING_PARENT[0] = os.getpid()
    if _FORKS_DIE_WITH_PARENT[0] and hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, _TERMINATING)


def _unblock_terminating_signals() -> None:
    """After a fork, in the parent: undo :func:`_block_terminating_signals`."""
    if _FORKS_DIE_WITH_PARENT[0] and hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _TERMINATING)


def _die_with_parent() -> None:
    """In a child forked while a command runs: SIGTERM and SIGHUP back to their default action
    (a worker ends at once when its pool terminates it, a signal kept pending by
    :func:`_block_terminating_signals` included), and on Linux the kernel asked to send SIGTERM
    when the parent ends - or, when the parent has already ended (it was terminated between the
    fork and this call, so the kernel would never send it), the child ends at once.  That race
    left idle workers alive for hours after a parent terminated while its pool started under load."""
    if not _FORKS_DIE_WITH_PARENT[0]:
        return
    with contextlib.suppress(ValueError):        # not the main thread: keep the inherited handler
        for sig in _TERMINATING:
            signal.signal(sig, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)       # 1 = PR_SET_PDEATHSIG
    if os.getppid() != _FORKING_PARENT[0]:
        # the parent ended between the fork and the prctl (a command terminated while its pool
        # starts, likelier under load): the kernel will never send the signal, since the death it
        # watches has happened, and the worker would wait for work for ever; end now
        os._exit(128 + signal.SIGTERM)
    _unblock_terminating_signals()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_block_terminating_signals, after_in_parent=_unblock_terminating_signals,
                        after_in_child=_die_with_parent)


def _one_line(err: BaseException) -> str:
    text = str(err.args[0]) if isinstance(err, KeyError) and err.args else str(err)
    line = text.strip().splitlines()[0] if text.strip() else type(err).__name__
    return line if len(line) <= 500 else line[:497] + "..."


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point; returns the exit status (see the module docstring).

    Parameters
    ----------
    argv : sequence of str, optional
        The arguments (default ``sys.argv[1:]``); ``--debug`` is accepted anywhere.

    Returns
    -------
    int
        0 done, 1 a theorem check failed, 2 bad input, 3 an internal error, 128 + n on signal n.

    Examples
    --------
    A root (3, 1) split into pure leaves: as a leaf it misclassifies 1 of 4 examples, split
    none, so CCP prunes it from alpha = 1/4 on.  A missing file is bad input, status 2 (the
    message goes to stderr):

    >>> import os, shutil, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "tree.json")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write('{"counts": [3, 1], "children": [{"counts": [3, 0]}, {"counts": [0, 1]}]}')
    >>> main(["ccp", path])
    CCP sequence (misclassification cost, ties=all), exact alphas:
      0 <= alpha < 1/4                 (~0)            2 leaves   pruned: nothing
      1/4 <= alpha < infinity          (~0.250000)       1 leaf   pruned: root
    0
    >>> main(["ccp", path + ".missing"])
    2
    >>> shutil.rmtree(folder)
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    argv = [arg for arg in argv if arg != "--debug"]  # accepted anywhere on the line
    try:
        with _room_for_admitted_inputs(), _terminate_as_interrupt(), warnings.catch_warnings():
            warnings.simplefilter("ignore")     # no library's warning reaches the user's stderr
            args = build_parser().parse_args(argv)
            status = int(args.func(args) or 0)
    except BaseException as err:  # noqa: BLE001 - the contract classifies every way out
        if not _SIGNAL_RECEIVED[0]:
            return _failure_status(err, debug)
        # else the interruption caused it: the signal's own KeyboardInterrupt, or what the unwinding
        # broke on its way out (a pool's pipe, a Dask connection): interrupted, below
    if _SIGNAL_RECEIVED[0]:             # received, whatever the command then raised or returned
        print("exactprune: interrupted", file=sys.stderr)
        _forget_the_interrupt_exec_saw()
        return 128 + _SIGNAL_RECEIVED[0]
    return status


def _failure_status(err: BaseException, debug: bool) -> int:
    """The exit status of a command that raised ``err`` and received no terminating signal (see
    the module docstring), its line printed on stderr."""
    if isinstance(err, SystemExit):     # --help and --version
        return err.code if isinstance(err.code, int) else EXIT_OK
    if isinstance(err, BrokenPipeError):
        # the reader went away (``| head``): stop quietly; Python's docs recommend pointing
        # stdout at devnull so that the interpreter's final flush does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        with contextlib.suppress(OSError, ValueError):
            os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    if isinstance(err, ValueError):     # UsageError from the front door, ValueError from the library
        print(f"exactprune: error: {_one_line(err)}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(err, ArithmeticError) and _undecided(err):
        print(f"exactprune: error: not decided: a comparison this input needs is an exact tie (or closer than the "
              f"certified precision tells apart) whose exact rationals beyond k = {limits.EXACT_K_LIMIT:,} "
              f"(EXACT_K_LIMIT) exceed {limits.EXACT_TIE_MAX_BITS:,} bits (EXACT_TIE_MAX_BITS); use a smaller --k, "
              f"{limits.EXACT_K_LIMIT:,} or less always decides", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(err, KeyboardInterrupt):      # no signal on record: main outside the main thread, say
        print("exactprune: interrupted", file=sys.stderr)
        return 128 + (err.args[0] if err.args and isinstance(err.args[0], int) else signal.SIGINT)
    return _internal_error(err, debug)  # every other failure is ours


def _forget_the_interrupt_exec_saw() -> None:
    """Let ``python -m exactprune`` end with the status :func:`main` returns after an interruption.

    CPython (3.8 and later) remembers a KeyboardInterrupt that left code run by ``exec`` of a
    string - a dataclass or a named tuple being created by an import when the signal came - even
    when it was caught further up, and at the end of ``python -m`` kills the process with SIGINT
    instead of exiting with its status (a command terminated while its pool started ended by
    SIGINT, not with 143).  The flag is cleared each time ``exec`` runs a string, so one more
    ``exec`` that raises nothing clears it."""
    exec("pass")  # noqa: S102 - a constant; see the docstring


def _internal_error(err: BaseException, debug: bool) -> int:
    if debug:
        traceback.print_exception(err)
    print(f"exactprune: internal error: {type(err).__name__}: {_one_line(err)}; please report it; "
          f"rerun with --debug for the traceback", file=sys.stderr)
    return EXIT_INTERNAL


def _undecided(err: BaseException) -> bool:
    """Whether ``err`` is the decision kernel's "sign not decided" (an exact tie beyond the exact
    route's reach: the input's, not a bug), as opposed to any other arithmetic failure."""
    numbers = sys.modules.get("exactprune.numbers")
    return numbers is not None and isinstance(err, numbers.CertificationError) and "not decided" in str(err)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
