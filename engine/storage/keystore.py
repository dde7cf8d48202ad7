"""Per-owner data keys, kept apart from the events they unlock.

Why a separate table: crypto-shredding works only if the key can be destroyed
while the (immutable) events stay. Each owner gets one random 256-bit AES key
the first time something of theirs is written; destroying it makes every event
sealed under it unreadable, forever, without touching the event table.

Why a tombstone instead of a deleted row: once an owner is erased, a late
writer (a lagging distiller, a retried request) must not silently create a
fresh key and start a second life for a forgotten identity. The row stays with
``data_key`` NULL and ``erased_at`` set; writes for that owner raise
``OwnerErased``. The key bytes themselves are overwritten in place:

- SQLite: every key-store connection runs ``PRAGMA secure_delete=ON`` (freed
  cell space is zeroed) and ``destroy`` checkpoints the WAL with TRUNCATE, so
  neither the database file nor the WAL keeps the old key bytes.
- PostgreSQL: the UPDATE leaves a dead tuple; ``destroy`` runs
  ``VACUUM FULL`` on this (tiny) table, which rewrites it into new files. The
  server's WAL segments and any base backups still hold the key until they are
  recycled or expire: deployments that need more use a KMS-backed ``KeyStore``.

Where: the same database as the events by default (one URL, one backup), via
SQLAlchemy Core, which speaks both dialects' ``INSERT ... ON CONFLICT DO
NOTHING``: two writers racing on a new owner both insert, one wins, both then
read the winner's key.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import threading
import time
from collections import OrderedDict
from datetime import UTC, datetime
from typing import Any, Protocol
from uuid import NAMESPACE_URL, UUID, uuid5

from sqlalchemy import (
    Column,
    DateTime,
    LargeBinary,
    MetaData,
    String,
    Table,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from ledgermind.domain.errors import OwnerErased
from ledgermind.domain.owner import Owner
from ledgermind.storage.backend import Backend
from ledgermind.storage.dialects import dialect_of
from ledgermind.storage.driver_errors import driver_errors, is_schema_race, translate

__all__ = ["KEY_TABLE", "OWNER_DIGEST_KEY_ID", "KeyStore", "SqlKeyStore", "owner_digest", "sql_engine"]

KEY_TABLE = "ledgermind_owner_keys"
KEY_BYTES = 32
KEY_CACHE_MAX = 100_000  # live keys and tombstones each (~200 bytes an entry: ~20 MB per map)

_metadata = MetaData()
_keys = Table(
    KEY_TABLE,
    _metadata,
    Column("key_id", String(32), primary_key=True),
    Column("data_key", LargeBinary, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("erased_at", DateTime(timezone=True), nullable=True),
)


class KeyStore(Protocol):
    """Where data keys live. ``get``/``get_or_create`` raise ``OwnerErased``
    for a destroyed key; ``get`` returns None for a key never created."""

    def get(self, key_id: UUID) -> bytes | None: ...

    def get_or_create(self, key_id: UUID) -> bytes: ...

    def destroy(self, key_id: UUID) -> datetime:
        """Destroys the key (idempotent); returns when it was erased."""
        ...

    def erased_at(self, key_id: UUID) -> datetime | None: ...

    def forget(self, key_id: UUID, erased_at: datetime) -> None:
        """Drops a key another process destroyed from this process's cache and
        keeps its tombstone (every later ``get`` raises ``OwnerErased``)."""
        ...

    def scrub(self) -> None:
        """Makes destroyed key bytes unrecoverable from storage (a no-op for a KMS)."""
        ...

    def close(self) -> None: ...


# The database's secret for ``owner_digest``: one more row of the key table,
# created once (by the first erasure) like any data key, never destroyed.
OWNER_DIGEST_KEY_ID = uuid5(NAMESPACE_URL, "ledgermind/owner-digest-secret")


def owner_digest(keys: KeyStore, owner: Owner) -> str:
    """HMAC-SHA256 of ``Owner.key`` under this database's secret, hex.

    Why keyed: ``owner.erased`` must let whoever holds the database (and so
    the secret) check "was this owner erased?", without writing the owner's
    ids (often an e-mail address) into a log that outlives the erasure. A
    plain hash of an e-mail is reversed by hashing candidate addresses; this
    one needs the secret, which lives in the key table, not in the log."""
    secret = keys.get_or_create(OWNER_DIGEST_KEY_ID)
    return hmac.new(secret, owner.key.encode("utf-8"), hashlib.sha256).hexdigest()


class SqlKeyStore:
    """The key table in the event store's own database, with an in-memory cache.

    Cached keys expire after ``ttl`` seconds so that an erasure done by another
    process stops this one from decrypting within that bound. Erased keys are
    cached until evicted (a tombstone never comes back to life).

    Why both maps are LRU-bounded (``max_entries`` each): one entry per owner
    ever seen grew without end in a long-lived process. Evicting a tombstone
    is safe because the table is its source of truth: the row of an erased
    key is never deleted (``destroy`` leaves ``data_key`` NULL, and the purge
    of read models keeps this table), so the next lookup reads the row again
    and raises ``OwnerErased`` as before."""

    def __init__(self, backend: Backend, ttl: float = 60.0, max_entries: int = KEY_CACHE_MAX) -> None:
        self._kind = backend.kind
        self.ttl = ttl
        self.max_entries = max_entries
        self._db = sql_engine(backend)
        self._cache: OrderedDict[UUID, tuple[bytes | None, float]] = OrderedDict()
        self._erased: OrderedDict[UUID, datetime] = OrderedDict()
        self._lock = threading.Lock()
        self._create_table()

    # --- reads ---------------------------------------------------------------

    def get(self, key_id: UUID) -> bytes | None:
        cached = self._cached(key_id)
        if cached is not None:
            return cached
        row = self._select(key_id)
        if row is None:
            return None
        return self._remember(key_id, row)

    def get_or_create(self, key_id: UUID) -> bytes:
        cached = self._cached(key_id)
        if cached is not None:
            return cached
        row = self._select(key_id)
        if row is None:
            insert = dialect_of(self._kind).insert(_keys)
            stmt = insert.values(
                key_id=key_id.hex, data_key=os.urandom(KEY_BYTES), created_at=_now()
            ).on_conflict_do_nothing(index_elements=["key_id"])
            with driver_errors("the key store could not create a key"), self._db.begin() as conn:
                conn.execute(stmt)
            row = self._select(key_id)
            assert row is not None  # we or a racing writer just inserted it
        return self._remember(key_id, row)

    def erased_at(self, key_id: UUID) -> datetime | None:
        with self._lock:
            erased = self._erased.get(key_id)
        if erased is not None:
            return erased
        row = self._select(key_id)
        return None if row is None or row.erased_at is None else _aware(row.erased_at)

    # --- erasure -------------------------------------------------------------

    def destroy(self, key_id: UUID) -> datetime:
        now = _now()
        with driver_errors("the key store could not destroy a key"), self._db.begin() as conn:
            conn.execute(
                update(_keys)
                .where(_keys.c.key_id == key_id.hex, _keys.c.erased_at.is_(None))
                .values(data_key=None, erased_at=now)
            )
            # An owner erased before their first write still gets a tombstone.
            insert = dialect_of(self._kind).insert(_keys)
            conn.execute(
                insert.values(key_id=key_id.hex, data_key=None, created_at=now, erased_at=now).on_conflict_do_nothing(
                    index_elements=["key_id"]
                )
            )
        row = self._select(key_id)
        assert row is not None and row.erased_at is not None
        with self._lock:
            self._cache.pop(key_id, None)
            _bounded_put(self._erased, key_id, _aware(row.erased_at), self.max_entries)
        return _aware(row.erased_at)

    def forget(self, key_id: UUID, erased_at: datetime) -> None:
        with self._lock:
            self._cache.pop(key_id, None)
            _bounded_put(self._erased, key_id, _aware(erased_at), self.max_entries)

    def scrub(self) -> None:
        """Leaves no copy of destroyed key bytes in the database files."""
        with (
            driver_errors("the key store could not scrub destroyed keys"),
            self._db.connect().execution_options(isolation_level="AUTOCOMMIT") as conn,
        ):
            dialect_of(self._kind).truncate_log(conn, KEY_TABLE)

    def close(self) -> None:
        self._db.dispose()

    # --- internals -----------------------------------------------------------

    def _cached(self, key_id: UUID) -> bytes | None:
        with self._lock:
            erased = self._erased.get(key_id)
            if erased is not None:
                self._erased.move_to_end(key_id)
            hit = self._cache.get(key_id)
            if hit is not None:
                self._cache.move_to_end(key_id)
        if erased is not None:
            raise OwnerErased(f"the owner's data key was destroyed at {erased.isoformat()}", key_id)
        if hit is not None and hit[1] > time.monotonic():
            return hit[0]
        return None

    def _select(self, key_id: UUID) -> Any:
        with driver_errors("the key store could not read a key"), self._db.connect() as conn:
            return conn.execute(select(_keys).where(_keys.c.key_id == key_id.hex)).one_or_none()

    def _remember(self, key_id: UUID, row: Any) -> bytes:
        if row.data_key is None:
            erased = _aware(row.erased_at)
            with self._lock:
                _bounded_put(self._erased, key_id, erased, self.max_entries)
            raise OwnerErased(f"the owner's data key was destroyed at {erased.isoformat()}", key_id)
        key = bytes(row.data_key)
        with self._lock:
            _bounded_put(self._cache, key_id, (key, time.monotonic() + self.ttl), self.max_entries)
        return key

    def cache_usage(self) -> tuple[int, int]:
        """(live keys cached, tombstones cached)."""
        with self._lock:
            return len(self._cache), len(self._erased)

    def _create_table(self) -> None:
        try:
            _metadata.create_all(self._db, checkfirst=True)
        except DBAPIError as e:
            if not is_schema_race(e):
                raise translate(e, "cannot create the key table") or e from None
            # Two processes creating the table at once on PostgreSQL: the loser
            # sees a duplicate type; the table exists either way.
            with driver_errors("cannot create the key table"):
                _metadata.create_all(self._db, checkfirst=True)


def _bounded_put(lru: OrderedDict[UUID, Any], key: UUID, value: Any, limit: int) -> None:
    """Stores ``value`` as the most recent entry, dropping the oldest past ``limit``."""
    lru[key] = value
    lru.move_to_end(key)
    while len(lru) > limit:
        lru.popitem(last=False)


def sql_engine(backend: Backend) -> Engine:
    """A SQLAlchemy engine on the store's database (``Dialect.sql_engine``):
    SQLite connections zero what they delete (``secure_delete``), which key and
    erasure work needs; waits are bounded by ``backend.timeouts`` (SQLite: the
    busy timeout; PostgreSQL: the URL carries connect, statement and lock
    timeouts, and the pool's checkout wait is the connect timeout)."""
    return dialect_of(backend.kind).sql_engine(
        backend.sqlalchemy_url, busy_ms=backend.timeouts.busy_ms, connect_s=backend.timeouts.connect_s
    )


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
