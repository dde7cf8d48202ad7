"""Runs projections over the global event log: batched, exactly-once, live.

A projection is a pure fold of the event log into SQL tables. The log is
read through the one follower (``memledger.storage.follower``, the only code
that touches the ``eventsourcing`` notification API, which moves between
releases); projections see plain ``Envelope`` values.

How to add a projection (for example a search index)
----------------------------------------------------
1. Subclass ``projections.base.TableProjection`` (or implement ``Projection``):
   give it a ``name``, the ``topics`` it folds, ``build_tables(metadata)``
   returning SQLAlchemy ``Table``s named with ``self.table_name("thing")``
   (``ml_thing_v3``: every version has its own tables), an append-only
   ``migrations()`` list, and ``fold(conn, envelopes)``, which folds one
   batch into its tables with the given connection (``base.insert_rows`` is
   the fast multi-row insert). ``fold`` must be a
   deterministic function of the events (no clocks; an embedder must be
   deterministic for its parameters) so that
   a rebuild equals the live version row for row. Version parameters (an
   embedder name, a pgvector dimension) arrive in ``self.params``; they are
   stored with the version in ``projection_versions``.
2. Register its factory: ``projections.registry.register("search", SearchProjection,
   default_params={"embedder": "minilm", "dim": 384})``.
3. Read through the active version, in one snapshot:
   ``with side.snapshot() as conn: t = side.tables("search", conn)["thing"]``
   (``side = eng.projections``), after ``side.wait()`` for read-your-writes.
   ``memledger projections rebuild search`` builds the next version beside
   the live one and switches readers atomically; a new embedder is
   ``rebuild search --param embedder=... --param dim=...``.
4. The memory read model for other readers (distillation): table ``beliefs``
   of projection ``memory``, one row per belief version; an owner's current
   beliefs are ``projections.memory.current_beliefs``.

Guarantees
----------
- A batch (up to ``batch_size`` notifications) and the projection's position
  commit in ONE transaction; the position moves by compare-and-set as the
  transaction's first statement, so a replayed or stale batch is rejected
  (``catalog.PositionConflict``) and a crash anywhere leaves rows and
  position consistent.
- The position is "last notification id processed". Notification ids may
  have gaps on PostgreSQL (a failed insert consumes a sequence value); a
  position past a gap is fine, because ids are committed in order (the
  recorder's table lock) and ``head`` is read before the batch.
- Live following: PostgreSQL LISTEN on the recorder's channel, with polling
  as the fallback (and the only mode on SQLite). Lost connections are
  survived: the batch is retried, the listener reconnects.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from eventsourcing.persistence import InterfaceError as EsInterfaceError
from eventsourcing.persistence import OperationalError as EsOperationalError
from sqlalchemy import Table
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError as SaIntegrityError
from sqlalchemy.exc import InterfaceError as SaInterfaceError
from sqlalchemy.exc import OperationalError as SaOperationalError
from sqlalchemy.exc import ProgrammingError as SaProgrammingError

from memledger.domain.errors import (
    ProjectionError,
    ProjectionTimeout,
    StoreUnavailable,
)
from memledger.projections import catalog
from memledger.projections.catalog import PositionConflict
from memledger.storage.follower import Envelope, Follower
from memledger.storage.store import EventLog

__all__ = [
    "DEFAULT_BATCH",
    "TRANSIENT_ERRORS",
    "Envelope",
    "Projection",
    "ProjectionBuilder",
    "Runner",
    "commit_batch",
]

log = logging.getLogger("memledger.projections")

DEFAULT_BATCH = 500
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    SaOperationalError,
    SaInterfaceError,
    EsOperationalError,
    EsInterfaceError,
    StoreUnavailable,
)


REGISTRATION_RACES: tuple[type[BaseException], ...] = (
    SaIntegrityError,
    SaProgrammingError,
    SaOperationalError,
)


class Projection(Protocol):
    name: str
    version: int

    @property
    def params(self) -> Mapping[str, Any]:
        """This version's parameters (stored with it in ``projection_versions``)."""

    @property
    def topics(self) -> tuple[str, ...]:
        """The event topics this projection folds (the runner reads only these)."""

    @property
    def tables(self) -> Sequence[Table]: ...

    def create(self, conn: Connection) -> None:
        """Runs pending migrations for this version (idempotent)."""

    def apply(self, conn: Connection, events: Sequence[Envelope]) -> None:
        """Folds one batch into the tables, inside the caller's transaction."""

    def drop(self, conn: Connection) -> None:
        """Drops this version's tables."""


class ProjectionBuilder(Protocol):
    """What the runner needs of a ``registry.ProjectionKind`` (a structural
    type: the registry imports this module, not the other way round)."""

    @property
    def default_params(self) -> Mapping[str, Any]: ...

    def build(self, version: int, params: Mapping[str, Any]) -> Projection: ...


def commit_batch(
    db: Engine,
    projection: Projection,
    old: int,
    new: int,
    envelopes: Sequence[Envelope],
    then: Callable[[Connection], None] | None = None,
) -> None:
    """Position (compare-and-set, first) + rows (+ ``then``) in one transaction."""
    with db.begin() as conn:
        catalog.advance_position(conn, projection.name, projection.version, old, new)
        if envelopes:
            projection.apply(conn, envelopes)
        if then is not None:
            then(conn)


def read_step(
    reader: Follower, position: int, head: int, batch_size: int, topics: Sequence[str]
) -> tuple[list[Envelope], int]:
    """The next batch after ``position`` and the position it reaches. A short
    batch means every matching event up to ``head`` was returned, so the
    position may jump to ``head`` (past events the projection ignores)."""
    page = reader.read(position, head, limit=batch_size, topics=topics)
    new = head if page.read < batch_size else page.last
    return page.envelopes, new


class Runner:
    """Keeps the active version of each named projection up to date.

    ``catch_up()`` runs in the caller's thread; ``start()`` follows the log in
    a background thread until ``stop()``. ``factories`` maps a projection name
    to its ``registry.ProjectionKind`` (``build(version, params)``).
    """

    def __init__(
        self,
        event_log: EventLog,
        db: Engine,
        factories: Mapping[str, ProjectionBuilder],
        *,
        batch_size: int = DEFAULT_BATCH,
        poll_interval: float = 0.25,
        listen: bool = True,
        on_batch: Callable[[Projection, int, int], None] | None = None,
    ) -> None:
        self.reader = Follower(event_log)
        self.db = db
        self.factories = dict(factories)
        self.batch_size = batch_size
        self.poll_interval = poll_interval
        self.listen = listen and db.dialect.name == "postgresql"
        self.on_batch = on_batch
        self._cache: dict[tuple[str, int], Projection] = {}
        self._positions: dict[tuple[str, int], int] = {}
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None
        catalog.create_catalog(db)

    # --- which projections --------------------------------------------------

    def active(self) -> list[Projection]:
        """The active version of every named projection (version 1 is created
        and activated the first time a name is seen)."""
        return [self._active(name, kind) for name, kind in self.factories.items()]

    def _active(self, name: str, kind: ProjectionBuilder) -> Projection:
        for attempt in range(5):
            try:
                with self.db.begin() as conn:
                    info = catalog.active_version(conn, name)
                    if info is not None and (name, info.version) in self._cache:
                        return self._cache[(name, info.version)]
                    catalog.ddl_lock(conn)
                    info = catalog.active_version(conn, name)  # again, under the lock
                    if info is None:
                        proj = kind.build(1, kind.default_params)
                        catalog.ensure_version(conn, name, 1, proj.params, state="active")
                        info = catalog.active_version(conn, name)
                        assert info is not None
                    key = (name, info.version)
                    if key not in self._cache:
                        proj = kind.build(info.version, info.params)
                        proj.create(conn)
                        self._cache[key] = proj
                    return self._cache[key]
            except REGISTRATION_RACES:
                # Another runner (a worker, a rebuild) registered or migrated the
                # same version between our read and our write: read it again.
                if attempt == 4:
                    raise
                time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")

    # --- processing ---------------------------------------------------------

    def catch_up(self) -> int:
        """Processes every active projection up to the head; returns events applied."""
        applied = 0
        for proj in self.active():
            head = self.reader.head()
            while True:
                n = self._step(proj, head)
                if n < 0:
                    break
                applied += n
        return applied

    def _step(self, proj: Projection, head: int) -> int:
        """One batch; -1 when already at ``head``."""
        key = (proj.name, proj.version)
        old = self._positions.get(key)
        if old is None:
            with self.db.connect() as conn:
                old = catalog.read_position(conn, proj.name, proj.version)
        if old >= head:
            self._positions[key] = old
            return -1
        envelopes, new = read_step(self.reader, old, head, self.batch_size, proj.topics)
        try:
            commit_batch(self.db, proj, old, new, envelopes)
        except PositionConflict:
            self._positions.pop(key, None)  # another runner moved it: re-read
            return 0
        except BaseException:
            self._positions.pop(key, None)  # unknown outcome: re-read next time
            raise
        self._positions[key] = new
        if self.on_batch is not None:
            self.on_batch(proj, old, new)
        with self._changed:
            self._changed.notify_all()
        return len(envelopes)

    # --- live following -----------------------------------------------------

    def start(self) -> Runner:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(
                target=self._follow, name="memledger-projections", daemon=True
            )
            self._thread.start()
        return self

    def stop(self, timeout: float = 30) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def run_forever(self) -> None:
        """Follows in the calling thread (the worker command) until ``stop()``."""
        self._follow()
        if self.error is not None:
            raise ProjectionError(f"projection runner failed: {self.error!r}") from self.error

    def _follow(self) -> None:
        listener = _Listener(self.db, self.reader.channel) if self.listen else None
        backoff = 0.1
        try:
            while not self._stop.is_set():
                try:
                    self.catch_up()
                    backoff = 0.1
                except TRANSIENT_ERRORS as e:
                    log.warning("projection batch failed, retrying: %s", e)
                    self._positions.clear()
                    self._stop.wait(backoff)
                    backoff = min(backoff * 2, 5.0)
                    continue
                except BaseException as e:  # noqa: BLE001 - a projection bug: stop and report it
                    self.error = e
                    log.exception("projection runner stopped")
                    with self._changed:
                        self._changed.notify_all()
                    return
                self._idle(listener)
        finally:
            if listener is not None:
                listener.close()

    def _idle(self, listener: _Listener | None) -> None:
        deadline = time.monotonic() + self.poll_interval
        while not self._stop.is_set() and not self._wake.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                break
            if listener is not None and listener.wait(min(left, 0.05)):
                break
            if listener is None or not listener.connected:
                self._wake.wait(min(left, 0.05))
        self._wake.clear()

    # --- read-your-writes ---------------------------------------------------

    def positions(self) -> dict[str, int]:
        """Stored position of each active projection (from the database, so it
        is right whether this process or a worker runs them)."""
        out: dict[str, int] = {}
        with self.db.connect() as conn:
            for name in self.factories:
                info = catalog.active_version(conn, name)
                out[name] = 0 if info is None else catalog.read_position(conn, name, info.version)
        return out

    def wait(self, position: int, timeout: float = 10.0, names: Iterable[str] | None = None) -> None:
        """Blocks until every (named) active projection has processed ``position``."""
        wanted = list(names) if names is not None else list(self.factories)
        deadline = time.monotonic() + timeout
        while True:
            if self.error is not None:
                raise ProjectionError(f"projection runner failed: {self.error!r}") from self.error
            current = self.positions()
            if all(current.get(n, 0) >= position for n in wanted):
                return
            left = deadline - time.monotonic()
            if left <= 0:
                lagging = {n: current.get(n, 0) for n in wanted if current.get(n, 0) < position}
                raise ProjectionTimeout(
                    f"projections {lagging} did not reach position {position} in {timeout}s"
                )
            self._wake.set()
            with self._changed:
                self._changed.wait(min(left, 0.05))


class _Listener:
    """A LISTEN connection that reconnects; ``wait`` is True on a notification."""

    def __init__(self, db: Engine, channel: str | None) -> None:
        from memledger.projections.db import psycopg_conninfo

        self._conninfo = psycopg_conninfo(db)
        self._channel = channel
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
            for _ in self._conn.notifies(timeout=timeout, stop_after=1):
                return True
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
