"""The dialect port's contract, one test per method, on every backend.

``ledgermind.storage.dialects`` owns what SQLite and PostgreSQL do their own
way; each method here is checked for what its callers rely on, on a real
database of each kind, and the capabilities it declares must be the ones
the suite declares for the backend (``tests/support/capabilities.py``).
"""

from __future__ import annotations

import os
import threading
import uuid
from collections.abc import Iterator

import pytest
from eventsourcing.utils import resolve_topic
from sqlalchemy import Column, Integer, MetaData, String, Table, func, select
from sqlalchemy.engine import Engine

from ledgermind import MemoryEngine, Owner
from ledgermind.storage.backend import parse_db_url
from ledgermind.storage.dialects import Dialect, dialect_of
from ledgermind.storage.keystore import sql_engine
from tests.support.capabilities import has, on_backends_with

OWNER = Owner("dialect", "alice")


@pytest.fixture
def db(db_url: str) -> Iterator[Engine]:
    engine = sql_engine(parse_db_url(db_url))
    try:
        yield engine
    finally:
        engine.dispose()


@pytest.fixture
def table(db: Engine) -> Iterator[Table]:
    t = Table(
        f"dialect_{uuid.uuid4().hex[:12]}", MetaData(), Column("k", String(16), primary_key=True), Column("v", Integer)
    )
    t.create(db)
    try:
        yield t
    finally:
        t.drop(db)


def _dialect(db: Engine) -> Dialect:
    return dialect_of(db.dialect.name)


def test_the_dialect_is_chosen_by_either_name_and_declares_the_suites_capabilities(
    backend: str, db_url: str, db: Engine
) -> None:
    dialect = _dialect(db)
    assert dialect is dialect_of(parse_db_url(db_url).kind)  # Backend.kind and SQLAlchemy's name agree
    assert dialect.name == db.dialect.name
    assert dialect.listens == has(backend, "listen_notify")
    assert dialect.row_security == has(backend, "row_level_security")
    assert dialect.embedded_file == has(backend, "embedded_file")


def test_the_event_log_runs_on_the_dialects_recorder(eng: MemoryEngine) -> None:
    recorder = resolve_topic(dialect_of(eng.backend.kind).recorder_topic)
    assert type(eng.log.recorder) is recorder


def test_insert_skips_or_updates_on_a_conflict(db: Engine, table: Table) -> None:
    insert = _dialect(db).insert
    with db.begin() as conn:
        conn.execute(insert(table).values(k="a", v=1).on_conflict_do_nothing(index_elements=["k"]))
        conn.execute(insert(table).values(k="a", v=2).on_conflict_do_nothing(index_elements=["k"]))
    with db.connect() as conn:
        assert conn.execute(select(table.c.v)).all() == [(1,)]
    with db.begin() as conn:
        stmt = insert(table).values(k="a", v=3)
        conn.execute(stmt.on_conflict_do_update(index_elements=["k"], set_={"v": stmt.excluded.v}))
    with db.connect() as conn:
        assert conn.execute(select(table.c.v)).all() == [(3,)]


def test_a_snapshot_does_not_see_what_commits_after_its_first_read(db: Engine, table: Table) -> None:
    with db.connect() as raw:
        conn = _dialect(db).begin_snapshot(raw)
        assert conn.execute(select(func.count()).select_from(table)).scalar_one() == 0
        with db.begin() as other:
            other.execute(table.insert().values(k="later", v=1))
        assert conn.execute(select(func.count()).select_from(table)).scalar_one() == 0
        conn.rollback()
    with db.connect() as fresh:
        assert fresh.execute(select(func.count()).select_from(table)).scalar_one() == 1


def test_the_ddl_lock_is_taken_inside_a_transaction_and_released_with_it(db: Engine) -> None:
    key = 0x6C6D_0000 + uuid.uuid4().int % 0xFFFF
    for _ in range(2):  # a second transaction takes it again: the first one's ended with its commit
        with db.begin() as conn:
            _dialect(db).lock_ddl(conn, key)
            extra = Table(f"ddl_{uuid.uuid4().hex[:12]}", MetaData(), Column("k", Integer))
            extra.create(conn)
            extra.drop(conn)


def test_the_ddl_lock_keeps_a_second_transaction_waiting_until_the_first_ends(db: Engine) -> None:
    """Held from where it is taken, not from the first write: processes
    opening a fresh store read the catalog, then create what is missing, and
    the second must not read "absent" while the first is creating it."""
    key = 0x6C6D_0000 + uuid.uuid4().int % 0xFFFF
    taken = threading.Event()

    def second() -> None:
        with db.begin() as conn:
            _dialect(db).lock_ddl(conn, key)
            taken.set()

    with db.begin() as conn:
        _dialect(db).lock_ddl(conn, key)
        waiting = threading.Thread(target=second)
        waiting.start()
        assert not taken.wait(1.0), "a second transaction took the DDL lock while the first held it"
    waiting.join(30)
    assert taken.is_set()


def test_truncate_log_leaves_no_copy_of_deleted_rows_behind_and_the_table_usable(
    backend: str, db_url: str, db: Engine, table: Table
) -> None:
    secret = "s3cr3t-row-bytes"
    with db.begin() as conn:
        conn.execute(table.insert().values(k=secret, v=1))
    with db.begin() as conn:
        conn.execute(table.delete())
    with db.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        _dialect(db).truncate_log(conn, table.name)
    with db.begin() as conn:
        conn.execute(table.insert().values(k="after", v=2))
        assert conn.execute(select(table.c.k)).scalars().all() == ["after"]
    if has(backend, "file_scrub"):  # the database files are all there is: the bytes are in none of them
        path = parse_db_url(db_url).path
        assert path is not None
        for name in (path, path + "-wal"):
            if os.path.exists(name):
                with open(name, "rb") as f:
                    assert secret.encode() not in f.read(), name


# --- the event library's stream rows (``storage.stream_rows``) ------------------


def _a_stream(eng: MemoryEngine) -> tuple[uuid.UUID, list[tuple[int, str, bytes]]]:
    """A session stream with a few events, and its rows as the library reads them."""
    mem = eng.for_owner(OWNER)
    session = mem.create_session("agent")
    mem.add_messages(session, [{"role": "user", "content": f"turn {i}"} for i in range(3)])
    stream = eng.log.recorder.select_notifications(start=1, limit=1)[0].originator_id
    rows = [(s.originator_version, s.topic, s.state) for s in eng.log.recorder.select_events(stream)]
    assert len(rows) >= 1
    return stream, rows


def _read(dialect: Dialect, eng: MemoryEngine, sql: str, params: list[object]) -> list[tuple[object, ...]]:
    with dialect.stream_reader(eng.log.recorder.datastore) as fetch:  # type: ignore[attr-defined]
        return fetch(sql, params)


def test_the_stream_reader_gives_the_librarys_rows_as_plain_tuples(eng: MemoryEngine) -> None:
    """Placeholder, stored id, table name and reader together read exactly
    what the library's own ``select_events`` reads."""
    dialect = dialect_of(eng.backend.kind)
    stream, expected = _a_stream(eng)
    recorder = eng.log.recorder
    table = dialect.stream_table(recorder.datastore, recorder.events_table_name)  # type: ignore[attr-defined]
    mark = dialect.placeholder
    sql = (
        f"SELECT originator_version, topic, state FROM {table} WHERE originator_id = {mark} ORDER BY originator_version"
    )
    rows = _read(dialect, eng, sql, [dialect.stream_key(stream)])
    assert rows == expected
    assert all(type(r) is tuple for r in rows)
    assert _read(dialect, eng, sql, [dialect.stream_key(uuid.uuid4())]) == []  # another id: nothing


@on_backends_with("embedded_file")
def test_an_embedded_readers_statements_share_one_snapshot(eng: MemoryEngine) -> None:
    """``stream_rows`` reads a snapshot and the events after it in two
    statements only where they see one view; a commit between them is unseen."""
    dialect = dialect_of(eng.backend.kind)
    _a_stream(eng)
    recorder = eng.log.recorder
    table = dialect.stream_table(recorder.datastore, recorder.events_table_name)  # type: ignore[attr-defined]
    sql = f"SELECT count(*) FROM {table}"
    with dialect.stream_reader(recorder.datastore) as fetch:  # type: ignore[attr-defined]
        before = fetch(sql, [])
        eng.for_owner(OWNER).add_message(eng.for_owner(OWNER).create_session("agent"), "user", "later")
        assert fetch(sql, []) == before
    assert _read(dialect, eng, sql, [])[0][0] > before[0][0]
