"""The HTTP service's view of the API keys: held in memory, checked without I/O.

The keys themselves, their secret format and the ring that issues, lists,
revokes and verifies them are the engine's (``eng.api_keys()``,
``ledgermind.api.keys``); this is the request path's cache of them.
"""

from __future__ import annotations

import hmac
import logging
import threading
from dataclasses import replace
from uuid import UUID

from ledgermind.api import KEY_TOPICS, ApiKey, Envelope, MemoryEngine, key_id_of, secret_hash
from ledgermind.domain.api_key import ApiKeyRecord
from ledgermind.domain.errors import LedgermindError

__all__ = ["KeyIndex"]

_log = logging.getLogger("ledgermind.service")


class KeyIndex:
    """The keys in memory, for the request path: a check without I/O.

    Why: a key check that reads the database must leave the event loop for
    the thread pool, and that hop cost the HTTP append about as much CPU as
    the rest of the request together (benchmarks/service_bench.py). The
    index is filled from the log's ``apikey.*`` events by a follower that
    runs every ``refresh_s`` seconds in a thread, so keys created or revoked
    by another process (``ledgermind keys``) count here within that interval.

    ``check`` answers a key id it has seen with a constant-time hash
    comparison (the key, or None when the secret is wrong or the key revoked);
    a key id it has not seen yet is ``UNKNOWN`` and the caller asks the ring
    (``KeyRing.verify``, one read), so a key made a moment ago works at once.
    """

    UNKNOWN = object()

    def __init__(self, engine: MemoryEngine, refresh_s: float) -> None:
        self._follower = engine.follower(KEY_TOPICS)
        self._refresh_s = refresh_s
        self._keys: dict[str, tuple[str, ApiKey]] = {}  # key id -> (secret hash, key)
        self._ids: dict[UUID, str] = {}  # stream id -> key id
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def check(self, secret: str) -> ApiKey | object | None:
        key_id = key_id_of(secret)
        if key_id is None:
            return None
        known = self._keys.get(key_id)
        if known is None:
            return self.UNKNOWN
        stored, key = known
        if not hmac.compare_digest(secret_hash(secret), stored) or key.revoked:
            return None
        return key

    def live(self) -> int:
        return sum(1 for _, key in self._keys.values() if not key.revoked)

    def refresh(self) -> None:
        """Folds the key events committed since the last refresh."""
        self._follower.catch_up(self._fold)

    def start(self) -> None:
        self.refresh()
        self._thread = threading.Thread(target=self._run, name="ledgermind-key-index", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)

    def _run(self) -> None:
        while not self._stop.wait(self._refresh_s):
            try:
                self.refresh()
            except LedgermindError as e:  # the database is away: keep what we know, try again
                _log.warning("API key index not refreshed: %s", e)

    def _fold(self, env: Envelope) -> None:
        ev = env.event
        if isinstance(ev, ApiKeyRecord.Created):
            self._keys[ev.key_id] = (ev.secret_hash, ApiKey(ev.key_id, ev.key_app, ev.label, ev.timestamp))
            self._ids[ev.originator_id] = ev.key_id
        elif isinstance(ev, ApiKeyRecord.Revoked) and ev.originator_id in self._ids:
            key_id = self._ids[ev.originator_id]
            stored, key = self._keys[key_id]
            self._keys[key_id] = (stored, replace(key, revoked_at=ev.timestamp))
