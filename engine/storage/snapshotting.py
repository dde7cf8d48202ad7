"""Loading aggregates and snapshotting them, without the library's extra work.

Two costs of ``eventsourcing`` 9.5.6 sat on ledgermind's hot paths:

- ``project_aggregate`` asserts ``isinstance(event, CanMutateProtocol)`` for
  every event it replays. That is a runtime-checkable Protocol check (~10 us
  in CPython 3.11), a third of loading a session from its snapshot plus up to
  ``snapshot_interval`` events, which restore and every cache miss pay.
  ``project_events`` applies the same mutators without the check; every
  ledgermind event is an ``Aggregate.Event`` and can mutate.
- ``Application.take_snapshot`` re-reads the aggregate from the store (a
  snapshot plus up to ``snapshot_interval`` events, decoded and replayed) to
  snapshot it after a save. The aggregate that was just saved is in memory,
  and its state is exactly what its committed events produce (our aggregates
  change state only in event mutators), so ``take_snapshots`` snapshots that
  object at its current version. A batch that crosses an interval boundary
  more than once is snapshotted once, at its last version: a snapshot at any
  version is valid, and the loader takes the latest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from uuid import UUID

from eventsourcing.application import Application, ProcessingEvent, Repository

__all__ = ["FastRepository", "project_events", "take_snapshots"]


def project_events(aggregate: Any, events: Iterable[Any]) -> Any:
    """``project_aggregate`` without the per-event Protocol assertion."""
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


class FastRepository(Repository[UUID]):
    """A repository whose default projector is ``project_events``."""

    def get(self, aggregate_id: UUID, *, version: int | None = None, projector_func: Any = None, **kwargs: Any) -> Any:
        return super().get(aggregate_id, version=version, projector_func=projector_func or project_events, **kwargs)


def take_snapshots(app: Application[UUID], processing: ProcessingEvent[UUID]) -> None:
    """Snapshots each saved aggregate whose new events reached a multiple of
    its class's interval, from the object in memory (see the module doc)."""
    snapshots = app.snapshots
    if snapshots is None or not app.snapshotting_intervals:
        return
    due: dict[UUID, Any] = {}
    for event in processing.events:
        aggregate = processing.aggregates.get(event.originator_id)
        if aggregate is None:
            continue
        interval = app.snapshotting_intervals.get(type(aggregate))
        if interval is not None and event.originator_version % interval == 0:
            due[aggregate.id] = aggregate
    taken = []
    for aggregate in due.values():
        snapshot_class = getattr(type(aggregate), "Snapshot", type(app).snapshot_class)
        assert snapshot_class is not None, f"{type(aggregate).__name__} has no Snapshot class"
        taken.append(snapshot_class.take(aggregate))
    if taken:
        snapshots.put(taken)
