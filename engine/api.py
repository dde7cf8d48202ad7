"""The engine API: every write is an event, committed before the call returns.

``MemoryEngine`` validates plain values, turns them into a command, and hands
the command to the writer thread (group commit, retries). Reads that must be
exact (recovery, audits of one stream) go to the event store; everything else
reads projections.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Tracking

from memledger.domain.agent import Agent, agent_stream_id
from memledger.storage.backend import Backend, parse_db_url
from memledger.write.beliefs import BeliefChange, apply_changes
from memledger.domain.config import EngineConfig
from memledger.domain.distillation import Distillation  # noqa: F401 - registers the distill.* topics
from memledger.domain.errors import (
    AgentNotFound,
    ContentTooLarge,
    InvalidInput,
    ProjectionError,
    SessionNotFound,
    TaskNotFound,
)
from memledger.domain.erasure import Erasure, ErasureReport, erasure_id, purge_read_models, vacuum_read_models
from memledger.write.isolation import scoped, scoped_get
from memledger.storage.keystore import owner_key_id, sql_engine
from memledger.domain.memory import Memory
from memledger.domain.owner import Owner
from memledger.domain.receipt import Receipt, receipt_id
from memledger.domain.records import SessionInfo
from memledger.retrieval import Retrieval, SearchResult, Tool
from memledger.domain.session import Session
from memledger.storage.store import EventLog, open_event_log, translate_errors
from memledger.domain.task import Task
from memledger.write.validation import (
    check_content,
    check_json,
    check_name,
    check_role,
    check_timestamp,
    check_text,
    parse_id,
)
from memledger.write.writer import UnitOfWork, Writer

if TYPE_CHECKING:
    from memledger.distill.distiller import DistillReport

__all__ = ["MemoryEngine"]

_MESSAGE_KEYS = frozenset(
    {"role", "content", "name", "occurred_at", "client_id", "metadata", "tool_calls", "tool_call_id"}
)


class MemoryEngine:
    """An open memledger database. Thread-safe; one per process is plenty."""

    def __init__(self, config: EngineConfig) -> None:
        self.config = config
        self.backend: Backend = parse_db_url(config.db)
        self.log: EventLog = open_event_log(
            self.backend,
            config.snapshot_interval,
            seal=config.seal_events,
            cipher_key=config.cipher_key,
        )
        self._writer = Writer(
            self.log, config.cache_size, config.max_retries, config.group_commit_max
        )
        self._position = 0
        self._readside: Any = None
        self._readside_lock = threading.Lock()
        self._retrieval: Retrieval | None = None

    @classmethod
    def open(cls, db: str | None = None, *, config: EngineConfig | None = None) -> MemoryEngine:
        """Opens (creating if needed) the database at ``db``: a file path,
        ``sqlite:///path`` or ``postgresql://...``; default ``MEMLEDGER_DB``
        or ``memledger.db``."""
        base = config or EngineConfig.from_env()
        if db is not None:
            base = replace(base, db=db)
        return cls(base)

    # --- lifecycle ----------------------------------------------------------

    def close(self) -> None:
        if self._retrieval is not None:
            self._retrieval.close()
        if self._readside is not None:
            self._readside.close()  # stop the in-process projection runner first
        self._writer.close()
        self.log.close()

    @property
    def projections(self) -> Any:
        """The read side (``projections.readside.ReadSide``), built on first use.

        This is the ONE composition point between the engine and the
        ``projections`` package: the engine never imports it at module level,
        so the write path works (and is tested) without the read side. With
        ``config.projections_in_process`` (default; ``MEMLEDGER_PROJECTIONS_IN_PROCESS``)
        a runner thread follows the log until ``close()``; otherwise a worker
        (``memledger projections run``) does, and this only reads and waits.
        """
        with self._readside_lock:
            if self._readside is None:
                from memledger.projections.readside import ReadSide

                self._readside = ReadSide(self, run_in_process=self.config.projections_in_process)
            return self._readside

    def __enter__(self) -> MemoryEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def position(self) -> int:
        """The notification id of this engine's last committed write: hand it
        to a projection's ``wait`` for read-your-writes."""
        return self._position

    def _submit(self, command: Any, *, tracked: bool = False) -> Any:
        result, position = self._writer.submit(command, tracked=tracked)
        if position > self._position:
            self._position = position
        return result

    # --- sessions and messages ---------------------------------------------

    def create_session(self, owner: Owner, agent_id: str) -> str:
        """Starts a conversation and points the agent at it (one transaction)."""
        _check_owner(owner)
        agent_id = check_name(agent_id, "agent_id", self.config.limits)

        def command(unit: UnitOfWork) -> str:
            session = Session(app=owner.app, user_id=owner.user_id, agent_id=agent_id)
            agent = unit.get(Agent, agent_stream_id(owner.app, owner.user_id, agent_id))
            if agent is None:
                agent = Agent(app=owner.app, user_id=owner.user_id, agent_id=agent_id)
            agent.open_session(session.id.hex)
            unit.add(session)
            unit.add(agent)
            return session.id.hex

        return self._submit(command)

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
        owner: Owner | None = None,
    ) -> int:
        """Appends one message; returns its 1-based seq once it is durable.

        A retry with the same ``client_id`` returns the first call's seq and
        writes nothing."""
        fields = self._message_fields(
            {
                "role": role,
                "content": content,
                "name": name,
                "occurred_at": occurred_at,
                "client_id": client_id,
                "metadata": metadata,
                "tool_calls": tool_calls,
                "tool_call_id": tool_call_id,
            },
            datetime.now(timezone.utc),
        )
        return self._append(session_id, [fields], owner)[0]

    def add_messages(
        self,
        session_id: str,
        messages: Iterable[Mapping[str, Any]],
        *,
        owner: Owner | None = None,
    ) -> list[int]:
        """Appends several messages in one atomic transaction: all or none."""
        limits = self.config.limits
        batch = list(messages)
        if not batch:
            raise InvalidInput("add_messages needs at least one message")
        if len(batch) > limits.max_batch_messages:
            raise ContentTooLarge(
                f"{len(batch)} messages in one batch; the limit is {limits.max_batch_messages}"
            )
        now = datetime.now(timezone.utc)
        prepared = []
        total = 0
        for i, message in enumerate(batch):
            if not isinstance(message, Mapping):
                raise InvalidInput(f"message {i} must be a mapping")
            unknown = set(message) - _MESSAGE_KEYS
            if unknown:
                raise InvalidInput(f"message {i} has unknown keys {sorted(unknown)}")
            fields = self._message_fields(dict(message), now)
            total += len(fields["content"].encode("utf-8"))
            prepared.append(fields)
        if total > limits.max_batch_bytes:
            raise ContentTooLarge(f"batch is {total} bytes; the limit is {limits.max_batch_bytes}")
        client_ids = [f["client_id"] for f in prepared if f["client_id"] is not None]
        if len(set(client_ids)) != len(client_ids):
            raise InvalidInput("client_id values repeat within one batch")
        return self._append(session_id, prepared, owner)

    def _message_fields(self, m: dict[str, Any], now: datetime) -> dict[str, Any]:
        limits = self.config.limits
        role = check_role(m.get("role"))
        tool_calls = m.get("tool_calls")
        content = check_content(
            m.get("content"), limits, allow_empty=role == "assistant" and bool(tool_calls)
        )
        name = m.get("name")
        occurred = m.get("occurred_at")
        client_id = m.get("client_id")
        metadata = m.get("metadata")
        tool_call_id = m.get("tool_call_id")
        if metadata is not None and not isinstance(metadata, Mapping):
            raise InvalidInput("metadata must be a JSON object")
        if tool_calls is not None and not isinstance(tool_calls, (list, tuple)):
            raise InvalidInput("tool_calls must be a list of JSON objects")
        return {
            "role": role,
            "content": content,
            "name": None if name is None else check_name(name, "name", limits),
            "occurred_at": now if occurred is None else check_timestamp(occurred, "occurred_at"),
            "client_id": None if client_id is None else check_name(client_id, "client_id", limits),
            "metadata": None if metadata is None else check_json(dict(metadata), "metadata", limits),
            "tool_calls": None if tool_calls is None else check_json(list(tool_calls), "tool_calls", limits),
            "tool_call_id": None
            if tool_call_id is None
            else check_name(tool_call_id, "tool_call_id", limits),
        }

    def _append(
        self, session_id: str, prepared: list[dict[str, Any]], owner: Owner | None
    ) -> list[int]:
        sid = parse_id(session_id, "session_id")

        def command(unit: UnitOfWork) -> list[int]:
            session = self._owned_session(unit, sid, owner)
            replayed = self._replayed_seqs(unit, sid, prepared)
            if replayed is not None:
                return replayed
            session.ensure_open()
            seqs = []
            for fields in prepared:
                seq = session.add_message(**fields)
                seqs.append(seq)
                if fields["client_id"] is not None:
                    unit.add(
                        Receipt(
                            app=session.app,
                            user_id=session.user_id,
                            session_id=sid.hex,
                            client_id=fields["client_id"],
                            seq=seq,
                        )
                    )
            return seqs

        return self._submit(command)

    @staticmethod
    def _replayed_seqs(
        unit: UnitOfWork, sid: UUID, prepared: list[dict[str, Any]]
    ) -> list[int] | None:
        """The original seqs when every message is a retry (all receipted),
        None when none is. Every client_id is looked up, not only the first:
        a new receipt for a used client_id would conflict on every retry and
        end in ConcurrencyExhausted instead of a clear error."""
        receipts = [
            None if f["client_id"] is None else unit.get(Receipt, receipt_id(sid, f["client_id"]))
            for f in prepared
        ]
        if all(r is None for r in receipts):
            return None
        if any(r is None for r in receipts):
            # Each receipt is its own read, so a batch that another writer
            # committed between two of them looks half-receipted. A receipt
            # seen proves its transaction committed, and a transaction's
            # receipts become visible together: reading the missing ones
            # again sees the rest of any batch they belong to.
            receipts = [
                r if r is not None or f["client_id"] is None else unit.get(Receipt, receipt_id(sid, f["client_id"]))
                for r, f in zip(receipts, prepared)
            ]
        if any(r is None for r in receipts):
            raise InvalidInput("this batch repeats an earlier client_id but is not the same batch")
        return [r.seq for r in receipts if r is not None]

    @staticmethod
    def _owned_session(unit: UnitOfWork, sid: UUID, owner: Owner | None) -> Session:
        session = scoped_get(unit, Session, sid, owner)
        if session is None:
            raise SessionNotFound(f"no session {sid.hex}")
        return session

    def close_session(self, session_id: str, *, owner: Owner | None = None) -> None:
        sid = parse_id(session_id, "session_id")

        def command(unit: UnitOfWork) -> None:
            self._owned_session(unit, sid, owner).close()

        self._submit(command)

    def get_session(self, session_id: str, *, owner: Owner | None = None) -> SessionInfo:
        """The session's current counters, read from the event store."""
        sid = parse_id(session_id, "session_id")
        session = self._load(sid, Session, owner)
        if session is None:
            raise SessionNotFound(f"no session {sid.hex}")
        return SessionInfo(
            session_id=sid.hex,
            app=session.app,
            user_id=session.user_id,
            agent_id=session.agent_id,
            message_count=session.seq,
            closed=session.closed,
            open_tasks=list(session.open_tasks),
        )

    # --- tasks ---------------------------------------------------------------

    def start_task(self, session_id: str, input: str, *, owner: Owner | None = None) -> str:  # noqa: A002
        sid = parse_id(session_id, "session_id")
        text = check_text(input, "input", self.config.limits.max_content_bytes, allow_empty=True)

        def command(unit: UnitOfWork) -> str:
            session = self._owned_session(unit, sid, owner)
            session.ensure_open()
            task = Task(app=session.app, user_id=session.user_id, session_id=sid.hex, input=text)
            session.open_task(task.id.hex)
            unit.add(task)
            return task.id.hex

        return self._submit(command)

    def complete_task(self, task_id: str, output: str, *, owner: Owner | None = None) -> None:
        text = check_text(output, "output", self.config.limits.max_content_bytes, allow_empty=True)
        self._finish_task(task_id, owner, lambda task: task.complete(text))

    def fail_task(self, task_id: str, error: str, *, owner: Owner | None = None) -> None:
        text = check_text(error, "error", self.config.limits.max_content_bytes, allow_empty=True)
        self._finish_task(task_id, owner, lambda task: task.fail(text))

    def _finish_task(self, task_id: str, owner: Owner | None, finish: Any) -> None:
        tid = parse_id(task_id, "task_id")

        def command(unit: UnitOfWork) -> None:
            task = scoped_get(unit, Task, tid, owner)
            if task is None:
                raise TaskNotFound(f"no task {tid.hex}")
            finish(task)
            session = unit.get(Session, UUID(hex=task.session_id))
            if session is not None:
                session.close_task(tid.hex)

        self._submit(command)

    # --- agents --------------------------------------------------------------

    def checkpoint_agent(self, owner: Owner, agent_id: str, state: Any) -> None:
        """Saves opaque JSON operational state; ``restore_agent`` returns the last."""
        _check_owner(owner)
        agent_id = check_name(agent_id, "agent_id", self.config.limits)
        limits = self.config.limits
        text = check_json(state, "state", limits, max_bytes=limits.max_state_bytes)

        def command(unit: UnitOfWork) -> None:
            agent = unit.get(Agent, agent_stream_id(owner.app, owner.user_id, agent_id))
            if agent is None:
                raise AgentNotFound(f"no agent {agent_id!r} for this owner")
            agent.checkpoint(text)

        self._submit(command)

    # --- beliefs -------------------------------------------------------------

    def apply_memory_changes(
        self,
        owner: Owner,
        changes: Sequence[BeliefChange],
        *,
        tracking: tuple[str, int] | None = None,
    ) -> list[str]:
        """Applies belief changes as memory events in one transaction; with
        ``tracking=(follower, position)`` that follower's cursor moves in the
        same transaction (exactly-once distillation). Returns the belief ids."""
        _check_owner(owner)
        batch = list(changes)

        def command(unit: UnitOfWork) -> list[str]:
            if tracking is not None:
                unit.tracking = Tracking(application_name=tracking[0], notification_id=tracking[1])
            return apply_changes(unit, owner, batch)

        return self._submit(command, tracked=tracking is not None)

    # --- explicit memory and distillation (engine/distill) ---------------------

    def remember(self, owner: Owner, statement: str, kind: str = "fact", **fields: Any) -> str:
        """Stores a belief the user or app states outright (``method="explicit"``);
        returns its id, or the id of the belief it reinforced. See engine/distill/explicit.py."""
        _check_owner(owner)
        from memledger.distill import explicit  # distillation loads on first use, not on every import

        return explicit.remember(self, owner, statement, kind=kind, **fields)

    def correct(self, owner: Owner, memory_id: str, statement: str) -> str:
        """Replaces a belief by the user's correction (confidence 1.0); returns the new id."""
        _check_owner(owner)
        from memledger.distill import explicit

        return explicit.correct(self, owner, memory_id, statement)

    def forget(self, owner: Owner, memory_id: str) -> None:
        """Invalidates one belief (reason "user request"); its history stays auditable."""
        _check_owner(owner)
        from memledger.distill import explicit

        explicit.forget(self, owner, memory_id)

    def forget_all(self, owner: Owner) -> int:
        """Invalidates every current belief of ``owner``; returns how many."""
        _check_owner(owner)
        from memledger.distill import explicit

        return explicit.forget_all(self, owner)

    def distill(self, **options: Any) -> DistillReport:
        """Runs a distiller in this process up to the log's head (tests, demos,
        embedded use); ``options`` go to ``engine.distill.Distiller``. Returns
        its ``DistillReport``."""
        from memledger.distill.distiller import Distiller

        return Distiller(self, **options).run_once()

    def load_memory(self, owner: Owner, memory_id: str) -> Memory | None:
        """One belief's current state from its stream, or None (also for other owners)."""
        _check_owner(owner)
        memory: Memory | None = self._load(parse_id(memory_id, "memory_id"), Memory, owner)
        return memory

    # --- right to be forgotten -----------------------------------------------

    def erase_owner(self, owner: Owner) -> ErasureReport:
        """Forgets an owner: destroys their data key (every event of theirs
        becomes unreadable, everywhere, for good), records ``owner.erased``
        (no content), purges their read-model rows and scrubs the files.
        Idempotent: call it again after a crash. Later writes for the owner
        raise ``OwnerErased`` (issue a new user id instead). See engine/erasure.py."""
        _check_owner(owner)
        key_id = owner_key_id(owner.app, owner.user_id)

        def command(unit: UnitOfWork) -> tuple[datetime, bool]:
            erased_at = self.log.keys.destroy(key_id)
            self.log.mapper.forget(key_id)
            self._writer.evict_owner(owner.app, owner.user_id)  # cached state holds checkpoints
            if unit.exists(erasure_id(owner.app, owner.user_id)):
                return erased_at, False
            unit.add(Erasure(app=owner.app, user_id=owner.user_id, key_id=key_id.hex, erased_at=erased_at))
            return erased_at, True

        before = self._position
        erased_at, recorded = self._submit(command)
        if self._readside is not None and self._readside.runner.running:
            # Let the in-process runner fold owner.erased first, so a batch it
            # decoded before the key died cannot re-insert rows after the scrub.
            try:
                self._readside.wait(self._position, timeout=30)
            except ProjectionError:
                pass  # the purge below does not depend on the runner; a re-call finishes
        db = sql_engine(self.backend)
        try:
            with translate_errors():
                purged = purge_read_models(db, owner.app, owner.user_id)
                vacuum_read_models(db, sorted(purged))
                self.log.keys.scrub()
        finally:
            db.dispose()
        return ErasureReport(
            app=owner.app,
            user_id=owner.user_id,
            key_id=key_id.hex,
            erased_at=erased_at,
            position=self._position if recorded and self._position > before else 0,
            purged_rows=purged,
        )

    # --- retrieval (engine/retrieval; the index is the "search" projection) ---

    @property
    def retrieval(self) -> Retrieval:
        if self._retrieval is None:
            access = self.projections  # the read side that runs and serves the index
            with self._readside_lock:
                if self._retrieval is None:
                    self._retrieval = Retrieval(access, lambda: self._position)
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
        _check_owner(owner)
        return self.retrieval.search(owner, query, k, kinds, as_of, known_at, include_messages)

    def build_context(
        self,
        owner: Owner,
        query: str,
        token_budget: int = 800,
        time_budget_ms: int = 800,
        **options: Any,
    ) -> str:
        """A prompt block of this owner's relevant memories, framed as data;
        "" when there is nothing or the time budget ran out. Never raises for
        a failing store (only for bad arguments). Options: ``max_items``
        (default 10), ``include_messages`` (default False: beliefs only)."""
        _check_owner(owner)
        return self.retrieval.build_context(owner, query, token_budget, time_budget_ms, **options)

    def tools(self, owner: Owner) -> list[Tool]:
        """``memory_search`` / ``memory_load`` bound to ``owner`` (no user-id argument)."""
        _check_owner(owner)
        return self.retrieval.tools(owner)

    # --- raw event-store reads (recovery and audits use these) ---------------

    def _load(self, aggregate_id: UUID, cls: type[Any], owner: Owner | None = None) -> Any:
        """The aggregate as ``owner`` sees it (engine/isolation.py), or None."""

        def load() -> Any:
            try:
                with translate_errors():
                    agg = self.log.repository.get(aggregate_id)
            except AggregateNotFoundError:
                return None
            return agg if isinstance(agg, cls) else None

        return scoped(load, owner)

    def load_agent(self, owner: Owner, agent_id: str) -> Agent | None:
        _check_owner(owner)
        agent_id = check_name(agent_id, "agent_id", self.config.limits)
        return self._load(agent_stream_id(owner.app, owner.user_id, agent_id), Agent)

    def load_session(self, session_id: str) -> Session | None:
        return self._load(parse_id(session_id, "session_id"), Session)

    def load_task(self, task_id: str) -> Task | None:
        return self._load(parse_id(task_id, "task_id"), Task)

    def stream_events(
        self,
        stream_id: UUID,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> list[DomainEventProtocol[UUID]]:
        with translate_errors():
            return list(self.log.events.get(stream_id, gt=gt, lte=lte, desc=desc, limit=limit))


def _check_owner(owner: object) -> None:
    if not isinstance(owner, Owner):
        raise InvalidInput(f"owner must be an Owner, got {type(owner).__name__}")
