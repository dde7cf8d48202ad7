"""Typed answers to the bitemporal questions: a belief's versions, its invalidation, a conversation as of a time, a page of messages.

Why values and not the read model's rows: the owner handle is the API, and
an API that returns dicts of whatever columns a table has today makes every
caller depend on the table. These are frozen values with the fields a caller
may rely on; the read model may grow columns without changing them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from ledgermind.domain.owner import Owner
from ledgermind.domain.records import Message

__all__ = ["BeliefVersion", "Conversation", "Invalidation", "MessagePage", "message_of_row"]

# The columns of a message as the audit reads return it (no tool calls, no metadata).
_MESSAGE_FIELDS = ("session_id", "seq", "role", "name", "content", "occurred_at", "recorded_at")


def message_of_row(row: Mapping[str, Any]) -> Message:
    """A message from a read-model row (the audit reads' columns)."""
    return Message(
        session_id=row["session_id"],
        seq=row["seq"],
        role=row["role"],
        content=row["content"],
        occurred_at=row["occurred_at"],
        recorded_at=row["recorded_at"],
        name=row.get("name"),
    )


def _message_row(message: Message) -> dict[str, Any]:
    return {f: getattr(message, f) for f in _MESSAGE_FIELDS}


@dataclass(frozen=True, slots=True)
class BeliefVersion:
    """One version of a belief: what was believed (``statement``), over which
    valid time (``valid_from`` .. ``invalid_at``), known over which
    transaction time (``recorded_at`` .. ``expired_at``), opened by which
    event (``opened_by``: its topic; ``opened_position``: its place in the log)
    and why (``reason``, ``cause``). ``cited``: the source messages it cites,
    resolved (filled by ``history``; empty in ``beliefs``)."""

    memory_id: str
    seq: int  # the opening event's version on the belief's stream
    kind: str
    statement: str
    confidence: float
    method: str
    valid_from: datetime
    recorded_at: datetime
    opened_by: str
    opened_position: int
    invalid_at: datetime | None = None
    expired_at: datetime | None = None
    subject: str | None = None
    attribute: str | None = None
    problem: str | None = None
    solution: str | None = None
    location: str | None = None
    event_time: datetime | None = None
    topics: tuple[str, ...] = ()
    participants: tuple[str, ...] = ()
    extractor: str | None = None
    extractor_version: str | None = None
    source_key: str | None = None  # what produced it (the belief id is derived from it)
    supersedes: str | None = None
    superseded_by: str | None = None
    reason: str | None = None
    cause: Any = None
    sources: Any = None
    event_sources: Any = None
    cited: tuple[Message, ...] = ()

    @classmethod
    def of_row(cls, row: Mapping[str, Any], cited: tuple[Message, ...] = ()) -> BeliefVersion:
        """From a read-model row (extra columns ignored)."""
        values = {f: row[f] for f in _ROW_FIELDS if f in row}
        values["topics"] = tuple(values.get("topics") or ())
        values["participants"] = tuple(values.get("participants") or ())
        return cls(**values, cited=cited)

    @property
    def current(self) -> bool:
        """Still believed and still known: neither invalidated nor superseded."""
        return self.invalid_at is None and self.expired_at is None

    def as_row(self, owner: Owner, *, history: bool = False) -> dict[str, Any]:
        """The version as the read model's row (what HTTP's ``/beliefs`` and
        ``ledgermind audit beliefs --json`` answer): every field and the
        owner; with ``history``, also its opening ``event`` and the
        ``source_messages`` it cites (``/history``, ``audit history``)."""
        row = {f: getattr(self, f) for f in _ROW_FIELDS}
        row.update(app=owner.app, user_id=owner.user_id, topics=list(self.topics), participants=list(self.participants))
        if history:
            row["event"] = {"topic": self.opened_by, "position": self.opened_position, "at": self.recorded_at}
            row["source_messages"] = [_message_row(m) for m in self.cited]
        return row


_ROW_FIELDS = tuple(f.name for f in fields(BeliefVersion) if f.name != "cited")


@dataclass(frozen=True, slots=True)
class MessagePage:
    """Messages of one session after a seq, oldest first; ``next_after`` is the
    seq to ask after for the next page (None: this page is the last)."""

    session_id: str
    messages: tuple[Message, ...]
    next_after: int | None


@dataclass(frozen=True, slots=True)
class Invalidation:
    """When and why a belief stopped holding: ``invalid_at`` (valid time),
    ``recorded_at`` (when the engine learned it), the reason, the cause and
    the messages it points to, the invalidating event (``opened_by``,
    ``opened_position``) and what replaced it (``superseded_by``; its
    current version, ``successor``, when the read model has one)."""

    memory_id: str
    statement: str
    valid_from: datetime
    invalid_at: datetime | None
    recorded_at: datetime
    reason: str | None
    cause: Any
    cause_messages: tuple[Message, ...]
    opened_by: str
    opened_position: int
    superseded_by: str | None
    successor: BeliefVersion | None

    def as_dict(self, owner: Owner) -> dict[str, Any]:
        """The JSON ``ledgermind audit invalidation`` prints."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("opened_by", "opened_position")}
        out["event"] = {"topic": self.opened_by, "position": self.opened_position}
        out["cause_messages"] = [_message_row(m) for m in self.cause_messages]
        out["successor"] = None if self.successor is None else self.successor.as_row(owner)
        return out


@dataclass(frozen=True, slots=True)
class Conversation:
    """A session as the log held it at ``at``: the messages recorded by then,
    in order, and whether it was open, closed or ``not yet created``."""

    session_id: str
    agent_id: str
    at: datetime
    existed: bool
    status: str
    messages: tuple[Message, ...]

    @property
    def message_count(self) -> int:
        return len(self.messages)

    def as_dict(self) -> dict[str, Any]:
        """The JSON ``ledgermind audit conversation`` prints."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["message_count"] = self.message_count
        out["messages"] = [_message_row(m) for m in self.messages]
        return out
