"""The test PostgreSQL server as files and processes (superuser tests only).

Why: erasure is promised down to the server's files, and bounded waits are
promised against a server that stops answering; both are checked on the
real server, by reading its data directory and by stopping its processes.
The server must be local (the pgserver one, or a ``LEDGERMIND_TEST_PG`` on
this machine); otherwise ``local_data_directory`` skips.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

__all__ = ["files_containing", "local_data_directory", "stopped_backends"]


def local_data_directory(conn: psycopg.Connection) -> Path:
    """The server's data directory, when this machine can read it."""
    path = Path(str(conn.execute("SHOW data_directory").fetchone()[0]))  # type: ignore[index]
    if not (path / "postmaster.pid").is_file():
        pytest.skip(f"the test server's data directory {path} is not on this machine")
    return path


def files_containing(root: Path, needle: bytes, *, skip: tuple[str, ...] = ()) -> list[str]:
    """Every regular file under ``root`` (but the ``skip`` subfolders) whose
    bytes contain ``needle``, relative to ``root``."""
    hits = []
    for folder, dirs, files in os.walk(root):
        rel = Path(folder).relative_to(root)
        dirs[:] = [d for d in dirs if str(rel / d) not in skip]
        for name in files:
            path = Path(folder) / name
            try:
                if path.is_file() and needle in path.read_bytes():
                    hits.append(str(rel / name))
            except (FileNotFoundError, PermissionError):
                continue  # a temp file removed while walking
    return hits


@contextmanager
def stopped_backends(admin: psycopg.Connection, dbname: str, *, resume_after_s: float = 60.0) -> Iterator[list[int]]:
    """SIGSTOPs every server process serving ``dbname`` (but ``admin``'s own):
    the server stalls for those clients as a frozen host would, without
    closing a socket. Always SIGCONTs them on the way out, and after
    ``resume_after_s`` at the latest (a timer), so a call that hangs instead
    of timing out makes its test fail rather than hang the suite."""
    pids = [
        int(r[0]) for r in admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (dbname,)
        )
    ]  # fmt: skip
    stopped: list[int] = []

    def resume() -> None:
        for pid in stopped:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass

    timer = threading.Timer(resume_after_s, resume)
    timer.daemon = True
    try:
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
            stopped.append(pid)
        timer.start()
        yield stopped
    finally:
        timer.cancel()
        resume()
