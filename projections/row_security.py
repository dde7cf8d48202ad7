"""Row-level security on PostgreSQL read models: a forgotten WHERE leaks nothing.

Why: every reader filters by ``app`` and ``user_id``, but one missing clause
in one query would hand one user's memories to another user's prompt. With
these policies the database enforces the owner scope itself.

Why settings and not roles: an earlier design switched readers to a
``ledgermind_reader`` role, which the engine had to create, and a login
without CREATEROLE (every managed PostgreSQL: ``CREATE DATABASE appdb OWNER
appuser``) could not. Policies keyed on transaction-local settings need no
role at all, so the same protection holds under a superuser, under the
database's owner, and under a login that only has DML rights on tables an
administrator created:

- every owner-scoped read-model table (it has ``app`` and ``user_id``
  columns, whichever projection or version made it) gets ``ENABLE`` and
  ``FORCE ROW LEVEL SECURITY`` (FORCE: the tables' owner, usually the very
  login the engine connects as, is bound by the policies too) and two
  permissive policies for every role (``PUBLIC``):

  * ``ledgermind_owner`` (SELECT): a row whose ``app`` / ``user_id`` match
    ``current_setting('ledgermind.app')`` / ``('ledgermind.user')``;
  * ``ledgermind_writer`` (ALL): every row, only while
    ``current_setting('ledgermind.scope')`` is ``'writer'``;

- ``owner_scope(conn, owner)`` sets the owner (and clears the writer scope)
  for the rest of the block (``owner_reads``: for the rest of the
  transaction, which the block then ends: a read with nothing after it
  restores nothing, one statement fewer), ``writer_scope(conn)`` sets the writer scope for
  the rest of the transaction; both with ``set_config(..., true)``, the
  ``SET LOCAL`` form, so a pooled connection never carries one request's
  scope into the next. A statement that runs in neither sees no row at all
  (an unset setting is NULL or empty, and matches nothing), and an INSERT
  there fails the writer policy's check: forgetting the scope fails closed;
- writers are the projections' own transactions: ``TableProjection.apply``
  (the runner's batches, a rebuild, a quarantine retry), its row counts (an
  operator's status, across owners) and the purge of an erased owner
  (``projections.purge``). They run in the writer scope, never a reader;
- every owner-scoped read of the engine runs inside ``owner_scope``: the
  audit queries (``projections.audit``) and search, ``build_context`` and the
  memory tools (``engine.retrieval.search``). The catalog tables hold no owner
  data and carry no policy;
- a superuser (or a BYPASSRLS login) is exempt from every policy, FORCE or
  not, so for such a login alone ``owner_scope`` also switches to
  ``ledgermind_reader`` (``SET LOCAL ROLE``; NOLOGIN, SELECT only), which the
  policies bind. Only such a login creates that role and its grants
  (``protect_tables``, ``grant_catalog``): a superuser may, and no other
  login ever needs it.

What this costs: PostgreSQL never lets a non-leakproof operator such as
``tsv @@ query`` become an index condition under a policy, so the search
index's lexical candidates are found by the owner index and a filter, over
the owner's rows (the earlier design ran that step outside the policy; see
docs/guides/postgresql.md for the measured cost). The writer scope is no way
round it: its policy is a qualifier too.

Who may set the writer scope: any code with a connection. The settings are a
guard against a forgotten ``WHERE`` in the engine's own queries, not a
boundary against code that can run arbitrary SQL as the login. SQLite has no
policies: the embedded default is one process serving its own user base, and
isolation there rests on the owner-scoped queries and the tests that check them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from ledgermind.domain.errors import InsufficientPrivilege, ProjectionError
from ledgermind.domain.owner import Owner
from ledgermind.storage.dialects import dialect_of

__all__ = [
    "POLICY",
    "READER_ROLE",
    "SCOPE_SETTING",
    "WRITER",
    "WRITER_POLICY",
    "all_rows",
    "grant_catalog",
    "owner_reads",
    "owner_scope",
    "protect_all",
    "protect_tables",
    "writer_scope",
]

POLICY = "ledgermind_owner"
READER_ROLE = "ledgermind_reader"
WRITER_POLICY = "ledgermind_writer"
SCOPE_SETTING = "ledgermind.scope"
WRITER = "writer"

_OWNER_CHECK = "app = current_setting('ledgermind.app', true) AND user_id = current_setting('ledgermind.user', true)"
_WRITER_CHECK = f"current_setting('{SCOPE_SETTING}', true) = '{WRITER}'"

# Whether the current role is exempt from row-level security.
_BYPASSES = "(SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user)"

_CREATE_ROLE = f"""
DO $$ BEGIN
    CREATE ROLE {READER_ROLE} NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$"""

# Per table: forced or not, and the roles of each ledgermind policy on it.
_STATE = """
SELECT c.relname, c.relrowsecurity AND c.relforcerowsecurity,
       coalesce((SELECT array_agg(p.policyname::text || ':' || array_to_string(p.roles, ','))
                 FROM pg_policies p
                 WHERE p.schemaname = n.nspname AND p.tablename = c.relname
                   AND p.policyname IN (:owner, :writer)), '{}')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = current_schema() AND c.relname = ANY(:names)
"""


def _missing(conn: Connection, names: list[str]) -> dict[str, list[str]]:
    """The DDL each of ``names`` still needs (tables that need none are left out)."""
    todo: dict[str, list[str]] = {}
    rows = conn.execute(text(_STATE), {"names": names, "owner": POLICY, "writer": WRITER_POLICY})
    for name, forced, policies in rows:
        quoted = '"' + str(name).replace('"', '""') + '"'
        roles = dict(str(p).split(":", 1) for p in policies)
        steps = []
        if not forced:
            steps += [
                f"ALTER TABLE {quoted} ENABLE ROW LEVEL SECURITY",
                f"ALTER TABLE {quoted} FORCE ROW LEVEL SECURITY",
            ]
        if POLICY not in roles:
            steps.append(f"CREATE POLICY {POLICY} ON {quoted} FOR SELECT USING ({_OWNER_CHECK})")
        elif roles[POLICY] != "public":
            # made by the role-switch design for ``ledgermind_reader`` only
            steps.append(f"ALTER POLICY {POLICY} ON {quoted} TO PUBLIC")
        if WRITER_POLICY not in roles:
            steps.append(
                f"CREATE POLICY {WRITER_POLICY} ON {quoted} FOR ALL "
                f"USING ({_WRITER_CHECK}) WITH CHECK ({_WRITER_CHECK})"
            )
        if steps:
            todo[str(name)] = steps
    return todo


def protect_tables(conn: Connection, tables: Iterable[str]) -> list[str]:
    """Puts the policies on the given tables (idempotent); returns them.

    Runs DDL only for what is missing: on protected tables it is one catalog
    query, so a login that does not own them (the DML-only split) passes, and
    a table some live batch is writing is not locked. Missing protection on a
    table this login does not own raises ``InsufficientPrivilege`` naming the
    command an administrator runs."""
    if not dialect_of(conn.dialect.name).row_security:
        return []
    names = sorted(set(tables))
    if not names:
        return []
    todo = _missing(conn, names)
    if todo:
        owned = {
            str(r[0]) for r in conn.execute(
                text("SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                     "WHERE n.nspname = current_schema() AND c.relname = ANY(:names) "
                     "AND pg_has_role(c.relowner, 'USAGE')"),
                {"names": list(todo)},
            )
        }  # fmt: skip
        if set(todo) - owned:
            raise InsufficientPrivilege(
                f"read-model tables {sorted(set(todo) - owned)} lack row-level security and this "
                "login does not own them: open the engine once as their owner (it adds the policies)"
            )
        for steps in todo.values():
            for sql in steps:
                conn.execute(text(sql))
    grant_catalog(conn, names)
    return names


# The read models' tables (``TableProjection.table_name``: ``ml_<stem>_v<N>``,
# the search index's too) that are scoped by owner. The catalog's own tables
# (``projection_*``; the quarantine names owners) carry no policy.
_OWNER_TABLES = r"""
SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname LIKE 'ml\_%'
  AND (SELECT count(*) FROM pg_attribute a WHERE a.attrelid = c.oid AND NOT a.attisdropped
       AND a.attname IN ('app', 'user_id')) = 2
ORDER BY c.relname
"""


def protect_all(db: Engine) -> list[str]:
    """Protects every owner-scoped read-model table present (each version,
    the search index included); returns them."""
    if not dialect_of(db.dialect.name).row_security:
        return []
    with db.begin() as conn:
        conn.execute(text("SELECT pg_advisory_xact_lock(hashtext('ledgermind-row-security'))"))
        return protect_tables(conn, [str(r[0]) for r in conn.execute(text(_OWNER_TABLES))])


def grant_catalog(conn: Connection, tables: Iterable[str]) -> None:
    """For a login that bypasses row security only: lets ``ledgermind_reader``
    read ``tables`` (protected read models, and the projection catalog, which
    holds no owner data: a lookup inside ``owner_scope`` must not fail).
    Grants only what is missing, so an open on an existing database writes no
    system catalog row; any other login never switches roles and needs none."""
    if not dialect_of(conn.dialect.name).row_security or not conn.execute(text(f"SELECT {_BYPASSES}")).scalar():
        return
    conn.execute(text(_CREATE_ROLE))
    for name in sorted(set(tables)):
        quoted = '"' + name.replace('"', '""') + '"'
        granted = conn.execute(
            text("SELECT has_table_privilege(:r, :t, 'SELECT')"), {"r": READER_ROLE, "t": quoted}
        ).scalar()
        if not granted:
            conn.execute(text(f"GRANT SELECT ON {quoted} TO {READER_ROLE}"))
    if not conn.execute(
        text("SELECT has_schema_privilege(:r, current_schema(), 'USAGE')"), {"r": READER_ROLE}
    ).scalar():
        schema = str(conn.execute(text("SELECT current_schema()")).scalar())
        conn.execute(text(f'GRANT USAGE ON SCHEMA "{schema.replace(chr(34), chr(34) * 2)}" TO {READER_ROLE}'))


def _in_transaction(conn: Connection, what: str) -> None:
    if conn.get_execution_options().get("isolation_level") == "AUTOCOMMIT":
        # set_config(..., true) would last one statement: the rest would run unscoped
        raise ProjectionError(f"{what} needs a transaction, not an AUTOCOMMIT connection")


def writer_scope(conn: Connection) -> Connection:
    """Every row of every owner, readable and writable, until ``conn``'s
    transaction ends: for the projections' own writes, their purges and
    operator counts. Never for a read on behalf of an owner."""
    if dialect_of(conn.dialect.name).row_security:
        _in_transaction(conn, "writer_scope")
        conn.execute(text(f"SELECT set_config('{SCOPE_SETTING}', '{WRITER}', true)"))
    return conn


# The settings in force before (read first: the CTE's row exists before the
# outer target list runs), then the owner with no writer scope, and the
# reader role for a login the policies would not bind, in one round trip.
_ENTER = (
    "WITH before AS MATERIALIZED (SELECT current_setting('role') AS r, "
    f"coalesce(current_setting('{SCOPE_SETTING}', true), '') AS s, "
    "coalesce(current_setting('ledgermind.app', true), '') AS a, "
    f"coalesce(current_setting('ledgermind.user', true), '') AS u, {_BYPASSES} AS b) "
    "SELECT before.r, before.s, before.a, before.u, "
    f"set_config('role', CASE WHEN before.b THEN '{READER_ROLE}' ELSE before.r END, true), "
    f"set_config('{SCOPE_SETTING}', '', true), "
    "set_config('ledgermind.app', :app, true), set_config('ledgermind.user', :user, true) FROM before"
)
_LEAVE = (
    f"SELECT set_config('role', :r, true), set_config('{SCOPE_SETTING}', :s, true), "
    "set_config('ledgermind.app', :a, true), set_config('ledgermind.user', :u, true)"
)


_SWAP_SCOPE = (
    f"WITH before AS MATERIALIZED (SELECT coalesce(current_setting('{SCOPE_SETTING}', true), '') AS s) "
    f"SELECT before.s, set_config('{SCOPE_SETTING}', :s, true) FROM before"
)


@contextmanager
def all_rows(conn: Connection) -> Iterator[Connection]:
    """The writer scope for the block only, then the scope before it (an
    owner's, say): for aggregate statistics that must count every owner's
    rows while no row's content leaves the block."""
    if not dialect_of(conn.dialect.name).row_security:
        yield conn
        return
    _in_transaction(conn, "all_rows")
    before = conn.execute(text(_SWAP_SCOPE), {"s": WRITER}).scalar()
    yield conn
    conn.execute(text(_SWAP_SCOPE), {"s": before})  # an error: the rollback ends it


@contextmanager
def owner_scope(conn: Connection, owner: Owner) -> Iterator[Connection]:
    """Reads in ``conn``'s current transaction see ``owner``'s rows only,
    until the block ends. Use inside a transaction (``db.begin()``,
    ``projections.db.snapshot``, or a ``db.connect()`` that has autobegun):
    the settings end with it at the latest."""
    if not dialect_of(conn.dialect.name).row_security:
        yield conn  # SQLite: no policies; the queries' own owner filters are the guard
        return
    _in_transaction(conn, "owner_scope")
    before = conn.execute(text(_ENTER), {"app": owner.app, "user": owner.user_id}).one()
    yield conn
    # Not in a ``finally``: after an error the transaction is aborted (no
    # statement runs) and its rollback ends the settings anyway.
    conn.execute(text(_LEAVE), {"r": before[0], "s": before[1], "a": before[2], "u": before[3]})


@contextmanager
def owner_reads(conn: Connection, owner: Owner) -> Iterator[Connection]:
    """``owner_scope`` for a read that ends its transaction with the block:
    the settings are not put back (one statement fewer per read, the
    search's path); the block rolls the transaction back instead, which ends
    them (a rollback of reads changes nothing). Nothing after the block can
    run in the scope, since no transaction is left to carry it."""
    if not dialect_of(conn.dialect.name).row_security:
        yield conn  # SQLite: no policies; the queries' own owner filters are the guard
        return
    _in_transaction(conn, "owner_reads")
    conn.execute(text(_ENTER), {"app": owner.app, "user": owner.user_id})
    yield conn
    # Not in a ``finally``, as ``owner_scope``: after an error the transaction
    # is aborted, and its rollback (the connection's close) ends the settings.
    conn.rollback()
