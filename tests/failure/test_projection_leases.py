"""Several projection workers share the projections by lease; a dead one's are taken over.

Two real runners (what two ``ledgermind projections run`` workers are) follow
one log into one read database, each with its own lease holder and an
injected clock (no sleeping: the test moves time past a lease). Alone, the
first takes every projection; once the second is alive they split them,
each projection held by exactly one; when the first stops renewing (it
died), the second takes its projections over once their leases run out and
brings them to the head. On every backend.
"""

from __future__ import annotations

from sqlalchemy import select

from ledgermind import MemoryEngine, Owner
from ledgermind.projections import registry
from ledgermind.projections.db import open_read_db
from ledgermind.projections.leases import Leases, leases_table
from ledgermind.projections.runner import Runner

OWNER = Owner("leases", "u1")


def _holders(runner: Runner) -> dict[str, str]:
    with runner.db.connect() as conn:
        rows = conn.execute(select(leases_table.c.name, leases_table.c.holder)).all()
    return {name: holder for name, holder in rows if name in runner.factories}


def test_workers_share_the_projections_and_take_over_a_dead_ones(eng: MemoryEngine) -> None:
    now = [1_000.0]
    db = open_read_db(eng.read_backend.sqlalchemy_url)
    kinds = registry.kinds(None)
    # a worker renews at most every ttl/3 (10 s here): each step below is 11 s later
    a = Runner(eng.log, db, kinds, leases=Leases(db, "A", ttl_s=30, clock=lambda: now[0]))
    b = Runner(eng.log, db, kinds, leases=Leases(db, "B", ttl_s=30, clock=lambda: now[0]))
    try:
        sid = eng.for_owner(OWNER).create_session("agent")
        for i in range(5):
            eng.for_owner(OWNER).add_message(sid, "user", f"message {i}")
        a.catch_up()  # alone: A holds and folds every projection
        assert set(_holders(a).values()) == {"A"} and len(_holders(a)) == len(kinds)
        assert all(p >= eng.position for p in a.positions().values())

        now[0] += 11
        b.catch_up()  # B is alive now, but nothing is free yet
        assert set(_holders(b).values()) == {"A"}
        now[0] += 11
        a.catch_up()  # A sees two workers: keeps its share, hands back the rest
        now[0] += 11
        b.catch_up()  # and B takes those
        shares = list(_holders(a).values())
        assert sorted(set(shares)) == ["A", "B"] and len(shares) == len(kinds)
        assert abs(shares.count("A") - shares.count("B")) <= 1

        for i in range(5, 10):
            eng.for_owner(OWNER).add_message(sid, "user", f"message {i}")
        now[0] += 11
        b.catch_up()  # A's leases (renewed 22 s ago) are still valid: B folds only its own
        assert set(_holders(b).values()) == {"A", "B"}
        now[0] += 11  # A died: it renewed nothing for longer than its lease
        b.catch_up()
        assert set(_holders(b).values()) == {"B"}
        assert all(p >= eng.position for p in b.positions().values()), b.positions()
    finally:
        db.dispose()
