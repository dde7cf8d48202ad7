"""Runs projections over the global event log: batched, exactly-once, live.

A projection is a pure fold of the event log into SQL tables. The log is
read through the one follower (``ledgermind.storage.follower``, the only code
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
   ``ledgermind projections rebuild search`` builds the next version beside
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
  position past a gap is fine, because ``head`` is the settled head (every
  id at or below it is final: ``ledgermind.storage.frontier``) and is read
  before the batch.
- Live following: PostgreSQL LISTEN on the recorder's channel, with polling
  as the fallback (and the only mode on SQLite). Lost connections are
  survived: the batch is retried, the listener reconnects.
- One bad event never stops the read side. When a batch cannot be folded
  (a poison event: a field of the wrong type that slipped past validation,
  a value the database refuses), it is retried event by event, each in a
  savepoint; the events that still fail are QUARANTINED
  (``catalog.projection_quarantine``) in the same transaction as the position
  moving past them, and every other event folds. Later events of a
  quarantined event's stream are held behind it (quarantined too), so a
  stream is never folded out of order. ``retry_quarantined`` folds them again
  (``ledgermind projections quarantine retry``); on start a runner retries by
  itself those recorded by another ledgermind version or projection class
  ("retried after an upgrade"). Errors are stored and logged scrubbed of row
  contents (``describe_error``). Transient errors (a lost connection) and
  schema-level errors (a missing table, a permission) are not an event's
  fault: they are retried or stop the runner, as before.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from importlib import metadata
from typing import Any, Protocol, runtime_checkable

from eventsourcing.persistence import InterfaceError as EsInterfaceError
from eventsourcing.persistence import OperationalError as EsOperationalError
from sqlalchemy import Table, select
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError as SaDBAPIError
from sqlalchemy.exc import IntegrityError as SaIntegrityError
from sqlalchemy.exc import InterfaceError as SaInterfaceError
from sqlalchemy.exc import InternalError as SaInternalError
from sqlalchemy.exc import NotSupportedError as SaNotSupportedError
from sqlalchemy.exc import OperationalError as SaOperationalError
from sqlalchemy.exc import ProgrammingError as SaProgrammingError

from ledgermind.domain.errors import (
    ProjectionError,
    ProjectionTimeout,
    StoreUnavailable,
)
from ledgermind.projections import catalog
from ledgermind.projections.catalog import PositionConflict, QuarantinedEvent
from ledgermind.projections.db import psycopg_conninfo
from ledgermind.projections.leases import Leases
from ledgermind.storage.dialects import dialect_of
from ledgermind.storage.follower import Envelope, Follower
from ledgermind.storage.listener import Listener
from ledgermind.storage.store import EventLog

__all__ = [
    "DEFAULT_BATCH",
    "HELD",
    "LEDGERMIND_VERSION",
    "SYSTEMIC_ERRORS",
    "TRANSIENT_ERRORS",
    "Envelope",
    "Prepares",
    "Projection",
    "ProjectionBuilder",
    "RetryReport",
    "Runner",
    "apply_or_quarantine",
    "code_of",
    "commit_batch",
    "describe_error",
    "prepare_batch",
    "read_step",
    "retry_quarantined",
]

log = logging.getLogger("ledgermind.projections")

DEFAULT_BATCH = 500
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    SaOperationalError,
    SaInterfaceError,
    EsOperationalError,
    EsInterfaceError,
    StoreUnavailable,
)


# Errors that say nothing about the event being folded: a missing table, a
# revoked privilege, a broken database. Quarantining on them would quarantine
# the whole log, so they stop the runner instead (as every error used to).
SYSTEMIC_ERRORS: tuple[type[BaseException], ...] = (
    SaProgrammingError,
    SaInternalError,
    SaNotSupportedError,
)

HELD = "HeldBehindQuarantine"  # error_type of an event waiting behind its stream's quarantined one


def _ledgermind_version() -> str:
    try:
        return metadata.version("ledgermind")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "unknown"


LEDGERMIND_VERSION = _ledgermind_version()


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


@runtime_checkable
class Prepares(Protocol):
    """A projection with slow, read-only work per batch (the search index's
    embedding), done before the batch's transaction: on SQLite that
    transaction holds the write lock every appender waits for."""

    def prepare(self, db: Engine, events: Sequence[Envelope]) -> None: ...


def prepare_batch(db: Engine, projection: Projection, envelopes: Sequence[Envelope]) -> None:
    """``projection.prepare(db, envelopes)`` where it has one, outside any transaction."""
    if envelopes and isinstance(projection, Prepares):
        projection.prepare(db, envelopes)


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
) -> list[QuarantinedEvent]:
    """Position (compare-and-set, first) + rows (+ ``then``) in one
    transaction; returns the events quarantined on the way (usually none)."""
    with db.begin() as conn:
        catalog.advance_position(conn, projection.name, projection.version, old, new)
        quarantined = apply_or_quarantine(conn, projection, envelopes) if envelopes else []
        if then is not None:
            then(conn)
    return quarantined


def code_of(projection: Projection) -> str:
    """The code that folds ``projection``: its class, by module and name (an
    operator's projection names its own class, ``custom.PluginProjection.code``)."""
    code = getattr(projection, "code", None)
    if isinstance(code, str):
        return code[:300]
    cls = type(projection)
    return f"{cls.__module__}.{cls.__qualname__}"[:300]


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_NAME_LITERAL = re.compile(r"""^['"][A-Za-z_][A-Za-z0-9_.]{0,63}['"]$""")


def describe_error(exc: BaseException) -> tuple[str, str]:
    """(error type, message) safe to store and log: no row contents.

    Why scrub: a fold's error may quote the values it choked on, and a
    driver error carries the statement's parameters (the whole batch: other
    tenants' rows). Kept: the driver's own exception (not SQLAlchemy's
    wrapper with ``[parameters: ...]``), the first line of its message with
    every quoted literal that is not a plain identifier (a type, attribute or
    constraint name) replaced by '…', and where in the code it was raised."""
    source: BaseException = exc
    if isinstance(exc, SaDBAPIError) and isinstance(exc.orig, BaseException):
        source = exc.orig
    cls = type(source)
    kind = cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"
    lines = str(source).strip().splitlines()
    first = _QUOTED.sub(lambda m: m.group(0) if _NAME_LITERAL.match(m.group(0)) else "'…'", lines[0] if lines else "")
    tb = exc.__traceback__
    where = ""
    while tb is not None:
        code = tb.tb_frame.f_code
        where = f" (at {code.co_filename.rsplit('/', 1)[-1]}:{tb.tb_lineno} in {code.co_name})"
        tb = tb.tb_next
    return kind[:200], (first[:600] + where)[:1000]


def _stream_of(env: Envelope) -> str | None:
    originator = getattr(env.event, "originator_id", None)
    hex_id = getattr(originator, "hex", None)
    return hex_id if isinstance(hex_id, str) else None


def _entry(projection: Projection, env: Envelope, error_type: str, error: str) -> QuarantinedEvent:
    app = getattr(env.event, "app", None)
    user_id = getattr(env.event, "user_id", None)
    return QuarantinedEvent(
        name=projection.name,
        version=projection.version,
        position=env.position,
        stream_id=_stream_of(env),
        app=app[:256] if isinstance(app, str) else None,
        user_id=user_id[:256] if isinstance(user_id, str) else None,
        topic=env.topic[:200],
        error_type=error_type,
        error=error,
        ledgermind_version=LEDGERMIND_VERSION,
        code=code_of(projection),
        attempts=1,
        quarantined_at=datetime.now(UTC),
    )


def _held_streams(conn: Connection, projection: Projection) -> set[str]:
    q = catalog.quarantine_table.c
    rows = conn.execute(
        select(q.stream_id).where(q.name == projection.name, q.version == projection.version, q.stream_id.is_not(None))
    )
    return {str(r[0]) for r in rows}


def _try_apply(conn: Connection, projection: Projection, envelopes: Sequence[Envelope]) -> BaseException | None:
    """Folds ``envelopes`` in a savepoint; the event's error, or None. Errors
    that are not the events' fault propagate (see ``SYSTEMIC_ERRORS``)."""
    try:
        with conn.begin_nested():
            projection.apply(conn, envelopes)
    except TRANSIENT_ERRORS:
        raise
    except SYSTEMIC_ERRORS:
        raise
    except Exception as e:
        return e
    return None


def apply_or_quarantine(
    conn: Connection, projection: Projection, envelopes: Sequence[Envelope]
) -> list[QuarantinedEvent]:
    """Folds a batch in the caller's transaction, quarantining what cannot be
    folded (see the module docstring); returns the quarantined events."""
    held = _held_streams(conn, projection)
    entries: list[QuarantinedEvent] = []
    todo: list[Envelope] = []
    for env in envelopes:
        if _stream_of(env) in held:
            entries.append(_entry(projection, env, HELD, "an earlier event of its stream is quarantined"))
        else:
            todo.append(env)
    if todo and _try_apply(conn, projection, todo) is not None:
        failed: set[str | None] = set()
        for env in todo:  # find the poison: every event alone, in log order
            stream = _stream_of(env)
            if stream is not None and stream in failed:
                entries.append(_entry(projection, env, HELD, "an earlier event of its stream is quarantined"))
                continue
            error = _try_apply(conn, projection, [env])
            if error is not None:
                entries.append(_entry(projection, env, *describe_error(error)))
                failed.add(stream)
    entries.sort(key=lambda e: e.position)
    for entry in entries:
        catalog.quarantine(conn, entry)
        log.warning(
            "projection %s v%s quarantined event %s (%s, owner %s/%s): %s: %s",
            entry.name,
            entry.version,
            entry.position,
            entry.topic,
            entry.app,
            entry.user_id,
            entry.error_type,
            entry.error,
        )
    return entries


@dataclass(frozen=True, slots=True)
class RetryReport:
    """What a retry did: the events that now folded (or no longer exist, e.g.
    their owner was erased) and those still quarantined (with the new error)."""

    released: list[QuarantinedEvent]
    failed: list[QuarantinedEvent]


def retry_quarantined(
    db: Engine,
    reader: Follower,
    projection: Projection,
    positions: Collection[int] | None = None,
    *,
    stale_only: bool = False,
) -> RetryReport:
    """Folds quarantined events of ``projection`` again, in log order, in one
    transaction that first locks its position (a live batch waits); each one
    that folds leaves the quarantine. ``positions``: only these; ``stale_only``:
    only those recorded by another ledgermind version or projection class
    (what a runner does on start). A held event is retried once nothing
    earlier of its stream is still quarantined."""
    released: list[QuarantinedEvent] = []
    failed: list[QuarantinedEvent] = []
    code = code_of(projection)
    with db.begin() as conn:
        catalog.lock_position(conn, projection.name, projection.version)
        blocked: set[str | None] = set()
        for entry in catalog.list_quarantined(conn, projection.name, projection.version):
            wanted = positions is None or entry.position in positions
            if wanted and stale_only:
                stale = entry.ledgermind_version != LEDGERMIND_VERSION or entry.code != code
                wanted = stale or entry.error_type == HELD
            if not wanted or (entry.stream_id is not None and entry.stream_id in blocked):
                blocked.add(entry.stream_id)
                if wanted:
                    failed.append(entry)
                continue
            page = reader.read(entry.position - 1, entry.position, topics=projection.topics)
            found = [env for env in page.envelopes if env.position == entry.position]
            error = _try_apply(conn, projection, found) if found else None
            if error is None:
                catalog.release_quarantined(conn, projection.name, projection.version, entry.position)
                released.append(entry)
                continue
            error_type, message = describe_error(error)
            again = replace(
                entry,
                error_type=error_type,
                error=message,
                ledgermind_version=LEDGERMIND_VERSION,
                code=code,
                attempts=entry.attempts + 1,
            )
            catalog.quarantine(conn, again)
            failed.append(again)
            blocked.add(entry.stream_id)
    return RetryReport(released, failed)


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
        leases: Leases | None = None,
    ) -> None:
        self.reader = Follower(event_log)
        # Shared workers fold only the projections they hold a lease on
        # (``projections.leases``); a batch whose lease ran out meanwhile is
        # still safe: its position check fails if another worker moved on.
        self.leases = leases
        self.db = db
        self.factories = dict(factories)
        self.batch_size = batch_size
        self.poll_interval = poll_interval
        # LISTEN where the events are inserted: the event store, which need
        # not be the read models' database (``EngineConfig.read_db``)
        self._log_url = make_url(event_log.backend.sqlalchemy_url)
        self.listen = listen and dialect_of(event_log.backend.kind).listens
        self.on_batch = on_batch
        self._cache: dict[tuple[str, int], Projection] = {}
        self._positions: dict[tuple[str, int], int] = {}
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._retried: set[tuple[str, int]] = set()
        self.error: BaseException | None = None
        # Events this runner quarantined or released (newest last, bounded):
        # what ``projections run`` reports; the catalog table is the record.
        self.quarantined: list[QuarantinedEvent] = []
        self.released: list[QuarantinedEvent] = []
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
        projections = self.active()
        if self.leases is not None:
            held = set(self.leases.claim([p.name for p in projections]))
            projections = [p for p in projections if p.name in held]
        for proj in projections:
            self._retry_after_upgrade(proj)
            head = self.reader.head()
            while True:
                n = self._step(proj, head)
                if n < 0:
                    break
                applied += n
        return applied

    def _retry_after_upgrade(self, proj: Projection) -> None:
        """Once per version and runner: folds again the quarantined events
        that another ledgermind version or projection class failed on."""
        key = (proj.name, proj.version)
        if key in self._retried:
            return
        report = retry_quarantined(self.db, self.reader, proj, stale_only=True)
        self._retried.add(key)
        for entry in report.released:
            log.warning(
                "projection %s v%s: event %s retried after an upgrade and folded (owner %s/%s)",
                entry.name,
                entry.version,
                entry.position,
                entry.app,
                entry.user_id,
            )
        self.released = (self.released + report.released)[-1000:]

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
            prepare_batch(self.db, proj, envelopes)
            quarantined = commit_batch(self.db, proj, old, new, envelopes)
        except PositionConflict:
            self._positions.pop(key, None)  # another runner moved it: re-read
            return 0
        except BaseException:
            self._positions.pop(key, None)  # unknown outcome: re-read next time
            raise
        self._positions[key] = new
        if quarantined:
            self.quarantined = (self.quarantined + quarantined)[-1000:]
        if self.on_batch is not None:
            self.on_batch(proj, old, new)
        with self._changed:
            self._changed.notify_all()
        return len(envelopes)

    # --- live following -----------------------------------------------------

    def start(self) -> Runner:
        """Retries the quarantine after an upgrade first, in the caller's
        thread (so a reader that opens the engine sees what it released),
        then follows the log in a background thread."""
        if self._thread is None:
            try:
                for proj in self.active():
                    self._retry_after_upgrade(proj)
            except TRANSIENT_ERRORS as e:  # the follower's first cycle tries again
                log.warning("retrying the quarantine failed, later: %s: %s", *describe_error(e))
            self._stop.clear()
            self._thread = threading.Thread(target=self._follow, name="ledgermind-projections", daemon=True)
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
        listener = Listener(psycopg_conninfo(self._log_url), self.reader.channel) if self.listen else None
        backoff = 0.1
        try:
            while not self._stop.is_set():
                try:
                    self.catch_up()
                    backoff = 0.1
                except TRANSIENT_ERRORS as e:
                    log.warning("projection batch failed, retrying: %s: %s", *describe_error(e))
                    self._positions.clear()
                    self._stop.wait(backoff)
                    backoff = min(backoff * 2, 5.0)
                    continue
                except BaseException as e:
                    self.error = e
                    # Scrubbed, no traceback: a driver error's text carries the
                    # batch's parameters, i.e. other tenants' rows.
                    log.error("projection runner stopped: %s: %s", *describe_error(e))
                    with self._changed:
                        self._changed.notify_all()
                    return
                self._idle(listener)
        finally:
            if listener is not None:
                listener.close()

    def _idle(self, listener: Listener | None) -> None:
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
                raise ProjectionTimeout(f"projections {lagging} did not reach position {position} in {timeout}s")
            self._wake.set()
            with self._changed:
                self._changed.wait(min(left, 0.05))
