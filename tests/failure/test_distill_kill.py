"""SIGKILL the distiller worker mid-run, restart it: the same final beliefs
as an uninterrupted run (nothing lost, nothing twice)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.distill.explicit import belief_index
from tests.support.capabilities import capabilities
from tests.support.pg_databases import fresh_database

OWNERS = [Owner("kill", f"user-{k}") for k in range(4)]
SESSIONS_PER_OWNER = 10
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def _conversation(j: int) -> list[str]:
    sugar = "without" if j % 2 else "with"
    return [
        f"My production environment uses Go 1.{20 + j}.",
        f"I take my coffee {sugar} sugar.",
        f"I really like topic{j}.",
        "Yesterday I went to the park with Mel.",
        "My deploy fails with error: timeout.",
    ]


def _fill(url: str) -> int:
    with MemoryEngine.open(url) as eng:
        for j in range(SESSIONS_PER_OWNER):
            for owner in OWNERS:
                sid = eng.for_owner(owner).create_session(f"agent-{j}")
                when = T0 + timedelta(days=j)
                msgs = [{"role": "user", "content": c, "occurred_at": when} for c in _conversation(j)]
                msgs.append({"role": "assistant", "content": "You can try raising the timeout.", "occurred_at": when})
                eng.for_owner(owner).add_messages(sid, msgs)
    return len(OWNERS) * SESSIONS_PER_OWNER


def _beliefs(url: str) -> dict[str, list[tuple[str, str, str, str]]]:
    with MemoryEngine.open(url) as eng:
        index = belief_index(eng.writes)
        return {
            o.user_id: sorted((b.kind, b.statement, b.status, str(b.invalid_at)) for b in index.all(o)) for o in OWNERS
        }


def _advanced(eng: MemoryEngine) -> int:
    head = eng.log.recorder.max_notification_id() or 0
    return len(eng.log.recorder.select_notifications(1, limit=head + 1, topics=("distill.advanced",)))


@pytest.fixture
def reference_url(backend: str, request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:  # type: ignore[no-untyped-def]
    """A second, separate database on the same backend for the uninterrupted run."""
    if capabilities(backend).embedded_file:
        yield str(tmp_path / "reference.db")
        return
    with fresh_database(request.getfixturevalue("pg_server_dsn"), "ref_") as url:
        yield url


def test_sigkill_mid_run_then_restart_matches_an_uninterrupted_run(db_url: str, reference_url: str) -> None:
    total = _fill(reference_url)
    with MemoryEngine.open(reference_url) as eng:
        assert eng.distill().windows == total
    _fill(db_url)
    cmd = [sys.executable, "-m", "ledgermind.cli", "distill", "run", "--db", db_url, "--poll", "0.05"]
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    watcher = MemoryEngine.open(db_url)
    worker = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and worker.poll() is None and _advanced(watcher) < 2:
            time.sleep(0.002)
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)
        killed_at = _advanced(watcher)
    finally:
        if worker.poll() is None:
            worker.kill()
        watcher.close()
    assert 0 < killed_at < total, f"the kill landed after {killed_at} of {total} windows"
    restarted = subprocess.run(cmd[:-2] + ["--once"], env=env, capture_output=True, timeout=300)
    assert restarted.returncode == 0, restarted.stderr.decode()[-2000:]
    with MemoryEngine.open(db_url) as eng:
        assert _advanced(eng) == total  # every window exactly once
    assert _beliefs(db_url) == _beliefs(reference_url)
