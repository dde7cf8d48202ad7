"""Distillation: from conversation deltas to beliefs (design: docs/design/memory-pipeline.md).

Modules, one idea each: ``delta`` (what is distilled), ``checkers`` (whether
to extract yet), ``proposals`` (the extractor protocol), ``rule_extractor``
with ``rules_en`` / ``rules_zh`` / ``dates`` / ``person`` (the default,
deterministic extractor), ``llm_extractor`` (optional OpenAI-compatible
adapter), ``reconcile`` (deterministic decisions), ``belief_index`` (current
beliefs folded from the log), ``confidence`` (initial, reinforced, decayed at
read time), ``distiller`` (the follower and its cursors), ``explicit``
(remember / correct / forget).
"""

from ledgermind.distill.checkers import (
    all_of,
    any_of,
    message_count_gt,
    time_since_last_gt,
)
from ledgermind.distill.confidence import DEFAULT_POLICY, ConfidencePolicy
from ledgermind.distill.dead_letters import DeadLetter, list_dead_letters
from ledgermind.distill.delta import DeltaItem, ExtractionContext
from ledgermind.distill.distiller import Distiller, DistillReport
from ledgermind.distill.proposals import Extraction, Extractor, Proposal
from ledgermind.distill.reconcile import ReconcileConfig, reconcile
from ledgermind.distill.rule_extractor import RuleExtractor

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
