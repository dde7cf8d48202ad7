"""Bitemporal belief versions, as pure functions (no I/O, no clock).

A belief (one Memory stream) is a chain of versions. Each version has
- valid time ``[valid_from, invalid_at)``: when the belief holds in the world;
- transaction time ``[recorded_at, expired_at)``: when the engine held it.
Every belief-changing event at transaction time ``t`` (its event timestamp)
closes the current version (``expired_at = t``) and opens the next one
(``recorded_at = t``); nothing is deleted except by ``memory.forgotten``,
which purges the whole chain. Because exactly one version is open at any
transaction time, the valid-time intervals of one belief never overlap at a
given transaction time.

The memory projection and the test oracle both fold with ``step``/``fold``
and filter with ``visible``/``sql_visible``, so they cannot disagree on the
rules, only on the plumbing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, or_
from sqlalchemy.sql.elements import ColumnElement

__all__ = [
    "DISTILLED",
    "FORGOTTEN",
    "INVALIDATED",
    "REINFORCED",
    "REVISED",
    "TOPICS",
    "VERSION_COLUMNS",
    "BeliefEvent",
    "fold",
    "sql_visible",
    "step",
    "visible",
]

DISTILLED = "memory.distilled"
REINFORCED = "memory.reinforced"
REVISED = "memory.revised"
INVALIDATED = "memory.invalidated"
FORGOTTEN = "memory.forgotten"
TOPICS = (DISTILLED, REINFORCED, REVISED, INVALIDATED, FORGOTTEN)

_CONTENT = (
    "kind", "statement", "problem", "solution", "subject", "attribute", "topics",
    "participants", "location", "event_time", "confidence", "method", "extractor",
    "extractor_version", "source_key", "supersedes",
)  # fmt: skip
_REVISABLE = (
    "statement", "problem", "solution", "topics", "participants", "location",
    "event_time", "confidence", "method",
)  # fmt: skip

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


Version = dict[str, Any]


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
    expired, invalid = version["expired_at"], version["invalid_at"]
    return (
        version["recorded_at"] <= known_at
        and (expired is None or known_at < expired)
        and version["valid_from"] <= valid_at
        and (invalid is None or valid_at < invalid)
    )


def sql_visible(table: Any, valid_at: datetime, known_at: datetime) -> ColumnElement[bool]:
    """``visible`` as a SQL clause over a belief-versions table."""
    c = table.c
    return and_(
        c.recorded_at <= known_at,
        or_(c.expired_at.is_(None), c.expired_at > known_at),
        c.valid_from <= valid_at,
        or_(c.invalid_at.is_(None), c.invalid_at > valid_at),
    )
