"""The Task stream: one unit of agent work, started in a session."""

from __future__ import annotations

from eventsourcing.domain import Aggregate, event

from ledgermind.domain.errors import TaskFinished

__all__ = ["Task"]


class Task(Aggregate):
    TOPIC = "ledgermind:Task"

    class Event(Aggregate.Event):
        app: str
        user_id: str

    class Created(Event, Aggregate.Created):
        TOPIC = "task.started"
        class_version = 1
        session_id: str
        input: str

    Started = Created

    @event(Created)
    def __init__(self, app: str, user_id: str, session_id: str, input: str) -> None:
        self.app = app
        self.user_id = user_id
        self.session_id = session_id
        self.status = "open"

    class Completed(Event):
        TOPIC = "task.completed"
        class_version = 1
        output: str

    @event(Completed)
    def _completed(self, app: str, user_id: str, output: str) -> None:
        self.status = "completed"

    class Failed(Event):
        TOPIC = "task.failed"
        class_version = 1
        error: str

    @event(Failed)
    def _failed(self, app: str, user_id: str, error: str) -> None:
        self.status = "failed"

    def complete(self, output: str) -> None:
        self._ensure_open()
        self._completed(app=self.app, user_id=self.user_id, output=output)

    def fail(self, error: str) -> None:
        self._ensure_open()
        self._failed(app=self.app, user_id=self.user_id, error=error)

    def _ensure_open(self) -> None:
        if self.status != "open":
            raise TaskFinished(f"task {self.id.hex} is already {self.status}")
