"""A writer whose cache is ahead of the store reloads instead of leaving a hole.

After a failover with asynchronous replication the promoted standby can lack
the last events the old primary acknowledged, while the writer thread still
holds those aggregates in memory. It used to number the next event from its
cache, storing version n+k over a stream that ended at n: a hole in the
message ``seq`` and a stream that no longer replays. Here the lost tail is
made real by deleting it from the store under a running engine (what the
promoted standby looks like); the next append must land right after what
the store has, the cache must be dropped and reloaded, and a warning said.
PostgreSQL only: the guard is a trigger on its events table (a SQLite file
has no standby to fail over to).
"""

from __future__ import annotations

import logging

import psycopg
import pytest

from ledgermind import MemoryEngine, Owner

OWNER = Owner("stale", "u1")


def _lose_tail(pg_url: str, keep: int) -> str:
    """Cuts the log where the busiest stream passed version ``keep``: every
    event from there on goes, with whatever the same transactions wrote
    beside them (hash-chain links and checkpoints, snapshots), as a failover
    that lost the last WAL would. Returns the stream's id."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        stream, _ = conn.execute(
            "SELECT originator_id, max(originator_version) FROM ledgermind_events "
            "GROUP BY 1 ORDER BY 2 DESC LIMIT 1").fetchone()  # fmt: skip
        (cut,) = conn.execute("SELECT notification_id FROM ledgermind_events WHERE originator_id = %s "
                              "AND originator_version = %s", (stream, keep + 1)).fetchone()  # fmt: skip
        conn.execute("DELETE FROM ledgermind_events WHERE notification_id >= %s", (cut,))
        conn.execute(
            "DELETE FROM ledgermind_snapshots WHERE originator_id = %s AND originator_version > %s", (stream, keep)
        )
        for table in ("ledgermind_events_links", "ledgermind_events_chain_checkpoints"):
            if conn.execute("SELECT to_regclass(%s)", (table,)).fetchone()[0] is not None:
                conn.execute(f"DELETE FROM {table} WHERE position >= %s", (cut,))
    return str(stream)


def _versions(pg_url: str, stream: str) -> list[int]:
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute(
            "SELECT originator_version FROM ledgermind_events WHERE originator_id = %s ORDER BY 1", (stream,)
        ).fetchall()
    return [v for (v,) in rows]


def test_an_append_after_lost_events_follows_the_store_not_the_cache(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with MemoryEngine.open(pg_url) as eng:
        sid = eng.for_owner(OWNER).create_session("agent")
        seqs = [eng.for_owner(OWNER).add_message(sid, "user", f"m{i}") for i in range(1, 7)]
        assert seqs == [1, 2, 3, 4, 5, 6]
        stream = _lose_tail(pg_url, keep=5)  # creation + m1..m4: m5 and m6 were "lost"
        with caplog.at_level(logging.WARNING, logger="ledgermind.write"):
            seq = eng.for_owner(OWNER).add_message(sid, "user", "after the failover")
        assert seq == 5, "numbered from the stale cache, past the store's end"
        assert _versions(pg_url, stream) == [1, 2, 3, 4, 5, 6]
        assert any("behind the writer's cache" in r.getMessage() for r in caplog.records)
        assert eng.for_owner(OWNER).add_message(sid, "user", "and on") == 6
        session = eng.for_owner(OWNER).load_session(sid)  # replays from the store: the stream is whole
        assert session is not None and session.seq == 6
