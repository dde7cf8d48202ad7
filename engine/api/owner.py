"""``OwnerMemory``: the API. Every call on an owner's data, with the owner fixed.

Why a handle and not owner-first methods on the engine: an id alone must
never be a capability. A session id that leaks into a prompt, a log line or
another tenant's request gives nothing, because every call of the handle
runs as the bound owner; agent-facing code (tools, HTTP routes, MCP servers,
the LangGraph saver) holds one and never sees an ``Owner`` parameter it
could be tricked into changing. And one door per concept: the engine keeps
the lifecycle and the operator's calls (``ledgermind.api.facade``), and every
owner-scoped call exists here only, once, typed.

Each method validates its plain arguments and hands them to the layer that
does the work (``ledgermind.write`` for commands, ``ledgermind.recovery``
for restores, ``ledgermind.projections`` for bitemporal reads,
``ledgermind.retrieval`` for search); it holds no logic of its own beyond
that wiring.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar
from uuid import UUID

from ledgermind.api.feed import OwnerFeed
from ledgermind.domain.agent import Agent
from ledgermind.domain.belief_records import BeliefVersion, Conversation, Invalidation, MessagePage, message_of_row
from ledgermind.domain.erasure import ErasureReport
from ledgermind.domain.errors import (
    AgentNotFound,
    InvalidInput,
    LedgermindError,
    SessionNotFound,
    UnknownIncarnation,
)
from ledgermind.domain.listing_records import AgentSummary, SessionSummary, TaskSummary
from ledgermind.domain.memory import Memory
from ledgermind.domain.owner import Owner
from ledgermind.domain.records import AgentEvent, SessionInfo
from ledgermind.domain.session import Session
from ledgermind.domain.stream_ids import agent_stream_id
from ledgermind.domain.task import Task
from ledgermind.projections import audit, listing
from ledgermind.projections.readside import ReadSide
from ledgermind.recovery import RestoredAgent, restore_agent
from ledgermind.recovery.messages import messages_after
from ledgermind.retrieval import Retrieval, SearchResult, Tool
from ledgermind.retrieval.options import MAX_K, ContextOptions, SearchOptions
from ledgermind.storage.leases import Lease, LeaseTable
from ledgermind.storage.store import EventLog
from ledgermind.write import attached, conversation
from ledgermind.write.attached import Append, Attachment, SessionBound
from ledgermind.write.beliefs import BeliefChange
from ledgermind.write.options import DEFAULT_WRITE, WriteOptions
from ledgermind.write.port import WritePort
from ledgermind.write.validation import check_count, check_name, parse_id

if TYPE_CHECKING:
    from ledgermind.distill.views import BeliefView
    from ledgermind.domain.config import EngineConfig
    from ledgermind.domain.lineage import BeliefLineage, MessageLineage, RetractionReport, VerifyReport
    from ledgermind.domain.model_call import ModelCallRecord

__all__ = ["OwnerMemory"]

R = TypeVar("R")
B = TypeVar("B", bound=SessionBound)

_log = logging.getLogger("ledgermind.context")
_PAGE_MAX = 1000


class Engine(Protocol):
    """What a handle uses of its engine (``MemoryEngine``; a protocol so that
    this module does not import the one that imports it)."""

    config: EngineConfig
    log: EventLog
    writes: WritePort
    context_degraded: str | None

    @property
    def projections(self) -> ReadSide: ...

    @property
    def retrieval(self) -> Retrieval: ...

    def _lease_table(self) -> LeaseTable: ...

    def _erase(self, owner: Owner) -> ErasureReport: ...


class OwnerMemory:
    """One owner's memory (``eng.for_owner(owner)``): cheap to make, safe to
    share between threads; ids of any other owner are simply not found."""

    __slots__ = ("_eng", "owner")

    def __init__(self, engine: Engine, owner: Owner) -> None:
        self._eng = engine
        self.owner = owner

    def __repr__(self) -> str:
        return f"OwnerMemory(app={self.owner.app!r}, user_id={self.owner.user_id!r})"

    def _caught_up(self) -> ReadSide:
        """The read models once they hold this engine's last write: every read
        of them through the handle sees what was just written through it, as
        ``search`` does (``ProjectionTimeout`` when they lag too long)."""
        side = self._eng.projections
        side.wait(self._eng.writes.position)
        return side

    # --- sessions and messages ------------------------------------------------

    def create_session(
        self, agent_id: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> str:
        """Starts a conversation and points the agent at it (one transaction).

        Every write is exactly-once: a retry with the same ``idempotency_key``
        (for example an HTTP ``Idempotency-Key``) returns the first call's
        result and writes nothing; without one, the engine makes a key per
        call, which covers its own retries. Every write made on an agent's
        behalf takes ``incarnation=`` (the epoch of ``claim_agent`` /
        ``restore_agent(..., incarnate=True)``): an older one than the agent's
        current incarnation raises ``StaleIncarnation`` and writes nothing."""
        return conversation.create_session(
            self._eng.writes, self.owner, agent_id, WriteOptions(idempotency_key, incarnation)
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
        options = WriteOptions(incarnation=incarnation)
        return conversation.add_messages(self._eng.writes, self.owner, session_id, [message], options)[0]

    def add_messages(
        self, session_id: str, messages: Iterable[Mapping[str, Any]], *, incarnation: int | None = None
    ) -> list[int]:
        """Appends several messages in one atomic transaction: all or none."""
        options = WriteOptions(incarnation=incarnation)
        return conversation.add_messages(self._eng.writes, self.owner, session_id, messages, options)

    async def add_messages_async(
        self, session_id: str, messages: Iterable[Mapping[str, Any]], *, incarnation: int | None = None
    ) -> list[int]:
        """``add_messages`` for code on an event loop (the HTTP service):
        awaited on the loop itself, no thread of a pool parked on the commit."""
        options = WriteOptions(incarnation=incarnation)
        return await conversation.add_messages_async(self._eng.writes, self.owner, session_id, messages, options)

    def close_session(self, session_id: str, *, idempotency_key: str | None = None) -> None:
        conversation.close_session(self._eng.writes, self.owner, session_id, WriteOptions(idempotency_key))

    def get_session(self, session_id: str) -> SessionInfo:
        """The session's current counters, read from the event store."""
        return conversation.session_info(self._eng.writes, self.owner, session_id)

    def load_session(self, session_id: str) -> Session | None:
        """The session's aggregate from its stream, or None (also for other owners)."""
        return self._eng.writes.load(parse_id(session_id, "session_id"), Session, self.owner)

    def messages(self, session_id: str, *, after: int = 0, limit: int = 100) -> MessagePage:
        """Up to ``limit`` (at most 1,000) messages with a seq above ``after``,
        oldest first, read from the event store (read-your-writes)."""
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            raise InvalidInput("after must be a non-negative integer")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= _PAGE_MAX:
            raise InvalidInput(f"limit must be an integer from 1 to {_PAGE_MAX}")
        session = self.load_session(session_id)
        if session is None:
            raise SessionNotFound(f"no session {session_id!r:.60}")
        return messages_after(self._eng.writes, session.id, after, limit)

    # --- tasks ------------------------------------------------------------------

    def start_task(
        self,
        session_id: str,
        input: str,
        *,
        idempotency_key: str | None = None,
        incarnation: int | None = None,
    ) -> str:
        return conversation.start_task(
            self._eng.writes, self.owner, session_id, input, WriteOptions(idempotency_key, incarnation)
        )

    def complete_task(
        self, task_id: str, output: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        conversation.complete_task(
            self._eng.writes, self.owner, task_id, output, WriteOptions(idempotency_key, incarnation)
        )

    def fail_task(
        self, task_id: str, error: str, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        conversation.fail_task(self._eng.writes, self.owner, task_id, error, WriteOptions(idempotency_key, incarnation))

    def load_task(self, task_id: str) -> Task | None:
        return self._eng.writes.load(parse_id(task_id, "task_id"), Task, self.owner)

    # --- agents -------------------------------------------------------------------

    def checkpoint_agent(
        self, agent_id: str, state: Any, *, idempotency_key: str | None = None, incarnation: int | None = None
    ) -> None:
        """Saves opaque JSON operational state; ``restore_agent`` returns the last."""
        conversation.checkpoint_agent(
            self._eng.writes, self.owner, agent_id, state, WriteOptions(idempotency_key, incarnation)
        )

    def load_agent(self, agent_id: str) -> Agent | None:
        agent_id = check_name(agent_id, "agent_id", self._eng.config.limits)
        return self._eng.writes.load(agent_stream_id(self.owner, agent_id), Agent, self.owner)

    def restore_agent(self, agent_id: str, last_n: int | None = None, *, incarnate: bool = False) -> RestoredAgent:
        """The agent as of the last acknowledged write, from the event store
        only (``ledgermind.recovery``): its current session, its history (all
        or the last ``last_n`` messages), open tasks and last checkpoint.

        ``incarnate=True`` (what a supervisor does before restarting an
        agent) first starts a new incarnation: ``agent.incarnated`` with the
        next epoch, and the current session fenced at it, in one
        transaction; ``restored.incarnation`` is that epoch, and every later
        write carrying an older one is refused. Without it the restore only
        reads, and ``restored.incarnation`` is the current epoch."""
        writes = self._eng.writes
        if not incarnate:
            return restore_agent(writes, self.owner, agent_id, last_n)
        restore_agent(writes, self.owner, agent_id, 0)  # AgentNotFound before anything is written
        epoch = conversation.incarnate_agent(writes, self.owner, agent_id, create=False)
        self._eng._lease_table().claim(self.owner, agent_id, epoch, datetime.now(UTC))
        return replace(restore_agent(writes, self.owner, agent_id, last_n), incarnation=epoch)

    def agent_history(self, agent_id: str) -> list[AgentEvent]:
        """Every event of the agent's stream, oldest first, from the event store:
        its incarnations, the sessions it pointed at, how each incarnation
        ended (``ledgermind audit agent``); ``AgentNotFound`` for an agent not this owner's."""
        if self.load_agent(agent_id) is None:
            raise AgentNotFound(f"no agent {agent_id!r:.60} for this owner")
        events = self._eng.writes.stream_events(agent_stream_id(self.owner, agent_id))
        return [AgentEvent.of_event(e) for e in events]

    def claim_agent(self, agent_id: str) -> int:
        """Starts the agent's next incarnation (creating the agent on a fresh
        start, when it has no stream yet) and returns its epoch."""
        agent_id = check_name(agent_id, "agent_id", self._eng.config.limits)
        epoch = conversation.incarnate_agent(self._eng.writes, self.owner, agent_id, create=True)
        self._eng._lease_table().claim(self.owner, agent_id, epoch, datetime.now(UTC))
        return epoch

    def heartbeat(self, agent_id: str, incarnation: int) -> None:
        """Records that ``incarnation`` of the agent is alive: one row of the
        lease table is updated, nothing is appended to the event log. A beat
        of a replaced incarnation raises ``StaleIncarnation``, one never
        issued (ahead of the agent's, or of no agent) ``UnknownIncarnation``."""
        agent_id = check_name(agent_id, "agent_id", self._eng.config.limits)
        epoch = conversation.check_epoch(incarnation)
        if epoch is None:
            raise InvalidInput("heartbeat needs the incarnation it beats for")
        # Only an issued incarnation may beat: the agent's stream is the authority.
        agent = self._eng.writes.load(agent_stream_id(self.owner, agent_id), Agent, self.owner)
        if agent is None:
            raise UnknownIncarnation(f"agent {agent_id!r} has no incarnation {epoch}", epoch, 0)
        agent.check_incarnation(epoch)
        self._eng._lease_table().beat(self.owner, agent_id, epoch, datetime.now(UTC))

    def agent_lease(self, agent_id: str) -> Lease | None:
        """The agent's lease (incarnation, status, last heartbeat), or None."""
        return self._eng._lease_table().get(self.owner, check_name(agent_id, "agent_id", self._eng.config.limits))

    def agent_leases(self) -> list[Lease]:
        """Every lease of this owner's agents, by agent id (``ledgermind agents``)."""
        return self._eng._lease_table().list(self.owner)

    def record_agent_exit(
        self,
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
            self._eng.writes, self.owner, agent_id, incarnation, outcome,
            exit_code=exit_code, signal=signal, last_heartbeat=last_heartbeat, reason=reason,
        )  # fmt: skip
        self._eng._lease_table().end(self.owner, agent_id, incarnation, outcome, reason)

    # --- beliefs ------------------------------------------------------------------

    def remember(self, statement: str, kind: str = "fact", **fields: Any) -> str:
        """Stores a belief the user or app states outright (``method="explicit"``);
        returns its id, or the id of the belief it reinforced (``ledgermind.distill.explicit``)."""
        from ledgermind.distill import explicit  # distillation loads on first use, not on every import

        return explicit.remember(self._eng.writes, self.owner, statement, kind=kind, **fields)

    def correct(self, memory_id: str, statement: str, *, idempotency_key: str | None = None) -> str:
        """Corrects a belief with the user's words (confidence 1.0): a new
        version of the same memory, whose id it returns unchanged."""
        from ledgermind.distill import explicit

        return explicit.correct(self._eng.writes, self.owner, memory_id, statement, idempotency_key=idempotency_key)

    def forget(self, memory_id: str, *, idempotency_key: str | None = None) -> None:
        """Invalidates one belief (reason "user request"); its history stays auditable."""
        from ledgermind.distill import explicit

        explicit.forget(self._eng.writes, self.owner, memory_id, idempotency_key=idempotency_key)

    def forget_all(self, *, idempotency_key: str | None = None) -> int:
        """Invalidates every current belief of this owner; returns how many."""
        from ledgermind.distill import explicit

        return explicit.forget_all(self._eng.writes, self.owner, idempotency_key=idempotency_key)

    def flagged(self) -> dict[str, BeliefView]:
        """This owner's beliefs that carry a flag now (``instruction_like``,
        ``conflicting``), by id, invalidated ones included. Folded from the
        log: the read models hold versions, and flags are not versions."""
        from ledgermind.distill.explicit import belief_index

        return {b.memory_id: b for b in belief_index(self._eng.writes).all(self.owner) if b.flags}

    def conflicts(self) -> list[tuple[BeliefView, tuple[BeliefView, ...]]]:
        """Beliefs flagged ``conflicting`` (two values no rule could settle),
        each with the beliefs it conflicts with."""
        from ledgermind.distill import conflicts

        return conflicts.conflicts(self._eng.writes, self.owner)

    def resolve_conflict(
        self, memory_id: str, *, keep: str, reason: str, idempotency_key: str | None = None
    ) -> list[str]:
        """``keep="this"``: ``memory_id`` holds, the beliefs it conflicts with
        are invalidated; ``keep="both"``: both hold. Flags cleared, with
        ``reason``, as events; returns the ids changed."""
        from ledgermind.distill import conflicts

        return conflicts.resolve_conflict(
            self._eng.writes, self.owner, memory_id, keep=keep, reason=reason, idempotency_key=idempotency_key
        )

    def apply_memory_changes(
        self,
        changes: Sequence[BeliefChange],
        *,
        tracking: tuple[str, int] | None = None,
        idempotency_key: str | None = None,
    ) -> list[str]:
        """Applies belief changes as memory events in one transaction; with
        ``tracking=(follower, position)`` that follower's cursor moves in the
        same transaction (exactly-once distillation). Returns the belief ids."""
        return self._eng.writes.apply_memory_changes(
            self.owner, changes, tracking=tracking, idempotency_key=idempotency_key
        )

    def load_memory(self, memory_id: str) -> Memory | None:
        """One belief's current state from its stream, or None (also for other owners)."""
        return self._eng.writes.load(parse_id(memory_id, "memory_id"), Memory, self.owner)

    def beliefs(
        self,
        *,
        valid_at: datetime | None = None,
        known_at: datetime | None = None,
        kinds: Iterable[str] | None = None,
    ) -> list[BeliefVersion]:
        """What the engine, as it stood at ``known_at``, held true at
        ``valid_at`` (both default to now), from the read models once they
        hold this engine's last write (``eng.distill()`` or ``remember`` just
        before is seen, as ``search`` sees it)."""
        rows = audit.beliefs_as_of(self._caught_up(), self.owner, valid_at, known_at, kinds)
        return [BeliefVersion.of_row(r) for r in rows]

    def history(self, memory_id: str) -> list[BeliefVersion]:
        """Every version of one belief, oldest first, each with the messages
        it cites (``cited``); ``MemoryNotFound`` for an id not this owner's."""
        versions = audit.belief_history(self._caught_up(), self.owner, memory_id)
        return [BeliefVersion.of_row(v, tuple(message_of_row(m) for m in v["source_messages"])) for v in versions]

    def invalidation(self, memory_id: str) -> Invalidation | None:
        """When and why a belief stopped holding, and what replaced it, from
        the read models; None if it never was invalidated."""
        found = audit.invalidation(self._caught_up(), self.owner, memory_id)
        if found is None:
            return None
        successor = found["successor"]
        return Invalidation(
            memory_id=found["memory_id"],
            statement=found["statement"],
            valid_from=found["valid_from"],
            invalid_at=found["invalid_at"],
            recorded_at=found["recorded_at"],
            reason=found["reason"],
            cause=found["cause"],
            cause_messages=tuple(message_of_row(m) for m in found["cause_messages"]),
            opened_by=found["event"]["topic"],
            opened_position=found["event"]["position"],
            superseded_by=found["superseded_by"],
            # the superseding belief's current version; None when the read model has no row of it
            successor=BeliefVersion.of_row(successor) if successor and "statement" in successor else None,
        )

    def conversation_at(self, session_id: str, at: datetime | None = None) -> Conversation:
        """The session as the log held it at ``at`` (default now), from the
        read models: the messages recorded by then, and its status then."""
        found = audit.conversation_at(self._caught_up(), self.owner, session_id, at)
        return Conversation(
            session_id=found["session_id"],
            agent_id=found["agent_id"],
            at=found["at"],
            existed=found["existed"],
            status=found["status"],
            messages=tuple(message_of_row(m) for m in found["messages"]),
        )

    # --- what is there (the read models' listings) ------------------------------

    def resolve_id(self, kind: str, text: str) -> str:
        """The full id of this owner's ``kind`` ("session", "task" or
        "memory") that ``text`` names: a full id, or a unique prefix of at
        least 4 hex digits (the ``dfd036c8`` tables print). Another owner's
        ids are not found; a prefix shared by several raises ``AmbiguousId``."""
        return listing.resolve_id(self._caught_up(), self.owner, kind, text)

    def agents(self, *, limit: int = 50, after: str | None = None) -> list[AgentSummary]:
        """This owner's agents (every one that opened a session), by agent id;
        ``after``: the last agent id of the previous page."""
        rows = listing.agents(self._caught_up(), self.owner, limit=check_count(limit, "limit", minimum=1), after=after)
        return [AgentSummary.of_row(r) for r in rows]

    def sessions(
        self, *, agent_id: str | None = None, limit: int = 50, after: str | None = None
    ) -> list[SessionSummary]:
        """This owner's sessions (of one agent, if given), oldest first;
        ``after``: a session id (or a short one) from the previous page."""
        rows = listing.sessions(
            self._caught_up(), self.owner, agent_id=agent_id, limit=check_count(limit, "limit", minimum=1), after=after
        )
        return [SessionSummary.of_row(r) for r in rows]

    def tasks(self, session_id: str, *, limit: int = 50, after: str | None = None) -> list[TaskSummary]:
        """The tasks of one of this owner's sessions (a full or short id),
        oldest first; ``after``: a task id from the previous page."""
        rows = listing.tasks(
            self._caught_up(), self.owner, session_id, limit=check_count(limit, "limit", minimum=1), after=after
        )
        return [TaskSummary.of_row(r) for r in rows]

    # --- lineage and retraction (the auditor's questions) ---------------------------

    def lineage(self, memory_id: str) -> BeliefLineage:
        """A belief's versions, oldest first, each with its cause: the messages
        it cites, the call that made it, its reason, and the beliefs it
        superseded or was superseded by (``ledgermind.distill.lineage``)."""
        from ledgermind.distill import lineage

        return lineage.belief_lineage(self._eng.writes, self.owner, memory_id)

    def model_call(self, call_id: str) -> ModelCallRecord:
        """A recorded model call (``model.called``: an LLM extraction or a
        grey-zone decision): the prompt sent, the model, its raw answer, the
        decision applied and, for a failed call, why the rule decision stood.
        Belief events cite it as ``{"model_call": id}`` in their sources."""
        from ledgermind.domain.errors import ModelCallNotFound
        from ledgermind.domain.model_call import ModelCall

        found = self._eng.writes.load(parse_id(call_id, "call_id"), ModelCall, self.owner)
        if found is None:
            raise ModelCallNotFound(f"no model call {call_id!r:.60} for this owner")
        return found.record()

    def message_lineage(self, session_id: str, seq: int) -> MessageLineage:
        """What one message caused: belief events that cite it (direct) and
        those caused by beliefs it caused (downstream)."""
        from ledgermind.distill import lineage

        return lineage.message_lineage(self._eng.writes, self.owner, session_id, seq)

    def retracted_messages(self, session_id: str) -> list[int]:
        """The seqs of ``session_id``'s messages that are retracted now (the
        auditor's desk marks them in the conversation)."""
        from ledgermind.distill.lineage import lineage_index

        with lineage_index(self._eng.writes).read(self.owner) as owned:
            return sorted(ref.seq for ref in owned.retracted if ref.session_id == session_id)

    def retract(
        self, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> RetractionReport:
        """Withdraws a message (an injection, the wrong speaker): records
        ``message.retracted`` and, in the same transaction, invalidates the
        beliefs only it supported and reinstates those it had invalidated.
        As-of queries known before the retraction are unchanged."""
        from ledgermind.distill import lineage

        return lineage.retract(self._eng.writes, self.owner, session_id, seq, reason, idempotency_key=idempotency_key)

    def unretract(
        self, session_id: str, seq: int, reason: str, *, idempotency_key: str | None = None
    ) -> RetractionReport:
        """Undoes a retraction (``message.unretracted``) and what it changed."""
        from ledgermind.distill import lineage

        return lineage.unretract(self._eng.writes, self.owner, session_id, seq, reason, idempotency_key=idempotency_key)

    def verify_log(self) -> VerifyReport:
        """This owner's streams re-walked along their hash chains: intact, or
        the first altered, removed or reordered event (the whole log's
        checkpoints are the operator's: ``MemoryEngine.verify_log()``)."""
        from ledgermind.storage import chain

        return chain.verify(self._eng.log, [self.owner])

    # --- retrieval ----------------------------------------------------------------

    def search(
        self,
        query: str,
        k: int = 10,
        kinds: Sequence[str] | None = None,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_messages: bool = False,
        include_instruction_like: bool = True,
    ) -> list[SearchResult]:
        """Hybrid (dense + lexical, RRF) search over this owner's beliefs as of
        a bitemporal point (default now); ``include_messages`` adds raw turns.
        ``include_instruction_like=False`` leaves out beliefs flagged
        ``instruction_like`` or whose text reads as an instruction (the rule
        ``build_context`` applies), still answering up to ``k``."""
        options = SearchOptions(k, kinds, as_of, known_at, include_messages)
        if include_instruction_like:
            return self._eng.retrieval.search(self.owner, query, options)
        from ledgermind.analysis.instructions import instruction_like

        hidden = {m for m, b in self.flagged().items() if b.instruction_like}
        wanted = replace(options, k=max(k, min(MAX_K, k + len(hidden))))  # room for the ones left out
        hits = self._eng.retrieval.search(self.owner, query, wanted)
        kept = [h for h in hits if h.item_type == "message" or not (h.id in hidden or instruction_like(h.statement))]
        return kept[:k]

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
        """A prompt block of this owner's relevant memories, framed as data;
        "" when there is nothing or the time budget ran out. Never raises for
        a failing store (only for bad arguments). ``max_items`` caps the
        entries; ``include_messages`` adds raw turns to the beliefs.

        When the read side cannot start (database unreachable, a broken read
        model), the block is "" and the reason is logged (logger
        ``ledgermind.context``, WARNING) and kept in the engine's
        ``context_degraded``."""
        options = ContextOptions(token_budget, time_budget_ms, max_items, include_messages, include_instruction_like)
        eng = self._eng
        try:
            retrieval = eng.retrieval
        except LedgermindError as e:
            eng.context_degraded = f"{type(e).__name__}: {e}"
            _log.warning("build_context injected nothing: %s", eng.context_degraded)
            return ""
        eng.context_degraded = None
        return retrieval.build_context(self.owner, query, options)

    def tools(self) -> list[Tool]:
        """``memory_search`` / ``memory_load`` bound to this owner (no user-id argument)."""
        return self._eng.retrieval.tools(self.owner)

    # --- right to be forgotten ------------------------------------------------------

    def erase(self) -> ErasureReport:
        """Forgets this owner for good: destroys their data key (every event of
        theirs becomes unreadable, everywhere), records ``owner.erased`` (no
        content), purges their read-model rows and scrubs the files.
        Idempotent: call it again after a crash. Later writes for the owner
        raise ``OwnerErased`` (issue a new user id instead)."""
        return self._eng._erase(self.owner)

    # --- integrations -------------------------------------------------------------

    def feed(self, after: int = 0) -> OwnerFeed:
        """This owner's events committed after log position ``after``, read
        page by page as they commit (``OwnerFeed.read``), and whether the
        owner has been erased meanwhile by any process (``OwnerFeed.erased``,
        no I/O per call): what a live feed (the service's Server-Sent
        Events) follows. Close it when done."""
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            raise InvalidInput("after must be a non-negative log position")
        return OwnerFeed(self._eng.log, self._eng.writes.erasures, self.owner, after)

    def stream_events(self, stream_id: UUID, *, gt: int | None = None, lte: int | None = None) -> list[Any]:
        """The decoded events of one of this owner's streams, oldest first,
        after version ``gt`` and up to ``lte``: what an integration reads back
        of the stream it writes with ``write_attached`` and of the session
        those writes append to (the LangGraph saver's thread and messages).
        Only this owner's events are returned: a stream id alone is not a
        capability, so another owner's stream reads as empty."""
        if not isinstance(stream_id, UUID):
            raise InvalidInput("stream_id must be a UUID")
        for label, bound in (("gt", gt), ("lte", lte)):
            if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int) or bound < 0):
                raise InvalidInput(f"{label} must be a non-negative integer or None")
        mine = (self.owner.app, self.owner.user_id)
        found = self._eng.writes.stream_events(stream_id, gt=gt, lte=lte)
        return [e for e in found if (getattr(e, "app", None), getattr(e, "user_id", None)) == mine]

    def write_attached(
        self,
        attachment: Attachment[B],
        step: Callable[[B, Append], R],
        *,
        messages: Iterable[Mapping[str, Any]] = (),
        options: WriteOptions = DEFAULT_WRITE,
        create: bool = True,
        once: bool = True,
        request: object = None,
    ) -> R | None:
        """One write of an integration's stream bound to a session (a LangGraph
        thread), fenced, validated and exactly-once like every other write
        (``ledgermind.write.attached``): a first write opens the session as
        ``create_session`` does; ``step`` changes the integration's aggregate
        and calls ``append()`` to add ``messages`` to the session; a caller's
        idempotency key is bound to ``request`` and the messages."""
        return attached.write_attached(
            self._eng.writes, self.owner, attachment, step,
            messages=messages, options=options, create=create, once=once, request=request,
        )  # fmt: skip
