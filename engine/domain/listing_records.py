"""Typed answers to "what is there": an app's users, an owner's agents, sessions and tasks.

Why values and not the read model's rows: the outer layers (``ledgermind
users|agents|sessions|tasks``, the auditor's desk) read them through the
API, and a dict of whatever columns a table has today would make each of
them depend on the table. Field names are the rows' column names, so
``as_dict()`` is the JSON the command line has always printed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from typing import Any, Self

__all__ = ["AgentSummary", "SessionSummary", "TaskSummary", "UserSummary"]


class _FromRow:
    """``of_row``: the value from a read-model row (extra columns ignored);
    ``as_dict``: its fields by name."""

    __slots__ = ()

    @classmethod
    def of_row(cls, row: Mapping[str, Any]) -> Self:
        return cls(**{f.name: row[f.name] for f in fields(cls)})  # type: ignore[arg-type]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload, no-any-return]


@dataclass(frozen=True, slots=True)
class UserSummary(_FromRow):
    """A user of an app (anyone with a session or a belief): session and
    message counts, and how many beliefs hold now."""

    user_id: str
    sessions: int
    messages: int
    beliefs: int
    last_message_at: datetime | None


@dataclass(frozen=True, slots=True)
class AgentSummary(_FromRow):
    """An agent of an owner (one that opened a session): its sessions, their
    messages, when it last opened one and which."""

    agent_id: str
    sessions: int
    messages: int
    last_session_at: datetime
    latest_session: str


@dataclass(frozen=True, slots=True)
class SessionSummary(_FromRow):
    """A session of an owner as the read model holds it."""

    session_id: str
    agent_id: str
    status: str
    message_count: int
    token_count: int
    created_at: datetime
    last_message_at: datetime | None
    closed_at: datetime | None


@dataclass(frozen=True, slots=True)
class TaskSummary(_FromRow):
    """A task of one of an owner's sessions as the read model holds it."""

    task_id: str
    session_id: str
    status: str
    input: str
    output: str | None
    error: str | None
    started_at: datetime
    finished_at: datetime | None
