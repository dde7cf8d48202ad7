"""Every process acts on an erasure, not only the one that performed it.

Why: each engine caches what erasure must destroy: owners' data keys (the
key store and the mapper, for their TTL), decrypted aggregates (the writer's
cache), and a service keeps feeds open per owner. ``erase_owner`` evicts them
only in its own process, so a second ``ledgermind serve``, the other workers
of ``serve --workers N`` and a running ``ledgermind mcp`` kept decrypting an
erased owner's events (for up to the key TTL) until they happened to expire.

So every engine follows ``owner.erased`` in a thread (the log follower, woken
by LISTEN/NOTIFY on PostgreSQL, polling elsewhere) and, for each erasure:
marks the key destroyed in the key store (a tombstone: every later read or
write for the owner raises ``OwnerErased``), drops the mapper's cipher for
it, evicts the owner's aggregates from the writer's cache (on the writer
thread, which alone touches it), and tells whoever subscribed (a feed ends).

Bound: the thread looks at the log at least every ``bound_s / 4`` seconds
(``EngineConfig.erasure_bound_s``, ``LEDGERMIND_ERASURE_BOUND_S``, default
1 s), so a process refuses the owner within the bound after ``owner.erased``
commits, whether or not the notification arrived. Writes need no bound: the
recorder refuses them in the append's own transaction the moment the key is
destroyed (``ledgermind.storage.erasure_fence``).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime
from uuid import UUID

from ledgermind.domain.errors import LedgermindError
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import owner_key_id
from ledgermind.storage.follower import Envelope, Follower
from ledgermind.storage.listener import Listener

__all__ = ["ERASED_TOPIC", "ErasureWatch"]

ERASED_TOPIC = "owner.erased"
_MIN_GAP_S = 0.05  # under a busy PostgreSQL log: at most 20 looks a second
_DRAIN_MAX = 10_000  # queued notifications taken at once
_SEEN_MAX = 100_000  # erased key ids remembered in memory (the key table stays the truth)

log = logging.getLogger("ledgermind.write")


class ErasureWatch:
    """Follows ``owner.erased`` from the log's head at construction.

    ``act(key_id, erased_at)`` evicts what this process holds for the key;
    ``subscribe(callback)`` adds a callback run with each erased key id."""

    def __init__(
        self,
        follower: Follower,
        act: Callable[[UUID, datetime], None],
        bound_s: float,
        conninfo: str | None = None,
    ) -> None:
        self._follower = follower
        follower.announce()  # this process's own erasures wake every process's watch at once
        follower.position = follower.head()  # earlier erasures are in the key table already
        self._act = act
        self._interval = bound_s / 4
        self._conninfo = conninfo
        self._seen: dict[UUID, None] = {}  # insertion-ordered, bounded
        self._subscribers: list[Callable[[UUID], None]] = []
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ledgermind-erasure-watch", daemon=True)
        self._thread.start()

    def erased(self, owner: Owner) -> bool:
        """Whether this process saw ``owner``'s erasure since it opened (no I/O)."""
        return owner_key_id(owner) in self._seen

    def subscribe(self, callback: Callable[[UUID], None]) -> Callable[[], None]:
        """Runs ``callback(key_id)`` on each erasure seen from now on; returns
        the function that unsubscribes it."""
        with self._lock:
            self._subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def catch_up(self) -> None:
        """Acts on every erasure committed since the last look (also callable
        by a request that must not wait for the thread)."""
        with self._lock:  # one fold at a time: the thread and callers
            self._follower.catch_up(self._fold)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(10)

    def _fold(self, env: Envelope) -> None:
        key_id = UUID(hex=str(env.event.key_id))
        self._act(key_id, env.event.erased_at)
        self._seen[key_id] = None
        while len(self._seen) > _SEEN_MAX:
            del self._seen[next(iter(self._seen))]
        for callback in list(self._subscribers):
            try:
                callback(key_id)
            except Exception:
                log.exception("an erasure subscriber failed")

    def _run(self) -> None:
        # Woken only by appends that announce an erasure (on the announcement
        # channel: ``ledgermind.storage.listener``); the loop's own
        # schedule covers the rest within the bound.
        listener = Listener(self._conninfo, self._follower.channel, ERASED_TOPIC) if self._conninfo else None
        try:
            while not self._stop.is_set():
                try:
                    self.catch_up()
                except LedgermindError as e:  # the database is away: look again at the next tick
                    log.warning("erasures not followed this time: %s", e)
                if listener is not None and listener.connected:
                    if listener.wait(self._interval):
                        # Take the announcements that queued up, and look again
                        # at most every _MIN_GAP_S under many erasures.
                        for _ in range(_DRAIN_MAX):
                            if not listener.wait(0):
                                break
                        self._stop.wait(min(_MIN_GAP_S, self._interval))
                else:
                    if listener is not None:
                        listener.wait(0)  # reconnects when due
                    self._stop.wait(self._interval)
        finally:
            if listener is not None:
                listener.close()
