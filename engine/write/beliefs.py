"""Changes to beliefs, as values, and the one command that applies them.

Why values: the distiller, the explicit API (remember / correct / forget) and
tests all describe what should happen to an owner's beliefs in the same
vocabulary; ``apply_changes`` turns a list of them into memory events in one
transaction, optionally together with a follower's cursor. Re-applying the
same list is harmless: a belief whose source already produced it is not
created again, and closing an interval that is already closed is a no-op.

Every value is checked (``check_changes``) before any event exists: types,
sizes (``Limits``), NUL and unpaired surrogates, aware times. Why here and
not only at the public door: the distiller's extractors build these values
too, and one event with a string where a datetime belongs, or a NUL that
PostgreSQL refuses, used to be stored and then failed every projection that
folded it. A refused list leaves the store unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from ledgermind.domain import bitemporal
from ledgermind.domain.config import Limits
from ledgermind.domain.errors import (
    ContentTooLarge,
    InvalidContent,
    InvalidId,
    InvalidInput,
    MemoryNotFound,
)
from ledgermind.domain.memory import BELIEF_FLAGS, KINDS, Memory
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import memory_stream_id
from ledgermind.write.isolation import scoped_get
from ledgermind.write.validation import (
    check_field,
    check_fields,
    check_json,
    check_optional_field,
    check_optional_timestamp,
    check_text,
    check_timestamp,
    parse_id,
)
from ledgermind.write.writer import UnitOfWork

__all__ = [
    "BeliefChange",
    "Flag",
    "Forget",
    "Invalidate",
    "NewBelief",
    "Reinforce",
    "Reinstate",
    "Revise",
    "apply_changes",
    "check_changes",
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
    flags: tuple[str, ...] = ()  # instruction_like / conflicting: shown, and read by build_context
    conflicts_with: tuple[str, ...] = ()  # beliefs a ``conflicting`` one contradicts


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
    sets_value: bool = False  # a correction: ``value`` replaces the old one (None: unknown)
    value: str | None = None


@dataclass(frozen=True, slots=True)
class Invalidate:
    memory_id: str
    invalid_at: datetime
    reason: str
    cause: dict[str, Any] | None = None
    superseded_by: str | None = None


@dataclass(frozen=True, slots=True)
class Reinstate:
    """Makes an invalidated belief current again (``memory.reinstated``):
    what caused its invalidation was retracted. A no-op unless it is invalidated."""

    memory_id: str
    reason: str
    cause: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Flag:
    """Sets a belief's flags (``memory.flagged``): a conflict found after it
    was written, or a conflict resolved (flags cleared). Status, statement and
    valid time are untouched; a forgotten belief is left alone."""

    memory_id: str
    flags: tuple[str, ...]
    conflicts_with: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Forget:
    """Purges one belief from every projection (``memory.forgotten``)."""

    memory_id: str
    reason: str = "forgotten on request"


BeliefChange = NewBelief | Reinforce | Revise | Invalidate | Reinstate | Flag | Forget


def new_belief_id(owner: Owner, source_key: str) -> str:
    return memory_stream_id(owner, source_key).hex


def check_changes(changes: Sequence[BeliefChange], limits: Limits) -> None:
    """Refuses (``InvalidInput`` subclasses) any change whose values could not
    be stored as they are or folded by a read model. Statements, problems,
    solutions and raw model output are bounded like a message
    (``max_content_bytes``); short fields by ``max_field_chars``; lists by
    ``max_list_items``; sources and causes are bounded JSON."""
    for n, change in enumerate(changes):
        where = f"change {n}"
        if isinstance(change, NewBelief):
            _check_new(change, limits, where)
        elif isinstance(change, Reinforce):
            _check_id(change.memory_id, where)
            _confidence(change.confidence)
            check_field(change.reason, f"{where}: reason", limits)
            _check_sources(change.sources, limits, where)
        elif isinstance(change, Revise):
            _check_id(change.memory_id, where)
            _check_body(change, limits, where)
            _confidence(change.confidence)
            check_field(change.reason, f"{where}: reason", limits)
            _check_column(change.method, f"{where}: method", limits, _METHOD_CHARS)
            _check_sources(change.sources, limits, where)
            if not isinstance(change.sets_value, bool):
                raise InvalidInput(f"{where}: sets_value must be a bool")
            check_optional_field(change.value, f"{where}: value", limits)
        elif isinstance(change, Invalidate):
            _check_id(change.memory_id, where)
            check_timestamp(change.invalid_at, f"{where}: invalid_at")
            check_field(change.reason, f"{where}: reason", limits)
            if change.cause is not None:
                if not isinstance(change.cause, dict):
                    raise InvalidInput(f"{where}: cause must be a dict, got {type(change.cause).__name__}")
                check_json(change.cause, f"{where}: cause", limits)
            if change.superseded_by is not None:
                _check_hex_id(change.superseded_by, f"{where}: superseded_by")
        elif isinstance(change, Reinstate):
            _check_id(change.memory_id, where)
            check_field(change.reason, f"{where}: reason", limits)
            if change.cause is not None:
                if not isinstance(change.cause, dict):
                    raise InvalidInput(f"{where}: cause must be a dict, got {type(change.cause).__name__}")
                check_json(change.cause, f"{where}: cause", limits)
        elif isinstance(change, Flag):
            _check_id(change.memory_id, where)
            check_field(change.reason, f"{where}: reason", limits)
            _check_flags(change.flags, change.conflicts_with, limits, where)
        elif isinstance(change, Forget):
            _check_id(change.memory_id, where)
            check_field(change.reason, f"{where}: reason", limits)
        else:
            raise InvalidInput(f"{where} is not a belief change: {type(change).__name__}")


def _check_new(change: NewBelief, limits: Limits, where: str) -> None:
    if not isinstance(change.kind, str) or change.kind not in KINDS:
        raise InvalidInput(f"{where}: kind must be one of {sorted(KINDS)}, got {change.kind!r:.60}")
    if not isinstance(change.source_key, str):
        raise InvalidContent(f"{where}: source_key must be a string")
    # Built by code from a caller's key (a name) and a prefix or ids.
    check_text(change.source_key, f"{where}: source_key", limits.max_name_chars * 4 + 256)
    _check_body(change, limits, where)
    check_timestamp(change.valid_from, f"{where}: valid_from")
    _confidence(change.confidence)
    _check_column(change.method, f"{where}: method", limits, _METHOD_CHARS)
    _check_column(change.extractor, f"{where}: extractor", limits, _EXTRACTOR_CHARS)
    _check_column(change.extractor_version, f"{where}: extractor_version", limits, _METHOD_CHARS)
    for label in ("subject", "attribute", "value"):
        check_optional_field(getattr(change, label), f"{where}: {label}", limits)
    if change.raw is not None:
        _check_long(change.raw, f"{where}: raw", limits)
    if change.supersedes is not None:
        _check_hex_id(change.supersedes, f"{where}: supersedes")
    _check_sources(change.sources, limits, where)
    _check_flags(change.flags, change.conflicts_with, limits, where)


def _check_flags(flags: object, conflicts_with: object, limits: Limits, where: str) -> None:
    check_fields(flags, f"{where}: flags", limits)
    unknown = set(flags) - BELIEF_FLAGS  # type: ignore[call-overload]
    if unknown:
        raise InvalidInput(f"{where}: unknown flags {sorted(unknown)}; known: {sorted(BELIEF_FLAGS)}")
    check_fields(conflicts_with, f"{where}: conflicts_with", limits)
    for other in conflicts_with:  # type: ignore[attr-defined]
        _check_hex_id(other, f"{where}: conflicts_with")


def _check_body(change: NewBelief | Revise, limits: Limits, where: str) -> None:
    """What a new belief and a revision both carry."""
    _check_long(change.statement, f"{where}: statement", limits, allow_empty=False)
    for label in ("problem", "solution"):
        value = getattr(change, label)
        if value is not None:
            _check_long(value, f"{where}: {label}", limits)
    check_fields(change.topics, f"{where}: topics", limits)
    check_fields(change.participants, f"{where}: participants", limits)
    check_optional_field(change.location, f"{where}: location", limits)
    check_optional_timestamp(change.event_time, f"{where}: event_time")


def _check_long(value: object, label: str, limits: Limits, *, allow_empty: bool = True) -> None:
    if not isinstance(value, str):  # bytes too: stored as given, folded as text
        raise InvalidInput(f"{label} must be a string, got {type(value).__name__}")
    check_text(value, label, limits.max_content_bytes, allow_empty=allow_empty)


def _check_sources(sources: object, limits: Limits, where: str) -> None:
    if not isinstance(sources, (list, tuple)) or not all(isinstance(s, dict) for s in sources):
        raise InvalidInput(f"{where}: sources must be a list of dicts")
    check_json(list(sources), f"{where}: sources", limits)


# The memory read model's column widths (``projections.memory``): a longer
# value is refused by PostgreSQL when folded, so it is refused here instead.
_METHOD_CHARS = 64
_EXTRACTOR_CHARS = 256


def _check_column(value: object, label: str, limits: Limits, width: int) -> None:
    if len(check_field(value, label, limits)) > width:
        raise ContentTooLarge(f"{label} is longer than {width} characters")


def _check_id(value: object, where: str) -> None:
    """A target belief id: any string (a malformed or foreign one is then
    simply not found, as everywhere), never another type."""
    if not isinstance(value, str) or len(value) > 64:
        raise InvalidId(f"{where}: memory_id must be a 32-hex-digit string")


def _check_hex_id(value: object, label: str) -> None:
    """A belief id stored in an event (a 32-character column when folded)."""
    if not isinstance(value, str) or parse_id(value, label).hex != value:
        raise InvalidId(f"{label} must be 32 lowercase hex digits")


def apply_changes(
    unit: UnitOfWork, owner: Owner, changes: list[BeliefChange], limits: Limits | None = None
) -> list[str]:
    """Runs inside the writer thread; returns the affected belief ids in order.
    Checks every change first (``check_changes``, with the engine's
    ``limits``; the defaults when not given), so a refused list writes nothing."""
    check_changes(changes, Limits() if limits is None else limits)
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
                    value=change.value,
                    sets_value=change.sets_value,
                )
        elif isinstance(change, Invalidate):
            if memory.status == bitemporal.CURRENT:
                memory.invalidate(change.invalid_at, change.reason, change.cause, change.superseded_by)
        elif isinstance(change, Reinstate):
            if memory.status == bitemporal.INVALIDATED_STATUS:
                memory.reinstate(change.reason, change.cause)
        elif isinstance(change, Flag):
            if memory.status != bitemporal.FORGOTTEN_STATUS:
                memory.flag(list(change.flags), list(change.conflicts_with), change.reason)
        elif isinstance(change, Forget):
            memory.forget(change.reason)
        else:  # pragma: no cover - the union above is closed
            raise InvalidInput(f"unknown belief change {change!r}")
        touched.append(memory.id.hex)
    return touched


def _add(unit: UnitOfWork, owner: Owner, change: NewBelief) -> str:
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
        flags=list(change.flags) or None,
        conflicts_with=list(change.conflicts_with) or None,
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
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not 0.0 <= float(value) <= 1.0
    ):
        raise InvalidInput(f"confidence must be within [0, 1], got {value!r}")
    return float(value)
