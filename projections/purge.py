"""The read side's half of erasure: purge an owner's rows, then scrub the files.

Why reflection instead of a list of tables: every read-model table that has
``app`` and ``user_id`` columns is owner-scoped, whichever projection or
version (or an operator's own projection) created it, so nothing can be
forgotten by a list that falls behind. The event store's own tables are never
touched here: they hold only sealed bytes, made unreadable by destroying the
owner's key (``MemoryEngine.erase_owner``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine

from memledger.domain.owner import Owner
from memledger.storage.driver_errors import driver_errors
from memledger.storage.keystore import KEY_TABLE

__all__ = ["owner_tables", "purge_read_models", "vacuum_read_models"]

# Tables of the event store itself: never purged (they hold only sealed bytes).
_EVENT_TABLES = frozenset(
    {"stored_events", "stored_snapshots", "tracking", "memledger_events",
     "memledger_snapshots", "memledger_tracking", KEY_TABLE}
)  # fmt: skip


def owner_tables(db: Engine) -> list[str]:
    """Every read-model table scoped by owner (has ``app`` and ``user_id``)."""
    insp = inspect(db)
    names = []
    for name in insp.get_table_names():
        if name in _EVENT_TABLES:
            continue
        columns = {c["name"] for c in insp.get_columns(name)}
        if {"app", "user_id"} <= columns:
            names.append(name)
    return sorted(names)


def purge_read_models(db: Engine, owner: Owner) -> dict[str, int]:
    """Deletes the owner's rows from every owner-scoped table, in one transaction."""
    purged: dict[str, int] = {}
    with driver_errors("erasure could not purge read models"), db.begin() as conn:
        tables = owner_tables(db)
        if db.dialect.name == "sqlite":
            conn.execute(text("PRAGMA secure_delete=ON"))
        for name in tables:
            result = conn.execute(
                text(f'DELETE FROM "{name}" WHERE app = :app AND user_id = :user'),
                {"app": owner.app, "user": owner.user_id},
            )
            purged[name] = int(result.rowcount or 0)
        if db.dialect.name == "sqlite":
            for fts in _fts5_tables(conn):
                # Deleted rows leave their tokens in old segments until a merge.
                conn.execute(text(f'INSERT INTO "{fts}"("{fts}") VALUES (\'optimize\')'))
    return purged


def vacuum_read_models(db: Engine, tables: list[str]) -> None:
    """Makes deleted bytes unrecoverable from the database files.

    SQLite: VACUUM rebuilds the file (no free page keeps old rows, including
    versions that projections overwrote before the erasure), then a TRUNCATE
    checkpoint empties the WAL. PostgreSQL: VACUUM removes the dead tuples
    from visibility; the bytes can linger in free page space and WAL until
    overwritten (``VACUUM FULL`` the tables for a byte-level guarantee)."""
    with driver_errors("erasure could not purge read models"), db.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        if db.dialect.name == "sqlite":
            conn.execute(text("PRAGMA secure_delete=ON"))
            conn.execute(text("VACUUM"))
            conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
            return
        for name in tables:
            conn.execute(text(f'VACUUM "{name}"'))


def _fts5_tables(conn: Any) -> list[str]:
    rows = conn.execute(
        text("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%USING fts5%'")
    )
    return [str(r[0]) for r in rows]
