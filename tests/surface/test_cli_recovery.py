"""The command line a supervisor uses: ``ledgermind demo`` and ``ledgermind recover``.

Both run as real subprocesses (``python -m ledgermind.cli``), the way a user or a
supervisor runs them; their JSON output is parsed and checked against the
event store.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ledgermind import MemoryEngine, Owner
from ledgermind.cli.demo import AGENT as DEMO_AGENT
from ledgermind.cli.demo import CONTINUATION, SCRIPT
from ledgermind.cli.demo import OWNER as DEMO_OWNER

OWNER = Owner("cli-app", "user-7")


def _ledgermind(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ledgermind.cli", *args], capture_output=True, text=True, timeout=timeout
    )


def test_demo_json_reports_nothing_lost_and_recover_agrees(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    run = _ledgermind("demo", "--json", "--db", str(db))
    assert run.returncode == 0, run.stderr
    outcome = json.loads(run.stdout)
    assert outcome["ok"] is True
    assert outcome["killed_with_sigkill"] is True
    assert (outcome["lost"], outcome["duplicated"], outcome["altered"]) == (0, 0, 0)
    assert outcome["seqs_contiguous"] is True
    assert outcome["acknowledged"] == 12
    # The kill may land after a 13th write committed but before its ACK was read.
    assert outcome["restored"] in (12, 13)
    assert outcome["messages_after_continuing"] == outcome["restored"] + len(CONTINUATION)

    recovered = _ledgermind(
        "recover",
        "--db",
        str(db),
        "--app",
        DEMO_OWNER.app,
        "--user",
        DEMO_OWNER.user_id,
        "--agent",
        DEMO_AGENT,
        "--json",
    )
    assert recovered.returncode == 0, recovered.stderr
    restored = json.loads(recovered.stdout)
    n = outcome["restored"]
    assert restored["message_count"] == n + len(CONTINUATION)
    assert [m["seq"] for m in restored["messages"]] == list(range(1, n + len(CONTINUATION) + 1))
    assert [(m["role"], m["content"]) for m in restored["messages"]] == [*SCRIPT[:n], *CONTINUATION]
    assert [m["client_id"] for m in restored["messages"][:n]] == [f"turn-{i}" for i in range(1, n + 1)]
    assert restored["state"]["turn"] in (n - 1, n)  # the checkpoint after the last write, or the one before
    # The child opened a task at turn 11 and was killed before completing it.
    assert [t["input"] for t in restored["open_tasks"]] == ["verify production checkout on Safari"]
    assert restored["open_tasks"][0]["status"] == "open"


def test_demo_table_output_and_fresh_file_rule(tmp_path: Path) -> None:
    db = tmp_path / "demo.db"
    run = _ledgermind("demo", "--db", str(db))
    assert run.returncode == 0, run.stderr
    assert "killed with SIGKILL" in run.stdout
    assert "OK: every acknowledged message came back exactly once" in run.stdout
    assert SCRIPT[0][1][:40] in run.stdout  # the table shows the conversation
    again = _ledgermind("demo", "--db", str(db))  # the demo wants a fresh file
    assert again.returncode == 2
    assert "exists" in again.stderr


def _populate(db_url: str) -> str:
    with MemoryEngine.open(db_url) as eng:
        sid = eng.for_owner(OWNER).create_session(agent_id="helper")
        eng.for_owner(OWNER).add_message(sid, role="system", content="be brief")
        eng.for_owner(OWNER).add_message(
            sid,
            role="user",
            content="héllo, 世界",
            name="Ken",
            occurred_at=datetime(2023, 5, 8, 13, 56, tzinfo=UTC),
            metadata={"lang": "fr"},
        )
        eng.for_owner(OWNER).add_message(
            sid, role="assistant", content="", tool_calls=[{"id": "c1", "type": "function"}]
        )
        eng.for_owner(OWNER).add_message(sid, role="tool", content="42", tool_call_id="c1")
        eng.for_owner(OWNER).start_task(sid, input="look it up")
        eng.for_owner(OWNER).checkpoint_agent("helper", {"step": 4, "plan": ["a", "b"]})
    return sid


def _recover(db_url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return _ledgermind("recover", "--db", db_url, "--app", OWNER.app, "--user", OWNER.user_id, *extra)


def test_recover_json_matches_restore_agent(db_url: str) -> None:
    sid = _populate(db_url)
    with MemoryEngine.open(db_url) as eng:
        expected: dict[str, Any] = eng.for_owner(OWNER).restore_agent("helper").as_dict()
        expected_last = eng.for_owner(OWNER).restore_agent("helper", last_n=2).as_dict()
    full = _recover(db_url, "--agent", "helper", "--json")
    assert full.returncode == 0, full.stderr
    got = json.loads(full.stdout)
    assert got == expected
    assert got["session_id"] == sid and got["message_count"] == 4
    assert got["messages"][1]["content"] == "héllo, 世界"
    assert got["messages"][1]["occurred_at"] == "2023-05-08T13:56:00+00:00"
    assert got["messages"][1]["metadata"] == {"lang": "fr"}
    assert got["messages"][2]["tool_calls"] == [{"id": "c1", "type": "function"}]
    assert got["state"] == {"step": 4, "plan": ["a", "b"]}
    assert [t["input"] for t in got["open_tasks"]] == ["look it up"]
    last = _recover(db_url, "--agent", "helper", "--json", "--last", "2")
    assert json.loads(last.stdout) == expected_last
    assert [m["seq"] for m in expected_last["messages"]] == [3, 4]


def test_recover_table_and_errors(db_url: str) -> None:
    _populate(db_url)
    table = _recover(db_url, "--agent", "helper")
    assert table.returncode == 0, table.stderr
    assert "héllo, 世界" in table.stdout and "look it up" in table.stdout
    assert 'state: {"step": 4, "plan": ["a", "b"]}' in table.stdout  # JSON, as checkpointed
    missing = _recover(db_url, "--agent", "nobody", "--json")
    assert missing.returncode == 2
    assert missing.stdout == ""
    assert "AgentNotFound" in missing.stderr and "Traceback" not in missing.stderr
