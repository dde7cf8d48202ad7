"""Every store fault reaches the caller as a typed error, within a bound.

Each fault is provoked for real: a server's backends stopped with SIGSTOP
(a stall: no socket closes, no server-side timer can fire), a database
dropped under a running engine (the server refuses every new connection),
backends terminated while a commit is in flight, SQLite's own SQLITE_FULL
(``max_page_count``), an immutable file (``chattr +i``: the tests run as
root, so permissions would not stop a write), and a SQLite file deleted or
replaced under a running engine.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import InvalidInput, LedgermindError, ReadOnlyStore, StoreUnavailable
from tests.support.capabilities import on_backends_with
from tests.support.pg_server import stopped_backends

OWNER = Owner("faults", "user-1")
SHORT = {"commit_timeout_s": 2.0, "statement_timeout_s": 2.0, "lock_timeout_s": 2.0, "connect_timeout_s": 2.0}


def _dbname(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


@pytest.mark.slow
@on_backends_with("server_processes")
def test_a_stalled_server_gives_store_unavailable_and_the_engine_carries_on(db_url: str) -> None:
    with MemoryEngine.open(config=EngineConfig(db=db_url, **SHORT)) as eng, \
            psycopg.connect(db_url, autocommit=True) as admin:  # fmt: skip
        sid = eng.for_owner(OWNER).create_session("agent")
        eng.for_owner(OWNER).add_message(sid, "user", "before the stall")
        with stopped_backends(admin, _dbname(db_url)) as stopped:
            assert stopped  # the engine's connections, frozen
            with pytest.raises(StoreUnavailable) as raised:
                eng.for_owner(OWNER).add_message(sid, "user", "during the stall", client_id="stalled")
            assert "did not" in str(raised.value)
            with pytest.raises(StoreUnavailable):  # queued behind it: dropped, never written
                eng.for_owner(OWNER).add_message(sid, "user", "queued during the stall")
        # The same engine, no reopen: the server answers again.
        seq = _eventually(lambda: eng.for_owner(OWNER).add_message(sid, "user", "after the stall"))
        again = eng.for_owner(OWNER).add_message(sid, "user", "during the stall", client_id="stalled")
        info = eng.for_owner(OWNER).get_session(sid)
        assert info.message_count == seq >= 2 and again <= seq
        contents = [m.content for m in eng.for_owner(OWNER).restore_agent("agent").messages]
        assert "queued during the stall" not in contents


def _eventually(call: Any, attempts: int = 20) -> Any:
    """The first answer of ``call`` once the stalled writes behind it drain
    (each attempt is bounded by the commit timeout; no duration is asserted)."""
    for _ in range(attempts - 1):
        try:
            return call()
        except StoreUnavailable:
            continue
    return call()


@on_backends_with("server_processes")
def test_every_call_on_a_vanished_server_is_typed(db_url: str, pg_server_dsn: str, caplog: Any) -> None:
    """The database dropped under a running engine: its connections are
    terminated and every new one is refused (3D000), as for a server that
    went away. Writes, erasure, remember, reads: typed; build_context: ""."""
    eng = MemoryEngine.open(config=EngineConfig(db=db_url, **SHORT))
    try:
        sid = eng.for_owner(OWNER).create_session("agent")
        eng.for_owner(OWNER).add_message(sid, "user", "hello")
        with psycopg.connect(pg_server_dsn, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{_dbname(db_url)}" WITH (FORCE)')
        calls = {
            "add_message": lambda: eng.for_owner(OWNER).add_message(sid, "user", "lost"),
            "erase_owner": lambda: eng.for_owner(Owner("faults", "someone")).erase(),
            "remember": lambda: eng.for_owner(OWNER).remember("I like tea"),
            "get_session": lambda: eng.for_owner(OWNER).get_session(sid),
            "search": lambda: eng.for_owner(OWNER).search("tea"),
        }
        for name, call in calls.items():
            with pytest.raises(LedgermindError) as raised:
                call()
            assert isinstance(raised.value, StoreUnavailable), (name, type(raised.value))
        with caplog.at_level(logging.WARNING, logger="ledgermind.context"):
            assert eng.for_owner(OWNER).build_context("tea") == ""
    finally:
        eng.close()


@on_backends_with("server_processes")
def test_build_context_degrades_when_the_read_side_cannot_start(db_url: str, pg_server_dsn: str, caplog: Any) -> None:
    eng = MemoryEngine.open(config=EngineConfig(db=db_url, **SHORT))
    try:
        eng.for_owner(OWNER).create_session("agent")
        with psycopg.connect(pg_server_dsn, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{_dbname(db_url)}" WITH (FORCE)')
        with caplog.at_level(logging.WARNING, logger="ledgermind.context"):
            assert eng.for_owner(OWNER).build_context("anything") == ""
        assert eng.context_degraded is not None and eng.context_degraded.startswith("StoreUnavailable")
        assert any("injected nothing" in r.getMessage() for r in caplog.records)
        with pytest.raises(InvalidInput):  # a bad argument is the caller's error, store or no store
            eng.for_owner(OWNER).build_context("anything", token_budget=0)
    finally:
        eng.close()


@pytest.mark.slow
@on_backends_with("server_processes")
def test_connection_dropped_mid_commit_is_typed(db_url: str) -> None:
    """The backends die while a commit waits on them: the caller gets its
    result or a typed error, never a driver exception; the engine goes on."""
    with MemoryEngine.open(config=EngineConfig(db=db_url, commit_timeout_s=20.0)) as eng, \
            psycopg.connect(db_url, autocommit=True) as admin:  # fmt: skip
        sid = eng.for_owner(OWNER).create_session("agent")
        outcome: list[object] = []
        started = threading.Event()

        def write() -> None:
            started.set()
            try:
                outcome.append(eng.for_owner(OWNER).add_message(sid, "user", "in flight", client_id="c1"))
            except BaseException as e:
                outcome.append(e)

        with stopped_backends(admin, _dbname(db_url)) as stopped:
            writer = threading.Thread(target=write)
            writer.start()
            started.wait()
            for pid in stopped:  # delivered when they resume: they exit mid-request
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        writer.join(60)
        assert len(outcome) == 1
        assert isinstance(outcome[0], (int, LedgermindError)), repr(outcome[0])
        assert eng.for_owner(OWNER).add_message(sid, "user", "after") >= 1


def test_sqlite_disk_full_is_typed(sqlite_url: str) -> None:
    """SQLite's real SQLITE_FULL: every pooled connection of the event store
    may grow the file by a few pages only (``max_page_count``)."""
    with MemoryEngine.open(sqlite_url) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        pool = eng.log.recorder.datastore.pool  # type: ignore[attr-defined]
        conns = [pool.get_connection() for _ in range(pool.pool_size)]
        try:
            for conn in conns:
                cursor = conn.cursor()
                cursor.execute("PRAGMA page_count")
                pages = cursor.fetchone()[0]
                cursor.execute(f"PRAGMA max_page_count = {pages + 4}")
        finally:
            for conn in conns:
                pool.put_connection(conn)
        with pytest.raises(StoreUnavailable) as raised:
            for i in range(50):
                eng.for_owner(OWNER).add_message(sid, "user", f"{i} " + os.urandom(40_000).hex())
        assert "full" in str(raised.value).lower()


@pytest.fixture
def immutable(tmp_path: Path) -> Any:
    """``chattr +i`` on a file (undone at teardown); skips where unsupported."""
    marked: list[Path] = []

    def mark(path: Path) -> None:
        if shutil.which("chattr") is None:
            pytest.skip("chattr is not installed")
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"this file system has no immutable flag: {done.stderr.decode().strip()}")
        marked.append(path)

    yield mark
    for path in marked:
        subprocess.run(["chattr", "-i", str(path)], check=False)


def test_sqlite_read_only_file_is_read_only_not_corrupt(sqlite_url: str, immutable: Any) -> None:
    with MemoryEngine.open(sqlite_url) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        eng.for_owner(OWNER).add_message(sid, "user", "written before")
    immutable(Path(sqlite_url))
    with pytest.raises(ReadOnlyStore):
        with MemoryEngine.open(sqlite_url) as eng:
            eng.for_owner(OWNER).add_message(sid, "user", "refused")


def test_sqlite_file_deleted_under_a_running_engine(sqlite_url: str) -> None:
    """Nothing is acknowledged into an unlinked file; a second engine does
    not start a fresh store over the orphaned write-ahead log."""
    eng = MemoryEngine.open(sqlite_url)
    try:
        sid = eng.for_owner(OWNER).create_session("agent")
        eng.for_owner(OWNER).add_message(sid, "user", "kept")
        os.unlink(sqlite_url)
        with pytest.raises(StoreUnavailable) as raised:
            eng.for_owner(OWNER).add_message(sid, "user", "would be lost")
        assert "deleted" in str(raised.value)
        with pytest.raises(StoreUnavailable):
            eng.for_owner(OWNER).create_session("agent-2")
        with pytest.raises(StoreUnavailable) as second:
            MemoryEngine.open(sqlite_url)
        assert "-wal" in str(second.value)
        assert not os.path.exists(sqlite_url)  # refused without creating anything
    finally:
        eng.close()


def test_sqlite_file_replaced_under_a_running_engine(sqlite_url: str, tmp_path: Path) -> None:
    other = str(tmp_path / "other.db")
    with MemoryEngine.open(other) as second:
        second.for_owner(OWNER).create_session("agent")
    with MemoryEngine.open(sqlite_url) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        os.replace(other, sqlite_url)
        with pytest.raises(StoreUnavailable) as raised:
            eng.for_owner(OWNER).add_message(sid, "user", "to which file?")
        assert "replaced" in str(raised.value)


def test_timeouts_come_from_the_environment_and_reach_every_connection() -> None:
    from ledgermind.domain.errors import InvalidInput
    from ledgermind.storage.backend import Timeouts, parse_db_url

    config = EngineConfig.from_env({
        "LEDGERMIND_CONNECT_TIMEOUT_S": "3", "LEDGERMIND_STATEMENT_TIMEOUT_S": "1.5",
        "LEDGERMIND_LOCK_TIMEOUT_S": "2", "LEDGERMIND_COMMIT_TIMEOUT_S": "4", "LEDGERMIND_ERASURE_REWRITE": "off",
    })  # fmt: skip
    assert (config.connect_timeout_s, config.statement_timeout_s, config.lock_timeout_s, config.commit_timeout_s) \
        == (3.0, 1.5, 2.0, 4.0) and config.erasure_rewrite is False  # fmt: skip
    with pytest.raises(InvalidInput):
        EngineConfig.from_env({"LEDGERMIND_COMMIT_TIMEOUT_S": "0"})
    pg = parse_db_url("postgresql://u@db.example/x", Timeouts(3, 1.5, 2))
    assert "statement_timeout%3D1500" in pg.sqlalchemy_url and "lock_timeout%3D2000" in pg.sqlalchemy_url
    assert pg.es_env["POSTGRES_LOCK_TIMEOUT"] == "2" and pg.pg_connect_kwargs()["connect_timeout"] == "3"
    assert parse_db_url("/tmp/x.db", Timeouts(3, 1.5, 2)).es_env["SQLITE_LOCK_TIMEOUT"] == "2"
