"""One PostgreSQL append: two round trips, two writes to the socket, no table lock, NOTIFY after COMMIT.

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

The transaction, as two multi-statement queries::

    BEGIN; LOCK ROW EXCLUSIVE; draw ids; erasure check      -> one round trip
    INSERT events with their ids and chain links; COMMIT; NOTIFY  -> one round trip

Each event's chain link rides in its row and hashes its position, so the ids
are drawn first (``nextval`` of the table's own sequence, under the ROW
EXCLUSIVE lock an INSERT would take: the settled head's argument,
``ledgermind.storage.frontier``, is that every id is drawn by a holder of
that lock); the erasure check is a statement of its own after the draw, so
its snapshot is taken after the ids are drawn (which is what its ordering
argument needs: ``ledgermind.storage.erasure_fence``). A conflict on
(stream, version) is met by the INSERT, in the second round trip; the server
then skips the COMMIT and the transaction is rolled back. The NOTIFY runs
after COMMIT, as its own statement: a follower woken by it finds the rows
committed, and it holds nothing across the fsync. A rolled-back append
notifies too, because a follower may be waiting for it to finish
(``Frontier.settle``). An append holding an event of one of the recorder's
``announced_topics`` names them in the NOTIFY's payload, so a follower of
those topics alone (the erasure watch) sleeps through every other append
(``ledgermind.storage.listener``).

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
    from ledgermind.storage.erasure_fence import refuse_erased_postgres

    keys = recorder.written_keys.key_ids() if recorder.written_keys is not None and stored_events else []
    tracked = kwargs.get("tracking") is not None
    positions: list[int] = []
    failure: BaseException | None = None
    with recorder.datastore.get_connection() as conn:
        try:
            with conn.cursor() as curs:
                if tracked:
                    curs.execute(b"BEGIN")
                    recorder._insert_events(curs, stored_events, **kwargs)  # the tracking row
                if stored_events:
                    curs.execute(recorder.draw_statement(len(stored_events), keys, begin=not tracked))
                    positions, erased = recorder.drawn(curs, checked=bool(keys))
                    refuse_erased_postgres(erased)
                    finish = b"; COMMIT; " + recorder.notify_statement(stored_events)
                    curs.execute(recorder.insert_statement(curs, stored_events, positions) + finish)
                elif tracked:
                    curs.execute(b"COMMIT; " + recorder.sql_notify)
        except BaseException as e:
            failure = e
        if failure is not None:
            try:
                # psycopg's own rollback: it also forgets the statements it
                # prepared in the aborted transaction.
                conn.rollback()
                conn.execute(recorder.sql_notify)
            except Exception:  # a broken connection: the pool discards it
                log.debug("rolling back a failed append failed", exc_info=True)
            raise failure
    if stored_events and len(positions) != len(stored_events):
        raise RuntimeError(f"got {len(positions)} positions for {len(stored_events)} events")
    return positions
