"""What the distiller hands to checkers and extractors: a session's delta.

A delta item is one distillable thing said or done in a session since the
extraction cursor: a user or assistant message with content, or a completed
task (input -> output). Tool messages, assistant tool calls and empty
messages never become items: tool output is not memory
(docs/design/memory-pipeline.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ledgermind.domain.owner import Owner

__all__ = ["DeltaItem", "ExtractionContext", "is_distillable"]


@dataclass(frozen=True, slots=True)
class DeltaItem:
    session_id: str
    seq: int  # the message seq; for a task, the seq of the last message before it finished
    role: str  # "user", "assistant" or "task"
    content: str  # the message text; for a task, its output
    occurred_at: datetime
    position: int  # notification id in the global log
    name: str | None = None
    task_id: str | None = None
    task_input: str | None = None

    def source(self) -> dict[str, Any]:
        """How a memory event cites this item (``sources`` / ``cause``)."""
        if self.task_id is not None:
            return {"session_id": self.session_id, "task_id": self.task_id, "position": self.position}
        return {"session_id": self.session_id, "seq": self.seq, "position": self.position}

    @property
    def speaker(self) -> str:
        """The name to write into statements: the message's name, else its role."""
        if self.name:
            return self.name
        return "The user" if self.role == "user" else "The assistant"


@dataclass(frozen=True, slots=True)
class ExtractionContext:
    owner: Owner
    session_id: str
    items: tuple[DeltaItem, ...]
    last_extraction: datetime | None  # when this session's cursor last moved; None: never
    now: datetime
    # The last items of the previous delta (already distilled): context only,
    # so a problem and its answer split across two deltas still pair up.
    previous: tuple[DeltaItem, ...] = ()


def is_distillable(role: str, content: str, tool_calls: str | None) -> bool:
    """User and assistant messages with content; never tool output or tool calls."""
    if role not in ("user", "assistant"):
        return False
    if tool_calls:
        return False
    return bool(content and content.strip())
