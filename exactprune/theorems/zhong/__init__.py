"""Checked statements of Zhong's dissertation, chapters 4 and 5 (k-norm estimation and pruning).

Every statement is decided exactly (Fractions) or certified (arb balls, rational brackets);
only Theorem 4.1 / Corollary 4.2 are statistical (Monte Carlo, tolerance in standard errors).
One module per subject, each registering its statements beside their checks in a list
``THEOREMS``; this package's ``THEOREMS`` is theirs in the dissertation's order:

================  =========================================================================
``notation``      App C's notation (``f_k``, ``leaf_BM``), Table A.1 (``TABLE_A1``), shared cases
``chapter4``      Thm 4.1 / Cor 4.2 (Monte Carlo) and Thm 4.3 (effective splits)
``lemmas``        Lemmas 5.1 and 5.2 (certified rational brackets)
``monotone``      Thm 5.3, Cor 5.4, Thm 5.5 (the k-norm from k to k + 1)
``ineffective``   Thm 5.6 and Cor 5.7 (ineffective splits)
``limits``        Thm 5.8 and Thm 5.9 (k without bound)
``prunetree``     Property 1 (PruneTree's optimum) and Figure 5.1
================  =========================================================================

Findings (each is a registered theorem; see ``violation_note`` of each, and each module's
docstring):

* Thm 4.3 needs both conditions: eta > lam*J and lam > 1/((K-1)(J-1)) each admit effective
  splits that do not decrease the 1-norm (``theorem_4_3_counterexamples``).
* Thm 5.6 as printed ("maintains iff all classes are equally distributed in each leaf") is
  false at lam = 0 (allowed by 0 <= eta <= lam*J): every ineffective split maintains the
  1-norm then.  Cor 5.7 as printed is false at k = 1: an ineffective split whose leaves are
  uniform maintains the 1-norm (Thm 5.6's own equality case); it holds for k >= 2, lam > 0.
* Lemma 5.2's proof line (C.38) prints g_{k+1}(X)(X+k) where g_k(X)(X+k) is meant
  (see proofs/lemma_5_2_identity.py).

>>> [t.id for t in THEOREMS][:4]
['zhong-4.1', 'zhong-4.3', 'zhong-5.1', 'zhong-5.2']
"""
from __future__ import annotations

from .. import Theorem
from . import chapter4, ineffective, lemmas, limits, monotone, prunetree
from .notation import TABLE_A1, f_k, leaf_BM

__all__ = ["THEOREMS", "TABLE_A1", "f_k", "leaf_BM"]

THEOREMS: list[Theorem] = [*chapter4.THEOREMS, *lemmas.THEOREMS, *monotone.THEOREMS, *ineffective.THEOREMS,
                           *limits.THEOREMS, *prunetree.THEOREMS]
