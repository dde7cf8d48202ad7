"""Plain, typed values the public API returns (no ORM objects, no events)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

__all__ = ["AgentEvent", "Message", "SessionInfo", "TaskRecord"]


@dataclass(frozen=True, slots=True)
class Message:
    session_id: str
    seq: int
    role: str
    content: str
    occurred_at: datetime  # when it was said (caller's clock, for imports)
    recorded_at: datetime  # when the engine committed it (transaction time)
    name: str | None = None
    tool_calls: Any = None
    tool_call_id: str | None = None
    client_id: str | None = None
    metadata: Any = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "seq": self.seq,
            "role": self.role,
            "content": self.content,
            "name": self.name,
            "tool_calls": self.tool_calls,
            "tool_call_id": self.tool_call_id,
            "client_id": self.client_id,
            "metadata": self.metadata,
            "occurred_at": self.occurred_at.isoformat(),
            "recorded_at": self.recorded_at.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class TaskRecord:
    task_id: str
    session_id: str
    status: str  # open / completed / failed
    input: str
    started_at: datetime
    output: str | None = None
    error: str | None = None
    finished_at: datetime | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "session_id": self.session_id,
            "status": self.status,
            "input": self.input,
            "output": self.output,
            "error": self.error,
            "started_at": self.started_at.isoformat(),
            "finished_at": self.finished_at.isoformat() if self.finished_at else None,
        }


@dataclass(frozen=True, slots=True)
class SessionInfo:
    session_id: str
    app: str
    user_id: str
    agent_id: str
    message_count: int
    closed: bool
    open_tasks: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class AgentEvent:
    """One event of an agent's stream, as the audit trail of its restarts
    shows it: what happened (``event``: its topic), to which incarnation, and
    the details (the session it pointed at; why it crashed or stopped)."""

    recorded_at: datetime
    event: str
    incarnation: int | None
    detail: str

    @classmethod
    def of_event(cls, event: Any) -> AgentEvent:
        fields = vars(event)
        detail = f"session {fields['session_id']}" if fields.get("session_id") else ""
        if "reason" in fields:
            beat = fields.get("last_heartbeat")
            detail = fields["reason"] + (
                f"; last heartbeat {beat.isoformat(timespec='seconds')}" if beat is not None else ""
            )
        return cls(
            recorded_at=event.timestamp,
            event=getattr(type(event), "TOPIC", type(event).__name__),
            incarnation=fields.get("epoch", fields.get("incarnation")),
            detail=detail,
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "recorded_at": self.recorded_at,
            "event": self.event,
            "incarnation": self.incarnation,
            "detail": self.detail,
        }
