"""ledgermind against LangGraph checkpointers on the same conversation job.

    pip install -e ".[bench]"
    python benchmarks/vs_langgraph.py [--backend sqlite|postgresql|both] [--sizes 100,1000[,5000]] [--pg DSN]

Three columns: ledgermind's own API, the peer, and the peer's graph with
``LedgermindSaver`` in place of its checkpointer (the one-line swap). The peer is
what agent builders persist conversations with today: a minimal
``StateGraph`` with ``messages: Annotated[list, add_messages]`` and one node
that appends a fixed assistant reply (no model call), compiled with
``PostgresSaver`` / ``SqliteSaver`` and invoked once per user turn with
``durability="sync"``. Ours: the same two messages per turn through one
``add_messages`` call on one session. Both sides get the same texts, run on
the same PostgreSQL server (each in its own database) or on SQLite files in
the same folder, and are timed in the same run. The third column runs the
peer's graph and turns unchanged, with ``LedgermindSaver.from_conn_string``; its
user messages carry an id (``u<turn>``) so that a turn retried after a
``CheckpointConflict`` (two writers) replaces its message instead of adding it
twice: its two writers retry the turn on that error, the peer's raise none.

Why the peer slows with length: every checkpoint re-stores the whole message
list, so a turn costs O(n) and storage grows O(n^2); ledgermind appends one
event per message. Growing the peer to 5,000 messages takes minutes and about
1 GB on PostgreSQL (7 GB on SQLite), so the default sizes are 100 and 1,000.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from importlib.metadata import version
from typing import Annotated, Any, TypedDict

from tqdm import tqdm

try:  # the bench extra; tests and the demo never need it
    from langgraph.graph import END, START, StateGraph
    from langgraph.graph.message import add_messages
except ImportError:  # pragma: no cover - a setup problem, said plainly
    raise SystemExit('LangGraph is missing: pip install -e ".[bench]"') from None

from harness import (
    DRIFT_NOTE,
    Stats,
    fresh_pg_database,
    md_table,
    message_text,
    percentile,
    pg_server,
)

from ledgermind import MemoryEngine, Owner
from ledgermind.integrations.langgraph import CheckpointConflict, LedgermindSaver

OWNER = Owner(app="bench", user_id="u1")
REPLY = message_text(0, "assistant")  # the peer's node and ours append the same reply
REPS = 3
TURNS_PER_REP = 10
WARMUP_TURNS = 2
TIMED_TURNS = WARMUP_TURNS + REPS * TURNS_PER_REP


# --- the two sides ----------------------------------------------------------------


class Side:
    """One conversation store: append a turn, restore, count bytes."""

    name = ""

    def turn(self, i: int) -> None: ...

    def restore(self) -> int: ...

    def messages(self) -> int:
        return self.restore()

    def bytes(self) -> int: ...

    def close(self) -> None: ...


class Ours(Side):
    name = "ledgermind"

    def __init__(self, url: str, agent_id: str = "agent", sid: str | None = None) -> None:
        self.url = url
        self.eng = MemoryEngine.open(url)
        self.agent_id = agent_id
        self.sid = sid or self.eng.for_owner(OWNER).create_session(agent_id=agent_id)

    def turn(self, i: int) -> None:
        self.eng.for_owner(OWNER).add_messages(
            self.sid,
            [{"role": "user", "content": message_text(i, "user")}, {"role": "assistant", "content": REPLY}],
        )

    def restore(self) -> int:
        return len(self.eng.for_owner(OWNER).restore_agent(self.agent_id).messages)

    def close(self) -> None:
        self.eng.close()


class SaverClock:
    """Time spent inside a checkpointer's own calls (``get_tuple``, ``put``,
    ``put_writes``), LangGraph's work between them excluded: each call is
    wrapped on the instance, so the graph calls the wrapper."""

    CALLS = ("get_tuple", "put", "put_writes")

    def __init__(self, saver: Any) -> None:
        self.seconds = 0.0
        self.lock = threading.Lock()
        for name in self.CALLS:
            setattr(saver, name, self._timed(getattr(saver, name)))

    def _timed(self, call: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return call(*args, **kwargs)
            finally:
                with self.lock:
                    self.seconds += time.perf_counter() - t0

        return timed

    def take(self) -> float:
        with self.lock:
            seconds, self.seconds = self.seconds, 0.0
        return seconds


class ConversationState(TypedDict):
    messages: Annotated[list, add_messages]


def build_graph(checkpointer: Any) -> Any:
    def reply(state: ConversationState) -> dict[str, Any]:
        return {"messages": [{"role": "assistant", "content": REPLY}]}

    graph = StateGraph(ConversationState)
    graph.add_node("reply", reply)
    graph.add_edge(START, "reply")
    graph.add_edge("reply", END)
    return graph.compile(checkpointer=checkpointer)


class Peer(Side):
    name = "LangGraph"

    def __init__(self, kind: str, url: str, thread_id: str = "conversation") -> None:
        self.kind = kind
        self.url = url
        self.stack = ExitStack()
        if kind == "postgresql":
            from langgraph.checkpoint.postgres import PostgresSaver

            saver = self.stack.enter_context(PostgresSaver.from_conn_string(url))
        else:
            from langgraph.checkpoint.sqlite import SqliteSaver

            conn = sqlite3.connect(url, check_same_thread=False, timeout=60)
            self.stack.callback(conn.close)
            saver = SqliteSaver(conn)
        saver.setup()
        self.clock = SaverClock(saver)
        self.graph = build_graph(saver)
        self.config = {"configurable": {"thread_id": thread_id}}

    def turn(self, i: int) -> None:
        self.graph.invoke(
            {"messages": [{"role": "user", "content": message_text(i, "user")}]},
            self.config,
            durability="sync",
        )

    def restore(self) -> int:
        state = self.graph.get_state(self.config)
        return len(state.values.get("messages", []))

    def close(self) -> None:
        self.stack.close()


class SaverSide(Peer):
    """The peer's graph and turns, checkpointed by ``LedgermindSaver``."""

    name = "LedgermindSaver"

    def __init__(self, kind: str, url: str, thread_id: str = "conversation") -> None:
        self.kind = kind
        self.url = url
        self.stack = ExitStack()
        saver = self.stack.enter_context(LedgermindSaver.from_conn_string(url))
        saver.setup()
        self.clock = SaverClock(saver)
        self.graph = build_graph(saver)
        self.config = {"configurable": {"thread_id": thread_id}}
        self.conflicts = 0

    def turn(self, i: int) -> None:
        message = {"role": "user", "content": message_text(i, "user"), "id": f"u{i}"}
        while True:
            try:
                self.graph.invoke({"messages": [message]}, self.config, durability="sync")
                return
            except CheckpointConflict:  # another writer moved the thread: re-read it and run the turn again
                self.conflicts += 1


# --- storage ------------------------------------------------------------------------


def database_bytes(kind: str, url: str) -> int:
    """Everything a side stores: every user table of its PostgreSQL database
    (heap, TOAST, indexes), or its SQLite file plus WAL after a checkpoint
    (the WAL file keeps its high-water size otherwise, on both sides)."""
    if kind == "sqlite":
        conn = sqlite3.connect(url, timeout=60)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        return sum(os.path.getsize(p) for p in glob.glob(url + "*") if os.path.isfile(p))
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT COALESCE(SUM(pg_total_relation_size(relid)), 0) FROM pg_stat_user_tables").fetchone()
    return int(row[0])


def table_bytes(kind: str, url: str) -> dict[str, int]:
    """Bytes per table, its indexes (and TOAST) included: where a side's
    storage goes. SQLite: pages per table and its indexes (``dbstat``)."""
    if kind == "sqlite":
        conn = sqlite3.connect(url, timeout=60)
        try:
            rows = conn.execute(
                "SELECT m.tbl_name, SUM(d.pgsize) FROM dbstat d JOIN sqlite_master m ON d.name = m.name "
                "GROUP BY m.tbl_name"
            ).fetchall()
        finally:
            conn.close()
        return {str(name): int(size) for name, size in rows}
    import psycopg

    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT relname, pg_total_relation_size(relid) FROM pg_stat_user_tables").fetchall()
    return {str(name): int(size) for name, size in rows}


# --- measurements ---------------------------------------------------------------------


def timed_turns(side: Side, start: int, bar: tqdm) -> tuple[Stats, Stats, Stats, int]:
    """REPS blocks of TURNS_PER_REP turns after WARMUP_TURNS untimed ones: the
    per-block p50 and p95, as medians over blocks with min and max, and the
    checkpointer's own time per turn (the blocks' mean; none for ours)."""
    i = start
    for _ in range(WARMUP_TURNS):
        side.turn(i)
        i += 1
    clock: SaverClock | None = getattr(side, "clock", None)
    p50, p95, saver = Stats(), Stats(), Stats()
    for _ in range(REPS):
        times = []
        if clock is not None:
            clock.take()
        for _ in range(TURNS_PER_REP):
            t0 = time.perf_counter()
            side.turn(i)
            times.append(time.perf_counter() - t0)
            i += 1
            bar.update(1)
        p50.add(percentile(times, 50))
        p95.add(percentile(times, 95))
        if clock is not None:
            saver.add(clock.take() / TURNS_PER_REP)
    return p50, p95, saver, i


def timed_restores(side: Side) -> Stats:
    side.restore()  # warm-up, excluded
    stats = Stats()
    for _ in range(REPS):
        t0 = time.perf_counter()
        side.restore()
        stats.add(time.perf_counter() - t0)
    return stats


def grow(side: Side, turn: int, target_messages: int, bar: tqdm) -> int:
    while 2 * turn < target_messages:
        side.turn(turn)
        turn += 1
        bar.update(1)
    return turn


def raw_floor(kind: str, url: str, samples: int = 60) -> Stats:
    """INSERT + COMMIT of one turn's bytes (two ~200-character messages)."""
    payload = (message_text(0, "user") + REPLY).encode()
    if kind == "sqlite":
        conn: Any = sqlite3.connect(url, timeout=60)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE raw_turns (id INTEGER PRIMARY KEY, body BLOB)")
        sql = "INSERT INTO raw_turns (body) VALUES (?)"
    else:
        import psycopg

        conn = psycopg.connect(url)
        conn.execute("CREATE TABLE raw_turns (id bigserial PRIMARY KEY, body bytea)")
        conn.commit()
        sql = "INSERT INTO raw_turns (body) VALUES (%s)"
    stats = Stats()
    try:
        for rep in range(REPS + 1):
            times = []
            for _ in range(samples // REPS):
                t0 = time.perf_counter()
                conn.execute(sql, (payload,))
                conn.commit()
                times.append(time.perf_counter() - t0)
            if rep:  # the first block is warm-up
                stats.add(percentile(times, 50))
    finally:
        conn.close()
    return stats


def two_writers(make: Callable[[], Side], first: Side, turns: int = 50) -> int:
    """Two independent writers (own connection / engine) on one conversation,
    ``turns`` turns each, started together; messages present at the end."""
    writers = [first, make()]
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def work(w: int) -> None:
        barrier.wait()
        try:
            for t in range(turns):
                writers[w].turn(10_000 * (w + 1) + t)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=work, args=(w,)) for w in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    writers[1].close()
    if errors:
        print(f"  a {first.name} writer failed: {errors[0]!r}", file=sys.stderr)
    return first.messages()


def bench_backend(kind: str, urls: dict[str, str], sizes: list[int]) -> dict[str, Any]:
    timed = len(sizes) * REPS * TURNS_PER_REP * 2
    grow_turns = 2 * max(0, max(sizes) // 2 - TIMED_TURNS)
    result: dict[str, Any] = {"rows": [], "floor": raw_floor(kind, urls["raw"])}
    with tqdm(total=timed + grow_turns, desc=kind, unit="turn", file=sys.stderr) as bar:
        sides = {"ours": Ours(urls["ours"]), "peer": Peer(kind, urls["peer"]), "saver": SaverSide(kind, urls["saver"])}
        turns = {"ours": 0, "peer": 0, "saver": 0}
        try:
            for size in sizes:
                row: dict[str, Any] = {"size": size}
                for key, side in sides.items():
                    # Grow to just below the size, so the timed turns end at it.
                    turns[key] = grow(side, turns[key], size - 2 * TIMED_TURNS, bar)
                    p50, p95, saver, turns[key] = timed_turns(side, turns[key], bar)
                    count = side.messages()
                    row[key] = {
                        "p50": p50,
                        "p95": p95,
                        "saver": saver,
                        "restore": timed_restores(side),
                        "messages": count,
                        "bytes": database_bytes(kind, urls[key]),
                        "tables": table_bytes(kind, urls[key]),
                    }
                result["rows"].append(row)
        finally:
            for side in sides.values():
                side.close()
    ours_first = Ours(urls["ours"], agent_id="pair")
    result["pair_ours"] = two_writers(lambda: Ours(urls["ours"], "pair", ours_first.sid), ours_first)
    ours_first.close()
    peer_first = Peer(kind, urls["peer"], thread_id="pair")
    result["pair_peer"] = two_writers(lambda: Peer(kind, urls["peer"], thread_id="pair"), peer_first)
    peer_first.close()
    saver_first = SaverSide(kind, urls["saver"], thread_id="pair")
    result["pair_saver"] = two_writers(lambda: SaverSide(kind, urls["saver"], thread_id="pair"), saver_first)
    saver_first.close()
    return result


# --- report ---------------------------------------------------------------------------


def ms(stats: Stats) -> str:
    return stats.fmt(1e3, 2)


def report(kind: str, r: dict[str, Any]) -> str:
    rows = []
    for row in r["rows"]:
        o, p, m = row["ours"], row["peer"], row["saver"]
        ob, pb, mb = o["bytes"] / o["messages"], p["bytes"] / p["messages"], m["bytes"] / m["messages"]
        rows += [
            [
                f"~{row['size']:,}",
                "turn p50 (ms)",
                ms(o["p50"]),
                ms(p["p50"]),
                ms(m["p50"]),
                f"{o['p50'].median / p['p50'].median:.3f}",
                f"{m['p50'].median / p['p50'].median:.3f}",
            ],
            [
                "",
                "turn p95 (ms)",
                ms(o["p95"]),
                ms(p["p95"]),
                ms(m["p95"]),
                f"{o['p95'].median / p['p95'].median:.3f}",
                f"{m['p95'].median / p['p95'].median:.3f}",
            ],
            [
                "",
                "checkpointer per turn (ms)",
                "",
                ms(p["saver"]),
                ms(m["saver"]),
                "",
                f"{m['saver'].median / p['saver'].median:.3f}",
            ],
            [
                "",
                "restore / get_state (ms)",
                ms(o["restore"]),
                ms(p["restore"]),
                ms(m["restore"]),
                f"{o['restore'].median / p['restore'].median:.3f}",
                f"{m['restore'].median / p['restore'].median:.3f}",
            ],
            ["", "messages held", o["messages"], p["messages"], m["messages"], "", ""],
            [
                "",
                "bytes stored",
                f"{o['bytes']:,}",
                f"{p['bytes']:,}",
                f"{m['bytes']:,}",
                f"{o['bytes'] / p['bytes']:.4f}",
                f"{m['bytes'] / p['bytes']:.4f}",
            ],
            ["", "bytes / message", f"{ob:,.0f}", f"{pb:,.0f}", f"{mb:,.0f}", f"{ob / pb:.4f}", f"{mb / pb:.4f}"],
        ]
    growth = [
        " / ".join(f"{row[k]['bytes'] / row[k]['messages']:,.0f}" for k in ("ours", "peer", "saver"))
        for row in r["rows"]
    ]
    marginal = [
        " / ".join(f"{_added(a, b, k):,.0f}" for k in ("ours", "peer", "saver"))
        for a, b in zip(r["rows"], r["rows"][1:])
    ]
    rows.append(
        ["", "two writers x 50 turns: messages (expected 200)", r["pair_ours"], r["pair_peer"], r["pair_saver"], "", ""]
    )
    name = {"sqlite": "SQLite files (WAL)", "postgresql": "PostgreSQL 16, one server"}[kind]
    last = r["rows"][-1]
    tables = []
    for key, side in (("ours", "ledgermind"), ("saver", "LedgermindSaver")):
        count = last[key]["messages"]
        for table, size in sorted(last[key]["tables"].items(), key=lambda kv: -kv[1]):
            tables.append([side, table, f"{size:,}", f"{size / count:,.1f}"])
    return (
        md_table(
            f"{name}: ledgermind vs LangGraph (median [min-max] over {REPS} blocks of "
            f"{TURNS_PER_REP} turns; raw INSERT+COMMIT floor p50 {ms(r['floor'])} ms)",
            [
                "messages",
                "measure",
                "ledgermind",
                "LangGraph",
                "LangGraph + LedgermindSaver",
                "ours / peer",
                "saver / peer",
            ],
            rows,
        )
        + f"\nBytes per message at each size (ours / peer / saver): {' -> '.join(growth)}; "
        f"bytes per added message between sizes: {' -> '.join(marginal) or 'n/a'}. "
        "A flat marginal figure means linear growth; a rising one, superlinear.\n\n"
        + md_table(
            f"{name}: where the bytes go at ~{last['size']:,} messages (each table with its indexes and TOAST)",
            ["side", "table", "bytes", "bytes / message"],
            tables,
        )
    )


def _added(a: dict[str, Any], b: dict[str, Any], key: str) -> float:
    return (b[key]["bytes"] - a[key]["bytes"]) / max(1, b[key]["messages"] - a[key]["messages"])


@contextmanager
def backend_urls(kind: str, server: str | None) -> Iterator[dict[str, str]]:
    if kind == "sqlite":
        root = tempfile.mkdtemp(prefix="ledgermind-vs-lg-")
        try:
            yield {k: os.path.join(root, f"{k}.db") for k in ("ours", "peer", "saver", "raw")}
        finally:
            shutil.rmtree(root, ignore_errors=True)
        return
    assert server is not None
    with ExitStack() as stack:
        yield {k: stack.enter_context(fresh_pg_database(server, f"vs_{k}")) for k in ("ours", "peer", "saver", "raw")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--sizes", default="100,1000", help="conversation sizes in messages (e.g. 100,1000,5000)")
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    args = parser.parse_args(argv)
    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()})
    kinds = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    out = []
    with ExitStack() as stack:
        server = stack.enter_context(pg_server(args.pg)) if "postgresql" in kinds else None
        for kind in kinds:
            with backend_urls(kind, server) as urls:
                out.append(report(kind, bench_backend(kind, urls, sizes)))
    versions = ", ".join(
        f"{p} {version(p)}"
        for p in (
            "langgraph",
            "langgraph-checkpoint",
            "langgraph-checkpoint-postgres",
            "langgraph-checkpoint-sqlite",
            "eventsourcing",
        )
    )
    cmd = "python benchmarks/vs_langgraph.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores)\n")
    print(
        f'Versions: {versions}. Peer durability: invoke(..., durability="sync"); '
        "ledgermind: add_messages returns after commit (SQLite synchronous=FULL, PostgreSQL fsync on).\n"
    )
    print("\n".join(out))
    print(DRIFT_NOTE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
