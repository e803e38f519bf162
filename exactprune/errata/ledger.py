"""The audit ledger: every numbered statement of the five papers with its verdict and evidence grade.

Every numbered equation, theorem, lemma, corollary, property, table and figure caption of the five
papers has one :class:`Entry` with a verdict (:data:`VERDICTS`), an evidence grade (:data:`GRADES`),
``how`` (how it was checked, what is wrong, or why it is out of reach) and the ``evidence``
(``kind:reference`` strings: a registered statement, an erratum or remark, a script in ``proofs/``,
a printed value recomputed by :func:`exactprune.casestudy.printed_values`, a test file, a
benchmark result).  Registered statements and errata without a number of their own get a row too,
so the ledger covers both registries.

Verdicts (the audit policy of :mod:`exactprune.theorems`, point 6): "verified" means the evidence
tests the printed statement under the paper's hypotheses, word for word.  A check of another form
says so and is counted apart: "verified (corrected form)", "verified (special case: <the case>)",
"verified (weaker form: <what is checked>)".  "reproduced" is an experiment reproduced by a stated
test that could have failed (never "verified"); "not reproduced (<the protocol difference>)" an
experiment that a stated test does not reproduce where the data, an unstated protocol or this
implementation may explain it (the difference named); "refuted" a printed claim false whatever the
implementation: an exact counterexample (an erratum), a bound, an exact count, the print contradicting
itself - never a timing of this implementation; "out of reach" a claim not checked here (why: a
running-time claim not tested on the operations the paper counts is one), "not a claim" a
definition, notation, drawing or pseudo code.

The verdicts are partly generated: a row citing a registered statement refuted by an erratum
(``Theorem.erratum``), a printed value that disagrees with its exact value, or an erratum, becomes
"refuted" (grade "refuted").

Building a row (the experiment rows of ``exactprune/errata/experiment_rows.py``, plain dicts with
these fields, are added to the ledger as :class:`Entry` rows, each replacing a row of the same paper
and label)::

    Entry(paper="DD", label="Figure 7", verdict="reproduced", grade="reproduced",
          how="what was rerun, the statistical test and its outcome",
          evidence=("benchmark:results/rdt_grid.md", "test:rdt/test_experiment.py"))

``paper`` is one of :data:`PAPERS`; ``verdict`` one of :data:`VERDICTS` (a special case or weaker
form names itself: ``"verified (special case: k even)"``); ``grade`` one of :data:`GRADES`, matching
the verdict as :data:`GRADES_FOR` says; evidence kinds are :data:`EVIDENCE_KINDS`.  A refuted
experiment (grade "refuted") cites an erratum or the ``benchmark:``/``test:`` evidence of the test
that rejects it.  :func:`problems` lists what is wrong with a row.

>>> rows = ledger()
>>> {family(row.verdict) for row in rows} <= set(VERDICTS) and {row.grade for row in rows} <= set(GRADES)
True
>>> next(r for r in rows if r.paper == "Zhong" and r.label == "Theorem 5.3").verdict
'refuted'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from .experiment_rows import ROWS as EXPERIMENT_ROWS

PAPERS = ("Zhong", "EK", "Notes", "Fan", "DD")
SPECIAL, WEAKER = "verified (special case)", "verified (weaker form)"
#: an experiment a stated test does not reproduce, the protocol difference that may explain it named:
#: "not reproduced (class means unstated)"
NOT_REPRODUCED = "not reproduced"
#: the verdict families; a special case or weaker form carries its text: "verified (special case: k even)"
VERDICTS = ("verified", "verified (corrected form)", SPECIAL, WEAKER, "reproduced", NOT_REPRODUCED, "refuted",
            "out of reach", "not a claim")
#: the evidence grades, one per row
GRADES = {
    "symbolic": "a sympy identity of the statement (or of each case of a stated finite family)",
    "exhaustive": "every case up to a stated size enumerated, exactly",
    "property": "generated hypothesis cases (the number in 'cases'), exact, boundary cases pinned",
    "certified": "arb ball arithmetic decides the comparison (a bound, a limit, a transcendental value)",
    "exact": "the stated instance(s) computed exactly: a printed value, a worked example, one tree",
    "statistical": "Monte Carlo, with the number of draws and a stated z-score tolerance",
    "reproduced": "an experiment rerun and judged by a stated statistical test that could have failed "
                  "(printed cells: an equivalence test within a stated margin; never 'verified')",
    "not reproduced": "an experiment rerun whose stated test does not reproduce the print (a cell different or "
                      "undecided, a claim failing), where data, an unstated protocol or the implementation may "
                      "explain it (named in the verdict)",
    "refuted": "an exact counterexample (an erratum), or a printed claim false whatever the implementation "
               "(a bound, an exact count, the print contradicting itself); never a timing of this implementation",
    "definition": "not a claim: a definition, notation, a drawing, pseudo code",
    "unchecked": "a claim not checked here: quoted work, a limit, a hand-read proof step, unavailable data",
}
CHECKED = ("symbolic", "exhaustive", "property", "certified", "exact", "statistical")
#: which grades each verdict family admits
GRADES_FOR = {"verified": CHECKED, "verified (corrected form)": CHECKED, SPECIAL: CHECKED, WEAKER: CHECKED,
              "reproduced": ("reproduced",), NOT_REPRODUCED: ("not reproduced",), "refuted": ("refuted",),
              "out of reach": ("unchecked",),
              "not a claim": ("definition",)}
#: evidence kinds: a registered statement, an erratum, domain note or remark, a proofs/ script, a printed
#: value of :func:`exactprune.casestudy.printed_values`, a test file, a benchmark result file
EVIDENCE_KINDS = ("theorem", "erratum", "proof", "printed", "test", "benchmark")
#: where file evidence lives, relative to the repository root
FILE_EVIDENCE = {"proof": "proofs", "test": "tests", "benchmark": "benchmarks"}

#: printed values that disagree with the exact ones, and the erratum recording each
PRINTED_ERRATA = {"4.20": ("zhong-4.20",), "B.8": ("zhong-B.8-value", "zhong-B.8-formula")}


def family(verdict: str) -> str:
    """The verdict family of :data:`VERDICTS` (a special case, a weaker form or a protocol difference
    without its text).

    Parameters
    ----------
    verdict : str
        A row's verdict, e.g. ``"verified (special case: k even)"``.

    Returns
    -------
    str
        Its family; a verdict of no family comes back unchanged.

    See Also
    --------
    special, weaker : build the qualified verdicts.

    Examples
    --------
    >>> family("verified (special case: k even)")
    'verified (special case)'
    >>> family("not reproduced (class means unstated)")
    'not reproduced'
    >>> family("maybe")
    'maybe'
    """
    for prefix, name in (("verified (special case: ", SPECIAL), ("verified (weaker form: ", WEAKER),
                         (f"{NOT_REPRODUCED} (", NOT_REPRODUCED)):
        if verdict.startswith(prefix) and verdict.endswith(")") and len(verdict) > len(prefix) + 1:
            return name
    return verdict


@dataclass(frozen=True)
class Entry:
    """One ledger row: ``paper``, ``label`` (``(4.29)``, ``Theorem 5.3``, ``Figure B.1``), the
    ``verdict``, ``how`` (how verified, what is wrong, or why out of reach), ``evidence``
    (``kind:reference`` strings, kinds in :data:`EVIDENCE_KINDS`) and the evidence ``grade``
    (:data:`GRADES`).  ``cases`` is filled by :func:`ledger` for property rows: the number of
    generated cases per run of the registered statements cited.

    Parameters
    ----------
    paper : str
        One of :data:`PAPERS`.
    label : str
        The numbered item, as printed.
    verdict : str
        One of :data:`VERDICTS`.
    how : str
        How it was verified, what is wrong, or why it is out of reach.
    evidence : tuple of str, optional
        ``kind:reference`` strings.
    grade : str, optional
        The evidence grade, a key of :data:`GRADES`.
    cases : int, optional
        Generated cases per run of the statements cited (property rows; 0 otherwise).

    Examples
    --------
    >>> row = Entry("Zhong", "(4.16)", "verified", "printed decimal against the exact rational",
    ...             ("printed:4.16",), "exact")
    >>> row.grade in GRADES, all(ref.split(":")[0] in EVIDENCE_KINDS for ref in row.evidence)
    (True, True)
    """

    paper: str
    label: str
    verdict: str
    how: str
    evidence: tuple = ()
    grade: str = ""
    cases: int = 0

    def as_dict(self) -> dict:
        """The row as ``exactprune errata --ledger --json`` prints it (evidence as a list).

        >>> Entry("Zhong", "(4.16)", "verified", "by hand", ("printed:4.16",), "exact").as_dict()
        {'paper': 'Zhong', 'label': '(4.16)', 'verdict': 'verified', 'grade': 'exact', 'how': 'by hand', 'evidence': ['printed:4.16'], 'cases': 0}
        """
        return {"paper": self.paper, "label": self.label, "verdict": self.verdict, "grade": self.grade,
                "how": self.how, "evidence": list(self.evidence), "cases": self.cases}


V, O, NC, VC, R = "verified", "out of reach", "not a claim", "verified (corrected form)", "reproduced"
SYM, EXH, PROP, CERT, EXACT, STAT = CHECKED
REPRO, DEF, NONE = "reproduced", "definition", "unchecked"


def special(case: str) -> str:
    """The verdict of a check of a special case of the printed statement (policy point 6).

    Parameters
    ----------
    case : str
        The case checked, e.g. ``"k even"``.

    Returns
    -------
    str
        ``"verified (special case: <case>)"``.

    See Also
    --------
    family : the family it belongs to.

    Examples
    --------
    >>> special("k even")
    'verified (special case: k even)'
    """
    return f"verified (special case: {case})"


def weaker(what: str) -> str:
    """The verdict of a check of a weaker form than the printed statement (policy point 6).

    Parameters
    ----------
    what : str
        What is checked instead of the printed statement.

    Returns
    -------
    str
        ``"verified (weaker form: <what>)"``.

    See Also
    --------
    family : the family it belongs to.

    Examples
    --------
    >>> weaker("the bound at k = 1")
    'verified (weaker form: the bound at k = 1)'
    """
    return f"verified (weaker form: {what})"


SC1 = special("one tree reconstructed from the printed (B.1)-(B.25); the drawing is missing")
SC2 = special("the iris tree, k = 2")
SC3 = special("lam > 0, which the heuristic lam = lam0 L/(J^2 N) always gives")
SC4 = special("B_c > 0")
SC5 = special("McDiarmid's inequality for the function EK apply it to, c_i = 1")
SC6 = special("a tree reconstructed from the example's text; the drawing and its counts are missing")
WF1 = weaker("E Q lies within the Berry-Esseen bound of the approximation; the size of the approximation's "
             "error is not reported")
DEFINITION = "a definition or modelling assumption, not a checkable claim"
QUOTED = "quoted from prior work as a tool; not checked here"
EMPIRICAL = ("an empirical result on data sets and random splits that are not available exactly "
             "(or timings); not reproducible as an exact computation")
STEP = "a step of a proof read by hand and not checked by code; the statement it proves is checked"


def _eqs(prefix: str, numbers: Iterable[int]) -> list:
    return [f"({prefix}.{n})" if prefix else f"({n})" for n in numbers]


#: (paper, labels, verdict as written, grade, how, evidence); refuted verdicts come from the evidence
ROWS = [
    # ------------------------------------------------------------------ Zhong, chapters 2-5
    ("Zhong", _eqs("2", (1, 2)), O, NONE, "background (Hoeffding's inequality, Bayes' rule): " + QUOTED, ()),
    ("Zhong", _eqs("3", (1, 2, 4, 5, 6, 7, 8, 9, 10)), NC, DEF, "the tree's class-probability model (3.1)-(3.10): "
                                                          + DEFINITION, ()),
    ("Zhong", ["(3.3)"], O, NONE, "derived from (3.2): a child is activated only with its parent, (A_c, A_d) = A_c: "
                                  + STEP, ()),
    ("Zhong", ["(3.11)"], V, SYM, "Lidstone's law as printed, one lam_h per class: the posterior mean of "
                                  "Dir(n_1 + lam_1, ..., n_H + lam_H) by (C.6) at k = 1 is (n_h + lam_h)/(N + sum lam_h), "
                                  "symbolic in every n_h and lam_h, H = 2..4, every h (a common lam in its place fails: "
                                  "tests/test_theorems_grades.py)", ("proof:dirichlet_3_19_3_21.py", "test:test_theorems_grades.py")),
    ("Zhong", _eqs("3", (12, 13, 14, 16, 17)), O, NONE, "the Dirichlet prior and the derivation of Lidstone's law "
                                                  "(textbook steps, [Goo65]): " + STEP, ()),
    ("Zhong", ["(3.15)"], NC, DEF, "the defining property of Dirac's delta function (int g(x) delta(x) dx = g(0)): "
                                   "notation used by (3.13), " + DEFINITION, ()),
    ("Zhong", ["(3.18)"], O, NONE, "Dirichlet-multinomial conjugacy: " + QUOTED + " (the toolkit's model)", ()),
    ("Zhong", _eqs("3", (19, 20, 21)), V, SYM, "symbolic (sympy) from (C.6) with the common lam the text assumes: "
                                                "symbolic lam and counts, H = 2..4, k = 1..5 (k <= 3 at H = 4), (3.21) "
                                                "for every pair a, b", ("proof:dirichlet_3_19_3_21.py",)),
    ("Zhong", _eqs("4", (1, 2, 3, 4, 5, 6, 7, 9, 14)), NC, DEF, "expectations and standard deviations: " + DEFINITION, ()),
    ("Zhong", _eqs("4", (8, 10, 11, 12, 13, 28)), V, STAT, "Thm 4.1 / Cor 4.2 by Monte Carlo: posterior draws of class "
                                                    "and child probabilities against the exact recursion",
     ("theorem:zhong-4.1",)),
    ("Zhong", ["(4.15)"], V, CERT, "'generally' sigma[r_d] != sum_c sigma[r_c] P*[A_c|A_d]: one case decides it, the "
                                   "section 4.3 example: 0.0433 against 0.0107 (certified arb)",
     ("proof:example_4_16_4_27.py",)),
    ("Zhong", ["(4.29)"], V, SYM, "the leaf moment is (3.20)'s product with h = Label(t), b_t = n_t - n_h: symbolic in "
                                  "lam and the counts from (C.6), J = 2..4, k = 1..5 (k <= 3 at J = 4); also its "
                                  "Monte Carlo check (Thm 4.1)",
     ("proof:dirichlet_3_19_3_21.py", "theorem:zhong-4.1")),
    ("Zhong", ["(4.30)"], V, SYM, "the closing equality (the '~' before it is a modelling step, no quantity): the "
                                  "k-th moment of 1 - p_Label is (3.20)'s product with h = Label(l), symbolic "
                                  "for k = 1..5; (B.17)-(B.25) are its printed instances",
     ("proof:dirichlet_3_19_3_21.py",)),
    ("Zhong", _eqs("5", (1, 2)), NC, DEF, "CART's cost-complexity measure: " + DEFINITION, ()),
    ("Zhong", ["Theorem 4.1", "Corollary 4.2"], V, STAT, "Monte Carlo, 20000 samples, 5 standard errors",
     ("theorem:zhong-4.1",)),
    ("Zhong", ["Theorem 4.3"], V, PROP, "exact, generated effective splits within both conditions", ("theorem:zhong-4.3",)),
    ("Zhong", ["Theorem 4.3: the condition lam <= 1/((K_t-1)(J-1)) is needed and sharp"], NC, DEF,
     "not printed (Zhong states the condition, not that it is needed): the audit's own remark, not a verified "
     "statement. Its evidence (issue 23): for J = K = 2 and eta = 2 lam the effective split (n,1) -> (0,1),(n,0) "
     "stops decreasing the 1-norm exactly at lam = (n+1)/(n-3), which tends to the bound 1 (symbolic); the bound "
     "bites at the experiments' lam = eta = 1/2 for 3-way splits of 3 classes (remark zhong-4.3-settings)",
     ("proof:thm_4_3_sharpness.py", "erratum:zhong-4.3-settings")),
    ("Zhong", ["Section 4.4: MEP never prunes an effective end-cut"], V, EXACT,
     "the remark after Thm 4.3 ('eta = 0 and flexible lam'): exact 1-norms of an effective end-cut at lam = 10",
     ("erratum:zhong-4.3-mep", "proof:thm_4_3_sharpness.py")),
    ("Zhong", ["Lemma 5.1"], V, PROP, "exact rational brackets of the implicit solution, under (C.29)'s 0 < B_c",
     ("theorem:zhong-5.1", "erratum:zhong-5.1-lam0")),
    ("Zhong", ["Lemma 5.2"], V, PROP, "exact rational brackets; equality case exact", ("theorem:zhong-5.2",)),
    ("Zhong", ["Lemma 5.2 at Table A.1's boundary (lam = 0, some B = 0)"], V, EXACT,
     "the audit's boundary check (issue 23): x_i in {0, 1/2, 2, 5}, two leaves, two weightings, k = 1..3, every "
     "combination holds; unlike Lemma 5.1 (zhong-5.1-lam0) the lemma needs no lam > 0", ("test:test_theorems.py",)),
    ("Zhong", ["Theorem 5.3"], V, PROP, "exact, every internal node, k = 1..8", ("theorem:zhong-5.3",)),
    ("Zhong", ["Corollary 5.4", "Property 2"], V, PROP, "exact PruneTree, nesting for k = 1..9, lam >= 0 (lam = 0 drawn)", ("theorem:zhong-5.4",)),
    ("Zhong", ["Theorem 5.5", "Property 3"], V, PROP, "exact, k = 1..9", ("theorem:zhong-5.5",)),
    ("Zhong", ["Theorem 5.6", "Property 4"], V, PROP, "exact rationals", ("theorem:zhong-5.6",)),
    ("Zhong", ["Corollary 5.7"], V, PROP, "exact, k = 1..6", ("theorem:zhong-5.7",)),
    ("Zhong", ["Theorem 5.8", "Property 6"], V, CERT, "certified arb search for k", ("theorem:zhong-5.8",)),
    ("Zhong", ["Theorem 5.9"], V, CERT, "sufficiency exact, necessity certified", ("theorem:zhong-5.9",)),
    ("Zhong", ["Property 1"], V, PROP, "PruneTree equals the brute-force optimum", ("theorem:zhong-property-1",)),
    ("Zhong", ["Section 5.1.2: CCP prunes any split at a finite alpha < 1"], V, PROP,
     "a remark of the running text with a checkable claim (issue 23, item 5): the weakest-link alpha of a split is at "
     "most R(t) = errors(t)/N <= (J-1)/J < 1; 150 generated trees (the root alone from some alpha <= (J-1)/J) and "
     "the iris tree (alpha = 1/3, App B)", ("test:test_theorems.py",)),
    ("Zhong", ["Property 5"], O, NONE, "a practical claim about validation ('k = 2 yields sufficiently good results'): "
                                 + EMPIRICAL, ()),
    ("Zhong", ["Property 7"], V, CERT, "the iris subtree c2 is pruned only from k = 17781896 on (certified)",
     ("test:test_theorems.py",)),
    ("Zhong", ["Figure 3.1"], NC, DEF, "a drawing of a tree, no claim", ()),
    ("Zhong", ["Figure 3.2"], O, NONE, "CART probability estimates on a Gaussian sample: " + EMPIRICAL, ()),
    ("Zhong", ["Figure 4.1"], V, PROP, "PruneTree's optimality over all prunings", ("theorem:zhong-property-1",)),
    ("Zhong", ["Figure 5.1"], V, EXACT, "leaf counts found by exact search; 12%, 16.2%, 12.8% reproduced",
     ("theorem:zhong-fig-5.1",)),
    ("Zhong", ["Figure 5.2"], O, NONE, "tree size versus k on Abalone: " + EMPIRICAL, ()),
    ("Zhong", ["Figure 5.3"], O, NONE, "a plot whose values are not printed", ()),
    ("Zhong", ["Figure 5.4"], O, NONE, "the drawing is missing from the text; its example is Thm 5.9's, checked by "
                                 "zhong-5.9-corrected", ()),
    ("Zhong", ["Figure 6.1"], NC, DEF, "pseudo code of the experimental procedure, no claim", ()),
    ("Zhong", ["Table 6.1"], O, NONE, "the databases' sizes and class counts as Zhong obtained them: " + EMPIRICAL, ()),
    # Tables 6.2-6.5, Figures 6.2-6.3 and DD's section 4 experiments: exactprune/errata/experiment_rows.py
    ("Zhong", ["Table A.1"], V, EXACT, "the notation, whose constraints are the hypotheses of every registered Zhong "
                                "statement (theorems.zhong.TABLE_A1); 0 <= b/n <= B/M <= (J-1)/J and J lam < M_t "
                                "hold exactly on a grid; its b_t row (n_{j,t} - max_j n_{j,t}) contradicts its own "
                                "description and constraint",
     ("erratum:zhong-table-A.1-b", "proof:appendix_c_steps.py")),
    ("Zhong", ["Figure B.1", "Figure B.1(d)", "Figure B.1(e)"], V, EXACT,
     "the k ranges of the k-norm pruning sequence of iris (breakpoints exact); the alpha ranges of (d), (e) are "
     "the exact CCP alphas rounded", ("erratum:zhong-B.1-breakpoint", "proof:figure_b1_captions.py")),
    ("Zhong", ["Figure B.1(b)", "Figure B.1(f)"], SC1, EXACT, "k = 1, k = infinity and the alpha bounds 1/150, 1/3 (exact "
                                                     "sequences, rounded to the printed decimals); the same tree in "
                                                     "both sequences", ("proof:figure_b1_captions.py",)),
    ("Zhong", ["Figure B.1(c)"], V, EXACT, "CCP's alpha range of the 4-leaf tree", ("erratum:zhong-B.1-alpha",
                                                                            "proof:figure_b1_captions.py")),
    ("Zhong", ["App B.2: 5 CCP trees, 4 k-norm trees"], SC1, EXACT, "the exact sequences: 5 CCP trees after the fully grown "
                                                         "one, 4 k-norm trees, all four in CCP's sequence",
     ("proof:figure_b1_captions.py",)),
    ("Zhong", ["Figure B.2"], SC1, EXACT, "the iris tree whose counts reproduce the printed (B.1)-(B.25); pruned with the "
                                 "2-norm (lam = eta = 1/2) it is panel (d)'s tree c1, c21, c22",
     ("test:tree/test_iris.py", "proof:figure_b1_captions.py")),
    # ------------------------------------------------------------------ Zhong, section 6.3
    ("Zhong", ["Section 6.3: k = 2, eta = 0.5, lam = lam0 V/J, V = L/(JN), CCP and EBP defaults"], NC, DEF,
     "parameter choices: " + DEFINITION, ()),
    ("Zhong", ["Section 6.3: lam = 0 gives the training error rate and under-prunes"], SC2, EXACT,
     "exact: at lam = 0 a leaf's estimate is b_t/n_t and (eta = 0) a tree's is its training error; iris, k = 2: "
     "7 leaves kept at lam = 0 against 3 at lam = 1/2", ("proof:section_6_3_parameters.py",)),
    ("Zhong", ["Section 6.3: lam = infinity prunes to one node"], V, SYM,
     "at lam = infinity every k-th moment of (4.29) is ((J-1)/J)^k (the limit, symbolic, k = 1..4) and so is "
     "every subtree's (weights summing to 1): a tie at every node, which Figure 4.1's strict test prunes for "
     "every epsilon >= 0. As lam -> infinity the outcome depends on epsilon (remark zhong-6.3-lam-infinity)",
     ("proof:section_6_3_parameters.py", "erratum:zhong-6.3-lam-infinity")),
    ("Zhong", ["Section 6.3: the estimate increases with J (4.29)"], SC3, SYM,
     "symbolic: d/dJ of each factor of (4.29)'s k-th moment is lam (n - b + lam)/(M + i)^2 > 0 for lam > 0 (flat "
     "at lam = 0, which the heuristic never gives); exact grid", ("proof:section_6_3_parameters.py",)),
    ("Zhong", ["Section 6.3: lam0 = 100 gives lam approximately 0.5 on iris"], O, NONE,
     "a report of unstated preliminary experiments ('approximately'); the heuristic gives 16/27 on App B's "
     "tree and 40/81 on a fold of 135 with 6 leaves (remark zhong-6.3-lam0-iris)",
     ("erratum:zhong-6.3-lam0-iris", "proof:section_6_3_parameters.py")),
    ("Zhong", ["Section 6.3: L grows with J, N and overlap; eta is not critical"], R, REPRO,
     "statistic: L, the leaves of the fully grown CART tree, on the generated Gaussian sets; runs: 5 seeds; the test "
     "(tests/test_theorems_zhong_parameters.py) fails if one seed has L(g2c25) <= L(g2c15) (overlap) or "
     "L(n = 5000) <= L(n = 500) (N), or if the 5-seed mean L(g6c15) <= L(g2c15) (J); on segment and waveform (when "
     "EXACTPRUNE_DATA is set) if one of 4 splits has L(50%) <= L(5%). eta: the spread of the mean 2-norm test "
     "accuracy over eta in {0, 1/2, 2} (g2c25, g6c25, 4 splits at the 5% ratio) must stay below Zhong's 1 point; "
     "4 runs and no significance test, so 'not critical' is a descriptive reading",
     ("test:test_theorems_zhong_parameters.py",)),
    # ------------------------------------------------------------------ Zhong, chapter 7
    ("Zhong", ["(7.1)", "Theorem 7.1"], V, STAT, "the general-risk recursion (7.4) against Monte Carlo draws of the "
                                               "posterior and the routing (tests/test_costs.py)", ("test:test_costs.py",)),
    ("Zhong", ["Chapter 7: Theorem 5.3 (Corollary 5.4) with cost moments"], NC, DEF,
     "not printed: chapter 7 extends Thm 4.1 and PruneTree to costs (Thm 7.1), not Thm 5.3; the audit's extension is "
     "a remark, not a verified statement: it holds for uniform losses c(1 - I) only, and general losses can break "
     "the nesting (zhong-5.3-costs)", ("theorem:zhong-5.3-costs",)),
    ("Zhong", ["Chapter 7: Theorem 5.5 with cost moments"], NC, DEF,
     "not printed: the audit's extension of Thm 5.5 to costs, a remark: strictly increasing in k when lam > 0 and no "
     "loss row is constant (zhong-5.5-costs)", ("theorem:zhong-5.5-costs",)),
    ("Zhong", ["Chapter 7: Theorem 5.8 with cost moments"], NC, DEF,
     "not printed: the audit's extension of Thm 5.8 to costs, a remark: the k-norm cost tends to R* = min_i max_j "
     "R_ij, unity only when R* = 1 (zhong-5.8-costs)", ("theorem:zhong-5.8-costs",)),
    ("Zhong", _eqs("7", (2, 3, 5, 6, 10, 11, 13, 15, 16, 17)), NC, DEF, "losses, labels and risks: " + DEFINITION, ()),
    ("Zhong", _eqs("7", (4, 18)), O, NONE, "consequences of Thm 7.1 (the argument of Thm 4.1): " + STEP, ()),
    ("Zhong", ["(7.7)"], V, SYM, "sum_j R_{Label,j} E[p_j] with E[p_j] = M_j/M from (C.92) equals the definition "
                                 "(C.90)/(C.92) at k = 1, symbolic in M_j and the losses, J = 2..4 (its first equality, "
                                 "the tower rule, is Thm 7.1's argument)", ("proof:costs_recursion.py",)),
    ("Zhong", ["(7.8)"], V, SYM, "the k = 1 case of (3.19)", ("proof:dirichlet_3_19_3_21.py",)),
    ("Zhong", ["(7.9)"], V, SYM, "equal to the definition (C.90) symbolically", ("proof:costs_recursion.py",
                                                                        "theorem:zhong-7.9-7.12")),
    ("Zhong", ["(7.12)"], V, SYM, "the last line holds; an intermediate line has a transposed index",
     ("erratum:zhong-7.12-index",)),
    ("Zhong", ["(7.14)", "(C.100)"], V, SYM, "the printed denominator", ("erratum:zhong-7.14",)),
    ("Zhong", _eqs("7", (19, 20)), V, SYM, "the sign factor", ("erratum:zhong-7.20-sign",)),
    ("Zhong", _eqs("7", (21, 22)), V, SYM, "symbolic and exact", ("theorem:zhong-7.21-7.22",
                                                              "proof:classprob_closed_forms.py")),
    # ------------------------------------------------------------------ Zhong, the printed examples
    ("Zhong", _eqs("4", range(16, 28)) + _eqs("B", range(1, 26)), V, EXACT, "printed decimal against the exact rational",
     ("printed",)),
    # ------------------------------------------------------------------ Zhong, Appendix C
    ("Zhong", ["(C.1)", "(C.25)", "(C.26)", "(C.86)", "(C.87)", "(C.88)", "(C.89)", "(C.91)"], NC, DEF, DEFINITION, ()),
    ("Zhong", ["(C.2)", "(C.3)", "(C.67)"], O, NONE, "Dirichlet conjugacy and aggregation, the digamma integral: "
                                                + QUOTED, ()),
    ("Zhong", _eqs("C", (4, 6, 7, 8)), V, EXACT, "the Dirichlet moments against exact integrals of the density at "
                                              "integer parameters (1,1), (2,1), (1,3), (2,2,1), (1,2,3), exponents <= 2 "
                                              "((C.7): k <= 3); not symbolic in the parameters",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (5, 94, 95)), V, SYM, "Gamma(x+k)/Gamma(x) = x(x+1)..(x+k-1) symbolic in x, k = 1..6; (C.95)'s "
                                           "recurrence symbolic in x, n = 1..7", ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (21, 61)), V, SYM, "the eta-derivative of the split's 1-norm, symbolic in eta, lam, J, the "
                                        "children's n_c and b_c, K = 2, 3 children", ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (22, 23, 24)), V, EXACT, "Thm 4.3's chain on an exact grid of effective splits: J, K in "
                                              "{2, 3}, counts 1..4, lam in {1/4, 1/2, 1} of the bound",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (39, 40, 41, 42, 43)), V, SYM, "Lemma 5.2's convexity steps: (C.39) for any h, (C.40)-(C.43) "
                                                    "symbolic in x for k = 1..4", ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (44, 45)), V, EXACT, "the strict inequalities of Lemma 5.2's convexity steps at x in {1/3, 2, "
                                          "7/2}, k = 1..4 (the identities around them symbolic)",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (62, 63, 64)), V, SYM, "Thm 5.6's chain, symbolic in lam, J and the counts, K = 2, 3: (C.62)'s "
                                            "equalities, and its inequality as lam/n_t times a sum of products of "
                                            "factors >= 0 under (J-1) n_c >= J b_c and n_c < n_t",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (69, 73)), V, SYM, "the digamma difference symbolic in B, k (integer gaps 1..5); (C.73) symbolic",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (80, 81)), V, SYM, "the limits as k -> infinity, symbolic in the constants",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.9)"], V, STAT, "the restated Thm 4.1", ("theorem:zhong-4.1",)),
    ("Zhong", _eqs("C", (10, 11, 12)), NC, DEF, "the error rate as a conditional probability and the law of total "
                                          "probability: " + DEFINITION, ()),
    ("Zhong", _eqs("C", range(13, 16)), V, SYM, "proof of Thm 4.1: the indicator algebra, symbolically",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", range(16, 19)), special("a finite model: X with m values, rational density, deterministic "
                                                "routing"), EXACT,
     "proof of Thm 4.1: the conditional densities and the law of total expectation, exactly in the finite model",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.19)"], V, SYM, "the 1-norm of a leaf is the k = 1 case of (3.20) with h = Label(t) (symbolic, from "
                                  "(C.6)); b_t = n_t - max_j n_{j,t} as (C.19) says", ("proof:dirichlet_3_19_3_21.py",)),
    ("Zhong", ["(C.20)"], V, STAT, "the 1-norm of a split is Cor 4.2 at k = 1: Monte Carlo against the exact recursion",
     ("theorem:zhong-4.1",)),
    ("Zhong", ["(C.27)", "(C.28)"], V, PROP, "Thm 5.3 restated", ("theorem:zhong-5.3",)),
    ("Zhong", ["(C.29)", "(C.36)"], V, PROP, "Lemma 5.1 restated", ("theorem:zhong-5.1",)),
    ("Zhong", ["(C.30)"], V, SYM, "(C.30) minus (C.29) times Gamma(M_c+k)/Gamma(M_c) is 0, symbolic in B_c, M_c, s, "
                                  "M_d (k = 1..4): the printed (C.30) is tied to (C.29), a misprint in either side fails "
                                  "(tests/test_theorems_grades.py)", ("proof:appendix_c_steps.py", "test:test_theorems_grades.py")),
    ("Zhong", _eqs("C", (31, 32, 33)), V, SYM, "proof of Lemma 5.1, symbolic in B_c, M_c, s, M_d, k = 1..4: (C.31) is the "
                                            "M_c-derivative of (C.30) with B_c = B_c(M_c); (C.32)'s three lines are equal "
                                            "(the last on (C.29)); (C.33) with dB_c/dM_c from (C.32)",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (34, 35)), V, EXACT, "proof of Lemma 5.1: the ratio inequality and the sign of (C.33) on an exact "
                                          "grid of 0 < B < M (10 pairs), k = 1..4", ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.37)"], NC, DEF, "Lemma 5.2's premise", ("theorem:zhong-5.2",)),
    ("Zhong", ["(C.38)"], V, SYM, "the identity, symbolic", ("erratum:zhong-C.38",)),
    ("Zhong", ["(C.46)"], V, EXACT, "proof of Thm 5.3: the chain under its premise 0 < B_c < M_c < M_d (symbolic "
                             "monotonicity, exact grid); the premise 0 < B_c fails at lam = 0 (Table A.1 allows it), "
                             "and M_c < M_d needs non-empty siblings (domain note zhong-5.3-empty-child)",
     ("proof:appendix_c_steps.py", "erratum:zhong-5.3-lam0")),
    ("Zhong", ["(C.47)"], V, EXACT, "proof of Thm 5.3 under its premise: the mixture chain on an exact grid (two leaves, "
                                    "three weightings, k = 1..4)", ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.48)"], V, SYM, "g_k has non-negative coefficients and g_k(0) = 0 (strictly increasing on [0, oo)), "
                                  "f_k(0, M) = 0, f_k(M, M) = 1: symbolic, k = 1..6", ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (50, 51, 52, 54)), V, SYM, "proof of Thm 5.3: the same equation times g_k(M_d), symbolic in "
                                                "s_c, B, M, s, p, k = 1..5", ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.49)"], special("k = 1, where s_c and s are rational"), EXACT,
     "exact on a grid at k = 1; general k rests on (C.53), (C.55)", ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.53)"], V, PROP, "Lemma 5.2 applied", ("theorem:zhong-5.2", "proof:appendix_c_steps.py")),
    ("Zhong", ["(C.55)"], V, PROP, "Lemma 5.1 applied", ("theorem:zhong-5.1", "proof:appendix_c_steps.py")),
    ("Zhong", _eqs("C", (56, 57)), V, EXACT, "proof of Thm 5.5: the mixture of Beta leaf densities on one instance, "
                                        "three leaves (B_c, M_c) = (1, 3), (2, 5), (3, 4) with weights 1/6, 1/3, 1/2, "
                                        "exact integrals, k = 1..5; not symbolic in B_c, M_c (its non-degeneracy needs "
                                        "lam > 0: erratum zhong-5.5-lam0 on Thm 5.5)",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.58)", "(C.59)", "(C.60)"], VC, PROP, "the quantities and goal of the Thm 5.6 check (lam > 0)",
     ("theorem:zhong-5.6-corrected",)),
    ("Zhong", _eqs("C", (65, 70)), SC4, SYM, "proof of Thm 5.8 for B_c > 0: the Gamma ratio is f_k(B, M) (symbolic "
                                          "in B, M, k = 1..4); (C.70)'s limit symbolic in B (gaps 1..4)",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.66)"], SC4, EXACT, "the k-derivative of the log-Gamma form symbolic in B, M, k; its limit -oo only at "
                                      "B = 1, M = 3", ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.68)"], SC4, CERT, "certified arb digamma on a grid: (B_c, M_c) in {(1/2, 3/2), (1/4, 7/3), (5/2, 8)}, "
                                     "k in {1, 10, 1000}", ("proof:appendix_c_steps.py",)),
    ("Zhong", _eqs("C", (71, 72)), SC4, EXACT, "(C.71) on the iris subtree c2, k = 1..5; (C.72)'s power-mean bounds on "
                                            "three norms and two weightings, k = 1..5, exact",
     ("proof:appendix_c_steps.py",)),
    ("Zhong", ["(C.74)"], V, SYM, "the telescoped difference of the two products as a rational-function identity in "
                                  "B_c, M_c, M_d, k = 1..6, each term positive by (C.73)", ("proof:thm_5_9_sufficiency.py",)),
    ("Zhong", ["(C.75)"], V, EXACT, "exact on two trees, three (lam, eta), k in {1, 2, 5, 30}",
     ("proof:thm_5_9_sufficiency.py",)),
    ("Zhong", ["(C.76)", "(C.78)", "(C.83)", "(C.84)", "(C.85)"], O, NONE, "proof of Thm 5.9's necessity (limits): "
                                                                     + STEP, ()),
    ("Zhong", ["(C.77)"], V, EXACT, "M - B against Table A.1", ("erratum:zhong-C.77",)),
    ("Zhong", ["(C.79)", "(C.82)"], V, EXACT, "the identity, exactly; (C.82) repeats it", ("erratum:zhong-C.79",)),
    ("Zhong", ["(C.90)"], V, SYM, "its second line, the multinomial expansion of (sum_j q_j p_j)^k, symbolically "
                                 "(J = 2, 3; k = 1..4); its first line defines E_k*",
     ("proof:dirichlet_integrals.py",)),
    ("Zhong", ["(C.92)"], V, EXACT, "the Dirichlet product moment against direct integration of the Dirichlet density "
                                    "at integer parameters: J = 2 ((1,1), (1,3), (2,2), (4,1), n_j <= 3) and J = 3 "
                                    "((1,1,1), (2,1,3), n_j <= 2), exact; four non-integer J = 2 cases by 30-digit "
                                    "quadrature to 1e-9. Not symbolic in M_j", ("proof:dirichlet_integrals.py",)),
    ("Zhong", _eqs("C", (93, 96, 97, 98, 99)), V, SYM,
     "the derivation of (7.14): every printed line (the last of (C.93), (C.96), (C.97), (C.98), the three of (C.99)) "
     "equals the definition (C.90)/(C.92), symbolic in M_j and q_j, J = 2 (k = 2..4) and J = 3 (k = 2, 3); the "
     "misprint enters at (C.100) (erratum zhong-7.14)", ("proof:costs_recursion.py",)),
    # ------------------------------------------------------------------ EK
    ("EK", ["Theorem 1", "Table 1"], V, PROP, "REP against all prunings, enumerated: the smallest most accurate "
                                             "pruning is unique as a structure; as a labelled classifier not when one "
                                             "of its leaves ties on the pruning set (remark ek-1-tied-leaf-label)",
     ("theorem:ek-1", "erratum:ek-1-tied-leaf-label")),
    ("EK", ["Theorem 2"], V, PROP, "REP traces, pruning-set labels", ("theorem:ek-2",)),
    ("EK", ["Corollary 3"], V, PROP, "REP traces, pruning-set labels", ("theorem:ek-cor3",)),
    ("EK", ["Theorem 4", "Figure 2"], V, PROP, "the literal definition of safe nodes", ("theorem:ek-4",)),
    ("EK", ["Lemma 5"], V, CERT, "exact binomial tails against certified Phi", ("theorem:ek-lemma5",)),
    ("EK", ["Theorem 6"], V, EXH, "under its literal statement: the proof's E[leaves] = EA + 1 for 'the decision tree "
                             "that fits the data', all 2^t labelings enumerated (t <= 9), CART and a finer fitting "
                             "tree", ("theorem:ek-6",)),
    ("EK", ["(3)"], V, EXH, "E A = 2(t-1)p(1-p) as a polynomial in p: the expected number of label changes "
                            "summed over all 2^t labelings (t <= 8), symbolic in p",
     ("test:test_errata_audit.py",)),
    ("EK", ["Theorem 7"], V, PROP, "the exact distribution of the number of empty bins", ("theorem:ek-7",)),
    ("EK", ["Theorem 8"], SC5, CERT, "McDiarmid's inequality on the function EK apply it to (safe nodes with at most r of n "
                             "uniformly routed examples, c_i = 1): exact distribution against the certified bound",
     ("theorem:ek-8",)),
    ("EK", ["(1)"], V, CERT, "exact binomial tail against certified Phi", ("theorem:ek-eq1",)),
    ("EK", ["(2)"], V, EXH, "REP over all labelings: the printed closed form fails; the product bound it rests on "
                           "holds (theorem ek-eq2, a corrected form)", ("erratum:ek-eq2", "theorem:ek-eq2")),
    ("EK", ["(4)", "Approximation 4"], O, NONE,
     "a normal approximation ('~') with no stated error term, so no finite case decides it; theorem ek-eq4 only "
     "confirms Berry-Esseen's bound on its error (certified), which passes every case of its domain (k = 2..8, "
     "n = 1..60, c = 1/4..2) although the approximation is off there by up to 0.49 k (k = 8, n = 1: 3.11 against "
     "E Q = 7) and by a factor 17 (k = 3, n = 59, c = 1/4: 6.9e-5 against 4.0e-6): a check of Berry-Esseen, not "
     "of EK", ("theorem:ek-eq4",)),
    ("EK", ["(5)", "Figure 3"], V, EXACT, "exact probability against (5) with random and expected P", ("erratum:ek-eq5",)),
    ("EK", ["Figure 1"], SC6, EXACT, "the drawing and its counts are missing; every claim of the example's text holds on a tree "
                            "reconstructed from it (REP with training labels prunes the root only, 2 against 3 "
                            "mistakes; with pruning labels both subtrees collapse and the root stays)",
     ("test:test_theorems_second_pass.py",)),
    # ------------------------------------------------------------------ lecture notes
    ("Notes", ["(12.1)"], NC, DEF, "the pruning rule (an algorithm's definition): replace T*_v iff eps_v(T*_v) + alpha "
                                   ">= eps_v(empty); km_prune implements it, the tie included (tested on a "
                                   "hand-computed tree, tests/test_theorems_second_pass.py)", ()),
    ("Notes", ["(12.2)"], O, NONE, "the penalty's constant c > 1 is left unspecified ('for some constant specific c > 1') and "
                             "the printed bound |TREES(H, n)| <= (c, d)^{n_v} is garbled; the code takes c as a "
                             "parameter (c > 1 enforced) and bounds the two counts by (2d)^l (paths of depth exactly "
                             "l) and (d + 2)^n, both checked by enumeration; the printed path count is refuted "
                             "(notes-paths-count)", ("proof:kearns_mansour_steps.py",)),
    ("Notes", ["(12.3)", "Lemma 12.2", "(12.7)"], V, EXH, "finite classes on a finite domain, every sample of m <= 4 points "
                                                     "enumerated; fails with one path and one tree for delta > 1/2",
     ("theorem:notes-lemma-12.2",)),
    ("Notes", ["(12.4)"], V, EXH, "total probability over m_path, the sample enumerated against the mixture, exact",
     ("theorem:notes-12.4",)),
    ("Notes", ["(12.5)", "(12.6)"], V, CERT, "exact binomial tails against certified exponentials", ("theorem:notes-12.5",)),
    ("Notes", ["(12.8)"], NC, DEF, "defines the shorthand r_v (log|PATHS| + log|TREES| + log(m/delta)); no claim of its own", ()),
    ("Notes", ["(12.9)"], V, PROP, "exact on finite trees with leaf masses, any set V pruned bottom-up (telescoping)",
     ("theorem:notes-12.9",)),
    ("Notes", ["(12.10)"], V, CERT, "exact binomial lower tails against certified e^(-m p gamma^2/3)",
     ("theorem:notes-12.10",)),
    ("Notes", ["(12.11)"], special("one fixed node, gamma = 1/2; the printed union is over nodes V chosen from the "
                                   "sample"), CERT,
     "gamma = 1/2 pinned in the (12.10) check: e^(-p m/12) for one node; the union over t fixed nodes is Boole's "
     "inequality, but V depends on the sample (Lemma 12.4, out of reach)", ("theorem:notes-12.10",)),
    ("Notes", ["Lemma 12.4"], O, NONE, "V is chosen by the algorithm from the sample, so the union bound over 'fixed v_i' needs "
                                 "a candidate set fixed before the sample (the nodes of T_opt, which depends on T(S)); the "
                                 "notes do not supply one. Its per-node steps (12.10)-(12.11) are verified", ()),
    ("Notes", ["(12.12)"], NC, DEF, "a regrouping of Delta's finite sum by the subset V' of V (true for any subset; "
                                   "not counted as a checked claim); the bound stated after it is refuted (erratum "
                                   "notes-12.12-first-sum, its own row)", ()),
    ("Notes", ["(12.13)", "(12.14)"], V, SYM, "p_v < 2 m_v/m termwise and the identity sqrt(r/m_v)(2 m_v/m) = "
                                             "(2/m) sqrt(r) sqrt(m_v), symbolic in positive r, m_v, m, p_v",
     ("proof:kearns_mansour_steps.py",)),
    ("Notes", ["(12.15)"], V, EXACT, "Cauchy-Schwarz in its pairwise form 4 r_i m_j r_j m_i <= (r_i m_j + r_j m_i)^2 on "
                                     "an exact grid of 7^4 quadruples (the reduction to pairs by hand)",
     ("proof:kearns_mansour_steps.py",)),
    ("Notes", ["(12.16)"], V, EXH, "'recalls' (12.8) with log|PATHS(H, l)| <= l log n, the printed count bound that fails "
                              "(notes-paths-count: d = 1, l = 1 gives 3 paths > 1)", ("erratum:notes-paths-count",)),
    ("Notes", ["(12.17)"], V, PROP, "exact on finite trees: sum l_v <= t l_opt, sum m_v <= m l_opt and the coefficients of "
                              "(12.17); the step 'the pruned subtrees are disjoint, sum s_v <= s_opt' before it is "
                              "refuted (notes-12.17-sizes, its own row), (12.17) survives", ("theorem:notes-12.17",)),
    ("Notes", ["(12.18)"], O, NONE, "assembles (12.12)-(12.17) 'with probability 1 - delta', which rests on Lemma 12.4 "
                                    "(out of reach); its deterministic parts are checked in their own rows", ()),
    ("Notes", ["(12.19)"], special("the explicit constant 12, when s_opt <= m and l_opt >= 1"), CERT,
     "the O(.) of (12.19) with the constant 12 (exact grid, certified logs); it fails for s_opt > m",
     ("proof:kearns_mansour_steps.py",)),
    ("Notes", ["Lemma 12.1"], V, PROP, "exact, on stage-t trees (t + 1 leaves), with the proof's two sums; the step "
                                 "after it is refuted (notes-weak-chain)", ("theorem:notes-lemma-12.1",)),
    ("Notes", ["Lemma 12.3"], O, NONE, "the proof rests on an unresolved reference ('Lemma ??') and on Lemma 12.2 applied with "
                                 "r_v instead of log(1/delta); its conclusion 'T* is a subtree of T_opt' holds only with "
                                 "probability 1 - delta over an unspecified distribution of T(S), which no finite case "
                                 "decides", ()),
    ("Notes", ["Theorem 12.5", "(12.20)"], O, NONE, "an O(.) statement whose constant the notes do not give, holding with "
                                              "probability 1 - delta over S for a tree T(S) built from the same sample; "
                                              "its deterministic steps (12.9)-(12.19) are checked above", ()),
    ("Notes", ["Figure 12.1", "Figure 12.2", "Figure 12.5", "Figure 12.6", "Figure 12.7"], NC, DEF,
     "drawings, missing from the text", ()),
    ("Notes", ["Section 12.2.1: the REP example at X_4"],
     special("the X_4 subtree from the text's counts; the drawings (Figures 12.5, 12.6) and the X_6, X_3 counts are "
             "missing"), EXACT,
     "'the subtree error is therefore 2' holds for the one labelling left 1, right 0 (the others give 1, 3, 4); the "
     "pruned leaf (label 1 from S_1's 3 against 1) errs once, 1 < 2, and REP prunes X_4 (by hand and "
     "exactprune.peers.rep_prune)", ("test:test_theorems_second_pass.py",)),
    ("Notes", ["Figure 12.3"], V, EXACT, "the G(q) example, exact", ("theorem:notes-gq-example",)),
    ("Notes", ["Figure 12.4"], V, PROP, "the cost functions' properties", ("theorem:notes-cost-properties",
                                                                       "erratum:notes-convex")),
    # ------------------------------------------------------------------ Fan
    ("Fan", _eqs("", (1, 2, 4, 5, 7)), NC, DEF, "definitions (Bayes rule, plug-in rule, piecewise constant estimate, "
                                            "quantized posterior, quantized rule), implemented as printed on finite "
                                            "discrete mu in theorems/fan.py and used by the checks of (3), (6), (8)",
     ()),
    ("Fan", ["(3)", "(6)", "(8)"], V, PROP, "exact on finite discrete mu: L* <= L(g_n) <= L* + 2 int|eta - eta_tilde| mu <= "
                                      "L_bar + L_s, and L(eta^q) <= L_bar(eta^q)", ("theorem:fan-6",)),
    ("Fan", ["Theorem 2.1", "Corollary 6.1", "Theorem 6.1"], O, NONE, "Devroye et al. (1996): " + QUOTED +
     " (Corollary 6.1 is (3), checked on finite mu; Theorem 6.1 is a consistency limit)", ()),
    ("Fan", ["Section 3.2.1: L_bar decreases under refinement"], V, PROP, "exact on finite discrete mu",
     ("theorem:fan-refinement",)),
    ("Fan", ["(9)"], O, NONE, "an approximation ('~') with no stated error term; its limit is Proposition 5.3", ()),
    ("Fan", ["(10)", "(11)", "(12)", "Theorem 3.1"], V, PROP, "per cell with n >= 1 samples (every multinomial sample "
                                                        "enumerated): Jensen (11) squared, MSE = Var + Bias^2 (12), and "
                                                        "for M = 2 the sum over classes is (6)'s 2|eta_bar - eta_tilde|",
     ("theorem:fan-3.1",)),
    ("Fan", ["(13)"], V, SYM, "the Dirichlet posterior variance", ("erratum:fan-13-variance", "erratum:fan-13-empty")),
    ("Fan", ["(14)"], NC, DEF, "a definition of the estimate (Remark 3: not a bound), implemented by "
                               "peers.fan.fan_estimate (tests/peers/test_fan.py)", ()),
    ("Fan", ["Proposition 5.1"], O, NONE, "a limit as the cell diameters tend to 0 for absolutely continuous eta on R^d; no "
                                    "finite case decides a limit (and the monotone decrease claimed with it is refuted: "
                                    "fan-refinement)", ()),
    ("Fan", ["Proposition 5.2"], V, PROP, "exact on finite discrete mu", ("theorem:fan-prop-5.2",)),
    ("Fan", ["Proposition 5.3"], O, NONE, "an almost-sure limit as every n_i tends to infinity (law of large numbers and "
                                    "continuity of c -> int |eta - c| mu); no finite case decides a limit", ()),
    ("Fan", ["Table 1", "Figure 1", "Figure 3", "Figure 4", "Figure 5", "Figure 6"], O, NONE,
     "benchmarks on UCI data sets with 250 random splits per data set whose seeds and split indices are unpublished; "
     "the repository does not rerun Fan's cross-validation protocol", ()),
    ("Fan", ["Figure 2"], NC, DEF, "a toy example drawn from one unpublished random Gaussian sample; the drawing is missing "
                             "from the text and states no number", ()),
    # ------------------------------------------------------------------ DD
    ("DD", ["(1)"], V, EXH, "class probabilities of a leaf", ("erratum:dd-ties",)),
    ("DD", ["(2)"], V, EXH, "the second moment's co-existence factor", ("erratum:dd-coexist-identical",)),
    ("DD", ["Lemma 1"], V, SYM, "tested, not used: with D (m values) and T (n values) independent, every probability "
                                "and function value a symbol and g(m, t) solved from the hypothesis, E[f] - E[g] "
                                "simplifies to 0 for m, n = 1..3; with T dependent on D it does not (T = D, f = [d = t], "
                                "g = 1/2: 1 against 1/2)", ("proof:dd_lemma_1.py",)),
    ("DD", ["Section 3.6: E[GE] and E[GE^2] from (1)-(2)"], VC, PROP,
     "exactprune.rdt's moments, with a tie rule for tied and empty leaves (dd-ties) and the diagonal co-existence "
     "factor 1/C(d, h) (dd-coexist-identical), against the brute-force enumeration of all data sets",
     ("theorem:dd-moments",)),
    ("DD", ["App A: index ranges of the co-existence sum (fixed height)"], V, EXH,
     "the audit's domain check (issue 23): for every pair of distinct paths of equal height (d <= 4, binary "
     "attributes) the factorial arguments (l - i - 1), i <= v, are non-negative whenever the paths can co-exist, and "
     "the printed sum equals the co-existence probability (computed by a separate recursion); where they cannot, "
     "the factor (r - v) = 0 gives the true 0. Identical paths: dd-coexist-identical; 3.6.2's purity sum reaches "
     "(-1)! for sibling leaves (dd-coexist-purity)", ("test:rdt/test_dd_registries.py",)),
    ("DD", ["App A at v = l1 < l2 (path 1 lies on path 2 with the same values)"], VC, EXH,
     "the printed sum reaches i = v, where (l1 - i - 1)! = (-1)! is undefined, times (r - v) = 0; read as 0 (the term "
     "dropped, as exactprune.rdt.coexistence_printed does) it equals the enumeration, 0 (path 1's leaf lies inside "
     "path 2): all 480 such pairs over d = 3 binary attributes", ("test:rdt/test_dd_registries.py",)),
    ("DD", ["Figure 1", "Figure 2"], NC, DEF, "drawings (the all-attribute tree, path orderings)", ()),
    ("DD", ["Figure 8"], V, EXACT, "the four arrangements of App A's example: printed terms summed, against the general "
                            "formula and the enumeration, d = 8..11", ("theorem:dd-appA-example",)),
    ("DD", ["Table 1: bounds below the floor (1 - rho)/rho"], V, SYM,
     "every tree's Breiman bound is at least (1 - rho)/rho (s <= sqrt(rho) by Cauchy-Schwarz; symbolic in rho, "
     "proofs/dd_table1_floor.py; reached by the Bayes tree of the synthetic distributions), rho read at the top of its "
     "rounding interval: 9 printed cells at N = 100 and 6 at N = 10,000 lie below it (fixed height at rho = 0.36 "
     "(one cell), 0.11 and 0.02, scarcity at 0.02; erratum dd-table-1-floor names them), impossible whatever DD's distribution, trees or data",
     ("erratum:dd-table-1-floor", "proof:dd_table1_floor.py")),
    ("DD", ["Table 2"], O, NONE, "recomputed with kappa = 1 on Pima, Balloons, Shuttle (rdt_grid.md, averaged over trees): 1.4-94.6 against the "
                           "printed 1.91-180.93, with no common factor; DD state neither the mean correlation kappa "
                           "of Breiman's formula, nor how s was estimated, nor their seeds, so the printed values "
                           "cannot be recomputed", ()),
]


def _resolve(paper: str, label: str, verdict: str, grade: str, how: str, evidence: tuple, theorems: dict,
             printed: dict) -> Entry:
    refs = list(evidence)
    errata = [e.split(":", 1)[1] for e in refs if e.startswith("erratum:")]
    cases = 0
    for ref in list(refs):
        theorem = theorems[ref.split(":", 1)[1]] if ref.startswith("theorem:") else None
        if theorem is None:
            continue
        cases = max(cases, theorem.default_examples)
        refs.extend(f"erratum:{note}" for note in theorem.domain)
        if theorem.erratum:
            errata.append(theorem.erratum)
            refs.extend(f"theorem:{t.id}" for t in theorems.values() if t.corrects == theorem.id)
    if refs == ["printed"]:
        equation = label.strip("()")
        refs = [f"printed:{equation}"]
        if not all(printed[equation]):
            errata.extend(PRINTED_ERRATA[equation])
    for erratum in errata:
        if f"erratum:{erratum}" not in refs:
            refs.append(f"erratum:{erratum}")
    from . import ERRATUM_KINDS, get_entry
    if any(get_entry(e).kind in ERRATUM_KINDS for e in errata):
        verdict, grade = "refuted", "refuted"
    return Entry(paper, label, verdict, how, tuple(refs), grade, cases if grade == PROP else 0)


def _experiment_rows() -> list:
    """The experiment rows of :mod:`exactprune.errata.experiment_rows` as :class:`Entry` rows.

    >>> rows = _experiment_rows()
    >>> all(isinstance(row, Entry) for row in rows) and {row.paper for row in rows} == {"Zhong", "DD"}
    True
    """
    return [Entry(**row) for row in EXPERIMENT_ROWS]


def ledger() -> list:
    """Every ledger row: the numbered labels of :data:`ROWS` with generated verdicts (an experiment row of
    the same paper and label replacing one), the other experiment rows, then one row per registered
    statement or erratum not cited by a numbered row (under its source).

    Zhong (4.16) prints 0.015000 for E[r_d] = (1 + 0.5) / (99 + 1) = 3/200 (exact, so
    "verified"); every registered statement appears in some row's evidence; every row's grade is
    one of :data:`GRADES`:

    >>> rows = ledger()
    >>> [(r.verdict, r.grade, r.evidence) for r in rows if (r.paper, r.label) == ("Zhong", "(4.16)")]
    [('verified', 'exact', ('printed:4.16',))]
    >>> from exactprune.theorems import all_theorems
    >>> cited = {ref for r in rows for ref in r.evidence}
    >>> all(f"theorem:{t.id}" in cited for t in all_theorems() if not t.corrects and not t.erratum)
    True
    >>> all(r.grade in GRADES for r in rows), sorted({r.paper for r in rows})
    (True, ['DD', 'EK', 'Fan', 'Notes', 'Zhong'])
    """
    from ..casestudy import printed_values
    from ..theorems import all_theorems
    from . import FALSE, HYPOTHESIS, all_domain_notes, all_errata, all_remarks
    theorems = {t.id: t for t in all_theorems()}
    printed: dict = {}
    for value in printed_values():
        printed.setdefault(value.equation, []).append(value.agrees)
    experiments = {(row.paper, row.label): row for row in _experiment_rows()}
    rows = [experiments.pop((paper, label), None)
            or _resolve(paper, label, verdict, grade, how, evidence, theorems, printed)
            for paper, labels, verdict, grade, how, evidence in ROWS for label in labels]
    rows.extend(experiments.values())
    cited = {ref for row in rows for ref in row.evidence}
    for theorem in theorems.values():
        if f"theorem:{theorem.id}" not in cited:   # its erratum and corrected twin are cited by its row
            checks = theorem.checks
            verdict = V if checks == "printed" else VC if checks.startswith("corrected form") else f"verified ({checks})"
            rows.append(_resolve(_paper_of(theorem.id), theorem.source, verdict, PROP, theorem.statement,
                                 (f"theorem:{theorem.id}",), theorems, printed))
            cited.update(rows[-1].evidence)
    for entry in all_errata() + all_domain_notes() + all_remarks():
        if f"erratum:{entry.id}" not in cited:       # an unnumbered statement (a section's claim)
            refuted = entry.kind in (FALSE, HYPOTHESIS)
            how = (entry.explanation if refuted else f"{entry.kind}: {entry.explanation}") or entry.printed
            rows.append(_resolve(_paper_of(entry.id), entry.source, V if refuted else O, NONE, how,
                                 (f"erratum:{entry.id}",), theorems, printed))
    return rows


def _paper_of(entry_id: str) -> str:
    prefix = entry_id.split("-", 1)[0]
    return {"zhong": "Zhong", "ek": "EK", "notes": "Notes", "fan": "Fan", "dd": "DD"}[prefix]


def counts(rows: Optional[Iterable[Entry]] = None) -> dict:
    """Row counts per paper: by verdict family and by grade (what ``exactprune errata --ledger`` prints first).

    Parameters
    ----------
    rows : iterable of Entry, optional
        The rows to count; :func:`ledger` when None.

    Returns
    -------
    dict
        ``{paper: {"verdicts": {family: n}, "grades": {grade: n}}}`` over :data:`PAPERS`, every family of
        :data:`VERDICTS` and every grade of :data:`GRADES` present (0 when none).

    See Also
    --------
    family : how a qualified verdict is counted.

    Examples
    --------
    >>> table = counts()
    >>> set(table) == set(PAPERS) and set(table["Zhong"]) == {"verdicts", "grades"}
    True
    """
    out = {paper: {"verdicts": {v: 0 for v in VERDICTS}, "grades": {g: 0 for g in GRADES}} for paper in PAPERS}
    for row in ledger() if rows is None else rows:
        out[row.paper]["verdicts"][family(row.verdict)] += 1
        out[row.paper]["grades"][row.grade] += 1
    return out


def problems(entry: Entry, root=None) -> list:
    """What is wrong with a ledger row (empty when nothing): a verdict outside :data:`VERDICTS` or a grade
    outside :data:`GRADES`, a grade the verdict does not admit (:data:`GRADES_FOR`: a verified row
    resting on a definition, a reproduction called verified), no ``how``, a checked row without
    evidence, a plain "verified" row whose cited statement checks another form (a corrected twin, a
    special case, a weaker claim: :attr:`exactprune.theorems.Theorem.checks`), a refuted row without an
    erratum (an experiment: without its benchmark or test), a verified row citing an erratum, evidence
    that does not resolve (an unregistered statement or erratum, a missing script or test file, an
    unknown printed value).

    Parameters
    ----------
    entry : Entry
        The row.
    root : str or pathlib.Path, optional
        The repository root for file evidence (``proof:``, ``test:``, ``benchmark:``); their existence is
        not checked when None (e.g. in an installed package).

    Returns
    -------
    list of str
        One line per problem, each starting with the row's label.

    See Also
    --------
    ledger : the rows.

    Examples
    --------
    >>> problems(Entry("Zhong", "(9.9)", "verified", "by hand", grade="exact"))
    ['(9.9): verified without evidence']
    >>> problems(Entry("Zhong", "(9.9)", "maybe", "", ("theorem:no-such",)))[:2]
    ["(9.9): verdict 'maybe' is not one of the VERDICTS families", "(9.9): grade '' is not one of the GRADES"]
    >>> problems(Entry("Zhong", "(9.9)", "verified", "how", ("theorem:zhong-5.3-corrected",), "property"))
    ['(9.9): verified, but theorem:zhong-5.3-corrected checks the corrected form: say so in the verdict']
    """
    from pathlib import Path
    from . import ERRATUM_KINDS, get_entry
    from ..theorems import get
    out = []
    verdict = family(entry.verdict)
    if entry.paper not in PAPERS:
        out.append(f"{entry.label}: paper {entry.paper!r} is not one of {PAPERS}")
    if verdict not in VERDICTS or entry.verdict in (SPECIAL, WEAKER):
        out.append(f"{entry.label}: verdict {entry.verdict!r} is not one of the VERDICTS families"
                   + (" (name the case: 'verified (special case: ...)')" if entry.verdict in (SPECIAL, WEAKER) else ""))
    if entry.grade not in GRADES:
        out.append(f"{entry.label}: grade {entry.grade!r} is not one of the GRADES")
    elif verdict in VERDICTS and entry.grade not in GRADES_FOR[verdict]:
        out.append(f"{entry.label}: grade {entry.grade!r} does not support the verdict {entry.verdict!r}")
    if not entry.how.strip():
        out.append(f"{entry.label}: no how/why")
    if verdict not in ("out of reach", "not a claim") and not entry.evidence:
        out.append(f"{entry.label}: {entry.verdict} without evidence")
    errata = []
    for ref in entry.evidence:
        kind, _, name = ref.partition(":")
        try:
            if kind == "theorem":
                checks = get(name).checks
                if entry.verdict == "verified" and checks != "printed":
                    out.append(f"{entry.label}: verified, but {ref} checks the {checks}: say so in the verdict")
            elif kind == "erratum":
                errata.append(get_entry(name))
            elif kind == "printed":
                from ..casestudy import printed_values
                if name not in {p.equation for p in printed_values()}:
                    raise KeyError(name)
            elif kind in FILE_EVIDENCE:
                if root is not None and not (Path(root) / FILE_EVIDENCE[kind] / name).is_file():
                    raise KeyError(name)
            else:
                raise KeyError(kind)
        except KeyError:
            out.append(f"{entry.label}: evidence {ref!r} does not resolve")
    refutes = any(e.kind in ERRATUM_KINDS for e in errata)
    experiment = entry.grade == "refuted" and any(ref.startswith(("benchmark:", "test:")) for ref in entry.evidence)
    if verdict == "refuted" and not (refutes or experiment):
        out.append(f"{entry.label}: refuted without an erratum")
    if verdict.startswith("verified") and refutes:
        out.append(f"{entry.label}: verified although it cites an erratum")
    return out
