"""The engine under the login a managed PostgreSQL hands out.

``postgresql-app`` (tests/conftest.py) logs in as ``ml_app``: no SUPERUSER,
CREATEROLE or CREATEDB, the owner of its database, with ``vector`` created
in it by a superuser. Every store-facing suite runs there too
(``APP_LOGIN_SUITES``); these tests pin what is specific to it: the login
really is that weak, every kind of read and operator command works, reads
stay under row-level security without any role switch, a missing ``vector``
extension is a typed error that names the administrator's command, and
tables protected by the earlier role-switch design are brought up to date.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from sqlalchemy import text

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.errors import InsufficientPrivilege
from ledgermind.projections import admin, audit
from ledgermind.projections.purge import owner_tables
from ledgermind.projections.rebuild import rebuild
from ledgermind.projections.row_security import (
    POLICY,
    READER_ROLE,
    WRITER_POLICY,
    owner_scope,
    writer_scope,
)
from ledgermind.projections.search_store.postgres import VECTOR_COMMAND
from tests.support.capabilities import backends_with, has, on_backends_with

ALICE, BOB = Owner("least", "alice"), Owner("least", "bob")

_APP_LOGINS = [b for b in backends_with("row_level_security") if not has(b, "superuser_login")]
_SUPERUSERS = [b for b in backends_with("row_level_security") if has(b, "superuser_login")]


def _seed(eng: MemoryEngine) -> None:
    for owner in (ALICE, BOB):
        sid = eng.for_owner(owner).create_session("agent")
        eng.for_owner(owner).add_message(sid, "user", f"I am {owner.user_id} and I drink green tea")
        eng.for_owner(owner).remember(f"{owner.user_id} drinks green tea")
    eng.projections.wait(eng.position)


@pytest.mark.parametrize("backend", _APP_LOGINS, indirect=True)
def test_every_read_and_operator_command_works_as_a_plain_database_owner(db_url: str) -> None:
    with MemoryEngine.open(db_url) as eng:
        db = eng.projections.db
        with db.connect() as conn:
            me, weak = conn.execute(
                text(
                    "SELECT current_user, NOT (rolsuper OR rolcreaterole OR rolcreatedb OR rolbypassrls) "
                    "FROM pg_roles WHERE rolname = current_user"
                )
            ).one()
        assert weak, f"{me} is not a least-privilege login"
        _seed(eng)
        hits = eng.for_owner(ALICE).search("green tea", include_messages=True)
        assert hits and all("alice" in h.statement for h in hits)
        assert "alice drinks green tea" in eng.for_owner(ALICE).build_context("tea", time_budget_ms=5000)
        assert [b["statement"] for b in audit.beliefs_as_of(eng.projections, ALICE)] == ["alice drinks green tea"]
        with db.begin() as conn, owner_scope(conn, ALICE):  # no role switch: the policies bind me
            assert conn.execute(text("SELECT current_user")).scalar() == me
            users = conn.execute(text("SELECT DISTINCT user_id FROM ml_messages_v1")).scalars()
            assert set(users) == {"alice"}
        # an operator's status counts every owner's rows (the writer scope)
        rows = {s.name: s.rows for s in admin.status(eng.log, db)}
        assert rows["sessions"]["ml_messages_v1"] == 2 and rows["search"]["ml_search_v1"] >= 4
        assert rebuild(eng.log, db, "search", progress=False).new_version == 2
        assert [h.statement for h in eng.for_owner(BOB).search("tea")] == ["bob drinks green tea"]
        eng.for_owner(ALICE).erase()
        with db.begin() as conn:  # the runner's fold and the purge both reached every row of hers
            writer_scope(conn)
            left = {
                t: conn.execute(
                    text(f'SELECT count(*) FILTER (WHERE user_id = :u), count(*) FROM "{t}"'), {"u": "alice"}
                ).one()
                for t in owner_tables(db)
            }
        assert all(alice == 0 for alice, _ in left.values()), left
        assert left["ml_messages_v1"][1] == 1 and eng.for_owner(BOB).search("tea")


@pytest.fixture
def no_vector_url(pg_server_dsn: str, pg_app_password: str) -> Iterator[str]:
    """A database owned by ``ml_app`` in which nobody created ``vector``."""
    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(pg_server_dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" OWNER ml_app')
    parts = urlsplit(pg_server_dsn)
    host = parts.netloc.rpartition("@")[2]
    yield urlunsplit(parts._replace(netloc=f"ml_app:{pg_app_password}@{host}", path="/" + name))
    with psycopg.connect(pg_server_dsn, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_missing_vector_extension_names_the_admins_command(no_vector_url: str) -> None:
    with MemoryEngine.open(no_vector_url) as eng:
        with pytest.raises(InsufficientPrivilege) as caught:
            eng.for_owner(ALICE).search("tea")
    assert VECTOR_COMMAND in str(caught.value) and "superuser" in str(caught.value)


@pytest.mark.parametrize("backend", _SUPERUSERS, indirect=True)
def test_tables_of_the_role_switch_design_are_brought_up_to_date(db_url: str) -> None:
    """In the earlier role-switch design the policy was for ``ledgermind_reader`` only and the
    tables were not FORCEd (their owner read everything); an engine opening
    such a database adds what is missing."""
    with MemoryEngine.open(db_url) as eng:
        _seed(eng)
        with eng.projections.db.begin() as conn:
            for table in ("ml_sessions_v1", "ml_messages_v1"):
                conn.execute(text(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY"))
                conn.execute(text(f"DROP POLICY {WRITER_POLICY} ON {table}"))
                conn.execute(text(f"ALTER POLICY {POLICY} ON {table} TO {READER_ROLE}"))
    with MemoryEngine.open(db_url) as eng:
        eng.projections.wait(eng.position)
        with eng.projections.db.connect() as conn:
            forced = conn.execute(
                text(
                    "SELECT bool_and(relforcerowsecurity) FROM pg_class "
                    "WHERE relname IN ('ml_sessions_v1', 'ml_messages_v1')"
                )
            ).scalar()
            policies = set(
                conn.execute(
                    text(
                        "SELECT policyname || ':' || array_to_string(roles, ',') FROM pg_policies "
                        "WHERE tablename = 'ml_messages_v1'"
                    )
                ).scalars()
            )
        assert forced
        assert policies == {f"{POLICY}:public", f"{WRITER_POLICY}:public"}
        assert [h.statement for h in eng.for_owner(BOB).search("tea")] == ["bob drinks green tea"]


@on_backends_with("row_level_security")
def test_owner_scope_never_needs_a_role_the_login_cannot_create(db_url: str, backend: str) -> None:
    """Only a login that bypasses row security reads as ``ledgermind_reader``;
    the app login reads as itself, so no CREATE ROLE is ever attempted."""
    with MemoryEngine.open(db_url) as eng:
        _seed(eng)
        with eng.projections.db.begin() as conn, owner_scope(conn, BOB):
            role = conn.execute(text("SELECT current_user")).scalar()
    assert (role == READER_ROLE) == has(backend, "superuser_login")
