"""EK's theorems on what REP does, checked on small trees: Theorem 1, Theorem 2, Corollary 3, Theorem 4.

Every check runs REP (:func:`exactprune.peers.rep.rep_prune`, EK Table 1) or its decision at every
node (:func:`rep_trace`) on trees with training and pruning counts.  Findings:

* ``ek-1`` (Thm 1) holds for both leaf-labelling rules; the smallest most accurate pruning
  is unique, and REP needs "prune on ties" (keeping ties violates it).
* ``ek-2``, ``ek-cor3`` (Thm 2, Cor 3) hold with pruning-set labels and fail with
  training-set labels (the proofs use r_L >= r_L0 + r_L1, true only for majority labels).
* ``ek-4`` (Thm 4) with the literal definition of safe nodes fails when the root has an original
  leaf child (no safe node exists, the condition is vacuous; erratum ek-4-root); for trees whose
  root is in the interior (``ek-4-corrected``) it holds for two classes with pruning-set labels.
"""
from __future__ import annotations

from .. import Theorem, Verdict, correction, expand_corrections, pin, hypothesis_st as _st
from ...peers.rep import rep_prune
from ...tree import Node, Tree, all_pruning_leaves, majority_class


def _tree_from(data) -> Tree:
    def node(d):
        return Node(tuple(d["counts"]), [node(c) for c in d.get("children", [])])
    return Tree(node(data))


def _tree_cases(max_classes=2, max_depth=3, min_depth=1):
    """(tree dict, pruning counts per leaf in pre-order) with random structure."""
    st = _st()

    @st.composite
    def build(draw):
        J = draw(st.integers(2, max_classes))

        def grow(depth):
            internal = depth < min_depth or (depth < max_depth and draw(st.booleans()))
            if not internal:
                c = [draw(st.integers(0, 4)) for _ in range(J)]
                if sum(c) == 0:
                    c[draw(st.integers(0, J - 1))] = 1
                pc = [draw(st.integers(0, 3)) for _ in range(J)]
                return {"counts": c, "prune": pc}
            kids = [grow(depth + 1) for _ in range(2)]
            return {"counts": [sum(k["counts"][j] for k in kids) for j in range(J)],
                    "prune": [sum(k["prune"][j] for k in kids) for j in range(J)], "children": kids}
        return grow(0)
    return build()


def _split(case):
    """Tree and its pruning-count dict from a case dict."""
    tree = _tree_from(case)
    pc = {}

    def walk(d, node):
        pc[node.name] = tuple(d["prune"])
        for dc, nc in zip(d.get("children", []), node.children):
            walk(dc, nc)
    walk(case, tree.root)
    return tree, pc


def _strip(case):
    out = {"counts": case["counts"], "prune": case["prune"]}
    if case.get("children"):
        out["children"] = [_strip(c) for c in case["children"]]
    return out


def rep_trace(tree: Tree, pc: dict, labels: str):
    """REP's decision at every internal node: True = kept (EK Table 1).

    Parameters
    ----------
    tree : Tree
        The tree, each node with its training label.
    pc : dict
        Node name to its pruning counts (one count per class), for every node.
    labels : {"pruning", "training"}
        Which label a pruned node predicts: "pruning" the majority of its pruning counts, anything
        else its training label (``node.label``).

    Returns
    -------
    dict
        Internal node name to True (kept) or False (pruned to a leaf).

    Examples
    --------
    >>> tree, pruning_counts = _split(EK4_FRINGE_ROOT["tree"])   # leaves err 0 + 0 < 1 as a (2,1) leaf
    >>> rep_trace(tree, pruning_counts, "pruning")
    {'root': True}
    """
    err, kept = {}, {}
    for node in tree.root.postorder():
        p = pc[node.name]
        if node.is_leaf:
            err[node.name] = sum(p) - p[node.label]
            continue
        sub = sum(err[c.name] for c in node.children)
        lab = majority_class(p) if labels == "pruning" else node.label
        leaf = sum(p) - p[lab]
        kept[node.name] = sub < leaf
        err[node.name] = sub if kept[node.name] else leaf
    return kept


# -- ek-1 ----------------------------------------------------------------------------------------

def _cases_ek1(ties):
    st = _st()
    return st.tuples(_tree_cases(max_classes=3), st.sampled_from(["pruning", "training"]),
                     st.just(ties)).map(lambda t: {"tree": _strip(t[0]), "labels": t[1], "ties": t[2]})


def _check_ek1(case) -> Verdict:
    tree, pc = _split(case["tree"])
    labels = case["labels"]
    rep = rep_prune(tree, pc, labels=labels, ties=case["ties"])

    def errors(o):
        total = 0
        for name in o:
            node = tree.node(name)
            lab = node.label if node.is_leaf or labels == "training" else majority_class(pc[name])
            total += sum(pc[name]) - pc[name][lab]
        return total
    options = all_pruning_leaves(tree)
    errs = {o: errors(o) for o in options}
    best = min(errs.values())
    smallest = min(len(o) for o in options if errs[o] == best)
    winners = [sorted(o) for o in options if errs[o] == best and len(o) == smallest]
    got = sorted(l.name for l in rep.tree.leaves())
    return Verdict(got in winners and len(winners) == 1 and rep.errors == best,
                   {"rep_leaves": got, "rep_errors": rep.errors, "min_errors": best,
                    "smallest_most_accurate": winners})


# -- ek-2 and ek-cor3 ----------------------------------------------------------------------------

def _cases_labels(labels, min_depth=2):
    return _tree_cases(max_classes=2, max_depth=4, min_depth=min_depth).map(
        lambda t: {"tree": _strip(t), "labels": labels})


def _check_ek2(case) -> Verdict:
    tree, pc = _split(case["tree"])
    kept = rep_trace(tree, pc, case["labels"])
    bad = []
    for node in tree.root.walk():
        if node.is_leaf or any(c.is_leaf for c in node.children):
            continue
        nontrivial = any(kept.get(c.name, False) for c in node.children)
        if nontrivial and not kept[node.name]:
            bad.append(node.name)
    return Verdict(not bad, {"pruned_although_nontrivial": bad})


def _check_cor3(case) -> Verdict:
    tree, pc = _split(case["tree"])
    kept = rep_trace(tree, pc, case["labels"])
    bad = []
    for node in tree.root.walk():
        if node.is_leaf:
            continue
        levels = [[node]]
        while not any(x.is_leaf for x in levels[-1]):
            levels.append([c for x in levels[-1] for c in x.children])
        d = len(levels) - 2            # the depth just above the first original leaf
        if d <= 0:
            continue
        if any(kept.get(x.name, False) for x in levels[d]) and not kept[node.name]:
            bad.append(node.name)
    return Verdict(not bad, {"pruned_although_descendant_at_depth_d_kept": bad})


# -- ek-4 ----------------------------------------------------------------------------------------

def _safe_nodes(tree: Tree) -> list:
    """EK's safe nodes, literally: fringe nodes (an original leaf child, or below such a node) whose
    parent is in the interior.  The root has no parent, so a tree whose root is in the fringe has no
    safe node (erratum ek-4-root)."""
    marks = set()
    for node in tree.root.walk():
        if node.name in marks:
            continue
        if not node.is_leaf and any(c.is_leaf for c in node.children):
            for x in node.walk():
                marks.add(x.name)
    if "root" in marks:
        return []
    safe = []
    for node in tree.root.walk():
        for c in node.children:
            if node.name not in marks and c.name in marks:
                safe.append(c)
    return safe


def _cases_ek4(classes=2, labels="pruning", min_depth=1):
    """Two-class trees; ``min_depth=1`` lets the root have an original leaf child (a fringe root)."""
    return _tree_cases(max_classes=classes, max_depth=4, min_depth=min_depth).filter(
        lambda t: len(t["counts"]) == classes).map(lambda t: {"tree": _strip(t), "labels": labels})


def _check_ek4(case) -> Verdict:
    tree, pc = _split(case["tree"])
    kept = rep_trace(tree, pc, case["labels"])
    pos = majority_class(pc["root"])           # the class the majority leaf would predict
    safe = _safe_nodes(tree)

    def pruned_subtree(node):            # the safe node's subtree is pruned when the sweep reaches it
        return not node.is_leaf and not kept[node.name]
    cond = all(pruned_subtree(z) for z in safe) and all(
        2 * pc[z.name][pos] >= sum(pc[z.name]) if len(pc[z.name]) == 2 else
        pc[z.name][pos] == max(pc[z.name]) for z in safe)
    to_leaf = not kept["root"]
    return Verdict(cond == to_leaf, {"tree": case["tree"], "pruned_to_leaf": to_leaf, "condition": cond,
                                     "safe_nodes": [z.name for z in safe], "positive": pos})


#: a fringe root (two original leaves) whose split REP keeps: literally there is no safe node, so
#: Thm 4's condition holds vacuously although T is not pruned into a leaf
EK4_FRINGE_ROOT = {"tree": {"counts": [2, 2], "prune": [2, 1],
                            "children": [{"counts": [2, 0], "prune": [2, 0]}, {"counts": [0, 2], "prune": [0, 1]}]},
                   "labels": "pruning"}


THEOREMS: list[Theorem] = expand_corrections([
    Theorem(
        id="ek-1", source="Elomaa & Kaariainen (2001), Theorem 1 and Table 1",
        statement="REP returns the smallest of the prunings of T with minimal error on the pruning set S "
                  "(checked by enumerating all prunings; the smallest one is also unique)",
        hypotheses="REP as in Table 1: bottom-up, one visit per node, prune on ties; any leaf-labelling rule",
        cases=lambda: _cases_ek1("prune"), check=_check_ek1,
        violations=lambda: _cases_ek1("keep"),
        violation_note="keeping a subtree on equal errors gives a most accurate but not the smallest pruning",
        default_examples=80),
    Theorem(
        id="ek-2", source="Elomaa & Kaariainen (2001), Theorem 2",
        statement="an internal node with no original leaf children is not pruned if, when the sweep reaches "
                  "it, it has a non-trivial subtree",
        hypotheses="REP with pruned leaves labelled by the pruning-set majority",
        cases=lambda: _cases_labels("pruning"), check=_check_ek2,
        violations=lambda: _cases_labels("training"),
        violation_note="with training-majority labels r_L >= r_L0 + r_L1 fails and so can the theorem",
        default_examples=150),
    Theorem(
        id="ek-cor3", source="Elomaa & Kaariainen (2001), Corollary 3",
        statement="a tree rooted at N is retained if a descendant of N at depth d (just above the first "
                  "original leaf) is not pruned",
        hypotheses="REP with pruning-set majority labels",
        cases=lambda: _cases_labels("pruning", 3), check=_check_cor3,
        violations=lambda: _cases_labels("training", 3),
        violation_note="with training-majority labels it can fail (as Thm 2 does)",
        default_examples=150),
    Theorem(
        id="ek-4", source="Elomaa & Kaariainen (2001), Theorem 4 and the definition of safe nodes (sec 5.1)",
        statement="T is pruned into a single leaf iff all subtrees rooted at safe nodes are pruned and every "
                  "safe node receives at least as many positive as negative pruning examples",
        hypotheses="as printed: two classes; REP with pruning-set majority labels (Table 1); 'positive' = the "
                   "root's pruning majority; safe node = a fringe node whose parent is in the interior",
        cases=lambda: _cases_ek4(2, "pruning"), check=_check_ek4,
        violations=lambda: _cases_ek4(2, "training"),
        violation_note="with training-majority labels the equivalence can fail",
        erratum="ek-4-root", pinned=(EK4_FRINGE_ROOT,), default_examples=150),
    correction(
        statement="Theorem 4 for trees whose root is in the interior (no original leaf child)",
        hypotheses="the root of T is in the interior (unstated; EK's Figure 2 shows such a tree); two classes; "
                   "REP with pruning-set majority labels; 'positive' = the root's pruning majority",
        cases=lambda: _cases_ek4(2, "pruning", min_depth=2), pinned=(),
        violations=lambda: _st().one_of(_cases_ek4(2, "training"), _st().just(EK4_FRINGE_ROOT)),
        pinned_violations=(EK4_FRINGE_ROOT,),
        violation_note=("a fringe root (an original leaf child) has no safe node, and a kept split then breaks "
                        "the equivalence; training-majority labels can break it too")),
])


def _ek_tree(counts, prune, children=()) -> dict:
    out = {"counts": list(counts), "prune": list(prune)}
    if children:
        out["children"] = list(children)
    return out


#: depth 2: every subtree empty of pruning examples; and every leaf tied on the pruning set
_EMPTY_DEPTH2 = _ek_tree((4, 0), (0, 0), [_ek_tree((2, 0), (0, 0), [_ek_tree((1, 0), (0, 0))] * 2)] * 2)
_TIED_DEPTH2 = _ek_tree((2, 2), (2, 2), [
    _ek_tree((2, 0), (1, 1), [_ek_tree((1, 0), (1, 0)), _ek_tree((1, 0), (0, 1))]),
    _ek_tree((0, 2), (1, 1), [_ek_tree((0, 1), (1, 0)), _ek_tree((0, 1), (0, 1))])])


def _deeper(tree: dict) -> dict:
    return _ek_tree([2 * x for x in tree["counts"]], [2 * x for x in tree["prune"]], [tree, tree])


#: boundary cases (policy point 4): ties (REP prunes on ties), subtrees without pruning examples
THEOREMS = pin(THEOREMS, {
    "ek-1": ({"tree": _ek_tree((2, 0), (1, 1), [_ek_tree((1, 0), (1, 0)), _ek_tree((1, 0), (0, 1))]),
              "labels": "pruning", "ties": "prune"},
             {"tree": _ek_tree((2, 0), (0, 0), [_ek_tree((1, 0), (0, 0))] * 2), "labels": "training", "ties": "prune"}),
    "ek-2": ({"tree": _EMPTY_DEPTH2, "labels": "pruning"}, {"tree": _TIED_DEPTH2, "labels": "pruning"}),
    "ek-cor3": ({"tree": _deeper(_EMPTY_DEPTH2), "labels": "pruning"},
                {"tree": _deeper(_TIED_DEPTH2), "labels": "pruning"}),
    "ek-4-corrected": ({"tree": _EMPTY_DEPTH2, "labels": "pruning"}, {"tree": _TIED_DEPTH2, "labels": "pruning"}),
})
