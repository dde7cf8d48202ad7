"""One PostgreSQL append: two round trips, no table lock, NOTIFY after COMMIT.

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

The transaction, pipelined::

    BEGIN; [tracking row]; LOCK ROW EXCLUSIVE; draw ids; erasure check  -> sync
    INSERT events with their ids and chain links; COMMIT; NOTIFY        -> sync (leaving the pipeline)

Each event's chain link rides in its row and hashes its position, so the ids
are drawn first (``nextval`` of the table's own sequence, under the ROW
EXCLUSIVE lock an INSERT would take: the settled head's argument,
``ledgermind.storage.frontier``, is that every id is drawn by a holder of
that lock); the erasure check rides in the same round trip, after the ids are
drawn (which is what its ordering argument needs:
``ledgermind.storage.erasure_fence``). A conflict on (stream, version) is met
by the INSERT, in the second round trip, and rolls everything back. The NOTIFY runs after COMMIT, as its
own statement: a follower woken by it finds the rows committed, and it holds
nothing across the fsync. A rolled-back append notifies too, because a
follower may be waiting for it to finish (``Frontier.settle``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from psycopg import sql

__all__ = ["append"]

log = logging.getLogger("ledgermind.storage")


def append(recorder: Any, stored_events: Sequence[StoredEvent], **kwargs: Any) -> list[int]:
    """Inserts ``stored_events`` (and ``kwargs``' tracking row) in one
    transaction with their chain links; returns their positions. Raises the
    library's persistence errors (``IntegrityError`` on a conflict) or
    ``OwnerErased``; nothing is written then."""
    from ledgermind.storage.erasure_fence import ask_erased_postgres, refuse_erased_postgres

    notify = sql.SQL("NOTIFY {}").format(sql.Identifier(recorder.channel_name))
    keys = recorder.written_keys.key_ids() if recorder.written_keys is not None and stored_events else []
    positions: list[int] = []
    failure: BaseException | None = None
    with recorder.datastore.get_connection() as conn:
        try:
            with conn.pipeline() as pipeline:
                try:
                    conn.execute("BEGIN")
                    with conn.cursor() as curs:
                        recorder._insert_events(curs, stored_events, **kwargs)  # the tracking row, if any
                    if stored_events:
                        with conn.cursor() as drawn, conn.cursor() as fence:
                            recorder.draw_positions(drawn, len(stored_events))
                            if keys:
                                ask_erased_postgres(fence, keys)
                            pipeline.sync()
                            positions = recorder.drawn(drawn)
                            if keys:
                                refuse_erased_postgres(fence)
                        with conn.cursor() as curs:
                            recorder.insert_rows(curs, stored_events, positions)
                    conn.execute("COMMIT")
                    conn.execute(notify)
                except BaseException as e:  # leave the pipeline cleanly (psycopg warns otherwise)
                    failure = e
            # Leaving the pipeline syncs: that is the COMMIT's round trip (a
            # sync of our own before it cost a third one).
        except BaseException as e:
            failure = failure or e
        if failure is not None:
            try:
                # psycopg's own rollback: it also forgets the statements it
                # prepared in the aborted part of the pipeline (a ROLLBACK sent
                # as a query left its cache naming statements the server lacks).
                conn.rollback()
                conn.execute(notify)
            except Exception:  # a broken connection: the pool discards it
                log.debug("rolling back a failed append failed", exc_info=True)
            raise failure
    if stored_events and len(positions) != len(stored_events):
        raise RuntimeError(f"got {len(positions)} positions for {len(stored_events)} events")
    return positions
