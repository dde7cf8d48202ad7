"""Where ``LedgermindSaver``'s bytes go: per event type and per field, and per
relation (table heap, each index, TOAST), after LangGraph turns on one thread.

    python benchmarks/saver_bytes.py [--backend sqlite|postgresql|both] [--messages 5000] [--pg DSN]

The saver column of ``vs_langgraph.py`` alone (its graph, turns and texts:
one user message with an id in, one fixed assistant reply out, per turn,
``durability="sync"``), without the peers, so a 5,000-message breakdown takes
a minute instead of most of an hour. The total is what ``vs_langgraph.py``
counts. Per event type: rows, stored bytes of the state column (packed and
sealed, as written), and for the thread's events the length of each field's
JSON before packing, to see what a turn repeats.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from contextlib import nullcontext
from typing import Any

from eventsourcing.persistence import StoredEvent
from harness import md_table, pg_server
from storage_bytes import pg_relations, sqlite_relations, store
from vs_langgraph import SaverSide

from ledgermind import MemoryEngine

_TABLES = {"sqlite": ("stored_events", "stored_snapshots"), "postgresql": ("ledgermind_events", "ledgermind_snapshots")}
_THREAD_FIELDS = ("checkpoint", "metadata", "blobs", "messages", "writes")


def grow(kind: str, url: str, messages: int) -> int:
    side = SaverSide(kind, url)
    try:
        turns = messages // 2
        for i in range(turns):
            side.turn(i)
        return side.restore()
    finally:
        side.close()


def rows(kind: str, url: str, table: str) -> list[tuple[Any, ...]]:
    """(originator_id, version, topic, state) of every row of ``table``."""
    sql = f"SELECT originator_id, originator_version, topic, state FROM {table}"
    if kind == "sqlite":
        import sqlite3

        conn = sqlite3.connect(url, timeout=60)
        try:
            return [tuple(r) for r in conn.execute(sql).fetchall()]
        finally:
            conn.close()
    import psycopg

    with psycopg.connect(url) as conn:
        return [tuple(r) for r in conn.execute(sql).fetchall()]


def by_topic(kind: str, url: str, count: int) -> str:
    """Rows and stored state bytes per topic, events and snapshots, and the
    thread's fields as JSON text."""
    eng = MemoryEngine.open(url)
    try:
        mapper = eng.log.mapper
        out = []
        fields: dict[tuple[str, str], int] = defaultdict(int)
        for table in _TABLES[kind]:
            seen: dict[str, list[int]] = defaultdict(lambda: [0, 0])
            for oid, version, topic, state in rows(kind, url, table):
                entry = seen[topic]
                entry[0] += 1
                entry[1] += len(state)
                if table == _TABLES[kind][0] and topic.startswith("checkpoint."):
                    from uuid import UUID

                    event = mapper.to_domain_event(StoredEvent(UUID(str(oid)), version, topic, bytes(state)))
                    for name in _THREAD_FIELDS:
                        value = getattr(event, name, None)
                        if isinstance(value, str):
                            fields[(topic, name)] += len(value.encode())
            for topic, (n, size) in sorted(seen.items(), key=lambda kv: -kv[1][1]):
                out.append([table, topic, f"{n:,}", f"{n / (count / 2):.2f}", f"{size:,}", f"{size / count:,.1f}"])
        table = md_table(
            f"{kind}: stored state bytes per event type at {count:,} messages",
            ["table", "topic", "rows", "rows / turn", "state bytes", "bytes / message"],
            out,
        )
        field_rows = [[t, f, f"{s:,}", f"{s / (count / 2):,.1f}"] for (t, f), s in sorted(fields.items())]
        table += "\n\n" + md_table(
            f"{kind}: the thread's fields as JSON text (before packing and sealing)",
            ["topic", "field", "bytes", "bytes / turn"],
            field_rows,
        )
        return table
    finally:
        eng.close()


def report(kind: str, url: str, messages: int) -> str:
    count = grow(kind, url, messages)
    total, relations = sqlite_relations(url) if kind == "sqlite" else pg_relations(url)
    table = md_table(
        f"{kind}: where LedgermindSaver's bytes go at {count:,} messages",
        ["table", "relation", "bytes", "bytes / message"],
        [[t, r, f"{s:,}", f"{s / count:,.1f}"] for t, r, s in relations if s]
        + [["**all**", "", f"{total:,}", f"**{total / count:,.1f}**"]],
    )
    return table + "\n\n" + by_topic(kind, url, count) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="postgresql")
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    args = parser.parse_args(argv)
    kinds = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    cmd = "python benchmarks/saver_bytes.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})\n")
    with pg_server(args.pg) if "postgresql" in kinds else nullcontext() as server:
        for kind in kinds:
            with store(kind, server) as url:
                print(report(kind, url, args.messages))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
