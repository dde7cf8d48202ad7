"""Operating projections: status (version, position, lag, rows) and dropping
retired versions. Rebuilds are in ``projections.rebuild``; the runner in
``projections.runner``."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy.engine import Engine

from memledger.domain.errors import ProjectionError
from memledger.projections import catalog, registry
from memledger.storage.follower import Follower

__all__ = ["VersionStatus", "drop_version", "status"]


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

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def status(event_log: Any, db: Engine, name: str | None = None) -> list[VersionStatus]:
    """Every registered version (or every version of ``name``)."""
    catalog.create_catalog(db)
    head = Follower(event_log).head()
    out = []
    with db.connect() as conn:
        for info in catalog.list_versions(conn, name):
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
                )
            )
    return out


def drop_version(db: Engine, name: str, version: int) -> None:
    """Drops a retired (or abandoned ``building``) version's tables and records."""
    kind = registry.lookup(name)
    with db.begin() as conn:
        catalog.ddl_lock(conn)
        found = [v for v in catalog.list_versions(conn, name) if v.version == version]
        if not found:
            raise ProjectionError(f"projection {name} has no version {version}")
        if found[0].state == "active":
            raise ProjectionError(
                f"{name} v{version} is active: rebuild first, then drop the retired version"
            )
        kind.build(version, found[0].params).drop(conn)
        catalog.delete_version(conn, name, version)
