"""Operating projections under failure: SIGKILL a worker mid-batch, drop the
connection under a live follower, rebuild while writers append. Both backends
unless a capability is declared missing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import psycopg
import pytest
from sqlalchemy import func, select

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.projections import catalog, registry
from ledgermind.projections.db import APPLICATION_NAME, open_read_db, snapshot
from ledgermind.projections.readside import ReadSide
from ledgermind.projections.rebuild import rebuild
from ledgermind.projections.runner import Runner
from tests.support.paths import REPO_ROOT
from tests.support.projection_oracle import fold_sessions, log_events, table_rows

OWNER = Owner("support", "user-42")
ROOT = str(REPO_ROOT)
CORE = ["sessions", "tasks", "memory"]


def _fill(eng: MemoryEngine, sessions: int, per: int) -> None:
    for s in range(sessions):
        sid = eng.for_owner(OWNER).create_session(agent_id="agent-7")
        eng.for_owner(OWNER).add_messages(
            sid, [{"role": "user", "content": f"s{s} m{i} " + "x" * (i % 40)} for i in range(per)]
        )


def _message_ids(eng: MemoryEngine) -> list[int]:
    notes = eng.log.recorder.select_notifications(1, limit=10**7, topics=("message.added",))
    return [n.id for n in notes]


def _worker(db_url: str, *extra: str) -> subprocess.Popen[str]:
    env = {**os.environ, "LEDGERMIND_PROJECTIONS_IN_PROCESS": "0", "PYTHONPATH": ROOT}
    return subprocess.Popen(
        [sys.executable, "-m", "ledgermind.cli", "projections", "run", "--db", db_url, "--names", "sessions", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=ROOT,
    )


def _state(db: Any, name: str = "sessions") -> tuple[int, list[dict], list[dict]]:
    """(position, sessions rows, messages rows) of the active version, in one snapshot."""
    with snapshot(db) as conn:
        info = catalog.active_version(conn, name)
        assert info is not None
        proj = registry.lookup(name).build(info.version, info.params)
        position = catalog.read_position(conn, name, info.version)
        tables = {t.name.split("_")[1]: t for t in proj.tables}
        return position, table_rows(conn, tables["sessions"]), table_rows(conn, tables["messages"])


@pytest.mark.slow
def test_sigkill_mid_batch_then_restart_loses_and_duplicates_nothing(eng: MemoryEngine) -> None:
    _fill(eng, sessions=30, per=60)
    events = log_events(eng)
    db = open_read_db(eng.backend.sqlalchemy_url)
    kills = 0
    for delay in (0.0, 0.01, 0.03):
        worker = _worker(eng.config.db, "--batch-size", "40", "--verbose")
        assert worker.stdout is not None
        seen = 0
        for line in worker.stdout:
            if line.startswith("BATCH"):
                seen += 1
                if seen == 2 + kills:
                    time.sleep(delay)
                    worker.send_signal(signal.SIGKILL)
                    break
        worker.wait(timeout=30)
        kills += worker.returncode == -signal.SIGKILL
        position, sessions, messages = _state(db)
        upto = [e for e in events if e[0] <= position]
        want_sessions, want_messages = fold_sessions(upto)
        assert messages == want_messages  # exactly the events up to the committed position
        assert sessions == want_sessions
    assert kills == 3
    done = _worker(eng.config.db, "--until-caught-up")
    assert done.wait(timeout=120) == 0
    position, sessions, messages = _state(db)
    assert position == eng.log.recorder.max_notification_id()
    assert (sessions, messages) == fold_sessions(events)
    assert len(messages) == len({(m["session_id"], m["seq"]) for m in messages}) == 30 * 60
    db.dispose()


@pytest.mark.requires("server_connection_to_drop", "listen_notify")
def test_follower_survives_a_dropped_connection(eng: MemoryEngine, backend: str) -> None:
    side = ReadSide(eng.writes, names=["sessions"], poll_interval=0.1)
    try:
        _fill(eng, 1, 5)
        side.wait(timeout=20)
        killed = _terminate(eng.config.db, APPLICATION_NAME)
        assert killed >= 1  # the follower's pooled and LISTEN connections
        _fill(eng, 2, 7)
        side.wait(timeout=30)
        assert side.runner.error is None and side.runner.running
        _position, sessions, messages = _state(side.db)
        assert len(messages) == 5 + 14 and len(sessions) == 3
        killed = _terminate(eng.config.db, None)  # every connection but ours, the writer's too
        assert killed >= 1
        _fill(eng, 1, 3)
        side.wait(timeout=30)
        assert len(_state(side.db)[2]) == 5 + 14 + 3
    finally:
        side.close()


def _terminate(db_url: str, application_name: str | None) -> int:
    with psycopg.connect(db_url, autocommit=True) as conn:
        query = (
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        params: tuple[Any, ...] = ()
        if application_name is not None:
            query += " AND application_name = %s"
            params = (application_name,)
        row = conn.execute(query, params).fetchone()
        return int(row[0]) if row else 0


def test_rebuild_while_writers_append_never_shows_a_partial_table(eng: MemoryEngine) -> None:
    _fill(eng, 10, 40)
    side = ReadSide(eng.writes, names=["sessions"], poll_interval=0.05)
    side.wait(timeout=60)
    stop = threading.Event()
    problems: list[str] = []
    observed: list[tuple[int, int]] = []
    writer_url = eng.config.db

    def write() -> None:
        with MemoryEngine.open(writer_url, config=EngineConfig(db=writer_url, projections_in_process=False)) as w:
            i = 0
            while not stop.is_set():
                sid = w.for_owner(OWNER).create_session(agent_id="writer")
                w.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": f"w{i} {k}"} for k in range(5)])
                i += 1

    def read() -> None:
        while not stop.is_set():
            position, _, messages = _state(side.db)
            expected = sum(1 for p in ids_snapshot() if p <= position)
            if len(messages) != expected:
                problems.append(f"position {position}: {len(messages)} rows, log has {expected}")
            observed.append((position, len(messages)))
            time.sleep(0.01)

    lock = threading.Lock()
    ids: list[int] = []

    def ids_snapshot() -> list[int]:
        with lock:
            fresh = _message_ids(eng)
            ids[:] = fresh
            return fresh

    threads = [threading.Thread(target=write), threading.Thread(target=read)]
    for t in threads:
        t.start()
    try:
        time.sleep(0.3)
        report = rebuild(eng.log, side.db, "sessions", batch_size=50, progress=False)
        time.sleep(0.3)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)
    assert report.new_version == 2 and report.old_version == 1
    assert not problems, problems[:5]
    assert observed and min(n for _, n in observed) >= 400  # never empty, never half-built
    counts = [n for _, n in observed]
    assert counts == sorted(counts)  # readers never went backwards across the switch
    side.wait(eng.log.recorder.max_notification_id(), timeout=60)
    _position, _sessions, messages = _state(side.db)
    assert len(messages) == len(_message_ids(eng))
    with side.db.connect() as conn:
        assert catalog.active_version(conn, "sessions").version == 2  # type: ignore[union-attr]
        assert [v.state for v in catalog.list_versions(conn, "sessions")] == ["retired", "active"]
    side.close()


def test_worker_until_caught_up_then_status_and_drop(eng: MemoryEngine, capsys: Any) -> None:
    from ledgermind.cli import main

    _fill(eng, 3, 4)
    url = eng.config.db
    assert main(["projections", "run", "--db", url, "--until-caught-up"]) == 0
    assert main(["projections", "rebuild", "tasks", "--db", url, "--json"]) == 0
    capsys.readouterr()
    assert main(["projections", "status", "--db", url, "--json"]) == 0
    import json

    rows = {(r["name"], r["version"]): r for r in json.loads(capsys.readouterr().out)}
    assert rows[("sessions", 1)]["lag"] == 0
    assert rows[("sessions", 1)]["rows"] == {"ml_sessions_v1": 3, "ml_messages_v1": 12}
    assert rows[("tasks", 1)]["state"] == "retired" and rows[("tasks", 2)]["state"] == "active"
    assert main(["projections", "drop", "tasks", "--version", "2", "--db", url]) == 2  # active
    assert main(["projections", "drop", "tasks", "--version", "1", "--db", url]) == 0
    db = open_read_db(eng.backend.sqlalchemy_url)
    with db.connect() as conn:
        assert [v.version for v in catalog.list_versions(conn, "tasks")] == [2]
        assert not db.dialect.has_table(conn, "ml_tasks_v1")
    runner = Runner(eng.log, db, registry.kinds(["tasks"]))
    assert runner.catch_up() == 0
    with db.connect() as conn:
        assert conn.execute(select(func.count()).select_from(runner.active()[0].tables[0])).scalar() == 0
    db.dispose()
