"""A real ``ledgermind serve`` process for the service tests, and its databases.

The server is started as the CLI starts it (``python -m ledgermind.cli serve``)
on 127.0.0.1 with port 0: the command binds a free port and logs its URL, and the
helper reads the port from that line, so parallel runs never collide and no
port is guessed. Its log goes to a file (a pipe nobody drains would block it).
``module_db`` gives a module-scoped database per backend (the shared
fixtures are per test; one server per module is the time budget).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support.pg_databases import fresh_database

__all__ = ["Server", "make_key", "make_key_cli", "module_db", "start_server"]

_RUNNING = re.compile(r"listening on http://127\.0\.0\.1:(\d+)")


@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    url: str
    db: str
    log: Path

    def client(self, secret: str | None = None, **kwargs: object) -> httpx.Client:
        headers = {"Authorization": f"Bearer {secret}"} if secret else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60, **kwargs)  # type: ignore[arg-type]

    def terminate(self, timeout: float = 60) -> int:
        """SIGTERM, then the exit status (the graceful shutdown's)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)


def start_server(
    db: str, log: Path, env: Mapping[str, str] | None = None, timeout: float = 120, args: Sequence[str] = ()
) -> Server:
    """Starts the server (``args``: more ``serve`` options, e.g. ``--workers 2``)
    and returns once it answers /healthz."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}
    full_env.update(env or {})
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "ledgermind.cli", "serve", "--db", db, "--port", "0", "--log-level", "info", *args],
            stdout=out, stderr=subprocess.STDOUT, env=full_env,
        )  # fmt: skip
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _RUNNING.search(log.read_text(errors="replace"))
        if found:
            server = Server(proc, f"http://127.0.0.1:{found.group(1)}", db, log)
            if _healthy(server):  # with --workers the socket is bound before any worker serves
                return server
        if proc.poll() is not None:
            raise AssertionError(f"ledgermind serve exited with {proc.returncode}:\n{log.read_text()}")
        time.sleep(0.05)  # polling the log file for the line that names the port
    proc.kill()
    raise AssertionError(f"ledgermind serve did not start in {timeout}s:\n{log.read_text()}")


def _healthy(server: Server) -> bool:
    try:
        with server.client() as c:
            return c.get("/healthz").status_code == 200
    except httpx.TransportError:
        return False


def make_key(db: str, app: str) -> tuple[str, str]:
    """A key for ``app``, made in this process: (key_id, secret)."""
    from ledgermind import MemoryEngine

    with MemoryEngine.open(db) as eng:
        return eng.api_keys().create(app, "tests")


def make_key_cli(db: str, app: str) -> tuple[str, str]:
    """A key for ``app`` through the CLI, as an operator makes one: (key_id, secret)."""
    import json

    done = subprocess.run(
        [sys.executable, "-m", "ledgermind.cli", "keys", "create", "--db", db, "--app", app, "--label", "tests", "--json"],
        check=False, capture_output=True, text=True, timeout=120,
        env={k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    made = json.loads(done.stdout)
    return made["key_id"], made["secret"]


@contextmanager
def module_db(backend: str, tmp: Path, pg_dsn: str | None) -> Iterator[str]:
    """A fresh database for one test module: a SQLite file, or a PostgreSQL database."""
    if backend == "sqlite":
        yield str(tmp / "ledgermind.db")
        return
    assert pg_dsn is not None
    with fresh_database(pg_dsn) as url:
        yield url
