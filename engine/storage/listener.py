"""A PostgreSQL LISTEN connection that reconnects: wake a follower at once.

Why shared: the projection runner and the erasure watch both follow the log
and both want to act as soon as something commits rather than at their next
poll. The recorder NOTIFYs its channel after every append's COMMIT, and after
a rolled-back one (``Follower.channel``, ``ledgermind.storage.pg_append``);
a follower waits on this between polls and falls back to polling while the
connection is down, so a lost connection delays, never loses, an event.

Why a listener may wake only for some topics: an append that holds an event
of a topic the recorder announces also NOTIFYs the log's announcement
channel (``announcement_channel``), naming the topic in its payload
(``ledgermind.storage.chain``, ``notify_statement``). A follower of those
topics alone (the erasure watch, which follows ``owner.erased``) listens on
that channel only, so it sleeps through every other append instead of
reading the log after each one (three statements, one of them a scan of
``pg_locks``: about half the server's CPU per append with one busy writer,
measured). Until this channel it listened on the log's own channel and
passed over the payloads that did not name its topic; being woken for each
append, and the server delivering it each one, still cost a one-writer
append about 0.08 ms of the engine's CPU and 0.06-0.1 ms of the server's
(measured; ``docs/benchmarks/core.md``). It still polls on its own schedule,
so an announcement missed, or sent by a process that does not announce on
this channel (an older version), is late by at most one poll, never lost.
"""

from __future__ import annotations

import logging
import time
from typing import Any

__all__ = ["Listener", "announcement_channel"]

log = logging.getLogger("ledgermind.storage")


def announcement_channel(channel: str) -> str:
    """The channel on which appends announce their topics, beside the log's ``channel``."""
    return f"{channel}_announced"


class Listener:
    """LISTEN on ``channel`` over a libpq ``conninfo``; ``wait`` is True on a
    notification. With ``topic``: on the channel's announcements, and only on
    one whose payload names the topic."""

    def __init__(self, conninfo: str, channel: str | None, topic: str | None = None) -> None:
        self._conninfo = conninfo
        self._channel = channel if channel is None or topic is None else announcement_channel(channel)
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
            # Announcements of other topics are taken and passed over, until
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
