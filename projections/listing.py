"""What is there: an app's users, an owner's agents, sessions and tasks; short ids.

The discovery queries behind ``ledgermind users|agents|sessions|tasks`` and the
resolution of the short ids that tables print (``dfd036c8``), all read from
the read models, never from the log. Owner-scoped reads run inside
``row_security.owner_scope`` like every other owner read (``projections.audit``);
``users`` lists the owners of one app, so it is the one read that spans
owners: it returns user ids and counts, no content, and runs as the
connecting role (an operator's command, never an agent's tool).

Pages are keyset pages: ``after`` is the last key of the previous page (a
user id, an agent id, a session or task id), so a page is stable while rows
are added and costs the same at any depth.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import MetaData, Table, distinct, func, select, tuple_, union
from sqlalchemy.engine import Connection, Engine

from ledgermind.domain.errors import (
    AmbiguousId,
    InvalidId,
    InvalidInput,
    MemoryNotFound,
    NotFound,
    SessionNotFound,
    TaskNotFound,
)
from ledgermind.domain.owner import Owner
from ledgermind.projections.db import snapshot
from ledgermind.projections.memory import sql_visible
from ledgermind.projections.purge import owner_tables
from ledgermind.projections.readside import ReadSide
from ledgermind.projections.row_security import all_rows, owner_scope

__all__ = ["MIN_PREFIX", "agents", "owner_rows", "owner_streams", "resolve_id", "sessions", "tasks", "users"]

MIN_PREFIX = 4  # hex digits: shorter prefixes match too much to be worth typing
_HEX = re.compile(r"[0-9a-f]+")

# kind -> (projection, table, id column, not-found error)
_KINDS: dict[str, tuple[str, str, str, type[NotFound]]] = {
    "session": ("sessions", "sessions", "session_id", SessionNotFound),
    "task": ("tasks", "tasks", "task_id", TaskNotFound),
    "memory": ("memory", "beliefs", "memory_id", MemoryNotFound),
}


@contextmanager
def _scoped(side: ReadSide, owner: Owner, *names: str) -> Iterator[tuple[Connection, dict[str, Table]]]:
    """One snapshot, the named projections' active tables, then every query
    in the block scoped to ``owner`` (row-level security on PostgreSQL)."""
    with snapshot(side.db) as conn:
        tables = _tables(side, conn, names)
        with owner_scope(conn, owner):
            yield conn, tables


@contextmanager
def _across_owners(side: ReadSide, *names: str) -> Iterator[tuple[Connection, dict[str, Table]]]:
    """The operator's view of an app (which users exist): every owner's rows,
    for the block only. Only listings of ids and counts use it, never a read
    on behalf of an owner."""
    with snapshot(side.db) as conn:
        tables = _tables(side, conn, names)
        with all_rows(conn):
            yield conn, tables


def _tables(side: ReadSide, conn: Connection, names: tuple[str, ...]) -> dict[str, Table]:
    tables: dict[str, Table] = {}
    for name in names:
        tables.update(side.tables(name, conn))
    return tables


def _rows(result: Any) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r._mapping.items()} for r in result]


def users(side: ReadSide, app: str, *, limit: int = 50, after: str | None = None) -> list[dict[str, Any]]:
    """The app's users (anyone with a session or a belief), by user id, with
    their session and message counts and how many beliefs hold now (current
    in both times: not invalidated, not superseded; the beliefs page lists
    the same ones)."""
    now = datetime.now(UTC)
    with _across_owners(side, "sessions", "memory") as (conn, t):
        s, b = t["sessions"], t["beliefs"]
        ids = union(
            select(s.c.user_id).where(s.c.app == app),
            select(b.c.user_id).where(b.c.app == app),
        ).subquery()
        page = select(ids.c.user_id).order_by(ids.c.user_id).limit(limit)
        if after is not None:
            page = page.where(ids.c.user_id > after)
        names = [r[0] for r in conn.execute(page)]
        if not names:
            return []
        counts = {
            r.user_id: r
            for r in conn.execute(
                select(
                    s.c.user_id,
                    func.count().label("sessions"),
                    func.coalesce(func.sum(s.c.message_count), 0).label("messages"),
                    func.max(s.c.last_message_at).label("last_message_at"),
                )
                .where(s.c.app == app, s.c.user_id.in_(names))
                .group_by(s.c.user_id)
            )
        }
        beliefs: dict[str, int] = dict(
            conn.execute(
                select(b.c.user_id, func.count(distinct(b.c.memory_id)))
                .where(b.c.app == app, b.c.user_id.in_(names), sql_visible(b, now, now))
                .group_by(b.c.user_id)
            ).all()
        )
    out = []
    for name in names:
        row = counts.get(name)
        out.append(
            {
                "user_id": name,
                "sessions": row.sessions if row else 0,
                "messages": int(row.messages) if row else 0,
                "beliefs": int(beliefs.get(name, 0)),
                "last_message_at": row.last_message_at if row else None,
            }
        )
    return out


def agents(side: ReadSide, owner: Owner, *, limit: int = 50, after: str | None = None) -> list[dict[str, Any]]:
    """The owner's agents (every agent that opened a session), by agent id,
    with their session count, latest session and last activity."""
    with _scoped(side, owner, "sessions") as (conn, t):
        s = t["sessions"]
        query = (
            select(
                s.c.agent_id,
                func.count().label("sessions"),
                func.coalesce(func.sum(s.c.message_count), 0).label("messages"),
                func.max(s.c.created_at).label("last_session_at"),
            )
            .where(s.c.app == owner.app, s.c.user_id == owner.user_id)
            .group_by(s.c.agent_id)
            .order_by(s.c.agent_id)
            .limit(limit)
        )
        if after is not None:
            query = query.where(s.c.agent_id > after)
        rows = _rows(conn.execute(query))
        for row in rows:
            row["messages"] = int(row["messages"])
            row["latest_session"] = conn.execute(
                select(s.c.session_id)
                .where(s.c.app == owner.app, s.c.user_id == owner.user_id, s.c.agent_id == row["agent_id"])
                .order_by(s.c.created_at.desc(), s.c.session_id.desc())
                .limit(1)
            ).scalar()
    return rows


def sessions(
    side: ReadSide,
    owner: Owner,
    *,
    agent_id: str | None = None,
    limit: int = 50,
    after: str | None = None,
) -> list[dict[str, Any]]:
    """The owner's sessions (of one agent, if given), oldest first; ``after``
    is a session id (or a short one) from the previous page."""
    with _scoped(side, owner, "sessions") as (conn, t):
        s = t["sessions"]
        query = (
            select(
                s.c.session_id,
                s.c.agent_id,
                s.c.status,
                s.c.message_count,
                s.c.token_count,
                s.c.created_at,
                s.c.last_message_at,
                s.c.closed_at,
            )
            .where(s.c.app == owner.app, s.c.user_id == owner.user_id)
            .order_by(s.c.created_at, s.c.session_id)
            .limit(limit)
        )
        if agent_id is not None:
            query = query.where(s.c.agent_id == agent_id)
        if after is not None:
            sid = _resolve(conn, t, owner, "session", after)
            created = conn.execute(select(s.c.created_at).where(s.c.session_id == sid)).scalar_one()
            query = query.where(tuple_(s.c.created_at, s.c.session_id) > tuple_(created, sid))
        return _rows(conn.execute(query))


def tasks(
    side: ReadSide, owner: Owner, session_id: str, *, limit: int = 50, after: str | None = None
) -> list[dict[str, Any]]:
    """The tasks of one of the owner's sessions, oldest first. The session id
    may be short; a session of another owner is not found, like one that
    never existed."""
    with _scoped(side, owner, "sessions", "tasks") as (conn, t):
        sid = _resolve(conn, t, owner, "session", session_id)
        k = t["tasks"]
        query = (
            select(
                k.c.task_id,
                k.c.session_id,
                k.c.status,
                k.c.input,
                k.c.output,
                k.c.error,
                k.c.started_at,
                k.c.finished_at,
            )
            .where(k.c.app == owner.app, k.c.user_id == owner.user_id, k.c.session_id == sid)
            .order_by(k.c.started_at, k.c.task_id)
            .limit(limit)
        )
        if after is not None:
            tid = _resolve(conn, t, owner, "task", after)
            started = conn.execute(select(k.c.started_at).where(k.c.task_id == tid)).scalar_one()
            query = query.where(tuple_(k.c.started_at, k.c.task_id) > tuple_(started, tid))
        return _rows(conn.execute(query))


def owner_streams(side: ReadSide, owner: Owner) -> dict[str, int]:
    """How many sessions, agents, tasks and beliefs the owner has (what
    ``ledgermind erase --dry-run`` shows, stream by stream)."""
    with _scoped(side, owner, "sessions", "tasks", "memory") as (conn, t):
        s, k, b = t["sessions"], t["tasks"], t["beliefs"]
        mine = {
            name: (tab.c.app == owner.app) & (tab.c.user_id == owner.user_id)
            for name, tab in (("s", s), ("k", k), ("b", b))
        }
        return {
            "sessions": conn.execute(select(func.count()).select_from(s).where(mine["s"])).scalar_one(),
            "agents": conn.execute(select(func.count(distinct(s.c.agent_id))).where(mine["s"])).scalar_one(),
            "tasks": conn.execute(select(func.count()).select_from(k).where(mine["k"])).scalar_one(),
            "beliefs": conn.execute(select(func.count(distinct(b.c.memory_id))).where(mine["b"])).scalar_one(),
        }


def owner_rows(db: Engine, owner: Owner) -> dict[str, int]:
    """The owner's rows in every owner-scoped read-model table (every
    version, the search index too): what ``purge_read_models`` would delete.
    Tables with none are left out."""
    names = owner_tables(db)
    counts: dict[str, int] = {}
    with snapshot(db) as conn, all_rows(conn):  # the same view as purge_read_models: operator counts
        meta = MetaData()
        for name in names:
            table = Table(name, meta, autoload_with=conn)
            n = conn.execute(
                select(func.count())
                .select_from(table)
                .where(table.c.app == owner.app, table.c.user_id == owner.user_id)
            ).scalar_one()
            if n:
                counts[name] = int(n)
    return counts


def resolve_id(side: ReadSide, owner: Owner, kind: str, text: str) -> str:
    """The full id (32 hex digits) of the owner's ``kind`` ("session",
    "task" or "memory") that ``text`` names: a full id (hex or UUID form) or
    a unique prefix of at least ``MIN_PREFIX`` hex digits, such as the
    ``dfd036c8`` of ``dfd036c8#2``. Another owner's ids are not found;
    a prefix shared by several of the owner's ids raises ``AmbiguousId``."""
    projection = _kinds(kind)[0]
    with _scoped(side, owner, projection) as (conn, t):
        return _resolve(conn, t, owner, kind, text)


def _kinds(kind: str) -> tuple[str, str, str, type[NotFound]]:
    try:
        return _KINDS[kind]
    except KeyError:
        raise InvalidInput(f"ids of kind {kind!r} cannot be resolved; known: {', '.join(_KINDS)}") from None


def _resolve(conn: Connection, tables: dict[str, Table], owner: Owner, kind: str, text: str) -> str:
    _, table_name, column, not_found = _kinds(kind)
    if not isinstance(text, str):
        raise InvalidId(f"{kind} id must be text, got {type(text).__name__}")
    if kind == "session":
        text = text.partition("#")[0]  # "dfd036c8#2": message 2 of that session, as tables print it
    prefix = text.strip().lower().replace("-", "")
    if not _HEX.fullmatch(prefix) or len(prefix) > 32:
        raise not_found(f"no {kind} {text!r:.60}")
    if len(prefix) < MIN_PREFIX:
        raise InvalidId(f"a short {kind} id needs at least {MIN_PREFIX} hex digits, got {text!r}")
    table = tables[table_name]
    col = table.c[column]
    match = col == prefix if len(prefix) == 32 else col.startswith(prefix, autoescape=True)
    found = [
        r[0]
        for r in conn.execute(
            select(col)
            .distinct()
            .where(table.c.app == owner.app, table.c.user_id == owner.user_id)
            .where(match)
            .order_by(col)
            .limit(6)
        )
    ]
    if not found:
        raise not_found(f"no {kind} {text!r:.60}")
    if len(found) > 1:
        shown = ", ".join(f[: len(prefix) + 4] for f in found[:5])
        raise AmbiguousId(
            f"{kind} id {text!r} matches several: {shown}{', ...' if len(found) > 5 else ''}; type more of it"
        )
    return str(found[0])
