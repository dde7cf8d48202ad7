"""One PostgreSQL append: one round trip, one write to the socket, no table lock, NOTIFY after COMMIT.

Why not the library's insert: ``eventsourcing``'s PostgreSQL recorder takes
``LOCK TABLE ... IN EXCLUSIVE MODE`` and queues a ``NOTIFY`` in every insert
transaction. Both are held until the commit has reached the disk (a NOTIFY
takes the server's notification-queue lock at commit), so every writer of
the database waited for every other writer's fsync: one commit at a time,
however many processes or cores. The lock existed so that ids commit in the
order they are drawn and a follower never passes a gap that fills later;
here followers get that from the settled head instead
(``ledgermind.storage.frontier``), so appends commit in parallel and the
server's own group commit folds their fsyncs.

The transaction, as one multi-statement query::

    BEGIN; EXECUTE the prepared INSERT of the events (drawing their ids,
    computing their chain links) RETURNING ids; erasure guard; COMMIT; NOTIFY

Each event's chain link rides in its row and hashes its position, which is
drawn only inside the transaction (``nextval`` of the table's own sequence,
by the INSERT, which holds the table's ROW EXCLUSIVE lock from before the
draw: the settled head's argument, ``ledgermind.storage.frontier``). So the
server computes the links (``sha256`` in the INSERT:
``ChainedPostgresRecorder.append_statement``): a first round trip to learn
the ids, as this append used to make, cost a fifth of the append's wall time
(measured: ``docs/benchmarks/core.md``). The INSERT is prepared once per
connection (``PREPARE``, a session's statement; two of them: one for a
single event, plain, and one for several, which chains their links in a
recursive CTE) and executed with its values as literals: planned as a plain
query at every append, it cost more server time than the round trip it
saves. A session that does not know them (a new connection; psycopg
deallocates every prepared statement of a connection after a rollback
there; ``DISCARD ALL``) fails the ``EXECUTE`` before anything is drawn, and
the append prepares the missing ones and runs again. The erasure guard
is a statement of its own after the INSERT, so its snapshot is taken after
the ids were drawn (which is what its ordering argument needs:
``ledgermind.storage.erasure_fence``); it fails when a key was destroyed,
and a failed statement makes the server skip the rest of the query, its
COMMIT included. A conflict on (stream, version) fails the INSERT the same
way. The transaction is then rolled back, and a refusal by the guard is
read back as ``OwnerErased``. The NOTIFY runs after COMMIT, as its own
statement: a follower woken by it finds the rows committed, and it holds
nothing across the fsync. A rolled-back append notifies too, because a
follower may be waiting for it to finish (``Frontier.settle``). An append
holding an event of one of the recorder's ``announced_topics`` also NOTIFYs
the announcement channel with them as its payload, so a follower of those
topics alone (the erasure watch), listening there, sleeps through every other
append (``ledgermind.storage.listener``).

Why literal multi-statement queries rather than bound parameters in
pipeline mode (measured, one writer: ``benchmarks/core_bench.py``): the
pipeline sent each of the seven statements as its own packet and polled the
socket around each (12 ``sendto`` and 22 ``poll`` calls per append), which
cost the writer thread about 1 ms of CPU per append, five times the raw
INSERT + COMMIT's whole client time; the server woke once per packet too.
A simple-protocol query carries several statements in one packet and comes
back in one read. The values are written as literals that cannot break out
of their quotes: integers and UUIDs formatted from their types, bytea as
hex in an ``E''`` string (the same under either ``standard_conforming_strings``),
and text escaped by libpq (``PQescapeLiteral``). A tracked append (a
follower's cursor moving with its events) sends the library's tracking
statement first, with its parameters: one more round trip, for followers only.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent

__all__ = ["append"]

log = logging.getLogger("ledgermind.storage")


def append(recorder: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> list[int]:
    """Inserts ``stored_events`` (and ``kwargs``' tracking row) in one
    transaction with their chain links; returns their positions. Raises the
    library's persistence errors (``IntegrityError`` on a conflict) or
    ``OwnerErased``; nothing is written then."""
    keys = recorder.written_keys.key_ids() if recorder.written_keys is not None and stored_events else []
    with recorder.datastore.get_connection() as conn:
        try:
            positions = _transaction(recorder, conn, stored_events, keys, **kwargs)
        except BaseException as e:
            if not _unprepared(e):
                raise
            # This connection's session does not know a prepared INSERT (a
            # new connection, or psycopg deallocated it after a rollback):
            # the EXECUTE failed before anything was drawn or written.
            names = recorder.append_statements()
            known = {row["name"] for row in conn.execute(_PREPARED, ([n.decode() for n in names],))}
            for name in names:
                if name.decode() not in known:
                    conn.execute(recorder.prepare_statement(name))
            positions = _transaction(recorder, conn, stored_events, keys, **kwargs)
    if stored_events and len(positions) != len(stored_events):
        raise RuntimeError(f"got {len(positions)} positions for {len(stored_events)} events")
    return positions


def _transaction(
    recorder: Any, conn: Any, stored_events: Sequence[StoredEvent], keys: list[str], **kwargs: Any
) -> list[int]:
    """One attempt of ``append`` on ``conn``: the transaction, rolled back
    (and announced) if it failed."""
    from ledgermind.storage.erasure_fence import erased_check_postgres, is_erasure_refusal, refuse_erased_postgres

    tracked = kwargs.get("tracking") is not None
    try:
        with conn.cursor() as curs:
            if tracked:
                curs.execute(b"BEGIN")
                recorder._insert_events(curs, stored_events, **kwargs)  # the tracking row
            if stored_events:
                finish = b"; COMMIT; " + recorder.notify_statement(stored_events)
                curs.execute(recorder.append_statement(stored_events, keys, begin=not tracked) + finish)
                return recorder.appended(curs)  # type: ignore[no-any-return]
            if tracked:
                curs.execute(b"COMMIT; " + recorder.sql_notify)
            return []
    except BaseException as failure:
        erased = None
        try:
            # psycopg's own rollback: it also forgets the statements it
            # prepared in the aborted transaction.
            conn.rollback()
            conn.execute(recorder.sql_notify)
            if keys and is_erasure_refusal(failure):
                erased = conn.execute(erased_check_postgres(keys)).fetchone()
        except Exception:  # a broken connection: the pool discards it
            log.debug("rolling back a failed append failed", exc_info=True)
        refuse_erased_postgres(erased)
        raise


def _unprepared(error: BaseException) -> bool:
    """True when ``error`` says the session has no such prepared statement."""
    return any(getattr(e, "sqlstate", None) == _UNDEFINED_PREPARED for e in (error, error.__cause__))


_UNDEFINED_PREPARED = "26000"  # invalid_sql_statement_name
_PREPARED = "SELECT name FROM pg_prepared_statements WHERE name = ANY(%s)"
