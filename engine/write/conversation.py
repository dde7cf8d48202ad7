"""Sessions, messages, tasks and agent checkpoints as commands on the write port.

Why here and not in the facade: a value walks downhill. The facade hands the
caller's plain values to these functions; they validate them (``validation``),
build the command and submit it through the ``WritePort``, and never call
back up. Every function takes the owner first: a session or task id alone is
no capability, and another owner's id raises the same ``NotFound`` as an id
that never existed (``isolation``).

Every command is exactly-once (``WritePort.submit_once``): its idempotency key
is made here, at the call, before the command is submitted: the caller's
``options.idempotency_key`` when given (it gets a receipt), else a random
uuid4 (no receipt: the writer never runs a committed save again). Both of a
write's options travel as one value (``WriteOptions``), not as keyword
arguments re-declared by every layer. A batch of messages that
all carry a ``client_id`` needs no command receipt: its per-message receipts
(keyed by the caller's client ids, ``Receipt``) already make it exactly-once.

Incarnations: every write here takes ``options.incarnation`` (the epoch a
supervisor gave the agent, ``incarnate_agent``). The check runs inside the command, on
the aggregate the write appends to (the session for messages and tasks, the
agent for checkpoints), after any replay of an accepted retry (so a retry
stays exact) and before anything is changed: a stale write raises
``StaleIncarnation`` and the transaction holds nothing of it. A write
without an incarnation is not fenced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any, Literal
from uuid import UUID

from ledgermind.domain.agent import Agent
from ledgermind.domain.errors import (
    AgentNotFound,
    ContentTooLarge,
    IdempotencyKeyReused,
    InvalidInput,
    SessionNotFound,
    TaskNotFound,
    UnknownIncarnation,
)
from ledgermind.domain.owner import Owner
from ledgermind.domain.receipt import Receipt, request_digest
from ledgermind.domain.records import SessionInfo
from ledgermind.domain.session import Session
from ledgermind.domain.stream_ids import agent_stream_id, receipt_id
from ledgermind.domain.task import Task
from ledgermind.write.isolation import scoped_get
from ledgermind.write.options import DEFAULT_WRITE, WriteOptions
from ledgermind.write.port import Command, IdempotencyKey, WritePort
from ledgermind.write.validation import (
    check_content,
    check_count,
    check_json,
    check_name,
    check_owner,
    check_role,
    check_text,
    check_timestamp,
    parse_id,
)
from ledgermind.write.writer import UnitOfWork

__all__ = [
    "MESSAGE_KEYS",
    "add_messages",
    "add_messages_async",
    "check_epoch",
    "check_fence",
    "checkpoint_agent",
    "close_session",
    "complete_task",
    "create_session",
    "fail_task",
    "incarnate_agent",
    "open_session",
    "prepare_message",
    "record_agent_exit",
    "session_info",
    "start_task",
]

MESSAGE_KEYS = frozenset(
    {"role", "content", "name", "occurred_at", "client_id", "metadata", "tool_calls", "tool_call_id"}
)


def check_epoch(value: object) -> int | None:
    """An incarnation argument: None (not fenced) or a positive int."""
    if value is None:
        return None
    return check_count(value, "incarnation", minimum=1)


def check_fence(unit: UnitOfWork, owner: Owner, session: Session, incarnation: int | None) -> None:
    """Refuses a write of an older incarnation to ``session``. The session's
    own epoch is the atomic check (the append conflicts with a concurrent
    fence); the agent's epoch also refuses a zombie writing to a session the
    newer incarnation did not take over (an older session of the agent).

    The limit of the second check: the agent is read here, not written, so
    a zombie whose writer still caches the agent from before the new
    incarnation can land a write on such an *older* session until that
    cache reloads. A restore fences the agent's current session, the one a
    restored agent writes to; that path has no such window."""
    if incarnation is None:
        return
    session.check_incarnation(incarnation)
    agent = _agent_for(unit, owner, session.agent_id, incarnation)
    if agent is None:
        raise UnknownIncarnation(f"agent {session.agent_id!r} has no incarnation {incarnation}", incarnation, 0)
    agent.check_incarnation(incarnation)


def _agent_for(unit: UnitOfWork, owner: Owner, agent_id: str, epoch: int | None) -> Agent | None:
    """The agent's stream for a write of incarnation ``epoch``: this process's copy, or the
    store's when the copy is behind ``epoch`` (another process, a supervisor, may have issued
    it since), so no write is refused as never issued on a stale cache."""
    stream = agent_stream_id(owner, agent_id)
    agent = unit.get(Agent, stream)
    if epoch is not None and (agent is None or epoch > agent.incarnation):
        agent = unit.reload(Agent, stream)
    return agent


def incarnate_agent(port: WritePort, owner: Owner, agent_id: str, *, create: bool) -> int:
    """Starts the agent's next incarnation: ``agent.incarnated`` on its stream
    and ``session.fenced`` on its current session, in one transaction; returns
    the epoch. ``create``: a fresh claim may create the agent (no session
    yet); a restore needs one that exists."""
    check_owner(owner)
    agent_id = check_name(agent_id, "agent_id", port.limits)
    key = IdempotencyKey.at_call(owner, "incarnate_agent", None, port.limits)

    def command(unit: UnitOfWork) -> int:
        agent = unit.get(Agent, agent_stream_id(owner, agent_id))
        if agent is None:
            if not create:
                raise AgentNotFound(f"no agent {agent_id!r} for this owner")
            agent = Agent(app=owner.app, user_id=owner.user_id, agent_id=agent_id)
            unit.add(agent)
        epoch = agent.incarnate()
        if agent.session_id is not None:
            session = unit.get(Session, UUID(hex=agent.session_id))
            if session is not None:
                session.fence(epoch)
        return epoch

    return port.submit_once(key, command)


def record_agent_exit(
    port: WritePort,
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
    """Records how an incarnation ended (``agent.crashed`` / ``agent.stopped``):
    the supervisor's restarts are events in the audit trail, with the exit
    code or signal and the last heartbeat it saw."""
    check_owner(owner)
    agent_id = check_name(agent_id, "agent_id", port.limits)
    epoch = check_epoch(incarnation)
    assert epoch is not None
    text = check_text(reason, "reason", port.limits.max_content_bytes, allow_empty=True)
    key = IdempotencyKey.at_call(owner, f"agent_{outcome}", None, port.limits)

    def command(unit: UnitOfWork) -> None:
        agent = unit.get(Agent, agent_stream_id(owner, agent_id))
        if agent is None:
            raise AgentNotFound(f"no agent {agent_id!r} for this owner")
        if outcome == "crashed":
            agent.crashed(epoch, exit_code=exit_code, signal=signal, last_heartbeat=last_heartbeat, reason=text)
        else:
            agent.stopped(epoch, exit_code=exit_code, reason=text)

    port.submit_once(key, command)


def create_session(
    port: WritePort,
    owner: Owner,
    agent_id: str,
    options: WriteOptions = DEFAULT_WRITE,
) -> str:
    """Starts a conversation and points the agent at it (one transaction).
    The new session is fenced at the agent's current incarnation."""
    check_owner(owner)
    agent_id = check_name(agent_id, "agent_id", port.limits)
    epoch = check_epoch(options.incarnation)
    key = IdempotencyKey.at_call(owner, "create_session", options.idempotency_key, port.limits, agent_id)

    def command(unit: UnitOfWork) -> str:
        return open_session(unit, owner, agent_id, epoch).id.hex

    return port.submit_once(key, command)


def open_session(unit: UnitOfWork, owner: Owner, agent_id: str, epoch: int | None) -> Session:
    """A new session of the agent (created on its first session), inside a
    command: the caller's incarnation is checked against the agent's, the
    agent points at the session, and the session is fenced at the agent's
    current incarnation, so a zombie of a replaced incarnation can neither
    open it nor write to it. ``create_session`` and every integration that
    opens a session on its first write (``ledgermind.write.attached``) use it."""
    session = Session(app=owner.app, user_id=owner.user_id, agent_id=agent_id)
    agent = _agent_for(unit, owner, agent_id, epoch)
    if agent is None:
        agent = Agent(app=owner.app, user_id=owner.user_id, agent_id=agent_id)
    agent.check_incarnation(epoch)
    agent.open_session(session.id.hex)
    if agent.incarnation:
        session.fence(agent.incarnation)
    unit.add(session)
    unit.add(agent)
    return session


def prepare_message(port: WritePort, message: Mapping[str, Any], now: datetime) -> dict[str, Any]:
    """One message's fields, validated and normalised (``occurred_at`` defaults to ``now``)."""
    limits = port.limits
    unknown = set(message) - MESSAGE_KEYS
    if unknown:
        raise InvalidInput(f"unknown message keys {sorted(unknown)}")
    role = check_role(message.get("role"))
    tool_calls = message.get("tool_calls")
    content = check_content(message.get("content"), limits, allow_empty=role == "assistant" and bool(tool_calls))
    name = message.get("name")
    occurred = message.get("occurred_at")
    client_id = message.get("client_id")
    metadata = message.get("metadata")
    tool_call_id = message.get("tool_call_id")
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
        "tool_call_id": None if tool_call_id is None else check_name(tool_call_id, "tool_call_id", limits),
    }


def add_messages(
    port: WritePort,
    owner: Owner,
    session_id: str,
    messages: Iterable[Mapping[str, Any]],
    options: WriteOptions = DEFAULT_WRITE,
) -> list[int]:
    """Appends messages in one atomic transaction (all or none); returns their seqs.

    A retry whose every message carries an already receipted ``client_id``
    returns the first call's seqs and writes nothing. Without client ids on
    every message, the batch is one command with one receipt (not one per
    message: the receipt is one event per call, whatever the batch size)."""
    key, command = _append_command(port, owner, session_id, messages, options)
    return port.submit(command) if key is None else port.submit_once(key, command)


async def add_messages_async(
    port: WritePort,
    owner: Owner,
    session_id: str,
    messages: Iterable[Mapping[str, Any]],
    options: WriteOptions = DEFAULT_WRITE,
) -> list[int]:
    """``add_messages`` for a caller on an event loop: validated in the
    caller, committed by the writer thread, awaited without a thread hop."""
    key, command = _append_command(port, owner, session_id, messages, options)
    return await (port.submit_async(command) if key is None else port.submit_once_async(key, command))


def _append_command(
    port: WritePort,
    owner: Owner,
    session_id: str,
    messages: Iterable[Mapping[str, Any]],
    options: WriteOptions,
) -> tuple[IdempotencyKey | None, Command[list[int]]]:
    """``add_messages`` validated, as the command to submit and its
    idempotency key (None: its messages' receipts make it exactly-once)."""
    check_owner(owner)
    limits = port.limits
    epoch = check_epoch(options.incarnation)
    batch = list(messages)
    if not batch:
        raise InvalidInput("add_messages needs at least one message")
    if len(batch) > limits.max_batch_messages:
        raise ContentTooLarge(f"{len(batch)} messages in one batch; the limit is {limits.max_batch_messages}")
    now = datetime.now(UTC)
    prepared = []
    digests: list[str] = []  # of each message, kept in its receipt: a reused client_id must match
    total = 0
    for i, message in enumerate(batch):
        if not isinstance(message, Mapping):
            raise InvalidInput(f"message {i} must be a mapping")
        fields = prepare_message(port, message, now)
        total += len(fields["content"].encode("utf-8"))
        prepared.append(fields)
        explicit_time = message.get("occurred_at") is not None
        # Only a message with a client_id has a receipt to keep its digest in.
        digests.append("" if fields["client_id"] is None else _message_digest(fields, explicit_time=explicit_time))
    if total > limits.max_batch_bytes:
        raise ContentTooLarge(f"batch is {total} bytes; the limit is {limits.max_batch_bytes}")
    client_ids = [f["client_id"] for f in prepared if f["client_id"] is not None]
    if len(set(client_ids)) != len(client_ids):
        raise InvalidInput("client_id values repeat within one batch")
    sid = parse_id(session_id, "session_id")
    receipted = len(client_ids) == len(prepared)
    key = None if receipted else IdempotencyKey.at_call(owner, "add_messages", None, limits)

    def command(unit: UnitOfWork) -> list[int]:
        session = _owned_session(unit, sid, owner)
        replayed = _replayed_seqs(unit, sid, prepared, digests)
        if replayed is not None:
            return replayed
        check_fence(unit, owner, session, epoch)
        session.ensure_open()
        seqs = []
        for fields, digest in zip(prepared, digests, strict=True):
            seq = session.add_message(**fields)
            seqs.append(seq)
            if fields["client_id"] is not None:
                unit.add(
                    Receipt(
                        app=owner.app,
                        user_id=owner.user_id,
                        session_id=sid.hex,
                        client_id=fields["client_id"],
                        seq=seq,
                        request_digest=digest,
                    )
                )
        return seqs

    return key, command


def _message_digest(fields: Mapping[str, Any], *, explicit_time: bool) -> str:
    """A message's request digest: what the caller sent, without its
    client_id, and without ``occurred_at`` when the engine chose it (now)."""
    sent = {k: v for k, v in fields.items() if k != "client_id" and (explicit_time or k != "occurred_at")}
    return request_digest("add_message", sent)


def _replayed_seqs(unit: UnitOfWork, sid: UUID, prepared: list[dict[str, Any]], digests: list[str]) -> list[int] | None:
    """The original seqs when every message is a retry (all receipted),
    None when none is. Every client_id is looked up, not only the first:
    a new receipt for a used client_id would conflict on every retry and
    end in ConcurrencyExhausted instead of a clear error."""
    receipts = [
        None if f["client_id"] is None else unit.get(Receipt, receipt_id(sid, f["client_id"])) for f in prepared
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
        raise IdempotencyKeyReused("this batch repeats an earlier client_id but is not the same batch")
    for receipt, digest, f in zip(receipts, digests, prepared, strict=True):
        if receipt is not None and receipt.request_digest and receipt.request_digest != digest:
            raise IdempotencyKeyReused(
                f"client_id {f['client_id']!r:.80} was used for another message (a different body): "
                "nothing was written; use a new id for a new message"
            )
    return [r.seq for r in receipts if r is not None]


def _owned_session(unit: UnitOfWork, sid: UUID, owner: Owner) -> Session:
    session = scoped_get(unit, Session, sid, owner)
    if session is None:
        raise SessionNotFound(f"no session {sid.hex}")
    return session  # type: ignore[no-any-return]


def close_session(port: WritePort, owner: Owner, session_id: str, options: WriteOptions = DEFAULT_WRITE) -> None:
    check_owner(owner)
    sid = parse_id(session_id, "session_id")
    key = IdempotencyKey.at_call(owner, "close_session", options.idempotency_key, port.limits, session_id)

    def command(unit: UnitOfWork) -> None:
        _owned_session(unit, sid, owner).close()

    port.submit_once(key, command)


def session_info(port: WritePort, owner: Owner, session_id: str) -> SessionInfo:
    """The session's current counters, read from the event store."""
    check_owner(owner)
    sid = parse_id(session_id, "session_id")
    session = port.load(sid, Session, owner)
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


def start_task(
    port: WritePort,
    owner: Owner,
    session_id: str,
    input: str,
    options: WriteOptions = DEFAULT_WRITE,
) -> str:
    check_owner(owner)
    epoch = check_epoch(options.incarnation)
    sid = parse_id(session_id, "session_id")
    text = check_text(input, "input", port.limits.max_content_bytes, allow_empty=True)
    key = IdempotencyKey.at_call(owner, "start_task", options.idempotency_key, port.limits, [sid.hex, text])

    def command(unit: UnitOfWork) -> str:
        session = _owned_session(unit, sid, owner)
        check_fence(unit, owner, session, epoch)
        session.ensure_open()
        task = Task(app=owner.app, user_id=owner.user_id, session_id=sid.hex, input=text)
        session.open_task(task.id.hex)
        unit.add(task)
        return task.id.hex

    return port.submit_once(key, command)


def complete_task(
    port: WritePort,
    owner: Owner,
    task_id: str,
    output: str,
    options: WriteOptions = DEFAULT_WRITE,
) -> None:
    text = check_text(output, "output", port.limits.max_content_bytes, allow_empty=True)
    _finish_task(port, owner, task_id, "complete_task", text, lambda task: task.complete(text), options)


def fail_task(
    port: WritePort,
    owner: Owner,
    task_id: str,
    error: str,
    options: WriteOptions = DEFAULT_WRITE,
) -> None:
    text = check_text(error, "error", port.limits.max_content_bytes, allow_empty=True)
    _finish_task(port, owner, task_id, "fail_task", text, lambda task: task.fail(text), options)


def _finish_task(
    port: WritePort,
    owner: Owner,
    task_id: str,
    name: str,
    text: str,
    finish: Callable[[Task], None],
    options: WriteOptions,
) -> None:
    check_owner(owner)
    epoch = check_epoch(options.incarnation)
    tid = parse_id(task_id, "task_id")
    key = IdempotencyKey.at_call(owner, name, options.idempotency_key, port.limits, [tid.hex, text])

    def command(unit: UnitOfWork) -> None:
        task = scoped_get(unit, Task, tid, owner)
        if task is None:
            raise TaskNotFound(f"no task {tid.hex}")
        session = unit.get(Session, UUID(hex=task.session_id))
        if session is not None:
            # Fenced on the session: finishing an open task also appends
            # ``session.task_closed`` there, so a concurrent fence conflicts.
            check_fence(unit, owner, session, epoch)
        finish(task)
        if session is not None:
            session.close_task(tid.hex)

    port.submit_once(key, command)


def checkpoint_agent(
    port: WritePort,
    owner: Owner,
    agent_id: str,
    state: Any,
    options: WriteOptions = DEFAULT_WRITE,
) -> None:
    """Saves opaque JSON operational state; ``restore_agent`` returns the last."""
    check_owner(owner)
    limits = port.limits
    epoch = check_epoch(options.incarnation)
    agent_id = check_name(agent_id, "agent_id", limits)
    text = check_json(state, "state", limits, max_bytes=limits.max_state_bytes)
    key = IdempotencyKey.at_call(owner, "checkpoint_agent", options.idempotency_key, limits, [agent_id, text])

    def command(unit: UnitOfWork) -> None:
        agent = _agent_for(unit, owner, agent_id, epoch)
        if agent is None:
            raise AgentNotFound(f"no agent {agent_id!r} for this owner")
        agent.check_incarnation(epoch)
        agent.checkpoint(text)

    port.submit_once(key, command)
