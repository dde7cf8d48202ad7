"""The event store: an ``eventsourcing`` Application configured for ledgermind.

This is the only module that configures the ``eventsourcing`` persistence
layer, and the boundary where its driver errors become ``StoreError``s (the
mapping itself lives in ``ledgermind.storage.driver_errors``).

Why the SQLite file's identity is checked around every commit: a connection
keeps writing to the file it opened even after that file was deleted or
replaced (renamed over) at its path, so acknowledged writes went to an
unlinked inode and were lost at close. ``EventLog`` remembers the file's
``(st_dev, st_ino)`` when it opens and ``stat``s the path before each
commit (a mismatch: nothing is written) and after it (a mismatch: the caller
gets ``StoreUnavailable``, not an acknowledgement of a write to a ghost). Two
``stat`` calls per transaction, not per event (group commit). Opening a path
whose database file is gone while its ``-wal`` is still there (the file was
deleted under a running engine) is refused: SQLite would replay that
orphaned log into a fresh file.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any
from uuid import UUID

from eventsourcing.application import Application, ProcessingEvent, Repository
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import (
    IntegrityError,
    ProcessRecorder,
    Recording,
    Tracking,
    Transcoder,
)
from eventsourcing.utils import get_topic, resolve_topic

from ledgermind.domain.errors import (
    CorruptStore,
    InsufficientPrivilege,
    InvalidInput,
    LedgermindError,
    StoreError,
    StoreUnavailable,
)
from ledgermind.storage.backend import SQLITE_MAGIC, Backend
from ledgermind.storage.continuity import install_version_guard
from ledgermind.storage.dialects import dialect_of
from ledgermind.storage.driver_errors import (
    driver_errors,
    is_schema_race,
    is_unreachable,
    sqlstate,
)
from ledgermind.storage.keystore import KeyStore, SqlKeyStore
from ledgermind.storage.sealing import SealingMapper
from ledgermind.storage.snapshotting import (
    FastRepository,
    project_events,
    take_snapshots,
)
from ledgermind.storage.transcoder import OrjsonTranscoder

__all__ = ["EventLog", "IntegrityError", "open_event_log", "translate_errors"]

# Tables ledgermind creates in its SQLite file: the eventsourcing recorder's
# (stored_events, stored_snapshots, tracking), the key store's, the read
# models'. A first open killed half-way may leave only some of them.
_SQLITE_OWN_TABLE_PREFIXES = ("stored_events", "stored_snapshots", "tracking", "ledgermind_", "projection_", "ml_")


class EventLog(Application[UUID]):
    """All ledgermind streams in one application, so one notification log
    orders them and one transaction can span a session and its agent."""

    name = "ledgermind"
    mapper: SealingMapper  # construct_mapper's (erasure forgets a destroyed key's cache through it)

    def __init__(
        self,
        backend: Backend,
        snapshot_interval: int,
        *,
        seal: bool = True,
        cipher_key: str | None = None,
        keys: KeyStore | None = None,
        aggregates: Sequence[type[Aggregate]] = (),
        snapshotted: Sequence[type[Aggregate]] = (),
    ) -> None:
        self.backend = backend
        # Every aggregate whose events this log may decode, from the composition
        # root: defining a class registers its topics, and a topic that resolves
        # to another class (two definitions of one stream kind) fails here, at open.
        self.aggregates = tuple(aggregates)
        _check_topics(self.aggregates)
        # The mapper needs these, and Application.__init__ builds the mapper.
        self._cipher = _log_cipher(cipher_key)  # a bad key fails before anything opens
        self.keys: KeyStore = keys if keys is not None else SqlKeyStore(backend)
        self._seal = seal
        # Per instance (the interval is a parameter): eventsourcing types these as
        # ClassVars, but reads them through ``self`` when it takes snapshots.
        self.snapshotting_intervals = {cls: snapshot_interval for cls in snapshotted}  # type: ignore[misc]
        self.snapshotting_projectors = {cls: project_events for cls in snapshotted}  # type: ignore[misc]
        env = dict(backend.es_env)
        env["IS_SNAPSHOTTING_ENABLED"] = "y"
        # Every append also writes its hash-chain links (ledgermind.storage.chain).
        env["PROCESS_RECORDER_TOPIC"] = dialect_of(backend.kind).recorder_topic
        env["POSTGRES_ENABLE_DB_FUNCTIONS"] = "n"  # the chain hooks the client-side insert
        super().__init__(env=env)
        # The erasure fence (ledgermind.storage.erasure_fence): the recorder
        # checks the keys the mapper collected during each save.
        if hasattr(self.recorder, "written_keys"):
            self.recorder.written_keys = self.mapper.written
        self._file_id = _file_identity(backend.path) if dialect_of(backend.kind).embedded_file else None

    def construct_env(self, name: str, env: Any = None) -> Any:
        # Only the URL decides the backend: a stray PERSISTENCE_MODULE or
        # POSTGRES_* in the process environment must not redirect our writes.
        from eventsourcing.utils import Environment

        return Environment(name, dict(env or {}))

    def construct_repository(self) -> Repository[UUID]:
        # Loads replay events without a per-event Protocol check (ledgermind.storage.snapshotting).
        return FastRepository(event_store=self.events, snapshot_store=self.snapshots)

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        # Snapshot the aggregates just saved, not a re-read of them (ledgermind.storage.snapshotting).
        take_snapshots(self, processing_event)

    def construct_transcoder(self) -> Transcoder:
        return OrjsonTranscoder()

    def construct_mapper(self) -> SealingMapper:
        """Per-owner sealing (ledgermind.storage.sealing), inside the optional whole-log cipher."""
        return SealingMapper(
            self.construct_transcoder(),
            self.keys,
            seal=self._seal,
            cipher=self._cipher,
        )

    def close(self) -> None:
        super().close()
        self.keys.close()

    def construct_recorder(self) -> ProcessRecorder:
        # A process recorder is an application recorder that can also commit a
        # tracking position with the events (the distiller's cursor).
        datastore = getattr(self.factory, "datastore", None)
        if not dialect_of(self.backend.kind).embedded_file and datastore is not None:
            from ledgermind.storage.pg_checkout import LIBRARY_ATTEMPTS, checkout

            # The library has no setting for libpq's connect_timeout or a
            # statement_timeout: its pool opens lazily (on first use, below),
            # so its connection parameters can still take ours.
            datastore.pool.kwargs.update(self.backend.pg_connect_kwargs())
            # The library retries a read or write that meets a connection
            # error 10 times, each waiting up to the pool's checkout timeout:
            # a tenth of the connect timeout each keeps the whole at about
            # the connect timeout (with its integer setting, 10x at least 1 s).
            datastore.pool.timeout = max(0.1, self.backend.timeouts.connect_s / LIBRARY_ATTEMPTS)
            # The pool reconnects in the background with exponential backoff
            # (1, 2, 4, 8, 16 s...) until its reconnect_timeout (5 min): after
            # a failover, it slept up to 16 s past the new primary's promotion.
            # Giving up after 2 s restarts the backoff at the next checkout.
            datastore.pool.reconnect_timeout = _RECONNECT_S
            # The library does not retry creating the tables: wait for the
            # first connection here with the whole budget (``pg_checkout``).
            with checkout(datastore):
                pass
            recorder = self.factory.process_recorder()  # creates the tables
            # A stream's next version needs its predecessor (a cache ahead of a failed-over store).
            install_version_guard(datastore, recorder.events_table_name)  # type: ignore[attr-defined]
            return recorder
        return self.factory.process_recorder()

    def check_file(self, when: str) -> None:
        """Raises ``StoreUnavailable`` when the SQLite file at our path is no
        longer the one this log opened (deleted, or replaced); a no-op on a server."""
        if self._file_id is None:
            return
        assert self.backend.path is not None
        now = _file_identity(self.backend.path)
        if now != self._file_id:
            what = "deleted" if now is None else "replaced by another file"
            raise StoreUnavailable(
                f"{self.backend.path} was {what} while this engine had it open ({when}); "
                "close the engine and reopen (writes to the old file would be lost)"
            )

    def save_tracked(self, tracking: Tracking | None, *aggregates: Aggregate) -> list[Recording[UUID]]:
        """Saves the aggregates' new events and, in the same transaction, a
        tracking position (a follower's cursor). A position that is not past
        the follower's last one makes the whole transaction fail."""
        self.check_file("nothing was written")
        with self.mapper.written.collecting():  # the owners the erasure fence checks
            # What the library's ``save`` does, without its per-object checks
            # against runtime protocols (``isinstance`` on a Protocol inspects
            # every attribute: about 5 % of the writer thread's time per
            # transaction under eight callers); the writer passes aggregates only.
            processing = ProcessingEvent[UUID](tracking)
            for aggregate in aggregates:
                processing.events.extend(aggregate.collect_events())
                processing.aggregates[aggregate.id] = aggregate
            # The event store's public ``put`` takes the tracking record (the
            # library's own ``save`` has no parameter for it); our repository has
            # no cache to update, which is all ``Application._record`` adds.
            recordings = self.events.put(processing.events, tracking=tracking)
            self._take_snapshots(processing)
        try:
            self.check_file("the last write went to the old file and is not acknowledged")
        except StoreUnavailable:
            outcomes = getattr(self.recorder, "outcomes", None)
            if outcomes is not None:
                outcomes.begin()  # not in the store this engine serves: it must not count as committed
            raise
        return recordings

    @property
    def process_recorder(self) -> ProcessRecorder:
        assert isinstance(self.recorder, ProcessRecorder)
        return self.recorder


def translate_errors() -> AbstractContextManager[None]:
    """Driver and persistence errors leave ledgermind only as ``StoreError``s
    (``ledgermind.storage.driver_errors``); eventsourcing's ``IntegrityError``
    passes through untouched because the writer retries on it."""
    return driver_errors(passthrough=(IntegrityError,))


def _check_topics(aggregates: Sequence[type[Aggregate]]) -> None:
    for cls in aggregates:
        topic = get_topic(cls)
        if resolve_topic(topic) is not cls:
            raise TypeError(f"topic {topic!r} of {cls.__qualname__} names another class")


def _log_cipher(cipher_key: str | None) -> Any:
    """eventsourcing's AES-GCM cipher (``cryptography`` flavour) for the whole log."""
    if not cipher_key:
        return None
    from eventsourcing.cryptography import AESCipher
    from eventsourcing.utils import Environment

    try:
        return AESCipher(Environment("ledgermind", {"CIPHER_KEY": cipher_key}))
    except (ValueError, OSError) as e:
        raise InvalidInput(f"LEDGERMIND_CIPHER_KEY must be a base64 AES key of 16, 24 or 32 bytes: {e}") from None


def open_event_log(
    backend: Backend,
    snapshot_interval: int,
    *,
    seal: bool = True,
    cipher_key: str | None = None,
    aggregates: Sequence[type[Aggregate]] = (),
    snapshotted: Sequence[type[Aggregate]] = (),
) -> EventLog:
    if dialect_of(backend.kind).embedded_file:
        _check_sqlite_file(backend)
    for attempt in range(_SCHEMA_RACE_ATTEMPTS):
        try:
            with driver_errors(f"cannot open {backend.display}", passthrough=(IntegrityError,)):
                return EventLog(
                    backend, snapshot_interval, seal=seal, cipher_key=cipher_key,
                    aggregates=aggregates, snapshotted=snapshotted,
                )  # fmt: skip
        except (StoreError, IntegrityError) as e:
            # Processes opening a fresh database at once all run the schema's
            # CREATE ... IF NOT EXISTS and record its migration; the losers can
            # see a catalog race (PostgreSQL) or a duplicate migration record
            # (the library's tracking table) instead of "exists". By then the
            # schema is complete: open again.
            if attempt + 1 == _SCHEMA_RACE_ATTEMPTS or not is_schema_race(e):
                if isinstance(e, IntegrityError):
                    raise StoreUnavailable(f"cannot open {backend.display}: {e}") from None
                if sqlstate(e, context=True) == _PG_INSUFFICIENT_PRIVILEGE:
                    raise InsufficientPrivilege(
                        f"{e}: opening a store creates its tables and brings an older store's up to date, "
                        "which only the login that owns them may do; open it with the owner's login "
                        "(once, for an upgrade), or give this login the tables' ownership"
                    ) from None
                raise
            time.sleep(0.05 * (attempt + 1) * (1 + random.random()))
        except LedgermindError:
            raise
        except Exception as e:  # connection failures raised by the driver at construction
            raise StoreUnavailable(f"cannot open {backend.display}: {e}") from None
    raise AssertionError("unreachable")  # pragma: no cover


_SCHEMA_RACE_ATTEMPTS = 5
_PG_INSUFFICIENT_PRIVILEGE = "42501"  # "must be owner of table ...", "permission denied for schema ..."
_RECONNECT_S = 2.0  # psycopg_pool's background reconnection gives up (and starts over) after this


def _file_identity(path: str | None) -> tuple[int, int] | None:
    """(st_dev, st_ino) of the file at ``path``; None when there is none."""
    try:
        st = os.stat(path)  # type: ignore[arg-type]
    except (FileNotFoundError, TypeError):
        return None
    return st.st_dev, st.st_ino


def _check_sqlite_file(backend: Backend) -> None:
    assert backend.path is not None
    if os.path.isdir(backend.path):
        raise CorruptStore(f"{backend.path} is a directory, not a database file")
    if not os.path.exists(backend.path) and os.path.exists(backend.path + "-wal"):
        raise StoreUnavailable(
            f"{backend.path} does not exist but its write-ahead log {backend.path}-wal does: the "
            "database file was deleted or moved while in use. Restore the file, or remove the "
            "-wal and -shm files to start an empty store at this path"
        )
    if os.path.exists(backend.path) and os.path.getsize(backend.path) > 0:
        with open(backend.path, "rb") as f:
            if f.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                raise CorruptStore(f"{backend.path} is not a SQLite database")
        _check_sqlite_tables(backend)
    parent = os.path.dirname(backend.path) or "."
    if not os.path.isdir(parent):
        raise StoreUnavailable(f"directory {parent} does not exist")


def _check_sqlite_tables(backend: Backend) -> None:
    """A non-empty SQLite file must already be a ledgermind store (or hold no
    tables yet). Opening someone else's database would silently add our
    tables to it; and a file whose pages are garbage must say so up front.

    SQLAlchemy reads the schema so that no driver is imported here."""
    import sqlalchemy as sa

    engine = sa.create_engine(backend.sqlalchemy_url, poolclass=sa.pool.NullPool)
    try:
        tables = set(sa.inspect(engine).get_table_names())
    except sa.exc.DatabaseError as e:
        # The file has SQLite's header: unless the driver's code says it cannot
        # be read right now (busy, locked, cannot open), its pages are damaged.
        text = str(e.orig)
        if is_unreachable(e):
            raise StoreUnavailable(f"cannot read {backend.path}: {text}") from None
        raise CorruptStore(f"{backend.path} is not a readable database: {text}") from None
    finally:
        engine.dispose()
    if tables and not any(t.startswith(_SQLITE_OWN_TABLE_PREFIXES) for t in tables):
        raise CorruptStore(
            f"{backend.path} is a SQLite database but not a ledgermind one "
            f"(it has tables {sorted(tables)[:5]} and none of ours)"
        )
