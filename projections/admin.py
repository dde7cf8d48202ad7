"""Operating projections: status (version, position, lag, rows, quarantined
events), the quarantine (list, retry) and dropping retired versions. Rebuilds
are in ``projections.rebuild``; the runner in ``projections.runner``."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy.engine import Engine

from ledgermind.domain.errors import ProjectionError
from ledgermind.projections import catalog, registry
from ledgermind.projections.catalog import QuarantinedEvent
from ledgermind.projections.runner import RetryReport, retry_quarantined
from ledgermind.storage.follower import Follower

__all__ = ["VersionStatus", "drop_version", "quarantined", "retry", "status"]


@dataclass(frozen=True, slots=True)
class VersionStatus:
    name: str
    version: int
    state: str
    position: int
    head: int
    lag: int
    rows: dict[str, int]
    params: dict[str, Any]
    quarantined: int = 0  # events this version could not fold (``quarantined``)
    quarantined_owners: tuple[str, ...] = ()  # "app/user_id" of each, so an operator can act

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def status(event_log: Any, db: Engine, name: str | None = None) -> list[VersionStatus]:
    """Every registered version (or every version of ``name``)."""
    catalog.create_catalog(db)
    head = Follower(event_log).head()
    out = []
    with db.connect() as conn:
        counts = catalog.quarantine_counts(conn)
        for info in catalog.list_versions(conn, name):
            owners: tuple[str, ...] = ()
            if counts.get((info.name, info.version)):
                owners = tuple(
                    sorted({f"{e.app}/{e.user_id}" for e in catalog.list_quarantined(conn, info.name, info.version)})
                )
            kind = registry.kinds().get(info.name)
            rows: dict[str, int] = {}
            if kind is not None:
                proj = kind.build(info.version, info.params)
                rows = proj.row_counts(conn)  # type: ignore[attr-defined]
            position = catalog.read_position(conn, info.name, info.version)
            out.append(
                VersionStatus(
                    name=info.name,
                    version=info.version,
                    state=info.state,
                    position=position,
                    head=head,
                    lag=max(0, head - position),
                    rows=rows,
                    params=dict(info.params),
                    quarantined=counts.get((info.name, info.version), 0),
                    quarantined_owners=owners,
                )
            )
    return out


def quarantined(db: Engine, name: str | None = None) -> list[QuarantinedEvent]:
    """Every quarantined event (of projection ``name``), in log order."""
    catalog.create_catalog(db)
    with db.connect() as conn:
        return catalog.list_quarantined(conn, name)


def retry(
    event_log: Any, db: Engine, name: str | None = None, positions: Collection[int] | None = None
) -> list[RetryReport]:
    """Folds quarantined events again with the code installed now: all of
    them, or those at ``positions``, of every version that has some (or of
    ``name``'s). Each one that folds leaves the quarantine."""
    catalog.create_catalog(db)
    with db.connect() as conn:
        versions = sorted(
            {
                (e.name, e.version)
                for e in catalog.list_quarantined(conn, name)
                if positions is None or e.position in positions
            }
        )
        infos = {(v.name, v.version): v for v in catalog.list_versions(conn, name)}
    reader = Follower(event_log)
    reports = []
    for key in versions:
        info = infos.get(key)
        if info is None:  # pragma: no cover - a version's quarantine goes with the version
            continue
        proj = registry.lookup(info.name).build(info.version, info.params)
        reports.append(retry_quarantined(db, reader, proj, positions))
    return reports


def drop_version(db: Engine, name: str, version: int) -> None:
    """Drops a retired (or abandoned ``building``) version's tables and records."""
    kind = registry.lookup(name)
    with db.begin() as conn:
        catalog.ddl_lock(conn)
        found = [v for v in catalog.list_versions(conn, name) if v.version == version]
        if not found:
            raise ProjectionError(f"projection {name} has no version {version}")
        if found[0].state == "active":
            raise ProjectionError(f"{name} v{version} is active: rebuild first, then drop the retired version")
        kind.build(version, found[0].params).drop(conn)
        catalog.delete_version(conn, name, version)
