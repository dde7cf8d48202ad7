"""A PostgreSQL LISTEN connection that reconnects: wake a follower at once.

Why shared: the projection runner and the erasure watch both follow the log
and both want to act as soon as something commits rather than at their next
poll. The recorder NOTIFYs its channel after every append's COMMIT, and after
a rolled-back one (``Follower.channel``, ``ledgermind.storage.pg_append``);
a follower waits on this between polls and falls back to polling while the
connection is down, so a lost connection delays, never loses, an event.

Why a listener may wake only for some payloads: an append that holds an event
of a topic the recorder announces names that topic in its NOTIFY
(``ledgermind.storage.pg_append``). A follower of those topics alone (the
erasure watch, which follows ``owner.erased``) then sleeps through every
other append instead of reading the log after each one (three statements,
one of them a scan of ``pg_locks``: about half the server's CPU per append
with one busy writer, measured). It still polls on its own schedule, so an
announcement missed, or sent by a process that does not announce, is late by
at most one poll, never lost.
"""

from __future__ import annotations

import logging
import time
from typing import Any

__all__ = ["Listener"]

log = logging.getLogger("ledgermind.storage")


class Listener:
    """LISTEN on ``channel`` over a libpq ``conninfo``; ``wait`` is True on a
    notification (with ``topic``: only on one whose payload names it)."""

    def __init__(self, conninfo: str, channel: str | None, topic: str | None = None) -> None:
        self._conninfo = conninfo
        self._channel = channel
        self._topic = topic
        self._conn: Any = None
        self._retry_at = 0.0
        self._connect()

    @property
    def connected(self) -> bool:
        return self._conn is not None

    def _connect(self) -> None:
        import psycopg
        from psycopg import sql

        if self._channel is None or time.monotonic() < self._retry_at:
            return
        try:
            conn = psycopg.connect(self._conninfo, autocommit=True, connect_timeout=5)
            conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self._channel)))
        except psycopg.Error as e:
            log.warning("LISTEN unavailable, polling instead: %s", e)
            self._retry_at = time.monotonic() + 2.0
            return
        self._conn = conn

    def wait(self, timeout: float) -> bool:
        import psycopg

        if self._conn is None:
            self._connect()
            return False
        try:
            if self._topic is None:
                for _ in self._conn.notifies(timeout=timeout, stop_after=1):
                    return True
                return False
            # Other appends' notifications are taken and passed over, until
            # one names the topic or none comes within the time left.
            deadline = time.monotonic() + timeout
            while True:
                got = False
                for note in self._conn.notifies(timeout=max(0.0, deadline - time.monotonic()), stop_after=1):
                    got = True
                    if self._topic in note.payload.split(","):
                        return True
                if not got:
                    return False
        except psycopg.Error as e:
            log.warning("LISTEN connection lost, reconnecting: %s", e)
            self.close()
            self._retry_at = time.monotonic() + 0.5
            return True  # catch up now: we may have missed a notification
        return False

    def close(self) -> None:
        if self._conn is not None:
            import psycopg

            try:
                self._conn.close()
            except psycopg.Error:
                log.debug("closing a dead LISTEN connection failed", exc_info=True)
            self._conn = None
