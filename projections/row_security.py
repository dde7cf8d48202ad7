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
- ``owner_scope(conn, owner)`` sets role and owner inside one transaction
  only (``set_config(..., true)``, the ``SET LOCAL`` form, in one round
  trip), so a pooled connection never carries one request's owner into the
  next. Without it, the reader role sees no rows at all: the settings are
  unset, and NULL matches nothing. Leaving the block normally restores the
  connecting role for the rest of the transaction (an error leaves it to the
  rollback, which ends both);
- every owner-scoped read of the engine runs inside ``owner_scope``: the
  audit queries (``projections.audit``) and search, ``build_context`` and the
  memory tools (``engine.retrieval.search``). Resolve the active version in
  the catalog first; the reader may read the catalog too (``grant_catalog``),
  which holds no owner data.

One read step runs as the connecting role on purpose: the search index's
lexical candidate list (row ids only). PostgreSQL never lets a
non-leakproof operator such as ``tsv @@ query`` become an index condition
under a policy, so under the reader role every full-text query would scan
all of the owner's rows (measured: 0.1 ms -> 17 ms at 60k rows). Its ids go
on to the fetch of the rows' content, which runs under the policy, so a
forgotten ``WHERE`` there could cost ranking slots, never another owner's text.

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

from memledger.domain.errors import ProjectionError
from memledger.domain.owner import Owner
from memledger.projections.purge import owner_tables

__all__ = ["POLICY", "READER_ROLE", "grant_catalog", "owner_scope", "protect_all", "protect_tables"]

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


def grant_catalog(conn: Connection, tables: Iterable[str]) -> None:
    """Lets the reader read the projection catalog (active versions,
    positions): no owner data there, and a lookup inside ``owner_scope`` must
    not fail with a permission error. Grants only what is missing, so an
    open on an existing database writes no system catalog row."""
    if conn.dialect.name != "postgresql":
        return
    conn.execute(text(_CREATE_ROLE))
    for name in sorted(set(tables)):
        quoted = f'"{name}"'
        granted = conn.execute(
            text("SELECT has_table_privilege(:r, :t, 'SELECT')"), {"r": READER_ROLE, "t": quoted}
        ).scalar()
        if not granted:
            conn.execute(text(f"GRANT SELECT ON {quoted} TO {READER_ROLE}"))
    if not conn.execute(
        text("SELECT has_schema_privilege(:r, current_schema(), 'USAGE')"), {"r": READER_ROLE}
    ).scalar():
        conn.execute(text(f"GRANT USAGE ON SCHEMA {_current_schema(conn)} TO {READER_ROLE}"))


# The role in force before (read first: the CTE's row exists before the
# outer target list runs), then role and owner, in one round trip.
_ENTER = (
    "WITH before AS MATERIALIZED (SELECT current_setting('role') AS r) "
    "SELECT before.r, set_config('role', :role, true), "
    "set_config('memledger.app', :app, true), set_config('memledger.user', :user, true) FROM before"
)


@contextmanager
def owner_scope(conn: Connection, owner: Owner) -> Iterator[Connection]:
    """Reads in ``conn``'s current transaction as the reader role, scoped to
    ``owner``, until the block ends. Use inside a transaction (``db.begin()``,
    ``projections.db.snapshot``, or a ``db.connect()`` that has autobegun):
    the settings end with it at the latest."""
    if conn.dialect.name != "postgresql":
        yield conn  # SQLite: no roles; the queries' own owner filters are the guard
        return
    if conn.get_execution_options().get("isolation_level") == "AUTOCOMMIT":
        # set_config(..., true) would last one statement: the reads would run unscoped
        raise ProjectionError("owner_scope needs a transaction, not an AUTOCOMMIT connection")
    params = {"role": READER_ROLE, "app": owner.app, "user": owner.user_id}
    before = conn.execute(text(_ENTER), params).scalar()
    yield conn
    # Not in a ``finally``: after an error the transaction is aborted (no
    # statement runs) and its rollback ends the role anyway.
    conn.execute(text("SELECT set_config('role', :role, true)"), {"role": before})


def _current_schema(conn: Connection) -> str:
    name = str(conn.execute(text("SELECT current_schema()")).scalar())
    return '"' + name.replace('"', '""') + '"'
