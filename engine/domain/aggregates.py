"""The core's aggregates: every stream kind the engine itself writes.

Why a list: the event log must know every aggregate whose events it may
decode (a projection worker or ``verify_log`` reads every topic, in a process
that may never have imported the module that defines one). The composition
root (``ledgermind.api``) hands this list, plus the aggregates that installed
integrations declare, to the event log; storage imports no aggregate for its
topics.
"""

from __future__ import annotations

from eventsourcing.domain import Aggregate

from ledgermind.domain.agent import Agent
from ledgermind.domain.api_key import ApiKeyRecord
from ledgermind.domain.distillation import Distillation
from ledgermind.domain.lineage import Retractions
from ledgermind.domain.memory import Memory
from ledgermind.domain.model_call import ModelCall
from ledgermind.domain.receipt import CommandReceipt, Receipt
from ledgermind.domain.session import Session
from ledgermind.domain.task import Task

__all__ = ["CORE_AGGREGATES", "SNAPSHOTTED"]

CORE_AGGREGATES: tuple[type[Aggregate], ...] = (
    Agent,
    ApiKeyRecord,
    CommandReceipt,
    Distillation,
    Memory,
    ModelCall,
    Receipt,
    Retractions,
    Session,
    Task,
)

# The streams that grow without bound and are loaded on every write (a long
# conversation, an agent's checkpoints): snapshotted every ``snapshot_interval``.
SNAPSHOTTED: tuple[type[Aggregate], ...] = (Session, Agent)
