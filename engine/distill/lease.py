"""One distiller at a time per follower name: a lease row in the store's own database.

Why: the service distils in process by default, so two service processes
(or a service and a ``ledgermind distill run`` worker) on one database are
two distillers on the same follower. The commit is exactly once without a
lease (each window's commit is a compare-and-set on the session's cursor),
but both would read and extract every delta, and the loser's work (an LLM
call, with an LLM extractor) is thrown away. With the lease only the holder
distils; the others wait, and take over within ``ttl_s`` when the holder
stops (``release``) or dies (its lease runs out).

Like the projection workers' leases (``ledgermind.projections.leases``), the
clock is the holders' own: machines need clocks that agree to well within
``ttl_s``. A holder that loses its lease mid-pass (a pause longer than
``ttl_s``) stops before its next window; whatever it was committing still
goes through the cursor's compare-and-set, so nothing is written twice.
No library offers a database lease over both SQLite and PostgreSQL in a few
statements; this is one table and two of them.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections.abc import Callable

from sqlalchemy import Column, Float, MetaData, String, Table, select, text, update
from sqlalchemy.exc import DBAPIError

from ledgermind.storage.backend import Backend
from ledgermind.storage.driver_errors import driver_errors, is_schema_race, translate
from ledgermind.storage.keystore import sql_engine

__all__ = ["DISTILL_LEASE_TABLE", "DISTILL_LEASE_TTL_S", "DistillLease"]

DISTILL_LEASE_TABLE = "ledgermind_distill_leases"
DISTILL_LEASE_TTL_S = 10.0

_metadata = MetaData()
_leases = Table(
    DISTILL_LEASE_TABLE,
    _metadata,
    Column("follower", String(256), primary_key=True),
    Column("holder", String(256), nullable=False),
    Column("expires_at", Float, nullable=False),  # seconds since the epoch, on the holder's clock
)


class DistillLease:
    """One process's claim on a follower's lease."""

    def __init__(
        self,
        backend: Backend,
        follower: str,
        *,
        holder: str | None = None,
        ttl_s: float = DISTILL_LEASE_TTL_S,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.follower = follower
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.ttl_s = ttl_s
        self.clock = clock
        self._db = sql_engine(backend)
        self._renewed_at = -float("inf")
        self._create_table()

    def held(self) -> bool:
        """Takes the lease if it is free or expired, renews it if this holder
        has it; True while this holder may distil. Renewed at most every
        third of ``ttl_s`` (a distiller asks before every window)."""
        now = self.clock()
        if now - self._renewed_at < self.ttl_s / 3:
            return True
        with driver_errors("the distiller's lease could not be taken"), self._db.begin() as conn:
            conn.execute(
                text(
                    f"INSERT INTO {DISTILL_LEASE_TABLE} (follower, holder, expires_at) "
                    "VALUES (:f, '', 0) ON CONFLICT (follower) DO NOTHING"
                ),
                {"f": self.follower},
            )
            taken = conn.execute(
                update(_leases)
                .where(_leases.c.follower == self.follower,
                       (_leases.c.holder == self.holder) | (_leases.c.expires_at <= now))
                .values(holder=self.holder, expires_at=now + self.ttl_s)
            ).rowcount == 1  # fmt: skip
        self._renewed_at = now if taken else -float("inf")
        return taken

    def holder_now(self) -> str | None:
        """Who holds the lease now (None: nobody, or it ran out)."""
        with driver_errors("the distiller's lease could not be read"), self._db.connect() as conn:
            row = conn.execute(select(_leases).where(_leases.c.follower == self.follower)).one_or_none()
        return row.holder if row is not None and row.holder and row.expires_at > self.clock() else None

    def release(self) -> None:
        """Hands the lease back at once (a distiller that stops cleanly), so
        another takes over on its next poll instead of after ``ttl_s``."""
        self._renewed_at = -float("inf")
        with driver_errors("the distiller's lease could not be released"), self._db.begin() as conn:
            conn.execute(update(_leases).where(_leases.c.follower == self.follower, _leases.c.holder == self.holder)
                         .values(holder="", expires_at=0.0))  # fmt: skip

    def close(self) -> None:
        self._db.dispose()

    def _create_table(self) -> None:
        try:
            _metadata.create_all(self._db, checkfirst=True)
        except DBAPIError as e:
            if not is_schema_race(e):
                raise translate(e, "cannot create the distiller's lease table") or e from None
            with driver_errors("cannot create the distiller's lease table"):  # a racing process made it
                _metadata.create_all(self._db, checkfirst=True)
