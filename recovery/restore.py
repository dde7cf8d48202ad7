"""Restore a crashed agent from the event store alone.

Why never the projections: after a crash they may lag the log, and a
supervisor must get back exactly what was acknowledged. The agent stream
says which session is current and holds the last checkpoint; the session
stream holds every acknowledged message, in seq order, exactly once (a
transaction either committed a message event or did not).

Why it reads streams itself (``ledgermind.storage.stream_rows``) instead of
``mem.load_agent`` / ``mem.load_session``: each of those is two round trips
(latest snapshot, then the events after it), and the session's events were
then read a second time for the messages. Here the agent is one statement
(snapshot and tail together) and, for a full history, the session and its
messages are one more: the session is folded from its snapshot and the tail
of the very rows the messages are decoded from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any
from uuid import UUID

import orjson

from ledgermind.domain.agent import Agent
from ledgermind.domain.errors import AgentNotFound, InvalidInput
from ledgermind.domain.owner import Owner
from ledgermind.domain.records import Message, TaskRecord
from ledgermind.domain.session import Session
from ledgermind.domain.stream_ids import agent_stream_id
from ledgermind.domain.task import Task
from ledgermind.recovery.messages import collector_paused, message_page, messages_of_rows
from ledgermind.storage.source import EventSource, stream_events
from ledgermind.storage.store import translate_errors
from ledgermind.storage.stream_rows import aggregate_of_rows, select_with_snapshot
from ledgermind.write.validation import check_count, check_name

__all__ = ["RestoredAgent", "read_messages", "restore_agent"]


@dataclass(frozen=True, slots=True)
class RestoredAgent:
    owner: Owner
    agent_id: str
    session_id: str
    session_closed: bool
    message_count: int  # all messages in the session, even when last_n trims the list
    messages: list[Message]
    open_tasks: list[TaskRecord]
    state: Any  # the last checkpointed JSON value, or None
    checkpoints: int = 0
    # The agent's current incarnation (epoch): the one this restore started
    # when the caller incarnated (a supervisor), else the latest (0: never).
    incarnation: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "app": self.owner.app,
            "user_id": self.owner.user_id,
            "agent_id": self.agent_id,
            "session_id": self.session_id,
            "session_closed": self.session_closed,
            "message_count": self.message_count,
            "messages": [m.as_dict() for m in self.messages],
            "open_tasks": [t.as_dict() for t in self.open_tasks],
            "state": self.state,
            "checkpoints": self.checkpoints,
            "incarnation": self.incarnation,
        }


def restore_agent(eng: EventSource, owner: Owner, agent_id: str, last_n: int | None = None) -> RestoredAgent:
    """The agent's current session, its history (all or the last ``last_n``),
    its open tasks and its last checkpointed state, as of the last commit."""
    if last_n is not None:
        check_count(last_n, "last_n")
    if not isinstance(owner, Owner):
        raise InvalidInput(f"owner must be an Owner, got {type(owner).__name__}")
    agent_id = check_name(agent_id, "agent_id", eng.config.limits)
    agent = _load(eng, agent_stream_id(owner, agent_id), Agent)
    if agent is None or agent.session_id is None:
        raise AgentNotFound(f"no agent {agent_id!r} with a session for this owner")
    sid = UUID(hex=agent.session_id)
    if last_n is None:
        with translate_errors(), collector_paused():
            snapshot, rows = select_with_snapshot(eng.log, sid, all_events=True)
            session = _of_class(aggregate_of_rows(eng.log.mapper, sid, snapshot, rows), Session)
            messages = messages_of_rows(eng, sid, rows) if session is not None else []
    else:
        session = _load(eng, sid, Session)
        messages = read_messages(eng, session, last_n) if session is not None else []
    if session is None:  # pragma: no cover - the same transaction wrote both
        raise AgentNotFound(f"agent {agent_id!r} points at a missing session")
    tasks = [_task_record(eng, task_id) for task_id in session.open_tasks]
    return RestoredAgent(
        owner=owner,
        agent_id=agent.agent_id,
        session_id=session.id.hex,
        session_closed=session.closed,
        message_count=session.seq,
        messages=messages,
        open_tasks=[t for t in tasks if t is not None],
        state=None if agent.state is None else orjson.loads(agent.state),
        checkpoints=agent.checkpoints,
        incarnation=agent.incarnation,
    )


def read_messages(eng: EventSource, session: Session, last_n: int | None = None) -> list[Message]:
    """Messages of one session from its stream, oldest first."""
    sid = session.id
    if last_n is None:
        return message_page(eng, sid)[0]
    if last_n == 0:
        return []
    # Walk back from the head in pages until ``last_n`` messages are seen:
    # the cost is proportional to n, not to the session's length.
    found: list[Message] = []
    upper: int | None = None
    page = max(64, last_n + 8)
    while len(found) < last_n:
        messages, last_version = message_page(eng, sid, lte=upper, desc=True, limit=page)
        if last_version is None:
            break
        found.extend(messages[: last_n - len(found)])
        upper = last_version - 1
        if upper < 1:
            break
    found.reverse()
    return found


def _load(eng: EventSource, stream_id: UUID, cls: type[Any]) -> Any:
    """The aggregate from one statement (snapshot + the events after it), or None."""
    with translate_errors():
        snapshot, rows = select_with_snapshot(eng.log, stream_id)
        return _of_class(aggregate_of_rows(eng.log.mapper, stream_id, snapshot, rows), cls)


def _of_class(aggregate: Any, cls: type[Any]) -> Any:
    return aggregate if isinstance(aggregate, cls) else None


def _task_record(eng: EventSource, task_id: str) -> TaskRecord | None:
    events = stream_events(eng.log, UUID(hex=task_id))
    if not events:
        return None
    started = events[0]
    assert isinstance(started, Task.Created)
    record = TaskRecord(
        task_id=task_id,
        session_id=started.session_id,
        status="open",
        input=started.input,
        started_at=started.timestamp,
    )
    for e in events[1:]:
        if isinstance(e, Task.Completed):
            return replace(record, status="completed", output=e.output, finished_at=e.timestamp)
        if isinstance(e, Task.Failed):
            return replace(record, status="failed", error=e.error, finished_at=e.timestamp)
    return record
