"""The cost of fencing: append latency with and without an incarnation, and heartbeat throughput.

    python benchmarks/fencing_bench.py [--backend sqlite|postgresql|both] [--quick] [--pg DSN]

Append: one engine, one session, durable single-message appends alternating
between a write that carries the agent's incarnation and one that does not
(so drift, fsync swings and cache state hit both sides alike); p50 and p95
of each, and their ratio in the same run. The fenced write checks the
session's epoch (the aggregate it appends to anyway) and the agent's (a
cached aggregate): no extra statement, no extra event.

Heartbeats: ``mem.heartbeat`` calls per second, from one thread and from
four (four agents), each one upsert of a lease row and a commit, no event.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from collections.abc import Callable

from core_bench import backend_url
from harness import DRIFT_NOTE, Stats, md_table, message_text, percentile

from ledgermind import MemoryEngine, Owner

OWNER = Owner("fencing-bench", "user-1")


def appends(eng: MemoryEngine, samples: int) -> list[list[str]]:
    incarnation = eng.for_owner(OWNER).claim_agent("bench-agent")
    sid = eng.for_owner(OWNER).create_session("bench-agent", incarnation=incarnation)
    for i in range(50):  # warm the writer's cache and the connection
        eng.for_owner(OWNER).add_message(
            sid, "user", message_text(i, "user"), incarnation=incarnation if i % 2 else None
        )
    plain: list[float] = []
    fenced: list[float] = []
    for i in range(samples * 2):
        text = message_text(i, "assistant")
        fence = i % 2 == 1
        start = time.perf_counter()
        eng.for_owner(OWNER).add_message(sid, "assistant", text, incarnation=incarnation if fence else None)
        (fenced if fence else plain).append(time.perf_counter() - start)
    p50, f50 = percentile(plain, 50), percentile(fenced, 50)
    return [
        ["without incarnation", f"{p50 * 1000:.2f}", f"{percentile(plain, 95) * 1000:.2f}", "1.00"],
        ["with incarnation", f"{f50 * 1000:.2f}", f"{percentile(fenced, 95) * 1000:.2f}", f"{f50 / p50:.2f}"],
    ]


def heartbeats(eng: MemoryEngine, seconds: float) -> list[list[str]]:
    rows = []
    for threads in (1, 4):
        agents = [f"beat-{threads}-{i}" for i in range(threads)]
        epochs = [eng.for_owner(OWNER).claim_agent(a) for a in agents]
        stats = Stats()
        for _ in range(3):
            stats.add(_beats_per_second(eng, agents, epochs, seconds))
        rows.append([str(threads), stats.fmt(digits=0)])
    return rows


def _beats_per_second(eng: MemoryEngine, agents: list[str], epochs: list[int], seconds: float) -> float:
    counts = [0] * len(agents)
    deadline = time.perf_counter() + seconds

    def work(i: int) -> Callable[[], None]:
        def run() -> None:
            while time.perf_counter() < deadline:
                eng.for_owner(OWNER).heartbeat(agents[i], epochs[i])
                counts[i] += 1

        return run

    start = time.perf_counter()
    threads = [threading.Thread(target=work(i)) for i in range(len(agents))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--quick", action="store_true", help="100 appends a side, 1 s of heartbeats")
    parser.add_argument("--pg", metavar="DSN", help="an existing PostgreSQL server (default: pgserver)")
    args = parser.parse_args(argv)
    samples, seconds = (100, 1.0) if args.quick else (300, 3.0)
    kinds = ("sqlite", "postgresql") if args.backend == "both" else (args.backend,)
    out = []
    for kind in kinds:
        with backend_url(kind, args.pg) as url:
            with MemoryEngine.open(url) as eng:
                latency = appends(eng, samples)
                beats = heartbeats(eng, seconds)
        name = {"sqlite": "SQLite file (WAL, synchronous=FULL)", "postgresql": "PostgreSQL 16"}[kind]
        out.append(f"### {name}\n")
        out.append(
            md_table(
                f"Durable append, ms ({samples} a side, alternating)", ["write", "p50", "p95", "p50 / without"], latency
            )
        )
        out.append(md_table("Heartbeats per second (median [min-max] of 3)", ["threads", "beats/s"], beats))
    cmd = "python benchmarks/fencing_bench.py " + " ".join(argv if argv is not None else sys.argv[1:])
    print(f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores)\n")
    print("\n".join(out))
    print(DRIFT_NOTE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
