"""SIGTERM to ``ledgermind serve`` under 8 writing clients: nothing acknowledged is lost.

The server's graceful shutdown lets every request in flight finish and be
answered, refuses what arrives after, and closes the engine last. The check
is made from the event store alone (``restore_agent`` in a fresh engine):
every message a client got a 2xx for is there exactly once, and nothing is
there that no client was told about (a write either finished and was
acknowledged, or never started). An open event feed ends by itself, so the
shutdown does not wait for its grace period. The server exits with status 0.
"""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from pathlib import Path

import httpx
import pytest

from ledgermind import MemoryEngine
from ledgermind.domain.owner import Owner
from tests.support.service_server import make_key, module_db, start_server

CLIENTS = 8
MAX_EACH = 500  # a bound, so the run ends even if the signal were ignored
ACKED_BEFORE_SIGNAL = 80


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigterm_during_concurrent_writes_loses_no_acknowledged_message(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    dsn = request.getfixturevalue("pg_server_dsn") if backend == "postgresql" else None
    with module_db(backend, tmp_path, dsn) as db:
        _, secret = make_key(db, "app-s")
        # A grace period far past the test's patience: the open event feed
        # below must end by itself on SIGTERM, not be cut off when it expires.
        server = start_server(db, tmp_path / "serve.log", env={"LEDGERMIND_SHUTDOWN_GRACE_S": "600"})
        users = [f"w{i}-{uuid.uuid4().hex[:6]}" for i in range(CLIENTS)]
        sessions = {}
        with server.client(secret) as c:
            for u in users:
                sessions[u] = c.post(f"/v1/users/{u}/sessions", json={"agent_id": "writer"}).json()["session_id"]
        acked: dict[str, list[str]] = {u: [] for u in users}
        count = 0
        enough = threading.Event()
        lock = threading.Lock()

        def write(u: str) -> None:
            nonlocal count
            with server.client(secret) as client:
                for j in range(MAX_EACH):
                    content = f"{u}:{j}"
                    try:
                        r = client.post(
                            f"/v1/users/{u}/sessions/{sessions[u]}/messages", json={"role": "user", "content": content}
                        )
                    except httpx.TransportError:
                        return  # the server has gone: this write was not acknowledged
                    if r.status_code >= 300:
                        return
                    acked[u].append(content)
                    with lock:
                        count += 1
                        if count >= ACKED_BEFORE_SIGNAL:
                            enough.set()

        feed_lines: list[str] = []
        feed_open = threading.Event()

        def follow() -> None:  # an auditor following the first user's events
            with server.client(secret) as client, client.stream("GET", f"/v1/users/{users[0]}/events") as r:
                feed_open.set()
                feed_lines.extend(r.iter_lines())  # returns when the server ends the stream

        feed = threading.Thread(target=follow)
        feed.start()
        assert feed_open.wait(60)
        threads = [threading.Thread(target=write, args=(u,)) for u in users]
        for t in threads:
            t.start()
        try:
            assert enough.wait(120), "the clients did not get going"
            code = server.terminate(timeout=60)
        finally:
            server.kill()
            for t in [*threads, feed]:
                t.join(120)
        log = server.log.read_text()
        assert code == 0, log
        assert "Traceback" not in log, log
        assert not feed.is_alive() and any(line.startswith("data: ") for line in feed_lines)
        with MemoryEngine.open(db) as eng:
            for u in users:
                restored = eng.for_owner(Owner("app-s", u)).restore_agent("writer")
                stored = Counter(m.content for m in restored.messages)
                assert all(n == 1 for n in stored.values()), f"{u}: duplicated {stored.most_common(3)}"
                assert set(acked[u]) <= set(stored), f"{u}: acknowledged but lost {set(acked[u]) - set(stored)}"
                assert set(stored) == set(acked[u]), (
                    f"{u}: written but never acknowledged {set(stored) - set(acked[u])}"
                )
                assert [m.seq for m in restored.messages] == list(range(1, len(stored) + 1))
        assert sum(len(v) for v in acked.values()) < CLIENTS * MAX_EACH  # the signal, not the bound, ended it
