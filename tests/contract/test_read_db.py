"""The read models on their own database (``EngineConfig.read_db``, LEDGERMIND_READ_DB).

Why: reads, searches, audits and rebuilds should not compete with appends on
the event store's primary. With ``read_db`` set, every read-model table
(projections, search index, audit tables, the projection catalog) lives
there and none in the event store's database; the event tables stay where
they were; ``wait(position)`` still gives read-your-writes; erasure purges
the read database; and the worker (``ledgermind projections run``) reads the
log from the store and writes the read models there.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
import sqlalchemy as sa

from ledgermind import EngineConfig, MemoryEngine, Owner
from ledgermind.cli import main as cli
from ledgermind.domain.errors import StoreUnavailable
from ledgermind.storage.backend import parse_db_url
from tests.support.pg_databases import fresh_database

OWNER = Owner("split", "u1")


@pytest.fixture
def pg_read_url(pg_server_dsn: str) -> Iterator[str]:
    """A second fresh PostgreSQL database, for the read models."""
    with fresh_database(pg_server_dsn, "r_") as url:
        yield url


def _tables(url: str) -> set[str]:
    engine = sa.create_engine(parse_db_url(url).sqlalchemy_url, poolclass=sa.pool.NullPool)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def _split(store_url: str, read_url: str) -> None:
    config = EngineConfig.from_env({"LEDGERMIND_READ_DB": read_url})
    assert config.read_db == read_url
    with MemoryEngine.open(store_url, config=config) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        eng.for_owner(OWNER).add_message(sid, "user", "I drink green tea every morning")
        eng.for_owner(OWNER).remember("u1 drinks green tea")
        eng.projections.wait(eng.position)  # read-your-writes across the split
        assert [h.statement for h in eng.for_owner(OWNER).search("green tea")] == ["u1 drinks green tea"]
        assert "green tea" in eng.for_owner(OWNER).build_context("tea", time_budget_ms=5000)
        read, store = _tables(read_url), _tables(store_url)
        assert {"ml_messages_v1", "ml_sessions_v1"} <= read
        assert not {t for t in store if t.startswith(("ml_", "projection_"))}, store
        assert not {t for t in read if "events" in t}, read
        eng.for_owner(OWNER).erase()  # purges the read database
        with eng.projections.db.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM ml_messages_v1")).scalar() == 0


def test_read_models_on_their_own_sqlite_file(tmp_path: Path) -> None:
    _split(str(tmp_path / "events.db"), str(tmp_path / "reads.db"))


def test_read_models_on_their_own_postgresql_database(pg_url: str, pg_read_url: str) -> None:
    _split(pg_url, pg_read_url)


def test_the_worker_reads_the_log_and_writes_the_read_database(
    pg_url: str, pg_read_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = EngineConfig.from_env({"LEDGERMIND_PROJECTIONS_IN_PROCESS": "0"})
    with MemoryEngine.open(pg_url, config=config) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        for i in range(5):
            eng.for_owner(OWNER).add_message(sid, "user", f"message {i}")
    monkeypatch.setenv("LEDGERMIND_READ_DB", pg_read_url)
    assert cli(["projections", "run", "--db", pg_url, "--until-caught-up"]) == 0
    assert "ml_messages_v1" in _tables(pg_read_url)
    assert not {t for t in _tables(pg_url) if t.startswith("ml_")}
    engine = sa.create_engine(parse_db_url(pg_read_url).sqlalchemy_url, poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM ml_messages_v1")).scalar() == 5
    engine.dispose()


def test_a_worker_started_before_its_read_database_answers_waits_for_it(pg_url: str, pg_server_dsn: str) -> None:
    """A projection worker that starts while its read database cannot be
    reached (a failover with no primary yet, a server restarting: here, a
    database that does not exist yet) comes up once it can be, within the
    connect timeout, instead of exiting; one that never can is told so."""
    name = "r_" + uuid.uuid4().hex[:16]
    read_url = urlunsplit(urlsplit(pg_server_dsn)._replace(path="/" + name))
    config = EngineConfig(db=pg_url, read_db=read_url, connect_timeout_s=20, projections_in_process=False)
    with MemoryEngine(config) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        eng.for_owner(OWNER).add_message(sid, "user", "written before the read database existed")
        creator = threading.Timer(1.5, _create_database, (pg_server_dsn, name))
        creator.start()
        try:
            with eng.projection_admin().worker(lease_ttl=10) as runner:
                assert runner.catch_up() >= 2
        finally:
            creator.join()
            with psycopg.connect(pg_server_dsn, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    never = urlunsplit(urlsplit(pg_server_dsn)._replace(path="/r_never_" + uuid.uuid4().hex[:8]))
    config = EngineConfig(db=pg_url, read_db=never, connect_timeout_s=1, projections_in_process=False)
    with MemoryEngine(config) as eng, pytest.raises(StoreUnavailable):
        with eng.projection_admin().worker():
            pass


def _create_database(server_dsn: str, name: str) -> None:
    with psycopg.connect(server_dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
