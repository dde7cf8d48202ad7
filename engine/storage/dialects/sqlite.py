"""SQLite: one writer at a time, no policies, no notifications, times stored naive (UTC)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from sqlalchemy import Table, create_engine, event, text
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Connection, Engine

from ledgermind.domain.errors import StoreUnavailable

__all__ = ["SQLITE", "SQLITE_BUSY_MS", "SQLiteDialect", "prepare_sqlite_connection"]

SQLITE_BUSY_MS = 30_000  # how long a connection waits for the write lock by default

_CHECKPOINT_TRIES = 50  # readers holding old snapshots block TRUNCATE; 50 x 50 ms
_CHECKPOINT_PAUSE_S = 0.05


def prepare_sqlite_connection(
    dbapi_conn: Any,
    *,
    synchronous: str | None = None,
    secure_delete: bool = False,
    busy_ms: int = SQLITE_BUSY_MS,
) -> None:
    """Settings every SQLAlchemy connection to our SQLite file needs (a
    ``connect`` listener): a busy timeout, WAL, and what the caller asks for.

    WAL is asked for before it is set: switching takes an exclusive lock and
    answers "database is locked" at once (no busy wait) while another process
    is switching the same fresh file."""
    cursor = dbapi_conn.cursor()
    cursor.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
        cursor.execute("PRAGMA journal_mode=WAL")
    if synchronous is not None:
        cursor.execute(f"PRAGMA synchronous={synchronous}")
    if secure_delete:
        cursor.execute("PRAGMA secure_delete=ON")
    cursor.close()


class SQLiteDialect:
    name = "sqlite"
    listens = False
    row_security = False
    naive_times = True
    embedded_file = True
    recorder_topic = "ledgermind.storage.chain:ChainedSQLiteRecorder"
    placeholder = "?"

    def sql_engine(self, url: str, *, busy_ms: int, connect_s: float) -> Engine:
        """Connections that wait ``busy_ms`` for the write lock and zero what
        they delete (``secure_delete``: erased keys leave no bytes behind);
        ``check_same_thread`` off, since the pool hands them to any thread."""
        db = create_engine(url, connect_args={"timeout": busy_ms / 1000, "check_same_thread": False})
        event.listen(
            db,
            "connect",
            lambda dbapi_conn, _record: prepare_sqlite_connection(dbapi_conn, secure_delete=True, busy_ms=busy_ms),
        )
        return db

    def insert(self, table: Table) -> sqlite.Insert:
        return sqlite.insert(table)

    def begin_snapshot(self, conn: Connection) -> Connection:
        # The snapshot starts at the first read of an explicit transaction.
        conn.exec_driver_sql("BEGIN")
        return conn

    def lock_ddl(self, conn: Connection, key: int) -> None:
        """The database's one write lock, taken now (``BEGIN IMMEDIATE``,
        waiting up to the busy timeout) rather than at the first write: a
        check-then-create (``CREATE TABLE`` after reading the catalog) by
        several processes opening a fresh file then runs one after another,
        where all read "absent" first and the later ones failed with "table
        ... already exists". A transaction that has already written holds it."""
        if not conn.connection.driver_connection.in_transaction:  # type: ignore[union-attr]
            conn.exec_driver_sql("BEGIN IMMEDIATE")

    def truncate_log(self, conn: Connection, table: str) -> None:
        """Deleted rows are zeroed in place (``secure_delete``); what is left is
        their copy in the write-ahead log, checkpointed here down to nothing."""
        for _ in range(_CHECKPOINT_TRIES):
            busy = conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)")).one()[0]
            if not busy:
                return
            time.sleep(_CHECKPOINT_PAUSE_S)
        raise StoreUnavailable(f"could not checkpoint the SQLite WAL after deleting from {table} (busy readers)")

    def zero_deletes(self, conn: Connection) -> None:
        conn.execute(text("PRAGMA secure_delete=ON"))

    def after_purge(self, conn: Connection) -> None:
        """Deleted rows leave their tokens in FTS5's old segments until a merge."""
        rows = conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%USING fts5%'"))
        for fts in [str(r[0]) for r in rows]:
            conn.execute(text(f'INSERT INTO "{fts}"("{fts}") VALUES (\'optimize\')'))

    def rewrite_files(self, conn: Connection, tables: Sequence[str], *, rewrite: bool) -> None:
        """VACUUM rebuilds the whole file (no free page keeps old rows, including
        versions overwritten before the erasure), then a TRUNCATE checkpoint
        empties the WAL; one file, so ``tables`` and ``rewrite`` change nothing."""
        conn.execute(text("PRAGMA secure_delete=ON"))
        conn.execute(text("VACUUM"))
        conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))

    def erasure_remains(self, *, rewrite: bool) -> tuple[str, ...]:
        return ()

    def stream_key(self, stream_id: UUID) -> object:
        return stream_id.hex  # the library's SQLite recorder keeps ids as hex text

    def stream_table(self, datastore: Any, table: str) -> str:
        return f'"{table}"'

    @contextmanager
    def stream_reader(self, datastore: Any) -> Iterator[Callable[[str, Sequence[object]], list[tuple[Any, ...]]]]:
        """One read transaction (one WAL snapshot) on the library's connection."""
        with datastore.transaction(commit=False) as wrapped:
            # The library's cursor wraps sqlite3's; the row factory is the inner
            # one's (set on the wrapper, it changed nothing: rows came back as
            # sqlite3.Row). Plain tuples: no row object per row to convert.
            cursor = wrapped.sqlite_cursor
            cursor.row_factory = None

            def fetch(sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
                cursor.execute(sql, params)
                return cursor.fetchall()  # type: ignore[no-any-return]

            yield fetch


SQLITE = SQLiteDialect()
