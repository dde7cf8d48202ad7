"""Row-level security on PostgreSQL read models.

Declared capability (``row_level_security`` in tests/support/capabilities.py):
SQLite has no roles or policies, so these run on the backends that declare
it (PostgreSQL); ``test_sqlite_has_no_row_security`` runs on those that do
not and pins that the helpers are explicit no-ops there rather than silently
half-working.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import ProgrammingError

from ledgermind import MemoryEngine, Owner
from ledgermind.projections.purge import owner_tables
from ledgermind.projections.rebuild import rebuild
from ledgermind.projections.row_security import (
    POLICY,
    READER_ROLE,
    WRITER_POLICY,
    owner_scope,
    protect_all,
    writer_scope,
)
from tests.support.capabilities import has, on_backends_with, on_backends_without

ALICE, BOB = Owner("rls", "alice"), Owner("rls", "bob")


@pytest.fixture
def pg_eng(db_url: str) -> Iterator[MemoryEngine]:
    with MemoryEngine.open(db_url) as eng:
        for owner, n in ((ALICE, 3), (BOB, 5)):
            sid = eng.for_owner(owner).create_session("agent")
            for i in range(n):
                eng.for_owner(owner).add_message(sid, "user", f"{owner.user_id} says {i}")
            eng.for_owner(owner).start_task(sid, f"{owner.user_id} task")
        eng.projections.wait(eng.position)
        yield eng


def _count(conn: object, table: str) -> int:
    return int(conn.execute(text(f'SELECT count(*) FROM "{table}"')).scalar())  # type: ignore[attr-defined]


def _as_reads_run(conn: Any, backend: str) -> None:
    """The role the engine's reads run as, without their owner setting: the
    login itself, or (a superuser, whom no policy binds) the reader role."""
    if has(backend, "superuser_login"):
        conn.execute(text(f"SET LOCAL ROLE {READER_ROLE}"))


@on_backends_with("row_level_security")
def test_a_read_without_owner_setting_sees_nothing(pg_eng: MemoryEngine, backend: str) -> None:
    db = pg_eng.projections.db
    protected = protect_all(db)
    tables = owner_tables(db)
    assert set(tables) - {"projection_quarantine"} <= set(protected) and "ml_messages_v1" in tables
    with db.begin() as conn:  # the writer scope (the runner, purges) sees everyone
        writer_scope(conn)
        assert _count(conn, "ml_messages_v1") == 8
    with db.begin() as conn:  # a forgotten WHERE and a forgotten scope: nothing
        _as_reads_run(conn, backend)
        for table in protected:
            assert _count(conn, table) == 0, table
    with db.begin() as conn, owner_scope(conn, ALICE):
        assert _count(conn, "ml_messages_v1") == 3
        users = {r[0] for r in conn.execute(text("SELECT DISTINCT user_id FROM ml_messages_v1"))}
        assert users == {"alice"}
        assert _count(conn, "ml_tasks_v1") == 1
    with db.begin() as conn, owner_scope(conn, BOB):
        assert _count(conn, "ml_messages_v1") == 5
    with db.begin() as conn:  # a writer's scope ends with its transaction
        writer_scope(conn)
    with db.connect() as conn:  # SET LOCAL ended with the transaction: the pool is clean
        assert conn.execute(text("SELECT current_user <> :r"), {"r": READER_ROLE}).scalar()
        for name in ("ledgermind.app", "ledgermind.scope"):
            assert not conn.execute(text("SELECT current_setting(:n, true)"), {"n": name}).scalar()
        if not has(backend, "superuser_login"):
            assert _count(conn, "ml_messages_v1") == 0


@on_backends_with("row_level_security")
def test_an_owner_scope_cannot_write_or_spoof_another_app(pg_eng: MemoryEngine, backend: str) -> None:
    db = pg_eng.projections.db
    protect_all(db)
    with db.begin() as conn, owner_scope(conn, Owner("rls-other", "alice")):
        assert _count(conn, "ml_messages_v1") == 0  # same user id, other app: nothing
    if has(backend, "superuser_login"):  # the reader role has SELECT only
        with pytest.raises(ProgrammingError, match="permission denied"):
            with db.begin() as conn, owner_scope(conn, ALICE):
                conn.execute(text("DELETE FROM ml_messages_v1"))
    else:  # the owner's own login: no policy admits a write outside the writer scope
        with db.begin() as conn, owner_scope(conn, ALICE):
            assert conn.execute(text("DELETE FROM ml_messages_v1")).rowcount == 0
        with pytest.raises(ProgrammingError, match="row-level security"):  # before the key clash
            with db.begin() as conn, owner_scope(conn, ALICE):
                conn.execute(text("INSERT INTO ml_sessions_v1 SELECT * FROM ml_sessions_v1"))
    with db.begin() as conn:
        assert _count(writer_scope(conn), "ml_messages_v1") == 8


@on_backends_with("row_level_security")
def test_new_projection_versions_are_protected_on_creation(pg_eng: MemoryEngine, backend: str) -> None:
    """A rebuild creates version N+1 tables; they carry the policy from birth."""
    db = pg_eng.projections.db
    rebuild(pg_eng.log, db, "sessions", progress=False)
    with db.connect() as conn:
        for policy in (POLICY, WRITER_POLICY):
            tables = {
                r[0]
                for r in conn.execute(text("SELECT tablename FROM pg_policies WHERE policyname = :p"), {"p": policy})
            }
            assert {"ml_sessions_v2", "ml_messages_v2"} <= tables
    with db.begin() as conn:
        _as_reads_run(conn, backend)
        assert _count(conn, "ml_messages_v2") == 0
    with db.begin() as conn, owner_scope(conn, BOB):
        assert _count(conn, "ml_messages_v2") == 5


@on_backends_without("row_level_security")
def test_sqlite_has_no_row_security(db_url: str) -> None:
    with MemoryEngine.open(db_url) as eng:
        eng.for_owner(ALICE).create_session("agent")
        db = eng.projections.db
        eng.projections.wait(eng.position)
        assert protect_all(db) == []
        with db.begin() as conn, owner_scope(conn, ALICE):  # no roles: a plain transaction
            assert _count(conn, "ml_sessions_v1") == 1
