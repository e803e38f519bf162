"""Where the programs users run are wrong: R's rpart and scikit-learn beside exact computation.

Each :class:`PeerError` names the program and its version, the input (a committed fixture in
``tests/fixtures/peers/``, written by ``benchmarks/peers/generate.py`` from the real program;
the count tree it needs is carried here so the record stands alone), what the program
returned (its recorded output), and the cause in the program's source.  The exact optimum and
its cost are computed when the record is shown (:meth:`PeerError.evaluate`), never typed in.
``tests/peers/test_peer_fixtures.py`` checks every record against its fixture.

Weka's J48 (3.6.14) is absent: EBP equals J48's pruned trees on every J48 fixture, with and
without subtree raising (``docs/peers.md``).  Shown by ``exactprune errata --peers``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from . import Computed
from ..tree import Node, Tree

RPART = "R version 4.2.2 Patched (2022-11-10 r83330); rpart 4.1.19"
SKLEARN = "scikit-learn 1.9.1"


def tree_of(compact: str) -> Tree:
    """A count tree from its compact JSON ``[counts, [child, ...]]`` (a leaf: ``[counts]``).

    Parameters
    ----------
    compact : str
        The JSON text ``[counts, [child, ...]]``, nested.

    Returns
    -------
    Tree
        The count tree it describes.

    Examples
    --------
    >>> tree_of("[[2,1],[[[2,0]],[[0,1]]]]").n_leaves
    2
    """
    def node(item) -> Node:
        return Node(tuple(item[0]), [node(child) for child in item[1]] if len(item) > 1 else [])
    return Tree(node(json.loads(compact)))


@dataclass
class PeerError(Computed):
    """One place where a program disagrees with the exact optimum.  ``compute`` returns a dict
    with ``correct`` (the exact optimum and its cost), ``returns_cost`` (the program's answer
    costed exactly) and ``confirmed`` (True when the program's answer really is worse).

    Parameters
    ----------
    id : str
        The entry's id (``rpart-complexity``).
    program : str
        The peer program and its version.
    fixture : str
        The input it was run on.
    returns : str
        What the program returned, in words.
    cause : str
        Why it is wrong.
    compute : callable
        ``() -> dict`` with ``returns_cost``, ``correct`` and ``confirmed``, computed exactly when
        the entry is first shown.

    Examples
    --------
    >>> entry = PeerError("toy", "a program", "fixture.json", "3 leaves", "a float sum",
    ...                   lambda: {"returns_cost": "7", "correct": "6", "confirmed": 6 < 7})
    >>> entry.evaluate()["confirmed"]
    True
    """

    id: str
    program: str
    fixture: str
    returns: str
    cause: str
    compute: Callable[[], dict]

    def as_dict(self) -> dict:
        """The JSON form: the record's fields and the computed ``returns_cost``, ``correct`` and
        ``confirmed``.

        >>> entry = PeerError("toy", "a program", "fixture.json", "3 leaves", "a float sum",
        ...                   lambda: {"returns_cost": "7", "correct": "6", "confirmed": 6 < 7})
        >>> {key: entry.as_dict()[key] for key in ("returns", "returns_cost", "correct", "confirmed")}
        {'returns': '3 leaves', 'returns_cost': '7', 'correct': '6', 'confirmed': True}
        """
        result = self.evaluate()
        return {"id": self.id, "program": self.program, "fixture": self.fixture, "returns": self.returns,
                "returns_cost": result["returns_cost"], "correct": result["correct"],
                "confirmed": bool(result["confirmed"]), "cause": self.cause}


# -- rpart: the complexity of a node is not its weakest-link alpha ----------------------------
#: rpart(y ~ ., cp = 0, split = "gini", minsplit = 2, minbucket = 1) on generated two-class data
#: (benchmarks/peers/generate.py ``random_numeric(101)``): the count tree of its ``frame``
RPART_TREE = (
    "[[48,41],[[[11,1],[[[11,0]],[[0,1]]]],[[37,40],[[[21,13],[[[20,7],[[[13,0]],[[7,7],[[[7,5],[[[7,3],[[[7,2],"
    "[[[6,1]],[[1,1],[[[1,0]],[[0,1]]]]]],[[0,1]]]],[[0,2]]]],[[0,2]]]]]],[[1,6],[[[1,0]],[[0,6]]]]]],[[16,27],"
    "[[[16,21],[[[15,16],[[[4,1],[[[4,0]],[[0,1]]]],[[11,15],[[[7,4],[[[7,2],[[[7,1],[[[4,0]],[[3,1],[[[3,0]],"
    "[[0,1]]]]]],[[0,1]]]],[[0,2]]]],[[4,11],[[[1,0]],[[3,11],[[[1,0]],[[2,11],[[[2,4],[[[1,0]],[[1,4],[[[1,1],"
    "[[[1,0]],[[0,1]]]],[[0,3]]]]]],[[0,7]]]]]]]]]]]],[[1,5],[[[1,2],[[[1,0]],[[0,2]]]],[[0,3]]]]]],[[0,6]]]]]]]]")
#: its cptable row 3: CP (the double, hex), nsplit, rel error (hex)
RPART_ROW = ("0x1.2bb512bb512b6p-5", 3, "0x1.3831f3831f387p-1")


def _rpart_complexity() -> dict:
    from ..peers.ccp import ccp_sequence
    tree = tree_of(RPART_TREE)
    N, root_risk = tree.root.n, tree.root.errors
    cp, nsplit, rel_error = float.fromhex(RPART_ROW[0]), RPART_ROW[1], float.fromhex(RPART_ROW[2])
    alpha = Fraction(cp * root_risk).limit_denominator(tree.n_leaves)       # errors per leaf
    errors = round(rel_error * root_risk)
    returned = errors + alpha * (nsplit + 1)
    stage = [s for s in ccp_sequence(tree).stages if s.alpha_from * N <= alpha][-1]
    best = stage.cost * N + alpha * stage.leaves
    return {"alpha": str(alpha), "returns_cost": f"{errors} errors + {alpha} x {nsplit + 1} leaves = {returned}",
            "correct": f"{stage.leaves} leaves, {stage.cost * N} errors: cost {best}",
            "confirmed": best < returned}


# -- scikit-learn: one exact alpha, several floats --------------------------------------------
#: DecisionTreeClassifier(random_state=0) on generated two-class data (``random_numeric(100)``)
SKLEARN_TREE = (
    "[[71,92],[[[38,14],[[[16,0]],[[22,14],[[[18,5],[[[5,0]],[[13,5],[[[4,4],[[[2,4],[[[1,0]],[[1,4],[[[1,1],"
    "[[[0,1]],[[1,0]]]],[[0,3]]]]]],[[2,0]]]],[[9,1],[[[5,0]],[[4,1],[[[0,1]],[[4,0]]]]]]]]]],[[4,9],[[[0,8]],"
    "[[4,1],[[[4,0]],[[0,1]]]]]]]]]],[[33,78],[[[27,30],[[[7,2],[[[2,2],[[[1,0]],[[1,2],[[[0,1]],[[1,1],[[[0,1]],"
    "[[1,0]]]]]]]],[[5,0]]]],[[20,28],[[[15,9],[[[8,8],[[[4,1],[[[1,1],[[[0,1]],[[1,0]]]],[[3,0]]]],[[4,7],[[[4,5],"
    "[[[2,5],[[[2,2],[[[1,0]],[[1,2],[[[0,1]],[[1,1],[[[1,0]],[[0,1]]]]]]]],[[0,3]]]],[[2,0]]]],[[0,2]]]]]],[[7,1],"
    "[[[6,0]],[[1,1],[[[0,1]],[[1,0]]]]]]]],[[5,19],[[[3,18],[[[2,5],[[[0,4]],[[2,1],[[[2,0]],[[0,1]]]]]],[[1,13],"
    "[[[1,6],[[[0,6]],[[1,0]]]],[[0,7]]]]]],[[2,1],[[[1,0]],[[1,1],[[[0,1]],[[1,0]]]]]]]]]]]],[[6,48],[[[6,33],"
    "[[[5,33],[[[0,13]],[[5,20],[[[3,4],[[[2,4],[[[2,2],[[[0,1]],[[2,1],[[[2,0]],[[0,1]]]]]],[[0,2]]]],[[1,0]]]],"
    "[[2,16],[[[0,10]],[[2,6],[[[1,0]],[[1,6],[[[1,1],[[[0,1]],[[1,0]]]],[[0,5]]]]]]]]]]]],[[1,0]]]],[[0,15]]]]]]]]")
#: the ccp_alphas entries of cost_complexity_pruning_path that stand for the exact alpha 2/489
SKLEARN_ALPHAS = ("0x1.0c0a7868b4170p-8", "0x1.0c0a7868b4172p-8")


def _sklearn_ties() -> dict:
    from ..peers.ccp import ccp_sequence
    stages = ccp_sequence(tree_of(SKLEARN_TREE), cost="gini").stages
    floats = [float.fromhex(a) for a in SKLEARN_ALPHAS]
    stage = min(stages, key=lambda s: abs(float(s.alpha_from) - floats[0]))
    near = all(abs(float(stage.alpha_from) - a) <= 1e-15 for a in floats)
    return {"returns_cost": f"{len(set(floats))} distinct alphas {', '.join(repr(a) for a in floats)}",
            "correct": f"one alpha {stage.alpha_from}: all its weakest links pruned together, R(T) = {stage.cost}",
            "confirmed": near and len(set(floats)) > 1}


def all_peer_errors() -> list:
    """The record, in order.  Each entry's numbers are computed when it is shown: the one exact
    alpha behind scikit-learn's two floats is 2/489, as its record says.

    >>> entries = all_peer_errors()
    >>> [entry.id for entry in entries], all(entry.as_dict()["confirmed"] for entry in entries)
    (['rpart-complexity', 'sklearn-split-ties'], True)
    >>> "one alpha 2/489" in entries[1].as_dict()["correct"]
    True
    """
    return [
        PeerError(
            "rpart-complexity", RPART, "tests/fixtures/peers/rpart_numeric101_gini.json",
            f"cptable row CP = {float.fromhex(RPART_ROW[0])!r}, nsplit = {RPART_ROW[1]}, rel error = "
            f"{float.fromhex(RPART_ROW[2])!r}: prune(fit, cp = CP) keeps {RPART_ROW[1]} splits",
            "rpart's partition.c sets a node's complexity from its two children either kept as grown or "
            "collapsed to leaves ('Who goes first -- minimum of tempcp, leftson, and rightson'), not from the "
            "children's own nested weakest links; the value can fall below the node's weakest-link alpha, so "
            "prune.rpart (which snips every node with complexity <= cp) cuts it too early.  The same on 6 more "
            "of 16 rpart fixtures (docs/peers.md).",
            _rpart_complexity),
        PeerError(
            "sklearn-split-ties", SKLEARN, "tests/fixtures/peers/sklearn_numeric100.json",
            "cost_complexity_pruning_path lists the one exact alpha 2/489 as two different floats "
            "(one spurious extra alpha)",
            "sklearn/tree/_tree.pyx _cost_complexity_prune: r_node = weighted_n_node_samples * impurity / "
            "total_sum_weights and r_branch (sums of leaves' r_node, then updated by r_diff as branches are "
            "pruned) are floats, and subtree_alpha = (r_node[i] - r_branch[i]) / (n_leaves[i] - 1), so exactly "
            "tied weakest links get alphas an ulp apart and are pruned one per step.",
            _sklearn_ties),
    ]
