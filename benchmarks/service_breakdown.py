"""Where an HTTP append's time goes, layer by layer, in one run.

    python benchmarks/service_breakdown.py [--backend sqlite|postgresql] [--appends 300]

Five ways to append one ~200-character message to a session of the same
database, alternated call by call so drift hits each alike:

1. ``add_message`` in-process (validation, the writer thread, the commit);
2. ``add_messages_async`` awaited on an event loop (what the route awaits);
3. ``POST .../messages`` through the ASGI app in-process (``httpx.ASGITransport``):
   FastAPI, the middlewares, key check, body parsing and the answer, no socket;
4. the same ``POST`` to a real ``ledgermind serve`` over loopback (``httpx``
   keep-alive): 3 plus uvicorn, the socket and a second process;
5. ``GET /healthz`` to that server: the floor of 4 with no engine at all.

Wall times on a loaded machine swing; so the server's own CPU time per
request is read too (``/proc/<pid>/stat``, all its threads: the event loop,
the writer, the projection runner), for ``/healthz`` and for an append, over
``--appends`` calls of each back to back: CPU time does not count waits.

Each row's difference with the row above it is that layer's share of the
p50 (medians of per-call times; the layers overlap a little: 4 runs its
app in another process with its own engine, so 4 - 3 is "uvicorn + socket
+ client", not a pure subtraction).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import DRIFT_NOTE, fresh_pg_database, md_table, message_text, percentile, pg_server
from service_bench import served

from ledgermind import MemoryEngine, Owner
from ledgermind.service.app import create_app
from ledgermind.service.settings import ServiceSettings

APP = "breakdown"


@contextmanager
def database(kind: str) -> Iterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory(prefix="ledgermind-breakdown-") as root:
            yield os.path.join(root, "db.sqlite")
        return
    with pg_server(os.environ.get("LEDGERMIND_BENCH_PG")) as server, fresh_pg_database(server, "breakdown") as url:
        yield url


def server_cpu_s(db: str) -> float:
    """User + system CPU seconds of the ``ledgermind serve`` process serving ``db``."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if b"serve" in cmdline and db.encode() in cmdline:
            fields = stat.rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    raise SystemExit("the server process was not found in /proc")


def cpu_per_call(db: str, calls: int, call: Callable[[int], Any]) -> float:
    before = server_cpu_s(db)
    for i in range(calls):
        call(i)
    return (server_cpu_s(db) - before) / calls


def measure(kind: str, appends: int) -> tuple[list[list[str]], list[list[str]]]:
    with database(kind) as db, MemoryEngine.open(db) as eng:
        _, secret = eng.api_keys().create(APP, "breakdown")
        auth = {"Authorization": f"Bearer {secret}"}
        app = create_app(eng, ServiceSettings(distill=False))
        loop = asyncio.new_event_loop()
        lifespan = app.router.lifespan_context(app)  # the key index, the runner: as the server runs them
        loop.run_until_complete(lifespan.__aenter__())
        asgi = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://asgi", headers=auth)
        with served(db) as url, httpx.Client(base_url=url, headers=auth, timeout=60) as api:
            owners = {name: Owner(APP, name) for name in ("sync", "async", "asgi", "http")}
            sids = {name: eng.for_owner(o).create_session("agent") for name, o in owners.items()}
            sids["http"] = api.post("/v1/users/http/sessions", json={"agent_id": "agent"}).json()["session_id"]
            sids["asgi"] = loop.run_until_complete(
                asgi.post("/v1/users/asgi/sessions", json={"agent_id": "agent"})
            ).json()["session_id"]

            def body(i: int) -> dict[str, Any]:
                return {"role": "user", "content": message_text(i, "user")}

            def post_asgi(i: int) -> None:
                answer = loop.run_until_complete(
                    asgi.post(f"/v1/users/asgi/sessions/{sids['asgi']}/messages", json=body(i))
                )
                answer.raise_for_status()

            layers: list[tuple[str, Callable[[int], Any]]] = [
                (
                    "1. add_message in-process",
                    lambda i: eng.for_owner(owners["sync"]).add_message(sids["sync"], **body(i)),
                ),
                (
                    "2. add_messages_async on a loop",
                    lambda i: loop.run_until_complete(
                        eng.for_owner(owners["async"]).add_messages_async(sids["async"], [body(i)])
                    ),
                ),
                ("3. POST through the ASGI app (no socket)", post_asgi),
                (
                    "4. POST to ledgermind serve (loopback)",
                    lambda i: api.post(
                        f"/v1/users/http/sessions/{sids['http']}/messages", json=body(i)
                    ).raise_for_status(),
                ),
                ("5. GET /healthz to ledgermind serve", lambda i: api.get("/healthz").raise_for_status()),
            ]
            cpu = [
                [name, f"{cpu_per_call(db, appends, call) * 1e6:,.0f}"]
                for name, call in (layers[4], layers[3])  # /healthz first: the floor
            ]
            times: dict[str, list[float]] = {name: [] for name, _ in layers}
            for i in range(20 + appends):
                for name, call in layers:
                    t0 = time.perf_counter()
                    call(i)
                    if i >= 20:  # the first 20 rounds warm every path
                        times[name].append(time.perf_counter() - t0)
        loop.run_until_complete(asgi.aclose())
        loop.run_until_complete(lifespan.__aexit__(None, None, None))
        loop.close()
    rows = []
    previous = None
    for name, _ in layers:
        p50 = percentile(times[name], 50) * 1e6
        p95 = percentile(times[name], 95) * 1e6
        step = "" if previous is None or name.startswith("5.") else f"{p50 - previous:+,.0f}"
        rows.append([name, f"{p50:,.0f}", f"{p95:,.0f}", step])
        previous = p50
    return rows, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--appends", type=int, default=300)
    args = parser.parse_args()
    rows, cpu = measure(args.backend, args.appends)
    cmd = "python benchmarks/service_breakdown.py " + " ".join(sys.argv[1:])
    print(f"`{cmd.strip()}` ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores)\n")
    print(
        md_table(
            f"{args.backend}: one append, layer by layer ({args.appends} calls each, alternated; microseconds)",
            ["path", "p50 (us)", "p95 (us)", "p50 minus the row above"],
            rows,
        )
    )
    print(
        md_table(
            f"{args.backend}: the server's CPU per request ({args.appends} calls of each, back to back)",
            ["request", "server CPU per request (us)"],
            cpu,
        )
    )
    print(DRIFT_NOTE)


if __name__ == "__main__":
    main()
