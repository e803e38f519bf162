"""Random decision trees (DD: Dhurandhar & Dobra, JMLR 2008): path probabilities and GE moments.

The model (DD sec 3.2-3.5)
--------------------------
``d`` categorical attributes with arities ``a_1..a_d`` (continuous attributes with fixed split
points are the same thing), ``k`` classes, a multinomial distribution over the cells ``(x, c)`` of
the (d+1)-dimensional contingency table (:class:`Distribution`) and a sample size ``N``.  A random
decision tree (RDT) is grown top-down: at every node that does not stop, the split attribute is
drawn uniformly from the attributes not yet used on the branch, and the node gets one child per
value.  Stopping (:class:`Criterion`) is any combination of

* fixed height ``h`` (a node at depth h is a leaf; DD 3.3.1 item 1),
* purity (a node whose training points all have one class - or none - is a leaf; item 2),
* scarcity (a node with at most ``pb`` training points is a leaf; item 3),

and a node that has used all ``d`` attributes is always a leaf.  All three rules are monotone
along a branch, which is what makes the path-exists conditions of DD 3.3.1 work.

Choices the paper leaves open (stated here, followed by every formula and the simulator)
----------------------------------------------------------------------------------------
* **Ties.**  DD's (1)-(2) use strict inequalities ``ct(C_i) > ct(C_j)``, so a tied leaf predicts
  nothing and the printed probabilities do not add up to 1 (erratum ``dd-ties``).  Here a leaf
  predicts the majority class and ties follow ``tie``: ``"split"`` (default) - the error of a tied
  leaf is the average error of the tied classes, which is the same as breaking the tie uniformly
  at random, independently for every prediction; ``"first"`` - the tied class of lowest index.
* **Empty leaves** (no training point) are a tie among all ``k`` classes and follow the same rule.
  (Predicting the parent's majority is not offered: it breaks the leaf-local decomposition that
  all of DD's expressions rely on.)
* **GE of a grown tree** is computed exactly from the known distribution (no test sets):
  GE = sum over leaves R, classes y of w_y(R) (P[X in R] - P[X in R, Y = y]).

What is computed
----------------
* :func:`path_exists_probability` (DD 3.5, 3.6.2) and :func:`coexistence_probability` (DD 3.5 and
  App A, and a corrected version of the purity/scarcity variant of 3.6.2), each also by
  :func:`enumerate_path_exists` / :func:`enumerate_coexistence`, an exact enumeration of the
  random tree-growing process restricted to the paths involved.  :func:`coexistence_printed`
  evaluates the formulas as printed, for the errata.
* :func:`exact_moments`: E[GE] and E[GE^2] for the same tree exactly for every criterion (DD (1),
  (2)), by :func:`tree_moments`, a recursion over the nodes of the random tree (children's count
  generating functions multiplied, split by the set of classes present; nodes with equal cell
  tables computed once) that gives the sums over leaves and leaf pairs with their co-existence
  probabilities in one pass; :func:`expected_ge` is E[GE] summed over leaf regions as in DD (1),
  the independent check;
  E[GE GE'] for two trees on independent samples is E[GE]^2; for two trees on the same sample
  (``same_sample=True``) it is exact for fixed height and two classes.
* :func:`bruteforce_moments`: the same by enumerating every data set (tiny N), with the tree
  randomness integrated exactly by recursion (:func:`conditional_moments`).
* :func:`correlated_distribution`, :func:`distribution_from_data`, :func:`chi_square_correlation`:
  the distributions of DD 4.2.
* :func:`simulate` (MC: sample a data set, grow one random tree - or two, ``same_sample`` - and
  measure its GE) and :func:`af_monte_carlo` (AF: tree randomness exact, data sets sampled; also
  estimates the same-sample moment for every criterion), seeded.

Paths are dicts ``attribute -> value`` with 0-based attributes.  For the purity and scarcity
criteria the *last* key of the dict is the attribute chosen last on the path (the split that
made the leaf), as in DD 3.3.1 items 2(b) and 3(b).

Modules (each imports only from the ones above it)
--------------------------------------------------
* :mod:`~exactprune.rdt.model` - :class:`Criterion`, :class:`Distribution`, the tie rule, argument checks;
* :mod:`~exactprune.rdt.counting` - falling factorials, class-count vectors;
* :mod:`~exactprune.rdt.coexistence` - path-exists and co-existence closed forms, the printed formulas;
* :mod:`~exactprune.rdt.enumeration` - the same probabilities by enumerating the growing process;
* :mod:`~exactprune.rdt.generating_functions` - exact count EGFs shared by the moments;
* :mod:`~exactprune.rdt.recursion` - E[GE], E[GE^2] for every criterion by the node recursion;
* :mod:`~exactprune.rdt.same_sample` - E[GE GE'] for two trees on one sample;
* :mod:`~exactprune.rdt.moments` - :func:`expected_ge`, :func:`exact_moments`;
* :mod:`~exactprune.rdt.conditional` - moments given one data set;
* :mod:`~exactprune.rdt.bruteforce` - moments by enumerating data sets;
* :mod:`~exactprune.rdt.breiman` - Breiman's strength bound, exact on enumerable cases;
* :mod:`~exactprune.rdt.simulation` - MC and AF-MC samplers;
* :mod:`~exactprune.rdt.distributions` - distributions of DD 4.2.
"""
from .breiman import breiman_bound, expected_breiman_bound, margin_strength, tree_distribution
from .bruteforce import bruteforce_moments, datasets_count
from .coexistence import coexistence_printed, coexistence_probability, path_exists_probability
from .conditional import conditional_moments
from .distributions import chi_square_correlation, correlated_distribution, distribution_from_data
from .enumeration import enumerate_coexistence, enumerate_path_exists
from .model import TIES, Criterion, Distribution, cell_error, leaf_weights, predicted_classes
from .moments import exact_moments, expected_ge
from .recursion import tree_moments
from .same_sample import two_trees_same_sample_moment
from .simulation import af_monte_carlo, build_rdt, simulate, tree_ge

__all__ = [
    "Criterion", "Distribution", "TIES", "leaf_weights", "cell_error", "predicted_classes",
    "path_exists_probability", "coexistence_probability", "coexistence_printed",
    "enumerate_path_exists", "enumerate_coexistence",
    "expected_ge", "exact_moments", "tree_moments", "two_trees_same_sample_moment",
    "conditional_moments", "bruteforce_moments", "datasets_count",
    "margin_strength", "breiman_bound", "tree_distribution", "expected_breiman_bound",
    "build_rdt", "tree_ge", "simulate", "af_monte_carlo",
    "correlated_distribution", "chi_square_correlation", "distribution_from_data",
]
