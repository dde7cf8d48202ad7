"""Where a durable PostgreSQL append's CPU goes: per engine thread, and the server's, beside raw.

Why CPU and not only messages/s: on a shared machine the fsync latency swings
by 10x between minutes and moves both sides' rates (``core_bench.py``), while
the CPU an append costs does not depend on it. An engine's Python runs one
thread at a time, so the engine's CPU per append bounds its throughput from
one process whatever the disk does; and the server's CPU per append is what
every appending process shares.

For each count of writer threads (one engine, one session each), the run
appends ``--appends`` messages in all, shared among the threads, and reads,
before and after:
``time.process_time`` (the whole engine process), each engine thread's CPU
from ``/proc/self/task`` (writer, erasure watch, ...; the callers are the
rest), and, when the server runs on this machine, the CPU of the postmaster
and its children from ``/proc`` (its data directory's ``postmaster.pid``).
Then as many raw connections append the same bytes with ``INSERT`` +
``COMMIT`` each (same run, same server): the messages/s ratio is the one of
``core_bench.py``'s throughput table.

    python benchmarks/append_cpu.py --pg DSN --writers 1,8 --appends 1000
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import psycopg
from harness import fresh_pg_database, md_table, message_text, pg_server

from ledgermind import MemoryEngine, Owner
from ledgermind.domain.config import EngineConfig

OWNER = Owner(app="bench", user_id="cpu")
TICK = os.sysconf("SC_CLK_TCK")
CALLER = "caller-"


def thread_cpu() -> collections.Counter[str]:
    """CPU seconds of each of this process's live threads, by thread name."""
    names = {t.native_id: t.name for t in threading.enumerate()}
    out: collections.Counter[str] = collections.Counter()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # the thread ended meanwhile
            continue
        out[names.get(int(task.name), "other")] += (int(fields[11]) + int(fields[12])) / TICK
    return out


def server_cpu(datadir: Path | None) -> float | None:
    """CPU seconds of the postmaster and its children; None if not on this machine."""
    if datadir is None:
        return None
    try:
        postmaster = int((datadir / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    total = 0.0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(proc.name) == postmaster or int(fields[1]) == postmaster:
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def data_directory(url: str) -> Path | None:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT setting FROM pg_settings WHERE name = 'data_directory'").fetchone()
    path = Path(row[0]) if row else None
    return path if path is not None and path.is_dir() else None


def run_threads(count: int, work: Callable[[int], None]) -> float:
    threads = [threading.Thread(target=work, args=(i,), name=f"{CALLER}{i}") for i in range(count)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start


def measure(eng: MemoryEngine, url: str, datadir: Path | None, writers: int, per: int) -> list[str]:
    memory = eng.for_owner(OWNER)
    sids = [memory.create_session(agent_id=f"cpu-{writers}-{i}") for i in range(writers)]
    for sid in sids:
        memory.add_message(sid, role="user", content="warm")
    time.sleep(0.5)  # the engine's threads settle after the warm-up

    def engine_work(i: int) -> None:
        for n in range(per):
            memory.add_message(sids[i], role="user", content=message_text(n, "user"))

    threads0, process0, server0 = thread_cpu(), time.process_time(), server_cpu(datadir)
    wall = run_threads(writers, engine_work)
    threads1, process1, server1 = thread_cpu(), time.process_time(), server_cpu(datadir)
    state = b"x" * 400

    def raw_work(i: int) -> None:
        stream = uuid.uuid4()
        with psycopg.connect(url) as conn:
            for n in range(per):
                conn.execute("INSERT INTO raw_cpu VALUES (%s, %s, %s)", (stream, n, state))
                conn.commit()

    raw_wall = run_threads(writers, raw_work)
    n = writers * per
    per_ms = 1e3 / n
    engine_threads = {
        k: threads1[k] - threads0.get(k, 0.0) for k in threads1 if not k.startswith(CALLER) and k != "MainThread"
    }
    named = sum(engine_threads.values())
    top = sorted(engine_threads.items(), key=lambda kv: -kv[1])[:3]
    server = "" if server0 is None or server1 is None else f"{(server1 - server0) * per_ms:.3f}"
    return [
        str(writers),
        f"{n / wall:,.0f}",
        f"{n / raw_wall:,.0f}",
        f"{raw_wall / wall:.2f}x",
        f"{(process1 - process0) * per_ms:.3f}",
        ", ".join(f"{k} {v * per_ms:.3f}" for k, v in top if v > 0),
        f"{(process1 - process0 - named) * per_ms:.3f}",
        server,
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    parser.add_argument("--writers", default="1,8", help="writer thread counts, comma-separated")
    parser.add_argument("--appends", type=int, default=1000, help="appends per thread count, shared among the threads")
    args = parser.parse_args(argv)
    rows = []
    with pg_server(args.pg) as server, fresh_pg_database(server, "cpu") as url:
        with psycopg.connect(url) as conn:
            conn.execute("CREATE TABLE raw_cpu (stream uuid, version int, state bytea, PRIMARY KEY (stream, version))")
        datadir = data_directory(url)
        with MemoryEngine.open(config=EngineConfig(db=url)) as eng:
            for writers in (int(w) for w in args.writers.split(",")):
                rows.append(measure(eng, url, datadir, writers, max(1, args.appends // writers)))
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    cmd = "python benchmarks/append_cpu.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load after: {load})\n")
    print(
        md_table(
            "Durable appends on PostgreSQL: CPU per append, beside raw INSERT + COMMIT",
            [
                "writer threads",
                "ledgermind msg/s",
                "raw msg/s",
                "ratio",
                "engine CPU ms/append",
                "of which (threads)",
                "callers and the rest ms/append",
                "server CPU ms/append",
            ],
            rows,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
