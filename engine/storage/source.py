"""``EventSource``: what a reader of raw streams needs, as a structural type.

Why a protocol: recovery and audits of one stream read the event store
directly, below the API facade. They accept anything that has the open event
log and the engine's configuration (the facade ``MemoryEngine`` and the
``WritePort`` both do), so ``restore_agent(eng, ...)`` keeps working without
the layers below the facade importing it.
"""

from __future__ import annotations

from typing import Protocol
from uuid import UUID

from eventsourcing.domain import DomainEventProtocol

from ledgermind.domain.config import EngineConfig
from ledgermind.storage.store import EventLog, translate_errors

__all__ = ["EventSource", "stream_events"]


class EventSource(Protocol):
    @property
    def log(self) -> EventLog: ...

    @property
    def config(self) -> EngineConfig: ...


def stream_events(
    log: EventLog,
    stream_id: UUID,
    *,
    gt: int | None = None,
    lte: int | None = None,
    desc: bool = False,
    limit: int | None = None,
) -> list[DomainEventProtocol[UUID]]:
    """One stream's decoded events (unscoped: callers check the owner)."""
    with translate_errors():
        return list(log.events.get(stream_id, gt=gt, lte=lte, desc=desc, limit=limit))
