"""Right to be forgotten on an append-only log: crypto-shredding plus purges.

Why this works without rewriting history: every event of an owner is sealed
under that owner's data key (``engine.sealing``). Destroying the key makes
all of them unreadable at once, in the event table, in backups of it, and in
every future rebuild, while topics, stream ids, versions and positions stay
in clear so audits still see that events existed, in order. What is not in
the log (read-model rows written in clear by projections, the search index)
is purged here, and the erasure itself is recorded as an ``owner.erased``
event that holds no content: only the owner's ids, the key id and the time.

Order of ``MemoryEngine.erase_owner`` (each step idempotent, so a crash
anywhere is fixed by calling it again):

1. destroy the key (from here on nobody can read the owner's content);
2. record ``owner.erased`` (once per owner);
3. purge every read-model table that has ``app`` and ``user_id`` columns,
   whichever projection or version created it (found by reflection, so the
   engine needs no import of ``projections``), and merge FTS5 indexes;
4. scrub: SQLite ``VACUUM`` + WAL checkpoint (no free page or WAL frame keeps
   deleted bytes); PostgreSQL ``VACUUM`` of the purged tables and
   ``VACUUM FULL`` of the small key table.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event
from sqlalchemy import inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from memledger.domain.errors import StoreError
from memledger.storage.keystore import KEY_TABLE

__all__ = ["Erasure", "ErasureReport", "erasure_id", "purge_read_models", "vacuum_read_models"]

_NS = uuid5(NAMESPACE_URL, "memledger/erasure")

# Tables of the event store itself: never purged (they hold only sealed bytes).
_EVENT_TABLES = frozenset(
    {"stored_events", "stored_snapshots", "tracking", "memledger_events",
     "memledger_snapshots", "memledger_tracking", KEY_TABLE}
)  # fmt: skip


def erasure_id(app: str, user_id: str) -> UUID:
    return uuid5(_NS, f"{app}\x1f{user_id}")


class Erasure(Aggregate):
    """One per erased owner; its only event is ``owner.erased``, in clear."""

    TOPIC = "memledger:Erasure"

    class Created(Aggregate.Created):
        TOPIC = "owner.erased"
        class_version = 1
        sealed = False  # must stay readable after the key it records is gone
        app: str
        user_id: str
        key_id: str
        erased_at: datetime  # when the key was destroyed

    @event(Created)
    def __init__(self, app: str, user_id: str, key_id: str, erased_at: datetime) -> None:
        self.app = app
        self.user_id = user_id
        self.key_id = key_id
        self.erased_at = erased_at

    @staticmethod
    def create_id(app: str, user_id: str, **_: object) -> UUID:
        return erasure_id(app, user_id)


@dataclass(frozen=True, slots=True)
class ErasureReport:
    app: str
    user_id: str
    key_id: str
    erased_at: datetime
    position: int  # notification id of owner.erased (0 if an earlier call recorded it)
    purged_rows: dict[str, int]  # read-model table -> rows deleted

    def as_dict(self) -> dict[str, Any]:
        return {
            "app": self.app,
            "user_id": self.user_id,
            "key_id": self.key_id,
            "erased_at": self.erased_at.isoformat(),
            "position": self.position,
            "purged_rows": dict(self.purged_rows),
        }


@contextmanager
def _store_errors() -> Iterator[None]:
    try:
        yield
    except SQLAlchemyError as e:
        raise StoreError(f"erasure could not purge read models: {e}") from None


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


def purge_read_models(db: Engine, app: str, user_id: str) -> dict[str, int]:
    """Deletes the owner's rows from every owner-scoped table, in one transaction."""
    purged: dict[str, int] = {}
    with _store_errors(), db.begin() as conn:
        tables = owner_tables(db)
        if db.dialect.name == "sqlite":
            conn.execute(text("PRAGMA secure_delete=ON"))
        for name in tables:
            result = conn.execute(
                text(f'DELETE FROM "{name}" WHERE app = :app AND user_id = :user'),
                {"app": app, "user": user_id},
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
    with _store_errors(), db.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
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
