"""Audit queries over the read models: what was believed, when, and why.

Every query is scoped to one owner: another owner's belief or session ids
raise the same ``NotFound`` as ids that never existed, so an audit is no
existence oracle across tenants. Times are timezone-aware; ``None`` means now.

- ``beliefs_as_of``: an owner's beliefs as of valid time T, known at
  transaction time T' (``projections.memory.sql_visible``).
- ``belief_history``: every version of one belief, with the event that opened
  it, its reason and the source messages it cites.
- ``invalidation``: when and why a belief was invalidated, and what replaced it.
- ``conversation_at``: a session's conversation as the log held it at T.

On PostgreSQL each query runs under row-level security (``_scoped``): the
read models' tables are resolved in the catalog, then the transaction's
owner scope is set (``row_security.owner_scope``), so a query here that
forgot its owner ``WHERE`` would still see this owner's rows only. The
explicit filters stay: SQLite has no policies, and they keep the plans
index-driven.

Callers that just wrote should ``side.wait()`` first (read-your-writes).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Table, select, tuple_
from sqlalchemy.engine import Connection

from ledgermind.domain import bitemporal
from ledgermind.domain.errors import (
    InvalidId,
    InvalidInput,
    MemoryNotFound,
    SessionNotFound,
)
from ledgermind.domain.owner import Owner
from ledgermind.projections.db import snapshot
from ledgermind.projections.memory import sql_visible
from ledgermind.projections.row_security import owner_scope
from ledgermind.write.validation import check_timestamp, parse_id

__all__ = ["belief_history", "beliefs_as_of", "conversation_at", "invalidation"]

_MESSAGE_COLUMNS = ("session_id", "seq", "role", "name", "content", "occurred_at", "recorded_at")


def _owner(owner: object) -> Owner:
    if not isinstance(owner, Owner):
        raise InvalidInput(f"owner must be an Owner, got {type(owner).__name__}")
    return owner


def _when(value: datetime | None, label: str) -> datetime:
    return datetime.now(UTC) if value is None else check_timestamp(value, label)


def _id(value: object, not_found: type[Exception], label: str) -> str:
    try:
        return parse_id(value, label).hex
    except InvalidId:
        raise not_found(f"no {label.removesuffix('_id')} {value!r:.60}") from None


@contextmanager
def _scoped(side: Any, owner: Owner, *names: str) -> Iterator[tuple[Connection, dict[str, Table]]]:
    """One snapshot; the named projections' active tables (keyed by stem),
    resolved first (the catalog carries no policy); then every query in the
    block runs scoped to ``owner``."""
    with snapshot(side.db) as conn:
        tables: dict[str, Table] = {}
        for name in names:
            tables.update(side.tables(name, conn))
        with owner_scope(conn, owner):
            yield conn, tables


def _row(row: Any) -> dict[str, Any]:
    # str(): SQLAlchemy column names are a str subclass that JSON encoders refuse as keys
    return {str(k): v for k, v in row._mapping.items()}


def beliefs_as_of(
    side: Any,
    owner: Owner,
    valid_at: datetime | None = None,
    known_at: datetime | None = None,
    kinds: Iterable[str] | None = None,
) -> list[dict[str, Any]]:
    """What the engine, as it stood at ``known_at``, held true at ``valid_at``."""
    owner = _owner(owner)
    valid, known = _when(valid_at, "valid_at"), _when(known_at, "known_at")
    with _scoped(side, owner, "memory") as (conn, tables):
        beliefs = tables["beliefs"]
        query = (
            select(beliefs)
            .where(beliefs.c.app == owner.app, beliefs.c.user_id == owner.user_id)
            .where(sql_visible(beliefs, valid, known))
            .order_by(beliefs.c.valid_from, beliefs.c.memory_id)
        )
        if kinds is not None:
            query = query.where(beliefs.c.kind.in_(list(kinds)))
        return [_row(r) for r in conn.execute(query)]


def _versions(conn: Connection, beliefs: Table, owner: Owner, memory_id: str) -> list[dict[str, Any]]:
    rows = conn.execute(
        select(beliefs)
        .where(beliefs.c.memory_id == memory_id)
        .where(beliefs.c.app == owner.app, beliefs.c.user_id == owner.user_id)
        .order_by(beliefs.c.seq)
    ).all()
    if not rows:
        raise MemoryNotFound(f"no memory {memory_id}")
    return [_row(r) for r in rows]


def belief_history(side: Any, owner: Owner, memory_id: str) -> list[dict[str, Any]]:
    """Every version, oldest first. Each carries ``event`` (topic, position,
    time of the event that opened it) and ``source_messages`` (the cited
    messages of this owner, resolved from the session read model)."""
    owner = _owner(owner)
    mid = _id(memory_id, MemoryNotFound, "memory_id")
    with _scoped(side, owner, "memory", "sessions") as (conn, tables):
        versions = _versions(conn, tables["beliefs"], owner, mid)
        messages = tables["messages"]
        for v in versions:
            v["event"] = {"topic": v["opened_by"], "position": v["opened_position"], "at": v["recorded_at"]}
            v["source_messages"] = _resolve(conn, messages, owner, v["event_sources"])
    return versions


def invalidation(side: Any, owner: Owner, memory_id: str) -> dict[str, Any] | None:
    """The invalidation of one belief, or None if it was never invalidated.

    Returns ``invalid_at`` (valid time), ``recorded_at`` (when the engine
    learned it), the reason, the cause (and the message it points to), the
    event's position, and the superseding belief's current version."""
    owner = _owner(owner)
    mid = _id(memory_id, MemoryNotFound, "memory_id")
    with _scoped(side, owner, "memory", "sessions") as (conn, tables):
        beliefs = tables["beliefs"]
        versions = _versions(conn, beliefs, owner, mid)
        opened = [v for v in versions if v["opened_by"] == bitemporal.INVALIDATED]
        if not opened:
            return None
        v = opened[-1]
        successor_id = v["superseded_by"] or _successor_by_supersedes(conn, beliefs, owner, mid)
        successor = None
        if successor_id:
            rows = conn.execute(
                select(beliefs)
                .where(beliefs.c.memory_id == successor_id, beliefs.c.expired_at.is_(None))
                .where(beliefs.c.app == owner.app, beliefs.c.user_id == owner.user_id)
            ).all()
            successor = _row(rows[0]) if rows else {"memory_id": successor_id}
        messages = tables["messages"]
        cause = v["cause"]
        return {
            "memory_id": mid,
            "statement": v["statement"],
            "valid_from": v["valid_from"],
            "invalid_at": v["invalid_at"],
            "recorded_at": v["recorded_at"],
            "reason": v["reason"],
            "cause": cause,
            "cause_messages": _resolve(conn, messages, owner, [cause] if cause else []),
            "event": {"topic": v["opened_by"], "position": v["opened_position"]},
            "superseded_by": successor_id,
            "successor": successor,
        }


def _successor_by_supersedes(conn: Connection, beliefs: Table, owner: Owner, mid: str) -> str | None:
    return conn.execute(
        select(beliefs.c.memory_id)
        .where(beliefs.c.supersedes == mid)
        .where(beliefs.c.app == owner.app, beliefs.c.user_id == owner.user_id)
        .limit(1)
    ).scalar()


def _resolve(conn: Connection, messages: Table, owner: Owner, sources: Sequence[Any]) -> list[dict[str, Any]]:
    """Cited messages of this owner. A source is a mapping with ``session_id``
    (or ``session``) and ``seq`` (or ``seqs``); others (tasks) are skipped."""
    keys: list[tuple[str, int]] = []
    for src in sources or []:
        if not isinstance(src, dict):
            continue
        sid = src.get("session_id") or src.get("session")
        seqs = src.get("seqs") or ([src["seq"]] if "seq" in src else [])
        if isinstance(sid, str):
            keys.extend((sid, int(s)) for s in seqs if isinstance(s, int))
    if not keys:
        return []
    rows = conn.execute(
        select(*(messages.c[c] for c in _MESSAGE_COLUMNS))
        .where(tuple_(messages.c.session_id, messages.c.seq).in_(keys))
        .where(messages.c.app == owner.app, messages.c.user_id == owner.user_id)
        .order_by(messages.c.session_id, messages.c.seq)
    )
    return [_row(r) for r in rows]


def conversation_at(side: Any, owner: Owner, session_id: str, at: datetime | None = None) -> dict[str, Any]:
    """The session as the log held it at ``at``: the messages recorded by
    then, in order, and whether it was open or closed."""
    owner = _owner(owner)
    sid = _id(session_id, SessionNotFound, "session_id")
    when = _when(at, "at")
    with _scoped(side, owner, "sessions") as (conn, tables):
        sessions, messages = tables["sessions"], tables["messages"]
        row = conn.execute(
            select(sessions)
            .where(sessions.c.session_id == sid)
            .where(sessions.c.app == owner.app, sessions.c.user_id == owner.user_id)
        ).first()
        if row is None:
            raise SessionNotFound(f"no session {sid}")
        msgs = [
            _row(r)
            for r in conn.execute(
                select(*(messages.c[c] for c in _MESSAGE_COLUMNS))
                .where(messages.c.session_id == sid, messages.c.recorded_at <= when)
                .order_by(messages.c.seq)
            )
        ]
    existed = row.created_at <= when
    closed = row.closed_at is not None and row.closed_at <= when
    return {
        "session_id": sid,
        "agent_id": row.agent_id,
        "at": when,
        "existed": existed,
        "status": "closed" if closed else ("open" if existed else "not yet created"),
        "message_count": len(msgs),
        "messages": msgs,
    }
