"""Shared plumbing for projections whose state is a few versioned SQL tables.

Why versioned table names (``ml_messages_v2``): a rebuild writes version N+1
beside version N, which keeps serving readers until the atomic switch; the
old tables are dropped only on request (``ledgermind projections drop``).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

from sqlalchemy import MetaData, Table, bindparam, func, select
from sqlalchemy.engine import Connection, Dialect

from ledgermind.projections import catalog, row_security
from ledgermind.projections.catalog import Migration
from ledgermind.projections.db import identity
from ledgermind.projections.purge import purge_erased_owner
from ledgermind.storage.follower import Envelope

__all__ = ["OWNER_ERASED", "TableProjection", "create_tables", "insert_rows"]

OWNER_ERASED = "owner.erased"


class TableProjection:
    """Subclasses set ``name`` and ``topics`` and implement ``build_tables``,
    ``fold`` and (optionally) extra ``migrations``. ``owner.erased`` is
    handled here for every subclass: the owner's rows are purged (their
    events can no longer be decrypted, so a rebuild would not show them
    either)."""

    name: str = ""
    topics: tuple[str, ...] = ()

    def __init__(self, version: int, params: Mapping[str, Any] | None = None) -> None:
        self.topics = (*type(self).topics, OWNER_ERASED)
        self.version = version
        self.params: dict[str, Any] = dict(params or {})
        self.metadata = MetaData()
        self._tables = self.build_tables(self.metadata)

    def table_name(self, stem: str) -> str:
        return f"ml_{stem}_v{self.version}"

    def build_tables(self, metadata: MetaData) -> dict[str, Table]:
        raise NotImplementedError

    def table(self, stem: str) -> Table:
        return self._tables[stem]

    @property
    def tables(self) -> Sequence[Table]:
        return list(self._tables.values())

    def migrations(self) -> list[Migration]:
        """Append-only. Step 0 creates the tables as ``build_tables`` first
        described them; later steps (new index, new column) go after it."""
        return [Migration("create tables", create_tables(self.tables))]

    def create(self, conn: Connection) -> None:
        catalog.run_migrations(conn, self.name, self.version, self.migrations())
        # PostgreSQL: owner-scoped tables get the row-level security policies,
        # also tables an older ledgermind made (protected by a reader role).
        # protect_tables runs DDL only for what is missing: ALTER TABLE on a
        # table that a live batch is writing would deadlock with it, and a
        # DML-only login cannot run it at all.
        row_security.protect_tables(conn, self._owner_table_names())

    def apply(self, conn: Connection, events: Sequence[Envelope]) -> None:
        """Folds ``events`` in the caller's transaction, which from here on
        runs in the row-security writer scope (every owner's rows)."""
        row_security.writer_scope(conn)
        segment: list[Envelope] = []
        for env in events:
            if env.topic != OWNER_ERASED:
                segment.append(env)
                continue
            if segment:
                self.fold(conn, segment)
                segment = []
            purge_erased_owner(conn, self._owner_table_names(), env.event.key_id)
        if segment:
            self.fold(conn, segment)

    def fold(self, conn: Connection, events: Sequence[Envelope]) -> None:
        """Folds a batch (no ``owner.erased`` in it) into the tables."""
        raise NotImplementedError

    def _owner_table_names(self) -> list[str]:
        return [str(t.name) for t in self.tables if "app" in t.c and "user_id" in t.c]

    def drop(self, conn: Connection) -> None:
        for table in reversed(self.tables):
            table.drop(conn, checkfirst=True)

    def row_counts(self, conn: Connection) -> dict[str, int]:
        """Rows per table, every owner's: an operator's count, so it runs in
        the writer scope (``conn`` must be in a transaction)."""
        row_security.writer_scope(conn)
        return {str(t.name): int(conn.execute(select(func.count()).select_from(t)).scalar() or 0) for t in self.tables}


def insert_rows(conn: Connection, table: Table, rows: Sequence[Mapping[str, Any]]) -> None:
    """A multi-row INSERT with the values converted here, not by SQLAlchemy.

    Why: catch-up speed. SQLAlchemy's per-row parameter processing (type
    decorators, ``construct_params``) cost about as much as the database
    itself; this compiles the statement once per table and dialect and
    converts only the columns that need it (UTC datetimes, JSON), giving the
    same stored values as ``conn.execute(insert(table), rows)``."""
    if not rows:
        return
    sql, keys, converters = _insert_plan(table, conn.dialect.name)
    get = itemgetter(*keys)  # every row carries every column (a KeyError is a bug)
    values = get if len(keys) > 1 else (lambda row: (get(row),))  # one key: no tuple
    convert = [(i, conv) for i, conv in enumerate(converters) if conv is not identity]
    params: list[Any] = []
    for row in rows:
        vals = list(values(row))
        for i, conv in convert:
            vals[i] = conv(vals[i])
        params.append(tuple(vals))
    if conn.dialect.paramstyle not in ("qmark", "numeric", "format"):
        params = [dict(zip(keys, vals)) for vals in params]
    conn.exec_driver_sql(sql, params)


# Keyed by the Table object itself, weakly: an ``id()`` is reused once a
# projection instance (and its MetaData) is collected, and a new table of
# another shape at the same address got the old plan (``KeyError`` on a
# column the new rows do not have).
_PLANS: weakref.WeakKeyDictionary[Table, dict[str, tuple[str, list[str], list[Any]]]] = weakref.WeakKeyDictionary()


def _insert_plan(table: Table, dialect_name: str) -> tuple[str, list[str], list[Any]]:
    by_dialect = _PLANS.get(table)
    if by_dialect is None:
        by_dialect = _PLANS.setdefault(table, {})
    plan = by_dialect.get(dialect_name)
    if plan is None:
        from sqlalchemy import insert

        from ledgermind.projections.db import sql_converter

        keys = [c.key for c in table.columns]
        dialect = _DIALECTS[dialect_name]()
        compiled = insert(table).values({k: bindparam(k) for k in keys}).compile(dialect=dialect)
        if compiled.positional:
            assert compiled.positiontup is not None  # a positional compile records the bind order
            order = list(compiled.positiontup)
        else:
            order = keys
        converters = [sql_converter(table.c[k].type, dialect_name) for k in order]
        plan = (compiled.string, order, converters)
        by_dialect[dialect_name] = plan
    return plan


def _sqlite_dialect() -> Dialect:
    from sqlalchemy.dialects.sqlite import pysqlite

    return pysqlite.dialect()


def _pg_dialect() -> Dialect:
    from sqlalchemy.dialects.postgresql import psycopg

    return psycopg.dialect()  # type: ignore[no-untyped-call]  # SQLAlchemy leaves its __init__ unannotated


_DIALECTS = {"sqlite": _sqlite_dialect, "postgresql": _pg_dialect}


def create_tables(tables: Sequence[Table]) -> Any:
    def run(conn: Connection) -> None:
        for table in tables:
            table.create(conn, checkfirst=True)

    return run
