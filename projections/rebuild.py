"""Rebuild without downtime: version N+1 beside N, then one atomic switch.

1. Register version N+1 (state ``building``) with its parameters (N's, plus
   overrides such as a new embedder) and create its tables.
2. Fold the log into it from position 0 in batches, with a progress bar,
   while the live runner keeps version N current and readers keep reading N.
3. When it is within one batch of the live head, the last batch, its
   position and the switch (N -> ``retired``, N+1 -> ``active``) commit in ONE
   transaction. Readers resolve the active version per query, so the next
   query reads N+1; the live runner picks N+1 up at its next cycle.
N's tables stay until ``memledger projections drop NAME --version N``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Connection, Engine
from tqdm import tqdm

from engine.errors import ProjectionError
from projections import catalog, registry
from projections.runner import DEFAULT_BATCH, LogReader, Projection, commit_batch, read_step

__all__ = ["RebuildReport", "rebuild"]


@dataclass(frozen=True, slots=True)
class RebuildReport:
    name: str
    old_version: int | None
    new_version: int
    position: int
    events: int
    seconds: float

    @property
    def events_per_second(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else 0.0


def rebuild(
    event_log: Any,
    db: Engine,
    name: str,
    *,
    params: Mapping[str, Any] | None = None,
    batch_size: int = DEFAULT_BATCH,
    progress: bool = True,
) -> RebuildReport:
    kind = registry.lookup(name)
    catalog.create_catalog(db)
    with db.begin() as conn:
        active = catalog.active_version(conn, name)
        known = catalog.list_versions(conn, name)
        version = max((v.version for v in known), default=0) + 1
        base = dict(active.params) if active is not None else dict(kind.default_params)
        proj = kind.build(version, {**base, **dict(params or {})})
        catalog.ensure_version(conn, name, version, proj.params, state="building")
        proj.create(conn)
    reader = LogReader(event_log)
    started = time.perf_counter()
    position, events = 0, 0
    with tqdm(total=reader.head(), unit="ev", desc=f"rebuild {name} v{version}",
              disable=not progress, leave=False) as bar:
        while True:
            head = reader.head()
            bar.total = head
            envelopes, new = read_step(reader, position, head, batch_size, proj.topics)
            last = new >= head  # this batch reaches the live head: switch with it
            then = _switch(name, version, active) if last else None
            if new > position:
                commit_batch(db, proj, position, new, envelopes, then=then)
            elif then is not None:
                _switch_at(db, proj, position, then)
            events += len(envelopes)
            bar.update(new - position)
            position = new
            if last:
                break
    return RebuildReport(
        name=name,
        old_version=None if active is None else active.version,
        new_version=version,
        position=position,
        events=events,
        seconds=time.perf_counter() - started,
    )


def _switch(name: str, version: int, expected: catalog.VersionInfo | None) -> Any:
    def run(conn: Connection) -> None:
        now_active = catalog.active_version(conn, name)
        if (now_active and now_active.version) != (expected and expected.version):
            raise ProjectionError(
                f"{name}: the active version changed during the rebuild; rebuild again"
            )
        catalog.switch_active(conn, name, version)

    return run


def _switch_at(db: Engine, proj: Projection, position: int, then: Any) -> None:
    with db.begin() as conn:
        if catalog.read_position(conn, proj.name, proj.version) != position:
            raise catalog.PositionConflict(f"{proj.name} v{proj.version} moved during the switch")
        then(conn)
