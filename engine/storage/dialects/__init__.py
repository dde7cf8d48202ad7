"""The backends' differences behind one port: ``dialect_of(name)`` is a ``Dialect``.

Why a port: what differs between SQLite and PostgreSQL (an insert that can
skip or update on conflict, giving deleted bytes back from the files, a
consistent read snapshot, serialising DDL, row-level security, LISTEN /
NOTIFY, how a time is stored, how the event library's raw stream reads
are written) used to be ``kind == "sqlite"`` branches spread
over a dozen modules. Each backend is one module here (``sqlite``,
``postgresql``), as eventsourcing keeps one module per persistence backend
and SQLAlchemy its ``dialects/``, chosen by name: the event store's
``Backend.kind`` and a SQLAlchemy connection's ``dialect.name`` use the same
two words. Callers ask a declared capability (``listens``, ``row_security``,
``embedded_file``) or call a method. ``tests/surface/test_dialect_branches.py`` fails on any
comparison with a backend's name outside this package, and
``tests/contract/test_dialect_port.py`` runs each method's contract on both
backends.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol
from uuid import UUID

from sqlalchemy import Table
from sqlalchemy.dialects.postgresql import Insert as PostgreSQLInsert
from sqlalchemy.dialects.sqlite import Insert as SQLiteInsert
from sqlalchemy.engine import Connection, Engine

from ledgermind.domain.errors import InvalidInput
from ledgermind.storage.dialects.postgresql import POSTGRESQL
from ledgermind.storage.dialects.sqlite import SQLITE

__all__ = ["Dialect", "Fetch", "Upsert", "dialect_of"]

# An INSERT that can skip or update on a conflict: each backend's own statement.
Upsert = PostgreSQLInsert | SQLiteInsert


class Fetch(Protocol):
    """Runs one read statement of raw SQL (in the dialect's ``placeholder``
    style) and returns its rows as plain tuples."""

    def __call__(self, sql: str, params: Sequence[object], /) -> list[tuple[Any, ...]]: ...


class Dialect(Protocol):
    """What one backend does its own way."""

    name: str  # "sqlite" or "postgresql": Backend.kind and SQLAlchemy's dialect name
    listens: bool  # commits can wake a follower (LISTEN/NOTIFY); otherwise followers poll
    row_security: bool  # the read models carry row-level security policies
    naive_times: bool  # a timestamp column stores UTC without its offset
    embedded_file: bool  # the database is a local file opened in process; else a server behind a pool
    recorder_topic: str  # the event log's recorder (hash-chained: ledgermind.storage.chain), as a topic
    placeholder: str  # a parameter in the event store driver's raw SQL ("?" or "%s")

    def sql_engine(self, url: str, *, busy_ms: int, connect_s: float) -> Engine:
        """A SQLAlchemy engine on the store's database, its waits bounded by
        ``busy_ms`` (SQLite's write lock) or ``connect_s`` (a pool checkout)."""
        ...

    def insert(self, table: Table) -> Upsert:
        """An INSERT into ``table`` that takes ``on_conflict_do_nothing`` /
        ``on_conflict_do_update`` (an upsert in one statement)."""
        ...

    def begin_snapshot(self, conn: Connection) -> Connection:
        """``conn`` made to read one consistent snapshot until its rollback."""
        ...

    def lock_ddl(self, conn: Connection, key: int) -> None:
        """Serialises schema changes across processes until the transaction ends
        (a no-op where the database serialises writers itself)."""
        ...

    def truncate_log(self, conn: Connection, table: str) -> None:
        """Leaves no copy of ``table``'s deleted rows in the database files, on
        an AUTOCOMMIT connection (the key store after an erasure)."""
        ...

    def zero_deletes(self, conn: Connection) -> None:
        """Rows this transaction deletes are overwritten where the backend can
        do so in place (an erasure's purge)."""
        ...

    def after_purge(self, conn: Connection) -> None:
        """What a purge's transaction does last so that no index keeps the
        deleted text (full-text index segments)."""
        ...

    def rewrite_files(self, conn: Connection, tables: Sequence[str], *, rewrite: bool) -> None:
        """Makes deleted bytes unrecoverable from the files of ``tables`` on an
        AUTOCOMMIT connection; ``rewrite=False`` (``erasure_rewrite`` off) takes
        no exclusive lock, and the bytes may remain (``erasure_remains``)."""
        ...

    def stream_key(self, stream_id: UUID) -> object:
        """A stream id as the event library stores it in ``originator_id``, to
        pass as a parameter of raw SQL (hex text on SQLite, a UUID on PostgreSQL)."""
        ...

    def stream_table(self, datastore: Any, table: str) -> str:
        """The event library's ``table`` of ``datastore`` (its recorder's
        connection pool), quoted for raw SQL (schema-qualified where there are schemas)."""
        ...

    def stream_reader(self, datastore: Any) -> AbstractContextManager[Fetch]:
        """Read statements on the event library's own connection pool, their
        rows as plain tuples (no row objects to convert: the stream reads of
        ``storage.stream_rows``). On an ``embedded_file`` they share one read
        transaction (one snapshot); on a server each statement is its own (a
        reader that needs one view of two tables asks in one statement)."""
        ...

    def erasure_remains(self, *, rewrite: bool) -> tuple[str, ...]:
        """Where an erased owner's bytes can still be on this backend after the
        purge and the rewrite (besides backups and freed disk blocks)."""
        ...


def dialect_of(name: str) -> Dialect:
    """The dialect of a backend kind or SQLAlchemy dialect name."""
    found = _DIALECTS.get(name)
    if found is None:
        raise InvalidInput(f"no ledgermind dialect {name!r:.40}: sqlite or postgresql")
    return found


_DIALECTS: dict[str, Dialect] = {SQLITE.name: SQLITE, POSTGRESQL.name: POSTGRESQL}
