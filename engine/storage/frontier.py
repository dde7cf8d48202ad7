"""The settled head of a PostgreSQL log: the highest position below which nothing can still appear.

Why a follower needs it: appends commit in parallel (no table lock,
``ledgermind.storage.pg_append``), and a notification id is drawn when a row
is inserted, not when it commits. Transaction A can draw id 5, transaction B
id 6, and B commit first; a follower that read 6 and moved its position there
would never see 5. So followers read only up to a head that is *settled*:
every id at or below it belongs to a transaction that has finished (committed
or rolled back), so the rows there are final and a follower that passes them
skips nothing.

How a head is proven settled, without a lock and without waiting on
unrelated transactions. One observation is two statements, in this order:

1. ``L = MAX(notification_id)``, the highest committed id;
2. ``H`` = the transactions holding a granted ``RowExclusiveLock`` on the
   events table (``pg_locks``): every transaction inside an INSERT into it.

An append takes that lock before it draws an id (an INSERT takes it when
the statement starts, before it evaluates anything: ``ledgermind.storage.pg_append``
draws its ids with ``nextval`` inside its INSERT) and keeps it until its
transaction ends. Any id at or below ``L`` that is not yet final was drawn
before ``L`` was (ids are drawn in increasing order, and ``L`` had committed
by statement 1), by a transaction that therefore held the lock at statement 2
and is in ``H``. Once no member of ``H`` holds the lock any more, every id up
to ``L`` is final: ``L`` is settled. A member of ``H`` that merely reads or
writes other ids only delays that (by one transaction), never falsifies it.

``settle`` observes, then polls ``pg_locks`` for ``H``'s members for a short
while; an observation still open when the wait ends is kept and settles on a
later call. The settled head only grows (``known``). Only transactions that
write this table are waited for: a long transaction elsewhere on the server
(a report, a migration, an idle session) delays nothing, which transaction-id
snapshots (``pg_snapshot_xmin``) would not give.
"""

from __future__ import annotations

import threading
import time
from typing import Any

__all__ = ["WAIT_S", "Frontier"]

WAIT_S = 0.25  # how long ``settle`` waits for in-flight appends before answering with what is settled
_FIRST_POLL_S = 0.0002
_MAX_POLL_S = 0.005
_MAX_PENDING = 64  # open observations kept for a later call (the newest win)


class Frontier:
    """The settled head of one events table, for every reader of one recorder."""

    def __init__(self, datastore: Any, schema: str, table: str) -> None:
        self._datastore = datastore
        self._schema = schema
        self._table = table
        self._holders_sql: str | None = None
        self._settled = 0
        self._pending: list[tuple[int, frozenset[str]]] = []  # (L, H) not yet settled, L increasing
        self._lock = threading.Lock()

    @property
    def known(self) -> int:
        """The highest head settled so far (no query)."""
        return self._settled

    def settle(self, wait_s: float = WAIT_S) -> int:
        """The settled head now: observes the log, waits up to ``wait_s`` for
        the appends in flight at that moment, and returns the highest head
        proven settled (at least ``known``). No connection is held while
        waiting: the appends waited for may need one from the same pool."""
        with self._datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._max_sql())
            row = curs.fetchone()
            head = int(row["max"] or 0) if row else 0
            holders = self._holding(curs)
        with self._lock:
            if head > self._settled:
                self._pending.append((head, holders))
                del self._pending[:-_MAX_PENDING]
            self._resolve(holders)
        deadline = time.monotonic() + wait_s
        delay = _FIRST_POLL_S
        while self._settled < head and time.monotonic() < deadline:
            time.sleep(delay)
            delay = min(delay * 2, _MAX_POLL_S)
            with self._datastore.get_connection() as conn, conn.cursor() as curs:
                still = self._holding(curs)
            with self._lock:
                self._resolve(still)
        return self._settled

    def _resolve(self, holding: frozenset[str]) -> None:
        """Settles every pending observation none of whose transactions is in
        ``holding`` (the lock holders seen now); called under ``_lock``."""
        best = self._settled
        left = []
        for head, holders in self._pending:
            rest = holders & holding
            if rest:
                left.append((head, rest))
            else:
                best = max(best, head)
        self._settled = best
        self._pending = [(h, r) for h, r in left if h > best]

    def _max_sql(self) -> str:
        return f'SELECT MAX(notification_id) AS max FROM "{self._schema}"."{self._table}"'

    def _holding(self, curs: Any) -> frozenset[str]:
        """The transactions inserting into the events table now (the table's
        and the database's oids looked up once)."""
        if self._holders_sql is None:
            curs.execute(
                "SELECT c.oid AS rel, d.oid AS db FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, "
                "pg_database d WHERE n.nspname = %s AND c.relname = %s AND d.datname = current_database()",
                (self._schema, self._table),
            )
            row = curs.fetchone()
            self._holders_sql = (
                "SELECT DISTINCT virtualtransaction FROM pg_locks WHERE locktype = 'relation' "
                f"AND database = {int(row['db'])} AND relation = {int(row['rel'])} "
                "AND mode = 'RowExclusiveLock' AND granted AND pid <> pg_backend_pid()"
            )
        curs.execute(self._holders_sql)
        return frozenset(r["virtualtransaction"] for r in curs.fetchall())
