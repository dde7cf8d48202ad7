"""One test per row of the driver-error map (``ledgermind.storage.driver_errors``).

Each test provokes the real error from a real driver (SQLite files, the
suite's PostgreSQL, a loopback port nobody listens on) and asserts the exact
typed class it becomes. Only the PostgreSQL catalog race ("tuple concurrently
updated"), which needs two DDLs colliding inside the server, is built as the
driver's own exception class with its real SQLSTATE.
"""

from __future__ import annotations

import socket
import sqlite3
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import psycopg.errors
import psycopg_pool
import pytest
import sqlalchemy as sa
from eventsourcing import persistence as es
from eventsourcing.postgres import PostgresDatastore
from eventsourcing.sqlite import SQLiteDatastore

from ledgermind.domain.errors import CorruptStore, LedgermindError, StoreError, StoreUnavailable
from ledgermind.projections.search_store import sql_errors
from ledgermind.storage.backend import parse_db_url
from ledgermind.storage.driver_errors import driver_errors, is_schema_race, translate
from ledgermind.storage.store import open_event_log, translate_errors


def _exactly(error: BaseException | None, cls: type[LedgermindError]) -> None:
    assert type(error) is cls, f"expected {cls.__name__}, got {type(error).__name__}: {error}"
    assert isinstance(error, LedgermindError)


def _raised(cls: type[LedgermindError], excinfo: pytest.ExceptionInfo[BaseException]) -> None:
    _exactly(excinfo.value, cls)
    assert excinfo.value.__cause__ is None and excinfo.value.__suppress_context__  # raised ``from None``


def _not_a_database(tmp_path: Path) -> Path:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n" * 200)
    return path


def _unused_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _sa_pg(pg_url: str) -> sa.Engine:
    return sa.create_engine(parse_db_url(pg_url).sqlalchemy_url, poolclass=sa.pool.NullPool)


# --- CorruptStore --------------------------------------------------------------


def test_sqlite_not_a_database_raw_driver_is_corrupt(tmp_path: Path) -> None:
    """SQLITE_NOTADB as eventsourcing's pool meets it: the raw sqlite3 error."""
    ds = SQLiteDatastore(str(_not_a_database(tmp_path)))
    try:
        with pytest.raises(CorruptStore) as excinfo, driver_errors():
            with ds.transaction(commit=False) as cursor:
                cursor.execute("SELECT * FROM sqlite_master")
    finally:
        ds.close()
    _raised(CorruptStore, excinfo)
    assert "file is not a database" in str(excinfo.value)


def test_sqlite_not_a_database_through_sqlalchemy_is_corrupt(tmp_path: Path) -> None:
    db = sa.create_engine(f"sqlite:///{_not_a_database(tmp_path)}", poolclass=sa.pool.NullPool)
    with pytest.raises(CorruptStore) as excinfo, driver_errors("ctx"):
        with db.connect() as conn:
            conn.execute(sa.text("SELECT * FROM sqlite_master")).all()
    _raised(CorruptStore, excinfo)
    assert str(excinfo.value).startswith("ctx: not a ledgermind database")


def test_sqlite_not_a_database_wrapped_by_eventsourcing_is_corrupt(tmp_path: Path) -> None:
    """eventsourcing's DatabaseError around SQLITE_NOTADB: the driver error is found behind the wrapper."""
    try:
        sqlite3.connect(_not_a_database(tmp_path)).execute("SELECT * FROM sqlite_master")
    except sqlite3.DatabaseError as driver:
        assert driver.sqlite_errorcode == 26
        try:
            raise es.DatabaseError("(message reworded by a wrapper)") from driver
        except es.DatabaseError as wrapped:
            _exactly(translate(wrapped), CorruptStore)
    else:  # pragma: no cover
        pytest.fail("SQLite read a text file")


def test_sqlite_malformed_pages_are_corrupt(tmp_path: Path) -> None:
    """SQLITE_CORRUPT: a valid header over garbage pages."""
    path = tmp_path / "garbled.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x TEXT)")
        conn.executemany("INSERT INTO t VALUES (?)", [("a" * 500,)] * 200)
    conn.close()
    data = bytearray(path.read_bytes())
    data[100:] = bytes((i * 7) % 256 for i in range(100, len(data)))
    path.write_bytes(bytes(data))
    db = sa.create_engine(f"sqlite:///{path}", poolclass=sa.pool.NullPool)
    with pytest.raises(CorruptStore) as excinfo, driver_errors():
        sa.inspect(db).get_table_names()
    _raised(CorruptStore, excinfo)


def test_postgres_data_corrupted_sqlstate_is_corrupt() -> None:
    """XX001 cannot be provoked without damaging a cluster: the driver's class, real SQLSTATE."""
    driver = psycopg.errors.DataCorrupted("invalid page in block 7 of relation base/1/2")
    assert driver.sqlstate == "XX001"
    _exactly(translate(driver), CorruptStore)


# --- StoreUnavailable ----------------------------------------------------------


def test_closed_event_log_is_unavailable(sqlite_url: str) -> None:
    log = open_event_log(parse_db_url(sqlite_url), 100)
    log.close()
    with pytest.raises(StoreUnavailable) as excinfo, translate_errors():
        log.recorder.select_events(uuid.uuid4())
    _raised(StoreUnavailable, excinfo)
    assert "closed" in str(excinfo.value)


def test_closed_eventsourcing_pool_is_unavailable(tmp_path: Path) -> None:
    ds = SQLiteDatastore(str(tmp_path / "x.db"))
    ds.close()
    with pytest.raises(StoreUnavailable) as excinfo, driver_errors():
        with ds.transaction(commit=False):
            pass
    _raised(StoreUnavailable, excinfo)


def test_closed_psycopg_pool_is_unavailable(pg_url: str) -> None:
    pool = psycopg_pool.ConnectionPool(pg_url, min_size=1, open=True)
    pool.close()
    with pytest.raises(StoreUnavailable) as excinfo, driver_errors():
        with pool.connection():
            pass
    _raised(StoreUnavailable, excinfo)


def test_sqlalchemy_pool_timeout_is_unavailable(tmp_path: Path) -> None:
    db = sa.create_engine(f"sqlite:///{tmp_path / 'p.db'}", pool_size=1, max_overflow=0, pool_timeout=0.1)
    held = db.connect()
    try:
        with pytest.raises(StoreUnavailable) as excinfo, driver_errors():
            db.connect()
    finally:
        held.close()
        db.dispose()
    _raised(StoreUnavailable, excinfo)


def test_postgres_connection_refused_raw_driver_is_unavailable() -> None:
    with pytest.raises(StoreUnavailable) as excinfo, driver_errors():
        psycopg.connect(host="127.0.0.1", port=_unused_port(), user="nobody", dbname="none", connect_timeout=2)
    _raised(StoreUnavailable, excinfo)


def test_postgres_connection_refused_through_sqlalchemy_is_unavailable() -> None:
    db = sa.create_engine(
        f"postgresql+psycopg://nobody@127.0.0.1:{_unused_port()}/none?connect_timeout=2",
        poolclass=sa.pool.NullPool,
    )
    with pytest.raises(StoreUnavailable) as excinfo, sql_errors():
        db.connect()
    _raised(StoreUnavailable, excinfo)
    assert str(excinfo.value).startswith("search index: ")


def test_postgres_connection_refused_through_eventsourcing_is_unavailable() -> None:
    ds = PostgresDatastore("none", "127.0.0.1", _unused_port(), "nobody", "", connect_timeout=2, pool_open_timeout=2)
    try:
        with pytest.raises(StoreUnavailable) as excinfo, translate_errors():
            with ds.transaction(commit=False) as cursor:
                cursor.execute("SELECT 1")
    finally:
        ds.close()
    _raised(StoreUnavailable, excinfo)


def test_postgres_connection_refused_at_open_is_unavailable() -> None:
    with pytest.raises(StoreUnavailable) as excinfo:
        open_event_log(parse_db_url(f"postgresql://nobody@127.0.0.1:{_unused_port()}/none?connect_timeout=2"), 100)
    _exactly(excinfo.value, StoreUnavailable)


def test_sqlite_database_is_locked_is_unavailable(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable) as excinfo, driver_errors():
            sqlite3.connect(path, timeout=0).execute("SELECT * FROM t")
    finally:
        holder.close()
    _raised(StoreUnavailable, excinfo)
    assert "database is locked" in str(excinfo.value)


def test_sqlite_cannot_open_is_unavailable(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable) as excinfo, driver_errors():
        sqlite3.connect(tmp_path / "no" / "such" / "dir" / "x.db")
    _raised(StoreUnavailable, excinfo)


def test_postgres_no_such_database_is_unavailable(pg_url: str) -> None:
    """3D000 invalid_catalog_name: the server answers, the database is not there."""
    missing = urlunsplit(urlsplit(pg_url)._replace(path="/no_such_db_" + uuid.uuid4().hex[:8]))
    with pytest.raises(StoreUnavailable) as excinfo, driver_errors():
        psycopg.connect(missing)
    _raised(StoreUnavailable, excinfo)
    assert "does not exist" in str(excinfo.value)


# --- StoreError ------------------------------------------------------------------


def test_postgres_nul_in_text_is_a_store_error(pg_url: str) -> None:
    with psycopg.connect(pg_url) as conn:
        with pytest.raises(StoreError) as excinfo, driver_errors():
            conn.execute("SELECT %s::text", ("a\x00b",))
    _raised(StoreError, excinfo)


def test_postgres_nul_in_text_through_sqlalchemy_is_a_store_error(pg_url: str) -> None:
    db = _sa_pg(pg_url)
    with pytest.raises(StoreError) as excinfo, sql_errors():
        with db.connect() as conn:
            conn.execute(sa.text("SELECT CAST(:v AS text)"), {"v": "secret\x00content"})
    _raised(StoreError, excinfo)
    assert "secret" not in str(excinfo.value), "bound parameters must stay out of the message"


def test_postgres_invalid_text_representation_is_a_store_error(pg_url: str) -> None:
    """22P02 DataError from the server (its message says 'invalid input syntax')."""
    with psycopg.connect(pg_url) as conn:
        with pytest.raises(StoreError) as excinfo, driver_errors():
            conn.execute("SELECT 'not a number'::int")
    _raised(StoreError, excinfo)


def test_postgres_malformed_array_literal_is_not_corrupt(pg_url: str) -> None:
    """'malformed' in a data error's message is about a value, not the store: the SQLSTATE decides."""
    with psycopg.connect(pg_url) as conn:
        with pytest.raises(StoreError) as excinfo, driver_errors():
            conn.execute("SELECT '{1,2'::int[]")
    assert "malformed" in str(excinfo.value)
    _raised(StoreError, excinfo)


def test_postgres_unique_violation_outside_the_writer_is_a_store_error(pg_url: str) -> None:
    db = _sa_pg(pg_url)
    with db.begin() as conn:
        conn.execute(sa.text("CREATE TABLE u (k int PRIMARY KEY)"))
        conn.execute(sa.text("INSERT INTO u VALUES (1)"))
    with pytest.raises(StoreError) as excinfo, driver_errors():
        with db.begin() as conn:
            conn.execute(sa.text("INSERT INTO u VALUES (1)"))
    _raised(StoreError, excinfo)


def test_sqlite_syntax_error_is_a_store_error(tmp_path: Path) -> None:
    db = sa.create_engine(f"sqlite:///{tmp_path / 's.db'}", poolclass=sa.pool.NullPool)
    with pytest.raises(StoreError) as excinfo, driver_errors():
        with db.connect() as conn:
            conn.execute(sa.text("SELEC nonsense"))
    # sqlite3 raises syntax errors as OperationalError (SQLITE_ERROR, code 1): not a store outage
    _raised(StoreError, excinfo)


# --- passes through: the writer's optimistic-concurrency conflict ---------------


def test_event_conflict_passes_through_translate_errors(db_url: str) -> None:
    """On both backends (``db_url``): the writer retries on this conflict, so it stays the library's."""
    log = open_event_log(parse_db_url(db_url), 100)
    try:
        event = es.StoredEvent(originator_id=uuid.uuid4(), originator_version=1, topic="t", state=b"{}")
        log.recorder.insert_events([event])
        with pytest.raises(es.IntegrityError) as excinfo, translate_errors():
            log.recorder.insert_events([event])
        assert not isinstance(excinfo.value, LedgermindError)
        # Outside the writer, the same conflict is a StoreError.
        _exactly(translate(excinfo.value), StoreError)
    finally:
        log.close()


# --- not ours to map --------------------------------------------------------------


def test_non_driver_errors_are_not_mapped() -> None:
    assert translate(ValueError("x")) is None
    assert translate(CorruptStore("already typed")) is None
    with pytest.raises(KeyError), driver_errors():
        raise KeyError("k")


# --- the schema race -----------------------------------------------------------------


def _provoke(cm: object, fn: object) -> BaseException:
    try:
        with cm:  # type: ignore[attr-defined]
            fn()  # type: ignore[operator]
    except BaseException as e:
        return e
    raise AssertionError("no error")


def test_schema_race_postgres_duplicate_table(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE raced (x int)")
        translated = _provoke(translate_errors(), lambda: conn.execute("CREATE TABLE raced (x int)"))
    _exactly(translated, StoreError)
    assert is_schema_race(translated)  # 42P07 found through the translation's __context__


def test_schema_race_postgres_duplicate_type(pg_url: str) -> None:
    """Two CREATE TABLE racing: the loser's unique violation on pg_type_typname_nsp_index (23505)."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TYPE raced_t AS (x int)")
        translated = _provoke(driver_errors(), lambda: conn.execute("CREATE TYPE raced_t AS (x int)"))
    _exactly(translated, StoreError)
    assert is_schema_race(translated)


def test_schema_race_postgres_tuple_concurrently_updated() -> None:
    driver = psycopg.errors.InternalError_("tuple concurrently updated")
    assert driver.sqlstate == "XX000"
    try:
        raise es.InternalError(str(driver)) from driver
    except es.InternalError as wrapped:
        translated = translate(wrapped)
        _exactly(translated, StoreError)
        assert is_schema_race(wrapped)
    # The same generic XX000 with another message is no race.
    assert not is_schema_race(psycopg.errors.InternalError_("cache lookup failed for relation 1"))


def test_schema_race_sqlite_database_is_locked(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        translated = _provoke(
            translate_errors(), lambda: sqlite3.connect(path, timeout=0).execute("PRAGMA journal_mode=WAL")
        )
    finally:
        holder.close()
    _exactly(translated, StoreUnavailable)
    assert is_schema_race(translated)


def test_schema_race_sqlite_table_already_exists(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "t.db")
    conn.execute("CREATE TABLE t (x)")
    translated = _provoke(driver_errors(), lambda: conn.execute("CREATE TABLE t (x)"))
    conn.close()
    _exactly(translated, StoreError)
    assert is_schema_race(translated)


def test_schema_race_migration_record_conflict(sqlite_url: str) -> None:
    """The library's duplicate record (any IntegrityError) is the race's other face."""
    log = open_event_log(parse_db_url(sqlite_url), 100)
    try:
        event = es.StoredEvent(originator_id=uuid.uuid4(), originator_version=1, topic="t", state=b"{}")
        log.recorder.insert_events([event])
        conflict = _provoke(translate_errors(), lambda: log.recorder.insert_events([event]))
    finally:
        log.close()
    assert isinstance(conflict, es.IntegrityError)
    assert is_schema_race(conflict)


def test_not_a_schema_race(tmp_path: Path, pg_url: str) -> None:
    conn = sqlite3.connect(tmp_path / "t.db")
    no_table = _provoke(driver_errors(), lambda: conn.execute("SELECT * FROM missing"))
    conn.close()
    assert not is_schema_race(no_table)
    with psycopg.connect(pg_url) as pg:
        syntax = _provoke(driver_errors(), lambda: pg.execute("SELEC 1"))
    assert not is_schema_race(syntax)
    assert not is_schema_race(_provoke(driver_errors(), lambda: sqlite3.connect(tmp_path / "no" / "x.db")))


def test_schema_race_and_corruption_text_are_the_last_resort() -> None:
    """Errors eventsourcing raises itself carry no driver code: their text decides."""
    assert is_schema_race(es.OperationalError("tuple concurrently updated"))
    assert not is_schema_race(es.OperationalError("server closed the connection unexpectedly"))
    _exactly(translate(es.OperationalError("file is not a database")), CorruptStore)
    _exactly(translate(es.OperationalError("server closed the connection unexpectedly")), StoreUnavailable)
    _exactly(translate(es.DataError("malformed value")), StoreError)
