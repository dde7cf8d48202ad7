"""The read side of one open engine: the read-model database, the runner, reads.

``MemoryEngine.projections`` builds one of these on first use (the engine's
one composition point with this package). With ``projections_in_process``
(the default, and the natural choice for the embedded SQLite file) it starts
a runner thread that follows the log; otherwise a separate worker
(``ledgermind projections run``) keeps the tables current and this object only
reads and waits.

Readers resolve a projection's tables through its ACTIVE version on every
call (``tables(name, conn)``), so a rebuild's atomic switch takes effect for
the next query; the retired version's tables stay until dropped, so a query
that resolved the old version a moment earlier still finds its tables.
"""

from __future__ import annotations

import logging
import threading
from contextlib import AbstractContextManager

from sqlalchemy import Table
from sqlalchemy.engine import Connection, Engine

from ledgermind.analysis.embedders import check_choice
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.errors import ProjectionError
from ledgermind.domain.owner import Owner
from ledgermind.projections import catalog, registry, row_security
from ledgermind.projections.db import open_read_db, snapshot
from ledgermind.projections.runner import DEFAULT_BATCH, Projection, Runner
from ledgermind.write.port import WritePort

__all__ = ["ReadSide", "configured_kinds", "warn_if_not_configured"]

log = logging.getLogger("ledgermind.projections")


def configured_kinds(config: EngineConfig, names: list[str] | None = None) -> dict[str, registry.ProjectionKind]:
    """The projections to run (all, or ``names``), whose first version in a
    new database follows ``config``: the search index's embedder
    (``LEDGERMIND_EMBEDDER``), checked here (``InvalidInput`` for an unknown
    one, before anything is created)."""
    first = {"search": {"embedder": check_choice(config.embedder)}}
    return {name: kind.with_new_params(first.get(name, {})) for name, kind in registry.kinds(names).items()}


def warn_if_not_configured(db: Engine, config: EngineConfig) -> None:
    """A warning when the search index was built with another embedder than
    the configured one: the setting applies to new databases only."""
    with db.connect() as conn:
        info = catalog.active_version(conn, "search")
    wanted = check_choice(config.embedder)
    if info is not None and str(info.params.get("embedder", "hashing")) != wanted:
        log.warning(
            "LEDGERMIND_EMBEDDER=%s, but this database's search index uses %s (the setting applies to new "
            "databases): switch with `ledgermind projections rebuild search --param embedder=%s`",
            wanted,
            info.params.get("embedder"),
            wanted,
        )


class ReadSide:
    def __init__(
        self,
        writes: WritePort,
        *,
        run_in_process: bool = True,
        names: list[str] | None = None,
        batch_size: int | None = None,
        poll_interval: float = 0.25,
        read_url: str | None = None,
    ) -> None:
        self.writes = writes
        # the read models' own database (``EngineConfig.read_db``), else the event store's
        self.db: Engine = open_read_db(read_url or writes.log.backend.sqlalchemy_url)
        self.runner = Runner(
            writes.log,
            self.db,
            configured_kinds(writes.config, names),
            batch_size=DEFAULT_BATCH if batch_size is None else batch_size,
            poll_interval=poll_interval,
        )
        self._built: dict[tuple[str, int], Projection] = {}
        self._reached = 0  # a position every projection was seen to reach (``wait``)
        self._lock = threading.Lock()
        if run_in_process:
            self.runner.active()  # create version 1 of each projection before readers arrive
            warn_if_not_configured(self.db, writes.config)
            self.runner.start()

    def wait(self, position: int | None = None, timeout: float = 10.0, names: list[str] | None = None) -> None:
        """Read-your-writes: blocks until the projections have processed
        ``position`` (default: this engine's last write). A position all of
        them were seen to reach is not asked again: positions only move
        forward, and a rebuild switches readers only once it has caught up."""
        target = self.writes.position if position is None else position
        if names is None and target <= self._reached:
            return
        self.runner.wait(target, timeout, names)
        if names is None:
            self._reached = max(self._reached, target)

    def wait_for_head(self, timeout: float = 60.0) -> None:
        """Blocks until the projections have processed everything in the log now."""
        self.runner.wait(self.runner.reader.head(), timeout)

    def snapshot(self) -> AbstractContextManager[Connection]:
        """A connection whose reads all see one snapshot (``projections.db.snapshot``):
        resolve ``tables(name, conn)`` and query with it."""
        return snapshot(self.db)

    def projection(self, name: str, conn: Connection) -> Projection:
        """The active version of ``name``, as readers must see it now."""
        info = catalog.active_version(conn, name)
        if info is None:
            raise ProjectionError(f"projection {name!r} has no active version yet")
        key = (name, info.version)
        with self._lock:
            if key not in self._built:
                self._built[key] = registry.lookup(name).build(info.version, info.params)
            return self._built[key]

    def owner_scope(self, conn: Connection, owner: Owner) -> AbstractContextManager[Connection]:
        """Reads in ``conn``'s transaction see ``owner``'s rows only, by
        row-level security (``projections.row_security.owner_scope``)."""
        return row_security.owner_scope(conn, owner)

    def owner_reads(self, conn: Connection, owner: Owner) -> AbstractContextManager[Connection]:
        """``owner_scope`` for a read that ends ``conn``'s transaction with the
        block (``projections.row_security.owner_reads``)."""
        return row_security.owner_reads(conn, owner)

    def tables(self, name: str, conn: Connection) -> dict[str, Table]:
        proj = self.projection(name, conn)
        return {t.name.rsplit("_v", 1)[0].removeprefix("ml_"): t for t in proj.tables}

    def close(self) -> None:
        self.runner.stop()
        self.db.dispose()
