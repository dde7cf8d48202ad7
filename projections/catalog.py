"""The projections' own bookkeeping: versions, positions and migrations.

Four tables, shared by every projection:

- ``projection_versions``: one row per (name, version) with its state
  (``building`` -> ``active`` -> ``retired``) and its parameters (for example
  an embedder's name and dimension). Readers ask ``active_version(name)``;
  a rebuild flips two rows in one transaction, so readers switch atomically.
- ``projection_positions``: (name, version) -> the last notification id
  processed. It is moved by compare-and-set in the same transaction as the
  rows, so a replayed or stale batch is rejected (exactly-once).
- ``projection_migrations``: which steps of a version's append-only migration
  list have run. A new step is appended, never edited.
- ``projection_quarantine``: events a version could not fold (a poison
  event), recorded in the same transaction as the position moving past them,
  so one bad event never stops the read side for everyone else. An operator
  table: it names owners (so they can be told) but holds no row contents,
  and the row-security reader role gets no grant on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine

from ledgermind.domain.errors import AlreadyProcessed, ProjectionError
from ledgermind.projections import row_security
from ledgermind.projections.db import JsonValue, UtcDateTime
from ledgermind.storage.dialects import dialect_of

__all__ = [
    "Migration",
    "PositionConflict",
    "QuarantinedEvent",
    "VersionInfo",
    "active_version",
    "advance_position",
    "create_catalog",
    "ddl_lock",
    "delete_version",
    "ensure_version",
    "list_quarantined",
    "list_versions",
    "lock_position",
    "mark_state",
    "quarantine",
    "quarantine_counts",
    "read_position",
    "release_quarantined",
    "run_migrations",
    "switch_active",
]

meta = MetaData()

versions_table = Table(
    "projection_versions",
    meta,
    Column("name", String(100), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("state", String(16), nullable=False),  # building | active | retired
    Column("params", JsonValue, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("activated_at", UtcDateTime, nullable=True),
)

positions_table = Table(
    "projection_positions",
    meta,
    Column("name", String(100), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("position", BigInteger, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
)

migrations_table = Table(
    "projection_migrations",
    meta,
    Column("name", String(100), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("title", String(200), nullable=False),
    Column("applied_at", UtcDateTime, nullable=False),
)


quarantine_table = Table(
    "projection_quarantine",
    meta,
    Column("name", String(100), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("position", BigInteger, primary_key=True),  # the event's notification id
    Column("stream_id", String(32), nullable=True),  # later events of this stream wait behind it
    Column("app", String(256), nullable=True),
    Column("user_id", String(256), nullable=True),
    Column("topic", String(200), nullable=False),
    Column("error_type", String(200), nullable=False),
    Column("error", String(1000), nullable=False),  # scrubbed: no row contents
    Column("ledgermind_version", String(64), nullable=False),
    Column("code", String(300), nullable=False),  # the projection class that failed
    Column("attempts", Integer, nullable=False),
    Column("quarantined_at", UtcDateTime, nullable=False),
)

_OPERATOR_TABLES = frozenset({quarantine_table.name})


class PositionConflict(AlreadyProcessed):
    """The batch's starting position is no longer the stored one: another
    runner (or a replay) got there first. The transaction is rolled back."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One append-only step: a title and a function of (connection)."""

    title: str
    run: Callable[[Connection], None]


@dataclass(frozen=True, slots=True)
class QuarantinedEvent:
    """One event a projection version could not fold, and why (no row contents)."""

    name: str
    version: int
    position: int
    stream_id: str | None
    app: str | None
    user_id: str | None
    topic: str
    error_type: str
    error: str
    ledgermind_version: str
    code: str
    attempts: int
    quarantined_at: datetime

    def as_dict(self) -> dict[str, Any]:
        out = {f: getattr(self, f) for f in self.__slots__}
        out["quarantined_at"] = self.quarantined_at.isoformat()
        return out


@dataclass(frozen=True, slots=True)
class VersionInfo:
    name: str
    version: int
    state: str
    params: Mapping[str, Any]
    created_at: datetime
    activated_at: datetime | None


def _now() -> datetime:
    return datetime.now(UTC)


DDL_LOCK_KEY = 0x6D6C5F70726F6A  # "ml_proj": one advisory lock for projection DDL


def ddl_lock(conn: Connection) -> None:
    """Serialises projection DDL (catalog tables, version registration,
    migrations, drops) across processes until the transaction ends.

    Why: concurrent CREATE TABLE / ALTER on PostgreSQL fail with "tuple
    concurrently updated" or deadlocks instead of waiting. SQLite serialises
    writers itself, so this is a no-op there (its losers retry)."""
    dialect_of(conn.dialect.name).lock_ddl(conn, DDL_LOCK_KEY)


def create_catalog(db: Engine) -> None:
    with db.begin() as conn:
        ddl_lock(conn)
        meta.create_all(conn, checkfirst=True)
        # PostgreSQL: the read role resolves active versions too (no owner data here)
        row_security.grant_catalog(conn, [t.name for t in meta.sorted_tables if t.name not in _OPERATOR_TABLES])


def run_migrations(conn: Connection, name: str, version: int, steps: Sequence[Migration]) -> int:
    """Runs the steps not yet recorded for (name, version); returns how many."""
    done = {
        row.step: row.title
        for row in conn.execute(
            select(migrations_table.c.step, migrations_table.c.title).where(
                migrations_table.c.name == name, migrations_table.c.version == version
            )
        )
    }
    ran = 0
    for index, step in enumerate(steps):
        if index in done:
            if done[index] != step.title:
                raise ProjectionError(
                    f"migration {index} of {name} v{version} was {done[index]!r}, now "
                    f"{step.title!r}: migrations are append-only, add a new step instead"
                )
            continue
        step.run(conn)
        conn.execute(
            insert(migrations_table).values(name=name, version=version, step=index, title=step.title, applied_at=_now())
        )
        ran += 1
    return ran


def ensure_version(conn: Connection, name: str, version: int, params: Mapping[str, Any], state: str) -> VersionInfo:
    """Registers (name, version) with a zero position if it is new."""
    found = _version_row(conn, name, version)
    if found is None:
        now = _now()
        conn.execute(
            insert(versions_table).values(
                name=name,
                version=version,
                state=state,
                params=dict(params),
                created_at=now,
                activated_at=now if state == "active" else None,
            )
        )
        conn.execute(insert(positions_table).values(name=name, version=version, position=0, updated_at=now))
        found = _version_row(conn, name, version)
        assert found is not None
    return found


def _version_row(conn: Connection, name: str, version: int) -> VersionInfo | None:
    row = conn.execute(
        select(versions_table).where(versions_table.c.name == name, versions_table.c.version == version)
    ).first()
    return None if row is None else VersionInfo(**row._mapping)


def list_versions(conn: Connection, name: str | None = None) -> list[VersionInfo]:
    query = select(versions_table).order_by(versions_table.c.name, versions_table.c.version)
    if name is not None:
        query = query.where(versions_table.c.name == name)
    return [VersionInfo(**row._mapping) for row in conn.execute(query)]


def active_version(conn: Connection, name: str) -> VersionInfo | None:
    row = conn.execute(
        select(versions_table).where(versions_table.c.name == name, versions_table.c.state == "active")
    ).first()
    return None if row is None else VersionInfo(**row._mapping)


def mark_state(conn: Connection, name: str, version: int, state: str) -> None:
    conn.execute(
        update(versions_table)
        .where(versions_table.c.name == name, versions_table.c.version == version)
        .values(state=state)
    )


def switch_active(conn: Connection, name: str, version: int) -> None:
    """Within the caller's transaction: ``version`` becomes the one readers use."""
    now = _now()
    conn.execute(
        update(versions_table)
        .where(
            versions_table.c.name == name,
            versions_table.c.state == "active",
            versions_table.c.version != version,
        )
        .values(state="retired")
    )
    conn.execute(
        update(versions_table)
        .where(versions_table.c.name == name, versions_table.c.version == version)
        .values(state="active", activated_at=now)
    )


def read_position(conn: Connection, name: str, version: int) -> int:
    value = conn.execute(
        select(positions_table.c.position).where(positions_table.c.name == name, positions_table.c.version == version)
    ).scalar()
    if value is None:
        raise ProjectionError(f"projection {name} v{version} is not registered")
    return int(value)


def lock_position(conn: Connection, name: str, version: int) -> int:
    """Locks (name, version)'s position row until the transaction ends and
    returns it. A no-op UPDATE, not SELECT FOR UPDATE, so that on SQLite it is
    also the transaction's first write (the write lock is taken up front)."""
    conn.execute(
        update(positions_table)
        .where(positions_table.c.name == name, positions_table.c.version == version)
        .values(position=positions_table.c.position)
    )
    return read_position(conn, name, version)


def advance_position(conn: Connection, name: str, version: int, old: int, new: int) -> None:
    """Compare-and-set, first statement of a batch's transaction: it takes the
    row lock, so a racing runner waits here and then finds the position moved."""
    if new <= old:
        raise PositionConflict(f"{name} v{version}: position {new} is not past {old}")
    result = conn.execute(
        update(positions_table)
        .where(
            and_(
                positions_table.c.name == name,
                positions_table.c.version == version,
                positions_table.c.position == old,
            )
        )
        .values(position=new, updated_at=_now())
    )
    if result.rowcount != 1:
        raise PositionConflict(f"{name} v{version} is no longer at position {old}: already processed")


def quarantine(conn: Connection, entry: QuarantinedEvent) -> None:
    """Records (or, on a failed retry, refreshes) one quarantined event, in
    the caller's transaction: the one that moves the position past it."""
    values = {f: getattr(entry, f) for f in QuarantinedEvent.__slots__}
    found = conn.execute(
        update(quarantine_table)
        .where(
            quarantine_table.c.name == entry.name,
            quarantine_table.c.version == entry.version,
            quarantine_table.c.position == entry.position,
        )
        .values(**values)
    )
    if found.rowcount == 0:
        conn.execute(insert(quarantine_table).values(**values))


def list_quarantined(conn: Connection, name: str | None = None, version: int | None = None) -> list[QuarantinedEvent]:
    """Quarantined events in log order (of one projection, or one version)."""
    query = select(quarantine_table).order_by(
        quarantine_table.c.name, quarantine_table.c.version, quarantine_table.c.position
    )
    if name is not None:
        query = query.where(quarantine_table.c.name == name)
    if version is not None:
        query = query.where(quarantine_table.c.version == version)
    return [QuarantinedEvent(**row._mapping) for row in conn.execute(query)]


def quarantine_counts(conn: Connection) -> dict[tuple[str, int], int]:
    """(name, version) -> how many of its events are quarantined."""
    c = quarantine_table.c
    rows = conn.execute(select(c.name, c.version, func.count()).group_by(c.name, c.version))
    return {(str(n), int(v)): int(k) for n, v, k in rows}


def release_quarantined(conn: Connection, name: str, version: int, position: int) -> None:
    """Forgets one quarantined event (it folded, or it no longer exists)."""
    conn.execute(
        quarantine_table.delete().where(
            quarantine_table.c.name == name,
            quarantine_table.c.version == version,
            quarantine_table.c.position == position,
        )
    )


def delete_version(conn: Connection, name: str, version: int) -> None:
    for table in (versions_table, positions_table, migrations_table, quarantine_table):
        conn.execute(table.delete().where(table.c.name == name, table.c.version == version))
