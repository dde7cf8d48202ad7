"""Rebuild without downtime: version N+1 beside N, then one atomic switch.

1. Register version N+1 (state ``building``) with its parameters (N's, plus
   overrides such as a new embedder) and create its tables.
2. Fold the log into it from position 0 in batches, with a progress bar,
   while the live runner keeps version N current and readers keep reading N.
3. When it is within one batch of the live head, the last stretch, its
   position and the switch (N -> ``retired``, N+1 -> ``active``) commit in ONE
   transaction that first locks N's position, so N+1 is never behind what
   readers already saw in N. Readers resolve the active version per query,
   so the next query reads N+1; the live runner picks N+1 up at its next cycle.
N's tables stay until ``ledgermind projections drop NAME --version N``.
An event version N+1 cannot fold is quarantined for N+1 (``runner.commit_batch``,
``apply_or_quarantine``), as in live running, so one poison event does not
abort a rebuild.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Engine
from tqdm import tqdm

from ledgermind.domain.errors import ProjectionError
from ledgermind.projections import catalog, registry
from ledgermind.projections.runner import (
    DEFAULT_BATCH,
    Projection,
    apply_or_quarantine,
    commit_batch,
    prepare_batch,
    read_step,
)
from ledgermind.storage.follower import Follower

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
        catalog.ddl_lock(conn)
        active = catalog.active_version(conn, name)
        known = catalog.list_versions(conn, name)
        version = max((v.version for v in known), default=0) + 1
        base = active.params if active is not None else kind.default_params
        proj = kind.build(version, kind.params_for(base, params or {}))
        catalog.ensure_version(conn, name, version, proj.params, state="building")
        proj.create(conn)
    reader = Follower(event_log)
    started = time.perf_counter()
    position, events = 0, 0
    with tqdm(
        total=reader.head(), unit="ev", desc=f"rebuild {name} v{version}", disable=not progress, leave=False
    ) as bar:
        while True:  # batches until one batch short of the live head
            head = reader.head()
            bar.total = head
            if head - position <= batch_size:
                break
            envelopes, new = read_step(reader, position, head, batch_size, proj.topics)
            prepare_batch(db, proj, envelopes)
            commit_batch(db, proj, position, new, envelopes)
            events += len(envelopes)
            bar.update(new - position)
            position = new
        # the last stretch's slow work (embedding) before the transaction that locks N's position
        prepare_batch(db, proj, read_step(reader, position, reader.head(), batch_size, proj.topics)[0])
        applied, position = _catch_up_and_switch(db, reader, proj, position, active, batch_size)
        events += applied
        bar.update(max(0, position - bar.n))
    return RebuildReport(
        name=name,
        old_version=None if active is None else active.version,
        new_version=version,
        position=position,
        events=events,
        seconds=time.perf_counter() - started,
    )


def _catch_up_and_switch(
    db: Engine,
    reader: Follower,
    proj: Projection,
    position: int,
    active: catalog.VersionInfo | None,
    batch_size: int,
) -> tuple[int, int]:
    """The last stretch and the switch, in ONE transaction.

    Its first statement locks version N's position row (and, on SQLite, the
    write lock), so the live runner cannot move N past the point N+1 reaches
    here: after the switch, readers see at least what they saw before (a
    ``wait(position)`` that returned for N still holds for N+1)."""
    name = proj.name
    with db.begin() as conn:
        if active is not None:
            catalog.lock_position(conn, name, active.version)
            now_active = catalog.active_version(conn, name)
            if now_active is None or now_active.version != active.version:
                raise ProjectionError(f"{name}: the active version changed during the rebuild")
        head = reader.head()
        applied, new = 0, position
        while new < head:
            envelopes, reached = read_step(reader, new, head, batch_size, proj.topics)
            if envelopes:
                apply_or_quarantine(conn, proj, envelopes)
            applied += len(envelopes)
            new = reached
        if new > position:
            catalog.advance_position(conn, name, proj.version, position, new)
        elif catalog.read_position(conn, name, proj.version) != position:
            raise catalog.PositionConflict(f"{name} v{proj.version} moved during the switch")
        catalog.switch_active(conn, name, proj.version)
    return applied, new
