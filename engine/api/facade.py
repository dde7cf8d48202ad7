"""``MemoryEngine``: the composition root, the lifecycle and the operator's calls.

It opens the event log (handing it every aggregate it may decode:
``ledgermind.api.aggregates``), owns the write port (``ledgermind.write``),
builds the read side (``ledgermind.projections``) and retrieval on first use,
and holds no logic of its own beyond that wiring, so nothing below it needs
to import it (import-linter enforces that).

Every call on an owner's data is a method of the owner handle,
``eng.for_owner(owner)`` (``OwnerMemory``, ``ledgermind.api.owner``), and
exists there only: one door per concept. What stays here is what is not one
owner's: opening and closing, the projections and retrieval, the distiller,
the whole log's verification, and erasure (an operator's call, not the
handle's: a handle given to an agent must not be able to destroy its owner).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from ledgermind.api.aggregates import known_aggregates
from ledgermind.api.owner import OwnerMemory
from ledgermind.domain.agent import Agent
from ledgermind.domain.aggregates import SNAPSHOTTED
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.erasure import ErasureReport
from ledgermind.domain.errors import ProjectionError
from ledgermind.domain.memory import Memory
from ledgermind.domain.owner import Owner
from ledgermind.domain.records import SessionInfo
from ledgermind.domain.session import Session
from ledgermind.domain.task import Task
from ledgermind.projections.purge import (
    count_owner_rows,
    erasure_remains,
    owner_tables,
    purge_read_models,
    vacuum_read_models,
)
from ledgermind.projections.readside import ReadSide
from ledgermind.recovery import RestoredAgent
from ledgermind.retrieval import Retrieval, SearchResult, Tool
from ledgermind.storage.backend import Backend, Timeouts, parse_db_url, require_store
from ledgermind.storage.driver_errors import driver_errors
from ledgermind.storage.keystore import sql_engine
from ledgermind.storage.leases import Lease, LeaseTable
from ledgermind.storage.store import EventLog, open_event_log, translate_errors
from ledgermind.write.beliefs import BeliefChange
from ledgermind.write.erasure import erase_in_log
from ledgermind.write.port import WritePort
from ledgermind.write.validation import check_owner

if TYPE_CHECKING:
    from ledgermind.distill.distiller import DistillReport
    from ledgermind.domain.lineage import BeliefLineage, MessageLineage, RetractionReport, VerifyReport

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
    def open(
        cls, db: str | None = None, *, config: EngineConfig | None = None, create: bool = True
    ) -> MemoryEngine:
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
                    self._readside = ReadSide(self.writes, run_in_process=self.config.projections_in_process,
                                              read_url=self.read_backend.sqlalchemy_url)
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

    def _lease_table(self) -> LeaseTable:
        with self._readside_lock:
            if self._leases is None:
                self._leases = LeaseTable(self.backend)
            return self._leases

    # --- operator calls -------------------------------------------------------

    def distill(self, **options: Any) -> DistillReport:
        """Runs a distiller in this process up to the log's head (tests, demos,
        embedded use); ``options`` go to ``ledgermind.distill.Distiller``."""
        from ledgermind.distill.distiller import Distiller

        return Distiller(self.writes, **options).run_once()

    def verify_log(self, *owners: Owner) -> VerifyReport:
        """Re-walks the log's hash chains and the recorded checkpoints: intact,
        or the first altered, removed or reordered event
        (``ledgermind.storage.chain``). ``eng.verify_log(owner)``: that owner's
        streams only (the checkpoints, which cover every owner, are then not
        checked: an owner's answer says nothing about anyone else's streams)."""
        from ledgermind.storage import chain

        return chain.verify(self.log, [check_owner(o) for o in owners])

    def erase_owner(self, owner: Owner) -> ErasureReport:
        """Forgets an owner: destroys their data key (every event of theirs
        becomes unreadable, everywhere, for good), records ``owner.erased``
        (no content), purges their read-model rows and scrubs the files.
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

    # --- owner-first calls, kept until every caller holds a handle ---------------

    def create_session(self, owner: Owner, agent_id: str, *, idempotency_key: str | None = None, incarnation: int | None = None) -> str:
        return self.for_owner(owner).create_session(agent_id, idempotency_key=idempotency_key, incarnation=incarnation)

    def add_message(self, owner: Owner, session_id: str, role: str, content: str, name: str | None = None, occurred_at: datetime | None = None, client_id: str | None = None, metadata: Mapping[str, Any] | None = None, *, tool_calls: Sequence[Mapping[str, Any]] | None = None, tool_call_id: str | None = None, incarnation: int | None = None) -> int:
        return self.for_owner(owner).add_message(session_id, role, content, name, occurred_at, client_id, metadata, tool_calls=tool_calls, tool_call_id=tool_call_id, incarnation=incarnation)

    def add_messages(self, owner: Owner, session_id: str, messages: Iterable[Mapping[str, Any]], *, incarnation: int | None = None) -> list[int]:
        return self.for_owner(owner).add_messages(session_id, messages, incarnation=incarnation)

    def close_session(self, owner: Owner, session_id: str, *, idempotency_key: str | None = None) -> None:
        self.for_owner(owner).close_session(session_id, idempotency_key=idempotency_key)

    def get_session(self, owner: Owner, session_id: str) -> SessionInfo:
        return self.for_owner(owner).get_session(session_id)

    def start_task(self, owner: Owner, session_id: str, input: str, *, idempotency_key: str | None = None, incarnation: int | None = None) -> str:  # noqa: A002
        return self.for_owner(owner).start_task(session_id, input, idempotency_key=idempotency_key, incarnation=incarnation)

    def complete_task(self, owner: Owner, task_id: str, output: str, *, idempotency_key: str | None = None, incarnation: int | None = None) -> None:
        self.for_owner(owner).complete_task(task_id, output, idempotency_key=idempotency_key, incarnation=incarnation)

    def fail_task(self, owner: Owner, task_id: str, error: str, *, idempotency_key: str | None = None, incarnation: int | None = None) -> None:
        self.for_owner(owner).fail_task(task_id, error, idempotency_key=idempotency_key, incarnation=incarnation)

    def checkpoint_agent(self, owner: Owner, agent_id: str, state: Any, *, idempotency_key: str | None = None, incarnation: int | None = None) -> None:
        self.for_owner(owner).checkpoint_agent(agent_id, state, idempotency_key=idempotency_key, incarnation=incarnation)

    def restore_agent(self, owner: Owner, agent_id: str, last_n: int | None = None, *, incarnate: bool = False) -> RestoredAgent:
        return self.for_owner(owner).restore_agent(agent_id, last_n, incarnate=incarnate)

    def claim_agent(self, owner: Owner, agent_id: str) -> int:
        return self.for_owner(owner).claim_agent(agent_id)

    def heartbeat(self, owner: Owner, agent_id: str, incarnation: int) -> None:
        self.for_owner(owner).heartbeat(agent_id, incarnation)

    def agent_lease(self, owner: Owner, agent_id: str) -> Lease | None:
        return self.for_owner(owner).agent_lease(agent_id)

    def agent_leases(self, owner: Owner) -> list[Lease]:
        return self.for_owner(owner).agent_leases()

    def record_agent_exit(self, owner: Owner, agent_id: str, incarnation: int, outcome: Literal["crashed", "stopped"], *, exit_code: int | None, signal: int | None = None, last_heartbeat: datetime | None = None, reason: str) -> None:
        self.for_owner(owner).record_agent_exit(agent_id, incarnation, outcome, exit_code=exit_code, signal=signal, last_heartbeat=last_heartbeat, reason=reason)

    def apply_memory_changes(self, owner: Owner, changes: Sequence[BeliefChange], *, tracking: tuple[str, int] | None = None, idempotency_key: str | None = None) -> list[str]:
        return self.for_owner(owner).apply_memory_changes(changes, tracking=tracking, idempotency_key=idempotency_key)

    def remember(self, owner: Owner, statement: str, kind: str = "fact", **fields: Any) -> str:
        return self.for_owner(owner).remember(statement, kind, **fields)

    def correct(self, owner: Owner, memory_id: str, statement: str, *, idempotency_key: str | None = None) -> str:
        return self.for_owner(owner).correct(memory_id, statement, idempotency_key=idempotency_key)

    def forget(self, owner: Owner, memory_id: str, *, idempotency_key: str | None = None) -> None:
        self.for_owner(owner).forget(memory_id, idempotency_key=idempotency_key)

    def forget_all(self, owner: Owner, *, idempotency_key: str | None = None) -> int:
        return self.for_owner(owner).forget_all(idempotency_key=idempotency_key)

    def lineage(self, owner: Owner, memory_id: str) -> BeliefLineage:
        return self.for_owner(owner).lineage(memory_id)

    def message_lineage(self, owner: Owner, session_id: str, seq: int) -> MessageLineage:
        return self.for_owner(owner).message_lineage(session_id, seq)

    def retract(self, owner: Owner, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None) -> RetractionReport:
        return self.for_owner(owner).retract(session_id, seq, reason, idempotency_key=idempotency_key)

    def unretract(self, owner: Owner, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None) -> RetractionReport:
        return self.for_owner(owner).unretract(session_id, seq, reason, idempotency_key=idempotency_key)

    def load_memory(self, owner: Owner, memory_id: str) -> Memory | None:
        return self.for_owner(owner).load_memory(memory_id)

    def load_agent(self, owner: Owner, agent_id: str) -> Agent | None:
        return self.for_owner(owner).load_agent(agent_id)

    def load_session(self, owner: Owner, session_id: str) -> Session | None:
        return self.for_owner(owner).load_session(session_id)

    def load_task(self, owner: Owner, task_id: str) -> Task | None:
        return self.for_owner(owner).load_task(task_id)

    def search(self, owner: Owner, query: str, k: int = 10, kinds: Sequence[str] | None = None, as_of: datetime | None = None, known_at: datetime | None = None, include_messages: bool = False) -> list[SearchResult]:
        return self.for_owner(owner).search(query, k, kinds, as_of, known_at, include_messages)

    def build_context(self, owner: Owner, query: str, token_budget: int = 800, time_budget_ms: int = 800, *, max_items: int = 10, include_messages: bool = False, include_instruction_like: bool = False) -> str:
        return self.for_owner(owner).build_context(query, token_budget, time_budget_ms, max_items=max_items, include_messages=include_messages, include_instruction_like=include_instruction_like)

    def tools(self, owner: Owner) -> list[Tool]:
        return self.for_owner(owner).tools()
