"""``ledgermind supervise`` with real processes: the supervisor is the CLI in
its own process, the agent is a Python child (``tests/support/supervised_child.py``).

Timings are short and passed as options (heartbeat timeout 3 s, backoff
50 ms); the tests wait for processes and for rows to appear, never sleep and
then assert. The timeout is not shorter because a healthy child's last beat
comes before it closes its engine and its interpreter exits, which on a busy
two-core CI machine once took over a second and was killed as silent.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.cli import main
from ledgermind.domain.agent import Agent
from ledgermind.domain.session import Session
from ledgermind.domain.stream_ids import agent_stream_id
from ledgermind.supervision import CRASH_LOOP_EXIT

CHILD = Path(__file__).resolve().parents[1] / "support" / "supervised_child.py"
ROOT = Path(__file__).resolve().parents[2]
OWNER = Owner("supervise", "user-1")
TIMEOUT = 60.0  # the longest a whole supervised run may take


def _supervise(db: Path, agent: str, mode: str, *options: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGERMIND_")}
    return subprocess.Popen(
        [sys.executable, "-m", "ledgermind.cli", "supervise", "--db", str(db), "--app", OWNER.app,
         "--user", OWNER.user_id, "--agent", agent, "--backoff", "0.05:0.2", *options,
         "--", sys.executable, str(CHILD), mode],
        env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def _finish(proc: subprocess.Popen[str]) -> tuple[int, str]:
    try:
        _, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()  # its child keeps the pipes open: wait for the supervisor only
        proc.wait()
        pytest.fail(f"the supervisor did not finish within {TIMEOUT} s")
    return proc.returncode, err


def _agent_events(db: Path, agent: str) -> list[Any]:
    with MemoryEngine.open(str(db)) as eng:
        return [e for e in eng.writes.stream_events(agent_stream_id(OWNER, agent))]


def _messages(db: Path, agent: str) -> tuple[str, list[str]]:
    with MemoryEngine.open(str(db)) as eng:
        restored = eng.for_owner(OWNER).restore_agent(agent)
        return restored.session_id, [m.content for m in restored.messages]


def _of(events: list[Any], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_crash_restarts_with_the_same_history_and_a_new_incarnation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, agent = tmp_path / "sup.db", f"crashy-{uuid.uuid4().hex[:6]}"
    code, err = _finish(_supervise(db, agent, "crash-once"))
    assert code == 0, err
    events = _agent_events(db, agent)
    assert [e.epoch for e in _of(events, Agent.Incarnated)] == [1, 2]
    [crashed] = _of(events, Agent.Crashed)
    assert (crashed.incarnation, crashed.exit_code, crashed.signal) == (1, 7, None)
    assert crashed.last_heartbeat is None or crashed.last_heartbeat <= crashed.timestamp
    [stopped] = _of(events, Agent.Stopped)
    assert (stopped.incarnation, stopped.exit_code) == (2, 0)
    _, said = _messages(db, agent)
    assert said == ["incarnation 1 saw 0 messages", "incarnation 2 saw 1 messages"]
    assert "incarnation 1 crashed: exited with code 7" in err
    # The restart is in the audit trail, and the listing shows the incarnation.
    audit = _cli(capsys, "audit", "agent", "--db", str(db), "--app", OWNER.app, "--user", OWNER.user_id, agent)
    assert [(r["event"], r["incarnation"]) for r in audit if r["incarnation"] is not None] == [
        ("agent.incarnated", 1),
        ("agent.crashed", 1),
        ("agent.incarnated", 2),
        ("agent.stopped", 2),
    ]
    [listed] = _cli(capsys, "agents", "--db", str(db), "--app", OWNER.app, "--user", OWNER.user_id)
    assert (listed["agent_id"], listed["incarnation"], listed["status"]) == (agent, 2, "stopped")


def test_a_silent_child_is_killed_and_restarted(tmp_path: Path) -> None:
    db, agent = tmp_path / "sup.db", f"hangs-{uuid.uuid4().hex[:6]}"
    code, err = _finish(_supervise(db, agent, "hang-once", "--heartbeat-timeout", "3"))
    assert code == 0, err
    events = _agent_events(db, agent)
    [crashed] = _of(events, Agent.Crashed)
    assert crashed.incarnation == 1 and crashed.signal == signal.SIGKILL
    assert crashed.last_heartbeat is not None and "no heartbeat" in crashed.reason
    assert [e.epoch for e in _of(events, Agent.Incarnated)] == [1, 2]
    _, said = _messages(db, agent)
    assert said == ["incarnation 1 saw 0 messages", "incarnation 2 saw 1 messages"]


def test_a_crash_loop_gives_up_with_a_clear_message(tmp_path: Path) -> None:
    db, agent = tmp_path / "sup.db", f"loops-{uuid.uuid4().hex[:6]}"
    code, err = _finish(_supervise(db, agent, "crash", "--max-restarts", "1", "--window", "600"))
    assert code == CRASH_LOOP_EXIT, err
    assert f"giving up: agent {agent!r} crashed 2 times within 600 s" in err
    assert "last: exited with code 5" in err
    events = _agent_events(db, agent)
    assert [e.exit_code for e in _of(events, Agent.Crashed)] == [5, 5]
    assert len(_of(events, Agent.Incarnated)) == 2 and not _of(events, Agent.Stopped)


def test_sigterm_stops_the_child_gracefully(tmp_path: Path) -> None:
    db, agent = tmp_path / "sup.db", f"serves-{uuid.uuid4().hex[:6]}"
    proc = _supervise(db, agent, "serve", "--heartbeat-timeout", "30")
    deadline = time.monotonic() + TIMEOUT
    while True:  # wait for the child's first heartbeat: it is up and serving
        if db.exists():
            with MemoryEngine.open(str(db)) as eng:
                lease = eng.for_owner(OWNER).agent_lease(agent)
            if lease is not None and lease.last_heartbeat is not None:
                break
        assert proc.poll() is None and time.monotonic() < deadline, "the child never beat"
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    code, err = _finish(proc)
    assert code == 0, err
    events = _agent_events(db, agent)
    [stopped] = _of(events, Agent.Stopped)
    assert stopped.incarnation == 1 and stopped.exit_code == 0 and "SIGTERM" in stopped.reason
    assert not _of(events, Agent.Crashed)
    sid, said = _messages(db, agent)
    assert said == ["incarnation 1 saw 0 messages", "stopping cleanly"]
    with MemoryEngine.open(str(db)) as eng:
        lease = eng.for_owner(OWNER).agent_lease(agent)
        assert lease is not None and lease.status == "stopped"
        assert any(isinstance(e, Session.Fenced) for e in eng.writes.stream_events(uuid.UUID(hex=sid)))
