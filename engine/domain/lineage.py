"""Lineage, retraction and tamper evidence, as values and one small stream.

Why here, at the bottom: the auditor's page, the CLI and the HTTP service
all render the same answers ("which messages caused this belief", "what did
this message cause", "is the log intact"), so the answers are plain frozen
values every layer can import. The ``Retractions`` stream is the one place a
retraction is recorded: one stream per owner, so retracting and un-retracting
one owner's messages are serialised by the stream's version, and the events
are ``message.retracted`` / ``message.unretracted``.

A message is cited by a belief event as ``{"session_id": ..., "seq": ...}``
(the distiller's ``DeltaItem.source``); ``MessageRef.of`` reads that shape
and nothing else, so explicit calls (``{"explicit": key}``), corrections and
task outputs are other kinds of source, never mistaken for a message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.owner import Owner

__all__ = [
    "RETRACTED",
    "UNRETRACTED",
    "BeliefEffect",
    "BeliefLineage",
    "ChainFinding",
    "LineageVersion",
    "MessageLineage",
    "MessageRef",
    "RetractionReport",
    "Retractions",
    "VerifyReport",
    "retractions_stream_id",
]

_RETRACTIONS = uuid5(NAMESPACE_URL, "ledgermind/retractions")


def retractions_stream_id(owner: Owner) -> UUID:
    """An owner's one stream of message retractions (stable forever, like
    every id in ``ledgermind.domain.stream_ids``)."""
    return uuid5(_RETRACTIONS, owner.key)


RETRACTED = "message.retracted"
UNRETRACTED = "message.unretracted"


@dataclass(frozen=True, slots=True, order=True)
class MessageRef:
    """One message of one session: ``session_id`` (32 hex) and its 1-based ``seq``."""

    session_id: str
    seq: int

    @classmethod
    def of(cls, cited: object) -> MessageRef | None:
        """The message a belief event's source or cause cites, if it cites one."""
        if not isinstance(cited, Mapping):
            return None
        sid, seq = cited.get("session_id"), cited.get("seq")
        if isinstance(sid, str) and isinstance(seq, int) and not isinstance(seq, bool):
            return cls(sid, seq)
        return None

    def __str__(self) -> str:
        return f"{self.session_id}:{self.seq}"

    def as_dict(self) -> dict[str, Any]:
        return {"session_id": self.session_id, "seq": self.seq}


@dataclass(frozen=True, slots=True)
class LineageVersion:
    """One event of a belief and the version it opened.

    ``call`` names what made the change: ``distillation`` (an extractor read
    messages), ``explicit`` (remember / forget), ``correction``,
    ``retraction`` / ``unretraction`` (a message was withdrawn or restored),
    ``supersession`` (a later belief replaced it), ``import``, ``resolution``
    (a person settled a conflict: ``memory.flagged``, which opens no version)."""

    memory_id: str
    seq: int  # the event's version in the belief's stream
    event: str  # its topic: memory.distilled, memory.invalidated, ...
    status: str  # the belief's status after it
    statement: str
    confidence: float
    valid_from: datetime
    invalid_at: datetime | None
    recorded_at: datetime  # transaction time: when the engine recorded it
    reason: str | None
    call: str
    method: str | None
    extractor: str | None
    sources: tuple[MessageRef, ...]  # messages this event cites
    other_sources: tuple[dict[str, Any], ...]  # explicit calls, corrections, tasks
    cause: dict[str, Any] | None  # an invalidation's or reinstatement's cause, as recorded
    cause_message: MessageRef | None  # the message that cause names, if any
    superseded_by: str | None  # the belief that replaced this one (invalidations)
    supersedes: str | None  # the belief this one replaced (creation)

    def as_dict(self) -> dict[str, Any]:
        return {
            "memory_id": self.memory_id,
            "seq": self.seq,
            "event": self.event,
            "status": self.status,
            "statement": self.statement,
            "confidence": self.confidence,
            "valid_from": self.valid_from.isoformat(),
            "invalid_at": None if self.invalid_at is None else self.invalid_at.isoformat(),
            "recorded_at": self.recorded_at.isoformat(),
            "reason": self.reason,
            "call": self.call,
            "method": self.method,
            "extractor": self.extractor,
            "sources": [s.as_dict() for s in self.sources],
            "other_sources": list(self.other_sources),
            "cause": self.cause,
            "cause_message": None if self.cause_message is None else self.cause_message.as_dict(),
            "superseded_by": self.superseded_by,
            "supersedes": self.supersedes,
        }


@dataclass(frozen=True, slots=True)
class BeliefLineage:
    """A belief's versions, oldest first, with what caused each; the
    messages it rests on; and the beliefs linked to it either way."""

    memory_id: str
    app: str
    user_id: str
    kind: str
    subject: str | None
    attribute: str | None
    status: str
    versions: tuple[LineageVersion, ...]
    messages: tuple[MessageRef, ...]  # every message any version cites, in first-cited order
    supersedes: tuple[str, ...]  # beliefs this one replaced
    superseded_by: tuple[str, ...]  # beliefs that replaced this one

    def as_dict(self) -> dict[str, Any]:
        return {
            "memory_id": self.memory_id,
            "app": self.app,
            "user_id": self.user_id,
            "kind": self.kind,
            "subject": self.subject,
            "attribute": self.attribute,
            "status": self.status,
            "versions": [v.as_dict() for v in self.versions],
            "messages": [m.as_dict() for m in self.messages],
            "supersedes": list(self.supersedes),
            "superseded_by": list(self.superseded_by),
        }


@dataclass(frozen=True, slots=True)
class BeliefEffect:
    """One belief event a message caused: ``how`` is the event's verb
    (created, reinforced, revised, invalidated, reinstated); ``via`` is the
    belief through which a downstream effect came (None: the message itself)."""

    memory_id: str
    seq: int
    how: str
    statement: str
    status: str  # the belief's status now
    via: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "memory_id": self.memory_id,
            "seq": self.seq,
            "how": self.how,
            "statement": self.statement,
            "status": self.status,
            "via": self.via,
        }


@dataclass(frozen=True, slots=True)
class MessageLineage:
    """What one message caused: directly (events that cite it) and downstream
    (events whose cause is a belief it caused, transitively)."""

    message: MessageRef
    retracted: bool
    direct: tuple[BeliefEffect, ...]
    downstream: tuple[BeliefEffect, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "message": self.message.as_dict(),
            "retracted": self.retracted,
            "direct": [e.as_dict() for e in self.direct],
            "downstream": [e.as_dict() for e in self.downstream],
        }


@dataclass(frozen=True, slots=True)
class RetractionReport:
    """What a retract / unretract call changed. ``changed`` is False when the
    message was already in the asked state (nothing was written)."""

    message: MessageRef
    action: str  # "retract" | "unretract"
    reason: str
    changed: bool
    invalidated: tuple[str, ...] = ()
    reinstated: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "message": self.message.as_dict(),
            "action": self.action,
            "reason": self.reason,
            "changed": self.changed,
            "invalidated": list(self.invalidated),
            "reinstated": list(self.reinstated),
        }


@dataclass(frozen=True, slots=True)
class ChainFinding:
    """The first place the log disagrees with its hash chain.

    ``kind``: ``altered`` (an event's stored bytes, topic or position changed),
    ``removed`` (an event, or the chain link of one, is gone),
    ``reordered`` (events moved within the log or a stream). A recorded
    checkpoint that no longer matches the log is reported as ``removed``
    (fewer links than it counted) or ``altered``, with ``stream_id`` ""
    (it covers the whole log) and the checkpoint's position."""

    kind: str
    stream_id: str
    version: int | None
    position: int | None  # the event's notification id, when there is one
    detail: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "stream_id": self.stream_id,
            "version": self.version,
            "position": self.position,
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """``ledgermind audit verify``'s answer: intact, or the first finding."""

    intact: bool
    streams: int
    events: int
    chained: int  # events with a chain link
    unchained: int  # events written before chaining existed (not evidence either way)
    checkpoints: int  # recorded chain-head checkpoints checked
    finding: ChainFinding | None = None
    findings: tuple[ChainFinding, ...] = field(default=())  # every finding, first first

    def as_dict(self) -> dict[str, Any]:
        return {
            "intact": self.intact,
            "streams": self.streams,
            "events": self.events,
            "chained": self.chained,
            "unchained": self.unchained,
            "checkpoints": self.checkpoints,
            "finding": None if self.finding is None else self.finding.as_dict(),
            "findings": [f.as_dict() for f in self.findings],
        }


class Retractions(Aggregate):
    """One owner's retracted messages. ``retracted`` maps "session:seq" to the
    reason; an un-retraction removes the entry (both stay in the log)."""

    TOPIC = "ledgermind:Retractions"

    class Event(Aggregate.Event):
        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "retractions.created"
        class_version = 1

    @event(Created)
    def __init__(self, app: str, user_id: str) -> None:
        self.app = app
        self.user_id = user_id
        self.retracted: dict[str, str] = {}

    @staticmethod
    def create_id(app: str, user_id: str, **_: object) -> UUID:
        return retractions_stream_id(Owner(app, user_id))

    class Retracted(Event):
        TOPIC = RETRACTED
        class_version = 1
        session_id: str
        seq: int
        reason: str

    @event(Retracted)
    def _retracted(self, app: str, user_id: str, session_id: str, seq: int, reason: str) -> None:
        self.retracted[f"{session_id}:{seq}"] = reason

    class Unretracted(Event):
        TOPIC = UNRETRACTED
        class_version = 1
        session_id: str
        seq: int
        reason: str

    @event(Unretracted)
    def _unretracted(self, app: str, user_id: str, session_id: str, seq: int, reason: str) -> None:
        self.retracted.pop(f"{session_id}:{seq}", None)

    def is_retracted(self, message: MessageRef) -> bool:
        return str(message) in self.retracted

    def retract(self, message: MessageRef, reason: str) -> None:
        self._retracted(
            app=self.app, user_id=self.user_id, session_id=message.session_id, seq=message.seq, reason=reason
        )

    def unretract(self, message: MessageRef, reason: str) -> None:
        self._unretracted(
            app=self.app, user_id=self.user_id, session_id=message.session_id, seq=message.seq, reason=reason
        )
