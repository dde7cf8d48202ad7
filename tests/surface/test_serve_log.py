"""What ``ledgermind serve`` tells its operator: where it listens, on what, and each request.

Real processes: ``serve --port 0`` must name the port the kernel gave it,
the database without its password (the PostgreSQL URL carries one; the
test server trusts local logins, so it is accepted and must never show),
the number of workers, and one access line per request, as text or as one
JSON object per line (``--log-format json``) a log shipper reads.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx

PASSWORD = "hunter2-never-logged"


@contextmanager
def serve(db: str, log: Path, *args: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "ledgermind.cli", "serve", "--db", db, "--port", "0", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    try:
        deadline = time.monotonic() + 120
        while "listening on" not in log.read_text() and time.monotonic() < deadline:
            assert proc.poll() is None, log.read_text()
            time.sleep(0.05)
        yield log.read_text(), proc
    finally:
        proc.terminate()
        proc.wait(60)


def _wait_for(log: Path, text: str, times: int = 1) -> None:
    """Until the log holds ``text`` ``times`` times (an access line is written once the answer is sent)."""
    deadline = time.monotonic() + 30
    while log.read_text().count(text) < times and time.monotonic() < deadline:
        time.sleep(0.05)


def test_json_log_names_the_real_port_the_database_without_password_and_each_request(
    pg_url: str, tmp_path: Path
) -> None:
    parts = urlsplit(pg_url)
    with_password = urlunsplit(
        parts._replace(
            netloc=f"{parts.username or 'postgres'}:{PASSWORD}@{parts.hostname or ''}"
            + (f":{parts.port}" if parts.port else "")
        )
    )
    log = tmp_path / "serve.log"
    with serve(with_password, log, "--log-format", "json") as (_, _proc):
        first = json.loads(log.read_text().splitlines()[0])
        url = first["url"]
        assert first["logger"] == "ledgermind.serve" and first["workers"] == 1
        assert not url.endswith(":0") and int(url.rsplit(":", 1)[1]) > 0
        assert first["database"].startswith("postgresql://") and PASSWORD not in first["database"]
        assert httpx.get(f"{url}/healthz").status_code == 200
        assert httpx.get(f"{url}/v1/users/ana/beliefs?valid_at=2026-01-01").status_code == 401
        _wait_for(log, '"ledgermind.access"', times=2)
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    access = [line for line in lines if line["logger"] == "ledgermind.access"]
    assert [(a["method"], a["path"], a["status"]) for a in access] == [
        ("GET", "/healthz", 200),
        ("GET", "/v1/users/ana/beliefs", 401),
    ]
    assert access[1]["route"] == "/v1/users/{user}/beliefs" and access[1]["duration_ms"] >= 0
    assert all(set(line) >= {"time", "level", "logger", "message"} for line in lines)
    assert PASSWORD not in log.read_text()


def test_text_log_with_workers(tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with serve(str(tmp_path / "w.db"), log, "--workers", "2") as (text, _proc):
        line = next(x for x in text.splitlines() if "listening on" in x)
        url = line.split("listening on ", 1)[1].split(" ", 1)[0]
        assert f"database {tmp_path / 'w.db'}" in line and line.endswith("2 workers")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the workers start after the line is written
            try:
                if httpx.get(f"{url}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        _wait_for(log, '"GET /healthz" 200')
    assert '"GET /healthz" 200' in log.read_text()
