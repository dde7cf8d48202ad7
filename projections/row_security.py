"""Row-level security on PostgreSQL read models: a forgotten WHERE leaks nothing.

Why: every reader filters by ``app`` and ``user_id``, but one missing clause
in one query would hand one user's memories to another user's prompt. With
these policies the database enforces the owner scope itself:

- every owner-scoped read-model table (it has ``app`` and ``user_id``
  columns, whichever projection or version made it) gets ``ENABLE ROW LEVEL
  SECURITY`` and a policy ``memledger_owner`` that admits a row only when it
  matches ``current_setting('memledger.app')`` / ``('memledger.user')``;
- readers run as ``memledger_reader`` (``SET LOCAL ROLE``; NOLOGIN, SELECT
  only), which is subject to the policy; the tables' owner (the projection
  runner and ``erase_owner``, which write and purge) is not, since the tables
  are not ``FORCE``d;
- ``owner_scope(conn, owner)`` sets role and owner for one transaction only
  (``SET LOCAL`` / ``set_config(..., true)``), so a pooled connection never
  carries one request's owner into the next. Without it, the reader role
  sees no rows at all: the settings are unset, and NULL matches nothing.

The connecting role must be a member of ``memledger_reader`` (a superuser or
the role that created it is); in production, grant it explicitly. SQLite has
no roles: the embedded default is one process serving its own user base, and
isolation there rests on the owner-scoped queries and the tests that check them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from engine.erasure import owner_tables
from engine.owner import Owner

__all__ = ["POLICY", "READER_ROLE", "owner_scope", "protect_all", "protect_tables"]

READER_ROLE = "memledger_reader"
POLICY = "memledger_owner"

_CREATE_ROLE = f"""
DO $$ BEGIN
    CREATE ROLE {READER_ROLE} NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$"""


def protect_tables(conn: Connection, tables: Iterable[str]) -> list[str]:
    """Enables the owner policy on the given tables (idempotent); returns them."""
    if conn.dialect.name != "postgresql":
        return []
    names = sorted(set(tables))
    if not names:
        return []
    conn.execute(text(_CREATE_ROLE))
    existing = {
        str(r[0])
        for r in conn.execute(
            text("SELECT tablename FROM pg_policies WHERE policyname = :p AND schemaname = current_schema()"),
            {"p": POLICY},
        )
    }
    for name in names:
        quoted = f'"{name}"'
        conn.execute(text(f"ALTER TABLE {quoted} ENABLE ROW LEVEL SECURITY"))
        if name not in existing:
            conn.execute(
                text(
                    f"CREATE POLICY {POLICY} ON {quoted} FOR SELECT TO {READER_ROLE} USING ("
                    "app = current_setting('memledger.app', true) AND "
                    "user_id = current_setting('memledger.user', true))"
                )
            )
        conn.execute(text(f"GRANT SELECT ON {quoted} TO {READER_ROLE}"))
    conn.execute(text(f"GRANT USAGE ON SCHEMA {_current_schema(conn)} TO {READER_ROLE}"))
    return names


def protect_all(db: Engine) -> list[str]:
    """Protects every owner-scoped table present (read models and search index)."""
    if db.dialect.name != "postgresql":
        return []
    tables = owner_tables(db)
    with db.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(hashtext('memledger-row-security'))"))
        return protect_tables(conn, tables)


@contextmanager
def owner_scope(conn: Connection, owner: Owner) -> Iterator[Connection]:
    """Reads in ``conn``'s current transaction as the reader role, scoped to
    ``owner``. Use inside ``db.begin()``; both settings end with the transaction."""
    if conn.dialect.name == "postgresql":
        conn.execute(text(f"SET LOCAL ROLE {READER_ROLE}"))
        conn.execute(
            text("SELECT set_config('memledger.app', :app, true), set_config('memledger.user', :user, true)"),
            {"app": owner.app, "user": owner.user_id},
        )
    yield conn


def _current_schema(conn: Connection) -> str:
    name = str(conn.execute(text("SELECT current_schema()")).scalar())
    return '"' + name.replace('"', '""') + '"'
