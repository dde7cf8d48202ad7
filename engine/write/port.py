"""The write path's one public door: submit a command, read a stream, scoped loads.

Why a port: the distiller, the explicit-memory calls, erasure and recovery
all need to write or read streams, and before this they reached into the
API facade (``eng._submit``, ``eng.log``), which made the facade a dependency
of the layers below it and closed import cycles. Everything below the facade
now takes a ``WritePort``; the facade owns one and adds nothing but the
public method names. The port also keeps the position of the last commit it
made, the value ``wait(position)`` needs for read-your-writes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, DomainEventProtocol
from eventsourcing.persistence import Tracking

from memledger.domain.config import EngineConfig, Limits
from memledger.domain.owner import Owner
from memledger.storage.source import stream_events
from memledger.storage.store import EventLog, translate_errors
from memledger.write.beliefs import BeliefChange, apply_changes
from memledger.write.isolation import scoped
from memledger.write.writer import UnitOfWork, Writer

__all__ = ["Command", "WritePort"]

R = TypeVar("R")
A = TypeVar("A", bound=Aggregate)
Command = Callable[[UnitOfWork], R]


class WritePort:
    """The writer thread and the event log of one engine, behind public methods."""

    def __init__(self, log: EventLog, config: EngineConfig) -> None:
        self.log = log
        self.config = config
        self._writer = Writer(
            log, config.cache_size, config.max_retries, config.group_commit_max, config.cache_bytes
        )
        self._position = 0

    @property
    def limits(self) -> Limits:
        return self.config.limits

    @property
    def position(self) -> int:
        """The notification id of the last commit made through this port."""
        return self._position

    def submit(self, command: Command[R], *, tracked: bool = False) -> R:
        """Runs ``command`` on the writer thread and commits what it touched;
        returns its result once durable. ``tracked``: the command set
        ``unit.tracking`` (a follower's cursor moves in the same transaction).

        Bounded by ``config.commit_timeout_s``: a stalled server gives the
        caller ``StoreUnavailable`` within it, and the writer carries on once
        the server answers again (``Writer.submit``)."""
        result, position = self._writer.submit(command, tracked=tracked, timeout=self.config.commit_timeout_s)
        if position > self._position:
            self._position = position
        return result

    def apply_memory_changes(
        self,
        owner: Owner,
        changes: Sequence[BeliefChange],
        *,
        tracking: tuple[str, int] | None = None,
    ) -> list[str]:
        """Belief changes as memory events in one transaction; with
        ``tracking=(follower, position)`` that follower's cursor moves in the
        same transaction (exactly-once distillation). Returns the belief ids."""
        batch = list(changes)

        def command(unit: UnitOfWork) -> list[str]:
            if tracking is not None:
                unit.tracking = Tracking(application_name=tracking[0], notification_id=tracking[1])
            return apply_changes(unit, owner, batch)

        return self.submit(command, tracked=tracking is not None)

    def load(self, aggregate_id: UUID, cls: type[A], owner: Owner) -> A | None:
        """The aggregate as ``owner`` sees it, straight from the store: None
        when missing, of another class, or another owner's (no oracle)."""

        def load() -> A | None:
            try:
                with translate_errors():
                    agg: Aggregate = self.log.repository.get(aggregate_id)
            except AggregateNotFoundError:
                return None
            return agg if isinstance(agg, cls) else None

        return scoped(load, owner)

    def stream_events(
        self,
        stream_id: UUID,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> list[DomainEventProtocol[UUID]]:
        """One stream's decoded events (unscoped: callers check the owner)."""
        return stream_events(self.log, stream_id, gt=gt, lte=lte, desc=desc, limit=limit)

    def evict_owner(self, owner: Owner) -> None:
        """Forgets an erased owner's cached aggregates (they hold checkpoints)."""
        self._writer.evict_owner(owner)

    def close(self) -> None:
        self._writer.close()
