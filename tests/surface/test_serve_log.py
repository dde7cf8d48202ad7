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
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit, urlunsplit

import httpx

PASSWORD = "hunter2-never-logged"


class ServerOutput:
    """What the server writes, line by line as it writes it.

    A thread reads the pipe, so a wait blocks until the next line (or the
    end of the output when the server dies) instead of re-reading a file
    on a timer.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.lines: list[str] = []
        self.ended = False
        self._changed = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        for raw in stream:
            with self._changed:
                self.lines.append(raw.decode().rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self.ended = True
            self._changed.notify_all()

    @property
    def text(self) -> str:
        with self._changed:
            return "\n".join(self.lines)

    def wait_for(self, text: str, times: int = 1, timeout: float = 30) -> None:
        """Until the output holds ``text`` ``times`` times (an access line is written once the answer is sent)."""
        with self._changed:
            self._changed.wait_for(lambda: "\n".join(self.lines).count(text) >= times or self.ended, timeout)
        assert self.text.count(text) >= times, self.text


@contextmanager
def serve(db: str, *args: str) -> Iterator[ServerOutput]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "ledgermind.cli", "serve", "--db", db, "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    assert proc.stdout is not None
    try:
        output = ServerOutput(proc.stdout)
        output.wait_for("listening on", timeout=120)
        yield output
    finally:
        proc.terminate()
        proc.wait(60)


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
    with serve(with_password, "--log-format", "json") as output:
        first = json.loads(output.lines[0])
        url = first["url"]
        assert first["logger"] == "ledgermind.serve" and first["workers"] == 1
        assert not url.endswith(":0") and int(url.rsplit(":", 1)[1]) > 0
        assert first["database"].startswith("postgresql://") and PASSWORD not in first["database"]
        assert httpx.get(f"{url}/healthz").status_code == 200
        assert httpx.get(f"{url}/v1/users/ana/beliefs?valid_at=2026-01-01").status_code == 401
        output.wait_for('"ledgermind.access"', times=2)
    lines = [json.loads(line) for line in output.lines if line.startswith("{")]
    access = [line for line in lines if line["logger"] == "ledgermind.access"]
    assert [(a["method"], a["path"], a["status"]) for a in access] == [
        ("GET", "/healthz", 200),
        ("GET", "/v1/users/ana/beliefs", 401),
    ]
    assert access[1]["route"] == "/v1/users/{user}/beliefs" and isinstance(access[1]["duration_ms"], int | float)
    assert all(set(line) >= {"time", "level", "logger", "message"} for line in lines)
    assert PASSWORD not in output.text


def test_text_log_with_workers(tmp_path: Path) -> None:
    with serve(str(tmp_path / "w.db"), "--workers", "2") as output:
        line = next(x for x in output.lines if "listening on" in x)
        url = line.split("listening on ", 1)[1].split(" ", 1)[0]
        assert f"database {tmp_path / 'w.db'}" in line and line.endswith("2 workers")
        # The workers start after the line is written: the transport retries a
        # refused connection with its own backoff (0.5 s doubling, about a minute),
        # and a connection the listening socket's backlog accepted waits for a worker
        # to answer (5.3-6.3 s after the line at load 7, past httpx's default 5 s).
        with httpx.Client(transport=httpx.HTTPTransport(retries=7), timeout=60) as client:
            assert client.get(f"{url}/healthz").status_code == 200
        output.wait_for('"GET /healthz" 200')
