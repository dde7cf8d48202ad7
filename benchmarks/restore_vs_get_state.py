"""``restore_agent`` against LangGraph's ``get_state`` at the same conversation length.

    pip install -e ".[bench]"
    python benchmarks/restore_vs_get_state.py [--backend sqlite|postgresql|both] [--sizes 1000,5000] [--pg DSN]

Why apart from ``vs_langgraph.py``: there, the peer reaches 5,000 messages one
turn at a time, which re-stores the whole list at every checkpoint (about 1 GB
and most of an hour on this machine), so its restore row is measured rarely
and in a long, noisy run. What ``get_state`` costs depends only on the
thread's last checkpoint: it reads that checkpoint and the blob of its
message channel (the whole list, one ``msgpack`` value) and deserialises
every message. So here the peer's thread gets its N messages in one
``invoke`` of the same one-node graph as ``vs_langgraph.py``
(``PostgresSaver`` / ``SqliteSaver``), its last checkpoint holding the same
list a turn-by-turn thread would; ours, the same texts through
``add_messages`` on one session. The two restores are then timed
alternately in the same run (median [min-max] of ``REPS``), each side on its
own database of the same server (or SQLite files in the same folder).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from harness import DRIFT_NOTE, Stats, fresh_pg_database, md_table, message_text, pg_server
from vs_langgraph import build_graph

from ledgermind import MemoryEngine, Owner

OWNER = Owner(app="bench", user_id="u1")
REPS = 9
BATCH = 500  # messages per add_messages call while filling ours


@contextmanager
def places(kind: str, pg_dsn: str | None) -> Iterator[tuple[str, str]]:
    """Two stores of one backend: ours and the peer's."""
    if kind == "sqlite":
        root = tempfile.mkdtemp(prefix="ledgermind-bench-")
        try:
            yield os.path.join(root, "ours.db"), os.path.join(root, "peer.db")
        finally:
            shutil.rmtree(root, ignore_errors=True)
        return
    with (
        pg_server(pg_dsn) as server,
        fresh_pg_database(server, "ours") as ours,
        fresh_pg_database(server, "peer") as peer,
    ):
        yield ours, peer


def peer_restore(stack: ExitStack, kind: str, url: str, size: int) -> Callable[[], int]:
    if kind == "postgresql":
        from langgraph.checkpoint.postgres import PostgresSaver

        saver: Any = stack.enter_context(PostgresSaver.from_conn_string(url))
    else:
        from langgraph.checkpoint.sqlite import SqliteSaver

        conn = sqlite3.connect(url, check_same_thread=False, timeout=60)
        stack.callback(conn.close)
        saver = SqliteSaver(conn)
    saver.setup()
    graph = build_graph(saver)
    config = {"configurable": {"thread_id": f"conversation-{size}"}}
    said = [{"role": "user", "content": message_text(i, "user")} for i in range(size - 1)]
    graph.invoke({"messages": said}, config, durability="sync")  # + the node's reply: size messages

    def restore() -> int:
        return len(graph.get_state(config).values["messages"])

    return restore


def our_restore(eng: MemoryEngine, size: int) -> Callable[[], int]:
    agent = f"agent-{size}"
    mem = eng.for_owner(OWNER)
    sid = mem.create_session(agent_id=agent)
    for start in range(0, size, BATCH):
        mem.add_messages(
            sid, [{"role": "user", "content": message_text(i, "user")} for i in range(start, min(size, start + BATCH))]
        )
    return lambda: len(mem.restore_agent(agent).messages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--sizes", default="1000,5000", help="conversation lengths in messages")
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    for kind in ("sqlite", "postgresql") if args.backend == "both" else (args.backend,):
        with places(kind, args.pg) as (ours_url, peer_url), ExitStack() as stack:
            eng = stack.enter_context(MemoryEngine.open(ours_url))
            for size in sizes:
                sides = {"ours": our_restore(eng, size), "peer": peer_restore(stack, kind, peer_url, size)}
                stats = {name: Stats() for name in sides}
                for name, fn in sides.items():  # warm-up, excluded
                    assert fn() == size, name
                for _ in range(REPS):
                    for name, fn in sides.items():
                        start = time.perf_counter()
                        fn()
                        stats[name].add(time.perf_counter() - start)
                ratio = stats["ours"].median / stats["peer"].median
                rows.append([kind, f"{size:,}", stats["ours"].fmt(1e3, 1), stats["peer"].fmt(1e3, 1), f"{ratio:.2f}x"])
                print(f"{kind} {size}: {rows[-1][2]} vs {rows[-1][3]} = {rows[-1][4]}", file=sys.stderr)
    cmd = "python benchmarks/restore_vs_get_state.py " + " ".join(sys.argv[1:])
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{os.cpu_count()} cores, load average {load} at the end)\n"
    )
    print(
        md_table(
            f"restore_agent vs LangGraph get_state (ms, median [min-max] of {REPS}, alternated)",
            ["backend", "messages", "restore_agent", "get_state", "ours / LangGraph"],
            rows,
        )
    )
    print(DRIFT_NOTE)


if __name__ == "__main__":
    main()
