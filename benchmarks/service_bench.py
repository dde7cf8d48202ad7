"""The HTTP service against the in-process library: same database, same run.

For each backend, a fresh database is served by a real ``ledgermind serve``
process (one worker, port 0) while this process opens the same database
with ``MemoryEngine``. Then, alternating sides call by call so drift hits
both alike:

* append latency: one message per call (HTTP ``POST .../messages`` with
  ``httpx`` keep-alive vs ``mem.add_message`` on the owner handle), each side its own session;
* search latency: ``POST .../search`` vs ``mem.search`` over the same
  beliefs (remembered up front, projections caught up on both sides);
* append throughput with 1 and with 16 concurrent clients (threads; each
  client its own session; HTTP clients each their own connection).

Searches alternate with a ``GET /healthz`` (no engine call): the floor of
any HTTP call on this machine, printed beside the search figures. The load
average is printed at the start and the end (absolute times depend on it).

Latencies are p50 / p95 over single calls; the HTTP side includes the
client (``httpx``), the loopback socket, uvicorn, FastAPI, key verification
(one read of the key's stream) and JSON both ways. Targets:
HTTP append p50 within 2 ms of in-process; search p95 within 1.5x.

    python benchmarks/service_bench.py [--backends sqlite,postgresql] [--appends 300]
        [--searches 200] [--clients 16] [--per-client 40]
    LEDGERMIND_BENCH_PG=postgresql://... to use a running server (default: pgserver)
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import DRIFT_NOTE, fresh_pg_database, md_table, message_text, percentile, pg_server

from ledgermind import MemoryEngine, Owner

APP = "bench"
FACTS = [
    "lives in Lyon and works as a nurse",
    "is allergic to peanuts",
    "prefers trains to planes",
    "plays the cello on Sundays",
    "is learning Japanese",
    "has a dog called Miso",
    "drinks green tea, never coffee",
    "runs a half marathon every spring",
    "grew up in Porto",
    "is vegetarian since 2019",
]
QUERIES = [
    "where does she live",
    "food allergy",
    "how does she travel",
    "music hobby",
    "languages",
    "pets",
    "what does she drink",
    "sports",
    "childhood city",
    "diet",
]


@contextmanager
def served(db: str) -> Iterator[str]:
    """``ledgermind serve`` on a free port; yields its base URL."""
    with tempfile.NamedTemporaryFile("w+b", suffix=".log", delete=False) as log:
        env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}
        proc = subprocess.Popen(
            [sys.executable, "-m", "ledgermind.cli", "serve", "--db", db, "--port", "0", "--log-level", "info"],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        for _ in range(2400):
            found = re.search(r"(?:running|listening) on (http://\S+)", Path(log.name).read_text(errors="replace"))
            if found:
                break
            if proc.poll() is not None:
                raise SystemExit("ledgermind serve exited:\n" + Path(log.name).read_text())
            time.sleep(0.05)
        else:
            raise SystemExit("ledgermind serve did not start")
        yield found.group(1)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
        os.unlink(log.name)


def ms(values: list[float], q: float) -> float:
    return percentile(values, q) * 1000


def throughput(clients: int, per_client: int, make: Callable[[int], Callable[[int], Any]]) -> float:
    """Appends per second with ``clients`` threads, each ``per_client`` calls."""
    calls = [make(i) for i in range(clients)]
    barrier = threading.Barrier(clients + 1)

    def run(call: Callable[[int], Any]) -> None:
        barrier.wait()
        for j in range(per_client):
            call(j)

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    return clients * per_client / (time.perf_counter() - start)


def bench(db: str, args: argparse.Namespace) -> list[list[Any]]:
    with MemoryEngine.open(db) as eng:
        _, secret = eng.api_keys().create(APP, "service_bench")
        with served(db) as url:
            auth = {"Authorization": f"Bearer {secret}"}
            with httpx.Client(base_url=url, headers=auth, timeout=60) as api:
                # --- beliefs for search, the same for both sides --------------------------
                mine, theirs = Owner(APP, "search-lib"), Owner(APP, "search-http")
                for fact in FACTS:
                    eng.for_owner(mine).remember(f"Ana {fact}")
                    api.post(f"/v1/users/{theirs.user_id}/memories", json={"statement": f"Ana {fact}"})
                eng.projections.wait(eng.position, timeout=120)
                while api.get("/readyz").json().get("projection_lag", 1) > 0:
                    time.sleep(0.05)  # the server's runner folds what it wrote
                # --- latencies, alternating sides call by call -----------------------------
                lib_sid = eng.for_owner(Owner(APP, "append-lib")).create_session("agent")
                http_sid = api.post("/v1/users/append-http/sessions", json={"agent_id": "agent"}).json()["session_id"]
                path = f"/v1/users/append-http/sessions/{http_sid}/messages"
                for i in range(20):  # warm both paths
                    eng.for_owner(Owner(APP, "append-lib")).add_message(lib_sid, "user", message_text(i, "user"))
                    api.post(path, json={"role": "user", "content": message_text(i, "user")}).raise_for_status()
                    eng.for_owner(mine).search(QUERIES[i % len(QUERIES)], k=5)
                    api.post(f"/v1/users/{theirs.user_id}/search", json={"query": QUERIES[i % len(QUERIES)], "k": 5})
                lib_append: list[float] = []
                http_append: list[float] = []
                for i in range(args.appends):
                    text = message_text(i, "user")
                    t0 = time.perf_counter()
                    eng.for_owner(Owner(APP, "append-lib")).add_message(lib_sid, "user", text)
                    t1 = time.perf_counter()
                    api.post(path, json={"role": "user", "content": text}).raise_for_status()
                    t2 = time.perf_counter()
                    lib_append.append(t1 - t0)
                    http_append.append(t2 - t1)
                lib_search: list[float] = []
                http_search: list[float] = []
                http_floor: list[float] = []
                for i in range(args.searches):
                    q = QUERIES[i % len(QUERIES)]
                    t0 = time.perf_counter()
                    lib_hits = eng.for_owner(mine).search(q, k=5)
                    t1 = time.perf_counter()
                    http_hits = api.post(f"/v1/users/{theirs.user_id}/search", json={"query": q, "k": 5})
                    t2 = time.perf_counter()
                    api.get("/healthz").raise_for_status()
                    t3 = time.perf_counter()
                    assert [h.statement for h in lib_hits] == [h["statement"] for h in http_hits.json()["results"]]
                    lib_search.append(t1 - t0)
                    http_search.append(t2 - t1)
                    http_floor.append(t3 - t2)

            # --- throughput ---------------------------------------------------------------
            def lib_client(i: int) -> Callable[[int], Any]:
                owner = Owner(APP, f"tp-lib-{i}-{time.monotonic_ns()}")
                sid = eng.for_owner(owner).create_session("agent")
                return lambda j: eng.for_owner(owner).add_message(sid, "user", message_text(j, "user"))

            clients_made: list[httpx.Client] = []

            def http_client(i: int) -> Callable[[int], Any]:
                c = httpx.Client(base_url=url, headers=auth, timeout=60)
                clients_made.append(c)
                user = f"tp-http-{i}-{time.monotonic_ns()}"
                sid = c.post(f"/v1/users/{user}/sessions", json={"agent_id": "agent"}).json()["session_id"]
                p = f"/v1/users/{user}/sessions/{sid}/messages"
                return lambda j: c.post(p, json={"role": "user", "content": message_text(j, "user")}).raise_for_status()

            rates = {}
            for n in (1, args.clients):
                per = args.per_client * (4 if n == 1 else 1)
                rates[("lib", n)] = throughput(n, per, lib_client)
                rates[("http", n)] = throughput(n, per, http_client)
            for c in clients_made:
                c.close()

    def row(name: str, lib: float, http: float, unit: str, higher_is_better: bool = False) -> list[Any]:
        ratio = http / lib if lib else float("nan")
        diff = f"{http - lib:+.2f}" if unit == "ms" else ""
        return [name, f"{lib:.2f} {unit}", f"{http:.2f} {unit}", f"{ratio:.2f}x", diff]

    return [
        row("append p50", ms(lib_append, 50), ms(http_append, 50), "ms"),
        row("append p95", ms(lib_append, 95), ms(http_append, 95), "ms"),
        row("search p50", ms(lib_search, 50), ms(http_search, 50), "ms"),
        row("search p95", ms(lib_search, 95), ms(http_search, 95), "ms"),
        # The floor of any HTTP call here: the client, the socket, uvicorn and the app with no engine call.
        ["GET /healthz p50 / p95 (HTTP floor)", "", f"{ms(http_floor, 50):.2f} / {ms(http_floor, 95):.2f} ms", "", ""],
        row("appends/s, 1 client", rates[("lib", 1)], rates[("http", 1)], "/s"),
        row(f"appends/s, {args.clients} clients", rates[("lib", args.clients)], rates[("http", args.clients)], "/s"),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--appends", type=int, default=300)
    parser.add_argument("--searches", type=int, default=200)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--per-client", type=int, default=40)
    args = parser.parse_args()
    headers = ["measure", "in-process", "HTTP", "HTTP / in-process", "HTTP - in-process (ms)"]
    print("load average (1, 5, 15 min) at the start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    for backend in args.backends.split(","):
        if backend == "sqlite":
            with tempfile.TemporaryDirectory() as tmp:
                rows = bench(os.path.join(tmp, "bench.db"), args)
        else:
            with pg_server(os.environ.get("LEDGERMIND_BENCH_PG")) as dsn, fresh_pg_database(dsn, "svc") as db:
                rows = bench(db, args)
        print(
            md_table(f"ledgermind serve vs in-process, {backend} (one worker, same database, same run)", headers, rows)
        )
    print("load average (1, 5, 15 min) at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print(DRIFT_NOTE)


if __name__ == "__main__":
    main()
