"""The projections' own bookkeeping: versions, positions and migrations.

Three tables, shared by every projection:

- ``projection_versions``: one row per (name, version) with its state
  (``building`` -> ``active`` -> ``retired``) and its parameters (for example
  an embedder's name and dimension). Readers ask ``active_version(name)``;
  a rebuild flips two rows in one transaction, so readers switch atomically.
- ``projection_positions``: (name, version) -> the last notification id
  processed. It is moved by compare-and-set in the same transaction as the
  rows, so a replayed or stale batch is rejected (exactly-once).
- ``projection_migrations``: which steps of a version's append-only migration
  list have run. A new step is appended, never edited.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
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

from memledger.domain.errors import AlreadyProcessed, ProjectionError
from memledger.projections import row_security
from memledger.projections.db import JsonValue, UtcDateTime

__all__ = [
    "Migration",
    "PositionConflict",
    "VersionInfo",
    "active_version",
    "advance_position",
    "create_catalog",
    "ddl_lock",
    "delete_version",
    "ensure_version",
    "list_versions",
    "lock_position",
    "mark_state",
    "read_position",
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


class PositionConflict(AlreadyProcessed):
    """The batch's starting position is no longer the stored one: another
    runner (or a replay) got there first. The transaction is rolled back."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One append-only step: a title and a function of (connection)."""

    title: str
    run: Callable[[Connection], None]


@dataclass(frozen=True, slots=True)
class VersionInfo:
    name: str
    version: int
    state: str
    params: Mapping[str, Any]
    created_at: datetime
    activated_at: datetime | None


def _now() -> datetime:
    return datetime.now(timezone.utc)


DDL_LOCK_KEY = 0x6D6C5F70726F6A  # "ml_proj": one advisory lock for projection DDL


def ddl_lock(conn: Connection) -> None:
    """Serialises projection DDL (catalog tables, version registration,
    migrations, drops) across processes until the transaction ends.

    Why: concurrent CREATE TABLE / ALTER on PostgreSQL fail with "tuple
    concurrently updated" or deadlocks instead of waiting. SQLite serialises
    writers itself, so this is a no-op there (its losers retry)."""
    if conn.dialect.name == "postgresql":
        conn.execute(select(func.pg_advisory_xact_lock(DDL_LOCK_KEY)))


def create_catalog(db: Engine) -> None:
    with db.begin() as conn:
        ddl_lock(conn)
        meta.create_all(conn, checkfirst=True)
        # PostgreSQL: the read role resolves active versions too (no owner data here)
        row_security.grant_catalog(conn, [t.name for t in meta.sorted_tables])


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
            insert(migrations_table).values(
                name=name, version=version, step=index, title=step.title, applied_at=_now()
            )
        )
        ran += 1
    return ran


def ensure_version(
    conn: Connection, name: str, version: int, params: Mapping[str, Any], state: str
) -> VersionInfo:
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
        conn.execute(
            insert(positions_table).values(name=name, version=version, position=0, updated_at=now)
        )
        found = _version_row(conn, name, version)
        assert found is not None
    return found


def _version_row(conn: Connection, name: str, version: int) -> VersionInfo | None:
    row = conn.execute(
        select(versions_table).where(
            versions_table.c.name == name, versions_table.c.version == version
        )
    ).first()
    return None if row is None else VersionInfo(**row._mapping)


def list_versions(conn: Connection, name: str | None = None) -> list[VersionInfo]:
    query = select(versions_table).order_by(versions_table.c.name, versions_table.c.version)
    if name is not None:
        query = query.where(versions_table.c.name == name)
    return [VersionInfo(**row._mapping) for row in conn.execute(query)]


def active_version(conn: Connection, name: str) -> VersionInfo | None:
    row = conn.execute(
        select(versions_table).where(
            versions_table.c.name == name, versions_table.c.state == "active"
        )
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
        select(positions_table.c.position).where(
            positions_table.c.name == name, positions_table.c.version == version
        )
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
        raise PositionConflict(
            f"{name} v{version} is no longer at position {old}: already processed"
        )


def delete_version(conn: Connection, name: str, version: int) -> None:
    for table in (versions_table, positions_table, migrations_table):
        conn.execute(
            table.delete().where(table.c.name == name, table.c.version == version)
        )
