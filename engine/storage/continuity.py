"""A PostgreSQL event store refuses an event whose predecessor it lacks.

Why: the writer thread keeps aggregates in memory and numbers each new event
``version + 1`` from its cached copy. After a failover with asynchronous
replication, the promoted standby may lack the last events the old primary
acknowledged; the cache is then ahead of the store, and the next append
would be stored at ``cached version + 1``, leaving a hole in the stream where
the lost events were (the stream could no longer be replayed: its versions
must be contiguous). Nothing on the client side can see this coming: the
library reconnects inside the insert (it retries a statement that meets a dead
connection on a fresh one, and libpq's ``target_session_attrs=read-write``
finds the new primary), so the first write after the failover is already on
the new server.

So the store checks, in the insert's own transaction: a row-level BEFORE
INSERT trigger on the events table refuses version ``n > 1`` of a stream
unless version ``n - 1`` is there (an index probe of the primary key the
insert touches anyway; rows earlier in the same statement are visible to
it). The refusal is a ``unique_violation`` whose message starts with
``BEHIND_MARKER``: the writer's conflict path already evicts what the
command touched and reloads it from the store, and on seeing the marker it
also drops its whole cache (every cached aggregate may be ahead) and logs a
warning. SQLite needs no guard: one file has no replicas to fail over to.
"""

from __future__ import annotations

import logging
from typing import Any

from ledgermind.storage.pg_checkout import transaction

__all__ = ["BEHIND_MARKER", "install_version_guard", "is_store_behind"]

log = logging.getLogger("ledgermind.storage")

BEHIND_MARKER = "ledgermind: the store is behind the writer"
_FUNCTION = "ledgermind_version_guard"
_TRIGGER = "ledgermind_version_guard"
_LOCK_KEY = 0x6D6C_7667  # "mlvg": serialises concurrent installers (CREATE OR REPLACE races)


def _ddl(schema: str, table: str) -> list[str]:
    qualified = f'"{schema}"."{table}"'
    return [
        f"""CREATE OR REPLACE FUNCTION "{schema}".{_FUNCTION}() RETURNS trigger
        LANGUAGE plpgsql VOLATILE AS $guard$
        BEGIN
            IF NEW.originator_version > 1 AND NOT EXISTS (
                SELECT 1 FROM {qualified}
                WHERE originator_id = NEW.originator_id
                  AND originator_version = NEW.originator_version - 1
            ) THEN
                RAISE EXCEPTION USING ERRCODE = 'unique_violation',
                    MESSAGE = '{BEHIND_MARKER}: stream ' || NEW.originator_id || ' has no version '
                        || (NEW.originator_version - 1) || ' (events lost in a failover?)';
            END IF;
            RETURN NEW;
        END
        $guard$""",
        f"""CREATE TRIGGER {_TRIGGER} BEFORE INSERT ON {qualified}
        FOR EACH ROW EXECUTE FUNCTION "{schema}".{_FUNCTION}()""",
    ]


def install_version_guard(datastore: Any, table: str) -> None:
    """Creates the guard on ``table`` unless it is there (eventsourcing's
    ``PostgresDatastore``; called once the recorder made its tables). A login
    that may not create it (not the table's owner) keeps working unguarded,
    with a warning: refusing to open would be worse than the rare failover gap."""
    with transaction(datastore, commit=True) as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        cursor.execute(
            "SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE t.tgname = %s AND c.relname = %s AND n.nspname = %s",
            (_TRIGGER, table, datastore.schema),
        )
        if cursor.fetchone() is not None:
            return
        cursor.execute(
            "SELECT pg_has_role(c.relowner, 'USAGE') AS mine FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = %s AND n.nspname = %s",
            (table, datastore.schema),
        )
        row = cursor.fetchone()
        if row is None or not row["mine"]:
            log.warning(
                "cannot guard %s against a stale writer cache after a failover: this login does "
                "not own the table (open the store once as its owner to install the guard)",
                table,
            )
            return
        for statement in _ddl(datastore.schema, table):
            cursor.execute(statement)


def is_store_behind(error: BaseException) -> bool:
    """True when ``error`` is the guard's refusal (the writer's cache is ahead)."""
    return BEHIND_MARKER in str(error)
