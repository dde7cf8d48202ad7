"""``ledgermind pg``: a local PostgreSQL that outlives the command and the shell that started it.

Real processes throughout: ``pg start`` runs as a shell would run a job (a
session and process group of its own); once it has returned, the test sends
that group the signals a closing terminal sends (SIGHUP, then SIGTERM,
which would stop a PostgreSQL still in the group), and only then uses the
printed URL, from other processes: the engine writes through it, ``pg
stop`` stops the server (``status`` and ``url`` then exit 3), ``pg start``
brings it back under the same URL, and what was written is still there.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from ledgermind import MemoryEngine, Owner

pytest.importorskip("pgserver", reason="pgserver is not installed (pip install -e '.[test]', Python <= 3.12)")

OWNER = Owner("pg-app", "ana")


def pg(*args: str, new_session: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}
    return subprocess.run([sys.executable, "-m", "ledgermind.cli", "pg", *args], capture_output=True, text=True,
                          timeout=300, env=env, start_new_session=new_session, check=False)  # fmt: skip


@pytest.fixture
def data_dir() -> Iterator[Path]:
    """A directory outside pytest's base temp (pytest keeps that one private
    to root, and under root pgserver runs the server as another user)."""
    parent = Path(tempfile.mkdtemp(prefix="ledgermind-pg-command-"))
    where = parent / "pg"
    try:
        yield where
    finally:
        pg("stop", "--dir", str(where))
        shutil.rmtree(parent, ignore_errors=True)


def test_the_server_outlives_the_command_and_its_shell_and_the_url_stays_valid(data_dir: Path) -> None:
    assert pg("status", "--dir", str(data_dir)).returncode == 3  # nothing yet
    job = subprocess.Popen(
        [sys.executable, "-m", "ledgermind.cli", "pg", "start", "--dir", str(data_dir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    out, err = job.communicate(timeout=300)
    assert job.returncode == 0, err
    url = out.strip()
    assert url.startswith("postgresql://postgres@/ledgermind?host=") and ":@" not in url, url
    for sig in (signal.SIGHUP, signal.SIGTERM):  # the terminal closes: its job's process group is signalled
        try:
            os.killpg(job.pid, sig)
        except ProcessLookupError:
            pass  # nothing left in the group: what this test wants

    again = pg("url", "--dir", str(data_dir))  # a new shell asks for the URL
    assert again.returncode == 0 and again.stdout.strip() == url, again
    status = pg("status", "--dir", str(data_dir))
    assert status.returncode == 0 and status.stdout.startswith("running") and url in status.stdout
    with MemoryEngine.open(url) as eng:
        memory_id = eng.for_owner(OWNER).remember("Ana runs PostgreSQL from pgserver", kind="fact")

    stopped = pg("stop", "--dir", str(data_dir))
    assert stopped.returncode == 0 and stopped.stdout.startswith("stopped"), stopped
    assert pg("status", "--dir", str(data_dir)).returncode == 3
    gone = pg("url", "--dir", str(data_dir))
    assert gone.returncode == 3 and "ledgermind pg start" in gone.stderr

    restarted = pg("start", "--dir", str(data_dir), new_session=True)
    assert restarted.returncode == 0 and restarted.stdout.strip() == url, restarted
    with MemoryEngine.open(url) as eng:
        kept = eng.for_owner(OWNER).load_memory(memory_id)
    assert kept is not None and kept.statement == "Ana runs PostgreSQL from pgserver"
