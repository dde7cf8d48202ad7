"""Several projection workers share the projections: one owner per projection, by lease.

Why: ``ledgermind projections run`` on several machines (for availability)
used to fold every projection in every worker; the position check kept the
rows right (a batch that lost the race rolled back), but every worker did all
the work and most of it was thrown away. Now each projection is leased to
one worker at a time in the read database (``ml_projection_leases``): a worker
folds only the projections it holds, renews them on every cycle, and a dead
worker's leases run out after ``ttl_s``, when the others take them over.

Sharing: each worker also keeps a presence row (``@worker:<holder>``), so
the live workers are known; a worker holds at most its fair share
(``ceil(projections / live workers)``) and hands back what is above it, so
a worker that joins later gets projections without anyone dying.

The clock is the workers' own (injectable, for tests): workers on different
machines need clocks that agree to well within ``ttl_s`` (NTP does).
"""

from __future__ import annotations

import math
import os
import socket
import time
import uuid
from collections.abc import Callable, Sequence

from sqlalchemy import Column, Float, MetaData, String, Table, delete, select, text, update
from sqlalchemy.engine import Engine

from ledgermind.projections import catalog

__all__ = ["LEASE_TTL_S", "Leases"]

LEASE_TTL_S = 10.0
WORKER_PREFIX = "@worker:"

_meta = MetaData()
leases_table = Table(
    "ml_projection_leases",
    _meta,
    Column("name", String(256), primary_key=True),  # a projection's name, or @worker:<holder>
    Column("holder", String(256), nullable=False),
    Column("expires_at", Float, nullable=False),  # seconds since the epoch, the holder's clock
)


class Leases:
    """One worker's view of the lease table."""

    def __init__(
        self,
        db: Engine,
        holder: str | None = None,
        *,
        ttl_s: float = LEASE_TTL_S,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.ttl_s = ttl_s
        self.clock = clock
        self._held: list[str] = []
        self._names: list[str] = []
        self._claimed_at = -math.inf
        with db.begin() as conn:
            catalog.ddl_lock(conn)
            _meta.create_all(conn, checkfirst=True)

    def claim(self, names: Sequence[str]) -> list[str]:
        """Renews this worker's presence and leases, hands back what is above
        its fair share, takes free or expired ones up to it; returns the
        names it holds now (those it may fold until ``ttl_s`` from now).

        At most every third of ``ttl_s``: a worker calls this on every cycle
        (every notification), and one transaction per cycle was a visible
        share of a busy worker's lag; in between it answers from memory."""
        now = self.clock()
        if list(names) == self._names and now - self._claimed_at < self.ttl_s / 3:
            return list(self._held)
        held = self._claim(names, now)
        self._names, self._held, self._claimed_at = list(names), held, now
        return list(held)

    def _claim(self, names: Sequence[str], now: float) -> list[str]:
        until = now + self.ttl_s
        t = leases_table
        with self.db.begin() as conn:
            for name in [WORKER_PREFIX + self.holder, *names]:
                conn.execute(
                    text("INSERT INTO ml_projection_leases (name, holder, expires_at) VALUES (:n, '', 0) "
                         "ON CONFLICT (name) DO NOTHING"), {"n": name})  # fmt: skip
            conn.execute(update(t).where(t.c.name == WORKER_PREFIX + self.holder)
                         .values(holder=self.holder, expires_at=until))  # fmt: skip
            rows = {r.name: r for r in conn.execute(select(t))}
            live = {r.holder for n, r in rows.items() if n.startswith(WORKER_PREFIX) and r.expires_at > now}
            fair = math.ceil(len(names) / max(1, len(live)))
            mine = [n for n in names if rows[n].holder == self.holder]
            keep, extra = mine[:fair], mine[fair:]
            if extra:  # above my share: others may take these now
                conn.execute(update(t).where(t.c.name.in_(extra), t.c.holder == self.holder)
                             .values(holder="", expires_at=0.0))  # fmt: skip
            held = []
            for name in keep:
                renewed = conn.execute(update(t).where(t.c.name == name, t.c.holder == self.holder)
                                       .values(expires_at=until))  # fmt: skip
                if renewed.rowcount == 1:  # not taken over since it expired
                    held.append(name)
            for name in names:
                if len(held) >= fair:
                    break
                if name in held or name in extra:
                    continue
                taken = conn.execute(
                    update(t).where(t.c.name == name, t.c.expires_at <= now).values(holder=self.holder,
                                                                                     expires_at=until))  # fmt: skip
                if taken.rowcount == 1:
                    held.append(name)
            conn.execute(delete(t).where(t.c.name.startswith(WORKER_PREFIX), t.c.expires_at < now - 10 * self.ttl_s))
        return [n for n in names if n in held]

    def release(self) -> None:
        """Hands every lease back at once (a worker that stops cleanly)."""
        self._held, self._claimed_at = [], -math.inf
        t = leases_table
        with self.db.begin() as conn:
            conn.execute(update(t).where(t.c.holder == self.holder).values(holder="", expires_at=0.0))
            conn.execute(delete(t).where(t.c.name == WORKER_PREFIX + self.holder))
