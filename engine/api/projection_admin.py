"""``ProjectionAdmin``: the operator's calls on the read models (``eng.projection_admin()``).

Why here and not in the command line: running a projection worker,
rebuilding a version beside the live one, reading the status and the
quarantine, and dropping a retired version are operations of the engine,
whoever asks (``ledgermind projections``, an operator's script, a test).
The command line parses arguments and prints; what it operates is this one
door, so it imports nothing below the API.

Each call opens its own connection pool to the read models' database (the
event store's, or ``LEDGERMIND_READ_DB``) and disposes of it when done; the
worker's pool lives as long as its ``with`` block.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from ledgermind.domain.config import EngineConfig
from ledgermind.projections import admin, registry
from ledgermind.projections.admin import VersionStatus
from ledgermind.projections.catalog import QuarantinedEvent
from ledgermind.projections.db import open_read_db
from ledgermind.projections.leases import Leases
from ledgermind.projections.readside import configured_kinds
from ledgermind.projections.rebuild import RebuildReport, rebuild
from ledgermind.projections.runner import (
    DEFAULT_BATCH,
    TRANSIENT_ERRORS,
    Projection,
    RetryReport,
    Runner,
    describe_error,
)
from ledgermind.storage.driver_errors import driver_errors
from ledgermind.storage.store import EventLog

__all__ = ["ProjectionAdmin", "QuarantinedEvent", "RebuildReport", "RetryReport", "Runner", "VersionStatus"]


log = logging.getLogger("ledgermind.projections")

_FIRST_RETRY_S = 0.1  # a worker waiting for its read database: the first pause, doubled up to the last
_MAX_RETRY_S = 2.0


class ProjectionAdmin:
    """Run, rebuild, inspect, retry and drop the projections of one database."""

    def __init__(self, log: EventLog, read_url: str, config: EngineConfig) -> None:
        self._log = log
        self._read_url = read_url
        self._config = config

    @staticmethod
    def load_plugins(plugins: Sequence[str]) -> list[str]:
        """Registers the projection classes named ``module:attr`` for the rest
        of the process (installed entry points load without this); returns the
        name of every projection this process can run."""
        return sorted(registry.discover(plugins))

    @staticmethod
    def parameters(name: str) -> dict[str, Any]:
        """The parameters an operator may set on a rebuild of ``name``, with
        their defaults (whose types a new value must have)."""
        kind = registry.lookup(name)
        return {key: value for key, value in kind.default_params.items() if kind.settable(key)}

    def _when_reachable(self, start: Callable[[], Runner]) -> Runner:
        """``start()``, tried again while the read database cannot be reached
        (no primary during a failover, the server restarting), up to the
        connect timeout in all, as opening the engine waits: a worker started
        at that moment then comes up instead of exiting. Still unreachable:
        ``StoreUnavailable``."""
        deadline = time.monotonic() + self._config.connect_timeout_s
        delay = _FIRST_RETRY_S
        while True:
            try:
                return start()
            except TRANSIENT_ERRORS as e:
                if time.monotonic() + delay > deadline:
                    with driver_errors("the projection worker could not reach the read database"):
                        raise e from None
                log.warning("the read database is unreachable, retrying: %s: %s", *describe_error(e))
                time.sleep(delay)
                delay = min(delay * 2, _MAX_RETRY_S)

    @contextlib.contextmanager
    def _db(self) -> Iterator[Engine]:
        db = open_read_db(self._read_url)
        try:
            yield db
        finally:
            db.dispose()

    def status(self, name: str | None = None) -> list[VersionStatus]:
        """Every version (of ``name``): state, position, lag, rows, quarantined events."""
        with self._db() as db:
            return admin.status(self._log, db, name)

    def quarantined(self, name: str | None = None) -> list[QuarantinedEvent]:
        """Every event a projection (``name``) could not fold, in log order."""
        with self._db() as db:
            return admin.quarantined(db, name)

    def retry(self, name: str | None = None, positions: Collection[int] | None = None) -> list[RetryReport]:
        """Folds quarantined events again (all, or those at ``positions``) with
        the code installed now; each one that folds leaves the quarantine."""
        with self._db() as db:
            return admin.retry(self._log, db, name, positions)

    def drop(self, name: str, version: int) -> None:
        """Drops a retired (or abandoned) version's tables and records."""
        with self._db() as db:
            admin.drop_version(db, name, version)

    def rebuild(
        self,
        name: str,
        *,
        params: Mapping[str, Any] | None = None,
        batch_size: int = DEFAULT_BATCH,
        progress: bool = False,
    ) -> RebuildReport:
        """Builds the next version of ``name`` beside the live one, then
        switches readers to it atomically (``ledgermind.projections.rebuild``)."""
        with self._db() as db:
            return rebuild(self._log, db, name, params=params, batch_size=batch_size, progress=progress)

    @contextlib.contextmanager
    def worker(
        self,
        names: list[str] | None = None,
        *,
        batch_size: int = DEFAULT_BATCH,
        poll_interval: float = 0.25,
        on_batch: Callable[[Projection, int, int], None] | None = None,
        lease_ttl: float | None = None,
    ) -> Iterator[Runner]:
        """A projection runner over the configured projections (all, or
        ``names``): ``catch_up()`` once, or ``run_forever()`` until ``stop()``.
        With ``lease_ttl`` it takes a lease on each projection it follows, so
        several workers share them, one each; the leases are released when
        the block ends (unreleased, they expire after ``lease_ttl``)."""
        with self._db() as db:
            leases: Leases | None = None

            def start() -> Runner:
                nonlocal leases
                if lease_ttl is not None and leases is None:
                    leases = Leases(db, ttl_s=lease_ttl)
                return Runner(
                    self._log,
                    db,
                    configured_kinds(self._config, names),
                    batch_size=batch_size,
                    poll_interval=poll_interval,
                    on_batch=on_batch,
                    leases=leases,
                )

            try:
                yield self._when_reachable(start)
            finally:
                if leases is not None:
                    with contextlib.suppress(SQLAlchemyError):
                        leases.release()
