"""API keys: the only credential the HTTP service accepts, and what it fixes.

A key fixes one app; the user is in each request's path. The secret is
printed once, at creation, and never stored: the log holds its SHA-256 in
an ``apikey.created`` event (``ledgermind.domain.api_key``), and revocation is
an ``apikey.revoked`` event, so who could act for an app, and until when, is
in the same audit trail as the data.

Secret format: ``mlk_<key id>_<43 random url-safe characters>`` (256 bits).
The key id in the secret names the key's stream, so ``verify`` is one read
of one small stream, then a constant-time comparison of hashes. Why SHA-256
and not a slow password hash: the secret is 256 random bits, not something a
person chose, so there is nothing a dictionary could guess; a slow hash would
only add its cost to every request.

``KeyRing.verify`` reads the key's stream on every call, so a revocation
counts at once, everywhere. The HTTP service checks keys against
``KeyIndex``, the same events held in memory and refreshed from the log every
``LEDGERMIND_KEY_REFRESH_S`` (0.25 s): a revocation made by another process
refuses requests within that interval, and a request costs no database read.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
from dataclasses import dataclass, replace
from datetime import datetime
from uuid import UUID

from ledgermind.api import Envelope, Follower, MemoryEngine
from ledgermind.domain.api_key import KEYRING_OWNER, ApiKeyRecord
from ledgermind.domain.errors import ApiKeyNotFound, InvalidInput, InvalidOwner, LedgermindError
from ledgermind.domain.owner import Owner
from ledgermind.domain.stream_ids import api_key_stream_id
from ledgermind.write.validation import check_name
from ledgermind.write.writer import UnitOfWork

__all__ = ["ApiKey", "KeyIndex", "KeyRing"]

_log = logging.getLogger("ledgermind.service")

_SECRET = re.compile(r"mlk_([0-9a-f]{16})_[A-Za-z0-9_-]{43}")
_TOPICS = ("apikey.created", "apikey.revoked")
# Compared against when the secret names no key, so an unknown key id costs
# the same comparison as a known one.
_NO_HASH = hashlib.sha256(b"ledgermind: no such key").hexdigest()


@dataclass(frozen=True, slots=True)
class ApiKey:
    """What a key grants (``app``) and its life, never its secret."""

    key_id: str
    app: str
    label: str
    created_at: datetime
    revoked_at: datetime | None = None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


class KeyRing:
    """The API keys of one database: create, list, revoke, verify."""

    def __init__(self, engine: MemoryEngine) -> None:
        self._eng = engine

    def create(self, app: str, label: str = "") -> tuple[str, str]:
        """Issues a key for ``app``; returns ``(key_id, secret)``. The secret
        is shown here once: only its hash is stored."""
        Owner(app, KEYRING_OWNER.user_id)  # the same rules as any owner's app
        if app == KEYRING_OWNER.app:
            raise InvalidOwner(f"app {app!r} is reserved for ledgermind's own records")
        label = check_name(label, "label", self._eng.config.limits) if label else ""
        key_id = secrets.token_hex(8)
        secret = f"mlk_{key_id}_{secrets.token_urlsafe(32)}"
        record = ApiKeyRecord(
            app=KEYRING_OWNER.app,
            user_id=KEYRING_OWNER.user_id,
            key_id=key_id,
            key_app=app,
            label=label,
            secret_hash=_hash(secret),
        )

        def command(unit: UnitOfWork) -> None:
            unit.add(record)

        self._eng.writes.submit(command)
        return key_id, secret

    def revoke(self, key_id: str) -> None:
        """Revokes a key for good (requests with it get 401 from now on).
        Revoking a revoked key writes nothing; an unknown id raises ``ApiKeyNotFound``."""
        if not isinstance(key_id, str) or not re.fullmatch(r"[0-9a-f]{16}", key_id):
            raise InvalidInput(f"an API key id is 16 hex digits, got {key_id!r:.40}")
        stream = api_key_stream_id(key_id)

        def command(unit: UnitOfWork) -> None:
            record = unit.get(ApiKeyRecord, stream)
            if record is None:
                raise ApiKeyNotFound(f"no API key {key_id}")
            record.revoke()
            unit.add(record)

        self._eng.writes.submit(command)

    def verify(self, secret: str) -> ApiKey | None:
        """The live key whose secret this is, or None (malformed, unknown or
        revoked). The hash comparison is constant-time."""
        match = _SECRET.fullmatch(secret) if isinstance(secret, str) else None
        record = None
        if match is not None:
            record = self._eng.writes.load(api_key_stream_id(match.group(1)), ApiKeyRecord, KEYRING_OWNER)
        stored = record.secret_hash if record is not None else _NO_HASH
        presented = _hash(secret) if isinstance(secret, str) else ""
        if not hmac.compare_digest(presented, stored) or record is None or record.revoked:
            return None
        return ApiKey(record.key_id, record.key_app, record.label, record.created_on)

    def list(self) -> list[ApiKey]:
        """Every key ever issued, oldest first, revoked ones with their time."""
        created: dict[str, ApiKey] = {}
        revoked: dict[str, datetime] = {}

        def fold(env: Envelope) -> None:
            ev = env.event
            if isinstance(ev, ApiKeyRecord.Created):
                created[ev.key_id] = ApiKey(ev.key_id, ev.key_app, ev.label, ev.timestamp)
            elif isinstance(ev, ApiKeyRecord.Revoked):
                revoked[ev.originator_id.hex] = ev.timestamp

        Follower(self._eng.log, _TOPICS).catch_up(fold)
        out = []
        for key in created.values():
            when = revoked.get(api_key_stream_id(key.key_id).hex)
            out.append(key if when is None else ApiKey(key.key_id, key.app, key.label, key.created_at, when))
        return out

    def count(self) -> int:
        """Live keys (the metric ``ledgermind_api_keys``)."""
        return sum(1 for key in self.list() if not key.revoked)


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


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
        self._follower = Follower(engine.log, _TOPICS)
        self._refresh_s = refresh_s
        self._keys: dict[str, tuple[str, ApiKey]] = {}  # key id -> (secret hash, key)
        self._ids: dict[UUID, str] = {}  # stream id -> key id
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def check(self, secret: str) -> ApiKey | object | None:
        match = _SECRET.fullmatch(secret)
        if match is None:
            return None
        known = self._keys.get(match.group(1))
        if known is None:
            return self.UNKNOWN
        stored, key = known
        if not hmac.compare_digest(_hash(secret), stored) or key.revoked:
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
