"""Checked statements of Elomaa and Kaariainen, "An Analysis of Reduced Error Pruning" (JAIR 2001).

Every check runs REP (:func:`exactprune.peers.rep.rep_prune`, EK Table 1) or computes
exact probabilities by enumerating all labelings of small trees; normal-CDF bounds are
compared with certified arb balls.  One module per subject, each registering its statements
beside their checks (its docstring states its findings); this package's ``THEOREMS`` is theirs
in the paper's order:

==========  =======================================================================
``rep``     Theorem 1, Theorem 2, Corollary 3, Theorem 4: what REP does
``size``    Theorem 6 (leaves of a fitting tree), Theorem 7 (leaves without pruning examples)
``bounds``  Lemma 5 (Slud), equations (1), (2), (4), (5), Theorem 8 (McDiarmid)
==========  =======================================================================

The checks the errata of EK recompute (``check_slud``, ``check_eq1``, ``check_eq2``,
``check_eq5``) and their pinned cases (``EK4_FRINGE_ROOT``, ``EK6_FINEST``) are importable from
here.

>>> [t.id for t in THEOREMS][-2:]
['ek-eq4', 'ek-8']
"""
from __future__ import annotations

from .. import Theorem
from . import bounds, rep, size
from .bounds import check_eq1, check_eq2, check_eq5, check_slud
from .rep import EK4_FRINGE_ROOT
from .size import EK6_FINEST

__all__ = ["THEOREMS", "EK4_FRINGE_ROOT", "EK6_FINEST", "check_eq1", "check_eq2", "check_eq5", "check_slud"]

THEOREMS: list[Theorem] = [*rep.THEOREMS, *size.THEOREMS, *bounds.THEOREMS]
