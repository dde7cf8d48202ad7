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
the writer, the projection runner; and apart, its child, the distiller
process), for ``/healthz`` and for an append, over ``--appends`` calls of
each back to back: CPU time does not count waits.

Each row's difference with the row above it is that layer's share of the
p50 (medians of per-call times; the layers overlap a little: 4 runs its
app in another process with its own engine, so 4 - 3 is "uvicorn + socket
+ client", not a pure subtraction).

Last, the event loop's own CPU per request (``time.thread_time`` of the
thread that runs the app: no waits, no other thread's work), with requests
handed to the ASGI app as bare calls (no client, no socket): the whole app,
the app without each of its middlewares in turn, ``/healthz``, a search,
and the engine's ``add_messages_async`` alone; median of three rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import orjson

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


def _cpu_s(stat: str) -> tuple[int, float]:
    """(parent pid, user + system CPU seconds) from a ``/proc/<pid>/stat`` line."""
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_cpu_s(db: str) -> tuple[float, float]:
    """CPU seconds of the ``ledgermind serve`` process serving ``db`` (all its
    threads), and of its children (the distiller process) together."""
    stats: dict[int, str] = {}
    server = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            stats[int(entry.name)] = (entry / "stat").read_text()
        except OSError:
            continue
        if b"serve" in cmdline and db.encode() in cmdline:
            server = int(entry.name)
    if not server:
        raise SystemExit("the server process was not found in /proc")
    children = sum(cpu for ppid, cpu in map(_cpu_s, stats.values()) if ppid == server)
    return _cpu_s(stats[server])[1], children


def cpu_per_call(db: str, calls: int, call: Callable[[int], Any]) -> tuple[float, float]:
    """Server and children CPU seconds per call; the children's work for these
    calls (the distiller's) is given 2 s to finish before the second reading."""
    before = server_cpu_s(db)
    for i in range(calls):
        call(i)
    time.sleep(2.0)
    after = server_cpu_s(db)
    return (after[0] - before[0]) / calls, (after[1] - before[1]) / calls


def distilling(api: httpx.Client, timeout: float = 120.0) -> None:
    """Waits until the server's distiller process holds the lease (``/metrics``)."""
    deadline = time.monotonic() + timeout
    while "ledgermind_distiller_holding 1.0" not in api.get("/metrics").text:
        if time.monotonic() > deadline:
            raise SystemExit("the server's distiller process did not start")
        time.sleep(0.1)


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
            distilling(api)  # its distiller process has started: its start-up is not a request's cost
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
                [name, *(f"{seconds * 1e6:,.0f}" for seconds in cpu_per_call(db, appends, call))]
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


async def bare_call(app: Any, method: str, path: str, headers: list[tuple[bytes, bytes]], body: bytes = b"") -> int:
    """One request handed to the ASGI app as a call (what uvicorn does after parsing); its status."""
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.Event().wait()  # no disconnect while the answer is written
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    status: list[int] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            status.append(message["status"])

    length = [(b"content-length", str(len(body)).encode())] if body else []
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": headers + length, "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 2)}  # fmt: skip
    await app(scope, receive, send)
    return status[0]


def loop_cpu(kind: str, calls: int) -> list[list[str]]:
    """The event loop thread's CPU per request, by layer (module doc)."""
    logging.getLogger("ledgermind.access").addHandler(logging.NullHandler())  # the line is made, as when served
    logging.getLogger("ledgermind.access").setLevel(logging.INFO)
    with database(kind) as db, MemoryEngine.open(db) as eng:
        _, secret = eng.api_keys().create(APP, "breakdown")
        headers = [(b"authorization", f"Bearer {secret}".encode()), (b"content-type", b"application/json")]
        loop = asyncio.new_event_loop()
        full = create_app(eng, ServiceSettings(distill=False))
        lifespan = full.router.lifespan_context(full)
        loop.run_until_complete(lifespan.__aenter__())
        apps: dict[str, Any] = {"the whole app": full}
        for name, cls in (
            ("access log", "AccessLog"),
            ("metrics", "_Measure"),
            ("positions", "Positions"),
            ("body limit", "_BodyLimit"),
        ):  # fmt: skip (the app's middleware classes, by name)
            app = create_app(eng, ServiceSettings(distill=False))
            app.user_middleware = [m for m in app.user_middleware if getattr(m.cls, "__name__", "") != cls]
            app.state.service.keys.start()  # its key index, as its lifespan would (the engine is the one above)
            apps[f"without the {name} middleware"] = app
        mem = eng.for_owner(Owner(APP, "cpu"))
        sid = mem.create_session("agent")
        for statement in ("Ana lives in Lyon", "Ana has a dog called Miso", "Ana plays the cello"):
            mem.remember(statement)
        eng.projections.wait(eng.position, timeout=120)
        path = f"/v1/users/cpu/sessions/{sid}/messages"

        def body(i: int) -> dict[str, Any]:
            return {"role": "user", "content": message_text(i, "user")}

        ways: list[tuple[str, Callable[[int], Any]]] = [
            *((f"POST .../messages, {name}", lambda i, a=a: bare_call(a, "POST", path, headers, orjson.dumps(body(i))))
              for name, a in apps.items()),
            ("add_messages_async alone (the engine's share)", lambda i: mem.add_messages_async(sid, [body(i)])),
            ("POST .../search, the whole app", lambda i: bare_call(
                full, "POST", "/v1/users/cpu/search", headers, b'{"query": "where does she live", "k": 5}')),
            ("GET /healthz, the whole app", lambda i: bare_call(full, "GET", "/healthz", headers)),
        ]  # fmt: skip
        runs: dict[str, list[float]] = {name: [] for name, _ in ways}
        for _ in range(3):
            for name, way in ways:
                for i in range(10):
                    loop.run_until_complete(way(i))
                start = time.thread_time()
                for i in range(calls):
                    loop.run_until_complete(way(i))
                runs[name].append((time.thread_time() - start) / calls * 1e6)
        for app in apps.values():
            if app is not full:
                app.state.service.keys.stop()
        loop.run_until_complete(lifespan.__aexit__(None, None, None))
        loop.close()
    return [[name, f"{sorted(v)[1]:,.0f}", ", ".join(f"{x:,.0f}" for x in v)] for name, v in runs.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--appends", type=int, default=300)
    args = parser.parse_args()
    rows, cpu = measure(args.backend, args.appends)
    loop_rows = loop_cpu(args.backend, args.appends)
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
            ["request", "server CPU per request (us)", "its distiller process's CPU per request (us)"],
            cpu,
        )
    )
    print(
        md_table(
            f"{args.backend}: the event loop's CPU per request, bare ASGI calls ({args.appends} calls, 3 rounds)",
            ["request", "loop CPU per request (us, median)", "rounds"],
            loop_rows,
        )
    )
    print(DRIFT_NOTE)


if __name__ == "__main__":
    main()
