"""SQLite: one writer at a time, no policies, no notifications, times stored naive (UTC)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from sqlalchemy import Table, text
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Connection

from ledgermind.domain.errors import StoreUnavailable

__all__ = ["SQLITE", "SQLiteDialect"]

_CHECKPOINT_TRIES = 50  # readers holding old snapshots block TRUNCATE; 50 x 50 ms
_CHECKPOINT_PAUSE_S = 0.05


class SQLiteDialect:
    name = "sqlite"
    listens = False
    row_security = False
    naive_times = True
    embedded_file = True
    recorder_topic = "ledgermind.storage.chain:ChainedSQLiteRecorder"

    def insert(self, table: Table) -> sqlite.Insert:
        return sqlite.insert(table)

    def begin_snapshot(self, conn: Connection) -> Connection:
        # The snapshot starts at the first read of an explicit transaction.
        conn.exec_driver_sql("BEGIN")
        return conn

    def lock_ddl(self, conn: Connection, key: int) -> None:
        """SQLite serialises writers itself (the losers retry)."""

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


SQLITE = SQLiteDialect()
