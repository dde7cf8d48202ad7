"""The engine API: every write is an event, committed before the call returns.

``MemoryEngine`` is the composition root: it opens the event log, owns the
write port (``ledgermind.write``), builds the read side (``ledgermind.projections``)
and retrieval on first use, and hands each call to the layer that does the
work. It holds no logic of its own beyond wiring, so nothing below it needs
to import it (import-linter enforces that).

Every method that touches an owner's data names the owner first; an id of
another owner raises the same ``NotFound`` as an id that never existed.
``eng.for_owner(owner)`` binds the owner once (``OwnerMemory``), the handle
to give to an agent or a tool layer. Why a handle: an id alone must never be
a capability. A session id that leaks into a prompt, a log line or another
tenant's request gives nothing, because every call of the handle runs as the
bound owner. Agent-facing code (tools, HTTP routes, MCP servers) holds one
and never sees an ``Owner`` parameter it could be tricked into changing.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from ledgermind.domain.agent import Agent
from ledgermind.domain.config import EngineConfig
from ledgermind.domain.erasure import ErasureReport
from ledgermind.domain.errors import InvalidInput, LedgermindError, ProjectionError, UnknownIncarnation
from ledgermind.domain.memory import Memory
from ledgermind.domain.owner import Owner
from ledgermind.domain.records import SessionInfo
from ledgermind.domain.session import Session
from ledgermind.domain.stream_ids import agent_stream_id
from ledgermind.domain.task import Task
from ledgermind.projections.purge import (
    count_owner_rows,
    erasure_remains,
    owner_tables,
    purge_read_models,
    vacuum_read_models,
)
from ledgermind.projections.readside import ReadSide
from ledgermind.recovery import RestoredAgent, restore_agent
from ledgermind.retrieval import Retrieval, SearchResult, Tool
from ledgermind.storage.backend import Backend, Timeouts, parse_db_url, require_store
from ledgermind.storage.driver_errors import driver_errors
from ledgermind.storage.keystore import sql_engine
from ledgermind.storage.leases import Lease, LeaseTable
from ledgermind.storage.store import EventLog, open_event_log, translate_errors
from ledgermind.write import attached, conversation
from ledgermind.write.attached import Append, Attachment, SessionBound
from ledgermind.write.beliefs import BeliefChange
from ledgermind.write.erasure import erase_in_log
from ledgermind.write.options import DEFAULT_WRITE, WriteOptions
from ledgermind.write.port import WritePort
from ledgermind.write.validation import check_name, check_owner, parse_id

if TYPE_CHECKING:
    from ledgermind.distill.distiller import DistillReport
    from ledgermind.domain.lineage import BeliefLineage, MessageLineage, RetractionReport, VerifyReport

__all__ = ["MemoryEngine", "OwnerMemory"]

R = TypeVar("R")
B = TypeVar("B", bound=SessionBound)

_log = logging.getLogger("ledgermind.context")


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

    def for_owner(self, owner: Owner) -> OwnerMemory:
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

    # --- sessions and messages ---------------------------------------------

    def create_session(
        self,
        owner: Owner,
        agent_id: str,
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> str:
        """Starts a conversation and points the agent at it (one transaction).

        Every write command is exactly-once: a retry with the same
        ``idempotency_key`` (for example an HTTP ``Idempotency-Key``) returns
        the first call's result and writes nothing; without one, the engine
        makes a key per call, which covers its own retries.

        Every write made on an agent's behalf takes ``incarnation=`` (the
        epoch of ``claim_agent`` / ``restore_agent(..., incarnate=True)``):
        one older than the agent's current incarnation raises
        ``StaleIncarnation`` and writes nothing."""
        return conversation.create_session(
            self.writes, owner, agent_id, idempotency_key=idempotency_key, incarnation=incarnation
        )

    def add_message(
        self,
        owner: Owner,
        session_id: str,
        role: str,
        content: str,
        name: str | None = None,
        occurred_at: datetime | None = None,
        client_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        *,
        tool_calls: Sequence[Mapping[str, Any]] | None = None,
        tool_call_id: str | None = None,
        incarnation: int | None = None,
    ) -> int:
        """Appends one message; returns its 1-based seq once it is durable.

        A retry with the same ``client_id`` returns the first call's seq and
        writes nothing (even once a newer incarnation fenced the session)."""
        message = {
            "role": role,
            "content": content,
            "name": name,
            "occurred_at": occurred_at,
            "client_id": client_id,
            "metadata": metadata,
            "tool_calls": tool_calls,
            "tool_call_id": tool_call_id,
        }
        return conversation.add_messages(self.writes, owner, session_id, [message], incarnation=incarnation)[0]

    def add_messages(
        self,
        owner: Owner,
        session_id: str,
        messages: Iterable[Mapping[str, Any]],
        *,
        incarnation: int | None = None,
    ) -> list[int]:
        """Appends several messages in one atomic transaction: all or none."""
        return conversation.add_messages(self.writes, owner, session_id, messages, incarnation=incarnation)

    def close_session(self, owner: Owner, session_id: str, *, idempotency_key: str | None = None) -> None:
        conversation.close_session(self.writes, owner, session_id, idempotency_key=idempotency_key)

    def get_session(self, owner: Owner, session_id: str) -> SessionInfo:
        """The session's current counters, read from the event store."""
        return conversation.session_info(self.writes, owner, session_id)

    # --- tasks ---------------------------------------------------------------

    def start_task(
        self,
        owner: Owner,
        session_id: str,
        input: str,  # noqa: A002
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> str:
        return conversation.start_task(
            self.writes, owner, session_id, input, idempotency_key=idempotency_key, incarnation=incarnation
        )

    def complete_task(
        self,
        owner: Owner,
        task_id: str,
        output: str,
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> None:
        conversation.complete_task(
            self.writes, owner, task_id, output, idempotency_key=idempotency_key, incarnation=incarnation
        )

    def fail_task(
        self,
        owner: Owner,
        task_id: str,
        error: str,
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> None:
        conversation.fail_task(
            self.writes, owner, task_id, error, idempotency_key=idempotency_key, incarnation=incarnation
        )

    # --- agents --------------------------------------------------------------

    def checkpoint_agent(
        self,
        owner: Owner,
        agent_id: str,
        state: Any,
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> None:
        """Saves opaque JSON operational state; ``restore_agent`` returns the last."""
        conversation.checkpoint_agent(
            self.writes, owner, agent_id, state, idempotency_key=idempotency_key, incarnation=incarnation
        )

    def restore_agent(
        self, owner: Owner, agent_id: str, last_n: int | None = None, *, incarnate: bool = False
    ) -> RestoredAgent:
        """The agent as of the last acknowledged write, from the event store
        only (``ledgermind.recovery.restore_agent``).

        ``incarnate=True`` (what a supervisor does before restarting an
        agent) first starts a new incarnation: ``agent.incarnated`` with the
        next epoch, and the current session fenced at it, in one
        transaction; ``restored.incarnation`` is that epoch, and every later
        write carrying an older one is refused. Without it the restore only
        reads, and ``restored.incarnation`` is the current epoch."""
        if not incarnate:
            return restore_agent(self.writes, owner, agent_id, last_n)
        check_owner(owner)
        restore_agent(self.writes, owner, agent_id, 0)  # AgentNotFound before anything is written
        epoch = conversation.incarnate_agent(self.writes, owner, agent_id, create=False)
        self._lease_table().claim(owner, agent_id, epoch, datetime.now(timezone.utc))
        restored = restore_agent(self.writes, owner, agent_id, last_n)
        return replace(restored, incarnation=epoch)

    def claim_agent(self, owner: Owner, agent_id: str) -> int:
        """Starts the agent's next incarnation (creating the agent on a fresh
        start, when it has no stream yet) and returns its epoch."""
        check_owner(owner)
        agent_id = check_name(agent_id, "agent_id", self.config.limits)
        epoch = conversation.incarnate_agent(self.writes, owner, agent_id, create=True)
        self._lease_table().claim(owner, agent_id, epoch, datetime.now(timezone.utc))
        return epoch

    def heartbeat(self, owner: Owner, agent_id: str, incarnation: int) -> None:
        """Records that ``incarnation`` of the agent is alive: one row of the
        lease table is updated, nothing is appended to the event log. A beat
        of a replaced incarnation raises ``StaleIncarnation``."""
        check_owner(owner)
        agent_id = check_name(agent_id, "agent_id", self.config.limits)
        epoch = conversation.check_epoch(incarnation)
        if epoch is None:
            raise InvalidInput("heartbeat needs the incarnation it beats for")
        # Only an issued incarnation may beat: the agent's stream is the authority.
        agent = self.writes.load(agent_stream_id(owner, agent_id), Agent, owner)
        if agent is None:
            raise UnknownIncarnation(f"agent {agent_id!r} has no incarnation {epoch}", epoch, 0)
        agent.check_incarnation(epoch)
        self._lease_table().beat(owner, agent_id, epoch, datetime.now(timezone.utc))

    def agent_lease(self, owner: Owner, agent_id: str) -> Lease | None:
        """The agent's lease (incarnation, status, last heartbeat), or None."""
        check_owner(owner)
        return self._lease_table().get(owner, check_name(agent_id, "agent_id", self.config.limits))

    def agent_leases(self, owner: Owner) -> list[Lease]:
        """Every lease of ``owner``'s agents, by agent id (``ledgermind agents``)."""
        return self._lease_table().list(check_owner(owner))

    def record_agent_exit(
        self,
        owner: Owner,
        agent_id: str,
        incarnation: int,
        outcome: Literal["crashed", "stopped"],
        *,
        exit_code: int | None,
        signal: int | None = None,
        last_heartbeat: datetime | None = None,
        reason: str,
    ) -> None:
        """Records how an incarnation ended: ``agent.crashed`` or
        ``agent.stopped`` in the log (the audit trail of restarts), and the
        lease's status."""
        conversation.record_agent_exit(
            self.writes, owner, agent_id, incarnation, outcome,
            exit_code=exit_code, signal=signal, last_heartbeat=last_heartbeat, reason=reason,
        )  # fmt: skip
        self._lease_table().end(owner, agent_id, incarnation, outcome, reason)

    def _lease_table(self) -> LeaseTable:
        with self._readside_lock:
            if self._leases is None:
                self._leases = LeaseTable(self.backend)
            return self._leases

    # --- beliefs -------------------------------------------------------------

    def apply_memory_changes(
        self,
        owner: Owner,
        changes: Sequence[BeliefChange],
        *,
        tracking: tuple[str, int] | None = None,
        idempotency_key: str | None = None,
    ) -> list[str]:
        """Applies belief changes as memory events in one transaction; with
        ``tracking=(follower, position)`` that follower's cursor moves in the
        same transaction (exactly-once distillation). Returns the belief ids."""
        return self.writes.apply_memory_changes(
            check_owner(owner), changes, tracking=tracking, idempotency_key=idempotency_key
        )

    def remember(self, owner: Owner, statement: str, kind: str = "fact", **fields: Any) -> str:
        """Stores a belief the user or app states outright (``method="explicit"``);
        returns its id, or the id of the belief it reinforced (``ledgermind.distill.explicit``)."""
        from ledgermind.distill import (
            explicit,  # distillation loads on first use, not on every import
        )

        return explicit.remember(self.writes, check_owner(owner), statement, kind=kind, **fields)

    def correct(
        self, owner: Owner, memory_id: str, statement: str, *, idempotency_key: str | None = None
    ) -> str:
        """Replaces a belief by the user's correction (confidence 1.0); returns the new id."""
        from ledgermind.distill import explicit

        return explicit.correct(
            self.writes, check_owner(owner), memory_id, statement, idempotency_key=idempotency_key
        )

    def forget(self, owner: Owner, memory_id: str, *, idempotency_key: str | None = None) -> None:
        """Invalidates one belief (reason "user request"); its history stays auditable."""
        from ledgermind.distill import explicit

        explicit.forget(self.writes, check_owner(owner), memory_id, idempotency_key=idempotency_key)

    def forget_all(self, owner: Owner, *, idempotency_key: str | None = None) -> int:
        """Invalidates every current belief of ``owner``; returns how many."""
        from ledgermind.distill import explicit

        return explicit.forget_all(self.writes, check_owner(owner), idempotency_key=idempotency_key)

    def distill(self, **options: Any) -> DistillReport:
        """Runs a distiller in this process up to the log's head (tests, demos,
        embedded use); ``options`` go to ``ledgermind.distill.Distiller``."""
        from ledgermind.distill.distiller import Distiller

        return Distiller(self.writes, **options).run_once()

    # --- lineage, retraction, tamper evidence (the auditor's questions) -------

    def lineage(self, owner: Owner, memory_id: str) -> BeliefLineage:
        """A belief's versions, oldest first, each with its cause: the messages
        (session_id, seq) it cites, the call that made it (distillation,
        explicit, correction, retraction), its reason, and the beliefs it
        superseded or was superseded by (``ledgermind.distill.lineage``)."""
        from ledgermind.distill import lineage

        return lineage.belief_lineage(self.writes, check_owner(owner), memory_id)

    def message_lineage(self, owner: Owner, session_id: str, seq: int) -> MessageLineage:
        """What one message caused: belief events that cite it (direct) and
        those caused by beliefs it caused (downstream)."""
        from ledgermind.distill import lineage

        return lineage.message_lineage(self.writes, check_owner(owner), session_id, seq)

    def retract(
        self, owner: Owner, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> RetractionReport:
        """Withdraws a message (an injection, the wrong speaker): records
        ``message.retracted`` and, in the same transaction, invalidates the
        beliefs only it supported and reinstates those it had invalidated.
        As-of queries known before the retraction are unchanged."""
        from ledgermind.distill import lineage

        return lineage.retract(self.writes, check_owner(owner), session_id, seq, reason,
                               idempotency_key=idempotency_key)

    def unretract(
        self, owner: Owner, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> RetractionReport:
        """Undoes a retraction (``message.unretracted``) and what it changed."""
        from ledgermind.distill import lineage

        return lineage.unretract(self.writes, check_owner(owner), session_id, seq, reason,
                                 idempotency_key=idempotency_key)

    def verify_log(self, *owners: Owner) -> VerifyReport:
        """Re-walks the log's hash chains and the recorded checkpoints: intact,
        or the first altered, removed or reordered event
        (``ledgermind.storage.chain``). ``eng.verify_log(owner)``: that owner's
        streams only (the checkpoints, which cover every owner, are then not
        checked: an owner's answer says nothing about anyone else's streams)."""
        from ledgermind.storage import chain

        return chain.verify(self.log, [check_owner(o) for o in owners])

    # --- loads from the event store (owner-scoped) ----------------------------

    def load_memory(self, owner: Owner, memory_id: str) -> Memory | None:
        """One belief's current state from its stream, or None (also for other owners)."""
        return self.writes.load(parse_id(memory_id, "memory_id"), Memory, check_owner(owner))

    def load_agent(self, owner: Owner, agent_id: str) -> Agent | None:
        check_owner(owner)
        agent_id = check_name(agent_id, "agent_id", self.config.limits)
        return self.writes.load(agent_stream_id(owner, agent_id), Agent, owner)

    def load_session(self, owner: Owner, session_id: str) -> Session | None:
        return self.writes.load(parse_id(session_id, "session_id"), Session, check_owner(owner))

    def load_task(self, owner: Owner, task_id: str) -> Task | None:
        return self.writes.load(parse_id(task_id, "task_id"), Task, check_owner(owner))

    # --- right to be forgotten -----------------------------------------------

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

    # --- retrieval (the index is the "search" projection) --------------------

    @property
    def retrieval(self) -> Retrieval:
        if self._retrieval is None:
            access = self.projections  # the read side that runs and serves the index
            with self._readside_lock:
                if self._retrieval is None:
                    self._retrieval = Retrieval(access, lambda: self.writes.position)
        return self._retrieval

    def search(
        self,
        owner: Owner,
        query: str,
        k: int = 10,
        kinds: Sequence[str] | None = None,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_messages: bool = False,
    ) -> list[SearchResult]:
        """Hybrid (dense + lexical, RRF) search over this owner's beliefs as of
        a bitemporal point (default now); ``include_messages`` adds raw turns."""
        return self.retrieval.search(check_owner(owner), query, k, kinds, as_of, known_at, include_messages)

    def build_context(
        self,
        owner: Owner,
        query: str,
        token_budget: int = 800,
        time_budget_ms: int = 800,
        *,
        max_items: int = 10,
        include_messages: bool = False,
        include_instruction_like: bool = False,
    ) -> str:
        """A prompt block of this owner's relevant memories, framed as data;
        "" when there is nothing or the time budget ran out. Never raises for
        a failing store (only for bad arguments). ``max_items`` caps the
        entries; ``include_messages`` adds raw turns to the beliefs.

        When the read side cannot start (database unreachable, a broken read
        model), the block is "" and the reason is logged (logger
        ``ledgermind.context``, WARNING) and kept in ``context_degraded``."""
        checked = check_owner(owner)
        try:
            retrieval = self.retrieval
        except LedgermindError as e:
            self.context_degraded = f"{type(e).__name__}: {e}"
            _log.warning("build_context injected nothing: %s", self.context_degraded)
            return ""
        self.context_degraded = None
        return retrieval.build_context(
            checked, query, token_budget, time_budget_ms,
            max_items=max_items, include_messages=include_messages,
            include_instruction_like=include_instruction_like,
        )  # fmt: skip

    def tools(self, owner: Owner) -> list[Tool]:
        """``memory_search`` / ``memory_load`` bound to ``owner`` (no user-id argument)."""
        return self.retrieval.tools(check_owner(owner))


class OwnerMemory:
    """The engine's owner-scoped calls with the owner fixed (``eng.for_owner(owner)``)."""

    __slots__ = ("_eng", "owner")

    def __init__(self, engine: MemoryEngine, owner: Owner) -> None:
        self._eng = engine
        self.owner = owner

    def __repr__(self) -> str:
        return f"OwnerMemory(app={self.owner.app!r}, user_id={self.owner.user_id!r})"

    # --- conversation ---------------------------------------------------------

    def create_session(
        self, agent_id: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> str:
        return self._eng.create_session(
            self.owner, agent_id, idempotency_key=idempotency_key, incarnation=incarnation
        )

    def add_message(
        self,
        session_id: str,
        role: str,
        content: str,
        name: str | None = None,
        occurred_at: datetime | None = None,
        client_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        *,
        tool_calls: Sequence[Mapping[str, Any]] | None = None,
        tool_call_id: str | None = None,
        incarnation: int | None = None,
    ) -> int:
        return self._eng.add_message(
            self.owner, session_id, role, content, name, occurred_at, client_id, metadata,
            tool_calls=tool_calls, tool_call_id=tool_call_id, incarnation=incarnation,
        )  # fmt: skip

    def add_messages(
        self, session_id: str, messages: Iterable[Mapping[str, Any]], *, incarnation: int | None = None
    ) -> list[int]:
        return self._eng.add_messages(self.owner, session_id, messages, incarnation=incarnation)

    def close_session(self, session_id: str, *, idempotency_key: str | None = None) -> None:
        self._eng.close_session(self.owner, session_id, idempotency_key=idempotency_key)

    def get_session(self, session_id: str) -> SessionInfo:
        return self._eng.get_session(self.owner, session_id)

    def load_session(self, session_id: str) -> Session | None:
        return self._eng.load_session(self.owner, session_id)

    # --- tasks ------------------------------------------------------------------

    def start_task(
        self,
        session_id: str,
        input: str,  # noqa: A002
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> str:
        return self._eng.start_task(
            self.owner, session_id, input, idempotency_key=idempotency_key, incarnation=incarnation
        )

    def complete_task(
        self, task_id: str, output: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        self._eng.complete_task(self.owner, task_id, output, idempotency_key=idempotency_key, incarnation=incarnation)

    def fail_task(
        self, task_id: str, error: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        self._eng.fail_task(self.owner, task_id, error, idempotency_key=idempotency_key, incarnation=incarnation)

    def load_task(self, task_id: str) -> Task | None:
        return self._eng.load_task(self.owner, task_id)

    # --- agents -----------------------------------------------------------------

    def checkpoint_agent(
        self, agent_id: str, state: Any, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        self._eng.checkpoint_agent(
            self.owner, agent_id, state, idempotency_key=idempotency_key, incarnation=incarnation
        )

    def load_agent(self, agent_id: str) -> Agent | None:
        return self._eng.load_agent(self.owner, agent_id)

    def restore_agent(self, agent_id: str, last_n: int | None = None, *, incarnate: bool = False) -> RestoredAgent:
        return self._eng.restore_agent(self.owner, agent_id, last_n, incarnate=incarnate)

    def claim_agent(self, agent_id: str) -> int:
        return self._eng.claim_agent(self.owner, agent_id)

    def heartbeat(self, agent_id: str, incarnation: int) -> None:
        self._eng.heartbeat(self.owner, agent_id, incarnation)

    def agent_lease(self, agent_id: str) -> Lease | None:
        return self._eng.agent_lease(self.owner, agent_id)

    def agent_leases(self) -> list[Lease]:
        return self._eng.agent_leases(self.owner)

    # --- memory -----------------------------------------------------------------

    def remember(self, statement: str, kind: str = "fact", **fields: Any) -> str:
        return self._eng.remember(self.owner, statement, kind, **fields)

    def correct(self, memory_id: str, statement: str, *, idempotency_key: str | None = None) -> str:
        return self._eng.correct(self.owner, memory_id, statement, idempotency_key=idempotency_key)

    def forget(self, memory_id: str, *, idempotency_key: str | None = None) -> None:
        self._eng.forget(self.owner, memory_id, idempotency_key=idempotency_key)

    def forget_all(self, *, idempotency_key: str | None = None) -> int:
        return self._eng.forget_all(self.owner, idempotency_key=idempotency_key)

    def lineage(self, memory_id: str) -> BeliefLineage:
        return self._eng.lineage(self.owner, memory_id)

    def message_lineage(self, session_id: str, seq: int) -> MessageLineage:
        return self._eng.message_lineage(self.owner, session_id, seq)

    def retract(
        self, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> RetractionReport:
        return self._eng.retract(self.owner, session_id, seq, reason, idempotency_key=idempotency_key)

    def unretract(
        self, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> RetractionReport:
        return self._eng.unretract(self.owner, session_id, seq, reason, idempotency_key=idempotency_key)

    def verify_log(self) -> VerifyReport:
        """This owner's streams only (no whole-log checkpoints)."""
        return self._eng.verify_log(self.owner)

    def load_memory(self, memory_id: str) -> Memory | None:
        return self._eng.load_memory(self.owner, memory_id)

    # --- retrieval --------------------------------------------------------------

    def search(
        self,
        query: str,
        k: int = 10,
        kinds: Sequence[str] | None = None,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_messages: bool = False,
    ) -> list[SearchResult]:
        return self._eng.search(self.owner, query, k, kinds, as_of, known_at, include_messages)

    def build_context(
        self,
        query: str,
        token_budget: int = 800,
        time_budget_ms: int = 800,
        *,
        max_items: int = 10,
        include_messages: bool = False,
        include_instruction_like: bool = False,
    ) -> str:
        return self._eng.build_context(
            self.owner, query, token_budget, time_budget_ms,
            max_items=max_items, include_messages=include_messages,
            include_instruction_like=include_instruction_like,
        )  # fmt: skip

    def tools(self) -> list[Tool]:
        return self._eng.tools(self.owner)

    # --- integrations -----------------------------------------------------------

    def write_attached(
        self,
        attachment: Attachment[B],
        step: Callable[[B, Append], R],
        *,
        messages: Iterable[Mapping[str, Any]] = (),
        options: WriteOptions = DEFAULT_WRITE,
        create: bool = True,
        once: bool = True,
    ) -> R | None:
        """One write of an integration's stream bound to a session (a LangGraph
        thread), fenced, validated and exactly-once like every other write
        (``ledgermind.write.attached``): a first write opens the session as
        ``create_session`` does; ``step`` changes the integration's aggregate
        and calls ``append()`` to add ``messages`` to the session."""
        return attached.write_attached(
            self._eng.writes, self.owner, attachment, step,
            messages=messages, options=options, create=create, once=once,
        )  # fmt: skip

    # --- right to be forgotten --------------------------------------------------

    def erase(self) -> ErasureReport:
        """Erases this owner for good (``MemoryEngine.erase_owner``)."""
        return self._eng.erase_owner(self.owner)
