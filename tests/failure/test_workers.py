"""``serve --workers 2`` as a client sees it: its own writes, and a clean restart.

Real processes on both backends. A memory acknowledged by one worker must be
listed by the next request wherever it lands, when the client sends back the
position it was answered (``Ledgermind-Position`` -> ``Ledgermind-Min-Position``);
and a SIGKILL of the parent must not leave workers holding the port.
"""

from __future__ import annotations

import os
import signal
import socket
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.service_server import make_key, module_db, start_server


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    dsn = request.getfixturevalue("pg_server_dsn") if request.param == "postgresql" else None
    with module_db(request.param, tmp_path, dsn) as url:
        yield url


def test_a_client_reads_its_writes_on_every_worker(db: str, tmp_path: Path) -> None:
    _, secret = make_key(db, "app")
    user = f"u-{uuid.uuid4().hex[:8]}"
    server = start_server(db, tmp_path / "serve.log", args=["--workers", "2"])
    try:
        missing = []
        for i in range(30):
            statement = f"Alice planted {i} tulips on day {uuid.uuid4().hex[:6]}"
            with server.client(secret) as c:  # one connection per request: either worker
                r = c.post(f"/v1/users/{user}/memories", json={"statement": statement})
                assert r.status_code == 201, r.text
                position = r.headers["Ledgermind-Position"]
            with server.client(secret) as c:
                held = c.get(f"/v1/users/{user}/beliefs", headers={"Ledgermind-Min-Position": position})
                assert held.status_code == 200, held.text
                if statement not in {b["statement"] for b in held.json()["beliefs"]}:
                    missing.append(i)
        assert missing == []
    finally:
        assert server.terminate() == 0, server.log.read_text()


def test_workers_die_with_their_parent_so_a_restart_binds(db: str, tmp_path: Path) -> None:
    server = start_server(db, tmp_path / "serve.log", args=["--workers", "2"])
    port = int(server.url.rsplit(":", 1)[1])
    children = _children(server.proc.pid)
    assert children, "no worker processes found"
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.wait(30)
    deadline = time.monotonic() + 30
    try:
        while any(_alive(pid) for pid in children):
            assert time.monotonic() < deadline, "workers outlived their parent"
            time.sleep(0.1)
    finally:  # a failed run leaves no orphan serving beside the rest of the suite
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    with socket.socket() as s:  # the port is free again
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))


def _children(pid: int) -> list[int]:
    """Every descendant of ``pid`` (uvicorn's workers and their spawn helpers), from /proc."""
    found: list[int] = []
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(entry.name))
                frontier.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited (nobody reaped it yet)
