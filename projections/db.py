"""The read-model database: a SQLAlchemy engine on the event store's database.

Why the same database: a projection's rows and its tracking position commit in
one transaction, and audits can join read models with nothing in between.
SQLite gets WAL (readers never block the writer thread) and a busy timeout
(the event writer and the projection runner take turns at the write lock).
Timestamps are stored in UTC and always come back timezone-aware, on both
backends, so bitemporal comparisons mean the same thing everywhere.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import JSON, DateTime, create_engine, event
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import URL, Connection, Dialect, Engine, make_url
from sqlalchemy.types import TypeDecorator

from ledgermind.storage.dialects import dialect_of
from ledgermind.storage.dialects.sqlite import SQLITE_BUSY_MS, prepare_sqlite_connection

__all__ = [
    "APPLICATION_NAME",
    "JsonValue",
    "UtcDateTime",
    "identity",
    "open_read_db",
    "psycopg_conninfo",
    "snapshot",
    "sql_converter",
]

APPLICATION_NAME = "ledgermind-projections"  # how operators spot our PostgreSQL sessions


class UtcDateTime(TypeDecorator[datetime]):
    """Aware datetimes in, aware UTC datetimes out, on SQLite and PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect_of(dialect.name).naive_times else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


JsonValue = JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")


def sql_converter(type_: Any, dialect_name: str) -> Any:
    """The bind conversion ``UtcDateTime`` / ``JsonValue`` would apply, as one
    fast function (for ``base.insert_rows``); identity for other types."""
    if isinstance(type_, UtcDateTime):
        if dialect_of(dialect_name).naive_times:
            return _sqlite_datetime
        return _aware_utc
    if isinstance(type_, JSON):
        return _json_or_none
    return identity


def identity(value: Any) -> Any:
    return value


def _aware_utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return (value if value.tzinfo is not None else value.replace(tzinfo=UTC)).astimezone(UTC)


def _sqlite_datetime(value: datetime | None) -> str | None:
    # SQLAlchemy's SQLite DATETIME storage format, microseconds always present,
    # so stored strings compare in time order (isoformat is ~5x faster than strftime).
    value = _aware_utc(value)
    if value is None:
        return None
    text = value.replace(tzinfo=None).isoformat(" ")
    return text if len(text) > 19 else text + ".000000"


def _json_or_none(value: Any) -> str | None:
    return None if value is None else _dumps(value)


def _dumps(value: Any) -> str:
    return orjson.dumps(value, default=_json_default).decode()


def _json_default(obj: Any) -> Any:
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    raise TypeError(f"cannot store {type(obj).__name__} in a read model")


def open_read_db(sqlalchemy_url: str) -> Engine:
    """One SQLAlchemy engine per process and database (it pools connections)."""
    if dialect_of(make_url(sqlalchemy_url).get_backend_name()).embedded_file:
        db = create_engine(
            sqlalchemy_url,
            json_serializer=_dumps,
            json_deserializer=orjson.loads,
            connect_args={"timeout": SQLITE_BUSY_MS / 1000, "check_same_thread": False},
        )
        event.listen(db, "connect", _sqlite_pragmas)
        return db
    return create_engine(
        sqlalchemy_url,
        json_serializer=_dumps,
        json_deserializer=orjson.loads,
        pool_pre_ping=True,  # a terminated backend is replaced, not handed out
        pool_size=4,
        max_overflow=4,
        connect_args={"application_name": APPLICATION_NAME},
    )


@contextmanager
def snapshot(db: Engine) -> Iterator[Connection]:
    """A read-only connection whose statements all see ONE snapshot.

    Why: pysqlite opens a transaction only before a write, so a plain
    connection's SELECTs each see the latest commit, and a reader could pair
    a projection's position with rows from a later batch. SQLite gets an
    explicit BEGIN (the snapshot starts at the first read); PostgreSQL gets
    REPEATABLE READ."""
    with db.connect() as conn:
        conn = dialect_of(db.dialect.name).begin_snapshot(conn)
        try:
            yield conn
        finally:
            conn.rollback()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # NORMAL: a read-model batch and its position commit or roll back together,
    # and the log can always refold what a power loss took back.
    prepare_sqlite_connection(dbapi_conn, synchronous="NORMAL")
    _natural_log(dbapi_conn)


def _natural_log(dbapi_conn: Any) -> None:
    """``ln``, which the search index's BM25 runs in SQL (``search_store.sqlite``):
    SQLite has it when built with its math functions (the default since 3.35),
    else Python's ``math.log`` stands in (the same C function)."""
    try:
        dbapi_conn.execute("SELECT ln(1.0)")
    except sqlite3.OperationalError:
        dbapi_conn.create_function("ln", 1, math.log, deterministic=True)


def psycopg_conninfo(db: Engine | URL) -> str:
    """A libpq connection string for the same PostgreSQL database (for the
    LISTEN connection). Built by psycopg from the URL's parts, not rendered
    as a URL: SQLAlchemy renders a space in a query value (the timeouts in
    ``options``) as "+", which libpq does not decode."""
    from psycopg.conninfo import make_conninfo

    url = db.url if isinstance(db, Engine) else db
    params: dict[str, Any] = url.translate_connect_args(username="user", database="dbname")
    params.update(url.query)
    params["application_name"] = APPLICATION_NAME
    return make_conninfo(**{k: str(v) for k, v in params.items() if v is not None})
