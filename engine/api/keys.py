"""API keys: the only credential the HTTP service accepts, and what it fixes.

An operator's call of the engine (``eng.api_keys()``): ``ledgermind keys``,
the service, the MCP server and the auditor's desk all use this one ring.
A key fixes one app; the user is in each request's path. The secret is
printed once, at creation, and never stored: the log holds its SHA-256 in
an ``apikey.created`` event (``ledgermind.domain.api_key``), and revocation is
an ``apikey.revoked`` event (the commands: ``ledgermind.write.api_keys``).

Secret format: ``mlk_<key id>_<43 random url-safe characters>`` (256 bits).
The key id in the secret names the key's stream, so ``verify`` is one read
of one small stream, then a constant-time comparison of hashes. Why SHA-256
and not a slow password hash: the secret is 256 random bits, not something a
person chose, so there is nothing a dictionary could guess; a slow hash would
only add its cost to every request.

``KeyRing.verify`` reads the key's stream on every call, so a revocation
counts at once, everywhere; the HTTP service keeps the same events in memory
as well (``ledgermind.service.keys.KeyIndex``) so that a request costs no read.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import datetime

from ledgermind.domain.api_key import KEYRING_OWNER, ApiKeyRecord
from ledgermind.domain.stream_ids import api_key_stream_id
from ledgermind.storage.follower import Envelope, Follower
from ledgermind.storage.store import EventLog
from ledgermind.write.api_keys import issue_key, revoke_key
from ledgermind.write.port import WritePort

__all__ = ["KEY_TOPICS", "ApiKey", "KeyRing", "key_id_of", "secret_hash"]

KEY_TOPICS = ("apikey.created", "apikey.revoked")
_SECRET = re.compile(r"mlk_([0-9a-f]{16})_[A-Za-z0-9_-]{43}")
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


def key_id_of(secret: str) -> str | None:
    """The key id a well-formed secret names, or None."""
    match = _SECRET.fullmatch(secret) if isinstance(secret, str) else None
    return None if match is None else match.group(1)


def secret_hash(secret: str) -> str:
    """The hex SHA-256 the log keeps of a secret."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


class KeyRing:
    """The API keys of one database: create, list, revoke, verify."""

    def __init__(self, writes: WritePort, log: EventLog) -> None:
        self._writes = writes
        self._log = log

    def create(self, app: str, label: str = "") -> tuple[str, str]:
        """Issues a key for ``app``; returns ``(key_id, secret)``. The secret
        is shown here once: only its hash is stored."""
        key_id = secrets.token_hex(8)
        secret = f"mlk_{key_id}_{secrets.token_urlsafe(32)}"
        issue_key(self._writes, key_id, app, label, secret_hash(secret))
        return key_id, secret

    def revoke(self, key_id: str) -> None:
        """Revokes a key for good (requests with it get 401 from now on).
        Revoking a revoked key writes nothing; an unknown id raises ``ApiKeyNotFound``."""
        revoke_key(self._writes, key_id)

    def verify(self, secret: str) -> ApiKey | None:
        """The live key whose secret this is, or None (malformed, unknown or
        revoked). The hash comparison is constant-time."""
        key_id = key_id_of(secret)
        record = None
        if key_id is not None:
            record = self._writes.load(api_key_stream_id(key_id), ApiKeyRecord, KEYRING_OWNER)
        stored = record.secret_hash if record is not None else _NO_HASH
        presented = secret_hash(secret) if isinstance(secret, str) else ""
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

        Follower(self._log, KEY_TOPICS).catch_up(fold)
        out = []
        for key in created.values():
            when = revoked.get(api_key_stream_id(key.key_id).hex)
            out.append(key if when is None else ApiKey(key.key_id, key.app, key.label, key.created_at, when))
        return out
