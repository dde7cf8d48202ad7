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

OPENER = """
import sys
from ledgermind import MemoryEngine, Owner
with MemoryEngine.open(sys.argv[1]) as eng:
    sid = eng.for_owner(Owner("race", sys.argv[2])).create_session(agent_id="a")
    eng.for_owner(Owner("race", sys.argv[2])).add_message(sid, role="user", content="opened")
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
            assert eng.for_owner(Owner("race", f"user-{i}")).restore_agent("a").message_count == 1
