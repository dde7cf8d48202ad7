"""Agent leases: each agent's current incarnation, last heartbeat and status.

Why a table and not events: a heartbeat is a fact worth keeping for seconds,
not forever. An agent beating every second would add 86,400 events a day to
a log that is replayed, sealed, projected and audited; here it rewrites one
row. What deserves the log (a new incarnation, a crash, a stop) is recorded
there as events by the write path; this table is the supervisor's and the
``agents`` listing's fast view, never the authority on fencing (that is the
event streams, checked in the writes' own transactions).

Why an upsert guarded by the incarnation: a heartbeat from an older
incarnation must not overwrite a newer one's lease (a zombie that still
beats would look alive). The one statement ``INSERT ... ON CONFLICT DO
UPDATE ... WHERE incarnation <= new`` changes no row for a stale beat, and
the caller gets ``StaleIncarnation``; both dialects speak it (SQLAlchemy
Core, like the key store). The table is created on first use, in the store's
own database, on the first write (a read of a store that never had one finds
no leases and creates nothing), and it is scoped by owner (``app``, ``user_id``), so erasing an
owner purges their rows with the read models.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, case, inspect, select, update
from sqlalchemy.exc import DBAPIError

from ledgermind.domain.errors import StaleIncarnation
from ledgermind.domain.owner import Owner
from ledgermind.storage.backend import Backend
from ledgermind.storage.dialects import dialect_of
from ledgermind.storage.driver_errors import driver_errors, is_schema_race, translate
from ledgermind.storage.keystore import sql_engine

__all__ = ["LEASE_TABLE", "Lease", "LeaseTable"]

LEASE_TABLE = "ledgermind_agent_leases"

_metadata = MetaData()
_leases = Table(
    LEASE_TABLE,
    _metadata,
    Column("app", String(256), primary_key=True),
    Column("user_id", String(256), primary_key=True),
    Column("agent_id", String(256), primary_key=True),
    Column("incarnation", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # running / crashed / stopped
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("last_heartbeat", DateTime(timezone=True), nullable=True),
    Column("detail", String(512), nullable=True),  # how it ended: exit code, signal, silence
)

Ended = Literal["crashed", "stopped"]


@dataclass(frozen=True, slots=True)
class Lease:
    app: str
    user_id: str
    agent_id: str
    incarnation: int
    status: str  # as recorded: running / crashed / stopped
    started_at: datetime
    last_heartbeat: datetime | None
    detail: str | None

    def status_at(self, now: datetime, silent_after: float) -> str:
        """The recorded status, with ``running`` shown as ``silent`` when no
        heartbeat (or start) came within ``silent_after`` seconds of ``now``."""
        if self.status != "running":
            return self.status
        seen = self.last_heartbeat or self.started_at
        return "silent" if (now - seen).total_seconds() > silent_after else "running"

    def as_dict(self, now: datetime, silent_after: float) -> dict[str, Any]:
        return {
            "agent_id": self.agent_id,
            "incarnation": self.incarnation,
            "status": self.status_at(now, silent_after),
            "started_at": self.started_at.isoformat(),
            "last_heartbeat": None if self.last_heartbeat is None else self.last_heartbeat.isoformat(),
            "detail": self.detail,
        }


class LeaseTable:
    """The lease rows of one store's database."""

    def __init__(self, backend: Backend) -> None:
        self._kind = backend.kind
        self._db = sql_engine(backend)
        self._exists = False

    def claim(self, owner: Owner, agent_id: str, incarnation: int, now: datetime) -> None:
        """Marks ``incarnation`` running from ``now`` (no heartbeat yet),
        unless a newer incarnation already holds the lease."""
        self._upsert(owner, agent_id, incarnation, now, beat=False)

    def beat(self, owner: Owner, agent_id: str, incarnation: int, now: datetime) -> None:
        """Records a heartbeat of ``incarnation``; raises ``StaleIncarnation``
        (and changes nothing) when a newer incarnation holds the lease."""
        if self._upsert(owner, agent_id, incarnation, now, beat=True):
            return
        current = self.get(owner, agent_id)
        held = current.incarnation if current is not None else incarnation
        raise StaleIncarnation(
            f"incarnation {incarnation} of agent {agent_id!r} was replaced by incarnation {held}; "
            "its heartbeat was refused",
            incarnation,
            held,
        )

    def end(self, owner: Owner, agent_id: str, incarnation: int, status: Ended, detail: str) -> None:
        """Records how ``incarnation`` ended; a newer incarnation's lease is left alone."""
        self._create_table()
        with driver_errors("the lease table could not be written"), self._db.begin() as conn:
            conn.execute(
                update(_leases)
                .where(*self._key(owner, agent_id), _leases.c.incarnation == incarnation)
                .values(status=status, detail=detail[:512])
            )

    def get(self, owner: Owner, agent_id: str) -> Lease | None:
        if not self._present():
            return None
        with driver_errors("the lease table could not be read"), self._db.connect() as conn:
            row = conn.execute(select(_leases).where(*self._key(owner, agent_id))).one_or_none()
        return None if row is None else _lease(row)

    def list(self, owner: Owner) -> list[Lease]:
        """The owner's leases, by agent id."""
        query = (
            select(_leases)
            .where(_leases.c.app == owner.app, _leases.c.user_id == owner.user_id)
            .order_by(_leases.c.agent_id)
        )
        if not self._present():
            return []
        with driver_errors("the lease table could not be read"), self._db.connect() as conn:
            return [_lease(r) for r in conn.execute(query)]

    def close(self) -> None:
        self._db.dispose()

    def _upsert(self, owner: Owner, agent_id: str, incarnation: int, now: datetime, *, beat: bool) -> bool:
        self._create_table()
        insert = dialect_of(self._kind).insert(_leases)
        values = {
            "app": owner.app, "user_id": owner.user_id, "agent_id": agent_id, "incarnation": incarnation,
            "status": "running", "started_at": now, "last_heartbeat": now if beat else None, "detail": None,
        }  # fmt: skip
        if beat:
            # A beat of the lease's own incarnation keeps its start time; one
            # of a newer incarnation (beating before its claim landed) takes over.
            changes: dict[str, Any] = {
                "last_heartbeat": now, "status": "running", "incarnation": incarnation,
                "started_at": case((_leases.c.incarnation == incarnation, _leases.c.started_at), else_=now),
            }  # fmt: skip
        else:
            changes = {k: values[k] for k in ("incarnation", "status", "started_at", "last_heartbeat", "detail")}
        stmt = (
            insert.values(**values)
            .on_conflict_do_update(
                index_elements=["app", "user_id", "agent_id"], set_=changes, where=_leases.c.incarnation <= incarnation
            )
            .returning(_leases.c.incarnation)
        )  # a row back: inserted or updated (rowcount is not portable here)
        with driver_errors("the lease table could not be written"), self._db.begin() as conn:
            return conn.execute(stmt).first() is not None

    @staticmethod
    def _key(owner: Owner, agent_id: str) -> tuple[Any, ...]:
        return (_leases.c.app == owner.app, _leases.c.user_id == owner.user_id, _leases.c.agent_id == agent_id)

    def _present(self) -> bool:
        """Whether the table exists (remembered once seen; not while absent,
        since another process may create it)."""
        if not self._exists:
            with driver_errors("the lease table could not be read"):
                self._exists = inspect(self._db).has_table(LEASE_TABLE)
        return self._exists

    def _create_table(self) -> None:
        if self._exists:
            return
        try:
            _metadata.create_all(self._db, checkfirst=True)
        except DBAPIError as e:
            if not is_schema_race(e):
                raise translate(e, "cannot create the lease table") or e from None
            with driver_errors("cannot create the lease table"):  # a racing process created it
                _metadata.create_all(self._db, checkfirst=True)
        self._exists = True


def _lease(row: Any) -> Lease:
    return Lease(
        app=row.app,
        user_id=row.user_id,
        agent_id=row.agent_id,
        incarnation=int(row.incarnation),
        status=row.status,
        started_at=_aware(row.started_at),
        last_heartbeat=None if row.last_heartbeat is None else _aware(row.last_heartbeat),
        detail=row.detail,
    )


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
