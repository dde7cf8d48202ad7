"""Several processes opening one fresh database at once all get a working engine.

Each one runs the schema's CREATE ... IF NOT EXISTS; on PostgreSQL the losers
of that race can see a catalog error ("tuple concurrently updated") instead
of "already exists", which must not reach the caller.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from ledgermind import MemoryEngine, Owner
from ledgermind.recovery import restore_agent

OPENER = """
import sys
from ledgermind import MemoryEngine, Owner
with MemoryEngine.open(sys.argv[1]) as eng:
    sid = eng.create_session(Owner("race", sys.argv[2]), agent_id="a")
    eng.add_message(Owner("race", sys.argv[2]), sid, role="user", content="opened")
"""

OPENERS = 6


@pytest.mark.parametrize("round_no", range(3))
def test_concurrent_first_opens_all_succeed(db_url: str, round_no: int) -> None:
    children = [
        subprocess.Popen([sys.executable, "-c", OPENER, db_url, f"user-{i}"], stderr=subprocess.PIPE, text=True)
        for i in range(OPENERS)
    ]
    failures = [(c.wait(timeout=120), c.stderr.read()) for c in children]  # type: ignore[union-attr]
    assert all(code == 0 for code, _ in failures), [err[-400:] for code, err in failures if code]
    with MemoryEngine.open(db_url) as eng:
        for i in range(OPENERS):
            assert restore_agent(eng, Owner("race", f"user-{i}"), "a").message_count == 1
