"""Distillation: from conversation deltas to beliefs (DESIGN.md section 4).

Modules, one idea each: ``delta`` (what is distilled), ``checkers`` (whether
to extract yet), ``proposals`` (the extractor protocol), ``rule_extractor``
with ``rules_en`` / ``rules_zh`` / ``dates`` / ``person`` (the default,
deterministic extractor), ``llm_extractor`` (optional OpenAI-compatible
adapter), ``reconcile`` (deterministic decisions), ``belief_index`` (current
beliefs folded from the log), ``confidence`` (initial, reinforced, decayed at
read time), ``distiller`` (the follower and its cursors), ``explicit``
(remember / correct / forget).
"""

from memledger.distill.checkers import (
    all_of,
    any_of,
    message_count_gt,
    time_since_last_gt,
)
from memledger.distill.confidence import DEFAULT_POLICY, ConfidencePolicy
from memledger.distill.dead_letters import DeadLetter, list_dead_letters
from memledger.distill.delta import DeltaItem, ExtractionContext
from memledger.distill.distiller import Distiller, DistillReport
from memledger.distill.proposals import Extraction, Extractor, Proposal
from memledger.distill.reconcile import ReconcileConfig, reconcile
from memledger.distill.rule_extractor import RuleExtractor

__all__ = [
    "DEFAULT_POLICY",
    "ConfidencePolicy",
    "DeadLetter",
    "DeltaItem",
    "DistillReport",
    "Distiller",
    "Extraction",
    "ExtractionContext",
    "Extractor",
    "Proposal",
    "ReconcileConfig",
    "RuleExtractor",
    "all_of",
    "any_of",
    "list_dead_letters",
    "message_count_gt",
    "reconcile",
    "time_since_last_gt",
]
