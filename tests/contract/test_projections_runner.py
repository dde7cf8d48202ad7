"""The runner: batched catch-up, exactly-once positions, live following, waits."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import AlreadyProcessed, ProjectionTimeout
from ledgermind.projections import catalog, registry
from ledgermind.projections.db import open_read_db
from ledgermind.projections.row_security import owner_scope, writer_scope
from ledgermind.projections.runner import Runner, commit_batch, read_step

OWNER = Owner("support", "user-42")


def _count(db, table) -> int:  # type: ignore[no-untyped-def]
    with db.connect() as conn:  # every owner's rows (row-level security: the writer scope)
        return int(writer_scope(conn).execute(select(func.count()).select_from(table)).scalar() or 0)


def _chat(eng: MemoryEngine, n: int) -> str:
    sid = eng.for_owner(OWNER).create_session(agent_id="agent-7")
    eng.for_owner(OWNER).add_messages(sid, [{"role": "user", "content": f"message {i}"} for i in range(n)])
    return sid


def test_catch_up_in_batches_then_nothing_to_do(eng: MemoryEngine) -> None:
    _chat(eng, 23)
    db = open_read_db(eng.backend.sqlalchemy_url)
    batches: list[tuple[str, int, int]] = []
    runner = Runner(
        eng.log,
        db,
        registry.kinds(["sessions"]),
        batch_size=5,
        on_batch=lambda p, old, new: batches.append((p.name, old, new)),
    )
    assert runner.catch_up() == 24  # session.created + 23 messages
    assert len(batches) >= 5 and all(old < new for _, old, new in batches)
    assert runner.catch_up() == 0
    messages = runner.active()[0].table("messages")  # type: ignore[attr-defined]
    assert _count(db, messages) == 23
    assert runner.positions()["sessions"] == eng.log.recorder.max_notification_id()
    db.dispose()


def test_a_replayed_batch_is_rejected_and_writes_nothing(eng: MemoryEngine) -> None:
    _chat(eng, 3)
    db = open_read_db(eng.backend.sqlalchemy_url)
    runner = Runner(eng.log, db, registry.kinds(["sessions"]))
    proj = runner.active()[0]
    reader = runner.reader  # the runner's own view of the log
    head = reader.head()
    envelopes, new = read_step(reader, 0, head, 500, proj.topics)
    commit_batch(db, proj, 0, new, envelopes)
    with pytest.raises(AlreadyProcessed):
        commit_batch(db, proj, 0, new, envelopes)  # the same batch again
    with pytest.raises(AlreadyProcessed):
        commit_batch(db, proj, new, new, [])  # not past the stored position
    assert _count(db, proj.table("messages")) == 3  # type: ignore[attr-defined]
    with db.connect() as conn:
        assert catalog.read_position(conn, "sessions", 1) == new
    db.dispose()


def test_two_runners_racing_apply_each_event_once(eng: MemoryEngine) -> None:
    for _ in range(4):
        _chat(eng, 30)
    db = open_read_db(eng.backend.sqlalchemy_url)
    runners = [Runner(eng.log, db, registry.kinds(["sessions"]), batch_size=7) for _ in range(2)]
    runners[0].active()
    threads = [threading.Thread(target=r.catch_up) for r in runners]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    proj = runners[0].active()[0]
    assert _count(db, proj.table("messages")) == 120  # type: ignore[attr-defined]
    db.dispose()


def test_in_process_read_side_gives_read_your_writes(eng: MemoryEngine) -> None:
    side = eng.projections
    assert side.runner.running
    sid = _chat(eng, 2)
    side.wait()
    with side.db.connect() as conn, owner_scope(conn, OWNER):
        sessions = side.tables("sessions", conn)["sessions"]
        row = conn.execute(select(sessions).where(sessions.c.session_id == sid)).one()
    assert row.message_count == 2 and row.app == OWNER.app
    with pytest.raises(ProjectionTimeout):
        side.wait(eng.position + 1000, timeout=0.3)


def test_close_stops_the_in_process_runner(db_url: str) -> None:
    eng = MemoryEngine.open(db_url)
    runner = eng.projections.runner
    assert runner.running
    eng.close()
    assert not runner.running


def test_migrations_are_append_only(eng: MemoryEngine) -> None:
    from sqlalchemy import text

    from ledgermind.domain.errors import ProjectionError
    from ledgermind.projections.catalog import Migration, run_migrations

    db = open_read_db(eng.backend.sqlalchemy_url)
    runner = Runner(eng.log, db, registry.kinds(["tasks"]))
    proj = runner.active()[0]
    steps = proj.migrations()  # type: ignore[attr-defined]
    index = Migration(
        "index on status", lambda conn: conn.execute(text("CREATE INDEX ix_status ON ml_tasks_v1 (status)"))
    )
    with db.begin() as conn:
        assert run_migrations(conn, "tasks", 1, [*steps, index]) == 1
        assert run_migrations(conn, "tasks", 1, [*steps, index]) == 0  # recorded: not run again
    with db.begin() as conn, pytest.raises(ProjectionError):
        run_migrations(conn, "tasks", 1, [Migration("edited first step", steps[0].run)])
    db.dispose()


def test_runners_racing_to_register_version_one_both_succeed(eng: MemoryEngine) -> None:
    _chat(eng, 3)
    db = open_read_db(eng.backend.sqlalchemy_url)
    runners = [Runner(eng.log, db, registry.kinds(["sessions", "tasks", "memory"])) for _ in range(3)]
    errors: list[BaseException] = []

    def go(r: Runner) -> None:
        try:
            r.catch_up()
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=go, args=(r,)) for r in runners]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with db.connect() as conn:
        assert [(v.name, v.version, v.state) for v in catalog.list_versions(conn)] == [
            ("memory", 1, "active"),
            ("sessions", 1, "active"),
            ("tasks", 1, "active"),
        ]
    assert _count(db, runners[0].active()[0].table("messages")) == 3  # type: ignore[attr-defined]
    db.dispose()
