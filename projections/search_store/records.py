"""Plain values of the search index: a row, a bitemporal time point, epoch conversion."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

__all__ = ["IndexRow", "TimePoint", "from_epoch", "to_epoch"]


def to_epoch(moment: datetime) -> float:
    """Seconds since 1970 UTC: the index stores instants as plain numbers so
    the same comparisons run on SQLite and PostgreSQL."""
    return moment.timestamp()


def from_epoch(seconds: float | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, tz=UTC)


@dataclass(frozen=True, slots=True)
class TimePoint:
    """A bitemporal point: valid time ``as_of``, transaction time ``known_at``
    (epoch seconds). A row matches when
    ``recorded_at <= known_at < coalesce(expired_at, inf)`` and
    ``valid_from <= as_of < coalesce(invalid_at, inf)``."""

    as_of: float
    known_at: float


@dataclass(frozen=True, slots=True)
class IndexRow:
    """One version of a belief, or one message, as the search index holds it."""

    row_id: int
    app: str
    user_id: str
    item_type: str  # "memory" or "message"
    item_id: str  # the memory id, or "<session id>:<seq>" for a message
    kind: str  # fact / episode / experience, or "message"
    statement: str
    confidence: float
    valid_from: float
    invalid_at: float | None
    recorded_at: float
    sources: tuple[dict[str, Any], ...]
    terms: str = ""  # the lexical terms (``text.stored_terms``): what a coverage is read from
    subject: str | None = None  # a belief's subject ("user", "user:sister"); None for a message
