"""Changes to beliefs, as values, and the one command that applies them.

Why values: the distiller, the explicit API (remember / correct / forget) and
tests all describe what should happen to an owner's beliefs in the same
vocabulary; ``apply_changes`` turns a list of them into memory events in one
transaction, optionally together with a follower's cursor. Re-applying the
same list is harmless: a belief whose source already produced it is not
created again, and closing an interval that is already closed is a no-op.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from memledger.domain import bitemporal
from memledger.domain.errors import InvalidInput, MemoryNotFound
from memledger.domain.memory import KINDS, Memory
from memledger.domain.owner import Owner
from memledger.domain.stream_ids import memory_stream_id
from memledger.write.isolation import scoped_get
from memledger.write.validation import check_text, check_timestamp
from memledger.write.writer import UnitOfWork

__all__ = [
    "BeliefChange",
    "Forget",
    "Invalidate",
    "NewBelief",
    "Reinforce",
    "Revise",
    "apply_changes",
    "new_belief_id",
]


@dataclass(frozen=True, slots=True)
class NewBelief:
    source_key: str  # what produced it: the belief id is a uuid5 of (owner, source_key)
    kind: str
    statement: str
    valid_from: datetime
    confidence: float
    method: str
    extractor: str = "explicit"
    extractor_version: str = "1"
    problem: str | None = None
    solution: str | None = None
    subject: str | None = None
    attribute: str | None = None
    topics: tuple[str, ...] = ()
    participants: tuple[str, ...] = ()
    location: str | None = None
    event_time: datetime | None = None
    sources: tuple[dict[str, Any], ...] = ()
    supersedes: str | None = None
    raw: str | None = None
    value: str | None = None  # the attribute's value, for contradiction detection


@dataclass(frozen=True, slots=True)
class Reinforce:
    memory_id: str
    confidence: float
    reason: str
    sources: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Revise:
    memory_id: str
    statement: str
    confidence: float
    reason: str
    method: str
    problem: str | None = None
    solution: str | None = None
    topics: tuple[str, ...] = ()
    participants: tuple[str, ...] = ()
    location: str | None = None
    event_time: datetime | None = None
    sources: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Invalidate:
    memory_id: str
    invalid_at: datetime
    reason: str
    cause: dict[str, Any] | None = None
    superseded_by: str | None = None


@dataclass(frozen=True, slots=True)
class Forget:
    """Purges one belief from every projection (``memory.forgotten``)."""

    memory_id: str
    reason: str = "forgotten on request"


BeliefChange = NewBelief | Reinforce | Revise | Invalidate | Forget


_MAX_TEXT = 1 << 20  # a belief's statement or key: bounded like a message


def new_belief_id(owner: Owner, source_key: str) -> str:
    return memory_stream_id(owner, source_key).hex


def apply_changes(unit: UnitOfWork, owner: Owner, changes: list[BeliefChange]) -> list[str]:
    """Runs inside the writer thread; returns the affected belief ids in order."""
    touched: list[str] = []
    for change in changes:
        if isinstance(change, NewBelief):
            touched.append(_add(unit, owner, change))
            continue
        memory = _owned(unit, owner, change.memory_id)
        if isinstance(change, Reinforce):
            if memory.status == bitemporal.CURRENT:
                memory.reinforce(_confidence(change.confidence), list(change.sources), change.reason)
        elif isinstance(change, Revise):
            if memory.status == bitemporal.CURRENT:
                memory.revise(
                    statement=change.statement,
                    problem=change.problem,
                    solution=change.solution,
                    topics=list(change.topics),
                    participants=list(change.participants),
                    location=change.location,
                    event_time=change.event_time,
                    confidence=_confidence(change.confidence),
                    method=change.method,
                    sources=list(change.sources),
                    reason=change.reason,
                )
        elif isinstance(change, Invalidate):
            if memory.status == bitemporal.CURRENT:
                memory.invalidate(change.invalid_at, change.reason, change.cause, change.superseded_by)
        elif isinstance(change, Forget):
            memory.forget(change.reason)
        else:  # pragma: no cover - the union above is closed
            raise InvalidInput(f"unknown belief change {change!r}")
        touched.append(memory.id.hex)
    return touched


def _add(unit: UnitOfWork, owner: Owner, change: NewBelief) -> str:
    if not isinstance(change.kind, str) or change.kind not in KINDS:
        raise InvalidInput(f"kind must be one of {sorted(KINDS)}, got {change.kind!r:.60}")
    for label in ("source_key", "statement", "method"):
        check_text(getattr(change, label), label, _MAX_TEXT)
    check_timestamp(change.valid_from, "valid_from")
    belief_id = memory_stream_id(owner, change.source_key)
    if unit.exists(belief_id):
        return belief_id.hex  # the same source already produced it: idempotent
    memory = Memory(
        app=owner.app,
        user_id=owner.user_id,
        source_key=change.source_key,
        kind=change.kind,
        statement=change.statement,
        problem=change.problem,
        solution=change.solution,
        subject=change.subject,
        attribute=change.attribute,
        topics=list(change.topics),
        participants=list(change.participants),
        location=change.location,
        event_time=change.event_time,
        valid_from=change.valid_from,
        confidence=_confidence(change.confidence),
        method=change.method,
        extractor=change.extractor,
        extractor_version=change.extractor_version,
        sources=list(change.sources),
        supersedes=change.supersedes,
        raw=change.raw,
        value=change.value,
    )
    unit.add(memory)
    return memory.id.hex


def _owned(unit: UnitOfWork, owner: Owner, memory_id: str) -> Memory:
    try:
        mid = UUID(hex=memory_id)
    except (ValueError, TypeError, AttributeError):
        raise MemoryNotFound(f"no memory {memory_id!r:.60}") from None
    memory: Memory | None = scoped_get(unit, Memory, mid, owner)  # another owner's belief: just missing
    if memory is None:
        raise MemoryNotFound(f"no memory {mid.hex}")
    return memory


def _confidence(value: float) -> float:
    if not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 1.0:
        raise InvalidInput(f"confidence must be within [0, 1], got {value!r}")
    return float(value)


