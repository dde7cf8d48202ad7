"""Typed answers to the bitemporal questions: a belief's versions and a page of messages.

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

from ledgermind.domain.records import Message

__all__ = ["BeliefVersion", "MessagePage"]


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


_ROW_FIELDS = tuple(f.name for f in fields(BeliefVersion) if f.name != "cited")


@dataclass(frozen=True, slots=True)
class MessagePage:
    """Messages of one session after a seq, oldest first; ``next_after`` is the
    seq to ask after for the next page (None: this page is the last)."""

    session_id: str
    messages: tuple[Message, ...]
    next_after: int | None
