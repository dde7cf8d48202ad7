"""The belief rules: statuses, transitions and bitemporal versions, as pure functions.

The one place that says what a belief is at any moment. The ``Memory``
aggregate asks ``next_status`` before it records a change; the distiller's
belief index folds statuses with it and tests validity with ``holds_at``; the
memory and search projections and the test oracle fold versions with
``step``/``fold`` and filter with ``visible`` (its SQL twin lives beside the
memory table, ``projections.memory.sql_visible``). No I/O, no clock.

Statuses: a belief is ``current`` from ``memory.distilled``; reinforcing and
revising keep it current, and only a current belief may be reinforced,
revised or invalidated; ``memory.invalidated`` makes it ``invalidated``;
``memory.reinstated`` makes an invalidated belief current again (only when
the message that invalidated it, or the belief that superseded it, was
retracted: ``ledgermind.distill.lineage``), so the history keeps both the
invalidation and the repair; ``memory.forgotten`` is allowed from any status but itself and makes it
``forgotten``, which purges its content everywhere.

A belief (one Memory stream) is a chain of versions. Each version has
- valid time ``[valid_from, invalid_at)``: when the belief holds in the world;
- transaction time ``[recorded_at, expired_at)``: when the engine held it.
Every belief-changing event at transaction time ``t`` (its event timestamp)
closes the current version (``expired_at = t``) and opens the next one
(``recorded_at = t``); nothing is deleted except by ``memory.forgotten``,
which purges the whole chain. Because exactly one version is open at any
transaction time, the valid-time intervals of one belief never overlap at a
given transaction time.

"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ledgermind.domain.errors import StateConflict

__all__ = [
    "CURRENT",
    "DISTILLED",
    "FORGOTTEN",
    "FORGOTTEN_STATUS",
    "INVALIDATED",
    "INVALIDATED_STATUS",
    "REINFORCED",
    "REINSTATED",
    "REVISED",
    "TOPICS",
    "VERSION_COLUMNS",
    "BeliefEvent",
    "fold",
    "holds_at",
    "next_status",
    "step",
    "visible",
]

DISTILLED = "memory.distilled"
REINFORCED = "memory.reinforced"
REVISED = "memory.revised"
INVALIDATED = "memory.invalidated"
FORGOTTEN = "memory.forgotten"
REINSTATED = "memory.reinstated"
TOPICS = (DISTILLED, REINFORCED, REVISED, INVALIDATED, FORGOTTEN, REINSTATED)

CURRENT = "current"
INVALIDATED_STATUS = "invalidated"
FORGOTTEN_STATUS = "forgotten"
_STATUS_AFTER = {
    DISTILLED: CURRENT,
    REINFORCED: CURRENT,
    REVISED: CURRENT,
    INVALIDATED: INVALIDATED_STATUS,
    FORGOTTEN: FORGOTTEN_STATUS,
    REINSTATED: CURRENT,
}

_CONTENT = (
    "kind", "statement", "problem", "solution", "subject", "attribute", "topics",
    "participants", "location", "event_time", "confidence", "method", "extractor",
    "extractor_version", "source_key", "supersedes",
)  # fmt: skip
_REVISABLE = (
    "statement", "problem", "solution", "topics", "participants", "location",
    "event_time", "confidence", "method",
)  # fmt: skip

_META = frozenset({"timestamp", "originator_id", "originator_version", "originator_topic", "app", "user_id"})

VERSION_COLUMNS = (
    "memory_id", "seq", "app", "user_id", *_CONTENT, "sources", "event_sources",
    "reason", "cause", "superseded_by", "valid_from", "invalid_at", "recorded_at",
    "expired_at", "opened_by", "opened_position",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class BeliefEvent:
    """What the fold needs from one memory event (decoupled from event classes)."""

    topic: str
    memory_id: str
    seq: int  # the event's version in its stream
    position: int  # its notification id
    timestamp: datetime  # transaction time
    app: str
    user_id: str
    fields: Mapping[str, Any]

    @classmethod
    def of(cls, position: int, topic: str, event: Any) -> BeliefEvent:
        """The fold's view of one decoded memory event at ``position``."""
        return cls(
            topic=topic,
            memory_id=event.originator_id.hex,
            seq=event.originator_version,
            position=position,
            timestamp=event.timestamp,
            app=event.app,
            user_id=event.user_id,
            fields={k: v for k, v in vars(event).items() if k not in _META},
        )


Version = dict[str, Any]


def next_status(status: str | None, topic: str, memory_id: str = "") -> str:
    """The status after ``topic`` happens to a belief in ``status`` (None: not
    yet created). ``StateConflict`` when the change is not allowed."""
    if topic == DISTILLED:
        allowed = status is None
    elif topic == FORGOTTEN:
        allowed = status is not None and status != FORGOTTEN_STATUS
    elif topic == REINSTATED:
        allowed = status == INVALIDATED_STATUS
    else:
        allowed = status == CURRENT
    if not allowed:
        raise StateConflict(f"memory {memory_id} is {status or 'missing'}: {topic} is not allowed")
    return _STATUS_AFTER[topic]


def holds_at(valid_from: datetime, invalid_at: datetime | None, valid_time: datetime) -> bool:
    """Valid-time membership: ``valid_from <= valid_time < invalid_at``."""
    return valid_from <= valid_time and (invalid_at is None or valid_time < invalid_at)


def step(current: Version | None, ev: BeliefEvent) -> tuple[Version | None, Version | None]:
    """(the current version closed at ``ev.timestamp``, the version ``ev`` opens).

    ``memory.forgotten`` returns (None, None): the caller purges the chain.
    An event with no current version to change (only possible after a purge)
    opens nothing.
    """
    if ev.topic == DISTILLED:
        return None, _opened(ev, {k: ev.fields.get(k) for k in _CONTENT}, _first(ev))
    if ev.topic == FORGOTTEN or current is None:
        return None, None
    closed = {**current, "expired_at": ev.timestamp}
    base = {k: current[k] for k in (*_CONTENT, "sources", "valid_from", "invalid_at", "superseded_by")}
    sources = list(ev.fields.get("sources") or [])
    if ev.topic == REINFORCED:
        base["confidence"] = ev.fields["confidence"]
        base["sources"] = _union(current["sources"], sources)
        extra = {"reason": ev.fields.get("reason"), "cause": None}
    elif ev.topic == REVISED:
        base.update({k: ev.fields.get(k) for k in _REVISABLE})
        base["sources"] = sources or list(current["sources"])
        extra = {"reason": ev.fields.get("reason"), "cause": None}
    elif ev.topic == INVALIDATED:
        base["invalid_at"] = ev.fields["invalid_at"]
        base["superseded_by"] = ev.fields.get("superseded_by")
        extra = {"reason": ev.fields.get("reason"), "cause": ev.fields.get("cause")}
    elif ev.topic == REINSTATED:  # the invalidation is undone: open-ended again
        base["invalid_at"] = None
        base["superseded_by"] = None
        extra = {"reason": ev.fields.get("reason"), "cause": ev.fields.get("cause")}
    else:
        raise ValueError(f"not a memory topic: {ev.topic!r}")
    return closed, _opened(ev, base, {**extra, "event_sources": sources})


def _first(ev: BeliefEvent) -> dict[str, Any]:
    sources = list(ev.fields.get("sources") or [])
    return {
        "sources": sources,
        "event_sources": sources,
        "valid_from": ev.fields["valid_from"],
        "invalid_at": None,
        "superseded_by": None,
        "reason": None,
        "cause": None,
    }


def _opened(ev: BeliefEvent, content: Mapping[str, Any], extra: Mapping[str, Any]) -> Version:
    version: Version = {
        "memory_id": ev.memory_id,
        "seq": ev.seq,
        "app": ev.app,
        "user_id": ev.user_id,
        **content,
        **extra,
        "recorded_at": ev.timestamp,
        "expired_at": None,
        "opened_by": ev.topic,
        "opened_position": ev.position,
    }
    for key in ("topics", "participants", "sources", "event_sources"):
        version[key] = list(version.get(key) or [])
    return {k: version.get(k) for k in VERSION_COLUMNS}


def _union(old: Iterable[Any], new: Iterable[Any]) -> list[Any]:
    out = list(old)
    for item in new:
        if item not in out:
            out.append(item)
    return out


def fold(events: Iterable[BeliefEvent]) -> list[Version]:
    """Every version of one belief, oldest first ([] once forgotten)."""
    chain: list[Version] = []
    for ev in events:
        if ev.topic == FORGOTTEN:
            chain = []
            continue
        closed, opened = step(chain[-1] if chain else None, ev)
        if closed is not None:
            chain[-1] = closed
        if opened is not None:
            chain.append(opened)
    return chain


def visible(version: Mapping[str, Any], valid_at: datetime, known_at: datetime) -> bool:
    """As of valid time ``valid_at``, known at transaction time ``known_at``."""
    expired = version["expired_at"]
    return (
        version["recorded_at"] <= known_at
        and (expired is None or known_at < expired)
        and holds_at(version["valid_from"], version["invalid_at"], valid_at)
    )
