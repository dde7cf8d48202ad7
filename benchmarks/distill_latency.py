"""Message posted over HTTP -> belief searchable, and the distiller's throughput.

For each backend, same run, two configurations of a real ``ledgermind serve``:

* **serve's own** (today's default): the service's distiller, in a child
  process the server supervises (``ledgermind.api.distill_process``),
  polling every ``LEDGERMIND_DISTILL_POLL_S`` (0.1 s), under the lease;
* **separate worker** (the previous code path, which every user needed
  before): ``serve --no-distill`` beside ``ledgermind distill run`` with its
  default poll of 1 s.

Latency: one message at a time (each a new user, a statement the rules turn
into a belief), ``POST .../messages``, then ``POST .../search`` every 50 ms
until the belief is among the hits; p50 / p95 / max over ``--messages``.
Target: p95 <= 1 s with serve's own.

Throughput: a backlog of ``--backlog`` messages (``--sessions`` sessions) is
written first, then one distiller drains it (``run_forever`` on a thread,
as the service runs it); messages per second until the lag is 0. The
baseline is the distiller as it was (no lease); the other holds the lease
the service's distiller now runs under; each on its own copy of the backlog,
alternated ``--rounds`` times (medians).

    python benchmarks/distill_latency.py [--backends sqlite,postgresql] [--messages 60]
        [--backlog 600] [--sessions 30] [--rounds 3]
    LEDGERMIND_BENCH_PG=postgresql://... to use a running server (default: pgserver)
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import DRIFT_NOTE, fresh_pg_database, md_table, percentile, pg_server

from ledgermind import MemoryEngine, Owner
from ledgermind.api.distilling import distill_lag_of
from ledgermind.distill.distiller import Distiller
from ledgermind.distill.lease import DistillLease

APP = "bench"
CITIES = ["Lisbon", "Porto", "Lyon", "Osaka", "Quito", "Tallinn", "Dakar", "Hobart", "Bergen", "Cusco"]
BANDS = ["Radiohead", "Blur", "Portishead", "Massive Attack", "Pulp", "Suede", "Elbow", "Wilco"]


def statement(i: int) -> tuple[str, str, str]:
    """(message, search query, a word the belief must contain): varied, each a belief."""
    if i % 2:
        city = CITIES[i % len(CITIES)]
        return f"I live in {city}.", "where does the user live", city
    band = BANDS[i % len(BANDS)]
    return f"My favourite band is {band}.", "favourite band", band


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}


@contextmanager
def process(args: list[str], env: dict[str, str], wait_for: str | None = None) -> Iterator[str]:
    """A ``ledgermind`` subprocess; yields the first match of ``wait_for`` in its log."""
    with tempfile.NamedTemporaryFile("w+b", suffix=".log", delete=False) as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "ledgermind.cli", *args], stdout=log, stderr=subprocess.STDOUT, env=env
        )
    try:
        found = ""
        if wait_for:
            for _ in range(2400):
                match = re.search(wait_for, Path(log.name).read_text(errors="replace"))
                if match:
                    found = match.group(1)
                    break
                if proc.poll() is not None:
                    raise SystemExit(f"ledgermind {args[0]} exited:\n" + Path(log.name).read_text())
                time.sleep(0.05)
            else:
                raise SystemExit(f"ledgermind {args[0]} did not start")
        yield found
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
        os.unlink(log.name)


def latencies(db: str, secret: str, n: int, separate: bool) -> list[float]:
    env = _env()
    serve = ["serve", "--db", db, "--port", "0", "--log-level", "info"] + (["--no-distill"] if separate else [])
    with ExitStack() as stack:
        url = stack.enter_context(process(serve, env, r"(?:running|listening) on (http://[^\s,]+)"))
        if separate:
            stack.enter_context(process(["distill", "run", "--db", db], env, r"(started)"))
        out: list[float] = []
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {secret}"}, timeout=60) as api:
            for i in range(n):
                user = f"lat-{'w' if separate else 'p'}-{i}-{uuid.uuid4().hex[:6]}"
                sid = api.post(f"/v1/users/{user}/sessions", json={"agent_id": "a"}).json()["session_id"]
                text, query, word = statement(i)
                t0 = time.perf_counter()
                api.post(
                    f"/v1/users/{user}/sessions/{sid}/messages", json={"role": "user", "content": text}
                ).raise_for_status()
                while True:
                    hits = api.post(f"/v1/users/{user}/search", json={"query": query, "k": 3}).json()["results"]
                    if any(word in h["statement"] for h in hits if h["item_type"] == "memory"):
                        break
                    if time.perf_counter() - t0 > 30:
                        raise SystemExit(f"message {i} was not searchable as a belief after 30 s")
                    time.sleep(0.05)  # the client's poll: 50 ms, so it does not starve the server
                out.append(time.perf_counter() - t0)
    return out


def backlog(db: str, total: int, sessions: int) -> None:
    with MemoryEngine.open(db) as eng:
        mems = [eng.for_owner(Owner(APP, f"tp-{s}")) for s in range(sessions)]
        sids = [m.create_session("a") for m in mems]
        for i in range(total):
            mems[i % sessions].add_message(sids[i % sessions], "user", statement(i)[0])


def drain(db: str, total: int, leased: bool) -> float:
    """Messages per second for one distiller (``run_forever`` on a thread,
    polling every 0.1 s, as in the service) to bring the lag to 0."""
    with MemoryEngine.open(db) as eng:
        lease = DistillLease(eng.backend, "distiller") if leased else None
        distiller = Distiller(eng.writes, lease=lease)
        stop = threading.Event()
        thread = threading.Thread(target=distiller.run_forever, args=(stop.is_set, 0.1))
        start = time.perf_counter()
        thread.start()
        while distill_lag_of(eng).messages:
            time.sleep(0.05)
        seconds = time.perf_counter() - start
        stop.set()
        thread.join()
        if lease is not None:
            lease.close()
    return total / seconds


def bench(make_db: Any, args: argparse.Namespace) -> list[list[Any]]:
    db = make_db()
    with MemoryEngine.open(db) as eng:
        _, secret = eng.api_keys().create(APP, "distill_latency")
    worker = latencies(db, secret, args.messages, separate=True)
    inproc = latencies(db, secret, args.messages, separate=False)
    runs: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(args.rounds):
        for leased in (False, True):
            copy = make_db()
            backlog(copy, args.backlog, args.sessions)
            runs[leased].append(drain(copy, args.backlog, leased))
    rates = {leased: statistics.median(values) for leased, values in runs.items()}

    def s(values: list[float], q: float) -> str:
        return f"{percentile(values, q):.3f} s"

    return [
        [
            "posted -> searchable p50",
            s(worker, 50),
            s(inproc, 50),
            f"{percentile(inproc, 50) / percentile(worker, 50):.2f}x",
        ],
        [
            "posted -> searchable p95",
            s(worker, 95),
            s(inproc, 95),
            f"{percentile(inproc, 95) / percentile(worker, 95):.2f}x",
        ],
        ["posted -> searchable max", s(worker, 100), s(inproc, 100), ""],
        [
            "distiller throughput (backlog)",
            f"{rates[False]:.0f} msg/s",
            f"{rates[True]:.0f} msg/s",
            f"{rates[True] / rates[False]:.2f}x",
        ],
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--messages", type=int, default=60)
    parser.add_argument("--backlog", type=int, default=600)
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    headers = [
        "measure",
        "separate worker (distill run, poll 1 s)",
        "serve's own (child process, poll 0.1 s, leased)",
        "serve's own / worker",
    ]
    for backend in args.backends.split(","):
        with ExitStack() as stack:
            if backend == "sqlite":
                tmp = stack.enter_context(tempfile.TemporaryDirectory())
                names = iter(range(100))

                def make_db() -> str:
                    return os.path.join(tmp, f"bench-{next(names)}.db")
            else:
                dsn = stack.enter_context(pg_server(os.environ.get("LEDGERMIND_BENCH_PG")))

                def make_db() -> str:
                    return stack.enter_context(fresh_pg_database(dsn, "dlat"))

            rows = bench(make_db, args)
        print(
            md_table(
                f"distillation latency and throughput, {backend} (same run; throughput: "
                f"{args.backlog} messages in {args.sessions} sessions, median of {args.rounds}; "
                "throughput baseline: the same distiller without the lease)",
                headers,
                rows,
            )
        )
    print(DRIFT_NOTE)


if __name__ == "__main__":
    main()
