"""Helpers shared by the tests of exactprune.experiments: oracles written from the statistical
procedures' statements, apart from the module's code."""
from __future__ import annotations


def holm_rejections(p, alpha):
    """Holm's procedure as stated (Holm 1979): order the p-values, reject H_(1), H_(2), ... while
    p_(i) <= alpha / (m - i + 1), stop at the first that is not."""
    order = sorted(range(len(p)), key=lambda i: p[i])
    rejected = set()
    for rank, i in enumerate(order):
        if p[i] > alpha / (len(p) - rank):
            break
        rejected.add(i)
    return rejected
