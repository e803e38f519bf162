"""Cost-complexity pruning (CCP), CART's weakest-link pruning (Breiman et al. 1984 ch 3;
Zhong 5.1), with exact rational alphas, one module per job.

* :mod:`~exactprune.peers.ccp.weakest_links`: the weakest-link pass (:class:`WeakestLinks`):
  exact (g, rank) order by integer keys, the integer misclassification pass and the
  packed-integer Gini pass.
* :mod:`~exactprune.peers.ccp.sequence`: the sequence (:func:`ccp_sequence`, its stages made on
  access), :func:`node_cost`, the alpha of every split (:func:`split_alphas`, :func:`ccp_alphas`)
  and the smallest optimal subtree at an alpha (:func:`ccp_subtree_at`).
* :mod:`~exactprune.peers.ccp.cv`: tree selection by V-fold cross-validation with the 1-SE rule
  (:func:`ccp_cv_select`; every fold tree's alphas by :func:`split_alphas`) and
  :func:`predict_with_leaves`, a pruned scikit-learn tree's predictions.

>>> from exactprune.tree import iris_tree
>>> [str(a) for a in ccp_sequence(iris_tree(), cost="misclassification").alphas]    # Zhong Figure B.1
['0', '1/150', '1/75', '22/75', '1/3']
"""
from .cv import CCPCVResult, ccp_cv_select, predict_with_leaves
from .sequence import (COSTS, TIES, CCPSequence, CCPStage, CCPStages, ccp_alphas, ccp_sequence, ccp_subtree_at,
                       node_cost, split_alphas)
from .weakest_links import WeakestLinks

__all__ = ["node_cost", "CCPStage", "CCPStages", "CCPSequence", "ccp_sequence", "ccp_alphas", "split_alphas",
           "ccp_subtree_at", "CCPCVResult", "ccp_cv_select", "predict_with_leaves", "WeakestLinks", "COSTS", "TIES"]
