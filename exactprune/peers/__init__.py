"""The peer pruning methods, one module per method, each against its source.

* :mod:`~exactprune.peers.ccp`: CART's cost-complexity pruning with exact alphas, and tree
  selection by cross-validation with the 1-SE rule (Breiman et al. ch 3).
* :mod:`~exactprune.peers.ebp`: C4.5's error-based pruning and its ``AddErrs`` (Quinlan 1993).
* :mod:`~exactprune.peers.mep`: minimum error pruning with the m-estimate (Niblett-Bratko,
  Cestnik-Bratko; Zhong p. 559).
* :mod:`~exactprune.peers.rep`: reduced error pruning as analysed by Elomaa and Kaariainen.
* :mod:`~exactprune.peers.kearns_mansour`: Kearns-Mansour bottom-up pruning (notes 12.2.3).
* :mod:`~exactprune.peers.min_size`: minimum-size pruning and the SRM choice (notes 12.2.2).
* :mod:`~exactprune.peers.fan`: Fan's error estimate (Fan 2016, (13)-(14)).
"""
from .ccp import (CCPCVResult, CCPSequence, CCPStage, ccp_alphas, ccp_cv_select, ccp_sequence,
                  ccp_subtree_at, node_cost, predict_with_leaves)
from .ebp import EBPResult, binomial_upper_limit, ebp_extra_errors, ebp_prune, ebp_z
from .fan import FAN_PRIORS, fan_estimate, fan_moments
from .kearns_mansour import km_penalty, km_prune
from .mep import mep_as_knorm, mep_leaf_error, mep_prune
from .min_size import SRMResult, min_size_pruning, min_size_table, srm_pruning
from .rep import REPResult, rep_prune, route_counts

__all__ = ["CCPCVResult", "CCPSequence", "CCPStage", "ccp_alphas", "ccp_cv_select", "ccp_sequence",
           "ccp_subtree_at", "node_cost", "predict_with_leaves",
           "EBPResult", "binomial_upper_limit", "ebp_extra_errors", "ebp_prune", "ebp_z",
           "FAN_PRIORS", "fan_estimate", "fan_moments",
           "km_penalty", "km_prune",
           "mep_as_knorm", "mep_leaf_error", "mep_prune",
           "SRMResult", "min_size_pruning", "min_size_table", "srm_pruning",
           "REPResult", "rep_prune", "route_counts"]
