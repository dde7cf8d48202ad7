"""Where the native API's bytes go: every relation (table heap, each index,
TOAST) after a conversation of N messages, per message.

    python benchmarks/storage_bytes.py [--backend sqlite|postgresql|both] [--messages 5000] [--pg DSN]

The same job as ``vs_langgraph.py``'s ledgermind column (two ~200-character
messages per ``add_messages`` call on one session), without the peers, so the
breakdown of a 5,000-message store takes seconds. The total is what
``vs_langgraph.py`` counts (every user table with its indexes and TOAST on
PostgreSQL; the file plus WAL after a checkpoint on SQLite).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from harness import fresh_pg_database, md_table, message_text, pg_server

from ledgermind import MemoryEngine, Owner

OWNER = Owner(app="bench", user_id="u1")
REPLY = message_text(0, "assistant")


def grow(url: str, messages: int) -> int:
    """Appends ``messages`` (two per call) to one session; returns the count stored."""
    eng = MemoryEngine.open(url)
    try:
        me = eng.for_owner(OWNER)
        sid = me.create_session(agent_id="agent")
        for i in range(messages // 2):
            me.add_messages(
                sid, [{"role": "user", "content": message_text(i, "user")}, {"role": "assistant", "content": REPLY}]
            )
        return len(me.restore_agent("agent").messages)
    finally:
        eng.close()


def sqlite_relations(path: str) -> tuple[int, list[tuple[str, str, int]]]:
    conn = sqlite3.connect(path, timeout=60)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = conn.execute(
            "SELECT m.tbl_name, d.name, SUM(d.pgsize) FROM dbstat d JOIN sqlite_master m ON d.name = m.name "
            "GROUP BY d.name ORDER BY 3 DESC"
        ).fetchall()
    finally:
        conn.close()
    total = sum(os.path.getsize(p) for p in (path, path + "-wal", path + "-shm") if os.path.isfile(p))
    return total, [(str(t), "table" if t == n else f"index {n}", int(s)) for t, n, s in rows]


def pg_relations(url: str) -> tuple[int, list[tuple[str, str, int]]]:
    import psycopg

    out: list[tuple[str, str, int]] = []
    with psycopg.connect(url) as conn:
        tables = conn.execute(
            "SELECT relid, relname, pg_relation_size(relid), "
            "pg_total_relation_size(relid) - pg_relation_size(relid) - pg_indexes_size(relid) "
            "FROM pg_stat_user_tables"
        ).fetchall()
        total = 0
        for relid, name, heap, toast in tables:
            out.append((name, "heap", int(heap)))
            if toast:
                out.append((name, "toast + maps", int(toast)))
            for iname, isize in conn.execute(
                "SELECT indexrelid::regclass::text, pg_relation_size(indexrelid) FROM pg_index WHERE indrelid = %s",
                (relid,),
            ).fetchall():
                out.append((name, f"index {iname}", int(isize)))
            total += int(conn.execute("SELECT pg_total_relation_size(%s)", (relid,)).fetchone()[0])
    out.sort(key=lambda r: -r[2])
    return total, out


@contextmanager
def store(kind: str, server: str | None) -> Iterator[str]:
    if kind == "sqlite":
        root = tempfile.mkdtemp(prefix="ledgermind-bytes-")
        try:
            yield os.path.join(root, "ours.db")
        finally:
            shutil.rmtree(root, ignore_errors=True)
        return
    assert server is not None
    with fresh_pg_database(server, "bytes") as url:
        yield url


def report(kind: str, url: str, messages: int) -> str:
    count = grow(url, messages)
    total, rows = sqlite_relations(url) if kind == "sqlite" else pg_relations(url)
    table = md_table(
        f"{kind}: where the bytes go at {count:,} messages",
        ["table", "relation", "bytes", "bytes / message"],
        [[t, r, f"{s:,}", f"{s / count:,.1f}"] for t, r, s in rows if s]
        + [["**all**", "", f"{total:,}", f"**{total / count:,.1f}**"]],
    )
    return table + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    args = parser.parse_args(argv)
    kinds = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    cmd = "python benchmarks/storage_bytes.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})\n")
    with ExitStack() as stack:
        server = stack.enter_context(pg_server(args.pg)) if "postgresql" in kinds else None
        for kind in kinds:
            with store(kind, server) as url:
                print(report(kind, url, args.messages))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
