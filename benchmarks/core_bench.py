"""Core write and restore costs of ledgermind, each beside a raw baseline on the
same database.

    python benchmarks/core_bench.py [--backend sqlite|postgresql|both] [--quick] [--pg DSN]

Why a raw baseline in the same run: on a shared machine fsync latency swings
by 10x between runs, so an absolute number says little; the ratio to a plain
``INSERT`` + ``COMMIT`` of the same bytes into a table of the same shape, on
the same file or server and in the same minute, is the result.

Measured, per backend:
- append latency p50/p95 (durable ``add_message``) at session length 100, 1,000
  and 10,000 (sample k at length L + k, sizes sampled round-robin), against one
  raw INSERT + COMMIT into a table already holding L rows of that stream;
- durable append throughput with 1, 2, 4, 8 and 16 writer threads on distinct
  sessions (a curve), against raw INSERT + COMMIT from as many threads (one
  connection each);
- durable append throughput with 1, 2 and 4 processes, one engine and one
  writer each, on one database (what many agent processes do), against raw
  INSERT + COMMIT from as many connections;
- restore time (``recovery.restore_agent``) of a 10,000-message session
  against a raw SELECT of the same rows + orjson decode of each;
- bytes stored per message (events + snapshots, all pages and indexes) against
  the raw table's bytes per row.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import orjson
from harness import (
    DRIFT_NOTE,
    Stats,
    fresh_pg_database,
    md_table,
    message_text,
    percentile,
    pg_relation_bytes,
    pg_server,
    sqlite_bytes,
)
from tqdm import tqdm

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig
from ledgermind.storage.store import translate_errors

OWNER = Owner(app="bench", user_id="u1")
FILL_BATCH = 500


class Plan:
    def __init__(self, quick: bool) -> None:
        self.sizes = (100, 1_000, 10_000)
        self.samples = 60 if quick else 200  # timed appends per size
        self.warmup = 5
        self.per_thread = 40 if quick else 150  # appends per writer thread
        self.threads = (1, 2, 4, 8, 16)  # the throughput curve
        self.processes = (1, 2, 4)  # engines in as many processes, one writer each
        self.restore_size = 2_000 if quick else 10_000
        self.reps = 3


# --- raw baselines ------------------------------------------------------------


class RawStore:
    """Plain INSERT + COMMIT / SELECT on a table shaped like the event table."""

    def __init__(self, kind: str, url: str) -> None:
        self.kind = kind
        self.url = url
        with self.connect() as conn:
            for table in ("raw_events", "raw_restore"):  # appends; restore's cleartext copy
                if kind == "sqlite":
                    conn.execute(
                        f"CREATE TABLE IF NOT EXISTS {table} (originator_id TEXT, "
                        "originator_version INTEGER, topic TEXT, state BLOB, "
                        "PRIMARY KEY (originator_id, originator_version))"
                    )
                else:
                    conn.execute(
                        f"CREATE TABLE IF NOT EXISTS {table} (originator_id uuid NOT NULL, "
                        "originator_version bigint NOT NULL, topic text, state bytea, "
                        "notification_id bigserial, "
                        "PRIMARY KEY (originator_id, originator_version))"
                    )
            conn.commit()

    @contextmanager
    def connect(self) -> Iterator[Any]:
        if self.kind == "sqlite":
            conn = sqlite3.connect(self.url, timeout=60, isolation_level="DEFERRED")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")  # what the engine's connections use
            try:
                yield conn
            finally:
                conn.close()
        else:
            import psycopg

            with psycopg.connect(self.url) as conn:
                yield conn

    def _sql(self, text: str) -> str:
        return text if self.kind == "sqlite" else text.replace("?", "%s")

    def fill(self, stream: str, count: int, state: bytes) -> None:
        with self.connect() as conn:
            conn.cursor().executemany(
                self._sql("INSERT INTO raw_events VALUES (?, ?, 'message.added', ?)")
                if self.kind == "sqlite"
                else self._sql(
                    "INSERT INTO raw_events (originator_id, originator_version, topic, state) "
                    "VALUES (?, ?, 'message.added', ?)"
                ),
                [(stream, v, state) for v in range(1, count + 1)],
            )
            conn.commit()

    def appender(self, conn: Any, stream: str, start: int, state: bytes) -> Callable[[], None]:
        sql = self._sql(
            "INSERT INTO raw_events (originator_id, originator_version, topic, state) VALUES (?, ?, 'message.added', ?)"
        )
        version = [start]

        def append() -> None:
            version[0] += 1
            conn.execute(sql, (stream, version[0], state))
            conn.commit()

        return append


def new_stream() -> str:
    return str(uuid.uuid4())


# --- measurements -------------------------------------------------------------


def message_state(eng: MemoryEngine) -> bytes:
    """The stored bytes of one ``message.added`` event, reused by the raw side."""
    for n in eng.log.recorder.select_notifications(1, 1000, topics=("message.added",)):
        return bytes(n.state)
    raise RuntimeError("no message event stored yet")


def fill_session(eng: MemoryEngine, agent_id: str, count: int) -> str:
    sid = eng.for_owner(OWNER).create_session(agent_id=agent_id)
    done = 0
    while done < count:
        n = min(FILL_BATCH, count - done)
        eng.for_owner(OWNER).add_messages(
            sid, [{"role": "user", "content": message_text(done + i, "user")} for i in range(n)]
        )
        done += n
    return sid


def latency(eng: MemoryEngine, raw: RawStore, kind: str, plan: Plan, bar: tqdm) -> list[list[str]]:
    """All sessions are filled first, then sampled round-robin (each engine
    append followed by a raw append at the same length), so a burst of load
    on the shared machine, or a cold start, hits every size and both sides
    alike. Sample k of size L is taken at length L + k."""
    subjects = []
    for size in plan.sizes:
        sid = fill_session(eng, f"lat-{size}", size)
        stream = new_stream()
        raw.fill(stream, size, message_state(eng))
        subjects.append((size, sid, stream))
    state = message_state(eng)
    times = {size: ([], []) for size in plan.sizes}
    with raw.connect() as conn:
        calls = [
            (
                size,
                lambda sid=sid: eng.for_owner(OWNER).add_message(sid, role="user", content=message_text(0, "user")),
                raw.appender(conn, stream, size, state),
            )
            for size, sid, stream in subjects
        ]
        for k in range(plan.warmup + plan.samples):
            for size, ours, base in calls:
                for fn, out in ((ours, times[size][0]), (base, times[size][1])):
                    start = time.perf_counter()
                    fn()
                    if k >= plan.warmup:
                        out.append(time.perf_counter() - start)
                if k >= plan.warmup:
                    bar.update(2)
    rows = [[size, *(percentile(v, q) * 1e3 for v in times[size] for q in (50, 95))] for size in plan.sizes]
    first = rows[0][1]
    return [
        [
            f"{size:,}",
            f"{o50:.2f}",
            f"{o95:.2f}",
            f"{r50:.2f}",
            f"{r95:.2f}",
            f"{o50 / r50:.2f}x",
            f"{o50 / first:.2f}x",
        ]
        for size, o50, o95, r50, r95 in rows
    ]


def run_threads(count: int, work: Callable[[int], None]) -> float:
    """Wall time for ``count`` threads to each run ``work(i)``, started together."""
    barrier = threading.Barrier(count + 1)
    errors: list[BaseException] = []

    def target(i: int) -> None:
        barrier.wait()
        try:
            work(i)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return time.perf_counter() - start


def throughput(eng: MemoryEngine, raw: RawStore, kind: str, plan: Plan, bar: tqdm) -> list[list[str]]:
    state = message_state(eng)
    rows = []
    for threads in plan.threads:
        ours, base = Stats(), Stats()
        for rep in range(plan.reps):
            sids = [eng.for_owner(OWNER).create_session(agent_id=f"tp-{threads}-{rep}-{i}") for i in range(threads)]

            def engine_work(i: int) -> None:
                for n in range(plan.per_thread):
                    eng.for_owner(OWNER).add_message(sids[i], role="user", content=message_text(n, "user"))
                    bar.update(1)

            ours.add(threads * plan.per_thread / run_threads(threads, engine_work))
            streams = [new_stream() for _ in range(threads)]

            def raw_work(i: int) -> None:
                with raw.connect() as conn:
                    append = raw.appender(conn, streams[i], 0, state)
                    for _ in range(plan.per_thread):
                        append()
                        bar.update(1)

            base.add(threads * plan.per_thread / run_threads(threads, raw_work))
        rows.append([threads, ours.fmt(digits=0), base.fmt(digits=0), f"{ours.median / base.median:.2f}x"])
    return rows


def _process_writer(url: str, count: int, start: Any, done: Any, index: int) -> None:
    """One writer process: its own engine and session, ``count`` appends after
    ``start``. Its projections run elsewhere (the benchmark's own engine folds
    the log), as in a fleet of agent processes beside one projection worker."""
    with MemoryEngine.open(config=EngineConfig(db=url, projections_in_process=False)) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id=f"proc-{os.getpid()}-{index}")
        eng.for_owner(OWNER).add_message(sid, role="user", content=message_text(0, "user"))  # warm
        start.wait()
        for n in range(count):
            eng.for_owner(OWNER).add_message(sid, role="user", content=message_text(n, "user"))
        done.put(index)


def processes(url: str, raw: RawStore, eng: MemoryEngine, plan: Plan, bar: tqdm) -> list[list[str]]:
    """Engines in separate processes appending to one database at once; the
    clock starts when every process has opened its engine and warmed up."""
    ctx = multiprocessing.get_context("spawn")
    state = message_state(eng)
    rows = []
    for count in plan.processes:
        ours, base = Stats(), Stats()
        for _ in range(plan.reps):
            start, done = ctx.Barrier(count + 1), ctx.Queue()
            procs = [
                ctx.Process(target=_process_writer, args=(url, plan.per_thread, start, done, i)) for i in range(count)
            ]
            for p in procs:
                p.start()
            start.wait(timeout=300)
            began = time.perf_counter()
            for _ in range(count):
                done.get(timeout=600)
            ours.add(count * plan.per_thread / (time.perf_counter() - began))
            for p in procs:
                p.join()
                if p.exitcode != 0:
                    raise RuntimeError(f"a writer process failed (exit code {p.exitcode})")
            bar.update(count * plan.per_thread)
            streams = [new_stream() for _ in range(count)]

            def raw_work(i: int) -> None:
                with raw.connect() as conn:
                    append = raw.appender(conn, streams[i], 0, state)
                    for _ in range(plan.per_thread):
                        append()
                        bar.update(1)

            base.add(count * plan.per_thread / run_threads(count, raw_work))
        rows.append([count, ours.fmt(digits=0), base.fmt(digits=0), f"{ours.median / base.median:.2f}x"])
    return rows


def restore(
    eng: MemoryEngine, raw: RawStore, url: str, plan: Plan, bar: tqdm, clock: Callable[[], float] = time.perf_counter
) -> list[list[str]]:
    """restore_agent on a sealed (default) and an unsealed session, against a
    raw SELECT + orjson of the same messages' cleartext states. ``clock``:
    wall time by default; ``time.thread_time`` counts only the CPU this thread
    spent (both sides run in this thread), which other processes on a shared
    machine inflate much less."""
    sid = fill_session(eng, "restore", plan.restore_size)
    plain_eng = MemoryEngine.open(config=EngineConfig(db=url, seal_events=False))
    try:
        fill_session(plain_eng, "restore-plain", plan.restore_size)
        stream = new_stream()
        with translate_errors():
            stored = eng.log.recorder.select_events(uuid.UUID(hex=sid))
        with raw.connect() as conn:
            conn.cursor().executemany(
                raw._sql(
                    "INSERT INTO raw_restore (originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?)"
                ),
                [(stream, s.originator_version, s.topic, eng.log.mapper.open_state(s)) for s in stored],
            )
            conn.commit()
        sql = raw._sql("SELECT state FROM raw_restore WHERE originator_id = ? ORDER BY originator_version")

        def raw_restore() -> int:
            with raw.connect() as conn:
                rows = conn.execute(sql, (stream,)).fetchall()
            return len([orjson.loads(r[0]) for r in rows])

        sides: list[tuple[str, Callable[[], int]]] = [
            ("sealed (default)", lambda: len(eng.for_owner(OWNER).restore_agent("restore").messages)),
            ("seal_events=False", lambda: len(plain_eng.for_owner(OWNER).restore_agent("restore-plain").messages)),
            ("raw", raw_restore),
        ]
        stats = {name: Stats() for name, _ in sides}
        for name, fn in sides:  # warm-up, excluded
            assert fn() >= plan.restore_size, name
        for _ in range(plan.reps):
            for name, fn in sides:
                start = clock()
                fn()
                stats[name].add(clock() - start)
            bar.update(1)
    finally:
        plain_eng.close()
    base = stats["raw"]
    return [
        [
            f"{plan.restore_size:,}",
            name,
            stats[name].fmt(1e3, 1),
            base.fmt(1e3, 1),
            f"{stats[name].median / base.median:.2f}x",
        ]
        for name in ("sealed (default)", "seal_events=False")
    ]


def storage(eng: MemoryEngine, raw: RawStore, kind: str) -> list[list[str]]:
    if kind == "sqlite":
        path = eng.backend.path
        assert path is not None
        ours = sqlite_bytes(path, ["stored_events", "snapshots"])
        base = sqlite_bytes(path, ["raw_events"])
        with raw.connect() as conn:
            messages = conn.execute("SELECT COUNT(*) FROM stored_events WHERE topic = 'message.added'").fetchone()[0]
            raw_rows = conn.execute("SELECT COUNT(*) FROM raw_events").fetchone()[0]
    else:
        with raw.connect() as conn:
            conn.autocommit = True
            conn.execute("VACUUM ANALYZE")  # settle the free-space and visibility maps
            ours = pg_relation_bytes(conn, ["ledgermind_events", "ledgermind_snapshots"])
            base = pg_relation_bytes(conn, ["raw_events"])
            messages = conn.execute("SELECT COUNT(*) FROM ledgermind_events WHERE topic = 'message.added'").fetchone()[
                0
            ]
            raw_rows = conn.execute("SELECT COUNT(*) FROM raw_events").fetchone()[0]
    per_ours, per_raw = ours / messages, base / raw_rows
    return [[f"{messages:,}", f"{per_ours:.0f}", f"{per_raw:.0f}", f"{per_ours / per_raw:.2f}x"]]


# --- driver ---------------------------------------------------------------------


def bench_backend(kind: str, url: str, plan: Plan) -> dict[str, list[list[str]]]:
    eng = MemoryEngine.open(url)
    raw = RawStore(kind, eng.backend.path if kind == "sqlite" else url)
    total = (
        len(plan.sizes) * plan.samples * 2
        + (sum(plan.threads) + sum(plan.processes)) * plan.per_thread * plan.reps * 2
        + plan.reps
    )
    try:
        with tqdm(total=total, desc=kind, unit="op", file=sys.stderr) as bar:
            return {
                "latency": latency(eng, raw, kind, plan, bar),
                "throughput": throughput(eng, raw, kind, plan, bar),
                "processes": processes(url, raw, eng, plan, bar),
                "restore": restore(eng, raw, url, plan, bar),
                "storage": storage(eng, raw, kind),
            }
    finally:
        eng.close()


@contextmanager
def backend_url(kind: str, pg_dsn: str | None) -> Iterator[str]:
    if kind == "sqlite":
        root = tempfile.mkdtemp(prefix="ledgermind-bench-")
        try:
            yield os.path.join(root, "bench.db")
        finally:
            shutil.rmtree(root, ignore_errors=True)
        return
    with pg_server(pg_dsn) as server, fresh_pg_database(server, "core") as url:
        yield url


def report(kind: str, results: dict[str, list[list[str]]]) -> str:
    name = {"sqlite": "SQLite file (WAL, synchronous=FULL)", "postgresql": "PostgreSQL 16"}[kind]
    return "\n".join(
        [
            f"### {name}\n",
            md_table(
                "Append latency (durable add_message, ms)",
                ["session length", "p50", "p95", "raw p50", "raw p95", "p50 / raw", "p50 / p50@100"],
                results["latency"],
            ),
            md_table(
                "Durable append throughput (messages/s, median [min-max] of 3)",
                ["writer threads", "ledgermind", "raw INSERT+COMMIT", "ratio"],
                results["throughput"],
            ),
            md_table(
                "Durable append throughput, one engine per process (messages/s, median [min-max] of 3)",
                ["writer processes", "ledgermind", "raw INSERT+COMMIT", "ratio"],
                results["processes"],
            ),
            md_table(
                "Restore (ms, median [min-max] of 3)",
                ["messages", "ledgermind", "restore_agent", "raw SELECT + orjson", "ratio"],
                results["restore"],
            ),
            md_table(
                "Bytes stored per message (events + snapshots, with indexes)",
                ["messages stored", "ledgermind", "raw row", "ratio"],
                results["storage"],
            ),
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--quick", action="store_true", help="fewer samples, 2,000-message restore")
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    args = parser.parse_args(argv)
    plan = Plan(args.quick)
    kinds = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    out = []
    for kind in kinds:
        with backend_url(kind, args.pg) as url:
            out.append(report(kind, bench_backend(kind, url, plan)))
    cmd = "python benchmarks/core_bench.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores)\n")
    print("\n".join(out))
    print(DRIFT_NOTE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
