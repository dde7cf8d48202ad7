"""The Session stream: one conversation, appended to, never rewritten.

Why the state is tiny: message bodies live only in ``message.added`` events.
The aggregate keeps counters and the ids of open tasks, so loading it (from a
snapshot or the writer's cache) costs the same at message 100 and 100,000.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.agent import refuse_stale
from ledgermind.domain.errors import SessionClosed

__all__ = ["ROLES", "Session"]

# The roles of a message (OpenAI's chat roles); ``write.validation.check_role`` refuses others.
ROLES = frozenset({"system", "user", "assistant", "tool"})


class Session(Aggregate):
    TOPIC = "ledgermind:Session"

    # The epoch of the agent incarnation that fenced this session last (a
    # class default: older snapshots have no such attribute). A write that
    # carries an older epoch is refused (``ledgermind.domain.agent``).
    incarnation = 0

    class Event(Aggregate.Event):
        """Every session event carries its owner, so any reader can scope it."""

        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "session.created"
        class_version = 1
        agent_id: str

    @event(Created)
    def __init__(self, app: str, user_id: str, agent_id: str) -> None:
        self.app = app
        self.user_id = user_id
        self.agent_id = agent_id
        self.seq = 0
        self.closed = False
        self.open_tasks: list[str] = []

    class MessageAdded(Event):
        TOPIC = "message.added"
        class_version = 1
        seq: int
        role: str
        content: str
        name: str | None
        tool_calls: str | None  # JSON text, exactly as the caller gave it
        tool_call_id: str | None
        client_id: str | None
        metadata: str | None  # JSON text
        occurred_at: datetime

    @event(MessageAdded)
    def _message_added(
        self,
        app: str,
        user_id: str,
        seq: int,
        role: str,
        content: str,
        name: str | None,
        tool_calls: str | None,
        tool_call_id: str | None,
        client_id: str | None,
        metadata: str | None,
        occurred_at: datetime,
    ) -> None:
        self.seq = seq

    def add_message(self, **fields: Any) -> int:
        """Appends one message; the caller validated every field already."""
        self.ensure_open()
        seq = self.seq + 1
        self._message_added(app=self.app, user_id=self.user_id, seq=seq, **fields)
        return seq

    class TaskOpened(Event):
        TOPIC = "session.task_opened"
        class_version = 1
        task_id: str

    @event(TaskOpened)
    def _task_opened(self, app: str, user_id: str, task_id: str) -> None:
        self.open_tasks = [*self.open_tasks, task_id]

    def open_task(self, task_id: str) -> None:
        self.ensure_open()
        self._task_opened(app=self.app, user_id=self.user_id, task_id=task_id)

    class TaskClosed(Event):
        TOPIC = "session.task_closed"
        class_version = 1
        task_id: str

    @event(TaskClosed)
    def _task_closed(self, app: str, user_id: str, task_id: str) -> None:
        self.open_tasks = [t for t in self.open_tasks if t != task_id]

    def close_task(self, task_id: str) -> None:
        if task_id in self.open_tasks:
            self._task_closed(app=self.app, user_id=self.user_id, task_id=task_id)

    class Closed(Event):
        TOPIC = "session.closed"
        class_version = 1

    @event(Closed)
    def _closed(self, app: str, user_id: str) -> None:
        self.closed = True

    def close(self) -> None:
        if not self.closed:
            self._closed(app=self.app, user_id=self.user_id)

    class Fenced(Event):
        """An agent incarnation took this session over: writes of older ones are refused."""

        TOPIC = "session.fenced"
        class_version = 1
        epoch: int

    @event(Fenced)
    def _fenced(self, app: str, user_id: str, epoch: int) -> None:
        self.incarnation = epoch

    def fence(self, epoch: int) -> None:
        """Records ``epoch`` on this stream (on a closed session too: a zombie
        must not learn anything from which error it gets)."""
        if epoch > self.incarnation:
            self._fenced(app=self.app, user_id=self.user_id, epoch=epoch)

    def check_incarnation(self, incarnation: int | None) -> None:
        refuse_stale(incarnation, self.incarnation, f"session {self.id.hex}")

    def ensure_open(self) -> None:
        if self.closed:
            raise SessionClosed(f"session {self.id.hex} is closed")
