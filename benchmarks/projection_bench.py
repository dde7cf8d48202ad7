"""Projection throughput and lag, against a raw baseline measured in the same run.

For each backend (a SQLite file, and PostgreSQL):
1. write a log of sessions with messages (plus a few tasks and beliefs);
2. RAW: read the notification table with the bare driver (sqlite3 / psycopg),
   decode the JSON with orjson and insert the same message rows and session
   counters, with the position, one transaction per 500 notifications: no
   eventsourcing, no SQLAlchemy, no ledgermind;
3. LIBRARY: the same job through ledgermind: ``Runner.catch_up`` of the
   ``sessions`` projection (select_notifications, mapper, SQLAlchemy), and
   ``rebuild``s of it (version N+1 and the atomic switch), interleaved with
   the RAW rounds; "vs raw" for rebuilds is the median of per-round ratios;
4. LAG: the in-process runner follows while one writer appends at a steady
   rate; lag = time from a write's acknowledgement until the projection's
   position covers it (sampled every 2 ms).
Event state is written unsealed (``seal_events=False``) so RAW can decode it
without the key store; a ``sealed`` row shows the library with sealing on.

    python benchmarks/projection_bench.py [--sessions 200] [--messages 100]
        [--pg postgresql://...] [--skip-pg] [--lag-rate 100] [--lag-seconds 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import orjson
from harness import DRIFT_NOTE, Stats, fresh_pg_database, md_table, message_text, percentile, pg_server
from tqdm import tqdm

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.projections import registry
from ledgermind.projections.db import open_read_db
from ledgermind.projections.readside import ReadSide
from ledgermind.projections.rebuild import rebuild
from ledgermind.projections.runner import Runner
from ledgermind.storage.packing import unpack
from ledgermind.write.beliefs import NewBelief

OWNER = Owner("bench", "user-1")
BATCH = 500
TOPICS = ("session.created", "message.added", "session.closed")


def fill(url: str, sessions: int, messages: int, seal: bool) -> int:
    cfg = EngineConfig(db=url, seal_events=seal, projections_in_process=False)
    with MemoryEngine.open(url, config=cfg) as eng:
        for s in tqdm(range(sessions), desc="write log", unit="session", leave=False):
            sid = eng.for_owner(OWNER).create_session(agent_id=f"agent-{s % 10}")
            eng.for_owner(OWNER).add_messages(
                sid,
                [
                    {"role": "user" if i % 2 == 0 else "assistant", "content": message_text(i, "user")}
                    for i in range(messages)
                ],
            )
            if s % 20 == 0:
                tid = eng.for_owner(OWNER).start_task(sid, input="summarise")
                eng.for_owner(OWNER).complete_task(tid, output="done")
                eng.for_owner(OWNER).apply_memory_changes(
                    [NewBelief(f"b{s}", "fact", f"fact {s}", datetime.now(UTC), 0.5, "rule")]
                )
        return int(eng.log.recorder.max_notification_id() or 0)


# --- RAW: the bare driver ----------------------------------------------------


def _dt(value: Any) -> str:
    return datetime.fromisoformat(value["__dt__"]).astimezone(UTC).isoformat()


def _fold(rows: list[tuple[int, Any, str, bytes]], sessions: dict[str, list[Any]]) -> list[tuple]:
    """Shared by both raw drivers: the same rows the sessions projection writes."""
    messages = []
    for pos, oid, topic, state in rows:
        d = orjson.loads(unpack(bytes(state)))  # states of 200+ bytes are stored packed (deflate)
        sid = str(oid).replace("-", "")
        if topic == "session.created":
            sessions[sid] = [
                sid,
                d["app"],
                d["user_id"],
                d["agent_id"],
                "open",
                0,
                0,
                None,
                None,
                _dt(d["timestamp"]),
                None,
                pos,
            ]
        elif topic == "message.added":
            tokens = (len(d["content"]) + 3) // 4
            occurred = _dt(d["occurred_at"])
            messages.append(
                (
                    sid,
                    d["seq"],
                    d["app"],
                    d["user_id"],
                    d["role"],
                    d["content"],
                    d["name"],
                    d["tool_calls"],
                    d["tool_call_id"],
                    d["client_id"],
                    d["metadata"],
                    occurred,
                    _dt(d["timestamp"]),
                    tokens,
                    pos,
                )
            )
            s = sessions[sid]
            s[5], s[6], s[8], s[11] = d["seq"], s[6] + tokens, occurred, pos
            s[7] = s[7] or occurred
        else:
            s = sessions[sid]
            s[4], s[10], s[11] = "closed", _dt(d["timestamp"]), pos
    return messages


RAW_DDL = [
    "DROP TABLE IF EXISTS raw_sessions",
    "DROP TABLE IF EXISTS raw_messages",
    "DROP TABLE IF EXISTS raw_position",
    "CREATE TABLE raw_sessions (session_id TEXT PRIMARY KEY, app TEXT, user_id TEXT, agent_id TEXT, "
    "status TEXT, message_count INT, token_count BIGINT, first_message_at TEXT, last_message_at TEXT, "
    "created_at TEXT, closed_at TEXT, position BIGINT)",
    "CREATE TABLE raw_messages (session_id TEXT, seq INT, app TEXT, user_id TEXT, role TEXT, "
    "content TEXT, name TEXT, tool_calls TEXT, tool_call_id TEXT, client_id TEXT, metadata TEXT, "
    "occurred_at TEXT, recorded_at TEXT, tokens INT, position BIGINT, PRIMARY KEY (session_id, seq))",
    "CREATE TABLE raw_position (name TEXT PRIMARY KEY, position BIGINT)",
    "INSERT INTO raw_position VALUES ('sessions', 0)",
]


def raw_sqlite(path: str, head: int) -> int:
    conn = sqlite3.connect(path, timeout=60, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    for ddl in RAW_DDL:
        conn.execute(ddl)
    position, applied = 0, 0
    marks = ",".join("?" for _ in TOPICS)
    while position < head:
        rows = conn.execute(
            f"SELECT rowid, originator_id, topic, state FROM stored_events WHERE rowid > ? AND rowid <= ? "
            f"AND topic IN ({marks}) ORDER BY rowid LIMIT ?",
            (position, head, *TOPICS, BATCH),
        ).fetchall()
        new = head if len(rows) < BATCH else rows[-1][0]
        conn.execute("BEGIN")
        sids = {str(r[1]).replace("-", "") for r in rows}
        sessions = {
            r[0]: list(r)
            for r in conn.execute(
                f"SELECT * FROM raw_sessions WHERE session_id IN ({','.join('?' for _ in sids)})", tuple(sids)
            )
        }
        messages = _fold(rows, sessions)
        conn.execute("UPDATE raw_position SET position = ? WHERE name = 'sessions' AND position = ?", (new, position))
        conn.executemany("INSERT INTO raw_messages VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", messages)
        conn.executemany(
            "INSERT OR REPLACE INTO raw_sessions VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", list(sessions.values())
        )
        conn.execute("COMMIT")
        applied += len(rows)
        position = new
    conn.close()
    return applied


def raw_postgres(url: str, head: int) -> int:
    import psycopg

    with psycopg.connect(url) as conn:
        for ddl in RAW_DDL:
            conn.execute(ddl)
        conn.commit()
        position, applied = 0, 0
        while position < head:
            rows = conn.execute(
                "SELECT notification_id, originator_id, topic, state FROM ledgermind_events "
                "WHERE notification_id > %s AND notification_id <= %s AND topic = ANY(%s) "
                "ORDER BY notification_id LIMIT %s",
                (position, head, list(TOPICS), BATCH),
            ).fetchall()
            new = head if len(rows) < BATCH else rows[-1][0]
            sids = list({str(r[1]).replace("-", "") for r in rows})
            sessions = {
                r[0]: list(r) for r in conn.execute("SELECT * FROM raw_sessions WHERE session_id = ANY(%s)", (sids,))
            }
            messages = _fold([(p, o, t, bytes(s)) for p, o, t, s in rows], sessions)
            with conn.cursor() as cur:
                cur.execute(
                    "UPDATE raw_position SET position = %s WHERE name = 'sessions' AND position = %s", (new, position)
                )
                cur.executemany(
                    "INSERT INTO raw_messages VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)", messages
                )
                cur.executemany(
                    "INSERT INTO raw_sessions VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) "
                    "ON CONFLICT (session_id) DO UPDATE SET status = EXCLUDED.status, "
                    "message_count = EXCLUDED.message_count, token_count = EXCLUDED.token_count, "
                    "first_message_at = EXCLUDED.first_message_at, last_message_at = EXCLUDED.last_message_at, "
                    "closed_at = EXCLUDED.closed_at, position = EXCLUDED.position",
                    list(sessions.values()),
                )
            conn.commit()
            applied += len(rows)
            position = new
    return applied


# --- LIBRARY -----------------------------------------------------------------


def library_catch_up(url: str, seal: bool, names: list[str]) -> tuple[int, float]:
    cfg = EngineConfig(db=url, seal_events=seal, projections_in_process=False)
    with MemoryEngine.open(url, config=cfg) as eng:
        db = open_read_db(eng.backend.sqlalchemy_url)
        runner = Runner(eng.log, db, registry.kinds(names), batch_size=BATCH)
        runner.active()
        start = time.perf_counter()
        applied = runner.catch_up()
        seconds = time.perf_counter() - start
        db.dispose()
    return applied, seconds


def library_rebuild(url: str) -> tuple[int, float]:
    cfg = EngineConfig(db=url, seal_events=False, projections_in_process=False)
    with MemoryEngine.open(url, config=cfg) as eng:
        db = open_read_db(eng.backend.sqlalchemy_url)
        report = rebuild(eng.log, db, "sessions", batch_size=BATCH, progress=False)
        db.dispose()
    return report.events, report.seconds


def lag(url: str, rate: float, seconds: float) -> dict[str, float]:
    """Latency from write ack to projection position, at a steady write rate."""
    cfg = EngineConfig(db=url, seal_events=False, projections_in_process=True)
    with MemoryEngine.open(url, config=cfg) as eng:
        side = ReadSide(eng.writes, names=["sessions"])
        side.wait_for_head(timeout=300)
        sid = eng.for_owner(OWNER).create_session(agent_id="lag")
        acks: list[tuple[int, float]] = []
        seen: list[tuple[float, int]] = []
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                seen.append((time.perf_counter(), side.runner.positions()["sessions"]))
                time.sleep(0.002)

        sampler = threading.Thread(target=sample)
        sampler.start()
        period, next_at = 1.0 / rate, time.perf_counter()
        end = next_at + seconds
        while next_at < end:
            time.sleep(max(0.0, next_at - time.perf_counter()))
            eng.for_owner(OWNER).add_message(sid, "user", message_text(len(acks), "user"))
            acks.append((eng.position, time.perf_counter()))
            next_at += period
        time.sleep(1.0)
        stop.set()
        sampler.join()
        side.close()
    latencies = []
    for position, acked in acks:
        visible = next((t for t, p in seen if p >= position and t >= acked), None)
        if visible is not None:
            latencies.append((visible - acked) * 1000)
    return {
        "writes": len(acks),
        "covered": len(latencies),
        "p50": percentile(latencies, 50),
        "p95": percentile(latencies, 95),
        "max": max(latencies),
        "achieved_rate": len(acks) / seconds,
    }


def run_backend(label: str, make_url: Callable[[str], Any], args: argparse.Namespace) -> tuple[list, list]:
    """Raw and library rounds interleaved on one log; ratios are paired per round."""
    rows, lag_rows = [], []
    raw_rates, rebuild_rates, paired = Stats(), Stats(), Stats()
    steps = tqdm(total=3 + args.repeat, desc=label, leave=False)
    with make_url("a") as url:
        head = fill(url, args.sessions, args.messages, seal=False)
        steps.update()
        lib_n, lib_s = library_catch_up(url, False, ["sessions"])
        sparse_n, sparse_s = library_catch_up(url, False, ["tasks", "memory"])
        steps.update()
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            raw_n = raw_sqlite(url, head) if label == "sqlite" else raw_postgres(url, head)
            raw_rate = raw_n / (time.perf_counter() - t0)
            reb_n, reb_s = library_rebuild(url)
            raw_rates.add(raw_rate)
            rebuild_rates.add(reb_n / reb_s)
            paired.add((reb_n / reb_s) / raw_rate)
            steps.update()
    with make_url("b") as url:
        fill(url, args.sessions, args.messages, seal=True)
        sealed_n, sealed_s = library_catch_up(url, True, ["sessions"])
    steps.update()
    steps.close()
    raw_med = raw_rates.median
    rows.append((label, "raw driver (sqlite3/psycopg + orjson), same rows", raw_n, raw_rates.fmt(digits=0), "1.00x"))
    rows.append(
        (
            label,
            "ledgermind rebuild, sessions (new version + switch)",
            reb_n,
            rebuild_rates.fmt(digits=0),
            paired.fmt(digits=2) + "x",
        )
    )
    rows.append(
        (
            label,
            "ledgermind catch-up, sessions (first run)",
            lib_n,
            f"{lib_n / lib_s:,.0f}",
            f"{(lib_n / lib_s) / raw_med:.2f}x",
        )
    )
    rows.append(
        (
            label,
            "ledgermind catch-up, sessions, sealed log",
            sealed_n,
            f"{sealed_n / sealed_s:,.0f}",
            f"{(sealed_n / sealed_s) / raw_med:.2f}x",
        )
    )
    rows.append(
        (label, "ledgermind catch-up, tasks + memory (sparse topics)", sparse_n, f"{sparse_n / sparse_s:,.0f}", "-")
    )
    if args.lag_seconds > 0:
        with make_url("c") as url:
            fill(url, 10, 10, seal=False)
            stats = lag(url, args.lag_rate, args.lag_seconds)
        lag_rows.append(
            (
                label,
                "LISTEN/NOTIFY" if label == "postgresql" else "polling 0.25 s",
                f"{stats['achieved_rate']:.0f}/s",
                int(stats["covered"]),
                f"{stats['p50']:.1f}",
                f"{stats['p95']:.1f}",
                f"{stats['max']:.1f}",
            )
        )
    return rows, lag_rows


def sqlite_files(root: str) -> Callable[[str], Any]:
    @contextmanager
    def make(tag: str) -> Iterator[str]:
        path = os.path.join(root, f"{tag}.db")
        try:
            yield path
        finally:
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(path + suffix):
                    os.remove(path + suffix)

    return make


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--messages", type=int, default=100, help="messages per session")
    parser.add_argument("--pg", default=os.environ.get("LEDGERMIND_BENCH_PG"), help="PostgreSQL server DSN")
    parser.add_argument("--skip-pg", action="store_true")
    parser.add_argument("--lag-rate", type=float, default=100.0, help="writes per second")
    parser.add_argument("--lag-seconds", type=float, default=5.0)
    parser.add_argument("--repeat", type=int, default=3, help="interleaved raw / rebuild rounds")
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="ledgermind-projbench-")
    rows: list = []
    lag_rows: list = []
    try:
        r, lr = run_backend("sqlite", sqlite_files(root), args)
        rows += r
        lag_rows += lr
        if not args.skip_pg:
            with pg_server(args.pg) as server:
                r, lr = run_backend("postgresql", lambda _tag: fresh_pg_database(server, "projbench"), args)
                rows += r
                lag_rows += lr
    finally:
        shutil.rmtree(root, ignore_errors=True)
    n = args.sessions * (args.messages + 1)
    print(
        md_table(
            f"Catch-up throughput, {args.sessions} sessions x {args.messages} messages "
            f"(~{n:,} events), batches of {BATCH}",
            ["backend", "what", "events", "events/s (median [min-max])", "vs raw"],
            rows,
        )
    )
    if lag_rows:
        print(
            md_table(
                f"Projection lag under a steady write load ({args.lag_seconds:.0f} s, one add_message per write)",
                ["backend", "follow mode", "write rate", "writes", "p50 ms", "p95 ms", "max ms"],
                lag_rows,
            )
        )
    print(DRIFT_NOTE)


if __name__ == "__main__":
    main()
