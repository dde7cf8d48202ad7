"""``MemoryEngine``: the composition root, the lifecycle and the operator's calls.

It opens the event log (handing it every aggregate it may decode:
``ledgermind.api.aggregates``), owns the write port (``ledgermind.write``),
builds the read side (``ledgermind.projections``) and retrieval on first use,
and holds no logic of its own beyond that wiring, so nothing below it needs
to import it (import-linter enforces that).

Every call on an owner's data is a method of the owner handle,
``eng.for_owner(owner)`` (``OwnerMemory``, ``ledgermind.api.owner``), and
exists there only: one door per concept. What stays here is what is not one
owner's: opening and closing, the read side and retrieval, operating the
projections (``projection_admin()``), the API keys (``api_keys()``), the
distiller and the whole log's verification. Erasure is the handle's (``mem.erase()``); the work is done
here (``_erase``) because it needs the whole engine.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ledgermind.api.aggregates import known_aggregates
from ledgermind.api.keys import KeyRing
from ledgermind.api.owner import OwnerMemory
from ledgermind.api.projection_admin import ProjectionAdmin
from ledgermind.domain.aggregates import SNAPSHOTTED
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.erasure import ErasureReport
from ledgermind.domain.errors import ProjectionError
from ledgermind.domain.listing_records import UserSummary
from ledgermind.domain.owner import Owner
from ledgermind.projections import listing
from ledgermind.projections.purge import (
    count_owner_rows,
    erasure_remains,
    owner_tables,
    purge_read_models,
    vacuum_read_models,
)
from ledgermind.projections.readside import ReadSide
from ledgermind.retrieval import Retrieval
from ledgermind.storage.backend import Backend, Timeouts, parse_db_url, require_store
from ledgermind.storage.driver_errors import driver_errors
from ledgermind.storage.follower import Follower
from ledgermind.storage.keystore import sql_engine
from ledgermind.storage.leases import LeaseTable
from ledgermind.storage.store import EventLog, open_event_log, translate_errors
from ledgermind.write.erasure import erase_in_log
from ledgermind.write.port import WritePort
from ledgermind.write.validation import check_count, check_owner

if TYPE_CHECKING:
    from ledgermind.distill.distiller import Distiller, DistillReport
    from ledgermind.domain.lineage import VerifyReport

__all__ = ["MemoryEngine", "OwnerMemory"]


class MemoryEngine:
    """An open ledgermind database. Thread-safe; one per process is plenty."""

    def __init__(self, config: EngineConfig) -> None:
        self.config = config
        timeouts = Timeouts(config.connect_timeout_s, config.statement_timeout_s, config.lock_timeout_s)
        self.backend: Backend = parse_db_url(config.db, timeouts)
        # The read models' database (LEDGERMIND_READ_DB), else the event store's.
        self.read_backend: Backend = parse_db_url(config.read_db, timeouts) if config.read_db else self.backend
        self.log: EventLog = open_event_log(
            self.backend,
            config.snapshot_interval,
            seal=config.seal_events,
            cipher_key=config.cipher_key,
            aggregates=known_aggregates(),
            snapshotted=SNAPSHOTTED,
        )
        self.writes = WritePort(self.log, config)
        self._readside: ReadSide | None = None
        self._readside_lock = threading.Lock()
        self._retrieval: Retrieval | None = None
        self._leases: LeaseTable | None = None  # the heartbeat table, opened on first use
        # Why the last build_context injected nothing because the read side
        # failed (None: it did not fail); also logged as a warning.
        self.context_degraded: str | None = None

    @classmethod
    def open(cls, db: str | None = None, *, config: EngineConfig | None = None, create: bool = True) -> MemoryEngine:
        """Opens (creating if needed) the database at ``db``: a file path,
        ``sqlite:///path`` or ``postgresql://...``; default ``LEDGERMIND_DB``
        or ``ledgermind.db``. With ``create=False`` (read-only commands) a
        database that holds no ledgermind store raises ``StoreNotFound`` and
        nothing is created (``ledgermind.storage.backend.require_store``)."""
        base = config or EngineConfig.from_env()
        if db is not None:
            base = replace(base, db=db)
        if not create:
            require_store(parse_db_url(base.db))
        return cls(base)

    def for_owner(self, owner: Owner) -> OwnerMemory:  # the one owner-scoped door
        """This engine bound to one owner: every method of the handle takes
        no owner, and ids of any other owner are simply not found."""
        return OwnerMemory(self, check_owner(owner))

    # --- lifecycle ----------------------------------------------------------

    def close(self) -> None:
        if self._retrieval is not None:
            self._retrieval.close()
        if self._readside is not None:
            self._readside.close()  # stop the in-process projection runner first
        if self._leases is not None:
            self._leases.close()
        self.writes.close()
        self.log.close()

    @property
    def projections(self) -> ReadSide:
        """The read side, built on first use. With ``config.projections_in_process``
        (default; ``LEDGERMIND_PROJECTIONS_IN_PROCESS``) a runner thread follows
        the log until ``close()``; otherwise a worker (``ledgermind projections
        run``) does, and this only reads and waits."""
        with self._readside_lock:
            if self._readside is None:
                with driver_errors("the read side could not start"):
                    self._readside = ReadSide(
                        self.writes,
                        run_in_process=self.config.projections_in_process,
                        read_url=self.read_backend.sqlalchemy_url,
                    )
            return self._readside

    def __enter__(self) -> MemoryEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def position(self) -> int:
        """The notification id of this engine's last committed write: hand it
        to a projection's ``wait`` for read-your-writes."""
        return self.writes.position

    def follower(self, topics: Sequence[str] = (), *, position: int = 0) -> Follower:
        """A follower of this engine's log: ``topics`` (every topic when
        empty) in pages after ``position``, decoded, erased owners' events
        skipped; ``follower().head()`` is the log's head. For what follows the
        log across owners beside the engine (an integration's index, the
        service's key index, a head to wait for); one owner's live events are
        ``for_owner(owner).feed()``."""
        return Follower(self.log, topics, position=position)

    # --- the read side and retrieval ------------------------------------------

    @property
    def retrieval(self) -> Retrieval:
        if self._retrieval is None:
            access = self.projections  # the read side that runs and serves the index
            with self._readside_lock:
                if self._retrieval is None:
                    self._retrieval = Retrieval(
                        access, lambda: self.writes.position, relevance_floor=self.config.relevance_floor
                    )
        return self._retrieval

    def projection_admin(self) -> ProjectionAdmin:
        """The operator's calls on the read models: a worker, rebuild, status,
        the quarantine, drop (``ledgermind projections``)."""
        return ProjectionAdmin(self.log, self.read_backend.sqlalchemy_url, self.config)

    def users(self, app: str, *, limit: int = 50, after: str | None = None) -> list[UserSummary]:
        """The users of ``app`` (anyone with a session or a belief), by user id,
        with their counts, from the read models: an operator's listing across
        owners (ids and counts, no content; ``ledgermind users``, the desk's
        first page). ``after``: the last user id of the previous page."""
        Owner(app, "-")  # the app name is checked like an owner's
        rows = listing.users(self.projections, app, limit=check_count(limit, "limit", minimum=1), after=after)
        return [UserSummary.of_row(r) for r in rows]

    def api_keys(self) -> KeyRing:
        """The HTTP service's API keys: create, list, revoke, verify (``ledgermind keys``)."""
        return KeyRing(self.writes, self.log)

    def _lease_table(self) -> LeaseTable:
        with self._readside_lock:
            if self._leases is None:
                self._leases = LeaseTable(self.backend)
            return self._leases

    # --- operator calls -------------------------------------------------------

    def distiller(self, **options: Any) -> Distiller:
        """A distiller on this engine's log (``options`` go to
        ``ledgermind.distill.Distiller``): ``run_once()`` up to the head,
        ``run_forever()`` as a worker, its ``dead_letters()`` and ``replay``."""
        from ledgermind.distill.distiller import Distiller

        return Distiller(self.writes, **options)

    def distill(self, **options: Any) -> DistillReport:
        """Runs a distiller in this process up to the log's head (tests, demos,
        embedded use): ``distiller(**options).run_once()``."""
        return self.distiller(**options).run_once()

    def verify_log(self) -> VerifyReport:
        """Re-walks every stream's hash chain and the recorded checkpoints of
        the whole log: intact, or the first altered, removed or reordered
        event (``ledgermind.storage.chain``). One owner's streams:
        ``eng.for_owner(owner).verify_log()``."""
        from ledgermind.storage import chain

        return chain.verify(self.log, [])

    def checkpoint_log(self) -> None:
        """Records a checkpoint of every stream's chain head now (the log also
        does so every 1,000 events), so that ``verify_log`` can tell a
        truncated log from a whole one up to here."""
        from ledgermind.storage import chain

        chain.record_checkpoint(self.log.recorder)

    def _erase(self, owner: Owner) -> ErasureReport:
        """``OwnerMemory.erase`` (here because it needs the whole engine: the
        log, the read models' database, the key store): destroys the owner's
        data key (every event of theirs becomes unreadable, everywhere, for
        good), records ``owner.erased`` (no content), purges their read-model
        rows and scrubs the files.
        Idempotent: call it again after a crash. Later writes for the owner
        raise ``OwnerErased`` (issue a new user id instead)."""
        check_owner(owner)
        before = self.writes.position
        db = sql_engine(self.read_backend)  # the read models' database
        try:
            # Counted first: a projection runner (this process's or another's)
            # may delete the rows when it folds owner.erased, before the purge.
            with translate_errors():
                held = count_owner_rows(db, owner)
        except BaseException:
            db.dispose()
            raise
        erased = erase_in_log(self.writes, owner)
        if self._readside is not None and self._readside.runner.running:
            # Let the in-process runner fold owner.erased first, so a batch it
            # decoded before the key died cannot re-insert rows after the scrub.
            try:
                self._readside.wait(self.writes.position, timeout=30)
            except ProjectionError:
                pass  # the purge below does not depend on the runner; a re-call finishes
        try:
            with translate_errors():
                purged = purge_read_models(db, owner)
                # Every owner-scoped table, not only those this call purged:
                # the runner may have deleted the rows first (folding
                # owner.erased), and their dead bytes are in the files all the same.
                with driver_errors("erasure could not list read models"):
                    tables = owner_tables(db)
                vacuum_read_models(db, tables, rewrite=self.config.erasure_rewrite)
                self.log.keys.scrub()
        finally:
            db.dispose()
        return ErasureReport(
            app=owner.app,
            user_id=owner.user_id,
            key_id=erased.key_id.hex,
            erased_at=erased.erased_at,
            position=self.writes.position if erased.recorded and self.writes.position > before else 0,
            # Rows gone by this erasure: counted before it, or deleted by the purge.
            purged_rows={t: max(held.get(t, 0), purged.get(t, 0)) for t in {*held, *purged}},
            owner_digest=erased.digest,
            remains=erasure_remains(self.backend.kind, rewrite=self.config.erasure_rewrite),
        )
